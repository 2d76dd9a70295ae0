"""Checker cases found on sentences written blind, each with its twin.

Each case is a pattern and a pair of sentences that differ in what they
claim; the statuses are the checker's answer to each. The soundness test
(``tests/test_soundness.py``) holds the same rules against executions.
"""

from __future__ import annotations

import itertools
import re
import sys
import textwrap
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any

import pytest
import soundness_run

from prosec.api import compile_text
from prosec.invariants import Status

PATTERN = """\
---
name: assay
kind: pattern
---

# Assay

Run every sample several times.

### Slots

- `technician`
  - requires: sample
  - ensures: readings

### Requires

- The caller supplies:
    samples: string[] -- the samples
    replicates: integer -- runs per sample

### Returns

- `runs`: every reading

### Invariants

{invariants}

### Delegation

```prose
{delegation}
```
"""

NESTED = """\
let runs = parallel for sample in samples:
  parallel repeat replicates as replicate:
    call technician
      sample: sample

return {
  runs: runs
}"""

ONCE = """\
let runs = parallel for sample in samples:
  call technician
    sample: sample

return {
  runs: runs
}"""

#: a sequential walk that returns at the first reading: the samples after
#: it get no call
STOPS = """\
for sample in samples:
  let reading = call technician
    sample: sample
  if reading says done:
    return {
      runs: reading
    }

return {
  runs: null
}"""


def _statuses_in(text: str) -> list[Status]:
    """The statuses of a pattern's invariants, in order."""
    result = compile_text("case.prose.md", text.encode(), render=False)
    assert result.report is not None
    return [fact.status for fact in result.report.invariants]


def _module_of(text: str, name: str) -> ModuleType:
    """The generated code of a pattern, loaded as ``name`` in the soundness
    test's package (build it without the sentences under test: a violated
    invariant stops the build)."""
    result = compile_text("case.prose.md", text.encode())
    assert result.code is not None, [d.message for d in result.diagnostics]
    soundness_run._package()
    qualified = f"{soundness_run.PACKAGE}.{name}"
    module = ModuleType(qualified)
    module.__package__ = soundness_run.PACKAGE
    sys.modules[qualified] = module
    try:
        exec(compile(result.code, qualified, "exec"), module.__dict__)
    finally:
        del sys.modules[qualified]
    return module


def _statuses(delegation: str, sentences: list[str]) -> list[Status]:
    return _statuses_in(
        PATTERN.format(invariants="\n".join(f"- {s}" for s in sentences), delegation=textwrap.dedent(delegation))
    )


@pytest.mark.parametrize(
    ("delegation", "per_call", "per_element"),
    [
        # several calls per sample, each given that one sample
        (NESTED, Status.PROVED, Status.VIOLATED),
        (ONCE, Status.PROVED, Status.PROVED),
        (STOPS, Status.PROVED, Status.VIOLATED),
    ],
)
def test_exactly_one_element_per_call_is_not_once_per_element(
    delegation: str, per_call: Status, per_element: Status
) -> None:
    got = _statuses(
        delegation,
        [
            "Every technician call handles exactly one sample.",
            "Every sample goes to exactly one technician call.",
        ],
    )
    assert got == [per_call, per_element]


RETRIED = """\
for sample in samples:
  call technician
    sample: sample
    retry: {retry}"""


@pytest.mark.parametrize(("retry", "status"), [("2", Status.UNRECOGNIZED), ("0", Status.PROVED)])
def test_a_retried_call_may_be_sent_an_element_twice(retry: str, status: Status) -> None:
    from conftest import Recorder

    # one call per sample, tried again after a failure, or one delegate
    # invocation per sample? Writers say both: not settled

    delegation = RETRIED.format(retry=retry)
    assert _statuses(delegation, ["Every sample goes to exactly one technician call."]) == [status]
    # observed: a first attempt that fails sends its sample again
    module = _module_of(PATTERN.format(invariants="", delegation=delegation), f"retried{retry}")
    technician = Recorder(RuntimeError("busy"), "r1", "r2", name="technician")
    try:
        module.assay(technician=technician, samples=["s1", "s2"], replicates=1)
    except Exception:
        assert retry == "0"  # no second attempt: the failure is the run's
    sent = [c["sample"] for c in technician.calls]
    assert (sent.count("s1") == 1) == (status is Status.PROVED), sent


#: one poll of the crowd, retried once after a failure
POLLED = """\
let favourite = call crowd
  gallery: gallery
  retry: {retry}
return {{ favourite: favourite }}"""


@pytest.mark.parametrize(
    ("retry", "sentence", "status"),
    [
        # a retry calls the delegate again: two invocations may be made
        ("1", "The crowd is polled exactly once.", Status.VIOLATED),
        ("1", "The crowd is called exactly once.", Status.VIOLATED),
        ("1", "The crowd is called at most twice.", Status.PROVED),
        ("0", "The crowd is called exactly once.", Status.PROVED),
    ],
)
def test_an_exact_count_of_a_retried_call(retry: str, sentence: str, status: Status) -> None:
    from conftest import Recorder, pattern_text

    delegation = POLLED.replace("{retry}", retry)
    assert _case_status(delegation, "crowd", "gallery: string -- the gallery", sentence) == status
    # observed: a failed first poll makes a second invocation
    module = _module_of(pattern_text("case", delegation.replace("{{", "{").replace("}}", "}"), slots="crowd", requires="gallery: string -- the gallery"), f"polled{next(_GATES)}")
    crowd = Recorder(RuntimeError("no answer"), "biscuit 3", name="crowd")
    try:
        module.case(crowd=crowd, gallery="g")
    except Exception:
        assert retry == "0"
    assert crowd.count == 1 + int(retry)


KITCHEN = """\
---
name: kitchen
kind: pattern
---

# Kitchen

A developer writes a card; the chef sends it back until it is accepted.

### Slots

- `developer`
  - requires: concept, feedback
  - ensures: a card
- `chef`
  - requires: card
  - ensures: a verdict

### Requires

- The caller supplies:
    concept: string -- the dish

### Returns

- `recipe`: the last card

### Invariants

{invariants}

### Delegation

```prose
{delegation}
```
"""

REWRITTEN = """\
let card = call developer
  concept: concept
let verdict = null
loop until verdict accepts the card (max: 3) as round:
  if round exceeds 1:
    card = call {second}
      concept: concept
      feedback: verdict
  verdict = call chef
    card: card
return {{
  recipe: card
}}"""


@pytest.mark.parametrize(("second", "status"), [("developer", Status.PROVED), ("chef", Status.VIOLATED)])
def test_one_slot_called_at_two_sites_is_that_slot_on_every_path(second: str, status: Status) -> None:
    # `card` is the developer's card from either call site; the chef
    # rewriting it on some path breaks the claim
    text = KITCHEN.format(
        invariants="- The returned recipe always comes from the developer.\n- The chef receives the developer's output.",
        delegation=REWRITTEN.format(second=second),
    )
    assert _statuses_in(text) == [status, status]


#: a loop that ends when the chef accepts, and a test of that verdict after
#: it: its branch is the loop's success, the return after it its exhaustion
ENDS_ACCEPTED = """\
let card = null
let verdict = null
loop until verdict accepts the card (max: 3) as round:
  card = call developer
    concept: concept
  verdict = call chef
    card: card
if verdict accepts the card:
  return {{ recipe: {accepted} }}
return {{ recipe: {exhausted} }}"""


@pytest.mark.parametrize(
    ("accepted", "exhausted", "status"),
    [
        ("card", "concept", Status.PROVED),
        ("concept", "card", Status.VIOLATED),
    ],
)
def test_a_test_of_the_loops_own_verdict_after_it_is_its_success_not_its_exhaustion(
    accepted: str, exhausted: str, status: Status
) -> None:
    delegation = ENDS_ACCEPTED.format(accepted=accepted, exhausted=exhausted)
    sentence = "When every round has been tried without success, the recipe returned is the concept."
    assert _statuses_in(KITCHEN.format(invariants=f"- {sentence}", delegation=delegation)) == [status]
    module = _module_of(KITCHEN.format(invariants="", delegation=delegation), f"kitchen_{accepted}")
    # the chef never accepts: the rounds run out
    result = module.kitchen(developer=lambda **_: "a card", chef=lambda **_: "reject", concept="the dish")
    assert (result.recipe == "the dish") == (status is Status.PROVED), result
    # the chef accepts: the loop's success, which the sentence says nothing of
    result = module.kitchen(developer=lambda **_: "a card", chef=lambda **_: "accept", concept="the dish")
    assert result.recipe == ("a card" if accepted == "card" else "the dish"), result


#: a verdict null before the loop that sets it: a test of it right after
#: the loop passes only on paths where the loop ran (``rounds`` may be 0),
#: so ``card`` is the developer's there, not the concept it was bound to
ACCEPTED_AFTER = """\
let card = concept
let verdict = {before}
repeat {bound} as round:
  card = call developer
    concept: concept
  verdict = call chef
    card: card
  if verdict accepts the card:
    break
{between}if verdict accepts the card:
  return {{ recipe: card }}
return {{ recipe: "no card accepted" }}"""

KITCHEN_ROUNDS = KITCHEN.replace("    concept: string -- the dish", "    concept: string -- the dish\n    rounds: integer -- most rounds")


@pytest.mark.parametrize(
    ("before", "bound", "between", "status"),
    [
        ("null", "rounds", "", Status.PROVED),
        ("{}", "rounds", "", Status.PROVED),
        # no round ran when rounds is 0: the concept, which may accept
        ("concept", "rounds", "", Status.UNRECOGNIZED),
        # a `repeat` with a written count of 1 or more runs a round
        ("concept", "3", "", Status.PROVED),
        # only a test right after the loop is narrowed: with a statement
        # between, the concept is not ruled out, and the card the loop sets
        # each round leaves two meanings (once a known false alarm)
        ("null", "rounds", "let tasted = true\n", Status.UNRECOGNIZED),
    ],
)
def test_an_approval_right_after_a_loop_is_on_the_paths_where_it_ran(
    before: str, bound: str, between: str, status: Status
) -> None:
    from conftest import Recorder

    delegation = ACCEPTED_AFTER.format(before=before, bound=bound, between=between)
    sentence = "When the chef accepts, the returned recipe comes from the developer."
    assert _statuses_in(KITCHEN_ROUNDS.format(invariants=f"- {sentence}", delegation=delegation)) == [status]
    module = _module_of(KITCHEN_ROUNDS.format(invariants="", delegation=delegation), f"kitchen_after_{abs(hash(delegation))}")
    chef = Recorder("reject", "accept", name="chef")
    result = module.kitchen(developer=lambda **_: "a card", chef=chef, concept="the dish", rounds=3)
    assert result.recipe == "a card" and chef.count == 2, result
    # no round (when the bound allows it): the approval path returns the
    # concept when the concept reads as an acceptance itself
    result = module.kitchen(developer=lambda **_: "a card", chef=chef, concept="accept", rounds=0)
    if bound == "rounds":
        assert result.recipe == ("accept" if before == "concept" else "no card accepted"), result
        assert chef.count == 2
    else:
        assert result.recipe == "a card" and chef.count == 3, result


#: a `loop until` whose bound the caller sets: its block runs at least
#: once (the runtime refuses a `max:` below 1), so what the loop sets is
#: what the pattern returns on every run, not the value bound before it
UNTIL_ROUNDS = """\
let card = concept
let verdict = null
loop until verdict accepts the card (max: rounds) as round:
  card = call developer
    concept: concept
  verdict = call chef
    card: card
return { recipe: card }"""


@pytest.mark.parametrize(
    ("loop", "status"),
    [
        ("loop until verdict accepts the card (max: rounds) as round:", Status.PROVED),
        ("loop (max: rounds) as round:", Status.PROVED),
        # a `while` tests before each round, and may run none: the concept
        ("loop while verdict does not accept the card (max: rounds) as round:", Status.UNRECOGNIZED),
        ("repeat rounds as round:", Status.UNRECOGNIZED),
    ],
)
def test_a_loop_until_runs_its_block_at_least_once(loop: str, status: Status) -> None:
    from conftest import Recorder

    delegation = UNTIL_ROUNDS.replace("loop until verdict accepts the card (max: rounds) as round:", loop)
    sentence = "The returned recipe always comes from the developer."
    assert _statuses_in(KITCHEN_ROUNDS.format(invariants=f"- {sentence}", delegation=delegation)) == [status]
    module = _module_of(KITCHEN_ROUNDS.format(invariants="", delegation=delegation), f"kitchen_until_{abs(hash(delegation))}")
    developer = Recorder("a card", name="developer")
    result = module.kitchen(developer=developer, chef=lambda **_: "reject", concept="the dish", rounds=1)
    assert result.recipe == "a card" and developer.count == 1, result
    if status is Status.PROVED:
        # no run returns the concept: a bound of 0 is refused before any call
        with pytest.raises(Exception, match="at least 1") as caught:
            module.kitchen(developer=developer, chef=lambda **_: "reject", concept="the dish", rounds=0)
        assert "at least once" in str(caught.value) and developer.count == 1
    else:
        result = module.kitchen(developer=developer, chef=lambda **_: "reject", concept="the dish", rounds=0)
        assert result.recipe == "the dish" and developer.count == 1, result


def _status_of(pattern: str, sentence: str) -> Status:
    """The status of the one invariant ``sentence`` of ``pattern``."""
    (status,) = _statuses_in(pattern.format(invariants=f"- {sentence}"))
    return status


PANEL = """\
---
name: panel
kind: pattern
---

# Panel

A screener checks an application; a writer drafts the letter.

### Slots

- `screener`
  - requires: application
  - ensures: a verdict `{{ decision, reason }}`
- `writer`
  - requires: application, verdict
  - ensures: a letter

### Requires

- The caller supplies:
    application: string -- the application

### Returns

- `letter`: the letter, when one is written
- `reason`: why not

### Invariants

{invariants}

### Delegation

```prose
let verdict = call screener
  application: application
if verdict says ineligible:
  return {{
    reason: verdict.reason
  }}
let letter = call writer
  application: application
  verdict: verdict
return {{
  letter: letter
}}
```
"""


@pytest.mark.parametrize(
    ("sentence", "status"),
    [
        # one return has no letter: it returns none, and the plain sentence
        # says nothing of it ("always" does)
        ("The letter returned is produced by the writer.", Status.PROVED),
        ("The letter returned is produced by the screener.", Status.VIOLATED),
        ("The returned letter always comes from the writer.", Status.VIOLATED),
        ("The returned letter, if any, comes from the writer.", Status.PROVED),
        ("The returned letter, if any, comes from the screener.", Status.VIOLATED),
        # said plainly, "solely from" is "nothing else": the writer is also
        # given the application. "Of what delegates produce" limits it to
        # other delegates' outputs
        ("The writer works solely from the screener's verdict.", Status.VIOLATED),
        ("The writer decides solely from the screener's verdict.", Status.VIOLATED),
        ("The writer decides only from the screener's verdict, of what delegates produce.", Status.PROVED),
        ("The writer receives only the screener's verdict.", Status.VIOLATED),
        # the screener is never asked to approve: no path is "when it blocks"
        ("When the screener blocks, the screener's reason is returned.", Status.UNRECOGNIZED),
    ],
)
def test_words_with_two_meanings_here_are_neither_proved_nor_violated(sentence: str, status: Status) -> None:
    assert _status_of(PANEL, sentence) == status


@pytest.mark.parametrize(
    ("sentence", "status"),
    [
        # the early return gives `letter: null`: a returned letter that is
        # none, of which the plain sentence may speak or not
        ("The letter returned is produced by the writer.", Status.UNRECOGNIZED),
        ("The returned letter always comes from the writer.", Status.VIOLATED),
        ("The returned letter, if any, comes from the writer.", Status.PROVED),
    ],
)
def test_a_return_that_gives_null_keeps_two_meanings(sentence: str, status: Status) -> None:
    panel = PANEL.replace("    reason: verdict.reason\n", "    reason: verdict.reason,\n    letter: null\n", 1)
    assert panel != PANEL
    assert _status_of(panel, sentence) == status
    from conftest import Recorder

    # run: the rejected application returns no letter, the other the writer's
    module = _module_of(panel.format(invariants=""), "panel_null_letter")
    writer = Recorder("the letter", name="writer")
    refused = module.panel(screener=lambda **_: {"decision": "ineligible", "reason": "late"}, writer=writer, application="a")
    assert refused.letter is None and refused.reason == "late" and writer.count == 0
    written = module.panel(screener=lambda **_: {"decision": "eligible", "reason": ""}, writer=writer, application="a")
    assert written.letter == "the letter" and writer.count == 1


GRID = """\
---
name: grid
kind: pattern
---

# Grid

Two forecasters, then a planner.

### Slots

- `load_forecaster`
- `solar_forecaster`
- `planner`

### Requires

- The caller supplies:
    region: string -- the region
    roster: object -- the plants

### Invariants

{invariants}

### Delegation

```prose
let load = call load_forecaster
  region: region
let solar = call solar_forecaster
  region: region
  roster: roster
let plan = call planner
  forecasts: [load, solar]
return {{
  result: plan,
  forecasts: [load, solar]
}}
```
"""


@pytest.mark.parametrize(
    ("sentence", "status"),
    [
        # "forecaster" is the head of two slots' names: it names neither
        ("The forecaster never sees the roster.", Status.UNRECOGNIZED),
        ("The solar forecaster sees the roster.", Status.PROVED),
        # the returned list holds the load forecaster's output and another:
        # it "comes from" the load forecaster only loosely
        ("The returned forecasts come from the load forecaster.", Status.UNRECOGNIZED),
        ("The returned forecasts come only from the load forecaster.", Status.VIOLATED),
    ],
)
def test_a_shared_head_noun_names_no_slot_and_a_mixed_list_comes_from_neither(sentence: str, status: Status) -> None:
    assert _status_of(GRID, sentence) == status


# "The analyst sees every technician's reading": each of two `parallel:`
# branches collects one `repeat`'s readings; the analyst gets both lists in
# an object. A name one branch alone declares holds what that branch left
# in it once the block has finished, and a `parallel:` block of branches is
# not a loop whose rounds the lists could be one of.
BRANCHES = """\
---
name: panel
kind: pattern
---

# Panel

Two benches of technicians, then an analyst.

### Slots

- `technician`
  - requires: sample
  - ensures: a reading of the sample
- `analyst`
  - requires: readings

### Requires

- The caller supplies:
    first: string -- the first sample
    second: string -- the second sample
    replicates: integer -- runs per sample

### Invariants

- The analyst sees every technician's reading.

### Delegation

```prose
parallel:
  let left = repeat replicates:
    call technician
      sample: first
  let right = repeat replicates:
    call technician
      sample: second

let verdict = call analyst
  readings: {LISTS}

return {
  verdict: verdict
}
```
"""


@pytest.mark.parametrize(
    ("lists", "status"),
    [
        ("{\n    left: left,\n    right: right\n  }", Status.PROVED),
        ("{\n    left: left\n  }", Status.VIOLATED),
    ],
    ids=["both-benches", "one-bench"],
)
def test_every_output_collected_in_parallel_branches(lists: str, status: Status) -> None:
    from conftest import Recorder

    assert _statuses_in(BRANCHES.replace("{LISTS}", lists)) == [status]
    # Run the generated code (built without the sentence, which fails the
    # build when violated): the analyst is passed every reading, or not.
    text = BRANCHES.replace("{LISTS}", lists).replace("- The analyst sees every technician's reading.", "")
    module = _module_of(text, f"panel_{status.value}")
    readings = iter(f"<reading {k}>" for k in range(100))
    technician = Recorder(lambda **kw: next(readings))
    analyst = Recorder("fine")
    module.panel(technician=technician, analyst=analyst, first="s1", second="s2", replicates=2)
    produced = {f"<reading {k}>" for k in range(technician.count)}
    seen = {r for lst in analyst.calls[0]["readings"].values() for r in lst}
    assert technician.count == 4
    assert (seen == produced) is (status is Status.PROVED)


# ---------------------------------------------------------------- fail-safe verdicts

GATE = """\
---
name: gatecheck
kind: pattern
---

# Gatecheck

Merge a change once the auditor approves it.

### Slots

- `auditor`
- `merger`
- `fallback`

### Requires

- The caller supplies:
    diff: string -- the change

### Returns

- `result`: what was made of the change

### Invariants

{invariants}

### Delegation

```prose
{delegation}
```
"""

#: an approval test: output that cannot be read is not an approval, and the
#: fallback runs, as on a refusal
APPROVES = """\
let verdict = call auditor
  diff: diff
if verdict approves:
  let merged = call merger
    diff: diff
  return { result: merged }
let second = call fallback
  diff: diff
return { result: second }"""

#: a refusal test: output that cannot be read is not a refusal either, and
#: the merger runs, as on an approval
SAYS_REJECT = """\
let verdict = call auditor
  diff: diff
if verdict says reject:
  let second = call fallback
    diff: diff
  return { result: second }
let merged = call merger
  diff: diff
return { result: merged }"""


def _gate(delegation: str, sentences: list[str]) -> tuple[list[Status], ModuleType]:
    """The statuses of the sentences, and the delegation's code (compiled
    without them: a violated invariant stops the build)."""
    body = textwrap.dedent(delegation)
    statuses = _statuses_in(GATE.format(invariants="\n".join(f"- {s}" for s in sentences), delegation=body))
    return statuses, _module_of(GATE.format(invariants="", delegation=body), f"gate{next(_GATES)}")


_GATES = itertools.count()


def _called(module: ModuleType, verdict: object) -> list[str]:
    return _run_gate(module, verdict)[1]


def _run_gate(module: ModuleType, verdict: object) -> tuple[Any, list[str]]:
    """What the gate returns when the auditor answers ``verdict``, and the
    slots it called, in order."""
    calls: list[str] = []

    def delegate(slot: str, answer: object) -> Callable[..., object]:
        def run(**_: object) -> object:
            calls.append(slot)
            return answer

        return run

    result = module.gatecheck(
        auditor=delegate("auditor", verdict), merger=delegate("merger", "merged"), fallback=delegate("fallback", "fell back"), diff="d"
    )
    return result, calls


#: a test for another word: output that cannot be read is not a halt, and
#: neither is a refusal; both go on to the fallback
SAYS_HALT = """\
let verdict = call auditor
  diff: diff
if verdict says halt:
  return { result: verdict }
if verdict approves:
  let merged = call merger
    diff: diff
  return { result: merged }
let second = call fallback
  diff: diff
return { result: second }"""


@pytest.mark.parametrize(
    ("delegation", "refusal", "blocks"),
    [
        (APPROVES, Status.ENFORCED, Status.VIOLATED),
        (SAYS_REJECT, Status.VIOLATED, Status.VIOLATED),
        (SAYS_HALT, Status.ENFORCED, Status.VIOLATED),
    ],
)
def test_an_unreadable_verdict_counted_as_a_refusal_takes_the_refusal_branch(
    delegation: str, refusal: Status, blocks: Status
) -> None:
    got, module = _gate(
        delegation,
        [
            "An auditor verdict that cannot be parsed counts as a rejection.",
            "Unparseable auditor output blocks delegation.",
        ],
    )
    assert got == [refusal, blocks]
    # what the run does with output it cannot read, next to a refusal
    unreadable, rejected = _called(module, "%%% no verdict here"), _called(module, "reject")
    assert (unreadable == rejected) == (refusal is Status.ENFORCED), (unreadable, rejected)
    # either way a call follows the verdict: the delegation is not blocked
    assert len(unreadable) == 2


TRIAGE = """\
---
name: triage
kind: pattern
---

# Triage

Rate the reports that are not duplicates; a committee pays.

### Slots

- `checker`
- `rater`
- `committee`

### Requires

- The caller supplies:
    reports: string[] -- the reports

### Invariants

{invariants}

### Delegation

```prose
let accepted = []
for report in reports:
  let dup = call checker
    report: report
  if dup says duplicate:
    continue
  let rating = call rater
    report: report
  append {{ report: report, rating: rating }} to accepted
let payouts = call committee
  accepted: {given}
return {{
  result: payouts
}}
```
"""


@pytest.mark.parametrize(
    ("given", "status"),
    [
        # every rating is appended right after it is made
        ("accepted", Status.PROVED),
        # no rating reaches the committee at all
        ("reports", Status.VIOLATED),
    ],
)
def test_every_output_in_a_list_built_by_append(given: str, status: Status) -> None:
    text = TRIAGE.replace("{given}", given)
    assert _status_of(text, "The committee sees every output of the rater.") == status


_RATE = """\
  let rating = call rater
    report: report
"""
_APPEND = "  append {{ report: report, rating: rating }} to accepted\n"


@pytest.mark.parametrize(
    ("old", "new", "status"),
    [
        # between the rating and its append, a way out of the iteration
        (_APPEND, "  if rating says skip:\n    continue\n" + _APPEND, Status.UNRECOGNIZED),
        (_APPEND, "  if rating says stop:\n    break\n" + _APPEND, Status.UNRECOGNIZED),
        # another call between them is no way out
        (_APPEND, "  call checker\n    report: report\n" + _APPEND, Status.PROVED),
        # a failure after the rating, caught, skips its append and carries on
        (
            _RATE + _APPEND,
            "  try:\n" + textwrap.indent(_RATE + "  call checker\n    report: report\n" + _APPEND, "  ")
            + "  catch:\n    continue\n",
            Status.UNRECOGNIZED,
        ),
        # the rating appended only on one branch
        (_APPEND, "  if rating says keep:\n  " + _APPEND, Status.UNRECOGNIZED),
        # a field of the rating is not the rating
        ("rating: rating }}", "rating: rating.score }}", Status.UNRECOGNIZED),
        # an element of the list replaced
        ("let payouts", "accepted[0] = null\nlet payouts", Status.UNRECOGNIZED),
        # the ratings gathered in parallel
        ("for report in reports:", "parallel for report in reports:", Status.UNRECOGNIZED),
        # each report rated twice, both ratings collected by a loop and
        # appended whole
        (_RATE, "  let rating = repeat 2:\n    call rater\n      report: report\n", Status.PROVED),
        (_RATE, "  let rating = parallel repeat 2:\n    call rater\n      report: report\n", Status.PROVED),
        # a parallel loop that may finish with one of them only
        (_RATE, '  let rating = parallel repeat 2 ("first"):\n    call rater\n      report: report\n', Status.UNRECOGNIZED),
        # a loop whose value is another call's: the ratings are dropped
        (
            _RATE,
            "  let rating = repeat 2:\n    call rater\n      report: report\n    call checker\n      report: report\n",
            Status.VIOLATED,
        ),
        # a loop whose body does more than the rating: not shown
        (
            _RATE,
            "  let rating = repeat 2:\n    call checker\n      report: report\n    call rater\n      report: report\n",
            Status.UNRECOGNIZED,
        ),
    ],
)
def test_every_output_in_a_list_built_by_append_needs_every_append(old: str, new: str, status: Status) -> None:
    text = TRIAGE.replace("{given}", "accepted")
    assert text.count(old) == 1, old
    assert _status_of(text.replace(old, new), "The committee sees every output of the rater.") == status


def test_every_output_in_a_list_built_by_append_reaches_the_call() -> None:
    from conftest import Recorder

    # what the proof says, observed: the committee is given each rating
    # the rater made (the duplicate is rated by no one)
    module = _module_of(TRIAGE.replace("{given}", "accepted").format(invariants=""), "triage_gathered")
    checker = Recorder(*({"verdict": v} for v in ("new", "duplicate", "new")), name="checker")
    rater = Recorder("rating-1", "rating-2", name="rater")
    committee = Recorder("paid", name="committee")
    out = module.triage(checker=checker, rater=rater, committee=committee, reports=["r1", "r2", "r3"])
    assert out.result == "paid" and rater.count == 2 and committee.count == 1
    assert [e["rating"] for e in committee.calls[0]["accepted"]] == ["rating-1", "rating-2"]


def test_every_output_collected_by_a_loop_then_appended_reaches_the_call() -> None:
    from conftest import Recorder

    # each new report rated twice in parallel; the committee is given all
    # four ratings, in the order they were made
    text = TRIAGE.replace("{given}", "accepted").replace(_RATE, "  let rating = parallel repeat 2:\n    call rater\n      report: report\n")
    assert _status_of(text, "The committee sees every output of the rater.") == Status.PROVED
    module = _module_of(text.format(invariants=""), "triage_collected")
    checker = Recorder(*({"verdict": v} for v in ("new", "duplicate", "new")), name="checker")
    rater = Recorder("rating-1", "rating-2", "rating-3", "rating-4", name="rater")
    committee = Recorder("paid", name="committee")
    out = module.triage(checker=checker, rater=rater, committee=committee, reports=["r1", "r2", "r3"])
    assert out.result == "paid" and rater.count == 4 and committee.count == 1
    given = [r for e in committee.calls[0]["accepted"] for r in e["rating"]]
    assert sorted(given) == ["rating-1", "rating-2", "rating-3", "rating-4"]


@pytest.mark.parametrize(
    ("delegation", "sentence", "status"),
    [
        # the return under the approval test; the other follows a refusal
        (APPROVES, "On success, the result comes from the merger.", Status.PROVED),
        (APPROVES, "When the auditor approves, the result comes from the merger.", Status.PROVED),
        (APPROVES, "When the auditor approves, the result comes from the fallback.", Status.VIOLATED),
        (APPROVES, "When the auditor accepts, the merger's output is returned at once.", Status.VIOLATED),
        # a test for a refusing word marks neither return a success
        (SAYS_REJECT, "On success, the result comes from the merger.", Status.UNRECOGNIZED),
    ],
)
def test_a_return_said_of_the_success_or_approval_path(delegation: str, sentence: str, status: Status) -> None:
    got, module = _gate(delegation, [sentence])
    assert got == [status]
    if status is Status.UNRECOGNIZED:
        return
    # what an approving run returns: the merger's output, on every approval
    result = module.gatecheck(
        auditor=lambda **_: "approve", merger=lambda **_: "merged", fallback=lambda **_: "fell back", diff="d"
    )
    says_merger = "merger" in sentence.split("from")[-1] or "merger's" in sentence
    immediate = "at once" in sentence
    holds = (result.result == "merged") == says_merger and not immediate
    assert holds == (status is Status.PROVED), result


#: attempts of the merger until one does not fail, returned at once
RETRIES = """\
repeat 3 as attempt:
  try:
    let made = call merger
      diff: diff
    return { result: made }
  catch as error:
    let failed = error
return { result: null }"""


@pytest.mark.parametrize(
    ("delegation", "status"),
    [
        (RETRIES, Status.PROVED),
        # the success returns something else
        (RETRIES.replace("{ result: made }", "{ result: diff }"), Status.VIOLATED),
        # another call in the loop may be what decides success
        (RETRIES.replace("    return { result: made }", "    let checked = call fallback\n      diff: made\n    return { result: made }"), Status.UNRECOGNIZED),
    ],
)
def test_on_success_a_slots_output_is_returned_immediately(delegation: str, status: Status) -> None:
    got, module = _gate(delegation, ["On success the merger's output is returned immediately."])
    assert got == [status]
    if status is Status.UNRECOGNIZED:
        return
    calls: list[str] = []
    answers = iter([RuntimeError("down"), "merged", "merged again"])

    def merger(**_: object) -> object:
        calls.append("merger")
        answer = next(answers)
        if isinstance(answer, Exception):
            raise answer
        return answer

    result = module.gatecheck(auditor=lambda **_: "approve", merger=merger, fallback=lambda **_: "fell back", diff="d")
    # the first attempt that does not fail ends the run with its output
    holds = calls == ["merger", "merger"] and result.result == "merged"
    assert holds == (status is Status.PROVED), (result, calls)


#: a refusal returns no result at all
REFUSED_EMPTY = """\
let verdict = call auditor
  diff: diff
if verdict approves:
  let merged = call merger
    diff: diff
  return { result: merged }
return { result: null }"""

#: a refusal returns the fallback's output, or none when the auditor asks again
REFUSED_SOME = """\
let verdict = call auditor
  diff: diff
if verdict approves:
  let merged = call merger
    diff: diff
  return { result: merged }
if verdict says again:
  return { result: null }
let second = call fallback
  diff: diff
return { result: second }"""


@pytest.mark.parametrize(
    ("delegation", "status"),
    [
        # no return on the path gives a result: the sentence speaks of them all
        (REFUSED_EMPTY, Status.VIOLATED),
        # some do: of every return there, or of those that give one?
        (REFUSED_SOME, Status.UNRECOGNIZED),
    ],
)
def test_a_value_no_return_on_the_path_gives_is_not_returned_there(delegation: str, status: Status) -> None:
    got, module = _gate(delegation, ["When the auditor blocks, the result comes from the fallback."])
    assert got == [status]
    result, _ = _run_gate(module, "reject")
    assert (result.result == "fell back") == (status is not Status.VIOLATED), result


#: a test for a decision word of the auditor's own: the path "when the
#: auditor escalates", "on escalate"
SAYS_ESCALATE = SAYS_REJECT.replace("says reject", "says escalate")

#: the same test, whose branch goes on to the return after it
ESCALATE_FALLS_THROUGH = """\
let verdict = call auditor
  diff: diff
let made = call merger
  diff: diff
if verdict says escalate:
  made = call fallback
    diff: diff
return { result: made }"""


@pytest.mark.parametrize(
    ("delegation", "sentence", "status"),
    [
        (SAYS_ESCALATE, "When the auditor escalates, the result comes from the fallback.", Status.PROVED),
        (SAYS_ESCALATE, "On escalate, the result comes from the merger.", Status.VIOLATED),
        (SAYS_ESCALATE, "When the auditor escalates, the fallback's output is returned at once.", Status.VIOLATED),
        # which returns follow the word is not settled when its branch goes on
        (ESCALATE_FALLS_THROUGH, "When the auditor escalates, the result comes from the fallback.", Status.UNRECOGNIZED),
    ],
)
def test_a_return_said_of_the_path_where_a_verdict_says_a_word(delegation: str, sentence: str, status: Status) -> None:
    got, module = _gate(delegation, [sentence])
    assert got == [status]
    if status is Status.UNRECOGNIZED:
        return
    # what a run returns when the auditor says the word
    result, calls = _run_gate(module, "escalate")
    from_fallback = result.result == "fell back"
    at_once = calls[-1] == "auditor"  # nothing called between the verdict and the return
    holds = from_fallback == ("fallback" in sentence) and (at_once or "at once" not in sentence)
    assert holds == (status is Status.PROVED), (result, calls)


@pytest.mark.parametrize(
    ("delegation", "slot", "status"),
    [
        # the merger waits on the approval; the fallback that runs on such
        # output is not what the sentence speaks of ("blocks delegation" is
        # violated there)
        (APPROVES, "merger", Status.ENFORCED),
        (APPROVES, "fallback", Status.VIOLATED),
        # a refusal test is false on such output: the merger runs
        (SAYS_REJECT, "merger", Status.VIOLATED),
        # a test for another word is false on it too: the fallback under it does not run
        (SAYS_ESCALATE, "fallback", Status.ENFORCED),
        (SAYS_ESCALATE, "merger", Status.VIOLATED),
    ],
)
def test_unreadable_output_keeps_the_slot_named_from_running(delegation: str, slot: str, status: Status) -> None:
    got, module = _gate(delegation, [f"If the auditor's output cannot be parsed, the {slot} is not called."])
    assert got == [status]
    _, calls = _run_gate(module, "### no verdict here ###")
    assert (slot not in calls) == (status is Status.ENFORCED), calls


# ---------------------------------------------------------------- each delegate of a slot sequence, once

STEPPER = """\
---
name: stepper
kind: pattern
---

# Stepper

Each step works on the text in turn.

### Slots

- `steps`
  - requires: text
  - ensures: the text, worked on

### Requires

- The caller supplies:
    text: string -- the text

### Returns

- `result`: the last step's text

### Invariants

{invariants}

### Delegation

```prose
let current = text
for step in steps:
{body}
return {{ result: current }}
```
"""


@pytest.mark.parametrize(
    ("body", "status"),
    [
        ("  current = call step\n    text: current", Status.PROVED),
        # a retry, a second call, a return that ends the walk early
        ("  current = call step\n    text: current\n    retry: 2", Status.VIOLATED),
        ("  current = call step\n    text: current\n  current = call step\n    text: current", Status.VIOLATED),
        ('  current = call step\n    text: current\n  if current says done:\n    return { result: current }', Status.VIOLATED),
    ],
)
def test_each_delegate_of_a_slot_sequence_runs_exactly_once(body: str, status: Status) -> None:
    sentence = "Each step runs exactly once."
    assert _statuses_in(STEPPER.format(invariants=f"- {sentence}", body=body)) == [status]
    module = _module_of(STEPPER.format(invariants="", body=body), f"stepper{next(_GATES)}")
    runs: list[int] = []
    attempts = {"n": 0}

    def step(index: int) -> Callable[..., str]:
        def run(**_: object) -> str:
            runs.append(index)
            attempts["n"] += 1
            if "retry" in body and attempts["n"] == 1:
                raise RuntimeError("a first attempt that fails")
            return "done"

        return run

    module.stepper(steps=[step(0), step(1), step(2)], text="t")
    assert (sorted(runs) == [0, 1, 2]) == (status is Status.PROVED), runs


# ---------------------------------------------------------------- fields of other calls, fields received whole

RELAY = """\
---
name: relay
kind: pattern
---

# Relay

Each reviewer reads the drafts in turn, with something of the review before.

### Slots

- `reviewer`
  - requires: draft, earlier
  - ensures: `{{ score, notes }}`
- `editor`
  - requires: reviews
  - ensures: a summary

### Requires

- The caller supplies:
    drafts: string[] -- the drafts

### Invariants

{invariants}

### Delegation

```prose
let reviews = []
let last = null
for draft in drafts:
  let review = call reviewer
    draft: draft
    earlier: {passed}
  append review to reviews
  last = review
let summary = call editor
  reviews: reviews
return {{
  summary: summary
}}
```
"""


@pytest.mark.parametrize(
    ("passed", "status"),
    [
        ("last.score", Status.PROVED),  # another field of the review before
        ("last.notes", Status.VIOLATED),
        ("last", Status.VIOLATED),  # the whole review, notes and all
    ],
)
def test_named_fields_of_other_calls_are_kept_away_and_no_other_field_counts(passed: str, status: Status) -> None:
    text = RELAY.replace("{passed}", passed)
    assert _status_of(text, "No reviewer sees another reviewer's notes.") == status
    from conftest import Recorder

    module = _module_of(text.format(invariants=""), f"relay_{passed.replace('.', '_')}")
    outputs = iter({"score": f"<score {k}>", "notes": f"<notes {k}>"} for k in range(10))
    reviewer = Recorder(lambda **kw: next(outputs))
    module.relay(reviewer=reviewer, editor=Recorder("fine"), drafts=["d1", "d2", "d3"])
    seen = " ".join(str(call["earlier"]) for call in reviewer.calls)
    assert ("<notes" in seen) is (status is Status.VIOLATED)


