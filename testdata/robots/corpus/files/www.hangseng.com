User-agent: *
Allow: /

Sitemap: https://www.hangseng.com/sitemap.xml 