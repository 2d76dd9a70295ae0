"""The invariant phrasing corpus: how well prosec reads sentences it was not written for.

``tests/invariants/phrasings/*/`` holds patterns and TOML files of
sentences written by people who had not read the reader's code, each with
the claims it should read as, whether it holds for the pattern as written,
mutants of the delegation that break one sentence, and controls that change
nothing any sentence says (see the README in each folder). A sentence
about a corpus pattern names it as ``corpus:NAME`` and is checked against
the corpus file read in place.

Each sentence is checked as if it were the only bullet of its pattern's
``### Invariants``: a file's sentences share one compile, each on its own
bullet, since a sentence's reading and status depend on the delegation alone
(mutants and controls are compiled one by one). The figures:

- **read correctly**: read in full, into exactly the expected claims
  (what a slot receives may be read as the local that holds all of one
  slot's results and nothing else, where the label names those results);
  **rightly left unread**: a sentence that states no claim (``expect =
  []``) or denies one, reported ``unrecognized`` (or a denial read as
  exactly that denial); together, **read as
  labelled**; **read wrongly**: read in full into other claims (or read at
  all when the label says there is nothing to read); **unrecognized**: a
  sentence with a claim that was not read.
- **false alarm**: a sentence that holds, reported ``violated``.
- **false proof**: a sentence that does not hold, reported ``proved`` or
  ``enforced``.
- **polarity error**: a sentence that denies a property (``negated``), or
  whose expected reading is "not read", read in full all the same (except
  as the denial it states: "it is not the case that ...", which prosec
  never proves, counts as read as labelled; a part of it read as a
  delegate's own behaviour, ``unverifiable``, checks nothing and leaves
  the denial kept); or a false proof or alarm on a sentence with a
  negating word.
- **mutants caught**: of the mutants whose sentence is read correctly and
  proved, those the build reports ``violated``.

``python tests/phrasing_corpus.py`` prints the figures and every sentence
that was not read correctly.
"""

from __future__ import annotations

import os
import re
import sys
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PHRASINGS = ROOT / "tests" / "invariants" / "phrasings"
CORPUS = Path(os.environ.get("PROSEC_CORPUS", ROOT.parent / "shared" / "corpus" / "std-patterns"))

sys.path.insert(0, str(ROOT))

from prosec.api import compile_text  # noqa: E402
from prosec.invariants import InvariantFact, Status  # noqa: E402
from prosec.invariants.lexicon import singular  # noqa: E402
from prosec.invariants.words import KINDS  # noqa: E402

NEGATORS = re.compile(
    r"\b(?:never|not|no|none|neither|nor|without|only|solely|except|withheld|hidden|unaware|cannot|can't|"
    r"doesn't|don't|isn't|aren't|won't|at most|no more than|exactly|unless)\b",
    re.I,
)


@dataclass
class Sentence:
    set: str
    file: str
    pattern: str
    text: str
    holds: bool | None
    expect: list[dict[str, Any]]
    status: str = ""
    facts: list[InvariantFact] = field(default_factory=list)
    verdict: str = ""  # correct / wrong / unrecognized


