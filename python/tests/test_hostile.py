"""Hostile and wrong input: every one is an answer or a Python exception, never a crash of
the interpreter, and never unbounded time or memory."""

from __future__ import annotations

import os
import random
import threading
import time

import pytest

import robots_audit
from robots_audit import RobotsAuditError, RobotsTxt, identify
from robots_audit._native import Partial, Task


def test_huge_body_reads_only_the_first_500_kib() -> None:
    rule = b"User-agent: *\nDisallow: /early/\n"
    filler = b"# " + b"x" * 1000 + b"\n"
    late = b"User-agent: *\nDisallow: /late/\n"
    body = rule + filler * 600 + late  # ~600 KB: the late rule is past 512,000 bytes
    robots = RobotsTxt.parse(body)
    assert not robots.can_fetch("/early/a", "FooBot")
    assert robots.can_fetch("/late/a", "FooBot"), "content past 500 KiB is ignored (RFC 9309 §2.5)"
    # Yandex: a file over 500 KB allows everything.
    assert robots.decide("/early/a", "FooBot", dialect="yandex").allowed


def test_very_large_bodies_are_cheap() -> None:
    big = b"Disallow: /x\n" * 8_000_000  # 104 MB, str and bytes
    start = time.monotonic()
    robots = RobotsTxt.parse(big)
    assert robots.can_fetch("/x", "FooBot")  # rules before any user-agent line belong to no group
    text = RobotsTxt.parse("User-agent: *\n" + "Disallow: /y\n" * 4_000_000)
    assert not text.can_fetch("/y", "FooBot")
    assert time.monotonic() - start < 30
    assert "512000 bytes" in repr(RobotsTxt.parse(big))


def test_invalid_utf8_and_nul_bytes() -> None:
    body = b"User-agent: *\nDisallow: /caf\xe9\nDisallow: /\xff\xfe\x00tail\nAllow: /ok\x00/\n"
    robots = RobotsTxt.parse(body)
    # The byte 0xE9 is percent-encoded in the rule and in the URL alike.
    assert not robots.can_fetch("/caf%E9", "FooBot")
    assert not robots.can_fetch(b"/caf\xe9/x", "FooBot")
    # A NUL ends the line (Google's reference): the rule is /%FF%FE.
    assert not robots.can_fetch(b"/\xff\xfe", "FooBot")
    assert robots.can_fetch("/other", "FooBot")
    d = robots.decide(b"/\xff\xfeX", b"Foo\x00Bot")
    assert not d.allowed and d.line == 3
    # A str with a lone surrogate that stands for no byte cannot be read as any bytes.
    with pytest.raises(UnicodeEncodeError):
        RobotsTxt.parse("User-agent: *\nDisallow: /\ud800\n")


def test_a_body_that_is_not_text() -> None:
    rng = random.Random(7)
    png = b"\x89PNG\r\n\x1a\n" + bytes(rng.getrandbits(8) for _ in range(200_000))
    robots = RobotsTxt.parse(png)
    assert robots.can_fetch("/anything", "FooBot")
    html = b"<html><body>" + b"<p>Disallow: /x</p>" * 1000 + b"</body></html>"
    assert RobotsTxt.parse(html).can_fetch("/x", "FooBot")
    for _ in range(200):
        blob = bytes(rng.getrandbits(8) for _ in range(rng.randrange(0, 2000)))
        r = RobotsTxt.parse(blob)
        for agent in ("FooBot", blob[:50], "Mozilla/5.0 (compatible; Googlebot/2.1)"):
            assert isinstance(r.can_fetch(b"/" + blob[:100], agent), bool)
            r.crawl_delay(agent)
        r.sitemaps


@pytest.mark.parametrize("bad", [None, 5, 1.5, ["User-agent: *"], {"a": 1}, object(), memoryview(b"x")])
def test_wrong_types_are_type_errors(bad: object) -> None:
    with pytest.raises(TypeError, match="body must be str or bytes"):
        RobotsTxt.parse(bad)
    robots = RobotsTxt.parse("User-agent: *\nDisallow: /\n")
    with pytest.raises(TypeError, match="url must be str or bytes"):
        robots.can_fetch(bad, "FooBot")
    with pytest.raises(TypeError, match="user_agent must be str or bytes"):
        robots.decide("/", bad)
    with pytest.raises(TypeError, match="user_agent must be str or bytes"):
        identify(bad)


def test_bytearray_is_bytes() -> None:
    robots = RobotsTxt.parse(bytearray(b"User-agent: *\nDisallow: /x\n"))
    assert not robots.can_fetch(bytearray(b"/x"), bytearray(b"FooBot"))


