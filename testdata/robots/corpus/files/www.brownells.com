User-agent: *
Crawl-delay: 3
Disallow: /globaladmin/
Disallow: /globaladminv3/
Disallow: /aspx/admin/
Disallow: /aspx/account/
Disallow: /aspx/store/checkout.aspx
Disallow: /1/