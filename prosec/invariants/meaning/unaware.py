"""Rules of the English grammar about what a slot is not told: one method per
grammar alternative (``-> name`` in ``english.lark``)."""

from __future__ import annotations

import re
from typing import Any

from lark import Token

from ..claims import Claim, FromInput, Unaware
from ..lattice import Tok, identifies
from ..lexicon import plural, singular, words_of
from .base import Base, Clause, Obj, Subject, Unsupported, _tok

#: Words that say nothing about the hidden fact in "X does not know <fact>".
_HIDDEN_STOP = frozenset(
    "a an the it its it's is are was were be been being will would shall can could may "
    "might must has have had do does did that this these those of on to in at by for with "
    "against from about as part their his her own they them there any all each one "
    "other another who whom which what when whether if than then so and or "
    "someone somebody anyone anybody everyone everybody something being going after before rest elsewhere "
    # words of how often or whether something happens, which any prompt may
    # say ("run the checks", "three times"): no word of a hidden fact
    "run runs ran running called calls calling used uses using exists exist existing several many "
    "times once twice again more "
    # nor of whether it takes place at all ("that an identity check is
    # happening", "took place")
    "happen happens happened happening occur occurs occurred occurring take takes took taking place "
    # nor the particle of a phrasal verb or a word of when ("will be worked
    # out afterwards")
    "out up off afterwards afterward "
    # nor a verb of passing through something ("that the batch went through
    # an audit"): the fact is what it went through
    "go goes went gone through undergo undergoes underwent undergone".split()
)


#: Verbs of telling: "nothing tells the slot that ..." is that it is not told.
_TELLS = frozenset("tells warns alerts".split())
#: Words for an unnamed someone, before "else"
_ANYONE = frozenset("anyone anybody someone somebody everyone everybody".split())

_NOT_TOPIC = frozenset("AGAINST TO FROM WITH OF ON BY FOR ABOUT IN AT OVER ACROSS ITS POSS OWN AUX".split())

#: Verbs by which a slot named in a hidden fact acts on the pattern's data
#: ("that a validator will check the cleaned data")
_ACTION_KINDS = frozenset("EVALUATE BEHAVE RUN CALLED APPROVE BLOCK SEE MERGE HANDLED GIVE REMOVED".split())


#: Words that limit a claim to some calls or times, which no rule of "which
#: X ..." gives a meaning.
_WHEN_KINDS = frozenset("CALLS EVERY FIRST LATER PRIOR CURRENT ONCE ONCE_N TIMES AFTER BEFORE WHEN IF NUMBER".split())
_SOME = frozenset(("most", "some", "few", "several", "many"))
#: Kinds of a word with no article after a slot that is not its verb.
_NOT_VERBS = frozenset("POSS ITS OWN COMMA AND OR BE HAVE INPUT SLOT THAT OF".split())


#: Kinds of a verb whose subject is what "which X" names ("which rooms
#: failed inspection", "which bids are approved").
_VERB_KINDS = frozenset("FAILS REJECTED APPROVE BLOCK SUCCESS".split())
#: Kinds after "which X" that add a second thing ("which beach or which day")
_NAMING_TAIL = frozenset("OR AND NOR COMMA".split())
#: Words that compare ("which quote is better", "which is best")
_COMPARING = frozenset("best worst better worse most least more less first last".split())
#: Words that say where something is ("which rooms are on the list")
_PLACES = frozenset("ON IN AT FROM OF FOR TO WITH BY ABOUT".split())


