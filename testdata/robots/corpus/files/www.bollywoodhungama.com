User-agent: *
Disallow: /wp-admin/
Disallow: /?s
Sitemap: https://www.bollywoodhungama.com/sitemap_index.xml
