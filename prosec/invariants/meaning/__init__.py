"""Parse tree → claims: one method per alternative of ``english.lark``
(``-> name``), grouped by claim kind, one module each; :class:`Meaning`
is all of them. A new phrasing of a kind is a grammar alternative and a
method in that kind's module."""

from __future__ import annotations

from .base import Base
from .behaviour import BehaviourRules
from .bounds import BoundsRules
from .coordination import CoordinationRules
from .denials import DenialsRules
from .exactly_once import ExactlyOnceRules
from .failsafe import FailsafeRules
from .giving import GivingRules
from .identical import IdenticalRules
from .independence import IndependenceRules
from .monotonic import MonotonicRules
from .order import OrderRules
from .phases import PhasesRules
from .receiving import ReceivingRules
from .returns import ReturnsRules
from .unaware import UnawareRules


class Meaning(
    BehaviourRules,
    CoordinationRules,
    BoundsRules,
    DenialsRules,
    ExactlyOnceRules,
    FailsafeRules,
    GivingRules,
    IdenticalRules,
    IndependenceRules,
    MonotonicRules,
    OrderRules,
    PhasesRules,
    ReceivingRules,
    ReturnsRules,
    UnawareRules,
    Base,
):
    """Parse tree → claims. One method per grammar rule alias."""


__all__ = ["Meaning"]
