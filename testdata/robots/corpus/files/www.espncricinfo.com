User-agent: *
Crawl-delay: 15
Disallow: /*wrappertype=print
Disallow: /*template=results
Disallow: /error
Disallow: /fragments/
Disallow: /country-fragment/ 
Disallow: /country-fragment2/
