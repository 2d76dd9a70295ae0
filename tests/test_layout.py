"""The layout printer against black, the formatter of record.

Every module the corpus, the project's patterns and the synthetic benchmark
patterns render to is laid out by ``prosec.layout`` and by
``black.format_str`` (both passes) from the same rendered text, and the two
must be the same bytes. Fuzzing does the same for modules whose names were
lengthened or shortened (which moves lines across the 88-column edge, where
the printer decides what to split) and for mutated patterns. Hand-written
cases cover what the printer leaves to black: lines of a shape it does not
split, and modules it does not read at all.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path
from unittest import mock

import pytest
from conftest import CORPUS, ROOT, corpus_files, pattern_text, run_prosec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from prosec import emit, layout
from prosec.api import build, compile_text
from prosec.own_files import runtime_source

sys.path.insert(0, str(ROOT / "bench"))
import synth

#: Synthetic patterns compiled here (the benchmark builds 1,000 of them).
SYNTHETIC = 150


def rendered(files: list[Path]) -> Iterator[tuple[str, str]]:
    """(file name, the module text before layout) for each file that compiles."""
    captured: list[str] = []

    def keep(source: str) -> str:
        captured.append(source)
        return layout.format_module(source)

    with mock.patch.object(emit, "format_code", keep):
        for path in files:
            captured.clear()
            compile_text(path.name, path.read_bytes())
            if captured:
                yield path.name, captured[0]


def _modules() -> list[tuple[str, str]]:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        synthetic = Path(folder)
        synth.write(SYNTHETIC, synthetic)
        files = [
            *corpus_files(),
            *sorted((ROOT / "patterns").glob("*.prose.md")),
            *sorted(synthetic.glob("*.prose.md")),
        ]
        return list(rendered(files))


MODULES = _modules()


def same_as_black(source: str) -> None:
    assert layout.format_module(source) == layout.black_format(source)


def test_the_modules_cover_corpus_project_and_synthetic_patterns() -> None:
    names = [name for name, _ in MODULES]
    assert sum(name.startswith("synth-") for name in names) == SYNTHETIC
    assert {"guard.prose.md", "oversight.prose.md"} <= set(names)
    if CORPUS.is_dir():
        assert len(corpus_files()) == sum(1 for p in corpus_files() if p.name in names)


@pytest.mark.parametrize(("name", "source"), MODULES, ids=[name for name, _ in MODULES])
def test_every_rendered_module_is_laid_out_as_black_lays_it_out(name: str, source: str) -> None:
    same_as_black(source)


def test_the_printer_lays_out_most_lines_itself() -> None:
    """black sees a few lines of a few modules, not whole modules: the point
    of the printer. Counted, not timed."""
    sent: list[int] = []
    original = layout._format_declined

    def count(lines: list[layout._Line]) -> None:
        sent.append(len(lines))
        original(lines)

    whole: list[str] = []
    with (
        mock.patch.object(layout, "_format_declined", count),
        mock.patch.object(layout, "black_format", lambda s: whole.append(s) or s),
    ):
        for _, source in MODULES:
            layout.format_module(source)
    assert not whole
    total = sum(len(list(layout.lines_of(source))) for _, source in MODULES)
    # 2.9% with the direct-call code of the fast path (its `try` blocks and
    # keyword calls are split more often than the old generic calls were).
    assert sum(sent) < total // 20


# ---------------------------------------------------------------- fuzzing

NAME = re.compile(r"\b[a-z_][a-z0-9_]{2,}\b")


@st.composite
def renamed(draw: st.DrawFn) -> str:
    """A rendered module with some of its names made longer or shorter."""
    _, source = draw(st.sampled_from(MODULES))
    names = sorted(set(NAME.findall(source)) - _KEYWORDS)
    for _ in range(draw(st.integers(1, 3))):
        old = draw(st.sampled_from(names))
        new = "v" + "x" * draw(st.integers(0, 40)) + "_" + old[:3].strip("_")
        source = re.sub(rf"\b{re.escape(old)}\b", new, source)
    return source


_KEYWORDS = frozenset(__import__("keyword").kwlist) | {"self", "str", "int", "bool"}


@settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(renamed())
def test_modules_with_names_of_other_lengths_are_laid_out_as_black_does(source: str) -> None:
    same_as_black(source)


@settings(max_examples=30, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(MODULES), st.integers(1, 60))
def test_modules_at_another_depth_are_laid_out_as_black_does(
    module: tuple[str, str], width: int
) -> None:
    """Every line of a module moved into a block (its docstrings made one
    line, so that moving them changes no string): each line meets the edge
    at another place."""
    _, source = module
    source = re.sub(r'"""(?:.|\n)*?"""', '"""Doc."""', source)
    body = "".join(
        ("    " + line if line.strip() else line) for line in source.splitlines(keepends=True)
    )
    same_as_black(f"if {'x' * width}:\n{body}")


# ---------------------------------------------------------------- what goes to black

CASES = {
    "a comment": "x = 1  # one\n",
    "a slice": "y = x[1:2]\nz = x[a + 1 :]\n",
    "a lambda": "f = lambda a, b=2: a + b\n",
    "power": "y = x**2 + x ** f(y)\n",
    "redundant parentheses": "return_value = (1)\nfor (a) in (b):\n    del (a)\n",
    "one-line compound": "if x: y = 1\n",
    "semicolons": "a = 1; b = 2\n",
    "a one-item tuple": "t = (1,)\n",
    "a magic trailing comma": "f(a, b,)\nx = [1, 2,]\n",
    "long condition": "if " + " and ".join(f"condition_number_{i}" for i in range(9)) + ":\n    pass\n",
    "long elif": "if a:\n    pass\nelif " + " or ".join(f"alternative_{i}()" for i in range(8)) + ":\n    pass\n",
    "long except": "try:\n    pass\nexcept (" + ", ".join(f"ErrorKind{i}" for i in range(9)) + ") as e:\n    pass\n",
    "long nested call": "result = outer(inner_function(argument_one, argument_two), other_function(argument_three, argument_four))\n",
    "long string value": "message = 'a rather long string that will never fit on one line however black tries to split it'\n",
    "long comprehension": "values = [transform(item, option_one, option_two) for item in collection if predicate(item, threshold)]\n",
    "long subscript": "value = mapping['a rather long key that goes on and on'][another_long_index_expression_here]\n",
    "long method chain": "result = builder.configure(option_one=1, option_two=2).finalize(strict=True, verbose=False)\n",
    "long decorator": "@decorator(" + ", ".join(f"argument_{i}=value_{i}" for i in range(7)) + ")\ndef f():\n    pass\n",
    "long class": "class Something(" + ", ".join(f"BaseClassNumber{i}" for i in range(6)) + "):\n    pass\n",
    "docstrings": 'def f():\n    \'\'\'  Spaced docstring ending in a quote"\'\'\'\n\n\nclass A:\n\n    """Doc."""\n    x: int\n',
    "numbers and strings": "x = 0XFF + 1E5 + 10J\ny = u'a' + B'b' + '\\N{DASH}' + f'{x}'\n",
    "blank lines": "import os\nx = 1\n\n\n\n\ndef f():\n\n    y = 2\n\n\n\n    def g():\n        pass\n    return y\nclass C:\n    pass\nz = 3\n",
    "async": "async def f():\n    async for a in b:\n        await c(a)\n    async with d as e:\n        pass\n",
    "unary and keywords": "x = -a + (not b) - ~c\ny = f(*args, **kwargs, key=-1)\nif not (a in b) and c is not None:\n    pass\n",
    "imports": "import os.path\nfrom . import a\nfrom ..b import (c, d)\nfrom .e import f as g, h\n",
    "multi-line strings": 'x = f("""a\nb""", c)\ny = """one\n    two"""\n',
    "wide characters": "x = f('" + "漢字" * 20 + "', y)\n",
}


# black's string rules, written out for the strings they leave alone, must
# agree with black's own on any text: docstrings of any indentation, lines
# of any width, numbers. (A carriage return in source is a line break to
# black's tokenizer; rendered modules have none.)
_TEXT = st.text(st.sampled_from(list("ab '\"\\\t\n\x0c\u00e9\u2014\u4e00\u0301")), max_size=40)


def _one_string(text: str) -> bool:
    import io
    import tokenize

    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(text + "\n").readline))
    except (tokenize.TokenError, SyntaxError):
        return False
    strings = [t for t in tokens if t.type == tokenize.STRING]
    return len(strings) == 1 and strings[0].string == text


@settings(max_examples=400, deadline=None, derandomize=True)
@given(_TEXT)
def test_docstrings_are_normalised_as_black_normalises_them(body: str) -> None:
    import black

    for quote in ('"""', '"'):
        if quote == '"' and "\n" in body:
            continue
        docstring = quote + body.replace(quote, "") + quote
        if not _one_string(docstring):
            continue
        source = "def f():\n    " + docstring + "\n"
        try:
            want = black.format_str(source, mode=layout.mode())
        except Exception:
            continue  # not a docstring black reads
        if re.search(r"\\\s*\n", docstring):
            continue  # (such a docstring is left to black: see _string_statement)
        got = layout._docstring(layout._unicode_escapes(docstring), 1)
        assert want == "def f():\n    " + got + "\n"


@settings(max_examples=400, deadline=None, derandomize=True)
@given(_TEXT, st.sampled_from(["'", '"', "u'", "R'", 'B"']))
def test_strings_are_normalised_as_black_normalises_them(body: str, quote: str) -> None:
    from black.strings import (
        normalize_string_prefix,
        normalize_string_quotes,
        normalize_unicode_escape_sequences,
    )
    from blib2to3.pgen2 import token
    from blib2to3.pytree import Leaf

    value = quote + body.replace("\n", "") + quote[-1]
    if not _one_string(value):
        return
    leaf = Leaf(token.STRING, value)
    normalize_unicode_escape_sequences(leaf)
    want = normalize_string_quotes(normalize_string_prefix(leaf.value, layout.mode()))
    assert layout._normal_string(value) == want


@settings(max_examples=400, deadline=None, derandomize=True)
@given(_TEXT, st.integers(70, 100))
def test_widths_are_judged_as_black_counts_them(text: str, length: int) -> None:
    from black.strings import str_width

    padded = "x" * max(0, length - len(text)) + text
    assert layout._narrow(padded) == (str_width(padded) <= layout.LINE_LENGTH)


@pytest.mark.parametrize(
    "value", ["0", "7", "1234567890", "0.8", "12.50", "1_000.0_1", "0x1F", "1E5", "1.5e3", "10l", "1.", ".5", "1_000", "0o17", "5J", "0B1"]
)
def test_numbers_are_normalised_as_black_normalises_them(value: str) -> None:
    from black.numerics import normalize_numeric_literal
    from blib2to3.pgen2 import token
    from blib2to3.pytree import Leaf

    leaf = Leaf(token.NUMBER, value)
    normalize_numeric_literal(leaf)
    assert layout._number(value) == leaf.value


@pytest.mark.parametrize("source", CASES.values(), ids=CASES.keys())
def test_what_the_printer_does_not_print_is_left_to_black(source: str) -> None:
    same_as_black(source)


def test_code_black_rejects_is_an_error_not_a_guess() -> None:
    with pytest.raises(emit.FormatError):
        emit.format_code("def f(:\n")


# ---------------------------------------------------------------- the runtime


def test_the_runtime_is_copied_byte_for_byte_and_is_black_stable() -> None:
    text = runtime_source()
    assert layout.black_format(text) == text
    _, body = emit.split_header(emit.render_runtime("prosec/runtime.py"))
    assert body == text


# ---------------------------------------------------------------- --verify-format


def test_build_verify_format_formats_every_file_with_black_itself(tmp_path: Path) -> None:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "t.prose.md").write_text(pattern_text("t", "call a", slots="a"))
    done = run_prosec("build", "--verify-format", "src", "-o", "out", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [
        "__init__.py",
        "_runtime.py",
        "t.py",
    ]


def test_a_file_black_would_change_is_an_error_and_nothing_is_written(tmp_path: Path) -> None:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "t.prose.md").write_text(pattern_text("t", "call a", slots="a"))
    with mock.patch.object(layout, "format_module", lambda source: source):
        built = build([tmp_path / "src"], tmp_path / "out", jobs=1, verify_format=True)
    wrong = [d for d in built.diagnostics if d.code == "PS699"]
    assert {d.path for d in wrong} == {"__init__.py", "t.py"}  # the runtime is black's already
    assert all(d.is_error and "black lays out" in d.message for d in wrong)
    assert not built.ok and not (tmp_path / "out").exists()
