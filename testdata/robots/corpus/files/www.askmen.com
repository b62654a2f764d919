Sitemap: https://www.askmen.com/sitemaps/news.xml
Sitemap: https://www.askmen.com/sitemaps/sitemap.xml
User-agent: *
Disallow: /commerce/
Disallow: /answers/search/
Disallow: /topdeals/redirect