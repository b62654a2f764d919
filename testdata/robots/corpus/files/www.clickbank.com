User-agent: : *
Disallow: /Platinum-Summit-2018/

