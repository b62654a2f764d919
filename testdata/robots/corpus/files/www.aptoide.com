<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Aptoide | Download, Find, Share the Best Android Games and Apps</title>
  <meta name="viewport" content="width=device-width"/>
  <meta name="viewport" content="width=device-width, user-scalable=no, initial-scale=1"/>
  <meta name="robots" content="all">
  <meta name="keywords" content="android, aptoide, market, apktor, apps, download">
  <meta name="description" content="Aptoide is the largest independent Android app store and allows one to setup and manage your own Android Store. Upload, test and approve your apps." />
  <link rel="canonical" href="https://www.aptoide.com"  type="text/html"/>
  <link rel="shortcut icon" href="https://cdn6.aptoide.com/includes/themes/2014/images/favicon.ico?timestamp=timestamp=20190123" />
  <meta property="og:title" content="Aptoide - Own Your Android Market"/>
  <meta property="og:description" content="Aptoide is the largest independent Android app store and allows one to setup and manage your own Android Store. Upload, test and approve your apps."/>
  <meta property="og:type" content="product"/>
  <meta property="og:url" content="https://www.aptoide.com/"/>
  <meta property="og:image" content="https://cdn6.aptoide.com/includes/themes/2014/images/header/share_logo.png"/>
  <meta property="og:image:width" content="770"/>
  <meta property="og:image:height" content="402"/>
  <meta property="twitter:card" content="summary_large_image"/>
  <meta property="twitter:site" content="@Aptoide"/>
  <base href="/">
  <!-- avoid caching -->
  <meta http-equiv="Cache-control" content="max-age=0" />
  <meta http-equiv="Cache-control" content="no-store" />
  <meta http-equiv="Cache-control" content="must-revalidate" />
  <meta http-equiv="expires" content="-1" />
  <meta http-equiv="expires" content="Tue, 01 Jan 1980 1:00:00 GMT" />
  <meta http-equiv="Pragma" content="no-cache" />

  <!-- content security policy -->
  <meta http-equiv="Content-Security-Policy" content="object-src 'none'" />
  <script type="application/ld+json">
    {
        "@context": "http://schema.org",
        "@type": "Corporation",
        "name": "Aptoide",
        "url": "https://www.aptoide.com",
        "logo": "https://cdn6.aptoide.com/includes/themes/2014/images/header/logo.svg",
        "sameAs": [
            "https://www.facebook.com/aptoide/",
            "https://twitter.com/Aptoide",
            "https://plus.google.com/+aptoideofficial",
            "https://www.instagram.com/aptoideteam/",
            "https://www.youtube.com/user/Aptoide",
            "https://en.wikipedia.org/wiki/Aptoide"
        ]
    }
  </script>
  <script type="text/javascript">
			var _gaq = _gaq || [];
			_gaq.push(['_setAccount', 'UA-11780295-1']);
			_gaq.push(['_setDomainName', 'aptoide.com']);
		
						_gaq.push(['_trackPageview']);
					
			(function() {
    			var ga = document.createElement('script'); ga.type = 'text/javascript'; ga.async = true;
    			ga.src = ('https:' == document.location.protocol ? 'https://ssl' : 'http://www') + '.google-analytics.com/ga.js';
    			var s = document.getElementsByTagName('script')[0];
				s.parentNode.insertBefore(ga, s);
  			})();
	</script>
  <link rel="icon" type="image/x-icon" href="favicon.ico">
  <link href="https://fonts.googleapis.com/css?family=Roboto:100,100i,300,300i,400,400i,500,500i,700,700i,900,900i&amp;subset=cyrillic,cyrillic-ext,greek,greek-ext,latin-ext,vietnamese" rel="stylesheet">
<link rel="stylesheet" href="styles.7e63b46556be9be53802.css"></head>
<body>
  <app-root></app-root>
<script type="text/javascript" src="runtime.26209474bfa8dc87a77c.js"></script><script type="text/javascript" src="polyfills.4c4f8ef040147bb3e499.js"></script><script type="text/javascript" src="scripts.7ad01a91bcc3c133ae1b.js"></script><script type="text/javascript" src="main.4bd2cc44ac1d3710ddf6.js"></script></body>
</html>
