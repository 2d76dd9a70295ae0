"""Compiled patterns → the files of one package: names checked across
patterns, each pattern's module, ``__init__.py`` and ``_runtime.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .diagnostics import WHOLE_FILE, Diagnostic, Span, error, has_errors
from .emit import TextCache, render_init, render_runtime
from .pipeline import Compiled, PatternReport, own_files_unreadable

# PS603  two files declare the same pattern name
# PS604  pattern name would address a file outside the package or one of its own

RUNTIME_MODULE = "_runtime"
PACKAGE_FILES = frozenset({"__init__", RUNTIME_MODULE})


@dataclass
class BuildResult:
    """Everything a build produces, in memory."""

    files: dict[str, str]  # path inside the output package → content
    patterns: list[Compiled]
    diagnostics: list[Diagnostic]
    #: Where each source was found, by the name diagnostics give it.
    sources: dict[str, Path] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not has_errors(self.diagnostics)


def assemble(
    compiled: list[Compiled], diagnostics: list[Diagnostic], *, cache: TextCache | None = None
) -> BuildResult:
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
        try:
            files["__init__.py"] = render_init(
                modules, ", ".join(f"{f}/*.prose.md" for f in folders), cache
            )
            files[f"{RUNTIME_MODULE}.py"] = render_runtime("prosec/runtime.py")
        except OSError as exc:
            message, hint = own_files_unreadable(exc)
            where = str(exc.filename) if exc.filename else "prosec"
            diagnostics.append(error(where, WHOLE_FILE, "PS608", message, hint))
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
