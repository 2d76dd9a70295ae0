"""A module of plain data written by the compiler's own tools (the parsers'
tables): a docstring saying what made it, then one assignment per value."""

from __future__ import annotations

from pprint import pformat
from typing import Any


def data_module(what: str, maker: str, reader: str, values: dict[str, Any]) -> str:
    """The text of a module holding ``values``: ``what`` (a sentence's
    subject) made by ``python -m maker``, which ``reader`` describes."""
    lines = [
        f'"""{what}, made by',
        f"``python -m {maker}``: do not edit (``{reader}``",
        'says what they hold)."""',
        "",
        "# fmt: off",
    ]
    for name, value in values.items():
        lines.append(f"{name} = {pformat(value, width=100, compact=True, sort_dicts=False)}")
    lines.append("")
    return "\n".join(lines)
