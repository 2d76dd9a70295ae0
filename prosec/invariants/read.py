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

import itertools
import re
import threading
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import cache
from importlib.resources import files
from typing import Any, Literal

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput, VisitError
from lark.lexer import Lexer
from lark.visitors import CollapseAmbiguities, Transformer

from .claims import (
    AnyResult,
    Bounded,
    CallCount,
    Calls,
    Claim,
    Denied,
    ExactlyOnce,
    FailSafe,
    Firewall,
    FromField,
    FromInput,
    FromOthers,
    FromSlot,
    FromVar,
    Gated,
    Identical,
    Isolation,
    Monotonic,
    Need,
    Null,
    Ordered,
    OtherElements,
    Phase,
    Receives,
    ReturnPath,
    Returns,
    ReturnsField,
    Source,
    Unaware,
    Unchanged,
    Unmerged,
    Unverifiable,
)
from .lexicon import FILLER_WORDS, GENERIC_ROLES, Lexicon, plural, singular, words_of
from .tables import load as load_tables
from .words import EVIDENCE_VERBS, FILLERS, KINDS, PRODUCTS, VALUE_NOUNS, phrase_table

#: At most this many token sequences and this many trees per sequence are
#: tried; a sentence with more readings than that is not read.
MAX_VARIANTS = 64
MAX_TREES = 64

#: Words that say nothing about the hidden fact in "X does not know <fact>".
_HIDDEN_STOP = frozenset(
    "a an the it its it's is are was were be been being will would shall can could may "
    "might must has have had do does did that this these those of on to in at by for with "
    "against from about as part their his her own they them there any all each one "
    "other another who whom which what when whether if than then so and or "
    "someone somebody anyone anybody everyone everybody something being going after before rest elsewhere "
    # words of how often or whether something happens, which any prompt may
    # say ("run the checks", "three times"): no word of a hidden fact
    "run runs ran running called calls calling used uses using exists exist existing several many "
    "times once twice again more".split()
)


#: Verbs of telling: "nothing tells the slot that ..." is that it is not told.
_TELLS = frozenset("tells warns alerts".split())

#: Verbs of bias: what a delegate is said not to favour is what it judges,
#: not something kept from it ("without favouring the chef's flavours")
#: Verbs the reader does not know that say where information goes, how
#: calls run or relate, or what lets a call run: never read as a delegate's
#: own behaviour (by their stems).
_FLOW_STEMS = (
    "wait", "preced", "repeat", "rerun", "retr", "invok", "ask", "tell", "echo", "quot", "reus", "overrid",
    "veto", "trust", "defer", "escalat", "sign", "notif", "publish", "email", "mail", "drop", "cop", "contact",
    "messag", "report", "submit", "return", "output", "emit", "disclos", "shar", "mirror", "inherit", "borrow",
    "gather", "collect", "accumul", "append", "stor", "sav", "record", "log", "forg", "remember", "recall",
    "read", "see", "hear", "skim", "receiv", "get", "obtain", "fetch", "pull", "push", "send", "pass", "forward",
    "relay", "leak", "reveal", "show", "hand", "give", "feed", "suppl", "provid", "consult", "quer", "request",
    "call", "run", "start", "stop", "halt", "end", "finish", "block", "gate", "approv", "reject", "refus",
    "accept", "allow", "permit", "let", "follow", "lead", "trigger", "launch", "spawn", "loop", "iterat",
    "cycl", "merg", "combin", "aggregat", "pool", "inform", "learn", "know", "hid", "withh", "keep", "kept",
    "talk", "speak", "spoke", "listen", "meet", "coordinat", "collaborat", "compar", "vot", "wins", "win",
    "lose", "los", "override", "replac", "overwrit", "reset", "clear", "delet", "remov", "add", "grow", "shrink",
    "access", "reach", "depend", "rel", "us", "exchang", "respond", "repl", "answer", "nam", "mention", "cit",
    # seeing: "peeks at", "glances over", "looks at" (but "looks for" is searching)
    "look", "peek", "peep", "glanc", "snoop", "overhear", "view", "watch", "inspect", "examin", "scan",
    "brows", "consult", "check", "study", "studi", "open", "skim", "spot",
)
#: Kinds free text after such a verb may hold: plain words and prepositions.
_PLAIN = frozenset("WORD FOR OF ON IN TO AND OR WITH AS BY ABOUT AGAINST AT".split())
#: Plain words that still say how calls run or relate.
_ORDER_WORDS = frozenset(
    "first second third fourth last next then later earlier once twice thrice again alone together "
    "simultaneously concurrently parallel sequentially serially afterwards beforehand meanwhile turn turns "
    "round rounds time times attempt attempts step steps each every all both".split()
)

#: Plain words that say how a slot's calls run: never its own behaviour.
_HOW_CALLS_RUN = frozenset(
    "parallel simultaneously concurrently sequentially serially together once twice thrice again".split()
)

_BIAS = frozenset("favour favours favouring favor favors favoring flatter flatters flattering".split())

#: Word kinds after which a name in a hidden fact is not what the fact is
#: about: a circumstance after a preposition ("weighed against the
#: proposal"), the owner's own thing after a possessive ("its review"), a
#: verb after an auxiliary ("a judge will grade it", with a local `grade`).
#: Nouns for any slot at all, in an exception ("no slot except the underwriter")
_EVERY_SLOT = frozenset(
    "slot slots delegate delegates service services role roles agent agents participant participants party parties".split()
)

_NOT_TOPIC = frozenset("AGAINST TO FROM WITH OF ON BY FOR ABOUT IN AT OVER ACROSS ITS POSS OWN AUX".split())

#: Verbs by which a slot named in a hidden fact acts on the pattern's data
#: ("that a validator will check the cleaned data")
_ACTION_KINDS = frozenset("EVALUATE BEHAVE RUN CALLED APPROVE BLOCK SEE MERGE HANDLED GIVE".split())


# ---------------------------------------------------------------- tokens


@dataclass(frozen=True, slots=True)
class Tok:
    """One token of a sentence: its kind (a grammar terminal), its words,
    and for a name the pattern's names it stands for."""

    kind: str
    text: str
    names: tuple[str, ...] = ()
    #: an article stood before it ("the proposal": a thing, not a verb)
    article: bool = False


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


_TOKEN = re.compile(r"`[^`]+`|'s\b|(?<=s)'(?=\s|$|[,;:])|[A-Za-z0-9_]+|[,;:]|[<>=!]=|[<>]")
_DASHES = re.compile("\\s+(?:\u2014|\u2013|--|-)\\s+|\u2014|\u2013")
_COMPOUND = re.compile(r"(?<=[A-Za-z])-(?=[A-Za-z])")
_CONTRACTIONS = (
    (re.compile(r"\bcan't\b|\bcan not\b", re.I), "cannot"),
    (re.compile(r"\bwon't\b", re.I), "will not"),
    (re.compile(r"\bshan't\b", re.I), "shall not"),
    (re.compile(r"\b(\w+)n't\b", re.I), r"\1 not"),
)


def normalize(text: str) -> str:
    """Quotes straightened, dashes made clause breaks, contractions opened,
    hyphenated compounds joined (``self-assessment`` → ``self_assessment``)."""
    s = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
    s = s.replace("\u2192", " to ").replace("->", " to ")
    for pattern, repl in _CONTRACTIONS:
        s = pattern.sub(repl, s)
    s = _COMPOUND.sub("_", s)
    s = _DASHES.sub(" ; ", s)
    return " ".join(s.split()).strip().rstrip(".!").strip()


def words(text: str) -> list[str]:
    """The sentence's words, as the tokenizer sees them (fillers included)."""
    return _TOKEN.findall(normalize(text))


@cache
def _phrases() -> tuple[dict[tuple[str, ...], tuple[str, ...]], int]:
    table = phrase_table()
    return table, max(len(k) for k in table)


def _name_kind(kind: str) -> str:
    return {"slot": "SLOT", "input": "INPUT", "var": "VAR", "all": "ROLE"}[kind]


def lattice(text: str, lex: Lexicon) -> list[list[Tok]]:
    """The sentence as a list of positions, each with its possible tokens.

    At each position the longest name or phrase wins; a pattern's exact name
    is only that name, while a word that is also a field key, or a name
    known only by an alias, keeps its other kinds too.
    """
    raw = words(text)
    low = [w.lower() for w in raw]
    phrases, longest = _phrases()
    max_name = max((len(k) for k in lex.forms), default=1)
    out: list[list[Tok]] = []
    articles: set[int] = set()  # positions an article stood before
    i = 0
    while i < len(low):
        word = low[i]
        after_poss = bool(out) and (
            out[-1][0].kind in ("POSS", "ITS")
            # ("the actor's reasoning nor its self-assessment": "its" opens
            # a possessive of its own)
            or (_in_field_list(out) and not {"AND", "OR", "NOR", "ITS"} & set(phrases.get((word,), ())))
            # "the technicians' raw readings": the noun after "raw" is the
            # possessive's, as right after it
            or _raw_after_poss(out)
        )
        if word.startswith("`"):
            tok = _backticked(raw[i].strip("`"), lex)
            if tok.kind == "WORD" and tok.text in lex.call_keys and out and any(t.kind == "SAME" for t in out[-1]):
                tok = Tok("FIELD", tok.text, (tok.text,))  # "the same `fallback_brief`": a call's key
            out.append([_owned(tok.text, lex, phrases) if after_poss and tok.kind != "SLOT" else tok])
            i += 1
            continue
        if (
            after_poss and out[-1][0].kind == "POSS" and len(out) > 1 and all(t.kind == "INPUT" for t in out[-2])
            and (word in VALUE_NOUNS or word in _WHO_NOUNS) and word not in lex.key_forms and word not in lex.declared_keys
        ):
            # "the author's name", "the traveller's details": the input itself
            out.pop()
            i += 1
            continue
        if (
            after_poss and out[-1][0].kind == "POSS" and len(out) > 1 and all(t.kind == "INPUT" for t in out[-2])
            and word == "raw" and i + 1 < len(low) and low[i + 1] in VALUE_NOUNS
            and low[i + 1] not in lex.key_forms and low[i + 1] not in lex.declared_keys
        ):
            # "candidate A's raw configuration": the input itself, as given
            # (read as "candidate A raw", like "the raw chunks")
            out[-1] = [Tok("ORIGINAL", word)]
            i += 2
            continue
        if (listed := _list_of_key(low, i, lex, phrases)) is not None:
            # "the validator's list of problems", "the list of defects": a
            # key a slot declares, named as a list of it
            n, key = listed
            out.append([Tok("FIELD", " ".join(low[i : i + n]), (key,))])
            i += n
            continue
        if after_poss and (joined := _field_run(low, i, lex)):
            n, key = joined
            out.append([Tok("FIELD", " ".join(low[i : i + n]), (key,))])
            i += n
            continue
        if out and out[-1][0].kind == "FIELD" and len(out[-1]) == 1 and word in VALUE_NOUNS and (word,) not in lex.forms:
            # "the budgeter's overage figure": the field, in a word for its value
            i += 1
            continue
        if (field_tok := next((t for t in out[-1] if t.kind == "FIELD"), None) if out else None) and _key_noun(field_tok, word, lex, phrases):
            # "the damage notes" of a key `damage`, where the pattern's own
            # text says "damage notes": the field, in the pattern's noun for it
            out[-1] = [field_tok]
            i += 1
            continue
        letter = _letter(raw[i].lower(), low, lex) if len(raw[i]) == 1 and raw[i] in "ABCD" and i > 0 else None
        if letter is not None:
            out.append([Tok("INPUT", word, (letter,))])
            i += 1
            continue
        if word in FILLERS and not _phrase_at(low, i, phrases, longest) and (word,) not in lex.forms:
            if word in ("the", "a", "an"):
                articles.add(len(out))
            i += 1
            continue
        if out and any(t.kind == "SAME" for t in out[-1]) and (keyed := _call_key_at(low, i, lex)) is not None:
            # "every delegate receives the same fallback brief", of
            # `fallback_brief: task_brief`: the argument under that key
            n, key = keyed
            out.append([Tok("FIELD", " ".join(low[i : i + n]), (key,))])
            i += n
            continue
        if (
            not after_poss
            and (joined := _field_run(low, i, lex)) is not None
            and not any(tuple(low[i : i + k]) in lex.forms for k in range(1, joined[0] + 1))
            and _phrase_at(low, i, phrases, longest) < joined[0]
            and (joined[1] not in lex.returned_keys or not _phrase_at(low, i, phrases, longest))
        ):
            # "the peak stage" of a key `peak_stage`: the key spelled out,
            # not the key `peak` and a noun for it (a returned key whose
            # first word the reader knows is read where returns are: "the
            # final critique is the critic's")
            n, key = joined
            out.append([Tok("FIELD", " ".join(low[i : i + n]), (key,))])
            i += n
            continue
        name: tuple[int, int, str, tuple[str, ...]] | None = None  # (len, priority, kind, names)
        for n in range(min(max_name + 2, len(low) - i), 0, -1):  # an owner and its "'s" before a name
            span = tuple(low[i : i + n])
            found = lex.forms.get(span)
            if found is None and n > 2 and span[1] in ("'s", "'") and span[-1] not in ("'s", "'", *_WHOLE):
                # "the buyer's budget" for the input `buyer_budget`
                found = lex.forms.get((span[0], *span[2:]))
                if found is not None and found[1].kind == "slot":
                    found = None
                if found is None and _owner_word(span[0], lex, phrases):
                    # "the patient's insurance ID" for the input
                    # `insurance_id`: an owner the pattern has no name for
                    # says whose input it is
                    found = lex.forms.get(span[2:])
                    if found is not None and found[1].kind != "input":
                        found = None
            if found is not None:
                name = (n, found[0], _name_kind(found[1].kind), found[1].names)
                break
        if name is None and out and (heads := _original_input(word, out[-1], lex, phrases)) is not None:
            # "the original brief", where `task_brief` is the one input so
            # ending (a local `current_brief` and a key `adjusted_brief`
            # share the word, but neither is as the caller gave it)
            out.append([Tok("INPUT", word, heads)])
            i += 1
            continue
        if name is None and (part := _name_part(low, i, lex, phrases)) is not None:
            # "the blend comments" of `blend_assessor`'s `{ score, comments }`,
            # "the hull findings" of `hull_inspector`: a word of one slot's
            # name before a key it declares or a noun for its whole result
            out.append([Tok("SLOT", word, (part,))])
            i += 1
            continue
        if name is None and out and any(t.kind in _DISTRIBUTIVE for t in out[-1]) and word.isalpha():
            # "neither forecaster", "each tester": one of the slots whose
            # names end in that head, each of them in turn
            found = lex.forms.get((plural(word),))
            if found is not None and found[1].kind == "slot" and len(found[1].names) > 1 and found[0] == 1:
                name = (1, found[0], "SLOT", found[1].names)
        following = low[i + 1] if i + 1 < len(low) else ""
        if name is None and ("^" + word,) in lex.forms and (not re.fullmatch(r"[a-z0-9_]+", following or ".") or following in VALUE_NOUNS):
            priority, entity = lex.forms[("^" + word,)]
            name = (1, priority, _name_kind(entity.kind), entity.names)
        phrase_len = _phrase_at(low, i, phrases, longest)
        owned = after_poss and (name is None or (name[0] == 1 and name[2] != "SLOT")) and phrase_len <= 1
        if owned and name is not None and out[-1][0].kind in ("CURRENT", "PRIOR"):
            owned = False  # "the designer's last draft", of a local `draft`: the local, read as before
        if owned and name is not None and out[-1][0].kind != "POSS" and low[i - 1] in ("the", "a", "an"):
            owned = False  # "every screener's score and the bar": a name after an article is its own
        if owned and out[-1][0].kind not in ("POSS", "ITS") and set(phrases.get((word,), ())) & _CLAUSE_WORDS:
            owned = False
        if owned and not set(phrases.get((word,), ())) & _MODIFIERS:
            # "the executor's work", "the actor's reasoning": the owner's
            # result or a field of it, not the pattern's local `work`; after
            # "its", a local may still be meant ("with its critique")
            poss = out[-2] if len(out) > 1 and out[-1][0].kind == "POSS" else out[-3] if _raw_after_poss(out) else []
            owners = {n for t in poss for n in t.names if t.kind == "SLOT"}
            if owners and name is None and (noun := _modified_result(low, i, owners, lex, phrases)):
                # "the sync analyst's drift report", "the synthesizer's
                # merged answer": words before a noun for the whole result
                out.append([Tok("OUTPUT", low[noun])])
                i = noun + 1
                continue
            if owners and name is None and (at := _modified_key(low, i, lex, phrases)):
                # "the checker's internal notes", `ensures: { basis, notes }`
                out.append([Tok("FIELD", low[at], (low[at],))])
                i = at + 1
                continue
            if name is not None and name[2] == "VAR" and owners and lex.results.get(name[3][0], frozenset()) == owners:
                # "the translator's draft" for `let draft = call translator`
                toks = [Tok("OUTPUT", word)]
            elif (
                name is not None and name[2] == "INPUT" and owners and out[-1][0].kind == "POSS"
                and word not in lex.key_forms and word not in lex.declared_keys
            ):
                # "another delegate's brief", `briefs` an input and no key
                # of that name: the element given to that call
                toks = [Tok("INPUT", word, name[3])]
            else:
                toks = [_owned(word, lex, phrases, owners)]
            if out[-1][0].kind == "ITS" and name is not None:
                toks.append(Tok(name[2], word, name[3]))
            out.append(toks)
            i += 1
            continue
        if name is not None and name[0] >= phrase_len:
            n, priority, kind, names = name
            if kind == "SLOT" and out and [(t.kind, t.names) for t in out[-1]] == [("SLOT", names)]:
                # "each committee member", `for member in committee`: two
                # words in a row for the one slot are one name of it
                i += n
                continue
            toks = [Tok(kind, " ".join(low[i : i + n]), names)]
            before = {x for t in (out[-1] if out else ()) if t.kind == "SLOT" for x in t.names}
            if kind == "VAR" and before and lex.results.get(names[0], frozenset()) == before:
                # "the intake summary" for `let summary = call intake`: the
                # slot's result, named as the program names it
                toks.append(Tok("OUTPUT", " ".join(low[i : i + n])))
            if kind == "INPUT" and i + n < len(low) and low[i + n] in VALUE_NOUNS and (low[i + n],) not in lex.forms:
                # "the policy wording", "the claimant contact details": the
                # input itself, in a word for its value
                out.append(toks)
                i += n + 1
                continue
            if (priority < 4 or kind == "VAR") and n == phrase_len:
                # a local's name is also the word it is ("work", "plan"); a
                # slot's alias ("members" of `ensemble_member`) is not also
                # the calls of no slot in particular
                # "the proposal", a local that holds one slot's results
                # (`let proposal = call proposer`), is that output, not
                # any delegate's result
                toks += [
                    Tok(k, " ".join(low[i : i + n]))
                    for k in phrases[tuple(low[i : i + n])]
                    if not (kind == "SLOT" and k == "ROLENOUN")
                    and not (
                        kind == "VAR" and k == "OUTPUT" and (names[0] in lex.holds or names[0] in lex.collects or names[0] in lex.gathers)
                        and len(out) in articles and low[max(i - 2, 0) : i].count("the") == 1
                    )
                    # "an earlier critique", of a local `last_critique`: what
                    # the program keeps under that name from round to
                    # round, not any delegate's earlier result
                    and not (kind == "VAR" and k == "OUTPUT" and bool(out) and [t.kind for t in out[-1]] == ["PRIOR"])
                ]
            if n == 1 and kind != "SLOT" and word in lex.acts:
                toks.append(Tok("ACT", word, (lex.acts[word],)))  # "is merged", of a local `merged`
            out.append(toks)
            i += n
            continue
        if (not phrase_len or (phrase_len == 1 and not _known(word, phrases))) and _drops_before_name(low, i, lex, phrases):
            # "the individual reviews", "both diagnostic profiles" (the
            # pattern's own words): a modifier that says nothing of which
            i += 1
            continue
        toks = []
        n = max(phrase_len, 1)
        if phrase_len:
            toks = [Tok(k, " ".join(low[i : i + n])) for k in phrases[tuple(low[i : i + n])]]
        elif word.isdigit():
            toks = [Tok("NUM", word)]
        elif word in _PUNCT:
            toks = [Tok(_PUNCT[word], word)]
        elif word in GENERIC_ROLES and out and any(t.kind == "SLOT" for t in out[-1]):
            toks = [Tok("ROLENOUN", word)]  # "the antithesis service"
        elif word in GENERIC_ROLES:
            toks = [Tok("ROLE", word, tuple(sorted(lex.slots)))]
        if n == 1 and word in lex.key_forms and (
            not phrase_len
            or (word in lex.returned_keys and _by_return(low, i, phrases))
            # "the answers" where the program reads an `answers` field
            # (`draft.answers`): that field, or any result (two meanings)
            or ("OUTPUT" in phrases.get((word,), ()) and lex.key_forms[word] in lex.read_keys)
        ):
            toks.append(Tok("FIELD", word, (lex.key_forms[word],)))
        elif n == 1 and (named_key := _key_by_name(word, following, out, lex)) is not None:
            toks.append(Tok("FIELD", word, (named_key,)))
        elif n == 1 and not phrase_len and word.isalpha() and (named_key := _declared_key(word, lex.declared_by)) is not None:
            # "never the margins", a key only the engineer's `ensures:`
            # declares, which the program does not read: that slot's field
            toks += [Tok("FIELD", word, (named_key,)), Tok("WORD", word)]
        if n == 1 and len(word) >= 6 and word[:6] in lex.stems and word not in lex.key_forms:
            toks.append(Tok("SLOT", word, (lex.stems[word[:6]],)))
        if not toks and out and any(t.kind == "SLOT" for t in out[-1]) and _AGENT.search(word):
            # "the fallback researcher", "the primary agent": a noun for
            # what the slot is, after its name
            toks = [Tok("ROLENOUN", word)]
        if not toks:
            toks = [Tok("WORD", word)]
        elif n == 1 and not phrase_len and all(t.kind in ("FIELD", "SLOT") for t in toks):
            toks.append(Tok("WORD", word))
        if n == 1 and word in lex.acts:
            # "the change is merged": what the merger does
            toks.append(Tok("ACT", word, (lex.acts[word],)))
        if after_poss and any(t.kind == "APPROVAL" for t in toks) and out[-1][0].kind == "POSS":
            # "the safety officer's sign-off", `ensures: a sign-off`: its
            # approval, or its whole result
            owners = {n for t in (out[-2] if len(out) > 1 else ()) for n in t.names if t.kind == "SLOT"}
            if owners and all(word in lex.products.get(o, ()) for o in owners):
                toks.append(Tok("OUTPUT", word))
        if n == 1 and word in lex.verdicts:
            # "when the arbiter aborts", "on abort": a decision word the
            # program tests (`if decision says abort`)
            toks.append(Tok("VERDICT", word, (lex.verdicts[word],)))
        out.append(toks)
        i += n
    return [[replace(t, article=True) for t in _noun(pos)] if k in articles else pos for k, pos in enumerate(out)]



#: Determiners that take one thing at a time: "neither forecaster", "each
#: tester" name each of the slots a shared head word stands for.
_DISTRIBUTIVE = frozenset("EVERY NEITHER NO EITHER".split())

#: Verbs of what a delegate does: after an article ("not the score") the
#: word is a noun, never the verb (nor, then, a behaviour of the same word).
_VERBS = frozenset("EVALUATE DECIDE RUN MERGE".split())


#: Kinds of a noun the pattern names or a word for a result.
_NOUNS = frozenset("OUTPUT FIELD VAR INPUT SLOT".split())


def _call_key_at(low: list[str], i: int, lex: Lexicon) -> tuple[int, str] | None:
    """The longest run of words at ``i`` that spells a key calls pass values
    under (its last word singular or plural), and no name of the pattern."""
    named = max((n for n in range(1, len(low) - i + 1) if tuple(low[i : i + n]) in lex.forms), default=0)
    for n in range(min(4, len(low) - i), named, -1):
        span = low[i : i + n]
        if not all(w.replace("_", "").isalpha() for w in span):
            continue
        for last in dict.fromkeys((span[-1], singular(span[-1]), plural(span[-1]))):
            key = "_".join((*span[:-1], last))
            if key in lex.call_keys:
                return n, key
    return None


def _noun(pos: list[Tok]) -> list[Tok]:
    if any(t.kind == "BEHAVE" for t in pos) and any(t.kind in _NOUNS for t in pos):
        # "never the answers or the theme notes": after an article, a word
        # that is also a noun of the pattern is that noun
        return [t for t in pos if t.kind != "BEHAVE"]
    if not any(t.kind in _VERBS for t in pos):
        return pos
    kept = [t for t in pos if t.kind not in _VERBS and t.kind != "BEHAVE"]
    return kept or [Tok("WORD", pos[0].text)]


def _list_of_key(low: list[str], i: int, lex: Lexicon, phrases: dict[tuple[str, ...], tuple[str, ...]]) -> tuple[int, str] | None:
    """A word for a list, "of", and the words of a key a slot declares
    ("list of problems", "list of unmet criteria" of `unmet_criteria`): how
    many words, and the key."""
    if i + 2 >= len(low) or "CONTAINER" not in phrases.get((low[i],), ()) or low[i + 1] != "of":
        return None
    for n in range(min(3, len(low) - i - 2), 0, -1):
        ws = low[i + 2 : i + 2 + n]
        for key in ("_".join(ws), "_".join([*ws[:-1], plural(ws[-1])])):
            if key in lex.declared_keys:
                return n + 2, key
    return None


def _raw_after_poss(out: list[list[Tok]]) -> bool:
    """Whether the sentence so far ends in a slot's possessive and "raw"
    ("the spotters' raw"): what a slot produced, as it produced it; or a
    word for its latest ("the planner's most recent", "the vendor's
    latest"): the noun after it is the one output of the slot's latest call."""
    return (
        len(out) > 2
        and (
            [(t.kind, t.text) for t in out[-1]] == [("ORIGINAL", "raw")]
            or [(t.kind, t.text) for t in out[-1]] in ([("CURRENT", w)] for w in LATEST_WORDS)
            or [(t.kind, t.text) for t in out[-1]] == [("PRIOR", "last")]
        )
        and out[-2][0].kind == "POSS"
        and any(t.kind == "SLOT" for t in out[-3])
    )


