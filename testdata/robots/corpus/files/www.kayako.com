User-agent: *
Disallow: /dist/
Disallow: /images/
Disallow: /localization-beta/

Disallow: /customers/cae/*
Disallow: /customers/general-electric/*
Disallow: /customers/milnor/*
Disallow: /customers/sega/*
Disallow: /challenge/twitter-frontend*
Disallow: /challenge/twitter*

Sitemap: https://www.kayako.com/sitemap.xml
