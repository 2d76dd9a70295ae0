"""Claim → its canonical sentence: the "read as" of the report.

Every canonical sentence is itself invariant text in the reader's grammar,
with the pattern's names in code marks, so reading it gives the same claim
back (``tests/test_invariant_reader.py`` checks this for every claim the
phrasing corpus produces). A pattern author can paste it under an
invariant as a pinned reading (docs/invariants.md, "Pinning a reading").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import assert_never

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
    Receives,
    Returns,
    ReturnsField,
    Source,
    Unaware,
    Unchanged,
    Unmerged,
    Unverifiable,
)


def _n(name: str) -> str:
    return f"`{name}`"


def subject(calls: Calls) -> str:
    """The calls as a sentence's subject."""
    if calls.slot is None:
        who = "on later rounds every call" if calls.phase == "later" else "every call"
    elif calls.phase == "first":
        who = f"first {_n(calls.slot)}"
    elif calls.phase == "later":
        who = f"later {_n(calls.slot)}"
    else:
        who = _n(calls.slot)
    if calls.given:
        who += " of " + " and ".join(_n(g) for g in sorted(calls.given))
    return who


def source(src: Source, target: Calls | None = None) -> str:
    """A source as the object of "receives"."""
    match src:
        case FromSlot(slot=slot, fields=fields, whole=True):
            return f"{_n(slot)}'s whole output" + (f", {' and '.join(_n(f) for f in fields)} included" if fields else "")
        case FromSlot(slot=slot, part=part) if part:
            return f"{_n(slot)}'s {part}"
        case FromSlot(slot=slot, fields=fields, age=age, every=every):
            if fields and age == "prior" and not every and target is not None and slot == target.slot:
                return "its own earlier " + " and ".join(_n(f) for f in fields)
            if fields and age == "prior" and not every:
                return f"{_n(slot)}'s " + " and ".join(_n(f) for f in fields) + " from the previous round"
            if fields:
                return ("every " if every else "") + f"{_n(slot)}'s " + " and ".join(_n(f) for f in fields)
            if every:
                return f"every {_n(slot)} output"
            if target is not None and slot == target.slot:
                return {"prior": "its previous output", "current": "its current output", "latest": "its latest output"}.get(age, "its own output")
            return f"{_n(slot)}'s " + {"prior": "previous output", "current": "current output", "latest": "latest output"}.get(age, "output")
        case FromInput(name=name, element=True):
            return f"its own {_n(name)}"
        case FromInput(name=name, fields=fields) if fields:
            return f"{_n(name)}'s " + " and ".join(_n(f) for f in fields)
        case FromInput(name=name, original=original, whole=whole):
            return ("the original " if original else "") + _n(name) + (" itself" if whole else "")
        case FromOthers(fields=fields):
            who = _n(target.slot) if target is not None and target.slot else ""
            what = " and ".join(_n(f) for f in fields) if fields else "output"
            return f"another {who}'s {what}" if who else f"another call's {what}"
        case OtherElements(name=name):
            return f"other {_n(name)}"
        case FromVar(name=name, whole=whole):
            return ("the whole " if whole else "") + _n(name)
        case FromField(name=name):
            return f"the {_n(name)} field"
        case AnyResult(age=age):
            return {"any": "the result", "prior": "the previous result", "current": "the current result"}[age]
        case Null():
            return "null"
        case _:
            assert_never(src)


def _vars(needs: Sequence[Need]) -> list[str]:
    """The locals ``needs`` name, in order."""
    return [n.what.name for n in needs if isinstance(n.what, FromVar) and n.field is None]


def _list(parts: list[str]) -> str:
    return " and ".join(parts)


