## ROBOTS.TXT - http://www.robotstxt.org/ ##

User-agent: *
Disallow: /auth/login/
Disallow: /get/
Disallow: /imagecache/

User-agent: msnbot
Crawl-delay: 20
Disallow: /doc/comment.php