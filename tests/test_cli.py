"""The command line as a person uses it: paths an editor can open from the
working folder, settings found from any folder of the project, help that
keeps its text, `ir --format json`, and `explain CODE` for every hint."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import PATTERNS, ROOT, pattern_text, run_prosec

from prosec.api import explain
from prosec.diagnostics import Span, error, render_text

BROKEN = pattern_text(
    "review-panel", "let decision = call critic\nif decison says done:\n  return decision\nreturn null",
    slots="critic",
)


def heads(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if re.match(r"^\S+:\d+:\d+: (error|warning|info)\[", line)]


def test_diagnostic_paths_are_relative_to_the_working_folder(tmp_path: Path) -> None:
    folder = tmp_path / "exp"
    folder.mkdir()
    (folder / "review-panel.prose.md").write_text(BROKEN)
    line = BROKEN[: BROKEN.index("decison")].count("\n") + 1
    done = run_prosec("build", "review-panel.prose.md", "--no-cache", cwd=folder)
    assert done.returncode == 1
    assert heads(done.stderr)[0].startswith(f"review-panel.prose.md:{line}:4: error[PS102]: ")
    # The file as named from its parent folder, and in JSON too.
    done = run_prosec("build", "exp", "-o", "out", "--format", "json", "--no-cache", cwd=tmp_path)
    assert {d["path"] for d in json.loads(done.stdout)} == {"exp/review-panel.prose.md"}
    inner = folder / "deeper"
    inner.mkdir()
    done = run_prosec("build", "../review-panel.prose.md", "--no-cache", cwd=inner)
    assert heads(done.stderr)[0].startswith(f"../review-panel.prose.md:{line}:4: ")


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A project whose settings put the patterns and the package in
    non-default folders."""
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\n\n[tool.prosec]\nsrc = ["prose"]\nout = "src/pkg"\n')
    (tmp_path / "prose" / "team").mkdir(parents=True)
    for source in ("guard.prose.md", "oversight.prose.md"):
        (tmp_path / "prose" / "team" / source).write_text((PATTERNS / source).read_text())
    return tmp_path


def test_settings_are_found_by_walking_up_and_are_relative_to_their_file(project: Path) -> None:
    inner = project / "prose" / "team"
    done = run_prosec("build", cwd=inner)
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in (project / "src" / "pkg").iterdir()) == [
        "__init__.py", "_runtime.py", "guard.py", "oversight.py",
    ]
    assert "prosec: 2 patterns → ../../src/pkg/ (4 written" in done.stderr
    assert not (inner / "src").exists() and not (inner / "generated").exists()
    # The same package from any folder: headers do not depend on where you stand.
    for folder in (project, project / "src", inner):
        done = run_prosec("check", cwd=folder)
        assert done.returncode == 0, (folder, done.stderr)
    header = (project / "src" / "pkg" / "guard.py").read_text().splitlines()[0]
    assert "from prose/team/guard.prose.md." in header


def test_a_nearer_pyproject_without_tool_prosec_is_passed_over(project: Path) -> None:
    sub = project / "prose" / "team"
    (sub / "pyproject.toml").write_text('[project]\nname = "inner"\n')
    done = run_prosec("build", cwd=sub)
    assert done.returncode == 0, done.stderr
    assert (project / "src" / "pkg" / "guard.py").is_file()


def test_a_broken_pyproject_is_a_usage_error_naming_it(project: Path) -> None:
    (project / "pyproject.toml").write_text("[tool.prosec\n")
    done = run_prosec("build", cwd=project / "prose")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.startswith("prosec: error: cannot read ../pyproject.toml: ")
    (project / "pyproject.toml").write_text('[tool.prosec]\nout = 3\n')
    done = run_prosec("build", cwd=project)
    assert done.returncode == 2
    assert "[tool.prosec] out in pyproject.toml must be a folder" in done.stderr


