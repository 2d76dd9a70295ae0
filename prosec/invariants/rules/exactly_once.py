"""exactly-once: each call of the slot gets exactly one element of the list
— the element chosen by its own iteration, on every path. Per element,
besides: the call is made once per iteration of that loop (no loop inside
it, no second call in it), the loop walks the whole list, every one of its
iterations makes the call, and nothing stops the pattern before the loop or
the loop before its end (a `break`, or a `return` or `throw` anywhere in
it)."""

from __future__ import annotations

from ... import ir
from ..claims import ExactlyOnce
from ..flow import (
    INDEX,
    LENGTH,
    CallObs,
    LoopInfo,
    each,
    is_element,
    loop_key,
    stmt_exprs,
)
from ..model import Status
from .base import (
    Facts,
    Problem,
    Verdict,
    indexes,
    passes_var,
    rebinds,
    show,
    undecided,
    unsettled,
    verdict,
)


def check(claim: ExactlyOnce, facts: Facts) -> Verdict:
    """Check an exactly-once claim."""
    if claim.elements == claim.target.slot:
        return _each_delegate(claim, facts)
    if claim.elements not in facts.a.inputs:
        return _local_list(claim, facts)
    calls = facts.calls(claim.target)
    name = claim.elements
    problems: list[Problem] = []
    unsure: list[Problem] = []  # what the analysis cannot settle either way
    handed_on: list[Problem] = []  # earlier elements shown to a call that handles its own
    retried: list[Problem] = []  # a call with `retry:`: one call, tried again, or several?
    receivers: list[CallObs] = []
    fields_only: list[CallObs] = []
    for call in calls:
        steps: set[str] = set()
        # the element a `for` over the list gives, or the one at the index
        # of a `for` over a list walked in step with it (fan-out's
        # `briefs[index]`: one per delegate when there are as many); a
        # `repeat` counter, which counts from 1, is not an index
        own = {each(s) for s in call.loops if isinstance(facts.a.loops[s].node, ir.For)}
        # the element itself, or fields of it (``bout.first``, ``bout.second``)
        given = any(
            f.src.kind == "input" and f.src.name == name and f.path[:1] and f.path[0] in own
            and not any(is_element(step) or step in (INDEX, LENGTH) for step in f.path[1:])
            and INDEX not in f.at
            for _, flows in facts.sure_props(call)
            for f in flows
        )
        whole = any(
            f.src.kind == "input" and f.src.name == name and len(f.path) == 1 and f.path[0] in own
            and INDEX not in f.at
            for _, flows in facts.sure_props(call)
            for f in flows
        )
        if given and not whole:
            fields_only.append(call)
        gets_some = any(f.src.kind == "input" and f.src.name == name for _, flows in facts.props(call) for f in flows)
        if not given and (claim.per == "call" or gets_some):
            # per call: every call gets one; per element: a call that gets
            # some of the list gets its element itself, on every path
            problems.append(
                Problem(call.call.callee_span, f"`call {call.call.callee}` (line {call.call.span.line}) is not given an element of `{name}` on every path")
            )
        for prop, flows in facts.props(call):
            for f in flows:
                if f.src.kind != "input" or f.src.name != name or LENGTH in f.path or (f.at and f.at[0] == INDEX):
                    continue
                step = f.path[0] if f.path else ""
                info = facts.loop_of_step(step) if step.startswith("@") else None
                carried = [a for a in f.at if a[:1] == "+" and a[1:] in {loop_key(s) for s in call.loops}]
                if carried:
                    # a list appended to once per iteration of a loop the call
                    # is in: by a later iteration it holds earlier iterations'
                    # elements too (which a call that only sees them does
                    # not handle, maybe)
                    (handed_on if claim.handled else problems).append(
                        Problem(
                            prop.prop.value.span,
                            f"`{call.slot}` receives `{show(prop.prop.value)}` (line {prop.prop.value.span.line}): "
                            f"a list built in the loop around it, which holds elements of `{name}` of earlier iterations",
                        )
                    )
                    continue
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
        if claim.per == "call":
            continue  # however often it is made, each call gets its one element
        (step,) = steps
        loop = facts.loop_of_step(step)
        assert loop is not None
        inner = [i for i in facts.loops_of(call) if i is not loop and facts.a.inside(i.span, loop.span)]
        if inner:
            problems.append(
                Problem(inner[0].span, f"`call {call.call.callee}` (line {call.call.span.line}) runs in the loop on line {inner[0].span.line}, inside the one over `{name}`: more than once per element")
            )
        if _retried(call):
            # `retry:` calls the delegate again after a failure, with the
            # same element (language.md, "Retry"): one call that is tried
            # again, or more than one call?
            retried.append(
                Problem(call.call.callee_span, f"`call {call.call.callee}` (line {call.call.span.line}) is retried: after a failure its element is sent to it again")
            )
        siblings = [c for c in calls if c is not call and loop.span in c.loops]
        if siblings:
            problems.append(
                Problem(siblings[0].call.callee_span, f"a second `call {siblings[0].call.callee}` (line {siblings[0].call.span.line}) in the loop on line {loop.span.line}")
            )
        if not _walks(facts, loop, name):
            # (fan-out's `briefs[index]`, the element at the index of a loop
            # over another list: with a longer list, some of it goes nowhere)
            problems.append(Problem(loop.span, f"the loop on line {loop.span.line} does not walk every element of `{name}`"))
        else:
            skip = _skipped(facts, call, loop)
            if skip is not None:
                reason, sure = skip
                (problems if sure else unsure).append(
                    Problem(loop.span, f"an element of `{name}` may not get exactly one `call {call.call.callee}` (line {call.call.span.line}): {reason}")
                )
    if not receivers and not problems:
        first = calls[0].call.callee_span if calls else facts.a.program.span
        none = Problem(first, f"no call of `{claim.target.slot}` receives an element of `{name}`")
        if claim.handled and calls and all(any(_walks(facts, loop, name) for loop in facts.loops_of(c)) for c in calls):
            # "each poem is tallied exactly once", of a scorekeeper called
            # in the loop over the poems and given the scores made of its
            # poem: what it does with an element it is not given
            return unsettled(
                f"`{claim.target.slot}` runs in the loop over `{name}` but is given no element of it: "
                "whether each call handles its round's element is not something the values passed show",
                [none],
                [],
            )
        problems.append(none)
    if claim.per == "element" and len(receivers) > 1:
        second = receivers[1]
        problems.append(
            Problem(
                second.call.callee_span,
                f"`call {second.call.callee}` (line {second.call.span.line}) is given elements of `{name}` too, "
                f"besides line {receivers[0].call.span.line}: an element may go to more than one call",
            )
        )
    if not calls:
        return Verdict(Status.VIOLATED, [], problems)
    lines = ", ".join(str(c.call.span.line) for c in receivers)
    if handed_on and not problems:
        said = f"`{claim.target.slot}` (line {lines}) is given the element of `{name}` of its iteration"
        return unsettled("whether a call that is shown earlier elements, beside its own, handles them too", handed_on, [said])
    if unsure and not problems:
        said = f"`{claim.target.slot}` (line {lines}) is given the element of `{name}` of its iteration"
        return unsettled("whether every element reaches the call", unsure, [said])
    if retried and not problems:
        said = f"`{claim.target.slot}` (line {lines}) is called once per element of `{name}`, with that element only"
        return undecided(
            "one call per element, tried again after a failure, or one delegate invocation per element (a retry "
            "sends the element again)",
            retried,
            [said],
        )
    if fields_only and not problems:
        # Fields of the element (``bout.first``) carry it only if it has
        # them: no run can break the rest, but an element without the
        # fields reaches no call.
        where = ", ".join(str(c.call.span.line) for c in fields_only)
        return Verdict(
            Status.UNVERIFIABLE,
            [f"`{claim.target.slot}` (line {where}) is given fields of its element of `{name}`, "
             "not the element: they carry it only if every element has them"],
        )
    if claim.per == "call":
        said = f"each `call {claim.target.slot}` (line {lines}) is given one element of `{name}`, its own iteration's"
    else:
        said = f"`{claim.target.slot}` (line {lines}) is called once per element of `{name}`, with that element only"
    return verdict(problems, [said])


