"""Delegates for tests/test_dask.py: plain module-level functions.

Dask pickles a delegate by reference (module and name), so the worker
processes must be able to import this module; the test uploads it to them.
Each result says which process computed it, so the test can tell that the
work left the test process.
"""

from __future__ import annotations

import os
from typing import Any


def mapper(*, task_brief: str, chunk: str, chunk_index: int, chunk_count: int) -> dict[str, Any]:
    words = chunk.split()
    return {
        "index": chunk_index,
        "of": chunk_count,
        "words": len(words),
        "longest": max(words, key=len, default=""),
        "brief": task_brief,
        "pid": os.getpid(),
    }


def reducer(*, task_brief: str, mapper_results: list[dict[str, Any]], prompt: str) -> dict[str, Any]:
    return {
        "chunks": len(mapper_results),
        "words": sum(r["words"] for r in mapper_results),
        "order": [r["index"] for r in mapper_results],
        "pid": os.getpid(),
    }
