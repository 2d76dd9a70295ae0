"""Pattern file bytes or text → front matter, title, sections and the delegation fence.

A pattern is Markdown with YAML front matter. This module reads just enough of
both to find what the later stages need, each piece with its position in the
Markdown file:

- the front matter, through a small *strict* reader for the flat subset of
  YAML that pattern files use (``key: scalar`` lines). Nothing in it is ever
  evaluated: tags, anchors, aliases, nested blocks and multi-line scalars are
  diagnostics, not features;
- the ``# Title`` heading and the paragraph after it (the summary);
- the ``### Section`` headings, found the way CommonMark finds them: a heading
  inside a fenced code block or an HTML comment block is text, not a section;
- the fenced block tagged ``prose`` inside ``### Delegation``, as offsets
  into the document text, so the parser can read it in place and report
  positions in the Markdown file.

Nothing here raises on bad input: every problem is a :class:`Diagnostic`.

Diagnostic codes:

=======  ========  =============================================================
Code     Severity  Meaning
=======  ========  =============================================================
PS001    error     the file is larger than the 1 MiB limit
PS002    error     the file is not valid UTF-8
PS003    error     the file is UTF-16/UTF-32 or binary (NUL bytes throughout)
PS004    error     a NUL, lone CR or other C0 control character in the text
PS010    error     the front matter opened with ``---`` is never closed
PS011    error     front matter uses YAML beyond the flat ``key: scalar`` subset
PS012    error     a front matter key is given twice
PS013    error     a front matter scalar is malformed (quote, escape, number)
PS014    error     the front matter has no ``name``
PS015    error     ``name`` is not a string matching ``[a-z][a-z0-9]*(-[a-z0-9]+)*``,
                   or is longer than ``MAX_NAME_LENGTH``
PS016    warning   ``name`` differs from the file name before ``.prose.md``
PS017    info      ``kind`` is missing or not ``pattern``: the file is skipped
PS018    warning   ``version`` is not a scalar
PS020    error     a fenced code block is never closed
PS021    warning   an HTML comment is never closed (it hides the rest of the file)
PS022    warning   the pattern has no ``# Title`` heading
PS023    warning   two ``###`` sections have the same title
PS024    error     the pattern has no ``### Delegation`` section
PS025    error     ``### Delegation`` has no fenced block tagged ``prose``
PS026    error     ``### Delegation`` has a second fenced block tagged ``prose``
=======  ========  =============================================================
"""

from __future__ import annotations

import bisect
import math
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import PurePath
from types import MappingProxyType

from prosec.diagnostics import WHOLE_FILE, Diagnostic, Span, error, info, warning

__all__ = [
    "MAX_FILE_BYTES",
    "MAX_NAME_LENGTH",
    "NAME_PATTERN",
    "Document",
    "Fence",
    "Section",
    "decode",
    "read_document",
    "section",
    "text_lines",
]

#: Files larger than this are refused before decoding (documented limit).
MAX_FILE_BYTES = 1024 * 1024
#: The longest pattern name: ``NAME.py`` and the folder's temporary files
#: stay well inside the 255 bytes most file systems allow for a name.
MAX_NAME_LENGTH = 200
#: The rule for pattern names, as a regular expression.
NAME_PATTERN = r"[a-z][a-z0-9]*(-[a-z0-9]+)*"

_NAME_RE = re.compile(NAME_PATTERN + r"\Z")
_NAME_HINT = (
    "a pattern name is lowercase ASCII letters and digits in words joined by "
    f"single hyphens, starting with a letter: {NAME_PATTERN}"
)
# After this many control-character errors one summary is enough.
_MAX_CONTROL_REPORTS = 20
_PATTERN_SUFFIX = ".prose.md"


# --------------------------------------------------------------------------
# Public data


