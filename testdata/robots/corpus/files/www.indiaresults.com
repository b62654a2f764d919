User-agent: Mediapartners-Google 
Disallow:

User-agent: *
Disallow: /ap/pages/
Disallow: /ar/pages/
Disallow: /as/pages/
Disallow: /br/pages/
Disallow: /cg/pages/
Disallow: /dl/pages/
Disallow: /ga/pages/
Disallow: /gj/pages/
Disallow: /hp/pages/
Disallow: /hr/pages/
Disallow: /jh/pages/
Disallow: /jk/pages/
Disallow: /ka/pages/
Disallow: /kl/pages/
Disallow: /mh/pages/
Disallow: /ml/pages/
Disallow: /mn/pages/
Disallow: /nl/pages/
Disallow: /or/pages/
Disallow: /pb/pages/
Disallow: /rj/pages/
Disallow: /sk/pages/
Disallow: /tn/pages/
Disallow: /tr/pages/
Disallow: /up/pages/
Disallow: /ut/pages/
Disallow: /wb/pages/
Disallow: /advertisements/

User-agent: ia_archiver
Disallow: /ap/pages/
Disallow: /ar/pages/
Disallow: /as/pages/
Disallow: /br/pages/
Disallow: /cg/pages/
Disallow: /dl/pages/
Disallow: /ga/pages/
Disallow: /gj/pages/
Disallow: /hp/pages/
Disallow: /hr/pages/
Disallow: /jh/pages/
Disallow: /jk/pages/
Disallow: /ka/pages/
Disallow: /kl/pages/
Disallow: /mh/pages/
Disallow: /ml/pages/
Disallow: /mn/pages/
Disallow: /nl/pages/
Disallow: /or/pages/
Disallow: /pb/pages/
Disallow: /rj/pages/
Disallow: /sk/pages/
Disallow: /tn/pages/
Disallow: /tr/pages/
Disallow: /up/pages/
Disallow: /ut/pages/
Disallow: /wb/pages/
Disallow: /advertisements/

sitemap:  http://www.indiaresults.com/sitemap.xml



