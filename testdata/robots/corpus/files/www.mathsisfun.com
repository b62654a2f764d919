User-agent: Mediapartners-Google*
Disallow:

User-agent: *
Disallow: /worksheets/printget.php
Disallow: /worksheets/create-row.php
Disallow: /worksheets/create-settings.php
Disallow: /worksheets/generic-register.php
Disallow: /worksheets/generic-login.php
Disallow: /includes/
Disallow: /handle-404-sorry.php     

User-agent: Slurp
Crawl-delay: 10