"""unaware: nothing passed to the slot reveals what it must not know.

Checked on each of its calls: no reference to another delegate itself; no
prompt or other literal text, no input name, and no argument name naming
the hidden fact (``observer``/``watching``, ``dialectic``, ``attacked``).
An argument named after another delegate's work is allowed when all it can
carry is that work ("counter the thesis argument" describes data, it does
not reveal a dialectic); when the hidden fact is that delegate itself
("unaware that a reviewer was involved", of ``reviewer_notes``) the name
may tell of it, and the claim is not settled. "Unaware of each other" also
forbids the others' outputs, and a prompt's words for peers ("the rest of
the panel") leave it not settled; "not told that others exist" is not
settled by the others' outputs either. A judgement of the slot's own work
handed back under a word for one leaves "its work is judged" not settled.
"""

from __future__ import annotations

import re

from ... import ir
from ..claims import Unaware
from ..flow import INDEX, LENGTH, Flow
from ..lexicon import plural, singular, words_of
from ..model import Status
from .base import Facts, Problem, Verdict, show, unsettled, verdict, words_in


def _texts(e: ir.Expr) -> list[str]:
    out: list[str] = []
    for sub in ir.subexprs(e):
        match sub:
            case ir.Literal_(value=str() as value):
                out.append(value)
            case ir.Text(parts=parts):
                out.extend(p for p in parts if isinstance(p, str))
            case _:
                pass
    return out