def test_one_pattern_is_one_pattern(tmp_path: Path) -> None:
    (tmp_path / "patterns").mkdir()
    (tmp_path / "patterns" / "guard.prose.md").write_text((PATTERNS / "guard.prose.md").read_text())
    done = run_prosec("build", "--no-cache", cwd=tmp_path)
    assert "prosec: 1 pattern → generated/ (3 written, 0 unchanged, 0 removed)" in done.stderr


@pytest.mark.parametrize("command", ["build", "check", "report"])
def test_help_keeps_square_brackets(command: str, tmp_path: Path) -> None:
    done = run_prosec(command, "--help", cwd=tmp_path)
    assert done.returncode == 0
    text = " ".join(done.stdout.split())
    assert "(default: [tool.prosec] src in pyproject.toml, else patterns/)" in text
    if command != "report":
        assert "(default: [tool.prosec] out, else generated/)" in text


def test_ir_as_json(tmp_path: Path) -> None:
    done = run_prosec("ir", str(PATTERNS / "guard.prose.md"), "--format", "json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["diagnostics"] == [] and data["program"]["node"] == "Program"
    first = data["program"]["body"][0]
    assert first["node"] == "Bind" and first["name"] == "decision"
    assert first["value"]["node"] == "Call" and first["value"]["callee"] == "guard"
    source = (PATTERNS / "guard.prose.md").read_text().split("\n")
    line, column, _, _ = first["span"]
    assert source[line - 1][column - 1 :].startswith("let decision = call guard")
    (tmp_path / "bad.prose.md").write_text(pattern_text("bad", "let x 3", slots="a"))
    done = run_prosec("ir", "bad.prose.md", "--format", "json", cwd=tmp_path)
    data = json.loads(done.stdout)
    assert done.returncode == 1 and data["program"] is None
    assert [d["code"] for d in data["diagnostics"]] == ["PS201"]


def test_explain_prints_the_entry_of_the_docs(tmp_path: Path) -> None:
    done = run_prosec("explain", "ps102", cwd=tmp_path)
    assert done.returncode == 0
    assert done.stdout.startswith("### PS102\n\n**Error.** An undefined name")
    assert "**Fix:**" in done.stdout and "### PS103" not in done.stdout
    assert run_prosec("explain", "102", cwd=tmp_path).stdout == done.stdout
    # An entry whose example holds headings is printed whole.
    assert "### Delegation" in run_prosec("explain", "PS026", cwd=tmp_path).stdout
    missing = run_prosec("explain", "PS9999", cwd=tmp_path)
    assert missing.returncode == 2 and missing.stdout == ""
    assert missing.stderr.startswith("prosec: error: no diagnostic 'PS9999' (did you mean ")


def test_every_code_has_an_entry_to_explain() -> None:
    known = set(explain("PS001").known)
    assert {"PS001", "PS102", "PS209", "PS407", "PS609", "PS699"} <= known
    for code in sorted(known):
        found = explain(code)
        assert found.text is not None and found.text.startswith(f"### {code}\n"), code
        assert "**Fix" in found.text, code


def test_every_hint_ends_with_the_command_that_explains_its_code() -> None:
    lines = ["let x 3"]
    with_hint = render_text(error("t.prose.md", Span.point(1, 7), "PS201", "expected `=`", "write `let x = 3`."), lines)
    assert with_hint.splitlines()[-1] == "   = hint: write `let x = 3`; see `prosec explain PS201`"
    bare = render_text(error("t.prose.md", Span.point(1, 1), "PS404", "number out of range"), None)
    assert bare.splitlines() == [
        "t.prose.md:1:1: error[PS404]: number out of range",
        "   = hint: see `prosec explain PS404`",
    ]


def test_hints_on_the_command_line_name_the_code(tmp_path: Path) -> None:
    folder = tmp_path / "exp"
    folder.mkdir()
    (folder / "review-panel.prose.md").write_text(BROKEN)
    done = run_prosec("build", "review-panel.prose.md", "--no-cache", cwd=folder)
    hints = [line for line in done.stderr.splitlines() if line.startswith("   = hint: ")]
    codes = re.findall(r"\[(PS\d{3})\]", done.stderr)
    assert hints and len(hints) == len(codes)
    assert all(h.endswith(f"see `prosec explain {c}`") for h, c in zip(hints, codes, strict=True))


def test_report_json_gives_each_sentence_its_reading(tmp_path: Path) -> None:
    text = pattern_text(
        "relay",
        "let answer = call helper\n  question: question\nreturn answer",
        slots="helper",
        requires="- `question`: what to ask",
        invariants="- The helper receives the question.\n- Everything goes smoothly.",
    )
    (tmp_path / "relay.prose.md").write_text(text)
    done = run_prosec("report", "relay.prose.md", "--format", "json", "--no-cache", cwd=tmp_path)
    [pattern] = json.loads(done.stdout)
    by_text = {f["text"]: f for f in pattern["invariants"]}
    read = by_text["The helper receives the question."]
    assert read["status"] == "proved"
    assert read["read_as"] == "`helper` receives `question`"
    assert read["evidence"][0] == f"read as: {read['read_as']}"
    assert by_text["Everything goes smoothly."]["read_as"] is None


def test_report_names_files_as_diagnostics_do_and_build_counts_skipped_files(tmp_path: Path) -> None:
    folder = tmp_path / "drafts" / "d"
    folder.mkdir(parents=True)
    (folder / "relay.prose.md").write_text(
        pattern_text("relay", "let answer = call helper\nreturn answer", slots="helper")
    )
    (folder / "notes.prose.md").write_text("---\nname: notes\n---\n\n# Notes\n")
    done = run_prosec("report", "drafts/d", "--no-cache", cwd=tmp_path)
    assert done.stdout.splitlines()[0] == "drafts/d/relay.prose.md: relay"
    done = run_prosec("report", "drafts/d", "--format", "json", "--no-cache", cwd=tmp_path)
    assert [p["path"] for p in json.loads(done.stdout)] == ["drafts/d/relay.prose.md"]
    done = run_prosec("build", "drafts/d", "-o", "out", "--no-cache", cwd=tmp_path)
    assert done.returncode == 0
    assert done.stderr.splitlines()[-1].endswith(
        "(3 written, 0 unchanged, 0 removed); 1 file without `kind: pattern` skipped (PS017)"
    )
    assert "drafts/d/notes.prose.md:" in done.stderr and "info[PS017]" in done.stderr


def _python(code: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=60,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


def test_the_command_ends_with_its_status_its_output_flushed_and_its_exit_handlers_run(tmp_path: Path) -> None:
    """prosec's process ends without tearing its objects down one by one
    (``cli._exit``): nothing it printed, no exit handler, no status is lost."""
    done = _python(
        "import atexit, sys\n"
        "from prosec.cli import _exit\n"
        "atexit.register(lambda: print('handler ran', file=sys.stderr))\n"
        "sys.stdout.write('x' * 200000)\n"
        "_exit(3)\n",
        tmp_path,
    )
    assert (done.returncode, len(done.stdout), done.stderr) == (3, 200000, "handler ran\n")
    message = _python("from prosec.cli import _exit\n_exit('prosec: gone')\n", tmp_path)
    assert (message.returncode, message.stderr) == (1, "prosec: gone\n")


def test_the_command_waits_for_a_thread_still_running(tmp_path: Path) -> None:
    done = _python(
        "import threading, time\n"
        "from prosec.cli import _exit\n"
        "threading.Thread(target=lambda: (time.sleep(0.2), print('late', flush=True))).start()\n"
        "_exit(0)\n",
        tmp_path,
    )
    assert (done.returncode, done.stdout) == (0, "late\n")
