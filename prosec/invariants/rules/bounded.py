"""bounded: the pattern's loop (an outermost loop around its calls) runs at
most the named config value's number of times — ``repeat N`` or ``loop ...
(max: N)`` with N that value as the caller gave it, never reassigned.

When there are several such loops, "the loop" is the one the value bounds;
when none is, each of them is reported.
"""

from __future__ import annotations

from ... import ir
from ..claims import Bounded
from ..flow import LoopInfo
from ..model import Status
from .base import Facts, Problem, Verdict, show, verdict


def check(claim: Bounded, facts: Facts) -> Verdict:
    """Check a bounded claim."""
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
        node = info.node
        match node:
            case ir.Repeat(count=bound) | ir.LoopUntil(max=bound):
                flows = facts.a.bounds.get(info.span, set())
                if flows and all(
                    f.src.kind == "input" and f.src.name == claim.bound and not f.path and not f.at for f in flows
                ):
                    bounded.append(info)
                else:
                    wrong.append(
                        Problem(bound.span, f"the loop on line {info.span.line} is bounded by `{show(bound)}`, not by `{claim.bound}` as the caller gave it")
                    )
            case ir.For(iterable=iterable):
                wrong.append(
                    Problem(iterable.span, f"the loop on line {info.span.line} walks `{show(iterable)}`: it is bounded by its length, not by `{claim.bound}`")
                )
            case ir.Parallel():
                pass
    if not bounded:
        # "The loop" is the one the value bounds; when no loop around the
        # calls is, each of them is where the promise fails.
        problems.extend(wrong)
    main = bounded or main
    lines = ", ".join(str(i.span.line) for i in main)
    return verdict(problems, [f"the loop on line {lines} runs at most `{claim.bound}` times; every other loop is finite"])
