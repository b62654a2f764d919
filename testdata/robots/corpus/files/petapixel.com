User-agent: *
Disallow: /wp-admin
Disallow: /wp-login.php

Sitemap: https://petapixel.com/sitemap_index.xml