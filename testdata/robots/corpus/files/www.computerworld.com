User-agent: proximic
Disallow: 

User-agent: *










	
	
		Sitemap: https://www.computerworld.com/sitemap.xml
		
		Sitemap: https://www.computerworld.com/seo/sitemap/https/articles/index.xml
		
		
		Disallow: /news-keywords
		
Disallow: /search
Disallow: /keywords
Disallow: /tag/

	

