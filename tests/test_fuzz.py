"""Property tests: no input makes prosec raise, hang or print a traceback.

Random text and bytes, and random mutations of the corpus and of the
project's own patterns (deleted, duplicated and swapped lines, changed
indentation, inserted quotes, brackets, braces, tabs and separators) go
through ``compile_text`` and through the command line in-process
(``typer.testing.CliRunner`` on ``prosec.cli.app``). ``compile_text`` must
return, every diagnostic must be well formed and render, and the CLI must
exit with 0 or 1 and no traceback.

The runs are derandomized, so CI sees the same examples every time; the
example counts add up to 2,100 (see ``PROSEC_FUZZ_SCALE`` below for longer,
random runs).
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import CORPUS, need_corpus
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from prosec.api import compile_text
from prosec.cli import app
from prosec.diagnostics import Diagnostic, render_json, render_text

PROJECT = Path(__file__).resolve().parents[1] / "patterns"


def _read(folder: Path) -> list[tuple[str, str]]:
    if not folder.is_dir():
        return []
    return [(p.name, p.read_text(encoding="utf-8")) for p in sorted(folder.glob("*.prose.md"))]


CORPUS_FILES = _read(CORPUS)
PROJECT_FILES = _read(PROJECT)

need_project = pytest.mark.skipif(not PROJECT_FILES, reason=f"no pattern files in {PROJECT}")


# For a longer hunt on a developer machine:
#   PROSEC_FUZZ_SCALE=20 PROSEC_FUZZ_RANDOM=1 pytest tests/test_fuzz.py
SCALE = max(1, int(os.environ.get("PROSEC_FUZZ_SCALE", "1") or "1"))
RANDOM = os.environ.get("PROSEC_FUZZ_RANDOM", "") == "1"


def fuzz_settings(examples: int) -> settings:
    return settings(
        max_examples=examples * SCALE,
        deadline=None,
        derandomize=not RANDOM,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
    )


# ---------------------------------------------------------------- what must hold

_LARK = re.compile(r"Token\(|\$END|_NL\b|_INDENT|_DEDENT|__ANON|Tree\(|Traceback")


def check_diagnostics(path: str, text: str, diagnostics: list[Diagnostic]) -> None:
    lines = text.split("\n")
    for d in diagnostics:
        assert d.path == path
        assert re.fullmatch(r"PS\d{3}", d.code), d.code
        assert d.message.strip(), d
        assert not _LARK.search(d.message + (d.hint or "")), d
        assert 1 <= d.span.line <= len(lines) + 1, (d.span, len(lines), d.message)
        assert d.span.column >= 1 and (d.span.end_line, d.span.end_column) >= (d.span.line, d.span.column), d
        rendered = render_text(d, lines)
        assert "\x1b" not in rendered
    render_json(diagnostics)


def compiles_or_explains(path: str, data: bytes) -> None:
    result = compile_text(path, data)  # must not raise
    text = data.decode("utf-8", errors="replace").lstrip("\ufeff").replace("\r\n", "\n")
    check_diagnostics(path, text, result.diagnostics)
    if result.code is None and not result.skipped:
        assert any(d.is_error for d in result.diagnostics), "no code and no error"
    if result.code is not None:
        assert not any(d.is_error for d in result.diagnostics)


# ---------------------------------------------------------------- mutations

INSERTS = [
    '"', '"""', "'", "{", "}", "[", "]", "(", ")", ":", "::", "\t", "  ", "#", "\\", "\\q",
    "**", "***", "{x}", "{{ }}", "{% %}", "\u2028", "\u202e", "\ufeff", "-", "=", ",", "```",
    "```prose\n", "---\n", "### Delegation\n", "<!--", "-->", "call ", "let ", "if ", ":\n",
    "\n  ", "\n", "é", "😀", "\x0c", "\x00", "\r",
]


