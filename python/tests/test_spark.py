"""The Spark job in local[2] against the CLI: the same inputs and options must give the same
bytes in all seven reports, the same notes and errors on standard error, and the same exit
status."""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Dict, List, Tuple

import pytest

from conftest import TESTDATA, RobotsServer, run_cli, split_gzip

pytest.importorskip("pyspark")

from robots_audit import spark as job  # noqa: E402

# Every report the CLI writes, each with its file's extension.
REPORTS = {"--out": "csv", "--summary": "csv", "--hosts": "csv", "--spoofed": "csv", "--inputs": "csv", "--html": "html",
           "--preferences": "csv"}  # fmt: skip


def report_name(prefix: str, option: str) -> str:
    return f"{prefix}{option.strip('-')}.{REPORTS[option]}"


def report_args(prefix: str, cwd: Path = Path()) -> List[str]:
    args = []
    for option in REPORTS:
        args += [option, str(cwd / report_name(prefix, option))]
    return args


def read_reports(cwd: Path, prefix: str) -> Dict[str, bytes]:
    return {o: (cwd / report_name(prefix, o)).read_bytes() for o in REPORTS}


def run_job(spark: object, args: List[str]) -> int:
    """The job in this process, on the shared session. Paths must be absolute: Spark's JVM
    resolves relative ones against its own working directory, the test runner's. (The
    README test runs the job as a user does, with relative paths.)"""
    return job.run(spark, job.build_parser().parse_args(args))


def compare(spark: object, cli: Path, cwd: Path, args: List[str], code: int = 0) -> Dict[str, bytes]:
    """Runs the CLI and the job with `args` plus every report; asserts equal bytes."""
    done = run_cli(cli, [*args, *report_args("cli-", cwd)], cwd)
    assert done.returncode == code, done.stderr
    assert run_job(spark, [*args, *report_args("spark-", cwd)]) == code
    want, got = read_reports(cwd, "cli-"), read_reports(cwd, "spark-")
    for option in REPORTS:
        assert got[option] == want[option], f"{option} differs"
    return want


