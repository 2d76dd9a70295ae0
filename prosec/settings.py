"""The working folder → the project's ``[tool.prosec]`` settings.

As black, ruff and mypy do, the settings are found by walking up from the
working folder: the nearest ``pyproject.toml`` with a ``[tool.prosec]``
table holds them, and the paths in it are relative to that file's folder,
so ``prosec build`` means the same in any folder of the project. Without
one, the defaults are ``patterns/`` and ``generated/`` in the working
folder.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path

DEFAULT_SRC = "patterns"
DEFAULT_OUT = "generated"


@dataclass(frozen=True, slots=True)
class Settings:
    """Where the sources, the package and the build cache are."""

    src: list[Path] = field(default_factory=lambda: [Path(DEFAULT_SRC)])
    out: Path = Path(DEFAULT_OUT)
    cache_dir: Path | None = None
    #: The file the settings come from; None for the defaults.
    pyproject: Path | None = None
    #: Why the settings could not be read (the file and what is wrong).
    problem: str | None = None


def find_settings(start: Path) -> Settings:
    """The settings that apply in folder ``start``; never raises."""
    folder = start.absolute()
    for candidate in (folder / "pyproject.toml", *(p / "pyproject.toml" for p in folder.parents)):
        try:
            if not candidate.is_file():
                continue
            data = tomllib.loads(candidate.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            return Settings(pyproject=candidate, problem=f"cannot read {candidate}: {exc}")
        tool = data.get("tool", {})
        table = tool.get("prosec") if isinstance(tool, dict) else None
        if table is None:
            continue
        if not isinstance(table, dict):
            return Settings(pyproject=candidate, problem=f"[tool.prosec] in {candidate} is not a table")
        return _read(candidate, table)
    return Settings()


def _read(pyproject: Path, table: dict[str, object]) -> Settings:
    base = pyproject.parent

    def problem(key: str, wanted: str) -> Settings:
        return Settings(
            pyproject=pyproject, problem=f"[tool.prosec] {key} in {pyproject} must be {wanted}"
        )

    src = table.get("src", [DEFAULT_SRC])
    if isinstance(src, str):
        src = [src]
    if not isinstance(src, list) or not src or not all(isinstance(p, str) for p in src):
        return problem("src", "a folder or a list of folders")
    out = table.get("out", DEFAULT_OUT)
    if not isinstance(out, str):
        return problem("out", "a folder")
    cache_dir = table.get("cache-dir")
    if cache_dir is not None and not isinstance(cache_dir, str):
        return problem("cache-dir", "a folder")
    return Settings(
        src=[base / p for p in src],
        out=base / out,
        cache_dir=base / cache_dir if isinstance(cache_dir, str) else None,
        pyproject=pyproject,
    )
