"""What a recognized invariant says: one small frozen dataclass per kind.

The reader (:mod:`.read`) turns a sentence into claims; the rules
(:mod:`.rules`) check each claim on the flow analysis. A claim names things
the pattern has: slots, inputs and config entries, local names, fields.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypeAlias

Phase: TypeAlias = Literal["all", "first", "later"]
Age: TypeAlias = Literal["any", "prior", "current", "latest"]


@dataclass(frozen=True, slots=True)
class Calls:
    """The calls a claim is about.

    ``slot`` None means "the calls that run inside the pattern's loop" ("All N
    runs", "every retry"). ``given`` keeps only the calls that receive one of
    those inputs ("readers of corpus A"). ``phase`` picks iterations of the
    innermost loop around the call: round 1, or the later ones ("on retries").
    """

    slot: str | None
    given: frozenset[str] = frozenset()
    phase: Phase = "all"

    def describe(self) -> str:
        """The calls in words, for evidence and messages."""
        who = f"`{self.slot}`" if self.slot else "the calls in the loop"
        if self.given:
            who += " given " + " or ".join(f"`{g}`" for g in sorted(self.given))
        if self.phase == "first":
            who += " (first round)"
        elif self.phase == "later":
            who += " (later rounds)"
        return who


# ---------------------------------------------------------------- sources


@dataclass(frozen=True, slots=True)
class FromSlot:
    """Results of a slot's calls (all of them, or the named fields)."""

    slot: str
    fields: tuple[str, ...] = ()
    age: Age = "any"  # prior: from an earlier round; current: this round
    every: bool = False  # the whole collection of its results
    given: frozenset[str] = frozenset()
    #: a failure the slot raised counts too ("only the failure it raised": no)
    failures: bool = True
    #: "the whole reply", "its full proposal, rationale included": received,
    #: all of a result, not a part of it (``fields`` are keys it has)
    whole: bool = False
    #: "the captain's reasoning", of no key so named: some part of its
    #: results, which one not said (the noun it was called by); kept away,
    #: none of them may reach a call, and one reaching it whole breaks the
    #: claim
    part: str = ""


@dataclass(frozen=True, slots=True)
class FromInput:
    """An input's (or config entry's) value; with ``element``, of a list
    input, the one element a call's own iteration picks ("each mapper
    receives its chunk"), said only of what a call receives; with
    ``fields``, only those fields of it (or of its elements) that the
    program reads ("the claim's amount", of `claim.amount`), said only of
    what a call receives or never receives; with ``whole``, of a list
    input, the list itself, all of it on each call ("the scene list
    itself"), said only of what a call receives."""
    name: str
    original: bool = False
    element: bool = False
    fields: tuple[str, ...] = ()
    whole: bool = False


@dataclass(frozen=True, slots=True)
class FromOthers:
    """Other invocations of the same slot: siblings, earlier attempts; with
    ``fields``, only those fields of their results ("one another's scores")."""

    fields: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class OtherElements:
    """Elements of an input list other than the one a call was given."""

    name: str


@dataclass(frozen=True, slots=True)
class FromVar:
    """A local name the pattern binds (``failure_history``); with ``whole``,
    received, all of what was written into it ("the whole plan").
    ``maker``: the one slot whose results are all the local ever holds,
    shown with it (the checks follow the local, not its maker)."""

    name: str
    whole: bool = False
    maker: str | None = None


@dataclass(frozen=True, slots=True)
class FromField:
    """A field of some delegate's result, read by the program (``score``)."""

    name: str


@dataclass(frozen=True, slots=True)
class AnyResult:
    """Some delegate's result ("the result")."""

    age: Age = "any"


@dataclass(frozen=True, slots=True)
class Null:
    """The literal ``null``."""


Source: TypeAlias = (
    FromSlot | FromInput | FromOthers | OtherElements | FromVar | FromField | AnyResult | Null
)


def describe_source(src: Source) -> str:
    """A source in words, for evidence and messages."""
    match src:
        case FromSlot(slot=slot, fields=fields, age=age, every=every, whole=True):
            return f"the whole output of `{slot}`" + (f", {' / '.join(fields)} included" if fields else "")
        case FromSlot(slot=slot, part=part) if part:
            return f"`{slot}`'s {part} (some part of its output, or all of it)"
        case FromSlot(slot=slot, fields=fields, age=age, every=every):
            what = f"`{slot}`'s " + (" / ".join(fields) if fields else "output")
            if age == "prior":
                what = "the prior " + what
            elif age in ("current", "latest"):
                what = f"the {age} " + what
            return ("every " + what) if every else what
        case FromInput(name=name, element=True):
            return f"its own element of `{name}`"
        case FromInput(name=name, fields=fields) if fields:
            return f"`{name}`'s " + " / ".join(fields)
        case FromInput(name=name, original=original, whole=whole):
            return ("the original " if original else "") + f"`{name}`" + (" itself" if whole else "")
        case FromOthers(fields=fields):
            return "another invocation's " + (" / ".join(fields) if fields else "output")
        case OtherElements(name=name):
            return f"other elements of `{name}`"
        case FromVar(name=name, whole=whole):
            return ("all of " if whole else "") + f"`{name}`"
        case FromField(name=name):
            return f"the `{name}` field"
        case AnyResult(age=age):
            return {"any": "a result", "prior": "the prior result", "current": "the current result"}[age]
        case Null():
            return "null"


# ---------------------------------------------------------------- claims


@dataclass(frozen=True, slots=True)
class Isolation:
    """Nothing from ``source`` reaches the calls of ``target``."""
    target: Calls
    source: Source


@dataclass(frozen=True, slots=True)
class Firewall:
    """The named fields of ``source``'s results never reach ``target``."""
    target: Calls
    source: str
    fields: tuple[str, ...]
    only: bool = False  # of other delegates' results, only the source's


@dataclass(frozen=True, slots=True)
class Unchanged:
    """The input's original value (or, for ``FromSlot(age="prior")``, the
    previous call's result) is passed as it is, on every call."""

    target: Calls
    source: FromInput | FromSlot
    #: "every reader receives corpus A unchanged", "is always given": every
    #: call of the slot, said so, where a slot called at several places is
    #: given it at some of them only
    always: bool = False


@dataclass(frozen=True, slots=True)
class Identical:
    """Across iterations, the named arguments (None: all) do not vary;
    or, with ``callee``, every such call is of that one slot."""

    target: Calls
    args: tuple[str, ...] | None = None
    over: str | None = None  # the loop walking this input/config (None: all loops)
    callee: str | None = None
    #: across the calls inside one iteration of the outermost loop around
    #: them ("every tester in a round"), not from one round to the next
    within: bool = False
    #: "the same instructions": the prompt, or every argument; settled
    #: only where the two agree
    instructions: bool = False


@dataclass(frozen=True, slots=True)
class Gated:
    """Every call of ``target`` (or every addition to ``var``) sits under an
    explicit approval of ``approver``'s verdict (None: another delegate's)."""

    target: Calls | None
    approver: str | None
    var: str | None = None


@dataclass(frozen=True, slots=True)
class FailSafe:
    """Output of ``approver`` that cannot be read blocks the delegation after
    it; with ``refusal``, it counts as a refusal: every test of the verdict
    takes the branch a refusal takes (which may lead to other calls); with
    ``target``, it keeps that slot from running (and nothing else is said).
    With ``approval``, the refusal was said as never counting as approval:
    a test only for a refusing word (``if x rejects``), whose other branch
    is the one approval takes, may not be what the words speak of."""
    approver: str
    refusal: bool = False
    target: Calls | None = None
    approval: bool = False


@dataclass(frozen=True, slots=True)
class Unaware:
    """Nothing passed to ``target`` names ``terms`` or hands over another delegate."""
    target: Calls
    terms: tuple[str, ...]
    others: bool = False  # "unaware of each other"
    #: "not told that other markers are scoring": that others exist; their
    #: output handed over says what they made, maybe not that they exist
    exist: bool = False


@dataclass(frozen=True, slots=True)
class Ordered:
    """Calls of ``target`` walk ``over`` one element at a time in order; or,
    with ``results``, the returned results keep ``over``'s order."""

    target: Calls | None
    over: str
    results: bool = False


@dataclass(frozen=True, slots=True)
class Bounded:
    """The pattern's loop runs at most ``bound`` times; with ``around``, the
    one loop the slot of that name is called in ("the editor loop"); with
    ``loop``, the loop of that name: its variable, or the local it is bound
    to ("the trial loop" of ``... as trial``)."""
    bound: str
    around: str | None = None
    loop: str | None = None


@dataclass(frozen=True, slots=True)
class Monotonic:
    """After its initialization, ``var`` is only appended to. ``each``:
    "each `x` list only grows", of a local bound anew in a loop: every
    copy, from the ``let`` that makes it, is only appended to."""
    var: str
    each: bool = False


@dataclass(frozen=True, slots=True)
class ExactlyOnce:
    """``per="element"``: each element of ``elements`` goes to exactly one
    call; ``per="call"``: each call receives exactly one element."""

    target: Calls
    elements: str
    per: Literal["element", "call"]
    #: the sentence says what a call does with its element ("each camper
    #: is placed by exactly one assigner call"), not that the element is
    #: given to it: an element handed on to later calls in a list of
    #: earlier iterations' elements may or may not count as handled again
    handled: bool = False


@dataclass(frozen=True, slots=True)
class CallCount:
    """Each run calls ``target``'s slot at most ``count`` times (a number, or
    the name of a config entry); with ``exact``, exactly that many times on
    every run that returns; with ``loose``, exactly, or else at least or at
    most, that many (the sentence does not say which)."""

    target: Calls
    count: str
    exact: bool = False
    #: a count said bare ("called twice": exactly, or at least, so many
    #: times; "least") or with "only" ("only called once": exactly, or at
    #: most; "most"): proved when the exact count is, broken only when the
    #: other meaning is broken too
    loose: Literal["least", "most"] | None = None
    #: ``count`` is a list input, of whose elements the slot is called once
    #: each ("once per scene", of a `for scene in scenes`): as many times as
    #: the list has elements
    per: bool = False


@dataclass(frozen=True, slots=True)
class Receives:
    """Each call of ``target`` is passed ``needs``. With ``only``, nothing
    else; with ``basis`` too ("decides solely from"), nothing else that
    another delegate produced (inputs are its context, not its evidence)."""
    target: Calls
    needs: tuple[Source, ...]
    only: bool = False
    basis: bool = False
    #: "works solely from": a verb that does not say whether inputs count
    #: (they do not for "decides"); checked both ways
    loose: bool = False
    #: "never sees the raw feed, only the report": the feed; after that
    #: contrast, only the report in place of the feed, or nothing else at
    #: all: broken only where the report does not reach it
    contrast: tuple[Source, ...] = ()
    #: "sees the brief at least once": some call, not each; false where
    #: no call ever receives it, and never proved
    floor: bool = False
    #: "is always told the reason": every call, said so, where a slot
    #: called at several places is given it at some of them only
    always: bool = False


ReturnPath: TypeAlias = Literal[
    "all", "blocked", "accept", "acceptable", "threshold", "success", "exhausted", "says"
]


@dataclass(frozen=True, slots=True)
class Need:
    """A returned value: field ``field`` (None: any field) carries ``what``."""

    what: Source
    field: str | None = None
    only: bool = False
    #: "the readers' raw output": the slot's results as they came, not
    #: written into a text
    raw: bool = False
    #: "the designer's latest draft": the slot's output from its latest
    #: call, which only a local that every call of the slot sets holds
    latest: bool = False


@dataclass(frozen=True, slots=True)
class Returns:
    """On the named path, returns carry the needed values.

    ``all``: every return; ``blocked``: where ``approver`` did not approve;
    ``accept``/``acceptable``/``threshold``: the branch of that success test,
    which must return at once; ``success``: the first call that does not
    fail returns at once; ``exhausted``: after the loop ran out; ``says``:
    the branches where a verdict (``approver``'s, or any slot's) says
    ``word`` (``if decision says abort``).
    """

    path: ReturnPath
    needs: tuple[Need, ...] = ()
    approver: str | None = None
    immediate: bool = False
    ordered: str | None = None  # ties broken by this slot sequence's order
    records: str | None = None  # every failure is recorded in this list
    complete: str | None = None  # this local holds every call's result ("the full exchange")
    #: "always": every return on the path gives the value, none leaves it
    #: out or null (without it, a return that gives none leaves two meanings)
    always: bool = False
    #: "if any": only the returns that give the value (none given is fine)
    present: bool = False
    #: the decision word of a ``says`` path
    word: str | None = None


@dataclass(frozen=True, slots=True)
class ReturnsField:
    """Every return holds this field."""

    field: str


@dataclass(frozen=True, slots=True)
class Unmerged:
    """The pattern never combines these slots' outputs (one slot: its
    invocations' outputs): no call or text receives more than one. With
    ``held``, said of the results themselves ("the minutes and the alert
    are never combined"): one object or list that holds both, returned or
    kept, may or may not be combining them."""

    sides: tuple[str, ...]
    held: bool = False


@dataclass(frozen=True, slots=True)
class Unverifiable:
    """A promise about a delegate's own behaviour (``slot``: which one)."""
    reason: str
    slot: str | None = None


@dataclass(frozen=True, slots=True)
class Denied:
    """The sentence says ``claim`` does not hold ("the loop is not bounded by
    `n`", "the target may run without the guard's approval"). prosec proves
    claims, not their opposites: this is violated when ``claim`` is proved,
    and otherwise unverifiable (a claim not proved may still hold)."""

    claim: Claim


Claim: TypeAlias = (
    Isolation
    | Firewall
    | Unchanged
    | Identical
    | Gated
    | FailSafe
    | Unaware
    | Ordered
    | Bounded
    | Monotonic
    | ExactlyOnce
    | CallCount
    | Receives
    | Returns
    | ReturnsField
    | Unmerged
    | Unverifiable
    | Denied
)


def kind_of(claim: Claim) -> str:
    """The kind's name in invariants.md."""
    match claim:
        case Isolation():
            return "isolation"
        case Firewall():
            return "field firewall"
        case Unchanged():
            return "unchanged"
        case Identical():
            return "identical"
        case Gated():
            return "gated"
        case FailSafe():
            return "fail-safe"
        case Unaware():
            return "unaware"
        case Ordered():
            return "ordered"
        case Bounded():
            return "bounded"
        case Monotonic():
            return "monotonic"
        case ExactlyOnce():
            return "exactly-once"
        case CallCount():
            return "call count"
        case Receives():
            return "receives"
        case Returns() | ReturnsField() | Unmerged():
            return "returns"
        case Unverifiable():
            return "unverifiable"
        case Denied(claim=inner):
            return kind_of(inner)


def params_of(claim: Claim) -> dict[str, object]:
    """The claim's parameters as plain values, for the report and tests."""
    if isinstance(claim, Denied):
        return {**params_of(claim.claim), "denied": True}
    out: dict[str, object] = {}
    for name in claim.__dataclass_fields__:
        value = getattr(claim, name)
        out.update(_flatten(name, value))
    return out


def _flatten(name: str, value: object) -> dict[str, object]:
    match value:
        case Calls(slot=slot, given=given, phase=phase):
            out: dict[str, object] = {"slot": slot}
            if given:
                out["given"] = tuple(sorted(given))
            if phase != "all":
                out["phase"] = phase
            return out
        case frozenset():
            return {name: tuple(sorted(str(v) for v in value))} if value else {}
        case tuple():
            items = tuple(_plain(v) for v in value)
            return {name: items} if items else {}
        case None | False:
            return {}
        case _:
            return {name: _plain(value)}


def source_key(src: Source) -> str:
    """A compact spelling of a source: ``slot:actor.reasoning``,
    ``input:task_brief(original)``, ``others``, ``elements:chunks``."""
    match src:
        case FromSlot(slot=slot, fields=fields, age=age, every=every, given=given, failures=failures, whole=whole):
            text = f"slot:{slot}" + "".join(f".{f}" for f in fields)
            mods = [m for m in (age if age != "any" else "", "every" if every else "", "whole" if whole else "") if m]
            mods += [f"part: {src.part}"] if src.part else []
            mods += [] if failures else ["not its failures"]
            mods += [f"given {g}" for g in sorted(given)]
            return text + (f"({', '.join(mods)})" if mods else "")
        case FromInput(name=name, original=original, element=element, fields=fields, whole=whole):
            mods = [m for m, on in (("original", original), ("element", element), ("whole", whole)) if on]
            return f"input:{name}" + "".join(f".{f}" for f in fields) + "".join(f"({m})" for m in mods)
        case FromOthers(fields=fields):
            return "others" + (f"({', '.join(fields)})" if fields else "")
        case OtherElements(name=name):
            return f"elements:{name}"
        case FromVar(name=name, whole=whole, maker=maker):
            mods = (["whole"] if whole else []) + ([f"of {maker}"] if maker else [])
            return f"var:{name}" + (f"({', '.join(mods)})" if mods else "")
        case FromField(name=name):
            return f"field:{name}"
        case AnyResult(age=age):
            return "result" + (f"({age})" if age != "any" else "")
        case Null():
            return "null"


def _plain(value: object) -> object:
    match value:
        case str() | int() | bool() | None:
            return value
        case Need(what=what, field=f, only=only):
            return ("only " if only else "") + (f"{f}=" if f else "") + source_key(what)
        case FromSlot() | FromInput() | FromOthers() | OtherElements() | FromVar() | FromField() | AnyResult() | Null():
            return source_key(value)
        case _:
            return str(value)
