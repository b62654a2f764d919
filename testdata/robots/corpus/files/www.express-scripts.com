# robots.txt for http://www.express-scripts.com/



User-agent: *
Disallow: 

Sitemap: https://www.express-scripts.com/sitemap.xml
Sitemap: https://www.express-scripts.com/sitemappdp.xml
