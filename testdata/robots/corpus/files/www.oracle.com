<!DOCTYPE html>
<html lang="en-US" class="no-js">
<!-- start : Compass/Generic -->
	<!-- start : ocom/common/global/components/compass/head -->
<head>
	<!-- start : ocom/common/global/components/head -->
		<title>Oracle Aconex | Oracle</title>
	

	<meta name="Title" content="Oracle Aconex | Oracle">
	
			<meta name="Description" content="Explore how Oracle Aconex, the world’s most trusted construction project management software, is transforming construction from building information modelling (bim) to Workflow management.">
		
	<meta name="Keywords" content="construction document management, document management">
	
	<meta name="siteid" content="us">
	<meta name="countryid" content="US">
	<meta name="robots" content="index, follow">
	<meta name="country" content="United States">
	<meta name="Language" content="en">
	<meta name="Updated Date" content="2014-07-03T21:14:05Z">
	
	<script type="text/javascript">
		var pageData = pageData || {};
		//page info
		pageData.pageInfo = pageData.pageInfo || {};
		pageData.pageInfo.language = "en";
		pageData.pageInfo.country = "United States";
		pageData.pageInfo.pageTitle = "Oracle Aconex | Oracle";
		pageData.pageInfo.description = "Explore how Oracle Aconex, the world’s most trusted construction project management software, is transforming construction from building information modelling (bim) to Workflow management.";
		pageData.pageInfo.keywords = "construction document management, document management";
		pageData.pageInfo.siteId = "us";
		pageData.pageInfo.countryId = "US";
		pageData.pageInfo.updatedDate = "2014-07-03T21:14:05Z";
	</script>
	<!-- start : ocom/common/global/components/seo-taxonomy-meta-data-->
	
	<script type="text/javascript">
		var pageData = pageData || {};
		//taxonmy
		pageData.taxonomy = pageData.taxonomy || {};
		pageData.taxonomy.productServices = [];
		pageData.taxonomy.industry = [];
		pageData.taxonomy.region = [];
		pageData.taxonomy.contentType = ["WM147085"];
		pageData.taxonomy.buyersJourney = [];
		pageData.taxonomy.revenue = [];
		pageData.taxonomy.title = [];
		pageData.taxonomy.audience = [];
		pageData.taxonomy.persona = [];
	</script>
<!-- end : ocom/common/global/components/seo-taxonomy-meta-data-->
<!-- start : ocom/common/global/components/social-media-meta-tags -->
<!-- end : ocom/common/global/components/social-media-meta-tags -->
<!-- start : ocom/common/global/components/seo-hreflang-meta-tags --><link rel="canonical" href="https://www.oracle.com/industries/construction-engineering/aconex-products.html" />
					<link rel="alternate" hreflang="en-AE" href="https://www.oracle.com/ae/industries/construction-engineering/aconex-products.html" />
					
					<link rel="alternate" hreflang="es-AR" href="https://www.oracle.com/ar/industries/construction-engineering/aconex-products.html" />
					
					<link rel="alternate" hreflang="en-AU" href="https://www.oracle.com/au/industries/construction-engineering/aconex-products.html" />
					
					<link rel="alternate" hreflang="pt-BR" href="https://www.oracle.com/br/industries/construction-engineering/aconex-products.html" />
					
					<link rel="alternate" hreflang="en-CA" href="https://www.oracle.com/ca-en/industries/construction-engineering/aconex-products.html" />
					
					<link rel="alternate" hreflang="fr-CA" href="https://www.oracle.com/ca-fr/industries/construction-engineering/aconex-products.html" />
					
					<link rel="alternate" hreflang="es-CL" href="https://www.oracle.com/cl/industries/construction-engineering/aconex-products.html" />
					
					<link rel="alternate" hreflang="zh-CN" href="https://www.oracle.com/cn/industries/construction-engineering/aconex-products.html" />
					
					<link rel="alternate" hreflang="es-CO" href="https://www.oracle.com/co/industries/construction-engineering/aconex-products.html" />
					
					<link rel="alternate" hreflang="cs-CZ" href="https://www.oracle.com/cz/industries/construction-engineering/aconex-products.html" />
					
					<link rel="alternate" hreflang="de-DE" href="https://www.oracle.com/de/industries/construction-engineering/aconex-products.html" />
					
					<link rel="alternate" hreflang="en-US" href="https://www.oracle.com/industries/construction-engineering/aconex-products.html" />
					
					<link rel="alternate" hreflang="es-ES" href="https://www.oracle.com/es/industries/construction-engineering/aconex-products.html" />
					
					<link rel="alternate" hreflang="fr-FR" href="https://www.oracle.com/fr/industries/construction-engineering/aconex-products.html" />
					
					<link rel="alternate" hreflang="en-ID" href="https://www.oracle.com/id/industries/construction-engineering/aconex-products.html" />
					
					<link rel="alternate" hreflang="en-IE" href="https://www.oracle.com/ie/industries/construction-engineering/aconex-products.html" />
					
					<link rel="alternate" hreflang="en-IN" href="https://www.oracle.com/in/industries/construction-engineering/aconex-products.html" />
					
					<link rel="alternate" hreflang="it-IT" href="https://www.oracle.com/it/industries/construction-engineering/aconex-products.html" />
					
					<link rel="alternate" hreflang="ja-JP" href="https://www.oracle.com/jp/industries/construction-engineering/aconex-products.html" />
					
					<link rel="alternate" hreflang="ko-KR" href="https://www.oracle.com/kr/industries/construction-engineering/aconex-products.html" />
					
					<link rel="alternate" hreflang="es-MX" href="https://www.oracle.com/mx/industries/construction-engineering/aconex-products.html" />
					
					<link rel="alternate" hreflang="nl-NL" href="https://www.oracle.com/nl/industries/construction-engineering/aconex-products.html" />
					
					<link rel="alternate" hreflang="pl-PL" href="https://www.oracle.com/pl/industries/construction-engineering/aconex-products.html" />
					
					<link rel="alternate" hreflang="ro-RO" href="https://www.oracle.com/ro/industries/construction-engineering/aconex-products.html" />
					
					<link rel="alternate" hreflang="ru-RU" href="https://www.oracle.com/ru/industries/construction-engineering/aconex-products.html" />
					
					<link rel="alternate" hreflang="en-SA" href="https://www.oracle.com/sa/industries/construction-engineering/aconex-products.html" />
					
					<link rel="alternate" hreflang="sv-SE" href="https://www.oracle.com/se/industries/construction-engineering/aconex-products.html" />
					
					<link rel="alternate" hreflang="tr-TR" href="https://www.oracle.com/tr/industries/construction-engineering/aconex-products.html" />
					
					<link rel="alternate" hreflang="zh-TW" href="https://www.oracle.com/tw/industries/construction-engineering/aconex-products.html" />
					
					<link rel="alternate" hreflang="en-GB" href="https://www.oracle.com/uk/industries/construction-engineering/aconex-products.html" />
					
					<link rel="alternate" hreflang="en-ZA" href="https://www.oracle.com/za/industries/construction-engineering/aconex-products.html" />
					
					<meta name="altpages" content="ae,ar,au,br,ca-en,ca-fr,cl,cn,co,cz,de,es,fr,id,ie,in,it,jp,kr,mx,nl,pl,ro,ru,sa,se,tr,tw,uk,za">
					<script type="text/javascript">
						var pageData = pageData || {};
						//page info
						pageData.pageInfo = pageData.pageInfo || {};
						pageData.pageInfo.altPages = "ae,ar,au,br,ca-en,ca-fr,cl,cn,co,cz,de,es,fr,id,ie,in,it,jp,kr,mx,nl,pl,ro,ru,sa,se,tr,tw,uk,za";
					</script>
				<!-- end : ocom/common/global/components/seo-hreflang-meta-tags -->

	<!-- end : ocom/common/global/components/head -->

	<meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=1">
	<meta http-equiv="Content-Type" content="text/html; charset=utf-8">
	
		<link href='//www.oracle.com/asset/web/css/compass.css' media="print, screen" rel="Stylesheet" type="text/css"/>
		<script language="JavaScript" src='//www.oracle.com/asset/web/js/jquery.js' type="text/javascript"></script>
		<script type="text/javascript" src='//www.oracle.com/asset/web/js/compass.js'></script>
		<!-- start : ocom/common/global/components/truste-language-code -->
