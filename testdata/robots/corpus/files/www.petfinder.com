Sitemap: https://www.petfinder.com/sitemap_index.xml

User-agent: Slurp
Crawl-delay: 2

User-agent: Mediapartners-Google*
Disallow:
