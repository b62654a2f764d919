User-agent: *
Disallow: /security/NTC-TPM-EK-Cert/NTC_TPM_EK_Root_CA_01.cer
Disallow: /security/NTC-TPM-EK-Cert/NTC_TPM_EK_Root_CA_02.cer
Disallow: /security/NTC-TPM-EK-Cert/NTC_TPM_EK_Root_CA_ARSUF_01.cer
