User-agent: *
Sitemap: https://www.chinahighlights.com/sitemap.xml
Disallow: /admin_we_are_best/
Disallow: /MailList/
Disallow: /pp/
Disallow: /forms/
Disallow: /thankyou/
Disallow: /custormerservice/
Disallow: /include/
Disallow: /api/
Disallow: /photo/
Disallow: /canvas/
Disallow: /attraction/index.htm?*
Disallow: /china-flight-schedules/
Disallow: /customer-center/
Disallow: /download/
Disallow: /embassy/
Disallow: /community/
Disallow: /faq/detail.asp?*
Disallow: /faq/qa-list.asp?*
Disallow: /news/archive/
Disallow: /news/getComment.asp?*
Disallow: /news/tags/
Disallow: /tour/china-customer-tour/
Disallow: /tour/customertours/
Disallow: /addons/
Disallow: /search.asp?*
Disallow: /newsletter/
Disallow: /redirect.asp?*
Disallow: /china-trains/search-result.asp?*
Disallow: /faq/city/*/index-*.htm$
Disallow: /hotel/hotellist.asp?*
Disallow: /hotel/*
Disallow: /public/
Disallow: /yangtzecruise/cruisedate.asp?*
Disallow: /secureforms/inquiry?

User-agent: Teleport
Disallow: /

User-agent: SogouWebSpider
Disallow: /

User-agent: baiduspider
Disallow: /

User-agent: facebookexternalhit
Disallow: /

User-agent: TeleportPro
Disallow: /

User-agent: EmailCollector
Disallow: /

User-agent: EmailSiphon
Disallow: /

User-agent: WebBandit
Disallow: /

User-agent: WebZIP
Disallow: /

User-agent: WebReaper
Disallow: /

User-agent: WebStripper
Disallow: /

User-agent: Web Downloader
Disallow: /

User-agent: WebCopier
Disallow: /

User-agent: Offline Explorer Pro
Disallow: /

User-agent: HTTrack Website Copier
Disallow: /

User-agent: Offline Commander
Disallow: /

User-agent: Leech
Disallow: /

User-agent: WebSnake
Disallow: /

User-agent: BlackWidow
Disallow: /

User-agent: HTTP Weazel
Disallow: /

User-agent: SiteSucker
Disallow: /