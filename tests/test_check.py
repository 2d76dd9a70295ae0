"""`prosec build` / `prosec check` through the CLI: exit codes, diffs, nothing
written by check, determinism, and a package that needs only the stdlib."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import PATTERNS, ROOT


def prosec(*args: str, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "prosec", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        env={**os.environ, **(env or {})},
        timeout=120,
    )


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A user repository with the project's patterns and a fresh build."""
    shutil.copytree(PATTERNS, tmp_path / "patterns")
    (tmp_path / "pyproject.toml").write_text('[tool.prosec]\nsrc = ["patterns"]\nout = "generated"\n')
    done = prosec("build", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    return tmp_path


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def test_build_writes_the_package(repo: Path) -> None:
    names = sorted(snapshot(repo / "generated"))
    patterns = sorted(p.name.removesuffix(".prose.md").replace("-", "_") + ".py" for p in PATTERNS.glob("*.prose.md"))
    assert {"guard.py", "oversight.py"} <= set(patterns)
    assert names == sorted(["__init__.py", "_runtime.py", *patterns])
    for name, data in snapshot(repo / "generated").items():
        head = data.decode().splitlines()[0]
        assert "DO NOT EDIT" in head, name


def test_check_clean_tree_exits_0(repo: Path) -> None:
    done = prosec("check", cwd=repo)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "up to date" in done.stderr


def test_check_after_editing_a_pattern_exits_1_with_diff(repo: Path) -> None:
    before = snapshot(repo / "generated")
    source = repo / "patterns" / "guard.prose.md"
    source.write_text(source.read_text().replace("When unsure, do not proceed.", "Be strict."))
    done = prosec("check", cwd=repo)
    assert done.returncode == 1
    assert "guard.py: stale" in done.stderr
    assert "-" in done.stdout and "+" in done.stdout and "Be strict." in done.stdout
    assert snapshot(repo / "generated") == before


def test_check_after_hand_edit_exits_1(repo: Path) -> None:
    target = repo / "generated" / "oversight.py"
    target.write_text(target.read_text().replace("max_cycles: int = 3", "max_cycles: int = 30"))
    before = snapshot(repo / "generated")
    done = prosec("check", cwd=repo)
    assert done.returncode == 1
    assert "oversight.py: hand-edited" in done.stderr
    assert "max_cycles: int = 30" in done.stdout
    assert snapshot(repo / "generated") == before


def test_check_missing_file_exits_1(repo: Path) -> None:
    (repo / "generated" / "guard.py").unlink()
    done = prosec("check", cwd=repo)
    assert done.returncode == 1
    assert "guard.py: missing" in done.stderr
    assert not (repo / "generated" / "guard.py").exists()


def test_check_extra_generated_file_exits_1(repo: Path) -> None:
    extra = repo / "generated" / "old_pattern.py"
    extra.write_bytes((repo / "generated" / "guard.py").read_bytes())
    done = prosec("check", cwd=repo)
    assert done.returncode == 1
    assert "old_pattern.py: extra" in done.stderr
    assert extra.exists()


def test_build_removes_stale_generated_file_but_not_foreign_ones(repo: Path) -> None:
    extra = repo / "generated" / "old_pattern.py"
    extra.write_bytes((repo / "generated" / "guard.py").read_bytes())
    mine = repo / "generated" / "helpers.py"
    mine.write_text("X = 1\n")
    done = prosec("build", cwd=repo)
    assert done.returncode == 0, done.stderr
    assert not extra.exists()
    assert mine.read_text() == "X = 1\n"
    assert "helpers.py was left alone: not written by prosec" in done.stderr


def test_failed_build_leaves_previous_package_intact(repo: Path) -> None:
    before = snapshot(repo / "generated")
    source = repo / "patterns" / "guard.prose.md"
    source.write_text(source.read_text().replace("let result = call target", "let result = call targte"))
    done = prosec("build", cwd=repo)
    assert done.returncode == 1
    assert "PS106" in done.stderr and "targte" in done.stderr
    assert snapshot(repo / "generated") == before


def test_output_path_that_is_a_file_is_exit_2(repo: Path) -> None:
    (repo / "out.txt").write_text("not a folder")
    done = prosec("build", "patterns", "-o", "out.txt", cwd=repo)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert (repo / "out.txt").read_text() == "not a folder"


def test_two_builds_with_different_hash_seeds_are_identical(tmp_path: Path) -> None:
    outs = []
    for seed in ("1", "4242"):
        out = tmp_path / f"gen{seed}"
        done = prosec(
            "build", str(PATTERNS), "-o", str(out), "--no-cache", cwd=tmp_path, env={"PYTHONHASHSEED": seed}
        )
        assert done.returncode == 0, done.stderr
        outs.append(snapshot(out))
    assert outs[0] == outs[1]


def test_generated_package_imports_with_only_the_standard_library(repo: Path) -> None:
    code = (
        "import os, sys\n"
        "sys.path.insert(0, os.getcwd())\n"
        "from generated import guard, oversight\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in {'prosec', 'lark', 'jinja2', 'black', 'typer'})\n"
        "assert not bad, bad\n"
        "r = guard(guard=lambda **k: {'proceed': True}, target=lambda **k: 'ok', task_brief='b')\n"
        "assert r.result == 'ok' and r.proceeded is True\n"
        "print('ok')\n"
    )
    # -I: isolated mode, no site-packages of the venv, no PYTHONPATH.
    base = getattr(sys, "_base_executable", sys.executable)
    done = subprocess.run([base, "-I", "-S", "-c", code], cwd=repo, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


def test_version_and_help() -> None:
    done = prosec("--version", cwd=ROOT)
    assert done.returncode == 0 and done.stdout.startswith("prosec ")
    done = prosec("--help", cwd=ROOT)
    assert done.returncode == 0 and "build" in done.stdout and "check" in done.stdout
    done = prosec("nonsense", cwd=ROOT)
    assert done.returncode == 2 and "Traceback" not in done.stderr


def test_committed_generated_package_is_up_to_date() -> None:
    done = prosec("check", "patterns", "-o", "generated", cwd=ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
