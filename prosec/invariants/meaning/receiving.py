"""Rules of the English grammar about what a slot receives: one method per
grammar alternative (``-> name`` in ``english.lark``)."""

from __future__ import annotations

import itertools
from dataclasses import replace
from typing import Any

from lark import Token

from ..claims import (
    Calls,
    Claim,
    Firewall,
    FromField,
    FromInput,
    FromOthers,
    FromSlot,
    Isolation,
    Receives,
    Unchanged,
)
from ..lattice import _ABLE
from ..lexicon import is_count, singular, words_of
from ..words import EVIDENCE_VERBS
from .base import (
    _BASIS_VERBS,
    _MAKE_FROM_VERBS,
    _MOMENT_VERBS,
    ITS,
    OTHER,
    Base,
    CallsNoun,
    Clause,
    Obj,
    Subject,
    Unsupported,
    _is_name,
    _OwnWork,
    _phased,
    _tok,
    measuring,
)

#: Word kinds after which a name in a hidden fact is not what the fact is
#: about: a circumstance after a preposition ("weighed against the
#: proposal"), the owner's own thing after a possessive ("its review"), a
#: verb after an auxiliary ("a judge will grade it", with a local `grade`).
#: Nouns for any slot at all, in an exception ("no slot except the underwriter")
_EVERY_SLOT = frozenset(
    "slot slots delegate delegates service services role roles agent agents participant participants party parties "
    # "withheld from everyone except the translator"
    "everyone everybody anyone anybody".split()
)

#: The auxiliary of "and so does the registrar": what the clause before
#: says, said again of another subject (not "and so may ...")
_SO_AUX = frozenset("does do did is are was were".split())


#: nouns of knowing something, said after "has no" or "with no"
_KNOWING = frozenset(("knowledge of", "any knowledge of", "memory of", "sight of"))
#: verbs of knowing that take a thing as their object ("knows the theme")
_KNOW_A_THING = frozenset(("know", "knows", "knew", "find out", "finds out"))


def _an_act_noun(text: str, names: tuple[str, ...]) -> bool:
    """Whether a word that names a slot is a noun of its act, not of the
    slot ("each examination", of an `examiner`): a call of it."""
    words = words_of(text)
    return (
        len(names) == 1
        and bool(words)
        and words[-1].endswith(("tion", "sion", "ment", "ing", "al"))
        and not any(singular(words[-1]) == singular(w) for w in words_of(names[0]))
    )


#: Kinds after "its" that make it the slot's own: "its own notes", "its
#: earlier verdicts", "its output".
_ITS_OWN = frozenset("OWN PRIOR LATER CURRENT FIRST OUTPUT".split())


