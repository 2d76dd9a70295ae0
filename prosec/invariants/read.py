"""Invariant sentence + the pattern's names → claims, or an honest "not read".

The reader is a parser of a controlled English (``english.lark``, an Earley
grammar, so every reading of a sentence is found and ambiguity is visible).
A sentence is first cut into tokens: the pattern's own names become
``SLOT``/``INPUT``/``VAR``/``FIELD`` tokens (:mod:`.lexicon`), the words of
:mod:`.words` become tokens of their kind, fillers are dropped, and every
other word becomes ``WORD``. A word that belongs to several kinds ("runs",
"work") gives several token sequences, each parsed.

A sentence is **read** when some token sequence parses as a whole and every
reading gives the same claims. Otherwise it is not read: the result keeps
the clauses that do parse on their own (for the report) and the words that
no rule accounted for. Negating and limiting words are terminals that only
rules giving them meaning accept, so a reading cannot drop one.

Lark's Earley parser rather than a hand-written one: the grammar stays a
readable table of phrasings, and ``ambiguity="explicit"`` gives every
derivation, so two readings are seen rather than settled by rule order.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields, is_dataclass

from lark import Token, Tree
from lark.exceptions import VisitError

from .canonical import canonical
from .claims import AnyResult, Claim, Firewall, FromSlot, Identical, Isolation, Unaware
from .earley import parse_trees
from .lattice import Tok, lattice, variants
from .lexicon import Lexicon
from .meaning import Meaning
from .meaning.base import Unsupported, _vice_versa


@dataclass(frozen=True, slots=True)
class Reading:
    """What the reader made of one sentence.

    ``claims`` is empty unless the sentence was read completely. ``partial``
    holds the claims of the clauses that were read on their own when the
    whole was not, and ``unread`` the words no reading accounted for.
    ``ambiguous`` lists the different claim sets when readings disagreed.
    """

    claims: tuple[Claim, ...] = ()
    partial: tuple[Claim, ...] = ()
    unread: tuple[str, ...] = ()
    ambiguous: tuple[tuple[Claim, ...], ...] = ()

    @property
    def complete(self) -> bool:
        """Whether the sentence was read as a whole."""
        return bool(self.claims)


def _meaning(tree: Tree[Token], toks: Sequence[Tok], lex: Lexicon) -> tuple[Claim, ...] | None:
    try:
        claims = Meaning(toks, lex).transform(tree)
    except VisitError as exc:
        if isinstance(exc.orig_exc, Unsupported | StopIteration | ValueError | IndexError):
            return None
        raise
    except Unsupported:
        return None
    try:
        claims = _vice_versa(claims)
    except Unsupported:
        return None
    return normal(claims) if claims else None


def normal(claims: Iterable[Claim]) -> tuple[Claim, ...]:
    """One spelling of a set of claims: an "identical" or a firewall said in
    parts ("the same brief, the same material") is the one claim it adds
    up to, so that readings differing only in that are one reading."""
    out: list[Claim] = []
    for claim in claims:
        merged = False
        for i, old in enumerate(out):
            match old, claim:
                case Identical(), Identical() if (old.target, old.over, old.callee, old.within) == (
                    claim.target, claim.over, claim.callee, claim.within
                ):
                    args = None if old.args is None or claim.args is None else (*old.args, *(a for a in claim.args if a not in old.args))
                    # ("the same material and identical instructions": the
                    # prompt said as instructions, of the claim they add up to)
                    told = (old.instructions or claim.instructions) and args is not None
                    out[i] = Identical(old.target, args, old.over, old.callee, old.within, told)
                    merged = True
                case Firewall(), Firewall() if (old.target, old.source, old.only) == (claim.target, claim.source, claim.only):
                    out[i] = Firewall(old.target, old.source, (*old.fields, *(f for f in claim.fields if f not in old.fields)), old.only)
                    merged = True
                case _:
                    merged = old == claim
            if merged:
                break
        if not merged:
            out.append(claim)
    # "never sees the checker's verdict or its reason": the fields of a
    # result the slot never receives at all are kept from it already
    kept = {
        (c.target, c.source.slot) for c in out if isinstance(c, Isolation) and isinstance(c.source, FromSlot) and c.source == FromSlot(c.source.slot)
    }
    return tuple(c for c in out if not (isinstance(c, Firewall) and not c.only and (c.target, c.source) in kept))


def _readings(toks_list: Iterable[list[Tok]], lex: Lexicon, start: str = "start") -> list[tuple[Claim, ...]]:
    found: list[tuple[Claim, ...]] = []
    for toks in toks_list:
        for tree in parse_trees(toks, start):
            claims = _meaning(tree, toks, lex)
            if claims is not None and not any(set(claims) == set(f) for f in found):
                found.append(claims)
    return found


def read(text: str, lex: Lexicon, *, again: bool = True) -> Reading:
    """Read one invariant sentence against the pattern's names. A reading
    of a hidden fact whose canonical form reads as other claims (or not at
    all) is not taken: its words, said as "does not know about ...", must
    be the same fact ("the honey will get a moisture test", of a pattern
    whose keys are `moisture` and `test`, is its own data)."""
    positions = lattice(text, lex)
    if not positions:
        return Reading()
    found = _readings(variants(positions), lex)
    if not found and (second := lattice(text, lex, made=True)) != positions:
        # words a slot's `ensures:` calls its result by, where they read
        # no other way: "the walk reports", of `ensures: a walk report`
        found = _readings(variants(second), lex)
        positions = second if found else positions
    found = _named_over_generic(found)
    if len(found) == 1 and again and any(isinstance(c, Unaware) and c.terms for c in found[0]) and not _reads_back(found[0], lex):
        return _partial(positions, lex)
    if len(found) == 1:
        return Reading(claims=found[0])
    if len(found) > 1:
        return Reading(ambiguous=tuple(found), unread=())
    return _partial(positions, lex)


def _reads_back(claims: tuple[Claim, ...], lex: Lexicon) -> bool:
    """Whether the canonical forms of ``claims`` read back as them."""
    back: list[Claim] = []
    for claim in claims:
        got = read(canonical(claim), lex, again=False)
        if not got.complete:
            return False
        back += got.claims
    return set(normal(back)) == set(claims)


def _named_over_generic(found: list[tuple[Claim, ...]]) -> list[tuple[Claim, ...]]:
    """Of readings that make the same kinds of claims, in the same order,
    where all but one read a word as the plain noun for any delegate's
    result and that one as a value of the pattern ("the verdicts", of a
    local `verdicts`; "a critique", of a critic's), the one that names the
    pattern's value: its own name is what the words point at. Readings that
    differ in other ways stay two readings."""
    named = [claims for claims in found if not any(_generic(c) for c in claims)]
    if len(named) != 1 or len(named) == len(found):
        return found
    shape = [type(c) for c in named[0]]
    if any([type(c) for c in claims] != shape for claims in found):
        return found
    return named


def _generic(value: object) -> bool:
    """Whether a claim (or a part of one) names "the result" of no one delegate."""
    if isinstance(value, AnyResult):
        return True
    if isinstance(value, tuple | frozenset):
        return any(_generic(v) for v in value)
    if is_dataclass(value):
        return any(_generic(getattr(value, f.name)) for f in fields(value))
    return False


def _partial(positions: list[list[Tok]], lex: Lexicon) -> Reading:
    """The clauses (between ``;``) that read on their own, and the words of
    the others."""
    pieces: list[list[list[Tok]]] = [[]]
    for pos in positions:
        if any(t.kind == "SEMI" for t in pos):
            pieces.append([])
        else:
            pieces[-1].append(pos)
    partial: list[Claim] = []
    unread: list[str] = []
    for piece in pieces:
        if not piece:
            continue
        got = _readings(variants(piece), lex) if len(pieces) > 1 else []
        if len(got) == 1:
            partial += [c for c in got[0] if c not in partial]
        else:
            unread.append(" ".join(pos[0].text for pos in piece))
    return Reading(partial=tuple(partial), unread=tuple(unread))
