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


if __name__ == "__main__":
    main()
