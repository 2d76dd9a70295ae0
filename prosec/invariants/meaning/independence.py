"""Rules of the English grammar about slots that work independently: one method per
grammar alternative (``-> name`` in ``english.lark``)."""

from __future__ import annotations

from typing import Any

from ..claims import Calls, Claim, FromOthers, FromSlot, Isolation
from .base import Base, Clause, Subject, Unsupported

#: Words of independence that say the calls work apart, and nothing else
_APART = frozenset(("independently", "separately", "in isolation"))


class IndependenceRules(Base):
    """Rules of the English grammar about slots that work independently."""

    @staticmethod
    def _apart(s: Subject) -> list[Claim]:
        """"Reviewers work independently": no call sees another's output;
        "the planner and the executor work independently": neither sees
        the other's (what a slot's own other calls made is not said)."""
        slots = list(dict.fromkeys(s.slots))
        if len(slots) > 1:
            return [Isolation(c, FromSlot(o)) for c in s.calls for o in slots if o != c.slot]
        return [Isolation(c, FromOthers()) for c in s.calls]

    def indep(self, items: list[Any]) -> Clause:
        return self._clause(self._subject(items), self._apart)

    def indep_verb(self, items: list[Any]) -> Clause:
        """"Referees score independently": each call does its work apart
        from the others. "Alone" (the one slot, without help?) and "blind"
        (to whose work it is?) say something else of a verb of judging."""
        if any(str(t).lower() not in _APART for t in self._tokens(items, "INDEP")):
            raise Unsupported("a word of independence that may say something else of a judgement")
        return self.indep(items)

    def indep_given(self, items: list[Any]) -> Clause:
        given = frozenset(self._names(self._tokens(items, "INPUT")[0]))
        slot = self._name(self._tokens(items, "SLOT")[0])
        subject = Subject((Calls(slot, given),))
        return self._clause(subject, lambda s: [Isolation(c, FromOthers()) for c in s.calls])

    def indep_and_not(self, items: list[Any]) -> Clause:
        (objs,) = self._objs(items)
        return self._clause(
            self._subject(items),
            lambda s: self._apart(s) + self._forbid(s, objs),
        )

    def influence(self, items: list[Any]) -> Clause:
        slot = self._name(self._tokens(items, "SLOT")[0])
        a, b = (self._names(t) for t in self._tokens(items, "INPUT"))
        subject = Subject((Calls(slot, frozenset(b)),))
        return self._clause(subject, lambda s: [Isolation(s.calls[0], FromSlot(slot, given=frozenset(a)))])

    def influence_on(self, items: list[Any]) -> Clause:
        (objs,) = self._objs(items)
        return self._clause(self._subject(items), lambda s: self._forbid(s, objs))
