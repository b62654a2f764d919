
	
<!DOCTYPE html>
<html class="no-js">
  <head>
    <title>Division of Corporations  - Florida Department of State </title>
      <meta charset="UTF-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1.0" />
      <meta http-equiv="X-UA-Compatible" content="IE=edge" />
      <meta name="google-translate-customization" content="b13e11864ff26f97-9ce91fe801721469-g2e5db22dd13dac5a-11"/>
      <meta name="google-site-verification" content="LeO7xapTmIz1cyCSxvIDFQx54khwE6tr0r86UBBEqR4" />
    
    
<!-- icon font --> 
<link href="/css/fontello.min.css" rel="stylesheet"/>

<!-- web font
<link href='https://fonts.googleapis.com/css?family=Oxygen:400,700' rel='stylesheet' type='text/css'> -->
<link href='https://fonts.googleapis.com/css?family=Open+Sans:400,600,700|Oxygen:400,700' rel='stylesheet' type='text/css'>
<!--[if lte IE 8]
    <link href='https://fonts.googleapis.com/css?family=Oxygen:400' rel='stylesheet' type='text/css'> 
    <link href='https://fonts.googleapis.com/css?family=Oxygen:700' rel='stylesheet' type='text/css'> 
 <![endif]-->

<!-- Bootstrap -->
<link href="/css/bootstrap.min.css" rel="stylesheet" media="all">

<link href="/css/font-awesome.min.css" rel="stylesheet" media="all">


<!-- primary stylesheet -->
<link href="/css/style.min.css" rel="stylesheet">

<!-- rte styles -->
<link href="/css/content-styles.css" rel="stylesheet">
     
<!-- division specific style -->

    <link href="/css/style-division.min.css" rel="stylesheet"/>
<link href="/css/doc.min.css" rel="stylesheet">	
<!-- not a style -->
<script src="/js/lib/modernizr/modernizr.min.js"></script>  

<!-- normal fixes for ie8 -->
<!--[if IE 8]>
    <link href="/css/style.ie8.min.css" rel="stylesheet">
<![endif]-->

<!-- bootstrap fixes for ie7 -->
<!--[if lte IE 7]>
    <link href="/css/bootstrap-ie7.min.css" rel="stylesheet">
<![endif]-->

	
    

	
  </head>
    <body>
        <!-- 17191 -->
		
        
<nav class="navbar navbar-inverse" id="dosbanner" role="navigation">
  <div class="container">
    <!-- Brand and toggle get grouped for better mobile display -->
    <div class="navbar-header">
      <button type="button" class="navbar-toggle" data-toggle="collapse" data-target="#dosMenu">
        <span class="sr-only">Toggle navigation</span>
        <span class="icon-menu"></span>
      </button>
      <a class="navbar-brand display-print" href="/"><img src="/images/dos.logo.black-bg.png" class="img-responsive" alt="Florida Department of State" id="dosLogo"></a>
    </div>

    <!-- Collect the nav links, forms, and other content for toggling -->
    <div class="collapse navbar-collapse  hidden-print" id="dosMenu">
      <ul class="nav navbar-nav navbar-right">
			<li><a href="/sunbiz/" title="Division of Corporations website">Corporations</a></li>
			<li><a href="/cultural/" title="Division of Cultural Affairs website">Cultural Affairs</a></li>
			<li><a href="/elections/" title="Division of Elections website">Elections</a></li>
			<li><a href="/historical/" title="Division of Historical Resources website">Historical Resources</a></li>
			<li><a href="/library-archives/" title="Division of Library and Information Services website">Library and Information Services</a></li>
	    </ul>
    </div><!-- /.navbar-collapse -->
  </div><!-- /.container-fluid -->
</nav>

      	
        

<div id="header">

    <div class="container">
        


