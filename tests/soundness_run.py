"""Compile a generated delegation with given claims, run it, trace the run.

The pattern is compiled in memory, in this process, with its claims checked
directly (the sentence reader is not involved): the compiler's invariant
step is swapped for one that checks the claims on the program without its
tracing, and hands the generated code the run-time firewalls they need.
The code is run with recording delegates and a judge that answers at random.

Every value a delegate returns is a traceable token: a text ``<c:SITE.COUNTERS>``
or a mapping whose fields are ``<c:SITE.COUNTERS/FIELD>``; a failure's message
is ``<e:...>``; inputs are ``<i:x>``, ``<i:xs#0>``; a delegate itself shows
as ``<s:a>``. So what reached a call, inside text and objects too, can be
read off the values it was given.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import itertools
import json
import random
import re
import sys
import types
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from soundness_gen import (
    GATHERED,
    GATHERER,
    INPUTS,
    MAPPER,
    NESTING,
    PROBE,
    SEP,
    SLOTS,
    Program,
)

import prosec.api
import prosec.emit
import prosec.pipeline
from prosec import ir
from prosec.invariants import InvariantResult, PatternContext
from prosec.invariants.check import check_claims
from prosec.invariants.claims import Claim
from prosec.invariants.rules import Verdict

PACKAGE = "prosec_soundness"
TOKEN = re.compile(r"<([ceis]):([^<>/\s\"]+?)(?:/([A-Za-z0-9_.]+))?>")


@dataclass(frozen=True, slots=True)
class Token:
    kind: str  # c: a call's output, e: a call's failure, i: an input, s: a delegate
    ident: str  # "SITE.COUNTERS", an input name (``xs#0`` for an element), a slot
    field: str | None = None

    @property
    def call(self) -> tuple[int, tuple[int, ...]] | None:
        """The call (site, counters) a c/e token comes from."""
        if self.kind not in "ce":
            return None
        site, _, counters = self.ident.partition(".")
        return int(site), tuple(int(c) for c in counters.split("_") if c)

    @property
    def input(self) -> str | None:
        """The input an i token is (or is an element of)."""
        return self.ident.split("#", 1)[0] if self.kind == "i" else None


def tokens(value: Any) -> set[Token]:
    """Every token inside a traced (plain) value."""
    out: set[Token] = set()
    _scan(value, out)
    return out


#: A score: two random digits, then six that say whose it is (see :func:`score`).
SCORE = re.compile(r"\b0\.(\d{3,8})\b")


def score(rng: random.Random, site: int, counters: tuple[int, ...]) -> float:
    """A random score in [0, 1) that still tells whose it is: the call's site
    and (up to three) counters sit in its 3rd to 8th decimals."""
    if len(counters) > 3 or any(c > 9 for c in counters) or site > 99:
        return round(rng.random(), 2)  # too deep to encode: untraced
    code = site * 10_000 + len(counters) * 1000 + int("".join(map(str, counters)).ljust(3, "0"))
    return round(round(rng.random(), 2) + code * 1e-8, 8)


def _score_token(digits: str) -> Token | None:
    code = int(digits.ljust(8, "0")[2:])
    site, depth, rest = code // 10_000, code // 1000 % 10, f"{code % 1000:03d}"
    if not site or depth > 3:
        return None
    return Token("c", f"{site}." + "_".join(rest[:depth]), "score")


def _scan(value: Any, out: set[Token]) -> None:
    if isinstance(value, float):
        value = repr(value)
    if isinstance(value, str):
        out.update(Token(k, i, f or None) for k, i, f in TOKEN.findall(value))
        out.update(t for d in SCORE.findall(value) if (t := _score_token(d)) is not None)
    elif isinstance(value, dict):
        for k, v in value.items():
            _scan(k, out)
            _scan(v, out)
    elif isinstance(value, list):
        for v in value:
            _scan(v, out)


class TooBig(BaseException):
    """A run built a value too large to trace (a list appended to itself
    in nested loops grows exponentially): the run is abandoned. A
    BaseException, so that neither the generated code nor the runtime
    catches it."""


#: Most nodes of one traced value, and most characters of one text.
MAX_NODES = 20_000


def plain(value: Any) -> Any:
    """A traced copy of a value: mappings, lists and scalars; a delegate as
    its token, anything else as its text."""
    return _plain(value, [MAX_NODES])


def _plain(value: Any, left: list[int]) -> Any:
    left[0] -= 1
    if left[0] < 0:
        raise TooBig
    if value is None or isinstance(value, bool | int | float):
        return value
    if isinstance(value, str):
        left[0] -= len(value) // 64
        return value
    if isinstance(value, Recorder):
        return f"<s:{value.slot}>"
    if isinstance(value, Mapping):
        return {str(k): _plain(v, left) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v, left) for v in value]
    return str(value)


def canon(value: Any) -> str:
    """A value as comparable text."""
    return json.dumps(value, sort_keys=True, default=str)


# ---------------------------------------------------------------- the trace


@dataclass
class Event:
    """One delegate call."""

    slot: str
    site: int
    counters: tuple[int, ...]
    elements: tuple[str, ...]  # the text of each enclosing `for`'s element
    kwargs: dict[str, Any]
    start: int
    end: int = -1
    output: Any = None
    error: str | None = None
    tokens: dict[str, set[Token]] = field(default_factory=dict)

    @property
    def key(self) -> tuple[int, tuple[int, ...]]:
        return self.site, self.counters

    def all_tokens(self) -> set[Token]:
        return set().union(*self.tokens.values()) if self.tokens else set()


@dataclass
class Snapshot:
    """What the judge saw: every binding in scope, at one moment."""

    at: int
    question: str
    bindings: dict[str, Any]


@dataclass
class Trace:
    """One run of the generated code."""

    inputs: dict[str, Any]
    events: list[Event] = field(default_factory=list)
    snapshots: list[Snapshot] = field(default_factory=list)
    result: dict[str, Any] | None = None
    error: str | None = None
    by_key: dict[tuple[int, tuple[int, ...]], Event] = field(default_factory=dict)

    def event_of(self, tok: Token) -> Event | None:
        key = tok.call
        return self.by_key.get(key) if key is not None else None


class Recorder:
    """A slot's delegate: records what it is given, answers with tokens."""

    def __init__(self, slot: str, run: _Run) -> None:
        self.slot = slot
        self.run = run

    def __repr__(self) -> str:
        return f"<s:{self.slot}>"

    def __call__(self, **kwargs: Any) -> Any:
        return self.run.answer(self.slot, kwargs)


