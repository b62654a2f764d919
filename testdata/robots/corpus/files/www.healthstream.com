User-agent: *
Disallow: /phase2/
Disallow: /*login-test?
Disallow: /content/