"""IR + declared names → name resolution facts and diagnostics.

Scopes are lexical. A ``let`` of a name bound in an enclosing scope updates
that binding (language.md §4.1); ``const`` cannot be updated; a name read
before the ``let`` that binds it is an error; a name declared nowhere and
bound nowhere becomes an inferred input (a warning), unless it is a near miss
of a known name (an error with a did-you-mean).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Literal, assert_never

from . import ir
from .conditions import form_names, operator_comparison
from .diagnostics import Diagnostic, Span, error, info, warning
from .names import field_name, is_reserved_spelling
from .spelling import near_miss

# PS1xx: names.
#   PS101  name read before the `let` that binds it
#   PS102  undefined name that is a near miss of a known one (did you mean)
#   PS103  `const` updated
#   PS104  inferred input (a name declared nowhere and bound nowhere)
#   PS105  unknown name in `{...}` interpolation
#   PS106  `call` of something that is not a slot
#   PS107  assignment to a name that was never bound
#   PS108  slot rebound or assigned
# and PS407 (a condition that goes to the judge), once it is known that the
# condition's names are not a misspelling.

DeclKind = Literal["slot", "input", "config", "let", "const", "loop", "catch"]


@dataclass(frozen=True, slots=True)
class Decl:
    """Where and how a name was introduced."""

    name: str
    kind: DeclKind
    span: Span | None  # None for the pattern's own parameters


@dataclass
class ScopeInfo:
    """What later stages need to know about names."""

    inferred: list[tuple[str, Span]] = field(default_factory=list)
    slot_sequences: set[str] = field(default_factory=set)
    # binding site (a Bind's name span, an assignment target's span, a
    # loop/catch variable's statement span) → the declaration it resolves to
    resolves: dict[Span, Decl] = field(default_factory=dict)
    # names whose value is mutated in place (record/append, property assignment)
    mutated: set[str] = field(default_factory=set)
    # names reassigned somewhere after their declaration
    reassigned: set[str] = field(default_factory=set)
    # loop variables that range over a slot sequence (callable)
    delegate_vars: set[str] = field(default_factory=set)
    # names read as a count: `repeat N`, `(max: N)`, `count: N`, `retry: N`,
    # an index `xs[N]` (a `number` so used is an `int`)
    counts: set[str] = field(default_factory=set)


class Resolver:
    def __init__(
        self,
        path: str,
        params: Mapping[str, DeclKind],
        later: Mapping[str, tuple[Span, str]],
    ) -> None:
        self.path = path
        self.params = dict(params)
        self.later = later  # every name bound anywhere in the program
        self.scopes: list[dict[str, Decl]] = [
            {n: Decl(n, k, None) for n, k in params.items()}
        ]
        self.info = ScopeInfo()
        self.diagnostics: list[Diagnostic] = []
        self.reported: set[tuple[str, Span]] = set()
        self.keys_checked: set[Span] = set()

    # ---------------------------------------------------------------- scopes

    def lookup(self, name: str) -> Decl | None:
        for scope in reversed(self.scopes):
            if name in scope:
                return scope[name]
        return None

    def known_names(self) -> set[str]:
        """The names a misspelling may be meant for: those in scope here.
        A name bound only later or elsewhere is no candidate: in `for item
        in items`, `items` is not a misspelling of the loop's own `item`."""
        names: set[str] = set()
        for scope in self.scopes:
            names.update(scope)
        return names

    def declare(self, name: str, kind: DeclKind, span: Span) -> Decl:
        decl = Decl(name, kind, span)
        self.scopes[-1][name] = decl
        return decl

    def push(self) -> None:
        self.scopes.append({})

    def pop(self) -> None:
        self.scopes.pop()

    # ---------------------------------------------------------------- reads

    def read(self, expr: ir.Expr, *, interpolated: bool = False) -> None:
        for sub in ir.subexprs(expr):
            match sub:
                case ir.Name(name=name, span=span):
                    self.read_name(name, span, interpolated=interpolated)
                case ir.Text(parts=parts):
                    for part in parts:
                        if not isinstance(part, str):
                            self.read(part, interpolated=True)
                    # parts were read above with the interpolation rule
                case ir.Call(callee=callee, callee_span=span, props=props, retry=retry):
                    self.check_callee(callee, span)
                    self.count(retry)
                    if span not in self.keys_checked:
                        self.keys_checked.add(span)
                        keys = [(p.key, Span.point(p.span.line, p.span.column, len(p.key))) for p in props]
                        self.diagnostics += key_problems(self.path, keys, "property")
                case ir.Index(index=index):
                    self.count(index)
                case (
                    ir.Attr()
                    | ir.Length()
                    | ir.Literal_()
                    | ir.Object()
                    | ir.Array()
                    | ir.IterationCount()
                ):
                    pass
                case _:
                    assert_never(sub)

    def count(self, expr: ir.Expr | None) -> None:
        """Note a name read where a whole number is needed."""
        if isinstance(expr, ir.Name):
            self.info.counts.add(expr.name)

    def mods(self, mods: ir.Mods) -> None:
        if mods.count is not None:
            self.read(mods.count)
            self.count(mods.count)

    def read_name(self, name: str, span: Span, *, interpolated: bool = False) -> None:
        if self.lookup(name) is not None:
            return
        key = (name, span)
        if key in self.reported:
            return
        self.reported.add(key)
        if name in self.later:
            self.error(span, "PS101", *_not_visible(name, span, *self.later[name]))
            return
        suggestion = near_miss(name, self.known_names())
        if suggestion is not None:
            self.error(
                span,
                "PS102",
                f"undefined name {name!r} (did you mean {suggestion!r}?)",
                f"declare {name!r} under ### Requires, or fix the spelling",
            )
            return
        if interpolated:
            self.error(
                span,
                "PS105",
                f"unknown name {name!r} in `{{...}}`",
                "interpolate a name the pattern declares or binds, or write "
                "\\{ and \\} for literal braces",
            )
            return
        self.diagnostics.append(
            warning(
                self.path,
                span,
                "PS104",
                f"{name!r} is not declared: it becomes a required input",
                f"declare it under ### Requires as `{name}: type -- description`",
            )
        )
        self.info.inferred.append((name, span))
        self.scopes[0][name] = Decl(name, "input", None)
        self.params[name] = "input"

    def check_callee(self, callee: str, span: Span) -> None:
        decl = self.lookup(callee)
        if decl is None:
            suggestion = near_miss(callee, [n for n, k in self.params.items() if k == "slot"])
            hint = (
                f"did you mean {suggestion!r}?"
                if suggestion
                else "declare it under ### Slots"
            )
            self.error(span, "PS106", f"call of {callee!r}, which is not a slot", hint)
            return
        if decl.kind == "slot" or (decl.kind == "loop" and callee in self.info.delegate_vars):
            return
        self.error(
            span,
            "PS106",
            f"call of {callee!r}, which is a {_kind_word(decl.kind)}, not a slot",
            "only slots (### Slots) and loop variables over a slot sequence can be called",
        )

    def error(self, span: Span, code: str, message: str, hint: str | None = None) -> None:
        self.diagnostics.append(error(self.path, span, code, message, hint))

    # ---------------------------------------------------------------- statements

    def block(self, block: ir.Block) -> None:
        self.push()
        for stmt in block:
            self.stmt(stmt)
        self.pop()

    def value(self, value: ir.Expr | ir.Loop) -> None:
        if isinstance(value, ir.Repeat | ir.For | ir.LoopUntil | ir.Parallel):
            self.stmt(value)
        else:
            self.read(value)

    def stmt(self, stmt: ir.Stmt) -> None:
        match stmt:
            case ir.Bind(name=name, name_span=name_span, value=value, const=const):
                self.value(value)
                existing = self.lookup(name)
                if existing is None:
                    self.info.resolves[name_span] = self.declare(
                        name, "const" if const else "let", name_span
                    )
                    return
                if existing.kind == "const":
                    self.error(
                        name_span,
                        "PS103",
                        f"{name!r} is a const and cannot be updated",
                        "declare it with `let` if it must change",
                    )
                elif existing.kind == "slot":
                    self.error(
                        name_span,
                        "PS108",
                        f"{name!r} is a slot and cannot be rebound",
                        "bind the result to another name",
                    )
                elif const:
                    self.error(
                        name_span,
                        "PS103",
                        f"`const {name}` would update the existing binding of {name!r}",
                        "use another name for the constant",
                    )
                self.info.resolves[name_span] = existing
                if existing.span is not None or existing.kind in ("input", "config"):
                    self.info.reassigned.add(name)
            case ir.Assign(target=target, value=value):
                self.value(value)
                self.assign_target(target)
            case ir.Append(value=value, target=target):
                self.read(value)
                root = _root(target)
                self.read(target)
                decl = self.lookup(root.name)
                if decl is not None:
                    self.info.mutated.add(root.name)
                    self.info.resolves[target.span] = decl
                    if decl.kind in ("slot", "const") and decl.kind == "slot":
                        self.error(target.span, "PS108", f"{root.name!r} is a slot and cannot be appended to")
            case ir.Return(value=value) | ir.Throw(value=value):
                if value is not None:
                    self.read(value)
            case ir.ExprStmt(expr=expr):
                self.read(expr)
            case ir.Continue() | ir.Break():
                pass
            case ir.If(branches=branches, orelse=orelse):
                for cond, body in branches:
                    self.cond(cond)
                    self.block(body)
                if orelse is not None:
                    self.block(orelse)
            case ir.Repeat(count=count, var=var, body=body, mods=mods):
                self.read(count)
                self.count(count)
                self.mods(mods)
                self.push()
                if var is not None:
                    self.info.resolves[stmt.span] = self.declare(var, "loop", stmt.span)
                self.block(body)
                self.pop()
            case ir.For(var=var, index=index, iterable=iterable, body=body, mods=mods):
                self.read(iterable)
                self.mods(mods)
                self.push()
                if isinstance(iterable, ir.Name):
                    decl = self.lookup(iterable.name)
                    if decl is not None and decl.kind == "slot":
                        self.info.slot_sequences.add(iterable.name)
                        self.info.delegate_vars.add(var)
                self.info.resolves[stmt.span] = self.declare(var, "loop", stmt.span)
                if index is not None:
                    self.declare(index, "loop", stmt.span)
                self.block(body)
                self.pop()
            case ir.LoopUntil(test=test, cond=cond, max=max_, var=var, body=body):
                self.read(max_)
                self.count(max_)
                self.push()
                if var is not None:
                    self.info.resolves[stmt.span] = self.declare(var, "loop", stmt.span)
                if cond is not None and test == "while":
                    self.cond(cond)
                # `until` is tested after the body, so it may read the body's
                # bindings: resolve it inside the body's scope.
                self.push()
                for inner in body:
                    self.stmt(inner)
                if cond is not None and test == "until":
                    self.cond(cond)
                self.pop()
                self.pop()
            case ir.Parallel(branches=branches, mods=mods):
                self.mods(mods)
                # Branch bindings are visible after the block (coherence-probe).
                for branch in branches:
                    self.stmt(branch)
            case ir.Try(body=body, catch_var=var, catch_body=catch_body, finally_body=fb):
                self.block(body)
                if catch_body is not None:
                    self.push()
                    if var is not None:
                        self.info.resolves[stmt.span] = self.declare(var, "catch", stmt.span)
                    self.block(catch_body)
                    self.pop()
                if fb is not None:
                    self.block(fb)
            case ir.Choice(options=options):
                for option in options:
                    self.block(option.body)
            case _:
                assert_never(stmt)

    def assign_target(self, target: ir.Name | ir.Attr | ir.Index) -> None:
        root = _root(target)
        if isinstance(target, ir.Name):
            decl = self.lookup(target.name)
            if decl is None:
                if target.name in self.later:
                    self.read_name(target.name, target.span)
                else:
                    suggestion = near_miss(target.name, self.known_names())
                    self.error(
                        target.span,
                        "PS107",
                        f"assignment to {target.name!r}, which was never bound",
                        f"did you mean {suggestion!r}?" if suggestion else f"write `let {target.name} = ...` to bind it",
                    )
                return
            if decl.kind == "const":
                self.error(target.span, "PS103", f"{target.name!r} is a const and cannot be updated")
            elif decl.kind == "slot":
                self.error(target.span, "PS108", f"{target.name!r} is a slot and cannot be assigned")
            self.info.resolves[target.span] = decl
            self.info.reassigned.add(target.name)
            return
        self.read(target)
        decl = self.lookup(root.name)
        if decl is not None:
            self.info.mutated.add(root.name)
            self.info.resolves[target.span] = decl

    def cond(self, cond: ir.Cond) -> None:
        match cond:
            case ir.Judge(text=text, span=span):
                if operator_comparison(text) is not None:
                    return  # already an error of its own (PS406)
                unknown = [n for n in form_names(text) if self.lookup(n) is None]
                for candidate in unknown:
                    suggestion = near_miss(candidate, self.known_names())
                    if suggestion is not None and candidate not in self.later:
                        self.error(
                            span,
                            "PS102",
                            f"undefined name {candidate!r} in a condition "
                            f"(did you mean {suggestion!r}?)",
                            "as written, this condition would go to the judge",
                        )
                        return
                # Reported here rather than where conditions are lowered:
                # a misspelt name is one mistake, with one diagnostic.
                why = (
                    f"it reads like a form prosec decides, but {unknown[0]!r} is not a "
                    "name this pattern knows"
                    if unknown
                    else "it is none of the forms prosec decides itself"
                )
                self.diagnostics.append(
                    info(
                        self.path,
                        span,
                        "PS407",
                        f"this condition is asked of the judge at run time: {why}",
                        "callers must pass `judge=`; to decide it in code, write it as "
                        "`X says WORD`, `X explicitly proceeds`, `X is at least N`, "
                        "`X is present` or another form of docs/language.md",
                    )
                )
            case ir.Not(operand=operand):
                self.cond(operand)
            case _:
                for expr in ir.cond_exprs(cond):
                    self.read(expr)


