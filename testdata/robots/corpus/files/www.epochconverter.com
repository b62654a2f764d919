# Robots.txt for EpochConverter.com

User-agent: Mediapartners-Google
Disallow:

User-agent: *
Disallow: /site/contact
Disallow: /site/disclaimer
Disallow: /site/privacy-policy
