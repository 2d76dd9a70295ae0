"""Content hashes → stored compile results: the build cache on disk.

A key hashes everything that decides an output: the source bytes and how
they are named, the compiler's own files (its code, grammar and templates),
prosec's version and black's. Equal keys therefore mean equal outputs, and a
changed compiler simply misses.

The cache lives in the user's cache folder, never in the working tree
(:func:`location`), and every entry is authenticated: it carries an
HMAC-SHA256 of its key and payload under a secret that only this user's
machine holds, kept in a file of its own beside (never among) the entries,
created owner-only on first use. A folder planted in a repository, copied
from another machine, or edited by hand, with its hashes recomputed or not,
is a miss, and the result is computed again. Entries are JSON, never
pickle, and decode only into the types the caller allows.

Nothing here raises on a bad or unwritable folder: a cache that does not
work is an empty one (:attr:`Cache.problem` says why, when it is worth
telling).
"""

from __future__ import annotations

import dataclasses
import enum
import errno
import functools
import hashlib
import hmac
import importlib
import importlib.util
import json
import math
import os
import secrets
import stat
import sys
import tempfile
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import __version__

#: Bumped when the layout of entries changes; old entries are then misses.
FORMAT = 3
#: Where the cache lives (entries and key), overriding everything else.
ENV_DIR = "PROSEC_CACHE_DIR"
#: The name of the key file, in the user's cache folder for prosec.
KEY_FILE = "key"
_KEY_BYTES = 32

_IGNORE_ALL = "# Written by prosec: a build cache, safe to delete.\n*\n"
_CACHEDIR_TAG = (
    "Signature: 8a477f597d28d172789f06886806bc55\n"
    "# This file is a cache directory tag created by prosec.\n"
)


class Unencodable(Exception):
    """A value the JSON codec does not carry; such results are not stored."""


# ---------------------------------------------------------------- keys


@functools.cache
def fingerprint() -> str:
    """A hash of the compiler: its version and files, the templates, and the
    versions of Python, black, lark and jinja2.

    The files are hashed, not just the version number, so that editing the
    compiler (as its own developers do all day) never serves an output the
    edited compiler would not produce.
    """
    from .own_files import template_digest

    digest = hashlib.sha256()
    parts = (
        f"format {FORMAT}",
        __version__,
        "python {}.{}".format(*sys.version_info[:2]),
        f"black {_black_version()}",
        _installed("lark", "jinja2"),
        template_digest(),
    )
    for part in parts:
        digest.update(part.encode("utf-8") + b"\0")
    package = Path(__file__).resolve().parent
    for path in sorted(package.rglob("*")):
        if path.suffix in {".py", ".lark"} and path.is_file():
            digest.update(path.relative_to(package).as_posix().encode("utf-8") + b"\0")
            digest.update(path.read_bytes())
    return digest.hexdigest()


def _black_version() -> str:
    # black keeps its version in this tiny module; importing black itself
    # would cost more than the whole cache lookup.
    try:
        return str(importlib.import_module("_black_version").version)
    except (ImportError, AttributeError):  # pragma: no cover - black always ships it
        from importlib.metadata import version

        return version("black")


def _installed(*names: str) -> str:
    """The versions of installed packages, from their ``.dist-info`` folder
    names: importing them, or importlib.metadata, would cost more than the
    whole cache lookup."""
    found = []
    for name in names:
        spec = importlib.util.find_spec(name)
        versions: list[str] = []
        if spec is not None and spec.origin is not None:
            site = Path(spec.origin).resolve().parent.parent
            prefix = f"{name.lower()}-"
            versions = sorted(
                p.name for p in site.glob("*.dist-info") if p.name.lower().startswith(prefix)
            )
        found.append(f"{name} {' '.join(versions) or '?'}")
    return "; ".join(found)


def key(kind: str, *parts: str | bytes) -> str:
    """The cache key of a ``kind`` of output made from ``parts``."""
    digest = hashlib.sha256()
    digest.update(fingerprint().encode("ascii") + b"\0" + kind.encode("utf-8"))
    for part in parts:
        data = part.encode("utf-8") if isinstance(part, str) else part
        # Length-prefixed, so ("ab", "c") and ("a", "bc") differ.
        digest.update(b"\0%d:" % len(data) + data)
    return digest.hexdigest()


# ---------------------------------------------------------------- where


@dataclass(frozen=True, slots=True)
class Location:
    """Where the entries of this prosec version live, and the key file that
    authenticates them."""

    entries: Path
    key: Path


