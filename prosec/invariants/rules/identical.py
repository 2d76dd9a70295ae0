"""identical: across the iterations of the loops around the slot's calls,
the named arguments do not change — or, with a callee, the calls all go to
that one slot.

An argument varies with a loop when it reads the loop's counter, index or
current element, a result produced inside the loop, a value carried over
from an earlier iteration, or a local the loop writes (which of its writes
reached the call may differ from one iteration to the next, with the
judge's answers or the delegates' verdicts).
"""

from __future__ import annotations

from dataclasses import replace

from ... import ir
from ..claims import Calls, Identical
from ..flow import INDEX, TEXT, CallObs, Flow, LoopInfo, each, is_element, written_names
from ..model import Status
from .base import Facts, Problem, Verdict, show, undecided, unsettled, verdict


def varies(f: Flow, loop: LoopInfo, facts: Facts) -> str | None:
    """Why ``f`` may differ between iterations of ``loop``, if it may."""
    if f.src.kind == "text":
        return None  # a literal is the same every time
    if f.src.kind == "iter" and f.src.span == loop.span:
        return f"it reads the loop's {f.src.name}"
    if each(loop.span) in f.path:
        return "it is the loop's current element"
    if loop.span in f.carried:
        return "it is carried over from an earlier iteration"
    if f.src.kind in ("call", "error", "edit") and any(facts.a.inside(site, loop.span) for site in f.src.spans):
        return f"it comes from {f.src.describe()}, which runs anew each iteration"
    return None


def check(claim: Identical, facts: Facts) -> Verdict:
    """Check an identical claim; "the same instructions" both ways: the
    prompt alone, and every argument."""
    if not claim.instructions:
        return _check(claim, facts)
    prompt = _check(replace(claim, instructions=False), facts)
    if prompt.status is not Status.PROVED:
        return prompt
    # (everything the call is told, not the model that answers it)
    told = sorted({p.prop.key for call in facts.calls(claim.target) for p, _ in facts.props(call)} - {"model"})
    every = _check(replace(claim, args=tuple(told) or None, instructions=False), facts)
    if every.status is Status.PROVED:
        return prompt
    return undecided(
        "the same prompt, or the same arguments altogether (the prompt is the same on every call, and "
        "another argument varies)",
        every.problems,
        prompt.evidence,
    )


def _check(claim: Identical, facts: Facts) -> Verdict:
    found = _check_calls(claim, facts)
    if found.status is not Status.VIOLATED or claim.within or claim.over is not None or claim.callee is not None:
        return found
    calls = facts.calls(claim.target)
    # (a panel: calls made together in parallel, or the delegates of a
    # slot sequence walked in turn, "every checker", in a loop around them)
    panels = [
        c for c in calls
        if len(facts.loops_of(c)) > 1 and (facts.loops_of(c)[-1].parallel or facts.loops_of(c)[-1].sequence == claim.target.slot)
    ]
    if not calls or len(panels) != len(calls):
        return found
    panel = _check_calls(replace(claim, within=True), facts)
    if panel.status is not Status.PROVED:
        return found
    # "every peer hears the same set", of a panel called in parallel in each
    # round of a loop whose set changes from one round to the next: the
    # calls of one round, or every call?
    return undecided(
        "the calls made together in one round of the loop around them, or every call (within a round they "
        "are given the same; from one round to the next, not)",
        found.problems,
        panel.evidence,
    )


