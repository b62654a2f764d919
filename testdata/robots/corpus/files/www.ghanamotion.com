User-agent: Mediapartners-Google
Disallow:

User-Agent: *
Disallow: /wp-content/plugins/
Sitemap: https://www.ghanamotion.com/sitemap_index.xml