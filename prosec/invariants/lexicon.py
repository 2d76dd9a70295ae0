"""A pattern's names → the English phrases that name them.

A sentence names the pattern's things in English: "miners" is slot
``miner``, "ensemble members" is ``ensemble_member``, "chain entries" and
"each delegate" are the slot sequence ``chain``, "the brief" is input
``task_brief``, "corpus A" is ``corpus_a``, "failure history" is the local
``failure_history``, "the guard's reason" reads field ``reason``. The reader
(:mod:`.read`) looks phrases up here before it parses a sentence.

Surface forms come from the names themselves (words of a snake_case name,
singular and plural of its last word, the name as written in backticks),
from loop variables over a slot sequence (``for delegate in chain``), from a
multi-word name's head word when no other name shares it ("the brief"), and
as a last resort from a slot's stem ("measured" → ``measurement``).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Literal

from .. import ir
from .flow import exprs_in, loops_in
from .words import KINDS, PRODUCTS, phrase_table

MentionKind = Literal["slot", "input", "var", "all"]
_LETTER = {"slot": "s", "input": "i", "var": "v", "all": "a"}

#: Nouns that name a slot's instances or calls rather than something else:
#: "chain entries", "mapper invocation", "the same target slot".
ROLE_NOUNS = frozenset(
    "entries entry members member instances instance invocations invocation calls call "
    "services service slot slots pattern patterns".split()
)
#: Nouns that stand for every slot when no slot is named so.
GENERIC_ROLES = frozenset(
    "service services role roles agent agents participant participants party parties "
    # "each side sees only the other's argument"
    "side sides".split()
)
#: A name starting with one of these counts something (``max_rounds``): its
#: last word names the things counted, not the name.
_QUANTIFIERS = frozenset("max min num n number count total".split())
#: Local names too generic to stand for themselves ("the final result" is the
#: returned field, not `let result = ...`).
_GENERIC_LOCALS = frozenset("result results output outputs value values".split())
#: Words that never become a mention through an alias.
_NOT_ALIASES = frozenset(
    "a b the of in to by on all each count result results output outputs last current "
    "prior raw final next first new old own other input inputs data value values".split()
)


def singular(word: str) -> str:
    """English singular of a plural noun, by its ending."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith(("ches", "shes", "sses", "xes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith(("ss", "us", "is")) and len(word) > 3:
        return word[:-1]
    return word


def plural(word: str) -> str:
    """English plural of a noun, by its ending."""
    if word.endswith("y") and len(word) > 2 and word[-2] not in "aeiou":
        return word[:-1] + "ies"
    if word.endswith(("s", "x", "ch", "sh")):
        return word + "es"
    return word + "s"


#: Plurals no ending rule gives.
IRREGULAR = {
    "corpus": "corpora", "criterion": "criteria", "analysis": "analyses", "thesis": "theses", "index": "indices",
    "shelf": "shelves", "half": "halves", "knife": "knives", "wolf": "wolves", "calf": "calves", "loaf": "loaves",
    "thief": "thieves", "person": "people", "child": "children", "man": "men", "woman": "women",
    "medium": "media", "tooth": "teeth", "foot": "feet", "mouse": "mice", "goose": "geese",
}


def variants(word: str) -> set[str]:
    """A word with its singular and plural."""
    out = {word, plural(word), singular(word)}
    out.update(p for s, p in IRREGULAR.items() if word == s)
    out.update(s for s, p in IRREGULAR.items() if word == p)
    return out


#: Clipped words of names and the words they are said as in full
_CLIPPED = {"min": "minimum", "max": "maximum", "msg": "message", "info": "information"}
#: Nouns for the number a `max_` input caps a thing at ("the upgrade cap")
_CAP_WORDS = ("limit", "cap")
#: Clipped words for who does a job, said in full at the end of a name ("the
#: kiln technician" of `kiln_tech`, "the union representative" of `union_rep`)
_CLIPPED_ROLES = {
    "tech": "technician", "rep": "representative", "admin": "administrator", "mgr": "manager",
    "coord": "coordinator", "asst": "assistant", "exec": "executive", "dev": "developer",
    "eng": "engineer", "spec": "specialist", "vet": "veterinarian", "sup": "supervisor",
}


def acts_of(agent: str) -> frozenset[str]:
    """The nouns and verbs of what an agent noun's slot does ("checker":
    check, checks, checking; "assessor": assess, assessment)."""
    for suffix in ("er", "or"):
        base = agent.removesuffix(suffix)
        if base != agent and len(base) >= 3:
            bases = {base, base + "e"} | ({base[:-1]} if base[-1] == base[-2] else set())
            return frozenset(f for b in bases for f in (b, b + "s", b + "ing", b + "ment", b + "ion"))
    return frozenset()


def words_of(name: str) -> list[str]:
    """The words of a snake_case or kebab-case name."""
    return [w for w in name.lower().replace("-", "_").split("_") if w]


@dataclass(frozen=True, slots=True)
class Entity:
    """Something a phrase can name: a slot, input, local, or every slot."""
    kind: MentionKind
    names: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Mention:
    """A resolved phrase of a clause."""

    kind: MentionKind
    names: tuple[str, ...]
    text: str

    @property
    def name(self) -> str:
        """The first (usually only) name mentioned."""
        return self.names[0]


@dataclass
class Clause:
    """One clause of an invariant sentence, with its mentions marked."""

    text: str  # normalized, lower case
    marked: str  # mentions replaced by «kN»
    mentions: list[Mention]
    keys: dict[str, str]  # a word of the clause → the field/return key it names
    index: int
    sentence: str  # the whole normalized sentence
    original: str  # the sentence as written

    def m(self, token: str) -> Mention:
        """The mention behind a placeholder such as ``«s0»`` or ``s0``."""
        return self.mentions[int(token.strip("«»")[1:])]

    def of_kind(self, kind: MentionKind, text: str | None = None) -> list[Mention]:
        """Mentions of ``kind`` in ``text`` (a slice of ``marked``), in order."""
        source = self.marked if text is None else text
        return [self.m(t) for t in re.findall(rf"«{_LETTER[kind]}\d+»", source)]


@dataclass
class Lexicon:
    """The names one pattern has, and the phrases that mean them."""

    slots: frozenset[str]
    sequences: frozenset[str]
    inputs: frozenset[str]  # inputs and config entries
    config: frozenset[str]
    variables: frozenset[str]
    keys: frozenset[str]
    primary: str | None = None
    forms: dict[tuple[str, ...], tuple[int, Entity]] = field(default_factory=dict)
    stems: dict[str, str] = field(default_factory=dict)
    key_forms: dict[str, str] = field(default_factory=dict)
    #: slots called inside a loop (not a parallel block): what "every
    #: attempt", said of no slot, may stand for
    looped: frozenset[str] = frozenset()
    #: slots called inside a loop or at more than one place: "each X" of
    #: one of these means each of its calls, not the slot as a whole
    repeated: frozenset[str] = frozenset()
    #: (local, slot) where the local holds the results of some of the
    #: slot's calls, not all: `let charge = call billing` beside a
    #: `let refund = call billing`
    some_sites: frozenset[tuple[str, str]] = frozenset()
    #: slot → how many places of the program call it
    call_sites: dict[str, int] = field(default_factory=dict)
    #: keys the program reads only off its inputs (``claim.amount``): not a
    #: field of any delegate's result
    input_keys: frozenset[str] = frozenset()
    #: input → the keys the program reads off it or off its elements
    #: (``claim.amount``; ``dish.name`` in ``for dish in dishes``)
    input_reads: dict[str, frozenset[str]] = field(default_factory=dict)
    #: keys of the objects the pattern returns
    returned_keys: frozenset[str] = frozenset()
    #: keys the program reads off a value (``draft.notes``), not only
    #: writes into an object it builds
    read_keys: frozenset[str] = frozenset()
    #: keys a slot's `ensures:` declares (``{ remarks, summary }``)
    declared_keys: frozenset[str] = frozenset()
    #: a declared key → the one slot that declares it ("the questions" of
    #: the quizmaster's `{ questions, solutions }`), when only one does
    declared_by: dict[str, str] = field(default_factory=dict)
    #: slot → the keys its own `ensures:` declares ("the blend comments" of
    #: `blend_assessor`'s `{ score, comments }`)
    slot_keys: dict[str, frozenset[str]] = field(default_factory=dict)
    #: slot → the keys the program reads off a local that holds only its
    #: results (`evaluation.score`, of `let evaluation = call evaluator`)
    keys_read_of: dict[str, frozenset[str]] = field(default_factory=dict)
    #: slot → the keys its `ensures:` declares (in braces or code marks)
    declares: dict[str, frozenset[str]] = field(default_factory=dict)
    #: local → the slots whose whole result is all it is ever set to
    #: (``let draft = call translator``): "the translator's draft"
    results: dict[str, frozenset[str]] = field(default_factory=dict)
    #: local → the slots whose whole results it is set to, beside anything
    #: else it holds (``let draft = article``, then ``let draft = call
    #: editor``): "the editor's own earlier drafts" are those results
    made: dict[str, frozenset[str]] = field(default_factory=dict)
    #: a key calls pass values under → the names those values read
    #: (``budget: "{bounty_budget} dollars"``: `bounty_budget`)
    key_reads: dict[str, frozenset[str]] = field(default_factory=dict)
    #: a key of the objects the program builds → the names its values
    #: read (`{ revision: revision }`: the loop's `revision`)
    object_reads: dict[str, frozenset[str]] = field(default_factory=dict)
    #: a key under which every call passes one and the same local, as it
    #: is (``script: draft``) → that local
    key_locals: dict[str, str] = field(default_factory=dict)
    #: slot → the keys its calls pass values under (``fallback_brief:
    #: task_brief``): "the same fallback brief" is the argument under that key
    passed_keys: dict[str, frozenset[str]] = field(default_factory=dict)
    #: the names any call's arguments read, in a text or not
    passed_names: frozenset[str] = frozenset()

    #: (slot, name) → the one key each of the slot's calls passes the
    #: name under, as it is (`disclosure: invention_disclosure`, `lab_values:
    #: case_file.labs`), where no other key of those calls carries the name
    #: but in a text: "the same disclosure" is the argument under that key
    arg_keys: dict[tuple[str, str], str] = field(default_factory=dict)
    #: slot → the keys some call of it passes a text under (`question:
    #: "Try {turn}: {hard_question}"`), which quotes values among other words
    text_keys: dict[str, frozenset[str]] = field(default_factory=dict)

    @property
    def call_keys(self) -> frozenset[str]:
        """The keys any call passes a value under."""
        return frozenset().union(*self.passed_keys.values())

    def maker(self, local: str) -> str | None:
        """The one slot whose results, and nothing else, a local holds:
        bound to its every call, collecting them, or gathering them."""
        return self.holds.get(local) or self.collects.get(local) or self.gathers.get(local)
    #: local → the one slot whose every result it holds and nothing else:
    #: each of the slot's calls is bound to it whole (``let plan = call
    #: planner``, and no other call of the planner), and no `catch` sees the
    #: slot's failure. "The plan" and "the planner's output" are then one
    #: value, and a sentence naming the local speaks of the slot's output.
    holds: dict[str, str] = field(default_factory=dict)
    #: local → the one slot whose every result it collects: ``let x =
    #: parallel repeat n:`` (or a ``for``) whose body is one call of the
    #: slot, its only call site ("every member result")
    collects: dict[str, str] = field(default_factory=dict)
    #: local → the one slot whose results are all it is ever appended
    #: (``let reviews = []``, ``append review to reviews``), or that is null
    #: until that slot's every call sets it (``let booking = null``,
    #: ``booking = call booker``): kept away, any of that slot's outputs;
    #: received, the local itself
    gathers: dict[str, str] = field(default_factory=dict)
    #: local → the one slot whose results are the only values it holds that
    #: have fields: set to that slot's calls and otherwise only to null, a
    #: literal or an input declared a string, number or boolean (``let cut
    #: = raw_transcript``, then ``let cut = call cutter``): "the cut's
    #: text" is a field of the cutter's output
    fielded: dict[str, str] = field(default_factory=dict)
    #: locals `x_a`, `x_b` that between them hold every result of one slot
    #: and nothing else → that slot ("both profiles": its outputs)
    group_holds: dict[tuple[str, ...], str] = field(default_factory=dict)
    #: input list → the slots called in a `for` over it ("the tickets are
    #: classified one at a time": the slot that walks them)
    walkers: dict[str, frozenset[str]] = field(default_factory=dict)
    #: local list → the slots called in a `for` over it ("the stops are
    #: driven one at a time": the slot that walks them)
    local_walkers: dict[str, frozenset[str]] = field(default_factory=dict)
    #: local list → the one slot that made it: every result of it collected
    #: or appended, or a key of a result it holds (``let stops =
    #: plan.stops``): "in the order the planner wrote them"
    list_makers: dict[str, str] = field(default_factory=dict)
    #: inputs declared with a type that is no list (``fire_report: string``):
    #: they have no "other elements" for another call to be given
    scalars: frozenset[str] = frozenset()
    #: the inputs and config entries declared as a number or an integer
    quantities: frozenset[str] = frozenset()
    #: locals that are appended or recorded to (lists built by appending)
    appended: frozenset[str] = frozenset()
    #: locals that hold a list: set to an array, appended to, or collecting
    #: a loop's results ("the log", where there is one)
    list_locals: frozenset[str] = frozenset()
    #: a local or key whose value is appended or recorded → the lists it
    #: goes to (``append verdict to history``, ``record piece.splits in
    #: trials``): "the verdict history", "the splits list"
    appended_into: dict[str, frozenset[str]] = field(default_factory=dict)
    #: slot → the nouns its `ensures:` calls its result by ("ensures: a
    #: prediction of ..."): after its possessive, its whole result
    products: dict[str, frozenset[str]] = field(default_factory=dict)
    #: slot → the words of the phrase its `ensures:` names its result by
    #: ("proposed next step"): a word of them before the noun says whose
    product_words: dict[str, frozenset[str]] = field(default_factory=dict)
    #: slots a call of which has `retry:`: a failed attempt is a call
    #: that makes nothing
    retried: frozenset[str] = frozenset()
    #: slot → the verbs its prompts open their sentences with ("Correct
    #: only the notes listed."): what it is asked to make
    prompt_verbs: dict[str, frozenset[str]] = field(default_factory=dict)
    #: slot → every word of its prompts ("Approve or decline the amounts"):
    #: the answers it is offered
    prompt_words: dict[str, frozenset[str]] = field(default_factory=dict)
    #: pairs of words that stand next to each other in the pattern's own
    #: text ("drift report", "internal notes"): a modifier the pattern
    #: itself puts before a noun
    bigrams: frozenset[tuple[str, str]] = frozenset()
    #: pairs of words that stand next to each other in the prompts
    #: ("Plan the kitchen timings"): the pattern's words for what a slot
    #: is asked to make
    prompt_bigrams: frozenset[tuple[str, str]] = frozenset()
    #: the words of the pattern's own text (its summary, Description and
    #: the descriptions of its inputs and results)
    own_words: frozenset[str] = frozenset()
    #: surface forms that name one element of a list input ("the source
    #: chunk" when the description of `chunks` says "the source chunks")
    elements: set[tuple[str, ...]] = field(default_factory=set)
    #: a verb form of the action a slot is named for → that slot ("merged",
    #: "merging" for `merger`; "booked" for `booker`): what the slot does
    acts: dict[str, str] = field(default_factory=dict)
    #: a slot's name of two or more words with its last word as the noun of
    #: its action ("water test", "water tests" for `water_tester`) → that slot
    act_phrases: dict[tuple[str, ...], str] = field(default_factory=dict)
    #: a slot's name of two or more words with its last word as the noun of
    #: what it makes ("walk plans" for `walk_planner`, "risk assessment"
    #: for `risk_assessor`) → that slot: its result, read on a second try
    named_products: dict[tuple[str, ...], str] = field(default_factory=dict)
    #: slots called somewhere outside every loop
    unlooped: frozenset[str] = frozenset()
    #: the slots whose verdicts a condition tests for approval ("?" for a
    #: tested value bound otherwise)
    approval_tested: frozenset[str] = frozenset()
    #: the decision words the program tests with `says`
    said: frozenset[str] = frozenset()
    #: slot → the decision words the program tests its verdicts for with
    #: `says` (by the locals bound to its calls)
    said_of: dict[str, frozenset[str]] = field(default_factory=dict)
    #: a form of a decision word the program tests (`if ruling says close`)
    #: → that word ("closes", "closed", "on close"): the path where a
    #: verdict said it
    verdicts: dict[str, str] = field(default_factory=dict)
    #: the slots whose verdicts the program's conditions test (`approves`,
    #: `says`, `proceeds`, an accepting verb); "?" for a tested value that
    #: is no one slot's result
    deciders: frozenset[str] = frozenset()
    #: how many loops (not ``parallel:`` blocks) the delegation has
    loop_count: int = 0
    #: an input's or config entry's description, by its name
    described: dict[str, str] = field(default_factory=dict)
    #: the config entry that is the whole bound of the delegation's only
    #: loop (``loop (max: max_steps)``, ``repeat rounds``), if it has one
    sole_bound: str | None = None
    #: the words a loop is named by in the program: its variable (``as
    #: trial``) and the local it is the value of (``let quiz = repeat ...``)
    loop_words: frozenset[str] = frozenset()
    #: the names that bound a loop inside another loop (``for unit in units:
    #: repeat revisions``): a loop named by such a bound may be an inner one
    nested_bounds: frozenset[str] = frozenset()
    #: a word of ``loop_words`` → the loop names it is a form of
    loop_names: dict[str, frozenset[str]] = field(default_factory=dict)
    #: the words of ``loop_words`` that name a loop inside another loop
    nested_loop_words: frozenset[str] = frozenset()
    #: slots called inside a loop inside another loop: "the namer's loop"
    #: may be either
    nested_looped: frozenset[str] = frozenset()
    #: a name that bounds a loop (``repeat max_rounds``, ``loop (max:
    #: max_rounds)``) → the slots called inside the loops it bounds
    bound_callees: dict[str, frozenset[str]] = field(default_factory=dict)
    #: (a loop bound's name, a slot) → how many loops that bound bounds call
    #: the slot
    bound_loops: dict[tuple[str, str], int] = field(default_factory=dict)

    def add(self, phrase: Iterable[str], priority: int, entity: Entity) -> None:
        """Register a surface form; the higher priority wins, equals of one kind merge."""
        key = tuple(phrase)
        if not key:
            return
        old = self.forms.get(key)
        if old is None or old[0] < priority:
            self.forms[key] = (priority, entity)
        elif old[0] == priority and old[1] != entity:
            if old[1].kind == entity.kind:
                names = tuple(sorted(set(old[1].names) | set(entity.names)))
                self.forms[key] = (priority, Entity(entity.kind, names))
            # different kinds at one priority: keep the first (slots first)


