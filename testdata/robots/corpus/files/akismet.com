User-agent: *
Disallow: /login/
Disallow: /signup/


Sitemap: http://akismet.com/sitemap.xml
