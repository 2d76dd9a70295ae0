"""Delegation fence → lark parse tree, or diagnostics in the Markdown file's coordinates.

The parser is LALR with lark's contextual lexer and an indentation post-lexer.
It parses a ``TextSlice`` of the whole file, so every token carries its line
and column in the Markdown file without offset arithmetic. Parse errors are
turned into sentences here and nowhere else.

After a syntax error the parser recovers: the failing statement (with the
lines indented under it) is replaced by a placeholder of the same length and
the fence is parsed again, so one run reports every syntax error of a file,
up to :data:`MAX_ERRORS`. Errors after which nothing sensible can follow (an
unclosed bracket or ``\"\"\"`` string, the end of the fence, a limit) end the
recovery.
"""

from __future__ import annotations

import functools
import re
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from importlib import resources

from lark import Lark, TextSlice, Token, Tree
from lark.exceptions import (
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
)
from lark.indenter import Indenter

from . import lalr_tables
from .diagnostics import Diagnostic, Span, error

# PS2xx: syntax.
#   PS201  unexpected token / character (a sentence saying what was expected)
#   PS202  tab in indentation
#   PS203  dedent to a column that matches no enclosing block
#   PS204  unterminated string
#   PS205  unbalanced bracket (closed without being opened, closed by the
#          wrong kind, or never closed)
#   PS206  nested deeper than the limit (blocks, brackets, expressions)
#   PS207  unexpected end of the block or of the delegation
#   PS208  the delegation is longer than the limit (tokens)
#   PS209  two entries of an object or array on one line without a comma

MAX_DEPTH = 40
"""Blocks nested deeper than this are rejected: real patterns nest 4 or 5
levels; Python's own compiler gives up at 100 levels of indentation, and one
ProseScript block can take two of them."""

MAX_BRACKETS = 32
"""Brackets (``[``, ``{``, ``(``) open at once. Python refuses more than 200
nested parentheses; real patterns open two or three."""

MAX_EXPRESSION_DEPTH = 48
"""Nesting of one expression, counting brackets and each ``.key``/``[i]`` of
a chain: the generated code nests one call per level."""

MAX_LOOP_DEPTH = 16
"""Loops and ``try`` blocks nested inside one another (a ``try`` with both
``catch`` and ``finally`` counts twice). Python allows 20 statically nested
blocks in one function, and generated code adds one."""

MAX_TOKENS = 10_000
"""Tokens in one delegation. The largest corpus pattern has a few hundred;
the limit keeps a pathological file from taking minutes to compile."""

MAX_ERRORS = 20
"""Syntax errors reported per file before giving up."""


class IndentProblem(Exception):
    """Raised inside the post-lexer; carries the token where it happened."""

    def __init__(
        self, token: Token, code: str, message: str, hint: str, *, at_next_line: bool = True
    ) -> None:
        super().__init__(message)
        self.token = token
        self.code = code
        self.message = message
        self.hint = hint
        # Indentation problems are about the line after a newline token;
        # bracket and size problems are about the token itself.
        self.at_next_line = at_next_line


_CLOSING = {"LPAR": ")", "LSQB": "]", "LBRACE": "}"}


