User-agent: *
Disallow: /wp-admin
Allow: /

