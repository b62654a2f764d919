# robots.txt
#User-agent: *
#Disallow: /net-fu/jobs/
