User-agent: *
Disallow: /user/
Disallow: /ontheweb/blogs/delineator
Disallow: /preview/
Sitemap: https://www.architecturaldigest.com/sitemap.xml
Sitemap: https://www.architecturaldigest.com/feed/google-latest-news/sitemap-google-news