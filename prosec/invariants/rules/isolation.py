"""isolation: nothing from the named source reaches the slot's calls.

The source is a slot's results, an input, the other invocations of the same
slot (see :meth:`Facts.instance_loops`: siblings in a parallel region,
earlier iterations of the loop around the calls, earlier entries of a slot
sequence — never the same invocation's own earlier rounds), the elements of
an input list other than the one a call was given, a local (whatever was
ever written to it), a field of any delegate's result, any delegate's
result, or null (an argument that may be null: anything but a literal,
text, object or array).
"""

from __future__ import annotations

from ... import ir
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
from ..flow import LENGTH, CallObs, Flow, each, is_element
from ..lexicon import singular
from ..model import Status
from .base import Facts, Problem, Verdict, origin, show, unsettled, verdict, where


def leaks(facts: Facts, source: Source, f: Flow, call: CallObs) -> bool:
    """Whether flow ``f``, reaching ``call``, comes from ``source``."""
    match source:
        case FromSlot(slot=slot, fields=fields, given=given, failures=failures):
            # the delegate itself (an element of a slot sequence passed on)
            # is which delegate, not what it produced: `unaware` speaks of it
            if f.src.kind not in ("call", "error") or f.src.name != slot:
                return False
            if f.src.kind == "error" and not failures:
                return False
            if given and not any(facts.call_given(site) & given for site in f.src.spans):
                return False
            if fields:
                # (read at any depth: `seat.note` of the plan's `seats`)
                return f.first_field() is None or facts.holds_field(f, lambda k: k in fields) or quoting(f, fields)
            return True
        case FromInput(name=name, fields=fields):
            if f.src.kind != "input" or f.src.name != name:
                return False
            # the whole input (or an element of it) carries each of its fields
            return not fields or f.first_field() is None or facts.holds_field(f, lambda k: k in fields)
        case FromOthers(fields=fields):
            if not _may_hold(f, fields, facts):
                return False  # another field of their results, or a failure: not the named fields
            return facts.is_other_invocation(f, call)
        case OtherElements(name=name):
            if f.src.kind != "input" or f.src.name != name:
                return False
            if f.path[:1] == (LENGTH,) or f.path[-1:] == (LENGTH,):
                return False  # how many there are, not what they hold
            # the element of this iteration, unless the value crossed the
            # loop's back edge: then it may be an earlier iteration's element
            # (`append report to accepted`, `accepted` passed on later)
            own = {each(s) for s in call.loops if s not in f.carried}
            return not (f.path and f.path[0] in own)
        case FromVar(name=name):
            written = facts.written(name)
            if not written and name in facts.a.inputs:
                return f.src.kind == "input" and f.src.name == name  # the input itself
            return any(_overlaps(f, w) for w in written)
        case FromField(name=name):
            if f.src.kind == "input":
                # the field read of an input's element ("the full texts", of
                # `paper.full_text`), or the input whole (or an element of
                # it), which holds the field if the caller's value has one
                # (see `_unsure`); a string or a number has no fields
                if name in f.path:
                    return True
                return all(is_element(step) for step in f.path) and f.src.name not in facts.scalars
            if f.src.kind not in ("call", "error", "slot"):
                return False
            # (read at any depth: `seat.student` of the plan's `seats`)
            return f.first_field() is None or facts.holds_field(f, lambda k: k == name)
        case AnyResult():
            return f.src.kind in ("call", "error", "slot")
        case Null():
            return False  # not a flow: see `_may_be_null`


def quoting(f: Flow, fields: tuple[str, ...]) -> bool:
    """``f`` is a result's `reason` read, which, where the verdict gives
    none, is a sentence quoting the start of the whole output (language.md,
    api.md): it may hold other fields of it."""
    return f.src.kind == "call" and f.first_field() == "reason" and "reason" not in fields


def _overlaps(f: Flow, w: Flow) -> bool:
    """``f`` carries (part of) what ``w`` put into a local."""
    if f.src != w.src or f.src.kind == "edit":
        return False
    n = min(len(f.path), len(w.path))
    # an element picked by one loop may be the one another loop picks (two
    # `for`s over the same input): any element step matches any other
    return all(a == b or (is_element(a) and is_element(b)) for a, b in zip(f.path[:n], w.path[:n], strict=True))


