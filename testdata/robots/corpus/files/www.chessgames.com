User-agent: Yandex
Disallow: /

User-agent: *
Disallow: /index2.html
Disallow: /perl/nph-chesspgn
Disallow: /perl/printgame
Disallow: /perl/rerolpxe
Disallow: /perl/explorer?node=
Disallow: /perl/explorer?pid=
Disallow: /spidertrap.html
Disallow: /perl/chesscorrection.pl
Disallow: /perl/kibitzing
Disallow: /perl/storeadmin
Disallow: /perl/whistle
Disallow: /perl/chesslike
Disallow: /pgn/
Disallow: /perl/chess.pl?pid=
Disallow: /perl/chess.pl?node=
Disallow: /q/
Disallow: /shibuimoc.php
Disallow: /perl/articlenews
Disallow: /perl/articleversion
Crawl-delay: 10

User-agent: Googlebot
Disallow: /index2.html
Disallow: /perl/nph-chesspgn
Disallow: /perl/printgame
Disallow: /perl/rerolpxe
Disallow: /perl/explorer?node=
Disallow: /perl/explorer?pid=
Disallow: /spidertrap.html
Disallow: /perl/chesscorrection.pl
Disallow: /perl/kibitzing
Disallow: /perl/storeadmin
Disallow: /perl/whistle
Disallow: /perl/chesslike
Disallow: /pgn/
Disallow: /perl/chess.pl?pid=
Disallow: /perl/chess.pl?node=
Disallow: /q/
Disallow: /shibuimoc.php
Disallow: /perl/articlenews
Disallow: /perl/articleversion
Crawl-delay: 2

User-agent: Mediapartners-Google
Disallow: /index2.html
Disallow: /perl/nph-chesspgn
Disallow: /perl/printgame
Disallow: /perl/rerolpxe
Disallow: /perl/explorer?node=
Disallow: /perl/explorer?pid=
Disallow: /spidertrap.html
Disallow: /perl/chesscorrection.pl
Disallow: /perl/kibitzing
Disallow: /perl/storeadmin
Disallow: /perl/whistle
Disallow: /perl/chesslike
Disallow: /pgn/
Disallow: /perl/chess.pl?pid=
Disallow: /perl/chess.pl?node=
Disallow: /q/
Disallow: /shibuimoc.php
Disallow: /perl/articlenews
Disallow: /perl/articleversion
Crawl-delay: 5

User-agent: bing
Disallow: /index2.html
Disallow: /perl/nph-chesspgn
Disallow: /perl/printgame
Disallow: /perl/rerolpxe
Disallow: /perl/explorer?node=
Disallow: /perl/explorer?pid=
Disallow: /spidertrap.html
Disallow: /perl/chesscorrection.pl
Disallow: /perl/kibitzing
Disallow: /perl/storeadmin
Disallow: /perl/whistle
Disallow: /perl/chesslike
Disallow: /pgn/
Disallow: /perl/chess.pl?pid=
Disallow: /perl/chess.pl?node=
Disallow: /q/
Disallow: /shibuimoc.php
Disallow: /perl/articlenews
Disallow: /perl/articleversion
Crawl-delay: 2

User-agent: maxpoint
Disallow: /index2.html
Disallow: /perl/nph-chesspgn
Disallow: /perl/printgame
Disallow: /perl/rerolpxe
Disallow: /perl/explorer?node=
Disallow: /perl/explorer?pid=
Disallow: /spidertrap.html
Disallow: /perl/chesscorrection.pl
Disallow: /perl/kibitzing
Disallow: /perl/storeadmin
Disallow: /perl/whistle
Disallow: /perl/chesslike
Disallow: /pgn/
Disallow: /perl/chess.pl?pid=
Disallow: /perl/chess.pl?node=
Disallow: /q/
Disallow: /shibuimoc.php
Disallow: /perl/articlenews
Disallow: /perl/articleversion

User-agent: linguee
Disallow: /


User-agent: dotbot
Disallow: /index2.html
Disallow: /perl/nph-chesspgn
Disallow: /perl/printgame
Disallow: /perl/rerolpxe
Disallow: /perl/explorer?node=
Disallow: /perl/explorer?pid=
Disallow: /spidertrap.html
Disallow: /perl/chesscorrection.pl
Disallow: /perl/kibitzing
Disallow: /perl/storeadmin
Disallow: /perl/whistle
Disallow: /perl/chesslike
Disallow: /pgn/
Disallow: /perl/chess.pl?pid=
Disallow: /perl/chess.pl?node=
Disallow: /q/
Disallow: /shibuimoc.php
Disallow: /perl/articlenews
Disallow: /perl/articleversion
Crawl-delay: 10

User-agent: The Knowledge AI
Disallow: /

User-agent: Vegi bot
Disallow: /

User-agent: Vegi-bot
Disallow: /

User-agent: Exabot
Disallow: /index2.html
Disallow: /perl/nph-chesspgn
Disallow: /perl/printgame
Disallow: /perl/rerolpxe
Disallow: /perl/explorer?node=
Disallow: /perl/explorer?pid=
Disallow: /spidertrap.html
Disallow: /perl/chesscorrection.pl
Disallow: /perl/kibitzing
Disallow: /perl/storeadmin
Disallow: /perl/whistle
Disallow: /perl/chesslike
Disallow: /pgn/
Disallow: /perl/chess.pl?pid=
Disallow: /perl/chess.pl?node=
Disallow: /q/
Disallow: /shibuimoc.php
Disallow: /perl/articlenews
Disallow: /perl/articleversion
Crawl-delay: 10

User-agent: MegaIndex
Disallow: /index2.html
Disallow: /perl/nph-chesspgn
Disallow: /perl/printgame
Disallow: /perl/rerolpxe
Disallow: /perl/explorer?node=
Disallow: /perl/explorer?pid=
Disallow: /spidertrap.html
Disallow: /perl/chesscorrection.pl
Disallow: /perl/kibitzing
Disallow: /perl/storeadmin
Disallow: /perl/whistle
Disallow: /perl/chesslike
Disallow: /pgn/
Disallow: /perl/chess.pl?pid=
Disallow: /perl/chess.pl?node=
Disallow: /q/
Disallow: /shibuimoc.php
Disallow: /perl/articlenews
Disallow: /perl/articleversion
Crawl-delay: 10

User-agent: AhrefsBot
Disallow: /

User-agent: SiteExplorer
Disallow: /

User-agent: SemrushBot
Disallow: /

User-agent: 008
Disallow: /	

Host: www.chessgames.com
