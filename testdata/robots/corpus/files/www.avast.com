User-agent: *
Disallow:
Disallow: /search-results*
Sitemap: https://www.avast.com/sitemap_index.xml