"""Sections → declarations: slots, config, inputs, returns, invariants, docs.

Reads the bullet lists of the sections prosec understands (language.md §1)
into small frozen declarations, each with the position of its name in the
Markdown file. This stage is syntactic: it does not resolve types, compare
``Config`` with ``Requires`` or check defaults against types (see
:mod:`prosec.types` for the helpers later stages use for that).

Lines inside fenced code blocks and HTML comments in a section are ignored.

Diagnostic codes:

=======  ========  =============================================================
Code     Severity  Meaning
=======  ========  =============================================================
PS030    warning   a ``Config`` bullet whose name or closing ``)`` cannot be found
PS031    error     a slot is declared twice
PS032    error     a config entry is declared twice
PS033    error     an input is declared twice (``Requires`` and ``Parameters``
                   together count as one list)
PS034    warning   a ``Slots`` bullet without a readable `` `name` ``
PS035    warning   a Requires/Parameters line that is not ``name: type -- description``
PS036    warning   a return name is declared twice
PS037    info      a ``###`` section prosec does not read (its text is ignored)
=======  ========  =============================================================
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from prosec.diagnostics import Diagnostic, Span, error, info, warning
from prosec.markdown import Document, Section, section, text_lines
from prosec.spelling import near_miss
from prosec.types import parse_default

__all__ = [
    "KNOWN_SECTIONS",
    "ConfigDecl",
    "Declarations",
    "InputDecl",
    "InvariantDecl",
    "ReturnDecl",
    "SlotDecl",
    "read_declarations",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class SlotDecl:
    """A delegate the pattern calls: a ``Slots`` bullet."""

    name: str
    primary: bool
    #: Items of the nested ``requires:`` bullet(s).
    requires: tuple[str, ...]
    #: Items of the nested ``ensures:`` (or ``maintains:``) bullet(s).
    ensures: tuple[str, ...]
    #: The name, inside its backticks.
    span: Span


@dataclass(frozen=True, slots=True, kw_only=True)
class ConfigDecl:
    """A tunable: `` `name` (type, default: VALUE): description ``."""

    name: str
    type_text: str | None
    #: The default exactly as written (see :func:`prosec.types.parse_default`).
    default_text: str | None
    description: str
    span: Span


@dataclass(frozen=True, slots=True, kw_only=True)
class InputDecl:
    """An input: a ``name: type -- description`` line of Requires/Parameters."""

    name: str
    type_text: str | None
    #: The description with any ``(optional...)`` marker removed.
    description: str
    optional: bool
    default_text: str | None
    span: Span


@dataclass(frozen=True, slots=True, kw_only=True)
class ReturnDecl:
    """An output: a `` `name`: description `` bullet of Returns/Ensures/Maintains,
    or `` `name` (type): description ``."""

    name: str
    description: str
    span: Span
    type_text: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class InvariantDecl:
    """One ``Invariants`` bullet (continuation lines joined)."""

    text: str
    #: The sentence's first line, from its first character.
    span: Span
    #: Pinned readings: the sentences of ``read as:`` bullets under it.
    pins: tuple[tuple[str, Span], ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Declarations:
    """Everything prosec reads from a pattern's sections, besides the program."""

    slots: tuple[SlotDecl, ...] = ()
    config: tuple[ConfigDecl, ...] = ()
    inputs: tuple[InputDecl, ...] = ()
    returns: tuple[ReturnDecl, ...] = ()
    invariants: tuple[InvariantDecl, ...] = ()
    #: the one-paragraph summary under the title
    summary: str = ""
    description: str = ""
    shape: str = ""
    notes: str = ""
    metadata: tuple[tuple[str, str], ...] = ()
    #: Returns/Ensures/Maintains bullets (at any depth) and paragraphs that
    #: are not `` `name`: description `` bullets, in file order.
    prose_returns: tuple[str, ...] = ()


# --------------------------------------------------------------------------
# Bullet lists


@dataclass(frozen=True, slots=True)
class _Line:
    number: int
    #: 1-based column of ``text``'s first character.
    column: int
    text: str


