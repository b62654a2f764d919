"""The audit on a Spark cluster: ``python -m robots_audit.spark [--master URL] <LOG>... --out FILE``
with the options of ``robots-audit`` (``--robots-dir``, ``--format``, ``--host``, ``--summary``,
``--hosts``, ``--leeway``, ...). The reports are byte-identical to ``robots-audit`` run on one
machine with the same inputs and options.

How the work is split (everything that judges is the Rust library, the same code as the CLI):

1. Spark reads the inputs with its ``binaryFile`` source (so ``s3a://``, ``abfss://``,
   ``gs://`` and HDFS paths work with the cluster's own credentials); each file is one row.
2. robots.txt is obtained on the driver, once for the whole cluster: with ``--robots-dir`` the
   folder is read into a snapshot; otherwise a first pass over the data finds the origins, and
   the driver fetches them with the CLI's store (same cache, limits and address guard). The
   snapshot travels to the executors inside the task (Spark broadcasts a large one).
3. Each task audits its files (``mapInArrow``) and returns one *partial aggregate* (the
   library's compact byte form); partials are merged in a tree (by the tasks, then on the
   driver).
4. The driver finishes the run with the library's ``run`` stage, the CLI's own: the same checks,
   the same notes on standard error, and every report (``--out``, ``--summary``, ``--hosts``,
   ``--spoofed``, ``--inputs``, ``--html``, ``--preferences``) each into one file (not Spark's ``part-*`` folder),
   renamed into place only when all are complete. The exit status is the CLI's.

Only the DataFrame API is used (no RDD, no ``SparkContext``), so the job also runs on Spark
Connect and on Databricks shared and serverless compute.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import hashlib
import os
import re
import sys
import traceback
from typing import Any, Dict, Iterator, List, Optional, Sequence, Tuple
from urllib.parse import unquote, urlsplit

PROG = "python -m robots_audit.spark"

# Above this many input files, the tasks' partials are merged by a second round of tasks
# before the driver merges what is left: the driver then merges about sqrt(files) partials.
TREE_MERGE_ABOVE = 16

_OUTPUT_SCHEMA = "order int, kind string, data binary, message string"

# The Task built from a spec, per Python worker process (workers are reused between tasks).
_TASKS: Dict[str, Any] = {}


def build_parser() -> argparse.ArgumentParser:
    """The job's options: the CLI's audit options, plus where Spark runs."""
    p = argparse.ArgumentParser(
        prog=PROG,
        description=(
            "Audit web access logs for crawlers that break robots.txt, on a Spark cluster "
            "(or local[N]). Writes the same reports, byte for byte, as robots-audit does on one "
            "machine with the same inputs and options."
        ),
        epilog="Exit status: 0 done; 1 violations found with --fail-on-violations (or conflicts "
        "with --fail-on-conflicts); 2 error; 130 interrupted (SIGINT).",
    )
    p.add_argument(
        "logs",
        nargs="+",
        metavar="LOG",
        help="access logs (gzip or plain, detected by content): files, folders or globs, on any "
        "file system Spark reads (s3a://, abfss://, gs://, hdfs://, local paths)",
    )
    s = p.add_argument_group("Spark")
    s.add_argument(
        "--master",
        metavar="URL",
        help="Spark master (local[N], spark://..., yarn); ignored under spark-submit, whose "
        "--master wins; default: Spark's own (local[*] outside spark-submit)",
    )
    s.add_argument("--remote", metavar="URL", help="a Spark Connect server (sc://host:port)")
    r = p.add_argument_group("reports")
    r.add_argument("-o", "--out", metavar="FILE", help="the violations report (default: standard output)")
    r.add_argument("--summary", metavar="FILE", help="one row per (host, crawler)")
    r.add_argument("--inputs", metavar="FILE", help="one row per log file")
    r.add_argument("--spoofed", metavar="FILE", help="addresses that failed a crawler's verification")
    r.add_argument("--hosts", metavar="FILE", help="one row per host: its robots.txt")
    r.add_argument("--html", metavar="FILE", help="the findings as one self-contained HTML page")
    r.add_argument("--preferences", metavar="FILE",
                   help="usage preference conflicts: allowed requests whose crawler's purpose the "
                   "site's Content-Signal or Content-Usage lines say no to")
    a = p.add_argument_group("audit (as robots-audit)")
    a.add_argument("-f", "--format", default="auto", metavar="NAME")
    a.add_argument("--json-field", action="append", default=[], metavar="MEANING=KEY")
    a.add_argument("--host", metavar="HOST")
    a.add_argument("--scheme", choices=["http", "https"], default="https")
    a.add_argument("--robots-dir", metavar="DIR", help="saved robots.txt files (a folder on the driver); nothing is fetched")
    a.add_argument("--resolve", action="append", default=[], metavar="HOST:PORT:ADDRESS")
    a.add_argument("--allow-private", action="store_true")
    a.add_argument("--allow-host", action="append", default=[], metavar="PATTERN")
    a.add_argument("--max-origins", type=int, default=500, metavar="N")
    a.add_argument("--cache-dir", metavar="DIR")
    a.add_argument("--no-cache", action="store_true")
    a.add_argument("--timeout", type=int, default=20, metavar="SECONDS")
    a.add_argument("--fetch-concurrency", type=int, default=16, metavar="N")
    a.add_argument("--fetch-budget", type=int, default=120, metavar="SECONDS")
    a.add_argument("--crawlers", metavar="FILE")
    a.add_argument("--verify-dns", action="store_true")
    a.add_argument("--dns-server", action="append", default=[], metavar="ADDR")
    a.add_argument("--dns-timeout", type=float, default=2.0, metavar="SECONDS")
    a.add_argument("--ranges-dir", metavar="DIR")
    a.add_argument("--crawler-lists", metavar="DIR",
                   help="lists of AI agents saved by `robots-audit update-crawlers` (default: the cache's)")
    a.add_argument("--since", metavar="TIME")
    a.add_argument("--until", metavar="TIME")
    a.add_argument("--leeway", default="24h", metavar="DURATION")
    a.add_argument("--max-line-length", default="1M", metavar="SIZE",
                   help="the longest log line read; longer ones are counted as malformed")
    a.add_argument("--max-memory", default="128M", metavar="SIZE",
                   help="per task: requests kept for the end past this go to temporary files")
    a.add_argument("--all-crawl-delay", action="store_true")
    a.add_argument("--judge-automation", action="store_true")
    a.add_argument("--allow-empty", action="store_true")
    a.add_argument("--allow-damaged", action="store_true")
    a.add_argument("--fail-on-violations", action="store_true")
    a.add_argument("--fail-on-conflicts", action="store_true",
                   help="exit 1 when the preferences report has a row")
    a.add_argument("--no-neutralize", action="store_true")
    a.add_argument("-q", "--quiet", action="store_true")
    a.add_argument("--timings", action="store_true",
                   help="at the end, each stage's wall and CPU time as the driver sees them "
                   "(the tasks' passes over the logs are 'read'), under --quiet too")
    a.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        help="Spark's own log on standard error, and the whole trace of a Spark failure "
        "(by default a session this command starts logs nothing, and a failure is one line)",
    )
    return p


# The job's own options, which are not the audit's: Spark reads the logs itself.
_SPARK_ONLY = ("logs", "master", "remote", "verbose")


def _options(args: argparse.Namespace) -> Dict[str, Any]:
    """The audit's options for the native driver, by the CLI's names (the library checks
    them, and refuses a name it does not know)."""
    return {k: v for k, v in vars(args).items() if k not in _SPARK_ONLY}


class JobError(Exception):
    """An error to report as the CLI would (``robots-audit: error: ...``, exit status 2);
    ``cause`` is Spark's exception, whose trace -v/--verbose adds."""

    def __init__(self, message: str, cause: Optional[BaseException] = None):
        super().__init__(message)
        self.cause = cause