<div id="banner" class="search-banner banner-division">
	
    <div  class="row">
        <div class="brand">
            <p class="logo">
                <a href="/sunbiz/">
                    <img src="/media/695574/sunbiz-web-logo1.png?crop=0,0,0,0&cropmode=percentage&width=455&height=120&rnd=132023206570000000" alt="Division of Corporations"/>
                </a>
            </p>
               <!-- <p class="section-title"> <a href="/sunbiz/">Division of <br />Corporations</a></p> -->
        </div>

        <div class="call-to-action">
            
            <p class="mission lead">The Division of Corporations is the State of Florida's official business entity index and commercial activity website.</p>
            
            <form class="search hidden-print" action="/sunbiz/search-results/" method="get">
                 
                <div class="input-group">
                    <input type="text" title="Search" class="form-control"  placeholder="How can we serve you?" name="q"> <span class="input-group-btn"><input type="submit" value="Search" class="btn"></span>
                    
                </div>
            </form>
						
        </div>
    </div>
</div>


    </div>

    <div class="navigation">
        <div class="container">
            

<nav class="megamenu hidden-print navbar" role="navigation">
          <ul class="nav-menu collapse navbar-collapse" id="main-menu">

            <li class="menu-item   ">

                <a href="/sunbiz/about-us/">About Us</a>

                        <div class="sub-nav " >
                            <div class="row">
                                <div class="col-md-12 nav-primary">
                                        <ul class="sub-nav-group" id="">

            <li class="  ">

                <a href="/sunbiz/about-us/division-overview/">Division Overview</a>



            </li>
            <li class="  ">

                <a href="/sunbiz/about-us/media-relations-and-legislative-affairs/">Media Relations and Legislative Affairs</a>



            </li>
            <li class="  ">

                <a href="/sunbiz/about-us/faqs/">Division FAQs</a>



            </li>
            <li class="  ">

                <a href="/sunbiz/about-us/consumer-notices/">Consumer Notices</a>



            </li>
            <li class="  ">

                <a href="/sunbiz/about-us/yearly-statistics/">Yearly Statistics</a>



            </li>
    </ul>

                                </div>
                            </div>
                        </div>


            </li>
            <li class="menu-item   ">

                <a href="/sunbiz/search/">Search Records </a>



            </li>
            <li class="menu-item   ">

                <a href="/sunbiz/start-business/">Start a Business</a>

                        <div class="sub-nav " >
                            <div class="row">
                                <div class="col-md-12 nav-primary">
                                        <ul class="sub-nav-group" id="">

            <li class="  ">

                <a href="/sunbiz/start-business/know-before-starting/">General Information &amp; Available Resources</a>



            </li>
            <li class="  ">

                <a href="/sunbiz/start-business/corporate-structure/">Types of Business Entities/Structures</a>



            </li>
            <li class="  ">

                <a href="/sunbiz/start-business/efile/">Start E-Filing</a>

    <ul class="level-3" id="">

            <li class="  ">

                <a href="/sunbiz/start-business/efile/fl-llc/">Limited Liability Company</a>



            </li>
            <li class="  ">

                <a href="/sunbiz/start-business/efile/fl-profit-corporation/">Profit Corporation</a>



            </li>
            <li class="  ">

                <a href="/sunbiz/start-business/efile/fl-nonprofit-corporation/">Non-Profit Corporation</a>



            </li>
            <li class="  ">

                <a href="/sunbiz/start-business/efile/fl-limited-partnership/">Limited Partnership</a>



            </li>
            <li class="  ">

                <a href="/sunbiz/start-business/efile/florida-department-of-states-duties/">Fictitious Name Registration</a>



            </li>
    </ul>


            </li>
    </ul>

                                </div>
                            </div>
                        </div>


            </li>
            <li class="menu-item   ">

                <a href="/sunbiz/manage-business/">Manage/Change Existing Business</a>

                        <div class="sub-nav " >
                            <div class="row">
                                <div class="col-md-12 nav-primary">
                                        <ul class="sub-nav-group" id="">

            <li class="  ">

                <a href="/sunbiz/manage-business/efile/">Manage/Change with E-Filing</a>

    <ul class="level-3" id="">

            <li class="  ">

                <a href="/sunbiz/manage-business/efile/annual-report/">File Annual Report</a>



            </li>
            <li class="  ">

                <a href="/sunbiz/manage-business/efile/reinstatement/">File Reinstatement</a>



            </li>
            <li class="  ">

                <a href="/sunbiz/manage-business/efile/fictitious-name-renewal/">Fictitious Name Renewal</a>



            </li>
    </ul>


            </li>
            <li class="  ">

                <a href="/sunbiz/manage-business/dissolve-withdraw-business/">Dissolve or Withdraw a Business</a>

    <ul class="level-3" id="">

            <li class="  ">

                <a href="/sunbiz/manage-business/dissolve-withdraw-business/efile-corporation-dissolution/">File Corporation Dissolution</a>



            </li>
            <li class="  ">

                <a href="/sunbiz/manage-business/dissolve-withdraw-business/efile-llc-dissolution/">File LLC Dissolution</a>



            </li>
            <li class="  ">

                <a href="/sunbiz/manage-business/dissolve-withdraw-business/efile-foreign-entity-withdrawal/">File Foreign Entity Withdrawal</a>



            </li>
    </ul>


            </li>
            <li class="  ">

                <a href="/sunbiz/manage-business/certification/">Certification</a>

    <ul class="level-3" id="">

            <li class="  ">

                <a href="/sunbiz/manage-business/certification/certificate-status-efile/">Order Certificate of Status</a>



            </li>
            <li class="  ">

                <a href="https://services.sunbiz.org/Filings/CertificateOfStatus/CertificateAuthentication" rel="external">Check Certificate of Status</a>



            </li>
    </ul>


            </li>
            <li class="  ">

                <a href="/sunbiz/manage-business/update-information/">Update Your Information</a>



            </li>
            <li class="  ">

                <a href="/sunbiz/manage-business/reprint-check-voucher/">Reprint Check Voucher</a>



            </li>
            <li class="  ">

                <a href="/sunbiz/manage-business/mind-your-sunbizness/">Mind Your Sunbizness!</a>



            </li>
    </ul>

                                </div>
                            </div>
                        </div>


            </li>
            <li class="menu-item   ">

                <a href="/sunbiz/forms/">Forms &amp; Fees</a>

                        <div class="sub-nav " >
                            <div class="row">
                                <div class="col-md-12 nav-primary">
                                        <ul class="sub-nav-group" id="">

            <li class="  ">

                <a href="/sunbiz/forms/corporations/">Corporations</a>



            </li>
            <li class="  ">

                <a href="/sunbiz/forms/limited-liability-company/">Limited Liability Company</a>



            </li>
            <li class="  ">

                <a href="/sunbiz/forms/partnerships/">Partnerships</a>



            </li>
            <li class="  ">

                <a href="/sunbiz/forms/fictitious-name/">Fictitious Name</a>



            </li>
            <li class="  ">

                <a href="/sunbiz/forms/judgment-lien/">Judgment Lien</a>

    <ul class="level-3" id="">

            <li class="  ">

                <a href="/sunbiz/forms/judgment-lien/efile/">E-File Judgment Lien</a>



            </li>
    </ul>


            </li>
            <li class="  ">

                <a href="/sunbiz/forms/trademark-and-service-mark/">Trademark and Service Mark</a>



            </li>
            <li class="  ">

                <a href="/sunbiz/forms/cable-franchise/">Cable Franchise</a>



            </li>
            <li class="  ">

                <a href="/sunbiz/forms/miscellaneous-forms/">Miscellaneous Forms</a>



            </li>
            <li class="  ">

                <a href="/sunbiz/forms/fees/">Fees</a>



            </li>
    </ul>

                                </div>
                            </div>
                        </div>


            </li>
            <li class="menu-item   ">

                <a href="/sunbiz/other-services/">Authentications, Notaries &amp; Other Services</a>

                        <div class="sub-nav " >
                            <div class="row">
                                <div class="col-md-12 nav-primary">
                                        <ul class="sub-nav-group" id="">

            <li class="  ">

                <a href="/sunbiz/other-services/apostille-notarial-certification/">Authentications (Apostilles &amp; Notarial Certifications)</a>



            </li>
            <li class="  ">

                <a href="http://notaries.dos.state.fl.us/" rel="external">Notaries</a>



            </li>
            <li class="  ">

                <a href="/sunbiz/other-services/service-of-process/">Service of Process</a>



            </li>
            <li class="  ">

                <a href="/sunbiz/other-services/subpoenas-and-public-records-exemption-requests/">Subpoenas, Exemption and Public Records Requests</a>



            </li>
            <li class="  ">

                <a href="/sunbiz/other-services/data-downloads/">Data Downloads</a>



            </li>
            <li class="  ">

                <a href="/sunbiz/other-services/sunbiz-efile-account/">Prepaid Sunbiz E-File Account</a>



            </li>
            <li class="  ">

                <a href="http://www.leg.state.fl.us/index.cfm?Mode=View%20Statutes&amp;Submenu=1&amp;Tab=statutes" rel="external">Florida Statutes</a>



            </li>
            <li class="  ">

                <a href="/sunbiz/other-services/ucc-information/">UCC Information</a>



            </li>
    </ul>

                                </div>
                            </div>
                        </div>


            </li>
            <li class="menu-item   ">

                <a href="/sunbiz/contact/">Contact Us</a>

                        <div class="sub-nav " >
                            <div class="row">
                                <div class="col-md-12 nav-primary">
                                        <ul class="sub-nav-group" id="">

            <li class="  ">

                <a href="/sunbiz/contact/address-phone-numbers/">Telephone Numbers, Addresses and Email  </a>



            </li>
            <li class="  ">

                <a href="/sunbiz/contact/other-requested-phone-numbers/">Other Frequently Requested Telephone Numbers</a>



            </li>
    </ul>

                                </div>
                            </div>
                        </div>


            </li>
    </ul>

