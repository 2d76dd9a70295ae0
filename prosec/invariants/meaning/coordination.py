"""Rules of the English grammar that join clauses: one method per grammar
alternative (``-> name`` in ``english.lark``)."""

from __future__ import annotations

from typing import Any

from .base import ITS, Base, Subject, Unsupported, _Also
from .bounds import BoundsRules
from .receiving import _SO_AUX

#: Kinds of the words of a subject ("the terminologist and every linguist")
_SUBJECT_WORDS = frozenset("SLOT ROLE ROLENOUN CALLS EVERY BOTH NUM NUMBER AND COMMA".split())


class CoordinationRules(BoundsRules, Base):
    """A clause said again of another subject."""

    def _also_subject(self, items: list[Any]) -> Subject:
        subject = self._subject(items)
        if subject.negative or subject.it:
            raise Unsupported("'too' of a pronoun or a negated subject")
        return subject

    def also_so(self, items: list[Any]) -> _Also:
        """", and so does the registrar", ", and so is the drafter": the
        clause before, of the registrar (not "and so may", which says what
        may be)."""
        if [str(t).lower() for t in self._tokens(items, "WORD")] != ["so"]:
            raise Unsupported("'and W does X' with a word other than 'so'")
        if any(str(t).lower() not in _SO_AUX for t in self._tokens(items) if t.type in ("AUX", "BE")):
            raise Unsupported("a modal that says what may or must be, not what is")
        return _Also(self._also_subject(items))

    def also_as(self, items: list[Any]) -> _Also:
        """", as does the registrar": the clause before, of the registrar."""
        if any(str(t).lower() not in _SO_AUX for t in self._tokens(items) if t.type in ("AUX", "BE")):
            raise Unsupported("a modal that says what may or must be, not what is")
        return _Also(self._also_subject(items))

    def also_too(self, items: list[Any]) -> _Also:
        """", and the back-translator too", ", and the drafter as well"."""
        return _Also(self._also_subject(items))

    def also_it_too(self, items: list[Any]) -> _Also:
        """", and the broadcaster sees it too": what the clause before says
        is received, one thing, received by the broadcaster as well."""
        return _Also(self._also_subject(items), it=True)

    def also_gapped(self, items: list[Any]) -> _Also:
        """", and the tallier the species list": the verb of the clause
        before, left out (what it receives, or never does, as that clause
        says of its own subject; its qualifier is its own)."""
        (objs,) = self._objs(items)
        (conj,) = self._tokens(items, "AND")
        assert conj.start_pos is not None
        k = conj.start_pos + 1
        while k < len(self.toks) and self.toks[k].kind in _SUBJECT_WORDS:
            k += 1
        if k >= len(self.toks) or not self.toks[k].article:
            # "..., and the mapper outputs": the mapper's outputs, not the
            # mapper given "outputs"; what it is given starts with an article
            raise Unsupported("the verb left out, and no article before what is given")
        return _Also(self._also_subject(items), objs=tuple(objs), unchanged="unchanged" in items)

    def also_gapped_count(self, items: list[Any]) -> _Also:
        """", and the chair exactly once": a count of its calls, the verb
        left out, after a clause that counts calls ("is called twice")."""
        subject = self._also_subject(items)
        exact = bool(self._tokens(items, "EXACTLY"))
        clause = self._count_clause(items, exact=True, loose=None if exact else "least")
        return _Also(subject, counted=clause, exactly=exact)

    def also_not(self, items: list[Any]) -> _Also:
        """", and nothing of the other items", ", never the plan": what the
        subject of the clause before (which says what it is given) never
        receives; not "its" ("..., never its notes": whose?)."""
        (objs,) = self._objs(items)
        if any(o.owner == ITS for o in objs):
            raise Unsupported("'its', the verb left out")
        starts = [t.start_pos for t in self._tokens(items) if t.start_pos is not None]
        after = self.toks[max(starts) + 1 :] if starts else self.toks
        if any(o.what == "slot" and o.source is None for o in objs) or any(
            t.kind in ("SLOT", "ROLE") and (k + 1 >= len(after) or after[k + 1].kind != "POSS") for k, t in enumerate(after)
        ):
            # "reaches the adjudicator and no reader", "... and no other
            # role": the reader's output, or the reader, which it does not
            # reach?
            raise Unsupported("a slot named, the verb left out: its output, or the slot that is not given it")
        return _Also(Subject(()), kept=tuple(objs))

    def also_more(self, items: list[Any]) -> _Also:
        """", and the policy as well": more of what the subject of the
        clause before receives (as it says, not "unchanged": the word is
        the first object's). Not of a slot named bare, which is the
        subject of "..., and the reviewer too", nor of "its" (whose?)."""
        (objs,) = self._objs(items)
        if any(o.owner == ITS for o in objs):
            raise Unsupported("'its', the verb left out")
        ands = self._tokens(items, "AND")
        start = ands[0].start_pos + 1 if ands and ands[0].start_pos is not None else 0
        after = self.toks[start:]
        if any(o.what == "slot" and o.source is None for o in objs) or any(
            t.kind in ("SLOT", "ROLE") and (k + 1 >= len(after) or after[k + 1].kind != "POSS") for k, t in enumerate(after)
        ):
            raise Unsupported("a slot named, the verb left out: what it is given, or the slot that receives it too")
        return _Also(Subject(()), more=tuple(objs))
