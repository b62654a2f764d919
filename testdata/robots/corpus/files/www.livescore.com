User-agent: *
Disallow: /contact/
Disallow: /policy/
Disallow: /soccer/match/
Disallow: /hockey/match/
Disallow: /soccer/scotland/
Disallow: /soccer/my-matches/
sitemap: https://www.livescore.com/sitemap.xml