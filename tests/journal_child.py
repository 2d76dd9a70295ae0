"""A pattern run in its own process, for the crash and wait tests of
tests/test_journal_processes.py.

    python journal_child.py SPEC_JSON

SPEC names the built package (``parent``, ``package``), the ``journal``
file, the ``run_id``, the ``log`` file every delegate appends its call to,
and what to run (``mode``: ``steps`` or ``guard``; ``variant``: ``sync`` or
``async``). With ``kill_at`` = k, the delegate making the k-th call (counted
in the log, over every process of the run) writes its line and then kills
its own process with SIGKILL: no ``finally``, no flush, no clean exit, and
the call is in flight: it started and never finished.

The last line printed is JSON: ``{"result": ...}``, or ``{"paused": ...}``
when the run stopped awaiting an answer.
"""

from __future__ import annotations

import asyncio
import dataclasses
import importlib
import json
import os
import signal
import sys
import threading
from typing import Any

SPEC = json.loads(sys.argv[1])
sys.path.insert(0, SPEC["parent"])
pkg = importlib.import_module(SPEC["package"])
rt = importlib.import_module(SPEC["package"] + "._runtime")
LOCK = threading.Lock()


def log_lines(path: str) -> list[dict[str, Any]]:
    try:
        with open(path, encoding="utf-8") as f:
            return [json.loads(line) for line in f if line.strip()]
    except FileNotFoundError:
        return []


def append(path: str, entry: dict[str, Any]) -> None:
    with open(path, "a", encoding="utf-8") as f:
        f.write(json.dumps(entry, sort_keys=True) + "\n")
        f.flush()
        os.fsync(f.fileno())


def logged(slot: str, behaviour: Any) -> Any:
    """A delegate that appends its call to the log, durably, then answers.

    ``behaviour`` gets the number of this slot's calls that finished before
    (in ``LOG.done``): a service that failed twice answers the third time,
    whichever processes asked. A call killed in flight never finished.
    """
    done_log = SPEC["log"] + ".done"

    def delegate(**inputs: Any) -> Any:
        with LOCK:
            finished = [line for line in log_lines(done_log) if line["slot"] == slot]
            entry = {
                "slot": slot,
                "digest": rt.digest(inputs),
                "inputs": json.loads(json.dumps(inputs, default=str)),
                "pid": os.getpid(),
            }
            append(SPEC["log"], entry)
            if len(log_lines(SPEC["log"])) == SPEC.get("kill_at", 0):
                os.kill(os.getpid(), signal.SIGKILL)
        try:
            return behaviour(len(finished), **inputs)
        finally:
            with LOCK:
                append(done_log, entry)

    return delegate


def editor(n: int, *, brief: str, round: int) -> dict[str, Any]:
    return {"decision": "done" if round >= 3 else "again", "round": round}


def writer(n: int, *, section: str, brief: str) -> str:
    return f"{section} of {brief}"


def checker(n: int, *, parts: list[str]) -> str:
    if n < SPEC.get("checker_failures", 0):
        raise RuntimeError(f"checker busy ({n})")
    return "checked: " + ", ".join(parts)


def fixer(n: int, *, parts: list[str], failure: Any) -> str:
    return f"fixed after {failure.type}: {failure.message}"


def person(n: int, *, task_brief: str, prompt: str) -> Any:
    raise pkg.AwaitingInput("approval", f"May I {task_brief}?")


def target(n: int, *, task_brief: str) -> str:
    return f"did {task_brief}"


def plain(value: Any) -> Any:
    return json.loads(json.dumps(dataclasses.asdict(value), default=str))


def main() -> None:
    journal = pkg.SqliteJournal(SPEC["journal"])
    replayed: list[str] = []

    def tracer(event: Any) -> None:
        if event.replayed:
            replayed.append(event.key)

    options = {"journal": journal, "run_id": SPEC["run_id"], "tracer": tracer}
    if SPEC["mode"] == "steps":
        name = "durable_steps"
        kwargs: dict[str, Any] = {
            "editor": logged("editor", editor),
            "writer": logged("writer", writer),
            "checker": logged("checker", checker),
            "fixer": logged("fixer", fixer),
            "brief": SPEC.get("brief", "the manual"),
            "sections": ["intro", "setup", "usage", "faq"],
        }
    else:
        name = "guard"
        if "answer" in SPEC:
            journal.answer(SPEC["run_id"], "approval", SPEC["answer"])
            append(SPEC["log"], {"slot": "(answered)", "pid": os.getpid()})
        kwargs = {
            "guard": logged("guard", person),
            "target": logged("target", target),
            "task_brief": SPEC["brief"],
        }
    try:
        if SPEC["variant"] == "async":
            result = asyncio.run(getattr(pkg, f"{name}_async")(**kwargs, **options))
        else:
            result = getattr(pkg, name)(**kwargs, **options)
    except pkg.RunPaused as paused:
        out = {"run_id": paused.run_id, "key": paused.key, "question": paused.question}
        print(json.dumps({"paused": out, "message": str(paused), "replayed": replayed}))
        return
    print(json.dumps({"result": plain(result), "replayed": replayed}))


main()
