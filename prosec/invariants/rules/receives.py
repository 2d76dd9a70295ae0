"""receives: each call of the slot (in the named rounds) is passed the named
values — an input, another slot's output (its prior or current round, a
field of it, the whole collection of it), a local list — and, with "only",
no delegate output besides them (and no input besides the named ones, when
the sentence names inputs)."""

from __future__ import annotations

from dataclasses import replace
from typing import TypeGuard

from ... import ir
from ...diagnostics import Span
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
from ..flow import (
    INDEX,
    LENGTH,
    TEXT,
    CallObs,
    Flow,
    Flows,
    PropObs,
    each,
    is_element,
    stmt_exprs,
)
from ..lexicon import singular
from ..model import Status
from .base import (
    Facts,
    Problem,
    Verdict,
    _phase,
    origin,
    passes_var,
    rebinds,
    show,
    undecided,
    unsettled,
    verdict,
)
from .isolation import leaks
from .unchanged import is_original


def _is_value(f: Flow) -> bool:
    """A flow that is data, not only its length or its use as an index."""
    return LENGTH not in f.path and INDEX not in f.at


def _own_picks(call: CallObs, f: Flow, facts: Facts) -> set[str]:
    """The element steps of the `for` loops around ``call`` that ``f``
    did not cross the back edge of: the elements its own iteration picks."""
    return {each(s) for s in call.loops if isinstance(facts.a.loops[s].node, ir.For) and s not in f.carried}


def covers(need: Source, f: Flow, call: CallObs, facts: Facts, *, sure: bool = False) -> bool:
    """Whether flow ``f`` into ``call`` is (part of) what ``need`` names.

    With ``sure``, ``f`` is carried on every path and must be the thing
    itself: the whole input, the whole result ("the result"), or a read of
    the slot's output (its feedback). A list whose every element is the
    slot's output (or that field of it) passes "the slot's outputs", also
    while it is still empty ("the validator's reasons" before the first);
    an input or "the result" is not passed by a list that may be empty."""
    if not _is_value(f):
        return False
    loop = facts.innermost(call)
    if sure and not isinstance(need, FromSlot | FromField) and any(step.startswith("@") for step in f.at):
        return False
    match need:
        case FromSlot(slot=slot, fields=fields, age=age, every=every, whole=whole):
            if f.src.kind not in ("call", "error") or f.src.name != slot:
                return False
            if whole and f.path:
                return False  # "the whole reply": all of it, not a part
            # (a field read at any depth: `seat.student` of the plan's `seats`)
            if fields and not whole and not set(f.field_steps()) & set(fields) and not (sure and f.first_field() is None and f.src.kind == "call"):
                # the whole result, passed on every path, carries each of its
                # fields; for "only", the rest of it is more than was named
                return False
            if sure and any(is_element(step) and step not in _own_picks(call, f, facts) for step in f.path):
                # an element of a result may not be there (but the one the
                # call's own iteration walks to is: `seat.student`, in
                # `for seat in plan.seats`)
                return False
            if age == "prior" and (loop is None or loop.span not in f.carried or not f.fresh(loop.span)):
                return False
            if age in ("current", "latest") and loop is not None and loop.span in f.carried:
                return False
            if every:
                # the collected list, or that list under a key of an
                # object literal (`{ a_predicts_b: a_predicts_b, ... }`)
                steps = list(f.at)
                while steps and not is_element(steps[0]) and not steps[0].startswith("#"):
                    steps.pop(0)
                return bool(steps) and steps[0].startswith("@")
            # "the previous output" is one output, not a list of them (a
            # list all of whose elements are its outputs passes "its outputs")
            return not (f.at and is_element(f.at[0]) and not (sure and f.at[0].startswith("@")))
        case FromInput(name=name, element=True):
            # the element the call's own iteration picks: of a `for` over
            # the list, or at the index of a `for` walked in step with it
            # (fan-out's `briefs[index]`), not one an earlier iteration
            # left behind; passed, the element itself
            own = _own_picks(call, f, facts)
            if f.src.kind != "input" or f.src.name != name or not f.path or f.path[0] not in own:
                return False
            return not sure or (len(f.path) == 1 and INDEX not in f.at)
        case FromInput(name=name, fields=fields) if fields:
            if f.src.kind != "input" or f.src.name != name or name in facts.scalars:
                return False  # (a string or a number has no keys: a read of one is null)
            # passed on every path: the key read off it or off the element
            # the call's own iteration picks ("each scene's dialogue",
            # `scene.dialogue` in `for scene in scenes`), nothing read
            # further into it (the input whole holds the key only if the
            # caller's value has one: see `_other_meaning`); for "only", the
            # whole input is more than was named
            own = _own_picks(call, f, facts)
            rest = f.path[1:] if f.path and f.path[0] in own else f.path
            if f.first_field() is None:
                return False
            return f.first_field() in fields and not (sure and (len(rest) != 1 or any(is_element(x) for x in rest)))
        case FromInput(name=name):
            return f.src.kind == "input" and f.src.name == name and not (sure and f.path)
        case FromVar(name=name, whole=whole):
            # what was written into it, or a part of that (not "the whole
            # X"), sitting where it sits in the local (not the theme passed
            # on its own, of a list of records each holding the theme)
            return f.src.kind not in ("edit", "text") and any(_written_as(f, w, whole) for w in facts.written(name))
        case FromField(name=name):
            # "the amount": that field, of a delegate's result or of an
            # input (not of one declared a string or a number: always null);
            # passed on every path, the whole result of a slot the program
            # reads that field off carries it ("the pages", of `proof`
            # passed whole where `proof.pages` is read elsewhere)
            whole = not f.path and not any(is_element(step) for step in f.at)
            if sure and whole and f.src.kind == "call" and name in facts.fields_read.get(f.src.name, ()):
                return True
            # (read at any depth: `seat.student` of the plan's `seats`)
            return name in f.field_steps() and not (f.src.kind == "input" and f.src.name in facts.scalars)
        case AnyResult(age=age):
            if f.src.kind != "call" or f.first_field() is not None:
                return False  # "the result" is a whole result, not a field of one
            if sure and f.path:
                return False
            if age == "prior":
                return loop is not None and loop.span in f.carried and f.fresh(loop.span)
            if age == "current":
                return loop is None or loop.span not in f.carried
            return True
        case FromOthers() | OtherElements() | Null():
            return False