@dataclass(frozen=True, slots=True, kw_only=True)
class Section:
    """A ``### Title`` heading and the text under it."""

    title: str
    #: The heading line, from its first ``#``.
    span: Span
    #: The text after the heading line up to the next heading of level 1-3
    #: (LF line ends; ends with a newline unless the file does not).
    body: str
    #: 1-based file line of ``body``'s first line.
    body_line: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Fence:
    """A fenced code block, as offsets into :attr:`Document.text`."""

    #: The info string after the opening fence, stripped (e.g. ``prose``).
    info: str
    #: Offset of the first content character (just after the opening line).
    start: int
    #: Offset where the content ends: the start of the closing fence line.
    end: int
    #: The opening fence line, from its first fence character.
    span: Span
    #: 1-based file line of the first content line.
    line: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Document:
    """What prosec needs from one pattern file, with positions."""

    path: str
    #: The whole file: BOM removed, CRLF normalised to LF.
    text: str
    #: Every front matter key; flow lists are tuples. Read-only.
    front_matter: Mapping[str, object]
    #: From the opening ``---`` to the closing one; None without front matter.
    front_span: Span | None
    name: str | None
    kind: str | None
    version: str | None
    #: The first ``# Title`` heading's text.
    title: str | None
    title_span: Span | None
    #: The first paragraph after the title, lines joined by single spaces.
    summary: str
    #: The level-3 sections, in file order.
    sections: tuple[Section, ...]
    #: The ``prose`` fence in the Delegation section.
    delegation: Fence | None

    @property
    def is_pattern(self) -> bool:
        """True when the front matter says ``kind: pattern``."""
        return self.kind == "pattern"


# --------------------------------------------------------------------------
# Bytes → text


def decode(path: str, data: bytes) -> tuple[str | None, list[Diagnostic]]:
    """Decode a pattern file's bytes as UTF-8.

    Returns the text (UTF-8 BOM stripped, CRLF turned into LF) and no
    diagnostics, or None and errors: over the size limit, UTF-16/UTF-32,
    binary, invalid UTF-8, or control characters (each with its line:col).
    """
    if len(data) > MAX_FILE_BYTES:
        return None, [
            error(
                path,
                WHOLE_FILE,
                "PS001",
                f"file is {len(data)} bytes, over the {MAX_FILE_BYTES}-byte "
                "(1 MiB) limit for pattern files",
                hint="split the pattern; real patterns are a few kilobytes",
            )
        ]
    if data.startswith((b"\xff\xfe", b"\xfe\xff", b"\x00\x00\xfe\xff")):
        return None, [
            error(
                path,
                WHOLE_FILE,
                "PS003",
                "file is UTF-16 or UTF-32 encoded; pattern files must be UTF-8",
                hint="save the file as UTF-8",
            )
        ]
    if _looks_binary(data):
        return None, [
            error(
                path,
                WHOLE_FILE,
                "PS003",
                "file looks binary or UTF-16 (it is full of NUL bytes); "
                "pattern files must be UTF-8 text",
                hint="save the file as UTF-8",
            )
        ]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        bad = exc.start
        line = data.count(b"\n", 0, bad) + 1
        line_start = data.rfind(b"\n", 0, bad) + 1
        column = len(data[line_start:bad].decode("utf-8", errors="replace")) + 1
        return None, [
            error(
                path,
                Span.point(line, column),
                "PS002",
                f"file is not valid UTF-8 (byte 0x{data[bad]:02x} at offset {bad})",
                hint="save the file as UTF-8",
            )
        ]
    text = _normalise(text)
    problems = _control_characters(path, text)
    if problems:
        return None, problems
    return text, []


def _looks_binary(data: bytes) -> bool:
    # A stray NUL in text is reported with its position (PS004); a file where
    # NULs are common is UTF-16 without a BOM or not text at all.
    sample = data[:8192]
    nuls = sample.count(0)
    return nuls > 0 and nuls * 8 >= len(sample)


def _normalise(text: str) -> str:
    if text.startswith("\ufeff"):
        text = text[1:]
    return text.replace("\r\n", "\n")


_CONTROL_RE = re.compile(r"[\x00-\x08\x0b-\x1f]")
_CONTROL_NAMES = {
    0: "NUL",
    0x0B: "vertical tab",
    0x0C: "form feed",
    0x0D: "CR",
    0x1B: "ESC",
}


def _control_characters(path: str, text: str) -> list[Diagnostic]:
    index = _LineIndex(text)
    found: list[Diagnostic] = []
    total = 0
    for match in _CONTROL_RE.finditer(text):
        total += 1
        if total > _MAX_CONTROL_REPORTS:
            continue
        code = ord(match.group())
        name = _CONTROL_NAMES.get(code, "control character")
        what = "a lone CR (not followed by LF)" if code == 0x0D else name
        line, column = index.position(match.start())
        found.append(
            error(
                path,
                Span.point(line, column),
                "PS004",
                f"{what} (U+{code:04X}) is not allowed in a pattern file",
                hint="only tab and newline may appear as control characters",
            )
        )
    if total > _MAX_CONTROL_REPORTS:
        found.append(
            error(
                path,
                WHOLE_FILE,
                "PS004",
                f"{total - _MAX_CONTROL_REPORTS} more control characters not shown",
            )
        )
    return found