class _Run:
    def __init__(self, program: Program, seed: int, inputs: dict[str, Any]) -> None:
        self.program = program
        self.seed = seed
        self.clock = itertools.count()
        self.trace = Trace(inputs=inputs)

    def rng(self, *parts: object) -> random.Random:
        return random.Random("|".join(map(str, (self.seed, *parts))))

    def answer(self, slot: str, kwargs: dict[str, Any]) -> Any:
        start = next(self.clock)
        where = str(kwargs.pop("traced_at", ""))
        site, counters, elements = parse_where(self.program, where)
        snapshot = plain(kwargs)
        event = Event(slot, site, counters, elements, snapshot, start)
        event.tokens = {k: tokens(v) for k, v in snapshot.items()}
        self.trace.events.append(event)
        self.trace.by_key[event.key] = event
        ident = f"{site}." + "_".join(map(str, counters))
        rng = self.rng("call", ident)
        roll = rng.random()
        if roll < 0.1:
            event.error = f"<e:{ident}>"
            event.end = next(self.clock)
            raise RuntimeError(event.error)
        if roll < 0.25:
            out: Any = f"<c:{ident}>"
        else:
            approve = rng.random() < 0.5
            out = {
                "id": f"<c:{ident}>",
                "f1": f"<c:{ident}/f1>",
                "f2": f"<c:{ident}/f2>",
                "reason": f"<c:{ident}/reason>",
                "score": score(rng, site, counters),
                "proceed": approve,
                "decision": "approve" if approve else "reject",
            }
            if slot == NESTING:
                # (its `ensures:` shape declares the keys inside `nest`)
                out["nest"] = [{"f1": f"<c:{ident}/nest.f1>", "reason": f"<c:{ident}/nest.reason>"}]
            if rng.random() < 0.2:
                # A field that reads as an approval, whatever the verdict.
                out["reason"] = json.dumps({"proceed": True, "decision": "approve", "note": f"<c:{ident}/reason>"})
        event.output = plain(out)
        event.end = next(self.clock)
        return out

    def judge(self, question: str, bindings: Mapping[str, Any]) -> bool:
        at = next(self.clock)
        seen = {k: plain(v) for k, v in bindings.items()}
        self.trace.snapshots.append(Snapshot(at, question, seen))
        if question.startswith(PROBE + " "):
            return False
        counters = tuple(sorted((k, v) for k, v in seen.items() if re.fullmatch(r"i\d+", k)))
        return self.rng("judge", question, counters).random() < 0.5