def _written_as(f: Flow, w: Flow, whole: bool) -> bool:
    """Flow ``f`` is the value ``w`` written into a local (or a part of it,
    unless ``whole``), sitting where ``w`` sits in the local, or, of a value
    appended whole to a list, on its own ("the piece", of a call given the
    piece appended to `pieces`; not the theme, of a list of records each
    holding the theme beside a score)."""
    at = w.at
    while at and is_element(at[0]):
        at = at[1:]
    return f.src == w.src and (f.path == w.path if whole else f.path[: len(w.path)] == w.path) and (
        f.at[len(f.at) - len(at) :] == at
    )


def _satisfied(need: Source, call: CallObs, phase: str, facts: Facts) -> bool:
    """The call is passed ``need`` on every path (in ``phase``)."""
    match need:
        case FromInput(original=True, name=name):
            return any(is_original(flows, name) and _sure_input(sure, name) for (_, flows), (_, sure) in zip(
                facts.props(call, phase), facts.sure_props(call, phase), strict=True
            ))
        case FromVar(name=name):
            # the local itself, or on every path all that was written into
            # it (not one of several values it holds)
            if any(passes_var(p.prop.value, name) for p in call.props.values()):
                return True
            held = {w for w in facts.written(name) if w.src.kind not in ("edit", "text")}
            carried = [f for _, flows in facts.sure_props(call, phase) for f in flows if covers(need, f, call, facts, sure=True)]
            return bool(held) and all(any(_written_as(f, w, need.whole) for f in carried) for w in held)
        case FromSlot(every=True, slot=slot):
            return _every(need, slot, call, phase, facts) or _appended(need, call, facts)
        case FromSlot(age="prior") | AnyResult(age="prior") if phase != "first":
            if not any(not facts.a.loops[loop].is_block for loop in call.loops):
                # a call in no loop has no rounds: "the reader's last
                # verdict", given to the proofreader after the loop, is the
                # latest one, and must reach it as any output does
                return _satisfied(replace(need, age="any"), call, phase, facts)
            # a prior round's output exists from the second round on
            if not facts.has_phase(call, "later"):
                return True
            later = facts.sure_props(call, "later")
            return any(covers(need, f, call, facts, sure=True) for _, flows in later for f in flows)
        case FromSlot() | FromField():
            # the output, or a list of outputs (still empty, maybe)
            got = facts.sure_props(call, phase, lists=True)
            return any(covers(need, f, call, facts, sure=True) for _, flows in got for f in flows)
        case _:
            return any(covers(need, f, call, facts, sure=True) for _, flows in facts.sure_props(call, phase) for f in flows)


def _unless_null(need: Source, call: CallObs, phase: str, facts: Facts) -> bool:
    """The call is passed ``need`` on every path where the argument is not
    null (`let found = null`, set in a loop, with `if found is null: return`
    before the call): whether a null can reach it rests on a test of the
    value that the analysis does not follow."""
    return any(covers(need, f, call, facts, sure=True) for _, flows in facts.null_tested_props(call, phase) for f in flows)


def _in_records(var: str, word: str, facts: Facts) -> list[Flow]:
    """The values the records of the list ``var`` hold under the key
    ``word``, or read off that field (`{ item, piece: forging.piece }`, of
    "piece")."""
    return [
        w for w in facts.written(var)
        if len(w.at) >= 2 and is_element(w.at[0]) and not is_element(w.at[-1])
        and word in {singular(k.lower()) for k in (w.at[-1], *w.path[-1:])}
    ]


def _record_word(var: str, call: CallObs, phase: str, facts: Facts) -> str | None:
    """The word for one of the local ``var`` ("piece", of `pieces`), where
    its records hold under it a value the call is given on its own."""
    word = singular(var.lower())
    carried = [f for _, flows in facts.props(call, phase) for f in flows]
    if any(f.src == w.src and f.path == w.path and not f.at for w in _in_records(var, word, facts) for f in carried):
        return word
    return None


def _record_sources(var: str, word: str, facts: Facts) -> list[Source]:
    """What the records of ``var`` hold under ``word``: a slot's output or
    an input, with the field read."""
    out: list[Source] = []
    for w in _in_records(var, word, facts):
        fields = tuple(step for step in w.path if not is_element(step))
        if w.src.kind == "call":
            out.append(FromSlot(w.src.name, fields))
        elif w.src.kind == "input":
            out.append(FromInput(w.src.name, fields=fields))
    return out


