User-agent: *
Sitemap: http://www.mapquest.com/sitemap.xml
Disallow: /timeout
Disallow: /my-maps/*
Disallow: /*MQAB=*
Disallow: /*o3ijf=*
