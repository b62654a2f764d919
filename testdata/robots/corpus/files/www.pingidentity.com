# Updated 3.13.2019 (www.pingidentity.com)

# For all bots
User-agent: *
Disallow: /content/dam/ping-6-2-assets/Assets/white-papers/en/mfa-best-practices-securing-modern-digital-enterprise-3001.pdf?id=b6322a80-f285-11e3-ac10-0800200c9a66
Disallow: /content/dam/ping-6-2-assets/Assets/white-papers/en/streamlining-identity-management-across-partner-value-chain-3010.pdf?id=b6322a80-f285-11e3-ac10-0800200c9a66
Disallow: /content/dam/ping-6-2-assets/Assets/white-papers/en/EXP-mobility_white_paper.pdf?id=b6322a80-f285-11e3-ac10-0800200c9a66
Disallow: /content/dam/ping-6-2-assets/Assets/white-papers/en/modernizing-web-access-management-3022.pdf?id=b6322a80-f285-11e3-ac10-0800200c9a66
Disallow: /content/dam/ping-6-2-assets/Assets/white-papers/en/3028-getting-customer-iam-right.pdf?id=b6322a80-f285-11e3-ac10-0800200c9a66
Disallow: /content/dam/ping-6-2-assets/Assets/white-papers/en/modern-identity-architecture-for-the-digital-enterprise-51077.pdf?id=b6322a80-f285-11e3-ac10-0800200c9a66
Disallow: /content/dam/ping-6-2-assets/Assets/white-papers/en/distributed-session-management-3033.pdf?id=b6322a80-f285-11e3-ac10-0800200c9a66
Disallow: /content/dam/ping-6-2-assets/Assets/white-papers/en/3034-integrating-ping-identity-solutions-with-google-identity-services.pdf
Disallow: /content/dam/ping-6-2-assets/Assets/white-papers/en/best-practices-augmenting-idaas-cloud-iam-architecture.pdf?id=b6322a80-f285-11e3-ac10-0800200c9a66
Disallow: /content/dam/ping-6-2-assets/Assets/white-papers/en/5-reasons-its-time-for-secure-sso-white-paper.pdf?id=b6322a80-f285-11e3-ac10-0800200c9a66 
Disallow: /content/dam/ping-6-2-assets/Assets/white-papers/en/3116-a-primer-on-scim.pdf?id=b6322a80-f285-11e3-ac10-0800200c9a66
Disallow: /content/dam/ping-6-2-assets/Assets/white-papers/en/saml-101-white-paper.pdf?id=b6322a80-f285-11e3-ac10-0800200c9a66
Disallow: /content/dam/ping-6-2-assets/Assets/white-papers/en/3119-essential-oauth-primer.pdf?id=b6322a80-f285-11e3-ac10-0800200c9a66
Disallow: /content/dam/ping-6-2-assets/Assets/white-papers/en/3125-identity-is-the-center-of-the-omnichannel.pdf?id=b6322a80-f285-11e3-ac10-0800200c9a66
Disallow: /content/dam/ping-6-2-assets/Assets/white-papers/en/3126-internet-scale-identity-systems.pdf?id=b6322a80-f285-11e3-ac10-0800200c9a66
Disallow: /content/dam/ping-6-2-assets/Assets/white-papers/en/3127-openid-connect-101.pdf?id=b6322a80-f285-11e3-ac10-0800200c9a66
Disallow: /content/dam/ping-6-2-assets/Assets/white-papers/en/3128-standardized-identity-protocols-and-iot.pdf?id=b6322a80-f285-11e3-ac10-0800200c9a66
Disallow: /content/dam/ping-6-2-assets/Assets/white-papers/en/piv-cac-card-white-paper.pdf?id=b6322a80-f285-11e3-ac10-0800200c9a66
Disallow: /content/dam/ping-6-2-assets/Assets/white-papers/en/3131-how-to-extend-identity-security-to-your-apis.pdf.?id=b6322a80-f285-11e3-ac10-0800200c9a66
Disallow: /content/dam/ping-6-2-assets/Assets/white-papers/en/the-primer-nuts-and-bolts-of-federated-identity-management.pdf?id=b6322a80-f285-11e3-ac10-0800200c9a66
Disallow: /content/dam/ping-6-2-assets/Assets/white-papers/en/3139-securing-your-enterprise.pdf
Disallow: /content/dam/ping-6-2-assets/Assets/white-papers/en/3141-microsoft-pingaccess-whitepaper-0922-v8.pdf?id=b6322a80-f285-11e3-ac10-0800200c9a66
Disallow: /content/dam/ping-6-2-assets/Assets/white-papers/en/3165-identity-management-for-the-internet-of-things.pdf?id=b6322a80-f285-11e3-ac10-0800200c9a66
Disallow: /content/dam/ping-6-2-assets/Assets/white-papers/en/3200-business-drivers-of-user-managed-consent.pdf?id=b6322a80-f285-11e3-ac10-0800200c9a66
Disallow: /content/dam/ping-6-2-assets/Assets/white-papers/en/3217-engineering-scale-and-performance-for-customer-identities.pdf?id=b6322a80-f285-11e3-ac10-0800200c9a66
Disallow: /content/dam/ping-6-2-assets/Assets/white-papers/en/3237-iam-pros-guide-part-1.pdf?id=b6322a80-f285-11e3-ac10-0800200c9a66
Disallow: /content/dam/ping-6-2-assets/Assets/white-papers/en/3255-iam-pros-guide-part-3.pdf?id=b6322a80-f285-11e3-ac10-0800200c9a66
Disallow: /content/dam/ping-6-2-assets/Assets/white-papers/en/3253-multi-factor-authentication-for-customers.pdf?id=b6322a80-f285-11e3-ac10-0800200c9a66
Disallow: /content/dam/ping-6-2-assets/Assets/white-papers/en/gdpr-opportunities-building-customer-trust-loyalty-wp-3257.pdf?id=b6322a80-f285-11e3-ac10-0800200c9a66
Disallow: /content/dam/ping-6-2-assets/Assets/white-papers/en/3297-expand-sso-to-comprehensive-access-managment.pdf?id=b6322a80-f285-11e3-ac10-0800200c9a66
Disallow: /content/dam/ping-6-2-assets/Assets/white-papers/en/3299-unified-approach-to-delivering-exceptional-customer-experiences.pdf?id=b6322a80-f285-11e3-ac10-0800200c9a66
Disallow: /content/dam/ping-6-2-assets/Assets/white-papers/en/3303-iam-solutions-for-financial-services.pdf?id=b6322a80-f285-11e3-ac10-0800200c9a66
Disallow: /content/dam/ping-6-2-assets/Assets/white-papers/en/3317-seamless-secure-healthcare-delivery.pdf?id=b6322a80-f285-11e3-ac10-0800200c9a66
Disallow: /content/dam/ping-6-2-assets/Assets/white-papers/en/3319-iam-solutions-for-retail.pdf?id=b6322a80-f285-11e3-ac10-0800200c9a66
Disallow: /content/dam/ping-6-2-assets/Assets/white-papers/en/3322-digital-identity-solutions-manufacturing.pdf?id=b6322a80-f285-11e3-ac10-0800200c9a66
Disallow: /content/dam/ping-6-2-assets/Assets/white-papers/en/iam-solutions-healthcare-wp-3329.pdf?id=b6322a80-f285-11e3-ac10-0800200c9a66
Disallow: /content/dam/ping-6-2-assets/Assets/white-papers/en/oauth-2-for-single-page-apps-wp-3331.pdf?id=b6322a80-f285-11e3-ac10-0800200c9a66
Disallow: /content/dam/ping-6-2-assets/Assets/white-papers/en/evolving-api-landscape-3352.pdf?id=b6322a80-f285-11e3-ac10-0800200c9a66
Disallow: /content/dam/ping-6-2-assets/Assets/white-papers/en/digital-leaders-roundtable-3355.pdf?id=b6322a80-f285-11e3-ac10-0800200c9a66
Disallow: /content/dam/ping-6-2-assets/Assets/white-papers/en/idaas-for-application-developers-wp-3358.pdf?id=b6322a80-f285-11e3-ac10-0800200c9a66
Disallow: /content/dam/ping-6-2-assets/Assets/white-papers/en/national-id-cybersecurity-issues-wp-3379.pdf?id=b6322a80-f285-11e3-ac10-0800200c9a66

Sitemap: /content/dam/ping-6-2-assets/Assets/sitemap.xml