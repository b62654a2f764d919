User-agent: *
Disallow: */SearchResults/*
Disallow: *.facets*
Disallow: *.sort*
Crawl-delay: 20