@dataclass(slots=True)
class _Bullet:
    indent: int
    first: _Line
    more: list[_Line] = field(default_factory=list)
    children: list[_Bullet] = field(default_factory=list)

    @property
    def text(self) -> str:
        return " ".join([self.first.text, *(line.text for line in self.more)]).strip()


@dataclass(slots=True)
class _Paragraph:
    lines: list[_Line]

    @property
    def text(self) -> str:
        return " ".join(line.text for line in self.lines)


_BULLET_RE = re.compile(r"([ ]*)(?:[-*+]|\d{1,9}[.)])(?:[ \t]+|$)")
_IDENT = r"[A-Za-z_][A-Za-z0-9_-]*"
_IDENT_RE = re.compile(_IDENT + r"\Z")
# `:`, hyphens and em/en dashes (U+2014, U+2013) that separate a name or
# marker from its description.
_LEADING_SEPARATORS = re.compile("^[\\s:\u2014\u2013-]+")


def _items(sec: Section) -> list[_Bullet | _Paragraph]:
    """The section's top-level bullets (with nesting) and paragraphs."""
    top: list[_Bullet | _Paragraph] = []
    stack: list[_Bullet] = []
    paragraph: _Paragraph | None = None
    after_blank = False
    for number, raw in text_lines(sec):
        line = raw.rstrip()
        if not line.strip():
            after_blank = True
            paragraph = None
            continue
        indent = len(line) - len(line.lstrip(" \t"))
        bullet = _BULLET_RE.match(line)
        if bullet:
            marker_indent = len(bullet.group(1))
            text = line[bullet.end() :]
            item = _Bullet(marker_indent, _Line(number, bullet.end() + 1, text.strip()))
            while stack and stack[-1].indent >= marker_indent:
                stack.pop()
            if stack:
                stack[-1].children.append(item)
            else:
                top.append(item)
            stack.append(item)
            paragraph = None
            after_blank = False
            continue
        entry = _Line(number, indent + 1, line.strip())
        if stack and after_blank:
            # After a blank line only indented text continues a bullet.
            while stack and indent <= stack[-1].indent:
                stack.pop()
        if stack:
            stack[-1].more.append(entry)
        elif paragraph is not None:
            paragraph.lines.append(entry)
        else:
            paragraph = _Paragraph([entry])
            top.append(paragraph)
        after_blank = False
    return top


def _walk(items: list[_Bullet]) -> list[_Bullet]:
    """Every bullet, depth first, in file order."""
    out: list[_Bullet] = []
    pending = list(reversed(items))
    while pending:
        item = pending.pop()
        out.append(item)
        pending.extend(reversed(item.children))
    return out


_PAIRS = {"(": ")", "[": "]", "{": "}"}


def _closing(text: str, start: int, *, quotes: bool = True) -> int | None:
    """Index of the bracket closing the one at ``start``, or None.

    With ``quotes``, brackets inside '...' and "..." do not count (an
    apostrophe inside a word, as in "actor's", is not a quote).
    """
    stack: list[str] = []
    quote: str | None = None
    i = start
    while i < len(text):
        char = text[i]
        if quote is not None:
            if char == "\\":
                i += 2
                continue
            if char == quote:
                quote = None
        elif (
            quotes and char in "\"'" and not (char == "'" and text[i - 1 : i].isalnum())
        ):
            quote = char
        elif char in _PAIRS:
            stack.append(_PAIRS[char])
        elif char in ")]}":
            if not stack or stack[-1] != char:
                return None
            stack.pop()
            if not stack:
                return i
        i += 1
    return None


def _split_top(text: str, separator: str = ",") -> list[str]:
    """Split at ``separator`` outside brackets and quotes."""
    parts: list[str] = []
    depth = 0
    quote: str | None = None
    current: list[str] = []
    for i, char in enumerate(text):
        if quote is not None:
            if char == quote:
                quote = None
        elif char in "\"'" and not (char == "'" and text[i - 1 : i].isalnum()):
            quote = char
        elif char in _PAIRS:
            depth += 1
        elif char in ")]}":
            depth = max(depth - 1, 0)
        elif char == separator and depth == 0:
            parts.append("".join(current))
            current = []
            continue
        current.append(char)
    parts.append("".join(current))
    return parts


