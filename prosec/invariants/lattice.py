"""A sentence → the token sequences the grammar parses: the pattern's
names become SLOT/INPUT/VAR/FIELD tokens, the words of :mod:`.words`
tokens of their kind, fillers are dropped and any other word is WORD."""

from __future__ import annotations

import itertools
import re
from collections.abc import Collection, Iterable
from dataclasses import dataclass, replace
from functools import cache

from .lexicon import (
    FILLER_WORDS,
    GENERIC_ROLES,
    Entity,
    Lexicon,
    acts_of,
    plural,
    singular,
    words_of,
)
from .words import (
    FILLERS,
    INPUT_VALUE_NOUNS,
    KINDS,
    POLARITY,
    PRODUCTS,
    SCALAR_VALUE_NOUNS,
    SUPPLIED,
    VALUE_NOUNS,
    WORKED_ON,
    WORKINGS,
    phrase_table,
)

#: At most this many token sequences and this many trees per sequence are
#: tried; a sentence with more readings than that is not read.
MAX_VARIANTS = 64


@dataclass(frozen=True, slots=True)
class Tok:
    """One token of a sentence: its kind (a grammar terminal), its words,
    and for a name the pattern's names it stands for."""

    kind: str
    text: str
    names: tuple[str, ...] = ()
    #: an article stood before it ("the proposal": a thing, not a verb)
    article: bool = False


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


