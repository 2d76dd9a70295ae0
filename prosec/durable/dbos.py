"""Generated patterns as DBOS workflows: a pattern and its delegates in, a workflow out.

``workflow(guard, guard=gatekeeper, target=worker)`` registers a DBOS
workflow (named ``prosec.guard``) that takes the pattern's data inputs and
runs the pattern with a :class:`DBOSJournal`: every delegate attempt, judge
answer and parallel region's finishing order that the runtime records is a
DBOS step of that workflow, and on recovery (``DBOS.launch()`` after a crash,
on this machine or, with Postgres, another) the workflow runs again and every
recorded answer is replayed instead of called.

**Step identities.** DBOS numbers a workflow's steps in the order they are
called and, on recovery, expects the same step at the same number. A parallel
region calls delegates on several threads, so that order is the order in
which threads happened to finish, which a second run need not repeat. The
identity of a step here is therefore the runtime's deterministic journal key
(call site, loop round, branch, attempt), which is the step's name
(``prosec:5[1]/2#2``); DBOS's number is only where it was written. When the
workflow runs again, the journal first reads the workflow's steps, replays
them in their recorded order (so that DBOS's numbering stands where it
stood), and from then on answers each call by its key, whatever thread asks
and in whatever order. Steps are written one at a time, under a lock, so the
numbering of one run is never interleaved.

**What a step is.** The runtime makes the delegate call and then records its
outcome; the step is that record, taken in the workflow's context. A crash
between the call's return and the record makes the call again on recovery,
as DBOS does for a step whose checkpoint was not written: at least once,
never twice once recorded.

This module imports DBOS (``pip install 'prosec[dbos]'``); the application
configures and launches DBOS itself, on SQLite (the default) or Postgres.
"""

from __future__ import annotations

import concurrent.futures
import contextvars
import dataclasses
import functools
import inspect
import threading
from collections.abc import Callable, Mapping
from typing import Any

from ..runtime import Entry

try:
    from dbos import DBOS, StepOptions
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise ImportError(
        "prosec.durable.dbos needs DBOS: pip install 'prosec[dbos]'"
    ) from exc

__all__ = ["DBOSJournal", "RunMismatch", "workflow"]

#: Step names this module writes start with this; the rest is a journal key.
PREFIX = "prosec:"
#: The first step of every run: the pattern's name, checked on recovery.
BEGIN = f"{PREFIX}begin"


class RunMismatch(Exception):
    """A workflow's recorded steps belong to another pattern or another run."""


#: What an entry holds: the runtime's own record type, the one every
#: generated package's copy of the runtime also has.
_FIELDS = tuple(field.name for field in dataclasses.fields(Entry))


def workflow(
    pattern: Callable[..., Any],
    *,
    name: str | None = None,
    **bound: Any,
) -> Callable[..., Any]:
    """Register ``pattern`` with its delegates (and options) as a DBOS workflow.

    ``bound`` holds what is code rather than data: the pattern's delegates,
    and any of its options (``judge``, ``executor``, ``max_concurrency``,
    ``timeout``, ``tracer``). The workflow takes the remaining inputs as
    keyword arguments; DBOS stores them to run the workflow again on
    recovery. Its run id is the DBOS workflow id (``SetWorkflowID``).
    ``name`` tells apart two workflows of the same pattern (default: the
    pattern's name); call this at import time, before ``DBOS.launch()``, in
    every process that may recover the workflow.
    """
    if inspect.iscoroutinefunction(pattern):
        raise TypeError(
            f"workflow() takes a pattern's sync function, not {pattern.__name__}: "
            "DBOS runs the workflow on a thread of its own"
        )
    given = sorted({"journal", "run_id"} & bound.keys())
    if given:
        raise TypeError(
            f"workflow() sets {' and '.join(given)} itself, from the DBOS workflow id"
        )
    label = name or pattern.__name__

    def run(**inputs: Any) -> Any:
        run_id = DBOS.workflow_id
        if run_id is None:
            raise RuntimeError(f"workflow {label!r} runs only as a DBOS workflow")
        clash = sorted(bound.keys() & inputs.keys())
        if clash:
            raise TypeError(
                f"workflow {label!r} was registered with {', '.join(clash)}; "
                "pass only the pattern's other inputs"
            )
        return pattern(**bound, **inputs, journal=DBOSJournal(), run_id=run_id)

    run.__name__ = run.__qualname__ = f"prosec_{label}".replace("-", "_")
    run.__doc__ = f"The pattern {label!r} as a DBOS workflow."
    return DBOS.workflow(name=f"prosec.{label}")(run)


