# robots.txt for http://www.ally.com

User-agent: *
Disallow:

Sitemap: https://www.ally.com/resources/apps/global/sitemap.xml
Sitemap: https://www.ally.com/do-it-right/sitemap.xml