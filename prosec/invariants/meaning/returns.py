"""Rules of the English grammar about what the pattern returns: one method per
grammar alternative (``-> name`` in ``english.lark``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from lark import Token

from ..claims import (
    Calls,
    FromInput,
    FromSlot,
    FromVar,
    Need,
    Returns,
    Source,
    Unchanged,
    Unmerged,
)
from ..lattice import LATEST_WORDS
from ..words import VALUE_NOUNS
from .base import (
    ITS,
    OTHER,
    Base,
    Clause,
    Obj,
    ReturnKey,
    Unsupported,
    When,
    _is_name,
    _tok,
)

#: Nouns for a value computed from a list or a text, not the value itself
#: ("the approved count" is not what `approved` holds).
_DERIVED_NOUNS = frozenset(
    "count counts number numbers total totals size length sum average mean rate ratio share percentage "
    "score scores summary summaries history histories".split()
)

#: Participles that do not end in "-ed" ("the withdrawn titles", "the
#: chosen blend"); none of them limits what it names.
_IRREGULAR_PARTICIPLES = frozenset(
    "chosen written given taken drawn withdrawn shown known broken proven frozen stolen spoken woven sworn "
    "built found bought".split()
)


def _described_key(key: str, noun: str) -> bool:
    """"The withdrawn titles", "the extracted record", for the keys
    `withdrawn`, `extracted`: a key that is a participle, which says what
    happened to the value, before a noun for the value itself (not one for
    a figure drawn from it, "the approved count")."""
    participle = key.endswith("ed") or key in _IRREGULAR_PARTICIPLES
    return "_" not in key and len(key) > 4 and participle and noun not in _DERIVED_NOUNS


def _refused(when: When, owner: str, fields: tuple[str, ...]) -> Returns:
    """The owner's fields returned where it refuses: where it does not
    approve, or where it says the refusal word the program tests."""
    if when.path == "says":
        return Returns("says", (Need(FromSlot(owner, fields)),), approver=owner, word=when.word)
    return Returns("blocked", (Need(FromSlot(owner, fields)),), approver=owner)


#: Past forms of decision words that do not end in -ed.
_IRREGULAR = {"held": "hold", "withheld": "withhold", "kept": "keep", "sent": "send", "shut": "shut", "cut": "cut"}


def _form_of(form: str, word: str) -> bool:
    """Whether ``form`` is the word or one of its verb forms ("refuses",
    "refused" of "refuse"; "rejects" of "reject"; "held" of "hold";
    "stopped" of "stop")."""
    return form in (word, word + "s", word + "es", word + "d", word + "ed", word + word[-1:] + "ed") or _IRREGULAR.get(form) == word


class ReturnsRules(Base):
    """Rules of the English grammar about what the pattern returns."""

    def ret_when(self, items: list[Any]) -> When:
        said = [str(t).lower() for t in items if isinstance(t, Token)]
        if said[:1] == ["when"] and len(said) == 2 and len(items) == 2 and not said[1].endswith("ed"):
            raise Unsupported("'when' and a verb with no subject")
        said_by = [str(t).lower() for t in items if isinstance(t, Token) and t.type == "AUTHORED"]
        if said_by and (said_by[0] not in ("says", "say", "said") or said[-1] != "no"):
            raise Unsupported("a refusal not said: only a verdict that says no refuses")
        approver = next((i for i in items if _is_name(i)), None)
        blocks = [str(t).lower() for t in items if isinstance(t, Token) and t.type in ("BLOCK", "REJECTED")]
        if approver is None and len(self.lex.deciders) > 1 and blocks:
            # "on a decline", where one deciding slot alone is asked to
            # "approve or decline": its refusal
            offered = [d for d in sorted(self.lex.deciders) if any(_form_of(blocks[0], w) for w in self.lex.prompt_words.get(d, ()))]
            if len(offered) == 1:
                approver = offered[0]
        if approver is None and len(self.lex.deciders) > 1:
            # "on a decline", "when blocked", where the verdicts of several
            # slots are tested: whose refusal, the words do not say
            raise Unsupported("a refusal of no named slot, where several slots' verdicts are tested")
        # (of one deciding slot, "when the label is held" is its refusal)
        who = approver if approver is not None else next(iter(self.lex.deciders)) if len(self.lex.deciders) == 1 else None
        # "when the harbormaster refuses", of `if ruling says refuse`: where
        # it said so ("when the label is held", of `if decision says
        # hold`), where no approval of its verdict is tested, or where the
        # verdicts of that slot alone are tested ("when the registrar
        # declines", of `if decision says decline` beside `elif decision
        # approves`: the word it said, not every verdict short of approval)
        alone = self.lex.deciders == {who}
        said = [w for b in blocks[:1] for w in sorted(self.lex.said) if _form_of(b, w)]
        if who is not None and (alone or (who not in self.lex.approval_tested and "?" not in self.lex.approval_tested)):
            if len(said) == 1:
                return When(who, "says", said[0])
        elif who is not None and len(own := [w for w in said if w in self.lex.said_of.get(who, ())]) == 1:
            # "when the customer cancels", of `if verdict says cancel` beside
            # a test of its approval and other answers short of it ("revise"):
            # where it said that word, not wherever it did not approve
            return When(who, "says", own[0])
        return When(approver)

    def held_decider(self, items: list[Any]) -> str:
        """"When safety refuses", of `let safety = call safety_officer`: the
        slot whose every result the local holds, and nothing else, where
        the program tests that slot's verdict."""
        (var,) = items
        slot = self.lex.holds.get(self._name(var))
        if slot is None or slot not in self.lex.deciders:
            raise Unsupported(f"'{var}': no local of one deciding slot's verdicts")
        return slot

    def path_blocked(self, items: list[Any]) -> When:
        return next(i for i in items if isinstance(i, When))

    def path_accept(self, items: list[Any]) -> When:
        return When(next((i for i in items if _is_name(i)), None), "accept")

    def path_ahead(self, items: list[Any]) -> When:
        """"When the task goes ahead", "if the booking proceeds": the paths
        an approval lets through, as "when the task is approved" (not
        "when the task runs" or "starts", which may say when, not whether)."""
        (ahead,) = self._tokens(items, "RUN") or self._tokens(items, "PROCEED")
        if str(ahead).lower() not in ("goes ahead", "go ahead", "proceeds", "proceed"):
            raise Unsupported(f"'{ahead}': not an input going ahead")
        return When(None, "accept")

    def path_input_runs(self, items: list[Any]) -> When:
        """"When `target_score` is reached": a threshold met; "when the task
        goes ahead": the input going ahead."""
        (runs,) = self._tokens(items, "RUN")
        if str(runs).lower() in ("goes ahead", "go ahead"):
            return self.path_ahead(items)
        return self.path_threshold(items)

    def path_success(self, items: list[Any]) -> When:
        return When(None, "success")

    def path_threshold(self, items: list[Any]) -> When:
        """"When the threshold is met": the branches that test a value
        meets that input (`if score meets threshold`); "exceeds" says
        more than "meets", and is not read."""
        (met,) = self._tokens(items, "MEETS") or self._tokens(items, "RUN")
        if met.type == "RUN" and str(met).lower() not in ("is reached", "are reached"):
            raise Unsupported(f"'{met}': not a threshold met")
        if str(met).lower().startswith(("exceed", "clear")):
            raise Unsupported(f"'{met}': more than meeting the threshold")
        return When(None, "threshold", self._name(self._tokens(items, "INPUT")[-1]))

    def path_exhausted(self, items: list[Any]) -> When:
        return When(None, "exhausted")

    def path_through(self, items: list[Any]) -> When:
        (when,) = items
        assert isinstance(when, When)
        return when

    def path_said(self, items: list[Any]) -> When:
        """"On abort", "when the moderator closes the debate", "when
        `arbiter` says abort": where a verdict said a word the program
        tests (`if decision says abort`)."""
        (word,) = self._tokens(items, "VERDICT")
        said = self._tokens(items, "AUTHORED")
        if said and str(said[0]).lower() not in ("says", "say", "said"):
            raise Unsupported(f"'{said[0]}' {word}: not what a verdict says")
        return When(next((i for i in items if _is_name(i)), None), "says", self._name(word))

    def _ret_value(self, items: list[Any]) -> Source:
        """What a return gives: a slot's output or field of it, or an input."""
        owner = next((i for i in items if _is_name(i)), None)
        fields = next((i for i in items if isinstance(i, tuple)), ())
        if owner is None:
            return FromInput(self._name(self._tokens(items, "INPUT")[0]))
        if owner in (OTHER, ITS):
            raise Unsupported("a returned value of no named slot")
        if any(f not in self.lex.keys and f not in self.lex.declared_keys for f in fields):
            # "the auditor's figure": a word for the whole result, or a key
            # the program never reads, not a field it returns
            raise Unsupported("a returned field of a slot that the program never reads")
        return FromSlot(owner, fields)

    def ret_as(self, items: list[Any]) -> Clause:
        """"The arbiter's decision is returned as the abort reason"."""
        key = self._key_said(items)
        head = [i for i in items if not isinstance(i, ReturnKey)]
        return self._returning(items, Need(self._ret_value(head), key), always=self._said_always(items))

    def ret_its_as(self, items: list[Any]) -> Clause:
        """"When the safety officer rejects the plan, its reason is
        returned as the objection": the fields of the slot that blocks,
        under that key."""
        when = next(i for i in items if isinstance(i, When))
        fields = next(i for i in items if isinstance(i, tuple))
        owner = when.approver
        if owner is None or owner in (OTHER, ITS):
            raise Unsupported("'its' of no slot named before it")
        key = self._key_said([i for i in items if not isinstance(i, tuple)])
        return self._returning(items, Need(FromSlot(owner, fields), key))

    def ret_key_field_made(self, items: list[Any]) -> Clause:
        """"When the pattern blocks, the result is the reason the guard
        gave": that field of the slot's result."""
        owner = next(i for i in items if _is_name(i))
        word = next(t for t in self._tokens(items) if t.type in ("FIELD", "BEHAVE", "WORD"))
        name = str(word).lower().replace(" ", "_")
        name = self.lex.key_forms.get(name, name)
        if name not in self.lex.keys and name not in self.lex.declared_keys:
            raise Unsupported(f"'{word}': no key of a slot's result")
        key = self._key_said([i for i in items if isinstance(i, ReturnKey)] + [t for t in self._tokens(items, "OUTPUT")])
        return self._returning(items, Need(FromSlot(owner, (name,)), key))

    def ret_key_field(self, items: list[Any]) -> Clause:
        """"The returned report is the underwriter's reason"."""
        key = self._key_said(items)
        return self._returning(items, Need(self._ret_value([i for i in items if not isinstance(i, ReturnKey)]), key))

    def _key_said(self, items: list[Any]) -> str:
        """The returned key a clause names: by itself, or a noun for a result
        that the pattern returns under that name ("the returned report")."""
        key = next((i for i in items if isinstance(i, ReturnKey)), None)
        return key.name if key is not None else self._returned_noun(items)

    def _said_always(self, items: list[Any]) -> bool:
        return bool(self._tokens(items, "ALWAYS") or self._tokens(items, "REGARDLESS"))

    def ret_fields_said(self, items: list[Any]) -> Clause:
        """"When the classifier defers, the classifier's reason is
        returned": the fields, under whatever key, on that path."""
        owner, fields = self._field_owner(items)
        when = next(i for i in items if isinstance(i, When))
        immediate = bool(self._tokens(items, "IMMEDIATELY"))
        claim = Returns("says", (Need(FromSlot(owner, fields)),), approver=when.approver, immediate=immediate, word=when.word)
        return Clause(None, lambda s: [claim])

    def ret_its_fields_said(self, items: list[Any]) -> Clause:
        """"When the curator discards an accession, its reason is
        returned": the fields of the slot the path names as saying the
        word (not "on discard, its reason ...", which names no slot)."""
        when = next(i for i in items if isinstance(i, When))
        if when.approver is None or when.approver in (OTHER, ITS):
            raise Unsupported("'its' of no slot named before it")
        owner = when.approver
        fields = next(i for i in items if isinstance(i, tuple))
        if any(f not in self.lex.keys and f not in self.lex.declared_keys for f in fields):
            raise Unsupported("a returned field of a slot that the program never reads")
        immediate = bool(self._tokens(items, "IMMEDIATELY"))
        claim = Returns("says", (Need(FromSlot(owner, fields)),), approver=owner, immediate=immediate, word=when.word)
        return Clause(None, lambda s: [claim])

    def ret_fields_on_path(self, items: list[Any]) -> Clause:
        """"On acceptance the brewer's beer is returned": the fields, under
        whatever key, on an approval's, the success's or the exhaustion's
        path."""
        owner, fields = self._field_owner(items)
        when = next(i for i in items if isinstance(i, When))
        if when.path in ("blocked", "says"):
            raise Unsupported("a refusal's or a decision word's path, read by its own rule")
        if owner in (OTHER, ITS):
            raise Unsupported("a returned field of no named slot")
        if any(f not in self.lex.keys and f not in self.lex.declared_keys for f in fields):
            raise Unsupported("a returned field of a slot that the program never reads")
        claim = Returns(when.path, (Need(FromSlot(owner, fields)),), approver=when.approver, word=when.word)
        return Clause(None, lambda s: [claim])

    def ret_from_passive(self, items: list[Any]) -> Clause:
        """"On accept the worker's result is returned at once": the slot's
        output as the returned result, on the path named."""
        owner = self._named_owner(items, "output")
        # "the pattern returns the translator's translation", for the key
        # `translation`: the noun, where the pattern returns a key so named
        return self._returning(items, Need(FromSlot(owner), self._returned_noun(items)))

    def ret_output_returned(self, items: list[Any]) -> Clause:
        """"The director's decision is returned (to the caller)": on every
        path, the return carries the slot's output, under the key the noun
        names where the pattern returns one so named, else under any key."""
        owner = self._named_owner(items, "output")
        nouns = [str(t).replace(" ", "_") for t in self._tokens(items, "OUTPUT")]
        key = nouns[0] if nouns and nouns[0] in self.lex.returned_keys else None
        return self._returning(items, Need(FromSlot(owner), key), always=self._said_always(items))

    def _field_owner(self, items: list[Any]) -> tuple[str, tuple[str, ...]]:
        owner = next(i for i in items if _is_name(i))
        fields = next(i for i in items if isinstance(i, tuple))
        return owner, fields

    def _comes_back(self, items: list[Any]) -> None:
        """A return said with no "is": only "comes back" says it."""
        said = [str(t).lower() for t in self._tokens(items, "RETURN")]
        back = any(t.startswith(("come", "came")) or t.endswith("to the caller") for t in said)
        if not self._tokens(items, "BE") and not self._tokens(items, "CALLER_GETS") and not back:
            raise Unsupported("a verb of returning with no 'is' that does not say the value comes back")

    def ret_field_when(self, items: list[Any]) -> Clause:
        owner, fields = self._field_owner(items)
        when = next(i for i in items if isinstance(i, When))
        # (a refusal said of no slot, "when the lesson is called off", is
        # the refusal of the one slot whose verdict the program tests)
        approver = when.approver or (next(iter(self.lex.deciders)) if len(self.lex.deciders) == 1 else None)
        if approver != owner:
            raise Unsupported("one slot's field returned when another blocks")
        return Clause(None, lambda s: [_refused(when, owner, fields)])

    def ret_its_field_when(self, items: list[Any]) -> Clause:
        """"When the guard blocks, its reason is returned": the fields of
        the slot that blocks."""
        self._comes_back(items)
        when = next(i for i in items if isinstance(i, When))
        fields = next(i for i in items if isinstance(i, tuple))
        owner = when.approver
        if owner is None or owner in (OTHER, ITS):
            raise Unsupported("'its' of no slot named before it")
        return Clause(None, lambda s: [_refused(when, owner, fields)])

    def ret_field_when_comes_back(self, items: list[Any]) -> Clause:
        """"When the guard blocks, the guard's reason comes back"."""
        self._comes_back(items)
        return self.ret_field_when(items)

    ret_field_when_active = ret_field_when
    ret_field_when_front = ret_field_when
    ret_field_when_front_passive = ret_field_when

    def ret_field_always(self, items: list[Any]) -> Clause:
        owner, fields = self._field_owner(items)
        return Clause(None, lambda s: [Returns("all", (Need(FromSlot(owner, fields)),))])

    def ret_field_always_comes_back(self, items: list[Any]) -> Clause:
        """"Whatever the outcome, the officer's reason comes back"."""
        self._comes_back(items)
        return self.ret_field_always(items)

    def ret_output_comes_back(self, items: list[Any]) -> Clause:
        """"Whatever happens, the keeper's summary is handed back"."""
        self._comes_back(items)
        return self.ret_output_returned(items)

    def ret_only_made_by(self, items: list[Any]) -> Clause:
        """"Only the reducer produces the final result"."""
        made = [str(t).lower() for t in self._tokens(items, "AUTHORED")]
        if any(w not in ("produces", "produce", "writes", "write", "creates", "generates", "makes") for w in made):
            raise Unsupported("a verb that does not say the slot makes the result")
        return self.ret_only_by(items)

    def _named_owner(self, items: list[Any], what: str) -> str:
        """The slot a returned value is said to come from, named in the
        sentence ("the evaluator's score"), not "its" or "the other's"."""
        owner: str = next(i for i in items if _is_name(i))
        if owner in (OTHER, ITS):
            raise Unsupported(f"a returned {what} of no named slot")
        return owner

    def _alone(self, items: list[Any]) -> None:
        if any(str(t).lower() not in ("alone", "on its own", "on their own") for t in self._tokens(items, "INDEP")):
            # "the comparator alone produces ...": no one else; not
            # "independently", which says how, not who
            raise Unsupported("a maker said to work independently, not alone")

    def ret_only_by(self, items: list[Any]) -> Clause:
        self._alone(items)
        owner = next(i for i in items if _is_name(i))
        if any(owner not in _tok(self.toks, t).names for t in self._tokens(items, "ACT")):
            raise Unsupported("a result named by the act of another slot than its maker")
        return Clause(None, lambda s: [Returns("all", (Need(FromSlot(owner), "result", only=True),))])

    def ret_out_only_by(self, items: list[Any]) -> Clause:
        """"The returned result comes solely from the reducer": the key the
        noun names (or `result`), made by that slot and no other."""
        self._alone(items)
        owner = self._named_owner(items, "value")
        key = self._returned_noun(items)
        return Clause(None, lambda s: [Returns("all", (Need(FromSlot(owner), key, only=True),))])

    def ret_key_only_by(self, items: list[Any]) -> Clause:
        self._alone(items)
        owner = self._named_owner(items, "field")
        key = next(i for i in items if isinstance(i, ReturnKey)).name
        return Clause(None, lambda s: [Returns("all", (Need(FromSlot(owner), key, only=True),))])

    def _the_one(self, items: list[Any]) -> None:
        """"The one the physician produced": a word before the maker must
        stand for the returned value itself. "Is picked by" the maker: its
        choice, which it gives."""
        for t in self._tokens(items, "HANDLED"):
            if str(t).lower() != "taken":
                # "is taken from the comparator's output": what it is made
                # of; not "is read from", "is checked from"
                raise Unsupported(f"'{t} from': not where the value comes from")
        for t in self._tokens(items, "WINS"):
            if str(t).lower() not in ("is picked", "is chosen", "is selected"):
                raise Unsupported(f"'{t}': not a choice made by the maker")
        for t in self._tokens(items):
            if t.type in ("NUMBER", "WORD") and str(t).lower() not in ("one", "ones"):
                raise Unsupported(f"'{t}' before a maker: not the returned value")
            if t.type == "ANYTHING" and str(t).lower() not in ("what", "whatever"):
                raise Unsupported(f"'{t}' before a maker: not the returned value")

    def _not_from(self, items: list[Any]) -> None:
        """"Comes from the titler, not from the combiner": the slot it does
        not come from is another than the one it does, which the claim that
        it is the titler's output already says."""
        if not self._tokens(items, "NOT") and not self._tokens(items, "RATHER_THAN"):
            return
        names = [i for i in items if _is_name(i)]
        if len(names) != 2 or names[0] == names[1] or names[1] in (OTHER, ITS) or names[1] not in self.lex.slots:
            raise Unsupported("where a returned value does not come from, of no other named slot")

    def ret_from(self, items: list[Any]) -> Clause:
        self._not_from(items)
        self._the_one(items)
        owner = next(i for i in items if _is_name(i))
        key = self._returned_noun(items)
        return self._returning(items, self._raw(items, Need(FromSlot(owner), key, latest=self._latest(items, owner))))

    def _latest(self, items: list[Any], owner: str | None) -> bool:
        """"The actor's latest output", "the designer's last draft", "the
        actor's last outcome" (a local `last_outcome`): the output of the
        slot's latest call. A local named must hold that slot's results and
        nothing else (or null before its first call)."""
        said = [str(t).lower() for t in self._tokens(items) if t.type in ("CURRENT", "PRIOR")]
        if any(w not in (*LATEST_WORDS, "last") for w in said):
            raise Unsupported("an earlier output, not the latest")
        named = self._tokens(items, "VAR")
        for var in named:
            (name,) = self._names(var) or ("",)
            maker = self.lex.holds.get(name) or self.lex.gathers.get(name)
            if maker is None or owner not in (None, maker):
                raise Unsupported(f"'{var}': a local that holds other values than one slot's results")
            if not said and str(var).split(" ")[0].lower() not in ("last", "latest", "current"):
                raise Unsupported(f"the slot's '{var}': not said to be its latest")
        return bool(said or named)

    def ret_latest_passive(self, items: list[Any]) -> Clause:
        """"Once the critic approves, the latest draft is returned": the
        latest output of the slot (or of the one slot the local holds)."""
        owner = next((i for i in items if _is_name(i)), None)
        if owner is None:
            (var,) = self._tokens(items, "VAR")
            (name,) = self._names(var) or ("",)
            owner = self.lex.holds.get(name) or self.lex.gathers.get(name)
            if owner is None:
                raise Unsupported(f"'{var}': a local that holds no one slot's results")
        if owner in (OTHER, ITS):
            raise Unsupported("a returned output of no named slot")
        if not self._latest(items, owner):
            raise Unsupported("a returned output not said to be the latest")
        return self._returning(items, Need(FromSlot(owner), latest=True))

    def _raw(self, items: list[Any], need: Need) -> Need:
        """"The readers' raw output": their results as they came."""
        if not self._tokens(items, "ORIGINAL"):
            return need
        if self._tokens(items, "ALWAYS") or self._tokens(items, "IF_ANY") or any(isinstance(i, When) for i in items):
            raise Unsupported("a raw output said with a path or 'always'")
        return replace(need, raw=True)

    def _returning(self, items: list[Any], need: Need, *, always: bool = False) -> Clause:
        """A return of ``need`` on the path the clause names: every return,
        or those reached where the approver did not approve ("when the
        pattern blocks")."""
        when = next((i for i in items if isinstance(i, When)), None)
        if self._tokens(items, "WINNING") or self._tokens(items, "SUCCESS"):
            # "the winning result is a candidate's output": the result the
            # pattern returns on success
            if when is not None and when.path != "success":
                raise Unsupported("a winning result on another path than success")
            when = When(None, "success")
        always = always or bool(self._tokens(items, "ALWAYS"))
        present = bool(self._tokens(items, "IF_ANY"))
        # "returned at once": only the branch of an approval says when
        immediate = bool(self._tokens(items, "IMMEDIATELY"))
        if present and (always or when is not None or need.field is None):
            raise Unsupported("'if any' with 'always' or a path")
        if immediate and (when is None or when.path not in ("accept", "says", "success", "threshold")):
            raise Unsupported("'at once' on a path other than an approval's or the success's")
        if when is not None:
            if always and when.path != "blocked":
                raise Unsupported("'always' on one path")
            claim = Returns(when.path, (need,), approver=when.approver, immediate=immediate, word=when.word)
            return Clause(None, lambda s: [claim])
        return Clause(None, lambda s: [Returns("all", (need,), always=always, present=present)])

    def _returned_noun(self, items: list[Any]) -> str:
        """The returned key "the returned opinion" names: the noun itself
        when the pattern returns a key so named, else ``result``."""
        nouns = [str(t).replace(" ", "_") for t in self._tokens(items, "OUTPUT")]
        if nouns and nouns[0] in self.lex.returned_keys:
            return nouns[0]
        finals = [str(t) for t in self._tokens(items, "FINAL")]
        if nouns and finals and f"{finals[0]}_{nouns[0]}" in self.lex.returned_keys:
            # "the final critique returned", for the key `final_critique`
            return f"{finals[0]}_{nouns[0]}"
        if self.lex.returned_keys and "result" not in self.lex.returned_keys:
            raise Unsupported("the returned result, where the pattern returns no `result`")
        return "result"

    def ret_key(self, items: list[Any]) -> ReturnKey:
        words = [t for t in items[1:] if isinstance(t, Token) and t.type in ("WORD", "CONTAINER")]
        said = str(items[0]).replace(" ", "_")
        if words and f"{said}_{str(words[0]).lower()}" in self.lex.returned_keys:
            # "the safety notes", for the key `safety_notes`: the words
            # spell the key, though the first also names a local
            return ReturnKey(f"{said}_{str(words[0]).lower()}")
        if words and str(words[0]).lower() not in VALUE_NOUNS and not _described_key(said, str(words[0]).lower()):
            raise Unsupported(f"'{words[0]}' after a returned key: not a word for its value")
        if said in self.lex.returned_keys and said in self._names(items[0]) and self._one_makers(said):
            # "the readings returned", for the key `readings`: the key by its
            # own name, though the word also names another local ("reading"),
            # where the local of that name holds one slot's results and
            # nothing else (a list of records built around them may hold
            # other things too)
            return ReturnKey(said)
        name = self._name(items[0])
        if name not in self.lex.returned_keys and said in self.lex.returned_keys:
            # "the score handed back", for the key `score` holding a local
            # `current_score`: the key as the sentence says it
            name = said
        if name not in self.lex.returned_keys:
            # "the reviews returned", said of a local `review`: the returned
            # key is named only where the pattern returns it under that name
            raise Unsupported("a returned key the pattern does not return")
        return ReturnKey(name)

    def ret_key_final(self, items: list[Any]) -> ReturnKey:
        """"The final cut", for the key `final_cut`: the word and its noun,
        where the pattern returns a key so named."""
        final, noun = (str(t).lower().replace(" ", "_") for t in items)
        name = f"{final}_{noun}"
        if name not in self.lex.returned_keys:
            raise Unsupported(f"'{final} {noun}': no key the pattern returns")
        return ReturnKey(name)

    def _one_makers(self, name: str) -> bool:
        lex = self.lex
        return name in lex.holds or name in lex.gathers or name in lex.collects

    def ret_key_from(self, items: list[Any]) -> Clause:
        self._not_from(items)
        self._the_one(items)
        owner = self._named_owner(items, "field")
        key = next(i for i in items if isinstance(i, ReturnKey)).name
        return self._returning(items, self._raw(items, Need(FromSlot(owner), key, latest=self._latest(items, owner))))

    def _whatever(self, items: list[Any]) -> None:
        """"Whether or not it approves": both ways, so every path; "even
        when the producer rejects" only after "always" (alone it says the
        refusal's path)."""
        (said,) = [str(t).lower() for t in self._tokens(items, "REGARDLESS")]
        if said not in ("whether or not", "regardless of whether") and not self._tokens(items, "ALWAYS"):
            raise Unsupported(f"'{said}' without 'always': the one path it names")

    def ret_key_from_whatever(self, items: list[Any]) -> Clause:
        self._whatever(items)
        self._the_one(items)
        owner = self._named_owner(items, "field")
        key = next(i for i in items if isinstance(i, ReturnKey)).name
        need = self._raw(items, Need(FromSlot(owner), key, latest=self._latest(items, owner)))
        return self._returning(items, need, always=True)

    def ret_from_whatever(self, items: list[Any]) -> Clause:
        self._whatever(items)
        self._the_one(items)
        owner = self._named_owner(items, "output")
        need = self._raw(items, Need(FromSlot(owner), self._returned_noun(items), latest=self._latest(items, owner)))
        return self._returning(items, need, always=True)

    def ret_key_input(self, items: list[Any]) -> Clause:
        """"The result returned is the original task brief": the input as
        given, under that key."""
        key = self._key_said(items)
        name = self._name(self._tokens(items, "INPUT")[0])
        return self._returning(items, Need(FromInput(name), key))

    def ret_key_returned_from(self, items: list[Any]) -> Clause:
        """"profile_a is returned straight from the measurement": it comes
        from that slot."""
        if any(str(t).lower() != "straight" for t in self._tokens(items, "WORD")):
            raise Unsupported("a word between 'returned' and 'from' that is not 'straight'")
        owner = self._named_owner(items, "field")
        return self._returning(items, Need(FromSlot(owner), self._key_said(items)))

    def ret_complete(self, items: list[Any]) -> Clause:
        var = self._name(self._tokens(items, "VAR")[0])
        return Clause(None, lambda s: [Returns("all", (Need(FromVar(var), "result"),), complete=var)])

    def ret_var(self, items: list[Any]) -> Clause:
        var = self._name(self._tokens(items, "VAR")[0])
        return Clause(None, lambda s: [Returns("all", (Need(FromVar(var), "result"),))])

    def unmerged(self, items: list[Any]) -> Clause:
        objs = [o for group in self._objs(items) for o in group]
        sides = tuple(sorted({o.owner for o in objs if o.owner not in (None, OTHER, ITS)} or self.lex.slots))
        return Clause(None, lambda s: [Unmerged(sides)])

    def unmerged_passive(self, items: list[Any]) -> Clause:
        """"The minutes and the police alert are never combined", "the
        walkers' notes and the coordinator's briefing are kept apart": two
        slots' results, said whole, which no call or text is given
        together. Not a field of one ("the client's verdict and the
        supplier's tiles"): the claim is of the slots' outputs, and a call
        given another field of one beside the other would break it where
        the words do not."""
        objs = [i for i in items if isinstance(i, Obj)] + [o for group in self._objs(items) for o in group]
        if len(objs) != 2 or any(o.owner not in self.lex.slots or o.what not in ("output", "every") or o.fields for o in objs):
            raise Unsupported("what is never combined, other than two slots' results said whole")
        owners = tuple(sorted({o.owner for o in objs if o.owner is not None}))
        if len(owners) != 2:
            raise Unsupported("what is never combined, of one slot")
        return Clause(None, lambda s: [Unmerged(owners, held=True)])

    def relay(self, items: list[Any]) -> Clause:
        who = next(i for i in items if isinstance(i, tuple))
        slot = who[0]
        return Clause(None, lambda s: [Unchanged(Calls(slot, phase="later"), FromSlot(slot, age="prior"))])
