user-agent: *
allow: /