User-agent: *
Disallow: /en/search/
Disallow: /north-africa/en/search/
Disallow: /subsahara/en/search/
Disallow: /asia/en/search/
Disallow: /latin-america/es/búsqueda/
Disallow: /international/en/search/

Sitemap: https://www.deere.com/en/index-sitemap.xml