#: Words for a slot's latest output ("the designer's last draft" too).
LATEST_WORDS = ("latest", "current", "most recent", "newest")


def _key_by_name(word: str, following: str, out: list[list[Tok]], lex: Lexicon) -> str | None:
    """A key a slot declares, said with that slot: before "of" ("the
    comments of the blend assessor"), after the slot's name ("the blend
    assessor comments") or after a local that holds its every result ("the
    inspection summary", `let inspection = call inspector`)."""
    if following == "of":
        return _declared_key(word, lex.declared_keys)
    for t in out[-1] if out else ():
        slots = t.names if t.kind == "SLOT" else _held(t.names, lex) if t.kind == "VAR" else ()
        if slots and (key := _declared_key(word, _keys_of(slots, lex))) is not None:
            return key
    return None


def _held(names: Iterable[str], lex: Lexicon) -> tuple[str, ...]:
    """The slot whose every result the one local named holds, if any."""
    names = tuple(names)
    return (lex.holds[names[0]],) if len(names) == 1 and names[0] in lex.holds else ()


def _keys_of(slots: Iterable[str], lex: Lexicon) -> frozenset[str]:
    """The keys every one of these slots' `ensures:` declares."""
    sets = [lex.slot_keys.get(s, frozenset()) for s in slots]
    return frozenset.intersection(*sets) if sets else frozenset()


def _declared_key(word: str, keys: Collection[str]) -> str | None:
    """The key among ``keys`` a word names: the key itself, or the singular
    of a plural key ("defect" of `defects`). The plural of a singular key
    is not taken: "the blend scores" of `{ score, comments }` may be the
    `score` fields or the assessor's results, each a score."""
    for key in (word, plural(word)):
        if key in keys:
            return key
    return None


def _name_part(low: list[str], i: int, lex: Lexicon, phrases: dict[tuple[str, ...], tuple[str, ...]]) -> str | None:
    """A word of one slot's name, not its last, before a key that slot's
    `ensures:` declares or a noun for a whole result ("the blend comments",
    "the hull findings"): that slot. The word names nothing else of the
    pattern (no other name has it, no key the program reads or a slot
    declares is so called), and the noun after it is no name of its own."""
    word = low[i]
    if i + 1 >= len(low) or not word.isalpha() or (word,) in lex.forms:
        return None
    key = lex.key_forms.get(word)
    if word in lex.declared_keys or (key is not None and (key in lex.read_keys or key in lex.declared_keys)):
        return None
    owners = [s for s in lex.slots if word in words_of(s)[:-1]]
    # (a local that holds only that slot's results may share the word:
    # `blend_check` of `let blend_check = call blend_assessor`)
    others = [n for n in (*lex.inputs, *lex.variables) if word in words_of(n) and lex.results.get(n) != frozenset(owners)]
    if len(owners) != 1 or others or (word[:6] in lex.stems and lex.stems[word[:6]] != owners[0]):
        return None
    after = low[i + 1]
    if (after,) in lex.forms or (i + 2 < len(low) and low[i + 2] in ("'s", "'")):
        return None
    if _declared_key(after, lex.slot_keys.get(owners[0], frozenset())) is None and "OUTPUT" not in phrases.get((after,), ()):
        return None
    return owners[0]


#: Words for a value as the caller gave it (not "raw", which of a slot's
#: result means as the slot produced it)
_AS_GIVEN = frozenset("original initial unmodified unaltered untouched pristine".split())


def _original_input(word: str, before: list[Tok], lex: Lexicon, phrases: dict[tuple[str, ...], tuple[str, ...]]) -> tuple[str, ...] | None:
    """After "original", a word no name of the pattern is, that is the last
    word of exactly one input's name and of no other list input's (its
    singular or plural too): that input. No key is so called."""
    if not any(t.kind == "ORIGINAL" and t.text in _AS_GIVEN for t in before) or not word.isalpha():
        return None
    if (word,) in lex.forms or _known(word, phrases) or word in lex.key_forms or word in lex.declared_keys:
        return None
    forms = {word, singular(word), plural(word)}
    heads = tuple(sorted(n for n in lex.inputs if words_of(n)[-1] in forms))
    return heads if len(heads) == 1 else None


def _key_noun(field: Tok, word: str, lex: Lexicon, phrases: dict[tuple[str, ...], tuple[str, ...]]) -> bool:
    """Whether a plain noun after a field is the pattern's own noun for it:
    its text puts that noun right after the key's word ("damage notes" of a
    key `damage`), and the noun names nothing else of the pattern."""
    if len(field.names) != 1 or not word.isalpha() or _known(word, phrases) or lex.forms.get((word,), (1,))[0] > 1:
        # (a name's head word alone, "notes" of `donor_notes`, does not
        # outweigh the pattern's own "damage notes")
        return False
    if word in lex.key_forms or word in lex.declared_keys or word in FILLER_WORDS:
        return False
    last = field.text.split()[-1]
    return any((w, n) in lex.bigrams for w in (last, singular(last), plural(last)) for n in (word, singular(word), plural(word)))


def _owner_word(word: str, lex: Lexicon, phrases: dict[tuple[str, ...], tuple[str, ...]]) -> bool:
    """Whether a possessive's owner is a plain word: no name of the pattern
    (nor a slot's stem), no word the reader knows ("the other's")."""
    return (
        word.isalpha()
        and (word,) not in lex.forms
        and (word,) not in phrases
        and word not in lex.key_forms
        and word[:6] not in lex.stems
        and not any(word in words_of(n) for n in (*lex.slots, *lex.inputs, *lex.variables))
    )


def _in_field_list(out: list[list[Tok]]) -> bool:
    """Whether the next word goes on a list of fields: "the grader's score,
    notes and reason", "its score, notes, and reason"."""
    words = ("OR", "AND", "NOR")
    if len(out) > 1 and out[-1][0].kind in (*words, "COMMA") and any(t.kind == "FIELD" for t in out[-2]):
        return True
    return len(out) > 2 and out[-1][0].kind in words and out[-2][0].kind == "COMMA" and any(t.kind == "FIELD" for t in out[-3])


def _by_return(low: list[str], i: int, phrases: dict[tuple[str, ...], tuple[str, ...]]) -> bool:
    """Whether a word stands next to a word for returning ("the reason
    returned", "the returned notes", "the notes handed back") or before
    "field": there, a returned key that is also a listed word ("reason",
    "notes", "results") is the key."""
    before = tuple(low[max(i - 2, 0) : i])
    after = tuple(low[i + 1 : i + 1 + max(len(r) for r in _RETURN_WORDS)])
    if after[:1] == ("field",):
        return True  # "the results field"
    if "OUTPUT" in phrases.get((low[i],), ()):
        return False  # "the returned result" is read as a result already
    return any(before[len(before) - len(r) :] == r or after[: len(r)] == r for r in _RETURN_WORDS)


_RETURN_WORDS = tuple(tuple(p.split()) for p in KINDS["RETURN"])

#: After an input's possessive, words for who or what the input is ("the
#: author's name", "opposing counsel's identity"), when no key is so named.
_WHO_NOUNS = frozenset("name names identity identities".split())

#: Agent nouns ("researcher", "moderators", "specialist"): after a slot's
#: name, what the slot is.
_AGENT = re.compile(r"(?:er|or|ist|ant)s?$")

#: Words that qualify what follows a possessive rather than name it ("its own
#: prior output").
_MODIFIERS = frozenset("OWN PRIOR CURRENT ORIGINAL LATER FIRST FINAL WHOLE SAME EVERY APPROVAL EXPLICITLY DECLARED INPUTS".split())

#: Auxiliaries of ability: "the reader can see X" says it is given X.
_ABLE = frozenset(("can", "gets to", "get to", "is able to", "are able to"))

#: Words that open a new part of a clause ("the budgeter's reason, but never
#: its overage"): after a list of a possessive's fields they are not one more
#: field.
_CLAUSE_WORDS = frozenset("NEVER NOT BUT ONLY NO NONE NOTHING NEITHER EXCEPT WITHOUT EVER ALWAYS AUX BE".split())

#: Nouns that always mean a delegate's whole result, even where the program
#: also has a field of that name.
_WHOLE = frozenset("output outputs result results work answer answers response responses".split())

