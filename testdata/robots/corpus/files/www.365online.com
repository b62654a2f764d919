<?xml version="1.0" encoding="ISO-8859-1"?>
<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd" >
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:c="http://java.sun.com/jsp/jstl/core" xml:lang="en" lang="en">
        
        <head>
            <meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-1" />

            <meta http-equiv="Cache-Control" content="no-cache" />
            <meta http-equiv="Cache-Control" content="no-store" />
            <meta http-equiv="Cache-Control" content="must-revalidate" />
            <meta http-equiv="Expires" content="0" /> 
            <meta http-equiv="refresh" content="615; URL=/online365/spring/logout" />
            <meta name="viewport" content="width=device-width, initial-scale=1.0" />
            
            <!--  IE9 / RichFaces 3 Fix -->
            <meta http-equiv="X-UA-Compatible" content="IE=EmulateIE8" />

            <link class="component" href="/online365/spring/resource/org/richfaces/renderkit/html/css/basic_classes.xcss/DATB/eAELXT5DOhSIAQ!sA18_" rel="stylesheet" type="text/css" /><link class="component" href="/online365/spring/resource/org/richfaces/renderkit/html/css/extended_classes.xcss/DATB/eAELXT5DOhSIAQ!sA18_" media="rich-extended-skinning" rel="stylesheet" type="text/css" /><script src="/online365/spring/resource/org.ajax4jsf.javascript.AjaxScript" type="text/javascript"></script><script src="/online365/spring/resource/org/ajax4jsf/javascript/scripts/form.js" type="text/javascript"></script><script type="text/javascript">window.RICH_FACES_EXTENDED_SKINNING_ON=true;</script><script src="/online365/spring/resource/org/richfaces/renderkit/html/scripts/skinning.js" type="text/javascript"></script><script src="/online365/js/defaultFocus.js" type="text/javascript"></script><script src="/online365/js/browserDetection.js" type="text/javascript"></script><link rel="icon" href="/online365/favicon_latest.ico" type="image/x-icon" />
            <link rel="SHORTCUT ICON" href="/online365/favicon_latest.ico" />
            <link rel="apple-touch-icon" href="/online365/images/extras/smartPhoneIcon.png" />
            <link rel="stylesheet" type="text/css" href="/online365/css/boi_online.css?rel=030403" />

            <!--[if IE 7]>
                <link rel="stylesheet" type="text/css" href="/online365/css/styles_ie7.css" />
            <![endif]-->
            <!--[if IE 8]>
                <link rel="stylesheet" type="text/css" href="/online365/css/styles_ie8.css" />
            <![endif]-->
        <meta name="keywords" content="Bank of Ireland, 365 Online , login Step 1 of 2, " />
        <meta name="description" content="Bank of Ireland 365 Online, login Step 1 of 2" />
        
		<title>Bank of Ireland 365 Online | Login - Step 1 of 2</title>
        
        <link rel="stylesheet" type="text/css" href="/online365/css/bg.css" />

            <script type="text/javascript" src="/online365/js/defaultFocus.js"></script>
            <script type="text/javascript" src="/online365/js/autoTab.js"></script>
            <script type="text/javascript" src="/online365/js/loadMonitor.js"></script>
            <script type="text/javascript" src="/online365/js/mobile-detect.js"></script>
            <script type="text/javascript" src="/online365/js/jquery.min.js"></script>  
            <script type="text/javascript"> <!-- REMOVE DIV ONCLICK FUNCTION -->
                function hide_element(element_name) {
                    element = document.getElementById(element_name);  
                    element.style.display = 'none';
                }
                var backgroundPositionDefault = '0px 0px';
            	var backgroundPositionUpdated = '0px 80px';
            </script>
            <script type="text/javascript">
            	var $j = jQuery.noConflict();
				function closeSmartBanners(element) {
					$j("#smartBannerSection").css('display','none');
					updateBackgroundPosition(backgroundPositionDefault);
				}
				function updateBackgroundPosition(pos) {
					$j("body").css('background-position',pos);
				}
				$j(window).load(function(){
					updateBackgroundPosition(backgroundPositionDefault);
					if(device.isAndroid()) {					
						$j("#smartBannerSection").css('display','block');
						updateBackgroundPosition(backgroundPositionUpdated);
						if(device.isMobile()) {
							var link = 'http://play.google.com/store/apps/details?id=com.bankofireland.mobilebanking';
							var appName = 'Bank of Ireland Mobile Banking';
						} else {
							var link = 'https://play.google.com/store/apps/details?id=com.boi.tablet365';
							var appName = 'Bank of Ireland Tablet Banking';
						}
						$j("#smartBnrUrl").attr('href',link);
						$j("#smartBnrAppName").html(appName);
					}
				});
			</script>
		<script>
		  (function(i,s,o,g,r,a,m){i['GoogleAnalyticsObject']=r;i[r]=i[r]||function(){
		  (i[r].q=i[r].q||[]).push(arguments)},i[r].l=1*new Date();a=s.createElement(o),
		  m=s.getElementsByTagName(o)[0];a.async=1;a.src=g;m.parentNode.insertBefore(a,m)
		  })(window,document,'script','//www.google-analytics.com/analytics.js','ga');
		  ga('create', 'UA-55288034-3', 'auto');
		</script>
		<script>
			ga('send', 'pageview');
		</script>
            
        </head>
 		<div id="smartBannerSection" class="smartBnr_cntnr" style="display:none;">
			<div class="smartBnr_inner">
				<div class="smartBnr_lftData">
					<div class="smartBnr_lftDataAlign">
						<span class="smartBnrClose"><a href="#" onclick="closeSmartBanners(this); return false;">X</a></span>
						<img src="/online365/images/extras/72.png" />
					</div>
					<div class="smartBnr_midData">										
						<p id="smartBnrAppName" class="fontSize11em">Bank of Ireland Mobile Banking</p>
						<p id="smartBnrTitle">Bank of Ireland</p>
						<p class="txtGrayDBD">GET - On the Play Store</p>
					</div>
				</div>
				<div class="smartBnr_rhtData">
					<span class="lineHeight80px"><a id="smartBnrUrl" href="#" target="_blank">View</a></span>
				</div>
			</div>	
		</div>
		<!-- MAJOR ALERT -->	
        <body onload="pageIsLoaded();defaultFocus();">
		<!-- Google Tag Manager -->
		<noscript><iframe src="//www.googletagmanager.com/ns.html?id=GTM-PWLHXQ" height="0" width="0" style="display:none;visibility:hidden"></iframe></noscript>
		<script>/*<![CDATA[*/(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':
		new Date().getTime(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],
		j=d.createElement(s),dl=l!='dataLayer'?'&l='+l:'';j.async=true;j.src=
		'//www.googletagmanager.com/gtm.js?id='+i+dl;f.parentNode.insertBefore(j,f);
		})(window,document,'script','dataLayer','GTM-PWLHXQ');/*]]>*/</script>
		<!-- End Google Tag Manager --><form id="form" name="form" method="post" action="/online365/spring/authentication?execution=e1s1"><input id="form:ajaxRequestStatus" type="hidden" name="form:ajaxRequestStatus" value="AJAX REQUEST PROCESSOR INACTIVE" />
	            <ul id="hide">
	                <li><a href="#content">skip navigation</a></li>
	                <li><a href="/online365/spring/accessibility">Accessibility</a></li>
	            </ul>
   
        <div class="container">
	        <div id="masthead"><img src="/online365/images/header/bankofireland_online_latest.png" alt="Bank of Ireland 365 Online" />
            	<div class="getHelp"><a id="form:j_id30:getHelpLink" name="form:j_id30:getHelpLink" href="https://www.bankofireland.com/365support" target="_blank" class="linkText">Need help using this site?</a><a id="form:j_id30:getHelpButton" name="form:j_id30:getHelpButton" href="https://www.bankofireland.com/365support" target="_blank" class="button">Get Help</a>
				</div> 
			</div>
        </div>

    <div class="bg">  
	    <div class="container">
			<div id="shade"> 
			    <h1 class="h1_login">Welcome to 365 online
			    </h1>
			    <div class="loginCntnr"> 
			    <div class="login"> 
			        
					<a name="content"></a><span class="mandatory"><span class="abbrstyle"><abbr title="Mandatory">*</abbr></span> = mandatory</span>
					
					<h2>Secure Login</h2>
			
					<fieldset> 
					
					<noscript>
					    <br class="clear" />
						<div id="noscript">
							<h2>Please enable javascript on your browser.</h2>
							<p>You do not currently have javascript enabled please enable it.
							</p>
							<p>To use this application correctly you must have javascript enabled.
							</p>
						</div>
					</noscript>
						<div class="error">
					    	<p>    
					    		365 online no longer supports your browser, please upgrade. For more information see our <a href="/online365/spring/faqs" target="_blank">FAQs</a>.
					    	</p>
					    </div>
			        
					<legend class="hidden">Secure Login - Step 1 of 2</legend> <ol>
						<li> 
                               <label for="form:userId">Please enter your <strong> User ID</strong>
                               </label><span class="abbrstyle"><abbr title="Mandatory">*</abbr></span><input id="form:userId" type="text" name="form:userId" autocomplete="off" class="inputbox accountID" maxlength="8" onkeyup="autoTab(event,this,document.getElementById('form:dateOfBirth_date'),document.getElementById('form:phoneNumber'))" size="18" tabindex="1" title="Please enter your User ID" /> 
                           </li>
			
			                <li>
			                    <fieldset class="nestedlegend">
			                        <legend>Date of birth</legend>
			                        <div>Please enter your <strong>Date of Birth</strong></div>
			
			                        <label for="form:dateOfBirth_date" class="hidden">DD</label>
			                        <label for="form:dateOfBirth_month" class="hidden">MM</label>
			                        <label for="form:dateOfBirth_year" class="hidden">YYYY</label>
			                        <span class="abbrstyle"><abbr title="Mandatory">*</abbr></span><input id="form:dateOfBirth_date" class="day_month inputbox" tabindex="2" autocomplete="off" maxlength="2" name="form:dateOfBirth_date" size="2" type="text" title="Please enter the day of your birth" onkeyup="autoTabMaxLength(event,this, 'form:dateOfBirth_month')" value="DD" /> / <input id="form:dateOfBirth_month" class="day_month inputbox" tabindex="2" autocomplete="off" maxlength="2" name="form:dateOfBirth_month" size="2" title="Please enter the month of your birth" type="text" onkeyup="autoTabMaxLength(event,this, 'form:dateOfBirth_year')" value="MM" /> / <input id="form:dateOfBirth_year" class="year inputbox" autocomplete="off" maxlength="4" name="form:dateOfBirth_year" title="Please enter the year of your birth" size="4" type="text" onkeyup="autoTabMaxLength(event,this, 'form:continue')" value="YYYY" />
			                    </fieldset>
			                </li> </ol> 
					</fieldset>
					<div class="loginForgotDtlsCntnr">
						<p class="forgotDtls"><img src="/online365/images/extras/icon_forgot.png" alt="I've forgotten my login details opens up in a new window" /> <a href="/online365/spring/forgotton" target="_blank">Forgot details</a></p>
						<p class="Register">
							<img src="/online365/images/extras/icon_register.png" alt="Not registered, sign up for 365 online" /> 
							<a href="http://personalbanking.bankofireland.com/online-banking/registration" target="_blank">
								Register
							</a>
						</p>
