"""Rendered Python → the text black gives it: a printer of black's layout for
the code the templates produce, with black itself for what it cannot print.

black is the formatter of record; this module only saves its cost. It reads
the rendered module as tokens, groups them into logical lines and, for each,
prints what black would: black's spacing between tokens, its string, number
and docstring normalisation (black's own functions), and its blank lines
between statements (a port of black's ``EmptyLineTracker`` for code without
comments). A line it prints must fit in 88 columns and hold no magic
trailing comma; every other line — too long, a shape it does not know — is
sent to black, all of a module's in one call, each at its own depth.
Whatever the printer does not read at all (comments other than whole-line
ones above top-level statements, backslashes, several statements on a line)
sends the whole module to black.

``tests/test_layout.py`` holds the printer to ``black.format_str`` over every
corpus, synthetic and fuzz-generated module, and ``prosec build
--verify-format`` does the same for a user's tree.
"""

from __future__ import annotations

import functools
import io
import itertools
import keyword
import re
import tokenize
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from black.mode import Mode

LINE_LENGTH = 88


class Unprintable(Exception):
    """The printer does not read this module; black formats all of it."""


@functools.cache
def mode() -> Mode:
    from black.mode import Mode, TargetVersion

    return Mode(target_versions={TargetVersion.PY311}, line_length=LINE_LENGTH)


def black_format(source: str) -> str:
    """``black.format_str`` at the pinned version and prosec's mode."""
    import black

    return black.format_str(source, mode=mode())


def _black_once(source: str) -> str:
    """black's first pass alone. ``format_str`` runs a second pass whenever
    the first changed something; on generated code the first is final (the
    comparison test holds every module to ``format_str``)."""
    import black

    once: Callable[..., str] = getattr(black, "_format_str_once", black.format_str)
    return once(source, mode=mode())


def format_module(source: str) -> str:
    """``source`` laid out as ``black.format_str`` lays it out."""
    try:
        lines = _logical_lines(source)
    except (Unprintable, tokenize.TokenError, IndentationError, SyntaxError):
        return black_format(source)
    try:
        return _print(lines)
    except Unprintable:
        return black_format(source)


#: A comment the printer keeps: black leaves it as it is.
_PLAIN_COMMENT = re.compile(r"# \S(.*\S)?")


# ---------------------------------------------------------------- reading


@dataclass(slots=True)
class _Line:
    """One logical line: its tokens, depth, the blank lines before it in the
    source and its source text (for black, when the printer declines it)."""

    depth: int
    tokens: list[tokenize.TokenInfo]
    blank_before: int
    source: str
    first: str = field(init=False)
    text: str | None = field(init=False, default=None)
    docstring: bool = field(init=False, default=False)
    #: whole-line comments directly above a top-level statement, which
    #: black leaves as they are, after the blank lines the statement gets
    comments: str = ""

    def __post_init__(self) -> None:
        self.first = self.tokens[0].string

    @property
    def is_def(self) -> bool:
        return self.first == "def" or (
            self.first == "async" and len(self.tokens) > 1 and self.tokens[1].string == "def"
        )

    @property
    def is_class(self) -> bool:
        return self.first == "class"

    @property
    def is_decorator(self) -> bool:
        return self.first == "@"

    @property
    def is_import(self) -> bool:
        return self.first in ("import", "from")

    @property
    def opens_block(self) -> bool:
        return self.tokens[-1].string == ":"

    @property
    def lone_string(self) -> bool:
        return len(self.tokens) == 1 and self.tokens[0].type == tokenize.STRING


_SKIP = frozenset({tokenize.NL, tokenize.INDENT, tokenize.DEDENT, tokenize.ENDMARKER})
_COMPOUND = frozenset(
    "if elif else for while try except finally with def class async".split()
)


def _logical_lines(source: str) -> list[_Line]:
    if "\\\n" in source or "\t" in source or "\f" in source or "\r" in source:
        raise Unprintable("backslash continuation, tab, form feed or carriage return")
    rows = source.splitlines(keepends=True)
    lines: list[_Line] = []
    current: list[tokenize.TokenInfo] = []
    depth = 0
    blank = 0
    brackets = 0
    comments: list[str] = []
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        kind = tok.type
        if kind == tokenize.COMMENT:
            comments.append(_whole_line_comment(tok, rows, current, brackets))
            continue
        if kind == tokenize.ERRORTOKEN:
            raise Unprintable("unreadable token")
        if kind == tokenize.INDENT:
            depth += 1
        elif kind == tokenize.DEDENT:
            depth -= 1
        elif kind == tokenize.NL:
            if tok.line.lstrip().startswith("#"):
                pass  # the end of a comment's line
            elif comments:
                raise Unprintable("a blank line between a comment and its statement")
            elif not current and brackets == 0:
                blank += 1
        elif kind == tokenize.NEWLINE:
            start, end = current[0].start[0], current[-1].end[0]
            line = _Line(depth, current, blank, "".join(rows[start - 1 : end]))
            if line.first in _COMPOUND and line.first != "async" and not line.opens_block:
                raise Unprintable("a statement on the line of its header")
            if line.first == "async" and not line.opens_block:
                raise Unprintable("a statement on the line of its header")
            if comments:
                if depth != 0:
                    raise Unprintable("a comment above an indented statement")
                line.comments, comments = "".join(comments), []
            lines.append(line)
            current, blank = [], 0
        elif kind == tokenize.ENDMARKER and comments:
            raise Unprintable("a comment after the last statement")
        elif kind not in _SKIP:
            if tok.string in "([{" and kind == tokenize.OP:
                brackets += 1
            elif tok.string in ")]}" and kind == tokenize.OP:
                brackets -= 1
            current.append(tok)
    return lines


