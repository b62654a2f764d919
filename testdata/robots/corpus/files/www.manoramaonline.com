User-agent: *
Disallow: /.myModalPoll*
Disallow: /content/mm/ml/tool/
Disallow: /.currencyRating
Disallow: /.youAndYourVehiclePopup*
Disallow: /.natureAndYouPopup*
Disallow: /.momAndYouPopup*
Disallow: /.postYourCreativePopup*
Disallow: /.commonMsgPopup
Disallow: /.shareemailpopup
Disallow: /.greyedMsgPopup
Disallow: /cgi-bin/
Disallow: /advt/
Disallow: /rss/
Disallow: /mmfont/
Disallow: /.MM*
Disallow: /servlet/
Disallow: /ADVT/
Disallow: /Cgi-bin/
Disallow: /home.html/.myModalPoll*
Disallow: /analytics.html
Disallow: /analytics.html/*
Disallow: /ACP/
Disallow: /ACP/*
Disallow: /content/mm/tv
Disallow: /OnlinePortal/
Disallow: /content/mm/ml/mm-push-engage.html
Disallow: /mm-push-engage.html
Disallow: /*feed.feed.xml$
Disallow: /content/mm/ml/
#Sitemaps
Sitemap: https://www.manoramaonline.com/sitemap-home.xml

User-agent: Mediapartners-Google
Disallow:
