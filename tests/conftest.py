"""Shared fixtures: compile patterns into a throw-away package and import it.

The suite never reads or writes the user's own build cache: before any test
runs, ``PROSEC_CACHE_DIR`` (which overrides every other cache setting, and
is inherited by every ``prosec`` the tests start) points at a temporary
folder of this run, removed at the end.
"""

from __future__ import annotations

import importlib
import itertools
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

import pytest

from prosec.api import BuildResult, compile_sources, find_sources
from prosec.output import write_package

ROOT = Path(__file__).resolve().parents[1]
PATTERNS = ROOT / "patterns"


def _corpus_folder() -> Path:
    """The OpenProse standard patterns: ``PROSEC_CORPUS`` when it is set (the
    ``patterns`` folder of a clone of the OpenProse repository, see the
    README), else the copy beside the project on development machines."""
    given = os.environ.get("PROSEC_CORPUS")
    if given:
        return Path(given).expanduser().resolve()
    return ROOT.parent / "shared" / "corpus" / "std-patterns"


CORPUS = _corpus_folder()
HAVE_CORPUS = CORPUS.is_dir() and any(CORPUS.glob("*.prose.md"))
CORPUS_ABSENT = (
    f"conformance tests need the OpenProse standard patterns, not found at {CORPUS}: "
    "set PROSEC_CORPUS or run `make conformance CORPUS=path` (README, Conformance)"
)

_counter = itertools.count()

#: This run's cache folder (each xdist worker has its own). Set as soon as
#: this file is imported, before any test or hook runs, and unconditionally:
#: a PROSEC_CACHE_DIR from the environment (a CI runner, a developer's
#: shell) must not be used either.
TEST_CACHE_DIR = Path(tempfile.mkdtemp(prefix="prosec-test-cache-"))
os.environ["PROSEC_CACHE_DIR"] = str(TEST_CACHE_DIR)

#: The bytecode of the Python processes the suite starts. Some hundreds of
#: them run prosec, and each would compile its modules from source again
#: where the environment says to write no bytecode (PYTHONDONTWRITEBYTECODE):
#: they write it under this run's own folder instead (shared with the xdist
#: workers, which inherit it), never beside the sources.
PYCACHE_DIR = Path(os.environ.get("PROSEC_TEST_PYCACHE") or tempfile.mkdtemp(prefix="prosec-test-pyc-"))
os.environ["PROSEC_TEST_PYCACHE"] = str(PYCACHE_DIR)
os.environ["PYTHONPYCACHEPREFIX"] = str(PYCACHE_DIR)
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "corpus: needs the OpenProse standard patterns (PROSEC_CORPUS)"
    )
    cache = getattr(config, "cache", None)
    if not hasattr(config, "workerinput") and cache is not None:
        cache.set(FIGURES_KEY, [])  # figures of this run only


def pytest_unconfigure(config: pytest.Config) -> None:
    shutil.rmtree(TEST_CACHE_DIR, ignore_errors=True)
    if not hasattr(config, "workerinput"):  # (the workers share the run's)
        shutil.rmtree(PYCACHE_DIR, ignore_errors=True)


