"""IR → flow facts: what reaches every call, write and return, and under
which known conditions.

One abstract interpretation of the program (invariants.md, "Flow model").
A value (:class:`Val`) is described by the :class:`Flow` s it may carry on
some path, those it carries on every path, and those it carries on every
path where it is not null. A flow says where the information came from (a
call's result, an input's original value, a loop's iteration, a slot
reference, a literal text), which fields of that source were read
(field-sensitive: ``release.version`` carries ``version``, not ``notes``),
where it sits inside the value (under a key, as an element, inside text) and
which loop back edges it crossed, once or more than once (so "the previous
round's output" is told from an older one). A call is a boundary: its
result is a new source, never a copy of its inputs.

"May" flows prove that something never reaches a call; "must" flows that a
call is given something on every path ("receives"); the null-tolerant ones
that a return carries something whenever it carries anything ("returns").

Control is tracked beside the data: the conditions known to hold at each
point (``if`` branches, and the negation of an ``if`` whose body always
leaves), and the loops that have finished on every path to a point.

Loops are run to a fixpoint. Their first pass and later passes are told
apart, so a check can ask what a call receives "in round 1" or "on retries",
and values carried around a back edge are marked with that loop.

A loop's walk depends only on the state it is entered with (everything
else it reads is fixed by where it sits in the program), and everything it
records is a union or an intersection, so walking it again from a state it
was already entered with adds nothing. Each loop remembers its walks by
entry state and replays them: nested loops cost one walk per distinct entry
state, not one per pass of every loop around them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Literal, assert_never

from .. import ir
from ..diagnostics import Span

SourceKind = Literal["call", "error", "input", "iter", "slot", "edit", "text", "null"]
Phase = Literal["first", "later"]

#: Longest field path / position kept; deeper reads are cut here so that
#: loops that nest a value in itself still reach a fixpoint.
MAX_DEPTH = 4
#: Passes of one loop body before giving up on a fixpoint (never reached by
#: the lattice, which is finite; a guard against a bug becoming a hang).
MAX_PASSES = 32
#: Steps of real work before the analysis gives up: a statement walked is a
#: step, and so are :data:`FLOWS_PER_STEP` flows built (by an expression, a
#: write into a value, a back edge); a replayed loop walk costs nothing.
#: What can still grow with the nesting is the values themselves: a value
#: written inside many nested loops may have crossed any subset of their
#: back edges, and each subset is a flow of its own.
BUDGET = 50_000
FLOWS_PER_STEP = 8
#: Walks of one loop remembered: the passes of the loops around it enter it
#: with the same few states, one after another.
MEMO = 4


class TooComplex(Exception):
    """The program needs more work than :data:`BUDGET` to analyse."""


# Position and path steps that are not field names.
TEXT = "$"  # interpolated into a text
ANY = "*"  # an element of a list, position unknown
LENGTH = "#length"  # only the length was read
ERROR = "#error"  # the failure of a call, as caught by `catch as e`
INDEX = "#index"  # used to pick an element


def loop_key(span: Span) -> str:
    """A loop's name inside paths and positions."""
    return f"{span.line}:{span.column}"


def each(span: Span) -> str:
    """The step "the element chosen by the current iteration of this loop"."""
    return "@" + loop_key(span)


def ordered(span: Span | None) -> str:
    """The step "appended once per iteration, in order" (``+``) of a loop."""
    return "+" + (loop_key(span) if span is not None else "")


def is_element(step: str) -> bool:
    """Whether a path/position step picks an element of a list."""
    return step == ANY or step[:1] in ("@", "+")


@dataclass(frozen=True, slots=True, order=True)
class Source:
    """Where information comes from."""

    kind: SourceKind
    #: slot (sequence slot for a loop variable), input, loop role, or the
    #: words of a literal text
    name: str
    span: Span | None = None  # the call, the loop, the write or the literal
    #: a call's output on every path, from a different call site of the
    #: slot on different paths: every one of those sites (``span`` is the
    #: first of them)
    sites: tuple[Span, ...] = ()

    @property
    def spans(self) -> tuple[Span, ...]:
        """The call sites (or the one place) this information may come from."""
        return self.sites or ((self.span,) if self.span is not None else ())

    def describe(self) -> str:
        """The source in words."""
        lines = ", ".join(str(s.line) for s in self.spans) or "?"
        many = "lines" if len(self.sites) > 1 else "line"
        match self.kind:
            case "call":
                return f"`call {self.name}` ({many} {lines})"
            case "error":
                return f"the failure of `call {self.name}` ({many} {lines})"
            case "input":
                return f"input `{self.name}`"
            case "iter":
                return f"the loop {self.name} (line {self.span.line if self.span else '?'})"
            case "slot":
                return f"the delegate `{self.name}` itself"
            case "edit":
                return f"a change to `{self.name}` (line {self.span.line if self.span else '?'})"
            case "text":
                return f"the text {self.name!r} (line {self.span.line if self.span else '?'})"
            case "null":
                return "null"
            case _:
                assert_never(self.kind)


@dataclass(frozen=True, slots=True)
class Flow:
    """One piece of information a value may carry."""

    src: Source
    #: fields (or element steps) read from the source's value
    path: tuple[str, ...] = ()
    #: where it sits inside the carrying value: () at the top
    at: tuple[str, ...] = ()
    #: loops whose back edge it crossed (it may come from an earlier iteration)
    carried: frozenset[Span] = frozenset()
    #: loops whose back edge it crossed twice or more (it may come from an
    #: iteration before the previous one)
    stale: frozenset[Span] = frozenset()

    def moved(self, path: tuple[str, ...], at: tuple[str, ...]) -> Flow:
        """The same information, read further or sitting elsewhere."""
        return Flow(self.src, _cap(path), _cap(at), self.carried, self.stale)

    def fresh(self, loop: Span) -> bool:
        """It comes from this iteration of ``loop`` or the one before, not earlier."""
        return loop not in self.stale

    @property
    def whole(self) -> bool:
        """The source's value itself (or an element of it), no field read."""
        return all(is_element(step) for step in self.path)

    def field_steps(self) -> tuple[str, ...]:
        """The fields read from the source, outermost first, past element
        steps (`seat.student` of `plan.seats`: ``seats``, ``student``)."""
        return tuple(step for step in self.path if not is_element(step))

    def first_field(self) -> str | None:
        """The first field read from the source, past element steps."""
        for step in self.path:
            if not is_element(step):
                return step
        return None


Flows = frozenset[Flow]
EMPTY: Flows = frozenset()


@dataclass(frozen=True, slots=True)
class Val:
    """An abstract value: the flows it may carry on some path (``may``), and
    those it carries on every path (``must``, a subset).

    ``must`` is what "receives" claims need: a value that is the input on
    one path and null on another does not pass the input. ``lax`` is what
    "returns" claims need: what the value carries on every path where it is
    not null (null is "no result", as when a loop ran no round; so is an
    empty list or object); a :data:`NULL` flow in it marks a position that
    is null, or empty, on every path.

    A flow in ``must`` at an element position ``@loop`` (a collected loop's
    value) holds for every element, so vacuously for an empty list; one
    reached through a field or element read is that read, which may be null
    when the source lacks it.
    """

    may: Flows = EMPTY
    must: Flows = EMPTY
    lax: Flows = EMPTY

    def both(self, other: Val) -> Val:
        """Two parts of one value (an object's entries, a text's pieces)."""
        return Val(self.may | other.may, self.must | other.must, self.lax | other.lax)

    def either(self, other: Val) -> Val:
        """Paths meet: the value is one or the other."""
        return Val(self.may | other.may, meet_ages(self.must, other.must), meet_lax(self.lax, other.lax))


NONE = Val()
#: Marks, in ``lax``, a position that holds null.
NULL = Flow(Source("null", "null"))
NULL_VALUE = Val(lax=frozenset({NULL}))


def sure(flows: Iterable[Flow]) -> Val:
    """A value that carries ``flows`` on every path."""
    fs = frozenset(flows)
    return Val(fs, fs, fs)


def _nulled(flows: Flows, at: tuple[str, ...]) -> bool:
    return any(g.src.kind == "null" and at[: len(g.at)] == g.at for g in flows)


