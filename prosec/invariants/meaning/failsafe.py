"""Rules of the English grammar about what an unreadable verdict does: one method per
grammar alternative (``-> name`` in ``english.lark``)."""

from __future__ import annotations

from typing import Any

from lark import Token

from ..claims import Calls, FailSafe
from ..words import KINDS
from .base import Base, Clause, Subject, Unsupported, _act_noun, _is_name, _Tail, _tok


class FailsafeRules(Base):
    """Rules of the English grammar about what an unreadable verdict does."""

    def failsafe(self, items: list[Any]) -> Clause:
        approver = next(i for i in items if _is_name(i))
        if any(isinstance(i, _Tail) and i.approval_of not in (None, approver) for i in items):
            raise Unsupported("counted as the approval of another slot than the approver")
        # a refusal only when every effect said is one ("it is treated as
        # rejected"); an effect that stops the delegation says more
        tails = [i for i in items if isinstance(i, _Tail)]
        refusal = bool(tails) and all(t.refusal for t in tails)
        stops = [t for t in tails if not t.refusal]
        if stops and all(t.targets for t in stops):
            # "the target is not called", "nothing is booked": those slots
            # kept from running, not the whole delegation; and a refusal too
            # when one is said ("it is treated as rejected and nothing is paid")
            targets = list(dict.fromkeys(c for t in stops for c in t.targets or ()))
            if any(c.slot == approver or c.slot is None for c in targets):
                raise Unsupported("a verdict that keeps its own slot, or no slot, from running")
            said = [FailSafe(approver, refusal=True)] if len(stops) < len(tails) else []
            return Clause(None, lambda s: [*said, *(FailSafe(approver, target=c) for c in targets)])
        approval = refusal and all(t.approval for t in tails)
        return Clause(None, lambda s: [FailSafe(approver, refusal=refusal, approval=approval)])

    def failsafe_denied(self, items: list[Any]) -> Clause:
        """"Unreadable guard output is treated as approval": not a refusal;
        "if the guard's output cannot be parsed, the target runs": the
        target not kept from running."""
        approver = next(i for i in items if _is_name(i))
        subject = next((i for i in items if isinstance(i, Subject)), None)
        if subject is None:
            return self._denied(Clause(None, lambda s: [FailSafe(approver, refusal=True)]))
        targets = subject.calls
        if any(c.slot in (approver, None) or c.phase != "all" or c.given for c in targets):
            raise Unsupported("a verdict said to let its own slot, or no slot, run")
        return self._denied(Clause(None, lambda s: [FailSafe(approver, target=c) for c in targets]))

    def block_tail(self, items: list[Any]) -> _Tail:
        """What output that cannot be read stops: the slots named (a subject,
        "no target", an action named for its slot), else the delegation."""
        calls = [c for i in items if isinstance(i, Subject) for c in i.calls]
        calls += [Calls(n) for i in items if isinstance(i, tuple) and all(isinstance(n, str) for n in i) for n in i]
        calls += [Calls(self._name(t)) for t in self._tokens(items, "ACT")]
        if not calls and any(_tok(self.toks, t).text in self.lex.acts for t in self._tokens(items, "CALLED")):
            # "nothing is executed", of an `executor`: that slot's action (read so)
            raise Unsupported("an action named for its slot, read as running in general")
        said = [_tok(self.toks, t).text.lower() for t in self._tokens(items, "WORD")]
        if not calls and any(w in self.lex.acts or self._stem_slot(w) is not None for w in said):
            # "blocks dispensing", of a `dispenser`, "holds the production", of
            # a `producer`: the word names that slot's action, which the
            # reading of it as that slot's calls takes; as the delegation in
            # general it would say more than the sentence
            raise Unsupported("a word for a slot's action, read as the delegation in general")
        return _Tail(refusal=False, targets=tuple(dict.fromkeys(calls)) or None)

    def refusal_tail(self, items: list[Any]) -> _Tail:
        """"counts as a rejection": a refusal; "never counts as approval",
        "never approves", "counts as not approved": no approval, said so."""
        said = {t.type for t in self._tokens(items)}
        # ("treated as a no": not a yes, or the refusal a word says?)
        plain_no = [str(t).lower() for t in self._tokens(items, "REFUSAL")] == ["no"]
        # ("counts as a failure", "a failed check": the check refused)
        return _Tail(refusal=True, approval=plain_no or not said & {"REFUSAL", "REJECTED", "BLOCK", "FAILURE", "FAILS"})

    def refusal_tail_act(self, items: list[Any]) -> _Tail:
        """"Never counts as certification", of a certifier: as its approval,
        said by the noun of what it does."""
        tok = _tok(self.toks, self._tokens(items, "ACT")[0])
        if not _act_noun(tok.text, tok.names[0]):
            raise Unsupported(f"'{tok.text}': not a noun for what a slot does")
        if not any(self.lex.acts.get(w) == tok.names[0] for w in KINDS["APPROVE"]):
            # "never counts as an audit": an audit is no approval
            raise Unsupported(f"'{tok.text}': what the slot does is not to approve")
        return _Tail(refusal=True, approval_of=tok.names[0], approval=True)

    def refusal_effect(self, items: list[Any]) -> _Tail:
        return _Tail(refusal=True)

    failsafe_effect = block_tail

    def run_noun(self, items: list[Any]) -> Token:
        """What a blocked run is called ("the production", "the run"): its
        word, which may name a slot's action."""
        token: Token = items[0]
        return token
