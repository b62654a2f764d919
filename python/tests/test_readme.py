"""The README's Python examples, taken from README.md itself: its ```python blocks run as
doctests (from the repository's root, as a reader would run them). The package's own
docstring examples run too."""

from __future__ import annotations

import doctest
from typing import Any, Dict, List, Optional, Tuple

import pytest

import robots_audit
from conftest import REPO

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
