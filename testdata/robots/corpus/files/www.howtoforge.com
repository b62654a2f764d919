User-agent: *
Disallow: /community/find-new/
Disallow: /community/account/
Disallow: /community/attachments/
Disallow: /community/goto/
# Disallow: /community/posts/
Disallow: /community/login/
Disallow: /community/admin.php
Disallow: /community/iconimages/
Disallow: /community/calendar.php
Disallow: /community/search/
Allow: /

Sitemap: https://www.howtoforge.com/sitemap.xml.gz
