"""Diagnostic code → its entry in docs/diagnostics.md (for ``prosec explain``).

The entries are read from the documentation itself, so there is one text to
keep right: an installed wheel carries the file as
``prosec/reference/diagnostics.md``; a source checkout reads ``docs/``.
"""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

_CODE = re.compile(r"PS\d{3}\Z")
_ENTRY = re.compile(r"^### (PS\d{3})\s*$", re.MULTILINE)
# An entry ends at the next heading of level 1-3 outside a fence.
_HEADING = re.compile(r"^#{1,3} ")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")


def diagnostics_text() -> str:
    """The text of docs/diagnostics.md."""
    packaged = resources.files("prosec").joinpath("reference", "diagnostics.md")
    if packaged.is_file():
        return packaged.read_text(encoding="utf-8")
    checkout = Path(__file__).resolve().parent.parent / "docs" / "diagnostics.md"
    return checkout.read_text(encoding="utf-8")


def entries(text: str) -> dict[str, str]:
    """Every code's entry: its heading and everything up to the next
    heading (headings inside fenced examples do not end an entry)."""
    out: dict[str, str] = {}
    lines = text.split("\n")
    current: str | None = None
    body: list[str] = []
    fence: str | None = None
    for line in lines:
        opened = _FENCE.match(line)
        if opened is not None:
            marker = opened.group(1)
            if fence is None:
                fence = marker
            elif marker[0] == fence[0] and len(marker) >= len(fence) and not line.strip()[len(marker):]:
                fence = None
        elif fence is None and _HEADING.match(line):
            if current is not None:
                out[current] = "\n".join(body).strip() + "\n"
            found = _ENTRY.match(line)
            current = found.group(1) if found else None
            body = [line]
            continue
        body.append(line)
    if current is not None:
        out[current] = "\n".join(body).strip() + "\n"
    return out


def normalize(code: str) -> str | None:
    """``ps102``, ``PS102`` and ``102`` all name PS102; None for no code."""
    text = code.strip().upper()
    if text.isdigit():
        text = "PS" + text.zfill(3)
    return text if _CODE.match(text) else None