def lattice(text: str, lex: Lexicon, *, made: bool = False) -> list[list[Tok]]:
    """The sentence as a list of positions, each with its possible tokens.

    With ``made``, two words a slot's `ensures:` calls its result by ("a
    walk report") are one token for that result (the reader's second try,
    where the words read no other way).

    At each position the longest name or phrase wins; a pattern's exact name
    is only that name, while a word that is also a field key, or a name
    known only by an alias, keeps its other kinds too.
    """
    raw = words(text)
    phrases, longest = _phrases()
    low = [_unhyphenated(w.lower(), lex, phrases) for w in raw]
    raw, low = _particle_moved(raw, low)
    raw, low = _own_dropped(raw, low)
    raw, low = _why_decided(raw, low, lex)
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
            as_key = _owned(tok.text, lex, phrases) if after_poss and tok.kind != "SLOT" else tok
            in_list = after_poss and out[-1][0].kind not in ("POSS", "ITS") and not _raw_after_poss(out)
            # ("`recipients`'s `dietary_needs` and `dietary_policy`": a name
            # of the pattern after a possessive's list of keys, which is no
            # key, is the next thing named; one that is a key, "`workpapers`
            # or `opinion`", stays a key of the possessive's)
            out.append([as_key, tok] if in_list and as_key.kind == "WORD" and tok.kind in ("INPUT", "VAR") else [as_key])
            i += 1
            continue
        if (
            word == "for" and i + 1 < len(low) and low[i + 1] in ("every", "each")
            and out and any(t.kind in ("ONCE_N", "TIMES") for t in out[-1])
        ):
            # "exactly once for every wheel", of the one wheel a run
            # handles: "per wheel" (of the elements of a list a `for`
            # walks, it says which element goes to which call, another claim)
            if _per_thing(low, i + 2, lex, phrases):
                out.append([Tok("IN_TOTAL", " ".join(low[i : i + 3]))])
                i += 3
                continue
            exactly = len(out) > 1 and any(t.kind == "EXACTLY" for t in out[-2])
            if not exactly and (each := _per_element(low, i + 2, lex)) is not None:
                # "once for every chunk", of a `for chunk in chunks`: as
                # "once per chunk", as many times as the list has elements
                # ("exactly once for each chunk" is each chunk's one call)
                n, walked = each
                out.append([Tok("IN_TOTAL", " ".join(low[i : i + 2 + n]), (walked,))])
                i += 2 + n
                continue
        if word == "per" and (each := _per_element(low, i + 1, lex)) is not None:
            # "once per scene", of a `for scene in scenes` that calls a
            # slot: as many times as the list has elements
            n, walked = each
            out.append([Tok("IN_TOTAL", " ".join(low[i : i + 1 + n]), (walked,))])
            i += 1 + n
            continue
        if (
            word == "per" and low[i + 1 : i + 2] in (["call"], ["invocation"]) and low[i + 2 : i + 3] in ([], [","], [";"])
            and out and any(t.kind in ("ONCE_N", "TIMES") for t in out[-1])
        ):
            # "at most once per call": of the pattern's call, a run (not
            # "one tile per call", of the slot's calls)
            out.append([Tok("IN_TOTAL", f"per {low[i + 1]}")])
            i += 2
            continue
        if (n := _caller_gets(low, i, lex, phrases)):
            # "the customer gets the dispatcher's reason", "what the player
            # gets back": someone the pattern has no name for, given what it
            # returns, is its caller
            out.append([Tok("CALLER_GETS", " ".join(low[i : i + n]))])
            i += n
            continue
        if out and (n := _as_supplied(low, i, lex)):
            # "exactly as the traveller wrote it", "exactly as it was
            # tagged at check-in": as whoever supplied it gave it, someone
            # the pattern does not name
            out.append([Tok("UNCHANGED", " ".join(low[i : i + n]))])
            i += n
            continue
        if word == "as" and out and (n := _as_its_key(low, i, out[-2] if len(out) > 1 and out[-1][0].kind == "UNCHANGED" else out[-1], lex)):
            # "gets the task brief as a fallback", of `fallback_brief:
            # task_brief`: the role the call's own key gives what it is
            # passed, which says nothing more of it
            i += n
            continue
        if word == "per" and _per_thing(low, i + 1, lex, phrases):
            # "exactly once per event": of a run, where the pattern has no
            # list or loop of events (which a rule then requires of the
            # slot counted: called in no loop)
            out.append([Tok("IN_TOTAL", f"per {low[i + 1]}")])
            i += 2
            continue
        if not after_poss and (ident := _identity_phrase(low, i, lex, phrases)) is not None:
            # "the insurance number", of `insurance_id`; "the ticket
            # reference", of `claimant_id: the reference number of the
            # claimant's ticket`: the one input that identifies that thing
            out.append([Tok("INPUT", f"{word} {low[i + 1]}", (ident,))])
            i += 2
            continue
        if out and (how := _how_much(low, i, lex)) is not None:
            # "is told how much the club can spend", "never learns how many
            # attempts it has": the one input declared as a number that the
            # question's words name
            out.append([Tok("INPUT", " ".join(low[i : i + how[0]]), (how[1],))])
            i += how[0]
            continue
        if word == "which" and out and (which := _which_input(low, i + 1, lex, phrases)) is not None:
            # "is told which week it is", "never learns which paper stock
            # is used": which value of a single input it is, that input
            said, which_name, tail = which
            out.append([Tok("INPUT", " ".join(low[i + 1 : i + 1 + said]), (which_name,))])
            i += 1 + said + tail
            continue
        if (ident := _identifier(low, i, out, lex)) is not None:
            # "is never told which sample it is judging", of an input
            # `sample_id`: which one it is, the input that identifies it
            out.append([Tok("INPUT", word, (ident,))])
            i += 1
            continue
        if (act := _act_phrase(low, i, lex)) is not None:
            # "every water test", of `water_tester`: what that slot does
            n = len(act)
            out.append([Tok("ACT", " ".join(act), (lex.act_phrases[act],))])
            i += n
            continue
        if after_poss and out[-1][0].kind == "POSS" and len(out) > 1 and (lettered := _lettered(word, out[-2], lex)) is not None:
            # "candidate B's label", "the candidates' profiles", of inputs
            # `candidate_a`, `candidate_b` and `label_a`, `label_b` (or
            # locals `profile_a`, `profile_b`): the value of the same letter
            out.pop()
            out.pop()
            out.append([lettered])
            i += 1
            continue
        if (
            after_poss and out[-1][0].kind == "POSS" and len(out) > 1 and all(t.kind == "INPUT" for t in out[-2])
            and (word in INPUT_VALUE_NOUNS or word in _WHO_NOUNS) and word not in lex.key_forms and word not in lex.declared_keys
            and not any((v,) in lex.forms for v in (word, singular(word), plural(word)))
        ):
            # "the author's name", "the traveller's details": the input itself
            # (not "candidate B's profile", of the locals `profile_a` and
            # `profile_b`: a value of the pattern's own)
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
        if after_poss and out[-1][0].kind in ("POSS", "ITS") and _key_modifier(low, i, lex, phrases):
            # "the chef's kitchen timings", of a key `timings` the pattern's
            # own text calls "kitchen timings": the key, in the pattern's
            # words for it (not "the judges' private notes", of a key
            # `private_notes`: that key, above)
            i += 1
            continue
        if out and out[-1][0].kind == "FIELD" and len(out[-1]) == 1 and word in VALUE_NOUNS and (word,) not in lex.forms:
            # "the budgeter's overage figure": the field, in a word for its value
            i += 1
            continue
        if (
            (field_tok := next((t for t in out[-1] if t.kind == "FIELD"), None) if out else None)
            and len(field_tok.names) == 1
            and (
                word in _FIELD_VALUE_NOUNS
                # "the dairy's crate count", of a key `crates`: how many
                # there are, said of the key in the singular
                or (
                    word in _COUNT_NOUNS and field_tok.text == singular(field_tok.text)
                    and singular(field_tok.names[0]) != field_tok.names[0]
                )
            )
            and (word,) not in lex.forms and word not in lex.key_forms and word not in lex.declared_keys
            # (not the first word of a phrase: "the schedule counts as not approved")
            and _phrase_at(low, i, phrases, longest) <= 1
        ):
            # "the dispenser's lot number", "the accuracy figure",
            # "the confidence figure": the field, in a word for its value
            out[-1] = [field_tok]
            i += 1
            continue
        if (field_tok := next((t for t in out[-1] if t.kind == "FIELD"), None) if out else None) and _key_noun(field_tok, word, lex, phrases):
            # "the damage notes" of a key `damage`, where the pattern's own
            # text says "damage notes": the field, in the pattern's noun for it
            out[-1] = [field_tok]
            i += 1
            continue
        if word == "for" and (n := _reason_for(low, i, out)):
            # "the validator's reason for rejecting the answer", "its
            # reasons for the choice": what a reason is a reason for, which
            # says nothing of which reason is meant
            i += n
            continue
        if made and not after_poss and (maker := _made_phrase(low, i, lex, phrases)) is not None:
            # "the cloth reservation", of the one slot whose `ensures:`
            # calls its result so ("a cloth reservation"): that result
            out.append([Tok("MADE", f"{low[i]} {low[i + 1]}", (maker,))])
            i += 2
            continue
        if made and not after_poss and (product := _named_product(low, i, lex, phrases)) is not None:
            # "the walk plans", of a `walk_planner`: what the slot its name
            # says makes them made
            n, maker = product
            out.append([Tok("MADE", " ".join(low[i : i + n]), (maker,))])
            i += n
            continue
        letter = _letter(raw[i].lower(), low, lex) if len(raw[i]) == 1 and raw[i] in "ABCD" and i > 0 else None
        if letter is not None:
            out.append([Tok("INPUT", word, (letter,))])
            i += 1
            continue
        if (
            word == "already" and out and any(t.kind in _ALREADY_AFTER for t in out[-1])
            and set(phrases.get((low[i + 1] if i + 1 < len(low) else "",), ())) & _ALREADY_BEFORE
        ):
            # "the quotes already written for other rooms": when, not what;
            # "the quotes written for other rooms"
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
        if (owned_input := _owned_original(low, i, lex, phrases, max_name)) is not None:
            # "the customer's original message", "the buyer's untouched
            # budget": the owner's input, as the caller gave it
            n, names = owned_input
            out.append([Tok("ORIGINAL", low[i + 2])])
            out.append([Tok("INPUT", " ".join(low[i + 3 : i + 3 + n]), names)])
            i += 3 + n
            continue
        name: tuple[int, int, str, tuple[str, ...]] | None = None  # (len, priority, kind, names)
        for n in range(min(max_name + 2, len(low) - i), 0, -1):  # an owner and its "'s" before a name
            span = tuple(low[i : i + n])
            found = lex.forms.get(span)
            if found is not None and n > 1 and span[0] in ("when", "where") and (not out or out[-1][0].kind in ("COMMA", "SEMI", "COLON")):
                # "when the recital is", the description of `recital_date`,
                # opening the sentence or a clause: a condition ("when the
                # recital is postponed, ..."), not the input
                found = None
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
                    if found is not None and _head_shared(found[1].names, span[0], span[2:], lex):
                        # ("the pets' names", of `charity_name` beside a key
                        # `pet_name` the program reads: the word names
                        # either, and the owner may say which)
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
            if found is not None and found[1].kind in ("slot", "input") and len(found[1].names) > 1 and found[0] == 1:
                name = (1, found[0], _name_kind(found[1].kind), found[1].names)
        following = low[i + 1] if i + 1 < len(low) else ""
        if name is None and ("^" + word,) in lex.forms and (not re.fullmatch(r"[a-z0-9_]+", following or ".") or following in VALUE_NOUNS):
            priority, entity = lex.forms[("^" + word,)]
            name = (1, priority, _name_kind(entity.kind), entity.names)
        if word == "carries" and following == "out" and name is None:
            # "carries out its brief": doing it, not being handed it
            out.append([Tok("WORD", word)])
            i += 1
            continue
        phrase_len = _phrase_at(low, i, phrases, longest)
        owned = after_poss and (name is None or (name[0] == 1 and name[2] != "SLOT")) and phrase_len <= 1
        if owned and (word in _PUNCT or set(phrases.get((word,), ())) & POLARITY):
            # "the hydrologist's, on every path": the comma ends the
            # possessive; "its unless assessment": a negating or limiting
            # word is never the owner's field
            owned = False
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
                if (
                    following and following not in lex.key_forms and _result_noun(following, owners, lex, phrases)
                    and _modified_result(low, i + 1, owners, lex, phrases) is None
                    and not _noun_follows(low, i + 2, phrases)
                ):
                    # "the conservator's condition report", of `let
                    # condition = call conservator` that `ensures: a
                    # condition report`: the local's word before a noun for
                    # the whole result is that result
                    out.append([Tok("OUTPUT", f"{word} {following}")])
                    i += 2
                    continue
                toks = [Tok("OUTPUT", word)]
            elif (
                name is not None and name[2] == "VAR" and owners
                and (
                    (
                        len(name[3]) == 1
                        and {lex.collects.get(name[3][0]) or (lex.gathers.get(name[3][0]) if name[3][0] in lex.appended else None)} == owners
                    )
                    or all(_names_results(local, o, lex) for local in name[3] for o in owners)
                )
                and word not in lex.key_forms and word not in lex.declared_keys
                and (word, following) not in lex.bigrams
            ):
                # "another valuer's estimate", of `let estimates = parallel
                # for ...: call valuer` (or a list appended only its results)
                # that collects its every result: one of those results, the
                # valuer's output (not "the nose's aroma notes", a noun the
                # pattern's own text puts after it)
                toks = [Tok("OUTPUT", word)]
            elif (
                name is not None and name[2] == "INPUT" and owners and out[-1][0].kind == "POSS"
                and word not in lex.key_forms and word not in lex.declared_keys
            ):
                # "another delegate's brief", `briefs` an input and no key
                # of that name: the element given to that call
                toks = [Tok("INPUT", word, name[3])]
            elif (
                name is not None and name[2] == "INPUT" and name[0] == 1 and len(name[3]) == 1 and not owners
                and out[-1][0].kind == "POSS" and len(out) > 1 and any(t.kind == "INPUT" for t in out[-2])
                and word not in lex.key_forms and word not in lex.declared_keys
                # (not by the last word of its name: "the exhibitors'
                # names", of `class_name`, which "names" stands for alone)
                and not (len(ws := words_of(name[3][0])) > 1 and singular(word) == singular(ws[-1]))
            ):
                # "the patient's symptoms", of inputs `patient_record` and
                # `symptoms`: an input of its own after an input's possessive
                toks = [Tok("INPUT", word, name[3])]
            else:
                toks = [_owned(word, lex, phrases, owners)]
                if word in ("calls", "invocations") and word not in lex.key_forms and word not in lex.declared_keys:
                    # "none of the mediator's calls": the slot's calls, as
                    # "the mediator calls" are (or a field of that name)
                    toks.append(Tok("CALLS", word))
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
            if kind == "INPUT" and n == 1 and not (out and any(t.kind == "ORIGINAL" for t in out[-1])) and _alias_of_argument(word, names, lex):
                # "the counts", of `trial_count`, where a call passes the
                # germinators' results as `counts:`: the argument, maybe
                out.append([Tok("WORD", word)])
                i += 1
                continue
            toks = [Tok(kind, " ".join(low[i : i + n]), names)]
            before = {x for t in (out[-1] if out else ()) if t.kind == "SLOT" for x in t.names}
            if kind == "VAR" and before and lex.results.get(names[0], frozenset()) == before:
                # "the intake summary" for `let summary = call intake`: the
                # slot's result, named as the program names it
                toks.append(Tok("OUTPUT", " ".join(low[i : i + n])))
            if kind == "INPUT" and i + n < len(low) and low[i + n] in INPUT_VALUE_NOUNS and (low[i + n],) not in lex.forms:
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
                    # "an earlier critique" ("the latest critique"), of a
                    # local `last_critique`: what the program keeps under
                    # that name from round to round, not any delegate's
                    # earlier (or current) result
                    # (but "the critic's latest review" is its output)
                    and not (kind == "VAR" and k == "OUTPUT" and bool(out) and [t.kind for t in out[-1]] == ["PRIOR"])
                    and not (
                        kind == "VAR" and k == "OUTPUT" and bool(out) and [t.kind for t in out[-1]] == ["CURRENT"]
                        and not (len(out) > 1 and any(t.kind == "POSS" for t in out[-2]))
                    )
                ]
            if (
                kind == "INPUT" and n == 1 and "ORDER" in phrases.get((word,), ())
                and not any(t.kind == "ORDER" for t in toks) and _after_in(out)
            ):
                # "in the order they are listed", "in declared preference
                # order", of a pattern with an input `order` (or `orders`):
                # the word for an order, too
                toks.append(Tok("ORDER", word))
            if (
                kind == "INPUT" and n == 1 and priority == 1 and word in lex.key_forms
                and lex.key_forms[word] in lex.read_keys | lex.declared_keys
            ):
                # "the notes", of an input `director_notes` beside a verdict
                # `{ decision, reason, notes }` the program reads: the input,
                # by the last word of its name, or that field
                toks.append(Tok("FIELD", word, (lex.key_forms[word],)))
            if n == 1 and kind != "SLOT" and word in lex.acts:
                toks.append(Tok("ACT", word, (lex.acts[word],)))  # "is merged", of a local `merged`
            out.append(toks)
            i += n
            continue
        if (
            phrase_len <= 1 and name is None and word.endswith("ed") and following in lex.key_forms
            and {word[:-1], word[:-2]} & lex.variables
        ):
            # "the quoted price", of `let quote = call estimator` and a
            # `quote.price` the program reads: the local's field
            i += 1
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
        # "the address and price", of a `price` the program reads: the field,
        # beside the word for what a delegate does ("prices", "rates")
        verb_key = (
            n == 1 and word in lex.key_forms and bool(phrase_len)
            and set(phrases.get((word,), ())) <= _VERBS | {"BEHAVE"} and lex.key_forms[word] in lex.read_keys
        )
        if n == 1 and not phrase_len and (local := _passed_local(word, lex)) is not None:
            # "the script", of `script: draft` at every call given one,
            # where no result is read or declared with a `script`: the
            # local passed under that key
            toks.append(Tok("VAR", word, (local,)))
        elif n == 1 and word in lex.key_forms and (
            not phrase_len
            or (word in lex.returned_keys and _by_return(low, i, phrases))
            # "the answers" where the program reads an `answers` field
            # (`draft.answers`): that field, or any result (two meanings)
            or ("OUTPUT" in phrases.get((word,), ()) and lex.key_forms[word] in lex.read_keys)
            or verb_key
        ):
            toks.append(Tok("FIELD", word, (lex.key_forms[word],)))
            if verb_key:
                toks.append(Tok("WORD", word))  # after an article, a noun: "the score history"
        elif n == 1 and (named_key := _key_by_name(word, following, out, lex)) is not None:
            toks.append(Tok("FIELD", word, (named_key,)))
        elif n == 1 and not phrase_len and word.isalpha() and (named_key := _declared_key(word, lex.declared_by)) is not None:
            # "never the margins", a key only the engineer's `ensures:`
            # declares, which the program does not read: that slot's field
            toks += [Tok("FIELD", word, (named_key,)), Tok("WORD", word)]
        if n == 1 and len(word) >= 6 and word[:6] in lex.stems and word not in lex.key_forms:
            toks.append(Tok("SLOT", word, (lex.stems[word[:6]],)))
            if word.endswith("ed") and word not in lex.acts:
                # "a lot is archived", of an `archivist`: a participle of
                # the slot's name, what it does
                toks.append(Tok("ACT", word, (lex.stems[word[:6]],)))
        if not toks and out and any(t.kind == "SLOT" for t in out[-1]) and (
            (_AGENT.search(word) and word.removesuffix("s") not in _AGENT_LIKE_VERBS) or word in _GROUP_NOUNS
        ):
            # "the fallback researcher", "the primary agent": a noun for
            # what the slot is, after its name; "the payments desk", "the
            # logistics team": a group that does the slot's work
            toks = [Tok("ROLENOUN", word)]
        if not toks:
            toks = [Tok("WORD", word)]
            if _manner(word) and not (out and {t.kind for t in out[-1]} & {"RUN", "CALLS", "CALLED"}):
                # "tracks each target smoothly": a word of how, which the
                # reader does not list, read as one too (not "runs
                # quickly": how the calls run)
                toks.append(Tok("BEHAVE", word))
        elif n == 1 and not phrase_len and all(t.kind in ("FIELD", "SLOT") for t in toks):
            toks.append(Tok("WORD", word))
        if n == 1 and word in lex.acts:
            # "the change is merged": what the merger does
            if (
                out and len(out[-1]) == 1 and out[-1][0].kind == "VAR" and len(out[-1][0].names) == 1
                and lex.results.get(out[-1][0].names[0]) == frozenset({lex.acts[word]})
            ):
                # "an identity check", of `let identity = call id_checker`:
                # the slot, by its act, named by the local its result goes to
                out[-1] = [Tok("SLOT", f"{out[-1][0].text} {word}", (lex.acts[word],))]
                i += 1
                continue
            head = words_of(lex.acts[word])
            if (
                out and head[:-1] == [out[-1][0].text] and " " not in out[-1][0].text
                and word in acts_of(head[-1])
                # (not a verb before its object: "the family reviews the draft")
                and not (word.endswith("s") and following in ("the", "a", "an", "each", "every", "its", "their", "all", "this"))
            ):
                # "an allergy check", of an `allergy_checker`: the slot, by
                # the first word of its name and its act (not the input
                # `allergy_list` the first word also names)
                out[-1] = [Tok("SLOT", f"{out[-1][0].text} {word}", (lex.acts[word],))]
                i += 1
                continue
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
        elif n == 1 and word in lex.said and out and out[-1][0].text in ("says", "say", "said"):
            # "says halt", of `if review says halt`, where "halt" is also a
            # word of refusal: the word said
            toks.append(Tok("VERDICT", word, (word,)))
        out.append(toks)
        i += n
    out, articles = _one_name(out, articles, lex)
    out, articles = _in_the_list(out, articles)
    out, articles = _made_so(out, articles, lex)
    out = _verb_after_slot(out)
    for k in range(2, len(out)):
        if (
            out[k - 1][0].kind == "POSS" and any(t.kind == "SLOT" for t in out[k - 2])
            and all(t.kind == "WORD" for t in out[k]) and out[k][0].text in WORKINGS
            and out[k][0].text not in lex.declared_keys
            and not _passed_as(out[k][0].text, {n for t in out[k - 2] if t.kind == "SLOT" for n in t.names}, lex)
        ):
            # "the captain's reasoning", of a captain whose result has no
            # key of that name (and no slot declares one): some part of its
            # results, or all of them
            # (not the key a call is passed that slot's result under: "the
            # officer's objections", of `objections: review`, may be the
            # review itself)
            out[k] = [*out[k], Tok("WORKING", out[k][0].text)]
    return [[replace(t, article=True) for t in _noun(pos)] if k in articles else pos for k, pos in enumerate(out)]


