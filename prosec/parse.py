"""Delegation fence → lark parse tree, or diagnostics in the Markdown file's coordinates.

The parser is LALR with lark's contextual lexer and an indentation post-lexer.
It parses a ``TextSlice`` of the whole file, so every token carries its line
and column in the Markdown file without offset arithmetic. Parse errors are
turned into sentences here and nowhere else.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from importlib import resources

from lark import Lark, TextSlice, Token, Tree
from lark.exceptions import (
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
)
from lark.indenter import Indenter

from .diagnostics import Diagnostic, Span, error

# PS2xx: syntax.
#   PS201  unexpected token / character
#   PS202  tab in indentation
#   PS203  dedent to a column that matches no enclosing block
#   PS204  unterminated string
#   PS205  unbalanced bracket
#   PS206  block nested deeper than the limit
#   PS207  unexpected end of the block

MAX_DEPTH = 40
"""Blocks nested deeper than this are rejected: real patterns nest 4 or 5
levels; Python's own compiler gives up somewhere near 100."""


class IndentProblem(Exception):
    """Raised inside the post-lexer; carries the token where it happened."""

    def __init__(self, token: Token, code: str, message: str, hint: str) -> None:
        super().__init__(message)
        self.token = token
        self.code = code
        self.message = message
        self.hint = hint


class ProseIndenter(Indenter):
    """Indentation for ProseScript: brackets suspend it, tabs are not allowed,
    and a dedent that lands between two levels is an error with a position."""

    NL_type = "_NL"
    OPEN_PAREN_types = ["LPAR", "LSQB", "LBRACE"]  # noqa: RUF012
    CLOSE_PAREN_types = ["RPAR", "RSQB", "RBRACE"]  # noqa: RUF012
    INDENT_type = "_INDENT"
    DEDENT_type = "_DEDENT"
    tab_len = 8

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
            yield Token.new_borrow_pos(self.INDENT_type, indent_str, token)
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
        for token in stream:
            if token.type == self.NL_type:
                yield from self.handle_NL(token)
            else:
                yield token
            if token.type in self.OPEN_PAREN_types:
                self.paren_level += 1
            elif token.type in self.CLOSE_PAREN_types:
                if self.paren_level == 0:
                    raise IndentProblem(
                        token,
                        "PS205",
                        f"unmatched closing bracket {token.value!r}",
                        "remove it or add the opening bracket",
                    )
                self.paren_level -= 1
        while len(self.indent_level) > 1:
            self.indent_level.pop()
            if token is not None:
                yield Token.new_borrow_pos(self.DEDENT_type, "", token)
            else:
                yield Token(self.DEDENT_type, "", 0, 1, 1, 1, 1, 0)


@functools.cache
def parser() -> Lark:
    """The one parser instance (building it costs more than most parses)."""
    grammar = resources.files("prosec").joinpath("grammar.lark").read_text("utf-8")
    return Lark(
        grammar,
        parser="lalr",
        lexer="contextual",
        postlex=ProseIndenter(),
        propagate_positions=True,
        maybe_placeholders=False,
        start="start",
    )


def parse_fence(
    path: str, text: str, start: int, end: int
) -> tuple[Tree[Token] | None, list[Diagnostic]]:
    """Parse ``text[start:end]`` (a delegation fence's content).

    Returns the tree, or None and the diagnostics explaining why not.
    """
    problems = _check_indentation(path, text, start, end)
    if problems:
        return None, problems
    try:
        tree = parser().parse(TextSlice(text, start, end))
    except IndentProblem as exc:
        line, column = _token_position(exc.token, text)
        return None, [
            error(path, Span.point(line, column), exc.code, exc.message, exc.hint)
        ]
    except UnexpectedInput as exc:
        return None, [_describe(path, text, start, end, exc)]
    except RecursionError:
        return None, [
            error(
                path,
                Span.point(_line_of(text, start), 1),
                "PS206",
                "the delegation is nested too deeply to compile",
                "split the delegation into flatter steps",
            )
        ]
    return tree, []


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


def _word(terminal: str) -> str:
    if terminal in _WORDS:
        return _WORDS[terminal]
    if terminal.isupper() and terminal.isalpha():
        return f"`{terminal.lower()}`"
    return terminal


def _expected(expected: set[str]) -> str:
    # The post-lexer lets a newline through everywhere; naming it among
    # other choices only adds noise.
    if len(expected) > 1:
        expected = expected - {"_NL"}
    words = sorted({_word(t) for t in expected if t not in ("WS", "COMMENT")})
    if not words:
        return "something else"
    if len(words) > 6:
        return "a statement or an expression" if "a name" in words else words[0]
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " or " + words[-1]


_BLOCK_OPENERS = re.compile(
    r"^\s*(?:(?:let|const)\s+\S+\s*=\s*)?(if|elif|else|repeat|for|loop|parallel|try|catch|finally|choice|option)\b"
)


