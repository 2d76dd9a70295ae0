"""What each claim means for one run: the violations a trace shows.

Each oracle reads a claim the way invariants.md states it, from the values
the delegates were given (their tokens), the order of the calls, the loop
counters of every call and the judge's view of the locals; it never looks
at the checker's analysis. An oracle may see less than the claim says (a
run shows one path); it must never see a violation where the claim holds.

"Another invocation" of a slot: a call at another site, or at the same
site in another iteration of a loop that makes invocations — the outermost
loop around the call, a parallel loop, a loop whose values are collected.
A sequential, uncollected loop inside one of those is the same invocation
working on (a reviewer reading one material after another).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, assert_never

from soundness_gen import HIDDEN, PROBE, LoopMeta, Program
from soundness_run import Event, Snapshot, Token, Trace, canon, tokens

from prosec import runtime
from prosec.invariants.claims import (
    AnyResult,
    Bounded,
    CallCount,
    Calls,
    Claim,
    Denied,
    ExactlyOnce,
    FailSafe,
    Firewall,
    FromField,
    FromInput,
    FromOthers,
    FromSlot,
    FromVar,
    Gated,
    Identical,
    Isolation,
    Monotonic,
    Null,
    Ordered,
    OtherElements,
    Receives,
    Returns,
    ReturnsField,
    Source,
    Unaware,
    Unchanged,
    Unmerged,
    Unverifiable,
)


class View:
    """A trace read against its program."""

    def __init__(self, program: Program, trace: Trace) -> None:
        self.p = program
        self.t = trace
        self._vars: dict[str, set[Token]] = {}

    # ------------------------------------------------------------ loops

    def counted(self, e: Event) -> list[LoopMeta]:
        return self.p.counted(self.p.sites[e.site])

    def innermost(self, e: Event) -> tuple[int, LoopMeta] | None:
        loops = self.counted(e)
        return (len(loops) - 1, loops[-1]) if loops else None

    def instance_positions(self, e: Event) -> list[int]:
        """Positions in ``e.counters`` of the loops that make invocations."""
        out = []
        for pos, loop in enumerate(self.counted(e)):
            outermost = not loop.parents
            if outermost or loop.parallel or loop.collected:
                out.append(pos)
        return out

    def same_invocation(self, a: Event, b: Event) -> bool:
        if a.site != b.site:
            return False
        return all(a.counters[p] == b.counters[p] for p in self.instance_positions(a))

    def prior(self, e: Event, other: Event) -> bool:
        """``other`` ran in the previous iteration of ``e``'s innermost loop."""
        inner = self.innermost(e)
        if inner is None:
            return False
        pos = inner[0]
        mine = self.counted(e)
        theirs = self.counted(other)
        if len(theirs) <= pos or [m.id for m in theirs[: pos + 1]] != [m.id for m in mine[: pos + 1]]:
            return False
        return other.counters[:pos] == e.counters[:pos] and other.counters[pos] == e.counters[pos] - 1

    def first_round(self, e: Event) -> bool:
        """``e`` ran in the first iteration of its innermost loop (or in none)."""
        inner = self.innermost(e)
        return inner is None or e.counters[inner[0]] == inner[1].first

    def common_round(self, e: Event, other: Event) -> bool:
        """The two calls ran in the same iteration of every loop around both."""
        mine, theirs = self.counted(e), self.counted(other)
        for i, (a, b) in enumerate(zip(mine, theirs, strict=False)):
            if a.id != b.id:
                break
            if e.counters[i] != other.counters[i]:
                return False
        return True

    def earlier_round(self, e: Event, other: Event) -> bool:
        """``other`` ran in an earlier iteration of ``e``'s innermost loop."""
        inner = self.innermost(e)
        if inner is None:
            return False
        pos, _ = inner
        mine = self.counted(e)
        theirs = self.counted(other)
        if len(theirs) <= pos or [m.id for m in theirs[: pos + 1]] != [m.id for m in mine[: pos + 1]]:
            return False
        return other.counters[:pos] == e.counters[:pos] and other.counters[pos] < e.counters[pos]

    # ------------------------------------------------------------ calls

    def select(self, calls: Calls) -> list[Event]:
        out = []
        for e in self.t.events:
            if calls.slot is not None and e.slot != calls.slot:
                continue
            if calls.slot is None and not self.counted(e):
                continue
            if calls.given and not any(t.input in calls.given for t in e.all_tokens()):
                continue
            first = self.first_round(e)
            if calls.phase == "first" and not first:
                continue
            if calls.phase == "later" and first:
                continue
            out.append(e)
        return out

    def source_event(self, t: Token) -> Event | None:
        return self.t.event_of(t)

    def var_tokens(self, name: str) -> set[Token]:
        if name not in self._vars:
            found: set[Token] = set()
            for snap in self.t.snapshots:
                if name in snap.bindings:
                    found |= tokens(snap.bindings[name])
            self._vars[name] = found
        return self._vars[name]

    def probes(self) -> list[Snapshot]:
        """The probes' views, in time order. (A loop's `until` question is
        asked at the top of the next iteration, so the counter it sees is
        already the next one: only probes tell which iteration a value is in.)"""
        return sorted((s for s in self.t.snapshots if s.question.startswith(PROBE + " ")), key=lambda s: s.at)

    def approving(self, e: Event) -> bool:
        out = e.output
        return isinstance(out, dict) and (out.get("proceed") is True or out.get("decision") == "approve")


