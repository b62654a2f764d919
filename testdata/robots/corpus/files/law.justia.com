User-agent: *
Disallow: /cfr/
Disallow: /cfr/*
Disallow: /cfr
Disallow: /cases/federal/district-courts/BR/207/151/1536870/
Disallow: /cases/federal/district-courts/BR/207/151/1536870
Disallow: /cases/federal/district-courts/FSupp2/297/840/2326765/
Disallow: /cases/federal/district-courts/FSupp2/297/840/2326765
Disallow: /cases/federal/district-courts/FSupp/684/46/1896419/
Disallow: /cases/federal/district-courts/FSupp/684/46/1896419
Disallow: /cases/federal/district-courts/FSupp/919/1141/1580784/
Disallow: /cases/federal/district-courts/FSupp/919/1141/1580784
Allow: /

