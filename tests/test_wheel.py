"""A plain (non-editable) install of the built wheel compiles patterns: the
grammar and the templates travel inside the package."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from conftest import PATTERNS, ROOT


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    dist = tmp_path_factory.mktemp("dist")
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(dist), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    if done.returncode != 0 and "hatchling" in done.stderr:
        # Without the build backend in this environment, let pip fetch it.
        done = subprocess.run(
            [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(dist), str(ROOT)],
            capture_output=True,
            text=True,
            timeout=300,
        )
    assert done.returncode == 0, done.stderr
    (found,) = dist.glob("prosec-*.whl")
    return found


def test_wheel_carries_grammar_templates_and_runtime(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    for needed in (
        "prosec/grammar.lark",
        "prosec/templates/module.py.jinja",
        "prosec/templates/macros.jinja",
        "prosec/templates/package_init.py.jinja",
        "prosec/runtime.py",
        "prosec/reference/diagnostics.md",
    ):
        assert needed in names, needed


def test_installed_wheel_builds_the_patterns(wheel: Path, tmp_path: Path) -> None:
    target = tmp_path / "site"
    done = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(target), str(wheel)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    out = tmp_path / "out"
    script = (
        "import sys, prosec\n"
        f"assert prosec.__file__.startswith({str(target)!r}), prosec.__file__\n"
        "from prosec.cli import main\n"
        f"sys.argv = ['prosec', 'build', {str(PATTERNS)!r}, '-o', {str(out)!r}, '--no-cache']\n"
        "main()\n"
    )
    # The installed copy comes first on the path; its dependencies (lark,
    # jinja2, black, typer) come from this environment.
    env = {**os.environ, "PYTHONPATH": str(target)}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=tmp_path, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    built = {p.name: p.read_bytes() for p in out.iterdir()}
    committed = {p.name: p.read_bytes() for p in (ROOT / "generated").iterdir() if p.suffix == ".py"}
    assert built == committed
    # `prosec explain` reads docs/diagnostics.md from inside the package.
    explain = "import sys\nfrom prosec.cli import main\nsys.argv = ['prosec', 'explain', 'PS102']\nmain()\n"
    done = subprocess.run([sys.executable, "-c", explain], capture_output=True, text=True, cwd=tmp_path, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("### PS102\n") and "**Fix:**" in done.stdout
