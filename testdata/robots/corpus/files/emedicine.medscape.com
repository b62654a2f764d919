User-agent: *

Disallow: /article/*_print
Disallow: /druginfo*
Disallow: /*dr-ln*