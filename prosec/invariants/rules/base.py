"""What every rule shares: its verdict type, and questions about the flow
analysis phrased the way the claims are ("the calls of `reader` given
`corpus_a`", "what `observer` receives in later rounds")."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cached_property

from ... import ir
from ...diagnostics import Span
from ..claims import Calls, Firewall
from ..flow import (
    EMPTY,
    ERROR,
    INDEX,
    LENGTH,
    TEXT,
    Analysis,
    CallObs,
    Flow,
    Flows,
    Known,
    LoopInfo,
    Phase,
    PropObs,
    each,
    is_element,
)
from ..lexicon import acts_of, plural, singular, words_of
from ..model import Status


@dataclass(frozen=True, slots=True)
class Problem:
    """One place where the program breaks a claim, and why."""

    span: Span
    message: str


@dataclass
class Verdict:
    """A rule's answer for one claim."""

    status: Status
    evidence: list[str] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    #: call property → fields the generated code must strip at run time
    firewalls: dict[Span, tuple[str, ...]] = field(default_factory=dict)
    #: the claim is about something that never happens (a slot never called)
    vacuous: str | None = None


def verdict(problems: list[Problem], evidence: list[str], *, ok: Status = Status.PROVED) -> Verdict:
    """Violated when there are problems, else ``ok``."""
    if problems:
        return Verdict(Status.VIOLATED, evidence, problems)
    return Verdict(ok, evidence)


def unsettled(why: str, problems: list[Problem], evidence: list[str]) -> Verdict:
    """The checks can neither prove the claim nor show a path that breaks
    it (``why``): ``unrecognized``, with what they could not settle."""
    found = [f"not shown: {p.message}" for p in problems]
    return Verdict(Status.UNRECOGNIZED, [*evidence, f"not settled: {why}", *found])


def undecided(
    why: str, problems: list[Problem], evidence: list[str], *, firewalls: dict[Span, tuple[str, ...]] | None = None
) -> Verdict:
    """The claim's words mean two things in this delegation, and the
    checks answer the two differently: neither proved nor violated
    (``unrecognized``), with ``why`` and what the stricter meaning found;
    ``firewalls``, what the generated code strips under either meaning."""
    found = [f"under the stricter meaning: {p.message}" for p in problems]
    return Verdict(Status.UNRECOGNIZED, [*evidence, f"two meanings: {why}", *found], firewalls=dict(firewalls or {}))


#: Decision words that approve (``X says approve``), besides the verbs.
APPROVE_WORDS = frozenset("approve approved accept accepted certify certified proceed yes go allow allowed pass ok".split())
APPROVE_VERBS = frozenset({"accept", "approve", "certify"})


def asks_for_approval(cond: ir.Cond) -> bool:
    """A test that is true on an explicit positive verdict (``approves``,
    ``explicitly proceeds``, ``says ok``), and false on output that cannot
    be read."""
    match cond:
        case ir.Proceeds():
            return True
        case ir.Decides(verb=verb):
            return verb in APPROVE_VERBS
        case ir.Says(word=word):
            return word in APPROVE_WORDS
        case _:
            return False


def is_approval(k: Known) -> bool:
    """An explicit positive verdict read, true at this point."""
    return k.holds and asks_for_approval(k.cond)


def is_fail_safe(k: Known) -> bool:
    """A test that is false when its subject cannot be read (language.md §5)."""
    return is_approval(k) or (k.holds and isinstance(k.cond, ir.Compare))


def is_verdict_read(k: Known) -> bool:
    """A read of a verdict that holds here, and so is false where the verdict
    cannot be read: any decision word, verb, ``proceed`` or comparison."""
    return k.holds and isinstance(k.cond, ir.Proceeds | ir.Says | ir.Decides | ir.Compare)


