"""Declarations + IR + scope facts → the generated function's parameters and
result fields.

Parameters come from ``Slots`` (delegates; a slot the delegation iterates
over is a sequence of delegates), ``Requires``/``Parameters`` (inputs) and
``Config`` (tunables with defaults), then inferred inputs. A name listed under
``Slots`` is a delegate whatever type ``Requires`` gives it; a name in both
``Config`` and ``Requires`` is one parameter.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import assert_never

from . import ir
from .diagnostics import Diagnostic, Span, error, warning
from .names import field_name, is_reserved_spelling, python_name
from .scope import DeclKind, ScopeInfo, key_problems
from .sections import Declarations
from .types import DefaultValue, check_default, parse_default, python_type

# PS6xx (names in the generated code).
#   PS601  two names become the same Python identifier
#   PS602  a name starting with `_` (reserved for generated code)
# PS0xx (declarations).
#   PS050  unknown type in Requires/Config (taken as Any)
#   PS051  default does not fit the declared type
#   PS052  Config and Requires give different defaults
#   PS053  slot declared twice / slot also listed as config


@dataclass(frozen=True, slots=True, kw_only=True)
class Param:
    """One keyword-only parameter of a generated pattern function."""

    name: str  # ProseScript spelling
    py: str  # Python identifier
    kind: DeclKind
    annotation: str
    default: str | None  # Python source of the default, or None (required)
    fresh_default: str | None  # source of a mutable default built per call
    doc: str
    span: Span | None
    #: Declared as a list (``T[]``, a slot the pattern iterates over): a
    #: string or a value that is not a sequence is refused at call time.
    sequence: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class ResultField:
    """One field of the result dataclass."""

    name: str
    py: str
    annotation: str
    required: bool
    doc: str


def _literal_source(value: object) -> str:
    """Python source for a plain literal value (repr is exact and escaped)."""
    if isinstance(value, list):
        return "[" + ", ".join(_literal_source(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_literal_source(k)}: {_literal_source(v)}" for k, v in value.items()) + "}"
    if isinstance(value, float) and value != value:  # NaN has no literal
        return "float('nan')"
    return repr(value)


def criteria_names(program: ir.Program) -> set[str]:
    """Names used as the criteria of ``C says X is a failure``: they may be
    a predicate, ``None``, or criteria text."""
    names: set[str] = set()

    def visit(cond: ir.Cond) -> None:
        match cond:
            case ir.Criteria(criteria=ir.Name(name=name)):
                names.add(name)
            case ir.Not(operand=operand):
                visit(operand)
            case _:
                pass

    for stmt in ir.walk(program.body):
        for cond in ir.conditions(stmt):
            visit(cond)
    return names


def build_params(
    path: str,
    decls: Declarations,
    scope: ScopeInfo,
    criteria: set[str],
) -> tuple[list[Param], list[Diagnostic]]:
    """The parameters, in order: slots, inputs, config, inferred inputs."""
    diagnostics: list[Diagnostic] = []
    params: list[Param] = []
    slots = {s.name for s in decls.slots}
    config = {c.name: c for c in decls.config}
    inputs = {i.name: i for i in decls.inputs}

    for slot in decls.slots:
        seq = slot.name in scope.slot_sequences
        doc = "; ".join(
            part
            for part in (
                "primary" if slot.primary else "",
                ("requires: " + ", ".join(slot.requires)) if slot.requires else "",
                ("ensures: " + ", ".join(slot.ensures)) if slot.ensures else "",
            )
            if part
        )
        params.append(
            Param(
                name=slot.name,
                py=python_name(slot.name),
                kind="slot",
                annotation="Sequence[Delegate]" if seq else "Delegate",
                default=None,
                fresh_default=None,
                doc=(
                    "sequence of delegates" + (f" ({doc})" if doc else "")
                    if seq
                    else ("delegate" + (f" ({doc})" if doc else ""))
                ),
                span=slot.span,
                sequence=seq,
            )
        )

    for item in decls.inputs:
        if item.name in slots or item.name in config:
            if item.name in config and item.default_text is not None:
                mine = config[item.name].default_text
                if mine is not None and parse_default(mine).value != parse_default(item.default_text).value:
                    diagnostics.append(
                        warning(
                            path,
                            item.span,
                            "PS052",
                            f"{item.name!r} has default {item.default_text!r} here but "
                            f"{mine!r} under ### Config; using Config's",
                            "make the two defaults agree",
                        )
                    )
            continue
        default: DefaultValue | None = (
            parse_default(item.default_text) if item.default_text is not None else None
        )
        params.append(
            _value_param(
                path, item.name, "input", item.type_text, default, item.optional, item.description, item.span, diagnostics
            )
        )

    for entry in decls.config:
        if entry.name in slots:
            diagnostics.append(
                warning(
                    path,
                    entry.span,
                    "PS053",
                    f"{entry.name!r} is listed as a slot and as config; it is a slot",
                )
            )
            continue
        type_text = entry.type_text
        if type_text is None and entry.name in inputs:
            type_text = inputs[entry.name].type_text
        text = entry.default_text
        default = parse_default(text) if text is not None else None
        params.append(
            _value_param(
                path,
                entry.name,
                "config",
                type_text,
                default,
                default is not None,
                entry.description,
                entry.span,
                diagnostics,
            )
        )

    params = [_as_criteria(p) if p.name in criteria else p for p in params]
    for name, span in scope.inferred:
        params.append(
            Param(
                name=name,
                py=python_name(name),
                kind="input",
                annotation="Any",
                default=None,
                fresh_default=None,
                doc="inferred from the delegation (not declared under ### Requires)",
                span=span,
            )
        )
    return params, diagnostics


def _as_criteria(param: Param) -> Param:
    """A criteria parameter also takes a predicate (language.md §5)."""
    from dataclasses import replace

    base = param.annotation.removesuffix(" | None")
    annotation = "Predicate | None" if base in ("Any", "Predicate") else f"{base} | Predicate | None"
    # A predicate is no list: the value is checked where it is used.
    return replace(param, annotation=annotation, sequence=False)


def _value_param(
    path: str,
    name: str,
    kind: DeclKind,
    type_text: str | None,
    default: DefaultValue | None,
    optional: bool,
    doc: str,
    span: Span | None,
    diagnostics: list[Diagnostic],
) -> Param:
    defaults = [default.value] if default is not None else []
    ptype = python_type(type_text, defaults) if type_text else None
    if type_text and ptype is None and span is not None:
        diagnostics.append(
            warning(path, span, "PS050", f"unknown type {type_text!r} for {name!r}; using Any")
        )
    annotation = ptype.annotation if ptype is not None else "Any"
    if default is not None and span is not None and default.value is not None:
        problem = check_default(default, type_text)
        if problem:
            diagnostics.append(error(path, span, "PS051", f"default of {name!r}: {problem}"))
    source: str | None = None
    fresh: str | None = None
    if default is not None:
        if isinstance(default.value, list | dict):
            # A mutable default would be shared between calls: build it per call.
            fresh = _literal_source(default.value)
            source = "None"
            annotation = f"{annotation} | None"
        else:
            source = _literal_source(default.value)
            if default.value is None and annotation != "Any":
                annotation = f"{annotation} | None"
    elif optional:
        source = "None"
        if annotation != "Any":
            annotation = f"{annotation} | None"
    return Param(
        name=name,
        py=python_name(name),
        kind=kind,
        annotation=annotation,
        default=source,
        fresh_default=fresh,
        doc=doc,
        span=span,
        sequence=ptype is not None and ptype.annotation.startswith("Sequence["),
    )


def check_names(
    path: str, params: list[Param], program: ir.Program, result_class: str
) -> list[Diagnostic]:
    """Reserved spellings and collisions after mangling."""
    diagnostics: list[Diagnostic] = []
    seen: dict[str, tuple[str, Span | None]] = {}
    for param in params:
        if is_reserved_spelling(param.name) and param.span is not None:
            diagnostics.append(
                error(
                    path,
                    param.span,
                    "PS602",
                    f"{param.name!r} starts with '_', which is reserved for generated code",
                    "rename it without the leading underscore",
                )
            )
        if param.py == result_class:
            diagnostics.append(
                error(
                    path,
                    param.span or Span(1, 1, 1, 1),
                    "PS601",
                    f"{param.name!r} would hide the result class {result_class!r}, "
                    "which the generated function returns",
                    "rename it",
                )
            )
        other = seen.get(param.py)
        if other is not None and other[0] != param.name:
            diagnostics.append(
                error(
                    path,
                    param.span or Span(1, 1, 1, 1),
                    "PS601",
                    f"{param.name!r} and {other[0]!r} both become the Python name {param.py!r}",
                    "rename one of them",
                )
            )
        seen[param.py] = (param.name, param.span)
    # The keys of every return become fields of the one result class.
    returned = [
        (key, ret.value.span)
        for ret in pattern_returns(program.body)
        if isinstance(ret.value, ir.Object)
        for key, _ in ret.value.entries
    ]
    diagnostics += key_problems(path, returned, "returned key")
    locals_seen: dict[str, str] = {p.py: p.name for p in params}
    for stmt in ir.walk(program.body):
        for name, span in _bound(stmt):
            if is_reserved_spelling(name):
                diagnostics.append(
                    error(
                        path,
                        span,
                        "PS602",
                        f"{name!r} starts with '_', which is reserved for generated code",
                        "rename it without the leading underscore",
                    )
                )
                continue
            py = python_name(name)
            if py == result_class:
                py += "_"
            prior = locals_seen.get(py)
            if prior is not None and prior != name:
                diagnostics.append(
                    error(
                        path,
                        span,
                        "PS601",
                        f"{name!r} and {prior!r} both become the Python name {py!r}",
                        "rename one of them",
                    )
                )
            locals_seen.setdefault(py, name)
    return diagnostics


def _bound(stmt: ir.Stmt) -> list[tuple[str, Span]]:
    match stmt:
        case ir.Bind(name=name, name_span=span):
            return [(name, span)]
        case ir.Repeat(var=var, span=span) | ir.LoopUntil(var=var, span=span):
            return [(var, span)] if var else []
        case ir.For(var=var, index=index, span=span):
            return [(var, span)] + ([(index, span)] if index else [])
        case ir.Try(catch_var=var, span=span):
            return [(var, span)] if var else []
        case (
            ir.Assign()
            | ir.Append()
            | ir.Return()
            | ir.Continue()
            | ir.Break()
            | ir.Throw()
            | ir.ExprStmt()
            | ir.If()
            | ir.Parallel()
            | ir.Choice()
        ):
            return []
        case _:
            assert_never(stmt)


# ---------------------------------------------------------------- results


def pattern_returns(block: ir.Block) -> list[ir.Return]:
    """Returns that end the pattern call (not one iteration of a collecting
    loop or a parallel branch)."""
    out: list[ir.Return] = []
    for stmt in block:
        match stmt:
            case ir.Return():
                out.append(stmt)
            case ir.Bind(value=ir.Repeat() | ir.For() | ir.LoopUntil() | ir.Parallel()) | ir.Assign(
                value=ir.Repeat() | ir.For() | ir.LoopUntil() | ir.Parallel()
            ):
                pass  # returns inside end an iteration
            case ir.Repeat(parallel=True) | ir.For(parallel=True) | ir.Parallel():
                pass
            case _:
                for child in ir.children(stmt):
                    out.extend(pattern_returns(child))
    return out


def always_returns(block: ir.Block) -> bool:
    """Whether every path through ``block`` ends in return or throw."""
    if not block:
        return False
    last = block[-1]
    match last:
        case ir.Return() | ir.Throw():
            return True
        case ir.If(branches=branches, orelse=orelse):
            return orelse is not None and always_returns(orelse) and all(
                always_returns(b) for _, b in branches
            )
        case ir.Try(body=body, catch_body=cb):
            return always_returns(body) and (cb is None or always_returns(cb))
        case ir.Choice(options=options):
            return all(always_returns(o.body) for o in options)
        case _:
            return False


def result_fields(
    program: ir.Program,
    decls: Declarations,
    param_types: dict[str, str],
    counters: set[str],
    reassigned: set[str],
) -> list[ResultField]:
    """One field per key returned by the delegation, typed where every path
    agrees, optional where some path leaves it out."""
    returns = pattern_returns(program.body)
    docs = {r.name: r.description for r in decls.returns}
    order: list[str] = []
    types: dict[str, set[str]] = {}
    present: dict[str, int] = {}
    for ret in returns:
        entries: tuple[tuple[str, ir.Expr], ...]
        if ret.value is None:
            entries = ()
        elif isinstance(ret.value, ir.Object):
            entries = ret.value.entries
        else:
            entries = (("result", ret.value),)
        for key, value in entries:
            if key not in types:
                order.append(key)
                types[key] = set()
                present[key] = 0
            types[key].add(_expr_type(value, param_types, counters, reassigned))
            present[key] += 1
    falls_off = not always_returns(program.body)
    fields: list[ResultField] = []
    for key in order:
        kinds = types[key]
        optional = present[key] < len(returns) or falls_off or "None" in kinds
        concrete = kinds - {"None"}
        annotation = concrete.pop() if len(concrete) == 1 else "Any"
        if annotation != "Any" and optional:
            annotation = f"{annotation} | None"
        fields.append(
            ResultField(
                name=key,
                py=field_name(key),
                annotation=annotation,
                required=not optional,
                doc=docs.get(key, ""),
            )
        )
    required = [f for f in fields if f.required]
    optional_fields = [f for f in fields if not f.required]
    return required + optional_fields


def _expr_type(
    expr: ir.Expr, param_types: dict[str, str], counters: set[str], reassigned: set[str]
) -> str:
    match expr:
        case ir.Literal_(value=value):
            if value is None:
                return "None"
            return type(value).__name__
        case ir.IterationCount():
            return "int"
        case ir.Length():
            return "Any"  # null when the value has no length
        case ir.Text():
            return "str"
        case ir.Name(name=name):
            if name in counters and name not in reassigned:
                return "int"
            if name in param_types and name not in reassigned:
                return param_types[name]
            return "Any"
        case ir.Array():
            return "list[Any]"
        case ir.Object():
            return "dict[str, Any]"
        case ir.Attr() | ir.Index() | ir.Call():
            return "Any"
        case _:
            assert_never(expr)
