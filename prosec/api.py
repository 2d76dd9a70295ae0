"""What a program calls: find, compile, build, check and report patterns.

Each function returns values (results, file changes, diagnostics); nothing
here prints, exits or raises on bad input or a failing file system. The work
is done by one module per stage: ``discovery`` finds the pattern files,
``pipeline`` compiles one, ``batch`` compiles many (build cache, process
pool), ``package`` puts the package's files together and ``output`` writes
or compares them. ``cli.py`` turns what these functions return into text and
exit codes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from . import ir
from .batch import compile_all, usable_cpus
from .cache import Cache
from .diagnostics import (
    WHOLE_FILE,
    Diagnostic,
    Severity,
    error,
    printable,
    render_json,
    render_text,
    warning,
)
from .discovery import SUFFIX, Source, find_sources, read_source
from .output import Difference
from .package import BuildResult, assemble
from .pipeline import (
    Compiled,
    ConditionReport,
    PatternReport,
    compile_text,
    lowered,
    sentence_statuses,
)
from .settings import Settings, find_settings

__all__ = [
    "SUFFIX",
    "BuildResult",
    "Built",
    "Cache",
    "Checked",
    "Compiled",
    "ConditionReport",
    "Diagnostic",
    "Difference",
    "Explanation",
    "Lowered",
    "Outcome",
    "PatternReport",
    "Settings",
    "Severity",
    "Source",
    "assemble",
    "build",
    "check",
    "compile_paths",
    "compile_sources",
    "compile_text",
    "dump_ir",
    "explain",
    "find_settings",
    "find_sources",
    "ir_data",
    "lower_file",
    "lowered",
    "printable",
    "read_source",
    "render_json",
    "render_text",
    "sentence_statuses",
    "shown_path",
    "source_lines",
    "usable_cpus",
    "user_cache",
]

# PS610  the output folder cannot be used or written
# PS620  the build cache is not used: its key file cannot be trusted
# PS612  a file in the output folder that prosec did not write is left alone


def compile_sources(
    sources: Iterable[Source],
    *,
    strict: bool = False,
    jobs: int = 1,
    cache: Cache | None = None,
) -> BuildResult:
    """Compile ``sources`` into the files of one package, in memory.

    With a ``cache``, unchanged sources (and the package's own files) are
    taken from it; with ``jobs`` > 1 many sources are compiled on that many
    processes. The result does not depend on either.
    """
    compiled, diagnostics = compile_all(sources, strict=strict, jobs=jobs, cache=cache)
    for result in compiled:
        diagnostics.extend(result.diagnostics)
    return assemble(compiled, diagnostics, cache=cache)


def compile_paths(
    paths: Sequence[Path],
    *,
    strict: bool = False,
    jobs: int | None = None,
    cache: Cache | None = None,
) -> BuildResult:
    """Find every pattern file under ``paths`` and compile them.

    What finding them reported (skipped links, folders without patterns) is
    among the result's diagnostics. ``jobs`` defaults to the usable CPUs.
    """
    sources, found = find_sources(paths)
    result = compile_sources(
        sources, strict=strict, jobs=usable_cpus() if jobs is None else jobs, cache=cache
    )
    if cache is not None and cache.problem is not None:
        found.append(
            warning(
                cache.problem.path.as_posix(),
                WHOLE_FILE,
                "PS620",
                f"the build cache is not used: {cache.problem.reason}",
                "remove the key file; prosec makes a new one, readable only by you",
            )
        )
    result.diagnostics = sorted(found + result.diagnostics, key=Diagnostic.sort_key)
    result.sources = {source.display: source.path for source in sources}
    return result


def user_cache(configured: Path | None = None) -> Cache | None:
    """The build cache the command line uses: in the user's cache folder
    (``$PROSEC_CACHE_DIR``, else ``configured``, else
    ``$XDG_CACHE_HOME/prosec``), its entries authenticated with this user's
    key. None when the user has no cache folder at all."""
    from .cache import location

    where = location(configured)
    return None if where is None else Cache.open(where)


def source_lines(result: BuildResult, display: str) -> list[str] | None:
    """The lines of the source a diagnostic names, to show a caret under it;
    None when it is not one of ``result``'s sources or cannot be read."""
    from .markdown import decode

    path = result.sources.get(display)
    if path is None:
        return None
    try:
        text, _ = decode(display, read_source(path))
    except OSError:
        return None
    return text.split("\n") if text is not None else None


# ---------------------------------------------------------------- build and check


@dataclass
class Outcome:
    """A compile result and the findings about the output folder."""

    result: BuildResult
    out: Path
    #: Findings about the output folder; when one is an error, nothing was
    #: written (``build``) or the folder could not be compared (``check``).
    output: list[Diagnostic] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.result.ok and not any(d.is_error for d in self.output)

    @property
    def diagnostics(self) -> list[Diagnostic]:
        return [*self.result.diagnostics, *self.output]


@dataclass
class Built(Outcome):
    """What ``build`` did: the files it wrote, left unchanged and removed."""

    written: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)


@dataclass
class Checked(Outcome):
    """What ``check`` found: every file that is not what the sources compile to."""

    differences: list[Difference] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return super().ok and not self.differences


def build(
    paths: Sequence[Path],
    out: Path,
    *,
    strict: bool = False,
    jobs: int | None = None,
    cache: Cache | None = None,
    verify_format: bool = False,
) -> Built:
    """Compile ``paths`` and write the package into ``out``, all or nothing.

    Nothing is written when the sources have errors or the output folder
    cannot take every file of the package (output.py says when). With
    ``verify_format``, every file is also formatted with black itself, and a
    file that black would change is an error (PS699) and nothing is written.
    """
    from .output import write_package

    result = compile_paths(paths, strict=strict, jobs=jobs, cache=cache)
    if verify_format and result.ok:
        from .emit import format_differences

        result.diagnostics = sorted(
            result.diagnostics + format_differences(result.files), key=Diagnostic.sort_key
        )
    built = Built(result, out)
    if result.ok:
        done = write_package(out, result.files)
        built.output = done.diagnostics
        built.written, built.unchanged, built.removed = done.written, done.unchanged, done.removed
    return built


def check(
    paths: Sequence[Path],
    out: Path,
    *,
    strict: bool = False,
    jobs: int | None = None,
    cache: Cache | None = None,
) -> Checked:
    """Compile ``paths`` in memory and compare with ``out``. Writes nothing
    in the project."""
    from .output import compare

    result = compile_paths(paths, strict=strict, jobs=jobs, cache=cache)
    checked = Checked(result, out)
    if result.ok:
        checked.differences, checked.output = compare(out, result.files)
    return checked


# ---------------------------------------------------------------- one file's IR


@dataclass
class Lowered:
    """One pattern's lowered program (None when it does not lower), with
    its diagnostics and the lines of its file."""

    program: ir.Program | None
    diagnostics: list[Diagnostic]
    lines: list[str] | None


def lower_file(path: Path) -> Lowered:
    """The IR of the pattern file at ``path`` (for ``prosec ir``)."""
    display = path.as_posix()
    try:
        data = read_source(path)
    except OSError as exc:
        return Lowered(
            None, [error(display, WHOLE_FILE, "PS607", f"cannot read file: {exc.strerror}")], None
        )
    program, diagnostics = lowered(display, data)
    return Lowered(program, diagnostics, data.decode("utf-8", "replace").splitlines())


def dump_ir(program: ir.Program) -> str:
    """``program`` as readable text, one node per line with its position."""
    from .irdump import dump

    return dump(program)


def ir_data(program: ir.Program) -> dict[str, object]:
    """``program`` as JSON-ready data (``prosec ir --format json``)."""
    from .irdump import to_json

    return to_json(program)


# ---------------------------------------------------------------- for people


def shown_path(result: BuildResult | None, path: str, cwd: Path | None = None) -> str:
    """A diagnostic's path as a person in ``cwd`` (the working folder by
    default) can open it.

    Diagnostics name a source by its stable display name (the one written
    into generated headers, the same from any folder); this is the file as
    it was found instead: a path given relative to the working folder stays
    so (``../patterns/guard.prose.md``), an absolute one is made relative
    when it lies inside ``cwd`` and kept whole otherwise.
    """
    import os

    source = result.sources.get(path) if result is not None else None
    if source is None and not os.path.isabs(path):
        return path  # a name as the user gave it, or not a file at all
    target = str(source) if source is not None else path
    if not os.path.isabs(target):
        return Path(os.path.normpath(target)).as_posix()
    here = Path(os.path.abspath(cwd or Path.cwd()))
    absolute = Path(os.path.abspath(target))
    if not absolute.is_relative_to(here):
        return absolute.as_posix()
    return absolute.relative_to(here).as_posix()


@dataclass(frozen=True, slots=True)
class Explanation:
    """What ``prosec explain`` shows for one code."""

    code: str
    #: The entry of docs/diagnostics.md; None when the code does not exist.
    text: str | None
    #: Codes that do exist, for a message about one that does not.
    known: tuple[str, ...]


def explain(code: str) -> Explanation:
    """The documentation of diagnostic ``code`` (``PS102``, ``ps102`` or
    ``102``): what it means, an example and the fix."""
    from .explain import diagnostics_text, entries, normalize

    found = entries(diagnostics_text())
    name = normalize(code) or code.strip()
    return Explanation(name, found.get(name), tuple(sorted(found)))
