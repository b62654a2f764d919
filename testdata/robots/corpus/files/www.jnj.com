User-agent: *
Crawl-delay: 10
