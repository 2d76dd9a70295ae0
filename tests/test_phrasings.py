"""The reader on sentences written blind: honesty targets and the figures.

``tests/phrasing_corpus.py`` says how the corpus is built and counted. The
figures are printed in the test output ("prosec figures"); the honesty
targets are asserted: no sentence that does not hold is proved, no sentence
that holds fails the build, no negation is lost, every mutant of a sentence
read correctly is caught and every control stays clean.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import phrasing_corpus as corpus
import pytest

#: The sets of the corpus, one folder each.
SETS = sorted(p.name for p in corpus.PHRASINGS.iterdir() if p.is_dir())


@cache
def figures() -> corpus.Figures:
    return corpus.evaluate()


def test_figures_are_reported(record_figure: Callable[[str], None]) -> None:
    figs = figures()
    for name in SETS:
        part = figs.only(name)
        record_figure(f"set {name}: {part.summary()}")
    record_figure(f"all: {figs.summary()}")
    if figs.skipped:
        record_figure(f"skipped {len(figs.skipped)} files: {figs.skipped[0]}")
    assert len(figs.sentences) >= 400 and len(figs.patterns) >= 20


def _found(sentences: list[corpus.Sentence]) -> set[tuple[str, str]]:
    return {(f"{s.set}/{s.file}", s.text) for s in sentences}


def _open(kind: str) -> set[tuple[str, str]]:
    return {k for k, v in corpus.open_cases().items() if v == kind}


def test_no_false_proofs_but_the_known_open_ones() -> None:
    # each open case is listed with its cause in reviewed.toml; a fixed one
    # must leave the list, and a new one fails here
    assert _found(figures().false_proofs) == _open("false proof")


def test_no_false_alarms_but_the_known_open_ones() -> None:
    assert _found(figures().false_alarms) == _open("false alarm")


def test_no_polarity_errors() -> None:
    known = _open("false alarm") | _open("false proof")
    assert _found(figures().polarity_errors) - known == set()


def test_every_mutant_of_a_sentence_read_correctly_is_caught() -> None:
    figs = figures()
    assert figs.missed_mutants == [] and figs.mutants_read >= 50


def test_controls_stay_clean() -> None:
    figs = figures()
    assert figs.broken_controls == [] and figs.controls >= 40


@pytest.mark.parametrize("name", SETS)
def test_each_set_is_read(name: str) -> None:
    part = figures().only(name)
    assert part.sentences, name


def _claims(facts: list[corpus.InvariantFact]) -> set[tuple[str, str]]:
    return {(f.kind, repr(sorted(dict(f.params).items(), key=str))) for f in facts}


def test_every_reading_reads_back_from_its_canonical_form() -> None:
    # the spec's contract: the canonical form ("read as") is invariant text
    # that reads back into the same claims
    texts: dict[tuple[str, str], tuple[str, str] | None] = {}
    mismatched = []
    for s in figures().sentences:
        if s.status in ("unrecognized", "", "error") or not all(f.read_as for f in s.facts):
            continue
        key = (s.set, s.pattern)
        if key not in texts:
            texts[key] = corpus._pattern_text(corpus.PHRASINGS / s.set, s.pattern)
        found = texts[key]
        assert found is not None
        name, text = found
        back = corpus._compile(name, corpus.with_invariants(text, [f.read_as or "" for f in s.facts])) or []
        # (a claim read but not settled by the checker, "unrecognized" in the
        # sentence itself, is so in its canonical form too)
        unsettled = sum(f.status.value == "unrecognized" for f in s.facts)
        if _claims(back) != _claims(s.facts) or sum(f.status.value == "unrecognized" for f in back) > unsettled:
            mismatched.append((s.set, s.file, s.text, [f.read_as for f in s.facts]))
    assert mismatched == []
