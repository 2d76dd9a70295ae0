"""Invariant sentence → claims, by the grammar of each sentence family.

Each rule below reads one family of sentences (invariants.md, "Kinds") from
a clause whose mentions :mod:`.lexicon` has already resolved, so a rule is
written over roles — subject slot, source, named inputs, negation — never
over a pattern's own words: "The observer sees only the outcome, never the
actor's reasoning" and "The reviewer never sees the author's notes" are the
same rule. Rules run in order and the first that reads a clause wins; a
sentence's claims are those of all its clauses ("Miners work independently —
no miner sees another's output" gives the same isolation twice, kept once).

A clause no rule reads is reported in the fact's evidence; a sentence none
of whose clauses is read is ``unrecognized``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from .claims import (
    AnyResult,
    Bounded,
    Calls,
    Claim,
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
    Returns,
    ReturnsField,
    Source,
    Unaware,
    Unchanged,
    Unmerged,
    Unverifiable,
)
from .lexicon import Clause, Lexicon, clauses, words_of

S = r"«s\d+»"  # a slot
SA = r"«[sa]\d+»"  # a slot, or "every role"
I = r"«i\d+»"  # noqa: E741 - an input or config entry
V = r"«v\d+»"  # a local name
M = r"«[siva]\d+»"  # any mention

#: Nouns for a delegate's whole result, as opposed to one of its fields.
OUTPUT_NOUNS = frozenset(
    "output outputs result results report reports response responses work answer answers "
    "argument arguments verdict verdicts proposal proposals attempt attempts feedback "
    "analysis critique prediction predictions findings finding product".split()
)
#: Words that carry no hidden fact in "X does not know <that ...>".
_HIDDEN_STOP = frozenset(
    "a an the it its it's is are was were be been being will would shall can could may "
    "might must has have had do does did that this these those of on to in at by for with "
    "against from about as part its their his her own they them there any all each one "
    "other another who whom which what when whether if than then so and or nor not no "
    "someone something being going".split()
)
_ARTICLES = frozenset("the a an its their his her every each any all this that".split())
_SEE = r"(?:sees?|seeing|receives?|receiving|gets?|reads?|accesses|access|is (?:shown|given|sent|told)|are (?:shown|given|sent|told)|knows? about)"
_APPROVAL = r"(?:approv\w*|proceed\w*|accept\w*|certif\w*|clear\w*|allow\w*|permi\w*|authori[sz]\w*|consent\w*|says? (?:yes|go|proceed))"
_LOOP_WORDS = r"(?:runs?|retries|retry|attempts?|rounds?|iterations?|repetitions?|samples?|copies|invocations?|calls?)"


@dataclass
class Reading:
    """What recognition made of one sentence."""

    claims: list[Claim] = field(default_factory=list)
    unread: list[str] = field(default_factory=list)


@dataclass
class _Context:
    lex: Lexicon
    #: the calls the previous clause was about ("it", "they", a verbless list)
    previous: Calls | None = None
    previous_unverifiable: bool = False
    sentence_claims: list[Claim] = field(default_factory=list)


Rule = Callable[[Clause, _Context], list[Claim] | None]


# ---------------------------------------------------------------- helpers


def _slots_in(c: Clause, text: str) -> list[str]:
    """Slots named in ``text`` (a slice of ``c.marked``), in order; "every
    role" expands to every slot."""
    out: list[str] = []
    for token in re.findall(r"«[sa]\d+»", text):
        for name in c.m(token).names:
            if name not in out:
                out.append(name)
    return out


def _names(c: Clause, text: str, kind: str) -> list[str]:
    out: list[str] = []
    for token in re.findall(rf"«{kind}\d+»", text):
        for name in c.m(token).names:
            if name not in out:
                out.append(name)
    return out


_VERB = re.compile(
    r"\b(?:is|are|was|were|do|does|did|never|not|remain|remains|run|runs|work|works|decides?|"
    r"sees?|receives?|gets?|reads?|uses?|acts?|operates?|has|have|must|should|will|can|only|"
    r"scores?|evaluates?|produces?|knows?|always)\b"
)


