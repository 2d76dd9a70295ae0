"""The README's usage examples run as written against the committed package."""

from __future__ import annotations

import contextlib
import io
import sys

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
