User-agent: *
Disallow: /sitecore/
Disallow: /sitecore modules/
Disallow: /sitecore_files/
Disallow: /layouts/
Disallow: /app_config/
Disallow: /data/
Sitemap: https://www.micron.com/sitemap.xml