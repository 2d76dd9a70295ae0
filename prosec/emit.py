"""View objects → formatted Python source: render the templates, lay them
out as black does (``layout``), put the header (source, DO NOT EDIT, content
hash) on top.

black and jinja2 are imported on first use, so that reading and comparing
generated files (``prosec check`` with everything cached) does not pay for
them. Under :func:`caching`, the package's ``__init__.py`` and
``_runtime.py`` are taken from the build cache when their inputs are
unchanged.
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import hashlib
import itertools
import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from . import __version__
from .diagnostics import Diagnostic, Span, error, printable
from .view import ModuleView, docstring

if TYPE_CHECKING:
    import jinja2

    from .cache import Cache

HASH_PREFIX = "# prosec-hash: sha256:"

#: What the package's ``__init__`` re-exports from its runtime, for callers
#: to annotate their delegates and catch errors without reaching into
#: ``_runtime``: the delegate, judge and tracer types, the event a tracer
#: sees, a caught failure, and every error a pattern call raises.
RUNTIME_EXPORTS = (
    "CallEvent",
    "ChoiceError",
    "Delegate",
    "DelegateError",
    "Failure",
    "Judge",
    "JudgeError",
    "PatternError",
    "Predicate",
    "ThrownError",
    "Tracer",
    "ValueProblem",
)
MARKER = "DO NOT EDIT"


def _templates_dir() -> Path:
    """Installed wheels carry the templates inside the package; a source
    checkout keeps them at the top of the repository."""
    packaged = resources.files("prosec").joinpath("templates")
    if packaged.is_dir():
        return Path(str(packaged))
    return Path(__file__).resolve().parent.parent / "templates"


def template_text(name: str) -> str:
    return (_templates_dir() / name).read_text(encoding="utf-8")


@functools.cache
def environment() -> jinja2.Environment:
    import jinja2

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(_templates_dir())),
        undefined=jinja2.StrictUndefined,
        autoescape=False,
        keep_trailing_newline=True,
        trim_blocks=False,
        lstrip_blocks=False,
        # Templates do not change during a build: read each once.
        auto_reload=False,
    )
    env.globals.clear()
    env.filters["pyrepr"] = repr
    env.filters["docstring"] = docstring
    return env


@functools.cache
def template_digest() -> str:
    """Hash of every template, part of the build cache key."""
    digest = hashlib.sha256()
    for path in sorted(_templates_dir().iterdir()):
        if path.is_file():
            digest.update(path.name.encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


class FormatError(Exception):
    """black rejected rendered code: a bug in prosec, never in the pattern."""


def format_code(source: str) -> str:
    """Rendered code laid out exactly as ``black.format_str`` lays it out."""
    from .layout import format_module

    try:
        return format_module(source)
    except Exception as exc:  # black raises several types for invalid input
        raise FormatError(str(exc)) from exc


def format_differences(files: Mapping[str, str]) -> list[Diagnostic]:
    """PS699 for every generated file that black itself, the formatter of
    record, would lay out differently (``prosec build --verify-format``)."""
    from .layout import black_format

    found: list[Diagnostic] = []
    for name, text in sorted(files.items()):
        _, body = split_header(text)
        try:
            formatted = black_format(body)
        except Exception as exc:  # black raises several types for invalid input
            formatted = f"(black rejected it: {exc})"
        if formatted == body:
            continue
        line = next(
            (
                number
                for number, (mine, theirs) in enumerate(
                    itertools.zip_longest(body.split("\n"), formatted.split("\n")), start=1
                )
                if mine != theirs
            ),
            1,
        )
        found.append(
            error(
                name,
                Span(line + HEADER_LINES, 1, line + HEADER_LINES, 1),
                "PS699",
                f"internal error: black lays out {name} differently from line {line} of its body",
                "this is a bug in prosec; please report it with the pattern file",
            )
        )
    return found


#: The header's lines (:func:`header`), before a generated file's body.
HEADER_LINES = 4


def header(source: str, body: str) -> str:
    """The first lines of every generated file. The hash covers everything
    after the header, so a hand edit is visible without the sources."""
    digest = hashlib.sha256(body.encode("utf-8")).hexdigest()
    # The source name goes into a comment: nothing in it may end the line.
    shown = printable(source).encode("ascii", "backslashreplace").decode("ascii")
    return (
        f"# Generated by prosec {__version__} from {shown}. {MARKER}.\n"
        "# Edit the source instead and run `prosec build`; `prosec check` fails when\n"
        "# this file differs from what its source compiles to.\n"
        f"{HASH_PREFIX}{digest}\n"
    )


def with_header(source: str, body: str) -> str:
    return header(source, body) + body


def split_header(text: str) -> tuple[str | None, str]:
    """(recorded hash, body) of a generated file; hash None if not ours."""
    lines = text.split("\n", 4)
    if len(lines) < 5 or MARKER not in lines[0] or not lines[3].startswith(HASH_PREFIX):
        return None, text
    return lines[3][len(HASH_PREFIX) :], lines[4]


def is_generated(text: str) -> bool:
    return split_header(text)[0] is not None


def hand_edited(text: str) -> bool:
    recorded, body = split_header(text)
    return recorded is not None and recorded != hashlib.sha256(body.encode("utf-8")).hexdigest()


# ---------------------------------------------------------------- caching

_CACHE: contextvars.ContextVar[Cache | None] = contextvars.ContextVar(
    "prosec_emit_cache", default=None
)


@contextlib.contextmanager
def caching(cache: Cache | None) -> Iterator[None]:
    """Within the block, package files are looked up in ``cache`` first."""
    token = _CACHE.set(cache)
    try:
        yield
    finally:
        _CACHE.reset(token)


def _cached(kind: str, parts: Sequence[str], make: Callable[[], str]) -> str:
    cache = _CACHE.get()
    return make() if cache is None else cache.text(kind, parts, make)


# ---------------------------------------------------------------- rendering


def render_module(view: ModuleView, source: str) -> str:
    code = environment().get_template("module.py.jinja").render(module=view)
    return with_header(source, format_code(code))


def render_init(
    modules: Sequence[tuple[str, str, str]], source: str
) -> str:
    """``modules``: (module, function, result class) per pattern, sorted."""
    return _cached(
        "init",
        [json.dumps([list(m) for m in modules]), source],
        lambda: _render_init(modules, source),
    )


def _render_init(modules: Sequence[tuple[str, str, str]], source: str) -> str:
    exports: list[str] = []
    for _, function, result_class in modules:
        exports.extend([function, f"{function}_async", result_class])
    exports.extend(RUNTIME_EXPORTS)
    code = environment().get_template("package_init.py.jinja").render(
        docstring=docstring(
            "Coordination patterns compiled by prosec.\n\n"
            "Each pattern is a function (and an ``_async`` variant) that takes its "
            "delegates and inputs as keyword arguments and returns a frozen result."
        ),
        modules=[
            {"module": m, "function": f, "result_class": r} for m, f, r in modules
        ],
        runtime=RUNTIME_EXPORTS,
        exports=sorted(exports),
    )
    return with_header(source, format_code(code))


#: Where the support module every package carries is kept, relative to the
#: templates folder; it is written into the package byte for byte.
RUNTIME_TEMPLATE = "_runtime.py"


def runtime_text() -> str:
    """The support module's text, already black-formatted (a test holds it
    to that), so that a build never formats it."""
    return template_text(RUNTIME_TEMPLATE)


def render_runtime(source: str) -> str:
    """The support module, copied verbatim: it is plain, tested Python."""
    return with_header(source, runtime_text())
