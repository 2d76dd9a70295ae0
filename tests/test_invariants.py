"""Invariant recognition and statuses.

Every corpus sentence maps to the expected kinds and parameters (one table),
every corpus invariant gets a status and none is violated; paraphrases with
other wording and other names, in small patterns written here, are read by
the same sentence-family rules.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from conftest import CORPUS, corpus_files, need_corpus
from phrasing_corpus import with_invariants

from prosec.api import compile_text
from prosec.invariants import Status

PATTERNS = Path(__file__).resolve().parents[1] / "patterns"

needs_corpus = need_corpus

Row = tuple[str, str, str, dict[str, object]]

#: (pattern, start of the sentence, kind, parameters) for every fact the
#: corpus gives, in order.
CORPUS_TABLE: list[Row] = [
    ('assumption-miner', 'Each miner receives the same material', 'identical', {'slot': 'miner', 'args': ('material', 'prompt'), 'instructions': True}),
    ('assumption-miner', 'Miners work independently', 'isolation', {'slot': 'miner', 'source': 'others'}),
    ('blind-review', 'Reviewers are independent', 'isolation', {'slot': 'reviewer', 'source': 'others'}),
    ('blind-review', 'Materials are disclosed one at a time', 'ordered', {'slot': 'reviewer', 'over': 'materials'}),
    ('blind-review', 'Reviewers across different tiers', 'identical', {'slot': 'reviewer', 'args': ('materials', 'task_brief'), 'over': 'tiers'}),
    ('coherence-probe', 'Readers of corpus A never see corpus B', 'isolation', {'slot': 'reader', 'given': ('corpus_a',), 'source': 'input:corpus_b'}),
    ('coherence-probe', 'Readers of corpus A never see corpus B', 'isolation', {'slot': 'reader', 'given': ('corpus_b',), 'source': 'input:corpus_a'}),
    ('coherence-probe', 'Analysis is bidirectional', 'unknown', {}),
    ('contrastive-probe', 'The same measurement pattern runs', 'identical', {'slot': None, 'given': ('candidate_a', 'candidate_b'), 'callee': 'measurement'}),
    ('contrastive-probe', 'Candidates are measured in isolation', 'isolation', {'slot': 'measurement', 'given': ('candidate_a', 'candidate_b'), 'source': 'others'}),
    ('contrastive-probe', 'Candidates are measured in isolation', 'isolation', {'slot': 'measurement', 'given': ('candidate_b',), 'source': 'slot:measurement(given candidate_a)'}),
    ('dialectic', 'Neither service knows', 'unaware', {'slot': 'antithesis', 'terms': ('dialectic',)}),
    ('dialectic', 'Neither service knows', 'unaware', {'slot': 'thesis', 'terms': ('dialectic',)}),
    ('dialectic', 'The full exchange is the output', 'returns', {'path': 'all', 'needs': ('result=var:exchange',), 'complete': 'exchange'}),
    ('dialectic', 'The full exchange is the output', 'returns', {'sides': ('antithesis', 'thesis')}),
    ('dialectic', "Each service sees only the other's prior argument", 'field firewall', {'slot': 'antithesis', 'source': 'thesis', 'fields': ('reasoning',), 'only': True}),
    ('dialectic', "Each service sees only the other's prior argument", 'field firewall', {'slot': 'thesis', 'source': 'antithesis', 'fields': ('reasoning',), 'only': True}),
    ('ensemble-synthesizer', 'All ensemble members receive', 'identical', {'slot': 'ensemble_member', 'args': ('task_brief',)}),
    ('ensemble-synthesizer', 'Synthesizer reasons about disagreements', 'unverifiable', {'reason': 'about what `synthesizer` does itself, which only the delegate controls', 'slot': 'synthesizer'}),
    ('ensemble-synthesizer', 'Ensemble members are unaware', 'unaware', {'slot': 'ensemble_member', 'terms': ('ensemble_member',), 'others': True}),
    ('fallback-chain', 'Chain entries run sequentially', 'ordered', {'slot': 'chain', 'over': 'chain'}),
    ('fallback-chain', 'Each delegate receives the original brief', 'unchanged', {'slot': 'chain', 'source': 'input:task_brief(original)', 'always': True}),
    ('fallback-chain', 'Each delegate receives the original brief', 'isolation', {'slot': 'chain', 'source': 'others'}),
    ('fallback-chain', 'The pattern stops immediately', 'returns', {'path': 'success', 'immediate': True}),
    ('fallback-chain', 'If every delegate fails', 'returns', {'path': 'exhausted', 'needs': ('result=null', 'var:failure_history'), 'records': 'failure_history'}),
    ('fan-out', 'Each delegate receives exactly one brief', 'exactly-once', {'slot': 'delegates', 'elements': 'briefs', 'per': 'call'}),
    ('fan-out', 'Delegates remain independent', 'isolation', {'slot': 'delegates', 'source': 'others'}),
    ('fan-out', 'Result order matches', 'ordered', {'over': 'delegates', 'results': True}),
    ('fan-out', 'The pattern never merges', 'returns', {'sides': ('delegates',)}),
    ('guard', 'The target runs only when', 'gated', {'slot': 'target', 'approver': 'guard'}),
    ('guard', 'The target receives the original brief', 'unchanged', {'slot': 'target', 'source': 'input:task_brief(original)'}),
    ('guard', 'Unparseable guard output', 'fail-safe', {'approver': 'guard'}),
    ('guard', "The guard's reason is returned", 'returns', {'path': 'blocked', 'needs': ('slot:guard.reason',), 'approver': 'guard'}),
    ('map-reduce', 'Each input chunk is sent', 'exactly-once', {'slot': 'mapper', 'elements': 'chunks', 'per': 'element'}),
    ('map-reduce', 'Mappers run independently', 'isolation', {'slot': 'mapper', 'source': 'others'}),
    ('map-reduce', 'Mappers run independently', 'isolation', {'slot': 'mapper', 'source': 'elements:chunks'}),
    ('map-reduce', 'The reducer receives every mapper output', 'receives', {'slot': 'reducer', 'needs': ('slot:mapper(every)',)}),
    ('map-reduce', 'The final result is produced only by', 'returns', {'path': 'all', 'needs': ('only result=slot:reducer',)}),
    ('oversight', 'The observer sees only the outcome', 'field firewall', {'slot': 'observer', 'source': 'actor', 'fields': ('reasoning', 'self_assessment'), 'only': True}),
    ('oversight', 'The actor does not know', 'unaware', {'slot': 'actor', 'terms': ('observer', 'watching')}),
    ('oversight', 'The observer does not know', 'unaware', {'slot': 'observer', 'terms': ('arbiter',)}),
    ('oversight', 'The arbiter decides solely', 'receives', {'slot': 'arbiter', 'needs': ('slot:observer',), 'only': True, 'basis': True}),
    ('oversight', 'The arbiter decides solely', 'isolation', {'slot': 'arbiter', 'source': 'slot:actor'}),
    ('pipeline', 'Stages run sequentially', 'ordered', {'slot': 'stages', 'over': 'stages'}),
    ('pipeline', 'Stage 1 receives', 'unchanged', {'slot': 'stages', 'phase': 'first', 'source': 'input:task_brief(original)'}),
    ('pipeline', 'Each later stage receives only', 'receives', {'slot': 'stages', 'phase': 'later', 'needs': ('slot:stages(prior)',), 'only': True}),
    ('pipeline', 'The pattern does not curate', 'unchanged', {'slot': 'stages', 'phase': 'later', 'source': 'slot:stages(prior)'}),
    ('proposer-adversary', 'The pattern does not resolve', 'returns', {'sides': ('adversary', 'proposer')}),
    ('proposer-adversary', 'The pattern does not resolve', 'returns', {'path': 'all', 'needs': ('var:proposal', 'var:attack')}),
    ('proposer-adversary', 'Proposer is unaware', 'unaware', {'slot': 'proposer', 'terms': ('attacked',)}),
    ('proposer-adversary', 'Adversary is unaware', 'unaware', {'slot': 'adversary', 'terms': ('weighed',)}),
    ('race', 'Every candidate receives the same', 'identical', {'slot': 'candidates', 'args': ('task_brief',)}),
    ('race', 'Candidates run independently', 'isolation', {'slot': 'candidates', 'source': 'others'}),
    ('race', 'The first acceptable result wins', 'returns', {'path': 'acceptable', 'needs': ('result=result',), 'immediate': True, 'ordered': 'candidates'}),
    ('race', 'If no candidate is acceptable', 'returns', {'path': 'exhausted', 'needs': ('result=null', 'winner=null')}),
    ('ratchet', 'Progress is monotonic', 'monotonic', {'var': 'certified_progress'}),
    ('ratchet', 'The advancer does not know', 'unaware', {'slot': 'advancer', 'terms': ('certifier',)}),
    ('ratchet', 'The certifier does not know', 'unaware', {'slot': 'certifier', 'terms': ('drive', 'retry', 'loop')}),
    ('ratchet', 'Rejected steps are discarded', 'gated', {'var': 'certified_progress'}),
    ('refine', 'The loop is bounded', 'bounded', {'bound': 'max_rounds'}),
    ('refine', 'The evaluator scores only', 'unchanged', {'slot': 'evaluator', 'source': 'input:task_brief(original)'}),
    ('refine', 'The evaluator scores only', 'receives', {'slot': 'evaluator', 'needs': ('var:current_result(of refiner)', 'input:task_brief(original)'), 'only': True}),
    ('refine', 'The refiner receives its prior output', 'receives', {'slot': 'refiner', 'phase': 'later', 'needs': ('slot:refiner(prior)', 'slot:evaluator')}),
    ('refine', 'The final output is the first result', 'returns', {'path': 'threshold', 'needs': ('result=result',), 'immediate': True}),
    ('refine', 'The final output is the first result', 'returns', {'path': 'exhausted', 'needs': ('result=result',)}),
    ('refine', 'Round 1:', 'receives', {'slot': 'refiner', 'phase': 'first', 'needs': ('input:task_brief',)}),
    ('refine', 'Evaluator scores the result', 'unverifiable', {'reason': 'about what `evaluator` does itself, which only the delegate controls', 'slot': 'evaluator'}),
    ('refine', 'If score >= threshold', 'returns', {'path': 'threshold', 'immediate': True}),
    ('refine', 'If score < threshold', 'receives', {'slot': 'refiner', 'phase': 'later', 'needs': ('result', 'var:current_score', 'var:improvement_suggestions')}),
    ('refine', 'Each round accumulates improvement', 'unverifiable', {'reason': 'about what the delegates produce, which only they control'}),
    ('refine', 'Each round accumulates improvement', 'receives', {'slot': 'refiner', 'needs': ('slot:refiner(prior)',)}),
    ('refine', 'Returns when threshold met', 'returns', {'path': 'threshold'}),
    ('refine', 'Returns when threshold met', 'returns', {'path': 'exhausted'}),
    ('refine', '`result`:', 'returns', {'field': 'result'}),
    ('refine', '`score`:', 'returns', {'field': 'score'}),
    ('refine', '`rounds_used`:', 'returns', {'field': 'rounds_used'}),
    ('retry-with-learning', 'The retry loop is bounded', 'bounded', {'bound': 'max_retries'}),
    ('retry-with-learning', 'Each retry uses the same target slot', 'identical', {'slot': None, 'callee': 'target'}),
    ('retry-with-learning', 'Failure history is cumulative', 'monotonic', {'var': 'failure_history'}),
    ('retry-with-learning', 'Failure history is cumulative', 'receives', {'slot': 'target', 'phase': 'later', 'needs': ('var:failure_history',)}),
    ('retry-with-learning', 'The pattern stops at the first success', 'returns', {'path': 'success', 'immediate': True}),
    ('retry-with-learning', 'The pattern stops at the first success', 'returns', {'path': 'exhausted', 'needs': ('result=null', 'var:failure_history')}),
    ('stochastic-probe', 'All N runs receive identical inputs', 'identical', {'slot': 'probe'}),
    ('stochastic-probe', 'Temperature and sampling', 'unverifiable', {'reason': "about the model's own sampling, which no program controls"}),
    ('worker-critic', 'Worker never sees the raw criteria', 'isolation', {'slot': 'worker', 'source': 'input:criteria'}),
    ('worker-critic', 'Critic always receives', 'unchanged', {'slot': 'critic', 'source': 'input:task_brief(original)', 'always': True}),
    ('worker-critic', 'Critic always receives', 'receives', {'slot': 'critic', 'needs': ('result',), 'always': True}),
    ('worker-critic', 'On accept the loop exits', 'returns', {'path': 'accept', 'needs': ('result=slot:worker',), 'immediate': True}),
    ('worker-critic', 'After max_rounds exhausted', 'returns', {'path': 'exhausted', 'needs': ('result=result', 'var:last_critique')}),
]

#: Corpus sentences about a delegate's own behaviour: honestly unverifiable.
UNVERIFIABLE = {
    ("ensemble-synthesizer", "Synthesizer reasons about disagreements"),
    ("refine", "Evaluator scores the result"),
    ("refine", "Each round accumulates improvement"),
    ("stochastic-probe", "Temperature and sampling"),
}
#: Corpus sentences the reader does not read in full, and why: they are
#: reported unrecognized (a warning), never proved.
NOT_READ = {
    # "A→B drift is a separate finding from B→A drift": a claim about the
    # analyst's findings that names no slot; the first clause alone is read
    ("coherence-probe", "Analysis is bidirectional"),
}


def _corpus() -> list[Path]:
    return sorted(CORPUS.glob("*.prose.md"))


def _compile(path: Path):  # type: ignore[no-untyped-def]
    return compile_text(f"std-patterns/{path.name}", path.read_bytes())


@needs_corpus
@pytest.mark.parametrize("path", corpus_files(), ids=lambda p: p.name)
def test_every_corpus_reading_reads_back_from_its_canonical_form(path: Path) -> None:
    # "read as" is invariant text: bulleted in place of the sentence, it
    # reads back into the same claim
    text = path.read_text(encoding="utf-8")
    result = _compile(path)
    assert result.report is not None
    for fact in result.report.invariants:
        if fact.status is Status.UNRECOGNIZED:
            continue
        assert fact.read_as and not fact.read_as.startswith("("), (fact.text, fact.read_as)
        back = compile_text(f"std-patterns/{path.name}", with_invariants(text, [fact.read_as]).encode())
        assert back.report is not None
        got = [(f.kind, dict(f.params)) for f in back.report.invariants]
        assert (fact.kind, dict(fact.params)) in got and all(f.status is not Status.UNRECOGNIZED for f in back.report.invariants), (
            fact.text,
            fact.read_as,
            got,
        )


@needs_corpus
def test_the_corpus_table_covers_every_sentence() -> None:
    names = {p.name.removesuffix(".prose.md") for p in _corpus()}
    assert names == {row[0] for row in CORPUS_TABLE}, "every corpus pattern has rows"


@needs_corpus
@pytest.mark.parametrize("path", corpus_files(), ids=lambda p: p.name)
def test_corpus_sentences_map_to_kinds_and_parameters(path: Path) -> None:
    name = path.name.removesuffix(".prose.md")
    result = _compile(path)
    assert result.report is not None
    got = [(f.text, f.kind, dict(f.params)) for f in result.report.invariants]
    expected = [(start, kind, params) for p, start, kind, params in CORPUS_TABLE if p == name]
    assert len(got) == len(expected), [g[:2] for g in got]
    for (text, kind, params), (start, want_kind, want_params) in zip(got, expected, strict=True):
        assert text.startswith(start), (text, start)
        assert (kind, params) == (want_kind, want_params), text
    # every sentence of the section is there, in order
    sentences = list(dict.fromkeys(t for t, _, _ in got))
    assert len(sentences) == len({f.span for f in result.report.invariants})


@needs_corpus
@pytest.mark.parametrize("path", corpus_files(), ids=lambda p: p.name)
def test_every_corpus_invariant_has_a_status_and_none_is_violated(path: Path) -> None:
    result = _compile(path)
    assert result.report is not None and result.code is not None
    name = path.name.removesuffix(".prose.md")
    unread = {s for p, s in NOT_READ if p == name}
    found = [d for d in result.diagnostics if d.code.startswith("PS5")]
    assert all(d.code == "PS502" and any(s in d.message for s in unread) for d in found), [d.message for d in found]
    for fact in result.report.invariants:
        if any(fact.text.startswith(s) for s in unread):
            assert fact.status is Status.UNRECOGNIZED, fact
            continue
        assert fact.status in (Status.PROVED, Status.ENFORCED, Status.UNVERIFIABLE), fact
        assert fact.evidence, fact
        if fact.status is Status.UNVERIFIABLE:
            assert any(fact.text.startswith(s) for p, s in UNVERIFIABLE if p == name), fact.text


@needs_corpus
def test_corpus_share_of_proved_or_enforced() -> None:
    """Per sentence: proved/enforced when all its facts are. The headline
    number, counted honestly: behaviour of a delegate is unverifiable."""
    per_sentence: dict[tuple[str, int], set[Status]] = {}
    for path in _corpus():
        result = _compile(path)
        assert result.report is not None
        for fact in result.report.invariants:
            per_sentence.setdefault((path.name, fact.span.line), set()).add(fact.status)
    checked = sum(1 for s in per_sentence.values() if s <= {Status.PROVED, Status.ENFORCED})
    assert len(per_sentence) == 73
    assert checked / len(per_sentence) >= 0.8
    statuses = Counter(min(s, key=lambda x: x.value) for s in per_sentence.values())
    assert statuses[Status.VIOLATED] == 0
    assert statuses[Status.UNRECOGNIZED] == len(NOT_READ)
    assert len(per_sentence) - checked == len(UNVERIFIABLE) + len(NOT_READ)


@needs_corpus
def test_the_firewall_reaches_the_generated_code() -> None:
    result = _compile(CORPUS / "oversight.prose.md")
    assert result.code is not None
    code = "".join(result.code.split())
    # The field set is built once; all three functions (without options,
    # with options, async) strip its fields.
    assert code.count('_HIDDEN_FROM_OBSERVER=_rt.FieldSet(["reasoning","self_assessment"])') == 1
    assert code.count("_rt.without_fields(last_outcome,_HIDDEN_FROM_OBSERVER)") == 3
    assert code.count("without_fields(") == 3


def test_project_patterns_are_checked() -> None:
    for path in sorted(PATTERNS.glob("*.prose.md")):
        result = compile_text(f"patterns/{path.name}", path.read_bytes())
        assert result.report is not None and result.code is not None, [d.message for d in result.diagnostics]
        assert result.report.invariants
        for fact in result.report.invariants:
            assert fact.status not in (Status.VIOLATED, Status.UNRECOGNIZED), (fact.text, fact.status)


# ---------------------------------------------------------------- paraphrases


def pattern(
    *,
    slots: list[str],
    inputs: list[str],
    invariants: list[str],
    delegation: str,
    config: list[tuple[str, int]] | None = None,
) -> bytes:
    """A small pattern file around a delegation."""
    lines = ["---", "name: probe", "kind: pattern", "---", "", "# Probe", "", "A pattern written by the tests.", ""]
    lines += ["### Slots", "", *(f"- `{s}`" for s in slots), ""]
    if config:
        lines += ["### Config", "", *(f"- `{n}` (integer, default: {d}): how many" for n, d in config), ""]
    lines += ["### Requires", "", "- The caller supplies:"]
    for item in inputs:
        name, _, kind = item.partition(":")
        lines.append(f"    {name}: {kind or 'string'} -- the {name}")
    lines += ["", "### Invariants", "", *(f"- {t}" for t in invariants), ""]
    lines += ["### Delegation", "", "```prose", delegation.strip("\n"), "```", ""]
    return "\n".join(lines).encode()


Case = tuple[str, dict[str, object], str, dict[str, object], Status]

#: a writer, reviewers in a loop whose reviews are appended to a log, an editor
PANEL: dict[str, object] = {"slots": ["writer", "reviewer", "editor"], "inputs": ["draft", "notes"], "delegation": """
let log = []
let summary = call writer
  draft: draft