def words(value: Any) -> Iterable[str]:
    """Every word of every text inside a traced value (keys too)."""
    if isinstance(value, str):
        yield from (w for w in re.split(r"[^a-z]+", value.lower()) if w)
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from words(k)
            yield from words(v)
    elif isinstance(value, list):
        for v in value:
            yield from words(v)


def values(value: Any) -> Iterable[Any]:
    """``value`` and every value inside it."""
    yield value
    if isinstance(value, dict):
        for x in value.values():
            yield from values(x)
    elif isinstance(value, list):
        for x in value:
            yield from values(x)


def texts(value: Any) -> Iterable[str]:
    return (x for x in values(value) if isinstance(x, str))


# ---------------------------------------------------------------- oracles


def violation(claim: Claim, program: Program, trace: Trace) -> str | None:
    """The first violation of ``claim`` this trace shows, in words."""
    v = View(program, trace)
    match claim:
        case Isolation():
            return _isolation(claim, v)
        case Firewall():
            return _firewall(claim, v)
        case Unchanged():
            return _unchanged(claim, v)
        case Identical():
            return _identical(claim, v)
        case Gated():
            return _gated(claim, v)
        case FailSafe():
            return _fail_safe(claim, v)
        case Unaware():
            return _unaware(claim, v)
        case Ordered():
            return _ordered(claim, v)
        case Bounded():
            return _bounded(claim, v)
        case Monotonic():
            return _monotonic(claim, v)
        case ExactlyOnce():
            return _exactly_once(claim, v)
        case CallCount():
            return _call_count(claim, v)
        case Receives():
            return _receives(claim, v)
        case Returns():
            return _returns(claim, v)
        case Unmerged():
            return _unmerged(claim, v)
        case ReturnsField() | Unverifiable():
            return None
        case Denied():
            # never proved, so no run can contradict a proof of it
            return None
        case _:
            assert_never(claim)


def _has(field: str | None, names: tuple[str, ...] | frozenset[str] | set[str]) -> bool:
    """A token of a field (``f1``, or ``nest.f1`` read off an element of a
    result's ``nest``) is one of the named fields at any depth."""
    return field is not None and any(part in names for part in field.split("."))


