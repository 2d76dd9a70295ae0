"""Journaled runs across real processes (docs/durable.md).

A pattern with a loop, a parallel region and a ``try`` with retries runs in
a child process (tests/journal_child.py) whose delegates append every call
to a log file. The child kills itself with SIGKILL in the middle of its k-th
call; a second process resumes the run with the same ``run_id``. Then:

- no call whose outcome the journal held was made again, and every call of
  an uninterrupted run was made: the recorded calls of the killed process
  and the calls of the resumed one add up to the uninterrupted run's calls;
- the result is the uninterrupted run's;
- the journal holds exactly the entries of an uninterrupted run's journal.

And a guard whose gatekeeper is a person: the first process stops awaiting
the approval; a day later (another process) the answer is given and the run
resumes; the target runs once, after the approval, with the original brief.
"""

from __future__ import annotations

import dataclasses
import json
import shutil
import signal
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from conftest import PATTERNS, ROOT, build_package

from prosec.runtime import Entry, SqliteJournal

CHILD = ROOT / "tests" / "journal_child.py"
STEPS = ROOT / "tests" / "durable" / "durable-steps.prose.md"

# editor x3 (a loop), writer x4 (a parallel region), checker x3 (a try with
# two retries), and with every checker attempt failing, fixer (the catch).
CALLS_WHEN_RETRY_SUCCEEDS = 10
CALLS_WHEN_ALL_FAIL = 11


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The durable-steps pattern and the project's guard, built once."""
    src = tmp_path_factory.mktemp("durable-src")
    shutil.copy(STEPS, src / STEPS.name)
    shutil.copy(PATTERNS / "guard.prose.md", src / "guard.prose.md")
    dest = tmp_path_factory.mktemp("durable-pkg")
    module, _ = build_package([src], dest)
    return dest, module.__name__


def child(package: tuple[Path, str], folder: Path, **spec: Any) -> subprocess.CompletedProcess[str]:
    parent, name = package
    full = {
        "parent": str(parent),
        "package": name,
        "journal": str(folder / "journal.db"),
        "log": str(folder / "calls.log"),
        "run_id": "run-1",
        "variant": "sync",
        **spec,
    }
    return subprocess.run(
        [sys.executable, str(CHILD), json.dumps(full)],
        capture_output=True,
        text=True,
        timeout=120,
    )


def output(done: subprocess.CompletedProcess[str]) -> dict[str, Any]:
    assert done.returncode == 0, done.stderr
    parsed: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return parsed


def calls(folder: Path) -> list[dict[str, Any]]:
    log = folder / "calls.log"
    if not log.exists():
        return []
    return [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]


def entries(folder: Path, run_id: str = "run-1") -> list[Entry]:
    with SqliteJournal(folder / "journal.db") as journal:
        return journal.entries(run_id)


def as_map(found: list[Entry]) -> dict[str, Entry]:
    """The entries by key. A region's finishing order is taken as a set:
    which thread finishes first is up to the machine, and with join "all"
    and no failure it decides nothing."""
    mapped = {
        e.key: dataclasses.replace(e, value=sorted(e.value)) if e.kind == "region" else e
        for e in found
    }
    assert len(mapped) == len(found), "a key recorded twice"
    return mapped


def call_ids(found: list[dict[str, Any]]) -> Counter[tuple[str, str]]:
    return Counter((c["slot"], c["digest"]) for c in found)


def recorded_calls(found: list[Entry]) -> Counter[tuple[str, str]]:
    return Counter((e.slot, e.digest) for e in found if e.kind == "call")


@pytest.fixture(scope="module")
def uninterrupted(
    package: tuple[Path, str], tmp_path_factory: pytest.TempPathFactory
) -> dict[tuple[int, str], tuple[dict[str, Any], list[dict[str, Any]], dict[str, Entry]]]:
    """Result, calls and journal of runs that nobody interrupts."""
    runs = {}
    for failures in (2, 5):
        for variant in ("sync", "async"):
            folder = tmp_path_factory.mktemp(f"whole-{failures}-{variant}")
            done = output(child(package, folder, mode="steps", checker_failures=failures, variant=variant))
            assert done["replayed"] == []
            runs[failures, variant] = (done["result"], calls(folder), as_map(entries(folder)))
    return runs


def test_an_uninterrupted_run_makes_the_calls_the_program_says(uninterrupted: Any) -> None:
    result, made, journal = uninterrupted[2, "sync"]
    assert [c["slot"] for c in made] == ["editor"] * 3 + ["writer"] * 4 + ["checker"] * 3
    assert result["fallback"] is False and result["checked"].startswith("checked: intro of the manual")
    # Keys are places in the program: the loop's three rounds are steps 1-3,
    # the region is step 4 and each branch counts its own steps, and the
    # checker's retries are attempts of step 5.
    assert sorted(journal) == sorted(
        ["1", "2", "3", "4", "4[0]/1", "4[1]/1", "4[2]/1", "4[3]/1", "5", "5#2", "5#3"]
    )
    assert [journal[k].outcome for k in ("5", "5#2", "5#3")] == ["error", "error", "result"]
    assert journal["5"].value == ("RuntimeError", "checker busy (0)")
    assert journal["4[2]/1"].value == "usage of the manual"
    assert journal["4"].kind == "region" and journal["4"].value == [0, 1, 2, 3]
    failed, made, journal = uninterrupted[5, "sync"]
    assert failed["fallback"] is True and failed["checked"] == "fixed after RuntimeError: checker busy (2)"
    assert [c["slot"] for c in made][-4:] == ["checker"] * 3 + ["fixer"]
    assert journal["6"].slot == "fixer"


KILLS = [
    *((k, 2, "sync") for k in (1, 2, 3, 4, 6, 7, 8, 9, 10)),  # loop, region, try
    *((k, 5, "sync") for k in (9, 10, 11)),  # the last retry, the catch
    *((k, 2, "async") for k in (2, 6, 9)),
    (11, 5, "async"),
]


@pytest.mark.parametrize(("kill_at", "failures", "variant"), KILLS)
def test_a_run_killed_at_the_kth_call_resumes_without_repeating_a_recorded_call(
    package: tuple[Path, str],
    uninterrupted: Any,
    tmp_path: Path,
    kill_at: int,
    failures: int,
    variant: str,
) -> None:
    whole_result, whole_calls, whole_journal = uninterrupted[failures, variant]
    spec = {"mode": "steps", "checker_failures": failures, "variant": variant}

    killed = child(package, tmp_path, kill_at=kill_at, **spec)
    assert killed.returncode == -signal.SIGKILL, killed.stdout + killed.stderr
    before = calls(tmp_path)
    assert len(before) == kill_at
    kept = entries(tmp_path)
    # The call in flight when the process died has no record.
    assert len(recorded_calls(kept)) < kill_at or kill_at == 0

    resumed = output(child(package, tmp_path, **spec))
    after = calls(tmp_path)[kill_at:]
    assert {c["pid"] for c in after}.isdisjoint({c["pid"] for c in before})

    assert resumed["result"] == whole_result
    assert recorded_calls(kept) + call_ids(after) == call_ids(whole_calls)
    assert not set(recorded_calls(kept)) - set(call_ids(whole_calls))
    # Every attempt the killed process recorded was replayed, not made.
    assert sorted(resumed["replayed"]) == sorted(e.key for e in kept if e.kind == "call")
    assert as_map(entries(tmp_path)) == whole_journal


def test_a_second_resume_replays_everything_and_calls_nobody(
    package: tuple[Path, str], uninterrupted: Any, tmp_path: Path
) -> None:
    spec = {"mode": "steps", "checker_failures": 2}
    assert child(package, tmp_path, kill_at=5, **spec).returncode == -signal.SIGKILL
    first = output(child(package, tmp_path, **spec))
    made = len(calls(tmp_path))
    again = output(child(package, tmp_path, **spec))
    assert len(calls(tmp_path)) == made
    assert again["result"] == first["result"] == uninterrupted[2, "sync"][0]
    assert len(again["replayed"]) == CALLS_WHEN_RETRY_SUCCEEDS


def test_changed_arguments_fail_naming_the_first_step_that_diverged(
    package: tuple[Path, str], tmp_path: Path
) -> None:
    spec = {"mode": "steps", "checker_failures": 2}
    assert child(package, tmp_path, kill_at=8, **spec).returncode == -signal.SIGKILL
    done = child(package, tmp_path, **spec, brief="another manual")
    assert done.returncode == 1
    last = done.stderr.strip().splitlines()[-1]
    assert "JournalError: pattern 'durable-steps' at line" in last
    assert "run 'run-1' diverged from its journal at step 1:" in last
    assert "a call of 'editor' at line" in last and "other inputs" in last
    assert len(calls(tmp_path)) == 8, "no delegate ran after the divergence"
    # With the arguments that started it, the run still resumes.
    assert output(child(package, tmp_path, **spec))["result"]["fallback"] is False


@pytest.mark.parametrize("variant", ["sync", "async"])
def test_a_guard_approved_a_day_later_calls_the_target_once_with_the_original_brief(
    package: tuple[Path, str], tmp_path: Path, variant: str
) -> None:
    brief = "delete the staging database"
    first = output(child(package, tmp_path, mode="guard", brief=brief, run_id="deploy-7", variant=variant))
    assert first["paused"] == {
        "run_id": "deploy-7",
        "key": "approval",
        "question": f"May I {brief}?",
    }
    assert "journal.answer('deploy-7', 'approval', value)" in first["message"]
    assert [c["slot"] for c in calls(tmp_path)] == ["guard"]
    [waiting] = entries(tmp_path, "deploy-7")
    assert (waiting.key, waiting.outcome, waiting.value) == ("1", "awaiting", ("approval", f"May I {brief}?"))

    # Calling again before the answer stops again, calling nobody.
    again = output(child(package, tmp_path, mode="guard", brief=brief, run_id="deploy-7", variant=variant))
    assert again["paused"]["key"] == "approval"
    assert len(calls(tmp_path)) == 1

    approval = {"proceed": True, "reason": "approved by the on-call engineer"}
    resumed = output(
        child(package, tmp_path, mode="guard", brief=brief, run_id="deploy-7", answer=approval, variant=variant)
    )
    assert resumed["result"] == {"result": f"did {brief}", "proceeded": True}
    made = calls(tmp_path)
    assert [c["slot"] for c in made] == ["guard", "(answered)", "target"]
    assert made[2]["inputs"] == {"task_brief": brief}
    assert made[0]["pid"] != made[2]["pid"]
    assert resumed["replayed"] == ["1"]

    # Done: the run replays to the same result and calls nobody.
    last = output(child(package, tmp_path, mode="guard", brief=brief, run_id="deploy-7", variant=variant))
    assert last["result"] == resumed["result"]
    assert len(calls(tmp_path)) == 3


def test_a_refusal_given_later_returns_the_reason_and_never_calls_the_target(
    package: tuple[Path, str], tmp_path: Path
) -> None:
    output(child(package, tmp_path, mode="guard", brief="drop the tables", run_id="r"))
    refusal = {"proceed": False, "reason": "not during the freeze"}
    done = output(child(package, tmp_path, mode="guard", brief="drop the tables", run_id="r", answer=refusal))
    assert done["result"] == {"result": "not during the freeze", "proceeded": False}
    assert [c["slot"] for c in calls(tmp_path)] == ["guard", "(answered)"]
