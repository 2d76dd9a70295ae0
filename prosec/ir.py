"""The intermediate representation: a lowered ProseScript program.

Small frozen, slotted, keyword-only dataclasses, each with a ``span`` in the
Markdown file. ``Expr``, ``Cond`` and ``Stmt`` are closed unions: passes walk
them with ``match`` and end with ``assert_never``, so a node kind that a pass
forgot is a type error rather than a silent skip.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypeAlias

from .diagnostics import Span

# ---------------------------------------------------------------- expressions


@dataclass(frozen=True, slots=True, kw_only=True)
class Name:
    """A read of a binding: ``decision``."""

    name: str
    span: Span


@dataclass(frozen=True, slots=True, kw_only=True)
class Attr:
    """A property read ``base.key``: a mapping key, a verdict field or an
    attribute; missing reads as null."""

    base: Expr
    key: str
    span: Span


@dataclass(frozen=True, slots=True, kw_only=True)
class Length:
    """``base.length``: the length of a list or text."""

    base: Expr
    span: Span


@dataclass(frozen=True, slots=True, kw_only=True)
class Index:
    """``base[index]``; out of range reads as null."""

    base: Expr
    index: Expr
    span: Span


Scalar: TypeAlias = bool | int | float | str | None


@dataclass(frozen=True, slots=True, kw_only=True)
class Literal_:
    """A number, ``true``/``false``/``null``, or a string without
    interpolation."""

    value: Scalar
    span: Span


@dataclass(frozen=True, slots=True, kw_only=True)
class Text:
    """A string with ``{name}`` interpolation: literal pieces and reads."""

    parts: tuple[str | Expr, ...]
    span: Span


@dataclass(frozen=True, slots=True, kw_only=True)
class Object:
    """``{ key: value, ... }``; keys keep their ProseScript spelling."""

    entries: tuple[tuple[str, Expr], ...]
    span: Span


@dataclass(frozen=True, slots=True, kw_only=True)
class Array:
    """``[a, b]``."""

    items: tuple[Expr, ...]
    span: Span


@dataclass(frozen=True, slots=True, kw_only=True)
class Prop:
    """One ``key: value`` line under a call."""

    key: str
    value: Expr
    span: Span


@dataclass(frozen=True, slots=True, kw_only=True)
class Call:
    """``call NAME`` with its properties; ``retry``/``backoff`` are modifiers,
    not inputs."""

    callee: str
    callee_span: Span
    props: tuple[Prop, ...]
    retry: Expr | None
    backoff: Literal["none", "linear", "exponential"]
    span: Span


@dataclass(frozen=True, slots=True, kw_only=True)
class IterationCount:
    """A description used where a number is meant (language.md §4.6), lowered
    to the count of iterations of ``loop`` completed so far, this one
    included."""

    description: str
    loop: Span
    span: Span


Expr: TypeAlias = (
    Name | Attr | Length | Index | Literal_ | Text | Object | Array | Call | IterationCount
)

# ----------------------------------------------------------------- conditions


@dataclass(frozen=True, slots=True, kw_only=True)
class Proceeds:
    """``X explicitly proceeds``: the verdict's ``proceed`` is exactly true."""

    subject: Expr
    span: Span


@dataclass(frozen=True, slots=True, kw_only=True)
class Says:
    """``X says WORD``: the verdict's decision word."""

    subject: Expr
    word: str
    span: Span


@dataclass(frozen=True, slots=True, kw_only=True)
class Decides:
    """``X accepts ...``: decision word or boolean field of that verb."""

    subject: Expr
    verb: str
    span: Span


@dataclass(frozen=True, slots=True, kw_only=True)
class Compare:
    """``X meets T`` (``>=``), ``X exceeds T`` (``>``); non-numbers are false."""

    subject: Expr
    op: Literal[">=", ">"]
    threshold: Expr
    span: Span


@dataclass(frozen=True, slots=True, kw_only=True)
class Presence:
    """``X is present`` / ``X is absent`` / ``X is null``."""

    subject: Expr
    present: bool
    span: Span


@dataclass(frozen=True, slots=True, kw_only=True)
class Criteria:
    """``C says X is a failure`` / ``... is acceptable`` with ``C`` a config
    value: a predicate, ``None``, or criteria text for the judge."""

    criteria: Expr
    subject: Expr
    subject_text: str
    outcome: Literal["failure", "acceptable"]
    span: Span


@dataclass(frozen=True, slots=True, kw_only=True)
class Not:
    """Negation of a condition."""

    operand: Cond
    span: Span


@dataclass(frozen=True, slots=True, kw_only=True)
class Judge:
    """Anything else: asked of the caller's judge at run time."""

    text: str
    span: Span


Cond: TypeAlias = Proceeds | Says | Decides | Compare | Presence | Criteria | Not | Judge

# ----------------------------------------------------------------- statements

