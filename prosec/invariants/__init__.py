"""Invariant sentences → checked facts (invariants.md).

``check.check_invariants`` takes one compiled pattern and returns a fact per
invariant (kind, status, evidence), the run-time field firewalls the
generated code must apply, and diagnostics (``violated`` is an error,
``unrecognized`` a warning). The package itself holds only the facts' types:
the checker brings the sentence reader and its parser, and is imported
where it runs, so that reading a cached build never loads them.
"""

from __future__ import annotations

from .model import InvariantFact, InvariantResult, PatternContext, Status

__all__ = [
    "InvariantFact",
    "InvariantResult",
    "PatternContext",
    "Status",
]
