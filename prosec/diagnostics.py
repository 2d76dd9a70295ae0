"""Positions and findings: the one `Diagnostic` type every stage returns.

Library code never prints and never raises through the pipeline; it returns
diagnostics, and only the CLI turns them into text and exit codes.

Codes are stable and grouped by the stage that reports them:

- ``PS0xx`` reading files: encoding, front matter, Markdown sections
- ``PS1xx`` names and scopes
- ``PS2xx`` ProseScript syntax
- ``PS3xx`` structure of the program (loops, calls, returns, parallel)
- ``PS4xx`` conditions and values
- ``PS5xx`` invariants
- ``PS6xx`` the build as a whole: sources, output folder, generated names
"""

from __future__ import annotations

import enum
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass


class Severity(enum.Enum):
    """How bad a finding is. Only errors stop a build."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


@dataclass(frozen=True, slots=True, order=True)
class Span:
    """A region of a source file: 1-based lines and columns, end exclusive.

    Positions are always in the Markdown file, never relative to a fence.
    """

    line: int
    column: int
    end_line: int
    end_column: int

    @classmethod
    def point(cls, line: int, column: int, width: int = 1) -> Span:
        """A span of ``width`` characters on one line."""
        return cls(line, column, line, column + max(width, 1))

    def to(self, other: Span) -> Span:
        """The smallest span covering ``self`` and ``other``."""
        start = min((self.line, self.column), (other.line, other.column))
        end = max(
            (self.end_line, self.end_column), (other.end_line, other.end_column)
        )
        return Span(start[0], start[1], end[0], end[1])


#: A span for findings about a file as a whole.
WHOLE_FILE = Span(1, 1, 1, 1)


@dataclass(frozen=True, slots=True, kw_only=True)
class Diagnostic:
    """One finding: where, how bad, a stable code, what is wrong, what to do."""

    path: str
    span: Span
    severity: Severity
    code: str
    message: str
    hint: str | None = None

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def sort_key(self) -> tuple[str, Span, str, str]:
        return (self.path, self.span, self.code, self.message)

    def to_json(self) -> dict[str, object]:
        return {
            "path": self.path,
            "line": self.span.line,
            "column": self.span.column,
            "end_line": self.span.end_line,
            "end_column": self.span.end_column,
            "severity": self.severity.value,
            "code": self.code,
            "message": self.message,
            "hint": self.hint,
        }


def _make(
    severity: Severity, path: str, span: Span, code: str, message: str, hint: str | None
) -> Diagnostic:
    return Diagnostic(
        path=path, span=span, severity=severity, code=code, message=message, hint=hint
    )


def error(
    path: str, span: Span, code: str, message: str, hint: str | None = None
) -> Diagnostic:
    return _make(Severity.ERROR, path, span, code, message, hint)


def warning(
    path: str, span: Span, code: str, message: str, hint: str | None = None
) -> Diagnostic:
    return _make(Severity.WARNING, path, span, code, message, hint)


def info(
    path: str, span: Span, code: str, message: str, hint: str | None = None
) -> Diagnostic:
    return _make(Severity.INFO, path, span, code, message, hint)


def has_errors(diagnostics: Iterable[Diagnostic]) -> bool:
    return any(d.is_error for d in diagnostics)


_CONTROL = {i: f"\\x{i:02x}" for i in range(0x20) if i not in (0x09,)}
_CONTROL.update({0x7F: "\\x7f"})
_CONTROL.update({c: f"\\u{c:04x}" for c in range(0x80, 0xA0)})
# Bidirectional controls and line separators can reorder or hide text on a
# terminal; they are shown escaped.
_CONTROL.update(
    {c: f"\\u{c:04x}" for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A))}
)
_CONTROL.update({0x2028: "\\u2028", 0x2029: "\\u2029", 0x200E: "\\u200e", 0x200F: "\\u200f"})


def printable(text: str) -> str:
    """``text`` with control characters and terminal escapes made visible."""
    return text.translate(_CONTROL)


def render_text(diagnostic: Diagnostic, source_lines: Sequence[str] | None) -> str:
    """Format one finding as ``path:line:col: severity[CODE]: message``.

    With the file's lines, the offending line follows with a caret under the
    span; the hint comes last, ending with the ``prosec explain`` command
    that prints the code's entry of docs/diagnostics.md.
    """
    d = diagnostic
    head = (
        f"{printable(d.path)}:{d.span.line}:{d.span.column}: "
        f"{d.severity.value}[{d.code}]: {printable(d.message)}"
    )
    out = [head]
    if source_lines is not None and 1 <= d.span.line <= len(source_lines):
        raw = source_lines[d.span.line - 1].rstrip("\r\n")
        shown = printable(raw.expandtabs(1))
        number = str(d.span.line)
        gutter = " " * len(number)
        if d.span.end_line == d.span.line:
            width = max(d.span.end_column - d.span.column, 1)
        else:
            width = max(len(raw) - d.span.column + 1, 1)
        prefix = printable(raw[: d.span.column - 1].expandtabs(1))
        out.append(f"   {number} | {shown}")
        out.append(f"   {gutter} | {' ' * len(prefix)}{'^' * width}")
    # Every hint ends with where to read more.
    more = f"see `prosec explain {d.code}`"
    hint = f"{printable(d.hint).rstrip('.')}; {more}" if d.hint else more
    out.append(f"   = hint: {hint}")
    return "\n".join(out)


def render_json(diagnostics: Iterable[Diagnostic]) -> str:
    return json.dumps([d.to_json() for d in diagnostics], indent=2, ensure_ascii=True)
