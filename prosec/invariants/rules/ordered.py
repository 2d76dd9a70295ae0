"""ordered: the slot's calls walk a sequence one element at a time, in
order — a non-parallel ``for`` directly over the slot sequence (or over the
input list it discloses); or, for results, the returned collection of the
slot's outputs keeps the sequence's order.
"""

from __future__ import annotations

from ... import ir
from ..claims import Ordered
from ..flow import ANY, LENGTH, CallObs, LoopInfo, each, is_element, loop_key
from ..model import Status
from .base import (
    Facts,
    Problem,
    Verdict,
    indexes,
    passes_var,
    show,
    undecided,
    unsettled,
    verdict,
)


def _walks(facts: Facts, info: LoopInfo, over: str) -> bool:
    """``info`` is a ``for`` directly over ``over``'s original value (of a
    local list, over the local itself)."""
    if not isinstance(info.node, ir.For):
        return False
    if info.sequence == over:
        return True
    if over not in facts.a.inputs:
        return isinstance(info.node.iterable, ir.Name) and info.node.iterable.name == over
    flows = facts.a.bounds.get(info.span, set())
    return bool(flows) and all(f.src.kind == "input" and f.src.name == over and not f.path and not f.at for f in flows)


def check(claim: Ordered, facts: Facts) -> Verdict:
    """Check an ordered claim."""
    if claim.results:
        return _results(claim, facts)
    assert claim.target is not None
    calls = facts.calls(claim.target)
    if not calls:
        note = f"{claim.target.describe()} is never called"
        return Verdict(Status.PROVED, [note], vacuous=note)
    problems: list[Problem] = []
    earlier: list[Problem] = []
    together: list[Problem] = []  # calls made together on one element
    for call in calls:
        problem = _one(claim, facts, call)
        if problem is not None:
            problems.append(problem)
            continue
        if (inner := _inner_parallel(claim, facts, call)) is not None:
            together.append(inner)
        if (kept := _earlier(claim, facts, call)) is not None:
            earlier.append(kept)
    evidence = [f"`{claim.target.slot}` is called in a sequential `for` over `{claim.over}`, one element per call, in order"]
    if together and not problems:
        # "entries are marked one after another", of judges that mark each
        # entry together, the entries taken one at a time: the elements in
        # order, or every call one after another?
        return undecided(
            f"the elements of `{claim.over}` one after another, or every call one after another (the calls on "
            "one element are made together)",
            together,
            evidence,
        )
    if earlier and not problems:
        # "the duplicate checker goes through the reports one by one", of a
        # checker shown the reports before each one: one at a time with the
        # earlier ones in view, or one element per call?
        return unsettled(
            "each call is also given elements of earlier rounds: whether that is taking them one at a time "
            "is not something the words settle",
            earlier,
            evidence,
        )
    walks = sorted({w.span for call in calls if (w := _walk(facts, call, claim.over)) is not None})
    if not problems and len(walks) > 1:
        # two loops, one after the other, each over the list: the calls go
        # through it in order once, then again from the start
        return undecided(
            f"in order within each walk, or as one sequence? `{claim.target.slot}`'s calls walk `{claim.over}` "
            f"in more than one loop (line {', '.join(str(w.line) for w in walks)}), each from its start",
            [Problem(w, f"the loop on line {w.line} walks `{claim.over}` from its start again") for w in walks[1:]],
            evidence,
        )
    return verdict(problems, evidence)


def _walk(facts: Facts, call: CallObs, over: str) -> LoopInfo | None:
    """The innermost ``for`` over ``over`` around the call, if any."""
    walking = [info for info in facts.loops_of(call) if _walks(facts, info, over)]
    return walking[-1] if walking else None