<script async="async" type="text/javascript" src='//consent.truste.com/notice?domain=oracle.com&c=teconsent&js=bb&noticeType=bb&text=true&gtm=1&cdn=1&pcookie' crossorigin></script>
<!-- end : ocom/common/global/components/truste-language-code -->

	<!-- Dispatcher:null -->
	
<!-- BEGIN: oWidget_C/_Raw-Text/Display -->
 <!-- www-us HeadAdminContainer -->
  <style>
  #oReactiveChatContainer1 { display:none;}
  </style>
  <!--DTM embed code - Header -->
  <script src="//assets.adobedtm.com/6f37a0dc9cdbe818dc4979828b58b88e3f060ea4/satelliteLib-e598c5b61e39a10b402e048e87dd27b0f1cd2d4c.js"></script>
  
  <!-- Truste for RU -->
  <script type="text/javascript">
  if (location.pathname.indexOf("/ru/") == 0){
  document.write('\x3Cscript async="async" src=//consent.truste.com/notice?domain=oracleru.com&c=teconsent&js=bb&noticeType=bb&text=true&gtm=1&cdn=1&pcookie crossorigin="">\x3C/script>');
  }
  </script>
  
 <!--End-->




<!-- END: oWidget_C/_Raw-Text/Display -->


<script>!function(){function o(n,i){if(n&&i)for(var r in i)i.hasOwnProperty(r)&&(void 0===n[r]?n[r]=i[r]:n[r].constructor===Object&&i[r].constructor===Object?o(n[r],i[r]):n[r]=i[r])}try{var n=decodeURIComponent("");if(n.length>0&&window.JSON&&"function"==typeof window.JSON.parse){var i=JSON.parse(n);void 0!==window.BOOMR_config?o(window.BOOMR_config,i):window.BOOMR_config=i}}catch(r){window.console&&"function"==typeof window.console.error&&console.error("mPulse: Could not parse configuration",r)}}();</script>
<script>!function(a){var e="https://s.go-mpulse.net/boomerang/",t="addEventListener";if("False"=="True")a.BOOMR_config=a.BOOMR_config||{},a.BOOMR_config.PageParams=a.BOOMR_config.PageParams||{},a.BOOMR_config.PageParams.pci=!0,e="https://s2.go-mpulse.net/boomerang/";if(function(){function n(e){a.BOOMR_onload=e&&e.timeStamp||(new Date).getTime()}if(!a.BOOMR||!a.BOOMR.version&&!a.BOOMR.snippetExecuted){a.BOOMR=a.BOOMR||{},a.BOOMR.snippetExecuted=!0;var i,o,r,O=document.createElement("iframe");if(a[t])a[t]("load",n,!1);else if(a.attachEvent)a.attachEvent("onload",n);O.src="javascript:void(0)",O.title="",O.role="presentation",(O.frameElement||O).style.cssText="width:0;height:0;border:0;display:none;",r=document.getElementsByTagName("script")[0],r.parentNode.insertBefore(O,r);try{o=O.contentWindow.document}catch(_){i=document.domain,O.src="javascript:var d=document.open();d.domain='"+i+"';void(0);",o=O.contentWindow.document}o.open()._l=function(){var a=this.createElement("script");if(i)this.domain=i;a.id="boomr-if-as",a.src=e+"DXNLE-YBWWY-AR74T-WMD99-77VRA",BOOMR_lstart=(new Date).getTime(),this.body.appendChild(a)},o.write("<bo"+'dy onload="document._l();">'),o.close()}}(),"".length>0)if(a&&"performance"in a&&a.performance&&"function"==typeof a.performance.setResourceTimingBufferSize)a.performance.setResourceTimingBufferSize();!function(){if(BOOMR=a.BOOMR||{},BOOMR.plugins=BOOMR.plugins||{},!BOOMR.plugins.AK){var e=""=="true"?1:0,t="",n="m5mnu3ixhjbncxjwfaqq-f-302789a0d-clientnsv4-s.akamaihd.net",i={"ak.v":20,"ak.cp":"82485","ak.ai":parseInt("165266",10),"ak.ol":"0","ak.cr":71,"ak.ipv":4,"ak.proto":"","ak.rid":"2fccaf36","ak.r":16179,"ak.a2":e,"ak.m":"dscx","ak.n":"essl","ak.bpcip":"103.88.218.0","ak.cport":53566,"ak.gh":"23.57.76.20","ak.quicv":"","ak.tlsv":"tls1.2","ak.0rtt":"","ak.csrc":"-","ak.acc":"reno","ak.t":"1563830305"};if(""!==t)i["ak.ruds"]=t;var o={i:!1,av:function(e){var t="http.initiator";if(e&&(!e[t]||"spa_hard"===e[t]))i["ak.feo"]=void 0!==a.aFeoApplied?1:0,BOOMR.addVar(i)},rv:function(){var a=["ak.bpcip","ak.cport","ak.cr","ak.csrc","ak.gh","ak.ipv","ak.m","ak.n","ak.ol","ak.proto","ak.quicv","ak.tlsv","ak.0rtt","ak.r","ak.acc","ak.t"];BOOMR.removeVar(a)}};BOOMR.plugins.AK={akVars:i,akDNSPreFetchDomain:n,init:function(){if(!o.i){var a=BOOMR.subscribe;a("before_beacon",o.av,null,null),a("onbeacon",o.rv,null,null),o.i=!0}return this},is_complete:function(){return!0}}}}()}(window);</script></head><!-- end : ocom/common/global/components/compass/head -->
	<body class="f11 f11v0">
		
	<!-- Dispatcher:null -->
	
