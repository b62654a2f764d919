User-Agent: *
Disallow: /blank_template
Disallow: /images/uploads
Disallow: /templates/pdf
Disallow: /templates/rtf
Disallow: /calendars/school_template
Disallow: /calendars/templates
Disallow: https://www.calendarlabs.com/bm.php
Allow: /
Sitemap: https://www.calendarlabs.com/sitemap.xml

