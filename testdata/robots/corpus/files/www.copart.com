User-agent: *
Disallow:
Sitemap:https://www.copart.com/sitemap-index.xml