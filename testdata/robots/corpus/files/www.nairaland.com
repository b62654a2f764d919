User-agent: *
Disallow: /nigeria?
Disallow: /hopto
Disallow: /login
Disallow: /newpost