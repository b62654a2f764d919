User-agent: *
Disallow: /ads/
Disallow: /accounts/login
Disallow: /accounts/register
Disallow: /accounts/profile
Disallow: /i/
Disallow: /m/

User-Agent: Googlebot
Disallow: /*?page*
Disallow: /*?next*
