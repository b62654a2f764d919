User-agent: *
Disallow: /search.html
Disallow: /register/reseller_27.html