class ReceivingRules(Base):
    """Rules of the English grammar about what a slot receives."""

    def see_verb(self, items: list[Any]) -> None:
        """"Is told about the vessel", "hears about the deposit": told it;
        not "told about the baker", "about the other stages", a delegate
        named alone, which may say it is told that the delegate runs."""
        self._about_a_delegate(items)
        return None

    def given_about(self, items: list[Any]) -> None:
        self._about_a_delegate(items)
        return None

    def _about_a_delegate(self, items: list[Any]) -> None:
        about = self._tokens(items, "ABOUT")
        if about and about[0].start_pos is not None:
            k = about[0].start_pos + 1
            while k < len(self.toks) and self.toks[k].kind in ("EVERY", "ANYOF", "NO", "BOTH", "EITHER", "OTHER", "ANOTHER", "PRIOR", "LATER"):
                k += 1
            said = self.toks[k].kind if k < len(self.toks) else "OTHER"
            after = self.toks[k + 1].kind if k + 1 < len(self.toks) else ""
            if said in ("SLOT", "ROLE", "OTHER", "EACHOTHER", "PEER") and after != "POSS":
                raise Unsupported("told about a delegate: that it runs, or what it made?")

    def neg(self, items: list[Any]) -> None:
        return None

    neg_be = neg

    def see_neg(self, items: list[Any]) -> Clause:
        (objs,) = self._objs(items)
        return self._clause(self._subject(items), lambda s: self._forbid(s, objs))

    see_neg_passive = see_neg

    def see_neg_knowledge(self, items: list[Any]) -> Clause:
        """"has no knowledge of the rulings", "starts fresh, with no memory of
        earlier attempts": a noun of knowing only, not "has no view of"."""
        if not any(str(t).lower() in _KNOWING for t in self._tokens(items, "SEE")):
            raise Unsupported("'has no' before a verb of receiving")
        return self.see_neg(items)

    def see_neg_known(self, items: list[Any]) -> Clause:
        """"The taster doesn't know the season's theme": a thing it is not
        given, by a verb of knowing a thing (not "suspect", "notice"); not a
        delegate ("doesn't know the manager": its output, or that it is
        there?)."""
        self._knows_a_thing(items)
        return self.see_neg(items)

    def see_negsubj_known(self, items: list[Any]) -> Clause:
        self._knows_a_thing(items)
        return self.see_negsubj(items)

    def _knows_a_thing(self, items: list[Any]) -> None:
        if not all(str(t).lower() in _KNOW_A_THING for t in self._tokens(items, "KNOW")):
            raise Unsupported("a verb of noticing or suspecting, not of knowing a thing")
        if any(obj.what == "slot" for group in self._objs(items) for obj in group):
            raise Unsupported("knowing a delegate: its output, or that it is there?")

    def see_neg_run(self, items: list[Any]) -> Clause:
        """"Seat races are run without the race brief": no call is given it.
        Without an approval it would be a gate, which the words do not
        tell apart from a value the slot is not given."""
        if any(t.type == "APPROVAL" for t in self._tokens(items)):
            raise Unsupported("run without an approval: a gate, or a value kept away?")
        return self.see_neg(items)

    def see_neg_working(self, items: list[Any]) -> Clause:
        """"the director casts without ever seeing the names": whatever the
        slot does, it does without them. A verb of a moment ("begins
        without seeing") says nothing of the rest of its work."""
        tokens = self._tokens(items)
        verb = next(t for t in tokens if t.type not in ("WITHOUT", "EVER", "SEE", "COMMA"))
        if str(verb).lower() in _MOMENT_VERBS:
            raise Unsupported("a verb of a moment, not of the slot's work")
        worked_on = [t for t in tokens[: next(k for k, t in enumerate(tokens) if t.type == "WITHOUT")] if t.type != "COMMA"]
        its = [k for k, t in enumerate(self.toks) if t.kind == "ITS"]
        if len(worked_on) > 1 and any(k + 1 < len(self.toks) and self.toks[k + 1].kind not in _ITS_OWN for k in its):
            # "the tester grades a machine without seeing its wipe log": the
            # tester's, or the machine's? Not read ("its own earlier
            # verdicts", "its previous rulings": the slot's own work)
            raise Unsupported("'its' after what the slot works on")
        return self.see_neg(items)

    def see_neg_made(self, items: list[Any]) -> Clause:
        """"each referee call is made without knowledge of any earlier
        ruling": said of the slot's calls ("each referee call"), not of a
        slot by name ("the referee is made without ..." says nothing)."""
        before = next((self.toks[:k] for k, t in enumerate(self.toks) if t.kind == "BE"), [])
        if not any(t.kind == "CALLS" or (t.kind == "SLOT" and _an_act_noun(t.text, t.names)) for t in before):
            raise Unsupported("a slot, not its calls, said to be made without something")
        return self.see_neg(items)

    def see_neg_made_held(self, items: list[Any]) -> Clause:
        """"Each draft is written without sight of the other drafts": what
        each call of the slot that makes the drafts does without (the local
        holds that slot's every result and nothing else)."""
        noun = next(i for i in items if isinstance(i, CallsNoun))
        if noun.slot is None:
            raise Unsupported("results of no one slot")
        subject = Subject((Calls(noun.slot),), every=True)
        return self.see_neg([subject if isinstance(i, CallsNoun) else i for i in items])

    def see_neg_kept(self, items: list[Any]) -> Clause:
        """"the verifier is kept away from the plan": the slot never receives
        it (said of two slots, it reads both ways, so it is not read). "Kept
        from both the plan and the draft" keeps each away, as "both the plan
        and the draft are withheld from it" does (where "never sees both"
        allows one)."""
        items = [[replace(o, both=False) for o in i] if isinstance(i, list) else i for i in items]
        return self.see_neg(items)

    def see_negsubj_can(self, items: list[Any]) -> Clause:
        """"none of the candidates can see the criteria"."""
        if str(self._tokens(items, "AUX")[0]).lower() not in _ABLE:
            raise Unsupported("a modal that says what may or must be, not what is")
        return self.see_negsubj(items)

    def see_but_not(self, items: list[Any]) -> Clause:
        """"the technicians are told the hypothesis, but the analyst is not"."""
        return self._contrast(items, told_first=True)

    def see_but_never(self, items: list[Any]) -> Clause:
        """"the screener sees the salary band, but the interviewers never
        do": the first receives it, the second never does (not "never
        may", which says what may be)."""
        self._plain_aux(items)
        return self._contrast(items, told_first=True)

    def see_neg_neither(self, items: list[Any]) -> Clause:
        """"cuppers never see the target notes, and neither does the
        roaster": neither subject receives them."""
        self._plain_aux(items)
        (objs,) = self._objs(items)
        first, second = (i for i in items if isinstance(i, Subject))
        if first.it or second.it or second.negative:
            raise Unsupported("a pronoun or a negated subject after 'neither does'")
        return self._clause(first, lambda s: self._forbid(s, objs) + self._forbid(second, objs))

    def _plain_aux(self, items: list[Any]) -> None:
        """The auxiliary that stands for the verb says what is ("does",
        "is"), not what may or must be."""
        if any(str(t).lower() not in _SO_AUX for t in self._tokens(items) if t.type in ("AUX", "BE")):
            raise Unsupported("a modal that says what may or must be, not what is")

    def see_not_but(self, items: list[Any]) -> Clause:
        """"the chair never sees the rules, although every reviewer does"."""
        return self._contrast(items, told_first=False)

    def _contrast(self, items: list[Any], *, told_first: bool) -> Clause:
        """One subject receives the objects and the other never does; the
        clause is about the one named first."""
        (objs,) = self._objs(items)
        first, second = (i for i in items if isinstance(i, Subject))
        if first.it or second.it:
            raise Unsupported("a pronoun in a contrast")
        if told_first:
            return self._clause(first, lambda s: self._need(s, objs) + self._forbid(second, objs))
        return self._clause(first, lambda s: self._forbid(s, objs) + self._need(second, objs))

    def give_nothing_but(self, items: list[Any]) -> Clause:
        """"nothing but the brief is passed to the proposer": it receives only that."""
        (objs,) = self._objs(items)
        return self._clause(self._subject(items), lambda s: self._need(s, objs, only=True))

    def only_except(self, items: list[Any]) -> Clause:
        """"No tester except the contrast checker is given the tokens": the
        excepted slot receives it, every other slot of the group never does
        (as "only the contrast checker is given the tokens"). The group is
        the slots a plural names, or every slot ("no slot", "every
        delegate", when no slot is named so)."""
        (objs,) = self._objs(items)
        hidden, shown = self._excepted(items)

        def own(c: Claim) -> str | None:
            """The slot a claim keeps its own output from, if it does."""
            if isinstance(c, Isolation) and (
                isinstance(c.source, FromOthers) or (isinstance(c.source, FromSlot) and c.source.slot == c.target.slot)
            ):
                return c.target.slot or ""
            if isinstance(c, Firewall) and c.source == c.target.slot:
                return c.target.slot
            return None

        def build(s: Subject) -> list[Claim]:
            kept = self._forbid(hidden, objs)
            if any(own(c) in self.lex.repeated for c in kept):
                # "no one but the commander sees the scout reports": whether
                # the scouts, of the group, are kept from one another's is
                # not said
                raise Unsupported("what is kept from a group that holds the slot, called more than once, that made it")
            # (a slot called once never receives what it makes: "no one but
            # the operator sees the planner's steps" says nothing of the
            # planner)
            return self._need(s, objs) + [c for c in kept if own(c) is None]

        return self._clause(shown, build)

    def every_except(self, items: list[Any]) -> Clause:
        """"The record is passed to every role except the registrar": every
        other slot of the group receives it, the excepted one never does."""
        (objs,) = self._objs(items)
        self._positive_recipients(items)
        shown, hidden = self._excepted(items)
        return self._clause(shown, lambda s: self._need(s, objs) + self._forbid(hidden, objs))

    def see_so_too(self, items: list[Any]) -> Clause:
        """"The insurer sees the dates, and so does the registrar": both
        receive them."""
        return self._so_too(items, None)

    def see_so_too_but_not(self, items: list[Any]) -> Clause:
        """"The chair sees the call, and so does the screener, but the
        referees do not": the first two receive it, the third never does."""
        subjects = [i for i in items if isinstance(i, Subject)]
        return self._so_too(items, subjects[2])

    def _so_too(self, items: list[Any], hidden: Subject | None) -> Clause:
        (objs,) = self._objs(items)
        first, second = [i for i in items if isinstance(i, Subject)][:2]
        if [str(t).lower() for t in self._tokens(items, "WORD")] != ["so"]:
            raise Unsupported("'and W does X' with a word other than 'so'")
        if any(str(t).lower() not in _SO_AUX for t in self._tokens(items) if t.type in ("AUX", "BE")):
            raise Unsupported("a modal that says what may or must be, not what is")
        if first.it or second.it or (hidden is not None and hidden.it) or second.negative:
            raise Unsupported("a pronoun or a negated subject in 'and so does'")

        def build(s: Subject) -> list[Claim]:
            claims = self._need(s, objs) + self._need(second, objs)
            return claims + (self._forbid(hidden, objs) if hidden is not None else [])

        return self._clause(first, build)

    def excepted_list(self, items: list[Any]) -> tuple[str, ...]:
        """The slots excepted, named together ("no one but the dispenser
        and the pharmacist")."""
        return tuple(dict.fromkeys(x for i in items if isinstance(i, tuple) for x in i))

    def _excepted(self, items: list[Any]) -> tuple[Subject, Subject]:
        """The slots of an exception's group other than the excepted ones,
        and the excepted ones."""
        whos = [i for i in items if isinstance(i, tuple)]
        words = [t for t in self._tokens(items) if t.type in ("ROLE", "ROLENOUN", "WORD")]
        kinds = [t.type for t in self._tokens(items)]
        if any(a == "NONE" and b in ("EXCEPT", "BUT") for a, b in itertools.pairwise(kinds)):
            # "no one but the verifier", "nobody except the dispenser and
            # the pharmacist": of every slot
            group, excepted = tuple(sorted(self.lex.slots)), tuple(x for w in whos for x in w)
        elif len(whos) == 2:
            group, excepted = (whos[1], whos[0]) if self._tokens(items)[0].type == "EXCEPT" else (whos[0], whos[1])
        elif len(whos) == 1 and (
            (len(words) == 1 and str(words[0]) in _EVERY_SLOT) or (not words and self._tokens(items, "NONE"))
        ):
            # "no slot except the auditor", "no one but the auditor"
            group, excepted = tuple(sorted(self.lex.slots)), whos[0]
        else:
            raise Unsupported("an exception to no group of slots")
        others = tuple(x for x in group if x not in excepted)
        if not set(excepted) <= set(group) or not others:
            raise Unsupported("an exception that is not one of the group")
        return Subject(tuple(Calls(x) for x in others)), Subject(tuple(Calls(x) for x in excepted))

    def give_but_never(self, items: list[Any]) -> Clause:
        """"shown to the auditor but not to the reviewer": the first receives
        it, the second never does."""
        self._positive_recipients(items)
        objs = self._said_first(items)
        shown, hidden = (i for i in items if isinstance(i, Subject))
        if shown.it or hidden.it:
            raise Unsupported("a pronoun in a contrast")
        return self._clause(shown, lambda s: self._need(s, objs) + self._forbid(hidden, objs))

    def give_but_no(self, items: list[Any]) -> Clause:
        """"the history reaches the adjudicator and no reader"."""
        self._positive_recipients(items)
        objs = self._said_first(items)
        shown = self._subject(items)
        who = next(i for i in items if isinstance(i, tuple))
        hidden = Subject(tuple(Calls(x) for x in who))
        return self._clause(shown, lambda s: self._need(s, objs) + self._forbid(hidden, objs))

    def see_negsubj(self, items: list[Any]) -> Clause:
        subject = self._subject(items)
        (objs,) = self._objs(items)
        return self._clause(subject, lambda s: self._forbid(s, objs))

    def see_neither_verbs(self, items: list[Any]) -> Clause:
        """"the verifier neither sees the plan nor receives the goal"."""
        objs = [o for group in self._objs(items) for o in group]
        return self._clause(self._subject(items), lambda s: self._forbid(s, objs))

    def give_neither(self, items: list[Any]) -> Clause:
        """"neither the plan nor the goal reaches the verifier"."""
        self._positive_recipients(items)
        objs = [i for i in items if isinstance(i, Obj)]
        # "neither the actor's reasoning nor its self-assessment": its = the actor
        objs = objs[:1] + [self._its(o, objs[:1]) if objs[0].owner is not None else o for o in objs[1:]]
        return self._clause(self._subject(items), lambda s: self._forbid(s, objs))

    def see_neither_one(self, items: list[Any]) -> Clause:
        """"the ranker is shown neither candidate's configuration": neither
        of two named values (a group of inputs, or of locals)."""
        obj = next(i for i in items if isinstance(i, Obj))
        if not self._two(obj):
            raise Unsupported("'neither' of something that is not two named values")
        return self._clause(self._subject(items), lambda s: self._forbid(s, [obj]))

    give_neither_one = see_neither_one

    def see_neither(self, items: list[Any]) -> Clause:
        objs = self._declared_fields([i for i in items if isinstance(i, Obj)])
        # "neither the actor's outcome nor its reasoning": its = the actor
        objs = objs[:1] + [self._its(o, objs[:1]) if objs[0].owner is not None else o for o in objs[1:]]
        return self._clause(self._subject(items), lambda s: self._forbid(s, objs))

    see_no = see_neg

    def see_pos_later(self, items: list[Any]) -> Clause:
        (objs,) = self._objs(items)
        return self._clause(
            _phased(self._subject(items), "later"), lambda s: self._need(s, objs)
        )

    def see_only_against(self, items: list[Any]) -> Clause:
        what, against = self._objs(items)
        return self._clause(self._subject(items), lambda s: self._need(s, [*what, *against], only=True))

    def see_against(self, items: list[Any]) -> Clause:
        """"The grader checks the bins against the picking guide": a verb of
        measuring, and both what is measured and what it is measured
        against reach the slot."""
        self._measuring(items)
        what, against = self._objs(items)
        return self._clause(self._subject(items), lambda s: self._need(s, [*what, *against]))

    def see_against_unnamed(self, items: list[Any]) -> Clause:
        """"The type director checks the face against the style guide": what
        is measured is no value of the pattern's; what it is measured
        against reaches the slot."""
        self._measuring(items)
        (against,) = self._objs(items)
        return self._clause(self._subject(items), lambda s: self._need(s, against))

    def _measuring(self, items: list[Any]) -> None:
        """The verb is one of holding a thing up to another ("checks",
        "weighs", "compares"), not any act done "against" something ("argues
        against the plan")."""
        verb = next(t for t in self._tokens(items) if t.type in ("EVALUATE", "BEHAVE"))
        if not measuring(str(verb)):
            raise Unsupported(f"{verb!r}, not a verb of measuring one thing against another")

    def see_neg_failures(self, items: list[Any]) -> Clause:
        owner = next(i for i in items if _is_name(i))
        if owner in (OTHER, ITS):
            raise Unsupported("the failures of no named slot")

        def build(s: Subject) -> list[Claim]:
            return [Isolation(c, FromSlot(owner, failures=False)) for c in s.calls]

        return self._clause(self._subject(items), build)

    def see_pos(self, items: list[Any]) -> Clause:
        (objs,) = self._objs(items)
        unchanged = "unchanged" in items
        always = self._always(items)
        return self._clause(self._subject(items), lambda s: always(self._need(s, objs, unchanged=unchanged)))

    see_pos_q = see_pos

    def know_count(self, items: list[Any]) -> Clause:
        """"The steward knows how many singers there are": the number that
        counts them, received. Only a number said as "how many"."""
        (said,) = self._tokens(items, "INPUT")
        if not is_count(_tok(self.toks, said).text):
            raise Unsupported("knowing a value, other than how many of something there are")
        obj = self.o_input([said])
        return self._clause(self._subject(items), lambda s: self._need(s, [obj], unchanged=False))

    def see_pos_q_and(self, items: list[Any]) -> Clause:
        """"receives the budget unchanged, and the trail reports as well":
        the word after the first values is said of them, as the caller gave
        them; the values after "and" are received, as they may be."""
        first, second = self._objs(items)
        if any(o.what == "slot" for o in second):
            # "..., and the reviewer too": the clause said again of another
            # slot, or that slot's output received as well?
            raise Unsupported("a bare slot after 'X unchanged, and'")
        return self._clause(
            self._subject(items),
            lambda s: self._need(s, first, unchanged=True) + self._need(s, second),
        )

    def see_floor(self, items: list[Any]) -> Clause:
        """"sees the outage request at least once": some call of the slot
        receives it, not each (false where none ever does)."""
        self._at_least_once(items)
        (objs,) = self._objs(items)
        return self._clause(self._subject(items), lambda s: self._floor(self._need(s, objs)))

    def give_floor(self, items: list[Any]) -> Clause:
        """"the green lot reaches the cuppers at least once": some call of
        each recipient receives it, not each call."""
        self._at_least_once(items)
        (objs,) = self._objs(items)
        subject = self._subject(items)
        if subject.negative:
            raise Unsupported("'at least once' to a negated recipient")
        return self._clause(subject, lambda s: self._floor(self._need(s, objs)))

    def _at_least_once(self, items: list[Any]) -> None:
        words = [_tok(self.toks, t).text.lower() for t in self._tokens(items) if t.type in ("HEDGE", "ONCE_N")]
        if words != ["at least", "once"]:
            raise Unsupported("a hedge or a count other than 'at least once'")

    def _floor(self, claims: list[Claim]) -> list[Claim]:
        """What a slot receives, said of some call only: one input (as it
        may be) or one slot's output or fields, each a claim of its own."""
        out: list[Claim] = []
        for claim in claims:
            if not isinstance(claim, Receives) or claim.only or len(claim.needs) != 1:
                raise Unsupported("'at least once' of more than one value, of 'only', or of 'unchanged'")
            (need,) = claim.needs
            plain_input = isinstance(need, FromInput) and not need.element and not need.original
            plain_output = isinstance(need, FromSlot) and need.age == "any" and not need.every and not need.given
            if not (plain_input or plain_output):
                raise Unsupported("'at least once' of what is not an input or a slot's output")
            out.append(replace(claim, floor=True))
        return out

    def unchanged_denied(self, items: list[Any]) -> Clause:
        """"Receives a rewritten version of the brief", "is given the plan
        in a reworded form", "no scanner receives the rules in their
        original form": the input does not reach the slot as it was given.
        Only its denial is claimed: violated where every call is proved to
        pass the input unchanged, and otherwise not known."""
        (objs,) = self._objs(items)
        if any(not isinstance(o.source, FromInput) or o.element or o.whole or o.either for o in objs):
            raise Unsupported("a changed version of something that is not an input")
        # "no scanner receives ...": each of them, said not to
        who = next((i for i in items if isinstance(i, tuple)), None)
        subject = Subject(tuple(Calls(w) for w in who)) if who is not None else self._subject(items)
        if subject.negative or subject.it:
            raise Unsupported("a changed version received by no one named")

        def build(s: Subject) -> list[Claim]:
            return [c for c in self._need(s, objs, unchanged=True) if isinstance(c, Unchanged)]

        return self._denied(self._clause(subject, build))

    def see_pos_sofar(self, items: list[Any]) -> Clause:
        """"is shown the certified progress so far": the input as it stands
        at the call, which is what a receives claim needs. Of a slot's
        results ("the attempts so far") it may mean all of the earlier
        ones, not the latest: not read."""
        (objs,) = self._objs(items)
        if any(not isinstance(o.source, FromInput) or o.element or o.original or o.whole for o in objs):
            raise Unsupported("'so far' of something that is not an input: which of its values")
        return self.see_pos(items)

    def own_work(self, items: list[Any]) -> _OwnWork:
        first = next(t for t in items if isinstance(t, Token))
        assert first.start_pos is not None
        return _OwnWork(first.start_pos, str(first).lower())

    def see_pos_working(self, items: list[Any]) -> Clause:
        """"reads the budget memo before drawing up the plan", "is given the
        gold answers to calibrate against", "is given the answers so it can
        check its solve": what it receives, and when or why of its own work
        (a verb in -ing after "before", a verb after "to", "so (that) it
        can ..."). The words after name nothing of the pattern but what the
        slot itself makes: "before the planner runs" is another claim."""
        work = next(i for i in items if isinstance(i, _OwnWork))
        verb = work.start + 1
        while work.word == "so" and verb < len(self.toks) and self.toks[verb].kind in ("THAT", "IT", "AUX"):
            verb += 1  # "so (that) it can check ...", "so they know ..."
        after = self.toks[verb] if verb < len(self.toks) else None
        if after is None or after.names or after.kind in ("IT", "ITS"):
            raise Unsupported("no verb of the slot's own work after the word")
        if work.word == "before" and not after.text.endswith("ing"):
            raise Unsupported("'before' and no verb of the slot's own work")
        if work.word not in ("before", "to", "so"):
            raise Unsupported(f"{work.word!r} before a clause of the slot's own work")
        subject = self._subject(items)
        self._says_no_calls(verb, "a clause of the slot's own work")
        self._names_nothing(verb, "a clause of the slot's own work naming what may reach it", subject.slots)
        return self.see_pos([i for i in items if not isinstance(i, _OwnWork)])

    def see_can(self, items: list[Any]) -> Clause:
        """"can read", "gets to see": it is given them, of a slot called
        once in a run. Of one called more often, whether each call can, or
        some call, the words do not say: not read. A permission ("may see")
        or a duty ("must see") says nothing of what it is given."""
        if str(self._tokens(items, "AUX")[0]).lower() not in _ABLE:
            raise Unsupported("a modal that says what may or must be, not what is")
        if any(c.slot is None or c.slot in self.lex.repeated for c in self._subject(items).calls):
            raise Unsupported("'can see' of a slot called more than once: each call, or some")
        return self.see_pos(items)
    see_always = see_pos

    def see_rounds(self, items: list[Any]) -> Clause:
        """"In every lesson the explainer is given the profile as-is": every
        call, when the slot is called only inside the delegation's one loop."""
        return self._looped_only(self.see_pos(items), (Unchanged,))

    def see_every(self, items: list[Any]) -> Clause:
        obj = next(i for i in items if isinstance(i, Obj))
        if obj.owner in (None, OTHER, ITS) or obj.what not in ("output", "slot") or obj.local is not None:
            # "every review", of a local `review`: every value the local
            # held, which no claim kind says
            raise Unsupported("'every' of something that is not a slot's output")
        every = Obj(owner=obj.owner, what="every")
        return self._clause(self._subject(items), lambda s: self._need(s, [every]))

    def see_only(self, items: list[Any]) -> Clause:
        (objs,) = self._objs(items)
        return self._clause(self._subject(items), lambda s: self._need(s, objs, only=True))

    def see_and_only(self, items: list[Any]) -> Clause:
        """"gets the brief and only the brief": that, and nothing else. Two
        different objects ("gets the brief and only the plan") say nothing
        one can read."""
        first, second = self._objs(items)
        if first != second:
            raise Unsupported("'X and only Y' of two different things")
        return self._clause(self._subject(items), lambda s: self._need(s, first, only=True))

    def _no_agent_after(self, items: list[Any], objs: list[Obj]) -> None:
        """"sees the guide, but not the reviewer": the reviewer's output, or
        the reviewer, who does not see it? A slot named by its own name
        after the negation says either; one named by a noun for what it
        makes ("but not the reproductions") is its output."""
        if not any(o.what == "slot" for o in objs):
            return
        starts = [t.start_pos for t in self._tokens(items) if t.start_pos is not None]
        start = min(starts) + 1 if starts else 0
        for tok in self.toks[start:]:
            if tok.kind in ("COMMA", "SEMI", "COLON"):
                break
            if tok.kind == "SLOT" and any(
                words_of(name)[-1:] == [singular(tok.text.split()[-1])] for name in tok.names
            ):
                raise Unsupported("a negated slot after the objects: its output, or the slot that does not")

    def negtail(self, items: list[Any]) -> list[Obj]:
        (objs,) = self._objs(items)
        self._no_agent_after(items, objs)
        return objs

    def negtail_from(self, items: list[Any]) -> list[Obj]:
        """"sees the item and nothing from the describer": a slot after
        "from" is where what is kept comes from, never one that is not given
        it."""
        (objs,) = self._objs(items)
        return objs

    def negfrom(self, items: list[Any]) -> list[Obj]:
        (objs,) = self._objs(items)
        return objs

    def negtail_no(self, items: list[Any]) -> list[Obj]:
        """"sees the lists and no domain context"; but not "sees the guide
        and no reviewer", which may say that no reviewer sees it."""
        (objs,) = self._objs(items)
        self._no_agent_after(items, objs)
        return objs

    def negtail_neither(self, items: list[Any]) -> list[Obj]:
        objs = [i for i in items if isinstance(i, Obj)]
        self._no_agent_after(items, objs)
        return objs

    def see_only_not(self, items: list[Any]) -> Clause:
        positive, negative = self._objs(items)
        return self._clause(self._subject(items), lambda s: self._only_not(s, positive, negative))

    def decide_only(self, items: list[Any]) -> Clause:
        """"decides solely from the worker's output", "works only from the
        photo": from that and nothing else it is given, inputs too, whatever
        the verb. (After a contrast, "..., not from the actor", the words
        may speak of other delegates' outputs only: :meth:`decide_only_not`.)"""
        (objs,) = self._objs(items)
        return self._clause(self._subject(items), lambda s: self._need(s, objs, only=True))

    def decide_only_basis(self, items: list[Any]) -> Clause:
        """"decides only from the report, of what delegates produce": of the
        outputs of other delegates, only those; what inputs it is given is
        its context."""
        (objs,) = self._objs(items)
        return self._clause(self._subject(items), lambda s: self._need(s, objs, only=True, basis=True))

    def decide_alone(self, items: list[Any]) -> Clause:
        """"works from the brief alone", "relies on the summaries only": what
        it bases its work on. After a verb of receiving ("receives the goal
        only") the word may limit what it sees or only what it works from,
        and is not read."""
        self._limited(items)
        verb = [t for t in self._tokens(items) if t.type in ("SEE", "RELY", "DECIDE")]
        if not verb or str(verb[0]).lower() not in _BASIS_VERBS:
            raise Unsupported("'only' after the objects of a verb of receiving")
        return self.decide_only(items)

    def make_from(self, items: list[Any]) -> Clause:
        """"the drafter writes from the mediator's terms", "prices the job
        from the photo alone": what a slot makes its work from, present
        tense, reaches each call ("alone" after it: and nothing else). Any
        other verb before "from" ("starts from", "decided from") is not
        read."""
        verb = [t for t in self._tokens(items) if t.type in ("DECIDE", "BEHAVE", "AUTHORED")]
        if not verb or str(verb[0]).lower() not in _MAKE_FROM_VERBS:
            raise Unsupported("a verb before 'from' that need not say what the slot is given")
        only = self._limited(items)
        (objs,) = self._objs(items)
        return self._clause(self._subject(items), lambda s: self._need(s, objs, only=only))

    def make_from_only(self, items: list[Any]) -> Clause:
        """"writes the slip from the name and the ring, and nothing else":
        what it makes its work from, and nothing else it is given."""
        verb = [t for t in self._tokens(items) if t.type in ("BEHAVE", "AUTHORED")]
        if not verb or str(verb[0]).lower() not in _MAKE_FROM_VERBS:
            raise Unsupported("a verb before 'from' that need not say what the slot is given")
        (objs,) = self._objs(items)
        return self._clause(self._subject(items), lambda s: self._need(s, objs, only=True))

    def _limited(self, items: list[Any]) -> bool:
        """Whether a word after the objects limits them to what is named
        ("alone", "only"); another word there ("independently") is not read."""
        limit = [t for t in self._tokens(items) if t.type in ("ONLY", "INDEP")]
        if limit and str(limit[-1]).lower() not in ("only", "solely", "alone", "exclusively"):
            raise Unsupported("a word after the objects that does not limit them")
        return bool(limit)

    def decide_only_not(self, items: list[Any]) -> Clause:
        positive, negative = self._objs(items)
        loose = self._loose(items)
        return self._clause(
            self._subject(items),
            lambda s: self._need(s, positive, only=True, basis=True, loose=loose) + self._forbid(s, negative),
        )

    def _loose(self, items: list[Any]) -> bool:
        """Whether the verb leaves open if inputs count: "decides",
        "judges", "rules" and "bases" speak of evidence, and a delegate's
        inputs are its context; "works", "relies", "acts" do not say."""
        verbs = [str(t).lower() for t in self._tokens(items, "DECIDE")]
        return not verbs or verbs[0] not in EVIDENCE_VERBS

    def _only_not(self, subject: Subject, positive: list[Obj], negative: list[Obj]) -> list[Claim]:
        """"sees only X, never Y": Y is forbidden; X is what it may see. When
        Y names fields, "only" is the firewall's: of the other delegates'
        outputs, only that slot's reach the subject."""
        negative = [self._its(o, positive) for o in negative]
        self._part_and_whole(positive, negative)
        fields = [o for o in negative if o.what == "fields"]
        if fields:
            out = self._forbid(subject, negative, only=True)
            keep = [o for o in positive if not (o.source is not None and isinstance(o.source, FromField))]
            if any(o.owner not in (f.owner for f in fields) for o in keep if o.owner is not None):
                raise Unsupported("'only' a slot other than the one whose fields are hidden")
            shown = [o for o in positive if o.what == "fields" and o.owner in (f.owner for f in fields)]
            if shown:
                # "hears only the adjuster's summary, never the truss rod
                # turns": of what the adjuster makes, the summary alone; the
                # keys its `ensures:` declares besides are kept away too
                # (of a slot that declares none, which they are is not known)
                owner = shown[0].owner
                assert owner is not None
                declared = self.lex.declares.get(owner, frozenset())
                said = {k for o in [*shown, *fields] for k in o.fields}
                if not declared or not said <= declared:
                    raise Unsupported("'only' some fields of a slot whose other fields are not known")
                others = tuple(sorted(declared - said))
                if others:
                    out = self._forbid(subject, [*negative, replace(fields[0], fields=others)], only=True)
            return out
        return self._need(subject, positive, only=True) + self._forbid(subject, negative)

    @staticmethod
    def _part_and_whole(positive: list[Obj], negative: list[Obj]) -> None:
        """"Gets the reader's comments but never the reader's verdict": a
        field of a slot's result received and its whole result kept away
        cannot both be; the word for the whole means the rest of it (the
        decision), which no word says. Not read."""
        given = {o.owner for o in positive if o.what == "fields" and o.owner is not None}
        if any(o.what == "output" and o.owner in given for o in negative):
            raise Unsupported("a field of a slot's result received, and the whole result kept away")

    def see_pos_not(self, items: list[Any]) -> Clause:
        positive, negative = self._objs(items)
        self._part_and_whole(positive, negative)
        unchanged = "unchanged" in items
        return self._clause(
            self._subject(items),
            lambda s: self._need(s, positive, unchanged=unchanged) + self._forbid(s, [self._its(o, positive) for o in negative]),
        )

    def see_not_only(self, items: list[Any]) -> Clause:
        """"never sees the dishes themselves, only the extracted
        ingredients": not the first; and only the second of what other
        delegates produce, or nothing else at all, inputs too? After a
        contrast the words do not say, and both are checked."""
        negative, positive = self._objs(items)
        return self._clause(
            self._subject(items),
            lambda s: self._forbid(s, negative) + self._need(s, positive, only=True, basis=True, loose=True, contrast=negative),
        )

    def see_only_in_place(self, items: list[Any]) -> Clause:
        """"Works only from the report in place of the feed": only the
        report where the feed would be, or nothing else at all (the
        canonical form of the contrast above, without its denial)."""
        positive, replaced = self._objs(items)
        return self._clause(
            self._subject(items),
            lambda s: self._need(s, positive, only=True, basis=True, loose=True, contrast=replaced),
        )
