"""The behaviour api.md promises for guard and oversight, on the project's own
patterns, for the sync and the async variant alike."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest
from conftest import Recorder


def run(pkg: ModuleType, variant: str, name: str, **kwargs: Any) -> Any:
    if variant == "sync":
        return getattr(pkg, name)(**kwargs)
    return asyncio.run(getattr(pkg, f"{name}_async")(**kwargs))


VARIANTS = pytest.mark.parametrize("variant", ["sync", "async"])

# ------------------------------------------------------------------ guard


@VARIANTS
def test_guard_called_once_with_brief_and_prompt(project_package: ModuleType, variant: str) -> None:
    guard = Recorder({"proceed": True, "reason": "fine"})
    target = Recorder("done")
    run(project_package, variant, "guard", guard=guard, target=target, task_brief="brief")
    assert guard.count == 1
    assert set(guard.calls[0]) == {"task_brief", "prompt"}
    assert guard.calls[0]["task_brief"] == "brief"
    assert "proceed" in str(guard.calls[0]["prompt"])


@VARIANTS
def test_guard_approval_runs_target_with_the_very_same_brief(project_package: ModuleType, variant: str) -> None:
    brief = {"task": "deploy", "items": [1, 2]}
    guard = Recorder({"proceed": True, "reason": "ok"})
    target = Recorder("shipped")
    result = run(project_package, variant, "guard", guard=guard, target=target, task_brief=brief)
    assert target.count == 1
    assert target.calls[0] == {"task_brief": brief}
    assert target.calls[0]["task_brief"] is brief
    assert result.result == "shipped"
    assert result.proceeded is True


@VARIANTS
def test_guard_block_returns_reason_and_never_calls_target(project_package: ModuleType, variant: str) -> None:
    guard = Recorder({"proceed": False, "reason": "too risky"})
    target = Recorder("should not run")
    result = run(project_package, variant, "guard", guard=guard, target=target, task_brief="b")
    assert target.count == 0
    assert result.result == "too risky"
    assert result.proceeded is False


@VARIANTS
@pytest.mark.parametrize(
    "output",
    [
        '{"proceed": true, "reason": "clear"}',
        'Sure. Here is my verdict: {"proceed": true, "reason": "clear"} Thanks!',
        'Verdict:\n```json\n{"proceed": true, "reason": "clear"}\n```\n',
    ],
    ids=["json-text", "json-in-prose", "json-in-fence"],
)
def test_guard_reads_approval_from_language_model_text(project_package: ModuleType, variant: str, output: str) -> None:
    guard = Recorder(output)
    target = Recorder("worked")
    result = run(project_package, variant, "guard", guard=guard, target=target, task_brief="b")
    assert target.count == 1
    assert (result.result, result.proceeded) == ("worked", True)


@VARIANTS
@pytest.mark.parametrize(
    "output",
    ["I think it is probably fine", '{"proceed": "true"}', '{"proceed": tru', None, 42, "", {"reason": "no field"}],
    ids=["prose", "string-true", "broken-json", "none", "number", "empty", "missing-proceed"],
)
def test_guard_unclear_output_blocks(project_package: ModuleType, variant: str, output: object) -> None:
    guard = Recorder(output)
    target = Recorder("must not run")
    result = run(project_package, variant, "guard", guard=guard, target=target, task_brief="b")
    assert target.count == 0
    assert result.proceeded is False


@VARIANTS
def test_guard_unparseable_output_gives_a_reason_saying_so(project_package: ModuleType, variant: str) -> None:
    guard = Recorder("I'd rather not say")
    result = run(project_package, variant, "guard", guard=guard, target=Recorder(), task_brief="b")
    assert isinstance(result.result, str) and result.result
    assert "pars" in result.result.lower()
    assert "I'd rather not say" in result.result


@VARIANTS
def test_guard_reason_from_json_text_block(project_package: ModuleType, variant: str) -> None:
    guard = Recorder(json.dumps({"proceed": False, "reason": "missing tests"}))
    result = run(project_package, variant, "guard", guard=guard, target=Recorder(), task_brief="b")
    assert result.result == "missing tests"


@VARIANTS
def test_guard_delegate_failure_names_pattern_slot_and_line(project_package: ModuleType, variant: str) -> None:
    boom = ValueError("boom")
    guard = Recorder({"proceed": True})
    target = Recorder(boom)
    with pytest.raises(project_package.DelegateError) as info:
        run(project_package, variant, "guard", guard=guard, target=target, task_brief="b")
    text = str(info.value)
    assert "guard" in text and "target" in text and "line" in text
    assert info.value.__cause__ is boom


# ------------------------------------------------------------------ oversight


def _oversight(decisions: list[object]) -> tuple[Recorder, Recorder, Recorder]:
    actor = Recorder(lambda **kw: {"result": f"did {kw['task_brief']}", "reasoning": "because", "self_assessment": "great"})
    observer = Recorder(lambda **kw: f"report on {kw['outcome']['result']}")
    arbiter = Recorder(*decisions)
    return actor, observer, arbiter


@VARIANTS
def test_oversight_cycle_order_and_arguments(project_package: ModuleType, variant: str) -> None:
    order: list[str] = []

    def tag(name: str, rec: Recorder) -> Callable[..., object]:
        def call(**kw: object) -> object:
            order.append(name)
            return rec(**kw)

        return call

    actor, observer, arbiter = _oversight(["continue"])
    result = run(
        project_package, variant, "oversight",
        actor=tag("actor", actor), observer=tag("observer", observer), arbiter=tag("arbiter", arbiter),
        task_brief="T", max_cycles=2,
    )
    assert order == ["actor", "observer", "arbiter"] * 2
    assert actor.calls == [{"task_brief": "T"}, {"task_brief": "T"}]
    assert set(observer.calls[0]) == {"task_brief", "outcome"}
    assert observer.calls[0]["task_brief"] == "T"
    assert arbiter.calls[0] == {"task_brief": "T", "observer_report": "report on did T"}
    assert result.cycles == 2
    assert result.abort_reason is None


@VARIANTS
def test_oversight_observer_never_receives_reasoning_or_self_assessment(project_package: ModuleType, variant: str) -> None:
    actor, observer, arbiter = _oversight(["continue"])
    run(project_package, variant, "oversight", actor=actor, observer=observer, arbiter=arbiter, task_brief="T")
    assert observer.count == 3
    for call in observer.calls:
        outcome = call["outcome"]
        assert outcome == {"result": "did T"}


@VARIANTS
def test_oversight_firewall_applies_to_json_text_outcomes(project_package: ModuleType, variant: str) -> None:
    actor = Recorder('{"result": "r", "reasoning": "secret", "self_assessment": "A+"}')
    observer = Recorder("report")
    arbiter = Recorder("continue")
    run(project_package, variant, "oversight", actor=actor, observer=observer, arbiter=arbiter, task_brief="T", max_cycles=1)
    seen = observer.calls[0]["outcome"]
    assert "secret" not in str(seen) and "A+" not in str(seen)
    assert json.loads(str(seen)) == {"result": "r"}


@VARIANTS
def test_oversight_abort_returns_at_once_with_one_based_cycle(project_package: ModuleType, variant: str) -> None:
    actor, observer, arbiter = _oversight(["continue", {"decision": "abort", "reason": "off track"}])
    result = run(project_package, variant, "oversight", actor=actor, observer=observer, arbiter=arbiter, task_brief="T", max_cycles=5)
    assert result.cycles == 2
    assert actor.count == 2 and arbiter.count == 2
    assert result.abort_reason == {"decision": "abort", "reason": "off track"}
    assert result.result["result"] == "did T"


@VARIANTS
def test_oversight_adjust_hands_adjusted_brief_to_next_cycle(project_package: ModuleType, variant: str) -> None:
    actor, observer, arbiter = _oversight([{"decision": "adjust", "adjusted_brief": "T2"}, "continue"])
    result = run(project_package, variant, "oversight", actor=actor, observer=observer, arbiter=arbiter, task_brief="T", max_cycles=3)
    assert [c["task_brief"] for c in actor.calls] == ["T", "T2", "T2"]
    # The observer and arbiter keep the original brief.
    assert {c["task_brief"] for c in observer.calls} == {"T"}
    assert {c["task_brief"] for c in arbiter.calls} == {"T"}
    assert result.cycles == 3


@VARIANTS
def test_oversight_default_runs_three_cycles_with_same_brief(project_package: ModuleType, variant: str) -> None:
    actor, observer, arbiter = _oversight(["continue"])
    result = run(project_package, variant, "oversight", actor=actor, observer=observer, arbiter=arbiter, task_brief="T")
    assert actor.count == 3
    assert [c["task_brief"] for c in actor.calls] == ["T"] * 3
    assert result.cycles == 3
    assert result.result == {"result": "did T", "reasoning": "because", "self_assessment": "great"}


@VARIANTS
def test_oversight_decision_words_are_read_from_text(project_package: ModuleType, variant: str) -> None:
    actor, observer, arbiter = _oversight(['```json\n{"decision": "ABORT", "reason": "stop"}\n```'])
    result = run(project_package, variant, "oversight", actor=actor, observer=observer, arbiter=arbiter, task_brief="T")
    assert result.cycles == 1


@VARIANTS
def test_oversight_async_accepts_async_delegates(project_package: ModuleType, variant: str) -> None:
    if variant == "sync":
        pytest.skip("async delegates are for the async variant")

    calls: list[str] = []

    async def actor(**kw: object) -> object:
        calls.append("actor")
        await asyncio.sleep(0)
        return {"result": 1}

    async def observer(**kw: object) -> object:
        calls.append("observer")
        return "fine"

    def arbiter(**kw: object) -> object:
        calls.append("arbiter")
        return "abort"

    result = asyncio.run(project_package.oversight_async(actor=actor, observer=observer, arbiter=arbiter, task_brief="T"))
    assert calls == ["actor", "observer", "arbiter"]
    assert result.cycles == 1


def test_oversight_bad_cycle_count_fails_clearly(project_package: ModuleType) -> None:
    actor, observer, arbiter = _oversight(["continue"])
    with pytest.raises(project_package.PatternError, match=r"max_cycles|count|whole|integer"):
        project_package.oversight(actor=actor, observer=observer, arbiter=arbiter, task_brief="T", max_cycles=-1)