@st.composite
def mutated(draw: st.DrawFn, files: list[tuple[str, str]], *, fence_only: bool = False) -> tuple[str, bytes]:
    name, text = draw(st.sampled_from(files))
    lines = text.split("\n")
    if fence_only:
        start = next((i for i, line in enumerate(lines) if line.startswith("```prose")), 0) + 1
        end = next((i for i in range(start, len(lines)) if lines[i].startswith("```")), len(lines))
    else:
        start, end = 0, len(lines)
    end = max(end, start + 1)
    for _ in range(draw(st.integers(1, 4))):
        if not lines:
            lines = [""]
        kind = draw(st.sampled_from(["delete", "duplicate", "indent", "insert", "insert", "swap", "truncate"]))
        i = start + draw(st.integers(0, 10**6)) % max(min(end, len(lines)) - start, 1)
        i = min(i, len(lines) - 1)
        if kind == "delete":
            del lines[i]
        elif kind == "duplicate":
            lines.insert(i, lines[i])
        elif kind == "indent":
            delta = draw(st.sampled_from([-4, -2, -1, 1, 2, 3, 4]))
            stripped = lines[i].lstrip(" ")
            indent = max(len(lines[i]) - len(stripped) + delta, 0)
            lines[i] = " " * indent + stripped
        elif kind == "insert":
            where = draw(st.integers(0, 10**6)) % (len(lines[i]) + 1)
            piece = draw(st.sampled_from(INSERTS))
            lines[i] = lines[i][:where] + piece + lines[i][where:]
        elif kind == "swap":
            j = start + draw(st.integers(0, 10**6)) % max(min(end, len(lines)) - start, 1)
            j = min(j, len(lines) - 1)
            lines[i], lines[j] = lines[j], lines[i]
        else:
            lines[i] = lines[i][: draw(st.integers(0, 10**6)) % (len(lines[i]) + 1)]
    out = "\n".join(lines)
    if draw(st.integers(0, 9)) == 0:
        out = "\ufeff" + out.replace("\n", "\r\n")
    return name, out.encode("utf-8", errors="surrogatepass")


# ---------------------------------------------------------------- compile_text

SKELETON = "---\nname: t\nkind: pattern\n---\n\n# T\n\nSummary.\n\n### Slots\n\n- `a`\n\n### Delegation\n\n```prose\n{}\n```\n"


@fuzz_settings(400)
@given(st.text(max_size=400))
def test_random_text_never_raises(text: str) -> None:
    compiles_or_explains("t.prose.md", text.encode("utf-8", errors="surrogatepass"))


PIECES = [
    *"abxy_-.:=,[]{}()\"\\# \n*\t",
    "call ", "let ", "const ", "if ", "elif ", "else", "for ", " in ", "loop ", "until ", "(max: 3)",
    "repeat ", "parallel ", "try", "catch", " as ", "finally", "choice ", "option ", "return ",
    "throw", "break", "\n  ", "\n    ", '"""', "**", "\u2028", "1", "-2", "true", "null",
]


@fuzz_settings(400)
@given(st.lists(st.sampled_from(PIECES), max_size=60).map("".join))
def test_random_delegations_never_raise(body: str) -> None:
    compiles_or_explains("t.prose.md", SKELETON.format(body).encode("utf-8", errors="surrogatepass"))


@fuzz_settings(150)
@given(st.binary(max_size=600))
def test_random_bytes_never_raise(data: bytes) -> None:
    compiles_or_explains("t.prose.md", data)


@need_corpus
@fuzz_settings(450)
@given(mutated(CORPUS_FILES, fence_only=True))
def test_mutated_corpus_delegations_never_raise(case: tuple[str, bytes]) -> None:
    compiles_or_explains(*case)


@need_project
@fuzz_settings(300)
@given(mutated(PROJECT_FILES))
def test_mutated_project_patterns_never_raise(case: tuple[str, bytes]) -> None:
    compiles_or_explains(*case)


# ---------------------------------------------------------------- through the CLI


@pytest.fixture(scope="module")
def workdir() -> Iterator[Path]:
    folder = Path(tempfile.mkdtemp(prefix="prosec-fuzz-"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def run_cli(workdir: Path, name: str, data: bytes, fmt: str) -> None:
    src = workdir / "src"
    shutil.rmtree(src, ignore_errors=True)
    src.mkdir()
    (src / name).write_bytes(data)
    result = CliRunner().invoke(app, ["build", str(src), "-o", str(workdir / "out"), "--format", fmt])
    output = result.output + (result.stderr if result.stderr_bytes is not None else "")
    assert result.exit_code in (0, 1), (result.exit_code, output, result.exception)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in output


@need_corpus
@fuzz_settings(250)
@given(mutated(CORPUS_FILES), st.sampled_from(["text", "json"]))
def test_mutated_corpus_through_the_cli(workdir: Path, case: tuple[str, bytes], fmt: str) -> None:
    run_cli(workdir, *case, fmt)


@need_project
@fuzz_settings(150)
@given(mutated(PROJECT_FILES, fence_only=True), st.sampled_from(["text", "json"]))
def test_mutated_project_through_the_cli(workdir: Path, case: tuple[str, bytes], fmt: str) -> None:
    run_cli(workdir, *case, fmt)


# ---------------------------------------------------------------- crashes found by fuzzing


def test_a_name_made_of_underscores_does_not_crash_the_invariant_lexicon() -> None:
    data = SKELETON.format("return __").encode()
    compiles_or_explains("t.prose.md", data)
    # Not even as a caught internal error.
    from prosec.api import compile_text

    assert not [d for d in compile_text("t.prose.md", data).diagnostics if d.code == "PS699"]
