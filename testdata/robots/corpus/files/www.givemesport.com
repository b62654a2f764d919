user-agent: *
allow: /
Disallow: /guide/
Sitemap: https://www.givemesport.com/sitemaps/GMSSiteMap_All.xml
Sitemap: https://www.givemesport.com/sitemaps/GMSNewsSiteMap.xml
Sitemap: https://www.givemesport.com/sitemaps/GMSSiteMap_VideoMap.xml