def meet_lax(a: Flows | None, b: Flows) -> Flows:
    """Paths meet, null aside: a flow stays where the other path has it (of
    whatever age) or has null there (None: no path yet)."""
    if a is None:
        return b
    if a == b:
        return a
    both = meet_ages(a, b)
    matched = {_same_info(f) for f in both}
    a_keys, b_keys = _built_keys(a), _built_keys(b)
    alone = {f for f in a if _same_info(f) not in matched and (_nulled(b, f.at) or _lacks(b_keys, f.at))}
    alone |= {f for f in b if _same_info(f) not in matched and (_nulled(a, f.at) or _lacks(a_keys, f.at))}
    return both | alone


def _plain_key(step: str) -> bool:
    return step not in (TEXT, INDEX, LENGTH, ERROR) and not is_element(step)


def _built_keys(flows: Flows) -> frozenset[str] | None:
    """The keys of an object built on this path (every flow sits under one
    of them), or None when the value is not such an object."""
    keys = {f.at[0] for f in flows if f.at}
    if not flows or any(not f.at for f in flows) or not all(_plain_key(k) for k in keys):
        return None
    return frozenset(keys)


def _lacks(keys: frozenset[str] | None, at: tuple[str, ...]) -> bool:
    """An object built without the key ``at`` starts with: reading that key
    gives null there, "no result" (``{ sector, error }`` beside
    ``{ sector, sweep }``)."""
    return keys is not None and bool(at) and _plain_key(at[0]) and at[0] not in keys


def meet(a: Flows | None, b: Flows) -> Flows:
    """``b`` met with ``a`` (see :func:`meet_ages`), where None is "no path yet"."""
    return b if a is None else meet_ages(a, b)


def _cap(steps: tuple[str, ...]) -> tuple[str, ...]:
    return steps[:MAX_DEPTH]


def project(flows: Iterable[Flow], key: str, *, sure: bool = False) -> Flows:
    """``value.key``: field-sensitive. With ``sure``, what it carries on
    every path: a read of the source's field, or what we put under that
    key; not what may or may not be there."""
    out: set[Flow] = set()
    for f in flows:
        if not f.at:
            out.add(f.moved((*f.path, key), f.at))
        elif f.at[0] == key:
            out.add(f.moved(f.path, f.at[1:]))
        elif not sure and (f.at[0] in (TEXT, INDEX) or is_element(f.at[0])):
            # Not a mapping we built: the read may reach into it.
            out.add(f)
        # else: it sits under another key of an object we built
    return frozenset(out)


def element(flows: Iterable[Flow], step: str) -> Flows:
    """``value[i]`` / a ``for`` variable: one element."""
    out: set[Flow] = set()
    for f in flows:
        if not f.at:
            out.add(f.moved((*f.path, step), f.at))
        elif is_element(f.at[0]):
            out.add(f.moved(f.path, f.at[1:]))
        else:
            out.add(f)
    return frozenset(out)


def element_must(flows: Iterable[Flow], step: str, *, exists: bool) -> Flows:
    """What one element carries on every path: a read of the source's
    element (which of the elements we put in a list is not known), or, when
    the element ``exists`` (a ``for`` variable), what every element of a
    collected list carries."""
    out: set[Flow] = set()
    for f in flows:
        if not f.at:
            out.add(f if f.src.kind == "null" else f.moved((*f.path, step), f.at))
        elif exists and f.at[0].startswith("@"):
            out.add(f.moved(f.path, f.at[1:]))
    return frozenset(out)


def project_lax(flows: Iterable[Flow], key: str) -> Flows:
    """``project(sure=True)``, where a field of null is null."""
    fs = frozenset(flows)
    return project((f for f in fs if f.src.kind != "null" or f.at), key, sure=True) | {
        f for f in fs if f.src.kind == "null" and not f.at
    }


def nest(flows: Iterable[Flow], *steps: str) -> Flows:
    """Put a value under ``steps`` of a new value."""
    return frozenset(f.moved(f.path, (*steps, *f.at)) for f in flows)


def length(flows: Iterable[Flow]) -> Flows:
    """``value.length``: a number derived from the value."""
    return frozenset(f.moved((*f.path, *f.at, LENGTH), ()) for f in flows)


def carry(flows: Iterable[Flow], loop: Span) -> Flows:
    """Mark flows as carried around ``loop``'s back edge (a second time: stale)."""
    out: set[Flow] = set()
    for f in flows:
        if loop not in f.carried:
            out.add(Flow(f.src, f.path, f.at, f.carried | {loop}, f.stale))
        elif loop not in f.stale:
            out.add(Flow(f.src, f.path, f.at, f.carried, f.stale | {loop}))
        else:
            out.add(f)
    return frozenset(out)


#: The position "every element" of a list built by appending: what each
#: appended value carried on every path.
EVERY = "@+"


def _same_info(f: Flow) -> tuple[Source, tuple[str, ...], tuple[str, ...]]:
    return f.src, f.path, f.at


def meet_ages(a: Iterable[Flow], b: Iterable[Flow]) -> Flows:
    """The flows both carry, whatever rounds they come from: where the two
    disagree on which back edges a flow crossed, its age is unknown (stale).

    One slot's output at the same place, from a different call site on each
    path (``card = call developer`` before a loop and again inside it),
    meets as that slot's output from either site."""
    theirs = {_same_info(f): f for f in b}
    by_slot: dict[tuple[str, str, tuple[str, ...], tuple[str, ...]], list[Flow]] = {}
    for h in theirs.values():
        if h.src.kind in ("call", "error"):
            by_slot.setdefault((h.src.kind, h.src.name, h.path, h.at), []).append(h)
    out: set[Flow] = set()
    for f in a:
        same = theirs.get(_same_info(f))
        if same is not None:
            out.add(_aged(f.src, f, same))
            continue
        for g in by_slot.get((f.src.kind, f.src.name, f.path, f.at), ()):
            if g.src.span is None or f.src.span is None:
                continue
            sites = tuple(sorted({*f.src.spans, *g.src.spans}))
            out.add(_aged(Source(f.src.kind, f.src.name, sites[0], sites), f, g))
    return frozenset(out)


def _aged(src: Source, f: Flow, g: Flow) -> Flow:
    differ = f.carried ^ g.carried
    return Flow(src, f.path, f.at, f.carried | g.carried, f.stale | g.stale | differ)


def _every_appended(old: Val, appended: Val) -> Flows:
    """What every element of a list carries after one more append: what the
    new value carries on every path (at ``appended.must``'s first step),
    and, unless the list was empty, what every element carried before."""
    new = frozenset(f.moved(f.path, f.at[1:]) for f in appended.must if f.at)
    if any(f.src.kind == "null" and not f.at for f in old.lax):
        both = new  # empty on every path until now
    else:
        before = frozenset(f.moved(f.path, f.at[1:]) for f in old.lax if f.at[:1] == (EVERY,))
        both = meet_ages(before, new)
    return nest(both, EVERY)


def vproject(v: Val, key: str) -> Val:
    return Val(project(v.may, key), project(v.must, key, sure=True), project_lax(v.lax, key))


def velement(v: Val, step: str, *, exists: bool = False) -> Val:
    return Val(
        element(v.may, step), element_must(v.must, step, exists=exists), element_must(v.lax, step, exists=True)
    )


def vnest(v: Val, *steps: str) -> Val:
    return Val(nest(v.may, *steps), nest(v.must, *steps), nest(v.lax, *steps))


def vlength(v: Val) -> Val:
    return Val(length(v.may), length(v.must), length(v.must))


def vcarry(v: Val, loop: Span) -> Val:
    lax = carry((f for f in v.lax if f.src.kind != "null"), loop) | {f for f in v.lax if f.src.kind == "null"}
    return Val(carry(v.may, loop), carry(v.must, loop), lax)


# ---------------------------------------------------------------- observations


@dataclass(frozen=True, slots=True)
class Known:
    """A condition known to be true (``holds``) or false at a point."""

    cond: ir.Cond  # never a `Not`: negations are folded into `holds`
    holds: bool
    subject: Flows
    #: what the subject carries on every path
    sure: Flows = EMPTY
    #: what it carries on every path where it is not null or empty: all an
    #: approval can rest on, since null or empty never approves
    present: Flows = EMPTY


