"""returns: on the named paths, the pattern returns the named values.

Paths: every return; the returns reached where the approver did not approve
("when the pattern blocks"); the branch of a success test — an approval
("on accept"), an acceptability criterion, a threshold — which must return
at once, before any other call; the first call that does not fail, which
must return at once (a failure is a caught error or a failure test of its
result); and the returns after the loop has run out. "Never merges /
resolves" is checked here too: no call and no text receives outputs of two
sides (or, for one slot, the collection of its outputs).
"""

from __future__ import annotations

from collections.abc import Iterator

from ... import ir
from ...diagnostics import Span
from ..claims import (
    AnyResult,
    FromField,
    FromInput,
    FromOthers,
    FromSlot,
    FromVar,
    Need,
    Null,
    OtherElements,
    Returns,
    ReturnsField,
    Unmerged,
    describe_source,
)
from ..flow import (
    EMPTY,
    INDEX,
    LENGTH,
    TEXT,
    Flow,
    Known,
    LoopInfo,
    ReturnObs,
    exprs_in,
    is_element,
    loops_in,
    runs,
    stmt_exprs,
    written_names,
)
from .base import (
    Facts,
    Problem,
    Verdict,
    approves,
    asks_for_approval,
    from_slot,
    passes_var,
    show,
    undecided,
    unsettled,
    verdict,
)

# ---------------------------------------------------------------- conditions


def _success_test(path: str, cond: ir.Cond, threshold: str | None = None) -> bool:
    """A branch condition that means success on ``path`` (on a threshold
    path, with ``threshold``: the test that a value meets that input)."""
    match path:
        case "accept":
            return asks_for_approval(cond)
        case "acceptable":
            return (isinstance(cond, ir.Criteria) and cond.outcome == "acceptable") or (
                isinstance(cond, ir.Decides) and cond.verb == "accept"
            )
        case "threshold" if threshold is not None:
            return isinstance(cond, ir.Compare) and cond.op == ">=" and cond.threshold == ir.Name(name=threshold, span=cond.threshold.span)
        case "threshold":
            return isinstance(cond, ir.Compare)
        case _:
            return False


def _failure_test(cond: ir.Cond) -> bool:
    """A branch condition that means the attempt failed."""
    match cond:
        case ir.Criteria(outcome=outcome):
            return outcome == "failure"
        case ir.Decides(verb=verb):
            return verb == "reject"
        case ir.Presence(present=present):
            return present
        case ir.Not(operand=operand):
            return asks_for_approval(operand) or (isinstance(operand, ir.Criteria) and operand.outcome == "acceptable")
        case _:
            return False


def _has_call(stmt: ir.Stmt) -> ir.Call | None:
    for e in stmt_exprs(stmt):
        if isinstance(e, ir.Call):
            return e
    return None


# ---------------------------------------------------------------- walking paths


def _immediate(block: list[ir.Stmt], *, calls: bool = False) -> tuple[list[ir.Return], str | None]:
    """The returns every path through ``block`` reaches before any call
    (with ``calls``, the returns it reaches, calls and blocks that cannot
    leave it allowed on the way)."""
    for i, stmt in enumerate(block):
        call = _has_call(stmt)
        if call is not None and not calls:
            return [], f"`call {call.callee}` (line {call.span.line}) runs before it returns"
        match stmt:
            case ir.Return():
                return [stmt], None
            case ir.Continue() | ir.Break():
                return [], f"it goes on with the loop (line {stmt.span.line})"
            case ir.Throw():
                return [], f"it throws (line {stmt.span.line})"
            case ir.If(branches=branches, orelse=orelse):
                rest = block[i + 1 :]
                found: list[ir.Return] = []
                for body in [b for _, b in branches] + [orelse or ()]:
                    got, problem = _immediate([*body, *rest], calls=calls)
                    if problem is not None:
                        return [], problem
                    found += got
                return found, None
            case _ if calls and any(isinstance(s, ir.Return | ir.Continue | ir.Break | ir.Throw | ir.Try) for s in ir.walk((stmt,))):
                return [], f"a block on line {stmt.span.line} may leave it"
            case ir.Repeat() | ir.For() | ir.LoopUntil() | ir.Parallel() | ir.Try() | ir.Choice() if not calls:
                return [], f"a block on line {stmt.span.line} comes first"
            case _:
                continue
    return [], "it falls through"


def _success_path(block: list[ir.Stmt]) -> tuple[list[ir.Return], str | None]:
    """Like :func:`_immediate`, but branches that test for failure are the
    failure path and are left out."""
    for i, stmt in enumerate(block):
        match stmt:
            case ir.If(branches=branches, orelse=orelse):
                rest = block[i + 1 :]
                found: list[ir.Return] = []
                bodies = [b for c, b in branches if not _failure_test(c)] + [orelse or ()]
                for body in bodies:
                    got, problem = _success_path([*body, *rest])
                    if problem is not None:
                        return [], problem
                    found += got
                return found, None
            case _:
                got, problem = _immediate([stmt])
                if problem != "it falls through":
                    return got, problem
    return [], "it falls through to the next attempt"


def _continuation(body: ir.Block, target: Span) -> list[ir.Stmt] | None:
    """The statements that run after the statement holding the call at
    ``target`` in ``body``, through the enclosing blocks up to ``body``;
    None if the call is not there or sits in a failure handler."""
    for i, stmt in enumerate(body):
        if any(isinstance(e, ir.Call) and e.span == target for e in stmt_exprs(stmt)):
            return list(body[i + 1 :])
        for child in ir.children(stmt):
            inner = _continuation(child, target)
            if inner is not None:
                if isinstance(stmt, ir.Try) and child is not stmt.body:
                    return None  # the call is in a handler: a failure path
                return [*inner, *body[i + 1 :]]
    return None


def _contains(outer: Span, inner: Span) -> bool:
    return (outer.line, outer.column) <= (inner.line, inner.column) < (outer.end_line, outer.end_column)


def _ifs(block: ir.Block) -> Iterator[ir.If]:
    for stmt in ir.walk(block):
        if isinstance(stmt, ir.If):
            yield stmt
        match stmt:
            case ir.Bind(value=ir.Repeat() | ir.For() | ir.LoopUntil() | ir.Parallel() as loop) | ir.Assign(
                value=ir.Repeat() | ir.For() | ir.LoopUntil() | ir.Parallel() as loop
            ):
                yield from _ifs(ir.children(loop)[0] if ir.children(loop) else ())
            case _:
                pass


def _innermost_loop(facts: Facts, span: Span) -> LoopInfo | None:
    around = [i for i in facts.a.loops.values() if not i.is_block and _contains(i.span, span)]
    return max(around, key=lambda i: (i.span.line, i.span.column)) if around else None


# ---------------------------------------------------------------- returns