_DECLARED = re.compile(r"\{([^{}]*)\}")
_KEY = re.compile(r"^\s*['\"]?([A-Za-z_][A-Za-z0-9_]*)")


_CODE_NAME = re.compile(r"`([A-Za-z_][A-Za-z0-9_]*)`")


#: An input's description that lists its keys after a colon: "the case:
#: id, narrative, lab_values"
_LISTED_KEYS = re.compile(r"[^:]*:\s*([a-z_]+(?:\s*,\s*[a-z_]+)+)\.?")


def declared_keys(text: str) -> list[str]:
    """The keys of an ``ensures:`` shape: ``{ remarks, summary }``,
    ``{'decision': 'continue'}``, and the names in code marks of a
    described result (``a bid with `offer` and `internal_margin` ``)."""
    out: list[str] = []
    for body in _DECLARED.findall(text):
        for part in body.split(","):
            if m := _KEY.match(part):
                out.append(m.group(1).lower())
    for part in _outer_parts(text):
        # ("{ path, stops: [{ name, note }] }": the keys of the result
        # itself too, not only those of the innermost braces)
        if (m := _KEY.match(part)) and m.group(1).lower() not in out:
            out.append(m.group(1).lower())
    if "{" not in text:
        out += [m.lower() for m in _CODE_NAME.findall(text)]
    return out


def nested_keys(text: str) -> dict[str, list[str]]:
    """The keys an ``ensures:`` shape declares inside a part of the result,
    by the key of that part (``{ seats: [{ student, station }], reason }``:
    ``seats`` holds ``student`` and ``station``): fields of a part of the
    result, not of the result."""
    out: dict[str, list[str]] = {}
    for part in _outer_parts(text, whole=True):
        if (m := _KEY.match(part)) and (inner := [k for k in declared_keys(part[m.end() :]) if k]):
            out[m.group(1).lower()] = inner
    return out


def _outer_parts(text: str, *, whole: bool = False) -> list[str]:
    """The comma-separated parts of the first outermost ``{...}`` of a
    shape that nests braces or brackets inside it; empty otherwise. Each
    part is its text at the outermost level (``seats:``), or with
    ``whole``, all of it (``seats: [{ student, station }]``)."""
    start = text.find("{")
    if start < 0:
        return []
    parts: list[str] = []
    depth = 0
    current = ""
    nested = False
    for ch in text[start:]:
        if ch in "{[":
            depth += 1
            nested = nested or depth > 1
            if depth == 1:
                continue
        elif ch in "}]":
            depth -= 1
            if depth == 0:
                parts.append(current)
                return parts if nested else []
        elif ch == "," and depth == 1:
            parts.append(current)
            current = ""
            continue
        if depth == 1 or (whole and depth > 1):
            current += ch
    return []


@cache
def _known() -> dict[tuple[str, ...], tuple[str, ...]]:
    """The reader's vocabulary: word or phrase → its kinds."""
    return phrase_table()


#: Words that end the noun phrase a description opens with ("the pairings
#: of this round", "the claim as filed, with an `id`").
_PHRASE_END = frozenset(
    "of for with as to from in on by at that which who whom whose where when while if or and but "
    "per each every than since under into about being is are was were be will may can must "
    "should would not no only split already".split()
)
#: A description opening with one of these says what the input is for, not
#: what it is called ("what to research", "how marks are awarded").
_NOT_NAMES = frozenset("what how who whom whose where when why which whether most least".split())


#: Word kinds that say something of what they stand before (a count, a
#: quantifier, an age, "raw", "whole", a word of a claim): a description
#: holding one is not taken as a name.
_MEANINGFUL = frozenset(
    "NUMBER SINGLE EVERY BOTH OTHER ANOTHER PRIOR CURRENT LATER FIRST ORIGINAL WHOLE SAME FINAL "
    "NO NOT NEVER NONE ONLY EXCEPT PATTERN ROLENOUN CALLS LOOP INPUTNOUN INPUTS PROMPT AUTHORED "
    "UNCHANGED REJECTED".split()
)


def description_phrase(text: str) -> list[str]:
    """The noun phrase an input's description opens with, articles dropped:
    "the source document" → ``source document``, "the team's style rules"
    → ``team 's style rules``; empty when the description opens otherwise."""
    out: list[str] = []
    for word in re.findall(r"'s\b|(?<=s)'(?=\s|$)|[A-Za-z][A-Za-z_-]*|[^\sA-Za-z]", text.strip().lower()):
        if word in ("the", "a", "an"):
            if out:
                break  # "the routing policy the classifier applies"
            continue
        if not out and word in _NOT_NAMES:
            return []
        if word in _PHRASE_END or not (word[0].isalpha() or word in ("'s", "'")):
            break
        if out and out[-1] not in ("'s", "'") and len(word) > 4 and word.endswith("ed"):
            break  # "the applications received", "the photos submitted"
        out.append(word.replace("-", "_"))
    return out if out and out[-1] not in ("'s", "'") and len(out) <= 4 else []


#: Word kinds a name made of a description's words may not hold: a
#: negating or limiting word must be read by the grammar, never hidden in a name.
_LIMITING = frozenset(
    "NEVER NOT NO NONE NOTHING NEITHER NOR ONLY EXCEPT BUT WITHOUT UNLESS ATMOST EXACTLY CAN_NOT "
    "WITHHELD UNAWARE MORE_THAN REJECTED DENY NEVER_CASE REGARDLESS".split()
)


#: First words of a name that make it a count ("max_reviews"): its other
#: words say what it counts, not what it is.
_COUNTING_FIRST = frozenset({"max", "min", "maximum", "minimum", "num", "number", "total"})


#: Word kinds that make "N of W" more than a name: a pronoun, a slot's name
_NOT_OF = frozenset("IT ITS SLOT".split())


def description_of_phrase(text: str) -> list[str]:
    """A description that is a noun and what it is of or for, and nothing
    more ("the port of loading", "the request for proposals"): its words,
    the article dropped; empty otherwise."""
    ws = re.findall(r"[a-z][a-z_-]*|[^\sa-z]", text.strip().lower())
    if ws and ws[0] in ("the", "a", "an"):
        ws = ws[1:]
    if not 3 <= len(ws) <= 4 or ws[-2] not in ("of", "for") or "of" in ws[:-2] or "for" in ws[:-2]:
        return []
    if not all(w[0].isalpha() and w not in ("the", "a", "an") for w in ws):
        return []
    return [w.replace("-", "_") for w in ws]


