#!/usr/bin/env python3
"""Writes seed inputs for the fuzz targets from the repository's test data.

Usage: python3 fuzz/seed.py OUT_DIR   (makes OUT_DIR/parse_match and OUT_DIR/ingest)

The seeds are a starting point only: merge them into fuzz/corpus/<target> with libFuzzer's
`-merge=1` (or `cargo fuzz cmin`), which keeps the inputs that add coverage. See README.md.
"""

import gzip
import hashlib
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
TESTDATA = ROOT / "testdata"
# The order of robots_audit::logformat::Format::all().
FORMATS = 9


def write(directory, data):
    directory.mkdir(parents=True, exist_ok=True)
    (directory / hashlib.sha1(data).hexdigest()).write_bytes(data)


def log_texts():
    for path in sorted((TESTDATA / "logs").iterdir()):
        if path.suffix == ".py":
            continue
        data = path.read_bytes()
        if data[:2] == b"\x1f\x8b":
            data = gzip.decompress(data)
        yield data


def targets():
    vectors = TESTDATA / "robots" / "vectors" / "google-reference-assertions.tsv"
    seen = set()
    for row in vectors.read_text(encoding="utf-8").splitlines()[1:]:
        cells = row.split("\t")
        if len(cells) >= 3 and cells[2] and cells[2] not in seen:
            seen.add(cells[2])
            yield cells[2].encode()


# Usage preferences (docs/preferences.md), our own bodies: both syntaxes, paths, merged
# groups, groups of only preference lines, and values that must be ignored.
PREFERENCE_BODIES = [
    b"User-agent: *\nContent-Signal: search=yes, ai-train=no\nContent-Usage: /open/ train-ai=y\n"
    b"Disallow: /private/\n\nUser-agent: GPTBot\nContent-Signal: ai-train=yes\nAllow: /\n",
    b"User-Agent: *\nAllow: /\nDisallow: /never/\nContent-Usage: / train-ai=n\n"
    b"Content-Usage: /ai-ok/ train-ai=y\n\nUser-Agent: ExampleBot\nContent-Usage: / train-ai=y\n",
    b"User-agent: googlebot\nContent-Signals: AI-Train=NO, search=yes,, use=no\nUser-agent: *\n"
    b"Content-Usage: /*.pdf$ train-ai=n;x=1, search=y, train-ai=(y n)\ncontent-usage search=n\n"
    b"User-agent: googlebot\nContent-Usage: /caf%c3%a9 train-ai=y\nContent-Usage: Train-AI=n\n",
    b"User-agent: Yandex\nContent-Signal: ai-input=no\n\nUser-agent: YandexImages\n"
    b"Content-Usage: /a\t train-ai=n, search=\"n\", train-ai=y\n",
]


def main():
    out = pathlib.Path(sys.argv[1])
    ingest = out / "ingest"
    for text in log_texts():
        for fmt in range(FORMATS):
            write(ingest, bytes([0, fmt]) + text)
        write(ingest, bytes([0, 128 + 3]) + text)  # nginx-json with configured keys
        write(ingest, bytes([1, 0]) + text)
    hosts = [p.name for p in sorted((TESTDATA / "robots" / "corpus" / "files").iterdir())]
    hosts += ["[2001:DB8::1]:8080", "WWW.Müller.eu:443", "https://example.com:8443/a?b",
              "http://xn--mller-kva.eu", "127.0.0.1:80", "2001:db8::7", "example.com."]
    for host in hosts:
        write(ingest, bytes([2, 1]) + host.encode())
    agents = (TESTDATA / "crawlers" / "bot-user-agents.txt").read_bytes().splitlines()
    for agent in agents:
        if agent and not agent.startswith(b"#"):
            write(ingest, bytes([3, 0]) + agent)
    for target in targets():
        write(ingest, bytes([3, 0]) + target)

    parse_match = out / "parse_match"
    files = sorted((TESTDATA / "robots" / "corpus" / "files").iterdir())
    paths = list(targets()) or [b"/"]
    for i, path in enumerate(files):
        write(parse_match, path.read_bytes() + b"\xff" + paths[i % len(paths)])
    for body in PREFERENCE_BODIES:
        for target in [b"/blog/1", b"/open/x", b"/ai-ok/test", b"/a/doc.pdf", b"/caf\xc3\xa9"]:
            write(parse_match, body + b"\xff" + target)


if __name__ == "__main__":
    main()
