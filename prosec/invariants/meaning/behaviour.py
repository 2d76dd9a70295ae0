"""Rules of the English grammar about a slot's own behaviour: one method per
grammar alternative (``-> name`` in ``english.lark``)."""

from __future__ import annotations

from typing import Any

from lark import Token

from ..claims import Calls, Claim, Identical, Unverifiable
from ..earley import CLAIMED
from ..words import KINDS
from .base import (
    _BIAS,
    _ORDER_WORDS,
    _REACHING,
    _REACHING_WORDS,
    Args,
    Base,
    CallsNoun,
    Clause,
    Subject,
    Unsupported,
    _Negated,
    _tok,
    measuring,
)

#: Verbs of bias: what a delegate is said not to favour is what it judges,
#: not something kept from it ("without favouring the chef's flavours")
#: Verbs the reader does not know that say where information goes, how
#: calls run or relate, or what lets a call run: never read as a delegate's
#: own behaviour (by their stems).
_FLOW_STEMS = (
    "wait", "preced", "repeat", "rerun", "retr", "invok", "ask", "tell", "echo", "quot", "reus", "overrid",
    "veto", "trust", "defer", "escalat", "sign", "notif", "publish", "email", "mail", "drop", "cop", "contact",
    "messag", "report", "submit", "return", "output", "emit", "disclos", "shar", "mirror", "inherit", "borrow",
    "gather", "collect", "accumul", "append", "stor", "sav", "record", "log", "forg", "remember", "recall",
    "read", "see", "hear", "skim", "receiv", "get", "obtain", "fetch", "pull", "push", "send", "pass", "forward",
    "relay", "leak", "reveal", "show", "hand", "give", "feed", "suppl", "provid", "consult", "quer", "request",
    "call", "run", "start", "stop", "halt", "end", "finish", "block", "gate", "approv", "reject", "refus",
    "accept", "allow", "permit", "let", "follow", "lead", "trigger", "launch", "spawn", "loop", "iterat",
    "cycl", "merg", "combin", "aggregat", "pool", "inform", "learn", "know", "hid", "withh", "keep", "kept",
    "talk", "speak", "spoke", "listen", "meet", "coordinat", "collaborat", "compar", "vot", "wins", "win",
    "lose", "los", "override", "replac", "overwrit", "reset", "clear", "delet", "remov", "add", "grow", "shrink",
    "access", "reach", "depend", "rel", "us", "exchang", "respond", "repl", "answer", "nam", "mention", "cit",
    # seeing: "peeks at", "glances over", "looks at" (but "looks for" is searching)
    "look", "peek", "peep", "glanc", "snoop", "overhear", "view", "watch", "inspect", "examin", "scan",
    "brows", "consult", "check", "study", "studi", "open", "skim", "spot",
)
#: Verbs of replying: what a slot replies to is what it is given.
_REPLYING = ("respond", "answer", "repl", "react", "rebut", "counter", "address")
#: Kinds free text after such a verb may hold: plain words and prepositions.
_PLAIN = frozenset("WORD FOR OF ON IN TO AND OR WITH AS BY ABOUT AGAINST AT COMMA".split())


#: Plain words that say how a slot's calls run: never its own behaviour.
_HOW_CALLS_RUN = frozenset(
    "parallel simultaneously concurrently sequentially serially together once twice thrice again".split()
)


#: Words that end a verb's object: what follows says how it works, or
#: what it does not do ("resolves conflicts rather than picking one
#: mapper's answer")
_OBJECT_ENDS = frozenset("RATHER_THAN COMMA WITHOUT NEVER NOT NO AND BUT SEMI ON AS".split())