def approves(k: Known, slot: str | None, *, exclude: str | None = None, test: str = "approval") -> bool:
    """``k`` is an explicit approval (``test="approval"``) or a fail-safe test
    (``"fail-safe"``) of a verdict that is, on every path, a result of
    ``slot`` (any slot but ``exclude`` when None), or with ``test="read"``
    any verdict read that holds, as it was returned: not
    changed in place, not a literal on some path. A fail-safe comparison
    may read a field of the result (``verdict.score meets 0.8``)."""
    ok = is_approval(k) if test == "approval" else is_fail_safe(k) if test == "fail-safe" else is_verdict_read(k)
    if not ok or any(f.src.kind == "edit" for f in k.subject):
        return False
    if not from_slot(k.subject, slot, exclude=exclude):
        return False
    field_read = test != "approval" and isinstance(k.cond, ir.Compare)
    # The test is false on a null or empty verdict (a loop that ran no
    # round), so where it holds the verdict is what it is on the other paths.
    return any(
        f.src.kind == "call" and not f.at and (not f.path or field_read) and _is(f.src.name, slot, exclude)
        for f in k.sure | k.present
    )


def _is(name: str, slot: str | None, exclude: str | None) -> bool:
    return name == slot if slot is not None else name != exclude


def from_slot(flows: Iterable[Flow], slot: str | None, *, exclude: str | None = None) -> bool:
    """All the flows are results of ``slot``'s calls (any slot but
    ``exclude`` when ``slot`` is None), and there is at least one."""
    calls = [f for f in flows if f.src.kind != "edit"]
    if not calls:
        return False
    for f in calls:
        if f.src.kind not in ("call", "error"):
            return False
        if slot is not None and f.src.name != slot:
            return False
        if slot is None and f.src.name == exclude:
            return False
    return True


def passes_var(e: ir.Expr, var: str) -> bool:
    """The argument is (or holds) the local's current value, not a read of it."""
    match e:
        case ir.Name(name=name):
            return name == var
        case ir.Object(entries=entries):
            return any(passes_var(v, var) for _, v in entries)
        case ir.Array(items=items):
            return any(passes_var(i, var) for i in items)
        case ir.Text(parts=parts):
            return any(not isinstance(p, str) and passes_var(p, var) for p in parts)
        case _:
            return False


def indexes(e: ir.Expr, var: str) -> bool:
    """The argument reads an element of the local at an index (``xs[i]``)."""
    return any(isinstance(x, ir.Index) and isinstance(x.base, ir.Name) and x.base.name == var for x in ir.subexprs(e))


def rebinds(body: ir.Block, name: str, first: ir.Stmt | None = None) -> bool:
    """``name`` is bound, assigned or used as a loop or catch variable
    anywhere in ``body`` but by ``first``."""
    for st in ir.walk(body):
        match st:
            case ir.Bind(name=n) if n == name and st is not first:
                return True
            case ir.Assign(target=ir.Name(name=n)) if n == name:
                return True
            case ir.For(var=v, index=i) if name in (v, i):
                return True
            case ir.Repeat(var=v) | ir.LoopUntil(var=v) if v == name:
                return True
            case ir.Try(catch_var=v) if v == name:
                return True
    return False


# ---------------------------------------------------------------- showing


def show(e: ir.Expr, limit: int = 40) -> str:
    """An expression in ProseScript spelling, shortened."""
    text = _show(e)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _show(e: ir.Expr) -> str:
    match e:
        case ir.Name(name=name):
            return name
        case ir.Attr(base=base, key=key):
            return f"{_show(base)}.{key}"
        case ir.Length(base=base):
            return f"{_show(base)}.length"
        case ir.Index(base=base, index=index):
            return f"{_show(base)}[{_show(index)}]"
        case ir.Literal_(value=value):
            if value is None:
                return "null"
            if isinstance(value, bool):
                return "true" if value else "false"
            if isinstance(value, str):
                return '"' + value + '"'
            return str(value)
        case ir.Text(parts=parts):
            return '"' + "".join(p if isinstance(p, str) else "{" + _show(p) + "}" for p in parts) + '"'
        case ir.Object(entries=entries):
            return "{ " + ", ".join(f"{k}: {_show(v)}" for k, v in entries) + " }"
        case ir.Array(items=items):
            return "[" + ", ".join(_show(i) for i in items) + "]"
        case ir.Call(callee=callee):
            return f"call {callee}"
        case ir.IterationCount(description=description):
            return '"' + description + '"'


def origin(f: Flow) -> str:
    """Where a flow comes from, for a message: "the `reasoning` field of
    `call actor` (line 9)"."""
    base = f.src.describe()
    steps = [s for s in f.path if not is_element(s) and s not in (LENGTH, ERROR)]
    if steps:
        base = f"the `{'.'.join(steps)}` field of {base}"
    if LENGTH in f.path:
        base = f"the length of {base}"
    return base


