Sitemap: https://www.manulife.com/sitemap.xml
Sitemap: https://www.manulife.com/fr.sitemap.xml