def test_readme_recipe_in_local_2(cli: Path, workdir: Path) -> None:
    """The README's command, as written (a fresh process, `python -m`, local[2])."""
    logs = split_gzip(TESTDATA / "access.log", workdir, 4, absolute=False)
    cmd = [sys.executable, "-m", "robots_audit.spark", "--master", "local[2]", *logs,
           "--robots-dir", "robots-dir", *report_args("spark-")]  # fmt: skip
    env = dict(os.environ, SPARK_LOCAL_IP="127.0.0.1", PYSPARK_PYTHON=sys.executable)
    done = subprocess.run(cmd, cwd=workdir, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    cli_done = run_cli(cli, [*logs, "--robots-dir", "robots-dir", *report_args("cli-")], workdir)
    assert cli_done.returncode == 0, cli_done.stderr
    want, got = read_reports(workdir, "cli-"), read_reports(workdir, "spark-")
    assert got == want
    # Not vacuous: violations of several crawlers on several hosts, every input named.
    assert want["--out"].count(b"\n") > 100
    assert all(name.encode() in want["--inputs"] for name in logs)
    # The same notes on standard error as the CLI (malformed lines with their examples, the
    # totals); the formats detected too, which the CLI says as it reads.
    assert notes_of(done.stderr) == notes_of(cli_done.stderr)
    notes, formats = notes_of(done.stderr)
    assert any(l.startswith("robots-audit: requests read: 3,990; ") for l in notes), notes
    assert len(formats) == len(logs), formats


def notes_of(stderr: str) -> Tuple[List[str], List[str]]:
    """The run's lines on standard error, and apart the formats each input was detected as
    (the CLI says those as it reads, the job once its tasks are done)."""
    lines: List[str] = []
    within = False  # a note's own lines that follow its first (the hosts not judged)
    for l in stderr.splitlines():
        within = l.startswith("robots-audit:") or (within and l.startswith("  "))
        if within:
            lines.append(l)
    return [l for l in lines if not l.endswith(" (detected)")], sorted(l for l in lines if l.endswith(" (detected)"))


def test_seven_reports_notes_and_exit_codes_are_the_clis(
    spark: object, cli: Path, workdir: Path, robots_server: RobotsServer, capsys: pytest.CaptureFixture
) -> None:
    """Every report byte for byte, every line on standard error word for word, and the exit
    status: a run with violations under --fail-on-violations (1), one with usage preference
    conflicts under --fail-on-conflicts (1), a damaged input accepted
    (a warning, 0), some hosts not judged (a warning, 0), and a window that leaves out every
    request (2, nothing written)."""
    logs = split_gzip(TESTDATA / "access.log", workdir, 3)
    rd = ["--robots-dir", str(workdir / "robots-dir")]
    whole = gzip.compress((TESTDATA / "access.log").read_bytes())
    (workdir / "cut.log.gz").write_bytes(whole[: len(whole) // 2])
    # Every host on the test server's port and pinned to it: only two may be fetched, so the
    # other two are not judged (nothing is asked of any other address, DNS included).
    port = robots_server.port
    text = (TESTDATA / "access.log").read_bytes()
    text = text.replace(b":443 ", f":{port} ".encode()).replace(b":80 ", f":{port} ".encode())
    (workdir / "local.log").write_bytes(text)
    hosts = ("www.example.com", "api.example.com", "shop.example.com", "blog.example.org")
    resolve = [f"--resolve={h}:{port}:127.0.0.1" for h in hosts]
    cases = [
        ([*logs, *rd, "--fail-on-violations"], 1),
        ([*logs, *rd, "--fail-on-conflicts"], 1),
        ([*logs, str(workdir / "cut.log.gz"), *rd, "--allow-damaged"], 0),
        ([str(workdir / "local.log"), "--scheme", "http", "--no-cache", "--max-origins", "2", *resolve], 0),
        ([*logs, *rd, "--since", "2027-01-01", "--until", "2027-02-01"], 2),
    ]
    seen = []
    for i, (args, code) in enumerate(cases):
        capsys.readouterr()
        done = run_cli(cli, [*args, *report_args(f"cli{i}-", workdir)], workdir)
        assert done.returncode == code, (args, done.stderr)
        assert run_job(spark, [*args, *report_args(f"spark{i}-", workdir)]) == code, args
        (job_notes, job_formats), (cli_notes, cli_formats) = notes_of(capsys.readouterr().err), notes_of(done.stderr)
        assert job_notes == cli_notes, args
        assert job_formats == cli_formats and len(cli_formats) == len([a for a in args if a.endswith((".log", ".log.gz"))]), args
        seen += cli_notes
        if code == 2:
            assert not any((workdir / report_name(p, o)).exists() for p in (f"cli{i}-", f"spark{i}-") for o in REPORTS)
            continue
        want, got = read_reports(workdir, f"cli{i}-"), read_reports(workdir, f"spark{i}-")
        for option in REPORTS:
            assert got[option] == want[option], f"{args}: {option} differs"
        assert b"<!DOCTYPE html>" in want["--html"] and want["--out"].count(b"\n") > 10
        if "--fail-on-conflicts" in args:  # the saved files have Content-Signal lines
            assert want["--preferences"].count(b"\n") > 1 and b"ai-train" in want["--preferences"]
    # Not vacuous: the notes of each case are there, labelled as they should be.
    assert any(l.startswith("robots-audit: requests read: ") for l in seen)
    assert any(l.startswith("robots-audit: warning: ") and "cut.log.gz" in l for l in seen), seen
    assert any(l.startswith("robots-audit: warning: ") and "could not be judged" in l for l in seen), seen
    assert any(l.startswith("  ") and "crawler request" in l for l in seen), seen
    assert any(l.startswith("robots-audit: error: --since 2027-01-01T00:00:00Z --until") for l in seen), seen
    assert not any(l.startswith("robots-audit: error: ") and "could not be judged" in l for l in seen)


def test_options_and_one_gzip_member_per_file(spark: object, cli: Path, workdir: Path) -> None:
    logs = split_gzip(TESTDATA / "access.log", workdir, 3)
    rd = ["--robots-dir", str(workdir / "robots-dir")]
    for extra in (
        [],
        ["--leeway", "0", "--all-crawl-delay", "--judge-automation"],
        ["--since", "2026-11-20T00:30:00Z", "--until", "2026-11-20T01:00:00Z", "--no-neutralize"],
        ["--format", "vhost_combined", "--scheme", "http"],
    ):
        compare(spark, cli, workdir, [*logs, *rd, *extra])
    # A line over --max-line-length is counted as malformed ("too long") in both; tasks past
    # a tiny budget spill to runs, and their partials still carry everything.
    first = (TESTDATA / "access.log").read_bytes().split(b"\n")[0]
    long_line = first.replace(b" HTTP/1.1", b"?q=" + b"a" * 2000 + b" HTTP/1.1", 1)
    (workdir / "long.log").write_bytes(b"\n".join([first, long_line, first, b""]))
    reports = compare(
        spark, cli, workdir,
        [*logs, str(workdir / "long.log"), *rd, "--max-memory", "64K", "--max-line-length", "1K"],
    )  # fmt: skip
    assert b"too long:1" in reports["--inputs"]


def test_a_format_without_hosts(spark: object, cli: Path, workdir: Path) -> None:
    logs = split_gzip(TESTDATA / "combined.log", workdir, 2, stem="combined")
    rd = ["--robots-dir", str(workdir / "robots-dir")]
    compare(spark, cli, workdir, [*logs, *rd, "--host", "www.example.com"])


def test_saved_lists_of_ai_agents(spark: object, cli: Path, workdir: Path) -> None:
    """`--crawler-lists`: the lists `update-crawlers` saved fill the registry's gaps, in the
    job as in the CLI (the driver reads them and ships them to the executors)."""
    lists = workdir / "lists"
    lists.mkdir()
    agent = {"operator": "[Zeta Labs](https://zeta.example/bot)", "respect": "Yes",
             "function": "AI Assistants", "frequency": "-", "description": "-"}  # fmt: skip
    (lists / "ai-robots-txt.json").write_text(json.dumps({"ZetaFetcher": agent}))
    ua = "Mozilla/5.0 (compatible; ZetaFetcher/1.0; +https://zeta.example/bot)"
    line = f'www.example.com:443 192.0.2.1 - - [20/Nov/2026:10:00:00 +0000] "GET /about HTTP/1.1" 200 10 "-" "{ua}"\n'
    source = workdir / "zeta.log"
    source.write_bytes((TESTDATA / "access.log").read_bytes() + line.encode())
    logs = split_gzip(source, workdir, 2)
    rd = ["--robots-dir", str(workdir / "robots-dir")]
    reports = compare(spark, cli, workdir, [*logs, *rd, "--crawler-lists", str(lists)])
    assert b"www.example.com,ZetaFetcher,Zeta Labs,ai-assistant,1," in reports["--summary"]


def test_many_files_merge_in_a_tree(spark: object, cli: Path, workdir: Path) -> None:
    logs = split_gzip(TESTDATA / "access.log", workdir, job.TREE_MERGE_ABOVE + 5)
    rd = ["--robots-dir", str(workdir / "robots-dir")]
    # Small parts: name the format (a part that starts at a damaged line is detected otherwise).
    args = [*logs, *rd, "--fail-on-violations", "--format", "vhost_combined"]
    reports = compare(spark, cli, workdir, args, code=1)
    assert reports["--inputs"].count(b"\n") == len(logs) + 1


def test_robots_txt_fetched_once_for_the_cluster(
    spark: object, cli: Path, workdir: Path, robots_server: RobotsServer
) -> None:
    """Without --robots-dir: the driver fetches each origin's robots.txt once (through the
    CLI's store and its address guard), and the reports equal the CLI's."""
    port = robots_server.port
    text = (TESTDATA / "access.log").read_bytes().replace(b":443 ", f":{port} ".encode())
    hosts = sorted(
        {line.split(b" ", 1)[0].rsplit(b":", 1)[0].decode() for line in text.splitlines() if f":{port} ".encode() in line}
    )
    assert "www.example.com" in hosts
    source = workdir / "access.log"
    source.write_bytes(text)
    logs = split_gzip(source, workdir, 4)
    args = [*logs, "--scheme", "http", "--no-cache", "--timeout", "5"]
    for host in hosts:
        args += ["--resolve", f"{host}:{port}:127.0.0.1"]
    done = run_cli(cli, [*args, *report_args("cli-", workdir)], workdir)
    assert done.returncode == 0, done.stderr
    cli_hits = robots_server.hits()
    robots_server.reset()
    assert run_job(spark, [*args, *report_args("spark-", workdir)]) == 0
    assert robots_server.hits() == cli_hits
    assert set(cli_hits) == set(hosts) and set(cli_hits.values()) == {1}, cli_hits
    assert read_reports(workdir, "spark-") == read_reports(workdir, "cli-")
    assert b"network" in (workdir / "cli-hosts.csv").read_bytes()
    # With no origin allowed to be fetched (no DNS query, no connection), nothing can be
    # judged: exit 2 and no report, as the CLI.
    robots_server.reset()
    bare = [*logs, "--scheme", "http", "--no-cache", "--max-origins", "0"]
    done = run_cli(cli, [*bare, "--out", str(workdir / "cli-none.csv")], workdir)
    assert done.returncode == 2 and "could not be judged" in done.stderr
    assert run_job(spark, [*bare, "--out", str(workdir / "spark-none.csv")]) == 2
    assert not (workdir / "spark-none.csv").exists()
    assert robots_server.hits() == {}


def timed_stages(err: str) -> List[str]:
    """The stages of the --timings note in `err`, in order (the total last)."""
    lines = err.splitlines()
    at = lines.index("robots-audit: timings:")
    assert lines[at + 1].split() == ["stage", "wall", "ms", "CPU", "ms", "CPU/wall"]
    rows = [l.split() for l in lines[at + 2 :]]
    assert all(len(r) == 4 and float(r[1]) >= 0 and float(r[2]) >= 0 for r in rows), rows
    return [r[0] for r in rows]


def fresh_ranges(workdir: Path) -> Path:
    """The bundled IP-range lists dated the shipped log's day (2026-11-20), for --ranges-dir:
    the same prefixes, without the warning that lists much older than the log gave its
    spoofed verdicts."""
    out = workdir / "fresh-ranges"
    out.mkdir(exist_ok=True)
    for path in sorted((TESTDATA.parent / "src" / "crawlers" / "ranges").glob("*.json")):
        data = json.loads(path.read_text())
        data["creationTime"] = "2026-11-20T00:00:00Z"
        (out / path.name).write_text(json.dumps(data))
    return out


def test_timings_as_the_driver_sees_them(
    spark: object, cli: Path, workdir: Path, robots_server: RobotsServer, capsys: pytest.CaptureFixture
) -> None:
    """--timings under --quiet: the driver's stages (a discovery pass and the fetches first
    when robots.txt is fetched), the reports unchanged."""
    logs = split_gzip(TESTDATA / "access.log", workdir, 2)
    rd = [*logs, "--robots-dir", str(workdir / "robots-dir"), "--ranges-dir", str(fresh_ranges(workdir))]
    compare(spark, cli, workdir, rd)
    capsys.readouterr()
    assert run_job(spark, [*rd, "--quiet", "--timings", *report_args("timed-", workdir)]) == 0
    err = capsys.readouterr().err
    assert err.startswith("robots-audit: timings:\n"), err
    assert timed_stages(err) == ["plan", "start-up", "read", "judgement", "reports", "commit", "total"]
    assert read_reports(workdir, "timed-") == read_reports(workdir, "spark-")

    # Every host on the test server's port and pinned to it (nothing asked of any other
    # address, DNS included).
    port = robots_server.port
    text = (TESTDATA / "access.log").read_bytes()
    text = text.replace(b":443 ", f":{port} ".encode()).replace(b":80 ", f":{port} ".encode())
    (workdir / "local.log").write_bytes(text)
    hosts = {line.split(b" ", 1)[0].rsplit(b":", 1)[0].decode() for line in text.splitlines()
             if line.split(b" ", 1)[0].endswith(f":{port}".encode())}  # fmt: skip
    net = [str(workdir / "local.log"), "--scheme", "http", "--no-cache", "--quiet", "--timings",
           "--out", str(workdir / "net.csv"), *(f"--resolve={h}:{port}:127.0.0.1" for h in sorted(hosts))]  # fmt: skip
    assert run_job(spark, net) == 0
    assert set(robots_server.hits()) == hosts, robots_server.hits()
    stages = timed_stages(capsys.readouterr().err)
    assert stages == ["plan", "start-up", "read", "robots.txt", "read", "judgement", "reports", "commit", "total"]


def cli_error(done: subprocess.CompletedProcess) -> List[str]:
    return [l for l in done.stderr.splitlines() if l.startswith("robots-audit: error")]


def job_errors(capsys: pytest.CaptureFixture) -> List[str]:
    return [l for l in capsys.readouterr().err.splitlines() if l.startswith("robots-audit: error")]


def test_errors_as_the_cli_gives_them(spark: object, cli: Path, workdir: Path, capsys: pytest.CaptureFixture) -> None:
    logs = split_gzip(TESTDATA / "access.log", workdir, 2)
    rd = ["--robots-dir", str(workdir / "robots-dir")]
    files = {
        "notalog.gz": gzip.compress(b"\x00\x01 not a log at all\n" * 50),
        "empty.log": b"",
        "combined.log": (TESTDATA / "combined.log").read_bytes(),
    }
    whole = gzip.compress((TESTDATA / "access.log").read_bytes())
    files["cut.log.gz"] = whole[: len(whole) * 2 // 3]
    paths = {}
    for name, data in files.items():
        (workdir / name).write_bytes(data)
        paths[name] = str(workdir / name)
    out = str(workdir / "x.csv")
    cases: List[List[str]] = [
        [logs[0], paths["notalog.gz"]],
        [logs[0], paths["empty.log"]],
        [logs[0], paths["cut.log.gz"]],
        [paths["combined.log"]],
        [logs[0], "--leeway", "soon"],
        [logs[0], "--max-line-length", "12"],
        [logs[0], "--max-memory", "lots"],
        [logs[0], "--format", "nope"],
        [logs[0], "--since", "2026-11-21", "--until", "2026-11-20"],
    ]
    for args in cases:
        args = [*args, *rd, "--out", out]
        capsys.readouterr()
        done = run_cli(cli, args, workdir)
        assert done.returncode == 2, (args, done.stderr)
        assert run_job(spark, args) == 2, args
        errors = job_errors(capsys)
        assert errors and errors == cli_error(done), args
        assert not Path(out).exists()
    # What the CLI refuses by default, it writes when asked to, and so does the job.
    compare(spark, cli, workdir, [logs[0], paths["cut.log.gz"], *rd, "--allow-damaged"])
    compare(spark, cli, workdir, [logs[0], paths["empty.log"], *rd, "--allow-empty"])


def test_missing_input_and_report_over_an_input(spark: object, workdir: Path, capsys: pytest.CaptureFixture) -> None:
    logs = split_gzip(TESTDATA / "access.log", workdir, 2)
    rd = ["--robots-dir", str(workdir / "robots-dir")]
    assert run_job(spark, [logs[0], str(workdir / "missing.gz"), *rd]) == 2
    assert "missing.gz" in job_errors(capsys)[0]
    assert run_job(spark, [*logs, *rd, "--out", logs[1]]) == 2
    err = job_errors(capsys)[0]
    assert "a report must not replace a log it reads" in err, err
    twice = logs[0].replace("/part0", "/./part0")
    assert run_job(spark, [logs[0], twice, *rd]) == 2
    assert "are the same file" in job_errors(capsys)[0]
    # Spark's messages quote names, which may hold what a terminal obeys: printed escaped.
    hostile = str(workdir / "missing\x1b]0;pwned\x07\u202e.gz")
    assert run_job(spark, [hostile, *rd]) == 2
    err = capsys.readouterr().err
    assert "\x1b" not in err and "\x07" not in err and "\u202e" not in err, repr(err)
    assert "missing\\x1b]0;pwned\\x07\\u{202e}.gz" in err, err


def test_folders_and_globs_name_files_by_path(spark: object, cli: Path, workdir: Path) -> None:
    (workdir / "logs").mkdir()
    logs = split_gzip(TESTDATA / "access.log", workdir / "logs", 4)
    args = ["--robots-dir", str(workdir / "robots-dir")]
    w = str(workdir)
    assert run_job(spark, [f"{w}/logs", *args, "--out", f"{w}/dir.csv", "--inputs", f"{w}/dir-in.csv"]) == 0
    assert run_job(spark, [f"{w}/logs/part[0-3].log.gz", *args, "--out", f"{w}/glob.csv"]) == 0
    done = run_cli(cli, [*logs, *args, "--out", f"{w}/cli.csv"], workdir)
    assert done.returncode == 0
    assert (workdir / "dir.csv").read_bytes() == (workdir / "cli.csv").read_bytes()
    assert (workdir / "glob.csv").read_bytes() == (workdir / "cli.csv").read_bytes()
    rows = (workdir / "dir-in.csv").read_text().splitlines()[1:]
    names = [r.split(",", 1)[0] for r in rows]
    assert names == [f"file:{p}" for p in logs]


def test_file_names_are_files_and_no_file_is_skipped(spark: object, cli: Path, workdir: Path,
                                                    capsys: pytest.CaptureFixture) -> None:
    """A file whose name holds a glob's characters is that file, as the CLI reads it (not a
    pattern that also matches its neighbour); a folder whose files Spark would leave out
    (names starting with _ or .) is refused, not read in part; empty ones hold nothing."""
    logs = split_gzip(TESTDATA / "access.log", workdir, 2)
    (workdir / "g").mkdir()
    odd = workdir / "g" / "q?x[1].log.gz"
    os.replace(logs[0], odd)
    os.replace(logs[1], workdir / "g" / "qax1.log.gz")
    args = [str(odd), "--robots-dir", str(workdir / "robots-dir")]
    want = compare(spark, cli, workdir, args)
    names = [r.split(",", 1)[0] for r in want["--inputs"].decode().splitlines()[1:]]
    assert names == [str(odd)]
    (workdir / "hid").mkdir()
    os.replace(workdir / "g" / "qax1.log.gz", workdir / "hid" / "plain.log.gz")
    (workdir / "hid" / "_SUCCESS").write_bytes(b"")
    assert run_job(spark, [str(workdir / "hid"), *args[1:], "--out", str(workdir / "h.csv")]) == 0
    os.replace(odd, workdir / "hid" / ".dot.log.gz")
    assert run_job(spark, [str(workdir / "hid"), *args[1:], "--out", str(workdir / "h.csv")]) == 2
    err = job_errors(capsys)[0]
    assert "Spark skips the files of a folder whose names start with _ or ." in err and ".dot.log.gz" in err, err
    assert run_job(spark, [str(workdir / "hid" / ".dot.log.gz"), *args[1:]]) == 2
    assert "Spark reads no file whose name starts with _ or ." in job_errors(capsys)[0]
    # Hadoop's paths hold no ':' in a name: refused by name, given alone or in a folder
    # (a review found it failing with a URISyntaxException about a `.crc` file).
    os.remove(workdir / "hid" / ".dot.log.gz")
    colon = workdir / "hid" / "a:b.log.gz"
    os.replace(workdir / "hid" / "plain.log.gz", colon)
    for given in (colon, workdir / "hid"):
        assert run_job(spark, [str(given), *args[1:], "--out", str(workdir / "h.csv")]) == 2
        err = job_errors(capsys)[0]
        assert f"{colon}: Hadoop reads no file whose name holds ':'" in err, err


def run_module(args: List[str], cwd: Path) -> subprocess.CompletedProcess:
    """`python -m robots_audit.spark` in a process of its own: its own session and JVM."""
    env = dict(os.environ, SPARK_LOCAL_IP="127.0.0.1", PYSPARK_PYTHON=sys.executable)
    cmd = [sys.executable, "-m", "robots_audit.spark", "--master", "local[1]", *args]
    return subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=600)


def test_a_missing_input_is_one_line_unless_verbose(workdir: Path) -> None:
    """Standard error carries the job's own messages only: Spark logs nothing from the JVM's
    start on, and a missing input is one line; -v/--verbose adds Spark's log and traces."""
    args = ["missing.log.gz", "--robots-dir", "robots-dir", "--out", "x.csv"]
    done = run_module(args, workdir)
    assert done.returncode == 2
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("robots-audit: error: missing.log.gz: ") and "does not exist" in lines[0]
    verbose = run_module([*args, "-v"], workdir)
    assert verbose.returncode == 2
    assert lines[0] in verbose.stderr.splitlines()
    assert "Traceback (most recent call last):" in verbose.stderr
    assert "    at org.apache.spark." in verbose.stderr  # the JVM's trace (tabs as spaces)
    assert not (workdir / "x.csv").exists()


def test_a_dash_is_standard_output_as_in_the_cli(cli: Path, workdir: Path) -> None:
    """`--out -` (any report's `-`) is the driver's standard output, the bytes the CLI writes
    there; two reports there are refused before anything runs, in the CLI's words."""
    log = split_gzip(TESTDATA / "access.log", workdir, 2, absolute=False)
    args = [*log, "--robots-dir", "robots-dir"]
    want = run_cli(cli, [*args, "--out", "-", "--summary", "s-cli.csv"], workdir)
    assert want.returncode == 0, want.stderr
    assert want.stdout.count("\n") > 1
    done = run_module([*args, "--out", "-", "--summary", "s-job.csv"], workdir)
    assert done.returncode == 0, done.stderr
    assert done.stdout == want.stdout
    assert (workdir / "s-job.csv").read_bytes() == (workdir / "s-cli.csv").read_bytes()
    assert not (workdir / "-").exists()
    refused = run_cli(cli, [*args, "--summary", "-"], workdir)
    assert refused.returncode == 2
    done = run_module([*args, "--summary", "-"], workdir)
    assert done.returncode == 2
    assert done.stderr.splitlines() == cli_error(refused) and done.stdout == ""


def sparse_file(path: Path, size: int) -> None:
    with open(path, "wb") as f:
        f.truncate(size)


def test_a_failed_spark_job_is_one_line_unless_verbose(
    spark: object, workdir: Path, capsys: pytest.CaptureFixture
) -> None:
    """A failure inside Spark (here: a file over the 2 GiB that Spark's binaryFile reads)
    is one line naming the cause, and a note that -v shows the rest."""
    logs = split_gzip(TESTDATA / "access.log", workdir, 2, absolute=False)
    sparse_file(workdir / "big.log", 2**31)
    args = [*logs, "big.log", "--robots-dir", "robots-dir", "--out", "x.csv"]
    done = run_module(args, workdir)
    assert done.returncode == 2
    lines = done.stderr.splitlines()
    assert len(lines) == 2 and all(l.startswith("robots-audit: ") for l in lines), done.stderr
    assert lines[0].startswith("robots-audit: error: the Spark job failed: ")
    assert "big.log" in lines[0] and "2147483648" in lines[0], lines[0]
    assert lines[1] == "robots-audit: note: -v/--verbose shows Spark's log and the whole trace"
    assert not (workdir / "x.csv").exists()
    # With -v, the whole trace (in this process: the session is the tests' own).
    w = str(workdir)
    capsys.readouterr()
    assert run_job(spark, [*(f"{w}/{l}" for l in logs), f"{w}/big.log", "--robots-dir", f"{w}/robots-dir", "-v"]) == 2
    err = capsys.readouterr().err
    assert "robots-audit: error: the Spark job failed: " in err and "    at org.apache.spark." in err, err[-3000:]


def test_more_crawler_names_than_the_budget_holds_stops_both_alike(spark: object, cli: Path, workdir: Path,
                                                                   capsys: pytest.CaptureFixture) -> None:
    """25,000 crawler names, each a summary row and a judgement that cannot go to disk, are
    more than a 16M --max-memory keeps (at least 64 MiB): the CLI and the job both stop with
    exit 2 saying so, and neither writes a report; at 128M both write the same one."""
    robots = workdir / "flood-robots" / "www.example.com"
    robots.mkdir(parents=True)
    (robots / "robots.txt").write_text("User-agent: *\nDisallow: /private/\n")
    lines = "".join(
        f'www.example.com:443 66.249.66.1 - - [20/Nov/2026:03:{i // 60 % 60:02}:{i % 60:02} +0000] '
        f'"GET /ok HTTP/1.1" 200 5 "-" "Bot{i}/2.0 (+http://b.example/)"\n'
        for i in range(25_000)
    )
    log = workdir / "flood.log.gz"
    log.write_bytes(gzip.compress(lines.encode()))
    rd = ["--robots-dir", str(workdir / "flood-robots")]
    out = workdir / "flood.csv"
    args = [str(log), *rd, "--max-memory", "16M", "--summary", str(out)]
    capsys.readouterr()
    done = run_cli(cli, args, workdir)
    assert done.returncode == 2, done.stderr
    assert run_job(spark, args) == 2
    for err in (cli_error(done), job_errors(capsys)):
        assert err and "crawler names" in err[0] and "raise --max-memory" in err[0], err
    assert not out.exists()
    compare(spark, cli, workdir, [str(log), *rd, "--max-memory", "128M"])