for round in [1, 2, 3]:
  let review = call reviewer
    summary: summary
  append review to log
let final = call editor
  summary: summary
  notes: notes
return { result: final, summary: summary, remarks: log }
"""}

#: sentence, pattern parts, expected kind, expected parameters, expected status
PARAPHRASES: list[tuple[str, dict[str, object], str, dict[str, object], Status]] = [
    (
        "The reviewer never sees the author's notes",
        {"slots": ["author", "reviewer"], "inputs": ["topic"], "delegation": """
let draft = call author
  topic: topic
let review = call reviewer
  draft: draft
return { result: review }
"""},
        "field firewall", {"slot": "reviewer", "source": "author", "fields": ("notes",)}, Status.ENFORCED,
    ),
    (
        "Judges work independently; no judge sees another judge's output",
        {"slots": ["judge"], "inputs": ["question"], "config": [("panel_size", 3)], "delegation": """
let verdicts = parallel repeat panel_size:
  call judge
    question: question
return { result: verdicts }
"""},
        "isolation", {"slot": "judge", "source": "others"}, Status.PROVED,
    ),
    (
        "The executor runs only when the approver explicitly approves",
        {"slots": ["approver", "executor"], "inputs": ["plan"], "delegation": """
let verdict = call approver
  plan: plan
