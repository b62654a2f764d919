User-agent: *
Disallow: /r/

User-agent: *
Allow: /