@pytest.mark.parametrize(
    ("passed", "status"),
    [
        # nothing another call produced reaches any call: none sees one
        ("draft", Status.VIOLATED),
        # the review before reaches every call but the first: whether each
        # call is passed one is not counted, so it is not settled
        ("last", Status.UNRECOGNIZED),
    ],
)
def test_receiving_another_calls_output_is_broken_only_where_none_can_reach(passed: str, status: Status) -> None:
    text = RELAY.replace("{passed}", passed)
    for sentence in ("Each reviewer sees another reviewer's output.", "Reviewers read one another's reviews."):
        assert _status_of(text, sentence) == status, sentence
    from conftest import Recorder

    module = _module_of(text.format(invariants=""), f"relay_others_{passed}")
    outputs = iter({"score": f"<score {k}>", "notes": f"<notes {k}>"} for k in range(10))
    reviewer = Recorder(lambda **kw: next(outputs))
    module.relay(reviewer=reviewer, editor=Recorder("fine"), drafts=["d1", "d2", "d3"])
    seen = [str(call["earlier"]) for call in reviewer.calls]
    # violated: no call was passed another call's review; not settled: the
    # later calls were, the first was not
    assert any("<notes" in s for s in seen) is (status is Status.UNRECOGNIZED)
    assert all("<notes" not in s for s in seen[:1])

def test_a_declared_field_is_received_with_the_whole_result() -> None:
    # the editor is passed every review whole, so it receives their notes;
    # "only" the notes is broken by the scores that come with them
    from conftest import Recorder

    text = RELAY.replace("{passed}", "last.score")
    assert _status_of(text, "The editor sees the reviewer's notes.") == Status.PROVED
    assert _status_of(text, "The editor sees only the reviewer's notes.") == Status.VIOLATED
    module = _module_of(text.format(invariants=""), "relay_whole")
    reviewer = Recorder({"score": "<score>", "notes": "<notes>"})
    editor = Recorder("fine")
    module.relay(reviewer=reviewer, editor=editor, drafts=["d1"])
    assert editor.calls[0]["reviews"] == [{"score": "<score>", "notes": "<notes>"}]


TENDER = """\
---
name: tender
kind: pattern
---

# Tender

Each vendor bids; an auditor sees who bid.

### Slots

- `vendors` (slot sequence)
  - requires: rfp
  - ensures: a bid
- `auditor`
  - requires: entries
  - ensures: a note

### Requires

- The caller supplies:
    rfp: string -- the request

### Invariants

{invariants}

### Delegation

```prose
let entries = parallel for vendor in vendors:
  let bid = call vendor
    rfp: rfp
  return {{ vendor: vendor, bid: {kept} }}
let note = call auditor
  entries: entries
return {{
  note: note
}}
```
"""


@pytest.mark.parametrize(("kept", "status"), [("null", Status.PROVED), ("bid", Status.VIOLATED)])
def test_the_delegate_itself_is_not_its_output(kept: str, status: Status) -> None:
    # the auditor is handed which vendor bid, and the bid only when kept
    from conftest import Recorder

    text = TENDER.replace("{kept}", kept)
    assert _status_of(text, "The auditor never sees any vendor's bid.") == status
    module = _module_of(text.format(invariants=""), f"tender_{kept}")
    vendors = [Recorder(f"<bid {k}>") for k in range(2)]
    auditor = Recorder("fine")
    module.tender(vendors=vendors, auditor=auditor, rfp="r")
    seen = repr(auditor.calls[0]["entries"])
    assert ("<bid" in seen) is (status is Status.VIOLATED)


BRIEFING = """\
---
name: briefing
kind: pattern
---

# Briefing

A drafter writes a note; a reader is handed the brief, then the note.

### Slots

- `drafter`
  - requires: brief
  - ensures: a note
- `reader`
  - requires: an item
  - ensures: a summary

### Requires

- The caller supplies:
    brief: string -- the brief

### Invariants

{invariants}

### Delegation

```prose
let note = call drafter
  brief: brief
let summaries = for item in [{first}, note]:
  call reader
    secret_note: item
return {{
  summaries: summaries
}}
```
"""


@pytest.mark.parametrize(("first", "status"), [("note", Status.PROVED), ("brief", Status.VIOLATED)])
def test_an_argument_named_after_what_is_hidden_must_carry_only_delegate_work(first: str, status: Status) -> None:
    # `secret_note` describes the drafter's note it carries; when the first
    # item is the caller's brief instead, its name tells the reader of a secret
    from conftest import Recorder

    text = BRIEFING.replace("{first}", first)
    assert _status_of(text, "The reader is never told that anything is secret.") == status
    module = _module_of(text.format(invariants=""), f"briefing_{first}")
    reader = Recorder("ok")
    module.briefing(drafter=Recorder("<note>"), reader=reader, brief="<brief>")
    given = [call["secret_note"] for call in reader.calls]
    assert ("<brief>" in given) is (status is Status.VIOLATED)


AUDITION = """\
---
name: audition
kind: pattern
---

# Audition

Two assessors hear each recording at once; a director casts from the panel.

### Slots

- `range_assessor`
- `blend_assessor`
- `director`
- `designer`
- `critic`

### Requires

- The caller supplies:
    recordings: string[] -- one recording per applicant
    names: string[] -- the applicants' names, in the same order

### Invariants

{invariants}

### Delegation

```prose
let panel = parallel for recording, index in recordings:
  parallel:
    let range_check = call range_assessor
      recording: recording
    let blend_check = call blend_assessor
      recording: recording
  return {{ name: names[index], range: range_check, blend: blend_check }}
let casting = call director
  panel: {given}
let critique = null
let draft = null
loop until critique approves (max: 3):
  let draft = call designer
    panel: panel
    feedback: critique.advice
  let critique = call critic
    draft: draft
return {{
  cast: casting,
  design: draft
}}
```
"""


def test_a_call_in_a_parallel_block_runs_once_per_element() -> None:
    # a `parallel:` block runs every branch: each recording reaches exactly
    # one range assessor call (run: three recordings, three calls, one each)
    from conftest import Recorder

    text = AUDITION.replace("{given}", "panel")
    assert _status_of(text, "Each recording is sent to exactly one range assessor call.") == Status.PROVED
    module = _module_of(text.format(invariants=""), "audition_once")
    assessor = Recorder("r")
    module.audition(
        range_assessor=assessor, blend_assessor=Recorder("b"), director=Recorder("c"),
        designer=Recorder("d"), critic=Recorder({"verdict": "approve"}),
        recordings=["x", "y", "z"], names=["X", "Y", "Z"],
    )
    assert sorted(call["recording"] for call in assessor.calls) == ["x", "y", "z"]


@pytest.mark.parametrize(
    ("given", "status"),
    [
        # the names sit in the panel's records, one per recording: whether
        # every name is there depends on the lists' lengths, not shown
        ("panel", Status.UNRECOGNIZED),
        # no name reaches the director at all
        ("recordings", Status.VIOLATED),
    ],
)
def test_an_input_inside_the_records_of_a_list_is_not_shown_missing(given: str, status: Status) -> None:
    from conftest import Recorder

    text = AUDITION.replace("{given}", given)
    assert _status_of(text, "The director sees the applicants' names.") == status
    module = _module_of(text.format(invariants=""), f"audition_{given}")
    director = Recorder("c")
    module.audition(
        range_assessor=Recorder("r"), blend_assessor=Recorder("b"), director=director,
        designer=Recorder("d"), critic=Recorder({"verdict": "approve"}),
        recordings=["x", "y"], names=["X", "Y"],
    )
    names = [entry["name"] for entry in director.calls[0]["panel"] if isinstance(entry, dict)]
    assert (names == ["X", "Y"]) is (given == "panel")


def test_a_value_the_first_round_cannot_have_yet_has_two_meanings() -> None:
    # the designer gets the critic's advice from the second round on; the
    # first round is given the loop's starting null: "is passed the critic's
    # advice" may mean either, so it is neither proved nor violated
    from conftest import Recorder

    text = AUDITION.replace("{given}", "panel")
    assert _status_of(text, "The designer is passed the critic's advice.") == Status.UNRECOGNIZED
    assert _status_of(text, "The designer is passed the critic's advice on later rounds.") == Status.PROVED
    assert _status_of(text, "The director is passed the critic's advice.") == Status.VIOLATED
    module = _module_of(text.format(invariants=""), "audition_rounds")
    designer = Recorder("d")
    critic = Recorder({"verdict": "revise", "advice": "A1"}, {"verdict": "approve", "advice": "A2"})
    module.audition(
        range_assessor=Recorder("r"), blend_assessor=Recorder("b"), director=Recorder("c"),
        designer=designer, critic=critic, recordings=["x"], names=["X"],
    )
    assert [call["feedback"] for call in designer.calls] == [None, "A1"]


EXCHANGE = """\
---
name: exchange
kind: pattern
---

# Exchange

Two sides answer each other, round after round.

### Slots

- `pro`
- `con`

### Requires

- The caller supplies:
    topic: string -- the topic

### Invariants

{invariants}

### Delegation

```prose
let last_pro = null
let last_con = null
repeat 3:
  let last_pro = call pro
    topic: topic
    prior: last_con
  let last_con = call con
    topic: topic
    prior: last_pro
return {{
  pro: last_pro,
  con: last_con
}}
```
"""


def test_the_previous_output_of_a_slot_run_earlier_in_the_round_has_two_meanings() -> None:
    # `con` is given `pro`'s argument of this round, made just before it:
    # "previous" may mean that one or the round before's
    from conftest import Recorder

    assert _status_of(EXCHANGE, "The con side is passed the pro side's previous argument.") == Status.UNRECOGNIZED
    assert _status_of(EXCHANGE, "The con side is passed the pro side's argument.") == Status.PROVED
    module = _module_of(EXCHANGE.format(invariants=""), "exchange_previous")
    pro = Recorder(*(f"P{k}" for k in range(1, 4)))
    con = Recorder(*(f"C{k}" for k in range(1, 4)))
    module.exchange(pro=pro, con=con, topic="t")
    assert [call["prior"] for call in con.calls] == ["P1", "P2", "P3"]


# ---------------------------------------------------------------- a local named as an argument of every iteration

PLANNED = """\
---
name: planned
kind: pattern
---

# Planned

A planner writes one plan; a technician runs it on every sample.

### Slots

- `planner`
  - requires: samples
  - ensures: a plan
- `technician`
  - requires: sample, steps
  - ensures: readings

### Requires

- The caller supplies:
    samples: string[] -- the samples

### Invariants

{invariants}

### Delegation

```prose
let plan = call planner
  samples: samples
let runs = []
for sample in samples:
  let reading = call technician
    sample: sample
    steps: plan
  append reading to runs
  {change}
return {{
  runs: runs
}}
```
"""


@pytest.mark.parametrize(
    ("change", "status"),
    [
        # `plan` is set once, before the loop: every run gets the same one
        ("", Status.PROVED),
        # each round replaces the plan with the reading just made
        ("plan = reading", Status.VIOLATED),
    ],
)
def test_a_local_named_as_the_identical_argument_is_the_argument_that_carries_it(change: str, status: Status) -> None:
    text = PLANNED.replace("{change}", change)
    # the argument is `steps`, not `plan`: the local names it by what it carries
    assert _status_of(text, "Every technician receives the identical plan.") == status
    module = _module_of(text.format(invariants=""), f"planned_{bool(change)}")
    from conftest import Recorder

    technician = Recorder(lambda **kw: f"<reading of {kw['sample']}>")
    module.planned(planner=Recorder("<plan>"), technician=technician, samples=["s1", "s2", "s3"])
    steps = {str(call["steps"]) for call in technician.calls}
    assert (len(steps) == 1) is (status is Status.PROVED)


@pytest.mark.parametrize(
    ("returned", "status"),
    [
        ("runs", Status.PROVED),
        # the readings written into a text are not the readings as they came
        ('"Runs: {{runs}}"', Status.VIOLATED),
    ],
)
def test_a_raw_output_returned_is_not_written_into_a_text(returned: str, status: Status) -> None:
    text = PLANNED.replace("{change}", "").replace("  runs: runs\n}}", f"  runs: {returned}\n}}}}")
    assert _status_of(text, "The runs returned are the technician's raw outputs.") == status
    assert _status_of(text, "The runs returned come from the technician.") == Status.PROVED
    module = _module_of(text.format(invariants=""), f"planned_raw_{status.value}")
    from conftest import Recorder

    out = module.planned(planner=Recorder("<plan>"), technician=Recorder(lambda **kw: f"<reading of {kw['sample']}>"), samples=["s1"])
    runs = out["runs"] if isinstance(out, dict) else out.runs
    assert isinstance(runs, list) is (status is Status.PROVED)


@pytest.mark.parametrize(
    ("extra", "status"),
    [
        # each call is passed its own sample only: none sees another
        ("", Status.VIOLATED),
        # every call is also passed the whole list: other samples may reach
        # each call, which the analysis does not count element by element
        ("\n    all: samples", Status.UNRECOGNIZED),
    ],
)
def test_receiving_other_calls_elements_is_broken_only_where_none_can_reach(extra: str, status: Status) -> None:
    delegation = ONCE.replace("    sample: sample", "    sample: sample" + extra)
    assert _statuses(delegation, ["Each technician sees the other samples."]) == [status]
    text = PATTERN.format(invariants="", delegation=delegation)
    module = _module_of(text, f"assay_others_{bool(extra)}")
    from conftest import Recorder

    technician = Recorder("<reading>")
    module.assay(technician=technician, samples=["s1", "s2"], replicates=1)
    # whether some call was passed a sample other than its own
    others = [
        any(other != call["sample"] and other in str(v) for k, v in call.items() if k != "sample" for other in ("s1", "s2"))
        for call in technician.calls
    ]
    assert any(others) is (status is Status.UNRECOGNIZED)


# ---------------------------------------------------------------- a call counted after a collected loop

TRACING = """\
---
name: tracing
kind: pattern
---

# Tracing

Trace every tile, then draw the sheet once.

### Slots

- `outliner`
  - requires: tile
  - ensures: `{{ paths }}`
- `cartographer`
  - requires: the traced tiles
  - ensures: `{{ image }}`

### Requires

- The caller supplies:
    tiles: string[] -- the tiles

### Returns

- `map`: the sheet

### Invariants

{invariants}

### Delegation

```prose
{delegation}
```
"""


@pytest.mark.parametrize(
    ("loop", "status"),
    [
        # a `return` in a collected loop gives one iteration its value: the
        # sheet is still drawn once
        ("let traced = parallel for tile in tiles:\n  let outline = call outliner\n    tile: tile\n  return outline.paths", Status.PROVED),
        ("let traced = for tile in tiles:\n  let outline = call outliner\n    tile: tile\n  return outline.paths", Status.PROVED),
        # a `return` in a loop that collects nothing ends the pattern: a run
        # may draw no sheet
        (
            "let traced = []\nfor tile in tiles:\n  let outline = call outliner\n    tile: tile\n"
            "  if outline says empty:\n    return { map: null }\n  append outline.paths to traced",
            Status.VIOLATED,
        ),
    ],
)
def test_a_return_inside_a_collected_loop_does_not_end_the_run(loop: str, status: Status) -> None:
    delegation = loop + "\n\nlet sheet = call cartographer\n  traced: traced\n\nreturn {\n  map: sheet.image\n}"
    sentence = "The cartographer is called exactly once."
    assert _statuses_in(TRACING.format(invariants=f"- {sentence}", delegation=delegation)) == [status]
    module = _module_of(TRACING.format(invariants="", delegation=delegation), f"tracing{next(_GATES)}")
    drawn: list[object] = []

    def outliner(**_: object) -> dict[str, str]:
        return {"paths": "p", "decision": "empty"}

    def cartographer(**given: object) -> dict[str, str]:
        drawn.append(given["traced"])
        return {"image": "i"}

    module.tracing(outliner=outliner, cartographer=cartographer, tiles=["a", "b"], judge=lambda *_: "empty")
    assert (len(drawn) == 1) == (status is Status.PROVED), drawn


#: (the loops of the case above, then one or two sheets drawn)
_TRACED = "let traced = parallel for tile in tiles:\n  let outline = call outliner\n    tile: tile\n  return outline.paths"
_UNTIL_EMPTY = (
    "let traced = []\nfor tile in tiles:\n  let outline = call outliner\n    tile: tile\n"
    "  if outline says empty:\n    return { map: null }\n  append outline.paths to traced"
)
_ONE_SHEET = "\n\nlet sheet = call cartographer\n  traced: traced\n\nreturn {\n  map: sheet.image\n}"
_TWO_SHEETS = (
    "\n\nlet draft = call cartographer\n  traced: traced\nlet sheet = call cartographer\n  traced: draft.image"
    "\n\nreturn {\n  map: sheet.image\n}"
)


@pytest.mark.parametrize(
    ("delegation", "sentence", "status"),
    [
        # bare: exactly once, or at least once
        (_TRACED + _ONE_SHEET, "The cartographer is called once.", Status.PROVED),
        (_UNTIL_EMPTY + _ONE_SHEET, "The cartographer is called once.", Status.VIOLATED),
        (_TRACED + _TWO_SHEETS, "The cartographer is called once.", Status.UNRECOGNIZED),
        (_TRACED + _TWO_SHEETS, "The cartographer is called twice.", Status.PROVED),
        (_UNTIL_EMPTY + _TWO_SHEETS, "The cartographer runs twice.", Status.VIOLATED),
        # with "only": exactly once, or at most once
        (_TRACED + _ONE_SHEET, "The cartographer is only ever called once.", Status.PROVED),
        (_UNTIL_EMPTY + _ONE_SHEET, "The cartographer is only called once.", Status.UNRECOGNIZED),
        (_TRACED + _TWO_SHEETS, "The cartographer is only called once.", Status.VIOLATED),
    ],
)
def test_a_count_said_bare_is_proved_exact_and_broken_only_under_both_meanings(
    delegation: str, sentence: str, status: Status
) -> None:
    assert _statuses_in(TRACING.format(invariants=f"- {sentence}", delegation=delegation)) == [status]
    module = _module_of(TRACING.format(invariants="", delegation=delegation), f"tracing{next(_GATES)}")
    wanted = 2 if "twice" in sentence else 1
    counts = []
    for decision in ("empty", "go"):
        drawn: list[object] = []

        def outliner(_decision: str = decision, **_: object) -> dict[str, str]:
            return {"paths": "p", "decision": _decision}

        def cartographer(_drawn: list[object] = drawn, **given: object) -> dict[str, str]:
            _drawn.append(given["traced"])
            return {"image": "i"}

        module.tracing(outliner=outliner, cartographer=cartographer, tiles=["a", "b"], judge=lambda *_, d=decision: d)
        counts.append(len(drawn))
    if status is Status.PROVED:
        assert counts == [wanted, wanted], counts
    elif status is Status.VIOLATED:
        # a run that breaks the weaker meaning too: fewer calls for a bare
        # count, more for one said with "only"
        assert (min(counts) < wanted) if "only" not in sentence else (max(counts) > wanted), counts
    else:
        # one meaning holds on every run, the other fails on some
        assert (min(counts) >= wanted) if "only" not in sentence else (max(counts) <= wanted), counts
        assert counts != [wanted, wanted], counts

#: a walk over the list a collected loop made: one sheet per traced tile
_PER_TRACED = "\n\nlet sheets = []\nfor paths in traced:\n  let sheet = call cartographer\n    traced: paths\n  append sheet.image to sheets\n\nreturn {\n  map: sheets\n}"


@pytest.mark.parametrize(
    ("loop", "status"),
    [
        # the walked list has one element per tile: as many sheets as tiles
        (_TRACED, Status.PROVED),
        ("let traced = for tile in tiles:\n  call outliner\n    tile: tile", Status.PROVED),
        # a list the delegation appends to: its length is not counted (here
        # every run that reaches the walk has one per tile)
        (_UNTIL_EMPTY, Status.UNRECOGNIZED),
        # a list a delegate returned may have any length
        ("let traced = call outliner\n  tile: tiles", Status.VIOLATED),
    ],
)
def test_a_walk_over_a_collected_list_is_counted_by_the_loop_that_made_it(loop: str, status: Status) -> None:
    delegation = loop + _PER_TRACED
    sentence = "The cartographer is called exactly tiles times."
    assert _statuses_in(TRACING.format(invariants=f"- {sentence}", delegation=delegation)) == [status]
    module = _module_of(TRACING.format(invariants="", delegation=delegation), f"tracing{next(_GATES)}")
    drawn: list[object] = []

    def outliner(**given: object) -> object:
        # (asked of every tile at once, it traces three)
        return ["p1", "p2", "p3"] if isinstance(given["tile"], list) else {"paths": "p", "decision": "go"}

    def cartographer(**given: object) -> dict[str, str]:
        drawn.append(given["traced"])
        return {"image": "i"}

    tiles = ["a", "b"]
    module.tracing(outliner=outliner, cartographer=cartographer, tiles=tiles, judge=lambda *_: "go")
    if status is not Status.UNRECOGNIZED:
        assert (len(drawn) == len(tiles)) is (status is Status.PROVED), drawn



#: one outline per tile, behind a guard on the number of tiles
_GUARDED = (
    "{guard}\nlet traced = []\nfor tile in tiles:\n  let outline = call outliner\n    tile: tile\n"
    "  append outline.paths to traced" + _ONE_SHEET
)


@pytest.mark.parametrize(
    ("guard", "status"),
    [
        # a run that goes on past the guard has at most two tiles
        ("if tiles.length exceeds 2:\n  return { map: null }", Status.PROVED),
        ("if tiles.length meets 3:\n  return { map: null }", Status.PROVED),
        ("if tiles.length meets 2:\n  return { map: null }", Status.PROVED),
        ("if tiles.length exceeds 2:\n  throw \"too many tiles\"", Status.PROVED),
        # a guard that does not end the run bounds nothing
        ("if tiles.length exceeds 2:\n  let note = call cartographer\n    traced: tiles", Status.VIOLATED),
        ("if tiles.length exceeds 3:\n  return { map: null }", Status.VIOLATED),
        # a list the delegation appends to after the guard is longer than it
        ("if tiles.length exceeds 2:\n  return { map: null }\nappend \"margin\" to tiles", Status.UNRECOGNIZED),
    ],
)
def test_a_guard_that_ends_the_run_on_a_long_list_bounds_a_walk_over_it(guard: str, status: Status) -> None:
    delegation = _GUARDED.replace("{guard}", guard)
    sentence = "The outliner is called at most 2 times."
    assert _statuses_in(TRACING.format(invariants=f"- {sentence}", delegation=delegation)) == [status]
    module = _module_of(TRACING.format(invariants="", delegation=delegation), f"tracing{next(_GATES)}")
    most = 0
    for n in range(6):
        traced: list[object] = []

        def outliner(_traced: list[object] = traced, **given: object) -> dict[str, str]:
            _traced.append(given["tile"])
            return {"paths": "p"}

        try:
            module.tracing(
                outliner=outliner, cartographer=lambda **_: {"image": "i"}, tiles=[f"t{i}" for i in range(n)], judge=lambda *_: "go"
            )
        except Exception as error:  # the guard's `throw`
            assert "too many" in str(error), error
        most = max(most, len(traced))
    if status is Status.PROVED:
        assert most <= 2, most
    else:
        assert most > 2, most


#: readings taken one by one, each call shown the readings before it
_SHOWN_EARLIER = (
    "let placed = []\nfor tile in tiles:\n  let outline = call outliner\n    tile: tile\n    so_far: placed\n"
    "  append tile to placed" + _ONE_SHEET.replace("traced: traced", "traced: placed")
)


@pytest.mark.parametrize(
    ("sentence", "status"),
    [
        # given to one call only: later calls are given it too, in the list
        ("Each tile is given to exactly one outliner call.", Status.VIOLATED),
        # what one call does with it: a call shown earlier tiles beside its
        # own may or may not handle them
        ("Each tile is handled by exactly one outliner call.", Status.UNRECOGNIZED),
        ("Each tile is traced by exactly one outliner call.", Status.UNRECOGNIZED),
    ],
)
def test_an_element_shown_again_breaks_given_once_and_leaves_handled_once_unsettled(sentence: str, status: Status) -> None:
    assert _statuses_in(TRACING.format(invariants=f"- {sentence}", delegation=_SHOWN_EARLIER)) == [status]
    module = _module_of(TRACING.format(invariants="", delegation=_SHOWN_EARLIER), f"tracing{next(_GATES)}")
    given: list[dict[str, object]] = []

    def outliner(**kwargs: object) -> dict[str, str]:
        given.append(kwargs)
        return {"paths": "p"}

    module.tracing(outliner=outliner, cartographer=lambda **_: {"image": "i"}, tiles=["a", "b"], judge=lambda *_: "go")
    # each call's own tile is one tile, and the second call is shown the first
    assert [g["tile"] for g in given] == ["a", "b"]
    assert "a" in str(given[1]["so_far"])


# ---------------------------------------------------------------- a returned key's description names its local

SOWING = """\
---
name: sowing
kind: pattern
---

# Sowing

Sow dishes, check purity, and let the curator decide.

### Slots

- `germinator`
  - requires: dish
  - ensures: a sprout count
- `purity_checker`
  - requires: species
  - ensures: a purity verdict with a `reason`
- `curator`
  - requires: the counts and the purity verdict
  - ensures: a decision

### Requires

- The caller supplies:
    species: string -- the species sown

### Returns

- `dishes`: the germination counts
- `verdict`: the curator's decision

### Invariants

{invariants}

### Delegation

```prose
let dishes = parallel repeat 2 as dish:
  call germinator
    dish: dish
let purity = call purity_checker
  species: species{extra}
let decision = call curator
  dishes: dishes
  purity: purity
return {{ dishes: dishes, verdict: decision }}
```
"""


@pytest.mark.parametrize(("extra", "status"), [("", Status.PROVED), ("\n  counts: dishes", Status.VIOLATED)])
def test_a_returned_keys_description_names_the_local_it_returns(extra: str, status: Status) -> None:
    text = SOWING.replace("{extra}", extra)
    assert _statuses_in(text.format(invariants="- The purity checker never sees the germination counts.")) == [status]
    module = _module_of(text.format(invariants=""), f"sowing_{bool(extra)}")
    seen: list[dict[str, object]] = []

    def purity_checker(**given: object) -> dict[str, str]:
        seen.append(given)
        return {"decision": "pure", "reason": "clean"}

    module.sowing(
        germinator=lambda **_: "SPROUTS-12",
        purity_checker=purity_checker,
        curator=lambda **_: "bank",
        species="wheat",
    )
    assert ("SPROUTS-12" in str(seen)) is (status is Status.VIOLATED), seen


def test_a_result_never_received_at_all_is_read_without_a_firewall_on_its_fields() -> None:
    result = compile_text(
        "case.prose.md",
        SOWING.replace("{extra}", "").format(invariants="- The curator never sees the purity checker's verdict or its reason.").encode(),
        render=False,
    )
    assert result.report is not None
    # "its reason" adds nothing to never receiving the verdict at all: one
    # claim, broken by the purity verdict passed whole
    assert [(f.kind, f.status) for f in result.report.invariants] == [("isolation", Status.VIOLATED)]


def test_a_hidden_fact_opening_on_the_patterns_own_data_is_not_read_by_its_other_words() -> None:
    # "any decision step": the fact is about `decision`, the curator's
    # result; read as the word "step" alone it was proved of a checker told
    # of the decision in its prompt
    text = SOWING.replace("{extra}", '\n  prompt: "The curator makes the decision after you."')
    for sentence in ("The purity checker is unaware of any decision step.", "The purity checker is unaware of the decision."):
        assert _statuses_in(text.format(invariants=f"- {sentence}")) == [Status.UNRECOGNIZED], sentence


#: rounds of a loop, each given the survey and a draft built from the pages
SURVEYED_ROUNDS = """\
let survey = call surveyor
  site: site
let draft = parallel for page in pages:
  return {{ number: page }}
let check = null
let section = null
loop until check approves (max: 3) as attempt:
  section = call waller
    survey: survey
    pages: pages
    braille: draft{extra}
    prompt: "Rebuild the {{survey.length}} metre gap. This is attempt {{attempt}}."
  let check = call inspector
    section: section
  if check rejects:
    draft = call surveyor
      site: section
return {{ section: section }}"""

WALLING = """\
---
name: walling
kind: pattern
---

# Walling

Survey a wall, then rebuild it until the inspector approves.

### Slots

- `surveyor`
  - requires: site
  - ensures: a survey
- `waller`
  - requires: the survey
  - ensures: a rebuilt section
- `inspector`
  - requires: the section
  - ensures: approve or reject

### Requires

- The caller supplies:
    site: string -- the site
    pages: string[] -- the pages

### Returns

- `section`: the section

### Invariants

{invariants}

### Delegation

```prose
{delegation}
```
"""


@pytest.mark.parametrize(
    ("sentence", "extra", "status"),
    [
        # the survey made before the loop, quoted in a prompt that also
        # reads the round's count: the same survey every round
        ("Every rebuild attempt gets the same survey.", "", Status.PROVED),
        # (another argument that changes, beside it, changes nothing)
        ("Every rebuild attempt gets the same survey.", "\n    latest: draft", Status.PROVED),
        ("Every waller call gets the same braille.", "", Status.VIOLATED),
        # the pages, passed under their own key each round; the draft's
        # records hold page numbers, inside another value that changes
        ("Every waller call is given the same pages.", "", Status.PROVED),
    ],
)
def test_the_same_value_is_what_the_call_carries_of_it(sentence: str, extra: str, status: Status) -> None:
    delegation = SURVEYED_ROUNDS.format(extra=extra)
    assert _statuses_in(WALLING.format(invariants=f"- {sentence}", delegation=delegation)) == [status]
    module = _module_of(WALLING.format(invariants="", delegation=delegation), f"walling{next(_GATES)}")
    given: list[dict[str, object]] = []
    surveys = iter(range(10))

    def waller(**kwargs: object) -> str:
        given.append(kwargs)
        return "section"

    verdicts = iter(["reject", "reject", "approve"])
    module.walling(
        surveyor=lambda **_: f"survey-{next(surveys)}",
        waller=waller,
        inspector=lambda **_: next(verdicts),
        site="field",
        pages=["p1", "p2"],
    )
    key = {"survey": "survey", "braille": "braille", "pages": "pages"}[re.findall(r"same (\w+)", sentence)[0]]
    assert len(given) == 3
    same = all(str(g[key]) == str(given[0][key]) for g in given)
    assert same is (status is Status.PROVED), [g[key] for g in given]


@pytest.mark.parametrize(
    ("sentence", "kind"),
    [
        # `braille` is only a key the program passes values under, and the
        # surveyor declares no keys: what the surveyor makes, the whole
        ("The inspector never sees the surveyor's braille.", "isolation"),
        # a word the program never uses as a key is a field kept from it
        ("The inspector never sees the surveyor's sketch.", "field firewall"),
    ],
)
def test_an_argument_key_after_a_keyless_slots_possessive_is_its_whole_result(sentence: str, kind: str) -> None:
    text = WALLING.format(invariants=f"- {sentence}", delegation=SURVEYED_ROUNDS.format(extra=""))
    result = compile_text("case.prose.md", text.encode(), render=False)
    assert result.report is not None
    assert [(f.kind, f.status) for f in result.report.invariants] == [(kind, Status.PROVED)]


#: each tile traced, then drawn from the trace alone
_DRAWN_EACH = (
    "for tile, index in tiles:\n  let outline = call outliner\n    tile: tile\n    prompt: \"Trace tile {index}.\"\n"
    "  let sheet = call cartographer\n    traced: outline.paths\nreturn { map: null }"
)


@pytest.mark.parametrize(
    ("sentence", "status"),
    [
        # the cartographer is given the trace, not the tile
        ("Each tile is given to exactly one cartographer call.", Status.VIOLATED),
        # what it does with the tile of its round: not shown by what it is given
        ("Each tile is handled by exactly one cartographer call.", Status.UNRECOGNIZED),
        # the tile's position in the prompt is part of "its tile"
        ("The outliner is given nothing but its tile.", Status.PROVED),
    ],
)
def test_a_call_in_the_walk_given_no_element_and_the_elements_own_index(sentence: str, status: Status) -> None:
    statuses = _statuses_in(TRACING.format(invariants=f"- {sentence}", delegation=_DRAWN_EACH))
    assert statuses == [status]
    module = _module_of(TRACING.format(invariants="", delegation=_DRAWN_EACH), f"tracing{next(_GATES)}")
    outlined: list[dict[str, object]] = []
    drawn: list[dict[str, object]] = []

    def outliner(**kwargs: object) -> dict[str, str]:
        outlined.append(kwargs)
        return {"paths": f"paths of {kwargs['tile']}"}

    def cartographer(**kwargs: object) -> dict[str, str]:
        drawn.append(kwargs)
        return {"image": "i"}

    module.tracing(outliner=outliner, cartographer=cartographer, tiles=["a", "b"], judge=lambda *_: "go")
    # one drawing per tile, given the trace and never the tile
    assert [d["traced"] for d in drawn] == ["paths of a", "paths of b"]
    # the outliner is given its tile, and the tile's position in its prompt
    assert [(o["tile"], o["prompt"]) for o in outlined] == [("a", "Trace tile 0."), ("b", "Trace tile 1.")]


#: two lists written in one loop, each record holding the loop's index
TWO_LOGS = """\
let caption_notes = []
let release_notes = []
for page, index in pages:
  let captions = call caption_checker
    page: page
  let rights = call rights_checker
    page: page
  append { page_number: index, findings: captions } to caption_notes
  append { page_number: index, findings: rights } to release_notes
let draft = call proofreader
  proofs: caption_notes{extra}
return { draft: draft, release_notes: release_notes }"""

PAGES = """\
---
name: pages
kind: pattern
---

# Pages

Check each page twice and proofread from the caption findings.

### Slots

- `caption_checker`
  - requires: page
  - ensures: caption findings
- `rights_checker`
  - requires: page
  - ensures: release findings
- `proofreader`
  - requires: the caption findings
  - ensures: a draft

### Requires

- The caller supplies:
    pages: string[] -- the pages

### Returns

- `draft`: the draft
- `release_notes`: the release findings

### Invariants

{invariants}

### Delegation

```prose
{delegation}
```
"""


@pytest.mark.parametrize(
    ("extra", "status"),
    [
        # the index both lists hold reaches the proofreader, not a record of
        # `release_notes`: which one the words mean is not settled
        ("", Status.UNRECOGNIZED),
        ("\n  rights: release_notes", Status.VIOLATED),
    ],
)
def test_a_loop_count_two_lists_share_does_not_break_isolation_from_one(extra: str, status: Status) -> None:
    delegation = TWO_LOGS.replace("{extra}", extra)
    sentence = "The proofreader never sees the release_notes."
    assert _statuses_in(PAGES.format(invariants=f"- {sentence}", delegation=delegation)) == [status]
    module = _module_of(PAGES.format(invariants="", delegation=delegation), f"pages_{bool(extra)}")
    seen: list[dict[str, object]] = []

    def proofreader(**given: object) -> str:
        seen.append(given)
        return "draft"

    module.pages(
        caption_checker=lambda **_: "CAPTION-OK",
        rights_checker=lambda **_: "RELEASE-SIGNED",
        proofreader=proofreader,
        pages=["p1", "p2"],
    )
    assert ("RELEASE-SIGNED" in str(seen)) is (status is Status.VIOLATED), seen


# ---------------------------------------------------------------- a field word that is the program's own name

PANEL_OF_NOSES = """\
---
name: noses
kind: pattern
---

# Noses

A perfumer composes, a panel smells, a judge decides.

### Slots

- `perfumer`
  - requires: brief
  - ensures: `{{ name, notes, cost }}`
- `sniffer`
  - requires: the notes
  - ensures: `{{ words }}`
- `judge_nose`
  - requires: the name, the impressions
  - ensures: a verdict

### Requires

- The caller supplies:
    brief: string -- the brief
    accords: string[] -- the accords

### Returns

- `verdict`: the judge's verdict

### Invariants

{invariants}

### Delegation

```prose
let formula = call perfumer
  brief: brief

let impressions = parallel for accord in accords:
  let blotter = call sniffer
    notes: formula.notes
    accord: accord
  return {{ accord: accord, words: blotter.words }}

let verdict = call judge_nose
  formula_name: formula.name
  impressions: impressions

return {{ verdict: verdict }}
```
"""


@pytest.mark.parametrize(
    ("sentence", "status"),
    [
        # `impressions` is the local the judge is given; no sniffer result
        # has such a field: "the sniffers' impressions" is not a field
        ("The judge nose never sees the sniffers' impressions.", Status.UNRECOGNIZED),
        ("The judge nose never sees the sniffers' words.", Status.VIOLATED),
        # which name was chosen is the perfumer's `name` field: what the
        # judge receives, not a fact a prompt could tell
        ("The judge nose never learns which name the perfumer chose.", Status.UNRECOGNIZED),
        ("The judge nose never sees the perfumer's name.", Status.VIOLATED),
        ("The judge nose never sees the perfumer's cost.", Status.PROVED),
        # told nothing about a delegate's thing: what reaches the judge
        ("The judge nose is told nothing about the perfumer's name.", Status.UNRECOGNIZED),
        # the same field read from one result before the loop
        ("Every sniffer gets the same notes.", Status.PROVED),
    ],
)
def test_a_word_the_program_uses_for_its_own_data(sentence: str, status: Status) -> None:
    assert _statuses_in(PANEL_OF_NOSES.format(invariants=f"- {sentence}")) == [status]


DRAFTS = """\
---
name: drafts
kind: pattern
---

# Drafts

A drafter revises a text for a few rounds.

### Slots

- `drafter`
  - requires: brief
  - ensures: a draft

### Requires

- The caller supplies:
    brief: string -- the brief

### Config

- `rounds` (integer, default: 3): how many drafts

### Returns

- `text`: the text returned

### Invariants

{invariants}

### Delegation

```prose
let draft = null
let first = null
repeat rounds as round:
  let draft = call drafter
    brief: brief
    round: round
  if first is null:
    first = draft
return {{
  text: {returned}
}}
```
"""


@pytest.mark.parametrize(
    ("returned", "status"),
    [
        # `draft` is set by every call of the drafter and by nothing else
        ("draft", Status.PROVED),
        # `first` carries a drafter output too, but the first one
        ("first", Status.VIOLATED),
    ],
)
def test_the_latest_output_returned_is_the_local_every_call_sets(returned: str, status: Status) -> None:
    text = DRAFTS.replace("{returned}", returned)
    assert _status_of(text, "The returned text is the drafter's latest output.") == status
    assert _status_of(text, "The returned text comes from the drafter.") == Status.PROVED
    # "always": of the runs where `rounds` is 0 too, where the text is null
    assert _status_of(text, "The returned text always comes from the drafter.") == Status.UNRECOGNIZED
    module = _module_of(text.format(invariants=""), f"drafts_{returned}")
    from conftest import Recorder

    drafter = Recorder(lambda **kw: f"<draft {kw['round']}>")
    out = module.drafts(drafter=drafter, brief="b", rounds=3)
    text_out = out["text"] if isinstance(out, dict) else out.text
    assert (text_out == "<draft 3>") is (status is Status.PROVED)


