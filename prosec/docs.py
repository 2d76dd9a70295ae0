"""Pattern documentation → docstring text for the generated module, result
class and function (plain text; ``view.docstring`` escapes it)."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from .markdown import Document
from .sections import Declarations
from .signature import Param, ResultField


def _wrap(text: str, indent: str = "") -> list[str]:
    out: list[str] = []
    for para in text.split("\n\n"):
        para = " ".join(para.split())
        if para:
            out.extend(
                textwrap.wrap(para, width=76, initial_indent=indent, subsequent_indent=indent)
                or [indent]
            )
            out.append("")
    return out[:-1] if out else out


def module_doc(
    doc: Document, decls: Declarations, statuses: Sequence[tuple[str, str]]
) -> str:
    title = doc.title or doc.name or "pattern"
    lines = [*_wrap(f"{title}: {doc.summary}" if doc.summary else title), ""]
    if decls.description:
        lines += [*_wrap(decls.description), ""]
    if statuses:
        lines.append("Invariants:")
        for text, status in statuses:
            lines += _wrap(f"[{status}] {text}", "    ")
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def function_doc(
    doc: Document,
    decls: Declarations,
    params: Sequence[Param],
    fields: Sequence[ResultField],
    statuses: Sequence[tuple[str, str]],
) -> str:
    lines = [*_wrap(doc.summary or (doc.title or "Run the pattern.")), ""]
    if decls.description:
        lines += [*_wrap(decls.description), ""]
    lines.append("Args:")
    for param in params:
        default = f" Default: {param.fresh_default or param.default}." if param.default else ""
        text = param.doc.strip()
        if text and not text.endswith("."):
            text += "."
        lines += _wrap(f"{param.py}: {text}{default}".rstrip(), "    ")
    lines += _wrap(
        "judge: answers conditions that are not deterministic, as "
        "judge(condition, bindings) -> bool.",
        "    ",
    )
    lines += _wrap(
        "executor: where delegate calls are submitted (any "
        "concurrent.futures.Executor); by default they run in this process.",
        "    ",
    )
    lines += _wrap("max_concurrency: most parallel iterations at once.", "    ")
    lines += _wrap("timeout: seconds allowed for each delegate call.", "    ")
    lines += _wrap("tracer: called with a CallEvent after every delegate call.", "    ")
    lines += _wrap(
        "journal: records each delegate call and judge answer of the run "
        "run_id, and replays those it holds when the run is called again.",
        "    ",
    )
    lines += _wrap("run_id: the name of the run in the journal.", "    ")
    lines.append("")
    if fields:
        lines.append("Returns:")
        for f in fields:
            lines += _wrap(f"{f.py}: {f.doc}" if f.doc else f.py, "    ")
        lines.append("")
    if statuses:
        lines.append("Invariants:")
        for text, status in statuses:
            lines += _wrap(f"[{status}] {text}", "    ")
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def result_doc(doc: Document) -> str:
    name = doc.title or doc.name or "pattern"
    return f"What {name} returns."
