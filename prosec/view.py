"""IR → plain view objects for the templates: every field a ready-made string.

This is the code generator's brain; the templates only lay the strings out.
Identifiers come from ``names``; every literal goes through ``literal`` (repr
based), so pattern text reaches generated code only as escaped Python
literals. The sync and async variants are two walks of the same IR.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import assert_never

from . import ir
from .diagnostics import Span
from .names import RUNTIME_OPTIONS, field_name, python_name
from .scope import Decl, ScopeInfo
from .signature import Param, ResultField

#: Interpolated text of more parts than this is joined (``"".join((...))``)
#: rather than added up: Python's compiler nests each ``+``.
_MAX_CONCATENATION = 32

# ---------------------------------------------------------------- view objects


@dataclass(frozen=True, slots=True)
class Line:
    """One line of Python."""

    code: str
    kind: str = "line"


@dataclass(frozen=True, slots=True)
class IfView:
    tests: tuple[tuple[str, Body], ...]
    orelse: Body | None
    kind: str = "if"


@dataclass(frozen=True, slots=True)
class ForView:
    target: str
    iterable: str
    body: Body
    kind: str = "for"


@dataclass(frozen=True, slots=True)
class TryView:
    body: Body
    handler_type: str | None
    handler_name: str | None
    handler_body: Body | None
    final_body: Body | None
    kind: str = "try"


@dataclass(frozen=True, slots=True)
class DefView:
    name: str
    params: str
    body: Body
    kind: str = "def"


Node = Line | IfView | ForView | TryView | DefView
Body = tuple[Node, ...]


@dataclass(frozen=True, slots=True)
class ParamView:
    py: str
    annotation: str
    default: str | None


@dataclass(frozen=True, slots=True)
class FunctionView:
    name: str
    params: tuple[ParamView, ...]
    returns: str
    docstring: str
    body: Body
    is_async: bool


@dataclass(frozen=True, slots=True)
class FieldView:
    py: str
    annotation: str
    default: str | None
    doc: str


@dataclass(frozen=True, slots=True)
class ModuleView:
    docstring: str
    typing_imports: str
    abc_imports: str
    runtime_imports: str
    result_class: str
    result_doc: str
    fields: tuple[FieldView, ...]
    functions: tuple[FunctionView, ...]
    exports: tuple[str, ...]


def literal(value: ir.Scalar | list[object] | dict[str, object]) -> str:
    """Python source for a plain value: ``repr`` escapes quotes, backslashes,
    control, line-separator and bidi characters."""
    if isinstance(value, float) and value != value:
        return "float('nan')"
    if isinstance(value, list):
        return "[" + ", ".join(literal(v) for v in value) + "]"  # type: ignore[arg-type]
    if isinstance(value, dict):
        return "{" + ", ".join(f"{literal(k)}: {literal(v)}" for k, v in value.items()) + "}"  # type: ignore[arg-type]
    return repr(value)


def docstring(text: str) -> str:
    """A docstring literal: pattern text is data, so it is emitted escaped
    (``repr``) and never closes the quotes or starts an escape."""
    body = text.strip("\n")
    safe = body.replace("\\", "\\\\").replace('"""', '\\"\\"\\"')
    safe = "".join(
        ch if ch == "\n" or (ch.isprintable() and ch not in "\u2028\u2029") else ch.encode("unicode_escape").decode("ascii")
        for ch in safe
    )
    if safe.endswith('"'):
        safe += " "
    return f'"""{safe}\n"""' if "\n" in safe else f'"""{safe}"""'


# ---------------------------------------------------------------- the walk


@dataclass
class Frame:
    """A Python function being generated (the pattern or a nested one)."""

    kind: str  # "pattern" | "iteration" | "branch"
    declared: set[Span | None] = field(default_factory=set)
    annotated: set[str] = field(default_factory=set)
    nonlocals: list[str] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class PatternInput:
    """Everything the view needs about one pattern."""

    name: str
    function: str
    result_class: str
    params: Sequence[Param]
    fields: Sequence[ResultField]
    program: ir.Program
    scope: ScopeInfo
    firewalls: Mapping[Span, tuple[str, ...]]
    docstring: str
    falls_off: bool


