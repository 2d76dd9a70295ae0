"""Condition text → ``Cond`` node: the deterministic forms of language.md §5,
everything else to the judge.

A form is only taken when its subject is a name the pattern knows; "the
output looks complete" is a question for the judge, not a read of ``the``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Literal

from .diagnostics import Span
from .ir import (
    Attr,
    Compare,
    Cond,
    Criteria,
    Decides,
    Expr,
    Judge,
    Length,
    Literal_,
    Name,
    Not,
    Presence,
    Proceeds,
    Says,
)

_REF = r"[A-Za-z_][A-Za-z0-9_-]*(?:\.[A-Za-z_][A-Za-z0-9_-]*)*"
_NUM = r"-?[0-9]+(?:\.[0-9]+)?"
_NEG = r"(?P<neg>does\s+not\s+|doesn't\s+|do\s+not\s+|never\s+)?"

_PROCEEDS = re.compile(
    rf"^(?P<x>{_REF})\s+{_NEG}(?:explicitly\s+)?proceeds?$", re.IGNORECASE
)
_CRITERIA = re.compile(
    rf"^(?P<c>{_REF})\s+says\s+(?P<x>{_REF})\s+is\s+(?P<not>not\s+)?"
    r"(?P<what>a\s+failure|failed|acceptable|accepted)$",
    re.IGNORECASE,
)
_SAYS = re.compile(
    rf"^(?P<x>{_REF})\s+{_NEG}says?\s+[\"'`]?(?P<word>[A-Za-z][A-Za-z_-]*)[\"'`]?$",
    re.IGNORECASE,
)
_VERBS = ("accept", "approve", "certif", "reject")
_DECIDES = re.compile(
    rf"^(?P<x>{_REF})\s+{_NEG}(?P<verb>accept|approve|certif|reject)[a-z]*(?:\s+.*)?$",
    re.IGNORECASE | re.DOTALL,
)
# Each phrasing of a numeric comparison: the operator it tests and whether
# the test is negated ("is at most T" is "does not exceed T").
_COMPARISONS: dict[str, tuple[Literal[">=", ">"], bool]] = {
    "meets": (">=", False),
    "is at least": (">=", False),
    "is not below": (">=", False),
    "is not less than": (">=", False),
    "does not meet": (">=", True),
    "is not at least": (">=", True),
    "is below": (">=", True),
    "is less than": (">=", True),
    "exceeds": (">", False),
    "is greater than": (">", False),
    "is more than": (">", False),
    "does not exceed": (">", True),
    "is at most": (">", True),
    "is no more than": (">", True),
    "is not more than": (">", True),
    "is not greater than": (">", True),
}
_COMPARE = re.compile(
    rf"^(?P<x>{_REF})\s+(?P<op>"
    + "|".join(op.replace(" ", r"\s+") for op in sorted(_COMPARISONS, key=len, reverse=True))
    + rf")\s+(?P<t>{_REF}|{_NUM})$",
    re.IGNORECASE,
)
_PRESENCE = re.compile(
    rf"^(?P<x>{_REF})\s+is\s+(?P<not>not\s+)?(?P<what>present|absent|null|none|missing)$",
    re.IGNORECASE,
)
_NOT = re.compile(r"^not\s+(?P<rest>.+)$", re.IGNORECASE | re.DOTALL)

_VERB_WORD = {"accept": "accept", "approve": "approve", "certif": "certify", "reject": "reject"}


_OPERATORS = {">=": "is at least", ">": "exceeds", "<": "is below", "<=": "does not exceed"}
_OPERATOR_FORM = re.compile(
    rf"^(?P<x>{_REF})\s*(?P<op>>=|<=|==|!=|=|>|<)\s*(?P<t>{_REF}|{_NUM}|\"[^\"]*\")$"
)
# A comparison operator anywhere; arrows (`->`, `=>`, `<-`) are not one.
_OPERATOR_TOKEN = re.compile(r"(?<![-=<>!])(>=|<=|==|!=|=(?![=>])|<(?![-=])|(?<![-=])>)")


def operator_comparison(
    text: str, known: Callable[[str], bool] = lambda name: False
) -> tuple[str, str | None] | None:
    """For a condition written with a comparison operator (``score >= 3``),
    the operator and, where there is one, the same condition in the words
    ProseScript lowers (``score is at least 3``). None for a condition
    without operators. Quoted text does not count. ``known`` says which
    names the pattern knows: equality with one of them is no decision word."""
    clean = strip_markers(text)
    found = _OPERATOR_TOKEN.search(re.sub(r'"[^"]*"|`[^`]*`', "", clean))
    if found is None:
        return None
    m = _OPERATOR_FORM.match(clean)
    if m is None:
        return found.group(1), None
    op, subject, target = m["op"], m["x"], m["t"]
    if op in _OPERATORS:
        return op, f"{subject} {_OPERATORS[op]} {target}"
    word = target.strip('"')
    if re.fullmatch(r"[A-Za-z][A-Za-z_-]*", word) and (target.startswith('"') or not known(word)):
        # Equality with a word is a verdict's decision word.
        return op, f"{subject} {'does not say' if op == '!=' else 'says'} {word}"
    return op, None


def strip_markers(text: str) -> str:
    """Condition text without ``**``/``***`` emphasis and with runs of white
    space (a wrapped condition's line breaks) folded to one space."""
    inner = text.strip()
    for marker in ("***", "**"):
        if inner.startswith(marker) and inner.endswith(marker) and len(inner) > 2 * len(marker):
            inner = inner[len(marker) : -len(marker)]
            break
    return " ".join(inner.split())


def lower_condition(
    text: str,
    span: Span,
    known: Callable[[str], bool],
    is_config: Callable[[str], bool],
) -> Cond:
    """Lower condition ``text`` found at ``span``.

    ``known`` says whether a name is one the pattern declares or binds;
    ``is_config`` whether it is a config entry (for criteria predicates).
    """
    clean = strip_markers(text)
    cond = _lower(clean, span, known, is_config)
    return cond if cond is not None else Judge(text=clean, span=span)


def _lower(
    text: str, span: Span, known: Callable[[str], bool], is_config: Callable[[str], bool]
) -> Cond | None:
    if m := _NOT.match(text):
        inner = _lower(m["rest"], span, known, is_config)
        return Not(operand=inner, span=span) if inner is not None else None

    def ref(name: str) -> Expr | None:
        root = name.split(".")[0]
        return _ref(name, span) if known(root) else None

    if (m := _CRITERIA.match(text)) and is_config(m["c"].split(".")[0]):
        criteria, subject = ref(m["c"]), ref(m["x"])
        if criteria is not None and subject is not None:
            what = m["what"].lower()
            outcome: Literal["failure", "acceptable"] = (
                "failure" if what in ("a failure", "failed") else "acceptable"
            )
            cond: Cond = Criteria(
                criteria=criteria,
                subject=subject,
                subject_text=m["x"],
                outcome=outcome,
                span=span,
            )
            return Not(operand=cond, span=span) if m["not"] else cond
    if m := _PROCEEDS.match(text):
        subject = ref(m["x"])
        if subject is not None:
            cond = Proceeds(subject=subject, span=span)
            return Not(operand=cond, span=span) if m["neg"] else cond
    if m := _PRESENCE.match(text):
        subject = ref(m["x"])
        if subject is not None:
            present = m["what"].lower() == "present"
            if m["not"]:
                present = not present
            return Presence(subject=subject, present=present, span=span)
    if m := _COMPARE.match(text):
        subject = ref(m["x"])
        threshold = _threshold(m["t"], span, known)
        if subject is not None and threshold is not None:
            test, negated = _COMPARISONS[" ".join(m["op"].lower().split())]
            op: Cond = Compare(subject=subject, op=test, threshold=threshold, span=span)
            return Not(operand=op, span=span) if negated else op
    if m := _DECIDES.match(text):
        subject = ref(m["x"])
        if subject is not None:
            verb = _VERB_WORD[m["verb"].lower()]
            cond = Decides(subject=subject, verb=verb, span=span)
            return Not(operand=cond, span=span) if m["neg"] else cond
    if m := _SAYS.match(text):
        subject = ref(m["x"])
        if subject is not None:
            cond = Says(subject=subject, word=m["word"].lower(), span=span)
            return Not(operand=cond, span=span) if m["neg"] else cond
    return None


def form_names(text: str) -> list[str]:
    """The names a deterministic form would read (its subject, the criteria
    of ``C says X ...``, a threshold that is not a number), for a condition
    that took no form because one of them is unknown (``decison says
    abort``, ``score exceeds treshold``)."""
    clean = strip_markers(text)
    if m := _NOT.match(clean):
        clean = m["rest"]
    for pattern in (_CRITERIA, _PROCEEDS, _PRESENCE, _COMPARE, _DECIDES, _SAYS):
        if m := pattern.match(clean):
            names = [m["x"].split(".")[0]]
            if pattern is _CRITERIA:
                names.insert(0, m["c"].split(".")[0])
            if pattern is _COMPARE and not re.fullmatch(_NUM, m["t"]):
                names.append(m["t"].split(".")[0])
            return names
    return []


def _threshold(text: str, span: Span, known: Callable[[str], bool]) -> Expr | None:
    if re.fullmatch(_NUM, text):
        value: int | float = float(text) if "." in text else int(text)
        return Literal_(value=value, span=span)
    if known(text.split(".")[0]):
        return _ref(text, span)
    return None


def _ref(text: str, span: Span) -> Expr:
    parts = text.split(".")
    expr: Expr = Name(name=parts[0], span=span)
    for part in parts[1:]:
        expr = Length(base=expr, span=span) if part == "length" else Attr(base=expr, key=part, span=span)
    return expr


def describe(cond: Cond) -> str:
    """How a condition was lowered, in words, for the build report."""
    match cond:
        case Proceeds():
            return "verdict: proceed is exactly true"
        case Says(word=word):
            return f"verdict: decision word is {word!r}"
        case Decides(verb=verb):
            return f"verdict: decision is {verb!r} or field {verb!r} is true"
        case Compare(op=op):
            return f"numeric {op}"
        case Presence(present=present):
            return "is not null" if present else "is null"
        case Criteria(outcome=outcome):
            return f"config predicate: is {outcome} (callable, None, or text for the judge)"
        case Not(operand=operand):
            return f"not ({describe(operand)})"
        case Judge():
            return "judge (caller-supplied)"
