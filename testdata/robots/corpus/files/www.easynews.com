# go away
User-agent: *
Disallow: /announce.phtml
Disallow: /mirrors/
Disallow: /corruption/
Disallow: /slow/
Disallow: /feedback/
Disallow: /as/
Disallow: /vpn/
Disallow: /www2/

sitemap: http://www.easynews.com/sitemap.xml