Join: TypeAlias = Literal["all", "first", "any"]
OnFail: TypeAlias = Literal["fail-fast", "continue", "ignore"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Mods:
    """Join and failure modifiers of a parallel construct."""

    join: Join = "all"
    count: Expr | None = None
    on_fail: OnFail = "fail-fast"
    span: Span | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Bind:
    """``let NAME = value`` / ``const NAME = value``. A ``let`` of a name bound
    in an enclosing scope updates that binding (scope.py decides which)."""

    name: str
    name_span: Span
    value: Expr | Loop
    const: bool
    span: Span


@dataclass(frozen=True, slots=True, kw_only=True)
class Assign:
    """``target = value`` where the target is a name, property or index."""

    target: Name | Attr | Index
    value: Expr | Loop
    span: Span


@dataclass(frozen=True, slots=True, kw_only=True)
class Append:
    """``record VALUE in LIST`` / ``append VALUE to LIST``."""

    value: Expr
    target: Name | Attr | Index
    span: Span


@dataclass(frozen=True, slots=True, kw_only=True)
class Return:
    """``return [value]``: ends the pattern call, or one iteration of a loop
    whose values are collected."""

    value: Expr | None
    span: Span


@dataclass(frozen=True, slots=True, kw_only=True)
class Continue:
    span: Span


@dataclass(frozen=True, slots=True, kw_only=True)
class Break:
    span: Span


@dataclass(frozen=True, slots=True, kw_only=True)
class Throw:
    """``throw [value]``; without a value only inside ``catch`` (re-raise)."""

    value: Expr | None
    span: Span


@dataclass(frozen=True, slots=True, kw_only=True)
class ExprStmt:
    """An expression used as a statement, e.g. a bare ``call``."""

    expr: Expr
    span: Span


@dataclass(frozen=True, slots=True, kw_only=True)
class If:
    """``if``/``elif`` branches in order, then an optional ``else``."""

    branches: tuple[tuple[Cond, Block], ...]
    orelse: Block | None
    span: Span


@dataclass(frozen=True, slots=True, kw_only=True)
class Repeat:
    """``[parallel] repeat N [as i]``; ``i`` counts from 1."""

    count: Expr
    var: str | None
    body: Block
    parallel: bool
    mods: Mods
    span: Span


@dataclass(frozen=True, slots=True, kw_only=True)
class For:
    """``[parallel] for x[, i] in xs``; ``i`` counts from 0."""

    var: str
    index: str | None
    iterable: Expr
    body: Block
    parallel: bool
    mods: Mods
    span: Span


@dataclass(frozen=True, slots=True, kw_only=True)
class LoopUntil:
    """``loop [until C | while C] (max: N) [as i]``; ``until`` is tested after
    each iteration, ``while`` before; ``i`` counts from 1."""

    test: Literal["until", "while"] | None
    cond: Cond | None
    max: Expr
    var: str | None
    body: Block
    span: Span


@dataclass(frozen=True, slots=True, kw_only=True)
class Parallel:
    """``parallel [mods]:``: each statement of the body is a branch."""

    branches: Block
    mods: Mods
    span: Span


@dataclass(frozen=True, slots=True, kw_only=True)
class Try:
    """``try``/``catch [as e]``/``finally``."""

    body: Block
    catch_var: str | None
    catch_body: Block | None
    finally_body: Block | None
    span: Span


@dataclass(frozen=True, slots=True, kw_only=True)
class Option:
    label: str
    body: Block
    span: Span


@dataclass(frozen=True, slots=True, kw_only=True)
class Choice:
    """``choice CRITERIA:`` with ``option "label":`` blocks; the judge picks."""

    criteria: str
    options: tuple[Option, ...]
    span: Span


Loop: TypeAlias = Repeat | For | LoopUntil | Parallel
Stmt: TypeAlias = (
    Bind
    | Assign
    | Append
    | Return
    | Continue
    | Break
    | Throw
    | ExprStmt
    | If
    | Repeat
    | For
    | LoopUntil
    | Parallel
    | Try
    | Choice
)
Block: TypeAlias = tuple[Stmt, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Program:
    """A whole delegation block."""

    body: Block
    span: Span


def conditions(stmt: Stmt) -> tuple[Cond, ...]:
    """The conditions a statement tests itself (not those of nested
    statements): `if`/`elif` tests, and a `loop until/while` test, also when
    the loop is the value of a binding."""
    match stmt:
        case If(branches=branches):
            return tuple(cond for cond, _ in branches)
        case LoopUntil(cond=cond) | Bind(value=LoopUntil(cond=cond)) | Assign(
            value=LoopUntil(cond=cond)
        ) if cond is not None:
            return (cond,)
        case _:
            return ()


def verdict_test(cond: Cond, *, says: bool = True) -> Proceeds | Decides | Says | None:
    """The test of a verdict a condition makes, under any ``not``: an
    approval (``proceeds``, a decision) or, with ``says``, a decision word."""
    while isinstance(cond, Not):
        cond = cond.operand
    if isinstance(cond, Proceeds | Decides) or (says and isinstance(cond, Says)):
        return cond
    return None


def root_name(expr: Expr) -> str | None:
    """The local a read starts from (``review`` of ``review.verdict``)."""
    while isinstance(expr, Attr):
        expr = expr.base
    return expr.name if isinstance(expr, Name) else None


def verdict_local(cond: Cond, *, says: bool = True) -> str | None:
    """The local whose verdict a test reads (`if review.verdict says
    accept`); None where the condition tests no verdict, or one that is no
    local's."""
    test = verdict_test(cond, says=says)
    return None if test is None else root_name(test.subject)


def children(stmt: Stmt) -> tuple[Block, ...]:
    """The nested blocks of a statement, in source order."""
    match stmt:
        case Bind(value=Repeat() | For() | LoopUntil() | Parallel() as loop):
            return children(loop)
        case Assign(value=Repeat() | For() | LoopUntil() | Parallel() as loop):
            return children(loop)
        case If(branches=branches, orelse=orelse):
            blocks = tuple(b for _, b in branches)
            return (*blocks, orelse) if orelse is not None else blocks
        case Repeat(body=body) | For(body=body) | LoopUntil(body=body):
            return (body,)
        case Parallel(branches=branches):
            return (branches,)
        case Try(body=body, catch_body=catch_body, finally_body=finally_body):
            return tuple(b for b in (body, catch_body, finally_body) if b is not None)
        case Choice(options=options):
            return tuple(o.body for o in options)
        case _:
            return ()


def walk(block: Block) -> list[Stmt]:
    """Every statement of ``block`` and its nested blocks, in source order."""
    out: list[Stmt] = []
    for stmt in block:
        out.append(stmt)
        for child in children(stmt):
            out.extend(walk(child))
    return out


def own_statements(body: Block) -> list[Stmt]:
    """The statements of a loop's ``body`` that belong to that loop: every
    one of ``walk``, but none inside a loop nested in it (whose `break`
    and `continue` leave that loop, not this one)."""
    out: list[Stmt] = []
    for stmt in body:
        out.append(stmt)
        inner = stmt.value if isinstance(stmt, Bind | Assign) else stmt
        if isinstance(inner, Repeat | For | LoopUntil):
            continue
        for child in children(stmt):
            out.extend(own_statements(child))
    return out


def subexprs(expr: Expr) -> list[Expr]:
    """``expr`` and every expression inside it, outermost first."""
    out: list[Expr] = [expr]
    match expr:
        case Attr(base=base) | Length(base=base):
            out.extend(subexprs(base))
        case Index(base=base, index=index):
            out.extend(subexprs(base))
            out.extend(subexprs(index))
        case Text(parts=parts):
            for part in parts:
                if not isinstance(part, str):
                    out.extend(subexprs(part))
        case Object(entries=entries):
            for _, value in entries:
                out.extend(subexprs(value))
        case Array(items=items):
            for item in items:
                out.extend(subexprs(item))
        case Call(props=props, retry=retry):
            for prop in props:
                out.extend(subexprs(prop.value))
            if retry is not None:
                out.extend(subexprs(retry))
        case Name() | Literal_() | IterationCount():
            pass
    return out


def cond_exprs(cond: Cond) -> list[Expr]:
    """The expressions a condition reads."""
    match cond:
        case Proceeds(subject=s) | Says(subject=s) | Decides(subject=s) | Presence(subject=s):
            return subexprs(s)
        case Compare(subject=s, threshold=t):
            return [*subexprs(s), *subexprs(t)]
        case Criteria(criteria=c, subject=s):
            return [*subexprs(c), *subexprs(s)]
        case Not(operand=operand):
            return cond_exprs(operand)
        case Judge():
            return []


def values_set(program: Program) -> dict[str, list[Expr | Loop]]:
    """Each local → every value a `let` or an assignment sets it to."""
    values: dict[str, list[Expr | Loop]] = {}
    for stmt in walk(program.body):
        match stmt:
            case Bind(name=name, value=value) | Assign(target=Name(name=name), value=value):
                values.setdefault(name, []).append(value)
            case _:
                pass
    return values


def copied_locals(program: Program) -> dict[str, frozenset[str]]:
    """Each local set to nothing but null and, as they are, other locals
    (`last_critique = verdict`) → those locals: it holds, or is null until
    it holds, what they hold."""
    out: dict[str, frozenset[str]] = {}
    for name, values in values_set(program).items():
        sources = frozenset(v.name for v in values if isinstance(v, Name) and v.name != name)
        plain = all((isinstance(v, Name) and v.name != name) or (isinstance(v, Literal_) and v.value is None) for v in values)
        if sources and plain:
            out[name] = sources
    return out
