<!DOCTYPE html>
<!-- Built from commit cac18c874008748ab87dfbbde0cf6ff07892fbc2 at Tue, 12 Jun 2018 17:17:07 GMT -->
<html>
  <head>
    <title>CodePlex Archive</title>      

    <meta charset="UTF-8">
    <meta content="summary" name="twitter:card" />
    <meta content="@CodePlex" name="twitter:site" />
    <meta content="https://archive.codeplex.com/" name="twitter:url" />
    <meta content="CodePlex Archive" name="twitter:title" />
    <meta content="An archive of the CodePlex open source hosting site" name="twitter:description" />
    <meta content="https://archive.codeplex.com/codeplex.png" name="twitter:image" />
    <meta content="CodePlex Archive" property="og:site_name" />
    <meta content="https://archive.codeplex.com/" property="og:url" />
    <meta content="website" property="og:type" />
    <meta content="CodePlex Archive" property="og:title" />
    <meta content="An archive of the CodePlex open source hosting site" property="og:description" />
    <meta content="https://archive.codeplex.com/codeplex.png" property="og:image" />

    <link rel="shortcut icon" href="/favicon.ico">
    <link href="/static/css/main.787d866e.css" rel="stylesheet">
  </head>
  <body>
    <noscript>JavaScript is required to use the CodePlex archive.</noscript>
    <div id="container"></div>
    <script src="/static/js/main.787d866e.js"></script>    
  </body>
</html>