"""bounded: the pattern's loop (an outermost loop around its calls) runs at
most the named config value's number of times — ``repeat N`` or ``loop ...
(max: N)`` with N that value as the caller gave it, never reassigned.

When there are several such loops, "the loop" is the one the value bounds;
when none is, each of them is reported. "The editor loop" is the one loop
the editor is called in, whatever the value bounds; a slot called in no
loop, or in several, leaves it unsettled.
"""

from __future__ import annotations

from ... import ir
from ...diagnostics import Span
from ..claims import Bounded
from ..flow import LoopInfo
from ..model import Status
from .base import Facts, Problem, Verdict, show, unsettled, verdict


def _bounded_by(info: LoopInfo, bound: str, facts: Facts) -> Problem | None:
    """Why ``info`` is not bounded by the config value ``bound`` as the
    caller gave it; None when it is."""
    match info.node:
        case ir.Repeat(count=count) | ir.LoopUntil(max=count):
            flows = facts.a.bounds.get(info.span, set())
            if flows and all(f.src.kind == "input" and f.src.name == bound and not f.path and not f.at for f in flows):
                return None
            return Problem(count.span, f"the loop on line {info.span.line} is bounded by `{show(count)}`, not by `{bound}` as the caller gave it")
        case ir.For(iterable=iterable):
            return Problem(iterable.span, f"the loop on line {info.span.line} walks `{show(iterable)}`: it is bounded by its length, not by `{bound}`")
        case ir.Parallel():
            return None


def _around(claim: Bounded, facts: Facts) -> Verdict:
    """"The editor loop is bounded by `max_rounds`": the loop the slot is
    called in, the same one at every call."""
    assert claim.around is not None
    calls = [c for c in facts.a.calls.values() if c.slot == claim.around]
    innermost = {next((s for s in reversed(c.loops) if not facts.a.loops[s].is_block), None) for c in calls}
    if not calls or None in innermost or len(innermost) != 1:
        why = "never called" if not calls else "called outside every loop" if None in innermost else "called in several loops"
        return unsettled(f"`{claim.around}` is {why}: which loop is meant is not said", [], [])
    (span,) = innermost
    assert span is not None
    info = facts.a.loops[span]
    problem = _bounded_by(info, claim.bound, facts)
    evidence = [f"`{claim.around}` is called in the loop on line {info.span.line}, which runs at most `{claim.bound}` times"]
    return verdict([problem] if problem else [], evidence)


def _named(claim: Bounded, facts: Facts) -> Verdict:
    """"The trial loop is bounded by `max_trials`": the loop whose variable
    is `trial`, or that is the value of the local `trial`."""
    assert claim.loop is not None
    spans: set[Span] = set()
    for stmt in ir.walk(facts.a.program.body):
        match stmt:
            case ir.Bind(name=name, value=ir.Repeat() | ir.For() | ir.LoopUntil() as node) if name == claim.loop:
                spans.add(node.span)
            case ir.Repeat(var=var) | ir.For(var=var) | ir.LoopUntil(var=var) if var == claim.loop:
                spans.add(stmt.span)
            case _:
                pass
    if len(spans) != 1 or next(iter(spans)) not in facts.a.loops:
        return unsettled(f"no one loop around calls is named `{claim.loop}`", [], [])
    info = facts.a.loops[next(iter(spans))]
    problem = _bounded_by(info, claim.bound, facts)
    evidence = [f"the `{claim.loop}` loop on line {info.span.line} runs at most `{claim.bound}` times"]
    return verdict([problem] if problem else [], evidence)


def check(claim: Bounded, facts: Facts) -> Verdict:
    """Check a bounded claim."""
    if claim.around is not None:
        return _around(claim, facts)
    if claim.loop is not None:
        return _named(claim, facts)
    # Every ProseScript loop ends: `repeat N` and `loop (max: N)` by their
    # count, a `for` by the length of the list it walks, which the runtime
    # copies before the first iteration (so growing it does not extend the
    # loop). What is left to check is which value bounds the pattern's loop.
    problems: list[Problem] = []
    main = facts.a.main_loops()
    if not main:
        note = "the pattern has no loop around its calls: each call runs once"
        return Verdict(Status.PROVED, [note], vacuous=note)
    wrong: list[Problem] = []
    bounded: list[LoopInfo] = []
    for info in main:
        if info.is_block:
            continue
        problem = _bounded_by(info, claim.bound, facts)
        if problem is None:
            bounded.append(info)
        else:
            wrong.append(problem)
    if not bounded:
        # "The loop" is the one the value bounds; when no loop around the
        # calls is, each of them is where the promise fails.
        problems.extend(wrong)
    main = bounded or main
    lines = ", ".join(str(i.span.line) for i in main)
    return verdict(problems, [f"the loop on line {lines} runs at most `{claim.bound}` times; every other loop is finite"])
