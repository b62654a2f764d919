User-agent: *
Disallow: /publicData/
Disallow: /dynamic/
Disallow: /beta/
Disallow: /internal/
Disallow: /help/*