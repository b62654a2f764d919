User-agent: *
Allow: /
Disallow: /dashboard/