def _may_be_null(e: ir.Expr) -> bool:
    """An argument that may be null: a delegate's result, a read (a missing
    field or element is null), a local or an input."""
    match e:
        case ir.Text() | ir.Object() | ir.Array() | ir.IterationCount():
            return False
        case ir.Literal_(value=value):
            return value is None
        case _:
            return True


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
    quoted: list[Problem] = []  # a reason read, which may quote the output's other fields
    whole: list[Problem] = []  # a whole result, which may not have the field at all
    routed: list[Problem] = []  # what a local holds, reaching the call by another way
    raised: list[Problem] = []  # a slot's failure, where its results are named
    rewritten: list[Problem] = []  # "the original" input, reaching only inside other values
    rounds: list[Problem] = []  # its own output from an earlier round of a `repeat` inside its instance
    #: of "the previous results", of a call in a loop: results made before
    #: it in the same round (or before the loop), none from an earlier round
    before: list[Problem] = []
    for call in calls:
        if isinstance(claim.source, Null):
            for prop in call.props.values():
                if facts.has_phase(call, claim.target.phase) and _may_be_null(prop.prop.value):
                    problems.append(
                        Problem(
                            prop.prop.value.span,
                            f"`{call.slot}` receives `{show(prop.prop.value)}` (line {prop.prop.value.span.line}), "
                            "which may be null",
                        )
                    )
            continue
        for prop, flows in facts.props(call, claim.target.phase):
            bad = sorted((f for f in flows if leaks(facts, claim.source, f, call)), key=lambda f: f.src)
            if bad:
                f = bad[0]
                fields = claim.source.fields if isinstance(claim.source, FromSlot | FromOthers) else ()
                if fields and all(quoting(g, fields) for g in bad):
                    quoted.append(
                        Problem(
                            prop.prop.value.span,
                            f"`{call.slot}` receives `{show(prop.prop.value)}` (line {prop.prop.value.span.line}), "
                            f"a reason read of {origin(f)}, which quotes the start of the output where it gives none",
                        )
                    )
                    continue
                unsure = _unsure(claim.source, bad, facts)
                elsewhere = (
                    isinstance(claim.source, FromVar)
                    and claim.source.name not in facts.a.inputs
                    # (or only a loop's count, which every list the loop
                    # writes to holds: `page_number: index`)
                    and (_from_inputs_only(prop.prop.value, facts) or all(g.src.kind == "iter" for g in bad))
                )
                # ("what the vet said", of a vet whose failure is caught and
                # logged): a failure is what the delegate raised, which the
                # words for its results may or may not take in
                failed = isinstance(claim.source, FromSlot) and all(g.src.kind == "error" for g in bad)
                # ("never gets the original request", of a call given a
                # field read off it: a part of it, not the input as it was
                # given; a text or an object made with the whole of it, or
                # with its elements as they are, holds it as given)
                inside = (
                    isinstance(claim.source, FromInput) and claim.source.original
                    and all(any(not is_element(step) for step in g.path) for g in bad)
                )
                # ("the judge never sees earlier rulings", of a judge given
                # the spotters' readings of the same round): no result of
                # an earlier round of a loop around it
                same_round = (
                    isinstance(claim.source, AnyResult) and claim.source.age == "prior" and bool(call.loops)
                    and not any(set(g.carried) & set(call.loops) for g in bad)
                )
                bucket = whole if unsure else routed if elsewhere else raised if failed else rewritten if inside else problems
                (before if same_round and bucket is problems else bucket).append(
                    Problem(
                        prop.prop.value.span,
                        f"`{call.slot}` receives `{show(prop.prop.value)}` (line "
                        f"{prop.prop.value.span.line}){where(f)}, from {origin(f)}"
                        + (" — another invocation's output" if isinstance(claim.source, FromOthers) else ""),
                    )
                )
        if isinstance(claim.source, FromOthers):
            rounds.extend(_repeated_rounds(claim.source, call, facts))
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
    if before and not problems:
        return unsettled(
            "results made earlier in the same round, or before the loop, reach the call, and none of an earlier "
            "round: whether those are the previous results the words mean is not something they settle",
            before,
            evidence,
        )
    if quoted and not problems:
        return unsettled(
            "where a verdict gives no reason, the reason read is a sentence quoting the start of its output, "
            "which may hold the fields named",
            quoted,
            evidence,
        )
    if whole and not problems and isinstance(claim.source, FromField):
        return unsettled(
            f"no value passed whole is read for a `{claim.source.name}` field elsewhere: whether the whole "
            "results or inputs passed have one is not known",
            whole,
            [],
        )
    if whole and not problems and isinstance(claim.source, FromSlot) and claim.source.part:
        return unsettled(
            f"only fields of `{claim.source.slot}`'s results, or its failures, reach the call: whether its "
            f"{claim.source.part} is among them is not something the words settle",
            whole,
            [],
        )
    if routed and not problems and isinstance(claim.source, FromVar):
        # ("the discrepancy log", of a local holding records of each
        # aisle, never read by the recounter, which is given the aisle
        # itself): the values the local holds, not the local
        return unsettled(
            f"what `{claim.source.name}` holds reaches the call, but not read from it there: whether a "
            "value that reaches it by another way counts is not something the words settle",
            routed,
            evidence,
        )
    if raised and not problems and not whole and not routed and isinstance(claim.source, FromSlot):
        return unsettled(
            f"only a failure of `{claim.source.slot}` reaches the call, caught as a value: whether what it "
            "raised is among the results the words name is not something they settle",
            raised,
            evidence,
        )
    if rewritten and not problems and not whole and not routed and not raised:
        return unsettled(
            f"two meanings: nothing of {what} at all, or not {what} as it was given: only a part of it (a field "
            "read off it) reaches the call",
            rewritten,
            evidence,
        )
    if rounds and not problems:
        return unsettled(
            "two meanings: the calls of other instances of the slot, or also its calls in the earlier rounds "
            "of a `repeat` or `loop` inside one instance, whose output reaches a later round",
            [*rounds, *whole, *routed, *raised, *rewritten],
            evidence,
        )
    return verdict([*problems, *whole, *routed, *raised, *rewritten], evidence)


