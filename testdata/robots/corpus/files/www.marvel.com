User-agent: *

Allow: /insider
Allow: /insider/faq
Disallow: /insider/
Disallow: /image/
Disallow: /comics/unlimited/home
Disallow: /my_account*
Disallow: */partials/comic* 

Sitemap: https://www.marvel.com/sitemap.xml
Sitemap: https://www.marvel.com/sitemap-video.xml
Sitemap: https://www.marvel.com/sitemap-comics-0.xml
Sitemap: https://www.marvel.com/sitemap-comics-1.xml
Sitemap: https://www.marvel.com/sitemap-news.xml