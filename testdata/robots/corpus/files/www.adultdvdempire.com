User-agent: * 
Disallow: /account/
Disallow: /Account/
Disallow: /cart/
Disallow: /Cart/
Disallow: /AllSearch/Search
Disallow: /allsearch/search
Disallow: /DVD/Search
Disallow: /dvd/search
Disallow: /VOD/Search
Disallow: /vod/search
Disallow: /Blu-ray/Search
Disallow: /blu-ray/search
Disallow: /SexToy/Search
Disallow: /sextoy/search
Disallow: /Reviews/Search
Disallow: /reviews/search
Disallow: /performer/search
Disallow: /Used/Search
Disallow: /used/search
Disallow: /Rental/Search
Disallow: /rental/search


Sitemap: https://www.adultdvdempire.com/sitemaps/main-index/sitemap.xml