"""gated and fail-safe: control dependence on the approver's verdict.

gated: every call of the target (or every addition to a list) is reached
only on paths where an explicit approval of the approver's result holds —
``X explicitly proceeds``, ``X approves/accepts/certifies``, ``X says
approve`` — established by an enclosing ``if`` or by an ``if`` that leaves
when the approval is missing.

fail-safe: the test guarding the delegation is a verdict read, which the
runtime makes false for output it cannot parse; so unparseable output
blocks (``enforced``: the generated code reads verdicts with
``_rt.proceeds``/``_rt.decides``/``_rt.says``). Counted as a refusal:
every test of the verdict takes, on output it cannot parse, the branch a
refusal takes (an approval test, a comparison, a test for a word that is
not a refusal), whatever that branch then calls; a test for a refusing
word (``says reject``) does not.
"""

from __future__ import annotations

from ... import ir
from ...diagnostics import Span
from ..claims import Calls, FailSafe, Gated
from ..flow import CallObs, Known
from ..model import Status
from .base import (
    APPROVE_VERBS,
    APPROVE_WORDS,
    Facts,
    Problem,
    Verdict,
    approves,
    asks_for_approval,
    from_slot,
    undecided,
    verdict,
)

#: Words of a verdict that refuse: a test for one of them is true on a
#: refusal and false on output that cannot be parsed.
REFUSAL_WORDS = frozenset(
    "reject rejected refuse refused deny denied decline declined block blocked veto vetoed no stop fail failed".split()
)


def _asks_for_approval(k: Known) -> bool:
    """Whether the test is true on an approval and false on output that
    cannot be parsed; a comparison counts, its outcome on either not being
    known."""
    return asks_for_approval(k.cond) or isinstance(k.cond, ir.Compare)


def _of_neither(k: Known) -> str | None:
    """The word a test asks for, when it neither approves nor refuses
    (``says escalate``, ``says rework``)."""
    match k.cond:
        case ir.Says(word=word) if word not in APPROVE_WORDS | REFUSAL_WORDS:
            return word
        case ir.Decides(verb=verb) if verb not in APPROVE_VERBS | REFUSAL_WORDS:
            return verb
        case _:
            return None


def _like_a_refusal(k: Known) -> bool | None:
    """Whether output that cannot be parsed takes the branch of ``k`` that a
    refusal takes; None when the test's outcome on a refusal is not known.

    An approval test or a comparison is false on both. A test for another
    word (``says halt``, ``escalates``) is false on both too, and a presence
    test true on both (and on an approval: it tells none of them apart; see
    :func:`_counts_as_refusal`); a test for a refusing word (``says
    reject``) is true on a refusal and false on output that cannot be
    parsed."""
    match k.cond:
        case ir.Proceeds() | ir.Compare() | ir.Presence():
            return True
        case ir.Says(word=word):
            return word not in REFUSAL_WORDS
        case ir.Decides(verb=verb):
            return verb in APPROVE_VERBS or verb not in REFUSAL_WORDS
        case _:
            return None


