"""Rules of the English grammar about lists only appended to: one method per
grammar alternative (``-> name`` in ``english.lark``)."""

from __future__ import annotations

from typing import Any

from ..claims import Calls, FromVar, Monotonic, Phase, Receives
from ..words import KINDS
from .base import Base, CallsNoun, Clause, Unsupported, _is_name, _tok


class MonotonicRules(Base):
    """Rules of the English grammar about lists only appended to."""

    def removed_conj(self, items: list[Any]) -> None:
        return None

    def mono_var(self, items: list[Any]) -> str:
        token = next(t for t in self._tokens(items) if t.type in ("VAR", "INPUT"))
        container = [str(t) for t in self._tokens(items, "CONTAINER")]
        if container and container[0] in self.lex.variables and container[0] != str(token):
            # "the score history", with locals `score` and `history`: the
            # history of scores, or the score? The history, where only it is
            # a list anything is appended to ("the verdict history", of
            # `append verdict to history`)
            named = self._names(token)
            if len(named) != 1 or named[0] in self.lex.appended or named[0] in self.lex.collects or container[0] not in self.lex.appended_into.get(named[0], ()):
                raise Unsupported("a list named by two locals")
            return container[0]
        if container and token.type == "VAR":
            # "the review history", of a local `review` that is no list
            # but is appended to one: that list, not the local
            said = str(token).replace(" ", "_")
            named = tuple(n for n in self._names(token) if n == said) or self._names(token)
            lists = self.lex.appended_into.get(named[0], frozenset()) if len(named) == 1 else frozenset()
            if len(named) == 1 and named[0] not in self.lex.appended and named[0] not in self.lex.collects and len(lists) == 1:
                return next(iter(lists))
        names = self._names(token)
        if len(names) > 1:
            exact = [n for n in names if n == str(token).replace(" ", "_")]
            if len(exact) != 1:
                raise Unsupported(f"'{token}' names several lists")
            names = tuple(exact)
        return names[0]

    def monotonic_recorded(self, items: list[Any]) -> Clause:
        """"Recorded stage outputs are never removed": the list they are
        recorded in, when the name is that list's; "recorded scores", said
        of a local `score` recorded in `history`, names the elements."""
        var = next(i for i in items if _is_name(i))
        if var not in self.lex.appended:
            raise Unsupported("recorded values named by a local that is not a list")
        return self.monotonic(items)

    def mono_var_named(self, items: list[Any]) -> str:
        """"The quote history", "the working copy `current`": words before
        a list's local that are no name of the pattern's (a word that is one
        is not a WORD) describe it; which list is the local's."""
        return self.mono_var(items)

    def mono_var_of_kind(self, items: list[Any]) -> str:
        """"The list of eligible students", "the list of missed streets":
        a local that holds a list (set to an array, appended to, or
        collecting a loop's results), and a noun for what it holds."""
        first = next(t for t in self._tokens(items) if t.type == "VAR")
        names = self._names(first)
        if len(names) != 1 or names[0] not in self.lex.list_locals:
            raise Unsupported("a list named by a local that holds no list, and a noun")
        return names[0]

    def mono_var_recorded(self, items: list[Any]) -> str:
        """"The splits list only grows", of `record piece.splits in trials`:
        the one list the key's values are appended to."""
        (key,) = self._tokens(items, "FIELD")
        if any(name in self.lex.variables for name in self._names(key)) or str(key) in self.lex.variables:
            raise Unsupported("a key that is also a local's name, which names the list itself")
        lists = {n for name in self._names(key) for n in self.lex.appended_into.get(name, frozenset())}
        if len(lists) != 1:
            raise Unsupported(f"'{key}' before a word for a list: no one list it is appended to")
        return lists.pop()

    def mono_var_sole(self, items: list[Any]) -> str:
        """"The log only grows", "the watering log is never emptied": a
        noun for a list, with no name, is the one list the delegation
        keeps: the only local that holds a list (set to an array, appended
        to, or collecting a loop's results)."""
        # (the one list, appended to or not: set anew, it does not only grow)
        lists = set(self.lex.list_locals)
        if len(lists) != 1:
            raise Unsupported("a word for a list, where the delegation keeps no one list")
        return lists.pop()

    def mono_var_gathered(self, items: list[Any]) -> str:
        """"The director's notes only accumulate": the one list that only
        that slot's results are ever appended to."""
        (slot,) = self._tokens(items, "SLOT")
        names = _tok(self.toks, slot).names
        if len(names) != 1:
            raise Unsupported("the outputs of several slots")
        lists = [n for n, maker in self.lex.gathers.items() if maker == names[0] and n in self.lex.appended]
        if len(lists) != 1:
            raise Unsupported("a slot's outputs, with no one list they are appended to")
        return lists[0]

    def monotonic_once(self, items: list[Any]) -> Clause:
        """"Once a step is in the list it is never taken out (again)"."""
        if any(str(t).lower() != "again" for t in self._tokens(items, "WORD")):
            raise Unsupported("a word after 'taken out' other than 'again'")
        return self.monotonic(items)

    def mono_elem(self, items: list[Any]) -> None:
        """An element of a list ("audit notes"): it does not say which list."""
        return None

    def monotonic(self, items: list[Any]) -> Clause:
        var = next(i for i in items if _is_name(i))
        return Clause(None, lambda s: [Monotonic(var)])

    def mono_var_rounds(self, items: list[Any]) -> str:
        """"Skipped passes": the list a local holds, named with a noun for
        what each round adds to it; only of a list that is appended to."""
        var = self.mono_var(items)
        if var not in self.lex.appended:
            raise Unsupported("a local named with a noun for rounds that is not a list appended to")
        return var

    def mono_many(self, items: list[Any]) -> list[str]:
        return [i for i in items if _is_name(i)]

    def so_too(self, items: list[Any]) -> list[str]:
        """", and so does the working text": the same said of that list."""
        if [str(t).lower() for t in self._tokens(items, "WORD")] != ["so"]:
            raise Unsupported("'and ... does', not 'and so does'")
        return [i for i in items if _is_name(i)]

    def monotonic_all(self, items: list[Any]) -> Clause:
        """Each list named only grows."""
        names: list[str] = []
        for i in items:
            for n in i if isinstance(i, list) else [i] if _is_name(i) else []:
                if n not in names:
                    names.append(n)
        if not names:
            raise Unsupported("no list named")
        return Clause(None, lambda s: [Monotonic(n) for n in names])

    def monotonic_each(self, items: list[Any]) -> Clause:
        """"Each staged_reports list only grows": every list the local
        holds, each one only appended to. "Each reviewer's list of staged
        reports": the local must be a list the slot's results are appended
        to, and only its."""
        var = next(i for i in items if _is_name(i))
        if any(str(t).lower() not in KINDS["CONTAINER"] for t in self._tokens(items, "WORD")):
            raise Unsupported("a word before the list that is no word for a list")
        for slot in self._tokens(items, "SLOT"):
            names = _tok(self.toks, slot).names
            if len(names) != 1 or self.lex.gathers.get(var) != names[0] or var not in self.lex.appended:
                raise Unsupported(f"'{slot}'s list: not a list only that slot's results are appended to")
        return Clause(None, lambda s: [Monotonic(var, each=True)])

    def monotonic_denied(self, items: list[Any]) -> Clause:
        """"The history is cleared at the start of each round": a change
        that is not an append, so not a list that only grows."""
        return self._denied(self.monotonic(items))

    def mono_when(self, items: list[Any]) -> None:
        return None

    def monotonic_again(self, items: list[Any]) -> Clause:
        return Clause(None, lambda s: [], again=True)

    def monotonic_available(self, items: list[Any]) -> Clause:
        var = next(i for i in items if _is_name(i))
        phase: Phase = "later" if self._tokens(items, "AFTER") else "all"
        slot = self._calls_of(CallsNoun(None)).slot
        return Clause(None, lambda s: [Monotonic(var), Receives(Calls(slot, phase=phase), (FromVar(var),))])
