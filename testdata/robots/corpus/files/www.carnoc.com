User-agent: *
Disallow: 