def _forbidden(v: View, src: Source, e: Event, t: Token) -> bool:
    ev = v.source_event(t)
    match src:
        case FromSlot(slot=slot, fields=fields, failures=failures):
            if ev is None or ev.slot != slot:
                return False
            if t.kind == "e":
                return failures and not fields  # a failure is not a field of a result
            return not fields or _has(t.field, fields)
        case FromInput(name=name, fields=fields):
            # (the record whole carries each of its keys)
            return t.input == name and (not fields or t.field is None or _has(t.field, fields))
        case FromOthers(fields=fields):
            if fields and (t.kind == "e" or not _has(t.field, fields)):
                return False  # another field of their results, or a failure
            return ev is not None and ev.slot == e.slot and not v.same_invocation(ev, e)
        case OtherElements(name=name):
            if t.input != name or "#" not in t.ident:
                return False
            # its own: the element of a `for` around it, or the element an
            # index from the counter of a loop around it picks
            own = set().union(*(tokens(x) for x in e.elements)) if e.elements else set()
            own |= {Token("i", f"{name}#{c}") for c in e.counters}
            return t not in own
        case FromVar(name=name):
            return t in v.var_tokens(name)
        case FromField(name=name):
            # that field of a delegate's result or of an input (the record's)
            return t.kind in "ci" and _has(t.field, (name,))
        case AnyResult():
            return t.kind == "c"
        case Null():
            return False
        case _:
            assert_never(src)


def _isolation(claim: Isolation, v: View) -> str | None:
    for e in v.select(claim.target):
        if isinstance(claim.source, Null):
            nulls = [k for k, value in e.kwargs.items() if value is None]
            if nulls:
                return f"{e.slot} at s{e.site}{e.counters} is given null as {nulls[0]}"
            continue
        for key, found in e.tokens.items():
            bad = sorted((t for t in found if _forbidden(v, claim.source, e, t)), key=str)
            if bad:
                return f"{e.slot} at s{e.site}{e.counters} receives {bad[0]} in {key}"
    return None


def _firewall(claim: Firewall, v: View) -> str | None:
    for e in v.select(claim.target):
        for key, found in e.tokens.items():
            for t in sorted(found, key=str):
                ev = v.source_event(t)
                if ev is None:
                    continue
                if ev.slot == claim.source and t.kind == "c" and _has(t.field, claim.fields):
                    return f"{e.slot} at s{e.site}{e.counters} receives {t} in {key}"
                if claim.only and ev.slot not in (claim.source, e.slot):
                    return f"{e.slot} at s{e.site}{e.counters} receives {t} (of {ev.slot}) in {key}"
    return None


def _unchanged(claim: Unchanged, v: View) -> str | None:
    match claim.source:
        case FromInput(name=name):
            original = canon(v.t.inputs[name])
            for e in v.select(claim.target):
                # (another argument may quote it as well)
                if not any(canon(value) == original for value in e.kwargs.values()):
                    return f"{e.slot} at s{e.site}{e.counters} is not given {name} as it is"
            return None
        case FromSlot(slot=slot):
            for e in v.select(claim.target):
                before = [o for o in v.t.events if o.slot == slot and v.prior(e, o) and o.end < e.start]
                prev = max(before, key=lambda o: o.end) if before else None
                carrying = {k for k, found in e.tokens.items() if found}
                if prev is None or prev.error is not None:
                    if carrying:
                        return f"{e.slot} at s{e.site}{e.counters} has no previous output, yet gets {sorted(carrying)}"
                    return f"{e.slot} at s{e.site}{e.counters} has no previous output to receive"
                want = canon(prev.output)
                if not any(canon(value) == want for value in e.kwargs.values()):
                    return f"{e.slot} at s{e.site}{e.counters} is not given the previous output {prev.output!r}"
                for key in carrying:
                    if canon(e.kwargs[key]) != want:
                        return f"{e.slot} at s{e.site}{e.counters} gets {e.kwargs[key]!r} in {key}, not just the previous output"
            return None
        case _:
            raise AssertionError(claim.source)