def _other_meaning(need: Source, call: CallObs, phase: str, facts: Facts) -> str | None:
    """Where the words of the claim also mean something the call does get,
    what that meaning is: "the critic's advice" from the second round on
    (the first round has none yet, being given the loop's starting value);
    "the thesis's previous argument" as the latest one, made earlier in
    this round, rather than the round before's."""
    if phase == "all" and isinstance(need, FromSlot | FromField) and facts.has_phase(call, "later") and "first" in call.phases:
        if _satisfied(need, call, "later", facts):
            return "from the second round on, or in every round (the first round is given none yet)"
    if isinstance(need, FromSlot | FromVar) and need.whole and _satisfied(replace(need, whole=False), call, phase, facts):
        # "the whole plan", of a call passed `plan.route` and `plan.notes`
        # (and, of "the whole plan, notes included", the notes among them):
        # parts of it on every path, all of it if the delegate returns no
        # other key
        return "parts of it on every path, or the whole of it"
    if isinstance(need, FromVar) and not need.whole and (word := _record_word(need.name, call, phase, facts)):
        # "testers work from the piece", of `pieces`, a list of records
        # `{ item, piece: forging.piece }`, where the tester is given
        # `forging.piece` itself: the list, or the piece its records hold
        return f"what `{need.name}` holds, or the {word} its records hold, which the call is given on its own"
    if isinstance(need, FromVar) and not need.whole:
        # "the rules lawyer sees the encounter", of a list `encounters` of
        # the designer's outputs, where a rework call is given a newer
        # output of the designer instead: what the local holds, or any
        # output of the one slot it is made of
        slot = _made_of_one(need.name, facts)
        if slot is not None and _given_whole(slot, call, phase, facts):
            return f"what `{need.name}` holds, or any output of `{slot}`, which it is made of"
    if isinstance(need, FromSlot) and need.age == "prior":
        if _satisfied(replace(need, age="current"), call, phase, facts):
            return f"the round before's output of `{need.slot}`, or the latest one, made earlier in this round"
    if isinstance(need, FromSlot) and need.fields and not need.whole:
        # "the head teacher sees the parts", of a call given the teacher's
        # `roles`, each `{ child, part }`: inside a part of its result that
        # holds them, or the key itself
        named = {singular(x.lower()) for x in need.fields}
        holders = sorted({
            ".".join(f.field_steps()) for _, flows in facts.sure_props(call, phase) for f in flows
            if f.src.kind == "call" and f.src.name == need.slot and f.field_steps()
            and not named & {singular(s.lower()) for s in f.field_steps()}
            and facts.holds_field(f, lambda k: singular(k.lower()) in named)
        })
        if holders:
            return f"inside its {', '.join(f'`{h}`' for h in holders)}, which holds them, or the key itself"
    if isinstance(need, FromInput) and need.fields and need.name not in facts.scalars and _satisfied(replace(need, fields=()), call, phase, facts):
        # "the approver is shown the claim's amount", of `claim` passed whole
        return "inside the whole input, which holds the key when the caller's value has one, or the key itself"
    if (
        isinstance(need, FromInput) and not need.element and not need.fields and not need.whole
        and need.name not in facts.scalars and _satisfied(replace(need, element=True), call, phase, facts)
    ):
        # "the valeter is handed the cars", of a valeter called in a walk
        # over `cars` and given its own car: the list's elements, one a
        # call, or the whole list on each call
        return f"the elements of `{need.name}`, each call given its own, or the whole list on each call"
    if isinstance(need, FromInput) and not need.original and not need.fields:
        # "logistics sees the proposal", of a call given `proposal.duration`
        # and `proposal.equipment`: parts of it on every path, not the whole
        parts = sorted({
            ".".join(s for s in f.path if not is_element(s)) for _, flows in facts.sure_props(call, phase) for f in flows
            if covers(need, f, call, facts) and not covers(need, f, call, facts, sure=True)
            # of a list said whole, an element's field is a part of a part
            # ("the whole wish list", of a call given one act and its name);
            # said plainly, the fields of its elements may be what is meant
            # ("the sorter gets the donations", given each one's description)
            and (need.element or not need.whole or not any(is_element(s) for s in f.path))
        } - {""})
        if parts:
            return f"parts of it ({', '.join(f'`{p}`' for p in parts)}), or the whole of it"
    if isinstance(need, FromSlot) and need.age == "latest" and facts.has_phase(call, "later"):
        # "the planner receives the coach's latest feedback", of a coach
        # called after the planner in each round: the newest there is when
        # the call is made, the round before's
        if _satisfied(replace(need, age="prior"), call, "later", facts):
            return f"the latest output of `{need.slot}` there is when the call is made (the round before's, from the second round on), or one made in this round"
    return None


def _made_of_one(local: str, facts: Facts) -> str | None:
    """The one slot whose whole outputs are all that is ever written into
    the local (`let encounters = parallel repeat ...: call encounter_designer`),
    not a part of them (`suggestions = evaluation.suggestions`)."""
    written = [w for w in facts.written(local) if w.src.kind not in ("edit", "text")]
    slots = {w.src.name for w in written}
    if not written or any(w.src.kind != "call" or w.path for w in written) or len(slots) != 1:
        return None
    return next(iter(slots))


def _given_whole(slot: str, call: CallObs, phase: str, facts: Facts) -> bool:
    """The call is passed a whole output of ``slot`` on every path."""
    return any(
        f.src.kind == "call" and f.src.name == slot and not f.path and not f.at
        for _, flows in facts.sure_props(call, phase) for f in flows
    )


def _sometimes(need: Source, call: CallObs, phase: str, facts: Facts) -> bool:
    """The call is passed ``need`` on some paths (in ``phase``) and, on the
    others, null or a fixed text of the program in its place, under the
    same name: ``alterations: notes``, of notes set to the fitter's after an
    `alter` and to null otherwise; ``feedback: feedback``, set to the
    customer's counter offer after a haggle and to "no counter offer"
    otherwise."""
    if isinstance(need, FromSlot) and need.every:
        return False  # (some of "every reviewer's report" is not all of it)
    for _, flows in facts.props(call, phase):
        passed = [f for f in flows if covers(need, f, call, facts, sure=True)]
        # (a text's own words around what it interpolates are fixed too:
        # "The work done was: {repair.summary}", of a repair that may be null)
        if passed and all(f in passed or f.src.kind == "null" or (f.src.kind == "text" and set(f.at) <= {"$"}) for f in flows):
            return True
    return False


