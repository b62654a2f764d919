User-agent: *
Disallow: /api/

User-agent: *
Disallow: /cp/

User-agent: Mediapartners-Google*
Disallow: 