def check(claim: Returns, facts: Facts) -> Verdict:
    """Check a returns claim on its path."""
    problems: list[Problem] = []
    evidence: list[str] = []
    chosen: list[ReturnObs] = []
    #: returns on the path that no test marks as a success or a failure:
    #: a value missing there shows no run that breaks the claim
    unsure: set[Span] = set()
    match claim.path:
        case "all":
            chosen = sorted(facts.a.returns.values(), key=lambda r: r.stmt.span)
            if facts.a.falls_off:
                problems.append(Problem(_end(facts), f"the pattern can end without a `return` (after line {_end(facts).line})"))
            evidence.append(f"checked every return (line {_lines(chosen)})")
        case "blocked":
            # Every return that can be reached without an approval, not
            # only those under an explicit refusal.
            # (A return that runs before the approver is ever called, or
            # only in another branch than its calls, is on no path where it
            # refused.)
            chosen = sorted(
                (
                    r
                    for r in facts.a.returns.values()
                    if not any(approves(k, claim.approver) for k in r.known or ())
                    and not facts.before_any_call(r.stmt.span, claim.approver)
                    and not facts.apart(r.stmt.span, claim.approver)
                ),
                key=lambda r: r.stmt.span,
            )
            if facts.a.falls_off:
                problems.append(Problem(_end(facts), f"the pattern can end without a `return` (after line {_end(facts).line})"))
            if not chosen:
                first = min((c.call.span for c in facts.a.calls.values() if c.slot == claim.approver), default=facts.a.program.span)
                problems.append(
                    Problem(first, f"no return is reached when `{claim.approver}` (line {first.line}) does not approve")
                )
            evidence.append(f"when `{claim.approver}` does not approve, the pattern returns on line {_lines(chosen)}")
        case "accept" if not claim.immediate:
            chosen, unsure = _approved_returns(claim.approver, facts, evidence)
        case "accept" | "acceptable" | "threshold":
            chosen = _branch_returns(claim, facts, problems, evidence)
            if claim.approver is not None:
                # an approval test of another slot's verdict is no path of this one's
                unsure = {r.stmt.span for r in chosen if not any(approves(k, claim.approver) for k in r.known or ())}
        case "success" if claim.needs and not claim.immediate:
            chosen, unsure = _succeeded_returns(facts, evidence)
        case "success":
            slot = _attempted_slot(claim)
            if slot is not None and (why := _shared_attempts(slot, facts)) is not None:
                return unsettled(why, [], evidence)
            chosen = _success_returns(facts, problems, evidence, slot)
        case "says":
            assert claim.word is not None
            said = _said_returns(claim.word, claim.approver, claim.immediate, facts, evidence)
            if isinstance(said, str):
                return unsettled(said, [], evidence)
            chosen, problems = said
        case "exhausted":
            loops = _decision_loops(facts)
            chosen = [
                r for r in facts.a.returns.values()
                if r.after and (r.after & loops) and not (set(r.loops) & loops) and not _ended_approved(r, facts)
            ]
            if not chosen:
                spans = sorted(loops) or [facts.a.program.span]
                problems.append(
                    Problem(spans[0], f"no return follows the loop on line {spans[0].line} when it runs out")
                )
            evidence.append(f"after the loop runs out the pattern returns on line {_lines(chosen)}")
    absent: list[Problem] = []
    empty: set[int] = set()  # lines of the returns that give none of it
    made: list[Problem] = []  # returns that give a value built of the slot's outputs
    built: set[int] = set()
    doubtful: list[Problem] = []  # on returns in ``unsure``
    mixed: list[Problem] = []  # a list holding the slot's outputs, maybe none, and more
    split: list[Problem] = []  # the slot's output on each path, not one the same on all
    gathered: list[Problem] = []  # a list made of parts of the slot's outputs
    stale: list[Problem] = []  # a copy of the slot's output, maybe not its latest
    unnamed: dict[str, list[int]] = {}  # returns without the field, by field
    roundless: list[Problem] = []  # "always", of a value null until a loop that may run no round sets it
    for ret in chosen:
        for need in claim.needs:
            problem = _need(need, ret, facts)
            if problem is None and claim.always and (unset := _maybe_null(need, ret, facts)) is not None:
                if _set_in_loop(need, ret, facts) is None:
                    problems.append(unset)
                else:
                    roundless.append(unset)
                continue
            if problem is not None and not need.only and _made_each_round(need, ret, facts):
                # "The result is the last stage's output", of a result set to
                # the task brief until `for stage in stages` sets it each round
                roundless.append(problem)
                continue
            if problem is None:
                problem = _stale(need, ret, facts)
                if problem is not None and _copied_output(need, ret, facts.a.program):
                    stale.append(problem)
                    continue
            if problem is None and (other := _mixed_list(need, ret, facts)) is not None:
                mixed.append(other)
                continue
            if problem is None and need.field is not None and need.field in ret.exprs and isinstance(need.what, FromSlot):
                picked = _picked_call(ret.exprs[need.field], facts.a.program)
                if picked is not None and picked.callee == need.what.slot:
                    continue  # (the one value of the block its place picks)
            if problem is None:
                also = _also(need, ret)
                if also is not None:
                    made.append(Problem(ret.stmt.span, f"the return on line {ret.stmt.span.line} gives {also} as well"))
                    built.add(ret.stmt.span.line)
                continue
            if ret.stmt.span in unsure:
                doubtful.append(problem)
            elif _slot_on_each_path(need, ret):
                split.append(problem)
            elif _built_of_slot(need, ret):
                gathered.append(problem)
            elif _gives_none(need, ret):
                if claim.present:
                    continue  # "if any": a return that gives none says nothing
                if need.field is not None and need.field not in ret.fields and not claim.always and claim.path == "all":
                    # "the returned label comes from the labeler", where
                    # another return has no `label`: no label is returned
                    # there, and the sentence says nothing of that return
                    unnamed.setdefault(need.field, []).append(ret.stmt.span.line)
                    continue
                absent.append(problem)
                empty.add(ret.stmt.span.line)
            elif _made_of(need, ret) or _records_of_slot(need, ret) or _failures_recorded(need, ret):
                made.append(problem)
                built.add(ret.stmt.span.line)
            else:
                problems.append(problem)
    if claim.records is not None:
        problems.extend(_records(claim.records, facts, evidence))
    if claim.ordered is not None:
        problems.extend(_ties(claim, facts, evidence))
    if claim.complete is not None:
        problems.extend(_complete(claim.complete, facts, evidence))
    if claim.needs and chosen:
        evidence.append("returning " + ", ".join(_need_text(n) for n in claim.needs))
    for name, lines in unnamed.items():
        evidence.append(
            f"the return on line {', '.join(map(str, sorted(set(lines))))} has no `{name}`: "
            "it returns none, of which the sentence says nothing (with 'always' it would)"
        )
    if claim.path == "blocked" and (problems or absent) and (outcomes := _said_outcomes(chosen, claim.approver)):
        # (the returns the problems are found in: a value's line may be
        # below its `return`'s)
        wrong = {r.stmt.span.line for p in problems + absent for r in chosen if _within(p.span, r.stmt.span)}
        if wrong and all(any(_within(p.span, r.stmt.span) for r in chosen) for p in problems + absent) and wrong <= outcomes:
            # "When the owner declines, its reason is returned", where the
            # owner may also say `reprice`: every return short of an
            # approval, or only those where it refuses?
            return undecided(
                f"every return where `{claim.approver}` does not approve, or only where it refuses: "
                f"the return on line {', '.join(map(str, sorted(wrong)))} is reached where it says another word",
                problems + absent,
                evidence,
            )
    if claim.path == "blocked" and (problems or absent) and not any(
        approves(k, claim.approver) for r in facts.a.returns.values() for k in r.known or ()
    ):
        # No return depends on an approval of the approver: "when it
        # blocks" names no path of this delegation.
        return undecided(
            f"`{claim.approver}`'s output is never tested for approval (`approves`, `proceeds`), "
            f"so which returns are reached \"when it blocks\" is not settled",
            problems + absent,
            evidence,
        )
    if roundless and not problems and not absent:
        # "The returned result always comes from the refiner", of a result
        # null until `repeat max_rounds` sets it: on every run, or on the
        # runs the loop runs a round in (none, when `max_rounds` is 0)?
        return undecided(
            "on every run, or on the runs where the loop that sets it runs a round: "
            f"the return on line {_lines([r for r in chosen if any(_within(p.span, r.stmt.span) for p in roundless)])} "
            "gives what the value was before that loop where it runs none",
            roundless,
            evidence,
        )
    if claim.path in ("success", "accept") and not chosen and not problems:
        return unsettled(f"no return of the delegation is reached on {claim.path}", problems, evidence)
    if doubtful and not problems:
        return unsettled(
            f"whether the return on line {_problem_lines(doubtful)} is reached on {claim.path} (no test there says so)",
            doubtful + absent,
            evidence,
        )
    if mixed and not problems:
        # ("comes from" holds of a value that is empty where there is none)
        return unsettled(
            f"whether the list returned on line {_problem_lines(mixed)} holds the slot's output wherever it holds "
            "anything: it holds other values too, and those that carry the output may be missing",
            mixed + absent,
            evidence,
        )
    if stale and not problems:
        return unsettled(
            f"whether the local returned on line {_problem_lines(stale)} holds the slot's latest output there: it is set to a local that holds one, which the checks do not follow",
            stale + absent,
            evidence,
        )
    if made and not problems:
        # "The predictions returned come from the readers": the returned
        # object holds the readers' outputs and nothing else
        slots = sorted({n.what.slot for n in claim.needs if isinstance(n.what, FromSlot)})
        return undecided(
            f"{' or '.join(f'`{s}`' for s in slots)}'s output itself, or a value that holds it "
            f"(the return on line {', '.join(str(n) for n in sorted(built))})",
            made + absent,
            evidence,
        )
    # "After exhaustion, the result returned is the target's last output",
    # where every return on that path gives none: of the returns there that
    # give one, the sentence would speak of none, so it speaks of them all
    none_on_path = claim.path != "all" and bool(chosen) and all(r.stmt.span.line in empty for r in chosen)
    if absent and not problems and not claim.always and not none_on_path:
        # "The letter returned is the writer's": of every return, or of
        # those that return a letter?
        fields = sorted({n.field for n in claim.needs if n.field is not None})
        named = ", ".join(f"`{f}`" for f in fields)
        return undecided(
            f"on every path, or only on the paths that return {named}: "
            f"some return none (line {', '.join(str(n) for n in sorted(empty))})",
            absent,
            evidence,
        )
    if split and not problems and not absent:
        # `let submitted = choice.formula`, then `let submitted = call
        # formulator` in the loop: a part of the slot's output on one path,
        # its whole output on another, which no one flow carries on both
        return unsettled(
            f"whether the return on line {_problem_lines(split)} gives the slot's output on every path: "
            "it may give a different part of it on each",
            split,
            evidence,
        )
    if gathered and not problems and not absent and not split:
        # "on approval the returned playlist is the selectors' work", of a
        # list the tracks the selectors picked are appended to
        return unsettled(
            f"the return on line {_problem_lines(gathered)} gives a list made of parts of the slot's outputs: "
            "whether that is its output, or only made from it, is not something the words settle",
            gathered,
            evidence,
        )
    return verdict(problems + absent + gathered, evidence)