def _verb_after_slot(out: list[list[Tok]]) -> list[list[Tok]]:
    """"`groomer` runs in order over `runs`", of an input `runs`: right
    after a slot's name, a word of running that is also a name is the verb
    too (the canonical form of an order says "runs")."""
    return [
        [*pos, Tok("RUN", pos[0].text)]
        if k > 0 and all(t.kind == "SLOT" for t in out[k - 1]) and len(pos) == 1 and pos[0].kind in ("INPUT", "VAR")
        and pos[0].text in ("runs", "run")
        else pos
        for k, pos in enumerate(out)
    ]


def _in_the_list(out: list[list[Tok]], articles: set[int]) -> tuple[list[list[Tok]], set[int]]:
    """"Every stamp in the submission", "each vehicle in the queue", "each
    stage in the list": after "every" and an element, "in" and a word for
    the list as it was handed in says where the element is, and nothing
    more (not before another noun or "order": "in queue order")."""
    for k in range(2, len(out) - 1):
        if (
            any(t.kind == "EVERY" for t in out[k - 2]) and any(t.kind in ("INPUT", "SLOT") for t in out[k - 1])
            and [t.kind for t in out[k]] == ["IN"]
            and all(t.kind in ("DECLARED", "CONTAINER") for t in out[k + 1])
            and (k + 2 >= len(out) or not any(t.kind in ("ORDER", "WORD", "INPUT", "VAR", "FIELD") for t in out[k + 2]))
        ):
            kept = {i if i < k else i - 2 for i in articles if i not in (k, k + 1)}
            return [*out[:k], *out[k + 2 :]], kept
    return out, articles


def _made_so(out: list[list[Tok]], articles: set[int], lex: Lexicon) -> tuple[list[list[Tok]], set[int]]:
    """"The reducer's merged result", of a reducer asked to "Merge ...": a
    past participle of what the owner does, between its possessive and a
    word for its whole result, says how the result was made, and nothing
    more (the result of a reducer is merged)."""
    for k in range(2, len(out) - 1):
        owners = {n for t in out[k - 2] if t.kind == "SLOT" for n in t.names}
        word = out[k][0].text
        if (
            owners and [t.kind for t in out[k - 1]] == ["POSS"] and all(t.kind == "WORD" for t in out[k])
            and word.endswith("ed") and [t.kind for t in out[k + 1]] == ["OUTPUT"]
            and all(any(w != word and _same_stem(word, w) for w in _owner_words(lex, o)) for o in owners)
        ):
            kept = {i if i <= k else i - 1 for i in articles}
            return [*out[:k], *out[k + 1 :]], kept
    return out, articles


def _one_name(out: list[list[Tok]], articles: set[int], lex: Lexicon) -> tuple[list[list[Tok]], set[int]]:
    """Two names in a row for the same one thing are one name ("the
    inclusion criteria", where the description of `criteria` says "the
    inclusion and exclusion criteria" and either word names it)."""
    merged: list[list[Tok]] = []
    kept: set[int] = set()
    for k, pos in enumerate(out):
        prev = merged[-1] if merged else None
        if (
            prev is not None and len(prev) == 1 and prev[0].kind in ("INPUT", "SLOT", "VAR") and len(prev[0].names) == 1
            and len(pos) == 1 and (same := pos[0]).kind == prev[0].kind and same.names == prev[0].names
            # (not the name itself before a word for it: "`rounds` rounds")
            and not {prev[0].text.replace(" ", "_"), singular(prev[0].text), plural(prev[0].text)} & set(prev[0].names)
        ):
            merged[-1] = [replace(same, text=f"{prev[0].text} {same.text}")]
            continue
        first = merged[-2] if len(merged) > 1 else None
        if (
            first is not None and prev is not None and [t.kind for t in prev] == ["OF"]
            and len(first) == 1 and first[0].kind in ("INPUT", "VAR") and len(first[0].names) == 1
            and len(pos) == 1 and pos[0].kind == first[0].kind and pos[0].names == first[0].names
        ):
            # "the photo of the lock", of an input `lock_photo`: both words
            # name it, one of the other
            merged[-2:] = [[replace(first[0], text=f"{first[0].text} of {pos[0].text}")]]
            kept.discard(len(merged))
            continue
        if (
            first is not None and prev is not None and [t.kind for t in prev] == ["POSS"]
            and len(owner := [t for t in first if t.kind == "INPUT"]) == 1 and len(owner[0].names) == 1
            and len(pos) == 1 and pos[0].kind == "INPUT" and len(pos[0].names) == 1
        ):
            # "the patient's insurance ID", of inputs `patient_record` and
            # `insurance_id`: an input of its own, whoever it is about
            # ("the referees' contact details", of `referees: object[] --
            # contact details of the candidate's referees`: both name it)
            merged[-2:] = [[replace(pos[0], text=f"{owner[0].text} 's {pos[0].text}")]]
            kept.discard(len(merged))
            continue
        if (
            first is not None and prev is not None and [t.kind for t in prev] == ["POSS"]
            and "WORD" in {t.kind for t in first} and len(pos) == 1 and pos[0].kind == "INPUT" and len(pos[0].names) == 1
            and not any(t.kind == "SLOT" and t.text.replace(" ", "_") in t.names for t in first)
            and _owner_described(first[0].text, pos[0].names[0], lex)
        ):
            # "the tenant's fault report", of `fault_report: the tenant's own
            # words about the fault`: whose the input's own description says
            # it is (not a slot named so: a word that only begins a slot's
            # name, `tenant_liaison`, is read as the owner here)
            merged[-2:] = [[replace(pos[0], text=f"{first[0].text} 's {pos[0].text}")]]
            kept.discard(len(merged))
            continue
        if (
            first is not None and prev is not None and [t.kind for t in prev] == ["POSS"]
            and (given := _input_of_slot(first, pos, lex)) is not None
        ):
            # "the client's budget", of an input `budget` the client is
            # handed: the input, whoever it belongs to
            merged[-2:] = [[given]]
            kept.discard(len(merged))
            continue
        if (
            prev is not None and len(prev) == 1 and prev[0].kind == "INPUT" and len(prev[0].names) == 1
            and [t.kind for t in pos] == ["WORD"] and pos[0].text in SCALAR_VALUE_NOUNS
            and prev[0].names[0] in lex.scalars and not lex.input_reads.get(prev[0].names[0])
            and not (k + 1 < len(out) and {t.kind for t in out[k + 1]} & _NOUN_KINDS)
        ):
            # "the station name", "the ridership figures", of inputs
            # `station` and `ridership`, each declared as one value, that
            # the program reads no key of: a noun for the value the input
            # holds, which is all of it (not "the station name", of a
            # `station.name` the program reads, nor "the rootstock name",
            # of one element of a list `rootstocks`)
            merged[-1] = [replace(prev[0], text=f"{prev[0].text} {pos[0].text}")]
            continue
        if k in articles:
            kept.add(len(merged))
        merged.append(pos)
        if (shared := _shared_field(merged, lex)) is not None:
            # "the science and budget scores", of locals `science` and
            # `budget` holding results that both declare `score`: each one's
            at = len(merged) - 3
            merged.insert(at, [shared])
            kept = {x + 1 if x >= at else x for x in kept}
    return merged, kept


#: Kinds of a token that go on naming a thing ("the station name list").
_NOUN_KINDS = frozenset("WORD INPUT VAR FIELD SLOT OUTPUT POSS".split())


def _owner_described(word: str, name: str, lex: Lexicon) -> bool:
    """Whether the description of the input ``name`` has ``word`` (in
    either number) as whose the value is: "the tenant's fault report", of
    `fault_report: the tenant's own words about the fault`."""
    if not word.isalpha():
        return False
    owners = re.findall(r"\b([a-z]+)(?:'s|')(?=\s|$)", lex.described.get(name, "").lower())
    return bool({word, singular(word), plural(word)} & set(owners))


