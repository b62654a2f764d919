User-agent: *
Allow: /
Disallow: /api/
Disallow: /embassy/
Disallow: /blog/*?
Disallow: /blog/wp-admin/