def _subject(c: Clause, ctx: _Context, before: str, *, phased: bool = False) -> list[Calls]:
    """The calls a clause is about: the slots before its first verb, with
    "readers of corpus A" keeping only the calls given that input; a pronoun
    or nothing means the previous clause's subject. With ``phased``, "round
    1" / "later stage" / "on retries" pick the iterations."""
    verb = _VERB.search(before)
    head = before[: verb.start()] if verb else before
    phase: Phase = _phase(c) if phased else "all"
    slots = _slots_in(c, head)
    given: frozenset[str] = frozenset()
    if not slots and (m := re.match(rf"^(?:the )?(?P<i>{I}) (?:are|is) (?P<s>{S})", c.marked)):
        # "Candidates are measured in isolation": the inputs come first.
        slots = [c.m(m["s"]).name]
        given = frozenset(c.m(m["i"]).names)
    if not slots:
        if re.search(rf"\b{_LOOP_WORDS}\b", head):
            return [Calls(None, phase=phase)]
        if ctx.previous is not None:
            return [Calls(ctx.previous.slot, ctx.previous.given, phase)]
        return []
    if m := re.search(rf"{S} (?:of|for|on|reading|given) (?:the )?(?P<i>{I})", head):
        given = frozenset(c.m(m["i"]).names)
    return [Calls(slot, given, phase) for slot in slots]


def _phase(c: Clause) -> Phase:
    if re.search(rf"(?:{S}|round|step|stage|iteration|attempt|cycle) 1\b|\bfirst (?:round|stage|attempt|call|iteration|cycle)\b", c.marked):
        return "first"
    if re.search(
        r"\blater\b|\bon retries\b|\bafter the first\b|\bsubsequent\b|\bprevious\b|\bprior\b"
        r"|^if (?:.*?)(?:<|below|less than|fails?|rejects?)",
        c.marked,
    ):
        return "later"
    return "all"


def _first_slot(c: Clause, ctx: _Context) -> list[str]:
    slots = _slots_in(c, c.marked)
    if slots:
        return slots[:1]
    if ctx.previous is not None and ctx.previous.slot is not None:
        return [ctx.previous.slot]
    return []


def _sequence(ctx: _Context) -> str | None:
    seqs = sorted(ctx.lex.sequences)
    return seqs[0] if len(seqs) == 1 else None


# ---------------------------------------------------------------- rules


def _field_bullet(c: Clause, ctx: _Context) -> list[Claim] | None:
    """"`rounds_used`: number of rounds" in an Invariants list: a return
    field, named in backticks before a colon."""
    m = re.match(r"^\s*`([A-Za-z_][A-Za-z0-9_-]*)`\s*:", c.original)
    if c.index != 0 or m is None or m[1] in ctx.lex.slots or m[1] in ctx.lex.inputs:
        return None
    return [ReturnsField(m[1])]


def _model_behaviour(c: Clause, ctx: _Context) -> list[Claim] | None:
    """"Temperature and sampling inherent to the model ...": about the model."""
    if re.search(r"\b(?:temperature|sampling|randomness|stochasticity|inherent to the)\b", c.marked):
        return [Unverifiable("about the model's own sampling, which no program controls")]
    return None


def _fail_safe(c: Clause, ctx: _Context) -> list[Claim] | None:
    """"Unparseable guard output blocks delegation"."""
    if not re.search(r"\b(?:unparseable|unparsable|unreadable|malformed|invalid|garbled)\b", c.marked):
        return None
    if not re.search(r"\b(?:block\w*|prevent\w*|stop\w*|den(?:y|ies)|refus\w*|reject\w*|fails? (?:safe|closed)|counts? as)\b", c.marked):
        return None
    slots = _first_slot(c, ctx)
    return [FailSafe(slots[0])] if slots else None


def _gated(c: Clause, ctx: _Context) -> list[Claim] | None:
    """"The target runs only when the guard explicitly approves"; "rejected
    steps are never appended to certified progress"."""
    m = re.search(
        rf"(?P<t>{SA})(?: \w+)*? (?:only (?:when|if|after|once)|never (?:\w+ )?(?:unless|without|before)|(?:is|are) (?:called|run|invoked) only (?:when|if|after)) (?:the )?(?P<g>{S})(?: 's)? (?:\w+ )*?{_APPROVAL}",
        c.marked,
    )
    if m is not None:
        approver = c.m(m["g"]).name
        return [Gated(Calls(t), approver) for t in c.m(m["t"]).names if t != approver]
    m = re.search(
        r"\brejected\b.*\b(?:never|not|no)\b (?:\w+ )*?(?:appended|added|recorded|kept|written|stored|pushed|included)\b (?:\w+ )*?(?P<v>«[vi]\d+»)",
        c.marked,
    )
    if m is not None:
        return [Gated(None, None, var=c.m(m["v"]).name)]
    return None


