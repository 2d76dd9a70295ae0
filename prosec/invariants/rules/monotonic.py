"""monotonic: after its one initialization the list is only appended to —
never reassigned, re-bound or changed in place."""

from __future__ import annotations

from dataclasses import replace

from ..claims import Monotonic
from ..model import Status
from .base import Facts, Problem, Verdict, undecided, unsettled, verdict


def check(claim: Monotonic, facts: Facts) -> Verdict:
    """Check a monotonic claim. Said plainly of a list a `let` in a loop
    makes anew each time round ("the staged reports only grow"), where each
    of those lists only grows: each list, or the local across rounds, which
    each round empties? The words do not say."""
    got = _check(claim, facts)
    if got.status is Status.VIOLATED and not claim.each:
        each = _check(replace(claim, each=True), facts)
        if each.status is Status.PROVED and any("made anew" in e for e in each.evidence):
            return undecided(
                f"each list the `let` makes anew only grows, but a new, empty one is made each time round its loop ({got.problems[0].message})",
                got.problems,
                each.evidence,
            )
    return got


def _check(claim: Monotonic, facts: Facts) -> Verdict:
    writes = sorted((w for w in facts.a.writes.values() if w.var == claim.var), key=lambda w: w.stmt.span)
    if not writes:
        note = f"`{claim.var}` is never written"
        return Verdict(Status.PROVED, [note])
    problems: list[Problem] = []
    init = writes[0] if writes[0].kind in ("declare", "update", "assign") and not writes[0].loops else None
    if claim.each and writes[0].kind == "declare":
        # "each `x` list only grows": a `let` in a loop makes a new list each
        # time round, which only the appends in that same loop body reach
        init = writes[0]
    appends = 0
    for w in writes:
        if w is init:
            continue
        if w.kind == "append" and init is not None and w.loops[: len(init.loops)] != init.loops:
            problems.append(Problem(w.stmt.span, f"line {w.stmt.span.line} appends to `{claim.var}` outside the loop that makes it anew"))
            continue
        if w.kind == "append":
            appends += 1
            continue
        what = "changes an element of" if w.kind == "put" else "replaces"
        problems.append(Problem(w.stmt.span, f"line {w.stmt.span.line} {what} `{claim.var}` instead of appending to it"))
    start = f"initialized on line {init.stmt.span.line}, " if init else ""
    if claim.each and init is not None and init.loops:
        start = f"made anew on line {init.stmt.span.line} each time round its loop, "
        if not problems and any(facts.a.loops[span].lingers for span in init.loops):
            # a branch of a parallel loop that does not wait for all its
            # branches may still make it anew while the loop around goes on
            return unsettled(
                f"`{claim.var}` is made anew in a parallel loop or block that does not wait for all its branches: "
                "which list a later round sees is not something the analysis follows",
                [],
                [f"`{claim.var}` is {start}then only appended to ({appends} place(s))"],
            )
    return verdict(problems, [f"`{claim.var}` is {start}then only appended to ({appends} place(s))"])