def _one_of(need: Source, claim: Receives, call: CallObs, phase: str, facts: Facts) -> bool:
    """With "only" and several things named, the call is passed, under one
    name, ``need`` on some paths and another of the things named on the
    others: "the stages are given nothing but the brief and earlier stages'
    outputs", of a pipeline whose first stage is given the brief and each
    later stage the output before it. Is each call given all of them, or
    nothing else?"""
    if not claim.only or len(claim.needs) < 2:
        return False
    others = [n for n in claim.needs if n is not need]

    def named(f: Flow) -> bool:
        return any(
            leaks(facts, n, f, call) if isinstance(n, FromOthers | OtherElements) else covers(n, f, call, facts)
            for n in others
        )

    for _, flows in facts.props(call, phase):
        passed = [f for f in flows if covers(need, f, call, facts)]
        rest = [f for f in flows if f not in passed and f.src.kind != "null" and not (f.src.kind == "text" and not f.at)]
        if passed and rest and all(named(f) for f in rest):
            return True
    return False


def _once_made(need: Source, call: CallObs, facts: Facts) -> bool:
    """In the rounds after the first, some value the call is given carries
    ``need`` where the round before made it, and on the other paths only
    what the first round is given in its place (the starting value), null
    or a fixed text: "the cook gets the taster's requested change", of
    `notes` set to the change when the taster asks for one."""
    if not facts.has_phase(call, "later"):
        return False
    first = {(f.src, f.path, f.at) for _, flows in facts.props(call, "first") for f in flows}
    for _, flows in facts.props(call, "later"):
        passed = [f for f in flows if covers(need, f, call, facts)]
        if passed and all(
            f in passed or f.src.kind == "null" or (f.src.kind == "text" and not f.at) or (f.src, f.path, f.at) in first
            for f in flows
        ):
            return True
    return False


def _made_later(need: Source, call: CallObs, facts: Facts) -> TypeGuard[FromSlot]:
    """``need`` is a slot's output, and ``call`` is made before that slot is
    ever called, or before it is called in each round of a loop around
    both."""
    return (
        isinstance(need, FromSlot)
        and not need.every
        and need.age == "any"
        and facts.before_any_call(call.call.span, need.slot, in_round=True)
    )


def _elements_reach(need: Source, call: CallObs, phase: str, facts: Facts) -> bool:
    """What ``need`` names reaches the call inside the elements of a list
    it is given (a list of records, one per element of an input or per
    round, some of them made on a path that has another value there):
    whether every one of them is there is not counted. (One element of an
    input is not the input: that is no list the call is given.)"""
    return any(
        any(is_element(step) for step in f.at) and covers(need, f.moved(f.path, ()), call, facts)
        for _, flows in facts.props(call, phase)
        for f in flows
    )


def _element_read(need: Source, call: CallObs, phase: str, facts: Facts) -> bool:
    """What ``need`` names is read off an element picked by index
    (`verdicts[index].bevel`, of the inspector's collected verdicts), and
    reaches the call on every path where that element is there: whether it
    is there (the index in range), the analysis does not count."""
    for p in call.props.values():
        if not any(INDEX in f.at for f in p.flows):
            continue
        lax = p.lax if phase == "all" else p.lax_by_phase[_phase(phase)]
        if any(f.src.kind != "null" and covers(need, f, call, facts, sure=True) for f in lax or ()):
            return True
    return False


def _sure_input(flows: Flows, name: str) -> bool:
    return any(f.src.kind == "input" and f.src.name == name and not f.path and not f.at for f in flows)


def _every_may_reach(need: Source, call: CallObs, facts: Facts) -> bool:
    """For "every output of S": each of S's call sites has an output that
    may reach the call (so the claim is not shown broken)."""
    if not (isinstance(need, FromSlot) and need.every):
        return False
    sites = [c for c in facts.a.calls.values() if c.slot == need.slot]
    reaching = {
        site
        for f in call.flows()
        if f.src.kind == "call" and f.src.name == need.slot and any(is_element(step) for step in f.at)
        for site in f.src.spans
    }
    return bool(sites) and all(site.call.span in reaching for site in sites)


def _every(need: FromSlot, slot: str, call: CallObs, phase: str, facts: Facts) -> bool:
    """Every output of ``slot`` reaches the call: the call is passed, on
    every path, a list that collects every result of each of the slot's
    call sites — one element per iteration of each loop between the
    collecting loop and the site — and the collecting loop sits in no loop
    the call is not in (there, the call would see only the last round's)."""
    sites = [c for c in facts.a.calls.values() if c.slot == slot]
    if not sites:
        return False
    passed = [f for _, flows in facts.sure_props(call, phase, lists=True) for f in flows]
    held = [f for f in passed if covers(need, f, call, facts, sure=True)]
    whole = FromSlot(slot, need.fields)
    for site in sites:
        if any(_collects(f, site, call, facts) for f in held if f.src.span == site.call.span):
            continue
        # a site that runs once a run (in no loop, `parallel:` blocks aside)
        # whose output the call is passed itself ("profile_a: profile_a")
        once = all(isinstance(facts.a.loops[loop].node, ir.Parallel) for loop in site.loops)
        if once and any(f.src.span == site.call.span and not f.at and covers(whole, f, call, facts, sure=True) for f in passed):
            continue
        return False
    return True


