"""Rules of the English grammar about what is given to a slot, object first: one method per
grammar alternative (``-> name`` in ``english.lark``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from lark import Token

from ..claims import Calls, Claim
from .base import (
    _ALONE,
    ITS,
    OTHER,
    Base,
    Clause,
    Obj,
    Subject,
    Unsupported,
    _is_name,
    _tok,
)


class GivingRules(Base):
    """Rules of the English grammar about what is given to a slot, object first."""

    def see_nothing_by(self, items: list[Any]) -> Clause:
        """"the editor sees nothing the spotter produced": no output of it."""
        return self.give_nothing(items)

    def give_neg(self, items: list[Any]) -> Clause:
        self._positive_recipients(items)
        objs = self._said_first(items)
        return self._clause(self._subject(items), lambda s: self._forbid(s, objs))

    def give_others_neg(self, items: list[Any]) -> Clause:
        """"One reviewer's notes are never shown to another": what each
        call of one slot made never reaches that slot's other calls."""
        objs = self._said_first(items)
        owners = {obj.owner for obj in objs}
        if len(owners) != 1 or any(obj.what not in ("output", "fields") or obj.source is not None for obj in objs):
            raise Unsupported("kept from the other calls: what is not one slot's own output or fields")
        (owner,) = owners
        if owner not in self.lex.slots:
            raise Unsupported("kept from the other calls of no named slot")
        named = {n for i in items if isinstance(i, tuple) for n in i}
        if named - {owner}:
            raise Unsupported("the other calls of another slot than the one whose work is named")
        if any(_tok(self.toks, t).text != "one" for t in self._tokens(items, "NUMBER")):
            raise Unsupported("the work of several calls kept from another")
        if not named and not self._tokens(items, "NUMBER") and not self._tokens(items, "EVERY"):
            # "the planner's output is never shown to another": another
            # delegate, or another planner call? Only "one ... another" says
            raise Unsupported("'another' alone after a slot's work not said of one call")
        if owner not in self.lex.repeated:
            raise Unsupported("the other calls of a slot called once")
        for token in self._tokens(items, "INPUT"):
            if not any(owner in self.lex.walkers.get(n, ()) for n in self._names(token)):
                raise Unsupported("the calls on other elements of a list the slot does not walk")
        # (the slot's own output, said of it, is its other calls' output)
        return self._clause(Subject((Calls(owner),)), lambda s: self._forbid(s, objs))

    def give_neg_owner(self, items: list[Any]) -> Clause:
        """"What the antithesis argued in earlier rounds is kept from it":
        the earlier work of one named slot, kept from that slot (of its
        work as such, "the plan is kept from it", "it" is no slot named)."""
        (objs,) = self._objs(items)
        owners = {o.owner for o in objs}
        if len(owners) != 1 or any(o.source is not None or o.what != "prior" for o in objs):
            raise Unsupported("'it' after what is not one named slot's earlier work")
        (owner,) = owners
        if not isinstance(owner, str) or owner not in self.lex.slots:
            raise Unsupported("'it' after what is not one named slot's earlier work")
        return self._clause(Subject((Calls(owner),)), lambda s: self._forbid(s, objs))

    def give_withheld(self, items: list[Any]) -> Clause:
        self._positive_recipients(items)
        objs = self._said_first(items)
        subjects = [i for i in items if isinstance(i, Subject)]
        calls = tuple(c for subject in subjects for c in subject.calls)
        if len(subjects) == 1 and subjects[0].it:
            # "withheld from it": the subject of the clause before
            return self._clause(subjects[0], lambda s: self._forbid(s, objs))
        return self._clause(Subject(calls), lambda s: self._forbid(s, objs))

    def see_only_own(self, items: list[Any]) -> Clause:
        """"the verifier's only input is the executor's work"."""
        who = next(i for i in items if isinstance(i, tuple))
        (objs,) = self._objs(items)
        return self._clause(Subject(tuple(Calls(x) for x in who)), lambda s: self._need(s, objs, only=True))

    def giver(self, items: list[Any]) -> str | None:
        who = next((i for i in items if isinstance(i, tuple)), None)
        if who is None:
            return None  # the pattern
        if len(who) != 1:
            raise Unsupported("several slots handing something on")
        return str(who[0])

    def _handed(self, items: list[Any]) -> tuple[list[Obj], Subject]:
        """What is handed on: by the pattern, anything; by a slot, only its
        own work ("the executor hands its work to the verifier"), since what
        a slot is said to hand on of anything else goes there from the
        pattern, not from it."""
        giver = next((i for i in items if isinstance(i, str) and not isinstance(i, Token)), None)
        (objs,) = self._objs(items)
        if giver is not None:
            owned = []
            for o in objs:
                if o.owner == ITS and o.what == "output":
                    o = replace(o, owner=giver)
                if o.owner != giver or o.what != "output":
                    # "passes its plan on": a field of its result, or its
                    # result, as the sentence may mean; not read
                    raise Unsupported("a slot handing on what is not its whole result")
                owned.append(o)
            objs = owned
        return objs, self._subject(items)

    def hand_pos(self, items: list[Any]) -> Clause:
        self._positive_recipients(items)
        objs, recipients = self._handed(items)
        return self._clause(recipients, lambda s: self._need(s, objs))

    def hand_neg(self, items: list[Any]) -> Clause:
        self._positive_recipients(items)
        objs, recipients = self._handed(items)
        return self._clause(recipients, lambda s: self._forbid(s, objs))

    def give_withheld_but(self, items: list[Any]) -> Clause:
        """"withheld from A but shown to B" ("... but not from B"): A never
        receives it, B does."""
        self._positive_recipients(items)
        objs = self._said_first(items)
        hidden, shown = (i for i in items if isinstance(i, Subject))
        return self._clause(hidden, lambda s: self._forbid(s, objs) + self._need(shown, objs))

    def give_nothing(self, items: list[Any]) -> Clause:
        """"Nothing the actor produces reaches the arbiter": no output of it."""
        self._positive_recipients(items)
        owner = next(i for i in items if _is_name(i))
        if owner in (OTHER, ITS):
            raise Unsupported("nothing of no named slot")
        objs = [Obj(owner=owner, what="output")]
        return self._clause(self._subject(items), lambda s: self._forbid(s, objs))

    def give_pos(self, items: list[Any]) -> Clause:
        (objs,) = self._objs(items)
        unchanged = "unchanged" in items
        subject = self._subject(items)
        if subject.negative and not unchanged:
            # "the totals reach neither the tabulators nor the counters",
            # "the key reaches no grader": those never receive them
            return self._clause(Subject(subject.calls), lambda s: self._forbid(s, objs))
        always = self._always(items)
        return self._clause(subject, lambda s: always(self._need(s, objs, unchanged=unchanged)))

    give_pos_q = give_pos

    def give_pos_with(self, items: list[Any]) -> Clause:
        """"the roaster's curve is passed to the head roaster along with
        the scores": the recipient receives the values named before it and
        those after "with"."""
        first, second = self._objs(items)
        subject = self._subject(items)
        if subject.negative:
            raise Unsupported("values 'along with' others kept from a negated recipient")
        if any(str(t).lower() == "with" for t in self._tokens(items, "WITH")):
            # "reaches the target with the guard's decision": alongside it,
            # or on the guard's say-so?
            raise Unsupported("a bare 'with' after the recipient")
        if any(o.what == "slot" for o in second):
            # "passed to the executor along with the verifier": to both
            # slots, or with the verifier's output?
            raise Unsupported("a bare slot after 'along with'")
        return self._clause(subject, lambda s: self._need(s, [*first, *second]))

    def give_pos_each(self, items: list[Any]) -> Clause:
        """"the glossary is passed to the linguists as well as to the
        terminologist": each of them receives it."""
        self._positive_recipients(items)
        (objs,) = self._objs(items)
        subjects = [i for i in items if isinstance(i, Subject)]
        if any(s.it for s in subjects):
            raise Unsupported("a pronoun among the recipients")
        calls = tuple(c for subject in subjects for c in subject.calls)
        return self._clause(Subject(calls), lambda s: self._need(s, objs))

    def give_only_to(self, items: list[Any]) -> Clause:
        self._positive_recipients(items)
        if any(str(t).lower() not in _ALONE for t in self._tokens(items, "INDEP")):
            # "is given to the auditor separately" says how, not to whom alone
            raise Unsupported("a word of independence that does not say 'alone'")
        (objs,) = self._objs(items)
        subject = self._subject(items)

        def build(s: Subject) -> list[Claim]:
            others = Subject(tuple(Calls(x) for x in sorted(self.lex.slots) if x not in s.slots))
            return self._need(s, objs) + self._forbid(others, objs)

        return self._clause(subject, build)

    def only_never(self, items: list[Any]) -> Clause:
        """"only the analyst, never the probe, sees the responses": the
        first receives them and the second never does. With a third slot
        the words do not say whether "only" keeps them from it too (or
        names the contrast), so the sentence is read only where the two
        named are every slot of the pattern."""
        shown, hidden = (i for i in items if isinstance(i, Subject))
        if shown.it or hidden.it or shown.negative or hidden.negative:
            raise Unsupported("a pronoun or a negated subject in 'only A, never B'")
        if any(c.phase != "all" or c.given for c in (*shown.calls, *hidden.calls)):
            raise Unsupported("only some calls of a slot: its other calls are not other slots")
        if set(shown.slots) & set(hidden.slots) or set(shown.slots) | set(hidden.slots) != set(self.lex.slots):
            raise Unsupported("'only A, never B' where other slots are not said of")
        (objs,) = self._objs(items)
        return self._clause(shown, lambda s: self._need(s, objs) + self._forbid(hidden, objs))

    def only_subject(self, items: list[Any]) -> Clause:
        """"only the recruiter is given the name": it is, and no other slot is."""
        subject = self._subject(items)
        if any(c.phase != "all" or c.given for c in subject.calls):
            raise Unsupported("only some calls of a slot: its other calls are not other slots")
        return self.give_only_to(items)
