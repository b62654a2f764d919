Sitemap: http://www.mondaq.com/sitemapindex.xml

User-agent: SemrushBot
Disallow: /

User-agent: SemrushBot-SA
Disallow: /

User-agent: AhrefsBot
Disallow: /

User-agent: Baiduspider
Disallow: /

User-agent: JobdiggerSpider
Disallow: /

User-agent: ElectricMonk
Disallow: /

User-agent: BLEXBot
Disallow: /

User-Agent: trendictionbot 
Disallow: /

User-agent: EasouSpider
Disallow: /

User-agent: Butterfly 
Disallow: /

User-agent: QuerySeekerSpider 
Disallow: /

User-agent: discobot
Disallow: /

User-agent: NING/1.0 
Disallow: /

User-agent: ConveraCrawler/0.9e (+http://www.authoritativeweb.com/crawl)
Disallow: /

User-agent: Java/1.4.1_02
Disallow: /

User-agent: VSE/1.0 (info@synapse.co.in)
Disallow: /

User-agent: Java1.3.0
Disallow: /

User-Agent: OmniExplorer_Bot
Disallow: /

User-agent: NetMechanic V4.0
Disallow: /

User-agent: Mozilla/4 (compatible; Webinator-indexer.cyberalert.com/2.56)
Disallow: /

User-agent: Mozilla/4 (compatible; Webinator-indexer.cyberalert.com/2.7)
Disallow: /

User-agent: Mozilla/5.0 (compatible; archive.org_bot/heritrix-1.15.1-x +http://pandora.nla.gov.au/crawl.html), 
Disallow: /

User-agent: Mozilla/4.75 (compatible; PortalBSpider; spider@portalb.com)
Disallow: /

User-agent: BecomeBot
Disallow: /

User-agent: Mozilla/5.0 (compatible; BecomeBot/2.2.1; MSIE 6.0 compatible; +http://www.become.com/webmasters.html)
Disallow: /

User-agent: Mozilla/5.0 (compatible; BecomeBot/2.0.3; +http://www.become.com/webmasters.html)
Disallow: /

User-agent: Mozilla/5.0 (compatible; BecomeBot/2.0.1; +http://www.become.com/webmasters.html)
Disallow: /

User-agent: Mozilla/5.0 (compatible; BecomeBot/1.23; +http://www.become.com/webmasters.html)
Disallow: /

User-agent: Mozilla/5.0 (compatible; BecomeBot/1.70; MSIE 6.0 compatible; +http://www.become.com/webmasters.html)
Disallow: /

User-agent: Ocelli/1.3 (http://www.globalspec.com/Ocelli)
Disallow: /

User-agent: Ocelli/1.1 (http://www.globalspec.com)
Disallow: /

User-agent: Yandex/1.01.001 (compatible; Win16; I)
Disallow: /

User-agent: WebVac
Disallow: /

User-agent: MSIECrawler
Disallow: /

User-agent: Twiceler 
Disallow: /

User-agent: *
Disallow: /access/
Disallow: /admanger/
Disallow: /admin/
Disallow: /ads/
Disallow: /browse/
Disallow: /cgi-bin/
Disallow: /config/
Disallow: /customer/
Disallow: /distribution/
Disallow: /editorial/
Disallow: /kah/
Disallow: /mcn/
Disallow: /mr/
Disallow: /qa/
Disallow: /navigation/
Disallow: /order/
Disallow: /partners/
Disallow: /phone book service/
Disallow: /reports/
Disallow: /search/
Disallow: /sales/
Disallow: /salesmgmt/
Disallow: /secure/
Disallow: /session/
Disallow: /writers/
Disallow: /content/contact.asp
Disallow: /content/webinar.asp
Disallow: /redirection.asp
Disallow: /content/doevent.asp
Disallow: redirection.asp
Disallow: lexhandle.asp
