"""Sources → compiled package in memory, diagnostics and reports.

The pipeline, one pattern at a time: bytes → text (markdown.decode) →
document (markdown) → declarations (sections) → parse tree (parse) → IR
(lower) → names (scope) → parameters and results (signature) → invariants →
view → Python (emit). ``build`` and ``check`` in output.py write or compare
what ``compile_sources`` returns; nothing here prints or writes.
"""

from __future__ import annotations

import errno
import json
import os
import stat
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path

from . import ir
from .cache import Cache, DecodeError, Unencodable, from_json, to_json
from .cache import key as cache_key
from .conditions import describe
from .diagnostics import (
    WHOLE_FILE,
    Diagnostic,
    Severity,
    Span,
    error,
    has_errors,
    printable,
    warning,
)
from .docs import function_doc, module_doc, result_doc
from .emit import FormatError, caching, render_init, render_module, render_runtime
from .invariants import InvariantFact, PatternContext, check_invariants
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

# PS6xx: the build as a whole.
#   PS603  two files declare the same pattern name
#   PS604  pattern name would address a file outside the package or one of its own
#   PS605  no pattern files under a source
#   PS606  a source path is skipped (not a regular file, a link leaving the tree)
#   PS607  file could not be read
#   PS699  internal error while generating code (a bug in prosec)

SUFFIX = ".prose.md"
MAX_FILE_BYTES = 1024 * 1024
RUNTIME_MODULE = "_runtime"
PACKAGE_FILES = frozenset({"__init__", RUNTIME_MODULE})


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


@dataclass
class BuildResult:
    """Everything a build produces, in memory."""

    files: dict[str, str]  # path inside the output package → content
    patterns: list[Compiled]
    diagnostics: list[Diagnostic]

    @property
    def ok(self) -> bool:
        return not has_errors(self.diagnostics)


# ---------------------------------------------------------------- sources


@dataclass(frozen=True, slots=True)
class Source:
    path: Path  # as found
    display: str  # stable, relative: "patterns/guard.prose.md"


def find_sources(roots: Sequence[Path]) -> tuple[list[Source], list[Diagnostic]]:
    """Every ``*.prose.md`` regular file under ``roots``, sorted.

    Links that leave their source tree or dangle, folders named like
    patterns, FIFOs and devices are skipped with a warning, never opened.
    Folders are walked without following links (a folder named as a root
    may itself be a link). A file reached twice is compiled once. Display
    names are escaped: a file name may hold a newline, a bidi control or
    bytes that are not UTF-8, and it is printed and written into the header
    of generated files.
    """
    found: dict[str, Source] = {}
    real_paths: dict[Path, str] = {}
    diagnostics: list[Diagnostic] = []
    for root in roots:
        shown_root = _display(str(root))
        if not root.exists() and not root.is_symlink():
            diagnostics.append(
                error(shown_root, WHOLE_FILE, "PS605", f"no such file or folder: {shown_root}")
            )
            continue
        walk = root.is_dir()
        base = root if walk else root.parent
        real_base = base.resolve()
        label = real_base.name or "."
        candidates = _walk(root) if walk else [root]
        count = 0
        for path in candidates:
            relative = path.relative_to(base).as_posix()
            display = _display(f"{label}/{relative}")
            problem = _skip_reason(path, real_base)
            if problem is not None:
                diagnostics.append(warning(display, WHOLE_FILE, "PS606", f"skipped: {problem}"))
                continue
            count += 1
            try:
                real = path.resolve()
            except (OSError, RuntimeError):
                real = path.absolute()
            if real in real_paths:
                continue  # the same file, named twice
            if display in found:
                # Two trees with the same folder name: tell them apart.
                display = _display(f"{root.as_posix()}/{relative}")
                while display in found:
                    display += "'"
            real_paths[real] = display
            found[display] = Source(path, display)
        if count == 0:
            diagnostics.append(
                error(
                    shown_root,
                    WHOLE_FILE,
                    "PS605",
                    f"no pattern files under {shown_root}",
                    f"pattern files are named NAME{SUFFIX}",
                )
            )
    return [found[k] for k in sorted(found)], diagnostics


def _display(text: str) -> str:
    """A path as shown in diagnostics and generated headers: control, bidi and
    line-separator characters escaped, undecodable bytes as ``\\udcXX``."""
    shown = printable(text)
    return shown.encode("utf-8", "backslashreplace").decode("utf-8")


def _walk(root: Path) -> list[Path]:
    out: list[Path] = []
    for folder, dirs, files in os.walk(root, followlinks=False):
        dirs.sort()
        here = Path(folder)
        for name in sorted(files + [d for d in dirs if d.endswith(SUFFIX)]):
            if name.endswith(SUFFIX):
                out.append(here / name)
        # Symlinked folders are listed in `dirs` but never walked.
    return sorted(out)


def read_source(path: Path) -> bytes:
    """The bytes of a pattern file, at most one byte past the size limit.

    Opened without blocking and checked to be a regular file on the open
    descriptor, so a file swapped for a FIFO or a device after it was found
    cannot hang the build, and a huge file is never read whole.
    """
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "not a regular file")
        chunks: list[bytes] = []
        left = MAX_FILE_BYTES + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 16))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def _skip_reason(path: Path, real_base: Path) -> str | None:
    try:
        info = path.lstat()
    except OSError as exc:
        return f"cannot be read ({exc.strerror})"
    if stat.S_ISLNK(info.st_mode):
        try:
            target = path.resolve(strict=True)
        except (OSError, RuntimeError):
            return "a link that dangles or loops"
        if not target.is_relative_to(real_base):
            return "a link that leaves the source tree"
        try:
            info = target.stat()
        except OSError as exc:
            return f"cannot be read ({exc.strerror})"
    if stat.S_ISDIR(info.st_mode):
        return "a folder, not a pattern file"
    if not stat.S_ISREG(info.st_mode):
        return "not a regular file"
    return None


# ---------------------------------------------------------------- one pattern


def compile_text(display: str, data: bytes, *, strict: bool = False) -> Compiled:
    """Compile one pattern file's bytes. Never raises on any input."""
    try:
        return _compile(display, data, strict=strict)
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

    if len(data) > MAX_FILE_BYTES:
        return _failed(
            display,
            "PS001",
            f"file is larger than {MAX_FILE_BYTES // 1024} KiB",
            "split it into several patterns",
        )
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


def _compile(display: str, data: bytes, *, strict: bool) -> Compiled:
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
    diagnostics += inv.diagnostics
    report.invariants = list(inv.facts)
    report.conditions = _conditions(program, doc.text)
    report.notes = [d.message for d in diagnostics if d.code == "PS402"]

    if has_errors(diagnostics):
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


# ---------------------------------------------------------------- many patterns


def compile_sources(
    sources: Iterable[Source],
    *,
    strict: bool = False,
    jobs: int = 1,
    cache: Cache | None = None,
) -> BuildResult:
    """Compile every source into the files of one package (in memory).

    With a ``cache``, a source whose bytes, name and compiler are unchanged
    since a build that stored it is not compiled again: its stored result
    (code, report and diagnostics) is used, and the package files too. With
    ``jobs`` > 1 and at least :data:`PARALLEL_MIN` sources left to compile,
    they are compiled on that many processes. The result does not depend on
    either.
    """
    diagnostics: list[Diagnostic] = []
    done: list[Compiled | None] = []
    todo: list[_Job] = []
    for source in sources:
        try:
            data = read_source(source.path)
        except OSError as exc:
            diagnostics.append(
                error(source.display, WHOLE_FILE, "PS607", f"cannot read file: {exc.strerror}")
            )
            continue
        entry = None
        if cache is not None:
            entry = cache_key("pattern", source.display, "strict" if strict else "", data)
            hit = _cached_result(cache, entry, source.display)
            if hit is not None:
                cache.hits += 1
                done.append(hit)
                continue
            cache.misses += 1
        done.append(None)
        todo.append(_Job(len(done) - 1, source.display, data, strict, entry))
    for job, result in zip(todo, _compile_jobs(todo, jobs), strict=True):
        done[job.position] = result
        if cache is not None and job.entry is not None:
            _store_result(cache, job.entry, result)
    compiled = [c for c in done if c is not None]
    for result in compiled:
        diagnostics.extend(result.diagnostics)
    with caching(cache):
        return assemble(compiled, diagnostics)


#: Fewer sources than this to compile are not worth starting processes for.
PARALLEL_MIN = 24


@dataclass(frozen=True, slots=True)
class _Job:
    """One source to compile: where its result goes and its cache entry."""

    position: int
    display: str
    data: bytes
    strict: bool
    entry: str | None


def _compile_job(job: _Job) -> Compiled:
    # Module level, so that a process pool can send it to its workers.
    return compile_text(job.display, job.data, strict=job.strict)


def _compile_jobs(todo: list[_Job], jobs: int) -> list[Compiled]:
    """Compile ``todo`` in order, on ``jobs`` processes when it pays."""
    workers = min(jobs, len(todo))
    if workers > 1 and len(todo) >= PARALLEL_MIN:
        # Small chunks keep both ends of a long build busy; each chunk is a
        # few patterns, so sending them costs little next to compiling them.
        chunk = max(1, len(todo) // (workers * 16))
        try:
            with ProcessPoolExecutor(max_workers=workers) as pool:
                return list(pool.map(_compile_job, todo, chunksize=chunk))
        except (OSError, BrokenProcessPool):
            pass  # no processes to be had here (a sandbox, a crash): use this one
    return [_compile_job(job) for job in todo]


def usable_cpus() -> int:
    """The processors this process may run on (the default for ``jobs``)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def _cache_types() -> dict[str, type]:
    """The classes a cache entry may be decoded into, and no others."""
    from .invariants import Status

    allowed: tuple[type, ...] = (
        Compiled,
        PatternReport,
        ConditionReport,
        InvariantFact,
        Diagnostic,
        Span,
        Severity,
        Status,
    )
    return {cls.__name__: cls for cls in allowed}


def _cached_result(cache: Cache, entry: str, display: str) -> Compiled | None:
    """The stored result for ``entry``, if it is whole and well-formed."""
    from .emit import hand_edited, is_generated

    data = cache.load(entry)
    if data is None:
        return None
    try:
        found = from_json(data, _cache_types())
    except (DecodeError, RecursionError):
        return None
    if not isinstance(found, Compiled) or not _well_formed(found, display):
        return None
    if found.code is not None and (not is_generated(found.code) or hand_edited(found.code)):
        return None
    return found


def _well_formed(item: Compiled, display: str) -> bool:
    report = item.report
    return (
        item.path == display
        and isinstance(item.code, str | None)
        and isinstance(item.skipped, bool)
        and isinstance(item.diagnostics, list)
        and all(
            isinstance(d, Diagnostic)
            and isinstance(d.span, Span)
            and isinstance(d.severity, Severity)
            for d in item.diagnostics
        )
        and (
            report is None
            or (
                isinstance(report, PatternReport)
                and all(isinstance(c, ConditionReport) for c in report.conditions)
                and all(
                    isinstance(f, InvariantFact) and isinstance(f.span, Span)
                    for f in report.invariants
                )
                and all(isinstance(n, str) for n in report.notes)
            )
        )
    )


def _store_result(cache: Cache, entry: str, result: Compiled) -> None:
    """Store ``result`` if it survives the trip through JSON unchanged."""
    try:
        data = to_json(result)
        back = from_json(json.loads(json.dumps(data)), _cache_types())
    except (Unencodable, DecodeError, ValueError, RecursionError):
        return
    if back == result:
        cache.store(entry, data)


def assemble(compiled: list[Compiled], diagnostics: list[Diagnostic]) -> BuildResult:
    """Check names across patterns and put the package together."""
    files: dict[str, str] = {}
    by_module: dict[str, Compiled] = {}
    exported: dict[str, Compiled] = {}
    for item in sorted(compiled, key=lambda c: c.path):
        if item.report is None or item.code is None:
            continue
        module = item.report.module
        if module in PACKAGE_FILES or module.startswith("_"):
            diagnostics.append(
                error(
                    item.path,
                    Span(1, 1, 1, 1),
                    "PS604",
                    f"pattern name {item.report.name!r} would overwrite the package's own "
                    f"{module}.py",
                    "choose another name",
                )
            )
            continue
        other = by_module.get(module)
        if other is not None and other.report is not None:
            diagnostics.append(
                error(
                    item.path,
                    Span(1, 1, 1, 1),
                    "PS603",
                    f"pattern {item.report.name!r} is also defined in {other.path} "
                    f"(as {other.report.name!r}): both would be {module}.py",
                    "give one of them another name",
                )
            )
            continue
        # `foo-async` would be a module and a function `foo_async`, which
        # pattern `foo` also exports: the package's names must not clash.
        clash = next(
            (
                (name, exported[name])
                for name in _exports(item.report)
                if name in exported
            ),
            None,
        )
        if clash is not None and clash[1].report is not None:
            diagnostics.append(
                error(
                    item.path,
                    Span(1, 1, 1, 1),
                    "PS603",
                    f"pattern {item.report.name!r} and pattern {clash[1].report.name!r} "
                    f"(in {clash[1].path}) would both define {clash[0]!r} in the package",
                    "give one of them another name",
                )
            )
            continue
        for name in _exports(item.report):
            exported[name] = item
        by_module[module] = item
        files[f"{module}.py"] = item.code
    modules = [
        (c.report.module, c.report.function, c.report.result_class)
        for _, c in sorted(by_module.items())
        if c.report is not None
    ]
    if modules:
        folders = sorted({c.path.rsplit("/", 1)[0] for c in by_module.values()})
        files["__init__.py"] = render_init(modules, ", ".join(f"{f}/*.prose.md" for f in folders))
        files[f"{RUNTIME_MODULE}.py"] = render_runtime(f"prosec's {RUNTIME_MODULE}.py template")
    ordered = sorted(diagnostics, key=Diagnostic.sort_key)
    return BuildResult(files=dict(sorted(files.items())), patterns=compiled, diagnostics=ordered)


def _exports(report: PatternReport) -> tuple[str, ...]:
    """The names a pattern adds to the package: its module, its functions
    and its result class."""
    return (
        report.module,
        report.function,
        f"{report.function}_async",
        report.result_class,
    )