def _whole_line_comment(
    tok: tokenize.TokenInfo, rows: list[str], current: list[tokenize.TokenInfo], brackets: int
) -> str:
    """The row of a comment the printer keeps: alone on its line at the
    left margin, between statements, already as black leaves it."""
    row = rows[tok.start[0] - 1]
    if current or brackets or tok.start[1] != 0 or row != tok.string + "\n":
        raise Unprintable("a comment inside or after a statement")
    if not _PLAIN_COMMENT.fullmatch(tok.string):
        raise Unprintable("a comment black would change")
    return row


# ---------------------------------------------------------------- printing


def _print(lines: list[_Line]) -> str:
    declined: list[_Line] = []
    previous: _Line | None = None
    for line in lines:
        line.docstring = line.lone_string and _docstring_position(line, previous)
        line.text = _own_layout(line)
        if line.text is None:
            declined.append(line)
        previous = line
    if sum(line.depth + 3 for line in declined) > len(lines):
        # Each declined line goes to black inside blocks that give it its
        # depth; when those outweigh the module, black reads the module.
        raise Unprintable("more for black to read in pieces than in one piece")
    if declined:
        _format_declined(declined)
    tracker = _Blanks()
    spacing = [tracker.around(line) for line in lines]
    if spacing:
        spacing[-1] = (spacing[-1][0], 0)  # black drops blank lines at the end
    out: list[str] = []
    for line, (before, after) in zip(lines, spacing, strict=True):
        assert line.text is not None
        out.append("\n" * before + line.comments + line.text + "\n" + "\n" * after)
    return "".join(out)


def _docstring_position(line: _Line, previous: _Line | None) -> bool:
    """black's ``is_docstring``: a lone string first in the module or first
    in an indented block, not a bytes, f- or t-string."""
    value = line.tokens[0].string
    if set(_prefix(value)) & set("bBfFtT"):
        return False
    if previous is None:
        return True
    return previous.opens_block and line.depth == previous.depth + 1


def _prefix(value: str) -> str:
    return value[: len(value) - len(value.lstrip("rRbBuUfFtT"))]


def _own_layout(line: _Line) -> str | None:
    """The line as black prints it, or None when black must print it."""
    indent = "    " * line.depth
    if line.lone_string:
        text = _string_statement(line)
        return None if text is None else indent + text
    joined = _join(line)
    if joined is None:
        return None
    text = indent + joined.text()
    if not joined.magic and _narrow(text):
        return text
    rows = _split_line(line, joined)
    return None if rows is None else "\n".join(rows)


def _narrow(text: str) -> bool:
    """Whether ``text`` is at most :data:`LINE_LENGTH` columns wide, as
    black's ``str_width`` counts them. Outside ASCII a character is 0, 1 or
    2 columns wide; black's table is read only when that leaves the answer
    open."""
    if text.isascii():
        return len(text) <= LINE_LENGTH
    wide = sum(not c.isascii() for c in text)
    if len(text) + wide <= LINE_LENGTH:
        return True
    if len(text) - wide > LINE_LENGTH:
        return False
    from black.strings import str_width

    return int(str_width(text)) <= LINE_LENGTH


# ---------------------------------------------------------------- strings


def _normal_string(value: str) -> str | None:
    """A string token as black writes it outside docstrings; None for
    f- and t-strings, which black treats on their own."""
    if set(_prefix(value)) & set("fFtT"):
        return None
    return _quotes(_unicode_escapes(value))


def _plain(value: str) -> bool:
    """A string black's string rules leave as it is: no prefix, double
    quotes and no backslash (nothing to lowercase, unescape or requote).
    Only other strings load those rules, which come with the whole of
    black's package."""
    return value[0] == '"' and "\\" not in value


def _quotes(value: str) -> str:
    """black's prefix and quote normalisation."""
    if _plain(value):
        return value
    if value[0] == "'" and value[:3] != "'''" and "\\" not in value:
        # no prefix, single quotes, no backslash: black prefers double
        # quotes unless the text holds one, which would need escaping
        body = value[1:-1]
        return value if '"' in body else '"' + body + '"'
    from black.strings import normalize_string_prefix, normalize_string_quotes

    return normalize_string_quotes(normalize_string_prefix(value, mode()))


def _unicode_escapes(value: str) -> str:
    if "\\" not in value:
        return value  # (black's rule rewrites escape sequences only)
    from black.strings import normalize_unicode_escape_sequences
    from blib2to3.pgen2 import token
    from blib2to3.pytree import Leaf

    leaf = Leaf(token.STRING, value)
    normalize_unicode_escape_sequences(leaf)
    return str(leaf.value)


