User-agent: Googlebot
User-agent: google
User-agent: bingbot
User-agent: bing
User-agent: yahoobot
User-agent: yahoo
User-agent: Yahoo!
User-agent: msnbot
User-agent: gsa-crawler-www
User-agent: NHN
Allow: /


User-agent: *
Disallow: /