Sitemap: https://www.formsite.com/sitemap_index.xml
User-agent: *
Disallow: /wp-admin/
Disallow: /bld/
Disallow: /form_app/
Disallow: /res/
Disallow: /*/files/
