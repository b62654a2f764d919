User-agent: Yandex 
Disallow: /

User-agent: *
Disallow: /crop.php
Disallow: /by_color.php