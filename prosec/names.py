"""ProseScript names → Python identifiers, with the reserved words of the
generated code.

The rule, applied the same way to pattern names, slots, inputs, config keys,
return keys, locals and call properties:

1. ``-`` becomes ``_`` (``fan-out`` → ``fan_out``);
2. a Python keyword gets a trailing ``_`` (``pass`` → ``pass_``);
3. inside generated functions, a name that the generated code itself uses —
   the runtime options (``judge``, ``executor``, ``max_concurrency``,
   ``timeout``, ``tracer``) and the names a module imports (``Any``,
   ``Mapping``, ``Delegate`` ...) — gets a trailing ``_`` too.

Names that begin with ``_`` are reserved for generated code and are
rejected, as are dunders. Two names that end up as the same identifier are
an error naming both.
"""

from __future__ import annotations

# Fixed here rather than read from `keyword` so that output does not depend
# on the Python version that runs prosec.
KEYWORDS = frozenset(
    "False None True and as assert async await break class continue def del "
    "elif else except finally for from global if import in is lambda nonlocal "
    "not or pass raise return try while with yield".split()
)

RUNTIME_OPTIONS = ("judge", "executor", "max_concurrency", "timeout", "tracer")
"""Keyword-only options every generated pattern function accepts."""

MODULE_NAMES = frozenset(
    {
        "annotations",
        "dataclass",
        "field",
        "Any",
        "Mapping",
        "Sequence",
        "Executor",
        "Delegate",
        "Judge",
        "Tracer",
        "Predicate",
        "CallEvent",
        "Failure",
        "PatternError",
        "DelegateError",
    }
)
"""Module-level names of a generated pattern module; a parameter or local of
the same name would hide them from the function body's annotations."""

RESERVED = frozenset(RUNTIME_OPTIONS) | MODULE_NAMES


def python_name(name: str) -> str:
    """The Python identifier for a ProseScript name (rules 1-3)."""
    ident = name.replace("-", "_")
    if ident in KEYWORDS or ident in RESERVED:
        ident += "_"
    return ident


def field_name(name: str) -> str:
    """Identifier for a result field or a call's keyword argument: only rules
    1-2 (they never share a namespace with the runtime options)."""
    ident = name.replace("-", "_")
    if ident in KEYWORDS:
        ident += "_"
    return ident


def module_name(pattern: str) -> str:
    """Module (and function) name of a pattern: ``fan-out`` → ``fan_out``."""
    ident = pattern.replace("-", "_")
    if ident in KEYWORDS:
        ident += "_"
    return ident


def class_name(pattern: str) -> str:
    """Result class of a pattern: ``fan-out`` → ``FanOutResult``."""
    return "".join(part.capitalize() for part in pattern.split("-")) + "Result"


def is_reserved_spelling(name: str) -> bool:
    """Names starting with ``_`` belong to generated code."""
    return name.startswith("_")
