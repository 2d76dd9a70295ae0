"""unchanged: every call of the slot gets the input's original value as it
is — or, for a relay ("does not curate, merge, or recover context between
stages"), the previous call's result and nothing else.

The original value is the caller's, never reassigned, edited in place,
interpolated or wrapped before the call; a copy under another name is still
the original.
"""

from __future__ import annotations

import functools

from ...diagnostics import Span
from ..claims import FromInput, FromSlot, Unchanged
from ..flow import CallObs, Flow, Flows, PropObs
from ..model import Status
from .base import (
    Facts,
    Problem,
    Verdict,
    origin,
    show,
    undecided,
    unsettled,
    verdict,
    where,
)


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
        case FromInput(name=name, fields=()):
            return _input(claim, facts, calls, name)
        case FromInput():
            return unsettled("'as it is' of a part of an input, which no call is checked for", [], [])
        case FromSlot(slot=slot):
            return _relay(claim, facts, calls, slot)


def _input(claim: Unchanged, facts: Facts, calls: list[CallObs], name: str) -> Verdict:
    problems: list[Problem] = []
    missing: list[Problem] = []
    stripped: list[CallObs] = []
    for call in calls:
        props = facts.props(call, claim.target.phase)
        sure = dict((p.prop.span, flows) for p, flows in facts.sure_props(call, claim.target.phase))
        carrying = [(p, flows) for p, flows in props if any(f.src.kind == "input" and f.src.name == name for f in flows)]
        if not carrying and (named := next((p for p, _ in props if p.prop.key == name), None)) is not None:
            # `budget: choice.budget_left`, of "told the budget exactly as
            # given": passed, under the input's own name, something else
            value = named.prop.value
            problems.append(
                Problem(
                    value.span,
                    f"`{call.slot}` receives `{show(value)}` (line {value.span.line}) as `{name}`, "
                    f"which is not the original `{name}`",
                )
            )
            continue
        if not carrying:
            missing.append(
                Problem(call.call.callee_span, f"`call {call.call.callee}` (line {call.call.span.line}) does not pass `{name}`")
            )
            continue
        if any(is_original(flows, name) and _sure(sure[p.prop.span], name) for p, flows in carrying):
            # the input reaches the call as it is, on every path; another
            # argument may also quote it ("Release {version}") without
            # changing the one passed
            if all(p.prop.span in facts.stripped for p, flows in carrying if is_original(flows, name)):
                stripped.append(call)
            continue
        for prop, flows in carrying[:1]:
            other = sorted(
                (f for f in flows if not (f.src.kind == "input" and f.src.name == name and not f.path and not f.at)),
                key=lambda f: f.src,
            )
            how = f"it carries {origin(other[0])}{where(other[0])}" if other else "on some path it is something else"
            problems.append(
                Problem(
                    prop.prop.value.span,
                    f"`{call.slot}` receives `{show(prop.prop.value)}` (line {prop.prop.value.span.line}), "
                    f"which is not the original `{name}`: {how}",
                )
            )
    lines = ", ".join(str(c.call.span.line) for c in calls)
    evidence = [f"every call of {claim.target.describe()} (line {lines}) passes the caller's `{name}` as it is"]
    if missing and not problems and len(missing) < len(calls) and not claim.always:
        # "the round is passed to the haulier as given", of a haulier
        # called again without it: the calls that are given it, each as
        # it is, or every call of the slot?
        given = ", ".join(str(c.call.span.line) for c in calls if c.call.callee_span not in {m.span for m in missing})
        return undecided(
            f"the calls that are given `{name}` (line {given}), each as it is, or every call of {claim.target.describe()}",
            missing,
            [f"the calls of {claim.target.describe()} that are given it (line {given}) pass the caller's `{name}` as it is"],
        )
    if stripped and not (problems or missing):
        return _stripped(stripped, facts, evidence)
    elements = [c for c in calls if _elements_as_they_are(facts.props(c, claim.target.phase), name)]
    if problems and not missing and len(elements) == len(calls):
        # "the head chef sees the original batches", of a head chef given
        # a record per batch that holds the batch as it is: the list as
        # the caller gave it, or each of its elements as given?
        return undecided(
            f"`{name}` itself as the caller gave it, or each of its elements as given "
            f"(line {calls[0].call.span.line} is passed a list with each element of it, as it is, in an element of its own)",
            problems,
            evidence,
        )
    return verdict(problems + missing, evidence)