class ProseIndenter(Indenter):
    """Indentation for ProseScript: brackets suspend it, tabs are not allowed,
    and a dedent that lands between two levels is an error with a position.

    It also keeps the open brackets (so an error can name the one that was
    never closed) and enforces the nesting and size limits."""

    NL_type = "_NL"
    OPEN_PAREN_types = ["LPAR", "LSQB", "LBRACE"]  # noqa: RUF012
    CLOSE_PAREN_types = ["RPAR", "RSQB", "RBRACE"]  # noqa: RUF012
    INDENT_type = "_INDENT"
    DEDENT_type = "_DEDENT"
    tab_len = 8

    def __init__(self) -> None:
        super().__init__()
        self.brackets: list[Token] = []

    def handle_NL(self, token: Token) -> Iterator[Token]:
        if self.paren_level > 0:
            return
        yield token
        indent_str = token.rsplit("\n", 1)[1]
        if "#" in indent_str:
            indent_str = indent_str[: indent_str.index("#")]
        if "\t" in indent_str:
            raise IndentProblem(
                token,
                "PS202",
                "tab in indentation",
                "indent ProseScript blocks with spaces only",
            )
        indent = len(indent_str)
        if indent > self.indent_level[-1]:
            if len(self.indent_level) > MAX_DEPTH:
                raise IndentProblem(
                    token,
                    "PS206",
                    f"blocks are nested more than {MAX_DEPTH} levels deep",
                    "split the delegation into flatter steps",
                )
            self.indent_level.append(indent)
            # The block starts where the indented line's text does (not at
            # the newline before it): spans of indented blocks point there.
            yield Token(
                self.INDENT_type,
                indent_str,
                token.end_pos,
                token.end_line,
                token.end_column,
                token.end_line,
                token.end_column,
                token.end_pos,
            )
        else:
            while indent < self.indent_level[-1]:
                self.indent_level.pop()
                yield Token.new_borrow_pos(self.DEDENT_type, indent_str, token)
            if indent != self.indent_level[-1]:
                raise IndentProblem(
                    token,
                    "PS203",
                    f"this line is indented {indent} spaces, which matches no "
                    "enclosing block",
                    "indent it like the block it belongs to "
                    f"({self.indent_level[-1]} spaces here)",
                )

    def _process(self, stream: Iterator[Token]) -> Iterator[Token]:
        token = None
        count = 0
        self.brackets = []
        for token in stream:
            count += 1
            if count > MAX_TOKENS:
                raise IndentProblem(
                    token,
                    "PS208",
                    f"the delegation is longer than {MAX_TOKENS} tokens",
                    "real patterns are a few hundred tokens; split this one",
                    at_next_line=False,
                )
            if token.type in self.CLOSE_PAREN_types:
                self._close(token)
            if token.type == self.NL_type:
                yield from self.handle_NL(token)
            else:
                yield token
            if token.type in self.OPEN_PAREN_types:
                self.paren_level += 1
                self.brackets.append(token)
                if len(self.brackets) > MAX_BRACKETS:
                    raise IndentProblem(
                        token,
                        "PS206",
                        f"brackets are nested more than {MAX_BRACKETS} levels deep",
                        "build the value in steps with `let`",
                        at_next_line=False,
                    )
        while len(self.indent_level) > 1:
            self.indent_level.pop()
            if token is not None:
                yield Token.new_borrow_pos(self.DEDENT_type, "", token)
            else:
                yield Token(self.DEDENT_type, "", 0, 1, 1, 1, 1, 0)

    def _close(self, token: Token) -> None:
        if not self.brackets:
            raise IndentProblem(
                token,
                "PS205",
                f"`{token.value}` closes a bracket that was never opened",
                "remove it or add the opening bracket",
                at_next_line=False,
            )
        opened = self.brackets[-1]
        if _CLOSING[opened.type] != token.value:
            raise IndentProblem(
                token,
                "PS205",
                f"`{token.value}` does not match the `{opened.value}` opened at "
                f"line {opened.line}, column {opened.column}",
                f"close it with `{_CLOSING[opened.type]}`",
                at_next_line=False,
            )
        self.brackets.pop()
        self.paren_level -= 1


def prepare() -> None:
    """Build the ProseScript parser now rather than on first use."""
    _machine()


def grammar() -> str:
    """The ProseScript grammar (``grammar.lark``)."""
    return resources.files("prosec").joinpath("grammar.lark").read_text("utf-8")


@functools.cache
def _machine() -> tuple[Lark, ProseIndenter]:
    """The parser, made from the tables written ahead of time when they are
    this grammar's (``lalr_tables.py``), else built from the grammar."""
    text = grammar()
    indenter = ProseIndenter()
    lark = lalr_tables.load(text, indenter) or lalr_tables.build(text, indenter)
    return lark, indenter


def parser() -> Lark:
    """The one parser instance (building it costs more than most parses)."""
    return _machine()[0]


# The post-lexer keeps state during a parse (open brackets, indentation), and
# there is one instance: parses take turns.
_LOCK = threading.Lock()


# ---------------------------------------------------------------- parse_fence


def parse_fence(
    path: str, text: str, start: int, end: int
) -> tuple[Tree[Token] | None, list[Diagnostic]]:
    """Parse ``text[start:end]`` (a delegation fence's content).

    Returns the tree, or None and the diagnostics explaining why not: every
    syntax error the parser could reach, in file order.
    """
    problems = _check_indentation(path, text, start, end)
    if problems:
        return None, problems
    diagnostics: list[Diagnostic] = []
    current = text
    while True:
        tree, failure = _parse_once(path, current, start, end)
        if failure is None:
            break
        diagnostic, recoverable = failure
        if diagnostics and diagnostic.span.line <= diagnostics[-1].span.line:
            break  # no progress: the placeholder did not help
        diagnostics.append(diagnostic)
        if not recoverable or len(diagnostics) >= MAX_ERRORS:
            break
        repaired = _skip_statement(current, start, end, diagnostic.span.line, diagnostic.code)
        if repaired is None:
            break
        current = repaired
    if diagnostics:
        return None, diagnostics
    assert tree is not None
    deep = _too_deep(path, tree)
    if deep is not None:
        return None, [deep]
    commas = _missing_commas(path, text, tree)
    if commas:
        return None, commas
    return tree, []


