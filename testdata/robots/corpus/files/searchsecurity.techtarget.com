User-agent: *

Disallow:/login/
Disallow:/logout/
Disallow:/register/
Disallow:/regPage1/
Disallow:/loginMembersOnly/
Disallow:/tieredRegPage/
Disallow:/vgn-ext-templating/
Disallow:/page/etpk_0/ 
Disallow:/application/internalSearch/

User-Agent: MediaPartners-Google
Allow: /search/
Allow: /googleNews.xml

User-agent: Updownerbot
Disallow: /

User-agent: 008
Disallow: /

User-Agent: bingbot 
Disallow: /search/query

User-Agent: msnbot 
Disallow: /search/query

User-agent: bingbot
Crawl-delay: 3

User-agent: msnbot
Crawl-delay: 3