def _built_of_slot(need: Need, ret: ReturnObs) -> bool:
    """All the returned field may carry comes from the slot's outputs, some
    of it an element or a part of one (`append track to playlist`, of
    `for track in pick.tracks`): a list made from its work."""
    if (what := _whole_output(need)) is None or need.field is None:
        return False
    flows = ret.fields.get(need.field, set())
    return (
        bool(flows)
        # (the list itself, `let playlist = []` and what is appended to it,
        # carries no value of its own: an "edit")
        and all((f.src.kind == "call" and f.src.name == what.slot) or f.src.kind == "edit" for f in flows)
        and any(f.src.kind == "call" and any(is_element(p) for p in (*f.path, *f.at)) for f in flows)
    )


def _also(need: Need, ret: ReturnObs) -> str | None:
    """What else a returned value that carries ``need`` holds: another
    delegate's output or an input beside the slot's output (a list of two
    forecasters' outputs "comes from" each of them only loosely)."""
    if need.field is None or need.only or need.field not in ret.fields or not isinstance(need.what, FromSlot):
        return None
    for f in sorted(ret.fields[need.field], key=lambda f: f.src):
        if f.src.kind in ("call", "error", "input") and not (f.src.kind != "input" and f.src.name == need.what.slot):
            return f.src.describe()
    return None


def _list_at(f: Flow) -> tuple[str, ...] | None:
    """Where the list ``f`` is an element of sits (its position up to the
    element step), or None when ``f`` is no list's element."""
    return next((f.at[:i] for i, step in enumerate(f.at) if is_element(step)), None)


def _mixed_list(need: Need, ret: ReturnObs, facts: Facts) -> Problem | None:
    """The return carries ``need`` only as elements of a list that holds
    other values too (`append v3 to l1`, beside the slot's outputs a loop
    that may run no round appends): where the list holds none of the
    slot's outputs, the value is neither empty nor the slot's."""
    if need.only:
        return None
    carried = ret.sure if need.field is None else {need.field: ret.sure.get(need.field, frozenset())}
    sure = {f for fs in carried.values() for f in fs}
    named = [f for f in sure if _carries(need, {f}, [], facts, sure=True)]
    lists = {_list_at(f) for f in named}
    if not named or None in lists:
        return None
    flows = ret.fields.get(need.field, set()) if need.field is not None else {f for fs in ret.fields.values() for f in fs}
    for f in sorted(flows, key=lambda f: f.src):
        if f.src.kind in ("edit", "text", "null") or _carries(need, {f}, [], facts):
            continue
        if any(at is not None and f.at[: len(at)] == at and len(f.at) > len(at) and is_element(f.at[len(at)]) for at in lists):
            line = ret.stmt.span.line
            return Problem(
                ret.stmt.span,
                f"the return on line {line} gives a list that holds {f.src.describe()} beside "
                f"{describe_source(need.what)}, which it may hold none of",
            )
    return None


def _made_of(need: Need, ret: ReturnObs) -> bool:
    """The returned value is an object or list holding only outputs of the
    slot ``need`` names (whole, not fields of them), with nothing else in it."""
    if need.field is None or need.field not in ret.fields or not isinstance(need.what, FromSlot):
        return False
    if need.only or need.what.fields:
        return False
    flows = [f for f in ret.fields[need.field] if f.src.kind != "null"]
    return bool(flows) and all(
        f.src.kind == "call" and f.src.name == need.what.slot and f.at and not f.path for f in flows
    )


def _failures_recorded(need: Need, ret: ReturnObs) -> bool:
    """The returned field is a list of the slot's outputs, and where a call
    of it failed a record the program makes of the failure (`catch as
    slip: return { faults: "run abandoned", error: slip }`): "the runs
    returned are the handlers' logs" may mean its outputs, or what was made
    of its runs."""
    if (what := _whole_output(need)) is None or need.field is None:
        return False
    flows = ret.fields.get(need.field, set())
    mine = [f for f in flows if f.src.name == what.slot and f.src.kind in ("call", "error")]
    return (
        any(f.src.kind == "call" and not f.path and any(is_element(p) for p in f.at) for f in mine)
        and any(f.src.kind == "error" for f in mine)
        and all(f in mine or f.src.kind in ("edit", "text", "null") for f in flows)
    )


def _records_of_slot(need: Need, ret: ReturnObs) -> bool:
    """The returned field is the slot's output, or a list of records each
    holding a part of one beside other values (`record { item: items[i],
    price: quote.price } in price_list`): "the returned prices are the
    pricer's" of that list may mean its output itself, or values made of it."""
    if (what := _whole_output(need)) is None or need.field is None:
        return False
    flows = ret.fields.get(need.field, set())
    own = {f.at[0] for f in flows if f.src.kind == "call" and f.src.name == what.slot and len(f.at) >= 2 and f.at[0][:1] == "+"}
    return bool(own) and all(
        (f.src.kind == "call" and f.src.name == what.slot) or f.src.kind == "edit"
        or (f.src.kind in ("input", "iter") and len(f.at) >= 2 and f.at[0] in own and not is_element(f.at[1]))
        for f in flows
    )


