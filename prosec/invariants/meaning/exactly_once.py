"""Rules of the English grammar about each element exactly once: one method per
grammar alternative (``-> name`` in ``english.lark``)."""

from __future__ import annotations

from typing import Any

from ..claims import CallCount, Calls, Claim, ExactlyOnce
from ..lexicon import singular
from .base import Base, Clause, Unsupported, _tok, is_participle


class ExactlyOnceRules(Base):
    """Rules of the English grammar about each element exactly once."""

    def _elements(self, items: list[Any]) -> str:
        """The list whose elements are meant: an input, or a local (which
        the check asks a `for` to walk). Not an input declared with a
        type that is no list ("each lot", of `seed_lot: string`)."""
        name = self._name(self._list_token(items))
        if name in self.lex.scalars:
            raise Unsupported("the elements of an input declared as no list")
        return name

    def once_element(self, items: list[Any], *, handled: bool = False) -> Clause:
        element = self._elements(items)
        who = next(i for i in items if isinstance(i, tuple))
        return Clause(None, lambda s: self._each_once(who, element, handled))

    def _each_once(self, who: tuple[str, ...], element: str, handled: bool) -> list[Claim]:
        """One call of each slot per element. Of a number ("once for each
        school day", of `school_days: integer`), which has no elements to
        hand over: as many calls as the number says."""
        if element in self.lex.quantities:
            return [CallCount(Calls(w), element, exact=True) for w in who]
        return [ExactlyOnce(Calls(w), element, "element", handled) for w in who]

    def once_element_handled(self, items: list[Any]) -> Clause:
        """"Each tile is traced by exactly one tracer", "each stop is
        handled by exactly one driver call": what the call does with its
        element, not only that it is given it."""
        return self.once_element(items, handled=True)

    def once_element_gets(self, items: list[Any]) -> Clause:
        """"Each chunk gets exactly one mapper": given to one call; "every
        month gets exactly one curator call": a call run for it, as
        "handled by" (earlier months shown to a later call, beside its own,
        may or may not count)."""
        single = next(k for k, t in enumerate(self.toks) if t.kind == "SINGLE")
        return self.once_element(items, handled=any(t.kind == "CALLS" for t in self.toks[single:]))

    def once_call(self, items: list[Any]) -> Clause:
        element = self._elements(items)
        if element in self.lex.quantities:
            raise Unsupported("one element of a number in each call")
        who = next(i for i in items if isinstance(i, tuple))
        return Clause(None, lambda s: [ExactlyOnce(Calls(w), element, "call") for w in who])

    def once_call_single(self, items: list[Any]) -> Clause:
        # "handles a single chunk" is exactly one; "handles one chunk" may
        # mean at least one
        if self._tokens(items, "SINGLE")[0].value != "single":
            raise Unsupported("one element, which may mean at least one")
        return self.once_call(items)

    def once_element_single(self, items: list[Any]) -> Clause:
        # "by a single labeler call", "labeled once, by a single call"
        once = self._tokens(items, "ONCE_N")
        if self._tokens(items, "SINGLE")[0].value != "single" or (once and once[0].value != "once"):
            raise Unsupported("one call, which may mean at least one")
        return self.once_element(items)

    def once_element_product(self, items: list[Any]) -> Clause:
        """"Every lot gets exactly one condition report from the
        conservator": the noun (and the word before it) must be what the
        slot's `ensures:` says it makes, or a local that holds its every
        result."""
        who = next(i for i in items if isinstance(i, tuple))
        if len(who) != 1:
            raise Unsupported("a product of several slots")
        (slot,) = who
        noun = _tok(self.toks, self._tokens(items, "OUTPUT")[0])
        if singular(noun.text.lower()) not in {singular(w) for w in self.lex.products.get(slot, frozenset())}:
            raise Unsupported(f"'{noun.text}': not what `{slot}` makes")
        for t in self._tokens(items):
            if t.type not in ("VAR", "WORD"):
                continue
            word = _tok(self.toks, t)
            held = t.type == "VAR" and all(self.lex.holds.get(n) == slot for n in word.names)
            if not held and word.text.lower() not in self.lex.product_words.get(slot, frozenset()):
                raise Unsupported(f"'{word.text} {noun.text}': not what `{slot}` makes")
        return self.once_element(items)

    def once_element_collected(self, items: list[Any]) -> Clause:
        """"Each guest gets exactly one place card": the local named holds
        or collects the results of one slot and nothing else, and that
        slot's calls are what each element gets one of."""
        local = self._tokens(items, "VAR")[-1]
        slots = {self.lex.collects.get(n) or self.lex.holds.get(n) for n in self._names(local)}
        if len(slots) != 1 or None in slots:
            raise Unsupported(f"'{local}': no local that holds one slot's results alone")
        (slot,) = slots
        assert slot is not None
        # (one of what the slot makes: its call runs for the element, given
        # it or not)
        return self.once_element([*items, (slot,)], handled=True)

    def once_element_act_one(self, items: list[Any]) -> Clause:
        """"Every card gets exactly one fact check": the act names one slot,
        and each element gets one of its calls."""
        (act,) = self._tokens(items, "ACT")
        slots = self._names(act)
        if len(slots) != 1:
            raise Unsupported(f"'{act}': the act of several slots")
        # (one of what the slot does: its call runs for the element, given
        # it or not; where the word also names the slot, "one inspection"
        # of an `inspector`, as that slot's call is read: given it)
        word = str(act).lower()
        form = self.lex.forms.get((word,))
        named = (form is not None and form[1].kind == "slot") or (len(word) >= 6 and word[:6] in self.lex.stems)
        return self.once_element([*items, tuple(slots)], handled=not named)

    def once_call_configured(self, items: list[Any]) -> Clause:
        """"Configured from (with) exactly one tier": given it."""
        (said,) = self._tokens(items, "DECLARED")
        if str(said).lower() not in ("configured", "specified", "supplied", "provided", "given"):
            raise Unsupported(f"'{said}': not a word of being given")
        return self.once_call(items)

    def once_element_n(self, items: list[Any]) -> Clause:
        if str(self._tokens(items, "ONCE_N")[0]).lower() != "once":
            raise Unsupported("a count other than once")
        return self.once_element(items)

    def once_call_per(self, items: list[Any]) -> Clause:
        """"Only ever given one tile per call": one, and never more."""
        if str(self._tokens(items, "WORD")[0]).lower() != "per":
            raise Unsupported("one element, said of no call")
        return self.once_call(items)

    def once_call_generic(self, items: list[Any]) -> Clause:
        """"A coach call is handed exactly one section": of any call."""
        if not any(t.kind == "CALLS" for t in self.toks[: self.toks.index(next(t for t in self.toks if t.kind == "BE"))]):
            raise Unsupported("exactly one element, of the slot or of each call?")
        if any(str(t).lower() not in ("several", "more") for t in self._tokens(items, "WORD")):
            raise Unsupported("a second promise that is not 'never several'")
        return self.once_call(items)

    def once_element_verb(self, items: list[Any]) -> Clause:
        """"Each archive is searched by exactly one researcher call": a
        verb the reader does not know, said of the element with the slot as
        its agent, is what that slot's call does with it. The word must be
        a verb's participle ("searched", "flown"), never an adjective or
        an adverb ("each span is only by ...")."""
        (verb,) = self._tokens(items, "WORD")
        said = str(verb).lower()
        if not is_participle(said):
            raise Unsupported(f"'{said}': not a verb's participle")
        return self.once_element(items, handled=True)

    def once_element_act(self, items: list[Any]) -> Clause:
        """"Each role is danced exactly once": by the one slot whose name is
        the verb's agent noun (`dancer`), each element to exactly one call."""
        if str(self._tokens(items, "ONCE_N")[0]).lower() != "once":
            raise Unsupported("a count other than once")
        element = self._name(self._tokens(items, "INPUT")[0])
        slot = self._name(self._tokens(items, "ACT")[0])
        return Clause(None, lambda s: self._each_once((slot,), element, True))

    def _more_than_once(self, items: list[Any]) -> None:
        """"Twice" or "more than once" after "no X is ...": the element is
        handled at most once."""
        (n,) = self._tokens(items, "ONCE_N")
        said = str(n).lower()
        if said != ("once" if self._tokens(items, "MORE_THAN") else "twice"):
            raise Unsupported(f"'{said}': not more than once")

    def once_element_at_most(self, items: list[Any]) -> Clause:
        """"No game is sent to the annotator twice, and none is skipped":
        at most once and at least once, exactly once."""
        self._more_than_once(items)
        return self.once_element(items)

    def once_element_act_at_most(self, items: list[Any]) -> Clause:
        """"No chunk is mapped twice and none is left out": by the slot the
        verb is named for."""
        self._more_than_once(items)
        element = self._name(self._tokens(items, "INPUT")[0])
        slot = self._name(self._tokens(items, "ACT")[0])
        return Clause(None, lambda s: self._each_once((slot,), element, True))

    def once_element_at_most_only(self, items: list[Any]) -> Clause:
        raise Unsupported("at most once: an element given to no call keeps it, unless 'none is skipped'")

    def once_element_once(self, items: list[Any]) -> Clause:
        """"The desk checks every proposal exactly once": each element to
        exactly one call of the slot named (not "twice", which says more)."""
        if str(self._tokens(items, "ONCE_N")[0]).lower() != "once":
            raise Unsupported("a count other than once")
        return self.once_element(items)

    def once_element_self(self, items: list[Any]) -> Clause:
        raise Unsupported("exactly once, by no named slot")

    once_element_two = once_element_self