<script type="text/javascript" src="/online365/spring/com_sun_faces_sunjsf.js"></script>
<a id="form:continue" href="#" onblur="(isIE6() || isIE7()) ? this.style.border='none' :this.style.outline='none';" onfocus="(isIE6() || isIE7()) ? this.style.border='#000000 dashed 1px' : this.style.outline='#000000 dotted thin';" tabindex="5" onclick="if(typeof jsfcljs == 'function'){jsfcljs(document.getElementById('form'),{'form:continue':'form:continue'},'');}return false" class="btn_login_continue">Continue</a>
					</div>
					<br class="clear" />
				</div> 
				<span class="curve"></span> 
				</div>
      <div class="secure clearFloat">
          <h3><img src="/online365/images/extras/icon_security.png" alt="Stay safe and secure opens up in a new window" /><a href="/online365/spring/security" target="_blank">Stay safe and secure</a></h3>
          <p><a href="/online365/spring/security" target="_blank"><strong>We will never email you requesting your online login details</strong> - please report any suspicious emails to <span class="textUnderline">365security@boi.com</span></a></p>
      </div>
			</div>	
	    </div>
    </div>
	
	<!-- here checking if external page is not null then it opens new window -->
	      <div class="container">
	       <div class="bg_white">
        
    <div class="ad_left">
    	<img src="../images/supp_images/iban_calc_130_90.jpg" alt="IBAN Calculator" title="IBAN Calculator" />
		<h2><a href="https://personalbanking.bankofireland.com/bank/sepa/bic-and-iban-explained/?utm_source=365Online&amp;utm_medium=referral&amp;utm_campaign=Iban_Bic_calculator&amp;utm_content=In_Ad_P_1">Looking for your IBAN?</a></h2>
	    <p><a href="https://personalbanking.bankofireland.com/bank/sepa/bic-and-iban-explained/?utm_source=365Online&amp;utm_medium=referral&amp;utm_campaign=Iban_Bic_calculator&amp;utm_content=In_Ad_P_1">Your IBAN is displayed on 365 online and in the Mobile and Tablet Apps. <br/>Find another IBAN using our calculator. </a></p>
	    <a href="https://personalbanking.bankofireland.com/bank/sepa/bic-and-iban-explained/?utm_source=365Online&amp;utm_medium=referral&amp;utm_campaign=Iban_Bic_calculator&amp;utm_content=In_Ad_P_1" class="btn_go_login">More Info</a>
    </div>
     
    <div class="ad_right">
    	<img src="../images/supp_images/security_icon_130x90.jpg" alt="Cyber Security" title="Cyber Security" />
		<h2><a href="https://www.bankofireland.com/cybersecurity/?utm_source=365Online&amp;utm_medium=referral&amp;utm_campaign=mobile_whata_new&amp;utm_content=In_Ad_P_2">Stay safe online</a></h2>
        <p><a href="https://www.bankofireland.com/cybersecurity/?utm_source=365Online&amp;utm_medium=referral&amp;utm_campaign=mobile_whata_new&amp;utm_content=In_Ad_P_2">Watch our short video for tips on how to keep yourself safe online.
