User-agent: *
Disallow: /cart
Disallow: /checkout
Disallow: /shipping
Disallow: /shipping-edit
Disallow: /payment
Disallow: /payment-edit
Disallow: /review
Disallow: /create-order
Noindex: /*/thank-you
Disallow: /*/thank-you
Noindex: /*/search
Disallow: /*/search
Noindex: /*/node
Disallow: /*/node
Noindex: /*/node/
Disallow: /*/node/

Sitemap: https://www.motorola.com/sitemap.xml

