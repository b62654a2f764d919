User-Agent: *
Disallow: /web/ 
Disallow: /*/faqs.htm