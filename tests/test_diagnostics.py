"""Every diagnostic code: the bad input, the exact code, severity, line and
column (in the Markdown file), and a message that reads as a sentence; the
text and JSON formats; every syntax error of a file; and one bad file never
stopping the others from being checked.

Each case marks where its diagnostic must point with a needle: the
diagnostic's line and column are those of the needle's first character in
the file (``nth`` picks a later occurrence).
"""

from __future__ import annotations

import json
import os
import re
import textwrap
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import ROOT, pattern_text, run_prosec

from prosec.api import (
    Compiled,
    PatternReport,
    Source,
    assemble,
    build,
    compile_paths,
    compile_sources,
    compile_text,
    find_sources,
    user_cache,
)
from prosec.diagnostics import (
    WHOLE_FILE,
    Diagnostic,
    Span,
    error,
    render_json,
    render_text,
)
from prosec.parse import MAX_TOKENS

DOCS = ROOT / "docs" / "diagnostics.md"


@dataclass(frozen=True)
class Case:
    code: str
    text: str
    at: str | None  # None: the whole file (1:1)
    nth: int = 1
    severity: str = "error"
    path: str = "t.prose.md"

    @property
    def id(self) -> str:
        return self.code


def pattern(delegation: str, **sections: str) -> str:
    sections.setdefault("slots", "a, b")
    return pattern_text("t", delegation, **sections)


def front(body: str, rest: str | None = None) -> str:
    """A file with the given front matter lines."""
    tail = rest if rest is not None else "# T\n\nSummary.\n\n### Delegation\n\n```prose\nreturn 1\n```\n"
    return f"---\n{textwrap.dedent(body).strip()}\n---\n\n{tail}"


def document(body: str) -> str:
    """A file with valid front matter and the given Markdown after it."""
    return front("name: t\nkind: pattern", textwrap.dedent(body).lstrip())


RETURNS_COUNT = "- `attempts`: number of attempts made"
GUARD_SLOTS = "guard, target"

CASES = [
    # ------------------------------------------------------------ PS0xx files
    Case("PS001", pattern("return 1") + "x" * (1024 * 1024), None),
    Case("PS002", pattern("return 1").replace("A test", "A \udcff test"), "\udcff"),
    Case("PS003", pattern("return 1"), None),  # encoded as UTF-16 below
    Case("PS004", pattern("return 1").replace("A test", "A \x1b test"), "\x1b"),
    Case("PS010", "---\nname: t\nkind: pattern\n\n# T\n", "---"),
    Case("PS011", front("name: t\nkind: !!python/object pattern"), "!!"),
    Case("PS012", front("name: t\nkind: pattern\nname: t"), "name", nth=2),
    Case("PS013", front('name: t\nkind: pattern\nversion: "1.0'), '"1.0'),
    Case("PS014", front("kind: pattern"), None),
    Case("PS015", front("name: ../evil\nkind: pattern"), "../evil"),
    Case("PS016", front("name: other\nkind: pattern"), "other", severity="warning"),
    Case("PS017", front("name: t\nkind: library"), "library", severity="info"),
    Case("PS018", front("name: t\nkind: pattern\nversion: [1, 2]"), "[1, 2]", severity="warning"),
    Case("PS020", document("# T\n\nS.\n\n### Delegation\n\n```prose\nreturn 1\n"), "```prose"),
    Case(
        "PS021",
        document("# T\n\nS.\n\n### Delegation\n\n```prose\nreturn 1\n```\n\n<!-- open\n"),
        "<!--",
        severity="warning",
    ),
    Case("PS022", document("Text.\n\n### Delegation\n\n```prose\nreturn 1\n```\n"), "---", severity="warning"),
    Case(
        "PS023",
        document("# T\n\nS.\n\n### Notes\n\nA.\n\n### Notes\n\nB.\n\n### Delegation\n\n```prose\nreturn 1\n```\n"),
        "### Notes",
        nth=2,
        severity="warning",
    ),
    Case("PS024", document("# T\n\nS.\n\n### Notes\n\nNothing.\n"), None),
    Case("PS025", document("# T\n\nS.\n\n### Delegation\n\n```python\nreturn 1\n```\n"), "### Delegation"),
    Case(
        "PS026",
        document("# T\n\nS.\n\n### Delegation\n\n```prose\nreturn 1\n```\n\n```prose\nreturn 2\n```\n"),
        "```prose",
        nth=2,
    ),
    Case(
        "PS030",
        pattern("return 1", config="- limit without backticks"),
        "limit without",
        severity="warning",
    ),
    Case("PS031", pattern("call a", slots="a, b, a"), "a`", nth=2),
    Case(
        "PS032",
        pattern("return n", config="- `n` (integer, default: 1): one\n- `n` (integer, default: 2): two"),
        "n` (integer, default: 2)",
    ),
    Case("PS033", pattern("return x", requires="x: string -- one\nx: string -- two"), "x: string -- two"),
    Case("PS034", pattern("call a", slots="a") + "", None),  # built below: an unreadable Slots bullet
    Case("PS035", pattern("return x", requires="x: string -- ok\nthis is not an input line"), "this is", severity="warning"),
    Case(
        "PS036",
        pattern("return { r: 1 }", returns="- `r`: one\n- `r`: again"),
        "r`: again",
        severity="warning",
    ),
    Case("PS050", pattern("return x", requires="x: widget -- a thing"), "x: widget", severity="warning"),
    Case("PS051", pattern("return n", config='- `n` (integer, default: "many"): count'), "n` (integer"),
    Case(
        "PS052",
        pattern(
            "return n",
            config="- `n` (integer, default: 3): count",
            requires="n: number -- count (optional, default 5)",
        ),
        "n: number",
        severity="warning",
    ),
    Case("PS053", pattern("call a", config="- `a` (string, default: x): also a slot"), "a` (string", severity="warning"),
    Case("PS037", pattern("call a").replace("### Delegation", "### Outputs\n\n- `r`: x\n\n### Delegation"),
         "### Outputs", severity="info"),
    # ------------------------------------------------------------ PS1xx names
    Case("PS101", pattern("call a\n  x: later\nlet later = 1"), "later\n"),
    Case("PS102", pattern("let decision = call a\nif decison says abort:\n  call b"), "decison"),
    Case("PS103", pattern("const k = 1\nk = 2"), "k = 2"),
    Case("PS104", pattern("call a\n  x: mystery"), "mystery", severity="warning"),
    Case("PS105", pattern('call a\n  p: "hello {nobody_here}"'), "nobody_here"),
    Case("PS106", pattern("call worker"), "worker"),
    Case("PS107", pattern("zzz = 1"), "zzz"),
    Case("PS108", pattern("let a = 1"), "a = 1"),
    # ------------------------------------------------------------ PS2xx syntax
    Case("PS201", pattern("if x is present:\ncall a"), "call a"),
    Case("PS202", pattern("if x is present:\n\tcall a", requires="x: string -- x"), "\tcall"),
    Case("PS203", pattern("if x is present:\n    call a\n  call b", requires="x: string -- x"), "call b"),
    Case("PS204", pattern('let s = "never closed\nreturn s'), '"never'),
    Case("PS205", pattern("let x = [1, 2\nreturn x"), "[1"),
    Case("PS206", pattern("let x = " + "[" * 40 + "]" * 40 + "\nreturn x"), "[", nth=33),
    Case("PS207", pattern("call a\nif x is present:", requires="x: string -- x"), "if x"),
    Case("PS209", pattern("let r = call a\nreturn { a: r x }"), "x }"),
    Case("PS208", pattern("let x = [" + "1, " * (MAX_TOKENS // 2) + "]\nreturn x"), None),  # position checked below
    # ------------------------------------------------------------ PS3xx structure
    Case("PS301", pattern("loop until x is present:\n  call a", requires="x: string -- x"), "loop"),
    Case("PS302", pattern('let r = parallel for x in xs ("most"):\n  call a', requires="xs: string[] -- x"), '"most"'),
    Case("PS303", pattern("let r = parallel for x in xs (count: 2):\n  call a", requires="xs: string[] -- x"), "count"),
    Case("PS304", pattern("call a\n  p: 1\n  p: 2"), "p: 2"),
    Case("PS305", pattern("let x = 1\n  p: 2\nreturn x"), "p: 2"),
    Case("PS306", pattern("try:\n  call a"), "try"),
    Case("PS307", pattern("throw"), "throw"),
    Case("PS308", pattern("return 1\ncall a"), "call a", severity="warning"),
    Case("PS309", pattern("break"), "break"),
    Case("PS310", pattern("repeat -2:\n  call a"), "-2"),
    Case("PS311", pattern("call a\n  retry: -1"), "retry"),
    Case("PS312", pattern("parallel:\n  return 1"), "return 1"),
    Case("PS313", pattern("parallel for x in xs:\n  break", requires="xs: string[] -- x"), "break"),
    Case("PS314", pattern("1 = 2"), "1 = 2"),
    Case("PS315", pattern("loop (max: -1):\n  call a"), "-1"),
    Case("PS315", pattern("loop until **done** (max: 0):\n  call a"), "0"),
    Case("PS316", pattern("call a\n  retries: 2"), "retries", severity="warning"),
    Case("PS317", pattern("let r = call a\nreturn { r }", returns="- `r`: one\n- `s`: two"), "s`: two",
         severity="warning"),
    Case("PS318", pattern("let r = call a\nreturn { r, s: 1 }", returns="- `r`: one"), "1 }",
         severity="warning"),
    Case("PS319", pattern("let found = []\nparallel for t in ts:\n  let r = call a\n    topic: t\n"
                          "  append r to found\nreturn found", requires="ts: string[] -- t"),
         "append r", severity="warning"),
    # ------------------------------------------------------------ PS4xx values
    Case("PS401", pattern('let s = "a\\qb"\nreturn s'), "\\q"),
    Case(
        "PS402",
        pattern('repeat 3:\n  return { attempts: "number of attempts" }', returns=RETURNS_COUNT),
        '"number',
        severity="info",
    ),
    Case("PS403", pattern('return { attempts: "number of attempts" }', returns=RETURNS_COUNT), '"number'),
    Case("PS404", pattern("return " + "9" * 40), "9999"),
    Case("PS406", pattern("let v = call a\nif v.score > 3:\n  call b"), "v.score >"),
    Case("PS407", pattern("let v = call a\nif **v reads well**:\n  call b"), "**v reads", severity="info"),
    # ------------------------------------------------------------ PS5xx invariants
    Case(
        "PS501",
        pattern(
            "let r = call target\n  task_brief: task_brief\nlet v = call guard\n  task_brief: task_brief\n"
            "if v explicitly proceeds:\n  return r\nreturn v",
            slots=GUARD_SLOTS,
            requires="task_brief: string -- the brief",
            invariants="- The target runs only when the guard explicitly approves",
        ),
        "target\n",
    ),
    Case(
        "PS502",
        pattern("call a", invariants="- The moon is made of green cheese"),
        "The moon",
        severity="warning",
    ),
    Case(
        "PS503",
        pattern("let r = call worker\nreturn r", slots="worker, critic",
                invariants="- The critic never sees the worker's output"),
        "The critic never",
        severity="warning",
    ),
    Case(
        "PS505",
        pattern("let v = call critic\n  draft: draft\nreturn v", slots="critic",
                requires="brief: string -- the task\ndraft: string -- the draft",
                invariants="- The critic never sees the draft\n  - read as: `critic` never receives `brief`"),
        "The critic never",
        severity="warning",
    ),
    Case(
        "PS506",
        pattern("let v = call critic\n  draft: draft\nreturn v", slots="critic",
                requires="draft: string -- the draft",
                invariants="- The critic never sees the draft\n  - read as: the critic is kept in the dark"),
        "the critic is kept",
        severity="warning",
    ),
    Case(
        "PS505",
        pattern("let r = call a\nreturn r", invariants="- b never sees a's output\n  - read as: `a` never receives `b`'s output"),
        "b never",
        severity="warning",
    ),
    Case(
        "PS506",
        pattern("let r = call a\nreturn r", invariants="- b never sees a's output\n  - read as: b is kept in the dark"),
        "b is kept",
        severity="warning",
    ),
    Case(
        "PS507",
        pattern("let v = call critic\n  brief: brief\nreturn v", slots="critic",
                requires="brief: string -- the task\ndraft: string -- the draft",
                invariants="- The critic is kept well away from the draft\n  - read as: `critic` never receives `draft`"),
        "The critic is kept",
        severity="info",
    ),
    # ------------------------------------------------------------ PS6xx names and build
    Case("PS601", pattern("let a-b = 1\nlet a_b = 2\nreturn a_b"), "a_b = 2"),
    Case("PS602", pattern("let _x = 1\nreturn _x"), "_x = 1"),
    Case("PS609", pattern("call judge", slots="judge"), "judge`", severity="warning"),
]

SPECIAL = {
    "PS034": "[an unreadable Slots bullet]",
}


def _position(case: Case) -> tuple[int, int]:
    if case.at is None:
        return (1, 1)
    start = -1
    for _ in range(case.nth):
        start = case.text.index(case.at, start + 1)
    line = case.text.count("\n", 0, start) + 1
    column = start - (case.text.rfind("\n", 0, start) + 1) + 1
    return line, column


def _bytes(case: Case) -> bytes:
    if case.code == "PS003":
        return case.text.encode("utf-16")
    if case.code == "PS002":
        return case.text.encode("utf-8", "surrogateescape")
    return case.text.encode("utf-8")


def _assert_sentence(d: Diagnostic) -> None:
    """No lark internals in what users read."""
    for part in (d.message, d.hint or ""):
        assert not re.search(r"Token\(|\$END|_NL|_INDENT|_DEDENT|__ANON|LOOP_COND|\bCOND\b|Tree\(", part), part
    assert d.message and d.message[0] not in " .", d.message


@pytest.mark.parametrize("case", [c for c in CASES if c.code not in SPECIAL and c.code != "PS208"], ids=Case.id.fget)  # type: ignore[attr-defined]
def test_code(case: Case) -> None:
    result = compile_text(case.path, _bytes(case))
    found = [d for d in result.diagnostics if d.code == case.code]
    assert found, [(d.code, d.span, d.message) for d in result.diagnostics]
    d = found[0]
    assert (d.span.line, d.span.column) == _position(case), (d.span, d.message)
    assert d.severity.value == case.severity, d.message
    assert d.path == case.path
    _assert_sentence(d)
    if case.severity == "error":
        assert result.code is None


def test_PS034_unreadable_slot_bullet() -> None:
    text = pattern("call a", slots="a").replace("- `a`\n", "- `a`\n- (primary) nothing here\n")
    result = compile_text("t.prose.md", text.encode())
    d = next(d for d in result.diagnostics if d.code == "PS034")
    line = text.count("\n", 0, text.index("- (primary)")) + 1
    assert (d.span.line, d.span.column, d.severity.value) == (line, 3, "warning")


def test_PS208_delegation_over_the_token_limit() -> None:
    case = next(c for c in CASES if c.code == "PS208")
    result = compile_text(case.path, _bytes(case))
    d = next(d for d in result.diagnostics if d.code == "PS208")
    assert str(MAX_TOKENS) in d.message and d.is_error
    fence_line = case.text[: case.text.index("```prose")].count("\n") + 2
    assert d.span.line == fence_line  # the one long line of the fence


def test_PS208_more_interpolations_than_the_limit() -> None:
    from prosec.lower import MAX_INTERPOLATIONS

    text = pattern('let x = call a\nreturn "' + "{x} " * (MAX_INTERPOLATIONS + 1) + '"')
    result = compile_text("t.prose.md", text.encode())
    (d,) = [d for d in result.diagnostics if d.code == "PS208"]
    assert d.is_error and "2,000" in d.message and result.code is None
    fence_line = text[: text.index("```prose")].count("\n") + 2
    assert (d.span.line, d.span.column) == (fence_line + 1, 8)  # the string
    ok = pattern('let x = call a\nreturn "' + "{x} " * MAX_INTERPOLATIONS + '"')
    compiled = compile_text("t.prose.md", ok.encode())
    assert compiled.code is not None and '"".join(' in compiled.code
    compile(compiled.code, "t.py", "exec")  # joined, not 4,000 nested `+`


def test_PS504_too_deep_for_the_invariant_analysis() -> None:
    # Eight nested loops around many statements: more work than the flow
    # analysis's budget.
    lines = ["let x = call worker"]
    for depth in range(8):
        lines.append("  " * depth + "for y in xs:")
    lines += ["  " * 8 + "x = y"] * 250
    text = pattern(
        "\n".join(lines) + "\nreturn x",
        slots="worker, critic",
        requires="xs: string[] -- items",
        invariants="- The critic never sees the worker's output",
    )
    result = compile_text("t.prose.md", text.encode())
    d = next(d for d in result.diagnostics if d.code == "PS504")
    assert d.severity.value == "warning"
    assert (d.span.line, d.span.column) == (text[: text.index("```prose")].count("\n") + 2, 1)


def test_PS599_internal_error_in_an_invariant_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    from prosec.invariants import check

    def broken(*args: object, **kwargs: object) -> object:
        raise ValueError("boom")

    monkeypatch.setattr(check, "check_claim", broken)
    text = pattern(
        "let r = call worker\nlet s = call critic\n  x: r\nreturn s",
        slots="worker, critic",
        invariants="- The critic never sees the worker's output",
    )
    result = compile_text("t.prose.md", text.encode())
    d = next(d for d in result.diagnostics if d.code == "PS599")
    line = text.count("\n", 0, text.index("The critic never")) + 1
    assert (d.span.line, d.span.column) == (line, 3)
    assert result.code is None


def test_PS603_two_files_with_the_same_pattern_name(tmp_path: Path) -> None:
    for folder in ("one", "two"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "t.prose.md").write_text(pattern("call a"))
    sources, problems = find_sources([tmp_path / "one", tmp_path / "two"])
    assert problems == [] and len(sources) == 2
    result = compile_sources(sources)
    found = [d for d in result.diagnostics if d.code == "PS603"]
    assert len(found) == 1 and found[0].span == WHOLE_FILE
    assert "one/t.prose.md" in found[0].message and found[0].path == "two/t.prose.md"
    assert not result.ok


def test_PS603_a_pattern_name_against_another_patterns_async_function(tmp_path: Path) -> None:
    (tmp_path / "foo.prose.md").write_text(pattern_text("foo", "call a", slots="a"))
    (tmp_path / "foo-async.prose.md").write_text(pattern_text("foo-async", "call a", slots="a"))
    result = compile_sources(find_sources([tmp_path])[0])
    found = [d for d in result.diagnostics if d.code == "PS603"]
    assert len(found) == 1 and "'foo_async'" in found[0].message, found
    assert "foo" in found[0].message and "foo-async" in found[0].message


def test_PS604_a_module_that_would_overwrite_the_package_files() -> None:
    report = PatternReport(path="x.prose.md", name="x", module="_runtime", function="_runtime", result_class="XResult")
    result = assemble([Compiled("x.prose.md", report, "pass\n", [])], [])
    d = next(d for d in result.diagnostics if d.code == "PS604")
    assert d.span == WHOLE_FILE and "_runtime.py" in d.message
    assert "_runtime.py" not in result.files or "pass\n" != result.files["_runtime.py"]


def test_PS605_no_pattern_files(tmp_path: Path) -> None:
    (tmp_path / "readme.md").write_text("nothing here")
    _, problems = find_sources([tmp_path])
    d = next(d for d in problems if d.code == "PS605")
    assert d.is_error and d.span == WHOLE_FILE and "no pattern files under" in d.message
    _, problems = find_sources([tmp_path / "missing"])
    assert [d.code for d in problems] == ["PS605"]


def test_PS606_a_link_that_leaves_the_source_tree(tmp_path: Path) -> None:
    outside = tmp_path / "outside.prose.md"
    outside.write_text(pattern("call a"))
    tree = tmp_path / "tree"
    tree.mkdir()
    (tree / "t.prose.md").symlink_to(outside)
    sources, problems = find_sources([tree])
    assert sources == []
    d = next(d for d in problems if d.code == "PS606")
    assert d.severity.value == "warning" and "leaves the source tree" in d.message


def test_PS607_a_file_that_cannot_be_read(tmp_path: Path) -> None:
    result = compile_sources([Source(tmp_path / "gone.prose.md", "tree/gone.prose.md")])
    d = next(d for d in result.diagnostics if d.code == "PS607")
    assert d.path == "tree/gone.prose.md" and d.is_error and d.span == WHOLE_FILE


def _one_pattern(tmp_path: Path) -> Path:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "t.prose.md").write_text(pattern("call a"))
    return tmp_path / "src"


def test_PS607_a_folder_that_cannot_be_listed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    src = _one_pattern(tmp_path)
    (src / "sub").mkdir()
    real = os.scandir

    def refusing(path: object = ".") -> object:
        if str(path).endswith("sub"):
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "scandir", refusing)
    sources, problems = find_sources([src])
    assert [s.display for s in sources] == ["src/t.prose.md"]
    assert [(d.code, d.path, d.is_error) for d in problems] == [("PS607", "src/sub", True)]
    assert "Permission denied" in problems[0].message


def test_PS608_prosec_cannot_read_its_own_templates(monkeypatch: pytest.MonkeyPatch) -> None:
    from prosec import emit

    def unreadable() -> str:
        raise PermissionError(13, "Permission denied", "prosec/runtime.py")

    monkeypatch.setattr(emit, "runtime_source", unreadable)
    report = PatternReport(path="x.prose.md", name="x", module="x", function="x", result_class="XResult")
    result = assemble([Compiled("x.prose.md", report, "pass\n", [])], [])
    d = next(d for d in result.diagnostics if d.code == "PS608")
    assert d.is_error and d.path == "prosec/runtime.py" and "reinstall" in (d.hint or "")
    assert not result.ok
    from prosec import pipeline

    def no_template(*args: object) -> str:
        raise OSError(5, "Input/output error", "templates/module.py.jinja")

    monkeypatch.setattr(pipeline, "render_module", no_template)
    compiled = compile_text("t.prose.md", pattern("call a").encode())
    d = next(d for d in compiled.diagnostics if d.code == "PS608")
    assert d.is_error and "module.py.jinja" in d.message and compiled.code is None


def test_PS610_an_output_folder_that_is_a_link(tmp_path: Path) -> None:
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "out").symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    built = build([_one_pattern(tmp_path)], tmp_path / "out")
    d = next(d for d in built.output if d.code == "PS610")
    assert d.is_error and "link" in d.message and not built.ok
    assert list((tmp_path / "elsewhere").iterdir()) == []


def test_PS611_a_file_the_package_needs_is_in_the_way(tmp_path: Path) -> None:
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "__init__.py").write_text("# mine\n")
    built = build([_one_pattern(tmp_path)], tmp_path / "out")
    d = next(d for d in built.output if d.code == "PS611")
    assert d.is_error and d.path == f"{(tmp_path / 'out').as_posix()}/__init__.py"
    assert "not written by prosec" in d.message and "remove or rename" in (d.hint or "")
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["__init__.py"]


def test_PS612_a_module_prosec_did_not_write_is_left_alone(tmp_path: Path) -> None:
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "helpers.py").write_text("X = 1\n")
    built = build([_one_pattern(tmp_path)], tmp_path / "out")
    d = next(d for d in built.output if d.code == "PS612")
    assert d.severity.value == "warning" and d.path.endswith("out/helpers.py")
    assert built.ok and (tmp_path / "out" / "helpers.py").read_text() == "X = 1\n"


def test_PS613_a_file_name_longer_than_the_file_system_allows(tmp_path: Path) -> None:
    from prosec.output import write_package

    done = write_package(tmp_path / "out", {"a" * 300 + ".py": "x\n"})
    d = next(d for d in done.diagnostics if d.code == "PS613")
    assert d.is_error and "bytes long" in d.message and not (tmp_path / "out").exists()


def test_PS699_generated_code_that_does_not_format(monkeypatch: pytest.MonkeyPatch) -> None:
    from prosec import pipeline
    from prosec.emit import FormatError

    def broken(*args: object, **kwargs: object) -> str:
        raise FormatError("cannot parse")

    monkeypatch.setattr(pipeline, "render_module", broken)
    result = compile_text("t.prose.md", pattern("call a").encode())
    d = next(d for d in result.diagnostics if d.code == "PS699")
    assert d.is_error and d.span == WHOLE_FILE and "bug in prosec" in (d.hint or "")


def test_PS620_a_cache_key_others_can_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PROSEC_CACHE_DIR", str(tmp_path / "cache"))
    src = _one_pattern(tmp_path)
    assert compile_paths([src], cache=user_cache()).ok
    (tmp_path / "cache" / "key").chmod(0o644)
    cache = user_cache()
    result = compile_paths([src], cache=cache)
    d = next(d for d in result.diagnostics if d.code == "PS620")
    assert d.severity.value == "warning" and d.path == (tmp_path / "cache" / "key").as_posix()
    assert "other users" in d.message and result.ok
    assert cache is not None and cache.hits == 0


# ---------------------------------------------------------------- the whole set


def _codes_in_source() -> set[str]:
    found: set[str] = set()
    for path in (ROOT / "prosec").rglob("*.py"):
        found.update(re.findall(r"\"(PS\d{3})\"", path.read_text(encoding="utf-8")))
    return found


def _codes_in_docs() -> set[str]:
    return set(re.findall(r"^##+ (PS\d{3})\b", DOCS.read_text(encoding="utf-8"), re.MULTILINE))


def test_every_code_is_documented_and_every_documented_code_exists() -> None:
    source, docs = _codes_in_source(), _codes_in_docs()
    assert source - docs == set(), f"emitted but not in docs/diagnostics.md: {sorted(source - docs)}"
    assert docs - source == set(), f"documented but never emitted: {sorted(docs - source)}"


def test_every_documented_code_has_meaning_example_and_fix() -> None:
    text = DOCS.read_text(encoding="utf-8")
    parts = re.split(r"^##+ (?=PS\d{3}\b)", text, flags=re.MULTILINE)[1:]
    assert parts
    for part in parts:
        code = part[:5]
        assert "```" in part, f"{code}: no example"
        assert re.search(r"\*\*Fix", part), f"{code}: no fix"


def test_every_code_has_a_test_here() -> None:
    tested = {c.code for c in CASES}
    source = Path(__file__).read_text(encoding="utf-8")
    tested |= set(re.findall(r"def test_(PS\d{3})_", source))
    missing = _codes_in_source() - tested
    assert missing == set(), f"no test for {sorted(missing)}"


# ---------------------------------------------------------------- formats


def test_text_format_has_position_severity_code_source_line_and_caret() -> None:
    text = pattern("let decision = call a\ncall b\n  x: decison")
    result = compile_text("patterns/t.prose.md", text.encode())
    d = next(d for d in result.diagnostics if d.code == "PS102")
    rendered = render_text(d, text.split("\n"))
    lines = rendered.split("\n")
    line = d.span.line
    assert lines[0] == (
        f"patterns/t.prose.md:{line}:6: error[PS102]: undefined name 'decison' (did you mean 'decision'?)"
    )
    assert lines[1] == f"   {line} |   x: decison"
    assert lines[2] == f"   {' ' * len(str(line))} |      ^^^^^^^"
    assert lines[3].startswith("   = hint: ")


def test_text_format_never_echoes_control_characters() -> None:
    d = error("a\x1b[2Jb.prose.md", Span.point(1, 1), "PS201", "bad \x1b]0;title\x07 \u202e")
    rendered = render_text(d, ["x\x1b[31my"])
    assert "\x1b" not in rendered and "\u202e" not in rendered and "\x07" not in rendered


def test_json_format_fields() -> None:
    d = error("t.prose.md", Span(3, 5, 3, 9), "PS102", "undefined name 'x'", "fix it")
    (item,) = json.loads(render_json([d]))
    assert item == {
        "path": "t.prose.md",
        "line": 3,
        "column": 5,
        "end_line": 3,
        "end_column": 9,
        "severity": "error",
        "code": "PS102",
        "message": "undefined name 'x'",
        "hint": "fix it",
    }


@pytest.fixture
def two_bad_one_good(tmp_path: Path) -> Path:
    src = tmp_path / "patterns"
    src.mkdir()
    (src / "bad.prose.md").write_text(
        pattern_text("bad", "let x 3\ncall a\nlet y = = 2\nfor q qs:\n  call a\nreturn x", slots="a")
    )
    (src / "worse.prose.md").write_text(pattern_text("worse", "call nobody", slots="a"))
    (src / "good.prose.md").write_text(pattern_text("good", "call a", slots="a"))
    (src / "binary.prose.md").write_bytes(b"\xff\xfe\x00\x01" * 100)
    return tmp_path


def test_cli_json_format(two_bad_one_good: Path) -> None:
    done = run_prosec("build", "patterns", "-o", "out", "--format", "json", cwd=two_bad_one_good)
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    items = json.loads(done.stdout)
    keys = {"path", "line", "column", "end_line", "end_column", "severity", "code", "message", "hint"}
    assert all(set(item) == keys for item in items)
    by_file: dict[str, list[tuple[str, int]]] = {}
    for item in items:
        by_file.setdefault(item["path"], []).append((item["code"], item["line"]))
    # Every syntax error of bad.prose.md, each on its own line.
    assert [c for c, _ in by_file["patterns/bad.prose.md"]] == ["PS201", "PS201", "PS201"]
    assert len({line for _, line in by_file["patterns/bad.prose.md"]}) == 3
    # The other bad files were checked too.
    assert ("PS106", by_file["patterns/worse.prose.md"][0][1]) in by_file["patterns/worse.prose.md"]
    assert by_file["patterns/binary.prose.md"][0][0] in ("PS002", "PS003")
    assert not (two_bad_one_good / "out").exists()


def test_cli_text_format(two_bad_one_good: Path) -> None:
    done = run_prosec("build", "patterns", "-o", "out", cwd=two_bad_one_good)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    heads = [line for line in done.stderr.splitlines() if re.match(r"^\S+:\d+:\d+: (error|warning|info)\[PS\d{3}\]: ", line)]
    assert any(h.startswith("patterns/bad.prose.md:") and "[PS201]" in h for h in heads)
    assert any(h.startswith("patterns/worse.prose.md:") and "[PS106]" in h for h in heads)
    # A caret line under a source line.
    assert re.search(r"^\s+\d+ \| let x 3\n\s+\| {7}\^", done.stderr, re.MULTILINE), done.stderr


def test_one_bad_file_does_not_stop_the_others(tmp_path: Path) -> None:
    (tmp_path / "good.prose.md").write_text(pattern_text("good", "call a", slots="a"))
    (tmp_path / "bad.prose.md").write_text(pattern_text("bad", "call a\n  x: [", slots="a"))
    (tmp_path / "worse.prose.md").write_bytes(b"\x00" * 50)
    result = compile_sources(find_sources([tmp_path])[0])
    by_path = {c.path.rsplit("/", 1)[-1]: c for c in result.patterns}
    assert by_path["good.prose.md"].code is not None
    assert by_path["bad.prose.md"].code is None and by_path["worse.prose.md"].code is None
    assert {d.code for d in result.diagnostics} >= {"PS205", "PS003"}


# ---------------------------------------------------------------- syntax errors as sentences

MALFORMED = [
    ("let = 3", "expected a name after `let`"),
    ("let x 3", "expected `=` after `let x`"),
    ("let x =", "`let x =` is incomplete"),
    ("let x = (1)", "parentheses do not group expressions"),
    ("call", "expected the name of a slot after `call`"),
    ('call a\n  prompt "x"', "expected `:` after `prompt`"),
    ("if x\n  call a", "must end with `:`"),
    ("if:\n  call a", "`if` needs a condition before `:`"),
    ("for x xs:\n  call a", "expected `,` or `in` after `for x`"),
    ("repeat:\n  call a", "expected an expression after `repeat`"),
    ("try\n  call a", "expected `:` at the end of the `try` line"),
    ("else:\n  call a", "`else:` must follow the body of an `if`"),
    ("catch as e:\n  call a", "`catch` must follow the body of a `try`"),
    ("let x = 1 2", "expected the end of the line after `let x = 1`"),
    ("let x = 1 + 2", "ProseScript has no operators"),
    ("let x = 'single'", "strings are written in double quotes"),
    ("let x = [1}", "does not match the `[`"),
    ("let x = 1]", "closes a bracket that was never opened"),
    ("let x = {a: 1", "`{` is never closed"),
    ("parallel:\ncall a", "expected an indented block after `parallel ...:`"),
    ("choice **best**:\n  call a", "expected `option`"),
    ("let x = 1\n    let y = 2", "unexpected indentation"),
    ("if x is present:", "expected an indented block"),
    ('let s = """open\n', 'string is never closed'),
    ("let x = a.", "expected a name before the end of the line"),
    ("let café = 1", "names are written in ASCII"),
]


@pytest.mark.parametrize(("source", "words"), MALFORMED, ids=[m[0] for m in MALFORMED])
def test_syntax_errors_read_as_sentences(source: str, words: str) -> None:
    result = compile_text("t.prose.md", pattern(source, requires="x: string -- x").encode())
    syntax = [d for d in result.diagnostics if d.code.startswith("PS2")]
    assert syntax, [(d.code, d.message) for d in result.diagnostics]
    d = syntax[0]
    assert words in d.message, d.message
    _assert_sentence(d)


def test_every_syntax_error_of_a_file_is_reported() -> None:
    delegation = (
        "let x 3\n"  # 1
        "call a\n"
        "let y = = 2\n"  # 3
        "if x is present:\n"
        "  let z 4\n"  # 5
        "  call b\n"
        "for q qs:\n"  # 7
        "  call a\n"
        "return ~\n"  # 9
    )
    text = pattern(delegation)
    result = compile_text("t.prose.md", text.encode())
    first = text[: text.index("```prose")].count("\n") + 2
    lines = [d.span.line - first + 1 for d in result.diagnostics if d.code.startswith("PS2")]
    assert lines == [1, 3, 5, 7, 9]


def test_recovery_stops_after_an_unclosed_bracket() -> None:
    text = pattern("let x = [1, 2\nlet y 3\nreturn x")
    result = compile_text("t.prose.md", text.encode())
    assert [d.code for d in result.diagnostics] == ["PS205"]
