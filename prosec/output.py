"""Compiled files → the output folder: an all-or-nothing write, and ``check``'s diff.

The output folder holds the generated package. prosec writes, replaces and
deletes only files that carry its header, never writes through a link, and
reports what it cannot do as diagnostics, writing nothing then:

- a name the package needs, taken by something prosec did not write (a file
  without its header, a link, a folder, a module Python would import in its
  place such as ``guard.so`` or ``guard/`` beside ``guard.py``), is refused
  (PS611): prosec never replaces a file it did not write;
- anything else prosec did not write that Python would import as part of
  the package (a module, a folder, a compiled file it would run without
  checking it against its source) is left alone with a warning (PS612), and
  ``check`` reports it;
- other files (``README.md``, notes) are not part of the package: ignored;
- a file or folder that cannot be read or written is an error naming it
  (PS610 for the folder, PS613 for a file), as is a name longer than the
  file system allows, found before anything is written.

Every new file is first written whole to a hidden temporary file in the
folder; only when all of them are written are they moved into place, each
with one atomic ``os.replace``, and stale files deleted. A failure while
writing leaves the folder as it was; a failure while moving puts back what
was already moved.
"""

from __future__ import annotations

import difflib
import importlib.machinery
import os
import stat
import tempfile
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from .diagnostics import WHOLE_FILE, Diagnostic, error, warning
from .emit import hand_edited, is_generated
from .files import read_regular

# PS610  the output folder cannot be used
# PS611  a file the package needs is in the way (prosec did not write it)
# PS612  something prosec did not write would be imported as part of the package
# PS613  a file of the output folder cannot be read or written

#: Generated files are far smaller; anything larger is not one of them.
_MAX_READ = 16 * 1024 * 1024
#: What Python or a type checker loads as a module, besides folders.
_MODULE_SUFFIXES = tuple(
    sorted({*importlib.machinery.all_suffixes(), ".pyi", ".pyw", ".pyd", ".so"}, key=len, reverse=True)
)
_PYCACHE = "__pycache__"


@dataclass(frozen=True, slots=True)
class Entry:
    """One name in the output folder, as found."""

    name: str
    #: The text of a readable UTF-8 regular file, else None.
    text: str | None
    #: Why it cannot be prosec's own file ("a link", "a folder", ...), if so.
    kind: str | None = None
    #: It could not be read (and that was reported): nothing is known of it.
    unreadable: bool = False

    @property
    def generated(self) -> bool:
        return self.text is not None and is_generated(self.text)


@dataclass(frozen=True, slots=True)
class Difference:
    """One file of the output folder that is not what the sources compile to."""

    name: str
    reason: str  # "stale", "missing", "extra", "hand-edited", "not written by prosec ..."
    diff: str


@dataclass
class Written:
    """What :func:`write_package` did. With an error among ``diagnostics``,
    nothing was written."""

    written: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)


# ---------------------------------------------------------------- reading the folder


def scan(out: Path) -> tuple[dict[str, Entry] | None, list[Diagnostic]]:
    """The entries of ``out`` that can matter to the package, by name; None
    (and an error) when the folder cannot be used. A missing folder is empty.

    Hidden names (temporary files, ``.gitignore``) are skipped: Python cannot
    import them. In ``__pycache__`` only compiled files that Python would use
    without checking them against their source are entries.
    """
    shown = out.as_posix()
    try:
        info = out.lstat()
    except FileNotFoundError:
        return {}, []
    except OSError as exc:
        return None, [_folder_error(shown, f"cannot read the output folder {shown}: {_why(exc)}")]
    if stat.S_ISLNK(info.st_mode):
        return None, [
            _folder_error(shown, f"output folder {shown} is a link; prosec does not write through links")
        ]
    if not stat.S_ISDIR(info.st_mode):
        return None, [_folder_error(shown, f"output path {shown} is not a folder")]
    found: dict[str, Entry] = {}
    diagnostics: list[Diagnostic] = []
    try:
        with os.scandir(out) as listing:
            names = sorted(item.name for item in listing)
    except OSError as exc:
        return None, [_folder_error(shown, f"cannot list the output folder {shown}: {_why(exc)}")]
    for name in names:
        if name.startswith("."):
            continue
        path = out / name
        try:
            if name == _PYCACHE and path.is_dir() and not path.is_symlink():
                found.update((e.name, e) for e in _unchecked_bytecode(path))
            else:
                found[name] = _entry(path)
        except OSError as exc:
            diagnostics.append(_file_error(f"{shown}/{name}", f"cannot read {shown}/{name}: {_why(exc)}"))
            found[name] = Entry(name, None, unreadable=True)
    return found, diagnostics


