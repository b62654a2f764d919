User-agent: *
Disallow: /content/
Disallow: /p/*/serveFlavor/

User-agent: Googlebot
Disallow: /content/
