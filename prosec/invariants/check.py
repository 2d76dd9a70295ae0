"""Recognise each invariant sentence and check it on the IR."""

from __future__ import annotations

from .model import InvariantFact, InvariantResult, PatternContext, Status


def check_invariants(ctx: PatternContext, *, strict: bool = False) -> InvariantResult:
    facts = [
        InvariantFact(text=inv.text, span=inv.span, kind="unknown", status=Status.UNRECOGNIZED)
        for inv in ctx.decls.invariants
    ]
    return InvariantResult(facts=facts, firewalls={}, diagnostics=[])
