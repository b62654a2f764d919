User-agent: *
Sitemap: https://www.dreamhost.com/sitemap.xml


Disallow: /legal/former-affiliate-terms-and-conditions/
Disallow: /legal/terms-of-service/unstyled.html

