"""isolation: nothing from the named source reaches the slot's calls.

The source is a slot's results, an input, the other invocations of the same
slot (siblings in a parallel region, earlier entries of a slot sequence —
never the same role's own earlier rounds), or the elements of an input list
other than the one a call was given.
"""

from __future__ import annotations

from ..claims import (
    AnyResult,
    FromField,
    FromInput,
    FromOthers,
    FromSlot,
    FromVar,
    Isolation,
    Null,
    OtherElements,
    Source,
    describe_source,
)
from ..flow import LENGTH, CallObs, Flow, each
from ..model import Status
from .base import Facts, Problem, Verdict, origin, show, verdict, where


def leaks(facts: Facts, source: Source, f: Flow, call: CallObs) -> bool:
    """Whether flow ``f``, reaching ``call``, comes from ``source``."""
    match source:
        case FromSlot(slot=slot, fields=fields, given=given, failures=failures):
            if f.src.kind not in ("call", "error", "slot") or f.src.name != slot:
                return False
            if f.src.kind == "error" and not failures:
                return False
            if given and not (facts.call_given(f.src.span) & given):
                return False
            if fields:
                first = f.first_field()
                return first is None or first in fields
            return True
        case FromInput(name=name):
            return f.src.kind == "input" and f.src.name == name
        case FromOthers():
            return facts.is_other_invocation(f, call)
        case OtherElements(name=name):
            if f.src.kind != "input" or f.src.name != name:
                return False
            if f.path[:1] == (LENGTH,) or f.path[-1:] == (LENGTH,):
                return False  # how many there are, not what they hold
            own = {each(s) for s in call.loops}
            return not (f.path and f.path[0] in own)
        case FromVar() | FromField() | AnyResult() | Null():
            return False


def check(claim: Isolation, facts: Facts) -> Verdict:
    """Check an isolation claim."""
    calls = facts.calls(claim.target)
    what = describe_source(claim.source)
    if not calls:
        return Verdict(
            Status.PROVED,
            [f"{claim.target.describe()} is never called"],
            vacuous=f"{claim.target.describe()} is never called",
        )
    problems: list[Problem] = []
    for call in calls:
        for prop, flows in facts.props(call, claim.target.phase):
            bad = sorted((f for f in flows if leaks(facts, claim.source, f, call)), key=lambda f: f.src)
            if bad:
                f = bad[0]
                problems.append(
                    Problem(
                        prop.prop.value.span,
                        f"`{call.slot}` receives `{show(prop.prop.value)}` (line "
                        f"{prop.prop.value.span.line}){where(f)}, from {origin(f)}"
                        + (" — another invocation's output" if isinstance(claim.source, FromOthers) else ""),
                    )
                )
        if isinstance(claim.source, FromOthers) and len(claim.target.given) > 1:
            # "Candidates are measured in isolation": each call is about one
            # of them, and sees no other.
            given = sorted(facts.call_given(call.call.span) & claim.target.given)
            if len(given) > 1:
                problems.append(
                    Problem(
                        call.call.callee_span,
                        f"`call {call.call.callee}` (line {call.call.span.line}) receives both "
                        + " and ".join(f"`{g}`" for g in given),
                    )
                )
    lines = ", ".join(str(c.call.span.line) for c in calls)
    evidence = [f"{len(calls)} call(s) of {claim.target.describe()} (line {lines}) receive nothing from {what}"]
    return verdict(problems, evidence)
