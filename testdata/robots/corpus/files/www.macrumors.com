User-agent: *
Disallow: /t.php
Disallow: /c.php
Disallow: /link/
Disallow: /viewstory.php3
Disallow: /mobile/
Disallow: /mr-toggle*
Disallow: */undefined

