"""Parse tree → claims, the part every claim kind shares: the sentence,
its subjects, objects and sources (the rules of each claim kind are its sibling modules)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from lark import Token
from lark.visitors import Transformer

from ..claims import (
    AnyResult,
    Bounded,
    CallCount,
    Calls,
    Claim,
    Denied,
    ExactlyOnce,
    Firewall,
    FromField,
    FromInput,
    FromOthers,
    FromSlot,
    FromVar,
    Identical,
    Isolation,
    Monotonic,
    OtherElements,
    Phase,
    Receives,
    ReturnPath,
    Returns,
    ReturnsField,
    Source,
    Unchanged,
    Unverifiable,
)
from ..earley import FLOW
from ..lattice import _DISTRIBUTIVE, _NUMBERS, Tok, _declared_key
from ..lexicon import Lexicon, is_count, plural, singular, words_of
from ..words import KINDS

#: Words before an input that say how it was given, and name it the same
_DECLARING = frozenset({"configured", "declared", "given", "supplied", "provided", "specified", "stated", "submitted"})

#: Words for an input as the caller gave it, which say it is not changed
#: ("never gets the original brief": none of it, or not as given)
_AS_GIVEN_WORDS = frozenset({"original", "initial", "unmodified", "unaltered", "untouched", "pristine"})
#: nouns for one round of a loop, in "from the same round", "from earlier passes"
_ONE_ROUND = frozenset(
    "round rounds pass passes cycle cycles iteration iterations attempt attempts turn turns sitting sittings".split()
)

#: Verbs of writing a text down: "exactly as the doctor wrote it".
_WROTE = frozenset("wrote reported said".split())

#: Plain words that still say how calls run or relate.
_ORDER_WORDS = frozenset(
    "first second third fourth last next then later earlier once twice thrice again alone together "
    "simultaneously concurrently parallel sequentially serially afterwards beforehand meanwhile turn turns "
    "round rounds time times attempt attempts step steps each every all both".split()
)

_BIAS = frozenset("favour favours favouring favor favors favoring flatter flatters flattering".split())


class _Keys(tuple[str, ...]):
    """Keys named in a row, and whether the first was said with no article
    of its own ("the editor's verdict or reasons")."""

    bare: bool

    def __new__(cls, keys: Iterable[str], *, bare: bool = False) -> _Keys:
        made = super().__new__(cls, keys)
        made.bare = bare
        return made


@dataclass(frozen=True, slots=True)
class _CountedBy:
    """A loop named by a word that only its bound can tell ("the rerun loop")."""

    word: str


@dataclass(frozen=True, slots=True)
class _LoopAround:
    """A loop named by a slot called in it ("the editor loop"), of several."""

    slot: str


@dataclass(frozen=True, slots=True)
class _LoopNamed:
    """A loop named by its variable or its local ("the trial loop"), of several."""

    name: str


#: words of a config entry's name that say it is a count, not what it counts
_COUNT_WORDS = frozenset("max min num number count size limit total cap n".split())


class Unsupported(Exception):
    """A parse whose meaning no claim kind expresses."""


#: Words that make a number's name a count of something ("max_revisions"),
#: not the things it counts ("banner_drafts").
_COUNT_WORDS = frozenset("max min maximum minimum num number count total limit size cap budget".split())

#: Verbs of concluding: "what X found" is X's output.
_CONCLUDED = frozenset("finds found thinks thought concludes concluded notices noticed".split())

#: Verbs of saying or proposing: "what another agency offered" is its output.
_SAID = frozenset(
    "said predicted offered suggested proposed recommended reported estimated quoted replied "
    "wrote concluded advised argued answered".split()
)

#: Verbs of giving a verdict: "how X voted" is X's output.
RULED = frozenset(
    "voted vote ruled rule scored score graded grade rated rate ranked rank "
    "classified classify decided decide answered answer judged judge".split()
)


def _twin_keys(name: str, keys: Collection[str]) -> list[str]:
    """The other keys of ``keys`` that ``name``, itself one of them, is the
    plural or the singular of (`price` beside `prices`)."""
    if name not in keys:
        return []
    return sorted(k for k in {singular(name), plural(name)} - {name} if k in keys)


@dataclass(frozen=True, slots=True)
class Subject:
    """The calls a clause is about; ``negative`` when the subject itself
    negates ("no reviewer", "neither A nor B"); ``it`` for a pronoun."""

    calls: tuple[Calls, ...]
    negative: bool = False
    it: bool = False
    #: said of every one ("each translator", "all stages", "both
    #: researchers"): what it receives, each of its calls receives
    every: bool = False

    @property
    def slots(self) -> tuple[str, ...]:
        return tuple(c.slot for c in self.calls if c.slot is not None)


@dataclass(frozen=True, slots=True)
class Obj:
    """Something a clause says reaches (or not) a slot.

    ``owner`` is a slot, ``OTHER`` ("the other's") or ``ITS``; ``what`` says
    which of its values: ``output``, ``prior``, ``current``, ``every``,
    ``slot`` (a bare slot), ``fields``. For other objects ``source`` is set.
    """

    source: Source | None = None
    owner: str | None = None
    what: str = "output"
    fields: tuple[str, ...] = ()
    original: bool = False
    names: tuple[str, ...] = ()
    #: named in the singular for a list ("the chunk" of `chunks`): one element
    element: bool = False
    #: "either X": kept away, each of X; received, only one of them
    either: bool = False
    #: the local the sentence named for the slot's output ("the plan")
    local: str | None = None
    #: "its own": the subject's, whatever was named before
    own: bool = False
    #: "its brief", of a list input: the subject's element (or, after
    #: another owner, maybe that one's)
    its: bool = False
    #: "the whole X": all of it, a thing said only of what is received
    whole: bool = False
    #: "the scene list itself": the list, all of it on each call, where
    #: received (kept away, the same as the list)
    itself: bool = False
    #: "both X and Y" after a verb: received, each of them; kept away, only
    #: the pair ("never sees both" allows one), which no claim says
    both: bool = False
    #: a noun for a result said with no article of its own ("the
    #: secretary's notes or verdict"): after a possessive, the possessor's
    bare: bool = False
    #: the noun a result was called by when it names a kind of result
    #: ("the verdict", "a critique"), not any result ("the output")
    noun: str = ""
    #: "each other's", "one another's": of the subject's other slots when it
    #: names several, else of the other calls of its one slot
    reciprocal: bool = False
    #: named with the slot that made it ("the statements the spotter
    #: found"): received by a slot called more than once, all of it in each
    #: call or a part in each is not said
    made: bool = False
    #: "the other side", "the other party": another slot, named by a word
    #: for every slot (never another call of the subject's own)
    role: bool = False


#: nouns for a result that name no key, whatever the slots declare
#: Nouns for any delegate's result, whatever it is called ("the context"
#: between stages: whatever one stage hands the next).
_ANY_RESULT = frozenset({"output", "outputs", "result", "results", "work", "context"})

#: Nouns for a verdict: of no slot whose `ensures:` calls its result so, the
#: result of the one slot whose verdict the program tests.
_VERDICT_NOUNS = frozenset("verdict ruling decision judgement judgment".split())

OTHER = "\x00other"
ITS = "\x00its"


@dataclass(frozen=True, slots=True)
class _Rounds:
    """The rounds of the delegation's one loop, named by its own word."""

    word: str


@dataclass(frozen=True, slots=True)
class _Relative:
    """A clause about the value before it ("the alert that fired")."""


@dataclass(frozen=True, slots=True)
class _OwnWork:
    """A clause of a slot's own work after what it is given ("before
    drawing up the plan"): where it starts, and its first word."""

    start: int
    word: str


@dataclass(frozen=True, slots=True)
class _Tail:
    """What an unreadable verdict does: stop the delegation, or count as a
    refusal."""

    refusal: bool
    #: the slots it keeps from running ("the target is not called",
    #: "nothing is booked"); None: the delegation after the verdict
    targets: tuple[Calls, ...] | None = None
    #: "never counts as certification": the approval of the slot named
    #: for that activity, which must be the approver's own
    approval_of: str | None = None
    #: a refusal said as never counting as approval ("never approves"),
    #: not as counting as a refusal ("counts as a rejection")
    approval: bool = False


@dataclass(frozen=True, slots=True)
class _SaidAlways:
    """"Always", "every round": what follows or comes before is given to
    every call of the slot, said so."""


@dataclass(frozen=True, slots=True)
class _Negated:
    """A second, negated promise about what a delegate does, from the token
    at ``start`` on ("... and never guesses")."""

    start: int


class _Or:
    """The mark ``conj`` leaves where values are joined by "or"."""


_OR = _Or()


@dataclass(frozen=True, slots=True)
class _Concession:
    """"whatever the chef says", "however many rounds there are": the
    sentence's claim holds on every path (see ``Meaning.concede``)."""


#: the claims a concession may go with: each holds on every path already
#: (a limit, a count, a return of every path), so "whatever happens" adds
#: nothing to check. Not what a slot receives or knows ("whatever the
#: guard decides, the target gets the brief" says the target runs too),
#: nor a gate, which a concession would contradict.
_CONCEDED = (Isolation, Firewall, CallCount, Identical, ExactlyOnce, Monotonic, Bounded, ReturnsField)


@dataclass(frozen=True, slots=True)
class _Activity:
    """"... before deciding", "... when weighing the estimate": the
    slot's own work, done with what the sentence says it receives (see
    ``Meaning.activity``)."""

    #: said with "before", which a denial may be of ("never reads the
    #: memo before drawing up its plan": perhaps after)
    before: bool


@dataclass(frozen=True, slots=True)
class _Also:
    """The clause before, said again of another subject ("..., and so does
    the registrar", "..., and the back-translator too"); ``it``: said with
    a pronoun for what the clause before names ("..., and the broadcaster
    sees it too"), which must be one thing."""

    subject: Subject
    it: bool = False
    #: said with other objects, the verb left out ("..., and the tallier
    #: the species list"): what the subject receives, or never does, as
    #: the clause before says of its own
    objs: tuple[Obj, ...] = ()
    unchanged: bool = False
    #: said with another count, the verb left out ("..., and the chair
    #: exactly once"): its own meaning, after a clause of call counts
    counted: Clause | None = None
    #: the count said "exactly" ("and the chair exactly once")
    exactly: bool = False
    #: what the subject of the clause before never receives, the verb
    #: left out ("..., and nothing of the other items")
    kept: tuple[Obj, ...] = ()
    #: more of what the subject of the clause before receives, the verb
    #: left out ("..., and the policy as well")
    more: tuple[Obj, ...] = ()


@dataclass(frozen=True, slots=True)
class Clause:
    """A clause's meaning, waiting for its subject when it is a pronoun."""

    subject: Subject | None
    build: Callable[[Subject], list[Claim]]
    #: says again what the clause before said of the same list ("...; it is
    #: only appended to"): read only after a clause that said it
    again: bool = False
    #: says nothing checkable by design ("..., only the outline built from
    #: them": what it sees instead, conceded): the one clause that may give
    #: no claim
    concedes: bool = False


def _name(items: Iterable[Any]) -> str:
    """The first name in a rule's children."""
    found: str = next(i for i in items if _is_name(i))
    return found


def is_participle(word: str) -> bool:
    """A verb's participle ("filed", "driven", "flown"), not a word of how
    or when ("ever", "usually")."""
    said = word.lower()
    return said.isalpha() and said.endswith(("ed", "en", "wn"))


def _is_name(item: object) -> bool:
    """A name a rule passed up (a plain string, not one of lark's tokens)."""
    return isinstance(item, str) and not isinstance(item, Token)


#: Verbs of waiting, going on or ending: said of a slot "only when" an
#: approver approves, they say when something stops or repeats, not when
#: the slot runs.
_NOT_WORK = frozenset(
    """wait waits stop stops halt halts pause pauses end ends finish finishes quit quits continue continues
    repeat repeats retry retries loop loops iterate iterates resume resumes rest rests idle idles sleep sleeps
    return returns exit exits terminate terminates cease ceases fail fails succeed succeeds keep keeps
    stay stays remain remains""".split()
)

#: Nouns for a loop's rounds (not for calls: "refinement rounds", not
#: "refinement calls").
_ROUND_NOUNS = frozenset("round rounds cycle cycles iteration iterations".split())

#: Nouns that end a bound's description of what it counts ("number of
#: editing passes", "number of exchange rounds")
_PASS_NOUNS = _ROUND_NOUNS | frozenset("pass passes".split())


def _act_noun(word: str, slot: str) -> bool:
    """Whether ``word`` names, as a noun, the activity of the slot whose
    name's last word is its agent noun: "audit" or "auditing" of an
    auditor, "screening" of a screener, "registration" of a registrar; not
    a verb's other forms ("audits", "audited")."""
    agent = words_of(slot)[-1].lower()
    base = agent[:-3] + "er" if agent.endswith("rar") else agent[:-2]
    return word.lower() in {base, base + "e", base + "ing", base + "ion", base[:-1] + "ication"}


def _tok(toks: Sequence[Tok], token: Token) -> Tok:
    assert token.start_pos is not None
    return toks[token.start_pos]


#: Words for a slot's newest output when a call is made, whichever round
#: made it ("current" is this round's)
_LATEST = frozenset(("latest", "most recent", "newest"))

#: Verbs that say a value differs from one call to the next
_VARY_VERBS = frozenset("change changes vary varies differ differs".split())

#: Verbs of a moment of a slot's work, not of all of it
_MOMENT_VERBS = frozenset("begin begins began start starts started finish finishes finished end ends ended".split())

#: The words of independence that say "and no one else"
_ALONE = frozenset(("alone", "on its own", "on their own"))

#: Verbs of what a delegate bases its work on, after which "alone" or
#: "only" limits that basis ("works from the brief alone")
_BASIS_VERBS = frozenset(
    (
        *"work works decide decides judge judges rule rules base bases operate operates act acts".split(),
        *("work from", "works from", "draw on", "draws on", "relies on", "rely on", "depends on", "depend on",
          "builds on", "build on"),
    )
)

#: verbs of making something from what a slot is given, present tense:
#: "writes from the terms", "prices the job from the photo"
_MAKE_FROM_VERBS = frozenset(
    (
        *"decides judges rules bases works writes drafts prices plans scores grades rates".split(),
        *"estimates composes builds decide judge rule work write draft price plan score".split(),
        *"grade rate estimate compose build".split(),
    )
)


#: Nouns for calls that do not say they are a loop's rounds ("no call",
#: "no invocation" may be of any delegate)
_ANY_CALL = frozenset("call calls invocation invocations copies samples".split())


def _phased(subject: Subject, phase: Phase) -> Subject:
    """The subject's calls in the named rounds only."""
    if subject.it:
        raise Unsupported("a round named for a pronoun")
    calls = tuple(Calls(c.slot, c.given, phase) if c.phase == "all" else c for c in subject.calls)
    return Subject(calls, subject.negative)


@dataclass(frozen=True, slots=True)
class Args:
    """The arguments an "identical" claim names (None: all of them)."""

    names: tuple[str, ...] | None

    @staticmethod
    def merge(groups: Iterable[Args]) -> Args:
        out: list[str] = []
        for g in groups:
            if g.names is None:
                return Args(None)
            out += [n for n in g.names if n not in out]
        return Args(tuple(out) or None)


@dataclass(frozen=True, slots=True)
class ReturnKey:
    """A key of the returned object ("the returned divergences")."""

    name: str


@dataclass(frozen=True, slots=True)
class When:
    """The path a returns clause names: where ``approver`` blocks (or, with
    another ``path``, where it approves, where the pattern succeeds, after
    the loop ran out); ``approver`` None: any slot."""

    approver: str | None
    path: ReturnPath = "blocked"
    word: str | None = None  # of a "says" path: the decision word


@dataclass(frozen=True, slots=True)
class OrderOf:
    """"In chunk order": the list whose order the calls keep."""

    name: str


@dataclass(frozen=True, slots=True)
class OrderMade:
    """"In the order the screeners produced them": the order of a list as
    the named slot made it."""

    slot: str