if verdict approves the plan:
  let done = call executor
    plan: plan
  return { result: done }
return { result: null }
"""},
        "gated", {"slot": "executor", "approver": "approver"}, Status.PROVED,
    ),
    (
        "All voters receive the identical question",
        {"slots": ["voter"], "inputs": ["question"], "config": [("voters", 5)], "delegation": """
let votes = parallel repeat voters:
  call voter
    question: question
return { result: votes }
"""},
        "identical", {"slot": "voter", "args": ("question",)}, Status.PROVED,
    ),
    (
        "The critic does not know a judge will grade its review",
        {"slots": ["critic", "judge"], "inputs": ["essay"], "delegation": """
let review = call critic
  essay: essay
let grade = call judge
  review: review
return { result: grade }
"""},
        "unaware", {"slot": "critic", "terms": ("judge",)}, Status.PROVED,
    ),
    (
        "The planner is unaware that an auditor reviews its plan",
        {"slots": ["planner", "auditor"], "inputs": ["goal"], "delegation": """
let plan = call planner
  goal: goal
  prompt: "Plan the work."
let audit = call auditor
  plan: plan
return { result: audit }
"""},
        "unaware", {"slot": "planner", "terms": ("auditor", "reviews")}, Status.PROVED,
    ),
    (
        "Writers of draft A never see draft B, and vice versa",
        {"slots": ["writer"], "inputs": ["draft_a", "draft_b"], "delegation": """