def _identical(claim: Identical, v: View) -> str | None:
    if claim.callee is not None:
        for e in v.select(Calls(None, claim.target.given)):
            if e.slot != claim.callee:
                return f"s{e.site} runs {e.slot}, not {claim.callee}"
        return None
    groups: dict[tuple[Any, ...], list[Event]] = {}
    for e in v.select(claim.target):
        loops = v.counted(e)
        fixed = tuple(
            c for c, loop in zip(e.counters, loops, strict=True)
            if claim.over is not None and not re.search(rf"\b{claim.over}\b", loop.bound)
        )
        if claim.within:
            # within one round: the calls of one iteration of the outermost loop
            fixed = tuple(e.counters[:1])
        groups.setdefault((e.site, fixed), []).append(e)
    for (site, _), events in groups.items():
        keys: set[str] = set()
        quoting: set[str] = set()
        for e in events:
            if claim.args is None:
                keys |= set(e.kwargs)
            else:
                keys |= {k for k in e.kwargs if k in claim.args}
                quoting |= {k for k, found in e.tokens.items() if k not in claim.args and any(t.input in claim.args for t in found)}
        for key in sorted(keys):
            seen = {canon(e.kwargs.get(key, "<absent>")) for e in events}
            if len(seen) > 1:
                return f"s{site} gets different {key} across iterations: {sorted(seen)[:2]}"
        for key in sorted(quoting - keys):
            # an argument under another key that carries a named input among
            # other things (a text that quotes it, a record that holds it):
            # what must not vary is what it carries of the input (a list the
            # loop adds records holding the input to holds none of it at
            # first: the input it holds is still the one input, as the
            # checker documents)
            held = {frozenset(t for t in e.tokens.get(key, ()) if t.input in (claim.args or ())) for e in events} - {frozenset()}
            if len(held) > 1:
                return f"s{site} gets different parts of {claim.args} under {key} across iterations"
    return None


def _gated(claim: Gated, v: View) -> str | None:
    def approved_before(at: int, producer: str | None) -> bool:
        for a in v.t.events:
            who = a.slot == claim.approver if claim.approver is not None else a.slot != producer
            if who and a.end != -1 and a.end < at and v.approving(a):
                return True
        return False

    if claim.var is None:
        assert claim.target is not None
        for e in v.select(claim.target):
            if not approved_before(e.start, e.slot):
                return f"{e.slot} at s{e.site}{e.counters} runs with no approval by {claim.approver} before it"
        return None
    # What is added after the variable is declared: what an append adds,
    # or a new value replacing the old one. A snapshot where the variable
    # is back in scope after being out of it is a new declaration.
    prev: Any = _ABSENT
    scope: tuple[Any, ...] | None = None
    loops = v.p.declared_in.get(claim.var, ())
    for snap in v.probes():
        value = snap.bindings.get(claim.var, _ABSENT)
        # the iteration of the loops the `let` is in: a new one declares anew
        here = tuple(snap.bindings.get(f"i{i}") for i in loops)
        before, prev = prev, value
        fresh = here != scope
        scope = here
        if value is _ABSENT or before is _ABSENT or fresh or value == before:
            continue
        if isinstance(before, list) and isinstance(value, list) and value[: len(before)] == before:
            items = value[len(before) :]
        else:
            items = value if isinstance(value, list) else [value]
        for item in items:
            producers = {ev.slot for t in tokens(item) if t.kind == "c" and (ev := v.source_event(t)) is not None}
            for producer in sorted(producers):
                if not approved_before(snap.at, producer):
                    return f"{claim.var} gains {item!r} with no approval before it"
    return None


_ABSENT = object()


def _fail_safe(claim: FailSafe, v: View) -> str | None:
    guards = [a for a in v.t.events if a.slot == claim.approver]
    if claim.target is not None:
        # the slot named never runs unless some output of the approver
        # before it could be read (before the first verdict too)
        for e in v.select(claim.target):
            if not any(isinstance(a.output, dict) and a.end < e.start for a in guards):
                return f"{e.slot} at s{e.site}{e.counters} runs though no {claim.approver} output before it was readable"
        return None
    if not guards:
        return None
    first = min(a.start for a in guards)
    for e in v.t.events:
        if e.slot == claim.approver or e.start < first:
            continue
        if not any(isinstance(a.output, dict) and a.end < e.start for a in guards):
            return f"{e.slot} at s{e.site}{e.counters} runs though every {claim.approver} output so far was unreadable"
    return None