def _retried(call: CallObs) -> bool:
    """The call has a `retry:` other than 0."""
    retry = call.call.retry
    return retry is not None and not (isinstance(retry, ir.Literal_) and retry.value == 0)


def _each_delegate(claim: ExactlyOnce, facts: Facts) -> Verdict:
    """"Each stage runs exactly once", of a slot sequence: one call site,
    the delegate of a `for` over the sequence itself, with no retry, once
    per iteration, on every iteration of a loop that walks all of it."""
    name = claim.elements
    calls = facts.calls(claim.target)
    problems: list[Problem] = []
    unsure: list[Problem] = []
    for call in calls:
        at = f"`call {call.call.callee}` (line {call.call.span.line})"
        walking = [
            info for info in facts.loops_of(call)
            if isinstance(info.node, ir.For) and info.sequence == name and info.node.var == call.call.callee
        ]
        if call.direct or not walking:
            problems.append(Problem(call.call.callee_span, f"{at} is not the delegate of a `for` over `{name}`"))
            continue
        loop = walking[-1]
        if _retried(call):
            problems.append(Problem(call.call.callee_span, f"{at} is retried: a delegate may run more than once"))
        inner = [i for i in facts.loops_of(call) if i is not loop and facts.a.inside(i.span, loop.span)]
        if inner:
            problems.append(Problem(inner[0].span, f"{at} runs in the loop on line {inner[0].span.line}, inside the one over `{name}`: more than once per delegate"))
        skip = _skipped(facts, call, loop)
        if skip is not None:
            reason, sure = skip
            (problems if sure else unsure).append(
                Problem(loop.span, f"a delegate of `{name}` may not be called (line {call.call.span.line}): {reason}")
            )
    if len(calls) > 1:
        second = calls[1]
        problems.append(
            Problem(second.call.callee_span, f"`{name}` is called on line {second.call.span.line} too, besides line {calls[0].call.span.line}")
        )
    if not calls:
        return Verdict(Status.VIOLATED, [], [Problem(facts.a.program.span, f"no call of `{name}`")])
    line = calls[0].call.span.line
    said = f"each delegate of `{name}` is called once, on line {line}, in a `for` over all of them"
    if unsure and not problems:
        return unsettled("whether every delegate is called", unsure, [said])
    return verdict(problems, [said])