def _string_statement(line: _Line) -> str | None:
    """A statement that is one string: black never splits it, whatever its
    length; a docstring is also re-indented (black's ``visit_STRING``)."""
    value = line.tokens[0].string
    if set(_prefix(value)) & set("fFtT"):
        return None
    if not line.docstring or re.search(r"\\\s*\n", value):
        return _normal_string(value)
    return _docstring(_unicode_escapes(value), line.depth)


def _docstring(value: str, depth: int) -> str:
    """black's docstring normalisation, step by step as in its linegen."""
    original = value
    docstring = _quotes(value)
    prefix = _string_prefix(docstring)
    docstring = docstring[len(prefix) :]
    quote_char = docstring[0]
    quote_len = 1 if docstring[1] != quote_char else 3
    docstring = docstring[quote_len:-quote_len]
    started_empty = not docstring
    indent = " " * 4 * depth
    multiline = original.lstrip("rRbBuUfFtT")[:3] in ('"""', "'''") and "\n" in original
    if multiline:
        docstring = _multiline_docstring(docstring, indent)
    else:
        docstring = docstring.strip()
    trailing_backslash = False
    if docstring:
        if docstring[0] == quote_char:
            docstring = " " + docstring
        if docstring[-1] == quote_char:
            docstring += " "
        if docstring[-1] == "\\":
            backslashes = len(docstring) - len(docstring.rstrip("\\"))
            if backslashes % 2:
                docstring += " "
                trailing_backslash = True
    elif not started_empty:
        docstring = " "
    quote = quote_char * quote_len
    if quote_len == 3:
        rows = docstring.splitlines()
        last = len(rows[-1]) if docstring and not docstring.endswith("\n") else 0
        if (
            len(rows) > 1
            and last + quote_len > LINE_LENGTH
            and len(indent) + quote_len <= LINE_LENGTH
            and not trailing_backslash
        ):
            if original[-1 - quote_len] == "\n":
                value = prefix + quote + docstring + quote
            else:
                value = prefix + quote + docstring + "\n" + indent + quote
        else:
            value = prefix + quote + docstring + quote
    else:
        value = prefix + quote + docstring + quote
    return _quotes(value)


def _string_prefix(value: str) -> str:
    """black's ``get_string_prefix``."""
    if _plain(value):
        return ""
    from black.strings import get_string_prefix

    return str(get_string_prefix(value))


def _multiline_docstring(docstring: str, indent: str) -> str:
    """black's ``fix_multiline_docstring``: the docstring's lines re-indented
    (PEP 257). Written out for a docstring without tabs or carriage returns,
    for which black's line splitting is ``split("\\n")`` and its tab
    expansion does nothing; any other is given to black's own."""
    if "\t" in docstring or "\r" in docstring:
        from black.strings import fix_multiline_docstring

        return str(fix_multiline_docstring(docstring, indent))
    lines = docstring.split("\n")
    margins = [len(line) - len(line.lstrip()) for line in lines[1:] if line.lstrip()]
    trimmed = [lines[0].strip()]
    if margins:
        margin = min(margins)
        last = len(lines) - 2
        for i, line in enumerate(lines[1:]):
            kept = line[margin:].rstrip()
            trimmed.append(indent + kept if kept or i == last else "")
    return "\n".join(trimmed)


# ---------------------------------------------------------------- spacing

_OPENING = frozenset("([{")
_CLOSING = frozenset(")]}")
_VALUES = frozenset({"True", "False", "None"})
#: Operators black spaces on both sides (``**`` only between simple
#: operands, so it is left to black).
_BINARY = frozenset(
    "+ - * / // % | & ^ << >> < > <= >= == != -> = += -= *= /= //= %= |= &= ^= <<= >>=".split()
)
_UNARY = frozenset({"-", "+", "~", "*", "**"})
#: Keywords after which black may drop a pair of parentheses that holds the
#: whole of what follows (``return (x)``, ``if (x):``, ``del (a)``).
_KEEPS_PARENS = frozenset({"not", "and", "or", "is", "if", "else", "in"})


@dataclass(slots=True)
class _Bracket:
    kind: str  # "call", "params", "subscript", "display", "group"
    start: int
    annotated: bool = False


@dataclass(slots=True)
class _Joined:
    """A line's tokens as black spaces them: each token's text with the
    space before it, how many brackets hold it, where each bracket closes,
    what each opening bracket is, and the closing brackets that follow a
    magic trailing comma."""

    pieces: list[str]
    levels: list[int]
    closes: dict[int, int]
    kinds: dict[int, str]
    magic: set[int]

    def text(self, start: int = 0, end: int | None = None) -> str:
        return "".join(self.pieces[start:end]).lstrip(" ")