def _root(target: ir.Expr) -> ir.Name:
    while not isinstance(target, ir.Name):
        match target:
            case ir.Attr(base=base) | ir.Length(base=base) | ir.Index(base=base):
                target = base
            case _:
                return ir.Name(name="", span=target.span)
    return target


def _kind_word(kind: DeclKind) -> str:
    return {
        "slot": "slot",
        "input": "input",
        "config": "config entry",
        "let": "local binding",
        "const": "constant",
        "loop": "loop variable",
        "catch": "caught error",
    }[kind]


def _not_visible(name: str, read: Span, bound: Span, by: str) -> tuple[str, str]:
    """PS101's message and hint: read before its binding, or after the block
    that bound it has ended."""
    binder = {"let": "the `let`", "loop": "the loop", "catch": "the `catch`"}[by]
    if (bound.line, bound.column) > (read.line, read.column):
        return (f"{name!r} is read before {binder} that binds it", f"bind {name!r} before this line")
    if by == "loop":
        return (
            f"{name!r} is the variable of the loop on line {bound.line} and exists only inside it",
            f"to keep it after the loop, bind a name before the loop (`let last = null`) "
            f"and assign it inside (`last = {name}`)",
        )
    return (
        f"{name!r} is bound on line {bound.line} inside a block that has ended, and is not "
        "visible here",
        f"bind it before that block (`let {name} = null`) and assign it inside (`{name} = ...`)",
    )