def _unaware(claim: Unaware, v: View) -> str | None:
    me = claim.target.slot
    for e in v.select(claim.target):
        for key, value in e.kwargs.items():
            found = e.tokens[key]
            for t in found:
                if t.kind == "s" and (t.ident != me or claim.others):
                    return f"{e.slot} at s{e.site}{e.counters} is handed the delegate {t.ident} in {key}"
                ev = v.source_event(t)
                if claim.others and ev is not None and ev.slot == e.slot and not v.same_invocation(ev, e):
                    return f"{e.slot} at s{e.site}{e.counters} gets another invocation's {t} in {key}"
            if any(w.startswith(term) for w in words(value) for term in claim.terms):
                return f"{e.slot} at s{e.site}{e.counters} is told {HIDDEN!r} in {key}: {value!r}"
            if any(w.startswith(term) for w in words(key) for term in claim.terms):
                # Named after another delegate's work it carries (at this
                # site, in some call of the run: in round 1 there may be
                # none yet) describes that work.
                described = _has_null(value) or any(  # (a read of it may find nothing)
                    t.kind in "ce" and (ev := v.source_event(t)) is not None and ev.slot != me
                    for o in v.t.events if o.site == e.site
                    for t in o.tokens.get(key, ())
                )
                if not described:
                    return f"{e.slot} at s{e.site}{e.counters} gets a property named {key!r}"
    return None


def _ordered(claim: Ordered, v: View) -> str | None:
    assert claim.target is not None
    groups: dict[tuple[Any, ...], list[Event]] = {}
    for e in v.select(claim.target):
        # in order within each walk: the innermost `for` over the list
        loops = v.counted(e)
        walks = [i for i, loop in enumerate(loops) if loop.kind == "for" and loop.bound == claim.over]
        fixed = tuple(c for i, c in enumerate(e.counters) if not walks or i != walks[-1])
        groups.setdefault(fixed, []).append(e)
    for events in groups.values():
        events.sort(key=lambda e: e.start)
        last = -1
        for i, e in enumerate(events):
            mine = {int(t.ident.split("#")[1]) for t in e.all_tokens() if t.input == claim.over and "#" in t.ident}
            if len(mine) > 1:
                return f"{e.slot} at s{e.site}{e.counters} gets several elements of {claim.over}: {sorted(mine)}"
            if mine:
                (k,) = mine
                if k < last:
                    return f"{e.slot} at s{e.site}{e.counters} gets element {k} after element {last}"
                last = k
            if i and events[i - 1].end > e.start:
                return f"{e.slot} at s{e.site}{e.counters} starts before the previous call ended"
    return None


def _iterations(v: View, loop_id: int) -> int:
    """The most iterations one run of the loop was seen to reach."""
    loop = v.p.loops[loop_id]
    extra = 1 if loop.kind == "for" else 0
    most = 0
    for e in v.t.events:
        for c, meta in zip(e.counters, v.counted(e), strict=True):
            if meta.id == loop_id:
                most = max(most, c + extra)
    for snap in v.probes():
        seen = snap.bindings.get(f"i{loop_id}")
        if isinstance(seen, int):
            most = max(most, seen + extra)
    return most


def _one_loop(claim: Bounded, v: View) -> str | None:
    """"The `a` loop" / "the i2 loop": that one loop ran at most the bound."""
    if claim.around is not None:
        sites = [s for s in v.p.sites.values() if s.slot == claim.around]
        innermost = {loops[-1].id if (loops := v.p.counted(s)) else None for s in sites}
        if len(innermost) != 1 or None in innermost:
            return None  # which loop is meant is not settled: never proved
        (loop_id,) = innermost
    else:
        ids = [m.id for m in v.p.loops.values() if m.counted and claim.loop in (f"i{m.id}", m.local)]
        if len(ids) != 1:
            return None
        (loop_id,) = ids
    assert loop_id is not None
    bound = v.t.inputs[claim.bound]
    most = _iterations(v, loop_id)
    if most > bound:
        return f"the loop {loop_id} ran {most} times, more than {claim.bound} = {bound}"
    return None


