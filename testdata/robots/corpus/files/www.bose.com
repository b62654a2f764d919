User-agent: *
Disallow: /en_us/productpage-overlays/
Disallow: /en_us/my-cart/
Disallow: /en_us/checkout/
Disallow: /en_us/GD_ENTER_REGISTRATION_INFO_EVENT/
Disallow: /en_us/rdg/
Disallow: /en_us/gift_cards/
Disallow: /en_us/home-and-personal-audio/
Disallow: /en_us/content/consumer-electronics/
Disallow: /en_us/content/dam/
Disallow: /en_us/controller/
Disallow: /en_us/sst/
Disallow: /en_us/checkout-bose/
Disallow: /en_us/checkout-bose/checkout-confirmation/


Sitemap: https://www.bose.com/sitemap.xml