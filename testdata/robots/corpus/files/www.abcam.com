User-agent: *
Allow: /DatasheetProperties/GetMSDSLink
Disallow: /*.cfc$
Disallow: /Api/
Disallow: /Comment/
Disallow: /DatasheetProperties/
Disallow: /ProductWallProperties/
Disallow: /Products/Compare
Disallow: /Recommendations/
Disallow: /Vote/
Disallow: /account/
# Sitemap files
Sitemap: https://www.abcam.com/sitemap_com.xml
Sitemap: https://secure.vidyard.com/sitemaps/sitemap-lhTf-gW_4yIIHzO6ASL1Ng.xml
