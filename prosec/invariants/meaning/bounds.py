"""Rules of the English grammar about loops and call counts: one method per
grammar alternative (``-> name`` in ``english.lark``)."""

from __future__ import annotations

import itertools
import re
from typing import Any, Literal

from lark import Token, Tree

from ..claims import Bounded, CallCount, Claim, ExactlyOnce
from ..lattice import _NUMBERS, Tok
from ..lexicon import singular, verbs_of_noun, words_of
from ..words import KINDS
from .base import (
    _COUNT_WORDS,
    _NOT_WORK,
    _PASS_NOUNS,
    _ROUND_NOUNS,
    Base,
    CallsNoun,
    Clause,
    Subject,
    Unsupported,
    _CountedBy,
    _is_name,
    _LoopAround,
    _LoopNamed,
    _tok,
)

#: Words of making or asking for a thing, said of it ("requested").
_MAKING_WORDS = frozenset(
    "requested ordered commissioned issued drawn generated created prepared sought asked obtained compiled taken".split()
)
#: Nouns for what a slot is asked for ("at most three drafts").
_MADE_NOUNS = ("VAR", "WORD", "OUTPUT", "ACT", "BEHAVE")


class _WorkThing:
    """What a slot's work is done on, said beside a count of its calls: the
    names it may be an element of."""

    def __init__(self, names: tuple[str, ...] = ()) -> None:
        self.names = names