_Failure = tuple[Diagnostic, bool]  # the error, and whether to try to go on

# Errors after which the rest of the fence cannot be read as statements.
_FINAL = frozenset({"PS202", "PS206", "PS207", "PS208"})


def _parse_once(
    path: str, text: str, start: int, end: int
) -> tuple[Tree[Token] | None, _Failure | None]:
    with _LOCK:
        lark, indenter = _machine()
        try:
            return lark.parse(TextSlice(text, start, end)), None
        except IndentProblem as exc:
            if exc.at_next_line:
                line, column = _token_position(exc.token, text)
            else:
                line, column = (exc.token.line or 1), (exc.token.column or 1)
            width = 1 if exc.at_next_line else len(str(exc.token.value))
            found = error(path, Span.point(line, column, width), exc.code, exc.message, exc.hint)
            return None, (found, exc.code not in _FINAL)
        except UnexpectedInput as exc:
            found = _describe(path, text, start, end, exc, list(indenter.brackets))
            recoverable = found.code not in _FINAL and not (
                found.code == "PS205" and "never closed" in found.message
            )
            if found.code == "PS204" and text.startswith('"""', _offset(text, found.span)):
                recoverable = False
            return None, (found, recoverable)
        except RecursionError:
            found = error(
                path,
                Span.point(_line_of(text, start), 1),
                "PS206",
                "the delegation is nested too deeply to compile",
                "split the delegation into flatter steps",
            )
            return None, (found, False)


def _offset(text: str, span: Span) -> int:
    offset = 0
    for _ in range(span.line - 1):
        offset = text.index("\n", offset) + 1
    return offset + span.column - 1


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _code(line: str) -> str:
    """A line without its comment (conditions may contain `#` rarely; this is
    only used to find block structure for messages and recovery)."""
    return line.split("#", 1)[0].rstrip()


def _skip_statement(text: str, start: int, end: int, line: int, code: str) -> str | None:
    """``text`` with the statement at file line ``line`` (and every line
    indented under it) replaced by a placeholder statement ``_`` of the same
    length, so positions after it do not move. None when there is nothing
    sensible to skip."""
    lines = text.split("\n")
    first = _line_of(text, start)  # 1-based file lines of the fence
    last = _line_of(text, end) - 1
    if not first <= line <= last:
        return None
    index = line - 1
    # Continuation lines (a call's properties, a condition or a value that
    # spans lines) belong to the statement above them.
    while index > first - 1:
        previous = index - 1
        while previous >= first - 1 and not _code(lines[previous]).strip():
            previous -= 1
        if previous < first - 1:
            break
        above = _code(lines[previous])
        if _indent(lines[index]) > _indent(above) and not above.endswith(":"):
            index = previous
        else:
            break
    indent = _indent(lines[index])
    stop = index + 1
    while stop <= last - 1 and (
        not _code(lines[stop]).strip() or _indent(lines[stop]) > indent
    ):
        stop += 1
    out = list(lines)
    head = lines[index]
    # A line that dedents to no enclosing level cannot hold the placeholder.
    placeholder = "" if code == "PS203" else "_"
    out[index] = (" " * indent + placeholder).ljust(len(head))
    for i in range(index + 1, stop):
        out[i] = " " * len(lines[i])
    return "\n".join(out)


_DEPTH_NODES = frozenset({"array", "object", "getattr", "getitem"})
_LOOP_NODES = frozenset({"try_stmt", "repeat_stmt", "for_stmt", "loop_stmt"})


def _too_deep(path: str, tree: Tree[Token]) -> Diagnostic | None:
    """The first expression nested deeper than :data:`MAX_EXPRESSION_DEPTH`,
    or loop nested deeper than :data:`MAX_LOOP_DEPTH` (checked without
    recursion: the tree may be deep)."""
    stack: list[tuple[Tree[Token], int, int]] = [(tree, 0, 0)]
    while stack:
        node, depth, loops = stack.pop()
        problem: tuple[str, str] | None = None
        if node.data in _DEPTH_NODES:
            depth += 1
            if depth > MAX_EXPRESSION_DEPTH:
                problem = (
                    f"this expression is nested more than {MAX_EXPRESSION_DEPTH} "
                    "levels deep (brackets and `.key`/`[index]` steps)",
                    "build the value in steps with `let`",
                )
        elif node.data in _LOOP_NODES:
            # `try` with both `catch` and `finally` becomes two Python blocks.
            clauses = {c.data for c in node.children if isinstance(c, Tree)}
            loops += 2 if {"catch_clause", "finally_clause"} <= clauses else 1
            if loops > MAX_LOOP_DEPTH:
                problem = (
                    f"loops and `try` blocks are nested more than {MAX_LOOP_DEPTH} "
                    "levels deep",
                    "split the delegation into flatter steps",
                )
        if problem is not None:
            meta = node.meta
            line = getattr(meta, "line", 1)
            column = getattr(meta, "column", 1)
            return error(path, Span.point(line, column), "PS206", problem[0], problem[1])
        stack.extend(
            (child, depth, loops) for child in reversed(node.children) if isinstance(child, Tree)
        )
    return None


