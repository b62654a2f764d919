


# robots.txt for https://www.crosswalk.com
User-agent: *
Allow: /
Sitemap: https://www.crosswalk.com/sitemaps/sitemap-crosswalk-22.xml
Sitemap: https://www.crosswalk.com/sitemaps/sitemap-crosswalkvideo-25.xml
Sitemap: https://www.crosswalk.com/sitemaps/sitemap-crosswalknews-34.xml