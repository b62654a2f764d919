User-agent: *
Disallow: 

User-agent: Twitterbot
Disallow:

User-agent: Facebot
Disallow:

User-agent: SEMRushBot
Disallow:

Sitemap: https://www.gocomics.com/sitemap.xml