# A value followed by these words is a condition written where a value goes
# (`{ confirmed: check says confirmed }`).
_CONDITION_WORDS = frozenset(
    "says say is are does do not explicitly proceeds proceed accepts approves "
    "certifies rejects meets exceeds".split()
)


def _missing_commas(path: str, text: str, tree: Tree[Token]) -> list[Diagnostic]:
    """Entries of an object or array that share a line with no comma between
    them: `{ a: r x }` would otherwise read as `{ a: r, x: x }`. Entries on
    separate lines need no comma. One diagnostic per bracket."""
    lines = text.split("\n")
    out: list[Diagnostic] = []
    stack: list[Tree[Token]] = [tree]
    while stack:
        node = stack.pop()
        stack.extend(c for c in reversed(node.children) if isinstance(c, Tree))
        if node.data not in ("object", "array"):
            continue
        previous: Tree[Token] | None = None
        for child in node.children:
            if isinstance(child, Token):
                if child.type == "COMMA":
                    previous = None
                continue
            if previous is not None and child.meta.line == previous.meta.end_line:
                out.append(_comma_error(path, lines, node, previous, child))
                break
            previous = child
    return sorted(out, key=lambda d: d.span)


def _comma_error(
    path: str, lines: list[str], bracket: Tree[Token], before: Tree[Token], after: Tree[Token]
) -> Diagnostic:
    kind = "object" if bracket.data == "object" else "array"
    line = lines[after.meta.line - 1]
    first = line[before.meta.column - 1 : before.meta.end_column - 1]
    second = line[after.meta.column - 1 : after.meta.end_column - 1]
    rest = line[after.meta.column - 1 :].split()
    if rest and rest[0] in _CONDITION_WORDS:
        hint = (
            "a condition is not a value: test it with `if` and return `true` "
            "or `false` in each branch"
        )
    elif bracket.meta.line == bracket.meta.end_line:
        whole = line[bracket.meta.column - 1 : bracket.meta.end_column - 1]
        cut = after.meta.column - bracket.meta.column
        fixed = whole[:cut].rstrip() + ", " + whole[cut:]
        hint = f"write `{_short(fixed, 60)}`, or put each entry on its own line"
    else:
        hint = "separate entries on one line with `,`, or put each on its own line"
    return error(
        path,
        Span.point(after.meta.line, after.meta.column, len(second)),
        "PS209",
        f"expected `,` between `{_short(first)}` and `{_short(second)}` in this {kind}",
        hint,
    )


def _check_indentation(path: str, text: str, start: int, end: int) -> list[Diagnostic]:
    """Tabs in indentation, reported once per line with their exact column.

    Checked before parsing: lark would count a tab as several spaces and
    the mistake would surface as a confusing dedent error.
    """
    out: list[Diagnostic] = []
    line = _line_of(text, start)
    for raw in text[start:end].split("\n"):
        indent = raw[: len(raw) - len(raw.lstrip(" \t"))]
        if "\t" in indent and raw.strip():
            column = indent.index("\t") + 1
            out.append(
                error(
                    path,
                    Span.point(line, column),
                    "PS202",
                    "tab in indentation",
                    "indent ProseScript blocks with spaces only",
                )
            )
        line += 1
    return out