<!-- BEGIN: oWidget_C/_Raw-Text/Display -->
<!-- www-us StartBodyAdminContainer -->



<!-- END: oWidget_C/_Raw-Text/Display -->

		<div class="f11w1">
			<!-- start : ocom/common/global/components/u01-header -->
	<!-- Dispatcher:null -->
	
<!-- BEGIN: oWidget_C/_Raw-Text/Display -->

<!-- U02v0 -->
<nav class="u02nav">
	<div class="u02" id="u02">
		<div id="u02skip2content" tabindex="-1">
			<ul>
				<li><a href="/">Home</a></li>
				<li><a id="u02skip2c" href="#maincontent">Skip to Content</a></li>
				<li><a id="u02skip2s" href="#skip_to_search_form">Skip to Search</a></li>
			</ul>
		</div>

		<div class="u02w1">

			<!-- logo -->
			<div class="u02logo" data-trackas="header">
				<div class="u02logow1">
					<a class="o_icon" href="https://www.oracle.com" data-trackas="header" data-lbl="logo">
						<span>Oracle</span>
					</a>
				</div>
			</div>

			<!-- menu -->			
			<div class="u02menu" data-trackas="hnav">
				<div id="u02main" class="u02mlink">
					<div class="u02mlinkw1">
						<a href="/universal-menu/index.html" id="u02menulink" data-lbl="menu">
							<div class="u02mlinkw2">Menu</div>
						</a>
					</div>
				</div>
			</div>


			<!-- search -->
			<div id="u02search" class="u02search">
				<form class="u02searchform" name="searchForm" method="get" action="https://www.oracle.com/search/results">
					<input type="hidden" name="Nty" value="1">
					<input type="hidden" name="Ntk" value="SI-ALL5">
					<input id="txtSearch" class="textcnt autoclear" name="Ntt" value="" placeholder="Search">
					<input class="u02searchbttn" type="submit" value="Submit Search"/>
				</form>
			</div>

			<!-- tools -->
			<div class="u02tools" data-trackas="header">
				<ul>
					<!-- user tools -->									
					<li class="u02mtool u02toolsloggedout">
						<a href="#usermenu" class="u02ticon u02user" data-lbl="profile:sign-in-account">
							<span class="u02signin">Sign In</span>
							<span class="u02signout">Account</span>
						</a>

						<div class="u02user u02toolpop" data-lbl="profile">
							<div class="u02userin">

								<div class="u02userinw1 u02userloggedin" data-lbl="oracle-account">
									<div class="u02userinfo">
										<div class="u02userdata">
											<a class="u02ulink" href="https://profile.oracle.com/myprofile/account/secure/update-account.jspx?nexturl="></a>
										</div>
									</div>
									<div class="u02usertools">
										<div class="u02menucontent">
											<h5>Oracle Account</h5>
											<!-- LVL 1 -->
											<div class="u02menu-l1">
												<ul>
													<li><a id="u02pfile-acct" href="https://profile.oracle.com/myprofile/account/secure/update-account.jspx?nexturl=" data-lbl="account">Account</a></li>
													<li><a href="https://www.oracle.com/corporate/contact/help.html" data-lbl="help">Help</a></li>
													
													<li><a href="javascript:sso_sign_out();" id="u02pfile-sout" data-lbl="signout">Sign Out</a></li>
												</ul>
											</div>
										</div>
									</div>
								</div>
								<div class="u02userinw1 u02userloggedout" data-lbl="oracle-account">
									<div class="u02usertools">

										<h5>Oracle Account</h5>
										<p>Manage your account and access personalized content.
										<a class="u02acclink" href="https://profile.oracle.com/myprofile/account/create-account.jspx">Sign up for an Oracle Account</a>
										</p>
										<div class="u02bttn">
											<a href="http://www.oracle.com/webapps/redirect/signon?nexturl=" id="u02pfile-regs" data-lbl="signin">Sign in to my Account</a>
										</div>
									</div>
								</div>

								<div class="u02userinw2">
									<div class="u02usertools">
										<h5>Sign in to Cloud</h5>
										<p>Access your cloud dashboard, manage orders, and more.
										<a class="u02acclink" data-lbl="cta-013119-accountdrop-dg-trial-cloud" href="/try-it.html?source=:ow:o:h:nav:&intcmp=:ow:o:h:nav:">Sign up for a free trial</a>
										</p>
										<div class="u02bttn">
											<a href="https://cloud.oracle.com/sign-in" id="u02pfile-regs" data-lbl="signin">Sign in to Cloud</a>
										</div>
									</div>
								</div>

							</div>
						</div>
					</li>

					<!-- country select -->
					<li class="u02mtool" id="u02cmenu">
						<a href="/universal-menu/index.html#u02countrymenu" class="u02ticon u02regn">
							<span>Country/Region</span>
						</a>
					</li>

					<!-- contact -->
					<li class="u02mtool" id="u02contact">
						<a data-lbl="call" href="/universal-menu/index.html#u02contactmenu" class="u02ticon u02contact">
							<span>Contact</span>
						</a>
					</li>

				</ul>
			</div>

		</div>

		<a id="maincontent">&nbsp;</a>

	</div>
