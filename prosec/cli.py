"""Command line: turns api/output results into text and exit codes.

Exit codes: 0 success; 1 the input has errors or ``check`` found a
difference; 2 usage or file-system error. No traceback on bad input.
"""

from __future__ import annotations

import dataclasses
import json
import sys
from collections import Counter
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from . import __version__

if TYPE_CHECKING:  # the pipeline is imported lazily: `--help` stays fast
    from .api import BuildResult, Cache, Diagnostic

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Compile OpenProse coordination patterns into typed Python and check their invariants.",
    context_settings={"help_option_names": ["-h", "--help"]},
    pretty_exceptions_enable=False,
    # Plain help: `[tool.prosec]` is text, not markup to be eaten.
    rich_markup_mode=None,
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
        help="Compile every pattern afresh: neither read nor write the build cache.",
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


def _settings(
    src: list[Path] | None, out: Path | None
) -> tuple[list[Path], Path, Path | None]:
    """Sources, output and cache folder from the arguments, else from the
    ``[tool.prosec]`` of the nearest ``pyproject.toml`` up from here."""
    from .api import find_settings

    settings = find_settings(Path.cwd())
    if settings.problem is not None:
        where = str(settings.pyproject)
        _fail(settings.problem.replace(where, _relative(Path(where)).as_posix()))
    # The settings' paths are relative to their pyproject.toml; from here
    # they read as `../patterns`, in messages as well.
    configured = [_relative(p) for p in settings.src]
    return (src or configured, _relative(settings.out) if out is None else out, settings.cache_dir)


def _relative(path: Path) -> Path:
    """An absolute path of the project as it reads from the working folder."""
    import os

    try:
        return Path(os.path.relpath(path)) if path.is_absolute() else path
    except ValueError:  # on another drive
        return path


def _count(number: int, word: str) -> str:
    return f"{number} {word}" if number == 1 else f"{number} {word}s"


def _fail(message: str) -> None:
    typer.echo(f"prosec: error: {message}", err=True)
    raise typer.Exit(2)


def _print_diagnostics(
    diagnostics: list[Diagnostic], result: BuildResult, fmt: Format, quiet: bool
) -> None:
    from .api import Severity, render_json, render_text, shown_path, source_lines

    shown = [
        dataclasses.replace(d, path=shown_path(result, d.path))
        for d in diagnostics
        if not quiet or d.severity is Severity.ERROR
    ]
    displays = {shown_path(result, d.path): d.path for d in diagnostics}
    if fmt is Format.json:
        typer.echo(render_json(shown))
        return
    lines: dict[str, list[str] | None] = {}
    for d in shown:
        if d.path not in lines:
            lines[d.path] = source_lines(result, displays.get(d.path, d.path))
        typer.echo(render_text(d, lines[d.path]), err=True)


def _cache(no_cache: bool, configured: Path | None) -> Cache | None:
    from .api import user_cache

    return None if no_cache else user_cache(configured)


def _stop_on_errors(result: BuildResult) -> None:
    if not result.ok:
        typer.echo("prosec: the sources have errors; nothing was written", err=True)
        raise typer.Exit(1)


