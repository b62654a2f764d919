User-agent: *
Disallow: /wp-admin/
Disallow: /wp-content/uploads/pdf/MEC_Enterprise_April_2019.pdf
Disallow: /code-of-business-conduct-and-ethics-for-partners-and-suppliers/
Disallow: /privacy-policy/japan/
Disallow: /saas-subscription-agreement/
Allow: /wp-admin/admin-ajax.php