def _check_calls(claim: Identical, facts: Facts) -> Verdict:
    if claim.callee is not None:
        return _callee(claim, facts)
    calls = facts.calls(claim.target)
    if not calls:
        note = f"{claim.target.describe()} is never called"
        return Verdict(Status.PROVED, [note], vacuous=note)
    if claim.over is not None and any(_loops(facts, call, claim.over) for call in calls):
        # "every warm-up round gives the poet the same theme": the calls in
        # the loops over `warmup_rounds`, not the poet's calls elsewhere
        calls = [call for call in calls if _loops(facts, call, claim.over)]
    problems: list[Problem] = []
    looped = 0
    for call in calls:
        loops = _loops(facts, call, claim.over)
        # the named arguments this call is passed whole under their own key
        passed = {a for a in claim.args or () for p, _ in facts.props(call) if _keyed(p.prop.key, a)}
        if claim.within:
            if len(loops) < 2:
                # one call a round (or no rounds): "every tester in a round"
                # says there are several, which this call site is not
                return unsettled(
                    f"`call {call.call.callee}` (line {call.call.span.line}) is not inside a loop within another loop: "
                    "which calls share a round is not said",
                    [],
                    [],
                )
            loops = loops[1:]  # within one iteration of the outermost
        if loops:
            looped += 1
        for arg in claim.args or ():
            if not any(_carries(p.prop.key, flows, arg, facts) for p, flows in facts.props(call)):
                problems.append(
                    Problem(call.call.callee_span, f"`call {call.call.callee}` (line {call.call.span.line}) does not pass `{arg}`")
                )
        for prop, flows in facts.props(call):
            if claim.args is not None and not any(_carries(prop.prop.key, flows, a, facts) for a in claim.args):
                continue
            carrying = [a for a in claim.args or () if _carries(prop.prop.key, flows, a, facts)]
            if (
                carrying and not any(_keyed(prop.prop.key, a) for a in carrying) and set(carrying) <= passed
                and all(f.at and f.at[0] != TEXT for f in flows if any(_carries_input(f, a, facts) for a in carrying))
            ):
                # ("the same print pages", of `pages: pages` beside a draft
                # whose records hold a page's number): a part of an argument
                # the call is passed under its own key, inside another value,
                # is not that argument
                continue
            carried = flows
            inside = {f for f in flows if any(_carries_input(f, a, facts) for a in claim.args or ())}
            if (
                claim.args is not None
                and not any(_keyed(prop.prop.key, a) for a in claim.args)
                and (all(f.at[:1] == (TEXT,) for f in flows) or (inside and all(f.at for f in inside)))
            ):
                # a text that quotes a named input among other things ("the
                # same span id", of an instruction that interpolates it), or
                # a record that holds it beside them (`context: { art:
                # prior_art, round: round }`): what must not vary is what it
                # carries of the input
                carried = inside or flows
            for loop in loops:
                why = next(
                    (
                        r
                        for f in sorted(carried, key=lambda f: f.src)
                        if not (carried is not flows and _kept(f)) and (r := varies(f, loop, facts))
                    ),
                    None,
                )
                if why is None and carried is flows:
                    written = written_names(ir.children(loop.node)[0])
                    read = sorted({e.name for e in ir.subexprs(prop.prop.value) if isinstance(e, ir.Name)} & written)
                    if read:
                        why = f"it reads `{read[0]}`, which the loop writes"
                if why is None and carried is flows and isinstance(loop.node, ir.For):
                    # the element a `for` picks: another one each iteration,
                    # even of a list of results made before the loop
                    # (whose flows do not say which element they are)
                    picked = {loop.node.var, loop.node.index} - {None}
                    read = sorted({e.name for e in ir.subexprs(prop.prop.value) if isinstance(e, ir.Name)} & picked)
                    if read:
                        why = f"it reads `{read[0]}`, the loop's current element"
                if why is not None:
                    problems.append(
                        Problem(
                            prop.prop.value.span,
                            f"`{call.slot}` receives `{show(prop.prop.value)}` (line {prop.prop.value.span.line}), "
                            f"which changes between iterations of the loop on line {loop.span.line}: {why}",
                        )
                    )
                    break
    if not problems and claim.over is None and len(calls) > 1:
        unsure = _sites_differ(claim, calls, facts)
        if unsure is not None:
            return Verdict(Status.UNVERIFIABLE, [unsure])
    named = " and ".join(f"`{a}`" for a in claim.args) if claim.args else "every argument"
    over = f" over `{claim.over}`" if claim.over else ""
    lines = ", ".join(str(c.call.span.line) for c in calls)
    evidence = [f"{named} of {claim.target.describe()} (line {lines}): the same in every iteration of the loops{over} around it"]
    if not looped:
        evidence = [f"{claim.target.describe()} runs outside any loop{over}: one set of inputs"]
    return verdict(problems, evidence)


