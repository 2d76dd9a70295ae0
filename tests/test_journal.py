"""Journaled runs in one process (docs/durable.md): what is recorded under
which key, what a replay passes to whom, and every way it refuses.

A crash is a delegate raising ``Crash`` (a BaseException, as an interrupt
is): the runtime records nothing for that call and lets it through, as a
killed process would. tests/test_journal_processes.py kills real processes.
"""

from __future__ import annotations

import asyncio
import os
import pickle
import subprocess
import sys
import threading
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from conftest import ROOT, Recorder, pattern_text

from prosec import runtime
from prosec.runtime import Entry, SqliteJournal


class Crash(BaseException):
    """Stands for the process dying in the middle of a call."""


@pytest.fixture
def journal(tmp_path: Path) -> Any:
    with SqliteJournal(tmp_path / "runs.db") as opened:
        yield opened


def keys(journal: SqliteJournal, run_id: str) -> list[str]:
    return [e.key for e in journal.entries(run_id)]


# ---------------------------------------------------------------- options


def test_journal_and_run_id_come_together(project_package: ModuleType, journal: SqliteJournal) -> None:
    guard, target = Recorder({"proceed": True}), Recorder("done")
    common = {"guard": guard, "target": target, "task_brief": "b"}
    with pytest.raises(TypeError, match=r"journal= needs run_id="):
        project_package.guard(**common, journal=journal)
    with pytest.raises(TypeError, match=r"run_id= names a run in a journal; pass journal= too"):
        project_package.guard(**common, run_id="r")
    with pytest.raises(TypeError, match=r"journal= must be a journal \(an object with begin, lookup"):
        project_package.guard(**common, journal="runs.db", run_id="r")
    with pytest.raises(TypeError, match=r"run_id= must be a non-empty str, got int 7"):
        project_package.guard(**common, journal=journal, run_id=7)
    with pytest.raises(TypeError, match=r"run_id= must be a non-empty str"):
        asyncio.run(project_package.guard_async(**common, journal=journal, run_id=""))
    assert guard.count == target.count == 0
    assert journal.entries("r") == []


def test_a_run_id_belongs_to_one_pattern(project_package: ModuleType, journal: SqliteJournal) -> None:
    project_package.guard(
        guard=Recorder({"proceed": False, "reason": "no"}), target=Recorder("x"), task_brief="b",
        journal=journal, run_id="shared",
    )
    editor = Recorder({"decision": "done"})
    with pytest.raises(runtime.PatternError) as caught:
        project_package.polish(
            writer=Recorder("draft"), editor=editor, brief="b", journal=journal, run_id="shared"
        )
    assert type(caught.value).__name__ == "JournalError"
    assert "run 'shared' in " in str(caught.value) and "is a run of pattern 'guard'" in str(caught.value)
    assert editor.count == 0


# ---------------------------------------------------------------- replay


def test_a_finished_run_replays_without_calling_anyone(project_package: ModuleType, journal: SqliteJournal) -> None:
    guard, target = Recorder({"proceed": True, "reason": "fine"}), Recorder("done")
    first = project_package.guard(guard=guard, target=target, task_brief="b", journal=journal, run_id="r")
    events: list[Any] = []
    again = project_package.guard(
        guard=guard, target=target, task_brief="b", journal=journal, run_id="r", tracer=events.append
    )
    assert again == first and (guard.count, target.count) == (1, 1)
    assert [(e.slot, e.key, e.replayed, e.duration, e.attempt) for e in events] == [
        ("guard", "1", True, 0.0, 1),
        ("target", "2", True, 0.0, 1),
    ]
    assert events[1].result == "done" and events[1].inputs == {"task_brief": "b"}