def description_of_owned(text: str) -> list[str]:
    """A description that opens with a noun of something someone owns ("a
    photo of the client's hair as it is today", "the minutes of the board's
    last meeting"): the noun, "of", an article, an owner's possessive and
    one or two words, up to the end or a word that ends a noun phrase; the
    words with the inner article, or empty otherwise."""
    ws = re.findall(r"'s\b|[a-z][a-z_-]*|[^\sa-z]", text.strip().lower())
    if ws and ws[0] in ("the", "a", "an"):
        ws = ws[1:]
    if len(ws) < 5 or ws[1] != "of" or ws[2] != "the" or ws[4] != "'s":
        return []
    end = 5
    while end < len(ws) and end < 7 and ws[end][0].isalpha() and ws[end] not in _PHRASE_END and ws[end] not in ("the", "a", "an"):
        end += 1
    if end == 5 or (end < len(ws) and ws[end] not in _PHRASE_END and ws[end][0].isalpha()):
        return []
    out = ws[:end]
    if not all(w == "'s" or w[0].isalpha() for w in out):
        return []
    return [w.replace("-", "_") for w in out]


def description_clause(text: str) -> list[str]:
    """A description that says what the input is in a clause ("what the
    referring clinician suspects", "how marks are awarded"): its words up to
    the first mark, or empty."""
    first = re.match(r"[^,;:()\[\].]*", text.strip().lower())
    ws = re.findall(r"[a-z][a-z_]*", first.group(0) if first else "")
    return ws if ws and ws[0] in _NOT_NAMES and 3 <= len(ws) <= 7 and ws[0] not in ("most", "least") else []


#: Word kinds of a verb that says someone made or gave a value ("wrote",
#: "sent", "gave", "submitted")
_MAKING = frozenset("AUTHORED GIVE GIVEN DECLARED PRODUCED".split())


def _clause_owner(lex: Lexicon, clause: list[str]) -> str | None:
    """The one whose words a description says the input is: "customer" of
    "what the customer wrote", "what the traveller submitted"; a plain
    noun that is no slot's name, before a verb of making or giving."""
    if len(clause) < 4 or clause[:2] != ["what", "the"]:
        return None
    owner, verb = clause[2], clause[3]
    known = _known()
    if not owner.isalpha() or (owner,) in known or len(owner) < 3:
        return None
    found = lex.forms.get((owner,))
    if found is not None and found[1].kind == "slot":
        return None
    if not (set(known.get((verb,), ())) & _MAKING or (verb.endswith("ed") and (verb,) not in known)):
        return None
    return owner


def _owner_forms(ws: list[str]) -> list[tuple[str, ...]]:
    """The words before a description's noun, with an owner's possessive in
    the singular and the plural: "the students' answers" is also "the
    student's answer"."""
    if len(ws) >= 2 and ws[-1] in ("'s", "'"):
        owner = ws[-2]
        return [(*ws[:-2], singular(owner), "'s"), (*ws[:-2], plural(singular(owner)), "'")]
    return [tuple(ws)]


#: Word kinds a description's head noun may have and still be only a noun
#: for the value ("report", "record", "list")
_VALUE_NOUNS = frozenset("OUTPUT CONTAINER".split())


def _head_noun(lex: Lexicon, name: str, ws: list[str]) -> str | None:
    """The noun an input's description calls it by, to say after the
    input's name: not the name's own last word, not a key of any result
    or input ("the order total" is a part of `order`), not another name of
    the pattern, and no word the reader knows as more than a noun for a
    value."""
    if not ws or ws[-1] in ("'s", "'") or len(ws[-1]) < 3:
        return None
    head = ws[-1]
    own = words_of(name)
    if not own or head in variants(own[-1]):
        return None
    keys = lex.keys | lex.read_keys | lex.declared_keys | lex.input_keys
    if any(v in keys or (v,) in lex.forms for v in variants(head)):
        return None
    kinds = set(_known().get((head,), ()))
    if (kinds and not kinds & _VALUE_NOUNS) or kinds - _VALUE_NOUNS - {"AUTHORED"}:
        # (a noun for a value that is also a verb of making, "report",
        # is still that noun after a name)
        return None
    return head


#: Words of a number's name that say it is a number, not what it counts
#: (`max_drafts`, `guest_count`, `panel_size`)
_NUMBER_WORDS = frozenset({*_COUNTING_FIRST, "count", "size", "limit", "cap", "cnt", "n"})
#: How "how many NOUN" may go on and still name the number of them: "how
#: many guests there are", "... are coming", "... it is allowed", "... it has
#: left". Closed, so that no clause that says more ("how many guests the
#: caterer turned away") is taken for the number.
_COUNT_PARTICIPLES = (
    "allowed", "permitted", "run", "taken", "made", "wanted", "needed", "required", "expected",
    "coming", "going", "planned", "scheduled", "printed", "drafted", "done", "held", "used",
    "available", "ordered", "booked", "invited", "attending", "running", "working", "left", "ran",
    "embossed", "produced", "prepared", "entered", "registered", "sold", "served", "played",
)
_COUNT_TAILS: tuple[tuple[str, ...], ...] = (
    (),
    *(("there", *be) for be in (("are",), ("were",), ("is",), ("will", "be"), ("can", "be"), ("may", "be"))),
    *(
        (*be, word)
        for be in ((), ("are",), ("were",), ("will", "be"), ("are", "being"), ("can", "be"), ("may", "be"))
        for word in _COUNT_PARTICIPLES
    ),
    *(
        (who, *verb, *left)
        for who in ("it", "they")
        for verb in (("has",), ("have",), ("gets",), ("get",), ("is", "allowed"), ("are", "allowed"))
        for left in ((), ("left",))
    ),
)
_COUNT_OPENING = re.compile(r"^\s*(?:the\s+)?(?:how\s+many|(?:total\s+)?number\s+of|count\s+of)\s+([a-z][a-z_-]*(?:\s+[a-z][a-z_-]*)?)")


def is_count(phrase: str) -> bool:
    """A phrase :func:`_counted` makes a name of: "how many guests are coming"."""
    return phrase.lower().startswith("how many ")


def _counted(lex: Lexicon, descriptions: Iterable[tuple[str, str]]) -> None:
    """"How many guests are coming", "how many drafts it is allowed": the
    number the pattern is given of those things. The things a number
    counts are the nouns of its name other than those that say it is a
    number (`guest_count`, `max_drafts`; not what follows "per", of
    `readers_per_direction`), and the plural its description opens
    with or says it is the number of ("how many readings to take"). Only
    where one number counts that noun, and only with a few plain endings
    that say no more than which ones are counted."""
    counts: dict[tuple[str, ...], set[str]] = {}
    described = dict(descriptions)
    for name in sorted(lex.quantities):
        ws = words_of(name)
        if "per" in ws:
            ws = ws[: ws.index("per")]
        own = [w for w in ws if w not in _NUMBER_WORDS and w.isalpha()]
        nouns: set[tuple[str, ...]] = {(plural(singular(w)),) for w in own if len(w) > 2}
        if len(own) > 1:
            # "how many payment retries", of `payment_retries`
            nouns.add((*own[:-1], plural(singular(own[-1]))))
        text = described.get(name, "").lower()
        if m := _COUNT_OPENING.match(text):
            # the plural counted: "days" of "how many days guests have to
            # reply", "copies" of "the number of proof copies"; as said,
            # for a plural not made with "s" ("children")
            said = m.group(1).replace("-", "_").split()
            nouns.add((next((w for w in said if singular(w) != w), said[0]),))
        counted = description_phrase(text)
        if counted and singular(counted[-1]) != counted[-1]:
            nouns.add((counted[-1],))
        for noun in nouns:
            counts.setdefault(noun, set()).add(name)
    known = _known()
    for noun, names in sorted(counts.items()):
        if len(names) != 1 or any(set(known.get((w,), ())) & _LIMITING for w in noun):
            continue
        entity = Entity("input", (next(iter(names)),))
        for tail in _COUNT_TAILS:
            lex.add(["how", "many", *noun, *tail], 5, entity)


def _described(lex: Lexicon, descriptions: Iterable[tuple[str, str]], quantities: frozenset[str]) -> None:
    """An input's description as a name for it: ``document: string -- the
    source document`` makes "the source document" name ``document``. Only
    a phrase no other description and no other name of the pattern uses,
    and never a single word the reader knows as another kind (a noun for a
    result, a role, a quantity). A number's description that opens with
    a plural ("sensor readings per round") says what it counts: the number
    is not those things, and is not named by them."""
    known = _known()
    phrases: dict[tuple[str, ...], set[str]] = {}
    singles: set[tuple[str, ...]] = set()
    for name, text in descriptions:
        if name not in lex.inputs:
            continue
        if name in quantities and (counted := description_phrase(text)) and singular(counted[-1]) != counted[-1]:
            continue
        clause = description_clause(text)
        if clause and not any(set(known.get((w,), ())) & _LIMITING for w in clause):
            # "readers are told what the referring clinician suspects"
            phrases.setdefault(tuple(clause), set()).add(name)
            said_by = _clause_owner(lex, clause)
            if said_by is not None and said_by not in words_of(name):
                # "the customer's message" of `message: string -- what the
                # customer wrote`: the one whose words the description says
                # the input is owns it
                for v in variants(words_of(name)[-1]):
                    phrases.setdefault((said_by, "'s", *words_of(name)[:-1], v), set()).add(name)
        whole = description_of_phrase(text)
        if whole and not any(set(known.get((w,), ())) & (_MEANINGFUL | _LIMITING | _NOT_OF) for w in whole):
            # "the port of loading", "the request for proposals": the whole
            # description, a noun and what it is of or for
            phrases.setdefault(tuple(whole), set()).add(name)
        owned = description_of_owned(text)
        if owned and (owned[3],) not in lex.forms and not any(
            set(known.get((w,), ())) & (_MEANINGFUL | _LIMITING | _NOT_OF) for w in owned if w not in ("the", "'s")
        ):
            # "the photo of the client's hair", of `hair_photo: a photo of
            # the client's hair as it is today`: the noun and whose thing it
            # is of, where the owner names nothing of the pattern
            phrases.setdefault(tuple(owned), set()).add(name)
        ws = description_phrase(text)
        if ws and {v for w in ws for v in variants(w)} & lex.input_reads.get(name, frozenset()):
            # "the applicant's name, references, income and habits", of an
            # `applicant` whose `name` the program reads; "the plot
            # measurements and the boundary details", of a `garden_plan`
            # whose `plot` it reads: the first of its parts, not a name for
            # the whole
            ws = []
        noun = _head_noun(lex, name, ws)
        if noun is not None:
            # "the weather report" of `weather: the mountain weather
            # report`, "the artwork record" of `artwork: the catalogue
            # record of the work`: the input's name and the noun its
            # description calls it by
            for v in variants(noun):
                phrases.setdefault((*words_of(name), v), set()).add(name)
        if not ws or ws == words_of(name):
            continue
        if len(ws) == 3 and ws[1] in ("'s", "'") and not set(known.get((ws[0],), ())) & (_MEANINGFUL | _LIMITING):
            # "the vessel name", "the client brief", of "the vessel's name",
            # "the client's brief": the possessive said as a compound, where
            # the owner's word names nothing else of the pattern
            owner = lex.forms.get((ws[0],)) or lex.forms.get((singular(ws[0]),))
            if owner is None or owner[1] == Entity("input", (name,)):
                for v in variants(ws[2]):
                    phrases.setdefault((singular(ws[0]), v), set()).add(name)
        if 3 <= len(ws) <= 4 and ws[1] == "'s" and ws[-1] in variants(words_of(name)[-1]) and ws[0].isalpha():
            # "the customer's budget", of `budget: the customer's stated
            # budget`: the owner its description says, and its name's noun,
            # also where the owner is a slot's name, unless that slot's
            # results have such a key
            owner = lex.forms.get((ws[0],)) or lex.forms.get((singular(ws[0]),))
            keyed = owner is not None and owner[1].kind == "slot" and any(
                ws[-1] in (lex.declares.get(s, frozenset()) | lex.slot_keys.get(s, frozenset()) | lex.keys_read_of.get(s, frozenset()))
                for s in owner[1].names
            )
            if not keyed and not set(known.get((ws[0],), ())) & (_MEANINGFUL | _LIMITING):
                phrases.setdefault((ws[0], "'s", ws[-1]), set()).add(name)
        if len(ws) == 1 and (ws[0],) in known:
            continue  # a word the reader knows as another kind ("the feedback")
        if any(set(known.get((w,), ())) & _MEANINGFUL for w in ws[:-1]):
            continue  # "one brief per delegate", "the raw table": the word says more than a name
        if len(ws) == 1 and (ws[0] in PRODUCTS or ws[0] in GENERIC_ROLES or ws[0] in _NOT_ALIASES or len(ws[0]) < 3):
            continue
        for head in _owner_forms(ws[:-1]):
            for v in variants(ws[-1]):
                phrases.setdefault((*head, v), set()).add(name)
                if v != ws[-1] and v == singular(ws[-1]):
                    singles.add((*head, v))  # "the source chunk" of "the source chunks"
    for phrase, names in sorted(phrases.items()):
        if len(names) == 1 and phrase not in lex.forms:
            lex.add(phrase, 2, Entity("input", tuple(names)))
            if phrase in singles:
                lex.elements.add(phrase)


