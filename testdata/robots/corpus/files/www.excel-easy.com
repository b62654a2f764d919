User-agent: ia_archiver
Disallow: /