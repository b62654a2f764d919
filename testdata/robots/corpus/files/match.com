User-agent: *
Disallow: /redalert
Disallow: /bin
Disallow: /html
Disallow: /keynote
Disallow: /api/
Disallow: /subscribe
Disallow: /help/contactus.aspx

User-Agent: OmniExplorer_Bot
Disallow: /