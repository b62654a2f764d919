User-agent: *
Disallow: /postopinion.php3
Disallow: /postcomment.php3
Disallow: /postreviewcomment.php3
Disallow: /forum/
Disallow: /strongpanasonic/
Disallow: /copy/
Disallow: /forums/
Disallow: /new/
Disallow: /apple/
Disallow: /swf/
Disallow: /a/
Disallow: /report.php3
Disallow: /Fa/
Disallow: /index.php3

User-agent: Mediapartners-Google 
Disallow:

Sitemap: https://www.gsmarena.com/sitemap.xml