def _local_list(claim: ExactlyOnce, facts: Facts) -> Verdict:
    """"Each profile goes to exactly one reviewer call", of a local list
    (`for profile in profiles`): the `for` that walks the local gives each
    element's iteration one call of the slot, passed the element itself;
    no other call of the slot is given an element, or the list; and, per
    element, what :func:`_skipped` asks of an input's loop. Which values
    are the elements of a local no `for` walks, the program does not say."""
    name = claim.elements
    walking = [
        info for info in facts.a.loops.values()
        if isinstance(info.node, ir.For) and isinstance(info.node.iterable, ir.Name) and info.node.iterable.name == name
    ]
    calls = facts.calls(claim.target)
    if not walking:
        return unsettled(
            f"no `for` walks `{name}`: which of its values are its elements is not said",
            [],
            [f"`{name}` is a local, not a list a `for` walks"],
        )
    problems: list[Problem] = []
    unsure: list[Problem] = []
    receivers: list[tuple[CallObs, LoopInfo]] = []
    for call in calls:
        at = f"`call {call.call.callee}` (line {call.call.span.line})"
        values = [p.prop.value for p in call.props.values()]
        if any(passes_var(v, name) for v in values):
            problems.append(Problem(call.call.callee_span, f"{at} is given `{name}` itself, not one element of it"))
            continue
        if any(indexes(v, name) for v in values):
            # (`profiles[index]`: of another loop's count, not the list's own walk)
            problems.append(Problem(call.call.callee_span, f"{at} is given an element of `{name}` at an index, not its own iteration's"))
            continue
        own = [info for info in facts.loops_of(call) if info in walking]
        loop = own[-1] if own else None
        node = loop.node if loop is not None and isinstance(loop.node, ir.For) else None
        var = node.var if node is not None else None
        kept = node is not None and var is not None and not rebinds(node.body, var)
        given = kept and any(passes_var(v, var) for v in values if var is not None)
        # fields of the element (`profile.income`): the element only if
        # every element has them
        parts = kept and not given and any(
            isinstance(e, ir.Name) and e.name == var for v in values for e in ir.subexprs(v)
        )
        if not given and not parts:
            if claim.per == "call":
                problems.append(Problem(call.call.callee_span, f"{at} is not given an element of `{name}`"))
            continue
        assert loop is not None and node is not None
        if parts:
            unsure.append(Problem(call.call.callee_span, f"{at} is given fields of its element of `{name}`, not the element"))
        receivers.append((call, loop))
        if claim.per == "call":
            continue
        inner = [i for i in facts.loops_of(call) if i is not loop and facts.a.inside(i.span, loop.span)]
        if inner:
            problems.append(
                Problem(inner[0].span, f"{at} runs in the loop on line {inner[0].span.line}, inside the one over `{name}`: more than once per element")
            )
        if _writes(node.body, name):
            unsure.append(Problem(loop.span, f"`{name}` is written in the loop on line {loop.span.line} that walks it"))
        skip = _skipped(facts, call, loop)
        if skip is not None:
            reason, sure = skip
            (problems if sure else unsure).append(
                Problem(loop.span, f"an element of `{name}` may not get exactly one {at}: {reason}")
            )
    if claim.per == "element" and len(receivers) > 1:
        (first, _), (second, _) = receivers[:2]
        problems.append(
            Problem(
                second.call.callee_span,
                f"`call {second.call.callee}` (line {second.call.span.line}) is given elements of `{name}` too, "
                f"besides line {first.call.span.line}: an element may go to more than one call",
            )
        )
    if not receivers and not problems:
        first_span = calls[0].call.callee_span if calls else facts.a.program.span
        problems.append(Problem(first_span, f"no call of `{claim.target.slot}` is given an element of `{name}`"))
    lines = ", ".join(str(c.call.span.line) for c, _ in receivers)
    walked = ", ".join(str(loop.span.line) for _, loop in receivers)
    if claim.per == "call":
        said = f"each `call {claim.target.slot}` (line {lines}) is given one element of `{name}`, its own iteration's"
    else:
        said = f"`{claim.target.slot}` (line {lines}) is called once per element of `{name}`, in the `for` on line {walked}, with that element"
    if unsure and not problems:
        return unsettled("whether every element gets exactly one call", unsure, [said])
    return verdict(problems, [said])