def _join(line: _Line) -> _Joined | None:
    """The tokens of ``line`` spaced as black spaces them; None for what
    black would change beyond spacing, or what it must decide."""
    tokens = line.tokens
    if line.is_import:
        words = [t.string for t in tokens]
        # ``from m import (a, b,)``: the trailing comma keeps it one a line
        at = words.index("import") if "import" in words else -1
        exploded = words[at + 1 : at + 2] == ["("] and words[-2:] == [",", ")"]
        if exploded:
            tokens = tokens[: at + 1] + tokens[at + 2 : -2]
        text = _import(tokens)
        if text is None:
            return None
        return _Joined([text], [0], {}, {}, {0} if exploded else set())
    if line.is_class and len(tokens) > 3 and tokens[2].string == "(" and tokens[3].string == ")":
        return None  # black drops the empty parentheses
    if line.first in ("match", "case", "type", "lambda"):
        return None
    out: list[str] = []
    stack: list[_Bracket] = []
    levels: list[int] = []
    closes: dict[int, int] = {}
    kinds: dict[int, str] = {}
    magic: set[int] = set()
    prev: tokenize.TokenInfo | None = None
    hug_next = False  # after a unary operator, a decorator's @ or a keyword =
    for index, tok in enumerate(tokens):
        kind, s = tok.type, tok.string
        levels.append(len(stack))
        if kind == tokenize.NAME:
            if s == "lambda":
                return None
            space = "" if hug_next or prev is None or _opens(prev) or prev.string == "." else " "
            hug_next = False
            out.append(space + s)
        elif kind == tokenize.NUMBER:
            if prev is not None and prev.string == ".":
                return None
            space = "" if hug_next or prev is None or _opens(prev) else " "
            hug_next = False
            out.append(space + _number(s))
        elif kind == tokenize.STRING:
            if "\n" in s:
                return None  # black weighs a multi-line string by its context
            value = _normal_string(s)
            if value is None:
                return None
            space = "" if hug_next or prev is None or _opens(prev) else " "
            hug_next = False
            out.append(space + value)
        elif kind == tokenize.OP:
            if s in _OPENING:
                after_value = prev is not None and (
                    (prev.type == tokenize.NAME and not keyword.iskeyword(prev.string))
                    or prev.string in (")", "]")
                    or prev.type == tokenize.STRING
                    or (prev.type == tokenize.NAME and prev.string in _VALUES)
                )
                if s == "(" and _parens_black_may_drop(line, stack, prev, after_value):
                    return None
                if after_value or hug_next or prev is None or _opens(prev):
                    space = ""
                else:
                    space = " "
                hug_next = False
                if s == "(":
                    if index >= 2 and tokens[index - 2].string == "def":
                        stack.append(_Bracket("params", index))
                    else:
                        stack.append(_Bracket("call" if after_value else "group", index))
                elif s == "[":
                    stack.append(_Bracket("subscript" if after_value else "display", index))
                else:
                    stack.append(_Bracket("display", index))
                kinds[index] = stack[-1].kind
                out.append(space + s)
            elif s in _CLOSING:
                if not stack:
                    return None
                opening = stack.pop()
                closes[opening.start] = index
                levels[index] = len(stack)
                if prev is not None and prev.string == ",":
                    magic.add(index)  # black explodes the brackets
                out.append(s)
                hug_next = False
            elif s == ",":
                if stack and stack[-1].kind == "params":
                    stack[-1].annotated = False
                out.append(",")
                hug_next = False
            elif s == ".":
                if prev is not None and prev.type == tokenize.NUMBER:
                    return None
                out.append(".")
                hug_next = False
            elif s == ":":
                if stack and stack[-1].kind in ("subscript",):
                    return None  # a slice: black spaces it by its operands
                if stack and stack[-1].kind == "params":
                    stack[-1].annotated = True
                out.append(":")
                hug_next = False
            elif s == "=" and stack:
                top = stack[-1]
                if top.kind == "params" and top.annotated:
                    out.append(" =")
                    hug_next = False
                elif top.kind in ("call", "params"):
                    out.append("=")
                    hug_next = True
                else:
                    return None
            elif s == "@" and prev is None:
                out.append("@")
                hug_next = True
            elif s in _UNARY and _unary_position(prev):
                if s in ("*", "**") and not (prev is not None and (prev.string in ("(", ",", "[", "{"))):
                    return None
                space = "" if hug_next or prev is None or _opens(prev) else " "
                out.append(space + s)
                hug_next = True
            elif s in _BINARY:
                space = "" if prev is None else " "
                out.append(space + s)
                hug_next = False
            else:
                return None  # **, :=, ..., ;, @ between operands, and the rest
        else:
            return None
        prev = tok
    if stack:
        return None
    return _Joined(out, levels, closes, kinds, magic)


_ASSIGNING = frozenset("= : -> += -= *= /= //= %= |= &= ^= <<= >>= **= @=".split())


def _parens_black_may_drop(
    line: _Line, stack: list[_Bracket], prev: tokenize.TokenInfo | None, after_value: bool
) -> bool:
    """Parentheses that may hold the whole of a statement's value or
    condition (``return (x)``, ``if (x):``, ``y = (x)``, ``for x in (y)``) or
    the one item of a list or set: black decides whether they stay."""
    if prev is None or after_value:
        return False
    if prev.string in ("[", "{"):
        return True
    if stack:
        return False
    if prev is line.tokens[0] and prev.type == tokenize.NAME:
        return True
    if prev.type == tokenize.NAME:
        if prev.string == "in":
            return line.first == "for" or line.tokens[1].string == "for"
        return prev.string not in _KEEPS_PARENS
    return prev.string in _ASSIGNING