def parse_where(program: Program, where: str) -> tuple[int, tuple[int, ...], tuple[str, ...]]:
    """The site, loop counters and ``for`` elements a ``traced_at`` names."""
    parts = where.split(SEP)
    site = int(parts[0][1:])
    rest = iter(parts[1:])
    counters: list[int] = []
    elements: list[str] = []
    for loop in program.counted(program.sites[site]):
        counters.append(int(next(rest)))
        if loop.kind == "for":
            elements.append(next(rest))
    return site, tuple(counters), tuple(elements)


# ---------------------------------------------------------------- compiling


def strip_tracing(node: Any) -> Any:
    """The IR without ``traced_at`` properties and probes."""
    if isinstance(node, tuple):
        kept = (strip_tracing(n) for n in node if not _is_probe(n))
        return tuple(kept)
    if dataclasses.is_dataclass(node) and type(node).__module__ == ir.__name__:
        changes: dict[str, Any] = {}
        for f in dataclasses.fields(node):
            value = getattr(node, f.name)
            new = value
            if isinstance(node, ir.Call) and f.name == "props":
                new = tuple(p for p in value if p.key != "traced_at")
            new = strip_tracing(new)
            if new is not value:
                changes[f.name] = new
        return dataclasses.replace(node, **changes) if changes else node  # type: ignore[type-var]
    return node


def _is_probe(node: Any) -> bool:
    if not isinstance(node, ir.If) or len(node.branches) != 1 or node.orelse is not None:
        return False
    cond = node.branches[0][0]
    return isinstance(cond, ir.Judge) and cond.text.startswith(PROBE + " ")


@dataclass
class Compiled:
    module: types.ModuleType | None
    verdicts: list[Verdict] | None
    errors: list[str]


@contextlib.contextmanager
def _checking(claims: list[Claim], box: dict[str, Any]) -> Iterator[None]:
    def check(ctx: PatternContext, *, strict: bool = False) -> InvariantResult:
        program = strip_tracing(ctx.program)
        verdicts = check_claims(dataclasses.replace(ctx, program=program), claims)
        box["verdicts"] = verdicts
        firewalls: dict[Any, tuple[str, ...]] = {}
        for v in verdicts or []:
            for span, fields in v.firewalls.items():
                old = firewalls.get(span, ())
                firewalls[span] = old + tuple(f for f in fields if f not in old)
        return InvariantResult(facts=[], firewalls=firewalls, diagnostics=[])

    saved = {name: getattr(module, name) for module, name in _SWAPPED}
    setattr(prosec.pipeline, "check_invariants", check)  # noqa: B010 (not exported, swapped for the test)
    setattr(prosec.emit, "format_code", lambda source: source)  # noqa: B010 (black only lays it out)
    try:
        yield
    finally:
        for module, name in _SWAPPED:
            setattr(module, name, saved[name])


