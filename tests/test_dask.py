"""Parallel work on a real distributed engine: the corpus map-reduce pattern
run on a local Dask cluster of worker processes, through
``client.get_executor()``, gives what it gives on a thread pool.

Skipped when Dask's distributed scheduler is not installed
(``pip install prosec[dask]``) or a local cluster cannot start in time.
"""

from __future__ import annotations

import asyncio
import importlib
import logging
import os
import sys
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from conftest import CORPUS, build_package, need_corpus

distributed = pytest.importorskip(
    "distributed",
    reason="Dask's distributed scheduler is not installed (pip install 'prosec[dask]')",
)

pytestmark = need_corpus

HERE = Path(__file__).resolve().parent
START_TIMEOUT = 60.0  # seconds; a loaded CI machine can be slow to spawn workers
CHUNKS = [f"chunk {i} " + " ".join(f"w{j}" * (1 + j % 3) for j in range(i % 11)) for i in range(200)]


def _delegates() -> Any:
    if str(HERE) not in sys.path:
        sys.path.insert(0, str(HERE))
    return importlib.import_module("dask_delegates")


def _start_cluster() -> Any:
    """A LocalCluster of two worker processes on loopback, or skip the test."""
    box: dict[str, Any] = {}

    def start() -> None:
        try:
            box["cluster"] = distributed.LocalCluster(
                n_workers=2,
                threads_per_worker=2,
                processes=True,
                host="127.0.0.1",
                dashboard_address=None,
                silence_logs=logging.ERROR,
            )
        except Exception as exc:  # no processes, no sockets, no /dev/shm...
            box["error"] = exc

    thread = threading.Thread(target=start, name="start-dask-cluster", daemon=True)
    thread.start()
    thread.join(START_TIMEOUT)
    if thread.is_alive():
        pytest.skip(f"a local Dask cluster did not start within {START_TIMEOUT:.0f} s")
    if "error" in box:
        pytest.skip(f"a local Dask cluster could not start: {box['error']!r}")
    return box["cluster"]


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    cluster = _start_cluster()
    with distributed.Client(cluster) as dask_client:
        # The workers import the delegates by name; give them the module.
        dask_client.upload_file(str(HERE / "dask_delegates.py"))
        yield dask_client
    cluster.close()


def _without_pids(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _without_pids(v) for k, v in value.items() if k != "pid"}
    if isinstance(value, list):
        return [_without_pids(v) for v in value]
    return value


def test_map_reduce_on_dask_workers_matches_a_thread_pool(tmp_path: Path, client: Any) -> None:
    package, _ = build_package([CORPUS / "map-reduce.prose.md"], tmp_path)
    delegates = _delegates()
    inputs = {
        "mapper": delegates.mapper,
        "reducer": delegates.reducer,
        "task_brief": "count the words",
        "chunks": CHUNKS,
    }
    with ThreadPoolExecutor(max_workers=8) as threads:
        local = package.map_reduce(**inputs, executor=threads)
    remote = package.map_reduce(**inputs, executor=client.get_executor(pure=False))

    assert _without_pids(remote.result) == _without_pids(local.result)
    assert _without_pids(remote.mapper_results) == _without_pids(local.mapper_results)
    assert remote.result["chunks"] == len(CHUNKS)
    assert remote.result["order"] == list(range(len(CHUNKS)))
    # Every delegate call ran in a worker process, none in this one.
    workers = set(client.run(os.getpid).values())
    ran = {r["pid"] for r in remote.mapper_results} | {remote.result["pid"]}
    assert ran <= workers and os.getpid() not in ran


def test_the_async_variant_runs_on_dask_workers_too(tmp_path: Path, client: Any) -> None:
    package, _ = build_package([CORPUS / "map-reduce.prose.md"], tmp_path)
    delegates = _delegates()
    chunks = CHUNKS[:50]
    local = package.map_reduce(
        mapper=delegates.mapper, reducer=delegates.reducer, task_brief="t", chunks=chunks
    )
    remote = asyncio.run(
        package.map_reduce_async(
            mapper=delegates.mapper,
            reducer=delegates.reducer,
            task_brief="t",
            chunks=chunks,
            executor=client.get_executor(pure=False),
        )
    )
    assert _without_pids(remote.result) == _without_pids(local.result)
    assert {r["pid"] for r in remote.mapper_results} <= set(client.run(os.getpid).values())