def _describe(path: str, text: str, start: int, end: int, exc: UnexpectedInput) -> Diagnostic:
    """One parse error as a sentence a user can act on."""
    line = getattr(exc, "line", None) or _line_of(text, start)
    column = getattr(exc, "column", None) or 1
    if isinstance(exc, UnexpectedCharacters):
        pos = exc.pos_in_stream
        char = text[pos] if pos is not None and pos < len(text) else ""
        if char == '"':
            return error(
                path,
                Span.point(line, column),
                "PS204",
                "unterminated string",
                'close it with `"` on the same line, or use `"""` for text '
                "that spans lines",
            )
        if char == "\t":
            return error(
                path,
                Span.point(line, column),
                "PS202",
                "tab in indentation",
                "indent ProseScript blocks with spaces only",
            )
        shown = repr(char) if char else "end of text"
        return error(
            path,
            Span.point(line, column),
            "PS201",
            f"unexpected character {shown}",
            f"expected {_expected(set(exc.allowed or ()))} here",
        )
    if isinstance(exc, UnexpectedToken):
        token = exc.token
        expected = set(exc.expected or ())
        if token.type == "$END":
            line = _line_of(text, end) - 1 if end > start else line
            return error(
                path,
                Span.point(max(line, 1), 1),
                "PS207",
                "the delegation ends in the middle of a statement",
                f"expected {_expected(expected)}",
            )
        width = len(str(token.value)) if token.type not in ("_NL", "_INDENT", "_DEDENT") else 1
        tline, tcol = (token.line or line), (token.column or column)
        if token.type == "_NL":
            tline, tcol = token.line or line, token.column or column
        opener = _statement_opener(text, tline)
        after = _opened_block(text, tline, tcol)
        if after is not None:
            return error(
                path,
                Span.point(tline, tcol, width),
                "PS201",
                f"expected an indented block after `{after} ...:`",
                "indent the lines that belong to it",
            )
        if expected == {"_INDENT"} or (
            "_INDENT" in expected and token.type in ("_NL", "_DEDENT", "$END")
        ) or ("_NL" in expected and token.type not in ("_NL",) and opener and expected <= {"_NL", "COLON"}):
            if opener:
                return error(
                    path,
                    Span.point(tline, tcol, width),
                    "PS201",
                    f"expected an indented block after `{opener} ...:`",
                    "indent the lines that belong to it",
                )
        if token.type == "_INDENT":
            return error(
                path,
                Span.point(tline, tcol),
                "PS201",
                "unexpected indentation",
                "only the body of a block and the `key: value` lines after a "
                "`call` are indented",
            )
        if token.type == "_DEDENT" and "_INDENT" not in expected:
            return error(
                path,
                Span.point(tline, tcol),
                "PS207",
                "the block ends in the middle of a statement",
                f"expected {_expected(expected)}",
            )
        if token.type == "_NL":
            if "COLON" in expected:
                return error(
                    path,
                    Span.point(tline, tcol),
                    "PS201",
                    "expected `:` at the end of this line",
                    "a line that opens a block ends with `:`",
                )
            return error(
                path,
                Span.point(tline, tcol),
                "PS201",
                "this line ends in the middle of a statement",
                f"expected {_expected(expected)}",
            )
        shown = str(token.value)
        return error(
            path,
            Span.point(tline, tcol, width),
            "PS201",
            f"unexpected {_describe_token(token)} {shown!r}",
            f"expected {_expected(expected)}",
        )
    if isinstance(exc, UnexpectedEOF):
        return error(
            path,
            Span.point(_line_of(text, end), 1),
            "PS207",
            "the delegation ends in the middle of a statement",
            f"expected {_expected(set(exc.expected or ()))}",
        )
    return error(path, Span.point(line, column), "PS201", "syntax error")


def _opened_block(text: str, line: int, column: int) -> str | None:
    """The keyword of the block the previous line opened (it ends with
    `:`), when the line at ``line`` is not indented deeper than it."""
    lines = text.split("\n")
    index = line - 2
    while index >= 0 and not lines[index].split("#")[0].strip():
        index -= 1
    if index < 0:
        return None
    previous = lines[index].split("#")[0].rstrip()
    if not previous.endswith(":"):
        return None
    indent = len(previous) - len(previous.lstrip(" "))
    if column - 1 > indent:
        return None
    return _statement_opener(text, index + 1)


def _statement_opener(text: str, line: int) -> str | None:
    lines = text.split("\n")
    if 1 <= line <= len(lines):
        match = _BLOCK_OPENERS.match(lines[line - 1])
        if match:
            return match.group(1)
    return None


def _describe_token(token: Token) -> str:
    if token.type in ("NAME",):
        return "name"
    if token.type in ("STRING", "LONG_STRING"):
        return "string"
    if token.type == "NUMBER":
        return "number"
    if token.type.isalpha() and token.type.isupper() and token.type.lower() == str(token.value):
        return "keyword"
    return "token"