def _one(claim: Ordered, facts: Facts, call: CallObs) -> Problem | None:
    at = f"`call {call.call.callee}` (line {call.call.span.line})"
    loop = _walk(facts, call, claim.over)
    if loop is None:
        return Problem(call.call.callee_span, f"{at} is not inside a `for` over `{claim.over}`")
    if loop.parallel:
        return Problem(loop.span, f"{at} runs in a `parallel for` over `{claim.over}` (line {loop.span.line}): not in order")
    if claim.target is not None and claim.over == claim.target.slot:
        if call.direct:
            return Problem(call.call.callee_span, f"{at} calls `{claim.over}` as a whole, not its entries in turn")
        return None
    if claim.over not in facts.a.inputs:
        # A local list: each call is given no more of it than its element
        # (not the list, not an element at an index)
        for prop in call.props.values():
            value = prop.prop.value
            if passes_var(value, claim.over) or indexes(value, claim.over):
                return Problem(
                    value.span,
                    f"`{call.slot}` receives `{show(value)}` (line {value.span.line}): more of `{claim.over}` than the current element",
                )
        return None
    # An input list: each call sees one element, the loop's own.
    for prop, flows in facts.props(call):
        for f in flows:
            if f.src.kind == "input" and f.src.name == claim.over and LENGTH not in f.path:
                # (its length, `chunks.length`, is no element of it)
                if not f.path or f.path[0] != each(loop.span):
                    return Problem(
                        prop.prop.value.span,
                        f"`{call.slot}` receives `{show(prop.prop.value)}` (line {prop.prop.value.span.line}): "
                        f"more of `{claim.over}` than the current element",
                    )
    return None


def _inner_parallel(claim: Ordered, facts: Facts, call: CallObs) -> Problem | None:
    """The call runs in a parallel region inside the sequential walk over
    the list: the elements are taken one after another, but the calls on
    one element are made together."""
    loop = _walk(facts, call, claim.over)
    if loop is None or loop.parallel:
        return None
    inner = [info for info in facts.loops_of(call) if info.parallel and facts.a.inside(info.span, loop.span) and info is not loop]
    if not inner:
        return None
    at = f"`call {call.call.callee}` (line {call.call.span.line})"
    return Problem(inner[0].span, f"{at} runs in a parallel region (line {inner[0].span.line}) inside the loop over `{claim.over}`")


def _earlier(claim: Ordered, facts: Facts, call: CallObs) -> Problem | None:
    """The call is given an element of the input list kept from an earlier
    round of its walk (`append report to seen`, `seen` passed on): the
    element step of the walk, across the loop's back edge."""
    loop = _walk(facts, call, claim.over)
    if loop is None or claim.over not in facts.a.inputs:
        return None
    for prop, flows in facts.props(call):
        for f in flows:
            if f.src.kind == "input" and f.src.name == claim.over and f.path[:1] == (each(loop.span),) and loop.span in f.carried:
                value = prop.prop.value
                return Problem(value.span, f"`{call.slot}` receives `{show(value)}` (line {value.span.line}): elements of `{claim.over}` from earlier rounds")
    return None


def _results(claim: Ordered, facts: Facts) -> Verdict:
    problems: list[Problem] = []
    seen = 0
    for ret in sorted(facts.a.returns.values(), key=lambda r: r.stmt.span):
        for key, flows in ret.fields.items():
            for f in flows:
                if f.src.kind != "call" or f.src.name != claim.over or not f.at or not is_element(f.at[0]):
                    continue
                seen += 1
                step = f.at[0]
                info = facts.loop_of_step(step) if step.startswith("@") else None
                ok = False
                if info is not None:
                    node = info.node
                    join = node.mods.join if isinstance(node, ir.Repeat | ir.For) else "all"
                    ok = _walks(facts, info, claim.over) and join == "all"
                elif step.startswith("+") and step != ANY:
                    ok = any(
                        loop_key(i.span) == step[1:] and _walks(facts, i, claim.over) for i in facts.a.loops.values()
                    )
                if not ok:
                    how = "in completion order" if step == ANY else "by a loop that does not walk it in order"
                    problems.append(
                        Problem(
                            ret.exprs[key].span,
                            f"the `{key}` returned on line {ret.stmt.span.line} collects `{claim.over}` outputs {how}",
                        )
                    )
                    break
    evidence = [f"returned `{claim.over}` outputs are collected one per entry, in the sequence's order"]
    if not seen:
        evidence = [f"no collection of `{claim.over}` outputs is returned"]
    return verdict(problems, evidence)
