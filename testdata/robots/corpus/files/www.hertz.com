User-Agent: * 

Disallow: /rentacar/car-hire/

Disallow: /rentacar/byr/

Disallow: /rentacar/handlers/

Disallow: /rentacar/null-

Disallow: /rentacar/manage-cookies

Disallow: /rentacar/hertzlink/

Host: https://www.hertz.com

Sitemap: https://www.hertz.com/hertz-sitemap.xml
Sitemap: https://www.hertz.com/hreflang-sitemapUS.XML