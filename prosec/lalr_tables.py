"""The ProseScript parser's tables, made ahead of time.

lark builds the LALR parser for ``grammar.lark`` by parsing the grammar,
compiling it to rules and computing the LALR(1) states: about a tenth of a
second, paid by every build before it parses a fence. The result depends on
nothing but the grammar, the parser's options and lark, so, like a parser
generator's table file, ``grammar_tables.py`` holds it: the data lark itself
writes for its standalone parsers and its cache (``Lark.memo_serialize``),
as plain Python literals. ``python -m prosec.lalr_tables`` (``make tables``)
writes it, and a test fails when it no longer matches the grammar.

:func:`load` makes the parser from the tables with lark's own loader, and
only when they were made from this very grammar, with these options, by this
very lark version; otherwise it returns None and the parser is built from
the grammar.
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path
from typing import Any

import lark
from lark import Lark
from lark.grammar import Rule
from lark.indenter import Indenter
from lark.lexer import TerminalDef

from .datafile import data_module

#: The options the ProseScript parser is built with (besides its post-lexer,
#: which is given to the loader: it holds state, so it is not data).
OPTIONS: dict[str, Any] = {
    "parser": "lalr",
    "lexer": "contextual",
    "propagate_positions": True,
    "maybe_placeholders": False,
    "start": "start",
}

TABLES = Path(__file__).with_name("grammar_tables.py")

#: What a parser made from the tables gives as its ``source_path``.
SOURCE = "<grammar_tables>"


def digest(grammar: str) -> str:
    """The tables' key: the grammar and the options it is built with."""
    key = grammar + "\0" + repr(sorted(OPTIONS.items()))
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def build(grammar: str, postlex: Indenter) -> Lark:
    """The parser lark builds from ``grammar``."""
    return Lark(grammar, postlex=postlex, **OPTIONS)


# ---------------------------------------------------------------- writing


def tables_of(parser: Lark, grammar: str) -> dict[str, Any]:
    """What lark worked out for ``grammar``, as plain data."""
    data, memo = parser.memo_serialize([TerminalDef, Rule])
    # The post-lexer is given again on loading, and only the options the
    # grammar was built with are kept.
    data["options"] = {k: v for k, v in data["options"].items() if k != "postlex"}
    data["parser"]["parser"] = _canonical(data["parser"]["parser"])
    return {"GRAMMAR": digest(grammar), "LARK": lark.__version__, "DATA": data, "MEMO": memo}


def _canonical(table: dict[str, Any]) -> dict[str, Any]:
    """The parse table numbered in one order whatever order lark built it
    in: terminals by name, states as reached from the start states
    following shifts in the terminals' order."""
    names: dict[int, str] = table["tokens"]
    states: dict[int, dict[int, tuple[int, Any]]] = table["states"]
    token = {old: new for new, old in enumerate(sorted(names, key=names.__getitem__))}
    number: dict[int, int] = {}
    queue = [table["start_states"][start] for start in sorted(table["start_states"])]
    while queue:
        state = queue.pop(0)
        if state in number:
            continue
        number[state] = len(number)
        for _, (action, arg) in sorted(states[state].items(), key=lambda item: token[item[0]]):
            if action == 0 and arg not in number:
                queue.append(arg)
    for state in states:  # (lark keeps no state it cannot reach)
        number.setdefault(state, len(number))
    return {
        "tokens": {token[old]: name for old, name in sorted(names.items(), key=lambda item: token[item[0]])},
        "states": {
            number[state]: {
                token[tok]: (action, number[arg] if action == 0 else arg)
                for tok, (action, arg) in sorted(states[state].items(), key=lambda item: token[item[0]])
            }
            for state in sorted(states, key=number.__getitem__)
        },
        "start_states": {start: number[state] for start, state in sorted(table["start_states"].items())},
        "end_states": {start: number[state] for start, state in sorted(table["end_states"].items())},
    }


def made(grammar: str, postlex: Indenter) -> str:
    """``grammar_tables.py`` as it should be for ``grammar``."""
    return module_text(tables_of(build(grammar, postlex), grammar))


def module_text(tables: dict[str, Any]) -> str:
    """``grammar_tables.py`` for ``tables``."""
    what = "The ProseScript parser's tables for ``grammar.lark``"
    return data_module(what, "prosec.lalr_tables", "lalr_tables.py", tables)


# ---------------------------------------------------------------- loading


def load(grammar: str, postlex: Indenter) -> Lark | None:
    """The parser :func:`build` would make, made from the tables; None when
    they were made from another grammar or options, or by another lark."""
    try:
        from . import grammar_tables as tables
    except ImportError:  # (a copy of prosec without them)
        return None
    if (tables.GRAMMAR, tables.LARK) != (digest(grammar), lark.__version__):
        return None
    loader: Any = Lark._load_from_dict  # (lark's own loader, untyped)
    parser: Lark = loader(tables.DATA, tables.MEMO, postlex=postlex)
    parser.source_path = SOURCE
    return parser


def main(argv: list[str] | None = None) -> int:
    """``python -m prosec.lalr_tables [--check]``: write the tables, or with
    ``--check`` say whether they are those of the grammar (exit status 1
    when they are not)."""
    args = sys.argv[1:] if argv is None else argv
    from . import parse

    grammar = parse.grammar()
    text = made(grammar, parse.ProseIndenter())
    current = TABLES.read_text(encoding="utf-8") if TABLES.exists() else None
    if "--check" in args:
        if current != text:
            print(f"{TABLES.name} is not the grammar's: run `make tables`", file=sys.stderr)
            return 1
        return 0
    if current != text:
        TABLES.write_text(text, encoding="utf-8")
    print(f"{TABLES.name}: {'up to date' if current == text else 'written'}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
