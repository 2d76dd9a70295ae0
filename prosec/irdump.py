"""IR → readable text, one node per line, for `prosec ir` and IR snapshots;
and IR → JSON, for `prosec ir --format json`.

Spans are shown as ``@line:column`` so a reader can find each node in the
Markdown file; the layout is stable, so snapshots diff cleanly.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from . import ir
from .diagnostics import Span, printable


def dump(program: ir.Program) -> str:
    """The whole program, indented by nesting."""
    lines: list[str] = []
    for stmt in program.body:
        _node(stmt, 0, lines)
    return "\n".join(lines) + "\n"


def _at(span: Span) -> str:
    return f"@{span.line}:{span.column}"


def _scalar(value: object) -> str:
    return printable(repr(value))


def _node(node: Any, depth: int, lines: list[str], label: str = "") -> None:
    pad = "  " * depth
    prefix = f"{label}: " if label else ""
    if isinstance(node, tuple):
        lines.append(f"{pad}{prefix}-" if label else f"{pad}-")
        for item in node:
            _node(item, depth + 1, lines)
        return
    if not dataclasses.is_dataclass(node):
        lines.append(f"{pad}{prefix}{_scalar(node)}")
        return
    simple: list[str] = []
    nested: list[tuple[str, Any]] = []
    for f in dataclasses.fields(node):
        if f.name in ("span", "name_span", "callee_span"):
            continue
        value = getattr(node, f.name)
        if (value is None and f.name != "value") or value == () or value == ir.Mods():
            continue
        if isinstance(value, Span):
            simple.append(f"{f.name}={_at(value)}")
        elif value is None or isinstance(value, str | int | float | bool):
            simple.append(f"{f.name}={_scalar(value)}")
        else:
            nested.append((f.name, value))
    span = getattr(node, "span", None)
    where = f" {_at(span)}" if isinstance(span, Span) else ""
    lines.append(f"{pad}{prefix}{type(node).__name__.rstrip('_')}{where} {' '.join(simple)}".rstrip())
    for name, value in nested:
        if isinstance(value, tuple):
            lines.append(f"{pad}  {name}:")
            for item in value:
                _node(item, depth + 2, lines)
        else:
            _node(value, depth + 1, lines, name)


def to_json(program: ir.Program) -> dict[str, Any]:
    """The program as JSON-ready data: each node an object whose ``node`` is
    its class (``Bind``, ``Call``, ...), with its fields and ``span`` as
    ``[line, column, end_line, end_column]``; tuples are lists, and an
    object's entries are ``[key, value]`` pairs."""
    out = _json(program)
    assert isinstance(out, dict)
    return out


def _json(value: Any) -> Any:
    if isinstance(value, Span):
        return [value.line, value.column, value.end_line, value.end_column]
    if isinstance(value, tuple):
        return [_json(item) for item in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        data: dict[str, Any] = {"node": type(value).__name__.rstrip("_")}
        for f in dataclasses.fields(value):
            data[f.name] = _json(getattr(value, f.name))
        return data
    return value