</nav>



        </div>
    </div>
    <hr class="shadow">



</div>

		
		
<div class="translation-bar container" >
    <p class="instruction" lang="es">  Para español, seleccione de la lista </p>
    <div id="google_translate_element" class="">
        <!--Google Translate Widget  -->
    </div>
</div>

<div id="content" class="content container">
    <link rel="stylesheet" href="/css/flipclock.css">
            <div class="alert alert-notice  alert-danger alert-dismissible timerClockFix" role="alert">
                <p class="alert-message"><h4>The Florida Department of State is committed to our customers and we are implementing critical investments to our systems and processes which will improve efficiency and security for Florida businesses. At this time, due to the high volume of filing activity in conjunction with the implementation of these upgrades there will be a delay in processing. Click <a href="/sunbiz/document-processing-dates/" title="Document Processing Dates" data-id="58219">here </a>for current processing dates. Thank you for your patience.</h4></p>
            </div>
        <div id="feature-window" class="" aria-live="polite">
                <ul class=" cycle-slideshow list-unstyled"
                    data-cycle-slides="li"
                    data-cycle-pager="#feature-window-menu"
                    data-cycle-pager-template="<li class=''><a href='#'>{{slideNum}}</a></li>"
                    data-cycle-timeout="10000"
                    data-cycle-speed="1000"
                    data-cycle-pause-on-hover="true"
                    data-cycle-swipe="true"
                    data-cycle-log="false"
                    data-cycle-loader="false"
                    data-cycle-auto-height="974:252">

                        <li class="item first" id="item_54363">

                            



    <a href="/sunbiz/manage-business/mind-your-sunbizness/">
        
            <noscript data-slimmage>
                <img src="/media/698700/webpageheader.jpg?anchor=center&amp;mode=crop&amp;width=974&amp;heightratio=0.2587268993839835728952772074&amp;rnd=131582437810000000" alt="" class="slimmage"/>
            </noscript>   
        
        <div class="item-caption"><p>Mind Your Sunbizness!</p></div>
    </a>


                        </li>
                        <li class="item first" id="item_51529">

                            



    <a href="/sunbiz/start-business/">
        
            <noscript data-slimmage>
                <img src="/media/696809/start-business-banner-version05.png?anchor=center&amp;mode=crop&amp;width=974&amp;heightratio=0.2587268993839835728952772074&amp;rnd=131239562330000000" alt="" class="slimmage"/>
            </noscript>   
        
        <div class="item-caption"><p>Start a Business in Florida</p></div>
    </a>


                        </li>
                        <li class="item first" id="item_51512">

                            



    <div id="noCaptionTextSpan3">

        <noscript data-slimmage>
            <img src="/media/696784/fl-flag-banner-clouds.jpg?center=0.69473684210526321,0.22282608695652173&amp;mode=crop&amp;width=974&amp;heightratio=0.2587268993839835728952772074&amp;rnd=131236378390000000" alt="" class="slimmage" />
        </noscript>

        <div class="item-caption"><p>Sunbiz.org</p></div>
    </div>


                        </li>
                        <li class="item first" id="item_58158">

                            



    <div id="noCaptionTextSpan3">

        <noscript data-slimmage>
            <img src="/media/699802/2019-lastchancebannersunbiz.jpg?anchor=center&amp;mode=crop&amp;width=974&amp;heightratio=0.2587268993839835728952772074&amp;rnd=132023180280000000" alt="" class="slimmage" />
        </noscript>

        <div class="item-caption"><p>File Annual Report </p></div>
    </div>


                        </li>
           
                </ul>

                    <span aria-role="button" aria-label="Play slideshow" class="glyphicon glyphicon-pause cycle-slideshow-control-button" tabindex="0"  data-cycle-context="#feature-window .cycle-slideshow"></span>
                    <ol id="feature-window-menu" class="cycle-pager list-inline" data-cycle-context="#feature-window .cycle-slideshow"></ol>
            </div>

        