def _input_of_slot(owner: list[Tok], pos: list[Tok], lex: Lexicon) -> Tok | None:
    """The input after a slot's possessive, as the one thing it names: the
    input's whole name, a value the slot's calls are passed as it is (or
    one whose description names the slot), and
    no word of what the slot makes (no key its results declare or are read
    under, no word its `ensures:` calls them by): "the client's budget" is
    the budget the client is handed, not something the client wrote."""
    if len(owner) != 1 or owner[0].kind != "SLOT" or len(owner[0].names) != 1:
        return None
    if len(pos) != 1 or pos[0].kind != "INPUT" or len(pos[0].names) != 1:
        return None
    slot, name = owner[0].names[0], pos[0].names[0]
    # (or an input its description says is the slot's: "the client's
    # palette", of `palette: the colours the client wants to match`)
    said = set(re.findall(r"[a-z]+", lex.described.get(name, "").lower()))
    described = bool(words_of(slot)) and all(w in said or plural(w) in said for w in words_of(slot))
    if pos[0].text.replace(" ", "_") != name or ((slot, name) not in lex.arg_keys and not described):
        return None
    made = (
        lex.slot_keys.get(slot, frozenset()) | lex.declares.get(slot, frozenset())
        | lex.keys_read_of.get(slot, frozenset()) | lex.products.get(slot, frozenset())
    )
    if {name, singular(name), plural(name), pos[0].text} & made or name in lex.declared_keys:
        return None
    return replace(pos[0], text=f"{owner[0].text} 's {pos[0].text}")


def _shared_field(out: list[list[Tok]], lex: Lexicon) -> Tok | None:
    """The field after "A and B" that both locals' results declare, for A."""
    if len(out) < 4 or [t.kind for t in out[-3]] != ["AND"]:
        return None
    field = next((t for t in out[-1] if t.kind == "FIELD" and len(t.names) == 1), None)
    first, second = out[-4], out[-2]
    if field is None or any(len(p) != 1 or p[0].kind != "VAR" or len(p[0].names) != 1 for p in (first, second)):
        return None
    key = field.names[0]
    for local in (first[0].names[0], second[0].names[0]):
        slots = lex.results.get(local, frozenset())
        if not slots or any(key not in lex.declares.get(s, frozenset()) for s in slots):
            return None
    return replace(field, text=field.text)


def _lettered(word: str, owner: list[Tok], lex: Lexicon) -> Tok | None:
    """After the possessive of inputs named by a letter (`candidate_a`,
    `candidate_b`): the inputs or locals of the word and the same letters
    (`label_a`, `label_b`), when each is a name of the pattern."""
    if not owner or any(t.kind != "INPUT" for t in owner) or len({t.names for t in owner}) != 1:
        return None
    letters = []
    for name in owner[0].names:
        ws = words_of(name)
        if len(ws) < 2 or len(ws[-1]) != 1:
            return None
        letters.append(ws[-1])
    for noun in (word, singular(word)):
        named = tuple(f"{noun}_{letter}" for letter in letters)
        if all(n in lex.inputs for n in named):
            return Tok("INPUT", word, named)
        if all(n in lex.variables for n in named):
            return Tok("VAR", word, named)
    return None


#: Words in -ly that say no manner (or say when, how often, how much).
_NOT_MANNER = frozenset(
    """family supply apply reply rely assembly daily weekly monthly yearly quarterly hourly nightly
    early likely unlikely only ally italy july holy ugly silly jelly belly bully rally tally lily hilly
    costly elderly lonely lovely friendly orderly timely deadly curly oily
    simultaneously concurrently sequentially serially jointly collectively repeatedly successively
    alternately periodically continuously iteratively recursively previously subsequently finally
    eventually initially lastly firstly secondly thirdly""".split()
)


def _manner(word: str) -> bool:
    """An adverb of manner the reader does not list ("smoothly",
    "conservatively", "neutrally")."""
    return len(word) >= 6 and word.endswith("ly") and word.isalpha() and word not in _NOT_MANNER


def _as_its_key(low: list[str], i: int, before: list[Tok], lex: Lexicon) -> int:
    """After a name of an input or local: "as a fallback", "as its
    fallback brief", where every call passes that value under a key those
    words begin or end (`fallback_brief`), or, where no call is passed it
    at all, any call's key; the number of words to drop, 0 if not."""
    names = {n for t in before if t.kind in ("INPUT", "VAR") for n in t.names}
    if not names:
        return 0
    keys = {key for (_, name), key in lex.arg_keys.items() if name in names}
    if not names & lex.passed_names:
        # passed to no call at all: whatever the role, the value does not
        # reach the slot, which the rest of the sentence says it does
        keys = {key for passed in lex.passed_keys.values() for key in passed}
    j = i + 1
    if j < len(low) and low[j] in ("a", "an", "the", "its", "their"):
        j += 1
    for n in (2, 1):
        said = low[j : j + n]
        if len(said) == n and all(w.isalpha() for w in said) and any(
            part in (said, [*said[:-1], singular(said[-1])])
            for key in keys
            for part in (words_of(key)[:n], words_of(key)[-n:])
        ):
            end = j + n
            if end == len(low) or low[end] in (",", ";", ".", "and", "but"):
                return end - i
    return 0


def _alias_of_argument(word: str, names: tuple[str, ...], lex: Lexicon) -> bool:
    """A word that names an input only as a part of its name ("counts" of
    `trial_count`) and is the key a call passes some value under."""
    forms = {word, singular(word), plural(word)}
    if len(names) != 1 or any(n in forms for n in names) or any(names[0] in lex.key_reads.get(f, ()) for f in forms):
        return False  # (or a key the input itself is passed under)
    passing = {slot for slot, keys in lex.passed_keys.items() if forms & keys}
    # (not the key its own elements are passed under: `sale: sale` in a
    # loop over `comparable_sales`)
    return bool(passing) and not passing <= lex.walkers.get(names[0], frozenset())


def _per_element(low: list[str], i: int, lex: Lexicon) -> tuple[int, str] | None:
    """After "per": an element of a list input a ``for`` walks ("per
    scene", "per element of `scenes`"), ending the clause; the words it
    takes and the list."""
    n = 3 if low[i : i + 2] == ["element", "of"] else 1
    if i + n > len(low) or (i + n < len(low) and low[i + n] not in (",", ";")):
        return None
    word = low[i + n - 1].strip("`")
    found = lex.forms.get((word,))
    if found is None or found[1].kind != "input" or len(found[1].names) != 1:
        return None
    (listed,) = found[1].names
    if listed not in lex.walkers or listed in lex.scalars:
        return None
    if n == 1 and word == listed:
        return None  # "per scenes": not an element
    return n, listed


#: What the reader knows a word as, where after "per" it is a noun of
#: the one thing a run handles: a verb's kind (not a unit a run repeats,
#: "per round", "per member", "per review").
_PER_NOUN_KINDS = frozenset({"DECLARED", "ORDER", "HANDS", "MEETS", "SEE", "REMOVED", "BEHAVE"})


def _per_thing(low: list[str], i: int, lex: Lexicon, phrases: dict[tuple[str, ...], tuple[str, ...]]) -> bool:
    """Whether the word at ``i``, after "per", names the one thing a run
    handles: a singular noun that ends the clause and is no name, key or
    word of the reader, whose plural the pattern's text never uses (it
    would have many of them: "per station", of a pattern about stations)."""
    if i >= len(low) or not low[i].isalpha():
        return False
    word = low[i]
    if _known(word, phrases) and not set(phrases.get((word,), ())) <= _PER_NOUN_KINDS:
        # (a noun of the caller's handing in, "per submission", "per
        # arrival", is the one thing a run is handed, as a plain noun is;
        # so is a word the reader knows as a verb only, which after "per"
        # is a noun: "per order", "per show", "per meeting")
        return False
    if (found := lex.forms.get((word,))) is not None:
        # "once per message", of a `customer_message: string`: the one
        # the run is given
        entity = found[1]
        # (not a number: "once per direction", of `readers_per_direction:
        # number`, counts directions, which the run has several of)
        single = (
            entity.kind == "input" and len(entity.names) == 1
            and entity.names[0] in lex.scalars and entity.names[0] not in lex.quantities
        )
        return single and (i + 1 >= len(low) or low[i + 1] in (",", ";"))
    if word in lex.key_forms or word in lex.declared_keys or plural(word) == word or singular(word) != word:
        return False
    if i + 1 < len(low) and low[i + 1] not in (",", ";"):
        return False
    said = {a for a, _ in lex.bigrams} | {b for _, b in lex.bigrams}
    if any(
        word in k and len(k) > 1 and entity.kind == "input" and any(n not in lex.scalars for n in entity.names)
        for k, (_, entity) in lex.forms.items()
    ):
        # "once for each candidate", of a list `candidate_names`: the
        # pattern has many of them, not one a run
        return False
    # (of the names' own words: a possessive the reader makes of a name,
    # "the wheels' notes" of `wheel_notes`, is no plural the text uses)
    return plural(word) not in said and not any(plural(word) in k for k in lex.forms if "'" not in k and "'s" not in k)


#: The last words of an input's name that make it what identifies a thing.
IDENTITY_WORDS = ("id", "name", "url", "number", "code", "ref", "reference")


def identifies(name: str, thing: str) -> bool:
    """Whether the input ``name`` is named for the identity of ``thing``
    (`sample_id`, `page_url`, of "sample", "samples", "page")."""
    return name in {f"{singular(thing)}_{s}" for s in IDENTITY_WORDS}


#: Nouns for what identifies a thing: "the insurance number", "the ticket
#: reference".
_IDENTITY_NOUNS = frozenset((*IDENTITY_WORDS, "ids", "no", "numbers"))


def _identity_phrase(low: list[str], i: int, lex: Lexicon, phrases: dict[tuple[str, ...], tuple[str, ...]]) -> str | None:
    """A word and a noun for an identity ("insurance number", "ticket
    reference") that are no name of the pattern, where one input named for
    an identity (`insurance_id`, `claimant_id`) has the word in its name, or
    both words in its description: that input."""
    if i + 1 >= len(low) or low[i + 1] not in _IDENTITY_NOUNS or not low[i].isalpha():
        return None
    if low[i] in FILLER_WORDS or low[i] in FILLERS or (low[i],) in phrases or _noun_follows(low, i + 2, phrases):
        # a word the reader knows ("the code reader": not "the" and
        # "code"), or a longer noun ("the ticket number field")
        return None
    if (low[i], low[i + 1]) in lex.forms or ((low[i],) in lex.forms and lex.forms[(low[i],)][1].kind == "slot"):
        return None
    found = [
        n for n in sorted(lex.inputs)
        if words_of(n)[-1] in IDENTITY_WORDS and (
            low[i] in words_of(n)[:-1]
            or {low[i], low[i + 1]} <= set(re.findall(r"[a-z]+", lex.described.get(n, "").lower()))
        )
    ]
    return found[0] if len(found) == 1 else None


