"""The reader's parser cuts its predictions without losing a derivation.

``prosec.invariants.read`` hands lark's Earley parser predictions filtered by
the next token and by the word kinds the sentence holds. Filtering only
drops items that could never complete, so every sentence must parse to the
same derivations, in the same order, as with lark's own predictions. The
sentences are those of a blind phrasing set, as the reader tokenizes them
against each pattern's names.
"""

from __future__ import annotations

from collections.abc import Iterator

import phrasing_corpus as corpus
import pytest
from lark import Lark

from prosec.invariants import read
from prosec.invariants.read import Tok

#: Every n-th token sequence of the set is compared (lark's own predictions
#: cost 30 to 100 times as much).
EVERY = 20


def _token_sequences(monkeypatch: pytest.MonkeyPatch) -> list[tuple[list[Tok], str]]:
    seen: list[tuple[list[Tok], str]] = []
    parse = read.parse_trees

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
        parser = plain.setdefault(start, read.plain_parser(start))
        want = list(_shown(read.derivations(parser, toks)))
        got = list(_shown(read.parse_trees(toks, start)))
        assert got == want, " ".join(t.kind for t in toks)
        compared += 1
        parsed += bool(want)
    # both kinds of sequence are among those compared
    assert compared >= 35 and 5 <= parsed < compared
