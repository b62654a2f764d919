User-agent: *             # applies to all robots
Disallow:
Sitemap: https://www.bankofthewest.com/sitemap_index.xml
