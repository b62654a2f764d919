# Hints at https://support.google.com/webmasters/answer/156449
# Individual pages should be excluded using meta tag per http://www.mcanerin.com/EN/search-engine/robots-meta-tag.asp
User-agent: *
Disallow: 
Disallow: /usguest

User-agent: Googlebot-Image
Disallow: / 