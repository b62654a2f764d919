User-agent: *
Disallow: /common/
Disallow: /hub/
Disallow: /outage/
Disallow: /survey/
Disallow: /surveys/
Disallow: /skin/inviteimages/
Disallow: /skin/common/
Disallow: /skin/common/gtm20/
Disallow: /skin/common/gtm20/images/
Disallow: /skin/common/gtm10/images/
Disallow: /refer.php

Sitemap: http://www.globaltestmarket.com/sitemap.xml