def check(claim: Unaware, facts: Facts) -> Verdict:
    """Check an unaware claim."""
    calls = facts.calls(claim.target)
    if not calls:
        note = f"{claim.target.describe()} is never called"
        return Verdict(Status.PROVED, [note], vacuous=note)
    me = claim.target.slot
    problems: list[Problem] = []
    #: problems found only by a word of the hidden fact that names no
    #: delegate, where the fact names one ("a video referee is also
    #: judging", of a prompt "judge the clip"): the word may be the slot's
    #: own task, not the fact
    loose: list[Problem] = []
    #: arguments named after the hidden delegate that carry its work, and
    #: the word of the fact that names it
    own_work: list[Problem] = []
    own_term: str | None = None
    named = tuple(t for t in claim.terms if t in facts.a.slots)
    #: the fact's words, those that say what the slot itself does last
    #: ("forecast", of a `forecaster`): a text that says another is what
    #: tells it the fact
    terms = tuple(sorted(claim.terms, key=lambda t: me is not None and _of_its_act(me, t)))
    #: a hidden fact that the slot itself is run again ("not told it is
    #: being retried"), and the count of the loop that repeats it, given
    #: to it (`attempt: attempt` in the records it is passed): a number of
    #: its round, not data made from work
    again = next((t for t in claim.terms if _of_repeating(t)), None)
    repeats: list[Problem] = []
    #: inputs of the caller named for a slot the hidden fact names
    named_input: list[Problem] = []
    #: of "unaware of the other calls", a count, index or length of the
    #: loop the call is in, given to it (`chunk_count: chunks.length`)
    counted: list[Problem] = []
    #: of "unaware of each other", words in a prompt for peers of the call
    peers: list[Problem] = []
    #: of "not told that others exist", another call's output handed over
    handed: list[Problem] = []
    #: of a hidden fact that the slot's work is judged ("its drafts are
    #: being scored"), another delegate's judgement of that work handed back
    #: under a word for one (`critique: last_critique`, the critic having
    #: been given the worker's result): it may tell it so, or be data
    judged: list[Problem] = []
    #: hidden delegates named in several words, not by a word of their name
    #: but the last ("an appeals committee", not "part of an ensemble"):
    #: that last word alone in a text may be the delegate, or not
    said_by = {w for t in claim.terms if t not in facts.a.slots for w in words_of(t)}
    several = tuple(t for t in named if len(words_of(t)) > 1 and not said_by & set(words_of(t)[:-1]))
    judging = next((t for t in claim.terms if _of_judging(t)), None) if me is not None else None
    answering = _answering(facts, me) if judging is not None and me is not None else frozenset()
    for call in calls:
        for prop, flows in facts.props(call):
            value = prop.prop.value
            at = f"`{call.slot}`'s `{prop.prop.key}` (line {value.span.line})"
            found: str | None = None
            term: str | None = None
            for f in sorted(flows, key=lambda f: f.src):
                if f.src.kind == "slot" and (f.src.name != me or claim.others):
                    found = f"{at} passes the delegate `{f.src.name}` itself"
                elif claim.others and facts.is_other_invocation(f, call):
                    if _PEERS.search(prop.prop.key.replace("_", " ")):
                        # handed over under a word for peers (`peers:
                        # member_results`): others of its kind, said so
                        found = f"{at} carries another `{me}` invocation's output, {f.src.describe()}, named for its peers"
                        break
                    # (what another call made, as data: it may or may not
                    # tell it that one was made, or who made it: "stages
                    # are unaware of one another", of a pipeline whose
                    # stages are each handed the one before's output)
                    if not handed:
                        handed.append(Problem(value.span, f"{at} carries another `{me}` invocation's output, {f.src.describe()}"))
                    continue
                elif f.src.kind == "input" and (term := _named(facts, f.src.name, terms)):
                    if _names_slot(term, named, facts) and not any(term == f.src.name or _named(facts, t, (term,)) for t in _texts(value)):
                        # "don't know an owner will judge their ideas", of
                        # namers passed `owner_wishes`: the caller's data,
                        # named for the person the slot stands for too; it
                        # shows there is one, maybe not what it does
                        named_input.append(Problem(value.span, f"{at} passes input `{f.src.name}`, whose name says {term!r}"))
                        continue
                    found = f"{at} passes input `{f.src.name}`, whose name reveals {term!r}"
                elif f.src.kind == "text" and (term := _named(facts, f.src.name, terms)):
                    found = f"{at} carries the text {f.src.name!r} (line {f.src.span.line if f.src.span else '?'}), which says {term!r}"
                elif f.src.kind == "iter" and (var := _counter(facts, f)) and (term := _named(facts, words_of(var)[-1], claim.terms)):
                    # "not told which attempt it is judging", of a prompt
                    # "Drawdown number {attempt}" in `... as attempt`: the
                    # count of the round the loop names so (by the head of
                    # its name: `tasting_round` counts rounds, which says
                    # nothing of "tasted"; the delegate is given the number)
                    found = f"{at} carries `{var}`, the loop's count of its rounds, named for {term!r}"
                elif f.src.kind == "error" and (term := next((t for t in claim.terms if _of_failing(t)), None)):
                    # "not told that the delivery failed", of a notifier
                    # passed `problem: failure` in the `catch`: the failure
                    # itself, which says that something failed
                    found = f"{at} carries the failure `{f.src.name}` raised, which says {term!r}"
                if found:
                    break
                if (
                    not judged and f.src.kind == "call" and f.src.name in answering
                    and any(_of_judgement(w) for text in (prop.prop.key, *_texts(value)) for w in words_of(text))
                ):
                    judged.append(
                        Problem(value.span, f"{at} carries {f.src.describe()}, given `{me}`'s own output, under a word for a judgement")
                    )
                if claim.others and not counted and INDEX not in f.at and (f.src.kind == "iter" or LENGTH in f.path):
                    counted.append(
                        Problem(value.span, f"{at} carries a count, an index or a length of the loop's list, which may tell it other calls run")
                    )
                if again is not None and not repeats and f.src.kind == "iter" and (var := _counter(facts, f)):
                    repeats.append(
                        Problem(value.span, f"{at} carries `{var}`, the count of the loop's rounds, which may tell it it runs again ({again!r})")
                    )
            if found is None:
                for text in _texts(value):
                    if term := _named(facts, text, terms):
                        found = f"{at} says {term!r}: `{show(value, 60)}`"
                        break
            if found is None and (term := _named(facts, prop.prop.key, terms)):
                # it carries another delegate's work (not a count of it):
                # the name describes that work ("prior_antithesis")
                # (all of what it may carry: an input it may carry instead
                # is named by the argument's name)
                # (a list appended to is also marked edited: that mark
                # carries nothing of its own)
                held = [f for f in flows if f.src.kind != "edit"]
                described = bool(held) and all(
                    f.src.kind in ("call", "error") and f.src.name != me and LENGTH not in f.path and INDEX not in f.at
                    for f in held
                )
                if not described and _names_slot(term, named, facts) and flows and all(f.src.kind == "input" for f in flows):
                    # (`owner_wishes: owner_wishes`: the caller's input, by
                    # its own name, as above)
                    named_input.append(Problem(value.span, f"{at} is named after {term!r} and carries the caller's input"))
                elif not described:
                    found = f"{at} is named after {term!r} and carries no delegate's work it would describe"
                elif any(facts.names_term(f.src.name, term) or _of_its_act(f.src.name, term) for f in flows):
                    # the fact is that very delegate ("unaware that a
                    # reviewer was involved", of `reviewer_notes`): the name
                    # describes its work, and also says it was there
                    own_work.append(Problem(value.span, f"{at} is named after {term!r} and carries its work"))
                    own_term = own_term or term
            if found is None and claim.others and me is not None and len(words_of(me)) > 1:
                # "checklist writers are unaware of each other", of a prompt
                # "write a visit checklist": a word of the slot's name, which
                # may say there are others ("part of an ensemble") or be
                # its own task
                for text in (*_texts(value), prop.prop.key):
                    if word := next((w for w in words_of(me) if len(w) >= 4 and facts.names_term(text, w)), None):
                        loose.append(Problem(value.span, f"{at} says {word!r}, a word of `{me}`'s name"))
                        break
            if found is None and claim.others:
                # "your score will be averaged with the rest of the panel's":
                # words for peers, which may tell it other calls run
                for text in _texts(value):
                    if (kin := _OTHER_OF.search(text)) and _of_kind(kin.group(1), me):
                        # "other writers are drafting the same poster", to a
                        # `copywriter`: other calls, said so
                        found = f"{at} says {kin.group(0)!r}: others of its kind"
                        break
                    if peer := _PEERS.search(text):
                        peers.append(Problem(value.span, f"{at} says {peer.group(0)!r}, which may tell it other calls run"))
                        break
            if found is None:
                for text in (*_texts(value), prop.prop.key, *(f.src.name for f in flows if f.src.kind in ("input", "text"))):
                    if part := _partly_named(facts, text, claim.terms):
                        # "not told it is part of a map-reduce pipeline",
                        # of a prompt "merge every mapper result": a word of
                        # the fact, which may tell it, or be its own task
                        loose.append(Problem(value.span, f"{at} says {part[1]!r}, a word of {part[0]!r}"))
                        break
            if found is None and several:
                # "does not know an appeals committee exists", of a prompt
                # "the committee has overturned a ruling": the last word of
                # the hidden delegate's name, which may be that delegate,
                # or another thing so called (not where the fact names it by
                # another word of its name, "part of an ensemble", of an
                # `ensemble_member`)
                for text in _texts(value):
                    if _headed(text, several, me):
                        loose.append(Problem(value.span, f"{at} says the last word of the name of `{several[0]}`"))
                        break
            if found:
                # (a word of a delegate's own name, "an ensemble" of
                # `ensemble_member`, names it all the same; where the fact
                # names its delegates, only a word of theirs: "the label is
                # going to the printer" names the printer, not the
                # `label_writer`)
                by_word = (
                    term is not None
                    and term not in facts.a.slots
                    and not any(term in words_of(slot) for slot in (named or facts.a.slots))
                    and not any(f.src.kind == "slot" for f in flows)
                )
                said = (*_texts(value), prop.prop.key)
                if (
                    named and by_word and not any(_named(facts, t, named) or _headed(t, named, me) for t in said)
                    # (a text that says the fact's verb as done to a thing,
                    # "your work will be checked", says the fact)
                    and not (term is not None and _said_done(term, _texts(value)))
                ):
                    loose.append(Problem(value.span, found))
                elif by_word and me is not None and term is not None and _of_its_act(me, term):
                    # "the forecaster isn't told the forecast is for an
                    # ice-cream van", of a prompt "forecast for the day": a
                    # word of the fact that says what the slot itself does
                    loose.append(Problem(value.span, found))
                elif (
                    by_word and me is not None and term is not None and len(claim.terms) > 1
                    and any(_worked_on(me, term, t) for t in said)
                    and not any(facts.names_term(t, other) for t in said for other in claim.terms if other != term)
                ):
                    # "the valeter has no idea the van was checked for
                    # damage", of a prompt "valet the van": a word of the
                    # fact that names what the slot's own work is done to
                    loose.append(Problem(value.span, found))
                elif by_word and term is not None and len(claim.terms) > 1 and any(_asked_to(term, t) for t in _texts(value)):
                    # "neither glazier is told there is a competing quote",
                    # of a prompt "Quote a price for ...": a word of the fact
                    # that the slot's own instruction opens with, its task
                    loose.append(Problem(value.span, found))
                else:
                    problems.append(Problem(value.span, found))
    hidden = ", ".join(repr(t) for t in claim.terms) or "the other invocations"
    lines = ", ".join(str(c.call.span.line) for c in calls)
    evidence = [f"nothing passed to `{me}` (line {lines}) names {hidden} or hands over another delegate"]
    if judged and not problems and not loose:
        why = f"`{me}` is handed another delegate's judgement of its own output: whether that tells it {judging!r} is not settled"
        return unsettled(why, judged, evidence[:0])
    if named_input and not problems:
        why = f"an input given to `{me}` is named for a slot the hidden fact names: whether its name tells the fact is not settled"
        return unsettled(why, named_input, evidence[:0])
    if handed and not problems:
        why = f"`{me}` is handed what another of its calls made: whether that tells it other calls run is not settled"
        return unsettled(why, handed + peers + counted + loose, evidence[:0])
    if peers and not problems:
        why = f"what `{me}` is given has a word for others doing the same work: whether that tells it other calls run is not settled"
        return unsettled(why, peers + counted + loose, evidence[:0])
    if counted and not problems:
        return unsettled(f"what `{me}` is given may show it that other calls run: whether that tells it so is not settled", counted, evidence[:0])
    if repeats and not problems:
        return unsettled(f"what `{me}` is given may show it that it runs again: whether that tells it so is not settled", repeats, evidence[:0])
    if own_work and not problems and not loose:
        why = (
            f"what `{me}` is given is named after {own_term!r} "
            "and carries that delegate's work: whether the name tells of it is not settled"
        )
        return unsettled(why, own_work, evidence[:0])
    if loose and not problems and not named:
        why = f"what `{me}` is given names a word of the hidden fact, not all of it: whether that tells it is not settled"
        return unsettled(why, loose, evidence[:0])
    if loose and not problems:
        who = ", ".join(f"`{t}`" for t in named)
        why = f"what `{me}` is given shares a word with the hidden fact but never names {who}: it may be `{me}`'s own task"
        return unsettled(why, loose, evidence[:0])
    return verdict(problems + loose, evidence)


