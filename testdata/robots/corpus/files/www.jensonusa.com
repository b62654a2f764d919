User-agent: *
Disallow: /EPiServer/CMS/
Disallow: /Util/
Disallow: /myaccount/
Disallow: /*noidx=1
Sitemap: https://www.jensonusa.com/cms-sitemap.xml
Sitemap: https://www.jensonusa.com/products-sitemap.xml
Sitemap: https://www.jensonusa.com/categories-sitemap.xml
