"""receives: each call of the slot (in the named rounds) is passed the named
values — an input, another slot's output (its prior or current round, a
field of it, the whole collection of it), a local list — and, with "only",
no delegate output besides them (and no input besides the named ones, when
the sentence names inputs)."""

from __future__ import annotations

from ..claims import (
    AnyResult,
    FromField,
    FromInput,
    FromOthers,
    FromSlot,
    FromVar,
    Null,
    OtherElements,
    Receives,
    Source,
    describe_source,
)
from ..flow import CallObs, Flow, PropObs, is_element
from ..model import Status
from .base import Facts, Problem, Verdict, origin, show, verdict
from .unchanged import is_original


def _written(facts: Facts, var: str) -> set[tuple[object, str | None]]:
    out: set[tuple[object, str | None]] = set()
    for w in facts.a.writes.values():
        if w.var == var:
            out.update((f.src, f.first_field()) for f in w.value if f.src.kind != "edit")
    return out


def covers(need: Source, f: Flow, call: CallObs, facts: Facts) -> bool:
    """Whether flow ``f`` into ``call`` is (part of) what ``need`` names."""
    loop = facts.innermost(call)
    match need:
        case FromSlot(slot=slot, fields=fields, age=age, every=every):
            if f.src.kind not in ("call", "error") or f.src.name != slot:
                return False
            if fields and f.first_field() not in fields:
                return False
            if age == "prior" and (loop is None or loop.span not in f.carried):
                return False
            if age == "current" and loop is not None and loop.span in f.carried:
                return False
            if every:
                return bool(f.at) and f.at[0].startswith("@")
            # "the previous output" is one output, not a list of them
            return not (f.at and is_element(f.at[0]))
        case FromInput(name=name):
            return f.src.kind == "input" and f.src.name == name
        case FromVar(name=name):
            return f.src.kind != "edit" and (f.src, f.first_field()) in _written(facts, name)
        case FromField(name=name):
            # "the amount": that field, of a delegate's result or of an input
            return f.first_field() == name
        case AnyResult(age=age):
            if f.src.kind != "call" or f.first_field() is not None:
                return False  # "the result" is a whole result, not a field of one
            if age == "prior":
                return loop is not None and loop.span in f.carried
            if age == "current":
                return loop is None or loop.span not in f.carried
            return True
        case FromOthers() | OtherElements() | Null():
            return False


def _satisfied(need: Source, call: CallObs, props: list[tuple[PropObs, set[Flow]]], facts: Facts) -> bool:
    if isinstance(need, FromInput) and need.original:
        return any(is_original(flows, need.name) for _, flows in props)
    return any(covers(need, f, call, facts) for _, flows in props for f in flows)


def check(claim: Receives, facts: Facts) -> Verdict:
    """Check a receives claim."""
    phase = claim.target.phase
    every_call = facts.calls(claim.target)
    calls = [c for c in every_call if facts.has_phase(c, phase)]
    if not calls:
        note = (
            f"{claim.target.describe()} never runs a later round"
            if every_call
            else f"{claim.target.describe()} is never called"
        )
        return Verdict(Status.PROVED, [note], vacuous=None if every_call else note)
    problems: list[Problem] = []
    when = {"first": " in its first round", "later": " in later rounds", "all": ""}[phase]
    for call in calls:
        props = facts.props(call, phase)
        for need in claim.needs:
            if not _satisfied(need, call, props, facts):
                problems.append(
                    Problem(
                        call.call.callee_span,
                        f"`call {call.call.callee}` (line {call.call.span.line}){when} does not receive {describe_source(need)}",
                    )
                )
        if claim.only:
            problems.extend(_extra(claim, call, props, facts))
    wanted = ", ".join(describe_source(n) for n in claim.needs)
    lines = ", ".join(str(c.call.span.line) for c in calls)
    only = "only " if claim.only else ""
    return verdict(problems, [f"{claim.target.describe()} (line {lines}) receives {only}{wanted}"])


def _extra(claim: Receives, call: CallObs, props: list[tuple[PropObs, set[Flow]]], facts: Facts) -> list[Problem]:
    """With "only", every value the call is passed comes from what the claim
    names: another delegate's output, an input, an iteration's element or
    index all count as something else (literals and prompt text do not).
    With "basis", only other delegates' outputs count."""
    out: list[Problem] = []
    for prop, flows in props:
        for f in sorted(flows, key=lambda f: f.src):
            restricted = f.src.kind in ("call", "error") if claim.basis else f.src.kind != "edit"
            if restricted and not any(covers(n, f, call, facts) for n in claim.needs):
                value = prop.prop.value
                element = " (an element)" if f.path and is_element(f.path[0]) else ""
                out.append(
                    Problem(
                        value.span,
                        f"`{call.slot}` receives `{show(value)}` (line {value.span.line}), from {origin(f)}{element}: "
                        f"more than {', '.join(describe_source(n) for n in claim.needs)}",
                    )
                )
                break
    return out