#: What may follow "which" and a single input to say only which value it
#: is ("which week it is", "which paper is used", "which beach the walk is
#: on"), not something of it that the input does not tell ("which
#: candidate is better", "which pupils were held back").
_WHICH_IT_IS = (
    ("it", "is"), ("it", "was"), ("this", "is"), ("that", "is"),
    ("is", "used"), ("was", "used"), ("is", "chosen"), ("was", "chosen"), ("is", "in", "use"), ("is", "meant"),
)
_WHICH_PLACE = frozenset("for on about at in from".split())
_CLAUSE_ENDS = frozenset(", ; and or nor but".split())


#: Words after "how" that ask for a quantity.
_HOW_MUCH = frozenset("many much long big large".split())
#: Words of such a question that name nothing ("how many tries it is
#: allowed", "how much there will be").
_HOW_PLAIN = frozenset(
    """the a an it its they them their there is are was were will be being been can could may might must
    should would has have had do does did of in on for to with at by this that these those each every all
    any some how many much long big large""".split()
)
#: Words that ask for some other quantity than the one an input holds
#: ("how many attempts it has left", "how many more").
_HOW_OTHER = frozenset("left remaining more else other others fewer less extra spare".split())


def _how_much(low: list[str], i: int, lex: Lexicon) -> tuple[int, str] | None:
    """"How many attempts it has", "how much the club can spend", "how big
    the class is": a question of a quantity, to the end of its clause,
    whose words name one input declared as a number, by a word of its name
    (or else of its description) and by no word that names anything else
    of the pattern: the number of words and that input. Not a question of
    what is left or of more ("how many attempts it has left" is not the
    number it is allowed), nor one with a word of polarity."""
    if low[i] != "how" or i + 1 >= len(low) or low[i + 1] not in _HOW_MUCH or not lex.quantities:
        return None
    j = i + 2
    while j < len(low) and low[j] not in _CLAUSE_ENDS:
        j += 1
    said = low[i + 2 : j]
    padded = f" {' '.join(said)} "
    if not said or any(w in _HOW_OTHER or not w.replace("_", "").isalpha() for w in said) or any(
        f" {phrase} " in padded for k in POLARITY for phrase in KINDS.get(k, ())
    ):
        return None
    words = {singular(w) for w in said if w not in _HOW_PLAIN}
    if not words or _happened(said):
        return None

    def named(text: str) -> set[str]:
        return {singular(w) for w in re.findall(r"[a-z]+", text.lower())} - _HOW_PLAIN

    found = [n for n in sorted(lex.quantities) if words & {singular(w) for w in words_of(n)}]
    # (by its description, two words of it: "how much the club can spend",
    # of `budget: how much the club can spend`)
    found = found or [n for n in sorted(lex.quantities) if len(words & named(lex.described.get(n, ""))) >= 2]
    if len(found) != 1:
        return None
    for w in said:
        entity = lex.forms.get((w,))
        if entity is not None and set(entity[1].names) != {found[0]}:
            return None  # ("how many chunks there are", of `chunks` beside a `chunk_size`)
    return j - i, found[0]


#: Verbs in the past that say a thing happened ("how many rounds have gone
#: by", "how long the move took"), where a participle in *-ed* does not.
_PAST = frozenset("gone went took taken did done was were had been came come ran sat got made spent paid".split())


def _happened(said: list[str]) -> bool:
    """Words that ask how much happened ("how many rounds have gone by",
    "how much water the driver used", "how many kilos a fleece weighed"):
    a count of what a run did, which no input holds (an input holds a
    number given beforehand: "how many people are expected", "how many
    attempts it has"). A verb in the past, or in *-ed* after anything but
    "is", "are", "be", "being" or an article ("the expected crowd")."""
    return any(
        w in _PAST or (w.endswith("ed") and (k == 0 or said[k - 1] not in ("is", "are", "be", "being", "the", "a", "an")))
        for k, w in enumerate(said)
    )


def _which_input(low: list[str], i: int, lex: Lexicon, phrases: dict[tuple[str, ...], tuple[str, ...]]) -> tuple[int, str, int] | None:
    """After "which", an input declared as a single value (no list),
    said in the singular, and words that say only which value it is: the
    words the input takes, the input, and the words of the clause after
    it."""
    n = next((k for k in range(min(4, len(low) - i), 0, -1) if tuple(low[i : i + k]) in lex.forms), 0)
    if not n or low[i + n - 1] != singular(low[i + n - 1]):
        return None
    found = lex.forms[tuple(low[i : i + n])]
    if found[1].kind != "input" or len(found[1].names) != 1:
        return None
    name = found[1].names[0]
    if name in lex.sequences or name in lex.walkers or name not in lex.scalars:
        # (not "which entry it is", of a list `entries`: one of its
        # elements; only an input declared as one value)
        return None
    j = i + n
    for tail in _WHICH_IT_IS:
        if tuple(low[j : j + len(tail)]) == tail:
            m = len(tail)
            break
    else:
        # "which beach the walk is on", "which day the baking is": (the) a
        # plain word, "is", maybe a place word
        k = j + (low[j : j + 1] == ["the"])
        if not (
            k + 1 < len(low) and low[k].isalpha() and (low[k],) not in lex.forms and not _known(low[k], phrases)
            and low[k + 1 : k + 2] in (["is"], ["was"])
        ):
            return None
        m = k + 2 - j + (low[k + 2 : k + 3] != [] and low[k + 2] in _WHICH_PLACE)
    if j + m < len(low) and low[j + m] not in _CLAUSE_ENDS:
        return None
    return n, name, m


def _identifier(low: list[str], i: int, out: list[list[Tok]], lex: Lexicon) -> str | None:
    """After "which", a noun that is no slot's name, where one input is
    named for that thing's identity (`sample_id`, `page_url`): that input
    (also where the thing itself is an input: which sample it is, not
    whether it has it)."""
    if not (out and any(t.kind == "THAT" and t.text == "which" for t in out[-1])) or not low[i].isalpha():
        return None
    word = singular(low[i])
    if any(form is not None and form[1].kind == "slot" for form in (lex.forms.get((low[i],)), lex.forms.get((word,)))):
        return None
    found = [n for n in sorted(lex.inputs) if identifies(n, word)]
    return found[0] if len(found) == 1 else None


def _act_phrase(low: list[str], i: int, lex: Lexicon) -> tuple[str, ...] | None:
    """The noun of a slot's action in its name's words at ``i`` ("water
    test"), the longest."""
    for n in range(min(6, len(low) - i), 1, -1):
        phrase = tuple(low[i : i + n])
        if phrase not in lex.act_phrases:
            continue
        if any(tuple(low[i : i + k]) in lex.forms for k in range(1, len(phrase) + 1)) or any(w[:6] in lex.stems for w in phrase):
            return None  # ("the hand counts", of a local `hand_counts`: that name)
        return phrase
    return None


def _after_in(out: list[list[Tok]]) -> bool:
    """The position after "in", or after "in" and words of which order
    ("in declared preference ...")."""
    for pos in reversed(out):
        kinds = {t.kind for t in pos}
        if kinds == {"IN"}:
            return True
        if "DECLARED" not in kinds:
            return False
    return False


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
    latest"): the noun after it is the one output of the slot's latest call;
    or a word for all of it ("the curator's full")."""
    return (
        len(out) > 2
        and (
            [(t.kind, t.text) for t in out[-1]] == [("ORIGINAL", "raw")]
            or [(t.kind, t.text) for t in out[-1]] in ([("CURRENT", w)] for w in LATEST_WORDS)
            or [(t.kind, t.text) for t in out[-1]] == [("PRIOR", "last")]
            # "the patroller's full inspection": all of its output
            or [t.kind for t in out[-1]] == ["WHOLE"]
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


def _owned_original(
    low: list[str], i: int, lex: Lexicon, phrases: dict[tuple[str, ...], tuple[str, ...]], max_name: int
) -> tuple[int, tuple[str, ...]] | None:
    """At "OWNER's original NAME": the words of the name and the one input
    that "OWNER's NAME" names (as "the buyer's budget" names `buyer_budget`
    and "the customer's message" the message the description says the
    customer wrote), or None."""
    if i + 3 >= len(low) or low[i + 1] not in ("'s", "'") or low[i + 2] not in _AS_GIVEN:
        return None
    for n in range(min(max_name, len(low) - i - 3), 0, -1):
        rest = tuple(low[i + 3 : i + 3 + n])
        if rest[-1] in ("'s", "'"):
            continue
        found = lex.forms.get((low[i], low[i + 1], *rest)) or lex.forms.get((low[i], *rest))
        if found is None and _owner_word(low[i], lex, phrases):
            found = lex.forms.get(rest)
            if found is not None and _head_shared(found[1].names, low[i], rest, lex):
                return None  # ("the pets' original names", of `charity_name`: as above)
        if found is not None:
            return (n, found[1].names) if found[1].kind == "input" else None
    return None


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


#: Nouns for a field's value after the field's name ("the lot number",
#: "the accuracy figure", "the severity rating", "the proceed flag"): that
#: field. (Not nouns that may name a part of it, "the review notes", nor
#: a figure drawn from it, "the extracted count", "the order total".)
_FIELD_VALUE_NOUNS = frozenset(
    """number numbers figure figures value values rating ratings score scores level levels flag flags
    label labels estimate estimates reading readings grade grades""".split()
)


#: Nouns for how many things a list holds, after its key in the singular
#: ("the crate count", "the dose tally").
_COUNT_NOUNS = frozenset("count counts tally total".split())


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


def _key_modifier(low: list[str], i: int, lex: Lexicon, phrases: dict[tuple[str, ...], tuple[str, ...]]) -> bool:
    """Whether a plain word after a possessive is the pattern's own word
    before the key that follows it: its text says "kitchen timings" of a
    key `timings`, and the word names nothing else of the pattern."""
    word, after = low[i], low[i + 1] if i + 1 < len(low) else ""
    if not word.isalpha() or not after.isalpha() or _known(word, phrases) or (word,) in lex.forms:
        return False
    if any(k[0] == word and tuple(low[i : i + len(k)]) == k for k in lex.forms):
        return False  # ("the seller's asking price", of an input `asking_price`: that name)
    if word in lex.key_forms or word in lex.declared_keys or word in FILLER_WORDS or word[:6] in lex.stems:
        return False
    if not (after in lex.keys or after in lex.key_forms or after in lex.declared_keys):
        return False
    said = lex.bigrams | lex.prompt_bigrams
    return any((w, n) in said for w in (word, singular(word), plural(word)) for n in (after, singular(after), plural(after)))


def _head_shared(names: tuple[str, ...], owner: str, said: tuple[str, ...], lex: Lexicon) -> bool:
    """Whether the last word said, which names the input ``names`` by the
    end of its name, also ends another name of the pattern or a key it
    reads or a slot declares whose other words take in the owner said:
    "the pets' names", of `charity_name` beside a key `pet_name` (not "the
    surgery's name", of `clinic_name` beside a patient's `name`)."""
    head, whose = singular(said[-1]), singular(owner.removesuffix("'s").removesuffix("'"))
    others = (*lex.read_keys, *lex.declared_keys, *lex.inputs, *lex.variables)
    return any(
        n not in names and words_of(n) and singular(words_of(n)[-1]) == head
        and whose in {singular(w) for w in words_of(n)[:-1]}
        for n in others
    )


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
    as_at = i - 2 if low[i - 1 : i] in (["the"], ["a"], ["an"]) else i - 1
    if as_at > 0 and low[as_at] == "as":
        # "is returned as the reason": the key a value is returned under
        before = tuple(low[max(as_at - 2, 0) : as_at])
    return any(before[len(before) - len(r) :] == r or after[: len(r)] == r for r in _RETURN_WORDS)


_RETURN_WORDS = tuple(tuple(p.split()) for p in KINDS["RETURN"])

#: After an input's possessive, words for who or what the input is ("the
#: author's name", "opposing counsel's identity"), when no key is so named.
_WHO_NOUNS = frozenset("name names identity identities".split())

#: Agent nouns ("researcher", "moderators", "specialist"): after a slot's
#: name, what the slot is.
_AGENT = re.compile(r"(?:er|or|ist|ant)s?$")
#: Verbs spelled like agent nouns ("the miners exist", "the judges differ"):
#: never a noun for what a slot is
_AGENT_LIKE_VERBS = frozenset(
    """exist insist persist resist assist consist subsist differ offer enter gather deliver consider
    prefer remember suffer render cover discover matter wonder bother alter hover linger ponder
    want grant plant""".split()
)
#: Nouns for a group of people that, after a slot's name, are that slot
#: ("the payments desk", "the logistics team"); never a slot on their own
_GROUP_NOUNS = frozenset(
    "desk desks team teams office offices department departments bureau unit units "
    # "the signalling authority", "the review board"
    "authority authorities board boards committee committees council councils panel panels".split()
)

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
#: Nouns for what a delegate thinks of something: after its possessive, its
#: whole answer or a part of it (see :func:`_owned`).
_OPINIONS = frozenset("view views opinion opinions viewpoint viewpoints perspective perspectives stance".split())

#: Words for what a delegate that measures reports: after the possessive of
#: a slot that declares no keys, its whole result (see :func:`_owned`).
_MEASURES = frozenset("numbers figures readings values data measurements measures".split())

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


def _passed_local(word: str, lex: Lexicon) -> str | None:
    """The local a key names, if the word names the key and nothing else:
    every call passes that local under it, as it is, no result is read or
    declared to have a field of that name, and no loop is called so."""
    keys = [k for k in lex.key_locals if word in (k, plural(k), singular(k))]
    if len(keys) != 1 or word in lex.loop_words:
        return None
    (key,) = keys
    if key in lex.read_keys or key in lex.declared_keys or lex.key_forms.get(word, key) != key:
        return None
    return lex.key_locals[key]


def _known(word: str, phrases: dict[tuple[str, ...], tuple[str, ...]]) -> bool:
    """A word the reader knows as a kind that may say which value is meant."""
    return bool(set(phrases.get((word,), ())) - _PLAIN_KINDS)


def _noun_follows(low: list[str], j: int, phrases: dict[tuple[str, ...], tuple[str, ...]]) -> bool:
    """Whether the word at ``j`` makes the noun before it part of a longer
    one: a possessive ("the drift report's findings") or a plain word the
    reader does not know ("the drift report card")."""
    return j < len(low) and (low[j] in ("'s", "'") or (low[j].isalpha() and (low[j],) not in phrases))


def _passed_as(word: str, owners: set[str], lex: Lexicon) -> bool:
    """Whether some call is passed, under the key ``word`` (a name of its
    own for it), a local the program binds that may hold results of one
    of ``owners``: one whose results are not known to be only other
    slots'."""
    return any(
        key == word != name and name not in lex.inputs and lex.results.get(name, owners) & owners
        for (_, name), key in lex.arg_keys.items()
    )


def _made_phrase(low: list[str], i: int, lex: Lexicon, phrases: dict[tuple[str, ...], tuple[str, ...]]) -> str | None:
    """The one slot whose `ensures:` calls its result by the two words at
    ``i`` ("a walk report", "voice assignments": "the walk reports"), where
    the two words together are no name of the pattern, the second is no
    key, and no other slot's `ensures:` uses them both; else None."""
    if i + 1 >= len(low) or not (low[i].isalpha() and low[i + 1].isalpha()):
        return None
    first, noun = low[i], low[i + 1]
    if any(len(k) >= 2 and tuple(low[i : i + len(k)]) == k for k in lex.forms if k[0] == first):
        return None  # "the pass reports", of a local `pass_report`: the name
    if noun in lex.key_forms or noun in lex.declared_keys or set(phrases.get((first,), ())) & POLARITY:
        return None
    makers = [s for s in sorted(lex.products) if noun in lex.products[s] and first in lex.product_words.get(s, ())]
    if len(makers) != 1:
        return None
    if (
        (named := lex.forms.get((noun,))) is not None
        and named[1].kind in ("var", "input")
        and any(n in (noun, singular(noun), plural(noun)) for n in named[1].names)
        and not (named[1].kind == "var" and all(lex.maker(n) == makers[0] for n in named[1].names))
    ):
        # "the score cards", of a local `cards` that holds some of the
        # panellist's results: perhaps that local, or all its results
        return None
    if _noun_follows(low, i + 2, phrases):
        return None  # "the walk report card": a noun of its own
    return makers[0]


def _named_product(
    low: list[str], i: int, lex: Lexicon, phrases: dict[tuple[str, ...], tuple[str, ...]]
) -> tuple[int, str] | None:
    """The slot named in two or more words whose name, its agent noun made
    the noun of its product, stands at ``i`` ("the walk plans", of a
    `walk_planner`), with the number of words; None where the words are a
    name of the pattern, the noun is a key, or a noun follows."""
    for phrase, slot in lex.named_products.items():
        n = len(phrase)
        if tuple(low[i : i + n]) != phrase:
            continue
        noun = phrase[-1]
        if any(tuple(low[i : i + len(k)]) == k for k in lex.forms if len(k) >= n):
            return None  # ("the walk plan", of a local `walk_plan`: the name)
        if noun in lex.key_forms or noun in lex.declared_keys or _noun_follows(low, i + n, phrases):
            return None
        return n, slot
    return None


def _unhyphenated(word: str, lex: Lexicon, phrases: dict[tuple[str, ...], tuple[str, ...]]) -> str:
    """A hyphenated word ("on-call", "sign-off", "check-in") written as one
    word in the pattern's name (`oncall`, a key `signoff`) or in a word of
    one (`checkin_report`): that word, when the hyphenated form names
    nothing and is no word of the reader."""
    if "_" not in word or (word,) in lex.forms or word in lex.key_forms or (word,) in phrases:
        return word
    joined = word.replace("_", "")
    if (joined,) in lex.forms or joined in lex.key_forms or any(len(k) > 1 and joined in k for k in lex.forms):
        # (or a word of a longer name: "the check-in report", of `checkin_report`)
        return joined
    return word


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
    if _noun_follows(low, j + 1, phrases):
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
    if word in WORKED_ON and any(
        found[1].kind == "input" for n in range(1, 4) if (found := lex.forms.get(tuple(low[i + 1 : i + 1 + n]))) is not None
    ):
        # "the finished book", of an input `book`: what the pattern made of
        # it, which no word of the input's own description makes it
        return False
    if i + 1 < len(low) and (_in_own_description(word, low[i + 1], lex) or _own_name_part(word, low[i + 1], lex)):
        return True
    if (
        i + 1 < len(low) and word in lex.key_forms and lex.key_forms[word] not in lex.read_keys | lex.declared_keys
        and (word,) not in lex.forms and (lex.forms.get((low[i + 1],)) or (None, None))[1] is not None
        and any((word, n) in lex.bigrams for n in (low[i + 1], singular(low[i + 1]), plural(low[i + 1])))
    ):
        # "the recipe card", of a local `card` the prose calls so and a key
        # `recipe` only the returned object writes: the word says which
        # card, as the prose does
        return True
    if i + 1 >= len(low) or not word.isalpha() or _known(word, phrases) or (word,) in lex.forms or word in lex.key_forms:
        return False
    after = low[i + 1]
    in_noun_phrase = i > 0 and low[i - 1] in _DETERMINERS
    if _in_other_name(word, after, lex) and not _known(after, phrases) and _names_maker(word, low[i + 1 :], lex):
        # "the drone imagery", of `let imagery = call surveyor` where the
        # summary calls it "a drone surveyor": the word names the slot
        # that makes the value, which says nothing of which value is meant
        # (not before a noun for a result: "a safety review" is the safety
        # officer's review, read so)
        return in_noun_phrase
    if word in FILLER_WORDS or word[:6] in lex.stems or word in lex.declared_keys or _in_other_name(word, after, lex):
        return False
    named = [e for n in range(1, 4) if (e := lex.forms.get(tuple(low[i + 1 : i + 1 + n])))]
    if not named and after not in lex.declared_keys:
        return False
    # "shortlisted applications", of a local `shortlist`: the word names
    # another value of the pattern (not the slot that makes this one),
    # which of them it speaks of
    meant = {names for _, e in named for names in e.names}
    meant |= {slot for name in list(meant) for slot in lex.results.get(name, ())}  # "treatment plan", of the planner's
    if any(
        len(k) == 1 and _same_stem(word, k[0]) and not set(e.names) <= meant
        for k, (_, e) in lex.forms.items()
    ):
        return False
    return (
        _modifies(word, after, lex)
        or _described(word, [e for _, e in named], lex)
        or (in_noun_phrase and _domain_word(word, after, [e for _, e in named], lex))
    )


#: Nouns for why a delegate decided as it did ("the judge's reasons").
_REASON_NOUNS = frozenset("reason reasons rationale rationales justification justifications grounds explanation explanations".split())
#: Nouns for what a reason is a reason for ("its reason for the refusal").
_DECISION_NOUNS = frozenset(
    """decision decisions choice choices verdict verdicts pick picks ranking rankings refusal refusals rejection
    rejections approval approvals revision revisions ruling rulings call calls""".split()
)
#: Words that may follow what a reason is for: the clause goes on.
_AFTER_REASON = frozenset(
    ", ; but never and nor or is are was were reaches reach goes go comes come stays stay gets get ever not".split()
)
_OBJECT_ARTICLES = frozenset("the a an its their his her".split())
_PARTICLES = frozenset("down away back off up out".split())