#: The files that take a minute or more, longest first. `make test` hands
#: whole files to two workers in the order they are collected: started
#: first, the long ones run beside the many short ones instead of after
#: them, and the two workers finish together.
LONG_FILES = (
    "test_phrasings.py",
    "test_soundness.py",
    "test_hostile.py",
    "test_layout.py",
    "test_cache_trust.py",
    "test_reader_parse.py",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    def rank(item: pytest.Item) -> int:
        name = item.path.name
        return LONG_FILES.index(name) if name in LONG_FILES else len(LONG_FILES)

    items.sort(key=rank)  # stable: each file's tests keep their order


def corpus_files() -> list[Path]:
    return sorted(CORPUS.glob("*.prose.md")) if HAVE_CORPUS else []


#: Tests that read the corpus. Without it they are skipped from one place,
#: so that the summary says so in one line.
need_corpus = pytest.mark.corpus


def require_corpus() -> None:
    """Skip the running test when the corpus is absent."""
    if not HAVE_CORPUS:
        pytest.skip(CORPUS_ABSENT)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    if item.get_closest_marker("corpus") is not None:
        require_corpus()


def run_prosec(*args: str, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``prosec ARGS`` in ``cwd``, as a user runs it, with its output."""
    return subprocess.run(
        [sys.executable, "-m", "prosec", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})},
    )


def build_package(sources: list[Path], dest: Path) -> tuple[ModuleType, BuildResult]:
    """Compile ``sources`` into a fresh package under ``dest`` and import it."""
    found, problems = find_sources(sources)
    result = compile_sources(found)
    errors = [d for d in [*problems, *result.diagnostics] if d.is_error]
    assert not errors, "\n".join(f"{d.path}:{d.span.line}:{d.span.column}: {d.code} {d.message}" for d in errors)
    name = f"prosec_pkg_{next(_counter)}"
    out = dest / name
    written = write_package(out, result.files)
    assert not written.diagnostics, written.diagnostics
    sys.path.insert(0, str(dest))
    try:
        module = importlib.import_module(name)
    finally:
        sys.path.remove(str(dest))
    return module, result


def pattern_text(name: str, delegation: str, *, slots: str = "", requires: str = "", config: str = "",
                 invariants: str = "", returns: str = "", ensures: dict[str, str] | None = None) -> str:
    """A small pattern file around ``delegation`` (dedented); ``ensures``
    gives a slot's `ensures:` line."""
    parts = [f"---\nname: {name}\nkind: pattern\n---\n\n# {name.title()}\n\nA test pattern.\n"]
    if slots:
        made = ensures or {}
        parts.append("### Slots\n\n" + "\n".join(
            f"- `{s.strip()}`" + (f"\n  - ensures: {made[s.strip()]}" if s.strip() in made else "") for s in slots.split(",")
        ) + "\n")
    if config:
        parts.append("### Config\n\n" + textwrap.dedent(config).strip() + "\n")
    if requires:
        lines = "\n".join("    " + line.strip() for line in textwrap.dedent(requires).strip().splitlines())
        parts.append("### Requires\n\n- Inputs:\n" + lines + "\n")
    if returns:
        parts.append("### Returns\n\n" + textwrap.dedent(returns).strip() + "\n")
    if invariants:
        parts.append("### Invariants\n\n" + textwrap.dedent(invariants).strip() + "\n")
    parts.append("### Delegation\n\n```prose\n" + textwrap.dedent(delegation).strip("\n") + "\n```\n")
    return "\n".join(parts)


@pytest.fixture
def compile_pattern(tmp_path: Path) -> Callable[..., ModuleType]:
    """Write pattern texts to files, build them, return the package."""

    def run(*texts: str) -> ModuleType:
        src = tmp_path / f"src{next(_counter)}"
        src.mkdir()
        for text in texts:
            name = text.split("name:", 1)[1].split("\n", 1)[0].strip()
            (src / f"{name}.prose.md").write_text(text, encoding="utf-8")
        module, _ = build_package([src], tmp_path)
        return module

    return run


@pytest.fixture(scope="session")
def project_package(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    """The project's own patterns, built fresh."""
    dest = tmp_path_factory.mktemp("project")
    module, _ = build_package([PATTERNS], dest)
    yield module


@pytest.fixture(scope="session")
def corpus_package(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    """The 19 corpus patterns, built fresh (skipped when the corpus is absent)."""
    require_corpus()
    dest = tmp_path_factory.mktemp("corpus")
    module, _ = build_package([CORPUS], dest)
    yield module


class Recorder:
    """A scripted delegate: records every call's keyword arguments and
    returns the scripted outputs in turn (the last one repeats)."""

    def __init__(self, *outputs: object, name: str = "delegate") -> None:
        self.outputs = list(outputs) or [None]
        self.calls: list[dict[str, object]] = []
        self.name = name

    def __call__(self, **kwargs: object) -> object:
        self.calls.append(kwargs)
        index = min(len(self.calls) - 1, len(self.outputs) - 1)
        out = self.outputs[index]
        if isinstance(out, BaseException):
            raise out
        if callable(out):
            return out(**kwargs)
        return out

    @property
    def count(self) -> int:
        return len(self.calls)


# ---------------------------------------------------------------- figures in the test output

FIGURES_KEY = "prosec/figures"


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, config: pytest.Config) -> None:
    """Print the figures tests recorded (the phrasing corpus' reading rates)."""
    cache = getattr(config, "cache", None)
    lines = cache.get(FIGURES_KEY, []) if cache is not None else []
    if lines:
        terminalreporter.section("prosec figures")
        for line in lines:
            terminalreporter.write_line(line)


@pytest.fixture
def record_figure(request: pytest.FixtureRequest) -> Callable[[str], None]:
    """Record a line for the "prosec figures" section of the test output."""

    def record(line: str) -> None:
        cache = getattr(request.config, "cache", None)
        if cache is not None:
            cache.set(FIGURES_KEY, [*cache.get(FIGURES_KEY, []), line])

    return record