def _writes(body: ir.Block, name: str) -> bool:
    """The list is set, or appended to, in the body of the loop that walks it."""
    return rebinds(body, name) or any(
        isinstance(st, ir.Append) and isinstance(st.target, ir.Name) and st.target.name == name for st in ir.walk(body)
    )


def _skipped(facts: Facts, call: CallObs, loop: LoopInfo) -> tuple[str, bool] | None:
    """Why some element of the loop might not get the call, if it might, and
    whether that is shown (a path the pattern can take) or only not ruled
    out: the call is not made on every iteration, something before it may
    leave the iteration, the loop may stop early, or the pattern may return
    before it runs the loop."""
    node = loop.node
    assert isinstance(node, ir.For)
    if node.mods.join != "all":
        return f"the loop keeps only some results (`{node.mods.join}`)", True
    skip = _reached(node.body, call.call)
    if skip is not None:
        return skip
    if any(isinstance(st, ir.Break) for st in ir.own_statements(node.body)):
        return "the loop may stop at a `break`", True
    # a return or throw in the body ends the loop (and the pattern) before
    # the elements after it, wherever it stands
    # (a `return` in a loop whose values are collected ends one iteration)
    leaving = next(
        (st for st in ir.walk(node.body) if isinstance(st, ir.Throw) or (isinstance(st, ir.Return) and st.span in facts.a.returns)),
        None,
    )
    if leaving is not None:
        return f"the loop may stop at line {leaving.span.line}", True
    top = facts.a.program.body
    at = next((i for i, st in enumerate(top) if _is_loop(st, node)), None)
    if at is None:
        # In a branch of an `if` (or a `try`), a run that takes another
        # branch gives no element a call; in another loop, every round gives
        # each element its call again. Whether the sentence speaks of every
        # run, or of each run of the loop ("each cup goes to one cupper", in
        # every batch), its words do not say.
        outer = next((o for o in facts.loops_of(call) if o is not loop and facts.a.inside(loop.span, o.span)), None)
        if outer is not None:
            return f"the loop on line {loop.span.line} runs again in every round of the loop on line {outer.span.line}", False
        return f"the loop on line {loop.span.line} does not run on every path of the pattern", False
    for st in ir.walk(top[:at]):
        if isinstance(st, ir.Return):
            # a run that returns there gives no element a call; whether the
            # sentence speaks of such runs too, or of those that reach the
            # loop, its words do not say
            return f"the pattern may return on line {st.span.line} before the loop", False
    return None


