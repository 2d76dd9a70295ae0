"""Command line: turns api/output results into text and exit codes.

Exit codes: 0 success; 1 the input has errors or ``check`` found a
difference; 2 usage or file-system error. No traceback on bad input.
"""

from __future__ import annotations

import json
import sys
import tomllib
from collections import Counter
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from . import __version__

if TYPE_CHECKING:  # the pipeline is imported lazily: `--help` stays fast
    from .api import BuildResult

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Compile OpenProse coordination patterns into typed Python and check their invariants.",
    context_settings={"help_option_names": ["-h", "--help"]},
    pretty_exceptions_enable=False,
)


class Format(StrEnum):
    text = "text"
    json = "json"


SrcArg = Annotated[
    list[Path] | None,
    typer.Argument(
        help="Pattern files or folders (default: [tool.prosec] src in pyproject.toml, else patterns/).",
        show_default=False,
    ),
]
OutOpt = Annotated[
    Path | None,
    typer.Option("--out", "-o", help="Output package folder (default: [tool.prosec] out, else generated/).", show_default=False),
]
FormatOpt = Annotated[Format, typer.Option("--format", help="How to print diagnostics.")]
StrictOpt = Annotated[bool, typer.Option("--strict", help="Unrecognized invariants are errors.")]
QuietOpt = Annotated[bool, typer.Option("--quiet", "-q", help="Print errors only.")]
NoCacheOpt = Annotated[
    bool,
    typer.Option(
        "--no-cache",
        help="Compile every pattern afresh: neither read nor write the build cache (.prosec-cache/).",
    ),
]


def _version(value: bool) -> None:
    if value:
        typer.echo(f"prosec {__version__}")
        raise typer.Exit(0)


@app.callback()
def main_callback(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Show the version and exit."),
    ] = False,
) -> None:
    """prosec compiles `*.prose.md` patterns into a Python package."""


def _settings(src: list[Path] | None, out: Path | None) -> tuple[list[Path], Path]:
    """Sources and output from the arguments, else ``[tool.prosec]``."""
    config: dict[str, object] = {}
    pyproject = Path("pyproject.toml")
    if pyproject.is_file():
        try:
            data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
            tool = data.get("tool", {}).get("prosec", {})
            if isinstance(tool, dict):
                config = tool
        except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
            _fail(f"cannot read pyproject.toml: {exc}")
    if not src:
        configured = config.get("src", ["patterns"])
        if isinstance(configured, str):
            configured = [configured]
        src = [Path(str(p)) for p in configured] if isinstance(configured, list) else [Path("patterns")]
    if out is None:
        out = Path(str(config.get("out", "generated")))
    return src, out


def _fail(message: str) -> None:
    typer.echo(f"prosec: error: {message}", err=True)
    raise typer.Exit(2)


def _print_diagnostics(result: BuildResult, fmt: Format, quiet: bool) -> None:
    from .diagnostics import Severity, render_json, render_text

    shown = [d for d in result.diagnostics if not quiet or d.severity is Severity.ERROR]
    if fmt is Format.json:
        typer.echo(render_json(shown))
        return
    lines: dict[str, list[str] | None] = {}
    for d in shown:
        if d.path not in lines:
            lines[d.path] = _source_lines(d.path)
        typer.echo(render_text(d, lines[d.path]), err=True)


_SOURCE_PATHS: dict[str, Path] = {}


def _source_lines(display: str) -> list[str] | None:
    """The lines of a source that has something to show, read only then."""
    from .api import read_source
    from .markdown import decode

    path = _SOURCE_PATHS.get(display)
    if path is None:
        return None
    try:
        text, _ = decode(display, read_source(path))
    except OSError:
        return None
    return text.split("\n") if text is not None else None


def _compile(src: list[Path], strict: bool, no_cache: bool = False) -> BuildResult:
    """Find and compile the sources; remember where they are for caret
    displays."""
    from .api import compile_sources, find_sources, usable_cpus
    from .cache import DEFAULT_DIR, Cache

    sources, found = find_sources(src)
    _SOURCE_PATHS.update((source.display, source.path) for source in sources)
    cache = None if no_cache else Cache(Path(DEFAULT_DIR))
    result = compile_sources(sources, strict=strict, jobs=usable_cpus(), cache=cache)
    result.diagnostics = sorted(found + result.diagnostics, key=lambda d: d.sort_key())
    return result


def _compiled(
    src: list[Path] | None,
    out: Path | None,
    fmt: Format,
    strict: bool,
    quiet: bool,
    no_cache: bool,
) -> tuple[BuildResult, Path]:
    """The shared start of `build` and `check`: settings, compile, print the
    diagnostics, stop with exit 1 on errors."""
    sources, target = _settings(src, out)
    result = _compile(sources, strict, no_cache)
    _print_diagnostics(result, fmt, quiet)
    if not result.ok:
        typer.echo("prosec: the sources have errors; nothing was written", err=True)
        raise typer.Exit(1)
    return result, target


@app.command()
def build(
    src: SrcArg = None,
    out: OutOpt = None,
    fmt: FormatOpt = Format.text,
    strict: StrictOpt = False,
    quiet: QuietOpt = False,
    no_cache: NoCacheOpt = False,
) -> None:
    """Compile every pattern under SRC into the package OUT."""
    from .output import OutputError, apply, plan

    result, target = _compiled(src, out, fmt, strict, quiet, no_cache)
    try:
        changes = plan(target, result.files)
        apply(target, changes)
    except OutputError as exc:
        _fail(str(exc))
    for name in changes.foreign:
        typer.echo(f"prosec: warning: {target / name} was not written by prosec; left alone", err=True)
    if not quiet and fmt is Format.text:
        count = sum(1 for c in result.patterns if c.code is not None)
        typer.echo(
            f"prosec: {count} patterns → {target}/ "
            f"({len(changes.write)} written, {len(changes.unchanged)} unchanged, "
            f"{len(changes.delete)} removed)",
            err=True,
        )


@app.command()
def check(
    src: SrcArg = None,
    out: OutOpt = None,
    fmt: FormatOpt = Format.text,
    strict: StrictOpt = False,
    quiet: QuietOpt = False,
    no_cache: NoCacheOpt = False,
) -> None:
    """Build in memory and compare with OUT; print a diff; exit 1 on any difference."""
    from .output import OutputError, differences

    result, target = _compiled(src, out, fmt, strict, quiet, no_cache)
    try:
        found = differences(target, result.files)
    except OutputError as exc:
        _fail(str(exc))
    for diff in found:
        typer.echo(f"prosec: {target / diff.name}: {diff.reason}", err=True)
        if diff.diff:
            typer.echo(diff.diff)
    if found:
        typer.echo(f"prosec: {len(found)} file(s) differ; run `prosec build`", err=True)
        raise typer.Exit(1)
    if not quiet and fmt is Format.text:
        typer.echo(f"prosec: {target}/ is up to date", err=True)


@app.command()
def report(
    src: SrcArg = None,
    fmt: FormatOpt = Format.text,
    strict: StrictOpt = False,
    no_cache: NoCacheOpt = False,
) -> None:
    """Print, per pattern, every condition with its lowering and every invariant with its status."""
    from .api import sentence_statuses

    sources, _ = _settings(src, None)
    result = _compile(sources, strict, no_cache)
    patterns = [c.report for c in result.patterns if c.report is not None]
    if fmt is Format.json:
        data = [
            {
                "path": r.path,
                "pattern": r.name,
                "conditions": [
                    {"line": c.line, "text": c.text, "lowering": c.lowering} for c in r.conditions
                ],
                "invariants": [
                    {
                        "line": f.span.line,
                        "text": f.text,
                        "kind": f.kind,
                        "status": f.status.value,
                        "evidence": list(f.evidence),
                    }
                    for f in r.invariants
                ],
                "notes": r.notes,
            }
            for r in patterns
        ]
        typer.echo(json.dumps(data, indent=2, ensure_ascii=True))
    else:
        from .diagnostics import printable

        for r in patterns:
            typer.echo(f"{r.path}: {r.name}")
            typer.echo("  conditions:")
            for c in r.conditions:
                typer.echo(f"    line {c.line}: {printable(c.text)} → {c.lowering}")
            typer.echo("  invariants:")
            for f in r.invariants:
                typer.echo(f"    line {f.span.line}: [{f.status.value}] ({f.kind}) {printable(f.text)}")
                for e in f.evidence:
                    typer.echo(f"        {printable(e)}")
            for note in r.notes:
                typer.echo(f"  note: {printable(note)}")
        conditions = [c for r in patterns for c in r.conditions]
        judged = sum(1 for c in conditions if c.lowering.startswith("judge"))
        statuses = Counter(
            status for r in patterns for _, status in sentence_statuses(r.invariants)
        )
        facts = sum(len(r.invariants) for r in patterns)
        typer.echo(
            f"total: {len(patterns)} patterns; {len(conditions)} conditions "
            f"({len(conditions) - judged} deterministic, {judged} to the judge); "
            f"{sum(statuses.values())} invariants in {facts} facts ("
            + ", ".join(f"{statuses[s]} {s}" for s in ("proved", "enforced", "violated", "unverifiable", "unrecognized"))
            + ")"
        )
    if not result.ok:
        raise typer.Exit(1)


@app.command("ir")
def ir_command(
    path: Annotated[Path, typer.Argument(help="One pattern file.", show_default=False)],
) -> None:
    """Print the lowered program of one pattern (the compiler's IR), with positions."""
    from .api import lowered
    from .diagnostics import render_text
    from .irdump import dump

    try:
        data = path.read_bytes()
    except OSError as exc:
        _fail(f"cannot read {path}: {exc.strerror}")
    program, diagnostics = lowered(path.as_posix(), data)
    lines = data.decode("utf-8", "replace").splitlines()
    for d in diagnostics:
        typer.echo(render_text(d, lines), err=True)
    if program is None:
        raise typer.Exit(1)
    typer.echo(dump(program), nl=False)


def main() -> None:
    try:
        app()
    except KeyboardInterrupt:
        sys.exit(130)
