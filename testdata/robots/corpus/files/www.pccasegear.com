User-agent: *
Crawl-delay: 3
Disallow: /elgg/
Disallow: *vk_sort=*
Disallow: */sort/*

Sitemap: https://www.pccasegear.com/sitemap.xml
