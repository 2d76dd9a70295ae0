"""ProseScript names → Python identifiers, with the reserved words of the
generated code.

The rule, applied the same way to pattern names, slots, inputs, config keys,
return keys, locals and call properties:

1. ``-`` becomes ``_`` (``fan-out`` → ``fan_out``);
2. a Python keyword gets a trailing ``_`` (``pass`` → ``pass_``);
3. a name that the generated code itself uses gets a trailing ``_`` too:
   the names a module imports (``Any``, ``Mapping``, ``Delegate``,
   ``dataclass`` ...) and the builtins that generated code calls or writes
   in annotations (``enumerate``, ``float``, ``int``, ``str``, ``bool``,
   ``list``, ``dict``), everywhere; and inside generated functions the
   runtime options (``judge``, ``executor``, ``max_concurrency``,
   ``timeout``, ``tracer``, ``journal``, ``run_id``).

So ``str`` → ``str_`` (a parameter, a result field, a call property),
``class`` → ``class_``, a pattern named ``list`` → ``list_`` (module
``list_.py``). Other builtins (``input``, ``type``, ``round`` ...) keep their
spelling: generated code never refers to them, so shadowing them is harmless.

Names that begin with ``_`` are reserved for generated code and are
rejected, as are dunders. Two names that end up as the same identifier are
an error naming both. docs/names.md states the same rules for users.
"""

from __future__ import annotations

# Fixed here rather than read from `keyword` so that output does not depend
# on the Python version that runs prosec.
KEYWORDS = frozenset(
    "False None True and as assert async await break class continue def del "
    "elif else except finally for from global if import in is lambda nonlocal "
    "not or pass raise return try while with yield".split()
)

RUNTIME_OPTIONS = (
    "judge",
    "executor",
    "max_concurrency",
    "timeout",
    "tracer",
    "journal",
    "run_id",
)
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
        "Journal",
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

GENERATED_BUILTINS = frozenset(
    {"Exception", "bool", "dict", "enumerate", "float", "int", "list", "str"}
)
"""Builtins that generated pattern modules call (``enumerate``, ``float``)
or write in annotations (the rest). A test checks that generated code uses
no other builtin."""

SHADOWING = MODULE_NAMES | GENERATED_BUILTINS
"""Names that must not be rebound anywhere in a generated module."""

RESERVED = frozenset(RUNTIME_OPTIONS) | SHADOWING


def python_name(name: str) -> str:
    """The Python identifier for a ProseScript name (rules 1-3)."""
    ident = name.replace("-", "_")
    if ident in KEYWORDS or ident in RESERVED:
        ident += "_"
    return ident


def field_name(name: str) -> str:
    """Identifier for a result field or a call's keyword argument: rules 1-3
    without the runtime options (they never share a namespace with them).
    A result field named like a type would hide it from the annotations of
    the fields after it."""
    ident = name.replace("-", "_")
    if ident in KEYWORDS or ident in SHADOWING:
        ident += "_"
    return ident


def module_name(pattern: str) -> str:
    """Module (and function) name of a pattern: ``fan-out`` → ``fan_out``;
    ``list`` → ``list_`` (the function lives beside the module's imports)."""
    ident = pattern.replace("-", "_")
    if ident in KEYWORDS or ident in SHADOWING:
        ident += "_"
    return ident


def class_name(pattern: str) -> str:
    """Result class of a pattern: ``fan-out`` → ``FanOutResult``."""
    return "".join(part.capitalize() for part in pattern.split("-")) + "Result"


def is_reserved_spelling(name: str) -> bool:
    """Names starting with ``_`` belong to generated code."""
    return name.startswith("_")