def _line_of(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def _token_position(token: Token, text: str) -> tuple[int, int]:
    """Where a newline token's *next* line starts (indentation problems are
    about the line after the newline)."""
    value = str(token.value)
    if token.type == "_NL" and "\n" in value and token.start_pos is not None:
        offset = token.start_pos + value.rindex("\n") + 1
        line = _line_of(text, offset)
        indent = value.rsplit("\n", 1)[1]
        return line, len(indent.split("#")[0]) + 1
    return (token.line or 1), (token.column or 1)


# ---------------------------------------------------------------- sentences

_WORDS = {
    "_NL": "the end of the line",
    "_INDENT": "an indented block",
    "_DEDENT": "the end of the block",
    "$END": "the end of the delegation",
    "NAME": "a name",
    "STRING": "a string",
    "LONG_STRING": "a string",
    "NUMBER": "a number",
    "COND": "a condition",
    "LOOP_COND": "a condition",
    "COLON": "`:`",
    "EQUAL": "`=`",
    "COMMA": "`,`",
    "DOT": "`.`",
    "LPAR": "`(`",
    "RPAR": "`)`",
    "LSQB": "`[`",
    "RSQB": "`]`",
    "LBRACE": "`{`",
    "RBRACE": "`}`",
}

_EXPRESSION_START = frozenset(
    {"NAME", "NUMBER", "STRING", "LONG_STRING", "LSQB", "LBRACE", "CALL", "TRUE", "FALSE", "NULL"}
)
_STATEMENT_START = frozenset(
    {"LET", "CONST", "IF", "FOR", "REPEAT", "LOOP", "TRY", "RETURN", "RECORD", "APPEND"}
)
_KEYWORDS = frozenset(
    "let const record append in to return continue break throw if elif else "
    "repeat for loop until while parallel as try catch finally choice option "
    "call true false null".split()
)
_CLAUSES = {
    "else": "`else:` must follow the body of an `if` (or `elif`), at the same indentation",
    "elif": "`elif` must follow the body of an `if`, at the same indentation",
    "catch": "`catch` must follow the body of a `try`, at the same indentation",
    "finally": "`finally:` must follow the body of a `try` or `catch`, at the same indentation",
    "option": "`option` belongs in the indented block of a `choice`",
}
_OPERATORS = frozenset("+-*/%<>=!&|^~@$?;\\")
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*\Z")


def _word(terminal: str) -> str:
    if terminal in _WORDS:
        return _WORDS[terminal]
    if terminal.isupper() and terminal.isalpha():
        return f"`{terminal.lower()}`"
    return terminal


def _expected(expected: set[str] | frozenset[str]) -> str:
    """The expected terminals as words: "`=`", "an expression or `]`"."""
    wanted = set(expected) - {"WS", "COMMENT"}
    # The post-lexer lets a newline through almost everywhere; naming it
    # among other choices only adds noise.
    if len(wanted) > 1:
        wanted.discard("_NL")
    if len(wanted & _STATEMENT_START) >= 4:
        # After `.` every keyword is a valid key: that is a name, not a
        # statement (statements may also start with a literal).
        return "a statement" if "NUMBER" in wanted else "a name"
    words: list[str] = []
    if len(wanted & _EXPRESSION_START) >= 3:
        words.append("an expression")
        wanted -= _EXPRESSION_START
    words.extend(sorted({_word(t) for t in wanted}))
    if not words:
        return "something else"
    if len(words) > 5:
        return ", ".join(words[:4]) + " or another token"
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " or " + words[-1]


def _found(token: Token) -> str:
    """What the parser met, as words."""
    if token.type in ("_NL", "_INDENT", "_DEDENT", "$END"):
        return {
            "_NL": "the end of the line",
            "_INDENT": "an indented line",
            "_DEDENT": "the end of the block",
            "$END": "the end of the delegation",
        }[token.type]
    value = str(token.value)
    if value.startswith('"'):
        return "a string"
    if value[:1].isdigit() or (value[:1] == "-" and value[1:2].isdigit()):
        return f"the number `{_short(value)}`"
    if _IDENTIFIER.match(value):
        if value in _KEYWORDS:
            return f"the keyword `{value}`"
        return f"the name `{value}`"
    return f"`{_short(value)}`"


def _short(text: str, limit: int = 30) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3].rstrip() + "..."


@dataclass(frozen=True, slots=True)
class _Where:
    """The line an error is on, and what comes before the error on it."""

    line: int
    column: int
    text: str  # the whole line
    before: str  # the statement text before the error, stripped

    @property
    def first_word(self) -> str:
        match = re.match(r"\s*([A-Za-z_][A-Za-z0-9_-]*)", self.text)
        return match.group(1) if match else ""


def _where(text: str, line: int, column: int) -> _Where:
    lines = text.split("\n")
    raw = lines[line - 1] if 1 <= line <= len(lines) else ""
    return _Where(line, column, raw, _short(raw[: max(column - 1, 0)].strip()))


def _describe(
    path: str,
    text: str,
    start: int,
    end: int,
    exc: UnexpectedInput,
    brackets: list[Token],
) -> Diagnostic:
    """One parse error as a sentence a user can act on."""
    if isinstance(exc, UnexpectedCharacters):
        return _bad_character(path, text, exc)
    if isinstance(exc, UnexpectedToken):
        if exc.token.type == "$END":
            return _early_end(path, text, start, end, set(exc.expected or ()), brackets)
        return _bad_token(path, text, exc, brackets)
    if isinstance(exc, UnexpectedEOF):
        return _early_end(path, text, start, end, set(exc.expected or ()), brackets)
    line = getattr(exc, "line", None) or _line_of(text, start)
    column = getattr(exc, "column", None) or 1
    return error(path, Span.point(line, column), "PS201", "this line cannot be read")