def _say(lines: Sequence[str]) -> None:
    """Lines on standard error, as the CLI prints them: escaped for a terminal (tabs, which
    Java's traces indent with, as spaces); a note of several lines (the hosts not judged, one
    a line) keeps its line breaks."""
    from robots_audit._native import terminal

    for message in lines:
        for line in message.split("\n"):
            print(terminal(line.replace("\t", "    ")), file=sys.stderr)
    sys.stderr.flush()


def _error(message: str, detail: Optional[str] = None) -> None:
    first, *rest = str(message).rstrip().splitlines() or [""]
    _say([f"robots-audit: error: {first}", *rest])
    if detail:
        _say(detail.rstrip().splitlines())


def _spark_error(message: str, e: BaseException, verbose: bool) -> None:
    """A failure of Spark itself: one message without traces, and a note that -v shows
    them; with -v, the whole trace (Python's, and the JVM's)."""
    if verbose:
        _error(message, _trace(e))
    else:
        _error(message)
        _say(["robots-audit: note: -v/--verbose shows Spark's log and the whole trace"])


# Spark's log4j2 settings for a session this command starts, without -v: nothing on the
# console (a file of the package, so that it applies from the JVM's first line on).
_QUIET_LOG4J = os.path.join(os.path.dirname(os.path.abspath(__file__)), "log4j2-quiet.properties")


