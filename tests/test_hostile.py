"""Hostile input: each case is rejected with a diagnostic, or compiles to a
package that, imported and called under ``sys.addaudithook`` in a fresh
process, opens nothing but its own code, starts no process, touches no
network and evaluates no pattern text. Builds are atomic (fault injection)
and byte-identical whatever the hash seed, file order and working folder.
"""

from __future__ import annotations

import ast
import asyncio
import builtins
import contextlib
import errno
import inspect
import io
import json
import keyword
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from conftest import CORPUS, PATTERNS, ROOT, Recorder, pattern_text

from prosec import api, names, output
from prosec.api import compile_sources, compile_text, find_sources
from prosec.cache import Cache
from prosec.diagnostics import Diagnostic
from prosec.markdown import MAX_FILE_BYTES
from prosec.output import write_package
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
    written = write_package(out, result.files)
    assert not written.diagnostics, written.diagnostics
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
        if p.default is not inspect.Parameter.empty and n not in ("judge", "executor", "max_concurrency", "timeout", "tracer", "journal", "run_id")
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


# Every word a pattern might use as a name that means something to Python:
# keywords, soft keywords and builtins (docs/names.md, rules 2 and 3).
PYTHON_WORDS = sorted(
    set(keyword.kwlist) | {w for w in keyword.softkwlist if w != "_"} | {w for w in dir(builtins) if not w.startswith("_")}
)
DUNDERS = ["__init__", "__class__", "__slots__", "__dict__", "__module__", "__name__", "_", "_private", "__mangled"]


def _positions(words: list[str]) -> dict[str, tuple[str, dict[str, str]]]:
    """One pattern per identifier position using every word in it: the
    delegation and the sections it needs."""
    return {
        "slot": ("\n".join(f"call {w}\n  i: {i}" for i, w in enumerate(words)), {"slots": ", ".join(words)}),
        "input": (
            "let r = call a\n" + "\n".join(f"  x{i}: {w}" for i, w in enumerate(words)) + "\nreturn r",
            {"slots": "a", "requires": "\n".join(f"{w}: string -- an input" for w in words)},
        ),
        "config": (
            "let r = call a\n" + "\n".join(f"  x{i}: {w}" for i, w in enumerate(words)) + "\nreturn r",
            {"slots": "a", "config": "\n".join(f'- `{w}` (string, default: "d{i}"): an option' for i, w in enumerate(words))},
        ),
        "binding": (
            "\n".join(f"let {w} = call a\n  i: {i}" for i, w in enumerate(words))
            + "\nreturn { " + ", ".join(f"k{i}: {w}" for i, w in enumerate(words)) + " }",
            {"slots": "a"},
        ),
        "for variable": (
            "let xs = []\n" + "\n".join(f"for {w} in items:\n  append {w} to xs" for w in words) + "\nreturn xs",
            {"slots": "a", "requires": "items: string[] -- items"},
        ),
        "for index": (
            "let xs = []\n" + "\n".join(f"for item, {w} in items:\n  append {w} to xs" for w in words) + "\nreturn xs",
            {"slots": "a", "requires": "items: string[] -- items"},
        ),
        "repeat variable": (
            "let xs = []\n" + "\n".join(f"repeat 1 as {w}:\n  append {w} to xs" for w in words) + "\nreturn xs",
            {"slots": "a"},
        ),
        "loop variable": (
            "let xs = []\n" + "\n".join(f"loop (max: 1) as {w}:\n  append {w} to xs" for w in words) + "\nreturn xs",
            {"slots": "a"},
        ),
        "catch variable": (
            "let xs = []\n"
            + "\n".join(f"try:\n  call a\n    i: {i}\ncatch as {w}:\n  append {w}.message to xs" for i, w in enumerate(words))
            + "\nreturn xs",
            {"slots": "a"},
        ),
        "property": (
            "let r = call a\n" + "\n".join(f"  {w}: {i}" for i, w in enumerate(words)) + "\nreturn r",
            {"slots": "a"},
        ),
        "return key": (
            "let r = call a\nreturn { " + ", ".join(f"{w}: {i}" for i, w in enumerate(words)) + " }",
            {"slots": "a"},
        ),
    }


