Sitemap: http://losangeles.cbslocal.com/sitemap.xml
Sitemap: http://losangeles.cbslocal.com/news-sitemap.xml

User-agent: *
Disallow: /wp-admin/
Allow: /wp-admin/admin-ajax.php
