User-agent: *
Disallow: /tmi/
Disallow: /cart/
Disallow: /coupons/
Disallow: /specials/print-coupon/
Disallow: /print-menu/
Disallow: /customer-service/join/
Disallow: /customer-service/pdc/


Disallow: /pdc-success/
Disallow: /es/customer-service/join/
Disallow: /customer-service/pre-order/
Disallow: /respond/

Sitemap: https://www.olivegarden.com/sitemap.xml