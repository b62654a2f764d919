User-agent: *
Disallow: /map.html
Disallow: /minimap.html
Disallow: /checkout
Disallow: /dl
Disallow: /amazon
Allow: /

