"""Rules of the English grammar about the order of calls: one method per
grammar alternative (``-> name`` in ``english.lark``)."""

from __future__ import annotations

from typing import Any

from ..claims import Calls, Claim, FromInput, Ordered
from .base import (
    Base,
    Clause,
    OrderMade,
    OrderOf,
    Subject,
    Unsupported,
    _is_name,
    _tok,
    is_participle,
)


class OrderRules(Base):
    """Rules of the English grammar about the order of calls."""

    def ordered_denied(self, items: list[Any]) -> Clause:
        return self._denied(self.ordered(items))

    def ordered_parallel(self, items: list[Any]) -> Clause:
        """"Surveyors work in parallel, not one after another": not in order."""
        self._in_parallel(items)
        return self._denied(self.ordered(items))

    def ordered_parallel_over(self, items: list[Any]) -> Clause:
        """"Reviewers read the materials in parallel rather than in sequence"."""
        self._in_parallel(items)
        return self._denied(self.ordered_over(items))

    def ordered_concurrent(self, items: list[Any]) -> Clause:
        """"The stations run in parallel": not one after another in order
        (never proved; violated when the order is)."""
        self._concurrent(items)
        return self._denied(self.ordered(items))

    def ordered_concurrent_handled(self, items: list[Any]) -> Clause:
        """"Trees are surveyed in parallel": the calls of the one slot a
        `for` over the list calls, not in order. An unknown word must be a
        verb's participle ("observed")."""
        self._concurrent(items)
        verbs = self._tokens(items, "WORD")[:-1]
        if any(not str(v).isalpha() or not str(v).lower().endswith("ed") for v in verbs):
            raise Unsupported("a word that is not a verb's participle")
        return self._denied(self.ordered_handled(items))

    def ordered_concurrent_handled_by(self, items: list[Any]) -> Clause:
        self._concurrent(items)
        return self._denied(self.ordered_handled_by(items))

    def not_concurrent(self, items: list[Any]) -> None:
        """"(one at a time,) never in parallel": the order said again."""
        self._concurrent(items)
        return None

    def ordered_never_concurrent(self, items: list[Any]) -> Clause:
        """"The stages never run in parallel": of a slot sequence, whose
        delegates only a `for` over it calls, one at a time is that loop
        sequential, in order. Of one slot, "never in parallel" does not say
        which list its calls walk (or that they walk one)."""
        self._concurrent(items)
        verbs = self._tokens(items, "WORD")[:-1]
        if any(not str(v).isalpha() or not str(v).lower().endswith("ed") for v in verbs):
            raise Unsupported("a word that is not a verb's participle")
        clause = self.ordered(items)
        subject = clause.subject
        if subject is None or any(c.slot not in self.lex.sequences or c.given or c.phase != "all" for c in subject.calls):
            raise Unsupported("'never in parallel' of calls that are not a slot sequence's")
        return clause

    def order_of(self, items: list[Any]) -> OrderOf:
        if any(str(t).lower() != "following" for t in self._tokens(items, "LATER")):
            raise Unsupported("an order said with 'later' or 'subsequent', not 'following'")
        return OrderOf(self._name(self._tokens(items, "INPUT")[0]))

    def own_order(self, items: list[Any]) -> None:
        """"In teaching order": an order the pattern's own text names ("unit
        titles, in teaching order"), that of the list as it is given; any
        other word may name an order the list need not have."""
        (word,) = [_tok(self.toks, t) for t in self._tokens(items, "WORD")]
        if (word.text.lower(), "order") not in self.lex.bigrams:
            raise Unsupported(f"'in {word.text} order': an order the pattern does not name")
        return None

    def order_made(self, items: list[Any]) -> OrderMade:
        if any(str(t).lower() != "order" for t in self._tokens(items, "WORD")):
            raise Unsupported("a word after a slot's possessive that is not 'order'")
        who = next((i for i in items if isinstance(i, tuple)), None)
        named = list(who) if who is not None else [i for i in items if _is_name(i)]
        if len(named) != 1:
            raise Unsupported("the order of a list made by no one slot")
        return OrderMade(named[0])

    def _order_of(self, items: list[Any], over: str | None = None) -> str | None:
        """The list a sentence says the calls keep the order of: "in chunk
        order", or the list named before; the two must agree. "In the order
        the screeners produced them" is the order of a list that slot made."""
        said = next((i.name for i in items if isinstance(i, OrderOf)), None)
        if said is not None and over is not None and said != over:
            raise Unsupported("the order of one list, said of another")
        made = next((i.slot for i in items if isinstance(i, OrderMade)), None)
        if made is not None and (over is None or self.lex.list_makers.get(over) != made):
            raise Unsupported("the order a slot made a list in, of a list it did not make")
        return said or over

    def _listed(self, items: list[Any]) -> str:
        """The list named: an input, or a local list a `for` walks."""
        said = self._list_token(items)
        name = self._name(said)
        if said.type == "VAR" and name not in self.lex.local_walkers:
            raise Unsupported("a local no `for` walks, kept in order")
        return name

    def _walkers_of(self, name: str) -> frozenset[str]:
        return self.lex.walkers.get(name) or self.lex.local_walkers.get(name, frozenset())

    def ordered(self, items: list[Any]) -> Clause:
        if any(str(t).lower() != "slot" for t in self._tokens(items, "ROLENOUN")):
            raise Unsupported("an order named by a noun for a delegate")
        over = self._order_of(items)
        of_who = [i for i in items if isinstance(i, tuple)]  # "in the order of the delegates slot"

        def build(s: Subject) -> list[Claim]:
            if of_who and any(c.slot not in of_who[0] for c in s.calls):
                raise Unsupported("calls in the order of another slot")
            out: list[Claim] = []
            for c in s.calls:
                if c.slot is None:
                    continue
                walked = over or (c.slot if c.slot in self.lex.sequences else self._walked(c.slot))
                out.append(Ordered(c, walked))
            return out

        return self._clause(self._subject(items), build)

    def _walked(self, slot: str) -> str:
        """"The mappers run in order", of a slot that is no sequence of
        delegates: in the order of the one input list a `for` around its
        calls walks; with none, or more than one, the words do not say."""
        lists = [name for name, walkers in self.lex.walkers.items() if slot in walkers]
        if len(lists) != 1:
            raise Unsupported("'in order' of a slot that walks no sequence, with no list named")
        return lists[0]

    def ordered_verb(self, items: list[Any]) -> Clause:
        """"The surveyors visit in their declared order": whatever each call
        does, the calls walk the sequence in order. The word must be a verb
        of the calls, not a word that qualifies them ("usually")."""
        (verb,) = self._tokens(items, "WORD")
        if not str(verb).isalpha() or str(verb).lower().endswith("ly"):
            raise Unsupported(f"'{verb}': not a verb of what each call does")
        return self.ordered(items)

    def ordered_over(self, items: list[Any]) -> Clause:
        over = self._order_of(items, self._listed(items))
        assert over is not None
        return self._clause(self._subject(items), lambda s: [Ordered(c, over) for c in s.calls])

    ordered_over_subj = ordered_over

    def ordered_over_verb(self, items: list[Any]) -> Clause:
        verb = self._tokens(items, "WORD")[0]
        if not str(verb).lower().endswith("s"):
            raise Unsupported(f"'{verb}': not a verb of what the slot does with each")
        return self.ordered_over(items)

    def ordered_handled(self, items: list[Any]) -> Clause:
        """"Tickets are classified one at a time": the calls of the one slot
        a `for` over the list calls."""
        over = self._order_of(items, self._listed(items))
        assert over is not None
        walkers = self._walkers_of(over)
        if len(walkers) != 1:
            raise Unsupported("a list handled one at a time, by no single slot")
        (slot,) = walkers
        if slot in self.lex.unlooped:
            # the claim is of every call of the slot, and the sentence only
            # of those on the list's elements
            raise Unsupported("a list handled one at a time by a slot also called outside the loop")
        named = {self.lex.acts.get(str(t).lower()) for t in self._tokens(items, "HANDLED")} - {None, slot}
        if named:
            # "essays are mapped one at a time", where the mapper is not the
            # slot the loop over the essays calls
            raise Unsupported("a verb named for another slot than the one the loop calls")
        return Clause(None, lambda s: [Ordered(Calls(slot), over)])

    def ordered_handled_word(self, items: list[Any]) -> Clause:
        """"Targets are observed one at a time": an unknown word must be a
        verb's participle (the first; another may name an order, "in
        itinerary order")."""
        verb = self._tokens(items, "WORD")[0]
        if not is_participle(str(verb)):
            raise Unsupported("a word that is not a verb's participle")
        return self.ordered_handled(items)

    def ordered_handled_by(self, items: list[Any]) -> Clause:
        """"Tickets are classified one at a time": the calls of the slot the
        verb is named for, which a loop over the list calls."""
        over = self._order_of(items, self._name(self._tokens(items, "INPUT")[0]))
        assert over is not None
        slot = self._name(self._tokens(items, "SLOT")[0])
        if slot not in self.lex.walkers.get(over, frozenset()):
            raise Unsupported("a list handled by a slot no loop over it calls")
        return Clause(None, lambda s: [Ordered(Calls(slot), over)])

    def ordered_handled_act(self, items: list[Any]) -> Clause:
        """"Stations are picked one after another", of a `picker` a loop
        over the stations calls: the calls of the slot whose act it is."""
        (act,) = self._tokens(items, "ACT")
        names = _tok(self.toks, act).names
        over = self._order_of(items, self._name(self._tokens(items, "INPUT")[0]))
        assert over is not None
        if len(names) != 1 or names[0] not in self.lex.walkers.get(over, frozenset()):
            raise Unsupported("a list handled by the act of a slot no loop over it calls")
        return Clause(None, lambda s: [Ordered(Calls(names[0]), over)])

    def ordered_given(self, items: list[Any]) -> Clause:
        (objs,) = self._objs(items)
        inputs = [o.source.name for o in objs if isinstance(o.source, FromInput)]
        if inputs:
            self._order_of(items, inputs[0])
        if len(inputs) != 1 or len(objs) != 1:
            raise Unsupported("order over something that is not one input")
        return self._clause(self._subject(items), lambda s: [Ordered(c, inputs[0]) for c in s.calls])

    def ordered_results(self, items: list[Any]) -> Clause:
        who = next(i for i in items if isinstance(i, tuple))
        return Clause(None, lambda s: [Ordered(None, who[0], results=True)])
