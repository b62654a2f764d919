# robots.txt https://www.landrover.com/

Sitemap: https://www.landrover.com/sitemap.xml

