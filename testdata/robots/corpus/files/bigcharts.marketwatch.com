User-agent: *
Disallow: /RealMedia/