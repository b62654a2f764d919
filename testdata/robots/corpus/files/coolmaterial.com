User-agent: *

Disallow: /wp-admin/



User-agent: *

Crawl-delay: 10

Sitemap: 
http://coolmaterial.com/sitemap.xml