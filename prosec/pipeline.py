"""One pattern file's bytes → its Python module, report and diagnostics.

The stages, in order: bytes → text (markdown.decode) → document (markdown)
→ declarations (sections) → parse tree (parse) → IR (lower) → names (scope)
→ parameters and results (signature) → invariants → view → Python (emit).
Nothing here reads or writes files, prints, or raises on any input.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from . import emit, ir
from .conditions import describe
from .diagnostics import WHOLE_FILE, Diagnostic, Span, error, has_errors, printable
from .docs import function_doc, module_doc, result_doc
from .emit import FormatError, render_module
from .invariants import InvariantFact, InvariantResult, PatternContext
from .markdown import Document, decode, read_document
from .names import class_name, module_name
from .scope import DeclKind, resolve
from .sections import Declarations, read_declarations
from .signature import (
    always_returns,
    build_params,
    check_names,
    check_returns,
    criteria_names,
    result_fields,
)
from .view import PatternInput, module_view

# PS608  one of prosec's own files (grammar, templates) cannot be read
# PS699  internal error while generating code (a bug in prosec)


@dataclass(frozen=True, slots=True)
class ConditionReport:
    line: int
    text: str
    lowering: str


@dataclass
class PatternReport:
    """What one pattern compiled to, for reports and the CLI."""

    path: str
    name: str
    module: str
    function: str
    result_class: str
    conditions: list[ConditionReport] = field(default_factory=list)
    invariants: list[InvariantFact] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


@dataclass
class Compiled:
    """One source file's outcome."""

    path: str
    report: PatternReport | None
    code: str | None
    diagnostics: list[Diagnostic]
    skipped: bool = False



# ---------------------------------------------------------------- one pattern


def prepare() -> None:
    """Build the parsers that every compile uses, once: processes forked
    from this one afterwards start with them built."""
    import importlib

    from .invariants import earley
    from .parse import prepare as prepare_parser

    prepare_parser()
    earley.prepare()
    importlib.import_module(".invariants.check", __package__)  # see check_invariants
    importlib.import_module(".runtime", __package__)  # the contract the code generator reads
    emit.prepare()


def check_invariants(ctx: PatternContext, *, strict: bool = False) -> InvariantResult:
    """The invariant checker (``prosec.invariants.check``), loaded on first
    use: it brings the sentence reader and lark, which a build served from
    the cache never needs."""
    from .invariants.check import check_invariants as check

    return check(ctx, strict=strict)


def compile_text(display: str, data: bytes, *, strict: bool = False, render: bool = True) -> Compiled:
    """Compile one pattern file's bytes. Never raises on any input. With
    ``render=False`` it stops after the checks: the report and diagnostics
    without the generated code."""
    try:
        return _compile(display, data, strict=strict, render=render)
    except OSError as exc:
        # Compiling reads nothing but prosec's own grammar and templates.
        return _failed(display, "PS608", *own_files_unreadable(exc))
    except RecursionError:
        return _failed(
            display,
            "PS206",
            "the pattern is nested too deeply to compile",
            "split the delegation into flatter steps",
        )
    except Exception as exc:  # a bug in prosec must not become a traceback
        return _failed(
            display,
            "PS699",
            f"internal error: {type(exc).__name__}: {printable(str(exc))[:200]}",
            "this is a bug in prosec; please report it with the pattern file",
        )


def own_files_unreadable(exc: OSError) -> tuple[str, str]:
    """The message and hint of PS608: one of prosec's own files (its grammar,
    its templates) could not be read."""
    where = f" ({printable(str(exc.filename))})" if exc.filename else ""
    return (
        f"cannot read prosec's own files: {exc.strerror or exc}{where}",
        "prosec's installation is damaged or unreadable; reinstall it",
    )


def _failed(display: str, code: str, message: str, hint: str) -> Compiled:
    """A file that produced nothing but one error about the file as a whole."""
    return Compiled(display, None, None, [error(display, WHOLE_FILE, code, message, hint)])


@dataclass
class Front:
    """A pattern read, parsed and lowered: the IR and what it came from."""

    doc: Document
    decls: Declarations
    report: PatternReport
    program: ir.Program
    slots: list[str]
    inputs: list[str]
    config: list[str]
    diagnostics: list[Diagnostic]


def lowered(display: str, data: bytes) -> tuple[ir.Program | None, list[Diagnostic]]:
    """The IR of one pattern file (for `prosec ir` and IR snapshots)."""
    front = _front(display, data)
    if isinstance(front, Compiled):
        return None, front.diagnostics
    return front.program, front.diagnostics


def _front(display: str, data: bytes) -> Front | Compiled:
    """Read, parse and lower one file, or stop with what went wrong."""
    # lark is only needed when something is compiled: a `check` whose
    # sources are all cached never imports it.
    from .lower import lower
    from .parse import parse_fence

    text, diagnostics = decode(display, data)
    if text is None or has_errors(diagnostics):
        return Compiled(display, None, None, diagnostics)
    doc, more = read_document(display, text)
    diagnostics += more
    if doc is None:
        return Compiled(display, None, None, diagnostics)
    if doc.kind != "pattern":
        # An info diagnostic was reported by the reader; the file is skipped.
        return Compiled(display, None, None, diagnostics, skipped=True)
    if has_errors(diagnostics) or doc.delegation is None or doc.name is None:
        return Compiled(display, None, None, diagnostics)

    decls, more = read_declarations(doc)
    diagnostics += more
    name = doc.name
    module = module_name(name)
    result_class = class_name(name)
    report = PatternReport(
        path=display, name=name, module=module, function=module, result_class=result_class
    )

    fence = doc.delegation
    tree, more = parse_fence(display, doc.text, fence.start, fence.end)
    diagnostics += more
    if tree is None:
        return Compiled(display, report, None, diagnostics)

    slots = [s.name for s in decls.slots]
    config = [c.name for c in decls.config if c.name not in slots]
    inputs = [i.name for i in decls.inputs if i.name not in slots and i.name not in config]
    numeric = {
        r.name: any(w in r.description.lower() for w in ("number", "count", "how many"))
        for r in decls.returns
    }
    program, more = lower(
        display,
        tree,
        declared=set(slots) | set(config) | set(inputs),
        config=set(config),
        numeric_returns=numeric,
    )
    diagnostics += more
    return Front(
        doc=doc,
        decls=decls,
        report=report,
        program=program,
        slots=slots,
        inputs=inputs,
        config=config,
        diagnostics=diagnostics,
    )


