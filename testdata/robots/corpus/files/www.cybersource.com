User-agent: *
Disallow: /developers/integration_methods/rest_api/
Sitemap: http://www.cybersource.com/sitemap.xml