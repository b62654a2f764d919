user-agent: AhrefsBot
disallow: /