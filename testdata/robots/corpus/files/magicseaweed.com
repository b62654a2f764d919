User-agent: *
Disallow: /out.php
Disallow: /account/
Disallow: /surfmap/
Disallow: /dirOut.php
Disallow: /photoLab/uploadPhoto.php
Disallow: /login.php
Disallow: /photoLab/tagPhoto.php
Disallow: /spot-forecast-detail.php
Disallow: /spot-daily-history.php
Disallow: /comment/post.php
Disallow: /comment/rate.php
Disallow: /photoLab/tag-history.php
Disallow: /wap/
Disallow: /*-Surf-Report/*/Multi-Model-Forecast/?*
Disallow: /*-Surf-Report/*/*?enableForecastBeta
Disallow: /iframe/
Crawl-delay: 5


User-agent: Mediapartners-Google
Disallow:

User-agent: bingbot
Disallow: /*-Surf-Report/Tide/?start=*
Disallow: /out.php
Disallow: /account/
Disallow: /surfmap/
Disallow: /dirOut.php
Disallow: /photoLab/uploadPhoto.php
Disallow: /login.php
Disallow: /photoLab/tagPhoto.php
Disallow: /spot-forecast-detail.php
Disallow: /spot-daily-history.php
Disallow: /comment/post.php
Disallow: /comment/rate.php
Disallow: /photoLab/tag-history.php
Disallow: /wap/
Disallow: /*-Surf-Report/*/Multi-Model-Forecast/?*
Disallow: /*-Surf-Report/*/*?enableForecastBeta
Disallow: /iframe/
Crawl-delay: 50
