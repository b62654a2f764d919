User-agent:     *
Disallow:       /smf/
Disallow:       /fluxbb/
Disallow:       /insights/ibtr_alerts.php
Disallow:       /search/
Sitemap: https://www.interactivebrokers.com/sitemap.txt