def test_a_bytearray_changed_between_questions_is_read_again() -> None:
    robots = RobotsTxt.parse("User-agent: Googlebot\nAllow: /\n\nUser-agent: *\nDisallow: /\n")
    ua = bytearray(b"Googlebot")
    assert robots.can_fetch("/x", ua)
    ua[:] = b"GPTBot"
    assert not robots.can_fetch("/x", ua)
    assert robots.decide("/x", ua).group == "*"


def test_a_url_is_a_path_or_an_http_url() -> None:
    # `private/x` is no path: read as a URL, it would name the host `private` and ask about
    # `/x`, allowed. As `robots-audit check`, a ValueError says why.
    robots = RobotsTxt.parse("User-agent: *\nDisallow: /private\n")
    for bad in ["private/x", "private", "example.com/private", "ftp://example.com/private", "http://"]:
        with pytest.raises(ValueError, match="url"):
            robots.can_fetch(bad, "FooBot")
        with pytest.raises(ValueError, match="url"):
            robots.preferences(bad, "FooBot")
    assert not robots.can_fetch("/private/x", "FooBot")
    assert not robots.can_fetch("https://example.com/private/x", "FooBot")
    assert not robots.can_fetch(b"/private", "FooBot")


def test_surrogate_escaped_bytes_are_the_bytes() -> None:
    # A str from os.fsdecode or errors="surrogateescape" stands for the bytes it was decoded
    # from: judged as those bytes, never as a U+FFFD stand-in.
    robots = RobotsTxt.parse(b"User-agent: *\nDisallow: /caf%E9\n")
    raw = b"/caf\xe9/menu"
    assert not robots.can_fetch(raw, "FooBot")
    assert not robots.can_fetch(raw.decode("utf-8", "surrogateescape"), "FooBot")
    assert robots.can_fetch("/caf\ufffd/menu", "FooBot")
    with pytest.raises(UnicodeEncodeError):
        robots.can_fetch("/caf\ud800", "FooBot")


def test_huge_urls_and_user_agents() -> None:
    robots = RobotsTxt.parse("User-agent: *\nDisallow: /*a*a*a*a*a*a*a*a*a*a*b$\n")
    url = "/" + "a" * 2_000_000
    start = time.monotonic()
    assert robots.can_fetch(url, "FooBot")  # no exponential backtracking
    assert not robots.can_fetch(url + "b", "FooBot")
    ua = "Mozilla/5.0 (" + "x; " * 500_000 + "Googlebot/2.1)"
    assert robots.decide("/y", ua).allowed in (True, False)
    assert identify(ua) is None or identify(ua).name
    assert time.monotonic() - start < 30


def test_many_user_agents_do_not_grow_without_bound() -> None:
    robots = RobotsTxt.parse("User-agent: *\nDisallow: /x\n")
    for i in range(20_000):
        assert not robots.can_fetch("/x", f"Bot{i}")


def test_threads_share_one_parse() -> None:
    robots = RobotsTxt.parse("User-agent: *\nDisallow: /private/\nUser-agent: Googlebot\nDisallow: /g/\n")
    errors = []

    def ask(i: int) -> None:
        try:
            for j in range(2000):
                agent = "Googlebot" if (i + j) % 2 else f"Bot{j % 50}"
                google = agent == "Googlebot"
                assert robots.can_fetch("/private/x", agent) is google
                assert robots.can_fetch("/g/x", agent) is (not google)
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=ask, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors


def test_damaged_partials_and_specs_are_errors() -> None:
    for blob in (b"", b"garbage", b"RAPART\x00\x01" + b"\x01\x00\x00\x00" + os.urandom(64)):
        with pytest.raises(RobotsAuditError):
            Partial.from_bytes(blob)
    with pytest.raises(RobotsAuditError, match="version 7"):
        Partial.from_bytes(b"RAPART\x00\x01" + b"\x07\x00\x00\x00")
    for blob in (b"", b"garbage", b"RASPEC\x00\x01\x01\x00\x00\x00" + os.urandom(64)):
        with pytest.raises(RobotsAuditError):
            Task(blob)
    with pytest.raises(TypeError):
        Task("not bytes")
    p = Partial()
    q = Partial()
    p.merge(q)
    with pytest.raises(ValueError, match="merged into another"):
        q.to_bytes()
    with pytest.raises(ValueError, match="merged into another"):
        p.merge(q)
    assert Partial.from_bytes(p.to_bytes()) == Partial()


def test_module_metadata() -> None:
    assert robots_audit.__version__
    assert issubclass(RobotsAuditError, Exception)