@pytest.mark.parametrize(
    ("passed", "status"),
    [
        # the count of the loop that repeats it: a number of its round
        ("    round: round\n", Status.UNRECOGNIZED),
        # the brief alone, the same on every round
        ("", Status.PROVED),
    ],
)
def test_the_count_of_its_rounds_may_tell_a_delegate_it_is_retried(passed: str, status: Status) -> None:
    from conftest import Recorder

    text = DRAFTS.replace("{returned}", "draft").replace("    round: round\n", passed)
    assert _status_of(text, "The drafter is not told that it is being retried.") == status
    module = _module_of(text.format(invariants=""), f"drafts_retried_{bool(passed)}")
    drafter = Recorder("<draft>")
    module.drafts(drafter=drafter, brief="b", rounds=3)
    # what each call was given: the round's number, or the brief alone
    assert [c.get("round") for c in drafter.calls] == ([1, 2, 3] if passed else [None, None, None])


@pytest.mark.parametrize(
    ("loop", "status"),
    [
        # the prompt says "Round {tasting_round}": a count of rounds, which
        # says nothing of tasting, whatever the words before its head
        ("tasting_round", Status.PROVED),
        # a count named for the tasting itself: the number of the tasting
        ("tasting", Status.VIOLATED),
    ],
)
def test_a_loop_count_names_its_rounds_by_the_head_of_its_name(loop: str, status: Status) -> None:
    from conftest import Recorder

    text = (
        DRAFTS.replace("{returned}", "draft")
        .replace("repeat rounds as round:", f"repeat rounds as {loop}:")
        .replace("    round: round\n", f'    prompt: "Round {{{{{loop}}}}}: draft the text."\n')
    )
    assert _status_of(text, "The drafter doesn't know its drafts are tasted") == status
    module = _module_of(text.format(invariants=""), f"drafts_{loop}")
    drafter = Recorder("<draft>")
    module.drafts(drafter=drafter, brief="b", rounds=2)
    # what the drafter is told: the round's number, never the loop's name
    assert [c["prompt"] for c in drafter.calls] == ["Round 1: draft the text.", "Round 2: draft the text."]


REDELIVERY = """\
---
name: redelivery
kind: pattern
---

# Redelivery

A courier tries to deliver a parcel; when it cannot, a notifier texts the
recipient, and a checker reads the reader's last verdict on the note.

### Slots

- `courier`
  - requires: parcel
  - ensures: a receipt
- `notifier`
  - requires: phone
  - ensures: a text
- `reader`
  - requires: text
  - ensures: a verdict: ok or redo
- `proofreader`
  - requires: text
  - ensures: the text, corrected

### Requires

- The caller supplies:
    parcel: string -- the parcel
    phone: string -- the recipient's phone

### Invariants

{invariants}

### Delegation

```prose
let text = null
try:
  let receipt = call courier
    parcel: parcel
  return {{ text: receipt }}
catch as failure:
  let text = call notifier
    phone: phone
{told}
let feedback = null
loop until feedback says ok (max: 2):
  let feedback = call reader
    text: text
let final = call proofreader
  text: text
{given}
return {{ text: final }}
```
"""


@pytest.mark.parametrize(
    ("told", "status"),
    [
        # the failure itself, caught from the courier: it says the delivery failed
        ("    problem: failure\n", Status.VIOLATED),
        ("", Status.PROVED),
    ],
)
def test_a_caught_failure_tells_that_something_failed(told: str, status: Status) -> None:
    from conftest import Recorder

    text = REDELIVERY.replace("{told}\n", told).replace("{given}\n", "")
    assert _status_of(text, "The notifier is not told that the delivery failed.") == status
    module = _module_of(text.format(invariants=""), f"redelivery_{status.value}")
    notifier = Recorder("<text>")

    def courier(**kw: object) -> object:
        raise RuntimeError("nobody home")

    module.redelivery(courier=courier, notifier=notifier, reader=Recorder("ok"), proofreader=Recorder("<final>"), parcel="p", phone="0")
    # what the notifier was given: the courier's failure, or the phone alone
    assert ("problem" in notifier.calls[0]) is (status is Status.VIOLATED)


@pytest.mark.parametrize(
    ("given", "status"),
    [
        # a call after the loop, given the reader's last verdict: received
        ("  verdict: feedback\n", Status.PROVED),
        # given only the text: "the reader's last verdict" does not reach it
        # (a call in no loop has no rounds for "last" to pass vacuously over)
        ("", Status.VIOLATED),
    ],
)
def test_the_last_verdict_given_after_the_loop_must_reach_the_call(given: str, status: Status) -> None:
    from conftest import Recorder

    text = REDELIVERY.replace("{told}\n", "").replace("{given}\n", given)
    assert _status_of(text, "The proofreader is given the reader's last verdict.") == status
    module = _module_of(text.format(invariants=""), f"redelivery_last_{status.value}")
    proofreader = Recorder("<final>")

    def courier(**kw: object) -> object:
        raise RuntimeError("nobody home")

    module.redelivery(courier=courier, notifier=Recorder("<text>"), reader=Recorder("redo", "ok"), proofreader=proofreader, parcel="p", phone="0")
    # what the proofreader was given: the reader's second and last verdict, or none
    assert proofreader.calls[0].get("verdict") == ("ok" if status is Status.PROVED else None)


NAMING = """\
---
name: naming
kind: pattern
---

# Naming

Namers suggest names for a boat; the owner picks one.

### Slots

- `namer`
  - requires: wishes
  - ensures: a list of names
- `owner`
  - requires: names
  - ensures: the chosen name

### Requires

- The caller supplies:
    owner_wishes: string -- what the owner hopes for

### Invariants

{invariants}

### Delegation

```prose
let ideas = call namer
{passed}
let chosen = call owner
  names: ideas
return {{ name: chosen }}
```
"""


@pytest.mark.parametrize(
    ("passed", "status"),
    [
        # the caller's input, named for the owner: it shows there is one,
        # maybe not that it will judge; not settled either way
        ("  owner_wishes: owner_wishes\n", Status.UNRECOGNIZED),
        # a text that says the owner will choose: told
        ('  owner_wishes: owner_wishes\n  prompt: "The owner will choose one."\n', Status.VIOLATED),
        # under a key of its own: named for nothing the fact says
        ("  wishes: owner_wishes\n", Status.UNRECOGNIZED),
    ],
)
def test_an_input_named_for_a_hidden_slot_does_not_settle_it(passed: str, status: Status) -> None:
    from conftest import Recorder

    text = NAMING.replace("{passed}\n", passed)
    assert _status_of(text, "The namer doesn't know an owner will judge its ideas.") == status
    module = _module_of(text.format(invariants=""), f"naming_{abs(hash(passed))}")
    namer = Recorder(["<name>"])
    module.naming(namer=namer, owner=Recorder("<name>"), owner_wishes="<wishes>")
    # what the namer is given: the caller's wishes, under the key the call names
    assert "<wishes>" in namer.calls[0].values()


CAKE = """\
---
name: cake
kind: pattern
---

# Cake

A decorator sketches a cake until the customer approves, revises, or cancels.

### Slots

- `decorator`
  - requires: occasion, feedback
  - ensures: a sketch
- `customer`
  - requires: sketch
  - ensures: a decision word approve, revise or cancel, with comments and a reason
- `critic`
  - requires: sketch
  - ensures: `{{ notes }}`

### Requires

- The caller supplies:
    occasion: string -- what the cake is for

### Invariants

{invariants}

### Delegation

```prose
let feedback = null
let verdict = null
let sketch = null
loop until verdict approves the sketch (max: 2):
  sketch = call decorator
    occasion: occasion
    feedback: feedback
  let verdict = call customer
    sketch: sketch
  feedback = verdict.comments
if verdict says cancel:
  return {{ status: "cancelled", reason: verdict.reason }}
elif verdict approves the sketch:
  return {{ status: "approved", sketch: sketch }}
else:
  return {{ status: "unresolved", feedback: feedback }}
```
"""


def test_a_refusal_said_by_a_word_the_program_tests_is_that_branch() -> None:
    from conftest import Recorder

    # "cancels", of `if verdict says cancel` beside a test of approval and a
    # third answer (revise): the branch where it said cancel, which returns
    # the reason (once read as every path short of approval, which does not)
    assert _status_of(CAKE, "When the customer cancels, its reason is returned.") == Status.PROVED
    module = _module_of(CAKE.format(invariants=""), "cake_cancel")
    out = module.cake(
        decorator=Recorder("<sketch>"),
        customer=Recorder({"decision": "cancel", "comments": "c", "reason": "<too dear>"}),
        critic=Recorder({"notes": "n"}),
        occasion="o",
    )
    assert (out.status, out.reason) == ("cancelled", "<too dear>")
    revised = module.cake(
        decorator=Recorder("<sketch>"),
        customer=Recorder({"decision": "revise", "comments": "c", "reason": "<r>"}),
        critic=Recorder({"notes": "n"}),
        occasion="o",
    )
    # revised to the end: no reason returned, which the sentence does not speak of
    assert (revised.status, revised.reason) == ("unresolved", None)


@pytest.mark.parametrize(
    ("key", "status"),
    [
        # an argument named for what the critic does ("critique"), carrying
        # its work: the name describes the work and says there was a critic
        ("critique", Status.UNRECOGNIZED),
        # named for nothing the fact says
        ("notes", Status.PROVED),
    ],
)
def test_an_argument_named_for_the_hidden_slots_act_does_not_settle_it(key: str, status: Status) -> None:
    from conftest import Recorder

    text = CAKE.replace(
        "  sketch = call decorator\n    occasion: occasion\n    feedback: feedback\n",
        f"  let review = call critic\n    sketch: sketch\n  sketch = call decorator\n    occasion: occasion\n    {key}: review\n",
    )
    assert _status_of(text, "The decorator does not know it is being critiqued.") == status
    module = _module_of(text.format(invariants=""), f"cake_{key}")
    decorator = Recorder("<sketch>")
    module.cake(decorator=decorator, customer=Recorder({"decision": "cancel", "reason": "r"}), critic=Recorder({"notes": "<n>"}), occasion="o")
    # what the decorator was given: the critic's notes, under that key
    assert decorator.calls[0][key] == {"notes": "<n>"}


ROUTES = DRAFTS.replace("- `rounds` (integer, default: 3): how many drafts", "- `rounds` (integer, default: 3): most drafts").replace(
    "  - ensures: a draft", "  - ensures: `{{ path, stops }}`\n- `walker`\n  - requires: path\n  - ensures: ok or redo"
).split("### Delegation")[0] + """### Delegation

```prose
let route = null
let first = null
let walk = null
loop until walk says ok (max: rounds) as round:
  route = call drafter
    brief: brief
    round: round
  if first is null:
    first = route
  walk = call walker
    path: route.path
return {{
  text: {returned}
}}
```
"""


@pytest.mark.parametrize(
    ("returned", "status"),
    [
        # a field of the local every call of the drafter sets, after a loop
        # whose body runs at least once: the latest draft's path
        ("route.path", Status.PROVED),
        # the first draft's path
        ("first.path", Status.VIOLATED),
    ],
)
def test_a_field_of_the_latest_output_comes_from_it(returned: str, status: Status) -> None:
    from conftest import Recorder

    text = ROUTES.replace("{returned}", returned)
    assert _status_of(text, "The returned text is always the drafter's latest draft.") == status
    module = _module_of(text.format(invariants=""), f"routes_{returned.replace('.', '_')}")
    drafter = Recorder(lambda **kw: {"path": f"<path {kw['round']}>", "stops": []})
    out = module.drafts(drafter=drafter, walker=Recorder("redo", "redo", "ok"), brief="b", rounds=3)
    text_out = out["text"] if isinstance(out, dict) else out.text
    assert (text_out == "<path 3>") is (status is Status.PROVED)


CARRIED = """\
---
name: carried
kind: pattern
---

# Carried

A checker looks at each report against the ones accepted so far.

### Slots

- `checker`
  - requires: report
  - ensures: a verdict

### Requires

- The caller supplies:
    reports: string[] -- the reports

### Invariants

{invariants}

### Delegation

```prose
let accepted = []
for report in reports:
  let verdict = call checker
    report: report{extra}
  append {{ report: report, verdict: verdict }} to accepted
return accepted
```
"""


@pytest.mark.parametrize(
    ("extra", "status"),
    [
        ("", Status.PROVED),
        # the list built in the loop holds the reports of earlier iterations
        ("\n    accepted: accepted", Status.VIOLATED),
    ],
)
def test_a_list_built_in_the_loop_carries_earlier_elements(extra: str, status: Status) -> None:
    text = CARRIED.replace("{extra}", extra)
    assert _status_of(text, "The checker is given each report exactly once.") == status
    assert _status_of(text, "Each checker call receives exactly one report.") == status
    module = _module_of(text.format(invariants=""), f"carried_{bool(extra)}")
    from conftest import Recorder

    checker = Recorder("ok")
    module.carried(checker=checker, reports=["r1", "r2", "r3"])
    seen = [re.findall(r"\br\d\b", str(call)) for call in checker.calls]
    assert all(len(found) == 1 for found in seen) is (status is Status.PROVED)

#: a sequential walk that keeps each sample it has seen and hands the list
#: to the next call
KEPT = """\
let seen = []
let runs = []
for sample in samples:
  let reading = call technician
    sample: sample
    seen: seen
  append sample to seen
  append reading to runs

return {
  runs: runs
}"""


@pytest.mark.parametrize(
    ("delegation", "status"),
    [
        # each call is passed its own sample and the samples before it
        (KEPT, Status.VIOLATED),
        # each call is passed its own sample and a list of its readings only
        (KEPT.replace("  append sample to seen\n", ""), Status.PROVED),
    ],
)
def test_an_element_kept_across_iterations_is_another_calls_element(delegation: str, status: Status) -> None:
    assert _statuses(delegation, ["The technician never sees the other samples."]) == [status]
    text = PATTERN.format(invariants="", delegation=delegation)
    module = _module_of(text, f"assay_kept_{status.value}")
    from conftest import Recorder

    technician = Recorder("<reading>")
    module.assay(technician=technician, samples=["s1", "s2"], replicates=1)
    others = [any(other != call["sample"] and other in str(call["seen"]) for other in ("s1", "s2")) for call in technician.calls]
    assert any(others) is (status is Status.VIOLATED)


def _checked(delegation: str, sentence: str, status: Status, name: str) -> list[dict[str, Any]]:
    """With a second slot, `checker`, after the technicians: the sentence's
    status, and what the checker was passed in one run over two samples
    (each technician's output names its sample)."""
    two_slots = PATTERN.replace("  - ensures: readings\n", "  - ensures: readings\n- `checker`\n  - requires: reading\n")
    assert _statuses_in(two_slots.format(invariants=f"- {sentence}", delegation=delegation)) == [status]
    module = _module_of(two_slots.format(invariants="", delegation=delegation), f"assay_{name}")
    from conftest import Recorder

    checker = Recorder("<checked>")
    module.assay(technician=Recorder(lambda **kw: f"<reading of {kw['sample']}>"), checker=checker, samples=["s1", "s2"], replicates=1)
    return list(checker.calls)


#: results collected first, then walked one by one: the element a `for`
#: picks from them is another one each iteration
WALKED = """\
let firsts = parallel for sample in samples:
  call technician
    sample: sample

let runs = []
for first in firsts:
  let check = call checker
    reading: {passed}
  append check to runs

return {
  runs: runs
}"""


@pytest.mark.parametrize(
    ("passed", "status"),
    [
        # the whole list, the same in every iteration
        ("firsts", Status.PROVED),
        # the element of this iteration
        ("first", Status.VIOLATED),
    ],
)
def test_the_element_a_for_picks_from_earlier_results_changes_each_iteration(passed: str, status: Status) -> None:
    delegation = WALKED.replace("{passed}", passed)
    calls = _checked(delegation, "The checker is always given the same `firsts`.", status, f"walked_{status.value}")
    readings = {str(call["reading"]) for call in calls}
    assert len(calls) == 2
    assert (len(readings) == 1) is (status is Status.PROVED)


#: the technicians' readings, collected, handed to the checker at once
COLLECTED = """\
let firsts = parallel for sample in samples:
  call technician
    sample: sample

let check = call checker
  readings: firsts{extra}

return {
  runs: check
}"""


@pytest.mark.parametrize(
    ("extra", "status"),
    [
        # a list of the technicians' outputs holds nothing but their outputs
        ("", Status.PROVED),
        # the samples themselves are something else
        ("\n  samples: samples", Status.VIOLATED),
    ],
)
def test_a_list_of_a_slots_outputs_is_nothing_but_its_outputs(extra: str, status: Status) -> None:
    delegation = COLLECTED.replace("{extra}", extra)
    sentence = "The checker hears from nothing but the technicians."
    (call,) = _checked(delegation, sentence, status, f"collected_{status.value}")
    outputs = {f"<reading of {s}>" for s in ("s1", "s2")}
    only_outputs = all(isinstance(v, list) and set(map(str, v)) <= outputs for v in call.values())
    assert only_outputs is (status is Status.PROVED)


#: a value passed under a key that names nothing else in the pattern
KEYED = """\
let runs = parallel for sample in samples:
  call technician
    sample: sample
    batch_size: {passed}

return {
  runs: runs
}"""


@pytest.mark.parametrize(
    ("passed", "status"),
    [
        ("replicates", Status.PROVED),
        ("sample", Status.VIOLATED),
    ],
)
def test_the_same_argument_named_by_the_key_it_is_passed_under(passed: str, status: Status) -> None:
    delegation = KEYED.replace("{passed}", passed)
    assert _statuses(delegation, ["Every technician call gets the same batch size."]) == [status]
    # words that spell no key, nor any other name, are not read
    assert _statuses(delegation, ["Every technician call gets the same batch count."]) == [Status.UNRECOGNIZED]
    module = _module_of(PATTERN.format(invariants="", delegation=delegation), f"assay_keyed_{status.value}")
    from conftest import Recorder

    technician = Recorder("<reading>")
    module.assay(technician=technician, samples=["s1", "s2"], replicates=3)
    sizes = {str(call["batch_size"]) for call in technician.calls}
    assert len(technician.calls) == 2
    assert (len(sizes) == 1) is (status is Status.PROVED)


#: two calls of the technician, each made once a run
TWICE = """\
parallel:
  let first = call technician
    sample: samples
  let second = call technician
    sample: replicates

let check = call checker
  reading: first
  other: {passed}

return {
  runs: check
}"""


@pytest.mark.parametrize(("passed", "status"), [("second", Status.PROVED), ("first", Status.VIOLATED)])
def test_every_output_of_calls_made_once_a_run_passed_one_by_one(passed: str, status: Status) -> None:
    delegation = TWICE.replace("{passed}", passed)
    (call,) = _checked(delegation, "The checker receives every technician's output.", status, f"twice_{status.value}")
    outputs = {"<reading of ['s1', 's2']>", "<reading of 1>"}
    assert (set(map(str, call.values())) == outputs) is (status is Status.PROVED)


UNTIL_APPROVED = """\
---
name: until-approved
kind: pattern
---

# Until approved

A drafter revises a text until a critic approves it.

### Slots

- `drafter`
  - requires: brief
  - ensures: a draft
- `critic`
  - requires: draft
  - ensures: a verdict

### Requires

- The caller supplies:
    brief: string -- the brief

### Config

- `rounds` (integer, default: 4): how many drafts

### Invariants

{invariants}

### Delegation

```prose
let draft = null
let first = null
let critique = null
loop until critique approves (max: rounds) as round:
  let draft = call drafter
    brief: brief
    round: round
  if first is null:
    first = draft
  let critique = call critic
    draft: draft{inside}
return {{
  text: {returned}
}}
```
"""


@pytest.mark.parametrize(
    ("returned", "inside", "status"),
    [
        # the return after the loop follows its end on the critic's approval
        ("draft", "", Status.PROVED),
        # `first` holds the drafter's first output, not its latest
        ("first", "", Status.VIOLATED),
        # a return in the loop after the verdict may or may not follow an
        # approval, and gives no text
        ("draft", "\n  if critique says stop:\n    return {{ text: null }}", Status.UNRECOGNIZED),
    ],
)
def test_a_return_after_a_loop_that_ends_on_approval_is_on_the_approval_path(returned: str, inside: str, status: Status) -> None:
    text = UNTIL_APPROVED.replace("{returned}", returned).replace("{inside}", inside)
    assert _status_of(text, "When the critic approves, the returned text is the drafter's latest output.") == status
    if status is Status.UNRECOGNIZED:
        return
    module = _module_of(text.format(invariants=""), f"until_approved_{returned}")
    from conftest import Recorder

    drafter = Recorder(lambda **kw: f"<draft {kw['round']}>")
    # the critic approves the second draft
    critic = Recorder("revise", "approve")
    out = module.until_approved(drafter=drafter, critic=critic, brief="b", rounds=4)
    text_out = out["text"] if isinstance(out, dict) else out.text
    assert critic.count == 2
    assert (text_out == "<draft 2>") is (status is Status.PROVED)


# ---------------------------------------------------------------- a slot's calls counted against a loop's bound

ROUNDS_OF_CHECKS = """\
---
name: checks
kind: pattern
---

# Checks

A writer drafts each round and a verifier checks it.

### Slots

- `writer`
  - requires: topic
  - ensures: a draft
- `verifier`
  - requires: the draft
  - ensures: a verdict

### Requires

- The caller supplies:
    topic: string -- what is written
    max_rounds: integer -- (optional, default 3) rounds at most

### Invariants

{invariants}

### Delegation

```prose
{delegation}
```
"""

_ONE_CHECK = """\
let draft = null
loop until **the draft is good** (max: max_rounds):
  draft = call writer
    topic: topic
  call verifier
    draft: draft
return draft"""

_TWO_CHECKS = _ONE_CHECK.replace("return draft", "  call verifier\n    draft: topic\nreturn draft")


@pytest.mark.parametrize("delegation", [_ONE_CHECK, _TWO_CHECKS])
@pytest.mark.parametrize(
    "sentence",
    [
        "No more than `max_rounds` verifiers are run",
        "Verifier calls are bounded by `max_rounds`",
        "Calls to the verifier are bounded by `max_rounds`",
        "At most `max_rounds` verifier calls are ever made",
    ],
)
def test_a_slots_calls_bounded_by_the_loops_bound_count_the_calls(delegation: str, sentence: str) -> None:
    """Said of a slot, the bound counts its calls, not the loop's rounds: a
    verifier called twice a round breaks it though the loop is bounded."""
    twice = delegation is _TWO_CHECKS
    statuses = _statuses_in(ROUNDS_OF_CHECKS.format(invariants=f"- {sentence}", delegation=delegation))
    assert statuses == [Status.VIOLATED if twice else Status.PROVED], sentence
    module = _module_of(ROUNDS_OF_CHECKS.format(invariants="", delegation=delegation), f"checks{next(_GATES)}")
    checked: list[object] = []

    def verifier(**given: object) -> str:
        checked.append(given["draft"])
        return "no"

    # the draft is never good: every round runs
    module.checks(writer=lambda **_: "d", verifier=verifier, topic="t", max_rounds=3, judge=lambda *_: False)
    assert len(checked) == (6 if twice else 3), checked


SEARCH = """\
---
name: search
kind: pattern
---

# Search

Sweep until the coordinator finds the hiker, then send the medic.

### Slots

- `coordinator`
  - requires: sortie
  - ensures: `{{ decision, location }}`
- `medic`
  - requires: location

### Requires

- The caller supplies:
    area: string -- the area to search
    report: string -- the latest weather report
    sectors: string[] -- the sectors, one sweep each

### Config

- `sorties` (integer, default: 3): how many sorties at most

### Invariants

{invariants}

### Delegation

```prose
let found = null
loop until **the hiker is found** (max: sorties) as sortie:
  let update = call coordinator
    area: area
    sortie: sortie
  if update says found:
    found = update.location
{guard}let care = call medic
  location: found
return {{
  care: care
}}
```
"""


@pytest.mark.parametrize(
    ("guard", "status"),
    [
        # a run whose sorties all come back empty returns before the medic:
        # the medic is given a location whenever it runs, but the analysis
        # does not follow the test into `found`, so it does not say
        ("if found is null:\n  return {{ care: null }}\n", Status.UNRECOGNIZED),
        # with no test, such a run calls the medic with null
        ("", Status.VIOLATED),
    ],
)
def test_a_value_that_may_be_null_where_the_program_tests_it_is_not_a_violation(guard: str, status: Status) -> None:
    text = SEARCH.replace("{guard}", guard)
    sentence = "The medic always receives the location reported by the coordinator."
    assert _statuses_in(text.format(invariants=f"- {sentence}")) == [status]
    # without "always": on the runs where it is given a location, or on
    # every run? (where it is not, it is given null)
    loose = "The medic receives the location reported by the coordinator."
    assert _statuses_in(text.format(invariants=f"- {loose}")) == [Status.UNRECOGNIZED]
    module = _module_of(text.format(invariants=""), f"search_{status.value}")
    from conftest import Recorder

    given: list[object] = []
    for answers in (["not yet", {"decision": "found", "location": "ridge"}], ["not yet"]):
        medic = Recorder("<care>")
        module.search(
            coordinator=Recorder(*answers),
            medic=medic,
            judge=lambda *_: False,
            area="north face",
            report="wind",
            sectors=["a", "b"],
        )
        given += [call["location"] for call in medic.calls]
    # the medic is called with null only where nothing tests for it
    assert (None in given) is (status is Status.VIOLATED), given
    assert "ridge" in given


@pytest.mark.parametrize(
    ("sentence", "status"),
    [
        # `report: string`, handed whole to every sweep: no other elements
        ("No sweeper sees another sweeper's report.", Status.UNRECOGNIZED),
        # `sectors: string[]`, dealt out one per sweep
        ("No sweeper sees another sweeper's sector.", Status.PROVED),
    ],
)
def test_another_calls_element_only_of_an_input_that_is_a_list(sentence: str, status: Status) -> None:
    delegation = """\
let sweeps = parallel for sector in sectors:
  call sweeper
    sector: sector
    report: report
return {{
  care: sweeps
}}"""
    text = SEARCH.replace("- `medic`\n  - requires: location\n", "- `sweeper`\n  - requires: sector, report\n")
    text = text[: text.index("```prose\n") + len("```prose\n")] + delegation + "\n```\n"
    assert _statuses_in(text.format(invariants=f"- {sentence}")) == [status]


# ---------------------------------------------------------------- found on a later blind set


def _one_status(delegation: str, sentence: str, *, slots: str, requires: str, ensures: dict[str, str] | None = None) -> Status:
    from conftest import pattern_text

    text = pattern_text("case", delegation, slots=slots, requires=requires, invariants=f"- {sentence}", ensures=ensures)
    # a sentence of several claims: the first of these any claim has
    order = (Status.VIOLATED, Status.UNRECOGNIZED, Status.UNVERIFIABLE, Status.ENFORCED, Status.PROVED)
    statuses = set(_statuses_in(text))
    return next(s for s in order if s in statuses)


_SPANS = """\
for span in spans:
  try:
{before}    let report = call inspector
      span: span
  catch as err:
    call logger
      error: err
return {{ done: true }}
"""


@pytest.mark.parametrize(
    ("before", "status"),
    [
        # nothing before the inspector in the `try`: every span is inspected
        ("", Status.PROVED),
        # a survey that fails is caught, and that span is never inspected
        ("    let imagery = call surveyor\n      span: span\n", Status.VIOLATED),
    ],
)
def test_exactly_once_sees_a_call_skipped_by_a_caught_failure(before: str, status: Status) -> None:
    delegation = _SPANS.format(before=before)
    got = _one_status(delegation, "Every span is inspected exactly once.", slots="inspector, surveyor, logger", requires="spans: string[] -- the spans")
    assert got is status


@pytest.mark.parametrize(
    ("early", "status"),
    [
        ("", Status.PROVED),
        # a run that stops at the screen gives no topic an interviewer:
        # whether the sentence speaks of such runs, its words do not say
        ("if screen does not approve:\n  return { hired: false }\n", Status.UNRECOGNIZED),
    ],
)
def test_exactly_once_after_an_early_return_is_not_settled(early: str, status: Status) -> None:
    delegation = (
        "let screen = call screener\n  resume: resume\n" + early
        + "let cards = parallel for topic in topics:\n  call interviewer\n    topic: topic\nreturn { hired: true, cards: cards }\n"
    )
    got = _one_status(
        delegation, "Each topic is covered by exactly one interviewer.",
        slots="screener, interviewer", requires="resume: string -- the resume\ntopics: string[] -- the topics",
    )
    assert got is status


@pytest.mark.parametrize(
    ("loop", "status"),
    [
        # one chunk at a time, in order; the count of chunks is no chunk
        ("for chunk in chunks:", Status.PROVED),
        ("parallel for chunk in chunks:", Status.VIOLATED),
    ],
)
def test_in_order_of_a_slot_is_in_order_of_the_list_its_loop_walks(loop: str, status: Status) -> None:
    delegation = f"let results = {loop}\n  call mapper\n    chunk: chunk\n    count: chunks.length\nreturn {{ results: results }}\n"
    got = _one_status(delegation, "Mappers run one at a time, in order.", slots="mapper", requires="chunks: string[] -- the chunks")
    assert got is status


_CERTIFY = """\
loop until **the bridge is certified** (max: 3):
  let certificate = call engineer
    bridge: bridge
  if certificate rejects:
    call climber
      bridge: bridge
if certificate certifies:
  return { open: true }
return { open: false }
"""


@pytest.mark.parametrize(
    ("sentence", "status"),
    [
        # at `if certificate rejects`, output that cannot be read takes the
        # branch an approval takes: said as a refusal, that breaks it
        ("Unreadable engineer output counts as a rejection.", Status.VIOLATED),
        # said as never counting as approval: of that test too, or only of
        # the tests that ask for approval?
        ("An engineer verdict that cannot be parsed never certifies the bridge.", Status.UNRECOGNIZED),
        ("Unreadable engineer output never counts as approval.", Status.UNRECOGNIZED),
    ],
)
def test_never_counting_as_approval_is_not_a_refusal_at_a_test_for_one(sentence: str, status: Status) -> None:
    got = _one_status(_CERTIFY, sentence, slots="engineer, climber", requires="bridge: string -- the bridge")
    assert got is status


_TWO_DECIDERS = """\
let screening = call screener
  claim: claim
if screening says deny:
  return { explanation: screening.reason }
let approval = call supervisor
  claim: claim
if approval approves:
  return { explanation: approval.reason }
return { explanation: approval.reason }
"""


@pytest.mark.parametrize(
    ("sentence", "status"),
    [
        # the screener's return comes before the supervisor runs: it is on
        # no path where the supervisor declined
        ("When the supervisor declines, the explanation returned is the supervisor's reason.", Status.PROVED),
        ("When the supervisor declines, the explanation returned is the screener's reason.", Status.VIOLATED),
        # whose decline? two slots' verdicts are tested
        ("On a decline the explanation returned is the supervisor's reason.", Status.UNRECOGNIZED),
    ],
)
def test_a_refusal_path_is_after_the_slot_that_refuses(sentence: str, status: Status) -> None:
    got = _one_status(_TWO_DECIDERS, sentence, slots="screener, supervisor", requires="claim: string -- the claim")
    assert got is status


@pytest.mark.parametrize(
    ("sentence", "status"),
    [
        # given the checker's concerns only when it revises: the first plan
        # is made before the checker ever runs
        ("The planner is told the checker's concerns.", Status.UNRECOGNIZED),
        ("The planner is told the checker's concerns after the first plan.", Status.UNRECOGNIZED),
        # every checker call comes after a plan is made
        ("The checker is told the planner's output.", Status.PROVED),
    ],
)
def test_a_value_made_after_a_call_is_one_of_two_meanings(sentence: str, status: Status) -> None:
    delegation = """\
let plan = call planner
  brief: brief
repeat 2:
  let review = call checker
    plan: plan
  if review says revise:
    let plan = call planner
      brief: brief
      concerns: review.concerns
return { plan: plan }
"""
    got = _one_status(delegation, sentence, slots="planner, checker", requires="brief: string -- the brief")
    assert got is status


@pytest.mark.parametrize(
    ("sentence", "status"),
    [
        # each list the `let` makes only grows; the local is emptied each
        # round: which is meant?
        ("The reports only grow.", Status.UNRECOGNIZED),
        ("Each reports list only grows.", Status.PROVED),
    ],
)
def test_a_list_made_anew_each_round_only_grows_in_one_meaning(sentence: str, status: Status) -> None:
    delegation = """\
let all = []
repeat 2:
  let reports = []
  for item in items:
    let report = call reviewer
      item: item
    append report to reports
  append reports to all
return { all: all }
"""
    got = _one_status(delegation, sentence, slots="reviewer", requires="items: string[] -- the items")
    assert got is status


@pytest.mark.parametrize(
    ("sentence", "status"),
    [
        # "only" after a contrast: of what other delegates produce, or of
        # everything, the rules it is also given included?
        ("The allergist never sees the dishes, only the extractor's output.", Status.UNRECOGNIZED),
        ("The allergist never sees the dishes, only the extractor's output and the rules.", Status.PROVED),
        ("The allergist never sees the rules, only the extractor's output.", Status.VIOLATED),
    ],
)
def test_only_after_a_contrast_is_checked_both_ways(sentence: str, status: Status) -> None:
    delegation = """\
for dish in dishes:
  let ingredients = call extractor
    recipe: dish
  call allergist
    ingredients: ingredients
    rules: rules
return { done: true }
"""
    got = _one_status(delegation, sentence, slots="extractor, allergist", requires="dishes: string[] -- the dishes\nrules: string -- the rules")
    assert got is status


_CUPS = """\
{head}{indent}let scores = parallel for cup in cups:
{indent}  call cupper
{indent}    cup: cup
{tail}return {{ done: true }}
"""


@pytest.mark.parametrize(
    ("head", "tail", "status"),
    [
        ("", "", Status.PROVED),
        # in a branch: a run that takes the other branch gives no cup a call
        ("let ok = call steward\n  lot: lot\nif ok approves:\n", "", Status.UNRECOGNIZED),
        # in another loop: each round gives each cup its call again ("each
        # cup goes to one cupper", in every batch, or in the whole run?)
        ("repeat 3 as batch:\n", "", Status.UNRECOGNIZED),
        # a second call in the same loop is a second call in either meaning
        ("repeat 3 as batch:\n", "    call cupper\n      cup: cup\n", Status.VIOLATED),
    ],
)
def test_exactly_once_of_a_loop_that_runs_on_some_paths_or_again_is_not_settled(head: str, tail: str, status: Status) -> None:
    delegation = _CUPS.format(head=head, indent="  " if head else "", tail=tail)
    got = _one_status(
        delegation, "Each cup goes to exactly one cupper call.",
        slots="steward, cupper", requires="lot: string -- the lot\ncups: string[] -- the cups",
    )
    assert got is status


@pytest.mark.parametrize(
    ("sentence", "status"),
    [
        # the object of the fact's verb is what the slot acted on, not the
        # fact: a briefer that is given the dive plan is not told the dive
        # was cleared
        ("The briefer is unaware that a dive master cleared the dive.", Status.PROVED),
        ("The briefer does not know that the dive master approved the dive.", Status.PROVED),
        # what a delegate produced is a thing it is given, not a fact
        ("The briefer is unaware of what the dive master produced.", Status.UNRECOGNIZED),
    ],
)
def test_a_hidden_fact_is_the_doing_not_what_it_is_done_to(sentence: str, status: Status) -> None:
    delegation = (
        "let clearance = call dive_master\n  plan: dive\nif clearance approves:\n"
        "  call briefer\n    plan: dive\n    prompt: \"Brief the group on the dive.\"\nreturn { ok: true }\n"
    )
    got = _one_status(delegation, sentence, slots="dive_master, briefer", requires="dive: string -- the dive plan")
    assert got is status


@pytest.mark.parametrize(
    ("revision", "status"),
    [
        # the draft that opens each room comes before the room's playtest,
        # the revision after it: "the smith is passed the notes" of the
        # calls after the playtest, or of every call? Its words do not say
        ("notes: last.notes", Status.UNRECOGNIZED),
        # no call of the smith is given them: false in either meaning
        ("room: room", Status.VIOLATED),
    ],
)
def test_a_call_first_in_each_round_before_the_slot_it_names_is_a_second_meaning(revision: str, status: Status) -> None:
    delegation = (
        "repeat 3 as room:\n"
        "  let draft = call puzzle_smith\n    room: room\n"
        "  let last = call playtester\n    draft: draft\n"
        f"  let draft = call puzzle_smith\n    {revision}\n"
        "  let heard = last.notes\n"
        "return { done: true }\n"
    )
    got = _one_status(
        delegation, "The puzzle smith is passed the playtester's notes.", slots="puzzle_smith, playtester", requires="brief: string -- the brief"
    )
    assert got is status


@pytest.mark.parametrize(
    ("start", "status"),
    [
        # a field of the formulator's output before the loop, its whole
        # output in it: the formulator's on every path, in two shapes the
        # analysis does not bring together
        ("choice.formula", Status.UNRECOGNIZED),
        ("choice", Status.PROVED),
        # an input on one path: not the formulator's
        ("brief", Status.VIOLATED),
    ],
)
def test_a_returned_value_that_is_a_slots_output_in_another_shape_on_each_path(start: str, status: Status) -> None:
    delegation = (
        "let choice = call formulator\n  brief: brief\n"
        f"let submitted = {start}\n"
        "loop until **approved** (max: 3):\n"
        "  let ruling = call regulator\n    formula: submitted\n"
        "  if ruling approves:\n    return { formula: submitted }\n"
        "  submitted = call formulator\n    objection: ruling\n"
        "return { formula: null }\n"
    )
    got = _one_status(
        delegation, "On approval, the formula returned is the formulator's.",
        slots="formulator, regulator", requires="brief: string -- the brief",
    )
    assert got is status


@pytest.mark.parametrize(
    ("requires", "status"),
    [
        ("brief: string -- the brief", Status.PROVED),
        # bare, "panel" names the input `panel_size`: the canonical form
        # ("does not know about panel") would not read back as this word
        ("brief: string -- the brief\npanel_size: number -- how many rate", Status.UNRECOGNIZED),
    ],
)
def test_a_word_of_a_hidden_fact_that_names_the_patterns_data_is_not_read(requires: str, status: Status) -> None:
    delegation = "let accord = call perfumer\n  brief: brief\nreturn { accord: accord }\n"
    got = _one_status(delegation, "No perfumer is told that a panel will rate its accord.", slots="perfumer", requires=requires)
    assert got is status


