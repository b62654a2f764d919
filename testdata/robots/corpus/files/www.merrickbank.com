# robots.txt for http://www.merrickbank.com
# file last updated on: 7/1/2013 by Marcelo Martins

User-agent: *

Disallow: /Advertisements/
Disallow: /App_Js/
Disallow: /App_Mail/
Disallow: /App_Controls/
Disallow: /App_Master/
Disallow: /App_Themes/
Disallow: /Email-Compliance/
Disallow: /PrivacyOptout/
Disallow: /PrivacyQuestions/
Disallow: /js/
Disallow: /swf/
Disallow: /Loan-Payment/
Disallow: /App_Code/
Disallow: /gomobile/
Disallow: /goscore/
Disallow: /Information/
Disallow: /Job-Opportunities/
Disallow: /Opinion/
Disallow: /ViewMyStatement/
Disallow: /enroll/
Disallow: /Cardholder-Benefits/
Disallow: /Merchant-Services/


User-agent: Yandex
Disallow: /
User-agent: Baiduspider
Disallow: /
User-agent: Sosospider
Disallow: /
User-agent: agbot
Disallow: /
User-agent: Gigabot
Disallow: /
User-agent: ichiro
Disallow: /
User-agent: Scooter
Disallow: /
User-agent: Sogou
Disallow: /
User-agent: SurveyBot
Disallow: /
User-agent: Yeti
Disallow: /
User-agent: VoilaBot
Disallow: /
User-agent: Cityreview
Disallow: /
User-agent: BingPreview
Disallow: /
User-agent: coast
Disallow: /
User-agent: slurp
Disallow: /
User-agent: iOpus
Disallow: /
User-agent: bingbot
Disallow: /Merchant-Services/
Disallow: /Cardholder-Benefits/
Disallow: /Job-Opportunities/