@dataclass
class Figures:
    sentences: list[Sentence] = field(default_factory=list)
    patterns: set[str] = field(default_factory=set)
    mutants: int = 0
    mutants_read: int = 0
    mutants_caught: int = 0
    missed_mutants: list[str] = field(default_factory=list)
    controls: int = 0
    controls_clean: int = 0
    broken_controls: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    per_set: dict[str, dict[str, int]] = field(default_factory=dict)
    relabelled: int = 0
    set_aside: int = 0

    def only(self, name: str) -> Figures:
        """The figures of one set (one folder of the corpus)."""
        part = Figures(sentences=[s for s in self.sentences if s.set == name])
        part.patterns = {f"{s.set}/{s.pattern}" for s in part.sentences}
        for attr in ("mutants", "mutants_read", "mutants_caught", "controls", "controls_clean"):
            setattr(part, attr, self.per_set.get(name, {}).get(attr, 0))
        part.missed_mutants = [m for m in self.missed_mutants if m.startswith(name + "/")]
        part.broken_controls = [m for m in self.broken_controls if m.startswith(name + "/")]
        return part

    def _bump(self, name: str, attr: str) -> None:
        setattr(self, attr, getattr(self, attr) + 1)
        counts = self.per_set.setdefault(name, {})
        counts[attr] = counts.get(attr, 0) + 1

    def count(self, verdict: str) -> int:
        return sum(1 for s in self.sentences if s.verdict == verdict)

    @property
    def false_alarms(self) -> list[Sentence]:
        return [s for s in self.sentences if s.holds is True and s.status == "violated"]

    @property
    def false_proofs(self) -> list[Sentence]:
        return [s for s in self.sentences if s.holds is False and s.status in ("proved", "enforced")]

    @property
    def polarity_errors(self) -> list[Sentence]:
        out = []
        wrong = {id(s) for s in (*self.false_alarms, *self.false_proofs)}
        for s in self.sentences:
            read = s.status not in ("unrecognized", "")
            negated = any(e.get("negated") for e in s.expect)
            checked = replace(s, facts=[f for f in s.facts if f.kind != "unverifiable"])
            kept = checked.facts and (_denial_read(checked) or _polarity_kept(checked))
            if read and negated and not kept:
                out.append(s)
            elif id(s) in wrong and NEGATORS.search(s.text):
                out.append(s)
        return out

    @property
    def claimless(self) -> int:
        """Sentences whose right reading is none: no claim, or a denial."""
        return sum(1 for s in self.sentences if not s.expect or any(w.get("negated") for w in s.expect))

    def summary(self) -> str:
        n = len(self.sentences)
        correct, unread = self.count("correct"), self.count("unread")
        claims = n - self.claimless
        return (
            f"invariant phrasings: {n} sentences on {len(self.patterns)} patterns: "
            f"{correct + unread} read as labelled ({100 * (correct + unread) / max(n, 1):.1f}%): "
            f"{correct} of the {claims} that state a claim read correctly ({100 * correct / max(claims, 1):.1f}%) "
            f"and {unread} of the {self.claimless} that state none rightly left unread; "
            f"{self.count('wrong')} read wrongly, "
            f"{self.count('unrecognized')} unrecognized; {len(self.false_alarms)} false alarms, "
            f"{len(self.false_proofs)} false proofs, {len(self.polarity_errors)} polarity errors; "
            f"mutants caught {self.mutants_caught}/{self.mutants_read} of those on sentences read correctly "
            f"({self.mutants} mutants in all); controls clean {self.controls_clean}/{self.controls}"
            + (f"; {self.relabelled} labels corrected on review" if self.relabelled else "")
            + (f"; {self.set_aside} mutants set aside on review" if self.set_aside else "")
        )


# ---------------------------------------------------------------- patterns


def _pattern_text(folder: Path, ref: str) -> tuple[str, str] | None:
    if ref.startswith("corpus:"):
        path = CORPUS / f"{ref.removeprefix('corpus:')}.prose.md"
    else:
        path = folder / ref
    if not path.is_file():
        return None
    return path.name, path.read_text(encoding="utf-8")


_INVARIANTS = re.compile(r"^### Invariants[ \t]*\n(?:(?!^#{1,3} ).*\n?)*", re.M)


def with_invariants(text: str, sentences: list[str]) -> str:
    """The pattern with exactly these bullets under ``### Invariants``."""
    block = "### Invariants\n\n" + "".join(f"- {s}\n" for s in sentences) + "\n"
    if _INVARIANTS.search(text):
        return _INVARIANTS.sub(lambda m: block, text, count=1)
    return text.replace("### Delegation", block + "### Delegation", 1)


def _edit(text: str, entry: dict[str, Any]) -> str | None:
    edits = entry.get("edits") or [[entry["find"], entry["replace"]]]
    for old, new in edits:
        if text.count(old) != 1:
            return None
        text = text.replace(old, new)
    return text