@pytest.mark.parametrize(
    ("prompt", "key", "status"),
    [
        # "mapper" is a word of the hidden `map_reduce`: it may tell the
        # reducer of the pipeline, or be only what it merges
        ("Merge every mapper result.", "results", Status.UNRECOGNIZED),
        ("Merge every result.", "mapper_results", Status.UNRECOGNIZED),
        # the fact said in full
        ("Merge the map-reduce results.", "results", Status.VIOLATED),
        # no word of it
        ("Merge every result.", "results", Status.PROVED),
    ],
)
def test_a_hidden_fact_of_several_words_is_not_proved_hidden_when_one_is_said(prompt: str, key: str, status: Status) -> None:
    from conftest import Recorder, pattern_text

    delegation = (
        "let summaries = parallel for chunk in chunks:\n  call mapper\n    chunk: chunk\n"
        f"let result = call reducer\n  {key}: summaries\n  prompt: \"{prompt}\"\nreturn {{ result: result }}\n"
    )
    requires = "chunks: string[] -- the chunks"
    sentence = "- The reducer does not know it is part of a map-reduce pipeline."
    text = pattern_text("map-reduce", delegation, slots="mapper, reducer", requires=requires, invariants=sentence)
    assert _statuses_in(text) == [status]
    # what the reducer is told, run
    module = _module_of(pattern_text("map-reduce", delegation, slots="mapper, reducer", requires=requires), f"mapreduce_{abs(hash(delegation))}")
    reducer = Recorder("merged", name="reducer")
    assert module.map_reduce(mapper=Recorder("part", name="mapper"), reducer=reducer, chunks=["a", "b"]).result == "merged"
    told = " ".join(str(v) for v in reducer.calls[0].values()) + " " + " ".join(reducer.calls[0])
    assert ("map" in told.lower()) == (status is not Status.PROVED)


@pytest.mark.parametrize(
    ("prompt", "status"),
    [
        # "lab", the last word of `lens_labs`, beside "outside" and "made"
        ("Check the fit of the lenses the outside lab made.", Status.VIOLATED),
        ("Check the fit of the lenses.", Status.PROVED),
        # "outside" alone may be the fitter's own words
        ("Check the fit outside in daylight.", Status.UNRECOGNIZED),
    ],
)
def test_the_last_word_of_a_hidden_delegate_names_it_beside_the_fact(prompt: str, status: Status) -> None:
    from conftest import Recorder, pattern_text

    delegation = (
        "let lenses = call lens_labs\n  order: order\n"
        f"let fit = call fitter\n  lenses: lenses\n  prompt: \"{prompt}\"\nreturn {{ fit: fit }}\n"
    )
    requires = "order: string -- the order"
    got = _one_status(delegation, "The fitter is not told that an outside lab made the lenses.", slots="lens_labs, fitter", requires=requires)
    assert got is status
    module = _module_of(pattern_text("case", delegation, slots="lens_labs, fitter", requires=requires), f"lenses_{abs(hash(delegation))}")
    fitter = Recorder("fits", name="fitter")
    module.case(lens_labs=Recorder("lenses", name="lens_labs"), fitter=fitter, order="o")
    assert ("outside lab" in str(fitter.calls[0]["prompt"])) == (status is Status.VIOLATED)


def test_the_last_word_of_a_hidden_delegate_in_the_slots_own_name_is_its_own() -> None:
    # "referee" is the assistant referee's own word, not the video referee's
    delegation = (
        "let ruling = call video_referee\n  clip: clip\n"
        "let call_ = call assistant_referee\n  clip: clip\n  prompt: \"As assistant referee, judge the clip.\"\n"
        "return { ruling: ruling, call_: call_ }\n"
    )
    got = _one_status(
        delegation, "The assistant referee does not know a video referee is also judging.",
        slots="video_referee, assistant_referee", requires="clip: string -- the clip",
    )
    assert got is not Status.VIOLATED


_ASKED_TO_DECLINE = """\
let screening = call screener
  claim: claim
  prompt: "Answer clear or deny, with a reason."
if screening says deny:
  return {{ explanation: screening.reason }}
let approval = call supervisor
  claim: claim
  prompt: "{asked}"
if approval approves:
  return {{ explanation: "paid" }}
return {{ explanation: {declined} }}
"""


@pytest.mark.parametrize(
    ("asked", "declined", "status"),
    [
        # only the supervisor is asked to decline: "a decline" is its refusal
        ("Approve or decline the amounts.", "approval.reason", Status.PROVED),
        ("Approve or decline the amounts.", "screening.reason", Status.VIOLATED),
        # neither prompt offers the word: whose refusal is not said
        ("Approve or refuse the amounts.", "approval.reason", Status.UNRECOGNIZED),
    ],
)
def test_a_refusal_word_one_deciders_prompt_offers_is_that_deciders(asked: str, declined: str, status: Status) -> None:
    from conftest import Recorder, pattern_text

    delegation = _ASKED_TO_DECLINE.format(asked=asked, declined=declined)
    sentence = "On a decline, the explanation returned is the supervisor's reason."
    got = _one_status(delegation, sentence, slots="screener, supervisor", requires="claim: string -- the claim")
    assert got is status
    module = _module_of(pattern_text("case", delegation, slots="screener, supervisor", requires="claim: string -- the claim"), f"decline_{abs(hash(delegation))}")
    declining = {"decision": "decline", "reason": "over the limit"}
    result = module.case(screener=Recorder({"decision": "clear", "reason": "fine"}), supervisor=Recorder(declining), claim="c")
    assert (result.explanation == "over the limit") == (status is not Status.VIOLATED)


@pytest.mark.parametrize(
    ("prompt", "status"),
    [
        # "work" is not "worked out": the verb after "will be" is no word
        # of the fact, which is the price
        ("Proceed only if a crew can work this roof.", Status.PROVED),
        ("Proceed only if a crew can work this roof, so that we can price the job.", Status.VIOLATED),
    ],
)
def test_a_verb_after_will_be_is_no_word_of_a_hidden_fact(prompt: str, status: Status) -> None:
    from conftest import Recorder, pattern_text

    delegation = (
        f"let clearance = call safety_officer\n  survey: survey\n  prompt: \"{prompt}\"\n"
        "let quote = call estimator\n  survey: survey\nreturn { quote: quote, clearance: clearance }\n"
    )
    requires = "survey: string -- the roof survey"
    sentence = "The safety officer doesn't know that a price will be worked out afterwards."
    assert _one_status(delegation, sentence, slots="safety_officer, estimator", requires=requires) is status
    module = _module_of(pattern_text("case", delegation, slots="safety_officer, estimator", requires=requires), f"roof_{abs(hash(delegation))}")
    officer = Recorder("fine", name="safety_officer")
    module.case(safety_officer=officer, estimator=Recorder("a quote"), survey="s")
    assert ("price" in str(officer.calls[0]["prompt"])) == (status is Status.VIOLATED)


@pytest.mark.parametrize(
    ("prompt", "status"),
    [
        # "surveyed", of a slot `survey`: the verb its name is says so
        ("Residents are being surveyed as well; check this kerb.", Status.VIOLATED),
        ("A survey is under way; check this kerb.", Status.VIOLATED),
        ("Check this kerb for safety.", Status.PROVED),
    ],
)
def test_a_slot_named_by_a_verb_is_named_by_its_forms(prompt: str, status: Status) -> None:
    from conftest import Recorder, pattern_text

    delegation = (
        "let opinion = call survey\n  comments: comments\n"
        f"let safety = call engineer\n  location: location\n  prompt: \"{prompt}\"\n"
        "return { opinion: opinion, safety: safety }\n"
    )
    requires = "comments: string -- the residents' comments\nlocation: string -- the stop"
    sentence = "The engineer doesn't know a residents' survey is going on."
    assert _one_status(delegation, sentence, slots="survey, engineer", requires=requires) is status
    module = _module_of(pattern_text("case", delegation, slots="survey, engineer", requires=requires), f"survey_{abs(hash(delegation))}")
    engineer = Recorder("safe", name="engineer")
    module.case(survey=Recorder("for"), engineer=engineer, comments="c", location="l")
    assert ("survey" in str(engineer.calls[0]["prompt"])) == (status is Status.VIOLATED)


@pytest.mark.parametrize(
    ("delegation", "status"),
    [
        # one specimen per call of the printer, the one slot whose results
        # the local holds
        ("let specimen = call printer\n  face: face\nreturn { specimen: specimen }\n", Status.PROVED),
        ("repeat rounds:\n  let specimen = call printer\n    face: face\nreturn { done: true }\n", Status.VIOLATED),
        # retried: a failed attempt is a call that prints nothing
        ("let specimen = call printer\n  face: face\n  retry: 2\nreturn { specimen: specimen }\n", Status.UNRECOGNIZED),
    ],
)
def test_at_most_n_of_what_a_slot_makes_is_at_most_n_calls(delegation: str, status: Status) -> None:
    from conftest import Recorder, pattern_text

    requires = "face: string -- the typeface\nrounds: integer -- the rounds"
    assert _one_status(delegation, "At most one specimen is printed.", slots="printer", requires=requires) is status
    module = _module_of(pattern_text("case", delegation, slots="printer", requires=requires), f"printer_{abs(hash(delegation))}")
    printer = Recorder("a specimen", name="printer")
    module.case(printer=printer, face="f", rounds=2)
    assert (printer.count > 1) == (status is Status.VIOLATED)


_PERMIT = """\
let verdict = null
loop while **verdict does not approve** (max: rounds):
  let verdict = call officer
    plan: brief
{guard}let done = call technician
  conditions: verdict.conditions
return {{ done: done }}
"""
#: ``rounds`` may be 0: the loop may run no round, and leave the null
_PERMIT_REQUIRES = "brief: string -- the brief\nrounds: integer -- most rounds"


@pytest.mark.parametrize(
    ("guard", "status"),
    [
        # a null verdict never approves: past the return, `verdict` is the
        # officer's output, not the null it was bound to
        ("if verdict does not approve:\n  return { done: null }\n", Status.PROVED),
        ("if verdict says reject:\n  return { done: null }\nelif verdict approves:\n  let ok = true\nelse:\n  return { done: null }\n", Status.PROVED),
        # the same test, with no return: the null goes on to the technician
        ("if verdict does not approve:\n  let warned = true\n", Status.VIOLATED),
        ("", Status.VIOLATED),
        # a test a null passes
        ("if verdict says approve:\n  let warned = true\nelse:\n  return { done: null }\n", Status.PROVED),
        ("if verdict is present:\n  let warned = true\nelse:\n  return { done: null }\n", Status.UNRECOGNIZED),
    ],
)
def test_a_verdict_no_null_passes_is_not_null_past_the_test(guard: str, status: Status) -> None:
    got = _one_status(
        _PERMIT.format(guard=guard), "The technician always receives the officer's conditions.",
        slots="officer, technician", requires=_PERMIT_REQUIRES,
    )
    assert got is status


def test_a_verdict_no_null_passes_is_not_null_past_the_test_when_run() -> None:
    from conftest import pattern_text

    guard = "if verdict does not approve:\n  return { done: null }\n"
    text = pattern_text("permit", _PERMIT.format(guard=guard), slots="officer, technician", requires=_PERMIT_REQUIRES)
    module = _module_of(text, "permit")
    answers = iter(["garbled", {"decision": "approve", "conditions": "cones out"}])
    calls: list[tuple[str, Any]] = []

    def officer(**kw: Any) -> Any:
        calls.append(("officer", kw.get("plan")))
        return next(answers)

    def technician(**kw: Any) -> Any:
        calls.append(("technician", kw.get("conditions")))
        return "done"

    assert module.permit(brief="b", rounds=3, officer=officer, technician=technician).done == "done"
    # an unreadable verdict does not approve and the loop goes on; the
    # technician is given the approving verdict's conditions
    assert calls == [("officer", "b"), ("officer", "b"), ("technician", "cones out")]


_ESCALATION = """\
let category = call triager
  message: message
{body}"""


@pytest.mark.parametrize(
    ("body", "status"),
    [
        # the other branch never asks the supervisor: no refusal of its leads there
        (
            "if category says refund:\n  let approval = call supervisor\n    message: message\n"
            "  if approval approves:\n    return { reply: approval.reply }\n  return { reply: approval.reply }\n"
            "else:\n  return { reply: message }\n",
            Status.PROVED,
        ),
        # after the `if`, a refusal does lead to the return
        (
            "if category says refund:\n  let approval = call supervisor\n    message: message\n"
            "  if approval approves:\n    return { reply: approval.reply }\n"
            "return { reply: message }\n",
            Status.VIOLATED,
        ),
        # in a loop, the other branch may run after a refusal in an earlier round
        (
            "repeat 2:\n  if category says refund:\n    let approval = call supervisor\n      message: message\n"
            "    if approval approves:\n      return { reply: approval.reply }\n"
            "  else:\n    return { reply: message }\n"
            "return { reply: null }\n",
            Status.VIOLATED,
        ),
    ],
)
def test_a_return_in_another_branch_than_the_approver_is_on_no_refusal_path(body: str, status: Status) -> None:
    got = _one_status(
        _ESCALATION.format(body=body), "When the supervisor refuses, the reply is the supervisor's.",
        slots="triager, supervisor", requires="message: string -- the message",
    )
    assert got is status


_SCREENING = """\
let notes = parallel for paper in papers:
  call extractor
    text: paper.full_text
let pooled = call synthesist
{given}return {{ pooled: pooled }}
"""


@pytest.mark.parametrize(
    ("given", "status"),
    [
        # what the extractors made of the texts is theirs
        ("  notes: notes\n", Status.UNRECOGNIZED),
        ("  title: papers[0].title\n", Status.PROVED),
        # the field itself, of an input's element, or the input whole
        ("  text: papers[0].full_text\n", Status.VIOLATED),
        ("  papers: papers\n", Status.VIOLATED),
    ],
)
def test_a_field_the_program_reads_of_an_input(given: str, status: Status) -> None:
    got = _one_status(
        _SCREENING.format(given=given), "The synthesist never sees the full texts.",
        slots="extractor, synthesist", requires="papers: object[] -- each with a title and a full text",
    )
    assert got is status


@pytest.mark.parametrize(
    ("given", "status"),
    [
        # two fields of its proposal: the proposal, or parts of it?
        ("    duration: proposal.duration\n    equipment: proposal.equipment\n", Status.UNRECOGNIZED),
        ("    proposal: proposal\n", Status.PROVED),
        ("    duration: track\n", Status.VIOLATED),
    ],
)
def test_parts_of_an_input_on_every_path_are_a_second_meaning(given: str, status: Status) -> None:
    delegation = f"for proposal in proposals:\n  call logistics\n{given}return {{ done: true }}\n"
    got = _one_status(
        delegation, "Logistics sees the proposal.", slots="logistics",
        requires="proposals: object[] -- each with a duration and equipment\ntrack: string -- the track",
    )
    assert got is status


@pytest.mark.parametrize(
    ("first", "second", "sentence", "status"),
    [
        # asked twice, shown the price once: the call that is given it, or every call?
        ("price: quote.price", "plan: plan", "The customer is shown the estimator's price.", Status.UNRECOGNIZED),
        ("price: quote.price", "plan: plan\n  price: quote.price", "The customer is shown the estimator's price.", Status.PROVED),
        # "always": every call, said so
        ("price: quote.price", "plan: plan", "The customer is always shown the estimator's price.", Status.VIOLATED),
        ("price: quote.price", "plan: plan\n  price: quote.price", "The customer is always shown the estimator's price.", Status.PROVED),
        ("price: quote.price", "plan: plan", "The customer always sees the estimator's price.", Status.VIOLATED),
        # given it by neither call
        ("plan: plan", "plan: plan", "The customer is shown the estimator's output.", Status.VIOLATED),
    ],
)
def test_a_slot_called_at_two_sites_one_given_the_value(first: str, second: str, sentence: str, status: Status) -> None:
    delegation = (
        "let quote = call estimator\n  plan: plan\n"
        f"let answer = call customer\n  {first}\n"
        f"let signoff = call customer\n  {second}\n"
        "return { answer: answer, signoff: signoff }\n"
    )
    got = _one_status(delegation, sentence, slots="estimator, customer", requires="plan: string -- the move plan")
    assert got is status


#: a loop whose test (or a return in it) reads what a delegate answered in
#: that round: the delegate may end it after the first round
_ROUNDS = """\
let draft = null
let review = null
{loop}
  draft = call writer
    brief: brief
    notes: draft
  review = call editor
    draft: draft
{inside}{after}return {{ draft: draft }}
"""


@pytest.mark.parametrize(
    ("loop", "inside", "after", "status"),
    [
        # the editor may accept the first draft: one call, not `rounds`
        ("loop until review accepts (max: rounds):", "", "", Status.VIOLATED),
        ("loop while review does not accept (max: rounds):", "", "", Status.VIOLATED),
        ("repeat rounds:", "  if review accepts:\n    return { draft: draft }\n", "", Status.VIOLATED),
        # no test: every round runs
        ("repeat rounds:", "", "", Status.PROVED),
        # a test of the brief, which the caller fixes: whether a run may
        # stop early is not shown
        ("loop until brief says done (max: rounds):", "", "", Status.UNRECOGNIZED),
        # a throw after the loop: the run that stops early may not return
        ("loop until review accepts (max: rounds):", "", "if review says reject:\n  throw \"rejected\"\n", Status.UNRECOGNIZED),
    ],
)
def test_exactly_n_calls_of_a_loop_a_delegate_may_end_early(loop: str, inside: str, after: str, status: Status) -> None:
    from conftest import Recorder, pattern_text

    delegation = _ROUNDS.format(loop=loop, inside=inside, after=after)
    got = _one_status(
        delegation, "The writer is called exactly rounds times.", slots="writer, editor",
        requires="brief: string -- the brief\nrounds: integer -- most rounds",
    )
    assert got is status
    # the run the check describes: the editor accepts the first draft
    text = pattern_text("case", delegation, slots="writer, editor", requires="brief: string -- the brief\nrounds: integer -- most rounds")
    module = _module_of(text, f"rounds_{abs(hash(delegation))}")
    writer = Recorder("a draft", name="writer")
    result = module.case(writer=writer, editor=Recorder("accept", name="editor"), brief="b", rounds=3)
    assert result.draft == "a draft"
    ends_early = "review" in loop or "review" in inside
    assert writer.count == (1 if ends_early else 3)
    # violated: that run makes fewer calls; proved: none does (here, the
    # first); not settled: the check does not follow the run (the throw
    # after the loop is not taken in it)
    assert status is Status.UNRECOGNIZED or (writer.count != 3) == (status is Status.VIOLATED)


@pytest.mark.parametrize(
    ("sentence", "status"),
    [
        # a word the input's description says too, in a form of its own
        ("The refunder receives the disputed amount.", Status.PROVED),
        ("The notifier never sees the disputed amount.", Status.PROVED),
        ("The refunder never sees the disputed amount.", Status.VIOLATED),
        # a word the description does not say: which amount is meant
        ("The refunder receives the estimated amount.", Status.UNRECOGNIZED),
    ],
)
def test_a_modifier_an_inputs_description_says_too(sentence: str, status: Status) -> None:
    got = _one_status(
        "let receipt = call refunder\n  amount: amount\nlet note = call notifier\n  receipt: receipt\nreturn { note: note }\n",
        sentence, slots="refunder, notifier", requires="amount: number -- the amount in dispute",
    )
    assert got is status


_HEMS = """\
let remarks = null
let garment = null
let check = null
loop until check says accept (max: fittings):
  let garment = call tailor
    length: length
    notes: remarks
  let check = call fitter
    garment: garment
  if check says alter:
    remarks = check.notes
  else:
    remarks = null
return { garment: garment }
"""
_HEMS_REQUIRES = "length: number -- the inseam\nfittings: integer -- most fittings"


@pytest.mark.parametrize(
    ("sentence", "status"),
    [
        # notes after an `alter`, null otherwise: on the rounds that have
        # notes, or on every call? Not settled
        ("The tailor gets the fitter's notes.", Status.UNRECOGNIZED),
        # every call, said so: the first call is given null
        ("The tailor always gets the fitter's notes.", Status.VIOLATED),
        ("Each tailor call is given the fitter's notes.", Status.VIOLATED),
        ("Each tailor call is given the length.", Status.PROVED),
        # a word for what a measuring slot reports, of a slot that declares
        # no keys: its whole result, which reaches the tailor
        ("The tailor never sees the fitter's numbers.", Status.VIOLATED),
        ("The fitter never sees the tailor's figures.", Status.VIOLATED),
    ],
)
def test_a_value_passed_on_some_rounds_and_null_on_the_others(sentence: str, status: Status) -> None:
    assert _one_status(_HEMS, sentence, slots="tailor, fitter", requires=_HEMS_REQUIRES) is status


def test_a_value_passed_on_some_rounds_and_null_on_the_others_when_run() -> None:
    from conftest import Recorder, pattern_text

    text = pattern_text("case", _HEMS, slots="tailor, fitter", requires=_HEMS_REQUIRES)
    module = _module_of(text, "hems")
    tailor = Recorder("<garment>", name="tailor")
    fitter = Recorder(
        {"decision": "alter", "notes": "shorten"}, {"decision": "recut", "notes": "redo"}, "accept", name="fitter"
    )
    assert module.case(tailor=tailor, fitter=fitter, length=80, fittings=4).garment == "<garment>"
    # the first call and the one after a recut are given null; the one
    # after an `alter`, the fitter's notes
    assert [call["notes"] for call in tailor.calls] == [None, "shorten", None]
    assert [call["length"] for call in tailor.calls] == [80, 80, 80]


def test_a_key_the_program_reads_that_is_also_a_locals_name() -> None:
    # `notes = check.notes`: "the fitter's notes" is the key read off the
    # fitter's result, though a local has its name
    hems = _HEMS.replace("remarks", "notes")
    assert "notes = check.notes" in hems
    got = _one_status(hems, "The tailor always gets the fitter's notes.", slots="tailor, fitter", requires=_HEMS_REQUIRES)
    assert got is Status.VIOLATED
    # (the tailor's whole result reaches the fitter: removed at run time)
    got = _one_status(hems, "The fitter never sees the tailor's notes.", slots="tailor, fitter", requires=_HEMS_REQUIRES)
    assert got is Status.ENFORCED


_BINDING = """\
let proof = call typesetter
  layout: manuscript
let sheet = call printer
  layout: proof.pages
let ok = call inspector
  layout: proof
  sheet: sheet
return { layout: proof, sheet: sheet }
"""


@pytest.mark.parametrize(
    ("sentence", "read", "status"),
    [
        # `layout` is only a key the program writes (an argument, a returned
        # key): no value is ever read as that field, so "never sees the
        # layout" would hold of nothing; not read
        ("The printer never sees the layout.", "layout", Status.UNRECOGNIZED),
        ("The inspector gets the layout.", "layout", Status.UNRECOGNIZED),
        # a key the program reads off a result: that field, which the
        # inspector gets inside the typesetter's whole result
        ("The printer never sees the pages.", "pages", Status.VIOLATED),
        ("The inspector never sees the pages.", "pages", Status.VIOLATED),
        ("The inspector gets the pages.", "pages", Status.PROVED),
        ("The printer gets the pages.", "pages", Status.PROVED),
    ],
)
def test_a_key_the_program_only_writes_is_no_field(sentence: str, read: str, status: Status) -> None:
    assert f"{read}:" in _BINDING or f".{read}" in _BINDING
    got = _one_status(_BINDING, sentence, slots="typesetter, printer, inspector", requires="manuscript: string -- the text")
    assert got is status


_PAYOUT = """\
let assessment = call assessor
  claim: claim
  prompt: "Value the claim and give a reason."
let approval = call supervisor
  assessment: assessment
  prompt: "Approve or decline the assessed amount."
if approval approves:
  let payment = call cashier
    amount: assessment
    prompt: "Pay the approved amount to the account on file."
  return { payment: payment }
let note = call cashier
  amount: null
  prompt: "Pay nothing; write to the claimant instead."
return { payment: note }
"""


@pytest.mark.parametrize(
    ("gate", "sentence", "status"),
    [
        # "paid": what the cashier's prompts tell it to do
        ("", "Nothing is paid unless the supervisor approves.", Status.PROVED),
        # the assessor's verdict is never tested for approval
        ("", "Nothing is paid unless the assessor approves.", Status.VIOLATED),
        ("", "Money is paid only after the supervisor approves.", Status.PROVED),
        # a call of the cashier outside the approval: violated
        ("outside", "Nothing is paid unless the supervisor approves.", Status.VIOLATED),
    ],
)
def test_an_act_a_slots_prompt_names(gate: str, sentence: str, status: Status) -> None:
    body = _PAYOUT if gate else _PAYOUT.split("let note")[0] + "return { payment: null }\n"
    got = _one_status(body, sentence, slots="assessor, supervisor, cashier", requires="claim: string -- the claim")
    assert got is status


def test_an_act_a_prompt_names_is_not_a_key_of_the_program() -> None:
    from prosec.invariants.lexicon import base_forms

    assert {"pays", "paid", "paying"} <= base_forms("pay")
    assert {"issues", "issued", "issuing"} <= base_forms("issue")
    assert {"ships", "shipped"} <= base_forms("ship")
    assert {"copies", "copied"} <= base_forms("copy")
    # "Flag any stamp" of a checker returning `{ flags, notes }`: "the
    # flags" is that field, not what the checker does
    body = """\
let check = call checker
  stamps: stamps
  prompt: "Flag any stamp that looks altered."
let cert = call certifier
  flags: check.flags
return { cert: cert }
"""
    got = _one_status(body, "The certifier sees the flags.", slots="checker, certifier", requires="stamps: string[] -- the lot")
    assert got is Status.PROVED


_COPIED = """\
let draft = null
let last_review = null
repeat rounds:
  let draft = call writer
    notes: last_review
  let review = call critic
    draft: draft
    {extra}
  last_review = review
return {{ draft: draft }}
"""


@pytest.mark.parametrize(
    ("extra", "status"),
    [
        # `last_review = review`: the local holds the critic's results, by
        # way of `review`; its earlier values are the critic's earlier output
        ("", Status.PROVED),
        ("earlier: last_review", Status.VIOLATED),
    ],
)
def test_a_local_set_to_another_holds_what_that_one_holds(extra: str, status: Status) -> None:
    body = _COPIED.format(extra=extra)
    got = _one_status(body, "The critic never sees its earlier reviews.", slots="writer, critic", requires="rounds: integer -- most rounds")
    assert got is status


_WITHHELD = """\
let draft = null
let last_review = null
repeat rounds:
  let draft = call writer
    notes: last_review
    topic: topic
  let review = call critic
    draft: draft
    criteria: criteria
  last_review = review
return { draft: draft }
"""
_WITHHELD_REQUIRES = "rounds: integer -- most rounds\ntopic: string -- the topic\ncriteria: string -- the criteria"


@pytest.mark.parametrize(
    ("sentence", "status"),
    [
        # "only", after a clause that keeps something from the same calls:
        # only the reviews in place of the criteria, or nothing else at all
        # (the writer is also given the topic)? Both are checked
        ("The criteria are kept from the writer; it sees only the critic's reviews.", Status.UNRECOGNIZED),
        ("The writer never sees the criteria; it sees only the critic's reviews.", Status.UNRECOGNIZED),
        # no contrast: "only" is said of everything the writer is given
        ("The writer sees only the critic's reviews.", Status.VIOLATED),
    ],
)
def test_only_after_a_clause_that_withholds_is_checked_both_ways(sentence: str, status: Status) -> None:
    got = _one_status(_WITHHELD, sentence, slots="writer, critic", requires=_WITHHELD_REQUIRES)
    assert got is status


@pytest.mark.parametrize(
    ("kept", "status"),
    [
        # `last_review = review` after every critic call, returned after the
        # loop: the latest review, but the checks do not follow a copy, so
        # it is not settled either way
        ("last_review", Status.UNRECOGNIZED),
        # the first review, made before the loop: not the latest
        ("first", Status.VIOLATED),
    ],
)
def test_the_latest_output_held_by_a_copy_is_not_settled(kept: str, status: Status) -> None:
    body = "let first = call critic\n  draft: topic\n" + _WITHHELD.replace("{ draft: draft }", f"{{ draft: draft, review: {kept} }}")
    sentence = "When the rounds run out, the critic's latest review is returned."
    assert _one_status(body, sentence, slots="writer, critic", requires=_WITHHELD_REQUIRES) is status


_HITS = """\
let hits = []
for archive in archives:
  let found = call searcher
    archive: archive
    {earlier}
  append found to hits
return {{ hits: hits }}
"""


@pytest.mark.parametrize(
    ("earlier", "sentence", "status"),
    [
        # "the hits of the searchers called before it": the earlier calls'
        # outputs, which `hits` collects
        ("earlier: hits", "No searcher call sees the hits of the searchers called before it.", Status.VIOLATED),
        ("", "No searcher call sees the hits of the searchers called before it.", Status.PROVED),
        ("", "Each searcher call sees the results of the searchers called before it.", Status.VIOLATED),
        # passed the list, empty at the first call: whether each call gets
        # one is not counted
        ("earlier: hits", "Each searcher call sees the hits of the searchers called before it.", Status.UNRECOGNIZED),
    ],
)
def test_the_values_of_the_calls_before_it(earlier: str, sentence: str, status: Status) -> None:
    got = _one_status(_HITS.format(earlier=earlier), sentence, slots="searcher", requires="archives: string[] -- the archives")
    assert got is status


@pytest.mark.parametrize(
    ("sentence", "status"),
    [
        # "the X in the result": the returned key X
        ("The draft in the result is the writer's own output.", Status.PROVED),
        ("The draft in the result comes from the critic.", Status.VIOLATED),
    ],
)
def test_a_returned_key_in_the_result(sentence: str, status: Status) -> None:
    assert _one_status(_WITHHELD, sentence, slots="writer, critic", requires=_WITHHELD_REQUIRES) is status


@pytest.mark.parametrize(
    ("sentence", "status"),
    [
        # "screening" also names the screener, but the input's own
        # description says "screening criteria": the input
        ("The reviewer never sees the screening criteria.", Status.VIOLATED),
        ("The screener never sees the screening criteria.", Status.PROVED),
        ("The reviewer receives the screening criteria unchanged.", Status.PROVED),
    ],
)
def test_a_word_the_inputs_description_puts_before_its_name(sentence: str, status: Status) -> None:
    got = _one_status(
        "let profile = call screener\n  application: application\n"
        "let ruling = call reviewer\n  profile: profile\n  criteria: criteria\nreturn { ruling: ruling }\n",
        sentence, slots="screener, reviewer",
        requires="application: string -- the application\ncriteria: string -- the lawful screening criteria",
    )
    assert got is status


_CUTS = """\
let cut = transcript
repeat rounds:
  let cut = call cutter
    transcript: cut
  let reaction = call listener
    transcript: {passed}
return {{ cut: cut }}
"""


@pytest.mark.parametrize(
    ("passed", "sentence", "status"),
    [
        # `cut` is the string input, then each cutter result: only the
        # cutter's results have fields, so "the cut's text" is the cutter's
        ("cut.text", "The listener hears the cut's text but never its changelog.", Status.PROVED),
        ("cut.changelog", "The listener never hears the cut's changelog.", Status.VIOLATED),
        ("cut.text", "The listener is given only the cut's text.", Status.PROVED),
    ],
)
def test_a_field_of_a_local_whose_only_values_with_fields_are_one_slots(passed: str, sentence: str, status: Status) -> None:
    got = _one_status(
        _CUTS.format(passed=passed), sentence, slots="cutter, listener",
        requires="transcript: string -- the transcript\nrounds: integer -- passes",
    )
    assert got is status


@pytest.mark.parametrize(
    ("sentence", "status"),
    [
        # "the two summaries and the shipment ID" is a count of the first
        # value, not "both ... and": `summary` is one value, so not read
        ("The officer decides only from the two summaries and the shipment ID.", Status.UNRECOGNIZED),
        # "both X and Y" is each of them
        ("The officer receives both the summary and the handoffs.", Status.PROVED),
    ],
)
def test_the_two_is_a_count_not_both_and(sentence: str, status: Status) -> None:
    body = (
        "parallel:\n  let summary = call reader\n    log: log\n  let handoffs = call courier\n    manifest: manifest\n"
        "let decision = call officer\n  shipment_id: shipment_id\n  summary: summary\n  handoffs: handoffs\n"
        "return { decision: decision }\n"
    )
    requires = "log: string -- the log\nmanifest: string -- the manifest\nshipment_id: string -- the shipment"
    assert _one_status(body, sentence, slots="reader, courier, officer", requires=requires) is status


PLANNING = """\
---
name: planning
kind: pattern
---

# Planning

A planner drafts a route and a checker looks it over.

### Slots

- `planner`
  - requires: brief
  - ensures: `{{ route, notes }}`
- `checker`
  - requires: plan
  - ensures: a verdict

### Requires

- The caller supplies:
    brief: string -- the brief

### Invariants

{invariants}

### Delegation

```prose
let plan = null
repeat 2:
  plan = call planner
    brief: brief
let verdict = call checker
  plan: {passed}
return {{ verdict: verdict }}
```
"""


@pytest.mark.parametrize(
    ("passed", "sentence", "status"),
    [
        # the whole result, passed as it is
        ("plan", "The checker receives the whole plan.", Status.PROVED),
        ("plan", "The checker sees the planner's full output, notes included.", Status.PROVED),
        # one key of it: not the whole, and "notes included" is broken
        ("plan.route", "The checker sees the planner's full output, notes included.", Status.VIOLATED),
        # parts of it on every path: all of it, if the planner returns no
        # other key, which is not known before run time
        ("plan.route", "The checker receives the whole plan.", Status.UNRECOGNIZED),
        ("{ route: plan.route, notes: plan.notes }", "The checker receives the whole plan, notes included.", Status.UNRECOGNIZED),
        # "in full" is "whole", not "unchanged"
        ("plan", "The checker sees the planner's output in full.", Status.PROVED),
        ("plan.route", "The checker sees the plan in full.", Status.UNRECOGNIZED),
        # without "whole", a part of it is received
        ("plan.route", "The checker receives the plan.", Status.PROVED),
        # kept away, "the whole plan" may allow a part: not read
        ("brief", "The checker never sees the whole plan.", Status.UNRECOGNIZED),
        # a key the planner does not declare is not "included"
        ("plan", "The checker receives the whole plan, budget included.", Status.UNRECOGNIZED),
    ],
)
def test_the_whole_of_a_result_is_all_of_it(passed: str, sentence: str, status: Status) -> None:
    text = PLANNING.replace("{passed}", passed.replace("{", "{{").replace("}", "}}"))
    assert _status_of(text, sentence) == status
    from conftest import Recorder

    module = _module_of(text.format(invariants=""), "planning_" + "".join(c if c.isalnum() else "_" for c in passed))
    planner = Recorder({"route": "<route>", "notes": "<notes>"})
    checker = Recorder("fine")
    module.planning(planner=planner, checker=checker, brief="b")
    got = checker.calls[0]["plan"]
    assert (got == {"route": "<route>", "notes": "<notes>"}) is (passed not in ("plan.route", "brief"))


_PROFILES = """\
let profiles = parallel for applicant in applicants:
  call screener
    applicant: applicant
{walk}
return {{ profiles: profiles }}
"""


@pytest.mark.parametrize(
    ("walk", "status", "per_profile"),
    [
        # one call per iteration of the `for` that walks the local, given
        # its element
        ("for profile in profiles:\n  call reviewer\n    profile: profile", Status.PROVED, 1),
        # a loop inside the walk: each profile twice
        ("for profile in profiles:\n  repeat 2:\n    call reviewer\n      profile: profile", Status.VIOLATED, 2),
        # the list itself, to one call, and no `for` walks it: which values
        # are its elements is not said
        ("call reviewer\n  profile: profiles", Status.UNRECOGNIZED, None),
        # walked, and given whole to one call besides
        ("for profile in profiles:\n  call reviewer\n    profile: profile\ncall reviewer\n  profile: profiles",
         Status.VIOLATED, None),
        # a second walk: each profile twice
        ("for profile in profiles:\n  call reviewer\n    profile: profile\nfor again in profiles:\n  call reviewer\n    profile: again",
         Status.VIOLATED, 2),
    ],
)
def test_each_element_of_a_local_list_goes_to_exactly_one_call(walk: str, status: Status, per_profile: int | None) -> None:
    from conftest import Recorder

    body = _PROFILES.format(walk=walk)
    requires = "applicants: string[] -- the applicants"
    for sentence in ("Each profile is ruled on by exactly one reviewer call.", "Each profile goes to exactly one reviewer."):
        assert _one_status(body, sentence, slots="screener, reviewer", requires=requires) is status, sentence
    from conftest import pattern_text

    text = pattern_text("case", body, slots="screener, reviewer", requires=requires)
    module = _module_of(text, "profiles_" + str(abs(hash(walk)) % 10**8))
    screener = Recorder(lambda **kw: f"<profile of {kw['applicant']}>")
    reviewer = Recorder("ok")
    module.case(screener=screener, reviewer=reviewer, applicants=["ann", "bo", "cy"])
    given = [str(c["profile"]) for c in reviewer.calls]
    if per_profile is None:
        assert given[-1].startswith("[")  # the whole list, to one call
    else:
        for name in ("ann", "bo", "cy"):
            assert given.count(f"<profile of {name}>") == per_profile


def test_a_local_no_loop_walks_has_no_elements_said() -> None:
    # `review` holds one result: which of its values are "each review" is not said
    body = "let review = call screener\n  applicant: applicant\ncall reviewer\n  profile: review\nreturn { review: review }\n"
    got = _one_status(body, "Each review goes to exactly one reviewer.", slots="screener, reviewer",
                      requires="applicant: string -- the applicant")
    assert got is not Status.PROVED and got is not Status.VIOLATED


_LOAN = """\
let decision = call registrar
  borrower: borrower
if decision says decline:
  return { status: "declined", reason: decision.reason }
elif decision approves:
  let plan = call planner
    borrower: borrower
  return { status: "approved", plan: plan }
else:
  let plan = call planner
    borrower: borrower
    conditions: decision.conditions
  return { status: "conditional", plan: plan }
"""


@pytest.mark.parametrize(
    ("sentence", "status"),
    [
        # "declines" is the word the program tests, `says decline`: that
        # branch, not every verdict short of approval (the conditional one
        # returns no reason)
        ("When the registrar declines, the reason returned is the registrar's.", Status.PROVED),
        ("When the registrar declines, the plan returned is the planner's.", Status.VIOLATED),
    ],
)
def test_a_refusal_verb_that_is_the_word_tested_is_that_branch(sentence: str, status: Status) -> None:
    from conftest import Recorder, pattern_text

    slots, requires = "registrar, planner", "borrower: string -- the borrower"
    assert _one_status(_LOAN, sentence, slots=slots, requires=requires) is status
    module = _module_of(pattern_text("case", _LOAN, slots=slots, requires=requires), "loan_declined")
    verdict = {"decision": "decline", "reason": "<too fragile>"}
    got = module.case(registrar=Recorder(verdict), planner=Recorder("<plan>"), borrower="b")
    assert got.reason == "<too fragile>" and got.plan is None


