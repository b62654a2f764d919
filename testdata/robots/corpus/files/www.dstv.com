User-agent: *
Allow: /
Disallow: /*/search?*$
Disallow: /*/search$
Disallow: /*/search/$
Sitemap: https://www.dstv.com/sitemap.xml