#: Words in a prompt for peers of the call: others doing the same work.
_PEERS = re.compile(
    r"\b(?:others?|another|the rest|fellow|peers?|panel\w*|ensemble|colleagues?|several|multiple|parallel|"
    r"averaged|majority|together|everyone|everybody|each other|one another)\b",
    re.IGNORECASE,
)


#: "Other writers", "another taster", "fellow judges": others of a kind.
_OTHER_OF = re.compile(r"\b(?:others?|another|fellow)\s+([a-z]+)", re.IGNORECASE)


def _of_kind(word: str, slot: str | None) -> bool:
    """Whether a noun names what the slot is: its name, or the end of it
    ("writers", of a `copywriter` or a `poster_writer`)."""
    one = singular(word.lower())
    return slot is not None and len(one) >= 4 and slot.replace("_", "").endswith(one)


def _answering(facts: Facts, me: str) -> frozenset[str]:
    """The other slots whose calls are given something of ``me``'s results."""
    return frozenset(
        call.slot
        for call in facts.a.calls.values()
        if call.slot != me
        and any(f.src.kind in ("call", "error") and f.src.name == me for _, flows in facts.props(call) for f in flows)
    )


#: The stems of words for work being judged ("reviewed", "scored",
#: "critiqued") and of nouns for a judgement ("critique", "feedback").
_JUDGING = ("review", "critiq", "judg", "scor", "grad", "rat", "assess", "evaluat", "check", "inspect", "mark", "vet", "examin", "audit")
_JUDGEMENT = ("critiq", "feedback", "review", "verdict", "assessment", "evaluation", "judg", "grade", "rating", "score")