@pytest.mark.parametrize(
    ("walk", "status"),
    [
        ("for profile in profiles:\n  call reviewer\n    profile: profile", Status.PROVED),
        ("parallel for profile in profiles:\n  call reviewer\n    profile: profile", Status.VIOLATED),
        # the list itself, in every call: more than the current element
        ("for profile in profiles:\n  call reviewer\n    profile: profile\n    others: profiles", Status.VIOLATED),
    ],
)
def test_a_local_list_walked_in_order(walk: str, status: Status) -> None:
    from conftest import Recorder, pattern_text

    body = _PROFILES.format(walk=walk)
    slots, requires = "screener, reviewer", "applicants: string[] -- the applicants"
    for sentence in (
        "Profiles are ruled on one at a time, in the order the screeners produced them.",
        "The reviewer reads the profiles one at a time, in order.",
    ):
        assert _one_status(body, sentence, slots=slots, requires=requires) is status, sentence
    # the order is that of a list the screeners made: not the reviewer's
    said = "Profiles are ruled on one at a time, in the order the reviewer produced them."
    assert _one_status(body, said, slots=slots, requires=requires) is Status.UNRECOGNIZED
    module = _module_of(pattern_text("case", body, slots=slots, requires=requires), "ordered_" + str(abs(hash(walk)) % 10**8))
    reviewer = Recorder("ok")
    module.case(screener=Recorder(lambda **kw: f"<{kw['applicant']}>"), reviewer=reviewer, applicants=["ann", "bo", "cy"])
    if status is Status.PROVED:
        assert [c["profile"] for c in reviewer.calls] == ["<ann>", "<bo>", "<cy>"]


_REFUNDS = """\
let ruling = call supervisor
  claim: claim
{gate}  call refunder
    claim: claim
  call registrar
    claim: claim
return {{ ruling: ruling }}
"""


@pytest.mark.parametrize(
    ("gate", "status"),
    [("if ruling approves:\n", Status.PROVED), ("repeat 1:\n", Status.VIOLATED)],
)
def test_an_action_said_with_a_participle_is_gated(gate: str, status: Status) -> None:
    from conftest import Recorder, pattern_text

    body = _REFUNDS.format(gate=gate)
    slots, requires = "supervisor, refunder, registrar", "claim: string -- the claim"
    for sentence in (
        # the action the refunder is named for, with any verb's participle
        "No refund is issued unless the supervisor approves.",
        # nothing goes to the registrar's calls without the approval
        "Nothing is filed with the registrar unless the supervisor has approved it.",
    ):
        assert _one_status(body, sentence, slots=slots, requires=requires) is status, sentence
    # a word of how is no participle
    said = "No refund is ever unless the supervisor approves."
    assert _one_status(body, said, slots=slots, requires=requires) is Status.UNRECOGNIZED
    module = _module_of(pattern_text("case", body, slots=slots, requires=requires), "refunds_" + str(len(gate)))
    refunder = Recorder("refunded")
    module.case(supervisor=Recorder("reject"), refunder=refunder, registrar=Recorder("filed"), claim="c")
    assert bool(refunder.calls) is (status is Status.VIOLATED)


_SAMPLES = """\
let verdict = null
loop until verdict says safe (max: rounds):
  let samples = parallel repeat sample_count:
    call sensor
      tunnel: tunnel
{officer}
return {{ verdict: verdict }}
"""


@pytest.mark.parametrize(
    ("officer", "status"),
    [
        ("  let verdict = call officer\n    samples: samples", Status.PROVED),
        ("  let verdict = call officer\n    tunnel: tunnel", Status.VIOLATED),
    ],
)
def test_a_local_remade_each_round_is_received_as_it_is_at_the_call(officer: str, status: Status) -> None:
    from conftest import Recorder, pattern_text

    body = _SAMPLES.format(officer=officer)
    slots = "sensor, officer"
    requires = """\
        tunnel: string -- the tunnel
        rounds: number -- rounds at most
        sample_count: number -- sensor readings per round"""
    # the samples of this round, as the local holds them when the officer is called
    assert _one_status(body, "The officer sees the samples.", slots=slots, requires=requires) is status
    # never both: one or the other is missing
    said = "The officer is given the samples and the tunnel."
    assert _one_status(body, said, slots=slots, requires=requires) is Status.VIOLATED
    # a number whose description counts readings is not the readings: kept
    # away, "the sensor readings" names nothing, and is not proved of the number
    said = "The officer never sees the sensor readings."
    assert _one_status(body, said, slots=slots, requires=requires) is Status.UNRECOGNIZED
    module = _module_of(pattern_text("case", body, slots=slots, requires=requires), "samples_" + str(len(officer)))
    readings = iter(range(100))
    officer_ = Recorder("adjust", "safe")
    module.case(sensor=Recorder(lambda **kw: next(readings)), officer=officer_, tunnel="t", rounds=3, sample_count=2)
    assert len(officer_.calls) == 2
    if status is Status.PROVED:
        # each round, that round's two readings, not every reading so far
        assert [c["samples"] for c in officer_.calls] == [[0, 1], [2, 3]]



_CONDITION = """\
let condition = call conservator
  lot: lot
let decision = call director
  lot: lot
{report}
return { decision: decision }
"""


@pytest.mark.parametrize(
    ("report", "status"),
    [("  report: condition", Status.PROVED), ("  report: lot", Status.VIOLATED)],
)
def test_a_locals_word_before_a_noun_for_the_result_is_that_result(report: str, status: Status) -> None:
    from conftest import Recorder, pattern_text

    body = _CONDITION.replace("{report}", report)
    shape = {"slots": "conservator, director", "requires": "lot: string -- the lot offered"}
    made = {"conservator": "a condition report"}
    # the local's word and the noun the conservator's `ensures:` uses
    for sentence in ("The director is given the conservator's condition report.", "The director sees the conservator's condition reports."):
        assert _one_status(body, sentence, **shape, ensures=made) is status, sentence
    kept = "The director never sees the conservator's condition report."
    assert _one_status(body, kept, **shape, ensures=made) is (Status.VIOLATED if status is Status.PROVED else Status.PROVED)
    module = _module_of(pattern_text("case", body, **shape, ensures=made), "condition_" + str(len(report)))
    director = Recorder("buy")
    module.case(conservator=Recorder("cracked frame"), director=director, lot="L1")
    assert (director.calls[0]["report"] == "cracked frame") is (status is Status.PROVED)


_RESERVATION = """\
let held = call chandler
  sail: sail
let patch = call patcher
  sail: sail
  cloth: held
let verdict = call inspector
  patch: patch
{extra}
return { verdict: verdict }
"""


@pytest.mark.parametrize(("extra", "status"), [("", Status.PROVED), ("  cloth: held", Status.VIOLATED)])
def test_two_words_of_a_slots_ensures_phrase_are_its_result(extra: str, status: Status) -> None:
    from conftest import Recorder, pattern_text

    body = _RESERVATION.replace("{extra}", extra)
    shape = {"slots": "chandler, patcher, inspector", "requires": "sail: string -- the torn sail"}
    made = {"chandler": "a cloth reservation", "patcher": "a patch"}
    # "a cloth reservation": the chandler's result, named by its own words
    assert _one_status(body, "The cloth reservation is kept from the inspector.", **shape, ensures=made) is status
    said = "The patcher is handed the cloth reservation."
    assert _one_status(body, said, **shape, ensures=made) is Status.PROVED
    # a word the chandler's phrase does not use is not read
    assert _one_status(body, "The cloth booking is kept from the inspector.", **shape, ensures=made) is Status.UNRECOGNIZED
    module = _module_of(pattern_text("case", body, **shape, ensures=made), "reservation_" + str(len(extra)))
    inspector = Recorder("ok")
    module.case(chandler=Recorder("bolt 7"), patcher=Recorder("patched"), inspector=inspector, sail="main")
    assert ("bolt 7" in inspector.calls[0].values()) is (status is Status.VIOLATED)


_CAPTAIN = """\
let order = call captain
  manifest: manifest
call purser
  manifest: manifest
{passed}
return { order: order }
"""


@pytest.mark.parametrize(
    ("passed", "status"),
    [
        ("", Status.PROVED),
        # the whole order: whatever its reasoning is, it is in there
        ("  order: order", Status.VIOLATED),
        # the reason: "reasoning" of "reason"
        ("  why: order.reason", Status.VIOLATED),
        # the decision alone: whether that is the reasoning, the words do not say
        ("  go: order.decision", Status.UNRECOGNIZED),
    ],
)
def test_a_word_for_what_a_slot_works_out_is_some_part_of_its_result(passed: str, status: Status) -> None:
    from conftest import Recorder, pattern_text

    body = _CAPTAIN.replace("{passed}", passed)
    shape = {"slots": "captain, purser", "requires": "manifest: string -- the manifest"}
    made = {"captain": "`{ decision, reason }`"}
    for sentence in ("The purser never sees the captain's reasoning.", "The captain's reasoning is kept from the purser."):
        assert _one_status(body, sentence, **shape, ensures=made) is status, sentence
    # received, which part is meant is not said
    said = "The purser sees the captain's reasoning."
    assert _one_status(body, said, **shape, ensures=made) is Status.UNRECOGNIZED
    module = _module_of(pattern_text("case", body, **shape, ensures=made), "captain_" + str(len(passed)))
    purser = Recorder("filed")
    module.case(captain=Recorder({"decision": "sail", "reason": "calm seas"}), purser=purser, manifest="m")
    given = repr(purser.calls[0])
    assert ("calm seas" in given) is (status is Status.VIOLATED)


def test_a_word_that_is_the_key_a_slots_result_is_passed_under_is_not_read_as_a_part() -> None:
    # "the officer's objections", of `objections: review`: the review
    # itself, under the key that word names, or some part of it?
    body = "let review = call officer\n  plan: plan\ncall planner\n  objections: review\nreturn { review: review }\n"
    shape = {"slots": "officer, planner", "requires": "plan: string -- the plan"}
    said = "The planner never sees the officer's objections."
    assert _one_status(body, said, **shape, ensures={"officer": "`{ decision, reason }`"}) is Status.UNRECOGNIZED


@pytest.mark.parametrize(
    ("features", "status"),
    [("features: features", Status.PROVED), ("features: item", Status.VIOLATED)],
)
def test_the_same_list_named_by_its_key_and_a_word_for_a_list(features: str, status: Status) -> None:
    from conftest import Recorder, pattern_text

    body = f"let found = parallel for item in items:\n  call matcher\n    item: item\n    {features}\nreturn {{ found: found }}\n"
    shape = {"slots": "matcher", "requires": "items: string[] -- the lost items\nfeatures: string[] -- what the owner described"}
    # "feature list", of the key `features` every call is passed
    assert _one_status(body, "Every matcher is handed the same feature list.", **shape) is status
    module = _module_of(pattern_text("case", body, **shape), "features_" + str(len(features)))
    matcher = Recorder("match")
    module.case(matcher=matcher, items=["umbrella", "scarf"], features=["red", "wool"])
    same = len({repr(c["features"]) for c in matcher.calls}) == 1
    assert same is (status is Status.PROVED)


@pytest.mark.parametrize(
    ("tides", "status"),
    [("tides: tides", Status.PROVED), ("tides: lane", Status.VIOLATED)],
)
def test_the_same_result_named_by_its_local_and_a_noun_for_a_result(tides: str, status: Status) -> None:
    from conftest import Recorder, pattern_text

    body = (
        "let tides = call tide_reader\n  harbour: harbour\n"
        f"let plans = parallel for lane in lanes:\n  call pilot\n    lane: lane\n    {tides}\n"
        "return {{ plans: plans }}\n"
    ).replace("{{", "{").replace("}}", "}")
    shape = {"slots": "tide_reader, pilot", "requires": "harbour: string -- the harbour\nlanes: string[] -- the approach lanes"}
    made = {"tide_reader": "a tide report"}
    # "tide report": the local `tides`, which holds the tide reader's one result
    assert _one_status(body, "Every pilot gets the same tide report.", **shape, ensures=made) is status
    module = _module_of(pattern_text("case", body, **shape, ensures=made), "tides_" + str(len(tides)))
    pilot = Recorder("plan")
    module.case(tide_reader=Recorder("high at noon"), pilot=pilot, harbour="h", lanes=["north", "south"])
    assert (len({c["tides"] for c in pilot.calls}) == 1) is (status is Status.PROVED)


@pytest.mark.parametrize(
    ("walk", "status"),
    [
        ("", Status.PROVED),
        # a second walk gives each proposal to a second call
        ("for again in proposals:\n  call desk\n    proposal: again\n", Status.VIOLATED),
    ],
)
def test_a_slot_that_handles_every_element_exactly_once(walk: str, status: Status) -> None:
    from conftest import Recorder, pattern_text

    body = f"for proposal in proposals:\n  call desk\n    proposal: proposal\n{walk}return {{ done: true }}\n"
    shape = {"slots": "desk", "requires": "proposals: string[] -- the talk proposals\nevent: string -- the event"}
    for sentence in ("The desk checks every proposal exactly once.", "Each proposal is checked by the desk exactly once."):
        assert _one_status(body, sentence, **shape) is status, sentence
    # a string has no elements: "each event" of `event: string` says nothing the program can show
    assert _one_status(body, "The desk checks every event exactly once.", **shape) is Status.UNRECOGNIZED
    module = _module_of(pattern_text("case", body, **shape), "desk_" + str(len(walk)))
    desk = Recorder("ok")
    module.case(desk=desk, proposals=["a", "b"], event="e")
    assert (sorted(c["proposal"] for c in desk.calls) == ["a", "b"]) is (status is Status.PROVED)


@pytest.mark.parametrize(
    ("passed", "sentence", "status"),
    [
        ("permit: permit", "The driller sees the permit so it stays within the limits.", Status.PROVED),
        ("site: site", "The driller sees the permit so it stays within the limits.", Status.VIOLATED),
        ("permit: permit", "The driller never sees the permit, so the drilling stays careful.", Status.VIOLATED),
        ("site: site", "The driller never sees the permit, so the drilling stays careful.", Status.PROVED),
        # a clause of why may name something of the pattern: what the
        # slot does with what it has ("check the site")
        ("permit: permit", "The driller sees the permit so it can check the site.", Status.PROVED),
        ("site: site", "The driller sees the permit so it can check the site.", Status.VIOLATED),
        # but not with a verb of what reaches it or what it knows, which
        # may say it receives the site too; one that says how calls run is
        # another claim
        ("permit: permit", "The driller sees the permit so it can see the site.", Status.UNRECOGNIZED),
        ("permit: permit", "The driller sees the permit so it knows the site.", Status.UNRECOGNIZED),
        ("permit: permit", "The driller sees the permit so it is never shown the site.", Status.UNRECOGNIZED),
        ("permit: permit", "The driller sees the permit so it can run twice.", Status.UNRECOGNIZED),
        # only "so" says why: "then" says what happens next
        ("permit: permit", "The driller sees the permit then it drills the hole.", Status.UNRECOGNIZED),
    ],
)
def test_a_clause_of_why_after_a_claim_is_no_claim(passed: str, sentence: str, status: Status) -> None:
    from conftest import Recorder, pattern_text

    body = f"let log = call driller\n  {passed}\nreturn {{ log: log }}\n"
    shape = {"slots": "driller", "requires": "permit: string -- the drilling permit\nsite: string -- the site survey"}
    assert _one_status(body, sentence, **shape) is status
    module = _module_of(pattern_text("case", body, **shape), "why_" + passed.split(":")[0])
    driller = Recorder("log")
    module.case(driller=driller, permit="P-1", site="S-1")
    assert ("P-1" in driller.calls[0].values()) is passed.startswith("permit")


@pytest.mark.parametrize(
    ("passed", "status"),
    [("hall_acoustics: hall_acoustics", Status.PROVED), ("ranks: ranks", Status.VIOLATED)],
)
def test_a_word_of_an_inputs_name_before_the_noun_its_description_names_it_by(passed: str, status: Status) -> None:
    from conftest import Recorder, pattern_text

    body = f"let tuned = call voicer\n  {passed}\nreturn {{ tuned: tuned }}\n"
    shape = {
        "slots": "voicer",
        "requires": "hall_acoustics: string -- notes on the hall's reverberation\nranks: string -- the ranks to tune",
    }
    # "the hall notes": `hall_acoustics`, which its description calls notes
    assert _one_status(body, "The voicer gets the hall notes.", **shape) is status
    module = _module_of(pattern_text("case", body, **shape), "hall_" + passed[:4])
    voicer = Recorder("ok")
    module.case(voicer=voicer, hall_acoustics="dry", ranks="principal")
    assert ("dry" in voicer.calls[0].values()) is (status is Status.PROVED)


@pytest.mark.parametrize(
    ("extra", "status"),
    [
        ("", Status.PROVED),
        # an input beside the plan: something else it works from
        ("    schedule: schedule\n", Status.VIOLATED),
        # the round number written into the prompt is the prompt's wording
        ('    prompt: "Review round {round}: approve or halt."\n', Status.PROVED),
        # passed as a value of its own, it is something else
        ("    round: round\n", Status.VIOLATED),
    ],
)
def test_works_only_from_said_plainly_is_nothing_else(extra: str, status: Status) -> None:
    from conftest import Recorder, pattern_text

    body = (
        "let verdict = null\nrepeat rounds as round:\n  let plan = call conservator\n    object: object\n"
        f"  verdict = call curator\n    plan: plan\n{extra}"
        "return { verdict: verdict }\n"
    )
    shape = {
        "slots": "conservator, curator",
        "requires": "object: string -- the object\nschedule: string -- the loan schedule\nrounds: integer -- review rounds",
    }
    for sentence in ("The curator works only from the conservator's plan.", "The curator decides solely from the plan."):
        assert _one_status(body, sentence, **shape) is status, sentence
    module = _module_of(pattern_text("case", body, **shape), "only_" + str(len(extra)))
    curator = Recorder("approve")
    module.case(conservator=Recorder("plan-A"), curator=curator, object="o", schedule="s", rounds=2)
    # what each call was given besides the plan, prompt text aside
    besides = {k for c in curator.calls for k in c if k not in ("plan", "prompt")}
    assert (not besides) is (status is Status.PROVED)


@pytest.mark.parametrize(
    ("sentence", "status"),
    [
        # after a count, "for every wheel" is "per wheel": of the one wheel
        # the run is given, once in all
        ("The inspector is called exactly once for every wheel.", Status.PROVED),
        ("The inspector is called exactly once per wheel.", Status.PROVED),
        # "direction" is the last word of a number, `checks_per_direction`,
        # which counts directions the run has several of: not one thing
        ("The inspector is called exactly once per direction.", Status.UNRECOGNIZED),
        ("The inspector is called exactly once for each direction.", Status.UNRECOGNIZED),
    ],
)
def test_once_for_every_thing_the_run_is_given(sentence: str, status: Status) -> None:
    from conftest import Recorder, pattern_text

    body = "let verdict = call inspector\n  wheel: wheel\nrepeat checks_per_direction:\n  call turner\n    wheel: wheel\nreturn { verdict: verdict }\n"
    shape = {
        "slots": "inspector, turner",
        "requires": "wheel: string -- the wheel to inspect\nchecks_per_direction: integer -- turns each way",
    }
    assert _one_status(body, sentence, **shape) is status
    module = _module_of(pattern_text("case", body, **shape), "wheel")
    inspector = Recorder("ok")
    module.case(inspector=inspector, turner=Recorder("turned"), wheel="w", checks_per_direction=2)
    assert len(inspector.calls) == 1


@pytest.mark.parametrize(
    ("prompt", "status"),
    [
        ("Write the next hint.", Status.PROVED),
        # the prompt names the solver: the hint writer is told of it
        ("Write the next hint for the solver.", Status.VIOLATED),
    ],
)
def test_never_told_there_is_another_delegate(prompt: str, status: Status) -> None:
    from conftest import Recorder, pattern_text

    body = (
        "let attempt = call solver\n  puzzle: puzzle\n"
        f'let hint = call hint_writer\n  stuck_at: attempt.stuck_at\n  prompt: "{prompt}"\n'
        "return { hint: hint }\n"
    )
    shape = {"slots": "solver, hint_writer", "requires": "puzzle: string -- the puzzle"}
    for sentence in ("The hint writer is never told there is a solver.", "The hint writer isn't told there is a solver."):
        assert _one_status(body, sentence, **shape) is status, sentence
    module = _module_of(pattern_text("case", body, **shape), "there_" + str(len(prompt)))
    writer = Recorder("hint")
    module.case(solver=Recorder({"stuck_at": "row 3"}), hint_writer=writer, puzzle="p")
    told = " ".join(str(v) for c in writer.calls for v in c.values())
    assert ("solver" not in told) is (status is Status.PROVED)


@pytest.mark.parametrize(
    ("again", "status"),
    [
        ("", Status.PROVED),
        # a second walk over the list calls the reader from its start again:
        # in order within each walk, or as one sequence?
        ("for later in chapters:\n  call reader\n    chapter: later\n", Status.UNRECOGNIZED),
    ],
)
def test_calls_that_walk_a_list_twice_are_in_order_in_each_walk_or_not(again: str, status: Status) -> None:
    from conftest import Recorder, pattern_text

    body = f"for chapter in chapters:\n  call reader\n    chapter: chapter\n{again}return {{ done: true }}\n"
    shape = {"slots": "reader", "requires": "chapters: string[] -- the chapters"}
    assert _one_status(body, "The reader goes through the chapters one at a time, in order.", **shape) is status
    module = _module_of(pattern_text("case", body, **shape), "walks_" + str(len(again)))
    reader = Recorder("ok")
    module.case(reader=reader, chapters=["c1", "c2"])
    seen = [c["chapter"] for c in reader.calls]
    assert (seen == sorted(seen)) is (status is Status.PROVED)


@pytest.mark.parametrize(
    ("passed", "status"),
    [
        ("terms: terms", Status.PROVED),
        ('terms: "the usual terms"', Status.VIOLATED),
    ],
)
def test_a_verb_of_making_something_from_what_a_slot_is_given(passed: str, status: Status) -> None:
    from conftest import Recorder, pattern_text

    body = f"let terms = call mediator\n  dispute: dispute\nlet letter = call drafter\n  {passed}\nreturn {{ letter: letter }}\n"
    shape = {"slots": "mediator, drafter", "requires": "dispute: string -- what the parties disagree on"}
    for sentence in ("The drafter writes from the mediator's terms.", "The drafter decides from the mediator's terms."):
        assert _one_status(body, sentence, **shape) is status, sentence
    # in the past tense it may tell of one call: not read
    assert _one_status(body, "The drafter decided from the mediator's terms.", **shape) is Status.UNRECOGNIZED
    module = _module_of(pattern_text("case", body, **shape), "making_" + str(len(passed)))
    drafter = Recorder("letter")
    module.case(mediator=Recorder("split the cost"), drafter=drafter, dispute="d")
    assert (drafter.calls[0]["terms"] == "split the cost") is (status is Status.PROVED)


@pytest.mark.parametrize(
    ("previous", "status"),
    [
        ('"none yet"', Status.PROVED),
        ("ruling", Status.VIOLATED),
    ],
)
def test_a_fresh_start_said_with_what_it_is_made_without(previous: str, status: Status) -> None:
    from conftest import Recorder, pattern_text

    body = (
        "let ruling = null\n"
        "loop until ruling approves (max: max_rounds) as round:\n"
        f"  let ruling = call chair\n    scores: scores\n    previous: {previous}\n"
        "return { ruling: ruling }\n"
    )
    shape = {
        "slots": "chair",
        "requires": "scores: string -- the panel's scores\nmax_rounds: integer -- how many rulings at most",
    }
    for sentence in (
        "Each round the chair starts fresh, without its earlier rulings.",
        "Each round the chair decides afresh, without its earlier rulings.",
        "The chair starts fresh, with no knowledge of its earlier rulings.",
        "Each chair call is made without knowledge of its earlier rulings.",
        "The chair has no memory of its earlier rulings.",
    ):
        assert _one_status(body, sentence, **shape) is status, sentence
    # a fresh start said alone may be how the delegate works
    assert _one_status(body, "The chair starts fresh.", **shape) is Status.UNRECOGNIZED
    module = _module_of(pattern_text("case", body, **shape), "fresh_" + str(len(previous)))
    chair = Recorder("reject", "approve")
    module.case(chair=chair, scores="s", max_rounds=3)
    told = [c["previous"] for c in chair.calls]
    assert len(told) == 2
    assert (told[1] == "none yet") is (status is Status.PROVED)


@pytest.mark.parametrize(
    ("shown", "status"),
    [
        ("dish", Status.PROVED),
        ("dishes", Status.VIOLATED),
    ],
)
def test_the_other_elements_of_a_list_with_a_word_for_where_they_are(shown: str, status: Status) -> None:
    from conftest import Recorder, pattern_text

    body = (
        "let labels = parallel for dish in dishes:\n"
        f"  call auditor\n    dish: dish\n    menu: {shown}\n"
        "return { labels: labels }\n"
    )
    shape = {"slots": "auditor", "requires": "dishes: string[] -- the menu, dish by dish"}
    for sentence in ("No auditor call is shown the other dishes on the menu.", "An auditor never sees the other dishes on the list."):
        assert _one_status(body, sentence, **shape) is status, sentence
    module = _module_of(pattern_text("case", body, **shape), "on_the_" + shown)
    auditor = Recorder("ok")
    module.case(auditor=auditor, dishes=["soup", "pie"])
    others = [c for c in auditor.calls if c["menu"] != c["dish"]]
    assert (not others) is (status is Status.PROVED)


@pytest.mark.parametrize(
    ("gated", "status"),
    [
        (True, Status.PROVED),
        (False, Status.VIOLATED),
    ],
)
def test_an_act_named_by_the_noun_a_slots_result_is_called_by(gated: bool, status: Status) -> None:
    from conftest import Recorder, pattern_text

    pay = "let payment = call disburser\n  amount: verdict.amount\n"
    body = "let verdict = call adjuster\n  claim: claim\n" + (
        "if verdict approves:\n" + "".join("  " + line + "\n" for line in pay.splitlines()) if gated else pay
    ) + "return { verdict: verdict }\n"
    shape = {"slots": "adjuster, disburser", "requires": "claim: string -- the claim"}
    for sentence in (
        "Money is paid out only after the adjuster approves the claim.",
        "Nothing is paid unless the adjuster approves the claim.",
    ):
        assert _one_status(body, sentence, **shape) is status, sentence
    # a word after the participle that is no particle of it: not read
    assert _one_status(body, "Money is paid quickly only after the adjuster approves.", **shape) is Status.UNRECOGNIZED
    module = _module_of(pattern_text("case", body, **shape), "paid_" + str(gated))
    disburser = Recorder("paid")
    module.case(adjuster=Recorder({"verdict": "reject", "amount": 5}), disburser=disburser, claim="c")
    assert (disburser.count == 0) is (status is Status.PROVED)


@pytest.mark.parametrize(
    ("passed", "status"),
    [
        ("reference: reference", Status.PROVED),
        ("sample_id: sample_id", Status.VIOLATED),
    ],
)
def test_which_one_is_the_input_that_identifies_it(passed: str, status: Status) -> None:
    from conftest import Recorder, pattern_text

    body = f"let verdict = call reviewer\n  sample: sample\n  {passed}\nreturn {{ verdict: verdict }}\n"
    shape = {
        "slots": "reviewer",
        "requires": "sample: string -- the sample\nsample_id: string -- the lab's label\nreference: string -- the method",
    }
    for sentence in (
        "The reviewer is never told which sample it is judging.",
        "The reviewer never learns which sample was sent.",
        # a word and a noun for an identity: the input named for it
        "The reviewer is never given the sample number.",
        "The lab label is kept from the reviewer.",
    ):
        assert _one_status(body, sentence, **shape) is status, sentence
    told = "The reviewer is told which sample it is judging."
    assert _one_status(body, told, **shape) is (Status.VIOLATED if status is Status.PROVED else Status.PROVED)
    # with no input for its identity, "which sample" is not read
    plain = {**shape, "requires": "sample: string -- the sample\nreference: string -- the method"}
    plain_body = "let verdict = call reviewer\n  sample: sample\nreturn { verdict: verdict }\n"
    assert _one_status(plain_body, "The reviewer is never told which sample it is judging.", **plain) is Status.UNRECOGNIZED
    module = _module_of(pattern_text("case", body, **shape), "which_" + passed.split(":")[0])
    reviewer = Recorder("ok")
    module.case(reviewer=reviewer, sample="s", sample_id="S-1", reference="r")
    assert ("S-1" not in reviewer.calls[0].values()) is (status is Status.PROVED)


@pytest.mark.parametrize(
    ("passed", "status"),
    [
        ("record: patient_record", Status.PROVED),
        ("insurance: insurance_id", Status.VIOLATED),
    ],
)
def test_an_input_said_as_another_inputs_thing(passed: str, status: Status) -> None:
    from conftest import Recorder, pattern_text

    body = f"let plan = call classifier\n  {passed}\nreturn {{ plan: plan }}\n"
    shape = {
        "slots": "classifier",
        "requires": "patient_record: object -- the chart\ninsurance_id: string -- payer reference",
    }
    assert _one_status(body, "The classifier never sees the patient's insurance ID.", **shape) is status
    # an input of one word after an input's possessive
    shape1 = {**shape, "requires": "patient_record: object -- the chart\nsymptoms: string -- as reported\ninsurance_id: string -- payer reference"}
    for given, seen in (("record: patient_record", Status.VIOLATED), ("symptoms: symptoms", Status.PROVED)):
        assert _one_status(f"let plan = call classifier\n  {given}\nreturn {{ plan: plan }}\n", "The classifier receives the patient's symptoms unchanged.", **shape1) is seen
    module = _module_of(pattern_text("case", body, **shape), "insured_" + passed.split(":")[0])
    classifier = Recorder("ok")
    module.case(classifier=classifier, patient_record={"id": 1}, insurance_id="INS-9")
    assert ("INS-9" not in classifier.calls[0].values()) is (status is Status.PROVED)


@pytest.mark.parametrize(
    ("passed", "status"),
    [
        ("plan: plan", Status.PROVED),
        ("plan: plan\n  verdict: verdict", Status.VIOLATED),
    ],
)
def test_a_possessive_said_once_for_two_nouns(passed: str, status: Status) -> None:
    from conftest import Recorder, pattern_text

    body = (
        "let plan = call planner\n  plots: plots\n"
        "let verdict = call secretary\n  plan: plan\n"
        f"let letter = call notifier\n  {passed}\n"
        "return { letter: letter }\n"
    )
    shape = {"slots": "planner, secretary, notifier", "requires": "plots: string -- the plots"}
    ensures = {"secretary": "{ decision, notes }"}
    # "verdict", with no article of its own, is the secretary's too (not any
    # delegate's result, which the planner's plan is)
    sentence = "The notifier never sees the secretary's notes or verdict."
    assert _one_status(body, sentence, **shape, ensures=ensures) is status
    # with an article, whose verdict is not said: not read
    other = "The notifier never sees the secretary's notes or the ruling."
    assert _one_status(body, other, **shape, ensures=ensures) is Status.UNRECOGNIZED
    module = _module_of(pattern_text("case", body, **shape, ensures=ensures), "possessed_" + str(len(passed)))
    notifier = Recorder("sent")
    module.case(planner=Recorder("p"), secretary=Recorder({"decision": "ok", "notes": "n"}), notifier=notifier, plots="x")
    assert ("verdict" not in notifier.calls[0]) is (status is Status.PROVED)


@pytest.mark.parametrize(
    ("loop", "status"),
    [
        (False, Status.PROVED),
        # in a loop, "per submission" may be per element: not read
        (True, Status.UNRECOGNIZED),
    ],
)
def test_once_per_submission_is_once_a_run(loop: bool, status: Status) -> None:
    from conftest import Recorder, pattern_text

    check = "call checker\n  stamp: stamp\n"
    body = (
        ("let checks = parallel for view in views:\n" + "".join("  " + line + "\n" for line in check.splitlines()))
        if loop
        else "let checks = " + check
    ) + "return { checks: checks }\n"
    shape = {"slots": "checker", "requires": "stamp: string -- the stamp\nviews: string[] -- photos"}
    for sentence in ("The checker is run once per submission.", "The checker is called at most once per call."):
        assert _one_status(body, sentence, **shape) is status, sentence
    module = _module_of(pattern_text("case", body, **shape), "per_submission_" + str(loop))
    checker = Recorder("ok")
    module.case(checker=checker, stamp="s", views=["a", "b"])
    assert checker.count == (2 if loop else 1)


@pytest.mark.parametrize(
    ("passed", "status"),
    [
        ("verdicts: verdicts", Status.PROVED),
        ("verdicts: verdicts\n  draft: draft", Status.VIOLATED),
    ],
)
def test_a_locals_name_over_the_plain_noun_for_a_result(passed: str, status: Status) -> None:
    from conftest import Recorder, pattern_text

    body = (
        "let verdicts = parallel for claim in claims:\n  call checker\n    claim: claim\n"
        f"let story = call editor\n  {passed}\n"
        "return { story: story }\n"
    )
    shape = {"slots": "checker, editor", "requires": "claims: string[] -- the claims\ndraft: string -- the article"}
    # "the verdicts" is the local, not any delegate's result (one reading)
    assert _one_status(body, "The editor is passed only the verdicts.", **shape) is status
    module = _module_of(pattern_text("case", body, **shape), "verdicts_" + str(len(passed)))
    editor = Recorder("ok")
    module.case(checker=Recorder("true"), editor=editor, claims=["a", "b"], draft="d")
    assert (set(editor.calls[0]) - {"prompt"} == {"verdicts"}) is (status is Status.PROVED)


@pytest.mark.parametrize(
    ("passed", "status"),
    [
        ("clay_body: clay_body", Status.PROVED),
        ('clay_body: "{clay_body}, tile {recipe}"', Status.VIOLATED),
    ],
)
def test_the_same_within_one_round(passed: str, status: Status) -> None:
    from conftest import Recorder, pattern_text

    body = (
        "let notes = null\n"
        "loop until notes says done (max: 2) as round:\n"
        "  let tiles = parallel for recipe in recipes:\n"
        f"    call tester\n      recipe: recipe\n      {passed}\n      round: round\n"
        "  notes = call assessor\n    tiles: tiles\n"
        "return { notes: notes }\n"
    )
    shape = {
        "slots": "tester, assessor",
        "requires": "recipes: string[] -- glazes\nclay_body: string -- the clay",
    }
    # the round's number changes from one round to the next, not within one
    assert _one_status(body, "Every tester in a round gets the same clay body.", **shape) is status
    assert _one_status(body, "Within a round, every tester is given the same clay body.", **shape) is status
    # across rounds, the round's number differs: not the same inputs
    assert _one_status(body, "Every tester gets the same inputs.", **shape) is Status.VIOLATED
    module = _module_of(pattern_text("case", body, **shape), "within_" + str(len(passed)))
    tester = Recorder("t")
    module.case(tester=tester, assessor=Recorder("again", "done"), recipes=["a", "b"], clay_body="stoneware")
    by_round: dict[object, set[object]] = {}
    for call in tester.calls:
        by_round.setdefault(call["round"], set()).add(call["clay_body"])
    assert len(by_round) == 2
    assert all(len(clays) == 1 for clays in by_round.values()) is (status is Status.PROVED)


@pytest.mark.parametrize(
    ("returned", "status"),
    [
        ("headline", Status.PROVED),
        ("digest", Status.VIOLATED),
    ],
)
def test_comes_from_one_slot_not_from_another(returned: str, status: Status) -> None:
    from conftest import Recorder, pattern_text

    body = (
        "let digest = call combiner\n  chunks: chunks\n"
        "let headline = call titler\n  digest: digest\n"
        f"return {{ headline: {returned} }}\n"
    )
    shape = {"slots": "combiner, titler", "requires": "chunks: string[] -- the text"}
    assert _one_status(body, "The headline comes from the titler, not from the combiner.", **shape) is status
    # the same slot on both sides says nothing: not read
    assert _one_status(body, "The headline comes from the titler, not from the titler.", **shape) is Status.UNRECOGNIZED
    module = _module_of(pattern_text("case", body, **shape), "comes_from_" + returned)
    out = module.case(combiner=Recorder("combined"), titler=Recorder("title"), chunks=["a"])
    assert (out.headline == "title") is (status is Status.PROVED)


@pytest.mark.parametrize(
    ("passed", "status"),
    [
        ("plan: plan", Status.PROVED),
        ("plan: plan\n  check: check", Status.VIOLATED),
    ],
)
def test_a_noun_for_a_kind_of_result_is_the_one_slot_whose_result_it_is(passed: str, status: Status) -> None:
    from conftest import Recorder, pattern_text

    body = (
        "let plan = call planner\n  plots: plots\n"
        "let check = call secretary\n  plan: plan\n"
        f"let letter = call notifier\n  {passed}\n"
        "return { letter: letter }\n"
    )
    shape = {"slots": "planner, secretary, notifier", "requires": "plots: string -- the plots"}
    ensures = {"secretary": "a verdict on the plan", "planner": "a plan"}
    # "the verdict" is the secretary's (its `ensures:` noun), not any
    # delegate's result, which the planner's plan is
    assert _one_status(body, "The notifier never sees the verdict.", **shape, ensures=ensures) is status
    # two slots whose results are called so: which is not said
    two = {"secretary": "a verdict on the plan", "planner": "a verdict on the plots"}
    assert _one_status(body, "The notifier never sees the verdict.", **shape, ensures=two) is Status.UNRECOGNIZED
    module = _module_of(pattern_text("case", body, **shape, ensures=ensures), "kind_" + str(len(passed)))
    notifier = Recorder("sent")
    module.case(planner=Recorder("p"), secretary=Recorder("ok"), notifier=notifier, plots="x")
    assert ("check" not in notifier.calls[0]) is (status is Status.PROVED)


@pytest.mark.parametrize(
    ("prompt", "status"),
    [
        ("Review the material.", Status.PROVED),
        ("Review the material; a comparator will compare your report.", Status.VIOLATED),
    ],
)
def test_not_told_another_slot_will_act_with_that_left_out(prompt: str, status: Status) -> None:
    from conftest import Recorder, pattern_text

    body = (
        f'let reports = parallel for item in materials:\n  call reviewer\n    item: item\n    prompt: "{prompt}"\n'
        "let result = call comparator\n  reports: reports\n"
        "return { result: result }\n"
    )
    shape = {"slots": "reviewer, comparator", "requires": "materials: string[] -- what is reviewed"}
    assert _one_status(body, "Reviewers are not told a comparator will compare them.", **shape) is status
    module = _module_of(pattern_text("case", body, **shape), "told_" + str(len(prompt)))
    reviewer = Recorder("r")
    module.case(reviewer=reviewer, comparator=Recorder("c"), materials=["a"])
    assert ("comparator" not in str(reviewer.calls[0]).lower()) is (status is Status.PROVED)


@pytest.mark.parametrize(
    ("returned", "status"),
    [
        ("decision.reason", Status.PROVED),
        ("lot", Status.VIOLATED),
    ],
)
def test_its_field_on_the_path_of_a_word_the_slot_said(returned: str, status: Status) -> None:
    from conftest import Recorder, pattern_text

    body = (
        "let decision = call curator\n  lot: lot\n"
        f"if decision says discard:\n  return {{ reason: {returned} }}\n"
        "return { reason: null }\n"
    )
    shape = {"slots": "curator", "requires": "lot: string -- the accession"}
    ensures = {"curator": "`{ verdict, reason }`"}
    for sentence in ("When the curator discards an accession, its reason is returned.", "When the curator discards, its reason is returned."):
        assert _one_status(body, sentence, **shape, ensures=ensures) is status, sentence
    module = _module_of(pattern_text("case", body, **shape, ensures=ensures), "discard_" + returned.split(".")[0])
    out = module.case(curator=Recorder({"verdict": "discard", "reason": "mould"}), lot="L1")
    assert (out.reason == "mould") is (status is Status.PROVED)


@pytest.mark.parametrize(
    ("kept", "status"),
    [
        ("append verdict to history", Status.PROVED),
        ("history = [verdict]", Status.VIOLATED),
    ],
)
def test_a_list_named_by_what_goes_into_it(kept: str, status: Status) -> None:
    from conftest import Recorder, pattern_text

    body = (
        "let history = []\n"
        "for site in sites:\n  let verdict = call master\n    site: site\n    history: history\n"
        f"  {kept}\n"
        "return { history: history }\n"
    )
    shape = {"slots": "master", "requires": "sites: string[] -- the dive sites"}
    # "the verdict history": the list the verdicts go to, not the local
    # `verdict`, which is set anew for every site
    for sentence in ("The verdict history only grows.", "The verdict list only grows."):
        assert _one_status(body, sentence, **shape) is status, sentence
    module = _module_of(pattern_text("case", body, **shape), "history_" + str(len(kept)))
    out = module.case(master=Recorder("a", "b", "c"), sites=["x", "y", "z"])
    # every verdict kept, or only the last
    assert (out.history == ["a", "b", "c"]) is (status is Status.PROVED)


@pytest.mark.parametrize(
    ("bound", "status"),
    [
        ("max_revisions", Status.PROVED),
        ("5", Status.VIOLATED),
    ],
)
def test_the_rounds_of_an_activity_held_to_a_bound_that_bounds_no_loop(bound: str, status: Status) -> None:
    from conftest import Recorder, pattern_text

    body = (
        "let verdict = null\n"
        f"loop until verdict approves (max: {bound}) as revision:\n"
        "  verdict = call editor\n    draft: draft\n"
        "return { verdict: verdict }\n"
    )
    shape = {"slots": "editor", "requires": "draft: string -- the pattern\nmax_revisions: number -- (optional, default 3)"}
    assert _one_status(body, "Editing rounds are capped at max_revisions.", **shape) is status
    module = _module_of(pattern_text("case", body, **shape), "editing_" + bound)
    editor = Recorder("revise", "revise", "revise", "revise", "revise", "approve")
    module.case(editor=editor, draft="d", max_revisions=3)
    assert (editor.count <= 3) is (status is Status.PROVED)


@pytest.mark.parametrize(
    ("loop", "status"),
    [
        ("for topic in topics:", Status.PROVED),
        ("let questions = parallel for topic in topics:", Status.VIOLATED),
    ],
)
def test_a_list_handled_in_order_by_the_act_of_the_slot_its_loop_calls(loop: str, status: Status) -> None:
    from conftest import Recorder, pattern_text

    call = '  call setter\n    topic: topic\n    prompt: "Write one question about {topic}."\n'
    body = f"{loop}\n" + (call if "parallel" in loop else "  let question = " + call.removeprefix("  ")) + "return { done: true }\n"
    shape = {"slots": "setter", "requires": "topics: string[] -- the rounds' topics"}
    assert _one_status(body, "Topics are written one after another, in the order given.", **shape) is status
    module = _module_of(pattern_text("case", body, **shape), "written_" + str(len(loop)))
    setter = Recorder("q1", "q2", "q3")
    module.case(setter=setter, topics=["a", "b", "c"])
    assert [c["topic"] for c in setter.calls] == ["a", "b", "c"]


@pytest.mark.parametrize(
    ("loop", "status"),
    [
        ("for run in runs:", Status.PROVED),
        ("parallel for run in runs:", Status.VIOLATED),
    ],
)
def test_the_verb_runs_beside_an_input_named_runs(loop: str, status: Status) -> None:
    # the canonical form of an order says "runs", which is also the input's name
    body = f"{loop}\n  call groomer\n    run: run\nreturn {{ done: true }}\n"
    shape = {"slots": "groomer", "requires": "runs: string[] -- the ski runs"}
    for sentence in ("`groomer` runs in order over `runs`", "The runs are groomed one at a time, in the order given."):
        assert _one_status(body, sentence, **shape) is status, sentence


@pytest.mark.parametrize(
    ("prompt", "status"),
    [
        ("Price the move.", Status.PROVED),
        ("Price the move; the customer may refuse it.", Status.VIOLATED),
    ],
)
def test_a_word_of_refusing_inside_a_hidden_fact(prompt: str, status: Status) -> None:
    from conftest import Recorder, pattern_text

    body = (
        f'let quote = call estimator\n  inventory: inventory\n  prompt: "{prompt}"\n'
        "let answer = call customer\n  quote: quote\n"
        "return { answer: answer }\n"
    )
    shape = {"slots": "estimator, customer", "requires": "inventory: string -- what is moved"}
    assert _one_status(body, "The estimator is unaware that the customer can refuse its quote.", **shape) is status
    module = _module_of(pattern_text("case", body, **shape), "refuse_" + str(len(prompt)))
    estimator = Recorder("100")
    module.case(estimator=estimator, customer=Recorder("yes"), inventory="boxes")
    assert ("customer" not in str(estimator.calls[0]).lower()) is (status is Status.PROVED)


@pytest.mark.parametrize(
    ("passed", "status"),
    [
        ("rank: rank", Status.PROVED),
        ("rank: rank\n    heard: heard", Status.VIOLATED),
    ],
)
def test_what_a_slot_found_is_its_output(passed: str, status: Status) -> None:
    from conftest import Recorder, pattern_text

    body = (
        "let heard = call listener\n  organ: organ\n"
        f"let tuned = parallel for rank in ranks:\n  call voicer\n    {passed}\n"
        "return { tuned: tuned }\n"
    )
    shape = {"slots": "listener, voicer", "requires": "organ: string -- the organ\nranks: string[] -- its ranks"}
    for sentence in ("The voicers don't hear what the listener finds.", "No voicer is told what the listener thought."):
        assert _one_status(body, sentence, **shape) is status, sentence
    # what it works on is no output of it
    assert _one_status(body, "The voicers don't hear what the listener checks.", **shape) is Status.UNRECOGNIZED
    module = _module_of(pattern_text("case", body, **shape), "finds_" + str(len(passed)))
    voicer = Recorder("v", "v")
    module.case(listener=Recorder("beats at C"), voicer=voicer, organ="o", ranks=["a", "b"])
    assert all(("beats at C" not in c.values()) is (status is Status.PROVED) for c in voicer.calls)


def test_a_count_named_by_what_it_counts_is_not_the_things() -> None:
    # "the banner drafts", of `banner_drafts: integer -- how many banner
    # drafts to ask for`: the drafts, or their number? Not read; the
    # config entry by its own name still is
    body = (
        "let banners = parallel repeat banner_drafts:\n  call copywriter\n    market: market\n"
        "let tags = call stallholder\n  market: market\n  count: banner_drafts\n"
        "return { banners: banners, tags: tags }\n"
    )
    shape = {"slots": "copywriter, stallholder", "requires": "market: string -- the market\nbanner_drafts: integer -- how many banner drafts to ask for"}
    assert _one_status(body, "The stallholder never sees the banner drafts.", **shape) is Status.UNRECOGNIZED
    assert _one_status(body, "No stallholder is shown a banner draft.", **shape) is Status.UNRECOGNIZED
    assert _one_status(body, "The stallholder never sees `banner_drafts`.", **shape) is Status.VIOLATED


def _refining(delegation: str) -> str:
    from conftest import pattern_text

    return pattern_text(
        "refining", delegation, slots="refiner, assessor", config="- `rounds` (integer, default: 2): rounds at most",
        requires="brief: string -- the task", invariants="<invariants>",
    )


def _refining_status(delegation: str, sentence: str) -> Status:
    (status,) = _statuses_in(_refining(delegation).replace("<invariants>", f"- {sentence}"))
    return status


ROUNDS = """\
let current = null
repeat rounds as round:
  let current = call refiner
    brief: brief
    last: current
return { result: current }
"""

BRANCH = """\
let current = null
let check = call assessor
  brief: brief
if check approves:
  current = call refiner
    brief: brief
return { result: current }
"""


@pytest.mark.parametrize(
    ("delegation", "sentence", "status"),
    [
        # null until a loop that may run no round sets it: on every run, or
        # on the runs the loop runs a round in? (`rounds` may be 0)
        (ROUNDS, "The returned result always comes from the refiner", Status.UNRECOGNIZED),
        # without "always", of the runs that return one
        (ROUNDS, "The returned result comes from the refiner", Status.PROVED),
        # null where the assessor does not approve: "always" is plainly broken
        (BRANCH, "The returned result always comes from the refiner", Status.VIOLATED),
    ],
)
def test_always_of_a_result_that_may_be_null(delegation: str, sentence: str, status: Status) -> None:
    assert _refining_status(delegation, sentence) == status
    from conftest import Recorder

    module = _module_of(_refining(delegation).replace("<invariants>", ""), f"refining_{status.value}_{len(delegation)}")
    refiner = Recorder("<refined>")
    no_rounds = module.refining(refiner=refiner, assessor=Recorder({"decision": "reject"}), brief="b", rounds=0)
    # the run the sentence's "always" speaks of: nothing from the refiner
    assert no_rounds.result is None and refiner.calls == []


OFFER = """\
let quote = call refiner
  brief: brief
let sign_off = call assessor
  quote: quote
if sign_off approves:
  return { status: "quoted", reason: null }
elif sign_off says reprice:
  return { status: "repriced", reason: null }
else:
  return { status: "declined", reason: sign_off.reason }
"""


@pytest.mark.parametrize(
    ("delegation", "sentence", "status"),
    [
        # the assessor may say `reprice`, short of approval: a refusal is
        # every verdict but approval, or the `else` alone?
        (OFFER, "When the assessor declines, the assessor's reason is returned", Status.UNRECOGNIZED),
        # with two outcomes there is one meaning
        (OFFER.replace("elif sign_off says reprice:\n  return { status: \"repriced\", reason: null }\n", ""),
         "When the assessor declines, the assessor's reason is returned", Status.PROVED),
        (OFFER.replace("reason: sign_off.reason", "reason: null"), "When the assessor declines, the assessor's reason is returned", Status.VIOLATED),
    ],
)
def test_a_refusal_of_a_verdict_that_may_say_a_third_word(delegation: str, sentence: str, status: Status) -> None:
    assert _refining_status(delegation, sentence) == status


CHAIN = """\
let current = brief
for stage in stages:
  let current = call stage
    input: current
return { result: current }
"""


@pytest.mark.parametrize(
    ("sentence", "status"),
    [
        # the brief until the loop's first round: the last stage's output on
        # every run with a stage, the brief itself on a run with none
        ("The result is the last stage's output", Status.UNRECOGNIZED),
        ("The returned result is exactly what the stages produced", Status.UNRECOGNIZED),
        ("The result always comes from the last stage", Status.UNRECOGNIZED),
        # the brief is never what another slot made
        ("The result always comes from the critic", Status.VIOLATED),
    ],
)
def test_a_result_each_round_of_a_loop_sets_and_a_run_with_no_round(sentence: str, status: Status) -> None:
    from conftest import Recorder, pattern_text

    text = pattern_text("chain", CHAIN, slots="critic", requires="brief: string -- the task", invariants="<invariants>")
    text = text.replace("### Slots\n\n- `critic`\n", "### Slots\n\n- `critic`\n- `stages` (sequence)\n")
    (got,) = _statuses_in(text.replace("<invariants>", f"- {sentence}"))
    assert got == status
    module = _module_of(text.replace("<invariants>", ""), f"chain_{abs(hash(sentence)) % 10**6}")
    stage = Recorder(lambda **kw: f"<staged {kw['input']}>")
    assert module.chain(critic=Recorder("c"), stages=[stage, stage], brief="b").result == "<staged <staged b>>"
    assert module.chain(critic=Recorder("c"), stages=[], brief="b").result == "b"


CRITIQUES = """\
let last_result = null
let last_critique = null
repeat rounds as attempt:
  let last_result = call refiner
    brief: brief
    critique: last_critique
  let verdict = call assessor
    output: last_result
  if verdict approves:
    return { result: last_result }
  {copy}
return { result: last_result, final_critique: last_critique }
"""


@pytest.mark.parametrize(
    ("copy", "status"),
    [
        # copied each round after the assessor's call: its latest verdict
        ("last_critique = verdict", Status.PROVED),
        # a `continue` may skip the copy: an earlier verdict, maybe
        ("if verdict says skip:\n    continue\n  last_critique = verdict", Status.UNRECOGNIZED),
    ],
)
def test_a_copy_made_each_round_holds_the_latest_output(copy: str, status: Status) -> None:
    from conftest import Recorder

    delegation = CRITIQUES.replace("{copy}", copy)
    assert _refining_status(delegation, "When the rounds run out, the last critique is returned") == status
    module = _module_of(_refining(delegation).replace("<invariants>", ""), f"critiques_{status.value}")
    verdicts = [{"decision": "reject", "n": n} for n in (1, 2, 3)]
    result = module.refining(refiner=Recorder("<draft>"), assessor=Recorder(*verdicts), brief="b", rounds=3)
    # the rounds ran out: the third verdict, the assessor's latest
    assert result.final_critique == verdicts[2]


GROWING = """\
let notes = []
{held}
  let note = call refiner
    brief: "plan {e} plan"
  append note to notes
let summary = call assessor
  notes: {passed}
return { summary: summary }
"""


@pytest.mark.parametrize(
    ("held", "passed", "status"),
    [
        # the list itself, taken as it is when the loop walks it: each
        # round's brief is the task or the notes so far
        ("for e in [brief, notes]:", "notes", Status.UNVERIFIABLE),
        # a second name for it, which sees every append
        ("let all = notes\nfor e in [brief]:", "all", Status.UNVERIFIABLE),
        # the list under one name: followed
        ("for e in [brief]:", "notes", Status.PROVED),
    ],
)
def test_a_growing_list_held_under_a_second_name_is_not_checked(held: str, passed: str, status: Status) -> None:
    from conftest import Recorder

    delegation = GROWING.replace("{held}", held).replace("{passed}", passed)
    sentence = "The refiner never sees its own earlier output"
    assert _refining_status(delegation, sentence) == status
    module = _module_of(_refining(delegation).replace("<invariants>", ""), f"growing_{len(held)}")
    refiner = Recorder(lambda **kw: f"<note on {kw['brief']}>")
    assessor = Recorder("<summary>")
    module.refining(refiner=refiner, assessor=assessor, brief="b", rounds=1)
    # what the refiner is told in its second round, where there is one
    seen_own = any("<note on" in str(call["brief"]) for call in refiner.calls)
    assert seen_own is ("notes]" in held)
    # the second name sees every append
    assert len(assessor.calls[0]["notes"]) == len(refiner.calls)


def _scoring(delegation: str) -> str:
    from conftest import pattern_text

    return pattern_text(
        "scoring", delegation, slots="refiner, assessor",
        config="- `target` (number, default: 0.8): the score to reach\n- `floor` (number, default: 0.5): the score to keep",
        requires="brief: string -- the task", invariants="<invariants>",
    )


SCORED = """\
let draft = null
repeat 3 as round:
  draft = call refiner
    brief: brief
    last: draft
  let rating = call assessor
    draft: draft
  if rating.score meets target:
    return { result: draft, met: true }
return { result: draft, met: false }
"""


@pytest.mark.parametrize(
    ("delegation", "sentence", "status"),
    [
        (SCORED, "When the target is met, the refiner's latest output is returned at once", Status.PROVED),
        (SCORED, "Once the target is reached, the current draft is returned", Status.PROVED),
        # the program tests another input: no branch returns where the target is met
        (SCORED.replace("meets target", "meets floor"), "When the target is met, the refiner's latest output is returned at once", Status.VIOLATED),
        # a score equal to the target meets it, and does not exceed it
        (SCORED.replace("meets target", "exceeds target"), "When the target is met, the refiner's latest output is returned at once", Status.VIOLATED),
        # "exceeded" says more than met: not read
        (SCORED.replace("meets target", "exceeds target"), "When the target is exceeded, the refiner's latest output is returned at once", Status.UNRECOGNIZED),
    ],
)
def test_a_return_where_a_named_threshold_is_met(delegation: str, sentence: str, status: Status) -> None:
    (found,) = _statuses_in(_scoring(delegation).replace("<invariants>", f"- {sentence}"))
    assert found == status
    if status is Status.UNRECOGNIZED:
        return
    from conftest import Recorder

    module = _module_of(_scoring(delegation).replace("<invariants>", ""), f"scoring_{abs(hash(delegation))}")
    refiner = Recorder("<draft>")
    # the first rating meets the target exactly, and is below nothing else
    out = module.scoring(refiner=refiner, assessor=Recorder({"score": 0.8}), brief="b", target=0.8, floor=0.9)
    returned_at_once = out.met is True and len(refiner.calls) == 1
    assert returned_at_once == (status != Status.VIOLATED)


def test_a_firewall_on_a_plural_removes_the_key_either_way() -> None:
    # the certifier declares no keys: its answer may say `reason` or `reasons`
    from conftest import Recorder, pattern_text

    delegation = """\
let verdict = call assessor
  brief: brief
let draft = call refiner
  brief: brief
  feedback: verdict
return { result: draft }
"""
    text = pattern_text("walled", delegation, slots="refiner, assessor", requires="brief: string -- the task", invariants="<invariants>")
    (status,) = _statuses_in(text.replace("<invariants>", "- The refiner never sees the assessor's reasons"))
    assert status is Status.ENFORCED
    module = _module_of(text.replace("<invariants>", "- The refiner never sees the assessor's reasons"), "walled_plural")
    refiner = Recorder("<draft>")
    module.walled(refiner=refiner, assessor=Recorder({"decision": "reject", "reason": "r", "Reasons": "rs"}), brief="b")
    assert refiner.calls == [{"brief": "b", "feedback": {"decision": "reject"}}]


def _claims_desk(delegation: str) -> str:
    from conftest import pattern_text

    return pattern_text(
        "desk", delegation, slots="approver, writer",
        requires="claim: object -- the claim: amount, title\n    dishes: object[] -- the dishes, each with a `name` and a `recipe`",
        invariants="<invariants>",
    )


DESK = """\
let verdict = call approver
  amount: claim.amount
  title: claim.title
let labels = []
for dish in dishes:
  let label = call writer
    name: dish.name
  append label to labels
return { verdict: verdict, labels: labels }
"""


@pytest.mark.parametrize(
    ("delegation", "sentence", "status"),
    [
        (DESK, "The approver is shown the claim's amount", Status.PROVED),
        (DESK.replace("  amount: claim.amount\n", ""), "The approver is shown the claim's amount", Status.VIOLATED),
        (DESK.replace("  amount: claim.amount\n", ""), "The approver never sees the claim's amount", Status.PROVED),
        (DESK, "The approver never sees the claim's amount", Status.VIOLATED),
        # the whole claim carries its amount
        (DESK.replace("  amount: claim.amount\n  title: claim.title\n", "  claim: claim\n"), "The approver never sees the claim's amount", Status.VIOLATED),
        # inside the whole claim, if the caller's claim has an amount
        (DESK.replace("  amount: claim.amount\n  title: claim.title\n", "  claim: claim\n"), "The approver is shown the claim's amount", Status.UNRECOGNIZED),
        # "only": the title is more than the amount
        (DESK, "The approver sees only the claim's amount", Status.VIOLATED),
        (DESK.replace("  title: claim.title\n", ""), "The approver sees only the claim's amount", Status.PROVED),
        # each call is given its own dish's name
        (DESK, "The writer receives each dish's name", Status.PROVED),
        (DESK, "The writer never sees the dish names", Status.VIOLATED),
        (DESK.replace("name: dish.name", "name: dish.recipe"), "The writer never sees the dish names", Status.PROVED),
        # a key the program never reads off the input is not known to be its
        (DESK, "The approver never sees the claim's currency", Status.UNRECOGNIZED),
    ],
)
def test_a_key_of_an_input_named_by_the_sentence(delegation: str, sentence: str, status: Status) -> None:
    text = _claims_desk(delegation)
    (found,) = _statuses_in(text.replace("<invariants>", f"- {sentence}"))
    assert found == status
    if status is Status.UNRECOGNIZED:
        return
    from conftest import Recorder

    module = _module_of(text.replace("<invariants>", ""), f"desk_{abs(hash((delegation, sentence)))}")
    approver, writer = Recorder("<verdict>"), Recorder("<label>")
    claim = {"amount": "<amount>", "title": "<title>"}
    dishes = [{"name": "<name-0>", "recipe": "<recipe-0>"}, {"name": "<name-1>", "recipe": "<recipe-1>"}]
    module.desk(approver=approver, writer=writer, claim=claim, dishes=dishes)
    seen_by_approver = repr(approver.calls)
    seen_by_writer = repr(writer.calls)
    # what the run shows of the sentence
    if "writer" in sentence and "never" in sentence:
        holds = "<name-" not in seen_by_writer
    elif "writer" in sentence:
        holds = all(f"<name-{k}>" in repr(call) for k, call in enumerate(writer.calls)) and len(writer.calls) == 2
    elif "never" in sentence:
        holds = "<amount>" not in seen_by_approver
    elif "only" in sentence:
        holds = "<amount>" in seen_by_approver and "<title>" not in seen_by_approver
    else:
        holds = "<amount>" in seen_by_approver
    assert holds == (status is Status.PROVED)


REVIEW = """\
---
name: wallreset
kind: pattern
---

# Wall reset

A setter sets a route and a head setter reviews it before it opens.

### Slots

- `setter`
  - requires: wall
  - ensures: a route
- `head_setter`
  - requires: route
  - ensures: a review
- `opener`
  - requires: route
  - ensures: an opening notice

### Requires

- The caller supplies:
    wall: string -- the wall section

### Returns

- `notice`: the opening notice, or null

### Invariants

<invariants>

### Delegation

```prose
let route = call setter
  wall: wall
let review = call head_setter
  route: route
<test>
  let notice = call opener
    route: route
  return {
    notice: notice
  }
return {
  notice: null
}
```
"""


@pytest.mark.parametrize(
    ("test", "status"),
    [
        # an approval test: output that cannot be read is no approval
        ("if review approves:", Status.ENFORCED),
        # a presence test alone: an approval, a refusal and output that
        # cannot be read all open the route
        ("if review is present:", Status.VIOLATED),
        # a test for a word that neither approves nor refuses, and none for
        # approval: the approval takes the `else` branch, and so does
        # output that cannot be read; not proved
        ("if review says rework:\n  return {\n    notice: null\n  }\nelse:", Status.UNVERIFIABLE),
        # the same, with a test that asks for approval
        ("if review says rework:\n  return {\n    notice: null\n  }\nelif review approves:", Status.ENFORCED),
    ],
)
def test_a_presence_test_alone_lets_output_that_cannot_be_read_through(test: str, status: Status) -> None:
    from conftest import Recorder

    text = REVIEW.replace("<test>", test)
    (found,) = _statuses_in(text.replace("<invariants>", "- An unreadable review from the head setter never counts as approval."))
    assert found == status
    module = _module_of(text.replace("<invariants>", ""), f"wallreset_{abs(hash(test))}")
    opener = Recorder("<notice>")
    module.wallreset(setter=Recorder("<route>"), head_setter=Recorder("garbled, not a verdict {"), opener=opener, wall="<wall>")
    # what the run shows: the opener runs on output that cannot be read
    # exactly where the claim is broken
    assert (opener.count == 0) == (status is Status.ENFORCED)


KNIVES = """\
---
name: knives
kind: pattern
---

# Knives

An inspector looks at every knife, then a grinder grinds the ones it passes.

### Slots

- `inspector`
  - requires: knife
  - ensures: a verdict `{ decision, bevel, reason }`
- `grinder`
  - requires: knife, bevel
  - ensures: an edge

### Requires

- The caller supplies:
    knives: string[] -- the knives

### Returns

- `edges`: the edges

### Invariants

<invariants>

### Delegation

```prose
let verdicts = parallel for knife in knives:
  call inspector
    knife: knife
let edges = []
for knife, index in knives:
  let verdict = <picked>
  let edge = call grinder
    knife: knife
    bevel: verdict.bevel
  append edge to edges
return {
  edges: edges
}
```
"""


@pytest.mark.parametrize(
    ("picked", "sentence", "status"),
    [
        # read off an element picked by index: there wherever the index is
        # in range, which the analysis does not count
        ("verdicts[index]", "The grinder gets the inspector's bevel", Status.UNRECOGNIZED),
        ("verdicts[index]", "The grinder never sees the inspector's bevel", Status.VIOLATED),
        ("verdicts[index]", "The grinder never sees the inspector's reason", Status.PROVED),
        # nothing of the inspector's reaches the grinder
        ('{ bevel: "flat" }', "The grinder gets the inspector's bevel", Status.VIOLATED),
    ],
)
def test_a_key_read_off_an_element_picked_by_index(picked: str, sentence: str, status: Status) -> None:
    from conftest import Recorder

    text = KNIVES.replace("<picked>", picked)
    (found,) = _statuses_in(text.replace("<invariants>", f"- {sentence}"))
    assert found == status
    module = _module_of(text.replace("<invariants>", ""), f"knives_{abs(hash((picked, sentence)))}")
    inspector = Recorder({"decision": "accept", "bevel": "<bevel>", "reason": "<reason>"})
    grinder = Recorder("<edge>")
    module.knives(inspector=inspector, grinder=grinder, knives=["<a>", "<b>"])
    seen = repr(grinder.calls)
    if status is Status.PROVED:
        assert "<reason>" not in seen
    if status is Status.VIOLATED:
        assert ("<bevel>" in seen) == ("never" in sentence)


# ---------------------------------------------------------------- passed on some paths, a fixed text on the others

HAGGLE = """\
---
name: haggle
kind: pattern
---

# Haggle

Quote until the customer accepts.

### Slots

- `estimator`
  - requires: job, feedback
  - ensures: `{{ total }}`
- `customer`
  - requires: quote
  - ensures: `{{ decision, counter_offer, reason }}`

### Requires

- The caller supplies:
    job: string -- the job

### Returns

- `quote`: the last quote

### Invariants

{invariants}

### Delegation

```prose
let feedback = null
let quote = null
loop until verdict accepts (max: 3):
  let quote = call estimator
    job: job
    feedback: feedback
  let verdict = call customer
    quote: quote.total
  if verdict says haggle:
    feedback = verdict.counter_offer
  else:
    feedback = {otherwise}

return {{
  quote: quote
}}
```
"""


@pytest.mark.parametrize(
    ("otherwise", "status"),
    [
        # the counter offer after a haggle, and in its place a fixed text or
        # null otherwise: on the paths where it is passed, or on every call?
        ('"no counter offer"', Status.UNRECOGNIZED),
        ("null", Status.UNRECOGNIZED),
        # something else of the customer's on the other paths: the
        # stricter meaning is broken, and the other is not what is passed
        ("verdict.reason", Status.VIOLATED),
    ],
)
def test_a_value_passed_on_some_paths_and_a_fixed_text_on_others_has_two_meanings(otherwise: str, status: Status) -> None:
    sentence = "The estimator is told the customer's counter offer."
    text = HAGGLE.format(invariants=f"- {sentence}", otherwise=otherwise)
    assert _statuses_in(text) == [status]
    module = _module_of(HAGGLE.format(invariants="", otherwise=otherwise), f"haggle{next(_GATES)}")
    for answers in (["haggle", "accept"], ["counter", "accept"]):
        feedback: list[object] = []
        said = iter(answers)

        def estimator(_feedback: list[object] = feedback, **given: object) -> dict[str, object]:
            _feedback.append(given["feedback"])
            return {"total": 100}

        def customer(_said: Iterator[str] = said, **_: object) -> dict[str, str]:
            return {"decision": next(_said), "counter_offer": "OFFER 80", "reason": "too dear"}

        module.haggle(estimator=estimator, customer=customer, job="carpet", judge=lambda q, *_: "yes" if "accept" in str(q) else "no")
        # the second quote is given the counter offer only after a haggle
        assert ("OFFER 80" in feedback) is (answers[0] == "haggle"), feedback


# ---------------------------------------------------------------- one value of a parallel block, a list returned empty, a return no refusal reaches

KEEPSAKE = """\
---
name: keepsake
kind: pattern
---

# Keepsake

Print a certificate and a badge once the librarian signs off.

### Slots

- `marker`
  - requires: title
  - ensures: a verdict
- `librarian`
  - requires: stamped
  - ensures: a verdict `{{ decision, reason }}`
- `printer`
  - requires: stamped
  - ensures: a certificate
- `badge_maker`
  - requires: count
  - ensures: a badge

### Requires

- The caller supplies:
    titles: string[] -- the books read
    needed: number -- how many books earn a certificate

### Returns

- `certificate`: the certificate
- `badge`: the badge
- `stamped`: the stamped titles
- `reason`: why not

### Invariants

{invariants}

### Delegation

```prose
let stamped = []
if titles.length is 0:
  return {{
    certificate: null,
    badge: null,
    stamped: stamped,
    reason: "nothing read"
  }}
for title in titles:
  let verdict = call marker
    title: title
  if verdict accepts:
    append verdict to stamped
if stamped.length meets needed:
  let signoff = call librarian
    stamped: stamped
  if signoff approves:
    let keepsakes = parallel:
      call printer
        stamped: stamped
      call badge_maker
        count: stamped.length
    return {{
      certificate: keepsakes[0],
      badge: keepsakes[1],
      stamped: stamped,
      reason: null
    }}
  return {{
    certificate: null,
    badge: null,
    stamped: stamped,
    reason: signoff.reason
  }}
return {{
  certificate: null,
  badge: null,
  stamped: stamped,
  reason: "not enough books"
}}
```
"""


@pytest.mark.parametrize(
    ("sentence", "status"),
    [
        # the first value of the parallel block is the printer's: null
        # elsewhere, so "of every return, or of those that return one"
        ("The certificate returned is the printer's.", Status.UNRECOGNIZED),
        ("The badge returned is the printer's.", Status.VIOLATED),
        ("The badge returned is the badge maker's.", Status.UNRECOGNIZED),
        # the last return runs only where the librarian was never asked
        ("When the librarian refuses, the librarian's reason is returned.", Status.PROVED),
        # returned empty before any verdict: "always" is broken there; said
        # bare, of every return or of those that return some?
        ("The stamped list returned is always the marker's.", Status.VIOLATED),
        ("The stamped list returned is the marker's.", Status.UNRECOGNIZED),
    ],
)
def test_a_value_picked_from_a_parallel_block_an_empty_list_and_a_return_apart(sentence: str, status: Status) -> None:
    assert _statuses_in(KEEPSAKE.format(invariants=f"- {sentence}")) == [status]
    module = _module_of(KEEPSAKE.format(invariants=""), f"keepsake{next(_GATES)}")
    out = module.keepsake(
        marker=lambda **_: {"decision": "accept"},
        librarian=lambda **_: {"decision": "approve", "reason": "fine"},
        printer=lambda **_: "CERTIFICATE",
        badge_maker=lambda **_: "BADGE",
        titles=["a", "b"],
        needed=2,
        judge=lambda condition, *_: "meets" in str(condition),
    )
    # the block keeps its values in the order of its branches
    assert (out.certificate, out.badge) == ("CERTIFICATE", "BADGE")
    refused = module.keepsake(
        marker=lambda **_: {"decision": "accept"},
        librarian=lambda **_: {"decision": "reject", "reason": "same book twice"},
        printer=lambda **_: "CERTIFICATE",
        badge_maker=lambda **_: "BADGE",
        titles=["a", "b"],
        needed=2,
        judge=lambda condition, *_: "meets" in str(condition),
    )
    assert (refused.certificate, refused.reason) == (None, "same book twice")


# ---------------------------------------------------------------- a round that may return: fewer calls than its loop's count

RETRYING = """\
---
name: retrying
kind: pattern
---

# Retrying

Try the target until it succeeds.

### Slots

- `target`
  - requires: brief
  - ensures: a result

### Requires

- The caller supplies:
    brief: string -- the task
    tries: number -- the most tries

### Returns

- `result`: the result

### Invariants

{invariants}

### Delegation

```prose
repeat tries as attempt:
  try:
    let result = call target
      brief: brief
    if {test}:
      continue
    return {{
      result: result
    }}
  catch as error:
    continue

return {{
  result: null
}}
```
"""


@pytest.mark.parametrize(
    ("test", "status"),
    [
        # the target's answer, or the judge's, settles the test: a run may
        # return after the first call
        ("result says retry", Status.VIOLATED),
        ("**the result is not good enough**", Status.VIOLATED),
        # the loop's own count settles it, which no answer changes
        ("attempt meets 0", Status.UNRECOGNIZED),
    ],
)
def test_a_round_that_may_return_makes_fewer_calls_than_the_loops_count(test: str, status: Status) -> None:
    text = RETRYING.format(invariants="- The target is called exactly tries times.", test=test)
    assert _statuses_in(text) == [status]
    module = _module_of(RETRYING.format(invariants="", test=test), f"retrying{next(_GATES)}")
    calls: list[object] = []

    def target(**given: object) -> dict[str, str]:
        calls.append(given["brief"])
        return {"decision": "done"}

    module.retrying(target=target, brief="b", tries=3, judge=lambda *_: False)
    # where the test is free, a run makes one call, not three
    assert (len(calls) < 3) is (status is Status.VIOLATED), calls


# ---------------------------------------------------------------- a caught failure, passed on: not what the slot said

FARRIERY = """\
---
name: farriery
kind: pattern
---

# Farriery

Look at each horse, then bill for the visit.

### Slots

- `vet`
  - requires: horse
  - ensures: an opinion
- `invoicer`
  - requires: log
  - ensures: an invoice

### Requires

- The caller supplies:
    horses: string[] -- the horses

### Returns

- `invoice`: the invoice

### Invariants

{invariants}

### Delegation

```prose
let log = []
for horse in horses:
  try:
    let opinion = call vet
      horse: horse
    append {{ horse: horse, {kept} }} to log
  catch as problem:
    append {{ horse: horse, error: problem }} to log

let invoice = call invoicer
  log: log

return {{
  invoice: invoice
}}
```
"""


@pytest.mark.parametrize(
    ("kept", "status"),
    [
        # only the failure the vet raised reaches the invoicer: whether "what
        # the vet said" takes it in, the words do not say
        ("seen: true", Status.UNRECOGNIZED),
        ("opinion: opinion", Status.VIOLATED),
    ],
)
def test_a_caught_failure_passed_on_is_not_surely_what_the_slot_said(kept: str, status: Status) -> None:
    text = FARRIERY.format(invariants="- The invoicer never learns what the vet said.", kept=kept)
    assert _statuses_in(text) == [status]
    module = _module_of(FARRIERY.format(invariants="", kept=kept), f"farriery{next(_GATES)}")
    given: list[str] = []

    def vet(**args: object) -> str:
        if args["horse"] == "lame":
            raise ValueError("VET-FAILURE")
        return "VET-OPINION"

    def invoicer(**args: object) -> str:
        given.append(repr(args["log"]))
        return "INVOICE"

    module.farriery(vet=vet, invoicer=invoicer, horses=["sound", "lame"])
    # the failure reaches the invoicer either way; the opinion only where kept
    assert "VET-FAILURE" in given[0]
    assert ("VET-OPINION" in given[0]) is (status is Status.VIOLATED)


# ---------------------------------------------------------------- a judgement of the slot's own work, handed back

CRITIQUED = """\
---
name: critiqued
kind: pattern
---

# Critiqued

Draft, have the draft looked at, and draft again.

### Slots

- `worker`
  - requires: brief, {key}
  - ensures: a draft
- `critic`
  - requires: draft
  - ensures: a verdict

### Requires

- The caller supplies:
    brief: string -- the task

### Returns

- `draft`: the last draft

### Invariants

- The worker is not told that its drafts will be reviewed.

### Delegation

```prose
let last = null
let draft = null
repeat 3 as round:
  draft = call worker
    brief: brief
    {key}: last
  last = call critic
    draft: draft

return {{
  draft: draft
}}
```
"""


@pytest.mark.parametrize(
    ("key", "status"),
    [
        # the critic's verdict on its draft, under a word for a judgement:
        # it may tell the worker its drafts are reviewed, or be data
        ("critique", Status.UNRECOGNIZED),
        ("feedback", Status.UNRECOGNIZED),
        # under another name, it is data the worker works from
        ("notes", Status.PROVED),
    ],
)
def test_a_judgement_of_its_own_work_handed_back_may_tell_the_slot_it_is_judged(key: str, status: Status) -> None:
    assert _statuses_in(CRITIQUED.format(key=key)) == [status]


# ---------------------------------------------------------------- "the score cards", of a local of that name

CARDS = """\
---
name: cards
kind: pattern
---

# Cards

Score the entries, then tally.

### Slots

- `panellist`
  - requires: entries
  - ensures: a score card
- `tallier`
  - requires: cards
  - ensures: a result

### Requires

- The caller supplies:
    entries: string[] -- the entries
    seats: integer -- how many panellists

### Returns

- `result`: the result

### Invariants

- The tallier works only from the score cards.

### Delegation

```prose
let cards = parallel repeat seats:
  call panellist
    entries: entries

let result = call tallier
  cards: cards
{after}
return {{
  result: result
}}
```
"""


@pytest.mark.parametrize(
    ("after", "status"),
    [
        # `cards` holds every score card the panellist makes: one value
        ("", Status.PROVED),
        # a later panellist call makes a card `cards` does not hold: "the
        # score cards" may be the local, or every card made
        ("let extra = call panellist\n  entries: entries\n", Status.UNRECOGNIZED),
    ],
)
def test_a_noun_for_a_slots_results_that_is_also_a_locals_name(after: str, status: Status) -> None:
    assert _statuses_in(CARDS.format(after=after)) == [status]


# ---------------------------------------------------------------- others of the same slot: words for peers, their output

TASTING = """\
---
name: tasting
kind: pattern
---

# Tasting

A panel tastes the cup, one after another.

### Slots

- `taster`
  - requires: cup
  - ensures: a score

### Requires

- The caller supplies:
    cup: string -- the cup
    seats: integer -- how many tasters

### Returns

- `scores`: every score

### Invariants

{invariants}

### Delegation

```prose
let scores = []
let last = null
repeat seats:
  let score = call taster
    cup: cup
    {passed}
    prompt: "{prompt}"
  append score to scores
  last = score

return {{
  scores: scores
}}
```
"""


