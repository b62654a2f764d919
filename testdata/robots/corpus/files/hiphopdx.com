User-agent: *
Disallow:

Sitemap: https://hiphopdx.com/sitemap.xml
Sitemap: https://hiphopdx.com/sitemap_news.xml
