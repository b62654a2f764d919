# robots.txt for http://www.golfnow.com

User-agent: *
allow: /