"""Rules of the English grammar about denied promises and gating: one method per
grammar alternative (``-> name`` in ``english.lark``)."""

from __future__ import annotations

from typing import Any

from lark import Token, Tree

from ..claims import Calls, Gated
from .base import (
    _NOT_WORK,
    Base,
    Clause,
    Subject,
    Unsupported,
    _act_noun,
    _is_name,
    _name,
    _Tail,
    _tok,
    is_participle,
)

#: the particles of a phrasal verb: "paid out", "handed over", "sent off"
_PARTICLES = frozenset("out over off up down back away".split())


class DenialsRules(Base):
    """Rules of the English grammar about denied promises and gating."""

    def denied(self, items: list[Any]) -> Clause:
        return self._denied(next(i for i in items if isinstance(i, Clause)))

    def gated_denied_verdict(self, items: list[Any]) -> Clause:
        if str(self._tokens(items, "REGARDLESS")[0]).lower() != "regardless of":
            raise Unsupported("a verdict after 'even when'")
        return self.gated_denied(items)

    def gated_denied(self, items: list[Any]) -> Clause:
        if any(not str(t).lower().startswith("not ") for t in self._tokens(items, "REFUSAL")):
            # "even when the guard has not approved"; not "has a veto"
            raise Unsupported("a refusal word where 'not approved' is meant")
        return self._denied(self.gated(items))

    def gated_denied_whether(self, items: list[Any]) -> Clause:
        """"The target runs regardless of whether the guard approves": it
        runs on either answer. Not "even when the guard approves", which
        says it runs then, and nothing of the other answer."""
        if any(str(t).lower().startswith("even") for t in self._tokens(items, "REGARDLESS")):
            raise Unsupported("'even when' an approval: nothing of a refusal")
        return self.gated_denied(items)

    def run_verb(self, items: list[Any]) -> None:
        return None

    def approve_subject(self, items: list[Any]) -> str:
        slots = self._tokens(items, "SLOT")
        acts = self._tokens(items, "ACT")
        if not slots and acts:
            # "the audit approves it", "the screening verdict": the noun of
            # the activity its slot is named for (not "the audited", "audits")
            tok = _tok(self.toks, acts[0])
            if not _act_noun(tok.text, tok.names[0]):
                raise Unsupported(f"'{tok.text}': not a noun for what a slot does")
            return tok.names[0]
        if not slots:
            raise Unsupported("an approval by no named slot")
        return self._name(slots[0])

    def held_verdict(self, items: list[Any]) -> str:
        """"An unparseable eligibility verdict", of `let eligibility =
        call screener` and no other call of the screener: the slot whose
        every result the local holds, and nothing else."""
        (var,) = self._tokens(items, "VAR")
        return self._held_slot(var)

    def approve_clause(self, items: list[Any]) -> str:
        return _name(items)

    approval = approve_clause
    cond_approve = approve_clause

    def approved(self, items: list[Any]) -> None:
        return None

    def gated_act(self, items: list[Any]) -> Clause:
        """"The change is merged only if the auditor approves": the slot
        named for the action runs only on the approval."""
        (act,) = self._tokens(items, "ACT")
        after = items[items.index(act) + 1] if items.index(act) + 1 < len(items) else None
        if isinstance(after, Token) and after.type == "WORD" and str(after).lower() not in _PARTICLES:
            raise Unsupported(f"'{act} {after}': a word after the act that is not its particle")
        approver = next(i for i in items if _is_name(i))
        slot = self._name(act)
        if slot == approver:
            raise Unsupported("an action gated on its own slot's approval")
        return Clause(None, lambda s: [Gated(Calls(slot), approver)])

    def gated_act_nobody(self, items: list[Any]) -> Clause:
        """"Nobody dresses the window until the store manager approves": no
        one does what the slot is named for before the approval, so the
        slot runs only on it. Said with "nobody" or "no one" (not "none",
        which is of something said before)."""
        (who,) = self._tokens(items, "NONE")
        if str(who).lower() not in ("nobody", "no one", "noone"):
            raise Unsupported(f"'{who}': not 'nobody'")
        (act,) = self._tokens(items, "ACT")
        approver = next(i for i in items if _is_name(i))
        slot = self._name(act)
        if slot == approver:
            raise Unsupported("an action gated on its own slot's approval")
        return Clause(None, lambda s: [Gated(Calls(slot), approver)])

    def _maker(self, items: list[Any]) -> str:
        """The one slot whose `ensures:` names what a clause says is made
        ("no offer is drafted", of a recruiter that ensures an offer)."""
        (obj,) = [i for i in items if isinstance(i, Tree) and i.data == "act_obj"]
        words = [_tok(self.toks, t) for t in obj.children if isinstance(t, Token)]
        head = words[-1]
        if head.kind == "VAR" and len(head.names) == 1 and len(self.lex.results.get(head.names[0], ())) == 1:
            # "no offer is drafted", of `let offer = call recruiter`: what
            # only that slot's calls set
            makers = list(self.lex.results[head.names[0]])
            if (head.names[0], makers[0]) in self.lex.some_sites:
                # "no charge is made", of `let charge = call billing` and a
                # `let refund = call billing` too: one of its calls, which a
                # claim of the slot's every call says more than
                raise Unsupported(f"'{head.text}' made: by some of `{makers[0]}`'s calls, not all")
        elif head.kind not in ("WORD", "OUTPUT") or " " in head.text:
            raise Unsupported(f"'{head.text}' made: not what a slot's `ensures:` names")
        else:
            makers = [slot for slot, nouns in self.lex.products.items() if head.text in nouns]
        if len(makers) != 1:
            raise Unsupported(f"'{head.text}' made: no one slot's `ensures:` names it")
        if len(words) > 1 and not (words[0].kind == "WORD" and (words[0].text, head.text) in self.lex.bigrams):
            # "an award letter", of an award writer that ensures an award
            # letter; another word may say which ones
            raise Unsupported(f"'{words[0].text} {head.text}': a word the pattern does not put before it")
        return makers[0]

    def gated_made(self, items: list[Any]) -> Clause:
        """"No offer is drafted unless the committee accepts": the slot
        that makes it runs only on the approval."""
        approver = next(i for i in items if _is_name(i))
        slot = self._maker(items)
        if slot == approver:
            raise Unsupported("an action gated on its own slot's approval")
        return Clause(None, lambda s: [Gated(Calls(slot), approver)])

    def gated_made_denied(self, items: list[Any]) -> Clause:
        return self._denied(self.gated_made(items))

    def made_effect(self, items: list[Any]) -> _Tail:
        return _Tail(refusal=False, targets=(Calls(self._maker(items)),))

    def gated(self, items: list[Any]) -> Clause:
        approver = next(i for i in items if _is_name(i))
        return self._clause(
            self._subject(items), lambda s: [Gated(c, approver) for c in s.calls if c.slot != approver]
        )

    def _participle(self, items: list[Any]) -> None:
        """The unknown word is a verb's participle ("filed", "issued",
        "driven"), not a word of how or when ("ever", "usually")."""
        said = str(self._tokens(items, "WORD")[0])
        if not is_participle(said):
            raise Unsupported(f"'{said}': not a verb's participle")

    def gated_participle(self, items: list[Any]) -> Clause:
        self._participle(items)
        return self.gated(items)

    def gated_act_participle(self, items: list[Any]) -> Clause:
        self._participle(items)
        return self.gated_act(items)

    def gated_verb(self, items: list[Any]) -> Clause:
        """"The herald announces only when the auctioneer approves": what
        the slot does, a verb the reader does not know, is what its call
        does, so its calls run only on the approval. Not a verb of waiting,
        going on or ending ("the worker stops only when the critic
        approves" says when a loop ends, not when the worker runs), nor a
        word of how ("usually")."""
        # (the first word after the subject but "only", which may stand before the verb)
        verb = next(str(t) for t in self._tokens(items) if t.type != "ONLY").lower()
        if not verb.isalpha() or verb.endswith("ly") or verb in _NOT_WORK:
            raise Unsupported(f"'{verb}': not a verb of what the slot's call does")
        return self.gated(items)

    def gated_never_case(self, items: list[Any]) -> Clause:
        """"It is never the case that the target runs without the guard's
        approval": "never" said of the whole clause."""
        return self.gated(items)

    def see_pos_gated(self, items: list[Any]) -> Clause:
        """"The reviewer receives the readings, but only after the
        certifier approves": every call of the slot is given them (as "the
        reviewer receives the readings" says), and is made only on the
        approval, so each call is gated."""
        (objs,) = self._objs(items)
        unchanged = "unchanged" in items
        # (the approver is the last name passed up: a qualifier before it
        # passes up its own word)
        approver = [i for i in items if _is_name(i)][-1]
        return self._clause(
            self._subject(items),
            lambda s: self._need(s, objs, unchanged=unchanged) + [Gated(c, approver) for c in s.calls if c.slot != approver],
        )

    gated_front = gated
    gated_before = gated

    def gated_no(self, items: list[Any]) -> Clause:
        approver = next(i for i in items if _is_name(i))
        who = next(i for i in items if isinstance(i, tuple))
        subject = Subject(tuple(Calls(s) for s in who))
        return self._clause(subject, lambda s: [Gated(c, approver) for c in s.calls if c.slot != approver])

    def gated_var(self, items: list[Any]) -> Clause:
        var = next(i for i in items if _is_name(i))
        return Clause(None, lambda s: [Gated(None, None, var=var)])
