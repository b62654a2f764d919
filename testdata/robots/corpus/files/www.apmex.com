User-agent: *
Disallow: /bin/
Disallow: /site/
Disallow: /catalog/productquickview
Disallow: /catalog/recommendedproducts
Disallow: /cart/
Allow: /site/sitemap

Sitemap: https://www.apmex.com/site/sitemap
Sitemap: https://www.apmex.com/site/sitemap/images