</a></p>
        <a href="https://www.bankofireland.com/cybersecurity/?utm_source=365Online&amp;utm_medium=referral&amp;utm_campaign=mobile_whata_new&amp;utm_content=In_Ad_P_2" class="btn_go_login">More Info</a>
    </div> 
	       </div>

    <div class="hr_half"></div>

    <div class="news">
        <h3><a href="https://personalbanking.bankofireland.com/online-banking-demo/?utm_source=365Online&amp;utm_medium=referral&amp;utm_campaign=365_Demo&amp;utm_content=In_Ad_S_1">365 Online Demo</a></h3>
        <h4><a href="https://personalbanking.bankofireland.com/online-banking-demo/?utm_source=365Online&amp;utm_medium=referral&amp;utm_campaign=365_Demo&amp;utm_content=In_Ad_S_1">Need help with your online banking?</a></h4>
        <p>View our helpful demo for a step-by-step guide to the most popular services available on 365 online.</p>
        <a href="https://personalbanking.bankofireland.com/online-banking-demo/?utm_source=365Online&amp;utm_medium=referral&amp;utm_campaign=365_Demo&amp;utm_content=In_Ad_S_1">See Demo</a>
    </div>

	<br class="clear" />
	<div class="container marginAuto"> 
	<div class="hr_blue"></div>

	<div id="footer">
	<span class="server">J1
	</span>
	<ul>
		<li><img src="/online365/images/extras/icon_popup.gif" alt="About Us opens up in a new window" /> <a href="/online365/spring/about" target="_blank">About
		Us</a> |</li>
		<li><img src="/online365/images/extras/icon_popup.gif" alt="Security opens up in a new window" /> <a href="/online365/spring/security" target="_blank">Security</a>
		|</li>
		<li><img src="/online365/images/extras/icon_popup.gif" alt="Privacy Policy opens up in a new window" /> <a href="https://www.bankofireland.com/legal/privacy-statement/" target="_blank">Cookie and Privacy Policy</a> |</li>
		<li><img src="/online365/images/extras/icon_popup.gif" alt="Terms and Conditions opens up in a new window" /> <a href="/online365/spring/termsAndConditions" target="_blank">Terms and Conditions</a> |</li>
		<li><img src="/online365/images/extras/icon_popup.gif" alt="FAQs opens up in a new window" /> <a href="http://personalbanking.bankofireland.com/help-centre/product-queries/365-online-phone-mobile/" target="_blank">FAQs</a>
		|</li>
		<li><img src="/online365/images/extras/icon_popup.gif" alt="Accessibility opens up in a new window" /> <a href="/online365/spring/accessibility" target="_blank">Accessibility</a></li>

	</ul>
	
	</div>
	</div>

		<!-- Piwik -->
		<script type="text/javascript">
		var _paq = _paq || [];
		(function(){
		    var u=(("https:" == document.location.protocol) ? "http://vm000000391/channelsanalytics" 
		    		: "http://vm000000391/channelsanalytics");
		    _paq.push(['setSiteId', {$analyticalToolEnviromentId}]);
		    _paq.push(['setTrackerUrl', u+'piwik.php']);
		    _paq.push(['trackPageView']);
		    _paq.push(['enableLinkTracking']);
		    var d=document,
		        g=d.createElement('script'),
		        s=d.getElementsByTagName('script')[0];
		        g.type='text/javascript';
		        g.defer=true;
		        g.async=true;
		        g.src=u+'piwik.js';
		        s.parentNode.insertBefore(g,s);
		})();
		</script>
		<!-- End Piwik Code -->
	     </div>
	            
				<div class="container">
					<p>For details of NI/GB products &amp; services, please see <a href="http://www.bankofireland.co.uk/" target="_blank">www.bankofireland.co.uk</a> </p>				
					<p class="marginTop5px">Bank of Ireland is regulated by the Central Bank of Ireland. Bank of Ireland (UK) plc is authorised by the Prudential Regulation Authority and regulated by the Financial Conduct Authority and the Prudential Regulation Authority. Bank of Ireland Life is a trading name of New Ireland Assurance Company plc. New Ireland Assurance Company plc trading as Bank of Ireland Life is regulated by the Central Bank of Ireland. Life assurance and pension products are provided by New Ireland Assurance Company PLC trading as Bank of Ireland Life. </p>
				</div><input type="hidden" autocomplete="off" name="form" value="form" /><input type="hidden" autocomplete="off" name="autoScroll" value="" /><input type="hidden" autocomplete="off" name="form:j_idcl" value="" /><input type="hidden" autocomplete="off" name="form:_link_hidden_" value="" /><script type="text/javascript">function clear_form() {
_clearJSFFormParameters('form','',['form:j_idcl','form:_link_hidden_']);
}
function clearFormHiddenParams_form(){clear_form();}
function clearFormHiddenParams_form(){clear_form();}
clear_form();</script><input type="hidden" name="javax.faces.ViewState" id="javax.faces.ViewState" value="e1s1" autocomplete="off" /></form>
        </body>
</html>