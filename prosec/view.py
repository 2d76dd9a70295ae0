"""IR → plain view objects for the templates: every field a ready-made string.

This is the code generator's brain; the templates only lay the strings out.
Identifiers come from ``names``; every literal goes through ``literal`` (repr
based), so pattern text reaches generated code only as escaped Python
literals. Each pattern is walked three times, by the same code: the sync
function without options (delegates called directly), the same with options
(every call through the runtime's ``Run``), and the ``_async`` variant.

A walk has two halves: the :class:`Printer` writes statements and
expressions, the :class:`Hoister` turns loops and parallel regions into
Python loops and nested functions. Where a statement is (its function,
scopes, handlers, enclosing loop or ``try``) is a :class:`Frame` passed
down; what the walk has given out so far (names, counters) is its
:class:`Walk`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
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
class ConstantView:
    """``name = code`` at module level, with the comment lines above it (if any)."""

    name: str
    code: str
    comment: str | None = None


@dataclass(frozen=True, slots=True)
class ModuleView:
    docstring: str
    typing_imports: str
    abc_imports: str
    runtime_imports: str
    constants: tuple[ConstantView, ...]
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
class Function:
    """A Python function being generated (the pattern or a nested one): what
    it has declared, annotated and must say ``nonlocal``."""

    kind: str  # "pattern" | "iteration" | "branch"
    declared: set[Span | None] = field(default_factory=set)
    annotated: set[str] = field(default_factory=set)
    nonlocals: list[str] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class LoopHeader:
    """A loop's Python ``for`` target, what it walks (with the number its
    counter starts at, when it is numbered by ``enumerate``), and the
    ProseScript names it binds."""

    target: str
    items: str
    start: int | None
    names: list[str]

    @property
    def iterable(self) -> str:
        if self.start is None:
            return self.items
        return f"enumerate({self.items})" if self.start == 0 else f"enumerate({self.items}, start={self.start})"


@dataclass(frozen=True, slots=True)
class Frame:
    """Where a statement is being generated, passed down the walk (as
    Jinja2's compiler passes its ``Frame``): the function it is in, the
    lexical scopes around it (innermost last; a ``let`` adds to the
    innermost), the caught errors a ``throw`` chains from, and whether a
    Python loop or a ProseScript ``try`` encloses it. A block makes a new
    frame for its body; nothing is saved and restored by hand."""

    function: Function
    scopes: tuple[list[str], ...]
    handlers: tuple[str, ...] = ()
    in_loop: bool = False
    in_try: bool = False

    def scoped(self, names: Sequence[str] = ()) -> Frame:
        """A block's frame: one more scope, holding ``names``."""
        return replace(self, scopes=(*self.scopes, list(names)))

    def looping(self, names: Sequence[str]) -> Frame:
        """The body of a Python ``for`` that binds ``names``."""
        return replace(self.scoped(names), in_loop=True)

    def trying(self) -> Frame:
        """Inside the body of a ProseScript ``try``."""
        return replace(self, in_try=True)

    def handling(self, error: str) -> Frame:
        """Inside a ``catch`` body: ``throw`` there chains from ``error``."""
        return replace(self, handlers=(*self.handlers, error))

    def nested(self, function: Function, names: Sequence[str]) -> Frame:
        """The body of a nested function (an iteration or a branch): no loop
        or handler of the enclosing function reaches into it."""
        return Frame(function, (*self.scopes, list(names)), (), False, self.in_try)

    def visible(self) -> list[str]:
        """Every name in scope, outermost first, once."""
        seen: list[str] = []
        for scope in self.scopes:
            for name in scope:
                if name not in seen:
                    seen.append(name)
        return seen


@dataclass(frozen=True, slots=True)
class Binding:
    """Where the fast variant puts a delegate's result: the Python name, the
    statements that bind it given the value's code, and whether to bind it
    only once the call succeeded (then the value waits in ``_answer``)."""

    py: str
    make: Callable[[str], list[Node]]
    late: bool


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
    #: The first line of the ``Delegation`` block in the source file.
    fence_line: int


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


#: A text literal longer than this, passed to a delegate, becomes a named
#: module constant (``_GUARD_PROMPT``) rather than sitting at the call site.
_LONG_LITERAL = 40

#: The generated names of one module's constants: the pattern's name, the
#: source lines that errors and traces name, long texts, field sets.
PATTERN_CONSTANT = "_PATTERN"
FENCE_CONSTANT = "_FENCE"


def _upper(text: str) -> str:
    """``fan-out``, ``task_brief`` → ``FAN_OUT``, ``TASK_BRIEF`` (ASCII only;
    anything else drops out)."""
    return re.sub(r"[^A-Z0-9]+", "_", text.upper()).strip("_")


#: The local that holds a result while ``return`` makes it (see
#: :meth:`Walk.make_result`).
MADE = "_made"


def options_function(function: str) -> str:
    """The private function behind ``function`` when an option is given."""
    return f"_{function}_with_options"


class ModuleConstants:
    """Module-level constants shared by the walks of one pattern.

    Names come from what the constant is (``_AT_GUARD``: where the ``guard``
    call is), never from a running count, so an unrelated statement added
    earlier renames nothing; a second constant of the same name gets ``_2``.
    Asking again for the same constant gives the same name, so the three
    walks of a pattern share them.
    """

    def __init__(self, pattern: str, fence_line: int) -> None:
        self.fence_line = fence_line
        self.views: list[ConstantView] = [
            ConstantView(PATTERN_CONSTANT, literal(pattern)),
            ConstantView(
                FENCE_CONSTANT,
                str(fence_line),
                "# The first line of the ``Delegation`` block. The source lines that\n"
                "# errors and traces name are counted from it, so that an edit above\n"
                "# the block changes this line alone.",
            ),
        ]
        self._by_code: dict[tuple[str, str], str] = {}
        self._taken: set[str] = {PATTERN_CONSTANT, FENCE_CONSTANT}

    def named(self, stem: str, code: str, comment: str | None = None) -> str:
        key = (stem, code)
        if key in self._by_code:
            return self._by_code[key]
        base = f"_{_upper(stem) or 'VALUE'}"
        name, n = base, 1
        while name in self._taken:
            n += 1
            name = f"{base}_{n}"
        self._taken.add(name)
        self._by_code[key] = name
        self.views.append(ConstantView(name, code, comment))
        return name

    def ordered(self) -> tuple[ConstantView, ...]:
        """The pattern's name and the line table first, then the rest (long
        texts, field sets), each group in the order the walk met them."""
        lines = [v for v in self.views[2:] if v.name.startswith("_AT_")]
        rest = [v for v in self.views[2:] if not v.name.startswith("_AT_")]
        if rest:
            rest[0] = ConstantView(rest[0].name, rest[0].code, "")
        return (*self.views[:2], *lines, *rest)

    def line(self, what: str, line: int) -> str:
        """The constant holding source line ``line``, where ``what`` is."""
        offset = line - self.fence_line
        code = FENCE_CONSTANT if offset == 0 else f"{FENCE_CONSTANT} {'+' if offset > 0 else '-'} {abs(offset)}"
        return self.named(f"AT_{what}", code)


#: The three functions generated from each pattern: the public sync function
#: when no option is given (delegates called directly), the same with options
#: (every call through the runtime's ``Run``), and the ``_async`` variant.
Variant = str  # "fast" | "options" | "async"


class Walk:
    """What one walk of a pattern (one variant) shares across its functions:
    the pattern, the module's constants, the names given out, the loop
    counters and hoisted names met so far, and whether ``_run`` was used.
    The position in the program is not here: it is the :class:`Frame`."""

    def __init__(self, pattern: PatternInput, consts: ModuleConstants, *, variant: Variant) -> None:
        self.p = pattern
        self.consts = consts
        self.variant = variant
        self.is_async = variant == "async"
        self.fast = variant == "fast"
        #: Whether the walk used ``_run``; the fast variant builds one only then.
        self.uses_run = False
        self.counters: dict[Span, str] = {}
        self.hoisted: set[Span] = set()
        self.serial: dict[str, int] = {}
        self.py: dict[str, str] = {}
        for param in pattern.params:
            self.py[param.name] = param.py
        self.slots = {p.name for p in pattern.params if p.kind == "slot"}
        self.verdicts = verdict_subjects(pattern.program)
        self.local_types = local_types(pattern.program, pattern.scope)

    def ident(self, name: str) -> str:
        if name in self.py:
            return self.py[name]
        py = python_name(name)
        if py == self.p.result_class:
            py += "_"
        return py

    def make_result(self, given: tuple[tuple[str, str], ...]) -> list[Node]:
        """``return`` of the pattern's result: each field that ``given``
        names set to its code, in the source's order, then every other
        field to None. The instance is made with ``_rt.new_instance`` and
        the fields' setters (the template's ``_set_FIELD``), because the
        frozen dataclass's keyword constructor costs about as much as the
        rest of a call, and a builder function would add its own frame."""
        named = {py for py, _ in given}
        values = [*given, *((f.py, "None") for f in self.p.fields if f.py not in named)]
        return [
            Line(f"{MADE} = _rt.new_instance({self.p.result_class})"),
            *(Line(f"_set_{py}({MADE}, {code})") for py, code in values),
            Line(f"return {MADE}"),
        ]

    def fresh(self, stem: str, hint: str = "") -> str:
        """A private name for generated code: ``_each_item`` for the
        iterations over ``item``. Named after what it holds, so that adding
        an unrelated statement renames nothing; the second of a name gets
        ``_2``."""
        base = f"_{stem}_{hint.lower()}" if hint else f"_{stem}"
        n = self.serial.get(base, 0) + 1
        self.serial[base] = n
        return base if n == 1 else f"{base}_{n}"

    def at(self, what: str, line: int) -> str:
        """The module constant holding source line ``line`` (of ``what``)."""
        return self.consts.line(what, line)

    def run_(self) -> str:
        """``_run``, the call's ``Run`` (the fast variant makes one only when
        something needs it)."""
        self.uses_run = True
        return "_run"

    def decl_of(self, span: Span) -> Decl | None:
        return self.p.scope.resolves.get(span)

    def aw(self, code: str) -> str:
        return f"await {code}" if self.is_async else code

    def sfx(self, method: str) -> str:
        return f"{method}_async" if self.is_async else method


class Printer:
    """Statements and expressions → view nodes and code: calls, conditions,
    bindings, ``try``, ``choice``, ``return``. Loops and parallel regions,
    which become nested functions, are the :class:`Hoister`'s."""

    def __init__(self, walk: Walk) -> None:
        self.w = walk
        self.loops = Hoister(walk, self)

    def bindings(self, *, frame: Frame) -> str:
        """The judge's view of the pattern: every non-slot name in scope."""
        names = [n for n in frame.visible() if n not in self.w.slots]
        return "{" + ", ".join(f"{literal(n)}: {self.w.ident(n)}" for n in names) + "}"

    def expr(self, expr: ir.Expr, *, frame: Frame) -> str:
        match expr:
            case ir.Name(name=name):
                return self.w.ident(name)
            case ir.Attr(base=base, key="reason") if _path(base) in self.w.verdicts:
                # A verdict's reason is never missing: the runtime says
                # what was wrong with an output that gave none.
                return f"_rt.reason({self.expr(base, frame=frame)})"
            case ir.Attr(base=base, key=key):
                return f"_rt.get({self.expr(base, frame=frame)}, {literal(key)})"
            case ir.Length(base=base):
                return f"_rt.length({self.expr(base, frame=frame)})"
            case ir.Index(base=base, index=index):
                return f"_rt.index({self.expr(base, frame=frame)}, {self.expr(index, frame=frame)})"
            case ir.Literal_(value=value):
                return literal(value)
            case ir.Text(parts=parts):
                pieces = [
                    literal(part) if isinstance(part, str) else f"_rt.text({self.expr(part, frame=frame)})"
                    for part in parts
                ]
                if len(pieces) > _MAX_CONCATENATION:
                    # A long chain of `+` nests too deeply for Python's compiler.
                    return '"".join((' + ", ".join(pieces) + ",))"
                return " + ".join(pieces)
            case ir.Object(entries=entries):
                return "{" + ", ".join(f"{literal(k)}: {self.expr(v, frame=frame)}" for k, v in entries) + "}"
            case ir.Array(items=items):
                return "[" + ", ".join(self.expr(i, frame=frame) for i in items) + "]"
            case ir.Call():
                return self.call(expr, frame=frame)
            case ir.IterationCount(loop=loop):
                return self.w.counters.get(loop, "None")
            case _:
                assert_never(expr)

    def inputs(self, call: ir.Call, *, frame: Frame) -> list[tuple[str, str, bool]]:
        """(keyword, value code, whether computing it cannot fail) of each of
        a call's properties: a name or a literal cannot. Long texts are named
        module constants; a firewalled property drops its fields through a
        field set built once, at import."""
        out: list[tuple[str, str, bool]] = []
        for prop in call.props:
            key = field_name(prop.key)
            match prop.value:
                case ir.Literal_(value=str(text)) if len(text) > _LONG_LITERAL:
                    value = self.w.consts.named(f"{call.callee}_{prop.key}", literal(text))
                case _:
                    value = self.expr(prop.value, frame=frame)
            fields = self.w.p.firewalls.get(prop.span)
            if fields:
                hidden = self.w.consts.named(
                    f"HIDDEN_FROM_{call.callee}",
                    f"_rt.FieldSet({literal(list(fields))})",
                )
                value = f"_rt.without_fields({value}, {hidden})"
            plain = isinstance(prop.value, ir.Name | ir.Literal_) and not fields
            out.append((key, value, plain))
        return out

    def call(self, call: ir.Call, *, frame: Frame) -> str:
        """A call through the runtime's ``Run`` (retries, executor, timeout,
        tracer, async delegates), as an expression."""
        inputs = [f"{literal(key)}: {value}" for key, value, _ in self.inputs(call, frame=frame)]
        args = [
            self.w.ident(call.callee),
            literal(call.callee),
            self.w.at(call.callee, call.span.line),
            "{" + ", ".join(inputs) + "}",
        ]
        if call.retry is not None:
            args.append(f"retry={self.expr(call.retry, frame=frame)}")
        if call.backoff != "none":
            args.append(f"backoff={literal(call.backoff)}")
        return self.w.aw(f"{self.w.run_()}.{self.w.sfx('call')}({', '.join(args)})")

    def is_direct(self, value: ir.Expr) -> bool:
        """Whether the fast variant calls this delegate itself: a plain call
        (no ``retry``/``backoff``) that is a whole statement's value."""
        return self.w.fast and isinstance(value, ir.Call) and value.retry is None and value.backoff == "none"

    def binder(self, name: str, span: Span, *, frame: Frame) -> Binding:
        """How the result of a directly called delegate is bound to ``name``."""
        decl = self.w.decl_of(span)
        copied = decl is not None and decl.name in self.w.p.scope.mutated
        return Binding(
            py=self.w.ident(name),
            make=lambda code: self.target_code(name, span, value_code=code, frame=frame),
            late=copied or frame.in_try,
        )

    def direct_call(self, call: ir.Call, bind: Binding | None, *, frame: Frame) -> list[Node]:
        """``call`` as the reference would write it: the delegate called with
        keyword arguments inside a ``try`` that turns its exception into a
        ``DelegateError``. ``bind`` says how the result is bound (None: it
        is dropped).

        Arguments that are not plain names or constants are computed first,
        outside the ``try``, so that only the delegate's own failure is its
        failure; an async delegate's awaitable is refused as ``Run.call``
        refuses it. Inside a ProseScript ``try`` (where a ``catch`` may read
        the name) and for a name that gets its own copy, the name is bound
        only after the call succeeded.
        """
        pre: list[Node] = []
        kwargs: list[str] = []
        for key, value, plain in self.inputs(call, frame=frame):
            if not plain:
                temp = self.w.fresh("arg", key)
                pre.append(Line(f"{temp} = {value}"))
                value = temp
            kwargs.append(f"{key}={value}")
        invoke = f"{self.w.ident(call.callee)}({', '.join(kwargs)})"
        at = self.w.at(call.callee, call.span.line)
        body: list[Node]
        after: list[Node] = []
        if bind is not None and not bind.late:
            result, body = bind.py, bind.make(invoke)
        else:
            result, body = "_answer", [Line(f"_answer = {invoke}")]
            after = bind.make("_answer") if bind is not None else []
        check = IfView(
            tests=((f"{result}.__class__ not in _rt.PLAIN", (Line(f"_rt.refuse_awaitable({result}, {literal(call.callee)})"),)),),
            orelse=None,
        )
        handler = Line(f"raise _rt.failed({PATTERN_CONSTANT}, {literal(call.callee)}, {at}, _exc) from _exc")
        return [
            *pre,
            TryView(
                body=(*body, check),
                handler_type="Exception",
                handler_name="_exc",
                handler_body=(handler,),
                final_body=None,
            ),
            *after,
        ]

    def cond(self, cond: ir.Cond, *, frame: Frame) -> str:
        match cond:
            case ir.Proceeds(subject=s):
                return f"_rt.proceeds({self.expr(s, frame=frame)})"
            case ir.Says(subject=s, word=word):
                return f"_rt.says({self.expr(s, frame=frame)}, {literal(word)})"
            case ir.Decides(subject=s, verb=verb):
                return f"_rt.decides({self.expr(s, frame=frame)}, {literal(verb)})"
            case ir.Compare(subject=s, op=op, threshold=t):
                fn = "at_least" if op == ">=" else "exceeds"
                return f"_rt.{fn}({self.expr(s, frame=frame)}, {self.expr(t, frame=frame)})"
            case ir.Presence(subject=s, present=present):
                fn = "is_present" if present else "is_absent"
                return f"_rt.{fn}({self.expr(s, frame=frame)})"
            case ir.Criteria(criteria=c, subject=s, subject_text=text, outcome=outcome, span=span):
                return self.w.aw(
                    f"{self.w.run_()}.{self.w.sfx('criteria')}({self.expr(c, frame=frame)}, {self.expr(s, frame=frame)}, "
                    f"{literal(outcome)}, {literal(text)}, {self.w.at('CRITERIA', span.line)}, {self.bindings(frame=frame)})"
                )
            case ir.Not(operand=operand):
                return f"not ({self.cond(operand, frame=frame)})"
            case ir.Judge(text=text, span=span):
                return self.w.aw(
                    f"{self.w.run_()}.{self.w.sfx('judge')}({literal(text)}, {self.w.at('JUDGE', span.line)}, {self.bindings(frame=frame)})"
                )
            case _:
                assert_never(cond)

    def block(self, block: ir.Block, *, new_scope: bool = True, frame: Frame) -> list[Node]:
        """The statements of ``block``, in a scope of their own unless
        ``new_scope`` is false (the caller made one)."""
        inner = frame.scoped() if new_scope else frame
        out: list[Node] = []
        for stmt in block:
            out.extend(self.stmt(stmt, frame=inner))
        return out

    def body(self, nodes: list[Node]) -> Body:
        return tuple(nodes) if nodes else (Line("pass"),)

    def declare(self, name: str, decl_span: Span | None, *, frame: Frame) -> None:
        frame.function.declared.add(decl_span)
        frame.scopes[-1].append(name)

    def target_code(self, name: str, name_span: Span, *, value_code: str, fresh: bool = False, frame: Frame) -> list[Node]:
        """Assign ``value_code`` to ProseScript name ``name`` bound at
        ``name_span``. A name whose value is changed in place gets its own
        copy, unless the value is ``fresh`` (built right here)."""
        decl = self.w.decl_of(name_span)
        py = self.w.ident(name)
        if decl is not None and decl.name in self.w.p.scope.mutated and not fresh:
            value_code = f"_rt.owned({value_code})"
        if name_span in self.w.hoisted:
            # Declared before its loop (see `hoist`): an update from here.
            frame.scopes[-1].append(name)
            if name_span not in frame.function.declared and py not in frame.function.nonlocals:
                frame.function.nonlocals.append(py)
            return [Line(f"{py} = {value_code}")]
        if decl is None or decl.span == name_span:
            # A new binding in this frame.
            self.declare(name, name_span, frame=frame)
            if py in frame.function.annotated:
                return [Line(f"{py} = {value_code}")]
            frame.function.annotated.add(py)
            annotation = self.w.local_types.get(name_span, "Any")
            return [Line(f"{py}: {annotation} = {value_code}")]
        if decl.span not in frame.function.declared and py not in frame.function.nonlocals:
            frame.function.nonlocals.append(py)
        return [Line(f"{py} = {value_code}")]

    def stmt(self, stmt: ir.Stmt, *, frame: Frame) -> list[Node]:
        match stmt:
            case ir.Bind(name=name, name_span=name_span, value=value):
                if isinstance(value, ir.Repeat | ir.For | ir.LoopUntil | ir.Parallel):
                    pre, code = self.loops.collect(value, frame=frame)
                    return [*pre, *self.target_code(name, name_span, value_code=code, frame=frame)]
                if isinstance(value, ir.Call) and self.is_direct(value):
                    return self.direct_call(value, self.binder(name, name_span, frame=frame), frame=frame)
                return self.target_code(
                    name, name_span, value_code=self.expr(value, frame=frame), fresh=_is_fresh(value), frame=frame
                )
            case ir.Assign(target=ir.Name(name=name, span=span), value=ir.Call() as value) if self.is_direct(value):
                return self.direct_call(value, self.binder(name, span, frame=frame), frame=frame)
            case ir.Assign(target=target, value=value):
                setup: list[Node] = []
                if isinstance(value, ir.Repeat | ir.For | ir.LoopUntil | ir.Parallel):
                    setup, code = self.loops.collect(value, frame=frame)
                else:
                    code = self.expr(value, frame=frame)
                match target:
                    case ir.Name(name=name, span=span):
                        return [*setup, *self.target_code(name, span, value_code=code, frame=frame)]
                    case ir.Attr(base=base, key=key):
                        return [*setup, Line(f"_rt.put({self.expr(base, frame=frame)}, {literal(key)}, {code}, {PATTERN_CONSTANT}, {self.w.at(f'SET_{_root(base)}', stmt.span.line)})")]
                    case ir.Index(base=base, index=index):
                        return [*setup, Line(f"_rt.put({self.expr(base, frame=frame)}, {self.expr(index, frame=frame)}, {code}, {PATTERN_CONSTANT}, {self.w.at(f'SET_{_root(base)}', stmt.span.line)})")]
                    case _:
                        assert_never(target)
            case ir.Append(value=value, target=target):
                return [
                    Line(
                        f"_rt.append({self.expr(target, frame=frame)}, {self.expr(value, frame=frame)}, {PATTERN_CONSTANT}, "
                        f"{self.w.at(f'APPEND_{_root(target)}', stmt.span.line)})"
                    )
                ]
            case ir.Return(value=value):
                return self.return_code(value, frame=frame)
            case ir.Continue():
                return [Line("continue" if frame.in_loop else "return None")]
            case ir.Break():
                return [Line("break" if frame.in_loop else "return _rt.STOP")]
            case ir.Throw(value=value):
                if value is None:
                    return [Line("raise")]
                raise_from = f" from {frame.handlers[-1]}" if frame.handlers else ""
                return [
                    Line(
                        f"raise _rt.ThrownError({PATTERN_CONSTANT}, {self.w.at('THROW', stmt.span.line)}, "
                        f"{self.expr(value, frame=frame)}){raise_from}"
                    )
                ]
            case ir.ExprStmt(expr=ir.Call() as expr) if self.is_direct(expr):
                return self.direct_call(expr, None, frame=frame)
            case ir.ExprStmt(expr=expr):
                if isinstance(expr, ir.Call):
                    return [Line(self.expr(expr, frame=frame))]
                return [Line(f"_ = {self.expr(expr, frame=frame)}")]
            case ir.If(branches=branches, orelse=orelse):
                tests = tuple((self.cond(c, frame=frame), self.body(self.block(b, frame=frame))) for c, b in branches)
                return [
                    IfView(
                        tests=tests,
                        orelse=self.body(self.block(orelse, frame=frame)) if orelse is not None else None,
                    )
                ]
            case ir.Repeat() | ir.For() | ir.LoopUntil() | ir.Parallel():
                return self.loops.loop_stmt(stmt, frame=frame)
            case ir.Try():
                return [self.try_stmt(stmt, frame=frame)]
            case ir.Choice():
                return self.choice(stmt, frame=frame)
            case _:
                assert_never(stmt)

    def return_code(self, value: ir.Expr | None, *, frame: Frame) -> list[Node]:
        if frame.function.kind != "pattern":
            return [Line(f"return {self.expr(value, frame=frame)}" if value is not None else "return None")]
        if value is None:
            return self.w.make_result(())
        if isinstance(value, ir.Object):
            return self.w.make_result(tuple((field_name(k), self.expr(v, frame=frame)) for k, v in value.entries))
        return self.w.make_result((("result", self.expr(value, frame=frame)),))

    def try_stmt(self, stmt: ir.Try, *, frame: Frame) -> TryView:
        body = self.body(self.block(stmt.body, frame=frame.trying()))
        handler_type = handler_name = None
        handler_body: Body | None = None
        if stmt.catch_body is not None:
            handler_type = "_rt.CATCHABLE"
            handler_name = self.w.fresh("error", python_name(stmt.catch_var) if stmt.catch_var else "")
            handling = frame.handling(handler_name).scoped()
            nodes: list[Node] = []
            if stmt.catch_var is not None:
                py = self.w.ident(stmt.catch_var)
                self.declare(stmt.catch_var, stmt.span, frame=handling)
                annotate = py not in frame.function.annotated
                frame.function.annotated.add(py)
                nodes.append(Line(f"{py}{': Any' if annotate else ''} = _rt.failure({handler_name})"))
            nodes.extend(self.block(stmt.catch_body, new_scope=False, frame=handling))
            handler_body = self.body(nodes)
        final = self.body(self.block(stmt.finally_body, frame=frame)) if stmt.finally_body is not None else None
        return TryView(
            body=body,
            handler_type=handler_type,
            handler_name=handler_name,
            handler_body=handler_body,
            final_body=final,
        )

    def choice(self, stmt: ir.Choice, *, frame: Frame) -> list[Node]:
        picked = self.w.fresh("option")
        labels = "(" + "".join(f"{literal(o.label)}, " for o in stmt.options) + ")"
        ask = self.w.aw(
            f"{self.w.run_()}.{self.w.sfx('choose')}({literal(stmt.criteria)}, {labels}, "
            f"{self.w.at('CHOICE', stmt.span.line)}, {self.bindings(frame=frame)})"
        )
        bodies = [self.body(self.block(option.body, frame=frame)) for option in stmt.options]
        if len(bodies) == 1:
            return [Line(f"{picked} = {ask}"), *bodies[0]]
        # The runtime returns a valid index or raises, so the last option
        # is the `else`.
        tests = tuple((f"{picked} == {i}", body) for i, body in enumerate(bodies[:-1]))
        return [Line(f"{picked} = {ask}"), IfView(tests=tests, orelse=bodies[-1])]


class Hoister:
    """Loops and parallel regions → Python ``for`` loops and nested functions
    (one per iteration or branch) run in place or by the runtime; their
    bodies are the :class:`Printer`'s."""

    def __init__(self, walk: Walk, printer: Printer) -> None:
        self.w = walk
        self.printer = printer

    def loop_hint(self, loop: ir.Loop) -> str:
        """What a loop's helpers are named after: its variable, else its kind."""
        match loop:
            case ir.For(var=var) | ir.Repeat(var=var) | ir.LoopUntil(var=var) if var:
                return python_name(var)
            case ir.Repeat():
                return "repeat"
            case ir.LoopUntil():
                return "loop"
            case _:
                return "parallel"

    def uses_counter(self, loop: ir.Stmt) -> bool:
        for stmt in ir.walk((loop,)):
            if isinstance(stmt, ir.Return) and stmt.value is not None:
                for sub in ir.subexprs(stmt.value):
                    if isinstance(sub, ir.IterationCount) and sub.loop == loop.span:
                        return True
        return False

    @staticmethod
    def sets_late(loop: ir.LoopUntil) -> bool:
        """Whether the loop's variable is set after its `until` test."""
        return loop.var is not None and loop.test == "until" and loop.cond is not None

    def numbered(self, loop: ir.Stmt, target: str) -> list[Node]:
        """The line that gives a late-set loop variable this iteration's number."""
        if isinstance(loop, ir.LoopUntil) and loop.var is not None and self.sets_late(loop):
            return [Line(f"{self.w.ident(loop.var)} = {target}")]
        return []

    def header(self, loop: ir.Repeat | ir.For | ir.LoopUntil, *, frame: Frame) -> LoopHeader:
        """The Python ``for`` target and iterable of a loop, and the
        ProseScript names it binds."""
        hint = self.loop_hint(loop)
        at = self.w.at(f"LOOP_{hint}", loop.span.line)
        match loop:
            case ir.Repeat(count=count, var=var):
                target = self.w.ident(var) if var else self.w.fresh("n", hint)
                self.w.counters[loop.span] = target
                return LoopHeader(target, f"_rt.count({self.printer.expr(count, frame=frame)}, {PATTERN_CONSTANT}, {at})", None, [var] if var else [])
            case ir.LoopUntil(max=max_, var=var):
                # `until` is tested at the top of the next iteration, where
                # the condition must still see this iteration's number: the
                # variable is set from a counter of its own after the test.
                late = var is not None and self.sets_late(loop)
                target = self.w.fresh("n", hint) if late or not var else self.w.ident(var)
                self.w.counters[loop.span] = self.w.ident(var) if var else target
                # a `loop until` or a plain `loop` runs its block at least
                # once: its `max:` must be at least 1
                counter = "count" if loop.test == "while" else "rounds"
                return LoopHeader(target, f"_rt.{counter}({self.printer.expr(max_, frame=frame)}, {PATTERN_CONSTANT}, {at})", None, [var] if var else [])
            case ir.For(var=var, index=index, iterable=iterable):
                items = f"_rt.items({self.printer.expr(iterable, frame=frame)}, {PATTERN_CONSTANT}, {at})"
                if index is not None:
                    self.w.counters[loop.span] = f"({self.w.ident(index)} + 1)"
                    return LoopHeader(f"{self.w.ident(index)}, {self.w.ident(var)}", items, 0, [var, index])
                if self.uses_counter(loop):
                    counter = self.w.fresh("n", hint)
                    self.w.counters[loop.span] = counter
                    return LoopHeader(f"{counter}, {self.w.ident(var)}", items, 1, [var])
                return LoopHeader(self.w.ident(var), items, None, [var])
            case _:
                assert_never(loop)

    def loop_stmt(self, loop: ir.Loop, *, frame: Frame) -> list[Node]:
        if isinstance(loop, ir.Parallel) or (isinstance(loop, ir.Repeat | ir.For) and loop.parallel):
            pre, code = self.parallel(loop, collect=False, frame=frame)
            return pre if isinstance(loop, ir.Parallel) else [*pre, Line(code)]
        hoisted = self.hoist(loop, frame=frame)
        head = self.header(loop, frame=frame)
        target, iterable, names = head.target, head.iterable, head.names
        inner = frame.looping(names)
        for n in names:
            frame.function.declared.add(loop.span)
            frame.function.annotated.add(self.w.ident(n))
        body = self.printer.block(loop.body, new_scope=False, frame=inner)
        if isinstance(loop, ir.LoopUntil) and loop.cond is not None:
            test = self.printer.cond(loop.cond, frame=inner)
            if loop.test == "while":
                body = [IfView(tests=((f"not ({test})", (Line("break"),)),), orelse=None), *body]
            else:
                # Tested after each iteration: at the top of the next one, so
                # that `continue` in the body still reaches the test.
                body = [
                    IfView(tests=((f"{target} > 1 and ({test})", (Line("break"),)),), orelse=None),
                    *self.numbered(loop, target),
                    *body,
                ]
        return [*hoisted, ForView(target=target, iterable=iterable, body=self.printer.body(body))]

    def hoist(self, loop: ir.Stmt, *, frame: Frame) -> list[Node]:
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
                decl = self.w.decl_of(stmt.name_span)
                if decl is not None and decl.span == stmt.name_span:
                    self.w.hoisted.add(stmt.name_span)
                    frame.function.declared.add(stmt.name_span)
                    py = self.w.ident(stmt.name)
                    if py not in frame.function.annotated:
                        frame.function.annotated.add(py)
                        lines.append(Line(f"{py}: Any = None"))
        return lines

    def function(self, kind: str, name: str, params: list[tuple[str, str]], block: ir.Block,
                 *, names: list[str], decl_span: Span | None, value_of_last: bool, frame: Frame) -> DefView:
        """A nested function for one iteration or branch."""
        function = Function(kind=kind)
        if decl_span is not None:
            function.declared.add(decl_span)
        for _, py in params:
            function.annotated.add(py)
        inner = frame.nested(function, names)
        nodes: list[Node] = []
        stmts = list(block)
        tail: ir.Stmt | None = stmts.pop() if value_of_last and stmts else None
        for stmt in stmts:
            nodes.extend(self.printer.stmt(stmt, frame=inner))
        if tail is not None:
            nodes.extend(self.tail(tail, frame=inner))
        if function.nonlocals:
            nodes.insert(0, Line("nonlocal " + ", ".join(function.nonlocals)))
        signature = ", ".join(f"{py}: {ann}" for ann, py in params)
        return DefView(name=name, params=f"({signature}) -> Any", body=self.printer.body(nodes))

    def tail(self, stmt: ir.Stmt, *, frame: Frame) -> list[Node]:
        """The last statement of an iteration: its value is the iteration's."""
        match stmt:
            case ir.ExprStmt(expr=expr):
                return [Line(f"return {self.printer.expr(expr, frame=frame)}")]
            case ir.Repeat() | ir.For() | ir.LoopUntil() | ir.Parallel():
                pre, code = self.collect(stmt, frame=frame)
                return [*pre, Line(f"return {code}")]
            case _:
                return self.printer.stmt(stmt, frame=frame)

    def collect(self, loop: ir.Loop, *, frame: Frame) -> tuple[list[Node], str]:
        """Code that runs ``loop`` collecting one value per iteration, and
        the expression that holds the list."""
        if isinstance(loop, ir.Parallel) or (isinstance(loop, ir.Repeat | ir.For) and loop.parallel):
            return self.parallel(loop, collect=True, frame=frame)
        hoisted = self.hoist(loop, frame=frame)
        hint = self.loop_hint(loop)
        name = self.w.fresh("each", hint)
        head = self.header(loop, frame=frame)
        target, iterable, names = head.target, head.iterable, head.names
        params = self.iteration_params(loop, target, frame=frame)
        fn = self.function("iteration", name, params, loop.body, names=names, decl_span=loop.span, value_of_last=True, frame=frame)
        values = self.w.fresh("values", hint)
        value = self.w.fresh("value", hint)
        call = self.w.aw(f"{name}({', '.join(py for _, py in params)})")
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
            test = self.printer.cond(loop.cond, frame=frame)
            check = f"not ({test})" if loop.test == "while" else f"{target} > 1 and ({test})"
            loop_body[:0] = [IfView(tests=((check, (Line("break"),)),), orelse=None), *self.numbered(loop, target)]
        pre.append(ForView(target=target, iterable=iterable, body=tuple(loop_body)))
        return pre, values

    def iteration_params(self, loop: ir.Repeat | ir.For | ir.LoopUntil, target: str, *, frame: Frame) -> list[tuple[str, str]]:
        if isinstance(loop, ir.For):
            params = [("Any", self.w.ident(loop.var))]
            if loop.index is not None:
                params.insert(0, ("int", self.w.ident(loop.index)))
            elif loop.span in self.w.counters:
                params.insert(0, ("int", self.w.counters[loop.span]))
            return params
        if isinstance(loop, ir.LoopUntil) and loop.var is not None:
            return [("int", self.w.ident(loop.var))]
        return [("int", target)]

    def parallel(self, loop: ir.Loop, *, collect: bool, frame: Frame) -> tuple[list[Node], str]:
        """A parallel loop or block: nested functions run by the runtime."""
        assert not isinstance(loop, ir.LoopUntil)  # `loop` is never parallel
        mods = loop.mods
        options = [f"line={self.w.at('PARALLEL', loop.span.line)}"]
        if mods.join != "all":
            options.append(f"join={literal(mods.join)}")
        if mods.count is not None:
            options.append(f"count={self.printer.expr(mods.count, frame=frame)}")
        if mods.on_fail != "fail-fast":
            options.append(f"on_fail={literal(mods.on_fail)}")
        if isinstance(loop, ir.Parallel):
            return self.branches(loop, options, frame=frame)
        name = self.w.fresh("each", self.loop_hint(loop))
        head = self.header(loop, frame=frame)
        params = self.iteration_params(loop, head.target, frame=frame)
        fn = self.function(
            "iteration", name, params, loop.body, names=head.names, decl_span=loop.span,
            value_of_last=collect, frame=frame,
        )
        # an iteration takes its item, after its number when it has one
        assert ", ".join(py for _, py in params) == head.target
        if head.start is None:
            thunks = f"_rt.each({name}, {head.items})"
        else:
            thunks = f"_rt.each_numbered({name}, {head.items}{'' if head.start == 0 else f', {head.start}'})"
        code = self.w.aw(f"{self.w.run_()}.{self.w.sfx('parallel')}({thunks}, {', '.join(options)})")
        return [fn], code

    def branches(self, block: ir.Parallel, options: list[str], *, frame: Frame) -> tuple[list[Node], str]:
        """A ``parallel:`` block: one nested function per branch; a branch
        that binds a name is bound after the join."""
        pre: list[Node] = []
        names: list[str] = []
        binds: list[tuple[int, ir.Bind | ir.Assign]] = []
        for i, branch in enumerate(block.branches):
            name = self.w.fresh("branch", _branch_hint(branch, i))
            names.append(name)
            if isinstance(branch, ir.Bind | ir.Assign):
                binds.append((i, branch))
                value = branch.value
                if isinstance(value, ir.Repeat | ir.For | ir.LoopUntil | ir.Parallel):
                    pre.append(self.function_for_value(name, value, frame=frame))
                    continue
                branch_stmt: ir.Stmt = ir.ExprStmt(expr=value, span=branch.span)
            else:
                branch_stmt = branch
            pre.append(
                self.function(
                    "branch", name, [], (branch_stmt,), names=[], decl_span=None,
                    value_of_last=True, frame=frame,
                )
            )
        results = self.w.fresh("results", "parallel")
        run = self.w.aw(f"{self.w.run_()}.{self.w.sfx('branches')}([{', '.join(names)}], {', '.join(options)})")
        pre.append(Line(f"{results} = {run}"))
        for i, branch in binds:
            value_code = f"{results}[{i}]"
            match branch:
                case ir.Bind(name=name, name_span=span) | ir.Assign(target=ir.Name(name=name, span=span)):
                    pre.extend(self.printer.target_code(name, span, value_code=value_code, frame=frame))
                case ir.Assign(target=ir.Attr(base=base, key=key)):
                    pre.append(Line(f"_rt.put({self.printer.expr(base, frame=frame)}, {literal(key)}, {value_code}, {PATTERN_CONSTANT}, {self.w.at(f'SET_{_root(base)}', branch.span.line)})"))
                case ir.Assign(target=ir.Index(base=base, index=index)):
                    pre.append(Line(f"_rt.put({self.printer.expr(base, frame=frame)}, {self.printer.expr(index, frame=frame)}, {value_code}, {PATTERN_CONSTANT}, {self.w.at(f'SET_{_root(base)}', branch.span.line)})"))
        return pre, results

    def function_for_value(self, name: str, loop: ir.Loop, *, frame: Frame) -> DefView:
        function = Function(kind="branch")
        pre, code = self.collect(loop, frame=frame.nested(function, []))
        nodes: list[Node] = []
        if function.nonlocals:
            nodes.append(Line("nonlocal " + ", ".join(function.nonlocals)))
        nodes.extend(pre)
        nodes.append(Line(f"return {code}"))
        return DefView(name=name, params="() -> Any", body=tuple(nodes))


class Generator:
    """One pattern function (a variant) from the IR: its prologue, its body
    printed in the pattern's frame, and the choice of path."""

    def __init__(self, pattern: PatternInput, consts: ModuleConstants, *, variant: Variant) -> None:
        self.w = Walk(pattern, consts, variant=variant)
        self.printer = Printer(self.w)

    def pattern_function(self) -> FunctionView:
        function = Function(kind="pattern", declared={None}, annotated={p.py for p in self.w.p.params})
        frame = Frame(function, ([p.name for p in self.w.p.params],))
        # Parameters renamed away from an option (`executor` → `executor_`):
        # the runtime names them when an option gets a value meant for them.
        renamed = sorted(
            {p.name.replace("-", "_") for p in self.w.p.params} & set(RUNTIME_OPTIONS)
        )
        options = [PATTERN_CONSTANT, *(f"{o}={o}" for o in RUNTIME_OPTIONS)]
        if renamed:
            options.append("renamed=(" + "".join(f"{literal(n)}, " for n in renamed) + ")")
        nodes: list[Node] = []
        self_copies = _self_copies(self.w.p.program.body)
        for param in self.w.p.params:
            if param.sequence:
                # Before any delegate runs: `briefs="abc"` is a Sequence[str]
                # to a type checker, and would be read one letter at a time.
                optional = ", optional=True" if param.default is not None else ""
                nodes.append(
                    Line(
                        f"_rt.expect_sequence({param.py}, {literal(param.py)}, {PATTERN_CONSTANT}{optional})"
                    )
                )
        for param in self.w.p.params:
            if param.fresh_default is not None:
                nodes.append(
                    IfView(tests=((f"{param.py} is None", (Line(f"{param.py} = {param.fresh_default}"),)),), orelse=None)
                )
            if param.name in self.w.p.scope.mutated and param.name not in self_copies:
                # The caller's object is never changed: work on a copy.
                nodes.append(Line(f"{param.py} = _rt.owned({param.py})"))
        nodes.extend(self.printer.block(self.w.p.program.body, new_scope=False, frame=frame))
        if self.w.p.falls_off:
            nodes.extend(self.w.make_result(()))
        if not self.w.fast:
            nodes.insert(0, Line("_run = _rt.Run(" + ", ".join(options) + ")"))
        elif self.w.uses_run:
            # Options are all at their defaults here; the runtime still runs
            # what needs it (parallel regions, the judge, retries).
            nodes.insert(0, Line(f"_run = _rt.Run({PATTERN_CONSTANT})"))
        params = (
            *(ParamView(p.py, p.annotation, p.default) for p in self.w.p.params),
            ParamView("judge", "Judge | None", "None"),
            ParamView("executor", "Executor | None", "None"),
            ParamView("max_concurrency", "int", "32"),
            ParamView("timeout", "float | None", "None"),
            ParamView("tracer", "Tracer | None", "None"),
            ParamView("journal", "Journal | None", "None"),
            ParamView("run_id", "str | None", "None"),
        )
        doc = self.w.p.docstring
        match self.w.variant:
            case "async":
                name = f"{self.w.p.function}_async"
                doc = (
                    f"Asynchronous variant of :func:`{self.w.p.function}`.\n\n"
                    "Same parameters and result; delegates may be plain or async functions.\n"
                )
            case "options":
                name = options_function(self.w.p.function)
                doc = (
                    f":func:`{self.w.p.function}` when an option is given.\n\n"
                    "Every delegate call goes through the runtime's ``Run``, which\n"
                    "applies the executor, timeout, tracer and journal; the judge is\n"
                    "checked and asked there too.\n"
                )
            case _:
                name = self.w.p.function
                given = " or ".join(
                    f"{o} is not None" for o in RUNTIME_OPTIONS if o != "max_concurrency"
                ) + " or max_concurrency != 32 or max_concurrency.__class__ is not int"
                forward = ", ".join(f"{p.py}={p.py}" for p in params)
                nodes.insert(
                    0,
                    IfView(
                        tests=((given, (Line(f"return {options_function(self.w.p.function)}({forward})"),)),),
                        orelse=None,
                    ),
                )
        return FunctionView(
            name=name,
            params=params,
            returns=self.w.p.result_class,
            docstring=docstring(doc),
            body=tuple(nodes),
            is_async=self.w.is_async,
        )




def _static_type(value: ir.Expr | ir.Stmt) -> str | None:
    """The Python type a bound value always has, where the program alone
    decides it: text built by interpolation, a list or object literal, a
    collected sequential loop. None: it depends on a delegate or the input."""
    match value:
        case ir.Text() | ir.Literal_(value=str()):
            return "str"
        case ir.Array():
            return "list[Any]"
        case ir.Object():
            return "dict[str, Any]"
        case ir.Repeat(parallel=False) | ir.For(parallel=False) | ir.LoopUntil():
            return "list[Any]"
        case _:
            return None


def local_types(program: ir.Program, scope: ScopeInfo) -> dict[Span, str]:
    """The annotation of each name bound by ``let``, by the span of its
    binding: its type when every value ever bound to it has that one type
    (:func:`_static_type`), else nothing (``Any``)."""
    seen: dict[Span, set[str | None]] = {}

    def key_of(span: Span) -> Span:
        decl = scope.resolves.get(span)
        return decl.span if decl is not None and decl.span is not None else span

    for stmt in ir.walk(program.body):
        match stmt:
            case ir.Bind(name_span=span, value=value) | ir.Assign(target=ir.Name(span=span), value=value):
                seen.setdefault(key_of(span), set()).add(_static_type(value))
            case ir.Parallel(branches=branches):
                # A branch's value comes back from the runtime, which may
                # put a failure in its place.
                for branch in branches:
                    match branch:
                        case ir.Bind(name_span=span) | ir.Assign(target=ir.Name(span=span)):
                            seen.setdefault(key_of(span), set()).add(None)
                        case _:
                            pass
            case _:
                pass
    typed: dict[Span, str] = {}
    for span, types in seen.items():
        (only, *others) = types
        if only is not None and not others:
            typed[span] = only
    return typed


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


def _root(expr: ir.Expr) -> str:
    """The name at the root of ``a.b[0]`` (``a``), for naming a constant."""
    while isinstance(expr, ir.Attr | ir.Index):
        expr = expr.base
    return expr.name if isinstance(expr, ir.Name) else ""


def _branch_hint(branch: ir.Stmt, index: int) -> str:
    """A ``parallel:`` branch's function is named after the name it binds,
    else its position in the block."""
    match branch:
        case ir.Bind(name=name) | ir.Assign(target=ir.Name(name=name)):
            return python_name(name)
        case _:
            return str(index + 1)


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
    consts = ModuleConstants(pattern.name, pattern.fence_line)
    sync, options, async_ = (
        Generator(pattern, consts, variant=variant).pattern_function()
        for variant in ("fast", "options", "async")
    )
    annotations = " ".join(
        [p.annotation for p in pattern.params] + [f.annotation for f in pattern.fields]
    )
    typing_names = ["Any"]
    abc_names = [n for n in ("Mapping", "Sequence") if n in annotations]
    from .runtime import ANNOTATIONS

    # Delegate, Journal, Judge and Tracer annotate every function's options.
    used = set(re.findall(r"[A-Za-z_]+", annotations)) | {"Delegate", "Journal", "Judge", "Tracer"}
    runtime_names = [name for name in ANNOTATIONS if name in used]
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
        constants=consts.ordered(),
        result_class=pattern.result_class,
        result_doc=docstring(result_doc),
        fields=fields,
        functions=(sync, options, async_),
        exports=(pattern.result_class, pattern.function, f"{pattern.function}_async"),
    )