def main(argv: Optional[Sequence[str]] = None) -> int:
    """The command line: parses ``argv``, starts (or joins) a Spark session, runs the job."""
    from robots_audit._native import EXIT_ERROR

    args = build_parser().parse_args(argv)
    if args.dns_server and not args.verify_dns:
        build_parser().error("--dns-server requires --verify-dns")
    if "-" in args.logs:
        _error("standard input ('-') cannot be read by a Spark job: give files")
        return EXIT_ERROR
    try:
        from pyspark.sql import SparkSession
    except ImportError:
        _error('pyspark is not installed: pip install "./python[spark]" (the package with its spark extra)')
        return EXIT_ERROR
    builder = SparkSession.builder.appName("robots-audit")
    own_jvm = False
    if args.remote:
        builder = builder.remote(args.remote)
    elif os.environ.get("PYSPARK_GATEWAY_PORT"):
        # Started by spark-submit: its --master and settings decide.
        if args.master and not args.quiet:
            _say([f"robots-audit: note: --master {args.master} ignored: spark-submit's master is used"])
    else:
        if args.master:
            builder = builder.master(args.master)
        # Our own session: standard error is for the job's messages, not a progress bar.
        builder = builder.config("spark.ui.showConsoleProgress", "false")
        own_jvm = True
    try:
        with _quiet_jvm(own_jvm and not args.verbose):
            spark = builder.getOrCreate()
    except Exception as e:  # no JVM, no Java, a master that cannot be reached
        _spark_error(f"Spark did not start: {_spark_failure(e)}", e, args.verbose)
        return EXIT_ERROR
    try:
        return run(spark, args)
    finally:
        spark.stop()


@contextlib.contextmanager
def _quiet_jvm(quiet: bool) -> Iterator[None]:
    """While a session this command starts is made: its driver JVM logs nothing on the
    console, when `quiet`. ``SPARK_SUBMIT_OPTS`` reaches the JVM that PySpark launches and
    adds to the user's own Java options rather than replacing them (spark-submit's and Spark
    Connect's sessions keep the user's log settings)."""
    if not quiet:
        yield
        return
    before = os.environ.get("SPARK_SUBMIT_OPTS")
    option = f'"-Dlog4j2.configurationFile={_QUIET_LOG4J}"'
    os.environ["SPARK_SUBMIT_OPTS"] = f"{before} {option}" if before else option
    try:
        yield
    finally:
        if before is None:
            del os.environ["SPARK_SUBMIT_OPTS"]
        else:
            os.environ["SPARK_SUBMIT_OPTS"] = before


