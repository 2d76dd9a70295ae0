"""Declared type text and default text → Python annotation and Python value.

Pattern files declare types loosely (``string``, ``number``, ``object[]``) and
write defaults loosely (``none``, ``Candidate A``, ``3``,
``{'model': 'opus', 'count': 3}, {'model': 'sonnet', 'count': 2}``). This
module turns them into an annotation for generated code and a plain Python
value. Nothing is ever evaluated: defaults are read by a small bounded
parser for a literal subset (numbers, strings, true/false/null and their
Python spellings, lists, and objects with quoted or bare keys); anything else
is kept as the text itself.

This module reports no diagnostics; callers turn ``None`` results and
messages into diagnostics at the declaration's position.
"""

from __future__ import annotations

import ast
import math
import re
from dataclasses import dataclass

from .spelling import near_miss

__all__ = [
    "MAX_DEFAULT_CHARS",
    "MAX_DEFAULT_DEPTH",
    "DefaultValue",
    "PyType",
    "check_default",
    "is_number",
    "known_type_for",
    "parse_default",
    "python_type",
]

#: Default text longer than this is kept as a string, never parsed.
MAX_DEFAULT_CHARS = 10_000
#: Lists and objects nested deeper than this are kept as a string.
MAX_DEFAULT_DEPTH = 16
# Type text longer than this is not a type (and `T[][]...` stays bounded).
_MAX_TYPE_CHARS = 200
# Python refuses very long digit strings; a default never needs one.
_MAX_DIGITS = 100


@dataclass(frozen=True, slots=True)
class PyType:
    """A Python annotation and the names it needs imported.

    ``Any`` comes from :mod:`typing`; ``Mapping`` and ``Sequence`` from
    :mod:`collections.abc`.
    """

    annotation: str
    needs: frozenset[str]


_SCALARS: dict[str, PyType] = {
    "string": PyType("str", frozenset()),
    "integer": PyType("int", frozenset()),
    "boolean": PyType("bool", frozenset()),
    "object": PyType("Mapping[str, Any]", frozenset({"Mapping", "Any"})),
    "any": PyType("Any", frozenset({"Any"})),
}
_INT = PyType("int", frozenset())
_FLOAT = PyType("float", frozenset())


def _base_and_depth(type_text: str | None) -> tuple[str, int] | None:
    """``"String[][]"`` → ``("string", 2)``; None for text that is no type."""
    if type_text is None:
        return None
    text = type_text.strip().casefold()
    if not text or len(text) > _MAX_TYPE_CHARS:
        return None
    depth = 0
    while text.endswith("[]"):
        text = text[:-2].rstrip()
        depth += 1
    if text != "number" and text not in _SCALARS:
        return None
    return text, depth


def python_type(type_text: str | None, *, count: bool = False) -> PyType | None:
    """The annotation for a declared type, or None for unknown type text.

    ``number`` is ``float`` (an ``int`` argument is accepted, as the numeric
    tower allows), except a scalar ``number`` the pattern uses as a count
    (``count=True``: ``repeat``, ``max:``, an index), which is ``int``;
    ``integer`` is always ``int``.
    """
    parsed = _base_and_depth(type_text)
    if parsed is None:
        return None
    base, depth = parsed
    if base == "number":
        result = _INT if count and depth == 0 else _FLOAT
    else:
        result = _SCALARS[base]
    for _ in range(depth):
        result = PyType(f"Sequence[{result.annotation}]", result.needs | {"Sequence"})
    return result


# The names other languages give these types.
_OTHER_NAMES = {
    "int": "integer", "long": "integer", "float": "number", "double": "number",
    "decimal": "number", "str": "string", "text": "string", "bool": "boolean",
    "dict": "object", "map": "object", "mapping": "object", "json": "object",
    "list": "any[]", "array": "any[]", "sequence": "any[]",
}


def known_type_for(type_text: str) -> str | None:
    """The prosec type a user most likely meant by unknown type text:
    ``int`` → ``integer``, ``list[str]`` → ``string[]``, ``strng`` →
    ``string``. None when nothing is close."""
    text = type_text.strip().casefold()
    inner = re.fullmatch(r"(?:list|sequence|array)\s*\[\s*(\w+)\s*\]", text)
    if inner is not None:
        element = inner.group(1)
        element = element if _base_and_depth(element) else known_type_for(element) or "any"
        return f"{element}[]"
    if text in _OTHER_NAMES:
        return _OTHER_NAMES[text]
    depth = 0
    while text.endswith("[]"):
        text, depth = text[:-2].rstrip(), depth + 1
    base = _OTHER_NAMES.get(text) or near_miss(text, [*_SCALARS, "number"])
    return base + "[]" * depth if base is not None else None


