# robots.txt for https://www.blogger.com

User-agent: *
Disallow: /blog_this.pyra
Disallow: /comment.g
Disallow: /comment-iframe.g
Disallow: /create-blog.g
Disallow: /delete-comment.g
Disallow: /email-post.g
Disallow: /followers.g
Disallow: /post-edit.g
Disallow: /profile-find.g
Disallow: /rearrange
Disallow: /share-post.g
Disallow: /share-post-menu.g