def _opens(tok: tokenize.TokenInfo) -> bool:
    return tok.type == tokenize.OP and tok.string in _OPENING


def _unary_position(prev: tokenize.TokenInfo | None) -> bool:
    if prev is None:
        return True
    if prev.type == tokenize.OP:
        return prev.string not in _CLOSING
    if prev.type == tokenize.NAME:
        return keyword.iskeyword(prev.string) and prev.string not in _VALUES
    return False


#: A number black leaves as it is: digits, with a fraction after digits.
_PLAIN_NUMBER = re.compile(r"[0-9][0-9_]*(?:\.[0-9][0-9_]*)?")


def _number(value: str) -> str:
    if _PLAIN_NUMBER.fullmatch(value):
        return value  # (black's rules change letters, exponents and bare dots)
    from black.numerics import normalize_numeric_literal
    from blib2to3.pgen2 import token
    from blib2to3.pytree import Leaf

    leaf = Leaf(token.NUMBER, value)
    normalize_numeric_literal(leaf)
    return str(leaf.value)


def _import(tokens: list[tokenize.TokenInfo]) -> str | None:
    """``import a.b`` and ``from .a import b, c as d`` without parentheses."""
    words = [t.string for t in tokens]
    if any(w in ("(", ")", ";") for w in words) or words[-1] == ",":
        return None
    if words[0] == "import":
        return "import " + _names(words[1:])
    if "import" not in words:
        return None
    at = words.index("import")
    module = "".join(words[1:at])
    if not re.fullmatch(r"\.*[A-Za-z_][\w.]*|\.+", module):
        return None
    return f"from {module} import {_names(words[at + 1 :])}"


def _names(words: list[str]) -> str:
    out: list[str] = []
    for word in words:
        if word == ",":
            out.append(", ")
        elif word == "as":
            out.append(" as ")
        elif out and not out[-1].endswith(" ") and word != "." and out[-1] != ".":
            out.append(" " + word)
        else:
            out.append(word)
    return "".join(out)


# ---------------------------------------------------------------- splitting
# black's right-hand split, delimiter split and (for ``def``) left-hand split,
# for the shapes generated code has: a statement whose value is one call or
# one list, set or dict display, split at its last bracket, the bracket's
# contents one line or one item a line (a comprehension: one clause a line);
# a block header whose condition or iterable is one call, or whose condition
# chains ``and``/``or``; a string constant; ``from m import`` a list of
# names. Anything else is left to black.

_Rows = list[str] | None
_STATEMENT_HEAD = frozenset({"return", "raise", "await"})
_COMPREHENSION = frozenset({"for", "async", "lambda", "if", "else"})
_LOGIC = frozenset({"and", "or", "not", "in", "is"})


def _split_line(line: _Line, joined: _Joined) -> _Rows:
    if line.is_def:
        return _left_split(line, joined)
    if line.first in _CONDITIONAL and line.opens_block:
        return _condition_split(line, joined)
    if line.is_import:
        return _import_split(line, joined)
    if line.first == "for" and line.opens_block:
        return _header_split(line, joined, line.tokens[1 : _for_in(line)])
    if line.opens_block or line.is_decorator or line.is_class:
        return None
    tokens = line.tokens
    if len(tokens) == 3 and tokens[1].string == "=" and tokens[2].type == tokenize.STRING:
        return _string_value_split(line, joined)
    end = len(tokens)
    suffix = ""
    if line.first == "raise" and "from" in (words := [t.string for t in tokens]):
        # ``raise E(...) from cause``: split at E's brackets, the cause after
        end = words.index("from")
        suffix = "".join(joined.pieces[end:])
    closing = end - 1
    opening = _opening_of(joined, closing)
    if opening is None or joined.kinds[opening] not in ("call", "display"):
        return None
    if joined.magic - {closing}:
        return None
    if not _simple_head(tokens[: opening + 1], joined.kinds[opening]):
        return None
    return _right_split(joined, 0, end, line.depth, suffix)


_CONDITIONAL = frozenset({"if", "elif", "while"})
#: At the top of a condition these bind more loosely than ``and``/``or``
#: (or make black weigh the line differently): such conditions go to black.
_LOOSER = frozenset({",", "if", "else", "for", "lambda", ":="})