def _returned_described(lex: Lexicon, program: ir.Program, returns_described: Iterable[tuple[str, str]]) -> None:
    """A returned key's description as a name for the local it returns:
    "the germination counts" names `dishes`, of `` `dishes`: the germination
    counts `` and every return that has the key giving the local
    `dishes` (or null). Only a phrase of two words or more that no other
    name of the pattern uses and that holds no word the reader knows as
    another kind."""
    known = _known()
    given: dict[str, set[str]] = {}
    for stmt in _pattern_returns(program.body):
        if isinstance(stmt.value, ir.Object):
            for key, value in stmt.value.entries:
                match value:
                    case ir.Name(name=local) if local in lex.variables:
                        given.setdefault(key, set()).add(local)
                    case ir.Literal_(value=None):
                        pass
                    case _:
                        given.setdefault(key, set()).add("")
    phrases: dict[tuple[str, ...], set[str]] = {}
    for key, text in returns_described:
        locals_ = given.get(key, set())
        ws = description_phrase(text)
        if len(locals_) != 1 or "" in locals_ or len(ws) < 2 or "'s" in ws or "'" in ws:
            continue
        if any(set(known.get((w,), ())) & (_MEANINGFUL | _LIMITING | _NOT_OF) for w in ws):
            continue
        (local,) = locals_
        if ws == words_of(local):
            continue
        for v in variants(ws[-1]):
            phrases.setdefault((*ws[:-1], v), set()).add(local)
    for phrase, names in sorted(phrases.items()):
        if len(names) == 1 and phrase not in lex.forms:
            lex.add(phrase, 2, Entity("var", tuple(names)))


def _pattern_returns(block: ir.Block) -> Iterator[ir.Return]:
    """The returns that end the pattern: not those of one iteration of a
    loop whose values are collected (``let xs = for ...``)."""
    for stmt in block:
        match stmt:
            case ir.Return():
                yield stmt
            case ir.Bind(value=ir.Repeat() | ir.For() | ir.LoopUntil() | ir.Parallel()) | ir.Assign(
                value=ir.Repeat() | ir.For() | ir.LoopUntil() | ir.Parallel()
            ):
                pass
            case _:
                for child in ir.children(stmt):
                    yield from _pattern_returns(child)


#: Last words of a list input's name that say it holds things, named by
#: the word before ("guest_list": guests)
_CONTAINERS = frozenset("list roster pool inventory queue batch catalog catalogue set collection".split())


def _contained(lex: Lexicon) -> None:
    """"Each guest", "the guests", of an input `guest_list` that is no
    string, number or boolean: the word before a container noun names its
    elements (singular) and the list (plural), unless it names something
    else or the reader knows it."""
    known = _known()
    for name in sorted(lex.inputs - lex.scalars):
        ws = words_of(name)
        if len(ws) != 2 or ws[1] not in _CONTAINERS or len(ws[0]) < 3 or (ws[0],) in known:
            continue
        one, many = singular(ws[0]), plural(singular(ws[0]))
        if one == many or (one,) in lex.forms or (many,) in lex.forms:
            continue
        lex.add((many,), 2, Entity("input", (name,)))
        lex.add((one,), 2, Entity("input", (name,)))
        lex.elements.add((one,))


def _possessed(lex: Lexicon) -> None:
    """"The seller's statement", of an input `seller_statement`: a name of
    two words said as a possessive, where the first names nothing else of
    the pattern (of a slot `seller`, "the seller's statement" may be its
    result's) and is no word the reader knows."""
    known = _known()
    for name in sorted(lex.inputs):
        ws = words_of(name)
        if len(ws) != 2 or len(ws[0]) < 3 or (ws[0],) in known:
            continue
        owner = ws[0]
        if any((v,) in lex.forms and lex.forms[(v,)][1] != Entity("input", (name,)) for v in variants(owner)):
            continue
        for v in variants(ws[1]):
            # ("the applicants' essays", of `applicant_essays`)
            for phrase in ((singular(owner), "'s", v), (plural(singular(owner)), "'", v)):
                if phrase not in lex.forms:
                    lex.add(phrase, 2, Entity("input", (name,)))


def _attached(lex: Lexicon, prose: str, descriptions: Iterable[tuple[str, str]] = ()) -> None:
    """A word the pattern's own prose puts before a slot's name names that
    slot with it: "A bout judge sees the two entries" makes "bout judge"
    the slot ``judge``. Only a plain word (no name, no word the reader
    knows: "the other judge", "a rejected draft" stay what they say), or
    the name of an input ("a bout judge", of `bouts`), that the prose puts
    before one slot only, and no word of another slot's name ("the head
    judge" is `head_judge`) nor the start of one ("test solvers", beside a
    slot `testers`)."""
    known = _known()
    slot_forms = {k: e for k, (_, e) in lex.forms.items() if e.kind == "slot" and len(e.names) == 1}
    ws = re.findall(r"[a-z][a-z_]*", prose.lower())
    found: dict[tuple[str, ...], set[str]] = {}
    for i in range(1, len(ws)):
        for n in (2, 1):
            form = tuple(ws[i : i + n])
            entity = slot_forms.get(form)
            if entity is None:
                continue
            word = ws[i - 1]
            if (
                len(word) < 3
                or (word,) in known
                or word in FILLER_WORDS
                or word.endswith(("ly", "ing", "ed", "s"))
                or any(word in k for k in slot_forms)
                # "test solvers", beside a slot `testers`: the word names
                # that other slot, a role of its own
                or any(w.startswith(word) for k, e in slot_forms.items() if e != entity for w in k)
            ):
                break
            found.setdefault((word, *form), set()).update(entity.names)
            break
    for phrase, names in sorted(found.items()):
        if len(names) == 1 and phrase not in lex.forms:
            lex.add(phrase, 4, Entity("slot", tuple(names)))
    # "the passenger demand", of an input `demand` the prose calls so: the
    # one plain word the prose ever puts before the input's one-word name
    # (of "future demand" and "past demand", neither: they may be two things)
    input_forms: dict[tuple[str, ...], Entity] = {
        k: e for k, (_, e) in lex.forms.items() if e.kind == "input" and len(e.names) == 1 and len(k) == 1
    }
    before: dict[tuple[str, ...], set[str]] = {}
    for i in range(1, len(ws)):
        if (ws[i],) in input_forms:
            before.setdefault((ws[i],), set()).add(ws[i - 1])
    for form, words in sorted(before.items()):
        plain = {w for w in words if w not in FILLER_WORDS}
        if len(plain) != 1:
            continue
        (word,) = plain
        if _joins(word, (word, *form), input_forms[form], lex, known):
            lex.add((word, *form), 4, input_forms[form])
    # "the tempo map", of `tempo: string -- the tempo map dancers count to`:
    # the one noun the pattern's text ever puts right after the input's
    # one-word name (its prose and its inputs' descriptions)
    # (right after it: "the claim: amount, title" lists the claim's keys)
    text = " ".join([prose, *(d for _, d in descriptions)]).lower()
    tws = re.findall(r"[a-z][a-z_]*|[^\sa-z]", text)
    after: dict[tuple[str, ...], set[str]] = {}
    for i in range(len(tws) - 1):
        if (tws[i],) in input_forms and (i == 0 or tws[i - 1] in FILLER_WORDS) and tws[i + 1][0].isalpha():
            after.setdefault((tws[i],), set()).add(tws[i + 1])
    for form, words in sorted(after.items()):
        if len(words) != 1:
            continue
        (word,) = words
        if _joins(word, (*form, word), input_forms[form], lex, known):
            lex.add((*form, word), 4, input_forms[form])


def _joins(
    word: str, phrase: tuple[str, ...], entity: Entity, lex: Lexicon, known: dict[tuple[str, ...], tuple[str, ...]]
) -> bool:
    """Whether a plain word of the pattern's text may join an input's name
    into ``phrase``: no grammar word, no word the reader knows, no key the
    program reads off the input, no name or word of another name, no
    adverb, participle or plural, and no phrase the pattern already uses."""
    return not (
        len(word) < 3
        or word in FILLER_WORDS
        or (word,) in known
        or (word,) in lex.forms
        # "the claim amount", of `claim.amount`: a key of the input, not its name
        or any(v in lex.input_reads.get(n, ()) for n in entity.names for v in variants(word))
        or word.endswith(("ly", "ing", "ed", "s"))
        or any(word in k and e != entity for k, (_, e) in lex.forms.items())
        or phrase in lex.forms
    )


#: Words before a name in prose that are grammar, not a modifier.
FILLER_WORDS = frozenset(
    "the a an this that these those its their his her our your my one two three each every all any "
    "some no both either neither which what whose whom who where when how while then than and but nor "
    "for from into onto upon with without within about above below after before between against "
    "among per via once only also still even just very more most less least".split()
)


def verb_forms(agent: str) -> set[str]:
    """The forms of the verb an agent noun is made from: ``merger`` →
    merge, merges, merged, merging; ``notifier`` → notify, notified, ...;
    ``registrar`` → register, registered, ... (none for other nouns)."""
    if len(agent) < 5 or agent[-2:] not in ("er", "or", "ar"):
        return set()
    base = agent[:-3] + "er" if agent.endswith("rar") else agent[:-2]
    if base.endswith("i"):  # notifi-er: notify
        stem = base[:-1]
        return {stem + "y", stem + "ies", stem + "ied", stem + "ying", stem + "ication"}
    # (a form no one writes, "mergs", names nothing)
    forms = {base, base + "e", base + "s", base + "es", base + "ed", base + "ing", base + "ion"}
    if base.endswith("ay"):
        forms.add(base[:-1] + "id")  # pay-er: paid
    return forms


def _list_makers(program: ir.Program, lex: Lexicon) -> dict[str, str]:
    """Each local list a `for` walks → the one slot that made it, as it is
    walked: every result of that slot collected or appended to it, or one
    key of a result of it (``let stops = plan.stops``), set once."""
    values = ir.values_set(program)
    out: dict[str, str] = {}
    for name in lex.local_walkers:
        made = lex.collects.get(name) or (lex.gathers.get(name) if name in lex.appended else None)
        if made is None and len(values.get(name, ())) == 1 and name not in lex.appended:
            match values[name][0]:
                case ir.Attr(base=ir.Name(name=held)) if held in lex.holds:
                    made = lex.holds[held]
                case _:
                    pass
        if made is not None:
            out[name] = made
    return out


def _resolve_copies(set_to: dict[str, set[str | None]], copies: dict[str, set[str]]) -> None:
    """A local set to another as it is (`last_critique = verdict`) is set to
    what that one is set to: the slots whose results it holds, or ``None``
    (something else: null, an input, a value the program builds)."""
    changed = True
    while changed:
        changed = False
        for name, sources in copies.items():
            got = set_to.setdefault(name, set())
            for source in sources:
                add = set_to.get(source, {None})
                if not add <= got:
                    got |= add
                    changed = True


def _input_reads(program: ir.Program, inputs: frozenset[str]) -> dict[str, frozenset[str]]:
    """The keys the program reads off each input, off an element of it
    (``entries[i].photo``) or off the variable of a ``for`` over it that no
    other statement binds (``dish.name`` in ``for dish in dishes``)."""
    bound = {s.name for s in ir.walk(program.body) if isinstance(s, ir.Bind)}
    bound |= {s.target.name for s in ir.walk(program.body) if isinstance(s, ir.Assign) and isinstance(s.target, ir.Name)}
    walks: dict[str, set[str]] = {}
    for loop in loops_in(program.body):
        if isinstance(loop, ir.For) and isinstance(loop.iterable, ir.Name) and loop.iterable.name in inputs:
            walks.setdefault(loop.var, set()).add(loop.iterable.name)
    of = {var: next(iter(names)) for var, names in walks.items() if len(names) == 1 and var not in bound and var not in inputs}
    found: dict[str, set[str]] = {}
    for top in exprs_in(program.body):
        for e in ir.subexprs(top):
            if not isinstance(e, ir.Attr):
                continue
            base = e.base.base if isinstance(e.base, ir.Index) else e.base
            if isinstance(base, ir.Name) and (base.name in inputs or (base.name in of and base is e.base)):
                found.setdefault(base.name if base.name in inputs else of[base.name], set()).add(e.key)
    return {name: frozenset(keys) for name, keys in found.items()}