</nav>
<!-- /U02v0 -->






<!-- END: oWidget_C/_Raw-Text/Display -->

<!-- end : ocom/common/global/components/u01-header -->
<!-- start : ocom/common/global/components/u03-breadcrumb -->
	<!-- U03v0 -->
	<div class="u03 u03v0" data-trackas="breadcrumb">
		<div class="u03w1">
			<ul>
				
							<li class="u03first"><a href="/industries/">Industries</a></li>
							
						<li><a href="/industries/construction-engineering/">Construction and Engineering</a></li>
						
			</ul>
		</div>
	</div>
	<!-- /U03v0 -->
	
		<script type="text/javascript">
			var pageData = pageData || {};
			//page info
			pageData.pageInfo = pageData.pageInfo || {};
			pageData.pageInfo.breadCrumbs = "Industries / Construction and Engineering";
		</script>
		<!-- start : ocom/common/global/components/u03-breadcrumb -->
<!-- start : ocom/common/global/components/banner -->
	<!-- Dispatcher:null -->
	
<!-- BEGIN: oWidget_C/_Raw-Text/Display -->
<!-- C83v0 -->
<div class="c83 c83v0 cwidth">
<div class="c83pgtitle">
<h1><span>Oracle</span> Aconex</h1>
</div>

<div class="c83w1">
<div class="c83-heading">Proven Project Delivery and Controls</div>

<p>More than 16,000 project leaders trust Aconex for visibility, control, reduced risk, and connected teams. Drive process efficiency for design and construction coordination, project controls, and field management, and get fast ROI with Aconex construction management software that is easy to use and deploys in days.</p>

<div class="cmps-bttns">
<div><a href="https://go.oracle.com/LP=74946" target="_blank">Request a demo</a></div>

<div><a href="?bcid=5799409842001" rel="vbox">Take Control with Aconex Project-Wide Cloud</a></div>
</div>
</div>

<div class="c83w2"><!-- CW20v1 -->
<div class="cw20 cw20v1" data-zoom="true">
<div class="cw20w5">
<div class="cw20slider">
<ul class="cw20slides cw20imgslides">
	<li><img alt="Greater process visibility and control with deep document control functionality, including version control, tracking, custom workflows, and work packaging." data-thumbsrc="//www.oracle.com/assets/cw20-aconex-tpm-1-5075001.jpg" src="//www.oracle.com/assets/cw20-aconex-carousel-1-5073896.jpg" />
	<div class="cw20w1">
	<p>Greater process visibility and control with deep document control functionality, including version control, tracking, custom workflows, and work packaging.</p>
	</div>
	</li>
	<li><img alt="Avoid the limitations of manual correspondence. Easy-to-use, advanced mail capabilities provide efficient and structured process management, with an unalterable audit trail." data-thumbsrc="//www.oracle.com/assets/cw20-aconex-tpm-2-5075002.jpg" src="//www.oracle.com/assets/cw20-aconex-carousel-2-5073897.jpg" />
	<div class="cw20w1">
	<p>Avoid the limitations of manual correspondence. Easy-to-use, advanced mail capabilities provide efficient and structured process management, with an unalterable audit trail.</p>
	</div>
	</li>
	<li><img alt="Simplify model coordination: Connect teams, models, and project data in a collaborative common data environment, with no additional software required." data-thumbsrc="/a/ocom/img/cw20-aconex-carousel-3-thumbnail.jpg" src="/a/ocom/img/cw20-aconex-carousel-3.jpg" />
	<div class="cw20w1">
	<p>Simplify model coordination: Connect teams, models, and project data in a collaborative common data environment, with no additional software required.</p>
	</div>
	</li>
	<li><img alt="A single platform incorporating cost and schedule with contextual documents like drawings and RFIs. Control and insight help identify and fix problems early." data-thumbsrc="//www.oracle.com/assets/cw20-aconex-tpm-3-5075003.jpg" src="//www.oracle.com/assets/cw20-aconex-carousel-3-5073898.jpg" />
	<div class="cw20w1">
	<p>A single platform incorporating cost and schedule with contextual documents like drawings and RFIs. Control and insight help identify and fix problems early.</p>
	</div>
	</li>
	<li><img alt="Stay connected to your projects and jobsite processes, anytime, anywhere. Easily managed from any mobile device." data-thumbsrc="//www.oracle.com/assets/cw20-aconex-tpm-4-5075004.jpg" src="//www.oracle.com/assets/cw20-aconex-carousel-4-5074959.jpg" />
	<div class="cw20w1">
	<p>Stay connected to your projects and jobsite processes, anytime, anywhere. Easily managed from any mobile device.</p>
	</div>
	</li>