def where(f: Flow) -> str:
    """How a flow sits in the value that carries it."""
    if not f.at:
        return ""
    if f.at[0] == TEXT:
        return " inside interpolated text"
    if is_element(f.at[0]):
        return " inside a list"
    if f.at[0] == INDEX:
        return " as an index"
    return f" under key `{f.at[0]}`"


# ---------------------------------------------------------------- facts


class Facts:
    """The flow analysis, queried the way the claims speak."""

    def __init__(self, analysis: Analysis) -> None:
        self.a = analysis
        #: the call properties a field firewall of the same pattern strips
        #: at run time, and the fields it removes: what they pass does not
        #: reach the call as it is
        self.stripped: dict[Span, tuple[str, ...]] = {}
        #: the verdict on each field firewall claimed in the same pattern,
        #: found first because ``stripped`` depends on them
        self.firewalls: dict[Firewall, Verdict] = {}
        #: the inputs and config entries declared a string, a number or a
        #: boolean: a field read of one is always null
        self.scalars: frozenset[str] = frozenset()
        #: the keys each slot's `ensures:` declares only inside a part of
        #: its result (``{ seats: [{ student }] }``): the run-time
        #: firewall, which removes keys of the result, cannot remove them
        self.nested: dict[str, dict[str, frozenset[str]]] = {}

    # ------------------------------------------------------------ calls

    def before_any_call(self, span: Span, slot: str | None, *, in_round: bool = False) -> bool:
        """What stands at ``span`` runs before ``slot`` is ever called: it
        comes first in the text, and no loop holds both (``in_round``: or a
        loop holds both, and it runs first in each round of it)."""
        calls = [c.call.span for c in self.a.calls.values() if c.slot == slot]
        if not calls or span >= min(calls):
            return False
        if in_round:
            return True
        return not any(
            self.a.inside(span, info.span) and any(self.a.inside(c, info.span) for c in calls)
            for info in self.a.loops.values()
            if not info.is_block
        )

    def apart(self, span: Span, slot: str | None) -> bool:
        """What stands at ``span`` never runs once ``slot`` has been called:
        each call of the slot stands in another branch of an `if` than it
        (``elif category says outage: return ...``, beside the branch that
        asks the supervisor), and no loop around that `if` runs it again."""
        calls = [c.call.span for c in self.a.calls.values() if c.slot == slot]
        return bool(calls) and all(self._branch_apart(span, c) for c in calls)

    def _branch_apart(self, a: Span, b: Span) -> bool:
        inside = self.a.inside
        for stmt in ir.walk(self.a.program.body):
            if isinstance(stmt, ir.If) and inside(b, stmt.span) and not inside(a, stmt.span) and self._after_leaving(a, b, stmt):
                return True
            if not isinstance(stmt, ir.If) or not (inside(a, stmt.span) and inside(b, stmt.span)):
                continue
            blocks = [body for _, body in stmt.branches] + [stmt.orelse or ()]
            held = [i for i, block in enumerate(blocks) for x in (a, b) if any(inside(x, t.span) for t in block)]
            looped = any(not i.is_block and inside(stmt.span, i.span) for i in self.a.loops.values())
            if len(held) == 2 and held[0] != held[1] and not looped:
                return True
        return False

    def _after_leaving(self, a: Span, b: Span, test: ir.If) -> bool:
        """``a`` stands after the `if` ``test`` in its block, and the branch
        of it that ``b`` is in always leaves the pattern (ends in a
        `return` or a `throw` on every path), with no loop or parallel block
        around the `if`: once ``b`` has run, ``a`` never does."""
        inside = self.a.inside
        if any(inside(test.span, i.span) for i in self.a.loops.values()):
            return False  # (a `return` in a collected loop or block ends one round)
        branch = next((body for _, body in (*test.branches, (None, test.orelse or ())) if any(inside(b, t.span) for t in body)), None)
        if branch is None or not _leaves_always(branch):
            return False
        body = self.a.program.body
        for block in (body, *(child for s in ir.walk(body) for child in ir.children(s))):
            if any(t is test for t in block):
                after = block[next(i for i, t in enumerate(block) if t is test) + 1 :]
                return any(inside(a, t.span) for t in after)
        return False

    def given(self, call: CallObs, inputs: frozenset[str]) -> bool:
        """Whether ``call`` receives any of ``inputs``."""
        return any(f.src.kind == "input" and f.src.name in inputs for f in call.flows())

    def calls(self, target: Calls) -> list[CallObs]:
        """The calls ``target`` names, in source order."""
        if target.slot is None:
            if target.given:
                chosen = [c for c in self.a.calls.values() if self.given(c, target.given)]
            else:
                chosen = [c for c in self.a.calls.values() if self.loops_of(c)]
        else:
            chosen = [c for c in self.a.calls.values() if c.slot == target.slot]
            if target.given:
                chosen = [c for c in chosen if self.given(c, target.given)]
        return sorted(chosen, key=lambda c: c.call.span)

    def loops_of(self, call: CallObs) -> list[LoopInfo]:
        """Loops (not parallel blocks) around a call, outermost first."""
        return [self.a.loops[s] for s in call.loops if not self.a.loops[s].is_block]

    def innermost(self, call: CallObs) -> LoopInfo | None:
        """The innermost loop around a call, if any."""
        loops = self.loops_of(call)
        return loops[-1] if loops else None

    def instance_loops(self, call: CallObs) -> set[Span]:
        """Loops whose iterations are different invocations of the slot, not
        the same one's later rounds: the outermost loop around the call (its
        iterations are other reviewers, earlier mappers, the previous
        attempt), parallel regions, loops that collect one value per
        iteration (``let xs = repeat n: ...``), and a ``for`` over the slot
        sequence being called. A sequential loop that collects nothing,
        inside one of those, is one invocation working on (blind-review's
        reviewer reading one material after another)."""
        out: set[Span] = set()
        for i, s in enumerate(call.loops):
            info = self.a.loops[s]
            walks_me = info.sequence is not None and info.sequence == call.slot and not call.direct
            if i == 0 or info.parallel or info.collected or walks_me:
                out.add(s)
        return out

    @cached_property
    def fields_read(self) -> dict[str, frozenset[str]]:
        """Slot → the fields the program reads off its results (`proof.pages`
        passed on, kept or returned): what its whole result carries."""
        flows: list[Flow] = [f for c in self.a.calls.values() for f in c.flows()]
        flows += [f for w in self.a.writes.values() for f in w.value]
        flows += [f for r in self.a.returns.values() for fs in r.fields.values() for f in fs]
        out: dict[str, set[str]] = {}
        for f in flows:
            if f.src.kind == "call" and (key := f.first_field()) is not None:
                out.setdefault(f.src.name, set()).add(key)
        return {slot: frozenset(keys) for slot, keys in out.items()}

    def props(self, call: CallObs, phase: str = "all") -> list[tuple[PropObs, set[Flow]]]:
        """Each property of a call and what it may carry in ``phase``."""
        return [(p, p.flows if phase == "all" else p.by_phase[_phase(phase)]) for p in call.props.values()]

    def sure_props(self, call: CallObs, phase: str = "all", *, lists: bool = False) -> list[tuple[PropObs, Flows]]:
        """Each property of a call and what it carries on every visit in
        ``phase``; with ``lists``, also what every element of a list it is
        carries (a list that may be empty or null)."""
        which = "all" if phase == "all" else _phase(phase)
        return [(p, p.sure(which) | (p.elements(which) if lists else EMPTY)) for p in call.props.values()]

    def null_tested_props(self, call: CallObs, phase: str = "all") -> list[tuple[PropObs, Flows]]:
        """Each property of a call whose value is read from a local the
        program tests for null (``if found is null: return``), with what it
        carries on every visit in ``phase`` where it is not null: whether a
        null reaches the call rests on that test, which the flow analysis
        does not follow into the values."""
        which = "all" if phase == "all" else _phase(phase)
        tested = self.null_tested
        return [
            (p, frozenset(f for f in (p.lax if which == "all" else p.lax_by_phase[which]) or () if f.src.kind != "null"))
            for p in call.props.values()
            if _root_name(p.prop.value) in tested
        ]

    @cached_property
    def null_tested(self) -> frozenset[str]:
        """Locals and inputs some condition tests for null or presence."""
        out: set[str] = set()
        todo = [c for stmt in ir.walk(self.a.program.body) for c in ir.conditions(stmt)]
        while todo:
            match todo.pop():
                case ir.Presence(subject=subject):
                    if (root := _root_name(subject)) is not None:
                        out.add(root)
                case ir.Not(operand=operand):
                    todo.append(operand)
                case _:
                    pass
        return frozenset(out)

    def has_phase(self, call: CallObs, phase: str) -> bool:
        """Whether the call runs in that phase (round 1, later rounds)."""
        return phase == "all" or phase in call.phases

    def is_other_invocation(self, f: Flow, call: CallObs) -> bool:
        """``f`` is another invocation's output of the slot ``call`` calls."""
        if f.src.kind not in ("call", "error") or f.src.name != call.slot:
            return False
        return any(site != call.call.span for site in f.src.spans) or bool(f.carried & self.instance_loops(call))

    def loop_of_step(self, step: str) -> LoopInfo | None:
        """The loop an element step ``@line:col`` belongs to."""
        for info in self.a.loops.values():
            if each(info.span) == step:
                return info
        return None

    @cached_property
    def every_flow(self) -> frozenset[Flow]:
        """What every call, write and return of the program may carry."""
        flows = {f for c in self.a.calls.values() for f in c.flows()}
        flows |= {f for w in self.a.writes.values() for f in w.value}
        flows |= {f for r in self.a.returns.values() for fs in r.fields.values() for f in fs}
        return frozenset(flows)

    @cached_property
    def input_fields(self) -> dict[str, frozenset[str]]:
        """The fields the program reads of each input (or of its elements),
        anywhere a read flows: the keys an input is known to have."""
        found: dict[str, set[str]] = {}
        for f in self.every_flow:
            if f.src.kind == "input":
                found.setdefault(f.src.name, set()).update(step for step in f.path if not is_element(step))
        return {name: frozenset(keys) for name, keys in found.items()}

    def holds_field(self, f: Flow, named: Callable[[str], bool]) -> bool:
        """Whether the part of its source's value that ``f`` carries holds a
        field ``named`` somewhere inside: it reads one, at any depth
        (`seat.student`, of the `seats` of a plan), or it is a part the
        program reads one under elsewhere (`plan.seats` passed whole, where
        `seat.student` is read of its elements). The whole value (no field
        read) is left to the caller."""
        steps = f.field_steps()
        if any(named(step) for step in steps):
            return True
        if len(steps) == 1 and f.src.kind in ("call", "error"):
            # a part its slot's `ensures:` declares the field inside
            # (`plan.seats`, of `{ seats: [{ student }] }`)
            if any(named(key) for key in self.nested.get(f.src.name, {}).get(steps[0].lower(), ())):
                return True
        return any(
            path[: len(steps)] == steps and any(named(step) for step in path[len(steps) :])
            for path in self.field_paths.get((f.src.kind, f.src.name), ())
        )

    def held_inside(self, slot: str, named: Callable[[str], bool]) -> bool:
        """Whether a field ``named`` sits inside a part of ``slot``'s result
        rather than in the result itself: its `ensures:` declares it only
        in inner braces, or the program reads it below another field."""
        return any(named(key) for keys in self.nested.get(slot, {}).values() for key in keys) or any(
            any(named(step) for step in path[1:]) for path in self.field_paths.get(("call", slot), ())
        )

    @cached_property
    def field_paths(self) -> dict[tuple[str, str], frozenset[tuple[str, ...]]]:
        """The fields read off each source's value anywhere a read flows, by
        (kind, name) of the source: what the program knows its values hold."""
        found: dict[tuple[str, str], set[tuple[str, ...]]] = {}
        for g in self.every_flow:
            found.setdefault((g.src.kind, g.src.name), set()).add(g.field_steps())
        return {key: frozenset(paths) for key, paths in found.items()}

    def written(self, var: str) -> set[Flow]:
        """Every flow ever written into the local ``var``."""
        return {f for w in self.a.writes.values() if w.var == var for f in w.value}

    def call_given(self, span: Span | None) -> set[str]:
        """Inputs a call (by its span) receives."""
        obs = self.a.calls.get(span) if span is not None else None
        if obs is None:
            return set()
        return {f.src.name for f in obs.flows() if f.src.kind == "input"}

    # ------------------------------------------------------------ words

    def names_term(self, text: str, term: str) -> bool:
        """Whether ``text`` (prompt text, an input's name, a key) mentions
        ``term``: a slot's name as a phrase, any other word by its stem."""
        words = words_in(text)
        if term in self.a.slots or len(words_of(term)) > 1:
            # a slot's name, or a term of several words ("map-reduce"): the
            # words in a row
            phrase = words_of(term) or [term]  # `__` has no words of its own
            # (its last word in the plural or the singular: "the on-call
            # vet" names `on_call_vets`)
            options = [phrase, [*phrase[:-1], plural(phrase[-1])], [*phrase[:-1], singular(phrase[-1])]]
            if term in self.a.slots and len(phrase) > 1:
                # the first words and the slot's act: "an allergy check"
                # names `allergy_checker`, "a risk assessment" `risk_assessor`
                options += [[*phrase[:-1], act] for act in acts_of(phrase[-1])]
            if term in self.a.slots and len(phrase) == 1:
                # a slot named by a word that is also a verb: "residents are
                # being surveyed" says there is a `survey`
                base = phrase[0].removesuffix("e")
                options += [[base + "ed"], [base + "ing"]]
            return any(_contains_run(words, o) for o in options)
        if (len(term) >= 6 and term.endswith(("ied", "ies"))) or (len(term) >= 5 and term.endswith("y")):
            # "retried", "retries", "retry": one word, whose stem ends in y
            # or ie ("retr-y", "retr-ied")
            base = term[:-3] if term.endswith(("ied", "ies")) else term[:-1]
            return any(w.startswith((base + "y", base + "ie")) for w in words)
        stem = _stem(term)
        if len(stem) < 4:
            return any(w in _short_forms(term) for w in words)
        if term.endswith(("ing", "ed")) and len(term.removesuffix("ing").removesuffix("ed")) < 4:
            # "towing": of a word too short to be a stem ("tow")
            return any(w.startswith(stem) or w in _short_forms(term) for w in words)
        return any(w.startswith(stem) for w in words)