def _bounded(claim: Bounded, v: View) -> str | None:
    if claim.around is not None or claim.loop is not None:
        return _one_loop(claim, v)
    bound = v.t.inputs[claim.bound]
    main = {loops[0].id for site in v.p.sites.values() if (loops := v.p.counted(site))}
    if not main:
        return None
    most: dict[int, int] = {}
    for e in v.t.events:
        for c, loop in zip(e.counters, v.counted(e), strict=True):
            if loop.id in main:
                most[loop.id] = max(most.get(loop.id, 0), c + (1 if loop.kind == "for" else 0))
    for snap in v.probes():
        for loop_id in main:
            seen = snap.bindings.get(f"i{loop_id}")
            if isinstance(seen, int):
                loop = v.p.loops[loop_id]
                most[loop_id] = max(most.get(loop_id, 0), seen + (1 if loop.kind == "for" else 0))
    if all(most.get(i, 0) > bound for i in main):
        return f"every loop around the calls ran more than {claim.bound} = {bound} times: {most}"
    return None


def _call_count(claim: CallCount, v: View) -> str | None:
    bound = int(claim.count) if claim.count.isdigit() else v.t.inputs[claim.count]
    if claim.per:
        bound = len(v.t.inputs[claim.count])  # once per element of the list
    made = len(v.select(claim.target))
    if made > bound:
        return f"{claim.target.slot} was called {made} times, more than {claim.count} = {bound}"
    if claim.exact and made != bound and v.t.error is None:
        return f"{claim.target.slot} was called {made} times in a run that returned, not {claim.count} = {bound}"
    return None


def _monotonic(claim: Monotonic, v: View) -> str | None:
    # "each `x` list only grows": every copy the `let` makes, one per
    # iteration of the loops it is in, is followed on its own
    loops = v.p.declared_in.get(claim.var, ()) if claim.each else ()
    prev: dict[tuple[Any, ...], Any] = {}
    for snap in sorted(v.t.snapshots, key=lambda s: s.at):
        if claim.var not in snap.bindings:
            continue
        copy = tuple(snap.bindings.get(f"i{i}") for i in loops)
        value = snap.bindings[claim.var]
        before = prev.get(copy)
        if before is not None and value != before:
            grows = isinstance(before, list) and isinstance(value, list) and value[: len(before)] == before
            if not grows:
                return f"{claim.var} went from {before!r} to {value!r}"
        prev[copy] = value
    return None


def _elements(e: Event, name: str) -> set[str]:
    return {t.ident for t in e.all_tokens() if t.input == name and "#" in t.ident}


def _exactly_once(claim: ExactlyOnce, v: View) -> str | None:
    events = v.select(claim.target)
    if claim.per == "call":
        size = len(v.t.inputs[claim.elements])
        for e in events:
            got = _elements(e, claim.elements)
            # a list walked in step with a longer one: past its end, an
            # index finds nothing (the claim assumes they are as long)
            overrun = any(
                loop.kind == "for" and c >= size for loop, c in zip(v.counted(e), e.counters, strict=True)
            )
            if not got and overrun:
                continue
            if len(got) != 1:
                return f"{e.slot} at s{e.site}{e.counters} gets {len(got)} elements of {claim.elements}"
        return None
    if v.t.error is not None:
        return None  # the run stopped early: not every element had its turn
    for k in range(len(v.t.inputs[claim.elements])):
        ident = f"{claim.elements}#{k}"
        n = sum(1 for e in events if ident in _elements(e, claim.elements))
        if n != 1:
            return f"element {k} of {claim.elements} went to {n} calls of {claim.target.slot}"
    return None


def _own_elements(e: Event, name: str) -> set[Token]:
    """The elements of the list input ``name`` the call's own iteration
    picks: the element of a `for` around it, or the one at a counter."""
    own = set().union(*(tokens(x) for x in e.elements)) if e.elements else set()
    own |= {Token("i", f"{name}#{c}") for c in e.counters}
    return {t for t in own if t.input == name and "#" in t.ident}