def _appended(need: FromSlot, call: CallObs, facts: Facts) -> bool:
    """Every output of ``need.slot`` reaches the call in a list built by
    `append` (or `record`) that the call is passed by name.

    The list's one `let` is in some block; the call comes later in that
    block (inside a later statement, maybe). Each call site of the slot is a
    `let x = call S` inside a statement of that block between the two, and
    is followed in its own block by `append x to L` (or a record or list
    holding `x`, or the named field of it), with nothing between them that
    leaves the block (`continue`, `break`, `return`, `throw`) or binds `x`
    again. Between the list's block and the site there is no `try` (a
    failure after the call would skip the `append` and carry on), no
    parallel loop, and no `parallel:` block that may finish without a
    branch (a join other than all, failures tolerated). No list element is
    ever replaced: nothing is assigned but plain names."""
    program = facts.a.program
    sites = [c for c in facts.a.calls.values() if c.slot == need.slot]
    if not sites or not all(c.direct for c in sites):
        return False
    if any(isinstance(st, ir.Assign) and not isinstance(st.target, ir.Name) for st in ir.walk(program.body)):
        return False
    places = _places(program.body, ())
    holder = next((st for st in ir.walk(program.body) if any(e is call.call for e in stmt_exprs(st))), None)
    if holder is None:
        return False
    passed = {p.value.name for p in call.call.props if isinstance(p.value, ir.Name)}
    for name in sorted(passed):
        binds = [st for st in ir.walk(program.body) if isinstance(st, ir.Bind) and st.name == name]
        if len(binds) != 1 or rebinds(program.body, name, binds[0]):
            continue
        block, start, _ = places[binds[0].span]
        end = _index_in(block, _chain(holder, places), places)
        if end is None or end <= start:
            continue
        if all(_appends_after(site.call, name, need.fields, places, block, start, end) for site in sites):
            return True
    return False


_Place = tuple[ir.Block, int, tuple[ir.Stmt, ...]]


def _places(block: ir.Block, above: tuple[ir.Stmt, ...]) -> dict[Span, _Place]:
    """Each statement's block, its index there and the statements around it,
    outermost first, by the statement's span."""
    out: dict[Span, _Place] = {}
    for i, st in enumerate(block):
        out[st.span] = (block, i, above)
        for child in ir.children(st):
            out.update(_places(child, (*above, st)))
    return out


def _chain(st: ir.Stmt, places: dict[Span, _Place]) -> tuple[ir.Stmt, ...]:
    """The statements around ``st``, outermost first, and ``st``."""
    return (*places[st.span][2], st)


def _index_in(block: ir.Block, chain: tuple[ir.Stmt, ...], places: dict[Span, _Place]) -> int | None:
    """The index in ``block`` of the statement of ``chain`` that is in it."""
    return next((places[st.span][1] for st in chain if places[st.span][0] is block), None)


def _appends_after(
    site: ir.Call, target: str, fields: tuple[str, ...], places: dict[Span, _Place], home: ir.Block, start: int, end: int
) -> bool:
    """The site's `let x = call S` (or `let x = <loop>` that collects it)
    sits in ``home`` between ``start`` and ``end`` and is followed in its
    own block by an append of `x` to ``target``, as :func:`_appended`
    says."""
    lets = [st for st in _stmts(places) if isinstance(st, ir.Bind) and (st.value is site or _collects_site(st.value, site))]
    if not lets:
        return False
    let = lets[0]
    chain = _chain(let, places)
    where = _index_in(home, chain, places)
    if where is None or not start < where < end:
        return False
    below = chain[next(k for k, st in enumerate(chain) if places[st.span][0] is home) : -1]
    for st in below:
        if isinstance(st, ir.Try) or (isinstance(st, ir.For | ir.Repeat) and st.parallel):
            return False
        if isinstance(st, ir.Parallel) and (st.mods.join != "all" or st.mods.on_fail != "fail-fast"):
            return False
    block, i, above = places[let.span]
    if above and isinstance(above[-1], ir.Parallel) and let in above[-1].branches:
        # a branch of a `parallel:` block: the append follows the block
        parallel = above[-1]
        if sum(isinstance(b, ir.Bind) and b.name == let.name for b in parallel.branches) != 1:
            return False
        block, i, _ = places[parallel.span]
    for st in block[i + 1 :]:
        if isinstance(st, ir.Append) and isinstance(st.target, ir.Name) and st.target.name == target:
            if _holds(st.value, let.name, fields):
                return True
        for inner in ir.walk((st,)):
            if isinstance(inner, ir.Continue | ir.Break | ir.Return | ir.Throw):
                return False
            if isinstance(inner, ir.Bind) and inner.name == let.name:
                return False
            if isinstance(inner, ir.Assign) and isinstance(inner.target, ir.Name) and inner.target.name == let.name:
                return False
    return False


def _collects_site(value: ir.Expr | ir.Loop, site: ir.Call) -> bool:
    """``value`` is a loop whose body is the site's bare call and nothing
    else, which waits for every iteration (no `join` but all, no failure
    tolerated): the list it makes holds every output of the site in this
    run of the loop, one per iteration ("let marks = parallel repeat 3:
    call judge")."""
    match value:
        case ir.For(body=body, parallel=parallel, mods=mods) | ir.Repeat(body=body, parallel=parallel, mods=mods):
            if parallel and (mods.join != "all" or mods.on_fail != "fail-fast"):
                return False
        case ir.LoopUntil(body=body):
            pass
        case _:
            return False
    return len(body) == 1 and isinstance(body[0], ir.ExprStmt) and body[0].expr is site


def _stmts(places: dict[Span, _Place]) -> list[ir.Stmt]:
    return [block[i] for block, i, _ in places.values()]


def _holds(value: ir.Expr, name: str, fields: tuple[str, ...]) -> bool:
    """The appended value is `name` itself, the named field of it, or a
    record or list with one of those among its values."""
    match value:
        case ir.Name(name=n):
            return n == name
        case ir.Attr(base=ir.Name(name=n), key=key):
            return n == name and bool(fields) and key in fields
        case ir.Object(entries=entries):
            return any(_holds(v, name, fields) for _, v in entries)
        case ir.Array(items=items):
            return any(_holds(v, name, fields) for v in items)
        case _:
            return False