let a = call writer
  draft: draft_a
let b = call writer
  draft: draft_b
return { result: [a, b] }
"""},
        "isolation", {"slot": "writer", "given": ("draft_a",), "source": "input:draft_b"}, Status.PROVED,
    ),
    (
        "The attempt loop is bounded by `max_attempts`",
        {"slots": ["worker"], "inputs": ["task"], "config": [("max_attempts", 4)], "delegation": """
repeat max_attempts as n:
  let out = call worker
    task: task
  if out says done:
    return { result: out }
return { result: null }
"""},
        "bounded", {"bound": "max_attempts"}, Status.PROVED,
    ),
    (
        "The ledger only grows",
        {"slots": ["clerk"], "inputs": ["job"], "delegation": """
let ledger = []
repeat 3:
  let entry = call clerk
    job: job
    ledger: ledger
  append entry to ledger
return { result: ledger }
"""},
        "monotonic", {"var": "ledger"}, Status.PROVED,
    ),
    (
        "Steps run sequentially in declared order",
        {"slots": ["steps"], "inputs": ["job"], "delegation": """
let current = job
for step in steps:
  let current = call step
    input: current
return { result: current }
"""},
        "ordered", {"slot": "steps", "over": "steps"}, Status.PROVED,
    ),
    (
        "Each item is sent to exactly one worker invocation",
        {"slots": ["worker"], "inputs": ["items:string[]"], "delegation": """
let outputs = parallel for item in items:
  call worker
    item: item
return { result: outputs }
"""},
        "exactly-once", {"slot": "worker", "elements": "items", "per": "element"}, Status.PROVED,
    ),
    (
        "The scorer decides solely from the summarizer's report, not from the author",
        {"slots": ["author", "summarizer", "scorer"], "inputs": ["topic"], "delegation": """
let text = call author
  topic: topic
let summary = call summarizer
  text: text
let score = call scorer
  summary: summary
return { result: score }
"""},
        "isolation", {"slot": "scorer", "source": "slot:author"}, Status.PROVED,
    ),
    (
        "The editor always receives the original manuscript",
        {"slots": ["editor"], "inputs": ["manuscript"], "delegation": """
let copy = manuscript
let edited = call editor
  manuscript: copy
return { result: edited }
"""},
        "unchanged", {"slot": "editor", "source": "input:manuscript(original)", "always": True}, Status.PROVED,
    ),
    (
        "The publisher is called only after the checker approves",
        {"slots": ["checker", "publisher"], "inputs": ["post"], "delegation": """
let check = call checker
  post: post
if check does not approve:
  return { result: check.reason }
let done = call publisher
  post: post
return { result: done }
"""},
        "gated", {"slot": "publisher", "approver": "checker"}, Status.PROVED,
    ),
    # a negated subject with "ever", and negation put first
    ("No reviewer ever sees the notes", PANEL, "isolation", {"slot": "reviewer", "source": "input:notes"}, Status.PROVED),
    ("At no point is the reviewer handed the draft", PANEL, "isolation", {"slot": "reviewer", "source": "input:draft"}, Status.PROVED),
    ("At no point does the editor see the draft", PANEL, "isolation", {"slot": "editor", "source": "input:draft"}, Status.PROVED),
    ("At no point are the notes passed to the writer", PANEL, "isolation", {"slot": "writer", "source": "input:notes"}, Status.PROVED),
    # "themselves": the input itself
    ("The reviewer never sees the notes themselves", PANEL, "isolation", {"slot": "reviewer", "source": "input:notes"}, Status.PROVED),
    ("The editor is shown the notes themselves", PANEL, "receives", {"slot": "editor", "needs": ("input:notes",)}, Status.PROVED),
    # not being told a fact
    ("The reviewer is never told that an editor will rewrite its work", PANEL, "unaware", {"slot": "reviewer", "terms": ("editor",)}, Status.PROVED),
    ("No reviewer is told that an editor exists", PANEL, "unaware", {"slot": "reviewer", "terms": ("editor",)}, Status.PROVED),
    # a list never shortened, however it is said
    ("The log is never overwritten or removed", PANEL, "monotonic", {"var": "log"}, Status.PROVED),
    ("The log is only ever appended to, never replaced, cleared or truncated", PANEL, "monotonic", {"var": "log"}, Status.PROVED),
    # what every round receives
    ("The reviewer receives the summary in every round", PANEL, "receives", {"slot": "reviewer", "needs": ("slot:writer",), "always": True}, Status.PROVED),
    # a key of the returned object and where it comes from
    ("The summary returned comes from the writer", PANEL, "returns", {"path": "all", "needs": ("summary=slot:writer",)}, Status.PROVED),
    ("The remarks that are returned are the reviewer's output", PANEL, "returns", {"path": "all", "needs": ("remarks=slot:reviewer",)}, Status.PROVED),
]


#: sentences of the families above that do not hold for PANEL: each is read
#: as the claim given and reported violated
BROKEN: list[tuple[str, str, dict[str, object]]] = [
    ("No editor is ever given the notes", "isolation", {"slot": "editor", "source": "input:notes"}),
    ("At no point is the editor handed the notes", "isolation", {"slot": "editor", "source": "input:notes"}),
    ("The reviewer is passed the draft on each round", "receives", {"slot": "reviewer", "needs": ("input:draft",), "always": True}),
    ("The returned summary always comes from the editor", "returns", {"path": "all", "needs": ("summary=slot:editor",), "always": True}),
]


@pytest.mark.parametrize("case", BROKEN, ids=lambda c: c[0])
def test_broken_sentences_of_new_families_are_violated(case: tuple[str, str, dict[str, object]]) -> None:
    sentence, kind, params = case
    result = compile_text("tests/probe.prose.md", pattern(invariants=[sentence], **PANEL))  # type: ignore[arg-type]
    assert result.report is not None
    facts = result.report.invariants
    assert [(f.kind, dict(f.params)) for f in facts] == [(kind, params)]
    assert [f.status for f in facts] == [Status.VIOLATED], [f.evidence for f in facts]


def test_canonical_forms_of_new_families_read_back() -> None:
    """Each reading's "read as" sentence is read again as the same claim."""
    sentences = [c[0] for c in PARAPHRASES if c[1] is PANEL] + [c[0] for c in BROKEN]
    for sentence in sentences:
        first = compile_text("tests/probe.prose.md", pattern(invariants=[sentence], **PANEL))  # type: ignore[arg-type]
        assert first.report is not None
        (fact,) = first.report.invariants
        canonical = next(e.removeprefix("read as: ") for e in fact.evidence if e.startswith("read as: "))
        again = compile_text("tests/probe.prose.md", pattern(invariants=[canonical], **PANEL))  # type: ignore[arg-type]
        assert again.report is not None
        assert [(f.kind, dict(f.params)) for f in again.report.invariants] == [(fact.kind, dict(fact.params))], canonical


@pytest.mark.parametrize("case", PARAPHRASES, ids=lambda c: c[0])
def test_paraphrases_are_read_by_the_same_rules(case: tuple[str, dict[str, object], str, dict[str, object], Status]) -> None:
    sentence, parts, kind, params, status = case
    data = pattern(invariants=[sentence], **parts)  # type: ignore[arg-type]
    result = compile_text("tests/probe.prose.md", data)
    assert result.report is not None, [d.message for d in result.diagnostics]
    facts = result.report.invariants
    assert facts, [d.message for d in result.diagnostics]
    assert any(f.kind == kind and dict(f.params) == params for f in facts), [(f.kind, dict(f.params)) for f in facts]
    assert all(f.status is status for f in facts), [(f.kind, f.status, f.evidence) for f in facts]
    assert not [d for d in result.diagnostics if d.is_error], [d.message for d in result.diagnostics]


def _probe(sentence: str, delegation: str, **parts: object) -> list[str]:
    data = pattern(invariants=[sentence], delegation=delegation, **parts)  # type: ignore[arg-type]
    result = compile_text("tests/probe.prose.md", data)
    return [d.message for d in result.diagnostics if d.code == "PS501"]


def test_a_paraphrased_firewall_catches_the_field() -> None:
    found = _probe(
        "The reviewer never sees the author's notes",
        "let draft = call author\n  topic: topic\nlet review = call reviewer\n  draft: draft.notes\nreturn { result: review }",
        slots=["author", "reviewer"],
        inputs=["topic"],
    )
    assert found == [
        "invariant violated: \"The reviewer never sees the author's notes\": `reviewer` receives "
        "`draft.notes` (line 30), the `notes` field of `call author` (line 27)"
    ]


