User-agent: *
Sitemap: https://www.ableton.com/sitemap.xml

User-agent: *
Disallow: /en/help/contact-support/
Disallow: /de/help/contact-support/
Disallow: /ja/help/contact-support/

User-agent: jobs.de-Robot
Disallow: /

