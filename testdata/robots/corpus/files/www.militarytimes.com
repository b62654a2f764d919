User-agent: *
Allow: /*

Sitemap: https://www.militarytimes.com/sitemap.xml

Sitemap: https://www.militarytimes.com/sitemap-index.xml

Sitemap: https://www.militarytimes.com/sitemap_news.xml