def _reason_for(low: list[str], i: int, out: list[list[Tok]]) -> int:
    """After a possessed noun for a reason, "for" and what it is a reason
    for, up to the end of the sentence or a word that goes on with the
    clause: a decision ("for its refusal", "for a revision") or a verb's
    -ing form with what it is done to ("for turning a draft down"); the
    number of words, or 0. Never "for each ...", "for the same ...": those
    say which of the reasons is meant."""
    if len(out) < 2 or not any(t.kind in ("POSS", "ITS") for t in out[-2]):
        return 0
    if not any(t.kind in ("FIELD", "OUTPUT", "WORD") and t.text.split()[-1] in _REASON_NOUNS for t in out[-1]):
        return 0
    j = i + 1
    if low[j : j + 1] and low[j] in _OBJECT_ARTICLES and low[j + 1 : j + 2] and low[j + 1] in _DECISION_NOUNS:
        j += 2
    elif low[j : j + 1] and low[j] in _DECISION_NOUNS:
        j += 1
    elif low[j : j + 1] and low[j].isalpha() and low[j].endswith("ing") and len(low[j]) > 5:
        j += 1
        if low[j : j + 1] and low[j] in _PARTICLES:
            j += 1  # "for turning down a draft"
        if low[j : j + 1] and low[j] in _OBJECT_ARTICLES:
            j += 1
        k = j
        while j < len(low) and j - k < 2 and low[j].isalpha() and low[j] not in _AFTER_REASON and low[j] not in _PARTICLES:
            j += 1
        if low[j : j + 1] and low[j] in _PARTICLES:
            j += 1
    else:
        return 0
    if j < len(low) and low[j] not in _AFTER_REASON:
        return 0
    return j - i


def _names_maker(word: str, rest: list[str], lex: Lexicon) -> bool:
    """Every name of the pattern ``word`` is in names a slot, and the name
    after it (``rest``) one local that holds only that slot's results."""
    owners = [e for k, (_, e) in lex.forms.items() if word in k]
    if not owners or any(e.kind != "slot" for e in owners):
        return False
    slots = {n for e in owners for n in e.names}
    named = [found[1] for n in range(1, 4) if (found := lex.forms.get(tuple(rest[:n]))) is not None]
    return bool(named) and all(
        e.kind == "var" and all(0 < len(lex.results.get(v, ())) and lex.results[v] <= slots for v in e.names) for e in named
    )


#: Words after which a word before a name is in its noun phrase ("the
#: drone imagery"), not a verb ("the blender weights members")
_DETERMINERS = frozenset("the a an its their his her any every each no all both 's".split())


#: Words before a noun that may say which of its values is meant (a
#: version, an age, a side, a state): never dropped as a word of the domain
_SELECTING = frozenset(
    """other another next new old missing remaining pending outstanding winning losing leading best worst
    top bottom current previous last first final latest earlier later single partial complete full whole
    entire raw original initial draft interim provisional preliminary own shared private public internal
    external rough clean dirty good bad wrong right correct valid invalid empty second third spare extra
    backup fallback alternative primary secondary main minor major short long""".split()
)


def _domain_word(word: str, after: str, named: list[Entity], lex: Lexicon) -> bool:
    """A noun of the pattern's own text before the name of one of its
    locals or keys ("the tasting scores", "the hanging plans"): a word of
    what the value is about, which says nothing of which value is meant.
    Not a word that may select among its values (a version, an age: "the
    draft rota", "the remaining rows"), nor a participle ("the merged
    draft")."""
    if any(e.kind != "var" for e in named) or (not named and after not in lex.declared_keys) or len(word) < 3:
        return False
    if word in _SELECTING or word.endswith(("ed", "en")):
        return False
    if word in lex.own_words:
        return True
    # "the shelf counts", of `let counts = ...` holding the results of a
    # counter asked to "Count every item on the shelves": a word of the
    # prompts of the one slot whose results the local holds
    makers = {lex.maker(n) for e in named for n in e.names}
    forms = {word, plural(word), f"{word[:-1]}ves" if word.endswith("f") else word, f"{word[:-2]}ves" if word.endswith("fe") else word}
    return bool(makers) and None not in makers and all(
        forms & lex.prompt_words.get(m, frozenset()) for m in makers if m is not None
    )


def _in_own_description(word: str, after: str, lex: Lexicon) -> bool:
    """A word right before the one input whose name is the next word, where
    that input's own description puts the two together ("the screening
    criteria", of `criteria: the lawful screening criteria`), even when the
    word also names something else (the screener): the description says
    which value the words are."""
    entity = lex.forms.get((after,))
    if entity is None or entity[1].kind != "input" or len(entity[1].names) != 1 or not word.isalpha():
        return False
    said = re.findall(r"[a-z]+", lex.described.get(entity[1].names[0], "").lower())
    return any(a == word and b in (after, singular(after), plural(after)) for a, b in itertools.pairwise(said))


def _own_name_part(word: str, after: str, lex: Lexicon) -> bool:
    """A word of the name of the one input the next word names by its
    description ("the hall notes", of `hall_acoustics: notes on the hall's
    reverberation`): the two words say which value together."""
    entity = lex.forms.get((after,))
    if entity is None or entity[1].kind != "input" or len(entity[1].names) != 1 or not word.isalpha():
        return False
    parts = entity[1].names[0].split("_")
    return len(parts) > 1 and word in parts and after not in parts


def _described(word: str, named: list[Entity], lex: Lexicon) -> bool:
    """A word that the description of the one input named after it says
    too, in a form of its own ("the disputed amount", of `amount: the
    amount in dispute`): it says nothing of which value is meant."""
    inputs = {n for e in named if e.kind == "input" for n in e.names}
    if len(inputs) != 1 or len(word) < 5 or any(e.kind != "input" for e in named):
        return False
    (name,) = inputs
    said = re.findall(r"[a-z]+", lex.described.get(name, "").lower())
    return any(len(w) >= 5 and w[:5] == word[:5] for w in said)


def _in_other_name(word: str, after: str, lex: Lexicon) -> bool:
    """Whether a word is part of a name of the pattern other than before
    ``after`` there: "bench" of the form "bench notes written" (from the
    description "the bench notes written when ...") says nothing more
    before "notes"; "summary" of "summary notes" says something before
    "report"."""
    return any(word in k and not any(a == word and b == after for a, b in itertools.pairwise(k)) for k in lex.forms)


def _modified_key(low: list[str], i: int, lex: Lexicon, phrases: dict[tuple[str, ...], tuple[str, ...]]) -> int | None:
    """After a slot's possessive, one plain word and a key a slot's
    `ensures:` declares ("the checker's internal notes" of `{ basis, notes
    }`): the position of the key."""
    word = low[i]
    if not word.isalpha() or _known(word, phrases) or word in lex.key_forms or word in lex.declared_keys:
        return None
    j = i + 1
    if (word,) in lex.forms or word[:6] in lex.stems or _in_other_name(word, low[j] if j < len(low) else "", lex):
        return None
    if j >= len(low) or low[j] not in lex.declared_keys or not (_modifies(word, low[j], lex) or _describes_key(word)):
        return None
    if j + 1 < len(low) and (low[j + 1] in ("'s", "'") or (low[j + 1].isalpha() and (low[j + 1],) not in phrases)):
        return None
    return j


#: Words before a slot's key that say what kind of thing it holds, not which
#: of its calls made it (unlike *first, latest, revised*).
_KEY_DESCRIBING = frozenset("private internal confidential".split())
#: Participles that say how the value came about, not which one it is.
_PLAIN_PARTICIPLES = frozenset("agreed requested suggested preferred recommended estimated measured".split())


def _describes_key(word: str) -> bool:
    """A word between a slot's possessive and a key it declares that says
    nothing of which call's value is meant ("the drafter's private notes",
    "the ranker's chosen item", "the medic's treatment plan"): not a word
    that may select a version, an age or a side (:data:`_SELECTING`), nor a
    participle of work done to it ("the learner's revised answer")."""
    if word in _KEY_DESCRIBING or word in _PLAIN_PARTICIPLES:
        return True
    return len(word) >= 4 and word not in _SELECTING | _IRREGULAR_PARTICIPLES and not word.endswith(("ed", "en"))


#: Participles not in -ed or -en ("the judges' lost margin": which one).
_IRREGULAR_PARTICIPLES = frozenset(
    """lost won kept made sent cut set held left found built paid sold told bought brought taught caught
    shown known seen done gone read spent split struck stuck spun dealt felt meant burnt learnt dropped
    shut hurt quit rung sung sunk swum torn worn thrown drawn grown flown""".split()
)


def _owned(word: str, lex: Lexicon, phrases: dict[tuple[str, ...], tuple[str, ...]], owners: Collection[str] = ()) -> Tok:
    """A word after a possessive ("the actor's ..."): the owner's whole result
    ("output", or a word for a result that the program reads no field of), or
    one field of it (a key the program reads, or a word prosec has no other
    meaning for: "reasoning", "self-assessment")."""
    # A key a slot declares (`ensures: { questions, answers }`) is that
    # field, even when the word could name a whole result; but not of an
    # owner that declares its keys and not that one ("the chair's
    # reasoning", of a chair's `{ decision, reason }` beside another slot's
    # `{ reasoning }`): no result of that owner has it
    elsewhere = bool(owners) and all(lex.declares.get(o) and word not in lex.declares[o] for o in owners)
    if word in lex.declared_keys and not elsewhere:
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
    if owners and word in _MEASURES and word not in lex.key_forms and not any(lex.declares.get(o) for o in owners):
        # "the measurer's numbers", "the gauge's readings", of a slot that
        # declares no keys: a word for what it reports, its whole result
        return Tok("OUTPUT", word)
    if (
        owners and word not in lex.key_forms and singular(word) == "list"
        and all("list" in lex.prompt_verbs.get(o, ()) or "list" in lex.products.get(o, ()) for o in owners)
    ):
        # "the miners' lists", of a miner asked to "List every unstated
        # assumption" (or whose `ensures:` says it makes a list): its result
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
    if word in _OPINIONS and word not in lex.key_forms:
        # "the matchmaker's view", "the juror's opinion": what it thinks,
        # which may be all it answers or one part of it, not a key of that
        # name
        return Tok("WORD", word)
    if word not in lex.key_forms and any(w != word and _same_stem(word, w) for o in owners for w in _owner_words(lex, o)):
        # "the designer's revisions", `ensures: a revised rulebook`: a word
        # for what the owner makes, no key of the program: its whole result,
        # or a field of that name? Not read as either
        return Tok("WORD", word)
    return Tok("FIELD", word, (lex.key_forms.get(word, word),))


def _names_results(local: str, slot: str, lex: Lexicon) -> bool:
    """A local of that name, or one named by its plural or singular, holds
    the slot's whole results and nothing else (null aside): bound to its
    calls, or collecting or gathering every one of them ("another classifier's label", of `let
    label = labels[i]`, `labels` collecting the classifier's results)."""
    for name in {local, singular(local), plural(local)}:
        if lex.results.get(name) == frozenset({slot}) or lex.maker(name) == slot:
            return True
    return False