def _root_name(expr: ir.Expr) -> str | None:
    """The local or input a value is read from (``found``, ``found.location``)."""
    while isinstance(expr, ir.Attr | ir.Index):
        expr = expr.base
    return expr.name if isinstance(expr, ir.Name) else None


def _phase(phase: str) -> Phase:
    return "first" if phase == "first" else "later"


def words_in(text: str) -> list[str]:
    """The words of a prompt, a key or a name, lower-cased (`_` splits)."""
    return [w for w in re.split(r"[^a-z]+", text.lower().replace("_", " ")) if w]


def _contains_run(words: list[str], run: list[str]) -> bool:
    n = len(run)
    return any(words[i : i + n] == run for i in range(len(words) - n + 1))


def _short_forms(word: str) -> frozenset[str]:
    """The forms of a short word, whose stem is too short to match the
    start of a longer word by ("tow", "towing", "towed", "tows"; "run",
    "running"): its own, and those of the word it is a form of."""
    roots = {word}
    for suffix in ("ing", "ed"):
        base = word.removesuffix(suffix)
        if base != word and len(base) >= 2:
            roots |= {base, base + "e"}
            if len(base) >= 3 and base[-1] == base[-2]:
                roots.add(base[:-1])  # "running", "tapped"
            break
    else:
        if len(word) >= 4 and word.endswith("s") and not word.endswith("ss"):
            roots.add(word[:-1])
    out: set[str] = set()
    for root in roots:
        out |= {root, plural(root), root + "s", root + "ing", root + "ed", root + root[-1] + "ing", root + root[-1] + "ed"}
        # who does it: "mapper", "runner" (of "map", "run"; not "tower",
        # of "tow", another word)
        out |= {root + root[-1] + "er", root + root[-1] + "ers"}
        if root.endswith("e"):
            out |= {root[:-1] + "ing", root + "d"}
    return frozenset(out)


def _stem(word: str) -> str:
    for suffix in ("ing", "ed", "es", "er", "s", "e"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            return word[: -len(suffix)]
    return word


def _leaves_always(block: ir.Block) -> bool:
    """Every path through the block ends in a `return` or a `throw`."""
    for stmt in block:
        match stmt:
            case ir.Return() | ir.Throw():
                return True
            case ir.If(branches=branches, orelse=orelse) if orelse is not None and all(
                _leaves_always(body) for _, body in branches
            ) and _leaves_always(orelse):
                return True
            case _:
                pass
    return False
