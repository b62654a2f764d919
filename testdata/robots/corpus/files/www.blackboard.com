User-agent: *

Disallow: /CMSDesk
Disallow: /ArchivedContent  
Disallow: /CMSSiteManager
Disallow: /Collateral
Disallow: /Archive
Disallow: /Newsletters
Disallow: /ScriptResource.axd   
Disallow: /WebResource.axd
