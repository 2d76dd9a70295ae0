"""Three patterns written from docs/ alone by someone new to prosec
(tests/newcomer/), with the tests they wrote to check that each does what
they meant: what every delegate received, how often, and what came back."""

from __future__ import annotations

import asyncio
from pathlib import Path
from types import ModuleType

import pytest
from conftest import build_package

HERE = Path(__file__).parent / "newcomer"


@pytest.fixture(scope="module")
def pkg(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    package, _ = build_package([HERE], tmp_path_factory.mktemp("newcomer"))
    return package


class Recorder:
    def __init__(self, *answers):
        self.answers = list(answers)
        self.calls = []

    def __call__(self, **inputs):
        self.calls.append(inputs)
        a = self.answers[min(len(self.calls), len(self.answers)) - 1]
        if isinstance(a, BaseException):
            raise a
        return a


# ---------- copy-edit (review loop) ----------

def test_copy_edit_passes_on_second_round(pkg: ModuleType) -> None:
    editor = Recorder("v1", "v2")
    scorer = Recorder({"score": 5, "notes": "too long"}, {"score": 9, "notes": "good"})
    r = pkg.copy_edit(editor=editor, scorer=scorer, text="orig", audience="kids")
    assert (r.text, r.score, r.passed, r.rounds) == ("v2", 9, True, 2)
    assert scorer.calls == [{"text": "v1"}, {"text": "v2"}]
    assert editor.calls == [
        {"text": "orig", "audience": "kids", "notes": None},
        {"text": "v1", "audience": "kids", "notes": "too long"},
    ]


def test_copy_edit_gives_up_and_returns_last_scored_draft(pkg: ModuleType) -> None:
    editor = Recorder("v1", "v2", "v3")
    scorer = Recorder({"score": 3, "notes": "meh"})
    r = pkg.copy_edit(editor=editor, scorer=scorer, text="t", audience="a", max_rounds=3)
    assert not r.passed and r.rounds == 3 and r.text == "v3" and r.score == 3
    assert len(scorer.calls) == 3 and len(editor.calls) == 3


def test_copy_edit_score_as_text_json(pkg: ModuleType) -> None:
    editor = Recorder("v1")
    scorer = Recorder('Score below.\n```json\n{"score": "8.5", "notes": "ok"}\n```')
    r = pkg.copy_edit(editor=editor, scorer=scorer, text="t", audience="a")
    assert r.passed and r.rounds == 1


def test_copy_edit_zero_rounds(pkg: ModuleType) -> None:
    editor = Recorder("v1")
    scorer = Recorder({"score": 10})
    r = pkg.copy_edit(editor=editor, scorer=scorer, text="t", audience="a", max_rounds=0)
    assert not r.passed and scorer.calls == []


def test_copy_edit_async(pkg: ModuleType) -> None:
    async def editor(*, text, audience, notes):
        return text.upper()

    async def scorer(*, text):
        return {"score": 10}

    r = asyncio.run(pkg.copy_edit_async(editor=editor, scorer=scorer, text="t", audience="a"))
    assert r.text == "T" and r.passed


# ---------- incident-triage (parallel) ----------

def test_triage_skips_failing_classifier_and_isolates_summarizer(pkg: ModuleType) -> None:
    c1 = Recorder({"label": "outage", "confidence": 0.9})
    c2 = Recorder(RuntimeError("model down"))
    c3 = Recorder({"label": "network", "confidence": 0.6})
    summarizer = Recorder("note: outage in network")
    router = Recorder("sre")
    r = pkg.incident_triage(
        classifiers=[c1, c2, c3], summarizer=summarizer, router=router,
        ticket="site down", customer="ACME",
    )
    assert r.labels == [{"label": "outage", "confidence": 0.9},
                        {"label": "network", "confidence": 0.6}]
    assert r.answered == 2 and r.note == "note: outage in network" and r.team == "sre"
    assert c1.calls == c2.calls == c3.calls == [{"ticket": "site down"}]
    assert summarizer.calls == [{"labels": r.labels}]
    assert router.calls == [{"ticket": "site down"}]


def test_triage_rejects_single_delegate_for_list_slot(pkg: ModuleType) -> None:
    with pytest.raises(TypeError) as e:
        pkg.incident_triage(classifiers=Recorder("x"), summarizer=Recorder("n"),
                        router=Recorder("t"), ticket="t")
    assert "classifiers" in str(e.value)


def test_triage_router_failure(pkg: ModuleType) -> None:
    with pytest.raises(pkg.DelegateError) as e:
        pkg.incident_triage(classifiers=[Recorder("x")], summarizer=Recorder("n"),
                        router=Recorder(ValueError("no team")), ticket="t")
    assert e.value.slot == "router"


def test_triage_runs_classifiers_concurrently(pkg: ModuleType) -> None:
    import threading
    barrier = threading.Barrier(3, timeout=2)

    def c(**kw):
        barrier.wait()
        return {"label": "x"}

    r = pkg.incident_triage(classifiers=[c, c, c], summarizer=Recorder("n"),
                        router=Recorder("t"), ticket="t")
    assert r.answered == 3


# ---------- deploy-gate (approval + fallback) ----------

def test_gate_refusal_returns_reason_and_deploys_nothing(pkg: ModuleType) -> None:
    primary = Recorder("rec")
    fallback = Recorder("rec2")
    r = pkg.deploy_gate(approver=Recorder({"proceed": False, "reason": "friday"}),
                    primary_deployer=primary, fallback_deployer=fallback,
                    change="c", credentials="tok")
    assert r.deployed is False and r.reason == "friday"
    assert primary.calls == [] and fallback.calls == []


def test_gate_unreadable_approval_blocks(pkg: ModuleType) -> None:
    primary = Recorder("rec")
    r = pkg.deploy_gate(approver=Recorder("yes, ship it"),
                    primary_deployer=primary, fallback_deployer=Recorder("x"),
                    change="c", credentials="tok")
    assert r.deployed is False and primary.calls == []


def test_gate_string_true_is_not_approval(pkg: ModuleType) -> None:
    primary = Recorder("rec")
    r = pkg.deploy_gate(approver=Recorder({"proceed": "true"}),
                    primary_deployer=primary, fallback_deployer=Recorder("x"),
                    change="c", credentials="tok")
    assert not r.deployed and primary.calls == []


def test_gate_primary_success(pkg: ModuleType) -> None:
    approver = Recorder('{"proceed": true, "reason": "fine"}')
    primary = Recorder("deployed v1")
    r = pkg.deploy_gate(approver=approver, primary_deployer=primary,
                    fallback_deployer=Recorder("x"), change="c", credentials="tok")
    assert r.deployed and r.record == "deployed v1" and r.used_fallback is False
    assert approver.calls == [{"change": "c"}]
    assert primary.calls == [{"change": "c", "credentials": "tok"}]
    assert r.reason is None


def test_gate_primary_retries_then_fallback(pkg: ModuleType) -> None:
    primary = Recorder(ConnectionError("boom"))
    fallback = Recorder("fallback record")
    r = pkg.deploy_gate(approver=Recorder({"proceed": True}), primary_deployer=primary,
                    fallback_deployer=fallback, change="c", credentials="tok")
    assert len(primary.calls) == 3  # 1 try + retry: 2
    assert r.deployed and r.used_fallback and r.record == "fallback record"
    assert fallback.calls[0]["change"] == "c"
    assert "boom" in fallback.calls[0]["failure"]


def test_gate_fallback_failure_raises(pkg: ModuleType) -> None:
    with pytest.raises(pkg.DelegateError) as e:
        pkg.deploy_gate(approver=Recorder({"proceed": True}),
                    primary_deployer=Recorder(ConnectionError("boom")),
                    fallback_deployer=Recorder(OSError("also down")),
                    change="c", credentials="tok")
    assert e.value.slot == "fallback-deployer"
