User-agent: *
Disallow: /wp-admin/
Disallow: /wp-includes/


Sitemap: https://www.digitalriver.com/sitemap.xml

