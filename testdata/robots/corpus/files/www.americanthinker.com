User-Agent: *
Disallow:  /article/
Allow: /articles/2013/08/
Allow: /articles/2013/07/
Allow: /articles/2013/06/