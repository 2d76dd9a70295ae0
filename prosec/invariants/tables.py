"""The sentence parser's tables, made ahead of time.

lark builds its Earley parser for the reader's grammar in three steps: it
parses the grammar, compiles it to plain rules, and analyses them (the
terminals each symbol can begin with, the symbols that can be empty, the
rules each nonterminal predicts). That is a quarter of a second, paid by
every build that reads a sentence, before it reads one. The result depends
on nothing but the grammar and lark, so, like a parser generator's table
file, ``english_tables.py`` holds it: plain data, written by
``python -m prosec.invariants.tables`` (``make tables``), and a test fails
when it no longer matches the grammar.

:func:`load` makes the parser from the tables only when they were made from
this very grammar by this very lark version: lark's parser objects are
assembled here the way lark assembles them itself, and another version may
assemble them differently. Otherwise it returns None and the reader builds
the parser from the grammar, as lark does.

The one difference from a parser lark builds: lark keeps each nonterminal's
predicted rules in a set, so their order (and with it the order in which an
ambiguous sentence's derivations come out) follows string hashing, which
changes from one process to the next. The tables keep them in rule order.
"""

from __future__ import annotations

import hashlib
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import lark
from lark import Lark, Token, Tree
from lark.common import LexerConf, ParserConf
from lark.grammar import NonTerminal, Rule, RuleOptions, Symbol, Terminal
from lark.lexer import Lexer
from lark.parser_frontends import ParsingFrontend
from lark.parsers import earley
from lark.parsers.earley_forest import StableSymbolNode
from lark.utils import OrderedSet

from ..datafile import data_module

#: The options the reader builds its parser with (``read.plain_parser``).
OPTIONS: dict[str, Any] = {"parser": "earley", "ambiguity": "explicit"}

TABLES = Path(__file__).with_name("english_tables.py")


def digest(grammar: str) -> str:
    return hashlib.sha256(grammar.encode("utf-8")).hexdigest()


# ---------------------------------------------------------------- writing


def tables_of(parser: Lark, grammar: str, start: str) -> dict[str, Any]:
    """What lark worked out for ``grammar``, as plain data."""
    core: Any = parser.parser.parser
    rules: list[Rule] = parser.rules
    index = {id(rule): i for i, rule in enumerate(rules)}
    for rule in rules:
        if rule.options.priority is not None or rule.options.template_source is not None or rule.options.keep_all_tokens or any(rule.options.empty_indices):
            raise ValueError(f"the tables cannot hold the options of rule {rule}")
        if any(isinstance(s, Terminal) and s.filter_out for s in rule.expansion):
            raise ValueError(f"the tables cannot hold the filtered terminal of rule {rule}")
    return {
        "GRAMMAR": digest(grammar),
        "LARK": lark.__version__,
        "START": start,
        "RULES": tuple((str(rule.origin.name), tuple(str(s.name) for s in rule.expansion), None if rule.alias is None else str(rule.alias), rule.order, rule.options.expand1) for rule in rules),
        "TERMINALS": tuple(sorted({str(s.name) for s in (*(s for rule in rules for s in rule.expansion), *core.FIRST, *(t for first in core.FIRST.values() for t in first)) if s.is_term})),
        "PLAIN_ORIGINS": tuple(sorted({str(rule.origin.name) for rule in rules if not isinstance(rule.origin.name, Token)})),
        "FIRST": {str(sym.name): tuple(sorted(str(t.name) for t in first)) for sym, first in sorted(core.FIRST.items(), key=lambda item: (item[0].is_term, item[0].name))},
        "NULLABLE": tuple(sorted(str(sym.name) for sym in core.NULLABLE)),
        "PREDICTIONS": {str(origin.name): tuple(sorted(index[id(rule)] for rule in predicted)) for origin, predicted in sorted(core.predictions.items(), key=lambda item: item[0].name)},
    }


def module_text(tables: dict[str, Any]) -> str:
    """``english_tables.py`` for ``tables``."""
    what = "The sentence parser's tables for ``english.lark``"
    return data_module(what, "prosec.invariants.tables", "tables.py", tables)


def write(grammar: str, parser: Lark, start: str = "start") -> bool:
    """Write ``english_tables.py`` for ``grammar``; whether it changed."""
    text = module_text(tables_of(parser, grammar, start))
    if TABLES.exists() and TABLES.read_text(encoding="utf-8") == text:
        return False
    TABLES.write_text(text, encoding="utf-8")
    return True


