"""Invariant sentences → checked facts (invariants.md).

``check_invariants`` takes one compiled pattern and returns a fact per
invariant (kind, status, evidence), the run-time field firewalls the
generated code must apply, and diagnostics (``violated`` is an error,
``unrecognized`` a warning).
"""

from __future__ import annotations

from .check import check_claims, check_invariants
from .model import InvariantFact, InvariantResult, PatternContext, Status

__all__ = [
    "InvariantFact",
    "InvariantResult",
    "PatternContext",
    "Status",
    "check_claims",
    "check_invariants",
]
