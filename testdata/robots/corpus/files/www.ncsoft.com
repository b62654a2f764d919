<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">
<html xmlns="http://www.w3.org/1999/xhtml" xml:lang="ko" lang="ko">
<head>
    <meta http-equiv="Content-Type" content="text/html; charset=utf-8" />
    <title>NCSOFT </title>
    <!-- Cloud9 :: Start -->
    <link rel="stylesheet" type="text/css" href="resources/css/default.css" />
    <link rel="stylesheet" type="text/css" href="resources/css/layout.css" />
    <link rel="stylesheet" type="text/css" href="resources/css/common.css" />
    <script type="text/javascript" src="resources/js/jquery-1.9.1.min.js"></script>
    <script type="text/javascript" src="resources/js/common.min.js"></script>
    <!-- Cloud9 :: End -->
    <script type="text/javascript">

        var _gaq = _gaq || [];
        _gaq.push(['_setAccount', 'UA-9714319-10']);
        _gaq.push(['_trackPageview']);

        (function () {
            var ga = document.createElement('script'); ga.type = 'text/javascript'; ga.async = true;
            ga.src = ('https:' == document.location.protocol ? 'https://ssl' : 'http://www') + '.google-analytics.com/ga.js';
            var s = document.getElementsByTagName('script')[0]; s.parentNode.insertBefore(ga, s);
        })();
    
    </script>
</head>
<body>
	<center>
		<img src="resources/img/bg/error.jpg" alt="요청하신 페이지를 찾을 수 없습니다." usemap="#error"/>
		<map id="error" name="error">
			<area shape="rect" coords="329, 375, 424, 384" href="mailto:social@ncsoft.com" alt="social@ncsoft.com으로 메일 발송" />
			<area shape="rect" coords="329, 405, 476, 425" href="http://www.ncsoft.com" alt="메인으로 이동"/>			
		</map>
	</center>
</body>
</html>
