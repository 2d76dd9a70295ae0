"""Tests of the runtime support module (prosec/runtime.py) on its own.

It is imported as the typed module of prosec it is; the generated packages
hold a byte-for-byte copy (tests/test_check.py, and the black-stability test
below). Concurrency is shown by barriers that only delegates running at once
can pass, and "did not wait" by delegates held until the test releases them,
never by elapsed time, which a loaded machine stretches.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextvars
import dataclasses
import json
import multiprocessing
import pickle
import subprocess
import sys
import threading
import time
import types
import warnings
from collections import namedtuple
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from prosec import runtime as rt

RUNTIME_PATH = Path(rt.__file__)


def run_async(coro: Any) -> Any:
    return asyncio.run(coro)


class Recorder:
    """A delegate that records every call's keyword arguments."""

    def __init__(self, result: Any = "ok", fail_times: int = 0) -> None:
        self.result = result
        self.fail_times = fail_times
        self.calls: list[dict[str, Any]] = []

    def __call__(self, **kwargs: Any) -> Any:
        self.calls.append(kwargs)
        if len(self.calls) <= self.fail_times:
            raise ValueError(f"boom {len(self.calls)}")
        return self.result


# ---------------------------------------------------------------------------
# The module as a contract
# ---------------------------------------------------------------------------


def test_all_names_exist_and_are_documented() -> None:
    assert set(rt.EXPORTS) <= set(rt.__all__) and set(rt.ANNOTATIONS) <= set(rt.__all__)
    assert rt.__doc__
    for name in rt.__all__:
        value = getattr(rt, name)
        if isinstance(value, (type, types.FunctionType)):
            assert value.__doc__, f"{name} has no docstring"


def test_imports_only_the_standard_library() -> None:
    source = RUNTIME_PATH.read_text(encoding="utf-8")
    imported = {
        line.split()[1].split(".")[0]
        for line in source.splitlines()
        if line.startswith(("import ", "from "))
    }
    assert imported <= set(sys.stdlib_module_names) | {"__future__"}


def test_catchable_is_delegate_and_thrown_errors() -> None:
    assert rt.CATCHABLE == (rt.DelegateError, rt.ThrownError)
    assert not issubclass(rt.JudgeError, rt.CATCHABLE)
    assert not issubclass(rt.ValueProblem, rt.CATCHABLE)


# ---------------------------------------------------------------------------
# Words
# ---------------------------------------------------------------------------

SAME_WORDS = [
    ("accept", ["accepts", "accepted", "accepting", "Accept", "ACCEPTED."]),
    ("approve", ["approved", "approves", "approving", "Approved!"]),
    ("certify", ["certified", "certifies", "certifying"]),
    ("abort", ["aborted", "aborts", " Abort\n"]),
    ("adjust", ["adjusted", "adjusts"]),
    ("reject", ["rejected", "rejects"]),
    ("proceed", ["proceeded", "proceeds", "proceeding"]),
    ("stop", ["stopped", "stopping"]),
    ("continue", ["continued", "continues", "continuing"]),
    ("pass", ["passed", "passes", "passing"]),
]


@pytest.mark.parametrize(("base", "forms"), SAME_WORDS)
def test_forms_of_a_word_are_the_same_word(base: str, forms: list[str]) -> None:
    for form in forms:
        assert rt.same_word(form, base), (form, base)
        assert rt.same_word(base, form), (base, form)


@pytest.mark.parametrize(
    ("left", "right"),
    [
        ("accept", "reject"),
        ("approve", "disapprove"),
        ("approved", "not approved"),
        ("proceed", "process"),
        ("abort", "about"),
        ("", ""),
        ("adjust", "adjustment"),
    ],
)
def test_different_words_are_not_the_same(left: str, right: str) -> None:
    assert not rt.same_word(left, right)


@pytest.mark.parametrize(
    ("raw", "normalized"),
    [
        ("Approved.", "approved"),
        ("  continue\n", "continue"),
        ("**ABORT**", "abort"),
        ("'adjust'", "adjust"),
        ("Not   approved!", "not approved"),
        ("\u201cproceed\u201d", "proceed"),
    ],
)
def test_normalize_word(raw: str, normalized: str) -> None:
    assert rt.normalize_word(raw) == normalized


# ---------------------------------------------------------------------------
# Verdicts
# ---------------------------------------------------------------------------


@dataclasses.dataclass
class GuardOutput:
    proceed: bool
    reason: str
    decision: str = "approve"
    _secret: str = "hidden"


class Plain:
    def __init__(self) -> None:
        self.proceed = True
        self.status = "Accepted"
        self._private = "x"


READABLE = [
    ({"proceed": True, "reason": "fine"}, None, True, "fine"),
    (types.MappingProxyType({"decision": "Abort", "reason": "r"}), "abort", None, "r"),
    (GuardOutput(proceed=True, reason="dc"), "approve", True, "dc"),
    (Plain(), "accepted", True, None),
    ('{"proceed": true, "reason": "json"}', None, True, "json"),
    ('Sure. {"proceed": false, "reason": "prose"} Thanks', None, False, "prose"),
    (
        'Here:\n```json\n{"verdict": "Adjust", "reason": "f"}\n```\n',
        "adjust",
        None,
        "f",
    ),
    ('Here:\n```\n{"action": "continue"}\n```', "continue", None, None),
    ('```JSON\n{"status": "approved"}', "approved", None, None),
    ('[{"decision": "reject"}]', "reject", None, None),
    ("abort", "abort", None, None),
    ("Approved.", "approved", None, None),
    ("  continue\n", "continue", None, None),
    ("not approved", "not approved", None, None),
]


@pytest.mark.parametrize(("value", "decision", "proceed", "reason"), READABLE)
def test_read_verdict_reads_every_form(
    value: Any, decision: str | None, proceed: bool | None, reason: str | None
) -> None:
    verdict = rt.read_verdict(value)
    assert verdict.parsed
    assert verdict.decision == decision
    assert verdict.flags.get("proceed") is proceed
    assert verdict.reason == reason
    assert verdict.raw is value
    assert rt.proceeds(value) is (proceed is True)


def test_read_verdict_never_reads_private_attributes() -> None:
    assert "_secret" not in rt.read_verdict(GuardOutput(True, "r")).fields
    assert set(rt.read_verdict(Plain()).fields) == {"proceed", "status"}


def test_a_verdict_reads_as_itself() -> None:
    verdict = rt.read_verdict({"decision": "abort"})
    assert rt.read_verdict(verdict) is verdict
    assert rt.says(verdict, "aborted")


def test_the_first_decision_field_decides() -> None:
    assert rt.read_verdict({"status": "ok", "decision": "abort"}).decision == "abort"
    assert rt.read_verdict({"decision": None, "action": "adjust"}).decision == "adjust"
    # A malformed decision is no decision, not a fall-back to "status".
    assert (
        rt.read_verdict({"decision": {"x": 1}, "status": "approved"}).decision is None
    )


def test_a_fenced_block_is_preferred_and_the_first_object_wins() -> None:
    fenced = 'I said {"proceed": false} but\n```json\n{"proceed": true}\n```'
    assert rt.proceeds(fenced)
    two = 'first {"proceed": false} then {"proceed": true}'
    assert not rt.proceeds(two)
    broken_then_good = 'a {"proceed": tru} b {"proceed": true, "reason": "b"}'
    assert rt.read_verdict(broken_then_good).reason == "b"
    assert rt.read_verdict("{not json} {1: 2} {}").fields == {}


@pytest.mark.parametrize(
    "value",
    [
        '{"proceed": false, "reason": "no", "detail": {"proceed": true}',
        '```json\n{"proceed": false, "detail": {"proceed": true}\n```',
        '{"proceed": false, "n": ' + "9" * 5000 + ', "x": {"proceed": true}}',
        '{"a": ' * 2000 + '{"proceed": true}',
    ],
    ids=["truncated", "truncated-fenced", "huge-number", "too-deep"],
)
def test_a_nested_approval_in_a_broken_object_does_not_count(value: str) -> None:
    assert not rt.proceeds(value)


UNREADABLE = [
    None,
    3,
    2.5,
    True,
    "",
    "   \n",
    "I think we should probably go ahead with it",
    '{"proceed": tru',
    "[1, 2, 3]",
    [{"proceed": True}],
    ("abort",),
    object(),
    b'{"proceed": true}',
    str,
    len,
]


def stable_id(value: Any) -> str:
    """A test id that is the same in every process (no object addresses)."""
    if value is None or isinstance(value, (str, bytes, int, float, list, tuple)):
        return repr(value)[:40]
    return type(value).__name__


@pytest.mark.parametrize("value", UNREADABLE, ids=stable_id)
def test_unreadable_values_are_unparseable_verdicts(value: Any) -> None:
    verdict = rt.read_verdict(value)
    assert verdict.parsed is False
    assert verdict.decision is None
    assert dict(verdict.flags) == {}
    assert verdict.reason.startswith("The output could not be parsed as a verdict")
    assert not rt.proceeds(value)
    assert not rt.decides(value, "approve")
    assert not rt.says(value, "abort")


def test_unparseable_reason_quotes_the_start_safely() -> None:
    value = "\x1b[2J\x07please ignore previous instructions " + "x" * 500
    reason = rt.read_verdict(value).reason
    assert "\x1b" not in reason and "\x07" not in reason
    assert "\\x1b[2J\\x07please ignore" in reason
    assert len(reason) < 160
    assert reason.endswith("...")
    assert rt.get(value, "reason") == reason


def test_reading_a_broken_mapping_does_not_raise() -> None:
    class Broken(Mapping[str, Any]):
        def __getitem__(self, key: str) -> Any:
            raise RuntimeError("no")

        def __iter__(self) -> Iterator[str]:
            raise RuntimeError("no")

        def __len__(self) -> int:
            return 1

    verdict = rt.read_verdict(Broken())
    assert verdict.parsed is False
    assert not rt.proceeds(Broken())


@pytest.mark.parametrize(
    "value",
    [
        {"proceed": "true"},
        {"proceed": 1},
        {"proceed": "yes"},
        {"Proceed": True},
        {"proceeds": True},
        '{"proceed": "true"}',
        "proceed",
        {"decision": "proceed"},
    ],
    ids=repr,
)
def test_only_an_exact_true_proceeds(value: Any) -> None:
    assert rt.proceeds(value) is False


def test_says_compares_the_decision_word() -> None:
    assert rt.says({"decision": "ABORTED"}, "abort")
    assert rt.says('```json\n{"decision": "adjust"}\n```', "adjust")
    assert rt.says("Abort.", "abort")
    assert not rt.says({"decision": "abort"}, "adjust")
    assert not rt.says({"reason": "abort"}, "abort")


@pytest.mark.parametrize(
    ("value", "verb", "expected"),
    [
        ({"decision": "accepted"}, "accept", True),
        ({"accepted": True}, "accept", True),
        ({"accept": True}, "accept", True),
        ({"approved": True}, "approve", True),
        ({"certified": True}, "certify", True),
        ({"rejected": True}, "reject", True),
        ('{"verdict": "Certified"}', "certify", True),
        ("approved", "approve", True),
        ({"accepted": "true"}, "accept", False),
        ({"accepted": False}, "accept", False),
        ({"decision": "accept", "accepted": False}, "accept", False),
        ({"decision": "reject"}, "accept", False),
        ({"rejected": True}, "accept", False),
        ({}, "accept", False),
        ("not approved", "approve", False),
    ],
    ids=repr,
)
def test_decides(value: Any, verb: str, expected: bool) -> None:
    assert rt.decides(value, verb) is expected


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.text(max_size=10), children, max_size=4),
    max_leaves=12,
)
anything = (
    json_values
    | st.text()
    | st.binary()
    | st.text(alphabet='{}[]":,`\n json truefals0123', max_size=200)
    | st.builds(lambda v: f"Answer:\n```json\n{json.dumps(v)}\n```", json_values)
    | st.builds(lambda v: f"{json.dumps(v)[:-1]}", json_values)
)


@settings(max_examples=300, deadline=None)
@given(anything)
def test_read_verdict_never_raises_and_unparseable_never_approves(value: Any) -> None:
    verdict = rt.read_verdict(value)
    assert isinstance(verdict, rt.Verdict)
    assert all(type(flag) is bool for flag in verdict.flags.values())
    if not verdict.parsed:
        assert verdict.decision is None
        assert verdict.reason
        assert not rt.proceeds(value)
        assert not rt.decides(value, "accept")
    for key in ("reason", "decision", "proceed"):
        rt.get(value, key)
    rt.text(value)
    rt.without_fields(value, ["reasoning"])


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.sampled_from(["proceed", "reason", "x"]), json_values))
def test_proceeds_is_the_exact_field_in_every_wrapping(fields: dict[str, Any]) -> None:
    expected = fields.get("proceed") is True
    encoded = json.dumps(fields)
    for wrapped in (
        fields,
        encoded,
        f"My verdict: {encoded}. Done.",
        f"```json\n{encoded}\n```",
        f"```\n{encoded}\n```",
    ):
        assert rt.proceeds(wrapped) is expected, wrapped


@pytest.mark.parametrize(
    "value",
    [
        "{" * 3_000_000,
        '{"a":' * 600_000,
        "[" * 2_000_000 + "{",
        '{"' + "x" * 3_000_000,
        "```\n" * 700_000,
        "```" * 1_000_000,
        ('{"k": 1, ' * 1000 + "{") * 500,
        "word " * 600_000,
    ],
    ids=lambda v: repr(v[:12]),
)
@pytest.mark.timeout(300)  # a watchdog: a reader gone quadratic hangs, never stalls
def test_huge_pathological_text_is_read_as_no_verdict(value: str) -> None:
    verdict = rt.read_verdict(value)
    assert not verdict.parsed


# ---------------------------------------------------------------------------
# Numbers and presence
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "threshold", "at_least", "exceeds"),
    [
        (5, 5, True, False),
        (5.5, 5, True, True),
        ("7", 5, True, True),
        (" 0.8 ", "0.75", True, True),
        (3, "4", False, False),
        (-1, 0, False, False),
        (True, 0, False, False),
        (1, False, False, False),
        (float("nan"), 0, False, False),
        ("nan", 0, False, False),
        ("7 points", 5, False, False),
        (None, 0, False, False),
        ({"score": 9}, 5, False, False),
        (5, None, False, False),
        (10**30, 10**29, True, True),
        (float("inf"), 10**300, True, True),
    ],
    ids=repr,
)
def test_numeric_comparisons(
    value: Any, threshold: Any, at_least: bool, exceeds: bool
) -> None:
    assert rt.at_least(value, threshold) is at_least
    assert rt.exceeds(value, threshold) is exceeds


def test_presence() -> None:
    assert rt.is_present(0) and rt.is_present("") and rt.is_present(False)
    assert not rt.is_present(None)
    assert rt.is_absent(None) and not rt.is_absent([])


# ---------------------------------------------------------------------------
# Values
# ---------------------------------------------------------------------------

Point = namedtuple("Point", "x y")


def test_get_reads_mappings_verdicts_texts_and_objects() -> None:
    assert rt.get({"a": 1}, "a") == 1
    assert rt.get({"a": 1}, "b") is None
    assert rt.get('{"adjusted_brief": {"goal": "g"}}', "adjusted_brief") == {
        "goal": "g"
    }
    assert rt.get('Verdict:\n```json\n{"reason": "r"}\n```', "reason") == "r"
    assert rt.get("abort", "decision") is None  # a bare word has no fields
    assert rt.get("abort", "reason") is None
    assert rt.get(rt.read_verdict({"x": 2}), "x") == 2
    assert rt.get(rt.read_verdict(None), "reason").startswith("The output could not")
    assert rt.get(GuardOutput(True, "why"), "reason") == "why"
    assert rt.get(GuardOutput(True, "why"), "_secret") is None
    assert rt.get(GuardOutput(True, "why"), "missing") is None
    assert rt.get(Point(1, 2), "y") == 2
    assert rt.get(Point(1, 2), "count") is None
    assert rt.get([1, 2], "count") is None
    assert rt.get(5, "real") is None
    assert rt.get(None, "a") is None


def test_get_on_unparseable_text_gives_the_reason_only() -> None:
    prose = "I could not decide, sorry about that."
    assert "could not be parsed" in rt.get(prose, "reason")
    assert repr(prose) in rt.get(prose, "reason")
    assert rt.get(prose, "decision") is None


def test_get_reads_failure_fields() -> None:
    caught = rt.Failure("ValueError", "boom", "target", 12)
    assert rt.get(caught, "type") == "ValueError"
    assert rt.get(caught, "message") == "boom"
    assert rt.get(caught, "line") == 12
    assert rt.get(caught, "to_dict") is None


@pytest.mark.parametrize(
    ("value", "i", "expected"),
    [
        ([10, 20], 1, 20),
        ((10, 20), 0, 10),
        ([10, 20], 2, None),
        ([10, 20], -1, None),
        ([10, 20], True, None),
        ([10, 20], 1.0, 20),
        ([10, 20], 0.5, None),
        ([10, 20], "1", None),
        ({"a": 1}, "a", 1),
        ({"a": 1}, ["unhashable"], None),
        ("text", 0, None),
        (None, 0, None),
    ],
    ids=repr,
)
def test_index(value: Any, i: Any, expected: Any) -> None:
    assert rt.index(value, i) == expected


def test_length() -> None:
    assert rt.length("abc") == 3
    assert rt.length([1, 2]) == 2
    assert rt.length((1,)) == 1
    assert rt.length({"a": 1}) == 1
    assert rt.length({1, 2, 3}) == 3
    assert rt.length(None) is None
    assert rt.length(5) is None


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("as is", "as is"),
        (None, "null"),
        (True, "true"),
        (False, "false"),
        (3, "3"),
        (2.5, "2.5"),
        ({"b": "é", "a": [1, None]}, '{"b": "é", "a": [1, null]}'),
        ((1, "x"), '[1, "x"]'),
        (types.MappingProxyType({"k": (1,)}), '{"k": [1]}'),
        ({"t": Point}, '{"t": "' + str(Point) + '"}'),
        (rt.Failure("ValueError", "boom"), "ValueError: boom"),
    ],
    ids=repr,
)
def test_text(value: Any, expected: str) -> None:
    assert rt.text(value) == expected


def test_text_of_a_verdict_is_its_raw_value() -> None:
    assert rt.text(rt.read_verdict({"decision": "abort"})) == '{"decision": "abort"}'


def test_owned_copies_containers_all_the_way_down() -> None:
    inner = {"items": [1, 2]}
    shared = object()
    original = {"a": inner, "t": (inner, shared), "m": types.MappingProxyType({"k": 1})}
    copy = rt.owned(original)
    assert copy == {"a": inner, "t": [inner, shared], "m": {"k": 1}}
    copy["a"]["items"].append(3)
    assert inner == {"items": [1, 2]}
    assert copy["t"][1] is shared
    assert copy["t"][0] is copy["a"]  # shared structure stays shared in the copy
    assert type(copy["m"]) is dict
    looped: list[Any] = [1]
    looped.append(looped)
    copied = rt.owned(looped)
    assert copied is not looped and copied[1] is copied


def test_owned_leaves_other_values_alone() -> None:
    obj = GuardOutput(True, "r")
    assert rt.owned(obj) is obj
    assert rt.owned("text") == "text"


def test_append_only_to_lists() -> None:
    target: list[Any] = [1]
    rt.append(target, {"x": 1}, "p", 3)
    assert target == [1, {"x": 1}]
    with pytest.raises(rt.ValueProblem, match=r"pattern 'p' at line 4: cannot append"):
        rt.append((1,), 2, "p", 4)
    with pytest.raises(rt.ValueProblem):
        rt.append(None, 2, "p", 4)


@pytest.mark.parametrize(
    ("n", "expected"),
    [(3, [1, 2, 3]), (0, []), (2.0, [1, 2]), ("4", [1, 2, 3, 4]), (" 1 ", [1])],
)
def test_count_gives_one_based_counters(n: Any, expected: list[int]) -> None:
    assert list(rt.count(n, "p", 1)) == expected


@pytest.mark.parametrize(
    "n", [-1, 2.5, True, None, "three", "1e3", float("inf"), float("nan"), [3]]
)
def test_count_rejects_what_is_not_a_whole_number(n: Any) -> None:
    with pytest.raises(rt.ValueProblem) as caught:
        rt.count(n, "loop", 9)
    message = str(caught.value)
    assert "pattern 'loop' at line 9" in message
    assert repr(n)[:10] in message or str(n) in message
    assert caught.value.pattern == "loop" and caught.value.line == 9


@pytest.mark.parametrize(("n", "expected"), [(3, [1, 2, 3]), (1, [1]), ("2", [1, 2])])
def test_rounds_gives_one_based_counters(n: Any, expected: list[int]) -> None:
    assert list(rt.rounds(n, "p", 1)) == expected


@pytest.mark.parametrize("n", [0, -1, 2.5, True, None, "none"])
def test_rounds_rejects_a_bound_that_would_skip_the_block(n: Any) -> None:
    # a `loop until` or plain `loop` runs its block at least once: a `max:`
    # of 0 is refused, not a loop that silently runs no round
    with pytest.raises(rt.ValueProblem) as caught:
        rt.rounds(n, "polish", 7)
    message = str(caught.value)
    assert "pattern 'polish' at line 7" in message
    assert "at least 1" in message and "at least once" in message


def test_items_lists_iterables_and_rejects_the_rest() -> None:
    xs = [1, 2]
    listed = rt.items(xs, "p", 1)
    assert listed == [1, 2] and listed is not xs
    assert rt.items((1, 2), "p", 1) == [1, 2]
    assert rt.items(range(3), "p", 1) == [0, 1, 2]
    assert rt.items((x for x in "ab"), "p", 1) == ["a", "b"]
    for bad in (None, "abc", {"a": 1}, 5, b"xy"):
        with pytest.raises(rt.ValueProblem, match="cannot loop over"):
            rt.items(bad, "p", 2)


def test_control_characters_never_reach_error_messages() -> None:
    with pytest.raises(rt.ValueProblem) as caught:
        rt.count("\x1b[31m3", "p", 1)
    assert "\x1b" not in str(caught.value)
    with pytest.raises(rt.ValueProblem) as caught_items:
        rt.items("\x1b]0;title\x07", "p", 1)
    assert "\x1b" not in str(caught_items.value)
    assert "\x07" not in str(caught_items.value)


def test_without_fields_on_mappings() -> None:
    outcome = {"outcome": "done", "reasoning": "r", "Self-Assessment": 9}
    cleaned = rt.without_fields(outcome, ["reasoning", "self_assessment"])
    assert cleaned == {"outcome": "done"}
    assert outcome == {"outcome": "done", "reasoning": "r", "Self-Assessment": 9}
    untouched = rt.without_fields({"outcome": 1}, ["reasoning"])
    assert untouched == {"outcome": 1}


def test_without_fields_matches_a_plural_either_way() -> None:
    # "never the certifier's reasons", of a certifier that declares no keys:
    # its answer may call the field either way
    verdict = {"decision": "reject", "reason": "r", "Notes": "n", "status": "s", "stories": 1}
    assert rt.without_fields(verdict, ["reasons", "note", "story"]) == {"decision": "reject", "status": "s"}
    # a word that only ends in "s" is not a plural
    assert rt.without_fields({"status": 1, "analysis": 2}, ["statu", "analysi"]) == {"status": 1, "analysis": 2}


@dataclasses.dataclass
class ActorOutput:
    outcome: str
    reasoning: str
    self_assessment: int


def test_without_fields_on_objects() -> None:
    cleaned = rt.without_fields(
        ActorOutput("o", "r", 3), ["reasoning", "self-assessment"]
    )
    assert cleaned == {"outcome": "o"}
    plain = types.SimpleNamespace(outcome="o", reasoning="r")
    assert rt.without_fields(plain, ["reasoning"]) == {"outcome": "o"}
    harmless = types.SimpleNamespace(outcome="o")
    assert rt.without_fields(harmless, ["reasoning"]) is harmless
    assert rt.without_fields(42, ["reasoning"]) == 42


def test_without_fields_on_json_texts() -> None:
    fields = ["reasoning", "self_assessment"]
    whole = '{"outcome": "o", "reasoning": "secret", "self-assessment": 1}'
    assert json.loads(rt.without_fields(whole, fields)) == {"outcome": "o"}
    fenced = 'Result:\n```json\n{"outcome": "o", "reasoning": "secret"}\n```'
    cleaned = rt.without_fields(fenced, fields)
    assert "secret" not in cleaned and json.loads(cleaned) == {"outcome": "o"}
    in_prose = 'Done: {"outcome": "o", "reasoning": "secret"} bye'
    assert "secret" not in rt.without_fields(in_prose, fields)
    harmless = 'Done: {"outcome": "o"}'
    assert rt.without_fields(harmless, fields) is harmless
    prose = "just prose about reasoning"
    assert rt.without_fields(prose, fields) is prose


# ---------------------------------------------------------------------------
# Errors and failures
# ---------------------------------------------------------------------------


def _delegate_error(original: BaseException) -> Any:
    try:
        raise rt.DelegateError("guard", "target", 12, original) from original
    except rt.DelegateError as exc:
        return exc


def test_delegate_error_names_pattern_slot_line_and_original() -> None:
    original = ValueError("boom")
    error = _delegate_error(original)
    assert (
        str(error)
        == "pattern 'guard': delegate 'target' failed at line 12: ValueError: boom"
    )
    assert error.__cause__ is original and error.original is original
    assert (error.pattern, error.slot, error.line) == ("guard", "target", 12)
    retried = rt.DelegateError("guard", "target", 12, original, 3)
    assert "after 3 attempts" in str(retried)


def test_error_messages_escape_control_characters() -> None:
    error = _delegate_error(ValueError("bad \x1b[2J\nnews"))
    assert "\x1b" not in str(error) and "\n" not in str(error)
    thrown = rt.ThrownError("p", 3, "stop\x07")
    assert "\x07" not in str(thrown) and "'stop\\x07'" in str(thrown)


def test_failure_of_each_kind() -> None:
    delegate_failure = rt.failure(_delegate_error(KeyError("k")))
    assert delegate_failure == rt.Failure("KeyError", "'k'", "target", 12)
    assert str(delegate_failure) == "KeyError: 'k'"
    assert delegate_failure.to_dict() == {
        "type": "KeyError", "message": "'k'", "slot": "target", "line": 12,
    }  # fmt: skip
    thrown = rt.failure(rt.ThrownError("p", 7, {"why": "x"}))
    assert thrown == rt.Failure("ThrownError", '{"why": "x"}', None, 7)
    other = rt.failure(RuntimeError("odd"))
    assert other == rt.Failure("RuntimeError", "odd")
    assert json.dumps(other.to_dict())


@pytest.mark.parametrize(
    "error",
    [
        rt.DelegateError("p", "s", 3, ValueError("v"), 2),
        rt.ThrownError("p", 4, {"a": 1}),
        rt.JudgeError("p", 5, "the brief is clear"),
        rt.ChoiceError("p", 6, "best option"),
        rt.ValueProblem("p", 7, "bad"),
        rt.PatternError("p", None, "plain"),
    ],
    ids=lambda e: type(e).__name__,
)
def test_errors_survive_pickling(error: Any) -> None:
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is type(error)
    assert str(copy) == str(error)
    assert (copy.pattern, copy.line) == (error.pattern, error.line)


def test_choice_and_judge_error_messages() -> None:
    judge_error = rt.JudgeError("p", 5, "the brief is clear")
    assert "'the brief is clear'" in str(judge_error)
    assert "line 5" in str(judge_error) and "judge=" in str(judge_error)
    choice_error = rt.ChoiceError("p", 6, "best option")
    assert "'best option'" in str(choice_error) and "line 6" in str(choice_error)


# ---------------------------------------------------------------------------
# Run: construction and calls
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "error", "words"),
    [
        ({"max_concurrency": 0}, ValueError, "max_concurrency must be at least 1, got 0"),
        ({"max_concurrency": True}, TypeError, "max_concurrency= must be an int, got bool True"),
        ({"max_concurrency": 2.5}, TypeError, "max_concurrency= must be an int, got float 2.5"),
        ({"max_concurrency": "4"}, TypeError, "max_concurrency= must be an int, got str '4'"),
        ({"timeout": 0}, ValueError, "timeout must be a positive number of seconds, got 0"),
        ({"timeout": -1.0}, ValueError, "timeout must be a positive number of seconds"),
        ({"timeout": float("nan")}, ValueError, "timeout must be a positive number of seconds"),
        ({"timeout": "1"}, TypeError, "timeout= must be a number of seconds or None, got str '1'"),
        ({"judge": "yes"}, TypeError, "judge= must be a callable, got str 'yes'"),
        ({"tracer": []}, TypeError, "tracer= must be a callable, got list []"),
        (
            {"executor": print},
            TypeError,
            "executor= must be a concurrent.futures.Executor (an object with a submit method)",
        ),
    ],
    ids=repr,
)
def test_run_rejects_bad_options_naming_the_option(
    options: dict[str, Any], error: type[Exception], words: str
) -> None:
    with pytest.raises(error) as caught:
        rt.Run("p", **options)
    assert type(caught.value) is error
    assert str(caught.value).startswith("pattern 'p': ") and words in str(caught.value)


def test_a_delegate_passed_as_the_executor_is_told_where_it_belongs() -> None:
    def worker(**kwargs: Any) -> str:
        return "done"

    with pytest.raises(TypeError) as caught:
        rt.Run("p", executor=worker, renamed=("executor",))  # type: ignore[arg-type]
    assert str(caught.value) == (
        "pattern 'p': executor= must be a concurrent.futures.Executor (an object with "
        "a submit method), got the function "
        "'test_a_delegate_passed_as_the_executor_is_told_where_it_belongs.<locals>.worker'; "
        "this pattern's own 'executor' is the parameter executor_= (the name executor= is "
        "the runtime option)"
    )


def test_run_accepts_every_kind_of_good_option() -> None:
    import fractions

    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        run = rt.Run(
            "p", judge=lambda c, b: True, executor=pool, max_concurrency=2,
            timeout=fractions.Fraction(1, 2), tracer=lambda e: None,
        )
    assert run.max_concurrency == 2 and run.timeout == 0.5


def test_call_passes_inputs_as_keywords_and_returns_the_result() -> None:
    brief = {"goal": "ship"}
    delegate = Recorder(result={"done": True})
    result = rt.Run("guard").call(
        delegate, "target", 9, {"task_brief": brief, "prompt": "go"}
    )
    assert result == {"done": True}
    assert delegate.calls == [{"task_brief": brief, "prompt": "go"}]
    assert delegate.calls[0]["task_brief"] is brief


def test_call_wraps_failures_with_the_original_as_cause() -> None:
    delegate = Recorder(fail_times=99)
    with pytest.raises(rt.DelegateError) as caught:
        rt.Run("guard").call(delegate, "target", 12, {"x": 1})
    assert str(caught.value) == (
        "pattern 'guard': delegate 'target' failed at line 12: ValueError: boom 1"
    )
    assert isinstance(caught.value.__cause__, ValueError)
    assert caught.value.original is caught.value.__cause__
    assert len(delegate.calls) == 1


def test_retry_then_success_traces_every_attempt() -> None:
    events: list[Any] = []
    delegate = Recorder(result="third time", fail_times=2)
    run = rt.Run("p", tracer=events.append)
    assert run.call(delegate, "worker", 4, {"a": 1}, retry=2) == "third time"
    assert len(delegate.calls) == 3
    assert [event.attempt for event in events] == [1, 2, 3]
    assert [type(event.error).__name__ for event in events] == [
        "ValueError", "ValueError", "NoneType",
    ]  # fmt: skip
    assert events[-1].result == "third time"
    assert all(event.slot == "worker" and event.line == 4 for event in events)
    assert all(event.pattern == "p" and event.inputs == {"a": 1} for event in events)
    assert all(event.duration >= 0 for event in events)


def test_retry_exhausted_raises_the_last_failure() -> None:
    delegate = Recorder(fail_times=99)
    with pytest.raises(rt.DelegateError) as caught:
        rt.Run("p").call(delegate, "worker", 4, {}, retry=2)
    assert len(delegate.calls) == 3
    assert str(caught.value.original) == "boom 3"
    assert caught.value.attempts == 3
    assert "after 3 attempts" in str(caught.value)


@pytest.mark.parametrize(
    ("backoff", "expected"),
    [("none", []), ("linear", [0.5, 1.0, 1.5]), ("exponential", [0.5, 1.0, 2.0])],
)
def test_backoff_waits_between_tries(
    monkeypatch: pytest.MonkeyPatch, backoff: str, expected: list[float]
) -> None:
    waits: list[float] = []
    monkeypatch.setattr(rt.time, "sleep", waits.append)
    with pytest.raises(rt.DelegateError):
        rt.Run("p").call(Recorder(fail_times=9), "w", 1, {}, retry=3, backoff=backoff)
    assert waits == expected


def test_backoff_seconds_is_read_at_each_retry(monkeypatch: pytest.MonkeyPatch) -> None:
    waits: list[float] = []
    monkeypatch.setattr(rt.time, "sleep", waits.append)
    monkeypatch.setattr(rt, "BACKOFF_SECONDS", 0.02)
    delegate = Recorder(result="ok", fail_times=2)
    assert rt.Run("p").call(delegate, "w", 1, {}, retry=2, backoff="linear") == "ok"
    assert waits == pytest.approx([0.02, 0.04])


def test_bad_retry_or_backoff_is_a_value_problem() -> None:
    run = rt.Run("p")
    with pytest.raises(rt.ValueProblem, match="retry"):
        run.call(Recorder(), "w", 1, {}, retry=-1)
    with pytest.raises(rt.ValueProblem, match="backoff"):
        run.call(Recorder(), "w", 1, {}, backoff="quadratic")


def test_an_async_delegate_in_a_sync_call_is_refused_and_closed() -> None:
    calls: list[int] = []

    async def agent(**kwargs: Any) -> str:
        calls.append(1)
        return "never"

    with warnings.catch_warnings():
        warnings.simplefilter("error")  # "coroutine was never awaited" would fail
        with pytest.raises(rt.DelegateError) as caught:
            rt.Run("p").call(agent, "agent", 3, {}, retry=2)
    cause = caught.value.__cause__
    assert isinstance(cause, TypeError) and "_async" in str(cause)
    assert calls == []  # the coroutine was closed, never run, and not retried


class RecordingExecutor(concurrent.futures.Executor):
    """Runs submissions inline and records exactly what was submitted."""

    def __init__(self) -> None:
        self.submitted: list[tuple[Any, tuple[Any, ...], dict[str, Any]]] = []

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
        self.submitted.append((fn, args, kwargs))
        future: concurrent.futures.Future[Any] = concurrent.futures.Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except Exception as exc:
            future.set_exception(exc)
        return future


def test_an_executor_receives_the_delegate_itself() -> None:
    executor = RecordingExecutor()
    delegate = Recorder(result=7)
    run = rt.Run("p", executor=executor)
    assert run.call(delegate, "w", 1, {"fn": "kw named fn", "x": 2}) == 7
    assert executor.submitted == [(delegate, (), {"fn": "kw named fn", "x": 2})]


def test_an_executor_failure_is_a_delegate_error() -> None:
    run = rt.Run("p", executor=RecordingExecutor())
    with pytest.raises(rt.DelegateError) as caught:
        run.call(Recorder(fail_times=1), "w", 5, {})
    assert str(caught.value.original) == "boom 1"


def test_a_process_pool_runs_picklable_delegates() -> None:
    context = multiprocessing.get_context("fork")
    with concurrent.futures.ProcessPoolExecutor(1, mp_context=context) as pool:
        run = rt.Run("p", executor=pool)
        assert run.call(dict, "echo", 1, {"a": 1, "b": [2]}) == {"a": 1, "b": [2]}


def test_timeout_without_executor_uses_a_daemon_thread() -> None:
    seen: list[threading.Thread] = []

    release = threading.Event()

    def slow() -> str:
        seen.append(threading.current_thread())
        release.wait(30)
        return "late"

    run = rt.Run("p", timeout=0.1)
    with pytest.raises(rt.DelegateError) as caught:
        run.call(slow, "slow", 8, {})
    release.set()
    assert isinstance(caught.value.original, TimeoutError)
    assert "'slow'" in str(caught.value.original)
    assert seen and seen[0].daemon and seen[0] is not threading.current_thread()


def test_timeout_retries_then_succeeds() -> None:
    attempts: list[int] = []

    def sometimes_slow() -> str:
        attempts.append(1)
        if len(attempts) == 1:
            time.sleep(0.5)
        return "fast"

    run = rt.Run("p", timeout=0.1)
    assert run.call(sometimes_slow, "s", 1, {}, retry=1) == "fast"
    assert len(attempts) == 2


def test_timeout_with_an_executor() -> None:
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        run = rt.Run("p", executor=pool, timeout=0.1)
        with pytest.raises(rt.DelegateError) as caught:
            run.call(time.sleep, "sleeper", 2, {})
        # time.sleep() without an argument is a TypeError: a failure, not a timeout
        assert isinstance(caught.value.original, TypeError)
        release = threading.Event()
        with pytest.raises(rt.DelegateError) as timed_out:
            run.call(lambda: release.wait(30), "sleeper", 2, {})
        release.set()
        assert isinstance(timed_out.value.original, TimeoutError)


def test_a_delegates_own_timeout_error_is_kept() -> None:
    def impatient() -> None:
        raise TimeoutError("upstream gave up")

    with pytest.raises(rt.DelegateError) as caught:
        rt.Run("p", timeout=5).call(impatient, "i", 1, {})
    assert str(caught.value.original) == "upstream gave up"


# ---------------------------------------------------------------------------
# Run: async calls
# ---------------------------------------------------------------------------


def test_call_async_awaits_coroutine_delegates() -> None:
    received: list[dict[str, Any]] = []

    async def agent(**kwargs: Any) -> str:
        received.append(kwargs)
        await asyncio.sleep(0)
        return "async result"

    result = run_async(rt.Run("p").call_async(agent, "a", 1, {"prompt": "hi"}))
    assert result == "async result"
    assert received == [{"prompt": "hi"}]


def test_call_async_runs_sync_delegates_in_a_thread() -> None:
    threads: list[int] = []

    def sync_delegate(x: int) -> int:
        threads.append(threading.get_ident())
        return x * 2

    async def main() -> tuple[int, int]:
        value = await rt.Run("p").call_async(sync_delegate, "s", 1, {"x": 21})
        return value, threading.get_ident()

    value, loop_thread = run_async(main())
    assert value == 42
    assert threads and threads[0] != loop_thread


def test_call_async_awaits_what_a_sync_delegate_returns() -> None:
    async def inner() -> str:
        return "inner"

    class AsyncCallable:
        async def __call__(self, **kwargs: Any) -> Any:
            return kwargs

    run = rt.Run("p")
    assert run_async(run.call_async(lambda: inner(), "l", 1, {})) == "inner"
    assert run_async(run.call_async(AsyncCallable(), "c", 1, {"k": 1})) == {"k": 1}


def test_call_async_retries_and_traces(monkeypatch: pytest.MonkeyPatch) -> None:
    waits: list[float] = []
    real_sleep = asyncio.sleep

    async def fake_sleep(seconds: float) -> None:
        waits.append(seconds)
        await real_sleep(0)

    monkeypatch.setattr(rt.asyncio, "sleep", fake_sleep)
    events: list[Any] = []
    delegate = Recorder(result="ok", fail_times=2)
    run = rt.Run("p", tracer=events.append)
    result = run_async(
        run.call_async(delegate, "w", 5, {"a": 1}, retry=2, backoff="exponential")
    )
    assert result == "ok"
    assert waits == [0.5, 1.0]
    assert [event.attempt for event in events] == [1, 2, 3]
    with pytest.raises(rt.DelegateError) as caught:
        run_async(rt.Run("p").call_async(Recorder(fail_times=9), "w", 5, {}, retry=1))
    assert str(caught.value.original) == "boom 2"


def test_call_async_timeout() -> None:
    # (a delegate that outlived its timeout would return None: no error)
    async def hang() -> None:
        await asyncio.sleep(30)

    run = rt.Run("p", timeout=0.05)
    with pytest.raises(rt.DelegateError) as caught:
        run_async(run.call_async(hang, "h", 3, {}))
    assert isinstance(caught.value.original, TimeoutError)
    assert "'h'" in str(caught.value.original)
    release = threading.Event()
    with pytest.raises(rt.DelegateError):
        run_async(run.call_async(lambda: release.wait(30), "sync", 3, {}))
    release.set()


# ---------------------------------------------------------------------------
# Run: judge, criteria, choice
# ---------------------------------------------------------------------------


class Judge:
    """Answers from a list and records each question and bindings."""

    def __init__(self, *answers: Any) -> None:
        self.answers = list(answers)
        self.asked: list[tuple[str, dict[str, Any]]] = []

    def __call__(self, condition: str, bindings: Mapping[str, Any]) -> Any:
        self.asked.append((condition, dict(bindings)))
        return self.answers.pop(0)


def test_judge_gets_the_condition_and_bindings() -> None:
    judge = Judge(True, False)
    run = rt.Run("p", judge=judge)
    assert run.judge("the brief is clear", 4, {"brief": "b"}) is True
    assert run.judge("the brief is clear", 4, {"brief": "c"}) is False
    assert judge.asked == [
        ("the brief is clear", {"brief": "b"}),
        ("the brief is clear", {"brief": "c"}),
    ]


def test_judge_bindings_are_read_only() -> None:
    def meddling(condition: str, bindings: Any) -> bool:
        bindings["brief"] = "changed"
        return True

    scope = {"brief": "b"}
    with pytest.raises(rt.JudgeError) as caught:
        rt.Run("p", judge=meddling).judge("c", 1, scope)
    assert isinstance(caught.value.__cause__, TypeError)
    assert scope == {"brief": "b"}


def test_no_judge_is_a_judge_error_naming_condition_and_line() -> None:
    with pytest.raises(rt.JudgeError) as caught:
        rt.Run("p").judge("the plan is sound", 17, {})
    message = str(caught.value)
    assert "'the plan is sound'" in message
    assert "line 17" in message
    assert "judge=" in message
    assert caught.value.condition == "the plan is sound"


@pytest.mark.parametrize("answer", ["yes", 1, None, "true"])
def test_a_non_bool_judgement_is_a_judge_error(answer: Any) -> None:
    with pytest.raises(rt.JudgeError, match="non-bool"):
        rt.Run("p", judge=Judge(answer)).judge("c", 2, {})


def test_a_judge_that_raises_is_wrapped() -> None:
    def broken(condition: str, bindings: Any) -> bool:
        raise ConnectionError("down")

    with pytest.raises(rt.JudgeError) as caught:
        rt.Run("p", judge=broken).judge("c", 2, {})
    assert isinstance(caught.value.__cause__, ConnectionError)
    assert "ConnectionError: down" in str(caught.value)


def test_judge_async_accepts_sync_and_async_judges() -> None:
    async def async_judge(condition: str, bindings: Any) -> bool:
        return condition == "yes?"

    run = rt.Run("p", judge=async_judge)
    assert run_async(run.judge_async("yes?", 1, {})) is True
    assert run_async(run.judge_async("no?", 1, {})) is False
    sync_run = rt.Run("p", judge=Judge(True))
    assert run_async(sync_run.judge_async("c", 1, {})) is True

    async def vague(condition: str, bindings: Any) -> str:
        return "maybe"

    with pytest.raises(rt.JudgeError, match="non-bool"):
        run_async(rt.Run("p", judge=vague).judge_async("c", 1, {}))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(rt.JudgeError, match="_async"):
            rt.Run("p", judge=async_judge).judge("c", 1, {})


def test_criteria_none_callable_and_text() -> None:
    run = rt.Run("p", judge=Judge(True))
    assert run.criteria(None, "x", "failure", "result", 3, {}) is False
    assert run.criteria(None, "x", "acceptable", "result", 3, {}) is True
    seen: list[Any] = []

    def empty(value: Any) -> int:
        seen.append(value)
        return len(value)  # truthy, not a bool: read with bool()

    assert run.criteria(empty, {"v": 1}, "failure", "r", 3, {}) is True
    assert run.criteria(empty, {}, "failure", "r", 3, {}) is False
    assert seen == [{"v": 1}, {}]
    judge = Judge(False)
    run = rt.Run("p", judge=judge)
    assert (
        run.criteria("must cite sources", "x", "acceptable", "draft", 3, {"a": 1})
        is False
    )
    assert judge.asked == [
        ("Is draft acceptable by these criteria: must cite sources", {"a": 1})
    ]
    judge = Judge(True)
    rt.Run("p", judge=judge).criteria("empty output", "x", "failure", "result", 3, {})
    assert judge.asked[0][0] == "Is result a failure by these criteria: empty output"


def test_criteria_rejects_other_values() -> None:
    run = rt.Run("p")
    with pytest.raises(rt.ValueProblem, match="criteria"):
        run.criteria(42, "x", "failure", "r", 3, {})
    with pytest.raises(rt.ValueProblem):
        run.criteria(None, "x", "great", "r", 3, {})


def test_criteria_callable_failures_name_pattern_subject_and_line() -> None:
    def picky(value: Any) -> bool:
        raise LookupError("no rubric")

    with pytest.raises(rt.PatternError) as caught:
        rt.Run("review").criteria(picky, "x", "failure", "draft", 14, {})
    assert "pattern 'review'" in str(caught.value)
    assert "'draft'" in str(caught.value) and "line 14" in str(caught.value)
    assert isinstance(caught.value.__cause__, LookupError)

    async def async_picky(value: Any) -> bool:
        return True

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(rt.ValueProblem, match="_async"):
            rt.Run("p").criteria(async_picky, "x", "failure", "draft", 1, {})


def test_criteria_async_awaits_async_predicates() -> None:
    async def is_empty(value: Any) -> bool:
        return not value

    run = rt.Run("p")
    assert run_async(run.criteria_async(is_empty, "", "failure", "r", 1, {})) is True
    assert run_async(run.criteria_async(is_empty, "x", "failure", "r", 1, {})) is False
    judge = Judge(True)
    run = rt.Run("p", judge=judge)
    assert run_async(run.criteria_async("c", "x", "acceptable", "r", 1, {})) is True
    assert judge.asked[0][0] == "Is r acceptable by these criteria: c"


def test_choose_asks_in_order_and_stops_at_the_first_approval() -> None:
    judge = Judge(False, True, True)
    run = rt.Run("p", judge=judge)
    assert (
        run.choose("the safest plan", ["Plan A", "Plan B", "Plan C"], 5, {"x": 1}) == 1
    )
    assert len(judge.asked) == 2
    for (question, bindings), label in zip(
        judge.asked, ["Plan A", "Plan B"], strict=True
    ):
        assert "the safest plan" in question and label in question
        assert bindings == {"x": 1}


def test_choose_with_no_approval_is_a_choice_error() -> None:
    run = rt.Run("p", judge=Judge(False, False))
    with pytest.raises(rt.ChoiceError) as caught:
        run.choose("the safest plan", ["A", "B"], 21, {})
    assert "'the safest plan'" in str(caught.value) and "line 21" in str(caught.value)
    async_run = rt.Run("p", judge=Judge(False, True))
    assert run_async(async_run.choose_async("c", ["A", "B"], 1, {})) == 1
    with pytest.raises(rt.ChoiceError):
        run_async(rt.Run("p", judge=Judge(False)).choose_async("c", ["A"], 1, {}))


# ---------------------------------------------------------------------------
# Run: parallel regions (threads)
# ---------------------------------------------------------------------------

SLEEP = 0.2


def sleeper(value: Any, seconds: float = SLEEP) -> Callable[[], Any]:
    def thunk() -> Any:
        time.sleep(seconds)
        return value

    return thunk


def failing(message: str, seconds: float = 0.0) -> Callable[[], Any]:
    def thunk() -> Any:
        time.sleep(seconds)
        raise rt.DelegateError("p", "w", 1, ValueError(message))

    return thunk


def held(value: Any) -> tuple[Callable[[], Any], threading.Event, list[Any]]:
    """A thunk that waits until the test sets the event, and the list it
    appends its value to when it returns: empty while it is still held."""
    release = threading.Event()
    finished: list[Any] = []

    def thunk() -> Any:
        release.wait(30)
        finished.append(value)
        return value

    return thunk, release, finished


def _together(n: int) -> Callable[[int], Callable[[], int]]:
    """Thunks that each wait until all ``n`` are running at once (a barrier:
    run fewer at a time and it breaks), finishing in reverse order."""
    barrier = threading.Barrier(n, timeout=30)

    def make(i: int) -> Callable[[], int]:
        def thunk() -> int:
            barrier.wait()
            time.sleep(0.001 * (n - i))
            return i

        return thunk

    return make


def test_parallel_runs_32_at_once_and_keeps_input_order() -> None:
    make = _together(32)
    assert rt.Run("p").parallel([make(i) for i in range(32)], line=1) == list(range(32))


def test_parallel_honours_max_concurrency() -> None:
    active = 0
    peak = 0
    lock = threading.Lock()

    def thunk() -> None:
        nonlocal active, peak
        with lock:
            active += 1
            peak = max(peak, active)
        time.sleep(0.05)
        with lock:
            active -= 1

    rt.Run("p", max_concurrency=3).parallel([thunk] * 9, line=1)
    assert peak == 3


def test_parallel_fail_fast_raises_the_first_failure() -> None:
    ran: list[int] = []

    def recording(i: int) -> Callable[[], int]:
        def thunk() -> int:
            ran.append(i)
            time.sleep(0.05)
            return i

        return thunk

    thunks = [failing("first"), *(recording(i) for i in range(10))]
    with pytest.raises(rt.DelegateError, match="first"):
        rt.Run("p", max_concurrency=1).parallel(thunks, line=1)
    time.sleep(0.1)
    assert len(ran) < 5  # the queued iterations were cancelled


def test_parallel_continue_and_ignore() -> None:
    run = rt.Run("p")
    thunks = [sleeper("a", 0), failing("bad"), sleeper("c", 0)]
    kept = run.parallel(thunks, line=1, on_fail="continue")
    assert kept[0] == "a" and kept[2] == "c"
    assert kept[1] == rt.Failure("ValueError", "bad", "w", 1)
    assert run.parallel(thunks, line=1, on_fail="ignore") == ["a", "c"]


def test_parallel_first_and_any() -> None:
    run = rt.Run("p")
    slow, release, finished = held("slow")
    assert run.parallel([slow, sleeper("fast", 0.05)], line=1, join="first") == "fast"
    assert finished == []  # it did not wait for the slow one
    release.set()
    with pytest.raises(rt.DelegateError, match="quick"):
        run.parallel([sleeper("slow", 0.3), failing("quick")], line=1, join="first")
    assert run.parallel(
        [sleeper("slow", 0.3), failing("quick")],
        line=1,
        join="first",
        on_fail="continue",
    ) == rt.Failure("ValueError", "quick", "w", 1)
    assert (
        run.parallel(
            [sleeper("slow", 0.1), failing("quick")],
            line=1,
            join="first",
            on_fail="ignore",
        )
        == "slow"
    )
    assert run.parallel([failing("x"), sleeper("ok", 0.05)], line=1, join="any") == "ok"
    with pytest.raises(rt.DelegateError, match="last"):
        run.parallel([failing("early"), failing("last", 0.1)], line=1, join="any")


def test_parallel_any_with_count() -> None:
    run = rt.Run("p")
    late, release, finished = held("late")
    thunks = [
        sleeper("c", 0.15),
        failing("x"),
        sleeper("a", 0.05),
        sleeper("b", 0.1),
        late,
    ]
    assert run.parallel(thunks, line=1, join="any", count=3) == ["c", "a", "b"]
    assert finished == []  # it did not wait for the late one
    release.set()
    with pytest.raises(rt.PatternError) as caught:
        run.parallel([sleeper("a", 0), failing("x")], line=8, join="any", count=2)
    assert "only 1 of 2" in str(caught.value) and "line 8" in str(caught.value)
    assert not isinstance(caught.value, rt.CATCHABLE)


def test_errors_a_try_could_not_catch_are_never_swallowed() -> None:
    def misconfigured() -> None:
        raise rt.JudgeError("p", 3, "is it good")

    run = rt.Run("p")
    for join, on_fail in [("all", "continue"), ("all", "ignore"), ("any", "ignore")]:
        with pytest.raises(rt.JudgeError):
            run.parallel(
                [misconfigured, sleeper("ok", 0.05)], line=1, join=join, on_fail=on_fail
            )

    async def broken() -> None:
        raise KeyError("bug")

    with pytest.raises(KeyError):
        run_async(
            run.branches_async(
                [broken, async_sleeper(1, 0)], line=1, on_fail="continue"
            )
        )


def test_parallel_with_nothing_to_run() -> None:
    run = rt.Run("p")
    assert run.parallel([], line=1) == []
    assert run.parallel([], line=1, join="first") is None
    assert run.parallel([], line=1, join="any") is None
    assert run.parallel([], line=1, join="any", count=2) == []
    assert run.branches([], line=1, join="any") == []


@pytest.mark.parametrize(
    "options",
    [
        {"join": "most"},
        {"on_fail": "explode"},
        {"join": "any", "count": 0},
        {"join": "any", "count": True},
        {"join": "all", "count": 2},
    ],
    ids=repr,
)
def test_parallel_rejects_bad_modifiers(options: dict[str, Any]) -> None:
    with pytest.raises(rt.ValueProblem):
        rt.Run("p").parallel([sleeper(1, 0)], line=1, **options)


def test_branches_always_give_one_entry_per_branch() -> None:
    run = rt.Run("p")
    thunks = [sleeper("a", 0.05), failing("bad"), sleeper("c", 0)]
    assert run.branches(thunks[::2], line=1) == ["a", "c"]
    with pytest.raises(rt.DelegateError):
        run.branches(thunks, line=1)
    kept = run.branches(thunks, line=1, on_fail="continue")
    assert kept == ["a", rt.Failure("ValueError", "bad", "w", 1), "c"]
    assert run.branches(thunks, line=1, on_fail="ignore") == ["a", None, "c"]
    racing = [sleeper("slow", 0.3), sleeper("fast", 0.02), sleeper("slower", 0.5)]
    assert run.branches(racing, line=1, join="first") == [None, "fast", None]
    assert run.branches([failing("x"), sleeper("ok", 0.05)], line=1, join="any") == [
        None,
        "ok",
    ]
    assert run.branches(
        [failing("x"), sleeper("ok", 0.05)], line=1, join="any", on_fail="continue"
    ) == [rt.Failure("ValueError", "x", "w", 1), "ok"]
    counted = [sleeper("a", 0.1), sleeper("b", 0), sleeper("c", 0.4)]
    assert run.branches(counted, line=1, join="any", count=2) == ["a", "b", None]


# ---------------------------------------------------------------------------
# Run: parallel regions (tasks)
# ---------------------------------------------------------------------------


def async_sleeper(value: Any, seconds: float = SLEEP) -> Callable[[], Any]:
    async def factory() -> Any:
        await asyncio.sleep(seconds)
        return value

    return factory


def async_failing(message: str, seconds: float = 0.0) -> Callable[[], Any]:
    async def factory() -> Any:
        await asyncio.sleep(seconds)
        raise rt.DelegateError("p", "w", 1, ValueError(message))

    return factory


def test_parallel_async_runs_concurrently_in_order() -> None:
    # a barrier only all 64 running at once pass, finishing in reverse order
    barrier: list[asyncio.Barrier] = []

    def factory(i: int) -> Callable[[], Any]:
        async def run_one() -> int:
            if not barrier:
                barrier.append(asyncio.Barrier(64))
            await asyncio.wait_for(barrier[0].wait(), timeout=30)
            await asyncio.sleep(0.001 * (64 - i))
            return i

        return run_one

    run = rt.Run("p", max_concurrency=64)
    assert run_async(run.parallel_async([factory(i) for i in range(64)], line=1)) == list(range(64))


def test_parallel_async_honours_max_concurrency() -> None:
    active = 0
    peak = 0

    async def factory() -> None:
        nonlocal active, peak
        active += 1
        peak = max(peak, active)
        await asyncio.sleep(0.02)
        active -= 1

    run_async(rt.Run("p", max_concurrency=4).parallel_async([factory] * 12, line=1))
    assert peak == 4


def test_parallel_async_sync_delegates_run_concurrently() -> None:
    run = rt.Run("p")

    barrier = threading.Barrier(32, timeout=30)

    def slow(x: int) -> int:
        barrier.wait()  # all 32 sync delegates are running at once
        return x

    def factory(i: int) -> Callable[[], Any]:
        return lambda: run.call_async(slow, "slow", 1, {"x": i})

    result = run_async(run.parallel_async([factory(i) for i in range(32)], line=1))
    assert result == list(range(32))


def test_parallel_async_first_cancels_the_rest() -> None:
    cancelled: list[str] = []

    def watched(value: str, seconds: float) -> Callable[[], Any]:
        async def factory() -> str:
            try:
                await asyncio.sleep(seconds)
            except asyncio.CancelledError:
                cancelled.append(value)
                raise
            return value

        return factory

    run = rt.Run("p")
    factories = [watched("slow", 30), watched("fast", 0.01), watched("slower", 30)]
    assert run_async(run.parallel_async(factories, line=1, join="first")) == "fast"
    assert sorted(cancelled) == ["slow", "slower"]


def test_parallel_async_failure_modes() -> None:
    run = rt.Run("p")
    factories = [async_sleeper("a", 0), async_failing("bad"), async_sleeper("c", 0.01)]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(rt.DelegateError, match="bad"):
            run_async(run.parallel_async(factories, line=1))
    kept = run_async(run.parallel_async(factories, line=1, on_fail="continue"))
    assert kept == ["a", rt.Failure("ValueError", "bad", "w", 1), "c"]
    assert run_async(run.parallel_async(factories, line=1, on_fail="ignore")) == [
        "a",
        "c",
    ]
    anyone = [async_failing("x"), async_sleeper("ok", 0.02)]
    assert run_async(run.parallel_async(anyone, line=1, join="any")) == "ok"
    counted = [async_sleeper("b", 0.05), async_sleeper("a", 0), async_sleeper("z", 5)]
    assert run_async(run.parallel_async(counted, line=1, join="any", count=2)) == [
        "b",
        "a",
    ]
    with pytest.raises(rt.PatternError, match="only 0 of 1"):
        run_async(run.parallel_async([async_failing("x")], line=1, join="any", count=1))


def test_branches_async() -> None:
    run = rt.Run("p")
    racing = [async_sleeper("slow", 5), async_sleeper("fast", 0.01)]
    assert run_async(run.branches_async(racing, line=1, join="first")) == [None, "fast"]
    mixed = [async_failing("bad"), async_sleeper("ok", 0.01)]
    assert run_async(run.branches_async(mixed, line=1, on_fail="ignore")) == [
        None,
        "ok",
    ]
    assert run_async(run.branches_async(mixed, line=1, on_fail="continue")) == [
        rt.Failure("ValueError", "bad", "w", 1),
        "ok",
    ]
    assert run_async(run.branches_async([], line=1)) == []


# ---------------------------------------------------------------------------
# Static checks
# ---------------------------------------------------------------------------


def _run_tool(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        check=False,
        timeout=120,
    )


def test_runtime_passes_mypy_strict(tmp_path: Path) -> None:
    result = _run_tool(
        "mypy", "--strict", "--python-version", "3.11",
        "--cache-dir", str(tmp_path / "cache"), str(RUNTIME_PATH),
        cwd=tmp_path,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr


def test_runtime_is_black_stable() -> None:
    """It is copied into packages as it is, never formatted at build time."""
    import black

    source = RUNTIME_PATH.read_text(encoding="utf-8")
    mode = black.Mode(target_versions={black.TargetVersion.PY311}, line_length=88)
    assert black.format_str(source, mode=mode) == source


def test_runtime_passes_ruff(tmp_path: Path) -> None:
    result = _run_tool(
        "ruff", "check", "--no-cache", "--isolated",
        "--select", "B,BLE,E,F,I,UP,W,RUF", "--target-version", "py311",
        "--line-length", "88", str(RUNTIME_PATH),
        cwd=tmp_path,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr


def test_import_does_nothing_but_define(tmp_path: Path) -> None:
    code = (
        "import importlib.util, sys, threading\n"
        f"spec = importlib.util.spec_from_file_location('m', {str(RUNTIME_PATH)!r})\n"
        "module = importlib.util.module_from_spec(spec)\n"
        "sys.modules['m'] = module\n"
        "before = threading.active_count()\n"
        "spec.loader.exec_module(module)\n"
        "assert threading.active_count() == before\n"
        "print('clean')\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path,
        check=False, timeout=60,
    )  # fmt: skip
    assert result.stdout == "clean\n", result.stderr
    assert result.stderr == ""


def test_put_sets_keys_and_indexes_on_owned_values() -> None:
    box: dict[str, object] = {"a": 1}
    rt.put(box, "b", 2, "p", 3)
    assert box == {"a": 1, "b": 2}
    items = [1, 2, 3]
    rt.put(items, 1, "x", "p", 3)
    assert items == [1, "x", 3]
    with pytest.raises(rt.ValueProblem, match="out of range"):
        rt.put(items, 7, "y", "p", 3)
    with pytest.raises(rt.ValueProblem, match="cannot set"):
        rt.put("text", "k", 1, "p", 3)


def test_stop_and_the_iterations_of_a_parallel_loop() -> None:
    assert repr(rt.STOP) == "STOP"
    made: list[tuple[object, ...]] = []
    thunks = rt.each(lambda item: made.append((item,)) or item.upper(), ["a", "b"])
    assert made == []  # not called yet
    assert [t() for t in thunks] == ["A", "B"] and made == [("a",), ("b",)]
    numbered = rt.each_numbered(lambda n, item: f"{n}:{item}", ["a", "b"], 1)
    assert [t() for t in numbered] == ["1:a", "2:b"]
    assert [t() for t in rt.each_numbered(lambda n, item: n, "xyz")] == [0, 1, 2]


def test_reads_of_the_same_text_share_one_parse_but_never_a_value() -> None:
    text = '{"decision": "adjust", "adjusted_brief": {"steps": [1, 2]}}'
    first = rt.get(text, "adjusted_brief")
    first["steps"].append(3)
    assert rt.get(text, "adjusted_brief") == {"steps": [1, 2]}
    assert rt.says(text, "adjust") and not rt.says(text, "abort")


# ---------------------------------------------------------------- reason, expect_sequence


@given(st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
                    lambda inner: st.lists(inner) | st.dictionaries(st.text(), inner), max_leaves=8))
@settings(max_examples=300, deadline=None)
def test_reason_is_never_empty(value: object) -> None:
    """Whatever a delegate returned, the reason read from it is text that
    says something."""
    found = rt.reason(value)
    assert isinstance(found, str) and found.strip()


def test_reason_is_the_verdicts_own_when_it_gave_one() -> None:
    assert rt.reason({"proceed": False, "reason": "risky"}) == "risky"
    assert rt.reason('{"decision": "decline", "reason": "out of scope"}') == "out of scope"
    assert rt.reason({"reason": "  "}).startswith("The verdict's reason is blank")
    assert rt.reason({"proceed": "true"}) == (
        "The verdict gave no reason; its 'proceed' is the text 'true', not true: {'proceed': 'true'}"
    )
    assert rt.reason(None) == "The output was empty (None): it gave no verdict and no reason."
    assert rt.reason(7).startswith("The output could not be parsed as a verdict: 7")
    assert rt.reason("x" * 500).endswith("...")  # quotes the start, not all of it


@pytest.mark.parametrize("good", [[], ["a"], ("a", "b"), range(3), [None]])
def test_expect_sequence_accepts_sequences(good: object) -> None:
    rt.expect_sequence(good, "briefs", "fan-out")


@pytest.mark.parametrize("bad", ["abc", "", b"ab", bytearray(b"a"), 3, {"a"}, {"a": 1}, iter([1]), None, print])
def test_expect_sequence_refuses_what_is_not_a_list(bad: object) -> None:
    with pytest.raises(TypeError, match=r"^fan-out: briefs must be a list \(or another sequence that is not text\), not "):
        rt.expect_sequence(bad, "briefs", "fan-out")


def test_expect_sequence_takes_none_only_when_optional() -> None:
    rt.expect_sequence(None, "tiers", "p", optional=True)
    with pytest.raises(TypeError, match="tiers must be a list"):
        rt.expect_sequence("abc", "tiers", "p", optional=True)


def test_messages_name_a_value_s_type_with_its_article() -> None:
    with pytest.raises(rt.ValueProblem, match=r"got an int -1"):
        rt.count(-1, "p", 3)
    with pytest.raises(rt.ValueProblem, match=r"got a str 'many'"):
        rt.count("many", "p", 3)


_CALLER = contextvars.ContextVar("caller", default="unset")


def test_branches_and_timed_calls_see_the_callers_context_as_tasks_do() -> None:
    """A context variable the caller set (a tracing span, a request id) is
    seen in every branch of a parallel region and in a call under a
    timeout, as in an asyncio task; what a branch sets stays in it."""

    def branch() -> str:
        seen = _CALLER.get()
        _CALLER.set("changed in a branch")
        return seen

    token = _CALLER.set("request 7")
    try:
        assert rt.Run("p").parallel([branch] * 3, line=1) == ["request 7"] * 3
        timed = rt.Run("p", timeout=30.0).call(lambda: _CALLER.get(), "slot", 1, {})
        assert timed == "request 7"
        assert _CALLER.get() == "request 7"
    finally:
        _CALLER.reset(token)
