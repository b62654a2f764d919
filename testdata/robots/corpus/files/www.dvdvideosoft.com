User-agent: *
sitemap: https://www.dvdvideosoft.com/sitemap.xml
Disallow: /Admin/ 
Disallow: /administrator/ 
Disallow: /ads/ 
Disallow: /App_Code/ 
Disallow: /App_Data/ 
Disallow: /App_GlobalResources/ 
Disallow: /App_LocalResources/ 
Disallow: /Bin/
Disallow: /Controls/  
Disallow: /download/  
Disallow: /MasterPages/  
Disallow: /r/After
Disallow: /TempImageFiles/  
Disallow: /update/
Disallow: /403.aspx
Disallow: /404.aspx
Disallow: /AppNewPost.htm
Disallow: /interactive.aspx
Disallow: /rmtmgmt.aspx

Disallow: /*products/comments/

Disallow: /forums/rss 

Disallow: /oi.aspx
Disallow: /de/oi.aspx
Disallow: /fr/oi.aspx
Disallow: /it/oi.aspx
Disallow: /es/oi.aspx
Disallow: /pt/oi.aspx
Disallow: /ru/oi.aspx

Disallow: /direct-downloads.html
Disallow: /de/direct-downloads.html
Disallow: /fr/direct-downloads.html
Disallow: /it/direct-downloads.html
Disallow: /pt/direct-downloads.html
Disallow: /es/direct-downloads.html
Disallow: /ru/direct-downloads.html