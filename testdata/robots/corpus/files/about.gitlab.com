User-agent: *
Disallow: /resources/downloads/
Disallow: /analysts/includes/
Sitemap: https://about.gitlab.com/sitemap.xml
