# The Code Project
# Robot Exclusion File - robots.txt
# Author:  Chris Maunder
# Last Updated:  15 Apr 19

User-agent: *
#Visit-Time: 1200-1700 # Only visit between 5pm and 10pm US EST
Sitemap: https://www.codeproject.com/SiteMap.xml

# Ad links: Only Real Humans(tm) should be following these
Disallow: /Redir.aspx
Disallow: /script/AdServe/Redir.aspx
Disallow: /script/Catalog/Redir.aspx

# These mostly redirect outside the site so don't bother
Disallow: /script/News/Redir.aspx

# General Don't Bother pages
Disallow: /search.aspx
Disallow: /script/Membership/SendPassword.aspx
Disallow: /script/Forums/SetOptions.aspx
Disallow: /script/Membership/LogOn.aspx

Disallow: /WebServices/*
Disallow: /Api/*
