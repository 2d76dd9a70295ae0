"""The runtime's declared contract (prosec/runtime.py: ``__all__``,
``EXPORTS``, ``ANNOTATIONS``) is what the code generator emits, what the
package ``__init__`` re-exports and what the docs name, and the runtime
reaches packages byte for byte."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from conftest import CORPUS, HAVE_CORPUS, PATTERNS, ROOT

from prosec import runtime
from prosec.api import compile_sources, find_sources
from prosec.emit import split_header


def _files() -> dict[str, str]:
    files: dict[str, str] = {}
    for source in [PATTERNS] + ([CORPUS] if HAVE_CORPUS else []):
        found, _ = find_sources([source])
        for name, content in compile_sources(found).files.items():
            files[f"{source.name}/{name}"] = content
    return files


FILES = _files()


def test_pattern_modules_use_only_the_contract() -> None:
    reached: set[str] = set()
    imported: set[str] = set()
    for name, content in FILES.items():
        if name.endswith(("/_runtime.py", "/__init__.py")):
            continue
        for node in ast.walk(ast.parse(content)):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "_rt":
                reached.add(node.attr)
            if isinstance(node, ast.ImportFrom) and node.module == "_runtime":
                imported.update(alias.name for alias in node.names)
    assert reached <= set(runtime.__all__), sorted(reached - set(runtime.__all__))
    assert imported <= set(runtime.ANNOTATIONS), sorted(imported)
    # Nothing in the contract that no generated code (nor a caller) uses,
    # beyond the few that only other patterns' shapes need.
    # (without the corpus, fewer shapes are generated: the check needs it)
    if HAVE_CORPUS:
        unused = set(runtime.__all__) - reached - imported - set(runtime.EXPORTS) - {"ANNOTATIONS", "EXPORTS"}
        assert unused <= {"at_least", "exceeds", "is_absent", "put", "STOP"}, sorted(unused)


def test_the_package_init_exports_what_the_runtime_declares() -> None:
    for name, content in FILES.items():
        if name.endswith("/__init__.py"):
            tree = ast.parse(content)
            (from_runtime,) = [n for n in tree.body if isinstance(n, ast.ImportFrom) and n.module == "_runtime"]
            assert [a.name for a in from_runtime.names] == list(runtime.EXPORTS)


def test_the_runtime_is_copied_byte_for_byte() -> None:
    source = Path(runtime.__file__).read_text(encoding="utf-8")
    copies = [content for name, content in FILES.items() if name.endswith("/_runtime.py")]
    assert copies and all(split_header(copy)[1] == source for copy in copies)


def test_the_docs_name_the_exported_errors_and_types() -> None:
    text = (ROOT / "docs" / "language.md").read_text(encoding="utf-8")
    table = set(re.findall(r"^\| `(\w+Error|ValueProblem)` \|", text, re.M))
    errors = {n for n in runtime.EXPORTS if n.endswith("Error") or n == "ValueProblem"} - {"PatternError"}
    assert table == errors
    sentence = text.split("and the names a caller needs beside them:", 1)[1].split("\n\n", 1)[0]
    named = set(re.findall(r"`(\w+)`", sentence))
    assert named == set(runtime.EXPORTS) - errors - {"PatternError"}, named


def test_the_generated_package_passes_ruff_with_its_default_rules() -> None:
    """A user's own ruff, with no settings of ours, finds nothing in the
    package (`generated/` is the project's patterns compiled)."""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--isolated", "--no-cache", str(ROOT / "generated")],
        capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
