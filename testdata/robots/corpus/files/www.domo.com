User-agent: *
Disallow: /blog/landing_page/
Disallow: /blog/news/
Disallow: /blog/connector/
Disallow: /blog/quote/
Disallow: /blog/customer/
Disallow: /blog/resource/
Disallow: /blog/news/
Disallow: /blog/events/
Disallow: /videos/watch/
Disallow: /nda/id/
Disallow: /connectors/fnc
Disallow: /connectors/rulia
Disallow: /connectors/zillow
Disallow: /connectors/adp
Disallow: /connectors/capintouch
Disallow: /connectors/anaplan
Disallow: /connectors/peoplesoft
Disallow: /connectors/intuit
Disallow: /connectors/counterpoint
Disallow: /connectors/freeweigh-net
Disallow: /connectors/microsoft-exchange
Disallow: /connectors/360i
Disallow: /connectors/microsoft-dynamic
Disallow: /connectors/marin-software
Disallow: /connectors/sps-commerce
Disallow: /connectors/microsoft-crm
Disallow: /connectors/kenshoo
Disallow: /connectors/courier-post
Disallow: /connectors/pivotal-tracker
Disallow: /connectors/doubleclick
Disallow: /connectors/agresso/
Disallow: /connectors/airportal/ ‎
Disallow: /news/media/
Disallow: /images/icon/domo-icon/domo-icon-delete-exit-remove-close-white.svg
Disallow: /images/icon/domo-icon/domo-icon-delete-exit-remove-close-dark.svg

Sitemap:http://www.domo.com/sitemap.xml