def _key_locals(program: ir.Program, variables: frozenset[str]) -> dict[str, str]:
    """Each key under which every call passes one and the same local, as it
    is (``script: draft`` at every call that has a `script`) → that local."""
    seen: dict[str, set[str]] = {}
    for e in exprs_in(program.body):
        if isinstance(e, ir.Call):
            for p in e.props:
                local = p.value.name if isinstance(p.value, ir.Name) and p.value.name in variables else ""
                seen.setdefault(p.key, set()).add(local)
    return {key: next(iter(names)) for key, names in sorted(seen.items()) if len(names) == 1 and "" not in names}


def _key_reads(program: ir.Program) -> dict[str, frozenset[str]]:
    """Each key calls pass a value under → the names its values read."""
    out: dict[str, set[str]] = {}
    for e in exprs_in(program.body):
        if isinstance(e, ir.Call):
            for p in e.props:
                out.setdefault(p.key, set()).update(x.name for x in ir.subexprs(p.value) if isinstance(x, ir.Name))
    return {k: frozenset(v) for k, v in out.items()}


def _object_reads(program: ir.Program) -> dict[str, frozenset[str]]:
    """Each key of the objects the program builds → the names its values
    read (`{ revision: revision, verdict: review.verdict }`)."""
    out: dict[str, set[str]] = {}
    for e in exprs_in(program.body):  # (at any depth already)
        if isinstance(e, ir.Object):
            for key, value in e.entries:
                out.setdefault(key, set()).update(x.name for x in ir.subexprs(value) if isinstance(x, ir.Name))
    return {k: frozenset(v) for k, v in out.items()}


def _prompts_of(calls: Iterable[ir.Call]) -> list[str]:
    """The literal text of the prompts of some calls."""
    return [part for c in calls for p in c.props if p.key == "prompt" for part in _prompt_pieces(p.value)]


def _prompt_pieces(value: ir.Expr) -> list[str]:
    """The literal text of a prompt."""
    match value:
        case ir.Text(parts=parts):
            return [p for p in parts if isinstance(p, str)]
        case ir.Literal_(value=str() as text):
            return [text]
    return []


def _loop_names(stmt: ir.Stmt) -> list[str]:
    """The names a statement gives a loop: its variable, the local it is bound to."""
    match stmt:
        case ir.Bind(name=name, value=ir.Repeat() | ir.For() | ir.LoopUntil() as loop):
            return [name, *_loop_names(loop)]
        case ir.Repeat(var=var) | ir.For(var=var) | ir.LoopUntil(var=var) if var:
            return [var]
        case _:
            return []


def _acts(slots: Iterable[str]) -> dict[str, str]:
    """Verb form → the one slot whose name's last word is its agent noun."""
    owners: dict[str, set[str]] = {}
    for slot in slots:
        ws = words_of(slot)
        for form in verb_forms(ws[-1]) if ws else ():
            owners.setdefault(form, set()).add(slot)
    return {form: next(iter(names)) for form, names in sorted(owners.items()) if len(names) == 1}


#: verbs a prompt opens with that say nothing of what the call does to the
#: pattern's work ("Answer approve or reject", "Please confirm", "Here is")
_NOT_ACTS = frozenset(
    "answer answers say says reply respond return give list be is are do does have has here please you your "
    "use read note make take consider look see check decide judge rate score".split()
)
#: the past forms of the verbs a prompt most often opens with that are not
#: made by adding -ed
_IRREGULAR = {
    "pay": ("paid",), "send": ("sent",), "build": ("built",), "write": ("written", "wrote"),
    "buy": ("bought",), "sell": ("sold",), "lay": ("laid",), "draw": ("drawn", "drew"), "set": ("set",),
}


def base_forms(verb: str) -> set[str]:
    """The forms of a verb given as it stands in a command: ``pay`` → pays,
    paid, paying; ``issue`` → issues, issued, issuing; ``ship`` → shipped."""
    if verb.endswith("e"):
        forms = {verb, verb + "s", verb + "d", verb[:-1] + "ing"}
    elif verb.endswith("y") and verb[-2:-1] not in tuple("aeiou"):
        forms = {verb, verb[:-1] + "ies", verb[:-1] + "ied", verb + "ing"}
    else:
        forms = {verb, verb + "s", verb + "ed", verb + "ing", verb + "es"}
        if len(verb) <= 4 and verb[-1] in "pgtnd" and verb[-2:-1] in tuple("aeiou") and verb[-3:-2] not in tuple("aeiou"):
            forms |= {verb + verb[-1] + "ed", verb + verb[-1] + "ing"}  # ship: shipped
    return forms | set(_IRREGULAR.get(verb, ()))


def _prompt_acts(prompt_verbs: dict[str, frozenset[str]]) -> dict[str, str]:
    """Verb form → the one slot whose prompts open with that verb ("Pay the
    approved amounts" of `payments`: "paid", "pays")."""
    owners: dict[str, set[str]] = {}
    for slot, verbs in prompt_verbs.items():
        for verb in verbs:
            if len(verb) >= 3 and verb not in _NOT_ACTS:
                for form in base_forms(verb):
                    owners.setdefault(form, set()).add(slot)
    return {form: next(iter(names)) for form, names in sorted(owners.items()) if len(names) == 1}


def _base_of(verb: str) -> str | None:
    """The base form of a verb in the third person singular: ``rehearses``
    → rehearse, ``watches`` → watch, ``carries`` → carry (None for a word
    that is no such form)."""
    if len(verb) < 5 or not verb.endswith("s") or verb.endswith(("ss", "us", "is")):
        return None
    if verb.endswith("ies"):
        return verb[:-3] + "y"
    if verb.endswith(("ches", "shes", "xes", "zes", "sses")):
        return verb[:-2]
    return verb[:-1]


def _prose_acts(prose: str, lex: Lexicon, known: dict[tuple[str, ...], tuple[str, ...]]) -> dict[str, str]:
    """Verb form → the one slot the pattern's prose says does it, in the
    third person right after the slot's name ("a simulator rehearses the
    approved timetable": rehearsed, rehearsing, of the `simulator`). Only a
    word the reader does not otherwise know, said of one slot alone, and no
    verb a prompt opens with that says nothing of the work."""
    slot_forms = {k: e.names[0] for k, (_, e) in lex.forms.items() if e.kind == "slot" and len(e.names) == 1}
    ws = re.findall(r"[a-z][a-z_']*", prose.lower())
    owners: dict[str, set[str]] = {}
    for i in range(1, len(ws)):
        if (ws[i],) in known or (ws[i],) in lex.forms:
            continue
        for n in (2, 1):
            said = tuple(ws[i - n : i]) if i - n >= 0 else ()
            slot = slot_forms.get(said)
            if slot is None:
                continue
            # "the simulator rehearses"; "search teams comb the sectors",
            # after the plural of the name, the verb as it stands
            plural_subject = said[-1] != singular(said[-1]) and said[-1].endswith("s")
            base = ws[i] if plural_subject and len(ws[i]) >= 4 and not ws[i].endswith(("s", "ing", "ed", "ly")) else _base_of(ws[i])
            if base is not None and base not in _NOT_ACTS:
                owners.setdefault(base, set()).add(slot)
            break
    out: dict[str, str] = {}
    for base, slots in sorted(owners.items()):
        if len(slots) == 1:
            for form in base_forms(base):
                out.setdefault(form, next(iter(slots)))
    return out


def verbs_of_noun(noun: str) -> set[str]:
    """The verbs a noun for an act or its product may be made from:
    ``booking`` → book, ``payment`` → pay, ``allocation`` → allocate,
    ``order`` → order (a form no one writes names nothing)."""
    if noun.endswith("ing") and len(noun) > 5:
        stem = noun[:-3]
        return {stem, stem + "e"} | ({stem[:-1]} if stem[-1:] == stem[-2:-1] else set())
    if noun.endswith("ment") and len(noun) > 6:
        return {noun[:-4]}
    if noun.endswith("ation") and len(noun) > 7:
        return {noun[:-5] + "e", noun[:-5] + "ate"}
    return {noun}


def _nominal_acts(nouns: dict[str, set[str]]) -> dict[str, str]:
    """Participle → the one slot whose result is called by the noun of
    that act: "booked", of `let booking = call scheduler`; "paid", of a
    slot that ensures "a payment record"; "ordered", of `{ eta, order }`.
    Nouns that are the reader's own words for any result ("report",
    "decision") say nothing of which act, and a participle the reader
    knows ("recorded", "approved") keeps its own meaning."""
    generic = {w for kind in ("OUTPUT", "APPROVAL", "REFUSAL", "FAILURE") for w in KINDS.get(kind, ())}
    known = {w for ws in KINDS.values() for w in ws}
    owners: dict[str, set[str]] = {}
    for slot, words in nouns.items():
        for noun in words:
            if len(noun) < 4 or noun in generic:
                continue
            for verb in verbs_of_noun(noun):
                for form in base_forms(verb):
                    if (form.endswith(("ed", "id")) or form in _IRREGULAR.get(verb, ())) and form not in known:
                        owners.setdefault(form, set()).add(slot)
    return {form: next(iter(names)) for form, names in sorted(owners.items()) if len(names) == 1}


def product_nouns(agent: str) -> set[str]:
    """The nouns of what an agent noun's act makes, in the singular and the
    plural: ``planner`` → plan, plans; ``assessor`` → assessment; ``booker``
    → booking; ``estimator`` → estimate (none for other nouns)."""
    if len(agent) < 5 or agent[-2:] not in ("er", "or", "ar"):
        return set()
    base = agent[:-3] + "er" if agent.endswith("rar") else agent[:-2]
    if base.endswith("i"):  # notifi-er: notification
        return {base[:-1] + "y", base[:-1] + "ies", base + "cation", base + "cations"}
    roots = {base} | ({base[:-1]} if len(base) > 3 and base[-1] == base[-2] and base[-1] not in "aeiouls" else set())
    out: set[str] = set()
    for root in roots:
        if len(root) < 4:
            continue
        out |= {root, root + "s", root + "e", root + "es"}
        out |= {root + end for end in ("ment", "ments", "ion", "ions", "ing", "ings")}
    return out


def _named_products(slots: Iterable[str]) -> dict[tuple[str, ...], str]:
    """The nouns of what a slot named in two or more words makes: its name
    with the agent noun made the noun of its product ("walk plans" for
    `walk_planner`, "risk assessment" for `risk_assessor`) → that slot."""
    return _renamed(slots, product_nouns)


def _act_phrases(slots: Iterable[str]) -> dict[tuple[str, ...], str]:
    """The nouns of the action of a slot named in two or more words: its
    name with the agent noun made the noun of what it does ("water test",
    "water testing" for `water_tester`; not "water tested", a verb)."""
    return _renamed(slots, lambda agent: {f for f in verb_forms(agent) if not f.endswith(("ed", "id"))})


def _renamed(slots: Iterable[str], nouns: Callable[[str], set[str]]) -> dict[tuple[str, ...], str]:
    """Each slot named in two or more words, with its last word replaced by
    each of ``nouns`` of it → that slot, where no other slot gives the same
    words."""
    owners: dict[tuple[str, ...], set[str]] = {}
    for slot in slots:
        ws = words_of(slot)
        if len(ws) < 2:
            continue
        for noun in nouns(ws[-1]):
            owners.setdefault((*ws[:-1], noun), set()).add(slot)
    return {phrase: next(iter(names)) for phrase, names in sorted(owners.items()) if len(names) == 1}


def said_words(program: ir.Program) -> set[str]:
    """The decision words the program tests with `X says WORD`, anywhere."""
    out: set[str] = set()
    for stmt in ir.walk(program.body):
        conds: list[ir.Cond] = []
        match stmt:
            case ir.If(branches=branches):
                conds = [c for c, _ in branches]
            case ir.LoopUntil(cond=cond) | ir.Bind(value=ir.LoopUntil(cond=cond)) | ir.Assign(value=ir.LoopUntil(cond=cond)) if cond:
                conds = [cond]
        for cond in conds:
            while isinstance(cond, ir.Not):
                cond = cond.operand
            if isinstance(cond, ir.Says):
                out.add(cond.word.lower())
    return out