def bound_anywhere(block: ir.Block) -> dict[str, tuple[Span, str]]:
    """Every name the program binds, with where it is first bound and by
    what (``let``, a loop, ``catch``)."""
    names: dict[str, tuple[Span, str]] = {}
    for stmt in ir.walk(block):
        match stmt:
            case ir.Bind(name=name):
                names.setdefault(name, (stmt.span, "let"))
            case ir.Repeat(var=var) | ir.LoopUntil(var=var) if var:
                names.setdefault(var, (stmt.span, "loop"))
            case ir.For(var=var, index=index):
                names.setdefault(var, (stmt.span, "loop"))
                if index:
                    names.setdefault(index, (stmt.span, "loop"))
            case ir.Try(catch_var=var) if var:
                names.setdefault(var, (stmt.span, "catch"))
            case _:
                pass
    return names


def resolve(
    path: str, program: ir.Program, params: Mapping[str, DeclKind]
) -> tuple[ScopeInfo, list[Diagnostic]]:
    """Resolve every name of ``program`` against ``params`` (slots, inputs,
    config in declaration order)."""
    resolver = Resolver(path, params, bound_anywhere(program.body))
    # Slot sequences are known before the body is read: a `for` over a slot
    # makes its variable callable.
    for stmt in ir.walk(program.body):
        if isinstance(stmt, ir.For) and isinstance(stmt.iterable, ir.Name):
            if params.get(stmt.iterable.name) == "slot":
                resolver.info.slot_sequences.add(stmt.iterable.name)
                resolver.info.delegate_vars.add(stmt.var)
    for stmt in program.body:
        resolver.stmt(stmt)
    return resolver.info, resolver.diagnostics


def key_problems(path: str, keys: Iterable[tuple[str, Span]], what: str) -> list[Diagnostic]:
    """The call properties or returned keys of one call or return, checked as
    docs/names.md says: a key may not start with ``_`` (PS602), and no two
    may become the same keyword argument or result field (PS601)."""
    found: list[Diagnostic] = []
    seen: dict[str, str] = {}
    for key, span in keys:
        if is_reserved_spelling(key):
            found.append(
                error(
                    path,
                    span,
                    "PS602",
                    f"{what} {key!r} starts with '_', which is reserved for generated code",
                    "rename it without the leading underscore",
                )
            )
            continue
        py = field_name(key)
        prior = seen.setdefault(py, key)
        if prior != key:
            found.append(
                error(
                    path,
                    span,
                    "PS601",
                    f"{what} {key!r} and {prior!r} both become the Python name {py!r}",
                    "rename one of them",
                )
            )
    return found
