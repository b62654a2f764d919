User-agent: *
Disallow: /6943/
Disallow: /servlet/
Disallow: /NASApp/
Disallow: /Editions/
Disallow: /Business/Investing/
Disallow: /EditionFrancaise/Home.aspxservlet/
Disallow: /com/Archive/
Disallow: /Authors/
Disallow: /com/

Sitemap: https://www.jpost.com/GoogleNewsSiteMap/GNSiteMap
Sitemap: https://www.jpost.com/jpgooglesitemap/sitemapindex.xml