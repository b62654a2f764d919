User-agent: *
Disallow: /forum/

Sitemap: http://www.guru3d.com/sitemap/index.xml
Sitemap: http://www.guru3d.com/sitemap/sitemap.xml