def is_scalar(type_text: str | None) -> bool:
    """Whether a declared type is known to be no list: ``string``,
    ``number``, ``object`` (not ``any``, which may hold one, nor unknown
    type text)."""
    parsed = _base_and_depth(type_text)
    return parsed is not None and parsed[1] == 0 and parsed[0] != "any"


def has_no_fields(type_text: str | None) -> bool:
    """Whether a declared type is a string, a number or a boolean, not a
    list: a value with no fields to read (a field read of it is null)."""
    parsed = _base_and_depth(type_text)
    return parsed is not None and parsed[1] == 0 and parsed[0] not in ("any", "object")


def is_quantity(type_text: str | None) -> bool:
    """Whether a declared type is ``number`` or ``integer``: a quantity,
    never a list of things."""
    parsed = _base_and_depth(type_text)
    return parsed is not None and parsed[1] == 0 and parsed[0] in ("number", "integer")


def is_number(type_text: str | None) -> bool:
    """Whether ``type_text`` is the scalar type ``number``."""
    return _base_and_depth(type_text) == ("number", 0)


# --------------------------------------------------------------------------
# Defaults


@dataclass(frozen=True, slots=True)
class DefaultValue:
    """A default read from pattern text.

    ``value`` is a plain Python value: None, bool, int, float, str, or a list
    or dict (with str keys) of those. ``is_literal`` is False when the text was
    not a literal and ``value`` is the stripped text itself.
    """

    value: object
    is_literal: bool


class _NotLiteral(Exception):
    """The text is not in the literal subset (internal only)."""


_TOKEN_RE = re.compile(
    r"""
    (?P<space>\s+)
  | (?P<string>"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')
  | (?P<number>[-+]?(?:\d+\.?\d*(?:[eE][-+]?\d+)?|\.\d+(?:[eE][-+]?\d+)?))
  | (?P<word>[A-Za-z_][A-Za-z0-9_]*)
  | (?P<punct>[\[\]{}:,])
    """,
    re.VERBOSE,
)
# Escapes that mean the same in Python and JSON-ish text; others (\N{...},
# octal, line continuations) are not part of the subset.
_SAFE_ESCAPE_RE = re.compile(
    r"\\(?:[\\'\"abfnrtv]|x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8})"
)
_WORDS: dict[str, object] = {
    "true": True,
    "false": False,
    "null": None,
    "none": None,
}


def _tokenize(text: str) -> list[tuple[str, str]]:
    tokens: list[tuple[str, str]] = []
    position = 0
    while position < len(text):
        match = _TOKEN_RE.match(text, position)
        if match is None or match.lastgroup is None:
            raise _NotLiteral
        kind = match.lastgroup
        if kind != "space":
            tokens.append((kind, match.group()))
        position = match.end()
    return tokens


def _string_value(token: str) -> str:
    body = token[1:-1]
    if "\\" in _SAFE_ESCAPE_RE.sub("", body):
        raise _NotLiteral
    # The token is one validated quoted string with no prefix, so
    # literal_eval reads exactly a str (and only ever a str).
    try:
        value = ast.literal_eval(token)
    except (SyntaxError, ValueError):
        # e.g. `\U00110000`, or a NUL or CR that Python's tokenizer refuses.
        raise _NotLiteral from None
    if not isinstance(value, str):  # pragma: no cover - guarded by the regex
        raise _NotLiteral
    if any("\ud800" <= char <= "\udfff" for char in value):
        raise _NotLiteral  # a lone surrogate cannot be written as UTF-8
    return value


def _number_value(token: str) -> int | float:
    if len(token) > _MAX_DIGITS:
        raise _NotLiteral
    if re.fullmatch(r"[-+]?\d+", token):
        return int(token)
    value = float(token)
    if not math.isfinite(value):
        raise _NotLiteral
    return value


