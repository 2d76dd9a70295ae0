"""What the invariant checker takes and gives."""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .. import ir
from ..diagnostics import Diagnostic, Span
from ..scope import ScopeInfo
from ..sections import Declarations


class Status(enum.Enum):
    """How an invariant ended (invariants.md, "Statuses")."""
    PROVED = "proved"
    ENFORCED = "enforced"
    VIOLATED = "violated"
    UNVERIFIABLE = "unverifiable"
    UNRECOGNIZED = "unrecognized"


@dataclass(frozen=True, slots=True, kw_only=True)
class PatternContext:
    """One pattern as the checker sees it."""

    path: str
    decls: Declarations
    program: ir.Program
    scope: ScopeInfo
    slots: frozenset[str]
    inputs: frozenset[str]
    config: frozenset[str]


@dataclass(frozen=True, slots=True, kw_only=True)
class InvariantFact:
    """One invariant sentence (or one of the promises in it) and its status."""

    text: str
    span: Span
    kind: str
    status: Status
    params: Mapping[str, object] = field(default_factory=dict)
    #: the claim's canonical sentence, for a sentence that was read
    read_as: str | None = None
    evidence: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class InvariantResult:
    """What the checker gives back for one pattern."""
    facts: Sequence[InvariantFact]
    # a call property's span → fields to strip from its value at run time
    firewalls: Mapping[Span, tuple[str, ...]]
    diagnostics: Sequence[Diagnostic]