def _backticked(text: str) -> tuple[str, int, int] | None:
    """`` `name` `` at the start of ``text`` → (name, offset of name, end)."""
    match = re.match(r"`\s*([^`]*?)\s*`", text)
    if match is None:
        return None
    return match.group(1), match.start(1), match.end()


def _is_none_bullet(text: str) -> bool:
    return re.match(r"none\b\.?", text, re.IGNORECASE) is not None


# --------------------------------------------------------------------------
# Slots


def _slot_list(text: str) -> list[str]:
    out: list[str] = []
    for part in _split_top(text):
        item = re.sub(r"^(?:or|and)\s+", "", part.strip(), flags=re.IGNORECASE)
        if item:
            out.append(item)
    return out


def _read_slots(
    path: str, sections: list[Section], diagnostics: list[Diagnostic]
) -> list[SlotDecl]:
    slots: list[SlotDecl] = []
    seen: dict[str, SlotDecl] = {}
    for sec in sections:
        for item in _items(sec):
            if not isinstance(item, _Bullet) or _is_none_bullet(item.first.text):
                continue
            text = item.first.text
            found = _backticked(text)
            if found is not None:
                name, start, end = found
                rest = text[end:]
            else:
                bare = re.match(_IDENT + r"(?=\s*(?:\(|$))", text)
                name, start = (bare.group(), 0) if bare else ("", 0)
                rest = text[bare.end() :] if bare else text
            span = Span.point(item.first.number, item.first.column + start, len(name))
            if not _IDENT_RE.match(name):
                diagnostics.append(
                    warning(
                        path,
                        Span.point(item.first.number, item.first.column, len(text)),
                        "PS034",
                        "cannot read a slot name in this bullet; it is ignored",
                        hint="write a slot as `- `name``, optionally followed by "
                        "`(primary)`",
                    )
                )
                continue
            requires: list[str] = []
            ensures: list[str] = []
            for child in _walk(item.children):
                clause = re.match(
                    r"(requires|ensures|maintains)\s*:\s*(.*)",
                    child.text,
                    re.IGNORECASE | re.DOTALL,
                )
                if clause is None:
                    continue
                target = requires if clause.group(1).lower() == "requires" else ensures
                target.extend(_slot_list(clause.group(2)))
            slot = SlotDecl(
                name=name,
                primary=re.search(r"\(\s*primary\s*\)", rest, re.IGNORECASE)
                is not None,
                requires=tuple(requires),
                ensures=tuple(ensures),
                span=span,
            )
            if name in seen:
                diagnostics.append(
                    error(
                        path,
                        span,
                        "PS031",
                        f"slot `{name}` is declared twice "
                        f"(first at line {seen[name].span.line})",
                        hint="remove one of the two bullets",
                    )
                )
                continue
            seen[name] = slot
            slots.append(slot)
    return slots


# --------------------------------------------------------------------------
# Config


def _read_config(
    path: str, sections: list[Section], diagnostics: list[Diagnostic]
) -> list[ConfigDecl]:
    config: list[ConfigDecl] = []
    seen: dict[str, ConfigDecl] = {}
    for sec in sections:
        for item in _items(sec):
            if not isinstance(item, _Bullet) or _is_none_bullet(item.first.text):
                continue
            entry = _config_entry(path, item, diagnostics)
            if entry is None:
                continue
            if entry.name in seen:
                diagnostics.append(
                    error(
                        path,
                        entry.span,
                        "PS032",
                        f"config `{entry.name}` is declared twice "
                        f"(first at line {seen[entry.name].span.line})",
                        hint="remove one of the two bullets",
                    )
                )
                continue
            seen[entry.name] = entry
            config.append(entry)
    return config


_DEFAULT_WORD_RE = re.compile(r"defaults?\b\s*(?:to\b|[:=])?\s*(.*)", re.I | re.S)
_CONFIG_HINT = "write a config entry as `- `name` (type, default: VALUE): description`"