def _counts_as_refusal(approver: str, facts: Facts, *, approval: bool = False) -> Verdict:
    """Every test of the approver's verdict takes, on output it cannot
    parse, the branch a refusal takes: an approval (``approves``,
    ``explicitly proceeds``, ``says approve``) or a comparison, either way up
    (``if not ... approves`` too), or a test for a word that is not a
    refusal (``says halt``)."""
    tests = [
        (span, k)
        for span, known in sorted(facts.a.tests.items())
        for k in known
        if any(f.src.kind == "call" and f.src.name == approver for f in k.subject)
    ]
    if not tests:
        return Verdict(Status.UNVERIFIABLE, [f"no test of the program reads `{approver}`'s verdict"])
    problems: list[Problem] = []
    unknown: list[str] = []
    seen: set[Span] = set()
    for span, k in tests:
        if span in seen:
            continue
        seen.add(span)
        match _like_a_refusal(k):
            case False:
                problems.append(
                    Problem(
                        span,
                        f"the test on line {span.line} is {_describe_cond(k)}: true on a refusal, and false on "
                        f"`{approver}`'s output that cannot be read",
                    )
                )
            case None:
                unknown.append(f"line {span.line} ({_describe_cond(k)})")
    lines = ", ".join(str(s.line) for s in sorted(seen))
    if not problems and all(isinstance(k.cond, ir.Presence) for _, k in tests):
        # `if review is present:`, and no other test: an approval, a refusal
        # and output that cannot be read all take the same branch, so what
        # cannot be read goes where an approval goes (on either reading)
        return verdict(
            [
                Problem(
                    span,
                    f"the test on line {span.line} is {_describe_cond(k)}: true on an approval, a refusal and "
                    f"`{approver}`'s output that cannot be read alike, and no other test reads the verdict",
                )
                for span, k in dict(tests).items()
            ],
            [],
        )
    neither = [(span, word) for span, k in tests if (word := _of_neither(k)) is not None]
    if not problems and neither and not any(_asks_for_approval(k) for _, k in tests):
        # `if verdict says escalate`, `elif verdict says rework`, and no test
        # that asks for approval: whether a refusal says neither word (and so
        # goes where output that cannot be read goes), or the approval goes
        # there too, the tests do not tell
        span, word = neither[0]
        return Verdict(
            Status.UNVERIFIABLE,
            [
                f"no test of `{approver}`'s verdict asks for approval, and the test on line {span.line} asks for "
                f"`{word}`, a word that neither approves nor refuses: output that cannot be read takes the branch "
                "every answer but that word takes, the approval's too, maybe"
            ],
        )
    if approval and problems:
        # "never counts as approval": at a test only for a refusing word,
        # output that cannot be read takes the other branch, the one an
        # approval takes; whether the sentence speaks of that test too, or
        # only of those that ask for approval, its words do not say
        return undecided(
            f"never counted as approval where a test asks for one, or a refusal at every test: "
            f"{problems[0].message}",
            problems,
            [f"every test of `{approver}`'s verdict that asks for approval is false on output that cannot be parsed"],
        )
    if unknown and not problems:
        return Verdict(
            Status.UNVERIFIABLE,
            [f"what a refusal makes of the test on {', '.join(unknown)} is not known"],
        )
    return verdict(
        problems,
        [f"every test of `{approver}`'s verdict (line {lines}) takes, on output that cannot be parsed, the branch a refusal takes"],
        ok=Status.ENFORCED,
    )


def _describe(k: Known) -> str:
    return ("" if k.holds else "not ") + _describe_cond(k)


def _describe_cond(k: Known) -> str:
    match k.cond:
        case ir.Judge(text=text):
            return f"a question for the judge ({text!r})"
        case ir.Proceeds():
            return "an explicit `proceed`"
        case ir.Decides(verb=verb):
            return f"a `{verb}` decision"
        case ir.Says(word=word):
            return f"the word `{word}`"
        case ir.Compare():
            return "a numeric comparison"
        case ir.Presence():
            return "a presence test"
        case ir.Criteria():
            return "a criteria test"
        case ir.Not():
            return "a negation"


def _why_not(call: CallObs, approver: str | None, facts: Facts, test: str) -> str:
    first = min((c.call.span for c in facts.a.calls.values() if c.slot == approver), default=None)
    if first is not None and call.call.span < first and any(facts.a.loops[s].lingers for s in call.loops):
        return (
            f"it is in a parallel loop or block that does not wait for all its branches, and may still "
            f"run after `call {approver}` (line {first.line})"
        )
    if first is not None and call.call.span < first:
        return f"it comes before `call {approver}` (line {first.line})"
    known = [k for k in call.known or () if from_slot(k.subject, approver)]
    if known:
        tests = ", ".join(sorted({_describe(k) for k in known}))
        return f"the only tests of `{approver}`'s verdict there are {tests}, not {test}"
    return f"no {test} of `{approver}`'s verdict holds on every path to it"


def check(claim: Gated, facts: Facts) -> Verdict:
    """Check a gated claim (calls, or additions to a list)."""
    if claim.var is not None:
        return _writes(claim, claim.var, facts)
    assert claim.target is not None
    calls = facts.calls(claim.target)
    if not calls:
        note = f"{claim.target.describe()} is never called"
        return Verdict(Status.PROVED, [note], vacuous=note)
    problems: list[Problem] = []
    for call in calls:
        if not any(approves(k, claim.approver) for k in call.known or ()):
            problems.append(
                Problem(
                    call.call.callee_span,
                    f"`call {call.call.callee}` (line {call.call.span.line}) can run without an explicit "
                    f"approval by `{claim.approver}`: {_why_not(call, claim.approver, facts, 'explicit approval')}",
                )
            )
    lines = ", ".join(str(c.call.span.line) for c in calls)
    return verdict(problems, [f"every call of `{claim.target.slot}` (line {lines}) is reached only after `{claim.approver}` explicitly approves"])


def _writes(claim: Gated, var: str, facts: Facts) -> Verdict:
    problems: list[Problem] = []
    count = 0
    for w in sorted(facts.a.writes.values(), key=lambda w: w.stmt.span):
        if w.var != var:
            continue
        # (a `let` counts too: `let v = call a` gives `v` a's output, as
        # an append would; `let v = []` gives it nothing)
        producers = {f.src.name for f in w.value if f.src.kind == "call"}
        if not producers:
            continue
        count += 1
        approved = any(
            approves(k, claim.approver, exclude=next(iter(producers)) if len(producers) == 1 else None)
            for k in w.known or ()
        )
        if not approved:
            problems.append(
                Problem(
                    w.stmt.span,
                    f"line {w.stmt.span.line} adds `{', '.join(sorted(producers))}`'s output to `{var}` "
                    "without an explicit approval of it by another delegate",
                )
            )
    return verdict(problems, [f"each of the {count} addition(s) to `{var}` sits under an explicit approval"])


def _kept_from_running(approver: str, target: Calls, facts: Facts) -> Verdict:
    """"If the guard's output cannot be parsed, the target is not called":
    every call of the target (before the verdict too) is reached only where
    a read of the approver's verdict holds, which output that cannot be
    parsed makes false. What else runs is not said."""
    calls = facts.calls(target)
    if not calls:
        note = f"{target.describe()} is never called"
        return Verdict(Status.PROVED, [note], vacuous=note)
    problems: list[Problem] = []
    tests: set[str] = set()
    for call in calls:
        held = [k for k in call.known or () if approves(k, approver, test="read")]
        if not held:
            problems.append(
                Problem(
                    call.call.callee_span,
                    f"`call {call.call.callee}` (line {call.call.span.line}) can run when `{approver}`'s "
                    f"output cannot be read: {_why_not(call, approver, facts, 'read')}",
                )
            )
        tests.update(f"{_describe(k)} (line {k.cond.span.line})" for k in held)
    return verdict(
        problems,
        [f"every call of `{target.slot}` waits on {', '.join(sorted(tests))}: false for output that cannot be parsed"],
        ok=Status.ENFORCED,
    )


def check_fail_safe(claim: FailSafe, facts: Facts) -> Verdict:
    """Check that delegation waits on a fail-safe verdict read."""
    if claim.target is not None:
        # (whether the approver is ever called or not: the target must wait on its verdict)
        return _kept_from_running(claim.approver, claim.target, facts)
    guard_calls = [c for c in facts.a.calls.values() if c.slot == claim.approver]
    if not guard_calls:
        note = f"`{claim.approver}` is never called"
        return Verdict(Status.PROVED, [note], vacuous=note)
    if claim.refusal:
        return _counts_as_refusal(claim.approver, facts, approval=claim.approval)
    first = min(c.call.span for c in guard_calls)
    # After the first verdict: later in the text, or anywhere in a loop
    # around a call of the approver (its next iteration comes after it); a
    # `parallel:` block has no next iteration, and a branch of it written
    # earlier runs alongside the approver, not after its verdict.
    looped = {s for c in guard_calls for s in c.loops if not facts.a.loops[s].is_block}
    # A parallel loop or block that returns at its first (or any) finished
    # branch leaves the others running: a call there, written before the
    # approver, may run after its verdict.
    protected = sorted(
        (
            c for c in facts.a.calls.values()
            if c.slot != claim.approver
            and (c.call.span > first or looped & set(c.loops) or any(facts.a.loops[s].lingers for s in c.loops))
        ),
        key=lambda c: c.call.span,
    )
    problems: list[Problem] = []
    tests: set[str] = set()
    for call in protected:
        safe = [k for k in call.known or () if approves(k, claim.approver, test="fail-safe")]
        if not safe:
            problems.append(
                Problem(
                    call.call.callee_span,
                    f"`call {call.call.callee}` (line {call.call.span.line}) can run when `{claim.approver}`'s "
                    f"output cannot be read: {_why_not(call, claim.approver, facts, 'verdict test that fails safe')}",
                )
            )
        tests.update(f"{_describe(k)} (line {k.cond.span.line})" for k in safe)
    if not protected:
        return verdict(problems, [f"nothing is delegated after `{claim.approver}`"])
    return verdict(
        problems,
        [
            f"delegation waits on {', '.join(sorted(tests))}: a verdict read that is false "
            "for output that cannot be parsed",
        ],
        ok=Status.ENFORCED,
    )
