User-agent: *
Disallow: /c/
Disallow: /qa/

Sitemap: https://ao.com/sitemaps/CategorySitemap.xml
Sitemap: https://ao.com/sitemaps/product/toc.xml
Sitemap: https://ao.com/sitemaps/lister/toc.xml