def _compile(name: str, text: str) -> list[InvariantFact] | None:
    result = compile_text(f"phrasings/{name}", text.encode(), render=False)
    if result.report is None:
        return None
    return list(result.report.invariants)


def compile_each(name: str, text: str, sentences: list[str]) -> list[list[InvariantFact] | None]:
    """The facts of each sentence, as if it were the pattern's only invariant.

    The sentences are checked in one compile, each on its own bullet: a
    sentence's reading and status depend on the delegation and on no other
    bullet (but for the fields a firewall strips, which "as it is" claims
    see), and the pattern is read, parsed and analysed once instead of once
    per sentence. Where the bullets cannot be told apart (a sentence that is
    not one line, or one whose facts land on no bullet) each is compiled
    alone.
    """
    if not sentences or any("\n" in s for s in sentences):
        return [_compile(name, with_invariants(text, [s])) for s in sentences]
    composed = with_invariants(text, sentences)
    first = composed.index("### Invariants\n\n")
    top = composed.count("\n", 0, first) + 3  # the first bullet's line
    facts = _compile(name, composed)
    if facts is None:
        return [_compile(name, with_invariants(text, [s])) for s in sentences]
    each: list[list[InvariantFact]] = [[] for _ in sentences]
    for fact in facts:
        at = fact.span.line - top
        if not 0 <= at < len(sentences):
            return [_compile(name, with_invariants(text, [s])) for s in sentences]
        each[at].append(fact)
    if any(f.kind == "field firewall" for f in facts):
        # the fields a firewall strips at run time bear on "as it is"
        # claims of the same file: those are checked without it
        return [
            _compile(name, with_invariants(text, [s])) if any(f.kind == "unchanged" for f in found) else found
            for s, found in zip(sentences, each, strict=True)
        ]
    return [found for found in each]


def _status(facts: list[InvariantFact]) -> str:
    order = ("violated", "unrecognized", "unverifiable", "enforced", "proved")
    statuses = {f.status.value for f in facts}
    return next((s for s in order if s in statuses), "")


# ---------------------------------------------------------------- matching

_KIND = {"firewall": "field firewall", "failsafe": "fail-safe", "call-count": "call count", "unmerged": "returns"}
_WHEN = {"always": "all", None: None}


def _base(key: object) -> str:
    return str(key).split("(")[0]


def _source_ok(want: str, got: object) -> bool:
    # (the labels name an input, never a key of it: "the claim's amount" is
    # labelled as the input `claim`, read as its key `amount`)
    return _base(got) == want or (want.startswith(("slot:", "input:")) and _base(got).startswith(want + "."))


def _need_ok(want: str, got: object) -> bool:
    """A need as labelled; or, for a label naming a slot's results, the
    local that all of them and nothing else are written to ("the
    summaries", of `let summaries = parallel for ...: call summarizer`),
    received as it is at the call."""
    made = re.fullmatch(r"var:\w+\((?:whole, )?of (\w+)\)", str(got))
    return _source_ok(want, got) or (made is not None and want == f"slot:{made.group(1)}")


def words_of_slot(slot: str) -> str:
    """The last word of a slot's name."""
    return slot.split("_")[-1]


def _listed(name: object) -> str:
    """A list as a label names it: by its name, or in the notation of
    sources (``input:rooms``, ``slot:stages``), which the brief leaves open."""
    return str(name).removeprefix("input:").removeprefix("slot:")