def _bad_character(path: str, text: str, exc: UnexpectedCharacters) -> Diagnostic:
    line, column = exc.line, exc.column
    pos = exc.pos_in_stream
    char = text[pos] if pos is not None and 0 <= pos < len(text) else ""
    span = Span.point(line, column)
    where = _where(text, line, column)
    after = f" after `{where.before}`" if where.before else ""
    named = _catch_habit(path, where)
    if named is not None:
        return named
    if char == '"':
        if text.startswith('"""', pos):
            return error(
                path,
                Span.point(line, column, 3),
                "PS204",
                'this `"""` string is never closed',
                'end it with `"""`',
            )
        return error(
            path,
            span,
            "PS204",
            "this string is not closed on its line",
            'close it with `"` before the end of the line, or use `"""` for '
            "text that spans lines",
        )
    if char == "\t":
        return error(
            path, span, "PS202", "tab in indentation", "indent ProseScript blocks with spaces only"
        )
    if char == "'":
        return error(
            path,
            span,
            "PS201",
            f"unexpected `'`{after}: strings are written in double quotes",
            'write "text" instead of \'text\'',
        )
    if char in _OPERATORS:
        return error(
            path,
            span,
            "PS201",
            f"unexpected `{char}`{after}: ProseScript has no operators",
            "compute the value in a delegate, or write a comparison as a "
            "condition after `if` (`x meets y`, `x exceeds 3`)",
        )
    if char.isalpha() and not char.isascii():
        return error(
            path,
            span,
            "PS201",
            f"unexpected {char!r}{after}: names are written in ASCII letters, "
            "digits, `_` and `-`",
            "put other text inside a string",
        )
    shown = repr(char) if char else "the end of the text"
    expected = _expected(set(exc.allowed or ()))
    return error(
        path,
        span,
        "PS201",
        f"unexpected character {shown}{after}; expected {expected}",
    )


def _early_end(
    path: str,
    text: str,
    start: int,
    end: int,
    expected: set[str],
    brackets: list[Token],
) -> Diagnostic:
    if brackets:
        return _unclosed(path, brackets[-1])
    lines = text.split("\n")
    last = _line_of(text, end) - 1 if end > start else _line_of(text, start)
    index = last - 1
    first = _line_of(text, start) - 1
    while index > first and not _code(lines[index]).strip():
        index -= 1
    statement = _code(lines[index]) if 0 <= index < len(lines) else ""
    line = index + 1
    column = max(len(statement), 1)
    opener = _statement_opener(text, line)
    if statement.endswith(":") and opener:
        return error(
            path,
            Span.point(line, _indent(statement) + 1, len(statement.strip())),
            "PS207",
            f"the delegation ends right after `{opener} ...:`; expected an indented block",
            "indent the lines that belong to it under it",
        )
    return error(
        path,
        Span.point(line, column),
        "PS207",
        f"the delegation ends in the middle of `{_short(statement.strip())}`",
        f"expected {_expected(expected)}",
    )


def _unclosed(path: str, bracket: Token) -> Diagnostic:
    closing = _CLOSING.get(bracket.type, "?")
    return error(
        path,
        Span.point(bracket.line or 1, bracket.column or 1),
        "PS205",
        f"`{bracket.value}` is never closed",
        f"close it with `{closing}`",
    )


