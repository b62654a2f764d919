User-agent: *
Sitemap: https://www.bmoharris.com/sitemap.xml
Disallow: /new_banner_test/
Disallow: /main/test
Disallow: /main/personal/banking/digitalbankinghelp
Disallow: /main/personal/savings-and-cds/money-market-account-offer
Disallow: /*/dp-*
Disallow: /hob/message/*
Disallow: /hobtest/*
Disallow: /products-services/*
Disallow: /us/personal-finance/mortgages/mortgage-selector-print
Disallow: /us/hob/rates/*
Disallow: /vgn/interstitials/*
Disallow: /us/popups/hob/login-criteria
Disallow: /us/popups/personal/auto-save
Disallow: /us/popups/personal/card-safety
Disallow: /us/popups/personal/online-enrollment
Disallow: /vgn/CheckingProducts/Outage.html
Disallow: /vgn/olbb/*
Disallow: /mortgage-promo/*
Disallow: /promo/*
Disallow: /landing-pages/*
Disallow: /vgn/s1/*
Disallow: /vgn/mortgage-email/*
Disallow: /ci/backlog/*
Disallow: /main/search/*
Disallow: /*/tel:
Disallow: /pdf/My%20Home*
Disallow: /us/commercial/perspectives/*
Disallow: /vgn/mobile/privacy*
Disallow: /main/personal/credit-cards/tsystest-pub
Disallow: /main/personal/credit-cards/tsystest-pub/*
Disallow: /pdf/sb/AgreementsoftheBorrower.pdf
Disallow: /pdf/sb/Guaranty.pdf
Disallow: /pdf/sb/BMOHarrisCreditAgreement.pdf
Disallow: /pdf/sb/EcommunicationConsent.pdf
Disallow: /pdf/sb/CreditBureauAuthorization.pdf
Disallow: /pdf/sb/ElectronicNoticeandConsentAgreement.pdf
Disallow: /pdf/sb/CreditCardTermsandConditions.pdf
Disallow: /us/personal-finance/checking-accounts/rates
Disallow: /vgn/getmorebank/*
Disallow: /main/milwaukee-holiday
Disallow: /main/personal/credit-cards/alshf*
Disallow: /products-services/credit-cards/alshf*
Disallow: /us/about/legal

Allow: /main/small-business-banking/*
Allow: /main/personal/checking-accounts/*
Allow: /main/personal/investments-and-retirement/*
Allow: /main/personal/credit-cards/*
Allow: /main/personal/mortgages/*
Allow: /main/personal/loans-and-lines-of-credit/*
Allow: /main/personal/mobile-banking/*
Allow: /main/personal/bank-at-work
Allow: /main/personal/savings-and-cds
Allow: /main/personal/savings-and-cds/savings-and-cds/statement
Allow: /main/personal/savings-and-cds/savings-and-cds/select-money-market
Allow: /main/personal/savings-and-cds/savings-and-cds/certificates-of-deposit
Allow: /main/dab/*
Allow: /main/contact-us
Allow: /main/personal/premier
Allow: /vgn/mobile/index.html





