def _may_hold(f: Flow, fields: tuple[str, ...], facts: Facts) -> bool:
    """Whether a result ``f`` carries may hold the named fields (all of
    it, where none are named): not a failure, nor another field of it."""
    if not fields:
        return True
    return f.src.kind != "error" and (
        f.first_field() is None or facts.holds_field(f, lambda k: k in fields) or quoting(f, fields)
    )


def _repeated_rounds(source: FromOthers, call: CallObs, facts: Facts) -> list[Problem]:
    """The call's own output from an earlier round of a `repeat` or `loop`
    around it inside one instance of the slot (passes at one site, inside
    a `for` over the sites): one invocation's later round, or another
    invocation? The program does not say; a `for` over a list inside an
    instance is one delegate working through it (a reviewer reading one
    material after another)."""
    instance = facts.instance_loops(call)
    rounds = {
        s for s in call.loops
        if s not in instance and isinstance(facts.a.loops[s].node, ir.Repeat | ir.LoopUntil)
    }
    out: list[Problem] = []
    for prop, flows in facts.props(call):
        for f in sorted(flows, key=lambda f: f.src):
            if f.src.kind not in ("call", "error") or f.src.name != call.slot or not f.carried & rounds:
                continue
            if not _may_hold(f, source.fields, facts):
                continue
            out.append(
                Problem(
                    prop.prop.value.span,
                    f"`{call.slot}` receives `{show(prop.prop.value)}` (line {prop.prop.value.span.line}){where(f)}, "
                    f"from {origin(f)} in an earlier round",
                )
            )
            break
    return out


def _from_inputs_only(e: ir.Expr, facts: Facts) -> bool:
    """Whether an argument reads nothing but inputs, the variables of
    loops over inputs (`for aisle in aisles`) and the counts of loops (a
    `for`'s index, a `repeat`'s round), none of them ever set again: no
    value it reads can have been taken from a local."""
    body = facts.a.program.body
    walked = {loop.var for loop in ir.walk(body) if isinstance(loop, ir.For) and isinstance(loop.iterable, ir.Name) and loop.iterable.name in facts.a.inputs}
    for stmt in ir.walk(body):
        loop = stmt.value if isinstance(stmt, ir.Bind | ir.Assign) else stmt
        match loop:
            case ir.For(index=str() as index):
                walked.add(index)
            case ir.Repeat(var=str() as var) | ir.LoopUntil(var=str() as var):
                walked.add(var)
            case _:
                pass
    set_again: set[str] = set()
    for stmt in ir.walk(body):
        match stmt:
            case ir.Bind(name=name) | ir.Assign(target=ir.Name(name=name)):
                set_again.add(name)
    names = {x.name for x in ir.subexprs(e) if isinstance(x, ir.Name)}
    return all((n in facts.a.inputs or n in walked) and n not in set_again for n in names)


def _result_field(facts: Facts, name: str, slot: str) -> bool:
    """Whether the program reads a field ``name`` of a result of ``slot``
    (the `reason` of a verdict says nothing of what a proofreader's marks
    hold)."""
    return any(f.src.kind in ("call", "error") and f.src.name == slot and f.first_field() == name for f in facts.every_flow)


def _unsure(source: Source, bad: list[Flow], facts: Facts) -> bool:
    """Whether the flows that reach a call may not carry what ``source``
    names: whole results, where a field no result is read for is named;
    fields of a result, or its failures, where some part of it is named
    and which part is not said."""
    match source:
        case FromField(name=name):
            # a whole result, where no result of its slot is read for the
            # field; an input whole, where the program reads no such field
            # of it
            return all(
                g.first_field() is None
                and (name not in facts.input_fields.get(g.src.name, ()) if g.src.kind == "input" else not _result_field(facts, name, g.src.name))
                for g in bad
            )
        case FromSlot(part=part) if part:
            return all(g.src.kind == "error" or not _names_part(g.first_field(), part) for g in bad)
        case _:
            return False


def _names_part(field: str | None, part: str) -> bool:
    """Whether a flow that reads ``field`` of a result (None: the whole
    result) carries the part a sentence named by ``part``: the whole
    result does; a field does when it is that word, in the singular or
    the plural, or one word begins the other ("reason", of "reasoning")."""
    if field is None:
        return True
    a, b = sorted((singular(field.lower()), singular(part)), key=len)
    return a == b or (len(a) >= 5 and b.startswith(a))