def _config_entry(
    path: str, item: _Bullet, diagnostics: list[Diagnostic]
) -> ConfigDecl | None:
    text = item.text
    line, column = item.first.number, item.first.column
    found = _backticked(text)
    if found is None or not _IDENT_RE.match(found[0]):
        diagnostics.append(
            warning(
                path,
                Span.point(line, column, len(item.first.text)),
                "PS030",
                "cannot find a `name` in backticks in this Config bullet; "
                "it is ignored",
                hint=_CONFIG_HINT,
            )
        )
        return None
    name, start, end = found
    span = Span.point(line, column + start, len(name))
    rest = text[end:].lstrip()
    type_text: str | None = None
    default_text: str | None = None
    if rest.startswith("("):
        close = _closing(rest, 0)
        if close is None:
            close = _closing(rest, 0, quotes=False)
        if close is None:
            # Last resort for unbalanced text: the last `):` on the line.
            last = rest.rfind("):")
            close = last if last > 0 else None
        if close is None:
            paren = column + (len(text) - len(rest))
            diagnostics.append(
                warning(
                    path,
                    Span.point(line, paren),
                    "PS030",
                    f"config `{name}`: cannot find the `)` that closes this `(`; "
                    "the entry is ignored",
                    hint=_CONFIG_HINT,
                )
            )
            return None
        type_text, default_text = _type_and_default(rest[1:close])
        rest = rest[close + 1 :]
    description = _LEADING_SEPARATORS.sub("", rest).strip()
    return ConfigDecl(
        name=name,
        type_text=type_text,
        default_text=default_text,
        description=description,
        span=span,
    )


def _type_and_default(inner: str) -> tuple[str | None, str | None]:
    """``integer, default: 3`` → ("integer", "3"); the default is kept verbatim."""
    parts = _split_top(inner)
    head = parts[0]
    tail = inner[len(head) + 1 :] if len(parts) > 1 else ""
    only_default = _DEFAULT_WORD_RE.match(head.strip())
    if only_default:  # `(default: 3)` with no type
        return None, only_default.group(1).strip() or None
    found = re.search(r"\b" + _DEFAULT_WORD_RE.pattern, tail, re.I | re.S)
    default_text = (found.group(1).strip() or None) if found else None
    return head.strip() or None, default_text


# --------------------------------------------------------------------------
# Requires / Parameters


_TYPE_WORDS = r"(?:string|number|integer|boolean|object|any)(?:\[\])*"
# `name: type --` inside one line, for the collapsed form of the block.
_RUN_RE = re.compile(
    r"(?:(?<=\s)|^)`?(" + _IDENT + r")`?\s*:\s*(" + _TYPE_WORDS + r")\s+--(?=\s|$)",
    re.IGNORECASE,
)
_ENTRY_RE = re.compile(r"`?(" + _IDENT + r")`?\s*:(?:\s+(.*))?$", re.DOTALL)
_OPTIONAL_RE = re.compile(r"\(\s*optional\b", re.IGNORECASE)
_DEFAULT_SENTENCE_RE = re.compile(r"\bdefault:\s*(.+?)\s*$", re.I | re.S)


@dataclass(slots=True)
class _Entry:
    name: str
    line: int
    column: int
    type_text: str | None
    parts: list[str]
    #: Written in parentheses after the name (`` `name` (type, default: X) ``).
    default_text: str | None = None
    optional: bool = False


def _read_inputs(
    path: str, sections: list[Section], diagnostics: list[Diagnostic]
) -> list[InputDecl]:
    entries: list[_Entry] = []
    for sec in sections:
        for item in _items(sec):
            if isinstance(item, _Bullet) and not _is_none_bullet(item.first.text):
                # Nested bullets under a header ("- Pattern instance
                # receives:") are inputs too.
                for bullet in _walk([item]):
                    entries.extend(_bullet_entries(path, bullet, diagnostics))
    inputs: list[InputDecl] = []
    seen: dict[str, InputDecl] = {}
    for entry in entries:
        description, optional, default_text = _optional(" ".join(entry.parts))
        decl = InputDecl(
            name=entry.name,
            type_text=entry.type_text,
            description=description,
            optional=optional or entry.optional or entry.default_text is not None,
            default_text=entry.default_text or default_text,
            span=Span.point(entry.line, entry.column, len(entry.name)),
        )
        if decl.name in seen:
            diagnostics.append(
                error(
                    path,
                    decl.span,
                    "PS033",
                    f"input `{decl.name}` is declared twice "
                    f"(first at line {seen[decl.name].span.line})",
                    hint="list each input once across Requires and Parameters",
                )
            )
            continue
        seen[decl.name] = decl
        inputs.append(decl)
    return inputs


