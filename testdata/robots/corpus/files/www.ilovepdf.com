User-agent: *
Disallow: /upload/