User-agent: *
Disallow: /forum/redirect-to/
Disallow: /forum/mobiquo/
Disallow: /forum/ajax.php
Disallow: /forum/cron.php
Disallow: /forum/global.php
Disallow: /forum/image.php
Disallow: /forum/external.php

Sitemap: https://www.elitepvpers.com/forum/sitemap_index.xml.gz

User-agent: Mediapartners-Google*
Disallow: