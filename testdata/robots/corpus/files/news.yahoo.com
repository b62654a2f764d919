User-agent: *
Disallow:
Sitemap: https://news.yahoo.com/sitemaps/news-sitemap_index_US_en-US.xml.gz
Sitemap: https://news.yahoo.com/sitemaps/news-sitemap_googlenews_US_en-US.xml.gz