def _sections(kwargs: dict[str, str]) -> dict[str, str]:
    return {"slots": kwargs["slots"], **{k: v for k, v in kwargs.items() if k != "slots"}}


@pytest.mark.parametrize("position", sorted(_positions(["x"])))
def test_every_python_word_works_in_every_identifier_position(position: str, compile_pattern: Callable[..., ModuleType]) -> None:
    """Compiled, imported and called with recording delegates: each word
    arrives under the Python name docs/names.md gives it."""
    words = PYTHON_WORDS
    delegation, sections = _positions(words)[position]
    module = compile_pattern(pattern_text("t", delegation, **_sections(sections)))
    calls: list[dict[str, object]] = []

    def delegate(**kwargs: object) -> object:
        calls.append(kwargs)
        if position == "catch variable":
            raise ValueError(f"failed {kwargs['i']}")
        return kwargs.get("i", "out")

    args: dict[str, object] = {"a": delegate}
    if position == "slot":
        args = {names.python_name(w): delegate for w in words}
    elif position == "input":
        args |= {names.python_name(w): f"v{i}" for i, w in enumerate(words)}
    elif position.startswith("for"):
        args |= {"items": ["p", "q"]}
    result = module.t(**args)
    fields = {f: getattr(result, f) for f in result.__dataclass_fields__}
    count = len(words)
    if position == "slot":
        assert calls == [{"i": i} for i in range(count)]
    elif position in ("input", "config"):
        value = "v" if position == "input" else "d"
        assert calls == [{f"x{i}": f"{value}{i}" for i in range(count)}]
    elif position == "binding":
        assert fields == {f"k{i}": i for i in range(count)}
    elif position == "for variable":
        assert fields == {"result": ["p", "q"] * count}
    elif position == "for index":
        assert fields == {"result": [0, 1] * count}
    elif position in ("repeat variable", "loop variable"):
        assert fields == {"result": [1] * count}
    elif position == "catch variable":
        assert fields == {"result": [f"failed {i}" for i in range(count)]}
    elif position == "property":
        assert calls == [{names.field_name(w): i for i, w in enumerate(words)}]
    else:
        assert fields == {names.field_name(w): i for i, w in enumerate(words)}
    # The async variant agrees, on a fresh list of calls.
    calls.clear()
    assert asyncio.run(module.t_async(**args)) == result


@pytest.mark.parametrize("position", sorted(_positions(["x"])))
def test_names_reserved_for_generated_code_are_rejected_in_every_position(position: str) -> None:
    """Rule 4: a name starting with `_` (dunders included) is PS602 at the
    name, wherever it is; nothing is generated."""
    for word in DUNDERS:
        delegation, sections = _positions([word])[position]
        text = pattern_text("t", delegation, **_sections(sections))
        result = compile_text("t.prose.md", text.encode())
        found = [d for d in result.diagnostics if d.code == "PS602"]
        assert found and result.code is None, (word, [d.message for d in result.diagnostics])
        assert all(word in d.message for d in found)


def test_two_keys_that_become_one_python_name_are_an_error() -> None:
    """`class` and `class_` as properties of one call, or as returned keys
    of two returns: the second would silently replace the first."""
    props = pattern_text("t", "call a\n  class: 1\n  class_: 2", slots="a")
    returns = pattern_text("t", "let r = call a\nif r is present:\n  return { from: 1 }\nreturn { from_: 2 }", slots="a")
    for text, what in ((props, "property"), (returns, "returned key")):
        result = compile_text("t.prose.md", text.encode())
        (found,) = [d for d in result.diagnostics if d.code == "PS601"]
        assert what in found.message and result.code is None


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


@contextlib.contextmanager
def watching_opens(opened: list[str]) -> Iterator[None]:
    """Record every path opened (by ``open``, ``io.open`` or ``os.open``);
    opening a FIFO is refused at once rather than left to block the test."""
    real_open, real_os_open = builtins.open, os.open

    def note(path: object) -> None:
        opened.append(os.fsdecode(path) if isinstance(path, (str, bytes, os.PathLike)) else repr(path))
        if "fifo" in opened[-1]:
            raise AssertionError(f"opened {opened[-1]}")

    def watched_open(file: Any, *args: Any, **kwargs: Any) -> Any:
        note(file)
        return real_open(file, *args, **kwargs)

    def watched_os_open(path: Any, *args: Any, **kwargs: Any) -> int:
        note(path)
        return real_os_open(path, *args, **kwargs)

    builtins.open = io.open = watched_open
    os.open = watched_os_open
    try:
        yield
    finally:
        builtins.open = io.open = real_open
        os.open = real_os_open


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
    opened: list[str] = []
    with watching_opens(opened):
        sources, problems = find_sources([tree])
    assert not [p for p in opened if "fifo" in p or "secret" in p]  # never opened
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
    done = write_package(link, result.files)
    assert [d.code for d in done.diagnostics] == ["PS610"] and "link" in done.diagnostics[0].message
    out = tmp_path / "out"
    out.mkdir()
    (out / "guard.py").symlink_to(victim / "guard.py")
    done = write_package(out, result.files)
    assert [(d.code, d.path) for d in done.diagnostics] == [("PS611", f"{out.as_posix()}/guard.py")]
    assert done.written == [] and sorted(p.name for p in out.iterdir()) == ["guard.py"]
    assert (victim / "guard.py").read_text() == "KEEP = 1\n"
    assert sorted(p.name for p in victim.iterdir()) == ["guard.py"]


def _cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "prosec", *args], cwd=cwd, capture_output=True, text=True, timeout=120
    )


def test_links_in_the_output_folder_stop_the_build_and_fail_the_check(tmp_path: Path) -> None:
    """The package's own files and a pattern's module planted as links
    (``base.py -> ../victim.txt``): the build writes nothing, not even the
    files it could have, names each link and exits 2; check reports them."""
    src = tmp_path / "src"
    src.mkdir()
    (src / "base.prose.md").write_text(pattern_text("base", "call a", slots="a"))
    (src / "other.prose.md").write_text(pattern_text("other", "call a", slots="a"))
    (tmp_path / "victim.txt").write_text("precious\n")
    out = tmp_path / "out"
    out.mkdir()
    for name in ("__init__.py", "_runtime.py", "base.py"):
        (out / name).symlink_to("../victim.txt")
    done = _cli("build", "src", "-o", "out", cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    for name in ("__init__.py", "_runtime.py", "base.py"):
        assert f"out/{name}:1:1: error[PS611]: out/{name} is in the way: not written by prosec (a link)" in done.stderr
    assert "nothing was written" in done.stderr
    assert (tmp_path / "victim.txt").read_text() == "precious\n"
    assert sorted(p.name for p in out.iterdir()) == ["__init__.py", "_runtime.py", "base.py"]
    assert all((out / n).is_symlink() for n in ("__init__.py", "_runtime.py", "base.py"))
    checked = _cli("check", "src", "-o", "out", cwd=tmp_path)
    assert checked.returncode == 1
    for name in ("__init__.py", "_runtime.py", "base.py"):
        assert f"out/{name}: not written by prosec (a link)" in checked.stderr
    assert "other.py: missing" in checked.stderr


def _pyc(flags: int) -> bytes:
    import importlib.util

    return importlib.util.MAGIC_NUMBER + flags.to_bytes(4, "little") + b"\0" * 8


# What a pull request might add to a built package: (path, content or None
# for a folder, is the build refused, does check fail).
PLANTED = {
    "a module of its own": ("helpers.py", b"X = 1\n", False, True),
    "a folder that shadows a module": ("guard/__init__.py", b"EVIL = 1\n", True, True),
    "an extension module that shadows one": ("guard.cpython-311-x86_64-linux-gnu.so", b"\x7fELF", True, True),
    "a stub that hides a module's types": ("guard.pyi", b"def guard() -> int: ...\n", True, True),
    "bytecode Python runs unchecked": ("__pycache__/guard.cpython-311.pyc", _pyc(0b01), True, True),
    "a subpackage": ("extra/__init__.py", b"", False, True),
    "a package __init__ extension": ("__init__.abi3.so", b"\x7fELF", True, True),
    "bytecode Python checks against its source": ("__pycache__/guard.cpython-311.pyc", _pyc(0b11), False, False),
    "timestamped bytecode": ("__pycache__/guard.cpython-311.pyc", _pyc(0), False, False),
    "a readme": ("README.md", b"# generated\n", False, False),
    "a marker": ("py.typed", b"", False, False),
    "a hidden file": (".keep", b"", False, False),
}


@pytest.mark.parametrize("case", sorted(PLANTED))
def test_what_a_pull_request_adds_to_the_output_folder(case: str, tmp_path: Path) -> None:
    """Anything that Python would import with the package makes check fail
    (cached or not, the same); what it would import instead of a generated
    module also stops the build. Nothing else matters to either."""
    path, content, refused, fails = PLANTED[case]
    out = tmp_path / "out"
    assert api.build([PATTERNS], out, jobs=1).ok
    planted = out / path
    planted.parent.mkdir(parents=True, exist_ok=True)
    planted.write_bytes(content)
    before = snapshot(out)
    cache = Cache(tmp_path / "cache", bytes(32))
    verdicts = {api.check([PATTERNS], out, cache=c, jobs=1).ok for c in (None, cache, cache)}
    assert verdicts == {not fails}
    built = api.build([PATTERNS], out, jobs=1)
    codes = {d.code for d in built.output}
    assert built.ok is not refused, built.output
    assert ("PS611" in codes) is refused
    assert ("PS612" in codes) is (fails and not refused)
    assert planted.read_bytes() == content and snapshot(out) == before


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
    "many interpolations": ('let x = call a\nreturn "' + "{x}" * 2001 + '"', "PS208"),
    "long number": ("return " + "9" * 5000, "PS404"),
    "long unterminated long string": ('let x = """' + "\\" * 50_000, "PS204"),
    "many unclosed conditions": ("if **x\n" * 3000, "PS201"),
}


# The watchdog turns a hang (a parser gone quadratic on a limit) into a
# failure; how long each takes is the benchmark's business, not a test's.
@pytest.mark.timeout(300)
@pytest.mark.parametrize("case", sorted(LIMITS))
def test_limits_give_a_diagnostic(case: str) -> None:
    delegation, code = LIMITS[case]
    text = pattern_text("t", delegation, slots="a")
    result = compile_text("t.prose.md", text.encode())
    codes = {d.code for d in result.diagnostics}
    assert code in codes, sorted(codes)
    assert result.code is None


def test_a_string_literal_may_be_as_long_as_its_file(tmp_path: Path, compile_pattern: Callable[..., ModuleType]) -> None:
    """A 256 KiB prompt, and a long string filling most of a 1 MiB file with
    lines, escapes and interpolations, reach the delegate character for
    character; one byte more than the file limit is PS001."""
    prompt = "".join(f"Step {i}: check the {i % 7}th clause \"as written\".\n" for i in range(6_000))
    assert len(prompt.encode()) >= 256 * 1024
    # Source lines with the escapes \\\\ and \\t, and some interpolations.
    filler = "".join(f"line {i} {{brief}} \\\\ \\t end\n" if i % 25 == 0 else f"line {i} plain \\\\ \\t end\n" for i in range(25_000))
    meant = "".join(f"line {i} {'B' if i % 25 == 0 else 'plain'} \\ \t end\n" for i in range(25_000))
    text = pattern_text(
        "long",
        f"let r = call a\n  prompt: {prose_string(prompt)}\nlet s = call a\n  notes: \"\"\"{filler}\"\"\"\nreturn {{ r: r, s: s }}",
        slots="a",
        requires="brief: string -- the brief",
    )
    assert 900_000 < len(text.encode()) <= MAX_FILE_BYTES
    package = compile_pattern(text)
    seen: list[dict[str, object]] = []

    def delegate(**kwargs: object) -> str:
        seen.append(kwargs)
        return "ok"

    result = package.long(a=delegate, brief="B")
    assert result.r == result.s == "ok"
    assert seen == [{"prompt": prompt}, {"notes": meant}]
    over = text.encode() + b"x" * (MAX_FILE_BYTES + 1 - len(text.encode()))
    assert {d.code for d in compile_text("long.prose.md", over).diagnostics} == {"PS001"}


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


def _new_files(src: Path, out: Path) -> dict[str, str]:
    """The package ``src`` compiles to now: several files to write over
    the previous build and one to delete."""
    result = compile_sources(find_sources([src])[0])
    assert result.ok
    current, problems = output.scan(out)
    assert current is not None and not problems
    changes = output.plan(current, result.files)
    assert len(changes.write) >= 3 and changes.delete
    return result.files


def _failed(done: output.Written, code: str) -> Diagnostic:
    (found,) = done.diagnostics
    assert found.code == code and found.is_error, done.diagnostics
    assert done.written == done.removed == []
    return found


def test_a_writer_that_fails_midway_leaves_the_previous_package(previous_build: tuple[Path, Path, dict[str, bytes]]) -> None:
    src, out, before = previous_build
    files = _new_files(src, out)
    calls = 0

    def flaky(path: Path, content: str) -> None:
        nonlocal calls
        calls += 1
        if calls == 2:
            path.write_text(content[: len(content) // 2])  # half a file, then the crash
            raise OSError(28, "No space left on device")
        output.write_file(path, content)

    found = _failed(write_package(out, files, writer=flaky), "PS613")
    assert "No space left on device" in found.message and found.path.startswith(out.as_posix() + "/")
    assert calls == 2
    assert snapshot(out) == before
    assert sorted(p.name for p in out.iterdir()) == sorted(before)  # no temporary files left


def test_patched_write_file_interrupted_leaves_the_previous_package(
    previous_build: tuple[Path, Path, dict[str, bytes]], monkeypatch: pytest.MonkeyPatch
) -> None:
    src, out, before = previous_build
    files = _new_files(src, out)
    real = output.write_file
    calls = 0

    def interrupted(path: Path, content: str) -> None:
        nonlocal calls
        calls += 1
        if calls == 3:
            raise KeyboardInterrupt
        real(path, content)

    monkeypatch.setattr(output, "write_file", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_package(out, files)
    assert snapshot(out) == before
    assert sorted(p.name for p in out.iterdir()) == sorted(before)


def test_a_failure_while_moving_files_into_place_is_rolled_back(
    previous_build: tuple[Path, Path, dict[str, bytes]], monkeypatch: pytest.MonkeyPatch
) -> None:
    src, out, before = previous_build
    files = _new_files(src, out)
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
    found = _failed(write_package(out, files), "PS613")
    monkeypatch.setattr(output.os, "replace", real)
    assert "the previous files were put back" in found.message
    assert snapshot(out) == before
    assert sorted(p.name for p in out.iterdir()) == sorted(before)


def test_a_successful_build_after_a_failed_one(previous_build: tuple[Path, Path, dict[str, bytes]]) -> None:
    src, out, before = previous_build
    files = _new_files(src, out)

    def broken(path: Path, content: str) -> None:
        raise OSError(13, "Permission denied")

    _failed(write_package(out, files, writer=broken), "PS613")
    assert snapshot(out) == before
    done = write_package(out, files)
    assert done.diagnostics == [] and done.removed
    assert (out / "mine.txt").read_text() == "a user's file\n"
    assert {n: snapshot(out)[n].decode() for n in files} == files
    assert not set(done.removed) & set(snapshot(out))


class Faults:
    """Every file-system call (``os`` and ``open``) counted; the ``at``-th
    raises an OSError, as a full disk or a failing drive would."""

    NAMES = (
        "open", "read", "fstat", "lstat", "stat", "scandir", "listdir", "replace",
        "unlink", "mkdir", "fsync", "link", "pathconf", "readlink",
    )

    def __init__(self) -> None:
        self.calls = 0
        self.at = 0

    def _wrap(self, real: Callable[..., object]) -> Callable[..., object]:
        def call(*args: object, **kwargs: object) -> object:
            self.calls += 1
            if self.calls == self.at:
                raise OSError(errno.EIO, "Input/output error")
            return real(*args, **kwargs)

        return call

    @contextlib.contextmanager
    def failing(self, at: int) -> Iterator[None]:
        self.calls, self.at = 0, at
        saved = {name: getattr(os, name) for name in self.NAMES}
        real_open = builtins.open
        try:
            for name, real in saved.items():
                setattr(os, name, self._wrap(real))
            builtins.open = io.open = self._wrap(real_open)  # type: ignore[assignment]
            yield
        finally:
            for name, real in saved.items():
                setattr(os, name, real)
            builtins.open = io.open = real_open


def test_every_os_error_in_build_is_a_diagnostic_and_leaves_the_previous_package(
    previous_build: tuple[Path, Path, dict[str, bytes]], tmp_path: Path
) -> None:
    """A failure at each file-system call of a build in turn (finding the
    sources, reading them, the cache, the output folder): the build either
    succeeds whole or returns an error diagnostic and leaves the previous
    package byte for byte; never an exception."""
    src, out, before = previous_build
    saved = tmp_path / "saved"
    shutil.copytree(out, saved)
    key = bytes(range(32))
    warm = api.build([src], tmp_path / "expected", cache=Cache(tmp_path / "cache", key), jobs=1)
    assert warm.ok
    # One (small) source the cache does not hold, so that compiling and
    # storing are tried too.
    (src / "tiny.prose.md").write_text(pattern_text("tiny", "call a", slots="a"))
    expected = api.build([src], tmp_path / "expected2", jobs=1)
    faults = Faults()
    with faults.failing(0):
        shutil.copytree(tmp_path / "cache", tmp_path / "count-cache")
        api.build([src], tmp_path / "count", cache=Cache(tmp_path / "count-cache", key), jobs=1)
    total = faults.calls
    assert total > 50
    outcomes: set[str] = set()
    for at in range(1, total + 1):
        shutil.rmtree(out)
        shutil.copytree(saved, out)
        shutil.rmtree(tmp_path / "count-cache")
        shutil.copytree(tmp_path / "cache", tmp_path / "count-cache")
        with faults.failing(at):
            built = api.build([src], out, cache=Cache(tmp_path / "count-cache", key), jobs=1)
        if built.ok:
            outcomes.add("built")
            assert {n: snapshot(out)[n].decode() for n in expected.result.files} == expected.result.files, at
        else:
            outcomes.add(min(d.code for d in built.diagnostics if d.is_error))
            assert snapshot(out) == before, at
            assert sorted(p.name for p in out.iterdir()) == sorted(before), at
    # Failures in the cache are misses; the others stop the build with a diagnostic.
    assert "built" in outcomes and {"PS607", "PS613"} <= outcomes, outcomes


def test_every_os_error_in_check_is_a_diagnostic_never_a_pass(
    previous_build: tuple[Path, Path, dict[str, bytes]], tmp_path: Path
) -> None:
    """The same for ``check``: against a stale folder it must never pass, and
    against an up-to-date one a failure is a diagnostic, not a difference."""
    src, out, _ = previous_build
    fresh = tmp_path / "fresh-out"
    assert api.build([src], fresh, jobs=1).ok
    faults = Faults()
    for folder, up_to_date in ((out, False), (fresh, True)):
        cache = Cache(tmp_path / f"cache-{up_to_date}", bytes(32))
        with faults.failing(0):
            checked = api.check([src], folder, cache=cache, jobs=1)
        assert checked.ok is up_to_date
        total = faults.calls
        for at in range(1, total + 1):
            with faults.failing(at):
                checked = api.check([src], folder, cache=cache, jobs=1)
            errors = [d for d in checked.diagnostics if d.is_error]
            if up_to_date:
                assert checked.ok or (errors and not checked.differences), at
            else:
                assert not checked.ok, at


# ---------------------------------------------------------------- verdicts and list parameters

# Outputs a delegate might give that are no approval and carry no usable
# reason, each with what the reason must then quote.
NO_REASON: dict[str, tuple[object, str]] = {
    "None": (None, "None"),
    "a number": (42, "42"),
    "a float": (0.5, "0.5"),
    "an empty list": ([], "[]"),
    "a list": (["yes"], "['yes']"),
    "an empty mapping": ({}, "{}"),
    "proceed as text": ({"proceed": "true"}, "'proceed' is the text 'true', not true"),
    "proceed false": ({"proceed": False}, "'proceed': False"),
    "a blank reason": ({"proceed": False, "reason": "  "}, "blank"),
    "a reason that is no text": ({"reason": ["x"]}, "not text but a list"),
    "JSON proceed as text": ('{"proceed": "true"}', "'proceed' is the text 'true'"),
    "prose": ("hmm, not sure", "hmm, not sure"),
    "a bare word": ("no", "'no'"),
    "empty text": ("", "''"),
}


def _verdict_reads(source: Path) -> dict[str, int]:
    """Module → how many verdict reasons it reads."""
    result = compile_sources(find_sources([source])[0])
    assert result.ok
    modules = {name: code for name, code in result.files.items() if name != "_runtime.py"}
    counts = {name: code.count("_rt.reason(") for name, code in modules.items()}
    for name, code in modules.items():
        assert '"reason")' not in code, f"{name} reads a reason without _rt.reason"
    return {name: n for name, n in counts.items() if n}


def test_every_verdict_reason_read_is_one_of_those_tested_below() -> None:
    """If a pattern starts reading another verdict's reason, it needs a test
    here."""
    # Once per generated function: without options, with options, async.
    assert _verdict_reads(PATTERNS) == {"guard.py": 3, "escalation.py": 3}
    if CORPUS.is_dir():
        assert _verdict_reads(CORPUS) == {"guard.py": 3}


def _guards(project_package: ModuleType, request: pytest.FixtureRequest) -> list[tuple[str, Callable[..., Any]]]:
    out = [
        ("project", project_package.guard),
        ("project with options", lambda **k: project_package.guard(**k, tracer=lambda event: None)),
        ("project async", lambda **k: asyncio.run(project_package.guard_async(**k))),
    ]
    if CORPUS.is_dir():
        corpus = request.getfixturevalue("corpus_package")
        out += [("corpus", corpus.guard), ("corpus async", lambda **k: asyncio.run(corpus.guard_async(**k)))]
    return out


@pytest.mark.parametrize("case", sorted(NO_REASON))
def test_every_blocked_guard_says_why(
    case: str, project_package: ModuleType, request: pytest.FixtureRequest
) -> None:
    """api.md: when guard blocks, `result` is the guard's reason or a
    non-empty sentence saying what was wrong with its output, quoting it."""
    output, quoted = NO_REASON[case]
    for label, guard in _guards(project_package, request):
        gatekeeper, target = Recorder(output), Recorder("must not run")
        result = guard(guard=gatekeeper, target=target, task_brief="b")
        assert result.proceeded is False and target.count == 0 and gatekeeper.count == 1, label
        assert isinstance(result.result, str) and result.result.strip(), (label, result.result)
        assert quoted in result.result, (label, result.result)


def test_a_guard_that_gives_its_reason_is_quoted_as_given(project_package: ModuleType, request: pytest.FixtureRequest) -> None:
    given = (
        {"proceed": False, "reason": "too risky"},
        '{"proceed": "yes", "reason": "too risky"}',
        'Verdict:\n```json\n{"proceed": null, "reason": "too risky"}\n```',
    )
    for verdict in given:
        for label, guard in _guards(project_package, request):
            result = guard(guard=Recorder(verdict), target=Recorder(), task_brief="b")
            assert (result.proceeded, result.result) == (False, "too risky"), label


@pytest.mark.parametrize("output", [{"decision": "decline"}, "decline", {"decision": "decline", "reason": ""}, '{"verdict": "decline", "reason": 3}'])
def test_an_expert_declining_without_a_reason_still_says_why(output: object, project_package: ModuleType) -> None:
    """escalation throws "the expert declined Q: {verdict.reason}": never
    "...: None"."""
    for call in (project_package.escalation, lambda **k: asyncio.run(project_package.escalation_async(**k))):
        expert = Recorder(output)
        with pytest.raises(project_package.ThrownError) as info:
            call(responder=Recorder(RuntimeError("x")), expert=expert, question="Q", responder_retries=0)
        message = str(info.value)
        assert "declined Q: " in message and "declined Q: None" not in message, message
        assert message.split("declined Q: ", 1)[1].strip()
        assert expert.count == 1


def _list_parameters(package: ModuleType) -> list[tuple[str, str]]:
    """(function, parameter) for every parameter declared as a list."""
    found = []
    for name in package.__all__:
        fn = getattr(package, name)
        if inspect.isfunction(fn) and not name.endswith("_async"):
            for param in inspect.signature(fn).parameters.values():
                if isinstance(param.annotation, str) and param.annotation.startswith("Sequence["):
                    found.append((name, param.name))
    return found


def _arguments(fn: Callable[..., Any], calls: list[str]) -> dict[str, Any]:
    """Well-formed arguments for every required parameter; every delegate
    records that it was called."""

    def delegate(**kwargs: Any) -> str:
        calls.append("called")
        return "ok"

    args: dict[str, Any] = {}
    for param in inspect.signature(fn).parameters.values():
        if param.default is not inspect.Parameter.empty:
            continue
        annotation = str(param.annotation)
        if annotation == "Delegate":
            args[param.name] = delegate
        elif annotation.startswith("Sequence[Delegate"):
            args[param.name] = [delegate, delegate]
        elif annotation.startswith("Sequence["):
            args[param.name] = ["one", "two"]
        else:
            args[param.name] = "x"
    return args


def _packages(project_package: ModuleType, request: pytest.FixtureRequest) -> list[ModuleType]:
    return [project_package] + ([request.getfixturevalue("corpus_package")] if CORPUS.is_dir() else [])


def test_every_list_parameter_refuses_a_string_before_any_delegate_runs(
    project_package: ModuleType, request: pytest.FixtureRequest
) -> None:
    """`briefs="abc"` type-checks (a str is a Sequence[str]) and used to run
    every delegate with brief=None. Every parameter declared as a list, in
    every pattern, sync and async, given text, a number, a set, a mapping, a
    generator or a lone delegate: TypeError naming it, and no delegate called."""
    checked = []
    for package in _packages(project_package, request):
        for function, parameter in _list_parameters(package):
            checked.append((package.__name__, function, parameter))
            for variant in (function, f"{function}_async"):
                fn = getattr(package, variant)
                for bad in ("abc", b"abc", 7, {"a"}, {"a": 1}, (x for x in "ab"), lambda **k: "x"):
                    calls: list[str] = []
                    args = {**_arguments(fn, calls), parameter: bad}
                    with pytest.raises(TypeError, match=rf"\b{parameter} must be a list") as info:
                        result = fn(**args)
                        if asyncio.iscoroutine(result):
                            asyncio.run(result)
                    assert calls == [], (variant, parameter, bad)
                    assert "DelegateError" not in type(info.value).__name__
    names = {(f, p) for _, f, p in checked}
    assert ("quorum", "reviewers") in names
    if CORPUS.is_dir():
        assert {("fan_out", "briefs"), ("fan_out", "delegates"), ("map_reduce", "chunks"),
                ("blind_review", "materials"), ("ratchet", "certified_progress")} <= names


def test_list_parameters_take_any_sequence_and_optional_ones_none(
    project_package: ModuleType, request: pytest.FixtureRequest
) -> None:
    """The check refuses only what is not a list: tuples pass, and a list
    parameter with a default may be left out or given None."""
    for package in _packages(project_package, request):
        for function, parameter in _list_parameters(package):
            fn = getattr(package, function)
            declared = inspect.signature(fn).parameters[parameter]
            calls: list[str] = []
            args = _arguments(fn, calls)
            if declared.default is None:
                args[parameter] = None
            else:
                args[parameter] = tuple(args[parameter])
            try:
                fn(judge=lambda condition, bindings: True, **args)
            except TypeError as exc:
                assert "must be a list" not in str(exc), (function, parameter)
            except Exception:
                pass  # scripted delegates need not satisfy the pattern; the check did


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