def _collects(f: Flow, site: CallObs, call: CallObs, facts: Facts) -> bool:
    """``f`` is the list of all of ``site``'s results of this round: one
    element per iteration of each loop from the collecting one down to the
    site, none of them left by `break`, and not a list from an earlier
    iteration of a loop around both."""
    steps = [step for step in f.at if step.startswith("@")]
    for i in range(len(site.loops)):
        if [each(s) for s in site.loops[i:]] != steps:
            continue
        # a `parallel:` block of branches runs each branch once: not a loop
        # whose rounds the list could be one of
        around = {loop for loop in site.loops[:i] if not isinstance(facts.a.loops[loop].node, ir.Parallel)}
        stops = any(
            isinstance(st, ir.Break) for s in site.loops[i:] for st in ir.walk(ir.children(facts.a.loops[s].node)[0])
        )
        return around <= set(call.loops) and not (f.carried & around) and not stops
    return False


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
    wider: list[Problem] = []  # what "only" finds when inputs count too
    when = {"first": " in its first round", "later": " in later rounds", "all": ""}[phase]
    unsure: list[Problem] = []  # "every output", where some may reach the call
    seeing: list[CallObs] = []  # calls that may be passed another invocation's output
    meanings: list[tuple[str, Problem]] = []  # what a second meaning of the words settles
    nullable: list[Problem] = []  # calls given it wherever the value is not null
    indexed: list[Problem] = []  # calls given it wherever an element picked by index is there
    for call in calls:
        props = facts.props(call, phase)
        for need in claim.needs:
            if isinstance(need, FromOthers | OtherElements):
                if any(leaks(facts, need, f, call) for _, flows in props for f in flows):
                    seeing.append(call)
                continue
            if not _satisfied(need, call, phase, facts):
                problem = Problem(
                    call.call.callee_span,
                    f"`call {call.call.callee}` (line {call.call.span.line}){when} does not receive {describe_source(need)}",
                )
                other = _other_meaning(need, call, phase, facts)
                if other is None and not claim.always and _made_later(need, call, facts) and any(
                    _satisfied(need, c, phase, facts) for c in calls if c is not call
                ):
                    # "the planner is told the officer's concerns", of a
                    # planner also called once before the officer ever runs
                    # (or first in each round, before the officer's turn)
                    other = (
                        f"the calls made after `{need.slot}` runs, or every call (line "
                        f"{call.call.span.line} runs before it does)"
                    )
                if other is None and not claim.always and not claim.only and _made_later(need, call, facts) and _once_made(
                    need, call, facts
                ):
                    # "the cook gets the taster's requested change", of a
                    # cook called first in each round and passed the change
                    # the round before asked for, when it asked for one: the
                    # calls made after the taster has run, or every call
                    other = (
                        f"the calls made after `{need.slot}` has run, when it is passed then, or every call "
                        f"(line {call.call.span.line} runs before it does in each round)"
                    )
                given = [c for c in calls if c.call.span != call.call.span and _satisfied(need, c, phase, facts)]
                # (with "only" said in contrast, "never the reasons, only the
                # summary", "only" limits what it gets in their place, not
                # which calls: the same question; and of several things,
                # "given only candidate configurations and labels", of one
                # call given candidate A's and another candidate B's: all
                # of them to each call, or nothing else to any?)
                only_among = claim.only and (bool(claim.contrast) or len(claim.needs) > 1)
                if other is None and given and (not claim.only or only_among) and not claim.floor and not claim.always:
                    # "the customer is shown the price", of a customer asked
                    # twice, once about the price and once to sign off
                    other = (
                        f"the call that is given it (line {', '.join(str(c.call.span.line) for c in given)}), "
                        f"or every call of `{call.slot}` (line {call.call.span.line} is not)"
                    )
                if other is None and _kin_passed(need, call, phase, facts):
                    other = (
                        f"the key so named, or any key of `{need.slot}`'s output it names (line "
                        f"{call.call.span.line} is passed another such key on some paths)"
                    )
                if other is None and _one_of(need, claim, call, phase, facts):
                    other = (
                        f"each call given all of {', '.join(describe_source(n) for n in claim.needs)}, or each call "
                        f"nothing else (line {call.call.span.line} is passed {describe_source(need)} on some paths "
                        "and another of them on the others)"
                    )
                if other is not None:
                    meanings.append((other, problem))
                elif _unless_null(need, call, phase, facts):
                    nullable.append(problem)
                elif _every_may_reach(need, call, facts) or _elements_reach(need, call, phase, facts):
                    unsure.append(problem)
                elif _element_read(need, call, phase, facts):
                    indexed.append(problem)
                elif not (claim.always or claim.floor) and _sometimes(need, call, phase, facts):
                    # "the seamstress gets the fitter's notes", of notes
                    # passed after an `alter` only (null otherwise): on the
                    # paths where it is passed them, or on every call? (With
                    # "only", the same: "only" limits what else it is given.)
                    meanings.append((
                        f"on the paths where `call {call.call.callee}` (line {call.call.span.line}) is passed it, "
                        "or on every call (on the others it is passed null or a fixed text)",
                        problem,
                    ))
                else:
                    problems.append(problem)
        if claim.only and claim.contrast:
            # "never the feed, only the report": instead of the feed, or
            # nothing else at all?
            other = f"only {', '.join(describe_source(n) for n in claim.needs)} in place of what it never sees, or nothing else at all"
            meanings.extend((other, p) for p in _extra(claim, call, props, facts, basis=claim.basis))
            if claim.loose:
                wider.extend(_extra(claim, call, props, facts, basis=False))
        elif claim.only:
            extras = _extra(claim, call, props, facts, basis=claim.basis)
            makers = {
                (n.name, slot) for n in claim.needs if isinstance(n, FromVar) and not n.whole
                and (slot := _made_of_one(n.name, facts)) is not None
            }
            if extras and makers:
                # "only the encounter", of a list of the designer's outputs,
                # where a rework call is given a newer output of the designer:
                # an output of the slot the local is made of is the second
                # meaning, not more than was named
                wide = replace(claim, needs=(*claim.needs, *(FromSlot(slot) for _, slot in sorted(makers))))
                still = _extra(wide, call, props, facts, basis=claim.basis)
                other = "; ".join(f"what `{local}` holds, or any output of `{slot}`, which it is made of" for local, slot in sorted(makers))
                meanings.extend((other, p) for p in extras if p not in still)
                extras = still
            # (a value passed is more only by the loop's count, or the
            # element it walks, where, without it, nothing in that value is
            # more)
            still_more = {p.span for p in _extra(claim, call, props, facts, basis=claim.basis, counters=False)}
            counted = [p for p in extras if p.span in still_more]
            if len(counted) < len(extras):
                # "decides only from the inspector's scores", of a log of
                # records `{ attempt: attempt, score: verdict.score }`: the
                # round's number that labels each score, or something else?
                # (and "the assumption lists and nothing else", of records
                # `{ tier: tier.model, assumptions }` collected by the walk
                # over the tiers: the tier that labels each list)
                other = "nothing else at all, or nothing else but the loop's count or element kept beside it in one value"
                meanings.extend((other, p) for p in extras if p.span not in still_more)
                extras = counted
            # "testers work from the piece alone", of `pieces`, records
            # each holding a piece: the piece a record holds, given on its
            # own, is the second meaning, not more than was named
            recorded = [
                src for n in claim.needs if isinstance(n, FromVar) and not n.whole
                and (word := _record_word(n.name, call, phase, facts)) is not None
                for src in _record_sources(n.name, word, facts)
            ]
            if extras and recorded:
                wide = replace(claim, needs=(*claim.needs, *recorded))
                still = _extra(wide, call, props, facts, basis=claim.basis)
                other = "what the local holds, or the value its records hold, given on its own"
                meanings.extend((other, p) for p in extras if p not in still)
                extras = still
            kin = _kin_keys(claim, props)
            if extras and kin:
                # "nothing but the dispatcher's route", of a driver given
                # `plan.route` or, on a reroute, `plan.alternative_route`:
                # the key so named, or any key of that slot's output the
                # noun names
                wide = replace(claim, needs=(*claim.needs, *(FromSlot(slot, (key,)) for slot, key in kin)))
                still = _extra(wide, call, props, facts, basis=claim.basis)
                other = "; ".join(f"the key so named, or any key of `{slot}`'s output it names (`{key}`)" for slot, key in kin)
                meanings.extend((other, p) for p in extras if p not in still)
                extras = still
            problems.extend(extras)
            if claim.loose:
                wider.extend(_extra(claim, call, props, facts, basis=False))
    wanted = ", ".join(describe_source(n) for n in claim.needs)
    lines = ", ".join(str(c.call.span.line) for c in calls)
    if any(isinstance(n, FromOthers | OtherElements) for n in claim.needs):
        what = "another invocation's output" if any(isinstance(n, FromOthers) for n in claim.needs) else "another call's element"
        if not seeing:
            # no call, on any path, is passed anything another invocation
            # produced (or another call's element): none of them sees it
            problems += [
                Problem(c.call.callee_span, f"`call {c.call.callee}` (line {c.call.span.line}) is never passed {what}")
                for c in calls
            ]
        elif not problems:
            # some call may be passed one; whether every call (or each
            # after the first) is, on every path, the analysis does not count
            return unsettled(
                f"{what} may reach a call, but whether each call is passed one is not something the analysis counts",
                unsure,
                [f"{claim.target.describe()} (line {lines}) may receive {what}"],
            )
    only = "only " if claim.only else ""
    evidence = [f"{claim.target.describe()} (line {lines}) receives {only}{wanted}"]
    if unsure and not problems and not meanings:
        # a list built by `append` in a loop that may skip rounds, or a list
        # of records holding the named value's elements: every one of them
        # may be in it, which the analysis cannot count
        return unsettled(
            "what is named may reach the call inside a list, but whether all of it does is not "
            "something the analysis counts",
            [*unsure, *indexed, *nullable],
            evidence,
        )
    if indexed and not problems and not meanings:
        return unsettled(
            "what is named is read off an element picked by index, and reaches the call on every path "
            "where that element is there; whether the index is always in range is not something the "
            "analysis counts",
            [*indexed, *nullable],
            evidence,
        )
    if nullable and not problems and not meanings:
        return unsettled(
            "what is named reaches the call on every path where the value passed is not null; "
            "whether it may be null there rests on a test the analysis does not follow",
            [*unsure, *nullable],
            evidence,
        )
    problems += indexed + nullable
    if meanings and not problems:
        return undecided("; ".join(dict.fromkeys(why for why, _ in meanings)), [p for _, p in meanings], evidence)
    problems += unsure + [p for _, p in meanings]
    if wider and not problems:
        # "Works solely from the proposal": from what other delegates
        # produced, or from everything it is given?
        return undecided(
            f"only {wanted} of what other delegates produce, or nothing else at all: "
            f"{claim.target.describe()} is also given what no delegate produced",
            wider,
            evidence,
        )
    return verdict(problems, evidence)