@dataclass(frozen=True, slots=True)
class CallsNoun:
    """"retries", "mapper invocations": calls, of one slot or of the loop."""

    slot: str | None


#: A marker claim: swap the inputs of the sentence's isolation claims.
VICE_VERSA: Any = Unverifiable("\x00vice versa")


def _vice_versa(claims: list[Claim]) -> list[Claim]:
    if VICE_VERSA not in claims:
        return claims
    out = [c for c in claims if c != VICE_VERSA]
    swapped: list[Claim] = []
    for claim in out:
        if isinstance(claim, Isolation) and isinstance(claim.source, FromInput) and not claim.source.fields and len(claim.target.given) == 1:
            (given,) = claim.target.given
            swapped.append(Isolation(Calls(claim.target.slot, frozenset({claim.source.name}), claim.target.phase), FromInput(given)))
    if not swapped:
        raise Unsupported("'vice versa' with nothing to swap")
    return out + [c for c in swapped if c not in out]


class Base(Transformer[Token, Any]):
    """Parse tree → claims: the sentence, its subjects, objects and
    sources, and the helpers the rules of every claim kind share."""

    def __init__(self, toks: Sequence[Tok], lex: Lexicon) -> None:
        super().__init__()
        self.toks = toks
        self.lex = lex
        #: "the other's" (one other), not "the others'"
        self.one_other = False
        #: "their" that may not be the subject's own: after a plural ("the
        #: scouts never see their reports": all of theirs?) or one slot ("the
        #: commander never sees their reports": someone said before); only
        #: after a subject taken one at a time ("each scout"), or before
        #: "own", is it "its"
        self.their_loose = any(
            t.kind == "ITS" and t.text == "their"
            and not (k + 1 < len(toks) and toks[k + 1].kind == "OWN")
            and not any(b.kind in _DISTRIBUTIVE for b in toks[:k])
            for k, t in enumerate(toks)
        )

    def _other_slot_before_its(self, subject: tuple[str, ...]) -> bool:
        """A slot other than the subject's is named before the sentence's
        last "its" / "their"."""
        last = max((k for k, t in enumerate(self.toks) if t.kind == "ITS"), default=-1)
        return any(
            t.kind == "SLOT" and not set(t.names) <= set(subject) for t in self.toks[:last]
        )

    def _names(self, token: Token) -> tuple[str, ...]:
        return _tok(self.toks, token).names

    def _name(self, token: Token) -> str:
        """The one thing a word names; a word for several ("both
        candidates") where the claim takes one is not read."""
        names = self._names(token)
        if len(names) != 1:
            raise Unsupported(f"{_tok(self.toks, token).text!r} names {len(names)} things where one is meant")
        return names[0]

    def _held_slot(self, var: Token, *, each: bool = False) -> str:
        """The one slot whose every result the local ``var`` holds
        (`let hearing = call appeals_panel`, and no other call of it); with
        ``each``, also one null until each of the slot's calls sets it, or
        a list each of whose elements is one of them ("every rehearsal", of
        the collected `rehearsals`; "every cut", of `cut` and the list
        `cuts` it is appended to)."""
        names = _tok(self.toks, var).names

        def owner(name: str) -> str | None:
            if name in self.lex.holds or not each:
                return self.lex.holds.get(name)
            appended = self.lex.gathers.get(name) if len(names) > 1 else None
            return self._held_by(name) or self.lex.collects.get(name) or appended

        held = {owner(n) for n in names}
        if len(held) != 1 or None in held or (len(names) > 1 and not any(n in self.lex.holds for n in names)):
            raise Unsupported(f"'{var}': a local that does not hold one slot's every result")
        (slot,) = held
        assert slot is not None
        return slot

    def _tokens(self, items: Iterable[Any], kind: str | None = None) -> list[Token]:
        return [t for t in items if isinstance(t, Token) and (kind is None or t.type == kind)]

    def start(self, items: list[Any]) -> list[Claim]:
        claims: list[Claim] = []
        previous: Subject | None = None
        said: tuple[Clause, Subject, list[Claim]] | None = None
        conceded = False
        working: _Activity | None = None
        for item in items:
            if isinstance(item, _Concession):
                conceded = True
                continue
            if isinstance(item, _Activity):
                working = item
                continue
            if isinstance(item, _Also):
                claims += [c for c in self._also(item, said) if c not in claims]
                said = None
                continue
            if not isinstance(item, Clause):
                continue
            if item.again:
                if not any(isinstance(c, Monotonic) for c in claims):
                    raise Unsupported("'it' with no list before it")
                continue
            subject = item.subject
            if subject is not None and subject.it:
                if previous is None:
                    raise Unsupported("a pronoun with nothing before it")
                if previous.negative:
                    # "no reviewer sees the brief and receives the goal":
                    # whether the "no" reaches the second verb is not said
                    raise Unsupported("a second verb after a negated subject")
                subject = Subject(previous.calls, subject.negative)
            got = item.build(subject) if subject is not None else item.build(Subject(()))
            if not got and not item.concedes:
                # a clause whose subject came to no call ("withheld from
                # it", where "it" was not followed): read, it would drop
                # what it says
                raise Unsupported("a clause that gives no claim")
            said = (item, subject if subject is not None else Subject(()), got)
            for claim in got:
                if claim not in claims:
                    claims.append(claim)
            if subject is not None and subject.calls:
                previous = subject
        if conceded:
            _check_conceded(claims)
        if working is not None:
            self._check_working(claims, working)
        return _contrasted(claims)

    def _check_working(self, claims: list[Claim], working: _Activity) -> None:
        """A clause of the slot's own work ("... before deciding") goes
        with what a slot receives or never receives at its calls, where the
        slot is called at one place: it then says which calls (all of them,
        each of which does that work), and nothing else. Where a slot is
        called at several places, "when scoring" may pick out some. A denial
        before "before" may deny the order, not the receiving."""
        for claim in claims:
            if isinstance(claim, Isolation) and working.before:
                raise Unsupported("a denial before a clause of a slot's own work that says when")
            if not isinstance(claim, (Receives, Isolation)):
                raise Unsupported("a clause of a slot's own work after a claim of another kind than what it receives")
            slot = claim.target.slot
            if slot is None or claim.target.given or claim.target.phase != "all" or self.lex.call_sites.get(slot) != 1:
                raise Unsupported("a clause of a slot's own work, of a slot called at several places")

    def activity(self, items: list[Any]) -> _Activity:
        """"... before deciding", "... when weighing the estimate", "...
        while setting each section": a verb in -ing of the slot's own work,
        and words of what it works on. It is no claim: the work is what
        the slot's call does. It says nothing of how calls run or relate,
        and, if it names anything of the pattern, nothing of what reaches
        whom ("before reading the essays" may say what the slot is given)."""
        word = next(t for t in items if isinstance(t, Token) and t.type in ("BEFORE", "WHEN", "WHILE"))
        assert word.start_pos is not None
        start = word.start_pos + 1
        verb = self.toks[start]
        if not verb.text.isalpha() or not verb.text.endswith("ing") or verb.names or verb.kind in (
            "SLOT", "INPUT", "VAR", "FIELD", "ROLE"
        ):
            raise Unsupported(f"{str(word)!r} before a clause that may say when, not what the slot does")
        end = next((k for k in range(start, len(self.toks)) if self.toks[k].kind in ("COMMA", "SEMI")), len(self.toks))
        self._says_no_calls(start, "a clause of a slot's own work", end)
        if any(tok.kind in _REACHING or tok.text.lower() in _REACHING_WORDS for tok in self.toks[start:end]):
            self._names_nothing(start, "a clause of a slot's own work saying what reaches a delegate", end=end)
        return _Activity(before=word.type == "BEFORE")

    def concede(self, items: list[Any]) -> _Concession:
        """"whatever the chef says", "whichever way the ruling goes",
        "however many requests there are", "regardless of the score": a
        concession, which says the claim holds on every path. Not "even
        when the critic quotes them", which says something of what flows."""
        word = next(t for t in items if isinstance(t, Token) and t.type in ("CONCEDE", "REGARDLESS"))
        if word.type == "REGARDLESS" and str(word).lower() != "regardless of":
            # ("whether or not the change is merged" is read by the rules
            # of each kind that take it; "even when" is a condition)
            raise Unsupported(f"{str(word)!r}, which says when, not that it is always so")
        return _Concession()

    def _also(self, also: _Also, said: tuple[Clause, Subject, list[Claim]] | None) -> list[Claim]:
        """The clause before, of another subject: only a clause that says
        what its subject receives (a denial "and so does" would contradict,
        and "..., and the verifier too" after a denial may say either), of
        a subject that is no pronoun and negates nothing."""
        if said is None:
            raise Unsupported("'too' with no clause before it")
        clause, subject, got = said
        if also.more:
            # (the subject of the clause before, which must say what it
            # receives, and no more: "receives only the dates, and the
            # budget as well" is not read)
            if subject.negative or not got or not all(
                (isinstance(c, Receives) and not c.only and not c.basis) or isinstance(c, Unchanged) for c in got
            ):
                raise Unsupported("more of what is received, after a clause that says other than what is received")
            if not any(isinstance(c, Unchanged) for c in got):
                # "receives the assessments, and the policy as well": one
                # list of what it receives, read as the clause's own objects
                raise Unsupported("more of what is received, where no qualifier ends the clause before")
            targets = tuple(dict.fromkeys(c.target for c in got if isinstance(c, Receives | Unchanged)))
            if subject.calls and set(targets) != set(subject.calls):
                raise Unsupported("more of what is received, of calls other than the clause's subject")
            return self._need(Subject(targets), list(also.more))
        if also.kept:
            # (the subject of the clause before, which must say what it is
            # given: "sees a single item", "receives the brief"; the calls
            # its claims are about)
            if subject.negative or not got:
                raise Unsupported("what is never received, after a negated subject")
            if not all(
                (isinstance(c, Receives) and not c.only and not c.basis and not c.floor) or isinstance(c, Unchanged)
                or (isinstance(c, ExactlyOnce) and c.per == "call")
                for c in got
            ):
                raise Unsupported("what is never received, the verb left out, after a clause that says more")
            targets = tuple(dict.fromkeys(c.target for c in got if isinstance(c, Receives | Unchanged | ExactlyOnce)))
            if subject.calls and set(targets) != set(subject.calls):
                raise Unsupported("what is never received, of calls other than the clause's subject")
            return self._forbid(Subject(targets), list(also.kept))
        if also.subject.negative or also.subject.it or not also.subject.calls or subject.negative or not subject.calls or not got:
            raise Unsupported("'too' of a pronoun or a negated subject")
        if also.counted is not None:
            if not all(isinstance(c, CallCount) and c.exact for c in got):
                raise Unsupported("a count, the verb left out, after a clause that counts no calls")
            if not also.exactly and any(isinstance(c, CallCount) and c.loose != "least" for c in got):
                # "is called at most twice, and the chair once": the
                # clause before's limit, left out too? only after the plain
                # "is called twice" is the count as plain
                raise Unsupported("a count, the verb left out, after a count said otherwise")
            return also.counted.build(also.subject)
        if also.objs:
            objs = list(also.objs)
            # (after "at least once": the floor, left out too, or not?)
            if all(isinstance(c, Receives | Unchanged) and not (isinstance(c, Receives) and (c.only or c.basis or c.floor)) for c in got):
                return self._need(also.subject, objs, unchanged=also.unchanged)
            if all(isinstance(c, Isolation | Firewall) and not (isinstance(c, Firewall) and c.only) for c in got) and not also.unchanged:
                return self._forbid(also.subject, objs)
            raise Unsupported("the verb left out, after a clause that says more than what is received or not")
        if not all(isinstance(c, Receives | Unchanged) for c in got):
            raise Unsupported("'too' after a clause that does not say what is received")
        if any(isinstance(c, Receives) and c.only for c in got):
            # "sees only the dates, and so does the insurer": the dates too,
            # or only the dates too?
            raise Unsupported("'too' after a clause that says 'only'")
        if also.it:
            # "..., and the broadcaster sees it too": "it" is the one thing
            # the clause before says each of its calls receives
            for call in subject.calls:
                said_of = [c for c in got if isinstance(c, Receives | Unchanged) and c.target == call]
                if len(said_of) != 1 or (isinstance(said_of[0], Receives) and len(said_of[0].needs) != 1):
                    raise Unsupported("'it' for more than one thing the clause before names")
        again = clause.build(also.subject)
        if not all(isinstance(c, Receives | Unchanged) for c in again):
            raise Unsupported("'too' giving other than what is received")
        return again

    def sep(self, items: list[Any]) -> None:
        return None

    def who(self, items: list[Any]) -> tuple[str, ...]:
        token = items[0]
        if token.type == "ROLE":
            return tuple(sorted(self.lex.slots))
        return self._names(token)

    def who_in(self, items: list[Any]) -> tuple[str, ...]:
        """"each delegate in the chain": the loop variable and its sequence."""
        slots = self._tokens(items, "SLOT")
        inner, outer = self._names(slots[0]), self._names(slots[1])
        if inner != outer:
            raise Unsupported("a slot 'in' another slot")
        return inner

    def quant(self, items: list[Any]) -> str:
        token = items[0]
        match token.type:
            case "BOTH":
                return "2"
            case "NUM" | "NUMBER":
                return _NUMBERS.get(str(token).lower().removeprefix("the "), str(token))
        return "all"

    def subj(self, items: list[Any]) -> Subject:
        who = items[-1]
        said = _quantifier(items)
        count = said or "all"
        if len(who) > 1 and count != "all" and count != str(len(who)):
            # "both testers", "the three testers": as many slots as said
            raise Unsupported(f"{count} of {len(who)} slots")
        if len(who) == 1 and count not in ("all", "1") and who[0] not in self.lex.repeated:
            # "both checkers", of `credit_checker` and a slot named
            # otherwise: more slots than the one named, which is called once
            raise Unsupported(f"{count} of one slot called once")
        if len(who) == 1 and count == "1" and (who[0] in self.lex.repeated or who[0] in self.lex.sequences):
            # "the brief is given to one reviewer", of a reviewer called in a
            # loop, "one stage", of a sequence of slots: one of its calls,
            # not every one
            raise Unsupported("one call of a slot called more than once")
        if len(who) == 1 and count not in ("all", "1") and who[0] not in self.lex.repeated:
            # "both checkers", of one slot called once: the word names
            # fewer slots than the sentence counts
            raise Unsupported(f"{count} of one slot called once")
        return Subject(tuple(Calls(s) for s in who), every=said is not None)

    def subj_each_time(self, items: list[Any]) -> Subject:
        """"each round the chair", "on every call, the scorer", "each
        round's auditor": the slot, of each of its calls, said so."""
        rest = [i for i in items if not (isinstance(i, Token) and i.type in ("ON", "EVERY", "CALLS", "LOOP", "COMMA", "POSS"))]
        return replace(self.subj(rest), every=True)

    def subj_counted(self, items: list[Any]) -> Subject:
        """"all four roles": the slots named, as many as said."""
        (number,) = [t for t in self._tokens(items) if t.type in ("NUM", "NUMBER")]
        who = next(i for i in items if isinstance(i, tuple))
        count = self.quant([number])
        if count == "all" or not count.isdigit() or int(count) < 2:
            raise Unsupported("a count of slots that is not a number of them")
        return self.subj([count, who])

    def subj_working_one(self, items: list[Any]) -> Subject:
        """"A classifier labelling one ticket": a verb of its own work in
        -ing on one element of a list the slot is called on one element at
        a time, which every one of its calls is."""
        (verb,) = self._tokens(items, "WORD")
        (number,) = self._tokens(items, "NUMBER")
        name = self._name(self._tokens(items, "INPUT")[0])
        who = next(i for i in items if isinstance(i, tuple))
        if not str(verb).lower().endswith("ing") or _tok(self.toks, number).text != "one":
            raise Unsupported("a clause after the slot that is not its work on one element")
        if name in self.lex.scalars or not set(who) <= self.lex.walkers.get(name, frozenset()):
            raise Unsupported("one element of a list the slot is not called on one by one")
        return self.subj([i for i in items if not isinstance(i, Token) or i.type not in ("WORD", "NUMBER", "INPUT")])

    def subj_given(self, items: list[Any]) -> Subject:
        who = next(i for i in items if isinstance(i, tuple))
        given = frozenset(name for t in self._tokens(items, "INPUT") for name in self._names(t))
        return Subject(tuple(Calls(s, given) for s in who))

    def subj_first(self, items: list[Any]) -> Subject:
        who = next(i for i in items if isinstance(i, tuple))
        number = [t for t in self._tokens(items) if t.type in ("NUM", "NUMBER")]
        if number and str(number[0]) not in ("1", "one"):
            raise Unsupported("a round other than the first")
        return Subject(tuple(Calls(s, phase="first") for s in who))

    def subj_later(self, items: list[Any]) -> Subject:
        if _one_of(items):
            raise Unsupported("one of the later calls, not each")
        who = next(i for i in items if isinstance(i, tuple))
        return Subject(tuple(Calls(s, phase="later") for s in who))

    def subj_later_loop(self, items: list[Any]) -> Subject:
        """"later attempts", "each later round": the calls after the first
        of the slot the noun names, or of the one delegate the loops call."""
        if _one_of(items):
            raise Unsupported("one of the later calls, not each")
        noun = self._calls_of(next(i for i in items if isinstance(i, CallsNoun)))
        if noun.slot is None:
            raise Unsupported("later calls of no one delegate")
        return Subject((Calls(noun.slot, phase="later"),))

    def subj_list(self, items: list[Any]) -> Subject:
        slots: list[str] = []
        for item in items:
            if isinstance(item, tuple):
                slots += [s for s in item if s not in slots]
        return Subject(tuple(Calls(s) for s in slots))

    def subj_list_every(self, items: list[Any]) -> Subject:
        """"every spotter and the referee": each call of each slot; not
        "all of the planner and the verifier" (all of what?)."""
        first = self._tokens(items, "EVERY")[0]
        if str(first).lower() not in ("every", "each"):
            raise Unsupported(f"{str(first)!r} before a list of slots")
        return self.subj_list(items)

    def subj_loop(self, items: list[Any]) -> Subject:
        noun = self._calls_of(next(i for i in items if isinstance(i, CallsNoun)))
        if _one_of(items):
            # "one attempt", "one verifier round": one of the calls, not each
            raise Unsupported("one of the calls, not every one")
        return Subject((Calls(noun.slot),), every=_quantifier(items) is not None)  # "each coach call"

    def _calls_of(self, noun: CallsNoun) -> CallsNoun:
        """"every attempt", said of no slot: the calls in the loop, when the
        loops call one delegate; when they call the extractor and the
        validator, whose attempts the sentence does not say."""
        if noun.slot is None and len(self.lex.looped) > 1:
            raise Unsupported("the calls of loops that call several delegates")
        if noun.slot is None and len(self.lex.looped) == 1:
            # the one delegate the loops call, when it is called nowhere
            # else: "every attempt" is every call of the target
            (slot,) = self.lex.looped
            if slot in self.lex.slots and slot not in self.lex.unlooped:
                return CallsNoun(slot)
        return noun

    def nsubj_loop(self, items: list[Any]) -> Subject:
        """"no round of the critic", "no critic call", "no attempt": none of
        the calls the noun names. Without a slot named, only a noun for the
        loop's rounds: "no call", "no invocation" may be of any delegate,
        not only the one the loops call."""
        slots = self._tokens(items, "SLOT")
        words = [_tok(self.toks, t).text.lower() for t in self._tokens(items, "CALLS")]
        if not slots and any(w in _ANY_CALL for w in words):
            raise Unsupported("'no call' of no named slot: of any delegate, or of the loop's?")
        noun = self._calls_of(CallsNoun(self._name(slots[0]) if slots else None))
        return Subject((Calls(noun.slot),), negative=True)

    def subj_it(self, items: list[Any]) -> Subject:
        return Subject((), it=True)

    def subj_each(self, items: list[Any]) -> Subject:
        """"each", "each one": each call of the subject before, as "it"
        (not "every", nor "each two")."""
        words = [str(t).lower() for t in self._tokens(items)]
        if words not in (["each"], ["each", "one"]):
            raise Unsupported(f"{' '.join(words)!r} as a pronoun")
        return Subject((), it=True)

    def calls_noun(self, items: list[Any]) -> CallsNoun:
        slots = self._tokens(items, "SLOT") or self._tokens(items, "ACT")
        return CallsNoun(self._name(slots[0]) if slots else None)

    def nsubj_no(self, items: list[Any]) -> Subject:
        who = next(i for i in items if isinstance(i, tuple))
        neither = self._tokens(items, "NEITHER")
        if neither and neither[0].start_pos is not None and len(who) != 2:
            # "neither party", "neither side": a word for any slot names two
            # of them, which only a pattern of two slots says
            after = [t for t in self.toks[neither[0].start_pos + 1 :] if t.kind != "OF"][:1]
            if after and after[0].kind == "ROLE":
                raise Unsupported("'neither' of a word for every slot, where there are not two")
        return Subject(tuple(Calls(s) for s in who), negative=True)

    nsubj_no_free = nsubj_no

    def nsubj_poss_calls(self, items: list[Any]) -> Subject:
        """"none of the mediator's calls": each call of that slot, none of
        which does what the clause says."""
        (slot,) = self._tokens(items, "SLOT")
        return Subject(tuple(Calls(s) for s in self._names(slot)), negative=True)

    def nsubj_none_it(self, items: list[Any]) -> Subject:
        return Subject((), negative=True, it=True)

    def nsubj_act(self, items: list[Any]) -> Subject:
        return Subject(self._act_calls(items), negative=True)

    def subj_act(self, items: list[Any]) -> Subject:
        """"every seat race", "seat races": the calls of the one slot named
        for that action. A bare singular ("validation runs ...") may be the
        work as a whole (the loop it runs in), and is not read so."""
        (act,) = self._tokens(items, "ACT")
        if not self._tokens(items, "EVERY") and singular(str(act).lower()) == str(act).lower():
            raise Unsupported("a singular action without 'every'")
        return Subject(self._act_calls(items))

    def _act_calls(self, items: list[Any]) -> tuple[Calls, ...]:
        (act,) = self._tokens(items, "ACT")
        slots = set(self._names(act))
        for token in self._tokens(items, "SLOT"):
            if set(self._names(token)) != slots:
                raise Unsupported("an action named for another slot than the one before it")
        if len(slots) != 1:
            raise Unsupported("an action of several slots")
        return tuple(Calls(s) for s in sorted(slots))

    def nsubj_neither(self, items: list[Any]) -> Subject:
        slots: list[str] = []
        for item in items:
            if isinstance(item, tuple):
                slots += [s for s in item if s not in slots]
        return Subject(tuple(Calls(s) for s in slots), negative=True)

    nsubj_neither_free = nsubj_neither

    def recipients(self, items: list[Any]) -> Subject:
        subject: Subject = items[0]
        return subject

    neg_recipients = recipients

    def objs(self, items: list[Any]) -> list[Obj]:
        out: list[Obj] = []
        said = next((i for i in items if isinstance(i, Token) and i.type == "BOTH"), None)
        if said is not None and str(said).lower() != "both":
            # "the two summaries and the shipment ID": a count of the first
            # value, not "both ... and"; it must name two values
            first = next(i for i in items if isinstance(i, Obj))
            if not self._two(first):
                raise Unsupported(f"'{said}' of something that is not two named values")
            items = [replace(i, both=True) if i is first else i for i in items if i is not said]
            said = None
        both = said is not None
        if _OR in items:
            # "receives the document or the style guide": one of them,
            # which no claim of receiving says; kept away, each of them
            items = [replace(i, either=True) if isinstance(i, Obj) else i for i in items]
        for obj in (replace(i, both=True) if both else i for i in items if isinstance(i, Obj)):
            if (
                isinstance(obj.source, FromField) and out and out[-1].what in ("fields", "every_fields") and out[-1].source is None
                # (not "the forecast summary and the kit list", a key said
                # with an article of its own that another slot declares)
                and (obj.bare or self.lex.declared_by.get(obj.source.name) in (None, out[-1].owner))
            ):
                # "the actor's reasoning or self-assessment": one owner's fields
                last = out.pop()
                obj = Obj(owner=last.owner, what=last.what, fields=(*last.fields, obj.source.name))
            elif (
                isinstance(obj.source, FromField) and obj.bare and out and out[-1].what == "output"
                and out[-1].source is None and out[-1].owner in self.lex.slots
            ):
                # "the editor's verdict or reasons": the possessive is said
                # once for both nouns, and the reasons are the editor's
                obj = Obj(owner=out[-1].owner, what="fields", fields=(obj.source.name,))
            result_noun = isinstance(obj.source, AnyResult) or bool(obj.noun)
            possessed = bool(out) and out[-1].source is None and out[-1].owner in self.lex.slots
            if result_noun and possessed and obj.bare and out[-1].what in ("fields", "output"):
                # "the secretary's notes or verdict": the possessive is said
                # once for both nouns, and the verdict is the secretary's
                obj = Obj(owner=out[-1].owner, what="output")
            elif result_noun and possessed and obj.owner != out[-1].owner:
                # "the secretary's notes or the verdict": the secretary's,
                # or another delegate's?
                raise Unsupported("a noun for a result after a delegate's thing, of no owner said")
            if isinstance(obj.source, AnyResult) and obj.noun:
                raise Unsupported(f"'{obj.noun}': a kind of result that no one slot's result is called")
            if out and out[-1].owner == ITS and out[-1].what == "prior" and out[-1].fields and obj.owner is None:
                # "its own earlier scores or suggestions": the earlier
                # suggestions too, or the local `improvement_suggestions`?
                raise Unsupported("a value after 'its own earlier' keys: of its earlier calls too, or of its own?")
            if obj.its and not obj.own and any(o.owner not in (None, ITS) for o in out):
                # "the critic's notes and its brief": whose?
                raise Unsupported("'its' element after another owner")
            if out and obj.owner == ITS and obj.what == "fields" and not obj.own:
                # "the actor's reasoning or its self-assessment": its = the
                # owner named before it
                obj = self._its(obj, out)
            out.append(obj)
        return self._declared_fields(out)

    def _declared_fields(self, objs: list[Obj]) -> list[Obj]:
        """"The questions", a key only the quizmaster's `ensures:`
        declares: that field of the quizmaster's result."""
        return [
            Obj(owner=self.lex.declared_by[o.source.name], what="fields", fields=(o.source.name,))
            if isinstance(o.source, FromField) and o.source.name in self.lex.declared_by
            else o
            for o in objs
        ]

    objs_merge = objs

    def objs_roles(self, items: list[Any]) -> list[Obj]:
        """"either party's private notes": of a word for every slot, the
        slots whose results have those keys (two or more of them, each
        declaring them all); the notes of each."""
        fields = next(i for i in items if isinstance(i, tuple))
        owners = sorted(s for s, keys in self.lex.declares.items() if s in self.lex.slots and set(fields) <= keys)
        if len(owners) < 2:
            raise Unsupported("a word for every slot, of keys fewer than two slots declare")
        either = any(isinstance(t, Token) and t.type == "EITHER" for t in items)
        # (received, "either party's notes" is one of them: not read)
        return [Obj(owner=s, what="fields", fields=fields, either=either) for s in owners]

    def objs_group(self, items: list[Any]) -> list[Obj]:
        """"either checker's report", "the checkers' reports": of a word
        that names several slots, the output of each (or those fields of
        each, where every one of them declares them). Received, "either
        checker's report" is one of them, and not read."""
        names = self._names(self._tokens(items, "SLOT")[0])
        if len(names) < 2 or not set(names) <= set(self.lex.slots):
            raise Unsupported("the output of one slot, said as of several")
        either = bool(self._tokens(items, "EITHER"))
        fields = next((i for i in items if isinstance(i, tuple)), None)
        if fields is None:
            return [Obj(owner=s, what="output", either=either) for s in names]
        if any(not set(fields) <= self.lex.declares.get(s, frozenset()) for s in names):
            raise Unsupported("fields not every one of the slots declares")
        return [Obj(owner=s, what="fields", fields=fields, either=either) for s in names]

    def objs_made_by_each(self, items: list[Any]) -> list[Obj]:
        """"Anything the edger or the fitter produced", "what the edger and
        the fitter produced": the output of each. Received, "or" is one
        of them (not read), as "either checker's report" is."""
        owners = [i for i in items if isinstance(i, str) and not isinstance(i, Token)]
        either = any(t.type == "OR" for t in self._tokens(items))
        return [Obj(owner=o, what="output", either=either) for o in owners]

    def conj(self, items: list[Any]) -> _Or | None:
        """A word joining values: "or" marks the values as alternatives
        (see ``objs``); any other, nothing."""
        return _OR if any(isinstance(t, Token) and t.type == "OR" for t in items) else None

    def owner(self, items: list[Any]) -> str:
        token = items[0]
        if token.type == "ROLE":
            raise Unsupported("every role as the owner of an output")
        return self._name(token)

    def owner_other(self, items: list[Any]) -> str:
        if _tok(self.toks, items[0]).text in ("other", "the other", "other's"):
            # "the other's reply": of one other slot, so the subject names two
            self.one_other = True
        return OTHER

    def owner_its(self, items: list[Any]) -> str:
        return ITS

    def o_failure(self, items: list[Any]) -> Obj:
        raise Unsupported("a failure as something received")

    def fields(self, items: list[Any]) -> tuple[str, ...]:
        out: list[str] = []
        tokens = self._tokens(items, "FIELD")
        for t in tokens:
            out += [n for n in self._names(t) if n not in out]
        return _Keys(out, bare=not _tok(self.toks, tokens[0]).article)

    def fields_listed(self, items: list[Any]) -> tuple[str, ...]:
        token = self._tokens(items, "FIELD")[0]
        (name,) = self._names(token)
        if name == str(token) or name not in self.lex.declared_keys:
            raise Unsupported("a list named by a word that is not a declared key's singular")
        return (name,)

    def _owner_of(self, items: list[Any]) -> str:
        return _name(items)

    def o_input(self, items: list[Any]) -> Obj:
        token = self._tokens(items, "INPUT")[0]
        names = self._names(token)
        original = bool(self._tokens(items, "ORIGINAL"))
        tok = _tok(self.toks, token)
        if (
            len(names) == 1 and names[0] in self.lex.quantities and tok.text != names[0]
            and not is_count(tok.text)
            and not set(words_of(names[0])) & _COUNT_WORDS and singular(words_of(names[0])[-1]) != words_of(names[0])[-1]
        ):
            # "the banner drafts", of `banner_drafts: integer -- how many
            # banner drafts to ask for`: the drafts, or how many there are?
            # ("how many banner drafts" is the number)
            raise Unsupported(f"'{tok.text}': a count named by what it counts")
        element = len(names) == 1 and tok.text != names[0].replace("_", " ") and plural(tok.text.split()[-1]) == words_of(names[0])[-1]
        # (the description's phrase in the singular, said with or without a
        # possessive: "the pupil record", "the pupil's record", of
        # "pupil records")
        element = element or tuple(w for w in tok.text.split() if w not in ("'s", "'")) in self.lex.elements
        if self._tokens(items, "CONTAINER"):
            element = False  # "the chunk list": the list, named by its element
        # ("the scene list itself": the list, all of it)
        # (or "the whole list of briefs", "the full depot list": a word for
        # a list, said whole)
        listed = bool(self._tokens(items, "CONTAINER")) and bool(self._tokens(items, "WHOLE") or self._tokens(items, "IN_FULL"))
        itself = bool(self._tokens(items, "SELF") or listed) and not element
        return Obj(source=FromInput(names[0]), original=original, names=names, element=element, itself=itself)

    def o_input_declared(self, items: list[Any]) -> Obj:
        """"The configured loudness target", "the supplied brief": the
        input itself, "configured" only of a config entry."""
        word = str(self._tokens(items, "DECLARED")[0]).lower()
        obj = self.o_input(items)
        if word not in _DECLARING or len(obj.names) != 1:
            raise Unsupported(f"'{word}' before an input: not how it was given")
        if word == "configured" and obj.names[0] not in self.lex.config:
            raise Unsupported("'configured', of an input the caller gives")
        return obj

    def o_input_fields(self, items: list[Any]) -> Obj:
        """"The claim's amount", "the order total": those keys of an input
        (or of each of its elements) that the program reads off it or its
        description gives, each said in the singular or the plural; another
        key is not known to be the input's."""
        name = self._name(self._tokens(items, "INPUT")[0])
        fields: tuple[str, ...] = next(i for i in items if isinstance(i, tuple))
        read = self.lex.input_reads.get(name, frozenset())
        found: list[str] = []
        for f in fields:
            key = next((k for k in (f, singular(f), plural(f)) if k in read), None)
            if key is None:
                raise Unsupported(f"'{f}': no key the program reads off `{name}`")
            found.append(key)
        return Obj(source=FromInput(name, fields=tuple(found)), names=(name,))

    def o_input_says(self, items: list[Any]) -> Obj:
        """"what the status page says": what an input holds, said with a
        verb of saying (of making, "what the ticket produced", it is no
        input's value)."""
        (verb,) = self._tokens(items, "AUTHORED")
        if str(verb).lower() not in ("says", "said", "say", "reports", "reported", "report"):
            raise Unsupported("what an input does, not what it says")
        return self.o_input([i for i in items if not (isinstance(i, Token) and i.type in ("ANYTHING", "AUTHORED"))])

    def o_input_anything(self, items: list[Any]) -> Obj:
        """"anything from the case file", "anything derived from the
        documents": any of the input, or of what is made from it; kept away,
        all of it, as "any of" (received, some of it: not read). Of the
        verbs of handling only "taken" says where from."""
        if any(str(t).lower() != "taken" for t in self._tokens(items, "HANDLED")):
            raise Unsupported("a verb of handling, not of where a value comes from")
        obj = self.o_input([i for i in items if not (isinstance(i, Token) and i.type in ("ANYTHING", "DERIVED", "HANDLED", "FROM"))])
        return replace(obj, either=True)

    def relative(self, items: list[Any]) -> _Relative:
        return _Relative()

    def o_input_described(self, items: list[Any]) -> Obj:
        """"the alert that fired", "the region they are surveying": the
        input, of a value that is one thing (of a list the clause may pick
        some of its elements: "the chunks that failed"). The clause, up to
        the next break, names nothing of the pattern but a slot who acts."""
        obj = self.o_input([i for i in items if not isinstance(i, _Relative)])
        said = self._tokens(items, "INPUT")[0]
        start = said.start_pos
        assert start is not None
        if is_count(str(said)):
            # "how many strips it took": which ones are counted, said in a
            # clause, may be other than all the number allows
            raise Unsupported("a number said as 'how many', with a clause of its own")
        if obj.element or obj.original or obj.source is None or any(n in self.lex.walkers or n in self.lex.appended for n in obj.names):
            raise Unsupported("a clause about one element, or some, of a list")
        for tok in self.toks[start + 1 :]:
            if tok.kind in ("COMMA", "SEMI", "COLON"):
                break
            if tok.kind not in ("SLOT", "ROLE") and (tok.names or tok.kind in ("INPUT", "VAR", "FIELD")):
                raise Unsupported("a clause about an input that names another value")
        return obj

    def o_input_whole(self, items: list[Any]) -> Obj:
        obj = self.o_input(items)
        if obj.element:
            raise Unsupported("the whole of one element")
        return replace(obj, whole=True)

    def o_var_whole(self, items: list[Any]) -> Obj:
        return self._whole(self._var_held(items))

    def _var_held(self, items: list[Any]) -> Obj:
        """A local, or the slot whose result it is once set (``let draft =
        null``, then ``draft = call drafter``): "the whole draft"."""
        obj = self.o_var(self._tokens(items, "VAR"))
        held = self._held_by(obj.local) if obj.what == "gathered" and obj.local is not None else None
        return Obj(owner=held, what="output", local=obj.local) if held is not None else obj

    def o_output_whole(self, items: list[Any]) -> Obj:
        return self._whole(self.o_output(items))

    def o_var_whole_with(self, items: list[Any]) -> Obj:
        return self._whole(self._var_held(items), items[-2])

    def o_output_whole_with(self, items: list[Any]) -> Obj:
        return self._whole(self.o_output(items), items[-2])

    def _whole(self, obj: Obj, fields: Any = None) -> Obj:
        """"The whole plan", "the curator's full answer, note included": all
        of one result (or of what a local holds), with keys it has."""
        if obj.source is not None and not isinstance(obj.source, FromVar):
            raise Unsupported("the whole of a value that is not one result or one local")
        if obj.source is None and obj.what != "output":
            raise Unsupported("the whole of several results")
        if fields is None:
            return replace(obj, whole=True)
        named: tuple[str, ...] = fields if isinstance(fields, tuple) else self._names(fields)
        if obj.owner is None or not set(named) <= self.lex.declares.get(obj.owner, frozenset()):
            raise Unsupported("a key 'included' that the result is not declared to have")
        return replace(obj, what="fields", fields=named, whole=True)

    def o_both(self, items: list[Any]) -> Obj:
        obj: Obj = items[1]
        if not self._two(obj):
            raise Unsupported("'both' of something that is not two named values")
        return replace(obj, both=True)

    def o_either(self, items: list[Any]) -> Obj:
        obj: Obj = items[1]
        if not self._two(obj):
            raise Unsupported("'either' of something that is not two named values")
        return replace(obj, either=True)

    def o_any(self, items: list[Any]) -> Obj:
        obj: Obj = items[1]
        if obj.what in ("every", "every_fields", "fields") or obj.whole:
            # ("any of the buyer's offers", `{ offer, rationale }`: the offer
            # fields, or the buyer's results?)
            raise Unsupported("'any of' every output, of the whole, or of fields")
        return replace(obj, either=True)

    def _owned_key(self, items: list[Any]) -> tuple[str, str]:
        """The slot and the key it declares that a "the damage notes the
        scanners wrote" or "the blend assessor comments" names: the key's
        own word, or the singular of a plural key (the plural of a singular
        key may be the slot's results, each one of it)."""
        owner = self._owner_of(items)
        token = _tok(self.toks, self._tokens(items, "FIELD")[0])
        keys = self.lex.slot_keys.get(owner, frozenset())
        key = _declared_key(token.text, keys) if len(token.text.split()) == 1 else None
        if key is None and len(token.names) == 1 and token.names[0] in keys and token.text.replace(" ", "_") == token.names[0]:
            key = token.names[0]  # "the operator log", `operator_log`
        if owner not in self.lex.slots or key is None:
            raise Unsupported("a key the named slot does not declare, or a word that may be its results")
        return owner, key

    def o_fields_made(self, items: list[Any]) -> Obj:
        owner, key = self._owned_key(items)
        return Obj(owner=owner, what="fields", fields=(key,), made=True)

    def o_output_made(self, items: list[Any]) -> Obj:
        owner = self._owner_of(items)
        if owner not in self.lex.slots:
            raise Unsupported("a result made by no one slot")
        word = str(self._tokens(items, "OUTPUT")[0])
        if (key := _declared_key(word, self.lex.slot_keys.get(owner, frozenset()))) is not None:
            # "the answers the assessor wrote", `{ questions, answers }`: a
            # key the slot declares is that field, as after its possessive
            return Obj(owner=owner, what="fields", fields=(key,), made=True)
        if word in self.lex.declared_keys or word in self.lex.key_forms:
            raise Unsupported("a word for a result that is also a key")
        return Obj(owner=owner, what="output", made=True)

    def o_var_others_calls(self, items: list[Any]) -> Obj:
        token = self._tokens(items, "VAR")[0]
        names = [n for n in self._names(token) if n == str(token).replace(" ", "_")] or list(self._names(token))
        makers = {m for n in names for m in (*self.lex.results.get(n, ()), self.lex.collects.get(n), self.lex.gathers.get(n)) if m}
        if len(names) != 1 or len(makers) != 1:
            raise Unsupported("other calls' values of a local that is not one slot's results")
        return Obj(source=FromOthers(), names=tuple(makers))

    def o_var_others_before(self, items: list[Any]) -> Obj:
        """"The hits of the archives queried before it": a local that
        collects the results of the one slot named (or of the rounds), said
        of that slot: the earlier calls' outputs."""
        obj = self.o_var_others_calls(items)
        who = next((i for i in items if isinstance(i, tuple)), None)
        if who is not None and set(who) != set(obj.names):
            raise Unsupported("the values of a local, said of another slot's calls before it")
        return obj

    def o_others_prior(self, items: list[Any]) -> Obj:
        # "a verdict from an earlier critic call", said of the critic: an
        # earlier call's output (``names``: the slot the call is of)
        who = next(i for i in items if isinstance(i, tuple))
        return Obj(source=FromOthers(), names=who)

    def o_others_prior_rounds(self, items: list[Any]) -> Obj:
        """"an earlier round's result", "earlier attempts' results": what
        the rounds before made, which is another call's output of the one
        delegate the loops call (said of any other slot, not read; nor where
        the loops call several, whose rounds' results the words do not
        tell apart). A word for the result that names a key or a local is
        not the whole output."""
        if len(self.lex.looped) != 1:
            raise Unsupported("earlier rounds' results, of loops that call several delegates")
        (slot,) = self.lex.looped
        if slot not in self.lex.slots or slot in self.lex.unlooped:
            raise Unsupported("earlier rounds' results, of a delegate also called outside the loops")
        word = str(self._tokens(items, "OUTPUT")[0]).lower()
        if _declared_key(word, self.lex.slot_keys.get(slot, frozenset())) is not None:
            # "an earlier round's verdict", of `{ verdict, notes }`: that field
            raise Unsupported("a word for earlier rounds' results that is a key the delegate declares")
        found = self.lex.forms.get((word,))
        if found is not None and any(self.lex.holds.get(n) != slot for n in found[1].names):
            # "the earlier rounds' result", of a local `result` that holds
            # the delegate's every result: its output; of another local, not
            raise Unsupported("a word for earlier rounds' results that names another local")
        return Obj(source=FromOthers(), names=(slot,))

    def o_others_why(self, items: list[Any]) -> Obj:
        """"why earlier ones failed", "the failures of the earlier
        delegates", said of the slot: what its earlier calls produced or
        raised (a plain word: "why" before, "ones" after "earlier")."""
        words = [str(t).lower() for t in self._tokens(items, "WORD")]
        if isinstance(items[0], Token) and items[0].type == "WORD" and words.pop(0) != "why":
            raise Unsupported("a word before earlier calls' failing that is not 'why'")
        if any(w not in ("one", "ones") for w in words):
            raise Unsupported("earlier calls named by a word that is not 'ones'")
        if any(str(t).lower() != "one" for t in self._tokens(items) if t.type in ("NUMBER", "SINGLE")):
            raise Unsupported("earlier calls counted, not named by 'one'")
        who = next((i for i in items if isinstance(i, tuple)), ())
        return Obj(source=FromOthers(), names=who)

    def o_fields_compound(self, items: list[Any]) -> Obj:
        owner, key = self._owned_key(items)
        return Obj(owner=owner, what="fields", fields=(key,))

    def o_output_raw(self, items: list[Any]) -> Obj:
        # "the raw sensor readings": the slot's output as it produced it, as
        # "the sensor reader's raw readings" is
        if str(self._tokens(items, "ORIGINAL")[0]) != "raw":
            raise Unsupported("an original or initial result: which of the slot's results?")
        return Obj(owner=self._owner_of(items), what="output")

    def o_var_raw(self, items: list[Any]) -> Obj:
        # "the raw reviews", of a local that holds or collects only the
        # reviewer's results: those results as the slot produced them
        if str(self._tokens(items, "ORIGINAL")[0]) != "raw":
            raise Unsupported("an original or initial value of a local")
        obj = self.o_var(self._tokens(items, "VAR"))
        if obj.owner is None:
            raise Unsupported("'raw' of a local that is not one slot's results")
        return obj

    def o_output_either(self, items: list[Any]) -> Obj:
        # "never sees either measurement's profile": the slot is called more
        # than once, and none of its outputs reaches the subject
        owner = self._owner_of(items)
        if owner not in self.lex.repeated:
            raise Unsupported("'either' of a slot called once")
        return Obj(owner=owner, what="output", either=True)

    def _two(self, obj: Obj) -> bool:
        """A group of named values: inputs, or locals holding one slot's results."""
        grouped = isinstance(obj.source, FromInput) or (obj.source is None and obj.names in self.lex.group_holds)
        return grouped and len(obj.names) >= 2

    def o_var_current(self, items: list[Any]) -> Obj:
        """"The latest critique", of a local the program sets again and
        again (`last_critique = verdict`): its value when the call is made,
        the latest it was given. Not of a list, whose latest element is not
        the list."""
        var = self._tokens(items, "VAR")[0]
        if any(n in self.lex.collects or n in self.lex.appended for n in self._names(var)):
            raise Unsupported(f"'the latest {var}', of a list: one element of it, not the list")
        return self.o_var([var])

    def o_var(self, items: list[Any]) -> Obj:
        names = self._names(items[0])
        if names in self.lex.group_holds:
            # "both profiles", of `profile_a` and `profile_b` that between
            # them hold every result of the measurement: its outputs
            return Obj(owner=self.lex.group_holds[names], what="output", names=names, local=names[0])
        if len(names) > 1:
            # "reviews", with locals `review` and `reviews`: the one spelled so
            exact = [n for n in names if n == str(items[0]).replace(" ", "_")]
            if len(exact) != 1:
                raise Unsupported(f"'{items[0]}' names several locals")
            names = tuple(exact)
        name = names[0]
        if name in self.lex.gathers:
            # "the reviews", `append review to reviews` of every reviewer
            # result: kept away, any reviewer output; received, the list
            return Obj(owner=self.lex.gathers[name], what="gathered", local=name)
        if name in self.lex.collects:
            # "the mapper results", `let mapper_results = parallel for ...:`
            # around the mapper's one call: every one of its outputs
            return Obj(owner=self.lex.collects[name], what="collected", local=name)
        if name in self.lex.holds:
            # "the plan", where `plan` holds every result of the planner
            # and nothing else: the planner's output
            return Obj(owner=self.lex.holds[name], what="output", local=name)
        return Obj(source=FromVar(name))

    def _made_by(self, items: list[Any]) -> tuple[str, str]:
        """The local and the slot a "the route the router planned" names:
        a local that only ever holds that slot's results."""
        token = self._tokens(items, "VAR")[0]
        names = [n for n in self._names(token) if n == str(token).replace(" ", "_")] or list(self._names(token))
        owner = self._owner_of(items)
        made = self.lex.results.get(names[0]) == frozenset({owner}) or owner in (self.lex.collects.get(names[0]), self.lex.gathers.get(names[0]))
        if len(names) != 1 or owner not in self.lex.slots or not made:
            raise Unsupported("a local the named slot did not make, or not only it")
        return names[0], owner

    def o_var_made(self, items: list[Any]) -> Obj:
        var, owner = self._made_by(items)
        if self.lex.holds.get(var) == owner:
            return Obj(owner=owner, what="output", local=var, made=True)
        if self.lex.collects.get(var) == owner:
            # "the lessons the writer drafted", `let lessons = parallel for
            # ...: call writer`: every one of its outputs
            return Obj(owner=owner, what="collected", local=var, made=True)
        if self.lex.gathers.get(var) == owner:
            return Obj(owner=owner, what="gathered", local=var, made=True)
        return Obj(source=FromVar(var), made=True)

    def o_var_from(self, items: list[Any]) -> Obj:
        """"the attack from the adversary": a local that holds every result
        of that slot and nothing else, which is its output."""
        names = self._names(self._tokens(items, "VAR")[0])
        owner = self._owner_of(items)
        if len(names) != 1 or self.lex.holds.get(names[0]) != owner:
            raise Unsupported("a local from a slot that does not hold that slot's every result")
        return Obj(owner=owner, what="output", local=names[0])

    def o_var_made_every(self, items: list[Any]) -> Obj:
        var, owner = self._made_by(items)
        if self.lex.holds.get(var) != owner:
            raise Unsupported("'every' of a local that does not hold the slot's every result")
        return Obj(owner=owner, what="every", local=var)

    def o_var_output(self, items: list[Any]) -> Obj:
        names = self._names(self._tokens(items, "VAR")[0])
        if len(names) != 1 or names[0] not in self.lex.holds:
            raise Unsupported("a noun for a result after a local that is not one slot's every result")
        return Obj(owner=self.lex.holds[names[0]], what="output", local=names[0])

    def o_var_every(self, items: list[Any]) -> Obj:
        names = self._names(self._tokens(items, "VAR")[0])
        slot = self.lex.holds.get(names[0]) or self.lex.collects.get(names[0]) if len(names) == 1 else None
        if slot is None and len(names) == 1 and names[0] in self.lex.appended:
            # "every staged report", of a list that starts empty and is
            # appended every reviewer result: each of them
            slot = self.lex.gathers.get(names[0])
        if len(names) > 1 and any(n in self.lex.holds for n in names):
            # "every review", of `review` that holds every reviewer result
            # and `reviews` it is appended to: every value of the one, every
            # element of the other, the same outputs
            owners = {
                self.lex.holds.get(n)
                or self.lex.collects.get(n)
                or (self.lex.gathers.get(n) if n in self.lex.appended else None)
                for n in names
            }
            slot = next(iter(owners)) if len(owners) == 1 else None
            names = tuple(n for n in names if n in self.lex.holds)[:1]
        if slot is None:
            raise Unsupported("'every' of a local that is not one slot's every result")
        return Obj(owner=slot, what="every", local=names[0])

    def o_var_fields(self, items: list[Any]) -> Obj:
        names = self._names(self._tokens(items, "VAR")[0])
        fields: tuple[str, ...] = items[-1] if isinstance(items[-1], tuple) else self._names(items[-1])
        # a local that holds the slot's every result, or that is null until
        # the slot's every call sets it ("the tasting notes" of `let tasting =
        # null` ... `tasting = call taster`): its fields are the slot's
        owner = self._held_by(names[0]) if len(names) == 1 else None
        if owner is None and len(names) == 1 and names[0] in self.lex.fielded:
            # "the cut's text", of `cut` set to a string input and then to
            # each cutter result: only the cutter's results have fields
            owner = self.lex.fielded[names[0]]
        if owner is None:
            raise Unsupported("a field of a local that is not one slot's every result")
        known = self.lex.declares.get(owner, frozenset()) | self.lex.keys_read_of.get(owner, frozenset())
        if self.lex.declares.get(owner) and any(not {f, singular(f), plural(f)} & known for f in fields):
            # "the playable hymns", of an organist that declares `{ playable,
            # notes }` and a key `hymns` the program passes values under: no
            # result of the organist has that key
            raise Unsupported("a key the slot whose results the local holds neither declares nor is read by")
        return Obj(owner=owner, what="fields", fields=fields, local=names[0])

    def o_output(self, items: list[Any]) -> Obj:
        return Obj(owner=self._owner_of(items), what="output")

    o_output_of = o_output

    def _ruled(self, items: list[Any]) -> None:
        """After "how" and a slot, a verb of giving a verdict ("how each
        reviewer voted"): the verdict is its output. Any other verb ("how
        it reasoned", "how it went") speaks of something else."""
        verb = [t for t in self._tokens(items) if t.type in ("WORD", "AUTHORED")][-1]
        if str(verb).lower() not in RULED:
            raise Unsupported(f"'how ... {verb}': not a verdict the slot gave")

    def o_output_concluded(self, items: list[Any]) -> Obj:
        """"What the listener finds", "what the scent tester thought": after
        "what" and a slot, a verb of concluding is its output (not "what
        the critic checks", what it works on)."""
        # (the verb before "of", "about", where what it judged follows)
        about = [t.start_pos for t in self._tokens(items) if t.type in ("OF", "ABOUT") and t.start_pos is not None]
        words = [t for t in self._tokens(items, "WORD") if not about or (t.start_pos is not None and t.start_pos < about[0])]
        verb = str(words[-1]).lower()
        if verb not in _CONCLUDED:
            raise Unsupported(f"'what ... {verb}': not what the slot concluded")
        return self.o_output(items)

    def o_output_how(self, items: list[Any]) -> Obj:
        self._ruled(items)
        return self.o_output(items)

    def o_others_said(self, items: list[Any]) -> Obj:
        """"What another agency offered": a verb of saying, judging or
        concluding is what that call made (not "what another reader
        read", which it was given)."""
        verb = str([t for t in self._tokens(items) if t.type in ("WORD", "ACT")][-1]).lower()
        if verb not in _SAID | RULED | _CONCLUDED:
            raise Unsupported(f"'what ... {verb}': not what the other call made")
        return self.o_others(items)

    def o_others_elements_how(self, items: list[Any]) -> Obj:
        """"How another knife was judged": the verdict of the call on
        another element, a verb of giving one."""
        verb = [t for t in self._tokens(items) if t.type in ("WORD", "AUTHORED", "HANDLED")][-1]
        if str(verb).lower() not in RULED:
            raise Unsupported(f"'how ... {verb}': not a verdict given on it")
        return self.o_others_elements([t for t in items if not (isinstance(t, Token) and t is verb)])

    def o_others_how(self, items: list[Any]) -> Obj:
        self._ruled(items)
        return self.o_others(items)

    def o_output_everything(self, items: list[Any]) -> Obj:
        """"everything the coordinator produced": kept away, its output, as
        "anything it produced" (not "the data it produced", which may be
        some of it); received, every output of a slot perhaps called more
        than once, or each: not read."""
        if str(self._tokens(items, "INPUTS")[0]).lower() != "everything":
            raise Unsupported("a word for inputs before what a slot made")
        return replace(self.o_output(items), either=True)

    def o_output_described(self, items: list[Any]) -> Obj:
        """"the proposed step": the output of the one slot whose `ensures:`
        calls its result by that noun, with that word before it ("ensures:
        proposed next step"); a word that slot's phrase does not use may
        say which of its results, or another slot's."""
        made, noun = (str(t).lower() for t in items[:2])
        owners = [s for s, nouns in sorted(self.lex.products.items()) if noun.split()[-1] in nouns]
        if len(owners) != 1 or made not in self.lex.product_words.get(owners[0], frozenset()):
            raise Unsupported("a result noun and a word of making that no one slot's `ensures:` says")
        return Obj(owner=owners[0], what="output")

    def o_output_part(self, items: list[Any]) -> Obj:
        """"The captain's reasoning", where no key of the captain's is so
        named: some part of its results, or all of them; said only of what
        is kept away (received, which part is not known)."""
        (word,) = self._tokens(items, "WORKING")
        owner = self._owner_of(items)
        if owner not in self.lex.slots:
            raise Unsupported("some part of the results of no one named slot")
        return Obj(owner=owner, what="part", fields=(str(word).lower(),))

    def o_made(self, items: list[Any]) -> Obj:
        """"The cloth reservation", "the walk reports": the result of the
        one slot whose `ensures:` names it so; in the plural, of a slot
        called more than once, every one of its results (kept away, any)."""
        tok = _tok(self.toks, self._tokens(items, "MADE")[0])
        (slot,) = tok.names
        noun = tok.text.split()[-1]
        if singular(noun) != noun and slot in self.lex.repeated:
            if slot not in {*self.lex.collects.values(), *self.lex.gathers.values()}:
                # ("the playable hymns", of an organist asked again each
                # round and never collected: received, every one of them,
                # or the latest? kept away, any of them)
                return Obj(owner=slot, what="uncollected")
            return Obj(owner=slot, what="collected")
        return Obj(owner=slot, what="output")

    def o_output_prior(self, items: list[Any]) -> Obj:
        return Obj(owner=self._owner_of(items), what="prior")

    def o_output_current(self, items: list[Any]) -> Obj:
        # "the coach's latest feedback" is the newest there is when the call
        # is made, which may be the round before's; "the current" one is
        # this round's
        latest = any(_tok(self.toks, t).text in _LATEST for t in self._tokens(items, "CURRENT"))
        return Obj(owner=self._owner_of(items), what="latest" if latest else "current")

    def _of_a_round(self, items: list[Any]) -> None:
        """The last word is a noun for a round ("round", "pass", "cycle"),
        not an input that happens to share a word with one."""
        word = str(self._tokens(items)[-1]).lower()
        if word not in _ONE_ROUND:
            raise Unsupported("'from the same (previous) X' of something that is not a round")

    def o_output_prior_round(self, items: list[Any]) -> Obj:
        """"the thesis's argument from the previous round": its prior output
        ("from earlier rounds", every one of them or the last: not read)."""
        self._of_a_round(items)
        if str(self._tokens(items)[-1]).lower().endswith("s"):
            raise Unsupported("the output of earlier rounds: every one of them, or the last?")
        return self.o_output_prior(items)

    def o_fields_prior_round(self, items: list[Any]) -> Obj:
        """"the antithesis's reasoning from the previous round": those keys
        of its prior output, as "its previous output" is read ("from
        earlier rounds": every one of them or the last, not read)."""
        self._of_a_round(items)
        if str(self._tokens(items)[-1]).lower().endswith("s"):
            raise Unsupported("keys of the output of earlier rounds: every one of them, or the last?")
        fields = next(i for i in items if isinstance(i, tuple))
        owner = self._owner_of(items)
        if owner in (OTHER, ITS):
            raise Unsupported("keys of a prior output of no named slot")
        return Obj(owner=owner, what="prior", fields=fields)

    def o_round_prior_key(self, items: list[Any]) -> Obj:
        """"The previous round's score", "an earlier round's verdict": that
        key of the results of the one delegate the loops call whose results
        have it (declared or read off them), from an earlier round. Said of
        rounds in the plural ("earlier rounds' scores": each, or the last?)
        it is not read."""
        (rounds,) = self._tokens(items, "CALLS")
        if str(rounds).lower().endswith("s") or (len(self.lex.looped) > 1 and self.lex.loop_count > 1):
            raise Unsupported("a key of earlier rounds' results: each round, or the last, of which loop?")
        fields: tuple[str, ...] = next(i for i in items if isinstance(i, tuple))
        makers = [
            slot for slot in sorted(self.lex.looped)
            if all(f in self.lex.slot_keys.get(slot, frozenset()) | self.lex.keys_read_of.get(slot, frozenset()) for f in fields)
        ]
        if len(makers) != 1:
            raise Unsupported("a key of a round's results that no one delegate the loops call has")
        return Obj(owner=makers[0], what="prior", fields=fields)

    def o_output_current_round(self, items: list[Any]) -> Obj:
        """"the thesis argument from the same round": its current output."""
        self._of_a_round(items)
        return self.o_output_current(items)

    def o_output_every(self, items: list[Any]) -> Obj:
        return Obj(owner=self._owner_of(items), what="every")

    def o_slot(self, items: list[Any]) -> Obj:
        return Obj(owner=self._owner_of(items), what="slot")

    def o_fields_every(self, items: list[Any]) -> Obj:
        fields = next(i for i in items if isinstance(i, tuple))
        return Obj(owner=self._owner_of(items), what="every_fields", fields=fields)

    def o_fields(self, items: list[Any]) -> Obj:
        fields = next(i for i in items if isinstance(i, tuple))
        owner = self._owner_of(items)
        if len(fields) == 1 and fields[0] not in self.lex.read_keys | self.lex.declared_keys:
            # "the reviewers' reviews", of `reviews` that gathers every
            # reviewer result: the local
            local = fields[0]
            for table, what in ((self.lex.holds, "output"), (self.lex.collects, "collected"), (self.lex.gathers, "gathered")):
                if table.get(local) == owner:
                    return Obj(owner=owner, what=what, local=local, made=True)
        for name in fields:
            if name in self.lex.variables | self.lex.inputs and name not in self.lex.read_keys | self.lex.declared_keys:
                # "the sniffers' impressions", of a local `impressions`: the
                # local the program calls so, or a field no call's result
                # is read by or declares
                raise Unsupported(f"`{name}` names a local or input, and no field of a result is read so")
        forms = {fields[0], singular(fields[0]), plural(fields[0])} if len(fields) == 1 else set()
        if (
            forms and owner in self.lex.slots and not forms & self.lex.declares.get(owner, frozenset())
            and forms & set(self.lex.products.get(owner, ()))
            and any(forms & keys for slot, keys in self.lex.declares.items() if slot != owner)
        ):
            # "the markers' scores", of `ensures: a score with a list of
            # faults` and a `score` another slot declares: what its
            # `ensures:` calls its result, the whole of it
            return Obj(owner=owner, what="output")
        if (
            forms and owner in self.lex.slots and not self.lex.declares.get(owner)
            and (fields[0] in self.lex.keys or any(fields[0] in keys for keys in self.lex.passed_keys.values()))
            and not forms & (self.lex.read_keys | self.lex.declared_keys)
        ):
            # "the transcriber's braille", of a slot that declares no keys,
            # and a key the program only passes values under (`braille:
            # draft`), which no result is read under nor any slot declares:
            # what the slot makes, the whole (a word the program never uses
            # as a key, "the actor's reasoning", is a field kept from it)
            return Obj(owner=owner, what="output")
        written = self.lex.keys - self.lex.read_keys - self.lex.declared_keys

        def of_owner(key: str) -> bool:
            # (a key whose values hold the slot's results: "the pricer's
            # prices", of `{ item: item, prices: quote }`, `let quote =
            # call pricer`: its results)
            return any(
                self.lex.maker(n) == owner or owner in self.lex.results.get(n, frozenset())
                for k in (key, singular(key), plural(key))
                for n in self.lex.object_reads.get(k, frozenset())
            )

        if unknown := [
            f for f in fields
            if {f, singular(f), plural(f)} & written and f not in self.lex.declares.get(owner, frozenset()) and not of_owner(f)
        ]:
            # "the sign painter's revisions", of a record `{ revision:
            # revision, verdict: ... }` the program writes: a key of the
            # program's own value, which the slot does not declare and no
            # result is read under; not a field of its results
            raise Unsupported(f"'{unknown[0]}': a key the program writes, no key of `{owner}`'s results")
        own = self.lex.declares.get(owner, frozenset()) | self.lex.keys_read_of.get(owner, frozenset())
        if owner in self.lex.slots and self.lex.declares.get(owner) and (foreign := [
            f for f in fields
            if f not in _HOW_IT_THOUGHT and not {f, singular(f), plural(f)} & own
            and any({f, singular(f), plural(f)} & keys for slot, keys in self.lex.declares.items() if slot != owner)
        ]):
            # "the surveyor's findings", of a surveyor that declares `{
            # drainage, summary }` and an inspector that declares `{ findings
            # }`: no key of the surveyor's results, but a word for them (not
            # "the surveyor's reasoning": how it thought, never all it says)
            raise Unsupported(f"'{foreign[0]}': a key another slot declares, none of `{owner}`'s results")
        return Obj(owner=owner, what="fields", fields=self._its_keys(owner, fields))

    o_fields_of = o_fields

    def o_count_field(self, items: list[Any]) -> Obj:
        """"How many hours the carpenter booked", "how many minutes the
        groomer took": the key of that name the slot's `ensures:` declares
        (no other word for how many there were)."""
        many = self._tokens(items, "WORD")[0]
        if str(many).lower() != "many":
            raise Unsupported(f"'how {many}': not how many")
        fields = next(i for i in items if isinstance(i, tuple))
        owner = self._owner_of(items)
        declared = self.lex.declares.get(owner, frozenset())
        if len(fields) != 1 or not {fields[0], singular(fields[0]), plural(fields[0])} & declared:
            raise Unsupported("how many of something, of no key the slot declares")
        return self.o_fields(items)

    def _its_keys(self, owner: str, fields: tuple[str, ...]) -> tuple[str, ...]:
        """The keys of a slot's result that words after its possessive
        name: "the pricer's prices", of `ensures: { price, rationale }`
        and a returned key `prices` no result is read by, is its `price`
        (each call's), not a `prices` it does not have."""
        declared = self.lex.declares.get(owner, frozenset())
        out: list[str] = []
        for name in fields:
            if twins := _twin_keys(name, declared):
                # "the pricer's prices", of `ensures: { price, rationale }
                # ... or { prices }`: the `prices` key of some of its
                # results, or the `price` of each of them?
                raise Unsupported(f"'{name}': a key of `{owner}`'s results, and the plural or singular of another ({', '.join(twins)})")
            if name not in declared and name not in self.lex.read_keys:
                name = next((k for k in (singular(name), plural(name)) if k in declared), name)
            out.append(name)
        return tuple(out)

    def o_field(self, items: list[Any]) -> Obj:
        fields: tuple[str, ...] = items[0]
        if len(fields) != 1:
            raise Unsupported("several fields of no named slot")
        (name,) = fields
        if any(_twin_keys(name, keys) for keys in self.lex.declares.values()):
            # "the prices", of a slot that declares both `price` and
            # `prices`: which of them is not said (as after its possessive)
            raise Unsupported(f"'{name}': a key of a slot's results, and the plural or singular of another")
        if fields[0] in self.lex.input_keys:
            # "the amount", read only as `claim.amount`: part of an input,
            # not a field of some delegate's result; of the one input the
            # program reads it off ("the serial number", of `watch.serial`),
            # that input's key, as "the watch's serial number" is
            owners = [n for n, keys in sorted(self.lex.input_reads.items()) if name in keys]
            said = [t.text.lower().split()[-1] for t in self.toks if t.kind == "FIELD" and name in t.names]
            if len(owners) != 1 or any(w != name.split("_")[-1] and singular(name.split("_")[-1]) == w for w in said):
                # ("the guest", of `party.guests`: one of them, which the
                # key is not)
                raise Unsupported("a field of an input, with no input named")
            return Obj(source=FromInput(owners[0], fields=(name,)), names=(owners[0],))
        if fields[0] not in self.lex.read_keys and fields[0] not in self.lex.declared_keys:
            # "the composition", of a key the program only writes (an
            # argument, a returned key): no value is ever read as that
            # field, so "never sees the composition" would hold of nothing
            raise Unsupported(f"'{fields[0]}': a key no value is read under and no slot declares")
        return Obj(source=FromField(fields[0]), bare=getattr(fields, "bare", False))

    def o_field_raw(self, items: list[Any]) -> Obj:
        """"The raw frames": a field named with no slot, as the slot gave
        it; kept away, no less than the field itself."""
        (original,) = self._tokens(items, "ORIGINAL")
        if str(original).lower() != "raw":
            # ("the original notes", "the initial readings": which of its
            # values, not how)
            raise Unsupported(f"'{original}' before a field: which of its values")
        return replace(self.o_field([i for i in items if isinstance(i, tuple)]), original=True)

    def o_others(self, items: list[Any]) -> Obj:
        if any(isinstance(i, Token) and i.type == "ROLE" for i in items) or any(
            isinstance(i, tuple) and self._role_only(i) for i in items
        ):
            # "the other side's reasoning": the other slot of the subject
            fields = next((i for i in items if isinstance(i, tuple) and not self._role_only(i)), None)
            if fields is not None and any(self._tokens(items, "POSS")):
                return Obj(owner=OTHER, what="fields", fields=fields, role=True)
            return Obj(owner=OTHER, what="output", role=True)
        # "another reviewer's output": another call of that slot, which must
        # be the subject's ("a different planner outline", said of the
        # coach, is no other coach call's output)
        who = tuple(n for i in items if isinstance(i, tuple) for n in i)
        if not who:
            # "another review", a word for any result that also names a
            # local or a slot's action: the calls of the slot that makes
            # it, which must be the subject's; one it does not name alone
            # may be anybody's
            for token in self._tokens(items, "OUTPUT"):
                word = str(token).lower()
                found = self.lex.forms.get((word,))
                makers: set[str] = set()
                if found is not None and found[1].kind == "var":
                    makers = {m for n in found[1].names for m in (*self.lex.results.get(n, ()), self.lex.collects.get(n), self.lex.gathers.get(n)) if m}
                    if len(makers) != 1:
                        raise Unsupported(f"'another {word}': a local no one slot makes")
                if word in self.lex.acts:
                    makers.add(self.lex.acts[word])
                if (declarer := self.lex.declared_by.get(self.lex.key_forms.get(word, word))) is not None:
                    # "the findings of another round", a key the auditor
                    # declares: the auditor's other calls, said of the auditor
                    makers.add(declarer)
                if len(makers) > 1:
                    raise Unsupported(f"'another {word}': of which slot is not said")
                who = tuple(makers)
        return Obj(source=FromOthers(), names=who, reciprocal=self._one_another(items, who))

    def o_others_round(self, items: list[Any]) -> Obj:
        """"the output of another round": another call's output; of a word
        that is also a key a result has ("the findings of another round"),
        that field of it or its whole output is not said."""
        word = str(self._tokens(items, "OUTPUT")[0]).lower()
        if word in self.lex.key_forms or word in self.lex.declared_keys or singular(word) in self.lex.declared_keys:
            raise Unsupported("a key of another call's result, or its whole output")
        return self.o_others(items)

    def _one_another(self, items: list[Any], who: tuple[str, ...]) -> bool:
        """"each other's", or a bare "another's" naming no slot and no
        call: said of a subject that names several slots, another of them
        ("none of the colorist, the mixer and the composer sees another's
        work"), not another call of each one's own slot."""
        if self._tokens(items, "EACHOTHER"):
            return True
        kinds = {t.type for t in items if isinstance(t, Token)}
        return not who and "ANOTHER" in kinds and kinds <= {"ANOTHER", "POSS", "OUTPUT"}

    def o_others_fields(self, items: list[Any]) -> Obj:
        fields: tuple[str, ...] = items[-1]
        who = [i for i in items[:-1] if isinstance(i, tuple)]
        if any(isinstance(i, Token) and i.type == "ROLE" for i in items) or any(self._role_only(w) for w in who):
            # "the other side's reasoning": the other slot of the subject
            return Obj(owner=OTHER, what="fields", fields=fields)
        # "another reviewer's notes": those fields of another call of the
        # subject (``names``: the slot the sentence says the call is of);
        # a name the program writes, a local or a returned key, that no
        # result is read for or declared with ("other nurseries'
        # shortages", of a returned `shortages` that gathers their
        # failures), is no field of theirs
        written = self.lex.variables | self.lex.returned_keys
        if unknown := [f for f in fields if f in written and f not in self.lex.read_keys | self.lex.declared_keys]:
            raise Unsupported(f"'{unknown[0]}': a name the program writes, no key of another call's result")
        names = tuple(n for w in who for n in w)
        return Obj(source=FromOthers(fields), names=names, reciprocal=self._one_another(items, names))

    def _role_only(self, names: tuple[str, ...]) -> bool:
        return bool(names) and set(names) == set(self.lex.slots) and len(names) > 1

    def o_others_var(self, items: list[Any]) -> Obj:
        # "the route planned by another router call": a local that only
        # ever holds that slot's results (bound to its call, or collecting
        # or gathering every one of them), made by another of its calls;
        # said of that slot only (``names``)
        token = self._tokens(items, "VAR")[0]
        names = [n for n in self._names(token) if n == str(token).replace(" ", "_")] or list(self._names(token))
        makers = {m for n in names for m in (*self.lex.results.get(n, ()), self.lex.collects.get(n), self.lex.gathers.get(n)) if m}
        who: tuple[str, ...] = next(i for i in items if isinstance(i, tuple))
        if len(names) != 1 or not who or set(who) != makers:
            raise Unsupported(f"'{names[0]}' made by another call of a slot it does not hold the results of")
        return Obj(source=FromOthers(), names=who)

    def o_others_var_another(self, items: list[Any]) -> Obj:
        # "another coach's notes", "the other routes", of a local that only
        # ever holds one slot's results, said of that slot: what its other
        # calls made
        return self.o_var_others_calls(items)

    def o_others_var_prior(self, items: list[Any]) -> Obj:
        # "the mark given to an earlier submission": a local that only ever
        # holds one slot's results, made by an earlier call of it (the clause
        # must be about that slot)
        token = self._tokens(items, "VAR")[0]
        var = [n for n in self._names(token) if n == str(token).replace(" ", "_")] or list(self._names(token))
        makers = self.lex.results.get(var[0], frozenset()) if len(var) == 1 else frozenset()
        if not makers and len(var) == 1 and var[0] in self.lex.gathers:
            # "the assessment written in an earlier round", of `let
            # assessment = null` that the screener's every call then sets
            makers = frozenset({self.lex.gathers[var[0]]})
        if len(makers) != 1:
            raise Unsupported("a local that is not one slot's results, made earlier")
        return Obj(source=FromOthers(), names=tuple(makers))

    def o_elements(self, items: list[Any]) -> Obj:
        name = self._name(self._tokens(items, "INPUT")[0])
        if name in self.lex.scalars:
            # "another scout's report", of `fire_report: string` that every
            # scout is handed: a value that is no list has no other elements
            # (the word may well be the scout's own result, which is not read)
            raise Unsupported("the other elements of an input that is no list")
        return Obj(source=OtherElements(name))

    def o_another_element(self, items: list[Any]) -> Obj:
        """"Another applicant": an element of the list other than the
        call's own. Not "a different brief", which says the briefs differ,
        not that the call is given another's."""
        if str(self._tokens(items, "ANOTHER")[0]).lower() != "another":
            raise Unsupported("'different': the briefs differ, not another call's")
        return self.o_elements(items)

    def o_elements_in(self, items: list[Any]) -> Obj:
        """"the other dishes on the menu": where a word for the place names
        an input, it must be the list itself ("the other dishes in the
        allergen report" may speak of that report)."""
        names = {self._name(t) for t in self._tokens(items, "INPUT")}
        if len(names) != 1:
            raise Unsupported("the other elements of a list, placed in another input")
        return self.o_elements(items)

    def o_others_elements(self, items: list[Any]) -> Obj:
        """"another applicant's results", "the label given to another
        ticket": what the calls on the input's other elements made, of an
        input list that one slot is called on in a `for` (a local named
        must hold only that slot's results): that slot's other calls. With
        several slots in the loop, which one's results is not said."""
        name = self._name(self._tokens(items, "INPUT")[0])
        walkers = self.lex.walkers.get(name, frozenset()) & self.lex.slots
        if name in self.lex.scalars or not walkers:
            raise Unsupported("the other elements of an input no slot is called on one by one")
        makers = walkers
        for token in self._tokens(items, "VAR"):
            names = [n for n in self._names(token) if n == str(token).replace(" ", "_")] or list(self._names(token))
            makers = frozenset(m for n in names for m in (*self.lex.results.get(n, ()), self.lex.collects.get(n), self.lex.gathers.get(n)) if m)
            if len(names) != 1 or len(makers) != 1 or not makers <= walkers:
                raise Unsupported("a local made on other elements that is not one walking slot's results")
        if len(makers) != 1:
            raise Unsupported("results made on other elements, in a loop that calls several slots")
        fields: tuple[str, ...] = next((i for i in items if isinstance(i, tuple)), ())
        (maker,) = makers
        if fields and not set(fields) <= self.lex.declares.get(maker, frozenset()):
            # "the other sections' notes": a key the slot declares, or the
            # noun its `ensures:` calls its whole result by ("ensures: notes
            # on passages"); another word may be a key of the elements
            said = {w for f in fields for w in words_of(f)}
            if not said or not said <= self.lex.products.get(maker, frozenset()):
                raise Unsupported("a field of the other elements, or of what was made on them?")
            fields = ()
        return Obj(source=FromOthers(fields), names=tuple(makers))

    def o_every_element(self, items: list[Any]) -> Obj:
        """"each bout's margin", of a slot called on `bouts` one element at
        a time: what it made on every element, every one of its outputs
        (kept away, not read: every one, or any?). The noun after the
        possessive is read as for "the other sections' notes"."""
        name = self._name(self._tokens(items, "INPUT")[0])
        walkers = self.lex.walkers.get(name, frozenset()) & self.lex.slots
        keys: tuple[str, ...] = next((i for i in items if isinstance(i, tuple)), ())
        if keys and all(f in self.lex.input_reads.get(name, ()) or singular(f) in self.lex.input_reads.get(name, ()) for f in keys):
            # keys the program reads off every element: those, unless a
            # slot called on each element declares them too (which, then?)
            if any(set(keys) & self.lex.declares.get(w, frozenset()) for w in walkers):
                raise Unsupported("a key of every element, or of what was made on it?")
            return self.o_input_fields(items)
        if name in self.lex.scalars or len(walkers) != 1:
            raise Unsupported("every element's results, of a list not one slot is called on one by one")
        (maker,) = walkers
        fields: tuple[str, ...] = next((i for i in items if isinstance(i, tuple)), ())
        if fields and not set(fields) <= self.lex.declares.get(maker, frozenset()):
            said = {w for f in fields for w in words_of(f)}
            if not said or not said <= self.lex.products.get(maker, frozenset()):
                raise Unsupported("a field of every element, or of what was made on it?")
            fields = ()
        if fields:
            return Obj(owner=maker, what="every_fields", fields=fields)
        return Obj(owner=maker, what="every")

    def _key_of_another(self, key: str, slot: str) -> bool:
        """``key`` is one another slot's results have (declared, or read off
        them), and ``slot``'s are not known to have."""
        lex = self.lex
        mine = lex.slot_keys.get(slot, frozenset()) | lex.declares.get(slot, frozenset()) | lex.keys_read_of.get(slot, frozenset())
        return key not in mine and any(
            key in lex.slot_keys.get(other, frozenset()) | lex.declares.get(other, frozenset()) | lex.keys_read_of.get(other, frozenset())
            for other in lex.slots
            if other != slot
        )

    def o_its_fields(self, items: list[Any]) -> Obj:
        fields = next(i for i in items if isinstance(i, tuple))
        if self._tokens(items, "OWN"):
            # "its own notes": the subject's, never the slot named before
            return Obj(owner=ITS, what="fields", fields=fields, own=True)
        return Obj(owner=ITS, what="fields", fields=fields)

    def o_own_prior(self, items: list[Any]) -> Obj:
        return Obj(owner=ITS, what="prior")

    def o_act_prior(self, items: list[Any]) -> Obj:
        """"an earlier translation", "its own earlier surveys": the noun of
        what the slot is named for doing (a translator translates), its
        results from earlier calls; said of that slot only ("the editor
        never sees an earlier translation": earlier than what?)."""
        tok = _tok(self.toks, self._tokens(items, "ACT")[0])
        (slot,) = tok.names
        if not _act_noun(singular(tok.text), slot):
            raise Unsupported(f"'{tok.text}': not a noun for what a slot does")
        return Obj(owner=ITS, what="prior", names=(slot,))

    def o_input_its(self, items: list[Any]) -> Obj:
        """"its own brief", "their chunk", of a list input (`briefs`): the
        element the call's own iteration picks, named by the list's
        singular word or by the list's own name. Never of an input that is
        no list ("its budget" of `buyer_budget: number`), whose owner the
        word would only guess."""
        obj = self.o_input(self._tokens(items, "INPUT"))
        token = _tok(self.toks, self._tokens(items, "INPUT")[0])
        names = obj.names
        plural_name = len(names) == 1 and token.text == names[0] and singular(words_of(names[0])[-1]) != words_of(names[0])[-1]
        # (or of a list a `for` walks, by its own name however it is said:
        # "its own squad", of `for player in squad`)
        walked = len(names) == 1 and token.text == names[0] and names[0] in self.lex.walkers
        if not (obj.element or plural_name or walked) or any(n in self.lex.scalars for n in names):
            raise Unsupported("'its' of an input that is no list named by its element")
        return replace(obj, element=True, own=bool(self._tokens(items, "OWN")), its=True)
    def _list_token(self, items: list[Any]) -> Token:
        """The word that names the list a clause is about: an input, or a
        local."""
        return (self._tokens(items, "INPUT") or self._tokens(items, "VAR"))[0]

    def _held_by(self, local: str) -> str | None:
        """The one slot whose result a local always is, or is null until
        (``let recipe = null``, then ``recipe = call brewer``)."""
        if local in self.lex.holds:
            return self.lex.holds[local]
        return self.lex.gathers.get(local) if local not in self.lex.appended else None

    def o_own_prior_key(self, items: list[Any]) -> Obj:
        """"Its own earlier `score`": that key of its earlier results (the
        slot's keys are checked where the subject is known)."""
        (key,) = self._names(self._tokens(items, "FIELD")[0])
        return Obj(owner=ITS, what="prior", fields=(key,))

    def o_own_prior_var(self, items: list[Any]) -> Obj:
        names = self._names(self._tokens(items, "VAR")[0])
        held = [n for n in names if n in self.lex.holds]
        if len(names) > 1 and len(held) == 1:
            # "earlier opinions", of `opinion` that holds every adjudicator
            # result and `opinions` it is appended to: the same outputs
            owners = {self.lex.holds.get(n) or self.lex.gathers.get(n) or self.lex.collects.get(n) for n in names}
            if owners == {self.lex.holds[held[0]]}:
                names = (held[0],)
        if len(names) != 1 or (self._held_by(names[0]) is None and len(self.lex.made.get(names[0], ())) != 1):
            word = singular(_tok(self.toks, self._tokens(items, "VAR")[0]).text.lower().split()[-1])
            if any(t.type == "ITS" for t in self._tokens(items)) and word in self.lex.read_keys and word not in self.lex.variables:
                # "its own earlier scores", of `current_score =
                # evaluation.score`: the key of its results the local is
                # named for, of its earlier calls
                return Obj(owner=ITS, what="prior", fields=(word,))
            raise Unsupported("earlier values of a local that no one slot's results are written to")
        return Obj(owner=ITS, what="prior", local=names[0])

    def o_result(self, items: list[Any]) -> Obj:
        word = str(self._tokens(items, "OUTPUT")[0]).lower()
        if word not in _ANY_RESULT and _declared_key(word, self.lex.declared_keys) is not None:
            # "the answers", of a filler's `{ grid, answers }`: the key a
            # slot declares, not any delegate's result
            raise Unsupported("a noun for a result that is a key a slot declares")
        bare = not _tok(self.toks, self._tokens(items, "OUTPUT")[0]).article
        if word in _ANY_RESULT:
            return Obj(source=AnyResult(), bare=bare)
        # "the verdict", "a critique": the result of the one slot whose
        # result is called so, not any delegate's (which a slot given
        # another delegate's plan would break); said bare after a
        # possessive, it may be that owner's (see objs)
        owners = self._made_as(word)
        if len(owners) == 1:
            return Obj(owner=owners[0], what="output", bare=bare, noun=word)
        if bare:
            return Obj(source=AnyResult(), bare=True, noun=word)
        raise Unsupported(f"'{word}': a kind of result that no one slot's result is called")

    def _made_as(self, word: str) -> list[str]:
        """The slots whose result the pattern calls by ``word`` (its
        `ensures:` noun); for a verdict's nouns, failing that, the one slot
        whose verdict the program tests."""
        forms = {word, singular(word), plural(word)}
        owners = sorted(s for s in self.lex.slots if forms & set(self.lex.products.get(s, ())))
        if not owners and forms & _VERDICT_NOUNS:
            owners = sorted(s for s in self.lex.deciders if s in self.lex.slots)
        return owners

    def o_result_current(self, items: list[Any]) -> Obj:
        return Obj(source=AnyResult("current"))

    def o_result_prior(self, items: list[Any]) -> Obj:
        return Obj(source=AnyResult("prior"))

    def q_unchanged(self, items: list[Any]) -> str:
        if any(str(t).lower() not in _WROTE for t in self._tokens(items, "AUTHORED")):
            # "as the doctor decided it": no saying how a text was given
            raise Unsupported("'as X ...' with a verb other than one of writing")
        return "unchanged"

    def _sources(self, obj: Obj, target: Calls, subject: Subject, *, negative: bool) -> list[Source]:
        """What an object means for one target's calls."""
        if obj.source is not None:
            if isinstance(obj.source, FromInput) and obj.its and negative:
                # "never sees its own chunk": not that one, or none of them?
                raise Unsupported("'its' element of a list kept away")
            if isinstance(obj.source, FromInput) and obj.element and not negative:
                # "each mapper is given a chunk", "its own brief": the element
                # its own iteration picks, which a call outside every loop
                # has none of (the whole list is not one element of it)
                names = obj.names or (obj.source.name,)
                if target.slot is None or target.slot in self.lex.unlooped or any(n in self.lex.scalars for n in names):
                    raise Unsupported("one element of a list, received by a call in no loop")
                return [FromInput(n, element=True) for n in names]
            if isinstance(obj.source, FromInput) and obj.source.fields:
                return [obj.source]
            if isinstance(obj.source, FromInput):
                # ("the scene list itself", "the whole scene list": all of
                # it on each call, said of what is received)
                # (of a list a `for` walks, where its elements are what a
                # call may be given instead)
                names = obj.names or (obj.source.name,)
                whole = not negative and all(
                    (obj.itself or (obj.whole and n in self.lex.walkers)) and n not in self.lex.scalars for n in names
                )
                return [FromInput(n, whole=whole) for n in names]
            if isinstance(obj.source, FromVar) and obj.whole and not negative:
                return [self._all_of(obj.source)]
            if isinstance(obj.source, FromOthers) and obj.names and target.slot not in obj.names:
                raise Unsupported("another call of a slot the clause is not about")
            if isinstance(obj.source, FromOthers) and obj.reciprocal and len(set(subject.slots)) > 1:
                # "the reproducer and the rater never see each other's
                # output": each, the other slots' results
                return [FromSlot(s, obj.source.fields) for s in dict.fromkeys(subject.slots) if s != target.slot]
            return [obj.source]
        owner = obj.owner
        assert owner is not None
        if owner == OTHER:
            owners = [s for s in subject.slots if s != target.slot]
            if not owners and obj.role:
                # "the thesis never sees what the other side argued": the one
                # slot of the pattern that is not the subject
                owners = [s for s in sorted(self.lex.slots) if s != target.slot]
                if len(owners) != 1:
                    raise Unsupported("'the other side' of a pattern of more than two slots")
            if not owners and target.slot in self.lex.repeated and obj.what in ("output", "slot"):
                # "neither measurement call sees the other's profile": the
                # slot's other calls
                return [FromOthers()]
            if not owners:
                raise Unsupported("'the other' with no other slot in the subject")
            if self.one_other and len(owners) > 1:
                raise Unsupported("'the other' of a subject naming more than two slots")
        elif owner == ITS:
            if target.slot is None:
                raise Unsupported("'its' for the calls in a loop")
            if self.their_loose:
                raise Unsupported("'their' after a subject not taken one at a time")
            if obj.what == "prior" and obj.names and target.slot not in obj.names:
                # "an earlier translation", said of another slot than the translator
                raise Unsupported("earlier results of a slot the clause is not about")
            if obj.what == "prior" and any(
                f not in self.lex.slot_keys.get(target.slot, frozenset()) | self.lex.declares.get(target.slot, frozenset())
                | self.lex.keys_read_of.get(target.slot, frozenset())
                for f in obj.fields
            ):
                # "the refiner sees its own earlier scores", of scores only
                # the evaluator's results have
                raise Unsupported("'its' earlier values of a key its results do not have")
            if not obj.own and self._other_slot_before_its(subject.slots):
                # "kept unaware of the producer and never sees its verdict",
                # "never sees the booker's terms, only its notes": the slot
                # named last, or the subject?
                raise Unsupported("'its' after another slot is named")
            if obj.what == "fields" and any(
                f in self.lex.passed_keys.get(target.slot, frozenset()) and f not in self.lex.declares.get(target.slot, frozenset())
                for f in obj.fields
            ):
                # "each tester works only from its recipe", of a tester
                # passed `recipe:` that declares no such key: the recipe it
                # is given, or a field of its own result?
                raise Unsupported("'its' before the key of a value the slot is passed")
            if obj.what == "fields" and any(self._key_of_another(f, target.slot) for f in obj.fields):
                # "the fitter gets only its cabinet run", of the designer's
                # `cabinet_runs`: the one it is given, not a key of its own
                raise Unsupported("'its' before a key of another slot's results")
            own = self.lex.made.get(obj.local, frozenset()) == {target.slot} if obj.local is not None else False
            if obj.local is not None and self._held_by(obj.local) != target.slot and not (obj.what == "prior" and own):
                # ("its own earlier drafts": those of the local's values that
                # the slot made, whatever else the local held first)
                raise Unsupported("'its' earlier values of a local that holds another slot's results")
            owners = [target.slot]
        else:
            owners = [owner]
        out: list[Source] = []
        for name in owners:
            if name == target.slot and owner != ITS and obj.what != "prior":
                if obj.what == "fields":
                    raise Unsupported("a slot's own fields")
                out.append(FromOthers())  # "the reviewer's output", said of reviewers
                continue
            match obj.what:
                case "output" | "slot":
                    out.append(FromSlot(name))
                case "prior":
                    out.append(FromSlot(name, obj.fields, age="prior"))
                case "current" | "latest":
                    out.append(FromSlot(name, age=obj.what))
                case "every":
                    out.append(FromSlot(name, every=True))
                case "every_fields":
                    out.append(FromSlot(name, obj.fields, every=True))
                case "gathered":
                    assert obj.local is not None
                    if negative:
                        out.append(FromSlot(name))
                    elif obj.local in self.lex.appended and target.slot is not None and target.slot not in self.lex.repeated:
                        # a list built by `append`, received by a slot
                        # called once: the list as it is then, every output
                        # it gathered, as a list that collects them is
                        out.append(FromSlot(name, every=True))
                    else:
                        out.append(FromVar(obj.local, maker=name))
                case "collected":
                    # kept away: any of them; received: every one of them
                    out.append(FromSlot(name) if negative else FromSlot(name, every=True))
                case "uncollected":
                    if not negative:
                        raise Unsupported("the results of a slot called more than once that nothing collects: all, or the latest?")
                    out.append(FromSlot(name))
                case "part":
                    if not negative:
                        raise Unsupported("receiving some part of a result, which part not said")
                    out.append(FromSlot(name, part=obj.fields[0]))
                case _:
                    out.append(FromSlot(name, obj.fields))
        if obj.whole and not negative:
            out = [self._all_of(src) for src in out]
        return out

    @staticmethod
    def _all_of(src: Source) -> Source:
        """A source said with "whole": all of one result, or of a local."""
        match src:
            case FromSlot(every=False, given=given) if not given:
                return replace(src, whole=True)
            case FromVar():
                return replace(src, whole=True)
            case _:
                raise Unsupported("the whole of what is not one result or one local")

    def _forbid(self, subject: Subject, objs: list[Obj], *, only: bool = False) -> list[Claim]:
        if any(obj.what in ("every", "every_fields") or obj.whole for obj in objs):
            # "never sees every miner's list", "never sees the whole
            # document": not all of it, or none of it?
            raise Unsupported("'every' output or 'the whole' input kept away")
        if any(obj.both for obj in objs):
            # "never sees both the plan and the draft": one of them may reach
            raise Unsupported("'both' kept away: the pair, not each")
        out: list[Claim] = []
        for target in subject.calls:
            for obj in objs:
                if obj.what == "fields" and obj.source is None:
                    owners = self._sources(Obj(owner=obj.owner, what="slot"), target, subject, negative=True)
                    for src in owners:
                        if not isinstance(src, FromSlot):
                            raise Unsupported("fields of a slot's own calls")
                        out.append(Firewall(target, src.slot, obj.fields, only))
                    continue
                for src in self._sources(obj, target, subject, negative=True):
                    if isinstance(src, FromSlot) and src.fields and src == FromSlot(src.slot, src.fields):
                        # "each other's notes": those fields of the other
                        # slot, as "the lawyer's notes" is
                        out.append(Firewall(target, src.slot, src.fields, only))
                    elif obj.original and not obj.element and isinstance(src, FromInput) and src == FromInput(src.name) and self._as_given():
                        # "never gets the original brief": none of it, or
                        # not as it was given (a field read off it may
                        # reach it); the check settles only where both agree
                        out.append(Isolation(target, replace(src, original=True)))
                    else:
                        out.append(Isolation(target, src))
        return out

    def _instructions(self, args: tuple[str, ...] | None) -> bool:
        """Whether the prompt among the arguments was said as "the same
        instructions", which may also mean everything the call is given."""
        return args is not None and "prompt" in args and any(
            t.kind == "PROMPT" and t.text.lower() in ("instructions", "instruction") for t in self.toks
        )

    def _as_given(self) -> bool:
        """The sentence's word for an input as the caller gave it says so
        ("the original brief", "the unaltered draft"), not only which value
        it is ("the raw feed", "the source brief")."""
        said = [t.text.lower() for t in self.toks if t.kind == "ORIGINAL"]
        return bool(said) and all(w in _AS_GIVEN_WORDS for w in said)

    def said_always(self, items: list[Any]) -> _SaidAlways:
        return _SaidAlways()

    def _every_call_said(self) -> bool:
        """The sentence says its claim of every call: "always", or a
        quantifier of the slot or its calls ("every reader", "both
        handlers", "on each call"), however the grammar groups the words."""
        toks = self.toks
        return any(
            t.kind == "ALWAYS" or (t.kind in ("EVERY", "BOTH") and any(u.kind in ("SLOT", "CALLS") for u in toks[k + 1 : k + 3]))
            for k, t in enumerate(toks)
        )

    def _always(self, items: list[Any]) -> Callable[[list[Claim]], list[Claim]]:
        """"is always told the reason", "on every call", "every round, ...",
        "each translator is shown ...": what is received is received by
        every call of the slot, said so."""
        said = any(isinstance(i, _SaidAlways) for i in items)
        each = any(isinstance(i, Subject) and i.every for i in items)
        if not said and not each:
            return lambda claims: claims

        def strict(c: Claim) -> Claim:
            # (of each recipient, what every call is given as it is: its own
            # element, another call's output, an earlier round's are given
            # to each call by what they are)
            if not isinstance(c, Receives) or c.only or not (said or all(_as_it_is(n) for n in c.needs)):
                return c
            return replace(c, always=True)

        return lambda claims: [strict(c) for c in claims]

    def _need(
        self,
        subject: Subject,
        objs: list[Obj],
        *,
        only: bool = False,
        unchanged: bool = False,
        basis: bool = False,
        loose: bool = False,
        contrast: list[Obj] | None = None,
    ) -> list[Claim]:
        if subject.negative:
            # "the totals reach neither the tabulators nor the counters": a
            # negated subject or recipient in a clause that says it receives
            raise Unsupported("a negated subject of a clause that says it receives")
        # "the drafter's rationale and text": both are needed, one by one
        objs = [
            Obj(owner=o.owner, what="fields", fields=(f,), either=o.either, whole=o.whole)
            for o in objs if o.what == "fields" and o.source is None for f in o.fields
        ] + [
            o for o in objs if not (o.what == "fields" and o.source is None)
        ]
        for o in objs:
            if (o.what in ("fields", "every_fields") or (o.what == "prior" and o.fields)) and any(
                f not in self.lex.keys and f not in self.lex.key_forms.values() and f not in self.lex.declared_keys
                # (a key the program reads off a result, `check.notes`, that
                # is also a local's name)
                and f not in self.lex.read_keys
                for f in o.fields
            ):
                # a field the program never reads or builds: whether a call
                # receives it cannot be known before run time
                raise Unsupported("receiving a field the program never names")
        if any(o.either for o in objs):
            raise Unsupported("receiving 'either' of two values: one of them")
        # "receives both profiles", of `profile_a` and `profile_b` that
        # between them hold every result of the measurement: each of them,
        # which is every output of the measurement (one would not do)
        objs = [
            Obj(owner=o.owner, what="every", local=o.local) if o.source is None and o.names in self.lex.group_holds else o
            for o in objs
        ]
        repeated = any(c.slot is None or c.slot in self.lex.repeated for c in subject.calls)
        if repeated:
            # "the officer sees the samples", of `let samples = parallel
            # repeat ...` remade each round: the local, as it is at the call
            objs = [
                Obj(source=FromVar(o.local, maker=o.owner))
                if o.what == "collected" and o.local and not o.made and not o.whole
                else o
                for o in objs
            ]
        if any(o.what in ("every", "every_fields", "collected") or o.made for o in objs) and repeated:
            # "the evaluator is handed each vendor's offer", the evaluator
            # called once per bid: all of them in each call, or each in one?
            raise Unsupported("every output, received by a slot called more than once")
        if any(o.source is None and o.names in self.lex.group_holds for o in objs):
            # "receives both profiles" needs each local; "the measurement's
            # output" would be passed by one of them
            raise Unsupported("receiving a group of locals")
        out: list[Claim] = []
        for target in subject.calls:
            needs: list[Source] = []
            originals: list[Claim] = []
            for obj in objs:
                for src in self._sources(obj, target, subject, negative=False):
                    if isinstance(src, FromOthers | OtherElements) and (
                        only or unchanged or obj.original or target.slot not in self.lex.repeated
                    ):
                        # "sees only the other reviewers' notes" would need
                        # every value passed to be another call's output
                        raise Unsupported("receiving only, or unchanged, other invocations' outputs")
                    if unchanged or obj.original:
                        if obj.element:
                            raise Unsupported("one element of a list 'as given'")
                        if isinstance(src, FromInput) and src.fields:
                            raise Unsupported("'as given' of a part of an input")
                        if isinstance(src, FromInput):
                            # (said with "only", every call receiving it
                            # is the receiving claim's: the canonical form
                            # of that claim reads back the same)
                            always = target.slot is not None and self._every_call_said() and not only
                            originals.append(Unchanged(target, FromInput(src.name, original=True), always=always))
                            if only:
                                needs.append(FromInput(src.name, original=True))
                            continue
                        if isinstance(src, FromSlot) and src.age == "prior" and unchanged:
                            originals.append(Unchanged(target, src))
                            continue
                        if unchanged:
                            raise Unsupported("'unchanged' of something that is not an input")
                    needs.append(src)
            out += originals
            if needs:
                # a slot's fields last, as the canonical form says them
                needs.sort(key=lambda n: isinstance(n, FromSlot) and bool(n.fields))
                # (what a contrast sets the needs against: "never the feed, only the report")
                against = tuple(src for o in contrast or () for src in self._sources(o, target, subject, negative=True))
                out.append(Receives(target, tuple(needs), only=only, basis=basis, loose=loose, contrast=against))
        return out

    def _clause(self, subject: Subject, build: Callable[[Subject], list[Claim]]) -> Clause:
        return Clause(subject, build)

    def _subject(self, items: list[Any]) -> Subject:
        return next(i for i in items if isinstance(i, Subject))

    def _objs(self, items: list[Any]) -> list[list[Obj]]:
        return [i for i in items if isinstance(i, list)]

    def _said_first(self, items: list[Any]) -> list[Obj]:
        """The values a passive clause opens with: "both the plan and the
        draft are withheld from the verifier" keeps each of them away."""
        (objs,) = self._objs(items)
        if items and items[0] is objs:
            return [replace(o, both=False) for o in objs]
        return objs

    def _its(self, obj: Obj, context: list[Obj]) -> Obj:
        """"not its reasoning" after "the other's argument": its = the other."""
        if obj.owner != ITS or obj.what != "fields" or obj.own:
            return obj
        owners = [o.owner for o in context if o.owner is not None]
        if len(set(owners)) != 1:
            raise Unsupported("'its' with no single owner before it")
        return Obj(owner=owners[0], what="fields", fields=obj.fields)

    def _positive_recipients(self, items: list[Any]) -> None:
        """A negated recipient ("withheld from no cataloguer", "never given
        to neither") is a second negation no giving rule gives a meaning."""
        if any(isinstance(i, Subject) and i.negative for i in items):
            raise Unsupported("a negated recipient of this giving")

    def _denied(self, clause: Clause) -> Clause:
        """The clause's claims, each said not to hold."""

        def build(s: Subject) -> list[Claim]:
            claims = clause.build(s)
            if any(isinstance(c, Firewall | Denied) for c in claims):
                raise Unsupported("a denied firewall: its fields are removed at run time")
            return [Denied(c) for c in claims]

        return Clause(clause.subject, build)

    def _in_parallel(self, items: list[Any]) -> None:
        if [str(t).lower() for t in self._tokens(items, "WORD")] != ["parallel"]:
            raise Unsupported("a way of working other than in parallel, set against an order")

    def _concurrent(self, items: list[Any]) -> None:
        """"in parallel", "concurrently", "simultaneously"; "at once" only of
        all the calls ("all providers are queried at once"), since of one
        call it says "immediately"."""
        toks = self._tokens(items)
        word, before = str(toks[-1]).lower(), toks[-2].type if len(toks) > 1 else ""
        if toks[-1].type == "IMMEDIATELY":
            if word != "at once" or not any(t.kind == "EVERY" and t.text.lower() == "all" for t in self.toks):
                raise Unsupported("'at once' of calls not said to be all of them")
        elif word != "parallel" if before == "IN" else word not in ("concurrently", "simultaneously"):
            raise Unsupported("a way of working other than at the same time")

    def _stem_slot(self, text: str) -> str | None:
        """The slot a single word names only by sharing its stem ("refinement"
        of `refiner`), the way the tokenizer reads it; None otherwise."""
        if " " in text or len(text) < 6 or text in self.lex.key_forms or (text,) in self.lex.forms:
            return None
        return self.lex.stems.get(text[:6])

    def _looped_only(self, clause: Clause, kinds: tuple[type, ...]) -> Clause:
        """A clause said of the rounds of the delegation's one loop: what it
        says of every call of its slots is what it says of every round, when
        the slots are called inside that loop and nowhere else."""

        def build(s: Subject) -> list[Claim]:
            claims = clause.build(s)
            for claim in claims:
                if not isinstance(claim, kinds) or not isinstance(claim, Identical | Unchanged):
                    raise Unsupported("a claim that is not said of every round")
                slot = claim.target.slot
                if isinstance(claim, Identical) and (claim.over is not None or claim.callee is not None):
                    raise Unsupported("rounds of the loop, and of what else")
                if slot is None or slot not in self.lex.looped or slot in self.lex.unlooped:
                    raise Unsupported("every round of the loop, of a slot called outside it")
            return claims

        return Clause(clause.subject, build, clause.again)

    def _keys_passed(self, slots: Sequence[str | None], args: tuple[str, ...] | None) -> None:
        """A word read as a call's key names an argument of the subject's
        own calls: a key only another slot's calls use names none of them."""
        named = (self.lex.inputs, self.lex.variables, self.lex.keys)
        for arg in args or ():
            if (
                arg in self.lex.returned_keys
                and not {arg} & (self.lex.inputs | self.lex.variables | self.lex.call_keys | self.lex.read_keys)
            ):
                # "every welcome uses the same setlist", of `setlist:
                # draft.tracks` returned and `tracks:` passed: what the
                # pattern returns under that key, which no call is passed
                # under it, may be what a call is passed by another name
                raise Unsupported(f"'same {arg}': a key the pattern returns, which no call is passed under")
            if any(arg in names for names in named) or arg not in self.lex.call_keys:
                continue
            if any(s is None or arg not in self.lex.passed_keys.get(s, frozenset()) for s in slots):
                raise Unsupported(f"'same {arg}': a key another slot's calls pass")

    def _as_keys(self, slots: Sequence[str | None], args: tuple[str, ...] | None) -> tuple[str, ...] | None:
        """A value said in the words of the key its slot's calls pass it
        under ("the same disclosure", of `disclosure: invention_disclosure`)
        is the argument under that key, where each call passes it under
        that one key as it is and no other key carries it but in a text:
        the same check, said as the sentence says it (`disclosure`)."""
        if args is None or not slots or any(s is None for s in slots):
            return args
        out: list[str] = []
        for arg in args:
            keys = {self.lex.arg_keys.get((s, arg)) for s in slots if s is not None}
            key = next(iter(keys)) if len(keys) == 1 else None
            # (the words said are the key's: "the same lab values" of
            # `lab_values: case_file.labs`, not "the same community rules"
            # of `rules: community_rules`)
            said = key is not None and any(
                arg in t.names
                and {singular(w) for w in t.text.split()} <= {singular(k) for k in key.split("_")}
                # (the value's own name is the value: "the same `tuned`")
                and t.text.lower().replace(" ", "_") != arg
                for t in self.toks
            )
            passed = all(arg in self.lex.passed_keys.get(s, frozenset()) for s in slots if s is not None)
            keyed = set().union(*(self.lex.text_keys.get(s, frozenset()) for s in slots if s is not None))
            if key is None and not passed and any(
                arg in t.names and (word := t.text.lower().replace(" ", "_")) != arg and word in keyed for t in self.toks
            ):
                # "every helper gets the same question", of `question: "Try
                # {turn}: {hard_question}"`: the argument every call passes
                # under `question`, or the input `hard_question` it quotes?
                raise Unsupported(f"'same {arg}': the argument of a key of that word, or the input named so")
            out.append(key if key is not None and said and not passed else arg)
        return tuple(dict.fromkeys(out))

    def _names_nothing(self, start: int, why: str, own: tuple[str, ...] = (), end: int | None = None) -> None:
        """The sentence's words from ``start`` on (to ``end``) name none of
        the pattern's things but what the slots ``own`` make: a local that
        holds only their results, or a key only they declare ("miners dig
        for deep assumptions": what a delegate makes is its own doing, not
        what reaches it). After a verb of bias ("without favouring the
        chef's flavours") nothing named is what reaches the slot either."""
        for k, tok in enumerate(self.toks[start:end], start):
            if tok.text in _BIAS:
                return
            if own and self._makes(tok, own):
                continue
            if tok.text in ("input", "inputs") and k > 0 and self.toks[k - 1].kind in ("ITS", "OWN"):
                # "transforms its input faithfully": whatever the slot is
                # given, by the plain word for it (also a key the program
                # passes it under), which names no value of the pattern
                continue
            if self._own_thing(k):
                continue
            if tok.names or tok.kind in ("SLOT", "INPUT", "VAR", "FIELD", "ROLE") or any(
                w in self.lex.keys or (w,) in self.lex.forms for w in tok.text.split()
            ):
                raise Unsupported(why)

    def _own_thing(self, k: int) -> bool:
        """The word at ``k``, after "its", is the slot's own thing ("double-
        checks its arithmetic"): no key, name or word of the pattern's own
        text."""
        tok = self.toks[k]
        return (
            tok.kind == "FIELD" and k > 0 and self.toks[k - 1].kind in ("ITS", "OWN")
            and not set(tok.names) & (self.lex.keys | self.lex.read_keys | self.lex.declared_keys | self.lex.call_keys)
            and not any((w,) in self.lex.forms or w in self.lex.own_words for w in tok.text.split())
        )

    def _says_no_calls(self, start: int, why: str, end: int | None = None) -> None:
        """The words from ``start`` on say nothing of how calls run or
        relate ("so it can run twice", "so it goes first"), which other
        claims check. (A bare verb of running, "so they can fire to it",
        says none of that.)"""
        for tok in self.toks[start:end]:
            if tok.kind in ("CALLS", "ONCE_N", "TIMES", "SEQ", "ORDER", "BEFORE", "AFTER") or (
                tok.text in _ORDER_WORDS or any(c.isdigit() for c in tok.text)
            ):
                raise Unsupported(f"{tok.text!r}, which says how calls run or relate, in {why}")

    def _makes(self, tok: Tok, own: tuple[str, ...]) -> bool:
        """The token names only what the slots ``own`` produce (or, for an
        action named for a slot, what they do: "labelers label")."""
        if tok.kind == "ACT":
            return bool(tok.names) and set(tok.names) <= set(own)
        if tok.kind == "VAR":
            makers = {self.lex.holds.get(n) or self.lex.collects.get(n) for n in tok.names}
            return bool(makers) and makers <= set(own)
        if tok.kind == "FIELD":
            makers = {self.lex.declared_by.get(n) for n in tok.names}
            return bool(makers) and makers <= set(own)
        return False


