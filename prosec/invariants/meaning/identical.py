"""Rules of the English grammar about identical inputs across calls: one method per
grammar alternative (``-> name`` in ``english.lark``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..claims import Calls, Identical
from ..lexicon import singular
from .base import (
    _VARY_VERBS,
    Args,
    Base,
    CallsNoun,
    Clause,
    Subject,
    Unsupported,
    _one_of,
    _Rounds,
    _tok,
)

#: the last word of a loop's bound that names one of its rounds ("survey
#: pass" of `survey_passes`, "playtest round" of `max_playtests`)
_ROUND_WORDS = frozenset("round pass cycle iteration attempt turn run".split())

#: Irregular participles of making or doing ("every cut is built from the
#: same stems"); of the rest, only words in -ed are taken for one, and only
#: before "from" (what the result is made from)
_MADE = frozenset(
    "made built written taken done drawn sown grown chosen sent set put cut brought spun woven cast shot sung".split()
)

#: "in a round", "within one pass": one iteration of the outer loop
_ROUND_NOUNS = frozenset("round pass cycle iteration turn".split())


class IdenticalRules(Base):
    """Rules of the English grammar about identical inputs across calls."""

    def cycle_noun_bound(self, items: list[Any]) -> CallsNoun:
        """"Every matcher pass", "every survey pass", "every playtest
        round": a round of the loop the config entry the words name bounds,
        said of a slot that loop calls (named, or the only one it calls),
        when the slot is called in no other place: every round of the loop
        is then every call of the slot. The last word must be a noun for a
        round, so that a list's element ("every matcher chunk") is not read
        as one; a bound of a loop inside another loop names no one loop."""
        (bound,) = self._tokens(items, "INPUT")
        tok = _tok(self.toks, bound)
        if singular(tok.text.lower().split()[-1]) not in _ROUND_WORDS or len(tok.names) != 1:
            raise Unsupported(f"'{tok.text}': not a round of a loop")
        (name,) = tok.names
        callees = self.lex.bound_callees.get(name, frozenset())
        if name in self.lex.nested_bounds or not callees:
            raise Unsupported(f"'{tok.text}': not the bound of one loop")
        slots = self._tokens(items, "SLOT")
        if slots:
            slot = self._name(slots[0])
            if slot not in callees:
                raise Unsupported(f"'{tok.text}': a loop that does not call `{slot}`")
        elif len(callees) == 1:
            (slot,) = callees
        else:
            raise Unsupported(f"'{tok.text}': a loop that calls several delegates")
        others = (n for n, called in self.lex.bound_callees.items() if n != name and slot in called)
        if slot not in self.lex.slots or slot in self.lex.unlooped or next(others, None) is not None:
            raise Unsupported("every round of the loop, of a slot called outside it")
        return CallsNoun(slot)

    def cycle_noun_held(self, items: list[Any]) -> CallsNoun:
        """"Every hearing", of `let hearing = call appeals_panel` and no
        other call of it: each of the slot's results, so each of its calls;
        a slot named before it must be that one."""
        (var,) = self._tokens(items, "VAR")
        slot = self._held_slot(var, each=True)
        if any(self._name(t) != slot for t in self._tokens(items, "SLOT")):
            raise Unsupported(f"'{var}': a local of another slot than the one named before it")
        return CallsNoun(slot)

    def obj_same(self, items: list[Any]) -> Args:
        if [t.type for t in items] == ["SLOT", "VAR"]:
            # "the same intake summary": the local, when it holds that
            # slot's every result and nothing else
            (slot,), (var,) = (_tok(self.toks, t).names for t in items)
            if self.lex.holds.get(var) != slot:
                raise Unsupported(f"'same {slot} {var}': a local that does not hold only that slot's results")
            return Args((var,))
        if [t.type for t in items] == ["VAR", "OUTPUT"]:
            # "the same tide report": the local, when it holds one slot's
            # every result and nothing else, named with a noun for a result
            names = _tok(self.toks, items[0]).names
            if len(names) != 1 or names[0] not in self.lex.holds:
                raise Unsupported("a noun for a result after a local that is not one slot's every result")
            return Args(names)
        if [t.type for t in items] == ["CONTAINER", "OF", "INPUT"]:
            return Args(_tok(self.toks, items[2]).names)
        token = items[0]
        tok = _tok(self.toks, token)
        if [t.type for t in items] == ["FIELD", "CONTAINER"] and (len(tok.names) != 1 or singular(tok.names[0]) == tok.names[0]):
            # "the same feature list" is of a key in the plural, a list
            raise Unsupported(f"'same {tok.text} list': a key that is no list's name")
        match token.type:
            case "INPUT" | "FIELD":
                return Args(tok.names)
            case "VAR" if len(tok.names) == 1:
                # "the identical plan": the argument that carries the local
                return Args(tok.names)
            case "PROMPT":
                return Args(("prompt",))
            case "INPUTS" | "INPUTNOUN":
                return Args(None)
            case _:
                if tok.text in ("model", "models"):
                    return Args(("model",))
                raise Unsupported(f"'same {tok.text}': not a name of the pattern")

    def objs_same(self, items: list[Any]) -> Args:
        return Args.merge(i for i in items if isinstance(i, Args))

    same_list = objs_same

    def same_w(self, items: list[Any]) -> None:
        return None

    def same_always(self, items: list[Any]) -> Clause:
        return next(i for i in items if isinstance(i, Clause))

    def loop_rounds(self, items: list[Any]) -> _Rounds:
        """"In every lesson", "batch after batch", "from one lesson to the
        next", "across batches": the rounds of the delegation's loop, named
        by its variable (``... as lesson``) or the local it is the value
        of, when the delegation has that one loop and no other."""
        toks = [_tok(self.toks, t) for t in self._tokens(items)]
        said = [t.text for t in toks if t.kind == "WORD"]
        if self.lex.loop_count != 1:
            raise Unsupported(f"'{' '.join(t.text for t in toks)}': which of the delegation's loops is not said")
        match [t.kind for t in toks]:
            case ["FROM", "NUMBER" | "SINGLE", "WORD", "TO", "WORD"]:
                if toks[1].text != "one" or said[1] != "next":
                    raise Unsupported("rounds that are not each one and the next")
                said = said[:1]
            case ["FROM", "WORD", "TO", "WORD"] | ["WORD", "AFTER", "WORD"]:
                if said[0] != said[1]:
                    raise Unsupported("rounds that are not each one and the next")
                said = said[:1]
            case ["ACROSS", "WORD"]:
                if singular(said[0]) == said[0]:
                    raise Unsupported(f"across one '{said[0]}'")
        (word,) = said
        if word not in self.lex.loop_words or word in self.lex.nested_loop_words:
            raise Unsupported(f"'{word}': not a name of the delegation's loop")
        return _Rounds(word)

    def same_rounds(self, items: list[Any]) -> Clause:
        """"The quizmaster receives identical inputs in every lesson": the
        same across the rounds of the delegation's one loop, which is every
        loop around the slot's calls when it is called nowhere else."""
        return self._looped_only(next(i for i in items if isinstance(i, Clause)), (Identical,))

    def identical(self, items: list[Any]) -> Clause:
        noun = next((i for i in items if isinstance(i, CallsNoun)), None)
        who = next((i for i in items if isinstance(i, tuple)), None)
        if _one_of(items):
            # "one mapper gets identical inputs": the same as what?
            raise Unsupported("one call, the same as no other")
        slots: list[str | None] = list(who) if who is not None else [self._calls_of(noun).slot if noun else None]
        args = Args.merge(i for i in items if isinstance(i, Args)).names
        subject = Subject(tuple(Calls(x) for x in slots))
        self._keys_passed(slots, args)
        args = self._as_keys(slots, args)
        told = self._instructions(args)
        return Clause(subject, lambda s: [Identical(c, args, instructions=told) for c in s.calls])


    identical_passive = identical

    def identical_made(self, items: list[Any]) -> Clause:
        """"Every draft is planned from identical inputs", of `let draft =
        call planner`: each of the slot's results made from the same, so
        each of its calls given the same. A word for what a slot does must
        name that slot; a verb the reader does not know, in the past
        participle, is what the call does."""
        noun = next(i for i in items if isinstance(i, CallsNoun))
        slot = self._calls_of(noun).slot
        for verb in self._tokens(items):
            if verb.type == "ACT" and slot not in _tok(self.toks, verb).names:
                raise Unsupported(f"'{verb}': what another slot does")
            if verb.type == "WORD" and not (str(verb).lower().endswith("ed") or str(verb).lower() in _MADE):
                raise Unsupported(f"'{verb}': not a participle of making")
            if verb.type == "WORD" and not self._tokens(items, "FROM"):
                # "every draft is checked with the same rubric": done to the
                # result, maybe by another slot, not what made it
                raise Unsupported(f"'{verb} with/on': what is done to a result, not what it is made from")
        return self.identical(items)

    def identical_unvaried(self, items: list[Any]) -> Clause:
        """"the explainer's inputs never change from one round to the next"."""
        verb = next(t for t in self._tokens(items) if t.type in ("MERGE", "BEHAVE"))
        if str(verb).lower() not in _VARY_VERBS:
            raise Unsupported("a verb that does not say the inputs vary")
        if any(isinstance(i, _Rounds) for i in items):
            # "from one lesson to the next", of the loop `... as lesson`
            return self._looped_only(self.identical(items), (Identical,))
        return self.identical(items)

    def identical_looped(self, items: list[Any]) -> Clause:
        """"the task brief stays identical across attempts": the calls of the
        loop, when the loops call one delegate."""
        return self.identical([*items, CallsNoun(None)])

    def identical_across(self, items: list[Any]) -> Clause:
        over = self._name(self._tokens(items, "INPUT")[0])
        who = next(i for i in items if isinstance(i, tuple))
        args = Args.merge(i for i in items if isinstance(i, Args)).names
        args = tuple(a for a in args if a != over) if args else args
        self._keys_passed(who, args)
        args = self._as_keys(who, args)
        told = self._instructions(args or None)
        return Clause(None, lambda s: [Identical(Calls(x), args or None, over, instructions=told) for x in who])

    def identical_within(self, items: list[Any]) -> Clause:
        """"Every tester in a round gets the same clay body": the same
        across the calls inside one round (of the outermost loop around
        them), whatever changes from one round to the next."""
        said = [str(t).lower() for t in self._tokens(items, "CALLS")]
        if any(w not in _ROUND_NOUNS for w in said):
            raise Unsupported("'in' a word that names no round")
        if any(str(t).lower() not in ("one", "a", "an") for t in self._tokens(items, "NUMBER")):
            raise Unsupported("a count of rounds")
        clause = self.identical(items)
        return Clause(clause.subject, lambda s: [replace(c, within=True) for c in clause.build(s) if isinstance(c, Identical)])

    def identical_in(self, items: list[Any]) -> Clause:
        """"reviewers in every tier", "in different tiers": across the tiers
        (another word there may pick some of them: "in expensive tiers")."""
        if any(str(t).lower() != "different" for t in self._tokens(items, "WORD")):
            raise Unsupported("a word that may pick some of the elements")
        return self.identical_across(items)

    def identical_denied(self, items: list[Any]) -> Clause:
        """"The forecasters receive different inputs": it is not the case
        that they receive the same ones (violated when that is proved)."""
        if any(str(t).lower() != "different" for t in self._tokens(items, "WORD")):
            raise Unsupported("a word that does not say the inputs differ")
        return self._denied(self.identical(items))

    def identical_callee(self, items: list[Any]) -> Clause:
        callee = self._name(self._tokens(items, "SLOT")[-1])
        return Clause(None, lambda s: [Identical(Calls(None), callee=callee)])

    def identical_callee_on(self, items: list[Any]) -> Clause:
        callee = self._name(self._tokens(items, "SLOT")[0])
        given = frozenset(name for t in self._tokens(items, "INPUT") for name in self._names(t))
        return Clause(None, lambda s: [Identical(Calls(None, given), callee=callee)])
