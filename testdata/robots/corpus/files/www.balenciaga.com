# Disallow tricombot.
User-agent: Tricombot
Disallow: /

User-agent: *
Disallow: /yTos/
Disallow: /teaser.asp*