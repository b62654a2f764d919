User-agent: *
Disallow: /forward
Disallow: /traffic
Disallow: /mm_track
Disallow: /dl_track
Disallow: /_uac/adpage.html
Disallow: /api/
Disallow: /amp-proxy/
Disallow: /auth
Disallow: /login
Disallow: /logout
Disallow: /config
Disallow: /_/authenticate/

Sitemap: https://www.aol.com/sitemap_index.xml
Sitemap: https://www.aol.com/o2-seo-sitemap/o2-index-video-sitemap.xml.gz

