User-agent: *

Sitemap: https://www.pdfonline.com/sitemap.xml

Disallow: /easypdf/sdk/usermanual/
Disallow: /easypdf/manual/
Disallow: /easyconverter/sdk/pdf-to-excel/usermanual/
Disallow: /easyconverter/sdk/pdf-to-html/usermanual/
Disallow: /easyconverter/sdk/pdf-to-word/usermanual/
Disallow: /products/allpdf-converter/download-allpdfconverter.htm
Disallow: /easyconverter/download.htm
Disallow: /downloads/easyconvertersdk/demos_easyconvertersdk-html_endform.asp
Disallow: /downloads/easyconvertersdk/demos_easyconvertersdk-word_endform.asp
Disallow: /downloads/easypdfsdk/demos_easypdfsdk_endform.asp
Disallow: /easypdf/landing/index-ppc-001.htm
Disallow: /convert-pdf-to-html/success.aspx
