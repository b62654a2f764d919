User-agent: *
Disallow: /docs

User-agent: Yahoo! Slurp
User-agent: Slurp

User-agent: *

Sitemap: https://www.dallasnews.com/sitemap-index.xml