def matches(want: dict[str, Any], fact: InvariantFact) -> bool:
    """Whether one fact is the claim an expectation names."""
    kind = _KIND.get(want["kind"], want["kind"])
    p = dict(fact.params)
    if want["kind"] == "isolation" and "." in str(want.get("source", "")) and fact.kind == "field firewall":
        slot_, _, field_ = want["source"].removeprefix("slot:").partition(".")
        return p.get("slot") == want["slot"] and p.get("source") == slot_ and field_ in p.get("fields", ())
    if want["kind"] == "firewall" and fact.kind == "isolation":
        # (a result never received at all keeps its fields away too: "sees
        # neither the actor's outcome nor its reasoning", read as the one
        # isolation the firewall adds nothing to)
        # (and the one field of an input a firewall names, kept away: the
        # same claim, "the checker never sees the household's address")
        source = str(p.get("source", ""))
        field_ = source.removeprefix(want["source"] + ".") if source.startswith(want["source"] + ".") else None
        return p.get("slot") == want["slot"] and (
            source == want["source"]
            or (field_ is not None and [singular(f) for f in want["fields"]] == [singular(field_)])
        )
    if fact.kind != kind:
        return False
    if "slot" in want and p.get("slot") != want["slot"]:
        return False
    match want["kind"]:
        case "isolation":
            # (the slot's own earlier calls are other invocations of it; the
            # labels name no fields of them, "its own earlier scores" does)
            own_prior = want["source"] == "others" and re.fullmatch(
                rf"slot:{re.escape(want['slot'])}(\.\w+)*\(prior\)", str(p.get("source", ""))
            ) is not None
            return own_prior or _source_ok(want["source"], p.get("source", ""))
        case "firewall":
            # (a firewall matches a key ignoring a plural ending)
            fields = {singular(f) for f in p.get("fields", ())}
            return p.get("source") == want["source"].removeprefix("slot:") and {singular(f) for f in want["fields"]} <= fields
        case "receives":
            needs = [str(n) for n in p.get("needs", ())]
            if bool(want.get("only")) != bool(p.get("only")):
                return False
            # (as for isolation, the slot's own earlier calls are other
            # invocations of it)
            own_prior = f"slot:{want['slot']}(prior)"
            return len(needs) == len(want["needs"]) and all(
                any(_need_ok(w, n) or (w == "others" and n == own_prior) for n in needs) for w in want["needs"]
            )
        case "unchanged":
            # (some labels write the input as `input:NAME`)
            return _base(p.get("source", "")) == f"input:{str(want['input']).removeprefix('input:')}"
        case "identical":
            return "args" not in want or set(want["args"]) == set(p.get("args", ()))
        case "gated":
            return p.get("approver") == want.get("approver")
        case "failsafe":
            return p.get("approver") == want["approver"]
        case "unaware":
            # (a hyphen in a label is the underscore the reader joins words with: "fan-out")
            of = str(want.get("of", "")).removeprefix("slot:").replace("-", "_")
            terms = [str(t) for t in p.get("terms", ())]
            # (words of one stem: "retry" and "retries", "rate" and "rating")
            # ("other miners", of miners: the other calls, as "others" says)
            if of.startswith(("other ", "other_")) and singular(of.split()[-1].split("_")[-1]) == singular(words_of_slot(want["slot"])):
                of = "others"
            if of == "others":
                return bool(p.get("others"))
            # (the brief's `of` may be the words of the hidden fact, "it will
            # be attacked": every word the reading keeps is one of them)
            said = {_stem(w) for w in re.findall(r"[a-z]+", of.lower()) if w not in _FACT_FILLER}
            return any(_stem(t) == _stem(of) for t in terms) or (
                " " in of and bool(terms) and all(_stem(part) in said for t in terms for part in t.split("_"))
            )
        case "ordered":
            return _listed(p.get("over")) == _listed(want.get("over", want.get("slot")))
        case "bounded":
            return p.get("bound") == want["bound"]
        case "monotonic":
            return p.get("var") == want["var"]
        case "exactly-once":
            return _listed(p.get("elements")) == _listed(want["elements"]) and p.get("per") == want["per"]
        case "call-count":
            # (a label that does not say whether the count is exact or a
            # bound leaves that to the reading)
            exact = "exact" not in want or bool(p.get("exact")) == bool(want["exact"])
            # (a count of a list's elements, "once per act", is labelled by
            # the list or by its `.length`)
            return p.get("count") == str(want["count"]).removesuffix(".length") and exact
        case "unmerged":
            # (later sets write a side as `slot:NAME`, earlier ones bare)
            return {side.removeprefix("slot:") for side in want["sides"]} == set(p.get("sides", ()))
        case "returns":
            if "sides" in p:
                return False
            when = want.get("when", "always")
            # ("reject", in the labels of later sets, is the path where the
            # approver does not approve: the reader's "blocked"; "approved",
            # in set k's, the path where it approves: "accept". Set k writes
            # the returned key as `word`, as others write `field`, which
            # this match leaves to the source.)
            path = {"always": "all", "reject": "blocked", "approved": "accept"}.get(when, when)
            # (the path where a verdict says the refusal word the program
            # tests, `if ruling says decline`, is where the approver refuses)
            refused = when in ("reject", "blocked") and p.get("path") == "says" and str(p.get("word")) in KINDS["BLOCK"]
            # (the labels name no success test but an approval: where the
            # test is a threshold met or an acceptable result, that branch
            # is the one they mean)
            met = path == "accept" and p.get("path") in ("threshold", "acceptable")
            # (a `says` word as the path: where the verdict says that word)
            said = p.get("path") == "says" and str(p.get("word")) == when
            if p.get("path", "all") != path and not refused and not met and not said and not (when == "always" and "sides" in p):
                return False
            needs = " ".join(str(n) for n in p.get("needs", ()))
            src = str(want.get("source", ""))
            return not src or src.removeprefix("slot:").split(".")[0] in needs
        case "unverifiable":
            return p.get("slot") == want.get("slot")
    return False