def _maybe_null(need: Need, ret: ReturnObs, facts: Facts) -> Problem | None:
    """"Always" of a returned key that is null on some path to the return
    (a loop that may run no round, a local still as it was first set): on
    that path the slot's output is not what comes back."""
    if need.field is None or need.field not in ret.fields or isinstance(need.what, Null):
        return None
    if not _carries(need, set(ret.must.get(need.field, EMPTY)), _exprs_of(need, ret), facts, sure=True):
        line = ret.stmt.span.line
        return Problem(ret.stmt.span, f"the return on line {line} may give `{need.field}` = null, on a path where it is not set")
    return None


def _ends_before(loop: ir.Loop, ret: ReturnObs) -> bool:
    """The loop ends before the return begins."""
    return (loop.span.end_line, loop.span.end_column) <= (ret.stmt.span.line, ret.stmt.span.column)


def _within(inner: Span, outer: Span) -> bool:
    return (outer.line, outer.column) <= (inner.line, inner.column) and (inner.end_line, inner.end_column) <= (outer.end_line, outer.end_column)


def _problem_lines(problems: list[Problem]) -> str:
    return ", ".join(str(p.span.line) for p in problems)


def _made_each_round(need: Need, ret: ReturnObs, facts: Facts) -> bool:
    """The local the return gives as ``need``'s field is set, in a loop
    before it that may run no round, by a call of ``need``'s slot at the top
    of the loop's body, and nowhere else after the loop begins: on every run
    where the loop runs a round, the slot's latest output."""
    loop = _set_in_loop(need, ret, facts)
    if loop is None or not isinstance(need.what, FromSlot) or need.what.fields:
        return False
    name = _returned_local(need, ret)
    sets = [
        stmt
        for stmt in ir.walk(facts.a.program.body)
        if isinstance(stmt, ir.Bind | ir.Assign) and _set_name(stmt) == name and stmt.span.line >= loop.span.line
    ]
    top = [stmt for stmt in loop.body if stmt in sets]
    if not top or len(top) != len(sets):
        return False
    for stmt in top:
        call = stmt.value
        obs = facts.a.calls.get(call.span) if isinstance(call, ir.Call) else None
        if obs is None or obs.slot != need.what.slot:
            return False
    return True


def _set_name(stmt: ir.Bind | ir.Assign) -> str | None:
    return stmt.name if isinstance(stmt, ir.Bind) else ir.root_name(stmt.target)


def _returned_local(need: Need, ret: ReturnObs) -> str | None:
    """The local the return gives as ``need``'s field (`setting` of
    `setting.speed`)."""
    expr = ret.exprs.get(need.field or "")
    while isinstance(expr, ir.Attr | ir.Index):
        expr = expr.base
    return expr.name if isinstance(expr, ir.Name) else None


def _said_outcomes(chosen: list[ReturnObs], approver: str | None) -> set[int]:
    """The lines of the returns among ``chosen`` reached where a verdict of
    ``approver`` said a decision word of its own (`elif offer says
    reprice`): an outcome the verdict names, short of approval but maybe
    no refusal."""
    return {
        r.stmt.span.line
        for r in chosen
        for k in r.known or ()
        if k.holds and isinstance(k.cond, ir.Says) and from_slot(k.subject, approver)
    }


def _set_in_loop(need: Need, ret: ReturnObs, facts: Facts) -> ir.Repeat | ir.For | ir.LoopUntil | None:
    """The loop before the return that may run no round and sets the local
    the return gives as ``need``'s field, if there is one."""
    name = _returned_local(need, ret)
    if name is None:
        return None
    for loop in loops_in(facts.a.program.body):
        if (
            isinstance(loop, ir.Repeat | ir.For | ir.LoopUntil) and not runs(loop) and _ends_before(loop, ret)
            and name in written_names(loop.body)
        ):
            return loop
    return None


def _gives_none(need: Need, ret: ReturnObs) -> bool:
    """The return gives no value where ``need`` looks: the field is left
    out, or is null on every path to it."""
    if need.field is None or isinstance(need.what, Null):
        return False
    if need.field not in ret.fields:
        return True
    expr = ret.exprs[need.field]
    if isinstance(expr, ir.Literal_) and expr.value is None:
        return True
    flows = ret.fields[need.field]
    if _empty_list(need, ret):
        return True
    return bool(flows) and all(f.src.kind == "null" for f in flows)


def _empty_list(need: Need, ret: ReturnObs) -> bool:
    """The return gives, under the key ``need`` names, a list nothing was
    put in yet (`results: results`, returned before the first `append`),
    or one written empty: none of anything."""
    if need.field is None or need.field not in ret.fields:
        return False
    return not ret.fields[need.field] and isinstance(ret.exprs[need.field], ir.Name | ir.Array)


def _end(facts: Facts) -> Span:
    """Where the program ends: its last statement."""
    body = facts.a.program.body
    return body[-1].span if body else facts.a.program.span


def _lines(rets: list[ReturnObs]) -> str:
    return ", ".join(str(r.stmt.span.line) for r in sorted(rets, key=lambda r: r.stmt.span)) or "none"


def _need_text(need: Need) -> str:
    what = describe_source(need.what)
    return (f"`{need.field}` = " if need.field else "") + ("only " if need.only else "") + what


def _branch_returns(claim: Returns, facts: Facts, problems: list[Problem], evidence: list[str]) -> list[ReturnObs]:
    chosen: list[ReturnObs] = []
    branches = 0
    for node in _ifs(facts.a.program.body):
        for cond, body in node.branches:
            if not _success_test(claim.path, cond, claim.word if claim.path == "threshold" else None):
                continue
            branches += 1
            rets, problem = _immediate(list(body)) if claim.immediate else _success_path(list(body))
            if problem is not None:
                problems.append(Problem(cond.span, f"the branch on line {cond.span.line} does not return at once: {problem}"))
                continue
            for ret in rets:
                obs = facts.a.returns.get(ret.span)
                if obs is None:
                    problems.append(Problem(ret.span, f"the `return` on line {ret.span.line} ends only one iteration, not the pattern"))
                else:
                    chosen.append(obs)
    if not branches:
        span = facts.a.program.span
        problems.append(Problem(span, f"no branch of the delegation (line {span.line}) tests for {claim.path}"))
    evidence.append(f"the {claim.path} branch returns at once (line {_lines(chosen)})")
    return chosen