@dataclass(frozen=True, slots=True)
class LoopInfo:
    """A loop or ``parallel:`` block."""

    node: ir.Repeat | ir.For | ir.LoopUntil | ir.Parallel
    parent: Span | None
    parallel: bool
    collected: bool
    #: the slot sequence a ``for`` walks, when it walks one directly
    sequence: str | None

    @property
    def span(self) -> Span:
        """The loop's own span."""
        return self.node.span

    @property
    def is_block(self) -> bool:
        """A ``parallel:`` block rather than a loop."""
        return isinstance(self.node, ir.Parallel)

    @property
    def lingers(self) -> bool:
        """A parallel loop or block that does not wait for all its branches
        (`("first")`, `("any")`): after the statement ends, the branches not
        waited for may still be running."""
        match self.node:
            case ir.For(parallel=True, mods=mods) | ir.Repeat(parallel=True, mods=mods) | ir.Parallel(mods=mods):
                return mods.join != "all"
            case _:
                return False


@dataclass
class PropObs:
    """What one call property may carry, over every visit, and what it
    carries on every visit (None: no visit yet)."""

    prop: ir.Prop
    flows: set[Flow] = field(default_factory=set)
    by_phase: dict[Phase, set[Flow]] = field(
        default_factory=lambda: {"first": set(), "later": set()}
    )
    must: Flows | None = None
    must_by_phase: dict[Phase, Flows | None] = field(
        default_factory=lambda: {"first": None, "later": None}
    )
    #: every element of a list it carries on every visit (when not empty)
    lax: Flows | None = None
    lax_by_phase: dict[Phase, Flows | None] = field(
        default_factory=lambda: {"first": None, "later": None}
    )

    def sure(self, phase: Phase | Literal["all"] = "all") -> Flows:
        """What the property carries on every visit (in one phase)."""
        got = self.must if phase == "all" else self.must_by_phase[phase]
        return got or EMPTY

    def elements(self, phase: Phase | Literal["all"] = "all") -> Flows:
        """What every element of the list it is carries, on every visit
        where it is not empty or null."""
        got = self.lax if phase == "all" else self.lax_by_phase[phase]
        return frozenset(f for f in got or () if f.at[:1] and f.at[0].startswith("@"))


@dataclass
class CallObs:
    """One call site."""

    call: ir.Call
    slot: str  # the slot, or the slot sequence a loop variable walks
    direct: bool  # `call slot`, not `call loop_variable`
    loops: tuple[Span, ...]  # enclosing loops and parallel blocks, outermost first
    props: dict[Span, PropObs] = field(default_factory=dict)
    known: frozenset[Known] | None = None  # holds on every visit
    phases: set[Phase] = field(default_factory=set)

    def flows(self, phase: Phase | None = None) -> set[Flow]:
        """Everything the call's properties may carry (in one phase)."""
        out: set[Flow] = set()
        for p in self.props.values():
            out |= p.flows if phase is None else p.by_phase[phase]
        return out


WriteKind = Literal["declare", "update", "assign", "put", "append"]


@dataclass
class WriteObs:
    """A write to a name: ``let``, ``=``, ``record``/``append``, ``a.b =``."""

    stmt: ir.Bind | ir.Assign | ir.Append
    var: str
    kind: WriteKind
    loops: tuple[Span, ...]
    value: set[Flow] = field(default_factory=set)
    known: frozenset[Known] | None = None


@dataclass
class ReturnObs:
    """A ``return`` that ends the pattern call."""

    stmt: ir.Return
    loops: tuple[Span, ...]
    fields: dict[str, set[Flow]] = field(default_factory=dict)
    #: what each field carries on every visit where it is not null
    sure: dict[str, Flows] = field(default_factory=dict)
    #: what each field carries on every visit, null or not
    must: dict[str, Flows] = field(default_factory=dict)

    exprs: dict[str, ir.Expr] = field(default_factory=dict)
    known: frozenset[Known] | None = None
    after: frozenset[Span] | None = None  # loops finished on every path here


@dataclass
class TextObs:
    """A string with interpolation: what each ``{...}`` may carry."""

    text: ir.Text
    loops: tuple[Span, ...]
    parts: list[set[Flow]] = field(default_factory=list)


@dataclass
class Analysis:
    """Everything the invariant rules read about one program."""

    program: ir.Program
    slots: frozenset[str]
    inputs: frozenset[str]
    loops: dict[Span, LoopInfo] = field(default_factory=dict)
    calls: dict[Span, CallObs] = field(default_factory=dict)
    writes: dict[Span, WriteObs] = field(default_factory=dict)
    returns: dict[Span, ReturnObs] = field(default_factory=dict)
    texts: dict[Span, TextObs] = field(default_factory=dict)
    #: flows of each loop's count / max / iterable, at the loop
    bounds: dict[Span, set[Flow]] = field(default_factory=dict)
    #: names bound to a collected loop (`let xs = parallel for ...`)
    collections: dict[str, set[Span]] = field(default_factory=dict)
    #: the program can end without a `return`
    falls_off: bool = False
    #: every condition the program tests (``if`` branches, loop tests), with
    #: what its subject may carry, held true
    tests: dict[Span, set[Known]] = field(default_factory=dict)

    def inside(self, node: Span, loop: Span) -> bool:
        """Whether the node at ``node`` (a call, or another loop) lies in ``loop``."""
        return _contains(loop, node)

    def main_loops(self) -> list[LoopInfo]:
        """Outermost loops that contain calls."""
        out: list[LoopInfo] = []
        for obs in self.calls.values():
            loops = [s for s in obs.loops if not self.loops[s].is_block]
            if loops and self.loops[loops[0]] not in out:
                out.append(self.loops[loops[0]])
        return sorted(out, key=lambda i: i.span)


def _contains(outer: Span, inner: Span) -> bool:
    """``inner`` starts inside ``outer`` (ends are not reliable: a call's span
    runs on to the next statement)."""
    return (outer.line, outer.column) <= (inner.line, inner.column) < (outer.end_line, outer.end_column)


# ---------------------------------------------------------------- the walk


@dataclass
class State:
    """Where a path is: values of names, known conditions, finished loops."""

    scopes: list[dict[str, Val]]
    known: frozenset[Known]
    after: frozenset[Span]

    def copy(self) -> State:
        """An independent copy for another path."""
        return State([dict(s) for s in self.scopes], self.known, self.after)

    def lookup(self, name: str) -> Val | None:
        """The value of ``name`` in the innermost scope that binds it."""
        for scope in reversed(self.scopes):
            if name in scope:
                return scope[name]
        return None

    def set(self, name: str, value: Val) -> bool:
        """Update the innermost binding of ``name``; declare it here if none.
        Returns whether it was a new declaration."""
        for scope in reversed(self.scopes):
            if name in scope:
                scope[name] = value
                return False
        self.scopes[-1][name] = value
        return True

    def trim(self, depth: int) -> State:
        """Drop the scopes opened past ``depth``."""
        self.scopes = self.scopes[:depth]
        return self


def join(a: State | None, b: State | None) -> State | None:
    """Paths meet: values may be either; only what both know is known."""
    if a is None:
        return b.copy() if b is not None else None
    if b is None:
        return a.copy()
    depth = min(len(a.scopes), len(b.scopes))
    scopes: list[dict[str, Val]] = []
    for sa, sb in zip(a.scopes[:depth], b.scopes[:depth], strict=True):
        merged = {name: v if name in sb else Val(v.may) for name, v in sa.items()}
        for name, v in sb.items():
            merged[name] = sa[name].either(v) if name in sa else Val(v.may)
        scopes.append(merged)
    return State(scopes, a.known & b.known, a.after & b.after)


@dataclass
class _LoopCtx:
    span: Span
    continues: State | None = None
    breaks: State | None = None


