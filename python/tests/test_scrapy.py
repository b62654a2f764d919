"""robots_audit.scrapy.RobotParser as Scrapy's ROBOTSTXT_PARSER: the interface Scrapy calls,
and a real crawl against a server on 127.0.0.1 that must never see a disallowed request."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Iterator, List, Tuple

import pytest

from robots_audit.scrapy import RobotParser

scrapy = pytest.importorskip("scrapy")


def test_is_a_scrapy_robot_parser() -> None:
    from scrapy.robotstxt import RobotParser as Base
    from scrapy.utils.misc import load_object

    cls = load_object("robots_audit.scrapy.RobotParser")
    assert cls is RobotParser and issubclass(cls, Base)
    body = b"User-agent: *\nDisallow: /private/\nCrawl-delay: 4\n\nUser-agent: Scrapy\nDisallow: /no-scrapy/\n"
    parser = cls.from_crawler(None, body)
    assert parser.spider is None
    assert not parser.allowed("https://example.com/private/a", "FooBot")
    assert not parser.allowed(b"https://example.com/private/a", b"FooBot")
    assert parser.allowed("https://example.com/public", "FooBot")
    # Scrapy's default User-Agent header is turned into its product tokens.
    ua = f"Scrapy/{scrapy.__version__} (+https://scrapy.org)"
    assert not parser.allowed("https://example.com/no-scrapy/x", ua)
    assert parser.allowed("https://example.com/private/a", ua)
    assert parser.crawl_delay("FooBot") == 4.0
    # A body Scrapy could not decode still parses (invalid UTF-8 is not an error).
    assert not cls.from_crawler(None, b"User-agent: *\nDisallow: /\xff\n").allowed(b"/\xff", "FooBot")


class Site:
    """A site on 127.0.0.1 with a robots.txt; records every path requested."""

    def __init__(self, robots: bytes):
        requested: List[str] = []

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802
                requested.append(self.path)
                if self.path == "/robots.txt":
                    body = robots
                else:
                    links = "".join(f'<a href="{p}">x</a>' for p in ("/public/2", "/private/2", "/no-scrapy/2"))
                    body = f"<html><body>{links}</body></html>".encode()
                self.send_response(200)
                self.send_header("Content-Type", "text/plain" if self.path == "/robots.txt" else "text/html")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        self.requested = requested
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


SPIDER = """
import scrapy

class Spider(scrapy.Spider):
    name = "t"
    start_urls = [f"http://127.0.0.1:{PORT}/public/1", f"http://127.0.0.1:{PORT}/private/1",
                  f"http://127.0.0.1:{PORT}/no-scrapy/1"]

    def parse(self, response):
        yield {"url": response.url}
        for href in response.css("a::attr(href)").getall():
            yield response.follow(href, self.parse)
"""


@pytest.fixture
def site() -> Iterator[Site]:
    s = Site(b"User-agent: *\nDisallow: /private/\n\nUser-agent: scrapy\nDisallow: /private/\nDisallow: /no-scrapy/\n")
    yield s
    s.close()


def crawl(tmp_path: Path, port: int, *settings: str) -> Tuple[List[str], str]:
    spider = tmp_path / "spider.py"
    spider.write_text(SPIDER.replace("{PORT}", str(port)))
    out = tmp_path / "items.json"
    args = [sys.executable, "-m", "scrapy", "runspider", str(spider), "-O", str(out),
            "-s", "ROBOTSTXT_OBEY=True", "-s", "ROBOTSTXT_PARSER=robots_audit.scrapy.RobotParser",
            "-s", "LOG_LEVEL=INFO", "-s", "TELNETCONSOLE_ENABLED=False"]  # fmt: skip
    for s in settings:
        args += ["-s", s]
    done = subprocess.run(args, capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    return sorted(i["url"].split(str(port), 1)[1] for i in json.loads(out.read_text())), done.stderr


def test_a_scrapy_crawl_obeys_the_rules(site: Site, tmp_path: Path) -> None:
    items, log = crawl(tmp_path, site.port)
    assert items == ["/public/1", "/public/2"]
    assert "/robots.txt" in site.requested
    assert not [p for p in site.requested if p.startswith(("/private", "/no-scrapy"))], site.requested
    # Scrapy's middleware counted each refusal (its log has the stats).
    assert "'robotstxt/forbidden': 4" in log, log


def test_robotstxt_user_agent_is_a_product_token(site: Site, tmp_path: Path) -> None:
    # With ROBOTSTXT_USER_AGENT set to a token no group names, only `*` applies.
    items, _ = crawl(tmp_path, site.port, "ROBOTSTXT_USER_AGENT=OtherBot")
    assert items == ["/no-scrapy/1", "/no-scrapy/2", "/public/1", "/public/2"]
    assert not [p for p in site.requested if p.startswith("/private")]