def _bad_token(
    path: str, text: str, exc: UnexpectedToken, brackets: list[Token]
) -> Diagnostic:
    token = exc.token
    expected = set(exc.expected or ())
    kind = token.type
    if kind in ("_INDENT", "_DEDENT"):
        # Indentation tokens borrow the newline's position: the line they
        # are about is the next one.
        line, column = token.end_line or token.line or 1, token.end_column or 1
        width = 1
    else:
        line, column = token.line or 1, token.column or 1
        width = 1 if kind == "_NL" else max(len(str(token.value).split("\n")[0]), 1)
    span = Span.point(line, column, width)
    where = _where(text, line, column)
    after = f" after `{where.before}`" if where.before else ""

    # The block or the delegation ends inside a bracket: it was never closed.
    if brackets and kind == "_DEDENT":
        return _unclosed(path, brackets[-1])

    # A statement keyword inside a bracket opened on an earlier line: the
    # bracket was never closed.
    if (
        brackets
        and (brackets[-1].line or 0) < line
        and str(token.value) in _KEYWORDS
        and where.first_word == str(token.value)
        and token.type != "NAME"
    ):
        return _unclosed(path, brackets[-1])

    habit = _other_language(path, text, token, where)
    if habit is not None:
        return habit

    clause = where.first_word
    if clause in _CLAUSES and "EQUAL" in expected and where.before:
        # The clause keyword was read as a name starting an expression: it
        # stands where no `if`/`try`/`choice` block can take it.
        return error(
            path,
            Span.point(line, _indent(where.text) + 1, len(clause)),
            "PS201",
            _CLAUSES[clause],
            "indent it like the `if`, `try` or `choice` it belongs to",
        )

    block = _opened_block(text, line, column)
    if block is not None and kind != "_NL":
        return error(
            path,
            Span.point(line, _indent(where.text) + 1, max(len(where.text.strip()), 1)),
            "PS201",
            f"expected an indented block after `{block} ...:`",
            "indent the lines that belong to it",
        )

    if kind == "_INDENT":
        return error(
            path,
            span,
            "PS201",
            "unexpected indentation",
            "only the body of a block and the `key: value` lines after a `call` are indented",
        )

    above = _line_above(text, line)
    if (
        kind != "_NL"
        and above is not None
        and _indent(where.text) > _indent(above)
        and not _code(above).endswith(":")
        and "COLON" in expected
    ):
        # The line is indented under a simple statement: the parser reads it
        # as a call's `key: value` property.
        if re.search(r"\bcall\b", _code(above)):
            return error(
                path,
                span,
                "PS201",
                f"expected `:` after `{where.before}`, found {_found(token)}",
                "the lines indented under a `call` are its properties, written `key: value`",
            )
        return error(
            path,
            Span.point(line, _indent(where.text) + 1),
            "PS201",
            "unexpected indentation",
            "only the body of a block and the `key: value` lines after a `call` are indented",
        )

    if expected & {"COND", "LOOP_COND"}:
        keyword = _short(where.before.split()[-1]) if where.before else "if"
        if kind == "COLON":
            return error(
                path,
                span,
                "PS201",
                f"`{keyword}` needs a condition before `:`",
                "write the condition in words, e.g. `if verdict explicitly proceeds:`",
            )
        return error(
            path,
            span,
            "PS201",
            f"the condition after `{keyword}` must end with `:` on the same line",
            "add `:` at the end of the line, or wrap a condition that spans "
            "lines in `**...**`",
        )

    if kind == "_NL":
        opener = _statement_opener(text, line)
        if "COLON" in expected:
            what = f"the `{opener}` line" if opener else "this line"
            return error(
                path,
                span,
                "PS201",
                f"expected `:` at the end of {what}",
                "a line that opens a block ends with `:`",
            )
        if where.before.endswith("call") and expected <= {"NAME", "_NL"}:
            return error(
                path,
                span,
                "PS201",
                "expected the name of a slot after `call`",
                "write `call NAME`, where NAME is listed under ### Slots",
            )
        return error(
            path,
            span,
            "PS201",
            f"`{where.before}` is incomplete: expected {_expected(expected)} "
            "before the end of the line",
        )

    if kind == "_DEDENT":
        return error(
            path,
            span,
            "PS207",
            "the block ends in the middle of a statement",
            f"expected {_expected(expected)}",
        )

    if kind == "LPAR" and len(expected & _EXPRESSION_START) >= 3:
        return error(
            path,
            span,
            "PS201",
            f"unexpected `(`{after}: parentheses do not group expressions",
            "`( ... )` only holds modifiers such as `(max: 3)` or `(\"first\")`",
        )

    if brackets and (brackets[-1].line or 0) < line:
        bracket = brackets[-1]
        return error(
            path,
            span,
            "PS201",
            f"expected {_expected(expected)}{after}, found {_found(token)}",
            f"this is still inside the `{bracket.value}` opened on line {bracket.line}; "
            "is it closed?",
        )

    if expected - {"_NL"} == {"OPTION"}:
        return error(
            path,
            span,
            "PS201",
            f"expected `option`, found {_found(token)}",
            'the block of a `choice` holds `option "label":` lines, each with its own block',
        )

    if not where.before:
        return error(
            path,
            span,
            "PS201",
            f"expected {_expected(expected)}, found {_found(token)}",
        )
    return error(
        path,
        span,
        "PS201",
        f"expected {_expected(expected)}{after}, found {_found(token)}",
    )