def _condition_split(line: _Line, joined: _Joined) -> _Rows:
    """black's split of an ``if``/``elif``/``while`` header whose condition
    chains two or more ``and``/``or``: the condition in parentheses on lines
    of its own, on one line if it fits, else one operand a line with the
    operator first."""
    colon = len(line.tokens) - 1
    if joined.magic:
        return None
    top = [i for i in range(1, colon) if joined.levels[i] == 0]
    if any(joined.pieces[i].strip() in _LOOSER for i in top):
        return None
    operators = [i for i in top if joined.pieces[i].strip() in ("and", "or")]
    if not operators:
        # a condition without delimiters: black omits the parentheses it
        # could add and splits at the condition's last bracket
        return _header_split(line, joined, [])
    if len(operators) < 2:
        return None  # black weighs one delimiter against the last bracket
    depth = line.depth + 1
    head = ["    " * line.depth + line.first + " ("]
    tail = ["    " * line.depth + "):"]
    whole = joined.text(1, colon)
    if _fits(depth, whole):
        return [*head, "    " * depth + whole, *tail]
    bounds = [1, *operators, colon]
    operands = [joined.text(start, end) for start, end in itertools.pairwise(bounds)]
    if not all(_fits(depth, text) for text in operands):
        return None
    return [*head, *("    " * depth + text for text in operands), *tail]


def _import_split(line: _Line, joined: _Joined) -> _Rows:
    """``from m import a, b`` too long: black puts the names in parentheses,
    one a line, each followed by a comma."""
    text = joined.text()
    if not text.startswith("from ") or " import " not in text:
        return None  # black leaves a long ``import a.b`` as it is: not generated
    head, _, names = text.partition(" import ")
    indent = "    " * line.depth
    rows = [indent + head + " import ("]
    rows += [indent + "    " + name + "," for name in names.split(", ")]
    if not all(_narrow(row) for row in rows):
        return None
    return [*rows, indent + ")"]


def _header_split(line: _Line, joined: _Joined, targets: list[tokenize.TokenInfo]) -> _Rows:
    """black's split of a block header ``KEYWORD [targets in] value:``
    whose value is one call: at the call's brackets, ``):`` after them.
    ``targets`` are the names a ``for`` binds (names and commas only)."""
    colon = len(line.tokens) - 1
    closing = colon - 1
    opening = _opening_of(joined, closing)
    if opening is None or joined.kinds[opening] != "call" or joined.magic - {closing}:
        return None
    if any(t.type != tokenize.NAME and t.string != "," for t in targets):
        return None
    value = line.tokens[1 + len(targets) + bool(targets) : opening + 1]
    if any(t.string == "not" for t in value):
        return None
    if not _simple_head(value, "call"):
        return None
    return _right_split(joined, 0, colon, line.depth, ":")


def _for_in(line: _Line) -> int:
    """The index of the ``in`` of a ``for`` header's first level (or of
    its colon when there is none, which no header lacks)."""
    depth = 0
    for i, tok in enumerate(line.tokens):
        if tok.string in ("(", "[", "{"):
            depth += 1
        elif tok.string in (")", "]", "}"):
            depth -= 1
        elif tok.string == "in" and depth == 0:
            return i
    return len(line.tokens) - 1


def _string_value_split(line: _Line, joined: _Joined) -> _Rows:
    """``NAME = "..."`` too long: black puts the string in parentheses on a
    line of its own when it fits there, and otherwise leaves the line as
    it is."""
    indent = "    " * line.depth
    value = joined.text(2)
    if _fits(line.depth + 1, value):
        return [indent + joined.text(0, 2) + " (", indent + "    " + value, indent + ")"]
    return [indent + joined.text()]


def _opening_of(joined: _Joined, closing: int) -> int | None:
    for opening, close in joined.closes.items():
        if close == closing:
            return opening
    return None


def _simple_head(head: list[tokenize.TokenInfo], kind: str) -> bool:
    """``[return] [target [: annotation] =] [await] [callee](`` with names and
    dots only: black splits such a statement at its last bracket (it prefers
    that to parenthesising the value)."""
    words = [t.string for t in head[:-1]]
    if words.count("=") > 1 or any(t.type not in (tokenize.NAME, tokenize.OP) for t in head[:-1]):
        return False
    if kind == "display" and ":" in words and "=" in words and words.index(":") < words.index("="):
        # ``name: T[A, B] = {``: black splits at the display whatever
        # brackets the annotation has
        colon, equals = words.index(":"), words.index("=")
        if not all(w.isidentifier() or w in "[],." for w in words[colon + 1 : equals]):
            return False
        words = [*words[:colon], *words[equals:]]
    if any(w not in ("=", ":", ".") and not w.isidentifier() for w in words):
        return False
    if any(keyword.iskeyword(w) and w not in _STATEMENT_HEAD for w in words):
        return False
    value = words[words.index("=") + 1 :] if "=" in words else words
    if value[:1] == ["return"] or value[:1] == ["raise"]:
        value = value[1:]
    if value[:1] == ["await"]:
        value = value[1:]
    if any(w in ("=", ":", "return", "raise", "await") for w in value):
        return False
    if kind == "display":
        # A display alone is only split this way as an assigned or returned value.
        return not value and ("=" in words or words[:1] == ["return"])
    return bool(value) and value[0] != "." and value[-1] != "."


def _fits(depth: int, text: str) -> bool:
    return _narrow("    " * depth + text)