</ul>
</div>
</div>
</div>
<!-- /CW20v1 --></div>
</div>
<!-- /C83v0 -->



<!-- END: oWidget_C/_Raw-Text/Display -->

<!-- end : ocom/common/global/components/banner -->
<!--  Start : ocom/common/global/components/ct06-content-tabs -->
		<div class="ct06 ct06v0">
			<div class="ct06w1">
				<ul>
					
									<li class="ct06selected">Overview</li>
									
									<li><a href="/industries/construction-engineering/aconex-products/features.html">Features and Benefits</a></li>
									
				</ul>
			</div>
		</div>
		<!--  end : ocom/common/global/components/ct06-content-tabs -->
<!-- start : ocom/common/global/components/compass/related-widgets -->
	<!-- Dispatcher:null -->
	
<!-- BEGIN: oWidget_C/_Raw-Text/Display -->
				
<div class="cb27 cb27v0 cb27bg1 cwidth">

	<div class="cb27w1">
		<div class="cb27w2">Siemens Gamesa Adopts Oracle Aconex for Offshore Windfarms</div><div class="cb27w3"><a href="?bcid=6010387755001" rel="vbox" class="icn-cv-right">Watch the video (1:59) </a></div>
	</div>

</div>
			
			




<!-- END: oWidget_C/_Raw-Text/Display -->

	<!-- Dispatcher:null -->
	
<!-- BEGIN: oWidget_C/_Raw-Text/Display -->
<!-- C84v1 -->

<div>&nbsp;</div>
<div class="c84 c84v0 cwidth">
	<div class="c84w2">
	
	<img class="c84bgimg" src="//www.oracle.com/assets/c84-design-construction-5073901.jpg" alt="Streamline Operations" />
	<div class="c84w3">
		<h3>Design and Construction Coordination</h3>
		<ul class="obullets">
			<li>Quickly find what you need with a single source of truth for communications, documents, processes, and models</li>
			<li>Stay in control and keep processes moving, including reviews, submittals, and RFIs</li>
			<li>The most connected processes and data provide insights to keep projects on track </li>
			<li>For owners: project-delivery oversight, risk mitigation, easy handover</li>
			<li>For contractors: a common environment for project delivery and controls</li>
		</ul>
	<div><a class="ctalink" href="https://go.oracle.com/LP=73953?elqCampaignId=166489">White paper: The State of Construction Management Software</a></div>
    	</div>
    </div>
   
</div>
<!-- /C84v1 -->



<!-- END: oWidget_C/_Raw-Text/Display -->

	<!-- Dispatcher:null -->
	
		<!-- BEGIN: oWidget_C/Raw-HTML/Display -->
		<!-- C84v0 -->
<hr class="rulesmall" />

<div class="c84 c84v0 cwidth">
<div class="c84w1"><img alt="Integrated Project Controls" class="c84bgimg" src="//www.oracle.com/assets/c84-integrated-project-5073902.jpg" />
<div class="c84w3">
<h3>Integrated Project Controls</h3>
<ul class="obullets">
	<li>Gain visibility of project performance across cost and schedule</li>
	<li>Manage project changes, including scope and budget and contingency drawdowns</li>
	<li>Streamline contract change management with a single portal to manage upstream and downstream contracts</li>
	<li>Minimize month-end headaches by automating payment management</li>
	<li>Proactively monitor project performance with real-time cost tracking and variance analysis</li>
</ul>
</div>
</div>
</div>

<!-- /C84v0 -->
<hr class="rulesmall" />

		<!-- END: oWidget_C/Raw-HTML/Display -->
	
	<!-- Dispatcher:null -->
	
		<!-- BEGIN: oWidget_C/Raw-HTML/Display -->
		<!-- C84v0 -->
<div class="c84 c84v0 cwidth">
<div class="c84w2"><img alt="Stay Connected on the Jobsite" class="c84bgimg" src="//www.oracle.com/assets/c84-stay-connected-5073904.jpg" />
<div class="c84w3">
<h3>Stay Connected on the Jobsite</h3>

<ul class="obullets">
	<li>Real time collaboration and control of jobsite processes with easy-to-use mobile apps</li>
	<li>Track and share project information, manage inspections, and access models, anywhere, anytime</li>
	<li>Less time on administration allows you to focus on high-value activities, including quality and prevention of safety incidents</li>
	<li>All apps are integrated with Aconex, providing a single and complete project record</li>
	<li>Secure access with two-step verification support and SAML for integration with SSO providers</li>