def _kept(f: Flow) -> bool:
    """An input, whole or a field of it, kept in a value built over the
    iterations: the list of records `{ card: card, theme: theme }` grows,
    but the theme it holds is the one input every time."""
    return f.src.kind == "input" and not any(is_element(step) or step == INDEX for step in f.path)


def _sites_differ(claim: Identical, calls: list[CallObs], facts: Facts) -> str | None:
    """With the slot called from several places, why its inputs may differ
    from one call to the next, if they may: the places pass different
    properties or values, or values that are not fixed for the whole run
    (only the pattern's inputs and literal texts are). Whether two such
    places both run in one execution is not decided here, so this makes the
    claim unsure, not broken."""
    seen: dict[str, str] | None = None
    for call in calls:
        given: dict[str, str] = {}
        for prop, flows in facts.props(call):
            if claim.args is not None and not any(_carries(prop.prop.key, flows, a, facts) for a in claim.args):
                continue
            if any(f.src.kind not in ("input", "text") for f in flows):
                return (
                    f"`{call.slot}` is called from {len(calls)} places, and `{prop.prop.key}` on line "
                    f"{prop.prop.value.span.line} is not fixed for the whole run"
                )
            given[prop.prop.key] = show(prop.prop.value)
        if seen is not None and given != seen:
            lines = ", ".join(str(c.call.span.line) for c in calls)
            return f"`{call.slot}` is called from lines {lines} with different inputs"
        seen = given
    return None


def _loops(facts: Facts, call: CallObs, over: str | None) -> list[LoopInfo]:
    loops = facts.loops_of(call)
    if over is None:
        return loops
    return [
        info for info in loops if any(f.src.kind == "input" and f.src.name == over for f in facts.a.bounds.get(info.span, ()))
    ]


def _keyed(key: str, arg: str) -> bool:
    return key == arg or key.replace("-", "_") == arg


def _carries_input(f: Flow, arg: str, facts: Facts) -> bool:
    """The flow is of the named input, or of what the named local holds
    (`survey`, of `let survey = call surveyor`, quoted in a prompt as
    `{survey.length_metres}`)."""
    if arg in facts.a.inputs:
        return f.src.kind == "input" and f.src.name == arg
    return any(
        f.src == w.src and f.src.kind not in ("edit", "text") and f.path[: len(w.path)] == w.path for w in facts.written(arg)
    )


def _carries(key: str, flows: set[Flow], arg: str, facts: Facts) -> bool:
    """The argument ``key`` is the one named ``arg``: by its key, by the
    input it carries, by the local it carries ("the identical plan", of
    `plan: plan` or `steps: plan`), or by the field it is ("the same
    phrases", of `phrase: piece.phrases`)."""
    if _keyed(key, arg):
        return True
    if any(not f.at and f.path and f.path[-1] == arg for f in flows):
        return True
    return any(_carries_input(f, arg, facts) for f in flows)


def _callee(claim: Identical, facts: Facts) -> Verdict:
    calls = facts.calls(Calls(None, claim.target.given))
    if not calls:
        note = f"{claim.target.describe()} is never called"
        return Verdict(Status.PROVED, [note], vacuous=note)
    problems: list[Problem] = []
    for call in calls:
        if call.slot != claim.callee or not call.direct:
            what = f"`{call.slot}`" + ("" if call.direct else " (a different delegate each iteration)")
            given = sorted(facts.call_given(call.call.span) & claim.target.given)
            about = f" for `{given[0]}`" if given else ""
            problems.append(
                Problem(
                    call.call.callee_span,
                    f"`call {call.call.callee}` (line {call.call.span.line}){about} runs {what}, not `{claim.callee}`",
                )
            )
    lines = ", ".join(str(c.call.span.line) for c in calls)
    return verdict(problems, [f"the calls on line {lines} all run the slot `{claim.callee}`"])


