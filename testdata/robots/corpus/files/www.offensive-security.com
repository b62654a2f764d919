User-agent: *
Disallow: /wp-admin/
Disallow: /os101/
Disallow: /0day/
Disallow: /pwbonline/
Disallow: /?s=
Disallow: /?s=*


Sitemap: https://www.offensive-security.com/sitemap.xml
