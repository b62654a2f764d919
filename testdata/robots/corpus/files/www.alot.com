User-agent: *
Disallow: /search
Disallow: /deal
Disallow: /URLRedirect
Disallow: /article/lander
Disallow: /tags
User-agent: Yahoo Ad Monitoring 
disallow: