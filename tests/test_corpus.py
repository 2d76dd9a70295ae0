"""The 19 OpenProse standard patterns: they compile, type-check, and behave as
their delegations say. Each test drives a pattern with scripted delegates that
record what they receive.

The corpus is read in place from ``$PROSEC_CORPUS`` (by default
``../shared/corpus/std-patterns``; see the README for a clone of the
OpenProse repository); where it is absent every test here is skipped, all of
them on one line of the summary.
"""

from __future__ import annotations

import asyncio
import copy
import subprocess
import sys
import threading
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from conftest import CORPUS, Recorder, corpus_files, need_corpus

from prosec.api import compile_text

pytestmark = need_corpus


class Snap(Recorder):
    """A recorder that keeps a deep copy of what it received (the pattern may
    later append to a list it passed)."""

    def __call__(self, **kwargs: object) -> object:
        return super().__call__(**copy.deepcopy(kwargs))


def both(pkg: ModuleType, name: str, **kwargs: Any) -> tuple[Any, Any]:
    """Run the sync and the async variant with the same arguments."""
    sync = getattr(pkg, name)(**kwargs)
    async_ = asyncio.run(getattr(pkg, f"{name}_async")(**kwargs))
    return sync, async_


# ------------------------------------------------------------------ compile


@pytest.mark.parametrize("path", corpus_files(), ids=lambda p: p.name.split(".")[0])
def test_corpus_pattern_compiles_without_errors(path: Path) -> None:
    compiled = compile_text(f"std-patterns/{path.name}", path.read_bytes())
    errors = [d for d in compiled.diagnostics if d.is_error]
    assert not errors, [(d.code, d.span.line, d.message) for d in errors]
    assert compiled.code is not None


def test_corpus_package_imports_and_passes_mypy_strict(tmp_path: Path, corpus_package: ModuleType) -> None:
    folder = Path(corpus_package.__file__).parent
    names = sorted(p.stem for p in CORPUS.glob("*.prose.md"))
    for name in names:
        function = name.removesuffix(".prose").replace("-", "_")
        assert callable(getattr(corpus_package, function))
        assert callable(getattr(corpus_package, f"{function}_async"))
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(folder)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout
    lint = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--isolated", "--select", "B,BLE,E,F,I,UP,W,RUF",
         "--ignore", "E501", "--target-version", "py311", str(folder)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert lint.returncode == 0, lint.stdout


# ------------------------------------------------------------------ patterns


def test_assumption_miner_fans_out_per_tier_and_compares(corpus_package: ModuleType) -> None:
    miner = Recorder(lambda **kw: f"assumes-{kw['model']}")
    comparator = Recorder({"map": "classified"})
    result = corpus_package.assumption_miner(miner=miner, comparator=comparator, material="M", context="C")
    # Default tiers: 3 opus + 2 sonnet.
    assert miner.count == 5
    assert sorted(c["model"] for c in miner.calls) == ["opus"] * 3 + ["sonnet"] * 2
    # Every miner gets the same material and instructions, and nothing of another miner.
    assert {(c["material"], c["context"], c["prompt"]) for c in miner.calls} == {(miner.calls[0]["material"], "C", miner.calls[0]["prompt"])}
    assert all(set(c) == {"material", "context", "prompt", "model"} for c in miner.calls)
    assert result.raw_assumptions == [
        [{"tier": "opus", "assumptions": "assumes-opus"}] * 3,
        [{"tier": "sonnet", "assumptions": "assumes-sonnet"}] * 2,
    ]
    assert comparator.calls[0]["assumption_lists_by_tier"] == result.raw_assumptions
    assert result.result == {"map": "classified"}


def test_assumption_miner_failure_names_the_slot(corpus_package: ModuleType) -> None:
    with pytest.raises(corpus_package.DelegateError, match="miner"):
        corpus_package.assumption_miner(
            miner=Recorder(RuntimeError("down")), comparator=Recorder(), material="M", tiers=[{"model": "x", "count": 1}]
        )


def test_blind_review_discloses_materials_in_order(corpus_package: ModuleType) -> None:
    reviewer = Snap(lambda **kw: f"{kw['model']}:{kw['material']}")
    comparator = Recorder({"divergences": ["d1"]})
    result = corpus_package.blind_review(
        reviewer=reviewer, comparator=comparator, materials=["m1", "m2", "m3"], task_brief="T",
        tiers=[{"model": "a", "count": 2}],
    )
    assert reviewer.count == 6
    runs = [reviewer.calls[i : i + 3] for i in range(0, 6, 3)]
    for run in runs:
        assert [c["material"] for c in run] == ["m1", "m2", "m3"]
        assert [c["prior_understanding"] for c in run] == ["", "a:m1", "a:m2"]
    assert result.reviews == [[{"tier": "a", "reports": ["a:m1", "a:m2", "a:m3"]}] * 2]
    assert result.divergences == ["d1"]


def test_blind_review_with_no_materials_still_compares(corpus_package: ModuleType) -> None:
    comparator = Recorder({"divergences": []})
    result = corpus_package.blind_review(
        reviewer=Recorder(), comparator=comparator, materials=[], task_brief="T", tiers=[{"model": "a", "count": 1}]
    )
    assert result.reviews == [[{"tier": "a", "reports": []}]]


def test_coherence_probe_readers_see_only_their_corpus(corpus_package: ModuleType) -> None:
    reader = Recorder(lambda **kw: f"prediction from {kw['corpus']}")
    analyst = Recorder("report")
    result = corpus_package.coherence_probe(
        reader=reader, sync_analyst=analyst, corpus_a="AAA", corpus_b="BBB", readers_per_direction=2
    )
    assert reader.count == 4
    for call in reader.calls:
        if call["corpus"] == "AAA":
            assert call["counterpart_label"] == "Corpus B"
            assert "BBB" not in str(call)
        else:
            assert call["corpus"] == "BBB" and "AAA" not in str(call)
    assert result.predictions == {
        "a_predicts_b": ["prediction from AAA"] * 2,
        "b_predicts_a": ["prediction from BBB"] * 2,
    }
    assert analyst.calls[0]["actuals"] == {"corpus_a": "AAA", "corpus_b": "BBB"}


def test_coherence_probe_directions_run_concurrently(corpus_package: ModuleType) -> None:
    # a barrier only the two directions' readers, running at once, can pass
    barrier = threading.Barrier(2, timeout=30)

    def reader(**kw: object) -> str:
        barrier.wait()
        return "p"

    corpus_package.coherence_probe(reader=reader, sync_analyst=Recorder(), corpus_a="A", corpus_b="B", readers_per_direction=1)


def test_contrastive_probe_measures_each_candidate_in_isolation(corpus_package: ModuleType) -> None:
    measurement = Recorder(lambda **kw: {"profile": kw["label"]})
    ranker = Recorder("A wins")
    result = corpus_package.contrastive_probe(
        measurement=measurement, ranker=ranker, dimension="speed", candidate_a="cfgA", candidate_b="cfgB"
    )
    assert sorted((c["candidate_config"], c["label"]) for c in measurement.calls) == [
        ("cfgA", "Candidate A"), ("cfgB", "Candidate B"),
    ]
    assert result.profile_a == {"profile": "Candidate A"} and result.profile_b == {"profile": "Candidate B"}
    assert ranker.calls[0]["dimension"] == "speed"
    assert result.result == "A wins"


def test_dialectic_alternates_and_keeps_the_full_exchange(corpus_package: ModuleType) -> None:
    thesis = Recorder(lambda **kw: f"thesis after {kw['prior_antithesis']}")
    antithesis = Recorder(lambda **kw: f"anti of {kw['prior_thesis']}")
    result = corpus_package.dialectic(thesis=thesis, antithesis=antithesis, task_brief="T", rounds=2)
    assert thesis.calls[0]["prior_antithesis"] is None
    assert antithesis.calls[0]["prior_thesis"] == "thesis after None"
    assert thesis.calls[1]["prior_antithesis"] == "anti of thesis after None"
    assert [e["round"] for e in result.exchange] == [1, 2]
    assert result.result == result.exchange
    # Neither side is told it is in a dialectic.
    for call in thesis.calls + antithesis.calls:
        assert "dialectic" not in str(call).lower()


def test_dialectic_zero_rounds_returns_empty_exchange(corpus_package: ModuleType) -> None:
    result = corpus_package.dialectic(thesis=Recorder(), antithesis=Recorder(), task_brief="T", rounds=0)
    assert result.exchange == []


def test_ensemble_members_receive_identical_brief_and_run_concurrently(corpus_package: ModuleType) -> None:
    seen: list[object] = []
    lock = threading.Lock()
    barrier = threading.Barrier(5, timeout=30)  # all five members at once

    def member(**kw: object) -> str:
        with lock:
            seen.append(kw)
        barrier.wait()
        return "answer"

    synthesizer = Recorder("synthesis")
    result = corpus_package.ensemble_synthesizer(ensemble_member=member, synthesizer=synthesizer, task_brief="T", ensemble_size=5)
    assert seen == [{"task_brief": "T"}] * 5
    assert result.member_results == ["answer"] * 5
    assert synthesizer.calls[0]["member_results"] == ["answer"] * 5


def test_fallback_chain_tries_in_order_and_stops_at_first_success(corpus_package: ModuleType) -> None:
    first = Recorder(RuntimeError("first is down"))
    second = Recorder("bad output")
    third = Recorder("good output")
    fourth = Recorder("never")
    result = corpus_package.fallback_chain(
        chain=[first, second, third, fourth], task_brief="T",
        failure_criteria=lambda value: value == "bad output",
    )
    assert (first.count, second.count, third.count, fourth.count) == (1, 1, 1, 0)
    for rec in (first, second, third):
        assert rec.calls == [{"task_brief": "T"}]
    assert result.result == "good output"
    assert result.winner is third
    assert result.attempts == 3
    assert [h["reason"] for h in result.failure_history][1] == "matched failure_criteria"
    failure = result.failure_history[0]["reason"]
    assert failure.type == "RuntimeError" and "first is down" in failure.message


def test_fallback_chain_all_fail(corpus_package: ModuleType) -> None:
    chain = [Recorder(ValueError("x")), Recorder(ValueError("y"))]
    sync, async_ = both(corpus_package, "fallback_chain", chain=chain, task_brief="T")
    for result in (sync, async_):
        assert result.result is None and result.winner is None
        assert result.attempts == 2
        assert len(result.failure_history) == 2


def test_fan_out_keeps_order_and_runs_concurrently(corpus_package: ModuleType) -> None:
    # all eight at once pass the barrier; they finish in reverse order
    barrier = threading.Barrier(8, timeout=30)

    def make(i: int) -> Any:
        def delegate(**kw: object) -> str:
            barrier.wait()
            time.sleep(0.002 * (8 - i))
            return f"{i}:{kw['brief']}"
        return delegate

    delegates = [make(i) for i in range(8)]
    briefs = [f"b{i}" for i in range(8)]
    result = corpus_package.fan_out(delegates=delegates, briefs=briefs, task_brief="T")
    assert result.results == [f"{i}:b{i}" for i in range(8)]


def test_fan_out_each_delegate_gets_exactly_one_brief(corpus_package: ModuleType) -> None:
    recs = [Recorder(i) for i in range(3)]
    sync, async_ = both(corpus_package, "fan_out", delegates=recs, briefs=["x", "y", "z"], task_brief="T")
    assert sync.results == async_.results == [0, 1, 2]
    for rec, brief in zip(recs, ["x", "y", "z"], strict=True):
        assert rec.calls == [{"brief": brief, "fallback_brief": "T"}] * 2


def test_fan_out_async_runs_concurrently(corpus_package: ModuleType) -> None:
    barrier: list[asyncio.Barrier] = []  # made in the running loop

    async def delegate(**kw: object) -> object:
        if not barrier:
            barrier.append(asyncio.Barrier(16))
        await asyncio.wait_for(barrier[0].wait(), timeout=30)  # all 16 at once
        return kw["brief"]

    result = asyncio.run(corpus_package.fan_out_async(delegates=[delegate] * 16, briefs=list(range(16)), task_brief="T"))
    assert result.results == list(range(16))


def test_fan_out_failure_names_slot_and_line(corpus_package: ModuleType) -> None:
    with pytest.raises(corpus_package.DelegateError, match=r"delegate.*line \d+"):
        corpus_package.fan_out(delegates=[Recorder(KeyError("k"))], briefs=["x"], task_brief="T")


def test_guard_corpus_blocks_and_proceeds(corpus_package: ModuleType) -> None:
    target = Recorder("ran")
    blocked = corpus_package.guard(guard=Recorder({"proceed": False, "reason": "no"}), target=target, task_brief="T")
    assert (blocked.result, blocked.proceeded, target.count) == ("no", False, 0)
    passed = corpus_package.guard(guard=Recorder('{"proceed": true}'), target=target, task_brief="T")
    assert (passed.result, passed.proceeded, target.calls) == ("ran", True, [{"task_brief": "T"}])


def test_map_reduce_maps_every_chunk_once_in_order(corpus_package: ModuleType) -> None:
    mapper = Recorder(lambda **kw: kw["chunk"].upper())
    reducer = Recorder(lambda **kw: "+".join(kw["mapper_results"]))
    sync, async_ = both(corpus_package, "map_reduce", mapper=mapper, reducer=reducer, task_brief="T", chunks=["a", "b", "c"])
    assert sync.result == async_.result == "A+B+C"
    first_run = mapper.calls[:3]
    assert sorted((c["chunk"], c["chunk_index"], c["chunk_count"]) for c in first_run) == [("a", 0, 3), ("b", 1, 3), ("c", 2, 3)]
    assert reducer.calls[0]["mapper_results"] == ["A", "B", "C"]


def test_oversight_corpus_abort(corpus_package: ModuleType) -> None:
    actor = Recorder({"result": "r", "reasoning": "why"})
    observer = Recorder("ok")
    arbiter = Recorder("abort")
    result = corpus_package.oversight(actor=actor, observer=observer, arbiter=arbiter, task_brief="T")
    assert result.cycles == 1 and result.abort_reason == "abort"
    assert observer.calls[0]["outcome"] == {"result": "r"}


def test_pipeline_runs_stages_in_order_passing_outputs(corpus_package: ModuleType) -> None:
    stages = [Recorder(lambda **kw: kw["input"] + "1"), Recorder(lambda **kw: kw["input"] + "2")]
    result = corpus_package.pipeline(stages=stages, task_brief="T")
    assert stages[0].calls == [{"input": "T"}]
    assert stages[1].calls == [{"input": "T1"}]
    assert result.result == "T12"
    assert result.stage_outputs == ["T1", "T12"]


def test_pipeline_stage_failure_stops(corpus_package: ModuleType) -> None:
    later = Recorder("x")
    with pytest.raises(corpus_package.DelegateError, match="stage"):
        corpus_package.pipeline(stages=[Recorder(OSError("disk")), later], task_brief="T")
    assert later.count == 0


def test_proposer_adversary_returns_both(corpus_package: ModuleType) -> None:
    proposer = Recorder("plan")
    adversary = Recorder("attack on plan")
    sync, async_ = both(corpus_package, "proposer_adversary", proposer=proposer, adversary=adversary, task_brief="T")
    assert sync.result == async_.result == {"proposal": "plan", "attack": "attack on plan"}
    assert adversary.calls[0] == {"task_brief": "T", "proposal": "plan"}
    assert proposer.calls[0] == {"task_brief": "T"}


def test_race_first_acceptable_in_slot_order_wins(corpus_package: ModuleType) -> None:
    def slow_good(**kw: object) -> str:
        time.sleep(0.2)
        return "slow but first in order"

    failing = Recorder(RuntimeError("crash"))
    fast_good = Recorder("fast")
    unacceptable = Recorder("meh")
    result = corpus_package.race(
        candidates=[failing, unacceptable, slow_good, fast_good], task_brief="T",
        acceptance_criteria=lambda value: value != "meh",
    )
    assert result.result == "slow but first in order"
    assert result.winner is slow_good
    assert result.attempts == 3
    assert result.failure_history[0]["error"].type == "RuntimeError"
    assert failing.calls == unacceptable.calls == fast_good.calls == [{"task_brief": "T"}]


def test_race_nothing_acceptable(corpus_package: ModuleType) -> None:
    result = corpus_package.race(candidates=[Recorder("a"), Recorder("b")], task_brief="T", acceptance_criteria=lambda v: False)
    assert (result.result, result.winner, result.attempts) == (None, None, 2)
    assert len(result.failure_history) == 2


def test_race_without_criteria_accepts_first_non_error(corpus_package: ModuleType) -> None:
    result = corpus_package.race(candidates=[Recorder(ValueError()), Recorder("ok")], task_brief="T")
    assert result.result == "ok"


def test_ratchet_never_appends_rejected_steps_nor_mutates_caller_list(corpus_package: ModuleType) -> None:
    verdicts = iter([{"decision": "certify"}, {"decision": "reject", "reason": "wrong"}, {"certified": True}])
    advancer = Snap(lambda **kw: f"step{len(kw['certified_progress'])}")
    certifier = Snap(lambda **kw: next(verdicts))
    mine = ["s0"]
    result = corpus_package.ratchet(advancer=advancer, certifier=certifier, task_brief="T", certified_progress=mine, max_steps=3)
    assert mine == ["s0"]
    assert result.result == ["s0", "step1", "step2"]
    assert advancer.calls[1]["rejection_feedback"] is None
    assert advancer.calls[2]["rejection_feedback"] == {"decision": "reject", "reason": "wrong"}
    assert [len(c["certified_progress"]) for c in certifier.calls] == [1, 2, 2]


def test_ratchet_default_progress_is_fresh_per_call(corpus_package: ModuleType) -> None:
    for _ in range(2):
        result = corpus_package.ratchet(
            advancer=Recorder("s"), certifier=Recorder("certify"), task_brief="T", max_steps=2
        )
        assert result.result == ["s", "s"]


def test_refine_stops_at_threshold(corpus_package: ModuleType) -> None:
    scores = iter([{"score": 0.5, "suggestions": "more"}, {"score": 0.9, "suggestions": None}])
    refiner = Recorder(lambda **kw: f"v{(kw['current_result'] or 'v0')[-1:]}x")
    evaluator = Recorder(lambda **kw: next(scores))
    result = corpus_package.refine(refiner=refiner, evaluator=evaluator, task_brief="T", max_rounds=5, threshold=0.8)
    assert result.rounds_used == 2 and result.score == 0.9
    assert refiner.count == 2
    assert refiner.calls[0]["current_result"] is None and refiner.calls[0]["current_score"] == 0
    assert refiner.calls[1]["improvement_suggestions"] == "more"
    # The refiner sees its own prior output on the retry.
    assert refiner.calls[1]["current_result"] == "v0x"
    assert evaluator.calls[1]["result"] == result.result


def test_refine_exhausts_budget(corpus_package: ModuleType) -> None:
    result = corpus_package.refine(refiner=Recorder("r"), evaluator=Recorder('{"score": 0.1}'), task_brief="T", max_rounds=3)
    assert result.rounds_used == 3 and result.score == 0.1


def test_retry_with_learning_grows_failure_history(corpus_package: ModuleType) -> None:
    target = Snap(RuntimeError("flaky"), "bad", "good")
    result = corpus_package.retry_with_learning(
        target=target, task_brief="T", max_retries=5, failure_criteria=lambda v: v == "bad"
    )
    assert target.count == 3
    assert [len(c["failure_history"]) for c in target.calls] == [0, 1, 2]
    assert result.result == "good" and result.attempts == 3
    assert result.failure_history[0]["attempt"] == 1
    assert result.failure_history[1]["reason"] == "matched failure_criteria"


def test_retry_with_learning_exhausted(corpus_package: ModuleType) -> None:
    result = corpus_package.retry_with_learning(target=Recorder(ValueError("no")), task_brief="T", max_retries=2)
    assert result.result is None and result.attempts == 2 and len(result.failure_history) == 2


def test_stochastic_probe_identical_inputs(corpus_package: ModuleType) -> None:
    probe = Recorder("sample")
    analyst = Recorder("stable")
    result = corpus_package.stochastic_probe(probe=probe, analyst=analyst, task_brief="T", material="M", sample_size=4, model="m1")
    assert probe.calls == [{"task_brief": "T", "material": "M", "model": "m1"}] * 4
    assert result.responses == ["sample"] * 4
    assert analyst.calls[0]["responses"] == ["sample"] * 4


def test_worker_critic_accepts_on_second_round(corpus_package: ModuleType) -> None:
    for variant in ("sync", "async"):
        worker = Recorder(lambda **kw: f"draft after {kw['critique']}")
        critic = Recorder({"decision": "revise", "notes": "tighten"}, {"accepted": True})
        kwargs: dict[str, Any] = dict(worker=worker, critic=critic, task_brief="T", criteria="C", max_rounds=4)
        if variant == "sync":
            result = corpus_package.worker_critic(**kwargs)
        else:
            result = asyncio.run(corpus_package.worker_critic_async(**kwargs))
        assert result.attempts == 2
        assert result.result == "draft after {'decision': 'revise', 'notes': 'tighten'}"
        assert result.final_critique is None
        # The worker never receives the criteria; the critic always gets the brief.
        assert all("criteria" not in c and "C" not in c.values() for c in worker.calls)
        assert all(c["task_brief"] == "T" and c["criteria"] == "C" for c in critic.calls)


def test_worker_critic_exhausted_returns_final_critique(corpus_package: ModuleType) -> None:
    result = corpus_package.worker_critic(worker=Recorder("w"), critic=Recorder("reject"), task_brief="T", criteria="C", max_rounds=2)
    assert result.attempts == 2 and result.final_critique == "reject"