def verdict_subjects(program: ir.Program) -> set[tuple[str, ...]]:
    """What the pattern reads as a verdict (``X explicitly proceeds``, ``X
    says W``, ``X accepts``), as paths: ``decision`` → ``("decision",)``."""
    found: set[tuple[str, ...]] = set()
    for stmt in ir.walk(program.body):
        pending = list(ir.conditions(stmt))
        while pending:
            match pending.pop():
                case ir.Proceeds(subject=subject) | ir.Says(subject=subject) | ir.Decides(
                    subject=subject
                ):
                    path = _path(subject)
                    if path is not None:
                        found.add(path)
                case ir.Not(operand=operand):
                    pending.append(operand)
                case _:
                    pass
    return found


def _path(expr: ir.Expr) -> tuple[str, ...] | None:
    """``a.b.c`` as ``("a", "b", "c")``; None for any other expression."""
    match expr:
        case ir.Name(name=name):
            return (name,)
        case ir.Attr(base=base, key=key):
            base_path = _path(base)
            return None if base_path is None else (*base_path, key)
        case _:
            return None


class Generator:
    """Walks the IR once per variant, producing view nodes."""

    def __init__(self, pattern: PatternInput, *, is_async: bool) -> None:
        self.p = pattern
        self.is_async = is_async
        self.frames: list[Frame] = []
        self.lexical: list[list[str]] = []
        self.counters: dict[Span, str] = {}
        self.handlers: list[str] = []
        self.hoisted: set[Span] = set()
        self.serial = 0
        self.py: dict[str, str] = {}
        for param in pattern.params:
            self.py[param.name] = param.py
        self.slots = {p.name for p in pattern.params if p.kind == "slot"}
        self.verdicts = verdict_subjects(pattern.program)

    # ---------------------------------------------------------- names

    def ident(self, name: str) -> str:
        if name in self.py:
            return self.py[name]
        py = python_name(name)
        if py == self.p.result_class:
            py += "_"
        return py

    def fresh(self, stem: str) -> str:
        self.serial += 1
        return f"_{stem}_{self.serial}"

    @property
    def frame(self) -> Frame:
        return self.frames[-1]

    def decl_of(self, span: Span) -> Decl | None:
        return self.p.scope.resolves.get(span)

    def visible(self) -> list[str]:
        seen: list[str] = []
        for scope in self.lexical:
            for name in scope:
                if name not in seen:
                    seen.append(name)
        return seen

    def bindings(self) -> str:
        """The judge's view of the pattern: every non-slot name in scope."""
        names = [n for n in self.visible() if n not in self.slots]
        return "{" + ", ".join(f"{literal(n)}: {self.ident(n)}" for n in names) + "}"

    # ---------------------------------------------------------- expressions

    def aw(self, code: str) -> str:
        return f"await {code}" if self.is_async else code

    def sfx(self, method: str) -> str:
        return f"{method}_async" if self.is_async else method

    def expr(self, expr: ir.Expr) -> str:
        match expr:
            case ir.Name(name=name):
                return self.ident(name)
            case ir.Attr(base=base, key="reason") if _path(base) in self.verdicts:
                # A verdict's reason is never missing: the runtime says
                # what was wrong with an output that gave none.
                return f"_rt.reason({self.expr(base)})"
            case ir.Attr(base=base, key=key):
                return f"_rt.get({self.expr(base)}, {literal(key)})"
            case ir.Length(base=base):
                return f"_rt.length({self.expr(base)})"
            case ir.Index(base=base, index=index):
                return f"_rt.index({self.expr(base)}, {self.expr(index)})"
            case ir.Literal_(value=value):
                return literal(value)
            case ir.Text(parts=parts):
                pieces = [
                    literal(part) if isinstance(part, str) else f"_rt.text({self.expr(part)})"
                    for part in parts
                ]
                if len(pieces) > _MAX_CONCATENATION:
                    # A long chain of `+` nests too deeply for Python's compiler.
                    return '"".join((' + ", ".join(pieces) + ",))"
                return " + ".join(pieces)
            case ir.Object(entries=entries):
                return "{" + ", ".join(f"{literal(k)}: {self.expr(v)}" for k, v in entries) + "}"
            case ir.Array(items=items):
                return "[" + ", ".join(self.expr(i) for i in items) + "]"
            case ir.Call():
                return self.call(expr)
            case ir.IterationCount(loop=loop):
                return self.counters.get(loop, "None")
            case _:
                assert_never(expr)

    def call(self, call: ir.Call) -> str:
        inputs = []
        for prop in call.props:
            value = self.expr(prop.value)
            fields = self.p.firewalls.get(prop.span)
            if fields:
                value = f"_rt.without_fields({value}, {literal(list(fields))})"
            inputs.append(f"{literal(field_name(prop.key))}: {value}")
        args = [
            self.ident(call.callee),
            literal(call.callee),
            str(call.span.line),
            "{" + ", ".join(inputs) + "}",
        ]
        if call.retry is not None:
            args.append(f"retry={self.expr(call.retry)}")
        if call.backoff != "none":
            args.append(f"backoff={literal(call.backoff)}")
        return self.aw(f"_run.{self.sfx('call')}({', '.join(args)})")

    def cond(self, cond: ir.Cond) -> str:
        match cond:
            case ir.Proceeds(subject=s):
                return f"_rt.proceeds({self.expr(s)})"
            case ir.Says(subject=s, word=word):
                return f"_rt.says({self.expr(s)}, {literal(word)})"
            case ir.Decides(subject=s, verb=verb):
                return f"_rt.decides({self.expr(s)}, {literal(verb)})"
            case ir.Compare(subject=s, op=op, threshold=t):
                fn = "at_least" if op == ">=" else "exceeds"
                return f"_rt.{fn}({self.expr(s)}, {self.expr(t)})"
            case ir.Presence(subject=s, present=present):
                fn = "is_present" if present else "is_absent"
                return f"_rt.{fn}({self.expr(s)})"
            case ir.Criteria(criteria=c, subject=s, subject_text=text, outcome=outcome, span=span):
                return self.aw(
                    f"_run.{self.sfx('criteria')}({self.expr(c)}, {self.expr(s)}, "
                    f"{literal(outcome)}, {literal(text)}, {span.line}, {self.bindings()})"
                )
            case ir.Not(operand=operand):
                return f"not ({self.cond(operand)})"
            case ir.Judge(text=text, span=span):
                return self.aw(
                    f"_run.{self.sfx('judge')}({literal(text)}, {span.line}, {self.bindings()})"
                )
            case _:
                assert_never(cond)

    # ---------------------------------------------------------- blocks

    def block(self, block: ir.Block, *, new_scope: bool = True) -> list[Node]:
        if new_scope:
            self.lexical.append([])
        out: list[Node] = []
        for stmt in block:
            out.extend(self.stmt(stmt))
        if new_scope:
            self.lexical.pop()
        return out

    def body(self, nodes: list[Node]) -> Body:
        return tuple(nodes) if nodes else (Line("pass"),)

    def declare(self, name: str, decl_span: Span | None) -> None:
        self.frame.declared.add(decl_span)
        self.lexical[-1].append(name)

    def target_code(
        self, name: str, name_span: Span, *, value_code: str, fresh: bool = False
    ) -> list[Node]:
        """Assign ``value_code`` to ProseScript name ``name`` bound at
        ``name_span``. A name whose value is changed in place gets its own
        copy, unless the value is ``fresh`` (built right here)."""
        decl = self.decl_of(name_span)
        py = self.ident(name)
        if decl is not None and decl.name in self.p.scope.mutated and not fresh:
            value_code = f"_rt.owned({value_code})"
        if name_span in self.hoisted:
            # Declared before its loop (see `hoist`): an update from here.
            self.lexical[-1].append(name)
            if name_span not in self.frame.declared and py not in self.frame.nonlocals:
                self.frame.nonlocals.append(py)
            return [Line(f"{py} = {value_code}")]
        if decl is None or decl.span == name_span:
            # A new binding in this frame.
            self.declare(name, name_span)
            if py in self.frame.annotated:
                return [Line(f"{py} = {value_code}")]
            self.frame.annotated.add(py)
            return [Line(f"{py}: Any = {value_code}")]
        if decl.span not in self.frame.declared and py not in self.frame.nonlocals:
            self.frame.nonlocals.append(py)
        return [Line(f"{py} = {value_code}")]

    def stmt(self, stmt: ir.Stmt) -> list[Node]:
        match stmt:
            case ir.Bind(name=name, name_span=name_span, value=value):
                if isinstance(value, ir.Repeat | ir.For | ir.LoopUntil | ir.Parallel):
                    pre, code = self.collect(value)
                    return [*pre, *self.target_code(name, name_span, value_code=code)]
                return self.target_code(
                    name, name_span, value_code=self.expr(value), fresh=_is_fresh(value)
                )
            case ir.Assign(target=target, value=value):
                setup: list[Node] = []
                if isinstance(value, ir.Repeat | ir.For | ir.LoopUntil | ir.Parallel):
                    setup, code = self.collect(value)
                else:
                    code = self.expr(value)
                match target:
                    case ir.Name(name=name, span=span):
                        return [*setup, *self.target_code(name, span, value_code=code)]
                    case ir.Attr(base=base, key=key):
                        return [*setup, Line(f"_rt.put({self.expr(base)}, {literal(key)}, {code}, _run.pattern, {stmt.span.line})")]
                    case ir.Index(base=base, index=index):
                        return [*setup, Line(f"_rt.put({self.expr(base)}, {self.expr(index)}, {code}, _run.pattern, {stmt.span.line})")]
                    case _:
                        assert_never(target)
            case ir.Append(value=value, target=target):
                return [
                    Line(
                        f"_rt.append({self.expr(target)}, {self.expr(value)}, _run.pattern, {stmt.span.line})"
                    )
                ]
            case ir.Return(value=value):
                return [Line(self.return_code(value))]
            case ir.Continue():
                return [Line("continue" if self.in_python_loop() else "return None")]
            case ir.Break():
                return [Line("break" if self.in_python_loop() else "return _rt.STOP")]
            case ir.Throw(value=value):
                if value is None:
                    return [Line("raise")]
                raise_from = f" from {self.handlers[-1]}" if self.handlers else ""
                return [
                    Line(
                        f"raise _rt.ThrownError(_run.pattern, {stmt.span.line}, {self.expr(value)}){raise_from}"
                    )
                ]
            case ir.ExprStmt(expr=expr):
                if isinstance(expr, ir.Call):
                    return [Line(self.expr(expr))]
                return [Line(f"_ = {self.expr(expr)}")]
            case ir.If(branches=branches, orelse=orelse):
                tests = tuple((self.cond(c), self.body(self.block(b))) for c, b in branches)
                return [
                    IfView(
                        tests=tests,
                        orelse=self.body(self.block(orelse)) if orelse is not None else None,
                    )
                ]
            case ir.Repeat() | ir.For() | ir.LoopUntil() | ir.Parallel():
                return self.loop_stmt(stmt)
            case ir.Try():
                return [self.try_stmt(stmt)]
            case ir.Choice():
                return self.choice(stmt)
            case _:
                assert_never(stmt)

    # ---------------------------------------------------------- returns

    loop_depth: int = 0

    def in_python_loop(self) -> bool:
        return self.loop_depth > 0

    def return_code(self, value: ir.Expr | None) -> str:
        if self.frame.kind != "pattern":
            return f"return {self.expr(value)}" if value is not None else "return None"
        if value is None:
            return f"return {self.p.result_class}()"
        if isinstance(value, ir.Object):
            args = ", ".join(f"{field_name(k)}={self.expr(v)}" for k, v in value.entries)
            return f"return {self.p.result_class}({args})"
        return f"return {self.p.result_class}(result={self.expr(value)})"

    # ---------------------------------------------------------- loops

    def header(self, loop: ir.Repeat | ir.For | ir.LoopUntil) -> tuple[str, str, list[str]]:
        """The Python ``for`` target and iterable of a loop, and the
        ProseScript names it binds."""
        line = loop.span.line
        match loop:
            case ir.Repeat(count=count, var=var):
                target = self.ident(var) if var else f"_n{line}"
                self.counters[loop.span] = target
                return target, f"_rt.count({self.expr(count)}, _run.pattern, {line})", [var] if var else []
            case ir.LoopUntil(max=max_, var=var):
                target = self.ident(var) if var else f"_n{line}"
                self.counters[loop.span] = target
                return target, f"_rt.count({self.expr(max_)}, _run.pattern, {line})", [var] if var else []
            case ir.For(var=var, index=index, iterable=iterable):
                items = f"_rt.items({self.expr(iterable)}, _run.pattern, {line})"
                if index is not None:
                    self.counters[loop.span] = f"({self.ident(index)} + 1)"
                    return f"{self.ident(index)}, {self.ident(var)}", f"enumerate({items})", [var, index]
                if self.uses_counter(loop):
                    counter = f"_n{line}"
                    self.counters[loop.span] = counter
                    return f"{counter}, {self.ident(var)}", f"enumerate({items}, start=1)", [var]
                return self.ident(var), items, [var]
            case _:
                assert_never(loop)

    def uses_counter(self, loop: ir.Stmt) -> bool:
        for stmt in ir.walk((loop,)):
            if isinstance(stmt, ir.Return) and stmt.value is not None:
                for sub in ir.subexprs(stmt.value):
                    if isinstance(sub, ir.IterationCount) and sub.loop == loop.span:
                        return True
        return False

    def loop_stmt(self, loop: ir.Loop) -> list[Node]:
        if isinstance(loop, ir.Parallel) or (isinstance(loop, ir.Repeat | ir.For) and loop.parallel):
            pre, code = self.parallel(loop, collect=False)
            return pre if isinstance(loop, ir.Parallel) else [*pre, Line(code)]
        hoisted = self.hoist(loop)
        target, iterable, names = self.header(loop)
        self.lexical.append(list(names))
        for n in names:
            self.frame.declared.add(loop.span)
            self.frame.annotated.add(self.ident(n))
        self.loop_depth += 1
        body = self.block(loop.body, new_scope=False)
        if isinstance(loop, ir.LoopUntil) and loop.cond is not None:
            test = self.cond(loop.cond)
            if loop.test == "while":
                body = [IfView(tests=((f"not ({test})", (Line("break"),)),), orelse=None), *body]
            else:
                # Tested after each iteration: at the top of the next one, so
                # that `continue` in the body still reaches the test.
                body = [IfView(tests=((f"{target} > 1 and ({test})", (Line("break"),)),), orelse=None), *body]
        self.loop_depth -= 1
        self.lexical.pop()
        return [*hoisted, ForView(target=target, iterable=iterable, body=self.body(body))]

    def hoist(self, loop: ir.Stmt) -> list[Node]:
        """Declare, before a ``loop until/while``, the names its condition
        reads from the body: the test runs where Python has not yet seen
        their binding (and, for collected loops, outside the iteration's
        function)."""
        if not isinstance(loop, ir.LoopUntil) or loop.cond is None:
            return []
        read = {e.name for e in ir.cond_exprs(loop.cond) if isinstance(e, ir.Name)}
        lines: list[Node] = []
        for stmt in ir.walk(loop.body):
            if isinstance(stmt, ir.Bind) and stmt.name in read:
                decl = self.decl_of(stmt.name_span)
                if decl is not None and decl.span == stmt.name_span:
                    self.hoisted.add(stmt.name_span)
                    self.frame.declared.add(stmt.name_span)
                    py = self.ident(stmt.name)
                    if py not in self.frame.annotated:
                        self.frame.annotated.add(py)
                        lines.append(Line(f"{py}: Any = None"))
        return lines

    def function(self, kind: str, name: str, params: list[tuple[str, str]], block: ir.Block,
                 *, names: list[str], decl_span: Span | None, value_of_last: bool) -> DefView:
        """A nested function for one iteration or branch."""
        frame = Frame(kind=kind)
        if decl_span is not None:
            frame.declared.add(decl_span)
        for _, py in params:
            frame.annotated.add(py)
        saved_depth, self.loop_depth = self.loop_depth, 0
        saved_handlers, self.handlers = self.handlers, []
        self.frames.append(frame)
        self.lexical.append(list(names))
        nodes: list[Node] = []
        stmts = list(block)
        tail: ir.Stmt | None = stmts.pop() if value_of_last and stmts else None
        for stmt in stmts:
            nodes.extend(self.stmt(stmt))
        if tail is not None:
            nodes.extend(self.tail(tail))
        self.lexical.pop()
        self.frames.pop()
        self.loop_depth = saved_depth
        self.handlers = saved_handlers
        if frame.nonlocals:
            nodes.insert(0, Line("nonlocal " + ", ".join(frame.nonlocals)))
        signature = ", ".join(f"{py}: {ann}" for ann, py in params)
        return DefView(name=name, params=f"({signature}) -> Any", body=self.body(nodes))

    def tail(self, stmt: ir.Stmt) -> list[Node]:
        """The last statement of an iteration: its value is the iteration's."""
        match stmt:
            case ir.ExprStmt(expr=expr):
                return [Line(f"return {self.expr(expr)}")]
            case ir.Repeat() | ir.For() | ir.LoopUntil() | ir.Parallel():
                pre, code = self.collect(stmt)
                return [*pre, Line(f"return {code}")]
            case _:
                return self.stmt(stmt)

    def collect(self, loop: ir.Loop) -> tuple[list[Node], str]:
        """Code that runs ``loop`` collecting one value per iteration, and
        the expression that holds the list."""
        if isinstance(loop, ir.Parallel) or (isinstance(loop, ir.Repeat | ir.For) and loop.parallel):
            return self.parallel(loop, collect=True)
        hoisted = self.hoist(loop)
        name = self.fresh("each")
        target, iterable, names = self.header(loop)
        params = self.iteration_params(loop, target)
        fn = self.function("iteration", name, params, loop.body, names=names, decl_span=loop.span, value_of_last=True)
        values = self.fresh("values")
        value = self.fresh("value")
        call = self.aw(f"{name}({', '.join(py for _, py in params)})")
        body: list[Node] = [Line(f"{value} = {call}")]
        if any(isinstance(s, ir.Break) for s in ir.walk(loop.body)):
            body.append(IfView(tests=((f"{value} is _rt.STOP", (Line("break"),)),), orelse=None))
        body.append(Line(f"{values}.append({value})"))
        pre: list[Node] = [*hoisted, fn, Line(f"{values}: list[Any] = []")]
        loop_body = list(body)
        if isinstance(loop, ir.LoopUntil) and loop.cond is not None:
            # The condition reads the iteration's own bindings, which live in
            # the nested function; it is asked of the judge with what is
            # visible here.
            test = self.cond(loop.cond)
            check = f"not ({test})" if loop.test == "while" else f"{target} > 1 and ({test})"
            loop_body.insert(0, IfView(tests=((check, (Line("break"),)),), orelse=None))
        pre.append(ForView(target=target, iterable=iterable, body=tuple(loop_body)))
        return pre, values

    def iteration_params(self, loop: ir.Repeat | ir.For | ir.LoopUntil, target: str) -> list[tuple[str, str]]:
        if isinstance(loop, ir.For):
            params = [("Any", self.ident(loop.var))]
            if loop.index is not None:
                params.insert(0, ("int", self.ident(loop.index)))
            elif loop.span in self.counters:
                params.insert(0, ("int", self.counters[loop.span]))
            return params
        return [("int", target)]

    def parallel(self, loop: ir.Loop, *, collect: bool) -> tuple[list[Node], str]:
        """A parallel loop or block: nested functions run by the runtime."""
        assert not isinstance(loop, ir.LoopUntil)  # `loop` is never parallel
        mods = loop.mods
        options = [f"line={loop.span.line}"]
        if mods.join != "all":
            options.append(f"join={literal(mods.join)}")
        if mods.count is not None:
            options.append(f"count={self.expr(mods.count)}")
        if mods.on_fail != "fail-fast":
            options.append(f"on_fail={literal(mods.on_fail)}")
        if isinstance(loop, ir.Parallel):
            return self.branches(loop, options)
        name = self.fresh("each")
        target, iterable, names = self.header(loop)
        params = self.iteration_params(loop, target)
        fn = self.function(
            "iteration", name, params, loop.body, names=names, decl_span=loop.span, value_of_last=collect
        )
        args = ", ".join(py for _, py in params)
        thunks = f"[_rt.partial({name}, {args}) for {target} in {iterable}]"
        code = self.aw(f"_run.{self.sfx('parallel')}({thunks}, {', '.join(options)})")
        return [fn], code

    def branches(self, block: ir.Parallel, options: list[str]) -> tuple[list[Node], str]:
        """A ``parallel:`` block: one nested function per branch; a branch
        that binds a name is bound after the join."""
        pre: list[Node] = []
        names: list[str] = []
        binds: list[tuple[int, ir.Bind | ir.Assign]] = []
        for i, branch in enumerate(block.branches):
            name = self.fresh("branch")
            names.append(name)
            if isinstance(branch, ir.Bind | ir.Assign):
                binds.append((i, branch))
                value = branch.value
                if isinstance(value, ir.Repeat | ir.For | ir.LoopUntil | ir.Parallel):
                    pre.append(self.function_for_value(name, value))
                    continue
                branch_stmt: ir.Stmt = ir.ExprStmt(expr=value, span=branch.span)
            else:
                branch_stmt = branch
            pre.append(
                self.function(
                    "branch", name, [], (branch_stmt,), names=[], decl_span=None, value_of_last=True
                )
            )
        results = self.fresh("results")
        run = self.aw(f"_run.{self.sfx('branches')}([{', '.join(names)}], {', '.join(options)})")
        pre.append(Line(f"{results} = {run}"))
        for i, branch in binds:
            value_code = f"{results}[{i}]"
            match branch:
                case ir.Bind(name=name, name_span=span) | ir.Assign(target=ir.Name(name=name, span=span)):
                    pre.extend(self.target_code(name, span, value_code=value_code))
                case ir.Assign(target=ir.Attr(base=base, key=key)):
                    pre.append(Line(f"_rt.put({self.expr(base)}, {literal(key)}, {value_code}, _run.pattern, {branch.span.line})"))
                case ir.Assign(target=ir.Index(base=base, index=index)):
                    pre.append(Line(f"_rt.put({self.expr(base)}, {self.expr(index)}, {value_code}, _run.pattern, {branch.span.line})"))
        return pre, results

    def function_for_value(self, name: str, loop: ir.Loop) -> DefView:
        frame = Frame(kind="branch")
        self.frames.append(frame)
        self.lexical.append([])
        pre, code = self.collect(loop)
        self.lexical.pop()
        self.frames.pop()
        nodes: list[Node] = []
        if frame.nonlocals:
            nodes.append(Line("nonlocal " + ", ".join(frame.nonlocals)))
        nodes.extend(pre)
        nodes.append(Line(f"return {code}"))
        return DefView(name=name, params="() -> Any", body=tuple(nodes))

    # ---------------------------------------------------------- try / choice

    def try_stmt(self, stmt: ir.Try) -> TryView:
        body = self.body(self.block(stmt.body))
        handler_type = handler_name = None
        handler_body: Body | None = None
        if stmt.catch_body is not None:
            handler_type = "_rt.CATCHABLE"
            handler_name = self.fresh("error")
            self.handlers.append(handler_name)
            self.lexical.append([])
            nodes: list[Node] = []
            if stmt.catch_var is not None:
                py = self.ident(stmt.catch_var)
                self.declare(stmt.catch_var, stmt.span)
                annotate = py not in self.frame.annotated
                self.frame.annotated.add(py)
                nodes.append(Line(f"{py}{': Any' if annotate else ''} = _rt.failure({handler_name})"))
            nodes.extend(self.block(stmt.catch_body, new_scope=False))
            self.lexical.pop()
            self.handlers.pop()
            handler_body = self.body(nodes)
        final = self.body(self.block(stmt.finally_body)) if stmt.finally_body is not None else None
        return TryView(
            body=body,
            handler_type=handler_type,
            handler_name=handler_name,
            handler_body=handler_body,
            final_body=final,
        )

    def choice(self, stmt: ir.Choice) -> list[Node]:
        picked = self.fresh("option")
        labels = "(" + "".join(f"{literal(o.label)}, " for o in stmt.options) + ")"
        ask = self.aw(
            f"_run.{self.sfx('choose')}({literal(stmt.criteria)}, {labels}, {stmt.span.line}, {self.bindings()})"
        )
        bodies = [self.body(self.block(option.body)) for option in stmt.options]
        if len(bodies) == 1:
            return [Line(f"{picked} = {ask}"), *bodies[0]]
        # The runtime returns a valid index or raises, so the last option
        # is the `else`.
        tests = tuple((f"{picked} == {i}", body) for i, body in enumerate(bodies[:-1]))
        return [Line(f"{picked} = {ask}"), IfView(tests=tests, orelse=bodies[-1])]

    # ---------------------------------------------------------- the function

    def pattern_function(self) -> FunctionView:
        frame = Frame(kind="pattern")
        frame.declared.add(None)
        self.frames.append(frame)
        visible = [p.name for p in self.p.params]
        self.lexical.append(visible)
        for param in self.p.params:
            frame.annotated.add(param.py)
        # Parameters renamed away from an option (`executor` → `executor_`):
        # the runtime names them when an option gets a value meant for them.
        renamed = sorted(
            {p.name.replace("-", "_") for p in self.p.params} & set(RUNTIME_OPTIONS)
        )
        options = [literal(self.p.name), *(f"{o}={o}" for o in RUNTIME_OPTIONS)]
        if renamed:
            options.append("renamed=(" + "".join(f"{literal(n)}, " for n in renamed) + ")")
        nodes: list[Node] = [Line("_run = _rt.Run(" + ", ".join(options) + ")")]
        self_copies = _self_copies(self.p.program.body)
        for param in self.p.params:
            if param.sequence:
                # Before any delegate runs: `briefs="abc"` is a Sequence[str]
                # to a type checker, and would be read one letter at a time.
                optional = ", optional=True" if param.default is not None else ""
                nodes.append(
                    Line(
                        f"_rt.expect_sequence({param.py}, {literal(param.py)}, {literal(self.p.name)}{optional})"
                    )
                )
        for param in self.p.params:
            if param.fresh_default is not None:
                nodes.append(
                    IfView(tests=((f"{param.py} is None", (Line(f"{param.py} = {param.fresh_default}"),)),), orelse=None)
                )
            if param.name in self.p.scope.mutated and param.name not in self_copies:
                # The caller's object is never changed: work on a copy.
                nodes.append(Line(f"{param.py} = _rt.owned({param.py})"))
        nodes.extend(self.block(self.p.program.body, new_scope=False))
        if self.p.falls_off:
            nodes.append(Line(f"return {self.p.result_class}()"))
        self.lexical.pop()
        self.frames.pop()
        params = (
            *(ParamView(p.py, p.annotation, p.default) for p in self.p.params),
            ParamView("judge", "Judge | None", "None"),
            ParamView("executor", "Executor | None", "None"),
            ParamView("max_concurrency", "int", "32"),
            ParamView("timeout", "float | None", "None"),
            ParamView("tracer", "Tracer | None", "None"),
        )
        name = f"{self.p.function}_async" if self.is_async else self.p.function
        doc = self.p.docstring
        if self.is_async:
            doc = (
                f"Asynchronous variant of :func:`{self.p.function}`.\n\n"
                "Same parameters and result; delegates may be plain or async functions.\n"
            )
        return FunctionView(
            name=name,
            params=params,
            returns=self.p.result_class,
            docstring=docstring(doc),
            body=tuple(nodes),
            is_async=self.is_async,
        )


