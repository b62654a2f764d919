User-agent: *
Sitemap: https://www.blastingnews.com/sitemap.xml