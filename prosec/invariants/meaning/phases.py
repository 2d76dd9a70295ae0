"""Rules of the English grammar about rounds, phases and paths: one method per
grammar alternative (``-> name`` in ``english.lark``)."""

from __future__ import annotations

from typing import Any

from ..claims import (
    AnyResult,
    FromSlot,
    FromVar,
    Need,
    Null,
    Phase,
    Returns,
    ReturnsField,
)
from .base import VICE_VERSA, Base, Clause, Subject, Unsupported, _is_name, _phased


class PhasesRules(Base):
    """Rules of the English grammar about rounds, phases and paths."""

    def _phase_clause(self, items: list[Any], phase: Phase) -> Clause:
        inner = next(i for i in items if isinstance(i, Clause))
        if inner.subject is None:
            raise Unsupported("a round named for a clause about no calls")
        subject = _phased(inner.subject, phase)
        return Clause(subject, inner.build)

    def phase_first(self, items: list[Any]) -> Clause:
        number = [t for t in self._tokens(items) if t.type in ("NUM", "NUMBER")]
        if number and str(number[0]) not in ("1", "one"):
            raise Unsupported("a round other than the first")
        return self._phase_clause(items, "first")

    def phase_later(self, items: list[Any]) -> Clause:
        return self._phase_clause(items, "later")

    def phase_cmp(self, items: list[Any]) -> Clause:
        (cmp,) = self._tokens(items, "CMP")
        if str(cmp) not in ("<", "<="):
            raise Unsupported("a condition other than falling short of the threshold")
        return self._phase_clause(items, "later")

    def concession(self, items: list[Any]) -> Clause:
        return Clause(Subject((), it=True), lambda s: [], concedes=True)

    def returns_field(self, items: list[Any]) -> Clause:
        key = self._name(next(t for t in self._tokens(items) if t.type in ("FIELD", "VAR")))
        return Clause(None, lambda s: [ReturnsField(key)])

    def ret_needs(self, items: list[Any]) -> tuple[Need, ...]:
        out = [Need(Null(), "result")]
        out += [Need(FromVar(self._name(t))) for t in self._tokens(items, "VAR")]
        return tuple(out)

    def ret_success(self, items: list[Any]) -> Clause:
        return Clause(None, lambda s: [Returns("success", (), immediate=True)])

    def ret_success_or_exhausted(self, items: list[Any]) -> Clause:
        needs = next(i for i in items if isinstance(i, tuple))
        return Clause(None, lambda s: [Returns("success", (), immediate=True), Returns("exhausted", needs)])

    def ret_exhausted_records(self, items: list[Any]) -> Clause:
        var = self._name(self._tokens(items, "VAR")[0])
        needs = (Need(Null(), "result"), Need(FromVar(var)))
        return Clause(None, lambda s: [Returns("exhausted", needs, records=var)])

    def ret_exhausted_null(self, items: list[Any]) -> Clause:
        return Clause(None, lambda s: [Returns("exhausted", (Need(Null(), "result"),))])

    def _sequence(self) -> str:
        seqs = sorted(self.lex.sequences)
        if len(seqs) != 1:
            raise Unsupported("slot order with no single slot sequence")
        return seqs[0]

    def ret_acceptable(self, items: list[Any]) -> Clause:
        return Clause(None, lambda s: [Returns("acceptable", (Need(AnyResult(), "result"),), immediate=True)])

    def ret_acceptable_ordered(self, items: list[Any]) -> Clause:
        seq = self._sequence()
        claim = Returns("acceptable", (Need(AnyResult(), "result"),), immediate=True, ordered=seq)
        return Clause(None, lambda s: [claim])

    def ret_none_acceptable(self, items: list[Any]) -> Clause:
        needs = [Need(Null(), "result")]
        needs += [Need(Null(), self._name(t)) for t in self._tokens(items, "FIELD")]
        return Clause(None, lambda s: [Returns("exhausted", tuple(needs))])

    def ret_threshold_or_last(self, items: list[Any]) -> Clause:
        result = (Need(AnyResult(), "result"),)
        return Clause(
            None, lambda s: [Returns("threshold", result, immediate=True), Returns("exhausted", result)]
        )

    def ret_threshold_first(self, items: list[Any]) -> Clause:
        return Clause(None, lambda s: [Returns("threshold", (Need(AnyResult(), "result"),), immediate=True)])

    def ret_threshold_now(self, items: list[Any]) -> Clause:
        (cmp,) = self._tokens(items, "CMP")
        if str(cmp) not in (">=", ">"):
            raise Unsupported("returning at once on a condition other than meeting the threshold")
        return Clause(None, lambda s: [Returns("threshold", (), immediate=True)])

    def ret_threshold_or_exhausted(self, items: list[Any]) -> Clause:
        return Clause(None, lambda s: [Returns("threshold", ()), Returns("exhausted", ())])

    def ret_accept(self, items: list[Any]) -> Clause:
        owner = next(i for i in items if _is_name(i))
        return Clause(None, lambda s: [Returns("accept", (Need(FromSlot(owner), "result"),), immediate=True)])

    def ret_exhausted_last(self, items: list[Any]) -> Clause:
        needs = [Need(AnyResult(), "result")]
        needs += [Need(FromVar(self._name(t))) for t in self._tokens(items, "VAR")]
        return Clause(None, lambda s: [Returns("exhausted", tuple(needs))])

    def ret_exhausted_needs(self, items: list[Any]) -> Clause:
        needs = next(i for i in items if isinstance(i, tuple))
        return Clause(None, lambda s: [Returns("exhausted", needs)])

    def ret_threshold_now_words(self, items: list[Any]) -> Clause:
        return Clause(None, lambda s: [Returns("threshold", (), immediate=True)])

    def ret_threshold_when(self, items: list[Any]) -> Clause:
        return Clause(None, lambda s: [Returns("threshold", ())])

    def ret_exhausted_when(self, items: list[Any]) -> Clause:
        return Clause(None, lambda s: [Returns("exhausted", ())])

    def ret_vars(self, items: list[Any]) -> Clause:
        needs = tuple(Need(FromVar(self._name(t))) for t in self._tokens(items, "VAR"))
        return Clause(None, lambda s: [Returns("all", needs)])

    def vice_versa(self, items: list[Any]) -> Clause:
        return Clause(None, lambda s: [VICE_VERSA])
