User-agent: *
Disallow: /forum/mchat
Disallow: /forum/mchat.php
Disallow: /forum/download/
Disallow: /chat/
Disallow: /forum/adm/
Disallow: /forum/advanced-search/
Disallow: /forum/tags.php
Disallow: /forum/frequently-asked-questions/
Disallow: /forum/gmat-and-mba-material-resources-132/
Disallow: /forum/wiki-127/
Disallow: /forum/private-129/
Disallow: /forum/includes/
Disallow: /forum/language/
Disallow: /forum/smartfeed/
Disallow: /forum/notes.php
Disallow: /admin/
Disallow: /design/
Disallow: /handlers/
Disallow: /products/
Disallow: /share/
Disallow: /content/
Disallow: /challenge/
Disallow: /mwiki/skins/
Disallow: /mwiki/index.php?title=
Disallow: /wiki/User:
Disallow: /wiki/Special:
Disallow: /wiki/Property:
Disallow: /tmp/
Disallow: /magpie/
Disallow: /cgi-bin/
Disallow: /members/
Disallow: /mediawiki/
Disallow: /phpbb/privmsg.php
Disallow: /forum/privmsg.php
Disallow: /forum/viewforum.php
Disallow: /forum/index.php
Disallow: /forum/posting.php
Disallow: /forum/search.php
Disallow: /forum/ucp.php
Disallow: /forum/mcp.php
Disallow: /forum/post
Disallow: /forum/memberlist.php
Disallow: /forum/faq.php 
Disallow: /forum/members/
Disallow: /forum/profile/schools
Disallow: /forum/promotion.php
Disallow: /wiki/
Disallow: /lists/lt.php
Disallow: /kudos-details/
Disallow: /kudos-details-given/
Disallow: /gmatapi/ratings/overall/getTop10ByTopicId
Disallow: /forum/timer.php
Disallow: /forum/timer_rc.php
Disallow: /forum/viewtopic.php
Disallow: /gmatapi/pdflist/
Disallow: /gmatapi/ratings/overall/getMyBestRanking

Disallow: /forum/search.php
Disallow: /forum/viewforumtags.php
Disallow: /openx/
Disallow: /18928724/


Disallow: /reviews/*stars=*
Disallow: /reviews/*order=*
Disallow: /reviews/*type=*
Disallow: /reviews/location/*
Disallow: /reviews/*city_id=*


User-agent: TurnitinBot
Disallow: /


User-agent: 008
Disallow: /

Sitemap: https://gmatclub.com/sitemaps/sitemap.xml
Sitemap: https://gmatclub.com/sitemaps/sitemap_weekly.xml
