Sitemap:https://www.honeywell.com/sitemap.xml
User-agent: *