def run(spark: Any, args: argparse.Namespace) -> int:
    """The job on an existing session; gives the exit status (the CLI's: ``EXIT_OK``,
    ``EXIT_VIOLATIONS``, ``EXIT_ERROR`` of ``robots_audit._native``). Ctrl-C (SIGINT) removes
    the reports' temporary files and ends Python by the signal, as the CLI ends (a shell sees
    status 130)."""
    from robots_audit._native import EXIT_ERROR, Driver, RobotsAuditError

    verbose = getattr(args, "verbose", False)
    try:
        inputs = _Inputs.load(spark, args.logs)
        driver = Driver(_options(args), inputs.local_files())
    except JobError as e:
        _error(str(e), _trace(e.cause) if verbose and e.cause else None)
        return EXIT_ERROR
    except (RobotsAuditError, ValueError) as e:
        _error(str(e))
        return EXIT_ERROR
    _say(driver.take_messages())
    restore = _tune(spark)
    try:
        return _stages(driver, inputs)
    except RobotsAuditError as e:
        _say(driver.take_messages())
        _error(str(e))
        return EXIT_ERROR
    except KeyboardInterrupt:
        driver.discard()
        raise
    except Exception as e:  # the Spark job failed: Spark's message has the executor's trace
        _say(driver.take_messages())
        _spark_error(f"the Spark job failed: {_spark_failure(e)}", e, verbose)
        return EXIT_ERROR
    finally:
        restore()


def _trace(e: BaseException) -> str:
    """Everything Spark says of an error: the Python trace, with the JVM's when the
    message does not carry it already (PySpark leaves it out by default)."""
    text = "".join(traceback.format_exception(type(e), e, e.__traceback__))
    jvm = getattr(e, "stackTrace", None)  # PySpark's CapturedException
    if isinstance(jvm, str) and jvm.strip() and jvm.strip() not in text:
        text += f"JVM stacktrace:\n{jvm}"
    return text


def _spark_failure(e: BaseException) -> str:
    """What a Spark failure comes to, without traces: the innermost error's message (for a
    task's Python error, the last exception of its traceback), its class without a package."""
    text = str(e)
    java = getattr(e, "java_exception", None)  # py4j's Py4JJavaError: the JVM's exception
    if java is not None:
        try:
            for _ in range(32):
                cause = java.getCause()
                if cause is None:
                    break
                java = cause
            text = java.toString()
        except Exception:  # the JVM is gone: Python's own text of it
            pass
    lines = text.strip().splitlines()
    if "Traceback (most recent call last):" in lines:
        # A Python traceback: the frames are indented; the exception follows the last one.
        start = len(lines) - lines[::-1].index("Traceback (most recent call last):")
        lines = [l for l in lines[start:] if l and not l[0].isspace()]
    message: List[str] = []
    for line in lines:
        if line.startswith(("\tat ", "\t...", "JVM stacktrace:", "Caused by:")) or not line.strip():
            if message:
                break
            continue
        message.append(line.strip())
    if not message:
        return type(e).__name__
    message[0] = re.sub(r"^(?:[A-Za-z_][\w$]*\.)+(?=[A-Za-z_][\w$]*(?:Error|Exception)\b)", "", message[0])
    return "\n".join(message)


def _stages(driver: Any, inputs: "_Inputs") -> int:
    """Discovery and fetch (without --robots-dir), the audit, the reports. Raises
    RobotsAuditError where the CLI exits 2."""
    if driver.needs_discovery:
        rows = _run_tasks(inputs, driver.task_spec(), tree=False)
        _raise_first_error(rows)
        for row in rows:
            if row["kind"] == "discovery":
                driver.add_discovery(row["data"])
        driver.fetch()
        _say(driver.take_messages())
    rows = _run_tasks(inputs, driver.task_spec(), tree=len(inputs.files) > TREE_MERGE_ABOVE)
    _raise_first_error(rows)
    code = driver.finish(_merge_rows(rows), inputs.names())
    _say(driver.take_messages())
    return code