def _said_returns(
    word: str, approver: str | None, immediate: bool, facts: Facts, evidence: list[str]
) -> tuple[list[ReturnObs], list[Problem]] | str:
    """"On abort": the returns of the branches that test a verdict for
    ``word`` (``if decision says abort``). Those are all the returns reached
    after a verdict said it only when every test of the word is such a
    branch and every path through it returns; otherwise (or where a return
    there may test another slot's verdict than ``approver``'s) which returns
    the path reaches is not settled, and the reason is returned instead."""
    chosen: list[ReturnObs] = []
    problems: list[Problem] = []
    sites = 0
    for stmt in ir.walk(facts.a.program.body):
        match stmt:
            case ir.LoopUntil(cond=cond) | ir.Bind(value=ir.LoopUntil(cond=cond)) | ir.Assign(value=ir.LoopUntil(cond=cond)) if (
                cond is not None and _tests_word(cond, word)
            ):
                return f"a loop ends when a verdict says {word} (line {cond.span.line}): the returns after it are not told apart"
            case ir.If(branches=branches):
                for cond, body in branches:
                    if not _tests_word(cond, word):
                        continue
                    if not (isinstance(cond, ir.Says) and cond.word.lower() == word):
                        return f"the test on line {cond.span.line} is not a plain `says {word}`"
                    sites += 1
                    rets, problem = _immediate(list(body), calls=not immediate)
                    if problem is not None:
                        if not immediate:
                            return f"the branch on line {cond.span.line} may go on without returning: {problem}"
                        problems.append(Problem(cond.span, f"the branch on line {cond.span.line} does not return at once: {problem}"))
                        continue
                    for ret in rets:
                        obs = facts.a.returns.get(ret.span)
                        if obs is None:
                            return f"the `return` on line {ret.span.line} ends only one iteration, not the pattern"
                        if approver is not None and not any(
                            k.holds and isinstance(k.cond, ir.Says) and k.cond.word.lower() == word and from_slot(k.subject, approver)
                            for k in obs.known or ()
                        ):
                            return f"the verdict tested on line {cond.span.line} may not be `{approver}`'s"
                        chosen.append(obs)
    if not sites:
        return f"no branch of the delegation tests for `says {word}`"
    evidence.append(f"where a verdict says {word}, the pattern returns on line {_lines(chosen)}")
    return chosen, problems


def _tests_word(cond: ir.Cond, word: str) -> bool:
    while isinstance(cond, ir.Not):
        cond = cond.operand
    return isinstance(cond, ir.Says) and cond.word.lower() == word


def _attempted_slot(claim: Returns) -> str | None:
    """The slot whose output a success path returns ("on success the
    target's result is returned immediately"): its own success is meant."""
    slots = {n.what.slot for n in claim.needs if isinstance(n.what, FromSlot)}
    if len(slots) != 1 or not all(isinstance(n.what, FromSlot) for n in claim.needs):
        return None
    return next(iter(slots))


def _shared_attempts(slot: str, facts: Facts) -> str | None:
    """Why a success of ``slot`` names no one path: another call in the loop
    around it may be what decides success (a judge after the attempt)."""
    for call in facts.a.calls.values():
        if call.slot != slot:
            continue
        loop = facts.innermost(call)
        if loop is None:
            continue
        for other in facts.a.calls.values():
            if other.slot != slot and any(s == loop.span for s in other.loops):
                return (
                    f"`call {other.call.callee}` (line {other.call.span.line}) runs in the loop of `{slot}`'s attempts "
                    f"(line {loop.span.line}): whether its success or `{slot}`'s is meant is not said"
                )
    return None


def _success_returns(facts: Facts, problems: list[Problem], evidence: list[str], slot: str | None = None) -> list[ReturnObs]:
    """The returns a successful attempt reaches at once (of ``slot``'s
    attempts only, when one is named)."""
    chosen: list[ReturnObs] = []
    attempts = [c for c in facts.a.calls.values() if facts.loops_of(c) and slot in (None, c.slot)]
    for call in sorted(attempts, key=lambda c: c.call.span):
        loop = facts.innermost(call)
        assert loop is not None
        body = ir.children(loop.node)[0]
        rest = _continuation(body, call.call.span)
        if rest is None:
            continue
        rets, problem = _success_path(rest)
        if problem is not None:
            problems.append(
                Problem(call.call.callee_span, f"after a successful `call {call.call.callee}` (line {call.call.span.line}) the pattern does not stop: {problem}")
            )
        for ret in rets:
            obs = facts.a.returns.get(ret.span)
            if obs is not None:
                chosen.append(obs)
    if not attempts:
        evidence.append("the pattern makes one attempt")
    else:
        evidence.append(f"a successful attempt returns at once (line {_lines(chosen)})")
    return chosen


def _handled(block: ir.Block) -> set[Span]:
    """The returns inside a ``catch`` or ``finally``: failure paths."""
    out: set[Span] = set()
    for stmt in ir.walk(block):
        if isinstance(stmt, ir.Try):
            for handler in (stmt.catch_body, stmt.finally_body):
                out |= {r.span for r in ir.walk(handler or ()) if isinstance(r, ir.Return)}
    return out


def _failed(k: Known) -> bool:
    """A test known, at a return, to have gone the failure's way: a failure
    test that held, an approval or acceptability test that did not."""
    if k.holds:
        return _failure_test(k.cond)
    return asks_for_approval(k.cond) or (isinstance(k.cond, ir.Criteria) and k.cond.outcome == "acceptable")


def _succeeded(k: Known) -> bool:
    """A test known, at a return, to have gone the success's way."""
    return not _failed(k) and (_failure_test(k.cond) or asks_for_approval(k.cond) or isinstance(k.cond, ir.Criteria))


def _succeeded_returns(facts: Facts, evidence: list[str]) -> tuple[list[ReturnObs], set[Span]]:
    """"On success": every return but those on a failure path — in a
    ``catch`` or ``finally``, where a failure test held or an approval
    failed, after the loop ran out with no approval. The second set holds
    those that no test marks as a success either."""
    handled = _handled(facts.a.program.body)
    loops = _decision_loops(facts)
    chosen: list[ReturnObs] = []
    unsure: set[Span] = set()
    for ret in sorted(facts.a.returns.values(), key=lambda r: r.stmt.span):
        known = ret.known or frozenset()
        if ret.stmt.span in handled or any(_failed(k) for k in known):
            continue
        passed = any(_succeeded(k) for k in known)
        if not passed and ret.after and (ret.after & loops) and not (set(ret.loops) & loops):
            continue  # after the loop ran out
        chosen.append(ret)
        if not passed:
            unsure.add(ret.stmt.span)
    evidence.append(f"on success the pattern returns on line {_lines(chosen)}")
    return chosen, unsure


def _approved_returns(approver: str | None, facts: Facts, evidence: list[str]) -> tuple[list[ReturnObs], set[Span]]:
    """"When the critic accepts": the returns reached where the approver's
    verdict was read as an approval, and those that may follow a loop that
    ends when it approves (``loop until critique approves``). The second
    set holds the returns that may or may not follow an approval."""
    chosen = sorted(
        (r for r in facts.a.returns.values() if any(approves(k, approver) for k in r.known or ())),
        key=lambda r: r.stmt.span,
    )
    unsure: set[Span] = set()
    for span, loop, call in _until_approved(approver, facts):
        for ret in sorted(facts.a.returns.values(), key=lambda r: r.stmt.span):
            if ret in chosen:
                continue
            known = ret.known or frozenset()
            if any(asks_for_approval(k.cond) and not k.holds for k in known):
                continue  # a test there says no approval held
            if span in set(ret.loops):
                place = _before_verdict(loop, call, ret.stmt)
                if place == "before":
                    continue  # this round's verdict is not given yet, and the last did not approve
                chosen.append(ret)
                if place == "unsure" or not any(approves(k, approver) for k in known):
                    unsure.add(ret.stmt.span)
            elif ret.after and span in ret.after:
                # after the loop: where it ended on an approval, or ran out;
                # a test made after it may tell those apart
                chosen.append(ret)
                if any(_after(loop.span, k.cond.span) for k in known):
                    unsure.add(ret.stmt.span)
    chosen.sort(key=lambda r: r.stmt.span)
    who = f"`{approver}`" if approver else "a slot"
    evidence.append(f"when {who} approves, the pattern returns on line {_lines(chosen)}")
    return chosen, unsure


def _after(loop: Span, span: Span) -> bool:
    return (span.line, span.column) >= (loop.end_line, loop.end_column)


