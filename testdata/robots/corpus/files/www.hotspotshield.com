User-agent: *

Sitemap: https://www.hotspotshield.com/sitemap.xml
Sitemap: https://www.hotspotshield.com/de/sitemap.xml
Sitemap: https://www.hotspotshield.com/fr/sitemap.xml
Sitemap: https://www.hotspotshield.com/ru/sitemap.xml
Sitemap: https://www.hotspotshield.com/ar/sitemap.xml
Sitemap: https://www.hotspotshield.com/fa/sitemap.xml
Sitemap: https://www.hotspotshield.com/tr/sitemap.xml
Sitemap: https://www.hotspotshield.com/vi/sitemap.xml
Sitemap: https://www.hotspotshield.com/zh/sitemap.xml
Sitemap: https://www.hotspotshield.com/ja/sitemap.xml
Sitemap: https://www.hotspotshield.com/ko/sitemap.xml
Sitemap: https://www.hotspotshield.com/pt/sitemap.xml
Sitemap: https://www.hotspotshield.com/es/sitemap.xml

User-agent: *
Disallow: /chrome/bai/
Disallow: /welcome-chrome/
Disallow: /thankyou/
Disallow: /de/thankyou/
Disallow: /lp/*