def location(configured: Path | None = None) -> Location | None:
    """The cache folders: ``$PROSEC_CACHE_DIR`` if set, else ``configured``
    (``[tool.prosec] cache-dir``), else ``$XDG_CACHE_HOME/prosec``, else
    ``~/.cache/prosec``; entries in a subfolder named after prosec's version.

    The key always comes from the user's own folder (``$PROSEC_CACHE_DIR``,
    else the XDG one), never from a configured folder: a repository may name
    any folder in its ``pyproject.toml``, so it must not choose the key.
    None when there is no user folder at all (no home).
    """
    user = _user_root()
    if user is None:
        return None
    env = os.environ.get(ENV_DIR)
    base = user if env or configured is None else configured
    return Location(entries=base / __version__, key=user / KEY_FILE)


def _user_root() -> Path | None:
    env = os.environ.get(ENV_DIR)
    if env:
        return Path(env)
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    # The XDG spec: a relative path is invalid and is ignored.
    if xdg and os.path.isabs(xdg):
        return Path(xdg) / "prosec"
    try:
        return Path.home() / ".cache" / "prosec"
    except (RuntimeError, KeyError, OSError):  # no home to be found
        return None


# ---------------------------------------------------------------- the key


class KeyProblem(Exception):
    """A key file that exists but cannot be trusted; the cache is not used."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


def load_key(path: Path) -> bytes | None:
    """The secret in ``path``, created (owner-only) if there is none yet.

    None when it cannot be created (a read-only home): there is no cache.
    Raises :class:`KeyProblem` for a key file that is not this user's own
    regular file, readable by nobody else, of the right size: then someone
    else may know it, and no entry is trusted.
    """
    try:
        return _read_key(path)
    except FileNotFoundError:
        pass
    except OSError as exc:
        if exc.errno != errno.ELOOP:
            return None
        raise KeyProblem(path, "the key file is a link") from exc
    try:
        _create_key(path)
    except FileExistsError:
        pass  # another build made it first: use theirs
    except OSError:
        return None
    try:
        return _read_key(path)
    except OSError:
        return None


def _read_key(path: Path) -> bytes:
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise KeyProblem(path, "the key file is not a regular file")
        if hasattr(os, "geteuid") and info.st_uid != os.geteuid():
            raise KeyProblem(path, "the key file belongs to another user")
        if os.name == "posix" and info.st_mode & 0o077:
            raise KeyProblem(path, "other users may read or write the key file")
        data = os.read(fd, _KEY_BYTES + 1)
    finally:
        os.close(fd)
    if len(data) != _KEY_BYTES:
        raise KeyProblem(path, "the key file does not hold a key prosec wrote")
    return data


def _create_key(path: Path) -> None:
    """Write a new key whole, then link it into place: a build that reads it
    at the same moment sees no key or the whole key, never part of one."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)  # mode 0600
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(secrets.token_bytes(_KEY_BYTES))
            handle.flush()
            os.fsync(handle.fileno())
        os.link(tmp, path)  # fails if a key is already there
    finally:
        try:
            os.unlink(tmp)
        except OSError:
            pass


# ---------------------------------------------------------------- the folder


