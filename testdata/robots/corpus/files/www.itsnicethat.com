# User-agent: *
# Disallow: /
