"""A robots.txt parser for Scrapy: set

    ROBOTSTXT_PARSER = "robots_audit.scrapy.RobotParser"

in a project's settings. Scrapy then asks ``allowed(url, user_agent)`` for every request,
with ``ROBOTSTXT_USER_AGENT`` (a product token) or the request's User-Agent header; both are
understood (a header is turned into the crawler's robots.txt tokens as robots-audit's audit
does). Rules are Google's (RFC 9309) for every crawler except Yandex's robots, which get
Yandex's.
"""

from __future__ import annotations

from typing import Any, Optional, Union

from robots_audit._native import RobotsTxt

try:  # Scrapy's abstract base, when Scrapy is installed (it need not be to use the class).
    from scrapy.robotstxt import RobotParser as _ScrapyRobotParser
except ImportError:  # pragma: no cover - exercised only without Scrapy
    _ScrapyRobotParser = object  # type: ignore[assignment,misc]


class RobotParser(_ScrapyRobotParser):  # type: ignore[misc,valid-type]
    """Scrapy's ``RobotParser`` interface over robots-audit's engine."""

    def __init__(self, robotstxt_body: Union[bytes, str], spider: Any = None) -> None:
        self.spider = spider
        # Bytes are parsed as they are: invalid UTF-8 does not stop the valid lines around it.
        self._robots = RobotsTxt.parse(robotstxt_body)

    @classmethod
    def from_crawler(cls, crawler: Any, robotstxt_body: Union[bytes, str]) -> "RobotParser":
        """What Scrapy calls with the body of a site's robots.txt."""
        spider = None if not crawler else getattr(crawler, "spider", None)
        return cls(robotstxt_body, spider)

    def allowed(self, url: Union[str, bytes], user_agent: Union[str, bytes]) -> bool:
        """Whether ``user_agent`` may fetch ``url``."""
        return self._robots.can_fetch(url, user_agent)

    def crawl_delay(self, user_agent: Union[str, bytes]) -> Optional[float]:
        """The group's Crawl-delay in seconds, if it has one."""
        return self._robots.crawl_delay(user_agent)