#: Kinds that say what reaches a delegate or what it knows: a clause of why
#: with one of them and a name of the pattern may say what a slot receives.
_REACHING = FLOW | {"KNOW", "MENTION", "HANDS", "GIVE", "UNAWARE", "WITHHELD", "TOLD"}
#: Their words, whichever kind a word is read as ("read" is also a verb of
#: parsing).
_REACHING_WORDS = frozenset(w for k in _REACHING for w in KINDS.get(k, ()))


#: Words for how a delegate thought, a part of its answer the run time
#: firewall removes, never a word for all of it ("the actor's reasoning").
_HOW_IT_THOUGHT = frozenset("reasoning rationale thinking deliberation deliberations workings".split())


#: Verbs of holding one thing up to another (by their stems): "checks the
#: bins against the guide", "compares the draft against the source" (not
#: "weighs the photos against the notes", which is how a delegate judges)
_MEASURING = ("check", "compar", "measur", "test", "judg", "scor", "rat", "grad", "assess", "evaluat",
              "classif", "review", "vet", "verif", "critiqu")


def measuring(verb: str) -> bool:
    """Whether a verb is one of holding a thing up against another."""
    return verb.lower().startswith(_MEASURING)


def _as_it_is(need: Source) -> bool:
    """A value that is the same whichever call of the slot is given it (an
    input, a local, a field, a slot's output), not one each call is given
    by what it is (its own element, another call's output, an earlier
    round's)."""
    match need:
        case FromInput(element=element):
            return not element
        case FromVar() | FromField():
            return True
        case FromSlot(age=age, every=every):
            return age in ("any", "current") and not every
        case _:
            return False


