    User-Agent: *
    Sitemap: https://www.active.com/assets/sitemaps/active/sitemap.xml.gz

    Disallow: /page/
    Disallow: /Page/
    Disallow: /NonACM/
    Disallow: /nonacm/
    Disallow: /search/
    Disallow: /register/
    Disallow: /cm/
    Disallow: /explorer/
    Disallow: /admin/
    Disallow: /archive/
    Disallow: /lib/
    Disallow: /bids/
    Disallow: /export/
    Disallow: /help/
    Disallow: /irismail/
