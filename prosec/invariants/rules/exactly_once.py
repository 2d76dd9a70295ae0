"""exactly-once: each call of the slot gets exactly one element of the list
— the element chosen by its own iteration — and is made once per
iteration; per element, that iteration walks the whole list."""

from __future__ import annotations

from ... import ir
from ..claims import ExactlyOnce
from ..flow import INDEX, LENGTH, CallObs
from ..model import Status
from .base import Facts, Problem, Verdict, show, verdict


def check(claim: ExactlyOnce, facts: Facts) -> Verdict:
    """Check an exactly-once claim."""
    calls = facts.calls(claim.target)
    name = claim.elements
    problems: list[Problem] = []
    receivers: list[CallObs] = []
    for call in calls:
        steps: set[str] = set()
        for prop, flows in facts.props(call):
            for f in flows:
                if f.src.kind != "input" or f.src.name != name or LENGTH in f.path or (f.at and f.at[0] == INDEX):
                    continue
                step = f.path[0] if f.path else ""
                info = facts.loop_of_step(step) if step.startswith("@") else None
                if info is None or info.span not in call.loops:
                    problems.append(
                        Problem(
                            prop.prop.value.span,
                            f"`{call.slot}` receives `{show(prop.prop.value)}` (line {prop.prop.value.span.line}): "
                            f"{'all of' if not f.path else 'an element of'} `{name}`, not the one its iteration was given",
                        )
                    )
                    continue
                steps.add(step)
        if not steps:
            continue
        receivers.append(call)
        if len(steps) > 1:
            problems.append(Problem(call.call.callee_span, f"`call {call.call.callee}` (line {call.call.span.line}) receives more than one element of `{name}`"))
            continue
        (step,) = steps
        loop = facts.loop_of_step(step)
        assert loop is not None
        inner = [i for i in facts.loops_of(call) if i is not loop and facts.a.inside(i.span, loop.span)]
        if inner:
            problems.append(
                Problem(inner[0].span, f"`call {call.call.callee}` (line {call.call.span.line}) runs in the loop on line {inner[0].span.line}, inside the one over `{name}`: more than once per element")
            )
        siblings = [c for c in calls if c is not call and loop.span in c.loops]
        if siblings:
            problems.append(
                Problem(siblings[0].call.callee_span, f"a second `call {siblings[0].call.callee}` (line {siblings[0].call.span.line}) in the loop on line {loop.span.line}")
            )
        if claim.per == "element":
            walked = facts.a.bounds.get(loop.span, set())
            walks = isinstance(loop.node, ir.For) and bool(walked) and all(
                f.src.kind == "input" and f.src.name == name and not f.path and not f.at for f in walked
            )
            if not walks:
                problems.append(Problem(loop.span, f"the loop on line {loop.span.line} does not walk every element of `{name}`"))
    if not receivers and not problems:
        first = calls[0].call.callee_span if calls else facts.a.program.span
        problems.append(Problem(first, f"no call of `{claim.target.slot}` receives an element of `{name}`"))
    if not calls:
        return Verdict(Status.VIOLATED, [], problems)
    lines = ", ".join(str(c.call.span.line) for c in receivers)
    return verdict(problems, [f"`{claim.target.slot}` (line {lines}) is called once per element of `{name}`, with that element only"])
