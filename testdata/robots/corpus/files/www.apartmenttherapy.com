Sitemap: https://www.apartmenttherapy.com/sitemap.xml

User-Agent: *

Disallow: /search?
Disallow: /archive/2009
Disallow: /archive/2008
Disallow: /archive/2007
Disallow: /archive/2006
Disallow: /archive/2005
Disallow: /archive/2004
