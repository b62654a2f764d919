User-agent: Mediapartners-Google
Disallow:
User-agent: *
Disallow:
