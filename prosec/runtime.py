"""Run-time support for the packages that prosec generates.

prosec copies this module byte for byte, behind a header, into every generated
package as ``_runtime.py``; the pattern modules import it as ``from . import
_runtime as _rt``. It holds what lowered ProseScript needs while it runs:

* reading a delegate's output as a *verdict*, fail-safe (language.md, section
  5): what cannot be read never approves anything;
* the value operations behind property reads, loops, ``append`` and string
  interpolation, which never mutate a caller's object;
* :class:`Run`, one per pattern call: it calls delegates (timeouts, retries,
  tracing), asks the judge, and runs parallel regions.

It imports only the standard library and does nothing at import time but
define names. ``__all__`` is its contract with the compiler: the names
generated code may use (``EXPORTS`` and ``ANNOTATIONS`` say which of them a
package re-exports and a pattern module imports).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextvars
import copy
import dataclasses
import functools
import hashlib
import inspect
import itertools
import json
import math
import numbers
import os
import pickle
import re
import reprlib
import string
import threading
import time
from collections.abc import (
    Awaitable,
    Callable,
    Iterable,
    Iterator,
    Mapping,
    Sequence,
    Sized,
)
from types import MappingProxyType, MemberDescriptorType
from typing import Any, NamedTuple, Protocol, Self, TypeAlias

#: What a generated package's ``__init__`` re-exports beside its patterns, so
#: that callers annotate their delegates and catch errors without reaching into
#: ``_runtime``: the delegate, judge and tracer types, the event a tracer sees,
#: a caught failure, and every error a pattern call raises.
EXPORTS = (
    "AwaitingInput",
    "CallEvent",
    "ChoiceError",
    "Delegate",
    "DelegateError",
    "Entry",
    "Failure",
    "Journal",
    "JournalError",
    "Judge",
    "JudgeError",
    "PatternError",
    "Predicate",
    "ReplayedError",
    "RunPaused",
    "SqliteJournal",
    "ThrownError",
    "Tracer",
    "ValueProblem",
)

#: The types a pattern module imports by name, for its signatures and fields.
ANNOTATIONS = ("Delegate", "Failure", "Journal", "Judge", "Predicate", "Tracer")

#: Everything generated code may use: the two lists above, and what pattern
#: modules reach as ``_rt.NAME``. The code generator emits nothing else (a
#: test holds it to that) and the docs name the exports from here.
__all__ = [
    "ANNOTATIONS",
    "CATCHABLE",
    "EXPORTS",
    "PLAIN",
    "STOP",
    "AwaitingInput",
    "CallEvent",
    "ChoiceError",
    "Delegate",
    "DelegateError",
    "Entry",
    "Failure",
    "FieldSet",
    "Journal",
    "JournalError",
    "Judge",
    "JudgeError",
    "PatternError",
    "Predicate",
    "ReplayedError",
    "Run",
    "RunPaused",
    "SqliteJournal",
    "ThrownError",
    "Tracer",
    "ValueProblem",
    "append",
    "at_least",
    "count",
    "decides",
    "each",
    "each_numbered",
    "exceeds",
    "expect_sequence",
    "failed",
    "failure",
    "field_setter",
    "get",
    "index",
    "is_absent",
    "is_present",
    "items",
    "length",
    "new_instance",
    "owned",
    "proceeds",
    "put",
    "reason",
    "refuse_awaitable",
    "rounds",
    "says",
    "text",
    "without_fields",
]

#: Base wait, in seconds, between retries of a call with ``backoff: linear`` or
#: ``backoff: exponential``. Read at each retry, so tests may patch it.
BACKOFF_SECONDS = 0.5


# ---------------------------------------------------------------------------
# Events, failures and errors
# ---------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class CallEvent:
    """One attempt of one delegate call, as a tracer sees it.

    ``attempt`` counts from 1; ``duration`` is in seconds. Exactly one of
    ``result`` (on success) and ``error`` (on failure) is meaningful. With a
    journal, ``key`` is the attempt's place in the run (see :class:`Entry`)
    and ``replayed`` says that its outcome came from the journal rather than
    from calling the delegate (``duration`` is then 0).
    """

    pattern: str
    slot: str
    line: int
    inputs: Mapping[str, Any]
    result: Any
    error: BaseException | None
    duration: float
    attempt: int
    replayed: bool = False
    key: str | None = None


#: A slot: any callable, called with the call's properties as keyword arguments.
Delegate: TypeAlias = Callable[..., Any]
#: ``judge(condition, bindings)``: a bool, or an awaitable of one in ``_async``.
Judge: TypeAlias = Callable[[str, Mapping[str, Any]], Any]
#: Sees every attempt of every delegate call.
Tracer: TypeAlias = Callable[[CallEvent], None]
#: A config criteria callable: ``failure_criteria(value) -> bool``.
Predicate: TypeAlias = Callable[[Any], Any]


@dataclasses.dataclass(frozen=True)
class Failure:
    """A caught failure as a plain value: what ``catch as e`` binds.

    It keeps the failure's type name and message (and, for a delegate, the
    slot and line) but no exception or traceback, so it is safe to return.
    """

    type: str
    message: str
    slot: str | None = None
    line: int | None = None

    def __str__(self) -> str:
        return f"{self.type}: {self.message}" if self.message else self.type

    def to_dict(self) -> dict[str, Any]:
        """The failure as a JSON-ready mapping."""
        return dataclasses.asdict(self)


class PatternError(Exception):
    """A pattern call failed. ``pattern`` names it; ``line`` is the source line.

    Subclasses keep their constructor arguments in ``args`` so that pickling
    (a pattern that runs inside a process pool) rebuilds them.
    """

    def __init__(self, pattern: str, line: int | None, message: str) -> None:
        super().__init__(pattern, line, message)
        self.pattern = pattern
        self.line = line
        self.message = message

    def __str__(self) -> str:
        return self.message


class DelegateError(PatternError):
    """A delegate raised (or timed out). ``original`` is its exception.

    It is always raised ``from`` the original, which is also ``__cause__``.
    """

    def __init__(
        self,
        pattern: str,
        slot: str,
        line: int | None,
        original: BaseException,
        attempts: int = 1,
    ) -> None:
        tries = f" after {attempts} attempts" if attempts > 1 else ""
        super().__init__(
            pattern,
            line,
            f"pattern {pattern!r}: delegate {slot!r} failed{_where(line)}{tries}: "
            f"{_describe(original)}",
        )
        self.args = (pattern, slot, line, original, attempts)
        self.slot = slot
        self.original = original
        self.attempts = attempts


class ThrownError(PatternError):
    """Raised by ProseScript ``throw expr``; ``value`` is the thrown value."""

    def __init__(self, pattern: str, line: int | None, value: Any) -> None:
        super().__init__(
            pattern,
            line,
            f"pattern {pattern!r}: throw{_where(line)}: {_preview(value)}",
        )
        self.args = (pattern, line, value)
        self.value = value


class JudgeError(PatternError):
    """A condition needed the judge, and there was none or it misbehaved."""

    def __init__(
        self,
        pattern: str,
        line: int | None,
        condition: str,
        problem: str | None = None,
    ) -> None:
        problem = problem or "it needs a judge and none was given"
        super().__init__(
            pattern,
            line,
            f"pattern {pattern!r}: cannot decide the condition {condition!r}"
            f"{_where(line)}: {problem}; pass judge=, a callable "
            "(condition, bindings) that returns True or False",
        )
        self.args = (pattern, line, condition, problem)
        self.condition = condition


class ChoiceError(PatternError):
    """The judge approved none of a ``choice``'s options."""

    def __init__(self, pattern: str, line: int | None, criteria: str) -> None:
        super().__init__(
            pattern,
            line,
            f"pattern {pattern!r}: the judge approved no option of the choice "
            f"{criteria!r}{_where(line)}",
        )
        self.args = (pattern, line, criteria)
        self.criteria = criteria


class ValueProblem(PatternError):
    """A value had the wrong kind at run time (a bad count, a non-list loop)."""

    def __init__(self, pattern: str, line: int | None, message: str) -> None:
        super().__init__(pattern, line, f"pattern {pattern!r}{_where(line)}: {message}")
        self.args = (pattern, line, message)


class JournalError(PatternError):
    """A journal cannot serve the run: a call diverged from its record, a run
    id belongs to another pattern, a value cannot be recorded, or a delegate
    asked to wait without a journal."""

    def __init__(self, pattern: str, line: int | None, problem: str) -> None:
        super().__init__(pattern, line, f"pattern {pattern!r}{_where(line)}: {problem}")
        self.args = (pattern, line, problem)
        self.problem = problem


class AwaitingInput(Exception):
    """Raised by a delegate that needs an answer from outside the program
    (a person's approval, a review): ``key`` names what is awaited,
    ``question`` says it for the person.

    With a journal, the run stops with :class:`RunPaused`; once the answer is
    given (``journal.answer(run_id, key, value)``), calling the pattern again
    with the same ``run_id`` takes ``value`` as the delegate's result.
    """

    def __init__(self, key: str, question: str = "") -> None:
        super().__init__(key, question)
        self.key = key
        self.question = question

    def __str__(self) -> str:
        return f"awaiting {self.key!r}" + (
            f": {self.question}" if self.question else ""
        )


class RunPaused(PatternError):
    """A journaled run stopped because a delegate (or the judge) awaits an
    answer: ``run_id``, the awaited ``key`` and its ``question``, and the
    ``slot`` and ``line`` that asked. Never caught by a pattern's
    ``try/catch``; give the answer and call the pattern again to resume."""

    def __init__(
        self,
        pattern: str,
        run_id: str,
        key: str,
        question: str,
        slot: str,
        line: int | None,
    ) -> None:
        asked = f": {_printable(question)}" if question else ""
        super().__init__(
            pattern,
            line,
            f"pattern {pattern!r}: run {run_id!r} is waiting for {key!r} "
            f"(asked by {slot!r}{_where(line)}){asked}; give the answer with "
            f"journal.answer({run_id!r}, {key!r}, value) and call the pattern "
            f"again with run_id={run_id!r}",
        )
        self.args = (pattern, run_id, key, question, slot, line)
        self.run_id = run_id
        self.key = key
        self.question = question
        self.slot = slot


class ReplayedError(Exception):
    """A delegate failure replayed from a journal in place of the original
    exception, which is not kept: its type name and message. A ``catch``
    binds the same :class:`Failure` as it did live."""

    def __init__(self, type_name: str, message: str) -> None:
        super().__init__(type_name, message)
        self.type_name = type_name
        self.message = message

    def __str__(self) -> str:
        return self.message


#: What a ProseScript ``try/catch`` catches: delegate failures and ``throw``.
CATCHABLE: tuple[type[BaseException], ...] = (DelegateError, ThrownError)


def failed(pattern: str, slot: str, line: int | None, exc: Exception) -> PatternError:
    """The error a delegate's exception ``exc`` becomes: a
    :class:`DelegateError`, except for :class:`AwaitingInput` outside a
    journaled run, which only a journal can wait for."""
    if isinstance(exc, AwaitingInput):
        return _unjournaled_wait(pattern, slot, line, exc)
    return DelegateError(pattern, slot, line, exc)


def _unjournaled_wait(
    pattern: str, slot: str, line: int | None, wait: AwaitingInput
) -> JournalError:
    return JournalError(
        pattern,
        line,
        f"{slot!r} is awaiting {wait.key!r} ({_printable(wait.question)}), and a "
        "run can wait for an answer only with a journal: pass journal= (such as "
        "SqliteJournal(path)) and run_id=",
    )


def failure(exc: BaseException) -> Failure:
    """The :class:`Failure` value that ``catch as e`` binds for ``exc``."""
    if isinstance(exc, DelegateError):
        original = exc.original
        return Failure(_type_name(original), _message_of(original), exc.slot, exc.line)
    if isinstance(exc, ThrownError):
        return Failure("ThrownError", text(exc.value), None, exc.line)
    line = exc.line if isinstance(exc, PatternError) else None
    return Failure(type(exc).__name__, _message_of(exc), None, line)


def _type_name(exc: BaseException) -> str:
    """The name of ``exc``'s type; a replayed failure's original type."""
    return exc.type_name if isinstance(exc, ReplayedError) else type(exc).__name__


def _where(line: int | None) -> str:
    return "" if line is None else f" at line {line}"


def _message_of(exc: BaseException) -> str:
    # An exception's __str__ is foreign code; a broken one must not hide the
    # failure it describes.
    try:
        return str(exc)
    except Exception:  # noqa: BLE001 - str() of an exception runs its code
        return ""


def _describe(exc: BaseException) -> str:
    message = _printable(_message_of(exc))
    return f"{_type_name(exc)}: {message}" if message else _type_name(exc)


def _printable(text: str, limit: int = 200) -> str:
    """``text`` clipped to ``limit`` characters, non-printables escaped.

    Messages end up in terminals and logs; a value must never smuggle a
    control sequence into them.
    """
    shown = "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text[:limit])
    return shown + ("..." if len(text) > limit else "")


def _preview(value: Any, limit: int = 60) -> str:
    """The start of ``value`` quoted with ``repr``: safe to put in a message."""
    if isinstance(value, str):
        return repr(value[:limit]) + ("..." if len(value) > limit else "")
    try:
        shown = reprlib.repr(value)
    except Exception:  # noqa: BLE001 - repr() runs the value's code
        shown = f"<{type(value).__name__}>"
    return _printable(shown, limit)


# ---------------------------------------------------------------------------
# Words
# ---------------------------------------------------------------------------

_EDGE_CHARACTERS = string.whitespace + string.punctuation + "\u2018\u2019\u201c\u201d"
# Suffixes in the order they are tried (longest first), with what replaces
# them. "d" ("approve" + "d") needs no rule: "approved" loses "ed" and
# "approve" its final "e", so both reach "approv".
_SUFFIXES = (("ies", "y"), ("ied", "y"), ("ing", ""), ("es", ""), ("ed", ""), ("s", ""))
# Stems shorter than this are too short to mean anything ("is" is not "i").
_MIN_STEM = 3


def normalize_word(word: str) -> str:
    """``word`` lowercased, without surrounding whitespace and punctuation.

    Inner runs of whitespace become one space, so a short phrase such as
    ``"Not  approved"`` normalizes to ``"not approved"``.
    """
    return " ".join(word.strip(_EDGE_CHARACTERS).lower().split())


def same_word(left: str, right: str) -> bool:
    """Whether two words are forms of one word (``accepted`` is ``accept``).

    Words are compared by stem; a phrase is compared word by word, so
    ``"not approved"`` is never ``"approve"``.
    """
    stem_left = _stem_phrase(left)
    return bool(stem_left) and stem_left == _stem_phrase(right)


def _stem_phrase(phrase: str) -> str:
    # Decision words repeat ("continue", "abort"); long text is not kept.
    return _stem_short(phrase) if len(phrase) <= 64 else _stem_phrase_now(phrase)


@functools.lru_cache(maxsize=1024)
def _stem_short(phrase: str) -> str:
    return _stem_phrase_now(phrase)


def _stem_phrase_now(phrase: str) -> str:
    return " ".join(_stem(word) for word in normalize_word(phrase).split())


def _stem(word: str) -> str:
    """A light stemmer for English verb forms: s, es, ed, ing, ied/ies -> y."""
    stem = _strip_suffix(word)
    # "approve" and "approv(ed)" meet at "approv"; "agree" keeps its "ee".
    if len(stem) > _MIN_STEM and stem.endswith("e") and not stem.endswith("ee"):
        stem = stem[:-1]
    # "stopped" -> "stopp" -> "stop"; l, s and z double in base forms too
    # ("fill", "pass", "buzz"), so they are left alone.
    if len(stem) > _MIN_STEM and stem[-1] == stem[-2] and stem[-1] not in "aeioulsz":
        stem = stem[:-1]
    return stem


def _strip_suffix(word: str) -> str:
    for suffix, replacement in _SUFFIXES:
        if not word.endswith(suffix):
            continue
        base = word[: -len(suffix)] + replacement
        # "proceed", "need": an "ed" after an "e" belongs to the word; "pass":
        # a final "s" after another is not a plural.
        if suffix == "ed" and base.endswith("e"):
            continue
        if suffix == "s" and base.endswith("s"):
            continue
        if len(base) >= _MIN_STEM:
            return base
    return word


# ---------------------------------------------------------------------------
# Verdicts
# ---------------------------------------------------------------------------

# Fields that carry the decision word, in order of preference.
_DECISION_KEYS = ("decision", "verdict", "action", "status")
# Text beyond this is not scanned for JSON: a verdict sits near the start, and
# a bound keeps a pathological output from stalling the pattern.
_SCAN_LIMIT = 1_000_000
# Each decode attempt is linear at worst, so bounding their number bounds the
# work on text full of braces.
_MAX_DECODE_ATTEMPTS = 256
_MAX_FENCES = 16
# A Markdown code fence: its info string and its body (to the closing fence or
# the end of the text). The bounded repeats keep unmatched fences cheap.
_FENCE = re.compile(
    r"```[ \t]{0,16}([\w+-]{0,32})[^\n`]{0,200}\n(.*?)(?:```|\Z)", re.DOTALL
)
# A bare verdict: one or two words ("abort", "not approved").
_BARE_WORDS = re.compile(r"[^\W\d_][\w'-]*(?: [^\W\d_][\w'-]*)?")
_BARE_LIMIT = 80


class Verdict(NamedTuple):
    """A delegate's output read as a verdict (language.md, section 5).

    ``decision`` is the normalized decision word, ``flags`` the boolean fields,
    ``fields`` every field read, ``raw`` the original value. ``parsed`` is
    False for output that could not be read; then ``reason`` says so. (A
    named tuple: a frozen dataclass's constructor costs as much as reading
    a short verdict.)
    """

    decision: str | None
    flags: Mapping[str, bool]
    reason: str | None
    fields: Mapping[str, Any]
    parsed: bool
    raw: Any


def read_verdict(value: Any) -> Verdict:
    """Read ``value`` as a verdict. Never raises.

    Accepts a mapping, an object with public attributes (a dataclass, a model
    object), a JSON text, a JSON object inside prose or inside a code fence,
    or a bare word or two (``"Approved."``). Anything else is an unparseable
    verdict: no decision, no flags, and a ``reason`` saying it could not be
    parsed.
    """
    if isinstance(value, Verdict):
        return value
    try:
        return _read_verdict(value)
    except Exception:  # noqa: BLE001 - the value's own code may raise anything
        # Reading a mapping or an object runs the caller's code (__iter__,
        # properties); whatever goes wrong there, the value is just unreadable.
        return _unparseable(value)


def _read_verdict(value: Any) -> Verdict:
    if isinstance(value, str):
        if len(value) <= _MEMO_LIMIT:
            return _verdict_from_short_text(value)
        return _verdict_from_text(value)
    if isinstance(value, Mapping):
        fields = {key: item for key, item in value.items() if isinstance(key, str)}
        return _verdict_from_fields(fields, value)
    attributes = _public_attributes(value)
    if attributes is None:
        return _unparseable(value)
    return _verdict_from_fields(attributes, value)


# A pattern reads the same output several times (`decision says abort`,
# `decision says adjust`, `decision.adjusted_brief`): short texts are parsed
# once. Field values handed out by `get` are copies, so the memo is never
# changed through them.
_MEMO_LIMIT = 4096


@functools.lru_cache(maxsize=256)
def _verdict_from_short_text(raw: str) -> Verdict:
    return _verdict_from_text(raw)


def _verdict_from_text(raw: str) -> Verdict:
    head = raw[:_SCAN_LIMIT]
    found = _find_json_object(head)
    if found is not None:
        return _verdict_from_fields(found, raw)
    word = _bare_word(head)
    if word is not None:
        return Verdict(
            word, MappingProxyType({}), None, MappingProxyType({}), True, raw
        )
    return _unparseable(raw)


def _verdict_from_fields(fields: dict[str, Any], raw: Any) -> Verdict:
    flags = {key: item for key, item in fields.items() if isinstance(item, bool)}
    given = fields.get("reason")
    reason = given if isinstance(given, str) else None
    decision = _decision_word(fields)
    # positional: a named tuple's keyword constructor costs twice as much
    return Verdict(
        decision, MappingProxyType(flags), reason, MappingProxyType(fields), True, raw
    )


def _decision_word(fields: Mapping[str, Any]) -> str | None:
    # The first decision field that holds a value decides. If that value is
    # not text, there is no decision: a later, looser field ("status") must
    # not stand in for a malformed "decision".
    for key in _DECISION_KEYS:
        word = fields.get(key)
        if word is not None:
            return (normalize_word(word) or None) if isinstance(word, str) else None
    return None


def _unparseable(raw: Any) -> Verdict:
    reason = f"The output could not be parsed as a verdict: {_preview(raw)}"
    return Verdict(None, MappingProxyType({}), reason, MappingProxyType({}), False, raw)


# Built once: a decoder holds no state between calls, and building one costs
# as much as decoding a short verdict.
_DECODER = json.JSONDecoder()


def _find_json_object(text: str) -> dict[str, Any] | None:
    """The first JSON object in ``text``: fenced blocks first, then anywhere."""
    decoder = _DECODER
    attempts = 0
    for region in _json_regions(text):
        position = region.find("{")
        while position != -1 and attempts < _MAX_DECODE_ATTEMPTS:
            attempts += 1
            try:
                found, _end = decoder.raw_decode(region, position)
            except json.JSONDecodeError as error:
                # Braces in the part that did decode belong to this broken
                # object: the nested {"proceed": true} of a truncated verdict
                # must not pass for the verdict.
                position = region.find("{", max(error.pos, position + 1))
                continue
            except (ValueError, RecursionError):
                break  # no position to resume from: give up on this region
            if isinstance(found, dict):
                return found
            position = region.find("{", position + 1)
    return None


def _json_regions(text: str) -> Iterator[str]:
    """Where to look for a JSON object, in order of preference."""
    if "```" in text:
        fences = list(itertools.islice(_FENCE.finditer(text), _MAX_FENCES))
        if len(fences) > 1:
            # Blocks tagged json are the likeliest verdicts; untagged ones come next.
            fences.sort(key=lambda fence: fence.group(1).lower() != "json")
        for fence in fences:
            yield fence.group(2)
    yield text


def _bare_word(text: str) -> str | None:
    if len(text) > _BARE_LIMIT:
        return None
    phrase = normalize_word(text)
    return phrase if _BARE_WORDS.fullmatch(phrase) else None


def _public_attributes(value: Any) -> dict[str, Any] | None:
    """The public attributes of an object, or None if it has none to read."""
    if _is_dataclass_instance(value):
        return {
            field.name: getattr(value, field.name)
            for field in dataclasses.fields(value)
            if not field.name.startswith("_")
        }
    if isinstance(value, type) or inspect.ismodule(value) or inspect.isroutine(value):
        return None
    try:
        attributes = vars(value)
    except TypeError:
        return None
    return {
        key: item
        for key, item in attributes.items()
        if isinstance(key, str) and not key.startswith("_")
    }


def _is_dataclass_instance(value: Any) -> bool:
    return dataclasses.is_dataclass(value) and not isinstance(value, type)


def proceeds(value: Any) -> bool:
    """``X explicitly proceeds``: the verdict's ``proceed`` field is exactly true.

    The text ``"true"``, the number 1 and a missing field do not count.
    """
    if type(value) is dict:  # the common case, without building a Verdict
        return value.get("proceed") is True
    return read_verdict(value).flags.get("proceed") is True


def says(value: Any, word: str) -> bool:
    """``X says WORD``: the verdict's decision word is ``word`` (any form)."""
    if type(value) is dict:  # the common case, without building a Verdict
        found = value.get("decision")
        if found is None:
            found = _decision_field(value)
    else:
        found = read_verdict(value).decision
    if not isinstance(found, str):  # a decision that is not text decides nothing
        return False
    said = _SAID.get((found, word))
    return _says_word(found, word) if said is None else said


def _decision_field(fields: Mapping[str, Any]) -> Any:
    for key in _DECISION_KEYS:
        found = fields.get(key)
        if found is not None:
            return found
    return None


# A pattern compares the same few decision words with the same words on
# every cycle ("abort", then "adjust"): each pair is compared once.
_SAID: dict[tuple[str, str], bool] = {}
_SAID_LIMIT = 4096


def _says_word(decision: str, word: str) -> bool:
    """``same_word(decision, word)``, remembered for short decisions."""
    pair = (decision, word)
    said = _SAID.get(pair)
    if said is None:
        said = same_word(decision, word)
        if len(decision) <= 64 and len(_SAID) < _SAID_LIMIT:
            _SAID[pair] = said
    return said


def decides(value: Any, verb: str) -> bool:
    """``X accepts``/``approves``/``certifies``/``rejects``: fail-safe.

    True when the decision word is ``verb`` or a boolean field named by a
    form of it (``accepted``, ``approve``) is exactly true, and no such field
    is false: contradicting fields cannot clearly approve.
    """
    verdict = read_verdict(value)
    votes = [flag for name, flag in verdict.flags.items() if same_word(name, verb)]
    if False in votes:
        return False
    decided = verdict.decision is not None and same_word(verdict.decision, verb)
    return decided or True in votes


def at_least(value: Any, threshold: Any) -> bool:
    """``X meets T`` / ``X is at least T``; False unless both are numbers."""
    left, right = _number(value), _number(threshold)
    return left is not None and right is not None and left >= right


def exceeds(value: Any, threshold: Any) -> bool:
    """``X exceeds T``; False unless both are numbers."""
    left, right = _number(value), _number(threshold)
    return left is not None and right is not None and left > right


_DECIMAL = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)")


def _number(value: Any) -> int | float | None:
    """``value`` as a number: a real (never a bool) or a decimal text; not NaN."""
    if isinstance(value, bool):
        return None
    if isinstance(value, numbers.Integral):
        return int(value)
    if isinstance(value, numbers.Real):
        number = float(value)
    elif isinstance(value, str) and len(value) <= 100:
        written = value.strip()
        if not _DECIMAL.fullmatch(written):
            return None
        if "." not in written:
            return int(written)
        number = float(written)
    else:
        return None
    return None if math.isnan(number) else number


def is_present(value: Any) -> bool:
    """``X is present``."""
    return value is not None


def is_absent(value: Any) -> bool:
    """``X is absent`` / ``X is null``."""
    return value is None


def reason(value: Any) -> str:
    """``X.reason`` where the pattern reads ``X`` as a verdict: never empty.

    The verdict's own reason when it gave one that is not blank; otherwise a
    sentence saying what was wrong with the output, quoting its start, so
    that a pattern that blocks on it always says why.
    """
    if value is None:
        return "The output was empty (None): it gave no verdict and no reason."
    verdict = read_verdict(value)
    if not verdict.parsed:
        unread = f"The output could not be read as a verdict: {_preview(value)}"
        return verdict.reason or unread
    given = verdict.fields.get("reason")
    if isinstance(given, str) and given.strip():
        return given
    if isinstance(given, str):
        problem = "The verdict's reason is blank"
    elif given is not None:
        problem = f"The verdict's reason is not text but {_kind(given)}"
    else:
        problem = "The verdict gave no reason"
    # Flags written as text ("true") are the likeliest slip: say so.
    texts = [
        f"its {_printable(key, 40)!r} is the text {item!r}, not {item.strip().lower()}"
        for key, item in verdict.fields.items()
        if isinstance(item, str) and item.strip().lower() in ("true", "false")
    ]
    return "; ".join([problem, *texts]) + f": {_preview(value)}"


# ---------------------------------------------------------------------------
# Values
# ---------------------------------------------------------------------------

# Values without readable properties: ``xs.count`` on a list is not data.
_PROPERTYLESS = (bool, int, float, complex, bytes, bytearray, list, set, frozenset)
_FAILURE_FIELDS = frozenset(field.name for field in dataclasses.fields(Failure))


def get(value: Any, key: str) -> Any:
    """``value.key``: a key of a mapping, a field of a verdict, an attribute.

    A text is read as a verdict first, so ``decision.reason`` works on JSON
    output (and, for output that is no verdict, gives the reason it is not).
    Anything missing is None; private names (``_x``) are never read.
    """
    if value is None:
        return None
    if isinstance(value, Verdict):
        return _verdict_field(value, key)
    if isinstance(value, Mapping):
        return value.get(key)
    if isinstance(value, str):
        found = _verdict_field(read_verdict(value), key)
        return copy.deepcopy(found) if isinstance(found, dict | list) else found
    if isinstance(value, Failure):
        return getattr(value, key) if key in _FAILURE_FIELDS else None
    if isinstance(value, tuple):
        # A named tuple has fields; a plain one has only methods.
        return getattr(value, key) if key in getattr(value, "_fields", ()) else None
    if key.startswith("_") or isinstance(value, _PROPERTYLESS):
        return None
    return getattr(value, key, None)


def _verdict_field(verdict: Verdict, key: str) -> Any:
    if key in verdict.fields:
        return verdict.fields[key]
    return verdict.reason if key == "reason" else None


def index(value: Any, i: Any) -> Any:
    """``value[i]``: an item of a list, a key of a mapping; None when missing.

    Negative positions are None rather than counting from the end, which
    ProseScript does not do.
    """
    if isinstance(value, (list, tuple)):
        position = None if isinstance(i, str) else _whole_number(i)
        if position is None or not 0 <= position < len(value):
            return None
        return value[position]
    if isinstance(value, Mapping):
        try:
            return value.get(i)
        except TypeError:  # an unhashable key is simply not there
            return None
    return None


def length(value: Any) -> int | None:
    """``value.length``: the length of a text, list or mapping; else None."""
    if value is None or not isinstance(value, Sized):
        return None
    try:
        return len(value)
    except Exception:  # noqa: BLE001 - len() runs the value's code
        return None


def text(value: Any) -> str:
    """``value`` as it appears inside ``"...{value}..."``.

    Mappings and lists become JSON (what a language model reads best);
    ``null``/``true``/``false`` are spelled the ProseScript way.
    """
    if isinstance(value, str):
        return value
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Verdict):
        return text(value.raw)
    if isinstance(value, (Mapping, list, tuple)):
        try:
            return json.dumps(owned(value), ensure_ascii=False, default=str)
        except (TypeError, ValueError, RecursionError):
            return str(value)  # keys JSON cannot hold, or a structure too deep
    return str(value)


def owned(value: Any) -> Any:
    """A copy the pattern owns: lists, tuples and mappings copied all the way down.

    Lists and tuples become lists, mappings become dicts; every other value is
    shared. A structure that contains itself is copied with the same shape.
    """
    return _owned(value, {})


def _owned(value: Any, copies: dict[int, Any]) -> Any:
    if not isinstance(value, (list, tuple, Mapping)):
        return value
    if id(value) in copies:
        return copies[id(value)]
    if isinstance(value, Mapping):
        mapping: dict[Any, Any] = {}
        copies[id(value)] = mapping
        mapping.update((key, _owned(item, copies)) for key, item in value.items())
        return mapping
    sequence: list[Any] = []
    copies[id(value)] = sequence
    sequence.extend(_owned(item, copies) for item in value)
    return sequence


def append(target: Any, value: Any, pattern: str, line: int) -> None:
    """``append value to target`` / ``record value in target``."""
    if not isinstance(target, list):
        raise ValueProblem(
            pattern,
            line,
            f"cannot append to {_kind(target)} {_preview(target)}: it is not a list",
        )
    target.append(value)


def put(target: Any, key: Any, value: Any, pattern: str, line: int) -> None:
    """``target.key = value`` / ``target[key] = value`` on a pattern-owned
    mapping or list (the compiler copies the root before it is changed)."""
    if isinstance(target, dict):
        target[key] = value
        return
    if isinstance(target, list) and isinstance(key, int) and not isinstance(key, bool):
        if -len(target) <= key < len(target):
            target[key] = value
            return
        raise ValueProblem(pattern, line, f"index {key} is out of range")
    raise ValueProblem(
        pattern,
        line,
        f"cannot set {_preview(key)} on {_kind(target)} {_preview(target)}",
    )


class _Stop:
    """The value of an iteration that ran ``break``: the loop stops there."""

    def __repr__(self) -> str:
        return "STOP"


STOP = _Stop()
"""Returned by a collected iteration that ran ``break``."""


def each(
    function: Callable[[Any], Any], items: Iterable[Any]
) -> list[Callable[[], Any]]:
    """The iterations of a parallel loop, for :meth:`Run.parallel`: one
    call of ``function`` per item, not yet made."""
    return [functools.partial(function, item) for item in items]


def each_numbered(
    function: Callable[[int, Any], Any], items: Iterable[Any], start: int = 0
) -> list[Callable[[], Any]]:
    """:func:`each` for a loop that numbers its items: ``function(number,
    item)``, counting from ``start``."""
    return [
        functools.partial(function, number, item)
        for number, item in enumerate(items, start)
    ]


def count(n: Any, pattern: str, line: int) -> range:
    """The counters ``1..n`` of ``repeat n``; ``n`` must be a whole number >= 0."""
    return _counters(n, 0, pattern, line, "a non-negative whole number of repetitions")


def rounds(n: Any, pattern: str, line: int) -> range:
    """The counters ``1..n`` of a ``loop until`` or a plain ``loop``
    ``(max: n)``, whose block runs at least once: ``n`` must be a whole
    number >= 1."""
    return _counters(
        n,
        1,
        pattern,
        line,
        "a whole number of at least 1 for the loop's `max:` (its block runs at "
        "least once)",
    )


def _counters(n: Any, least: int, pattern: str, line: int, expected: str) -> range:
    number = _whole_number(n)
    if number is None or number < least:
        raise ValueProblem(
            pattern, line, f"expected {expected}, got {_kind(n)} {_preview(n)}"
        )
    return range(1, number + 1)


_WHOLE = re.compile(r"[+-]?\d{1,18}")


def _whole_number(value: Any) -> int | None:
    """``value`` as an int: an integer, an integral float, or integer text."""
    if type(value) is int:
        return value
    if isinstance(value, bool):
        return None
    if isinstance(value, numbers.Integral):
        return int(value)
    if isinstance(value, float):
        return int(value) if value.is_integer() else None
    if isinstance(value, str) and _WHOLE.fullmatch(value.strip()):
        return int(value)
    return None


def items(xs: Any, pattern: str, line: int) -> list[Any]:
    """The elements a ``for`` loop visits, as a new list (input order kept)."""
    if xs is None or isinstance(xs, (str, bytes, bytearray, Mapping)):
        raise ValueProblem(
            pattern, line, f"cannot loop over {_kind(xs)} {_preview(xs)}: need a list"
        )
    try:
        elements = iter(xs)
    except TypeError:
        raise ValueProblem(
            pattern, line, f"cannot loop over {_kind(xs)} {_preview(xs)}: need a list"
        ) from None
    return list(elements)


def expect_sequence(
    value: Any, parameter: str, pattern: str, *, optional: bool = False
) -> None:
    """Refuse what a parameter declared as a list was given, unless it is a
    sequence that is not text (``None`` too, when ``optional``).

    A string is a sequence of characters to Python (and to a type checker),
    never a list of briefs; a set, a mapping or an iterator has no order or
    positions to read. Raises TypeError naming the parameter, before any
    delegate runs.
    """
    if value is None and optional:
        return
    if isinstance(value, Sequence) and not isinstance(value, str | bytes | bytearray):
        return
    what = "None" if value is None else _a(type(value).__name__)
    raise TypeError(
        f"{pattern}: {parameter} must be a list (or another sequence that is not "
        f"text), not {what}: {_preview(value)}"
    )


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    return "a mapping" if isinstance(value, Mapping) else _a(type(value).__name__)


def _a(noun: str) -> str:
    """``noun`` with its article: "an int", "a str"."""
    return f"an {noun}" if noun[:1].lower() in "aeiou" else f"a {noun}"


class FieldSet(frozenset[str]):
    """The fields a firewall removes, matched ignoring case, ``-``, spaces
    and a plural ending: built once (generated modules build theirs at import), so a
    call does not normalize them again."""

    __slots__ = ()

    def __new__(cls, names: Iterable[str]) -> Self:
        return super().__new__(cls, (_field_key(name) for name in names))


def without_fields(value: Any, fields: Iterable[str]) -> Any:
    """``value`` without the named top-level fields: the field firewall.

    A mapping, a dataclass, or an object holding such an attribute becomes a
    new dict; a text holding a JSON object with such a field becomes that
    object as JSON text without it. Field names match ignoring case, ``-``,
    spaces and a plural ending (``self-assessment`` is ``self_assessment``,
    ``reasons`` is ``reason``). Anything else,
    and any value with none of the fields, is returned unchanged (a dataclass
    is always turned into a dict).
    """
    removed = fields if fields.__class__ is FieldSet else FieldSet(fields)
    if type(value) is dict or isinstance(value, Mapping):
        keys = _KEYS
        return {
            key: item
            for key, item in value.items()
            if (keys.get(key) or _key_of(key)) not in removed
        }
    if isinstance(value, str):
        return _text_without(value, removed)
    attributes = _public_attributes(value)
    if attributes is None:
        return value
    # A dataclass always becomes a dict; another object only when it holds a
    # removed attribute, since only then would it leak one.
    if _is_dataclass_instance(value) or any(
        _is_removed(k, removed) for k in attributes
    ):
        return _drop(attributes, removed)
    return value


def _field_key(name: str) -> str:
    """A key as a firewall compares it: lower case, ``-`` and spaces as
    ``_``, and the last word in the singular (``reasons`` is ``reason``:
    a firewall on "the reasons" removes either key)."""
    key = name.replace("-", "_").replace(" ", "_").lower()
    head, _, last = key.rpartition("_")
    if len(last) > 4 and last.endswith("ies"):
        last = last[:-3] + "y"
    elif last.endswith(("sses", "shes", "ches", "xes", "zes")):
        last = last[:-2]
    elif len(last) > 3 and last.endswith("s") and not last.endswith(("ss", "us", "is")):
        last = last[:-1]
    return f"{head}_{last}" if head else last


def _is_removed(key: Any, removed: frozenset[str]) -> bool:
    return isinstance(key, str) and _field_key(key) in removed


# Each key as a firewall compares it ("" for a key that is not text): the
# same few keys come back on every call, so each is worked out once.
_KEYS: dict[Any, str] = {}
_KEYS_LIMIT = 4096


def _key_of(key: Any) -> str:
    compared = _field_key(key) if isinstance(key, str) else ""
    if len(_KEYS) < _KEYS_LIMIT:
        _KEYS[key] = compared
    return compared


def _drop(fields: Mapping[Any, Any], removed: frozenset[str]) -> dict[Any, Any]:
    keys = _KEYS
    return {
        key: item
        for key, item in fields.items()
        if (keys.get(key) or _key_of(key)) not in removed
    }


def _text_without(raw: str, removed: frozenset[str]) -> str:
    if "{" not in raw:  # no JSON object in it, so no field to remove
        return raw
    return _text_without_json(raw, removed)


def _text_without_json(raw: str, removed: frozenset[str]) -> str:
    # The same search as a verdict read, so whatever the next delegate could
    # read as this output's fields is what gets filtered.
    found = _find_json_object(raw[:_SCAN_LIMIT])
    if found is None or not any(_is_removed(key, removed) for key in found):
        return raw
    return json.dumps(_drop(found, removed), ensure_ascii=False)


# ---------------------------------------------------------------------------
# Journals: the record of a run's delegate and judge answers
# ---------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Entry:
    """One recorded step of a journaled run.

    ``key`` is the step's place in the run, the same in every run of the
    program: each thread of control (the run itself, or one branch of a
    parallel region) counts its steps from 1 (a delegate call, a judge
    question, a parallel region), so ``"3"`` is the run's third step and
    ``"3#2"`` the second attempt of that call; the branches of a region that
    was step 5 are the scopes ``"5[0]/"``, ``"5[1]/"`` ... in the order the
    program lists them, so ``"5[1]/2"`` is branch 1's second step.

    ``kind`` is ``"call"``, ``"judge"`` or ``"region"``; ``slot`` the slot
    (a judge's condition, ``""`` for a region); ``line`` the source line;
    ``digest`` a digest of what the step received, which a replay compares.
    ``outcome`` is ``"result"`` (``value`` is the result; for a region, the
    branch positions in the order they finished), ``"error"`` (``value`` is
    the failure's ``(type name, message)``) or ``"awaiting"`` (``value`` is
    the ``(key, question)`` of the :class:`AwaitingInput`).
    """

    key: str
    kind: str
    slot: str
    line: int
    attempt: int
    digest: str
    outcome: str
    value: Any


class Journal(Protocol):
    """Where a journaled run keeps its steps: what ``journal=`` accepts.

    The runtime calls :meth:`begin` once per pattern call, then
    :meth:`lookup` before each step and :meth:`record` after a step it ran
    live; :meth:`answer` is for the caller of a paused run. Any object with
    these methods will do (:class:`SqliteJournal` is the embedded one);
    ``lookup`` may return any object with :class:`Entry`'s attributes.
    """

    def begin(self, run_id: str, pattern: str) -> None:
        """Start the run ``run_id`` of ``pattern``, or check that an existing
        one is of ``pattern`` (a :class:`JournalError` if not)."""

    def lookup(self, run_id: str, key: str) -> Entry | None:
        """The entry recorded under ``key``, or None."""

    def record(self, run_id: str, entry: Entry) -> None:
        """Keep ``entry`` durably; a second entry under one key is an error."""

    def answer(self, run_id: str, key: str, value: Any) -> None:
        """Give the answer a paused run awaits (``key`` as the delegate
        raised it, or the entry's key); the run resumes with ``value``."""


_SCHEMA = """
CREATE TABLE IF NOT EXISTS prosec_runs (
    run_id TEXT PRIMARY KEY,
    pattern TEXT NOT NULL,
    started REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS prosec_steps (
    run_id TEXT NOT NULL REFERENCES prosec_runs (run_id),
    key TEXT NOT NULL,
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL,
    slot TEXT NOT NULL,
    line INTEGER NOT NULL,
    attempt INTEGER NOT NULL,
    digest TEXT NOT NULL,
    outcome TEXT NOT NULL,
    awaiting TEXT,
    value BLOB NOT NULL,
    PRIMARY KEY (run_id, key)
);
"""


class SqliteJournal:
    """A journal in one SQLite file, from the standard library's ``sqlite3``.

    WAL mode and one transaction per record: a step is on disk before the
    run goes on, so a crash loses at most the calls that were in flight.
    With ``durable=True`` (the default, ``synchronous=FULL``) each record is
    flushed to the disk itself, so that holds for a lost machine too; with
    ``durable=False`` (``synchronous=NORMAL``) it holds for a killed process,
    and a record costs a fraction. Values are kept with :mod:`pickle`: open
    only journals you wrote yourself. One object may serve many runs,
    threads and patterns; several processes may share the file.
    """

    def __init__(self, path: str | os.PathLike[str], *, durable: bool = True) -> None:
        # Imported here: a package that never journals never loads sqlite3.
        import sqlite3

        self.path = os.fspath(path)
        self._lock = threading.Lock()
        self._patterns: dict[str, str] = {}
        self._integrity = sqlite3.IntegrityError
        self._db = sqlite3.connect(
            self.path, timeout=60.0, isolation_level=None, check_same_thread=False
        )
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
        self._db.executescript(_SCHEMA)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the file; the journal cannot be used afterwards. A step
        being written (by a branch a parallel loop did not wait for) is
        written first: closing under it would pull the file from under
        the write."""
        with self._lock:
            self._db.close()

    def begin(self, run_id: str, pattern: str) -> None:
        """Start the run, or check that ``run_id`` is a run of ``pattern``."""
        with self._lock:
            # A run that exists needs no write (and no write lock on the file).
            owner = self._owner(run_id)
            if owner is None:
                self._db.execute("BEGIN IMMEDIATE")
                try:
                    self._db.execute(
                        "INSERT OR IGNORE INTO prosec_runs VALUES (?, ?, ?)",
                        (run_id, pattern, time.time()),
                    )
                    owner = self._owner(run_id)
                finally:
                    self._db.execute("COMMIT")
            self._patterns[run_id] = pattern
        if owner != pattern:
            raise JournalError(
                pattern,
                None,
                f"run {run_id!r} in {self.path} is a run of pattern {owner!r}; "
                "a run id belongs to one pattern: pass a new run_id",
            )

    def _owner(self, run_id: str) -> str | None:
        row = self._db.execute(
            "SELECT pattern FROM prosec_runs WHERE run_id = ?", (run_id,)
        ).fetchone()
        return None if row is None else str(row[0])

    def lookup(self, run_id: str, key: str) -> Entry | None:
        """The entry recorded under ``key`` in run ``run_id``, or None."""
        with self._lock:
            row = self._db.execute(
                "SELECT key, kind, slot, line, attempt, digest, outcome, value "
                "FROM prosec_steps WHERE run_id = ? AND key = ?",
                (run_id, key),
            ).fetchone()
        return None if row is None else _entry_of(row)

    def record(self, run_id: str, entry: Entry) -> None:
        """Keep ``entry`` in one transaction."""
        pattern = self._patterns.get(run_id, "?")
        try:
            value = pickle.dumps(entry.value, protocol=pickle.HIGHEST_PROTOCOL)
        except Exception as exc:
            raise JournalError(
                pattern,
                entry.line,
                f"the {'answer' if entry.kind == 'judge' else 'result'} of "
                f"{entry.slot!r} (step {entry.key}) cannot be recorded: "
                f"{_describe(exc)}; a journaled run needs values that pickle",
            ) from exc
        waiting = entry.value[0] if entry.outcome == "awaiting" else None
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.execute(
                    "INSERT INTO prosec_steps VALUES (?, ?, "
                    "(SELECT COUNT(*) FROM prosec_steps WHERE run_id = ?), "
                    "?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        run_id,
                        entry.key,
                        run_id,
                        entry.kind,
                        entry.slot,
                        entry.line,
                        entry.attempt,
                        entry.digest,
                        entry.outcome,
                        waiting,
                        value,
                    ),
                )
            except self._integrity as exc:
                self._db.execute("ROLLBACK")
                raise JournalError(
                    pattern,
                    entry.line,
                    f"run {run_id!r} already has a record of step {entry.key}: "
                    "two processes are running it at once",
                ) from exc
            self._db.execute("COMMIT")

    def answer(self, run_id: str, key: str, value: Any) -> None:
        """Answer what run ``run_id`` awaits under ``key`` (the key its
        :class:`AwaitingInput` gave, or the entry's key) with ``value``."""
        data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                waiting = self._db.execute(
                    "SELECT key, awaiting FROM prosec_steps WHERE run_id = ? "
                    "AND outcome = 'awaiting' ORDER BY seq",
                    (run_id,),
                ).fetchall()
                chosen = [step for step, asked in waiting if key in (step, asked)]
                if len(chosen) == 1:
                    self._db.execute(
                        "UPDATE prosec_steps SET outcome = 'result', value = ?, "
                        "awaiting = NULL WHERE run_id = ? AND key = ?",
                        (data, run_id, chosen[0]),
                    )
            finally:
                self._db.execute("COMMIT")
        if len(chosen) != 1:
            raise _no_such_wait(run_id, key, waiting, chosen)

    def entries(self, run_id: str) -> list[Entry]:
        """Every entry of run ``run_id``, in the order they were recorded."""
        with self._lock:
            rows = self._db.execute(
                "SELECT key, kind, slot, line, attempt, digest, outcome, value "
                "FROM prosec_steps WHERE run_id = ? ORDER BY seq",
                (run_id,),
            ).fetchall()
        return [_entry_of(row) for row in rows]

    def awaiting(self, run_id: str) -> list[Entry]:
        """The entries of run ``run_id`` that await an answer."""
        return [e for e in self.entries(run_id) if e.outcome == "awaiting"]


def _entry_of(row: tuple[Any, ...]) -> Entry:
    key, kind, slot, line, attempt, received, outcome, value = row
    return Entry(key, kind, slot, line, attempt, received, outcome, pickle.loads(value))


def _no_such_wait(
    run_id: str, key: str, waiting: list[tuple[str, str]], chosen: list[str]
) -> LookupError:
    if chosen:
        return LookupError(
            f"run {run_id!r} awaits {key!r} at more than one step "
            f"({', '.join(chosen)}): answer one of them by its step key"
        )
    listed = ", ".join(f"{asked!r} (step {step})" for step, asked in waiting)
    return LookupError(
        f"run {run_id!r} is not waiting for {key!r}; "
        + (f"it awaits {listed}" if listed else "it awaits nothing")
    )


def digest(value: Any) -> str:
    """A digest of ``value`` that is the same in every process: mappings and
    sets are taken in a sorted order, objects by their fields, never by
    their address."""
    canonical = json.dumps(_canonical(value, set()), separators=(",", ":"))
    return "sha256:" + hashlib.sha256(canonical.encode()).hexdigest()


# Deeper than this, a value is taken as its type alone.
_DIGEST_DEPTH = 32


def _canonical(value: Any, inside: set[int]) -> Any:
    """``value`` as JSON-ready data; ``inside`` holds the ids of the values
    being taken apart around it, so that a value that contains itself ends."""
    if value is None or isinstance(value, (bool, str)):
        return value
    kind = type(value).__qualname__
    if isinstance(value, int):
        return [kind, format(value, "x")]  # no digit limit, unlike str()
    if isinstance(value, float):
        return [kind, repr(value)]
    if isinstance(value, (bytes, bytearray)):
        return [kind, bytes(value).hex()]
    if id(value) in inside or len(inside) > _DIGEST_DEPTH:
        return [kind]
    inside.add(id(value))
    try:
        return _canonical_parts(value, kind, inside)
    finally:
        inside.discard(id(value))


def _canonical_parts(value: Any, kind: str, inside: set[int]) -> Any:
    if isinstance(value, Mapping):
        pairs = [
            [_canonical(k, inside), _canonical(v, inside)] for k, v in value.items()
        ]
        return ["map", sorted(pairs, key=json.dumps)]
    if isinstance(value, (set, frozenset)):
        members = [_canonical(v, inside) for v in value]
        return [kind, sorted(members, key=json.dumps)]
    if isinstance(value, (list, tuple)):
        return [kind, [_canonical(v, inside) for v in value]]
    fields = _public_attributes(value)
    if fields is not None:
        return [kind, _canonical(fields, inside)]
    shown = _repr_or_nothing(value)
    return [kind] if " at 0x" in shown else [kind, shown]


def _repr_or_nothing(value: Any) -> str:
    try:
        return repr(value)
    except Exception:  # noqa: BLE001 - repr() runs the value's code
        return ""


class _Scope:
    """One thread of control of a journaled run: where its steps are counted."""

    __slots__ = ("prefix", "run", "steps")

    def __init__(self, run: Run, prefix: str) -> None:
        self.run = run
        self.prefix = prefix
        self.steps = 0


# The scope of the current thread or task. A branch of a parallel region sets
# its own, so that a step's key never depends on which thread got there first.
_SCOPE: contextvars.ContextVar[_Scope | None] = contextvars.ContextVar(
    "prosec_scope", default=None
)


# ---------------------------------------------------------------------------
# The run of one pattern call
# ---------------------------------------------------------------------------

_BACKOFFS = ("none", "linear", "exponential")
# Results that are certainly not awaitable, checked before the slower
# inspect.isawaitable.
_PLAIN = frozenset({dict, str, list, tuple, int, float, bool, type(None)})
#: Result types that are certainly not awaitable: a generated sync function
#: that calls a delegate itself looks further only at other results.
PLAIN = _PLAIN
_JOINS = ("all", "first", "any")
_ON_FAIL = ("fail-fast", "continue", "ignore")


class Run:
    """The context of one pattern call: its options and its delegate calls.

    ``judge`` decides conditions prosec cannot lower; ``executor`` (any
    :class:`concurrent.futures.Executor`: threads, processes, Dask) runs each
    delegate; ``max_concurrency`` bounds each parallel region; ``timeout``
    bounds each delegate attempt, in seconds; ``tracer`` sees every attempt;
    ``journal`` records every step of the run ``run_id`` and replays the
    steps it already holds (see :class:`Entry`).
    """

    def __init__(
        self,
        pattern: str,
        *,
        judge: Judge | None = None,
        executor: concurrent.futures.Executor | None = None,
        max_concurrency: int = 32,
        timeout: float | None = None,
        tracer: Tracer | None = None,
        journal: Journal | None = None,
        run_id: str | None = None,
        renamed: Sequence[str] = (),
    ) -> None:
        """Check the options as the caller gave them: a value of the wrong
        type is a :class:`TypeError` naming the option, an out-of-range one a
        :class:`ValueError`. ``renamed`` lists the pattern's own slots and
        inputs spelled like an option (their parameters end in ``_``), so
        that a delegate passed as ``executor=`` is told where it belongs."""
        self.pattern = pattern
        if judge is not None and not callable(judge):
            raise _option_type(pattern, "judge", judge, "a callable", renamed)
        if executor is not None and not callable(getattr(executor, "submit", None)):
            raise _option_type(
                pattern,
                "executor",
                executor,
                "a concurrent.futures.Executor (an object with a submit method)",
                renamed,
            )
        if tracer is not None and not callable(tracer):
            raise _option_type(pattern, "tracer", tracer, "a callable", renamed)
        if type(max_concurrency) is not int and (
            isinstance(max_concurrency, bool)
            or not isinstance(max_concurrency, numbers.Integral)
        ):
            raise _option_type(
                pattern, "max_concurrency", max_concurrency, "an int", renamed
            )
        if max_concurrency < 1:
            raise ValueError(
                f"pattern {pattern!r}: max_concurrency must be at least 1, got "
                f"{max_concurrency}"
            )
        if timeout is not None:
            if isinstance(timeout, bool) or not isinstance(timeout, numbers.Real):
                raise _option_type(
                    pattern, "timeout", timeout, "a number of seconds or None", renamed
                )
            if not (0 < timeout < math.inf):
                raise ValueError(
                    f"pattern {pattern!r}: timeout must be a positive number of "
                    f"seconds, got {_preview(timeout)}"
                )
        if journal is not None or run_id is not None:
            _check_journal(pattern, journal, run_id, renamed)
        self._judge = judge
        self.executor = executor
        self.max_concurrency = int(max_concurrency)
        self.timeout = None if timeout is None else float(timeout)
        self.tracer = tracer
        self._journal = journal
        self.run_id = run_id
        # Where the top level counts its steps: a journaled run's only.
        self._root = _Scope(self, "") if journal is not None else None
        # Set when a step awaits an answer: the run's later steps stop too.
        self._paused: RunPaused | None = None
        # With none of these, a delegate call is just the call.
        self._direct = (
            executor is None and timeout is None and tracer is None and journal is None
        )
        if journal is not None:
            assert run_id is not None  # _check_journal saw to it
            journal.begin(run_id, pattern)

    # -- delegate calls ----------------------------------------------------

    def call(
        self,
        delegate: Delegate,
        slot: str,
        line: int,
        inputs: dict[str, Any],
        *,
        retry: int = 0,
        backoff: str = "none",
    ) -> Any:
        """``call slot`` with ``inputs`` as keyword arguments; its result.

        A failed attempt (an exception, or no result within ``timeout``) is
        tried again up to ``retry`` more times, waiting per ``backoff``. The
        last failure is raised as a :class:`DelegateError` from it.
        """
        if retry == 0 and type(retry) is int and backoff == "none":
            if self._direct:
                # No executor, timeout or tracer: just the call.
                try:
                    result = delegate(**inputs)
                except Exception as exc:
                    raise DelegateError(self.pattern, slot, line, exc, 1) from exc
                if type(result) not in _PLAIN and inspect.isawaitable(result):
                    error = _async_in_sync_call(result, slot)
                    raise DelegateError(self.pattern, slot, line, error, 1) from error
                return result
            tries = 1
        else:
            tries = self._tries(retry, backoff, line)
        if self._journal is not None:
            return self._call_journaled(delegate, slot, line, inputs, tries, backoff)
        for attempt in range(1, tries + 1):
            started = time.perf_counter()
            try:
                result = self._invoke(delegate, slot, inputs)
            except AwaitingInput as wait:
                raise _unjournaled_wait(self.pattern, slot, line, wait) from wait
            except Exception as exc:
                self._trace(slot, line, inputs, None, exc, started, attempt)
                if attempt == tries:
                    raise DelegateError(self.pattern, slot, line, exc, attempt) from exc
                _pause(_backoff_delay(backoff, attempt))
                continue
            if type(result) not in _PLAIN and inspect.isawaitable(result):
                # Not retried: calling an async delegate again gives another
                # coroutine, never a result.
                error = _async_in_sync_call(result, slot)
                self._trace(slot, line, inputs, None, error, started, attempt)
                raise DelegateError(self.pattern, slot, line, error, attempt) from error
            self._trace(slot, line, inputs, result, None, started, attempt)
            return result
        raise AssertionError("unreachable: the last attempt returns or raises")

    async def call_async(
        self,
        delegate: Delegate,
        slot: str,
        line: int,
        inputs: dict[str, Any],
        *,
        retry: int = 0,
        backoff: str = "none",
    ) -> Any:
        """:meth:`call` for the ``_async`` variant; sync delegates run in a thread."""
        tries = self._tries(retry, backoff, line)
        if self._journal is not None:
            return await self._call_journaled_async(
                delegate, slot, line, inputs, tries, backoff
            )
        for attempt in range(1, tries + 1):
            started = time.perf_counter()
            try:
                result = await self._invoke_async(delegate, slot, inputs)
            except AwaitingInput as wait:
                raise _unjournaled_wait(self.pattern, slot, line, wait) from wait
            except Exception as exc:
                self._trace(slot, line, inputs, None, exc, started, attempt)
                if attempt == tries:
                    raise DelegateError(self.pattern, slot, line, exc, attempt) from exc
                delay = _backoff_delay(backoff, attempt)
                if delay > 0:
                    await asyncio.sleep(delay)
                continue
            self._trace(slot, line, inputs, result, None, started, attempt)
            return result
        raise AssertionError("unreachable: the last attempt returns or raises")

    def _call_journaled(
        self,
        delegate: Delegate,
        slot: str,
        line: int,
        inputs: dict[str, Any],
        tries: int,
        backoff: str,
    ) -> Any:
        """:meth:`call` in a journaled run: each attempt is replayed from the
        journal when it holds it, else made and recorded."""
        step = self._step()
        received = digest(inputs)
        for attempt in range(1, tries + 1):
            key = _attempt_key(step, attempt)
            entry = self._replay(key, "call", slot, line, received)
            if entry is not None:
                result, error = self._replayed_call(entry, slot, line, inputs)
            else:
                started = time.perf_counter()
                try:
                    result, error = self._invoke(delegate, slot, inputs), None
                except AwaitingInput as wait:
                    raise self._paused_at(key, slot, line, received, wait) from wait
                # Any failure is the attempt's outcome, recorded and retried.
                except Exception as exc:  # noqa: BLE001
                    result, error = None, exc
                if error is None and type(result) not in _PLAIN:
                    self._refuse_async(result, slot, line, inputs, started, attempt)
                self._settle(key, slot, line, received, inputs, started, result, error)
            if error is None:
                return result
            if attempt == tries:
                raise DelegateError(self.pattern, slot, line, error, attempt) from error
            if entry is None:
                _pause(_backoff_delay(backoff, attempt))
        raise AssertionError("unreachable: the last attempt returns or raises")

    async def _call_journaled_async(
        self,
        delegate: Delegate,
        slot: str,
        line: int,
        inputs: dict[str, Any],
        tries: int,
        backoff: str,
    ) -> Any:
        """:meth:`_call_journaled` for the ``_async`` variant."""
        step = self._step()
        received = digest(inputs)
        for attempt in range(1, tries + 1):
            key = _attempt_key(step, attempt)
            entry = self._replay(key, "call", slot, line, received)
            if entry is not None:
                result, error = self._replayed_call(entry, slot, line, inputs)
            else:
                started = time.perf_counter()
                try:
                    result, error = (
                        await self._invoke_async(delegate, slot, inputs),
                        None,
                    )
                except AwaitingInput as wait:
                    raise self._paused_at(key, slot, line, received, wait) from wait
                # Any failure is the attempt's outcome, recorded and retried.
                except Exception as exc:  # noqa: BLE001
                    result, error = None, exc
                self._settle(key, slot, line, received, inputs, started, result, error)
            if error is None:
                return result
            if attempt == tries:
                raise DelegateError(self.pattern, slot, line, error, attempt) from error
            delay = _backoff_delay(backoff, attempt) if entry is None else 0.0
            if delay > 0:
                await asyncio.sleep(delay)
        raise AssertionError("unreachable: the last attempt returns or raises")

    def _step(self) -> str:
        """The key of the next step of the current thread of control."""
        if self._paused is not None:
            raise RunPaused(*self._paused.args)
        scope = _SCOPE.get()
        if scope is None or scope.run is not self:
            scope = self._root
        assert scope is not None, "steps are counted in journaled runs only"
        scope.steps += 1
        return f"{scope.prefix}{scope.steps}"

    def _replay(
        self, key: str, kind: str, slot: str, line: int, received: str
    ) -> Entry | None:
        """The journal's entry for ``key``, checked against the step the
        program makes there now; None if there is none."""
        assert self._journal is not None and self.run_id is not None
        entry = self._journal.lookup(self.run_id, key)
        if entry is None:
            return None
        if (entry.kind, entry.slot, entry.line) != (kind, slot, line):
            raise self._diverged(
                key,
                line,
                f"the journal holds {_step_words(entry.kind, entry.slot, entry.line)}, "
                f"and the pattern now makes {_step_words(kind, slot, line)} there",
            )
        if entry.digest != received:
            raise self._diverged(
                key,
                line,
                f"{_step_words(kind, slot, line)} now receives other inputs than "
                "the journal recorded",
            )
        if entry.outcome == "awaiting":
            asked, question = entry.value
            who = slot if kind == "call" else "the judge"
            self._paused = RunPaused(
                self.pattern, self.run_id, asked, question, who, line
            )
            raise RunPaused(*self._paused.args)
        return entry

    def _diverged(self, key: str, line: int, what: str) -> JournalError:
        return JournalError(
            self.pattern,
            line,
            f"run {self.run_id!r} diverged from its journal at step {key}: {what}; "
            "the pattern or its arguments changed since the run began: resume it "
            "with the code and arguments that started it, or pass a new run_id",
        )

    def _replayed_call(
        self, entry: Entry, slot: str, line: int, inputs: Mapping[str, Any]
    ) -> tuple[Any, Exception | None]:
        """A recorded attempt's outcome, as the tracer sees it replayed."""
        if entry.outcome == "error":
            error = ReplayedError(*entry.value)
            self._trace(slot, line, inputs, None, error, None, entry.attempt, entry.key)
            return None, error
        self._trace(
            slot, line, inputs, entry.value, None, None, entry.attempt, entry.key
        )
        return entry.value, None

    def _settle(
        self,
        key: str,
        slot: str,
        line: int,
        received: str,
        inputs: Mapping[str, Any],
        started: float,
        result: Any,
        error: Exception | None,
    ) -> None:
        """Record a live attempt's outcome, then trace it."""
        attempt = _attempt_of(key)
        if error is None:
            outcome, value = "result", result
        else:
            outcome, value = "error", (_type_name(error), _message_of(error))
        self._record(Entry(key, "call", slot, line, attempt, received, outcome, value))
        self._trace(slot, line, inputs, result, error, started, attempt, key)

    def _refuse_async(
        self,
        result: Any,
        slot: str,
        line: int,
        inputs: Mapping[str, Any],
        started: float,
        attempt: int,
    ) -> None:
        # An async delegate in a sync call: a misuse, not an outcome to record.
        if inspect.isawaitable(result):
            error = _async_in_sync_call(result, slot)
            self._trace(slot, line, inputs, None, error, started, attempt)
            raise DelegateError(self.pattern, slot, line, error, attempt) from error

    def _paused_at(
        self,
        key: str,
        slot: str,
        line: int,
        received: str,
        wait: AwaitingInput,
        kind: str = "call",
    ) -> RunPaused:
        """Record that step ``key`` awaits ``wait``'s answer; the run stops."""
        assert self.run_id is not None
        asked = (text(wait.key), text(wait.question))
        self._record(
            Entry(key, kind, slot, line, _attempt_of(key), received, "awaiting", asked)
        )
        who = slot if kind == "call" else "the judge"
        self._paused = RunPaused(self.pattern, self.run_id, *asked, who, line)
        return RunPaused(*self._paused.args)

    def _record(self, entry: Entry) -> None:
        assert self._journal is not None and self.run_id is not None
        self._journal.record(self.run_id, entry)

    def _tries(self, retry: Any, backoff: str, line: int) -> int:
        retries = _whole_number(retry)
        if retries is None or retries < 0:
            raise ValueProblem(
                self.pattern,
                line,
                f"retry must be a whole number >= 0, got {_preview(retry)}",
            )
        if backoff not in _BACKOFFS:
            raise ValueProblem(
                self.pattern,
                line,
                f"backoff must be one of {', '.join(_BACKOFFS)}, got "
                f"{_preview(backoff)}",
            )
        return retries + 1

    def _invoke(self, delegate: Delegate, slot: str, inputs: dict[str, Any]) -> Any:
        if self.executor is not None:
            # The delegate and its arguments, never a closure of ours: a
            # process pool or a Dask executor must be able to pickle them.
            future = self.executor.submit(delegate, **inputs)
        elif self.timeout is not None:
            future = _in_daemon_thread(functools.partial(delegate, **inputs), slot)
        else:
            return delegate(**inputs)
        return self._wait(future, slot)

    def _wait(self, future: concurrent.futures.Future[Any], slot: str) -> Any:
        try:
            return future.result(timeout=self.timeout)
        except TimeoutError:
            if future.done():  # the delegate's own TimeoutError, or a late result
                return future.result()
            future.cancel()
            raise self._timed_out(slot) from None

    async def _invoke_async(
        self, delegate: Delegate, slot: str, inputs: dict[str, Any]
    ) -> Any:
        if self.timeout is None:
            return await self._start_async(delegate, slot, inputs)
        deadline = asyncio.timeout(self.timeout)
        try:
            async with deadline:
                return await self._start_async(delegate, slot, inputs)
        except TimeoutError:
            # Only our deadline is a timeout of the call; a TimeoutError that
            # the delegate raised itself passes through as it is.
            if deadline.expired():
                raise self._timed_out(slot) from None
            raise

    async def _start_async(
        self, delegate: Delegate, slot: str, inputs: dict[str, Any]
    ) -> Any:
        if _is_async_callable(delegate):
            result = delegate(**inputs)
        else:
            work = functools.partial(delegate, **inputs)
            result = await self._in_thread(work, slot)
        if inspect.isawaitable(result):
            result = await result
        return result

    def _in_thread(self, work: Callable[[], Any], slot: str) -> Awaitable[Any]:
        if self.executor is not None:
            return asyncio.get_running_loop().run_in_executor(self.executor, work)
        # A thread per call rather than the loop's default pool, which has as
        # few as five workers: parallel regions must reach max_concurrency.
        return asyncio.wrap_future(_in_daemon_thread(work, slot))

    def _timed_out(self, slot: str) -> TimeoutError:
        return TimeoutError(f"delegate {slot!r} gave no result within {self.timeout} s")

    def _trace(
        self,
        slot: str,
        line: int,
        inputs: Mapping[str, Any],
        result: Any,
        error: BaseException | None,
        started: float | None,
        attempt: int,
        key: str | None = None,
    ) -> None:
        """Show the tracer an attempt; ``started`` is None for a replayed one."""
        if self.tracer is None:
            return
        duration = 0.0 if started is None else time.perf_counter() - started
        self.tracer(
            CallEvent(
                self.pattern,
                slot,
                line,
                MappingProxyType(dict(inputs)),
                result,
                error,
                duration,
                attempt,
                started is None,
                key,
            )
        )

    # -- the judge -----------------------------------------------------------

    def judge(self, condition: str, line: int, bindings: Mapping[str, Any]) -> bool:
        """Ask the judge about ``condition``; it must answer True or False.

        In a journaled run the answer is a step: replayed when recorded.
        """
        step = self._judge_step(condition, line, bindings)
        if step is not None and step.entry is not None:
            # An answer given to a waiting judge is checked as a live one is.
            return self._checked(step.entry.value, condition, line)
        answer = self._ask(condition, line, bindings, step)
        if inspect.isawaitable(answer):
            _close(answer)
            raise JudgeError(
                self.pattern,
                line,
                condition,
                "the judge is async; call the pattern's _async variant",
            )
        return self._judged(
            self._checked(answer, condition, line), condition, line, step
        )

    async def judge_async(
        self, condition: str, line: int, bindings: Mapping[str, Any]
    ) -> bool:
        """:meth:`judge` for the ``_async`` variant: the judge may be async.

        A sync judge runs on the event loop, so it should be quick.
        """
        step = self._judge_step(condition, line, bindings)
        if step is not None and step.entry is not None:
            # An answer given to a waiting judge is checked as a live one is.
            return self._checked(step.entry.value, condition, line)
        answer = self._ask(condition, line, bindings, step)
        if inspect.isawaitable(answer):
            try:
                answer = await answer
            except AwaitingInput as wait:
                raise self._judge_waits(condition, line, step, wait) from wait
            except Exception as exc:
                raise self._judge_raised(condition, line, exc) from exc
        return self._judged(
            self._checked(answer, condition, line), condition, line, step
        )

    def _judge_step(
        self, condition: str, line: int, bindings: Mapping[str, Any]
    ) -> _JudgeStep | None:
        """In a journaled run, the judge question's step and its record."""
        if self._journal is None:
            return None
        key = self._step()
        received = digest([condition, bindings])
        return _JudgeStep(
            key, received, self._replay(key, "judge", condition, line, received)
        )

    def _judged(
        self, answer: bool, condition: str, line: int, step: _JudgeStep | None
    ) -> bool:
        if step is not None:
            self._record(
                Entry(
                    step.key,
                    "judge",
                    condition,
                    line,
                    1,
                    step.received,
                    "result",
                    answer,
                )
            )
        return answer

    def _ask(
        self,
        condition: str,
        line: int,
        bindings: Mapping[str, Any],
        step: _JudgeStep | None,
    ) -> Any:
        if self._judge is None:
            raise JudgeError(self.pattern, line, condition)
        try:
            # A read-only view: the judge looks at the pattern's scope, it
            # does not change it.
            return self._judge(condition, MappingProxyType(dict(bindings)))
        except AwaitingInput as wait:
            raise self._judge_waits(condition, line, step, wait) from wait
        except Exception as exc:
            raise self._judge_raised(condition, line, exc) from exc

    def _judge_waits(
        self, condition: str, line: int, step: _JudgeStep | None, wait: AwaitingInput
    ) -> PatternError:
        """A judge (a person, say) that awaits an answer: the run pauses."""
        if step is None:
            return _unjournaled_wait(self.pattern, "the judge", line, wait)
        return self._paused_at(step.key, condition, line, step.received, wait, "judge")

    def _judge_raised(self, condition: str, line: int, exc: Exception) -> JudgeError:
        return JudgeError(
            self.pattern, line, condition, f"the judge raised {_describe(exc)}"
        )

    def _checked(self, answer: Any, condition: str, line: int) -> bool:
        if not isinstance(answer, bool):
            raise JudgeError(
                self.pattern,
                line,
                condition,
                f"the judge returned a non-bool, {_kind(answer)} {_preview(answer)}",
            )
        return answer

    # -- criteria (`C says X is a failure / acceptable`) ------------------------

    def criteria(
        self,
        criteria: Any,
        value: Any,
        outcome: str,
        subject: str,
        line: int,
        bindings: Mapping[str, Any],
    ) -> bool:
        """Whether ``value`` is a failure / acceptable by ``criteria``.

        ``None`` means no criteria (nothing is a failure, all is acceptable);
        a callable is a predicate applied to ``value``; a text goes to the
        judge as a question about ``subject``.
        """
        self._check_outcome(outcome, line)
        if isinstance(criteria, str):
            question = _criteria_question(criteria, outcome, subject)
            return self.judge(question, line, bindings)
        verdict = self._apply_criteria(criteria, value, outcome, subject, line)
        if inspect.isawaitable(verdict):
            _close(verdict)
            raise ValueProblem(
                self.pattern,
                line,
                "the criteria callable is async; call the pattern's _async variant",
            )
        return bool(verdict)

    async def criteria_async(
        self,
        criteria: Any,
        value: Any,
        outcome: str,
        subject: str,
        line: int,
        bindings: Mapping[str, Any],
    ) -> bool:
        """:meth:`criteria` for the ``_async`` variant: the callable may be async."""
        self._check_outcome(outcome, line)
        if isinstance(criteria, str):
            question = _criteria_question(criteria, outcome, subject)
            return await self.judge_async(question, line, bindings)
        verdict = self._apply_criteria(criteria, value, outcome, subject, line)
        if inspect.isawaitable(verdict):
            try:
                verdict = await verdict
            except Exception as exc:
                raise self._criteria_raised(subject, line, exc) from exc
        return bool(verdict)

    def _check_outcome(self, outcome: str, line: int) -> None:
        if outcome not in ("failure", "acceptable"):
            raise ValueProblem(
                self.pattern, line, f"unknown criteria outcome {_preview(outcome)}"
            )

    def _apply_criteria(
        self, criteria: Any, value: Any, outcome: str, subject: str, line: int
    ) -> Any:
        if criteria is None:
            return outcome == "acceptable"
        if not callable(criteria):
            raise ValueProblem(
                self.pattern,
                line,
                f"criteria must be null, a callable or a text, got {_kind(criteria)} "
                f"{_preview(criteria)}",
            )
        try:
            return criteria(value)
        except Exception as exc:
            raise self._criteria_raised(subject, line, exc) from exc

    def _criteria_raised(self, subject: str, line: int, exc: Exception) -> PatternError:
        return PatternError(
            self.pattern,
            line,
            f"pattern {self.pattern!r}: the criteria for {subject!r} raised"
            f"{_where(line)}: {_describe(exc)}",
        )

    # -- choice ----------------------------------------------------------------

    def choose(
        self,
        criteria: str,
        labels: Sequence[str],
        line: int,
        bindings: Mapping[str, Any],
    ) -> int:
        """The index of the first option the judge approves, in declared order."""
        for position, label in enumerate(labels):
            if self.judge(_choice_question(criteria, label), line, bindings):
                return position
        raise ChoiceError(self.pattern, line, criteria)

    async def choose_async(
        self,
        criteria: str,
        labels: Sequence[str],
        line: int,
        bindings: Mapping[str, Any],
    ) -> int:
        """:meth:`choose` for the ``_async`` variant."""
        for position, label in enumerate(labels):
            question = _choice_question(criteria, label)
            if await self.judge_async(question, line, bindings):
                return position
        raise ChoiceError(self.pattern, line, criteria)

    # -- parallel regions ------------------------------------------------------

    def parallel(
        self,
        thunks: Sequence[Callable[[], Any]],
        *,
        line: int,
        join: str = "all",
        count: int | None = None,
        on_fail: str = "fail-fast",
    ) -> Any:
        """Run ``parallel for``/``parallel repeat`` iterations on threads.

        ``"all"``: the list of values in input order; on a failure,
        ``fail-fast`` raises it at once, ``continue`` puts its
        :class:`Failure` in its place, ``ignore`` drops it. ``"first"``: the
        value of the first to finish (its failure is raised, or is the
        :class:`Failure` under ``continue``; ``ignore`` waits for the first
        success). ``"any"``: the first success (if all fail, the last failure
        is raised), or with ``count`` a list of the first ``count`` successes
        in input order (too few is a :class:`PatternError`). Iterations left
        when the result is known are cancelled or ignored.

        ``on_fail`` covers the failures a ``try/catch`` could catch
        (:data:`CATCHABLE`); any other error stops the region and is raised.
        """
        plan = self._plan(join, count, on_fail, len(thunks), line)
        board = self._run_threads(thunks, plan, line)
        return plan.as_value(self._pick(plan, board, line))

    async def parallel_async(
        self,
        factories: Sequence[Callable[[], Awaitable[Any]]],
        *,
        line: int,
        join: str = "all",
        count: int | None = None,
        on_fail: str = "fail-fast",
    ) -> Any:
        """:meth:`parallel` for the ``_async`` variant, on tasks."""
        plan = self._plan(join, count, on_fail, len(factories), line)
        board = await self._run_tasks(factories, plan, line)
        return plan.as_value(self._pick(plan, board, line))

    def branches(
        self,
        thunks: Sequence[Callable[[], Any]],
        *,
        line: int,
        join: str = "all",
        count: int | None = None,
        on_fail: str = "fail-fast",
    ) -> list[Any]:
        """Run the branches of a ``parallel:`` block on threads.

        Always one entry per branch, in order: its value, or None where a
        branch was not picked, was cancelled or failed under ``ignore``
        (a :class:`Failure` where it failed under ``continue``).
        """
        plan = self._plan(join, count, on_fail, len(thunks), line)
        board = self._run_threads(thunks, plan, line)
        return plan.as_branches(self._pick(plan, board, line), board)

    async def branches_async(
        self,
        factories: Sequence[Callable[[], Awaitable[Any]]],
        *,
        line: int,
        join: str = "all",
        count: int | None = None,
        on_fail: str = "fail-fast",
    ) -> list[Any]:
        """:meth:`branches` for the ``_async`` variant, on tasks."""
        plan = self._plan(join, count, on_fail, len(factories), line)
        board = await self._run_tasks(factories, plan, line)
        return plan.as_branches(self._pick(plan, board, line), board)

    def _plan(self, join: str, count: Any, on_fail: str, size: int, line: int) -> _Plan:
        if join not in _JOINS:
            raise ValueProblem(self.pattern, line, f"unknown join {_preview(join)}")
        if on_fail not in _ON_FAIL:
            raise ValueProblem(
                self.pattern, line, f"unknown on-fail {_preview(on_fail)}"
            )
        wanted = None if count is None else _whole_number(count)
        if count is not None and (wanted is None or wanted < 1 or join != "any"):
            raise ValueProblem(
                self.pattern,
                line,
                f'count must be a whole number >= 1 with join "any", got '
                f"{_preview(count)} with join {join!r}",
            )
        return _Plan(join, wanted, on_fail, size)

    def _run_threads(
        self, thunks: Sequence[Callable[[], Any]], plan: _Plan, line: int
    ) -> _Board:
        if self._journal is None:
            return self._on_threads(thunks, plan)
        step, received, entry = self._region_step(plan, line)
        scoped = [
            functools.partial(self._in_scope, f"{step}[{i}]/", thunk)
            for i, thunk in enumerate(thunks)
        ]
        if entry is not None:
            return _replay_board(plan, entry.value, scoped)
        board = self._on_threads(scoped, plan)
        self._record_region(step, line, received, board)
        return board

    def _in_scope(self, prefix: str, thunk: Callable[[], Any]) -> Any:
        token = _SCOPE.set(_Scope(self, prefix))
        try:
            return thunk()
        finally:
            _SCOPE.reset(token)

    async def _in_scope_async(
        self, prefix: str, factory: Callable[[], Awaitable[Any]]
    ) -> Any:
        token = _SCOPE.set(_Scope(self, prefix))
        try:
            return await factory()
        finally:
            _SCOPE.reset(token)

    def _region_step(self, plan: _Plan, line: int) -> tuple[str, str, Entry | None]:
        """A parallel region's step, and the order its branches finished in
        when the journal holds it: a replay takes the branches in that order,
        so that ``first`` and ``any`` pick what they picked."""
        step = self._step()
        received = digest([plan.join, plan.count, plan.on_fail, plan.size])
        return step, received, self._replay(step, "region", "", line, received)

    def _record_region(
        self, step: str, line: int, received: str, board: _Board
    ) -> None:
        order = list(board.order)
        self._record(Entry(step, "region", "", line, 1, received, "result", order))

    def _on_threads(self, thunks: Sequence[Callable[[], Any]], plan: _Plan) -> _Board:
        board = _Board(plan.size)
        if plan.size == 0:
            return board
        pool = concurrent.futures.ThreadPoolExecutor(
            max_workers=min(plan.size, self.max_concurrency),
            thread_name_prefix=f"prosec-{self.pattern}",
        )
        try:
            # Each branch runs in a copy of the caller's context, as an
            # asyncio task does: what the caller set (a tracing span, say)
            # is current in the branch too.
            futures = {
                pool.submit(contextvars.copy_context().run, thunk): i
                for i, thunk in enumerate(thunks)
            }
            for future in concurrent.futures.as_completed(futures):
                board.record(futures[future], future)
                if plan.settled(board):
                    break
        finally:
            # Queued thunks are cancelled; running ones finish in the
            # background and their results are ignored.
            pool.shutdown(wait=False, cancel_futures=True)
        return board

    async def _run_tasks(
        self, factories: Sequence[Callable[[], Awaitable[Any]]], plan: _Plan, line: int
    ) -> _Board:
        if self._journal is None:
            return await self._on_tasks(factories, plan)
        step, received, entry = self._region_step(plan, line)
        scoped = [
            functools.partial(self._in_scope_async, f"{step}[{i}]/", factory)
            for i, factory in enumerate(factories)
        ]
        if entry is not None:
            board = _Board(plan.size)
            for position in entry.value:
                done: concurrent.futures.Future[Any] = concurrent.futures.Future()
                try:
                    done.set_result(await scoped[position]())
                except Exception as exc:  # noqa: BLE001 - the board takes it as live
                    done.set_exception(exc)
                board.record(position, done)
            return board
        board = await self._on_tasks(scoped, plan)
        self._record_region(step, line, received, board)
        return board

    async def _on_tasks(
        self, factories: Sequence[Callable[[], Awaitable[Any]]], plan: _Plan
    ) -> _Board:
        board = _Board(plan.size)
        limit = asyncio.Semaphore(self.max_concurrency)

        async def limited(factory: Callable[[], Awaitable[Any]]) -> Any:
            async with limit:
                return await factory()

        tasks = [asyncio.create_task(limited(factory)) for factory in factories]
        position = {task: i for i, task in enumerate(tasks)}
        pending = set(tasks)
        try:
            while pending and not plan.settled(board):
                done, pending = await asyncio.wait(
                    pending, return_when=asyncio.FIRST_COMPLETED
                )
                # Tasks that finish together are taken in input order, so
                # the outcome does not depend on set iteration order.
                for task in sorted(done, key=position.__getitem__):
                    board.record(position[task], task)
                    if plan.settled(board):
                        break
        finally:
            await _cancel_all(tasks)
        return board

    def _pick(self, plan: _Plan, board: _Board, line: int) -> dict[int, Any]:
        """The picked positions and their values, in input order; raises per plan."""
        if plan.size == 0:
            return {}
        if plan.join == "all":
            return _pick_all(plan, board)
        if plan.join == "first":
            return _pick_first(plan, board)
        winners = board.successes()[: plan.wanted]
        if len(winners) < plan.wanted:
            raise self._shortfall(plan, board, line)
        return {i: board.values[i] for i in sorted(winners)}

    def _shortfall(self, plan: _Plan, board: _Board, line: int) -> BaseException:
        last = board.last_failure()
        if plan.count is None and last is not None:
            return last  # "any" with every branch failed: the last failure
        error = PatternError(
            self.pattern,
            line,
            f"pattern {self.pattern!r}: only {len(board.successes())} of "
            f"{plan.size} branches succeeded{_where(line)}; "
            f'"any" with count: {plan.count} needs {plan.count}',
        )
        error.__cause__ = last
        return error


# ---------------------------------------------------------------------------
# Parallel regions: the plan and the board
# ---------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class _Plan:
    """How a parallel region ends: its join, count and on-fail policy."""

    join: str
    count: int | None
    on_fail: str
    size: int

    @property
    def wanted(self) -> int:
        """How many successes settle an ``"any"``."""
        return self.count or 1

    def settled(self, board: _Board) -> bool:
        """Whether the outcomes so far decide the region's result."""
        if len(board.order) == self.size:
            return True
        if self.join == "all":
            return self.on_fail == "fail-fast" and board.failed
        if self.join == "first":
            # Under "ignore" a failure does not count as finishing first.
            return bool(board.successes()) or (
                self.on_fail != "ignore" and board.failed
            )
        return len(board.successes()) >= self.wanted

    def as_value(self, picked: dict[int, Any]) -> Any:
        """The value of a ``parallel for``/``repeat``: a list, or one value."""
        if self.join == "all" or self.count is not None:
            return list(picked.values())
        return next(iter(picked.values()), None)

    def as_branches(self, picked: dict[int, Any], board: _Board) -> list[Any]:
        """One entry per branch of a ``parallel:`` block."""
        values: list[Any] = [None] * self.size
        if self.on_fail == "continue":
            for i in board.order:
                error = board.errors[i]
                if error is not None:
                    values[i] = failure(error)
        for i, value in picked.items():
            values[i] = value
        return values


class _Board:
    """The outcomes of a parallel region's branches as they finish."""

    def __init__(self, size: int) -> None:
        self.values: list[Any] = [None] * size
        self.errors: list[BaseException | None] = [None] * size
        self.order: list[int] = []  # positions in the order they finished
        self.failed = False

    def record(
        self, position: int, done: concurrent.futures.Future[Any] | asyncio.Future[Any]
    ) -> None:
        """Take the outcome of a finished future or task."""
        error = _outcome_error(done)
        if error is not None and not isinstance(error, CATCHABLE):
            # on_fail and "any" are about the failures a try/catch could
            # catch. A missing judge, a bad value, a bug, an interrupt is not
            # a branch's outcome to report but a reason to stop everything.
            raise error
        self.order.append(position)
        if error is None:
            self.values[position] = done.result()
        else:
            self.errors[position] = error
            self.failed = True

    def successes(self) -> list[int]:
        """Positions that succeeded, in the order they finished."""
        return [i for i in self.order if self.errors[i] is None]

    def first_failure(self) -> BaseException | None:
        """The failure that happened first, if any."""
        return next(self._failures(), None)

    def last_failure(self) -> BaseException | None:
        """The failure that happened last, if any."""
        failures = list(self._failures())
        return failures[-1] if failures else None

    def _failures(self) -> Iterator[BaseException]:
        return (e for i in self.order if (e := self.errors[i]) is not None)


def _outcome_error(
    done: concurrent.futures.Future[Any] | asyncio.Future[Any],
) -> BaseException | None:
    if done.cancelled():
        return asyncio.CancelledError()
    return done.exception()


def _pick_all(plan: _Plan, board: _Board) -> dict[int, Any]:
    first = board.first_failure()
    if first is not None and plan.on_fail == "fail-fast":
        raise first
    picked: dict[int, Any] = {}
    for i in range(plan.size):
        error = board.errors[i]
        if error is None:
            picked[i] = board.values[i]
        elif plan.on_fail == "continue":
            picked[i] = failure(error)
    return picked


def _pick_first(plan: _Plan, board: _Board) -> dict[int, Any]:
    for i in board.order:
        error = board.errors[i]
        if error is None:
            return {i: board.values[i]}
        if plan.on_fail == "fail-fast":
            raise error
        if plan.on_fail == "continue":
            return {i: failure(error)}
    return {}  # "ignore", and every branch failed


async def _cancel_all(tasks: Sequence[asyncio.Task[Any]]) -> None:
    """Cancel the tasks still running, wait for them, and retrieve failures.

    Retrieving is what keeps asyncio from logging "exception was never
    retrieved" for branches whose outcome the plan did not need.
    """
    running = [task for task in tasks if not task.done()]
    for task in running:
        task.cancel()
    if running:
        await asyncio.wait(running)
    for task in tasks:
        if not task.cancelled():
            task.exception()


# ---------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------


def _backoff_delay(backoff: str, attempt: int) -> float:
    """Seconds to wait after failed attempt ``attempt`` (1-based)."""
    if backoff == "linear":
        return BACKOFF_SECONDS * attempt
    if backoff == "exponential":
        return float(BACKOFF_SECONDS * 2 ** (attempt - 1))
    return 0.0


def _pause(seconds: float) -> None:
    if seconds > 0:
        time.sleep(seconds)


def _option_type(
    pattern: str, option: str, value: Any, wanted: str, renamed: Sequence[str]
) -> TypeError:
    """The error for a runtime option given a value of the wrong type."""
    if inspect.isfunction(value) or inspect.ismethod(value):
        shown = f"the function {getattr(value, '__qualname__', '?')!r}"
    else:
        shown = f"{type(value).__name__} {_preview(value)}"
    where = ""
    if option in renamed:
        where = (
            f"; this pattern's own {option!r} is the parameter {option}_= "
            f"(the name {option}= is the runtime option)"
        )
    return TypeError(
        f"pattern {pattern!r}: {option}= must be {wanted}, got {shown}{where}"
    )


def _in_daemon_thread(
    work: Callable[[], Any], name: str
) -> concurrent.futures.Future[Any]:
    """Run ``work`` on a new daemon thread; its outcome arrives in the future.

    Daemon, so a delegate that never returns cannot keep the interpreter
    alive after its call timed out; one thread per call, so a call never
    waits for a pool worker while its timeout runs.
    """
    future: concurrent.futures.Future[Any] = concurrent.futures.Future()
    context = contextvars.copy_context()  # the caller's, as in a branch

    def run() -> None:
        if not future.set_running_or_notify_cancel():
            return
        try:
            result = context.run(work)
        # Handed to the caller, who re-raises it.
        except BaseException as exc:  # noqa: BLE001
            future.set_exception(exc)
        else:
            future.set_result(result)

    threading.Thread(target=run, name=f"prosec-{name}", daemon=True).start()
    return future


def _is_async_callable(delegate: Any) -> bool:
    """An ``async def`` function, or an object whose ``__call__`` is one."""
    if inspect.iscoroutinefunction(delegate):
        return True
    try:
        call_method = type(delegate).__call__
    except AttributeError:  # not callable; calling it will say so
        return False
    return inspect.iscoroutinefunction(call_method)


def _close(awaitable: Awaitable[Any]) -> None:
    """Close a coroutine that will never be awaited, so Python does not warn."""
    if inspect.iscoroutine(awaitable):
        awaitable.close()


def refuse_awaitable(result: Any, slot: str) -> None:
    """In a sync call, refuse a delegate's awaitable result (an async
    delegate's coroutine, closed unrun) with the TypeError that
    :meth:`Run.call` raises; the caller wraps it in a DelegateError."""
    if inspect.isawaitable(result):
        raise _async_in_sync_call(result, slot)


#: How a generated module makes its frozen result: ``new_instance(cls)``, then
#: each field's setter (see :func:`field_setter`); the dataclass's keyword
#: ``__init__`` costs about twice as much.
new_instance = object.__new__


def field_setter(cls: type, name: str) -> Callable[[Any, Any], None]:
    """The setter of slot ``name`` of a slotted class, frozen or not: called
    as ``setter(instance, value)``, it sets the field once, when the instance
    is made."""
    slot = cls.__dict__[name]
    if not isinstance(slot, MemberDescriptorType):
        raise TypeError(f"{cls.__name__}.{name} is not a slot")
    setter: Callable[[Any, Any], None] = slot.__set__
    return setter


def _async_in_sync_call(result: Awaitable[Any], slot: str) -> TypeError:
    _close(result)
    return TypeError(
        f"delegate {slot!r} returned {type(result).__name__} instead of a result: "
        "async delegates need the pattern's _async variant"
    )


def _criteria_question(criteria: str, outcome: str, subject: str) -> str:
    verdict = "a failure" if outcome == "failure" else "acceptable"
    return f"Is {subject} {verdict} by these criteria: {criteria}"


def _choice_question(criteria: str, label: str) -> str:
    return f"Given the criteria {criteria!r}, should the option {label!r} be chosen?"


class _JudgeStep(NamedTuple):
    """A judge question's step in a journaled run, and its record if any."""

    key: str
    received: str
    entry: Entry | None


def _replay_board(
    plan: _Plan, order: Sequence[int], scoped: Sequence[Callable[[], Any]]
) -> _Board:
    """The board of a recorded region: its branches replayed one after the
    other, in the order they finished when the run recorded them."""
    board = _Board(plan.size)
    for position in order:
        done: concurrent.futures.Future[Any] = concurrent.futures.Future()
        try:
            done.set_result(scoped[position]())
        except Exception as exc:  # noqa: BLE001 - the board takes it as live
            done.set_exception(exc)
        board.record(position, done)
    return board


def _attempt_key(step: str, attempt: int) -> str:
    """The key of attempt ``attempt`` of the call at ``step``."""
    return step if attempt == 1 else f"{step}#{attempt}"


def _attempt_of(key: str) -> int:
    _, mark, attempt = key.rpartition("#")
    return int(attempt) if mark else 1


def _step_words(kind: str, slot: str, line: int) -> str:
    if kind == "call":
        return f"a call of {slot!r}{_where(line)}"
    if kind == "judge":
        return f"the judge's answer to {_preview(slot)}{_where(line)}"
    return f"a parallel region{_where(line)}"


def _check_journal(
    pattern: str, journal: Any, run_id: Any, renamed: Sequence[str]
) -> None:
    """``journal=`` and ``run_id=``: both or neither, of the right kinds."""
    if journal is None:
        if run_id is not None:
            raise TypeError(
                f"pattern {pattern!r}: run_id= names a run in a journal; pass "
                "journal= too (such as SqliteJournal(path))"
            )
        return
    if not all(
        callable(getattr(journal, m, None)) for m in ("begin", "lookup", "record")
    ):
        raise _option_type(
            pattern,
            "journal",
            journal,
            "a journal (an object with begin, lookup and record methods, such as "
            "SqliteJournal(path))",
            renamed,
        )
    if run_id is None:
        raise TypeError(
            f"pattern {pattern!r}: journal= needs run_id=, the name under which "
            "the run is recorded and resumed"
        )
    if not isinstance(run_id, str) or not run_id:
        raise _option_type(pattern, "run_id", run_id, "a non-empty str", renamed)