<div class="top-tabs section-links">

       
            <div class="col-md-4 tab-panel clearfix">
                
                <h3 class="panel-header">
Filing Services                </h3>
                <div class="panel-content">
                    <ul>
<li><a href="/sunbiz/manage-business/efile/annual-report/" title="File Annual Report" class="link-highlight" data-id="50900">Annual Report</a></li>
<li><a href="/sunbiz/start-business/efile/fl-llc/">New Florida LLC</a></li>
<li><a href="/sunbiz/start-business/efile/fl-profit-corporation/">New Florida Profit Corporation</a></li>
<li><a href="/sunbiz/start-business/efile/fl-nonprofit-corporation/">New Florida Non-Profit Corporation</a></li>
<li><a href="/sunbiz/start-business/efile/fl-limited-partnership/" data-id="50921">New Florida Limited Partnership</a></li>
<li><a href="/sunbiz/manage-business/dissolve-withdraw-business/" data-id="50703">Dissolve or Withdraw a Business</a></li>
<li><a href="/sunbiz/manage-business/efile/reinstatement/">Reinstatement</a> </li>
</ul>
                </div>
                
                <p class="button">
                    </p> 
            </div>
            <div class="col-md-4 tab-panel clearfix">
                
                <h3 class="panel-header">
Resources                </h3>
                <div class="panel-content">
                    <ul>