</ul>
<!-- <div><a class="ctalink" href="placeholder.html">Learn more about this (optional link)</a></div> --></div>
</div>
</div>

<hr class="rulesmall" />
<!-- /C84v0 -->

		<!-- END: oWidget_C/Raw-HTML/Display -->
	
	<!-- Dispatcher:null -->
	
		<!-- BEGIN: oWidget_C/Raw-HTML/Display -->
		<!-- C84v0 -->
<div class="c84 c84v0 cwidth">
<div class="c84w1"><img alt="A Neutral Platform" class="c84bgimg" src="//www.oracle.com/assets/c84-neutral-platform-5073903.jpg" />
<div class="c84w3">
<h3>A Neutral Platform</h3>

<ul class="obullets">
	<li>Each organization controls their data and what they share</li>
	<li>Secure, private workspaces for each organization</li>
	<li>An unalterable audit trail drives fewer disputes and faster resolution</li>
	<li>Increased trust and adoption provide more data and insights to improve performance</li>
	<li>Reduced risk and administration for all project organizations</li>
</ul>
</div>
</div>
</div>
<hr class="rulesmall" />
<!-- /C84v0 -->

		<!-- END: oWidget_C/Raw-HTML/Display -->
	
	<!-- Dispatcher:null -->
	
		<!-- BEGIN: oWidget_C/Raw-HTML/Display -->
		<!-- C84v0 -->
<div class="c84 c84v0 cwidth">
<div class="c84w2"><img alt="The Aconex Difference" class="c84bgimg" src="//www.oracle.com/assets/c84-aconex-difference-5073900.jpg " />
<div class="c84w3">
<h3>The Aconex Difference</h3>

<ul class="obullets">
	<li>A trusted platform and audit trail drives adoption, visibility, and less disputes</li>
	<li>Connected processes and data drive performance, insights, and control</li>
	<li>Construction management software that&rsquo;s fast to deploy, easy to configure, and up and running in days</li>
	<li>Set up flexible processes based on how you work, and change as you grow</li>
	<li>Secure and compliant, meeting the highest international security standards</li>
</ul>
</div>
</div>
</div>
<!-- /C84v0 -->

		<!-- END: oWidget_C/Raw-HTML/Display -->
	
	<!-- Dispatcher:null -->
	
		<!-- BEGIN: oWidget_C/Raw-HTML/Display -->
		<!-- C86v0 -->
<hr class="rulesmall" />
<div class="c86 c86v2">
<div class="c86w1 cwidth">
<h5>Featured Resources</h5>

<div class="c86w2">
<ul class="icn-list">
	<li class="icn-ebook"><a href="/a/ocom/docs/aconex-model-collaboration-cloud-service-ds.pdf">Data sheet: Oracle Aconex Model Coordination Cloud (PDF)</a></li>
	<li class="icn-ebook"><a href="https://go.oracle.com/LP=73963?elqCampaignId=168573&amp;src1=:em:eo:ie:pt:SEV100738667">Construction Dive Ebook: How to Harness Big Data to Drive Performance Across Your Project Portfolio</a></li>
	<li class="icn-webcast"><a href="https://go.oracle.com/LP=73512?elqCampaignId=165164">Webcast: Consolidate Your Project And Enhance Your Ecosystem</a></li>
	<li class="icn-webcast"><a href="https://go.oracle.com/LP=73546?elqCampaignId=165164">Webcast: Stay Connected To Your Project Anywhere, Anytime</a></li>
	<li class="icn-webcast"><a href="https://go.oracle.com/LP=73478?elqCampaignId=165164">Webcast: Streamline Your Project Design Stage with Oracle Aconex </a></li>
	<li class="icn-ebook"><a href="https://go.oracle.com/LP=73978?elqCampaignId=166491">Ebook: 10 Steps to Infrastructure Project Success</a></li>
</ul>
</div>

<div class="c86w3">
<ul class="icn-list">
	<li class="icn-video"><a href="https://go.oracle.com/LP=74183">Video: Graham Reduces RFI Turnaround by 50% Using Aconex</a></li>
	<li class="icn-ebook"><a href="https://go.oracle.com/LP=73779?elqCampaignId=166504 ">Ebook: Why Modernizing Project Controls Challenges the Status Quo</a></li>
	<li class="icn-video"><a href="https://go.oracle.com/LP=74202?elqCampaignId=169621">Video: Learn how AECOM saved US$500K on the Boston Greenline Extension</a></li>
	<li class="icn-newsletter"><a href="/a/ocom/docs/dc/em/sev100803871-na-us-nl-crnl1-nsl1-ev.html?elq_mid=139211&sh=8215518221426241622131182215191447&cmid=BUMK180723P00076C0001" target="_blank">Newsletter: Construction and Engineering</a></li>
	<li class="icn-arrow"><a href="//www.oracle.com/search/customers/?Ntt=aconex&amp;Ntk=S3">View Aconex Customer Success Stories</a></li>
</ul>
</div>
</div>
</div>
<!-- /C86v0 -->

<hr class="rulebig" />

		<!-- END: oWidget_C/Raw-HTML/Display -->
	
	<!-- Dispatcher:null -->
	
		<!-- BEGIN: oWidget_C/Raw-HTML/Display -->
		<div class="cn11 cn11v0">
<h3>Get Started</h3>

<div class="cn11w1">
<div class="cmps-bttns">
<div><a href="https://go.oracle.com/LP=74946" target="_blank">Request a demo</a></div>