class DBOSJournal:
    """A journal whose entries are the steps of the current DBOS workflow.

    Made by :func:`workflow` for each run; ``begin`` must be called on the
    workflow's own thread, which the runtime does before any delegate runs.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._entries: dict[str, Entry] = {}
        self._context: contextvars.Context | None = None
        self._run_id: str | None = None

    def begin(self, run_id: str, pattern: str) -> None:
        """Take the workflow's context, replay its recorded steps, check the pattern."""
        if DBOS.workflow_id != run_id:
            raise RunMismatch(
                f"run {run_id!r} of {pattern!r}: a DBOSJournal records the steps "
                f"of the workflow it runs in, here {DBOS.workflow_id!r}"
            )
        self._context = contextvars.copy_context()
        self._run_id = run_id
        recorded = sorted(
            _outside_workflow(DBOS.list_workflow_steps, run_id),
            key=lambda step: step["function_id"],
        )
        numbers = [step["function_id"] for step in recorded]
        if numbers != list(range(1, len(recorded) + 1)):
            # Asking again in order could not put the counter where it was.
            missing = min(set(range(1, max(numbers) + 1)) - set(numbers))
            raise RunMismatch(
                f"run {run_id!r} of {pattern!r}: DBOS holds no step {missing} "
                f"but holds later ones ({numbers}); a step taken inside a "
                "delegate (DBOS.recv, say) was cut short, and the run cannot be "
                "replayed step by step"
            )
        for step in recorded:
            name = step["function_name"]
            # Asking again for each recorded step, in order and by its name,
            # puts DBOS's step counter where the first run left it; DBOS
            # answers from the record, the function is never called.
            try:
                DBOS.run_step({"name": name}, _never_called, name)
            except Exception:  # a step recorded as failed: DBOS raises it again
                continue
            if name.startswith(PREFIX) and name != BEGIN:
                entry = _entry(step["output"])
                self._entries[entry.key] = entry
        if not recorded:
            DBOS.run_step({"name": BEGIN}, _constant, pattern)
        elif recorded[0]["function_name"] != BEGIN or recorded[0]["output"] != pattern:
            raise RunMismatch(
                f"run {run_id!r} was begun by another program, not the pattern "
                f"{pattern!r}: its first step is {recorded[0]['function_name']!r} "
                f"= {recorded[0]['output']!r}"
            )

    def lookup(self, run_id: str, key: str) -> Entry | None:
        """The entry recorded under ``key`` in this workflow, or None."""
        self._check(run_id)
        with self._lock:
            return self._entries.get(key)

    def record(self, run_id: str, entry: Any) -> None:
        """Write ``entry`` as the workflow's next DBOS step, named by its key."""
        context = self._check(run_id)
        fields = {name: getattr(entry, name) for name in _FIELDS}
        with self._lock:
            if fields["key"] in self._entries:
                raise RunMismatch(
                    f"run {run_id!r}: a second record under key {fields['key']!r}"
                )
            # A copy of the workflow's context, entered on this thread: the
            # step belongs to the workflow whichever thread records it.
            step: StepOptions = {"name": PREFIX + fields["key"]}
            context.copy().run(lambda: DBOS.run_step(step, _constant, fields))
            self._entries[fields["key"]] = Entry(**fields)

    def answer(self, run_id: str, key: str, value: Any) -> None:
        """Not for DBOS runs: their steps cannot be rewritten afterwards."""
        raise RunMismatch(
            f"run {run_id!r}: a DBOS workflow's recorded steps are final, so "
            f"{key!r} cannot be answered afterwards; a paused DBOS run ended "
            "with its RunPaused error"
        )

    def _check(self, run_id: str) -> contextvars.Context:
        if self._context is None or run_id != self._run_id:
            raise RunMismatch(
                f"run {run_id!r}: this DBOSJournal was begun for {self._run_id!r}"
            )
        return self._context


def _entry(output: Mapping[str, Any]) -> Entry:
    return Entry(**{name: output[name] for name in _FIELDS})


def _constant(value: Any) -> Any:
    return value


def _never_called(name: str) -> Any:
    raise RunMismatch(f"step {name!r} was recorded but DBOS has no output for it")


def _outside_workflow(function: Callable[..., Any], *args: Any) -> Any:
    """``function(*args)`` on a thread outside any workflow context.

    Inside a workflow DBOS records such a call as a step whose answer a
    recovery replays, stale; read afresh, it says what is recorded now.
    """
    return _reader().submit(function, *args).result()


@functools.cache
def _reader() -> concurrent.futures.ThreadPoolExecutor:
    # A thread started by an executor begins with an empty context.
    return concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="prosec-dbos")