class BoundsRules(Base):
    """Rules of the English grammar about loops and call counts."""

    def bounded_denied(self, items: list[Any]) -> Clause:
        return self._denied(self.bounded(items))

    def bounded_none(self, items: list[Any]) -> Clause:
        """"The loop has no bound": of the delegation's only loop, whose
        whole bound is a config entry, that it is not bounded by it."""
        if self.lex.loop_count != 1 or self.lex.sole_bound is None:
            raise Unsupported("no bound, said of no single loop with a named bound")
        return self._denied(self.bounded([*items, self.lex.sole_bound]))

    def bound(self, items: list[Any]) -> str:
        token = items[0]
        if token.type == "INPUT":
            return self._name(token)
        number = _NUMBERS.get(str(token).lower(), str(token))
        if not number.isdigit():
            raise Unsupported(f"a count that is not a number: {token}")
        return str(int(number))

    def loop_noun(self, items: list[Any]) -> _CountedBy | _LoopAround | _LoopNamed | None:
        """"The retry loop", "the drafting loop": a word before "loop" must
        name the pattern's loop — a noun for rounds, a slot called in a
        loop (or the action it is named for), a word the pattern's own text
        puts before "loop" ("the refinement loop"), the loop's own variable
        or local ("the trial loop" of ``... as trial``), or any word when
        the delegation has only one loop; otherwise it may name another."""
        toks = [_tok(self.toks, t) for t in self._tokens(items)]
        if len(toks) < 2 or self.lex.loop_count == 1:
            return None
        first, loop = toks[0], toks[-1]
        looped = self.lex.looped
        match first.kind:
            case "CALLS" | "LOOP":
                return None
            case "SLOT" if set(first.names) <= looped:
                # "the editor loop", of several: the loop the editor is
                # called in, which the check finds (not whichever loop the
                # bound bounds)
                if len(first.names) != 1:
                    raise Unsupported(f"'the {first.text} loop': the loop of which slot is not said")
                return _LoopAround(first.names[0])
            case "WORD" | "VAR" | "INPUT" if self.lex.acts.get(first.text) in looped:
                return _LoopAround(self.lex.acts[first.text])
            case "WORD" | "VAR" | "INPUT" if first.text in self.lex.loop_words:
                # "the trial loop" of `... as trial`: that loop, which the
                # check finds by its name
                names = self.lex.loop_names.get(first.text, frozenset())
                if len(names) != 1:
                    raise Unsupported(f"'the {first.text} loop': the loop of which name is not said")
                return _LoopNamed(next(iter(names)))
            case "WORD" | "VAR" | "INPUT" if (first.text, loop.text) in self.lex.bigrams:
                return None
        if first.kind in ("WORD", "OUTPUT", "VAR", "INPUT") and " " not in first.text:
            # "the rerun loop is bounded by `max_reruns`": named for what its
            # bound counts, which `bounded` checks ("the batch loop" of
            # `repeat batches`, "the appeal loop" of `appeal_rounds`, where
            # the word is also a name of the pattern's data)
            return _CountedBy(first.text)
        raise Unsupported(f"'the {first.text} loop': which of the delegation's loops is not said")

    def process_noun(self, items: list[Any]) -> _CountedBy | _LoopAround | None:
        """"The negotiation", "the verification": a noun for the pattern's
        loop, when the delegation has one loop, or the word names it (its
        variable or local, the action of a slot called in a loop: "scanning"
        of a `scanner`, of several loops the one it is called in)."""
        (tok,) = [_tok(self.toks, t) for t in self._tokens(items)]
        if tok.kind == "PATTERN":
            return None
        acting = self.lex.acts.get(tok.text)
        if self.lex.loop_count != 1 and acting in self.lex.looped and tok.text not in self.lex.loop_words:
            if acting in self.lex.nested_looped:
                # ("brainstorming", of namers called in a `parallel repeat`
                # in the rounds of a `loop until`: either loop)
                raise Unsupported(f"'{tok.text}': `{acting}` is called in a loop inside another, which of them is not said")
            return _LoopAround(acting)
        if self._names_the_loop(tok.text):
            return None
        if tok.kind == "WORD" and _gerund_stems(tok.text.lower()) and " " not in tok.text:
            # "redrafting is bounded by `max_drafts`", "the haggling": the
            # activity its bound counts, as "the rerun loop" is
            return _CountedBy(tok.text)
        raise Unsupported(f"'the {tok.text}': which of the delegation's loops is not said")

    def rounds_noun(self, items: list[Any]) -> None:
        """"verification rounds", "rounds of cooking and tasting": the words
        around a noun for rounds must name the pattern's loop."""
        toks = [_tok(self.toks, t) for t in self._tokens(items)]
        for tok, after in zip(toks, [*toks[1:], None], strict=True):
            if tok.kind == "WHOLE":
                # "full runs", where the pattern's own text says "full runs"
                if after is None or (tok.text, after.text) not in self.lex.bigrams:
                    raise Unsupported(f"'{tok.text}' rounds: which of the delegation's loops is not said")
            elif tok.kind == "VAR" and (
                " " in tok.text or tok.text not in self.lex.loop_words or tok.text in self.lex.nested_loop_words
            ):
                raise Unsupported(f"'{tok.text}' rounds: a local that names no outermost loop")
            elif tok.kind == "WORD" and not self._names_the_loop(tok.text):
                raise Unsupported(f"rounds of '{tok.text}': which of the delegation's loops is not said")
        return None

    def _names_the_loop(self, word: str) -> bool:
        return self.lex.loop_count == 1 or word in self.lex.loop_words or self.lex.acts.get(word) in self.lex.looped

    def _activity_rounds(self) -> frozenset[str] | None:
        """"Refinement rounds", "reconciliation rounds": rounds named by
        the activity a slot is named for are the rounds of its loop, not its
        calls; the slots whose activity it is (None when the sentence says
        no such rounds)."""
        for tok, after in itertools.pairwise(self.toks):
            if after.kind != "CALLS" or after.text.lower() not in _ROUND_NOUNS:
                continue
            form = self.lex.forms.get(tuple(tok.text.lower().split()))
            if form is not None and form[1].kind == "slot":
                continue  # the slot's own name: "refiner rounds" are its calls
            if tok.kind in ("SLOT", "ACT") and tok.names:
                return frozenset(tok.names)
            if tok.kind == "WORD" and tok.text.lower() in self.lex.acts:
                # (the same word read as a plain word: still that act)
                return frozenset({self.lex.acts[tok.text.lower()]})
            stem = self._stem_slot(tok.text.lower())
            if tok.kind == "WORD" and stem is not None:
                return frozenset({stem})
        return None

    def bounded(self, items: list[Any]) -> Clause:
        named: list[tuple[str, ...]] = [(i.slot,) for i in items if isinstance(i, CallsNoun) and i.slot]
        named += [self._names(t) for t in self._tokens(items, "SLOT")]
        activity = self._activity_rounds()
        if activity is not None:
            # the rounds of the loop the slot is called in, when the bound
            # bounds that loop (not its calls, which may be several a round)
            bound = next(i for i in items if _is_name(i))
            if bound in self.lex.nested_bounds:
                raise Unsupported("rounds of an activity the bound's loop does not hold")
            if not activity <= self.lex.bound_callees.get(bound, frozenset()):
                if len(activity) != 1 or bound.isdigit() or self.lex.bound_callees.get(bound):
                    raise Unsupported("rounds of an activity the bound's loop does not hold")
                # "editing rounds are capped at `max_revisions`", where that
                # entry bounds no loop at all: the one loop around the
                # editor's calls, which the check holds to it
                (slot,) = activity
                if self.lex.loop_count == 1 and slot in self.lex.looped:
                    # (the only loop, as "the loop" says it)
                    return Clause(None, lambda s: [Bounded(bound)])
                return Clause(None, lambda s: [Bounded(bound, slot)])
            named = []
        if named:
            # "verifier calls are bounded by `max_rounds`": the number of the
            # slot's calls, which its loop's bound bounds only when it is
            # called once a round
            bound = next(i for i in items if _is_name(i))
            if any(self.lex.bound_loops.get((bound, slot), 0) > 1 for slot in named[0]) or (
                bound in self.lex.nested_bounds and any(self.lex.bound_loops.get((bound, slot)) for slot in named[0])
            ):
                # "the number of reader runs is bounded by
                # `readers_per_direction`", of two loops of readers, each of
                # that many rounds (or one inside another loop): every call,
                # or each loop's rounds?
                raise Unsupported("calls 'bounded by' the bound of more than one loop around them: every call, or each loop?")
            return self._count_clause([*items, self.subj([named[0]])], exact=False)
        bound = next(i for i in items if _is_name(i))
        if bound.isdigit():
            raise Unsupported("a loop bound that is a number, not a config entry")
        for said in (i for i in items if isinstance(i, _CountedBy)):
            if not self._counts(bound, said.word):
                raise Unsupported(f"'the {said.word} loop': which of the delegation's loops is not said")
        around = next((i.slot for i in items if isinstance(i, _LoopAround)), None)
        loop = next((i.name for i in items if isinstance(i, _LoopNamed)), None)
        return Clause(None, lambda s: [Bounded(bound, around, loop)])

    def bounded_word_rounds(self, items: list[Any]) -> Clause:
        """"The number of critique rounds never exceeds `max_rounds`": the
        word before the rounds names the loop as it would before "loop"
        (the only loop, its variable or local, a slot called in it or its
        action, the pattern's own words, what the bound counts) or is the
        activity of a slot the bound's loop calls, else which of several
        loops is not said."""
        if self._activity_rounds() is not None:
            # "verification rounds": the rounds of the loop the verifier is
            # called in, which `bounded` checks the bound bounds
            return self.bounded(items)
        said = [t for t in self._tokens(items) if t.type in ("WORD", "CALLS", "LOOP")]
        return self.bounded([*items, self.loop_noun(said)])

    def bounded_work(self, items: list[Any]) -> Clause:
        """"The argument runs for no more than `rounds` rounds": what the
        rounds produce names the loop when the delegation has only one."""
        if self.lex.loop_count != 1:
            raise Unsupported("work said of one of several loops")
        # ("`rounds` rounds": the noun, though a config entry bears its name)
        if any(str(t).lower() not in _ROUND_NOUNS for t in self._tokens(items, "INPUT")):
            raise Unsupported("rounds counted by a name, not a noun for rounds")
        return self.bounded(items)

    def bounded_whatever(self, items: list[Any]) -> Clause:
        """", whatever the score": the bound holds in every case, as it says."""
        said = [str(t).lower() for t in self._tokens(items) if t.type in ("ANYTHING", "ALWAYS")]
        if not said or not said[0].startswith("whatever"):
            raise Unsupported("a bound followed by something else than 'whatever'")
        return self.bounded(items)

    def bounded_counted(self, items: list[Any]) -> Clause:
        """"Runs for at most `max_lessons` lessons": rounds named by what
        the bound counts (the last word of its name), else not read."""
        bound = next(i for i in items if _is_name(i))
        noun = _tok(self.toks, [t for t in self._tokens(items) if t.type in ("WORD", "FIELD")][-1])
        if not self._counts(bound, noun.text):
            raise Unsupported(f"'{noun.text}': not what `{bound}` counts")
        return self.bounded(items)

    def _counts(self, bound: str, word: str) -> bool:
        """Whether ``word`` is what ``bound`` counts ("rerun" of
        `max_reruns`, "screen" of `screen_count`, "pass" of
        `inspection_passes`), so that a loop named by it is the loop the
        bound bounds, when that bound bounds no loop inside another (the
        check is of the outermost loops)."""
        ws = [w.lower() for w in words_of(bound)]
        forms = {singular(word.lower()), *_gerund_stems(word.lower())}
        if "per" in ws:
            ws = ws[: ws.index("per")]
        while ws and ws[-1] in _COUNT_WORDS:
            ws.pop()
        while ws and ws[0] in _COUNT_WORDS:
            ws.pop(0)
        if not ws or bound in self.lex.nested_bounds:
            return False
        said = re.findall(r"[a-z][a-z_-]*", self.lex.described.get(bound, "").lower())
        if len(said) >= 2 and said[-1] in _PASS_NOUNS and singular(said[-2]) in forms:
            # "the editing loop", of `cut_rounds` described as the "number of
            # editing passes"; "the number of exchanges", of `rounds`: the
            # "number of exchange rounds" — what the bound's own description
            # says it counts
            return True
        if self._names_a_slot(word):
            # "the regulatory loop", of a `regulator`; "the review loop", of
            # a `reviewer` and `max_reviews`: the loop the slot is called
            # in, as that reading has it, not a second one
            return False
        if any(
            after in _PASS_NOUNS and singular(before) in forms and before not in _COUNT_WORDS
            for before, after in itertools.pairwise(said)
        ):
            # "the review loop", of `max_rounds` described as "how many
            # review rounds may run at most": the rounds it counts, named
            # anywhere in its description
            return True
        if len(ws) >= 2 and ws[-1] in _PASS_NOUNS and singular(ws[-2]) in forms:
            # "the appeal loop", of `appeal_rounds`: the rounds its own name
            # says it counts
            return True
        return singular(ws[-1]) in forms

    def _names_a_slot(self, word: str) -> bool:
        """Whether ``word`` names a slot, by a form of its name, its stem or
        the action it is named for."""
        low = word.lower()
        entry = self.lex.forms.get((low,))
        return (
            (entry is not None and entry[1].kind == "slot")
            or (entry is None and len(low) >= 6 and low[:6] in self.lex.stems)
            or self.lex.acts.get(low) in self.lex.looped
        )

    def bounded_count(self, items: list[Any]) -> Clause:
        """"The number of screens is bounded by `screen_count`": a count of
        what names the loop — its local or variable, the bound's own
        description ("the number of survey passes", of `inspection_passes`:
        survey passes per inspector), or what the bound counts."""
        bound = next(i for i in items if _is_name(i))
        (noun,) = [t for t in self._tokens(items) if t.type in ("WORD", "VAR", "OUTPUT", "INPUT")]
        tok = _tok(self.toks, noun)
        if tok.kind == "INPUT":
            # (a config entry's own description: a list's name is no count)
            named = tok.names == (bound,) and bound in self.lex.config and bound not in self.lex.nested_bounds
        else:
            named = self._counts(bound, tok.text) or (
                " " not in tok.text
                and tok.text in self.lex.loop_words
                and tok.text not in self.lex.nested_loop_words
                and bound not in self.lex.nested_bounds
            )
        if not named:
            raise Unsupported(f"the number of '{tok.text}': which of the delegation's loops is not said")
        return self.bounded([bound])

    def _per(self, items: list[Any], counted: Tok, per: Tok) -> Clause:
        """A bound named "X per Y", said of the Xs in each Y: the loops it
        bounds (none inside another loop)."""
        bound = next(i for i in items if _is_name(i))
        ws = [w.lower() for w in words_of(bound)]
        if "per" not in ws or bound in self.lex.nested_bounds:
            raise Unsupported(f"`{bound}` is no count per something")
        what, each = ws[: ws.index("per")], ws[ws.index("per") + 1 :]
        while what and what[0] in _COUNT_WORDS:
            what.pop(0)
        if not what or singular(counted.text.lower()) != singular(what[-1]):
            raise Unsupported(f"'{counted.text}': not what `{bound}` counts")
        if [singular(w) for w in per.text.lower().split()] != [singular(w) for w in each]:
            raise Unsupported(f"'each {per.text}': not what `{bound}` counts per")
        return Clause(None, lambda s: [Bounded(bound)])

    def bounded_per(self, items: list[Any]) -> Clause:
        """"The number of readers in each direction (per direction) is
        bounded by `readers_per_direction`"."""
        nouns = [_tok(self.toks, t) for t in self._tokens(items) if t.type in ("WORD", "SLOT", "VAR", "OUTPUT", "INPUT")]
        if len(nouns) == 3:
            counted, said, per = nouns
            if said.text.lower() != "per":
                raise Unsupported(f"'{said.text}' between a count and what it is per")
        else:
            counted, per = nouns
        return self._per(items, counted, per)

    def bounded_each(self, items: list[Any]) -> Clause:
        """"Each direction runs no more than `readers_per_direction` readers"."""
        per, counted = [_tok(self.toks, t) for t in self._tokens(items) if t.type in ("WORD", "SLOT", "OUTPUT", "INPUT")]
        return self._per(items, counted, per)

    def _count_clause(
        self, items: list[Any], *, exact: bool, loose: Literal["least", "most"] | None = None, count: str | None = None
    ) -> Clause:
        """"X is called at most N times", "each X runs exactly once"; with
        ``loose``, "X is called twice", "X is only called once"."""
        times = [t for t in self._tokens(items, "ONCE_N")]
        if count is None:
            count = _NUMBERS[str(times[0]).lower()] if times else next(i for i in items if _is_name(i))
        if any("run" in str(t).lower().split() for t in self._tokens(items, "IN_TOTAL")) and self._runs_named():
            # "exactly `load_steps` times in every run", where the pattern's
            # own text calls its rounds runs ("each run applies ...", "a
            # rerun"): a count of each round's calls, or of the run's
            raise Unsupported("'per run' where the pattern's rounds are runs too")

        per = [
            str(t).lower().split()[1]
            for t in self._tokens(items, "IN_TOTAL")
            if str(t).lower().startswith("per ") and not self._names(t)
        ]
        listed = [n for t in self._tokens(items, "IN_TOTAL") for n in self._names(t)]
        if listed and count != "1":
            raise Unsupported("more than once per element: a product of two counts")

        quantified = any(t.kind in ("EVERY", "BOTH") for t in self.toks)

        def build(s: Subject) -> list[Claim]:
            out: list[Claim] = []
            for target in s.calls:
                if exact and not loose and quantified and count == "1" and target.slot in self.lex.sequences and target.phase == "all" and not target.given:
                    # "each stage runs exactly once", of a slot sequence:
                    # each of its delegates, once
                    out.append(ExactlyOnce(target, target.slot, "element"))
                    continue
                if target.slot is None or target.slot in self.lex.sequences or target.phase != "all" or target.given:
                    raise Unsupported("a call count of something that is not one slot")
                if any(w not in ("run", "execution") for w in per) and target.slot in self.lex.looped:
                    # "once per chunk", of a slot called in a loop: per
                    # element, or per run?
                    raise Unsupported(f"'per {per[0]}' of a slot called in a loop")
                if quantified and target.slot in self.lex.repeated:
                    raise Unsupported("'each' of a slot called more than once: each call, or the slot?")
                if listed:
                    # "once per scene": as many calls as the list walked
                    # has elements
                    out.append(CallCount(target, listed[0], exact, loose, per=True))
                    continue
                out.append(CallCount(target, count, exact, loose))
            return out

        return Clause(self._subject(items), build)

    def _runs_named(self) -> bool:
        """Whether the pattern's own text speaks of runs or reruns as
        things ("each run applies", "asks for a rerun"), which may be its
        rounds rather than one run of the whole pattern."""
        det = {"a", "an", "one", "each", "every", "per", "another", "first", "next", "last", "later", "this", "re"}
        return any(
            b in ("rerun", "reruns") or a in ("rerun", "reruns") or (b in ("run", "runs") and a in det)
            for a, b in self.lex.bigrams
        )

    def bounded_calls(self, items: list[Any]) -> Clause:
        self._per_element_walked(items)
        return self._count_clause(items, exact=False)

    def exact_calls(self, items: list[Any]) -> Clause:
        return self._count_clause(items, exact=True)

    def exact_calls_always(self, items: list[Any]) -> Clause:
        """"The chair is always called exactly once": on every run, which a
        count of a run's calls already says; not "in every round" (a count
        of each round's calls)."""
        self._of_the_run(items)
        return self._count_clause(items, exact=True)

    def _of_the_run(self, items: list[Any]) -> None:
        """"Always" of a count says every run, not every round."""
        if any(str(t).lower() not in ("always", "invariably") for t in self._tokens(items, "ALWAYS")):
            raise Unsupported("a count said of each round, not of the run")

    bounded_calls_n = bounded_calls

    def bounded_calls_for(self, items: list[Any]) -> Clause:
        """"The customer is asked for photos at most N times": each time
        it is asked is a call, whatever it is asked for."""
        return self._count_clause([i for i in items if not isinstance(i, Tree)], exact=False)

    def exact_calls_for(self, items: list[Any]) -> Clause:
        return self._count_clause([i for i in items if not isinstance(i, Tree)], exact=True)

    def bounded_calls_to(self, items: list[Any]) -> Clause:
        """"The customer is asked to approve at most once": each time it
        is asked, whatever to do, is a call."""
        return self._count_clause(items, exact=False)

    def exact_calls_to(self, items: list[Any]) -> Clause:
        return self._count_clause(items, exact=True)

    def exact_calls_repeated(self, items: list[Any]) -> Clause:
        """"Once and only once": exactly once, the count said twice."""
        first, second = (str(t).lower() for t in self._tokens(items, "ONCE_N"))
        if first != second:
            raise Unsupported(f"'{first} and only {second}': two different counts")
        return self._count_clause(items, exact=True)

    def bounded_asked_made(self, items: list[Any], *, exact: bool = False) -> Clause:
        """"The planner is asked for at most `max_revisions` drafts": what
        the subject makes, one each call, a count of its calls. The noun
        must be what its `ensures:` says it makes or a local of its results
        alone; not of a slot retried, whose failed attempts make nothing."""
        subject = self._subject(items)
        (noun,) = [t for t in self._tokens(items) if t.type in _MADE_NOUNS]
        if len(subject.slots) != 1 or subject.it:
            raise Unsupported("what several slots are asked for")
        (slot,) = subject.slots
        makers = self._makers(noun)
        # (a local or an act says its one maker; a noun the `ensures:` of
        # several slots may use is the subject's when its own says it)
        if (slot not in makers) if noun.type in ("WORD", "OUTPUT", "BEHAVE") else (makers != {slot}):
            raise Unsupported(f"'{_tok(self.toks, noun).text}': not what `{slot}` alone makes")
        self._not_retried(slot)
        return self._count_clause([i for i in items if not (isinstance(i, Token) and i.type in _MADE_NOUNS)], exact=exact)

    def exact_asked_made(self, items: list[Any]) -> Clause:
        return self.bounded_asked_made(items, exact=True)

    def bounded_product(self, items: list[Any], *, exact: bool = False) -> Clause:
        """"No more than `reading_count` readings are ever taken", "at most
        one certificate is written per booking": what one slot alone makes,
        by what its `ensures:` calls it (or the noun of its act), one a call;
        a count of its calls. The verb must say it is made or asked for
        ("written", "requested", "taken") or be the slot's own act
        (:meth:`_making_verb`)."""
        toks = self._tokens(items)
        noun = next(t for t in toks if t.type in (*_MADE_NOUNS, "MADE"))
        makers = self._makers(noun)
        if len(makers) != 1 or None in makers:
            raise Unsupported(f"'{_tok(self.toks, noun).text}': not what one slot makes")
        (slot,) = makers
        assert slot is not None
        self._making_verb(toks[toks.index(noun) + 1 :], slot)
        self._not_retried(slot)
        rest = [i for i in items if not (isinstance(i, Token) and i.type in (*_MADE_NOUNS, "MADE", "PRODUCED", "AUTHORED", "CALLED", "BE"))]
        return self._count_clause([*rest, self.subj([(slot,)])], exact=exact)

    def exact_product(self, items: list[Any]) -> Clause:
        return self.bounded_product(items, exact=True)

    def _makers(self, noun: Token) -> set[str | None]:
        """The slots that make what ``noun`` names: a local's maker, the
        slot an act or a product phrase names, or each slot whose
        `ensures:` calls its result by the noun."""
        word = _tok(self.toks, noun)
        if noun.type == "VAR":
            return {self.lex.maker(n) for n in word.names}
        if noun.type in ("ACT", "MADE"):
            return set(word.names)
        said = singular(word.text.lower())
        return {s for s, made in self.lex.products.items() if said in {singular(w) for w in made}}

    def _not_retried(self, slot: str) -> None:
        """A slot retried makes nothing on a failed attempt, which is a call
        all the same: its calls are not what it makes."""
        if slot in self.lex.retried:
            raise Unsupported(f"`{slot}` is retried: its calls are not what it makes")

    def _making_verb(self, after: list[Token], slot: str) -> None:
        """The verb said of what ``slot`` makes is one of making or asking
        for it ("written", "requested", "taken"), or the slot's own act
        ("drafted", of a `drafter`): not what another delegate does with it
        ("at most three batches are tasted" may count the taster's calls)."""
        for t in after:
            said = str(t).lower()
            if t.type == "ACT" and set(_tok(self.toks, t).names) != {slot}:
                raise Unsupported(f"'{said}': the act of another slot")
            if t.type == "HANDLED" and said != "taken":
                raise Unsupported(f"'{said}': what is done with it, not its making")
            if t.type in ("WORD", "CALLED") and said not in _MAKING_WORDS:
                # ("at most one reminder is sent", of a writer's reminders
                # a sender sends: what another delegate does with them)
                raise Unsupported(f"'{said}': not a word of making or asking for it")

    def bounded_made_verb(self, items: list[Any], *, exact: bool = False) -> Clause:
        """"At most one run sheet is ever requested", "at most one
        certificate is written per booking": a local of one slot's results
        alone, by a word of making or asking for it."""
        toks = self._tokens(items)
        local = next(t for t in toks if t.type == "VAR")
        made = {self.lex.maker(n) for n in self._names(local)}
        if len(made) != 1 or None in made:
            raise Unsupported(f"'{local}': no local of one slot's results alone")
        (slot,) = made
        assert slot is not None
        self._making_verb(toks[toks.index(local) + 1 :], slot)
        keep = [i for i in items if not (isinstance(i, Token) and i.type in ("CALLED", "FOR", "ACT", "HANDLED", "WORD"))]
        if exact:
            keep = [*keep, Token("EXACTLY", "exactly")] if not any(isinstance(i, Token) and i.type == "EXACTLY" for i in keep) else keep
        return self.bounded_made([*keep, Token("PRODUCED", "made")])

    def exact_made_verb(self, items: list[Any]) -> Clause:
        return self.bounded_made_verb(items, exact=True)

    def never_twice(self, items: list[Any]) -> Clause:
        """"The coordinator never runs twice": at most once (of another
        count, "never three times", not read)."""
        (times,) = self._tokens(items, "ONCE_N")
        if str(times).lower() != "twice":
            raise Unsupported(f"'never {times}': a count denied other than twice")
        return self._count_clause(items, exact=False, count="1")

    def bounded_calls_verb(self, items: list[Any]) -> Clause:
        """"The council sits at most `max_rounds` times", "the contractor is
        hired at most once": what the slot does (or has done to it, a
        participle), a verb the reader does not know, is what its call
        does, so each time is a call. Not a verb of waiting, ending or
        repeating ("retries at most twice" counts the calls after the
        first), nor a word of how ("usually")."""
        (verb,) = [str(t).lower() for t in self._tokens(items, "WORD")]
        _work_verb(verb, passive=bool(self._tokens(items, "BE")))
        self._per_element_walked(items)
        return self._count_clause(items, exact=False)

    def exact_calls_verb(self, items: list[Any]) -> Clause:
        """"The liaison files exactly `max_filings` times": as above, of an
        exact count; "always" of the run, not of each round. A verb of the
        slot's own work is each time a call as a verb the reader does not
        know is."""
        self._of_the_run(items)
        for verb in [str(t).lower() for t in self._tokens(items, "WORD")][:1]:
            _work_verb(verb, passive=bool(self._tokens(items, "BE")))
        self._per_element_walked(items)
        return self._count_clause(items, exact=True)

    def work_thing(self, items: list[Any]) -> _WorkThing:
        """What the slot's work is done on ("the wheel"), beside a count of
        its calls: it says nothing of how many there are."""
        named = [t for t in self._tokens(items) if t.type in ("VAR", "INPUT")]
        return _WorkThing(tuple(n for t in named for n in self._names(t)))

    def _per_element_walked(self, items: list[Any]) -> None:
        """"The examiner grades a puppy no more than `max_attempts` times",
        of an examiner called in a walk over the puppies: a count of each
        element's calls, or of all of them?"""
        slots = set(self._subject(items).slots)
        for thing in (i for i in items if isinstance(i, _WorkThing)):
            for name in thing.names:
                if slots & (self.lex.walkers.get(name, frozenset()) | self.lex.local_walkers.get(name, frozenset())):
                    raise Unsupported(f"a count of the calls on one element of `{name}`, which a loop walks, or of all of them?")

    def bounded_slot_calls(self, items: list[Any]) -> Clause:
        """"At most `max_rounds` verifiers are run": a count of the
        slot's calls (what the loop's bound bounds only when the slot runs
        once a round), read as the call count it says."""
        who = next(i for i in items if isinstance(i, tuple))
        return self._count_clause([*items, self.subj([who])], exact=False)

    def exact_slot_calls(self, items: list[Any]) -> Clause:
        """"Exactly `panel_size` graders are asked": a count of the slot's
        calls, every run that returns making that many."""
        who = next(i for i in items if isinstance(i, tuple))
        return self._count_clause([*items, self.subj([who])], exact=True)

    def there_slot_calls_most(self, items: list[Any]) -> Clause:
        """"There are never more than `panel_size` judges": a count of the
        slot's calls, as "at most `panel_size` judges are called" is."""
        self._not_one(items)
        return self.bounded_slot_calls(items)

    def there_slot_calls_exact(self, items: list[Any]) -> Clause:
        """"There are exactly `inspector_count` inspectors": every run
        calls the slot so many times."""
        self._not_one(items)
        return self.exact_slot_calls(items)

    def _not_one(self, items: list[Any]) -> None:
        """"There is at most one planner" may say how many delegates there
        are, not how often one is called."""
        if "1" in [i for i in items if isinstance(i, str)]:
            raise Unsupported("'there is one' of a slot: the delegates there are, or its calls?")
        if any(t.kind == "CALLS" and t.text.lower() not in ("call", "calls", "invocation", "invocations") for t in self.toks):
            # ("there are never more than N refinement rounds": the loop's
            # rounds, which another rule reads)
            raise Unsupported("rounds of a slot's work, not its calls")

    def bounded_made(self, items: list[Any]) -> Clause:
        """"At most one specimen is printed", "no more than one offer letter
        is ever drafted": a local that holds (or collects) the results of
        one slot alone, made once per call of it, so a count of its calls;
        said with a verb of making or the slot's own act. Not of a slot
        retried, whose failed attempts are calls that make nothing."""
        local = self._tokens(items, "VAR")[0]
        if str(local).lower() in KINDS["OUTPUT"]:
            # "no more than max_steps proposals are ever made": a word for
            # any result, which the loop's bound is read of
            raise Unsupported(f"'{local}': a word for any delegate's result")
        made = {self.lex.maker(n) for n in self._names(local)}
        if len(made) != 1 or None in made:
            raise Unsupported(f"'{local}': no local of one slot's results alone")
        (slot,) = made
        assert slot is not None
        acted = self._tokens(items, "SLOT")
        if acted and {n for t in acted for n in self._names(t)} != {slot}:
            raise Unsupported(f"'{acted[0]}': no act of the slot that makes '{local}'")
        if slot in self.lex.retried:
            raise Unsupported(f"`{slot}` is retried: its calls are not what it makes")
        exact = any(t.type == "EXACTLY" for t in self._tokens(items))
        return self._count_clause([*[i for i in items if not (isinstance(i, Token) and i.type in ("VAR", "SLOT"))], self.subj([(slot,)])], exact=exact)

    def bounded_made_by(self, items: list[Any]) -> Clause:
        """"The clerk writes at most one label": what a local of the
        subject's results alone holds, said of the subject itself, by a
        verb of making ("writes", "drafts"), one of the subject's own act,
        or another word (as "is drawn" is of the layouts)."""
        local = self._tokens(items, "VAR")[0]
        subject = self._subject(items)
        made = {self.lex.maker(n) for n in self._names(local)}
        if len(made) != 1 or set(subject.slots) != made or subject.it:
            raise Unsupported(f"'{local}': not what the subject alone makes")
        return self.bounded_made([i for i in items if not isinstance(i, Subject)])

    def bounded_vague(self, items: list[Any]) -> Clause:
        raise Unsupported("a slot 'bounded by' a value: its calls, or its loop?")

    def loose_calls(self, items: list[Any]) -> Clause:
        """"The guard is called once", "the checker runs twice": exactly so
        many times, or at least so many; checked both ways."""
        return self._count_clause(items, exact=True, loose="least")

    def loose_only_calls(self, items: list[Any]) -> Clause:
        """"The guard is only ever called once": exactly once, or at most
        once; checked both ways."""
        return self._count_clause(items, exact=True, loose="most")

    def bounded_all(self, items: list[Any]) -> Clause:
        raise Unsupported("every loop bounded, by nothing named")


def _gerund_stems(word: str) -> set[str]:
    """The nouns an activity's "-ing" word may be counted by: "draft" of
    "redrafting", "scan" of "scanning", "haggle" of "haggling", "refloat"
    and "float" of "re-floating"."""
    word = word.replace("-", "").replace("_", "")
    if not word.endswith("ing") or len(word) < 6:
        return set()
    stems = verbs_of_noun(word)
    if word.startswith("re"):
        stems |= _gerund_stems(word[2:])
    return stems


def _work_verb(verb: str, *, passive: bool) -> None:
    """``verb`` (a participle, said ``passive``) is one of what a slot's
    call does: not a verb of waiting, ending or repeating, nor a word of
    how."""
    if (
        not verb.isalpha() or verb.endswith("ly") or verb in _NOT_WORK or verb.startswith("re")
        or (passive and not verb.endswith("ed"))
    ):
        raise Unsupported(f"'{verb}': not a verb of what the slot's call does")