<div><a href="https://go.oracle.com/LP=25600?elqCampaignId=38358&amp;bn=oce">Subscribe to the blog</a></div>

<div><a href="//www.oracle.com/search/events?Ntt=Construction%20and%20Engineering&amp;Dy=1&amp;Nty=1&amp;Ntk=S4">Attend an event</a></div>

<div><a href="/a/ocom/docs/dc/em/sev100803871-na-us-nl-crnl1-nsl1-ev.html?elq_mid=139211&sh=8215518221426241622131182215191447&cmid=BUMK180723P00076C0001" target="_blank">Read the newsletter</a></div>
</div>
</div>
</div>

		<!-- END: oWidget_C/Raw-HTML/Display -->
	
	<!-- Dispatcher:null -->
	
<!-- BEGIN: oWidget_C/_Raw-Text/Display -->
<!-- CW21v0 -->
<div class="cw21 cw21v0">
	<div class="cw21slideout">
		<div class="cw21handle">
			<ul class="cw21navigation">
				<li class="cw21help">
					<a href="#cw21-calltab">Contact</a></li>
				<li class="cw21chat">
					<div data-lbl="chat-widget" id="atgchat-flyout">
						<!--— spacer —--></div>
				</li>
				<li class="cw21demo">
					<a href="#cw21-demotab">Demo</a></li>
				<li class="cw21social">
					<a href="#cw21-socialtab">Social</a></li>
				<li class="cw21signup">
					<a href="#cw21-signtab">Sign Up</a></li>
			</ul>
		</div>
		<div class="cw21w1">
			<div class="cw21w2" id="cw21-calltab">
				<h4>
					We&#39;re here to help</h4>
				<p>
					Engage a Sales Expert</p>
				<ul>
					<li class="cw21phone">
						Sales<br />
						1-800-423-0245 (US)</li>
					<li class="cw21phone">
						UK<br />
						+44-0-870-8-768711</li>
					<li class="cw21phone">
						AU<br />
						+1300 604 077</li>
					<li class="cw21phone">
						NZ<br />
						+0800 003 091</li>
					<li class="cw21phone">
						Technical Support<br />
						1-800-223-1711</li>
					<li class="cw21global">
						<a href="/corporate/contact/global.html" target="_blank">Global Contacts</a></li>
					<li class="cw21partners">
						<a href="https://solutions.oracle.com/scwar/scr/index.html" target="_blank">Find a Partner</a></li>
					<li class="cw21support">
						<a href="http://www.oracle.com/us/support/contact/" target="_blank">Support Directory</a></li>
				</ul>
			</div>
			<div class="cw21w2" id="cw21-demotab">
				<h4>
					Demo</h4>
				<ul>
					<li class="cw21demoitem">
						<a href="https://go.oracle.com/LP=57810?elqCampaignId=114085" target="_blank">Request Live Demo</a></li>
					
		
	
				</ul>
			</div>
			<div class="cw21w2" id="cw21-socialtab">
				<p>
					Follow</p>
				<ul class="cw21-iconfont cw21-sicons">
					<li>
						<a href="https://www.facebook.com/OracleConstEng" target="_blank"><div class="icn-img icn-sicons icn-facebook">
							<span class="screen-reader">Facebook</span></div></a>
					</li>
					<li>
						<a href="https://twitter.com/OracleConstEng" target="_blank"><div class="icn-img icn-sicons icn-twitter">
							<span class="screen-reader">Twitter</span></div></a>
					</li>
					<li>
						<a href="https://www.linkedin.com/showcase/oracle-construction-and-engineering/" target="_blank"><div class="icn-img icn-sicons icn-linkedin">
							<span class="screen-reader">LinkedIn</span></div></a>
					</li>
					<li>
						<a href="http://www.youtube.com/oracleprimavera" target="_blank"><div class="icn-img icn-sicons icn-youtube">
							<span class="screen-reader">Youtube</span></div></a>
					</li>
					<li>
						<a href="http://blogs.oracle.com/construction-engineering" target="_blank"><div class="icn-img icn-sicons icn-blogs">
							<span class="screen-reader">Blog</span></div></a>
					</li>

				</ul>
				<p>
					Follow Oracle Corporate</p>
				<ul class="cw21-iconfont cw21-sicons">
					<li>
						<a href="/us/social-media/facebook/" target="_blank"><div class="icn-img icn-sicons icn-facebook">
							<span class="screen-reader">Facebook</span></div></a>
					</li>
					<li>
						<a href="/us/social-media/twitter/" target="_blank"><div class="icn-img icn-sicons icn-twitter">
							<span class="screen-reader">Twitter</span></div></a>
					</li>
					<li>
						<a href="http://www.oracle.com/us/social-media/linkedin/" target="_blank"><div class="icn-img icn-sicons icn-linkedin">
							<span class="screen-reader">LinkedIn</span></div></a>
					</li>

					<li>
						<a href="http://www.youtube.com/oracle/" target="_blank"><div class="icn-img icn-sicons icn-youtube">
							<span class="screen-reader">Youtube</span></div></a>
					</li>
				</ul>
				<ul>
					<li>
						<a href="/us/social-media/twitter/" target="_blank">Oracle Social Media Directory</a></li>
					<li>
						<a href="/us/syndication/feeds/" target="_blank">Oracle RSS Directory</a></li>
				</ul>
			</div>
			<div class="cw21w2" id="cw21-signtab">
			
				<h4>
					Sign up by topic</h4>
				<ul>
					<li>
						<a href="https://go.oracle.com/subscriptions?l_code=en-us&amp;amp;amp;amp;src1=OW:O:SW" target="_blank">Subscription Center</a></li>
				</ul>
			</div>
		</div>
	</div>
