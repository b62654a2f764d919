<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">
<html xmlns="http://www.w3.org/1999/xhtml" lang="en-gb" xml:lang="en-gb">
<head>
	<title>Lloyds Bank - Internet Banking</title>
	<meta name="keywords" content="" />
	<meta name="description" content="" />
	<meta http-equiv="Content-Type" content="text/html; charset=utf-8" />
	<meta http-equiv="content-language" content="en-gb" />
        <meta http-equiv='pragma' content='no-cache'/>
        <meta http-equiv='cache-control' content='no-store'/>
	<!--[if gte IE 8]><meta http-equiv="X-UA-Compatible" content="IE=IE8" /><![endif]-->
	<meta name="robots" content="all,index,follow" />
	<meta name="distribution" content="global" />
	<meta name="rating" content="general" />
	<link rel="shortcut icon" href="/sorry_pages/lloyds_psi/assets/theme/img/icons/favicon.ico" />
	
	<link href="/sorry_pages/lloyds_psi/assets/theme/style/global.css" media="screen, print" type="text/css" rel="stylesheet" />

	<!--[if gt IE 7]><link href="/sorry_pages/lloyds_psi/assets/theme/style/ie/ie8.css" type="text/css" rel="stylesheet" /><![endif]-->
	<!--[if IE 7]><link href="/sorry_pages/lloyds_psi/assets/theme/style/ie/ie7.css" type="text/css" rel="stylesheet" /><![endif]-->
	<!--[if lt IE 7]><link href="/sorry_pages/lloyds_psi/assets/theme/style/ie/ie6.css" type="text/css" rel="stylesheet" /><![endif]-->
	
	
</head>
<body>
	<div id="wrapper">


	<div class="outer">
		<div id="header">
			<ul id="skiplinks">
				<li><a href="#page">(Skip navigation) Jump to Content</a></li>
			</ul>	
			<div class="clearfix">
				<p id="logo"><span><img src="/sorry_pages/lloyds_psi/assets/theme/img/logo.png" alt="Bankname: Lloyds Bank" /></span></p>
				
			</div>
		</div>
	</div>

		<div class="pageWrap">
			<div id="page" class="content">
				
				<div class="primaryWrap">
					<div class="primary">
						
						<div class="panel">						
							
							<h1>Sorry, an error has occurred [Error:  1007 ID: 18.3b4c3917.1563828686.33615b28]</h1>	
							
							<div class="inner">						
								<p>We're sorry but an error has occurred whilst processing your last request.
</br>
</br>
If this problem continues, please <a href="http://www.lloydsbank.com/contact-us.asp">contact us</a> quoting the above error and ID.
</p>
							</div>
							
							<ul class="actions">
								<li class="primaryAction">
						<a href="http://www.lloydsbank.com/"><img src="/sorry_pages/lloyds_psi/assets/theme/en-gb/images/buttons/return_to_bankname_homepage.png" alt="Return to Lloyds Bank homepage" /></a></li>
							</ul>
							
						</div>
						
					</div>
				</div>
				
				<div class="secondary">
					
					<div class="panel">
						
			<div class="accordion">
				<div class="part">
					<h2 class="trigger">Contact us</h2>
					<div class="pane">
						<div class="paneInner">
							
							<div class="quickContact">
								
								<h3>General Banking Queries</h3>
								<p><strong>0345 300 0000</strong></p> 

								<p>If you need to call us from abroad or prefer not to use our 0345 number, you can call us on +44(0)1733 347 007. </p>
								<p>Calls may be monitored and recorded in case we need to check we have carried out your instructions correctly and to help us improve our quality of service.</p>
							</div>
							
						</div>
					</div>
				</div>
				
			</div>
						
					</div>
					
				</div>
		
			</div>
		</div>

<div id="footer">
		<div class="outer">
			<div id="footerInner">
					<ul>
					<li><a href="http://www.lloydsbank.com/legal.asp">Legal</a></li>
					<li><a href="http://www.lloydsbank.com/privacy2.asp">Privacy</a></li>
					<li><a href="http://www.lloydsbank.com/security.asp">Security</a></li>
					<li><a href="http://www.lloydsbankinggroup.com/">Lloyds Banking Group</a></li>
					<li><a href="http://www.lloydsbank.com/rates_and_charges.asp">Rates and Charges</a></li>
				</ul>

			</div>
		</div>
	</div>

	</div>
</body>
</html>