@dataclass
class _Frame:
    """A function body at run time: the pattern, or one iteration / branch
    whose ``return`` ends only itself."""

    kind: Literal["pattern", "iteration"]
    values: set[Flow] = field(default_factory=set)
    #: what every value the iteration ends with carries (None: none yet)
    must: Flows | None = None
    lax: Flows | None = None
    #: the loop pass this iteration belongs to: a `return` ends the
    #: iteration, and the loop goes on with the next one
    ctx: _LoopCtx | None = None

    def ends(self, value: Val) -> None:
        """An iteration ends with ``value``."""
        self.values |= value.may
        self.must = meet(self.must, value.must)
        self.lax = meet_lax(self.lax, value.lax)

    def value(self, loop: Span, *, every: bool) -> Val:
        """The collected value: one element per iteration; what each element
        carries only when every iteration gives one (``every``)."""
        must = nest(self.must or EMPTY, each(loop)) if every else EMPTY
        lax = nest(self.lax or EMPTY, each(loop)) if every else EMPTY
        return Val(nest(self.values, each(loop)), must, lax)


#: A state as a memo key: scopes (names sorted), known conditions, finished loops.
StateKey = tuple[tuple[tuple[tuple[str, Val], ...], ...], frozenset[Known], frozenset[Span]]


def state_key(s: State) -> StateKey:
    """A hashable, order-insensitive image of ``s``."""
    return tuple(tuple(sorted(scope.items(), key=lambda i: i[0])) for scope in s.scopes), s.known, s.after


@dataclass(frozen=True, slots=True)
class _LoopWalk:
    """What walking a loop from one entry state gave: the state after it, its
    collected values, and what a ``return`` in it handed to the iteration
    around it (values, and the state that iteration goes on from)."""

    exit: State | None
    values: Val
    #: the state after it on the paths where it ran at least once
    ran: State | None
    returned: Flows
    returned_must: Flows | None
    returned_lax: Flows | None
    continues: State | None


def known_of(cond: ir.Cond, holds: bool, subject: Val) -> Known:
    """A known condition, with negations folded into ``holds``."""
    while isinstance(cond, ir.Not):
        cond, holds = cond.operand, not holds
    present = frozenset(f for f in subject.lax if f.src.kind != "null")
    return Known(cond, holds, subject.may, subject.must, present)


def _tested_whole(cond: ir.Cond) -> str | None:
    """The local ``cond`` tests whole by a test no null (nor an empty list
    or object) passes: an approval, a decision word, a threshold."""
    match cond:
        case ir.Proceeds(subject=ir.Name(name=name)) | ir.Says(subject=ir.Name(name=name)) | ir.Decides(
            subject=ir.Name(name=name)
        ) | ir.Compare(subject=ir.Name(name=name)):
            return name
        case _:
            return None


def _not_null(cond: ir.Cond, holds: bool, s: State) -> None:
    """On a path where ``cond`` came out ``holds``, a local that a null (or
    an empty list or object) fails that way is not null: after ``if verdict
    does not approve: return``, ``verdict`` is the output the loop made, not
    the ``null`` it was bound to before."""
    while isinstance(cond, ir.Not):
        cond, holds = cond.operand, not holds
    name = _tested_whole(cond) if holds else None
    v = s.lookup(name) if name is not None else None
    if name is None or v is None:
        return
    # a flow at the top of ``lax`` is the value itself on every path
    # where it is not null: a field's flow may stand beside a path
    # that built the object without that field, the value's never
    whole = frozenset(f for f in v.lax if not f.at and f.src.kind != "null")
    if not whole <= v.must:
        s.set(name, Val(v.may, v.must | whole, v.lax))


@dataclass(frozen=True, slots=True)
class _Split:
    """The state after a loop, as the two kinds of path that reach it: the
    loop ran no iteration (``none``), or at least one (``ran``)."""

    loop: Span
    none: State
    ran: State | None


def _refuted(cond: ir.Cond, s: State) -> bool:
    """``cond`` cannot hold on a path in ``s``: it tests a local that is null
    (or an empty list or object) on every such path, by a test no null
    passes. ``review`` bound to ``null`` before ``loop until review
    accepts`` never approves on the paths where the loop ran no iteration."""
    name = _tested_whole(cond)
    v = s.lookup(name) if name is not None else None
    return v is not None and not v.may and NULL in v.lax


def _valued(stmt: ir.Stmt) -> bool:
    """A statement whose value is an iteration's value when it comes last."""
    return isinstance(stmt, ir.ExprStmt | ir.Repeat | ir.For | ir.LoopUntil | ir.Parallel)


def _collects_every(mods: ir.Mods) -> bool:
    """Every iteration's value is in the collected list, in its place."""
    return mods.join == "all" and mods.on_fail == "fail-fast"