def _check_conceded(claims: list[Claim]) -> None:
    """The claims a concession ("whatever the chef says") goes with: claims
    of every path, or returns said of every path (never of one path, which
    the concession would contradict). It adds nothing to check: a return
    of every path is checked on every path already."""
    for claim in claims:
        if isinstance(claim, Returns):
            if claim.path != "all":
                raise Unsupported("a concession that it is always so, with a return of one path")
        elif not isinstance(claim, _CONCEDED):
            raise Unsupported("a concession that it is always so, with a claim a concession may change")


def _contrasted(claims: list[Claim]) -> list[Claim]:
    """"The criteria are hidden from the worker; it sees only the critique":
    after a clause that keeps something from the same calls, "only" may
    set the second clause against the first (only the critique, in place
    of the criteria) or say there is nothing else at all, as "never sees
    the criteria, only the critique" may: both meanings are checked."""
    kept: dict[Calls, list[Source]] = {}
    for c in claims:
        if isinstance(c, Isolation):
            # (what it is in place of, not how it would be given: "the
            # original task list" is the task list)
            source = replace(c.source, original=False) if isinstance(c.source, FromInput) else c.source
            kept.setdefault(c.target, []).append(source)
    return [
        replace(c, basis=True, loose=True, contrast=c.contrast or tuple(kept[c.target]))
        if isinstance(c, Receives) and c.only and not c.basis and c.target in kept
        else c
        for c in claims
    ]


def _one_of(items: list[Any]) -> bool:
    """Whether a subject is counted as one ("one attempt", "1 round"), in
    a quantifier or a number token."""
    numbers = [i for i in items if isinstance(i, Token) and i.type in ("NUM", "NUMBER")]
    return _quantifier(items) == "1" or any(_NUMBERS.get(str(t).lower(), str(t)) == "1" for t in numbers)


def _quantifier(items: list[Any]) -> str | None:
    """The count a subject's quantifier gives ("each", "all", "both",
    "three"), None without one: :meth:`Base.quant` gives a plain string,
    where the sentence's words are tokens (a ``str`` subclass)."""
    return next((i for i in items if type(i) is str), None)