def test_a_paraphrased_isolation_catches_a_sibling() -> None:
    found = _probe(
        "Judges work independently; no judge sees another judge's output",
        "let first = call judge\n  question: question\nlet second = call judge\n  question: question\n  hint: first\n"
        "return { result: [first, second] }",
        slots=["judge"],
        inputs=["question"],
    )
    assert len(found) == 1 and "`judge` receives `first` (line 30), from `call judge` (line 26)" in found[0]


def test_a_paraphrased_gate_catches_a_missing_approval() -> None:
    found = _probe(
        "The publisher is called only after the checker approves",
        "let check = call checker\n  post: post\nif **the post looks fine**:\n  let done = call publisher\n    post: post\n"
        "  return { result: done }\nreturn { result: null }",
        slots=["checker", "publisher"],
        inputs=["post"],
    )
    assert len(found) == 1 and "`call publisher` (line 30) can run without an explicit approval by `checker`" in found[0]


def test_unrecognized_is_a_warning_and_an_error_when_strict() -> None:
    data = pattern(
        slots=["worker"],
        inputs=["task"],
        invariants=["The moon is made of cheese"],
        delegation="let out = call worker\n  task: task\nreturn { result: out }",
    )
    loose = compile_text("tests/probe.prose.md", data)
    assert loose.report is not None
    (fact,) = loose.report.invariants
    assert fact.status is Status.UNRECOGNIZED
    (diag,) = [d for d in loose.diagnostics if d.code == "PS502"]
    assert not diag.is_error and "The moon is made of cheese" in diag.message
    assert loose.code is not None
    strict = compile_text("tests/probe.prose.md", data, strict=True)
    assert [d.is_error for d in strict.diagnostics if d.code == "PS502"] == [True]
    assert strict.code is None


