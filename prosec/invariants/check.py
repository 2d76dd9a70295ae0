"""Pattern context → invariant facts, run-time firewalls and diagnostics.

Each ``### Invariants`` sentence is read into claims (:mod:`.read`),
the program is analysed once (:mod:`.flow`), and each claim is checked by
the rule for its kind (:mod:`.rules`). A sentence gives one fact per claim.
A pattern whose claims are all unverifiable (or that has no invariants) is
not analysed at all.

Diagnostic codes:

=======  ========  =============================================================
Code     Severity  Meaning
=======  ========  =============================================================
PS501    error     the delegation breaks an invariant: the message quotes it,
                   points at the offending line and explains the flow
PS502    warning   an invariant sentence could not be read (an error with
                   ``--strict``); it is reported as ``unrecognized``
PS503    warning   an invariant is about a slot the delegation never calls, so
                   it holds only vacuously
PS504    warning   the delegation is too deeply nested for the flow analysis,
                   or holds a growing list under a second name: its
                   invariants are not checked (an error with ``--strict``)
PS505    warning   an invariant's sentence reads differently from its pinned
                   ``read as:`` reading; the pinned reading is checked
PS506    warning   a pinned ``read as:`` reading could not be read
PS507    info      the sentence is not read; its pinned reading is checked instead
PS599    error     internal error while checking an invariant (a bug in prosec)
=======  ========  =============================================================
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from .. import ir
from ..diagnostics import Diagnostic, Span, error, info, warning
from ..sections import InvariantDecl
from ..types import has_no_fields, is_quantity, is_scalar
from .canonical import canonical
from .claims import Claim, Firewall, Unverifiable, kind_of, params_of
from .flow import BUDGET, Analysis, TooComplex, analyse
from .lexicon import Lexicon, build_lexicon, nested_keys
from .model import InvariantFact, InvariantResult, PatternContext, Status
from .read import Reading, normal, read
from .rules import Facts, Verdict, check_claim


def check_invariants(ctx: PatternContext, *, strict: bool = False) -> InvariantResult:
    """Recognize and check every invariant of one pattern."""
    if not ctx.decls.invariants:
        return InvariantResult(facts=[], firewalls={}, diagnostics=[])
    primary = next((s.name for s in ctx.decls.slots if s.primary), None)
    sequences = frozenset(ctx.scope.slot_sequences)
    lex = _lexicon(
        frozenset(ctx.slots),
        frozenset(sequences),
        frozenset(ctx.inputs),
        frozenset(ctx.config),
        ctx.program,
        primary,
        tuple(e for s in ctx.decls.slots for e in s.ensures),
        tuple((d.name, d.description) for d in ctx.decls.inputs) + tuple((d.name, d.description) for d in ctx.decls.config),
        tuple((s.name, e) for s in ctx.decls.slots for e in s.ensures),
        "\n".join((ctx.decls.summary, ctx.decls.description, ctx.decls.shape, ctx.decls.notes)),
        tuple(d.name for d in ctx.decls.inputs if is_scalar(d.type_text)),
        tuple(d.name for d in ctx.decls.inputs if is_quantity(d.type_text))
        + tuple(d.name for d in ctx.decls.config if is_quantity(d.type_text)),
        tuple((d.name, d.description) for d in ctx.decls.returns),
    )
    readings: list[Reading | Exception] = []
    pinned: list[Diagnostic] = []
    for inv in ctx.decls.invariants:
        try:
            readings.append(_reading(ctx, inv, lex, pinned))
        except Exception as exc:  # reported with the sentence below, as PS599
            readings.append(exc)
    claims = [
        claim for reading in readings if isinstance(reading, Reading) for claim in (*reading.claims, *reading.partial)
    ]
    try:
        facts = _facts(ctx, claims)
    except TooComplex as exc:
        return _unchecked(ctx, readings, str(exc), strict=strict)
    out_facts: list[InvariantFact] = []
    firewalls: dict[Span, tuple[str, ...]] = {}
    diagnostics: list[Diagnostic] = list(pinned)
    for inv, reading in zip(ctx.decls.invariants, readings, strict=True):
        if isinstance(reading, Exception):
            got, more = _internal_error(ctx, inv, reading)
        else:
            try:
                got, more = _one(ctx, inv, reading, facts, firewalls, strict=strict)
            except Exception as exc:  # a bug in a rule must not take the build down silently
                got, more = _internal_error(ctx, inv, exc)
        out_facts += got
        diagnostics += more
    return InvariantResult(facts=out_facts, firewalls=firewalls, diagnostics=diagnostics)


@lru_cache(maxsize=32)
def _lexicon(
    slots: frozenset[str],
    sequences: frozenset[str],
    inputs: frozenset[str],
    config: frozenset[str],
    program: ir.Program,
    primary: str | None,
    ensures: tuple[str, ...],
    descriptions: tuple[tuple[str, str], ...],
    results_described: tuple[tuple[str, str], ...],
    prose: str,
    scalars: tuple[str, ...],
    quantities: tuple[str, ...],
    returns_described: tuple[tuple[str, str], ...] = (),
) -> Lexicon:
    """The pattern's lexicon, built once for one program and its
    declarations (a pattern compiled again with other invariants, the
    delegation unchanged, reads them against the same names). Nothing
    changes a lexicon once it is built."""
    return build_lexicon(
        slots=slots,
        sequences=sequences,
        inputs=inputs,
        config=config,
        program=program,
        primary=primary,
        ensures=ensures,
        descriptions=descriptions,
        results_described=results_described,
        prose=prose,
        scalars=scalars,
        quantities=quantities,
        returns_described=returns_described,
    )


def check_claims(ctx: PatternContext, claims: Sequence[Claim]) -> list[Verdict] | None:
    """Check claims that are already read (or pinned) against one pattern:
    a verdict per claim, in order; None when the delegation is too deeply
    nested for the flow analysis."""
    try:
        facts = _facts(ctx, claims)
    except TooComplex:
        return None
    return [_verdict(claim, facts) for claim in claims]


def _facts(ctx: PatternContext, claims: Sequence[Claim]) -> Facts:
    """The flow analysis of ``ctx``'s program, as the rules query it.

    Raises :class:`TooComplex` when the analysis gives up.
    """
    if all(isinstance(claim, Unverifiable) for claim in claims):
        # Nothing to check against the program: unverifiable claims are
        # decided by their wording alone, so the flow analysis is skipped.
        return Facts(Analysis(program=ctx.program, slots=ctx.slots, inputs=ctx.inputs | ctx.config))
    analysis = analyse(
        ctx.program,
        slots=ctx.slots,
        inputs=ctx.inputs | ctx.config,
        sequences=frozenset(ctx.scope.slot_sequences),
    )
    facts = Facts(analysis)
    facts.scalars = frozenset(d.name for d in ctx.decls.inputs if has_no_fields(d.type_text)) | frozenset(
        d.name for d in ctx.decls.config if has_no_fields(d.type_text)
    )
    facts.nested = {
        s.name: {part: frozenset(keys) for e in s.ensures for part, keys in nested_keys(e).items()} for s in ctx.decls.slots
    }
    for claim in claims:
        if isinstance(claim, Firewall) and claim not in facts.firewalls:
            # what the generated code will strip, which "as it is" claims
            # must see (a firewall is enforced whatever else is claimed)
            verdict = facts.firewalls[claim] = check_claim(claim, facts)
            for span, fields in verdict.firewalls.items():
                facts.stripped[span] = (*facts.stripped.get(span, ()), *fields)
    return facts


def _verdict(claim: Claim, facts: Facts) -> Verdict:
    """The checks' verdict on one claim; a firewall's was found with the facts."""
    if isinstance(claim, Firewall) and claim in facts.firewalls:
        return facts.firewalls[claim]
    return check_claim(claim, facts)


def _reading(ctx: PatternContext, inv: InvariantDecl, lex: Lexicon, out: list[Diagnostic]) -> Reading:
    """The claims to check for one sentence: its own reading, or, when the
    author pinned one (``read as:`` bullets), the pinned claims, with a
    warning where the sentence itself reads differently."""
    prose = read(inv.text, lex)
    if not inv.pins:
        return prose
    claims: list[Claim] = []
    for text, span in inv.pins:
        pin = read(text, lex)
        if not pin.complete:
            why = "; ".join(repr(t) for t in pin.unread) or "it has several readings"
            out.append(
                warning(
                    ctx.path,
                    span,
                    "PS506",
                    f"pinned reading not read: {_quote(text)} ({why})",
                    "write the pin as prosec prints it after `read as:` in `prosec report`",
                )
            )
            return Reading(unread=pin.unread or (text,))
        claims += [c for c in pin.claims if c not in claims]
    pinned = normal(claims)
    if prose.complete and set(normal(prose.claims)) != set(pinned):
        said = "; ".join(canonical(c) for c in prose.claims)
        out.append(
            warning(
                ctx.path,
                inv.span,
                "PS505",
                f"invariant {_quote(inv.text)} reads as {_quote(said)}, not as its pinned reading",
                "the pinned reading is what is checked; reword the sentence or the pin so that they agree",
            )
        )
    if not prose.complete:
        out.append(
            info(
                ctx.path,
                inv.span,
                "PS507",
                f"invariant {_quote(inv.text)} is not read itself: its pinned reading is "
                "checked in its place, and nothing checks that the two say the same",
                "make sure the pin says what the sentence promises; `prosec report` shows both",
            )
        )
    return Reading(claims=pinned)


def _internal_error(
    ctx: PatternContext, inv: InvariantDecl, exc: Exception
) -> tuple[list[InvariantFact], list[Diagnostic]]:
    """A bug in prosec met while reading or checking ``inv``: PS599."""
    return (
        [InvariantFact(text=inv.text, span=inv.span, kind="unknown", status=Status.UNRECOGNIZED)],
        [
            error(
                ctx.path,
                inv.span,
                "PS599",
                f"internal error while checking invariant {inv.text!r}: {type(exc).__name__}: {exc}",
                "this is a bug in prosec; please report it with the pattern file",
            )
        ],
    )


def _one(
    ctx: PatternContext,
    inv: InvariantDecl,
    reading: Reading,
    facts: Facts,
    firewalls: dict[Span, tuple[str, ...]],
    *,
    strict: bool,
) -> tuple[list[InvariantFact], list[Diagnostic]]:
    if not reading.claims:
        return _unread(ctx, inv, reading, facts, strict=strict)
    out: list[InvariantFact] = []
    diagnostics: list[Diagnostic] = []
    for claim in reading.claims:
        v = _verdict(claim, facts)
        evidence = [f"read as: {canonical(claim)}", *v.evidence]
        if v.status is Status.VIOLATED:
            evidence = [evidence[0], *(p.message for p in v.problems)]
            for problem in v.problems:
                diagnostics.append(
                    error(
                        ctx.path,
                        problem.span,
                        "PS501",
                        f"invariant violated: {_quote(inv.text)}: {problem.message}",
                        f"the invariant is on line {inv.span.line}; change the delegation so that "
                        "it holds, or the invariant if it no longer describes the pattern",
                    )
                )
        if v.status is Status.UNRECOGNIZED:
            diagnostics.append(_unsettled(ctx, inv, v.evidence, strict=strict))
        if v.vacuous is not None:
            diagnostics.append(
                warning(
                    ctx.path,
                    inv.span,
                    "PS503",
                    f"invariant holds only vacuously: {_quote(inv.text)}: {v.vacuous}",
                    "check the slot names in the sentence against ### Slots",
                )
            )
        for span, fields in v.firewalls.items():
            old = firewalls.get(span, ())
            firewalls[span] = old + tuple(f for f in fields if f not in old)
        out.append(
            InvariantFact(
                text=inv.text,
                span=inv.span,
                kind=kind_of(claim),
                status=v.status,
                params=params_of(claim),
                read_as=canonical(claim),
                evidence=tuple(evidence),
            )
        )
    return out, diagnostics


def _unsettled(ctx: PatternContext, inv: InvariantDecl, evidence: Sequence[str], *, strict: bool) -> Diagnostic:
    """PS502 for a sentence read in full that the checks did not settle: its
    words mean two things here, or the analysis cannot tell."""
    make = error if strict else warning
    meanings = next((e.removeprefix("two meanings: ") for e in evidence if e.startswith("two meanings: ")), None)
    if meanings is not None:
        return make(
            ctx.path,
            inv.span,
            "PS502",
            f"invariant not recognized: {_quote(inv.text)} (its words mean two things in this "
            f"delegation, and the checks answer them differently: {meanings})",
            "say which one is meant (docs/invariants.md, \"Two meanings\"), or pin a reading "
            "with a `read as:` line",
        )
    why = next((e.removeprefix("not settled: ") for e in evidence if e.startswith("not settled: ")), "")
    return make(
        ctx.path,
        inv.span,
        "PS502",
        f"invariant not recognized: {_quote(inv.text)} (read in full, but the checks can neither prove it "
        f"nor show a run that breaks it: {why})",
        "docs/invariants.md says what each claim kind can prove; rephrase the sentence as one of them",
    )


def _unread(
    ctx: PatternContext, inv: InvariantDecl, reading: Reading, facts: Facts, *, strict: bool
) -> tuple[list[InvariantFact], list[Diagnostic]]:
    """A sentence not read completely: ``unrecognized``, with what was read,
    what was not, and what the checks found on the part that was read."""
    evidence: list[str] = []
    for claim in reading.partial:
        try:
            v = check_claim(claim, facts)
            found = v.status.value
        except Exception as exc:  # evidence only; the status stays unrecognized
            found = f"not checked ({type(exc).__name__})"
        evidence.append(f"read in part: {canonical(claim)} (on its own: {found})")
    for text in reading.unread:
        evidence.append(f"not read: {text!r}")
    for i, claims in enumerate(reading.ambiguous, 1):
        evidence.append(f"reading {i}: " + "; ".join(canonical(c) for c in claims))
    if reading.ambiguous:
        why = f"it has {len(reading.ambiguous)} readings that say different things"
    elif reading.unread:
        why = "not read: " + "; ".join(repr(t) for t in reading.unread)
    else:
        why = "no claim in it"
    make = error if strict else warning
    return (
        [InvariantFact(text=inv.text, span=inv.span, kind="unknown", status=Status.UNRECOGNIZED, evidence=tuple(evidence))],
        [
            make(
                ctx.path,
                inv.span,
                "PS502",
                f"invariant not recognized: {_quote(inv.text)} ({why})",
                "prosec checks only sentences it reads completely; docs/invariants.md lists the forms "
                "it reads, and how to pin a reading with a `read as:` line",
            )
        ],
    )


def _unchecked(ctx: PatternContext, readings: list[Reading | Exception], why: str, *, strict: bool) -> InvariantResult:
    """Facts for a program the analysis gave up on (``why``): read, not checked."""
    facts: list[InvariantFact] = []
    diagnostics: list[Diagnostic] = []
    budget = why.startswith("more than")
    note = (
        "not checked: the delegation is too deeply nested for the flow analysis"
        if budget
        else f"not checked: {why}",
    )
    for inv, reading in zip(ctx.decls.invariants, readings, strict=True):
        if isinstance(reading, Exception):
            got, more = _internal_error(ctx, inv, reading)
            facts += got
            diagnostics += more
            continue
        if not reading.claims:
            facts.append(InvariantFact(text=inv.text, span=inv.span, kind="unknown", status=Status.UNRECOGNIZED))
        for claim in reading.claims:
            facts.append(
                InvariantFact(
                    text=inv.text,
                    span=inv.span,
                    kind=kind_of(claim),
                    status=Status.UNVERIFIABLE,
                    params=params_of(claim),
                    evidence=note,
                )
            )
    make = error if strict else warning
    diagnostics.insert(
        0,
        make(
            ctx.path,
            ctx.program.span,
            "PS504",
            f"the delegation is too deeply nested to check its invariants (more than {BUDGET} steps of analysis)"
            if budget
            else f"the invariants are not checked: {why}",
            "split the nested loops into separate patterns or flatten them"
            if budget
            else "append to the list under one name, and pass or return it where it is read",
        ),
    )
    return InvariantResult(facts=facts, firewalls={}, diagnostics=diagnostics)


def _quote(text: str) -> str:
    return '"' + text.replace('"', "'") + '"'