def _entry_from(text: str, line: int, column: int) -> _Entry | None:
    """``name: type -- description`` (backticks around the name allowed)."""
    match = _ENTRY_RE.match(text)
    if match is None:
        return None
    rest = (match.group(2) or "").strip()
    if rest.startswith("--"):
        type_text, description = "", rest[2:]
    elif " --" in rest:
        type_text, _, description = rest.partition(" --")
    elif re.fullmatch(r"[A-Za-z_][\w]*(?:\[\])*", rest):
        type_text, description = rest, ""
    else:
        return None
    offset = match.start(1)
    return _Entry(
        name=match.group(1),
        line=line,
        column=column + offset,
        type_text=type_text.strip() or None,
        parts=[description.strip()] if description.strip() else [],
    )


_DECLARED_RE = re.compile(r"`\s*(" + _IDENT + r")\s*`\s*(\(.*)?:\s*(.*)$", re.DOTALL)


def _declared_entry(text: str, line: int, column: int) -> _Entry | None:
    """An input written as a Config entry is: `` `name` (type, default: X): description ``
    or `` `name`: description ``; the name must be in backticks."""
    match = _DECLARED_RE.match(text)
    if match is None:
        return None
    type_text: str | None = None
    default_text: str | None = None
    optional = False
    if match.group(2):
        inner = match.group(2).strip()
        close = _closing(inner, 0)
        if close is None or inner[close + 1 :].strip():
            return None
        parts = [p.strip() for p in _split_top(inner[1:close])]
        optional = any(p.casefold() == "optional" for p in parts)
        kept = ", ".join(p for p in parts if p.casefold() != "optional")
        type_text, default_text = _type_and_default(kept) if kept else (None, None)
    description = match.group(3).strip()
    return _Entry(
        name=match.group(1),
        line=line,
        column=column + match.start(1),
        type_text=type_text,
        parts=[description] if description else [],
        default_text=default_text,
        optional=optional,
    )


def _bullet_entries(
    path: str, item: _Bullet, diagnostics: list[Diagnostic]
) -> list[_Entry]:
    first = item.first
    entries: list[_Entry] = []
    # The bullet itself may be one input, or a header such as "Pattern
    # instance receives:" possibly followed by collapsed `name: type --` runs.
    direct = _entry_from(first.text, first.number, first.column) or _declared_entry(
        first.text, first.number, first.column
    )
    runs = list(_RUN_RE.finditer(first.text))
    if direct is not None and not (runs and runs[0].start() > 0):
        entries.append(direct)
        if len(runs) > 1:
            entries[-1].parts = [first.text[runs[0].end() : runs[1].start()].strip()]
            entries.extend(_runs(first, runs[1:]))
    elif runs:
        entries.extend(_runs(first, runs))
    current = entries[-1] if entries else None
    block_indent: int | None = None
    for more in item.more:
        indent = more.column - 1
        if block_indent is None or indent <= block_indent:
            entry = _entry_from(more.text, more.number, more.column)
            if entry is not None:
                block_indent = indent
                entries.append(entry)
                current = entry
                continue
            if block_indent is not None or current is None:
                diagnostics.append(
                    warning(
                        path,
                        Span.point(more.number, more.column, len(more.text)),
                        "PS035",
                        "cannot read this line as `name: type -- description`; "
                        "it is ignored",
                        hint="indent a description's continuation deeper than "
                        "the input names",
                    )
                )
                continue
        if current is not None:
            current.parts.append(more.text)
    return entries


def _runs(first: _Line, runs: list[re.Match[str]]) -> list[_Entry]:
    out: list[_Entry] = []
    for index, run in enumerate(runs):
        stop = runs[index + 1].start() if index + 1 < len(runs) else len(first.text)
        description = first.text[run.end() : stop].strip()
        out.append(
            _Entry(
                name=run.group(1),
                line=first.number,
                column=first.column + run.start(1),
                type_text=run.group(2),
                parts=[description] if description else [],
            )
        )
    return out