class _Inputs:
    """The input files, named as the CLI names them: a file given by itself keeps the name it
    was given by; the files of a folder or glob are named by their full path."""

    def __init__(self, frame: Any, files: List[Tuple[int, str, str]]):
        self.frame = frame  # path, content
        self.files = files  # (argument order, path as Spark gives it, name)

    @staticmethod
    def load(spark: Any, logs: Sequence[str]) -> "_Inputs":
        frames = []
        files: List[Tuple[int, str, str]] = []
        seen: Dict[Any, str] = {}
        for order, arg in enumerate(logs):
            # A file whose name holds a glob's characters (`q?x.log`) is that file, as the
            # CLI reads it, not a pattern that also matches `qax.log`.
            literal = _has_glob(arg) and _is_local(arg)
            colon = _colon_names(arg)
            if colon:
                raise JobError(f"{colon[0]}: Hadoop reads no file whose name holds ':' "
                               "(rename it, or audit it with robots-audit)")
            try:
                df = (
                    spark.read.format("binaryFile")
                    .option("recursiveFileLookup", "true")
                    .load(_escape_glob(arg) if literal else arg)
                )
                # The listing Spark made for the read, on the driver (no job runs for it).
                found = sorted(_hadoop_path(uri) for uri in df.inputFiles())
            except Exception as e:  # AnalysisException, or Spark Connect's own classes
                raise JobError(f"{arg}: {_first_line(e)}", e) from None
            if not found:
                if _is_local_file(arg) and _spark_hides(os.path.basename(arg.rstrip("/"))):
                    raise JobError(f"{arg}: Spark reads no file whose name starts with _ or . "
                                   "(rename it, or audit it with robots-audit)")
                raise JobError(f"{arg}: no files to read")
            hidden = _hidden_files(arg)
            if hidden:
                names = ", ".join(hidden[:3]) + (f" and {len(hidden) - 3} more" if len(hidden) > 3 else "")
                raise JobError(f"{arg}: Spark skips the files of a folder whose names start with _ "
                               f"or . ({names}): name the others, or rename these to read them")
            single = len(found) == 1 and (literal or not _has_glob(arg)) and _same_name(found[0], arg)
            for path in found:
                name = arg if single else path
                key = _identity(path)
                if key in seen:
                    raise JobError(f"{seen[key]} and {name} are the same file: each log can be given once")
                seen[key] = name
                files.append((order, path, name))
            frames.append(df.select("path", "content"))
        frame = functools.reduce(lambda a, b: a.unionByName(b), frames)
        return _Inputs(frame, files)

    def names(self) -> List[str]:
        return [name for _, _, name in self.files]

    def local_files(self) -> List[str]:
        """The inputs that are files on this machine (for the CLI's path checks)."""
        return [p for p in (_local_path(path) for _, path, _ in self.files) if p]


def _hadoop_path(uri: str) -> str:
    """A file as ``inputFiles()`` gives it (a URI: ``file:///a%20b``) → as the ``path`` column
    of the binaryFile source gives it (Hadoop's ``Path.toString``: ``file:/a b``)."""
    u = urlsplit(uri)
    if not u.scheme:
        return unquote(uri)
    authority = f"//{u.netloc}" if u.netloc else ""
    return f"{u.scheme}:{authority}{unquote(u.path)}"


def _first_line(e: BaseException) -> str:
    text = str(e).strip()
    return text.splitlines()[0] if text else type(e).__name__


def _has_glob(arg: str) -> bool:
    return any(c in arg for c in "*?[{")


