"""The Python API of the engine against the vectors the Rust engine passes: Google's
reference suite (testdata/robots/vectors), the tables of docs/robots-txt.md, Yandex's examples,
and `robots-audit check` itself on a sample of real robots.txt files (testdata/robots/corpus)."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import List, Tuple

import pytest

from robots_audit import Crawler, Decision, RobotsTxt, identify
from conftest import TESTDATA

GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
GOOGLEBOT_IMAGE = "Googlebot-Image/1.0"
YANDEXBOT = "Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)"
YANDEXIMAGES = "Mozilla/5.0 (compatible; YandexImages/3.0; +http://yandex.com/bots)"


def reference_rows() -> List[Tuple[int, str, str, str, bool]]:
    tsv = (TESTDATA / "robots/vectors/google-reference-assertions.tsv").read_text("utf-8")
    rows = []
    for i, line in enumerate(tsv.splitlines()[1:], start=1):
        body, agent, url, allowed = line.split("\t")
        rows.append((i, body.replace("\\n", "\n"), agent, url, allowed == "true"))
    return rows


def test_google_reference_suite() -> None:
    rows = reference_rows()
    assert len(rows) == 145
    failures = []
    for row, body, agent, url, expected in rows:
        if row in (64, 66):
            # As the Rust suite: a raw `ツ` in the URL is percent-encoded before matching, so
            # the Allow rule for %E3%83%84 matches.
            assert "ツ" in url and not expected
            expected = True
        if agent == "Foo Bar":
            # A value with a space is a User-Agent header for this API (check --user-agent):
            # its product tokens are `Foo` and `Bar`, and the group `Foo Bar` (whose token is
            # `Foo`) names it. The reference compares the caller's token exactly instead.
            assert not expected
            expected = True
        got = RobotsTxt.parse(body, dialect="google").can_fetch(url, agent)
        if got != expected:
            failures.append(f"row {row}: {agent!r} {url!r}: expected {expected}")
    assert not failures, "\n".join(failures)


def test_bytes_and_str_bodies_read_alike() -> None:
    for _, body, agent, url, _ in reference_rows():
        a = RobotsTxt.parse(body).decide(url, agent)
        b = RobotsTxt.parse(body.encode("utf-8")).decide(url.encode("utf-8"), agent.encode())
        assert (a.allowed, a.group, a.rule, a.line) == (b.allowed, b.group, b.rule, b.line)


# docs/robots-txt.md, "Choosing the group": groups googlebot-news (1), * (2), googlebot (3).
GROUPS = (
    "User-agent: googlebot-news\nDisallow: /one\n\n"
    "User-agent: *\nDisallow: /two\n\n"
    "User-agent: googlebot\nDisallow: /three\n"
)


@pytest.mark.parametrize(
    "agent, group",
    [
        ("Googlebot-News", "googlebot-news"),
        ("Googlebot", "googlebot"),
        (GOOGLEBOT, "googlebot"),
        # Googlebot-Image's header: the registry's tokens fall back to googlebot.
        (GOOGLEBOT_IMAGE, "googlebot"),
        ("Otherbot", "*"),
        ("Mozilla/5.0 (compatible; Otherbot/1.0; +http://other.example/bot)", "*"),
    ],
)
def test_spec_group_selection(agent: str, group: str) -> None:
    assert RobotsTxt.parse(GROUPS).decide("/x", agent).group == group


def test_spec_groups_merge() -> None:
    robots = RobotsTxt.parse(
        "User-agent: googlebot-news\nDisallow: /fish\n\nUser-agent: *\nDisallow: /carrots\n\n"
        "User-agent: googlebot-news\nDisallow: /shrimp\n"
    )
    assert not robots.can_fetch("/fish", "Googlebot-News")
    assert not robots.can_fetch("/shrimp", "Googlebot-News")
    assert robots.can_fetch("/carrots", "Googlebot-News")


# docs/robots-txt.md, "Rules and precedence", path examples: (rule, matching, not matching).
PATHS = [
    ("/fish", ["/fish", "/fish.html", "/fish/salmon.html", "/fishheads", "/fish.php?id=anything"],
     ["/Fish.asp", "/catfish", "/?id=fish"]),
    ("/fish*", ["/fish", "/fish.html", "/fishheads/yummy.html"], ["/Fish.asp", "/catfish"]),
    ("/fish/", ["/fish/", "/fish/?id=anything", "/fish/salmon.htm"], ["/fish", "/fish.html", "/Fish/Salmon.asp"]),
    ("/*.php", ["/filename.php", "/folder/filename.php", "/folder/filename.php?parameters",
                "/folder/any.php.file.html", "/filename.php/"], ["/", "/windows.PHP"]),
    ("/*.php$", ["/filename.php", "/folder/filename.php"],
     ["/filename.php?parameters", "/filename.php/", "/filename.php5", "/windows.PHP"]),
    ("/fish*.php", ["/fish.php", "/fishheads/catfish.php?parameters"], ["/Fish.PHP"]),
]  # fmt: skip


@pytest.mark.parametrize("rule, matching, other", PATHS)
def test_spec_path_table(rule: str, matching: List[str], other: List[str]) -> None:
    robots = RobotsTxt.parse(f"User-agent: *\nDisallow: {rule}\n")
    for path in matching:
        d = robots.decide(f"https://example.com{path}", "FooBot")
        assert not d.allowed and d.rule == f"Disallow: {rule}" and d.line == 2, path
    for path in other:
        assert robots.decide(path, "FooBot").allowed, path


@pytest.mark.parametrize(
    "url, allow, disallow, allowed",
    [
        ("http://example.com/page", "/p", "/", True),
        ("http://example.com/folder/page", "/folder", "/folder", True),
        ("http://example.com/page.htm", "/page", "/*.htm", False),
        ("http://example.com/", "/$", "/", True),
        ("http://example.com/page.htm", "/$", "/", False),
    ],
)
def test_spec_precedence(url: str, allow: str, disallow: str, allowed: bool) -> None:
    robots = RobotsTxt.parse(f"User-agent: *\nAllow: {allow}\nDisallow: {disallow}\n")
    assert robots.can_fetch(url, "FooBot") is allowed


def test_robots_txt_itself_is_always_allowed() -> None:
    robots = RobotsTxt.parse("User-agent: *\nDisallow: /\n")
    assert not robots.can_fetch("/index.html", "FooBot")
    d = robots.decide("https://example.com/robots.txt", "FooBot")
    assert d.allowed and d.rule is None and d.line is None


FAMILIES = (
    "User-agent: YandexBot\nDisallow: /*id=\n\nUser-agent: Yandex\nDisallow: /*sid=\n\n"
    "User-agent: *\nDisallow: /cgi-bin\n"
)


def test_yandex_robots_read_yandex_rules_by_default() -> None:
    robots = RobotsTxt.parse(FAMILIES)
    # As the Rust suite's yandex_robot_family_selection.
    assert not robots.can_fetch("/page?id=1", YANDEXBOT)
    assert robots.can_fetch("/cgi-bin/x", YANDEXBOT)
    assert not robots.can_fetch("/page?sid=1", YANDEXIMAGES)
    assert robots.can_fetch("/page?id=1", YANDEXIMAGES)
    assert robots.decide("/x", YANDEXBOT).dialect == "yandex"
    assert robots.decide("/x", GOOGLEBOT).dialect == "google"


def test_dialect_choice() -> None:
    # docs/robots-txt.md, "Rules and precedence": /1/private/ under Disallow: /1/private/ and
    # Allow: /*/private/: google allows (11 vs 11, tie → allow), yandex disallows (11 vs 10).
    body = "User-agent: *\nDisallow: /1/private/\nAllow: /*/private/\n"
    robots = RobotsTxt.parse(body)
    assert robots.decide("/1/private/", "FooBot").allowed
    d = robots.decide("/1/private/", "FooBot", dialect="yandex")
    assert not d.allowed and d.dialect == "yandex" and d.rule == "Disallow: /1/private/"
    fixed = RobotsTxt.parse(body, dialect="yandex")
    assert fixed.dialect == "yandex" and not fixed.can_fetch("/1/private/", "FooBot")
    assert fixed.decide("/1/private/", "FooBot", dialect="google").allowed
    with pytest.raises(ValueError, match="bing"):
        RobotsTxt.parse(body, dialect="bing")
    with pytest.raises(ValueError, match="bing"):
        robots.decide("/", "FooBot", dialect="bing")


def test_every_question_takes_a_dialect() -> None:
    """`can_fetch` and `crawl_delay` choose the rules as `decide` does (the README says
    `dialect=` applies to every question)."""
    body = "User-agent: *\nDisallow: /1/private/\nAllow: /*/private/\nCrawl-delay: 3\n"
    robots = RobotsTxt.parse(body)
    assert robots.can_fetch("/1/private/", "FooBot")
    assert not robots.can_fetch("/1/private/", "FooBot", dialect="yandex")
    assert not robots.can_fetch("/1/private/", "FooBot", "yandex-legacy")
    assert not robots.can_fetch("/1/private/", YANDEXBOT)
    assert robots.can_fetch("/1/private/", YANDEXBOT, dialect="google")
    fixed = RobotsTxt.parse(body, dialect="yandex")
    assert fixed.can_fetch("/1/private/", "FooBot", dialect="google")
    assert robots.crawl_delay("FooBot", dialect="yandex") == 3.0
    for ask in (
        lambda: robots.can_fetch("/", "FooBot", dialect="bing"),
        lambda: robots.crawl_delay("FooBot", dialect="bing"),
    ):
        with pytest.raises(ValueError, match="unknown robots.txt dialect"):
            ask()


def test_crawl_delay_and_sitemaps() -> None:
    robots = RobotsTxt.parse(
        "Sitemap: https://example.com/a.xml\nUser-agent: bingbot\nCrawl-delay: 2.5\nDisallow:\n\n"
        "User-agent: *\nCrawl-delay: 10\nDisallow: /x\nsitemap: https://cdn.example.net/b.xml\n"
    )
    assert robots.crawl_delay("Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)") == 2.5
    assert robots.crawl_delay("FooBot") == 10.0
    assert RobotsTxt.parse("User-agent: *\nDisallow: /\n").crawl_delay("FooBot") is None
    assert RobotsTxt.parse("User-agent: a\nCrawl-delay: 3\n").crawl_delay("FooBot") is None
    assert robots.sitemaps == ["https://example.com/a.xml", "https://cdn.example.net/b.xml"]


def test_obeys_star_comes_from_the_registry() -> None:
    # AdsBot-Google ignores `*` (docs/robots-txt.md, "Choosing the group"): only a group naming
    # it applies.
    robots = RobotsTxt.parse("User-agent: *\nDisallow: /\n")
    assert robots.can_fetch("/x", "AdsBot-Google")
    assert not robots.can_fetch("/x", "FooBot")
    assert robots.decide("/x", "AdsBot-Google").group is None


def test_a_token_falls_back_as_its_crawler_does() -> None:
    # The registry's Googlebot-Image follows a `Googlebot` group when none names it, and
    # bingbot an `msnbot` one: the token reads as the header, and as the audit judges them.
    robots = RobotsTxt.parse("User-agent: Googlebot\nDisallow: /g/\n\nUser-agent: msnbot\nDisallow: /m/\n")
    assert not robots.can_fetch("/g/1.png", "Googlebot-Image")
    assert robots.decide("/g/1.png", "Googlebot-Image").group == "Googlebot"
    assert not robots.can_fetch("/g/1.png", GOOGLEBOT_IMAGE)
    assert not robots.can_fetch("/m/x", "bingbot")
    assert robots.can_fetch("/g/1.png", "FooBot")


def test_decision_object() -> None:
    d = RobotsTxt.parse("User-agent: *\nDisallow: /private/\n").decide("/private/a", "FooBot")
    assert isinstance(d, Decision)
    assert (d.allowed, d.group, d.rule, d.line, d.dialect) == (False, "*", "Disallow: /private/", 2, "google")
    assert not d
    assert repr(d) == "Decision(allowed=False, group='*', rule='Disallow: /private/', line=2, dialect='google')"


def test_identify() -> None:
    g = identify(GOOGLEBOT)
    assert isinstance(g, Crawler)
    assert (g.name, g.operator, g.category, g.tokens) == ("Googlebot", "Google", "search", ["googlebot"])
    assert g.obeys_star and g.dialect == "google" and g.obeys_robots
    image = identify(GOOGLEBOT_IMAGE)
    assert image is not None and image.tokens == ["googlebot-image", "googlebot"]
    y = identify(YANDEXBOT)
    assert y is not None and y.dialect == "yandex" and y.operator == "Yandex"
    gpt = identify(b"Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)")
    assert gpt is not None and gpt.category == "ai-training"
    assert identify("Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0") is None
    # An automated client the registry does not know is no registry crawler.
    assert identify("Mozilla/5.0 (compatible; FooBot/1.0; +http://foo.example/bot)") is None
    # Whole tokens only: a name inside another is not the crawler.
    assert identify("mygooglebot/1.0") is None


# ---- the engine as the CLI's `check` uses it, on real files --------------------------------


def corpus_sample() -> List[Path]:
    files = sorted((TESTDATA / "robots/corpus/files").iterdir())
    assert len(files) > 1000
    return files[::37]


def paths_for(robots_body: bytes) -> List[str]:
    """Paths made from the file's own rule values (as the Rust corpus test does)."""
    paths = ["/", "/index.html", "/search?q=a", "/a/b/c.php?x=1"]
    for line in robots_body.decode("utf-8", "replace").splitlines()[:400]:
        key, _, value = line.partition(":")
        value = value.split("#")[0].strip()
        if key.strip().lower() not in ("allow", "disallow") or not value.startswith("/"):
            continue
        if not value.isascii() or not value.isprintable() or "\t" in value:
            continue
        base = value.rstrip("$")
        for fill in ("", "x", "/a?b="):
            path = base.replace("*", fill)
            paths += [path, path + "more"]
        if len(paths) > 40:
            break
    return paths


