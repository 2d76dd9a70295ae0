"""Compiled files → the output folder: atomic writes, and ``check``'s diff.

prosec writes and deletes only files that carry its header, never writes
through a link, and writes nothing when the build has errors.
"""

from __future__ import annotations

import difflib
import os
import tempfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from .emit import hand_edited, is_generated


class OutputError(Exception):
    """The output folder cannot be used (exit code 2)."""


@dataclass
class Plan:
    """What a build would change in the output folder."""

    write: dict[str, str] = field(default_factory=dict)  # name → new content
    delete: list[str] = field(default_factory=list)  # stale generated files
    foreign: list[str] = field(default_factory=list)  # files prosec did not write
    unchanged: list[str] = field(default_factory=list)


def existing(out: Path) -> dict[str, str | None]:
    """Files directly in the output folder: name → text (None if unreadable
    or a link)."""
    if not out.exists() and not out.is_symlink():
        return {}
    if out.is_symlink():
        raise OutputError(f"output folder {out} is a link; prosec does not write through links")
    if not out.is_dir():
        raise OutputError(f"output path {out} is not a folder")
    found: dict[str, str | None] = {}
    for entry in sorted(out.iterdir()):
        if entry.name == "__pycache__" or entry.name.startswith("."):
            continue
        if entry.is_symlink() or not entry.is_file():
            found[entry.name] = None
            continue
        try:
            found[entry.name] = entry.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            found[entry.name] = None
    return found


def plan(out: Path, files: dict[str, str]) -> Plan:
    result = Plan()
    current = existing(out)
    for name, content in files.items():
        old = current.get(name, "")
        if name in current and (old is None or not is_generated(old)):
            result.foreign.append(name)
            continue
        if old == content:
            result.unchanged.append(name)
        else:
            result.write[name] = content
    for name, text in current.items():
        if name in files:
            continue
        if text is not None and is_generated(text):
            result.delete.append(name)
        elif name.endswith(".py"):
            result.foreign.append(name)
    return result


def write_atomic(path: Path, content: str) -> None:
    """Write via a temporary file in the same folder and ``os.replace``: a
    crash leaves the old file or the new one, never half of one."""
    if path.is_symlink():
        raise OutputError(f"{path} is a link; prosec does not write through links")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(content)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with _suppress():
            os.unlink(tmp)
        raise


class _suppress:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> bool:
        return True


def apply(
    out: Path, result: Plan, *, writer: Callable[[Path, str], None] | None = None
) -> None:
    """Carry out a plan, all or nothing. Foreign files are left alone.

    Every new file is first written in full to a hidden temporary file in
    ``out`` (with ``writer``, :func:`write_atomic` by default); only when all
    of them are written are they moved into place, each with one atomic
    ``os.replace``, and stale files deleted. A failure while writing leaves
    the folder as it was; a failure while moving puts back what was already
    moved. Either way the previous package is left exactly as it was.
    """
    write = writer if writer is not None else write_atomic  # looked up now: tests patch it
    if out.is_symlink():
        raise OutputError(f"output folder {out} is a link; prosec does not write through links")
    if out.exists() and not out.is_dir():
        raise OutputError(f"output path {out} is not a folder")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"cannot create {out}: {exc.strerror}") from exc
    real = out.resolve()
    targets = [(out / name, content) for name, content in sorted(result.write.items())]
    for target, _ in [*targets, *((out / name, "") for name in result.delete)]:
        if target.parent.resolve() != real or target.name in ("", ".", ".."):
            raise OutputError(f"refusing to write {target.name} outside {out}")
        if target.is_symlink():
            raise OutputError(f"{target} is a link; prosec does not write through links")

    staged: list[tuple[Path, Path]] = []  # (temporary file, target)
    try:
        for target, content in targets:
            fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".new", dir=out)
            os.close(fd)
            staged.append((Path(name), target))
            write(Path(name), content)
    except BaseException as exc:
        _discard(tmp for tmp, _ in staged)
        if isinstance(exc, OSError):
            raise OutputError(f"cannot write into {out}: {exc.strerror or exc}") from exc
        raise

    previous: dict[Path, bytes | None] = {}
    done: list[Path] = []
    try:
        for tmp, target in staged:
            previous[target] = target.read_bytes() if target.exists() else None
            os.replace(tmp, target)
            done.append(target)
        for name in sorted(result.delete):
            stale = out / name
            previous[stale] = stale.read_bytes()
            stale.unlink()
            done.append(stale)
    except BaseException as exc:
        _roll_back(done, previous)
        _discard(tmp for tmp, _ in staged)
        if isinstance(exc, OSError):
            raise OutputError(
                f"cannot update {out}: {exc.strerror or exc}; the previous files were put back"
            ) from exc
        raise


def _discard(paths: Iterable[Path]) -> None:
    for path in paths:
        with _suppress():
            path.unlink()


def _roll_back(done: list[Path], previous: dict[Path, bytes | None]) -> None:
    """Undo the moves and deletions of a failed :func:`apply`, newest first."""
    for path in reversed(done):
        old = previous.get(path)
        with _suppress():
            if old is None:
                path.unlink()
            else:
                fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".old", dir=path.parent)
                with os.fdopen(fd, "wb") as handle:
                    handle.write(old)
                os.replace(tmp, path)


@dataclass(frozen=True, slots=True)
class Difference:
    name: str
    reason: str  # "stale", "missing", "extra", "hand-edited"
    diff: str


def differences(out: Path, files: dict[str, str]) -> list[Difference]:
    """What ``check`` reports: every file that is not what the sources
    compile to, with a unified diff."""
    current = existing(out)
    found: list[Difference] = []
    label = out.as_posix()
    for name, content in files.items():
        old = current.get(name)
        if name not in current:
            found.append(Difference(name, "missing", _diff("", content, f"{label}/{name}")))
        elif old is None:
            found.append(Difference(name, "not a regular file", ""))
        elif old != content:
            reason = "hand-edited" if hand_edited(old) or not is_generated(old) else "stale"
            found.append(Difference(name, reason, _diff(old, content, f"{label}/{name}")))
    for name, text in current.items():
        if name not in files and text is not None and is_generated(text):
            found.append(Difference(name, "extra", _diff(text, "", f"{label}/{name}")))
    return found


def _diff(old: str, new: str, name: str) -> str:
    return "".join(
        difflib.unified_diff(
            old.splitlines(keepends=True),
            new.splitlines(keepends=True),
            fromfile=f"a/{name}",
            tofile=f"b/{name}",
        )
    )
