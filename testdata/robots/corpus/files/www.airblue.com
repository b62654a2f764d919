# robots.txt for http://www.biman-airlines.com

User-agent: *
Disallow: /hr/
Disallow: /include/
Disallow: /images/
Disallow: /include/
Disallow: /login/
Disallow: /scripts/
Disallow: /stylesheets/
Disallow: /tracking/
Disallow: /res/
Disallow: /bookings/