def _bound_callees(program: ir.Program, *, null: bool) -> dict[str, set[str]]:
    """Local → the slots whose calls it is bound to, "?" for any other value
    (with ``null`` false, a `null` is no other value)."""
    bound: dict[str, set[str]] = {}
    for stmt in ir.walk(program.body):
        match stmt:
            case ir.Bind(name=name, value=ir.Call(callee=callee)) | ir.Assign(target=ir.Name(name=name), value=ir.Call(callee=callee)):
                bound.setdefault(name, set()).add(callee)
            case ir.Bind(name=name, value=value) | ir.Assign(target=ir.Name(name=name), value=value):
                if null or not (isinstance(value, ir.Literal_) and value.value is None):
                    bound.setdefault(name, set()).add("?")
    return bound


def _said_of(program: ir.Program) -> dict[str, frozenset[str]]:
    """Slot → the words `says` tests its verdicts for: a test of a local
    bound only to that slot's calls, null aside (`if ruling says close`, of
    `let ruling = call registrar`)."""
    bound = _bound_callees(program, null=False)
    out: dict[str, set[str]] = {}
    for stmt in ir.walk(program.body):
        for cond in ir.conditions(stmt):
            while isinstance(cond, ir.Not):
                cond = cond.operand
            if isinstance(cond, ir.Says) and (local := ir.root_name(cond.subject)) is not None:
                slots = bound.get(local, {"?"})
                if len(slots) == 1 and "?" not in slots:
                    out.setdefault(next(iter(slots)), set()).add(cond.word.lower())
    return {slot: frozenset(words) for slot, words in out.items()}


def _deciders(program: ir.Program) -> frozenset[str]:
    """The slots whose verdicts a condition of the program tests."""
    return _tested(program, says=True)


def _approval_tested(program: ir.Program) -> frozenset[str]:
    """The slots whose verdicts a condition tests for approval (`approves`,
    `proceeds`, "approves the schedule")."""
    return _tested(program, says=False)


def _tested(program: ir.Program, *, says: bool) -> frozenset[str]:
    """The slots whose verdicts a condition tests for approval (with
    ``says``, for a decision word too), by the locals the program binds to
    their calls; "?" for a tested value bound otherwise."""
    bound = _bound_callees(program, null=True)
    out: set[str] = set()
    for stmt in ir.walk(program.body):
        for cond in ir.conditions(stmt):
            test = ir.verdict_test(cond, says=says)
            if test is not None:
                local = ir.root_name(test.subject)
                out |= bound.get(local, {"?"}) if local is not None else {"?"}
    return frozenset(out)


def _verdicts(program: ir.Program, known: dict[tuple[str, ...], tuple[str, ...]]) -> dict[str, str]:
    """Form → decision word, for the words the program tests with `says`
    that the reader does not know otherwise ("abort", "halt", "close"): the
    word, and its verb forms ("halts", "halted", "scrapped", "deferred")."""
    # a word the reader knows only as a delegate's behaviour ("faithful",
    # "votes") is free for a verdict's word too
    taken = {k[0] for k, kinds in known.items() if len(k) == 1 and set(kinds) != {"BEHAVE"}}
    out: dict[str, str] = {}
    for word in sorted(said_words(program)):
        if not re.fullmatch(r"[a-z]+", word) or word in taken:
            continue
        forms = {word, word + "s", word + "ed", word + "d" if word.endswith("e") else word + "ed"}
        if re.search(r"[^aeiou][aeiou][bdgmnprt]$", word):
            forms.add(word + word[-1] + "ed")  # scrap: scrapped; defer: deferred
        if word.endswith(("s", "sh", "ch", "x")):
            forms.add(word + "es")
        for form in forms:
            if form not in taken:
                out.setdefault(form, word)
    return out


def _appended_into(program: ir.Program) -> dict[str, frozenset[str]]:
    """A local or key whose value is appended or recorded (`append verdict
    to history`, `record piece.splits in trials`) → the lists it goes to;
    also a list set to a list of it (`history = [verdict]`), which a
    sentence about that list speaks of as well."""
    out: dict[str, set[str]] = {}
    for stmt in ir.walk(program.body):
        match stmt:
            case ir.Append(target=ir.Name(name=target), value=ir.Name(name=name) | ir.Attr(key=name)):
                out.setdefault(name, set()).add(target)
            case ir.Bind(name=target, value=ir.Array(items=items)) | ir.Assign(target=ir.Name(name=target), value=ir.Array(items=items)):
                for item in items:
                    if isinstance(item, ir.Name | ir.Attr):
                        out.setdefault(item.name if isinstance(item, ir.Name) else item.key, set()).add(target)
            case _:
                pass
    return {name: frozenset(lists) for name, lists in out.items()}


def _appends_after_call(body: ir.Block) -> list[ir.Append]:
    """The `append v to list` statements that follow `let v = call S` in the
    same block with no statement between that may leave it (no `if`,
    `continue`, `break`, `return`, `throw`, loop or `try`): every result
    bound to `v` there is appended."""
    out: list[ir.Append] = []
    blocks = [body]
    while blocks:
        block = blocks.pop()
        bound: set[str] = set()
        for stmt in block:
            blocks.extend(ir.children(stmt))
            match stmt:
                case ir.Bind(name=name, value=ir.Call()) | ir.Assign(target=ir.Name(name=name), value=ir.Call()):
                    bound.add(name)
                case ir.Append(value=ir.Name(name=name)) if name in bound:
                    out.append(stmt)
                case ir.Bind() | ir.Assign() | ir.ExprStmt() | ir.Append():
                    pass
                case _:
                    bound.clear()  # a statement that may leave the block, or branch
    return out


def _arg_keys(program: ir.Program, slots: frozenset[str], delegate_vars: dict[str, str]) -> dict[tuple[str, str], str]:
    """(slot, name) → the key every call of the slot passes the name under
    as it is, where no other key of its calls carries the name outside a
    text (Lexicon.arg_keys)."""

    def plain(e: ir.Expr) -> set[str]:
        match e:
            case ir.Name(name=name):
                return {name}
            case ir.Attr(base=ir.Name() | ir.Attr(), key=key):
                return {key}
        return set()

    def mentioned(e: ir.Expr) -> set[str]:
        if isinstance(e, ir.Text):
            return set()
        return {n for sub in ir.subexprs(e) for n in plain(sub)}

    plains: dict[tuple[str, str], list[set[str]]] = {}
    carriers: dict[tuple[str, str], set[str]] = {}
    sites: dict[str, int] = {}
    calls = [e for top in exprs_in(program.body) for e in ir.subexprs(top) if isinstance(e, ir.Call)]
    for call in calls:
        slot = delegate_vars.get(call.callee, call.callee)
        if slot not in slots:
            continue
        sites[slot] = sites.get(slot, 0) + 1
        here: dict[str, set[str]] = {}
        for prop in call.props:
            for name in plain(prop.value):
                here.setdefault(name, set()).add(prop.key)
            for name in mentioned(prop.value):
                carriers.setdefault((slot, name), set()).add(prop.key)
        for name, keys in here.items():
            plains.setdefault((slot, name), []).append(keys)
    out: dict[tuple[str, str], str] = {}
    for (slot, name), per_site in plains.items():
        common = set.intersection(*per_site) if len(per_site) == sites[slot] else set()
        if len(common) == 1 and carriers.get((slot, name), set()) == common:
            out[(slot, name)] = next(iter(common))
    return out


def _text_keys(program: ir.Program, delegate_vars: dict[str, str]) -> dict[str, frozenset[str]]:
    """Slot → the keys some call of it passes a text under (Lexicon.text_keys)."""
    out: dict[str, set[str]] = {}
    for top in exprs_in(program.body):
        for e in ir.subexprs(top):
            if isinstance(e, ir.Call):
                slot = delegate_vars.get(e.callee, e.callee)
                out.setdefault(slot, set()).update(p.key for p in e.props if isinstance(p.value, ir.Text))
    return {slot: frozenset(keys) for slot, keys in out.items()}


def _keys_read_of(program: ir.Program, results: dict[str, frozenset[str]]) -> dict[str, frozenset[str]]:
    """Slot → the keys the program reads off a local that holds only that
    slot's results (`evaluation.score`, of `let evaluation = call
    evaluator`)."""
    out: dict[str, frozenset[str]] = {}
    for e in exprs_in(program.body):
        for sub in ir.subexprs(e):
            if isinstance(sub, ir.Attr) and isinstance(sub.base, ir.Name) and len(results.get(sub.base.name, frozenset())) == 1:
                (slot,) = results[sub.base.name]
                out[slot] = out.get(slot, frozenset()) | {sub.key}
    return out


def _shared_input_heads(lex: Lexicon, entities: list[tuple[str, Entity]]) -> None:
    """"Both addresses", "either address" for `origin_address` and
    `destination_address`: the plural of a head word only the caller's
    inputs share names all of them (the singular, after "each", "either"
    or "neither", each of them in turn), unless the program reads or
    declares a key of that word."""
    input_heads: dict[str, set[str]] = {}
    for name, entity in entities:
        ws = words_of(name)
        if len(ws) > 1 and ws[0] not in _QUANTIFIERS:
            input_heads.setdefault(plural(ws[-1]), set()).add(name if entity.kind == "input" and name not in lex.config else "")
    keyed = {v for key in lex.keys | lex.declared_keys for v in variants(key.lower())}
    for word, owners in sorted(input_heads.items()):
        if len(owners) > 1 and "" not in owners and word not in _NOT_ALIASES and word not in keyed and (word,) not in lex.forms:
            lex.add([word], 1, Entity("input", tuple(sorted(owners))))


def _key_aliases(lex: Lexicon, program: ir.Program, input_set: frozenset[str], read_keys: frozenset[str]) -> None:
    """"The fallback brief", of `fallback_brief: task_brief` on every call
    that passes anything under that key: the words of a key of two or more
    words name the one input or local every call passes under it, when
    those words name nothing else of the pattern."""
    passed_under: dict[str, set[str]] = {}
    for call in (e for top in exprs_in(program.body) for e in ir.subexprs(top) if isinstance(e, ir.Call)):
        for prop in call.props:
            passed_under.setdefault(prop.key, set()).add(prop.value.name if isinstance(prop.value, ir.Name) else "")
    for key, names in sorted(passed_under.items()):
        ws = words_of(key)
        if len(ws) < 2 or len(names) != 1 or "" in names or key in names or key in lex.declared_keys or key in read_keys:
            continue
        (name,) = names
        kind: MentionKind | None = "input" if name in input_set else "var" if name in lex.variables else None
        if kind is None:
            continue
        own_words = set(words_of(name))
        if any(
            v in lex.declared_keys or v in lex.keys or ((v,) in lex.forms and name not in lex.forms[(v,)][1].names)
            or (v,) in _known()
            for w in ws if w not in own_words for v in variants(w)
        ):
            # "the mite counts", of `mite_counts: findings` beside a key
            # `mites`: a word of the key names another thing of the
            # pattern; "the earlier findings", of `earlier_findings`: a
            # word the reader gives a meaning of its own
            continue
        for v in variants(ws[-1]):
            if (*ws[:-1], v) not in lex.forms:
                lex.add([*ws[:-1], v], 1, Entity(kind, (name,)))


#: First words of a slot's name that set it over others of its kind
#: (`chief_judge` beside `class_judge`).
_RANKS = frozenset("chief head lead senior principal master supervising presiding".split())


