"""What each construct of language.md §3-5 means at run time, shown by
compiling small patterns and calling them with recording delegates; and the
project's own patterns that use what the corpus does not."""

from __future__ import annotations

import asyncio
import concurrent.futures
import threading
import time
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any

import pytest
from conftest import Recorder, pattern_text

Compile = Callable[..., ModuleType]


def both(pkg: ModuleType, name: str, make: Callable[[], dict[str, Any]]) -> list[Any]:
    """The sync and async results for fresh arguments from ``make``."""
    return [getattr(pkg, name)(**make()), asyncio.run(getattr(pkg, f"{name}_async")(**make()))]


# ------------------------------------------------------------------ bindings and loops


def test_repeat_counts_from_one_and_for_indexes_from_zero(compile_pattern: Compile) -> None:
    pkg = compile_pattern(pattern_text("counts", """
        let seen = []
        repeat 3 as i:
          record i in seen
        for x, j in xs:
          record { x, j } in seen
        return seen
    """, requires="xs: string[] -- items"))
    for result in both(pkg, "counts", lambda: {"xs": ["a", "b"]}):
        assert result.result == [1, 2, 3, {"x": "a", "j": 0}, {"x": "b", "j": 1}]


def test_let_inside_loop_updates_outer_binding_and_const(compile_pattern: Compile) -> None:
    pkg = compile_pattern(pattern_text("update", """
        const label = "L"
        let last = null
        repeat 2 as i:
          let last = call worker
            i: i
        return { last: last, label: label }
    """, slots="worker"))
    worker = Recorder(lambda **kw: kw["i"] * 10)
    result = pkg.update(worker=worker)
    assert result.last == 20 and result.label == "L"


def test_caller_list_is_never_mutated_and_defaults_are_fresh(compile_pattern: Compile) -> None:
    pkg = compile_pattern(pattern_text("owned", """
        let items = items
        append "new" to items
        record { nested: items } in extra
        return { items: items, extra: extra }
    """, config="- `items` (string[], default: []): items\n- `extra` (object[], default: []): more"))
    mine = ["a"]
    result = pkg.owned(items=mine)
    assert mine == ["a"]
    assert result.items == ["a", "new"]
    again = pkg.owned()
    assert again.items == ["new"] and len(again.extra) == 1


def test_loop_values_collect_one_value_per_iteration(compile_pattern: Compile) -> None:
    pkg = compile_pattern(pattern_text("values", """
        let squares = for x in xs:
          if x says skip:
            return "skipped"
          call worker
            x: x
        let grid = repeat 2 as r:
          repeat 2 as c:
            return "{r}{c}"
        let until_stop = for x in xs:
          if x says stop:
            break
          return x
        return { squares: squares, grid: grid, until_stop: until_stop }
    """, slots="worker", requires="xs: string[] -- items"))
    worker = Recorder(lambda **kw: kw["x"] * 2)
    for result in both(pkg, "values", lambda: {"worker": worker, "xs": ["a", "skip", "b", "stop", "c"]}):
        assert result.squares == ["aa", "skipped", "bb", "stopstop", "cc"]
        assert result.grid == [["11", "12"], ["21", "22"]]
        assert result.until_stop == ["a", "skip", "b"]


def test_loop_until_runs_body_first_and_max_ends_quietly(compile_pattern: Compile) -> None:
    pkg = compile_pattern(pattern_text("until", """
        let tries = loop until answer says done (max: 4) as k:
          let answer = call worker
            k: k
          return answer
        let waited = 0
        loop while waited is absent (max: 3):
          waited = null
        return { tries: tries }
    """, slots="worker"))
    done_at_2 = Recorder("working", "done")
    assert pkg.until(worker=done_at_2).tries == ["working", "done"]
    never = Recorder("working")
    assert pkg.until(worker=never).tries == ["working"] * 4
    assert [c["k"] for c in never.calls] == [1, 2, 3, 4]


def test_loop_while_tests_before_each_iteration(compile_pattern: Compile) -> None:
    pkg = compile_pattern(pattern_text("whiles", """
        let found = null
        loop while found is absent (max: 5) as n:
          found = call worker
            n: n
        return found
    """, slots="worker"))
    worker = Recorder(None, None, "third")
    assert pkg.whiles(worker=worker).result == "third"
    assert worker.count == 3


def test_repeat_count_must_be_a_whole_number_at_run_time(compile_pattern: Compile) -> None:
    pkg = compile_pattern(pattern_text("counted", """
        repeat n:
          call worker
        return null
    """, slots="worker", requires="n: number -- how many"))
    with pytest.raises(pkg.PatternError, match="line"):
        pkg.counted(worker=Recorder(), n=2.5)
    worker = Recorder()
    pkg.counted(worker=worker, n=2.0)
    assert worker.count == 2


# ------------------------------------------------------------------ parallel


PARALLEL = pattern_text("fanning", """
    let all = parallel for x in xs:
      call worker
        x: x
    let first = parallel for x in xs ("first"):
      call worker
        x: x
    let some = parallel for x in xs ("any", count: 2, on-fail: "ignore"):
      call worker
        x: x
    let kept = parallel for x in xs ("all", on-fail: "continue"):
      call flaky
        x: x
    let dropped = parallel for x in xs ("all", on-fail: "ignore"):
      call flaky
        x: x
    return { all: all, first: first, some: some, kept: kept, dropped: dropped }
""", slots="worker, flaky", requires="xs: number[] -- delays")


def _sleepy(**kw: Any) -> Any:
    time.sleep(kw["x"])
    return kw["x"]


def _flaky(**kw: Any) -> Any:
    if kw["x"] == 0.2:
        raise ValueError("flaky")
    return kw["x"]


def test_parallel_joins_and_failure_modes(compile_pattern: Compile) -> None:
    pkg = compile_pattern(PARALLEL)
    # delays 200 ms apart, so that which call ends first does not hang on
    # how busy the machine is
    xs = [0.6, 0.2, 0.4, 0.0]
    for result in both(pkg, "fanning", lambda: {"worker": _sleepy, "flaky": _flaky, "xs": xs}):
        assert result.all == xs
        assert result.first == 0.0
        assert result.some == [0.2, 0.0]  # the first two successes, in input order
        assert result.kept[0] == 0.6 and result.kept[2:] == [0.4, 0.0]
        assert result.kept[1].type == "ValueError"
        assert result.dropped == [0.6, 0.4, 0.0]


def test_parallel_fail_fast_raises(compile_pattern: Compile) -> None:
    pkg = compile_pattern(pattern_text("failfast", """
        let r = parallel for x in xs:
          call flaky
            x: x
        return r
    """, slots="flaky", requires="xs: number[] -- items"))
    with pytest.raises(pkg.DelegateError, match="flaky"):
        pkg.failfast(flaky=_flaky, xs=[0.0, 0.2])


def test_parallel_runs_at_least_32_at_once_and_honours_the_limit(compile_pattern: Compile) -> None:
    pkg = compile_pattern(pattern_text("wide", """
        let r = parallel repeat n:
          call worker
        return r
    """, slots="worker", requires="n: integer -- how many"))
    active = 0
    peak = 0
    lock = threading.Lock()
    # Each delegate waits until `size` of them are inside at once: the
    # barrier only opens if the runtime really runs that many together (on
    # a busy machine as on an idle one); a runtime that ran fewer would
    # leave it broken after the timeout, and the call would fail.
    gate = threading.Barrier(32, timeout=30)

    def worker(**kw: Any) -> int:
        nonlocal active, peak
        with lock:
            active += 1
            peak = max(peak, active)
        gate.wait()
        with lock:
            active -= 1
        return 1

    assert pkg.wide(worker=worker, n=32).result == [1] * 32
    assert peak == 32
    peak = 0
    gate = threading.Barrier(4, timeout=30)
    assert pkg.wide(worker=worker, n=12, max_concurrency=4).result == [1] * 12
    assert peak == 4


def test_parallel_block_branches_bind_names(compile_pattern: Compile) -> None:
    pkg = compile_pattern(pattern_text("block", """
        parallel:
          let a = call left
          let b = call right
        return { a: a, b: b }
    """, slots="left, right"))
    barrier = threading.Barrier(2, timeout=30)  # both branches at once

    def together(value: str) -> Callable[..., str]:
        def run(**kw: Any) -> str:
            barrier.wait()
            return value
        return run

    for result in both(pkg, "block", lambda: {"left": together("L"), "right": together("R")}):
        assert (result.a, result.b) == ("L", "R")


def test_sync_parallel_submits_delegate_calls_to_the_callers_executor(compile_pattern: Compile) -> None:
    pkg = compile_pattern(pattern_text("submit", """
        let r = parallel for x in xs:
          call worker
            x: x
        return r
    """, slots="worker", requires="xs: number[] -- items"))
    submitted: list[tuple[object, dict[str, Any]]] = []

    class Recording(concurrent.futures.ThreadPoolExecutor):
        def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
            submitted.append((fn, kwargs))
            return super().submit(fn, *args, **kwargs)

    def worker(**kw: Any) -> Any:
        return kw["x"] + 1

    with Recording(max_workers=4) as pool:
        assert pkg.submit(worker=worker, xs=[1, 2, 3], executor=pool).result == [2, 3, 4]
    assert sorted(kw["x"] for fn, kw in submitted) == [1, 2, 3]
    assert all(fn is worker for fn, _ in submitted)


# ------------------------------------------------------------------ errors


def test_try_catch_finally_and_throw(compile_pattern: Compile) -> None:
    pkg = compile_pattern(pattern_text("errors", """
        let log = []
        try:
          call risky
        catch as e:
          record e in log
          if e is present:
            throw "wrapped: {e.message}"
        finally:
          record "cleanup" in log
        return log
    """, slots="risky"))
    with pytest.raises(pkg.ThrownError) as info:
        pkg.errors(risky=Recorder(KeyError("gone")))
    assert "wrapped" in str(info.value) and "gone" in str(info.value.value)
    ok = pkg.errors(risky=Recorder("fine"))
    assert ok.result == ["cleanup"]


def test_rethrow_keeps_the_original_failure(compile_pattern: Compile) -> None:
    pkg = compile_pattern(pattern_text("rethrow", """
        try:
          call risky
        catch:
          throw
        return null
    """, slots="risky"))
    boom = OSError("disk")
    with pytest.raises(pkg.DelegateError) as info:
        pkg.rethrow(risky=Recorder(boom))
    assert info.value.__cause__ is boom


def test_retry_reinvokes_a_failed_call(compile_pattern: Compile) -> None:
    pkg = compile_pattern(pattern_text("retrying", """
        let r = call flaky
          retry: 2
          backoff: none
        return r
    """, slots="flaky"))
    flaky = Recorder(ValueError("1"), ValueError("2"), "third time")
    assert pkg.retrying(flaky=flaky).result == "third time"
    assert flaky.count == 3
    with pytest.raises(pkg.DelegateError):
        pkg.retrying(flaky=Recorder(ValueError("always")))


def test_tracer_sees_every_call(compile_pattern: Compile) -> None:
    pkg = compile_pattern(pattern_text("traced", """
        let a = call first
          x: 1
        return call second
    """, slots="first, second"))
    events: list[Any] = []
    pkg.traced(first=Recorder("A"), second=Recorder("B"), tracer=events.append)
    assert [(e.pattern, e.slot, e.inputs, e.result) for e in events] == [
        ("traced", "first", {"x": 1}, "A"),
        ("traced", "second", {}, "B"),
    ]
    assert all(e.line > 0 and e.duration >= 0 and e.error is None for e in events)


# ------------------------------------------------------------------ conditions and the judge


def test_judge_gets_condition_text_and_bindings(compile_pattern: Compile) -> None:
    pkg = compile_pattern(pattern_text("judged", """
        let draft = call writer
        if **the draft reads
          well**:
          return "good"
        return "bad"
    """, slots="writer", requires="topic: string -- subject"))
    asked: list[tuple[str, Mapping[str, Any]]] = []

    def judge(condition: str, bindings: Mapping[str, Any]) -> bool:
        asked.append((condition, dict(bindings)))
        return True

    assert pkg.judged(writer=Recorder("D"), topic="T", judge=judge).result == "good"
    assert asked == [("the draft reads well", {"topic": "T", "draft": "D"})]


def test_missing_judge_names_the_condition_and_line(compile_pattern: Compile) -> None:
    pkg = compile_pattern(pattern_text("nojudge", """
        if **the moon is full**:
          return 1
        return 2
    """))
    with pytest.raises(pkg.JudgeError, match=r"the moon is full.*line \d+|line \d+.*the moon is full") as info:
        pkg.nojudge()
    assert "**" not in str(info.value)


def test_choice_runs_the_first_option_the_judge_approves(compile_pattern: Compile) -> None:
    pkg = compile_pattern(pattern_text("choosing", """
        choice **the best route**:
          option "fast":
            return "went fast"
          option "safe":
            return "went safe"
    """))
    questions: list[str] = []

    def judge(question: str, bindings: Mapping[str, Any]) -> bool:
        questions.append(question)
        return "safe" in question

    assert pkg.choosing(judge=judge).result == "went safe"
    assert len(questions) == 2 and all("the best route" in q for q in questions)
    with pytest.raises(pkg.PatternError, match="the best route"):
        pkg.choosing(judge=lambda q, b: False)


def test_numeric_and_presence_conditions_are_fail_safe(compile_pattern: Compile) -> None:
    pkg = compile_pattern(pattern_text("numbers", """
        let e = call evaluator
        if e.score meets threshold:
          return "met"
        elif e.score is absent:
          return "absent"
        return "below"
    """, slots="evaluator", config="- `threshold` (number, default: 0.5): bar"))
    assert pkg.numbers(evaluator=Recorder({"score": 0.7})).result == "met"
    assert pkg.numbers(evaluator=Recorder('{"score": 0.5}')).result == "met"
    assert pkg.numbers(evaluator=Recorder({"score": "high"})).result == "below"
    assert pkg.numbers(evaluator=Recorder({})).result == "absent"


@pytest.mark.parametrize(
    ("form", "same_as"),
    [
        ("is greater than", "exceeds"),
        ("is more than", "exceeds"),
        ("is at most", "does not exceed"),
        ("is no more than", "does not exceed"),
        ("is not greater than", "does not exceed"),
        ("is not below", "is at least"),
        ("is not less than", "is at least"),
        ("does not meet", "is below"),
    ],
)
def test_every_phrasing_of_a_comparison_decides_as_its_twin(
    compile_pattern: Compile, form: str, same_as: str
) -> None:
    def pattern(name: str, words: str) -> str:
        return pattern_text(name, f"""
            let e = call evaluator
            if e.score {words} limit:
              return "yes"
            return "no"
        """, slots="evaluator", config="- `limit` (number, default: 3): bar")

    pkg = compile_pattern(pattern("phrased", form), pattern("twin", same_as))
    for score in (2, 3, 3.5, "3", "high", None):
        answers = {pkg.phrased(evaluator=Recorder({"score": score})).result,
                   pkg.twin(evaluator=Recorder({"score": score})).result}
        assert len(answers) == 1, (score, answers)


def test_an_until_test_sees_the_number_of_the_iteration_it_follows(compile_pattern: Compile) -> None:
    pkg = compile_pattern(
        pattern_text("counted", """
            loop until round is at least 2 (max: 5) as round:
              call worker
                round: round
            return null
        """, slots="worker"),
        pattern_text("collected", """
            let notes = loop until round is at least 3 (max: 5) as round:
              let note = call worker
                round: round
              return note
            return notes
        """, slots="worker"),
        pattern_text("judged", """
            loop until **the draft reads well** (max: 3) as round:
              call worker
                round: round
            return null
        """, slots="worker"),
    )
    worker = Recorder("n")
    pkg.counted(worker=worker)
    assert worker.calls == [{"round": 1}, {"round": 2}]
    worker = Recorder("n")
    assert pkg.collected(worker=worker).result == ["n", "n", "n"]
    assert [c["round"] for c in worker.calls] == [1, 2, 3]
    asked: list[int] = []

    def judge(condition: str, bindings: Any) -> bool:
        asked.append(bindings["round"])
        return len(asked) == 2

    worker = Recorder("n")
    pkg.judged(worker=worker, judge=judge)
    assert asked == [1, 2] and [c["round"] for c in worker.calls] == [1, 2]


# ------------------------------------------------------------------ the project's patterns


def test_escalation_answers_first_line(project_package: ModuleType) -> None:
    responder = Recorder("42")
    expert = Recorder("unused")
    result = project_package.escalation(responder=responder, expert=expert, question="Q")
    assert (result.answer, result.escalated) == ("42", False)
    assert expert.count == 0
    assert result.log == [{"stage": "responder", "answer": "42"}, {"stage": "done"}]


def test_escalation_retries_then_escalates_with_the_failure(project_package: ModuleType) -> None:
    responder = Recorder(TimeoutError("slow"))
    expert = Recorder({"decision": "answer", "answer": "expert says 7"})
    result = project_package.escalation(responder=responder, expert=expert, question="Q", responder_retries=2)
    assert responder.count == 3
    assert result.escalated and result.answer == "expert says 7"
    failure = expert.calls[0]["prior_failure"]
    assert failure.type == "TimeoutError" and failure.message == "slow"
    assert [e["stage"] for e in result.log] == ["responder", "expert", "done"]


def test_escalation_expert_declining_throws(project_package: ModuleType) -> None:
    with pytest.raises(project_package.ThrownError, match="declined Q: out of scope"):
        project_package.escalation(
            responder=Recorder(RuntimeError("x")),
            expert=Recorder('{"decision": "decline", "reason": "out of scope"}'),
            question="Q",
            responder_retries=0,
        )


def test_quorum_takes_first_two_approvals_and_asks_the_judge(project_package: ModuleType) -> None:
    def reviewer(verdict: object, delay: float) -> Callable[..., object]:
        def run(**kw: Any) -> object:
            time.sleep(delay)
            return verdict
        return run

    reviewers = [
        reviewer({"decision": "approve", "by": 1}, 0.05),
        reviewer({"decision": "reject", "by": 2}, 0.0),
        reviewer(RuntimeError("offline"), 0.0),
        reviewer({"approved": True, "by": 4}, 0.0),
        reviewer({"decision": "approve", "by": 5}, 0.5),
    ]
    asked: list[str] = []

    def judge(question: str, bindings: Mapping[str, Any]) -> bool:
        asked.append(question)
        return "publish now" in question

    def make() -> dict[str, Any]:
        return {
            "reviewers": reviewers,
            "summarizer": Recorder("sum"),
            "headliner": Recorder(ValueError("no headline")),
            "draft": "D",
            "judge": judge,
        }

    for result in both(project_package, "quorum", make):
        assert result.outcome == "published"
        assert [v["by"] for v in result.approvals] == [1, 4]
        assert result.summary == "sum"
        assert result.headline.type == "ValueError"


def test_quorum_without_two_approvals_fails(project_package: ModuleType) -> None:
    with pytest.raises(project_package.PatternError):
        project_package.quorum(
            reviewers=[Recorder("reject"), Recorder({"decision": "approve"})],
            summarizer=Recorder(), headliner=Recorder(), draft="D", judge=lambda q, b: True,
        )


def test_polish_until_done(project_package: ModuleType) -> None:
    writer = Recorder(None, "v1", "v2")
    editor = Recorder({"notes": "tighten"}, "done")
    result = project_package.polish(writer=writer, editor=editor, brief="B")
    assert writer.calls[0] == {"brief": "B", "draft": None, "notes": None}
    assert writer.count == 3  # two starts (the first was empty), one revision
    assert writer.calls[2]["brief"] == "B (revision 1)"
    assert [c["round"] for c in editor.calls] == [1, 2]
    assert (result.draft, result.notes, result.first_note, result.rounds) == ("v2", ["tighten"], "tighten", 1)


def test_polish_breaks_when_no_notes(project_package: ModuleType) -> None:
    result = project_package.polish(writer=Recorder("v1"), editor=Recorder({"verdict": "meh"}), brief="B")
    assert (result.draft, result.notes, result.first_note, result.rounds) == ("v1", [], None, 0)