class _Walker:
    """The abstract interpreter: one walk of the program, loops to a fixpoint."""

    def __init__(self, analysis: Analysis, sequences: frozenset[str]) -> None:
        self.a = analysis
        self.sequences = sequences
        self.loop_stack: list[Span] = []
        self.loop_ctx: list[_LoopCtx] = []
        self.frames: list[_Frame] = [_Frame("pattern")]
        self.phase: list[tuple[Span, Phase]] = []
        self.delegates: list[dict[str, str]] = [{}]  # loop variable → sequence slot
        self.statements = 0
        self.flows = 0
        #: each loop's latest walks, by what a walk depends on (see :meth:`loop`)
        self.walks: dict[Span, dict[tuple[object, ...], _LoopWalk]] = {}
        self.written: dict[Span, set[str]] = {}

    def spend(self, *, statements: int = 0, flows: int = 0) -> None:
        """Count real work against :data:`BUDGET`."""
        self.statements += statements
        self.flows += flows
        if self.statements + self.flows // FLOWS_PER_STEP > BUDGET:
            raise TooComplex(f"more than {BUDGET} steps of analysis")

    # ------------------------------------------------------------ helpers

    def loops_here(self) -> tuple[Span, ...]:
        return tuple(self.loop_stack)

    def current_phase(self) -> Phase:
        return self.phase[-1][1] if self.phase else "first"

    def in_parallel(self) -> bool:
        return any(self.a.loops[s].parallel for s in self.loop_stack)

    def delegate_slot(self, name: str) -> str | None:
        for scope in reversed(self.delegates):
            if name in scope:
                return scope[name]
        return None

    # ------------------------------------------------------------ expressions

    def expr(self, e: ir.Expr, s: State) -> Val:
        """What an expression's value may carry (recording calls and texts)."""
        v = self.value_of(e, s)
        if not isinstance(e, ir.Name):  # reading a name builds nothing
            self.spend(flows=len(v.may))
        return v

    def value_of(self, e: ir.Expr, s: State) -> Val:
        """:meth:`expr`, before its work is counted."""
        match e:
            case ir.Name(name=name):
                v = s.lookup(name)
                if v is not None:
                    return v
                if name in self.a.slots:
                    return sure({Flow(Source("slot", name))})
                if name in self.a.inputs:
                    return sure({Flow(Source("input", name))})
                return NONE
            case ir.Attr(base=base, key=key):
                return vproject(self.expr(base, s), key)
            case ir.Length(base=base):
                return vlength(self.expr(base, s))
            case ir.Index(base=base, index=index):
                picked = self.expr(index, s)
                step = ANY
                iters = {f.src for f in picked.may}
                if picked.may and all(
                    f.src.kind == "iter" and not f.path and not f.at for f in picked.may
                ) and len(iters) == 1:
                    (src,) = iters
                    if src.span is not None:
                        step = each(src.span)
                return velement(self.expr(base, s), step).both(vnest(picked, INDEX))
            case ir.Literal_(value=str() as text) if text:
                return sure({Flow(Source("text", text, e.span))})
            case ir.Literal_(value=None):
                return NULL_VALUE
            case ir.Literal_():
                return NONE
            case ir.Text(parts=parts):
                obs = self.a.texts.setdefault(e.span, TextObs(e, self.loops_here()))
                words = " ".join(p for p in parts if isinstance(p, str) and p.strip())
                out = sure({Flow(Source("text", words, e.span), (), (TEXT,))}) if words else NONE
                i = 0
                for part in parts:
                    if isinstance(part, str):
                        continue
                    v = self.expr(part, s)
                    if len(obs.parts) <= i:
                        obs.parts.append(set())
                    obs.parts[i] |= v.may
                    i += 1
                    out = out.both(vnest(v, TEXT))
                return out
            case ir.Object(entries=()) | ir.Array(items=()):
                return NULL_VALUE  # nothing in it yet: for returns, like null
            case ir.Object(entries=entries):
                out = NONE
                for key, value in entries:
                    out = out.both(vnest(self.expr(value, s), key))
                return out
            case ir.Array(items=items):
                out = NONE
                for item in items:
                    out = out.both(vnest(self.expr(item, s), ANY))
                return out
            case ir.Call():
                return self.call(e, s)
            case ir.IterationCount(loop=loop):
                return sure({Flow(Source("iter", "count", loop))})
            case _:
                assert_never(e)

    def call(self, c: ir.Call, s: State) -> Val:
        """Record what each property carries; the result is a new source."""
        sequence = self.delegate_slot(c.callee)
        slot, direct = (sequence, False) if sequence is not None else (c.callee, True)
        obs = self.a.calls.get(c.span)
        if obs is None:
            obs = self.a.calls[c.span] = CallObs(c, slot, direct, self.loops_here())
        phase = self.current_phase()
        obs.phases.add(phase)
        for prop in c.props:
            v = self.expr(prop.value, s)
            p = obs.props.setdefault(prop.span, PropObs(prop))
            p.flows |= v.may
            p.by_phase[phase] |= v.may
            p.must = meet(p.must, v.must)
            p.must_by_phase[phase] = meet(p.must_by_phase[phase], v.must)
            p.lax = meet_lax(p.lax, v.lax)
            p.lax_by_phase[phase] = meet_lax(p.lax_by_phase[phase], v.lax)
        if c.retry is not None:
            self.expr(c.retry, s)
        obs.known = s.known if obs.known is None else obs.known & s.known
        return sure({Flow(Source("call", slot, c.span))})

    def tested(self, cond: ir.Cond, subject: Val) -> None:
        """Record a test the program makes (every pass of a loop adds to it)."""
        self.a.tests.setdefault(cond.span, set()).add(known_of(cond, True, subject))

    def cond(self, cond: ir.Cond, s: State) -> Val:
        """The subject of a condition (its reads have no effects)."""
        match cond:
            case ir.Proceeds(subject=x) | ir.Says(subject=x) | ir.Decides(subject=x) | ir.Presence(subject=x):
                return self.expr(x, s)
            case ir.Compare(subject=x, threshold=t):
                out = self.expr(x, s)
                self.expr(t, s)
                return out
            case ir.Criteria(criteria=c, subject=x):
                self.expr(c, s)
                return self.expr(x, s)
            case ir.Not(operand=operand):
                return self.cond(operand, s)
            case ir.Judge():
                return NONE
            case _:
                assert_never(cond)

    # ------------------------------------------------------------ statements

    def block(self, block: ir.Block, s: State | None, *, tail: bool = False) -> State | None:
        if s is None:
            return None
        s = s.copy()
        depth = len(s.scopes)
        s.scopes.append({})
        out: State | None = s
        # the loop statement just walked, as the two kinds of path after it,
        # for an ``if`` right after it to test (see :meth:`if_`)
        split: _Split | None = None
        for i, stmt in enumerate(block):
            if out is None:
                break
            last = tail and i == len(block) - 1
            if isinstance(stmt, ir.If) and split is not None:
                self.spend(statements=1)
                out, split = self.if_(stmt, out, split), None
            elif isinstance(stmt, ir.Repeat | ir.For | ir.LoopUntil):
                self.spend(statements=1)
                out, value, split = self.loop(stmt, out, collect=last)
                if last:
                    self.frames[-1].ends(value)
            else:
                out, split = self.stmt(stmt, out, tail=last), None
        return out.trim(depth) if out is not None else None

    def write(
        self, stmt: ir.Bind | ir.Assign | ir.Append, var: str, kind: WriteKind, value: Val, s: State
    ) -> None:
        obs = self.a.writes.get(stmt.span)
        if obs is None:
            obs = self.a.writes[stmt.span] = WriteObs(stmt, var, kind, self.loops_here())
        obs.value |= value.may
        obs.known = s.known if obs.known is None else obs.known & s.known

    def value(self, v: ir.Expr | ir.Loop, s: State) -> tuple[State | None, Val]:
        if isinstance(v, ir.Repeat | ir.For | ir.LoopUntil | ir.Parallel):
            out, value, _ = self.loop(v, s, collect=True)
            return out, value
        return s, self.expr(v, s)

    def stmt(self, stmt: ir.Stmt, s: State, *, tail: bool = False) -> State | None:
        """The state after ``stmt``; None when no path goes on."""
        self.spend(statements=1)
        match stmt:
            case ir.Bind(name=name, value=v):
                after, value = self.value(v, s)
                if after is None:
                    return None
                if isinstance(v, ir.Repeat | ir.For | ir.LoopUntil | ir.Parallel):
                    self.a.collections.setdefault(name, set()).add(v.span)
                new = after.set(name, value)
                self.write(stmt, name, "declare" if new else "update", value, after)
                return after
            case ir.Assign(target=target, value=v):
                after, value = self.value(v, s)
                if after is None:
                    return None
                self.assign(stmt, target, value, after)
                return after
            case ir.Append(value=v, target=target):
                value = self.expr(v, s)
                self.expr(target, s)
                innermost = self.loop_stack[-1] if self.loop_stack else None
                step = ANY if self.in_parallel() else ordered(innermost)
                self.put(stmt, target, vnest(value, step), s, kind="append")
                return s
            case ir.Return(value=v):
                self.ret(stmt, v, s)
                return None
            case ir.Continue():
                if self.loop_ctx:
                    ctx = self.loop_ctx[-1]
                    ctx.continues = join(ctx.continues, s)
                    frame = self.frames[-1]
                    if frame.ctx is ctx:  # the iteration ends with no value
                        frame.ends(NONE)
                return None
            case ir.Break():
                if self.loop_ctx:
                    ctx = self.loop_ctx[-1]
                    ctx.breaks = join(ctx.breaks, s)
                return None
            case ir.Throw(value=v):
                if v is not None:
                    self.expr(v, s)
                return None
            case ir.ExprStmt(expr=e):
                value = self.expr(e, s)
                if tail:
                    self.frames[-1].ends(value)
                return s
            case ir.If():
                return self.if_(stmt, s)
            case ir.Repeat() | ir.For() | ir.LoopUntil() | ir.Parallel():
                out, value, _ = self.loop(stmt, s, collect=tail)
                if tail:
                    self.frames[-1].ends(value)
                return out
            case ir.Try():
                return self.try_(stmt, s)
            case ir.Choice(options=options):
                chosen: State | None = None
                for option in options:
                    chosen = join(chosen, self.block(option.body, s))
                return chosen
            case _:
                assert_never(stmt)

    def assign(self, stmt: ir.Assign, target: ir.Name | ir.Attr | ir.Index, value: Val, s: State) -> None:
        if isinstance(target, ir.Name):
            new = s.set(target.name, value)
            self.write(stmt, target.name, "declare" if new else "assign", value, s)
            return
        match target:
            case ir.Attr(key=key):
                steps: tuple[str, ...] = (key,)
            case ir.Index():
                steps = (ANY,)
        self.put(stmt, target, vnest(value, *steps), s, kind="put", skip=1)

    def put(
        self,
        stmt: ir.Assign | ir.Append,
        target: ir.Expr,
        value: Val,
        s: State,
        *,
        kind: WriteKind,
        skip: int = 0,
    ) -> None:
        """Add ``value`` inside the value of ``target``'s root name."""
        chain: list[str] = []
        node = target
        while not isinstance(node, ir.Name):
            match node:
                case ir.Attr(base=base, key=key):
                    chain.append(key)
                    node = base
                case ir.Index(base=base):
                    chain.append(ANY)
                    node = base
                case _:
                    return
        path = tuple(reversed(chain))
        steps = path[: len(chain) - skip] if skip else path
        root = node.name
        edit = Flow(Source("edit", root, stmt.span))
        old = s.lookup(root) or NONE
        self.spend(flows=len(value.may))
        kept, kept_lax = old.must, old.lax
        if kind == "put":
            # What sat where the new value goes is gone, and a read of the
            # old value's fields may now read the new one.
            first = path[0]

            def stays(f: Flow) -> bool:
                return bool(f.at) and f.at[0] != first and not (is_element(first) and is_element(f.at[0]))

            kept = frozenset(filter(stays, old.must))
            kept_lax = frozenset(filter(stays, old.lax))
        # where something was written is no longer empty
        kept_lax = frozenset(f for f in kept_lax if not (f.src.kind == "null" and path[: len(f.at)] == f.at))
        added = vnest(value, *steps)
        every: Flows = EMPTY
        if kind == "append" and not path:
            every = _every_appended(old, value)
            kept = frozenset(f for f in kept if f.at[:1] != (EVERY,))
            kept_lax = frozenset(f for f in kept_lax if f.at[:1] != (EVERY,))
        s.set(
            root,
            Val(
                old.may | added.may | {edit},
                kept | added.must | every | {edit},
                kept_lax | added.lax | every | {edit},
            ),
        )
        self.write(stmt, root, kind, value, s)

    def ret(self, stmt: ir.Return, v: ir.Expr | None, s: State) -> None:
        """A pattern return is observed; an iteration's return gives its value."""
        frame = self.frames[-1]
        if frame.kind == "iteration":
            frame.ends(self.expr(v, s) if v is not None else NONE)
            if frame.ctx is not None:
                frame.ctx.continues = join(frame.ctx.continues, s)
            return
        obs = self.a.returns.get(stmt.span)
        if obs is None:
            obs = self.a.returns[stmt.span] = ReturnObs(stmt, self.loops_here())
        entries = v.entries if isinstance(v, ir.Object) else (("result", v),) if v is not None else ()
        for key, value in entries:
            got = self.expr(value, s)
            obs.fields.setdefault(key, set()).update(got.may)
            obs.sure[key] = meet_lax(obs.sure.get(key), got.lax)
            obs.must[key] = meet(obs.must.get(key), got.must)
            obs.exprs[key] = value
        obs.known = s.known if obs.known is None else obs.known & s.known
        obs.after = s.after if obs.after is None else obs.after & s.after

    def if_(self, stmt: ir.If, s: State, split: _Split | None = None) -> State | None:
        """Each branch knows its condition and the negation of the earlier ones.

        Right after a loop (``split``), a branch whose test fails on every
        path where the loop ran no iteration starts from the paths where it
        ran."""
        out: State | None = None
        negated: set[Known] = set()
        refuted: list[ir.Cond] = []
        for cond, body in stmt.branches:
            subject = self.cond(cond, s)
            self.tested(cond, subject)
            branch = s.copy()
            if split is not None and split.ran is not None and _refuted(cond, split.none):
                branch = split.ran.copy()
            branch.known = branch.known | negated | {known_of(cond, True, subject)}
            for test, holds in ((cond, True), *((c, False) for c in refuted)):
                _not_null(test, holds, branch)
            out = join(out, self.block(body, branch))
            negated.add(known_of(cond, False, subject))
            refuted.append(cond)
        rest = s.copy()
        rest.known = rest.known | negated
        for test in refuted:
            _not_null(test, False, rest)
        out = join(out, self.block(stmt.orelse or (), rest))
        return out

    def try_(self, stmt: ir.Try, s: State) -> State | None:
        """The handler may start from any point of the body; its variable carries the failures."""
        depth = len(s.scopes)
        inner = s.copy()
        inner.scopes.append({})
        seen: State | None = s.copy()
        current: State | None = inner
        for sub in stmt.body:
            if current is None:
                break
            current = self.stmt(sub, current)
            if current is not None:
                seen = join(seen, current.copy().trim(depth))
        body_out = current.trim(depth) if current is not None else None
        out = body_out
        if stmt.catch_body is not None:
            # A failure can happen anywhere in the body: the catch starts
            # from any state the body went through. Which call failed (or
            # whether it was one) is not known: the variable carries every
            # failure it may be, none for sure.
            entry = seen.copy() if seen is not None else s.copy()
            entry.known = s.known
            entry.after = s.after
            errors = frozenset(
                Flow(Source("error", self.calls_slot(c), c.span), (ERROR,))
                for c in _calls_in(stmt.body)
            )
            entry.scopes.append({stmt.catch_var: Val(errors)} if stmt.catch_var else {})
            caught = self.block(stmt.catch_body, entry)
            out = join(out, caught.trim(depth) if caught is not None else None)
        if stmt.finally_body is not None:
            out = self.block(stmt.finally_body, out)
        return out

    def calls_slot(self, c: ir.Call) -> str:
        obs = self.a.calls.get(c.span)
        return obs.slot if obs is not None else c.callee

    # ------------------------------------------------------------ loops

    def loop(self, node: ir.Loop, s: State, *, collect: bool) -> tuple[State | None, Val, _Split | None]:
        """Run a loop to a fixpoint, or replay the walk from the same entry
        state. The state after it, its values, and, for a loop that may run
        no iteration, the state after it split by whether it ran."""
        if isinstance(node, ir.Parallel):
            return (*self.parallel_block(node, s, collect=collect), None)
        header = self.expr(_bound(node), s)
        self.a.bounds.setdefault(node.span, set()).update(header.may)
        outer = self.frames[-1]
        # What else the walk reads: whether a `return` in it ends the pattern
        # or an iteration around it, and, for a `while` whose condition calls
        # a delegate, the phase that call is made in.
        key: tuple[object, ...] = (collect, outer.kind, state_key(s))
        if _calls_in_while(node):
            key += (self.current_phase(),)
        walks = self.walks.setdefault(node.span, {})
        walk = walks.get(key)
        if walk is None:
            own = collect or (not isinstance(node, ir.LoopUntil) and node.parallel)
            proxy: _Frame | None = None
            if not own and outer.kind == "iteration":
                # Catch what a `return` hands the iteration around, to replay it.
                proxy = _Frame("iteration", ctx=_LoopCtx(node.span))
                self.frames.append(proxy)
            exit_state, ran, values = self.fixpoint(node, s, header, collect=collect)
            if proxy is not None:
                self.frames.pop()
            if len(walks) >= MEMO:
                del walks[next(iter(walks))]  # the oldest
            walk = walks[key] = _LoopWalk(
                exit=exit_state,
                values=values,
                ran=ran,
                returned=frozenset(proxy.values) if proxy is not None else EMPTY,
                returned_must=proxy.must if proxy is not None else None,
                returned_lax=proxy.lax if proxy is not None else None,
                continues=proxy.ctx.continues if proxy is not None and proxy.ctx is not None else None,
            )
        if outer.kind == "iteration":
            outer.values |= walk.returned
            if walk.returned_must is not None:
                outer.must = meet(outer.must, walk.returned_must)
            if walk.returned_lax is not None:
                outer.lax = meet_lax(outer.lax, walk.returned_lax)
            if outer.ctx is not None and walk.continues is not None:
                outer.ctx.continues = join(outer.ctx.continues, walk.continues)
        split: _Split | None = None
        if walk.exit is not None and not (isinstance(node, ir.Repeat | ir.For | ir.LoopUntil) and runs(node)):
            none = s.copy()
            none.after = s.after | {node.span}
            split = _Split(node.span, none, walk.ran.copy() if walk.ran is not None else None)
        return (walk.exit.copy() if walk.exit is not None else None), walk.values, split

    def fixpoint(
        self, node: ir.Repeat | ir.For | ir.LoopUntil, s: State, header: Val, *, collect: bool
    ) -> tuple[State | None, State | None, Val]:
        """Run a loop to a fixpoint: a first pass, then later passes from the
        back edge. The state after it, that state where it ran, its values."""
        parallel = not isinstance(node, ir.LoopUntil) and node.parallel
        sequence: str | None = None
        if isinstance(node, ir.For) and isinstance(node.iterable, ir.Name):
            if node.iterable.name in self.sequences:
                sequence = node.iterable.name
        info = LoopInfo(
            node=node,
            parent=self.loop_stack[-1] if self.loop_stack else None,
            parallel=parallel,
            collected=collect,
            sequence=sequence,
        )
        self.a.loops[node.span] = info

        depth = len(s.scopes)
        written = self.written.get(node.span)
        if written is None:
            written = self.written[node.span] = written_names(node.body)
        frame = _Frame("iteration") if (collect or parallel) else None
        if frame is not None:
            self.frames.append(frame)
        self.loop_stack.append(node.span)
        self.delegates.append({node.var: sequence} if isinstance(node, ir.For) and sequence else {})
        exit_state: State | None = None if runs(node) else s.copy()
        ran: State | None = None
        head: State | None = s.copy()
        later: State | None = None
        phase: Phase = "first"
        for _ in range(MAX_PASSES):
            if head is None:
                break
            entry = head.copy()
            entry.known = s.known
            entry.after = s.after
            entry.scopes.append(self.loop_vars(node, header))
            if isinstance(node, ir.LoopUntil) and node.cond is not None and node.test == "while":
                subject = self.cond(node.cond, entry)
                self.tested(node.cond, subject)
                entry.known = entry.known | {known_of(node.cond, True, subject)}
            ctx = _LoopCtx(node.span)
            self.loop_ctx.append(ctx)
            if frame is not None:
                frame.ctx = ctx
            self.phase.append((node.span, phase))
            out = self.block(node.body, entry, tail=collect)
            if frame is not None and out is not None and not (collect and node.body and _valued(node.body[-1])):
                frame.ends(NONE)  # the iteration falls off its end with no value
            if isinstance(node, ir.LoopUntil) and node.cond is not None and out is not None:
                self.tested(node.cond, self.cond(node.cond, out))
            self.phase.pop()
            self.loop_ctx.pop()
            back = join(out, ctx.continues)
            if back is not None:
                back.trim(depth)
            breaks = ctx.breaks.trim(depth) if ctx.breaks is not None else None
            ran = join(join(ran, back), breaks)
            exit_state = join(join(exit_state, back), breaks)
            carried = None
            if back is not None:
                self.spend(flows=sum(len(v.may) for scope in back.scopes for n, v in scope.items() if n in written))
                carried = _carry_state(back, node.span, written)
            new_later = join(later, carried)
            if phase == "later" and _same(new_later, later):
                break
            later, head, phase = new_later, new_later, "later"
        self.delegates.pop()
        self.loop_stack.pop()
        values = NONE
        if frame is not None:
            self.frames.pop()
            every = isinstance(node, ir.LoopUntil) or _collects_every(node.mods)
            values = frame.value(node.span, every=every)
        for end in (exit_state, ran):
            if end is not None:
                end.known = s.known
                end.after = s.after | {node.span}
        return exit_state, ran, values

    def loop_vars(self, node: ir.Repeat | ir.For | ir.LoopUntil, header: Val) -> dict[str, Val]:
        me = node.span
        match node:
            case ir.Repeat(var=var) | ir.LoopUntil(var=var):
                return {var: sure({Flow(Source("iter", "count", me))})} if var else {}
            case ir.For(var=var, index=index):
                # The element exists: what every element of a list carries
                # whenever it is not empty (``lax``), this one carries.
                element_ = velement(header, each(me), exists=True)
                every = frozenset(
                    f.moved(f.path, f.at[1:]) for f in header.lax if f.src.kind != "null" and f.at[:1] and f.at[0].startswith("@")
                )
                out = {var: Val(element_.may, element_.must | every, element_.lax | every)}
                if index is not None:
                    out[index] = sure({Flow(Source("iter", "index", me))})
                return out
            case _:
                assert_never(node)

    def parallel_block(self, node: ir.Parallel, s: State, *, collect: bool) -> tuple[State | None, Val]:
        """Branches run side by side; what each binds is there after the block."""
        self.a.loops[node.span] = LoopInfo(
            node=node,
            parent=self.loop_stack[-1] if self.loop_stack else None,
            parallel=True,
            collected=collect,
            sequence=None,
        )
        self.loop_stack.append(node.span)
        current: State = s.copy()
        whole = _Frame("iteration")
        bound: dict[tuple[int, str], list[Val]] = {}  # names a branch declares
        for branch in node.branches:
            frame = _Frame("iteration")
            self.frames.append(frame)
            out = self.stmt(branch, current, tail=True)
            if out is not None:
                for depth, scope in enumerate(out.scopes[: len(s.scopes)]):
                    for name in scope.keys() - current.scopes[depth].keys():
                        bound.setdefault((depth, name), []).append(scope[name])
            self.frames.pop()
            if out is not None and not _valued(branch):
                frame.ends(NONE)  # a branch that binds or writes has no value
            whole.values |= frame.values
            whole.must = meet(whole.must, frame.must or EMPTY)
            whole.lax = meet_lax(whole.lax, frame.lax or EMPTY)
            # Branches run side by side: what one binds is there after the
            # block, and nothing is lost when a branch ends early.
            current = join(current, out) or current
        if _collects_every(node.mods):
            # Every branch finished (or the block failed): a name one branch
            # alone declares holds what that branch left in it, surely.
            for (depth, name), values in bound.items():
                if len(values) == 1 and depth < len(current.scopes):
                    current.scopes[depth][name] = values[0]
        self.loop_stack.pop()
        current.after = s.after | {node.span}
        return current, whole.value(node.span, every=_collects_every(node.mods))


