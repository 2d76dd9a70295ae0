"""A pattern as a DBOS workflow (prosec.durable.dbos), in real processes on
SQLite: the first is killed with SIGKILL after the k-th delegate call, inside
a parallel region, inside a loop and inside a ``try``; a second process's
``DBOS.launch()`` recovers the workflow. No call recorded by the first is made
again, the result equals an uninterrupted run's, and the recorded steps are
the same, under the same names, as an uninterrupted run's."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from conftest import ROOT, build_package, pattern_text

pytest.importorskip("dbos", reason="the dbos extra is not installed")

from dbos import DBOSClient

from prosec.durable.dbos import BEGIN, PREFIX

CHILD = Path(__file__).with_name("dbos_child.py")

DIGEST = pattern_text("digest", """
    let drafts = parallel for topic in topics:
      call writer
        topic: topic
    let notes = []
    for draft in drafts:
      try:
        let note = call reviewer
          draft: draft
        append note to notes
      catch as failure:
        append "rejected {draft}" to notes
    let summary = call editor
      notes: notes
    if **the summary covers every topic**:
      return { summary: summary, notes: notes, drafts: drafts }
    return { summary: "incomplete", notes: notes, drafts: drafts }
""", slots="writer, reviewer, editor", requires="topics: string[] -- what to write about")

#: Every call of an uninterrupted run, in the order of the program (the
#: three writers run in parallel, in any order), the judge's question last.
CALLS = [("writer", "a"), ("writer", "b"), ("writer", "c"),
         ("reviewer", "draft of a"), ("reviewer", "draft of b"), ("reviewer", "draft of c"),
         ("editor", "ok: draft of a|rejected draft of b|ok: draft of c"),
         ("judge", "the summary covers every topic")]


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    src = tmp_path_factory.mktemp("dbos-src")
    (src / "digest.prose.md").write_text(DIGEST, encoding="utf-8")
    module, _ = build_package([src], tmp_path_factory.mktemp("dbos-pkg"))
    return module


class Run:
    """The files of one run: the DBOS database and the log of calls."""

    def __init__(self, package: ModuleType, folder: Path) -> None:
        self.package = package
        self.database = folder / "dbos.sqlite"
        self.log = folder / "calls.jsonl"

    def process(self, mode: str, kill_after: int = 0) -> subprocess.CompletedProcess[str]:
        where = Path(self.package.__file__).parent
        return subprocess.run(
            [sys.executable, str(CHILD), str(where.parent), where.name, str(self.database), str(self.log), mode, str(kill_after)],
            capture_output=True, text=True, timeout=120, env={**os.environ, "PYTHONPATH": str(ROOT)})

    def traced(self, pid: int) -> dict[bool, set[str]]:
        """The keys of the attempts process ``pid`` traced, replayed or not."""
        rows = [json.loads(line) for line in self.log.read_text().splitlines()]
        seen: dict[bool, set[str]] = {True: set(), False: set()}
        for row in rows:
            if row["event"] == "trace" and row["pid"] == pid:
                seen[row["replayed"]].add(row["key"])
        return seen

    def calls(self, event: str) -> dict[int, list[tuple[str, str]]]:
        """The calls that reached ``event`` (start or end), by process id."""
        by_pid: dict[int, list[tuple[str, str]]] = {}
        for line in self.log.read_text().splitlines():
            row = json.loads(line)
            if row["event"] == event:
                by_pid.setdefault(row["pid"], []).append((row["slot"], row["arg"]))
        return by_pid

    def steps(self) -> list[dict[str, Any]]:
        client = DBOSClient(system_database_url=f"sqlite:///{self.database}")
        try:
            return list(client.list_workflow_steps("run-1"))
        finally:
            client.destroy()


def entries(steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The journal entries among the steps, in the order they were written."""
    assert steps[0]["function_name"] == BEGIN and steps[0]["output"] == "digest"
    rest = steps[1:]
    assert all(s["function_name"] == PREFIX + s["output"]["key"] for s in rest)
    return [s["output"] for s in rest]


@pytest.fixture(scope="module")
def uninterrupted(package: ModuleType, tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    run = Run(package, tmp_path_factory.mktemp("dbos-whole"))
    done = run.process("start")
    assert done.returncode == 0, done.stderr
    (calls,) = run.calls("start").values()
    assert Counter(calls) == Counter(CALLS)
    return json.loads(done.stdout), entries(run.steps())


def test_an_uninterrupted_run_records_each_call_as_a_step(uninterrupted: tuple[dict[str, Any], list[dict[str, Any]]]) -> None:
    result, recorded = uninterrupted
    assert result == {
        "summary": "summary: ok: draft of a; rejected draft of b; ok: draft of c",
        "notes": ["ok: draft of a", "rejected draft of b", "ok: draft of c"],
        "drafts": ["draft of a", "draft of b", "draft of c"],
    }
    calls = [e for e in recorded if e["kind"] == "call"]
    assert Counter((e["slot"], e["outcome"]) for e in calls) == Counter({
        ("writer", "result"): 3, ("reviewer", "result"): 2, ("reviewer", "error"): 1, ("editor", "result"): 1})
    assert [(e["slot"], e["value"]) for e in recorded if e["kind"] == "judge"] == [("the summary covers every topic", True)]
    assert len({e["key"] for e in recorded}) == len(recorded)
    # The branches of the parallel region have keys by their position, so
    # the three writers' keys differ in the branch and nothing else.
    writers = sorted(e["key"] for e in calls if e["slot"] == "writer")
    assert [k.split("[", 1)[1] for k in writers] == [f"{i}]/1" for i in range(3)]


@pytest.mark.parametrize("kill_after", [1, 2, 4, 5, 7], ids=lambda k: f"after-call-{k}")
def test_killed_run_is_recovered_by_launch(package: ModuleType, tmp_path: Path, kill_after: int,
                                           uninterrupted: tuple[dict[str, Any], list[dict[str, Any]]]) -> None:
    """The first process dies as the call after the k-th starts: 1 and 2,
    inside the parallel region; 4, inside the loop's ``try``, as the call
    that fails starts; 5, after it failed; 7, as the judge is asked, after
    the last delegate call."""
    whole_result, whole_entries = uninterrupted
    run = Run(package, tmp_path)
    first = run.process("start", kill_after)
    assert first.returncode == -signal.SIGKILL, first.stderr
    recorded = [e for e in entries(run.steps()) if e["kind"] in ("call", "judge")]
    (first_pid,) = run.calls("start")

    second = run.process("recover")
    assert second.returncode == 0, second.stderr
    assert json.loads(second.stdout) == whole_result

    again = [call for pid, calls in run.calls("start").items() if pid != first_pid for call in calls]
    ended_first = run.calls("end").get(first_pid, [])
    # Recorded calls are answered from the record: the second process makes
    # only the others, each once, and with the first's they are all the calls.
    assert len(again) == len(set(again)) == len(CALLS) - len(recorded)
    assert Counter(ended_first) + Counter(again) >= Counter(CALLS)
    assert len(recorded) <= len(ended_first)
    # By key: the second process replayed exactly the calls the first
    # recorded, and made the others live.
    (second_pid,) = [pid for pid in run.calls("start") if pid != first_pid] or [None]
    calls_by_key = {e["key"] for e in whole_entries if e["kind"] == "call"}
    recorded_keys = {e["key"] for e in recorded if e["kind"] == "call"}
    if second_pid is not None:
        assert run.traced(second_pid) == {True: recorded_keys, False: calls_by_key - recorded_keys}
    if kill_after >= 3:
        # After the region every call is recorded before the next one starts.
        assert len(recorded) == kill_after
        assert again == CALLS[kill_after:]
    # The workflow's steps are the uninterrupted run's: same names, same answers.
    final = entries(run.steps())
    def by_key(found: list[dict[str, Any]]) -> dict[str, tuple[Any, ...]]:
        return {e["key"]: (e["kind"], e["slot"], e["line"], e["attempt"], e["digest"], e["outcome"]) for e in found}
    assert by_key(final) == by_key(whole_entries)


def test_a_run_whose_steps_have_a_gap_is_refused(package: ModuleType, tmp_path: Path) -> None:
    """Replaying the recorded steps in order only restores DBOS's numbering
    when no number is missing; a run with a hole (here made by deleting one
    recorded step and marking the workflow unfinished) stops with an error
    that names it rather than answering calls from the wrong steps."""
    run = Run(package, tmp_path)
    assert run.process("start").returncode == 0
    with sqlite3.connect(run.database) as db:
        db.execute("DELETE FROM operation_outputs WHERE workflow_uuid = 'run-1' AND function_id = 3")
        db.execute("UPDATE workflow_status SET status = 'PENDING' WHERE workflow_uuid = 'run-1'")
    again = run.process("recover")
    assert again.returncode != 0
    assert "run 'run-1' of 'digest': DBOS holds no step 3 but holds later ones" in again.stderr


def test_what_workflow_refuses_before_registering(project_package: ModuleType) -> None:
    from prosec.durable.dbos import workflow

    with pytest.raises(TypeError, match="takes a pattern's sync function, not guard_async"):
        workflow(project_package.guard_async, guard=print, target=print)
    with pytest.raises(TypeError, match="sets journal and run_id itself, from the DBOS workflow id"):
        workflow(project_package.guard, guard=print, target=print, journal=None, run_id="x")