<li><a href="/sunbiz/manage-business/mind-your-sunbizness/">Mind Your Sunbizness!</a></li>
<li><a href="/sunbiz/about-us/consumer-notices/">Consumer Notices &amp; News</a></li>
<li><a href="/sunbiz/start-business/">Start a Business</a></li>
<li><a href="/sunbiz/other-services/subpoenas-and-public-records-exemption-requests/" title="Subpoenas and Public Records Exemption Requests" data-id="52541">Subpoenas, Exemption and Public Records Requests</a></li>
<li><a href="/sunbiz/other-services/apostille-notarial-certification/">Authentications/Apostille Certification</a></li>
<li><a href="/sunbiz/about-us/faqs/">Frequently Asked Questions</a></li>
<li><a href="http://www.leg.state.fl.us/index.cfm?Mode=View%20Statutes&amp;Submenu=1&amp;Tab=statutes">Florida Statutes</a></li>
</ul>
                </div>
                
                <p class="button">
                    </p> 
            </div>
            <div class="col-md-4 tab-panel clearfix">
                
                <h3 class="panel-header">
Popular Tasks                </h3>
                <div class="panel-content">
                    <ul>
<li><a href="/sunbiz/document-processing-dates/" title="Document Processing Dates" class="link-highlight" data-id="58219">Current Processing Dates</a></li>
<li><a href="/sunbiz/search/">Look up a Business</a></li>
<li><a href="/sunbiz/manage-business/update-information/">Update or Change Your Information</a></li>
<li><a href="/sunbiz/manage-business/certification/certificate-status-efile/">Certificate of Status</a></li>
<li><a href="/sunbiz/manage-business/certification/certified-copy-by-mail/" data-id="50815">Certified Copy</a></li>
<li><a href="/sunbiz/start-business/efile/florida-department-of-states-duties/">Fictitious Name Registration</a></li>
<li><a href="/sunbiz/manage-business/efile/fictitious-name-renewal/" data-id="50902">Fictitious Name Renewal</a></li>
</ul>
                </div>
                
                <p class="button">
                    </p> 
            </div>

