User-agent: *
Disallow: /en/reserve.html
Disallow: /es/reserve.html
Disallow: /content/ecom/
Disallow: /corporate-accounts
Disallow: */beta
Sitemap: https://www.enterprise.com/en.sitemapindex.xml