def _not_said_before(found: Sequence[Diagnostic], said: Sequence[Diagnostic]) -> list[Diagnostic]:
    """The invariant checker's diagnostics, less its errors at a place where
    an earlier stage already reported an error: one mistake, one diagnostic
    (a `loop` without a bound is PS301, not also a PS501 for its bound)."""
    places = {(d.span.line, d.span.column) for d in said if d.is_error}
    return [
        d for d in found if not d.is_error or (d.span.line, d.span.column) not in places
    ]


def _compile(display: str, data: bytes, *, strict: bool, render: bool = True) -> Compiled:
    front = _front(display, data)
    if isinstance(front, Compiled):
        return front
    doc, decls, report, program = front.doc, front.decls, front.report, front.program
    slots, inputs, config = front.slots, front.inputs, front.config
    diagnostics = front.diagnostics
    display, result_class = report.path, report.result_class
    name, module = report.name, report.module
    params_kinds: dict[str, DeclKind] = {}
    for n in slots:
        params_kinds[n] = "slot"
    for n in inputs:
        params_kinds.setdefault(n, "input")
    for n in config:
        params_kinds.setdefault(n, "config")
    scope, more = resolve(display, program, params_kinds)
    diagnostics += more

    params, more = build_params(display, decls, scope, criteria_names(program))
    diagnostics += more
    diagnostics += check_names(display, params, program, result_class)
    fields = result_fields(program, decls, params)
    diagnostics += check_returns(display, program, decls, result_class)

    inv = check_invariants(
        PatternContext(
            path=display,
            decls=decls,
            program=program,
            scope=scope,
            slots=frozenset(slots),
            inputs=frozenset(inputs) | frozenset(n for n, _ in scope.inferred),
            config=frozenset(config),
        ),
        strict=strict,
    )
    diagnostics += _not_said_before(inv.diagnostics, diagnostics)
    report.invariants = list(inv.facts)
    report.conditions = _conditions(program, doc.text)
    report.notes = [d.message for d in diagnostics if d.code == "PS402"]

    if has_errors(diagnostics) or not render:
        return Compiled(display, report, None, diagnostics)

    statuses = sentence_statuses(inv.facts)
    pattern = PatternInput(
        name=name,
        function=module,
        result_class=result_class,
        params=params,
        fields=fields,
        program=program,
        scope=scope,
        firewalls=inv.firewalls,
        docstring=function_doc(doc, decls, params, fields, statuses),
        falls_off=not always_returns(program.body),
        fence_line=doc.delegation.line if doc.delegation is not None else 1,
    )
    view = module_view(pattern, module_doc(doc, decls, statuses), result_doc(doc))
    try:
        code = render_module(view, display)
    except FormatError as exc:
        diagnostics.append(
            error(
                display,
                WHOLE_FILE,
                "PS699",
                f"internal error: generated code did not format ({str(exc)[:200]})",
                "this is a bug in prosec; please report it with the pattern file",
            )
        )
        return Compiled(display, report, None, diagnostics)
    return Compiled(display, report, code, diagnostics)


_SEVERITY = ("violated", "unrecognized", "unverifiable", "enforced", "proved")


def sentence_statuses(facts: Sequence[InvariantFact]) -> list[tuple[str, str]]:
    """One status per invariant sentence, in order: a sentence that holds two
    promises is only as good as the weaker one."""
    worst: dict[tuple[Span, str], str] = {}
    for fact in facts:
        key = (fact.span, fact.text)
        status = fact.status.value
        if key not in worst or _SEVERITY.index(status) < _SEVERITY.index(worst[key]):
            worst[key] = status
    return [(text, status) for (_, text), status in worst.items()]


def _conditions(program: ir.Program, text: str) -> list[ConditionReport]:
    """Every condition with the lowering it got, in source order."""
    out: list[ConditionReport] = []
    for stmt in ir.walk(program.body):
        if isinstance(stmt, ir.Choice):
            out.append(ConditionReport(stmt.span.line, stmt.criteria, "judge (choice between options)"))
        for cond in ir.conditions(stmt):
            out.append(ConditionReport(cond.span.line, _source(text, cond.span), describe(cond)))
    return out


def _source(text: str, span: Span) -> str:
    """The text at ``span``, white space folded (conditions may wrap)."""
    lines = text.split("\n")[span.line - 1 : span.end_line]
    if not lines:
        return ""
    if len(lines) == 1:
        return lines[0][span.column - 1 : span.end_column - 1]
    lines[0] = lines[0][span.column - 1 :]
    lines[-1] = lines[-1][: span.end_column - 1]
    return " ".join(" ".join(lines).split())
