User-agent: *
Allow: /