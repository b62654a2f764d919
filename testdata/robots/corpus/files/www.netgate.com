User-agent: *

Sitemap: https://www.netgate.com/sitemap.xml
