User-agent: msnbot 
Crawl-delay: 1