User-agent: *

User-agent: Googlebot
Disallow:

User-agent: Googlebot-Mobile
Disallow:

User-agent: Mediapartners-Google
Disallow:

User-agent: Adsbot-Google
Disallow:

User-agent: Googlebot-Image
Disallow:

User-agent: bingbot
Disallow:
