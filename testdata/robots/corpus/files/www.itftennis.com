User-agent: *
Disallow: /about/agm/
Disallow: /*.pdf
Disallow: /about/organisation/committees-commissions-nominations-guidelines.aspx
Disallow: /about/organisation/committees-commissions-nominations-faq.aspx
Disallow: /about/organisation/committees-commissions-nominations-timeline.aspx
Disallow: /about/organisation/committees-commissions-nominations-roles.aspx
Disallow: /about/organisation/committees-commissions-nominations-form.aspx
Disallow: /media/266014/266014.pdf