def _covers(v: View, need: Source, e: Event, t: Token) -> bool:
    ev = v.source_event(t)
    match need:
        case FromInput(name=name, element=True):
            return t in _own_elements(e, name)
        case FromInput(name=name, fields=fields) if fields:
            return t.input == name and _has(t.field, fields)
        case FromInput(name=name):
            return t.input == name
        case FromSlot(slot=slot, fields=fields, age=age, whole=whole):
            if ev is None or ev.slot != slot:
                return False
            if whole and t.field is not None:
                return False  # "the whole reply": all of it, not a part
            if fields and not whole and not _has(t.field, fields):
                return False
            return _of_age(v, age, e, ev)
        case FromField(name=name):
            return t.kind in "ci" and _has(t.field, (name,))
        case AnyResult(age=age):
            if t.kind != "c" or t.field is not None or ev is None:
                return False
            return _of_age(v, age, e, ev)
        case FromVar(name=name):
            return t in v.var_tokens(name)
        case FromOthers() | OtherElements() | Null():
            return False
        case _:
            assert_never(need)


def _holds(value: Any, target: str) -> bool:
    """``value`` is, or contains, a value whose text is ``target`` (written
    into a text, too)."""
    if canon(value) == target:
        return True
    if isinstance(value, str):
        return target.strip('"') in value
    if isinstance(value, dict):
        return any(_holds(x, target) for x in value.values())
    if isinstance(value, list):
        return any(_holds(x, target) for x in value)
    return False


#: What the runtime gives for ``X.reason`` of a verdict ``X`` that is null
#: (a loop that ran no round): its text for no result, read as null.
_EMPTY_REASON = runtime.reason(None)


def _has_null(value: Any) -> bool:
    """Null (or an empty list or object) somewhere in ``value``, or written
    into a text inside it (the runtime's reason of a null verdict is null
    said in words)."""
    if value is None or value == [] or value == {}:
        return True
    if isinstance(value, str):
        return value == _EMPTY_REASON or "null" in re.split(r"[^a-z]+", value) or "[]" in value or "{}" in value
    if isinstance(value, dict):
        return any(_has_null(x) for x in value.values())
    if isinstance(value, list):
        return any(_has_null(x) for x in value)
    return False


def _null_read(v: View, need: Source, e: Event) -> bool:
    """The call may have been passed a read of a field the source did not
    have (a text output, a failure): null, somewhere in what it got."""
    match need:
        case FromSlot(slot=slot):
            lacking = any(o.slot == slot and not isinstance(o.output, dict) and o.end < e.start for o in v.t.events)
        case FromField():
            lacking = True  # an input's field, or a text output's: none there
        case _:
            return False
    if any(x == [] or (isinstance(x, str) and "[]" in x) for x in values(e.kwargs)):
        return True  # a list of its outputs, none yet (written into a text too)
    return lacking and _has_null(list(e.kwargs.values()))



def _whole_without(v: View, need: Source, e: Event, found: set[Token]) -> bool:
    """The call was passed a whole output (of the slot named) that has no
    field at all, a text: all there was of it, as a read of the missing
    field passes null (:func:`_null_read`)."""
    match need:
        case FromSlot(slot=slot, fields=fields) if fields:
            named: str | None = slot
        case FromField():
            named = None
        case _:
            return False
    for t in found:
        source = v.t.by_key.get(t.call) if t.kind == "c" and t.field is None and t.call is not None else None
        if source is not None and not isinstance(source.output, dict) and named in (None, source.slot):
            if _of_age(v, getattr(need, "age", "any"), e, source):
                return True
    return False


def _of_age(v: View, age: str, e: Event, source: Event) -> bool:
    """``source`` ran in the round ``age`` names, relative to ``e``."""
    if age == "prior":
        return v.prior(e, source)
    if age == "current":
        return not v.earlier_round(e, source)
    return True


