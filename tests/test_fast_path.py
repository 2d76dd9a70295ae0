"""The two sync paths of every generated pattern do the same thing.

A pattern's sync function calls its delegates itself when no option is
given, and hands the call to ``_NAME_with_options`` (every delegate call
through the runtime's ``Run``) when one is. Both come from one walk of the
IR; this test holds them to it: every pattern of ``patterns/`` and of the
corpus runs both ways on the same inputs, with delegates that answer in
mappings, in text, or fail, and the results, the calls each delegate
received and the errors must be the same.
"""

from __future__ import annotations

import functools
import inspect
import itertools
import zlib
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from conftest import CORPUS, PATTERNS, build_package

OPTIONS = ("judge", "executor", "max_concurrency", "timeout", "tracer", "journal", "run_id")

#: What delegates answer, per scenario; an output is picked by the call's
#: inputs (never by the order of calls, which parallel regions do not fix).
SCENARIOS: dict[str, tuple[object, ...]] = {
    "mappings": (
        {"proceed": True, "reason": "fine", "decision": "continue", "score": 0.9, "accepted": True},
        {"proceed": False, "reason": "no", "decision": "adjust", "adjusted_brief": "again", "score": 0.2},
        {"decision": "abort", "reason": "stop", "accepted": False, "output": "o", "reasoning": "r"},
        {"result": "r", "verdict": "approved", "self_assessment": "great", "score": "0.5"},
    ),
    "text": (
        'Fine.\n```json\n{"proceed": true, "reason": "ok", "decision": "accept"}\n```',
        "abort",
        '{"decision": "adjust", "adjusted_brief": "b2", "score": 3}',
        "I am not sure at all",
    ),
    "fails": (
        {"proceed": True, "reason": "ok", "decision": "continue"},
        ValueError("delegate broke"),
        "approved",
        {"decision": "reject", "reason": "bad"},
    ),
}


class Scripted:
    """A delegate that records its calls and answers by its inputs."""

    def __init__(self, name: str, outputs: tuple[object, ...]) -> None:
        self.name = name
        self.outputs = outputs
        self.calls: list[str] = []

    def __eq__(self, other: object) -> bool:
        # A result may hold a delegate (fallback-chain's winner): the same
        # role in the other run is the same delegate.
        return isinstance(other, Scripted) and other.name == self.name

    def __hash__(self) -> int:
        return hash(self.name)

    def __repr__(self) -> str:
        return f"<delegate {self.name}>"

    def __call__(self, **kwargs: Any) -> object:
        shown = repr(sorted(kwargs.items()))
        self.calls.append(shown)
        out = self.outputs[zlib.crc32(f"{self.name}{shown}".encode()) % len(self.outputs)]
        if isinstance(out, BaseException):
            raise type(out)(*out.args)
        return out


def _argument(name: str, annotation: str, outputs: tuple[object, ...], made: list[Scripted]) -> Any:
    def delegate(label: str) -> Scripted:
        made.append(Scripted(label, outputs))
        return made[-1]

    if annotation == "Delegate":
        return delegate(name)
    if annotation.startswith("Sequence[Delegate]"):
        return [delegate(f"{name}[{i}]") for i in range(3)]
    if "Predicate" in annotation:
        return lambda value: "broke" in repr(value) or "abort" in repr(value)
    if annotation.startswith(("Sequence", "list")):
        return [f"{name} {i}" for i in range(3)]
    if annotation.startswith("Mapping") or annotation.startswith("dict"):
        return {"key": name}
    if annotation.startswith("int"):
        return 2
    if annotation.startswith("float"):
        return 0.5
    if annotation.startswith("bool"):
        return True
    return f"the {name}"


def _run(fn: Callable[..., Any], parameters: list[inspect.Parameter], outputs: tuple[object, ...]) -> tuple[Any, ...]:
    made: list[Scripted] = []
    kwargs = {
        p.name: _argument(p.name, str(p.annotation), outputs, made)
        for p in parameters
        # A parameter with a default keeps it, except a criteria parameter:
        # a callable decides without a judge.
        if p.name not in OPTIONS and (p.default is inspect.Parameter.empty or "Predicate" in str(p.annotation))
    }
    try:
        result: Any = ("returned", fn(**kwargs))
    except Exception as exc:  # compared, not hidden: both paths must raise alike
        cause = exc.__cause__
        result = ("raised", type(exc), str(exc), type(cause), str(cause))
    calls = {d.name: sorted(d.calls) for d in made}
    return result, calls


def _patterns(package: ModuleType) -> list[tuple[str, Callable[..., Any], Callable[..., Any]]]:
    found = []
    for name in sorted(package.__all__):
        fn = getattr(package, name)
        module = inspect.getmodule(fn)
        options = getattr(module, f"_{name}_with_options", None)
        if callable(options) and not name.endswith("_async"):
            found.append((name, fn, options))
    return found


def _compare(package: ModuleType) -> int:
    compared = 0
    for name, fast, with_options in _patterns(package):
        parameters = list(inspect.signature(fast).parameters.values())
        for scenario, outputs in SCENARIOS.items():
            direct = _run(fast, parameters, outputs)
            through_run = _run(with_options, parameters, outputs)
            assert direct == through_run, f"{name}, delegates {scenario}"
            compared += 1
    return compared


def test_both_paths_agree_on_the_project_patterns(project_package: ModuleType) -> None:
    assert _compare(project_package) == 3 * len(list(PATTERNS.glob("*.prose.md")))


def test_both_paths_agree_on_the_corpus(corpus_package: ModuleType) -> None:
    assert _compare(corpus_package) == 3 * len(list(CORPUS.glob("*.prose.md")))


def test_an_option_takes_the_path_through_the_runtime(project_package: ModuleType) -> None:
    """The path is chosen once per call: a tracer sees every call, and the
    call without options gives the same result without one."""
    seen: list[str] = []
    gatekeeper = Scripted("guard", ({"proceed": True, "reason": "ok"},))
    target = Scripted("target", ("done",))
    traced = project_package.guard(
        guard=gatekeeper, target=target, task_brief="b", tracer=lambda e: seen.append(e.slot)
    )
    plain = project_package.guard(guard=gatekeeper, target=target, task_brief="b")
    assert seen == ["guard", "target"]
    assert traced == plain and plain.result == "done"
    assert len(gatekeeper.calls) == len(target.calls) == 2


@pytest.mark.parametrize("value", [32.0, True, "32"])
def test_an_option_of_the_wrong_type_is_refused_on_the_direct_path_too(
    value: object, project_package: ModuleType
) -> None:
    target = Scripted("target", ("done",))
    with pytest.raises(TypeError, match="max_concurrency"):
        project_package.guard(
            guard=Scripted("guard", ({"proceed": True},)), target=target, task_brief="b", max_concurrency=value
        )
    assert target.calls == []


def test_both_paths_agree_on_the_patterns_newcomers_wrote(tmp_path: Path) -> None:
    folder = Path(__file__).parent / "newcomer"
    package, _ = build_package([folder], tmp_path)
    assert _compare(package) == 3 * len(list(folder.glob("*.prose.md")))


def _compare_journaled(package: ModuleType, folder: Path) -> int:
    """A journaled run does what the direct path does; called again with
    the same run id, it replays every recorded answer, calls no delegate, and
    ends the same way (a failure replayed keeps its type name and message,
    not its exception).

    Where a run has a parallel region, only its outcome is compared with the
    direct run's: branches that a fail-fast, "first" or "any" region no
    longer waits for go on in the background on either path, so how many
    calls they made when the run ended is up to the machine."""
    # Not flushed to the disk: every run is new, and none needs to survive.
    journal = package.SqliteJournal(folder / "journal.db", durable=False)
    ids = itertools.count()
    compared = 0
    for name, fast, _ in _patterns(package):
        parameters = list(inspect.signature(fast).parameters.values())
        for scenario, outputs in SCENARIOS.items():
            run_id = f"{name}-{next(ids)}"
            journaled = functools.partial(fast, journal=journal, run_id=run_id)
            direct = _run(fast, parameters, outputs)
            live = _run(journaled, parameters, outputs)
            if any(e.kind == "region" for e in journal.entries(run_id)):
                assert live[0] == direct[0], f"{name}, delegates {scenario}"
            else:
                assert live == direct, f"{name}, delegates {scenario}"
            (outcome, *rest), calls = _run(journaled, parameters, outputs)
            assert not any(calls.values()), f"{name}, delegates {scenario}: called on replay"
            if outcome == "raised" and rest[2] is package.ReplayedError:
                # The cause is the journal's copy of the failure: its type
                # name and message, which the message of the error shows.
                assert f"{direct[0][3].__name__}: {direct[0][4]}" in rest[1]
                rest[2:] = direct[0][3:]
            assert (outcome, *rest) == live[0], f"{name}, delegates {scenario}: replay"
            compared += 1
    journal.close()
    return compared


def test_journaled_runs_and_their_replays_agree_with_the_direct_path(
    project_package: ModuleType, tmp_path: Path
) -> None:
    assert _compare_journaled(project_package, tmp_path) == 3 * len(list(PATTERNS.glob("*.prose.md")))


def test_journaled_runs_and_their_replays_agree_on_the_corpus(corpus_package: ModuleType, tmp_path: Path) -> None:
    assert _compare_journaled(corpus_package, tmp_path) == 3 * len(list(CORPUS.glob("*.prose.md")))