def _bounded(c: Clause, ctx: _Context) -> list[Claim] | None:
    """"The loop is bounded by `max_rounds`"."""
    m = re.search(rf"\b(?:bounded|capped|limited) (?:by|at|to) (?P<b>{I})|\b(?:at most|no more than|never more than) (?P<b2>{I})", c.marked)
    if m is None:
        return None
    return [Bounded(c.m(m["b"] or m["b2"]).name)]


def _monotonic(c: Clause, ctx: _Context) -> list[Claim] | None:
    """"Progress is monotonic — the certified_progress array only grows";
    "Failure history is cumulative and available to every retry after the
    first"."""
    if not re.search(
        r"\b(?:only grows|grows only|never shrinks|monotonic\w*|append_only|only (?:ever )?appended|cumulative|never (?:removed|deleted|truncated|cleared|reset|shrinks))\b",
        c.marked,
    ):
        return None
    names = _names(c, c.marked, "v") + _names(c, c.marked, "i")
    if not names:
        return None
    out: list[Claim] = [Monotonic(names[0])]
    if m := re.search(rf"\bavailable to (?:every|each|all|the) (?P<who>{S}|\w+)(?P<rest>.*)$", c.marked):
        who = m["who"]
        slot = c.m(who).name if who.startswith("«") else None
        phase: Phase = "later" if re.search(r"after the first|later|subsequent", m["rest"]) else "all"
        out.append(Receives(Calls(slot, phase=phase), (FromVar(names[0]),)))
    return out


def _exactly_once(c: Clause, ctx: _Context) -> list[Claim] | None:
    """"Each input chunk is sent to exactly one mapper invocation"; "Each
    delegate receives exactly one brief"."""
    if "exactly one" not in c.marked:
        return None
    if m := re.search(
        rf"(?:each|every) (?:\w+ )*?(?P<e>{I}) (?:is |are )?(?:sent|given|passed|assigned|routed|dispatched|handed|delivered) to exactly one (?P<t>{S})",
        c.marked,
    ):
        return [ExactlyOnce(Calls(c.m(m["t"]).name), c.m(m["e"]).name, "element")]
    if m := re.search(
        rf"(?:each|every) (?P<t>{S}) (?:\w+ )*?(?:receives?|gets?|is given|handles?|processes|takes?|sees?) exactly one (?P<e>{I})",
        c.marked,
    ):
        return [ExactlyOnce(Calls(c.m(m["t"]).name), c.m(m["e"]).name, "call")]
    return None


def _relay(c: Clause, ctx: _Context) -> list[Claim] | None:
    """"The pattern does not curate, merge, or recover context between
    stages": each stage gets the previous one's output as it is."""
    m = re.search(
        rf"\b(?:curat|merg|recover|rewrit|edit|transform|filter|summari[sz]|alter|modif|chang|augment|enrich)\w*\b.*\bbetween (?P<s>{S})",
        c.marked,
    )
    if m is None or not re.search(r"\b(?:not|never|no)\b", c.marked):
        return None
    slot = c.m(m["s"]).name
    return [Unchanged(Calls(slot, phase="later"), FromSlot(slot, age="prior"))]


def _ordered(c: Clause, ctx: _Context) -> list[Claim] | None:
    """"Chain entries run sequentially in declared preference order";
    "Materials are disclosed one at a time, in order, to each reviewer";
    "Result order matches the order of the `delegates` slot instances"."""
    if m := re.search(rf"\bresults? (?:order (?:matches|follows|keeps|is)|(?:are |is )?(?:returned |kept |listed )?in the order of)\b.*?(?P<s>{S})", c.marked):
        return [Ordered(None, c.m(m["s"]).name, results=True)]
    if not re.search(r"\b(?:sequentially|one at a time|one after (?:another|the other)|in sequence|in (?:\w+ ){0,2}order)\b", c.marked):
        return None
    slots = _slots_in(c, c.marked)
    if not slots:
        return None
    inputs = _names(c, c.marked, "i")
    slot = slots[-1] if inputs else slots[0]
    over = inputs[0] if inputs else slot
    return [Ordered(Calls(slot), over)]


