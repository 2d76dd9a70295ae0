"""Sources → compiled results: read each file, take what the build cache
holds for it, compile the rest (on a process pool when it pays) and store
what was compiled. The results do not depend on the cache or the pool.
"""

from __future__ import annotations

import json
import multiprocessing
import os
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass

from .cache import Cache, DecodeError, Unencodable, from_json, to_json
from .diagnostics import WHOLE_FILE, Diagnostic, Severity, Span, error
from .discovery import Source, read_source
from .invariants import InvariantFact
from .pipeline import Compiled, ConditionReport, PatternReport, compile_text, prepare

# PS607  file could not be read


def compile_all(
    sources: Iterable[Source],
    *,
    strict: bool = False,
    jobs: int = 1,
    cache: Cache | None = None,
) -> tuple[list[Compiled], list[Diagnostic]]:
    """Compile every source; the results in source order, and the files that
    could not be read.

    With a ``cache``, a source whose bytes, name and compiler are unchanged
    since a build that stored it is not compiled again: its stored result
    (code, report and diagnostics) is used. With ``jobs`` > 1 and at least
    :data:`PARALLEL_MIN` sources left to compile, they are compiled on that
    many processes.
    """
    diagnostics: list[Diagnostic] = []
    done: list[Compiled | None] = []
    todo: list[_Job] = []
    for source in sources:
        try:
            data = read_source(source.path)
        except OSError as exc:
            diagnostics.append(
                error(source.display, WHOLE_FILE, "PS607", f"cannot read file: {exc.strerror}")
            )
            continue
        entry = None
        if cache is not None:
            entry = cache.entry("pattern", source.display, "strict" if strict else "", data)
            hit = None if entry is None else _cached_result(cache, entry, source.display)
            if hit is not None:
                cache.hits += 1
                done.append(hit)
                continue
            cache.misses += 1
        done.append(None)
        todo.append(_Job(len(done) - 1, source.display, data, strict, entry))
    for job, result in zip(todo, _compile_jobs(todo, jobs), strict=True):
        done[job.position] = result
        if cache is not None and job.entry is not None:
            _store_result(cache, job.entry, result)
    return [c for c in done if c is not None], diagnostics


#: Fewer sources than this to compile are not worth starting processes for.
PARALLEL_MIN = 8


@dataclass(frozen=True, slots=True)
class _Job:
    """One source to compile: where its result goes and its cache entry."""

    position: int
    display: str
    data: bytes
    strict: bool
    entry: str | None


def _compile_job(job: _Job) -> Compiled:
    # Module level, so that a process pool can send it to its workers.
    return compile_text(job.display, job.data, strict=job.strict)


def _compile_jobs(todo: list[_Job], jobs: int) -> list[Compiled]:
    """Compile ``todo`` in order, on ``jobs`` processes when it pays."""
    workers = min(jobs, len(todo))
    if workers > 1 and len(todo) >= PARALLEL_MIN:
        # Small chunks keep both ends of a long build busy; each chunk is a
        # few patterns, so sending them costs little next to compiling them.
        chunk = max(1, len(todo) // (workers * 16))
        try:
            with ProcessPoolExecutor(max_workers=workers, mp_context=_forking()) as pool:
                return list(pool.map(_compile_job, todo, chunksize=chunk))
        except (OSError, BrokenProcessPool):
            pass  # no processes to be had here (a sandbox, a crash): use this one
    return [_compile_job(job) for job in todo]


def _forking() -> multiprocessing.context.BaseContext | None:
    """Where processes can be forked, a context that forks them, after the
    parsers are built here: each worker then starts with this process's
    modules and parsers instead of loading and building its own."""
    if "fork" not in multiprocessing.get_all_start_methods():
        return None
    prepare()
    return multiprocessing.get_context("fork")


def usable_cpus() -> int:
    """The processors this process may run on (the default for ``jobs``)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def _cache_types() -> dict[str, type]:
    """The classes a cache entry may be decoded into, and no others."""
    from .invariants import Status

    allowed: tuple[type, ...] = (
        Compiled,
        PatternReport,
        ConditionReport,
        InvariantFact,
        Diagnostic,
        Span,
        Severity,
        Status,
    )
    return {cls.__name__: cls for cls in allowed}


def _cached_result(cache: Cache, entry: str, display: str) -> Compiled | None:
    """The stored result for ``entry``, if it is whole and well-formed."""
    from .emit import hand_edited, is_generated

    data = cache.load(entry)
    if data is None:
        return None
    try:
        found = from_json(data, _cache_types())
    except (DecodeError, RecursionError):
        return None
    if not isinstance(found, Compiled) or not _well_formed(found, display):
        return None
    if found.code is not None and (not is_generated(found.code) or hand_edited(found.code)):
        return None
    return found


def _well_formed(item: Compiled, display: str) -> bool:
    report = item.report
    return (
        item.path == display
        and isinstance(item.code, str | None)
        and isinstance(item.skipped, bool)
        and isinstance(item.diagnostics, list)
        and all(
            isinstance(d, Diagnostic)
            and isinstance(d.span, Span)
            and isinstance(d.severity, Severity)
            for d in item.diagnostics
        )
        and (
            report is None
            or (
                isinstance(report, PatternReport)
                and all(isinstance(c, ConditionReport) for c in report.conditions)
                and all(
                    isinstance(f, InvariantFact) and isinstance(f.span, Span)
                    for f in report.invariants
                )
                and all(isinstance(n, str) for n in report.notes)
            )
        )
    )


def _store_result(cache: Cache, entry: str, result: Compiled) -> None:
    """Store ``result`` if it survives the trip through JSON unchanged."""
    try:
        data = to_json(result)
        back = from_json(json.loads(json.dumps(data)), _cache_types())
    except (Unencodable, DecodeError, ValueError, RecursionError):
        return
    if back == result:
        cache.store(entry, data)
