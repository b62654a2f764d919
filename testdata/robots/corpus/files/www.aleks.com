User-agent: *
Disallow: /alekscgi/
Disallow: /webform/
Disallow: /donotscan/