def _is_local_file(arg: str) -> bool:
    local = _local_path(arg)
    return local is not None and os.path.isfile(local)


def _is_local(arg: str) -> bool:
    """Whether the argument names a file or folder on this machine, as written."""
    local = _local_path(arg)
    return local is not None and os.path.exists(local)


def _escape_glob(arg: str) -> str:
    """A path with Hadoop's glob characters escaped: the file of that very name."""
    return re.sub(r"([*?\[\]{}\\])", r"\\\1", arg)


def _spark_hides(name: str) -> bool:
    """Whether Spark's file listing leaves out a file of this name (Hadoop's hidden files)."""
    return (name.startswith("_") and "=" not in name) or name.startswith(".") or name.endswith("._COPYING_")


# Files no log is: a desktop's and a version control's own (Spark's listing leaves them out).
_NO_LOGS = (".DS_Store", ".keep")


def _hidden_files(arg: str) -> List[str]:
    """The files of a local folder (at any depth) that Spark's listing leaves out, by path,
    a hidden folder's files included; empty for a file or a folder elsewhere. Empty ones
    (Spark's `_SUCCESS` markers, an empty `_temporary/`), a desktop's or a version control's
    own (`.DS_Store`, `._name` AppleDouble copies, `.git/`) and checksums (`.name.crc`) hold no
    request and are not counted."""
    local = _local_path(arg)
    if local is None or not os.path.isdir(local):
        return []
    hidden = []
    for root, dirs, files in os.walk(local):
        inside = os.path.relpath(root, local).split(os.sep)
        under_hidden = any(_spark_hides(part) for part in inside if part != ".")
        # A version control's own folder is never walked (`.git/`, and its `.gitignore`,
        # `.gitattributes`, a worktree's `.git` file below).
        dirs[:] = sorted(d for d in dirs if d != ".git")
        for f in sorted(files):
            path = os.path.join(root, f)
            if not (under_hidden or _spark_hides(f)) or os.path.getsize(path) == 0:
                continue
            if (f in _NO_LOGS or f.startswith(("._", ".git"))
                    or (f.startswith(".") and f.endswith(".crc"))):
                continue
            hidden.append(path)
    return hidden


def _colon_names(arg: str) -> List[str]:
    """The local files of an argument (itself, or a folder's at any depth) whose names hold a
    ':', which Hadoop's paths cannot (a name's ``a:`` reads as a scheme), by path."""
    local = _local_path(arg)
    if local is None or not os.path.exists(local):
        return []
    if not os.path.isdir(local):
        return [arg] if ":" in os.path.basename(local) else []
    found = []
    for root, dirs, files in os.walk(local):
        dirs[:] = sorted(d for d in dirs if d != ".git")
        found.extend(os.path.join(root, f) for f in sorted(files + dirs) if ":" in f)
    return found


def _same_name(path: str, arg: str) -> bool:
    """Whether the one file Spark found for an argument is the argument itself (not the only
    file of a folder)."""
    return path.rstrip("/").rsplit("/", 1)[-1] == arg.rstrip("/").rsplit("/", 1)[-1]


def _local_path(path: str) -> Optional[str]:
    if path.startswith("file:"):
        return path[len("file:"):]
    return None if "://" in path else path


def _identity(path: str) -> Any:
    local = _local_path(path)
    if local:
        try:
            st = os.stat(local)
            return ("file", st.st_dev, st.st_ino)
        except OSError:
            pass
    return ("path", path)


def _tune(spark: Any) -> Any:
    """One file per Arrow batch, so that a task holds one input at a time; gives a function
    that puts the setting back. A session that refuses the setting keeps its own."""
    key = "spark.sql.execution.arrow.maxRecordsPerBatch"
    try:
        before = spark.conf.get(key, None)
        spark.conf.set(key, "1")
    except Exception:
        return lambda: None

    def restore() -> None:
        try:
            if before is None:
                spark.conf.unset(key)
            else:
                spark.conf.set(key, before)
        except Exception:
            pass

    return restore


