"""Small random ProseScript delegations, and claims about them, for the
differential soundness test (``test_soundness.py``).

A program is drawn construct by construct from a ``Choose`` (hypothesis'
``data.draw`` in the test, ``random`` when run by hand): ``let``, calls
with properties, ``if`` on a verdict or a question for the judge, ``for``,
``parallel for``, ``parallel:`` blocks, ``repeat``, ``loop until``/``while``
``(max: N)``, ``try``/``catch``, ``append``/``record``, object and array
literals, interpolated text, field reads, index and length reads,
``break``/``continue`` and ``return``, over three slots, three inputs and
two config values.

The program is written out *instrumented*, so that a run can be traced:

- every call gets a property ``traced_at: "s<site>§<counter>§<element>..."``
  naming its call site, the counter of every loop around it and the element
  of every ``for`` around it (every loop is given a counter for this);
- after every statement that writes a local, an ``if **probe ...**:`` asks
  the judge a question it always answers "no"; the judge sees every binding
  in scope, so the trace holds the value of every local after every write.

The test removes both from the IR before the checker sees it (they change
nothing a claim is about: the probe reads nothing and its body never runs),
so the program the checker analyses is the program that runs, less the
tracing.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal, TypeVar

from prosec.invariants.claims import (
    Age,
    AnyResult,
    Bounded,
    CallCount,
    Calls,
    Claim,
    ExactlyOnce,
    FailSafe,
    Firewall,
    FromField,
    FromInput,
    FromOthers,
    FromSlot,
    FromVar,
    Gated,
    Identical,
    Isolation,
    Monotonic,
    Need,
    Null,
    Ordered,
    OtherElements,
    Phase,
    Receives,
    ReturnPath,
    Returns,
    Source,
    Unaware,
    Unchanged,
    Unmerged,
)

T = TypeVar("T")

#: ``choose(n)``: an int in ``range(n)``.
Choose = Callable[[int], int]

SLOTS = ("a", "b", "c")
#: A slot only the "gathered by append" shape calls, so that its every
#: call site may be one whose result is appended.
GATHERED = "g"
#: The slot the shape passes the gathered list to.
GATHERER = "h"
#: A slot only the "each element to one call" shape calls, so that an
#: exactly-once claim about it can be proved (and its holes drawn).
MAPPER = "w"
#: A slot whose results hold a list of records, ``nest`` (its `ensures:`
#: shape declares their keys): a field may be read at any depth.
NESTING = "c"
#: ``secret`` is also the word an ``Unaware`` claim hides: its value (a
#: token naming it) and literal text saying "secret" both reveal it.
#: ``rec`` is a record whose keys (``f1``, ``f2``, ``reason``) are inputs' keys
#: a claim may name ("the record's f1")
INPUTS = ("x", "secret", "xs", "rec")
CONFIG = ("n", "m")
FIELDS = ("f1", "f2", "reason", "score")
KEYS = ("k1", "k2", "k3", "secret_note")
WORDS = ("plan", "draft", "note", "review", "secret", "brief")
HIDDEN = "secret"
RESULT_KEYS = ("out", "aux")
SEP = "§"
PROBE = "probe"

LoopKind = Literal["repeat", "for", "until", "while", "block"]


@dataclass
class LoopMeta:
    """A loop or ``parallel:`` block of the generated program."""

    id: int
    kind: LoopKind
    parallel: bool
    collected: bool
    #: the ProseScript text of the count, ``max`` or iterable
    bound: str = ""
    join: str = "all"
    #: the loops around it, outermost first
    parents: tuple[int, ...] = ()
    #: the local its collected values are bound to (``let rs = repeat ...``)
    local: str | None = None

    @property
    def counted(self) -> bool:
        """It has a counter (every loop; not a ``parallel:`` block)."""
        return self.kind != "block"

    @property
    def first(self) -> int:
        """The counter of its first iteration."""
        return 0 if self.kind == "for" else 1


@dataclass
class Site:
    """A call site: which slot, inside which loops."""

    id: int
    slot: str
    loops: tuple[int, ...]  # outermost first, blocks included


@dataclass
class Program:
    """A generated delegation and what the oracles need to know about it."""

    text: str  # the whole pattern file
    delegation: str
    sites: dict[int, Site]
    loops: dict[int, LoopMeta]
    locals: list[str]  # every local the program declares (not loop variables)
    lists: list[str]  # locals declared as `[]`
    returns_keys: tuple[str, ...]
    #: the loops around each local's declaration (a `let` in a loop body
    #: declares the local anew in every iteration)
    declared_in: dict[str, tuple[int, ...]] = field(default_factory=dict)

    def counted(self, site: Site) -> list[LoopMeta]:
        """The counted loops around a site, outermost first (the counters
        in its ``traced_at``)."""
        return [self.loops[i] for i in site.loops if self.loops[i].counted]


@dataclass
class _Var:
    name: str
    kind: Literal["val", "list", "coll", "elem", "counter", "err"]


@dataclass
class _Ctx:
    """Where the generator is: names in scope and the loops around."""

    scopes: list[dict[str, _Var]] = field(default_factory=lambda: [{}])
    loops: list[int] = field(default_factory=list)
    #: inside an iteration whose values are collected (a `return` ends it)
    collected: bool = False
    #: the innermost loop is sequential (break/continue allowed)
    breakable: bool = False
    #: inside a parallel region whose values are not collected (no `return`)
    in_parallel: bool = False

    def names(self, *kinds: str) -> list[_Var]:
        seen: dict[str, _Var] = {}
        for scope in self.scopes:
            seen.update(scope)
        return [v for v in seen.values() if not kinds or v.kind in kinds]

    def retag(self, name: str, kind: Literal["val", "list", "coll", "elem", "counter", "err"]) -> None:
        """Let ``name`` be chosen, from here on, as a value of ``kind``."""
        for scope in reversed(self.scopes):
            if name in scope:
                scope[name] = replace(scope[name], kind=kind)
                return

    def bind(self, var: _Var) -> None:
        for scope in reversed(self.scopes):
            if var.name in scope:
                return
        self.scopes[-1][var.name] = var


class Generator:
    """Draws one program from ``choose``."""

    def __init__(self, choose: Choose) -> None:
        self.choose = choose
        self.sites: dict[int, Site] = {}
        self.loops: dict[int, LoopMeta] = {}
        self.locals: list[str] = []
        self.lists: list[str] = []
        self.counter = 0
        self.probes = 0
        self.returns: set[str] = set()
        #: the local being assigned or appended to: not read by its new
        #: value, so that values do not double in size on every iteration
        self.writing: str | None = None
        self.declared_in: dict[str, tuple[int, ...]] = {}

    # ------------------------------------------------------------ choices

    def pick(self, options: Sequence[T]) -> T:
        return options[self.choose(len(options))]

    def chance(self, percent: int) -> bool:
        return self.choose(100) < percent

    def fresh(self, prefix: str) -> str:
        self.counter += 1
        return f"{prefix}{self.counter}"

    # ------------------------------------------------------------ expressions

    def ref(self, ctx: _Ctx, *, data_only: bool = False) -> str:
        """A name that is in scope: a local, an input, a config value."""
        names = [v.name for v in ctx.names("val", "list", "coll", "elem", "err") if v.name != self.writing]
        options = names * 2 + ["x", "secret", "xs", "rec"] + ([] if data_only else ["n", *ctx_counters(ctx)])
        if not data_only and self.chance(4):
            return self.pick(SLOTS)  # the delegate itself
        return self.pick(options)

    def expr(self, ctx: _Ctx, depth: int = 0) -> str:
        kind = self.choose(10 if depth < 2 else 5)
        match kind:
            case 0 | 1 | 2:
                return self.ref(ctx)
            case 3:
                if self.chance(20):
                    # a part of a result, or a field inside it
                    return f"{self.ref(ctx, data_only=True)}." + self.pick(("nest", "nest[0]", "nest[0].f1", "nest[0].reason"))
                return f"{self.ref(ctx, data_only=True)}.{self.pick(FIELDS)}"
            case 4:
                return self.pick(('"plain words"', '"a secret"', "null", "1", "true"))
            case 5:
                return self.text(ctx)
            case 6:
                keys = [self.pick(("k1", "k2", "f1", "reason")) for _ in range(1 + self.choose(2))]
                entries = ", ".join(f"{k}: {self.expr(ctx, depth + 1)}" for k in dict.fromkeys(keys))
                return "{ " + entries + " }"
            case 7:
                return "[" + ", ".join(self.expr(ctx, depth + 1) for _ in range(1 + self.choose(2))) + "]"
            case 8:
                base = self.ref(ctx, data_only=True)
                counters = ctx_counters(ctx)
                index = self.pick([*counters, "0", "1"]) if counters else self.pick(("0", "1"))
                return f"{base}[{index}]"
            case _:
                return f"{self.ref(ctx, data_only=True)}.length"

    def text(self, ctx: _Ctx) -> str:
        parts = [self.pick(WORDS)]
        for _ in range(1 + self.choose(2)):
            name = self.ref(ctx, data_only=True)
            if self.chance(30):
                name += "." + self.pick(FIELDS)
            parts.append("{" + name + "}")
            if self.chance(50):
                parts.append(self.pick(WORDS))
        return '"' + " ".join(parts) + '"'

    def cond(self, ctx: _Ctx) -> str:
        subjects = [v.name for v in ctx.names("val", "elem", "coll", "list")]
        if not subjects or self.chance(15):
            self.probes += 1
            return f"**question {self.probes}**"
        s = self.pick(subjects)
        if self.chance(20):
            s += "." + self.pick(("reason", "f1"))
        return self.pick(
            (
                f"{s} explicitly proceeds",
                f"{s} does not explicitly proceed",
                f"{s} says approve",
                f"{s} approves it",
                f"{s} is present",
                f"{s} is absent",
                f"{s}.score meets 0.5",
                f"not {s} explicitly proceeds",
            )
        )

    # ------------------------------------------------------------ calls

    def call(
        self, ctx: _Ctx, indent: str, slot: str | None = None, props: tuple[tuple[str, str], ...] = ()
    ) -> tuple[str, list[str]]:
        """``call S`` and its property lines (``traced_at`` first, then
        ``props``, then some drawn at random)."""
        slot = slot or self.pick(SLOTS)
        site = len(self.sites) + 1
        self.sites[site] = Site(site, slot, tuple(ctx.loops))
        where = [f"s{site}"]
        for loop_id in ctx.loops:
            meta = self.loops[loop_id]
            if meta.counted:
                where.append("{" + f"i{loop_id}" + "}")
            if meta.kind == "for":
                where.append("{" + f"e{loop_id}" + "}")
        lines = [f'{indent}  traced_at: "{SEP.join(where)}"', *(f"{indent}  {k}: {v}" for k, v in props)]
        given = {k for k, _ in props}
        for key in dict.fromkeys(self.pick(KEYS) for _ in range(self.choose(3 if props else 4))):
            if key not in given:
                lines.append(f"{indent}  {key}: {self.expr(ctx)}")
        return f"call {slot}", lines

    # ------------------------------------------------------------ statements

    def block(self, ctx: _Ctx, depth: int, indent: str, size: int, *, tail_value: bool = False) -> list[str]:
        """``size`` statements at ``indent``; with ``tail_value`` the last is a
        value for a collected iteration (a bare call, or a `return`)."""
        ctx.scopes.append({})
        lines: list[str] = []
        for i in range(size):
            last = i == size - 1
            if last and tail_value:
                if self.chance(60):
                    head, props = self.call(ctx, indent)
                    lines += [indent + head, *props]
                else:
                    lines.append(f"{indent}return {self.expr(ctx)}")
                break
            lines += self.stmt(ctx, depth, indent)
        ctx.scopes.pop()
        return lines

    def probe(self, ctx: _Ctx, indent: str) -> list[str]:
        """Show the judge every binding here (the question is always "no")."""
        self.probes += 1
        return [f"{indent}if **{PROBE} {self.probes}**:", f"{indent}  let p{self.probes} = null"]

    def stmt(self, ctx: _Ctx, depth: int, indent: str) -> list[str]:
        nested = depth < 3
        if self.chance(12):
            return self.shape(ctx, indent)
        kind = self.choose(20 if nested else 9)
        values = ctx.names("val")
        lists = ctx.names("list")
        match kind:
            case 0 | 1 | 2:
                name = self.fresh("v")
                head, props = self.call(ctx, indent)
                self.declare(ctx, name, "val")
                return [f"{indent}let {name} = {head}", *props, *self.probe(ctx, indent)]
            case 3:
                head, props = self.call(ctx, indent)
                return [indent + head, *props]
            case 4:
                name = self.fresh("v")
                value = self.expr(ctx)
                self.declare(ctx, name, "val")
                return [f"{indent}let {name} = {value}", *self.probe(ctx, indent)]
            case 5 if values or lists:
                target = self.pick([v.name for v in values + lists])
                self.writing = target
                if self.chance(50):
                    head, props = self.call(ctx, indent)
                    line = [f"{indent}{target} = {head}", *props]
                else:
                    line = [f"{indent}{target} = {self.expr(ctx)}"]
                self.writing = None
                return [*line, *self.probe(ctx, indent)]
            case 6:
                name = self.fresh("l")
                self.declare(ctx, name, "list")
                self.lists.append(name)
                return [f"{indent}let {name} = []", *self.probe(ctx, indent)]
            case 7 | 8 if lists:
                target = self.pick([v.name for v in lists])
                verb = self.pick(("append {v} to {l}", "record {v} in {l}"))
                self.writing = target
                value = self.expr(ctx)
                self.writing = None
                return [indent + verb.format(v=value, l=target), *self.probe(ctx, indent)]
            case 5 | 6 | 7 | 8:
                head, props = self.call(ctx, indent)
                return [indent + head, *props]
            case 9 | 10 | 11:
                return self.if_(ctx, depth, indent)
            case 12 | 13 | 14:
                return self.loop(ctx, depth, indent, collect=None)
            case 15:
                name = self.fresh("r")
                lines = self.loop(ctx, depth, indent, collect=name)
                self.declare(ctx, name, "coll")
                return [*lines, *self.probe(ctx, indent)]
            case 16:
                return self.parallel_block(ctx, depth, indent)
            case 17:
                return self.try_(ctx, depth, indent)
            case 18 if ctx.breakable:
                jump = self.pick(("break", "continue"))
                return [f"{indent}if {self.cond(ctx)}:", f"{indent}  {jump}"]
            case 19 if not ctx.in_parallel:
                return [f"{indent}if {self.cond(ctx)}:", *self.ret(ctx, indent + "  ")]
            case _:
                head, props = self.call(ctx, indent)
                return [indent + head, *props]

    def declare(self, ctx: _Ctx, name: str, kind: Literal["val", "list", "coll"]) -> None:
        ctx.bind(_Var(name, kind))
        self.locals.append(name)
        self.declared_in[name] = tuple(i for i in ctx.loops if self.loops[i].counted)

    def ret(self, ctx: _Ctx, indent: str) -> list[str]:
        if ctx.collected:
            return [f"{indent}return {self.expr(ctx)}"]
        keys = [k for k in RESULT_KEYS if self.chance(70)] or ["out"]
        self.returns.update(keys)
        body = ", ".join(f"{k}: {self.expr(ctx)}" for k in keys)
        return [f"{indent}return {{ {body} }}"]

    def if_(self, ctx: _Ctx, depth: int, indent: str) -> list[str]:
        lines = [f"{indent}if {self.cond(ctx)}:"]
        lines += self.block(ctx, depth + 1, indent + "  ", 1 + self.choose(2))
        if self.chance(25):
            lines.append(f"{indent}elif {self.cond(ctx)}:")
            lines += self.block(ctx, depth + 1, indent + "  ", 1)
        if self.chance(40):
            lines.append(f"{indent}else:")
            lines += self.block(ctx, depth + 1, indent + "  ", 1 + self.choose(2))
        return lines

    def try_(self, ctx: _Ctx, depth: int, indent: str) -> list[str]:
        lines = [f"{indent}try:"]
        lines += self.block(ctx, depth + 1, indent + "  ", 1 + self.choose(2))
        err = self.fresh("err")
        lines.append(f"{indent}catch as {err}:")
        ctx.scopes.append({err: _Var(err, "err")})
        lines += self.block(ctx, depth + 1, indent + "  ", 1 + self.choose(2))
        ctx.scopes.pop()
        return lines

    def bound(self) -> str:
        return self.pick(("n", "n", "m", "2", "xs.length"))

    def loop(self, ctx: _Ctx, depth: int, indent: str, *, collect: str | None) -> list[str]:
        kind: LoopKind = self.pick(("repeat", "for", "for", "until", "while"))
        parallel = kind in ("repeat", "for") and self.chance(40)
        line, inner = self.loop_head(ctx, indent, kind, parallel, collect=collect)
        body = self.block(inner, depth + 1, indent + "  ", 1 + self.choose(2), tail_value=bool(collect))
        return [line, *body]

    def loop_head(
        self, ctx: _Ctx, indent: str, kind: LoopKind, parallel: bool, *, collect: str | None, bound: str | None = None
    ) -> tuple[str, _Ctx]:
        """A loop's first line, and where its body is."""
        loop_id = len(self.loops) + 1
        counter = f"i{loop_id}"
        head = f"{indent}let {collect} = " if collect else indent
        prefix = "parallel " if parallel else ""
        join = "all"
        mods = ""
        if parallel and self.chance(15):
            join = self.pick(("first", "any"))
            mods = f' ("{join}")'
        # A `return` inside any loop nested in a collected iteration ends
        # only that iteration, so the shape of returns follows the
        # outermost collected loop around.
        inner = _Ctx(
            scopes=ctx.scopes,
            loops=[*ctx.loops, loop_id],
            collected=bool(collect) or ctx.collected,
            breakable=not parallel,
            in_parallel=(ctx.in_parallel or parallel) and not collect,
        )
        match kind:
            case "repeat":
                bound = bound or self.bound()
                line = f"{head}{prefix}repeat {bound}{mods} as {counter}:"
            case "for":
                iterables = ["xs", "xs", *[v.name for v in ctx.names("list", "coll")]]
                if self.chance(15):
                    iterables.append(f"[x, {self.ref(ctx, data_only=True)}]")
                if self.chance(15):
                    iterables.append(f"{self.ref(ctx, data_only=True)}.nest")
                bound = bound or self.pick(iterables)
                line = f"{head}{prefix}for e{loop_id}, {counter} in {bound}{mods}:"
            case "until" | "while":
                # a `loop until` refuses a bound below 1 at run time (its
                # block runs at least once): mostly one that is not
                bound = bound or (self.pick(("m", "m", "2", "n", "xs.length")) if kind == "until" else self.bound())
                cond = self.cond(ctx)
                line = f"{head}loop {kind} {cond} (max: {bound}) as {counter}:"
            case _:
                raise AssertionError(kind)
        self.loops[loop_id] = LoopMeta(
            loop_id, kind, parallel, bool(collect), bound=bound, join=join, parents=tuple(ctx.loops), local=collect
        )
        inner.scopes = [*ctx.scopes, {counter: _Var(counter, "counter")}]
        if kind == "for":
            inner.scopes[-1][f"e{loop_id}"] = _Var(f"e{loop_id}", "elem")
        return line, inner

    # ------------------------------------------------------------ shapes

    def shape(self, ctx: _Ctx, indent: str) -> list[str]:
        """A construct the corpus patterns are made of, with random parts:
        a map over the items, a guard, a relay, rounds that carry the last
        result, results gathered by `append`, an ensemble and its reducer."""
        s1, s2 = self.pick(SLOTS), self.pick(SLOTS)
        match self.choose(7):
            case 0:  # map (sequential maps pass along what came before)
                name = self.fresh("r")
                parallel = self.chance(60)
                line, inner = self.loop_head(ctx, indent, "for", parallel, collect=name, bound="xs")
                elem = f"e{len(self.loops)}"
                extra: tuple[tuple[str, str], ...] = ()
                earlier = [v.name for v in ctx.names("list", "coll")]
                if not parallel and earlier and self.chance(50):
                    extra = (("k2", self.pick(earlier)),)
                head, props = self.call(inner, indent + "  ", s1, (("k1", elem), *extra))
                self.declare(ctx, name, "coll")
                return [line, indent + "  " + head, *props, *self.probe(ctx, indent)]
            case 1:  # guard
                name = self.fresh("v")
                head, props = self.call(ctx, indent, s1, (("k1", "x"),))
                self.declare(ctx, name, "val")
                lines = [f"{indent}let {name} = {head}", *props, *self.probe(ctx, indent)]
                if not ctx.in_parallel and self.chance(50):
                    lines += [f"{indent}if {name} does not explicitly proceed:", *self.ret(ctx, indent + "  ")]
                    head, props = self.call(ctx, indent, s2, (("k1", "x"),))
                    return [*lines, indent + head, *props]
                head, props = self.call(ctx, indent + "  ", s2, (("k1", "x"),))
                return [*lines, f"{indent}if {name} {self.pick(('explicitly proceeds', 'approves it'))}:", indent + "  " + head, *props]
            case 2:  # relay
                name = self.fresh("v")
                self.declare(ctx, name, "val")
                lines = [f"{indent}let {name} = x", *self.probe(ctx, indent)]
                line, inner = self.loop_head(ctx, indent, self.pick(("for", "repeat")), False, collect=None)
                head, props = self.call(inner, indent + "  ", s1, (("k1", name),))
                return [*lines, line, f"{indent}  let {name} = {head}", *props, *self.probe(inner, indent + "  ")]
            case 3:  # rounds
                last, now = self.fresh("v"), self.fresh("v")
                self.declare(ctx, last, "val")
                lines = [f"{indent}let {last} = null", *self.probe(ctx, indent)]
                line, inner = self.loop_head(ctx, indent, self.pick(("repeat", "until")), False, collect=None)
                head, props = self.call(inner, indent + "  ", s1, (("k1", "x"), ("k2", last)))
                self.locals.append(now)
                self.declared_in[now] = tuple(i for i in inner.loops if self.loops[i].counted)
                return [
                    *lines, line, f"{indent}  let {now} = {head}", *props,
                    f"{indent}  {last} = {now}", *self.probe(inner, indent + "  "),
                ]
            case 4:  # results gathered by `append`, then passed on
                listed, now = self.fresh("l"), self.fresh("v")
                self.declare(ctx, listed, "list")
                self.lists.append(listed)
                lines = [f"{indent}let {listed} = []", *self.probe(ctx, indent)]
                line, inner = self.loop_head(ctx, indent, self.pick(("for", "repeat", "until")), False, collect=None)
                lines.append(line)
                if self.chance(40):
                    lines += [f"{indent}  if {self.cond(inner)}:", f"{indent}    {self.pick(('continue', 'break'))}"]
                whole = self.chance(30)
                if whole:
                    # the outputs of a loop inside, collected, then appended
                    # whole ("let marks = parallel repeat 3: call g"), now and
                    # then with a second statement in its body
                    deep: LoopKind = self.pick(("repeat", "for", "until"))
                    line, deeper = self.loop_head(inner, indent + "  ", deep, deep != "until" and self.chance(50), collect=now)
                    head, props = self.call(deeper, indent + "    ", GATHERED if self.chance(70) else s1, (("k1", "x"),))
                    lines += [line, indent + "    " + head, *props]
                    if self.chance(25):
                        head, props = self.call(deeper, indent + "    ", s2, (("k1", "x"),))
                        lines += [indent + "    " + head, *props]
                    self.declare(inner, now, "coll")
                else:
                    head, props = self.call(inner, indent + "  ", GATHERED if self.chance(60) else s1, (("k1", "x"),))
                    self.locals.append(now)
                    self.declared_in[now] = tuple(i for i in inner.loops if self.loops[i].counted)
                    lines += [f"{indent}  let {now} = {head}", *props]
                if self.chance(40):
                    # between the call and the append: another call, or a
                    # way out of the iteration that skips the append
                    if self.chance(50):
                        lines += [f"{indent}  if {self.cond(inner)}:", f"{indent}    {self.pick(('continue', 'break'))}"]
                    else:
                        head, props = self.call(inner, indent + "  ", s2, (("k1", "x"),))
                        lines += [indent + "  " + head, *props]
                fields = () if whole else (f"{now}.{self.pick(FIELDS)}",)
                value = self.pick((now, f"{{ k1: {now} }}", f"[{now}, x]", *fields))
                lines.append(f"{indent}  {self.pick(('append {v} to {l}', 'record {v} in {l}')).format(v=value, l=listed)}")
                passed = listed
                if self.chance(30):
                    # the list, complete, held in a record before it is
                    # passed on ("let plan = { allocations: allocations }")
                    passed = self.fresh("v")
                    # (nothing appends to the list once it is held: held
                    # while it may still grow, the analysis gives up)
                    ctx.retag(listed, "val")
                    self.locals.append(passed)
                    self.declared_in[passed] = tuple(i for i in ctx.loops if self.loops[i].counted)
                    lines.append(f"{indent}let {passed} = {{ k1: {listed}, k2: x }}")
                head, props = self.call(ctx, indent, GATHERER if self.chance(60) else s2, (("k3", passed),))
                return [*lines, *self.probe(ctx, indent), indent + head, *props]
            case 5:  # each element to one call, sometimes behind a way to skip it
                return self.each_element(ctx, indent, s2)
            case _:  # ensemble and reducer
                name = self.fresh("r")
                line, inner = self.loop_head(ctx, indent, "repeat", self.chance(70), collect=name)
                head, props = self.call(inner, indent + "  ", s1, (("k1", "x"),))
                lines = [line, indent + "  " + head, *props]
                self.declare(ctx, name, "coll")
                head, props = self.call(ctx, indent, s2, (("k3", name),))
                return [*lines, *self.probe(ctx, indent), indent + head, *props]

    def each_element(self, ctx: _Ctx, indent: str, other: str) -> list[str]:
        """``for e, i in xs:`` whose body gives ``e`` to the mapper once, with
        now and then something before it that may skip it (a `continue`, a
        call that may fail in the same `try`), a second call, or an `if`."""
        parallel = self.chance(40)
        line, inner = self.loop_head(ctx, indent, "for", parallel, collect=None, bound="xs")
        elem, at = f"e{len(self.loops)}", indent + "  "
        lines = [line]
        wrap = self.choose(6)
        if wrap == 1 and not parallel:
            lines += [f"{at}if {self.cond(inner)}:", f"{at}  continue"]
        elif wrap == 2:
            lines.append(f"{at}try:")
            head, props = self.call(inner, at + "  ", other, (("k1", "x"),))
            lines += [at + "  " + head, *props]
            at += "  "
        elif wrap == 3:
            lines.append(f"{at}if {self.cond(inner)}:")
            at += "  "
        head, props = self.call(inner, at, MAPPER, (("k1", elem),))
        lines += [at + head, *props]
        if wrap == 2:
            err = self.fresh("err")
            lines += [f"{indent}  catch as {err}:", f"{indent}    let {self.fresh('v')} = {err}"]
        elif wrap == 4:
            head, props = self.call(inner, indent + "  ", MAPPER, (("k1", self.pick((elem, "x"))),))
            lines += [indent + "  " + head, *props]
        return [*lines, *self.probe(ctx, indent)]

    def parallel_block(self, ctx: _Ctx, depth: int, indent: str) -> list[str]:
        loop_id = len(self.loops) + 1
        self.loops[loop_id] = LoopMeta(loop_id, "block", True, False, parents=tuple(ctx.loops))
        inner = _Ctx(
            scopes=ctx.scopes,
            loops=[*ctx.loops, loop_id],
            collected=ctx.collected,
            breakable=False,
            in_parallel=True,
        )
        lines = [f"{indent}parallel:"]
        for _ in range(2):
            head, props = self.call(inner, indent + "  ")
            if self.chance(50):
                name = self.fresh("v")
                lines += [f"{indent}  let {name} = {head}", *props]
                self.locals.append(name)
            else:
                lines += [f"{indent}  {head}", *props]
        return lines

    # ------------------------------------------------------------ a program

    def program(self) -> Program:
        ctx = _Ctx()
        lines = self.block(ctx, 0, "", 2 + self.choose(4))
        if self.chance(80):
            keys = [k for k in RESULT_KEYS if self.chance(70)] or ["out"]
            self.returns.update(keys)
            top = _Ctx()
            top.scopes = [{v: _Var(v, "val") for v in _top_level(lines)}]
            body = ", ".join(f"{k}: {self.expr(top)}" for k in keys)
            lines.append(f"return {{ {body} }}")
        delegation = "\n".join(lines) + "\n"
        return Program(
            text=pattern_file(delegation),
            delegation=delegation,
            sites=self.sites,
            loops=self.loops,
            locals=list(dict.fromkeys(self.locals)),
            lists=self.lists,
            returns_keys=tuple(sorted(self.returns)),
            declared_in=self.declared_in,
        )


