"""Where prosec's own files are → their paths, texts and digest: the
templates and the runtime module that every generated package copies.

Read by the renderer (``emit``) and by the build cache's key (``cache``);
it imports neither, so they do not import each other.
"""

from __future__ import annotations

import functools
import hashlib
from importlib import resources
from pathlib import Path


def templates_dir() -> Path:
    """Installed wheels carry the templates inside the package; a source
    checkout keeps them at the top of the repository."""
    packaged = resources.files("prosec").joinpath("templates")
    if packaged.is_dir():
        return Path(str(packaged))
    return Path(__file__).resolve().parent.parent / "templates"


@functools.cache
def template_digest() -> str:
    """Hash of every template, part of the build cache key."""
    digest = hashlib.sha256()
    for path in sorted(templates_dir().iterdir()):
        if path.is_file():
            digest.update(path.name.encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def runtime_source() -> str:
    """The text of :mod:`prosec.runtime`, read without importing it."""
    return resources.files("prosec").joinpath("runtime.py").read_text(encoding="utf-8")
