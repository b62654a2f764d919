User-agent: *
Disallow: /feed/
Disallow: /feed/podcasts-*
Disallow: /feed/show-*
Allow: /feed/podcasts
Allow: /feed/show