def _entry(path: Path) -> Entry:
    info = path.lstat()
    if stat.S_ISLNK(info.st_mode):
        return Entry(path.name, None, "a link")
    if stat.S_ISDIR(info.st_mode):
        return Entry(path.name, None, "a folder")
    if not stat.S_ISREG(info.st_mode):
        return Entry(path.name, None, "not a regular file")
    data = _read(path)
    if data is None:
        return Entry(path.name, None, "too large to be a generated file")
    try:
        return Entry(path.name, data.decode("utf-8"))
    except UnicodeDecodeError:
        return Entry(path.name, None, "not UTF-8 text")


def _read(path: Path) -> bytes | None:
    """The bytes of a regular file, opened without following a link or
    blocking; None when it is larger than any generated file."""
    data = read_regular(path, _MAX_READ, follow_links=False)
    return None if len(data) > _MAX_READ else data


def _unchecked_bytecode(folder: Path) -> list[Entry]:
    """Compiled files that Python runs without comparing them with their
    source (hash-based, ``check_source`` off): they would stand in for the
    generated modules whatever these say."""
    found: list[Entry] = []
    with os.scandir(folder) as listing:
        names = sorted(item.name for item in listing if item.name.endswith(".pyc"))
    for name in names:
        path = folder / name
        if path.is_symlink() or not path.is_file():
            continue
        with path.open("rb") as handle:
            head = handle.read(8)
        flags = int.from_bytes(head[4:8], "little") if len(head) == 8 else 0
        if flags & 0b01 and not flags & 0b10:
            found.append(
                Entry(
                    f"{_PYCACHE}/{name}",
                    None,
                    "a compiled file Python would run without checking it against its source",
                )
            )
    return found


def _module(entry: Entry) -> str | None:
    """The module name Python would import ``entry`` as, if any."""
    if entry.name.startswith(f"{_PYCACHE}/"):
        return entry.name.split("/", 1)[1].split(".", 1)[0]
    if entry.kind == "a folder" or (entry.kind == "a link" and "." not in entry.name):
        return entry.name if entry.name.isidentifier() else None
    for suffix in _MODULE_SUFFIXES:
        if entry.name.endswith(suffix):
            stem = entry.name.split(".", 1)[0]
            return stem if stem.isidentifier() else None
    return None


# ---------------------------------------------------------------- what to do


@dataclass
class Plan:
    """What a build changes in the output folder, and what stops it."""

    write: dict[str, str] = field(default_factory=dict)  # name → new content
    delete: list[str] = field(default_factory=list)  # stale generated files
    unchanged: list[str] = field(default_factory=list)
    in_the_way: dict[str, str] = field(default_factory=dict)  # name → why prosec may not replace it
    foreign: dict[str, str] = field(default_factory=dict)  # not prosec's, imported with the package


def plan(current: Mapping[str, Entry], files: Mapping[str, str]) -> Plan:
    """How to turn the folder ``current`` into ``files``."""
    result = Plan()
    needed = {name.removesuffix(".py") for name in files}
    for name, content in files.items():
        old = current.get(name)
        if old is not None and old.unreadable:
            continue
        if old is None:
            result.write[name] = content
        elif not old.generated:
            result.in_the_way[name] = _not_ours(old)
        elif old.text == content:
            result.unchanged.append(name)
        else:
            result.write[name] = content
    for name, entry in current.items():
        if name in files or entry.unreadable:
            continue
        module = _module(entry)
        if entry.generated and not name.startswith(f"{_PYCACHE}/"):
            if module in needed and name != f"{module}.py":
                result.in_the_way[name] = f"a file of prosec's that Python would import instead of {module}.py"
            else:
                result.delete.append(name)
        elif module in needed:
            result.in_the_way[name] = f"{_not_ours(entry)}, which Python would import instead of {module}.py"
        elif module is not None:
            result.foreign[name] = _not_ours(entry)
    return result


def _not_ours(entry: Entry) -> str:
    return f"not written by prosec ({entry.kind})" if entry.kind else "not written by prosec"


def _too_long(out: Path, names: Iterable[str]) -> list[Diagnostic]:
    """Names the file system cannot hold, found before anything is written."""
    limit = _name_max(out)
    shown = out.as_posix()
    return [
        _file_error(
            f"{shown}/{name}",
            f"the file name {name[:40]}... is {len(os.fsencode(name))} bytes long; "
            f"the file system of {shown} allows {limit}",
            "give the pattern a shorter name",
        )
        for name in names
        if len(os.fsencode(name)) > limit
    ]


def _name_max(out: Path) -> int:
    """The longest file name (in bytes) the folder ``out`` is, or will be, on."""
    try:
        folder = out
        while not folder.exists() and folder != folder.parent:
            folder = folder.parent
        return os.pathconf(folder, "PC_NAME_MAX")
    except (OSError, ValueError, AttributeError):  # no pathconf here: the usual limit
        return 255


# ---------------------------------------------------------------- writing


def write_file(path: Path, content: str) -> None:
    """Write ``content`` to the new file ``path`` (:func:`flush_to_disk`
    then makes it durable)."""
    with path.open("w", encoding="utf-8", newline="\n") as handle:
        handle.write(content)


#: Files flushed to disk at once: the disk takes their writes together.
FLUSHING = 16


def flush_to_disk(paths: list[Path]) -> None:
    """``fsync`` each of ``paths``, several at a time.

    One after another, each flush waits for the disk on its own (about
    3.5 ms each here: 3.6 s for a thousand files); sent together, the file
    system commits them in a few batches (0.2 s for the same thousand).
    Every file is on disk when this returns, as before any is moved into
    place.
    """

    def flush(path: Path) -> None:
        fd = os.open(path, os.O_RDWR)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)

    if len(paths) <= 1:
        for path in paths:
            flush(path)
        return
    with ThreadPoolExecutor(max_workers=min(FLUSHING, len(paths))) as pool:
        list(pool.map(flush, paths))


def write_package(
    out: Path, files: Mapping[str, str], *, writer: Callable[[Path, str], None] | None = None
) -> Written:
    """Make ``out`` hold ``files``, all or nothing (see the module's docstring).

    ``writer`` writes one staged file (:func:`write_file` by default).
    """
    write = writer if writer is not None else write_file  # looked up now: tests patch it
    done = Written()
    current, done.diagnostics = scan(out)
    if current is None:
        return done
    changes = plan(current, files)
    shown = out.as_posix()
    done.diagnostics += [
        error(
            f"{shown}/{name}",
            WHOLE_FILE,
            "PS611",
            f"{shown}/{name} is in the way: {why}; prosec never replaces what it did not write",
            f"remove or rename {shown}/{name} (or choose another output folder) and build again",
        )
        for name, why in sorted(changes.in_the_way.items())
    ]
    done.diagnostics += _too_long(out, changes.write)
    done.diagnostics += [
        warning(
            f"{shown}/{name}",
            WHOLE_FILE,
            "PS612",
            f"{shown}/{name} was left alone: {why}, yet Python imports it with the package",
            f"move it out of {shown}/, which holds only the generated package; "
            "`prosec check` fails while it is there",
        )
        for name, why in sorted(changes.foreign.items())
    ]
    if any(d.is_error for d in done.diagnostics):
        return done
    failure = _apply(out, changes, write)
    if failure is not None:
        done.diagnostics.append(failure)
        return done
    done.written = sorted(changes.write)
    done.unchanged = sorted(changes.unchanged)
    done.removed = sorted(changes.delete)
    return done


def _apply(out: Path, changes: Plan, write: Callable[[Path, str], None]) -> Diagnostic | None:
    shown = out.as_posix()
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return _folder_error(shown, f"cannot create the output folder {shown}: {_why(exc)}")

    staged: list[tuple[Path, Path]] = []  # (temporary file, target)
    target: Path = out
    try:
        for name, content in sorted(changes.write.items()):
            target = out / name
            fd, staging = tempfile.mkstemp(prefix=".prosec-", suffix=".new", dir=out)
            os.close(fd)
            staged.append((Path(staging), target))
            write(Path(staging), content)
        target = out
        flush_to_disk([tmp for tmp, _ in staged])
    except BaseException as exc:
        _discard(tmp for tmp, _ in staged)
        if isinstance(exc, OSError):
            return _file_error(
                target.as_posix(),
                f"cannot write {target.as_posix()}: {_why(exc)}; nothing was written",
                "make room or fix the permissions of the output folder, and build again",
            )
        raise

    previous: dict[Path, bytes | None] = {}
    moved: list[Path] = []
    try:
        for new, target in staged:
            previous[target] = _old_bytes(target)
            os.replace(new, target)
            moved.append(target)
        for name in sorted(changes.delete):
            target = out / name
            previous[target] = _old_bytes(target)
            target.unlink()
            moved.append(target)
    except BaseException as exc:
        _roll_back(moved, previous)
        _discard(tmp for tmp, _ in staged)
        if isinstance(exc, OSError):
            return _file_error(
                target.as_posix(),
                f"cannot update {target.as_posix()}: {_why(exc)}; the previous files were put back",
                "fix the permissions of the output folder and build again",
            )
        raise
    return None


def _old_bytes(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        return None


def _discard(paths: Iterable[Path]) -> None:
    for path in paths:
        try:
            path.unlink()
        except OSError:
            pass


def _roll_back(done: list[Path], previous: dict[Path, bytes | None]) -> None:
    """Undo the moves and deletions of a failed write, newest first."""
    for path in reversed(done):
        old = previous.get(path)
        try:
            if old is None:
                path.unlink()
            else:
                fd, tmp = tempfile.mkstemp(prefix=".prosec-", suffix=".old", dir=path.parent)
                with os.fdopen(fd, "wb") as handle:
                    handle.write(old)
                os.replace(tmp, path)
        except OSError:
            pass


# ---------------------------------------------------------------- comparing


def compare(out: Path, files: Mapping[str, str]) -> tuple[list[Difference], list[Diagnostic]]:
    """What ``check`` reports: every file that is not what the sources
    compile to (with a unified diff), and everything prosec did not write
    that Python would import with the package. Writes nothing."""
    current, diagnostics = scan(out)
    if current is None:
        return [], diagnostics
    changes = plan(current, files)
    found: list[Difference] = []
    label = out.as_posix()
    for name, content in files.items():
        old = current.get(name)
        if old is not None and old.unreadable:
            continue
        if name in changes.in_the_way:
            found.append(Difference(name, changes.in_the_way[name], ""))
        elif old is None:
            found.append(Difference(name, "missing", _diff("", content, f"{label}/{name}")))
        elif old.text != content:
            assert old.text is not None  # a file prosec wrote
            reason = "hand-edited" if hand_edited(old.text) else "stale"
            found.append(Difference(name, reason, _diff(old.text, content, f"{label}/{name}")))
    for name in sorted(changes.delete):
        text = current[name].text or ""
        found.append(Difference(name, "extra", _diff(text, "", f"{label}/{name}")))
    for name, why in sorted({**changes.in_the_way, **changes.foreign}.items()):
        if name not in files:
            found.append(Difference(name, why, ""))
    return found, diagnostics


def _diff(old: str, new: str, name: str) -> str:
    return "".join(
        difflib.unified_diff(
            old.splitlines(keepends=True),
            new.splitlines(keepends=True),
            fromfile=f"a/{name}",
            tofile=f"b/{name}",
        )
    )


# ---------------------------------------------------------------- findings


def _why(exc: OSError) -> str:
    return exc.strerror or str(exc)


def _folder_error(shown: str, message: str) -> Diagnostic:
    return error(
        shown, WHOLE_FILE, "PS610", message, "point -o at a folder you can write, and try again"
    )


def _file_error(shown: str, message: str, hint: str | None = None) -> Diagnostic:
    return error(shown, WHOLE_FILE, "PS613", message, hint)
