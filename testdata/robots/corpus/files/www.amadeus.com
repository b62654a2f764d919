User-agent: *



Disallow: http://www.amadeus.com/web/amadeus/en_1A-corporate/Amadeus-Home/About-us/Careers/1319560218002-Page-AMAD_CareersPpal

Disallow: http://www.amadeus.com/web/amadeus/en_1A-corporate/Amadeus-Home/About-us/Investor-relations/1319560218147-Page-AMAD_InvestorRelationsPpal

Disallow: http://www.amadeus.com/web/amadeus/en_1A-corporate/amadeus/1319560218504-Page-AMAD_SiteMapPpal



Disallow: /DataProtection_C$

Disallow: /ss/

Disallow: /*PopUp_Ppal*
Disallow: /en_1A-investors/
Disallow: /es_1A-inversores/




Disallow: /web/amadeus/de_CH-CH/

Disallow: /web/amadeus/fr_CH-CH/

Disallow: /web/amadeus/en_BG-BG/

Disallow: /web/amadeus/en_CN-CN/

Disallow: /web/amadeus/en_CZ-CZ/

Disallow: /web/amadeus/sk_CZ-CZ/

Disallow: /web/amadeus/en_BA-BA/

Disallow: /web/amadeus/en_EE-EE/

Disallow: /web/amadeus/gr_GR-GR/

Disallow: /web/amadeus/hr_HR-HR/

Disallow: /web/amadeus/en_IL-IL/

Disallow: /web/amadeus/en_IR-IR/

Disallow: /web/amadeus/en_RO-RO/

Disallow: /web/amadeus/en_RS-RS/

Disallow: /web/amadeus/en_SK-SK/

Disallow: /web/amadeus/th_TH-TH/

Disallow: /web/amadeus/en_TW-TW/

Disallow: /web/amadeus/en_VN-VN/

Disallow: /web/amadeus/en_YE-YE/

Disallow: /web/amadeus/en_JP-JP/

Disallow: /web/amadeus/en_LV-LV/

Disallow: /web/amadeus/en_PL-PL/

Disallow: /web/amadeus/kz_KZ-KZ/

Disallow: /web/amadeus/en_KZ-KZ/

Disallow: /web/amadeus/en_RU-RU/

Disallow: /web/amadeus/ua_UA-UA/

Disallow: /web/amadeus/en_UA-UA/ 

Disallow: /web/amadeus/en_TR-TR/



Disallow: /newsletters/you_and_amadeus/

Disallow: /newsletters/hotels_archive/





#Tracking codes



Disallow: /*PRESS=*

Disallow: /*BLOG=*

Disallow: /*OTHER=*

Disallow: /*PRO=*

Disallow: /*SEM=*

Disallow: /*NW=*

Disallow: /*OPRO=*

Disallow: /*OMAIL=*

Disallow: /*AMAIL=*

Disallow: /*DMAIL=*

Disallow: /*COM=*

Disallow: /*RSS=*

Disallow: /*FOR=*

Disallow: /*LPAG=*

Disallow: /*REF=*

Disallow: /*SP=*

Disallow: /*EX=*

Disallow: /*ADS=*

Disallow: /*OADS=*

Disallow: /*SMADS=*

Disallow: /*PRESSC=*

Disallow: /*TMOG=*





Sitemap: http://www.amadeus.com/sitemap.xml