def _ended_approved(ret: ReturnObs, facts: Facts) -> bool:
    """The return follows a loop that ends when a verdict approves (``loop
    until tasting accepts``), under a test after it that the same verdict
    approves: the loop ended on that approval, not by running out."""
    known = ret.known or frozenset()
    for span, loop, call in _until_approved(None, facts):
        if ret.after and span in ret.after and any(
            k.holds and asks_for_approval(k.cond) and _after(loop.span, k.cond.span) and approves(k, call.callee) for k in known
        ):
            return True
    return False


def _until_approved(approver: str | None, facts: Facts) -> list[tuple[Span, ir.LoopUntil, ir.Call]]:
    """The loops that end when the approver's verdict approves (``loop until
    critique approves``), each with the one call that gives that verdict:
    the approver is called at that one site, in the loop's own body (at its
    top, or in the body of a ``try`` there), so each round's verdict is the
    one tested at its end, and no verdict of it comes before the loop."""
    out: list[tuple[Span, ir.LoopUntil, ir.Call]] = []
    for info in facts.a.loops.values():
        node = info.node
        if not isinstance(node, ir.LoopUntil) or node.test != "until" or node.cond is None or not asks_for_approval(node.cond):
            continue
        tests = facts.a.tests.get(node.cond.span, set())
        if not tests or not all(approves(k, approver) for k in tests):
            continue
        slots = {f.src.name for k in tests for f in k.sure | k.present if f.src.kind == "call"}
        if len(slots) != 1:
            continue
        (slot,) = slots
        calls = [e for e in exprs_in(facts.a.program.body) if isinstance(e, ir.Call) and e.callee == slot]
        if len(calls) != 1 or _verdict_site(node.body, calls[0]) is None:
            continue
        out.append((info.span, node, calls[0]))
    return out


def _verdict_site(body: ir.Block, call: ir.Call) -> tuple[int, int | None] | None:
    """Where ``call`` sits in a loop's body: the index of the statement that
    makes it, and, when that is a ``try``, the index in the ``try``'s body;
    None when it sits deeper (in a branch or an inner loop)."""
    for i, stmt in enumerate(body):
        if any(e is call for e in stmt_exprs(stmt)) and not ir.children(stmt):
            return i, None
        if isinstance(stmt, ir.Try):
            for j, inner in enumerate(stmt.body):
                if any(e is call for e in stmt_exprs(inner)) and not ir.children(inner):
                    return i, j
    return None


def _before_verdict(loop: ir.LoopUntil, call: ir.Call, ret: ir.Return) -> str:
    """Whether a return in the loop's body comes before the round's verdict
    (``before``), may come after it (``after``), or cannot be told
    (``unsure``)."""
    site = _verdict_site(loop.body, call)
    assert site is not None
    i, j = site

    def within(stmts: ir.Block) -> bool:
        return any(s is ret for s in ir.walk(stmts))

    for k, stmt in enumerate(loop.body):
        if not within((stmt,)):
            continue
        if k != i:
            return "before" if k < i else "after"
        if j is None or not isinstance(stmt, ir.Try):
            return "unsure"
        if within(stmt.body[:j]):
            return "before"
        if stmt.catch_body is not None and within(stmt.catch_body) and j == len(stmt.body) - 1:
            # the verdict's call is the last of the `try`: a failure comes
            # before it gives a verdict, or from it
            return "before"
        return "after" if within(stmt.body[j + 1 :]) else "unsure"
    return "unsure"


def _decision_loops(facts: Facts) -> set[Span]:
    loops = {i.span for i in facts.a.main_loops()}
    for node in _ifs(facts.a.program.body):
        if any(_success_test(p, c) for c, _ in node.branches for p in ("accept", "acceptable", "threshold")):
            info = _innermost_loop(facts, node.span)
            if info is not None:
                loops.add(info.span)
    return loops


def _whole_output(need: Need) -> FromSlot | None:
    """What ``need`` names, where it is a slot's output said whole under a
    returned key, with nothing more said of it (only, latest, raw)."""
    what = need.what
    if not isinstance(what, FromSlot) or what.fields or need.field is None or need.only or need.latest or need.raw:
        return None
    return what


def _slot_on_each_path(need: Need, ret: ReturnObs) -> bool:
    """All the returned field may carry is the slot's output (whole, or a
    field of it, from any of its calls), though no one flow of it is there
    on every path: whether each path gives some of it is not followed."""
    if (what := _whole_output(need)) is None or need.field is None:
        return False
    flows = ret.fields.get(need.field, set())
    # (one call's output in one shape, not there on every path, is missing
    # on some, whatever rounds it comes from: a literal there carries none)
    shapes = {(f.src.spans, f.path) for f in flows}
    return len(shapes) > 1 and all(
        f.src.kind == "call" and f.src.name == what.slot and not any(is_element(p) for p in f.path) and not f.at
        for f in flows
    )


def _need(need: Need, ret: ReturnObs, facts: Facts) -> Problem | None:
    """The return carries what ``need`` names on every path to it where it
    is not null; with ``only``, nothing else."""
    line = ret.stmt.span.line
    carried = ret.sure
    if need.field is not None:
        if need.field not in ret.fields:
            return Problem(ret.stmt.span, f"the return on line {line} has no `{need.field}`")
        flows = ret.fields[need.field]
        sure: set[Flow] = set(carried.get(need.field, ()))
    else:
        flows = {f for fs in ret.fields.values() for f in fs}
        sure = {f for fs in carried.values() for f in fs}
    exprs = _exprs_of(need, ret)
    label, shown = _label(need, exprs)
    ok = _carries(need, sure, exprs, facts, sure=True)
    if ok and need.only:
        extra = [f for f in flows if f.src.kind not in ("edit", "text") and not _carries(need, {f}, [], facts)]
        if extra:
            return Problem(exprs[0].span, f"the return on line {line} gives {label} = {shown}, which also carries {extra[0].src.describe()}")
    if ok and need.raw and isinstance(need.what, FromSlot):
        # "the readers' raw output": none of the slot's results written into a text
        texted = [f for f in flows if f.src.kind in ("call", "error") and f.src.name == need.what.slot and TEXT in f.at]
        if texted:
            return Problem(exprs[0].span, f"the return on line {line} gives {label} = {shown}, which puts {texted[0].src.describe()} into a text")
    if not ok and isinstance(need.what, FromSlot) and not need.what.fields and len(exprs) == 1:
        picked = _picked_call(exprs[0], facts.a.program)
        # "the certificate returned is the printer's", of `keepsakes[0]`,
        # the first of a parallel block's values, the printer's call
        ok = picked is not None and picked.callee == need.what.slot
    if not ok and need.field is None:
        return Problem(ret.stmt.span, f"the return on line {line} does not return {describe_source(need.what)} on every path")
    if not ok:
        return Problem(exprs[0].span, f"the return on line {line} gives {label} = {shown}, not {describe_source(need.what)} on every path")
    return None


def _picked_call(expr: ir.Expr, program: ir.Program) -> ir.Call | None:
    """The call whose value ``expr`` is, where it picks one value of a
    parallel block by its place (`keepsakes[0]`, of `let keepsakes =
    parallel:` whose first branch is a bare call): the block joins all its
    branches, failing fast, and keeps one value per branch in order; the
    local is bound to it once and written nowhere else."""
    match expr:
        case ir.Index(base=ir.Name(name=name), index=ir.Literal_(value=int() as k)) if not isinstance(k, bool) and k >= 0:
            pass
        case _:
            return None
    writes = [
        s for s in ir.walk(program.body)
        if (isinstance(s, ir.Bind) and s.name == name) or (isinstance(s, ir.Assign | ir.Append) and isinstance(s.target, ir.Name) and s.target.name == name)
    ]
    match writes:
        case [ir.Bind(value=ir.Parallel(branches=branches, mods=mods))] if mods.join == "all" and mods.on_fail == "fail-fast" and k < len(branches):
            branch = branches[k]
            if isinstance(branch, ir.ExprStmt) and isinstance(branch.expr, ir.Call):
                return branch.expr
    return None


