
User-agent: *

Disallow: /en/club/fans/games
Disallow: /en/club/fans/exclusive-content
Disallow: /en/club/fans/discounts

# Sitemaps
Sitemap: https://www.fcbarcelona.com/en/sitemap/articles/detailed.xml
Sitemap: https://www.fcbarcelona.com/en/sitemap/index.xml