def _catch_habit(path: str, where: _Where) -> Diagnostic | None:
    """`catch error:` or `except ValueError as e:`: the name goes after `as`."""
    if where.first_word not in ("catch", "except"):
        return None
    code = _code(where.text)
    found = re.match(r"\s*(?:catch|except)\s+(?:[A-Za-z_][\w.]*\s+as\s+)?([A-Za-z_]\w*)\s*:?$", code)
    if found is None or found.group(1) == "as":
        return None
    return error(
        path,
        Span.point(where.line, _indent(where.text) + 1, len(code.strip())),
        "PS201",
        f"a caught failure is named with `as`: `catch as {found.group(1)}:`",
        f"write `catch as {found.group(1)}:` (ProseScript catches every failure; "
        "there are no exception types to name)",
    )


def _other_language(path: str, text: str, token: Token, where: _Where) -> Diagnostic | None:
    """Constructs of other languages, named with what ProseScript has
    instead: `else if`, a bare `while`, a function call."""
    from .conditions import operator_comparison

    code = _code(where.text)
    start = _indent(where.text) + 1
    if where.first_word == "else" and where.before == "else":
        found = re.match(r"\s*else\s+if\b\s*(.*?)\s*:?$", code)
        if found is not None:
            return error(
                path,
                Span.point(where.line, start, len(code.strip())),
                "PS201",
                "`else if` is written `elif` in ProseScript",
                f"write `elif {_short(found.group(1) or 'CONDITION')}:`",
            )
    named = _catch_habit(path, where)
    if named is not None:
        return named
    if where.first_word in ("while", "until") and where.before == where.first_word:
        word = where.first_word
        found = re.match(rf"\s*{word}\b\s*(.*?)\s*:?$", code)
        condition = found.group(1) if found and found.group(1) else "CONDITION"
        rewrite = operator_comparison(condition)
        if rewrite is not None and rewrite[1] is not None:
            condition = rewrite[1]
        return error(
            path,
            Span.point(where.line, start, len(word)),
            "PS201",
            f"ProseScript has no `{word}` statement: a loop is written "
            f"`loop {word} CONDITION (max: N):`",
            f"write `loop {word} {_short(condition, 50)} (max: N):`, where N is "
            "the most rounds it may run",
        )
    column = (token.column or 1) - 1
    before_paren = where.text[:column]
    callee = re.search(r"([A-Za-z_][A-Za-z0-9_-]*)$", before_paren) or re.search(
        r"\bcall\s+([A-Za-z_][A-Za-z0-9_-]*)\s+$", before_paren
    )
    if token.type == "LPAR" and callee is not None and callee.group(1) not in _KEYWORDS:
        name = callee.group(1)
        inside = re.match(r"\(\s*([A-Za-z_][A-Za-z0-9_-]*)\s*\)", where.text[column:])
        example = f"`{inside.group(1)}: {inside.group(1)}`" if inside else "`key: value` lines"
        if re.search(r"\bcall\s+" + re.escape(name) + r"\s*$", before_paren):
            return error(
                path,
                Span.point(where.line, (token.column or 1), 1),
                "PS201",
                f"a call's inputs are not written in parentheses after `call {name}`",
                f"write `call {name}` and indent its inputs under it as {example}",
            )
        hint = f"ask a delegate for the value instead: `call SLOT` with {example} indented under it"
        if name in ("len", "length", "count", "size"):
            of = inside.group(1) if inside else "items"
            hint = f"a list's length is a property: write `{of}.length`"
        return error(
            path,
            Span.point(where.line, callee.start(1) + 1, len(name) + 1),
            "PS201",
            f"`{name}(...)` is a function call, and ProseScript has no functions",
            hint,
        )
    return None


def _line_above(text: str, line: int) -> str | None:
    lines = text.split("\n")
    index = line - 2
    while index >= 0 and not _code(lines[index]).strip():
        index -= 1
    return lines[index] if index >= 0 else None


_BLOCK_OPENERS = re.compile(
    r"^\s*(?:(?:let|const)\s+\S+\s*=\s*)?(if|elif|else|repeat|for|loop|parallel|try|catch|finally|choice|option)\b"
)


def _opened_block(text: str, line: int, column: int) -> str | None:
    """The keyword of the block the previous line opened (it ends with
    `:`), when the line at ``line`` is not indented deeper than it."""
    lines = text.split("\n")
    index = line - 2
    while index >= 0 and not _code(lines[index]).strip():
        index -= 1
    if index < 0:
        return None
    previous = _code(lines[index])
    if not previous.endswith(":"):
        return None
    current = lines[line - 1] if line - 1 < len(lines) else ""
    if _indent(current) > _indent(previous) or column - 1 > _indent(current):
        return None
    return _statement_opener(text, index + 1)


def _statement_opener(text: str, line: int) -> str | None:
    lines = text.split("\n")
    if 1 <= line <= len(lines):
        match = _BLOCK_OPENERS.match(lines[line - 1])
        if match:
            return match.group(1)
    return None