# ---------------------------------------------------------------- loading


def load(grammar: str, start: str, lexer: type[Lexer], matcher: Callable[[Any, Token], bool]) -> Lark | None:
    """The parser lark would build for ``grammar`` (with :data:`OPTIONS`,
    ``lexer`` and ``matcher``), made from the tables; None when the tables
    were made from another grammar or by another lark."""
    try:
        from . import english_tables as tables
    except ImportError:  # (a copy of prosec without them)
        return None
    if (tables.GRAMMAR, tables.LARK, tables.START) != (digest(grammar), lark.__version__, start):
        return None
    rules = _rules(tables.RULES, set(tables.TERMINALS), set(tables.PLAIN_ORIGINS))
    parser = Lark.__new__(Lark)  # assembled as lark assembles one read from its cache
    parser.options = _options(lexer, start)
    parser.source_path = "<english_tables>"
    parser.rules = rules
    parser.terminals = []
    parser._terminals_dict = {}
    parser.lexer_conf = LexerConf([], re)
    parser.lexer_conf.lexer_type = lexer
    parser._prepare_callbacks()
    parser_conf = ParserConf(rules, parser._callbacks, [start])
    parser_conf.parser_type = "earley"
    core = _earley(tables, rules, parser.lexer_conf, parser_conf, matcher)
    parser.parser = ParsingFrontend(parser.lexer_conf, parser_conf, parser.options, parser=core)
    return parser


def _options(lexer: type[Lexer], start: str) -> Any:
    from lark.lark import LarkOptions

    options = LarkOptions({**OPTIONS, "lexer": lexer, "start": [start]})
    options.priority = "normal"  # what Lark() makes of "auto"
    return options


def _rules(table: Any, terminals: set[str], plain: set[str]) -> list[Rule]:
    symbols: dict[str, Symbol] = {}

    def symbol(name: str) -> Symbol:
        found = symbols.get(name)
        if found is None:
            found = symbols[name] = Terminal(name, filter_out=False) if name in terminals else NonTerminal(name)
        return found

    return [
        Rule(
            NonTerminal(origin if origin in plain else Token("RULE", origin)),
            [symbol(name) for name in expansion],
            order=order,
            alias=alias,
            options=RuleOptions(expand1=expand1),
        )
        for origin, expansion, alias, order, expand1 in table
    ]


def _earley(tables: Any, rules: list[Rule], lexer_conf: LexerConf, parser_conf: ParserConf, matcher: Callable[[Any, Token], bool]) -> earley.Parser:
    """lark's Earley parser, its analysis taken from the tables (what
    ``earley.Parser.__init__`` sets, for the reader's options)."""
    symbols: dict[str, Symbol] = {s.name: s for rule in rules for s in (rule.origin, *rule.expansion)}

    def sym(name: str) -> Symbol:
        return symbols.get(name) or (Terminal(name, filter_out=False) if name in tables.TERMINALS else NonTerminal(name))

    core = earley.Parser.__new__(earley.Parser)
    core.lexer_conf = lexer_conf
    core.parser_conf = parser_conf
    core.resolve_ambiguity = False
    core.debug = False
    core.Tree = Tree
    core.Set = OrderedSet
    core.SymbolNode = StableSymbolNode
    core.FIRST = {sym(name): {sym(t) for t in first} for name, first in tables.FIRST.items()}
    core.NULLABLE = {sym(name) for name in tables.NULLABLE}
    core.callbacks = parser_conf.callbacks
    predictions: dict[Any, list[Rule]] = {sym(origin): [rules[i] for i in predicted] for origin, predicted in tables.PREDICTIONS.items()}
    core.predictions = predictions
    core.TERMINALS = {s for rule in rules for s in rule.expansion if s.is_term}
    core.NON_TERMINALS = {s for rule in rules for s in rule.expansion if not s.is_term}
    core.forest_sum_visitor = None  # no rule or terminal has a priority
    core.term_matcher = matcher
    return core


def main() -> None:
    """``python -m prosec.invariants.tables``: write the tables."""
    from . import earley

    changed = write(earley.grammar(), earley.plain_parser("start"))
    print(f"{TABLES.name}: {'written' if changed else 'up to date'}", file=sys.stderr)


if __name__ == "__main__":
    main()