#: Words of a hidden fact as a label writes it that name nothing ("it will
#: be attacked", "that a review is being done").
_FACT_FILLER = frozenset("a an the it its they their that this there is are was were be being been will would can may might has have had of to for by".split())


def _stem(word: str) -> str:
    """The first five letters, a final "y" as "i" ("retry", "retries")."""
    return word[:5].replace("y", "i") if len(word) > 4 and word[4] == "y" else word[:5]


def _denial_read(s: Sentence) -> bool:
    """A sentence that denies a claim, read as that denial and nothing else
    ("the findings list is reset between rounds": it is not the case that
    `findings` only grows), which prosec never proves, only finds violated
    where the claim holds."""
    denied = [w for w in s.expect if w.get("negated")]
    facts = s.facts
    return (
        bool(denied and facts)
        and len(denied) == len(s.expect)
        and all(dict(f.params).get("denied") for f in facts)
        and all(any(matches(w, f) for f in facts) for w in denied)
        and all(any(matches(w, f) for w in denied) for f in facts)
    )


def _polarity_kept(s: Sentence) -> bool:
    """A sentence that denies one claim and states another ("the mappers
    run in parallel, but none of them sees the brief"), read as exactly
    those claims, each denied where the label denies it."""

    def same(w: dict[str, Any], f: InvariantFact) -> bool:
        return matches(w, f) and bool(w.get("negated")) == bool(dict(f.params).get("denied"))

    return bool(s.facts) and all(any(same(w, f) for f in s.facts) for w in s.expect) and all(
        any(same(w, f) for w in s.expect) for f in s.facts
    )


def verdict(s: Sentence) -> str:
    if _denial_read(s):
        return "unread"  # read as what it says: as labelled, like a denial left unread
    if s.status in ("unrecognized", ""):
        # A sentence that states no claim, or denies one, is read right by
        # being left unread.
        claimless = not s.expect or any(w.get("negated") for w in s.expect)
        return "unread" if claimless else "unrecognized"
    wants = [w for w in s.expect if not w.get("negated")]
    if not wants or len(wants) != len(s.expect):
        return "wrong"
    facts = s.facts
    ok = all(any(matches(w, f) for f in facts) for w in wants) and all(
        any(matches(w, f) or _firewall_half(w, f) for w in wants) for f in facts
    )
    return "correct" if ok else "wrong"