def test_a_slot_never_called_is_vacuous_and_said_so() -> None:
    data = pattern(
        slots=["worker", "auditor"],
        inputs=["task"],
        invariants=["The auditor never sees the worker's notes"],
        delegation="let out = call worker\n  task: task\nreturn { result: out }",
    )
    result = compile_text("tests/probe.prose.md", data)
    assert [d.code for d in result.diagnostics if d.code.startswith("PS5")] == ["PS503"]


# ---------------------------------------------------------------- robustness


def test_a_name_made_of_underscores_is_read_and_checked() -> None:
    # `return __` makes `__` an inferred input: a name with no words in it,
    # which the lexicon used to index as if it had one.
    data = pattern(
        slots=["worker"],
        inputs=["task"],
        invariants=["The worker never sees the task"],
        delegation="let out = call worker\n  task: task\nreturn __",
    )
    result = compile_text("tests/probe.prose.md", data)
    assert not [d.message for d in result.diagnostics if d.code in ("PS599", "PS699")]
    assert result.report is not None
    assert [(f.kind, f.status) for f in result.report.invariants] == [("isolation", Status.VIOLATED)]


def test_a_slot_made_of_underscores_can_be_a_hidden_term() -> None:
    data = pattern(
        slots=["__", "worker"],
        inputs=["task"],
        invariants=["The worker does not know about __"],
        delegation='let a = call __\n  task: task\nlet out = call worker\n  task: "do it"\nreturn out',
    )
    result = compile_text("tests/probe.prose.md", data)
    assert not [d.message for d in result.diagnostics if d.code in ("PS599", "PS699")]
    assert result.report is not None
    assert [(f.kind, f.status) for f in result.report.invariants] == [("unaware", Status.PROVED)]


def _nested(heads: list[str], body: list[str]) -> str:
    """``heads`` each opening a block inside the one before, around ``body``."""
    lines = ["  " * depth + head for depth, head in enumerate(heads)]
    return "\n".join([*lines, *("  " * len(heads) + line for line in body)])


DEEP = {
    # The parser's limits: 16 nested loops, 40 nested blocks.
    "16 loops": _nested(["for y in items:"] * 16, ["let x = call worker", "  x: x"]),
    "16 loops, inner reads": _nested(["for y in items:"] * 16, ["let x = call worker", "  task: task", "  y: y"]),
    "40 ifs": _nested([f"if **check {i} passes**:" for i in range(40)], ["let x = call worker"]),
    "16 loops among ifs": _nested(
        [head for i in range(16) for head in ("for y in items:", f"if **check {i} passes**:")]
        + [f"if **more {i} passes**:" for i in range(7)],
        ["let x = call worker", "  task: task"],
    ),
}


@pytest.mark.parametrize("delegation", DEEP.values(), ids=DEEP.keys())
@pytest.mark.parametrize("invariants", [[], ["The worker never sees the items"]], ids=["none", "isolation"])
def test_deep_nesting_walks_each_loop_a_few_times_not_two_to_the_depth(
    delegation: str, invariants: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Each loop is walked once per distinct state it is entered with, not
    # once per pass of every loop around it (which was 2^depth walks).
    # Counted, not timed.
    from prosec.invariants import flow

    walks = 0
    original = flow._Walker.loop

    def counted(self: object, *args: Any, **kwargs: Any) -> Any:
        nonlocal walks
        walks += 1
        return original(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(flow._Walker, "loop", counted)
    data = pattern(slots=["worker"], inputs=["task", "items:list"], invariants=invariants, delegation=delegation)
    result = compile_text("tests/probe.prose.md", data)
    assert result.report is not None, [d.message for d in result.diagnostics]
    assert not [d.message for d in result.diagnostics if d.code in ("PS206", "PS504", "PS599", "PS699")]
    assert len(result.report.invariants) == len(invariants)
    assert all(f.status in (Status.PROVED, Status.VIOLATED) for f in result.report.invariants)
    assert walks <= 4 * 16, walks  # 16 loops at most: a few walks each


def test_no_flow_analysis_without_a_claim_that_needs_it(monkeypatch: pytest.MonkeyPatch) -> None:
    from prosec.invariants import check

    def refuse(*args: object, **kwargs: object) -> object:
        raise AssertionError("the flow analysis ran")

    monkeypatch.setattr(check, "analyse", refuse)
    delegation = DEEP["16 loops"]
    for invariants in ([], ["The worker reasons about the task carefully"]):
        data = pattern(slots=["worker"], inputs=["task", "items:list"], invariants=invariants, delegation=delegation)
        result = compile_text("tests/probe.prose.md", data)
        assert result.report is not None
        assert [f.status for f in result.report.invariants] == [Status.UNVERIFIABLE] * len(invariants)
        assert not [d.message for d in result.diagnostics if d.code.startswith("PS5")]