def _right_split(joined: _Joined, start: int, end: int, depth: int, suffix: str) -> _Rows:
    """black's right-hand split of tokens ``start:end`` (their last bracket
    closing at ``end - 1``, or at ``end - 2`` before a comma)."""
    closing = end - 1
    if joined.pieces[closing] == ",":
        closing -= 1
    opening = _opening_of(joined, closing)
    if opening is None or opening < start or joined.kinds[opening] not in ("call", "display"):
        return None
    if opening + 1 == closing:
        return None  # empty brackets are not split
    head = joined.text(start, opening + 1)
    tail = joined.text(closing, end) + suffix
    if not _fits(depth, head) or not _fits(depth, tail):
        return None
    body_end = closing
    trailing = joined.pieces[closing - 1] == ","
    forced = closing in joined.magic or (
        joined.kinds[opening] == "display" and _has_comma(joined, opening + 1, closing - trailing)
    )
    body = _split_body(joined, opening + 1, body_end, depth + 1, forced)
    if body is None:
        return None
    return ["    " * depth + head, *body, "    " * depth + tail]


def _left_split(line: _Line, joined: _Joined) -> _Rows:
    """black's left-hand split of a ``def``: name and ``(``, the parameters,
    ``)`` and what follows."""
    opening = next((i for i, kind in joined.kinds.items() if kind == "params"), None)
    if opening is None:
        return None
    closing = joined.closes[opening]
    if joined.magic - {closing} or opening + 1 == closing:
        return None
    if not _has_comma(joined, opening + 1, closing):
        return None  # black would add a comma to a lone parameter
    head = joined.text(0, opening + 1)
    tail = joined.text(closing)
    if not _fits(line.depth, head) or not _fits(line.depth, tail):
        return None
    body = _split_body(joined, opening + 1, closing, line.depth + 1, closing in joined.magic)
    if body is None:
        return None
    indent = "    " * line.depth
    return [indent + head, *body, indent + tail]


def _has_comma(joined: _Joined, start: int, end: int) -> bool:
    level = joined.levels[start]
    return any(
        joined.pieces[i] == "," and joined.levels[i] == level for i in range(start, end)
    )


def _split_body(joined: _Joined, start: int, end: int, depth: int, forced: bool) -> _Rows:
    """The contents of a pair of brackets on lines of their own: one line if
    they fit (and need not explode), else one item a line."""
    text = joined.text(start, end)
    if not forced and _fits(depth, text):
        return [text and "    " * depth + text]
    return _inside(joined, start, end, depth, "")


def _inside(joined: _Joined, start: int, end: int, depth: int, suffix: str) -> _Rows:
    """A line inside brackets that does not fit: black's delimiter split at
    commas, else its right-hand split, else the line as it is."""
    level = joined.levels[start]
    commas: list[int] = []
    others = False
    last = end - 1
    for i in range(start, end):
        if joined.levels[i] != level:
            continue
        piece = joined.pieces[i].strip()
        if i == last and piece == ",":
            continue
        if piece == ",":
            commas.append(i)
        elif piece in _COMPREHENSION:
            return _comprehension_split(joined, start, end, depth, suffix)
        elif piece in _LOGIC or (
            piece not in (".", ":", "=", "(", ")", "[", "]", "{", "}")
            and not piece[:1].isalnum()
            and piece[:1] not in ("_", '"', "'")
        ):
            others = True
        elif piece == "." and (i == start or joined.pieces[i - 1].strip() in (")", "]", "}")):
            others = True
        elif piece[:1] in ('"', "'") and i > start and joined.pieces[i - 1].strip()[-1:] in ('"', "'"):
            others = True
    if commas:
        rows: list[str] = []
        item = start
        for comma in commas:
            part = _item(joined, item, comma + 1, depth, "")
            if part is None:
                return None
            rows += part
            item = comma + 1
        if item < end:
            ending = "" if joined.pieces[last] == "," else ","
            part = _item(joined, item, end, depth, ending)
            if part is None:
                return None
            rows += part
        return rows
    if others:
        return None
    return _item(joined, start, end, depth, suffix, split=False)


def _comprehension_split(joined: _Joined, start: int, end: int, depth: int, suffix: str) -> _Rows:
    """black's delimiter split of a comprehension that does not fit: the
    element, then each ``for`` and ``if`` clause, one a line. Anything
    else at its level (a conditional expression, a lambda, a comma) and
    clauses that do not fit themselves are left to black."""
    level = joined.levels[start]
    top = [i for i in range(start, end) if joined.levels[i] == level]
    words = {i: joined.pieces[i].strip() for i in top}
    if suffix or any(w in (",", "else", "lambda", "async") for w in words.values()):
        return None
    clauses = [i for i in top if words[i] in ("for", "if") and i > start]
    if not clauses or words[clauses[0]] != "for":
        return None
    bounds = [start, *clauses, end]
    rows = [joined.text(a, b) for a, b in itertools.pairwise(bounds)]
    if not all(_fits(depth, row) for row in rows):
        return None
    return ["    " * depth + row for row in rows]