def _optional(description: str) -> tuple[str, bool, str | None]:
    """Find ``(optional...)`` and ``Default: X`` in an input's description.

    Returns the description without the ``(optional...)`` marker, whether
    the input is optional, and the default text. A ``Default:`` sentence
    gives a default only when it is a literal (``Default: 3``); in the corpus
    it usually describes behaviour ("Default: retry on thrown error only.").
    """
    text = " ".join(description.split())
    optional = False
    default_text: str | None = None
    marker = _OPTIONAL_RE.search(text)
    if marker is not None:
        optional = True
        close = _closing(text, marker.start())
        if close is None:
            close = _closing(text, marker.start(), quotes=False)
        if close is not None:
            inner = text[marker.end() : close].strip()
            inner = re.sub(r"^[,;:]\s*", "", inner)
            word = _DEFAULT_WORD_RE.match(inner)
            if word is not None:
                default_text = word.group(1).strip() or None
            text = text[: marker.start()] + " " + text[close + 1 :]
            text = _LEADING_SEPARATORS.sub("", text).strip()
    sentence = _DEFAULT_SENTENCE_RE.search(text)
    if sentence is not None:
        optional = True
        if default_text is None:
            value = sentence.group(1).strip()
            value = value.removesuffix(".").strip()
            if value and parse_default(value).is_literal:
                default_text = value
    return " ".join(text.split()), optional, default_text


# --------------------------------------------------------------------------
# Returns, invariants, metadata


_RETURN_RE = re.compile(
    r"`\s*(" + _IDENT + r")\s*`\s*(?:\(\s*([^()]*?)\s*\)\s*)?:\s*(.*)", re.DOTALL
)


def _read_returns(
    path: str, sections: list[Section], diagnostics: list[Diagnostic]
) -> tuple[list[ReturnDecl], list[str]]:
    returns: list[ReturnDecl] = []
    prose: list[str] = []
    seen: dict[str, ReturnDecl] = {}
    for sec in sections:
        for item in _items(sec):
            if isinstance(item, _Paragraph):
                prose.append(item.text)
                continue
            match = _RETURN_RE.match(item.text)
            if match is None:
                prose.append(item.text)
            else:
                name = match.group(1)
                decl = ReturnDecl(
                    name=name,
                    description=" ".join(match.group(3).split()),
                    type_text=match.group(2) or None,
                    span=Span.point(
                        item.first.number,
                        item.first.column + match.start(1),
                        len(name),
                    ),
                )
                if name in seen:
                    diagnostics.append(
                        warning(
                            path,
                            decl.span,
                            "PS036",
                            f"return `{name}` is described twice "
                            f"(first at line {seen[name].span.line})",
                            hint="describe each returned field once",
                        )
                    )
                else:
                    seen[name] = decl
                    returns.append(decl)
            prose.extend(child.text for child in _walk(item.children))
    return returns, prose


def _read_invariants(sections: list[Section]) -> list[InvariantDecl]:
    invariants: list[InvariantDecl] = []
    for sec in sections:
        for item in _items(sec):
            if isinstance(item, _Paragraph):
                first = item.lines[0]
                invariants.append(
                    InvariantDecl(
                        text=item.text,
                        span=Span.point(first.number, first.column, len(first.text)),
                    )
                )
                continue
            for bullet in _walk([item]):
                first = bullet.first
                if not bullet.text or _pin(bullet) is not None:
                    continue
                pins = tuple(pin for child in bullet.children if (pin := _pin(child)) is not None)
                invariants.append(
                    InvariantDecl(
                        text=bullet.text,
                        span=Span.point(first.number, first.column, len(first.text)),
                        pins=pins,
                    )
                )
    return invariants


_PIN = re.compile(r"read as\s*:\s*", re.IGNORECASE)


def _pin(bullet: _Bullet) -> tuple[str, Span] | None:
    """A ``read as: ...`` bullet: a pinned reading of the bullet above it."""
    found = _PIN.match(bullet.text)
    if found is None:
        return None
    first = bullet.first
    start = first.column + found.end()
    return bullet.text[found.end() :].strip(), Span.point(first.number, start, max(len(first.text) - found.end(), 1))