def ctx_counters(ctx: _Ctx) -> list[str]:
    return [v.name for v in ctx.names("counter")]


def _top_level(lines: list[str]) -> list[str]:
    """Locals a top-level ``let`` binds (in scope at the end)."""
    out = []
    for line in lines:
        if line.startswith("let "):
            out.append(line[4:].split(" ", 1)[0])
    return out


def pattern_file(delegation: str) -> str:
    """The pattern file around a generated delegation."""
    return textwrap.dedent(
        """\
        ---
        name: sound
        kind: pattern
        ---

        # Sound

        A generated delegation.

        ### Slots

        - `a`
        - `b`
        - `c`
          - ensures: `{ id, f1, f2, reason, score, nest: [{ f1, reason }] }`
        - `g`
        - `h`
        - `w`

        ### Config

        - `n` (number, default: 2): rounds
        - `m` (number, default: 3): other rounds

        ### Requires

        - Inputs:
            x: string -- a brief
            secret: string -- what must stay hidden
            xs: string[] -- items
            rec: object -- a record: f1, f2, reason

        ### Delegation

        ```prose
        """
    ) + delegation + "```\n"


# ---------------------------------------------------------------- claims


def claims_for(program: Program, choose: Choose) -> list[Claim]:
    """A few claims about ``program``, of every kind, built as claim IR."""
    g = Generator(choose)
    called = [site.slot for site in program.sites.values()]

    def slot() -> str:
        # mostly a slot the program calls (more often one it calls more)
        return g.pick(called) if called and g.chance(80) else g.pick(SLOTS)

    locals_ = program.locals or ["x"]
    lists = program.lists or locals_

    def target(phases: bool = True, given_ok: bool = True) -> Calls:
        given: frozenset[str] = frozenset()
        if given_ok and g.chance(15):
            given = frozenset({g.pick(("x", "secret", "xs"))})
        phases_: tuple[Phase, ...] = ("all", "all", "first", "later")
        phase = g.pick(phases_) if phases else "all"
        return Calls(slot(), given, phase)

    def source() -> Source:
        match g.choose(9):
            case 0 | 1:
                if g.chance(15):
                    # "the captain's reasoning": some part of its results,
                    # proved only where none of them reaches the call
                    return FromSlot(slot(), part="reasoning")
                fields = (g.pick(FIELDS),) if g.chance(40) else ()
                return FromSlot(slot(), fields, failures=not g.chance(20))
            case 2:
                name = g.pick(INPUTS)
                if (name == "rec" and g.chance(60)) or g.chance(5):
                    # "the record's f1" (of a string or a list: a key it has not)
                    return FromInput(name, fields=(g.pick(FIELDS),))
                return FromInput(name)
            case 3 | 4:
                return FromOthers()
            case 5:
                return OtherElements("xs")
            case 6:
                return FromVar(g.pick(locals_))
            case 7:
                return FromField(g.pick(FIELDS))
            case _:
                anything: tuple[Source, ...] = (AnyResult(), Null())
                return g.pick(anything)

    def need() -> Source:
        match g.choose(6):
            case 0 | 1:
                if g.chance(25):
                    return FromInput("xs", element=True)  # "its own element"
                name = g.pick(INPUTS)
                if (name == "rec" and g.chance(60)) or g.chance(5):
                    return FromInput(name, fields=(g.pick(FIELDS),))
                return FromInput(name, original=g.chance(40))
            case 2 | 3:
                fields = (g.pick(FIELDS),) if g.chance(30) else ()
                ages: tuple[Age, ...] = ("any", "any", "prior", "current")
                # ("the whole reply, notes included": all of it)
                return FromSlot(slot(), fields, age=g.pick(ages), whole=g.chance(25))
            case 4:
                return FromField(g.pick(FIELDS)) if g.chance(60) else FromSlot(slot(), every=True)
            case _:
                return AnyResult(g.pick(("any", "prior", "current")))

    out: list[Claim] = []
    for _ in range(1 + g.choose(3)):
        match g.choose(16):
            case 0 | 1 | 2:
                out.append(Isolation(target(), source()))
            case 3:
                fields = tuple(dict.fromkeys(g.pick(FIELDS) for _ in range(1 + g.choose(2))))
                out.append(Firewall(target(phases=False), slot(), fields, only=g.chance(30)))
            case 4:
                if g.chance(70):
                    out.append(Unchanged(target(), FromInput(g.pick(INPUTS), original=True)))
                else:
                    s = slot()
                    out.append(Unchanged(Calls(s, phase="later"), FromSlot(s, age="prior")))
            case 5:
                args = g.pick((None, ("k1",), ("x",), ("k2", "secret")))
                over = g.pick((None, None, "xs", "n"))
                if g.chance(20):
                    given = frozenset({g.pick(("x", "secret"))}) if g.chance(60) else frozenset()
                    out.append(Identical(Calls(None, given), callee=slot()))
                else:
                    # ("every tester in a round": across the calls of one
                    # iteration of the outermost loop)
                    within = over is None and g.chance(25)
                    out.append(Identical(target(phases=False), args, over, within=within))
            case 6:
                if g.chance(75):
                    approver = g.pick((*SLOTS, None)) if g.chance(20) else slot()
                    out.append(Gated(target(phases=False), approver or slot()))
                else:
                    out.append(Gated(None, g.pick((*SLOTS, None)), var=g.pick(lists)))
            case 7:
                approver = slot()
                if g.chance(40):
                    # "the target is not called" when the approver's output cannot be read
                    kept = Calls(g.pick([s for s in SLOTS if s != approver] or [approver]))
                    out.append(FailSafe(approver, target=kept))
                else:
                    out.append(FailSafe(approver))
            case 8:
                out.append(Unaware(target(phases=False), (HIDDEN,), others=g.chance(30)))
            case 9:
                out.append(Ordered(target(phases=False), "xs"))
            case 10:
                loops = [meta for meta in program.loops.values() if meta.counted]
                names = [f"i{meta.id}" for meta in loops] + [meta.local for meta in loops if meta.local]
                # "the `a` loop": mostly a slot called in one loop only
                innermost: dict[str, set[int | None]] = {}
                for site in program.sites.values():
                    counted = program.counted(site)
                    innermost.setdefault(site.slot, set()).add(counted[-1].id if counted else None)
                settled = sorted(s for s, ids in innermost.items() if len(ids) == 1 and None not in ids)
                if settled and g.chance(40):
                    out.append(Bounded(g.pick(CONFIG), around=g.pick(settled)))
                elif g.chance(10):
                    out.append(Bounded(g.pick(CONFIG), around=slot()))
                elif names and g.chance(20):
                    out.append(Bounded(g.pick(CONFIG), loop=g.pick(names)))  # "the i2 loop"
                elif g.chance(50):
                    out.append(Bounded("n"))
                elif g.chance(70):
                    out.append(CallCount(Calls(slot()), g.pick(("0", "1", "2", "3", "n")), exact=g.chance(40)))
                else:
                    # "once per element of `xs`"
                    out.append(CallCount(Calls(slot()), "xs", exact=g.chance(50), per=True))
            case 11:
                var = g.pick(lists)
                # "each `x` list only grows", of a list a `let` in a loop makes
                out.append(Monotonic(var, each=bool(program.declared_in.get(var)) and g.chance(50)))
            case 12:
                out.append(ExactlyOnce(target(phases=False, given_ok=False), "xs", g.pick(("element", "call"))))
            case 13:
                needs = tuple(need() for _ in range(1 + g.choose(2)))
                only = g.chance(40)
                # ("always": every call, said so)
                out.append(Receives(target(), needs, only=only, always=not only and g.chance(40)))
            case 14:
                field_ = g.pick((None, *RESULT_KEYS))
                whats: tuple[Source, ...] = (FromSlot(slot()), FromInput(g.pick(INPUTS)), AnyResult(), FromField("f1"), Null())
                what = g.pick(whats)
                paths: tuple[ReturnPath, ...] = ("all", "all", "blocked")
                path = g.pick(paths)
                approver = slot() if path == "blocked" else None
                out.append(Returns(path, (Need(what, field_, only=g.chance(40)),), approver=approver))
            case _:
                sides = tuple(sorted({slot() for _ in range(1 + g.choose(2))}))
                # ("the minutes and the alert are never combined": two
                # results said first, which nothing may hold together)
                out.append(Unmerged(sides, held=len(sides) == 2 and g.chance(50)))
    if MAPPER in called and g.chance(60):
        # "each element of xs goes to exactly one call of w", or the other way
        out.append(ExactlyOnce(Calls(MAPPER), "xs", g.pick(("element", "call"))))
    if GATHERED in called and g.chance(50):
        # "T sees every output of g", where g's results may be gathered
        gatherer = Calls(GATHERER) if GATHERER in called and g.chance(70) else target()
        out.append(Receives(gatherer, (FromSlot(GATHERED, every=True),)))
    return out