AGENTS = [
    ("--user-agent", GOOGLEBOT),
    ("--user-agent", YANDEXBOT),
    ("--user-agent", "Mozilla/5.0 (compatible; MJ12bot/v1.4.8; http://mj12bot.com/)"),
    ("--agent", "FooBot"),
    ("--agent", "googlebot-image"),
]


# What `check` prints in the rule field when no rule decided (README, "`check`").
NO_RULE_REASONS = ("no rule matched", "no group applies", "/robots.txt is always allowed")


def test_decide_agrees_with_robots_audit_check(cli: Path, tmp_path: Path) -> None:
    """Python's decide() and the CLI's `check` give the same verdict, group, rule and line
    (the binding adds nothing of its own to the engine)."""
    compared = 0
    for file in corpus_sample():
        body = file.read_bytes()
        robots = RobotsTxt.parse(body)
        paths = paths_for(body)
        for option, agent in AGENTS:
            out = subprocess.run(
                [str(cli), "check", "--robots", str(file), option, agent, "--", *paths],
                capture_output=True, timeout=60,
            )  # fmt: skip
            assert out.returncode in (0, 1), out.stderr
            lines = out.stdout.decode("utf-8").splitlines()
            assert len(lines) == len(paths)
            for path, line in zip(paths, lines):
                verdict, url, group, rule, line_no = line.split("\t")[:5]
                assert url == path
                # Where no rule decided, `check` says why in the rule field; decide() has
                # no rule then.
                if rule in NO_RULE_REASONS:
                    rule = ""
                d = robots.decide(path, agent)
                want = (verdict == "allowed", group, rule, line_no)
                got = (d.allowed, d.group or "", d.rule or "", str(d.line) if d.line else "")
                if "\\x" not in group + rule:  # the CLI escapes control characters
                    assert got == want, f"{file.name} {agent!r} {path!r}"
                else:
                    assert got[0] == want[0], f"{file.name} {agent!r} {path!r}"
                compared += 1
    assert compared > 3000