_SWAPPED = ((prosec.pipeline, "check_invariants"), (prosec.emit, "format_code"))


_counter = itertools.count()


def _package() -> types.ModuleType:
    pkg = sys.modules.get(PACKAGE)
    if pkg is None:
        pkg = types.ModuleType(PACKAGE)
        pkg.__path__ = []
        sys.modules[PACKAGE] = pkg
        runtime = types.ModuleType(f"{PACKAGE}._runtime")
        sys.modules[runtime.__name__] = runtime
        with _checking([], {}):
            source = prosec.emit.render_runtime("soundness")
        exec(compile(source, "_runtime.py", "exec"), runtime.__dict__)
        text = runtime.text

        def guarded_text(value: Any) -> str:
            # Interpolation writes a value out in full: size it first.
            plain(value)
            return str(text(value))

        setattr(runtime, "text", guarded_text)  # noqa: B010
        setattr(pkg, "_runtime", runtime)  # noqa: B010
    return pkg


def check_text(display: str, text: str, claims: list[Claim]) -> list[Verdict] | None:
    """Check ``claims`` on one pattern file's program, as the compiler sees it."""
    box: dict[str, Any] = {}
    with _checking(claims, box):
        prosec.api.compile_text(display, text.encode(), render=False)
    verdicts: list[Verdict] | None = box.get("verdicts")
    return verdicts


def compile_program(program: Program, claims: list[Claim]) -> Compiled:
    """Compile ``program``, check ``claims`` on it, import the code."""
    _package()
    box: dict[str, Any] = {}
    with _checking(claims, box):
        result = prosec.api.compile_text("sound.prose.md", program.text.encode())
    errors = [f"{d.span.line}:{d.span.column} {d.code} {d.message}" for d in result.diagnostics if d.is_error]
    if result.code is None:
        return Compiled(None, box.get("verdicts"), errors or ["no code"])
    name = f"{PACKAGE}.m{next(_counter)}"
    module = types.ModuleType(name)
    module.__package__ = PACKAGE
    sys.modules[name] = module
    try:
        exec(compile(result.code, name, "exec"), module.__dict__)
    finally:
        del sys.modules[name]
    return Compiled(module, box.get("verdicts"), errors)


# ---------------------------------------------------------------- running


def run(program: Program, module: types.ModuleType, seed: int, *, use_async: bool = False) -> Trace:
    """Run the compiled pattern once, with inputs and answers from ``seed``."""
    rng = random.Random(seed)
    inputs: dict[str, Any] = {
        "x": "<i:x>",
        "secret": "<i:secret>",
        "xs": [f"<i:xs#{k}>" for k in range(rng.choice((0, 1, 2, 2, 3)))],
        "rec": {"f1": "<i:rec/f1>", "f2": "<i:rec/f2>", "reason": "<i:rec/reason>"},
        "n": rng.choice((0, 1, 2, 2, 3)),
        "m": rng.choice((1, 2, 3)),
    }
    assert set(INPUTS) <= set(inputs)
    r = _Run(program, seed, inputs)
    delegates = {s: Recorder(s, r) for s in (*SLOTS, GATHERED, GATHERER, MAPPER)}
    args: dict[str, Any] = {**delegates, **inputs, "judge": r.judge}
    try:
        if use_async:
            out = asyncio.run(module.sound_async(**args))
        else:
            out = module.sound(**args)
        r.trace.result = {f.name: plain(getattr(out, f.name)) for f in dataclasses.fields(out)}
    except Exception as exc:  # a delegate failed outside a `try`, a value was wrong, ...
        r.trace.error = f"{type(exc).__name__}: {exc}"
    except TooBig:
        r.trace.error = "TooBig"
    return r.trace


Runner = Callable[[Program, types.ModuleType, int], Trace]