def _before(body: ir.Block, call: ir.Call) -> list[ir.Stmt]:
    """The statements of ``body`` (and in them) that run before ``call``,
    down to the one that makes it."""
    out: list[ir.Stmt] = []
    for st in body:
        if any(e is call for e in stmt_exprs(st)):
            return out
        nested = [b for b in ir.children(st) if any(e is call for s in ir.walk(b) for e in stmt_exprs(s))]
        if nested:
            return out + _before(nested[0], call)
        out += ir.walk((st,))
    return out


def _may_fail(st: ir.Stmt) -> bool:
    """A statement that may raise: a delegate's call, the judge's answer to
    a condition, a `throw`."""
    return isinstance(st, ir.Throw) or bool(ir.conditions(st)) or any(isinstance(e, ir.Call) for e in stmt_exprs(st))


def _is_loop(stmt: ir.Stmt, node: ir.For) -> bool:
    match stmt:
        case ir.Bind(value=value) | ir.Assign(value=value):
            return value is node
        case _:
            return stmt is node


def _walks(facts: Facts, loop: LoopInfo, name: str) -> bool:
    """``loop`` is a ``for`` over the caller's ``name`` itself."""
    walked = facts.a.bounds.get(loop.span, set())
    return isinstance(loop.node, ir.For) and bool(walked) and all(
        f.src.kind == "input" and f.src.name == name and not f.path and not f.at for f in walked
    )


def _reached(body: ir.Block, call: ir.Call) -> tuple[str, bool] | None:
    """Why ``call`` may not run on an iteration of ``body``, if it may not,
    and whether that is shown: it must be a statement of the body, of a
    ``try`` that is (its failure is caught, but it was made), or a branch of
    a ``parallel:`` block that is and runs every branch, with nothing
    before it that may leave the iteration. Under an ``if`` it runs only
    when the condition holds."""
    for i, st in enumerate(body):
        before = body[:i]
        inside = any(e is call for s in ir.walk((st,)) for e in stmt_exprs(s))
        if not inside:
            continue
        if any(e is call for e in stmt_exprs(st)):
            pass
        elif isinstance(st, ir.Try) and any(e is call for s in ir.walk(st.body) for e in stmt_exprs(s)):
            inner = _reached(st.body, call)
            if inner is not None:
                return inner
            # a call before it in the `try` that fails is caught, and the
            # iteration carries on without it
            failing = next((s for s in _before(st.body, call) if _may_fail(s)), None)
            if failing is not None:
                return f"a failure on line {failing.span.line} is caught, and the call is skipped", True
        elif isinstance(st, ir.Parallel) and st.mods.join == "all":
            inner = _reached(st.branches, call)
            if inner is not None:
                return inner
        elif isinstance(st, ir.If):
            return f"the call is made only when the condition on line {st.span.line} holds", True
        else:
            return "the call sits inside a block of the loop, not directly in it", False
        for s in ir.walk(before):
            if isinstance(s, ir.Continue | ir.Break | ir.Return | ir.Throw):
                return f"line {s.span.line} may leave the iteration first", True
        return None
    return "the call sits inside a block of the loop, not directly in it", False
