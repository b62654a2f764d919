User-Agent: *
Disallow: /diaya/
Disallow: /glossary/
Disallow: /legal/
Disallow: */fragments/
Disallow: *jsession*
Disallow: /dms/
Disallow: /timeout.html
Disallow: /not-found.html
Disallow: /angies-list/login.jsp
Disallow: /angies-list/password-plus-login.jsp
Disallow: /whois-search/
Disallow: /support/home/SearchForm
Disallow: /cgi-bin/glossary/
Disallow: /cgi-bin/itts/
Disallow: /cgi-bin/makechanges/
Disallow: /cgi-bin/promo/
Disallow: /cgi-bin/purchase/
Allow: /

Sitemap:https://networksolutions.com/sitemap.xml