@app.command()
def build(
    src: SrcArg = None,
    out: OutOpt = None,
    fmt: FormatOpt = Format.text,
    strict: StrictOpt = False,
    quiet: QuietOpt = False,
    no_cache: NoCacheOpt = False,
    verify_format: Annotated[
        bool,
        typer.Option(
            "--verify-format",
            help="Also format every file with black itself; write nothing if black would change one.",
        ),
    ] = False,
) -> None:
    """Compile every pattern under SRC into the package OUT."""
    from .api import build as build_package

    sources, target, cache_dir = _settings(src, out)
    built = build_package(
        sources,
        target,
        strict=strict,
        cache=_cache(no_cache, cache_dir),
        verify_format=verify_format,
    )
    _print_diagnostics(built.diagnostics, built.result, fmt, quiet)
    _stop_on_errors(built.result)
    if not built.ok:
        typer.echo("prosec: nothing was written", err=True)
        raise typer.Exit(2)
    if not quiet and fmt is Format.text:
        count = sum(1 for c in built.result.patterns if c.code is not None)
        skipped = sum(1 for c in built.result.patterns if c.skipped)
        typer.echo(
            f"prosec: {_count(count, 'pattern')} → {target.as_posix()}/ "
            f"({len(built.written)} written, {len(built.unchanged)} unchanged, "
            f"{len(built.removed)} removed)"
            + (f"; {_count(skipped, 'file')} without `kind: pattern` skipped (PS017)" if skipped else ""),
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
    from .api import check as check_package

    sources, target, cache_dir = _settings(src, out)
    checked = check_package(sources, target, strict=strict, cache=_cache(no_cache, cache_dir))
    _print_diagnostics(checked.diagnostics, checked.result, fmt, quiet)
    _stop_on_errors(checked.result)
    if checked.output and not checked.ok:
        raise typer.Exit(2)
    for diff in checked.differences:
        typer.echo(f"prosec: {(target / diff.name).as_posix()}: {diff.reason}", err=True)
        if diff.diff:
            typer.echo(diff.diff)
    if checked.differences:
        typer.echo(f"prosec: {len(checked.differences)} file(s) differ; run `prosec build`", err=True)
        raise typer.Exit(1)
    if not quiet and fmt is Format.text:
        typer.echo(f"prosec: {target.as_posix()}/ is up to date", err=True)


@app.command()
def report(
    src: SrcArg = None,
    fmt: FormatOpt = Format.text,
    strict: StrictOpt = False,
    no_cache: NoCacheOpt = False,
) -> None:
    """Print, per pattern, every condition with its lowering and every invariant with its status."""
    from .api import compile_paths, printable, sentence_statuses, shown_path

    sources, _, cache_dir = _settings(src, None)
    result = compile_paths(sources, strict=strict, cache=_cache(no_cache, cache_dir))
    patterns = [c.report for c in result.patterns if c.report is not None]
    if fmt is Format.json:
        data = [
            {
                "path": shown_path(result, r.path),
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
                        "read_as": f.read_as,
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
        for r in patterns:
            typer.echo(f"{shown_path(result, r.path)}: {r.name}")
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
            f"total: {_count(len(patterns), 'pattern')}; {_count(len(conditions), 'condition')} "
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
    fmt: Annotated[
        Format, typer.Option("--format", help="Text, or JSON with the diagnostics beside the program.")
    ] = Format.text,
) -> None:
    """Print the lowered program of one pattern (the compiler's IR), with positions."""
    from .api import dump_ir, ir_data, lower_file, render_text

    found = lower_file(path)
    if fmt is Format.json:
        data = {
            "path": path.as_posix(),
            "program": None if found.program is None else ir_data(found.program),
            "diagnostics": [d.to_json() for d in found.diagnostics],
        }
        typer.echo(json.dumps(data, indent=2, ensure_ascii=True))
    else:
        for d in found.diagnostics:
            typer.echo(render_text(d, found.lines), err=True)
        if found.program is not None:
            typer.echo(dump_ir(found.program), nl=False)
    if found.program is None:
        raise typer.Exit(1)


@app.command()
def explain(
    code: Annotated[str, typer.Argument(help="A diagnostic code, such as PS102.", show_default=False)],
) -> None:
    """Print what a diagnostic code means, with an example and the fix."""
    from .api import explain as explain_code

    found = explain_code(code)
    if found.text is None:
        from difflib import get_close_matches

        close = get_close_matches(found.code.upper(), found.known, n=3)
        hint = f" (did you mean {' or '.join(close)}?)" if close else ""
        _fail(
            f"no diagnostic {found.code!r}{hint}; the codes run from {found.known[0]} "
            f"to {found.known[-1]}, listed in docs/diagnostics.md"
        )
    typer.echo(found.text, nl=False)


def main() -> None:
    """The ``prosec`` command."""
    try:
        app()
        code: str | int | None = 0
    except KeyboardInterrupt:
        code = 130
    except SystemExit as exc:
        code = exc.code
    _exit(code)


def _exit(code: str | int | None) -> None:
    """End the process with ``code``, as ``sys.exit`` would, but without
    freeing the build's objects one by one first: a cold build holds the
    parsers' tables and every module it made, and releasing them at
    interpreter shutdown costs more than a tenth of a second that no one
    needs. Exit handlers still run and the output is flushed. Where another
    thread still runs, the interpreter shuts down as usual (it waits for
    it)."""
    import atexit
    import os
    import threading

    if threading.active_count() > 1:
        sys.exit(code)
    if code is None:
        status = 0
    elif isinstance(code, int):
        status = code & 0xFF
    else:  # sys.exit("message"): the message on stderr, status 1
        print(code, file=sys.stderr)
        status = 1
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe: nothing more to say
            pass
    os._exit(status)