def _exprs_of(need: Need, ret: ReturnObs) -> list[ir.Expr]:
    """What the return gives under the key ``need`` names, or under each key."""
    return [ret.exprs[need.field]] if need.field is not None else list(ret.exprs.values())


def _label(need: Need, exprs: list[ir.Expr]) -> tuple[str, str]:
    """How a problem names the returned key and what it is given."""
    label = f"`{need.field}`" if need.field else "anything"
    return label, f"`{show(exprs[0])}`" if len(exprs) == 1 else "its fields"


def _stale(need: Need, ret: ReturnObs, facts: Facts) -> Problem | None:
    """"The designer's latest draft": the value a local holds that every
    call of the slot sets, and nothing but null before them; another value
    that carries the slot's output may be an earlier one."""
    if not need.latest or not isinstance(need.what, FromSlot):
        return None
    exprs = _exprs_of(need, ret)
    latest = latest_locals(need.what.slot, facts.a.program) | _latest_copies(need.what.slot, ret, facts.a.program)
    # (or a field of that local: "the path returned is the planner's latest
    # draft", of `path: route.path`, comes from that output as a plain
    # "the planner's draft" does)
    fresh = [e for e in exprs if isinstance(base := _base_name(e), ir.Name) and base.name in latest]
    if fresh and (need.field is None or len(fresh) == len(exprs)):
        return None
    line = ret.stmt.span.line
    label, shown = _label(need, exprs)
    return Problem(
        exprs[0].span if exprs else ret.stmt.span,
        f"the return on line {line} gives {label} = {shown}, which need not be `{need.what.slot}`'s latest output: "
        f"only a local that every call of `{need.what.slot}` sets, and nothing else does, holds that",
    )


def _base_name(e: ir.Expr) -> ir.Expr:
    """The local a chain of field reads starts from (`route.path`: `route`)."""
    while isinstance(e, ir.Attr):
        e = e.base
    return e


def _latest_copies(slot: str, ret: ReturnObs, program: ir.Program) -> frozenset[str]:
    """Locals that hold ``slot``'s latest output at a return after the loop
    that sets them: set only to null and to a copy (`last_critique =
    verdict`) of a local set only to the slot's calls, at the top of the
    one loop's body that makes every call of it, after the call, in a loop
    no `break` or `continue` cuts short."""
    calls = [e for e in exprs_in(program.body) if isinstance(e, ir.Call) and e.callee == slot]
    values_set = ir.values_set(program)
    out: set[str] = set()
    for loop in loops_in(program.body):
        if isinstance(loop, ir.Parallel) or not _ends_before(loop, ret):
            continue
        if any(isinstance(stmt, ir.Break | ir.Continue) for stmt in ir.walk(loop.body)):
            continue
        setting = [
            (k, stmt) for k, stmt in enumerate(loop.body)
            if isinstance(stmt, ir.Bind | ir.Assign) and isinstance(stmt.value, ir.Call) and stmt.value.callee == slot
        ]
        if len(setting) != len(calls):
            continue  # a call of the slot elsewhere: its latest output may be another
        set_at = {_set_name(stmt): k for k, stmt in setting}
        for k, stmt in enumerate(loop.body):
            if not (isinstance(stmt, ir.Assign) and isinstance(stmt.target, ir.Name) and isinstance(stmt.value, ir.Name)):
                continue
            source = stmt.value.name
            if set_at.get(source, len(loop.body)) > k or not all(
                isinstance(v, ir.Call) and v.callee == slot for v in values_set.get(source, [])
            ):
                continue
            name = stmt.target.name
            values = values_set.get(name, [])
            copies = [v for v in values if isinstance(v, ir.Name)]
            if all((isinstance(v, ir.Name) and v.name == source) or (isinstance(v, ir.Literal_) and v.value is None) for v in values) and len(copies) == 1:
                out.add(name)
    return frozenset(out)


def _copied_output(need: Need, ret: ReturnObs, program: ir.Program) -> bool:
    """The return gives a local set only to null and, as it is, to locals
    bound to the slot's calls (`last_critique = verdict`): which of its
    outputs it holds at the return, the checks do not follow."""
    if not isinstance(need.what, FromSlot):
        return False
    exprs = _exprs_of(need, ret)
    slot = need.what.slot
    holders = {n for n, vs in ir.values_set(program).items() if all(isinstance(v, ir.Call) and v.callee == slot for v in vs)}
    copied = ir.copied_locals(program)
    # (of a return said of no key, one of its fields is enough)
    found = [isinstance(e, ir.Name) and copied.get(e.name, frozenset({""})) <= holders for e in exprs]
    return any(found) if need.field is None else bool(found) and all(found)


def latest_locals(slot: str, program: ir.Program) -> frozenset[str]:
    """The local that always holds ``slot``'s latest output: bound at the
    top of the delegation (so every later ``let`` of it updates the one
    binding), set by every call of the slot, each the whole value of a
    ``let`` or assignment of it, and otherwise only ever set to null; none
    of those calls in a parallel loop or block (whose calls have no order)."""
    calls = [e for e in exprs_in(program.body) if isinstance(e, ir.Call) and e.callee == slot]
    if not calls:
        return frozenset()
    bound = ir.values_set(program)
    setters = {name for name, values in bound.items() for v in values if isinstance(v, ir.Call) and v.callee == slot}
    if len(setters) != 1:
        return frozenset()
    (name,) = setters
    values = bound[name]
    if sum(1 for v in values if isinstance(v, ir.Call) and v.callee == slot) != len(calls):
        return frozenset()  # a call whose output goes elsewhere
    if any(not (isinstance(v, ir.Call) and v.callee == slot) and not (isinstance(v, ir.Literal_) and v.value is None) for v in values):
        return frozenset()
    if not any(isinstance(stmt, ir.Bind) and stmt.name == name for stmt in program.body):
        return frozenset()
    if any(_in_parallel(program.body, c) for c in calls):
        return frozenset()
    return frozenset({name})


def _in_parallel(block: ir.Block, call: ir.Call, parallel: bool = False) -> bool:
    for stmt in block:
        here = parallel or isinstance(stmt, ir.Parallel) or getattr(stmt, "parallel", False)
        match stmt:
            case ir.Bind(value=ir.Repeat() | ir.For() as loop) | ir.Assign(value=ir.Repeat() | ir.For() as loop):
                here = here or loop.parallel
            case _:
                pass
        if here and any(e is call for e in stmt_exprs(stmt)):
            return True
        if any(_in_parallel(child, call, here) for child in ir.children(stmt)):
            return True
    return False


def _carries(need: Need, flows: set[Flow], exprs: list[ir.Expr], facts: Facts, *, sure: bool = False) -> bool:
    """``flows`` carry what ``need`` names. With ``sure`` (what a return
    carries on every path), the thing itself: the whole input or result
    (a field of it when a field is named), not an element of a list of them."""

    def shaped(f: Flow) -> bool:
        # (a collected list's every element: when it is empty, it holds no
        # result, which a return may give)
        return LENGTH not in f.path and INDEX not in f.at

    match need.what:
        case Null():
            return all(isinstance(e, ir.Literal_) and e.value is None for e in exprs) and bool(exprs)
        case FromSlot(slot=slot, fields=fields):
            return any(
                f.src.kind in ("call", "error") and f.src.name == slot and shaped(f)
                and (bool(set(f.field_steps()) & set(fields)) if fields else not (sure and any(is_element(p) for p in f.path)))
                for f in flows
            )
        case FromVar(name=name):
            return any(passes_var(e, name) for e in exprs)
        case AnyResult():
            return any(f.src.kind == "call" and shaped(f) and not (sure and f.path) for f in flows)
        case FromInput(name=name, fields=()):
            return any(f.src.kind == "input" and f.src.name == name and shaped(f) and not (sure and f.path) for f in flows)
        case FromInput(name=name, fields=fields):
            # a field of it, as the slot's fields are
            return any(f.src.kind == "input" and f.src.name == name and shaped(f) and f.first_field() in fields for f in flows)
        case FromField(name=name):
            return any(f.src.kind in ("call", "error") and name in f.field_steps() and shaped(f) for f in flows)
        case FromOthers() | OtherElements():
            return False


