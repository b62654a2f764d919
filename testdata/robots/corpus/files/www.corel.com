Sitemap: http://www.corel.com/href.lang.sitemap.xml

User-agent: *
Allow: /