class BehaviourRules(Base):
    """Rules of the English grammar about a slot's own behaviour."""

    def behaviour(self, items: list[Any]) -> Clause:
        own = self._subject(items).slots
        for tok in self.toks:
            if tok.kind == "WORD" and tok.text in _HOW_CALLS_RUN:
                # "checks all of the transects in parallel": how its calls
                # run, which the program decides
                raise Unsupported(f"{tok.text!r}, which says how calls run, in a promise of behaviour")
        for neg in (i for i in items if isinstance(i, _Negated)):
            self._names_nothing(neg.start, "a negated promise about something the pattern names", own)
        for k, tok in enumerate(self.toks):
            if tok.kind == "BEHAVE" and tok.text.lower().startswith(_REPLYING):
                # "the antithesis answers the thesis's argument", "the chef
                # responds to the inspectors' findings": what a slot replies
                # to is what it is given
                self._names_nothing(k + 1, "a reply to something the pattern names", own)
        verb = next((k for k, tok in enumerate(self.toks) if tok.kind == "BEHAVE"), len(self.toks))
        examining = verb < len(self.toks) and measuring(self.toks[verb].text)
        for k in range(verb + 1, len(self.toks) - 1):
            if self.toks[k].kind in _OBJECT_ENDS or self.toks[k].text.lower() == "instead":
                break  # (what follows is how, or what it does not do)
            if (
                examining and self.toks[k].kind == "SLOT" and self.toks[k + 1].kind == "POSS"
                and not set(self.toks[k].names) <= set(own)
            ):
                # "the treasurer checks the cooks' own costings": another
                # delegate's work, which the slot examines, is what it is
                # given (not "keeps each contributor's voice")
                raise Unsupported("a promise of behaviour about another delegate's work")
        measured = [k for k, tok in enumerate(self.toks) if tok.kind in ("EVALUATE", "BEHAVE") and measuring(tok.text)]
        for k, tok in enumerate(self.toks):
            if tok.kind == "AGAINST" and measured and measured[0] + 1 < k:
                # "checks the plans against the permit notes": what a
                # slot's work is held up to is what it is given (not
                # "judges strictly against the criteria", how it judges)
                self._names_nothing(k + 1, "work held up against something the pattern names", own)

        def build(s: Subject) -> list[Claim]:
            if not s.slots:
                raise Unsupported("behaviour of no named slot")
            return [Unverifiable(f"about what `{x}` does itself, which only the delegate controls", x) for x in s.slots]

        return self._clause(self._subject(items), build)

    def behave_not(self, items: list[Any]) -> _Negated:
        """A negated promise about what a delegate does: only of nothing the
        pattern names (not "never reveals the answer key", which may say
        what the slot is given)."""
        (neg,) = [t for t in self._tokens(items) if t.type in ("NEVER", "WITHOUT", "NOT", "NO", "NOTHING")]
        if neg.type in ("NO", "NOTHING"):
            # "adding no commentary": the verb before the negation is the
            # promise's, and is checked with it
            neg = self._tokens(items, "WORD")[0]
        assert neg.start_pos is not None
        if neg.type != "WORD":
            self._not_how_calls_run(neg.start_pos + 1)
        influence = self._tokens(items, "INFLUENCE")
        if influence and (str(influence[0]) not in ("bias", "biases") or influence[0].start_pos != len(self.toks) - 1):
            # "without bias", and nothing after it: not "without influence
            # from the planner"
            raise Unsupported("a negated influence, said of something")
        return _Negated(neg.start_pos + (0 if neg.type == "WORD" else 1))

    def _not_how_calls_run(self, start: int) -> None:
        """A negated promise from ``start`` on ("never runs twice", "never
        runs in parallel", "without waiting for approval") says nothing of
        how the calls run or relate, which other claims check: its verb is
        none that may say so, and no word after it says order or counts
        (after a verb of bias, what follows is what the slot judges)."""
        if start >= len(self.toks) or self.toks[start].text in _BIAS:
            return
        self._not_a_flow_verb(start)
        said = self.toks[start]
        if said.kind in ("ONCE_N", "TIMES") or (said.text in _ORDER_WORDS and said.kind != "CALLS"):
            raise Unsupported(f"{said.text!r}, which says how calls run or relate, in a negated promise")
        # (the verb itself is checked for its stem: "never rounds up")
        for tok in self.toks[start + 1 :]:
            if tok.kind == "SEMI" or tok.text in _BIAS:
                return
            if tok.kind in ("RUN", "CALLED", "CALLS", "ONCE_N", "TIMES") or tok.text in _ORDER_WORDS or any(c.isdigit() for c in tok.text):
                raise Unsupported(f"{tok.text!r}, which says how calls run or relate, in a negated promise")

    def behaviour_free(self, items: list[Any]) -> Clause:
        """"Spotters count every animal accurately": a verb the reader does
        not know, with a word of how, about nothing the pattern names (what
        it does with the pattern's data may be where information goes) but
        what the slot itself makes."""
        verb = next(t for t in self._tokens(items) if t.type not in ("BEHAVE", "ALWAYS"))
        assert verb.start_pos is not None
        if verb.type == "WORD":
            self._not_a_flow_verb(verb.start_pos)
        manner = [t for t in self._tokens(items, "BEHAVE") if str(t).endswith("ly") and t.start_pos is not None and t.start_pos > verb.start_pos]
        if not manner or verb.type in ("HANDLE", "ACT"):
            self._names_nothing(verb.start_pos, "a promise of an unknown verb about something the pattern names", self._subject(items).slots, self._negated_at(items))
        # ("the telescope tracks each target smoothly": a word of how,
        # after a verb that says nothing of where information goes, makes
        # the promise one of manner, whatever the verb's object; not
        # "handles the plan carefully", a verb of what the slot is handed)
        return self.behaviour(items)

    def behaviour_plain(self, items: list[Any]) -> Clause:
        """"The chief engineer puts safety ahead of cost": a verb the reader
        does not know (none that may say where information goes or how
        calls relate), and after it only plain words, prepositions, and the
        slot's own output ("in its judgement"), of nothing the pattern names
        but what the slot makes."""
        verb = next(t for t in self._tokens(items) if t.type == "WORD")
        assert verb.start_pos is not None
        self._not_a_flow_verb(verb.start_pos)
        negated = self._negated_at(items)
        rest = self.toks[verb.start_pos + 1 : negated]
        if negated is not None:
            # (the negated promise, after its comma or "and", is checked
            # on its own: behaviour())
            while rest and rest[-1].kind in ("COMMA", "AND", "BUT"):
                rest = rest[:-1]
        for i, tok in enumerate(rest):
            own = tok.kind in ("OUTPUT", "OWN") and i > 0 and rest[i - 1].kind in ("ITS", "OWN")
            # "describe what they smell": what the slot itself perceives
            what = (tok.kind == "IT" and i > 0 and rest[i - 1].kind == "ANYTHING") or (
                tok.kind == "ANYTHING" and i + 1 < len(rest) and rest[i + 1].kind == "IT"
            )
            # "catches every mistranslation": "every" before a plain noun that
            # says no round, step or time, which says which things, not how
            # calls run
            every = (
                tok.kind == "EVERY" and tok.text in ("every", "each") and i + 1 < len(rest)
                and rest[i + 1].kind == "WORD" and rest[i + 1].text not in _ORDER_WORDS
            )
            # "double-checks its arithmetic": the slot's own thing
            mine = self._own_thing(verb.start_pos + 1 + i)
            # "before answering", "after testing the pressure": a step of
            # its own work, not another call
            step = (
                tok.kind in ("BEFORE", "AFTER") and i + 1 < len(rest)
                and rest[i + 1].kind == "WORD" and rest[i + 1].text.endswith("ing")
            )
            if not (tok.kind in _PLAIN or tok.kind == "ITS" or own or what or every or mine or step):
                raise Unsupported(f"{tok.text!r} in a promise of an unknown verb")
            if (tok.text in _ORDER_WORDS and not every) or any(c.isdigit() for c in tok.text):
                raise Unsupported(f"{tok.text!r}, which says how calls run or relate")
        self._names_nothing(verb.start_pos, "a promise of an unknown verb about something the pattern names", self._subject(items).slots)
        return self.behaviour(items)

    def _not_a_flow_verb(self, k: int) -> None:
        """The word at ``k``, a verb the reader does not know, is none that
        may say where information goes or how calls relate ("peeks at",
        "waits for"; "looks for" is searching)."""
        text = self.toks[k].text.lower()
        searching = text in ("looks", "look") and k + 1 < len(self.toks) and self.toks[k + 1].kind == "FOR"
        if (text.startswith(_FLOW_STEMS) and not searching) or any(c.isdigit() for c in text):
            raise Unsupported(f"{text!r}: a verb that may say where information goes or how calls relate")

    def behave_more(self, items: list[Any]) -> _Negated:
        """A further word of how after a comma ("a friendly, upbeat tone"):
        checked, like a negated promise, for naming nothing."""
        (comma,) = self._tokens(items, "COMMA")
        assert comma.start_pos is not None
        return _Negated(comma.start_pos + 1)

    def behaviour_output(self, items: list[Any]) -> Clause:
        """"The evaluator's score is a calibrated probability": what a
        delegate's output is like, which only the delegate controls."""
        (slot,) = self._tokens(items, "SLOT")
        names = _tok(self.toks, slot).names
        if len(names) != 1:
            raise Unsupported("the output of several slots")
        return self.behaviour([Subject((Calls(names[0]),))])

    def _negated_at(self, items: list[Any]) -> int | None:
        """Where a second, negated promise starts (checked on its own)."""
        return next((i.start - 1 for i in items if isinstance(i, _Negated)), None)

    def behaviour_contrast(self, items: list[Any]) -> Clause:
        """"The adversary digs for edge cases rather than nitpicking style":
        how a delegate works, said by what it does instead of something
        else, of nothing the pattern names but what the slot makes."""
        verb = self._tokens(items)[0]
        assert verb.start_pos is not None
        self._names_nothing(verb.start_pos, "a contrast about something the pattern names", self._subject(items).slots)
        return self.behaviour(items)

    def behaviour_supposing(self, items: list[Any]) -> Clause:
        """"The scanner treats every page as if it were the only surviving
        copy": what the delegate supposes, of nothing the pattern names."""
        (cond,) = self._tokens(items, "IF")
        assert cond.start_pos is not None
        self._names_nothing(cond.start_pos + 1, "a supposition about something the pattern names", self._subject(items).slots)
        return self.behaviour(items)

    def free_text(self, items: list[Any]) -> None:
        return None

    def behaviour_it(self, items: list[Any]) -> Clause:
        return self._clause(Subject((), it=True), self.behaviour([Subject(())]).build)

    def _negated_promise(self, items: list[Any]) -> None:
        """"never rounds up", but not "never answers or the theme notes"
        (after "sees only the grid,"), which names the pattern's things: a
        negated promise is read only of nothing the pattern names."""
        verb = self._tokens(items, "BEHAVE")[0]
        assert verb.start_pos is not None
        self._names_nothing(verb.start_pos + 1, "a negated promise about something the pattern names")
        # "never votes twice": no word after the verb says order or counts
        for tok in self.toks[verb.start_pos + 1 :]:
            if tok.kind in ("ONCE_N", "TIMES", "RUN", "CALLED") or tok.text in _ORDER_WORDS or any(c.isdigit() for c in tok.text):
                raise Unsupported(f"{tok.text!r}, which says how calls run or relate, in a negated promise")

    def behaviour_not(self, items: list[Any]) -> Clause:
        self._negated_promise(items)
        return self.behaviour(items)

    def behaviour_it_not(self, items: list[Any]) -> Clause:
        self._negated_promise(items)
        return self.behaviour_it(items)

    def purpose(self, items: list[Any]) -> None:
        """"..., so they can allow for the room", "... so it can check the
        ticket number": why what the sentence says before holds, what a
        delegate does with what it has. It is no claim, and is read as none
        where it says nothing of how calls run ("so the loop can run
        again") and, if it names anything of the pattern, nothing of what
        reaches whom or what a delegate knows ("so it sees the ticket
        number" may say what reaches the slot). Its words hold no negating
        or limiting word (the grammar's ``hword``)."""
        so = next(t for t in items if isinstance(t, Token) and t.type == "WORD")
        if str(so).lower() != "so":
            raise Unsupported(f"{str(so)!r} before a clause that may say why")
        assert so.start_pos is not None
        start = so.start_pos + 1
        self._says_no_calls(start, "a clause of why")
        if any(tok.kind in _REACHING or tok.text.lower() in _REACHING_WORDS for tok in self.toks[start:]):
            self._names_nothing(start, "a clause of why saying what reaches a delegate")
        return None

    def loose(self, items: list[Any]) -> None:
        return None

    def anytok(self, items: list[Any]) -> None:
        """A word of free text about what a delegate does: none that says
        how calls run or relate, which other claims check ("vote one after
        another", "score independently" are not a delegate's own doing).
        An adjective ("as separate findings") and another round ("before
        letting another cycle run") are."""
        (token,) = items
        tok = _tok(self.toks, token)
        k = token.start_pos
        assert k is not None
        after = self.toks[k + 1].kind if k + 1 < len(self.toks) else ""
        if tok.kind in CLAIMED and not (
            (tok.kind == "INDEP" and tok.text == "separate") or (tok.kind == "ANOTHER" and after in ("CALLS", "LOOP"))
        ):
            raise Unsupported(f"{tok.text!r}, which says how calls run or relate, in free text")
        before = self.toks[k - 1].kind if k > 0 else ""
        if (tok.kind == "CALLS" and before in ("ON", "IN", "AT", "FOR", "LATER", "FIRST")) or (
            tok.kind in ("LATER", "FIRST") and after == "CALLS"
        ):
            # "the judges score on retries only after the vet approves":
            # which calls a claim is of is not free text
            raise Unsupported(f"{tok.text!r}, which says which calls, in free text")
        return None

    def behaviour_calls(self, items: list[Any]) -> Clause:
        return Clause(None, lambda s: [Unverifiable("about what the delegates produce, which only they control")])

    def behaviour_model(self, items: list[Any]) -> Clause:
        # "sampling never sees the answer key": the model's sampling, said
        # to reach (or not) something the pattern names, is what a slot is
        # given, not the model's own doing ("sampling inherent to the
        # model", of an input `model`, names it and says nothing of that)
        kinds = {t.kind for t in self.toks}
        if kinds & {"INPUT", "VAR", "FIELD", "SLOT", "ROLE"} and kinds & {"SEE", "GIVEN", "REACH", "MEETS", "HANDS", "NEVER", "NOT", "NO"}:
            raise Unsupported("the model's sampling, said of what reaches a slot or is kept from it")
        # "variation between runs": the runs are the calls of the one slot
        # the loops call, when there is one (what the sampling is of)
        runs = any(t.text in KINDS["CALLS"] for t in self.toks)
        slot = self._calls_of(CallsNoun(None)).slot if runs and len(self.lex.looped) == 1 else None
        if slot is not None:
            # (the claim "`probe` reasons" reads back as)
            return Clause(None, lambda s: [Unverifiable(f"about what `{slot}` does itself, which only the delegate controls", slot)])
        return Clause(None, lambda s: [Unverifiable("about the model's own sampling, which no program controls")])

    def identical_cont(self, items: list[Any]) -> Clause:
        args = Args.merge(i for i in items if isinstance(i, Args)).names
        self._keys_passed([None], args)  # (whose calls "it" is, is not known here)
        told = self._instructions(args)
        return self._clause(
            Subject((), it=True), lambda s: [Identical(c, self._as_keys([c.slot], args), instructions=told) for c in s.calls]
        )
