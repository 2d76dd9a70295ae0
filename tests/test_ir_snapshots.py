"""IR snapshots of the project's patterns: a change in lowering shows up as a
reviewable diff of `tests/snapshots/*.ir.txt`.

Refresh them after an intended change with
``PROSEC_UPDATE_SNAPSHOTS=1 pytest tests/test_ir_snapshots.py`` and review
the diff.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from conftest import PATTERNS, ROOT

from prosec.api import lowered
from prosec.irdump import dump

SNAPSHOTS = ROOT / "tests" / "snapshots"
UPDATE = os.environ.get("PROSEC_UPDATE_SNAPSHOTS") == "1"


@pytest.mark.parametrize("source", sorted(PATTERNS.glob("*.prose.md")), ids=lambda p: p.name.split(".")[0])
def test_ir_matches_snapshot(source: Path) -> None:
    program, diagnostics = lowered(f"patterns/{source.name}", source.read_bytes())
    assert program is not None, [d.message for d in diagnostics]
    text = dump(program)
    snapshot = SNAPSHOTS / (source.name.removesuffix(".prose.md") + ".ir.txt")
    if UPDATE:
        snapshot.write_text(text, encoding="utf-8")
    assert snapshot.exists(), f"no snapshot yet: run with PROSEC_UPDATE_SNAPSHOTS=1 to create {snapshot.name}"
    assert text == snapshot.read_text(encoding="utf-8")


def test_every_snapshot_has_a_pattern() -> None:
    names = {p.name.removesuffix(".prose.md") for p in PATTERNS.glob("*.prose.md")}
    assert {p.name.removesuffix(".ir.txt") for p in SNAPSHOTS.glob("*.ir.txt")} <= names