def _unaware(c: Clause, ctx: _Context) -> list[Claim] | None:
    """"The actor does not know an observer is watching"; "Neither service
    knows it is part of a dialectic"; "Ensemble members are unaware of each
    other"."""
    m = re.search(r"\bneither (?P<who>.*?) (?:knows?|is aware|learns?)\b", c.marked)
    if m is not None:
        subject_text, hidden = m["who"], c.marked[m.end() :]
    else:
        m = re.search(
            r"\b(?:unaware|(?:does|do|did) not (?:know|learn|realize|realise|suspect)|doesn't know|don't know|never (?:knows|learns|finds out)|(?:is|are) not (?:told|aware)|knows? nothing)\b",
            c.marked,
        )
        if m is None:
            return None
        subject_text, hidden = c.marked[: m.start()], c.marked[m.end() :]
    targets = _subject(c, ctx, subject_text)
    if not targets:
        return None
    if re.match(r"\s*(?:of )?(?:each other|one another)\b", hidden):
        return [
            Unaware(t, tuple(words_of(t.slot)) if t.slot else (), others=True) for t in targets
        ]
    terms: list[str] = []
    tokens = hidden.split()
    for i, token in enumerate(tokens):
        before = tokens[i - 1] if i else ""
        if token.startswith("«"):
            mention = c.m(token)
            if mention.kind == "slot" and before not in ("its", "their"):
                terms.extend(n for n in mention.names if n not in terms)
            elif mention.kind == "var" and before not in _ARTICLES and mention.text not in terms:
                # "a judge will grade its review", with a local `grade`:
                # a word in verb position, not the data the local holds
                terms.append(mention.text)
            continue
        if before in ("its", "their", "his", "her", "own") or not re.fullmatch(r"[a-z][a-z_]*", token):
            continue
        if token in _HIDDEN_STOP or token in terms:
            continue
        terms.append(token)
    if not terms:
        return None
    return [Unaware(t, tuple(terms)) for t in targets if t.slot not in terms]


def _identical(c: Clause, ctx: _Context) -> list[Claim] | None:
    """"All ensemble members receive the identical brief"; "Reviewers across
    different tiers receive identical materials and briefs"; "Each retry uses
    the same target slot"; "The same measurement pattern runs on both
    candidates"."""
    cue = re.search(r"\b(?:same|identical|identically)\b", c.marked)
    if cue is None:
        return None
    if m := re.search(rf"\bsame (?P<s>{S})", c.marked):
        callee = c.m(m["s"]).name
        rest = c.marked[m.end() :]
        given = frozenset(_names(c, rest, "i"))
        return [Identical(Calls(None, given), callee=callee)]
    before = c.marked[: cue.start()]
    over = None
    if m := re.search(rf"\bacross (?:different |all |the |every |each )?(?P<o>{I})", c.marked):
        over = c.m(m["o"]).name
    targets = _subject(c, ctx, before.replace(m[0], "") if m else before)
    if not targets:
        targets = [Calls(None)]
    after = c.marked[cue.start() :]
    args: list[str] = [n for n in _names(c, after, "i") if n != over]
    if re.search(r"\b(?:instructions?|prompts?)\b", after):
        args.append("prompt")
    if re.search(r"\bmodels?\b", after) and "model" not in args:
        args.append("model")
    everything = re.search(r"\b(?:inputs|arguments|parameters|everything)\b", after) is not None
    named = None if everything or not args else tuple(args)
    return [Identical(t, named, over) for t in targets]


def _returns(c: Clause, ctx: _Context) -> list[Claim] | None:
    """Sentences about what comes back and when: "The guard's reason is
    returned when the pattern blocks", "The final result is produced only by
    the reducer", "The pattern stops at the first success or returns `null`
    with failure history after exhaustion", "the pattern never resolves the
    tension", ..."""
    text = c.marked
    if re.search(r"\b(?:never|not|no|without)\b.*\b(?:resolv\w*|merg\w*|synthesi[sz]\w*|rank\w*|combin\w*|reconcil\w*|aggregat\w*)\b", text):
        sides = _slots_in(c, text) or sorted(ctx.lex.slots)
        return [Unmerged(tuple(sides))]
    if m := re.search(rf"(?P<full>\b(?:full|whole|complete|entire) )?(?P<v>{V}) is the (?:final )?(?:output|result)\b", text):
        var = c.m(m["v"]).name
        return [Returns("all", (Need(FromVar(var), "result"),), complete=var if m["full"] else None)]
    if m := re.search(rf"\b(?:result|output) is (?:produced|returned|made|written|decided|computed) only by (?:the )?(?P<s>{S})", text):
        return [Returns("all", (Need(FromSlot(c.m(m["s"]).name), "result", only=True),))]
    if m := re.search(rf"(?P<s>{S}) 's (?P<f>[a-z_]+) is returned (?:when|if|whenever) (?:the pattern |it )?(?:blocks|is blocked|refuses|declines|stops|does not proceed)", text):
        slot = c.m(m["s"]).name
        field = c.keys.get(m["f"], m["f"])
        return [Returns("blocked", (Need(FromSlot(slot, (field,))),), approver=slot)]
    if not re.search(r"\b(?:return\w*|wins?|stops?|exits?|is the output|exhaust\w*|the result is)\b", text):
        return None
    out: list[Claim] = []
    for segment in re.split(r",? (?:or|otherwise) (?=(?:returns?|the last|the final|«i\d+» exhausted|\w+ (?:is )?exhausted)\b)", text):
        claim = _return_segment(c, ctx, segment)
        if claim is not None:
            out.append(claim)
    return out or None


def _return_segment(c: Clause, ctx: _Context, text: str) -> Returns | None:
    immediate = re.search(r"\b(?:immediately|at once|right away|wins?|first)\b", text) is not None
    ordered = None
    if re.search(r"\border breaks ties|\bin (?:slot|declared) order\b", c.sentence):
        ordered = _sequence(ctx)
    needs = _return_needs(c, text)
    if re.search(r"\bon (?:accept\w*|approv\w*|certif\w*)\b|\bwhen (?:\w+ )?(?:accepts|approves|certifies)\b", text):
        return Returns("accept", needs, immediate=immediate)
    if re.search(rf"(?:meeting|meets|met|reaches|reached|> =|>=|at least|exceeds) (?:the )?{I}|{I} (?:is )?(?:met|reached)\b", text):
        return Returns("threshold", needs, immediate=immediate)
    if re.search(r"\bfirst (?:acceptable|accepted|valid)\b|\bacceptable result wins\b", text):
        return Returns("acceptable", needs, immediate=True, ordered=ordered)
    if re.search(r"\bfirst (?:success|successful)\b|\bon success\b", text):
        return Returns("success", needs, immediate=True, ordered=ordered)
    if re.search(rf"\bexhaust\w*|\bbudget is (?:spent|used)|\bruns out\b|\bif (?:every|each|all) (?:\w+ )*?(?:{S} )?fails?\b|\bif no (?:{S}|\w+) (?:is|are) (?:acceptable|accepted|successful)|\bif (?:all|every) (?:\w+ )*?fail", text):
        records = None
        if m := re.search(rf"(?P<v>{V}) (?:includes|records|holds|lists|contains) every\b", text):
            records = c.m(m["v"]).name
        return Returns("exhausted", needs, records=records)
    if needs and re.search(r"\breturns?\b", text):
        return Returns("all", needs)
    return None


def _return_needs(c: Clause, text: str) -> tuple[Need, ...]:
    # "if score >= threshold: ..." names the path, not what is returned
    text = re.sub(r"^(?:if|when|once|after) [^:,]*[:,]\s*", "", text)
    needs: list[Need] = []
    if re.search(r"\b(?:is|returns?|returned|be) null\b", text):
        needs.append(Need(Null(), "result"))
    for word in re.findall(r"\bno ([a-z_]+)\b", text):
        if word in c.keys:
            needs.append(Need(Null(), c.keys[word]))
    for m in re.finditer(rf"(?P<s>{S}) 's (?:result|output)", text):
        needs.append(Need(FromSlot(c.m(m["s"]).name), "result"))
    if re.search(r"\b(?:last|final|first) (?:attempted |acceptable |successful )?(?:result|attempt|output)\b", text) and not any(n.field == "result" for n in needs):
        needs.append(Need(AnyResult(), "result"))
    for token in re.findall(V, text):
        needs.append(Need(FromVar(c.m(token).name)))
    return tuple(needs)


def _firewall(c: Clause, ctx: _Context) -> list[Claim] | None:
    """"The observer sees only the outcome, never the actor's reasoning or
    self-assessment"; "Each service sees only the other's prior argument,
    not its reasoning"; "The reviewer never sees the author's notes"."""
    verb = re.search(rf"\b{_SEE}\b", c.marked)
    if verb is None:
        return None
    m = re.search(
        rf"\b(?:never|not|but not|and not|nor|without)\s+(?:{_SEE}\s+)?(?:the\s+)?(?P<src>{S}|its|the other|another|each other)\s*(?:'s\s+)?(?P<fields>[a-z_]+(?:\s*(?:,|or|and|nor)\s*[a-z_]+)*)",
        c.marked,
    )
    if m is None:
        return None
    fields = [
        w for w in re.split(r"\s*(?:,|\bor\b|\band\b|\bnor\b)\s*", m["fields"]) if w and w not in ("the", "own", "raw")
    ]
    fields = [w for w in fields if w not in ("prior", "previous")]
    if not fields or any(w in OUTPUT_NOUNS for w in fields):
        return None
    if m["src"].startswith("«s") and not c.marked[m.end("src") :].lstrip().startswith("'s"):
        return None  # "never the actor": the whole slot, an isolation
    targets = _subject(c, ctx, c.marked[: verb.start()])
    if m["src"].startswith("«"):
        sources = [c.m(m["src"]).name]
    else:
        sources = []  # "its", "the other": the other roles of the subject
    only = re.search(r"\bonly\b", c.marked[: m.start()]) is not None
    out: list[Claim] = []
    subject_slots = [t.slot for t in targets if t.slot]
    for target in targets:
        for source in sources or [s for s in subject_slots if s != target.slot] or _others(c, target):
            if source != target.slot:
                out.append(Firewall(target, source, tuple(fields), only))
    return out or None


def _others(c: Clause, target: Calls) -> list[str]:
    return [s for s in _slots_in(c, c.marked) if s != target.slot]


def _isolation(c: Clause, ctx: _Context) -> list[Claim] | None:
    """"Miners work independently — no miner sees another's output";
    "Readers of corpus A never see corpus B, and vice versa"; "Worker never
    sees the raw criteria"; "The arbiter decides solely from the observer's
    report, not from the actor"; "measurement of A does not influence B"."""
    text = c.marked
    if m := re.search(rf"(?P<s>{S}) of (?:the )?(?P<a>{M}) (?:does|do|did|must|should|will|can)?\s*(?:not|never) (?:influence|affect|change|inform|reach)s? (?:the )?(?P<b>{M})", text):
        slot = c.m(m["s"]).name
        a, b = c.m(m["a"]), c.m(m["b"])
        return [Isolation(Calls(slot, frozenset(b.names)), FromSlot(slot, given=frozenset(a.names)))]
    neg = re.search(
        rf"\b(?:never|not|no \S+|cannot|can't|doesn't|don't|without)\s+(?:\w+\s+)?(?:{_SEE}|influences?|affects?|depends? on)\b|\bnot from\b",
        text,
    )
    independent = re.search(r"\bindependent(?:ly)?\b|\bin isolation\b|\bisolated\b", text)
    if neg is None and independent is None:
        return None
    cut = min(x.start() for x in (neg, independent) if x is not None)
    targets = _subject(c, ctx, text[:cut] if cut else text)
    if not targets:
        return None
    sources: list[Source] = []
    if independent is not None:
        sources.append(FromOthers())
    if neg is not None:
        sources.extend(_negated_sources(c, text[neg.start() :], targets))
    if re.search(r"\bonly (?:the |its )?(?:failures?|errors?|exceptions?)\b", text):
        # "never sees the responder's output, only the failure it raised"
        sources = [replace(s, failures=False) if isinstance(s, FromSlot) else s for s in sources]
    found: list[Isolation] = []
    for target in targets:
        for source in sources:
            if Isolation(target, source) not in found:
                found.append(Isolation(target, source))
    if re.search(r"\bvice versa\b", text):
        for claim in list(found):
            if isinstance(claim.source, FromInput) and claim.target.given:
                given = sorted(claim.target.given)[0]
                swapped = Isolation(
                    Calls(claim.target.slot, frozenset({claim.source.name}), claim.target.phase),
                    FromInput(given),
                )
                if swapped not in found:
                    found.append(swapped)
    return list(found) or None


def _negated_sources(c: Clause, text: str, targets: list[Calls]) -> list[Source]:
    """What a negated "see"/"from" clause says must not reach the subject."""
    out: list[Source] = []
    subject_slots = {t.slot for t in targets}
    if re.search(r"\b(?:another|each other|one another|others|siblings?|any other|other (?:\w+ )?(?:outputs?|results?|reports?|work|answers?))\b", text) or re.search(
        r"\b(?:earlier|previous|prior|other) (?:attempts?|invocations?|runs?|calls?|rounds?)\b", text
    ):
        out.append(FromOthers())
    for m in re.finditer(rf"(?P<other>\bother )?(?P<x>{M})", text):
        mention = c.m(m["x"])
        match mention.kind:
            case "input":
                for name in mention.names:
                    out.append(OtherElements(name) if m["other"] else FromInput(name))
            case "slot" | "all":
                for name in mention.names:
                    if name in subject_slots:
                        if FromOthers() not in out:
                            out.append(FromOthers())
                    else:
                        out.append(FromSlot(name))
            case "var":
                out.append(FromVar(mention.name))
    return out


def _output_behaviour(c: Clause, ctx: _Context) -> list[Claim] | None:
    """"Evaluator scores the result (0..1) and provides specific improvement
    suggestions": what a delegate produces is its own business."""
    if not re.search(r"\b(?:provides?|produces?|generates?|writes?|emits?|suggests?)\b", c.marked):
        return None
    if re.search(rf"\bfrom (?:the )?{M}", c.marked):
        return None
    if not _lead_slot(c, ctx):
        return None
    return [Unverifiable(f"about what `{_lead_slot(c, ctx)}` produces")]


def _lead_slot(c: Clause, ctx: _Context) -> str | None:
    """The slot a clause opens with ("Synthesizer reasons ...", "it ...")."""
    if m := re.match(rf"^(?:the |each |every |all )?(?P<s>{SA})", c.marked):
        return c.m(m["s"]).name
    if re.match(r"^(?:it|they|this|that)\b", c.marked) and ctx.previous is not None:
        return ctx.previous.slot
    return None


def _receives(c: Clause, ctx: _Context) -> list[Claim] | None:
    """"The target receives the original brief unchanged"; "Critic always
    receives the original task brief alongside the result"; "Each later
    stage receives only the previous stage's output"; "The refiner receives
    its prior output and evaluator feedback on retries"; "Round 1: refiner
    produces initial result from the task brief"."""
    verb = re.search(
        r"\b(?:receives?|sees?|gets?|is given|are given|is sent|are sent|scores?|evaluates?|judges?|reviews?|reads?|is available to|has access to|works? from|starts? from|produces? (?:[a-z_ ]*?)from)\b",
        c.marked,
    )
    if verb is None:
        return None
    targets = _subject(c, ctx, c.marked[: verb.start()], phased=True)
    if not targets:
        return None
    rest = c.marked[verb.end() :]
    positive, _, negative = _split_negative(rest)
    only = re.search(r"\bonly\b", positive) is not None
    out: list[Claim] = []
    for target in targets:
        mine = _positive_needs(c, positive, target)
        if only:
            if mine:
                out.append(Receives(target, tuple(mine), only=True))
            continue
        for need in mine:
            if isinstance(need, FromInput) and need.original:
                out.append(Unchanged(target, need))
        rest_needs = tuple(n for n in mine if not (isinstance(n, FromInput) and n.original))
        if rest_needs:
            out.append(Receives(target, rest_needs))
        if negative:
            for source in _negated_sources(c, negative, [target]):
                out.append(Isolation(target, source))
    return out or None


def _split_negative(rest: str) -> tuple[str, str, str]:
    m = re.search(r",?\s*\b(?:but not|not|never)\b\s", rest)
    if m is None:
        return rest, "", ""
    return rest[: m.start()], m[0], rest[m.end() :]


def _positive_needs(c: Clause, text: str, target: Calls) -> list[Source]:
    needs: list[Source] = []

    def add(src: Source) -> None:
        if src not in needs:
            needs.append(src)

    consumed: set[str] = set()
    for m in re.finditer(rf"(?:the )?(?P<orig>original |initial |raw )?(?P<i>{I})", text):
        for name in c.m(m["i"]).names:
            add(FromInput(name, original=(m["orig"] is not None and m["orig"].strip() == "original") or "unchanged" in text))
        consumed.add(m["i"])
    if re.search(r"\bits (?:own )?(?:prior|previous|last|earlier) (?:output|result|work|answer|attempt|argument)s?\b", text) and target.slot:
        add(FromSlot(target.slot, age="prior"))
    for m in re.finditer(rf"(?:the )?(?P<age>previous |prior |last |earlier )?(?P<every>every |all |each )?(?P<s>{S})(?: 's)? (?P<what>[a-z_]+)", text):
        slot = c.m(m["s"]).name
        consumed.add(m["s"])
        if m["what"] not in OUTPUT_NOUNS and m["what"] not in ("feedback",) and m["what"] not in c.keys:
            continue
        fields = (c.keys[m["what"]],) if m["what"] in c.keys and m["what"] not in OUTPUT_NOUNS else ()
        add(FromSlot(slot, fields, age="prior" if m["age"] else "any", every=m["every"] is not None))
    for token in re.findall(V, text):
        add(FromVar(c.m(token).name))
    for m in re.finditer(r"\b(?:the |a )?(?P<age>current |latest |prior |previous )?(?:result|output)\b", text):
        before = text[: m.start()].rstrip()
        if re.search(rf"(?:'s|\bits|\bits own|{S}|\btheir|\btheir own)(?: (?:prior|previous|last|earlier|current))?$", before):
            continue
        age = (m["age"] or "").strip()
        add(AnyResult("current" if age in ("current", "latest") else "prior" if age else "any"))
    for word, key in c.keys.items():
        if word in OUTPUT_NOUNS or key in ("result", "results", "output"):
            continue
        if re.search(rf"\b{re.escape(word)}\b", text) and not re.search(rf"'s {re.escape(word)}\b", text):
            add(FromField(key))
    return needs


