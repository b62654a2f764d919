User-agent: *
Disallow: /status
Disallow: /drive_api/*