</div>
<!-- /CW21v0 -->



<!-- END: oWidget_C/_Raw-Text/Display -->

<!-- end : ocom/common/global/components/compass/related-widgets -->
<!-- start : ocom/common/global/components/g03-footer -->
	<!-- Dispatcher:null -->
	
<!-- BEGIN: oWidget_C/_Raw-Text/Display -->
<!-- U10v0 -->
<div id="u10" class="u10v0" data-trackas="ffooter">
<div class="u10w1">
<div class="u10w2">
<div class="u10w3">
<h5>Contact Us</h5>
<ul>
<li>US Sales: +1.800.633.0738</li>
<li><a data-lbl="contact-us:global-contacts" href="/corporate/contact/global.html">Global Contacts</a></li>
<li><a data-lbl="contact-us:support-directory" href="/support/contact.html">Support Directory</a></li>
<li><a data-lbl="contact-us:subscribe-to-emails" href="https://go.oracle.com/subscriptions?l_code=en-us&amp;src1=OW:O:FO">Subscribe to Emails</a></li>
</ul>
</div>
</div>

<div class="u10w2">
<div class="u10w3">
<h5>About Oracle</h5>
<ul>
<li><a data-lbl="about-oracle:careers" href="/corporate/careers/">Careers</a></li>
<li><a data-lbl="about-oracle:company-information" href="/corporate/">Company Information</a></li>
<li><a data-lbl="about-oracle:ccr" href="/corporate/citizenship/">Social Responsibility</a></li>
<li><a data-lbl="about-oracle:communities" href="https://community.oracle.com/welcome">Communities</a></li>
</ul>
</div>
</div>


<div class="u10w2">
<div class="u10w3">
<h5>Downloads and Trials</h5>
<ul>
<li><a data-lbl="downloads-trials:java-runtime" href="https://www.java.com/en/download/">Java Runtime Download</a></li>
<li><a data-lbl="downloads-trials:java-developers" href="http://www.oracle.com/technetwork/java/javase/downloads/">Java for Developers</a></li>
<li><a data-lbl="downloads-trials:software-downloads" href="/downloads/">Software Downloads</a></li>
<li><a data-lbl="downloads-trials:cta-0131919-footer-dg-trial-cloud" href="/try-it.html?source=:ow:o:h:sb:&intcmp=:ow:o:h:sb:">Try Oracle Cloud Free</a></li>
</ul>
</div>
</div>
<div class="u10w2">
<div class="u10w3">
<h5>News and Events</h5>
<ul>
<li><a data-lbl="news-events:acquisitions" href="/corporate/acquisitions/">Acquisitions</a></li>
<li><a data-lbl="news-events:blogs" href="https://blogs.oracle.com/">Blogs</a>
<li><a data-lbl="news-events:events" href="/search/events">Events</a>
<li><a data-lbl="news-events:newsroom" href="/corporate/press/">Newsroom</a></li>
</ul>
</div>
</div>

<div class="u10w4">
<hr />
</div>
<div class="u10w5" data-trackas="footer">

<ul class="scl-icons">
<li class="scl-facebook"><a data-lbl="scl-icon:facebook" href="https://www.facebook.com/Oracle/" title="Oracle on Facebook">Facebook</a></li>
<li class="scl-twitter"><a data-lbl="scl-icon:twitter" href="https://twitter.com/oracle" title="Follow Oracle on Twitter">Twitter</a></li>
<li class="scl-linkedin"><a data-lbl="scl-icon:linkedin" href="https://www.linkedin.com/company/oracle/" title="Oracle on LinkedIn">LinkedIn</a></li>
<li class="scl-youtube"><a data-lbl="scl-icon:you-tube" href="http://www.youtube.com/oracle/" title="Watch Oracle on YouTube">YouTube</a></li>
</ul>

<div class="u10-ologo"><a data-lbl="integrated-cloud-applications-and-platform-services" href="/">Oracle</a></div>
<h3>Integrated Cloud Applications &amp; Platform Services</h3>

<ul class="u10-links">
<li><a data-lbl="copyright" href="/legal/copyright.html">&copy; Oracle</a></li>
<li><a data-lbl="site-map" href="/sitemap.html">Site Map</a></li>
<li><a data-lbl="terms-of-use-and-privacy" href="/legal/privacy/">Terms of Use and Privacy</a></li>
<li><div id="teconsent"></div></li>
<li class="u10last"><a data-lbl="ad-choices" href="/legal/privacy/marketing-cloud-data-cloud-privacy-policy.html#12">Ad Choices</a></li>
</ul>

</div>
</div>
</div>
<!-- /U10v0 -->



<!-- END: oWidget_C/_Raw-Text/Display -->

	<!-- Dispatcher:null -->
	
<!-- BEGIN: oWidget_C/_Raw-Text/Display -->
<!-- Start SiteCatalyst code -->
<script language="JavaScript" src="https://www.oracleimg.com/us/assets/metrics/ora_ocom.js"></script>
<!-- End SiteCatalyst code -->



<!-- END: oWidget_C/_Raw-Text/Display -->

<!-- end : ocom/common/global/components/g03-footer -->

		</div>
		
	<!-- Dispatcher:null -->
	
<!-- BEGIN: oWidget_C/_Raw-Text/Display -->
<!-- www-us EndBodyAdminContainer -->
<!--DTM embed code - Footer -->
<script type="text/javascript">_satellite.pageBottom();</script>
<!--End-->



<!-- END: oWidget_C/_Raw-Text/Display -->

	</body>
	<!-- end : Compass/Generic -->
</html>