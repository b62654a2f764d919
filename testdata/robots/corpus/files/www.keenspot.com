User-agent: *
Disallow: /cgi-bin/
Disallow: /premium-services/