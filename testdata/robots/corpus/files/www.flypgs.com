User-agent: * 
Allow: /
Disallow:/Search/Detail/
Disallow:*/Search/Detail/
Disallow:/arama/
Disallow:*/TravelPlanner/*
Disallow:*/LSrVcDPgS/*
Sitemap: https://www.flypgs.com/sitemap/flypgs-com_web_sitemap.xml
Sitemap: https://www.flypgs.com/sitemap/flypgs-com-da_web_sitemap.xml
Sitemap: https://www.flypgs.com/sitemap/flypgs-com-en_web_sitemap.xml
Sitemap: https://www.flypgs.com/sitemap/flypgs-com-de_web_sitemap.xml
Sitemap: https://www.flypgs.com/sitemap/flypgs-com-es_web_sitemap.xml
Sitemap: https://www.flypgs.com/sitemap/flypgs-com-fr_web_sitemap.xml
Sitemap: https://www.flypgs.com/sitemap/flypgs-com-nl_web_sitemap.xml
Sitemap: https://www.flypgs.com/sitemap/flypgs-com-it_web_sitemap.xml
Sitemap: https://www.flypgs.com/sitemap/flypgs-com-ru_web_sitemap.xml
Sitemap: https://www.flypgs.com/sitemap/flypgs-com-sv_web_sitemap.xml
