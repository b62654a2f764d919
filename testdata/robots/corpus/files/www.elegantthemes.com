User-agent: *
Disallow: /hostgator
Disallow: /cgi-bin/
Disallow: /members-area/download.php
Disallow: /affiliates/idevads.php
Disallow: /forum/ucp.php