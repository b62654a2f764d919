Sitemap: https://6abc.com/sitemap.xml
Sitemap: https://6abc.com/sitemap/news.xml
Sitemap: https://6abc.com/sitemap/web.xml
Sitemap: https://6abc.com/sitemap/video.xml

User-agent: *
Disallow: /common/
Disallow: /external/
Disallow: /extras/reporttypo/
Disallow: /thirdparty/
Disallow: /users/