def _behaviour(c: Clause, ctx: _Context) -> list[Claim] | None:
    """"Synthesizer reasons about disagreements — it does not majority-vote";
    "Analysis is bidirectional": promises about how a delegate thinks."""
    lead = _lead_slot(c, ctx)
    behaviour = re.search(
        r"\b(?:reasons?|thinks?|weighs?|majority_vote|votes?|considers?|scores?|classif\w*|decides?|judges?|analy[sz]es|bidirectional|findings?|explains?|identif\w*|interprets?|summari[sz]es)\b",
        c.marked,
    )
    if behaviour is None:
        return None
    if lead is not None:
        return [Unverifiable(f"about how `{lead}` reasons, which only the delegate controls")]
    if ctx.previous_unverifiable and not re.search(M, c.marked):
        return [Unverifiable("continues the clause before")]
    return None


def _continuation(c: Clause, ctx: _Context) -> list[Claim] | None:
    """A verbless tail that restates the clause before: "... — only the
    critique derived from them"; "...; earlier slot order breaks ties" (read
    by the returns rule from the whole sentence)."""
    if c.index == 0 or not ctx.sentence_claims:
        return None
    if re.match(r"^only (?:the )?\S+(?: \S+)? derived from\b", c.marked):
        return []
    if re.search(r"\border breaks ties\b", c.marked) and any(
        isinstance(x, Returns) and x.ordered for x in ctx.sentence_claims
    ):
        return []
    return None


RULES: tuple[Rule, ...] = (
    _continuation,
    _field_bullet,
    _model_behaviour,
    _fail_safe,
    _gated,
    _bounded,
    _monotonic,
    _exactly_once,
    _relay,
    _ordered,
    _unaware,
    _identical,
    _returns,
    _firewall,
    _isolation,
    _output_behaviour,
    _receives,
    _behaviour,
)


def recognize(text: str, lex: Lexicon) -> Reading:
    """Read one invariant sentence against the pattern's names."""
    ctx = _Context(lex)
    reading = Reading()
    for clause in clauses(text, lex):
        got: list[Claim] | None = None
        for rule in RULES:
            got = rule(clause, ctx)
            if got is not None:
                break
        if got is None:
            reading.unread.append(clause.text)
            continue
        for claim in got:
            if claim in reading.claims or _subsumed(claim, reading.claims):
                continue
            if isinstance(claim, Unverifiable) and any(isinstance(x, Unverifiable) for x in reading.claims):
                continue  # one note per sentence about a delegate's own behaviour
            reading.claims.append(claim)
        ctx.sentence_claims = reading.claims
        if got:
            ctx.previous_unverifiable = all(isinstance(g, Unverifiable) for g in got)
            target = _target_of(got[0])
            if target is not None:
                ctx.previous = target
    return reading


def _target_of(claim: Claim) -> Calls | None:
    target = getattr(claim, "target", None)
    return target if isinstance(target, Calls) else None


def _subsumed(claim: Claim, claims: list[Claim]) -> bool:
    """An "identical" that repeats a broader one of the same sentence ("All N
    runs receive identical inputs — same brief, same material")."""
    if not isinstance(claim, Identical):
        return False
    for other in claims:
        if isinstance(other, Identical) and other.target == claim.target and other.callee == claim.callee:
            if other.args is None or (claim.args is not None and set(claim.args) <= set(other.args)):
                return True
    return False
