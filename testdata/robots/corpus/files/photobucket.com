User-agent: *
Allow: /

User-agent: rogerbot
Allow: /
Crawl-delay: 7
