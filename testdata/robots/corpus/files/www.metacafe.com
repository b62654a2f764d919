User-agent: *
Disallow:
