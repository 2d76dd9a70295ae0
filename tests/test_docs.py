"""Every code example in docs/ runs, as tests/test_readme.py does for the
README.

A fenced block's info string says what it is:

- ``prose``: a delegation. It is compiled inside a small pattern whose
  sections are the ``markdown`` and ``yaml`` blocks before it under the same
  heading (slots default to the names after ``call``). In diagnostics.md it
  must report the code of its section; elsewhere it must compile without
  errors.
- ``markdown``: a whole pattern file when it starts with front matter
  (compiled, and available to later ``python`` blocks as the package
  ``generated``), else sections that the next ``prose`` block of the same
  heading is compiled with (or a default delegation, when none follows).
- ``yaml``: front matter lines, likewise.
- ``python generated``: code the previous ``prose`` block compiles to;
  ``...`` stands for any run of tokens, and layout does not count.
- ``python``: executed. ``console``: each ``$ command`` is run in the
  document's own folder and must print the lines that follow it (``...``
  inside a line matches any text; a line of just ``...`` any lines); the
  block's ``exit=N`` is the expected exit code (0 by default).
- ``file=PATH`` on any block writes its text to PATH in the document's
  folder instead (for the tutorial's project).
- ``text``: not code (output, file listings, shapes of input).
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import shlex
import subprocess
import sys
import tokenize
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from conftest import ROOT

from prosec.api import Compiled, build, compile_text

DOCS = ROOT / "docs"
LANGUAGES = {"prose", "python", "markdown", "yaml", "console", "toml", "text"}


@dataclass(frozen=True)
class Block:
    doc: str
    line: int
    heading: str
    lang: str
    attrs: dict[str, str]
    flags: frozenset[str]
    text: str

    @property
    def where(self) -> str:
        return f"docs/{self.doc}:{self.line}"


def read_blocks(path: Path) -> list[Block]:
    """The fenced blocks of a Markdown file, each with the heading it is under."""
    lines = path.read_text(encoding="utf-8").split("\n")
    out: list[Block] = []
    heading = ""
    i = 0
    while i < len(lines):
        opening = re.match(r"^ {0,3}(`{3,}|~{3,})(.*)$", lines[i])
        if opening is not None and opening.group(1)[0] == "`" and "`" in opening.group(2):
            opening = None  # inline code, as CommonMark reads it: ```` ```json ````
        if opening is None:
            found = re.match(r"^#{1,6} (.*)", lines[i])
            if found:
                heading = found.group(1).strip()
            i += 1
            continue
        fence, info = opening.group(1), opening.group(2).split()
        closing = re.compile(rf"^ {{0,3}}{re.escape(fence[0])}{{{len(fence)},}}\s*$")
        j = i + 1
        while j < len(lines) and not closing.match(lines[j]):
            j += 1
        attrs = dict(part.split("=", 1) for part in info[1:] if "=" in part)
        flags = frozenset(part for part in info[1:] if "=" not in part)
        text = "\n".join(lines[i + 1 : j])
        out.append(Block(path.name, i + 1, heading, info[0] if info else "", attrs, flags, text))
        i = j + 1
    return out


# ---------------------------------------------------------------- patterns around examples


@dataclass
class Context:
    """What the blocks before a ``prose`` block under one heading give it."""

    front: list[str] = field(default_factory=list)
    sections: list[str] = field(default_factory=list)
    filename: str | None = None
    used: bool = False

    def add(self, block: Block) -> None:
        if block.lang == "yaml":
            self.front.append(block.text)
        else:
            self.sections.append(block.text)
        self.filename = block.attrs.get("file", self.filename)


def pattern_file(context: Context, delegation: str | None) -> str:
    front = "\n".join(context.front) if context.front else "name: example"
    if "kind:" not in front:
        front += "\nkind: pattern"
    sections = "\n\n".join(context.sections)
    parts = [f"---\n{front}\n---\n\n# Example\n\nAn example.\n"]
    calls = sorted(set(re.findall(r"\bcall\s+([A-Za-z_][\w-]*)", delegation or "")))
    if "### Slots" not in sections and calls:
        parts.append("### Slots\n\n" + "".join(f"- `{name}`\n" for name in calls))
    if sections:
        parts.append(sections)
    if delegation is not None:
        parts.append(f"### Delegation\n\n```prose\n{delegation}\n```\n")
    elif "### Delegation" not in sections:
        parts.append("### Delegation\n\n```prose\nreturn null\n```\n")
    return "\n".join(parts)


def compiled(text: str, filename: str | None = None) -> Compiled:
    if filename is None:
        name = re.search(r"^name:\s*(\S+)", text, re.MULTILINE)
        filename = f"{name.group(1) if name else 'example'}.prose.md"
    return compile_text(filename, text.encode("utf-8"))


def shown(result: Compiled) -> str:
    return "\n".join(f"{d.span.line}:{d.span.column} {d.code} {d.message}" for d in result.diagnostics)


# ---------------------------------------------------------------- diagnostics.md


def diagnostic_sections() -> list[tuple[str, list[Block]]]:
    groups: dict[str, list[Block]] = {}
    for block in read_blocks(DOCS / "diagnostics.md"):
        if re.fullmatch(r"PS\d{3}", block.heading) and block.lang != "text":
            groups.setdefault(block.heading, []).append(block)
    return sorted(groups.items())


@pytest.mark.parametrize(("code", "blocks"), diagnostic_sections(), ids=[c for c, _ in diagnostic_sections()])
def test_every_diagnostic_example_reports_its_code(code: str, blocks: list[Block]) -> None:
    context = Context()
    files: list[tuple[str, str | None]] = []
    for block in blocks:
        if block.lang == "markdown" and block.text.startswith("---"):
            files.append((block.text, block.attrs.get("file")))
        elif block.lang in ("markdown", "yaml"):
            context.add(block)
        elif block.lang == "prose":
            files.append((pattern_file(context, block.text), context.filename))
            context.used = True
        else:
            raise AssertionError(f"{block.where}: a {block.lang!r} example under {code}")
    if (context.sections or context.front) and not context.used:
        files.append((pattern_file(context, None), context.filename))
    assert files, f"{code} has no example that can be compiled"
    for text, filename in files:
        result = compiled(text, filename)
        assert code in {d.code for d in result.diagnostics}, f"{code}:\n{text}\n{shown(result)}"


# ---------------------------------------------------------------- language.md and the rest


def tokens(code: str) -> list[str]:
    """Python tokens without layout; a comma before a closing bracket (black
    adds those) is dropped."""
    flat = "\n".join(line.strip() for line in code.split("\n"))
    out: list[str] = []
    skip = {tokenize.NEWLINE, tokenize.NL, tokenize.INDENT, tokenize.DEDENT, tokenize.COMMENT,
            tokenize.ENDMARKER}
    for token in tokenize.generate_tokens(io.StringIO(flat).readline):
        if token.type in skip:
            continue
        if token.string in (")", "]", "}") and out and out[-1] == ",":
            out.pop()
        out.append(token.string)
    return out


def appears_in(snippet: str, module: str) -> bool:
    """Whether the snippet's tokens occur in order in the module, ``...``
    standing for any run of tokens."""
    haystack = "".join(f"\x1e{t}\x1f" for t in tokens(module))
    needle = "".join(
        r"(?:\x1e[^\x1f]*\x1f)*?" if t == "..." else re.escape(f"\x1e{t}\x1f") for t in tokens(snippet)
    )
    return re.search(needle, haystack) is not None


@dataclass
class Folder:
    """A document's own folder: its files, its package, its commands."""

    root: Path
    patterns: dict[str, str] = field(default_factory=dict)
    built: int = 0

    def write(self, relative: str, text: str) -> None:
        target = self.root / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text if text.endswith("\n") else text + "\n", encoding="utf-8")

    def package(self) -> None:
        """Build ``generated`` from the whole pattern files shown so far."""
        if not self.patterns or self.built == len(self.patterns):
            return
        for name, text in self.patterns.items():
            self.write(f"_examples/{name}.prose.md", text)
        built = build([self.root / "_examples"], self.root / "generated")
        assert built.ok, built.diagnostics
        self.built = len(self.patterns)

    @contextlib.contextmanager
    def importable(self) -> Iterator[None]:
        def forget() -> None:
            for name in [n for n in sys.modules if n == "generated" or n.startswith("generated.")]:
                del sys.modules[name]

        forget()
        sys.path.insert(0, str(self.root))
        here = os.getcwd()
        os.chdir(self.root)
        try:
            yield
        finally:
            os.chdir(here)
            sys.path.remove(str(self.root))
            forget()

    def run_python(self, block: Block) -> None:
        self.package()
        with self.importable(), contextlib.redirect_stdout(io.StringIO()):
            exec(compile(block.text, block.where, "exec"), {"__name__": "__docs__"})

    def run_console(self, block: Block) -> None:
        self.package()  # a command may import the patterns shown so far
        commands: list[tuple[str, list[str]]] = []
        for line in block.text.split("\n"):
            if line.startswith("$ "):
                commands.append((line[2:], []))
            else:
                assert commands, f"{block.where}: output before any `$ command`"
                commands[-1][1].append(line)
        expected_code = int(block.attrs.get("exit", "0"))
        for command, expected in commands:
            argv = shlex.split(command)
            program = {"prosec": [sys.executable, "-m", "prosec"], "python": [sys.executable]}[argv[0]]
            done = subprocess.run(
                [*program, *argv[1:]],
                cwd=self.root,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
                timeout=300,
                env={**os.environ, "PROSEC_CACHE_DIR": str(self.root / ".cache"),
                     "PYTHONPATH": str(self.root), "NO_COLOR": "1"},
            )
            assert done.returncode == expected_code, f"{block.where}: {command}\n{done.stdout}"
            assert matches(expected, done.stdout.rstrip("\n").split("\n")), (
                f"{block.where}: {command} printed\n{done.stdout}\ninstead of\n" + "\n".join(expected)
            )


def matches(expected: list[str], lines: list[str]) -> bool:
    """``expected`` against printed ``lines``: ``...`` in a line matches any
    text, a line of just ``...`` any number of lines."""
    expected = [e.rstrip() for e in expected if e.strip() or e == ""]
    while expected and not expected[-1]:
        expected.pop()
    lines = [line.rstrip() for line in lines]
    if not expected:
        return lines == [""] or not lines
    head, *rest = expected
    if head == "...":
        return any(matches(rest, lines[i:]) for i in range(len(lines) + 1))
    if not lines:
        return False
    pattern = ".*".join(re.escape(part) for part in head.split("..."))
    return re.fullmatch(pattern, lines[0]) is not None and matches(rest, lines[1:])


def run_document(name: str, folder: Path, *, strict: bool) -> None:
    """Run every example of one document in order, in ``folder``."""
    place = Folder(folder)
    context = Context()
    heading: str | None = None
    last: Compiled | None = None
    pending_sections: Block | None = None
    blocks = read_blocks(DOCS / name)

    def close_sections() -> None:
        # Sections shown without a delegation compile on their own.
        nonlocal pending_sections
        if pending_sections is not None and strict:
            result = compiled(pattern_file(context, None))
            assert not [d for d in result.diagnostics if d.is_error], (
                f"{pending_sections.where}:\n{shown(result)}"
            )
        pending_sections = None

    for block in blocks:
        if block.lang not in LANGUAGES:
            # Each block of the documents this suite knows says what it is.
            assert not strict, f"{block.where}: unknown block language {block.lang!r}"
            continue
        if block.heading != heading:
            close_sections()
            heading, context = block.heading, Context()
        if "file" in block.attrs and block.lang != "yaml":
            place.write(block.attrs["file"], block.text)
            continue
        if block.lang == "markdown" and block.text.startswith("---"):
            last = compiled(block.text)
            assert last.code is not None and not [d for d in last.diagnostics if d.is_error], (
                f"{block.where}:\n{shown(last)}"
            )
            place.patterns[last.report.name if last.report else str(block.line)] = block.text
        elif block.lang in ("markdown", "yaml"):
            context.add(block)
            pending_sections = block
        elif block.lang == "prose":
            last = compiled(pattern_file(context, block.text))
            pending_sections = None
            errors = [d for d in last.diagnostics if d.is_error]
            if strict:
                assert not errors, f"{block.where}:\n{shown(last)}"
            else:
                assert not [d for d in errors if d.code.startswith("PS2")], f"{block.where}:\n{shown(last)}"
        elif block.lang == "python" and "generated" in block.flags:
            assert last is not None and last.code is not None, f"{block.where}: nothing compiled before it"
            assert appears_in(block.text, last.code), f"{block.where}: not in the generated code:\n{last.code}"
        elif block.lang == "python":
            place.run_python(block)
        elif block.lang == "console":
            place.run_console(block)
    close_sections()


def test_every_example_of_the_language_reference_compiles_to_what_it_shows(tmp_path: Path) -> None:
    run_document("language.md", tmp_path, strict=True)


def test_the_tutorial_runs_from_an_empty_folder(tmp_path: Path) -> None:
    run_document("tutorial.md", tmp_path, strict=True)


OTHER_DOCS = sorted(
    p.name for p in DOCS.glob("*.md") if p.name not in ("language.md", "tutorial.md", "diagnostics.md")
)


@pytest.mark.parametrize("name", OTHER_DOCS)
def test_the_examples_of_the_other_docs_run(name: str, tmp_path: Path) -> None:
    run_document(name, tmp_path, strict=False)


def test_the_token_matcher_needs_the_tokens_in_order() -> None:
    module = "x: Any = _run.call(\n    worker,\n    'worker',\n    12,\n    {},\n)\nreturn x\n"
    assert appears_in("x: Any = _run.call(worker, 'worker', ..., {})", module)
    assert not appears_in("x: Any = _run.call(worker, 'critic', ..., {})", module)
    assert not appears_in("return x\nx: Any = ...", module)
    assert matches(["a ... c", "...", "z"], ["a b c", "d", "e", "z"])
    assert not matches(["a ... c"], ["a b d"])


def test_the_docs_are_linked_from_the_readme() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for name in ("language.md", "tutorial.md", "diagnostics.md", "invariants.md", "names.md"):
        assert f"(docs/{name})" in readme, name