def _of_judging(term: str) -> bool:
    """Whether a word of a hidden fact says the slot's work is judged."""
    low = term.lower()
    return low.endswith("ed") and low.startswith(_JUDGING)


def _of_judgement(word: str) -> bool:
    """Whether a word of a key or a prompt names a judgement."""
    return word.lower().startswith(_JUDGEMENT)


#: The stems of words for a delegate being run again ("retried",
#: "re-asked", "repeated", "another attempt").
_REPEATING = ("retr", "rerun", "re_run", "repeat", "attempt", "redo", "reask", "re_ask", "resubmit")


def _of_stem(word: str, term: str) -> bool:
    """Whether ``word`` is ``term`` or, both of five letters or more, of its
    stem as the spelling shows ("checked", "checks"; "critiqued", "critic")."""
    return word == term or (len(word) >= 5 and len(term) >= 5 and word[:5] == term[:5])


def _of_its_act(slot: str, term: str) -> bool:
    """Whether a word of a hidden fact says what the slot does, by a stem
    the spelling shows ("critiqued", of a `critic`)."""
    return len(term) >= 5 and any(_of_stem(w, term) for w in words_of(slot))


_BE = frozenset(("be", "been", "being", "is", "are", "was", "were"))


def _said_done(term: str, texts: list[str]) -> bool:
    """Whether a text tells the slot that ``term`` is done to it or its
    work: a verb of the term's stem after "be", said of "you" or "your ..."
    ("your work will be checked afterwards", of "checked"), and no sentence
    opens with it. Not said of another thing ("the sender has been checked"
    may be another check), nor the slot's own instruction."""

    def done(words: list[str]) -> bool:
        return any(
            words[k - 1] in _BE and _of_stem(w, term) and w.endswith(("ed", "en"))
            and {"you", "your"} & set(words[max(0, k - 5) : k - 1])
            for k, w in enumerate(words)
            if k > 0
        )

    return any(done(words_in(t)) for t in texts) and not any(_asked_to(term, t) for t in texts)