def _bound(node: ir.Repeat | ir.For | ir.LoopUntil) -> ir.Expr:
    match node:
        case ir.Repeat(count=e) | ir.LoopUntil(max=e) | ir.For(iterable=e):
            return e
        case _:
            assert_never(node)


def runs(node: ir.Repeat | ir.For | ir.LoopUntil) -> bool:
    """The loop runs at least one iteration on every path: ``repeat 3``, a
    ``for`` over a written non-empty list, a ``loop until`` or a plain
    ``loop`` (whose ``max:`` the runtime requires to be at least 1: the
    block runs at least once). Not a parallel loop, whose failed iterations
    an ``on-fail`` may drop, every one of them."""
    if not isinstance(node, ir.LoopUntil) and node.parallel:
        return False
    match node:
        case ir.LoopUntil(test="until" | None):
            return True
        case ir.Repeat(count=ir.Literal_(value=int() as n)) if not isinstance(n, bool):
            return n >= 1
        case ir.For(iterable=ir.Array(items=items)):
            return bool(items)
        case _:
            return False


def _calls_in_while(node: ir.Repeat | ir.For | ir.LoopUntil) -> bool:
    """A ``while`` condition, checked before each pass, that calls a delegate."""
    return (
        isinstance(node, ir.LoopUntil)
        and node.test == "while"
        and node.cond is not None
        and any(isinstance(e, ir.Call) for e in ir.cond_exprs(node.cond))
    )


