"""Hostile input: each case is rejected with a diagnostic, or compiles to a
package that, imported and called under ``sys.addaudithook`` in a fresh
process, opens nothing but its own code, starts no process, touches no
network and evaluates no pattern text. Builds are atomic (fault injection)
and byte-identical whatever the hash seed, file order and working folder.
"""

from __future__ import annotations

import ast
import builtins
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import CORPUS, PATTERNS, ROOT, pattern_text

from prosec import names, output
from prosec.api import compile_sources, compile_text, find_sources
from prosec.markdown import MAX_FILE_BYTES
from prosec.output import OutputError, apply, plan
from prosec.types import parse_default

# ---------------------------------------------------------------- helpers


def prose_string(value: str) -> str:
    """``value`` as a ProseScript string literal."""
    escapes = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t", "{": "\\{", "}": "\\}"}
    return '"' + "".join(escapes.get(ch, ch) for ch in value) + '"'


def build(src: Path, out: Path) -> list[str]:
    """Compile ``src`` into ``out``; the codes of all findings."""
    sources, problems = find_sources([src])
    result = compile_sources(sources)
    found = problems + result.diagnostics
    errors = [f"{d.code} {d.span.line}:{d.span.column} {d.message}" for d in found if d.is_error]
    assert not errors, errors
    apply(out, plan(out, result.files))
    return [d.code for d in found]


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def codes_of(text: str | bytes, path: str = "t.prose.md") -> tuple[set[str], bool]:
    data = text.encode("utf-8") if isinstance(text, str) else text
    result = compile_text(path, data)
    return {d.code for d in result.diagnostics if d.is_error}, result.code is not None


# Strings that would misbehave if they were put between quotes by hand,
# rendered as a template, or evaluated.
HOSTILE = [
    "{{ 7*7 }}",
    "{% for x in range(3) %}{{ x }}{% endfor %}",
    "{# a jinja comment #}",
    "{%- raw -%}{{ no }}{%- endraw -%}",
    '"""',
    "'''",
    '"',
    "'",
    "\\",
    "ends with a backslash \\",
    "\\n \\t \\x00 \\N{BULLET} \\u0041",
    "two\nlines",
    "tab\there",
    "line\u2028separator\u2029paragraph",
    "next\x85line",
    "bidi \u202eevil\u202c \u2066isolate\u2069 \u200f",
    "zero\u200bwidth \ufeff bom",
    "é 中文 😀 \U0001f4a9",
    "${HOME} $(id) `id` %s %(x)s {0}",
    "'); __import__('os').system('echo PWNED') #",
    '"""; __import__("os").system("echo PWNED"); """',
    "}}{{ {x} {",
]

AUDIT = r'''
import json, sys
sys.dont_write_bytecode = True
spec = json.loads(open(sys.argv[1], encoding="utf-8").read())
sys.path.insert(0, spec["root"])
bad = []
BANNED = (
    "subprocess.", "os.system", "os.exec", "os.posix_spawn", "os.spawn", "os.fork",
    "os.remove", "os.unlink", "os.rename", "os.mkdir", "os.rmdir", "os.chmod",
    "os.kill", "os.putenv", "os.unsetenv", "shutil.", "socket.", "urllib.",
    "http.", "ftplib.", "smtplib.", "ctypes.", "webbrowser.", "pty.", "sqlite3.",
)
def hook(event, args):
    if event == "open":
        path, mode = str(args[0]), args[1]
        if not (path.endswith((".py", ".pyc")) and mode in ("r", "rb", None)):
            bad.append(f"open {path!r} {mode!r}")
    elif event in ("compile", "exec"):
        # The standard library compiles code of its own (dataclasses writes
        # __init__ with exec); code in the package itself never may.
        caller = sys._getframe(1).f_code.co_filename
        if caller.startswith(spec["root"]):
            bad.append(f"{event} called from {caller}")
    elif event.startswith(BANNED):
        bad.append(event)
sys.addaudithook(hook)
import importlib
package = importlib.import_module(spec["package"])
defined = sorted(
    name for name, value in vars(package).items()
    if not name.startswith("__") and not (callable(value) or isinstance(value, type) or hasattr(value, "__path__") or hasattr(value, "__file__"))
)
results = {}
for call in spec.get("calls", []):
    fn = getattr(package, call["function"])
    seen = []
    def delegate(**kwargs):
        seen.append(kwargs)
        return call.get("returns", "ok")
    judged = []
    def judge(condition, bindings):
        judged.append(condition)
        return True
    kwargs = {name: delegate for name in call["slots"]}
    kwargs.update(call.get("inputs", {}))
    result = fn(judge=judge, **kwargs)
    fields = {k: getattr(result, k) for k in result.__dataclass_fields__}
    import inspect
    defaults = {
        n: p.default for n, p in inspect.signature(fn).parameters.items()
        if p.default is not inspect.Parameter.empty and n not in ("judge", "executor", "max_concurrency", "timeout", "tracer")
    }
    module = sys.modules[fn.__module__]
    results[call["function"]] = {
        "calls": seen, "judged": judged, "fields": fields, "defaults": defaults,
        "doc": fn.__doc__, "module_doc": module.__doc__,
    }
print(json.dumps({"bad": bad, "non_definitions": defined, "results": results}, default=repr))
'''


def audited(tmp: Path, root: Path, package: str, calls: list[dict[str, object]] | None = None) -> dict[str, object]:
    """Import ``package`` from ``root`` (and make ``calls``) in a fresh
    process under an audit hook; what it saw."""
    spec = tmp / f"spec-{package}.json"
    spec.write_text(json.dumps({"root": str(root), "package": package, "calls": calls or []}), encoding="utf-8")
    script = tmp / "audit_import.py"
    script.write_text(AUDIT, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-I", str(script), str(spec)],
        capture_output=True,
        text=True,
        timeout=120,
        env={"PYTHONDONTWRITEBYTECODE": "1", "PATH": os.environ.get("PATH", "")},
    )
    assert done.returncode == 0, done.stderr
    # `echo PWNED` would print a line of its own (the report is one JSON line).
    assert "PWNED" not in done.stderr and "PWNED" not in done.stdout.splitlines()
    report: dict[str, object] = json.loads(done.stdout)
    assert report["bad"] == [], report["bad"]
    assert report["non_definitions"] == [], report["non_definitions"]
    return report


# ---------------------------------------------------------------- values reach code as literals


def hostile_pattern() -> str:
    props = "\n".join(f"  p{i}: {prose_string(v)}" for i, v in enumerate(HOSTILE))
    returns = ", ".join(f"v{i}: {prose_string(v)}" for i, v in enumerate(HOSTILE))
    condition = "the {{ 7*7 }} says \"\"\" ok \\ {% if %} ' \u202e # not a comment"
    config = "\n".join(
        f"- `c{i}` (string, default: {json.dumps(v, ensure_ascii=False)}): {v.replace(chr(10), ' ')} option"
        for i, v in enumerate(HOSTILE)
        if "\n" not in v and "\x85" not in v and "\u2028" not in v
    )
    text = pattern_text(
        "hostile",
        f"let r = call worker\n{props}\nif **{condition}**:\n  return {{ {returns}, r: r }}\nreturn {{ r: r }}",
        slots="worker",
        config=config,
        returns="- `r`: what the worker said {{ 7*7 }} \"\"\" \\",
        invariants="- The worker never sees {{ secrets }} \"\"\" \\",
    )
    head, rest = text.split("# Hostile\n\nA test pattern.\n", 1)
    title = '# Hostile {{ 7*7 }} """ \\ {% raw %}\n\nA summary: """ {{ 7*7 }} {% if x %} \\N{BULLET} \u202e \u2028 end \\\n'
    description = '### Description\n\n"""; __import__("os").system("echo PWNED"); """ {{ config }} \\\n'
    return head + title + "\n" + description + rest


def test_pattern_text_reaches_generated_code_only_as_escaped_literals(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    text = hostile_pattern()
    (src / "hostile.prose.md").write_text(text, encoding="utf-8")
    build(src, tmp_path / "pkg_hostile")
    code = (tmp_path / "pkg_hostile" / "hostile.py").read_text(encoding="utf-8")
    body = code.split("\n", 4)[4]  # after the header and its hash
    assert "49" not in body  # no template ever rendered {{ 7*7 }}
    ast.parse(code)
    report = audited(
        tmp_path,
        tmp_path,
        "pkg_hostile",
        [{"function": "hostile", "slots": ["worker"], "returns": "said"}],
    )
    got = report["results"]["hostile"]  # type: ignore[index]
    (call,) = got["calls"]
    assert call == {f"p{i}": v for i, v in enumerate(HOSTILE)}
    assert got["fields"] == {**{f"v{i}": v for i, v in enumerate(HOSTILE)}, "r": "said"}
    assert got["judged"] == ["the {{ 7*7 }} says \"\"\" ok \\ {% if %} ' \u202e # not a comment"]
    assert len(got["defaults"]) >= len(HOSTILE) - 3
    for name, value in got["defaults"].items():
        index = int(name[1:])
        assert value == parse_default(json.dumps(HOSTILE[index], ensure_ascii=False)).value == HOSTILE[index], name
    for doc in (got["doc"], got["module_doc"]):
        assert '{{ 7*7 }} """ \\ {% raw %}' in doc or '"""' in doc
        assert "{{ 7*7 }}" in doc and "49" not in doc
    assert "\\N{BULLET}" in got["module_doc"] and "\u202e" in got["module_doc"]


def test_bom_and_crlf_leave_no_trace(tmp_path: Path) -> None:
    text = hostile_pattern().replace("\u2028", " ").replace("\x85", " ")
    plain = compile_text("hostile.prose.md", text.encode("utf-8"))
    crlf = compile_text("hostile.prose.md", b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode("utf-8"))
    assert plain.code is not None and plain.code == crlf.code
    assert "\r" not in crlf.code and "\\r" not in crlf.code


def test_a_file_name_cannot_inject_code_into_the_header(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    evil = "x\nimport os; os.system('echo PWNED')\n# \u202e"
    (src / f"{evil}.prose.md").write_text(pattern_text("named", "call a", slots="a"))
    os.mkfifo(src / "fifo.prose.md")
    raw = os.fsencode(src) + b"/bad\xff\xfe.prose.md"
    with open(raw, "w") as handle:
        handle.write(pattern_text("undecodable", "call a", slots="a"))
    build(src, tmp_path / "pkg_names")
    for path in (tmp_path / "pkg_names").glob("*.py"):
        head = path.read_text(encoding="utf-8").split("\n")[0]
        assert head.startswith("# Generated by prosec") and head.endswith("DO NOT EDIT.")
    audited(tmp_path, tmp_path, "pkg_names")


# ---------------------------------------------------------------- names


def test_keywords_builtins_and_runtime_names_are_renamed(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    (src / "list.prose.md").write_text(
        pattern_text(
            "list",
            "let bool = call worker\n  str: str\n  class: class\nlet dict = []\nfor item, i in enumerate:\n"
            "  append item to dict\nreturn { str: str, list: dict, int: judge, import: bool }",
            slots="worker",
            requires="str: string -- text\nclass: string -- a class\nenumerate: string[] -- items\n"
            "judge: string -- not the runtime judge",
        )
    )
    build(src, tmp_path / "pkg_kw")
    report = audited(
        tmp_path,
        tmp_path,
        "pkg_kw",
        [
            {
                "function": "list_",
                "slots": ["worker"],
                "inputs": {"str_": "s", "class_": "c", "enumerate_": ["a", "b"], "judge_": "j"},
                "returns": "w",
            }
        ],
    )
    got = report["results"]["list_"]  # type: ignore[index]
    assert got["calls"] == [{"str_": "s", "class_": "c"}]
    assert got["fields"] == {"str_": "s", "list_": ["a", "b"], "int_": "j", "import_": "w"}
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "pkg_kw"], cwd=tmp_path, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stdout


@pytest.mark.parametrize(
    ("delegation", "sections", "code"),
    [
        ("let __init__ = 1\nreturn __init__", {}, "PS602"),
        ("let _rt = 1\nreturn _rt", {}, "PS602"),
        ("call a\n  x: __class__", {"requires": "__class__: string -- dunder"}, "PS602"),
        ("let a-b = 1\nlet a_b = 2\nreturn a_b", {}, "PS601"),
        ("let class = 1\nlet class_ = 2\nreturn class_", {}, "PS601"),
        ("call a\n  x: TResult", {"requires": "TResult: string -- hides the result class"}, "PS601"),
    ],
)
def test_names_that_would_break_generated_code_are_rejected(delegation: str, sections: dict[str, str], code: str) -> None:
    codes, compiled = codes_of(pattern_text("t", delegation, slots="a", **sections))
    assert code in codes and not compiled


@pytest.mark.parametrize("name", ["../evil", "a/b", "__init__", "_runtime", "x..y", "/abs", "A", "café", "a--b", "a b"])
def test_pattern_names_cannot_address_other_files(name: str) -> None:
    text = pattern_text("t", "call a", slots="a").replace("name: t", f"name: {name}")
    codes, compiled = codes_of(text)
    assert "PS015" in codes and not compiled


def test_generated_code_uses_no_builtin_a_pattern_name_could_shadow(tmp_path: Path) -> None:
    sources = [PATTERNS] + ([CORPUS] if CORPUS.is_dir() else [])
    used: set[str] = set()
    for source in sources:
        found, _ = find_sources([source])
        result = compile_sources(found)
        for name, content in result.files.items():
            if name in ("_runtime.py", "__init__.py") or not name.endswith(".py"):
                continue
            for node in ast.walk(ast.parse(content)):
                if isinstance(node, ast.Name) and node.id in dir(builtins):
                    used.add(node.id)
    # Names a pattern may bind that generated code also reads must be renamed.
    harmless = {"True", "False", "None", "round", "input"}  # never read by generated code itself
    assert used - names.GENERATED_BUILTINS - harmless == set(), sorted(used)


# ---------------------------------------------------------------- files and folders


def test_links_fifos_and_folders_are_skipped_never_opened(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.prose.md").write_text(pattern_text("secret", "call a", slots="a"))
    tree = tmp_path / "tree"
    (tree / "sub").mkdir(parents=True)
    (tree / "real.prose.md").write_text(pattern_text("real", "call a", slots="a"))
    (tree / "leaves.prose.md").symlink_to(outside / "secret.prose.md")
    (tree / "dangles.prose.md").symlink_to(tmp_path / "nowhere.prose.md")
    (tree / "loop.prose.md").symlink_to(tree / "loop.prose.md")
    (tree / "inside.prose.md").symlink_to(tree / "real.prose.md")
    (tree / "sub" / "linked").symlink_to(outside, target_is_directory=True)
    (tree / "folder.prose.md").mkdir()
    os.mkfifo(tree / "fifo.prose.md")
    started = time.monotonic()
    sources, problems = find_sources([tree])
    assert time.monotonic() - started < 10  # a FIFO was never opened for reading
    # The link inside the tree is the same file: compiled once.
    assert len(sources) == 1 and sources[0].path.resolve() == tree / "real.prose.md"
    skipped = {d.path: d.message for d in problems if d.code == "PS606"}
    assert set(skipped) == {
        "tree/leaves.prose.md",
        "tree/dangles.prose.md",
        "tree/loop.prose.md",
        "tree/folder.prose.md",
        "tree/fifo.prose.md",
    }
    assert "leaves the source tree" in skipped["tree/leaves.prose.md"]


def test_output_is_never_written_through_a_link(tmp_path: Path) -> None:
    victim = tmp_path / "victim"
    victim.mkdir()
    (victim / "guard.py").write_text("KEEP = 1\n")
    result = compile_sources(find_sources([PATTERNS])[0])
    link = tmp_path / "out_link"
    link.symlink_to(victim, target_is_directory=True)
    with pytest.raises(OutputError):
        apply(link, plan(victim, result.files))
    out = tmp_path / "out"
    out.mkdir()
    (out / "guard.py").symlink_to(victim / "guard.py")
    changes = plan(out, result.files)
    assert "guard.py" in changes.foreign and "guard.py" not in changes.write
    apply(out, changes)
    assert (victim / "guard.py").read_text() == "KEEP = 1\n"
    assert sorted(p.name for p in victim.iterdir()) == ["guard.py"]


def test_output_path_that_is_a_file_is_a_file_system_error(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    target.write_text("not a folder")
    done = subprocess.run(
        [sys.executable, "-m", "prosec", "build", str(PATTERNS), "-o", str(target)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert target.read_text() == "not a folder"


# ---------------------------------------------------------------- encodings and front matter

ENCODED = {
    "utf-16 with BOM": (lambda t: t.encode("utf-16"), "PS003"),
    "utf-16 without BOM": (lambda t: t.encode("utf-16-le"), "PS003"),
    "utf-32": (lambda t: t.encode("utf-32"), "PS003"),
    "latin-1": (lambda t: t.replace("A test", "Caf\xe9").encode("latin-1"), "PS002"),
    "binary": (lambda t: bytes(range(256)) * 64, "PS002"),
    "NUL": (lambda t: t.replace("A test", "A\x00test").encode(), "PS004"),
    "escape sequence": (lambda t: t.replace("A test", "A\x1b[2Jtest").encode(), "PS004"),
    "lone CR": (lambda t: t.replace("A test", "A\rtest").encode(), "PS004"),
    "too large": (lambda t: t.encode() + b"x" * MAX_FILE_BYTES, "PS001"),
}


@pytest.mark.parametrize("case", sorted(ENCODED))
def test_encodings_are_diagnostics(case: str) -> None:
    encode, code = ENCODED[case]
    codes, compiled = codes_of(encode(pattern_text("t", "call a", slots="a")))
    assert code in codes and not compiled


@pytest.mark.parametrize(
    "front",
    [
        "kind: !!python/object/apply:os.system ['echo PWNED']",
        "kind: &anchor pattern\nalias: *anchor",
        "kind: pattern\nkind: pattern",
        "kind: pattern\nextra: |\n  block",
        "kind: pattern\nextra: {a: 1}",
        "kind: pattern\n? complex key\n: value",
        "kind: pattern\nextra: \"unclosed",
        "kind: pattern\nname: [a, b]",
    ],
)
def test_front_matter_is_read_safely(front: str, capfd: pytest.CaptureFixture[str]) -> None:
    text = pattern_text("t", "call a", slots="a").replace("kind: pattern", front)
    codes, compiled = codes_of(text)
    assert codes & {"PS011", "PS012", "PS013", "PS015"} and not compiled
    assert "PWNED" not in capfd.readouterr().out


# ---------------------------------------------------------------- limits


def _nested(depth: int, head: str) -> str:
    lines = [("  " * i) + head for i in range(depth)]
    return "\n".join(lines) + "\n" + "  " * depth + "call a"


LIMITS = {
    "blocks 200 deep": ("let x = call a\n" + _nested(200, "if x is present:"), "PS206"),
    "loops 17 deep": (_nested(17, "repeat 2:"), "PS206"),
    "try 17 deep": (_nested(17, "try:").replace("call a", "call a\n" + "  " * 0 + "finally:\n  call a", 1), "PS206"),
    "brackets 5000 deep": ("let x = " + "[" * 5000 + "]" * 5000 + "\nreturn x", "PS206"),
    "objects 5000 deep": ("let x = " + "{a: " * 5000 + "1" + "}" * 5000 + "\nreturn x", "PS206"),
    "unclosed brackets": ("let x = " + "[" * 100_000, "PS206"),
    "property chain 2000 long": ("let x = call a\nreturn x" + ".b" * 2000, "PS206"),
    "index chain 2000 long": ("let x = call a\nreturn x" + "[0]" * 2000, "PS206"),
    "long delegation": ("let x = [" + "1, " * 60_000 + "]\nreturn x", "PS208"),
    "many statements": ("\n".join(f"let v{i} = {i}" for i in range(5000)) + "\nreturn v1", "PS208"),
    "long string": ('return "' + "y" * 200_000 + '"', "PS405"),
    "long number": ("return " + "9" * 5000, "PS404"),
    "long unterminated long string": ('let x = """' + "\\" * 50_000, "PS204"),
    "many unclosed conditions": ("if **x\n" * 3000, "PS201"),
}


@pytest.mark.parametrize("case", sorted(LIMITS))
def test_limits_give_a_diagnostic_quickly(case: str) -> None:
    delegation, code = LIMITS[case]
    text = pattern_text("t", delegation, slots="a")
    started = time.monotonic()
    result = compile_text("t.prose.md", text.encode())
    elapsed = time.monotonic() - started
    codes = {d.code for d in result.diagnostics}
    assert code in codes, sorted(codes)
    assert result.code is None
    assert elapsed < 20, elapsed


def test_the_deepest_accepted_nesting_compiles_in_python(tmp_path: Path) -> None:
    # 40 levels of `if`; 16 loops/`try` blocks; brackets 32 deep.
    ifs = _nested(40, "if x is present:").replace("call a", "let y = " + "[" * 32 + "1" + "]" * 32)
    loops = _nested(16, "repeat 2:")
    text = pattern_text("deep", "let x = call a\n" + ifs + "\n" + loops, slots="a")
    result = compile_text("deep.prose.md", text.encode())
    assert result.code is not None, [(d.code, d.message) for d in result.diagnostics]
    compile(result.code, "deep.py", "exec")


# ---------------------------------------------------------------- atomic builds


@pytest.fixture
def previous_build(tmp_path: Path) -> tuple[Path, Path, dict[str, bytes]]:
    src = tmp_path / "src"
    shutil.copytree(PATTERNS, src)
    out = tmp_path / "out"
    build(src, out)
    (out / "mine.txt").write_text("a user's file\n")
    for path in src.glob("*.prose.md"):
        path.write_text(path.read_text().replace("\n# ", "\n# Changed ", 1))
    (sorted(src.glob("*.prose.md"))[0]).unlink()  # one generated module becomes stale
    return src, out, snapshot(out)


def _new_plan(src: Path, out: Path) -> output.Plan:
    result = compile_sources(find_sources([src])[0])
    assert result.ok
    changes = plan(out, result.files)
    assert len(changes.write) >= 3 and changes.delete
    return changes


def test_a_writer_that_fails_midway_leaves_the_previous_package(previous_build: tuple[Path, Path, dict[str, bytes]]) -> None:
    src, out, before = previous_build
    changes = _new_plan(src, out)
    calls = 0

    def flaky(path: Path, content: str) -> None:
        nonlocal calls
        calls += 1
        if calls == 2:
            path.write_text(content[: len(content) // 2])  # half a file, then the crash
            raise OSError(28, "No space left on device")
        output.write_atomic(path, content)

    with pytest.raises(OutputError):
        apply(out, changes, writer=flaky)
    assert calls == 2
    assert snapshot(out) == before
    assert sorted(p.name for p in out.iterdir()) == sorted(before)  # no temporary files left


def test_patched_write_atomic_interrupted_leaves_the_previous_package(
    previous_build: tuple[Path, Path, dict[str, bytes]], monkeypatch: pytest.MonkeyPatch
) -> None:
    src, out, before = previous_build
    changes = _new_plan(src, out)
    real = output.write_atomic
    calls = 0

    def interrupted(path: Path, content: str) -> None:
        nonlocal calls
        calls += 1
        if calls == 3:
            raise KeyboardInterrupt
        real(path, content)

    monkeypatch.setattr(output, "write_atomic", interrupted)
    with pytest.raises(KeyboardInterrupt):
        apply(out, changes)
    assert snapshot(out) == before
    assert sorted(p.name for p in out.iterdir()) == sorted(before)


def test_a_failure_while_moving_files_into_place_is_rolled_back(
    previous_build: tuple[Path, Path, dict[str, bytes]], monkeypatch: pytest.MonkeyPatch
) -> None:
    src, out, before = previous_build
    changes = _new_plan(src, out)
    real = os.replace
    moves = 0

    def failing_replace(a: str | Path, b: str | Path) -> None:
        nonlocal moves
        if str(a).endswith(".new"):
            moves += 1
            if moves == 3:
                raise OSError(5, "Input/output error")
        real(a, b)

    monkeypatch.setattr(output.os, "replace", failing_replace)
    with pytest.raises(OutputError):
        apply(out, changes)
    monkeypatch.setattr(output.os, "replace", real)
    assert snapshot(out) == before
    assert sorted(p.name for p in out.iterdir()) == sorted(before)


def test_a_successful_build_after_a_failed_one(previous_build: tuple[Path, Path, dict[str, bytes]]) -> None:
    src, out, before = previous_build
    changes = _new_plan(src, out)

    def broken(path: Path, content: str) -> None:
        raise OSError(13, "Permission denied")

    with pytest.raises(OutputError):
        apply(out, changes, writer=broken)
    assert snapshot(out) == before
    apply(out, changes)
    assert (out / "mine.txt").read_text() == "a user's file\n"
    result = compile_sources(find_sources([src])[0])
    assert {n: snapshot(out)[n].decode() for n in result.files} == result.files
    assert not set(changes.delete) & set(snapshot(out))


# ---------------------------------------------------------------- determinism


def _cli_build(args: list[str], cwd: Path, seed: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "prosec", "build", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(ROOT)},
    )
    assert done.returncode == 0, done.stderr


def test_output_is_byte_identical_across_seeds_file_order_and_working_folder(tmp_path: Path) -> None:
    src = tmp_path / "patterns"
    shutil.copytree(PATTERNS, src)
    (src / "hostile.prose.md").write_text(hostile_pattern(), encoding="utf-8")
    files = sorted(str(p) for p in src.glob("*.prose.md"))
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    _cli_build(["patterns", "-o", str(tmp_path / "a")], tmp_path, "0")
    _cli_build([*reversed(files), "-o", str(tmp_path / "b")], elsewhere, "12345")
    _cli_build([*files, "-o", "../c"], elsewhere, "random")
    a, b, c = (snapshot(tmp_path / x) for x in "abc")
    assert a == b == c
    assert all(str(tmp_path) not in v.decode() for v in a.values())  # no absolute paths


def test_the_corpus_and_project_packages_import_without_side_effects(tmp_path: Path) -> None:
    build(PATTERNS, tmp_path / "pkg_project")
    audited(tmp_path, tmp_path, "pkg_project")
    if CORPUS.is_dir():
        build(CORPUS, tmp_path / "pkg_corpus")
        audited(tmp_path, tmp_path, "pkg_corpus")