def _records(var: str, facts: Facts, evidence: list[str]) -> list[Problem]:
    """Every failure path inside the pattern's loop appends to ``var``."""
    problems: list[Problem] = []
    handled = 0
    for info in facts.a.main_loops():
        for stmt in ir.walk(ir.children(info.node)[0] if ir.children(info.node) else ()):
            bodies: list[tuple[Span, ir.Block]] = []
            match stmt:
                case ir.Try(catch_body=catch) if catch is not None:
                    bodies.append((stmt.span, catch))
                case ir.If(branches=branches):
                    bodies += [(c.span, b) for c, b in branches if _failure_test(c)]
                case _:
                    pass
            for span, body in bodies:
                handled += 1
                if not any(isinstance(s, ir.Append) and _root(s.target) == var for s in ir.walk(body)):
                    problems.append(Problem(span, f"the failure handled on line {span.line} is not recorded in `{var}`"))
    evidence.append(f"each of {handled} failure path(s) records into `{var}`")
    return problems


def _complete(var: str, facts: Facts, evidence: list[str]) -> list[Problem]:
    """Every call's result is written into ``var`` ("the full exchange")."""
    kept = {f.src.span for w in facts.a.writes.values() if w.var == var for f in w.value if f.src.kind == "call"}
    problems = [
        Problem(c.call.callee_span, f"the result of `call {c.call.callee}` (line {c.call.span.line}) never reaches `{var}`")
        for c in sorted(facts.a.calls.values(), key=lambda c: c.call.span)
        if c.call.span not in kept
    ]
    evidence.append(f"`{var}` holds the result of every call")
    return problems


def _root(e: ir.Expr) -> str:
    while isinstance(e, ir.Attr | ir.Index):
        e = e.base
    return e.name if isinstance(e, ir.Name) else ""


def _ties(claim: Returns, facts: Facts, evidence: list[str]) -> list[Problem]:
    """The loop choosing the first success walks results in slot order."""
    seq = claim.ordered
    problems: list[Problem] = []
    for node in _ifs(facts.a.program.body):
        if not any(_success_test(claim.path, c) for c, _ in node.branches):
            continue
        info = _innermost_loop(facts, node.span)
        ok = False
        if info is not None and isinstance(info.node, ir.For) and not info.parallel:
            if info.sequence == seq:
                ok = True
            elif isinstance(info.node.iterable, ir.Name):
                for span in facts.a.collections.get(info.node.iterable.name, set()):
                    source = facts.a.loops.get(span)
                    node_ = source.node if source else None
                    if source is not None and source.sequence == seq and isinstance(node_, ir.For) and node_.mods.join == "all":
                        ok = True
        if not ok:
            problems.append(Problem(node.span, f"the choice on line {node.span.line} does not go through results in `{seq}` order"))
    evidence.append(f"results are tried in `{seq}` order")
    return problems


# ---------------------------------------------------------------- fields, merging


def check_field(claim: ReturnsField, facts: Facts) -> Verdict:
    """Check that every return holds the field."""
    problems: list[Problem] = []
    rets = sorted(facts.a.returns.values(), key=lambda r: r.stmt.span)
    for ret in rets:
        if claim.field not in ret.fields:
            problems.append(Problem(ret.stmt.span, f"the return on line {ret.stmt.span.line} has no `{claim.field}`"))
    if facts.a.falls_off:
        problems.append(
            Problem(_end(facts), f"the pattern can end without a `return` (after line {_end(facts).line}), so without `{claim.field}`")
        )
    return verdict(problems, [f"every return (line {_lines(rets)}) has `{claim.field}`"])


def check_unmerged(claim: Unmerged, facts: Facts) -> Verdict:
    """Check that no call or text combines the sides' outputs."""
    sides = set(claim.sides)
    problems: list[Problem] = []

    def merged(flows: set[Flow]) -> str | None:
        """What is combined in ``flows``, if anything."""
        mine = [f for f in flows if f.src.kind in ("call", "error") and f.src.name in sides]
        names = sorted({f.src.name for f in mine})
        if len(names) > 1:
            return " and ".join(f"`{n}`" for n in names) + " outputs"
        if len(sides) == 1:
            sites = {f.src.span for f in mine}
            many = any(any(is_element(step) for step in (*f.at, *f.path)) for f in mine)
            if len(sites) > 1 or (many and mine):
                return f"several `{names[0]}` outputs"
        return None

    #: of two results said first (``held``), a call given them as two of
    #: its values: combining them, or keeping them side by side?
    apart: list[Problem] = []
    for call in sorted(facts.a.calls.values(), key=lambda c: c.call.span):
        what = merged(call.flows())
        if what is None:
            continue
        said = Problem(call.call.callee_span, f"`call {call.call.callee}` (line {call.call.span.line}) receives {what}: it combines them")
        if claim.held and not any(merged(set(p.flows)) for p in call.props.values()):
            # ("the solvers' reports and the setter's puzzle are never
            # combined into one value", of a grader given each under its
            # own name): no one value it is given holds both
            apart.append(said)
        else:
            problems.append(said)
    for text in sorted(facts.a.texts.values(), key=lambda t: t.text.span):
        flows = {f for part in text.parts for f in part}
        what = merged(flows)
        if what is not None:
            problems.append(Problem(text.text.span, f"the text on line {text.text.span.line} interpolates {what} into one string"))
    for write in sorted(facts.a.writes.values(), key=lambda w: w.stmt.span):
        # `let why = outputs.reason`: the reason read of a list that is no
        # verdict is a sentence quoting the start of it (language.md)
        value = write.stmt.value
        reads = isinstance(value, ir.Attr) and value.key == "reason"
        what = merged(write.value) if reads else None
        if what is not None:
            line = write.stmt.span.line
            problems.append(Problem(write.stmt.span, f"the reason read on line {line} quotes {what} in one string"))
    names = " and ".join(f"`{s}`" for s in claim.sides)
    evidence = [f"no call and no text combines {names} outputs; they are returned side by side"]
    if claim.held and not problems:
        # "the minutes and the alert are never combined": one returned
        # object, or one list or object kept, holding both may be combining
        # them or keeping them side by side
        held: list[Problem] = []
        for ret in sorted(facts.a.returns.values(), key=lambda r: r.stmt.span):
            if (what := merged({f for flows in ret.fields.values() for f in flows})) is not None:
                held.append(Problem(ret.stmt.span, f"the return on line {ret.stmt.span.line} holds {what} in one object"))
        for write in sorted(facts.a.writes.values(), key=lambda w: w.stmt.span):
            if isinstance(write.stmt.value, ir.Object | ir.Array) and (what := merged(write.value)) is not None:
                held.append(Problem(write.stmt.span, f"`{write.var}` (line {write.stmt.span.line}) holds {what} in one value"))
        if held or apart:
            return unsettled(
                "whether one call, object or list given both, each as a value of its own, combines them or keeps them side by side",
                apart + held,
                evidence,
            )
    return verdict(problems, evidence)