def _same(a: State | None, b: State | None) -> bool:
    if a is None or b is None:
        return a is b
    return a.scopes == b.scopes


def _carry_state(s: State, loop: Span, written: set[str]) -> State:
    out = s.copy()
    for scope in out.scopes:
        for name in scope:
            if name in written:
                scope[name] = vcarry(scope[name], loop)
    return out


def written_names(block: ir.Block) -> set[str]:
    """Names a block writes (bind, assign, append) at any depth, loops that
    are the value of a binding included."""
    names: set[str] = set()
    for stmt in ir.walk(block):
        match stmt:
            case ir.Bind(name=name):
                names.add(name)
            case ir.Assign(target=target) | ir.Append(target=target):
                names.add(_root_name(target))
            case _:
                pass
    return names


def _root_name(e: ir.Expr) -> str:
    while True:
        match e:
            case ir.Name(name=name):
                return name
            case ir.Attr(base=base) | ir.Index(base=base) | ir.Length(base=base):
                e = base
            case _:
                return ""


def loops_in(block: ir.Block) -> Iterator[ir.Loop]:
    """Every loop and parallel block, including those that are the value of
    a ``let`` or an assignment."""
    for stmt in ir.walk(block):
        match stmt:
            case ir.Repeat() | ir.For() | ir.LoopUntil() | ir.Parallel():
                yield stmt
            case ir.Bind(value=ir.Repeat() | ir.For() | ir.LoopUntil() | ir.Parallel() as loop):
                yield loop
            case ir.Assign(value=ir.Repeat() | ir.For() | ir.LoopUntil() | ir.Parallel() as loop):
                yield loop
            case _:
                pass