def _asked_to(term: str, text: str) -> bool:
    """Whether a sentence of ``text`` opens with the word ``term`` (in any
    ending of its stem): the instruction's verb, what the slot is asked to
    do ("Quote a price and lead time", of "quote")."""
    return any((first := words_in(sentence)[:1]) and _of_stem(first[0], term) for sentence in re.split(r"[.!?:]\s+|\n", text))


def _worked_on(slot: str, term: str, text: str) -> bool:
    """Whether ``text`` says the slot's own act (a word with the stem of a
    word of its name, "valet" of a `valeter`) done to ``term`` ("valet the
    van", "inspect each van")."""
    stems = [w[:5] for w in words_of(slot) if len(w) >= 5]
    words = words_in(text)
    for k, w in enumerate(words):
        if len(w) >= 5 and w[:5] in stems:
            after = [x for x in words[k + 1 : k + 4] if x not in _DETERMINERS]
            if after[:1] and after[0] in (term, plural(term)):
                return True
    return False


#: Words between a verb and what it is done to ("the van", "each lamp").
_DETERMINERS = frozenset("the a an this that each every your its their".split())


def _of_failing(term: str) -> bool:
    """Whether a word of a hidden fact says that something failed."""
    return term.lower().startswith(("fail", "error", "crash", "broke"))


def _of_repeating(term: str) -> bool:
    """Whether a hidden fact is that the delegate is run again."""
    return term.lower().replace("-", "_").startswith(_REPEATING)


def _counter(facts: Facts, f: Flow) -> str | None:
    """The name a loop gives its count (`repeat n as attempt`), of a flow
    of that count."""
    info = facts.a.loops.get(f.src.span) if f.src.span is not None else None
    if info is None or f.src.name != "count" or not isinstance(info.node, ir.Repeat | ir.LoopUntil):
        return None
    return info.node.var


def _named(facts: Facts, text: str, terms: tuple[str, ...]) -> str | None:
    for term in terms:
        if facts.names_term(text, term):
            return term
    return None


def _partly_named(facts: Facts, text: str, terms: tuple[str, ...]) -> tuple[str, str] | None:
    """A term of several words (``map_reduce``, not a slot) one word of
    which ``text`` mentions, by its stem or as the start of a longer word
    ("mapper"): the term, and that word."""
    words = words_in(text)
    for term in terms:
        parts = [p for p in term.split("_") if p]
        if term in facts.a.slots or len(parts) < 2:
            continue
        for part in parts:
            if len(part) >= 3 and (facts.names_term(text, part) or any(w.startswith(part) for w in words)):
                return term, part
    return None


def _headed(text: str, slots: tuple[str, ...], me: str | None) -> bool:
    """``text`` says the last word of a delegate's name of several words
    ("the outside lab", of `lens_labs`), a word not in ``me``'s own name:
    with another word of the fact beside it, it names that delegate."""
    words = {singular(w) for w in words_in(text)}
    for slot in slots:
        parts = words_of(slot)
        if len(parts) < 2:
            continue
        head = singular(parts[-1])
        if head not in {singular(w) for w in words_of(me or "")} and head in words:
            return True
    return False


def _names_slot(term: str, named: tuple[str, ...], facts: Facts) -> bool:
    """Whether a word of the hidden fact names a slot: the slot's name, or
    the word of it the fact names it by ("the family reviews", of
    `family_reader` among the fact's slots)."""
    return term in facts.a.slots or any(term in words_of(s) for s in named)
