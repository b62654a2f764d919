User-agent: *
Disallow: /cgi-bin/
Disallow: /legacy/docs/
Disallow: /forum/redirect-to/
Disallow: /download-center/
Allow: /download-center/2013/
Allow: /download-center/2017/
Allow: /download-center/2018/