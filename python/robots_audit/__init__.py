"""robots-audit for Python: the robots.txt engine and crawler registry of the robots-audit
command-line tool, a Scrapy robots.txt parser, and a Spark job that audits logs on a cluster.

>>> from robots_audit import RobotsTxt, identify
>>> robots = RobotsTxt.parse(b"User-agent: *\\nDisallow: /private/\\n")
>>> robots.can_fetch("https://example.com/private/x", "Googlebot")
False
>>> robots.decide("/private/x", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)")
Decision(allowed=False, group='*', rule='Disallow: /private/', line=2, dialect='google')
>>> identify("Mozilla/5.0 (compatible; GPTBot/1.1; +https://openai.com/gptbot)").operator
'OpenAI'

Submodules: ``robots_audit.scrapy`` (``RobotParser`` for Scrapy's ``ROBOTSTXT_PARSER``) and
``robots_audit.spark`` (``python -m robots_audit.spark``).
"""

from robots_audit._native import (
    Crawler,
    Decision,
    RobotsAuditError,
    RobotsTxt,
    __version__,
    identify,
)

__all__ = [
    "Crawler",
    "Decision",
    "RobotsAuditError",
    "RobotsTxt",
    "__version__",
    "identify",
]