#: Count words and the number they stand for.
_NUMBERS = {"one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "once": "1", "twice": "2", "thrice": "3", "three times": "3"}

_PUNCT = {",": "COMMA", ";": "SEMI", ":": "COLON", "<": "CMP", ">": "CMP", "<=": "CMP", ">=": "CMP", "==": "CMP", "!=": "CMP"}


def _no_other_name(word: str, lex: Lexicon) -> bool:
    """A noun for a result names nothing else of the pattern (a group of
    locals holding one slot's results, "profiles", is those results)."""
    found = lex.forms.get((word,))
    return found is None or found[1].names in lex.group_holds


def _result_noun(word: str, owners: Collection[str], lex: Lexicon, phrases: dict[tuple[str, ...], tuple[str, ...]]) -> bool:
    """Whether a word after a slot's possessive names its whole result: a
    noun for a result ("output", "report", "draft"), or the noun the slot's
    own `ensures:` calls its result ("ensures: a prediction ..."), and no
    key a slot declares or the program reads."""
    if word in lex.declared_keys:
        return False
    if word in _WHOLE:
        return True
    if word in lex.key_forms:
        return False
    return (
        "OUTPUT" in phrases.get((word,), ())
        or (word in PRODUCTS and _no_other_name(word, lex))
        or (bool(owners) and all(word in lex.products.get(o, ()) for o in owners))
    )


#: Word kinds that say something only where a rule reads them ("the
#: winning result" returned on success): before another noun, plain words.
_PLAIN_KINDS = frozenset({"WINNING"})


def _known(word: str, phrases: dict[tuple[str, ...], tuple[str, ...]]) -> bool:
    """A word the reader knows as a kind that may say which value is meant."""
    return bool(set(phrases.get((word,), ())) - _PLAIN_KINDS)


def _modified_result(
    low: list[str], i: int, owners: Collection[str], lex: Lexicon, phrases: dict[tuple[str, ...], tuple[str, ...]]
) -> int | None:
    """After a slot's possessive, one or two plain words and a noun for its
    whole result ("the readers' raw output" aside: "raw" is a word the
    reader knows): the position of that noun. The words must be no name,
    key or word of the reader, so nothing they say is dropped but how the
    writer describes the one result."""
    j = i
    while j < len(low) and j - i < 2 and low[j].isalpha() and not _known(low[j], phrases) and low[j] not in lex.key_forms:
        if (low[j],) in lex.forms or low[j] in lex.declared_keys or low[j][:6] in lex.stems or _result_noun(low[j], owners, lex, phrases):
            break
        j += 1
    if j == i or j >= len(low) or not _result_noun(low[j], owners, lex, phrases):
        return None
    if not all(_modifies(low[k], low[k + 1], lex) for k in range(i, j)):
        return None  # "the learner's revised answer": another value, maybe
    if j + 1 < len(low) and (low[j + 1] in ("'s", "'") or (low[j + 1].isalpha() and (low[j + 1],) not in phrases)):
        return None  # "the drift report's findings", "the drift report card"
    return j


#: Modifiers that never say which value is meant ("the individual
#: reviews", "the detailed remarks").
MEANING_FREE = frozenset("individual respective actual detailed various".split())


def _modifies(word: str, noun: str, lex: Lexicon) -> bool:
    """Whether a plain word before a noun may be dropped: it is one of the
    meaning-free modifiers, or the pattern's own text puts it before that
    noun ("drift report", "internal notes")."""
    return word in MEANING_FREE or any((word, n) in lex.bigrams for n in (noun, singular(noun), plural(noun)))


def _drops_before_name(low: list[str], i: int, lex: Lexicon, phrases: dict[tuple[str, ...], tuple[str, ...]]) -> bool:
    """A plain word right before a name of the pattern or a key a slot
    declares, that is one of the meaning-free modifiers or that the
    pattern's own text puts before that name's first word ("diagnostic
    profiles" where the prose says "diagnostic profile")."""
    word = low[i]
    if i + 1 >= len(low) or not word.isalpha() or _known(word, phrases) or (word,) in lex.forms or word in lex.key_forms:
        return False
    if word in FILLER_WORDS or word[:6] in lex.stems or word in lex.declared_keys or any(word in k for k in lex.forms):
        return False
    after = low[i + 1]
    named = any(lex.forms.get(tuple(low[i + 1 : i + 1 + n])) for n in range(1, 4)) or after in lex.declared_keys
    return named and _modifies(word, after, lex)


def _modified_key(low: list[str], i: int, lex: Lexicon, phrases: dict[tuple[str, ...], tuple[str, ...]]) -> int | None:
    """After a slot's possessive, one plain word and a key a slot's
    `ensures:` declares ("the checker's internal notes" of `{ basis, notes
    }`): the position of the key."""
    word = low[i]
    if not word.isalpha() or _known(word, phrases) or word in lex.key_forms or word in lex.declared_keys:
        return None
    if (word,) in lex.forms or word[:6] in lex.stems or any(word in k for k in lex.forms):
        return None
    j = i + 1
    if j >= len(low) or low[j] not in lex.declared_keys or not _modifies(word, low[j], lex):
        return None
    if j + 1 < len(low) and (low[j + 1] in ("'s", "'") or (low[j + 1].isalpha() and (low[j + 1],) not in phrases)):
        return None
    return j


def _owned(word: str, lex: Lexicon, phrases: dict[tuple[str, ...], tuple[str, ...]], owners: Collection[str] = ()) -> Tok:
    """A word after a possessive ("the actor's ..."): the owner's whole result
    ("output", or a word for a result that the program reads no field of), or
    one field of it (a key the program reads, or a word prosec has no other
    meaning for: "reasoning", "self-assessment")."""
    # A key a slot declares (`ensures: { questions, answers }`) is that
    # field, even when the word could name a whole result.
    if word in lex.declared_keys:
        return Tok("FIELD", word, (word,))
    if (one := singular(word)) != word and one in lex.declared_keys and word not in lex.key_forms:
        return Tok("FIELD", word, (one,))  # "the bout judges' rationales" of `{ rationale }`
    if (many := plural(word)) != word and many in lex.declared_keys and word not in lex.key_forms:
        return Tok("FIELD", word, (many,))  # "the inspector's defect list" of `{ defects }`
    if word in _WHOLE:
        return Tok("OUTPUT", word)
    if word in lex.key_forms and lex.key_forms[word] in lex.read_keys:
        return Tok("FIELD", word, (lex.key_forms[word],))
    if "OUTPUT" in phrases.get((word,), ()) or (word in PRODUCTS and _no_other_name(word, lex)):
        return Tok("OUTPUT", word)
    if owners and all(word in lex.products.get(o, ()) for o in owners):
        # "every reader's prediction", `ensures: a prediction`; "the
        # coaches' notes", `ensures: notes on passages`, even where the
        # pattern returns an object with a `notes` key it builds itself
        return Tok("OUTPUT", word)
    if word not in lex.key_forms and (singular(word) in KINDS["CONTAINER"] or word in KINDS["CONTAINER"]):
        # "the miners' lists": a word for a list, which the whole result may
        # be, and no key: not read as a field of that name
        return Tok("WORD", word)
    if "FAILURE" in phrases.get((word,), ()) and word not in lex.key_forms:
        # "each other's failures": what failed calls raised, which no field
        # of a result holds
        return Tok("FAILURE", word)
    if owners and all(lex.declares.get(o) for o in owners) and word not in lex.key_forms:
        # "the vendor's quotes", of `{ price, delivery, terms }`: no key the
        # slot declares or the program reads, so its whole result in a word
        # of the writer's, or a field it does not declare? Not read as either
        return Tok("WORD", word)
    if (
        (found := lex.forms.get((word,))) is not None
        and found[1].kind == "input"
        and lex.key_forms.get(word) not in lex.read_keys | lex.declared_keys
    ):
        # "another dancer's role", of an input `roles` the dancers walk: the
        # element the call is given, or a field of its result? Not read as
        # a field no result may have
        return Tok("WORD", word)
    return Tok("FIELD", word, (lex.key_forms.get(word, word),))


def _field_run(low: list[str], i: int, lex: Lexicon) -> tuple[int, str] | None:
    """After a possessive, the longest run of words naming a result key
    ("the writer's notes to self" → ``notes_to_self``)."""
    for n in range(min(4, len(low) - i), 1, -1):
        key = "_".join(low[i : i + n])
        if key in lex.keys or key in lex.key_forms or key in lex.declared_keys:
            return n, lex.key_forms.get(key, key)
        # "the scanners' operator logs" of a declared `operator_log`
        if (one := "_".join([*low[i : i + n - 1], singular(low[i + n - 1])])) in lex.declared_keys:
            return n, one
    return None


def _phrase_at(low: list[str], i: int, phrases: dict[tuple[str, ...], tuple[str, ...]], longest: int) -> int:
    for n in range(min(longest, len(low) - i), 0, -1):
        if tuple(low[i : i + n]) in phrases:
            return n
    return 0


def _backticked(name: str, lex: Lexicon) -> Tok:
    """`name` in code marks: exactly that name of the pattern."""
    if name in lex.slots:
        return Tok("SLOT", name, (name,))
    if name in lex.inputs:
        return Tok("INPUT", name, (name,))
    if name in lex.variables:
        return Tok("VAR", name, (name,))
    if name in lex.keys or name in lex.key_forms.values():
        return Tok("FIELD", name, (name,))
    found = lex.forms.get(tuple(words_of(name)))
    if found is not None:
        return Tok(_name_kind(found[1].kind), name, found[1].names)
    if name.isdigit():
        return Tok("NUM", name)
    if name == "null":
        return Tok("NULL", name)
    return Tok("WORD", name)


def _letter(letter: str, low: list[str], lex: Lexicon) -> str | None:
    """``A`` → the input ``X_a`` whose prefix the sentence also names."""
    candidates = sorted(n for n in lex.inputs if words_of(n)[-1:] == [letter])
    for name in candidates:
        prefix = words_of(name)[:-1]
        if prefix and any(v in low for v in (prefix[-1], prefix[-1] + "s")):
            return name
    return candidates[0] if len(candidates) == 1 else None


def variants(positions: list[list[Tok]]) -> Iterable[list[Tok]]:
    """Every token sequence the positions allow, at most MAX_VARIANTS."""
    return itertools.islice((list(seq) for seq in itertools.product(*positions)), MAX_VARIANTS)


# ---------------------------------------------------------------- parser

#: Kinds that negate or limit: never part of free text.
POLARITY = frozenset(
    "NEVER NOT NO NONE NOTHING NEITHER NOR ONLY EXCEPT BUT WITHOUT UNLESS ATMOST EXACTLY "
    "CAN_NOT WITHHELD UNAWARE MORE_THAN REJECTED UNREADABLE BLOCK REFUSAL DENY REGARDLESS GATED ATALL IF_ANY "
    "PREVENT DENIED SKIPPED HEDGE".split()
)
#: Kinds that say where information goes, or how it arrives ("verbatim",
#: "exactly as given"): never part of a behaviour's free text.
FLOW = frozenset("FROM SEE GIVEN REACH ACCESS INFLUENCE HAVE RELY HANDS ASINPUT UNCHANGED".split())
#: Kinds that say how calls run or relate, which other claims check ("one
#: after another", "independently", "the same brief", "each other's notes"):
#: never part of a behaviour's free text either.
CLAIMED = frozenset("SEQ ORDER INDEP SAME UNCHANGED EACHOTHER ANOTHER OTHER PEER MENTION BOUNDED".split())


class _Lookahead(threading.local):
    """What the parser may still meet: the kind of the token it reads next
    (``None`` at the end) and the kinds of the sentence's words."""

    kind: str | None = None
    kinds: frozenset[str] = frozenset()
    filtered: dict[tuple[Any, str | None], list[Any]]

    def __init__(self) -> None:
        self.filtered = {}


class _Predictions(dict[Any, list[Any]]):
    """lark's Earley predictions, cut down to the rules that can match.

    For each nonterminal lark predicts every rule it can start with; most
    of those items die later, at a scan or for want of a word the sentence
    lacks. Two cuts drop them before they are made, leaving every
    derivation as it was: a rule is kept only when it can begin with the
    next token's kind (or derive the empty string), and when every word
    kind it cannot do without occurs in the sentence.
    """

    def __init__(self, rules: Sequence[Any], predictions: dict[Any, list[Any]], first: dict[Any, set[Any]], nullable: set[Any]) -> None:
        super().__init__(predictions)
        self.next = _Lookahead()
        starts = {rule: _starts(rule.expansion, first, nullable) for rule in rules}
        needs = _needs(rules)
        #: each rule: the kinds it can begin with, whether it can derive the
        #: empty string, and the kinds every derivation of it contains
        self._rules = {rule: (*starts[rule], needs[rule]) for rule in rules}
        #: (symbol, next kind) → the rules that can begin there, in lark's
        #: order, each with the kinds it needs; the same for every sentence
        self._by_kind: dict[tuple[Any, str | None], list[tuple[Any, frozenset[str]]]] = {}

    def expect(self, toks: Sequence[Tok]) -> None:
        """Get ready to parse ``toks``."""
        self.next.kinds = frozenset(t.kind for t in toks)
        self.next.kind = toks[0].kind if toks else None
        self.next.filtered = {}

    def __getitem__(self, symbol: Any) -> list[Any]:
        ahead = self.next
        key = (symbol, ahead.kind)
        found = ahead.filtered.get(key)
        if found is None:
            starting = self._by_kind.get(key)
            if starting is None:
                kind, info = ahead.kind, self._rules
                starting = self._by_kind[key] = [
                    (rule, info[rule][2])
                    for rule in super().__getitem__(symbol)
                    if kind in info[rule][0] or info[rule][1]
                ]
            kinds = ahead.kinds  # (a subset test of small frozensets, in C)
            found = ahead.filtered[key] = [rule for rule, needs in starting if needs <= kinds]
        return found


def _starts(expansion: Sequence[Any], first: dict[Any, set[Any]], nullable: set[Any]) -> tuple[frozenset[str], bool]:
    """The token kinds a rule's expansion can begin with, and whether it
    can derive the empty string."""
    kinds: set[str] = set()
    free = free_text()
    for symbol in expansion:
        for t in first[symbol]:
            kinds.update(free.get(t.name, (t.name,)))
        if symbol not in nullable:
            return frozenset(kinds), False
    return frozenset(kinds), True


def _needs(rules: Sequence[Any]) -> dict[Any, frozenset[str]]:
    """For each rule, the token kinds every derivation of it contains.

    The greatest fixed point of: a terminal needs itself; a rule needs what
    each symbol of its expansion needs; a nonterminal needs what all of its
    rules need.
    """
    # (symbols are keyed by name: lark's symbols compare in Python, names in C)
    by_origin: dict[str, list[Any]] = {}
    for rule in rules:
        by_origin.setdefault(rule.origin.name, []).append(rule)
    free = free_text()  # a free-text terminal needs no one kind
    every = frozenset(s.name for rule in rules for s in rule.expansion if s.is_term and s.name not in free)
    symbol_needs: dict[str, frozenset[str]] = {origin: every for origin in by_origin}

    def rule_needs(rule: Any) -> frozenset[str]:
        found: set[str] = set()
        for s in rule.expansion:
            if s.is_term:
                found |= set() if s.name in free else {s.name}
            else:
                found |= symbol_needs.get(s.name, frozenset())
        return frozenset(found)

    changed = True
    while changed:
        changed = False
        for origin, own in by_origin.items():
            needs = frozenset.intersection(*(rule_needs(r) for r in own))
            if needs != symbol_needs[origin]:
                symbol_needs[origin] = needs
                changed = True
    return {rule: rule_needs(rule) for rule in rules}


class _TokenStream(Lexer):
    """Feeds lark the tokens already made; ``start_pos`` indexes them.

    Before each token is handed over, the parser's lookahead is set to its
    kind (see :class:`_Predictions`); after the last, to ``None``.
    """

    lookahead: _Lookahead | None = None

    def __init__(self, conf: Any) -> None:
        pass

    def lex(self, lexer_state: Any, parser_state: Any = None) -> Iterator[Token]:
        data: list[Tok] = lexer_state if isinstance(lexer_state, list) else lexer_state.text
        ahead = self.lookahead
        for i, tok in enumerate(data):
            if ahead is not None:
                ahead.kind = tok.kind
            yield Token(tok.kind, tok.text, start_pos=i)
        if ahead is not None:
            ahead.kind = None


#: Every word kind a token can have.
TERMINALS = tuple(sorted({*KINDS, "SLOT", "INPUT", "VAR", "FIELD", "ROLE", "WORD", "NUM", "LETTER", "CMP", "ACT", "VERDICT"}))


@cache
def free_text() -> dict[str, frozenset[str]]:
    """The terminals that stand for a word of free text, and the kinds each
    takes: what a slot must not know (``HWORD``, in ``hidden``) and what a
    delegate does on its own (``ANYTOK``, for claims with nothing to
    check). Neither holds a negating or limiting word, nor a clause break;
    free text about a delegate's behaviour may not say where information
    goes. One terminal each, matched by kind (:func:`_match`), rather than
    one rule per kind: the parser is built with some 370 fewer rules."""
    # (an action's word is also a WORD: "ACT" is a second reading of it, for
    # the gates; so is "VERDICT", for the paths of returns)
    hword = frozenset(t for t in TERMINALS if t not in POLARITY and t not in ("SEMI", "COMMA", "COLON", "ACT", "VERDICT"))
    return {"HWORD": hword, "ANYTOK": frozenset(t for t in hword if t not in FLOW)}


@cache
def grammar() -> str:
    """The reader's grammar: ``english.lark`` and the word kinds."""
    text = files("prosec.invariants").joinpath("english.lark").read_text(encoding="utf-8")
    text += "\nhword: HWORD\n"
    text += "\nloose: anytok+\nanytok: ANYTOK\n"
    text += "\n%declare " + " ".join([*TERMINALS, *free_text()]) + "\n"
    return text


def _matcher() -> Callable[[Any, Token], bool]:
    """lark's test of a token against a terminal: its own kind, or a kind
    a free-text terminal takes. (Called for every item the parser scans.)"""
    free = free_text()

    def match(term: Any, token: Token) -> bool:
        name: str = term.name
        return name == token.type or (name in free and token.type in free[name])

    return match


def plain_parser(start: str = "start") -> Lark:
    """lark's Earley parser for the grammar, predicting every rule."""
    parser = Lark(grammar(), parser="earley", lexer=_TokenStream, ambiguity="explicit", start=start)
    earley: Any = getattr(parser.parser, "parser", None)
    if hasattr(earley, "term_matcher"):
        earley.term_matcher = _matcher()
    # (a lark whose insides differ reads no free text: those sentences are
    # not read, never misread)
    return parser


@cache
def _parser(start: str = "start") -> Lark:
    """:func:`plain_parser` with its predictions cut (:class:`_Predictions`),
    made from the tables lark's analysis left (``tables.py``) when they are
    those of this grammar."""
    parser = load_tables(grammar(), start, _TokenStream, _matcher()) or plain_parser(start)
    earley: Any = getattr(parser.parser, "parser", None)
    stream = getattr(parser.parser, "lexer", None)
    stream = getattr(stream, "lexer", stream)
    if not isinstance(getattr(earley, "predictions", None), dict) or not isinstance(stream, _TokenStream):
        return parser  # a lark whose insides differ: parse with every prediction
    predictions = _Predictions(parser.rules, earley.predictions, earley.FIRST, earley.NULLABLE)
    earley.predictions = predictions
    stream.lookahead = predictions.next
    return parser


def prepare() -> None:
    """Build the sentence parser now rather than on first use."""
    _parser("start")


def parse_trees(toks: list[Tok], start: str = "start") -> list[Tree[Token]]:
    """Every derivation of a token sequence (none when it does not parse).

    The parser sees only the tokens' kinds (:func:`_matcher`, the
    predictions), so sentences whose words have the same kinds ("the critic
    never sees the brief", "the auditor never sees the plan") have the same
    derivations but for their words: each sequence of kinds is parsed once
    per process, and its trees are given each sentence's own tokens."""
    key = (start, tuple(t.kind for t in toks))
    shapes = _SHAPES.get(key)
    if shapes is None:
        parser = _parser(start)
        predictions = getattr(parser.parser.parser, "predictions", None)
        if isinstance(predictions, _Predictions):
            predictions.expect(toks)
        shapes = derivations(parser, toks)
        if len(_SHAPES) >= MAX_SHAPES:
            _SHAPES.pop(next(iter(_SHAPES)))
        _SHAPES[key] = shapes
    return [_with_tokens(tree, toks) for tree in shapes]


#: Derivations by (start, the kinds of the tokens), oldest first.
_SHAPES: dict[tuple[str, tuple[str, ...]], list[Tree[Token]]] = {}
MAX_SHAPES = 4096


def _with_tokens(tree: Tree[Token], toks: list[Tok]) -> Tree[Token]:
    """A copy of ``tree`` whose leaves are ``toks``' (a leaf's ``start_pos``
    is its token's index, as :class:`_TokenStream` makes it)."""
    children: list[Any] = []
    for child in tree.children:
        if isinstance(child, Tree):
            children.append(_with_tokens(child, toks))
        elif isinstance(child, Token) and child.start_pos is not None:
            tok = toks[child.start_pos]
            children.append(Token(tok.kind, tok.text, start_pos=child.start_pos))
        else:
            children.append(child)
    # (the same container: lark's trees hold lists, its collapsed ambiguities tuples)
    return Tree(tree.data, children if isinstance(tree.children, list) else tuple(children))


def derivations(parser: Lark, toks: list[Tok]) -> list[Tree[Token]]:
    """Every derivation ``parser`` finds for ``toks``, at most MAX_TREES."""
    try:
        tree = parser.parse(toks)
    except UnexpectedInput:
        return []
    if not any(isinstance(t, Tree) and t.data == "_ambig" for t in tree.iter_subtrees()):
        return [tree]
    trees = CollapseAmbiguities().transform(tree)
    return list(trees)[:MAX_TREES]


# ---------------------------------------------------------------- meaning


@dataclass(frozen=True, slots=True)
class _CountedBy:
    """A loop named by a word that only its bound can tell ("the rerun loop")."""

    word: str


@dataclass(frozen=True, slots=True)
class _LoopAround:
    """A loop named by a slot called in it ("the editor loop"), of several."""

    slot: str


@dataclass(frozen=True, slots=True)
class _LoopNamed:
    """A loop named by its variable or its local ("the trial loop"), of several."""

    name: str


#: words of a config entry's name that say it is a count, not what it counts
_COUNT_WORDS = frozenset("max min num number count size limit total cap n".split())


class Unsupported(Exception):
    """A parse whose meaning no claim kind expresses."""


@dataclass(frozen=True, slots=True)
class Subject:
    """The calls a clause is about; ``negative`` when the subject itself
    negates ("no reviewer", "neither A nor B"); ``it`` for a pronoun."""

    calls: tuple[Calls, ...]
    negative: bool = False
    it: bool = False

    @property
    def slots(self) -> tuple[str, ...]:
        return tuple(c.slot for c in self.calls if c.slot is not None)


@dataclass(frozen=True, slots=True)
class Obj:
    """Something a clause says reaches (or not) a slot.

    ``owner`` is a slot, ``OTHER`` ("the other's") or ``ITS``; ``what`` says
    which of its values: ``output``, ``prior``, ``current``, ``every``,
    ``slot`` (a bare slot), ``fields``. For other objects ``source`` is set.
    """

    source: Source | None = None
    owner: str | None = None
    what: str = "output"
    fields: tuple[str, ...] = ()
    original: bool = False
    names: tuple[str, ...] = ()
    #: named in the singular for a list ("the chunk" of `chunks`): one element
    element: bool = False
    #: "either X": kept away, each of X; received, only one of them
    either: bool = False
    #: the local the sentence named for the slot's output ("the plan")
    local: str | None = None
    #: "its own": the subject's, whatever was named before
    own: bool = False
    #: "its brief", of a list input: the subject's element (or, after
    #: another owner, maybe that one's)
    its: bool = False
    #: "the whole X": all of it, a thing said only of what is received
    whole: bool = False
    #: "both X and Y" after a verb: received, each of them; kept away, only
    #: the pair ("never sees both" allows one), which no claim says
    both: bool = False
    #: "each other's", "one another's": of the subject's other slots when it
    #: names several, else of the other calls of its one slot
    reciprocal: bool = False
    #: named with the slot that made it ("the statements the spotter
    #: found"): received by a slot called more than once, all of it in each
    #: call or a part in each is not said
    made: bool = False


OTHER = "\x00other"
ITS = "\x00its"


@dataclass(frozen=True, slots=True)
class _Rounds:
    """The rounds of the delegation's one loop, named by its own word."""

    word: str


@dataclass(frozen=True, slots=True)
class _Relative:
    """A clause about the value before it ("the alert that fired")."""


@dataclass(frozen=True, slots=True)
class _OwnWork:
    """A clause of a slot's own work after what it is given ("before
    drawing up the plan"): where it starts, and its first word."""

    start: int
    word: str


@dataclass(frozen=True, slots=True)
class _Tail:
    """What an unreadable verdict does: stop the delegation, or count as a
    refusal."""

    refusal: bool
    #: the slots it keeps from running ("the target is not called",
    #: "nothing is booked"); None: the delegation after the verdict
    targets: tuple[Calls, ...] | None = None
    #: "never counts as certification": the approval of the slot named
    #: for that activity, which must be the approver's own
    approval_of: str | None = None


@dataclass(frozen=True, slots=True)
class _Negated:
    """A second, negated promise about what a delegate does, from the token
    at ``start`` on ("... and never guesses")."""

    start: int


@dataclass(frozen=True, slots=True)
class Clause:
    """A clause's meaning, waiting for its subject when it is a pronoun."""

    subject: Subject | None
    build: Callable[[Subject], list[Claim]]
    #: says again what the clause before said of the same list ("...; it is
    #: only appended to"): read only after a clause that said it
    again: bool = False


def _name(items: Iterable[Any]) -> str:
    """The first name in a rule's children."""
    found: str = next(i for i in items if _is_name(i))
    return found


def _is_name(item: object) -> bool:
    """A name a rule passed up (a plain string, not one of lark's tokens)."""
    return isinstance(item, str) and not isinstance(item, Token)


#: Verbs of waiting, going on or ending: said of a slot "only when" an
#: approver approves, they say when something stops or repeats, not when
#: the slot runs.
_NOT_WORK = frozenset(
    """wait waits stop stops halt halts pause pauses end ends finish finishes quit quits continue continues
    repeat repeats retry retries loop loops iterate iterates resume resumes rest rests idle idles sleep sleeps
    return returns exit exits terminate terminates cease ceases fail fails succeed succeeds keep keeps
    stay stays remain remains""".split()
)

#: Nouns for a loop's rounds (not for calls: "refinement rounds", not
#: "refinement calls").
_ROUND_NOUNS = frozenset("round rounds cycle cycles iteration iterations".split())

#: Nouns that end a bound's description of what it counts ("number of
#: editing passes", "number of exchange rounds")
_PASS_NOUNS = _ROUND_NOUNS | frozenset("pass passes".split())


def _act_noun(word: str, slot: str) -> bool:
    """Whether ``word`` names, as a noun, the activity of the slot whose
    name's last word is its agent noun: "audit" or "auditing" of an
    auditor, "screening" of a screener, "registration" of a registrar; not
    a verb's other forms ("audits", "audited")."""
    agent = words_of(slot)[-1].lower()
    base = agent[:-3] + "er" if agent.endswith("rar") else agent[:-2]
    return word.lower() in {base, base + "e", base + "ing", base + "ion", base[:-1] + "ication"}


def _tok(toks: Sequence[Tok], token: Token) -> Tok:
    assert token.start_pos is not None
    return toks[token.start_pos]


class Meaning(Transformer[Token, Any]):
    """Parse tree → claims. One method per grammar rule alias."""

    def __init__(self, toks: Sequence[Tok], lex: Lexicon) -> None:
        super().__init__()
        self.toks = toks
        self.lex = lex
        #: "the other's" (one other), not "the others'"
        self.one_other = False
        #: "their" that may not be the subject's own: after a plural ("the
        #: scouts never see their reports": all of theirs?) or one slot ("the
        #: commander never sees their reports": someone said before); only
        #: after a subject taken one at a time ("each scout"), or before
        #: "own", is it "its"
        self.their_loose = any(
            t.kind == "ITS" and t.text == "their"
            and not (k + 1 < len(toks) and toks[k + 1].kind == "OWN")
            and not any(b.kind in _DISTRIBUTIVE for b in toks[:k])
            for k, t in enumerate(toks)
        )

    # ------------------------------------------------------------ helpers

    def _names(self, token: Token) -> tuple[str, ...]:
        return _tok(self.toks, token).names

    def _name(self, token: Token) -> str:
        """The one thing a word names; a word for several ("both
        candidates") where the claim takes one is not read."""
        names = self._names(token)
        if len(names) != 1:
            raise Unsupported(f"{_tok(self.toks, token).text!r} names {len(names)} things where one is meant")
        return names[0]

    def _tokens(self, items: Iterable[Any], kind: str | None = None) -> list[Token]:
        return [t for t in items if isinstance(t, Token) and (kind is None or t.type == kind)]

    # ------------------------------------------------------------ sentence

    def start(self, items: list[Any]) -> list[Claim]:
        claims: list[Claim] = []
        previous: Subject | None = None
        for item in items:
            if not isinstance(item, Clause):
                continue
            if item.again:
                if not any(isinstance(c, Monotonic) for c in claims):
                    raise Unsupported("'it' with no list before it")
                continue
            subject = item.subject
            if subject is not None and subject.it:
                if previous is None:
                    raise Unsupported("a pronoun with nothing before it")
                if previous.negative:
                    # "no reviewer sees the brief and receives the goal":
                    # whether the "no" reaches the second verb is not said
                    raise Unsupported("a second verb after a negated subject")
                subject = Subject(previous.calls, subject.negative)
            got = item.build(subject) if subject is not None else item.build(Subject(()))
            for claim in got:
                if claim not in claims:
                    claims.append(claim)
            if subject is not None and subject.calls:
                previous = subject
        return claims

    def sep(self, items: list[Any]) -> None:
        return None

    # ------------------------------------------------------------ subjects

    def who(self, items: list[Any]) -> tuple[str, ...]:
        token = items[0]
        if token.type == "ROLE":
            return tuple(sorted(self.lex.slots))
        return self._names(token)

    def who_act(self, items: list[Any]) -> tuple[str, ...]:
        """"every audit round", of the auditor: its calls, named by the word
        for what it does."""
        return self._names(items[0])

    def who_in(self, items: list[Any]) -> tuple[str, ...]:
        """"each delegate in the chain": the loop variable and its sequence."""
        slots = self._tokens(items, "SLOT")
        inner, outer = self._names(slots[0]), self._names(slots[1])
        if inner != outer:
            raise Unsupported("a slot 'in' another slot")
        return inner

    def quant(self, items: list[Any]) -> str:
        token = items[0]
        match token.type:
            case "BOTH":
                return "2"
            case "NUM" | "NUMBER":
                return _NUMBERS.get(str(token).lower().removeprefix("the "), str(token))
        return "all"

    def subj(self, items: list[Any]) -> Subject:
        who = items[-1]
        count = items[0] if len(items) > 1 and isinstance(items[0], str) else "all"
        if len(who) > 1 and count != "all" and count != str(len(who)):
            # "both testers", "the three testers": as many slots as said
            raise Unsupported(f"{count} of {len(who)} slots")
        if len(who) == 1 and count == "1" and who[0] in self.lex.repeated:
            # "the brief is given to one reviewer", of a reviewer called in a
            # loop: one of its calls, not every one
            raise Unsupported("one call of a slot called more than once")
        return Subject(tuple(Calls(s) for s in who))

    def subj_working_one(self, items: list[Any]) -> Subject:
        """"A classifier labelling one ticket": a verb of its own work in
        -ing on one element of a list the slot is called on one element at
        a time, which every one of its calls is."""
        (verb,) = self._tokens(items, "WORD")
        (number,) = self._tokens(items, "NUMBER")
        name = self._name(self._tokens(items, "INPUT")[0])
        who = next(i for i in items if isinstance(i, tuple))
        if not str(verb).lower().endswith("ing") or _tok(self.toks, number).text != "one":
            raise Unsupported("a clause after the slot that is not its work on one element")
        if name in self.lex.scalars or not set(who) <= self.lex.walkers.get(name, frozenset()):
            raise Unsupported("one element of a list the slot is not called on one by one")
        return self.subj([i for i in items if not isinstance(i, Token) or i.type not in ("WORD", "NUMBER", "INPUT")])

    def subj_given(self, items: list[Any]) -> Subject:
        who = next(i for i in items if isinstance(i, tuple))
        given = frozenset(name for t in self._tokens(items, "INPUT") for name in self._names(t))
        return Subject(tuple(Calls(s, given) for s in who))

    def subj_first(self, items: list[Any]) -> Subject:
        who = next(i for i in items if isinstance(i, tuple))
        number = [t for t in self._tokens(items) if t.type in ("NUM", "NUMBER")]
        if number and str(number[0]) not in ("1", "one"):
            raise Unsupported("a round other than the first")
        return Subject(tuple(Calls(s, phase="first") for s in who))

    def subj_later(self, items: list[Any]) -> Subject:
        who = next(i for i in items if isinstance(i, tuple))
        return Subject(tuple(Calls(s, phase="later") for s in who))

    def subj_list(self, items: list[Any]) -> Subject:
        slots: list[str] = []
        for item in items:
            if isinstance(item, tuple):
                slots += [s for s in item if s not in slots]
        return Subject(tuple(Calls(s) for s in slots))

    def subj_loop(self, items: list[Any]) -> Subject:
        noun = self._calls_of(next(i for i in items if isinstance(i, CallsNoun)))
        return Subject((Calls(noun.slot),))

    def _calls_of(self, noun: CallsNoun) -> CallsNoun:
        """"every attempt", said of no slot: the calls in the loop, when the
        loops call one delegate; when they call the extractor and the
        validator, whose attempts the sentence does not say."""
        if noun.slot is None and len(self.lex.looped) > 1:
            raise Unsupported("the calls of loops that call several delegates")
        if noun.slot is None and len(self.lex.looped) == 1:
            # the one delegate the loops call, when it is called nowhere
            # else: "every attempt" is every call of the target
            (slot,) = self.lex.looped
            if slot in self.lex.slots and slot not in self.lex.unlooped:
                return CallsNoun(slot)
        return noun

    def nsubj_loop(self, items: list[Any]) -> Subject:
        """"no round of the critic", "no critic call", "no attempt": none of
        the calls the noun names. Without a slot named, only a noun for the
        loop's rounds: "no call", "no invocation" may be of any delegate,
        not only the one the loops call."""
        slots = self._tokens(items, "SLOT")
        words = [_tok(self.toks, t).text.lower() for t in self._tokens(items, "CALLS")]
        if not slots and any(w in _ANY_CALL for w in words):
            raise Unsupported("'no call' of no named slot: of any delegate, or of the loop's?")
        noun = self._calls_of(CallsNoun(self._name(slots[0]) if slots else None))
        return Subject((Calls(noun.slot),), negative=True)

    def subj_it(self, items: list[Any]) -> Subject:
        return Subject((), it=True)

    def calls_noun(self, items: list[Any]) -> CallsNoun:
        slots = self._tokens(items, "SLOT")
        return CallsNoun(self._name(slots[0]) if slots else None)

    def nsubj_no(self, items: list[Any]) -> Subject:
        who = next(i for i in items if isinstance(i, tuple))
        return Subject(tuple(Calls(s) for s in who), negative=True)

    nsubj_no_free = nsubj_no

    def nsubj_none_it(self, items: list[Any]) -> Subject:
        return Subject((), negative=True, it=True)

    def nsubj_act(self, items: list[Any]) -> Subject:
        (act,) = self._tokens(items, "ACT")
        slots = set(self._names(act))
        for token in self._tokens(items, "SLOT"):
            if set(self._names(token)) != slots:
                raise Unsupported("an action named for another slot than the one before it")
        if len(slots) != 1:
            raise Unsupported("an action of several slots")
        return Subject(tuple(Calls(s) for s in sorted(slots)), negative=True)

    def nsubj_neither(self, items: list[Any]) -> Subject:
        slots: list[str] = []
        for item in items:
            if isinstance(item, tuple):
                slots += [s for s in item if s not in slots]
        return Subject(tuple(Calls(s) for s in slots), negative=True)

    nsubj_neither_free = nsubj_neither

    def recipients(self, items: list[Any]) -> Subject:
        subject: Subject = items[0]
        return subject

    # ------------------------------------------------------------ objects

    def objs(self, items: list[Any]) -> list[Obj]:
        out: list[Obj] = []
        both = any(isinstance(i, Token) and i.type == "BOTH" for i in items)
        for obj in (replace(i, both=True) if both else i for i in items if isinstance(i, Obj)):
            if isinstance(obj.source, FromField) and out and out[-1].what in ("fields", "every_fields") and out[-1].source is None:
                # "the actor's reasoning or self-assessment": one owner's fields
                last = out.pop()
                obj = Obj(owner=last.owner, what=last.what, fields=(*last.fields, obj.source.name))
            if obj.its and not obj.own and any(o.owner not in (None, ITS) for o in out):
                # "the critic's notes and its brief": whose?
                raise Unsupported("'its' element after another owner")
            if out and obj.owner == ITS and obj.what == "fields" and not obj.own:
                # "the actor's reasoning or its self-assessment": its = the
                # owner named before it
                obj = self._its(obj, out)
            out.append(obj)
        # "the questions", a key only the quizmaster's `ensures:` declares:
        # that field of the quizmaster's result
        return [
            Obj(owner=self.lex.declared_by[o.source.name], what="fields", fields=(o.source.name,))
            if isinstance(o.source, FromField) and o.source.name in self.lex.declared_by
            else o
            for o in out
        ]

    objs_merge = objs

    def conj(self, items: list[Any]) -> None:
        return None

    def owner(self, items: list[Any]) -> str:
        token = items[0]
        if token.type == "ROLE":
            raise Unsupported("every role as the owner of an output")
        return self._name(token)

    def owner_other(self, items: list[Any]) -> str:
        if _tok(self.toks, items[0]).text in ("other", "the other", "other's"):
            # "the other's reply": of one other slot, so the subject names two
            self.one_other = True
        return OTHER

    def owner_its(self, items: list[Any]) -> str:
        return ITS

    def o_failure(self, items: list[Any]) -> Obj:
        raise Unsupported("a failure as something received")

    def fields(self, items: list[Any]) -> tuple[str, ...]:
        out: list[str] = []
        for t in self._tokens(items, "FIELD"):
            out += [n for n in self._names(t) if n not in out]
        return tuple(out)

    def fields_listed(self, items: list[Any]) -> tuple[str, ...]:
        token = self._tokens(items, "FIELD")[0]
        (name,) = self._names(token)
        if name == str(token) or name not in self.lex.declared_keys:
            raise Unsupported("a list named by a word that is not a declared key's singular")
        return (name,)

    def _owner_of(self, items: list[Any]) -> str:
        return _name(items)

    def o_input(self, items: list[Any]) -> Obj:
        token = self._tokens(items, "INPUT")[0]
        names = self._names(token)
        original = bool(self._tokens(items, "ORIGINAL"))
        tok = _tok(self.toks, token)
        element = len(names) == 1 and tok.text != names[0].replace("_", " ") and plural(tok.text.split()[-1]) == words_of(names[0])[-1]
        element = element or tuple(tok.text.split()) in self.lex.elements
        if self._tokens(items, "CONTAINER"):
            element = False  # "the chunk list": the list, named by its element
        return Obj(source=FromInput(names[0]), original=original, names=names, element=element)

    def o_input_says(self, items: list[Any]) -> Obj:
        """"what the status page says": what an input holds, said with a
        verb of saying (of making, "what the ticket produced", it is no
        input's value)."""
        (verb,) = self._tokens(items, "AUTHORED")
        if str(verb).lower() not in ("says", "said", "say", "reports", "reported", "report"):
            raise Unsupported("what an input does, not what it says")
        return self.o_input([i for i in items if not (isinstance(i, Token) and i.type in ("ANYTHING", "AUTHORED"))])

    def relative(self, items: list[Any]) -> _Relative:
        return _Relative()

    def o_input_described(self, items: list[Any]) -> Obj:
        """"the alert that fired", "the region they are surveying": the
        input, of a value that is one thing (of a list the clause may pick
        some of its elements: "the chunks that failed"). The clause, up to
        the next break, names nothing of the pattern but a slot who acts."""
        obj = self.o_input([i for i in items if not isinstance(i, _Relative)])
        start = self._tokens(items, "INPUT")[0].start_pos
        assert start is not None
        if obj.element or obj.original or obj.source is None or any(n in self.lex.walkers or n in self.lex.appended for n in obj.names):
            raise Unsupported("a clause about one element, or some, of a list")
        for tok in self.toks[start + 1 :]:
            if tok.kind in ("COMMA", "SEMI", "COLON"):
                break
            if tok.kind not in ("SLOT", "ROLE") and (tok.names or tok.kind in ("INPUT", "VAR", "FIELD")):
                raise Unsupported("a clause about an input that names another value")
        return obj

    def o_input_whole(self, items: list[Any]) -> Obj:
        obj = self.o_input(items)
        if obj.element:
            raise Unsupported("the whole of one element")
        return replace(obj, whole=True)

    def o_both(self, items: list[Any]) -> Obj:
        obj: Obj = items[1]
        if not self._two(obj):
            raise Unsupported("'both' of something that is not two named values")
        return replace(obj, both=True)

    def o_either(self, items: list[Any]) -> Obj:
        obj: Obj = items[1]
        if not self._two(obj):
            raise Unsupported("'either' of something that is not two named values")
        return replace(obj, either=True)

    def o_any(self, items: list[Any]) -> Obj:
        obj: Obj = items[1]
        if obj.what in ("every", "every_fields", "fields") or obj.whole:
            # ("any of the buyer's offers", `{ offer, rationale }`: the offer
            # fields, or the buyer's results?)
            raise Unsupported("'any of' every output, of the whole, or of fields")
        return replace(obj, either=True)

    def _owned_key(self, items: list[Any]) -> tuple[str, str]:
        """The slot and the key it declares that a "the damage notes the
        scanners wrote" or "the blend assessor comments" names: the key's
        own word, or the singular of a plural key (the plural of a singular
        key may be the slot's results, each one of it)."""
        owner = self._owner_of(items)
        token = _tok(self.toks, self._tokens(items, "FIELD")[0])
        keys = self.lex.slot_keys.get(owner, frozenset())
        key = _declared_key(token.text, keys) if len(token.text.split()) == 1 else None
        if key is None and len(token.names) == 1 and token.names[0] in keys and token.text.replace(" ", "_") == token.names[0]:
            key = token.names[0]  # "the operator log", `operator_log`
        if owner not in self.lex.slots or key is None:
            raise Unsupported("a key the named slot does not declare, or a word that may be its results")
        return owner, key

    def o_fields_made(self, items: list[Any]) -> Obj:
        owner, key = self._owned_key(items)
        return Obj(owner=owner, what="fields", fields=(key,), made=True)

    def o_output_made(self, items: list[Any]) -> Obj:
        owner = self._owner_of(items)
        if owner not in self.lex.slots:
            raise Unsupported("a result made by no one slot")
        word = str(self._tokens(items, "OUTPUT")[0])
        if (key := _declared_key(word, self.lex.slot_keys.get(owner, frozenset()))) is not None:
            # "the answers the assessor wrote", `{ questions, answers }`: a
            # key the slot declares is that field, as after its possessive
            return Obj(owner=owner, what="fields", fields=(key,), made=True)
        if word in self.lex.declared_keys or word in self.lex.key_forms:
            raise Unsupported("a word for a result that is also a key")
        return Obj(owner=owner, what="output", made=True)

    def o_var_others_calls(self, items: list[Any]) -> Obj:
        token = self._tokens(items, "VAR")[0]
        names = [n for n in self._names(token) if n == str(token).replace(" ", "_")] or list(self._names(token))
        makers = {m for n in names for m in (*self.lex.results.get(n, ()), self.lex.collects.get(n), self.lex.gathers.get(n)) if m}
        if len(names) != 1 or len(makers) != 1:
            raise Unsupported("other calls' values of a local that is not one slot's results")
        return Obj(source=FromOthers(), names=tuple(makers))

    def o_others_prior(self, items: list[Any]) -> Obj:
        # "a verdict from an earlier critic call", said of the critic: an
        # earlier call's output (``names``: the slot the call is of)
        who = next(i for i in items if isinstance(i, tuple))
        return Obj(source=FromOthers(), names=who)

    def o_others_why(self, items: list[Any]) -> Obj:
        """"why earlier ones failed", "the failures of the earlier
        delegates", said of the slot: what its earlier calls produced or
        raised (a plain word: "why" before, "ones" after "earlier")."""
        words = [str(t).lower() for t in self._tokens(items, "WORD")]
        if isinstance(items[0], Token) and items[0].type == "WORD" and words.pop(0) != "why":
            raise Unsupported("a word before earlier calls' failing that is not 'why'")
        if any(w not in ("one", "ones") for w in words):
            raise Unsupported("earlier calls named by a word that is not 'ones'")
        who = next((i for i in items if isinstance(i, tuple)), ())
        return Obj(source=FromOthers(), names=who)

    def o_fields_compound(self, items: list[Any]) -> Obj:
        owner, key = self._owned_key(items)
        return Obj(owner=owner, what="fields", fields=(key,))

    def o_output_raw(self, items: list[Any]) -> Obj:
        # "the raw sensor readings": the slot's output as it produced it, as
        # "the sensor reader's raw readings" is
        if str(self._tokens(items, "ORIGINAL")[0]) != "raw":
            raise Unsupported("an original or initial result: which of the slot's results?")
        return Obj(owner=self._owner_of(items), what="output")

    def o_var_raw(self, items: list[Any]) -> Obj:
        # "the raw reviews", of a local that holds or collects only the
        # reviewer's results: those results as the slot produced them
        if str(self._tokens(items, "ORIGINAL")[0]) != "raw":
            raise Unsupported("an original or initial value of a local")
        obj = self.o_var(self._tokens(items, "VAR"))
        if obj.owner is None:
            raise Unsupported("'raw' of a local that is not one slot's results")
        return obj

    def o_output_either(self, items: list[Any]) -> Obj:
        # "never sees either measurement's profile": the slot is called more
        # than once, and none of its outputs reaches the subject
        owner = self._owner_of(items)
        if owner not in self.lex.repeated:
            raise Unsupported("'either' of a slot called once")
        return Obj(owner=owner, what="output", either=True)

    def _two(self, obj: Obj) -> bool:
        """A group of named values: inputs, or locals holding one slot's results."""
        grouped = isinstance(obj.source, FromInput) or (obj.source is None and obj.names in self.lex.group_holds)
        return grouped and len(obj.names) >= 2

    def o_var(self, items: list[Any]) -> Obj:
        names = self._names(items[0])
        if names in self.lex.group_holds:
            # "both profiles", of `profile_a` and `profile_b` that between
            # them hold every result of the measurement: its outputs
            return Obj(owner=self.lex.group_holds[names], what="output", names=names, local=names[0])
        if len(names) > 1:
            # "reviews", with locals `review` and `reviews`: the one spelled so
            exact = [n for n in names if n == str(items[0]).replace(" ", "_")]
            if len(exact) != 1:
                raise Unsupported(f"'{items[0]}' names several locals")
            names = tuple(exact)
        name = names[0]
        if name in self.lex.gathers:
            # "the reviews", `append review to reviews` of every reviewer
            # result: kept away, any reviewer output; received, the list
            return Obj(owner=self.lex.gathers[name], what="gathered", local=name)
        if name in self.lex.collects:
            # "the mapper results", `let mapper_results = parallel for ...:`
            # around the mapper's one call: every one of its outputs
            return Obj(owner=self.lex.collects[name], what="collected", local=name)
        if name in self.lex.holds:
            # "the plan", where `plan` holds every result of the planner
            # and nothing else: the planner's output
            return Obj(owner=self.lex.holds[name], what="output", local=name)
        return Obj(source=FromVar(name))

    def _made_by(self, items: list[Any]) -> tuple[str, str]:
        """The local and the slot a "the route the router planned" names:
        a local that only ever holds that slot's results."""
        token = self._tokens(items, "VAR")[0]
        names = [n for n in self._names(token) if n == str(token).replace(" ", "_")] or list(self._names(token))
        owner = self._owner_of(items)
        made = self.lex.results.get(names[0]) == frozenset({owner}) or owner in (self.lex.collects.get(names[0]), self.lex.gathers.get(names[0]))
        if len(names) != 1 or owner not in self.lex.slots or not made:
            raise Unsupported("a local the named slot did not make, or not only it")
        return names[0], owner

    def o_var_made(self, items: list[Any]) -> Obj:
        var, owner = self._made_by(items)
        if self.lex.holds.get(var) == owner:
            return Obj(owner=owner, what="output", local=var, made=True)
        if self.lex.collects.get(var) == owner:
            # "the lessons the writer drafted", `let lessons = parallel for
            # ...: call writer`: every one of its outputs
            return Obj(owner=owner, what="collected", local=var, made=True)
        if self.lex.gathers.get(var) == owner:
            return Obj(owner=owner, what="gathered", local=var, made=True)
        return Obj(source=FromVar(var), made=True)

    def o_var_from(self, items: list[Any]) -> Obj:
        """"the attack from the adversary": a local that holds every result
        of that slot and nothing else, which is its output."""
        names = self._names(self._tokens(items, "VAR")[0])
        owner = self._owner_of(items)
        if len(names) != 1 or self.lex.holds.get(names[0]) != owner:
            raise Unsupported("a local from a slot that does not hold that slot's every result")
        return Obj(owner=owner, what="output", local=names[0])

    def o_var_made_every(self, items: list[Any]) -> Obj:
        var, owner = self._made_by(items)
        if self.lex.holds.get(var) != owner:
            raise Unsupported("'every' of a local that does not hold the slot's every result")
        return Obj(owner=owner, what="every", local=var)

    def o_var_output(self, items: list[Any]) -> Obj:
        names = self._names(self._tokens(items, "VAR")[0])
        if len(names) != 1 or names[0] not in self.lex.holds:
            raise Unsupported("a noun for a result after a local that is not one slot's every result")
        return Obj(owner=self.lex.holds[names[0]], what="output", local=names[0])

    def o_var_every(self, items: list[Any]) -> Obj:
        names = self._names(self._tokens(items, "VAR")[0])
        slot = self.lex.holds.get(names[0]) or self.lex.collects.get(names[0]) if len(names) == 1 else None
        if slot is None:
            raise Unsupported("'every' of a local that is not one slot's every result")
        return Obj(owner=slot, what="every", local=names[0])

    def o_var_fields(self, items: list[Any]) -> Obj:
        names = self._names(self._tokens(items, "VAR")[0])
        fields: tuple[str, ...] = items[-1] if isinstance(items[-1], tuple) else self._names(items[-1])
        # a local that holds the slot's every result, or that is null until
        # the slot's every call sets it ("the tasting notes" of `let tasting =
        # null` ... `tasting = call taster`): its fields are the slot's
        owner = self._held_by(names[0]) if len(names) == 1 else None
        if owner is None:
            raise Unsupported("a field of a local that is not one slot's every result")
        return Obj(owner=owner, what="fields", fields=fields, local=names[0])

    def o_output(self, items: list[Any]) -> Obj:
        return Obj(owner=self._owner_of(items), what="output")

    o_output_of = o_output

    def o_output_described(self, items: list[Any]) -> Obj:
        """"the proposed step": the output of the one slot whose `ensures:`
        calls its result by that noun, with that word before it ("ensures:
        proposed next step"); a word that slot's phrase does not use may
        say which of its results, or another slot's."""
        made, noun = (str(t).lower() for t in items[:2])
        owners = [s for s, nouns in sorted(self.lex.products.items()) if noun.split()[-1] in nouns]
        if len(owners) != 1 or made not in self.lex.product_words.get(owners[0], frozenset()):
            raise Unsupported("a result noun and a word of making that no one slot's `ensures:` says")
        return Obj(owner=owners[0], what="output")

    def o_output_prior(self, items: list[Any]) -> Obj:
        return Obj(owner=self._owner_of(items), what="prior")

    def o_output_current(self, items: list[Any]) -> Obj:
        return Obj(owner=self._owner_of(items), what="current")

    def o_output_every(self, items: list[Any]) -> Obj:
        return Obj(owner=self._owner_of(items), what="every")

    def o_slot(self, items: list[Any]) -> Obj:
        return Obj(owner=self._owner_of(items), what="slot")

    def o_fields_every(self, items: list[Any]) -> Obj:
        fields = next(i for i in items if isinstance(i, tuple))
        return Obj(owner=self._owner_of(items), what="every_fields", fields=fields)

    def o_fields(self, items: list[Any]) -> Obj:
        fields = next(i for i in items if isinstance(i, tuple))
        owner = self._owner_of(items)
        if len(fields) == 1 and fields[0] not in self.lex.read_keys | self.lex.declared_keys:
            # "the reviewers' reviews", of `reviews` that gathers every
            # reviewer result: the local
            local = fields[0]
            for table, what in ((self.lex.holds, "output"), (self.lex.collects, "collected"), (self.lex.gathers, "gathered")):
                if table.get(local) == owner:
                    return Obj(owner=owner, what=what, local=local, made=True)
        for name in fields:
            if name in self.lex.variables | self.lex.inputs and name not in self.lex.read_keys | self.lex.declared_keys:
                # "the sniffers' impressions", of a local `impressions`: the
                # local the program calls so, or a field no call's result
                # is read by or declares
                raise Unsupported(f"`{name}` names a local or input, and no field of a result is read so")
        return Obj(owner=owner, what="fields", fields=fields)

    o_fields_of = o_fields

    def o_field(self, items: list[Any]) -> Obj:
        fields: tuple[str, ...] = items[0]
        if len(fields) != 1:
            raise Unsupported("several fields of no named slot")
        if fields[0] in self.lex.input_keys:
            # "the amount", read only as `claim.amount`: part of an input,
            # not a field of some delegate's result
            raise Unsupported("a field of an input, with no input named")
        return Obj(source=FromField(fields[0]))

    def o_others(self, items: list[Any]) -> Obj:
        if any(isinstance(i, Token) and i.type == "ROLE" for i in items) or any(
            isinstance(i, tuple) and self._role_only(i) for i in items
        ):
            # "the other side's reasoning": the other slot of the subject
            fields = next((i for i in items if isinstance(i, tuple) and not self._role_only(i)), None)
            if fields is not None and any(self._tokens(items, "POSS")):
                return Obj(owner=OTHER, what="fields", fields=fields)
            return Obj(owner=OTHER, what="output")
        # "another reviewer's output": another call of that slot, which must
        # be the subject's ("a different planner outline", said of the
        # coach, is no other coach call's output)
        who = tuple(n for i in items if isinstance(i, tuple) for n in i)
        if not who:
            # "another review", a word for any result that also names a
            # local or a slot's action: the calls of the slot that makes
            # it, which must be the subject's; one it does not name alone
            # may be anybody's
            for token in self._tokens(items, "OUTPUT"):
                word = str(token).lower()
                found = self.lex.forms.get((word,))
                makers: set[str] = set()
                if found is not None and found[1].kind == "var":
                    makers = {m for n in found[1].names for m in (*self.lex.results.get(n, ()), self.lex.collects.get(n), self.lex.gathers.get(n)) if m}
                    if len(makers) != 1:
                        raise Unsupported(f"'another {word}': a local no one slot makes")
                if word in self.lex.acts:
                    makers.add(self.lex.acts[word])
                if len(makers) > 1:
                    raise Unsupported(f"'another {word}': of which slot is not said")
                who = tuple(makers)
        return Obj(source=FromOthers(), names=who, reciprocal=bool(self._tokens(items, "EACHOTHER")))

    def o_others_fields(self, items: list[Any]) -> Obj:
        fields: tuple[str, ...] = items[-1]
        who = [i for i in items[:-1] if isinstance(i, tuple)]
        if any(isinstance(i, Token) and i.type == "ROLE" for i in items) or any(self._role_only(w) for w in who):
            # "the other side's reasoning": the other slot of the subject
            return Obj(owner=OTHER, what="fields", fields=fields)
        # "another reviewer's notes": those fields of another call of the
        # subject (``names``: the slot the sentence says the call is of)
        return Obj(source=FromOthers(fields), names=tuple(n for w in who for n in w), reciprocal=bool(self._tokens(items, "EACHOTHER")))

    def _role_only(self, names: tuple[str, ...]) -> bool:
        return bool(names) and set(names) == set(self.lex.slots) and len(names) > 1

    def o_others_var(self, items: list[Any]) -> Obj:
        # "the route planned by another router call": a local that only
        # ever holds that slot's results (bound to its call, or collecting
        # or gathering every one of them), made by another of its calls;
        # said of that slot only (``names``)
        token = self._tokens(items, "VAR")[0]
        names = [n for n in self._names(token) if n == str(token).replace(" ", "_")] or list(self._names(token))
        makers = {m for n in names for m in (*self.lex.results.get(n, ()), self.lex.collects.get(n), self.lex.gathers.get(n)) if m}
        who: tuple[str, ...] = next(i for i in items if isinstance(i, tuple))
        if len(names) != 1 or not who or set(who) != makers:
            raise Unsupported(f"'{names[0]}' made by another call of a slot it does not hold the results of")
        return Obj(source=FromOthers(), names=who)

    def o_others_var_another(self, items: list[Any]) -> Obj:
        # "another coach's notes", "the other routes", of a local that only
        # ever holds one slot's results, said of that slot: what its other
        # calls made
        return self.o_var_others_calls(items)

    def o_others_var_prior(self, items: list[Any]) -> Obj:
        # "the mark given to an earlier submission": a local that only ever
        # holds one slot's results, made by an earlier call of it (the clause
        # must be about that slot)
        token = self._tokens(items, "VAR")[0]
        var = [n for n in self._names(token) if n == str(token).replace(" ", "_")] or list(self._names(token))
        makers = self.lex.results.get(var[0], frozenset()) if len(var) == 1 else frozenset()
        if len(makers) != 1:
            raise Unsupported("a local that is not one slot's results, made earlier")
        return Obj(source=FromOthers(), names=tuple(makers))

    def o_elements(self, items: list[Any]) -> Obj:
        name = self._name(self._tokens(items, "INPUT")[0])
        if name in self.lex.scalars:
            # "another scout's report", of `fire_report: string` that every
            # scout is handed: a value that is no list has no other elements
            # (the word may well be the scout's own result, which is not read)
            raise Unsupported("the other elements of an input that is no list")
        return Obj(source=OtherElements(name))

    def o_others_elements(self, items: list[Any]) -> Obj:
        """"another applicant's results", "the label given to another
        ticket": what the calls on the input's other elements made, of an
        input list that one slot is called on in a `for` (a local named
        must hold only that slot's results): that slot's other calls. With
        several slots in the loop, which one's results is not said."""
        name = self._name(self._tokens(items, "INPUT")[0])
        walkers = self.lex.walkers.get(name, frozenset()) & self.lex.slots
        if name in self.lex.scalars or not walkers:
            raise Unsupported("the other elements of an input no slot is called on one by one")
        makers = walkers
        for token in self._tokens(items, "VAR"):
            names = [n for n in self._names(token) if n == str(token).replace(" ", "_")] or list(self._names(token))
            makers = frozenset(m for n in names for m in (*self.lex.results.get(n, ()), self.lex.collects.get(n), self.lex.gathers.get(n)) if m)
            if len(names) != 1 or len(makers) != 1 or not makers <= walkers:
                raise Unsupported("a local made on other elements that is not one walking slot's results")
        if len(makers) != 1:
            raise Unsupported("results made on other elements, in a loop that calls several slots")
        fields: tuple[str, ...] = next((i for i in items if isinstance(i, tuple)), ())
        (maker,) = makers
        if fields and not set(fields) <= self.lex.declares.get(maker, frozenset()):
            # "the other sections' notes": a key the slot declares, or the
            # noun its `ensures:` calls its whole result by ("ensures: notes
            # on passages"); another word may be a key of the elements
            said = {w for f in fields for w in words_of(f)}
            if not said or not said <= self.lex.products.get(maker, frozenset()):
                raise Unsupported("a field of the other elements, or of what was made on them?")
            fields = ()
        return Obj(source=FromOthers(fields), names=tuple(makers))

    def o_every_element(self, items: list[Any]) -> Obj:
        """"each bout's margin", of a slot called on `bouts` one element at
        a time: what it made on every element, every one of its outputs
        (kept away, not read: every one, or any?). The noun after the
        possessive is read as for "the other sections' notes"."""
        name = self._name(self._tokens(items, "INPUT")[0])
        walkers = self.lex.walkers.get(name, frozenset()) & self.lex.slots
        if name in self.lex.scalars or len(walkers) != 1:
            raise Unsupported("every element's results, of a list not one slot is called on one by one")
        (maker,) = walkers
        fields: tuple[str, ...] = next((i for i in items if isinstance(i, tuple)), ())
        if fields and not set(fields) <= self.lex.declares.get(maker, frozenset()):
            said = {w for f in fields for w in words_of(f)}
            if not said or not said <= self.lex.products.get(maker, frozenset()):
                raise Unsupported("a field of every element, or of what was made on it?")
            fields = ()
        if fields:
            return Obj(owner=maker, what="every_fields", fields=fields)
        return Obj(owner=maker, what="every")

    def o_its_fields(self, items: list[Any]) -> Obj:
        fields = next(i for i in items if isinstance(i, tuple))
        if self._tokens(items, "OWN"):
            # "its own notes": the subject's, never the slot named before
            return Obj(owner=ITS, what="fields", fields=fields, own=True)
        return Obj(owner=ITS, what="fields", fields=fields)

    def o_own_prior(self, items: list[Any]) -> Obj:
        return Obj(owner=ITS, what="prior")

    def o_input_its(self, items: list[Any]) -> Obj:
        """"its own brief", "their chunk", of a list input (`briefs`): the
        element the call's own iteration picks, named by the list's
        singular word or by the list's own name. Never of an input that is
        no list ("its budget" of `buyer_budget: number`), whose owner the
        word would only guess."""
        obj = self.o_input(self._tokens(items, "INPUT"))
        token = _tok(self.toks, self._tokens(items, "INPUT")[0])
        names = obj.names
        plural_name = len(names) == 1 and token.text == names[0] and singular(words_of(names[0])[-1]) != words_of(names[0])[-1]
        if not (obj.element or plural_name) or any(n in self.lex.scalars for n in names):
            raise Unsupported("'its' of an input that is no list named by its element")
        return replace(obj, element=True, own=bool(self._tokens(items, "OWN")), its=True)
    def _held_by(self, local: str) -> str | None:
        """The one slot whose result a local always is, or is null until
        (``let recipe = null``, then ``recipe = call brewer``)."""
        if local in self.lex.holds:
            return self.lex.holds[local]
        return self.lex.gathers.get(local) if local not in self.lex.appended else None

    def o_own_prior_var(self, items: list[Any]) -> Obj:
        names = self._names(self._tokens(items, "VAR")[0])
        if len(names) != 1 or (self._held_by(names[0]) is None and len(self.lex.made.get(names[0], ())) != 1):
            raise Unsupported("earlier values of a local that no one slot's results are written to")
        return Obj(owner=ITS, what="prior", local=names[0])

    def o_result(self, items: list[Any]) -> Obj:
        return Obj(source=AnyResult())

    def o_result_current(self, items: list[Any]) -> Obj:
        return Obj(source=AnyResult("current"))

    def o_result_prior(self, items: list[Any]) -> Obj:
        return Obj(source=AnyResult("prior"))

    def q_unchanged(self, items: list[Any]) -> str:
        return "unchanged"

    # ------------------------------------------------------------ sources

    def _sources(self, obj: Obj, target: Calls, subject: Subject, *, negative: bool) -> list[Source]:
        """What an object means for one target's calls."""
        if obj.source is not None:
            if isinstance(obj.source, FromInput) and obj.its and negative:
                # "never sees its own chunk": not that one, or none of them?
                raise Unsupported("'its' element of a list kept away")
            if isinstance(obj.source, FromInput) and obj.element and not negative:
                # "each mapper is given a chunk", "its own brief": the element
                # its own iteration picks, which a call outside every loop
                # has none of (the whole list is not one element of it)
                names = obj.names or (obj.source.name,)
                if target.slot is None or target.slot in self.lex.unlooped or any(n in self.lex.scalars for n in names):
                    raise Unsupported("one element of a list, received by a call in no loop")
                return [FromInput(n, element=True) for n in names]
            if isinstance(obj.source, FromInput):
                return [FromInput(n) for n in obj.names or (obj.source.name,)]
            if isinstance(obj.source, FromOthers) and obj.names and target.slot not in obj.names:
                raise Unsupported("another call of a slot the clause is not about")
            if isinstance(obj.source, FromOthers) and obj.reciprocal and len(set(subject.slots)) > 1:
                # "the reproducer and the rater never see each other's
                # output": each, the other slots' results
                return [FromSlot(s, obj.source.fields) for s in dict.fromkeys(subject.slots) if s != target.slot]
            return [obj.source]
        owner = obj.owner
        assert owner is not None
        if owner == OTHER:
            owners = [s for s in subject.slots if s != target.slot]
            if not owners and target.slot in self.lex.repeated and obj.what in ("output", "slot"):
                # "neither measurement call sees the other's profile": the
                # slot's other calls
                return [FromOthers()]
            if not owners:
                raise Unsupported("'the other' with no other slot in the subject")
            if self.one_other and len(owners) > 1:
                raise Unsupported("'the other' of a subject naming more than two slots")
        elif owner == ITS:
            if target.slot is None:
                raise Unsupported("'its' for the calls in a loop")
            if self.their_loose:
                raise Unsupported("'their' after a subject not taken one at a time")
            own = self.lex.made.get(obj.local, frozenset()) == {target.slot} if obj.local is not None else False
            if obj.local is not None and self._held_by(obj.local) != target.slot and not (obj.what == "prior" and own):
                # ("its own earlier drafts": those of the local's values that
                # the slot made, whatever else the local held first)
                raise Unsupported("'its' earlier values of a local that holds another slot's results")
            owners = [target.slot]
        else:
            owners = [owner]
        out: list[Source] = []
        for name in owners:
            if name == target.slot and owner != ITS and obj.what != "prior":
                if obj.what == "fields":
                    raise Unsupported("a slot's own fields")
                out.append(FromOthers())  # "the reviewer's output", said of reviewers
                continue
            match obj.what:
                case "output" | "slot":
                    out.append(FromSlot(name))
                case "prior":
                    out.append(FromSlot(name, age="prior"))
                case "current":
                    out.append(FromSlot(name, age="current"))
                case "every":
                    out.append(FromSlot(name, every=True))
                case "every_fields":
                    out.append(FromSlot(name, obj.fields, every=True))
                case "gathered":
                    assert obj.local is not None
                    out.append(FromSlot(name) if negative else FromVar(obj.local))
                case "collected":
                    # kept away: any of them; received: every one of them
                    out.append(FromSlot(name) if negative else FromSlot(name, every=True))
                case _:
                    out.append(FromSlot(name, obj.fields))
        return out

    def _forbid(self, subject: Subject, objs: list[Obj], *, only: bool = False) -> list[Claim]:
        if any(obj.what in ("every", "every_fields") or obj.whole for obj in objs):
            # "never sees every miner's list", "never sees the whole
            # document": not all of it, or none of it?
            raise Unsupported("'every' output or 'the whole' input kept away")
        if any(obj.both for obj in objs):
            # "never sees both the plan and the draft": one of them may reach
            raise Unsupported("'both' kept away: the pair, not each")
        out: list[Claim] = []
        for target in subject.calls:
            for obj in objs:
                if obj.what == "fields" and obj.source is None:
                    owners = self._sources(Obj(owner=obj.owner, what="slot"), target, subject, negative=True)
                    for src in owners:
                        if not isinstance(src, FromSlot):
                            raise Unsupported("fields of a slot's own calls")
                        out.append(Firewall(target, src.slot, obj.fields, only))
                    continue
                for src in self._sources(obj, target, subject, negative=True):
                    out.append(Isolation(target, src))
        return out

    def _need(
        self,
        subject: Subject,
        objs: list[Obj],
        *,
        only: bool = False,
        unchanged: bool = False,
        basis: bool = False,
        loose: bool = False,
    ) -> list[Claim]:
        if subject.negative:
            # "the totals reach neither the tabulators nor the counters": a
            # negated subject or recipient in a clause that says it receives
            raise Unsupported("a negated subject of a clause that says it receives")
        # "the drafter's rationale and text": both are needed, one by one
        objs = [Obj(owner=o.owner, what="fields", fields=(f,)) for o in objs if o.what == "fields" and o.source is None for f in o.fields] + [
            o for o in objs if not (o.what == "fields" and o.source is None)
        ]
        for o in objs:
            if o.what in ("fields", "every_fields") and any(
                f not in self.lex.keys and f not in self.lex.key_forms.values() and f not in self.lex.declared_keys for f in o.fields
            ):
                # a field the program never reads or builds: whether a call
                # receives it cannot be known before run time
                raise Unsupported("receiving a field the program never names")
        if any(o.either for o in objs):
            raise Unsupported("receiving 'either' of two values: one of them")
        # "receives both profiles", of `profile_a` and `profile_b` that
        # between them hold every result of the measurement: each of them,
        # which is every output of the measurement (one would not do)
        objs = [
            Obj(owner=o.owner, what="every", local=o.local) if o.source is None and o.names in self.lex.group_holds else o
            for o in objs
        ]
        if any(o.what in ("every", "every_fields", "collected") or o.made for o in objs) and any(
            c.slot is None or c.slot in self.lex.repeated for c in subject.calls
        ):
            # "the evaluator is handed each vendor's offer", the evaluator
            # called once per bid: all of them in each call, or each in one?
            raise Unsupported("every output, received by a slot called more than once")
        if any(o.source is None and o.names in self.lex.group_holds for o in objs):
            # "receives both profiles" needs each local; "the measurement's
            # output" would be passed by one of them
            raise Unsupported("receiving a group of locals")
        out: list[Claim] = []
        for target in subject.calls:
            needs: list[Source] = []
            originals: list[Claim] = []
            for obj in objs:
                for src in self._sources(obj, target, subject, negative=False):
                    if isinstance(src, FromOthers | OtherElements) and (
                        only or unchanged or obj.original or target.slot not in self.lex.repeated
                    ):
                        # "sees only the other reviewers' notes" would need
                        # every value passed to be another call's output
                        raise Unsupported("receiving only, or unchanged, other invocations' outputs")
                    if unchanged or obj.original:
                        if obj.element:
                            raise Unsupported("one element of a list 'as given'")
                        if isinstance(src, FromInput):
                            originals.append(Unchanged(target, FromInput(src.name, original=True)))
                            if only:
                                needs.append(FromInput(src.name, original=True))
                            continue
                        if isinstance(src, FromSlot) and src.age == "prior" and unchanged:
                            originals.append(Unchanged(target, src))
                            continue
                        if unchanged:
                            raise Unsupported("'unchanged' of something that is not an input")
                    needs.append(src)
            out += originals
            if needs:
                # a slot's fields last, as the canonical form says them
                needs.sort(key=lambda n: isinstance(n, FromSlot) and bool(n.fields))
                out.append(Receives(target, tuple(needs), only=only, basis=basis, loose=loose))
        return out

    # ------------------------------------------------------------ receiving

    def see_verb(self, items: list[Any]) -> None:
        return None

    def neg(self, items: list[Any]) -> None:
        return None

    neg_be = neg

    def _clause(self, subject: Subject, build: Callable[[Subject], list[Claim]]) -> Clause:
        return Clause(subject, build)

    def _subject(self, items: list[Any]) -> Subject:
        return next(i for i in items if isinstance(i, Subject))

    def _objs(self, items: list[Any]) -> list[list[Obj]]:
        return [i for i in items if isinstance(i, list)]

    def _said_first(self, items: list[Any]) -> list[Obj]:
        """The values a passive clause opens with: "both the plan and the
        draft are withheld from the verifier" keeps each of them away."""
        (objs,) = self._objs(items)
        if items and items[0] is objs:
            return [replace(o, both=False) for o in objs]
        return objs

    def see_neg(self, items: list[Any]) -> Clause:
        (objs,) = self._objs(items)
        return self._clause(self._subject(items), lambda s: self._forbid(s, objs))

    see_neg_passive = see_neg

    def see_neg_working(self, items: list[Any]) -> Clause:
        """"the director casts without ever seeing the names": whatever the
        slot does, it does without them. A verb of a moment ("begins
        without seeing") says nothing of the rest of its work."""
        verb = next(t for t in self._tokens(items) if t.type not in ("WITHOUT", "EVER", "SEE"))
        if str(verb).lower() in _MOMENT_VERBS:
            raise Unsupported("a verb of a moment, not of the slot's work")
        return self.see_neg(items)

    def see_neg_kept(self, items: list[Any]) -> Clause:
        """"the verifier is kept away from the plan": the slot never receives
        it (said of two slots, it reads both ways, so it is not read)."""
        return self.see_neg(items)

    def see_negsubj_can(self, items: list[Any]) -> Clause:
        """"none of the candidates can see the criteria"."""
        if str(self._tokens(items, "AUX")[0]).lower() not in _ABLE:
            raise Unsupported("a modal that says what may or must be, not what is")
        return self.see_negsubj(items)

    def see_nothing_by(self, items: list[Any]) -> Clause:
        """"the editor sees nothing the spotter produced": no output of it."""
        return self.give_nothing(items)

    def see_but_not(self, items: list[Any]) -> Clause:
        """"the technicians are told the hypothesis, but the analyst is not"."""
        return self._contrast(items, told_first=True)

    def see_not_but(self, items: list[Any]) -> Clause:
        """"the chair never sees the rules, although every reviewer does"."""
        return self._contrast(items, told_first=False)

    def _contrast(self, items: list[Any], *, told_first: bool) -> Clause:
        """One subject receives the objects and the other never does; the
        clause is about the one named first."""
        (objs,) = self._objs(items)
        first, second = (i for i in items if isinstance(i, Subject))
        if first.it or second.it:
            raise Unsupported("a pronoun in a contrast")
        if told_first:
            return self._clause(first, lambda s: self._need(s, objs) + self._forbid(second, objs))
        return self._clause(first, lambda s: self._forbid(s, objs) + self._need(second, objs))

    def give_nothing_but(self, items: list[Any]) -> Clause:
        """"nothing but the brief is passed to the proposer": it receives only that."""
        (objs,) = self._objs(items)
        return self._clause(self._subject(items), lambda s: self._need(s, objs, only=True))

    def only_except(self, items: list[Any]) -> Clause:
        """"No tester except the contrast checker is given the tokens": the
        excepted slot receives it, every other slot of the group never does
        (as "only the contrast checker is given the tokens"). The group is
        the slots a plural names, or every slot ("no slot", "every
        delegate", when no slot is named so)."""
        (objs,) = self._objs(items)
        whos = [i for i in items if isinstance(i, tuple)]
        words = [t for t in self._tokens(items) if t.type in ("ROLE", "ROLENOUN", "WORD")]
        if len(whos) == 2:
            group, excepted = (whos[1], whos[0]) if self._tokens(items)[0].type == "EXCEPT" else (whos[0], whos[1])
        elif len(whos) == 1 and len(words) == 1 and str(words[0]) in _EVERY_SLOT:
            group, excepted = tuple(sorted(self.lex.slots)), whos[0]
        else:
            raise Unsupported("an exception to no group of slots")
        others = tuple(x for x in group if x not in excepted)
        if not set(excepted) <= set(group) or not others:
            raise Unsupported("an exception that is not one of the group")
        hidden = Subject(tuple(Calls(x) for x in others))
        shown = Subject(tuple(Calls(x) for x in excepted))
        return self._clause(shown, lambda s: self._need(s, objs) + self._forbid(hidden, objs))

    def give_but_never(self, items: list[Any]) -> Clause:
        """"shown to the auditor but not to the reviewer": the first receives
        it, the second never does."""
        self._positive_recipients(items)
        objs = self._said_first(items)
        shown, hidden = (i for i in items if isinstance(i, Subject))
        if shown.it or hidden.it:
            raise Unsupported("a pronoun in a contrast")
        return self._clause(shown, lambda s: self._need(s, objs) + self._forbid(hidden, objs))

    def give_but_no(self, items: list[Any]) -> Clause:
        """"the history reaches the adjudicator and no reader"."""
        self._positive_recipients(items)
        objs = self._said_first(items)
        shown = self._subject(items)
        who = next(i for i in items if isinstance(i, tuple))
        hidden = Subject(tuple(Calls(x) for x in who))
        return self._clause(shown, lambda s: self._need(s, objs) + self._forbid(hidden, objs))

    def see_negsubj(self, items: list[Any]) -> Clause:
        subject = self._subject(items)
        (objs,) = self._objs(items)
        return self._clause(subject, lambda s: self._forbid(s, objs))

    def see_neither_verbs(self, items: list[Any]) -> Clause:
        """"the verifier neither sees the plan nor receives the goal"."""
        objs = [o for group in self._objs(items) for o in group]
        return self._clause(self._subject(items), lambda s: self._forbid(s, objs))

    def give_neither(self, items: list[Any]) -> Clause:
        """"neither the plan nor the goal reaches the verifier"."""
        self._positive_recipients(items)
        objs = [i for i in items if isinstance(i, Obj)]
        # "neither the actor's reasoning nor its self-assessment": its = the actor
        objs = objs[:1] + [self._its(o, objs[:1]) if objs[0].owner is not None else o for o in objs[1:]]
        return self._clause(self._subject(items), lambda s: self._forbid(s, objs))

    def see_neither_one(self, items: list[Any]) -> Clause:
        """"the ranker is shown neither candidate's configuration": neither
        of two named values (a group of inputs, or of locals)."""
        obj = next(i for i in items if isinstance(i, Obj))
        if not self._two(obj):
            raise Unsupported("'neither' of something that is not two named values")
        return self._clause(self._subject(items), lambda s: self._forbid(s, [obj]))

    give_neither_one = see_neither_one

    def see_neither(self, items: list[Any]) -> Clause:
        objs = [i for i in items if isinstance(i, Obj)]
        # "neither the actor's outcome nor its reasoning": its = the actor
        objs = objs[:1] + [self._its(o, objs[:1]) if objs[0].owner is not None else o for o in objs[1:]]
        return self._clause(self._subject(items), lambda s: self._forbid(s, objs))

    see_no = see_neg

    def see_pos_later(self, items: list[Any]) -> Clause:
        (objs,) = self._objs(items)
        return self._clause(
            _phased(self._subject(items), "later"), lambda s: self._need(s, objs)
        )

    def see_only_against(self, items: list[Any]) -> Clause:
        what, against = self._objs(items)
        return self._clause(self._subject(items), lambda s: self._need(s, [*what, *against], only=True))

    def see_neg_failures(self, items: list[Any]) -> Clause:
        owner = next(i for i in items if _is_name(i))
        if owner in (OTHER, ITS):
            raise Unsupported("the failures of no named slot")

        def build(s: Subject) -> list[Claim]:
            return [Isolation(c, FromSlot(owner, failures=False)) for c in s.calls]

        return self._clause(self._subject(items), build)

    def see_pos(self, items: list[Any]) -> Clause:
        (objs,) = self._objs(items)
        unchanged = "unchanged" in items
        return self._clause(self._subject(items), lambda s: self._need(s, objs, unchanged=unchanged))

    see_pos_q = see_pos

    def unchanged_denied(self, items: list[Any]) -> Clause:
        """"Receives a rewritten version of the brief", "is given the plan
        in a reworded form", "no scanner receives the rules in their
        original form": the input does not reach the slot as it was given.
        Only its denial is claimed: violated where every call is proved to
        pass the input unchanged, and otherwise not known."""
        (objs,) = self._objs(items)
        if any(not isinstance(o.source, FromInput) or o.element or o.whole or o.either for o in objs):
            raise Unsupported("a changed version of something that is not an input")
        # "no scanner receives ...": each of them, said not to
        who = next((i for i in items if isinstance(i, tuple)), None)
        subject = Subject(tuple(Calls(w) for w in who)) if who is not None else self._subject(items)
        if subject.negative or subject.it:
            raise Unsupported("a changed version received by no one named")

        def build(s: Subject) -> list[Claim]:
            return [c for c in self._need(s, objs, unchanged=True) if isinstance(c, Unchanged)]

        return self._denied(self._clause(subject, build))

    def see_pos_sofar(self, items: list[Any]) -> Clause:
        """"is shown the certified progress so far": the input as it stands
        at the call, which is what a receives claim needs. Of a slot's
        results ("the attempts so far") it may mean all of the earlier
        ones, not the latest: not read."""
        (objs,) = self._objs(items)
        if any(not isinstance(o.source, FromInput) or o.element or o.original or o.whole for o in objs):
            raise Unsupported("'so far' of something that is not an input: which of its values")
        return self.see_pos(items)

    def own_work(self, items: list[Any]) -> _OwnWork:
        first = next(t for t in items if isinstance(t, Token))
        assert first.start_pos is not None
        return _OwnWork(first.start_pos, str(first).lower())

    def see_pos_working(self, items: list[Any]) -> Clause:
        """"reads the budget memo before drawing up the plan", "is given the
        gold answers to calibrate against", "is given the answers so it can
        check its solve": what it receives, and when or why of its own work
        (a verb in -ing after "before", a verb after "to", "so (that) it
        can ..."). The words after name nothing of the pattern but what the
        slot itself makes: "before the planner runs" is another claim."""
        work = next(i for i in items if isinstance(i, _OwnWork))
        verb = work.start + 1
        while work.word == "so" and verb < len(self.toks) and self.toks[verb].kind in ("THAT", "IT", "AUX"):
            verb += 1  # "so (that) it can check ..."
        after = self.toks[verb] if verb < len(self.toks) else None
        if after is None or after.names or after.kind in ("IT", "ITS"):
            raise Unsupported("no verb of the slot's own work after the word")
        if work.word == "before" and not after.text.endswith("ing"):
            raise Unsupported("'before' and no verb of the slot's own work")
        if work.word not in ("before", "to", "so"):
            raise Unsupported(f"{work.word!r} before a clause of the slot's own work")
        subject = self._subject(items)
        self._names_nothing(verb, "a clause of the slot's own work naming what may reach it", subject.slots)
        return self.see_pos([i for i in items if not isinstance(i, _OwnWork)])

    def see_can(self, items: list[Any]) -> Clause:
        """"can read", "gets to see": it is given them. A permission ("may
        see") or a duty ("must see") says nothing of what it is given."""
        if str(self._tokens(items, "AUX")[0]).lower() not in _ABLE:
            raise Unsupported("a modal that says what may or must be, not what is")
        return self.see_pos(items)
    see_always = see_pos

    def see_rounds(self, items: list[Any]) -> Clause:
        """"In every lesson the explainer is given the profile as-is": every
        call, when the slot is called only inside the delegation's one loop."""
        return self._looped_only(self.see_pos(items), (Unchanged,))

    def see_every(self, items: list[Any]) -> Clause:
        obj = next(i for i in items if isinstance(i, Obj))
        if obj.owner in (None, OTHER, ITS) or obj.what not in ("output", "slot") or obj.local is not None:
            # "every review", of a local `review`: every value the local
            # held, which no claim kind says
            raise Unsupported("'every' of something that is not a slot's output")
        every = Obj(owner=obj.owner, what="every")
        return self._clause(self._subject(items), lambda s: self._need(s, [every]))

    def see_only(self, items: list[Any]) -> Clause:
        (objs,) = self._objs(items)
        return self._clause(self._subject(items), lambda s: self._need(s, objs, only=True))

    def see_and_only(self, items: list[Any]) -> Clause:
        """"gets the brief and only the brief": that, and nothing else. Two
        different objects ("gets the brief and only the plan") say nothing
        one can read."""
        first, second = self._objs(items)
        if first != second:
            raise Unsupported("'X and only Y' of two different things")
        return self._clause(self._subject(items), lambda s: self._need(s, first, only=True))

    def _no_agent_after(self, items: list[Any], objs: list[Obj]) -> None:
        """"sees the guide, but not the reviewer": the reviewer's output, or
        the reviewer, who does not see it? A slot named by its own name
        after the negation says either; one named by a noun for what it
        makes ("but not the reproductions") is its output."""
        if not any(o.what == "slot" for o in objs):
            return
        starts = [t.start_pos for t in self._tokens(items) if t.start_pos is not None]
        start = min(starts) + 1 if starts else 0
        for tok in self.toks[start:]:
            if tok.kind in ("COMMA", "SEMI", "COLON"):
                break
            if tok.kind == "SLOT" and any(
                words_of(name)[-1:] == [singular(tok.text.split()[-1])] for name in tok.names
            ):
                raise Unsupported("a negated slot after the objects: its output, or the slot that does not")

    def negtail(self, items: list[Any]) -> list[Obj]:
        (objs,) = self._objs(items)
        self._no_agent_after(items, objs)
        return objs

    def negfrom(self, items: list[Any]) -> list[Obj]:
        (objs,) = self._objs(items)
        return objs

    def negtail_no(self, items: list[Any]) -> list[Obj]:
        """"sees the lists and no domain context"; but not "sees the guide
        and no reviewer", which may say that no reviewer sees it."""
        (objs,) = self._objs(items)
        self._no_agent_after(items, objs)
        return objs

    def negtail_neither(self, items: list[Any]) -> list[Obj]:
        objs = [i for i in items if isinstance(i, Obj)]
        self._no_agent_after(items, objs)
        return objs

    def see_only_not(self, items: list[Any]) -> Clause:
        positive, negative = self._objs(items)
        return self._clause(self._subject(items), lambda s: self._only_not(s, positive, negative))

    def decide_only(self, items: list[Any]) -> Clause:
        (objs,) = self._objs(items)
        loose = self._loose(items)
        return self._clause(self._subject(items), lambda s: self._need(s, objs, only=True, basis=True, loose=loose))

    def decide_alone(self, items: list[Any]) -> Clause:
        """"works from the brief alone", "relies on the summaries only": what
        it bases its work on. After a verb of receiving ("receives the goal
        only") the word may limit what it sees or only what it works from,
        and is not read."""
        limit = [t for t in self._tokens(items) if t.type in ("ONLY", "INDEP")]
        verb = [t for t in self._tokens(items) if t.type in ("SEE", "RELY", "DECIDE")]
        if str(limit[-1]).lower() not in ("only", "solely", "alone", "exclusively"):
            raise Unsupported("a word after the objects that does not limit them")
        if not verb or str(verb[0]).lower() not in _BASIS_VERBS:
            raise Unsupported("'only' after the objects of a verb of receiving")
        return self.decide_only(items)

    def decide_only_not(self, items: list[Any]) -> Clause:
        positive, negative = self._objs(items)
        loose = self._loose(items)
        return self._clause(
            self._subject(items),
            lambda s: self._need(s, positive, only=True, basis=True, loose=loose) + self._forbid(s, negative),
        )

    def _loose(self, items: list[Any]) -> bool:
        """Whether the verb leaves open if inputs count: "decides",
        "judges", "rules" and "bases" speak of evidence, and a delegate's
        inputs are its context; "works", "relies", "acts" do not say."""
        verbs = [str(t).lower() for t in self._tokens(items, "DECIDE")]
        return not verbs or verbs[0] not in EVIDENCE_VERBS

    def _only_not(self, subject: Subject, positive: list[Obj], negative: list[Obj]) -> list[Claim]:
        """"sees only X, never Y": Y is forbidden; X is what it may see. When
        Y names fields, "only" is the firewall's: of the other delegates'
        outputs, only that slot's reach the subject."""
        negative = [self._its(o, positive) for o in negative]
        fields = [o for o in negative if o.what == "fields"]
        if fields:
            out = self._forbid(subject, negative, only=True)
            keep = [o for o in positive if not (o.source is not None and isinstance(o.source, FromField))]
            if any(o.owner not in (f.owner for f in fields) for o in keep if o.owner is not None):
                raise Unsupported("'only' a slot other than the one whose fields are hidden")
            return out
        return self._need(subject, positive, only=True) + self._forbid(subject, negative)

    def _its(self, obj: Obj, context: list[Obj]) -> Obj:
        """"not its reasoning" after "the other's argument": its = the other."""
        if obj.owner != ITS or obj.what != "fields" or obj.own:
            return obj
        owners = [o.owner for o in context if o.owner is not None]
        if len(set(owners)) != 1:
            raise Unsupported("'its' with no single owner before it")
        return Obj(owner=owners[0], what="fields", fields=obj.fields)

    def see_pos_not(self, items: list[Any]) -> Clause:
        positive, negative = self._objs(items)
        return self._clause(
            self._subject(items),
            lambda s: self._need(s, positive) + self._forbid(s, [self._its(o, positive) for o in negative]),
        )

    def see_not_only(self, items: list[Any]) -> Clause:
        negative, positive = self._objs(items)
        return self._clause(
            self._subject(items), lambda s: self._forbid(s, negative) + self._need(s, positive, only=True)
        )

    # ------------------------------------------------------------ giving (object first)

    def _positive_recipients(self, items: list[Any]) -> None:
        """A negated recipient ("withheld from no cataloguer", "never given
        to neither") is a second negation no giving rule gives a meaning."""
        if any(isinstance(i, Subject) and i.negative for i in items):
            raise Unsupported("a negated recipient of this giving")

    def give_neg(self, items: list[Any]) -> Clause:
        self._positive_recipients(items)
        objs = self._said_first(items)
        return self._clause(self._subject(items), lambda s: self._forbid(s, objs))

    def give_others_neg(self, items: list[Any]) -> Clause:
        """"One reviewer's notes are never shown to another": what each
        call of one slot made never reaches that slot's other calls."""
        objs = self._said_first(items)
        owners = {obj.owner for obj in objs}
        if len(owners) != 1 or any(obj.what not in ("output", "fields") or obj.source is not None for obj in objs):
            raise Unsupported("kept from the other calls: what is not one slot's own output or fields")
        (owner,) = owners
        if owner not in self.lex.slots:
            raise Unsupported("kept from the other calls of no named slot")
        named = {n for i in items if isinstance(i, tuple) for n in i}
        if named - {owner}:
            raise Unsupported("the other calls of another slot than the one whose work is named")
        if any(_tok(self.toks, t).text != "one" for t in self._tokens(items, "NUMBER")):
            raise Unsupported("the work of several calls kept from another")
        if not named and not self._tokens(items, "NUMBER") and not self._tokens(items, "EVERY"):
            # "the planner's output is never shown to another": another
            # delegate, or another planner call? Only "one ... another" says
            raise Unsupported("'another' alone after a slot's work not said of one call")
        if owner not in self.lex.repeated:
            raise Unsupported("the other calls of a slot called once")
        for token in self._tokens(items, "INPUT"):
            if not any(owner in self.lex.walkers.get(n, ()) for n in self._names(token)):
                raise Unsupported("the calls on other elements of a list the slot does not walk")
        # (the slot's own output, said of it, is its other calls' output)
        return self._clause(Subject((Calls(owner),)), lambda s: self._forbid(s, objs))

    def give_neg_owner(self, items: list[Any]) -> Clause:
        """"What the antithesis argued in earlier rounds is kept from it":
        the earlier work of one named slot, kept from that slot (of its
        work as such, "the plan is kept from it", "it" is no slot named)."""
        (objs,) = self._objs(items)
        owners = {o.owner for o in objs}
        if len(owners) != 1 or any(o.source is not None or o.what != "prior" for o in objs):
            raise Unsupported("'it' after what is not one named slot's earlier work")
        (owner,) = owners
        if not isinstance(owner, str) or owner not in self.lex.slots:
            raise Unsupported("'it' after what is not one named slot's earlier work")
        return self._clause(Subject((Calls(owner),)), lambda s: self._forbid(s, objs))

    def give_withheld(self, items: list[Any]) -> Clause:
        self._positive_recipients(items)
        objs = self._said_first(items)
        subjects = [i for i in items if isinstance(i, Subject)]
        calls = tuple(c for subject in subjects for c in subject.calls)
        return self._clause(Subject(calls), lambda s: self._forbid(s, objs))

    def see_only_own(self, items: list[Any]) -> Clause:
        """"the verifier's only input is the executor's work"."""
        who = next(i for i in items if isinstance(i, tuple))
        (objs,) = self._objs(items)
        return self._clause(Subject(tuple(Calls(x) for x in who)), lambda s: self._need(s, objs, only=True))

    def giver(self, items: list[Any]) -> str | None:
        who = next((i for i in items if isinstance(i, tuple)), None)
        if who is None:
            return None  # the pattern
        if len(who) != 1:
            raise Unsupported("several slots handing something on")
        return str(who[0])

    def _handed(self, items: list[Any]) -> tuple[list[Obj], Subject]:
        """What is handed on: by the pattern, anything; by a slot, only its
        own work ("the executor hands its work to the verifier"), since what
        a slot is said to hand on of anything else goes there from the
        pattern, not from it."""
        giver = next((i for i in items if isinstance(i, str) and not isinstance(i, Token)), None)
        (objs,) = self._objs(items)
        if giver is not None:
            owned = []
            for o in objs:
                if o.owner == ITS and o.what == "output":
                    o = replace(o, owner=giver)
                if o.owner != giver or o.what != "output":
                    # "passes its plan on": a field of its result, or its
                    # result, as the sentence may mean; not read
                    raise Unsupported("a slot handing on what is not its whole result")
                owned.append(o)
            objs = owned
        return objs, self._subject(items)

    def hand_pos(self, items: list[Any]) -> Clause:
        self._positive_recipients(items)
        objs, recipients = self._handed(items)
        return self._clause(recipients, lambda s: self._need(s, objs))

    def hand_neg(self, items: list[Any]) -> Clause:
        self._positive_recipients(items)
        objs, recipients = self._handed(items)
        return self._clause(recipients, lambda s: self._forbid(s, objs))

    def give_withheld_but(self, items: list[Any]) -> Clause:
        """"withheld from A but shown to B": A never receives it, B does."""
        self._positive_recipients(items)
        objs = self._said_first(items)
        hidden, shown = (i for i in items if isinstance(i, Subject))
        return self._clause(hidden, lambda s: self._forbid(s, objs) + self._need(shown, objs))

    def give_nothing(self, items: list[Any]) -> Clause:
        """"Nothing the actor produces reaches the arbiter": no output of it."""
        self._positive_recipients(items)
        owner = next(i for i in items if _is_name(i))
        if owner in (OTHER, ITS):
            raise Unsupported("nothing of no named slot")
        objs = [Obj(owner=owner, what="output")]
        return self._clause(self._subject(items), lambda s: self._forbid(s, objs))

    def give_pos(self, items: list[Any]) -> Clause:
        (objs,) = self._objs(items)
        unchanged = "unchanged" in items
        subject = self._subject(items)
        if subject.negative and not unchanged:
            # "the totals reach neither the tabulators nor the counters",
            # "the key reaches no grader": those never receive them
            return self._clause(Subject(subject.calls), lambda s: self._forbid(s, objs))
        return self._clause(subject, lambda s: self._need(s, objs, unchanged=unchanged))

    give_pos_q = give_pos

    def give_only_to(self, items: list[Any]) -> Clause:
        self._positive_recipients(items)
        if any(str(t).lower() not in _ALONE for t in self._tokens(items, "INDEP")):
            # "is given to the auditor separately" says how, not to whom alone
            raise Unsupported("a word of independence that does not say 'alone'")
        (objs,) = self._objs(items)
        subject = self._subject(items)

        def build(s: Subject) -> list[Claim]:
            others = Subject(tuple(Calls(x) for x in sorted(self.lex.slots) if x not in s.slots))
            return self._need(s, objs) + self._forbid(others, objs)

        return self._clause(subject, build)

    def only_subject(self, items: list[Any]) -> Clause:
        """"only the recruiter is given the name": it is, and no other slot is."""
        subject = self._subject(items)
        if any(c.phase != "all" or c.given for c in subject.calls):
            raise Unsupported("only some calls of a slot: its other calls are not other slots")
        return self.give_only_to(items)

    # ------------------------------------------------------------ independence

    @staticmethod
    def _apart(s: Subject) -> list[Claim]:
        """"Reviewers work independently": no call sees another's output;
        "the planner and the executor work independently": neither sees
        the other's (what a slot's own other calls made is not said)."""
        slots = list(dict.fromkeys(s.slots))
        if len(slots) > 1:
            return [Isolation(c, FromSlot(o)) for c in s.calls for o in slots if o != c.slot]
        return [Isolation(c, FromOthers()) for c in s.calls]

    def indep(self, items: list[Any]) -> Clause:
        return self._clause(self._subject(items), self._apart)

    def indep_given(self, items: list[Any]) -> Clause:
        given = frozenset(self._names(self._tokens(items, "INPUT")[0]))
        slot = self._name(self._tokens(items, "SLOT")[0])
        subject = Subject((Calls(slot, given),))
        return self._clause(subject, lambda s: [Isolation(c, FromOthers()) for c in s.calls])

    def indep_and_not(self, items: list[Any]) -> Clause:
        (objs,) = self._objs(items)
        return self._clause(
            self._subject(items),
            lambda s: self._apart(s) + self._forbid(s, objs),
        )

    def influence(self, items: list[Any]) -> Clause:
        slot = self._name(self._tokens(items, "SLOT")[0])
        a, b = (self._names(t) for t in self._tokens(items, "INPUT"))
        subject = Subject((Calls(slot, frozenset(b)),))
        return self._clause(subject, lambda s: [Isolation(s.calls[0], FromSlot(slot, given=frozenset(a)))])

    def influence_on(self, items: list[Any]) -> Clause:
        (objs,) = self._objs(items)
        return self._clause(self._subject(items), lambda s: self._forbid(s, objs))

    # ------------------------------------------------------------ gating

    # ------------------------------------------------------------ denials

    def _denied(self, clause: Clause) -> Clause:
        """The clause's claims, each said not to hold."""

        def build(s: Subject) -> list[Claim]:
            claims = clause.build(s)
            if any(isinstance(c, Firewall | Denied) for c in claims):
                raise Unsupported("a denied firewall: its fields are removed at run time")
            return [Denied(c) for c in claims]

        return Clause(clause.subject, build)

    def denied(self, items: list[Any]) -> Clause:
        return self._denied(next(i for i in items if isinstance(i, Clause)))

    def bounded_denied(self, items: list[Any]) -> Clause:
        return self._denied(self.bounded(items))

    def bounded_none(self, items: list[Any]) -> Clause:
        """"The loop has no bound": of the delegation's only loop, whose
        whole bound is a config entry, that it is not bounded by it."""
        if self.lex.loop_count != 1 or self.lex.sole_bound is None:
            raise Unsupported("no bound, said of no single loop with a named bound")
        return self._denied(self.bounded([*items, self.lex.sole_bound]))

    def gated_denied_verdict(self, items: list[Any]) -> Clause:
        if str(self._tokens(items, "REGARDLESS")[0]).lower() != "regardless of":
            raise Unsupported("a verdict after 'even when'")
        return self.gated_denied(items)

    def gated_denied(self, items: list[Any]) -> Clause:
        if any(not str(t).lower().startswith("not ") for t in self._tokens(items, "REFUSAL")):
            # "even when the guard has not approved"; not "has a veto"
            raise Unsupported("a refusal word where 'not approved' is meant")
        return self._denied(self.gated(items))

    def ordered_denied(self, items: list[Any]) -> Clause:
        return self._denied(self.ordered(items))

    def _in_parallel(self, items: list[Any]) -> None:
        if [str(t).lower() for t in self._tokens(items, "WORD")] != ["parallel"]:
            raise Unsupported("a way of working other than in parallel, set against an order")

    def ordered_parallel(self, items: list[Any]) -> Clause:
        """"Surveyors work in parallel, not one after another": not in order."""
        self._in_parallel(items)
        return self._denied(self.ordered(items))

    def ordered_parallel_over(self, items: list[Any]) -> Clause:
        """"Reviewers read the materials in parallel rather than in sequence"."""
        self._in_parallel(items)
        return self._denied(self.ordered_over(items))

    def unaware_denied(self, items: list[Any]) -> Clause:
        hidden = next(i for i in items if isinstance(i, list))
        marked = {t.type for t in self._tokens(items)} & {"THAT", "OF"}
        if not marked and _tok(self.toks, hidden[0]).kind != "IT":
            # "knows it is part of a dialectic" is a fact known; "learns from
            # its failures" is what it does
            raise Unsupported("knowing, said of no fact")
        return self._denied(self.unaware(items))

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

    def gated_verb(self, items: list[Any]) -> Clause:
        """"The herald announces only when the auctioneer approves": what
        the slot does, a verb the reader does not know, is what its call
        does, so its calls run only on the approval. Not a verb of waiting,
        going on or ending ("the worker stops only when the critic
        approves" says when a loop ends, not when the worker runs), nor a
        word of how ("usually")."""
        verb = str(self._tokens(items)[0]).lower()
        if not verb.isalpha() or verb.endswith("ly") or verb in _NOT_WORK:
            raise Unsupported(f"'{verb}': not a verb of what the slot's call does")
        return self.gated(items)

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

    # ------------------------------------------------------------ fail-safe

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
        return Clause(None, lambda s: [FailSafe(approver, refusal=refusal)])

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
        return _Tail(refusal=True)

    def refusal_tail_act(self, items: list[Any]) -> _Tail:
        """"Never counts as certification", of a certifier: as its approval,
        said by the noun of what it does."""
        tok = _tok(self.toks, self._tokens(items, "ACT")[0])
        if not _act_noun(tok.text, tok.names[0]):
            raise Unsupported(f"'{tok.text}': not a noun for what a slot does")
        if not any(self.lex.acts.get(w) == tok.names[0] for w in KINDS["APPROVE"]):
            # "never counts as an audit": an audit is no approval
            raise Unsupported(f"'{tok.text}': what the slot does is not to approve")
        return _Tail(refusal=True, approval_of=tok.names[0])

    def refusal_effect(self, items: list[Any]) -> _Tail:
        return _Tail(refusal=True)

    failsafe_effect = block_tail

    def run_noun(self, items: list[Any]) -> Token:
        """What a blocked run is called ("the production", "the run"): its
        word, which may name a slot's action."""
        token: Token = items[0]
        return token

    # ------------------------------------------------------------ unaware

    def hword(self, items: list[Any]) -> Token:
        token: Token = items[0]
        return token

    def hidden(self, items: list[Any]) -> list[Token]:
        if any(_tok(self.toks, t).text in ("who", "whom") for t in items):
            # "does not know who the student is": someone's identity, not a
            # fact that words in a prompt could give away
            raise Unsupported("not knowing who someone is")
        if any(_tok(self.toks, t).text == "which" for t in items):
            # "is never told which language the source was written in": a
            # value (the pattern's data, often under another word), not a fact
            raise Unsupported("not knowing which one something is")
        return list(items)

    def _terms(self, hidden: list[Token], subject: Subject) -> tuple[str, ...]:
        """The words that name the hidden fact: other slots, and content words
        ("being watched", "part of a dialectic"), but not a verb after an
        auxiliary ("will rule"), not the program's own data, and not the
        owner's things after a possessive."""
        toks = [_tok(self.toks, t) for t in hidden]
        terms: list[str] = []
        for i, tok in enumerate(toks):
            before = toks[i - 1].kind if i > 0 else ""
            if before in ("ITS", "OWN") or (before == "POSS" and i > 1 and toks[i - 2].kind != "WORD"):
                # the owner's own thing ("its review", "the critic's notes");
                # after an owner the pattern has no name for ("somebody's
                # fallback") the word is the fact's
                continue
            # "a refinement loop", "part of an ensemble": a word that shares
            # its stem with a slot's name stands for the slot and for
            # itself, in one reading (the word's other readings are dropped)
            stem = self._stem_slot(tok.text)
            if stem is not None and tok.kind != "SLOT":
                raise Unsupported(f"{tok.text!r}, read with the slot {stem!r} it shares a stem with")
            # what another slot named in the fact acts on ("that a validator
            # will check the cleaned data") is the pattern's data, not the fact
            acted = self._acted_on(hidden[:i])
            if tok.kind == "SLOT":
                terms += [n for n in tok.names if n not in terms and n not in subject.slots]
                if stem is not None and not acted and tok.text not in terms and tok.text not in _HIDDEN_STOP:
                    terms.append(tok.text)
                continue
            if acted and tok.kind == "INPUTS":
                continue  # "the cleaned data": a word for the data
            if before == "AUX" or tok.kind in ("VAR", "INPUT", "FIRST", "PRIOR", "LATER", "CURRENT"):
                continue
            if tok.article and tok.text in self.lex.variables:
                continue  # "the proposal": the pattern's data, whatever the word's kind
            for word in tok.text.split():
                if re.fullmatch(r"[a-z][a-z_]*", word) and word not in _HIDDEN_STOP and word not in terms:
                    if word in self.lex.variables or (" " in tok.text and stem is None and any(self._stem_slot(t.text) for t in toks)):
                        # a local's name, or a phrase cut in words, beside a
                        # word read with a slot: the canonical form would not
                        # read back as these terms
                        raise Unsupported(f"{word!r} as a word of a hidden fact")
                    terms.append(word)
        return tuple(terms)

    def _stem_slot(self, text: str) -> str | None:
        """The slot a single word names only by sharing its stem ("refinement"
        of `refiner`), the way the tokenizer reads it; None otherwise."""
        if " " in text or len(text) < 6 or text in self.lex.key_forms or (text,) in self.lex.forms:
            return None
        return self.lex.stems.get(text[:6])

    def unaware(self, items: list[Any], *, mention: bool = False) -> Clause:
        hidden = next(i for i in items if isinstance(i, list))
        if any(_tok(self.toks, t).text in ("who", "whom") for t in self._tokens(items, "THAT")):
            raise Unsupported("not knowing who someone is")  # see hidden()
        if any(_tok(self.toks, t).text == "which" for t in self._tokens(items, "THAT")):
            # "is told which vessel it is signing off", "never learns which
            # page was audited": which value it is given, not a fact; but
            # "which attempt it is judging", "which planning round it is
            # reviewing" speak of the calls, which no value names
            lead = [_tok(self.toks, t).kind for t in hidden[:2]]
            if not (lead[:1] == ["CALLS"] or lead[:2] in (["WORD", "CALLS"], ["ACT", "CALLS"])):
                raise Unsupported("not knowing which one something is")
        marked = mention or {t.type for t in self._tokens(items)} & {"THAT", "OF", "ABOUT", "UNAWARE"}
        kinds = {_tok(self.toks, t).kind for t in hidden}
        verbs = {"BE", "AUX", "HAVE", "RUN", "CALLED", "KNOW", "SEE", "GIVEN", "EVALUATE", "BEHAVE", "APPROVE", "BLOCK"}
        # a possessive with no verb is a thing however long ("a carrier's
        # confirmation code"), not a fact
        noun_phrase = kinds <= {"SLOT", "INPUT", "VAR", "FIELD", "POSS", "ITS", "OWN", "OUTPUT", "ORIGINAL"} or (
            "POSS" in kinds and not kinds & verbs
        ) or (
            # "never learns the privilege basis": a name and a noun
            "SLOT" in kinds and kinds <= {"SLOT", "WORD"} and len(hidden) > 1
        ) or (
            # "never learns what the conflict finder found": the slot's
            # output, a thing
            _tok(self.toks, hidden[0]).kind == "ANYTHING" and kinds <= {"ANYTHING", "SLOT", "AUTHORED", "PRODUCED"} and "SLOT" in kinds
        )
        if "POSS" in kinds and not kinds & verbs:
            # "is told nothing about the pharmacist's verdict": a delegate's
            # thing is what reaches the slot, however it is introduced
            raise Unsupported("not knowing a thing of a delegate's rather than a fact")
        if not marked and noun_phrase:
            # "never learns the buyer's budget": a thing, not a fact; that
            # is what a slot receives, not what it knows
            raise Unsupported("not knowing a thing rather than a fact")
        data_keys = self.lex.read_keys | self.lex.declared_keys
        lead = [_tok(self.toks, t).kind for t in hidden]
        if (lead == ["INPUT"] and marked) or lead == ["THERE", "BE", "INPUT"]:
            # "is unaware of the budget", "does not know there is a budget":
            # of an input named in one word, by that word, that nothing it is
            # given names: not the input (its name names it), nor a word of it
            token = _tok(self.toks, hidden[-1])
            if len(token.names) != 1 or "_" in token.names[0] or token.text != token.names[0]:
                raise Unsupported("an input not named by its one word")
            return self._clause(self._subject(items), lambda s: [Unaware(c, token.names) for c in s.calls])
        if any(
            (
                _tok(self.toks, t).kind in ("INPUT", "VAR")
                # "never learns which name the perfumer chose": a field of a
                # result is the program's data too
                or (
                    _tok(self.toks, t).kind in ("FIELD", "WORD")
                    and bool({*_tok(self.toks, t).names, _tok(self.toks, t).text.replace(" ", "_")} & data_keys)
                )
            )
            and (k == 0 or _tok(self.toks, hidden[k - 1]).kind not in _NOT_TOPIC)
            and not self._acted_on(hidden[:k])
            for k, t in enumerate(hidden)
        ):
            # "never learns which tier wrote each report", "is not told that
            # either party has a budget": a fact about the program's own data
            # is about what a slot receives, which terms in a prompt cannot
            # show; the data may only stand where it is not the topic
            # (_NOT_TOPIC: "that its output is weighed against the proposal")
            raise Unsupported("a hidden fact about the pattern's own data")
        if lead == ["OTHER", "WORD"] and _tok(self.toks, hidden[1]).text in ("exists", "exist"):
            # "neither role is told that the other exists", of two slots:
            # each, of the other one
            def others(s: Subject) -> list[Claim]:
                pair = tuple(dict.fromkeys(s.slots))
                if len(pair) != 2 or s.it:
                    raise Unsupported("'the other', of a subject that is not two slots")
                return [Unaware(c, tuple(x for x in pair if x != c.slot)) for c in s.calls]

            return self._clause(self._subject(items), others)
        if kinds & {"ANOTHER", "OTHER", "PEER", "EACHOTHER"}:
            # "unaware that another researcher tried first": which delegates
            # "another" stands for is not said, so no term can stand for them
            raise Unsupported("another delegate, unnamed, in a hidden fact")

        def build(s: Subject) -> list[Claim]:
            terms = self._terms(hidden, s)
            if not terms:
                raise Unsupported("nothing named as hidden")
            return [Unaware(c, terms) for c in s.calls]

        return self._clause(self._subject(items), build)

    unaware_negsubj = unaware

    def _acted_on(self, before: list[Token]) -> bool:
        """The data that follows these words is what another slot acts on
        ("that a safety officer reviews the plan"): the fact is the slot's
        doing, and the data is not its topic."""
        kinds = [_tok(self.toks, t).kind for t in before]
        return "SLOT" in kinds and bool(set(kinds[kinds.index("SLOT") + 1 :]) & _ACTION_KINDS)

    def unaware_mention(self, items: list[Any]) -> Clause:
        """"nothing passed to the proposer mentions an adversary": of another
        slot, what the slot is given never names it."""
        hidden = next(i for i in items if isinstance(i, list))
        if {_tok(self.toks, t).kind for t in hidden} != {"SLOT"}:
            raise Unsupported("a mention of something other than a slot")
        return self.unaware(items, mention=True)

    def unaware_mention_that(self, items: list[Any]) -> Clause:
        """"Nothing the advancer is given mentions that a certifier checks
        its steps": what the slot is given never names the fact."""
        return self.unaware(items, mention=True)

    def _which_input(self, items: list[Any]) -> Obj:
        """"which region the failed bid was for": the input `region`, named
        by its own words (not an element of a list input, "which tier wrote
        each report", which is a pairing, not the list)."""
        (which,) = self._tokens(items, "THAT")
        after = [_tok(self.toks, t).kind for i in items if isinstance(i, list) for t in i]
        # "is not told who the incumbent is": the input that names someone,
        # said by its own name with nothing after it but "is"
        who = str(which).lower() in ("who", "whom") and after == ["BE"]
        if str(which).lower() != "which" and not who:
            raise Unsupported("told that or who, not which")
        (token,) = self._tokens(items, "INPUT")
        names = self._names(token)
        if len(names) != 1 or _tok(self.toks, token).text != names[0].replace("_", " "):
            raise Unsupported("which one of something other than one input, named by its name")
        if any(_tok(self.toks, t).kind == "IT" for i in items if isinstance(i, list) for t in i):
            # "which document it is checking": the slot works on it, so the
            # question is which one it is, not whether the slot has it
            raise Unsupported("which one of what the slot itself works on")
        return Obj(source=FromInput(names[0]), names=names)

    def _who_input(self, items: list[Any]) -> Obj:
        """"who the student is": the one input named for that person's
        name or id (`student_name`, `student_id`)."""
        (who,) = self._tokens(items, "THAT")
        if str(who).lower() not in ("who", "whom"):
            raise Unsupported("which or that, not who")
        (word,) = self._tokens(items, "WORD")
        text = _tok(self.toks, word).text
        found = [n for n in sorted(self.lex.inputs) if n in (f"{text}_name", f"{text}_id", f"{singular(text)}_name", f"{singular(text)}_id")]
        if len(found) != 1:
            raise Unsupported("who someone is, with no one input naming them")
        return Obj(source=FromInput(found[0]), names=(found[0],))

    def told_who(self, items: list[Any]) -> Clause:
        obj = self._who_input(items)
        return self._clause(self._subject(items), lambda s: self._need(s, [obj]))

    def told_who_neg(self, items: list[Any]) -> Clause:
        obj = self._who_input(items)
        return self._clause(self._subject(items), lambda s: self._forbid(s, [obj]))

    def told_which(self, items: list[Any]) -> Clause:
        obj = self._which_input(items)
        return self._clause(self._subject(items), lambda s: self._need(s, [obj]))

    def told_which_neg(self, items: list[Any]) -> Clause:
        obj = self._which_input(items)
        return self._clause(self._subject(items), lambda s: self._forbid(s, [obj]))

    def unaware_tells(self, items: list[Any]) -> Clause:
        """"Nothing tells the proposer that an adversary will go after its
        proposal": the slot is not told it."""
        (verb,) = self._tokens(items, "WORD")
        if str(verb).lower() not in _TELLS:
            raise Unsupported("nothing does something other than tell")
        return self.unaware(items)

    def unaware_others(self, items: list[Any]) -> Clause:
        return self._clause(
            self._subject(items),
            lambda s: [Unaware(c, tuple(words_of(c.slot)) if c.slot else (), others=True) for c in s.calls],
        )

    # ------------------------------------------------------------ order

    def order_of(self, items: list[Any]) -> OrderOf:
        if any(str(t).lower() != "following" for t in self._tokens(items, "LATER")):
            raise Unsupported("an order said with 'later' or 'subsequent', not 'following'")
        return OrderOf(self._name(self._tokens(items, "INPUT")[0]))

    def own_order(self, items: list[Any]) -> None:
        """"In teaching order": an order the pattern's own text names ("unit
        titles, in teaching order"), that of the list as it is given; any
        other word may name an order the list need not have."""
        (word,) = [_tok(self.toks, t) for t in self._tokens(items, "WORD")]
        if (word.text.lower(), "order") not in self.lex.bigrams:
            raise Unsupported(f"'in {word.text} order': an order the pattern does not name")
        return None

    def _order_of(self, items: list[Any], over: str | None = None) -> str | None:
        """The list a sentence says the calls keep the order of: "in chunk
        order", or the list named before; the two must agree."""
        said = next((i.name for i in items if isinstance(i, OrderOf)), None)
        if said is not None and over is not None and said != over:
            raise Unsupported("the order of one list, said of another")
        return said or over

    def ordered(self, items: list[Any]) -> Clause:
        if any(str(t).lower() != "slot" for t in self._tokens(items, "ROLENOUN")):
            raise Unsupported("an order named by a noun for a delegate")
        over = self._order_of(items)
        of_who = [i for i in items if isinstance(i, tuple)]  # "in the order of the delegates slot"

        def build(s: Subject) -> list[Claim]:
            if of_who and any(c.slot not in of_who[0] for c in s.calls):
                raise Unsupported("calls in the order of another slot")
            return [Ordered(c, over or c.slot) for c in s.calls if c.slot is not None]

        return self._clause(self._subject(items), build)

    def ordered_verb(self, items: list[Any]) -> Clause:
        """"The surveyors visit in their declared order": whatever each call
        does, the calls walk the sequence in order. The word must be a verb
        of the calls, not a word that qualifies them ("usually")."""
        (verb,) = self._tokens(items, "WORD")
        if not str(verb).isalpha() or str(verb).lower().endswith("ly"):
            raise Unsupported(f"'{verb}': not a verb of what each call does")
        return self.ordered(items)

    def ordered_over(self, items: list[Any]) -> Clause:
        over = self._order_of(items, self._name(self._tokens(items, "INPUT")[0]))
        assert over is not None
        return self._clause(self._subject(items), lambda s: [Ordered(c, over) for c in s.calls])

    ordered_over_subj = ordered_over

    def ordered_over_verb(self, items: list[Any]) -> Clause:
        (verb,) = self._tokens(items, "WORD")
        if not str(verb).lower().endswith("s"):
            raise Unsupported(f"'{verb}': not a verb of what the slot does with each")
        return self.ordered_over(items)

    def ordered_handled(self, items: list[Any]) -> Clause:
        """"Tickets are classified one at a time": the calls of the one slot
        a `for` over the list calls."""
        over = self._order_of(items, self._name(self._tokens(items, "INPUT")[0]))
        assert over is not None
        walkers = self.lex.walkers.get(over, frozenset())
        if len(walkers) != 1:
            raise Unsupported("a list handled one at a time, by no single slot")
        (slot,) = walkers
        named = {self.lex.acts.get(str(t).lower()) for t in self._tokens(items, "HANDLED")} - {None, slot}
        if named:
            # "essays are mapped one at a time", where the mapper is not the
            # slot the loop over the essays calls
            raise Unsupported("a verb named for another slot than the one the loop calls")
        return Clause(None, lambda s: [Ordered(Calls(slot), over)])

    def ordered_handled_by(self, items: list[Any]) -> Clause:
        """"Tickets are classified one at a time": the calls of the slot the
        verb is named for, which a loop over the list calls."""
        over = self._order_of(items, self._name(self._tokens(items, "INPUT")[0]))
        assert over is not None
        slot = self._name(self._tokens(items, "SLOT")[0])
        if slot not in self.lex.walkers.get(over, frozenset()):
            raise Unsupported("a list handled by a slot no loop over it calls")
        return Clause(None, lambda s: [Ordered(Calls(slot), over)])

    def ordered_given(self, items: list[Any]) -> Clause:
        (objs,) = self._objs(items)
        inputs = [o.source.name for o in objs if isinstance(o.source, FromInput)]
        if inputs:
            self._order_of(items, inputs[0])
        if len(inputs) != 1 or len(objs) != 1:
            raise Unsupported("order over something that is not one input")
        return self._clause(self._subject(items), lambda s: [Ordered(c, inputs[0]) for c in s.calls])

    def ordered_results(self, items: list[Any]) -> Clause:
        who = next(i for i in items if isinstance(i, tuple))
        return Clause(None, lambda s: [Ordered(None, who[0], results=True)])

    # ------------------------------------------------------------ bounds

    def bound(self, items: list[Any]) -> str:
        token = items[0]
        if token.type == "INPUT":
            return self._name(token)
        number = _NUMBERS.get(str(token).lower(), str(token))
        if not number.isdigit():
            raise Unsupported(f"a count that is not a number: {token}")
        return str(int(number))

    def loop_noun(self, items: list[Any]) -> _CountedBy | _LoopAround | _LoopNamed | None:
        """"The retry loop", "the drafting loop": a word before "loop" must
        name the pattern's loop — a noun for rounds, a slot called in a
        loop (or the action it is named for), a word the pattern's own text
        puts before "loop" ("the refinement loop"), the loop's own variable
        or local ("the trial loop" of ``... as trial``), or any word when
        the delegation has only one loop; otherwise it may name another."""
        toks = [_tok(self.toks, t) for t in self._tokens(items)]
        if len(toks) < 2 or self.lex.loop_count == 1:
            return None
        first, loop = toks[0], toks[-1]
        looped = self.lex.looped
        match first.kind:
            case "CALLS" | "LOOP":
                return None
            case "SLOT" if set(first.names) <= looped:
                # "the editor loop", of several: the loop the editor is
                # called in, which the check finds (not whichever loop the
                # bound bounds)
                if len(first.names) != 1:
                    raise Unsupported(f"'the {first.text} loop': the loop of which slot is not said")
                return _LoopAround(first.names[0])
            case "WORD" | "VAR" | "INPUT" if self.lex.acts.get(first.text) in looped:
                return _LoopAround(self.lex.acts[first.text])
            case "WORD" | "VAR" | "INPUT" if first.text in self.lex.loop_words:
                # "the trial loop" of `... as trial`: that loop, which the
                # check finds by its name
                names = self.lex.loop_names.get(first.text, frozenset())
                if len(names) != 1:
                    raise Unsupported(f"'the {first.text} loop': the loop of which name is not said")
                return _LoopNamed(next(iter(names)))
            case "WORD" | "VAR" | "INPUT" if (first.text, loop.text) in self.lex.bigrams:
                return None
        if first.kind in ("WORD", "OUTPUT") and " " not in first.text:
            # "the rerun loop is bounded by `max_reruns`": named for what its
            # bound counts, which `bounded` checks
            return _CountedBy(first.text)
        raise Unsupported(f"'the {first.text} loop': which of the delegation's loops is not said")

    def process_noun(self, items: list[Any]) -> None:
        """"The negotiation", "the verification": a noun for the pattern's
        loop, when the delegation has one loop, or the word names it (its
        variable or local, the action of a slot called in a loop)."""
        (tok,) = [_tok(self.toks, t) for t in self._tokens(items)]
        if tok.kind == "PATTERN" or self._names_the_loop(tok.text):
            return None
        raise Unsupported(f"'the {tok.text}': which of the delegation's loops is not said")

    def rounds_noun(self, items: list[Any]) -> None:
        """"verification rounds", "rounds of cooking and tasting": the words
        around a noun for rounds must name the pattern's loop."""
        toks = [_tok(self.toks, t) for t in self._tokens(items)]
        for tok, after in zip(toks, [*toks[1:], None], strict=True):
            if tok.kind == "WHOLE":
                # "full runs", where the pattern's own text says "full runs"
                if after is None or (tok.text, after.text) not in self.lex.bigrams:
                    raise Unsupported(f"'{tok.text}' rounds: which of the delegation's loops is not said")
            elif tok.kind == "VAR" and (
                " " in tok.text or tok.text not in self.lex.loop_words or tok.text in self.lex.nested_loop_words
            ):
                raise Unsupported(f"'{tok.text}' rounds: a local that names no outermost loop")
            elif tok.kind == "WORD" and not self._names_the_loop(tok.text):
                raise Unsupported(f"rounds of '{tok.text}': which of the delegation's loops is not said")
        return None

    def _names_the_loop(self, word: str) -> bool:
        return self.lex.loop_count == 1 or word in self.lex.loop_words or self.lex.acts.get(word) in self.lex.looped

    def _activity_rounds(self) -> frozenset[str] | None:
        """"Refinement rounds", "reconciliation rounds": rounds named by
        the activity a slot is named for are the rounds of its loop, not its
        calls; the slots whose activity it is (None when the sentence says
        no such rounds)."""
        for tok, after in itertools.pairwise(self.toks):
            if after.kind != "CALLS" or after.text.lower() not in _ROUND_NOUNS:
                continue
            form = self.lex.forms.get(tuple(tok.text.lower().split()))
            if form is not None and form[1].kind == "slot":
                continue  # the slot's own name: "refiner rounds" are its calls
            if tok.kind in ("SLOT", "ACT") and tok.names:
                return frozenset(tok.names)
            stem = self._stem_slot(tok.text.lower())
            if tok.kind == "WORD" and stem is not None:
                return frozenset({stem})
        return None

    def bounded(self, items: list[Any]) -> Clause:
        named: list[tuple[str, ...]] = [(i.slot,) for i in items if isinstance(i, CallsNoun) and i.slot]
        named += [self._names(t) for t in self._tokens(items, "SLOT")]
        activity = self._activity_rounds()
        if activity is not None:
            # the rounds of the loop the slot is called in, when the bound
            # bounds that loop (not its calls, which may be several a round)
            bound = next(i for i in items if _is_name(i))
            if bound in self.lex.nested_bounds or not activity <= self.lex.bound_callees.get(bound, frozenset()):
                raise Unsupported("rounds of an activity the bound's loop does not hold")
            named = []
        if named:
            # "verifier calls are bounded by `max_rounds`": the number of the
            # slot's calls, which its loop's bound bounds only when it is
            # called once a round
            return self._count_clause([*items, self.subj([named[0]])], exact=False)
        bound = next(i for i in items if _is_name(i))
        if bound.isdigit():
            raise Unsupported("a loop bound that is a number, not a config entry")
        for said in (i for i in items if isinstance(i, _CountedBy)):
            if not self._counts(bound, said.word):
                raise Unsupported(f"'the {said.word} loop': which of the delegation's loops is not said")
        around = next((i.slot for i in items if isinstance(i, _LoopAround)), None)
        loop = next((i.name for i in items if isinstance(i, _LoopNamed)), None)
        return Clause(None, lambda s: [Bounded(bound, around, loop)])

    def bounded_word_rounds(self, items: list[Any]) -> Clause:
        """"The number of critique rounds never exceeds `max_rounds`": the
        word before the rounds names the loop as it would before "loop"
        (the only loop, its variable or local, a slot called in it or its
        action, the pattern's own words, what the bound counts) or is the
        activity of a slot the bound's loop calls, else which of several
        loops is not said."""
        if self._activity_rounds() is not None:
            # "verification rounds": the rounds of the loop the verifier is
            # called in, which `bounded` checks the bound bounds
            return self.bounded(items)
        said = [t for t in self._tokens(items) if t.type in ("WORD", "CALLS", "LOOP")]
        return self.bounded([*items, self.loop_noun(said)])

    def bounded_work(self, items: list[Any]) -> Clause:
        """"The argument runs for no more than `rounds` rounds": what the
        rounds produce names the loop when the delegation has only one."""
        if self.lex.loop_count != 1:
            raise Unsupported("work said of one of several loops")
        # ("`rounds` rounds": the noun, though a config entry bears its name)
        if any(str(t).lower() not in _ROUND_NOUNS for t in self._tokens(items, "INPUT")):
            raise Unsupported("rounds counted by a name, not a noun for rounds")
        return self.bounded(items)

    def bounded_whatever(self, items: list[Any]) -> Clause:
        """", whatever the score": the bound holds in every case, as it says."""
        said = [str(t).lower() for t in self._tokens(items) if t.type in ("ANYTHING", "ALWAYS")]
        if not said or not said[0].startswith("whatever"):
            raise Unsupported("a bound followed by something else than 'whatever'")
        return self.bounded(items)

    def bounded_counted(self, items: list[Any]) -> Clause:
        """"Runs for at most `max_lessons` lessons": rounds named by what
        the bound counts (the last word of its name), else not read."""
        bound = next(i for i in items if _is_name(i))
        noun = _tok(self.toks, [t for t in self._tokens(items) if t.type in ("WORD", "FIELD")][-1])
        if not self._counts(bound, noun.text):
            raise Unsupported(f"'{noun.text}': not what `{bound}` counts")
        return self.bounded(items)

    def _counts(self, bound: str, word: str) -> bool:
        """Whether ``word`` is what ``bound`` counts ("rerun" of
        `max_reruns`, "screen" of `screen_count`, "pass" of
        `inspection_passes`), so that a loop named by it is the loop the
        bound bounds, when that bound bounds no loop inside another (the
        check is of the outermost loops)."""
        ws = [w.lower() for w in words_of(bound)]
        if "per" in ws:
            ws = ws[: ws.index("per")]
        while ws and ws[-1] in _COUNT_WORDS:
            ws.pop()
        while ws and ws[0] in _COUNT_WORDS:
            ws.pop(0)
        if not ws or bound in self.lex.nested_bounds:
            return False
        said = re.findall(r"[a-z][a-z_-]*", self.lex.described.get(bound, "").lower())
        if len(said) >= 2 and said[-1] in _PASS_NOUNS and singular(word.lower()) == singular(said[-2]):
            # "the editing loop", of `cut_rounds` described as the "number of
            # editing passes"; "the number of exchanges", of `rounds`: the
            # "number of exchange rounds" — what the bound's own description
            # says it counts
            return True
        return singular(word.lower()) == singular(ws[-1])

    def bounded_count(self, items: list[Any]) -> Clause:
        """"The number of screens is bounded by `screen_count`": a count of
        what names the loop — its local or variable, the bound's own
        description ("the number of survey passes", of `inspection_passes`:
        survey passes per inspector), or what the bound counts."""
        bound = next(i for i in items if _is_name(i))
        (noun,) = [t for t in self._tokens(items) if t.type in ("WORD", "VAR", "OUTPUT", "INPUT")]
        tok = _tok(self.toks, noun)
        if tok.kind == "INPUT":
            # (a config entry's own description: a list's name is no count)
            named = tok.names == (bound,) and bound in self.lex.config and bound not in self.lex.nested_bounds
        else:
            named = self._counts(bound, tok.text) or (
                " " not in tok.text
                and tok.text in self.lex.loop_words
                and tok.text not in self.lex.nested_loop_words
                and bound not in self.lex.nested_bounds
            )
        if not named:
            raise Unsupported(f"the number of '{tok.text}': which of the delegation's loops is not said")
        return self.bounded([bound])

    def _per(self, items: list[Any], counted: Tok, per: Tok) -> Clause:
        """A bound named "X per Y", said of the Xs in each Y: the loops it
        bounds (none inside another loop)."""
        bound = next(i for i in items if _is_name(i))
        ws = [w.lower() for w in words_of(bound)]
        if "per" not in ws or bound in self.lex.nested_bounds:
            raise Unsupported(f"`{bound}` is no count per something")
        what, each = ws[: ws.index("per")], ws[ws.index("per") + 1 :]
        while what and what[0] in _COUNT_WORDS:
            what.pop(0)
        if not what or singular(counted.text.lower()) != singular(what[-1]):
            raise Unsupported(f"'{counted.text}': not what `{bound}` counts")
        if [singular(w) for w in per.text.lower().split()] != [singular(w) for w in each]:
            raise Unsupported(f"'each {per.text}': not what `{bound}` counts per")
        return Clause(None, lambda s: [Bounded(bound)])

    def bounded_per(self, items: list[Any]) -> Clause:
        """"The number of readers in each direction (per direction) is
        bounded by `readers_per_direction`"."""
        nouns = [_tok(self.toks, t) for t in self._tokens(items) if t.type in ("WORD", "SLOT", "VAR", "OUTPUT", "INPUT")]
        if len(nouns) == 3:
            counted, said, per = nouns
            if said.text.lower() != "per":
                raise Unsupported(f"'{said.text}' between a count and what it is per")
        else:
            counted, per = nouns
        return self._per(items, counted, per)

    def bounded_each(self, items: list[Any]) -> Clause:
        """"Each direction runs no more than `readers_per_direction` readers"."""
        per, counted = [_tok(self.toks, t) for t in self._tokens(items) if t.type in ("WORD", "SLOT", "OUTPUT", "INPUT")]
        return self._per(items, counted, per)

    def _count_clause(self, items: list[Any], *, exact: bool, loose: Literal["least", "most"] | None = None) -> Clause:
        """"X is called at most N times", "each X runs exactly once"; with
        ``loose``, "X is called twice", "X is only called once"."""
        times = [t for t in self._tokens(items, "ONCE_N")]
        count = _NUMBERS[str(times[0]).lower()] if times else next(i for i in items if _is_name(i))

        quantified = any(t.kind in ("EVERY", "BOTH") for t in self.toks)

        def build(s: Subject) -> list[Claim]:
            out: list[Claim] = []
            for target in s.calls:
                if exact and not loose and quantified and count == "1" and target.slot in self.lex.sequences and target.phase == "all" and not target.given:
                    # "each stage runs exactly once", of a slot sequence:
                    # each of its delegates, once
                    out.append(ExactlyOnce(target, target.slot, "element"))
                    continue
                if target.slot is None or target.slot in self.lex.sequences or target.phase != "all" or target.given:
                    raise Unsupported("a call count of something that is not one slot")
                if quantified and target.slot in self.lex.repeated:
                    raise Unsupported("'each' of a slot called more than once: each call, or the slot?")
                out.append(CallCount(target, count, exact, loose))
            return out

        return Clause(self._subject(items), build)

    def bounded_calls(self, items: list[Any]) -> Clause:
        return self._count_clause(items, exact=False)

    def exact_calls(self, items: list[Any]) -> Clause:
        return self._count_clause(items, exact=True)

    bounded_calls_n = bounded_calls

    def bounded_slot_calls(self, items: list[Any]) -> Clause:
        """"At most `max_rounds` verifiers are run": a count of the
        slot's calls (what the loop's bound bounds only when the slot runs
        once a round), read as the call count it says."""
        who = next(i for i in items if isinstance(i, tuple))
        return self._count_clause([*items, self.subj([who])], exact=False)

    def bounded_vague(self, items: list[Any]) -> Clause:
        raise Unsupported("a slot 'bounded by' a value: its calls, or its loop?")

    def loose_calls(self, items: list[Any]) -> Clause:
        """"The guard is called once", "the checker runs twice": exactly so
        many times, or at least so many; checked both ways."""
        return self._count_clause(items, exact=True, loose="least")

    def loose_only_calls(self, items: list[Any]) -> Clause:
        """"The guard is only ever called once": exactly once, or at most
        once; checked both ways."""
        return self._count_clause(items, exact=True, loose="most")

    def bounded_all(self, items: list[Any]) -> Clause:
        raise Unsupported("every loop bounded, by nothing named")

    # ------------------------------------------------------------ monotonic

    def removed_conj(self, items: list[Any]) -> None:
        return None

    def mono_var(self, items: list[Any]) -> str:
        token = next(t for t in self._tokens(items) if t.type in ("VAR", "INPUT"))
        container = [str(t) for t in self._tokens(items, "CONTAINER")]
        if container and container[0] in self.lex.variables and container[0] != str(token):
            # "the score history", with locals `score` and `history`: the
            # history of scores, or the score?
            raise Unsupported("a list named by two locals")
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

    # ------------------------------------------------------------ exactly once

    def once_element(self, items: list[Any]) -> Clause:
        element = self._name(self._tokens(items, "INPUT")[0])
        who = next(i for i in items if isinstance(i, tuple))
        return Clause(None, lambda s: [ExactlyOnce(Calls(w), element, "element") for w in who])

    def once_call(self, items: list[Any]) -> Clause:
        element = self._name(self._tokens(items, "INPUT")[0])
        who = next(i for i in items if isinstance(i, tuple))
        return Clause(None, lambda s: [ExactlyOnce(Calls(w), element, "call") for w in who])

    def once_call_single(self, items: list[Any]) -> Clause:
        # "handles a single chunk" is exactly one; "handles one chunk" may
        # mean at least one
        if self._tokens(items, "SINGLE")[0].value != "single":
            raise Unsupported("one element, which may mean at least one")
        return self.once_call(items)

    def once_element_single(self, items: list[Any]) -> Clause:
        # "by a single labeler call", "labeled once, by a single call"
        once = self._tokens(items, "ONCE_N")
        if self._tokens(items, "SINGLE")[0].value != "single" or (once and once[0].value != "once"):
            raise Unsupported("one call, which may mean at least one")
        return self.once_element(items)

    def once_element_product(self, items: list[Any]) -> Clause:
        """"Every lot gets exactly one condition report from the
        conservator": the noun (and the word before it) must be what the
        slot's `ensures:` says it makes, or a local that holds its every
        result."""
        who = next(i for i in items if isinstance(i, tuple))
        if len(who) != 1:
            raise Unsupported("a product of several slots")
        (slot,) = who
        noun = _tok(self.toks, self._tokens(items, "OUTPUT")[0])
        if singular(noun.text.lower()) not in {singular(w) for w in self.lex.products.get(slot, frozenset())}:
            raise Unsupported(f"'{noun.text}': not what `{slot}` makes")
        for t in self._tokens(items):
            if t.type not in ("VAR", "WORD"):
                continue
            word = _tok(self.toks, t)
            held = t.type == "VAR" and all(self.lex.holds.get(n) == slot for n in word.names)
            if not held and word.text.lower() not in self.lex.product_words.get(slot, frozenset()):
                raise Unsupported(f"'{word.text} {noun.text}': not what `{slot}` makes")
        return self.once_element(items)

    def once_call_configured(self, items: list[Any]) -> Clause:
        """"Configured from (with) exactly one tier": given it."""
        (said,) = self._tokens(items, "DECLARED")
        if str(said).lower() not in ("configured", "specified", "supplied", "provided", "given"):
            raise Unsupported(f"'{said}': not a word of being given")
        return self.once_call(items)

    def once_element_n(self, items: list[Any]) -> Clause:
        if str(self._tokens(items, "ONCE_N")[0]).lower() != "once":
            raise Unsupported("a count other than once")
        return self.once_element(items)

    def once_call_per(self, items: list[Any]) -> Clause:
        """"Only ever given one tile per call": one, and never more."""
        if str(self._tokens(items, "WORD")[0]).lower() != "per":
            raise Unsupported("one element, said of no call")
        return self.once_call(items)

    def once_call_generic(self, items: list[Any]) -> Clause:
        """"A coach call is handed exactly one section": of any call."""
        if not any(t.kind == "CALLS" for t in self.toks[: self.toks.index(next(t for t in self.toks if t.kind == "BE"))]):
            raise Unsupported("exactly one element, of the slot or of each call?")
        if any(str(t).lower() not in ("several", "more") for t in self._tokens(items, "WORD")):
            raise Unsupported("a second promise that is not 'never several'")
        return self.once_call(items)

    def once_element_act(self, items: list[Any]) -> Clause:
        """"Each role is danced exactly once": by the one slot whose name is
        the verb's agent noun (`dancer`), each element to exactly one call."""
        if str(self._tokens(items, "ONCE_N")[0]).lower() != "once":
            raise Unsupported("a count other than once")
        element = self._name(self._tokens(items, "INPUT")[0])
        slot = self._name(self._tokens(items, "ACT")[0])
        return Clause(None, lambda s: [ExactlyOnce(Calls(slot), element, "element")])

    def _more_than_once(self, items: list[Any]) -> None:
        """"Twice" or "more than once" after "no X is ...": the element is
        handled at most once."""
        (n,) = self._tokens(items, "ONCE_N")
        said = str(n).lower()
        if said != ("once" if self._tokens(items, "MORE_THAN") else "twice"):
            raise Unsupported(f"'{said}': not more than once")

    def once_element_at_most(self, items: list[Any]) -> Clause:
        """"No game is sent to the annotator twice, and none is skipped":
        at most once and at least once, exactly once."""
        self._more_than_once(items)
        return self.once_element(items)

    def once_element_act_at_most(self, items: list[Any]) -> Clause:
        """"No chunk is mapped twice and none is left out": by the slot the
        verb is named for."""
        self._more_than_once(items)
        element = self._name(self._tokens(items, "INPUT")[0])
        slot = self._name(self._tokens(items, "ACT")[0])
        return Clause(None, lambda s: [ExactlyOnce(Calls(slot), element, "element")])

    def once_element_at_most_only(self, items: list[Any]) -> Clause:
        raise Unsupported("at most once: an element given to no call keeps it, unless 'none is skipped'")

    def once_element_self(self, items: list[Any]) -> Clause:
        raise Unsupported("exactly once, by no named slot")

    once_element_two = once_element_self

    # ------------------------------------------------------------ identical

    def obj_same(self, items: list[Any]) -> Args:
        if [t.type for t in items] == ["SLOT", "VAR"]:
            # "the same intake summary": the local, when it holds that
            # slot's every result and nothing else
            (slot,), (var,) = (_tok(self.toks, t).names for t in items)
            if self.lex.holds.get(var) != slot:
                raise Unsupported(f"'same {slot} {var}': a local that does not hold only that slot's results")
            return Args((var,))
        token = items[0]
        tok = _tok(self.toks, token)
        match token.type:
            case "INPUT" | "FIELD":
                return Args(tok.names)
            case "VAR" if len(tok.names) == 1:
                # "the identical plan": the argument that carries the local
                return Args(tok.names)
            case "PROMPT":
                return Args(("prompt",))
            case "INPUTS" | "INPUTNOUN":
                return Args(None)
            case _:
                if tok.text in ("model", "models"):
                    return Args(("model",))
                raise Unsupported(f"'same {tok.text}': not a name of the pattern")

    def objs_same(self, items: list[Any]) -> Args:
        return Args.merge(i for i in items if isinstance(i, Args))

    same_list = objs_same

    def same_w(self, items: list[Any]) -> None:
        return None

    def same_always(self, items: list[Any]) -> Clause:
        return next(i for i in items if isinstance(i, Clause))

    def loop_rounds(self, items: list[Any]) -> _Rounds:
        """"In every lesson", "batch after batch", "from one lesson to the
        next", "across batches": the rounds of the delegation's loop, named
        by its variable (``... as lesson``) or the local it is the value
        of, when the delegation has that one loop and no other."""
        toks = [_tok(self.toks, t) for t in self._tokens(items)]
        said = [t.text for t in toks if t.kind == "WORD"]
        if self.lex.loop_count != 1:
            raise Unsupported(f"'{' '.join(t.text for t in toks)}': which of the delegation's loops is not said")
        match [t.kind for t in toks]:
            case ["FROM", "NUMBER" | "SINGLE", "WORD", "TO", "WORD"]:
                if toks[1].text != "one" or said[1] != "next":
                    raise Unsupported("rounds that are not each one and the next")
                said = said[:1]
            case ["FROM", "WORD", "TO", "WORD"] | ["WORD", "AFTER", "WORD"]:
                if said[0] != said[1]:
                    raise Unsupported("rounds that are not each one and the next")
                said = said[:1]
            case ["ACROSS", "WORD"]:
                if singular(said[0]) == said[0]:
                    raise Unsupported(f"across one '{said[0]}'")
        (word,) = said
        if word not in self.lex.loop_words or word in self.lex.nested_loop_words:
            raise Unsupported(f"'{word}': not a name of the delegation's loop")
        return _Rounds(word)

    def _looped_only(self, clause: Clause, kinds: tuple[type, ...]) -> Clause:
        """A clause said of the rounds of the delegation's one loop: what it
        says of every call of its slots is what it says of every round, when
        the slots are called inside that loop and nowhere else."""

        def build(s: Subject) -> list[Claim]:
            claims = clause.build(s)
            for claim in claims:
                if not isinstance(claim, kinds) or not isinstance(claim, Identical | Unchanged):
                    raise Unsupported("a claim that is not said of every round")
                slot = claim.target.slot
                if isinstance(claim, Identical) and (claim.over is not None or claim.callee is not None):
                    raise Unsupported("rounds of the loop, and of what else")
                if slot is None or slot not in self.lex.looped or slot in self.lex.unlooped:
                    raise Unsupported("every round of the loop, of a slot called outside it")
            return claims

        return Clause(clause.subject, build, clause.again)

    def same_rounds(self, items: list[Any]) -> Clause:
        """"The quizmaster receives identical inputs in every lesson": the
        same across the rounds of the delegation's one loop, which is every
        loop around the slot's calls when it is called nowhere else."""
        return self._looped_only(next(i for i in items if isinstance(i, Clause)), (Identical,))

    def identical(self, items: list[Any]) -> Clause:
        noun = next((i for i in items if isinstance(i, CallsNoun)), None)
        who = next((i for i in items if isinstance(i, tuple)), None)
        slots: list[str | None] = list(who) if who is not None else [self._calls_of(noun).slot if noun else None]
        args = Args.merge(i for i in items if isinstance(i, Args)).names
        subject = Subject(tuple(Calls(x) for x in slots))
        self._keys_passed(slots, args)
        return Clause(subject, lambda s: [Identical(c, args) for c in s.calls])

    def _keys_passed(self, slots: Sequence[str | None], args: tuple[str, ...] | None) -> None:
        """A word read as a call's key names an argument of the subject's
        own calls: a key only another slot's calls use names none of them."""
        named = (self.lex.inputs, self.lex.variables, self.lex.keys)
        for arg in args or ():
            if any(arg in names for names in named) or arg not in self.lex.call_keys:
                continue
            if any(s is None or arg not in self.lex.passed_keys.get(s, frozenset()) for s in slots):
                raise Unsupported(f"'same {arg}': a key another slot's calls pass")

    identical_passive = identical

    def identical_unvaried(self, items: list[Any]) -> Clause:
        """"the explainer's inputs never change from one round to the next"."""
        verb = next(t for t in self._tokens(items) if t.type in ("MERGE", "BEHAVE"))
        if str(verb).lower() not in _VARY_VERBS:
            raise Unsupported("a verb that does not say the inputs vary")
        if any(isinstance(i, _Rounds) for i in items):
            # "from one lesson to the next", of the loop `... as lesson`
            return self._looped_only(self.identical(items), (Identical,))
        return self.identical(items)

    def identical_looped(self, items: list[Any]) -> Clause:
        """"the task brief stays identical across attempts": the calls of the
        loop, when the loops call one delegate."""
        return self.identical([*items, CallsNoun(None)])

    def identical_across(self, items: list[Any]) -> Clause:
        over = self._name(self._tokens(items, "INPUT")[0])
        who = next(i for i in items if isinstance(i, tuple))
        args = Args.merge(i for i in items if isinstance(i, Args)).names
        args = tuple(a for a in args if a != over) if args else args
        self._keys_passed(who, args)
        return Clause(None, lambda s: [Identical(Calls(x), args or None, over) for x in who])

    def identical_in(self, items: list[Any]) -> Clause:
        """"reviewers in every tier", "in different tiers": across the tiers
        (another word there may pick some of them: "in expensive tiers")."""
        if any(str(t).lower() != "different" for t in self._tokens(items, "WORD")):
            raise Unsupported("a word that may pick some of the elements")
        return self.identical_across(items)

    def identical_denied(self, items: list[Any]) -> Clause:
        """"The forecasters receive different inputs": it is not the case
        that they receive the same ones (violated when that is proved)."""
        if any(str(t).lower() != "different" for t in self._tokens(items, "WORD")):
            raise Unsupported("a word that does not say the inputs differ")
        return self._denied(self.identical(items))

    def identical_callee(self, items: list[Any]) -> Clause:
        callee = self._name(self._tokens(items, "SLOT")[-1])
        return Clause(None, lambda s: [Identical(Calls(None), callee=callee)])

    def identical_callee_on(self, items: list[Any]) -> Clause:
        callee = self._name(self._tokens(items, "SLOT")[0])
        given = frozenset(name for t in self._tokens(items, "INPUT") for name in self._names(t))
        return Clause(None, lambda s: [Identical(Calls(None, given), callee=callee)])

    # ------------------------------------------------------------ returns

    def ret_when(self, items: list[Any]) -> When:
        said = [str(t).lower() for t in items if isinstance(t, Token)]
        if said[:1] == ["when"] and len(said) == 2 and len(items) == 2 and not said[1].endswith("ed"):
            raise Unsupported("'when' and a verb with no subject")
        said_by = [str(t).lower() for t in items if isinstance(t, Token) and t.type == "AUTHORED"]
        if said_by and (said_by[0] not in ("says", "say", "said") or said[-1] != "no"):
            raise Unsupported("a refusal not said: only a verdict that says no refuses")
        return When(next((i for i in items if _is_name(i)), None))

    def path_blocked(self, items: list[Any]) -> When:
        return next(i for i in items if isinstance(i, When))

    def path_accept(self, items: list[Any]) -> When:
        return When(next((i for i in items if _is_name(i)), None), "accept")

    def path_success(self, items: list[Any]) -> When:
        return When(None, "success")

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
        owner = next(i for i in items if _is_name(i))
        if owner in (OTHER, ITS):
            raise Unsupported("a returned output of no named slot")
        # "the pattern returns the translator's translation", for the key
        # `translation`: the noun, where the pattern returns a key so named
        return self._returning(items, Need(FromSlot(owner), self._returned_noun(items)))

    def _field_owner(self, items: list[Any]) -> tuple[str, tuple[str, ...]]:
        owner = next(i for i in items if _is_name(i))
        fields = next(i for i in items if isinstance(i, tuple))
        return owner, fields

    def _comes_back(self, items: list[Any]) -> None:
        """A return said with no "is": only "comes back" says it."""
        if not self._tokens(items, "BE") and not any(str(t).lower().startswith(("come", "came")) for t in self._tokens(items, "RETURN")):
            raise Unsupported("a verb of returning with no 'is' that does not say the value comes back")

    def ret_field_when(self, items: list[Any]) -> Clause:
        owner, fields = self._field_owner(items)
        when = next(i for i in items if isinstance(i, When))
        approver = when.approver or owner
        if approver != owner:
            raise Unsupported("one slot's field returned when another blocks")
        return Clause(None, lambda s: [Returns("blocked", (Need(FromSlot(owner, fields)),), approver=owner)])

    def ret_its_field_when(self, items: list[Any]) -> Clause:
        """"When the guard blocks, its reason is returned": the fields of
        the slot that blocks."""
        self._comes_back(items)
        when = next(i for i in items if isinstance(i, When))
        fields = next(i for i in items if isinstance(i, tuple))
        owner = when.approver
        if owner is None or owner in (OTHER, ITS):
            raise Unsupported("'its' of no slot named before it")
        return Clause(None, lambda s: [Returns("blocked", (Need(FromSlot(owner, fields)),), approver=owner)])

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

    def ret_only_made_by(self, items: list[Any]) -> Clause:
        """"Only the reducer produces the final result"."""
        made = [str(t).lower() for t in self._tokens(items, "AUTHORED")]
        if any(w not in ("produces", "produce", "writes", "write", "creates", "generates", "makes") for w in made):
            raise Unsupported("a verb that does not say the slot makes the result")
        return self.ret_only_by(items)

    def ret_only_by(self, items: list[Any]) -> Clause:
        if any(str(t).lower() not in ("alone", "on its own", "on their own") for t in self._tokens(items, "INDEP")):
            # "the comparator alone produces ...": no one else; not
            # "independently", which says how, not who
            raise Unsupported("a maker said to work independently, not alone")
        owner = next(i for i in items if _is_name(i))
        return Clause(None, lambda s: [Returns("all", (Need(FromSlot(owner), "result", only=True),))])

    def ret_key_only_by(self, items: list[Any]) -> Clause:
        owner = next(i for i in items if _is_name(i))
        if owner in (OTHER, ITS):
            raise Unsupported("a returned field from no named slot")
        key = next(i for i in items if isinstance(i, ReturnKey)).name
        return Clause(None, lambda s: [Returns("all", (Need(FromSlot(owner), key, only=True),))])

    def _the_one(self, items: list[Any]) -> None:
        """"The one the physician produced": a word before the maker must
        stand for the returned value itself. "Is picked by" the maker: its
        choice, which it gives."""
        for t in self._tokens(items, "WINS"):
            if str(t).lower() not in ("is picked", "is chosen", "is selected"):
                raise Unsupported(f"'{t}': not a choice made by the maker")
        for t in self._tokens(items):
            if t.type in ("NUMBER", "WORD") and str(t).lower() not in ("one", "ones"):
                raise Unsupported(f"'{t}' before a maker: not the returned value")
            if t.type == "ANYTHING" and str(t).lower() not in ("what", "whatever"):
                raise Unsupported(f"'{t}' before a maker: not the returned value")

    def ret_from(self, items: list[Any]) -> Clause:
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
        if immediate and (when is None or when.path not in ("accept", "says", "success")):
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
        words = [t for t in items[1:] if isinstance(t, Token) and t.type == "WORD"]
        if words and str(words[0]).lower() not in VALUE_NOUNS:
            raise Unsupported(f"'{words[0]}' after a returned key: not a word for its value")
        said = str(items[0]).replace(" ", "_")
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

    def _one_makers(self, name: str) -> bool:
        lex = self.lex
        return name in lex.holds or name in lex.gathers or name in lex.collects

    def ret_key_from(self, items: list[Any]) -> Clause:
        self._the_one(items)
        owner = next(i for i in items if _is_name(i))
        if owner in (OTHER, ITS):
            raise Unsupported("a returned field from no named slot")
        key = next(i for i in items if isinstance(i, ReturnKey)).name
        return self._returning(items, self._raw(items, Need(FromSlot(owner), key, latest=self._latest(items, owner))))

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
        owner = next(i for i in items if _is_name(i))
        if owner in (OTHER, ITS):
            raise Unsupported("a returned field from no named slot")
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

    def relay(self, items: list[Any]) -> Clause:
        who = next(i for i in items if isinstance(i, tuple))
        slot = who[0]
        return Clause(None, lambda s: [Unchanged(Calls(slot, phase="later"), FromSlot(slot, age="prior"))])

    # ------------------------------------------------------------ behaviour

    def behaviour(self, items: list[Any]) -> Clause:
        own = self._subject(items).slots
        for tok in self.toks:
            if tok.kind == "WORD" and tok.text in _HOW_CALLS_RUN:
                # "checks all of the transects in parallel": how its calls
                # run, which the program decides
                raise Unsupported(f"{tok.text!r}, which says how calls run, in a promise of behaviour")
        for neg in (i for i in items if isinstance(i, _Negated)):
            self._names_nothing(neg.start, "a negated promise about something the pattern names", own)

        def build(s: Subject) -> list[Claim]:
            if not s.slots:
                raise Unsupported("behaviour of no named slot")
            return [Unverifiable(f"about what `{x}` does itself, which only the delegate controls", x) for x in s.slots]

        return self._clause(self._subject(items), build)

    def behave_not(self, items: list[Any]) -> _Negated:
        """A negated promise about what a delegate does: only of nothing the
        pattern names (not "never reveals the answer key", which may say
        what the slot is given)."""
        (neg,) = [t for t in self._tokens(items) if t.type in ("NEVER", "WITHOUT", "NOT", "NO", "NOTHING")]
        if neg.type in ("NO", "NOTHING"):
            # "adding no commentary": the verb before the negation is the
            # promise's, and is checked with it
            neg = self._tokens(items, "WORD")[0]
        assert neg.start_pos is not None
        influence = self._tokens(items, "INFLUENCE")
        if influence and (str(influence[0]) not in ("bias", "biases") or influence[0].start_pos != len(self.toks) - 1):
            # "without bias", and nothing after it: not "without influence
            # from the planner"
            raise Unsupported("a negated influence, said of something")
        return _Negated(neg.start_pos + (0 if neg.type == "WORD" else 1))

    def _names_nothing(self, start: int, why: str, own: tuple[str, ...] = (), end: int | None = None) -> None:
        """The sentence's words from ``start`` on (to ``end``) name none of
        the pattern's things but what the slots ``own`` make: a local that
        holds only their results, or a key only they declare ("miners dig
        for deep assumptions": what a delegate makes is its own doing, not
        what reaches it). After a verb of bias ("without favouring the
        chef's flavours") nothing named is what reaches the slot either."""
        for tok in self.toks[start:end]:
            if tok.text in _BIAS:
                return
            if own and self._makes(tok, own):
                continue
            if tok.names or tok.kind in ("SLOT", "INPUT", "VAR", "FIELD", "ROLE") or any(
                w in self.lex.keys or (w,) in self.lex.forms for w in tok.text.split()
            ):
                raise Unsupported(why)

    def _makes(self, tok: Tok, own: tuple[str, ...]) -> bool:
        """The token names only what the slots ``own`` produce (or, for an
        action named for a slot, what they do: "labelers label")."""
        if tok.kind == "ACT":
            return bool(tok.names) and set(tok.names) <= set(own)
        if tok.kind == "VAR":
            makers = {self.lex.holds.get(n) or self.lex.collects.get(n) for n in tok.names}
            return bool(makers) and makers <= set(own)
        if tok.kind == "FIELD":
            makers = {self.lex.declared_by.get(n) for n in tok.names}
            return bool(makers) and makers <= set(own)
        return False

    def behaviour_free(self, items: list[Any]) -> Clause:
        """"Spotters count every animal accurately": a verb the reader does
        not know, with a word of how, about nothing the pattern names (what
        it does with the pattern's data may be where information goes) but
        what the slot itself makes."""
        verb = next(t for t in self._tokens(items) if t.type not in ("BEHAVE", "ALWAYS"))
        assert verb.start_pos is not None
        if verb.type == "WORD":
            self._not_a_flow_verb(verb.start_pos)
        self._names_nothing(verb.start_pos, "a promise of an unknown verb about something the pattern names", self._subject(items).slots, self._negated_at(items))
        return self.behaviour(items)

    def behaviour_plain(self, items: list[Any]) -> Clause:
        """"The chief engineer puts safety ahead of cost": a verb the reader
        does not know (none that may say where information goes or how
        calls relate), and after it only plain words, prepositions, and the
        slot's own output ("in its judgement"), of nothing the pattern names
        but what the slot makes."""
        verb = next(t for t in self._tokens(items) if t.type == "WORD")
        assert verb.start_pos is not None
        self._not_a_flow_verb(verb.start_pos)
        rest = self.toks[verb.start_pos + 1 :]
        for i, tok in enumerate(rest):
            own = tok.kind in ("OUTPUT", "OWN") and i > 0 and rest[i - 1].kind in ("ITS", "OWN")
            if not (tok.kind in _PLAIN or tok.kind == "ITS" or own):
                raise Unsupported(f"{tok.text!r} in a promise of an unknown verb")
            if tok.text in _ORDER_WORDS or any(c.isdigit() for c in tok.text):
                raise Unsupported(f"{tok.text!r}, which says how calls run or relate")
        self._names_nothing(verb.start_pos, "a promise of an unknown verb about something the pattern names", self._subject(items).slots)
        return self.behaviour(items)

    def _not_a_flow_verb(self, k: int) -> None:
        """The word at ``k``, a verb the reader does not know, is none that
        may say where information goes or how calls relate ("peeks at",
        "waits for"; "looks for" is searching)."""
        text = self.toks[k].text.lower()
        searching = text in ("looks", "look") and k + 1 < len(self.toks) and self.toks[k + 1].kind == "FOR"
        if (text.startswith(_FLOW_STEMS) and not searching) or any(c.isdigit() for c in text):
            raise Unsupported(f"{text!r}: a verb that may say where information goes or how calls relate")

    def behave_more(self, items: list[Any]) -> _Negated:
        """A further word of how after a comma ("a friendly, upbeat tone"):
        checked, like a negated promise, for naming nothing."""
        (comma,) = self._tokens(items, "COMMA")
        assert comma.start_pos is not None
        return _Negated(comma.start_pos + 1)

    def behaviour_output(self, items: list[Any]) -> Clause:
        """"The evaluator's score is a calibrated probability": what a
        delegate's output is like, which only the delegate controls."""
        (slot,) = self._tokens(items, "SLOT")
        names = _tok(self.toks, slot).names
        if len(names) != 1:
            raise Unsupported("the output of several slots")
        return self.behaviour([Subject((Calls(names[0]),))])

    def _negated_at(self, items: list[Any]) -> int | None:
        """Where a second, negated promise starts (checked on its own)."""
        return next((i.start - 1 for i in items if isinstance(i, _Negated)), None)

    def behaviour_contrast(self, items: list[Any]) -> Clause:
        """"The adversary digs for edge cases rather than nitpicking style":
        how a delegate works, said by what it does instead of something
        else, of nothing the pattern names but what the slot makes."""
        verb = self._tokens(items)[0]
        assert verb.start_pos is not None
        self._names_nothing(verb.start_pos, "a contrast about something the pattern names", self._subject(items).slots)
        return self.behaviour(items)

    def behaviour_supposing(self, items: list[Any]) -> Clause:
        """"The scanner treats every page as if it were the only surviving
        copy": what the delegate supposes, of nothing the pattern names."""
        (cond,) = self._tokens(items, "IF")
        assert cond.start_pos is not None
        self._names_nothing(cond.start_pos + 1, "a supposition about something the pattern names", self._subject(items).slots)
        return self.behaviour(items)

    def free_text(self, items: list[Any]) -> None:
        return None

    def behaviour_it(self, items: list[Any]) -> Clause:
        return self._clause(Subject((), it=True), self.behaviour([Subject(())]).build)

    def _negated_promise(self, items: list[Any]) -> None:
        """"never rounds up", but not "never answers or the theme notes"
        (after "sees only the grid,"), which names the pattern's things: a
        negated promise is read only of nothing the pattern names."""
        verb = self._tokens(items, "BEHAVE")[0]
        assert verb.start_pos is not None
        self._names_nothing(verb.start_pos + 1, "a negated promise about something the pattern names")

    def behaviour_not(self, items: list[Any]) -> Clause:
        self._negated_promise(items)
        return self.behaviour(items)

    def behaviour_it_not(self, items: list[Any]) -> Clause:
        self._negated_promise(items)
        return self.behaviour_it(items)

    def loose(self, items: list[Any]) -> None:
        return None

    def anytok(self, items: list[Any]) -> None:
        """A word of free text about what a delegate does: none that says
        how calls run or relate, which other claims check ("vote one after
        another", "score independently" are not a delegate's own doing).
        An adjective ("as separate findings") and another round ("before
        letting another cycle run") are."""
        (token,) = items
        tok = _tok(self.toks, token)
        k = token.start_pos
        assert k is not None
        after = self.toks[k + 1].kind if k + 1 < len(self.toks) else ""
        if tok.kind in CLAIMED and not (
            (tok.kind == "INDEP" and tok.text == "separate") or (tok.kind == "ANOTHER" and after in ("CALLS", "LOOP"))
        ):
            raise Unsupported(f"{tok.text!r}, which says how calls run or relate, in free text")
        return None

    def behaviour_calls(self, items: list[Any]) -> Clause:
        return Clause(None, lambda s: [Unverifiable("about what the delegates produce, which only they control")])

    def behaviour_model(self, items: list[Any]) -> Clause:
        # "variation between runs": the runs are the calls of the one slot
        # the loops call, when there is one (what the sampling is of)
        runs = any(t.text in KINDS["CALLS"] for t in self.toks)
        slot = self._calls_of(CallsNoun(None)).slot if runs and len(self.lex.looped) == 1 else None
        if slot is not None:
            # (the claim "`probe` reasons" reads back as)
            return Clause(None, lambda s: [Unverifiable(f"about what `{slot}` does itself, which only the delegate controls", slot)])
        return Clause(None, lambda s: [Unverifiable("about the model's own sampling, which no program controls")])

    def identical_cont(self, items: list[Any]) -> Clause:
        args = Args.merge(i for i in items if isinstance(i, Args)).names
        self._keys_passed([None], args)  # (whose calls "it" is, is not known here)
        return self._clause(Subject((), it=True), lambda s: [Identical(c, args) for c in s.calls])

    # ------------------------------------------------------------ phases and paths

    def _phase_clause(self, items: list[Any], phase: Phase) -> Clause:
        inner = next(i for i in items if isinstance(i, Clause))
        if inner.subject is None:
            raise Unsupported("a round named for a clause about no calls")
        subject = _phased(inner.subject, phase)
        return Clause(subject, inner.build)

    def phase_first(self, items: list[Any]) -> Clause:
        number = [t for t in self._tokens(items) if t.type in ("NUM", "NUMBER")]
        if number and str(number[0]) not in ("1", "one"):
            raise Unsupported("a round other than the first")
        return self._phase_clause(items, "first")

    def phase_later(self, items: list[Any]) -> Clause:
        return self._phase_clause(items, "later")

    def phase_cmp(self, items: list[Any]) -> Clause:
        (cmp,) = self._tokens(items, "CMP")
        if str(cmp) not in ("<", "<="):
            raise Unsupported("a condition other than falling short of the threshold")
        return self._phase_clause(items, "later")

    def concession(self, items: list[Any]) -> Clause:
        return self._clause(Subject((), it=True), lambda s: [])

    def returns_field(self, items: list[Any]) -> Clause:
        key = self._name(next(t for t in self._tokens(items) if t.type in ("FIELD", "VAR")))
        return Clause(None, lambda s: [ReturnsField(key)])

    def ret_needs(self, items: list[Any]) -> tuple[Need, ...]:
        out = [Need(Null(), "result")]
        out += [Need(FromVar(self._name(t))) for t in self._tokens(items, "VAR")]
        return tuple(out)

    def ret_success(self, items: list[Any]) -> Clause:
        return Clause(None, lambda s: [Returns("success", (), immediate=True)])

    def ret_success_or_exhausted(self, items: list[Any]) -> Clause:
        needs = next(i for i in items if isinstance(i, tuple))
        return Clause(None, lambda s: [Returns("success", (), immediate=True), Returns("exhausted", needs)])

    def ret_exhausted_records(self, items: list[Any]) -> Clause:
        var = self._name(self._tokens(items, "VAR")[0])
        needs = (Need(Null(), "result"), Need(FromVar(var)))
        return Clause(None, lambda s: [Returns("exhausted", needs, records=var)])

    def ret_exhausted_null(self, items: list[Any]) -> Clause:
        return Clause(None, lambda s: [Returns("exhausted", (Need(Null(), "result"),))])

    def _sequence(self) -> str:
        seqs = sorted(self.lex.sequences)
        if len(seqs) != 1:
            raise Unsupported("slot order with no single slot sequence")
        return seqs[0]

    def ret_acceptable(self, items: list[Any]) -> Clause:
        return Clause(None, lambda s: [Returns("acceptable", (Need(AnyResult(), "result"),), immediate=True)])

    def ret_acceptable_ordered(self, items: list[Any]) -> Clause:
        seq = self._sequence()
        claim = Returns("acceptable", (Need(AnyResult(), "result"),), immediate=True, ordered=seq)
        return Clause(None, lambda s: [claim])

    def ret_none_acceptable(self, items: list[Any]) -> Clause:
        needs = [Need(Null(), "result")]
        needs += [Need(Null(), self._name(t)) for t in self._tokens(items, "FIELD")]
        return Clause(None, lambda s: [Returns("exhausted", tuple(needs))])

    def ret_threshold_or_last(self, items: list[Any]) -> Clause:
        result = (Need(AnyResult(), "result"),)
        return Clause(
            None, lambda s: [Returns("threshold", result, immediate=True), Returns("exhausted", result)]
        )

    def ret_threshold_first(self, items: list[Any]) -> Clause:
        return Clause(None, lambda s: [Returns("threshold", (Need(AnyResult(), "result"),), immediate=True)])

    def ret_threshold_now(self, items: list[Any]) -> Clause:
        (cmp,) = self._tokens(items, "CMP")
        if str(cmp) not in (">=", ">"):
            raise Unsupported("returning at once on a condition other than meeting the threshold")
        return Clause(None, lambda s: [Returns("threshold", (), immediate=True)])

    def ret_threshold_or_exhausted(self, items: list[Any]) -> Clause:
        return Clause(None, lambda s: [Returns("threshold", ()), Returns("exhausted", ())])

    def ret_accept(self, items: list[Any]) -> Clause:
        owner = next(i for i in items if _is_name(i))
        return Clause(None, lambda s: [Returns("accept", (Need(FromSlot(owner), "result"),), immediate=True)])

    def ret_exhausted_last(self, items: list[Any]) -> Clause:
        needs = [Need(AnyResult(), "result")]
        needs += [Need(FromVar(self._name(t))) for t in self._tokens(items, "VAR")]
        return Clause(None, lambda s: [Returns("exhausted", tuple(needs))])

    def ret_exhausted_needs(self, items: list[Any]) -> Clause:
        needs = next(i for i in items if isinstance(i, tuple))
        return Clause(None, lambda s: [Returns("exhausted", needs)])

    def ret_threshold_now_words(self, items: list[Any]) -> Clause:
        return Clause(None, lambda s: [Returns("threshold", (), immediate=True)])

    def ret_threshold_when(self, items: list[Any]) -> Clause:
        return Clause(None, lambda s: [Returns("threshold", ())])

    def ret_exhausted_when(self, items: list[Any]) -> Clause:
        return Clause(None, lambda s: [Returns("exhausted", ())])

    def ret_vars(self, items: list[Any]) -> Clause:
        needs = tuple(Need(FromVar(self._name(t))) for t in self._tokens(items, "VAR"))
        return Clause(None, lambda s: [Returns("all", needs)])

    def vice_versa(self, items: list[Any]) -> Clause:
        return Clause(None, lambda s: [VICE_VERSA])


#: Verbs that say a value differs from one call to the next
_VARY_VERBS = frozenset("change changes vary varies differ differs".split())

#: Verbs of a moment of a slot's work, not of all of it
_MOMENT_VERBS = frozenset("begin begins began start starts started finish finishes finished end ends ended".split())

#: The words of independence that say "and no one else"
_ALONE = frozenset(("alone", "on its own", "on their own"))

#: Verbs of what a delegate bases its work on, after which "alone" or
#: "only" limits that basis ("works from the brief alone")
_BASIS_VERBS = frozenset(
    (
        *"work works decide decides judge judges rule rules base bases operate operates act acts".split(),
        *("work from", "works from", "draw on", "draws on", "relies on", "rely on", "depends on", "depend on",
          "builds on", "build on"),
    )
)


#: Nouns for calls that do not say they are a loop's rounds ("no call",
#: "no invocation" may be of any delegate)
_ANY_CALL = frozenset("call calls invocation invocations copies samples".split())


def _phased(subject: Subject, phase: Phase) -> Subject:
    """The subject's calls in the named rounds only."""
    if subject.it:
        raise Unsupported("a round named for a pronoun")
    calls = tuple(Calls(c.slot, c.given, phase) if c.phase == "all" else c for c in subject.calls)
    return Subject(calls, subject.negative)


@dataclass(frozen=True, slots=True)
class Args:
    """The arguments an "identical" claim names (None: all of them)."""

    names: tuple[str, ...] | None

    @staticmethod
    def merge(groups: Iterable[Args]) -> Args:
        out: list[str] = []
        for g in groups:
            if g.names is None:
                return Args(None)
            out += [n for n in g.names if n not in out]
        return Args(tuple(out) or None)


@dataclass(frozen=True, slots=True)
class ReturnKey:
    """A key of the returned object ("the returned divergences")."""

    name: str


@dataclass(frozen=True, slots=True)
class When:
    """The path a returns clause names: where ``approver`` blocks (or, with
    another ``path``, where it approves, where the pattern succeeds, after
    the loop ran out); ``approver`` None: any slot."""

    approver: str | None
    path: ReturnPath = "blocked"
    word: str | None = None  # of a "says" path: the decision word


@dataclass(frozen=True, slots=True)
class OrderOf:
    """"In chunk order": the list whose order the calls keep."""

    name: str


@dataclass(frozen=True, slots=True)
class CallsNoun:
    """"retries", "mapper invocations": calls, of one slot or of the loop."""

    slot: str | None


#: A marker claim: swap the inputs of the sentence's isolation claims.
VICE_VERSA: Any = Unverifiable("\x00vice versa")


def _vice_versa(claims: list[Claim]) -> list[Claim]:
    if VICE_VERSA not in claims:
        return claims
    out = [c for c in claims if c != VICE_VERSA]
    swapped: list[Claim] = []
    for claim in out:
        if isinstance(claim, Isolation) and isinstance(claim.source, FromInput) and len(claim.target.given) == 1:
            (given,) = claim.target.given
            swapped.append(Isolation(Calls(claim.target.slot, frozenset({claim.source.name}), claim.target.phase), FromInput(given)))
    if not swapped:
        raise Unsupported("'vice versa' with nothing to swap")
    return out + [c for c in swapped if c not in out]


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
                case Identical(), Identical() if (old.target, old.over, old.callee) == (claim.target, claim.over, claim.callee):
                    args = None if old.args is None or claim.args is None else (*old.args, *(a for a in claim.args if a not in old.args))
                    out[i] = Identical(old.target, args, old.over, old.callee)
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
    return tuple(out)


def _readings(toks_list: Iterable[list[Tok]], lex: Lexicon, start: str = "start") -> list[tuple[Claim, ...]]:
    found: list[tuple[Claim, ...]] = []
    for toks in toks_list:
        for tree in parse_trees(toks, start):
            claims = _meaning(tree, toks, lex)
            if claims is not None and not any(set(claims) == set(f) for f in found):
                found.append(claims)
    return found


def read(text: str, lex: Lexicon) -> Reading:
    """Read one invariant sentence against the pattern's names."""
    positions = lattice(text, lex)
    if not positions:
        return Reading()
    found = _readings(variants(positions), lex)
    if len(found) == 1:
        return Reading(claims=found[0])
    if len(found) > 1:
        return Reading(ambiguous=tuple(found), unread=())
    return _partial(positions, lex)


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
