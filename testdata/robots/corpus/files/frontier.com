# robots.txt for https://frontier.com/

User-agent: *
Disallow: /sitefinity*
Disallow: /docs/wholesaledocs/
Disallow: /docs/agentorder-contractsandforms/
Disallow: /docs/AgentOrder-SellSheets/
Disallow: /docs/agentorder/
Disallow: /docs/BusAgentOrderPromotions/
Disallow: /docs/FrontierSecure/
Disallow: /docs/washingtonreports/
Disallow: /Documents/wholesale/
Disallow: /wholesale/?*
Disallow: /Telerik*
Disallow: /role/*
Disallow: /sitecore
Disallow: /Sitecore
Disallow: /sitecore_files/
Disallow: /sitecore modules/
Disallow: /App_Browsers/
Disallow: /App_config/
Disallow: /App_Data/
Disallow: /temp/
Disallow: /upload/
Disallow: /xsl/
Disallow: /bin/
Disallow: /Libraries/


Sitemap: https://frontier.com/sitemap.xml