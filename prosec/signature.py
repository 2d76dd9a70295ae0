"""Declarations + IR + scope facts → the generated function's parameters and
result fields.

Parameters come from ``Slots`` (delegates; a slot the delegation iterates
over is a sequence of delegates), ``Requires``/``Parameters`` (inputs) and
``Config`` (tunables with defaults), then inferred inputs. A name listed under
``Slots`` is a delegate whatever type ``Requires`` gives it; a name in both
``Config`` and ``Requires`` is one parameter.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import assert_never

from . import ir
from .diagnostics import Diagnostic, Span, error, warning
from .names import RUNTIME_OPTIONS, field_name, is_reserved_spelling, python_name
from .scope import DeclKind, ScopeInfo, key_problems
from .sections import Declarations
from .types import (
    DefaultValue,
    check_default,
    is_number,
    known_type_for,
    parse_default,
    python_type,
)

# PS6xx (names in the generated code).
#   PS601  two names become the same Python identifier
#   PS602  a name starting with `_` (reserved for generated code)
#   PS609  a parameter named like a runtime option is renamed
# PS0xx (declarations).
#   PS050  unknown type in Requires/Config (taken as Any)
#   PS051  default does not fit the declared type
#   PS052  Config and Requires give different defaults
#   PS053  slot declared twice / slot also listed as config
# PS3xx (the program against its declarations).
#   PS317  a field declared under Returns that no `return` gives
#   PS318  a returned key that Returns does not declare


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
                path,
                item.name,
                "input",
                item.type_text,
                default,
                item.optional,
                item.description,
                item.span,
                diagnostics,
                count=item.name in scope.counts,
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
                count=entry.name in scope.counts,
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


def _type_hint(type_text: str) -> str:
    meant = known_type_for(type_text)
    known = "the types are string, number, integer, boolean, object, any and T[]"
    return f"did you mean `{meant}`? {known}" if meant else known


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
    *,
    count: bool,
) -> Param:
    ptype = python_type(type_text, count=count) if type_text else None
    if type_text and ptype is None and span is not None:
        diagnostics.append(
            warning(
                path,
                span,
                "PS050",
                f"unknown type {type_text!r} for {name!r}; using Any",
                _type_hint(type_text),
            )
        )
    annotation = ptype.annotation if ptype is not None else "Any"
    if default is not None and span is not None and default.value is not None:
        problem = check_default(default, type_text)
        if problem:
            diagnostics.append(error(path, span, "PS051", f"default of {name!r}: {problem}"))
        elif count and is_number(type_text) and not _whole(default.value):
            diagnostics.append(
                error(
                    path,
                    span,
                    "PS051",
                    f"default of {name!r}: {default.value!r} is written as a fraction, "
                    f"but the delegation uses {name!r} as a count (a whole number)",
                    "write the default without a fraction (`3`, not `3.0`)",
                )
            )
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


_KIND_WORDS = {"slot": "slot", "input": "input", "config": "config entry"}


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_names(
    path: str, params: list[Param], program: ir.Program, result_class: str
) -> list[Diagnostic]:
    """Reserved spellings and collisions after mangling."""
    diagnostics: list[Diagnostic] = []
    seen: dict[str, tuple[str, Span | None]] = {}
    for param in params:
        option = param.name.replace("-", "_")
        if option in RUNTIME_OPTIONS and param.span is not None:
            diagnostics.append(
                warning(
                    path,
                    param.span,
                    "PS609",
                    f"the {_KIND_WORDS.get(param.kind, 'name')} {param.name!r} is the parameter "
                    f"`{param.py}=`: `{option}=` is the runtime option every pattern takes",
                    f"callers must pass it as `{param.py}=...`; rename it so that "
                    f"nobody passes it as `{option}=`",
                )
            )
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


def check_returns(
    path: str, program: ir.Program, decls: Declarations, result_class: str
) -> list[Diagnostic]:
    """``### Returns`` against the delegation: a declared field that no
    ``return`` gives is not a field of the result, and a returned key that
    is not declared is a field without documentation. A pattern that
    declares no returns at all is not checked."""
    if not decls.returns:
        return []
    declared = {r.name: r for r in decls.returns}
    given: dict[str, Span] = {}
    for ret in pattern_returns(program.body):
        for key, span in _returned_keys(ret):
            given.setdefault(key, span)
    diagnostics: list[Diagnostic] = []
    for decl in decls.returns:
        if decl.type_text is not None and python_type(decl.type_text) is None:
            diagnostics.append(
                warning(
                    path,
                    decl.span,
                    "PS050",
                    f"unknown type {decl.type_text!r} for the result field {decl.name!r}; "
                    "it is typed from the delegation",
                    _type_hint(decl.type_text),
                )
            )
    for name, decl in declared.items():
        if name not in given:
            diagnostics.append(
                warning(
                    path,
                    decl.span,
                    "PS317",
                    f"{name!r} is declared under ### Returns, but no `return` of the "
                    f"delegation gives it: {result_class} has no such field",
                    f"return it (`return {{ {name}: ... }}`), or remove it from ### Returns",
                )
            )
    listed = ", ".join(sorted(declared))
    for key, span in given.items():
        if key not in declared:
            diagnostics.append(
                warning(
                    path,
                    span,
                    "PS318",
                    f"{key!r} is returned here but not declared under ### Returns, so "
                    f"the field {result_class}.{field_name(key)} is undocumented",
                    f"add `- `{key}`: what it holds` to ### Returns (it declares {listed})",
                )
            )
    return diagnostics


def _returned_keys(ret: ir.Return) -> list[tuple[str, Span]]:
    """The result fields one ``return`` gives, each with where its value is."""
    match ret.value:
        case None:
            return []
        case ir.Object(entries=entries):
            return [(key, value.span) for key, value in entries]
        case value:
            return [("result", value.span)]


def result_fields(
    program: ir.Program, decls: Declarations, params: Sequence[Param]
) -> list[ResultField]:
    """One field per key returned by the delegation, typed as precisely as
    the declarations and the program determine (``Any`` where neither
    does), optional where some path leaves it out."""
    returns = pattern_returns(program.body)
    docs = {r.name: r.description for r in decls.returns}
    declared = {r.name: python_type(r.type_text) for r in decls.returns if r.type_text}
    types = _Types(program, params)
    order: list[str] = []
    atoms: dict[str, set[str]] = {}
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
            if key not in atoms:
                order.append(key)
                atoms[key] = set()
                present[key] = 0
            atoms[key] |= types.of(value)
            present[key] += 1
    falls_off = not always_returns(program.body)
    fields: list[ResultField] = []
    for key in order:
        optional = present[key] < len(returns) or falls_off or _NONE in atoms[key]
        annotation = _annotation(atoms[key], optional=optional)
        written = declared.get(key)
        if annotation == _ANY and written is not None and written.annotation != _ANY:
            # The program does not determine it (a delegate's answer): the
            # type ### Returns declares.
            annotation = written.annotation + (" | None" if optional else "")
        fields.append(
            ResultField(
                name=key,
                py=field_name(key),
                annotation=annotation,
                required=not optional,
                doc=docs.get(key, ""),
            )
        )
    # In the order ### Returns lists them, then the undeclared ones as the
    # delegation first returns them (the class is keyword-only, so a field
    # with a default may come before one without).
    listed = {r.name: index for index, r in enumerate(decls.returns)}
    return sorted(fields, key=lambda f: listed.get(f.name, len(listed)))


# Types are sets of annotation atoms: `{"int", "None"}` is `int | None`.
_ANY = "Any"
_NONE = "None"
_MAX_UNION = 3


def _annotation(atoms: set[str], *, optional: bool) -> str:
    concrete = sorted(atoms - {_NONE})
    if _ANY in atoms or not concrete or len(concrete) > _MAX_UNION:
        return _ANY
    return " | ".join([*concrete, *([_NONE] if optional else [])])


def _atoms(annotation: str) -> set[str]:
    """The atoms of a parameter's annotation (``str | None`` → str, None)."""
    return {part.strip() for part in annotation.split(" | ")}


