User-agent: * 
Allow: /
Disallow: /sitecore/content/
Disallow: /en/sitecore/content/
Disallow: /ja/sitecore/content/
Disallow: /cn/sitecore/content/