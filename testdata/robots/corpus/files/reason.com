User-Agent: *
Disallow: /botsn
Disallow: /botsv
Disallow: /admin/
Disallow: /wp-admin/
Sitemap: https://reason.com/sitemap.xml