class _Parser:
    """Recursive descent over the token list, bounded by ``MAX_DEFAULT_DEPTH``."""

    def __init__(self, tokens: list[tuple[str, str]]) -> None:
        self.tokens = tokens
        self.position = 0

    def peek(self) -> tuple[str, str] | None:
        if self.position < len(self.tokens):
            return self.tokens[self.position]
        return None

    def take(self) -> tuple[str, str]:
        token = self.peek()
        if token is None:
            raise _NotLiteral
        self.position += 1
        return token

    def expect(self, punct: str) -> None:
        if self.take() != ("punct", punct):
            raise _NotLiteral

    def at(self, punct: str) -> bool:
        return self.peek() == ("punct", punct)

    def value(self, depth: int) -> object:
        if depth > MAX_DEFAULT_DEPTH:
            raise _NotLiteral
        kind, text = self.take()
        if kind == "string":
            return _string_value(text)
        if kind == "number":
            return _number_value(text)
        if kind == "word":
            key = text.casefold()
            if key in _WORDS:
                return _WORDS[key]
            raise _NotLiteral
        if text == "[":
            items: list[object] = []
            while not self.at("]"):
                items.append(self.value(depth + 1))
                if not self.at("]"):
                    self.expect(",")
            self.expect("]")
            return items
        if text == "{":
            entries: dict[str, object] = {}
            while not self.at("}"):
                key_kind, key_text = self.take()
                if key_kind == "string":
                    key = _string_value(key_text)
                elif key_kind == "word":
                    key = key_text
                else:
                    raise _NotLiteral
                self.expect(":")
                entries[key] = self.value(depth + 1)
                if not self.at("}"):
                    self.expect(",")
            self.expect("}")
            return entries
        raise _NotLiteral


def parse_default(text: str) -> DefaultValue:
    """Read a default's text as a literal where it is one, else as a string.

    ``none``/``null`` (any case) → None; ``true``/``false`` → bool; numbers;
    quoted strings; ``[...]`` and ``{...}`` (keys quoted or bare); a
    comma-separated run of objects ``{...}, {...}`` → a list of dicts.
    Anything else, and any text over :data:`MAX_DEFAULT_CHARS`, is the
    stripped text with ``is_literal=False``.
    """
    stripped = text.strip()
    if not stripped or len(stripped) > MAX_DEFAULT_CHARS:
        return DefaultValue(stripped, False)
    try:
        parser = _Parser(_tokenize(stripped))
        values = [parser.value(0)]
        while parser.peek() is not None:
            parser.expect(",")
            values.append(parser.value(0))
    except _NotLiteral:
        return DefaultValue(stripped, False)
    if len(values) == 1:
        return DefaultValue(values[0], True)
    if all(isinstance(v, dict) for v in values):
        return DefaultValue(values, True)
    return DefaultValue(stripped, False)


def _describe(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    return "an object"


def _fits(value: object, base: str, depth: int) -> str | None:
    """None when ``value`` fits, else what was expected."""
    if value is None or (base == "any" and depth == 0):
        return None
    if depth:
        if not isinstance(value, list):
            return "a list"
        for item in value:
            problem = _fits(item, base, depth - 1)
            if problem is not None:
                return f"a list whose items are each {problem}"
        return None
    if base == "string":
        return None if isinstance(value, str) else "text"
    if base == "number":
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        return None if ok else "a number"
    if base == "integer":
        ok = isinstance(value, int) and not isinstance(value, bool)
        return None if ok else "an integer"
    if base == "boolean":
        return None if isinstance(value, bool) else "a boolean"
    if base == "object":
        return None if isinstance(value, dict) else "an object"
    return None


def check_default(value: DefaultValue, type_text: str | None) -> str | None:
    """A message when the default does not fit the declared type, else None.

    ``None`` fits every type (the parameter is optional); unknown type text is
    not checked (the caller reports the type itself). A default that is not a
    literal is text, so it fits only ``string`` and ``any``.
    """
    parsed = _base_and_depth(type_text)
    if parsed is None:
        return None
    base, depth = parsed
    expected = _fits(value.value, base, depth)
    if expected is None:
        return None
    shown = repr(value.value)
    if len(shown) > 60:
        shown = shown[:57] + "..."
    declared = (type_text or "").strip()
    return (
        f"default {shown} is {_describe(value.value)}, but the declared type "
        f"`{declared}` needs {expected}"
    )
