User-agent: *
Allow: /
Sitemap: https://www.dx.com/sitemap.xml
