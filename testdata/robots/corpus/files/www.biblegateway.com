User-agent: *
Disallow: /cgi-bin/guestbook
Disallow: /feedback
Disallow: /user
Disallow: /6177/
Disallow: /12741980/
Sitemap: https://www.biblegateway.com/site-map/map-index.xml
