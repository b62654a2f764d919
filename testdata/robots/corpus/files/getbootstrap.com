# www.robotstxt.org/

# Allow crawling of all content
User-agent: *
Disallow:
Sitemap: https://getbootstrap.com/sitemap.xml
