User-agent: *

Disallow: /admin
Disallow: /search/
Disallow: /inc/
Disallow: /css/
Disallow: /1007667/

Allow: /

Sitemap: http://newatlas.com/sitemap.xml
Sitemap: http://newatlas.com/sitemap-news.xml

