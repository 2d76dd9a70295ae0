"""The reader's parser finds every derivation lark's own parser finds.

``prosec.invariants.earley`` makes lark's Earley parser from tables written
ahead of time (``prosec/invariants/tables.py``) and hands it predictions
filtered by the next token and by the word kinds the sentence holds.
Filtering only drops items that could never complete, and the tables hold
what lark's analysis of the grammar gives, so every sentence must parse to
the same derivations as with a parser lark builds from the grammar and its
own predictions. (In an order of their own: lark keeps predictions in sets,
whose order follows string hashing.) The sentences are those of a blind
phrasing set, as the reader tokenizes them against each pattern's names.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import lark
import phrasing_corpus as corpus
import pytest
from lark import Lark

from prosec.invariants import earley, read, tables
from prosec.invariants.lattice import Tok

#: Every n-th token sequence of the set is compared (lark's own predictions
#: cost 30 to 100 times as much).
EVERY = 60


def _token_sequences(monkeypatch: pytest.MonkeyPatch) -> list[tuple[list[Tok], str]]:
    seen: list[tuple[list[Tok], str]] = []
    parse = earley.parse_trees

    def recording(toks: list[Tok], start: str = "start") -> list[object]:
        seen.append((list(toks), start))
        return list(parse(toks, start))

    with monkeypatch.context() as patch:
        patch.setattr(read, "parse_trees", recording)
        corpus.evaluate(mutants=False, sets=("c",))
    return seen


def _shown(trees: list[object]) -> Iterator[str]:
    return (str(tree) for tree in trees)


def test_cut_predictions_find_the_same_derivations(monkeypatch: pytest.MonkeyPatch) -> None:
    sequences = _token_sequences(monkeypatch)
    assert len(sequences) >= 300
    plain: dict[str, Lark] = {}
    compared = parsed = 0
    for toks, start in sequences[::EVERY]:
        if start not in plain:
            plain[start] = earley.plain_parser(start)  # (built once: it takes seconds)
        parser = plain[start]
        want = sorted(_shown(earley.derivations(parser, toks)))
        got = sorted(_shown(earley.parse_trees(toks, start)))
        assert got == want, " ".join(t.kind for t in toks)
        compared += 1
        parsed += bool(want)
    # both kinds of sequence are among those compared
    # (set c's corpus sentences are skipped without the corpus)
    assert compared >= (15 if any(corpus.CORPUS.glob("*.prose.md")) else 10) and 5 <= parsed < compared


def test_the_tables_are_those_of_the_grammar() -> None:
    from prosec.invariants import english_tables

    assert english_tables.GRAMMAR == tables.digest(earley.grammar()), (
        "english_tables.py was made from another grammar: run `make tables`"
    )
    if english_tables.LARK != lark.__version__:
        pytest.skip(f"the tables were made by lark {english_tables.LARK}, not {lark.__version__}")
    made = tables.module_text(tables.tables_of(earley.plain_parser("start"), earley.grammar(), "start"))
    assert made == tables.TABLES.read_text(encoding="utf-8"), "run `make tables`"


def _rule(rule: Any) -> tuple[object, ...]:
    o = rule.options
    names = (rule.origin.name, *(s.name for s in rule.expansion))
    return (rule.origin, tuple(rule.expansion), rule.alias, rule.order, o.keep_all_tokens, o.expand1, o.priority, o.template_source, tuple(o.empty_indices), tuple(type(n) for n in names))


def test_the_parser_from_the_tables_is_the_one_lark_builds() -> None:
    """Everything lark's own construction sets, for the reader's options."""
    if earley._parser("start").source_path != "<english_tables>":
        pytest.skip("the tables are not in use (another lark, or another grammar)")
    built = earley.plain_parser("start")
    made = tables.load(earley.grammar(), "start", earley._TokenStream, earley._matcher())
    assert made is not None
    assert [_rule(r) for r in made.rules] == [_rule(r) for r in built.rules]
    assert made.options.options == built.options.options
    assert made.parser.lexer_conf.lexer_type is built.parser.lexer_conf.lexer_type
    assert sorted(made._callbacks, key=str) == sorted(built._callbacks, key=str)
    ours, theirs = made.parser.parser, built.parser.parser
    assert vars(ours).keys() == vars(theirs).keys()
    for name in ("FIRST", "NULLABLE", "TERMINALS", "NON_TERMINALS", "resolve_ambiguity", "debug", "Tree", "Set", "SymbolNode", "forest_sum_visitor"):
        assert getattr(ours, name) == getattr(theirs, name), name
    assert {k: set(v) for k, v in ours.predictions.items()} == {k: set(v) for k, v in theirs.predictions.items()}
    assert type(made.parser.lexer).__name__ == type(built.parser.lexer).__name__


def test_sentences_of_the_same_kinds_share_one_parse_but_keep_their_words() -> None:
    # the second sentence is not parsed again: its trees are the first's,
    # with its own words in them, and neither sentence's trees are shared
    first = [Tok("SLOT", "critic"), Tok("NEVER", "never"), Tok("SEE", "sees"), Tok("INPUT", "brief")]
    second = [Tok("SLOT", "auditor"), Tok("NEVER", "never"), Tok("SEE", "sees"), Tok("INPUT", "plan")]
    kinds = ("start", tuple(t.kind for t in first))
    earley._SHAPES.pop(kinds, None)
    a = earley.parse_trees(first)
    assert kinds in earley._SHAPES
    calls = []
    real = earley.derivations
    try:
        earley.derivations = lambda *args: calls.append(args) or real(*args)  # type: ignore[assignment]
        b = earley.parse_trees(second)
        again = earley.parse_trees(first)
    finally:
        earley.derivations = real  # type: ignore[assignment]
    assert calls == []
    assert a and len(a) == len(b)
    words = lambda trees: sorted(str(t) for tree in trees for t in tree.scan_values(lambda v: isinstance(v, str)))  # noqa: E731
    assert "critic" in words(a) and "brief" in words(a) and "critic" not in words(b)
    assert "auditor" in words(b) and "plan" in words(b)
    assert [str(t) for t in again] == [str(t) for t in a] and again[0] is not a[0]
