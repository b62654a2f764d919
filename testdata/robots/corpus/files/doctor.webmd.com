User-agent: *
Disallow:

Sitemap: https://doctor.webmd.com/sitemap-xmls/sitemap-index.xml
Sitemap: https://doctor.webmd.com/sitemap-xmls/insurance-sitemap-index.xml