User-agent: Mediapartners-Google
Disallow:

User-Agent: *