class UnawareRules(Base):
    """Rules of the English grammar about what a slot is not told."""

    def unaware_denied(self, items: list[Any]) -> Clause:
        hidden = next(i for i in items if isinstance(i, list))
        marked = {t.type for t in self._tokens(items)} & {"THAT", "OF"}
        if not marked and _tok(self.toks, hidden[0]).kind != "IT":
            # "knows it is part of a dialectic" is a fact known; "learns from
            # its failures" is what it does
            raise Unsupported("knowing, said of no fact")
        return self._denied(self.unaware(items))

    def hword(self, items: list[Any]) -> Token:
        token: Token = items[0]
        return token

    def hidden(self, items: list[Any]) -> list[Token]:
        if any(_tok(self.toks, t).text in ("who", "whom") for t in items):
            # "does not know who the student is": someone's identity, not a
            # fact that words in a prompt could give away
            raise Unsupported("not knowing who someone is")
        if _tok(self.toks, items[0]).text in ("why", "how", "where"):
            # "never learns why an earlier one failed", "where the hiker was
            # found": a question whose answer is a value the slot may be
            # given (a failure, a place), not a fact that words in a prompt
            # give away
            raise Unsupported("not knowing why, how or where something is")
        if any(_tok(self.toks, t).text == "which" for t in items):
            # "is never told which language the source was written in": a
            # value (the pattern's data, often under another word), not a fact
            raise Unsupported("not knowing which one something is")
        return list(items)

    def _is_data_key(self, tok: Tok) -> bool:
        """A word that names a key of the program's data (a field of a result
        it reads, or one a slot declares)."""
        keys = self.lex.read_keys | self.lex.declared_keys
        said = tok.text.replace(" ", "_")
        # (in either number: "the exhibits", of `entry.exhibit`)
        return tok.kind in ("FIELD", "WORD", "DECLARED") and bool({*tok.names, said, singular(said), plural(said)} & keys)

    def _terms(self, hidden: list[Token], subject: Subject) -> tuple[str, ...]:
        """The words that name the hidden fact: other slots, and content words
        ("being watched", "part of a dialectic"), but not a verb after an
        auxiliary ("will rule"), not the program's own data, and not the
        owner's things after a possessive."""
        toks = [_tok(self.toks, t) for t in hidden]
        terms: list[str] = []
        acts: list[str] = []
        for i, tok in enumerate(toks):
            before = toks[i - 1].kind if i > 0 else ""
            if before in ("ITS", "OWN") or (before == "POSS" and i > 1 and toks[i - 2].kind != "WORD"):
                # the owner's own thing ("its review", "the critic's notes");
                # after an owner the pattern has no name for ("somebody's
                # fallback") the word is the fact's
                continue
            # "a refinement loop", "part of an ensemble": a word that shares
            # its stem with a slot's name stands for the slot and for
            # itself, in one reading (the word's other readings are dropped)
            stem = self._stem_slot(tok.text)
            if stem is not None and tok.kind != "SLOT":
                raise Unsupported(f"{tok.text!r}, read with the slot {stem!r} it shares a stem with")
            # what another slot named in the fact acts on ("that a validator
            # will check the cleaned data") is the pattern's data, not the fact
            acted = self._acted_on(hidden[:i])
            if tok.kind == "ROLE" and before in ("ANOTHER", "OTHER"):
                # "that it gates another service": every slot but the
                # subject's, read only where that is one slot
                others = [n for n in tok.names if n not in subject.slots]
                if len(others) != 1 or subject.it:
                    raise Unsupported("another delegate, of several, in a hidden fact")
                terms += [n for n in others if n not in terms]
                continue
            if (
                before == "AUX" and (actor := self.lex.acts.get(tok.text)) is not None and actor not in subject.slots
                and not (i > 1 and toks[i - 2].kind in ("SLOT", "ROLE"))
            ):
                # "that the club will vote on its suggestions", of a `voter`:
                # the fact is that slot's doing, said of no slot by name
                # (not "an arbiter will act on it": the arbiter's doing)
                acts.append(actor)
                if tok.text not in _HIDDEN_STOP:
                    acts.append(tok.text)  # a prompt that says "vote" says so
                continue
            if tok.kind != "SLOT" and self.lex.acts.get(tok.text) in subject.slots:
                continue  # "that the roster will be reviewed", of the rosterer: its own work
            if tok.kind == "SLOT":
                terms += [n for n in tok.names if n not in terms and n not in subject.slots]
                act = tok.text.split()[-1]
                if " " in tok.text and self.lex.acts.get(act) in tok.names and act not in terms and act not in _HIDDEN_STOP:
                    # "that an identity check took place": a prompt that
                    # says the check was made says so without the slot's name
                    terms.append(act)
                if stem is not None and not acted and tok.text not in terms and tok.text not in _HIDDEN_STOP:
                    terms.append(tok.text)
                elif (
                    " " not in tok.text and tok.text not in terms and tok.text not in _HIDDEN_STOP
                    and any(len(words_of(n)) > 1 and tok.text in words_of(n) for n in tok.names)
                    and not any(tok.text in words_of(own) for own in subject.slots)
                ):
                    # "a carpenter has looked at the frame", of a
                    # `frame_carpenter`: the word the sentence names it by,
                    # which a prompt that says it says too
                    terms.append(tok.text)
                continue
            if acted and (tok.kind == "INPUTS" or (tok.kind in ("WORD", "OUTPUT", "FIELD") and tok.article)):
                continue  # "the cleaned data", "cleared the dive": what the slot acts on
            if (
                tok.kind == "VAR" and not acted and (maker := self.lex.acts.get(tok.text)) is not None
                and maker not in subject.slots and self.lex.maker(tok.text) == maker
            ):
                # "that the batch went through an audit", of `let audit =
                # call auditor`: the auditor's doing, or the local that holds
                # what it found? Not read as either
                raise Unsupported(f"{tok.text!r}, a local named for what its delegate does, in a hidden fact")
            if before == "BY" and tok.kind in ("VAR", "INPUT"):
                # "that its blends are tasted by a panel", of a config
                # `panel_size`: who does it is the fact, named by no slot
                raise Unsupported("the doer of a hidden fact, named as the pattern's data")
            if before == "AUX" or tok.kind in ("VAR", "INPUT", "FIRST", "PRIOR", "LATER", "CURRENT"):
                continue
            if (
                before == "BE" and i > 1 and toks[i - 2].kind == "AUX" and tok.kind == "WORD"
                and terms and tok.text not in self.lex.acts
            ):
                # "that a price will be worked out": the fact is the price,
                # the verb after "will be" is none of its words, as after
                # "will" (but "that its work will be attacked" is the attack)
                continue
            if tok.article and tok.text in self.lex.variables:
                continue  # "the proposal": the pattern's data, whatever the word's kind
            if (
                tok.article and i == next((k for k, t in enumerate(toks) if t.kind not in ("THAT", "OF", "ABOUT")), -1)
                and any({tok.text, singular(tok.text), plural(tok.text)} & self.lex.passed_keys.get(s, frozenset()) for s in subject.slots)
            ):
                # "the samples are going to be judged", of a steward passed
                # `sample`: what the slot is handed is the fact's topic, not
                # what is hidden from it
                continue
            if self._is_data_key(tok):
                # "that a curator will decide on withdrawals", of a key
                # `withdrawals`: the program's data where it is not the
                # topic (which is not read at all), no word of the fact
                continue
            for word in tok.text.split():
                if re.fullmatch(r"[a-z][a-z_]*", word) and word not in _HIDDEN_STOP and word not in terms:
                    named = None if (word,) in self.lex.forms else self.lex.forms.get(("^" + word,))
                    if (
                        word in self.lex.variables
                        # "a panel", of an input `panel_size`: bare, in the
                        # canonical form, the word names the input
                        or (named is not None and named[1].kind != "slot")
                        or (" " in tok.text and stem is None and any(self._stem_slot(t.text) for t in toks))
                    ):
                        # a local's name, or a phrase cut in words, beside a
                        # word read with a slot: the canonical form would not
                        # read back as these terms
                        raise Unsupported(f"{word!r} as a word of a hidden fact")
                    terms.append(word)
        if acts:
            # (the slot that does it is what is hidden: the other words
            # say who, in the writer's words for it)
            return tuple(dict.fromkeys([*acts, *(n for n in terms if n in self.lex.slots)]))
        return tuple(terms)

    def unaware(self, items: list[Any], *, mention: bool = False) -> Clause:
        hidden = next(i for i in items if isinstance(i, list))
        if any(_tok(self.toks, t).text in ("who", "whom") for t in self._tokens(items, "THAT")):
            raise Unsupported("not knowing who someone is")  # see hidden()
        if any(_tok(self.toks, t).text == "which" for t in self._tokens(items, "THAT")):
            # "is told which vessel it is signing off", "never learns which
            # page was audited": which value it is given, not a fact; but
            # "which attempt it is judging", "which planning round it is
            # reviewing" speak of the calls, which no value names
            lead = [_tok(self.toks, t).kind for t in hidden[:2]]
            if not (lead[:1] == ["CALLS"] or lead[:2] in (["WORD", "CALLS"], ["ACT", "CALLS"])):
                raise Unsupported("not knowing which one something is")
        if [(_tok(self.toks, t).kind, _tok(self.toks, t).text) for t in hidden[:2]] == [("ANYTHING", "anything"), ("ABOUT", "about")]:
            # ("does not know anything about the announcer": the fact is the
            # announcer, read as "is not told anything about")
            raise Unsupported("'anything about' as the words of a hidden fact")
        marked = mention or {t.type for t in self._tokens(items)} & {"THAT", "OF", "ABOUT", "UNAWARE"}
        kinds = {_tok(self.toks, t).kind for t in hidden}
        verbs = {"BE", "AUX", "HAVE", "RUN", "CALLED", "KNOW", "SEE", "GIVEN", "EVALUATE", "BEHAVE", "APPROVE", "BLOCK"}
        # a possessive with no verb is a thing however long ("a carrier's
        # confirmation code"), not a fact
        noun_phrase = kinds <= {"SLOT", "INPUT", "VAR", "FIELD", "POSS", "ITS", "OWN", "OUTPUT", "ORIGINAL", "MADE"} or (
            "POSS" in kinds and not kinds & verbs
        ) or (
            # "never learns the privilege basis": a name and a noun (not
            # "a critic exists", a clause)
            "SLOT" in kinds and kinds <= {"SLOT", "WORD"} and len(hidden) > 1
            and not any(_tok(self.toks, t).text in ("exist", "exists") for t in hidden)
        ) or (
            # "never learns the outcome of its earlier passes": a result,
            # said first and with no verb, is a thing however it goes on
            _tok(self.toks, hidden[0]).kind in ("OUTPUT", "FIELD", "VAR", "WORKING", "ORIGINAL", "PRIOR")
            and not kinds & verbs
        ) or (
            # "never learns what the conflict finder found": the slot's
            # output, a thing
            _tok(self.toks, hidden[0]).kind == "ANYTHING" and kinds <= {"ANYTHING", "SLOT", "AUTHORED", "PRODUCED"} and "SLOT" in kinds
        )
        said = [_tok(self.toks, t) for t in hidden if _tok(self.toks, t).kind not in ("OF", "THAT", "ABOUT")]
        if said and said[0].kind == "ANYTHING" and said[0].text in ("what", "whatever"):
            # "is unaware of what earlier stages produced", "never learns
            # what the claimant said they lost": what someone made or said is
            # a thing that reaches the slot (or not), not a fact prompts name
            raise Unsupported("not knowing what something is or says, a thing rather than a fact")
        if kinds & {"POSS", "MADE"} and not kinds & verbs:
            # "is told nothing about the pharmacist's verdict": a delegate's
            # thing is what reaches the slot, however it is introduced
            raise Unsupported("not knowing a thing of a delegate's rather than a fact")
        if not marked and noun_phrase:
            # "never learns the buyer's budget": a thing, not a fact; that
            # is what a slot receives, not what it knows
            raise Unsupported("not knowing a thing rather than a fact")
        lead = [_tok(self.toks, t).kind for t in hidden]
        if (lead == ["INPUT"] and marked) or lead == ["THERE", "BE", "INPUT"]:
            # "is unaware of the budget", "does not know there is a budget":
            # of an input named in one word, by that word, that nothing it is
            # given names: not the input (its name names it), nor a word of it
            token = _tok(self.toks, hidden[-1])
            if len(token.names) != 1 or "_" in token.names[0] or token.text != token.names[0]:
                raise Unsupported("an input not named by its one word")
            return self._clause(self._subject(items), lambda s: [Unaware(c, token.names) for c in s.calls])
        if any(
            (
                _tok(self.toks, t).kind in ("INPUT", "VAR")
                # "never learns which name the perfumer chose": a field of a
                # result is the program's data too
                or self._is_data_key(_tok(self.toks, t))
            )
            and (
                k == 0
                or _tok(self.toks, hidden[k - 1]).kind not in _NOT_TOPIC
                # ("unaware of any approval step": the word that opens the
                # fact is no preposition inside it)
                or (k == 1 and _tok(self.toks, hidden[0]).kind in ("OF", "ABOUT"))
            )
            and not self._acted_on(hidden[:k])
            for k, t in enumerate(hidden)
        ):
            # "never learns which tier wrote each report", "is not told that
            # either party has a budget": a fact about the program's own data
            # is about what a slot receives, which terms in a prompt cannot
            # show; the data may only stand where it is not the topic
            # (_NOT_TOPIC: "that its output is weighed against the proposal")
            raise Unsupported("a hidden fact about the pattern's own data")
        if lead == ["OTHER", "WORD"] and _tok(self.toks, hidden[1]).text in ("exists", "exist"):
            # "neither role is told that the other exists", of two slots:
            # each, of the other one
            def others(s: Subject) -> list[Claim]:
                pair = tuple(dict.fromkeys(s.slots))
                if len(pair) != 2 or s.it:
                    raise Unsupported("'the other', of a subject that is not two slots")
                return [Unaware(c, tuple(x for x in pair if x != c.slot)) for c in s.calls]

            return self._clause(self._subject(items), others)
        if said and said[0].text in _ANYONE and len(said) > 1 and said[1].kind == "ELSE":
            # "does not know anyone else is tasting the batch": someone
            # else doing the subject's own work ("tasting", of tasters) is
            # its other calls; anyone else doing anything else is no one
            # the words name
            rest = said[2:]
            if rest and rest[0].kind in ("BE", "AUX"):
                rest = rest[1:]
            own = self._subject(items).slots
            if rest and self.lex.acts.get(rest[0].text) in own and len(set(own)) == 1:
                return self.unaware_others(items)
            raise Unsupported("someone else, unnamed, in a hidden fact")
        if said and said[0].text in _ANYONE:
            # "does not know anyone was asked before it", "that anyone
            # will put a price on what they find": the fact is that some
            # delegate, unnamed, does it, which no word of a prompt need say
            # (the backup told "the first volunteer could not go"); but
            # "that anyone is observing its work" names the observer by
            # what it does
            rest = [t for t in said[1:] if t.kind not in ("BE", "AUX")]
            doer = self.lex.acts.get(rest[0].text) if rest else None
            if doer is None or doer in self._subject(items).slots:
                raise Unsupported("someone, unnamed, in a hidden fact")
        kinds_said = [_tok(self.toks, t).kind for t in hidden]
        if kinds_said in (["OTHER", "SLOT", "WORD"], ["ANY", "OTHER", "SLOT", "WORD"]) and _tok(self.toks, hidden[-1]).text in ("exist", "exists"):
            # "miners don't know other miners exist": that the subject's own
            # slot has other calls, named by its name
            subject_slots = set(self._subject(items).slots)
            if len(subject_slots) == 1 and set(_tok(self.toks, hidden[-2]).names) == subject_slots:
                return self._others(items, exist=True)
        # "that it gates another service", where a word for every slot
        # stands after "another": the one slot that is not the subject
        # (_terms), which says who is meant
        role_of_other = {k for k in range(len(kinds_said) - 1) if kinds_said[k] in ("ANOTHER", "OTHER") and kinds_said[k + 1] == "ROLE"}
        if any(kind in ("ANOTHER", "OTHER", "PEER", "EACHOTHER") and k not in role_of_other for k, kind in enumerate(kinds_said)):
            # "unaware that another researcher tried first": which delegates
            # "another" stands for is not said, so no term can stand for them
            raise Unsupported("another delegate, unnamed, in a hidden fact")

        def build(s: Subject) -> list[Claim]:
            terms = self._terms(hidden, s)
            if not terms:
                raise Unsupported("nothing named as hidden")
            return [Unaware(c, terms) for c in s.calls]

        return self._clause(self._subject(items), build)

    unaware_negsubj = unaware

    def _acted_on(self, before: list[Token]) -> bool:
        """The data that follows these words is what another slot acts on
        ("that a safety officer reviews the plan"): the fact is the slot's
        doing, and the data is not its topic."""
        toks = [_tok(self.toks, t) for t in before]
        kinds = [t.kind for t in toks]
        if "SLOT" not in kinds:
            return False
        after = toks[kinds.index("SLOT") + 1 :]
        # a verb, whatever kind the vocabulary gives its word ("cleared",
        # "reviews", "will sign off"), is a word with no article before what
        # it acts on ("that a dive master cleared the dive")
        return bool({t.kind for t in after} & _ACTION_KINDS) or any(not t.article and t.kind not in _NOT_VERBS for t in after)

    def unaware_mention(self, items: list[Any]) -> Clause:
        """"nothing passed to the proposer mentions an adversary": of another
        slot, what the slot is given never names it."""
        hidden = next(i for i in items if isinstance(i, list))
        if {_tok(self.toks, t).kind for t in hidden} != {"SLOT"}:
            raise Unsupported("a mention of something other than a slot")
        return self.unaware(items, mention=True)

    def unaware_mention_that(self, items: list[Any]) -> Clause:
        """"Nothing the advancer is given mentions that a certifier checks
        its steps": what the slot is given never names the fact."""
        return self.unaware(items, mention=True)

    def _which_input(self, items: list[Any]) -> Obj:
        """"which region the failed bid was for": the input `region`, named
        by its own words (not an element of a list input, "which tier wrote
        each report", which is a pairing, not the list)."""
        (which,) = self._tokens(items, "THAT")
        after = [_tok(self.toks, t).kind for i in items if isinstance(i, list) for t in i]
        # "is not told who the incumbent is": the input that names someone,
        # said by its own name with nothing after it but "is"
        who = str(which).lower() in ("who", "whom") and after == ["BE"]
        if str(which).lower() != "which" and not who:
            raise Unsupported("told that or who, not which")
        tail = [_tok(self.toks, t) for i in items if isinstance(i, list) for t in i]
        if any(t.kind in _WHEN_KINDS or t.text in _SOME for t in tail):
            # "which sectors were assigned in most rounds": the words after
            # the input describe it; a limit to some calls is no description
            raise Unsupported("which one of something, limited to some calls")
        if tail and not tail[0].article and tail[0].kind in _VERB_KINDS:
            # "which rooms failed inspection": which of them has some
            # property, a finding of the program's, not the input itself
            # (unlike "which region the failed bid was for")
            raise Unsupported("which of an input's things has some property: not the input")
        if any(t.kind in _NAMING_TAIL for t in tail):
            # "which beach or which day the walk is on": a second thing is
            # said, not words of the first
            raise Unsupported("which one of something, and a second thing said after it")
        if any(t.text in _COMPARING or (t.text.endswith("est") and len(t.text) > 5) for t in tail):
            # "which week is busiest", "which quote is better": which one
            # compares so, a finding the input does not tell
            raise Unsupported("which of something compares so: not the input")
        (token,) = self._tokens(items, "INPUT")
        names = self._names(token)
        text = _tok(self.toks, token).text
        if len(tail) == 2 and tail[0].kind == "BE" and tail[1].kind not in _PLACES and singular(text.lower()) != text.lower():
            # "which acts are tied", "which pupils were held back": which of
            # many things has some property, not the input (unlike "which
            # tier was probed", of the one tier, or "which rooms are on the
            # list")
            raise Unsupported("which of an input's things is something: not the input")
        # ("which sample", of `sample_id`: the input that says which one)
        identity = len(names) == 1 and identifies(names[0], text)
        if len(names) != 1 or (text != names[0].replace("_", " ") and not identity):
            raise Unsupported("which one of something other than one input, named by its name")
        if not identity and any(_tok(self.toks, t).kind == "IT" for i in items if isinstance(i, list) for t in i):
            # "which document it is checking": the slot works on it, so the
            # question is which one it is, not whether the slot has it
            raise Unsupported("which one of what the slot itself works on")
        return Obj(source=FromInput(names[0]), names=names)

    def _who_input(self, items: list[Any]) -> Obj:
        """"who the student is": the one input named for that person's
        name or id (`student_name`, `student_id`)."""
        (who,) = self._tokens(items, "THAT")
        if str(who).lower() not in ("who", "whom"):
            raise Unsupported("which or that, not who")
        (word,) = self._tokens(items, "WORD")
        text = _tok(self.toks, word).text
        found = [n for n in sorted(self.lex.inputs) if n in (f"{text}_name", f"{text}_id", f"{singular(text)}_name", f"{singular(text)}_id")]
        if len(found) != 1:
            raise Unsupported("who someone is, with no one input naming them")
        return Obj(source=FromInput(found[0]), names=(found[0],))

    def told_who(self, items: list[Any]) -> Clause:
        obj = self._who_input(items)
        return self._clause(self._subject(items), lambda s: self._need(s, [obj]))

    def told_who_neg(self, items: list[Any]) -> Clause:
        obj = self._who_input(items)
        return self._clause(self._subject(items), lambda s: self._forbid(s, [obj]))

    def told_which(self, items: list[Any]) -> Clause:
        obj = self._which_input(items)
        return self._clause(self._subject(items), lambda s: self._need(s, [obj]))

    def told_which_neg(self, items: list[Any]) -> Clause:
        obj = self._which_input(items)
        return self._clause(self._subject(items), lambda s: self._forbid(s, [obj]))

    def unaware_tells(self, items: list[Any]) -> Clause:
        """"Nothing tells the proposer that an adversary will go after its
        proposal": the slot is not told it."""
        (verb,) = self._tokens(items, "WORD")
        if str(verb).lower() not in _TELLS:
            raise Unsupported("nothing does something other than tell")
        return self.unaware(items)

    def unaware_others_named(self, items: list[Any]) -> Clause:
        """"Each inspector is unaware of the other inspectors": of the
        subject's own slot, its other calls; of another slot it is not read
        ("the other reviewers", said of the planner, names no one else)."""
        who = [i for i in items if isinstance(i, tuple)][-1]
        subject = self._subject(items)
        if subject.it or subject.negative or set(who) != set(subject.slots):
            raise Unsupported("'the other X', of a subject that is not X")
        return self.unaware_others(items)

    def unaware_others_else(self, items: list[Any]) -> Clause:
        """"Members aren't told that anyone else is tackling the same job",
        "colleagues are unaware that anyone else was asked": someone else
        doing the same, or asked as they are, is another call of their own
        slot ("someone else will mark the answers" may be another slot, and
        is not read)."""
        (who,) = self._tokens(items, "WORD")
        if str(who).lower() not in ("anyone", "someone", "anybody", "somebody"):
            raise Unsupported(f"'{who} else': not someone else")
        said = {t.type for t in items if isinstance(t, Token)}
        if not said & {"SAME", "CALLED"}:
            raise Unsupported("someone else doing something other than the same, or being asked")
        return self._others(items, exist=True)

    def unaware_others_exist(self, items: list[Any]) -> Clause:
        """"Markers are not told that other markers are scoring the same
        drive": that the subject's own slot has other calls (of another
        slot, "the other reviewers" said of the planner, not read)."""
        who = [i for i in items if isinstance(i, tuple)][-1]
        subject = self._subject(items)
        if subject.it or set(who) != set(subject.slots):
            raise Unsupported("'other X', of a subject that is not X")
        (other,) = self._tokens(items, "OTHER")
        assert other.start_pos is not None
        after = [str(t).lower() for t in self._tokens(items) if t.start_pos is not None and t.start_pos > other.start_pos]
        if after in ([], ["exist"], ["exists"]):
            raise Unsupported("'that other X exist', read by the hidden fact's own rule")
        return self._others(items, exist=True)

    def unaware_others(self, items: list[Any]) -> Clause:
        """"Reviewers are unaware of each other": nothing a call is given
        names the slot (its whole name: "write a checklist", the task of a
        `checklist_writer`, names no other writer) or hands it another
        call's output."""
        return self._others(items, exist=False)

    def _others(self, items: list[Any], *, exist: bool) -> Clause:
        return self._clause(
            self._subject(items),
            lambda s: [Unaware(c, (c.slot,) if c.slot else (), others=True, exist=exist) for c in s.calls],
        )