def build_lexicon(
    *,
    slots: Iterable[str],
    sequences: Iterable[str],
    inputs: Iterable[str],
    config: Iterable[str],
    program: ir.Program,
    primary: str | None = None,
    ensures: Iterable[str] = (),
    descriptions: Iterable[tuple[str, str]] = (),
    results_described: Iterable[tuple[str, str]] = (),
    prose: str = "",
    scalars: Iterable[str] = (),
    quantities: Iterable[str] = (),
    returns_described: Iterable[tuple[str, str]] = (),
) -> Lexicon:
    """The names of one pattern and their surface forms; ``scalars`` are
    the inputs declared with a type that is no list, ``quantities`` the
    inputs and config entries declared as a number or an integer."""
    slot_set = frozenset(slots)
    seq_set = frozenset(sequences)
    input_set = frozenset(inputs) | frozenset(config)
    variables: set[str] = set()
    delegate_vars: dict[str, str] = {}
    keys: set[str] = set()
    returned: set[str] = set()
    for stmt in ir.walk(program.body):
        if isinstance(stmt, ir.Bind):
            variables.add(stmt.name)
        if isinstance(stmt, ir.Return) and isinstance(stmt.value, ir.Object):
            returned.update(k for k, _ in stmt.value.entries)
    looped: set[str] = set()
    nested: set[str] = set()  # slots called inside a loop inside another
    in_loops: set[int] = set()  # the call expressions inside a loop
    walkers: dict[str, set[str]] = {}
    local_walkers: dict[str, set[str]] = {}
    for loop in loops_in(program.body):
        if isinstance(loop, ir.For) and isinstance(loop.iterable, ir.Name) and loop.iterable.name not in slot_set:
            inner = (e for top in exprs_in(loop.body) for e in ir.subexprs(top) if isinstance(e, ir.Call))
            walked = walkers if loop.iterable.name in input_set else local_walkers
            walked.setdefault(loop.iterable.name, set()).update(c.callee for c in inner)
        if isinstance(loop, ir.For) and isinstance(loop.iterable, ir.Name) and loop.iterable.name in slot_set:
            delegate_vars[loop.var] = loop.iterable.name
        if not isinstance(loop, ir.Parallel):
            calls = [e for top in exprs_in(loop.body) for e in ir.subexprs(top) if isinstance(e, ir.Call)]
            looped.update(delegate_vars.get(c.callee, c.callee) for c in calls)
            nested.update(delegate_vars.get(c.callee, c.callee) for c in calls if id(c) in in_loops)
            in_loops.update(id(c) for c in calls)

    set_to: dict[str, set[str | None]] = {}
    bound: dict[tuple[str, str], int] = {}  # (local, slot) → calls bound to it whole
    caught: set[str] = set()  # slots whose failure a `catch` may see
    not_null: set[str] = set()  # locals set to something that is neither a call nor null
    copies: dict[str, set[str]] = {}  # local → the locals it is set to as they are (`last = verdict`)
    fieldless: dict[str, bool] = {}  # local → every value it is set to but calls has no fields
    scalar_inputs = frozenset(scalars) & input_set
    for stmt in ir.walk(program.body):
        match stmt:
            case ir.Bind(name=name, value=value) | ir.Assign(target=ir.Name(name=name), value=value):
                plain = isinstance(value, ir.Call | ir.Literal_ | ir.Text) or (
                    isinstance(value, ir.Name) and value.name in scalar_inputs
                )
                fieldless[name] = fieldless.get(name, True) and plain
                callee = delegate_vars.get(value.callee, value.callee) if isinstance(value, ir.Call) else None
                if callee is None and not isinstance(value, ir.Name) and not (isinstance(value, ir.Literal_) and value.value is None):
                    not_null.add(name)
                if isinstance(value, ir.Name) and value.name != name:
                    copies.setdefault(name, set()).add(value.name)
                else:
                    set_to.setdefault(name, set()).add(callee)
                if callee is not None:
                    bound[name, callee] = bound.get((name, callee), 0) + 1
            case ir.Try(body=body, catch_body=catch) if catch is not None:
                for e in exprs_in(body):
                    if isinstance(e, ir.Call):
                        caught.add(delegate_vars.get(e.callee, e.callee))
            case _:
                pass
    _resolve_copies(set_to, copies)
    sites: dict[str, int] = {}
    for e in exprs_in(program.body):
        if isinstance(e, ir.Call):
            callee = delegate_vars.get(e.callee, e.callee)
            sites[callee] = sites.get(callee, 0) + 1
    other_keys: set[str] = set()
    from_inputs: set[str] = set()
    read_keys: set[str] = set()
    for e in exprs_in(program.body):
        match e:
            case ir.Attr(key=key, base=ir.Name(name=base)) if base in input_set:
                keys.add(key)
                from_inputs.add(key)
                read_keys.add(key)
            case ir.Attr(key=key):
                keys.add(key)
                other_keys.add(key)
                read_keys.add(key)
            case ir.Object(entries=entries):
                keys.update(k for k, _ in entries)
                other_keys.update(k for k, _ in entries)
            case _:
                pass
    variables -= slot_set | input_set | _GENERIC_LOCALS
    # each slot's call sites, once (a `for` over a slot sequence calls it by its variable)
    calls_of: dict[str, list[ir.Call]] = {}
    for e in exprs_in(program.body):
        if isinstance(e, ir.Call):
            calls_of.setdefault(delegate_vars.get(e.callee, e.callee), []).append(e)
    lex = Lexicon(
        slots=slot_set,
        sequences=seq_set,
        inputs=input_set,
        config=frozenset(config),
        variables=frozenset(variables),
        keys=frozenset(keys - slot_set - input_set - variables),
        primary=primary,
        looped=frozenset(looped),
        nested_looped=frozenset(nested),
        unlooped=frozenset(
            delegate_vars.get(e.callee, e.callee)
            for top in exprs_in(program.body)
            for e in ir.subexprs(top)
            if isinstance(e, ir.Call) and id(e) not in in_loops
        ),
        repeated=frozenset(looped | {n for n, k in sites.items() if k > 1}),
        some_sites=frozenset(key for key, n in bound.items() if n < sites.get(key[1], 0)),
        call_sites=dict(sites),
        input_keys=frozenset(from_inputs - other_keys),
        input_reads=_input_reads(program, input_set),
        returned_keys=frozenset(returned),
        read_keys=frozenset(read_keys),
        declared_keys=frozenset(k for text in ensures for k in declared_keys(text)),
        results={n: frozenset(c for c in cs if c) for n, cs in set_to.items() if None not in cs},
        made={n: frozenset(c for c in cs if c) for n, cs in set_to.items() if any(cs)},
        passed_keys={slot: frozenset(p.key for c in calls_of.get(slot, ()) for p in c.props if p.key != "prompt") for slot in sorted(slot_set)},
        walkers={n: frozenset(w) for n, w in walkers.items()},
        local_walkers={n: frozenset(w) for n, w in local_walkers.items() if n in variables},
        key_reads=_key_reads(program),
        object_reads=_object_reads(program),
        key_locals=_key_locals(program, frozenset(variables)),
        prompt_verbs={
            slot: frozenset(
                m.group(1).lower()
                for part in _prompts_of(calls_of.get(slot, ()))
                for m in re.finditer(r"(?:^|[.!?]\s+)([A-Za-z]+)", part)
            )
            for slot in sorted(slot_set)
        },
        retried=frozenset(delegate_vars.get(e.callee, e.callee) for e in exprs_in(program.body) if isinstance(e, ir.Call) and e.retry is not None),
        prompt_words={
            slot: frozenset(w.lower() for part in _prompts_of(calls_of.get(slot, ())) for w in re.findall(r"[A-Za-z]+", part))
            for slot in sorted(slot_set)
        },
        prompt_bigrams=frozenset(
            pair for part in _prompts_of(c for cs in calls_of.values() for c in cs)
            for pair in itertools.pairwise(w.lower() for w in re.findall(r"[A-Za-z][A-Za-z_]*", part))
        ),
        scalars=frozenset(scalars) & input_set,
        quantities=frozenset(quantities) & input_set,
        appended=frozenset(
            stmt.target.name for stmt in ir.walk(program.body) if isinstance(stmt, ir.Append) and isinstance(stmt.target, ir.Name)
        ),
        appended_into=_appended_into(program),
        holds={
            n: slot
            for (n, slot), k in sorted(bound.items())
            if set_to[n] == {slot} and sites.get(slot) == k and slot not in caught and slot in slot_set
        },
    )
    lex.arg_keys = _arg_keys(program, slot_set, delegate_vars)
    lex.text_keys = _text_keys(program, delegate_vars)
    lex.keys_read_of = _keys_read_of(program, lex.results)
    lex.passed_names = frozenset(
        sub.name
        for call in (e for top in exprs_in(program.body) for e in ir.subexprs(top) if isinstance(e, ir.Call))
        for prop in call.props
        for sub in ir.subexprs(prop.value)
        if isinstance(sub, ir.Name)
    )
    _key_aliases(lex, program, input_set, frozenset(read_keys))
    for name, set_values in sorted(set_to.items()):
        makers = {c for c in set_values if c is not None}
        if (
            len(makers) == 1 and fieldless.get(name) and name not in lex.appended
            and all(source in scalar_inputs for source in copies.get(name, ()))
        ):
            lex.fielded[name] = next(iter(makers))
    entities: list[tuple[str, Entity]] = [(n, Entity("slot", (n,))) for n in sorted(slot_set)]
    entities += [(n, Entity("input", (n,))) for n in sorted(input_set)]
    entities += [(n, Entity("var", (n,))) for n in sorted(lex.variables)]
    head_count: dict[str, int] = {}
    first_count: dict[str, int] = {}
    for name, _ in entities:
        ws = words_of(name)
        if len(ws) > 1:
            for v in variants(ws[-1]):
                head_count[v] = head_count.get(v, 0) + 1
            first_count[ws[0]] = first_count.get(ws[0], 0) + 1
    fields = {v for key in (lex.keys & lex.read_keys) | lex.declared_keys for v in variants(key)}
    stem_owners: dict[str, set[str]] = {}
    for name, entity in entities:
        ws = words_of(name)
        # A name made only of underscores (`__`) has no words: only the
        # name itself can name it.
        for v in variants(ws[-1]) if ws else ():
            lex.add([*ws[:-1], v], 4, entity)
            # two words of the name said as one hyphenated compound, which
            # the sentence's words join ("the on-field call" of
            # `on_field_call`)
            for k in range(len(ws) - 2):
                lex.add([*ws[:k], f"{ws[k]}_{ws[k + 1]}", *ws[k + 2 : -1], v], 4, entity)
        # a clipped word of a name said in full: "the minimum score" of
        # `min_score`, "the maximum budget" of `max_budget`
        if any(w in _CLIPPED for w in ws[:-1]):
            full = [_CLIPPED.get(w, w) for w in ws[:-1]]
            for v in variants(ws[-1]):
                lex.add([*full, v], 4, entity)
        if entity.kind == "input" and len(ws) > 1 and ws[0] in ("max", "maximum") and name in lex.quantities:
            # "the upgrade cap", "the retry limit", "the limit on passes",
            # of `max_upgrades`, `max_retries`, `max_passes`: the number
            # that caps what the rest of the name says
            for v in variants(ws[-1]):
                for cap in _CAP_WORDS:
                    lex.add([*ws[1:-1], v, cap], 4, entity)
                    lex.add([cap, "on", *ws[1:-1], v], 4, entity)
        if entity.kind == "slot" and ws and ws[-1] in _CLIPPED_ROLES:
            for v in variants(_CLIPPED_ROLES[ws[-1]]):
                lex.add([*ws[:-1], v], 4, entity)
        for v in variants(name.lower()):
            lex.add([v], 4, entity)
        if len(ws) > 1 and ws[0] not in _QUANTIFIERS:
            for v in variants(ws[-1]):
                if head_count.get(v) == 1 and v not in _NOT_ALIASES:
                    lex.add([v], 1, entity)
            # an input's first word, unless it is also a key the program
            # reads or a slot declares ("the grid": `draft.grid`, not
            # `grid_size`)
            if entity.kind == "input" and first_count.get(ws[0]) == 1 and ws[0] not in _NOT_ALIASES and ws[0] not in fields:
                lex.add(["^" + ws[0]], 0, entity)  # only before a non-word
        if entity.kind == "slot":
            for w in ws:
                if len(w) >= 6:
                    stem_owners.setdefault(w[:6], set()).add(name)
        elif entity.kind == "input" and not set(entity.names) & lex.quantities and not (ws and ws[0] in _COUNTING_FIRST):
            # (a stem an input's name shares, "applic" of `application`,
            # names no slot: "the applicant's photo" beside an
            # `applicant_liaison`; not a number's, `max_reviews`, which
            # counts the slot's work)
            for w in ws:
                if len(w) >= 6:
                    stem_owners.setdefault(w[:6], set()).add(f"input:{w}")
    lex.acts.update(_acts(slot_set))
    # (not a word that is also a key or a name: "the forgery flags", of a
    # checker told to "Flag any stamp" that returns `{ flags, notes }`)
    taken = {v for key in lex.keys | lex.declared_keys | lex.variables | lex.inputs for v in variants(key)}
    for form, slot in _prompt_acts(lex.prompt_verbs).items():
        if form not in taken:
            lex.acts.setdefault(form, slot)
    for form, slot in _prose_acts(prose, lex, _known()).items():
        if form not in taken and (form,) not in _known():
            lex.acts.setdefault(form, slot)
    lex.act_phrases.update(_act_phrases(slot_set))
    lex.named_products.update(_named_products(slot_set))
    lex.verdicts.update(_verdicts(program, _known()))
    lex.deciders = _deciders(program)
    lex.approval_tested = _approval_tested(program)
    lex.said = frozenset(said_words(program))
    lex.said_of = _said_of(program)
    lex.loop_count = sum(1 for loop in loops_in(program.body) if not isinstance(loop, ir.Parallel))
    only = [loop for loop in loops_in(program.body) if not isinstance(loop, ir.Parallel)]
    if len(only) == 1 and isinstance(only[0], ir.Repeat | ir.LoopUntil):
        limit = only[0].count if isinstance(only[0], ir.Repeat) else only[0].max
        if isinstance(limit, ir.Name) and limit.name in input_set:
            lex.sole_bound = limit.name
    for stmt in ir.walk(program.body):
        for name in _loop_names(stmt):
            for w in variants(name.lower()):
                lex.loop_names[w] = lex.loop_names.get(w, frozenset()) | {name}
    lex.loop_words = frozenset(lex.loop_names)
    lex.nested_bounds = frozenset(
        e.name
        for outer in loops_in(program.body)
        if not isinstance(outer, ir.Parallel)
        for inner in loops_in(outer.body)
        if isinstance(inner, ir.Repeat | ir.LoopUntil)
        for e in ir.subexprs(inner.count if isinstance(inner, ir.Repeat) else inner.max)
        if isinstance(e, ir.Name)
    )
    bound_callees: dict[str, set[str]] = {}
    for loop in loops_in(program.body):
        if not isinstance(loop, ir.Repeat | ir.LoopUntil):
            continue
        limit = loop.count if isinstance(loop, ir.Repeat) else loop.max
        callees = {
            delegate_vars.get(e.callee, e.callee)
            for top in exprs_in(loop.body)
            for e in ir.subexprs(top)
            if isinstance(e, ir.Call)
        }
        for e in ir.subexprs(limit):
            if isinstance(e, ir.Name):
                bound_callees.setdefault(e.name, set()).update(callees)
                for callee in callees:
                    lex.bound_loops[(e.name, callee)] = lex.bound_loops.get((e.name, callee), 0) + 1
    lex.bound_callees = {name: frozenset(callees) for name, callees in bound_callees.items()}
    lex.nested_loop_words = frozenset(
        w
        for outer in loops_in(program.body)
        if not isinstance(outer, ir.Parallel)
        for stmt in ir.walk(outer.body)
        for name in _loop_names(stmt)
        for w in variants(name.lower())
    )
    # A stem two slots share ("forecaster" of `load_forecaster` and
    # `solar_forecaster`) names neither.
    # (an input's word of the stem that is no word of the slot's name,
    # "application" beside `applicant_liaison`, makes it no name of the
    # slot; the same word in both, "family" of `family_wishes` and
    # `family_reader`, leaves it the slot's)
    for stem, owners in sorted(stem_owners.items()):
        slots = {o for o in owners if not o.startswith("input:")}
        other = {o.removeprefix("input:") for o in owners if o.startswith("input:")} - {w for o in slots for w in words_of(o)}
        if len(slots) == 1 and not other:
            lex.stems[stem] = next(iter(slots))
    # "both forecasters" for `load_forecaster` and `solar_forecaster`: the
    # plural of a head word only slots share names all of them (the
    # singular, one of them, names none)
    shared: dict[str, set[str]] = {}
    for name, entity in entities:
        ws = words_of(name)
        if len(ws) > 1 and ws[0] not in _QUANTIFIERS:
            shared.setdefault(plural(ws[-1]), set()).add(name if entity.kind == "slot" else "")
    for word, owners in sorted(shared.items()):
        if len(owners) > 1 and "" not in owners and word not in _NOT_ALIASES and word not in GENERIC_ROLES:
            if any(words_of(o)[0] in _RANKS for o in owners):
                # "the judges", of a `class_judge` and a `chief_judge`: the
                # judges the chief is over, or every slot of that name?
                # Neither
                continue
            lex.add([word], 1, Entity("slot", tuple(sorted(owners))))
    _shared_input_heads(lex, entities)
    for var, seq in delegate_vars.items():
        for v in variants(var.lower()):
            lex.add([v], 4, Entity("slot", (seq,)))
    descriptions = list(descriptions)
    results_described = list(results_described)
    declarers: dict[str, set[str]] = {}
    for slot, text in results_described:
        for key in declared_keys(text):
            declarers.setdefault(key, set()).add(slot)
    lex.declared_by = {k: next(iter(v)) for k, v in sorted(declarers.items()) if len(v) == 1 and v <= slot_set}
    for key, owners in declarers.items():
        for slot in owners & slot_set:
            lex.slot_keys[slot] = lex.slot_keys.get(slot, frozenset()) | {key}
    for slot, text in results_described:
        if declared := declared_keys(text):
            lex.declares[slot] = lex.declares.get(slot, frozenset()) | frozenset(declared)
    for name, text in descriptions:
        # "the quilt entries, each with a `photo`", "the case: id,
        # narrative, lab_values": keys the caller's value is said to have
        listed = _LISTED_KEYS.fullmatch(text.strip().lower())
        said = [m.lower() for m in _CODE_NAME.findall(text)] + (re.findall(r"[a-z_]+", listed.group(1)) if listed else [])
        if name in lex.inputs and said:
            lex.input_reads[name] = lex.input_reads.get(name, frozenset()) | frozenset(said)
    _described(lex, descriptions, frozenset(quantities))
    _counted(lex, descriptions)
    _returned_described(lex, program, returns_described)
    _contained(lex)
    _possessed(lex)
    lex.described = dict(descriptions)
    _attached(lex, prose, descriptions)
    own = " ".join([prose, *(t for _, t in descriptions), *(t for _, t in results_described)]).lower()
    # (a hyphenated compound, "sign-up order", is also the one word a
    # sentence's reading joins it into: "sign_up")
    joined = re.sub(r"(?<=[a-z])-(?=[a-z])", "_", own)
    lex.own_words = frozenset(re.findall(r"[a-z][a-z_]*", joined))
    lex.bigrams = frozenset(itertools.pairwise(re.findall(r"[a-z][a-z_]*", own))) | frozenset(
        itertools.pairwise(re.findall(r"[a-z][a-z_]*", joined))
    )
    named: set[str] = set()
    for slot, text in results_described:
        # an `ensures:` list names the result by its first item; the items
        # after it are its parts ("a verdict with accept/reject, reasoning,
        # issues": the critic's reasoning is a part, not the verdict)
        first = slot not in named
        named.add(slot)
        if slot not in slot_set or not first:
            continue
        ws = description_phrase(text)
        if "{" in text and (not ws or set(variants(ws[-1])) & set(declared_keys(text))):
            # "a recommendation `{ decision, reason }`": the noun before the
            # keys names the whole result (not one that is a key itself)
            continue
        if ws and ws[-1] not in ("'s", "'") and len(ws[-1]) > 2:
            lex.products[slot] = lex.products.get(slot, frozenset()) | frozenset(variants(ws[-1]))
            lex.product_words[slot] = lex.product_words.get(slot, frozenset()) | frozenset(ws[:-1])
    # "a dry-dock slot is booked", of `let booking = call dock_scheduler`;
    # "money is paid out", of a slot that ensures "a payment record": the
    # act of the noun a slot's result is called by (after the acts of its
    # name and its prompts)
    nominal: dict[str, set[str]] = {}
    for slot in slot_set:
        nominal[slot] = {*lex.products.get(slot, ()), *lex.product_words.get(slot, ()), *lex.declares.get(slot, ())}
    for local, made_by in lex.results.items():
        if len(made_by) == 1:
            nominal.setdefault(next(iter(made_by)), set()).add(local)
    for form, slot in _nominal_acts(nominal).items():
        if form not in taken:
            lex.acts.setdefault(form, slot)
    for stmt in ir.walk(program.body):
        match stmt:
            case ir.Bind(name=name, value=ir.Repeat(body=(ir.ExprStmt(expr=ir.Call(callee=callee)),)) | ir.For(
                body=(ir.ExprStmt(expr=ir.Call(callee=callee)),)
            )) if (
                set_to.get(name) == {None}
                # `parallel for reader in readers: call reader`: the
                # sequence's delegates, each called once
                and (slot := delegate_vars.get(callee, callee)) in slot_set
                and sites.get(slot) == 1
                and slot not in caught
            ):
                lex.collects[name] = slot
            case _:
                pass
    # "the reviews" for `let reviews = []` and `append review to reviews`,
    # where `review` holds every reviewer result: a list that only ever
    # collects one slot's results
    bound_empty: dict[str, bool] = {}
    appended: dict[str, set[str | None]] = {}
    always_after = _appends_after_call(program.body)
    for stmt in ir.walk(program.body):
        match stmt:
            case ir.Bind(name=name, value=value) | ir.Assign(target=ir.Name(name=name), value=value):
                bound_empty[name] = bound_empty.get(name, True) and isinstance(value, ir.Array) and not value.items
            case ir.Append(target=ir.Name(name=name), value=value):
                match value:
                    case ir.Name(name=held) if held in lex.holds and stmt in always_after:
                        appended.setdefault(name, set()).add(lex.holds[held])
                    case ir.Call(callee=callee) if sites.get(callee) == 1 and callee not in caught:
                        appended.setdefault(name, set()).add(callee)
                    case _:
                        appended.setdefault(name, set()).add(None)
            case _:
                pass
    for name, gathered in sorted(appended.items()):
        maker = next(iter(gathered)) if len(gathered) == 1 else None
        if bound_empty.get(name) and maker is not None:
            lex.gathers[name] = maker
    lex.list_makers = _list_makers(program, lex)
    arrays: set[str] = set()
    for stmt in ir.walk(program.body):
        match stmt:
            case ir.Bind(name=name, value=ir.Array()) | ir.Assign(target=ir.Name(name=name), value=ir.Array()):
                arrays.add(name)
            case _:
                pass
    lex.list_locals = frozenset(arrays | lex.appended | set(lex.collects))
    # `let booking = null`, then `booking = call booker`: null until the
    # booker's one call sets it (kept away, the booker's output; received,
    # the local, which may still be null)
    # (or set, besides null, only to a local that holds every result of the
    # slot: `last_critique = verdict`)
    copied = ir.copied_locals(program)
    for name, cs in sorted(set_to.items(), key=lambda kv: kv[0]):
        makers = {c for c in cs if c is not None}
        if None in cs and name not in not_null and len(makers) == 1 and name not in lex.holds:
            (slot,) = makers
            if name in copied:
                every = all(lex.holds.get(source) == slot for source in copied[name])
            elif copies.get(name):
                every = False  # (copies, and calls of its own: not followed)
            else:
                every = sites.get(slot) == bound.get((name, slot))
            if slot in slot_set and every and slot not in caught:
                lex.gathers.setdefault(name, slot)
    # "both candidates" for `candidate_a` / `candidate_b`: a group.
    groups: dict[str, list[str]] = {}
    for name in sorted(input_set):
        ws = words_of(name)
        if len(ws) > 1 and len(ws[-1]) == 1:
            groups.setdefault("_".join(ws[:-1]), []).append(name)
    for prefix, members in groups.items():
        if len(members) > 1:
            ws = words_of(prefix)
            for v in variants(ws[-1]):
                lex.add([*ws[:-1], v], 3, Entity("input", tuple(members)))
    # "both profiles" for the locals `profile_a` / `profile_b` that between
    # them hold every result of one slot (`let profile_a = call measurement`,
    # `let profile_b = call measurement`): that slot's outputs.
    local_groups: dict[str, list[str]] = {}
    for name in sorted(lex.variables):
        ws = words_of(name)
        if len(ws) > 1 and len(ws[-1]) == 1:
            local_groups.setdefault("_".join(ws[:-1]), []).append(name)
    for prefix, members in local_groups.items():
        makers = {slot for m in members for slot in lex.results.get(m, ())}
        if len(members) < 2 or len(makers) != 1 or any(set_to.get(m) != makers for m in members):
            continue
        (slot,) = makers
        if slot in caught or sites.get(slot) != sum(bound.get((m, slot), 0) for m in members):
            continue
        lex.group_holds[tuple(members)] = slot
        ws = words_of(prefix)
        for v in variants(ws[-1]):
            lex.add([*ws[:-1], v], 3, Entity("var", tuple(members)))
    # A word that is a key itself names that key (`offer` is not `offers`);
    # the other forms go to the first key in sorted order, the same on every
    # run whatever the hash seed.
    # (and after them, the keys an input's description says it has)
    known_keys = [*sorted(lex.keys), *sorted({k for ks in lex.input_reads.values() for k in ks} - lex.keys)]
    for key in known_keys:
        lex.key_forms.setdefault(key.lower(), key)
    for key in known_keys:
        for v in sorted(variants(key.lower())):
            if v != key.lower() and v in lex.declared_keys:
                # ("prices", of a `price` the program passes and a `prices`
                # another slot's `ensures:` declares: that key)
                continue
            lex.key_forms.setdefault(v, key)
    return lex