def _element(atom: str) -> set[str]:
    """The element type of a list or sequence type, else Any."""
    for prefix in ("Sequence[", "list["):
        if atom.startswith(prefix) and atom.endswith("]"):
            return _atoms(atom[len(prefix) : -1])
    return {_ANY}


def _loosened(atom: str) -> str:
    """What a value's type may become once the pattern changes it in place
    (`append`, `x.key = ...`): a list of anything, a mapping of anything."""
    if atom.startswith(("Sequence[", "list[")):
        return "Sequence[Any]" if atom.startswith("Sequence[") else "list[Any]"
    if atom.startswith(("Mapping[", "dict[")):
        return "Mapping[str, Any]" if atom.startswith("Mapping[") else "dict[str, Any]"
    return atom if atom == _NONE else _ANY


@dataclass(frozen=True, slots=True)
class _ElementOf:
    """A loop variable: one element of ``iterable``."""

    iterable: ir.Expr


_Source = ir.Expr | frozenset[str] | _ElementOf


class _Types:
    """The type of every value a pattern can return, from what its names are
    bound to anywhere: a name bound to values of several types has their
    union; one bound inside a parallel branch, to a call's result or to a
    property read is ``Any``. Sound rather than precise: a name the program
    changes in place loses its element types."""

    def __init__(self, program: ir.Program, params: Sequence[Param]) -> None:
        self.params = {p.name: _atoms(p.annotation) for p in params}
        self.sources: dict[str, list[_Source]] = {}
        self.mutated: set[str] = set()
        self.done: dict[str, set[str]] = {}
        self.visiting: set[str] = set()
        self.visit(program.body, branch=False)

    def add(self, name: str, source: _Source) -> None:
        self.sources.setdefault(name, []).append(source)

    def visit(self, block: ir.Block, *, branch: bool) -> None:
        for stmt in block:
            match stmt:
                case ir.Bind(name=name, value=value) | ir.Assign(
                    target=ir.Name(name=name), value=value
                ):
                    # A branch of `parallel:` that is not picked leaves None,
                    # and one that failed under "continue" a Failure.
                    self.add(name, frozenset({_ANY}) if branch else self.value(value))
                case ir.Assign(target=target) | ir.Append(target=target):
                    root: ir.Expr = target
                    while isinstance(root, ir.Attr | ir.Index | ir.Length):
                        root = root.base
                    if isinstance(root, ir.Name):
                        self.mutated.add(root.name)
                case ir.Repeat(var=var) | ir.LoopUntil(var=var) if var is not None:
                    self.add(var, frozenset({"int"}))
                case ir.For(var=var, index=index, iterable=iterable):
                    self.add(var, _ElementOf(iterable))
                    if index is not None:
                        self.add(index, frozenset({"int"}))
                case ir.Try(catch_var=var) if var is not None:
                    self.add(var, frozenset({"Failure"}))
                case _:
                    pass
            for child in ir.children(stmt):
                self.visit(child, branch=_is_parallel_block(stmt))

    def value(self, value: ir.Expr | ir.Loop) -> _Source:
        match value:
            case ir.Parallel():
                return frozenset({"list[Any]"})
            case ir.Repeat(parallel=True, mods=mods) | ir.For(parallel=True, mods=mods):
                # "first" and "any" without a count give one value, not a list.
                collects = mods.join == "all" or mods.count is not None
                return frozenset({"list[Any]" if collects else _ANY})
            case ir.Repeat() | ir.For() | ir.LoopUntil():
                return frozenset({"list[Any]"})
            case _:
                return value

    def name(self, name: str) -> set[str]:
        if name in self.done:
            return self.done[name]
        if name in self.visiting:
            return {_ANY}  # bound to itself through other names
        self.visiting.add(name)
        found: set[str] = set(self.params.get(name, set()))
        if name not in self.params and name not in self.sources:
            found.add(_ANY)  # an inferred input
        for source in self.sources.get(name, []):
            if isinstance(source, ir.Name) and source.name == name:
                continue  # `let x = x`: the pattern's own copy of the input
            found |= self.source(source)
        if name in self.mutated:
            found = {_loosened(atom) for atom in found}
        self.visiting.discard(name)
        self.done[name] = found
        return found

    def source(self, source: _Source) -> set[str]:
        match source:
            case frozenset():
                return set(source)
            case _ElementOf(iterable=iterable):
                elements: set[str] = set()
                for atom in self.of(iterable) - {_NONE}:
                    elements |= _element(atom)
                return elements or {_ANY}
            case _:
                return self.of(source)

    def of(self, expr: ir.Expr) -> set[str]:
        match expr:
            case ir.Literal_(value=value):
                return {_NONE if value is None else type(value).__name__}
            case ir.IterationCount():
                return {"int"}
            case ir.Length():
                return {"int", _NONE}  # null when the value has no length
            case ir.Text():
                return {"str"}
            case ir.Name(name=name):
                return self.name(name)
            case ir.Array():
                return {"list[Any]"}
            case ir.Object():
                return {"dict[str, Any]"}
            case ir.Attr() | ir.Index() | ir.Call():
                return {_ANY}
            case _:
                assert_never(expr)


def _is_parallel_block(stmt: ir.Stmt) -> bool:
    match stmt:
        case ir.Parallel() | ir.Bind(value=ir.Parallel()) | ir.Assign(value=ir.Parallel()):
            return True
        case _:
            return False
