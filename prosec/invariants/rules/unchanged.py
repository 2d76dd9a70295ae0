"""unchanged: every call of the slot gets the input's original value as it
is — or, for a relay ("does not curate, merge, or recover context between
stages"), the previous call's result and nothing else.

The original value is the caller's, never reassigned, edited in place,
interpolated or wrapped before the call; a copy under another name is still
the original.
"""

from __future__ import annotations

from ..claims import FromInput, FromSlot, Unchanged
from ..flow import CallObs, Flow
from ..model import Status
from .base import Facts, Problem, Verdict, origin, show, verdict, where


def is_original(flows: set[Flow], name: str) -> bool:
    """Exactly the caller's value of ``name``."""
    return bool(flows) and all(
        f.src.kind == "input" and f.src.name == name and not f.path and not f.at for f in flows
    )


def check(claim: Unchanged, facts: Facts) -> Verdict:
    """Check an unchanged claim (an input, or a relay)."""
    calls = [c for c in facts.calls(claim.target) if facts.has_phase(c, claim.target.phase)]
    if not calls:
        note = f"{claim.target.describe()} is never called"
        return Verdict(Status.PROVED, [note], vacuous=note)
    match claim.source:
        case FromInput(name=name):
            return _input(claim, facts, calls, name)
        case FromSlot(slot=slot):
            return _relay(claim, facts, calls, slot)


def _input(claim: Unchanged, facts: Facts, calls: list[CallObs], name: str) -> Verdict:
    problems: list[Problem] = []
    for call in calls:
        props = facts.props(call, claim.target.phase)
        carrying = [(p, flows) for p, flows in props if any(f.src.kind == "input" and f.src.name == name for f in flows)]
        if not carrying:
            problems.append(
                Problem(call.call.callee_span, f"`call {call.call.callee}` (line {call.call.span.line}) does not pass `{name}`")
            )
            continue
        if any(is_original(flows, name) for _, flows in carrying):
            # the input reaches the call as it is; another argument may also
            # quote it ("Release {version}") without changing the one passed
            continue
        for prop, flows in carrying[:1]:
            other = sorted(
                (f for f in flows if not (f.src.kind == "input" and f.src.name == name and not f.path and not f.at)),
                key=lambda f: f.src,
            )
            how = f"{origin(other[0])}{where(other[0])}" if other else "a changed copy"
            problems.append(
                Problem(
                    prop.prop.value.span,
                    f"`{call.slot}` receives `{show(prop.prop.value)}` (line {prop.prop.value.span.line}), "
                    f"which is not the original `{name}`: it carries {how}",
                )
            )
    lines = ", ".join(str(c.call.span.line) for c in calls)
    return verdict(problems, [f"every call of {claim.target.describe()} (line {lines}) passes the caller's `{name}` as it is"])


def _relay(claim: Unchanged, facts: Facts, calls: list[CallObs], slot: str) -> Verdict:
    problems: list[Problem] = []
    for call in calls:
        loop = facts.innermost(call)
        passed = False
        for prop, flows in facts.props(call, claim.target.phase):
            if not flows:
                continue  # fixed text, not context
            good = all(
                f.src.kind == "call" and f.src.name == slot and not f.path and not f.at
                and (loop is None or loop.span in f.carried)
                for f in flows
            )
            if good:
                passed = True
                continue
            bad = sorted(
                (f for f in flows if not (f.src.kind == "call" and f.src.name == slot and not f.path and not f.at)),
                key=lambda f: f.src,
            ) or sorted(flows, key=lambda f: f.src)
            problems.append(
                Problem(
                    prop.prop.value.span,
                    f"`{call.slot}` receives `{show(prop.prop.value)}` (line {prop.prop.value.span.line}), "
                    f"not just the previous `{slot}` output: it carries {origin(bad[0])}{where(bad[0])}",
                )
            )
        if not passed and not problems:
            problems.append(
                Problem(call.call.callee_span, f"`call {call.call.callee}` (line {call.call.span.line}) does not receive the previous output")
            )
    return verdict(problems, [f"each later `{slot}` call receives the previous one's output as it is, and nothing else"])
