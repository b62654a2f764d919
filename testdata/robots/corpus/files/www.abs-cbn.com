User-agent: *
User-agent: Mediapartners-Google*
Crawl-delay: 10
# Paths 
Disallow: /admin/

User-agent: grapeshot
Disallow:

User-agent: bingbot
Disallow: