"""One process of a DBOS-run pattern, for tests/test_dbos.py.

    python dbos_child.py PACKAGE_DIR PACKAGE DATABASE LOG start|recover KILL_AFTER

Registers the ``digest`` pattern of PACKAGE as a DBOS workflow with delegates
and a judge that append a line to LOG when each call starts and ends (and a
tracer that appends each attempt's key and whether it was replayed), launches DBOS on
the SQLite file DATABASE and either starts the run ``run-1`` or, after
``DBOS.launch()`` has recovered it, waits for it; prints its result as JSON.
With KILL_AFTER = k > 0 the process kills itself with SIGKILL as the call
after the k-th starts (the k-th in the order calls started).
"""

from __future__ import annotations

import dataclasses
import importlib
import json
import os
import signal
import sys
import threading
from typing import Any

from dbos import DBOS, SetWorkflowID

from prosec.durable.dbos import workflow

folder, package, database, log, mode, kill_after = sys.argv[1:7]
sys.path.insert(0, folder)
pkg = importlib.import_module(package)
started = 0
lock = threading.Lock()


def note(slot: str, arg: str, event: str) -> None:
    with lock, open(log, "a", encoding="utf-8") as out:
        out.write(json.dumps({"pid": os.getpid(), "slot": slot, "arg": arg, "event": event}) + "\n")
        out.flush()
        os.fsync(out.fileno())


def begin(slot: str, arg: str) -> None:
    global started
    with lock:
        started += 1
        if started == int(kill_after) + 1 and int(kill_after) > 0:
            os.kill(os.getpid(), signal.SIGKILL)
    note(slot, arg, "start")


def writer(*, topic: str) -> str:
    begin("writer", topic)
    note("writer", topic, "end")
    return f"draft of {topic}"


def reviewer(*, draft: str) -> str:
    begin("reviewer", draft)
    note("reviewer", draft, "end")
    if draft.endswith("b"):
        raise ValueError(f"no: {draft}")
    return f"ok: {draft}"


def editor(*, notes: list[str]) -> str:
    begin("editor", "|".join(notes))
    note("editor", "|".join(notes), "end")
    return "summary: " + "; ".join(notes)


def judge(condition: str, bindings: object) -> bool:
    begin("judge", condition)
    note("judge", condition, "end")
    return True


def trace(event: Any) -> None:
    with lock, open(log, "a", encoding="utf-8") as out:
        out.write(json.dumps({"pid": os.getpid(), "event": "trace", "slot": event.slot,
                              "key": event.key, "replayed": event.replayed}) + "\n")


digest = workflow(pkg.digest, writer=writer, reviewer=reviewer, editor=editor, judge=judge, tracer=trace)

DBOS(config={"name": "prosec-dbos-test", "system_database_url": f"sqlite:///{database}", "log_level": "WARNING"})
DBOS.launch()
if mode == "start":
    with SetWorkflowID("run-1"):
        result = digest(topics=["a", "b", "c"])
else:
    result = DBOS.retrieve_workflow("run-1").get_result()
print(json.dumps(dataclasses.asdict(result)))
DBOS.destroy()