def _owner_words(lex: Lexicon, slot: str) -> set[str]:
    """The words a slot's name and its `ensures:` call it and its result
    by, and the verbs its prompts ask it to act by ("Correct ...")."""
    return {*slot.split("_"), *lex.products.get(slot, ()), *lex.product_words.get(slot, ()), *lex.prompt_verbs.get(slot, ())}


def _same_stem(a: str, b: str) -> bool:
    """Two words of one stem, as far as their spelling shows ("revisions",
    "revised"; "plan", "planner")."""
    n = min(5, len(a), len(b))
    return n >= 4 and a[:n] == b[:n]


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


_GETS = frozenset(("gets", "receives", "hears"))


def _caller_gets(low: list[str], i: int, lex: Lexicon, phrases: dict[tuple[str, ...], tuple[str, ...]]) -> int:
    """How many words from ``i`` say the caller gets something, by a word
    for a person the pattern has no name for: "the customer gets", "the
    player gets back" (not "the target gets", a slot, nor "the result gets")."""
    if low[i] != "the" or i + 2 >= len(low) or low[i + 2] not in _GETS:
        return 0
    who = low[i + 1]
    if not re.fullmatch(r"[a-z]+", who) or (who,) in lex.forms or ("^" + who,) in lex.forms or _known(who, phrases):
        return 0
    if who in lex.key_forms or who in lex.declared_keys or not _PERSON.search(who) or who[:6] in lex.stems:
        return 0
    if any(w[:5] == who[:5] for key in lex.forms for w in key if len(w) >= 5):
        return 0  # ("the distributor", of a `distribution_checker`: the slot, maybe)
    return 4 if low[i + 3 : i + 4] == ["back"] else 3


#: Endings of a word for a person ("customer", "player", "applicant",
#: "homeowner"), and some such words besides
_PERSON = re.compile(r"(?:er|or|ant|ent|ist|ian)$|^(?:guest|family|patient|client|user|member|public|household|team)$")

#: Split phrasal verbs whose particle may stand after the object ("turns
#: the job down", "the caller gets the reason back"): each verb, with the
#: words one of which must stand right before it (None: any), and the
#: particles that move back to it.
#: Split phrasal verbs: the verbs, the words one must follow (or None),
#: the particles, and whether the particle must end the clause.
_SPLIT_VERBS: tuple[tuple[frozenset[str], frozenset[str] | None, frozenset[str], bool], ...] = (
    (frozenset(("turn", "turns", "turned", "turning")), None, frozenset(("down", "away")), False),
    # "the caller gets the guard's reason back": what the pattern returns
    (frozenset(("gets", "get", "receives")), frozenset(("caller",)), frozenset(("back",)), False),
    # "never hears anything back from the assessor"
    (frozenset(("hear", "hears", "heard")), None, frozenset(("back",)), False),
    # "the decorator never gets its earlier sketches back": where "back"
    # ends the clause (not "gets the plan back to the planner")
    (frozenset(("gets", "get", "got")), None, frozenset(("back",)), True),
)
_NOUN_BEFORE = frozenset("the a an each every one per in its their this that next first last another".split())
_PARTICLE_STOP = frozenset(("and", "or", "but", "if", "when", "unless", "because", "so", "then"))


def _own_dropped(raw: list[str], low: list[str]) -> tuple[list[str], list[str]]:
    """"The applicant's own notes", "the blender's own tasting notes": "own"
    right after a possessive, before a noun, says no more than the
    possessive does, and is read as if it were not there ("its own" keeps
    its meaning: the slot's, not another's)."""
    keep = [
        k for k, word in enumerate(low)
        if not (word == "own" and 0 < k < len(low) - 1 and low[k - 1] in ("'s", "'") and low[k + 1][:1].isalpha())
    ]
    return [raw[k] for k in keep], [low[k] for k in keep]


def _particle_moved(raw: list[str], low: list[str]) -> tuple[list[str], list[str]]:
    """"Turns the job down", "the caller gets the reason back": the particle
    of a split phrasal verb moved to its verb ("turns down the job"), where
    at most six words of one object stand between them."""
    for i, word in enumerate(low):
        for verbs, before, particles, at_end in _SPLIT_VERBS:
            if word not in verbs or (i > 0 and low[i - 1] in _NOUN_BEFORE):
                continue  # ("each turn the cook puts the pan down": the noun)
            if before is not None and (i == 0 or low[i - 1] not in before):
                continue
            for j in range(i + 2, min(i + 8, len(low))):
                if low[j] in _PUNCT or low[j] in _PARTICLE_STOP:
                    break
                if low[j] in particles:
                    if at_end and not (j + 1 == len(low) or low[j + 1] in _PUNCT or low[j + 1] in _PARTICLE_STOP):
                        break
                    order = [*range(i + 1), j, *range(i + 1, j), *range(j + 1, len(low))]
                    return [raw[k] for k in order], [low[k] for k in order]
    return raw, low


#: "Already" between a thing and the participle that says how it was made
#: ("the quotes already written", "the progress already certified") says
#: when, and is read as if it were not there.
_ALREADY_AFTER = frozenset("VAR INPUT FIELD OUTPUT SLOT WORD CONTAINER".split())
_ALREADY_BEFORE = frozenset("AUTHORED DECLARED ACT PRODUCED APPENDED GIVEN APPROVE HANDLED".split())


#: Verbs of a delegate's decision: "why the guard approved", "why the
#: screener let the appeal through" ask for the reasons of it.
_DECIDED = frozenset(
    """approved approves accepted accepts rejected rejects refused refuses declined declines
    cleared clears flagged flags vetoed vetoes blocked blocks allowed allows okayed passed
    decided decides chose chooses picked picks ruled rules agreed agrees trusted trusts
    dropped drops denied denies""".split()
)
#: A particle after a decision's object ("let the appeal through", "turned
#: an act away") and the verbs that take it.
_DECIDED_PARTICLE = {"let": ("through", "in", "pass"), "lets": ("through", "in", "pass"), "turned": ("away", "down"), "turns": ("away", "down")}
#: Words that end the object of such a decision: a new clause, a condition,
#: a word of polarity or time.
_DECIDED_STOP = frozenset(
    """and but or nor so because before after when whenever while unless until if though although
    since only never ever even not no without except than once again""".split()
)


def _why_decided(raw: list[str], low: list[str], lex: Lexicon) -> tuple[list[str], list[str]]:
    """"Why the guard approved", "why the screener let the appeal through",
    "why the auditor decided as it did": the reasons the slot gave for its
    decision, said as "the guard's reasons" (which is the key its result
    gives them under, or some part of its result). Only where the decision
    and what it was about end the clause."""
    for i, word in enumerate(low):
        if word != "why":
            continue
        j = i + 1 + (low[i + 1 : i + 2] in (["the"], ["a"], ["an"]))
        slot = None
        for n in range(min(4, len(low) - j), 0, -1):
            found = lex.forms.get(tuple(low[j : j + n]))
            if found is not None and found[1].kind == "slot" and len(found[1].names) == 1:
                slot = n
                break
        if slot is None:
            continue
        k = j + slot
        verb = low[k] if k < len(low) else ""
        particles = _DECIDED_PARTICLE.get(verb, ())
        if verb not in _DECIDED and not particles:
            continue
        k += 1
        if particles and low[k : k + 1] and low[k] in particles:
            particles = ()  # ("turned away an act": the particle moved to its verb)
            k += 1
        if low[k : k + 3] in (["as", "it", "did"], ["as", "they", "did"]):
            k += 3
        else:
            # what it decided on: a few words, then (after "let", "turned")
            # its particle, or the verb again ("chose the concept it chose")
            m = k
            while m < len(low) and m - k < 6 and low[m].isalpha() and low[m] not in _DECIDED_STOP:
                if low[m] in particles:
                    break
                if low[m] in ("it", "they") and m + 1 < len(low) and low[m + 1] == verb and m > k:
                    break
                m += 1
            if particles:
                if m >= len(low) or low[m] not in particles or m == k:
                    continue
                m += 1
            elif m < len(low) and low[m] in ("it", "they") and m + 1 < len(low) and low[m + 1] == verb:
                m += 2
            k = m
        if k < len(low) and low[k] not in (",", ";", ".", "but", "nor", "and"):
            continue
        said = [*raw[i + 1 : j + slot], "'s", "reasons"]
        return [*raw[:i], *said, *raw[k:]], [*low[:i], *[w.lower() for w in said], *low[k:]]
    return raw, low


#: Words that may follow "as ... it" and still say where it was given ("at
#: check-in", "on the door", "in the advert"), to the end of the clause
_SUPPLIED_PLACE = frozenset("at on in by from during over".split())


def _as_supplied(low: list[str], i: int, lex: Lexicon) -> int:
    """How many words from ``i`` say a value is as its supplier gave it:
    "(exactly | just) as the traveller wrote it", "as they were posted",
    "exactly as printed", with a place after it to the end of the clause
    ("as it was written at move-in"). The supplier must be no name of the
    pattern's ("as the designer wrote it", of a `designer` slot, is that
    slot's result, another claim); the verb a past form of giving."""
    j = i + (low[i] in ("exactly", "just"))
    if low[j : j + 1] != ["as"]:
        return 0
    j += 1

    def past(word: str) -> bool:
        return word in SUPPLIED

    if low[j : j + 2] in (["it", "was"], ["they", "were"], ["it", "is"], ["they", "are"]) and past(low[j + 2] if j + 2 < len(low) else ""):
        j += 3
    elif low[j : j + 1] in (["the"], ["a"], ["an"], ["their"], ["its"]) and j + 3 < len(low) + 1:
        who, verb, it = (low[j + k] if j + k < len(low) else "" for k in (1, 2, 3))
        if not re.fullmatch(r"[a-z]+", who) or (who,) in lex.forms or not past(verb) or it not in ("it", "them"):
            return 0
        j += 4
        if low[j : j + 1] == ["over"]:
            j += 1  # "as the photographer handed it over"
    elif j > i + 1 and j < len(low) and past(low[j]) and low[j] != "set":
        # (bare, only after "exactly" or "just": "treated as rejected" is
        # no value as given)
        j += 1
    else:
        return 0
    end = j
    while end < len(low) and low[end] not in _PUNCT:
        end += 1
    if end > j and (low[j] not in _SUPPLIED_PLACE or any(w in ("and", "but", "or", "never", "not") for w in low[j:end])):
        return j - i  # (what follows is another part of the sentence)
    return end - i


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
    if name in lex.keys or name in lex.key_forms.values() or name in lex.declared_keys:
        return Tok("FIELD", name, (name,))
    if name in lex.call_keys:
        return Tok("WORD", name)  # a call's key, as written: that key (not what it passes)
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
