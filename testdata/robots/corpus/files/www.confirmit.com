User-agent: *
# CMS
Disallow: /admin/

SITEMAP: https://www.confirmit.com/sitemap.xml