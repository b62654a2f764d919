User-agent: *
Disallow: /daisy
Disallow: /mybestface
Disallow: /stalker
Disallow: /flagmod
Disallow: /logout
Disallow: /l/
