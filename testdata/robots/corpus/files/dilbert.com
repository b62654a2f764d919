User-agent: *
Disallow: 