def _calls_in(block: ir.Block) -> Iterator[ir.Call]:
    for e in exprs_in(block):
        if isinstance(e, ir.Call):
            yield e


def exprs_in(block: ir.Block) -> Iterator[ir.Expr]:
    """Every expression of a block at any depth (conditions' reads included)."""
    for stmt in ir.walk(block):
        yield from stmt_exprs(stmt)


def stmt_exprs(stmt: ir.Stmt) -> Iterator[ir.Expr]:
    """The expressions a statement evaluates itself (not its nested blocks)."""
    match stmt:
        case ir.Bind(value=v) | ir.Assign(value=v):
            if not isinstance(v, ir.Repeat | ir.For | ir.LoopUntil | ir.Parallel):
                yield from ir.subexprs(v)
            else:
                yield from _loop_header_exprs(v)
        case ir.Append(value=v):
            yield from ir.subexprs(v)
        case ir.Return(value=v) | ir.Throw(value=v):
            if v is not None:
                yield from ir.subexprs(v)
        case ir.ExprStmt(expr=e):
            yield from ir.subexprs(e)
        case ir.If(branches=branches):
            for cond, _ in branches:
                yield from ir.cond_exprs(cond)
        case ir.Repeat() | ir.For() | ir.LoopUntil() | ir.Parallel():
            yield from _loop_header_exprs(stmt)
        case ir.Continue() | ir.Break() | ir.Try() | ir.Choice():
            pass
        case _:
            assert_never(stmt)


def _loop_header_exprs(loop: ir.Loop) -> Iterator[ir.Expr]:
    match loop:
        case ir.Repeat(count=e) | ir.For(iterable=e):
            yield from ir.subexprs(e)
        case ir.LoopUntil(max=e, cond=cond):
            yield from ir.subexprs(e)
            if cond is not None:
                yield from ir.cond_exprs(cond)
        case ir.Parallel():
            pass
        case _:
            assert_never(loop)


def _top_exprs(stmt: ir.Stmt) -> list[ir.Expr]:
    """The expressions a statement evaluates itself, each whole."""
    loop: ir.Loop | None = None
    match stmt:
        case ir.Bind(value=ir.Repeat() | ir.For() | ir.LoopUntil() | ir.Parallel() as loop) | ir.Assign(
            value=ir.Repeat() | ir.For() | ir.LoopUntil() | ir.Parallel() as loop
        ):
            pass
        case ir.Repeat() | ir.For() | ir.LoopUntil() | ir.Parallel():
            loop = stmt
        case ir.Bind(value=v) | ir.Assign(value=v) | ir.Append(value=v) | ir.ExprStmt(expr=v):
            return [] if isinstance(v, ir.Repeat | ir.For | ir.LoopUntil | ir.Parallel) else [v]
        case _:
            return []
    match loop:
        case ir.Repeat(count=e) | ir.For(iterable=e) | ir.LoopUntil(max=e):
            return [e]
        case _:
            return []


def _held_list(program: ir.Program) -> str | None:
    """Where a list the program appends to is held inside another value
    (`[x, l1]`, `{ log: l1 }`) or under a second name (`let a = l1`), and
    may grow after: both names then see the appends, which the analysis,
    taking each value as it is when made, does not follow. What a `return`
    or a call is given is taken as it is then."""
    appended = {ir.root_name(stmt.target) for stmt in ir.walk(program.body) if isinstance(stmt, ir.Append)}
    appended.discard(None)
    if not appended:
        return None

    def held(e: ir.Expr, inside: bool, own: str | None = None) -> ir.Name | None:
        match e:
            case ir.Name(name=name) if inside and name in appended and name != own:
                return e
            case ir.Array(items=items):
                return next((h for item in items if (h := held(item, True, own)) is not None), None)
            case ir.Object(entries=entries):
                return next((h for _, value in entries if (h := held(value, True, own)) is not None), None)
            case ir.Call():
                return None  # (what the call is given is taken when it is made)
            case _:
                return next((h for sub in ir.subexprs(e)[1:] if (h := held(sub, inside, own)) is not None), None)

    for stmt in ir.walk(program.body):
        found: ir.Name | None = None
        match stmt:
            case ir.Bind(name=name, value=ir.Name(name=other)) | ir.Assign(target=ir.Name(name=name), value=ir.Name(name=other)) if (
                other in appended and other != name
            ):
                return f"`{name}` is set to the list `{other}`, which grows (line {stmt.span.line}): what each holds is not followed"
            case ir.Return():
                continue
            case ir.Bind(name=name, value=ir.Array() | ir.Object() as value) | ir.Assign(
                target=ir.Name(name=name), value=ir.Array() | ir.Object() as value
            ):
                # `let log = [log, entry]`: the list held is no longer
                # reachable by its name (a `let` of a bound name updates
                # that binding), so nothing appends to it after
                found = held(value, False, name)
            case _:
                for e in _top_exprs(stmt):
                    if (found := held(e, False)) is not None:
                        break
        if found is not None and not _complete_when_held(program.body, found.name, stmt):
            return f"the list `{found.name}`, which grows, is held inside another value (line {found.span.line}): what that value holds is not followed"
    return None


def _complete_when_held(body: ir.Block, name: str, held: ir.Stmt) -> bool:
    """The list `name` is made afresh (`let name = []`), and every append
    to it, and every time it is made afresh again, comes after that and
    before the statement that holds it, in the same block: each time that
    block runs, the list is complete when it is held, and the next append
    goes to a new list. So a list built in a loop and then put in a record
    after it (`let plan = { allocations: allocations }`, `append { ends:
    end_scores } to scorecards` at the end of each round that starts with
    `let end_scores = []`) is what it was when held, as the analysis takes
    it."""
    made = [s for s in ir.walk(body) if isinstance(s, ir.Bind | ir.Assign) and _binds(s, name)]
    if not made or not all(isinstance(s.value, ir.Array) for s in made):
        return False

    def blocks(block: ir.Block) -> Iterator[ir.Block]:
        yield block
        for stmt in block:
            for child in ir.children(stmt):
                yield from blocks(child)

    def within(stmts: Iterable[ir.Stmt], target: ir.Stmt) -> bool:
        return any(s is target for s in ir.walk(tuple(stmts)))

    for block in blocks(body):
        start = next((i for i, s in enumerate(block) if s is made[0]), None)
        if start is None:
            continue
        at = next((i for i, s in enumerate(block) if within((s,), held)), None)
        if at is None or at <= start:
            return False
        # (set anew, `accepted = [reading]`, is a new list too: no append
        # after the hold reaches the one held)
        changes = [s for s in ir.walk(body) if isinstance(s, ir.Append) and ir.root_name(s.target) == name] + made[1:]
        return all(within(block[start + 1 : at], c) for c in changes)
    return False


def _binds(stmt: ir.Bind | ir.Assign, name: str) -> bool:
    match stmt:
        case ir.Bind(name=bound) | ir.Assign(target=ir.Name(name=bound)):
            return bound == name
        case _:
            return False


def analyse(
    program: ir.Program,
    *,
    slots: frozenset[str],
    inputs: frozenset[str],
    sequences: frozenset[str],
) -> Analysis:
    """Run the flow analysis over ``program``.

    ``inputs`` holds inputs and config entries (both start as the caller's
    original value); ``sequences`` the slots that a ``for`` walks.
    """
    analysis = Analysis(program=program, slots=slots, inputs=inputs)
    if (held := _held_list(program)) is not None:
        raise TooComplex(held)
    walker = _Walker(analysis, sequences)
    params: dict[str, Val] = {n: sure({Flow(Source("slot", n))}) for n in slots}
    params.update({n: sure({Flow(Source("input", n))}) for n in inputs if n not in slots})
    start = State([params], frozenset(), frozenset())
    end = walker.block(program.body, start)
    analysis.falls_off = end is not None
    return analysis
