User-agent: *
