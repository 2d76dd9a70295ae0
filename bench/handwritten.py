"""Hand-written equivalents of the generated guard, oversight and fan-out.

bench/run.py times these against what prosec generates. They are what a
careful programmer would write by hand for the same contract, without a
general runtime: the same keyword-only parameters and frozen results; a
delegate's failure reported with its slot's name; verdicts read fail-safe (a
mapping, or a JSON object in text, in a code fence or not; anything else
never approves); parallel calls on a thread pool, results in input order;
and the run-time promises the generated code keeps (the oversight observer
never sees the actor's reasoning). When a pattern in patterns/ changes what
its generated code does, its equivalent here must change with it.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import re
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

Delegate = Callable[..., Any]

GUARD_PROMPT = (
    "Answer with JSON { proceed: boolean, reason: string }. When unsure, do not proceed."
)


class DelegateFailed(Exception):
    """A delegate raised; the message names its slot."""


def _call(delegate: Delegate, slot: str, **inputs: Any) -> Any:
    try:
        return delegate(**inputs)
    except Exception as exc:
        raise DelegateFailed(f"delegate {slot!r} failed: {exc}") from exc


_DECODER = json.JSONDecoder()
# A Markdown code fence and its body; a verdict in a fence is preferred.
_FENCE = re.compile(r"```[^\n`]*\n(.*?)(?:```|\Z)", re.S)


def _fields(output: Any) -> Mapping[str, Any] | None:
    """A verdict's fields: the mapping itself, or the first JSON object in
    text, looked for in code fences first and then anywhere."""
    if isinstance(output, Mapping):
        return output
    if not isinstance(output, str) or "{" not in output:
        return None
    if "```" in output:
        for fence in _FENCE.finditer(output):
            found = _first_object(fence.group(1))
            if found is not None:
                return found
    return _first_object(output)


def _first_object(text: str) -> dict[str, Any] | None:
    start = text.find("{")
    while start != -1:
        try:
            found, _ = _DECODER.raw_decode(text, start)
        except ValueError:
            start = text.find("{", start + 1)
            continue
        if isinstance(found, dict):
            return found
        start = text.find("{", start + 1)
    return None


def _without(output: Any, fields: frozenset[str]) -> Any:
    """``output`` without the named fields, whether a mapping or JSON in text."""
    if isinstance(output, Mapping):
        return {k: v for k, v in output.items() if k not in fields}
    if isinstance(output, str) and "{" in output:
        found = _fields(output)
        if found is not None and not fields.isdisjoint(found):
            return json.dumps({k: v for k, v in found.items() if k not in fields})
    return output


def _says(output: Any, word: str) -> bool:
    """Whether the verdict's decision word is ``word`` (``aborted`` is ``abort``)."""
    fields = _fields(output)
    decision = fields.get("decision") if fields is not None else output
    if not isinstance(decision, str):
        return False
    said = decision.strip(" \t\n.!\"'").lower()
    return said == word or said in (word + "s", word + "ed", word + "ing")


# ---------------------------------------------------------------- guard


@dataclass(frozen=True, slots=True, kw_only=True)
class GuardResult:
    result: Any
    proceeded: bool


def guard(*, guard: Delegate, target: Delegate, task_brief: str) -> GuardResult:
    decision = _call(guard, "guard", task_brief=task_brief, prompt=GUARD_PROMPT)
    fields = _fields(decision)
    if fields is None or fields.get("proceed") is not True:
        reason = fields.get("reason") if fields is not None else "unreadable verdict"
        return GuardResult(result=reason, proceeded=False)
    result = _call(target, "target", task_brief=task_brief)
    return GuardResult(result=result, proceeded=True)


# ---------------------------------------------------------------- oversight


@dataclass(frozen=True, slots=True, kw_only=True)
class OversightResult:
    result: Any
    cycles: Any
    abort_reason: Any = None


_PRIVATE = frozenset({"reasoning", "self_assessment"})


def oversight(
    *,
    actor: Delegate,
    observer: Delegate,
    arbiter: Delegate,
    task_brief: str,
    max_cycles: int = 3,
) -> OversightResult:
    current_brief = task_brief
    last_outcome = None
    for cycle in range(1, max_cycles + 1):
        last_outcome = _call(actor, "actor", task_brief=current_brief)
        # The observer sees the outcome, never the actor's reasoning.
        seen = _without(last_outcome, _PRIVATE)
        observation = _call(observer, "observer", task_brief=task_brief, outcome=seen)
        decision = _call(arbiter, "arbiter", task_brief=task_brief, observer_report=observation)
        if _says(decision, "abort"):
            return OversightResult(result=last_outcome, cycles=cycle, abort_reason=decision)
        if _says(decision, "adjust"):
            fields = _fields(decision)
            current_brief = fields.get("adjusted_brief") if fields is not None else None
    return OversightResult(result=last_outcome, cycles=max_cycles)


# ---------------------------------------------------------------- fan-out


@dataclass(frozen=True, slots=True, kw_only=True)
class FanOutResult:
    result: list[Any]
    results: list[Any]


def fan_out(
    *, delegates: Sequence[Delegate], briefs: Sequence[str], max_concurrency: int = 32
) -> FanOutResult:
    if not delegates:
        return FanOutResult(result=[], results=[])
    with ThreadPoolExecutor(max_workers=min(len(delegates), max_concurrency)) as pool:
        futures = [
            pool.submit(_call, delegate, "delegate", brief=_brief(briefs, i))
            for i, delegate in enumerate(delegates)
        ]
        results = [future.result() for future in futures]
    return FanOutResult(result=results, results=results)


async def fan_out_async(
    *, delegates: Sequence[Delegate], briefs: Sequence[str], max_concurrency: int = 32
) -> FanOutResult:
    limit = asyncio.Semaphore(max_concurrency)

    async def one(i: int, delegate: Delegate) -> Any:
        async with limit:
            if inspect.iscoroutinefunction(delegate):
                return await delegate(brief=_brief(briefs, i))
            return await asyncio.to_thread(_call, delegate, "delegate", brief=_brief(briefs, i))

    results = list(await asyncio.gather(*(one(i, d) for i, d in enumerate(delegates))))
    return FanOutResult(result=results, results=results)


def _brief(briefs: Sequence[str], i: int) -> str | None:
    return briefs[i] if 0 <= i < len(briefs) else None