def _receives(claim: Receives, v: View) -> str | None:
    inputs_named = any(isinstance(n, FromInput) for n in claim.needs)
    for e in v.select(claim.target):
        found = e.all_tokens()
        for need in claim.needs:
            if isinstance(need, FromSlot) and need.every:
                ok = all(
                    any(t.call == o.key for t in found) for o in v.t.events
                    if o.slot == need.slot and o.end != -1 and o.end < e.start and v.common_round(e, o)
                )
            elif isinstance(need, FromInput) and need.element:
                ok = any(_covers(v, need, e, t) for t in found)
            elif isinstance(need, FromInput) and need.original:
                original = canon(v.t.inputs[need.name])
                ok = any(canon(value) == original for value in e.kwargs.values())
            elif isinstance(need, FromInput) and need.fields:
                ok = any(_covers(v, need, e, t) for t in found)
            elif isinstance(need, FromInput):
                ok = any(_covers(v, need, e, t) for t in found)
                ok = ok or _holds(list(e.kwargs.values()), canon(v.t.inputs[need.name]))
            elif getattr(need, "age", "any") == "prior" and v.first_round(e):
                ok = True  # no round before the first
            else:
                ok = any(_covers(v, need, e, t) for t in found) or _null_read(v, need, e) or _whole_without(v, need, e, found)
            if not ok:
                return f"{e.slot} at s{e.site}{e.counters} does not receive {need}"
        if claim.only:
            covered = {t for t in found if any(_covers(v, n, e, t) for n in claim.needs)}
            for t in sorted(found, key=str):
                restricted = t.kind in "ce" or (t.kind == "i" and inputs_named)
                # a field of a result that is covered whole is part of it
                whole = Token(t.kind, t.ident, None)
                if restricted and t not in covered and not (t.field and whole in covered):
                    return f"{e.slot} at s{e.site}{e.counters} also receives {t}"
    return None


def _returns(claim: Returns, v: View) -> str | None:
    result = v.t.result
    if result is None:
        return None
    if claim.path == "blocked":
        asked = [a for a in v.t.events if a.slot == claim.approver]
        if not asked or any(v.approving(a) for a in asked):
            return None
    elif claim.path != "all":
        return None
    for need in claim.needs:
        values = [result.get(need.field)] if need.field is not None else list(result.values())
        found = set().union(*(tokens(x) for x in values)) if values else set()
        what = need.what

        def carried(t: Token, what: Source = what) -> bool:
            ev = v.source_event(t)
            match what:
                case FromSlot(slot=slot, fields=fields):
                    return ev is not None and ev.slot == slot and (not fields or _has(t.field, fields))
                case FromInput(name=name, fields=fields):
                    return t.input == name and (not fields or _has(t.field, fields))
                case AnyResult():
                    return t.kind == "c"
                case FromField(name=name):
                    return t.kind == "c" and _has(t.field, (name,))
                case _:
                    return False

        if isinstance(what, Null):
            if any(x is not None for x in values):
                return f"returns {values!r}, not null"
            continue
        # "Returns X": X, or null where there is none (no round ran, a
        # field the delegate did not give).
        if need.field is not None and values == [None]:
            pass
        elif isinstance(what, FromInput) and not what.fields and _holds(values, canon(v.t.inputs[what.name])):
            pass
        elif not any(carried(t) for t in found) and not _has_null(values):
            return f"returns {values!r}: nothing of {what}"
        if need.only:
            extra = sorted((t for t in found if not carried(t) and t.kind != "s"), key=str)
            if extra:
                return f"returns {extra[0]} besides {what}"
    return None


def _unmerged(claim: Unmerged, v: View) -> str | None:
    sides = set(claim.sides)

    def merged(found: set[Token]) -> str | None:
        mine = [(t, ev) for t in found if t.kind in "ce" and (ev := v.source_event(t)) is not None and ev.slot in sides]
        slots = {ev.slot for _, ev in mine}
        if len(slots) > 1:
            return " and ".join(sorted(slots))
        if len(sides) == 1 and len({ev.key for _, ev in mine}) > 1:
            return f"several {next(iter(sides))} outputs"
        return None

    for e in v.t.events:
        what = merged(e.all_tokens())
        if what:
            return f"{e.slot} at s{e.site}{e.counters} receives {what}"
    values: list[Any] = [s.bindings for s in v.t.snapshots]
    if v.t.result is not None:
        values.append(v.t.result)
    for value in values:
        for text in texts(value):
            what = merged(tokens(text))
            if what:
                return f"the text {text!r} holds {what}"
    return None