def _elements_as_they_are(props: list[tuple[PropObs, set[Flow]]], name: str) -> bool:
    """Every flow of the input into the call is one of its elements as it
    is, placed in the list's element made in the same iteration of the
    loop that walks it (``record { batch: batch, tweak: tweak } in
    adjusted``, inside ``for batch in batches``)."""
    flows = [f for _, fs in props for f in fs if f.src.kind == "input" and f.src.name == name]
    return bool(flows) and all(
        len(f.path) == 1
        and f.path[0].startswith("@")
        and f.at[:1] == ("+" + f.path[0][1:],)
        and all(step.isidentifier() for step in f.at[1:])  # under keys, not quoted in a text
        for f in flows
    )


def _stripped(calls: list[CallObs], facts: Facts, evidence: list[str]) -> Verdict:
    """The value is passed as it is, but a field firewall of the pattern
    removes fields from it at run time: whether it has them is not known."""
    call = calls[0]
    fields = sorted({f for span in call.props for f in facts.stripped.get(span, ())})
    shown = ", ".join(f"`{f}`" for f in fields)
    return unsettled(
        f"a field firewall removes {shown} from what `call {call.call.callee}` (line {call.call.span.line}) is passed, at run time",
        [],
        evidence,
    )


def _sure(flows: Flows, name: str) -> bool:
    """The property is the input itself on every path."""
    return any(f.src.kind == "input" and f.src.name == name and not f.path and not f.at for f in flows)


def _previous(f: Flow, *, slot: str, loop: Span | None) -> bool:
    """The output of the call before, as it is: from the iteration just
    before this one, not an older one."""
    return (
        f.src.kind == "call" and f.src.name == slot and not f.path and not f.at
        and (loop is None or (loop in f.carried and f.fresh(loop)))
    )


def _relay(claim: Unchanged, facts: Facts, calls: list[CallObs], slot: str) -> Verdict:
    problems: list[Problem] = []
    stripped: list[CallObs] = []
    for call in calls:
        loop = facts.innermost(call)
        sure = dict((p.prop.span, flows) for p, flows in facts.sure_props(call, claim.target.phase))
        previous = functools.partial(_previous, slot=slot, loop=loop.span if loop is not None else None)
        passed = False
        for prop, flows in facts.props(call, claim.target.phase):
            if all(f.src.kind == "text" for f in flows):
                continue  # fixed text, not context
            if all(previous(f) for f in flows) and any(previous(f) for f in sure[prop.prop.span]):
                passed = True
                if prop.prop.span in facts.stripped:
                    stripped.append(call)
                continue
            bad = sorted((f for f in flows if not previous(f)), key=lambda f: f.src)
            how = f"it carries {origin(bad[0])}{where(bad[0])}" if bad else "on some path it is not that output"
            problems.append(
                Problem(
                    prop.prop.value.span,
                    f"`{call.slot}` receives `{show(prop.prop.value)}` (line {prop.prop.value.span.line}), "
                    f"not just the previous `{slot}` output: {how}",
                )
            )
        if not passed and not problems:
            problems.append(
                Problem(call.call.callee_span, f"`call {call.call.callee}` (line {call.call.span.line}) does not receive the previous output")
            )
    evidence = [f"each later `{slot}` call receives the previous one's output as it is, and nothing else"]
    if stripped and not problems:
        return _stripped(stripped, facts, evidence)
    return verdict(problems, evidence)