def _firewall_half(want: dict[str, Any], fact: InvariantFact) -> bool:
    """The "gets NAME's result" half of a firewall as the brief defines it
    ("the slot gets NAME's result but never those fields"), read as a fact of
    its own: the slot receives NAME's result, or keys of it other than the
    firewall's."""
    if want["kind"] != "firewall" or fact.kind != "receives":
        return False
    p = dict(fact.params)
    source = want["source"]
    kept = {singular(f) for f in want["fields"]}
    needs = [str(n) for n in p.get("needs", ())]
    return (
        p.get("slot") == want["slot"]
        and not p.get("only")
        and bool(needs)
        and all(
            n == source or (n.startswith(source + ".") and singular(n.removeprefix(source + ".")) not in kept)
            for n in needs
        )
    )


# ---------------------------------------------------------------- evaluation


def _files(sets: tuple[str, ...] = ()) -> Iterator[Path]:
    for toml in sorted(PHRASINGS.glob("*/*.toml")):
        if not sets or toml.parent.name in sets:
            yield toml


#: Labels found wrong on review: the writer's truth or reading, corrected,
#: each with the reason (a run of the generated code, or the delegation).
REVIEWED = PHRASINGS / "reviewed.toml"


def evaluate(*, mutants: bool = True, sets: tuple[str, ...] = (), jobs: int = 1) -> Figures:
    """The figures over the named sets (folders of ``phrasings/``), or over
    all of them; with ``jobs`` above 1, runs of consecutive sets in that
    many processes, merged in order (the same figures, sooner)."""
    if jobs > 1:
        return _evaluate_split(mutants=mutants, sets=sets, jobs=jobs)
    figs = Figures()
    review = tomllib.loads(REVIEWED.read_text(encoding="utf-8"))
    reviewed = {(e["file"], e["text"]): e for e in review.get("label", [])}
    set_aside = {(e["file"], e["breaks"]) for e in review.get("mutant", [])}
    for toml in _files(sets):
        data = tomllib.loads(toml.read_text(encoding="utf-8"))
        found = _pattern_text(toml.parent, data["pattern"])
        if found is None:
            figs.skipped.append(f"{toml.parent.name}/{toml.name}: {data['pattern']} not found")
            continue
        name, text = found
        figs.patterns.add(data["pattern"])
        by_text: dict[str, Sentence] = {}
        entries = data.get("sentence", [])
        each = compile_each(name, text, [entry["text"] for entry in entries])
        for entry, facts in zip(entries, each, strict=True):
            s = Sentence(toml.parent.name, toml.name, data["pattern"], entry["text"], entry.get("holds"), entry.get("expect", []))
            fix = reviewed.get((f"{toml.parent.name}/{toml.name}", s.text))
            if fix is not None:
                s.holds = fix.get("holds", s.holds)
                s.expect = fix.get("expect", s.expect)
                figs.relabelled += 1
            s.facts = facts or []
            s.status = _status(s.facts) if facts is not None else "error"
            s.verdict = verdict(s)
            figs.sentences.append(s)
            by_text[s.text] = s
        if not mutants:
            continue
        for entry in data.get("mutant", []):
            figs._bump(toml.parent.name, "mutants")
            if (f"{toml.parent.name}/{toml.name}", entry.get("breaks", "")) in set_aside:
                figs.set_aside += 1
                continue
            target = by_text.get(entry.get("breaks", ""))
            if target is None or target.verdict != "correct" or target.status not in ("proved", "enforced"):
                continue
            edited = _edit(text, entry)
            if edited is None:
                continue
            figs._bump(toml.parent.name, "mutants_read")
            facts = _compile(name, with_invariants(edited, [target.text]))
            if facts is not None and _status(facts) == "violated":
                figs._bump(toml.parent.name, "mutants_caught")
            else:
                figs.missed_mutants.append(f"{toml.parent.name}/{toml.name}: {target.text!r} ({_status(facts or [])})")
        checked = [s for s in by_text.values() if s.status in ("proved", "enforced")]
        for entry in data.get("control", []):
            edited = _edit(text, entry)
            if edited is None:
                continue
            figs._bump(toml.parent.name, "controls")
            facts = _compile(name, with_invariants(edited, [s.text for s in checked]))
            bad = [f.text for f in facts or [] if f.status is Status.VIOLATED]
            if facts is not None and not bad:
                figs._bump(toml.parent.name, "controls_clean")
            else:
                figs.broken_controls.append(f"{toml.parent.name}/{toml.name}: {entry.get('note', '')}: {bad[:2]}")
    return figs


