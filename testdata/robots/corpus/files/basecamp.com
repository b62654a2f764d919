User-agent: *
Allow: /
Disallow: /demos/
Sitemap: https://basecamp.com/sitemap.xml
