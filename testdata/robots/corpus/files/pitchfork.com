User-agent: *
Allow: /
Disallow: /search/
Disallow: /search

Sitemap: https://pitchfork.com/sitemap.xml
Sitemap: https://pitchfork.com/feed/google-latest-news/sitemap-google-news
Sitemap: https://pitchfork.com/feed/sitemap