"""Shared fixtures: the repository's test data, the `robots-audit` binary to compare with,
a Spark session in local[2], and HTTP servers on 127.0.0.1 (no test sends a packet anywhere
else)."""

from __future__ import annotations

import gzip
import os
import shutil
import subprocess
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Dict, Iterator, List

import pytest

REPO = Path(__file__).resolve().parents[2]
TESTDATA = REPO / "testdata"


def cli_binary() -> Path:
    """The CLI to compare with: $ROBOTS_AUDIT_BIN, else the newest build in target/."""
    env = os.environ.get("ROBOTS_AUDIT_BIN")
    if env:
        return Path(env)
    builds = [REPO / "target" / p / "robots-audit" for p in ("release", "debug")]
    builds = [b for b in builds if b.exists()]
    if not builds:
        pytest.fail("no robots-audit binary: run `cargo build` or set ROBOTS_AUDIT_BIN")
    return max(builds, key=lambda b: b.stat().st_mtime)


@pytest.fixture(scope="session")
def cli() -> Path:
    return cli_binary()


def run_cli(cli: Path, args: List[str], cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(cli), *args], cwd=cwd, capture_output=True, text=True, timeout=300
    )


def split_gzip(source: Path, dest: Path, parts: int, stem: str = "part", absolute: bool = True) -> List[str]:
    """`source`'s lines in `parts` gzip files (levels 1, 6, 9, and one of two gzip members),
    named `<stem>N.log.gz` in `dest`; gives their paths (or names)."""
    lines = source.read_bytes().splitlines(keepends=True)
    names = []
    for i in range(parts):
        chunk = lines[i * len(lines) // parts : (i + 1) * len(lines) // parts]
        name = f"{stem}{i}.log.gz"
        data = b"".join(chunk)
        if i % 4 == 3:
            half = len(chunk) // 2
            blob = gzip.compress(b"".join(chunk[:half]), 6) + gzip.compress(b"".join(chunk[half:]), 6)
        else:
            blob = gzip.compress(data, (1, 6, 9)[i % 3])
        assert gzip.decompress(blob) == data
        (dest / name).write_bytes(blob)
        names.append(str(dest / name) if absolute else name)
    return names


class RobotsServer:
    """Serves `DIR/<host>/robots.txt` by Host header (404 when absent) on 127.0.0.1 and counts
    requests per host."""

    def __init__(self, robots_dir: Path):
        hits: Dict[str, int] = {}
        lock = threading.Lock()

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 (http.server's name)
                host = (self.headers.get("Host") or "").rsplit(":", 1)[0]
                with lock:
                    hits[host] = hits.get(host, 0) + 1
                body = None
                if self.path == "/robots.txt" and "/" not in host and ".." not in host:
                    f = robots_dir / host / "robots.txt"
                    body = f.read_bytes() if f.is_file() else None
                if body is None:
                    self.send_response(404)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                self.send_response(200)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: object) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self._server.server_address[1]
        self._hits = hits
        self._lock = lock
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()

    def hits(self) -> Dict[str, int]:
        with self._lock:
            return dict(self._hits)

    def reset(self) -> None:
        with self._lock:
            self._hits.clear()

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()


@pytest.fixture
def robots_server() -> Iterator[RobotsServer]:
    server = RobotsServer(TESTDATA / "robots-dir")
    yield server
    server.close()


@pytest.fixture(scope="session")
def spark() -> Iterator[object]:
    """One local[2] session for the in-process Spark tests."""
    pyspark = pytest.importorskip("pyspark")
    del pyspark
    from pyspark.sql import SparkSession

    os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
    session = (
        SparkSession.builder.master("local[2]")
        .appName("robots-audit-tests")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.ui.enabled", "false")
        .getOrCreate()
    )
    yield session
    session.stop()


@pytest.fixture
def workdir(tmp_path: Path) -> Path:
    """A folder with the test data's robots-dir beside the test's files."""
    shutil.copytree(TESTDATA / "robots-dir", tmp_path / "robots-dir")
    return tmp_path
