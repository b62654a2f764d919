User-agent: *
Disallow: /admin-panel/
Disallow: /farsi/
Disallow: /jobs?*
Crawl-delay: 5
Sitemap: https://www.irantalent.com/sitemap.xml