# ---- AI usage preferences (docs/preferences.md) ----------------------------------------------

CLAUDEBOT = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)"
CHATGPT_USER = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot"
WORKED_EXAMPLE = TESTDATA / "robots/preferences/spec10-worked-example.txt"


def test_preferences_of_the_worked_example() -> None:
    """docs/preferences.md, "Worked example": the keys set, True for yes, False for no."""
    robots = RobotsTxt.parse(WORKED_EXAMPLE.read_bytes())
    blog = robots.preferences("/blog/1", CLAUDEBOT)
    assert blog == {"ai-train": False, "search": True}
    assert list(blog) == ["ai-train", "search"], "in the order of the keys"
    # Content-Usage's longest path says yes under /open/: a yes in either vocabulary wins.
    assert robots.preferences("https://example.com/open/x", CLAUDEBOT) == {"ai-train": True, "search": True}
    # Disallowed to a crawler robots.txt binds: no preference attaches to the path.
    assert robots.preferences("/private/a", CLAUDEBOT) == {}
    assert robots.preferences("/blog/1", "GPTBot") == {"ai-train": True}
    assert robots.preferences("/blog/1", "Googlebot") == {"ai-train": False, "search": True}
    assert RobotsTxt.parse("User-agent: *\nDisallow: /x\n").preferences("/", "FooBot") == {}