@pytest.mark.parametrize(
    ("prompt", "passed", "each_other", "others_exist"),
    [
        ("Score this cup out of ten.", "", Status.PROVED, Status.PROVED),
        # a word for peers doing the same work: it may tell the taster
        ("Score this cup; it is averaged with the rest of the panel.", "", Status.UNRECOGNIZED, Status.UNRECOGNIZED),
        # others of its kind, said so
        ("Score this cup. Other tasters score it too.", "", Status.VIOLATED, Status.VIOLATED),
        # the taster before's score: another call's output, as data, which
        # may or may not say another ran (either way)
        ("Score this cup out of ten.", "previous: last", Status.UNRECOGNIZED, Status.UNRECOGNIZED),
    ],
)
def test_words_for_peers_and_others_output_in_unaware_of_the_other_calls(
    prompt: str, passed: str, each_other: Status, others_exist: Status
) -> None:
    sentences = ["- The tasters are unaware of each other.", "- No taster is told that other tasters are scoring the same cup."]
    statuses = _statuses_in(TASTING.format(invariants="\n".join(sentences), prompt=prompt, passed=passed))
    assert statuses == [each_other, others_exist]


@pytest.mark.parametrize("passed", ["", "previous: last"])
def test_not_learning_a_result_is_a_thing_received_not_a_fact(passed: str) -> None:
    # "never learns the outcome of its earlier passes" names a result, which
    # reaches the slot or not: no words of a hidden fact, and not read as one
    # (as a fact about "passes" it was proved of a taster handed its last score)
    text = TASTING.format(
        invariants="- The taster never learns the outcome of its earlier passes.", prompt="Score this cup out of ten.", passed=passed
    )
    assert _statuses_in(text) == [Status.UNRECOGNIZED]


# ---------------------------------------------------------------- a decision word's participle names its path

RECITAL = """\
---
name: recital
kind: pattern
---

# Recital

Decide whether the recital goes ahead.

### Slots

- `head`
  - requires: recital_date
  - ensures: a decision `{{ decision, reason }}`
- `printer`
  - requires: recital_date
  - ensures: a booklet

### Requires

- The caller supplies:
    recital_date: string -- when the recital is

### Returns

- `booklet`: the booklet
- `reason`: why it was postponed

### Invariants

- When the recital is postponed, the head's reason is returned.

### Delegation

```prose
let decision = call head
  recital_date: recital_date
if decision says postpone:
  return {{
    booklet: null,
    reason: {reason}
  }}
let booklet = call printer
  recital_date: recital_date
return {{
  booklet: booklet,
  reason: null
}}
```
"""


@pytest.mark.parametrize(("reason", "status"), [("decision.reason", Status.PROVED), ('"postponed"', Status.VIOLATED)])
def test_a_decision_words_participle_names_the_branch_that_tests_it(reason: str, status: Status) -> None:
    # ("when the recital is" is also the input's description: at the head of
    # the sentence it opens the condition)
    assert _statuses_in(RECITAL.format(reason=reason)) == [status]
    module = _module_of(RECITAL.format(reason=reason).replace("- When the recital is postponed, the head's reason is returned.", ""), f"recital{next(_GATES)}")
    out = module.recital(
        head=lambda **_: {"decision": "postpone", "reason": "HEAD-REASON"}, printer=lambda **_: "BOOKLET", recital_date="June"
    )
    assert (out.reason == "HEAD-REASON") is (status is Status.PROVED)


# ---------------------------------------------------------------- "the raw frames": a field named with no slot, as the slot gave it

NIGHT = """\
---
name: night
kind: pattern
---

# Night

Observe a target and write the log.

### Slots

- `telescope`
  - requires: target
  - ensures: `{{ frames, header }}`
- `astronomer`
  - requires: the header
  - ensures: the night log

### Requires

- The caller supplies:
    target: string -- the target

### Returns

- `log`: the night log

### Invariants

{invariants}

### Delegation

```prose
let reading = call telescope
  target: target
let log = call astronomer
  seen: reading.{passed}
return {{
  log: log
}}
```
"""


@pytest.mark.parametrize(
    ("sentence", "passed", "status"),
    [
        ("The astronomer never sees the raw frames.", "header", Status.PROVED),
        ("The astronomer never sees the raw frames.", "frames", Status.VIOLATED),
        # "original", "initial": which of its values, not how it was given
        ("The astronomer never sees the original frames.", "header", Status.UNRECOGNIZED),
    ],
)
def test_raw_before_a_field_named_with_no_slot(sentence: str, passed: str, status: Status) -> None:
    assert _statuses_in(NIGHT.format(invariants=f"- {sentence}", passed=passed)) == [status]


# ---------------------------------------------------------------- the keys of a result that nests braces


def test_the_keys_of_a_result_that_nests_braces_are_its_own_and_the_inner_ones() -> None:
    from prosec.invariants.lexicon import declared_keys

    assert declared_keys("`{ path, stops: [{ name, note }] }`") == ["name", "note", "path", "stops"]
    assert declared_keys("a verdict `{ decision: approve | reject, reason }`") == ["decision", "reason"]


# ---------------------------------------------------------------- a plural result noun of a slot asked again, that nothing collects

ORGAN = """\
---
name: organ
kind: pattern
---

# Organ

Check the hymns each round, then print the sheet.

### Slots

- `organist`
  - requires: hymns
  - ensures: the playable hymns
- `printer`
  - requires: hymns, occasion
  - ensures: the printed sheet

### Requires

- The caller supplies:
    shortlist: string -- the hymns proposed
    occasion: string -- the Sunday

### Returns

- `sheet`: the sheet

### Invariants

- {sentence}

### Delegation

```prose
let playable = call organist
  hymns: shortlist
repeat 2:
  let playable = call organist
    hymns: shortlist
let sheet = call printer
  hymns: {passed}
  occasion: occasion
return {{
  sheet: sheet
}}
```
"""


@pytest.mark.parametrize(
    ("sentence", "passed", "status"),
    [
        # received: every result the organist made, or the latest? It was
        # read as every one, and failed where the latest is meant
        ("The printer only ever gets the playable hymns and the occasion.", "playable", Status.UNRECOGNIZED),
        # kept away: any of them
        ("The printer never sees the playable hymns.", "shortlist", Status.PROVED),
        ("The printer never sees the playable hymns.", "playable", Status.VIOLATED),
    ],
)
def test_a_plural_result_noun_of_a_slot_asked_again_that_nothing_collects(sentence: str, passed: str, status: Status) -> None:
    assert _statuses_in(ORGAN.format(sentence=sentence, passed=passed)) == [status]


# ---------------------------------------------------------------- a field read at any depth: `seat.student` of the plan's `seats`

SEATING = """\
---
name: seating
kind: pattern
---

# Seating

Seat the class, then welcome each student.

### Slots

- `planner`
  - requires: roster
  - ensures: a plan `{{ seats: [{{ student, station }}], reason }}`
- `welcomer`
  - requires: a student
  - ensures: a welcome letter
- `badge_printer`
  - requires: a name
  - ensures: a badge

### Requires

- The caller supplies:
    roster: string[] -- the class
    course: string -- the course

### Returns

- `letters`: the letters

### Invariants

{invariants}

### Delegation

```prose
let plan = call planner
  roster: roster
let letters = parallel for seat in plan.seats:
  let badge = call badge_printer
    name: seat.student
  call welcomer
    {passed}
    course: course
return {{
  letters: letters
}}
```
"""


@pytest.mark.parametrize(
    ("sentence", "passed", "status"),
    [
        ("The welcomer never sees the student.", "student: seat.student", Status.VIOLATED),
        ("The welcomer never sees the student.", "station: seat.station", Status.PROVED),
        ("The welcomer never sees the planner's student.", "student: seat.student", Status.VIOLATED),
        ("The welcomer never sees the planner's student.", "station: seat.station", Status.PROVED),
        # the seat whole holds the student the badge printer reads off it
        ("The welcomer never sees the planner's student.", "seat: seat", Status.VIOLATED),
        ("The welcomer is told only the student and the course.", "student: seat.student", Status.PROVED),
        ("The welcomer is told only the student and the course.", "station: seat.station", Status.VIOLATED),
    ],
)
def test_a_field_read_at_any_depth_of_a_result_is_that_field(sentence: str, passed: str, status: Status) -> None:
    assert _statuses_in(SEATING.format(invariants=f"- {sentence}", passed=passed)) == [status]


def test_a_field_read_at_any_depth_reaches_the_call_when_run() -> None:
    """The welcomer given `seat.student` is handed the student the planner
    wrote inside its seats: what "never sees the student" denies."""
    text = SEATING.format(invariants="", passed="student: seat.student")
    module = _module_of(text, f"seating{next(_GATES)}")
    seen: list[dict[str, Any]] = []
    module.seating(
        planner=lambda **_: {"seats": [{"student": "STUDENT-1", "station": "STATION-1"}], "reason": "R"},
        welcomer=lambda **kw: seen.append(kw) or "LETTER",
        badge_printer=lambda **_: "BADGE",
        roster=["a"],
        course="bread",
    )
    assert seen == [{"student": "STUDENT-1", "course": "bread"}]


# ---------------------------------------------------------------- a `break` of a loop nested in the walk is not the walk's

PAIRING = """\
---
name: pairing
kind: pattern
---

# Pairing

Shortlist mentors for each mentee and keep the first that passes a check.

### Slots

- `matcher`
  - requires: a mentee
  - ensures: a shortlist `{{ mentors }}`
- `checker`
  - requires: a mentor
  - ensures: clear or not

### Requires

- The caller supplies:
    mentees: string[] -- the mentees

### Returns

- `pairs`: the pairs

### Invariants

- Each mentee is given to exactly one matcher call.

### Delegation

```prose
let pairs = []
for mentee in mentees:
  let shortlist = call matcher
    mentee: mentee
  for candidate in shortlist.mentors:
    let check = call checker
      mentor: candidate
    if check says clear:
      append candidate to pairs
      break
{outer}
return {{
  pairs: pairs
}}
```
"""


@pytest.mark.parametrize(
    ("outer", "status"),
    [
        # the `break` leaves the walk over the shortlist, not over the mentees
        ("", Status.PROVED),
        # one of the walk's own: the mentees after it get no call
        ("  if shortlist says none:\n    break", Status.VIOLATED),
    ],
)
def test_a_break_of_a_nested_loop_does_not_stop_the_walk(outer: str, status: Status) -> None:
    assert _statuses_in(PAIRING.format(outer=outer)) == [status]


# ---------------------------------------------------------------- a concession: "whatever the chef says", "however many there are"

HALL = """\
---
name: kitchen
kind: pattern
---

# Kitchen

Cost the menu, ask the chef, and book the caretaker once.

### Slots

- `costing_clerk`
  - requires: the menu
  - ensures: the costings
- `chef`
  - requires: the costings
  - ensures: a verdict `{{ decision, reason }}`
- `caretaker`
  - requires: the requests
  - ensures: a booking

### Requires

- The caller supplies:
    menu: string -- the menu
    requests: string[] -- the room requests

### Returns

- `costings`: the costings
- `booking`: the booking

### Invariants

- {sentence}

### Delegation

```prose
let costings = call costing_clerk
  menu: menu
let verdict = call chef
  costings: costings
{body}
```
"""

_KEEP = """\
let booking = call caretaker
  requests: requests
return {
  costings: costings,
  booking: booking
}"""

_SWAP = """\
if verdict does not approve:
  return {
    costings: verdict.reason,
    booking: null
  }
""" + _KEEP

_GATE = """\
if verdict does not approve:
  return {
    costings: null,
    booking: null
  }
""" + _KEEP


@pytest.mark.parametrize(
    ("sentence", "body", "status"),
    [
        ("The caretaker is asked exactly once, however many requests there are.", _KEEP, Status.PROVED),
        ("The caretaker is asked exactly once, however many requests there are.", _GATE, Status.VIOLATED),
        ("Whatever the chef says, the caretaker never sees the menu.", _GATE, Status.PROVED),
        ("The costings are returned, whatever the chef says.", _KEEP, Status.PROVED),
        ("Whatever the chef decides, the costings returned are the costing clerk's.", _SWAP, Status.VIOLATED),
        ("The costings returned are the costing clerk's, no matter what the chef decides.", _KEEP, Status.PROVED),
        # what a slot receives: said "whatever happens", the caretaker runs
        # on every path too, which no claim of receiving says
        ("Whatever the chef says, the caretaker gets the requests.", _GATE, Status.UNRECOGNIZED),
        # a gate, which a concession would contradict
        ("The caretaker runs only once the chef approves, whatever the chef says.", _GATE, Status.UNRECOGNIZED),
        # "even when": a condition, not a concession
        ("The menu never reaches the caretaker, even when the chef approves.", _GATE, Status.UNRECOGNIZED),
    ],
)
def test_a_concession_says_the_claim_holds_on_every_path(sentence: str, body: str, status: Status) -> None:
    assert _statuses_in(HALL.format(sentence=sentence, body=body)) == [status]


@pytest.mark.parametrize(
    ("sentence", "status"),
    [
        # no read of `student` anywhere: the `ensures:` shape says the seats hold it
        ("The welcomer never sees the planner's student.", Status.VIOLATED),
        ("The welcomer never sees the planner's reason.", Status.PROVED),
    ],
)
def test_a_part_of_a_result_holds_the_keys_its_shape_declares_inside_it(sentence: str, status: Status) -> None:
    text = SEATING.format(invariants=f"- {sentence}", passed="seats: plan.seats").replace(
        "  let badge = call badge_printer\n    name: seat.student\n", ""
    )
    assert "seat.student" not in text
    assert _statuses_in(text) == [status]


# ---------------------------------------------------------------- two results "never combined", said first

MINUTES = """\
---
name: minutes
kind: pattern
---

# Minutes

Write the minutes and, apart, an alert.

### Slots

- `scribe`
  - requires: notes
  - ensures: the minutes
- `liaison`
  - requires: notes
  - ensures: an alert
- `archivist`
  - requires: what to file
  - ensures: a reference

### Requires

- The caller supplies:
    notes: string -- the notes

### Returns

- `minutes`: the minutes

### Invariants

- The scribe's output and the liaison's output are never combined.

### Delegation

```prose
let minutes = call scribe
  notes: notes
let alert = call liaison
  notes: notes
{body}
```
"""


@pytest.mark.parametrize(
    ("body", "status"),
    [
        # each returned on its own path
        ("if alert says urgent:\n  return { alert: alert }\nreturn { minutes: minutes }", Status.PROVED),
        # one value a call is given holding both: combined, whatever else
        # "combined" means
        ("let ref = call archivist\n  papers: [minutes, alert]\nreturn { minutes: ref }", Status.VIOLATED),
        # a call given each under its own name: combined, or side by side?
        ("let ref = call archivist\n  minutes: minutes\n  alert: alert\nreturn { minutes: ref }", Status.UNRECOGNIZED),
        ('return { note: "{minutes} / {alert}" }', Status.VIOLATED),
        # one object holding both: combined into one value, or side by side?
        ("return { minutes: minutes, alert: alert }", Status.UNRECOGNIZED),
        ("let both = [minutes, alert]\nreturn { minutes: both }", Status.UNRECOGNIZED),
    ],
)
def test_two_results_never_combined_are_never_given_together(body: str, status: Status) -> None:
    assert _statuses_in(MINUTES.format(body=body)) == [status]


@pytest.mark.parametrize(
    "sentence",
    [
        # a field of one: another field beside the other would break the claim
        "The scribe's output and the liaison's notes are never combined.",
        # "or": which pair?
        "The scribe's output or the liaison's output is never combined.",
    ],
)
def test_what_is_never_combined_is_two_results_said_whole(sentence: str) -> None:
    text = MINUTES.format(body="return { minutes: minutes }").replace(
        "- The scribe's output and the liaison's output are never combined.", f"- {sentence}"
    )
    assert _statuses_in(text) == [Status.UNRECOGNIZED]


# ---------------------------------------------------------------- first runs of zzzq to zzzt

HIKE = """\
---
name: hike
kind: pattern
---

# Hike

Forecast, pack a kit, and let the leader decide.

### Slots

- `forecaster`
  - requires: a date
  - ensures: a forecast `{{ summary, wind }}`
- `first_aider`
  - requires: the group size
  - ensures: `{{ kit_list, walker_notes }}`
- `leader`
  - requires: forecast summary, kit list
  - ensures: a decision
- `selector`
  - requires: a genre
  - ensures: picks `{{ tracks }}`

### Requires

- The caller supplies:
    hike_date: string -- the date
    group_size: integer -- the walkers
    genres: string[] -- the genres

### Returns

- `playlist`: the tracks

### Invariants

- {sentence}

### Delegation

```prose
let weather = call forecaster
  date: hike_date
  prompt: "{prompt}"
let kit_check = call first_aider
  walkers: group_size
let decision = call leader
  forecast: weather.summary
  kit: kit_check.kit_list
let playlist = []
{walk}
return {{
  playlist: playlist
}}
```
"""

_WALK = """\
for genre in genres:
  let picks = call selector
    genre: genre
  for track in picks.tracks:
    append track to playlist"""


@pytest.mark.parametrize(
    ("sentence", "prompt", "walk", "status"),
    [
        # "or" between values received: one of them, which no claim says
        ("The leader receives the forecast summary or the kit list.", "Forecast the day", _WALK, Status.UNRECOGNIZED),
        ("The leader is given nothing except the forecast summary or the kit list.", "Forecast the day", _WALK, Status.UNRECOGNIZED),
        # kept away, each of them
        ("The first aider never sees the hike date or the genres.", "Forecast the day", _WALK, Status.PROVED),
        # a key said with its own article, declared by another slot, is that slot's
        ("The leader receives the forecast summary and the kit list.", "Forecast the day", _WALK, Status.PROVED),
        # a word of the hidden fact that says what the slot itself does
        ("The forecaster isn't told the forecast is for a walking club.", "Forecast the day", _WALK, Status.UNRECOGNIZED),
        ("The forecaster isn't told the forecast is for a walking club.", "Forecast the day for a walking club", _WALK, Status.VIOLATED),
        # a list made of parts of the selector's results: its work, or made from it?
        ("The returned playlist is the selector's work.", "Forecast the day", _WALK, Status.UNRECOGNIZED),
        ("The returned playlist is the selector's work.", "Forecast the day", "let playlist = call selector\n  genre: hike_date", Status.PROVED),
    ],
)
def test_first_runs_of_the_fourth_round(sentence: str, prompt: str, walk: str, status: Status) -> None:
    # (a sentence of several values kept away is a claim of each)
    assert set(_statuses_in(HIKE.format(sentence=sentence, prompt=prompt, walk=walk))) == {status}


CASTING = """\
---
name: casting
kind: pattern
---

# Casting

Cast every pupil once the head says stage.

### Slots

- `head`
  - requires: the script
  - ensures: a verdict
- `casting_assistant`
  - requires: a pupil
  - ensures: a part

### Requires

- The caller supplies:
    script: string -- the play
    cast_list: string[] -- the pupils

### Returns

- `parts`: the parts

### Invariants

- The casting assistant is called once for each pupil.

### Delegation

```prose
let ruling = call head
  script: script
{gate}
let parts = parallel for pupil in cast_list:
  call casting_assistant
    pupil: pupil
return {{
  parts: parts
}}
```
"""


@pytest.mark.parametrize(
    ("gate", "status"),
    [
        ("", Status.PROVED),
        # a run that shelves the play walks no pupil: "once for each pupil"
        # of every run, or of the runs that walk the list?
        ('if ruling says shelve:\n  return {\n    parts: []\n  }', Status.UNRECOGNIZED),
    ],
)
def test_once_per_element_of_a_walk_some_runs_never_reach(gate: str, status: Status) -> None:
    assert _statuses_in(CASTING.format(gate=gate)) == [status]


def test_once_per_element_of_a_slot_called_once_in_all_is_broken_wherever_the_walk_is() -> None:
    # called once in all, not once per pupil: broken on the runs that walk
    # the list, whatever the runs that do not
    text = CASTING.format(gate='if ruling says shelve:\n  return {\n    parts: []\n  }').replace(
        "let parts = parallel for pupil in cast_list:\n  call casting_assistant\n    pupil: pupil",
        "let notes = parallel for pupil in cast_list:\n  call head\n    script: pupil\nlet parts = call casting_assistant\n  pupil: notes",
    )
    assert _statuses_in(text) == [Status.VIOLATED]


LOCKERS = """\
---
name: lockers
kind: pattern
---

# Lockers

Pick a locker for each pupil.

### Slots

- `allocator`
  - requires: a pupil record
  - ensures: a locker

### Requires

- The office supplies:
    students: object[] -- pupil records, each with a `name`

### Returns

- `picks`: the lockers

### Invariants

- The allocator is given nothing but the pupil's record.

### Delegation

```prose
let picks = parallel for student in students:
  call allocator
    {passed}
return {{
  picks: picks
}}
```
"""


@pytest.mark.parametrize(("passed", "status"), [("student: student", Status.PROVED), ("students: students", Status.VIOLATED)])
def test_the_singular_of_a_described_list_with_a_possessive_is_one_element(passed: str, status: Status) -> None:
    # "the pupil's record", of `students: pupil records`: the pupil the
    # call's own iteration walks to, not the whole list
    assert _statuses_in(LOCKERS.format(passed=passed)) == [status]


ROUND_KEYS = """\
---
name: rounds
kind: pattern
---

# Rounds

Visit the stops one by one.

### Slots

- `driver`
  - requires: a stop
  - ensures: a visit

### Requires

- The caller supplies:
    stops: string[] -- the stops

### Returns

- `visits`: the visits

### Invariants

- The driver handles the stops in order.

### Delegation

```prose
let seen = []
let visits = []
for stop in stops:
  append stop to seen
  let visit = call driver
    {passed}
  append visit to visits
return {{
  visits: visits
}}
```
"""


@pytest.mark.parametrize(("passed", "status"), [("stop: stop", Status.PROVED), ('note: "so far: {seen}"', Status.UNRECOGNIZED)])
def test_in_order_with_the_elements_of_earlier_rounds_in_view(passed: str, status: Status) -> None:
    # the stops appended in earlier rounds are elements of the list too, but
    # not this round's: one at a time with the earlier ones in view, or one
    # element per call? (It was proved as one element per call.)
    assert _statuses_in(ROUND_KEYS.format(passed=passed)) == [status]


LUNCHES = """\
---
name: lunches
kind: pattern
---

# Lunches

Plan a lunch for each school day.

### Slots

- `planner`
  - requires: a day
  - ensures: a menu

### Config

- `school_days` (integer, default: 5): lunches to plan

### Returns

- `week`: the menus

### Invariants

- The planner is called exactly once for each school day.
- Each school day gets exactly one planner call.

### Delegation

```prose
let week = []
repeat school_days as day:
  let lunch = call planner
    day: day
  append lunch to week
{extra}
return {{
  week: week
}}
```
"""


@pytest.mark.parametrize(
    ("extra", "status"),
    [("", Status.PROVED), ('let spare = call planner\n  day: "spare"', Status.VIOLATED)],
)
def test_once_for_each_of_a_number_is_that_many_calls(extra: str, status: Status) -> None:
    # `school_days` is a count, with no elements to hand over: "once for
    # each school day" is as many calls as it says (it was read as one
    # element per call, and broken, since no call is given an element)
    assert _statuses_in(LUNCHES.format(extra=extra)) == [status, status]


BREAKDOWN = """\
---
name: breakdown
kind: pattern
---

# Breakdown

Decide what a callout needs.

### Slots

- `dispatcher`
  - requires: a report
  - ensures: a decision

### Requires

- The caller supplies:
    report: string -- the fault

### Returns

- `decision`: what was decided

### Invariants

- The dispatcher does not know towing is an option.

### Delegation

```prose
let decision = call dispatcher
  report: report
  prompt: "{prompt}"
return {{
  decision: decision
}}
```
"""


@pytest.mark.parametrize(
    ("prompt", "status"),
    [
        ("Can a patrol fix it at the roadside?", Status.PROVED),
        ("Can a patrol fix it, or does it need a tow?", Status.VIOLATED),
        ("Is it towed already?", Status.VIOLATED),
        ("Note which tower the call came through.", Status.PROVED),
    ],
)
def test_a_hidden_word_whose_stem_is_short_is_found_in_its_other_forms(prompt: str, status: Status) -> None:
    # "towing": its stem, "tow", is too short to match the start of a
    # longer word by, so its forms are matched whole
    assert _statuses_in(BREAKDOWN.format(prompt=prompt)) == [status]


JOB_LOG = """\
---
name: job-log
kind: pattern
---

# Job log

Keep a log of a callout.

### Slots

- `mechanic`
  - requires: a report
  - ensures: a repair

### Requires

- The caller supplies:
    report: string -- the fault

### Returns

- `log`: what happened

### Invariants

- The job log only ever grows.
- The mechanic never sees the log.

### Delegation

```prose
let job_log = []
append "called out" to job_log
let repair = call mechanic
  report: report
{write}
return {{
  log: job_log
}}
```
"""


@pytest.mark.parametrize(
    ("write", "statuses"),
    [
        ("append repair to job_log", [Status.PROVED, Status.PROVED]),
        # the list held by a new value bound to its own name: nothing can
        # append to the old one after, so the program is analysed, and the
        # log replaced (it was left unverifiable, as a list held elsewhere)
        ("let job_log = [job_log, repair]", [Status.VIOLATED, Status.PROVED]),
        # held under another name, which may grow it after: not followed
        ("let kept = { log: job_log }\nappend repair to job_log", [Status.UNVERIFIABLE, Status.UNVERIFIABLE]),
    ],
)
def test_a_list_held_by_the_value_bound_to_its_own_name(write: str, statuses: list[Status]) -> None:
    assert _statuses_in(JOB_LOG.format(write=write)) == statuses


DEFERRALS = """\
---
name: deferrals
kind: pattern
---

# Deferrals

Decide on a repair and tell the customer.

### Slots

- `inspector`
  - requires: a job
  - ensures: `{{ decision, reason, notes }}`
- `notifier`
  - requires: the reason
  - ensures: a letter

### Requires

- The caller supplies:
    job: string -- the repair

### Returns

- `letter`: what the customer is told

### Invariants

{invariants}

### Delegation

```prose
let verdict = call inspector
  job: job
let letter = call notifier
  reason: verdict.reason
return {{
  letter: letter
}}
```
"""


@pytest.mark.parametrize(
    ("sentence", "status"),
    [
        ("The notifier is told the inspector's reason for deferring.", Status.PROVED),
        ("The notifier never sees the inspector's reasons for turning a job down.", Status.VIOLATED),
        ("The inspector's reason for its decision reaches the notifier.", Status.PROVED),
        # which of the reasons: not dropped
        ("The notifier never sees the inspector's reasons for each job.", Status.UNRECOGNIZED),
        ("The notifier sees the inspector's reason for the same job.", Status.UNRECOGNIZED),
        # a noun that is no reason: "for the job" may say which notes
        ("The notifier is told the inspector's notes for the job.", Status.UNRECOGNIZED),
        ("The notifier never sees the inspector's notes for the job.", Status.UNRECOGNIZED),
    ],
)
def test_what_a_reason_is_for_says_nothing_of_which_reason(sentence: str, status: Status) -> None:
    assert _statuses_in(DEFERRALS.format(invariants=f"- {sentence}")) == [status]


HAULIER = """\
---
name: haulier
kind: pattern
---

# Haulier

Quote a collection, then book it.

### Slots

- `haulier`
  - requires: a weight, sometimes the round
  - ensures: `{{ price, booking }}`

### Requires

- The caller supplies:
    collection_round: string -- the round
    weight: number -- the load

### Returns

- `booking`: the booking

### Invariants

- The collection round is passed to the haulier as given.

### Delegation

```prose
let quote = call haulier
  weight: weight
  {round}
let booking = call haulier
  price: quote.price
  {again}
return {{
  booking: booking
}}
```
"""


@pytest.mark.parametrize(
    ("round_", "again", "status"),
    [
        ("round: collection_round", "round: collection_round", Status.PROVED),
        # the second call is not given it: the calls that are given it,
        # each as it is, or every call of the slot?
        ("round: collection_round", 'note: "book it"', Status.UNRECOGNIZED),
        # one call is given it changed: broken either way
        ('round: "Round {collection_round}"', 'note: "book it"', Status.VIOLATED),
        ('note: "quote it"', 'note: "book it"', Status.VIOLATED),
    ],
)
def test_as_given_of_a_slot_called_again_without_it(round_: str, again: str, status: Status) -> None:
    assert _statuses_in(HAULIER.format(round=round_, again=again)) == [status]


DRILL = """\
---
name: drill
kind: pattern
---

# Drill

Plan each round of a drill from the debriefs.

### Slots

- `coxswain`
  - requires: the scenario
  - ensures: a plan
- `volunteer`
  - requires: the plan
  - ensures: feedback

### Requires

- The caller supplies:
    scenario: string -- the exercise
    drill_rounds: integer -- how many rounds

### Returns

- `plans`: every plan

### Invariants

- The volunteer's feedback is passed to the coxswain for the next round.

### Delegation

```prose
let plans = []
let feedback = null
repeat drill_rounds as round:
  let plan = call coxswain
    scenario: scenario
    {passed}
  append plan to plans
  let feedback = call volunteer
    plan: plan
return {{
  plans: plans
}}
```
"""


@pytest.mark.parametrize("passed", ["feedback: feedback", 'note: "plan it"'])
def test_a_slot_said_of_calls_given_a_value_none_is_given_is_not_settled(passed: str) -> None:
    # "the coxswain for the next round" was read as the coxswain's calls
    # given `drill_rounds`, which none is: proved of no call at all
    assert _statuses_in(DRILL.format(passed=passed)) == [Status.UNRECOGNIZED]


FITTING = """\
---
name: fitting
kind: pattern
---

# Fitting

Quote each cabinet run of a design.

### Slots

- `designer`
  - requires: the room
  - ensures: `{{ layout, cabinet_runs }}`
- `fitter`
  - requires: one run
  - ensures: a quote

### Requires

- The caller supplies:
    room: string -- the kitchen

### Returns

- `quotes`: the quotes

### Invariants

- {sentence}

### Delegation

```prose
let design = call designer
  room: room
let quotes = for cabinet_run in design.cabinet_runs:
  call fitter
    run: cabinet_run
    room: room
return {{
  quotes: quotes
}}
```
"""


@pytest.mark.parametrize(
    ("sentence", "status"),
    [
        # the designer's key, not the fitter's own: the run it is given
        ("The fitter gets only its cabinet run and the room.", Status.UNRECOGNIZED),
        ("The fitter gets only the designer's cabinet runs and the room.", Status.PROVED),
    ],
)
def test_its_before_a_key_of_another_slot_is_not_the_subjects_own(sentence: str, status: Status) -> None:
    assert _statuses_in(FITTING.format(sentence=sentence)) == [status]


TASTINGS = """\
---
name: tastings
kind: pattern
---

# Tastings

Rework a method until the taster approves.

### Slots

- `cook`
  - requires: notes
  - ensures: a method
- `taster`
  - requires: a method
  - ensures: a verdict `{{ decision: approve | change, change, reasoning }}`

### Requires

- The caller supplies:
    dietary_notes: string -- what guests cannot eat

### Config

- `max_tastings` (integer, default: 3): most tastings

### Returns

- `method`: the last method

### Invariants

- {sentence}

### Delegation

```prose
let notes = dietary_notes
let draft = null
let verdict = null
loop until verdict approves (max: max_tastings):
  let draft = call cook
    notes: {notes}
  let verdict = call taster
    draft: draft
  if verdict does not approve:
    let notes = verdict.change
return {{
  method: draft
}}
```
"""


@pytest.mark.parametrize(
    ("sentence", "notes", "status"),
    [
        # the first round has no change yet: the calls after the taster
        # has run, or every call?
        ("The cook gets the taster's requested change.", "notes", Status.UNRECOGNIZED),
        ("The cook gets the taster's requested change.", "dietary_notes", Status.VIOLATED),
        ("The cook is always given the taster's requested change.", "notes", Status.VIOLATED),
        ("The cook never sees the taster's requested change.", "notes", Status.VIOLATED),
        ("The cook never sees the taster's reasoning.", "dietary_notes", Status.PROVED),
    ],
)
def test_a_value_a_later_call_makes_in_each_round(sentence: str, notes: str, status: Status) -> None:
    assert _statuses_in(TASTINGS.format(sentence=sentence, notes=notes)) == [status]


@pytest.mark.parametrize(
    ("sentence", "status"),
    [
        ("The notifier never sees the inspector's private notes.", Status.PROVED),
        ("The notifier never sees the inspector's workshop notes.", Status.PROVED),
        ("The notifier is told the inspector's requested notes.", Status.VIOLATED),
        # words that may say which call's value is meant: not dropped
        ("The notifier never sees the inspector's revised notes.", Status.UNRECOGNIZED),
        ("The notifier never sees the inspector's earlier notes.", Status.UNRECOGNIZED),
    ],
)
def test_a_word_between_a_possessive_and_a_declared_key(sentence: str, status: Status) -> None:
    # "the drafter's private notes", of a drafter declaring `{ draft, notes }`:
    # a word of what the key holds, not of which of its values
    text = DEFERRALS.format(invariants=f"- {sentence}").replace("reason: verdict.reason", "decision: verdict.decision")
    assert _statuses_in(text) == [status]


REDRAFTS = """\
---
name: redrafts
kind: pattern
---

# Redrafts

Redraft a plan until the reviewer approves.

### Slots

- `planner`
  - requires: the goal
  - ensures: a draft
- `reviewer`
  - requires: a draft
  - ensures: a verdict

### Requires

- The caller supplies:
    goal: string -- what to plan

### Config

- `max_revisions` (integer, default: 3): most drafts

### Returns

- `plan`: the last draft

### Invariants

- {sentence}

### Delegation

```prose
let draft = null
let verdict = null
loop until verdict approves (max: max_revisions):
  let draft = call planner
    goal: goal
  let verdict = call reviewer
    draft: draft
{extra}
return {{
  plan: draft
}}
```
"""


@pytest.mark.parametrize(
    ("sentence", "extra", "status"),
    [
        ("The planner is asked for at most max_revisions drafts.", "", Status.PROVED),
        ("The planner is asked for at most max_revisions drafts.", "let spare = call planner\n  goal: goal", Status.VIOLATED),
        ("The planner is asked for a new plan no more than max_revisions times.", "", Status.PROVED),
        ("The planner is asked for a new plan at most max_revisions times.", "let spare = call planner\n  goal: goal", Status.VIOLATED),
        # not what the planner makes: the reviewer's verdicts
        ("The planner is asked for at most max_revisions verdicts.", "", Status.UNRECOGNIZED),
        # what the planner makes, one a call, said of the drafts themselves
        ("At most max_revisions drafts are ever requested.", "", Status.PROVED),
        ("At most max_revisions drafts are ever requested.", "let spare = call planner\n  goal: goal", Status.VIOLATED),
        ("Exactly max_revisions drafts are asked for.", "", Status.VIOLATED),
        # what another delegate does with them may count its own calls
        ("No more than max_revisions drafts are tasted.", "", Status.UNRECOGNIZED),
    ],
)
def test_asked_for_a_thing_so_many_times_counts_the_calls(sentence: str, extra: str, status: Status) -> None:
    assert _statuses_in(REDRAFTS.format(sentence=sentence, extra=extra)) == [status]


VALETING = """\
---
name: valeting
kind: pattern
---

# Valeting

Inspect a returned van, then get it cleaned.

### Slots

- `inspector`
  - requires: the van
  - ensures: findings
- `valeter`
  - requires: the booking
  - ensures: hours

### Requires

- The caller supplies:
    booking: string -- the hire

### Returns

- `hours`: the valeting time

### Invariants

- The valeter has no idea the van was checked for damage.

### Delegation

```prose
let findings = call inspector
  booking: booking
  prompt: "Check the returned van for damage."
let hours = call valeter
  booking: booking
  prompt: "{prompt}"
return {{
  hours: hours
}}
```
"""


@pytest.mark.parametrize(
    ("prompt", "status"),
    [
        ("Clean it for the next hire.", Status.PROVED),
        # the van is what its own work is done to: whether naming it tells
        # the valeter of the inspection is not settled
        ("Valet the van for the next hire.", Status.UNRECOGNIZED),
        ("Valet the van: it was checked for damage already.", Status.VIOLATED),
        # the van named otherwise than as what it valets
        ("The van was inspected; clean it.", Status.VIOLATED),
    ],
)
def test_a_word_of_a_hidden_fact_the_slots_own_work_is_done_to(prompt: str, status: Status) -> None:
    assert _statuses_in(VALETING.format(prompt=prompt)) == [status]


BILLING = """\
---
name: billing
kind: pattern
---

# Billing

Charge for damage, or refund the deposit.

### Slots

- `manager`
  - requires: the damage
  - ensures: `{{ proceed, reason }}`
- `billing`
  - requires: an amount
  - ensures: a receipt

### Requires

- The caller supplies:
    damage: string -- what was found
    deposit: number -- what was paid

### Returns

- `receipt`: the charge or refund

### Invariants

- {sentence}

### Delegation

```prose
let go_ahead = call manager
  damage: damage
if go_ahead does not explicitly proceed:
  let refund = call billing
    amount: deposit
  {after_refund}
let charge = call billing
  amount: damage
return {{
  receipt: charge
}}
```
"""


@pytest.mark.parametrize(
    ("sentence", "after_refund", "status"),
    [
        # a branch that calls billing and returns, and a call after it: once
        # a run, either way
        ("Billing is called exactly once.", "return {\n    receipt: refund\n  }", Status.PROVED),
        ("Billing is called at most once.", "return {\n    receipt: refund\n  }", Status.PROVED),
        ("Billing is called exactly once.", 'let note = "refunded"', Status.VIOLATED),
        ("Billing is called at most once.", 'let note = "refunded"', Status.VIOLATED),
        # "no charge": the call that sets `charge`, one of billing's two
        # calls, not the slot's every call
        ("If the manager's answer cannot be read, no charge is made.", "return {\n    receipt: refund\n  }", Status.UNRECOGNIZED),
        ("If the manager's answer cannot be read, billing never runs.", "return {\n    receipt: refund\n  }", Status.VIOLATED),
    ],
)
def test_calls_after_a_branch_that_returns(sentence: str, after_refund: str, status: Status) -> None:
    assert _statuses_in(BILLING.format(sentence=sentence, after_refund=after_refund)) == [status]