class Cache:
    """A folder of entries, one JSON file per key, each authenticated with
    ``key``. Without a key nothing is read or stored."""

    def __init__(self, root: Path, key: bytes | None, problem: KeyProblem | None = None) -> None:
        self.root = root
        self.key = key
        #: Why the cache is not used, when the user should know.
        self.problem = problem
        self.hits = 0
        self.misses = 0
        self._ready = False

    @classmethod
    def open(cls, where: Location) -> Cache:
        """The cache at ``where``, its key loaded or created."""
        try:
            return cls(where.entries, load_key(where.key))
        except KeyProblem as exc:
            return cls(where.entries, None, exc)

    def entry(self, kind: str, *parts: str | bytes) -> str | None:
        """The key of an entry (:func:`key`), or None when the compiler's own
        files cannot be read to compute it: then nothing is cached."""
        if self.key is None:
            return None
        try:
            return key(kind, *parts)
        except OSError:
            return None

    def _path(self, entry_key: str) -> Path:
        return self.root / entry_key[:2] / f"{entry_key}.json"

    # An entry is one line naming the format, the key and the HMAC of both
    # and of the rest, then the payload as JSON: checked before it is
    # parsed, parsed once.

    def load(self, entry_key: str) -> Any | None:
        """The payload stored under ``entry_key``, or None (a miss)."""
        if self.key is None:
            return None
        try:
            raw = self._path(entry_key).read_bytes()
        except OSError:
            return None
        head, _, body = raw.partition(b"\n")
        if not hmac.compare_digest(head, self._head(entry_key, body)):
            return None
        try:
            return json.loads(body)
        except (ValueError, RecursionError):
            return None

    def store(self, entry_key: str, payload: Any) -> None:
        """Keep ``payload`` (JSON data) under ``entry_key``; failures are ignored."""
        if self.key is None:
            return
        body = json.dumps(payload, ensure_ascii=False, allow_nan=False).encode("utf-8")
        entry = self._head(entry_key, body) + b"\n" + body
        path = self._path(entry_key)
        try:
            self._prepare()
            path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            _write_atomic(path, entry)
        except OSError:
            pass

    def _head(self, entry_key: str, body: bytes) -> bytes:
        assert self.key is not None
        label = f"prosec-cache {FORMAT} {entry_key}"
        mac = hmac.new(self.key, label.encode("ascii") + b"\n" + body, hashlib.sha256)
        return f"{label} hmac-sha256:{mac.hexdigest()}".encode("ascii")

    def _prepare(self) -> None:
        """Mark the folder as a cache: git ignores it, backups may skip it."""
        if self._ready:
            return
        self.root.mkdir(mode=0o700, parents=True, exist_ok=True)
        for name, content in ((".gitignore", _IGNORE_ALL), ("CACHEDIR.TAG", _CACHEDIR_TAG)):
            marker = self.root / name
            if not marker.exists():
                _write_atomic(marker, content)
        self._ready = True

    # -- typed helpers --------------------------------------------------------

    def text(self, kind: str, parts: Iterable[str | bytes], make: Callable[[], str]) -> str:
        """``make()``, or what it returned before for the same ``kind`` and ``parts``."""
        entry_key = self.entry(kind, *parts)
        found = None if entry_key is None else self.load(entry_key)
        if isinstance(found, str):
            self.hits += 1
            return found
        self.misses += 1
        made = make()
        if entry_key is not None:
            self.store(entry_key, made)
        return made


def _write_atomic(path: Path, content: str | bytes) -> None:
    data = content.encode("utf-8") if isinstance(content, str) else content
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


# ---------------------------------------------------------------- the codec
#
# Dataclasses, enums, tuples and dicts become tagged JSON objects; decoding
# builds only the classes named in ``types`` and calls nothing but their
# constructors. A value the codec cannot carry raises Unencodable.


def to_json(value: Any) -> Any:
    """``value`` as JSON data (tagged so that :func:`from_json` can rebuild it)."""
    # Enums first: an IntEnum or StrEnum must not pass for a plain value.
    if isinstance(value, enum.Enum):
        return {"e": type(value).__name__, "v": to_json(value.value)}
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise Unencodable("a non-finite float")
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = {f.name: to_json(getattr(value, f.name)) for f in dataclasses.fields(value)}
        return {"c": type(value).__name__, "f": fields}
    if isinstance(value, list):
        return [to_json(item) for item in value]
    if isinstance(value, tuple):
        return {"t": [to_json(item) for item in value]}
    if isinstance(value, Mapping):
        if not all(isinstance(k, str) for k in value):
            raise Unencodable("a mapping with keys that are not text")
        return {"d": {k: to_json(item) for k, item in value.items()}}
    raise Unencodable(f"a {type(value).__name__}")


class DecodeError(Exception):
    """Stored data that does not describe an allowed value."""


def from_json(data: Any, types: Mapping[str, type]) -> Any:
    """The value :func:`to_json` turned into ``data``, from ``types`` only."""
    if data is None or isinstance(data, (bool, int, float, str)):
        return data
    if isinstance(data, list):
        return [from_json(item, types) for item in data]
    if not isinstance(data, dict) or len(data) not in (1, 2):
        raise DecodeError("not a tagged value")
    if "t" in data and len(data) == 1 and isinstance(data["t"], list):
        return tuple(from_json(item, types) for item in data["t"])
    if "d" in data and len(data) == 1 and isinstance(data["d"], dict):
        return {k: from_json(item, types) for k, item in data["d"].items()}
    cls = types.get(data.get("c") or data.get("e") or "")
    if cls is None:
        raise DecodeError("a type that is not allowed here")
    if "e" in data and issubclass(cls, enum.Enum):
        try:
            return cls(from_json(data.get("v"), types))
        except ValueError as exc:
            raise DecodeError(str(exc)) from exc
    fields = data.get("f")
    if "c" in data and dataclasses.is_dataclass(cls) and isinstance(fields, dict):
        names = {f.name for f in dataclasses.fields(cls) if f.init}
        if set(fields) != names:
            raise DecodeError(f"{cls.__name__} with other fields")
        try:
            return cls(**{k: from_json(v, types) for k, v in fields.items()})
        except TypeError as exc:
            raise DecodeError(str(exc)) from exc
    raise DecodeError("a malformed tagged value")
