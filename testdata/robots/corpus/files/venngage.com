User-agent: *
Disallow: /wp-admin/
Disallow: /blog/wp-admin/
Disallow: /gallery/wp-admin/
Disallow: /xmlrpc.php
Disallow: /plugins/feedback.php
Disallow: /templates/search/