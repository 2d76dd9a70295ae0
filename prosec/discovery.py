"""Source roots → the pattern files under them, sorted, and their bytes.

Only regular files are ever opened: links that leave their tree or dangle,
folders named like patterns, FIFOs and devices are skipped with a warning.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from .diagnostics import WHOLE_FILE, Diagnostic, error, printable, warning
from .files import read_regular
from .markdown import MAX_FILE_BYTES

# PS605  no pattern files under a source
# PS606  a source path is skipped (not a regular file, a link leaving the tree)
# PS607  a source path cannot be read

SUFFIX = ".prose.md"


@dataclass(frozen=True, slots=True)
class Source:
    """A pattern file found under a source root."""

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
        try:
            if not root.exists() and not root.is_symlink():
                diagnostics.append(
                    error(shown_root, WHOLE_FILE, "PS605", f"no such file or folder: {shown_root}")
                )
                continue
            walk = root.is_dir()
            base = root if walk else root.parent
            real_base = base.resolve()
        except (OSError, RuntimeError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) else "a link that loops"
            diagnostics.append(
                error(shown_root, WHOLE_FILE, "PS607", f"cannot read {shown_root}: {reason}")
            )
            continue
        label = real_base.name or "."
        unreadable: list[tuple[Path, str]] = []
        candidates = _walk(root, unreadable) if walk else [root]
        for folder, why in unreadable:
            shown = _display(f"{label}/{folder.relative_to(base).as_posix()}")
            diagnostics.append(error(shown, WHOLE_FILE, "PS607", f"cannot read folder: {why}"))
        count = 0
        for path in candidates:
            relative = path.relative_to(base).as_posix()
            display = _display(f"{label}/{relative}")
            try:
                problem = _skip_reason(path, real_base)
            except OSError as exc:
                diagnostics.append(
                    error(display, WHOLE_FILE, "PS607", f"cannot read file: {exc.strerror}")
                )
                count += 1
                continue
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
        if count == 0 and not unreadable:
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


def _walk(root: Path, unreadable: list[tuple[Path, str]]) -> list[Path]:
    """The pattern files under ``root``; folders that cannot be listed go
    to ``unreadable``, with why."""

    def failed(exc: OSError) -> None:
        unreadable.append((Path(exc.filename) if exc.filename else root, exc.strerror or str(exc)))

    out: list[Path] = []
    for folder, dirs, files in os.walk(root, onerror=failed, followlinks=False):
        dirs.sort()
        here = Path(folder)
        for name in sorted(files + [d for d in dirs if d.endswith(SUFFIX)]):
            if name.endswith(SUFFIX):
                out.append(here / name)
        # Symlinked folders are listed in `dirs` but never walked.
    return sorted(out)


def read_source(path: Path) -> bytes:
    """The bytes of a pattern file, at most one byte past the size limit
    (regular files only, never blocking)."""
    return read_regular(path, MAX_FILE_BYTES)


def _skip_reason(path: Path, real_base: Path) -> str | None:
    """Why ``path`` is skipped (a warning), or None to read it. Raises
    OSError when it cannot be looked at: then it is a pattern file that
    cannot be read, an error, never something to skip quietly."""
    info = path.lstat()
    if stat.S_ISLNK(info.st_mode):
        try:
            target = path.resolve(strict=True)
        except FileNotFoundError:
            return "a link that dangles"
        except RuntimeError:
            return "a link that loops"
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                return "a link that loops"
            raise
        if not target.is_relative_to(real_base):
            return "a link that leaves the source tree"
        info = target.stat()
    if stat.S_ISDIR(info.st_mode):
        return "a folder, not a pattern file"
    if not stat.S_ISREG(info.st_mode):
        return "not a regular file"
    return None