def canonical(claim: Claim) -> str:
    """The claim as a sentence the reader reads back into the same claim."""
    match claim:
        case Denied(claim=inner):
            return f"it is not the case that {canonical(inner)}"
        case Isolation(target=target, source=FromSlot(slot=slot, given=given)) if given:
            (b,) = sorted(target.given) or ("?",)
            return f"{_n(slot)} of {_list([_n(g) for g in sorted(given)])} never influences {_n(b)}"
        case Isolation(target=target, source=FromSlot(failures=False) as src):
            return f"{subject(target)} never receives {source(src, target)}, only the failure it raised"
        case Isolation(target=target, source=src):
            return f"{subject(target)} never receives {source(src, target)}"
        case Firewall(target=target, source=src, fields=fields, only=only):
            # (of the slot's own results: "its own", which reads back as that
            # slot's where "`tester`'s", after `tester`, reads as nothing)
            owner = "its own" if target.slot == src else f"{_n(src)}'s"
            hidden = f"{owner} " + " or ".join(_n(f) for f in fields)
            if only:
                return f"{subject(target)} receives only {_n(src)}'s output, never {hidden}"
            return f"{subject(target)} never receives {hidden}"
        case Receives(target=target, needs=needs, only=True, basis=True, loose=True, contrast=contrast) if contrast:
            said = _list([source(n, target) for n in needs])
            return f"{subject(target)} works only from {said} in place of {_list([source(n, target) for n in contrast])}"
        case Receives(target=target, needs=needs, only=True, basis=True, loose=loose):
            said = _list([source(n, target) for n in needs])
            if loose:
                return f"{subject(target)} works only from {said}"
            return f"{subject(target)} decides only from {said}, of what delegates produce"
        case Receives(target=target, needs=(need,), floor=True):
            return f"{subject(target)} receives {source(need, target)} at least once"
        case Receives(target=target, needs=needs, only=False, always=True):
            last = sorted(needs, key=lambda n: isinstance(n, FromSlot) and bool(n.fields))
            return f"{subject(target)} always receives {_list([source(n, target) for n in last])}"
        case Receives(target=target, needs=needs, only=only):
            # a slot's fields last: "X's `a` and `b` and Y" would read Y as X's too
            last = sorted(needs, key=lambda n: isinstance(n, FromSlot) and bool(n.fields))
            what = _list([source(n, target) for n in last])
            return f"{subject(target)} receives {'only ' if only else ''}{what}"
        case Unchanged(target=target, source=FromInput(name=name), always=always):
            return f"{subject(target)} {'always ' if always else ''}receives {_n(name)} unchanged"
        case Unchanged(target=target, source=src, always=always):
            return f"{subject(target)} {'always ' if always else ''}receives {source(src, target)} unchanged"
        case Identical(target=target, callee=callee) if callee is not None:
            if target.given:
                return f"the same {_n(callee)} runs on {_list([_n(g) for g in sorted(target.given)])}"
            return f"every call uses the same {_n(callee)}"
        case Identical(target=target, args=args, over=over):
            who = "every call" if target.slot is None else f"every {_n(target.slot)}"
            if over is not None:
                who += f" across {_n(over)}"
            if claim.within:
                who += " within one round"
            # "the same `dogs` and the same `standard`": each name after its
            # own "the same" (a bare second name may be read as no argument)
            what = "the same inputs" if args is None else _list([
                "the same instructions" if claim.instructions and a == "prompt" else f"the same {_same(a)}" for a in args
            ])
            return f"{who} receives {what}"
        case Gated(var=var) if var is not None:
            return f"only results that are approved are appended to {_n(var)}"
        case Gated(target=target, approver=approver):
            assert target is not None and approver is not None
            return f"{subject(target)} runs only when {_n(approver)} approves"
        case FailSafe(approver=approver, refusal=True, approval=True):
            return f"unreadable {_n(approver)} output never counts as approval"
        case FailSafe(approver=approver, refusal=True):
            return f"unreadable {_n(approver)} output counts as a refusal"
        case FailSafe(approver=approver, target=target) if target is not None:
            return f"unreadable {_n(approver)} output keeps {subject(target)} from running"
        case FailSafe(approver=approver):
            return f"unreadable {_n(approver)} output blocks delegation"
        case Unaware(target=target, others=True, exist=True):
            return f"{subject(target)} is not told that other {_n(target.slot) if target.slot else 'calls'} calls run"
        case Unaware(target=target, others=True):
            return f"{subject(target)} is unaware of each other"
        case Unaware(target=target, terms=terms):
            return f"{subject(target)} does not know about " + " or ".join(_term(t) for t in terms)
        case Ordered(over=over, results=True):
            return f"results match the order of {_n(over)}"
        case Ordered(target=target, over=over):
            assert target is not None
            if over == target.slot:
                return f"{subject(target)} runs in order"
            return f"{subject(target)} runs in order over {_n(over)}"
        case Bounded(bound=bound, around=None, loop=None):
            return f"the loop is bounded by {_n(bound)}"
        case Bounded(bound=bound, around=str() as around):
            return f"the {_n(around)} loop is bounded by {_n(bound)}"
        case Bounded(bound=bound, loop=loop):
            # (a loop's variable is no name of the pattern's: said bare)
            return f"the {loop} loop is bounded by {_n(bound)}"
        case Monotonic(var=var, each=True):
            return f"each {_n(var)} list only grows"
        case Monotonic(var=var):
            return f"{_n(var)} only grows"
        case CallCount(target=target, count=count, exact=exact, loose=loose, per=per):
            times = "once" if count == "1" else f"{count if count.isdigit() else _n(count)} times"
            if per:
                times = f"once per element of {_n(count)}"
            if loose is not None:
                return f"{subject(target)} is {'only ' if loose == 'most' else ''}called {times}"
            return f"{subject(target)} is called {'exactly' if exact else 'at most'} {times}"
        case ExactlyOnce(target=target, elements=elements, per="element") if elements == target.slot:
            return f"each {subject(target)} runs exactly once"
        case ExactlyOnce(target=target, elements=elements, per="element", handled=True):
            return f"each {_n(elements)} is handled by exactly one {subject(target)}"
        case ExactlyOnce(target=target, elements=elements, per="element"):
            return f"each {_n(elements)} is given to exactly one {subject(target)}"
        case ExactlyOnce(target=target, elements=elements):
            return f"each {subject(target)} receives exactly one {_n(elements)}"
        case Returns(path=path, needs=(need,), approver=approver, immediate=False, always=always, present=False, word=word) if (
            need.field
            and not need.only
            and (isinstance(need.what, FromInput) or (isinstance(need.what, FromSlot) and need.what.fields))
        ):
            when = "" if path == "all" else _path_words(path, approver, word) + ", "
            key = "the result" if need.field == "result" else f"the returned {_n(need.field)}"
            if isinstance(need.what, FromInput):
                return f"{when}{_n(need.what.name)} is returned as {_n(need.field)}{', always' if always else ''}"
            if path == "says" and not always and need.field != "result":
                # (after "says scrap," the words "the returned X" may read as
                # a list of fields going on)
                return f"{when}{source(need.what)} is returned as {_n(need.field)}"
            return f"{when}{key} is {'always ' if always else ''}{source(need.what)}"
        case Returns(path=path, needs=(need,), approver=approver, immediate=immediate, always=always, present=False, word=word) if (
            need.latest and isinstance(need.what, FromSlot) and not need.what.fields and not need.only and not need.raw
            and (not immediate or need.field is None)
        ):
            when = "" if path == "all" else _path_words(path, approver, word) + ", "
            latest = f"{_n(need.what.slot)}'s latest output"
            if need.field is None:
                return f"{when}{latest} is returned{' immediately' if immediate else ''}"
            what = "the result" if need.field == "result" else f"the returned {_n(need.field)}"
            return f"{when}{what} is {'always ' if always else ''}{latest}"
        case Returns(path="blocked", needs=(need,), approver=approver) if (
            isinstance(need.what, FromSlot) and need.field and not need.what.fields and not need.only
        ):
            when = f"when {_n(approver)} blocks" if approver else "when the pattern blocks"
            what = "the result" if need.field == "result" else f"the returned {_n(need.field)}"
            return f"{when}, {what} comes from {_n(need.what.slot)}"
        case Returns(path="blocked", needs=(need,), approver=approver) if approver and isinstance(need.what, FromSlot):
            return f"{source(need.what)} is returned when {_n(approver)} blocks"
        case Returns(path="says", needs=(Need(what=FromSlot(fields=fields) as what, field=None, only=False),), approver=approver, immediate=immediate, word=word) if fields:
            return f"{_path_words('says', approver, word)}, {source(what)} is returned{' immediately' if immediate else ''}"
        case Returns(path="accept" | "success" | "exhausted" as path, needs=(Need(what=FromSlot(fields=fields) as what, field=None, only=False),), approver=approver, immediate=False) if fields:
            return f"{_path_words(path, approver)}, {source(what)} is returned"
        case Returns(path="all", needs=(need,), complete=complete) if isinstance(need.what, FromVar):
            if need.field is None and not complete:
                # (under whatever key: not "is the output", which is `result`)
                return f"the pattern returns {_n(need.what.name)}"
            return f"the whole {_n(need.what.name)} is the output" if complete else f"{_n(need.what.name)} is the output"
        case Returns(path="all", needs=(need,), always=False, present=False) if (
            isinstance(need.what, FromSlot) and need.field and not need.what.fields and need.raw and not need.only
        ):
            what = "the result" if need.field == "result" else f"the returned {_n(need.field)}"
            return f"{what} is {_n(need.what.slot)}'s raw output"
        case Returns(path="all", needs=(need,), always=always, present=present) if (
            isinstance(need.what, FromSlot) and need.field == "result"
        ):
            comes = "always comes from" if always else "comes from"
            if need.only:
                return f"the result is produced only by {_n(need.what.slot)}"
            return f"the result{', if any,' if present else ''} {comes} {_n(need.what.slot)}"
        case Returns(path="all", needs=(need,), always=always, present=present) if (
            isinstance(need.what, FromSlot) and need.field and not need.what.fields
        ):
            verb = "is produced only by" if need.only else "always comes from" if always else "comes from"
            return f"the returned {_n(need.field)}{', if any,' if present else ''} {verb} {_n(need.what.slot)}"
        case Returns(path="all", needs=(need,)) if isinstance(need.what, FromSlot) and need.what.fields:
            return f"{source(need.what)} is returned"
        case Returns(path="all", needs=(need,), always=always, present=False) if (
            isinstance(need.what, FromSlot) and need.field is None and not need.only and not need.raw and not need.latest
        ):
            # (under whatever key)
            return f"{_n(need.what.slot)}'s output is returned{' on every path' if always else ''}"
        case Unmerged(sides=(first, second), held=True):
            return f"{_n(first)}'s output and {_n(second)}'s output are never combined"
        case Unmerged(sides=sides):
            return "the pattern never merges " + _list([f"{_n(s)}'s output" for s in sides])
        case Unverifiable(slot=slot) if slot is not None:
            return f"{_n(slot)} reasons"
        case Unverifiable(reason=reason) if reason.startswith("about what the delegates produce"):
            return "every round accumulates improvement"
        case Unverifiable():
            return "sampling varies"
        case Returns(path="success", needs=(), immediate=True):
            return "the pattern stops at the first success"
        case Returns(path="acceptable", needs=(Need(what=AnyResult(), field="result"),), immediate=True, ordered=ordered):
            ties = "; if several results are given, earlier slot order breaks ties" if ordered else ""
            return f"the first acceptable result wins{ties}"
        case Returns(path="accept", needs=(Need(what=FromSlot(slot=slot, fields=()), field="result", only=False),), immediate=True, approver=approver) if approver:
            return f"when {_n(approver)} approves, {_n(slot)}'s output is returned immediately"
        case Returns(path="success", needs=(Need(what=FromSlot(slot=slot, fields=()), field="result", only=False, raw=False, latest=False),), immediate=True):
            return f"on success, {_n(slot)}'s output is returned immediately"
        case Returns(path="says" | "threshold" as path, needs=(Need(what=FromSlot(slot=slot, fields=()), field="result", only=False),), immediate=True, approver=approver, word=word) if path == "says" or word:
            return f"{_path_words(path, approver, word)}, {_n(slot)}'s output is returned immediately"
        case Returns(path="success" | "accept" | "exhausted" | "says" | "threshold" as path, needs=(need,), approver=approver, immediate=False, word=word) if (
            isinstance(need.what, FromSlot) and need.field and not need.what.fields and not need.only
        ):
            when = _path_words(path, approver, word)
            what = "the result" if need.field == "result" else f"the returned {_n(need.field)}"
            return f"{when}, {what} comes from {_n(need.what.slot)}"
        case Returns(path="accept", needs=(Need(what=FromSlot(slot=slot), field="result"),), immediate=True):
            return f"on accept the loop exits immediately and returns {_n(slot)}'s output"
        case Returns(path="threshold", needs=(Need(what=AnyResult(), field="result"),), immediate=True):
            return "the final output is the first result meeting the threshold"
        case Returns(path="threshold", needs=(), immediate=immediate):
            return "when the threshold is met, the pattern returns immediately" if immediate else "the pattern returns when the threshold is met"
        case Returns(path="exhausted", needs=()):
            return "the pattern returns when the budget is exhausted"
        case Returns(path="exhausted", needs=(Need(what=AnyResult(), field="result"), *rest)) if len(rest) == len(_vars(rest)):
            kept = "".join(f" with {_n(v)}" for v in _vars(rest))
            return f"after the budget is exhausted, the final result is returned{kept}"
        case Returns(path="exhausted", needs=(Need(what=Null(), field="result"), *rest), records=records) if records and _vars(rest) == [records]:
            return f"if every call fails, the result is null and {_n(records)} includes every call"
        case Returns(path="exhausted", needs=(Need(what=Null(), field="result"), *rest)) if rest and all(
            isinstance(n.what, Null) and n.field for n in rest
        ):
            missing = " and ".join(f"no {_n(str(n.field))}" for n in rest)
            return f"if no call is acceptable, the pattern returns null with {missing}"
        case Returns(path="exhausted", needs=(Need(what=Null(), field="result"), *rest)) if len(_vars(rest)) <= 1 and len(rest) == len(_vars(rest)):
            kept = "".join(f" with {_n(v)}" for v in _vars(rest))
            return f"after exhaustion, the pattern returns null{kept}"
        case Returns(path="all", needs=needs) if needs and all(isinstance(n.what, FromVar) and n.field is None for n in needs):
            return "the pattern returns both " + _list([_n(v) for v in _vars(needs)])
        case ReturnsField(field=name):
            return f"{_n(name)}: a returned field"
        case Returns() | ReturnsField():
            return f"({claim!r})"
        case _:
            assert_never(claim)


def _path_words(path: str, approver: str | None, word: str | None = None) -> str:
    """The words that name a return's path (not "all")."""
    match path:
        case "says":
            return f"when {_n(approver)} says {word}" if approver else f"on {word}"
        case "blocked":
            return f"when {_n(approver)} blocks" if approver else "when the pattern blocks"
        case "accept":
            return f"when {_n(approver)} approves" if approver else "on approval"
        case "success":
            return "on success"
        case "threshold":
            return f"when {_n(word)} is met" if word else "when the threshold is met"
        case _:
            return "after exhaustion"


def _same(arg: str) -> str:
    return {"prompt": "prompt", "model": "model"}.get(arg, _n(arg))


def _term(term: str) -> str:
    return _n(term) if "_" in term else term
