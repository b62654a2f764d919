User-agent: *
Disallow: /admin/
Disallow: /include/
Disallow: /tinymce/
Disallow: /javascript/
Disallow: /fonts/
Disallow: /images/
Disallow: /useruploads/
# sitemap: /sitemap.php

#User-agent: Mediapartners-Google
Allow: /
