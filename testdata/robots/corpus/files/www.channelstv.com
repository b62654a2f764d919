User-agent: *
Crawl-delay: 30
Disallow: /wp-admin/
Disallow: /wp-includes/
Disallow: /channelsAPI/tvplayer/