def test_preferences_of_fetchers_robots_txt_does_not_bind() -> None:
    """ChatGPT-User fetches for a person: robots.txt does not bind it, its group's
    preferences apply wherever it goes (docs/preferences.md, "What a conflict is")."""
    robots = RobotsTxt.parse("User-agent: *\nContent-Signal: ai-input=no\nDisallow: /private/\n")
    assert robots.preferences("/private/x", CHATGPT_USER) == {"ai-input": False}
    assert robots.preferences("/private/x", "ChatGPT-User") == {"ai-input": False}
    assert robots.preferences("/private/x", "FooBot") == {}
    assert robots.preferences("/news", "FooBot") == {"ai-input": False}


def test_preferences_take_a_dialect() -> None:
    """Content-Usage paths are ranked as rules are: google counts every byte, yandex not `*`."""
    robots = RobotsTxt.parse("User-agent: *\nContent-Usage: /a* train-ai=n\nContent-Usage: /ab train-ai=y\n")
    assert robots.preferences("/abc", "FooBot") == {"ai-train": False}
    assert robots.preferences("/abc", "FooBot", dialect="yandex") == {"ai-train": True}
    assert robots.preferences(b"/abc", b"FooBot", "yandex-legacy") == {"ai-train": True}
    with pytest.raises(ValueError, match="unknown robots.txt dialect"):
        robots.preferences("/", "FooBot", dialect="bing")
    with pytest.raises(TypeError, match="url must be str or bytes"):
        robots.preferences(7, "FooBot")  # type: ignore[arg-type]


def test_preferences_agree_with_robots_audit_check(cli: Path) -> None:
    """Python's preferences() and the fields `check` prints after the verdict say the same."""
    robots = RobotsTxt.parse(WORKED_EXAMPLE.read_bytes())
    urls = ["/blog/1", "/open/x", "/private/a"]
    for agent in (CLAUDEBOT, "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"):
        out = subprocess.run(
            [str(cli), "check", "--robots", str(WORKED_EXAMPLE), "--user-agent", agent, "--", *urls],
            capture_output=True, timeout=60,
        )  # fmt: skip
        assert out.returncode in (0, 1), out.stderr
        for url, line in zip(urls, out.stdout.decode("utf-8").splitlines()):
            printed = {}
            for field in line.split("\t")[5:]:
                setting = field.split(" ")[0]
                key, _, value = setting.partition("=")
                printed[key] = value == "yes"
            assert robots.preferences(url, agent) == printed, (agent, url, line)
