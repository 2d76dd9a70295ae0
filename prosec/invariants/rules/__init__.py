"""One small rule per kind: claim + flow facts → verdict.

Adding a kind is adding a module and a line in :func:`check_claim`.
"""

from __future__ import annotations

from ..claims import (
    Bounded,
    CallCount,
    Calls,
    Claim,
    Denied,
    ExactlyOnce,
    FailSafe,
    Firewall,
    FromSlot,
    Gated,
    Identical,
    Isolation,
    Monotonic,
    Ordered,
    Receives,
    Returns,
    ReturnsField,
    Unaware,
    Unchanged,
    Unmerged,
    Unverifiable,
)
from ..model import Status
from . import (
    bounded,
    call_count,
    exactly_once,
    firewall,
    gated,
    identical,
    isolation,
    monotonic,
    ordered,
    receives,
    returns,
    unaware,
    unchanged,
)
from .base import Facts, Problem, Verdict, unsettled

__all__ = ["Facts", "Problem", "Verdict", "check_claim"]


def check_claim(claim: Claim, facts: Facts) -> Verdict:
    """Check one recognized claim against the program. A claim of the calls
    given some value ("the reviewer for each essay") where no call is given
    it is not settled: the sentence speaks of calls the program never makes,
    so it was likely read wrong ("the coxswain for the next round")."""
    v = _check(claim, facts)
    target = getattr(claim, "target", None)
    if v.vacuous is not None and isinstance(target, Calls) and target.given:
        return unsettled(f"{v.vacuous}: the sentence speaks of calls the program never makes", [], [])
    return v


def _check(claim: Claim, facts: Facts) -> Verdict:
    match claim:
        case Isolation():
            return isolation.check(claim, facts)
        case Firewall():
            return firewall.check(claim, facts)
        case Unchanged():
            return unchanged.check(claim, facts)
        case Identical():
            return identical.check(claim, facts)
        case Gated():
            return gated.check(claim, facts)
        case FailSafe():
            return gated.check_fail_safe(claim, facts)
        case Unaware():
            return unaware.check(claim, facts)
        case Ordered():
            return ordered.check(claim, facts)
        case Bounded():
            return bounded.check(claim, facts)
        case Monotonic():
            return monotonic.check(claim, facts)
        case ExactlyOnce():
            return exactly_once.check(claim, facts)
        case CallCount():
            return call_count.check(claim, facts)
        case Receives(floor=True):
            return _floor(claim, facts)
        case Receives():
            return receives.check(claim, facts)
        case Returns():
            return returns.check(claim, facts)
        case ReturnsField():
            return returns.check_field(claim, facts)
        case Unmerged():
            return returns.check_unmerged(claim, facts)
        case Denied(claim=inner):
            return _denied(inner, facts)
        case Unverifiable(reason=reason):
            return Verdict(Status.UNVERIFIABLE, [reason])


def _floor(claim: Receives, facts: Facts) -> Verdict:
    """"The officer sees the request at least once": false when no call of
    the slot ever receives it (the claim that it never does is proved);
    otherwise not known, since what prosec proves is what every call
    receives, not that some call is made and receives it."""
    (need,) = claim.needs
    inner: Claim = (
        Firewall(claim.target, need.slot, need.fields)
        if isinstance(need, FromSlot) and need.fields
        else Isolation(claim.target, need)
    )
    v = check_claim(inner, facts)
    if v.status in (Status.PROVED, Status.ENFORCED) and v.vacuous is None:
        said = "; ".join(v.evidence) or "no call receives it"
        return Verdict(Status.VIOLATED, [], [Problem(facts.a.program.span, f"no call receives it, on any run: {said}")])
    return Verdict(
        Status.UNVERIFIABLE,
        ["'at least once' says some call receives it: prosec proves what every call receives, not that some call is made", *v.evidence],
    )


def _denied(inner: Claim, facts: Facts) -> Verdict:
    """A sentence that says ``inner`` does not hold: false when ``inner`` is
    proved; otherwise not known (a claim not proved may still hold)."""
    v = check_claim(inner, facts)
    # (an enforced claim holds only with its run-time check, which a denial
    # does not ask for; but the generated code reads every verdict fail-safe,
    # asked or not, so an enforced fail-safe claim holds on every run)
    holds = v.status is Status.PROVED or (v.status is Status.ENFORCED and isinstance(inner, FailSafe))
    if holds and v.vacuous is None:
        said = "; ".join(v.evidence) or "it holds on every run"
        return Verdict(Status.VIOLATED, [], [Problem(facts.a.program.span, f"the sentence denies what prosec proves: {said}")])
    return Verdict(Status.UNVERIFIABLE, ["prosec proves claims, not their opposites: the claim denied is not proved", *v.evidence])
