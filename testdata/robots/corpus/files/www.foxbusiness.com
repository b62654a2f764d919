User-agent: *
Disallow: /search
Disallow: /*/comments/
Disallow: /fb2/
Disallow: /topics/theme/
Disallow: /maintenance/
Sitemap: https://www.foxbusiness.com/sitemap.xml
Sitemap: http://video.foxbusiness.com/videositemap.xml
