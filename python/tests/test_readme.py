"""The README's Python and Spark examples, taken from README.md itself: its ```python blocks
run as doctests (from the repository's root, as a reader would run them), and its Spark
command runs as written, with its reports compared with the CLI's. The package's own
docstring examples run too.

The Spark command runs with `$RA_SPARK_PYTHON` when set: CI points it at a fresh venv with
nothing but `pip install "./python[spark]"` in it, so that the extra is what is tested."""

from __future__ import annotations

import doctest
import os
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

import pytest

import robots_audit
from conftest import REPO, run_cli

README = REPO / "README.md"


def code_blocks(language: str) -> List[Tuple[int, str]]:
    """The README's fenced blocks of one language ("" for none), in order: the line before
    each block's first (0-based, as doctest counts) and its text."""
    blocks: List[Tuple[int, str]] = []
    current: Optional[List[str]] = None
    start, lang = 0, ""
    for number, line in enumerate(README.read_text("utf-8").splitlines(keepends=True)):
        if current is None:
            if line.startswith("```"):
                current, start, lang = [], number, line[3:].strip()
        elif line.rstrip("\n") == "```":
            if lang == language:
                blocks.append((start, "".join(current)))
            current = None
        else:
            current.append(line)
    assert current is None, "a fenced block of the README is not closed"
    return blocks


def run_doctests(text: str, line: int, globs: Dict[str, Any]) -> doctest.TestResults:
    """Runs a block's examples in `globs`, which keeps what they define for the next block;
    a failure names the README's own line."""
    test = doctest.DocTestParser().get_doctest(text, globs, f"README.md:{line + 1}", str(README), line)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test, clear_globs=False)
    globs.update(test.globs)
    return runner.summarize(verbose=False)


def test_readme_python_examples(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)
    blocks = code_blocks("python")
    assert len(blocks) >= 2, "the README's Python examples are gone"
    globs: Dict[str, Any] = {}  # one session, as a reader goes down the page
    for line, block in blocks:
        # Every line is an example or its expected output: nothing in a block goes untested.
        assert block.startswith(">>> "), f"README.md:{line + 1}: not a doctest"
        result = run_doctests(block, line, globs)
        assert result.attempted > 0 and result.failed == 0, f"README.md:{line + 1}: {result}"


def test_package_docstring_examples() -> None:
    result = doctest.testmod(robots_audit, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0, result


def readme_spark_command() -> List[str]:
    """The README's `python -m robots_audit.spark` command, split as a shell would."""
    found = [b for _, b in code_blocks("") if b.startswith("python -m robots_audit.spark ")]
    assert len(found) == 1, "the README's Spark command"
    return shlex.split(found[0].replace("\\\n", " "))


def test_readme_spark_command(cli: Path, tmp_path: Path) -> None:
    """The README's Spark command as written, in a folder beside testdata/ as the repository
    root is; then the CLI with the same inputs and options: the same report bytes, and
    nothing on standard error but the job's own notes (no Spark log, no Java trace)."""
    python = os.environ.get("RA_SPARK_PYTHON", sys.executable)
    command = readme_spark_command()
    assert command[:5] == ["python", "-m", "robots_audit.spark", "--master", "local[2]"], command
    reports = [command[i + 1] for i, a in enumerate(command) if a in ("--out", "--summary")]
    assert reports == ["report.csv", "summary.csv"], command
    env = dict(os.environ, SPARK_LOCAL_IP="127.0.0.1", PYSPARK_PYTHON=python)
    if "RA_SPARK_PYTHON" in os.environ:
        # The venv must bring everything itself: no package from this test's PYTHONPATH.
        env.pop("PYTHONPATH", None)
        probe = subprocess.run(
            [python, "-c", PROBE], env=env, cwd=tmp_path, capture_output=True, text=True, timeout=120
        )
        assert probe.returncode == 0, probe.stderr
        assert probe.stdout.split() == ["ok"], probe.stdout

    spark_dir, cli_dir = tmp_path / "spark", tmp_path / "cli"
    for d in (spark_dir, cli_dir):
        d.mkdir()
        (d / "testdata").symlink_to(REPO / "testdata")
    done = subprocess.run(
        [python, *command[1:]], cwd=spark_dir, env=env, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr[-5000:]
    cli_done = run_cli(cli, command[5:], cli_dir)
    assert cli_done.returncode == 0, cli_done.stderr
    for name in reports:
        assert (spark_dir / name).read_bytes() == (cli_dir / name).read_bytes(), name
    assert (cli_dir / "report.csv").read_bytes().count(b"\n") > 100
    # Quiet: only the job's own notes, each one the CLI prints too.
    lines = done.stderr.splitlines()
    assert any("malformed lines skipped" in l for l in lines), done.stderr
    assert all(l.startswith("robots-audit: ") for l in lines), done.stderr
    assert set(lines) <= set(cli_done.stderr.splitlines()), done.stderr


# What the `spark` extra must have installed: the package (not from a source tree), PySpark
# 3.5, and pandas, pyarrow and numpy in versions PySpark 3.5 accepts (pyproject.toml).
PROBE = """
import numpy, pandas, pyarrow, pyspark, robots_audit, robots_audit._native
assert "site-packages" in robots_audit.__file__, robots_audit.__file__
assert pyspark.__version__.startswith("3.5."), pyspark.__version__
major = lambda m: int(m.__version__.split(".")[0])
assert major(pandas) < 3 and major(numpy) < 2 and major(pyarrow) < 26, (
    pandas.__version__, numpy.__version__, pyarrow.__version__)
from pyspark.sql.pandas.utils import require_minimum_pandas_version, require_minimum_pyarrow_version
require_minimum_pandas_version()
require_minimum_pyarrow_version()
print("ok")
"""
