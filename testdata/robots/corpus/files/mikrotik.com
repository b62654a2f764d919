User-agent: *
Disallow: /download/share/
Disallow: /pdf/
Disallow: /download/dude/
Disallow: /tracker
Disallow: /ss*
Disallow: /unsubscribe/
Sitemap: https://mikrotik.com/sitemap.xml