class _LineIndex:
    """Offsets ↔ 1-based line and column."""

    def __init__(self, text: str) -> None:
        self.starts = [0]
        self.starts.extend(m.end() for m in re.finditer("\n", text))

    def position(self, offset: int) -> tuple[int, int]:
        line = bisect.bisect_right(self.starts, offset)
        return line, offset - self.starts[line - 1] + 1


# --------------------------------------------------------------------------
# Front matter: a strict reader for flat YAML


@dataclass(slots=True)
class _FrontMatter:
    values: dict[str, object] = field(default_factory=dict)
    #: Where each key's value starts (or the key, for an empty value).
    spans: dict[str, Span] = field(default_factory=dict)
    #: The source text of plain (unquoted) scalars, e.g. ``1.0`` for version.
    plain: dict[str, str] = field(default_factory=dict)
    span: Span | None = None
    #: 0-based index of the first line after the front matter.
    body_index: int = 0


class _YamlError(Exception):
    """A front matter value the strict reader refuses (internal only)."""

    def __init__(self, code: str, message: str, offset: int, hint: str | None = None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.offset = offset
        self.hint = hint


_KEY_RE = re.compile(r"([A-Za-z_][A-Za-z0-9_.-]*)[ \t]*:(?:[ \t]+|$)")
_FRONT_HINT = (
    "front matter is flat: one `key: value` per line, where a value is a "
    "plain, quoted, number, true/false/null or [a, b] scalar"
)
_INDICATORS = {
    "&": "anchors (`&`) are not supported",
    "*": "aliases (`*`) are not supported",
    "!": "tags (`!`) are not supported; a value is never turned into an object",
    "|": "block scalars (`|`) are not supported; write the value on one line",
    ">": "folded scalars (`>`) are not supported; write the value on one line",
    "{": "nested mappings (`{...}`) are not supported",
    "%": "`%` cannot start a plain value; quote it",
    "@": "`@` cannot start a plain value; quote it",
    "`": "`` ` `` cannot start a plain value; quote it",
    "?": "complex keys (`?`) are not supported",
    ",": "`,` cannot start a plain value; quote it",
    "]": "`]` cannot start a plain value; quote it",
    "}": "`}` cannot start a plain value; quote it",
}
_YAML_ESCAPES = {
    "0": "\0",
    "a": "\a",
    "b": "\b",
    "t": "\t",
    "\t": "\t",
    "n": "\n",
    "v": "\v",
    "f": "\f",
    "r": "\r",
    "e": "\x1b",
    " ": " ",
    '"': '"',
    "/": "/",
    "\\": "\\",
    "N": "\x85",
    "_": "\xa0",
    "L": "\u2028",
    "P": "\u2029",
}
_HEX_ESCAPES = {"x": 2, "u": 4, "U": 8}


def _is_fence_delimiter(line: str) -> bool:
    return line.rstrip(" \t") == "---"


def _read_front_matter(
    path: str, lines: list[str]
) -> tuple[_FrontMatter | None, list[Diagnostic]]:
    """Read the ``---`` block at the top; None when it is never closed."""
    result = _FrontMatter()
    if not lines or not _is_fence_delimiter(lines[0]):
        if lines and lines[0].startswith("---") and lines[0][3:4] in (" ", "\t"):
            # `--- !tag` or `--- value`: a YAML document start with content.
            return result, [
                error(
                    path,
                    Span(1, 1, 1, len(lines[0]) + 1),
                    "PS011",
                    "content after the opening `---` of front matter is not supported",
                    hint=_FRONT_HINT,
                )
            ]
        return result, []
    close = next(
        (
            i
            for i in range(1, len(lines))
            if _is_fence_delimiter(lines[i]) or lines[i].rstrip(" \t") == "..."
        ),
        None,
    )
    if close is None:
        return None, [
            error(
                path,
                Span(1, 1, 1, 4),
                "PS010",
                "front matter is not closed: no `---` line after the opening one",
                hint="end the front matter with a line containing only `---`",
            )
        ]
    diagnostics: list[Diagnostic] = []
    for index in range(1, close):
        line = lines[index]
        lineno = index + 1
        stripped = line.strip(" \t")
        if not stripped or stripped.startswith("#"):
            continue
        if line[0] in " \t":
            column = len(line) - len(line.lstrip(" \t")) + 1
            diagnostics.append(
                error(
                    path,
                    Span(lineno, column, lineno, len(line) + 1),
                    "PS011",
                    "indented front matter line: nested blocks and multi-line "
                    "values are not supported",
                    hint=_FRONT_HINT,
                )
            )
            continue
        match = _KEY_RE.match(line)
        if match is None:
            diagnostics.append(
                error(
                    path,
                    Span(lineno, 1, lineno, len(line) + 1),
                    "PS011",
                    _bad_key_message(line),
                    hint=_FRONT_HINT,
                )
            )
            continue
        key = match.group(1)
        value_offset = match.end()
        raw = line[value_offset:]
        try:
            value, plain = _yaml_value(raw)
        except _YamlError as problem:
            column = value_offset + problem.offset + 1
            diagnostics.append(
                error(
                    path,
                    Span.point(lineno, column),
                    problem.code,
                    f"front matter `{key}`: {problem.message}",
                    hint=problem.hint or _FRONT_HINT,
                )
            )
            continue
        if key in result.values:
            diagnostics.append(
                error(
                    path,
                    Span.point(lineno, 1, len(key)),
                    "PS012",
                    f"front matter key `{key}` is given twice",
                    hint=f"keep one `{key}:` line",
                )
            )
            continue
        result.values[key] = value
        width = len(raw.rstrip(" \t")) if raw.strip(" \t") else len(key)
        column = value_offset + 1 if raw.strip(" \t") else 1
        result.spans[key] = Span.point(lineno, column, width)
        if plain is not None:
            result.plain[key] = plain
    result.span = Span(1, 1, close + 1, len(lines[close]) + 1)
    result.body_index = close + 1
    return result, diagnostics


def _bad_key_message(line: str) -> str:
    first = line[0]
    if first == "-":
        return "a list at the top of the front matter is not supported"
    if first in "\"'":
        return "quoted keys are not supported"
    if first in _INDICATORS:
        return _INDICATORS[first]
    return "expected `key: value` (a key is letters, digits, `_`, `-` or `.`)"


def _yaml_value(raw: str) -> tuple[object, str | None]:
    """One front matter value → (value, source text if it was plain)."""
    text = raw.rstrip(" \t")
    if not text or text.startswith("#"):
        return None, ""
    first = text[0]
    if first == '"':
        value, end = _double_quoted(text, 0)
        _expect_end(text, end)
        return value, None
    if first == "'":
        value, end = _single_quoted(text, 0)
        _expect_end(text, end)
        return value, None
    if first == "[":
        items, end = _flow_list(text)
        _expect_end(text, end)
        return items, None
    if first == "-" and text[1:2] in ("", " ", "\t"):
        raise _YamlError("PS011", "nested lists are not supported", 0)
    if first in _INDICATORS:
        raise _YamlError("PS011", _INDICATORS[first], 0)
    plain = _strip_comment(text)
    colon = _mapping_colon(plain)
    if colon is not None:
        raise _YamlError(
            "PS011",
            "`: ` inside a plain value starts a nested mapping; quote the value",
            colon,
        )
    return _resolve_plain(plain, 0), plain


def _strip_comment(text: str) -> str:
    match = re.search(r"[ \t]#", text)
    return (text[: match.start()] if match else text).rstrip(" \t")


def _mapping_colon(plain: str) -> int | None:
    match = re.search(r":(?:[ \t]|$)", plain)
    return match.start() if match else None


def _expect_end(text: str, end: int) -> None:
    rest = text[end:]
    if rest.strip(" \t") and not re.match(r"[ \t]+#", rest):
        raise _YamlError("PS013", "unexpected text after the value", end)


def _double_quoted(text: str, start: int) -> tuple[str, int]:
    out: list[str] = []
    i = start + 1
    while i < len(text):
        char = text[i]
        if char == '"':
            return "".join(out), i + 1
        if char != "\\":
            out.append(char)
            i += 1
            continue
        escape = text[i + 1 : i + 2]
        if escape in _YAML_ESCAPES:
            out.append(_YAML_ESCAPES[escape])
            i += 2
            continue
        if escape in _HEX_ESCAPES:
            width = _HEX_ESCAPES[escape]
            digits = text[i + 2 : i + 2 + width]
            if len(digits) == width and all(
                c in "0123456789abcdefABCDEF" for c in digits
            ):
                code = int(digits, 16)
                if code <= 0x10FFFF and not 0xD800 <= code <= 0xDFFF:
                    out.append(chr(code))
                    i += 2 + width
                    continue
            raise _YamlError("PS013", f"bad `\\{escape}` escape", i)
        shown = escape if escape.isprintable() and escape else "end of line"
        raise _YamlError(
            "PS013",
            f"unknown escape `\\{shown}` in a double-quoted string",
            i,
            hint='YAML escapes include \\\\ \\" \\n \\t \\r \\0 \\xXX \\uXXXX',
        )
    raise _YamlError(
        "PS013",
        "double-quoted string is not closed on this line "
        "(multi-line values are not supported)",
        start,
    )


def _single_quoted(text: str, start: int) -> tuple[str, int]:
    out: list[str] = []
    i = start + 1
    while i < len(text):
        char = text[i]
        if char == "'":
            if text[i + 1 : i + 2] == "'":
                out.append("'")
                i += 2
                continue
            return "".join(out), i + 1
        out.append(char)
        i += 1
    raise _YamlError(
        "PS013",
        "single-quoted string is not closed on this line "
        "(multi-line values are not supported)",
        start,
    )


def _flow_list(text: str) -> tuple[tuple[object, ...], int]:
    """``[a, "b", 3]`` → a tuple of scalars; nothing nested."""
    items: list[object] = []
    i = 1
    expecting_item = True
    while True:
        while i < len(text) and text[i] in " \t":
            i += 1
        if i >= len(text) or (text[i] == "#" and text[i - 1] in " \t"):
            raise _YamlError(
                "PS011", "a `[...]` list must close on the same line", 0, _FRONT_HINT
            )
        char = text[i]
        if char == "]":
            return tuple(items), i + 1
        if char == ",":
            if expecting_item:
                raise _YamlError("PS013", "empty item in a `[...]` list", i)
            expecting_item = True
            i += 1
            continue
        if not expecting_item:
            raise _YamlError("PS013", "expected `,` or `]` in a `[...]` list", i)
        if char == '"':
            value, i = _double_quoted(text, i)
            items.append(value)
        elif char == "'":
            value, i = _single_quoted(text, i)
            items.append(value)
        elif char in "[{":
            raise _YamlError(
                "PS011", "nested lists and mappings are not supported", i, _FRONT_HINT
            )
        elif char in _INDICATORS or (char == "-" and text[i + 1 : i + 2] in " \t"):
            raise _YamlError("PS011", _INDICATORS.get(char, "nested lists"), i)
        else:
            end = i
            while end < len(text) and text[end] not in ",[]{}":
                if text[end] == "#" and text[end - 1] in " \t":
                    break
                end += 1
            plain = text[i:end].rstrip(" \t")
            colon = _mapping_colon(plain)
            if colon is not None:
                raise _YamlError(
                    "PS011",
                    "mappings inside a `[...]` list are not supported",
                    i + colon,
                )
            if end < len(text) and text[end] in "[{":
                raise _YamlError(
                    "PS011", "nested lists and mappings are not supported", end
                )
            items.append(_resolve_plain(plain, i))
            i = end
        expecting_item = False


_INT_RE = re.compile(r"[-+]?[0-9]+")
_FLOAT_RE = re.compile(r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?")
# Python refuses to turn very long digit strings into ints; nothing in front
# matter needs one.
_MAX_DIGITS = 100


def _resolve_plain(text: str, offset: int) -> object:
    """The YAML 1.2 core schema, for one plain scalar."""
    if text in ("", "~", "null", "Null", "NULL"):
        return None
    if text in ("true", "True", "TRUE"):
        return True
    if text in ("false", "False", "FALSE"):
        return False
    numeric = (
        _INT_RE.fullmatch(text)
        or _FLOAT_RE.fullmatch(text)
        or re.fullmatch(r"0o[0-7]+|0x[0-9a-fA-F]+", text)
    )
    if numeric and len(text) > _MAX_DIGITS:
        raise _YamlError("PS013", f"number has more than {_MAX_DIGITS} digits", offset)
    if _INT_RE.fullmatch(text):
        return int(text)
    if text.startswith("0o") and numeric:
        return int(text[2:], 8)
    if text.startswith("0x") and numeric:
        return int(text[2:], 16)
    if _FLOAT_RE.fullmatch(text):
        return float(text)
    if re.fullmatch(r"[-+]?\.(?:inf|Inf|INF)", text):
        return -math.inf if text.startswith("-") else math.inf
    if re.fullmatch(r"\.(?:nan|NaN|NAN)", text):
        return math.nan
    return text


# --------------------------------------------------------------------------
# Markdown blocks


_FENCE_RE = re.compile(r"( {0,3})(`{3,}|~{3,})(.*)")
_CLOSE_FENCE_RE = re.compile(r" {0,3}(`{3,}|~{3,})[ \t]*")
_HEADING_RE = re.compile(r"( {0,3})(#{1,6})(?:[ \t](.*))?")
_COMMENT_RE = re.compile(r" {0,3}<!--")


@dataclass(frozen=True, slots=True)
class _Heading:
    level: int
    text: str
    index: int  # 0-based line
    span: Span


@dataclass(frozen=True, slots=True)
class _RawFence:
    info: str
    marker: str
    open_index: int
    close_index: int | None
    span: Span


@dataclass(frozen=True, slots=True)
class _Comment:
    open_index: int
    close_index: int | None
    span: Span


@dataclass(slots=True)
class _Blocks:
    headings: list[_Heading] = field(default_factory=list)
    fences: list[_RawFence] = field(default_factory=list)
    comments: list[_Comment] = field(default_factory=list)
    #: 0-based indexes of lines that start a block which ends a paragraph.
    starts: set[int] = field(default_factory=set)


def _heading_text(rest: str | None) -> str:
    text = (rest or "").strip(" \t")
    # A closing run of `#` is dropped when a space (or nothing) precedes it.
    return re.sub(r"(?:^|[ \t]+)#+$", "", text).strip(" \t")


def _scan(lines: list[str], start: int, first_line: int) -> _Blocks:
    """Find headings, fenced blocks and HTML comment blocks, CommonMark-style.

    ``first_line`` is the 1-based file line of ``lines[0]``.
    """
    blocks = _Blocks()
    count = len(lines)
    i = start
    while i < count:
        line = lines[i]
        lineno = first_line + i
        fence = _FENCE_RE.fullmatch(line)
        if fence and not (fence.group(2)[0] == "`" and "`" in fence.group(3)):
            marker = fence.group(2)
            close: int | None = None
            for j in range(i + 1, count):
                closing = _CLOSE_FENCE_RE.fullmatch(lines[j])
                if (
                    closing
                    and closing.group(1)[0] == marker[0]
                    and len(closing.group(1)) >= len(marker)
                ):
                    close = j
                    break
            column = len(fence.group(1)) + 1
            span = Span(lineno, column, lineno, len(line.rstrip(" \t")) + 1)
            blocks.fences.append(
                _RawFence(fence.group(3).strip(" \t"), marker, i, close, span)
            )
            blocks.starts.add(i)
            i = count if close is None else close + 1
            continue
        if _COMMENT_RE.match(line):
            close = None
            for j in range(i, count):
                if "-->" in lines[j]:
                    close = j
                    break
            column = line.index("<!--") + 1
            blocks.comments.append(_Comment(i, close, Span.point(lineno, column, 4)))
            blocks.starts.add(i)
            i = count if close is None else close + 1
            continue
        heading = _HEADING_RE.fullmatch(line)
        if heading:
            column = len(heading.group(1)) + 1
            span = Span(lineno, column, lineno, len(line.rstrip(" \t")) + 1)
            blocks.headings.append(
                _Heading(
                    len(heading.group(2)), _heading_text(heading.group(3)), i, span
                )
            )
            blocks.starts.add(i)
        i += 1
    return blocks


def _summary(lines: list[str], title_index: int, blocks: _Blocks) -> str:
    i = title_index + 1
    while i < len(lines) and not lines[i].strip():
        i += 1
    parts: list[str] = []
    while i < len(lines) and lines[i].strip() and i not in blocks.starts:
        parts.append(lines[i].strip())
        i += 1
    return " ".join(parts)


def text_lines(sec: Section) -> Iterator[tuple[int, str]]:
    """The lines of a section's body outside fenced blocks and HTML comments.

    Yields ``(file line, line text)``; hidden lines are skipped.
    """
    lines = sec.body.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    blocks = _scan(lines, 0, sec.body_line)
    hidden: set[int] = set()
    for fence in blocks.fences:
        end = len(lines) - 1 if fence.close_index is None else fence.close_index
        hidden.update(range(fence.open_index, end + 1))
    for comment in blocks.comments:
        end = len(lines) - 1 if comment.close_index is None else comment.close_index
        hidden.update(range(comment.open_index, end + 1))
    for index, line in enumerate(lines):
        if index not in hidden:
            yield sec.body_line + index, line


def _language(info_string: str) -> str:
    words = info_string.split()
    return words[0].casefold() if words else ""


def section(doc: Document, title: str) -> Section | None:
    """The first section whose title matches ``title``, ignoring case."""
    wanted = title.strip().casefold()
    return next((s for s in doc.sections if s.title.casefold() == wanted), None)


# --------------------------------------------------------------------------
# Text → Document


def read_document(path: str, text: str) -> tuple[Document | None, list[Diagnostic]]:
    """Read a pattern file's text into a :class:`Document`.

    Returns None only when the file cannot be read at all (over the size
    limit, or front matter that never closes). A file whose ``kind`` is not
    ``pattern`` gets an info diagnostic and none of the pattern checks.
    """
    text = _normalise(text)
    if len(text) > MAX_FILE_BYTES:
        return None, [
            error(
                path,
                WHOLE_FILE,
                "PS001",
                f"file is over the {MAX_FILE_BYTES}-character (1 MiB) limit",
            )
        ]
    diagnostics = _control_characters(path, text)
    lines = text.split("\n")
    front, front_problems = _read_front_matter(path, lines)
    diagnostics.extend(front_problems)
    if front is None:
        return None, diagnostics

    blocks = _scan(lines, front.body_index, 1)
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)

    def offset(index: int) -> int:
        return min(offsets[index], len(text))

    # Sections: level-3 headings; a heading of level 1-3 ends the one before.
    sections: list[Section] = []
    ranges: list[range] = []  # 0-based line indexes of each section's body
    boundaries = [h for h in blocks.headings if h.level <= 3]
    for position, heading in enumerate(boundaries):
        if heading.level != 3:
            continue
        following = boundaries[position + 1] if position + 1 < len(boundaries) else None
        end_index = following.index if following else len(lines)
        body = text[offset(heading.index + 1) : offset(end_index)]
        sections.append(
            Section(
                title=heading.text,
                span=heading.span,
                body=body,
                body_line=heading.index + 2,
            )
        )
        ranges.append(range(heading.index + 1, end_index))

    title_heading = next((h for h in blocks.headings if h.level == 1), None)
    summary = _summary(lines, title_heading.index, blocks) if title_heading else ""

    name, kind, version = _identity(path, front, diagnostics)
    is_pattern = kind == "pattern"

    delegation: Fence | None = None
    if is_pattern:
        # A skipped file gets no structural diagnostics either.
        for fence in blocks.fences:
            if fence.close_index is None:
                diagnostics.append(
                    error(
                        path,
                        fence.span,
                        "PS020",
                        "fenced code block is never closed",
                        hint=f"close it with a line of at least `{fence.marker}`",
                    )
                )
        for comment in blocks.comments:
            if comment.close_index is None:
                diagnostics.append(
                    warning(
                        path,
                        comment.span,
                        "PS021",
                        "HTML comment is never closed: the rest of the file is hidden",
                        hint="close the comment with `-->`",
                    )
                )
        if title_heading is None:
            diagnostics.append(
                warning(
                    path,
                    front.span or WHOLE_FILE,
                    "PS022",
                    "pattern has no `# Title` heading",
                    hint="add `# Title` and a one-paragraph summary "
                    "after the front matter",
                )
            )
        seen: dict[str, Section] = {}
        for sec in sections:
            key = sec.title.casefold()
            if key in seen:
                first = seen[key]
                diagnostics.append(
                    warning(
                        path,
                        sec.span,
                        "PS023",
                        f"section `### {sec.title}` appears twice "
                        f"(first at line {first.span.line})",
                        hint="merge the two sections",
                    )
                )
            else:
                seen[key] = sec
        delegation = _delegation(path, offset, sections, ranges, blocks, diagnostics)

    doc = Document(
        path=path,
        text=text,
        front_matter=MappingProxyType(dict(front.values)),
        front_span=front.span,
        name=name,
        kind=kind,
        version=version,
        title=title_heading.text if title_heading else None,
        title_span=title_heading.span if title_heading else None,
        summary=summary,
        sections=tuple(sections),
        delegation=delegation,
    )
    return doc, diagnostics


def _identity(
    path: str, front: _FrontMatter, diagnostics: list[Diagnostic]
) -> tuple[str | None, str | None, str | None]:
    """name, kind and version from the front matter, with their diagnostics."""
    anchor = front.span or WHOLE_FILE
    values = front.values

    raw_kind = values.get("kind")
    kind = raw_kind if isinstance(raw_kind, str) else None
    if "kind" not in values:
        diagnostics.append(
            info(
                path,
                anchor,
                "PS017",
                "no `kind` in the front matter: not a pattern, skipped",
                hint="add `kind: pattern` to compile this file",
            )
        )
    elif kind != "pattern":
        shown = front.plain.get("kind") or repr(raw_kind)
        diagnostics.append(
            info(
                path,
                front.spans["kind"],
                "PS017",
                f"kind is `{shown}`, not `pattern`: skipped",
                hint="only files with `kind: pattern` are compiled",
            )
        )

    version: str | None = None
    if "version" in values:
        raw_version = values["version"]
        if isinstance(raw_version, (bool, tuple)):
            diagnostics.append(
                warning(
                    path,
                    front.spans["version"],
                    "PS018",
                    "`version` should be a single value such as `0.1.0`; ignored",
                )
            )
        elif raw_version is not None:
            version = front.plain.get("version") or str(raw_version)

    raw_name = values.get("name")
    name = raw_name if isinstance(raw_name, str) and _NAME_RE.match(raw_name) else None
    too_long = name is not None and len(name) > MAX_NAME_LENGTH
    if too_long:
        name = None
    if kind != "pattern":
        # Skipped files get no pattern checks; a readable name is still kept.
        return name, kind, version
    if "name" not in values or raw_name is None:
        diagnostics.append(
            error(
                path,
                front.spans.get("name", anchor),
                "PS014",
                "pattern has no `name` in its front matter",
                hint=_NAME_HINT,
            )
        )
    elif too_long:
        assert isinstance(raw_name, str)
        diagnostics.append(
            error(
                path,
                front.spans["name"],
                "PS015",
                f"pattern name is {len(raw_name):,} characters long; the limit is "
                f"{MAX_NAME_LENGTH}, so that its module's file name fits the file systems in common use",
                hint="give the pattern a shorter name",
            )
        )
    elif name is None:
        if isinstance(raw_name, str):
            shown = raw_name if len(raw_name) <= 80 else raw_name[:80] + "..."
            message = f"invalid pattern name {shown!r}"
        else:
            what = "a list" if isinstance(raw_name, tuple) else f"`{raw_name!r}`"
            message = f"pattern name must be a string, not {what}"
        diagnostics.append(
            error(path, front.spans["name"], "PS015", message, hint=_NAME_HINT)
        )
    else:
        file_name = PurePath(path).name
        if file_name.endswith(_PATTERN_SUFFIX):
            stem = file_name[: -len(_PATTERN_SUFFIX)]
            if stem != name:
                diagnostics.append(
                    warning(
                        path,
                        front.spans["name"],
                        "PS016",
                        f"pattern name `{name}` differs from the file name "
                        f"`{file_name}`",
                        hint=f"rename the file to `{name}{_PATTERN_SUFFIX}` "
                        f"or the pattern to `{stem}`",
                    )
                )
    return name, kind, version


def _delegation(
    path: str,
    offset: Callable[[int], int],
    sections: list[Section],
    ranges: list[range],
    blocks: _Blocks,
    diagnostics: list[Diagnostic],
) -> Fence | None:
    """The ``prose`` fence of the Delegation section, with its diagnostics."""
    prose = [f for f in blocks.fences if _language(f.info) == "prose"]
    found = next(
        (i for i, sec in enumerate(sections) if sec.title.casefold() == "delegation"),
        None,
    )
    if found is None:
        hint = "add a `### Delegation` section holding a ```prose fenced block"
        if prose:
            hint += (
                f" (a prose block at line {prose[0].span.line} is outside any "
                "`### Delegation` section; the heading must be level 3)"
            )
        diagnostics.append(
            error(
                path,
                WHOLE_FILE,
                "PS024",
                "pattern has no `### Delegation` section",
                hint,
            )
        )
        return None
    target, lines_of_target = sections[found], ranges[found]
    inside = [f for f in prose if f.open_index in lines_of_target]
    if not inside:
        diagnostics.append(
            error(
                path,
                target.span,
                "PS025",
                "`### Delegation` has no fenced block tagged `prose`",
                hint="put the program in a block that opens with ```prose",
            )
        )
        return None
    for extra in inside[1:]:
        diagnostics.append(
            error(
                path,
                extra.span,
                "PS026",
                "`### Delegation` has a second `prose` block "
                f"(the first is at line {inside[0].span.line})",
                hint="a pattern has one program; merge the blocks or "
                "change this one's info string",
            )
        )
    chosen = inside[0]
    if chosen.close_index is None:
        return None  # PS020 already points at it
    return Fence(
        info=chosen.info,
        start=offset(chosen.open_index + 1),
        end=offset(chosen.close_index),
        span=chosen.span,
        line=chosen.span.line + 1,
    )
