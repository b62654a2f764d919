# Tempest - maxim

User-agent: *
Disallow: /search
Disallow: /.preview/
Disallow: /.context-results
Disallow: /.applenews/

Sitemap: https://www.maxim.com/sitemaps.xml
