# For domain: http://www.aaa.com
 
User-agent: *
Disallow: /travel2/tourbook/*
Disallow: /travel2/destination/*
Disallow: /travel2/sycs/*
Disallow: /scripts/WebObjects.dll/*
 
Sitemap: http://www.aaa.com/sitemapindex.xml