def _self_copies(body: ir.Block) -> set[str]:
    """Inputs copied by a top-level ``let x = x`` before anything changes
    them (language.md §4.1): that ``let`` makes the pattern's own copy."""
    copies: set[str] = set()
    touched: set[str] = set()
    for stmt in body:
        if isinstance(stmt, ir.Bind) and stmt.value == ir.Name(name=stmt.name, span=stmt.value.span):
            if stmt.name not in touched:
                copies.add(stmt.name)
            continue
        for inner in ir.walk((stmt,)):
            if isinstance(inner, ir.Append | ir.Assign):
                root: ir.Expr = inner.target
                while isinstance(root, ir.Attr | ir.Index):
                    root = root.base
                if isinstance(root, ir.Name):
                    touched.add(root.name)
    return copies


def _is_fresh(value: ir.Expr) -> bool:
    """A list or object literal of literals: a new value nobody else holds."""
    match value:
        case ir.Array(items=items):
            return all(_is_fresh(i) for i in items)
        case ir.Object(entries=entries):
            return all(_is_fresh(v) for _, v in entries)
        case ir.Literal_():
            return True
        case _:
            return False


def module_view(pattern: PatternInput, module_doc: str, result_doc: str) -> ModuleView:
    """The whole module of one pattern."""
    sync = Generator(pattern, is_async=False).pattern_function()
    async_ = Generator(pattern, is_async=True).pattern_function()
    annotations = " ".join(
        [p.annotation for p in pattern.params] + [f.annotation for f in pattern.fields]
    )
    typing_names = ["Any"]
    abc_names = [n for n in ("Mapping", "Sequence") if n in annotations]
    used = set(re.findall(r"[A-Za-z_]+", annotations))
    runtime_names = [
        "Delegate",
        *(["Failure"] if "Failure" in used else []),
        "Judge",
        *(["Predicate"] if "Predicate" in used else []),
        "Tracer",
    ]
    fields = tuple(
        FieldView(
            py=f.py,
            annotation=f.annotation,
            default=None if f.required else "None",
            doc=f.doc,
        )
        for f in pattern.fields
    )
    return ModuleView(
        docstring=docstring(module_doc),
        typing_imports=", ".join(typing_names),
        abc_imports=", ".join(abc_names),
        runtime_imports=", ".join(runtime_names),
        result_class=pattern.result_class,
        result_doc=docstring(result_doc),
        fields=fields,
        functions=(sync, async_),
        exports=(pattern.result_class, pattern.function, f"{pattern.function}_async"),
    )
