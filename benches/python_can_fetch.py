"""robots_audit's can_fetch against protego's, on the same real robots.txt files and URLs.

    pip install ./python protego        # or the wheel
    python benches/python_can_fetch.py

The files are the four that protego's own benchmark uses (in testdata/robots/corpus, from
protego's test data); the URLs are made from each file's own rules (the paths its rules name,
with and without a tail, wildcards filled in) plus common paths, as full URLs. Each engine
parses the file once and is then asked about every URL, by a crawler token (`Googlebot`, the
usual protego call) and by a full User-Agent header. Prints the time per call of each and the
ratio, the best of several rounds (the machine may be shared), and how often the two agree
(they differ where protego matches User-agent lines by substring or reads a rule differently).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Callable, List

from protego import Protego

from robots_audit import RobotsTxt

CORPUS = Path(__file__).resolve().parent.parent / "testdata" / "robots" / "corpus" / "files"
FILES = ["www.covers.com", "www.google.com", "www.caltech.edu_443", "www.linkedin.com"]
AGENTS = [
    "Googlebot",
    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
]
ROUNDS = 7


def urls_for(host: str, body: str) -> List[str]:
    paths = ["/", "/index.html", "/search?q=robots", "/a/b/c.php?x=1", "/news/2026/11/20/story.html"]
    for line in body.splitlines():
        key, _, value = line.partition(":")
        value = value.split("#")[0].strip()
        if key.strip().lower() not in ("allow", "disallow") or not value.startswith("/"):
            continue
        base = value.rstrip("$")
        for fill in ("", "x/"):
            path = base.replace("*", fill)
            paths += [path, path + "page.html?id=7"]
    return [f"https://{host}{p}" for p in paths]


def per_call(ask: Callable[[str], bool], urls: List[str]) -> float:
    """Best seconds per call over ROUNDS rounds of at least 0.2 s each."""
    repeat = 1
    while True:
        start = time.perf_counter()
        for _ in range(repeat):
            for url in urls:
                ask(url)
        if time.perf_counter() - start > 0.2:
            break
        repeat *= 2
    best = float("inf")
    for _ in range(ROUNDS):
        start = time.perf_counter()
        for _ in range(repeat):
            for url in urls:
                ask(url)
        best = min(best, (time.perf_counter() - start) / (repeat * len(urls)))
    return best


def main() -> int:
    print(f"python {sys.version.split()[0]}; best of {ROUNDS} rounds; ns per can_fetch call")
    print(f"{'file':<22} {'agent':<8} {'urls':>5} {'protego':>9} {'robots_audit':>13} {'ratio':>7} {'agree':>7}")
    ratios = []
    for name in FILES:
        body = (CORPUS / name).read_bytes().decode("utf-8", "replace")
        host = name.split("_")[0]
        urls = urls_for(host, body)
        protego = Protego.parse(body)
        ours = RobotsTxt.parse(body)
        for agent in AGENTS:
            agree = sum(protego.can_fetch(u, agent) == ours.can_fetch(u, agent) for u in urls)
            t_protego = per_call(lambda u: protego.can_fetch(u, agent), urls)
            t_ours = per_call(lambda u: ours.can_fetch(u, agent), urls)
            ratios.append(t_protego / t_ours)
            kind = "token" if " " not in agent else "header"
            print(
                f"{name:<22} {kind:<8} {len(urls):>5} {t_protego * 1e9:>9.0f} {t_ours * 1e9:>13.0f} "
                f"{t_protego / t_ours:>6.1f}x {agree / len(urls):>6.0%}"
            )
    ratios.sort()
    print(f"ratio protego / robots_audit: min {ratios[0]:.1f}x, median {ratios[len(ratios) // 2]:.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