def _kin_passed(need: Source, call: CallObs, phase: str, facts: Facts) -> TypeGuard[FromSlot]:
    """The call is passed, under one name, the key ``need`` names on some
    paths and, on the others, another key of that slot's output whose last
    word it is (`alternative_route`, of "the dispatcher's route")."""
    if not isinstance(need, FromSlot) or len(need.fields) != 1:
        return False
    (field,) = need.fields
    for _, flows in facts.props(call, phase):
        passed = [f for f in flows if covers(need, f, call, facts)]
        kin = [f for f in flows if _kin_key(f, need.slot, field) is not None]
        if passed and kin and all(f in passed or f in kin or f.src.kind == "null" or (f.src.kind == "text" and not f.at) for f in flows):
            return True
    return False


def _kin_keys(claim: Receives, props: list[tuple[PropObs, set[Flow]]]) -> list[tuple[str, str]]:
    """The keys read off a named slot's output whose last word is a key the
    claim names of it (`alternative_route`, of "the dispatcher's route"):
    the noun may name them too."""
    named = {(n.slot, field) for n in claim.needs if isinstance(n, FromSlot) for field in n.fields}
    kin = {
        (slot, key)
        for _, flows in props
        for f in flows
        for slot, field in named
        if (key := _kin_key(f, slot, field)) is not None
    }
    return sorted(kin)