CLAIM_DRAFTS = """\
---
name: claim-drafts
kind: pattern
---

# Claim drafts

Check a ticket, then draft several claims.

### Slots

- `checker`
  - requires: the ticket
  - ensures: `{{ proceed, reason }}`
- `clerk`
  - requires: the ticket
  - ensures: a draft

### Requires

- The caller supplies:
    ticket: string -- the ticket

### Config

- `draft_count` (integer, default: 3): drafts to write

### Returns

- `drafts`: the drafts

### Invariants

- The clerk writes exactly `draft_count` drafts.

### Delegation

```prose
let verdict = call checker
  ticket: ticket
if verdict does not explicitly proceed:
  return {{
    drafts: []
  }}
let drafts = parallel repeat {count} as attempt:
  call clerk
    ticket: ticket
return {{
  drafts: drafts
}}
```
"""


@pytest.mark.parametrize(
    ("count", "status"),
    [
        # a run may return before the clerk is called: "exactly" is of
        # every run, as the corpus's writers read it
        ("draft_count", Status.VIOLATED),
        # the runs that call it make another number: broken either way
        ("2", Status.VIOLATED),
    ],
)
def test_an_exact_count_of_a_slot_some_runs_never_call(count: str, status: Status) -> None:
    assert _statuses_in(CLAIM_DRAFTS.format(count=count)) == [status]


GRADING = """\
---
name: grading
kind: pattern
---

# Grading

Grade each puppy until it passes.

### Slots

- `examiner`
  - requires: a performance
  - ensures: a verdict

### Requires

- The caller supplies:
    puppies: string[] -- the class

### Config

- `max_attempts` (integer, default: 3): most gradings of a puppy

### Returns

- `grades`: the last grades

### Invariants

- {sentence}

### Delegation

```prose
let grades = parallel for puppy in puppies:
  let grade = null
  loop until grade approves (max: max_attempts):
    let grade = call examiner
      puppy: puppy
  return grade
return {{
  grades: grades
}}
```
"""


@pytest.mark.parametrize(
    ("sentence", "status"),
    [
        # of each puppy, or of all of them?
        ("The examiner grades a puppy no more than max_attempts times.", Status.UNRECOGNIZED),
        ("The examiner is called at most max_attempts times.", Status.VIOLATED),
    ],
)
def test_a_count_of_the_calls_on_an_element_a_loop_walks(sentence: str, status: Status) -> None:
    assert _statuses_in(GRADING.format(sentence=sentence)) == [status]


#: a `catch` that calls the notifier and returns, and a second call of it
#: on a later branch: never both in one run
CAUGHT = """\
let checked = null
try:
  checked = call vet
    pet: pet
catch as failure:
  let note = call notifier
    problem: failure
  return { note: note }
{more}if checked does not approve:
  let note = call notifier
    problem: checked.reason
  return { note: note }
return { note: null }"""


@pytest.mark.parametrize(
    ("more", "sentence", "status", "notes"),
    [
        # the vet fails: the catch's call, and the run ends there
        ("", "The notifier is called at most once", Status.PROVED, 1),
        # a third call after the `try`, before the branch: two in a run
        ("let again = call notifier\n  problem: pet\n", "The notifier is called at most once", Status.VIOLATED, 2),
    ],
)
def test_a_catch_that_returns_ends_the_run_for_a_count(more: str, sentence: str, status: Status, notes: int) -> None:
    from conftest import Recorder, pattern_text

    delegation = CAUGHT.replace("{more}", more)
    text = pattern_text("case", delegation, slots="vet, notifier", requires="pet: string -- the pet", invariants=f"- {sentence}")
    assert _statuses_in(text) == [status]
    module = _module_of(pattern_text("case", delegation, slots="vet, notifier", requires="pet: string -- the pet"), f"caught_{notes}")
    most = 0
    for vet in (Recorder(RuntimeError("down")), Recorder({"approved": False, "reason": "no"}), Recorder({"approved": True})):
        notifier = Recorder("sent")
        module.case(vet=vet, notifier=notifier, pet="rex")
        most = max(most, notifier.count)
    # what a run does, observed: the most calls over the three runs
    assert most == notes


#: each site walked several times; the clips of the earlier passes at a
#: site are passed to each later pass there
PASSES = """\
for site in sites:
  let passes = []
  repeat passes_per_site as pass_no:
    let clip = call surveyor
      site: site
{earlier}      prompt: "Walk transect pass {{pass_no}}."
    append clip to passes
return {{ sites: sites }}"""


@pytest.mark.parametrize(
    ("earlier", "status", "seen"),
    [
        # nothing of an earlier pass is passed on
        ("", Status.PROVED, 0),
        # the same site's earlier passes: one surveyor's later rounds, or
        # other surveyors? Not settled, never proved
        ("      earlier_clips: passes\n", Status.UNRECOGNIZED, 1),
    ],
)
def test_another_invocation_in_an_inner_repeat(earlier: str, status: Status, seen: int) -> None:
    from conftest import Recorder, pattern_text

    delegation = PASSES.replace("{earlier}", earlier).replace("{{", "{").replace("}}", "}")
    requires = "sites: string[] -- the sites\npasses_per_site: integer -- passes at each site"
    sentence = "No surveyor ever hears another surveyor's clips."
    text = pattern_text("case", delegation, slots="surveyor", requires=requires, invariants=f"- {sentence}")
    assert _statuses_in(text) == [status]
    module = _module_of(pattern_text("case", delegation, slots="surveyor", requires=requires), f"passes_{seen}")
    handed: list[int] = []
    surveyor = Recorder(lambda **kw: handed.append(len(kw.get("earlier_clips") or [])) or "clip")
    module.case(surveyor=surveyor, sites=["a", "b"], passes_per_site=2)
    # what a run does, observed: the second pass at a site is handed the
    # first pass's clip, and nothing of the other site's
    assert handed == ([0, 1, 0, 1] if seen else [0, 0, 0, 0])


#: a driver given the planned route, or the alternative one on a reroute
REROUTES = """\
let plan = call dispatcher
  drops: drops
let stops = plan.route
if plan says reroute:
  stops = plan.alternative_route
for stop in stops:
  call driver
    stop: stop
return {{ plan: plan }}"""


@pytest.mark.parametrize(
    ("sentence", "status"),
    [
        # the key `route`, or any route of the dispatcher's: two meanings
        ("The driver is given nothing but the dispatcher's route.", Status.UNRECOGNIZED),
        ("The driver is given the dispatcher's route.", Status.UNRECOGNIZED),
        # the longer key: the planned route is not one
        ("The driver is given nothing but the dispatcher's alternative route.", Status.VIOLATED),
    ],
)
def test_a_key_whose_noun_ends_another_key(sentence: str, status: Status) -> None:
    assert _case_status(REROUTES, "dispatcher, driver", "drops: string[] -- the drops", sentence) == status


def _case_status(delegation: str, slots: str, requires: str, sentence: str) -> Status:
    """The status of ``sentence`` of a small pattern around ``delegation``."""
    from conftest import pattern_text

    text = pattern_text(
        "case", delegation.replace("{{", "{").replace("}}", "}"), slots=slots, requires=requires, invariants=f"- {sentence}"
    )
    (status,) = _statuses_in(text)
    return status


#: a pipeline: the first stage is given the brief, each later stage the
#: output of the stage before it
STAGES = """\
let current = brief
for stage in stages:
  let current = call stage
    input: current
return {{ result: current }}"""


@pytest.mark.parametrize(
    ("sentence", "status"),
    [
        # each stage both, or each stage nothing else? Not settled
        ("The stages are given nothing but the brief and earlier stages' outputs.", Status.UNRECOGNIZED),
        # something else named: the stages are given more than it
        ("The stages are given nothing but the brief.", Status.VIOLATED),
    ],
)
def test_only_several_things_each_call_given_one_of_them(sentence: str, status: Status) -> None:
    requires = "brief: string -- the brief\nstages: string[] -- the stages"
    assert _case_status(STAGES, "stages", requires, sentence) == status


#: each round handed the score the round before gave
ROUND_SCORES = """\
let last = null
repeat max_passes:
  let graded = call evaluator
    draft: draft
    previous: last
  last = graded.score
return {{ score: last }}"""


@pytest.mark.parametrize(
    ("sentence", "status"),
    [
        # the key of the one delegate the loop calls, from the round before
        ("The evaluator is told the previous round's score.", Status.PROVED),
        ("The evaluator never sees the previous round's score.", Status.VIOLATED),
        # of every earlier round, or of the last? Not read
        ("The evaluator is told the previous rounds' scores.", Status.UNRECOGNIZED),
    ],
)
def test_a_key_of_the_previous_rounds_result(sentence: str, status: Status) -> None:
    from conftest import Recorder, pattern_text

    requires = "draft: string -- the draft\nmax_passes: integer -- how many passes"
    assert _case_status(ROUND_SCORES, "evaluator", requires, sentence) == status
    delegation = ROUND_SCORES.replace("{{", "{").replace("}}", "}")
    module = _module_of(pattern_text("case", delegation, slots="evaluator", requires=requires), "scored")
    handed: list[object] = []
    evaluator = Recorder(lambda **kw: handed.append(kw["previous"]) or {"score": len(handed)})
    module.case(evaluator=evaluator, draft="d", max_passes=3)
    # what a run does, observed: each later round is handed the score before it
    assert handed == [None, 1, 2]


#: a panel called together each round, on a set reworked between rounds
PANEL_ROUNDS = """\
let draft = premise
repeat max_rounds:
  let reactions = parallel repeat panel_size as seat:
    call peer
      set: {seat_set}
  draft = call comic
    previous: draft
    reactions: reactions
return {{ set: draft }}"""


#: the delegates of a slot sequence, each in turn, in every round of a
#: loop that reworks the plan
CHECK_ROUNDS = """\
let plan = brief
repeat max_rounds:
  for checker, place in checkers:
    call checker
      plan: {given}
  plan = call planner
    previous: plan
return {{ plan: plan }}"""


@pytest.mark.parametrize(
    ("given", "sentence", "status"),
    [
        # the checkers of one round, or every checker call? Not settled
        ("plan", "Every checker is shown the same plan.", Status.UNRECOGNIZED),
        ("plan", "Every checker in a round is shown the same plan.", Status.PROVED),
        # each checker's own text: broken in both meanings
        ('"{plan} (checker {place})"', "Every checker is shown the same plan.", Status.VIOLATED),
    ],
)
def test_the_same_said_of_a_slot_sequence_walked_each_round(given: str, sentence: str, status: Status) -> None:
    from conftest import Recorder, pattern_text

    delegation = CHECK_ROUNDS.replace("{given}", given)
    requires = "brief: string -- the brief\nmax_rounds: integer -- rounds"
    assert _case_status(delegation, "checkers, planner", requires, sentence) == status
    module = _module_of(pattern_text("case", delegation.replace("{{", "{").replace("}}", "}"), slots="checkers, planner", requires=requires), f"rounds{next(_GATES)}")
    shown: list[object] = []
    checkers = [Recorder(lambda **kw: shown.append(kw["plan"])) for _ in range(2)]
    module.case(checkers=checkers, planner=Recorder("p1", "p2"), brief="b", max_rounds=2)
    # observed: within a round both checkers see one plan; the next round another
    rounds = [shown[0:2], shown[2:4]]
    assert (all(r[0] == r[1] for r in rounds)) == (given == "plan") and rounds[0][0] != rounds[1][0]


@pytest.mark.parametrize(
    ("seat_set", "sentence", "status"),
    [
        # the peers of one round, or every peer call? Not settled
        ("draft", "Every peer hears the same set.", Status.UNRECOGNIZED),
        # said of the calls, the same two meanings
        ("draft", "Every peer call hears the same set.", Status.UNRECOGNIZED),
        # said of one round
        ("draft", "Every peer in a round hears the same set.", Status.PROVED),
        # a different set in each seat: broken in both meanings
        ('"seat {seat}: {draft}"', "Every peer hears the same set.", Status.VIOLATED),
    ],
)
def test_the_same_said_of_a_panel_called_each_round(seat_set: str, sentence: str, status: Status) -> None:
    from conftest import Recorder, pattern_text

    delegation = PANEL_ROUNDS.replace("{seat_set}", seat_set)
    requires = "premise: string -- the premise\nmax_rounds: integer -- rounds\npanel_size: integer -- seats"
    assert _case_status(delegation, "peer, comic", requires, sentence) == status
    module = _module_of(pattern_text("case", delegation.replace("{{", "{").replace("}}", "}"), slots="peer, comic", requires=requires), f"panel_{len(seat_set)}")
    heard: list[object] = []
    drafts = iter(["d1", "d2"])
    peer = Recorder(lambda **kw: heard.append(kw["set"]) or "laugh")
    module.case(peer=peer, comic=Recorder(lambda **kw: next(drafts)), premise="p", max_rounds=2, panel_size=2)
    # what a run does, observed: each round's peers hear one set, the next
    # round's another (or each seat its own)
    assert len(set(heard[:2])) == (1 if seat_set == "draft" else 2) and heard[0] != heard[2]


#: the tracks each door host is given, returned as the setlist
SETLIST = """\
let draft = call dj
  brief: brief
for group in groups:
  call door_host
    group: group
    tracks: draft.tracks
return {{ setlist: draft.tracks }}"""


@pytest.mark.parametrize(
    ("sentence", "status"),
    [
        # the key it is passed under
        ("Every door host call gets the same tracks.", Status.PROVED),
        # a key only the pattern returns: what it returns there, passed by
        # another name? Not read (it was "does not pass `setlist`")
        ("Every door host call gets the same setlist.", Status.UNRECOGNIZED),
    ],
)
def test_the_same_key_the_pattern_returns(sentence: str, status: Status) -> None:
    requires = "brief: string -- the brief\ngroups: string[] -- the groups"
    assert _case_status(SETLIST, "dj, door_host", requires, sentence) == status


#: each entry marked by a panel of judges together, the entries one at a time
MARKING = """\
{loop} entry in entries:
  {inner}call judge
    photo: entry"""


@pytest.mark.parametrize(
    ("loop", "inner", "status"),
    [
        # one judge per entry, one entry after another
        ("for", "", Status.PROVED),
        # judges together on each entry: the entries in order, or every call
        # one after another? Not settled
        ("for", "let marks = parallel repeat judges:\n    ", Status.UNRECOGNIZED),
        # the entries together: not in order in either meaning
        ("parallel for", "", Status.VIOLATED),
    ],
)
def test_in_order_of_entries_each_marked_by_a_panel(loop: str, inner: str, status: Status) -> None:
    delegation = MARKING.replace("{loop}", loop).replace("{inner}", inner)
    if inner:
        delegation = delegation.replace("\n    photo:", "\n      photo:")
    requires = "entries: string[] -- the entries\njudges: integer -- judges per entry"
    sentence = "The judge goes through the entries one at a time, in order."
    assert _case_status(delegation + "\nreturn {{ entries: entries }}", "judge", requires, sentence) == status


#: a log of records, each round's number beside the inspector's score
SCORE_LOG = """\
let log = []
repeat rounds as attempt:
  let verdict = call inspector
    coupon: coupon
  record {{ attempt: attempt, score: verdict.score{more} }} in log
let signoff = call foreman
  scores: log
return {{ signoff: signoff }}"""


@pytest.mark.parametrize(
    ("more", "status"),
    [
        # nothing else at all, or nothing but the round's number beside it?
        ("", Status.UNRECOGNIZED),
        # an input beside it: more than the scores in both meanings
        (", coupon: coupon", Status.VIOLATED),
    ],
)
def test_only_a_key_kept_beside_the_rounds_number(more: str, status: Status) -> None:
    requires = "coupon: string -- the coupon\nrounds: integer -- rounds"
    sentence = "The foreman decides only from the inspector's scores."
    assert _case_status(SCORE_LOG.replace("{more}", more), "inspector, foreman", requires, sentence) == status


#: a record the program writes, keyed by the loop's round
REVISIONS = """\
let history = []
let design = brief
repeat rounds as revision:
  let review = call officer
    design: design
  record {{ revision: revision, verdict: review.verdict }} in history
  let design = call painter
    design: design
    feedback: review
return {{ history: history }}"""


@pytest.mark.parametrize(
    ("sentence", "status"),
    [
        # "revisions": a key of the program's own record, not one the
        # painter declares (it was read as one, kept away at run time)
        ("The officer never sees the painter's revisions.", Status.UNRECOGNIZED),
        ("The officer never sees the painter's output.", Status.VIOLATED),
    ],
)
def test_a_key_the_program_writes_after_a_slots_possessive(sentence: str, status: Status) -> None:
    from conftest import pattern_text

    text = pattern_text(
        "case", REVISIONS.replace("{{", "{").replace("}}", "}"), slots="officer, painter",
        requires="brief: string -- the brief\nrounds: integer -- rounds", invariants=f"- {sentence}",
        ensures={"painter": "a design `{ sign, notes }`"},
    )
    assert _statuses_in(text) == [status]


#: a reviewer given a record per sample, each holding the sample as it is
_KEPT = """\
let kept = []
for sample in samples:
  let reading = call technician
    sample: sample
  record { sample: {HELD}, reading: reading } in kept
call reviewer
  kept: {GIVEN}
return {
  runs: kept
}"""


@pytest.mark.parametrize(
    ("held", "given", "status"),
    [
        # each sample as it is, in a record of its own: the list as the
        # caller gave it, or each sample as given?
        ("sample", "kept", Status.UNRECOGNIZED),
        # each sample quoted in a text: changed under either meaning
        ('"sample {sample}"', "kept", Status.VIOLATED),
        # the list itself
        ("sample", "samples", Status.PROVED),
    ],
)
def test_each_element_as_it_is_in_a_record_of_its_own(held: str, given: str, status: Status) -> None:
    delegation = _KEPT.replace("{HELD}", held).replace("{GIVEN}", given)
    text = PATTERN.replace("- `technician`\n", "- `reviewer`\n- `technician`\n").format(
        invariants="- The reviewer receives the samples unchanged.", delegation=delegation
    )
    assert _statuses_in(text) == [status]


@pytest.mark.parametrize(
    ("prompt", "status"),
    [
        # the label is the proofreader's own work, not the label writer
        ("Check that the label reads cleanly.", Status.UNRECOGNIZED),
        # the printer, which the hidden fact names, said
        ("Check that the label is fit for the printer.", Status.VIOLATED),
        ("Check the spelling.", Status.PROVED),
    ],
)
def test_a_word_of_an_unnamed_slots_name_in_a_fact_that_names_its_delegate(prompt: str, status: Status) -> None:
    body = (
        f'let draft = call label_writer\n  plant: plant\nlet verdict = call proofreader\n  draft: draft\n  prompt: "{prompt}"\n'
        "let sheet = call printer\n  draft: draft\nreturn { sheet: sheet }\n"
    )
    shape = {"slots": "label_writer, proofreader, printer", "requires": "plant: string -- the plant"}
    said = "The proofreader does not know the label is going to the printer."
    assert _one_status(body, said, **shape) is status


@pytest.mark.parametrize(
    ("given", "status"),
    [
        # the repair, set in the round the verdict approves, read in a
        # prompt's text: null where no round ran, which the approval rules
        # out; the analysis does not pair the two, so on the paths where
        # it is passed, or on every call?
        ('prompt: "The work done was: {repair.summary}"', Status.UNRECOGNIZED),
        ("work: repair.summary", Status.UNRECOGNIZED),
        # never passed at all
        ('prompt: "Write the note."', Status.VIOLATED),
    ],
)
def test_a_result_set_in_the_approved_round_read_after_the_loop(given: str, status: Status) -> None:
    body = (
        "let repair = null\nlet report = null\nloop until report approves (max: 3) as attempt:\n"
        "  try:\n    let repair = call technician\n      radio: radio\n"
        "    let report = call tester\n      work: repair.summary\n"
        "  catch as failure:\n    let repair = repair\n"
        "if report does not approve:\n  return { fixed: false }\n"
        f"let note = call liaison\n  {given}\nreturn {{ note: note }}\n"
    )
    shape = {"slots": "technician, tester, liaison", "requires": "radio: string -- the radio"}
    assert _one_status(body, "The liaison receives the technician's summary.", **shape) is status


@pytest.mark.parametrize(
    ("prompt", "status"),
    [
        # who does the hidden work, named for it: "mapper" of "map"
        ("Merge every mapper result.", Status.VIOLATED),
        ("Merge the results.", Status.PROVED),
    ],
)
def test_a_short_hidden_word_is_found_in_the_name_of_who_does_it(prompt: str, status: Status) -> None:
    body = (
        "let parts = parallel for chunk in chunks:\n  call mapper\n    chunk: chunk\n"
        f'let merged = call reducer\n  parts: parts\n  prompt: "{prompt}"\nreturn {{ merged: merged }}\n'
    )
    shape = {"slots": "mapper, reducer", "requires": "chunks: list -- the chunks"}
    assert _one_status(body, "The reducer is unaware that a map stage came before it.", **shape) is status


@pytest.mark.parametrize(
    ("given", "status"),
    [
        ("budget: budget", Status.PROVED),
        # passed something else under the input's own name: not as given
        ("budget: choice.left", Status.VIOLATED),
        # not passed at all: the calls that are given it, or every call?
        ("option: 2", Status.UNRECOGNIZED),
    ],
)
def test_an_input_passed_as_given_to_one_call_and_replaced_under_its_name_in_another(given: str, status: Status) -> None:
    body = (
        "let choice = call designer\n  budget: budget\nlet second = call designer\n"
        f"  {given}\nreturn {{ second: second }}\n"
    )
    shape = {"slots": "designer", "requires": "budget: number -- the budget"}
    assert _one_status(body, "The designer is told the budget exactly as given.", **shape) is status


@pytest.mark.parametrize(
    ("prompt", "status"),
    [
        ("Rule on the boards.", Status.PROVED),
        # the last word of the hidden delegate's name: that delegate, or
        # another thing so called?
        ("The committee has overturned a ruling.", Status.UNRECOGNIZED),
        ("The appeals committee has overturned a ruling.", Status.VIOLATED),
    ],
)
def test_the_last_word_of_a_hidden_delegates_name(prompt: str, status: Status) -> None:
    body = (
        "let ruling = call director\n  boards: boards\nlet appeal = call appeals_committee\n  ruling: ruling\n"
        f'let final = call director\n  boards: boards\n  prompt: "{prompt}"\nreturn {{ final: final }}\n'
    )
    shape = {"slots": "director, appeals_committee", "requires": "boards: string -- the boards"}
    assert _one_status(body, "The director does not know an appeals committee exists.", **shape) is status


@pytest.mark.parametrize(
    ("body", "status"),
    [
        # one call given A's, another B's: all of them to each, or nothing
        # else to any?
        (
            "let a = call probe\n  config: config_a\n  label: label_a\nlet b = call probe\n  config: config_b\n  label: label_b\n",
            Status.UNRECOGNIZED,
        ),
        # one call given something else besides
        (
            "let a = call probe\n  config: config_a\n  label: label_a\nlet b = call probe\n  config: config_b\n  label: note\n",
            Status.VIOLATED,
        ),
    ],
)
def test_only_several_things_said_together_of_calls_given_each_a_part(body: str, status: Status) -> None:
    shape = {
        "slots": "probe",
        "requires": "config_a: string -- a\nconfig_b: string -- b\nlabel_a: string -- a\nlabel_b: string -- b\nnote: string -- n",
    }
    sentence = "The probe is given only `config_a`, `config_b`, `label_a` and `label_b`."
    assert _one_status(body + "return { a: a }\n", sentence, **shape) is status


@pytest.mark.parametrize(
    ("prompt", "status"),
    [
        # the position of the element whose fields it is given
        ("Basket {index}: is it safe?", Status.PROVED),
        # a loop's index beside nothing named of that element
        ("Basket {index}: is it safe? {note}", Status.VIOLATED),
    ],
)
def test_the_index_of_the_element_whose_fields_are_named_is_no_more(prompt: str, status: Status) -> None:
    body = (
        "let found = parallel for basket in baskets:\n  call identifier\n    basket: basket\n"
        f'for item, index in found:\n  call checker\n    species: item.species\n    prompt: "{prompt}"\n'
        "return { found: found }\n"
    )
    shape = {
        "slots": "identifier, checker", "requires": "baskets: list -- the baskets\nnote: string -- a note",
        "ensures": {"identifier": "`{ species, notes }`"},
    }
    assert _one_status(body, "The checker is given the identifier's species, nothing more.", **shape) is status


@pytest.mark.parametrize(
    ("after", "status"),
    [
        # the list is complete when a record holds it: followed
        ("", Status.PROVED),
        # appended after it is held: what the record holds then is not followed
        ("append secret to found\n", Status.UNVERIFIABLE),
    ],
)
def test_a_list_held_in_a_record_once_it_is_complete(after: str, status: Status) -> None:
    body = (
        "let found = []\nfor item in items:\n  let r = call worker\n    item: item\n  append r to found\n"
        f"let plan = {{ found: found, n: 1 }}\n{after}let verdict = call reviewer\n  plan: plan\nreturn {{ verdict: verdict }}\n"
    )
    shape = {"slots": "worker, reviewer", "requires": "items: list -- the items\nsecret: string -- kept back"}
    assert _one_status(body, "The reviewer never sees the secret.", **shape) is status


@pytest.mark.parametrize(
    ("prompt", "status"),
    [
        # the samples it is handed are the fact's topic, not what is hidden
        ("Give sample {code} a neutral tag.", Status.PROVED),
        ("Give sample {code} a neutral tag for the judging.", Status.VIOLATED),
    ],
)
def test_what_a_slot_is_handed_is_the_topic_of_a_hidden_fact(prompt: str, status: Status) -> None:
    body = f'let blind = call steward\n  sample: code\n  prompt: "{prompt}"\nreturn {{ blind: blind }}\n'
    shape = {"slots": "steward", "requires": "code: string -- the sample's code"}
    assert _one_status(body, "The steward doesn't know the samples are going to be judged.", **shape) is status


@pytest.mark.parametrize(
    ("body", "status"),
    [
        # results of the same round only: the previous results, or not?
        (
            "for archer in archers:\n  repeat 3 as end:\n    let readings = call spotter\n      archer: archer\n"
            "    let decision = call judge\n      readings: readings\n",
            Status.UNRECOGNIZED,
        ),
        # a result of an earlier round
        (
            "let last = null\nfor archer in archers:\n  repeat 3 as end:\n    let decision = call judge\n"
            "      archer: archer\n      before: last\n    let last = decision\n",
            Status.VIOLATED,
        ),
    ],
)
def test_earlier_results_of_a_call_in_a_loop(body: str, status: Status) -> None:
    shape = {"slots": "spotter, judge", "requires": "archers: list -- the archers"}
    assert _one_status(body + "return { done: true }\n", "The judge never sees earlier rulings.", **shape) is status


@pytest.mark.parametrize(
    ("made", "status"),
    [
        # set anew inside the loop, before the record that holds it: a new list
        ("  if r approves:\n    found = [r]\n", Status.VIOLATED),
        # set anew after it is held: the held list is the old one
        ("", Status.PROVED),
    ],
)
def test_a_list_set_anew_before_it_is_held(made: str, status: Status) -> None:
    body = (
        "let found = []\nfor item in items:\n  let r = call worker\n    item: item\n  append r to found\n"
        f"{made}let plan = {{ found: found }}\nlet verdict = call reviewer\n  plan: plan\nreturn {{ verdict: verdict }}\n"
    )
    shape = {"slots": "worker, reviewer", "requires": "items: list -- the items"}
    assert _one_status(body, "The list of found items only ever grows.", **shape) is status


@pytest.mark.parametrize(
    ("join", "status"),
    [
        # the loop waits for every branch: nothing runs after the verdict
        ("", Status.PROVED),
        # it returns at the first finished branch: the others may still
        # call `c` after `b`'s verdict
        (' ("first")', Status.VIOLATED),
    ],
)
def test_a_parallel_loop_that_does_not_wait_for_all_its_branches_runs_on_after_it(join: str, status: Status) -> None:
    body = f"parallel for item in xs{join}:\n  call c\n    item: item\nlet v = call b\n  xs: xs\nreturn {{ v: v }}\n"
    shape = {"slots": "b, c", "requires": "xs: list -- the items"}
    assert _one_status(body, "Unreadable `b` output blocks delegation.", **shape) is status


@pytest.mark.parametrize(
    ("join", "status"),
    [
        ("", Status.PROVED),
        # a branch not waited for may still make it anew
        (' ("first")', Status.UNRECOGNIZED),
    ],
)
def test_a_list_made_anew_in_a_parallel_loop_that_does_not_wait_for_all_its_branches(join: str, status: Status) -> None:
    body = (
        f"parallel repeat 2{join}:\n  let found = []\n  for item in xs:\n    let r = call a\n      item: item\n"
        "    append r to found\n  call b\n    found: found\nreturn { done: true }\n"
    )
    shape = {"slots": "a, b", "requires": "xs: list -- the items"}
    assert _one_status(body, "Each found list only grows.", **shape) is status


JURY = """\
---
name: jury
kind: pattern
---

# Jury

A juror scores each entry against a theme; an announcer writes the notice.

### Slots

- `juror`
- `announcer`

### Requires

- The caller supplies:
    entries: string[] -- the entries
    theme: string -- the show's theme

### Invariants

{invariants}

### Delegation

```prose
let cards = []
for entry in entries:
  let card = call juror
    entry: entry
    theme: theme
  append {{ card: card, scored_against: theme }} to cards
let notice = call announcer
  {given}
return {{
  notice: notice
}}
```
"""


@pytest.mark.parametrize(
    ("given", "status"),
    [
        ("cards: cards", Status.PROVED),
        ("theme: theme\n  cards: cards", Status.PROVED),
        # one of the values the list's records hold, passed on its own, is
        # not the list
        ("theme: theme", Status.VIOLATED),
    ],
)
def test_a_local_is_received_whole_not_by_one_value_it_holds(given: str, status: Status) -> None:
    assert _status_of(JURY.replace("{given}", given), "The announcer gets the cards.") == status


def test_a_value_a_list_holds_passed_on_its_own_brings_none_of_the_list() -> None:
    from conftest import Recorder

    # what the violation says, observed: given the theme, the announcer
    # sees no scorecard at all
    module = _module_of(JURY.replace("{given}", "theme: theme").format(invariants=""), "jury_theme")
    juror = Recorder("card-1", "card-2", name="juror")
    announcer = Recorder("notice", name="announcer")
    out = module.jury(juror=juror, announcer=announcer, entries=["e1", "e2"], theme="tide")
    assert out.notice == "notice" and juror.count == 2 and announcer.count == 1
    assert "card" not in repr(announcer.calls[0])


#: loads washed one by one, gathered with `append`, then folded
WASHING = """\
let washed_loads = []
for load in loads:
  let washed = call washer
    load: load
  append washed to washed_loads
let folded = call folder
  washed: {given}
return {{ folded: folded }}"""


@pytest.mark.parametrize(
    ("given", "status"),
    [
        # the washer's work, under a name that describes it: it may tell
        # the folder of a wash, or be its data (a list built by `append`
        # carries the washer's outputs and nothing else)
        ("washed_loads", Status.UNRECOGNIZED),
        # the caller's own list, under a word of the fact
        ("loads", Status.VIOLATED),
    ],
)
def test_a_list_of_a_delegates_work_named_for_a_word_of_the_fact(given: str, status: Status) -> None:
    sentence = "The folder isn't told that the wash could have been refunded."
    assert _case_status(WASHING.replace("{given}", given), "washer, folder", "loads: string[] -- the loads", sentence) == status


#: lists collected by a walk over the tiers, each labelled with its tier
TIER_LISTS = """\
let lists = parallel for tier in tiers:
  let found = call miner
    material: material
    model: tier.model
  return {{ tier: tier.model, assumptions: found{more} }}
let result = call comparator
  lists: lists
  material: material
return {{ result: result }}"""


@pytest.mark.parametrize(
    ("more", "status"),
    [
        # nothing else at all, or nothing but the tier that labels each list?
        ("", Status.UNRECOGNIZED),
        # the caller's note beside it: more in both meanings
        (", note: note", Status.VIOLATED),
    ],
)
def test_only_of_lists_each_labelled_with_the_element_of_the_walk(more: str, status: Status) -> None:
    delegation = TIER_LISTS.replace("{more}", more)
    requires = "tiers: object[] -- the model tiers\nmaterial: string -- the material\nnote: string -- a note"
    sentence = "The comparator sees only the miners' results and the material."
    assert _case_status(delegation, "miner, comparator", requires, sentence) == status


#: a list of records, each holding the piece a tester was given on its own
FORGING = """\
let pieces = []
for order in orders:
  let forging = call smith
    order: order
  call tester
    piece: {given}
  append {{ item: order, piece: forging.piece }} to pieces
return {{ pieces: pieces }}"""


@pytest.mark.parametrize(
    ("given", "sentence", "status"),
    [
        # "the piece": the list `pieces`, or the piece its records hold,
        # which the tester is given on its own? Not settled
        ("forging.piece", "The tester receives the piece.", Status.UNRECOGNIZED),
        ("forging.piece", "The tester works from the piece alone.", Status.UNRECOGNIZED),
        # another field: no record holds it, and the list never reaches it
        ("forging.weight", "The tester receives the piece.", Status.VIOLATED),
    ],
)
def test_a_word_for_one_of_a_list_of_records(given: str, sentence: str, status: Status) -> None:
    delegation = FORGING.replace("{given}", given)
    assert _case_status(delegation, "smith, tester", "orders: string[] -- the orders", sentence) == status


#: a planner, then an allergy checker over its order
ALLERGY_CHECK = """\
let order = call planner
  budget: budget
  prompt: "{prompt}"
let review = call allergy_checker
  order: order
return {{ review: review }}"""


@pytest.mark.parametrize(
    ("prompt", "status"),
    [
        ("Draft the order.", Status.PROVED),
        # the first word of the slot's name and its act name the slot
        ("Draft the order; it goes to an allergy check.", Status.VIOLATED),
        ("Draft the order; it goes to the allergy checker.", Status.VIOLATED),
    ],
)
def test_a_hidden_slot_named_by_its_first_word_and_its_act(prompt: str, status: Status) -> None:
    delegation = ALLERGY_CHECK.replace("{prompt}", prompt)
    sentence = "The planner is not told that an allergy check will follow."
    assert _case_status(delegation, "planner, allergy_checker", "budget: number -- the budget", sentence) == status


#: rounds of critique that a critic's verdict may cut short with a `break`
CUT_SHORT = """\
let draft = call drafter
  brief: brief
repeat rounds:
  let critique = call critic
    draft: draft
  if critique says fine:
    break
  let draft = call drafter
    brief: brief
    points: critique
return {{ draft: draft }}"""


@pytest.mark.parametrize(
    ("delegation", "status"),
    [
        # the critic's verdict may leave the loop in the first round: with
        # more rounds than one, fewer calls than `rounds`
        (CUT_SHORT, Status.VIOLATED),
        # no way out of a round: one call per round
        (CUT_SHORT.replace("  if critique says fine:\n    break\n", ""), Status.PROVED),
        # a `break` of a loop inside the round leaves that loop, not the
        # round: no fewer rounds, but the count of that loop is not settled
        (
            CUT_SHORT.replace(
                "  if critique says fine:\n    break\n",
                "  for note in notes:\n    if critique says fine:\n      break\n",
            ),
            Status.UNRECOGNIZED,
        ),
    ],
)
def test_an_exact_count_of_rounds_a_break_may_cut_short(delegation: str, status: Status) -> None:
    requires = "brief: string -- the brief\n    rounds: integer -- the rounds\n    notes: string[] -- the notes"
    sentence = "The critic is called exactly `rounds` times."
    assert _case_status(delegation, "drafter, critic", requires, sentence) == status


#: a poet warmed up in rounds over one value, then called once more for
#: the piece itself with another
WARM_UPS = """\
repeat warmup_rounds as round:
  call poet
    theme: {theme}
let piece = call poet
  subject: subject
return {{ piece: piece }}"""


@pytest.mark.parametrize(
    ("theme", "status"),
    [
        # the calls in the warm-up rounds, each given the subject: the same
        # (the call for the piece, after the loop, is no warm-up round)
        ("subject", Status.PROVED),
        # each round given its own number: not the same
        ("round", Status.VIOLATED),
    ],
)
def test_the_same_across_the_rounds_of_one_loop_only(theme: str, status: Status) -> None:
    requires = "subject: string -- the subject\n    warmup_rounds: integer -- the warm-up rounds"
    sentence = "Every warm-up round gives the poet the same theme."
    assert _case_status(WARM_UPS.replace("{theme}", theme), "poet", requires, sentence) == status


@pytest.mark.parametrize(
    ("prompt", "status"),
    [
        # the slot's own instruction opens with a word of the fact: its task,
        # perhaps, not the fact
        ("Quote a price for the pane.", Status.UNRECOGNIZED),
        # the fact's other word said too: told
        ("Quote a price for the pane; there is a competing bid.", Status.VIOLATED),
        # nothing of it
        ("Price the pane.", Status.PROVED),
    ],
)
def test_a_word_of_a_hidden_fact_that_opens_the_slots_own_instruction(prompt: str, status: Status) -> None:
    # (a second glazier quotes too: "quote" is no work of the first alone)
    delegation = (
        f'let price = call glazier\n  pane: pane\n  prompt: "{prompt}"\n'
        'let other = call second_glazier\n  pane: pane\n  prompt: "Quote a price for the pane."\n'
        "return {{ first: price, second: other }}"
    )
    sentence = "The glazier is not told there is a competing quote."
    assert _case_status(delegation, "glazier, second_glazier", "pane: string -- the pane", sentence) == status


@pytest.mark.parametrize(
    ("question", "status"),
    [
        # the input passed as it is under `question`: one check
        ("hard_question", Status.PROVED),
        # quoted in a text that changes: the argument under `question`, or
        # the input the text quotes? Not read
        ('"Try {turn}: {hard_question}"', Status.UNRECOGNIZED),
    ],
)
def test_the_same_word_as_a_key_and_the_end_of_an_inputs_name(question: str, status: Status) -> None:
    delegation = f"repeat tries as turn:\n  call helper\n    question: {question}\nreturn {{{{ done: true }}}}"
    requires = "hard_question: string -- the question\n    tries: integer -- the tries"
    assert _case_status(delegation, "helper", requires, "Every helper gets the same question.") == status


@pytest.mark.parametrize(
    ("prompt", "status"),
    [
        ("Sew the hem along the pins.", Status.PROVED),
        # the fact said, the verb done to its work: told
        ("Sew the hem along the pins; your work will be checked afterwards.", Status.VIOLATED),
        # the word in another use: perhaps its own task
        ("Sew the hem and check the pins.", Status.UNRECOGNIZED),
    ],
)
def test_a_hidden_fact_said_as_done_to_the_slots_work(prompt: str, status: Status) -> None:
    delegation = (
        f'let hem = call tailor\n  garment: garment\n  prompt: "{prompt}"\n'
        "let verdict = call checker\n  hem: hem\nreturn {{ hem: hem, verdict: verdict }}"
    )
    sentence = "The tailor is not told its work will be checked."
    assert _case_status(delegation, "tailor, checker", "garment: string -- the garment", sentence) == status