def _read_metadata(sections: list[Section]) -> list[tuple[str, str]]:
    pairs: list[tuple[str, str]] = []
    for sec in sections:
        for item in _items(sec):
            if not isinstance(item, _Bullet):
                continue
            match = re.match(r"`?\s*([^`:]+?)\s*`?\s*:\s*(.*)", item.text, re.DOTALL)
            if match is not None:
                pairs.append((match.group(1), match.group(2).strip()))
    return pairs


def _all(doc: Document, *titles: str) -> list[Section]:
    wanted = {t.casefold() for t in titles}
    return [s for s in doc.sections if s.title.casefold() in wanted]


def _raw(doc: Document, title: str) -> str:
    found = section(doc, title)
    return found.body.strip() if found else ""


#: The ``###`` sections prosec reads, in the order the docs list them.
KNOWN_SECTIONS = (
    "Description",
    "Slots",
    "Config",
    "Requires",
    "Parameters",
    "Returns",
    "Ensures",
    "Maintains",
    "Invariants",
    "Delegation",
    "Shape",
    "Metadata",
    "Notes",
)
# Titles other formats use for a section prosec reads under another name.
_SYNONYMS = {
    "outputs": "Returns",
    "output": "Returns",
    "results": "Returns",
    "result": "Returns",
    "return": "Returns",
    "inputs": "Requires",
    "input": "Requires",
    "arguments": "Requires",
    "args": "Requires",
    "params": "Parameters",
    "delegates": "Slots",
    "roles": "Slots",
    "agents": "Slots",
    "program": "Delegation",
    "code": "Delegation",
    "script": "Delegation",
    "settings": "Config",
    "options": "Config",
    "configuration": "Config",
    "guarantees": "Invariants",
    "promises": "Invariants",
    "summary": "Description",
}


def _unknown_sections(doc: Document) -> list[Diagnostic]:
    known = {title.casefold() for title in KNOWN_SECTIONS}
    out: list[Diagnostic] = []
    for sec in doc.sections:
        title = sec.title.strip()
        if title.casefold() in known:
            continue
        key = title.casefold()
        instead = _SYNONYMS.get(key) or next(
            (t for t in KNOWN_SECTIONS if t.casefold() == near_miss(key, known)), None
        )
        listed = ", ".join(KNOWN_SECTIONS[:-1]) + " and " + KNOWN_SECTIONS[-1]
        out.append(
            info(
                doc.path,
                sec.span,
                "PS037",
                f"`### {_short(title)}` is not a section prosec reads: its text is ignored"
                + (f" (did you mean `### {instead}`?)" if instead else ""),
                f"the sections prosec reads are {listed}",
            )
        )
    return out


def _short(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def read_declarations(doc: Document) -> tuple[Declarations, list[Diagnostic]]:
    """Read every declaration section of ``doc``; never raises.

    Sections that appear twice are all read (their entries merge, and names
    declared in both are duplicates); Description, Shape and Notes come from
    the first section of that title.
    """
    diagnostics: list[Diagnostic] = _unknown_sections(doc)
    slots = _read_slots(doc.path, _all(doc, "Slots"), diagnostics)
    config = _read_config(doc.path, _all(doc, "Config"), diagnostics)
    inputs = _read_inputs(doc.path, _all(doc, "Requires", "Parameters"), diagnostics)
    returns, prose = _read_returns(
        doc.path, _all(doc, "Returns", "Ensures", "Maintains"), diagnostics
    )
    declarations = Declarations(
        slots=tuple(slots),
        config=tuple(config),
        inputs=tuple(inputs),
        returns=tuple(returns),
        invariants=tuple(_read_invariants(_all(doc, "Invariants"))),
        summary=doc.summary,
        description=_raw(doc, "Description"),
        shape=_raw(doc, "Shape"),
        notes=_raw(doc, "Notes"),
        metadata=tuple(_read_metadata(_all(doc, "Metadata"))),
        prose_returns=tuple(prose),
    )
    return declarations, diagnostics
