User-agent: *
Disallow: /search/
Disallow: /alternate-part-number/
Disallow: /advanced-search/
Disallow: /videosglobal/
Disallow: /multi-domains/
Disallow: /similar-products/
Sitemap: https://www.carid.com/sitemaps/sitemap.xml
