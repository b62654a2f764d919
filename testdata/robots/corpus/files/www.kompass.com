
User-agent: *
Disallow: /o/
Disallow: /searchCompanies
Disallow: /about/
Disallow: /c/
Disallow: */z/*/news/
Disallow: /sendReferrer
Disallow: /ebol*
Disallow: /ip
Disallow: /referrer
Disallow: /transfer*
Disallow: /search*
Disallow: /getRegions*
Disallow: /*?_nfbsp*
Disallow: /*?_redirectState*
Disallow: /*?_id_souchaine*
Disallow: /*?