User-agent: *
Disallow: /wp-admin/
Disallow: /team_member/
