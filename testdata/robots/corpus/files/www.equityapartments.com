User-agent: *
Disallow: /roommates/profile
Disallow: /roommates/matches