User-agent: *
Disallow: /forward
Disallow: /traffic
Disallow: /mm_track
Disallow: /tag/expire-images*
Disallow: /_uac/adpage.html