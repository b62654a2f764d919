User-agent: *
Disallow: /nolink.htm
Disallow: /nolink_trap.htm
Disallow: /PUBLIC/
Disallow: /espace-membres/
Disallow: /espace-membres-uk/
Disallow: /share.php