def _run_tasks(inputs: _Inputs, spec: bytes, tree: bool) -> List[Any]:
    """Runs the tasks over every input; gives the rows they return (partials, discoveries,
    errors), after a round of merging tasks when `tree`."""
    digest = hashlib.sha256(spec).hexdigest()
    names = {path: (order, name) for order, path, name in inputs.files}
    audited = inputs.frame.mapInArrow(
        functools.partial(_audit_batches, spec, digest, names), _OUTPUT_SCHEMA
    )
    if tree:
        fan_in = max(2, int(len(inputs.files) ** 0.5))
        audited = audited.repartition(fan_in).mapInArrow(_merge_batches, _OUTPUT_SCHEMA)
    return audited.collect()


def _raise_first_error(rows: List[Any]) -> None:
    """The error of the first input (in argument order) that is not a log, if any."""
    from robots_audit._native import RobotsAuditError

    errors = sorted((r["order"], r["message"]) for r in rows if r["kind"] == "error")
    if errors:
        raise RobotsAuditError(errors[0][1])


def _merge_rows(rows: List[Any]) -> Any:
    from robots_audit._native import Partial

    merged = Partial()
    for row in rows:
        if row["kind"] == "partial":
            merged.merge(Partial.from_bytes(row["data"]))
    return merged


def _task(spec: bytes, digest: str) -> Any:
    task = _TASKS.get(digest)
    if task is None:
        from robots_audit._native import Task

        _TASKS.clear()
        task = _TASKS[digest] = Task(spec)
    return task


def _batch(rows: List[Tuple[int, str, Optional[bytes], Optional[str]]]) -> Any:
    import pyarrow as pa

    order, kind, data, message = zip(*rows)
    return pa.RecordBatch.from_arrays(
        [
            pa.array(order, pa.int32()),
            pa.array(kind, pa.string()),
            pa.array(data, pa.binary()),
            pa.array(message, pa.string()),
        ],
        names=["order", "kind", "data", "message"],
    )


def _audit_batches(
    spec: bytes, digest: str, names: Dict[str, Tuple[int, str]], batches: Iterator[Any]
) -> Iterator[Any]:
    """A task: audits each file of its batches; yields one merged partial (or, in the
    discovery pass, what each file asks robots.txt for), and an error row per input that is
    not a log."""
    from robots_audit._native import RobotsAuditError

    task = _task(spec, digest)
    merged = None
    for batch in batches:
        paths = batch.column(batch.schema.get_field_index("path")).to_pylist()
        contents = batch.column(batch.schema.get_field_index("content"))
        for i, path in enumerate(paths):
            if path not in names:
                raise RobotsAuditError(f"{path}: not among the files listed on the driver")
            order, name = names[path]
            content = contents[i].as_py()
            try:
                if task.discovering:
                    yield _batch([(order, "discovery", task.discover(content, name), None)])
                else:
                    part = task.audit(content, name)
                    if merged is None:
                        merged = part
                    else:
                        merged.merge(part)
            except RobotsAuditError as e:
                yield _batch([(order, "error", None, str(e))])
            del content
    if merged is not None:
        yield _batch([(-1, "partial", merged.to_bytes(), None)])


def _merge_batches(batches: Iterator[Any]) -> Iterator[Any]:
    """A merging task: one partial out of the partials it is given; other rows pass."""
    from robots_audit._native import Partial

    merged = None
    for batch in batches:
        for row in batch.to_pylist():
            if row["kind"] != "partial":
                yield _batch([(row["order"], row["kind"], row["data"], row["message"])])
                continue
            part = Partial.from_bytes(row["data"])
            if merged is None:
                merged = part
            else:
                merged.merge(part)
    if merged is not None:
        yield _batch([(-1, "partial", merged.to_bytes(), None)])


__all__ = ["build_parser", "main", "run"]
