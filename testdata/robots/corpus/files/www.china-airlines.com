User-agent: *

Disallow:

SiteMap: https://www.china-airlines.com/us/en/sitemap.xml