def _item(joined: _Joined, start: int, end: int, depth: int, suffix: str, split: bool = True) -> _Rows:
    """One line inside brackets: as it is if it fits, else split further."""
    text = joined.text(start, end) + suffix
    inner = {i for i in range(start, end) if i in joined.magic}
    if inner:
        return None
    if _fits(depth, text):
        return ["    " * depth + text]
    if split:
        return _inside(joined, start, end, depth, suffix)
    closing = end - 1
    if joined.pieces[closing] == ",":
        closing -= 1
    if joined.pieces[closing].strip() in (")", "]", "}"):
        return _right_split(joined, start, end, depth, suffix)
    if any(p.strip() in ("(", "[", "{") for p in joined.pieces[start:end]):
        return None
    return ["    " * depth + text]  # nothing black could split it at


# ---------------------------------------------------------------- blank lines


class _Blanks:
    """black's ``EmptyLineTracker`` for lines without comments, overloads or
    stub bodies: the blank lines before and after each line."""

    def __init__(self) -> None:
        self.previous: _Line | None = None
        self.previous_docstring_module = False
        self.defs: list[_Line] = []
        self.after = 0
        self.count = 0

    def around(self, line: _Line) -> tuple[int, int]:
        before, after = self._lines(line)
        before = max(0, before - self.after)
        self.after = after
        if self.previous_docstring_module and not (line.is_class or line.is_def):
            before = 1
        self.previous_docstring_module = self.count == 0 and line.docstring and line.depth == 0
        self.previous = line
        self.count += 1
        return before, after

    def _lines(self, line: _Line) -> tuple[int, int]:
        depth = line.depth
        before = min(line.blank_before, 2 if depth == 0 else 1)
        had_newline = bool(before)
        previous_def = None
        while self.defs and self.defs[-1].depth >= depth:
            previous_def = self.defs.pop()
        if line.is_def or line.is_class:
            self.defs.append(line)
        prev = self.previous
        if prev is None:
            return 0, 0
        if line.docstring:
            if prev.is_class:
                return 0, 1
            if prev.opens_block and prev.is_def:
                return 0, 0
        if previous_def is not None:
            if depth:
                before = 1
            elif (
                previous_def.depth
                and line.opens_block
                and line.first not in ("with", "try", "for", "while", "if", "match")
            ):
                before = 1
            else:
                before = 2
        if line.is_decorator or line.is_def or line.is_class:
            if prev.is_decorator:
                return 0, 0
            if prev.depth < depth and (prev.is_class or prev.is_def):
                return (1 if had_newline else 0), 0
            return (1 if depth else 2), 0
        if prev.is_import and prev.depth == 0 and depth == 0 and not line.is_import:
            return 1, 0
        if prev.is_import and not line.is_import and depth == prev.depth:
            return (before or 1), 0
        return before, 0


# ---------------------------------------------------------------- black's part


def _format_declined(declined: list[_Line]) -> None:
    """Format every declined line with one call of black: each in blocks
    that put it at its own depth, between marker statements, and read back."""
    parts: list[str] = []
    preludes: list[list[str]] = []
    for number, line in enumerate(declined):
        prelude = [f"_prosec_mark_{number}"]
        for level in range(line.depth):
            prelude.append("    " * level + "if _:")
        indent = "    " * line.depth
        if line.first == "elif":
            prelude += [indent + "if _:", indent + "    pass"]
        elif line.first in ("except", "finally"):
            prelude += [indent + "try:", indent + "    pass"]
        elif line.first == "else":
            prelude += [indent + "if _:", indent + "    pass"]
        elif line.depth:
            # Not first in its block: black would read a string as a docstring.
            prelude.append(indent + "pass")
        preludes.append(prelude)
        body = [indent + "    pass"] if line.opens_block else []
        parts.append("\n".join([*prelude, indent + line.source.strip(" \n"), *body]))
    if any(line.is_decorator or line.first in ("match", "case") for line in declined):
        raise Unprintable("a decorator or match statement black must see in place")
    try:
        formatted = _black_once("\n".join(parts) + "\n")
    except Exception as exc:  # black raises several types for input it rejects
        raise Unprintable(str(exc)) from exc
    chunks = re.split(r"^_prosec_mark_\d+\n", formatted, flags=re.MULTILINE)
    if chunks[0].strip() or len(chunks) != len(declined) + 1:
        raise Unprintable("black's output does not hold the markers")
    for line, prelude, chunk in zip(declined, preludes, chunks[1:], strict=True):
        rows = chunk.split("\n")
        while rows and not rows[0]:
            rows.pop(0)
        while rows and not rows[-1]:
            rows.pop()
        expected = prelude[1:]
        if rows[: len(expected)] != expected:
            raise Unprintable("black changed the blocks around a line")
        rows = rows[len(expected) :]
        while rows and not rows[0]:
            rows.pop(0)
        if line.opens_block:
            if not rows or rows[-1] != "    " * (line.depth + 1) + "pass":
                raise Unprintable("black changed the body after a header")
            rows.pop()
        if not rows:
            raise Unprintable("black left nothing of a line")
        line.text = "\n".join(rows)


def lines_of(source: str) -> Iterator[str]:
    """The logical lines the printer reads in ``source`` (for tests)."""
    for line in _logical_lines(source):
        yield line.source
