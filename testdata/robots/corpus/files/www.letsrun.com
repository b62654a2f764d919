User-agent: *
Disallow: /wp-admin/
Disallow: /phptestnot/
Disallow: /static/