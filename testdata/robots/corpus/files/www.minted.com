User-agent: *
Disallow: /