"""The README's usage examples run as written against the committed package."""

from __future__ import annotations

import contextlib
import io
import sys
from pathlib import Path

import pytest
from conftest import ROOT


def python_blocks(text: str) -> list[str]:
    """Fenced ```python blocks (fences at the start of a line only)."""
    blocks: list[str] = []
    current: list[str] | None = None
    for line in text.splitlines():
        if current is None and line.strip() == "```python":
            current = []
        elif current is not None and line.strip() == "```":
            blocks.append("\n".join(current))
            current = None
        elif current is not None:
            current.append(line)
    return blocks


def test_guard_examples_in_the_readme_run() -> None:
    blocks = [b for b in python_blocks((ROOT / "README.md").read_text()) if "gatekeeper" in b]
    assert len(blocks) == 2
    sys.path.insert(0, str(ROOT))
    try:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile("\n".join(blocks), "README.md", "exec"), {})
    finally:
        sys.path.remove(str(ROOT))
    assert "could not be parsed" in out.getvalue() or "parse" in out.getvalue()


def test_the_durable_run_example_in_the_readme_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocks = [b for b in python_blocks((ROOT / "README.md").read_text()) if "SqliteJournal" in b]
    assert len(blocks) == 1
    monkeypatch.chdir(tmp_path)
    sys.path.insert(0, str(ROOT))
    try:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(blocks[0], "README.md", "exec"), {})
    finally:
        sys.path.remove(str(ROOT))
    assert out.getvalue() == "approval May I rotate the keys?\n"
    assert (tmp_path / "runs.db").exists()
