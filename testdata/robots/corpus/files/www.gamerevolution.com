User-agent: *
Disallow: /wp-content/plugins/pb-ads/ad-page/
Disallow: /gnads/
Disallow: /search.php
Disallow: /*?hop

Sitemap: http://gamerevolution.springboardplatform.com/storage/gamerevolution.com/sitemaps/1.xml.gz
Sitemap: https://www.gamerevolution.com/sitemap.xml