def _evaluate_part(mutants: bool, sets: tuple[str, ...]) -> Figures:
    return evaluate(mutants=mutants, sets=sets)


def _evaluate_split(*, mutants: bool, sets: tuple[str, ...], jobs: int) -> Figures:
    """:func:`evaluate` in ``jobs`` processes, each over a run of
    consecutive sets of about as many files, merged in set order."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    names = sorted({toml.parent.name for toml in _files(sets)})
    sizes = {name: sum(1 for _ in (PHRASINGS / name).glob("*.toml")) for name in names}
    total, filled = sum(sizes.values()), 0
    parts: list[tuple[str, ...]] = []
    current: list[str] = []
    for name in names:
        current.append(name)
        filled += sizes[name]
        if filled >= total * (len(parts) + 1) / jobs and len(parts) < jobs - 1:
            parts.append(tuple(current))
            current = []
    parts.append(tuple(current))
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
        results = list(pool.map(_evaluate_part, [mutants] * len(parts), [p for p in parts if p]))
    merged = Figures()
    for part in results:
        merged.sentences += part.sentences
        merged.patterns |= part.patterns
        merged.missed_mutants += part.missed_mutants
        merged.broken_controls += part.broken_controls
        merged.skipped += part.skipped
        merged.per_set.update(part.per_set)
        for attr in ("mutants", "mutants_read", "mutants_caught", "controls", "controls_clean", "relabelled", "set_aside"):
            setattr(merged, attr, getattr(merged, attr) + getattr(part, attr))
    return merged


def _arguments(argv: list[str]) -> tuple[str, ...]:
    """``--set NAME`` (repeatable): evaluate only those sets, e.g. a held-out one."""
    sets: list[str] = []
    args = iter(argv)
    for arg in args:
        if arg == "--set":
            sets.append(next(args, ""))
        elif arg.startswith("--set="):
            sets.append(arg.removeprefix("--set="))
        else:
            sys.exit(f"usage: phrasing_corpus.py [--set NAME]...  (unknown argument {arg!r})")
    known = {p.name for p in PHRASINGS.iterdir() if p.is_dir()}
    if unknown := [s for s in sets if s not in known]:
        sys.exit(f"no phrasing set {unknown[0]!r}; the sets are {', '.join(sorted(known))}")
    return tuple(sets)


def open_cases() -> dict[tuple[str, str], str]:
    """(file, sentence) → "false alarm" / "false proof": known open cases."""
    review = tomllib.loads(REVIEWED.read_text(encoding="utf-8"))
    return {(e["file"], e["text"]): e["kind"] for e in review.get("open", [])}


def main() -> None:
    figs = evaluate(sets=_arguments(sys.argv[1:]), jobs=min(2, os.cpu_count() or 1))
    for s in figs.sentences:
        if s.verdict not in ("correct", "unread"):
            print(f"[{s.verdict}:{s.status}] {s.set}/{s.file}: {s.text}")
            print(f"      expect: {s.expect}")
            for f in s.facts:
                print(f"      got: {f.kind} {dict(f.params)}")
            for f in s.facts[:1]:
                for e in f.evidence:
                    if e.startswith(("not read", "reading", "read in part")):
                        print(f"      {e}")
    for line in figs.missed_mutants:
        print("[missed mutant]", line)
    for line in figs.broken_controls:
        print("[broken control]", line)
    for s in figs.false_alarms:
        print("[FALSE ALARM]", s.file, s.text)
    for s in figs.false_proofs:
        print("[FALSE PROOF]", s.file, s.text)
    for s in figs.polarity_errors:
        print("[POLARITY]", s.file, s.text)
    for line in figs.skipped:
        print("[skipped]", line)
    for name in sorted({s.set for s in figs.sentences}):
        print(f"set {name}: {figs.only(name).summary()}")
    print(figs.summary())


if __name__ == "__main__":
    main()