def test_a_crashed_run_resumes_at_the_first_unrecorded_call(project_package: ModuleType, journal: SqliteJournal) -> None:
    """polish: a loop of editor and writer calls; the crash is in round 2."""
    reviews = [{"decision": "revise", "notes": f"note {i}"} for i in (1, 2, 3)]
    writer = Recorder("draft 0", "draft 1", Crash(), "draft 2", "draft 3")
    editor = Recorder(*reviews, {"decision": "done"})
    with pytest.raises(Crash):
        project_package.polish(writer=writer, editor=editor, brief="b", journal=journal, run_id="p")
    assert keys(journal, "p") == ["1", "2", "3", "4"]  # writer, editor, writer, editor
    resumed = project_package.polish(writer=writer, editor=editor, brief="b", journal=journal, run_id="p")
    # Only the crashed call and those after it were made again.
    assert (writer.count, editor.count) == (5, 4)
    assert writer.calls[2] == writer.calls[3]
    whole_writer = Recorder("draft 0", "draft 1", "draft 2", "draft 3")
    whole_editor = Recorder(*reviews, {"decision": "done"})
    whole = project_package.polish(writer=whole_writer, editor=whole_editor, brief="b")
    assert resumed == whole
    assert writer.calls[3:] == whole_writer.calls[2:] and editor.calls == whole_editor.calls


def test_replayed_values_pass_the_firewall_and_reach_the_same_slots(
    project_package: ModuleType, journal: SqliteJournal
) -> None:
    """oversight: the observer never sees the actor's reasoning, whether the
    actor's answer is live or replayed from the journal (which keeps it
    whole: it is the actor's result)."""

    def actor_output(task_brief: str) -> dict[str, Any]:
        return {"work": f"work on {task_brief}", "reasoning": "secret", "self_assessment": "great"}

    actor = Recorder(actor_output)
    observer = Recorder({"report": "r1"}, Crash(), {"report": "r2"}, {"report": "r3"})
    arbiter = Recorder({"decision": "continue"})
    kwargs = {"actor": actor, "observer": observer, "arbiter": arbiter, "task_brief": "t"}
    with pytest.raises(Crash):
        project_package.oversight(**kwargs, journal=journal, run_id="o")
    recorded = {e.key: e.value for e in journal.entries("o")}
    assert recorded["4"]["reasoning"] == "secret"  # the actor's second answer, whole
    resumed = project_package.oversight(**kwargs, journal=journal, run_id="o")

    whole_observer = Recorder({"report": "r1"}, {"report": "r2"}, {"report": "r3"})
    whole_arbiter = Recorder({"decision": "continue"})
    whole_actor = Recorder(actor_output)
    whole = project_package.oversight(
        actor=whole_actor, observer=whole_observer, arbiter=whole_arbiter, task_brief="t"
    )
    assert resumed == whole
    assert actor.count == 3 and whole_actor.count == 3
    # The observer's live calls after the crash got what the uninterrupted
    # run's observer got, replayed actor answers included.
    assert observer.calls[2:] == whole_observer.calls[1:]
    assert all("reasoning" not in call["outcome"] for call in observer.calls)
    assert observer.calls[2]["outcome"] == {"work": "work on t"}


def test_a_branchs_steps_are_counted_in_its_own_scope(project_package: ModuleType, journal: SqliteJournal) -> None:
    """quorum: the keys of a parallel region's calls name the branch, in the
    order the program lists them, not the order threads finished."""
    gate = threading.Event()

    def slow_first(**_: Any) -> dict[str, Any]:
        gate.wait(10)
        return {"decision": "approve", "by": 0}

    reviewers = [
        slow_first,
        Recorder({"decision": "approve", "by": 1}),
        Recorder({"decision": "approve", "by": 2}),
    ]
    kwargs = {
        "reviewers": reviewers,
        "summarizer": Recorder("summary"),
        "headliner": Recorder("headline"),
        "draft": "d",
    }
    judge = Recorder(True)
    first = project_package.quorum(
        **kwargs, judge=lambda c, b: judge(condition=c), journal=journal, run_id="q"
    )
    gate.set()
    # "any" with count 2: the two that finished first, in input order.
    assert [v["by"] for v in first.approvals] == [1, 2]
    entries = {e.key: e for e in journal.entries("q")}
    assert entries["1"].kind == "region" and sorted(entries["1"].value) == [1, 2]
    assert entries["1[1]/1"].value == {"decision": "approve", "by": 1}
    assert {entries["2[0]/1"].slot, entries["2[1]/1"].slot} == {"summarizer", "headliner"}
    assert entries["3"].kind == "judge" and entries["3"].value is True

    # The replay takes the branches in the recorded order, so "any" picks
    # what it picked, though every reviewer's answer could be replayed now;
    # the judge is not asked again.
    def no_judge(condition: str, bindings: Any) -> bool:
        raise AssertionError("the judge was asked again")

    again = project_package.quorum(**kwargs, judge=no_judge, journal=journal, run_id="q")
    assert again == first
    assert reviewers[1].count == reviewers[2].count == 1  # type: ignore[attr-defined]


def test_the_async_variant_records_and_replays_the_same_keys(
    project_package: ModuleType, journal: SqliteJournal
) -> None:
    async def actor(*, task_brief: str) -> dict[str, Any]:
        return {"work": task_brief}

    observer = Recorder({"report": "ok"}, Crash(), {"report": "ok"})
    arbiter = Recorder({"decision": "continue"})
    kwargs = {"actor": actor, "observer": observer, "arbiter": arbiter, "task_brief": "t", "max_cycles": 2}
    with pytest.raises(Crash):
        asyncio.run(project_package.oversight_async(**kwargs, journal=journal, run_id="a"))
    assert keys(journal, "a") == ["1", "2", "3", "4"]
    resumed = asyncio.run(project_package.oversight_async(**kwargs, journal=journal, run_id="a"))
    assert keys(journal, "a") == ["1", "2", "3", "4", "5", "6"]
    # The sync variant resumes the same run: the keys are the program's.
    again = project_package.oversight(**kwargs, journal=journal, run_id="a")
    assert again == resumed and observer.count == 3 and arbiter.count == 2


def test_recorded_failures_replay_as_the_same_failure(project_package: ModuleType, journal: SqliteJournal) -> None:
    """escalation: the responder fails every retry, the catch binds the
    failure and asks the expert; on replay the catch binds the same value."""
    responder = Recorder(TimeoutError("slow"))
    expert = Recorder(Crash(), {"answer": "42"})
    kwargs = {"responder": responder, "expert": expert, "question": "q?", "responder_retries": 1}
    with pytest.raises(Crash):
        project_package.escalation(**kwargs, journal=journal, run_id="e")
    assert [(e.key, e.outcome, e.value) for e in journal.entries("e")] == [
        ("1", "error", ("TimeoutError", "slow")),
        ("1#2", "error", ("TimeoutError", "slow")),
    ]
    resumed = project_package.escalation(**kwargs, journal=journal, run_id="e")
    assert responder.count == 2
    prior = expert.calls[1]["prior_failure"]
    assert prior == project_package.Failure("TimeoutError", "slow", "responder", prior.line)
    assert expert.calls[1] == expert.calls[0]
    assert resumed.escalated and resumed.log[0]["failure"].type == "TimeoutError"


# ---------------------------------------------------------------- divergence


DIVERGING = """\
let draft = call writer
  brief: brief
let review = call {second}
  draft: draft
let sent = call publisher
  review: review
return {{ sent: sent }}
"""


def test_a_changed_pattern_fails_naming_the_step(compile_pattern: Any, tmp_path: Path) -> None:
    slots = "writer, editor, critic, publisher"
    before = compile_pattern(pattern_text("drafts", DIVERGING.format(second="editor"), slots=slots))
    after = compile_pattern(pattern_text("drafts", DIVERGING.format(second="critic"), slots=slots))
    journal = after.SqliteJournal(tmp_path / "runs.db")
    writer, editor, critic, publisher = Recorder("d"), Recorder("r"), Recorder("fine"), Recorder(Crash())
    delegates = {"writer": writer, "editor": editor, "critic": critic, "publisher": publisher}
    with pytest.raises(Crash):
        before.drafts(**delegates, brief="b", journal=journal, run_id="d")
    assert [e.slot for e in journal.entries("d")] == ["writer", "editor"]
    with pytest.raises(after.JournalError) as caught:
        after.drafts(**delegates, brief="b", journal=journal, run_id="d")
    message = str(caught.value)
    assert "diverged from its journal at step 2: the journal holds a call of 'editor' at line" in message
    assert "and the pattern now makes a call of 'critic' at line" in message
    assert "resume it with the code and arguments that started it, or pass a new run_id" in message
    assert (writer.count, editor.count, critic.count, publisher.count) == (1, 1, 0, 1)


# ---------------------------------------------------------------- waiting


def test_without_a_journal_awaiting_input_is_a_clear_error(project_package: ModuleType) -> None:
    def person(**_: Any) -> Any:
        raise project_package.AwaitingInput("approval", "May I?")

    expected = (
        r"pattern 'guard' at line \d+: 'guard' is awaiting 'approval' \(May I\?\), and a run can "
        r"wait for an answer only with a journal: pass journal= \(such as SqliteJournal\(path\)\) and run_id="
    )
    for call in (
        lambda: project_package.guard(guard=person, target=Recorder(), task_brief="b"),
        lambda: project_package.guard(guard=person, target=Recorder(), task_brief="b", timeout=5),
        lambda: asyncio.run(project_package.guard_async(guard=person, target=Recorder(), task_brief="b")),
    ):
        with pytest.raises(project_package.JournalError, match=expected):
            call()


def test_a_try_does_not_catch_a_wait(project_package: ModuleType, journal: SqliteJournal) -> None:
    """escalation's catch would ask the expert; a wait is not a failure."""

    def person(**_: Any) -> Any:
        raise project_package.AwaitingInput("answer", "What is it?")

    expert = Recorder({"answer": "no"})
    with pytest.raises(project_package.JournalError):
        project_package.escalation(responder=person, expert=expert, question="q")
    with pytest.raises(project_package.RunPaused) as paused:
        project_package.escalation(responder=person, expert=expert, question="q", journal=journal, run_id="w")
    assert expert.count == 0
    assert (paused.value.run_id, paused.value.key, paused.value.slot) == ("w", "answer", "responder")
    journal.answer("w", "answer", "forty-two")
    done = project_package.escalation(responder=person, expert=expert, question="q", journal=journal, run_id="w")
    assert done.answer == "forty-two" and not done.escalated and expert.count == 0


def test_a_person_as_the_judge(compile_pattern: Any, journal: SqliteJournal) -> None:
    pkg = compile_pattern(pattern_text("release", """\
let notes = call writer
  brief: brief
if **the notes are ready to publish**:
  let sent = call publisher
    notes: notes
  return { sent: sent }
return { sent: null }
""", slots="writer, publisher"))
    asked: list[str] = []

    def person(condition: str, bindings: Any) -> bool:
        asked.append(condition)
        raise pkg.AwaitingInput("go", f"{condition}? notes: {bindings['notes']}")

    writer, publisher = Recorder("v2 notes"), Recorder("sent")
    with pytest.raises(pkg.RunPaused) as paused:
        pkg.release(writer=writer, publisher=publisher, brief="b", judge=person, journal=journal, run_id="j")
    assert paused.value.slot == "the judge"
    assert paused.value.question == "the notes are ready to publish? notes: v2 notes"
    [awaiting] = journal.awaiting("j")
    assert (awaiting.key, awaiting.kind) == ("2", "judge")
    journal.answer("j", "2", True)  # by the step's key this time
    done = pkg.release(writer=writer, publisher=publisher, brief="b", judge=person, journal=journal, run_id="j")
    assert done.sent == "sent" and publisher.calls == [{"notes": "v2 notes"}]
    assert len(asked) == 1 and writer.count == 1


def test_answering_what_is_not_awaited_says_what_is(project_package: ModuleType, journal: SqliteJournal) -> None:
    def person(**_: Any) -> Any:
        raise project_package.AwaitingInput("approval", "?")

    with pytest.raises(project_package.RunPaused):
        project_package.guard(guard=person, target=Recorder(), task_brief="b", journal=journal, run_id="r")
    with pytest.raises(LookupError, match=r"run 'r' is not waiting for 'approvl'; it awaits 'approval' \(step 1\)"):
        journal.answer("r", "approvl", True)
    with pytest.raises(LookupError, match=r"run 'other' is not waiting for 'approval'; it awaits nothing"):
        journal.answer("other", "approval", True)


# ---------------------------------------------------------------- the SQLite journal


def test_a_result_that_cannot_be_pickled_is_a_clear_error(project_package: ModuleType, tmp_path: Path) -> None:
    journal = project_package.SqliteJournal(tmp_path / "runs.db")
    target = Recorder(lambda **_: threading.Lock())
    with pytest.raises(project_package.JournalError) as caught:
        project_package.guard(
            guard=Recorder({"proceed": True}), target=target, task_brief="b", journal=journal, run_id="u"
        )
    assert "the result of 'target' (step 2) cannot be recorded: TypeError" in str(caught.value)
    assert "a journaled run needs values that pickle" in str(caught.value)


def test_the_file_is_in_wal_mode_and_two_records_of_one_step_conflict(tmp_path: Path) -> None:
    import sqlite3

    path = tmp_path / "j.db"
    with SqliteJournal(path) as journal:
        journal.begin("r", "p")
        entry = Entry("1", "call", "s", 3, 1, runtime.digest({}), "result", [1, "x"])
        journal.record("r", entry)
        with pytest.raises(runtime.JournalError, match="already has a record of step 1"):
            journal.record("r", entry)
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    with SqliteJournal(path) as reopened:
        assert reopened.lookup("r", "1") == entry and reopened.lookup("r", "2") is None


def test_the_digest_is_the_same_in_every_process() -> None:
    value = {"b": {3, 1, 2}, "a": ["x", ("y", 1.5)], "c": frozenset({"p", "q"}), "f": runtime.Failure("E", "m")}
    code = (
        "from prosec import runtime; from prosec.runtime import Failure;"
        f"print(runtime.digest({value!r}))"
    )
    seen = {
        subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True,
            env={**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(ROOT)},
        ).stdout.strip()
        for seed in ("1", "2", "3")
    }
    assert seen == {runtime.digest(value)}
    assert runtime.digest([1]) != runtime.digest((1,)) != runtime.digest(["1"])
    assert runtime.digest({"a": 1, "b": 2}) == runtime.digest({"b": 2, "a": 1})
    pickle.dumps(runtime.digest(value))


def test_the_digest_ends_on_values_that_contain_themselves() -> None:
    loop: list[Any] = []
    loop.extend([loop, loop, {"again": loop}])
    assert runtime.digest(loop) == runtime.digest(loop)
    assert runtime.digest(10**5000) != runtime.digest(10**5000 + 1)


def test_a_slot_named_journal_is_told_apart_from_the_option(compile_pattern: Any, tmp_path: Path) -> None:
    pkg = compile_pattern(pattern_text("ledger", "let r = call journal\n  entry: entry\nreturn { r: r }",
                                       slots="journal", requires="entry: string -- what to write down"))
    keeper = Recorder("kept")
    assert pkg.ledger(journal_=keeper, entry="e").r == "kept"
    with pytest.raises(TypeError) as caught:
        pkg.ledger(journal_=keeper, entry="e", journal=keeper, run_id="r")
    assert "this pattern's own 'journal' is the parameter journal_=" in str(caught.value)
    journal = pkg.SqliteJournal(tmp_path / "runs.db")
    assert pkg.ledger(journal_=keeper, entry="e", journal=journal, run_id="r").r == "kept"
    assert [e.slot for e in journal.entries("r")] == ["journal"] and keeper.count == 2


# ---------------------------------------------------------------- the runtime on its own


class DictJournal:
    """The protocol and nothing else: what the runtime asks of a journal."""

    def __init__(self) -> None:
        self.steps: dict[str, Entry] = {}
        self.begun: list[tuple[str, str]] = []

    def begin(self, run_id: str, pattern: str) -> None:
        self.begun.append((run_id, pattern))

    def lookup(self, run_id: str, key: str) -> Entry | None:
        return self.steps.get(key)

    def record(self, run_id: str, entry: Entry) -> None:
        assert entry.key not in self.steps
        self.steps[entry.key] = entry


def test_nested_regions_and_retries_have_keys_of_their_place(monkeypatch: pytest.MonkeyPatch) -> None:
    paused: list[float] = []
    monkeypatch.setattr(runtime, "_pause", paused.append)
    journal = DictJournal()
    failing = Recorder(ValueError("once"), "second try")
    head = Recorder(lambda b: f"head {b}")
    leaf = Recorder(lambda i: f"leaf {i}")

    def program(run: runtime.Run) -> Any:
        def inner(i: int) -> Any:
            return run.call(leaf, "leaf", 9, {"i": i})

        def branch(b: int) -> Any:
            first = run.call(head, "head", 7, {"b": b})
            rest = run.parallel(runtime.each(inner, range(2)), line=8)
            return [first, *rest]

        tried = run.call(failing, "flaky", 5, {}, retry=1, backoff="linear")
        return tried, run.parallel(runtime.each(branch, range(2)), line=6)

    live = program(runtime.Run("p", journal=journal, run_id="r"))
    assert sorted(journal.steps) == sorted([
        "1", "1#2", "2",
        "2[0]/1", "2[0]/2", "2[0]/2[0]/1", "2[0]/2[1]/1",
        "2[1]/1", "2[1]/2", "2[1]/2[0]/1", "2[1]/2[1]/1",
    ])
    assert journal.steps["2[1]/2[0]/1"].value == "leaf 0" and journal.steps["1#2"].attempt == 2
    assert paused == [runtime.BACKOFF_SECONDS]
    # A replay waits for no backoff and calls nobody.
    replayed = program(runtime.Run("p", journal=journal, run_id="r"))
    assert replayed == live == ("second try", [["head 0", "leaf 0", "leaf 1"], ["head 1", "leaf 0", "leaf 1"]])
    assert paused == [runtime.BACKOFF_SECONDS]
    assert (failing.count, head.count, leaf.count) == (2, 2, 4)
    assert journal.begun == [("r", "p"), ("r", "p")]


def test_a_paused_run_makes_no_further_step() -> None:
    """After a step awaits an answer, a `finally` of the pattern that calls a
    delegate does not call it, and records nothing a resume would trip on."""
    journal = DictJournal()
    run = runtime.Run("p", journal=journal, run_id="r")
    cleanup = Recorder("cleaned")

    def person(**_: Any) -> Any:
        raise runtime.AwaitingInput("ok?", "Proceed?")

    with pytest.raises(runtime.RunPaused):
        try:
            run.call(person, "person", 3, {})
        finally:
            run.call(cleanup, "cleanup", 4, {})
    assert cleanup.count == 0 and list(journal.steps) == ["1"]
    assert journal.steps["1"].outcome == "awaiting" and journal.steps["1"].value == ("ok?", "Proceed?")


def test_an_answer_given_to_a_waiting_judge_must_be_a_bool(compile_pattern: Any, journal: SqliteJournal) -> None:
    pkg = compile_pattern(pattern_text("ship", """\
if **the change is safe to ship**:
  let done = call shipper
    brief: brief
  return { done: done }
return { done: null }
""", slots="shipper"))

    def person(condition: str, bindings: Any) -> bool:
        raise pkg.AwaitingInput("safe", condition)

    shipper = Recorder("shipped")
    with pytest.raises(pkg.RunPaused):
        pkg.ship(shipper=shipper, brief="b", judge=person, journal=journal, run_id="s")
    journal.answer("s", "safe", "no")  # a word, not False: never read as approval
    with pytest.raises(pkg.JudgeError, match=r"the judge returned a non-bool, a str 'no'"):
        pkg.ship(shipper=shipper, brief="b", judge=person, journal=journal, run_id="s")
    assert shipper.count == 0


def test_an_answer_the_guard_cannot_read_blocks_as_a_live_one_does(
    project_package: ModuleType, journal: SqliteJournal
) -> None:
    """guard's enforced invariant, on a resumed run: unparseable output
    blocks delegation, whether the gatekeeper said it or a person did."""

    def person(**_: Any) -> Any:
        raise project_package.AwaitingInput("approval", "?")

    target = Recorder("done")
    with pytest.raises(project_package.RunPaused):
        project_package.guard(guard=person, target=target, task_brief="b", journal=journal, run_id="g")
    journal.answer("g", "approval", "hmm, not sure")
    blocked = project_package.guard(guard=person, target=target, task_brief="b", journal=journal, run_id="g")
    live = project_package.guard(guard=Recorder("hmm, not sure"), target=target, task_brief="b")
    assert blocked == live and not blocked.proceeded and target.count == 0
