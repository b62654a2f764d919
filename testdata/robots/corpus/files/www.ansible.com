User-agent: *
Disallow: /sample-*
Disallow: /blog/sample-*
Disallow:/resource-library*
Disallow: /_hcms/preview/
Disallow: /hs/manage-preferences/