def _kin_key(f: Flow, slot: str, field: str) -> str | None:
    """The key ``f`` reads off ``slot``'s output, where it is another key
    than ``field`` whose last word ``field`` is (`alternative_route`, of
    `route`)."""
    steps = f.field_steps()[:1]
    if f.src.kind != "call" or f.src.name != slot or not steps or steps[0] == field:
        return None
    return steps[0] if steps[0].endswith("_" + field) else None


def _from_named(need: Source, f: Flow, call: CallObs, facts: Facts) -> bool:
    """Whether ``f`` comes from what ``need`` names, wherever it sits in the
    value passed: a list of a slot's outputs holds nothing but its outputs
    ("receives nothing but the mappers", of the mappers' collected results);
    one output of a slot is among "every output" of it ("only both
    profiles", of the measurement's two results)."""
    if isinstance(need, FromSlot) and need.age == "any":
        bare = f.moved(f.path, tuple(step for step in f.at if not is_element(step)))
        return covers(replace(need, every=False), bare, call, facts)
    return covers(need, f, call, facts)


def _labels_record(f: Flow) -> bool:
    """``f`` is the element a loop walks (or a field of it), kept in a
    record of the list that loop collects (`tier.model`, in `parallel for
    tier in tiers`)."""
    return f.src.kind == "input" and bool(f.path) and is_element(f.path[0]) and f.path[0] in f.at


def _in_named_record(f: Flow, flows: set[Flow], claim: Receives, call: CallObs, facts: Facts) -> bool:
    """``f`` sits in one record of a list beside a value the claim names
    (`{ tier: tier.model, assumptions: assumptions }`, of "the assumption
    lists")."""
    last = max((k for k, step in enumerate(f.at) if is_element(step)), default=None)
    if last is None:
        return False
    record = f.at[: last + 1]
    return any(
        g is not f and g.at[: last + 1] == record and len(g.at) > last + 1 and any(_from_named(n, g, call, facts) for n in claim.needs)
        for g in flows
    )


def _extra(
    claim: Receives, call: CallObs, props: list[tuple[PropObs, set[Flow]]], facts: Facts, *, basis: bool,
    counters: bool = True,
) -> list[Problem]:
    """With "only", every value the call is passed comes from what the claim
    names: another delegate's output, an input, an iteration's element or
    index all count as something else (literals and prompt text do not).
    With "basis", only other delegates' outputs count. The round number
    written into a prompt's text ("Review round {round}") is the prompt's
    wording, as its literal text is. Without ``counters``, a loop's count
    or index kept beside what is named, in one value (`record { attempt:
    attempt, score: verdict.score }`), is not counted either, nor the
    element of the loop that collects the records, or a field of it, kept
    so (`{ tier: tier.model, assumptions: assumptions }`, in `parallel for
    tier in tiers`)."""
    out: list[Problem] = []
    elements = [n for n in claim.needs if isinstance(n, FromInput) and n.element]
    # the loops whose element the call is passed something named of
    # (`species: identification.species`, of "the identifier's species",
    # in `for identification, index in identifications`): "Basket {index}"
    # is the position of that element, as of an element named
    walked = {
        span for span, loop in facts.a.loops.items()
        if isinstance(loop.node, ir.For) and any(
            ir.root_name(prop.prop.value) == loop.node.var and any(_from_named(n, g, call, facts) for n in claim.needs for g in fl)
            for prop, fl in props
        )
    }
    for prop, flows in props:
        # the loop index that picks the call's own element of a named list
        # (`briefs[index]`) is part of that element; so is the index that
        # picked what a named local holds (`append items[position] to
        # order`, of "the order")
        picked = any(covers(n, g, call, facts) for n in elements for g in flows)
        held = any(covers(n, g, call, facts) for n in claim.needs if isinstance(n, FromVar) for g in flows if g.src.kind != "iter")
        beside = not counters and any(_from_named(n, g, call, facts) for n in claim.needs for g in flows if g.src.kind != "iter")
        for f in sorted(flows, key=lambda f: f.src):
            if f.src.kind == "iter" and ((picked and f.at[:1] == (INDEX,)) or (held and INDEX in f.at)):
                continue
            if f.src.kind == "iter" and beside and f.src.name in ("count", "index") and f.at:
                continue
            if f.src.kind == "iter" and not f.path and f.at == (TEXT,) and (
                # (and "Inspect lift {index}", of "nothing but its lift":
                # the position of the element named)
                f.src.name == "count" or ((elements or f.src.span in walked) and f.src.name == "index")
            ):
                continue
            restricted = f.src.kind in ("call", "error") if basis else f.src.kind not in ("edit", "text")
            if not counters and _labels_record(f) and _in_named_record(f, flows, claim, call, facts):
                continue
            if restricted and not any(_from_named(n, f, call, facts) for n in claim.needs):
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