</div>

        <div class="panels list-unstyled">


<div class="panel ">
    <h3>Contact</h3>

        
<div class="row panel-333333">
    <div class="col-md-4 clearfix">
        <div class="panel-column panel-left">
            <h4>Physical Address</h4>
<p>Florida Division of Corporations<br />Clifton Building<br />2661 Executive Center Circle<br />Tallahassee, FL 32301</p>
<p><strong>Hours:</strong> 8:00 AM – 5:00 PM EST</p>
        </div>
    </div>
    <div class="col-md-4 clearfix">
        <div class="panel-column panel-center">
            <h4>Email</h4>
<p><img style="width: 61px; height: 61px;" src="/media/697481/email-icon.png?width=61&amp;height=61" alt="" data-id="52544"> <a href="/cdn-cgi/l/email-protection#02616d70726a676e7242666d712c6f7b646e6d706b66632c616d6f"><span class="__cf_email__" data-cfemail="bad9d5c8cad2dfd6cafaded5c994d7c3dcd6d5c8d3dedb94d9d5d7">[email&#160;protected]</span></a></p>
        </div>
    </div>			
    <div class="col-md-4 clearfix">
        <div class="panel-column panel-right">
            <h4>Phone Numbers</h4>
<h3><a href="/sunbiz/contact/address-phone-numbers/#phone"><strong><span class="icon-image" style="font-size: 3.5em;"></span></strong><br /><strong>Corporations Directory</strong></a></h3>
<p><a href="/sunbiz/contact/other-requested-phone-numbers/"><strong>Other Frequently Requested Numbers</strong></a></p>   
        </div>
       
    </div>
</div>
	

    
    
    </div>

<div class="panel ">
    <h3>Consumer Notices</h3>

        
<div class="row panel-3367">
    <div class="col-md-4 clearfix">
        <div class="panel-column panel-left">
            <p><span class="image-center"><img style="width: 228px; height: 250px;" src="/media/696462/important-information-228x250px.png?width=228&amp;height=250" alt="Important Information written on a sticky note."></span></p>
        </div>
    </div>
     <div class="col-md-8 clearfix">
         <div class="panel-column panel-center">
            <p><strong> </strong></p>
<ul>
<li>07/09/2018 - <a href="/sunbiz/about-us/consumer-notices/government-impostor-and-deceptive-advertisement-act-gidaa/" title="Government Impostor and Deceptive Advertisement Act (GIDAA)" data-id="55826">Government Impostor and Deceptive Advertisement Act (GIDAA)</a></li>
<li>05/18/2017 – <a href="/sunbiz/about-us/consumer-notices/beware-docusign-phishing-campaign/" title="Beware DocuSign Phishing Campaign" data-id="53149">Beware DocuSign Phishing Campaign</a></li>
<li>08/19/2016 – <a href="/sunbiz/about-us/consumer-notices/beware-unofficial-websites-or-communications-by-mail/" data-id="51594">Beware Unofficial Websites or Communications by Mail</a></li>
<li>07/01/2016 – <a href="/sunbiz/about-us/consumer-notices/fic-name-renewal-notices/" data-id="51268">Beware Unofficial Fictitious Name Renewal Notices</a></li>
<li>05/12/2016 – <a href="/sunbiz/about-us/consumer-notices/updating-records/">Updating Records</a></li>
<li>05/12/2016 – <a href="/sunbiz/about-us/consumer-notices/beware-of-suspicious-notices/">Beware of Suspicious Notices</a></li>
</ul>
<p style="text-align: right;"><a href="/sunbiz/about-us/consumer-notices/" data-id="51006">View More Consumer Notices »</a></p>
        </div>
     </div>
</div>




    
    
    </div>     </div>


</div>
		

        
<div id="footer">
    <div class="container">
        <div class="row">
            <div class="col-md-8">
                <p class="logo state-seal"><img src="/images/seal.png" alt="Florida State Seal"></p>
                <p class="officials">
                    Ron DeSantis, Governor<br>
                    Laurel M. Lee, Secretary of State
                </p>
                <ul class="list-inline utility-links" style="clear:left;">
                    <li><a href="/privacy-policy/">Privacy Policy</a></li>
                    <li><a href="/accessibility/">Accessibility</a></li>
                    <li><a href="/site-map/">Site Map</a></li>
                </ul>
				
				
                <p class="lead questions">Questions or comments? <a href="/contact-us/">Contact Us </a>
					
					
                    <br /> <a href="http://dos.myflorida.com/offices/general-counsel/public-records-requests/">Submit a public records request.</a> 
                </p>
                <p class="disclaimer">Under Florida law, e-mail addresses are public records. If you do not want your e-mail address released in response to a public records request, do not send electronic mail to this entity. Instead, contact this office by phone or in writing.</p>
                <p class="copyright"><small><a href="/copyright/">Copyright</a> &copy; 2019 State of Florida, Florida Department of State.</small></p>
            </div>
            <div class="contact-block col-md-4">
                <ul class="utility-links list-inline" style="clear:left;">
                    <li><a href="/communications/" title="Department of State Communications">Media</a></li>
                    <li><a href="/communications/connect/" title="Connect with the Department of State">Connect</a></li>
                </ul>
                <p class="department">
                    Florida Department of State<br>
                    
                </p>
                <p class="address">
                    Clifton Building<br />
                    2661 Executive Center Circle<br />
                    Tallahassee, FL 32301<br />
                </p>
                
            </div>
        </div>
        <div class="row">
            <div class="col-md-9">
            </div>
        </div>
    </div>
</div>
   
        





<!--
To collect end-user usage analytics about your application,
insert the following script into each page you want to track.
Place this code immediately before the closing </head> tag,
and before any other scripts. Your first data will appear
automatically in just a few seconds.

<script type="text/javascript">
    var appInsights=window.appInsights||function(config){
        function s(config){t[config]=function(){var i=arguments;t.queue.push(function(){t[config].apply(t,i)})}}var t={config:config},r=document,f=window,e="script",o=r.createElement(e),i,u;for(o.src=config.url||"//az416426.vo.msecnd.net/scripts/a/ai.0.js",r.getElementsByTagName(e)[0].parentNode.appendChild(o),t.cookie=r.cookie,t.queue=[],i=["Event","Exception","Metric","PageView","Trace"];i.length;)s("track"+i.pop());return config.disableExceptionTracking||(i="onerror",s("_"+i),u=f[i],f[i]=function(config,r,f,e,o){var s=u&&u(config,r,f,e,o);return s!==!0&&t["_"+i](config,r,f,e,o),s}),t
    }({
        instrumentationKey:"0ca65c44-a7a8-4e62-9281-a40292b5218c"
    });
    
    window.appInsights=appInsights;
    appInsights.trackPageView();
</script>-->
	

<!-- CDF: No JS dependencies were declared //-->
	

<!-- jquery -->
<script data-cfasync="false" src="/cdn-cgi/scripts/5c5dd728/cloudflare-static/email-decode.min.js"></script><script src="//ajax.googleapis.com/ajax/libs/jquery/1.10.0/jquery.min.js"></script>

<!-- bundled scripts for main menu and quicklinks scroll -->
<script src="/js/helpers.min.js"></script>
<script src="/js/navigation.min.js"></script>
      
<!-- bundled scripts for carousel -->
<script src="/js/lib/jquery.cycle2/jquery.cycle2.all.min.js"></script>
           
<!-- modernizer loads, custom stuff and initializations -->
<script src="/scripts/js/dos.min.js"></script> 

<!-- jquery countdown clock -->
<script src="/js/flipclock.js"></script>

<script type="text/javascript">

			        $(document).ready(function() {

				        // Grab the current date
				        var currentDate = new Date();

				        // Set some date in the future. In this case, it's always Jan 1
				        var futureDate = new Date(jsReadableYear, jsReadableMonth, jsReadableDay, jsReadableHour, jsReadableMinute);

			            console.log(futureDate);

				        // Calculate the difference in seconds between the future and current date
				        var diff = futureDate.getTime() / 1000 - currentDate.getTime() / 1000;

				        // Instantiate a coutdown FlipClock
				        clock = $('.clock').FlipClock(diff, {
					        clockFace: 'DailyCounter',
					        countdown: true,
                            showSeconds: false
				        });
			        });
</script>


<script type="text/javascript">
    function googleTranslateElementInit() {
        new google.translate.TranslateElement({ pageLanguage: 'en', includedLanguages: 'es,en', layout: google.translate.TranslateElement.InlineLayout.HORIZONTAL, multilanguagePage: true, gaTrack: true, gaId: 'UA-3263504-19' }, 'google_translate_element');
    }
</script>
<script type="text/javascript" src="//translate.google.com/translate_a/element.js?cb=googleTranslateElementInit"></script>

<!-- new google analytics (created for cms launch) -->
<script>
    (function (i, s, o, g, r, a, m) {
        i['GoogleAnalyticsObject'] = r; i[r] = i[r] || function () {
            (i[r].q = i[r].q || []).push(arguments)
        }, i[r].l = 1 * new Date(); a = s.createElement(o),
            m = s.getElementsByTagName(o)[0]; a.async = 1; a.src = g; m.parentNode.insertBefore(a, m)
    })(window, document, 'script', '//www.google-analytics.com/analytics.js', 'ga');

    ga('create', 'UA-3263504-19', 'myflorida.com');
    ga('send', 'pageview');
</script>

<script>window.twttr = (function (d, s, id) { var js, fjs = d.getElementsByTagName(s)[0], t = window.twttr || {}; if (d.getElementById(id)) return t; js = d.createElement(s); js.id = id; js.src = "https://platform.twitter.com/widgets.js"; fjs.parentNode.insertBefore(js, fjs); t._e = []; t.ready = function (f) { t._e.push(f); }; return t; }(document, "script", "twitter-wjs"));</script>
	
        
    </body>
</html>