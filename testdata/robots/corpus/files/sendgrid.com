User-Agent: *
Disallow: /news/articles/
Disallow: /uploads/
Disallow: /s/
Disallow: /wf/
Disallow: /user/signup/payment
Disallow: /turn_mapping.html?id=8154296716678928815

Sitemap: http://sendgrid.com/sitemap.xml.gz