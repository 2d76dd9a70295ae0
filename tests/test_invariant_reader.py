"""The invariant reader: polarity, qualifiers, canonical forms and pinned readings.

The polarity table pairs sentences that negate or limit with their positive
twins on one pattern. Whatever the reader makes of either, it must never
read a twin as its negation's claim: a negated sentence is read as a claim
that forbids (or limits), or not at all; its positive twin never as one that
forbids. Where the table names the expected reading, that reading exactly.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import phrasing_corpus as corpus
import pytest

from prosec.api import compile_text
from prosec.invariants import InvariantFact, Status

PATTERN = """\
---
name: probe
kind: pattern
---

# Probe

A pattern to read sentences against.

### Slots

- `guard`
- `target`
- `observer`
- `actor`
- `tutor`
- `learner`
- `moderator`
- `mediator`
- `planner`
- `executor`
- `verifier`
- `auditor`
- `handler`
- `reviewer`
- `mapper`
- `stages`

### Requires

```
brief: string -- the task
answer_key: string -- the answers
budget: number -- the buyer's budget
floor: number -- the seller's floor
goal: string -- what to achieve
document: string -- what is audited
style_guide: string -- how it should read
essays: string[] -- what is moderated
ticket: string -- a request
chunks: string[] -- pieces of work
max_rounds: number -- (optional, default 3)
```

### Invariants

{invariants}

### Delegation

```prose
let decision = call guard
  brief: brief
  budget: budget
  floor: floor
if decision approves:
  let done = call target
    brief: brief
let outcome = call actor
  brief: brief
let seen = call observer
  outcome: outcome
let hint = call tutor
  key: answer_key
let attempt = call learner
  hint: hint
let grade = call moderator
  grades: attempt
let deal = call mediator
  offer: brief
let plan = call planner
  goal: goal
let work = call executor
  plan: plan
let feedback = call verifier
  work: work
let audit = call auditor
  document: document
  guide: style_guide
let first = call handler
  ticket: ticket
let second = call handler
  ticket: ticket
let reviews = parallel for essay in essays:
  call reviewer
    essay: essay
let parts = parallel for chunk in chunks:
  call mapper
    chunk: chunk
for stage in stages:
  let staged = call stage
    work: work
if decision says escalate:
  return { result: feedback }
repeat max_rounds:
  let again = call verifier
    work: work
return { result: feedback }
```
"""


def facts_for(sentence: str, *, pins: tuple[str, ...] = ()) -> tuple[list[InvariantFact], list[str]]:
    bullet = f"- {sentence}\n" + "".join(f"  - read as: {p}\n" for p in pins)
    text = PATTERN.replace("{invariants}", bullet)
    result = compile_text("tests/probe.prose.md", text.encode(), render=False)
    assert result.report is not None, [d.message for d in result.diagnostics]
    codes = [d.code for d in result.diagnostics if d.code.startswith("PS5")]
    return list(result.report.invariants), codes


def reading(sentence: str) -> frozenset[tuple[str, tuple[tuple[str, object], ...]]] | None:
    """The claims a sentence reads as (kind, params), or None when unread."""
    facts, _ = facts_for(sentence)
    if any(f.status is Status.UNRECOGNIZED for f in facts):
        return None
    return frozenset((f.kind, tuple(sorted((k, str(v)) for k, v in f.params.items()))) for f in facts)


def kinds(found: frozenset[tuple[str, tuple[tuple[str, object], ...]]] | None) -> set[str]:
    return set() if found is None else {k for k, _ in found}


# ---------------------------------------------------------------- the table


@dataclass(frozen=True)
class Twin:
    negative: str
    positive: str
    #: expected kinds of each reading; None: must not be read at all
    negative_reads: frozenset[str] | None = frozenset()
    positive_reads: frozenset[str] | None = frozenset()


FORBID = frozenset({"isolation", "field firewall"})
NEED = frozenset({"receives", "unchanged"})

#: "never sees"-style negations of "sees": (negative, positive) templates.
SEEING = [
    ("The {s} never sees {o}", "The {s} sees {o}"),
    ("The {s} does not see {o}", "The {s} does see {o}"),
    ("The {s} doesn't receive {o}", "The {s} receives {o}"),
    ("The {s} cannot see {o}", "The {s} can see {o}"),
    ("The {s} must never read {o}", "The {s} must read {o}"),
    ("The {s} is never given {o}", "The {s} is given {o}"),
    ("The {s} is not shown {o}", "The {s} is shown {o}"),
    ("{O} is withheld from the {s}", "{O} is given to the {s}"),
    ("{O} is hidden from the {s}", "{O} is shown to the {s}"),
    ("{O} never reaches the {s}", "{O} reaches the {s}"),
    ("{O} is never passed to the {s}", "{O} is passed to the {s}"),
    ("The {s} has no access to {o}", "The {s} has access to {o}"),
    ("The {s} never has access to {o}", "The {s} has access to {o}"),
    ("No {s} sees {o}", "Every {s} sees {o}"),
]
WHO_WHAT = [
    ("verifier", "the plan"),
    ("learner", "the answer key"),
    ("mediator", "the budget"),
    ("observer", "the actor's output"),
    # a field, in a word for its value
    ("auditor", "the reviewer's score number"),
    ("auditor", "the style guide"),
    ("executor", "the raw goal"),
]

TABLE: list[Twin] = [
    Twin(neg.format(s=s, o=o, O=o[0].upper() + o[1:]), pos.format(s=s, o=o, O=o[0].upper() + o[1:]), FORBID, NEED)
    for (neg, pos), (s, o) in itertools.product(SEEING, WHO_WHAT)
]
TABLE += [
    # negation outside the verb
    Twin("Neither the tutor nor the learner has access to the answer key",
         "Both the tutor and the learner have access to the answer key", FORBID, NEED),
    Twin("The mediator sees neither the budget nor the floor", "The mediator sees the budget and the floor", FORBID, NEED),
    Twin("No reviewer sees another reviewer's output", "Every reviewer sees another reviewer's output", FORBID, NEED),
    Twin("None of the reviewers sees the brief", "All of the reviewers see the brief", FORBID, NEED),
    # negation in the object's determiner
    Twin("No actor's reasoning ever reaches the observer", "The actor's reasoning reaches the observer", FORBID, None),
    Twin("None of the planner's output is passed to the verifier", "The planner's output is passed to the verifier", FORBID, NEED),
    Twin("No reviewer sees a review written by a different reviewer", "Every reviewer sees a review written by a different reviewer", FORBID, NEED),
    Twin("The moderator never reads the essays", "The moderator reads the essays", FORBID, NEED),
    # qualifiers
    Twin("The auditor reads the document exactly as the caller provided it",
         "The auditor reads the document", frozenset({"unchanged"}), frozenset({"receives"})),
    Twin("Both handlers receive the ticket as-is", "Both handlers receive the ticket", frozenset({"unchanged"}), frozenset({"receives"})),
    Twin("The target receives the brief unchanged", "The target receives the brief", frozenset({"unchanged"}), frozenset({"receives"})),
    Twin("The target receives the brief verbatim", "The target receives a summary of the brief", frozenset({"unchanged"}), None),
    Twin("The brief reaches the target exactly as it was given", "The brief reaches the target", frozenset({"unchanged"}), frozenset({"receives"})),
    # only / solely / except
    Twin("The planner never sees the executor's work, only the verifier's feedback",
         "The planner sees the executor's work and the verifier's feedback", frozenset({"isolation", "receives"}), frozenset({"receives"})),
    Twin("The observer sees only the actor's output", "The observer sees the actor's output", frozenset({"receives"}), frozenset({"receives"})),
    Twin("The observer receives nothing but the actor's output", "The observer receives the actor's output", frozenset({"receives"}), frozenset({"receives"})),
    Twin("The auditor sees nothing except the document", "The auditor sees the document", frozenset({"receives"}), frozenset({"receives"})),
    # control
    Twin("The target runs only when the guard approves", "The target runs when the guard approves", frozenset({"gated"}), None),
    Twin("The target runs only when the guard does not approve", "The target runs only when the guard approves", None, frozenset({"gated"})),
    Twin("The target never runs unless the guard approves", "The target runs unless the guard approves", frozenset({"gated"}), None),
    Twin("The target never runs without the guard's approval", "The target runs without the guard's approval", frozenset({"gated"}), None),
    Twin("The target is called only after the guard explicitly approves", "The target is called after the guard approves",
         frozenset({"gated"}), None),
    # which calls is said by the claim's words, never by a verb's free text
    Twin("The target writes only after the guard approves", "The target writes on retries only after the guard approves",
         frozenset({"gated"}), None),
    # bounds, counts, sameness, independence
    # a denial is read as the claim it denies, marked denied (never proved)
    Twin("The loop is bounded by `max_rounds`", "The loop is not bounded by `max_rounds`", frozenset({"bounded"}), frozenset({"bounded"})),
    Twin("The loop runs at most `max_rounds` times", "The loop runs `max_rounds` times", frozenset({"bounded"}), None),
    Twin("Each chunk is given to exactly one mapper", "Each chunk is given to a mapper", frozenset({"exactly-once"}), None),
    Twin("Every reviewer receives the identical essays", "Every reviewer does not receive the identical essays",
         frozenset({"identical"}), None),
    Twin("Reviewers work independently", "Reviewers do not work independently", FORBID, None),
    Twin("Mappers run independently", "Mappers never run independently", FORBID, None),
    Twin("The planner and the executor work independently", "The planner and the executor do not work independently", FORBID, None),
    Twin("The actor does not know an observer is watching", "The actor knows an observer is watching", frozenset({"unaware"}), frozenset({"unaware"})),
    Twin("The actor is unaware that it is observed", "The actor is aware that it is observed", frozenset({"unaware"}), frozenset({"unaware"})),
    Twin("Neither the tutor nor the learner knows about the moderator", "Both the tutor and the learner know about the moderator",
         frozenset({"unaware"}), frozenset({"unaware"})),
    # the subject kept from something; ability; a contrast with a second subject
    Twin("The verifier is kept away from the plan", "The verifier is given the plan", FORBID, NEED),
    Twin("The verifier cannot see anything about the goal", "The verifier can see the goal", FORBID, NEED),
    Twin("The verifier sees nothing the planner produced", "The verifier sees what the planner produced", FORBID, NEED),
    Twin("None of the reviewers can see the answer key", "All of the reviewers can see the answer key", FORBID, NEED),
    Twin("The executor works without ever seeing the goal", "The executor works from the goal", FORBID, NEED),
    Twin("The verifier may see the executor's work", "The verifier can see the executor's work", None, NEED),
    Twin("The auditor is told the style guide, but the reviewer is not", "The auditor and the reviewer are told the style guide",
         frozenset({"receives", "isolation"}), NEED),
    Twin("The style guide reaches the auditor and no reviewer", "The style guide reaches the auditor and every reviewer",
         frozenset({"receives", "isolation"}), NEED),
    Twin("The style guide is passed to the auditor but to none of the reviewers",
         "The style guide is passed to the auditor and to all of the reviewers", frozenset({"receives", "isolation"}), NEED),
    Twin("Only the auditor is given the style guide", "The auditor is given the style guide", frozenset({"receives", "isolation"}), NEED),
    Twin("The style guide is withheld from the reviewer but shown to the auditor", "The style guide is shown to the reviewer and the auditor",
         frozenset({"receives", "isolation"}), NEED),
    Twin("The verifier is denied access to the plan", "The verifier is granted access to the plan", FORBID, NEED),
    # "never withheld", "not hidden": the slot is given it, never read as kept away
    Twin("The plan is withheld from the verifier", "The plan is never withheld from the verifier", FORBID, None),
    Twin("The plan is hidden from the verifier", "The plan is not hidden from the verifier", FORBID, None),
    Twin("The plan is invisible to the verifier", "The plan is visible to the verifier", FORBID, NEED),
    Twin("The plan is not visible to the verifier", "The plan is visible to the verifier", FORBID, NEED),
    Twin("The verifier does not get to see the plan", "The verifier gets to see the plan", FORBID, NEED),
    Twin("The plan never gets to the verifier", "The plan gets to the verifier", FORBID, NEED),
    Twin("The verifier's feedback is never passed back to the executor", "The verifier's feedback is passed back to the executor", FORBID, NEED),
    Twin("The executor never sees any part of the plan", "The executor sees the whole plan", FORBID, NEED),
    Twin("The verifier never sees the executor output", "The verifier sees the executor output", FORBID, NEED),
    Twin("The executor never hands its output to the planner", "The executor hands its output to the planner", FORBID, NEED),
    Twin("The verifier never relies on the plan", "The verifier relies on the plan", FORBID, NEED),
    Twin("The verifier only ever sees the executor's work", "The verifier ever sees the executor's work",
         frozenset({"receives"}), None),
    Twin("The verifier never sees the plan and is never given the goal", "The verifier sees the plan and is given the goal", FORBID, NEED),
    Twin("The verifier neither sees the plan nor receives the goal", "The verifier both sees the plan and receives the goal", FORBID, None),
    Twin("Neither the plan nor the goal reaches the verifier", "Both the plan and the goal reach the verifier", FORBID, NEED),
    Twin("The verifier never sees the plan directly", "The verifier sees the plan directly", FORBID, NEED),
    Twin("The verifier is never given the plan directly", "The verifier is given the plan directly", FORBID, NEED),
    Twin("The verifier does not see the plan either", "The verifier sees the plan too", FORBID, NEED),
    Twin("The verifier is not shown the plan either", "The verifier is shown the plan as well", FORBID, NEED),
    Twin("The plan never reaches the verifier directly", "The plan reaches the verifier directly", FORBID, NEED),
    Twin("The plan is never passed to the verifier too", "The plan is passed to the verifier too", None, NEED),
    # "so far" of an input: received as it stands; kept away, not read
    Twin("The mediator never sees the budget so far", "The mediator sees the budget so far", None, NEED),
    Twin("The mediator is not shown the budget to date", "The mediator is shown the budget to date", None, NEED),
    Twin("The verifier never sees the executor's work so far", "The verifier sees the executor's work so far", None, None),
    Twin("No reviewer sees the brief and receives the goal", "Every reviewer sees the brief and receives the goal", None, NEED),
    # gates said of no call, and fail-safe effects
    Twin("No target is called unless the guard says yes", "A target is called unless the guard says yes", frozenset({"gated"}), None),
    Twin("Nothing is delegated to the target unless the guard says proceed", "Work is delegated to the target unless the guard says proceed",
         frozenset({"gated"}), None),
    Twin("Guard output that cannot be parsed keeps the target from running", "Guard output that cannot be parsed lets the target run",
         frozenset({"fail-safe"}), None),
    Twin("A guard verdict that cannot be parsed never lets the target through", "A guard verdict that cannot be parsed lets the target through",
         frozenset({"fail-safe"}), None),
    Twin("A guard's verdict that can't be read counts as a refusal", "A guard's verdict that can't be read counts as approval",
         frozenset({"fail-safe"}), frozenset({"fail-safe"})),
    # (counting as approval denies counting as a refusal)
    Twin("An unreadable guard verdict never counts as approval", "An unreadable guard verdict counts as approval",
         frozenset({"fail-safe"}), frozenset({"fail-safe"})),
    Twin("A guard verdict that cannot be read counts as a rejection", "A guard verdict that cannot be read counts as approval",
         frozenset({"fail-safe"}), frozenset({"fail-safe"})),
    Twin("If the guard's output cannot be parsed, the target is not called", "If the guard's output cannot be parsed, the target is called",
         frozenset({"fail-safe"}), frozenset({"fail-safe"})),
    # "never reviews anything the guard has not approved": gated; without
    # either negation, not read
    Twin("The target never reviews anything the guard has not approved", "The target reviews anything the guard has not approved",
         frozenset({"gated"}), None),
    Twin("The target never reviews anything the guard has not approved", "The target never reviews anything the guard has approved",
         frozenset({"gated"}), None),
    # "never starts the target": the slot kept from running; started, not read
    Twin("Unreadable guard output never starts the target", "Unreadable guard output starts the target", frozenset({"fail-safe"}), None),
    Twin("No plan is drafted unless the guard approves", "The plan is drafted even when the guard does not approve",
         frozenset({"gated"}), frozenset({"gated"})),
    Twin("The target waits for the guard's approval", "The target does not wait for the guard's approval", frozenset({"gated"}), frozenset({"gated"})),
    Twin("The number of rounds is bounded by `max_rounds`", "The number of rounds is `max_rounds`", frozenset({"bounded"}), None),
    Twin("The verifier alone produces the returned result", "The verifier independently produces the returned result",
         frozenset({"returns"}), None),
    Twin("The returned result is the actor's latest output", "The returned result is the actor's previous output",
         frozenset({"returns"}), None),
    # a word for the latest before a noun for the whole result
    Twin("The returned result is the actor's most recent draft", "The returned result is the actor's earlier draft",
         frozenset({"returns"}), None),
    Twin("The mapper is given each chunk exactly once", "The mapper is given each chunk once", frozenset({"exactly-once"}), None),
    # a verb named for the slot: its agent noun is the slot's name
    Twin("Each chunk is mapped exactly once", "Each chunk is mapped once", frozenset({"exactly-once"}), None),
    Twin("Each chunk is mapped by exactly one mapper", "Each chunk is mapped by a mapper", frozenset({"exactly-once"}), None),
    Twin("The guard is called once", "The guard is called once per chunk", frozenset({"call count"}), frozenset({"call count"})),
    Twin("The guard is only ever called once", "The guard is called twice", frozenset({"call count"}), frozenset({"call count"})),
    Twin("The guard is never called twice", "The guard is called twice", frozenset({"call count"}), frozenset({"call count"})),
    Twin("The auditor writes at most once", "The auditor writes at least once", frozenset({"call count"}), None),
    # "only" makes the gate: without it, "after" and "when" say the work
    # happens then, not that it never happens otherwise
    Twin("The plan is drafted only after the guard approves", "The plan is drafted after the guard approves", frozenset({"gated"}), None),
    Twin("The plan is only drafted when the guard approves", "The plan is drafted when the guard approves", frozenset({"gated"}), None),
    # "every" is each call; "one" is one of them, of which a claim of every
    # call says too much
    Twin("Every mapper gets identical inputs", "One mapper gets identical inputs", frozenset({"identical"}), None),
    Twin("Every verifier round never sees the plan", "One verifier round never sees the plan", frozenset({"isolation"}), None),
    # "even when" a refusal denies the gate; "even when" an approval says nothing of a refusal
    Twin("The target runs even when the guard has not approved", "The target runs even when the guard approves", frozenset({"gated"}), None),
    Twin("Reviewers score one after another, in roster order", "Reviewers score all at once, in any order", frozenset({"ordered"}), None),
    Twin("The stages are run one after another in slot order", "The stages are run one after another in agent order",
         frozenset({"ordered"}), None),
    Twin("A mapper call is handed exactly one chunk, never several", "A mapper call is handed exactly one chunk, never late",
         frozenset({"exactly-once"}), None),
    Twin("Unless the guard approves, the target is not called", "Unless the guard approves, the target is called", frozenset({"gated"}), None),
    Twin("If the guard does not approve, the target is not called", "If the guard approves, the target is not called",
         frozenset({"gated"}), None),
    Twin("The target is skipped unless the guard approves", "The target is called unless the guard approves", frozenset({"gated"}), None),
    Twin("The target waits for the guard's approval", "The target waits for the brief", frozenset({"gated"}), None),
    Twin("There are never more than `max_rounds` rounds", "There are `max_rounds` rounds", frozenset({"bounded"}), None),
    Twin("The loop never exceeds `max_rounds` rounds", "The loop exceeds `max_rounds` rounds", frozenset({"bounded"}), None),
    Twin("The actor is never told about the observer", "The actor is told about the observer", frozenset({"unaware"}), None),
    Twin("Neither the actor nor the arbiter is told about the observer", "Both the actor and the arbiter are told about the observer",
         frozenset({"unaware"}), None),
    # frames around the objects: passives with "by", "back", "nothing from",
    # "without sight of", a verb of the slot's work, limits after the objects
    Twin("The plan is never seen by the verifier", "The plan is seen by the verifier", FORBID, NEED),
    Twin("The executor's work is never passed back to the planner", "The executor's work is passed back to the planner", FORBID, NEED),
    Twin("Nothing from the plan is passed to the executor", "The plan is passed to the executor", FORBID, NEED),
    Twin("The verifier sees nothing at all of the plan", "The verifier sees all of the plan", FORBID, NEED),
    Twin("The verifier works without sight of the plan", "The verifier works from the plan", FORBID, NEED),
    Twin("The executor plans without ever seeing the goal", "The executor plans after seeing the goal", FORBID, NEED),
    Twin("The executor begins without ever seeing the goal", "The executor sees the goal", None, NEED),
    Twin("The style guide is read by the auditor alone", "The style guide is read by the auditor",
         frozenset({"receives", "isolation"}), NEED),
    Twin("The goal is given only to the planner", "The goal is given to the planner", frozenset({"receives", "isolation"}), NEED),
    Twin("The style guide is given to the auditor separately", "The style guide is given to the auditor", None, NEED),
    Twin("Only the executor's work reaches the verifier", "The executor's work reaches the verifier",
         frozenset({"receives"}), frozenset({"receives"})),
    Twin("The verifier works from the executor's work alone", "The verifier works from the executor's work",
         frozenset({"receives"}), frozenset({"receives"})),
    Twin("The verifier receives the executor's work alone", "The verifier receives the executor's work", None, NEED),
    Twin("The verifier decides from the executor's work, and nothing else", "The verifier decides from the executor's work",
         frozenset({"receives"}), frozenset({"receives"})),
    Twin("Each handler gets the ticket and only the ticket", "Each handler gets the ticket and the brief",
         frozenset({"receives"}), frozenset({"receives"})),
    Twin("The verifier sees the executor's work and no goal", "The verifier sees the executor's work and the goal",
         frozenset({"receives", "isolation"}), NEED),
    Twin("The observer sees the actor's output but neither its reasoning nor its self-assessment",
         "The observer sees the actor's output, its reasoning and its self-assessment",
         frozenset({"receives", "field firewall"}), NEED),
    Twin("The verifier always receives the same work", "The verifier always receives different work", frozenset({"identical"}), None),
    Twin("Every verifier call is run on the same work", "Every verifier call is run on different work", frozenset({"identical"}), None),
    Twin("Reviewers in every essay get the same brief", "Reviewers in expensive essays get the same brief", frozenset({"identical"}), None),
    Twin("No mapper sees any chunk but its own", "Every mapper sees every chunk", FORBID, frozenset()),
    Twin("No mapper sees any chunk but the one it was given", "Each mapper sees the chunk it was given", FORBID, frozenset()),
    Twin("All reviewers receive one and the same brief", "All reviewers receive a different brief", frozenset({"identical"}), None),
    Twin("Every call of the verifier never sees the plan", "Every call of the verifier sees the plan", FORBID, NEED),
    Twin("The auditor never receives the document in its original form", "The auditor receives the document in their original form",
         None, frozenset({"unchanged"})),
    Twin("The planner and the executor work independently of each other", "The planner and the executor see each other's output",
         FORBID, NEED),
    Twin("The verifier sees the executor's work, never weighs the goal", "The verifier sees the executor's work and weighs the goal",
         None, frozenset()),
    Twin("The auditor weighs the document exactly as given", "The auditor weighs the document carefully", None, frozenset()),
    Twin("The verifier's inputs never change from round to round", "The verifier's inputs change from round to round",
         frozenset({"identical"}), None),
    Twin("The verifier's inputs never grow from round to round", "The verifier's inputs grow from round to round", None, None),
    Twin("Each round gives the verifier the same work", "Each round gives the verifier different work", frozenset({"identical"}), None),
    Twin("The reviewer receives the same brief for every essay", "The reviewer receives the same brief for some essays",
         frozenset({"identical"}), None),
    Twin("Every verifier cycle gets identical inputs", "Every verifier cycle gets different inputs", frozenset({"identical"}), None),
    Twin("The mapper receives the chunks exactly as the caller wrote them", "The mapper receives the chunks",
         frozenset({"unchanged"}), frozenset({"receives"})),
    Twin("The mapper receives the chunks as they are", "The mapper receives the chunks",
         frozenset({"unchanged"}), frozenset({"receives"})),
    # "as the caller set it", "as the user specified them": the caller's choice
    Twin("The mapper receives the chunks exactly as the caller set them", "The mapper receives the chunks",
         frozenset({"unchanged"}), frozenset({"receives"})),
    Twin("The auditor reads the document as the user specified it", "The auditor reads the document",
         frozenset({"unchanged"}), frozenset({"receives"})),

    Twin("No handler knows it is somebody's fallback", "Every handler knows it is somebody's fallback",
         frozenset({"unaware"}), frozenset({"unaware"})),
    # "which" one something is: a value, not a fact
    Twin("The verifier is never told which document it is checking", "The verifier is told which document it is checking", None, None),
    Twin("The mediator never learns which floor the seller set", "The mediator is told which floor the seller set", FORBID, NEED),
    # a negating word after a possessive is never the owner's field
    Twin("The executor does not know a verifier will review its work",
         "The executor does not know a verifier will review its unless work", frozenset({"unaware"}), None),
    # "at least once" is a floor, not a promise about every call
    Twin("The executor sees the plan before writing its work",
         "The executor sees the plan before writing its work at least once", NEED, None),
    # the words after the input describe it; a limit to some rounds is no
    # description, and no rule gives it a meaning
    Twin("The mediator never learns which floor the seller set", "The mediator never learns which floor the seller set in most rounds",
         FORBID, None),
    Twin("The mediator is told which floor the seller set", "The mediator is told which floor the seller set after the first round",
         NEED, None),
    # a delegate's own behaviour: a negation inside it is its own, and
    # nothing in it may name what reaches the slot
    Twin("The mediator argues in good faith, not for effect", "The mediator argues in good faith, not for the budget",
         frozenset({"unverifiable"}), None),
    Twin("The moderator judges each essay without favouring the first one",
         "The moderator judges each essay without consulting the planner", frozenset({"unverifiable"}), None),
    Twin("The auditor weighs each claim fairly and without bias",
         "The auditor weighs each claim fairly and without bias from the planner", frozenset({"unverifiable"}), None),
    Twin("The auditor digs for deep flaws rather than surface ones", "The auditor digs through the document rather than skimming it",
         frozenset({"unverifiable"}), None),
    Twin("The tutor keeps a friendly, upbeat tone", "The tutor keeps a friendly tone, like the answer key", frozenset({"unverifiable"}), None),
    Twin("Each mapper summarizes its chunk faithfully, adding no commentary",
         "Each mapper summarizes its chunk faithfully, adding no comment on the brief", frozenset({"unverifiable"}), None),
    Twin("The tutor answers politely", "The tutor answers politely, one after another", frozenset({"unverifiable"}), None),
    # a verb the reader does not know, with plain words after it: the
    # delegate's own doing; not when a word says order, counts or a name
    Twin("The auditor puts substance ahead of speed", "The auditor puts the document ahead of speed", frozenset({"unverifiable"}), None),
    Twin("The auditor looks for subtle flaws", "The auditor looks for subtle flaws after the planner", frozenset({"unverifiable"}), None),
    Twin("The auditor looks for flaws in its own report", "The auditor looks for flaws twice", frozenset({"unverifiable"}), None),
    Twin("The auditor balances rigour against speed", "The auditor waits for rigour", frozenset({"unverifiable"}), None),
    # a word after "its" that names nothing of the pattern, and a step of
    # its own work before or after it: its own doing; a slot there is not
    Twin("The auditor double-checks its arithmetic before answering",
         "The auditor double-checks its arithmetic before the planner answers", frozenset({"unverifiable"}), None),
    # (negated, as the first promise: still the delegate's own doing)
    Twin("The auditor never looks for flaws", "The auditor looks for flaws first", frozenset({"unverifiable"}), None),
    Twin("The auditor never rounds figures", "The auditor never rounds the style guide", frozenset({"unverifiable"}), None),

    Twin("The style guide is shown to the auditor but not to the reviewer", "The style guide is shown to the auditor and to the reviewer",
         frozenset({"receives", "isolation"}), NEED),
    Twin("The style guide is read by the auditor, never by the reviewer", "The style guide is read by the auditor and by the reviewer",
         frozenset({"receives", "isolation"}), frozenset()),
    Twin("The brief is never given to one reviewer", "The brief is given to one reviewer", None, None),
    Twin("The auditor sees the style guide, but not the reviewer", "The auditor and the reviewer see the style guide", None, NEED),
    Twin("The verifier gets the executor's work but no reviewer", "The verifier gets the executor's work and the reviewer's", None,
         frozenset()),
    Twin("The verifier gets the executor's work but nothing of the plan", "The verifier gets the executor's work and the plan",
         frozenset({"receives", "isolation"}), NEED),
    # exactly one: "a single" is one, "one" may be at least one
    Twin("Every mapper call handles a single chunk", "Every mapper call handles one chunk", frozenset({"exactly-once"}), None),
    Twin("Every mapper call is about a single chunk", "Every mapper call is about one chunk", frozenset({"exactly-once"}), None),
    Twin("Every chunk is mapped by a single mapper call", "Every chunk is mapped by one mapper call", frozenset({"exactly-once"}), None),
]


def test_the_table_is_large_enough() -> None:
    assert len(TABLE) >= 100


@pytest.mark.parametrize("twin", TABLE, ids=lambda t: t.negative)
def test_polarity_is_never_lost(twin: Twin) -> None:
    neg, pos = reading(twin.negative), reading(twin.positive)
    if neg is not None and pos is not None:
        assert neg != pos, (twin.negative, twin.positive)
    for sentence, got, want in ((twin.negative, neg, twin.negative_reads), (twin.positive, pos, twin.positive_reads)):
        if want is None:
            assert got is None, (sentence, got)
        elif want:
            assert got is None or kinds(got) <= set(want), (sentence, got)
    if twin.negative_reads == FORBID:
        assert not (kinds(neg) & NEED), (twin.negative, neg)
    if twin.positive_reads == NEED:
        assert not (kinds(pos) & FORBID), (twin.positive, pos)


@pytest.mark.parametrize(
    "sentence",
    [
        "The verifier never sees the plan",
        "Neither the tutor nor the learner has access to the answer key",
        "The mediator sees neither the budget nor the floor",
        "The executor is never given the raw goal",
        "The style guide is withheld from the auditor",
        "The auditor reads the document exactly as the caller provided it",
        "Both handlers receive the ticket as-is",
        "The target runs only when the guard explicitly approves",
        "The loop is bounded by `max_rounds`",
        "Each chunk is given to exactly one mapper",
        "The brief reaches the target exactly as it was given",
        "The auditor reads the document as the caller set it",
    ],
)
def test_short_natural_forms_are_read(sentence: str) -> None:
    assert reading(sentence) is not None, sentence


def test_both_handlers_gives_a_claim_about_each_call_and_the_qualifier_is_checked() -> None:
    facts, _ = facts_for("Both handlers receive the ticket as-is")
    assert [(f.kind, f.params["slot"]) for f in facts] == [("unchanged", "handler")]
    text = PATTERN.replace("{invariants}", "- The handler receives the ticket unchanged\n").replace(
        "let second = call handler\n  ticket: ticket", 'let second = call handler\n  ticket: "Ticket: {ticket}"'
    )
    result = compile_text("tests/probe.prose.md", text.encode(), render=False)
    assert [f.status for f in result.report.invariants] == [Status.VIOLATED]  # type: ignore[union-attr]


def test_a_sentence_read_in_part_is_unrecognized_and_shows_both_parts() -> None:
    facts, codes = facts_for("The verifier never sees the plan — and the moon is made of cheese")
    assert [f.status for f in facts] == [Status.UNRECOGNIZED]
    assert codes == ["PS502"]
    evidence = " | ".join(facts[0].evidence)
    assert "read in part: `verifier` never receives `planner`'s output (on its own: proved)" in evidence
    assert "not read: 'and moon is made of cheese'" in evidence


def facts_each(sentences: list[str]) -> list[list[InvariantFact]]:
    """The facts of each sentence, as ``facts_for`` gives them, from one
    compile (``phrasing_corpus.compile_each``)."""
    each = corpus.compile_each("probe.prose.md", PATTERN, sentences)
    assert all(facts is not None for facts in each)
    return [facts or [] for facts in each]


def test_canonical_forms_read_back_to_the_same_claims() -> None:
    sentences = [t.negative for t in TABLE] + [t.positive for t in TABLE]
    read = [
        (sentence, fact)
        for sentence, facts in zip(sentences, facts_each(sentences), strict=True)
        for fact in facts
        if fact.status is not Status.UNRECOGNIZED
    ]
    canons = [next(e.removeprefix("read as: ") for e in f.evidence if e.startswith("read as: ")) for _, f in read]
    for (sentence, fact), canon, back in zip(read, canons, facts_each(canons), strict=True):
        assert [(f.kind, dict(f.params)) for f in back] == [(fact.kind, dict(fact.params))], (sentence, canon)
    assert len(read) >= 150


# ---------------------------------------------------------------- pinned readings


def test_a_pin_that_agrees_is_checked_quietly() -> None:
    facts, codes = facts_for("The verifier never sees the plan", pins=("`verifier` never receives `plan`",))
    assert [(f.kind, f.status) for f in facts] == [("isolation", Status.PROVED)]
    assert codes == []


def test_a_pin_rescues_a_sentence_the_reader_cannot_read() -> None:
    facts, codes = facts_for("The verifier is kept well away from the plan", pins=("`verifier` never receives `plan`",))
    assert [(f.kind, f.status) for f in facts] == [("isolation", Status.PROVED)]
    # Said, so that nobody takes the pin for the sentence's own reading.
    assert codes == ["PS507"]


def test_a_pin_that_disagrees_is_reported_and_the_pin_is_checked() -> None:
    facts, codes = facts_for("The verifier never sees the plan", pins=("`verifier` never receives `executor`'s output",))
    assert codes[0] == "PS505"
    assert [(f.kind, f.status) for f in facts] == [("isolation", Status.VIOLATED)]


def test_an_unreadable_pin_leaves_the_sentence_unrecognized() -> None:
    facts, codes = facts_for("The verifier never sees the plan", pins=("the verifier is kept in the dark",))
    assert [f.status for f in facts] == [Status.UNRECOGNIZED]
    assert "PS506" in codes


# ---------------------------------------------------------------- docs/invariants.md


def _doc_rows() -> list[tuple[str, str | None]]:
    """(sentence, canonical or None for "not read") from the tables of docs/invariants.md."""
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[1] / "docs" / "invariants.md").read_text(encoding="utf-8")
    rows: list[tuple[str, str | None]] = []
    header: list[str] = []
    for line in doc.splitlines():
        if not line.startswith("|"):
            header = []
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not header:
            header = cells
            continue
        if set(line) <= set("|- "):
            continue
        if "Read" in header and "Read as" in header:
            rows.append((cells[header.index("Read")], cells[header.index("Read as")]))
        elif header[:1] == ["Not read"]:
            rows.append((cells[0], None))
    return rows


def test_the_docs_have_examples_of_both_kinds() -> None:
    rows = _doc_rows()
    assert sum(1 for _, c in rows if c) >= 25 and sum(1 for _, c in rows if c is None) >= 5


@pytest.mark.parametrize(("sentence", "canonical"), _doc_rows(), ids=lambda v: str(v))
def test_docs_examples_read_as_the_docs_say(sentence: str, canonical: str | None) -> None:
    facts, _ = facts_for(sentence)
    if canonical is None:
        assert [f.status for f in facts] == [Status.UNRECOGNIZED], sentence
        return
    said = "; ".join(e.removeprefix("read as: ") for f in facts for e in f.evidence if e.startswith("read as: "))
    assert said == canonical


# ---------------------------------------------------------------- counts and denials


@pytest.mark.parametrize(
    ("sentence", "status"),
    [
        ("The guard is called exactly once", Status.PROVED),
        ("The handler is called exactly twice", Status.PROVED),
        ("The handler is never called more than 2 times", Status.PROVED),
        ("The handler is called at most once", Status.VIOLATED),
        # once before the `repeat max_rounds` and once in each round
        ("The verifier is called at most twice", Status.VIOLATED),
        ("The verifier is called exactly once", Status.VIOLATED),
        # one call per chunk, and the list may be of any length
        ("The mapper is called at most 3 times", Status.VIOLATED),
        # "each" of a slot called in two places: each call, or the slot?
        ("Each handler is called exactly once", Status.UNRECOGNIZED),
        # a count said bare: exactly, or at least, so many times; proved
        # when exact, broken when a run that returns makes fewer
        ("The guard is called once", Status.PROVED),
        ("The handler is called twice", Status.PROVED),
        ("The handler runs twice in total", Status.PROVED),
        ("The handler is called once", Status.UNRECOGNIZED),
        ("The target is called once", Status.VIOLATED),
        ("The verifier is called twice", Status.VIOLATED),
        ("The mapper is called once", Status.VIOLATED),
        # with "only": exactly, or at most; broken when a run may make more
        ("The guard is only ever called once", Status.PROVED),
        ("The handler is only called twice", Status.PROVED),
        ("The handler is only called once", Status.VIOLATED),
        ("The target is called just once", Status.UNRECOGNIZED),
        ("The reviewer is only called once", Status.VIOLATED),
        ("The verifier is only called twice", Status.VIOLATED),
        # "each" of a slot called in two places
        ("Each handler is called once", Status.UNRECOGNIZED),
        # a count per element of a list the program walks: as many calls as
        # it has elements, which one call of the guard is not
        ("The guard is called once per chunk", Status.VIOLATED),
        ("The guard is not called once", Status.UNRECOGNIZED),
        # "never twice": at most once; of another count, not read
        ("The guard is never called twice", Status.PROVED),
        ("The handler never runs twice", Status.VIOLATED),
        ("The guard is never called three times", Status.UNRECOGNIZED),
        # "per run", "on every run", "always": the count of one run
        ("The guard is called exactly once per run", Status.PROVED),
        ("The verifier is called exactly once on every run", Status.VIOLATED),
        ("The guard is always called exactly once", Status.PROVED),
        ("The verifier always runs exactly once", Status.VIOLATED),
        ("The handler is called at most once per run", Status.VIOLATED),
        ("The handler is called at most twice per run", Status.PROVED),
        # "in every round": each round's calls, not the run's
        ("The guard is called exactly once in every round", Status.UNRECOGNIZED),
        ("The guard is called exactly once per round", Status.UNRECOGNIZED),
        # "each" of a slot called in two places, among others named
        ("The guard and the handler are each called exactly once", Status.UNRECOGNIZED),
    ],
)
def test_a_call_count_is_counted_over_every_path(sentence: str, status: Status) -> None:
    facts, _ = facts_for(sentence)
    assert [f.status for f in facts] == [status], [(f.status, f.evidence) for f in facts]
    if status is not Status.UNRECOGNIZED:
        assert [f.kind for f in facts] == ["call count"]


SIGN_UP = """\
---
name: sign-up
kind: pattern
---

# Sign-up

Each singer is recorded, one after another.

### Slots

- `recorder`

### Requires

- The caller supplies:
    singers: string[] -- the singers, in sign-up order

### Invariants

{invariants}

### Delegation

```prose
let takes = []
for singer in singers:
  let take = call recorder
    singer: singer
  append take to takes
return takes
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # the pattern's own "sign-up order", which a sentence's reading
        # joins into one word as it joins "sign-up"
        ("Singers are recorded one at a time, in sign-up order", "`recorder` runs in order over `singers`"),
        ("Singers are recorded one at a time, in sign-in order", None),
        # the one list the delegation keeps
        ("The log only ever grows", "`takes` only grows"),
        ("The recording log is never emptied", "`takes` only grows"),
    ],
)
def test_an_order_the_pattern_names_with_a_hyphen(sentence: str, canonical: str | None) -> None:
    assert _read_as(SIGN_UP, sentence) == canonical, sentence


RERUNS = """\
---
name: reruns
kind: pattern
---

# Reruns

A gauge read again and again until the checker accepts.

### Slots

- `reader`
- `checker`

### Config

- `steps` (integer, default: 3): the readings each run takes

### Invariants

{invariants}

### Delegation

```prose
let verdict = null
loop until verdict says accept (max: 3):
  repeat steps:
    let reading = call reader
  verdict = call checker
    reading: reading
return verdict
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # the pattern's rounds are runs too: a count "in every run" may be
        # of each round's calls
        ("The reader is called exactly `steps` times in every run", None),
        ("The checker is called at most once per run", None),
        ("The checker is called at most 3 times in total", "`checker` is called at most 3 times"),
    ],
)
def test_a_count_per_run_where_rounds_are_runs(sentence: str, canonical: str | None) -> None:
    assert _read_as(RERUNS, sentence) == canonical, sentence


def test_each_of_the_slots_named_is_counted() -> None:
    """"The guard and the target are each called exactly once": a count of
    each slot named."""
    facts, _ = facts_for("The guard and the target are each called exactly once")
    assert [(f.kind, dict(f.params)["slot"], f.status) for f in facts] == [
        ("call count", "guard", Status.PROVED),
        ("call count", "target", Status.VIOLATED),
    ]


@pytest.mark.parametrize(
    ("sentence", "status"),
    [
        # the claim denied is proved: the sentence is false
        ("The target may run without the guard's approval", Status.VIOLATED),
        ("The target may run even when the guard does not approve", Status.VIOLATED),
        ("The loop is not bounded by `max_rounds`", Status.VIOLATED),
        # (the generated code reads every verdict fail-safe)
        ("An unreadable guard verdict is treated as approval", Status.VIOLATED),
        ("The target is still called when the guard's output cannot be parsed", Status.VIOLATED),
        ("The target may run even when the guard has not approved", Status.VIOLATED),
        ("The target does not wait for the guard's approval", Status.VIOLATED),
        # the claim denied is not proved: prosec cannot tell
        ("The target may run without the observer's approval", Status.UNVERIFIABLE),
        ("The mapper does not run in declared order", Status.UNVERIFIABLE),
        # "different": not the same, which is proved of the handler's calls
        ("The handlers receive different tickets", Status.VIOLATED),
        ("The reviewers receive different inputs from one another", Status.UNVERIFIABLE),
    ],
)
def test_a_denial_is_never_proved(sentence: str, status: Status) -> None:
    facts, _ = facts_for(sentence)
    assert [f.status for f in facts] == [status], [(f.status, f.evidence) for f in facts]
    assert all(f.params.get("denied") is True for f in facts)


# ---------------------------------------------------------------- the pattern's own words for names

OWN_WORDS = """\
---
name: panel
kind: pattern
---

# Panel

Judges rule on documents; a head judge reads the rulings.

### Description

A bout judge rules on each document against house policy; a head judge
reads the rulings.

### Slots

- `judge`
  - requires: document
  - ensures: a ruling with `winner` and the winning `margin`
- `head_judge`
  - requires: rulings
  - ensures: a final ruling

### Requires

- The caller supplies:
    documents: string[] -- the source documents
    policy: string -- the routing policy the judges apply
    rubric: string -- how marks are awarded

### Invariants

{invariants}

### Delegation

```prose
let rulings = parallel for document in documents:
  call judge
    document: document
    policy: policy
    rubric: rubric

let final = call head_judge
  rulings: rulings
  policy: policy

return {
  final: final
}
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # an input's description, and a short clause of it word for word
        ("The head judge never sees the source documents", "`head_judge` never receives `documents`"),
        ("The head judge is given the routing policy", "`head_judge` receives `policy`"),
        ("The head judge is never told how marks are awarded", "`head_judge` never receives `rubric`"),
        # a word the prose puts before a slot's name
        ("No bout judge sees another bout judge's ruling", "`judge` never receives another `judge`'s output"),
        # and the one plain word it puts before an input's one-word name
        ("The head judge is given the house policy", "`head_judge` receives `policy`"),
        ("The head judge never sees the house rubric", None),
        # a noun for a group that does a slot's work
        ("The judge panel never sees the head judge's ruling", "`judge` never receives `head_judge`'s output"),
        ("The panel never sees the head judge's ruling", None),
        # the keys a slot's ensures names in code marks, and a word its text
        # puts before one
        ("The head judge never sees the judges' winning margin", "`head_judge` never receives `judge`'s `margin`"),
        # a word for a value after an input, and plain words before a result noun
        ("The head judge receives the policy wording", "`head_judge` receives `policy`"),
        ("The head judge never sees the rubric's record", "`head_judge` never receives `rubric`"),
        ("The head judge sees every judge's detailed ruling", "`head_judge` receives every `judge` output"),
        # never dropped: a word that says which value
        ("The head judge never sees the rejected ruling", None),
        ("The head judge never sees the judges' lost margin", None),
        ("The head judge never sees the head judge's revised ruling", None),
        # a clause about a list's elements may pick some of them
        ("The head judge never sees the documents that were flagged", None),
        ("The head judge is given the policy the judges apply", "`head_judge` receives `policy`"),
    ],
)
def test_the_patterns_own_words_name_its_things(sentence: str, canonical: str | None) -> None:
    assert _read_as(OWN_WORDS, sentence) == canonical, sentence


QUOTES = """\
---
name: quotes
kind: pattern
---

# Quotes

A surveyor costs each room; a checker reviews the cost list; site technicians
rate the site; a buyer decides.

### Slots

- `surveyor`
  - requires: room
  - ensures: `{ cost, rationale }`
- `checker`
  - requires: costs
  - ensures: `{ flagged, summary }`
- `site_tech`
  - requires: site
  - ensures: a rating with a list of defects
- `buyer`
  - requires: summary, ratings
  - ensures: a verdict `{ proceed, rating, reason }`

### Requires

- The caller supplies:
    rooms: string[] -- the rooms to cost
    site: string -- the site to rate

### Invariants

{invariants}

### Delegation

```prose
let costs = []
for room in rooms:
  let quote = call surveyor
    room: room
  append { room: room, cost: quote.cost } to costs

let review = call checker
  costs: costs

let ratings = parallel repeat 2 as seat:
  call site_tech
    site: site

let decision = call buyer
  summary: review.summary
  ratings: ratings

return {
  costs: costs,
  decision: decision
}
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # the plural of a key the slot declares, though the pattern returns
        # a key of that plural: the slot's key
        ("The checker never sees the surveyor's costs", "`checker` never receives `surveyor`'s `cost`"),
        ("The checker sees the surveyor's costs but never its rationale",
         "`checker` receives `surveyor`'s `cost`; `checker` never receives `surveyor`'s `rationale`"),
        # a word that names nothing of the pattern
        ("The checker never sees the surveyor's fees", None),
        # what a slot's `ensures:` calls its result, though another slot
        # declares a key of that name: the whole result
        ("The buyer decides from the site technicians' ratings alone", "`buyer` receives only `site_tech`'s output"),
        # each of a slot's results, made from the same: its every call given it
        ("Every quote is made from identical inputs", "every `surveyor` receives the same inputs"),
        ("Every rating is built from the same site", "every `site_tech` receives the same `site`"),
        ("Every rating is checked against the same site", None),
        ("Every rating is checked with the same site", None),
        # no participle of making
        ("Every rating is fine from the same site", None),
    ],
)
def test_words_after_a_possessive_name_what_the_slot_has(sentence: str, canonical: str | None) -> None:
    assert _read_as(QUOTES, sentence) == canonical, sentence


SEATING = """\
---
name: seating
kind: pattern
---

# Seating

Place cards and a sweep of the halls, once the couple approves the chart.

### Description

The couple approves the chart; then a calligrapher letters the place cards
and search crews comb the halls.

### Slots

- `couple`
  - requires: chart
  - ensures: a verdict `{ approved, reason }`
- `calligrapher`
  - requires: chart
  - ensures: place cards
- `search_crew`
  - requires: hall
  - ensures: a sweep report

### Requires

- The caller supplies:
    chart: string -- the seating chart
    halls: string[] -- the halls to sweep
    guest_list: object[] -- every invited guest, with a name and a table
    speaker_notes: string -- the toasts planned
    menu: string -- the menu sheet guests choose from

### Invariants

{invariants}

### Delegation

```prose
let verdict = call couple
  chart: chart
  notes: speaker_notes
  menu: menu
if verdict approves:
  let cards = parallel for guest in guest_list:
    call calligrapher
      chart: chart
      guest: guest
  let sweeps = parallel for hall in halls:
    call search_crew
      hall: hall
  return { cards: cards, sweeps: sweeps }
return { cards: null, sweeps: [] }
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # a verb the prose says one slot does, right after its name: that
        # slot's work, in any form
        ("Place cards are lettered only after the couple approves", "`calligrapher` runs only when `couple` approves"),
        ("No card is lettered unless the couple approves", "`calligrapher` runs only when `couple` approves"),
        # after the plural of its name, the verb as it stands
        ("The halls are combed only after the couple approves", "`search_crew` runs only when `couple` approves"),
        # a verb the prose never says of a slot
        ("Place cards are printed only after the couple approves", None),
        # a list input named for what it holds: the word before names each
        # element, and the list
        ("No calligrapher sees the other guests", "`calligrapher` never receives other `guest_list`"),
        ("The couple never sees the guests", "`couple` never receives `guest_list`"),
        # a name of two words said as a possessive
        ("The calligrapher never sees the speaker's notes", "`calligrapher` never receives `speaker_notes`"),
        ("The couple is given the speakers' notes", "`couple` receives `speaker_notes`"),
        # the one noun the pattern's text puts right after an input's name
        ("The calligrapher never sees the menu sheet", "`calligrapher` never receives `menu`"),
        ("The calligrapher never sees the menu board", None),
    ],
)
def test_the_patterns_own_words_for_work_and_lists(sentence: str, canonical: str | None) -> None:
    assert _read_as(SEATING, sentence) == canonical, sentence


def _read_as(pattern: str, sentence: str) -> str | None:
    """The canonical form a sentence reads as in ``pattern``, None when unread."""
    text = pattern.replace("{invariants}", f"- {sentence}")
    result = compile_text("tests/own.prose.md", text.encode(), render=False)
    assert result.report is not None
    facts = list(result.report.invariants)
    if [f.status for f in facts] == [Status.UNRECOGNIZED]:
        return None
    return "; ".join(e.removeprefix("read as: ") for f in facts for e in f.evidence if e.startswith("read as: "))

def _checked(pattern: str, sentence: str) -> tuple[str | None, Status, tuple[str, ...]]:
    """The canonical form (None when unread), status and evidence of the one
    fact a sentence gives in ``pattern``."""
    text = pattern.replace("{invariants}", f"- {sentence}")
    result = compile_text("tests/own.prose.md", text.encode(), render=False)
    assert result.report is not None
    (fact,) = result.report.invariants
    return fact.read_as or None, fact.status, tuple(fact.evidence)



MOWER_SHOP = """\
---
name: workshop
kind: pattern
---

# Workshop

A mechanic repairs a mower round by round; a tester checks each repair.

### Description

The mechanic repairs the mower, and a tester runs it after every repair.

### Slots

- `mechanic`
  - requires: mower
  - ensures: a repair report
- `tester`
  - requires: mower
  - ensures: a verdict `{ approved, notes }`

### Config

- `max_repairs` (integer, default: 3): most repair rounds

### Requires

- The caller supplies:
    mower: string -- the mower brought in

### Invariants

{invariants}

### Delegation

```prose
repeat {bound} as attempt:
  let report = call mechanic
    mower: mower
    prompt: "Repair the mower."
  let verdict = call tester
    mower: mower
    prompt: "Test number {attempt}: run the mower."
return { report: report }
```
"""


@pytest.mark.parametrize(
    ("bound", "sentence", "status"),
    [
        # rounds named by the verb the description says the mechanic does:
        # the loop around its calls, held to the entry
        ("max_repairs", "Repair rounds are bounded by max_repairs", Status.PROVED),
        ("5", "Repair rounds are bounded by max_repairs", Status.VIOLATED),
        # the count a loop names so, carried in a prompt, tells which one
        ("max_repairs", "The tester is not told which attempt it is running", Status.VIOLATED),
        ("max_repairs", "The mechanic is not told which attempt it is making", Status.PROVED),
    ],
)
def test_the_workshop_rounds_and_their_count(bound: str, sentence: str, status: Status) -> None:
    pattern = MOWER_SHOP.replace("repeat {bound}", f"repeat {bound}")
    assert _checked(pattern, sentence)[1] == status, (bound, sentence)


PAIR = """\
---
name: pair
kind: pattern
---

# Pair

Two profiles, then a ranking.

### Slots

- `measurement`
- `ranker`

### Requires

- The caller supplies:
    first: string -- the first candidate
    second: string -- the second candidate

### Invariants

{invariants}

### Delegation

```prose
let profile_a = call measurement
  candidate: first
let profile_b = call measurement
  candidate: second
let ranking = call ranker
  left: profile_a
  right: profile_b

return {
  ranking: ranking
}
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # locals `x_a` / `x_b` that between them hold every result of one slot
        ("The measurement never sees either profile", "`measurement` never receives another `measurement`'s output"),
        ("The measurement is never given either profile", "`measurement` never receives another `measurement`'s output"),
        # received, "both profiles" needs each of them: every output of
        # the measurement, which "the measurement's output" does not say
        ("The ranker receives both profiles", "`ranker` receives every `measurement` output"),
        ("The ranker is given only the two profiles", "`ranker` receives only every `measurement` output"),
    ],
)
def test_two_locals_that_hold_one_slots_results_are_its_outputs(sentence: str, canonical: str | None) -> None:
    assert _read_as(PAIR, sentence) == canonical, sentence


CHECKERS = """\
---
name: checkers
kind: pattern
---

# Checkers

A plan checked by two checkers, then briefed.

### Slots

- `planner`
- `gas_checker`
- `deco_checker`
- `briefer`

### Requires

```
site: string -- the dive site
```

### Invariants

{invariants}

### Delegation

```prose
let plan = call planner
  site: site
let gas = call gas_checker
  plan: plan
let deco = call deco_checker
  plan: plan
let briefing = call briefer
  plan: plan
return briefing
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical", "statuses"),
    [
        # "either checker's report", of two slots the word names: kept from
        # each of them
        (
            "The briefer never sees either checker's report",
            "`briefer` never receives `deco_checker`'s output; `briefer` never receives `gas_checker`'s output",
            [Status.PROVED, Status.PROVED],
        ),
        (
            "The planner never sees either checker's report",
            "`planner` never receives `deco_checker`'s output; `planner` never receives `gas_checker`'s output",
            [Status.PROVED, Status.PROVED],
        ),
        # received: one of them, which one?
        ("The briefer sees either checker's report", None, [Status.UNRECOGNIZED]),
        ("The briefer is given only either checker's report", None, [Status.UNRECOGNIZED]),
        # of one slot called once
        ("The briefer never sees either planner's report", None, [Status.UNRECOGNIZED]),
    ],
)
def test_either_of_two_slots_one_word_names(sentence: str, canonical: str | None, statuses: list[Status]) -> None:
    assert (_read_as(CHECKERS, sentence), _status_in(CHECKERS, sentence)) == (canonical, statuses), sentence

@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # "only A, never B" where A and B are every slot: "only" and the
        # contrast say the same
        (
            "Only the ranker, never the measurement, sees the first candidate",
            "`ranker` receives `first`; `measurement` never receives `first`",
        ),
        (
            "Only the ranker, not the measurement, is given the second candidate",
            "`ranker` receives `second`; `measurement` never receives `second`",
        ),
        ("Only the ranker, never the measurement, never sees the first candidate", None),
        ("Only the ranker, never the ranker, sees the first candidate", None),
        # "neither party", of a pattern of two slots: each of them
        ("Neither party sees the first candidate", "`measurement` never receives `first`; `ranker` never receives `first`"),
    ],
)
def test_only_one_slot_never_the_other(sentence: str, canonical: str | None) -> None:
    assert _read_as(PAIR, sentence) == canonical, sentence


def _status_in(pattern: str, sentence: str) -> list[Status]:
    text = pattern.replace("{invariants}", f"- {sentence}")
    result = compile_text("tests/own.prose.md", text.encode(), render=False)
    assert result.report is not None
    return [f.status for f in result.report.invariants]


@pytest.mark.parametrize(
    ("pattern", "status"),
    [
        (PAIR, Status.PROVED),
        # one of the two results no longer reaches the ranker
        (PAIR.replace("  right: profile_b\n", ""), Status.VIOLATED),
        # the ranker is given something besides them
        (PAIR.replace("  right: profile_b\n", "  right: profile_b\n  extra: first\n"), Status.PROVED),
    ],
)
def test_both_of_a_slots_results_is_each_of_them(pattern: str, status: Status) -> None:
    assert _status_in(pattern, "The ranker receives both profiles") == [status]
    only = Status.VIOLATED if "extra" in pattern else status
    assert _status_in(pattern, "The ranker is given nothing but the two profiles") == [only]


KEYS_AND_NAMES = """\
---
name: keys-and-names
kind: pattern
---

# Keys and names

A setter fills a grid, a hinter writes hints from its answers, a solver
solves from the hints, and a reviewer writes notes on the attempt.

### Slots

- `setter`
  - requires: theme, grid_size
  - ensures: { grid, answers }
- `hinter`
  - requires: answers
  - ensures: hints
- `solver`
  - requires: grid, hints
  - ensures: a solution
- `reviewer`
  - requires: solution
  - ensures: notes on the attempt

### Config

- `grid_size` (integer, default: 9): side length of the grid

### Requires

- The caller supplies:
    theme: string -- the theme
    answer_key: string -- the expected solution

### Invariants

{invariants}

### Delegation

```prose
let made = call setter
  theme: theme
  grid_size: grid_size

let hints = call hinter
  answers: made.answers

let solution = call solver
  grid: made.grid
  hints: hints

let remarks = call reviewer
  solution: solution

return {
  solution: solution,
  notes: remarks
}
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # a word for a result that is also a key a slot declares: that key
        # of the slot's results ("any result" is what "the result", "the
        # output" say)
        ("The solver never sees the answers", "`solver` never receives `setter`'s `answers`"),
        # one word of an input's name that is also a key the program reads
        # names neither on its own: it is the key, here of the one slot
        # whose `ensures:` declares it
        ("The solver does not receive the grid", "`solver` never receives `setter`'s `grid`"),
        # after a slot's possessive, the noun its ensures calls its result
        # by, although the pattern returns an object with a key of that name
        ("The reviewer's notes are given to the solver", "`solver` receives `reviewer`'s output"),
        # a negated recipient: neither receives it
        (
            "The answer key reaches neither the setter nor the solver",
            "`setter` never receives `answer_key`; `solver` never receives `answer_key`",
        ),
        ("The answer key reaches no solver", "`solver` never receives `answer_key`"),
        ("The answer key is given to neither the setter nor the solver", "`setter` never receives `answer_key`; `solver` never receives `answer_key`"),
        # a negated recipient with a qualifier is not read
        ("The theme reaches neither the hinter nor the solver unchanged", None),
    ],
)
def test_keys_and_names_do_not_stand_for_each_other(sentence: str, canonical: str | None) -> None:
    assert _read_as(KEYS_AND_NAMES, sentence) == canonical, sentence


SLOT_KEYS = """\
---
name: slot-keys
kind: pattern
---

# Slot keys

Takes are graded, cut and released.

### Description

Each take is graded by a tone assessor, who leaves tempo notes; an editor
picks the cuts and a publisher releases them.

### Slots

- `tone_assessor`
  - requires: take
  - ensures: `{ tempo, remarks }`
- `editor`
  - requires: graded takes, style
  - ensures: `{ cuts, reason, tally }`
- `publisher`
  - requires: cuts
  - ensures: a release

### Requires

- The caller supplies:
    takes: string[] -- the recorded takes
    style: string -- the house style
    mix_a: string -- the first mix
    mix_b: string -- the second mix

### Invariants

{invariants}

### Delegation

```prose
let graded = parallel for take in takes:
  let tone_check = call tone_assessor
    take: take
  return {
    tempo: tone_check.tempo,
    remarks: tone_check.remarks
  }

let edit = call editor
  graded: graded
  style: style
  first: mix_a
  second: mix_b

let release = call publisher
  cuts: edit.cuts

return {
  release: release
}
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # a word of one slot's name, or the whole name, before a key it declares
        ("The publisher never sees the tone remarks", "`publisher` never receives `tone_assessor`'s `remarks`"),
        ("The publisher never sees the tone assessor remarks", "`publisher` never receives `tone_assessor`'s `remarks`"),
        ("The editor sees the tone remarks", "`editor` receives `tone_assessor`'s `remarks`"),
        # a key and the slot that made it
        ("The publisher never sees the remarks the tone assessor wrote", "`publisher` never receives `tone_assessor`'s `remarks`"),
        ("The publisher receives only the cuts the editor made", "`publisher` receives only `editor`'s `cuts`"),
        # ... in the passive
        ("The publisher never sees the remarks written by the tone assessor", "`publisher` never receives `tone_assessor`'s `remarks`"),
        ("The publisher never sees the edit produced by the editor", "`publisher` never receives `editor`'s output"),
        ("The publisher never sees the output produced by the editor", "`publisher` never receives `editor`'s output"),
        # earlier calls' results
        ("No tone assessor call sees what earlier rounds found", "`tone_assessor` never receives another `tone_assessor`'s output"),
        ("No tone assessor call sees a verdict from an earlier tone assessor call", "`tone_assessor` never receives another `tone_assessor`'s output"),
        ("No tone assessor call sees a verdict from an earlier editor call", None),
        ("The tone assessor never sees its output from earlier rounds", "`tone_assessor` never receives its previous output"),
        ("The tone assessor sees its own results on earlier calls", "`tone_assessor` receives its previous output"),
        ("The publisher never sees the cuts the editor chose", "`publisher` never receives `editor`'s `cuts`"),
        # a list's other elements, with a word for the list as handed in
        ("The tone assessor never sees the other takes in the queue", "`tone_assessor` never receives other `takes`"),
        ("No tone assessor is shown any other take in the set", "`tone_assessor` never receives other `takes`"),
        # a key only one slot declares, which the program does not read
        ("The publisher never sees the tally", "`publisher` never receives `editor`'s `tally`"),
        # "neither" of a group of two inputs; a word for an input's value
        ("The publisher is shown neither mix", "`publisher` never receives `mix_a`; `publisher` never receives `mix_b`"),
        ("Neither mix's configuration reaches the publisher", "`publisher` never receives `mix_a`; `publisher` never receives `mix_b`"),
        ("The publisher is shown neither style", None),
        ("The editor is given the style configuration", "`editor` receives `style`"),
        # "raw" between an input's possessive and a word for its value
        ("The publisher sees neither mix's raw configuration", "`publisher` never receives `mix_a`; `publisher` never receives `mix_b`"),
        ("The editor is given the style's raw setting", "`editor` receives `style` unchanged"),
        # a key of another slot, or a noun that may be the slot's results
        ("The publisher never sees the remarks the editor wrote", None),
        ("The publisher never sees the tone tempos", None),
        # a declared key before "of" and a slot
        ("The publisher never sees the remarks of the tone assessor", "`publisher` never receives `tone_assessor`'s `remarks`"),
        # the pattern's own noun after a key ("tempo notes")
        ("The publisher never sees the tempo notes", "`publisher` never receives `tone_assessor`'s `tempo`"),
        ("The publisher never sees the tempo sheets", None),
        # "any of", "any part of": kept away, all of it; received, not read
        ("The publisher never sees any part of the editor's output", "`publisher` never receives `editor`'s output"),
        ("The tone assessor never sees any of the house style", "`tone_assessor` never receives `style`"),
        ("The publisher sees any part of the editor's output", None),
        # a list of a key, a key of a whole result, a key after a local
        ("The publisher never sees the editor's list of cuts", "`publisher` never receives `editor`'s `cuts`"),
        ("The publisher never sees the list of remarks", "`publisher` never receives `tone_assessor`'s `remarks`"),
        ("The publisher is given the reason of the editor's output", "`publisher` receives `editor`'s `reason`"),
        ("The publisher never sees the edit reason", "`publisher` never receives `editor`'s `reason`"),
        ("The publisher never sees the list of takes", "`publisher` never receives `takes`"),
        # "raw": what the slot produced, as it produced it
        ("The publisher never sees the raw edit", "`publisher` never receives `editor`'s output"),
        ("The publisher never sees the raw editor output", "`publisher` never receives `editor`'s output"),
        ("The publisher never sees the editor's raw results", "`publisher` never receives `editor`'s output"),
        ("The publisher never sees the original edit", None),
        ("The publisher never sees the editor's raw cuts", None),
        ("The publisher never sees any of the editor's reason", None),
    ],
)
def test_keys_named_with_their_slot(sentence: str, canonical: str | None) -> None:
    assert _read_as(SLOT_KEYS, sentence) == canonical, sentence


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # a local that collects one slot's results, of other calls of it
        ("No reviewer sees the reviews of other runs", "`reviewer` never receives another `reviewer`'s output"),
        ("No reviewer sees the reviews from earlier runs", "`reviewer` never receives another `reviewer`'s output"),
        ("The mapper never sees the reviews of other runs", None),
        # "another review", "the reviews written by another reviewer call":
        # what the slot's other calls made, said of that slot only
        ("No reviewer sees another reviewer's review", "`reviewer` never receives another `reviewer`'s output"),
        ("No reviewer sees the reviews written by another reviewer call", "`reviewer` never receives another `reviewer`'s output"),
        ("Each reviewer sees the reviews written by another reviewer", "`reviewer` receives another `reviewer`'s output"),
        ("The mapper never sees the reviews written by another reviewer", None),
        ("The mapper never sees another reviewer's review", None),
        # why earlier calls failed, or their failures: other calls' outputs
        ("Each reviewer is shown why earlier ones failed", "`reviewer` receives another `reviewer`'s output"),
        ("No reviewer is told why the earlier reviewers failed", "`reviewer` never receives another `reviewer`'s output"),
        ("Each reviewer sees the failures of the earlier ones", "`reviewer` receives another `reviewer`'s output"),
        # of another slot, or with another word: not read
        ("The mapper is shown why earlier reviewers failed", None),
        ("Each reviewer is shown how earlier ones failed", None),
        ("Each reviewer is shown why earlier drafts failed", None),
        # another round's, earlier cycles', or made in earlier rounds: other
        # calls' outputs; "no review round": no call of the reviewer
        ("No reviewer sees the output of another run", "`reviewer` never receives another `reviewer`'s output"),
        ("No reviewer sees the output written in earlier rounds", "`reviewer` never receives another `reviewer`'s output"),
        ("No review round sees the output of another round", "`reviewer` never receives another `reviewer`'s output"),
        # "results", a key of the pattern: that field of another call's
        # result, or its whole output? not read
        ("No reviewer sees the results of another run", None),
        ("No reviewer sees the results written in earlier rounds", None),
        ("Every review round receives the same essays", "every `reviewer` receives the same `essays`"),
        ("No reviewer sees the results written in later rounds", None),
        ("The mapper never sees the reviews of another round", None),
        ("The mapper never sees the reviews written in earlier rounds", None),
    ],
)
def test_a_locals_values_from_other_calls(sentence: str, canonical: str | None) -> None:
    assert _read_as(PATTERN, sentence) == canonical, sentence


SHARED = """\
---
name: shared
kind: pattern
---

# Shared

Two assessors read the record; a registrar decides.

### Slots

- `conservator`
- `insurer`
- `registrar`
  - ensures: a decision `{ decision, reason }`

### Requires

- The caller supplies:
    artwork: object -- the catalogue record of the work
    weather: string -- the current mountain weather report
    dates: string -- the loan valuation

### Invariants

{invariants}

### Delegation

```prose
let condition = call conservator
  artwork: artwork
  dates: dates
let valuation = call insurer
  artwork: artwork
  weather: weather
  dates: dates
let decision = call registrar
  condition: condition
  valuation: valuation

return {
  decision: decision
}
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # an input's name and the noun its description calls it by
        ("The conservator receives the artwork record unchanged", "`conservator` receives `artwork` unchanged"),
        ("The insurer sees the weather report", "`insurer` receives `weather`"),
        ("The registrar never sees the artwork record", "`registrar` never receives `artwork`"),
        # not a noun the description does not use, nor one that names
        # something else of the pattern (`valuation`)
        ("The insurer sees the weather forecast", None),
        ("The registrar sees the dates valuation", None),
        # "and so does": the second subject receives it too (a modal says
        # what may be, not what is)
        (
            "The conservator sees the dates, and so does the insurer",
            "`conservator` receives `dates`; `insurer` receives `dates`",
        ),
        (
            "The insurer is given the artwork, and so is the conservator",
            "`insurer` receives `artwork`; `conservator` receives `artwork`",
        ),
        (
            "The conservator sees the dates, and so does the insurer, but the registrar does not",
            "`conservator` receives `dates`; `insurer` receives `dates`; `registrar` never receives `dates`",
        ),
        ("The conservator sees the dates, and so may the insurer", None),
        ("The conservator sees the dates, and also does the insurer", None),
        ("The insurer never sees the dates, and so does the registrar", None),
        ("The conservator sees only the dates, and so does the insurer", None),
        # the clause before, said again of another subject: "and so does",
        # "and ... too", "and ... sees it too", with its qualifier; only
        # after a clause that says what is received, and "it" of one thing
        (
            "The conservator receives the artwork unchanged, and so does the insurer",
            "`conservator` receives `artwork` unchanged; `insurer` receives `artwork` unchanged",
        ),
        (
            "The artwork reaches the conservator unchanged, and the insurer too",
            "`conservator` receives `artwork` unchanged; `insurer` receives `artwork` unchanged",
        ),
        (
            "The conservator sees the dates, and the insurer sees them too",
            "`conservator` receives `dates`; `insurer` receives `dates`",
        ),
        ("The conservator sees the dates and the artwork, and the insurer sees it too", None),
        (
            "The conservator receives the artwork, as does the insurer",
            "`conservator` receives `artwork`; `insurer` receives `artwork`",
        ),
        (
            "The conservator receives the artwork; so does the insurer",
            "`conservator` receives `artwork`; `insurer` receives `artwork`",
        ),
        ("The conservator receives the artwork, as may the insurer", None),
        ("The conservator never sees the weather; so does the insurer", None),
        ("The conservator never sees the weather, and the registrar too", None),
        ("The weather is withheld from the conservator, and the registrar too", None),
        ("The conservator sees only the dates, and the insurer too", None),
        ("The conservator sees the dates, and no registrar too", None),
        # "and the registrar as well" after "sees": the registrar sees them
        # too, or the conservator sees the registrar's decision too?
        ("The conservator sees the dates, and the registrar as well", None),
        # the verb left out: what the clause before says of its subject
        # (receives, or never does; its qualifier its own), of another
        # subject and other values; a count of calls, after a plain count
        (
            "The conservator receives the artwork unchanged, and the insurer the weather",
            "`conservator` receives `artwork` unchanged; `insurer` receives `weather`",
        ),
        (
            "The conservator never sees the weather, and the registrar the dates",
            "`conservator` never receives `weather`; `registrar` never receives `dates`",
        ),
        ("The conservator sees only the dates, and the insurer the weather", None),
        # (what the slot left without its verb is given has an article:
        # "the conservator outputs" are the conservator's outputs)
        (
            "The registrar sees the dates as well as the conservator outputs",
            "`registrar` receives `dates` and `conservator`'s output",
        ),
        ("The conservator never sees the weather, and the registrar the dates unchanged", None),
        ("The conservator is called once, and the insurer the dates", None),
        (
            "The conservator is called once, and the insurer exactly once",
            "`conservator` is called once; `insurer` is called exactly once",
        ),
        ("The conservator is called at most once, and the insurer once", None),
        ("The conservator is called exactly once, and the insurer once", None),
        ("The conservator sees the dates, and the insurer exactly once", None),
        # a list of slots closed by "all", and "all three roles": each of them
        (
            "The conservator, the insurer and the registrar all see the artwork",
            "`conservator` receives `artwork`; `insurer` receives `artwork`; `registrar` receives `artwork`",
        ),
        (
            # ("all three": each of their calls)
            "All three roles receive the artwork",
            "`conservator` always receives `artwork`; `insurer` always receives `artwork`; `registrar` always receives `artwork`",
        ),
        ("All two roles receive the artwork", None),
        ("All four roles receive the artwork", None),
        # "both", of one slot called once: not as many slots as said
        ("Both insurers receive the artwork", None),
        # what is received, with its qualifier, and what is not: "though
        # not" as "but not"
        (
            "The conservator receives the artwork unchanged, but never the weather",
            "`conservator` receives `artwork` unchanged; `conservator` never receives `weather`",
        ),
        (
            "The insurer is shown the dates, though not the artwork",
            "`insurer` receives `dates`; `insurer` never receives `artwork`",
        ),
        ("The insurer is shown the dates, though the artwork", None),
        # "yet" as "but"; "not yet", "has yet to" say nothing read
        (
            "The conservator sees the dates, yet never the weather",
            "`conservator` receives `dates`; `conservator` never receives `weather`",
        ),
        (
            "The conservator sees the dates, yet the insurer does not",
            "`conservator` receives `dates`; `insurer` never receives `dates`",
        ),
        ("The conservator is not yet given the dates", None),
        # what the clause's subject never receives, the verb left out: only
        # after a clause that says what it is given
        (
            "The conservator receives the artwork unchanged, and never the weather",
            "`conservator` receives `artwork` unchanged; `conservator` never receives `weather`",
        ),
        ("The conservator is called once, and never the weather", None),
        # (a slot named after the negation: its output, or a slot not given it?)
        (
            "The weather reaches the insurer and no registrar",
            "`insurer` receives `weather`; `registrar` never receives `weather`",
        ),
        ("The conservator has yet to see the dates", None),
        # several recipients, and no one else
        (
            "The dates are passed to the conservator as well as to the insurer",
            "`conservator` receives `dates`; `insurer` receives `dates`",
        ),
        (
            "The weather reaches the insurer and nobody else",
            "`insurer` receives `weather`; `conservator` never receives `weather`; `registrar` never receives `weather`",
        ),
        (
            "The weather reaches the insurer and no other role",
            "`insurer` receives `weather`; `conservator` never receives `weather`; `registrar` never receives `weather`",
        ),
        ("The weather reaches the insurer and other roles", None),
        ("The weather never reaches the insurer and nobody else", None),
        ("The dates are never passed to the conservator as well as to the insurer", None),
        # every slot but one: the others receive it, that one never does
        (
            "The artwork is passed to every role except the registrar",
            "`conservator` receives `artwork`; `insurer` receives `artwork`; `registrar` never receives `artwork`",
        ),
        (
            "The weather is withheld from everyone except the insurer",
            "`insurer` receives `weather`; `conservator` never receives `weather`; `registrar` never receives `weather`",
        ),
        ("The weather is withheld from someone except the insurer", None),
        (
            "The dates are passed to everyone except the registrar",
            "`conservator` receives `dates`; `insurer` receives `dates`; `registrar` never receives `dates`",
        ),
        # "no role except": the one slot receives it, the others never do
        (
            "The artwork is passed to no role except the registrar",
            "`registrar` receives `artwork`; `conservator` never receives `artwork`; `insurer` never receives `artwork`",
        ),
        ("The artwork is never passed to every role except the registrar", None),
        # "no one but", "nobody but", "none of the roles except", "except
        # for A, no slot": as "no slot except A"
        (
            "No one but the insurer sees the weather",
            "`insurer` receives `weather`; `conservator` never receives `weather`; `registrar` never receives `weather`",
        ),
        (
            "Nobody except the insurer and the registrar is ever given the dates",
            "`insurer` receives `dates`; `registrar` receives `dates`; `conservator` never receives `dates`",
        ),
        (
            "The weather reaches no one but the insurer",
            "`insurer` receives `weather`; `conservator` never receives `weather`; `registrar` never receives `weather`",
        ),
        (
            "None of the roles except the insurer ever sees the weather",
            "`insurer` receives `weather`; `conservator` never receives `weather`; `registrar` never receives `weather`",
        ),
        (
            "Nobody but the conservator and the insurer is given the dates",
            "`conservator` receives `dates`; `insurer` receives `dates`; `registrar` never receives `dates`",
        ),
        (
            "No role but the insurer ever sees the weather",
            "`insurer` receives `weather`; `conservator` never receives `weather`; `registrar` never receives `weather`",
        ),
        (
            "Except for the insurer, no slot sees the weather",
            "`insurer` receives `weather`; `conservator` never receives `weather`; `registrar` never receives `weather`",
        ),
        (
            "The weather is not passed to anyone except the insurer",
            "`insurer` receives `weather`; `conservator` never receives `weather`; `registrar` never receives `weather`",
        ),
        (
            "None of the roles except the insurer sees the weather",
            "`insurer` receives `weather`; `conservator` never receives `weather`; `registrar` never receives `weather`",
        ),
        ("No one but the insurer never sees the weather", None),
        ("No one but the insurer may see the weather", None),
        ("The weather reaches everyone but the insurer", None),
        # (the insurer, called once, never receives its own output: the
        # sentence says nothing of it)
        (
            "No one but the registrar sees the insurer's output",
            "`registrar` receives `insurer`'s output; `conservator` never receives `insurer`'s output",
        ),
        ("Everyone but the insurer sees the weather", None),
        ("Someone but the insurer sees the weather", None),
        ("No one but the insurer is not given the weather", None),
        ("No one but the insurer sees only the weather", None),
        ("The weather never reaches no one but the insurer", None),
        # more of what the subject receives, after a qualifier: "unchanged"
        # is the first object's
        (
            "The conservator receives the artwork unchanged, and the dates as well",
            "`conservator` receives `artwork` unchanged; `conservator` receives `dates`",
        ),
        ("The conservator receives the artwork, and the dates too", "`conservator` receives `artwork` and `dates`"),
        ("The conservator never receives the artwork, and the dates as well", None),
        ("The conservator sees only the artwork, and the dates as well", None),
        # (a slot named bare is the subject of "too", not what is received)
        (
            "The conservator receives the artwork unchanged, and the insurer as well",
            "`conservator` receives `artwork` unchanged; `insurer` receives `artwork` unchanged",
        ),
        # the verb said again by "does", denied: "but B never does", "and
        # neither does B"
        (
            "The conservator sees the dates, but the registrar never does",
            "`conservator` receives `dates`; `registrar` never receives `dates`",
        ),
        ("The conservator sees the dates, but the registrar never may", None),
        ("The conservator never sees the dates, but the registrar never does", None),
        (
            "The registrar never sees the weather, and neither does the conservator",
            "`registrar` never receives `weather`; `conservator` never receives `weather`",
        ),
        (
            "The registrar never sees the weather, nor does the conservator",
            "`registrar` never receives `weather`; `conservator` never receives `weather`",
        ),
        ("The registrar sees the weather, and neither does the conservator", None),
        ("The registrar never sees the weather, and neither may the conservator", None),
        # "only A, never B" with a third slot: kept from it too, or only
        # from B?
        ("Only the insurer, never the registrar, sees the weather", None),
        # "each", "each one": each call of the subject before
        (
            "The conservator sees the dates, and each is told the weather",
            "`conservator` receives `dates`; `conservator` receives `weather`",
        ),
        (
            "The conservator sees the dates; each one is told the weather",
            "`conservator` receives `dates`; `conservator` receives `weather`",
        ),
        ("The conservator sees the dates, and every is told the weather", None),
        ("Each is told the weather", None),
        # "and nothing from" a slot: its output, kept away
        (
            "The conservator sees the dates and nothing from the insurer",
            "`conservator` receives `dates`; `conservator` never receives `insurer`'s output",
        ),
        ("The conservator never sees the dates and nothing from the insurer", None),
        ("The conservator sees the dates and something from the insurer", None),
        # "kept from both A and B": from each ("never sees both" may let
        # one of them through)
        (
            "The registrar is kept from both the weather and the dates",
            "`registrar` never receives `weather`; `registrar` never receives `dates`",
        ),
        ("The registrar never sees both the weather and the dates", None),
        # "kept from A but not from B": B is given it
        (
            "The weather is kept from the registrar but not from the insurer",
            "`registrar` never receives `weather`; `insurer` receives `weather`",
        ),
        ("The weather is not kept from the registrar but not from the insurer", None),
        # a list of slots that starts with "every"
        ("Every conservator and the insurer see the dates", "`conservator` receives `dates`; `insurer` receives `dates`"),
        ("Every conservator and no insurer see the dates", None),
        # "neither party": two of the slots, which of three?
        ("Neither party sees the weather", None),
        ("Neither of the parties sees the weather", None),
    ],
)
def test_what_several_slots_share(sentence: str, canonical: str | None) -> None:
    assert _read_as(SHARED, sentence) == canonical, sentence


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # one element a call, and the verb left out: none of the others
        (
            "Each mapper sees a single chunk and nothing of the other chunks",
            "each `mapper` receives exactly one `chunks`; `mapper` never receives other `chunks`",
        ),
        ("Each mapper is called once, and nothing of the other chunks", None),
        ("No mapper sees a single chunk and nothing of the other chunks", None),
    ],
)
def test_what_a_call_is_not_given_after_what_it_is(sentence: str, canonical: str | None) -> None:
    assert _read_as(PATTERN, sentence) == canonical, sentence


TURNS = """\
---
name: turns
kind: pattern
---

# Turns

Reviewers take turns; a chair rules on their reviews.

### Slots

- `reviewer`
- `chair`
- `moderator`

### Requires

```
post: string -- the reported post
```

### Invariants

{invariants}

### Delegation

```prose
let reviews = []
repeat 3:
  let review = call reviewer
    post: post
    earlier: reviews
  append review to reviews
let ruling = call chair
  reviews: reviews
let note = call moderator
  ruling: ruling
return { ruling: ruling, note: note }
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # "every review", of `review` that holds each reviewer result and
        # `reviews` it is appended to: every reviewer output
        ("The chair sees every review", "`chair` receives every `reviewer` output"),
        ("The moderator sees every review", "`moderator` receives every `reviewer` output"),
        # kept away, "every" may allow some of them; a slot called in a loop
        # may be given one of them a call
        ("The chair never sees every review", None),
        ("Each reviewer sees every review", None),
    ],
)
def test_every_value_of_a_local_that_holds_each_result(sentence: str, canonical: str | None) -> None:
    # (whether a list appended to in a loop holds every result is not
    # something the analysis counts: read, and left unsettled)
    assert _checked(TURNS, sentence)[0] == canonical, sentence


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # "the reviews", of a list that starts empty and is appended every
        # reviewer result: received by a slot called once, every output it
        # gathered, as a list that collects them is
        ("The chair sees the reviews", "`chair` receives every `reviewer` output", Status.PROVED),
        ("The chair is given only the reviews", "`chair` receives only every `reviewer` output", Status.PROVED),
        ("The moderator is given the reviews", "`moderator` receives every `reviewer` output", Status.VIOLATED),
        # kept away, any of them
        ("The moderator never sees the reviews", "`moderator` never receives `reviewer`'s output", Status.PROVED),
        ("The chair never sees the reviews", "`chair` never receives `reviewer`'s output", Status.VIOLATED),
    ],
)
def test_a_list_appended_one_slots_results_is_its_every_output(sentence: str, canonical: str, status: Status) -> None:
    read_as, got, evidence = _checked(TURNS, sentence)
    assert read_as == canonical, sentence
    assert got == status, evidence


CHECKS = """\
---
name: checks
kind: pattern
---

# Checks

Two checks on the applicants, then a decision.

### Slots

- `credit_checker`
- `reference_caller`
- `landlord`

### Requires

```
applicants: string[] -- the applications
```

### Invariants

{invariants}

### Delegation

```prose
let credit = call credit_checker
  applicants: applicants
let references = call reference_caller
  applicants: applicants
let choice = call landlord
  credit: credit
  references: references
return { choice: choice }
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        ("The credit checker receives the applicants unchanged", "`credit_checker` receives `applicants` unchanged"),
        # "both checkers" names two, and the one slot whose name ends in
        # "checker" is called once: which other is meant is not said
        ("Both checkers receive the applicants unchanged", None),
        ("The two checkers receive the applicants", None),
    ],
)
def test_a_count_of_slots_that_names_one_slot_called_once_is_not_read(sentence: str, canonical: str | None) -> None:
    assert _checked(CHECKS, sentence)[0] == canonical, sentence


DRAFTS = """\
---
name: drafts
kind: pattern
---

# Drafts

Claims drafted and examined, round after round.

### Slots

- `drafter`
- `examiner`

### Requires

```
invention_disclosure: string -- the disclosure
prior_art: string -- the references
```

### Invariants

{invariants}

### Delegation

```prose
repeat 3 as round:
  let draft = call drafter
    disclosure: invention_disclosure
    round: round
    prompt: "Draft claims for {invention_disclosure}."
  let review = call examiner
    claims: draft
    references: prior_art
    context: { art: prior_art, round: round }
return { draft: draft }
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # the input `invention_disclosure` is passed under one key, as it
        # is, and no other key carries it but in a text: said in the key's
        # words, the argument under that key; in the input's, the input
        ("Every drafter call receives the same disclosure", "every `drafter` receives the same `disclosure`", Status.PROVED),
        ("Every drafter call receives the same invention disclosure", "every `drafter` receives the same `invention_disclosure`", Status.PROVED),
        ("The drafter always receives the same disclosure", "every `drafter` receives the same `disclosure`", Status.PROVED),
        ("The drafters receive different disclosures", "it is not the case that every `drafter` receives the same `disclosure`", Status.VIOLATED),
        ("Every drafter call receives the same round", "every `drafter` receives the same `round`", Status.VIOLATED),
        # `prior_art` is also carried in a record beside the round: named by
        # the input, as before; what the record carries of it is the same in
        # every round, the round beside it is no part of the prior art
        ("Every examiner call receives the same prior art", "every `examiner` receives the same `prior_art`", Status.PROVED),
        ("Every examiner call receives the same inputs", "every `examiner` receives the same inputs", Status.VIOLATED),
    ],
)
def test_the_same_value_is_the_argument_that_passes_it_as_it_is(sentence: str, canonical: str, status: Status) -> None:
    read_as, got, evidence = _checked(DRAFTS, sentence)
    assert read_as == canonical, sentence
    assert got == status, evidence


def test_a_record_that_holds_another_element_each_round_varies() -> None:
    # the record holds the element the round picks: the prior art it carries
    # changes from round to round
    pattern = DRAFTS.replace("prior_art: string -- the references", "prior_art: string[] -- the references")
    pattern = pattern.replace("    references: prior_art\n", "    references: \"the list\"\n")
    pattern = pattern.replace("context: { art: prior_art, round: round }", "context: { art: prior_art[round] }")
    read_as, got, evidence = _checked(pattern, "Every examiner call receives the same prior art")
    assert read_as == "every `examiner` receives the same `prior_art`"
    assert got == Status.VIOLATED, evidence


APPENDED_REPORTS = """\
---
name: staged
kind: pattern
---

# Staged

Each essay reviewed in turn; a chair rules on the staged reports.

### Slots

- `reviewer`
- `chair`

### Requires

```
essays: string[] -- the essays
```

### Invariants

{invariants}

### Delegation

```prose
let staged_reports = []
for essay in essays:
  let report = call reviewer
    essay: essay
  append report to staged_reports
let ruling = call chair
  reports: staged_reports
return { ruling: ruling }
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # "every staged report", of a list that starts empty and is appended
        # every reviewer result: each of them
        ("The chair receives every staged report", "`chair` receives every `reviewer` output", Status.PROVED),
        ("The chair is passed all the staged reports", "`chair` receives every `reviewer` output", Status.PROVED),
        ("The chair never sees the staged reports", "`chair` never receives `reviewer`'s output", Status.VIOLATED),
        # kept away, "every" may allow some; a slot called in a loop may be
        # given one a call
        ("The chair never sees every staged report", None, Status.UNRECOGNIZED),
        ("Each reviewer sees every staged report", None, Status.UNRECOGNIZED),
    ],
)
def test_every_element_of_a_list_appended_one_slots_results(sentence: str, canonical: str | None, status: Status) -> None:
    read_as, got, evidence = _checked(APPENDED_REPORTS, sentence)
    assert read_as == canonical, sentence
    assert got == status, evidence


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # "what the planner produced" is the planner's output, a thing: not
        # knowing it is not being given it
        ("The executor never learns what the planner produced", "`executor` never receives `planner`'s output"),
        ("The executor is never told what the planner found", "`executor` never receives `planner`'s output"),
        ("The executor does not know what the planner produced", "`executor` never receives `planner`'s output"),
    ],
)
def test_what_a_slot_made_is_a_thing(sentence: str, canonical: str | None) -> None:
    assert _read_as(PATTERN, sentence) == canonical, sentence


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # what an input says is the input's value; what it "produced" is
        # nothing an input does
        ("The executor is told what the goal says", "`executor` receives `goal`"),
        ("The executor is never told what the goal says", "`executor` never receives `goal`"),
        ("The executor is told what the goal produced", None),
        ("The verifier sees what the executor quoted", "`verifier` receives `executor`'s output"),
        ("The verifier never sees what the executor quoted", "`verifier` never receives `executor`'s output"),
        # "A and B both ...": each of the two
        ("The planner and the executor both see the goal", "`planner` receives `goal`; `executor` receives `goal`"),
        (
            "The planner and the executor both never see the answer key",
            "`planner` never receives `answer_key`; `executor` never receives `answer_key`",
        ),
    ],
)
def test_what_an_input_says_and_two_subjects_both(sentence: str, canonical: str | None) -> None:
    assert _read_as(PATTERN, sentence) == canonical, sentence


HYPHENS = """\
---
name: hyphens
kind: pattern
---

# Hyphens

A name of three words, two of which a sentence may hyphenate.

### Slots

- `referee`
- `press_officer`

### Requires

```
on_field_call: string -- the call made on the field
clip: string -- the replay
```

### Invariants

{invariants}

### Delegation

```prose
let ruling = call referee
  call: on_field_call
  clip: clip
let note = call press_officer
  ruling: ruling
return { ruling: ruling, note: note }
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # "on-field" is one word of the sentence and two of the name
        ("The referee is told the on-field call", "`referee` receives `on_field_call`"),
        ("The press officer never learns the on-field call", "`press_officer` never receives `on_field_call`"),
        ("The press officer never learns the on-field clip", None),
    ],
)
def test_a_hyphenated_compound_in_a_name(sentence: str, canonical: str | None) -> None:
    assert _read_as(HYPHENS, sentence) == canonical, sentence


ROUNDS = """\
---
name: rounds
kind: pattern
---

# Rounds

A tutor that teaches lesson after lesson.

### Slots

- `intake`
- `explainer`
- `quizmaster`
- `specialist`
- `grader`

### Requires

```
topic: string -- what is taught
profile: string -- who learns it
max_lessons: number -- (optional, default 3)
```

### Invariants

{invariants}

### Delegation

```prose
let summary = call intake
  topic: topic
let notes = call grader
  summary: summary
let feedback = null
loop (max: max_lessons) as lesson:
  let explanation = call explainer
    topic: topic
    profile: profile
    summary: summary
  let quiz = call quizmaster
    topic: topic
    lesson: lesson
    warm_up: topic
  parallel:
    let first = call specialist
      summary: summary
      notes: notes
    let second = call specialist
      summary: summary
      notes: notes
  feedback = call grader
    work: quiz
return feedback
```
"""

#: the same, with a second loop
ROUNDS_AND_A_REPEAT = ROUNDS.replace("return feedback", "repeat 2:\n  call intake\n    topic: topic\nreturn feedback")
#: the same, with a loop inside the loop: "every lesson" says nothing of its rounds
NESTED = ROUNDS.replace("  parallel:\n", "  parallel for view in [1, 2]:\n")


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # the delegation's one loop, named by its variable
        ("The explainer receives identical inputs in every lesson", "every `explainer` receives the same inputs"),
        ("In each lesson, the explainer is given the same topic", "every `explainer` receives the same `topic`"),
        ("The quizmaster receives the same topic lesson after lesson", "every `quizmaster` receives the same `topic`"),
        ("Across lessons the quizmaster always gets the same topic", "every `quizmaster` receives the same `topic`"),
        ("The explainer's inputs never change from one lesson to the next", "every `explainer` receives the same inputs"),
        ("In every lesson the explainer is given the profile as-is", "`explainer` always receives `profile` unchanged"),
        ("The explainer gets the profile unchanged lesson after lesson", "`explainer` receives `profile` unchanged"),
        # a slot called outside the loop too: its other calls are no lesson's
        ("The grader receives identical inputs in every lesson", None),
        ("In every lesson the grader is given the summary unchanged", None),
        # a receives claim said of every lesson, and words that name no loop
        ("In every lesson the explainer is given the profile", None),
        ("The explainer receives identical inputs in every topic", None),
        ("The explainer receives identical inputs from one lesson to another lesson", None),
        # passive "all given": the passive of "all receive"
        ("The specialists are all given identical inputs", "every `specialist` receives the same inputs"),
        ("The specialists are each handed the same summary", "every `specialist` receives the same `summary`"),
        # a key with two words, written with a hyphen
        ("The quizmaster receives the same warm-up lesson after lesson", "every `quizmaster` receives the same `warm_up`"),
        # a local named with the slot whose every result it holds
        ("Every specialist is given the same intake summary", "every `specialist` receives the same `summary`"),
        ("Every specialist is given the same explainer summary", None),
    ],
)
def test_the_rounds_of_the_one_loop(sentence: str, canonical: str | None) -> None:
    assert _read_as(ROUNDS, sentence) == canonical, sentence


@pytest.mark.parametrize(
    "sentence",
    [
        "The explainer receives identical inputs in every lesson",
        "In every lesson the explainer is given the profile as-is",
        "The explainer's inputs never change from one lesson to the next",
    ],
)
def test_a_loop_named_among_several_is_not_read(sentence: str) -> None:
    assert _read_as(ROUNDS_AND_A_REPEAT, sentence) is None, sentence
    assert _read_as(NESTED, sentence) is None, sentence
    assert _read_as(NESTED, sentence.replace("explainer", "specialist")) is None, sentence


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        ("No mapper call is given a different mapper output", "`mapper` never receives another `mapper`'s output"),
        ("No reviewer sees another reviewer's output", "`reviewer` never receives another `reviewer`'s output"),
        # another call of a slot the sentence is not about: not the
        # subject's other calls
        ("Every mapper call is given a different planner output", None),
        ("No mapper sees another reviewer's output", None),
        # "different" alone: the denial of "the same"
        ("The handlers receive different tickets", "it is not the case that every `handler` receives the same `ticket`"),
        ("The handlers receive slightly different tickets", None),
        ("The handlers receive new tickets", None),
        # "nothing about" a call: none of its inputs
        ("Nothing about a verifier call changes from round to round", "every `verifier` receives the same inputs"),
        ("Nothing about a verifier call changes", None),
    ],
)
def test_another_call_is_of_the_slot_named(sentence: str, canonical: str | None) -> None:
    assert _read_as(PATTERN, sentence) == canonical, sentence


GATED_FIELDS = """\
---
name: gated-fields
kind: pattern
---

# Gated fields

A drafter writes, a reviewer approves or not.

### Slots

- `drafter`
  - requires: brief
  - ensures: `{ text, notes }`
- `reviewer`
  - requires: text
  - ensures: a verdict

### Requires

- The caller supplies:
    brief: string -- what to write

### Invariants

{invariants}

### Delegation

```prose
let draft = call drafter
  brief: brief
let verdict = call reviewer
  text: draft.text
if verdict approves:
  return { text: draft.text, notes: draft.notes }
return { text: null, notes: verdict }
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # a slot's fields returned on a path named before or after them
        ("On approval the drafter's text is returned", "on approval, `drafter`'s `text` is returned"),
        ("The drafter's notes are returned when the reviewer approves", "when `reviewer` approves, `drafter`'s `notes` is returned"),
        ("On success, the drafter's text and notes are returned", "on success, `drafter`'s `text` and `notes` is returned"),
        # a negation or a limit no rule of the path reads
        ("On approval the drafter's text is never returned", None),
        ("Unless the reviewer approves, the drafter's text is returned", None),
        ("On approval only the drafter's text is returned", None),
        # "its" after the slot that blocks is that slot
        ("When the reviewer does not approve, its notes are returned", "`reviewer`'s `notes` is returned when `reviewer` blocks"),
        ("When the reviewer blocks, its notes are never returned", None),
        ("When the pattern blocks, its notes are returned", None),
        # a verdict that says no; a value that comes back to the caller
        ("When the reviewer says no, its notes come back to the caller", "`reviewer`'s `notes` is returned when `reviewer` blocks"),
        ("When the reviewer says yes, its notes come back to the caller", None),
        ("When the reviewer blocks, the reviewer's notes come back", "`reviewer`'s `notes` is returned when `reviewer` blocks"),
        ("When the reviewer blocks, its notes return", None),
        ("The text given to the caller always comes from the drafter", "the returned `text` always comes from `drafter`"),
        # a slot's latest output, returned in the active voice or "from" it
        ("The pattern returns the drafter's latest result", "`drafter`'s latest output is returned"),
        ("The latest result from the drafter is returned", "`drafter`'s latest output is returned"),
        ("The pattern never returns the drafter's latest result", None),
        ("The pattern returns the drafter's previous result", None),
    ],
)
def test_a_slots_fields_returned_on_a_path(sentence: str, canonical: str | None) -> None:
    assert _read_as(GATED_FIELDS, sentence) == canonical, sentence


AUDITED = """\
---
name: audited
kind: pattern
---

# Audited

A change checked for style and audited side by side, merged on approval.

### Slots

- `style_checker`
- `auditor`
- `merger`
- `screener`
- `registrar`

### Requires

```
diff: string -- the change
claim: string -- what is registered
```

### Invariants

{invariants}

### Delegation

```prose
parallel:
  let notes = call style_checker
    diff: diff
  let audit = call auditor
    diff: diff
if audit approves the change:
  let merged = call merger
    diff: diff
    notes: notes
  let screening = call screener
    claim: claim
  if screening explicitly proceeds:
    call registrar
      claim: claim
  return merged
return null
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # the activity a slot is named for, as a noun, is that slot: "the
        # audit" of an auditor, "the screening" of a screener
        ("The change is merged only if the audit approves it", "`merger` runs only when `auditor` approves", Status.PROVED),
        ("The change is never merged unless the audit approves it", "`merger` runs only when `auditor` approves", Status.PROVED),
        ("The claim is registered only if the screening approves it", "`registrar` runs only when `screener` approves", Status.PROVED),
        ("An audit verdict that cannot be parsed never lets the change through", "unreadable `auditor` output blocks delegation", Status.ENFORCED),
        # "holds the claim": the delegation after it waits
        ("An unreadable screening verdict holds the claim", "unreadable `screener` output blocks delegation", Status.ENFORCED),
        # denied, and other forms of the verb, which are no noun for it
        ("The change is merged even if the audit does not approve it", None, Status.UNRECOGNIZED),
        ("The change is merged only if the audited approves it", None, Status.UNRECOGNIZED),
        ("The change is merged only if the audits approve it", None, Status.UNRECOGNIZED),
        # the action gated on its own slot
        ("The change is merged only if the merging approves it", None, Status.UNRECOGNIZED),
        # the condition said first
        ("Without the auditor's approval, nothing is merged", "`merger` runs only when `auditor` approves", Status.PROVED),
        ("Unless the auditor approves, nothing is merged", "`merger` runs only when `auditor` approves", Status.PROVED),
        ("Without the auditor's approval, everything is merged", None, Status.UNRECOGNIZED),
        ("With the auditor's approval, nothing is merged", None, Status.UNRECOGNIZED),
        ("Without the auditor's approval, nothing is not merged", None, Status.UNRECOGNIZED),
    ],
)
def test_an_approval_by_the_activity_a_slot_is_named_for(sentence: str, canonical: str | None, status: Status) -> None:
    assert _read_as(AUDITED, sentence) == canonical, sentence
    text = AUDITED.replace("{invariants}", f"- {sentence}")
    result = compile_text("tests/own.prose.md", text.encode(), render=False)
    assert result.report is not None
    assert [f.status for f in result.report.invariants] == [status], sentence


def test_a_parallel_branch_written_before_the_approver_is_not_after_its_verdict() -> None:
    """A `parallel:` block is no loop: the style checker runs alongside the
    auditor, not after its verdict, and fail-safe does not ask it to wait."""
    text = AUDITED.replace("{invariants}", "- Unreadable auditor output blocks the delegation")
    result = compile_text("tests/own.prose.md", text.encode(), render=False)
    assert result.report is not None
    assert [f.status for f in result.report.invariants] == [Status.ENFORCED]
    looped = text.replace("parallel:\n", "repeat 2:\n")
    result = compile_text("tests/own.prose.md", looped.encode(), render=False)
    assert result.report is not None
    assert [f.status for f in result.report.invariants] == [Status.VIOLATED]


LEDGER = """\
---
name: ledger
kind: pattern
---

# Ledger

A clerk quotes round after round, and every quote is kept.

### Slots

- `clerk`

### Requires

```
job: string -- what is quoted
```

### Invariants

{invariants}

### Delegation

```prose
let history = []
let current = []
repeat 3:
  let score = call clerk
    job: job
    history: history
  append score to history
  current = [score]
return history
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # words before a list's local that name nothing of the pattern's
        # describe that list
        ("The quote history only grows", "`history` only grows"),
        ("The quote history is only ever appended to", "`history` only grows"),
        # "the list of" a local and a noun for what it holds
        ("The list of history scores only grows", "`history` only grows"),
        ("The list of history scores is append-only", "`history` only grows"),
        ("The list of current scores only grows", "`current` only grows"),
        # a local that holds no list names no such list
        ("The list of score entries only grows", None),
        ("The working copy `current` is only ever appended to", "`current` only grows"),
        ("The quote history is cleared after every round", "it is not the case that `history` only grows"),
        # a word that is a local's name is no description, but a local
        # appended to the list is what goes into it: the history of scores
        ("The score history only grows", "`history` only grows"),
        ("The quote history does not only grow", None),
        # a word for a list, of no name: `current` is a list too
        ("The log only grows", None),
        # what the list holds, by a noun of its own, never removed from it
        ("Past figures are never removed from the history", "`history` only grows"),
        ("Past figures are removed from the history", None),
        ("Past figures are sometimes removed from the history", None),
        ("Figures are only ever added to the history queue, never taken out of it", "`history` only grows"),
        ("Figures are only ever added to the history queue, never taken off it", "`history` only grows"),
        ("Past figures are only ever added to the history, never taken off it", "`history` only grows"),
        ("Figures are added to the history queue", None),
        # the list said again after what is never done to it
        ("The history is only ever added to, never taken off the list", "`history` only grows"),
        ("The history is only ever added to, and taken off the list", None),
        ("Nobody is ever removed from the history", "`history` only grows"),
        ("Somebody is removed from the history", None),
        # the one list only a slot's results are appended to
        ("The clerk's results only accumulate", "`history` only grows"),
        ("The clerk's results are cleared between rounds", "it is not the case that `history` only grows"),
        # once in the list, never taken out (again)
        ("Once a figure is in the history it is never taken out again", "`history` only grows"),
        ("Once a figure is in the history it is never taken out twice", None),
        ("Once a figure is in the history it is taken out again", None),
        # the list said again, by its elements
        ("The history only grows; no round's result is removed or replaced", "`history` only grows"),
        ("No round's result is removed or replaced", None),
        ("The history only grows: each round is appended and nothing is removed", "`history` only grows"),
        # never reset at such a time; reset at it, denied
        ("The history is never reset between rounds", "`history` only grows"),
        ("The history is reset between rounds", "it is not the case that `history` only grows"),
        # growing "only ever", "monotonically"
        ("The history only ever accumulates", "`history` only grows"),
        ("The history grows monotonically", "`history` only grows"),
        ("The history does not grow monotonically", None),
        # each list named, or said again with "and so does"
        ("The history and `current` only accumulate", "`history` only grows; `current` only grows"),
        ("The history, `current` and the score only grow", "`history` only grows; `current` only grows; `score` only grows"),
        ("Both the history and `current` are append-only", "`history` only grows; `current` only grows"),
        ("The history grows monotonically, and so does `current`", "`history` only grows; `current` only grows"),
        ("The history and `current` are appended and never removed", "`history` only grows; `current` only grows"),
        ("The history and `current` are appended and removed", None),
        ("The history and `current` do not only grow", None),
        ("The history grows monotonically, and thus does `current`", None),
        ("The history grows, and so does `current`", None),
        # a list appended to, named with a noun for what each round adds
        ("History rounds only accumulate", "`history` only grows"),
        ("Score rounds are appended and never removed", None),
        # what is kept, by its fate, appended and never removed
        ("Failed quotes are only ever appended to the history, never removed", "`history` only grows"),
        ("Rejected quotes are recorded and never dropped from the history", "`history` only grows"),
        ("Failed quotes are recorded and dropped from the history", None),
        ("Failed quotes are removed from the history", None),
    ],
)
def test_a_list_named_with_words_before_its_local(sentence: str, canonical: str | None) -> None:
    assert _read_as(LEDGER, sentence) == canonical, sentence


STAGED = """\
---
name: staged
kind: pattern
---

# Staged

A clerk notes each essay twice; each essay's notes are kept in a list of their own.

### Slots

- `clerk`

### Requires

```
essays: string[] -- what is noted
```

### Invariants

{invariants}

### Delegation

```prose
let all = []
for essay in essays:
  let notes = []
  repeat 2:
    let note = call clerk
      essay: essay
    append note to notes
  append notes to all
return all
```
"""


@pytest.mark.parametrize(
    ("pattern", "sentence", "canonical", "status"),
    [
        # a list made anew each time round a loop: each copy only grows
        (STAGED, "Each notes list only grows", "each `notes` list only grows", Status.PROVED),
        (STAGED, "Each clerk's list of notes only grows", "each `notes` list only grows", Status.PROVED),
        # said plainly: each copy, or the local across rounds, which each
        # round empties? Not settled
        (STAGED, "The notes list only grows", "`notes` only grows", Status.UNRECOGNIZED),
        # a copy emptied inside its loop
        (STAGED.replace("    append note to notes\n", "    append note to notes\n    notes = []\n"), "Each notes list only grows", "each `notes` list only grows", Status.VIOLATED),
        # of a local bound once, the same as the list
        (LEDGER, "Each history list only grows", "each `history` list only grows", Status.PROVED),
        (LEDGER, "Every clerk's list of history only grows", "each `history` list only grows", Status.PROVED),
        (LEDGER, "Each current list only grows", "each `current` list only grows", Status.VIOLATED),
        # not the slot's list, no word for a list, or the growth negated
        (LEDGER, "Each clerk's list of current only grows", None, Status.UNRECOGNIZED),
        (LEDGER, "Each clerk's copy of history only grows", None, Status.UNRECOGNIZED),
        (STAGED, "Each notes list does not only grow", None, Status.UNRECOGNIZED),
        (STAGED, "Each notes list never grows", None, Status.UNRECOGNIZED),
    ],
)
def test_each_list_a_local_holds(pattern: str, sentence: str, canonical: str | None, status: Status) -> None:
    read_as, got, _ = _checked(pattern, sentence)
    assert (read_as or None, got) == (canonical, status), sentence


EDITS = """\
---
name: edits
kind: pattern
---

# Edits

A cutter tightens a text in passes; listeners then react to it.

### Slots

- `cutter`
- `listener`

### Config

- `cut_rounds` (integer, default: 2): number of editing passes
- `panel_size` (integer, default: 3): listeners per pass

### Requires

```
text: string -- what is cut
```

### Invariants

{invariants}

### Delegation

```prose
let cut = text
repeat cut_rounds:
  let cut = call cutter
    text: cut
repeat panel_size:
  let note = call listener
    text: cut
return { text: cut }
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # the word the bound's own description puts before its noun for
        # rounds ("number of editing passes") names the loop it bounds
        ("The editing loop is bounded by cut_rounds", "the loop is bounded by `cut_rounds`", Status.PROVED),
        ("The number of editings is bounded by cut_rounds", "the loop is bounded by `cut_rounds`", Status.PROVED),
        ("The editing loop is not bounded by cut_rounds", "it is not the case that the loop is bounded by `cut_rounds`", Status.VIOLATED),
        # another bound's, or a word the description does not use
        ("The editing loop is bounded by panel_size", None, Status.UNRECOGNIZED),
        ("The number of edits is bounded by cut_rounds", None, Status.UNRECOGNIZED),
        ("The polishing loop is bounded by cut_rounds", None, Status.UNRECOGNIZED),
        # the action of a slot the loop calls: that slot's loop, as before
        ("The cutting loop is bounded by cut_rounds", "the `cutter` loop is bounded by `cut_rounds`", Status.PROVED),
    ],
)
def test_a_loop_named_by_its_bounds_description(sentence: str, canonical: str | None, status: Status) -> None:
    read_as, got, _ = _checked(EDITS, sentence)
    assert (read_as or None, got) == (canonical, status), sentence


@pytest.mark.parametrize(
    ("sentence", "status"),
    [
        # an input said to arrive changed: the denial of "unchanged",
        # violated where it is proved to arrive as given
        ("The target receives a rewritten brief", Status.VIOLATED),
        ("The target receives a rewritten version of the brief", Status.VIOLATED),
        ("The target is given a reworded brief rather than the original", Status.VIOLATED),
        ("The target is given the brief in a modified form", Status.VIOLATED),
        ("The target receives the brief only in a reworded form, never as written", Status.VIOLATED),
        ("No target receives the brief in its original form", Status.VIOLATED),
    ],
)
def test_an_input_said_to_arrive_changed_denies_unchanged(sentence: str, status: Status) -> None:
    facts, _ = facts_for(sentence)
    assert [f.status for f in facts] == [status], [(f.status, f.evidence) for f in facts]
    assert [f.kind for f in facts] == ["unchanged"]
    assert all(f.params.get("denied") is True for f in facts)


@pytest.mark.parametrize(
    "sentence",
    [
        # denied again, or said of what is not an input
        "It is not the case that the target receives a rewritten brief",
        "The target receives a rewritten version of the guard's output",
        "Nothing receives the brief in its original form",
    ],
)
def test_a_changed_input_not_read(sentence: str) -> None:
    assert reading(sentence) is None, sentence


CERTIFIED = AUDITED.replace("- `registrar`", "- `registrar`\n- `certifier`").replace(
    "  return merged\n", "  let seal = call certifier\n    claim: claim\n  if seal approves:\n    return merged\n"
)


@pytest.mark.parametrize(
    ("pattern", "sentence", "canonical"),
    [
        # the noun of a slot named for approving is its approval
        (CERTIFIED, "An unreadable certifier verdict never counts as certification", "unreadable `certifier` output never counts as approval"),
        # of another slot, or of one whose work is no approval: not read
        (CERTIFIED, "An unreadable auditor verdict never counts as certification", None),
        (AUDITED, "An unreadable auditor verdict never counts as an audit", None),
        (AUDITED, "An unreadable screener verdict never counts as screening", None),
    ],
)
def test_counted_as_the_approval_said_by_its_activity(pattern: str, sentence: str, canonical: str | None) -> None:
    assert _read_as(pattern, sentence) == canonical, sentence


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # "sent out": dispatched, a slot's call
        ("The merger is sent out only when the auditor approves", "`merger` runs only when `auditor` approves"),
        ("The merger is never sent out unless the auditor approves", "`merger` runs only when `auditor` approves"),
        ("The merger is sent out even when the auditor does not approve", "it is not the case that `merger` runs only when `auditor` approves"),
        ("The diff is sent out to the merger", None),
    ],
)
def test_a_slot_sent_out(sentence: str, canonical: str | None) -> None:
    assert _read_as(AUDITED, sentence) == canonical, sentence


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # rounds named by what the bound counts
        ("The tutoring runs for at most max_lessons lessons", "the loop is bounded by `max_lessons`"),
        ("The tutoring loop runs for no more than max_lessons lessons", "the loop is bounded by `max_lessons`"),
        # by another noun: which rounds is not said
        ("The tutoring runs for at most max_lessons quizzes", None),
        ("The tutoring runs for at least max_lessons lessons", None),
    ],
)
def test_rounds_named_by_what_the_bound_counts(sentence: str, canonical: str | None) -> None:
    assert _read_as(ROUNDS, sentence) == canonical, sentence


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # "at once" on the success path: every attempt of the slot named
        ("On success the verifier's output is returned immediately", "on success, `verifier`'s output is returned immediately"),
        ("On success the verifier's output is never returned immediately", None),
        ("When the rounds run out, the verifier's output is returned at once", None),
        # a choice made by the maker is its output
        ("The result returned is picked by the verifier", "the result comes from `verifier`"),
        ("The result returned wins by the verifier", None),
        ("The result returned is never picked by the verifier", None),
        # a list handled by the slot its verb is named for, in order
        ("Chunks are mapped one at a time, in chunk order", "`mapper` runs in order over `chunks`"),
        ("Chunks are not mapped one at a time", None),
        ("Chunks are reviewed one at a time", None),
        ("Essays are mapped one at a time", None),
        # handed out, or handled with any verb, one at a time: the one slot
        # a loop over the list calls
        ("Chunks are given one at a time, in chunk order", "`mapper` runs in order over `chunks`"),
        ("Chunks are observed one at a time", "`mapper` runs in order over `chunks`"),
        ("Chunks are never observed one at a time", None),
        ("Chunks are quickly one at a time", None),
        ("The brief is given one at a time", None),
        # working in parallel, set against an order: the order denied
        ("The stages work in parallel, not one after another", "it is not the case that `stages` runs in order"),
        ("The reviewers read the essays in parallel rather than in sequence", "it is not the case that `reviewer` runs in order over `essays`"),
        ("The stages work in private, not one after another", None),
        ("The stages work in parallel, one after another", None),
        # working at the same time, said alone: the order denied
        ("The stages run in parallel", "it is not the case that `stages` runs in order"),
        ("All stages run concurrently", "it is not the case that `stages` runs in order"),
        ("The stages are all tried at once", "it is not the case that `stages` runs in order"),
        ("Chunks are mapped in parallel", "it is not the case that `mapper` runs in order over `chunks`"),
        # never at the same time: of a slot sequence, whose delegates only
        # a `for` over it calls, that loop sequential; of one slot, which
        # list its calls walk is not said
        ("The stages never run in parallel", "`stages` runs in order"),
        ("The stages are never run concurrently", "`stages` runs in order"),
        ("The stages are never tried simultaneously", "`stages` runs in order"),
        ("The mapper never runs in parallel", None),
        ("Chunks are never mapped in parallel", None),
        ("The stages never run quickly", None),
        ("The stages never run immediately", None),
        ("No stage ever runs in parallel", None),
        # said again after the order
        ("The mapper visits the chunks one at a time, never in parallel", "`mapper` runs in order over `chunks`"),
        ("The stages run one after another, not in parallel", "`stages` runs in order"),
        ("The stages run one after another, in parallel", None),
        ("The stages run one after another, never in private", None),
        ("The stages run in parallel by default", None),
        ("The stages run quickly", None),
        ("The stages are tried at once", None),
        ("Chunks are mapped at once", None),
        ("The stages are not run in their declared order", "it is not the case that `stages` runs in order"),
        ("The stages are run in their declared order", "`stages` runs in order"),
        # a verb of what each call does, before the order
        ("The stages visit in their declared order", "`stages` runs in order"),
        ("The stages usually in their declared order", None),
        # every round tried without success: the loop ran out
        ("When every round has been tried without success, the verifier's output is returned", "after exhaustion, the result comes from `verifier`"),
        ("When every round has been tried with success, the verifier's output is returned", None),
        # an input returned under a key
        ("The result returned is the original brief", "`brief` is returned as `result`"),
        ("The result returned is never the brief", None),
        # "only S produces the result": nothing else is returned as it
        ("Only the verifier produces the final result", "the result is produced only by `verifier`"),
        ("Only the verifier argues the final result", None),
        # "what gets returned as", "returned straight from"
        ("The verifier's output is what gets returned as the result", "the result comes from `verifier`"),
        ("The verifier's output is never what gets returned as the result", None),
        ("The result is returned straight from the verifier", "the result comes from `verifier`"),
        ("The result is returned later from the verifier", None),
        ("The result is never returned straight from the verifier", None),
    ],
)
def test_returns_and_orders_said_of_attempts_choices_and_parallel_work(sentence: str, canonical: str | None) -> None:
    assert _read_as(PATTERN, sentence) == canonical, sentence


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # at most once ("no chunk ... twice") and at least once ("none is
        # skipped"): exactly once
        ("No chunk is mapped twice and none is left out", "each `chunks` is handled by exactly one `mapper`"),
        ("No chunk is mapped more than once, and none is ever skipped", "each `chunks` is handled by exactly one `mapper`"),
        ("No chunk is given to more than one mapper, and none is skipped", "each `chunks` is given to exactly one `mapper`"),
        ("No chunk is sent to the mapper twice, and none is skipped", "each `chunks` is given to exactly one `mapper`"),
        ("Each chunk is sent to the mapper exactly once", "each `chunks` is given to exactly one `mapper`"),
        # at most once alone, or "once", or something else skipped: not exactly once
        ("No chunk is mapped twice", None),
        ("No chunk is given to more than one mapper", None),
        ("No chunk reaches more than one mapper", None),
        ("No chunk is mapped once and none is left out", None),
        ("No chunk is mapped twice and some are left out", None),
        ("No chunk is sent to the mapper three times, and none is skipped", None),
        ("Each chunk is sent to the mapper exactly twice", None),
        # a call configured from exactly one element is given it
        ("Every mapper call is configured from exactly one chunk", "each `mapper` receives exactly one `chunks`"),
        ("Every mapper call is configured with exactly two chunks", None),
        ("Every mapper call is listed with exactly one chunk", None),
    ],
)
def test_at_most_once_and_none_skipped_is_exactly_once(sentence: str, canonical: str | None) -> None:
    assert _read_as(PATTERN, sentence) == canonical, sentence


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # delegates that "go out" are run
        ("The stages go out one after another", "`stages` runs in order"),
        ("The target goes out only when the guard approves", "`target` runs only when `guard` approves"),
        ("The stages do not go out one after another", None),
        # "following the order of" a list is "in the order of" it
        ("Mappers run one at a time, following the order of the chunks", "`mapper` runs in order over `chunks`"),
        ("Mappers run one at a time, following chunk order", "`mapper` runs in order over `chunks`"),
        ("Mappers do not run one at a time, following chunk order", None),
        ("Mappers run one at a time, subsequent chunk order", None),
    ],
)
def test_delegates_that_go_out_run_and_orders_followed(sentence: str, canonical: str | None) -> None:
    assert _read_as(PATTERN, sentence) == canonical, sentence


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # a verb the reader does not know, of what the slot's call does
        ("The target announces only when the guard approves", "`target` runs only when `guard` approves", Status.PROVED),
        ("The verifier announces only when the guard approves", "`verifier` runs only when `guard` approves", Status.VIOLATED),
        ("The target files only once the guard has approved the brief", "`target` runs only when `guard` approves", Status.PROVED),
        ("The target speaks only after the guard's approval", "`target` runs only when `guard` approves", Status.PROVED),
        ("The target decides only after the guard's approval", "`target` runs only when `guard` approves", Status.PROVED),
        # "only" before the verb, and what the call does after it
        ("The target only announces once the guard approves", "`target` runs only when `guard` approves", Status.PROVED),
        ("The target only writes the answer after the guard approves", "`target` runs only when `guard` approves", Status.PROVED),
        ("The verifier only writes the answer after the guard approves", "`verifier` runs only when `guard` approves", Status.VIOLATED),
        ("The target only files a note once the guard has explicitly given the go-ahead", "`target` runs only when `guard` approves", Status.PROVED),
        ("The target runs only when the guard says to proceed", "`target` runs only when `guard` approves", Status.PROVED),
        ("The target is only called once the guard signs off on its verdict", "`target` runs only when `guard` approves", Status.PROVED),
        ("The target only announces once the guard does not approve", None, Status.UNRECOGNIZED),
        ("The target only waits once the guard approves", None, Status.UNRECOGNIZED),
        # the approval negated, or no "only": not read
        ("The target announces only when the guard does not approve", None, Status.UNRECOGNIZED),
        ("The target announces when the guard approves", None, Status.UNRECOGNIZED),
        ("The target announces even when the guard does not approve", None, Status.UNRECOGNIZED),
        # a verb of waiting or ending says when something stops, not when the slot runs
        ("The target waits only when the guard approves", None, Status.UNRECOGNIZED),
        ("The target continues only when the guard approves", None, Status.UNRECOGNIZED),
        ("The target usually only when the guard approves", None, Status.UNRECOGNIZED),
    ],
)
def test_a_slots_own_verb_only_on_an_approval(sentence: str, canonical: str | None, status: Status) -> None:
    read_as, got, _ = _checked(PATTERN, sentence)
    assert (read_as or None, got) == (canonical, status), sentence


@pytest.mark.parametrize(
    ("sentence", "canonical", "statuses"),
    [
        # what a slot receives, "but only after" an approval: each call is
        # given it, and made only on the approval
        (
            "The target receives the brief, but only after the guard approves",
            "`target` receives `brief`; `target` runs only when `guard` approves",
            [Status.PROVED, Status.PROVED],
        ),
        (
            "The actor receives the brief only if the guard approves",
            "`actor` receives `brief`; `actor` runs only when `guard` approves",
            [Status.PROVED, Status.VIOLATED],
        ),
        ("The target never receives the brief, but only after the guard approves", None, [Status.UNRECOGNIZED]),
        ("The target receives the brief, but not only after the guard approves", None, [Status.UNRECOGNIZED]),
        ("The target receives the brief, but only after the guard does not approve", None, [Status.UNRECOGNIZED]),
    ],
)
def test_what_a_slot_receives_only_after_an_approval(sentence: str, canonical: str | None, statuses: list[Status]) -> None:
    assert (_read_as(PATTERN, sentence), _status_in(PATTERN, sentence)) == (canonical, statuses), sentence


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # the action of a slot named for it, blocked: that slot's calls
        ("Unreadable guard output blocks the targeting", "unreadable `guard` output keeps `target` from running", Status.ENFORCED),
        ("Unreadable guard output blocks planning", "unreadable `guard` output keeps `planner` from running", Status.VIOLATED),
        ("Unreadable guard output holds the execution", "unreadable `guard` output keeps `executor` from running", Status.VIOLATED),
        # a word of no slot: the delegation after the verdict
        ("Unreadable guard output blocks the run", "unreadable `guard` output blocks delegation", Status.VIOLATED),
        ("Unreadable guard output never blocks planning", None, Status.UNRECOGNIZED),
    ],
)
def test_an_unreadable_verdict_blocks_a_slots_action(sentence: str, canonical: str | None, status: Status) -> None:
    read_as, got, _ = _checked(PATTERN, sentence)
    assert (read_as or None, got) == (canonical, status), sentence


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # a quote is what a delegate makes: after its possessive, its result
        ("The result returned is the verifier's quote", "the result comes from `verifier`"),
        ("The result returned is the verifier's latest quote", "the result is `verifier`'s latest output"),
        ("The result returned is never the verifier's quote", None),
        # "assembled by" is made by
        ("The final result is assembled by the verifier", "the result comes from `verifier`"),
        ("The final result is assembled only by the verifier", "the result is produced only by `verifier`"),
        ("The final result is never assembled by the verifier", None),
    ],
)
def test_words_for_what_a_delegate_makes(sentence: str, canonical: str | None) -> None:
    assert _read_as(PATTERN, sentence) == canonical, sentence


REFINE = """\
---
name: refine
kind: pattern
---

# Refine

A draft refined round after round.

### Slots

- `summarizer`
- `refiner`

### Requires

```
brief: string -- the task
max_rounds: number -- (optional, default 3)
```

### Invariants

{invariants}

### Delegation

```prose
let summary = call summarizer
  brief: brief
let draft = null
repeat max_rounds:
  let draft = call refiner
    summary: summary
return draft
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # rounds named by the activity of a slot called in the bound's loop
        # are that loop's rounds, not the slot's calls
        ("The number of refinement rounds never exceeds max_rounds", "the loop is bounded by `max_rounds`"),
        ("The refinement rounds are bounded by max_rounds", "the loop is bounded by `max_rounds`"),
        ("The number of refinement rounds exceeds max_rounds", None),
        # the slot's own name: its calls
        ("The number of refiner calls never exceeds max_rounds", "`refiner` is called at most `max_rounds` times"),
        # an activity the bound's loop does not hold: which rounds?
        ("The summarization rounds are bounded by max_rounds", None),
    ],
)
def test_rounds_named_by_a_slots_activity_are_its_loops(sentence: str, canonical: str | None) -> None:
    assert _read_as(REFINE, sentence) == canonical, sentence


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # "an earlier review", of a local `review` that holds every result
        # of the refiner (a word that is also any delegate's result): the
        # refiner's earlier outputs, as "the review" is its output
        ("No refiner call sees an earlier review", "`refiner` never receives its previous output"),
        ("The refiner is shown earlier reviews", "`refiner` receives its previous output"),
        # of another slot: earlier rounds, or earlier than the call? not read
        ("The summarizer never sees an earlier review", None),
    ],
)
def test_an_earlier_value_of_a_local_that_holds_one_slots_results(sentence: str, canonical: str | None) -> None:
    assert _read_as(REFINE.replace("draft", "review"), sentence) == canonical, sentence


@pytest.mark.parametrize(
    ("pattern", "sentence", "canonical"),
    [
        # what the rounds make names the pattern's one loop, said of its rounds
        (REFINE, "The work runs for at most max_rounds rounds", "the loop is bounded by `max_rounds`"),
        (REFINE.replace("max_rounds", "rounds"), "The work runs for at most `rounds` rounds", "the loop is bounded by `rounds`"),
        (REFINE, "The work runs for more than max_rounds rounds", None),
        (REFINE, "The work runs for at most max_rounds drafts", None),
        (REFINE.replace("max_rounds", "rounds"), "The work runs for at most `rounds` brief", None),
        # one of several loops: which?
        (PATTERN, "The work runs for at most `max_rounds` rounds", None),
    ],
)
def test_the_work_of_the_one_loop_runs_for_its_rounds(pattern: str, sentence: str, canonical: str | None) -> None:
    assert _read_as(pattern, sentence) == canonical, sentence


PER = """\
---
name: per
kind: pattern
---

# Per

Readers predict each corpus from the other, in two directions.

### Slots

- `reader`
- `analyst`

### Requires

```
corpus_a: string -- one corpus
corpus_b: string -- the other
readers_per_direction: number -- (optional, default 3)
```

### Invariants

{invariants}

### Delegation

```prose
let forward = repeat readers_per_direction:
  call reader
    corpus: corpus_a
let backward = repeat readers_per_direction:
  call reader
    corpus: corpus_b
let result = call analyst
  forward: forward
  backward: backward
return result
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # a bound named "X per Y", said of the Xs in each Y
        ("The number of readers in each direction is bounded by readers_per_direction", "the loop is bounded by `readers_per_direction`"),
        ("Each direction runs no more than readers_per_direction readers", "the loop is bounded by `readers_per_direction`"),
        ("The number of readers in each direction exceeds readers_per_direction", None),
        ("Each direction runs more than readers_per_direction readers", None),
        # per something else, or of something else: not the bound's own count
        ("The number of readers in each corpus is bounded by readers_per_direction", None),
        ("Each direction runs no more than readers_per_direction analysts", None),
        ("The number of analysts in each direction is bounded by readers_per_direction", None),
    ],
)
def test_a_bound_per_something_said_of_each(sentence: str, canonical: str | None) -> None:
    assert _read_as(PER, sentence) == canonical, sentence


HIVES = """\
---
name: hives
kind: pattern
---

# Hives

Each hive is inspected, then a keeper sums the reports up.

### Slots

- `inspector`
  - requires: hive
  - ensures: an inspection report
- `keeper`
  - requires: reports
  - ensures: a summary

### Requires

```
hives: string[] -- the hives to inspect
```

### Invariants

{invariants}

### Delegation

```prose
let reports = parallel for hive in hives:
  call inspector
    hive: hive
let summary = call keeper
  reports: reports
return summary
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # exactly one of what a slot makes, from it: one of its calls
        ("Every hive gets exactly one inspection report from the inspector", "each `hives` is given to exactly one `inspector`"),
        ("Every hive gets exactly one report from the inspector", "each `hives` is given to exactly one `inspector`"),
        ("Every hive gets exactly two reports from the inspector", None),
        ("Every hive gets exactly one summary from the inspector", None),
        ("Every hive gets exactly one honey report from the inspector", None),
        ("Every hive gets exactly one inspection report from the keeper", None),
    ],
)
def test_exactly_one_of_what_a_slot_makes(sentence: str, canonical: str | None) -> None:
    assert _read_as(HIVES, sentence) == canonical, sentence


TENDER = """\
---
name: tender
kind: pattern
---

# Tender

Bids are judged blind.

### Slots

- `vendor`
- `evaluator`
- `auditor`

### Requires

```
incumbent: string -- the current supplier
client_name: string -- who asked for the tender
budget: number -- what the client can pay
```

### Invariants

{invariants}

### Delegation

```prose
let bid = call vendor
  budget: budget
let score = call evaluator
  bid: bid
let audit = call auditor
  score: score
  incumbent: incumbent
  client: client_name
return { score: score, audit: audit }
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # "who X is", X an input's own name or the name of an input for
        # that person's name or id: that input, received or kept away
        ("The evaluator is not told who the incumbent is", "`evaluator` never receives `incumbent`"),
        ("Neither the vendor nor the evaluator is told who the incumbent is",
         "`vendor` never receives `incumbent`; `evaluator` never receives `incumbent`"),
        ("The evaluator does not know who the client is", "`evaluator` never receives `client_name`"),
        ("The evaluator is kept unaware of who the client is", "`evaluator` never receives `client_name`"),
        ("No vendor is told who the client is", "`vendor` never receives `client_name`"),
        ("The auditor is told who the incumbent is", "`auditor` receives `incumbent`"),
        ("The auditor is told who the client is", "`auditor` receives `client_name`"),
        # no input names the person, or more follows than "is"
        ("The evaluator is not told who the supplier is", None),
        ("The evaluator is not told who the incumbent picked", None),
        ("The evaluator is not told who wrote the bid", None),
    ],
)
def test_who_someone_is_is_the_input_naming_them(sentence: str, canonical: str | None) -> None:
    assert _read_as(TENDER, sentence) == canonical, sentence


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # an input named in one word, whose existence is kept from a slot:
        # nothing it is given names that word (the input's name included)
        ("The evaluator is unaware of the budget", "`evaluator` does not know about budget"),
        ("The evaluator does not know there is a budget", "`evaluator` does not know about budget"),
        ("The evaluator does not know about the budget", "`evaluator` does not know about budget"),
        # a thing not known is not a fact: "does not know the budget" is
        # never being given it; an input of two words is not one word a
        # prompt could name
        ("The evaluator does not know the budget", "`evaluator` never receives `budget`"),
        ("The evaluator is unaware of the client name", None),
    ],
)
def test_an_input_a_slot_is_unaware_of(sentence: str, canonical: str | None) -> None:
    assert _read_as(TENDER, sentence) == canonical, sentence


def test_unaware_of_an_input_is_violated_when_the_input_reaches_the_slot() -> None:
    text = TENDER.replace("{invariants}", "- The vendor is unaware of the budget\n- The evaluator is unaware of the budget")
    result = compile_text("tests/own.prose.md", text.encode(), render=False)
    assert result.report is not None
    assert [f.status for f in result.report.invariants] == [Status.VIOLATED, Status.PROVED]


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # "none" alone: none of the previous clause's subject
        ("Reviewers work independently; none sees another's output",
         "`reviewer` never receives another `reviewer`'s output"),
        ("The reviewers see the essays; none sees the brief",
         "`reviewer` receives `essays`; `reviewer` never receives `brief`"),
        ("None sees the brief", None),
        # "another's" fields: those of another call of the subject
        ("No reviewer sees another's notes", "`reviewer` never receives another `reviewer`'s `notes`"),
        # "a sibling reviewer's report": another call of the subject's slot
        ("No reviewer ever sees a sibling reviewer's output", "`reviewer` never receives another `reviewer`'s output"),
        ("Each reviewer sees a sibling reviewer's output", "`reviewer` receives another `reviewer`'s output"),
        ("The auditor never sees a sibling reviewer's output", None),
        # shown to one slot and to none of a group
        ("The style guide is shown to the auditor but to none of the reviewers",
         "`auditor` receives `style_guide`; `reviewer` never receives `style_guide`"),
        ("The style guide is shown to the auditor and to none of the reviewers",
         "`auditor` receives `style_guide`; `reviewer` never receives `style_guide`"),
        ("The style guide is shown to the auditor but to all of the reviewers", None),
        # "nothing the X produced is ever passed to": as without "ever"
        ("Nothing the planner produced is ever passed to the verifier", "`verifier` never receives `planner`'s output"),
        ("Something the planner produced is ever passed to the verifier", None),
        # "nothing ... ever reaches": as without "ever"
        ("Nothing the planner produced ever reaches the verifier", "`verifier` never receives `planner`'s output"),
        ("Nothing from the planner ever reaches the verifier", "`verifier` never receives `planner`'s output"),
        ("Something from the planner ever reaches the verifier", None),
    ],
)
def test_none_of_the_subject_and_none_of_a_group(sentence: str, canonical: str | None) -> None:
    assert _read_as(PATTERN, sentence) == canonical, sentence


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # "earlier X", of a local that holds the subject's own results: its
        # earlier outputs, as "its own earlier X" is
        ("The explainer never sees earlier explanations", "`explainer` never receives its previous output"),
        ("The explainer never sees its own earlier explanations", "`explainer` never receives its previous output"),
        ("The explainer sees earlier explanations", "`explainer` receives its previous output"),
        # the owner after the noun: "an earlier explanation of its own"
        ("The explainer never sees an earlier explanation of its own", "`explainer` never receives its previous output"),
        ("The explainer never sees an earlier output of its own", "`explainer` never receives its previous output"),
        ("The explainer sees an earlier explanation of its own", "`explainer` receives its previous output"),
        # of another slot's local: earlier rounds, or earlier than the call?
        ("The quizmaster never sees earlier explanations", None),
    ],
)
def test_earlier_values_of_the_subjects_own_local(sentence: str, canonical: str | None) -> None:
    assert _read_as(ROUNDS, sentence) == canonical, sentence


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # one call's work kept from the slot's other calls, said of the work
        ("One reviewer's output is never shown to another", "`reviewer` never receives another `reviewer`'s output"),
        ("A reviewer's output is never shown to another reviewer", "`reviewer` never receives another `reviewer`'s output"),
        ("No reviewer's output is shown to another reviewer", "`reviewer` never receives another `reviewer`'s output"),
        ("Each reviewer's output is hidden from the other reviewers", "`reviewer` never receives another `reviewer`'s output"),
        ("One mapper's output never reaches another", "`mapper` never receives another `mapper`'s output"),
        ("A reviewer's output is never shown to the reviewers of the other essays",
         "`reviewer` never receives another `reviewer`'s output"),
        # positive; "another" alone (another delegate?); a slot called once;
        # a list the slot does not walk; another slot's calls
        ("One reviewer's output is shown to another", None),
        ("A reviewer's output is never shown to another", None),
        ("One planner's output is never shown to another", None),
        ("A reviewer's output is never shown to the reviewers of the other chunks", None),
        ("One reviewer's output is never shown to another mapper", None),
    ],
)
def test_one_calls_work_kept_from_the_others(sentence: str, canonical: str | None) -> None:
    assert _read_as(PATTERN, sentence) == canonical, sentence


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # "no review", "no audit": no call of the slot the action is named for
        ("No review sees the brief", "`reviewer` never receives `brief`"),
        ("No audit sees the plan", "`auditor` never receives `planner`'s output"),
        ("No verification is shown the goal", "`verifier` never receives `goal`"),
        # "every review": each call; "the review", alone, may be the work
        # as a whole, and is not read as the slot's calls
        ("Every review sees the brief", "`reviewer` receives `brief`"),
        ("The review sees the brief", None),
    ],
)
def test_no_action_is_no_call_of_its_slot(sentence: str, canonical: str | None) -> None:
    assert _read_as(PATTERN, sentence) == canonical, sentence


@pytest.mark.parametrize(
    ("pattern", "sentence", "canonical"),
    [
        # "no round of the explainer", "no explainer call": none of the calls
        # the noun names, as "every round of the explainer" names them all
        (ROUNDS, "No round of the explainer sees its own earlier explanations",
         "`explainer` never receives its previous output"),
        (ROUNDS, "No explainer call sees the topic", "`explainer` never receives `topic`"),
        (ROUNDS, "Every round of the explainer sees the topic", "`explainer` always receives `topic`"),
        # the calls of loops that call several delegates: which ones?
        (ROUNDS, "No round sees the profile", None),
        (ROUNDS, "No attempt sees anything produced by earlier attempts", None),
    ],
)
def test_no_call_named_by_a_noun_for_calls(pattern: str, sentence: str, canonical: str | None) -> None:
    assert _read_as(pattern, sentence) == canonical, sentence


#: one slot called in a loop, another outside it
ONE_LOOPED = """\
---
name: one-looped
kind: pattern
---

# One looped

A drafter retried, then an editor.

### Slots

- `drafter`
- `editor`

### Requires

```
brief: string -- the task
max_tries: number -- (optional, default 3)
```

### Invariants

{invariants}

### Delegation

```prose
let draft = null
repeat max_tries:
  draft = call drafter
    brief: brief
let final = call editor
  draft: draft
return final
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # a noun for the loop's rounds: the calls of the one slot it calls
        ("No attempt sees the brief", "`drafter` never receives `brief`"),
        ("No drafter call sees the brief", "`drafter` never receives `brief`"),
        # "no call", "no slot", "no member": of any delegate, or the loop's?
        ("No call sees the brief", None),
        ("No slot sees the brief", None),
        ("No member sees the brief", None),
    ],
)
def test_no_round_of_the_loop_and_no_call_at_all(sentence: str, canonical: str | None) -> None:
    assert _read_as(ONE_LOOPED, sentence) == canonical, sentence


@pytest.mark.parametrize(
    ("pattern", "sentence", "canonical"),
    [
        # what the rounds before made, said by the rounds' noun: the other
        # calls' output of the one delegate the loops call; kept from the
        # later rounds, from the later calls
        (ONE_LOOPED, "Earlier attempts' results are hidden from later attempts",
         "later `drafter` never receives another `drafter`'s output"),
        (ONE_LOOPED, "Later attempts never see earlier attempts' results",
         "later `drafter` never receives another `drafter`'s output"),
        (ONE_LOOPED, "The drafter never sees an earlier attempt's result", "`drafter` never receives another `drafter`'s output"),
        (ONE_LOOPED, "Later attempts see earlier attempts' results", "later `drafter` receives another `drafter`'s output"),
        # said of a slot the loops do not call; of loops that call several
        # delegates; a word for the result that names a local it does not
        # hold alone
        (ONE_LOOPED, "The editor never sees an earlier attempt's result", None),
        (ROUNDS, "The explainer never sees an earlier round's result", None),
        (ROUNDS, "Later rounds never see earlier rounds' results", None),
        (ONE_LOOPED, "The drafter never sees an earlier round's draft", None),
    ],
)
def test_earlier_rounds_results_kept_from_later_rounds(pattern: str, sentence: str, canonical: str | None) -> None:
    assert _read_as(pattern, sentence) == canonical, sentence


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # what was made on the other elements of the list the slot is
        # called on one by one: its other calls' output
        ("No reviewer sees the reviews written for other essays", "`reviewer` never receives another `reviewer`'s output"),
        ("No reviewer sees another essay's results", "`reviewer` never receives another `reviewer`'s output"),
        ("No reviewer sees what was found on other essays", "`reviewer` never receives another `reviewer`'s output"),
        ("No mapper sees another chunk's results", "`mapper` never receives another `mapper`'s output"),
        ("The reviewer sees the reviews written for other essays", "`reviewer` receives another `reviewer`'s output"),
        # a slot not called on that list, a list no slot walks, a local
        # another slot makes
        ("No auditor sees another essay's results", None),
        ("No reviewer sees another ticket's results", None),
        ("No mapper sees the reviews written for other chunks", None),
    ],
)
def test_what_was_made_on_the_other_elements(sentence: str, canonical: str | None) -> None:
    assert _read_as(PATTERN, sentence) == canonical, sentence


@pytest.mark.parametrize(
    ("pattern", "sentence", "canonical"),
    [
        # what the subject made in earlier rounds, said with a clause of
        # its making, or of a local that holds its results
        (ROUNDS, "The explainer never sees what it produced in earlier rounds", "`explainer` never receives its previous output"),
        (ROUNDS, "The explainer never sees the answers it gave in earlier rounds", "`explainer` never receives its previous output"),
        (ROUNDS, "The explainer never sees its explanations from earlier rounds", "`explainer` never receives its previous output"),
        (ROUNDS, "The explainer sees what it produced in earlier rounds", "`explainer` receives its previous output"),
        # another slot's local; later rounds
        (ROUNDS, "The quizmaster never sees its explanations from earlier rounds", None),
        (ROUNDS, "The explainer never sees what it produced in later rounds", None),
        # the other calls' results and failures
        (PATTERN, "Reviewers work without seeing each other's output or failures",
         "`reviewer` never receives another `reviewer`'s output"),
    ],
)
def test_earlier_work_said_with_a_clause_and_failures_of_the_others(pattern: str, sentence: str, canonical: str | None) -> None:
    assert _read_as(pattern, sentence) == canonical, sentence


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # "none of the audits": no call of the slot the action is named for
        ("None of the audits sees the brief", "`auditor` never receives `brief`"),
        ("All of the audits see the brief", "`auditor` receives `brief`"),
        # the other elements of a list, said with a noun for its entries or
        # with what they are meant for
        ("Reviewers never see the entries of other essays", "`reviewer` never receives other `essays`"),
        ("Reviewers see the entries of other essays", "`reviewer` receives other `essays`"),
        ("A reviewer is never shown the essays meant for the others", "`reviewer` never receives other `essays`"),
        ("No reviewer sees an essay intended for another reviewer", "`reviewer` never receives other `essays`"),
        # "so far", kept away, may allow what comes later: not read
        ("The auditor never sees the document so far", None),
    ],
)
def test_none_of_the_actions_and_other_entries(sentence: str, canonical: str | None) -> None:
    assert _read_as(PATTERN, sentence) == canonical, sentence


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # what a named slot made in earlier rounds: its earlier outputs;
        # kept from "it", from that slot
        ("The quizmaster never sees what the explainer produced in earlier rounds",
         "`quizmaster` never receives `explainer`'s previous output"),
        ("What the explainer produced in earlier rounds is kept from it", "`explainer` never receives its previous output"),
        ("What the explainer produced in earlier rounds is never shown to it", "`explainer` never receives its previous output"),
        # positive; a slot's work as such kept from "it" (which slot?)
        ("What the explainer produced in earlier rounds is shown to it", None),
        ("The explanation is kept from it", None),
    ],
)
def test_a_slots_earlier_work_kept_from_it(sentence: str, canonical: str | None) -> None:
    assert _read_as(ROUNDS, sentence) == canonical, sentence


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # the slot at its work on one element of the list it walks: the slot
        ("A reviewer grading one essay never sees the other essays", "`reviewer` never receives other `essays`"),
        ("A reviewer grading one essay never sees the brief", "`reviewer` never receives `brief`"),
        # several elements; a list the slot does not walk; no verb in -ing
        ("A reviewer grading two essays never sees the brief", None),
        ("An auditor grading one essay never sees the brief", None),
        ("A reviewer grades one essay never sees the brief", None),
    ],
)
def test_a_slot_at_its_work_on_one_element(sentence: str, canonical: str | None) -> None:
    assert _read_as(PATTERN, sentence) == canonical, sentence


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # "the other exists", of two slots: each is unaware of the other
        ("Neither the tutor nor the learner knows that the other exists",
         "`tutor` does not know about learner; `learner` does not know about tutor"),
        ("The tutor and the learner do not know that the other exists",
         "`tutor` does not know about learner; `learner` does not know about tutor"),
        # "the other" of one slot, or of a slot's calls: not said which
        ("The tutor does not know that the other exists", None),
        ("Reviewers do not know that the other exists", None),
    ],
)
def test_the_other_of_two_slots_exists(sentence: str, canonical: str | None) -> None:
    assert _read_as(PATTERN, sentence) == canonical, sentence


OWN_WORK = """\
---
name: own-work
kind: pattern
---

# Own work

A planner drafts a plan from a budget memo; a reviewer checks the plan.

### Slots

- `planner`
  - requires: memo, floor
  - ensures: a plan
- `reviewer`
  - requires: plan
  - ensures: a review

### Requires

- The caller supplies:
    budget_memo: string -- the budget memo
    min_score: number -- the lowest score a plan may have

### Invariants

{invariants}

### Delegation

```prose
let plan = call planner
  memo: budget_memo
  floor: min_score
let review = call reviewer
  plan: plan

return {
  review: review
}
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # when or why, of the slot's own work: it names nothing it is given
        ("The planner reads the budget memo before drawing up its plan", "`planner` receives `budget_memo`"),
        ("The planner is given the budget memo to check against", "`planner` receives `budget_memo`"),
        ("The reviewer is given the plan so that it can check it", "`reviewer` receives `planner`'s output"),
        # why, naming what it works on: what it does with what it has
        ("The reviewer is given the plan so that it can check the budget memo", "`reviewer` receives `planner`'s output"),
        # but not what reaches it or what it knows
        ("The reviewer is given the plan so that it can read the budget memo", None),
        ("The reviewer is given the plan so that it knows the budget memo", None),
        # another slot's run, a value named, or no verb of its own: not read
        ("The planner reads the budget memo before the reviewer runs", None),
        ("The reviewer is given the plan before the budget memo", None),
        ("The planner reads the budget memo to the reviewer", None),
        ("The planner never reads the budget memo before drawing up its plan", None),
        # when or while it does its own work: at its calls, each of which does it
        ("The planner reads the budget memo while drawing up its plan", "`planner` receives `budget_memo`"),
        ("The reviewer never sees the budget memo when checking the plan", "`reviewer` never receives `budget_memo`"),
        ("When weighing up the plan, the reviewer never sees the budget memo", "`reviewer` never receives `budget_memo`"),
        # but not a verb of what reaches it, nor a time that is no work of its own
        ("The reviewer gets the plan when reading the budget memo", None),
        ("The reviewer gets the plan when the planner finishes", None),
        # an input and a clause about it, naming nothing else
        ("The planner is given the budget memo it must respect", "`planner` receives `budget_memo`"),
        ("The reviewer never sees the budget memo the planner follows", "`reviewer` never receives `budget_memo`"),
        ("The planner is given the budget memo that sets the minimum score", None),
        # a clipped word of a name, said in full
        ("The planner is told the minimum score", "`planner` receives `min_score`"),
        ("The reviewer never sees the minimum score", "`reviewer` never receives `min_score`"),
    ],
)
def test_a_clause_of_the_slots_own_work_after_what_it_receives(sentence: str, canonical: str | None) -> None:
    assert _read_as(OWN_WORK, sentence) == canonical, sentence


def test_a_clause_of_own_work_of_a_slot_called_at_two_places_is_not_read() -> None:
    """"When weighing up the plan" may pick out one of a slot's call sites:
    of a reviewer called twice, the sentence says less than every call."""
    twice = OWN_WORK.replace(
        "return {\n  review: review\n}",
        "let second = call reviewer\n  plan: plan\n  memo: budget_memo\n\nreturn {\n  review: review,\n  second: second\n}",
    )
    assert twice != OWN_WORK
    assert _read_as(twice, "The reviewer never sees the budget memo") == "`reviewer` never receives `budget_memo`"
    assert _read_as(twice, "When weighing up the plan, the reviewer never sees the budget memo") is None


DESCRIBED = """\
---
name: described
kind: pattern
---

# Described

An advancer proposes a step; a certifier judges it; a scribe writes notes.

### Slots

- `advancer`
  - requires: task
  - ensures: proposed next step
- `certifier`
  - requires: step
  - ensures: certify or reject verdict
- `scribe`
  - requires: task
  - ensures: written step notes

### Requires

- The caller supplies:
    task: string -- the task

### Invariants

{invariants}

### Delegation

```prose
let proposal = call advancer
  task: task
let verdict = call certifier
  step: proposal
let notes = call scribe
  task: task

return {
  verdict: verdict
}
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # a word of making before the noun one slot's `ensures:` names its
        # result by, said in that slot's phrase
        ("The certifier is given the proposed step", "`certifier` receives `advancer`'s output"),
        ("The scribe never sees the proposed step", "`scribe` never receives `advancer`'s output"),
        # a word the phrase does not use: which step?
        ("The certifier is given the drafted step", None),
        # a local and the slot whose every result it holds
        ("The certifier is given the proposal from the advancer", "`certifier` receives `advancer`'s output"),
        ("The scribe never sees the proposal from the advancer", "`scribe` never receives `advancer`'s output"),
        ("The certifier is given the proposal from the scribe", None),
    ],
)
def test_a_result_named_by_the_words_of_its_slots_ensures(sentence: str, canonical: str | None) -> None:
    assert _read_as(DESCRIBED, sentence) == canonical, sentence


@pytest.mark.parametrize(
    "hedge",
    ["rarely", "hardly ever", "seldom", "usually", "sometimes", "almost always", "mostly", "probably", "generally", "at first", "initially"],
)
def test_a_hedging_or_limiting_adverb_is_never_dropped(hedge: str) -> None:
    # each sentence reads without the adverb; with it, what it claims is
    # weaker or the opposite, and no rule gives the word a meaning, so the
    # sentence is not read, wherever the word stands (free text included)
    plain = [
        ("The observer {h} sees the actor's reasoning", "The observer never sees the actor's reasoning"),
        ("The executor {h} never sees the goal", "The executor never sees the goal"),
        ("The target {h} runs only when the guard approves", "The target runs only when the guard approves"),
        ("The actor does not know an observer is {h} watching", "The actor does not know an observer is watching"),
    ]
    for hedged, unhedged in plain:
        assert _read_as(PATTERN, unhedged) is not None, unhedged
        assert _read_as(PATTERN, hedged.format(h=hedge)) is None, hedged.format(h=hedge)


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # received, "both" is each of them
        ("The auditor receives both the document and the style guide", "`auditor` receives `document` and `style_guide`"),
        # kept away after the verb, "both" is the pair: one of them may
        # reach the slot, which no claim says
        ("The auditor never receives both the document and the goal", None),
        ("The guard is not given both the budget and the floor", None),
        ("The executor is never shown both the goal and the plan", None),
        ("No reviewer sees both the goal and the brief", None),
        # named first, each of them is kept away
        (
            "Both the budget and the floor are withheld from the target",
            "`target` never receives `budget`; `target` never receives `floor`",
        ),
        (
            "Both the budget and the floor are never given to the target",
            "`target` never receives `budget`; `target` never receives `floor`",
        ),
        ("The target sees neither the budget nor the floor", "`target` never receives `budget`; `target` never receives `floor`"),
        # "kept from both": the verb keeps each away, as "withheld" does
        # when the values come first
        (
            "The target is kept from both the budget and the floor",
            "`target` never receives `budget`; `target` never receives `floor`",
        ),
        ("The target is not kept from both the budget and the floor", None),
        ("The target is kept from both the budget and the floor at most once", None),
    ],
)
def test_both_kept_away_after_the_verb_is_the_pair_not_each(sentence: str, canonical: str | None) -> None:
    assert _read_as(PATTERN, sentence) == canonical, sentence


TWO_CHECKERS = """\
---
name: two-checkers
kind: pattern
---

# Two checkers

Two checkers check a plan; a briefer writes the briefing from the plan.

### Slots

- `planner`
- `gas_checker`
  - ensures: a verdict `{ ok, margin }`
- `deco_checker`
  - ensures: a verdict `{ ok, margin }`
- `briefer`

### Requires

```
site: string -- the dive site
```

### Invariants

{invariants}

### Delegation

```prose
let plan = call planner
  site: site
let gas = call gas_checker
  plan: plan
let deco = call deco_checker
  plan: plan
let briefing = call briefer
  plan: plan
return { briefing: briefing, gas: gas, deco: deco }
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # a word that names several slots, as the owner: the output of each
        (
            "The briefer never sees either checker's report",
            "`briefer` never receives `deco_checker`'s output; `briefer` never receives `gas_checker`'s output",
        ),
        (
            "The briefer never sees the checkers' reports",
            "`briefer` never receives `deco_checker`'s output; `briefer` never receives `gas_checker`'s output",
        ),
        (
            "The briefer never sees either checker's margin",
            "`briefer` never receives `deco_checker`'s `margin`; `briefer` never receives `gas_checker`'s `margin`",
        ),
        # received, "either" is one of them
        ("The briefer sees either checker's report", None),
        ("The briefer is given either checker's margin", None),
        # of a word for one slot, as before
        ("The briefer never sees the gas checker's report", "`briefer` never receives `gas_checker`'s output"),
    ],
)
def test_the_output_of_each_slot_a_shared_word_names(sentence: str, canonical: str | None) -> None:
    assert _read_as(TWO_CHECKERS, sentence) == canonical, sentence


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        ("The stages run in order", "`stages` runs in order"),
        # an order left open is no order: "any" is not a filler there
        ("The stages run in any order", None),
        ("The reviewers run in any sequence", None),
        ("The stages may run in whatever order", None),
        ("The stages run in no particular order", None),
    ],
)
def test_an_order_left_open_is_not_read_as_in_order(sentence: str, canonical: str | None) -> None:
    assert _read_as(PATTERN, sentence) == canonical, sentence


TWO_LOOPS = """\
---
name: two-loops
kind: pattern
---

# Two loops

A draft is started, then polished.

### Slots

- `writer`
- `editor`
- `starter`

### Requires

```
brief: string -- what to write
max_starts: number -- (optional, default 2)
max_rounds: number -- (optional, default 3)
```

### Invariants

{invariants}

### Delegation

```prose
let draft = null
loop while draft is absent (max: max_starts) as opening:
  draft = call starter
    brief: brief
let notes = []
repeat max_rounds as sweep:
  let review = call editor
    draft: draft
  append review to notes
  draft = call writer
    draft: draft
    notes: review
return { draft: draft, notes: notes }
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # a loop named by a slot called in it, of two loops: that loop
        ("The editor loop is bounded by max_rounds", "the `editor` loop is bounded by `max_rounds`", Status.PROVED),
        ("The editor loop is bounded by max_starts", "the `editor` loop is bounded by `max_starts`", Status.VIOLATED),
        ("The starter loop runs at most max_starts times", "the `starter` loop is bounded by `max_starts`", Status.PROVED),
        ("The starter loop is bounded by max_rounds", "the `starter` loop is bounded by `max_rounds`", Status.VIOLATED),
        # by its variable
        ("The sweep loop is bounded by max_rounds", "the sweep loop is bounded by `max_rounds`", Status.PROVED),
        ("The opening loop is bounded by max_rounds", "the opening loop is bounded by `max_rounds`", Status.VIOLATED),
        # the canonical form reads back
        ("The `editor` loop is bounded by `max_starts`", "the `editor` loop is bounded by `max_starts`", Status.VIOLATED),
        # "the loop", of two, is the one the value bounds
        ("The loop is bounded by max_starts", "the loop is bounded by `max_starts`", Status.PROVED),
    ],
)
def test_a_loop_named_by_its_slot_or_its_variable_is_that_loop(sentence: str, canonical: str, status: Status) -> None:
    read_as, got, evidence = _checked(TWO_LOOPS, sentence)
    assert read_as == canonical, (sentence, read_as)
    assert got == status, (sentence, evidence)


KEY_PREFIX = """\
---
name: key-prefix
kind: pattern
---

# Key prefix

A forecast, then a notice built from it.

### Slots

- `hydrologist`
  - ensures: a forecast `{ peak_stage, window, notes }`
- `officer`
- `broadcaster`

### Requires

```
readings: string -- gauge readings
```

### Invariants

{invariants}

### Delegation

```prose
let forecast = call hydrologist
  readings: readings
  prompt: "Estimate the peak stage."
let review = call officer
  peak_stage: forecast.peak_stage
let notice = { peak: forecast.peak_stage, window: forecast.window }
call broadcaster
  notice: notice
return { review: review }
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # a key spelled out is that key, not a shorter key (`peak`, of the
        # notice) with the pattern's noun after it
        ("The officer sees the peak stage", "`officer` receives `hydrologist`'s `peak_stage`"),
        ("The officer receives the peak stage but never the notes", "`officer` receives `hydrologist`'s `peak_stage`; `officer` never receives `hydrologist`'s `notes`"),
        ("The officer never sees the window", "`officer` never receives `hydrologist`'s `window`"),
    ],
)
def test_a_key_spelled_out_is_that_key_not_a_shorter_one(sentence: str, canonical: str) -> None:
    assert _read_as(KEY_PREFIX, sentence) == canonical, sentence


ELEMENTS = """\
---
name: elements
kind: pattern
---

# Elements

Each delegate works on its own brief; each mapper on its own chunk; a
reducer merges.

### Slots

- `delegates`
- `mapper`
- `reducer`

### Requires

- The caller supplies:
    briefs: string[] -- one brief per delegate
    chunks: string[] -- the pieces of work
    task_brief: string -- the task

### Invariants

{invariants}

### Delegation

```prose
let results = parallel for delegate, index in delegates:
  call delegate
    brief: briefs[index]
    fallback_brief: task_brief
let parts = parallel for chunk in chunks:
  call mapper
    chunk: chunks[0]
    task: task_brief
let merged = call reducer
  parts: parts
  chunks: chunks

return {
  results: results,
  merged: merged
}
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # a list input named by its element, or "its own" one, received: the
        # element the call's own iteration picks (`briefs[index]`)
        ("Each delegate is given its own brief", "`delegates` receives its own `briefs`", Status.PROVED),
        ("Delegates receive only their own brief and the task brief", "`delegates` receives only its own `briefs` and `task_brief`", Status.PROVED),
        ("Each delegate is given a brief and the task brief, and nothing more", "`delegates` receives only its own `briefs` and `task_brief`", Status.PROVED),
        ("Each delegate is given nothing but its own brief", "`delegates` receives only its own `briefs`", Status.VIOLATED),
        ("`delegates` receives only its own `briefs` and `task_brief`", "`delegates` receives only its own `briefs` and `task_brief`", Status.PROVED),
        # every mapper is given the first chunk, not its own
        ("Each mapper is given its own chunk", "`mapper` receives its own `chunks`", Status.VIOLATED),
        ("Each mapper is given a chunk", "`mapper` receives its own `chunks`", Status.VIOLATED),
        # a call in no loop has no element of its own; kept away, "its own"
        # one says nothing of the others; "its" after another owner: whose?
        ("The reducer is given a chunk", None, None),
        ("The reducer is given its own chunk", None, None),
        ("Each delegate never sees its own brief", None, None),
        ("Each mapper receives the reducer's output and its chunk", None, None),
        # an input that is no list of them
        ("Each delegate is given its own task brief", None, None),
    ],
)
def test_a_list_input_named_by_its_element_is_the_calls_own_element(sentence: str, canonical: str | None, status: Status | None) -> None:
    assert _read_as(ELEMENTS, sentence) == canonical, sentence
    if status is not None:
        assert _status_in(ELEMENTS, sentence) == [status], sentence


ADJUSTED = """\
---
name: adjusted
kind: pattern
---

# Adjusted

An actor works from a brief an arbiter may adjust; an observer watches.

### Slots

- `actor`
- `observer`
- `arbiter`
  - ensures: `{ verdict, adjusted_brief }`

### Requires

- The caller supplies:
    task_brief: string -- the task
    rounds: number -- how many rounds

### Invariants

{invariants}

### Delegation

```prose
let current_brief = task_brief
repeat rounds:
  let outcome = call actor
    task_brief: current_brief
  let seen = call observer
    task_brief: task_brief
    outcome: outcome
  let decision = call arbiter
    task_brief: task_brief
    report: seen
  current_brief = decision.adjusted_brief

return {
  result: outcome
}
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # after "original", the last word of one input's name is that input,
        # though a local and a key share the word
        ("The observer receives the original brief", "`observer` receives `task_brief` unchanged", Status.PROVED),
        ("The actor always receives the original brief unchanged", "`actor` always receives `task_brief` unchanged", Status.VIOLATED),
        ("The observer never sees the original brief", "`observer` never receives the original `task_brief`", Status.VIOLATED),
        # "never an adjusted one" after what is received: unchanged
        ("The observer receives the task brief, never an adjusted one", "`observer` receives `task_brief` unchanged", Status.PROVED),
        ("The actor receives the original brief rather than an adjusted one", "`actor` receives `task_brief` unchanged", Status.VIOLATED),
        ("The observer receives the task brief, not a rewritten one", "`observer` receives `task_brief` unchanged", Status.PROVED),
        # without "original", "brief" may be the local or the key too; "raw"
        # is how a slot produced its result; "always an adjusted one" and a
        # double negation say something else
        ("The observer receives the brief", None, None),
        ("The observer receives the raw brief", None, None),
        ("The observer receives the task brief, always an adjusted one", None, None),
        ("The observer never receives the task brief, never an adjusted one", None, None),
    ],
)
def test_the_original_of_a_word_several_names_share_is_the_input(sentence: str, canonical: str | None, status: Status | None) -> None:
    assert _read_as(ADJUSTED, sentence) == canonical, sentence
    if status is not None:
        assert _status_in(ADJUSTED, sentence) == [status], sentence


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # a verb the reader does not know, with plain words after it: what
        # the delegate does on its own
        ("The auditor puts substance ahead of speed", "`auditor` reasons"),
        ("The auditor looks for subtle flaws", "`auditor` reasons"),
        ("The auditor balances rigour against speed in its judgement", "`auditor` reasons"),
        ("Each reviewer looks for flaws", "`reviewer` reasons"),
        # a verb that may say where information goes or how calls relate,
        # a word of order or count, a negation, or a name of the pattern
        ("The auditor asks for rigour", None),
        ("The auditor waits for rigour", None),
        ("The auditor looks for flaws again", None),
        ("The auditor looks for flaws twice", None),
        ("The auditor looks for flaws first", None),
        ("The reviewers look for flaws together", None),
        ("The auditor looks for the planner", None),
        ("The auditor puts the document ahead of speed", None),
        ("The auditor looks at subtle flaws", None),
        # a verb of seeing is never the delegate's own doing, with a word
        # of how or without
        ("The auditor peeks at drafts", None),
        ("The auditor always peeks at drafts carefully", None),
        ("The auditor always counts every line accurately", "`auditor` reasons"),
        # more words of how, after commas
        ("The auditor classifies each line as clear, vague, wrong or redundant", "`auditor` reasons"),
        ("The auditor classifies each line as clear, vague, like the answer key", None),
        ("The auditor looks for subtle flaws after the planner", None),
        # "every" before a plain noun: which things, not how calls run
        ("The auditor catches every mistranslation", "`auditor` reasons"),
        ("The auditor double-checks each deduction", "`auditor` reasons"),
        ("The auditor catches every round", None),
        ("The auditor catches every time", None),
        ("The auditor catches every mistranslation twice", None),
        # negated, it is still the delegate's own doing; not of a name
        ("The auditor never looks for flaws", "`auditor` reasons"),
        ("The auditor never catches every mistranslation", "`auditor` reasons"),
        ("The auditor never catches the planner", None),
        ("The auditor never catches flaws twice", None),
        ("The auditor looks for flaws, edge cases and counterexamples", "`auditor` reasons"),
        ("The auditor looks for flaws, edge cases and the planner", None),
        ("The auditor weighs rigour, not just speed", "`auditor` reasons"),
        ("The auditor weighs rigour, not just the style guide", None),
        ("The auditor catches every essay", None),
    ],
)
def test_a_plain_promise_of_an_unknown_verb(sentence: str, canonical: str | None) -> None:
    facts, _ = facts_for(sentence)
    if canonical is None:
        assert [f.status for f in facts] == [Status.UNRECOGNIZED], sentence
        return
    said = "; ".join(e.removeprefix("read as: ") for f in facts for e in f.evidence if e.startswith("read as: "))
    assert said == canonical, sentence


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # "told" and a pronoun with a verb: a clause, the fact kept from it
        ("The learner is never told it will be graded", "`learner` does not know about graded"),
        ("Learners are not told they belong to a study", "`learner` does not know about study"),
        ("No learner is told it sits on a panel", "`learner` does not know about panel"),
        ("The verifier is not told its verdicts drive a retry loop", "`verifier` does not know about retry or loop"),
        ("The learner is never told the answer will be judged elsewhere", "`learner` does not know about judged"),
        ("The learner is told the answer will be judged elsewhere", None),
        # told it, not read; "its verdicts" alone is a thing it receives
        ("The learner is told it will be graded", None),
        ("The verifier is not told its verdicts", "`verifier` never receives its own output"),
        # a fact about the pattern's own data is what the slot receives
        ("The learner is never told it has the answer key", None),
        # a fact in what the slot is given
        ("Nothing the learner is given mentions that a tutor checks its work", "`learner` does not know about tutor or checks"),
        # a second predicate of the same subject
        ("Each mapper works alone and is unaware of the rest of the panel",
         "`mapper` never receives another `mapper`'s output; `mapper` does not know about panel"),
        ("Each mapper works alone and is aware of the panel", None),
    ],
)
def test_a_fact_told_by_a_clause_of_its_own(sentence: str, canonical: str | None) -> None:
    facts, _ = facts_for(sentence)
    if canonical is None:
        assert [f.status for f in facts] == [Status.UNRECOGNIZED], sentence
        return
    said = "; ".join(e.removeprefix("read as: ") for f in facts for e in f.evidence if e.startswith("read as: "))
    assert said == canonical, sentence


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        ("The actor does not know an observer is watching", "`actor` does not know about observer or watching"),
        # words of how often or whether something happens, which any prompt
        # may say, name no hidden fact: with nothing else, nothing is hidden
        ("The actor does not know it is run several times", None),
        ("The actor does not know it is called more than once", None),
        ("The observer does not know it is used again", None),
        # nor a verb of passing through or on to something: the fact is
        # what it passed through or on to
        ("The actor does not know its outcome went to an observer", "`actor` does not know about observer"),
        ("The actor does not know its outcome goes through an arbiter", "`actor` does not know about arbiter"),
        # nor the particle of "signed off"
        ("The actor does not know that an observer signed off on its outcome", "`actor` does not know about observer or signed"),
        # "an audit", of `let audit = call auditor`: the auditor's doing, or
        # the local that holds what it found? Not read (once the fact was
        # "batch or went or through", and a prompt saying "went" broke it)
        ("The learner is not told that the batch went through an audit", None),
    ],
)
def test_words_of_how_often_name_no_hidden_fact(sentence: str, canonical: str | None) -> None:
    assert _read_as(PATTERN, sentence) == canonical, sentence


ERRORS = """\
---
name: errors
kind: pattern
---

# Errors

Reviewers in turn, each told what failed before it.

### Slots

- `reviewer`
- `planner`
- `verifier`

### Requires

```
essays: string[] -- what is reviewed
goal: string -- what to achieve
```

### Invariants

{invariants}

### Delegation

```prose
let plan = call planner
  goal: goal
let errors = []
for essay in essays:
  try:
    call reviewer
      essay: essay
      earlier_errors: errors
  catch as err:
    append err to errors
let verdict = call verifier
  plan: plan
return { errors: errors, verdict: verdict }
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # what failed calls raised is theirs, not a field of their results:
        # the errors the loop collects reach the later reviewers
        ("Reviewers never see each other's failures", "`reviewer` never receives another `reviewer`'s output", Status.VIOLATED),
        ("Reviewers never see each other's errors", "`reviewer` never receives another `reviewer`'s output", Status.VIOLATED),
        # a slot's failures, with no words for whose calls: not read (it was
        # a field `failures`, which no result has, and so proved)
        ("The verifier never sees the planner's failures", None, Status.UNRECOGNIZED),
        ("The verifier never sees the reviewer's errors", None, Status.UNRECOGNIZED),
    ],
)
def test_failures_after_a_possessive_are_no_field(sentence: str, canonical: str | None, status: Status) -> None:
    read_as, got, evidence = _checked(ERRORS, sentence)
    assert read_as == canonical, (sentence, read_as)
    assert got == status, (sentence, evidence)


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        ("No target is called unless the guard approves", "`target` runs only when `guard` approves"),
        ("No target is ever called unless the guard approves", "`target` runs only when `guard` approves"),
        ("If the guard's verdict cannot be read, no target is called", "unreadable `guard` output keeps `target` from running"),
        # a second negation after a negated subject is no part of any rule
        ("No target is never called unless the guard approves", None),
        ("No target is not called unless the guard approves", None),
        ("If the guard's verdict cannot be read, no target is not called", None),
        ("If the guard's verdict cannot be read, no target is never called", None),
    ],
)
def test_a_negated_subject_takes_no_second_negation(sentence: str, canonical: str | None) -> None:
    assert _read_as(PATTERN, sentence) == canonical, sentence


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        ("The budget is withheld from the target", "`target` never receives `budget`"),
        ("The budget is given to no target", "`target` never receives `budget`"),
        # a negated recipient of a negated giving is a second negation
        ("The budget is withheld from no target", None),
        ("The budget is never given to no target", None),
        ("The budget is kept from neither the target nor the observer", None),
        # "might never" is a possibility, where "may never" forbids
        ("The observer might never see the actor's reasoning", None),
        ("The observer might not see the actor's reasoning", None),
        ("The target may never run without the guard's approval", "`target` runs only when `guard` approves"),
    ],
)
def test_a_second_negation_or_a_possibility_is_not_dropped(sentence: str, canonical: str | None) -> None:
    assert _read_as(PATTERN, sentence) == canonical, sentence


LOOPS = ROUNDS.replace(
    "max_lessons: number -- (optional, default 3)\n",
    "max_lessons: number -- (optional, default 3)\nreviews: number -- (optional, default 2)\n",
).replace("return feedback\n", "repeat reviews as sweep:\n  feedback = call grader\n    work: feedback\nreturn feedback\n")


@pytest.mark.parametrize(
    ("pattern", "sentence", "canonical"),
    [
        # of the only loop, any word names it
        (ROUNDS, "The number of blah rounds never exceeds max_lessons", "the loop is bounded by `max_lessons`"),
        # of several loops, the word must name the loop: its variable, a
        # slot called in it, what the bound counts
        (LOOPS, "The number of lesson rounds never exceeds max_lessons", "the lesson loop is bounded by `max_lessons`"),
        (LOOPS, "The number of lesson rounds is bounded by max_lessons", "the lesson loop is bounded by `max_lessons`"),
        (LOOPS, "The number of blah rounds never exceeds max_lessons", None),
        (LOOPS, "The number of blah rounds is bounded by max_lessons", None),
        (LOOPS, "The number of sweep rounds never exceeds reviews", "the sweep loop is bounded by `reviews`"),
        (LOOPS, "The number of grader rounds never exceeds max_lessons", "`grader` is called at most `max_lessons` times"),
    ],
)
def test_rounds_named_by_a_word_of_several_loops(pattern: str, sentence: str, canonical: str | None) -> None:
    assert _read_as(pattern, sentence) == canonical, sentence


@pytest.mark.parametrize(
    ("pattern", "sentence", "canonical"),
    [
        # "has no bound": of the only loop, not bounded by its bound
        (ROUNDS, "The loop has no bound", "it is not the case that the loop is bounded by `max_lessons`"),
        (ROUNDS, "The tutoring loop has no upper limit at all", "it is not the case that the loop is bounded by `max_lessons`"),
        (ROUNDS, "The loop does not have a bound", "it is not the case that the loop is bounded by `max_lessons`"),
        # a bound had is no claim read; of several loops, which is not said
        (ROUNDS, "The loop has a bound", None),
        (LOOPS, "The loop has no bound", None),
        (LOOPS, "The lesson loop has no bound", None),
    ],
)
def test_a_loop_said_to_have_no_bound(pattern: str, sentence: str, canonical: str | None) -> None:
    assert _read_as(pattern, sentence) == canonical, sentence


ORDERED = """\
---
name: ordered
kind: pattern
---

# Ordered

A mapper maps each chunk in turn.

### Slots

- `mapper`
  - requires: chunk
  - ensures: mapped chunk

### Requires

- The caller supplies:
    chunks: string[] -- pieces of work, in filing order

### Invariants

{invariants}

### Delegation

```prose
let mapped = for chunk in chunks:
  call mapper
    chunk: chunk
return mapped
```
"""


@pytest.mark.parametrize(
    ("pattern", "sentence", "canonical"),
    [
        # an order the pattern's own text gives the list
        (ORDERED, "Chunks are mapped one at a time, in filing order", "`mapper` runs in order over `chunks`"),
        (ORDERED, "The mapper works through the chunks one at a time, in filing order", "`mapper` runs in order over `chunks`"),
        (ORDERED, "Chunks are not mapped one at a time, in filing order", None),
        # an order the pattern does not name: the list need not have it
        (ORDERED, "Chunks are mapped one at a time, in writing order", None),
        (ORDERED.replace(", in filing order", ""), "Chunks are mapped one at a time, in filing order", None),
    ],
)
def test_an_order_the_pattern_names(pattern: str, sentence: str, canonical: str | None) -> None:
    assert _read_as(pattern, sentence) == canonical, sentence


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # a word for any result that also names a local one slot makes
        # (`reviews`, of `call reviewer`): another call of that slot, said
        # of it; said of another slot, whose?
        ("No reviewer sees another review", "`reviewer` never receives another `reviewer`'s output"),
        ("The mapper never sees another review", None),
        ("No mapper sees another result", "`mapper` never receives another `mapper`'s output"),
    ],
)
def test_another_result_named_by_a_slots_local_is_that_slots(sentence: str, canonical: str | None) -> None:
    assert _read_as(PATTERN, sentence) == canonical, sentence


SECTIONS = """\
---
name: sections
kind: pattern
---

# Sections

A coach for each section, then a conductor.

### Slots

- `coach`
  - requires: section
  - ensures: notes on passages to rehearse
- `miner`
  - requires: topic
  - ensures: `{ findings, confidence }`
- `conductor`

### Requires

```
sections: string[] -- the sections
topics: string[] -- the topics
```

### Invariants

{invariants}

### Delegation

```prose
let notes = parallel for section in sections:
  call coach
    section: section
let mined = parallel for topic in topics:
  call miner
    topic: topic
let plan = call conductor
  notes: notes
  mined: mined
return plan
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # what the calls on the list's other elements made: the noun the
        # slot's `ensures:` calls its result by, or a key it declares
        ("Coaches are shown the other sections' notes", "`coach` receives another `coach`'s output"),
        ("Miners are shown the other topics' findings", "`miner` receives another `miner`'s `findings`"),
        ("No coach sees the other sections' notes", "`coach` never receives another `coach`'s output"),
        ("No miner sees another topic's confidence", "`miner` never receives another `miner`'s `confidence`"),
        # another word: maybe a key of the sections themselves
        ("Coaches are shown the other sections' plans", None),
        ("No coach sees the other sections' plans", None),
        # "before writing their own": its own work, naming nothing that reaches it
        ("Coaches are shown the other sections' notes before writing their own", "`coach` receives another `coach`'s output"),
        ("Coaches are shown the other sections' notes before the conductor runs", None),
        # "each section's notes": what was made on every element, every output
        ("The conductor is shown each section's notes", "`conductor` receives every `coach` output"),
        ("The conductor is shown every topic's findings", "`conductor` receives every `miner`'s `findings`"),
        # kept away: every one of them, or any? not read
        ("The conductor never sees each section's notes", None),
        ("The conductor is shown each section's plans", None),
        # received by a slot called once per section: all in each call, or one?
        ("Each coach is shown every section's notes", None),
    ],
)
def test_what_the_calls_on_other_elements_made(sentence: str, canonical: str | None) -> None:
    assert _read_as(SECTIONS, sentence) == canonical, sentence


ROLES = """\
---
name: roles
kind: pattern
---

# Roles

Each role is danced, and the runs are collected with the role they were for.

### Slots

- `dancer`
  - ensures: a run `{ video }`

### Requires

```
roles: string[] -- the roles in the piece
```

### Invariants

{invariants}

### Delegation

```prose
let runs = parallel for role in roles:
  let run = call dancer
    role: role
    all_roles: roles
  return { role: role, video: run.video }
return { runs: runs }
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # a key the slot declares, of another call's result
        ("No dancer is shown another dancer's video", "`dancer` never receives another `dancer`'s `video`", Status.PROVED),
        # a word for the input's element, after a possessive: the element the
        # call is given, or a field of its result (which no result has, and
        # so would be proved while every role reaches every dancer)? not read
        ("No dancer is shown another dancer's role", None, Status.UNRECOGNIZED),
    ],
)
def test_an_inputs_element_after_a_possessive_is_no_field(sentence: str, canonical: str | None, status: Status) -> None:
    read_as, got, evidence = _checked(ROLES, sentence)
    assert read_as == canonical, (sentence, read_as)
    assert got == status, (sentence, evidence)


SWEEP = """\
---
name: sweep
kind: pattern
---

# Sweep

Scouts report, a commander decides, a critic reviews the plan.

### Slots

- `scout`
  - ensures: a report
- `commander`
  - ensures: an order
- `planner`
- `critic`
  - ensures: a structured verdict with accept/reject, reasoning, issues

### Requires

```
sectors: string[] -- the sectors to search
max_rounds: number -- how many rounds may run
```

### Invariants

{invariants}

### Delegation

```prose
let reports = parallel for sector in sectors:
  call scout
    sector: sector
let order = call commander
  reports: reports
let last_critique = null
repeat max_rounds:
  let plan = call planner
    order: order
    critique: last_critique
  let verdict = call critic
    plan: plan
  last_critique = verdict
return { order: order, plan: last_critique }
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # "their" after one slot is someone named before (the scouts), not
        # the commander's own: not read
        ("The commander never sees their reports", None, Status.UNRECOGNIZED),
        # after a plural it may be every scout's report, or each one's own
        ("The scouts never see their reports", None, Status.UNRECOGNIZED),
        # taken one at a time, or with "own", it is each one's own
        ("Each scout never sees their reports", "`scout` never receives its own output", Status.PROVED),
        ("The scouts never see their own reports", "`scout` never receives its previous output", Status.PROVED),
    ],
)
def test_their_is_the_subjects_own_only_when_taken_one_at_a_time(sentence: str, canonical: str | None, status: Status) -> None:
    read_as, got, evidence = _checked(SWEEP, sentence)
    assert read_as == canonical, (sentence, read_as)
    assert got == status, (sentence, evidence)


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # `ensures:` names the verdict first; what follows "with" are its
        # parts: the critic's reasoning is a field, not its whole verdict
        ("The critic's reasoning never reaches the planner", "`planner` never receives `critic`'s `reasoning`", Status.ENFORCED),
        ("The planner never sees the critic's verdict", "`planner` never receives `critic`'s output", Status.VIOLATED),
        # "an earlier critique", where the program keeps `last_critique`,
        # set to each `verdict` of the critic: the critic's own earlier
        # output, not any delegate's earlier result
        ("The critic never sees an earlier critique", "`critic` never receives its previous output", Status.PROVED),
        # how calls run is not a delegate's own behaviour
        ("The scout checks every sector in parallel", None, Status.UNRECOGNIZED),
        ("The scout checks every sector carefully", "`scout` reasons", Status.UNVERIFIABLE),
    ],
)
def test_words_that_are_not_what_they_seem_are_not_read_as_such(sentence: str, canonical: str | None, status: Status) -> None:
    read_as, got, evidence = _checked(SWEEP, sentence)
    if canonical is not None:
        assert read_as == canonical, (sentence, read_as)
    else:
        assert status is not Status.UNRECOGNIZED or read_as is None, (sentence, read_as)
    assert got == status, (sentence, evidence, read_as)


@pytest.mark.parametrize(
    ("sentence", "read"),
    [
        # "the other's" is one other: said of two slots, each the other's
        ("The scout and the commander never see the other's output", [
            "`commander` never receives `scout`'s output", "`scout` never receives `commander`'s output"]),
        # of more than two, which one is not said
        ("The scout, the commander and the planner never see the other's output", []),
        ("The scout, the commander and the planner never see the others' output", [
            "`commander` never receives `planner`'s output", "`commander` never receives `scout`'s output",
            "`planner` never receives `commander`'s output", "`planner` never receives `scout`'s output",
            "`scout` never receives `commander`'s output", "`scout` never receives `planner`'s output"]),
    ],
)
def test_the_others_output_is_of_one_other_slot(sentence: str, read: list[str]) -> None:
    text = SWEEP.replace("{invariants}", f"- {sentence}")
    result = compile_text("tests/own.prose.md", text.encode(), render=False)
    assert result.report is not None
    got = sorted(f.read_as for f in result.report.invariants if f.read_as)
    assert got == read, (sentence, got)


PAIRED = """\
---
name: paired
kind: pattern
---

# Paired

A guard screens the brief before the target works on it.

### Slots

- `guard`
- `target`

### Requires

```
brief: string -- the task
```

### Invariants

{invariants}

### Delegation

```prose
let decision = call guard
  brief: brief
if decision approves:
  let done = call target
    brief: brief
  return { result: done }
return { result: null }
```
"""

ROUNDS_OF_WORK = """\
---
name: rounds-of-work
kind: pattern
---

# Rounds of work

An auditor checks the document each round; the stages transform the brief;
the council sits twice on the budget.

### Slots

- `auditor`
- `council`
- `planner`
- `stages`

### Requires

```
brief: string -- the task
document: string -- what is audited
budget: number -- what may be spent
```

### Invariants

{invariants}

### Delegation

```prose
repeat 3 as round:
  let audit = call auditor
    document: document
    round: round
let current = brief
for stage in stages:
  let current = call stage
    input: current
repeat 2:
  let ruling = call council
    budget: budget
let plan = call planner
  brief: brief
return { result: current, audit: audit, ruling: ruling, plan: plan }
```
"""


@pytest.mark.parametrize(
    ("pattern", "sentence", "canonical"),
    [
        # a subject of two slots with "both" after it: each of them
        (PAIRED, "The guard and the target both get the brief unchanged", "`guard` receives `brief` unchanged; `target` receives `brief` unchanged"),
        (ROUNDS_OF_WORK, "The auditor and the council both never see the brief", "`auditor` never receives `brief`; `council` never receives `brief`"),
        # three slots are not "both"
        (ROUNDS_OF_WORK, "The auditor, the council and the planner both never see the brief", None),
        # "another service", where a word for every slot follows "another":
        # the one slot that is not the subject
        (PAIRED, "The guard does not know that it gates another service", "`guard` does not know about gates or target"),
        (PAIRED, "The guard has no idea it stands in front of another service", "`guard` does not know about stands or front or target"),
        (PAIRED, "The guard knows that it gates another service", "it is not the case that `guard` does not know about gates or target"),
        # of several other slots, which one is not said
        (ROUNDS_OF_WORK, "The auditor does not know that it works before another service", None),
        # "its input", the plain word for what a slot is given, in a promise
        # about its own work
        (ROUNDS_OF_WORK, "Each stage transforms its input faithfully", "`stages` reasons"),
        (ROUNDS_OF_WORK, "Each stage transforms its input faithfully, adding no commentary", "`stages` reasons"),
        # the pattern's own data named there, with a word of how: a
        # promise of manner (without one, it may say what the stage is given)
        (ROUNDS_OF_WORK, "Each stage transforms the brief faithfully", "`stages` reasons"),
        (ROUNDS_OF_WORK, "Each stage transforms the brief", None),
        (ROUNDS_OF_WORK, "Each stage transforms its input faithfully, never the brief", None),
        # the calls of a slot named for what it does, and a sitting of a slot
        (ROUNDS_OF_WORK, "Every audit round receives the same document", "every `auditor` receives the same `document`"),
        (ROUNDS_OF_WORK, "Every council sitting receives the same budget", "every `council` receives the same `budget`"),
        (ROUNDS_OF_WORK, "Each council sitting gets the same budget", "every `council` receives the same `budget`"),
        (ROUNDS_OF_WORK, "Each audit round never sees the brief", "`auditor` never receives `brief`"),
    ],
)
def test_subjects_said_after_their_names_and_words_for_what_a_slot_is_given(pattern: str, sentence: str, canonical: str | None) -> None:
    assert _read_as(pattern, sentence) == canonical, sentence


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # "as" its author wrote it, someone the pattern has no name for: the
        # input as it was given
        ("The auditor reads the document exactly as the client wrote it", "`auditor` receives `document` unchanged"),
        ("The auditor reads the document exactly as the planner wrote it", None),
        ("The auditor reads the document as the client decided it", None),
        # any past form of giving, of no one the pattern names, and a place
        # after it to the end of the clause
        ("The auditor reads the document exactly as the author submitted it", "`auditor` receives `document` unchanged"),
        ("The auditor reads the document exactly as it was scanned at intake", "`auditor` receives `document` unchanged"),
        ("The auditor reads the document exactly as printed", "`auditor` receives `document` unchanged"),
        ("The auditor reads the document exactly as the author handed it over", "`auditor` receives `document` unchanged"),
        ("The auditor never reads the document exactly as the client wrote it", None),
        # the other calls of the subject's own slot
        ("Each reviewer is unaware of the other reviewers", "`reviewer` is unaware of each other"),
        ("Reviewers do not know about the other reviewers", "`reviewer` is unaware of each other"),
        ("The planner is unaware of the other reviewers", None),
        ("Each reviewer is aware of the other reviewers", None),
        # an unknown verb of the slot's own work, and a second promise, negated,
        # of nothing the pattern names
        ("Reviewers describe what they smell, not what they expect to smell", "`reviewer` reasons"),
        ("The auditor describes what it smells and never guesses", "`auditor` reasons"),
        ("The auditor describes what it smells, never the goal", None),
        ("The auditor describes what the planner wrote", None),
        # a negated promise that says how the calls run is checked by other
        # claims, never a delegate's own doing
        ("The auditor judges strictly and never runs twice", None),
        ("The auditor judges strictly and never runs in parallel", None),
        ("The auditor counts lines accurately and never runs twice", None),
        ("The auditor judges strictly and without waiting", None),
        ("The auditor judges strictly and never rounds up", "`auditor` reasons"),
        ("The auditor always answers politely and never twice", None),
        ("The auditor never votes twice", None),
        ("The auditor does not vote", "`auditor` reasons"),
        # the model's sampling, said of the pattern's data or of what a slot
        # sees, is no promise of the model's own
        ("Sampling never sees the answer key", None),
        ("Sampling reaches the target", None),
        ("Temperature is the only source of variation between runs", "sampling varies"),
    ],
)
def test_unchanged_as_written_others_of_the_same_slot_and_negated_promises(sentence: str, canonical: str | None) -> None:
    assert _read_as(PATTERN, sentence) == canonical, sentence


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # "neither" alone: neither of the previous clause's two slots
        ("The tutor and the learner work independently: neither sees the other's output",
         "`tutor` never receives `learner`'s output; `learner` never receives `tutor`'s output"),
        ("Neither sees the other's output", None),
        ("The tutor works independently: neither sees the other's output", None),
        # "none of A, B and C": each of them; "another's", another of them
        ("None of the planner, the executor and the verifier sees another's output",
         "`planner` never receives `executor`'s output; `planner` never receives `verifier`'s output; "
         "`executor` never receives `planner`'s output; `executor` never receives `verifier`'s output; "
         "`verifier` never receives `planner`'s output; `verifier` never receives `executor`'s output"),
        ("None of the planner and the verifier sees the goal", "`planner` never receives `goal`; `verifier` never receives `goal`"),
        ("All of the planner and the verifier see the goal", None),
        # "another's" of one slot: another call of it
        ("No reviewer sees another's output", "`reviewer` never receives another `reviewer`'s output"),
    ],
)
def test_neither_of_the_clause_before_and_none_of_a_list(sentence: str, canonical: str | None) -> None:
    assert _read_as(PATTERN, sentence) == canonical, sentence


SCREENING = """\
---
name: screening
kind: pattern
---

# Screening

A chart is screened round after round, then decided on.

### Slots

- `screener`
- `investigator`

### Requires

```
chart: string -- the chart
max_rounds: number -- (optional, default 3)
```

### Invariants

{invariants}

### Delegation

```prose
let assessment = null
loop (max: max_rounds) as round:
  let assessment = call screener
    chart: chart
    notes: assessment
let decision = call investigator
  assessment: assessment
return decision
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # a local null until the slot's every call sets it, made in earlier
        # rounds: the slot's other calls' results
        ("No screening round sees the assessment written in an earlier round",
         "`screener` never receives another `screener`'s output", Status.VIOLATED),
        ("The screener never sees the assessment written in an earlier round",
         "`screener` never receives another `screener`'s output", Status.VIOLATED),
        # of another slot than the one whose results the local holds: not read
        ("The investigator never sees the assessment written in an earlier round", None, Status.UNRECOGNIZED),
    ],
)
def test_a_local_null_until_the_slot_sets_it_made_earlier(sentence: str, canonical: str | None, status: Status) -> None:
    read_as, got, evidence = _checked(SCREENING, sentence)
    assert read_as == canonical, (sentence, read_as)
    assert got == status, (sentence, evidence)


AUCTION = """\
---
name: auction
kind: pattern
---

# Auction

Lots are valued one by one, announced, and the valuations audited round after round.

### Slots

- `valuer`
  - ensures: `{ low_high, notes }`
- `herald`
- `auditor`
  - ensures: `{ decision, findings }`
- `preparer`

### Requires

```
lots: string[] -- the lots on offer
max_rounds: number -- (optional, default 3)
```

### Invariants

{invariants}

### Delegation

```prose
let estimates = parallel for lot in lots:
  call valuer
    lot: lot
let announcement = call herald
  lots: lots
let findings_log = []
loop (max: max_rounds) as round:
  let audit = call auditor
    estimates: estimates
    earlier: findings_log
  record audit.findings in findings_log
  let sheet = call preparer
    findings: audit.findings
return announcement
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # a word for one element of a local that collects every result of
        # the slot named before it: that slot's output
        ("No valuer sees another valuer's estimate", "`valuer` never receives another `valuer`'s output", Status.PROVED),
        ("The herald never sees a valuer's estimate", "`herald` never receives `valuer`'s output", Status.PROVED),
        ("The auditor never sees a valuer's estimate", "`auditor` never receives `valuer`'s output", Status.VIOLATED),
        # of a slot whose results the local does not collect: not read
        ("The herald never sees an auditor's estimate", None, Status.UNRECOGNIZED),
        # "no audit round": no call of the slot the action is named for
        ("No audit round sees the output of another round", "`auditor` never receives another `auditor`'s output", Status.VIOLATED),
        # (read as its positive twin, which the analysis does not settle:
        # whether each call is passed another's output is not counted)
        ("Every audit round sees the output of another round", "`auditor` receives another `auditor`'s output", Status.UNRECOGNIZED),
        # "the findings of another round", a key the auditor declares: that
        # field of another call's result, or its whole output? not read
        ("No audit round sees the findings of another round", None, Status.UNRECOGNIZED),
        ("The preparer never sees the findings of another round", None, Status.UNRECOGNIZED),
    ],
)
def test_one_of_a_slots_collected_results_and_no_round_of_its_action(sentence: str, canonical: str | None, status: Status) -> None:
    read_as, got, evidence = _checked(AUCTION, sentence)
    assert read_as == canonical, (sentence, read_as)
    assert got == status, (sentence, evidence)


#: a local named for one result (`label`) beside the list that collects
#: them all (`labels`), and a local null until the translator sets it
LABELS = """\
---
name: labels
kind: pattern
---

# Labels

Reports are labelled in parallel, then a draft is translated and handed on.

### Slots

- `classifier`
  - ensures: `{ decision, score }`
- `translator`
- `checker`
- `responder`

### Requires

```
reports: string[] -- the reports
text: string -- the text
```

### Invariants

{invariants}

### Delegation

```prose
let labels = parallel for report in reports:
  call classifier
    report: report
let draft = null
let draft = call translator
  text: text
let verdict = call checker
  draft: draft
let label = labels[0]
let done = call responder
  decision: label.decision
return { draft: draft, done: done }
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # the program's own name for one of the slot's results, in the
        # plural or singular of a local that collects them all
        ("No classifier sees another classifier's label", "`classifier` never receives another `classifier`'s output", Status.PROVED),
        ("The checker never sees a classifier's label", "`checker` never receives `classifier`'s output", Status.PROVED),
        ("The responder never sees the classifier's labels", "`responder` never receives `classifier`'s output", Status.VIOLATED),
        # a local null until the slot's call sets it
        ("The checker receives nothing but the translator's draft", "`checker` receives only `translator`'s output", Status.PROVED),
        ("The returned draft is always the translator's draft", "the returned `draft` always comes from `translator`", Status.PROVED),
        # of a slot whose results the local does not hold: not read
        ("The checker never sees the classifier's draft", None, Status.UNRECOGNIZED),
    ],
)
def test_a_local_named_for_a_slots_results_names_them_after_its_possessive(
    sentence: str, canonical: str | None, status: Status
) -> None:
    read_as, got, evidence = _checked(LABELS, sentence)
    assert read_as == canonical, (sentence, read_as)
    assert got == status, (sentence, evidence)


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # "works without X": X does not reach what it works from
        ("The executor works without any input from the planner", "`executor` never receives `planner`'s output"),
        ("The handler works without the ticket", "`handler` never receives `ticket`"),
        ("The verifier works with the plan", None),
        # an approval is no value kept away
        ("The target works without the guard's approval", None),
        # "any X but the current one": the list's other elements
        ("No mapper sees any chunk but the current one", "`mapper` never receives other `chunks`"),
        ("Every mapper sees every chunk but the current one", None),
    ],
)
def test_working_without_something_and_any_element_but_the_current_one(sentence: str, canonical: str | None) -> None:
    assert _read_as(PATTERN, sentence) == canonical, sentence


PACKED = """\
---
name: packed
kind: pattern
---

# Packed

A batch inspected, then labelled by the packer on approval; a log on every return.

### Slots

- `inspector`
- `packer`

### Requires

```
batch: string -- what is packed
```

### Invariants

{invariants}

### Delegation

```prose
let log = []
let verdict = call inspector
  batch: batch
append verdict to log
if verdict approves:
  let label = call packer
    batch: batch
  return { label: label, log: log }
return { label: null, log: log }
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # a slot's output returned on a path named after it, as before it
        ("The packer's label is returned when the inspector approves", "when `inspector` approves, the returned `label` comes from `packer`"),
        ("When the inspector approves, the packer's label is returned", "when `inspector` approves, the returned `label` comes from `packer`"),
        ("The packer's label is never returned when the inspector approves", None),
        ("The packer's label is returned only when the inspector approves", None),
        # a local every return holds: "on every path", "to the caller", or plain
        ("The log is returned on every path", "the pattern returns `log`"),
        ("The log is returned to the caller", "the pattern returns `log`"),
        ("The log is returned", "the pattern returns `log`"),
        # in the active voice, one local read by the rule for several
        ("The pattern returns the log", "the pattern returns `log`"),
        ("The pattern never returns the log", None),
        ("The log is never returned", None),
        ("The log is returned only on success", None),
        ("The log is not returned on every path", None),
    ],
)
def test_a_return_said_after_its_value(sentence: str, canonical: str | None) -> None:
    assert _read_as(PACKED, sentence) == canonical, sentence


BERTHED = """\
---
name: berthed
kind: pattern
---

# Berthed

A plan drafted for a vessel, booked at its port.

### Slots

- `planner`
- `terminal`

### Requires

- The caller supplies:
    vessel: string -- the vessel's name
    port: string -- the port of loading
    rfp: string -- the request for proposals
    note: string -- the planner's note

### Invariants

{invariants}

### Delegation

```prose
let plan = call planner
  vessel: vessel
  rfp: rfp
let booking = call terminal
  plan: plan
  port: port
return booking
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # a description that is a noun and what it is of or for, in full
        ("The terminal is told the port of loading", "`terminal` receives `port`"),
        ("The planner never sees the port of loading", "`planner` never receives `port`"),
        ("The planner receives the request for proposals", "`planner` receives `rfp`"),
        # a possessive description said as a compound
        ("The vessel name reaches the planner exactly as given", "`planner` receives `vessel` unchanged"),
        ("The terminal never sees the vessel name", "`terminal` never receives `vessel`"),
        # not where the owner's word is a slot's name
        ("The terminal never sees the planner note", None),
    ],
)
def test_a_description_names_its_input(sentence: str, canonical: str | None) -> None:
    assert _read_as(BERTHED, sentence) == canonical, sentence


AUDITED_ROUNDS = """\
---
name: audited-rounds
kind: pattern
---

# Audited rounds

A return prepared, then audited in rounds until the auditor approves.

### Slots

- `preparer`
- `auditor`

### Requires

- The caller supplies:
    figures: string -- the income figures
    status: string -- the filing status

### Invariants

{invariants}

### Delegation

```prose
let draft = call preparer
  figures: figures
loop until review approves (max: 3):
  let review = call auditor
    draft: draft
    status: status
return draft
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # a call named by the word for what the slot does: "audit round"
        ("Every audit round receives the same status", "every `auditor` receives the same `status`"),
        ("No audit round sees the figures", "`auditor` never receives `figures`"),
        ("Every audit round receives the draft", "`auditor` always receives `preparer`'s output"),
        ("Not every audit round receives the same status", None),
    ],
)
def test_calls_named_by_a_slots_action(sentence: str, canonical: str | None) -> None:
    assert _read_as(AUDITED_ROUNDS, sentence) == canonical, sentence


ASSAY = """\
---
name: assay
kind: pattern
---

# Assay

A reviewer reads the readings; once accepted, a certifier signs.

### Slots

- `analyst`
- `reviewer`
  - ensures: a verdict `{ notes }`
- `certifier`

### Requires

```
sample_id: string -- the sample
max_reviews: number -- how many reviews may run
```

### Invariants

{invariants}

### Delegation

```prose
let reading = call analyst
  sample_id: sample_id
loop until **the reviewer accepts** (max: max_reviews) as round:
  let verdict = call reviewer
    reading: reading
  if verdict accepts:
    let certificate = call certifier
      reading: reading
      reviewer_notes: verdict.notes
    return { certificate: certificate }
return { certificate: null }
```
"""


@pytest.mark.parametrize(
    ("sentence", "status"),
    [
        # the run ends after the certifier's call: the loop makes it once at
        # most, which the count (max_reviews of them) does not follow: not
        # violated, not settled
        ("The certifier is called at most once", Status.UNRECOGNIZED),
        # the reviewer is called in every round, whatever return follows
        ("The reviewer is called at most once", Status.VIOLATED),
        ("The reviewer is called at most max_reviews times", Status.PROVED),
        # an argument named after the delegate the fact is about, carrying
        # its work: the name describes the work, and may also tell of the
        # delegate (readers judge it both ways): not settled
        ("The certifier does not know that a reviewer was involved", Status.UNRECOGNIZED),
        ("The certifier does not know that an auditor was involved", Status.PROVED),
    ],
)
def test_a_return_after_a_call_and_an_argument_named_for_the_hidden_delegate(sentence: str, status: Status) -> None:
    read_as, got, evidence = _checked(ASSAY, sentence)
    assert read_as is not None, sentence
    assert got == status, (sentence, evidence)


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # "its" after another slot is named: that slot's, or the subject's?
        ("The certifier is kept unaware of the reviewer and never sees its verdict", None),
        ("The certifier never sees the analyst's output, only its own reading", None),
        # with no other slot before it, the subject's own
        ("The reviewer never sees its own verdict", "`reviewer` never receives its previous output"),
    ],
)
def test_its_after_another_slot_is_not_read(sentence: str, canonical: str | None) -> None:
    read_as, _, _ = _checked(ASSAY, sentence)
    assert read_as == canonical, (sentence, read_as)


TEAMS = """\
---
name: sweep
kind: pattern
---

# Sweep

Scenes are translated one by one; search teams comb the sectors in parallel; an editor reviews the lot and an archivist files the case.

### Slots

- `translator`
- `search_team`
- `editor`
- `archivist`

### Requires

```
scenes: string[] -- the scenes
sectors: string[] -- the sectors to search
glossary: object -- fixed terms
case_file: object -- the case
```

### Invariants

{invariants}

### Delegation

```prose
let previous = null
for scene in scenes:
  let line = call translator
    scene: scene
    glossary: glossary
    previous_line: previous
  previous = line
let found = parallel for sector in sectors:
  call search_team
    sector: sector
let review = call editor
  lines: previous
  found: found
let record = call archivist
  case_id: case_file.id
return { review: review, record: record }
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # "an earlier translation", of the translator: its earlier results
        ("No translator call sees an earlier translation", "`translator` never receives its previous output", Status.VIOLATED),
        ("The translator never sees its own earlier translation", "`translator` never receives its previous output", Status.VIOLATED),
        ("The translator sees an earlier translation", "`translator` receives its previous output", Status.PROVED),
        # of another slot: earlier than what? not read
        ("The editor never sees an earlier translation", None, Status.UNRECOGNIZED),
        # "what a sibling team found": another call's output, of that slot only
        ("No search team ever learns what a sibling team found", "`search_team` never receives another `search_team`'s output", Status.PROVED),
        ("The editor never sees what a sibling team found", None, Status.UNRECOGNIZED),
        # "... and nobody else", "... and no other role": the one slot
        # receives it, every other slot never does
        (
            "The glossary reaches the translator and nobody else",
            "`translator` receives `glossary`; `archivist` never receives `glossary`; `editor` never receives `glossary`; "
            "`search_team` never receives `glossary`",
            Status.PROVED,
        ),
        (
            "The glossary reaches the translator and no other role",
            "`translator` receives `glossary`; `archivist` never receives `glossary`; `editor` never receives `glossary`; "
            "`search_team` never receives `glossary`",
            Status.PROVED,
        ),
        (
            "The glossary reaches the editor and nobody else",
            "`editor` receives `glossary`; `archivist` never receives `glossary`; `search_team` never receives `glossary`; "
            "`translator` never receives `glossary`",
            Status.VIOLATED,
        ),
        # "anything from the case file": any of it, kept away
        ("The archivist never sees anything from the case file", "`archivist` never receives `case_file`", Status.VIOLATED),
        ("The editor never sees anything derived from the case file", "`editor` never receives `case_file`", Status.PROVED),
        ("The editor has no access to anything taken from the case file", "`editor` never receives `case_file`", Status.PROVED),
        # received, some of it: which part is not said; a verb of handling
        # does not say where from
        ("The archivist sees anything from the case file", None, Status.UNRECOGNIZED),
        ("The editor never sees anything reviewed from the case file", None, Status.UNRECOGNIZED),
    ],
)
def test_earlier_results_by_the_slots_action_a_siblings_finding_and_anything_from_an_input(
    sentence: str, canonical: str | None, status: Status
) -> None:
    text = TEAMS.replace("{invariants}", f"- {sentence}")
    result = compile_text("tests/own.prose.md", text.encode(), render=False)
    assert result.report is not None
    facts = list(result.report.invariants)
    read_as = _read_as(TEAMS, sentence)
    assert read_as == canonical, (sentence, read_as)
    worst = next((s for s in (Status.VIOLATED, Status.UNRECOGNIZED, Status.PROVED) if s in {f.status for f in facts}), None)
    assert worst == status, (sentence, [f.evidence for f in facts])


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # "score independently": each call judges apart from the others
        ("Search teams score independently", "`search_team` never receives another `search_team`'s output", Status.PROVED),
        # "alone", "blindly" may say something else of a judgement; negated,
        # no claim
        ("Search teams score blindly", None, Status.UNRECOGNIZED),
        ("Search teams score alone", None, Status.UNRECOGNIZED),
        ("Search teams do not score independently", None, Status.UNRECOGNIZED),
        # "the findings for other sectors": made for the list's other elements
        ("No search team sees the findings for other sectors", "`search_team` never receives another `search_team`'s output", Status.PROVED),
        ("The editor never sees the findings for other sectors", None, Status.UNRECOGNIZED),
        # "the scene list itself": the input, as "the scenes themselves"
        ("The archivist never sees the scene list itself", "`archivist` never receives `scenes`", Status.PROVED),
        ("The translator sees the scene list itself", "`translator` receives `scenes` itself", Status.VIOLATED),
    ],
)
def test_judging_independently_findings_for_other_elements_and_a_list_itself(sentence: str, canonical: str | None, status: Status) -> None:
    read_as, got, evidence = _checked(TEAMS, sentence)
    assert read_as == canonical, (sentence, read_as)
    assert got == status, (sentence, evidence)


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # "the archivist and every search team": each call of each
        (
            "The case file reaches the archivist and every search team, but not the editor",
            "`archivist` receives `case_file`; `search_team` receives `case_file`; `editor` never receives `case_file`",
            Status.VIOLATED,
        ),
        ("The archivist and every search team see the case file", "`archivist` receives `case_file`; `search_team` receives `case_file`", Status.VIOLATED),
        # "everything the translator produced": kept away, its output;
        # received, every output or each is not said
        ("The editor is kept from everything the archivist produced", "`editor` never receives `archivist`'s output", Status.PROVED),
        ("The editor is kept from everything the translator produced", "`editor` never receives `translator`'s output", Status.VIOLATED),
        ("The editor sees everything the translator produced", None, Status.UNRECOGNIZED),
        ("The editor never sees the data the translator produced", None, Status.UNRECOGNIZED),
    ],
)
def test_a_list_of_recipients_with_every_and_everything_a_slot_made(sentence: str, canonical: str | None, status: Status) -> None:
    text = TEAMS.replace("{invariants}", f"- {sentence}")
    result = compile_text("tests/own.prose.md", text.encode(), render=False)
    assert result.report is not None
    facts = list(result.report.invariants)
    read_as = _read_as(TEAMS, sentence)
    assert read_as == canonical, (sentence, read_as)
    worst = next((s for s in (Status.VIOLATED, Status.UNRECOGNIZED, Status.PROVED) if s in {f.status for f in facts}), None)
    assert worst == status, (sentence, [f.evidence for f in facts])


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # "passed to every role except the archivist": each other slot
        # receives it, the excepted one never does
        (
            "The case file is passed to every role except the archivist",
            "`editor` receives `case_file`; `search_team` receives `case_file`; `translator` receives `case_file`; "
            "`archivist` never receives `case_file`",
        ),
        # negated, or an exception that is not one of the group: not read
        ("The case file is not passed to every role except the archivist", None),
        ("The case file is passed to every search team except the archivist", None),
    ],
)
def test_given_to_every_slot_but_one(sentence: str, canonical: str | None) -> None:
    assert _read_as(TEAMS, sentence) == canonical, sentence




FALLBACK = """\
---
name: fallback
kind: pattern
---

# Fallback

Delegates tried in turn until one succeeds.

### Slots

- `chain`

### Requires

```
task_brief: string -- the task
```

### Invariants

{invariants}

### Delegation

```prose
let failure_history = []
for delegate in chain:
  try:
    let candidate = call delegate
      task_brief: task_brief
    return { result: candidate, failure_history: failure_history }
  catch as error:
    record { delegate: delegate, reason: error } in failure_history
return { result: null, failure_history: failure_history }
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # "the winning delegate's output": the output of the slot that
        # succeeded, returned on success
        ("On success the returned result is the winning delegate's output", "on success, the result comes from `chain`"),
        ("The result returned is the winning delegate's own output", "on success, the result comes from `chain`"),
        ("On success, the winning delegate's result is returned", "on success, the result comes from `chain`"),
        ("The returned result is always the winning delegate's output", None),
        ("After exhaustion, the returned result is the winning delegate's output", None),
        ("On success the returned result is never the winning delegate's output", None),
    ],
)
def test_the_output_of_the_winning_slot(sentence: str, canonical: str | None) -> None:
    assert _read_as(FALLBACK, sentence) == canonical, sentence


SCREENED = """\
---
name: screened
kind: pattern
---

# Screened

A proposal is screened; an eligible one is summarised by the chair.

### Slots

- `screener`
- `chair`

### Requires

```
proposal: string -- the proposal
```

### Invariants

{invariants}

### Delegation

```prose
let verdict = call screener
  proposal: proposal
if verdict approves:
  let summary = call chair
    proposal: proposal
  return { summary: summary, reason: verdict.reason }
return { summary: verdict.reason, reason: verdict.reason }
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # a returned key on a path named before it, without "returned"
        ("When the screener rejects, the summary is the screener's reason",
         "when `screener` blocks, the returned `summary` is `screener`'s `reason`"),
        ("When the screener rejects, the summary comes from the chair",
         "when `screener` blocks, the returned `summary` comes from `chair`"),
        ("On approval the summary comes from the chair", "on approval, the returned `summary` comes from `chair`"),
        ("When the screener approves, the summary is the chair's", "when `screener` approves, the returned `summary` comes from `chair`"),
        ("On a decline, the summary is the screener's reason", "when the pattern blocks, the returned `summary` is `screener`'s `reason`"),
        ("When the screener rejects, the summary never comes from the chair", None),
        ("When the screener rejects, the summary comes only from the chair", None),
        ("When the screener rejects, the summary is not the screener's reason", None),
        # a local the pattern does not return under that name
        ("When the screener rejects, the verdict comes from the screener", None),
        # "its" after the slot that blocks, returned under a key
        ("When the screener rejects the proposal, its reason is returned as the summary",
         "when `screener` blocks, the returned `summary` is `screener`'s `reason`"),
        ("When the pattern blocks, its reason is returned as the summary", None),
        ("When the screener rejects the proposal, its reason is never returned as the summary", None),
        # "returned as the reason": the returned key, though "reason" is
        # also a word of the vocabulary
        ("On approval the chair's output is returned as the reason", "on approval, the returned `reason` comes from `chair`"),
        ("On approval the chair's output is not returned as the reason", None),
    ],
)
def test_a_returned_key_on_a_path_without_returned(sentence: str, canonical: str | None) -> None:
    assert _read_as(SCREENED, sentence) == canonical, sentence


SUMMED = """\
---
name: summed
kind: pattern
---

# Summed

A director decides; the keeper sums the decision up.

### Slots

- `director`
- `keeper`

### Requires

```
brief: string -- what is decided
```

### Invariants

{invariants}

### Delegation

```prose
let decision = call director
  brief: brief
let summary = call keeper
  decision: decision
return { summary: summary, final_summary: summary }
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # a slot's output returned with no path: on every path, under the key
        # the noun names where the pattern returns one so named
        ("The keeper's summary is returned", "the returned `summary` comes from `keeper`"),
        ("The keeper's summary is returned to the caller", "the returned `summary` comes from `keeper`"),
        ("The pattern always returns the keeper's summary", "the returned `summary` always comes from `keeper`"),
        # else under any key
        ("The director's decision is returned to the caller", "`director`'s output is returned"),
        ("The pattern always returns the director's decision", "`director`'s output is returned on every path"),
        ("The keeper's summary is never returned", None),
        ("The keeper's summary is returned only on success", None),
        ("The pattern never returns the keeper's summary", None),
        # ", on every path" after the source
        ("The summary returned is the keeper's, on every path", "the returned `summary` always comes from `keeper`"),
        ("The returned summary is the keeper's output, on every path", "the returned `summary` always comes from `keeper`"),
        ("The summary returned is never the keeper's, on every path", None),
        ("When the director approves, the summary returned is the keeper's, on every path", None),
        # "taken from" the slot's output: it comes from the slot
        ("The summary returned is taken from the keeper's output", "the returned `summary` comes from `keeper`"),
        ("The summary is taken from the keeper", "the returned `summary` comes from `keeper`"),
        ("The summary is read from the keeper's output", None),
        ("The summary is never taken from the keeper's output", None),
        # "the final summary", for the key `final_summary`
        ("The final summary always comes from the keeper", "the returned `final_summary` always comes from `keeper`"),
        ("The final verdict always comes from the keeper", None),
        ("The final summary never comes from the keeper", None),
        # "even when": the one path it names, not every one
        ("The keeper's summary is returned even when the director rejects it", None),
    ],
)
def test_a_slots_output_returned_with_no_path(sentence: str, canonical: str | None) -> None:
    assert _read_as(SUMMED, sentence) == canonical, sentence


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # what a delegate's output is like: words of its quality
        ("The verifier's feedback is specific and actionable", "`verifier` reasons"),
        ("The auditor's report is constructive", "`auditor` reasons"),
        ("The auditor's report is candid about weak claims", "`auditor` reasons"),
        ("The auditor's report is never specific", None),
        ("The auditor's report is specific and never the answer key", None),
    ],
)
def test_the_quality_of_a_slots_output(sentence: str, canonical: str | None) -> None:
    facts, _ = facts_for(sentence)
    if canonical is None:
        assert [f.status for f in facts] == [Status.UNRECOGNIZED], sentence
        return
    said = "; ".join(e.removeprefix("read as: ") for f in facts for e in f.evidence if e.startswith("read as: "))
    assert said == canonical, sentence


SWEPT = """\
---
name: swept
kind: pattern
---

# Swept

Sectors searched side by side; a failed search is kept apart.

### Slots

- `search_team`

### Requires

```
sectors: string[] -- the sectors
```

### Invariants

{invariants}

### Delegation

```prose
let findings = []
let sweeps = parallel for sector in sectors:
  try:
    let sweep = call search_team
      sector: sector
    return { sector: sector, sweep: sweep }
  catch as err:
    return { sector: sector, error: err }
for outcome in sweeps:
  if outcome.error is present:
    continue
  record outcome.KEY in findings
return { findings: findings }
```
"""


@pytest.mark.parametrize(
    ("key", "status"),
    [
        # an object built without the key read on one path gives null
        # there, "no result": the other paths' value is what it carries
        ("sweep", Status.PROVED),
        ("sector", Status.VIOLATED),
    ],
)
def test_a_key_one_built_object_lacks_reads_as_no_result(key: str, status: Status) -> None:
    read_as, got, evidence = _checked(SWEPT.replace("KEY", key), "The findings returned are the search teams' reports")
    assert read_as == "the returned `findings` comes from `search_team`"
    assert got == status, evidence


FILLED = """\
---
name: filled
kind: pattern
---

# Filled

A customer's order passes through the stations in turn, then a packer packs it.

### Slots

- `stations`
- `packer`

### Requires

```
order: object -- the customer's order
```

### Invariants

{invariants}

### Delegation

```prose
let batch = order
for station in stations:
  let batch = call station
    batch: batch
let label = call packer
  batch: batch
return { batch: batch, label: label }
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # "order" after "in" is the word for an order too, where the
        # pattern has an input `order`
        ("Stations work in the order they are listed", "`stations` runs in order"),
        ("Stations run sequentially in declared preference order", "`stations` runs in order"),
        ("Stations do not work in the order they are listed", "it is not the case that `stations` runs in order"),
        # elsewhere it is the input
        ("The packer works on the order", "`packer` receives `order`"),
    ],
)
def test_the_word_order_where_an_input_is_named_order(sentence: str, canonical: str | None) -> None:
    assert _read_as(FILLED, sentence) == canonical, sentence


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # a verb the reader does not know, of what the slot's call does
        ("The packer sits at most once", "`packer` is called at most once"),
        ("The packer never sits more than once", "`packer` is called at most once"),
        ("The packer is hired at most once", "`packer` is called at most once"),
        ("The packer is not hired more than once", "`packer` is called at most once"),
        # exactly, as at most: each time is a call
        ("The packer sits exactly once", "`packer` is called exactly once"),
        ("The packer is hired exactly twice", "`packer` is called exactly 2 times"),
        ("The packer always wraps the order exactly once", "`packer` is called exactly once"),
        ("The packer retries exactly once", None),
        ("The packer usually wraps exactly once", None),
        # not a verb of repeating, whose count is of the calls after the first
        ("The packer retries at most once", None),
        ("The packer is rehired at most once", None),
        # a passive is a participle; a word of how is no verb
        ("The packer is hiring at most once", None),
        # its limiting twins: no bound from above, never read as one
        ("The packer sits more than once", None),
        ("The packer sits at least once", None),
        ("The packer usually at most once", None),
    ],
)
def test_a_call_count_said_with_a_verb_of_the_slots_own(sentence: str, canonical: str | None) -> None:
    assert _read_as(FILLED, sentence) == canonical, sentence


@pytest.mark.parametrize(
    ("sentence", "status"),
    [
        # "never" said of the whole clause that would break the gate
        ("It is never the case that the target runs without the guard's approval", Status.PROVED),
        ("It is never the case that the target runs before the guard approves", Status.PROVED),
        ("It is never the case that the target is called before the guard approves", Status.PROVED),
        ("It is never the case that the actor runs without the guard's approval", Status.VIOLATED),
    ],
)
def test_never_the_case_that_a_slot_runs_without_approval(sentence: str, status: Status) -> None:
    facts, _ = facts_for(sentence)
    assert [(f.kind, f.status) for f in facts] == [("gated", status)], [(f.status, f.evidence) for f in facts]


@pytest.mark.parametrize(
    "sentence",
    [
        # the positive clause, and "never" of another word than "the case"
        "It is never the case that the target runs with the guard's approval",
        "It is the case that the target runs without the guard's approval",
        "It is never the best case that the target runs without the guard's approval",
    ],
)
def test_never_the_case_of_another_clause_is_not_read_as_a_gate(sentence: str) -> None:
    assert "gated" not in kinds(reading(sentence)), sentence


HELD = """\
---
name: held
kind: pattern
---

# Held

A supervisor reviews the brief; on approval a dispatcher sends the orders.

### Slots

- `supervisor`
- `dispatcher`

### Requires

```
brief: string -- the emergency
```

### Invariants

{invariants}

### Delegation

```prose
let review = call supervisor
  brief: brief
if review approves:
  let orders = call dispatcher
    brief: brief
  return { orders: orders, reason: review.reason }
return { orders: null, reason: review.reason }
```
"""


@pytest.mark.parametrize(
    ("sentence", "status"),
    [
        # "whether or not it approves": both ways, every path
        ("The returned reason is the supervisor's, whether or not it approves", Status.PROVED),
        ("The returned reason comes from the supervisor, whether or not the supervisor approves", Status.PROVED),
        ("The returned orders are the dispatcher's, whether or not the supervisor approves", Status.VIOLATED),
        # "even when" after "always": every path, the refusal's too
        ("The returned reason always comes from the supervisor, even when it rejects", Status.PROVED),
        ("The returned orders always come from the dispatcher, even when the supervisor rejects", Status.VIOLATED),
    ],
)
def test_a_return_said_of_every_path_whatever_the_verdict(sentence: str, status: Status) -> None:
    read_as, got, evidence = _checked(HELD, sentence)
    assert read_as is not None and " always comes from " in read_as, sentence
    assert got == status, evidence


@pytest.mark.parametrize(
    "sentence",
    [
        # "even when" alone names the one path of the refusal
        "The returned reason comes from the supervisor, even when it rejects",
        "The returned orders come from the dispatcher, even when the supervisor rejects",
    ],
)
def test_even_when_without_always_is_not_every_path(sentence: str) -> None:
    assert _read_as(HELD, sentence) is None, sentence




CRITIQUED = """\
---
name: critiqued
kind: pattern
---

# Critiqued

A worker drafts, a critic judges each draft, and a mediator sums up.

### Slots

- `worker`
- `critic`
- `mediator`

### Requires

```
brief: string -- the task
glossary: string -- fixed terms
```

### Invariants

{invariants}

### Delegation

```prose
let last_critique = null
let draft = null
repeat 3 as attempt:
  let draft = call worker
    brief: brief
    critique: last_critique
  let verdict = call critic
    draft: draft
  if verdict accepts:
    return { draft: draft }
  last_critique = verdict
let summary = call mediator
  draft: draft
  glossary: glossary
return { draft: draft, summary: summary }
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # "it is never the case that ..." of receiving: the slot never
        # receives it; of "every" call, not all of them: not read
        ("It is never the case that the critic sees the glossary", "`critic` never receives `glossary`"),
        ("It is never the case that the worker is given the glossary", "`worker` never receives `glossary`"),
        ("It is never the case that every critic call sees the glossary", None),
        ("It is never the case that the critic never sees the glossary", None),
        ("It is never the case that the critic sees only the glossary", None),
        # "none of the mediator's calls": no call of the slot
        ("None of the mediator's calls receives the brief", "`mediator` never receives `brief`"),
        ("All of the mediator's calls receive the brief", None),
    ],
)
def test_never_the_case_and_a_slots_calls(sentence: str, canonical: str | None) -> None:
    assert _read_as(CRITIQUED, sentence) == canonical, sentence


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # why earlier calls failed, "an earlier one" or "the X before it":
        # other calls' outputs, received or kept away
        ("No reviewer learns why an earlier one failed", "`reviewer` never receives another `reviewer`'s output"),
        ("No reviewer is told why the reviewers before it failed", "`reviewer` never receives another `reviewer`'s output"),
        ("Each reviewer is shown why an earlier one failed", "`reviewer` receives another `reviewer`'s output"),
        ("No reviewer learns why an earlier two failed", None),
        ("The mapper never learns why the reviewers before it failed", None),
        # a question of why, how or where is a value, never a fact hidden
        # in words of a prompt
        ("The reviewer does not know why the mapper failed", None),
        ("The actor does not know where the observer is", None),
        ("The actor does not know how the observer works", None),
    ],
)
def test_why_earlier_calls_failed(sentence: str, canonical: str | None) -> None:
    assert _read_as(PATTERN, sentence) == canonical, sentence


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # a verb of the slot's work and the one thing it works on, done
        # without seeing something: it never receives it
        ("The verifier checks the work without ever seeing the goal", "`verifier` never receives `goal`"),
        ("The auditor approves the document without seeing the goal", "`auditor` never receives `goal`"),
        ("The auditor approves without ever seeing the plan", "`auditor` never receives `planner`'s output"),
        # a verb of a moment says nothing of the rest of its work
        ("The auditor begins the document without seeing the goal", None),
        ("The auditor approves the document while seeing the goal", None),
        # "its" after what the slot works on: the slot's, or the work's?
        # (once read as the verifier's own plan); but "its feedback", "its
        # earlier feedback": a word for what the slot itself makes
        ("The verifier checks the work without ever seeing its plan", None),
        ("The verifier checks the work without ever seeing its feedback", "`verifier` never receives its own output"),
        ("The verifier checks the work without ever seeing its earlier feedback", "`verifier` never receives its previous output"),
        # said first
        ("Without ever seeing the goal, the verifier checks the work", "`verifier` never receives `goal`"),
        ("Without seeing the plan, the auditor approves", "`auditor` never receives `planner`'s output"),
        ("Without ever seeing the goal, the auditor begins the document", None),
        ("After seeing the goal, the verifier checks the work", None),
    ],
)
def test_working_on_something_without_seeing(sentence: str, canonical: str | None) -> None:
    assert _read_as(PATTERN, sentence) == canonical, sentence


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # a key one slot declares, said of another slot that declares its
        # keys and not that one: no result of it has that field
        ("The mediator never sees the worker's reasoning", "`mediator` never receives `worker`'s `reasoning`"),
        ("The mediator never sees the critic's reasoning", None),
        ("The mediator never sees the critic's findings", "`mediator` never receives `critic`'s `findings`"),
    ],
)
def test_a_key_of_another_slots_result_is_no_field_of_this_one(sentence: str, canonical: str | None) -> None:
    pattern = CRITIQUED.replace("- `critic`\n", "- `critic`\n  - ensures: `{ accepts, findings }`\n").replace(
        "- `worker`\n", "- `worker`\n  - ensures: `{ text, reasoning }`\n"
    )
    assert _read_as(pattern, sentence) == canonical, sentence


PANEL = """\
---
name: panel
kind: pattern
---

# Panel

Adjudicators give opinions one after another; a chair rules on them all.

### Slots

- `adjudicator`
- `chair`

### Requires

```
case_file: string -- the case
```

### Invariants

{invariants}

### Delegation

```prose
let opinions = []
repeat 3 as seat:
  let opinion = call adjudicator
    case_file: case_file
  append opinion to opinions
let ruling = call chair
  opinions: opinions
return { ruling: ruling }
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # "earlier opinions", of `opinion` that holds every adjudicator
        # result and `opinions` it is appended to: its earlier outputs
        ("Earlier opinions are never shown to later adjudicators", "later `adjudicator` never receives its previous output"),
        ("No adjudicator sees earlier opinions", "`adjudicator` never receives its previous output"),
        ("Each adjudicator sees earlier opinions", "`adjudicator` receives its previous output"),
        # of another slot, "earlier" than what?
        ("The chair never sees earlier opinions", None),
    ],
)
def test_earlier_values_of_a_local_and_its_list(sentence: str, canonical: str | None) -> None:
    assert _read_as(PANEL, sentence) == canonical, sentence


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # the noun an `ensures:` opens with, before the keys, names the
        # whole result ("a ruling `{ accepts, findings }`")
        ("The mediator never sees the critic's ruling", "`mediator` never receives `critic`'s output"),
        ("The mediator never sees the critic's findings", "`mediator` never receives `critic`'s `findings`"),
        # another noun, of a slot that declares its keys: not read
        ("The mediator never sees the critic's tally", None),
    ],
)
def test_the_noun_before_declared_keys_is_the_whole_result(sentence: str, canonical: str | None) -> None:
    pattern = CRITIQUED.replace("- `critic`\n", "- `critic`\n  - ensures: a ruling `{ accepts, findings }`\n").replace(
        "  glossary: glossary\n", "  glossary: glossary\n  findings: verdict.findings\n"
    )
    assert _read_as(pattern, sentence) == canonical, sentence


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # a word for every slot as the owner of a key: each slot that
        # declares it (two or more), kept away; "either", received, is one
        # of them, which no claim says
        (
            "The mediator never sees either party's notes",
            "`mediator` never receives `critic`'s `notes`; `mediator` never receives `worker`'s `notes`",
        ),
        (
            "The mediator is not given the parties' notes",
            "`mediator` never receives `critic`'s `notes`; `mediator` never receives `worker`'s `notes`",
        ),
        ("The mediator sees either party's notes", None),
        # a key one slot declares: which "party" is not said
        ("The mediator never sees either party's text", None),
    ],
)
def test_a_word_for_every_slot_owns_the_keys_its_slots_declare(sentence: str, canonical: str | None) -> None:
    pattern = (
        CRITIQUED.replace("- `critic`\n", "- `critic`\n  - ensures: `{ accepts, notes }`\n")
        .replace("- `worker`\n", "- `worker`\n  - ensures: `{ text, notes }`\n")
        .replace("  glossary: glossary\n", "  glossary: glossary\n  notes: verdict.notes\n  text: draft.text\n  more: draft.notes\n")
    )
    assert _read_as(pattern, sentence) == canonical, sentence


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # "A and B alike" is each of them, as "A and B all"
        (
            "The goal is withheld from the reviewer and the auditor alike",
            "`reviewer` never receives `goal`; `auditor` never receives `goal`",
        ),
        ("The reviewer and the auditor alike never see the goal", "`reviewer` never receives `goal`; `auditor` never receives `goal`"),
        ("The goal reaches the reviewer and the auditor alike", "`reviewer` receives `goal`; `auditor` receives `goal`"),
        (
            "The reviewer, the auditor and the verifier alike see the brief",
            "`reviewer` receives `brief`; `auditor` receives `brief`; `verifier` receives `brief`",
        ),
        # its negated twin, and "alike" of the objects: not read
        ("The goal is not withheld from the reviewer and the auditor alike", None),
        ("The reviewer sees the goal and the brief alike", None),
    ],
)
def test_slots_named_and_closed_by_alike_are_each_of_them(sentence: str, canonical: str | None) -> None:
    assert _read_as(PATTERN, sentence) == canonical, sentence




LASTING = """\
---
name: lasting
kind: pattern
---

# Lasting

A worker drafts until a critic accepts; a summarizer writes up the last draft.

### Slots

- `worker`
- `critic`
- `summarizer`

### Requires

```
brief: string -- the task
```

### Invariants

{invariants}

### Delegation

```prose
let last_result = null
let notes = null
repeat 3:
  let last_result = call worker
    brief: brief
  let verdict = call critic
    draft: last_result
  if verdict accepts:
    return { result: last_result }
  notes = verdict
let summary = call summarizer
  draft: last_result
return { result: summary, draft: last_result, notes: notes }
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # a local that holds a slot's latest result, returned on a named path
        ("When the rounds run out, the last result is returned", "after exhaustion, `worker`'s latest output is returned", Status.PROVED),
        ("When the critic accepts, the last result is returned", "when `critic` approves, `worker`'s latest output is returned", Status.PROVED),
        ("When the rounds run out, the last result is not returned", None, Status.UNRECOGNIZED),
        ("When the rounds run out, the last result is never returned", None, Status.UNRECOGNIZED),
        # a local that holds no one slot's results, or not said to be the latest
        ("When the rounds run out, the notes are returned", None, Status.UNRECOGNIZED),
        # "the returned result comes solely from": that slot and no other
        ("The returned result comes solely from the worker", "the result is produced only by `worker`", Status.VIOLATED),
        ("The result returned is produced only by the summarizer", "the result is produced only by `summarizer`", Status.VIOLATED),
        ("The returned result never comes solely from the worker", None, Status.UNRECOGNIZED),
        ("The returned result comes not solely from the worker", None, Status.UNRECOGNIZED),
    ],
)
def test_the_last_result_on_a_path_and_a_returned_result_made_by_one_slot(sentence: str, canonical: str | None, status: Status) -> None:
    read_as, got, _ = _checked(LASTING, sentence)
    assert (read_as or None, got) == (canonical, status), sentence


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        ("The returned result comes solely from the reducer", "the result is produced only by `reducer`"),
        ("The returned result comes only from the mapper", "the result is produced only by `mapper`"),
        ("The returned result comes mostly from the reducer", None),
        # "alone" after the maker: no one else's
        ("The final result comes from the reducer alone", "the result is produced only by `reducer`"),
        ("The returned result comes from the reducer alone", "the result is produced only by `reducer`"),
        ("The returned result is the mapper's output alone", "the result is produced only by `mapper`"),
        ("The returned result is produced by the reducer alone", "the result is produced only by `reducer`"),
        # "independently" says how, not who; and a denial is not read
        ("The final result comes from the reducer independently", None),
        ("The final result never comes from the reducer alone", None),
        ("The returned result is not the mapper's output alone", None),
    ],
)
def test_a_returned_result_said_to_come_solely_from_one_slot(sentence: str, canonical: str | None) -> None:
    assert _read_as(REDUCED, sentence) == canonical, sentence


REDUCED = """\
---
name: reduced
kind: pattern
---

# Reduced

Mappers summarize each chunk; a reducer merges the summaries.

### Slots

- `mapper`
- `reducer`

### Requires

```
chunks: list -- the pieces
```

### Invariants

{invariants}

### Delegation

```prose
let summaries = []
for chunk in chunks:
  let summary = call mapper
    chunk: chunk
  record summary in summaries
let result = call reducer
  summaries: summaries
return { result: result }
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # "counts as a hold": the noun of a refusal's verb is a refusal
        ("Unreadable screener output counts as a hold", "unreadable `screener` output counts as a refusal", Status.ENFORCED),
        ("Unreadable screener output is treated as a decline", "unreadable `screener` output counts as a refusal", Status.ENFORCED),
        ("Unreadable screener output never counts as a hold", None, Status.UNRECOGNIZED),
        ("Unreadable screener output does not count as a hold", None, Status.UNRECOGNIZED),
        # "counts as a failure", "a failed check": the test not passed
        ("Unreadable screener output counts as a failure", "unreadable `screener` output counts as a refusal", Status.ENFORCED),
        ("Unreadable screener output is treated as a failed check", "unreadable `screener` output counts as a refusal", Status.ENFORCED),
        ("Unreadable screener output never counts as a failure", None, Status.UNRECOGNIZED),
        # "an unreadable screening": the verdict, named by what the slot does
        ("An unreadable screening counts as a rejection", "unreadable `screener` output counts as a refusal", Status.ENFORCED),
        ("An unreadable screening never counts as a rejection", None, Status.UNRECOGNIZED),
        ("An unreadable screening counts as approval", "it is not the case that unreadable `screener` output counts as a refusal", Status.VIOLATED),
        # other forms of the verb are no noun for it
        ("An unreadable screens counts as a rejection", None, Status.UNRECOGNIZED),
    ],
)
def test_an_unreadable_verdict_counted_as_a_hold_or_named_by_the_activity(sentence: str, canonical: str | None, status: Status) -> None:
    read_as, got, _ = _checked(AUDITED, sentence)
    assert (read_as or None, got) == (canonical, status), sentence


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # "writes nothing unless ...": none of what the slot's call does
        # without the approval, so its calls only after it
        ("The registrar writes nothing unless the screener approves", "`registrar` runs only when `screener` approves", Status.PROVED),
        ("The registrar files nothing without the screener's approval", "`registrar` runs only when `screener` approves", Status.PROVED),
        # not the gate: something, or "when" (the call on the approval, not only then)
        ("The registrar writes something unless the screener approves", None, Status.UNRECOGNIZED),
        ("The registrar writes nothing when the screener approves", None, Status.UNRECOGNIZED),
        # a verb of waiting or ending is not what the call does
        ("The registrar stops nothing unless the screener approves", None, Status.UNRECOGNIZED),
        # "it is never the case that", read as one phrase, of the clause
        # that would break the gate
        ("It is never the case that the registrar runs without the screener's approval", "`registrar` runs only when `screener` approves", Status.PROVED),
        ("It is never true that the registrar runs before the screener approves", "`registrar` runs only when `screener` approves", Status.PROVED),
        ("It is never the case that the registrar runs with the screener's approval", None, Status.UNRECOGNIZED),
    ],
)
def test_a_slot_that_does_nothing_unless_approved_is_gated(sentence: str, canonical: str | None, status: Status) -> None:
    read_as, got, _ = _checked(AUDITED, sentence)
    assert (read_as or None, got) == (canonical, status), sentence


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # a noun for a result, said bare, that is a key a slot declares:
        # that key of the slot's results, not any delegate's result
        ("The mediator never sees the findings", "`mediator` never receives `critic`'s `findings`"),
        ("No mediator call ever sees the findings", "`mediator` never receives `critic`'s `findings`"),
        ("The mediator does not see the findings", "`mediator` never receives `critic`'s `findings`"),
        # its twin, received: not read as kept away
        ("The mediator sees the findings", "`mediator` receives `critic`'s `findings`"),
        # a noun for a kind of result that names no key, and no slot's
        # result is called so: not read (not any delegate's result, which
        # a mediator given another delegate's draft would break); "the
        # result" stays any result whatever the slots declare
        ("The mediator never sees the opinions", None),
        ("The mediator never sees the result", "`mediator` never receives the result"),
    ],
)
def test_a_bare_noun_for_a_result_that_a_slot_declares_as_a_key(sentence: str, canonical: str | None) -> None:
    pattern = CRITIQUED.replace("- `critic`\n", "- `critic`\n  - ensures: `{ accepts, findings, result }`\n").replace(
        "  glossary: glossary\n", "  glossary: glossary\n  notes: verdict.findings\n"
    )
    assert _read_as(pattern, sentence) == canonical, sentence


DEBATE = """\
---
name: debate
kind: pattern
---

# Debate

Two sides argue in rounds.

### Slots

- `thesis`
- `antithesis`

### Requires

```
topic: string -- what is argued
```

### Invariants

{invariants}

### Delegation

```prose
let last_answer = null
repeat 3:
  let claim = call thesis
    topic: topic
    answer: last_answer
  let answer = call antithesis
    topic: topic
    claim: claim
  last_answer = answer
return { answer: last_answer }
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # "from the same round", "from the previous round": that round's
        # output, as "the current", "the previous" one is
        ("The antithesis receives the thesis's claim from the same round", "`antithesis` receives `thesis`'s current output", Status.PROVED),
        ("The antithesis is handed the thesis claim from the same round", "`antithesis` receives `thesis`'s current output", Status.PROVED),
        ("The thesis receives the antithesis's answer from the previous round", "`thesis` receives `antithesis`'s previous output", Status.PROVED),
        ("The thesis receives the antithesis's answer from the same round", "`thesis` receives `antithesis`'s current output", Status.VIOLATED),
        ("The antithesis never receives the thesis's claim from the same round", "`antithesis` never receives `thesis`'s current output", Status.VIOLATED),
        # "latest": the newest there is when the call is made, this round's
        # or, for a slot that runs after it, the round before's
        ("The antithesis receives the thesis's latest output", "`antithesis` receives `thesis`'s latest output", Status.PROVED),
        ("The thesis receives the antithesis's most recent output", "`thesis` receives `antithesis`'s latest output", Status.UNRECOGNIZED),
        ("The thesis receives the antithesis's current output", "`thesis` receives `antithesis`'s current output", Status.VIOLATED),
        # every earlier round's, or the last one's? and a word that is no round
        ("The thesis receives the antithesis's answer from earlier rounds", None, Status.UNRECOGNIZED),
        ("The antithesis receives the thesis's claim from the same topic", None, Status.UNRECOGNIZED),
    ],
)
def test_a_slots_output_from_the_same_or_the_previous_round(sentence: str, canonical: str | None, status: Status) -> None:
    read_as, got, evidence = _checked(DEBATE, sentence)
    assert read_as == canonical, sentence
    assert got == status, evidence


WORKSHOP = """\
---
name: workshop
kind: pattern
---

# Workshop

A designer revises the rules; a tester plays them; a rosterer plans the sessions.

### Slots

- `designer`
  - ensures: a revised rulebook
- `tester`
  - ensures: a play report
- `rosterer`
  - ensures: a session plan

### Requires

- The caller supplies:
    brief: string -- what the game is for

### Invariants

{invariants}

### Delegation

```prose
let rules = call designer
  brief: brief
let report = call tester
  rules: rules
let sessions = call rosterer
  brief: brief
  prompt: "Roster the sessions for the next play test."
return { report: report, roster: sessions }
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # a word of one stem with what the designer makes, and no key: its
        # whole result, or a part of it? Kept away, some part of it: none
        # may reach the tester, and a whole result breaks it
        ("The designer's revisions are hidden from the tester", "`tester` never receives `designer`'s revisions"),
        ("The tester sees the designer's revisions", None),
        ("The designer's rulebook is hidden from the tester", "`tester` never receives `designer`'s output"),
        # a word with no other meaning here: a field, removed at run time
        ("The designer's reasoning is hidden from the tester", "`tester` never receives `designer`'s `reasoning`"),
        # the rosterer's own work (the program's key `roster`) is no fact
        # hidden from it; "a review" is
        ("The rosterer is not told that the roster will be reviewed", "`rosterer` does not know about reviewed"),
        ("The rosterer is not told that a tester is involved", "`rosterer` does not know about tester or involved"),
    ],
)
def test_a_word_for_what_a_slot_makes(sentence: str, canonical: str | None) -> None:
    assert _read_as(WORKSHOP, sentence) == canonical, sentence


SCREENED_LETTER = """\
---
name: screened-letter
kind: pattern
---

# Screened letter

A screener checks the brief; a writer drafts the letter; a critic reviews
the plan in rounds.

### Slots

- `screener`
- `writer`
- `planner`
- `critic`

### Requires

```
brief: string -- what is asked
max_rounds: number -- how many reviews at most
```

### Invariants

{invariants}

### Delegation

```prose
let check = call screener
  brief: brief
if check does not approve:
  return { letter: null, screen_notes: check.reason, extracted: null, plan: null, note: null }
let letter = call writer
  brief: brief
let plan = call planner
  brief: brief
loop until **the critic approves the plan** (max: max_rounds) as attempt:
  let review = call critic
    plan: plan
  if review approves:
    return { letter: letter, screen_notes: check.reason, extracted: letter, plan: plan, note: review.reason }
  let plan = call planner
    brief: brief
    notes: review.reason
return { letter: letter, screen_notes: check.reason, extracted: letter, plan: plan, note: "no agreement" }
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # the local that holds a deciding slot's verdicts, as the one who decides
        ("When check refuses, the letter returned is the writer's", "when `screener` blocks, the returned `letter` comes from `writer`", Status.VIOLATED),
        ("When check does not approve, the letter returned is the writer's", "when `screener` blocks, the returned `letter` comes from `writer`", Status.VIOLATED),
        ("When check refuses, the letter returned is never the writer's", None, Status.UNRECOGNIZED),
        ("When review approves, the note returned is the critic's", "when `critic` approves, the returned `note` comes from `critic`", Status.PROVED),
        # a local of a slot whose verdict nothing tests decides nothing
        ("When letter refuses, the note returned is the critic's", None, Status.UNRECOGNIZED),
        # what the slot refuses is no part of whose refusal it is
        ("When the screener rejects the brief, the returned letter is the writer's", "when `screener` blocks, the returned `letter` comes from `writer`", Status.VIOLATED),
        ("When the screener rejects the work, the returned letter is the writer's", "when `screener` blocks, the returned `letter` comes from `writer`", Status.VIOLATED),
        ("When the screener never rejects the work, the returned letter is the writer's", None, Status.UNRECOGNIZED),
        # "after" an outcome, as "on" it
        ("After a success, the letter returned is the writer's", "on success, the returned `letter` comes from `writer`", Status.PROVED),
        ("After a successful review, the letter returned is the writer's", "on success, the returned `letter` comes from `writer`", Status.PROVED),
        ("After a successful review, the letter returned is never the writer's", None, Status.UNRECOGNIZED),
        # the loop running out, named by the local of its rounds or a noun
        # and the word for what it counts
        ("When the reviews run out, the planner's latest plan is returned", "after exhaustion, `planner`'s latest output is returned", Status.PROVED),
        ("When the review budget runs out, the note comes from the critic", "after exhaustion, the returned `note` comes from `critic`", Status.VIOLATED),
        ("When the reviews never run out, the note comes from the critic", None, Status.UNRECOGNIZED),
        # a key spelled in two words, though the first names a local
        ("The screen notes returned always come from the screener", "the returned `screen_notes` always comes from `screener`", Status.PROVED),
        # a key that is a participle, before a noun for the value itself
        ("The extracted record comes from the writer", "the returned `extracted` comes from `writer`", Status.UNRECOGNIZED),
        ("The extracted text returned is always the writer's", "the returned `extracted` always comes from `writer`", Status.VIOLATED),
        ("When the critic approves, the extracted record comes from the writer", "when `critic` approves, the returned `extracted` comes from `writer`", Status.PROVED),
        # not a figure drawn from it, and not a key that names no participle
        ("The extracted count comes from the writer", None, Status.UNRECOGNIZED),
        ("The plan record comes from the planner", None, Status.UNRECOGNIZED),
        ("The extracted record never comes from the writer", None, Status.UNRECOGNIZED),
    ],
)
def test_a_return_on_a_path_named_by_a_local_or_after_an_outcome(sentence: str, canonical: str | None, status: Status) -> None:
    read_as, got, evidence = _checked(SCREENED_LETTER, sentence)
    assert read_as == canonical, sentence
    assert got == status, (sentence, evidence)


@pytest.mark.parametrize(
    ("sentence", "read_as"),
    [
        # "exactly as filed", "as asked", "just as the caller supplied it":
        # the input as the caller gave it
        ("The auditor receives the document exactly as filed", {("unchanged", "input:document(original)")}),
        ("The target receives the brief exactly as asked", {("unchanged", "input:brief(original)")}),
        ("The auditor receives the document just as the caller supplied it", {("unchanged", "input:document(original)")}),
        ("The auditor never receives the document exactly as filed", None),
        # the word after the first values is said of them; what follows
        # "and" is received, as it may be
        ("The guard receives the brief unchanged, and the budget as well",
         {("unchanged", "input:brief(original)"), ("receives", "input:budget")}),
        ("The guard receives the brief unchanged and the budget", {("unchanged", "input:brief(original)"), ("receives", "input:budget")}),
        ("The guard never receives the brief unchanged, and the budget as well", None),
        # "passed to A along with B": A receives both
        ("The plan is passed to the executor along with the goal", {("receives", "planner+input:goal")}),
        ("The plan reaches the executor together with the goal", {("receives", "planner+input:goal")}),
        ("The plan is never passed to the executor along with the goal", None),
        ("The plan reaches no executor along with the goal", None),
        # a bare "with": alongside, or on the guard's say-so?
        ("The brief reaches the target with the guard's decision", None),
        # "always reach", before the verb as after it
        ("The brief always reaches the target as given", {("unchanged", "input:brief(original)")}),
    ],
)
def test_received_as_given_and_along_with(sentence: str, read_as: set[tuple[str, str]] | None) -> None:
    facts, _ = facts_for(sentence)
    if read_as is None:
        assert [f.status for f in facts] == [Status.UNRECOGNIZED], sentence
        return
    got = set()
    for f in facts:
        p = dict(f.params)
        if f.kind == "unchanged":
            got.add((f.kind, str(p["source"])))
        else:
            needs = [str(n) for n in p["needs"]]
            got.add((f.kind, "+".join(n.removeprefix("slot:") for n in needs)))
    assert got == read_as, sentence


@pytest.mark.parametrize(
    ("sentence", "slots"),
    [
        # "every spotter and the referee": each call of each, as "the
        # referee and every spotter" is
        ("Every handler and the guard receive the brief unchanged", {("unchanged", "handler"), ("unchanged", "guard")}),
        ("Every handler and the guard never see the budget", {("isolation", "handler"), ("isolation", "guard")}),
        ("Every handler and no guard receive the brief unchanged", None),
    ],
)
def test_every_slot_and_another_as_subject(sentence: str, slots: set[tuple[str, str]] | None) -> None:
    facts, _ = facts_for(sentence)
    if slots is None:
        assert [f.status for f in facts] == [Status.UNRECOGNIZED], sentence
        return
    assert {(f.kind, str(dict(f.params)["slot"])) for f in facts} == slots, sentence


def test_a_bare_slot_after_along_with_or_unchanged_and_is_no_output() -> None:
    # "along with the verifier": another recipient, or its output? not read
    assert reading("The plan is passed to the executor along with the verifier") is None
    # "..., and the target as well": the clause said again of the target
    facts, _ = facts_for("The guard receives the brief unchanged, and the target as well")
    assert {(f.kind, dict(f.params)["slot"]) for f in facts} == {("unchanged", "guard"), ("unchanged", "target")}


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # "at least once": some call receives it, not each; false where no
        # call ever does, and never proved
        ("The executor sees the goal at least once", "`executor` receives `goal` at least once", Status.VIOLATED),
        ("The goal reaches the executor at least once", "`executor` receives `goal` at least once", Status.VIOLATED),
        ("At least once, the executor is shown the plan", "`executor` receives `planner`'s output at least once", Status.UNVERIFIABLE),
        ("The executor sees the plan at least once", "`executor` receives `planner`'s output at least once", Status.UNVERIFIABLE),
        # a floor of several values, of 'only', of 'unchanged', denied, or
        # a count other than once: not read
        ("The executor sees the plan and the goal at least once", None, Status.UNRECOGNIZED),
        ("The executor sees only the plan at least once", None, Status.UNRECOGNIZED),
        ("The executor sees the plan unchanged at least once", None, Status.UNRECOGNIZED),
        ("The executor never sees the plan at least once", None, Status.UNRECOGNIZED),
        ("No executor sees the plan at least once", None, Status.UNRECOGNIZED),
        ("The executor sees the plan at least twice", None, Status.UNRECOGNIZED),
        # the verb left out after a floor: the floor too, or not?
        ("The executor sees the goal at least once, and the planner the plan", None, Status.UNRECOGNIZED),
    ],
)
def test_received_at_least_once(sentence: str, canonical: str | None, status: Status) -> None:
    read_as, got, evidence = _checked(PATTERN, sentence)
    assert read_as == canonical, sentence
    assert got == status, evidence


SURVEY_PASSES = """\
---
name: survey-passes
kind: pattern
---

# Survey passes

Trails are surveyed pass after pass, spans flown one by one.

### Slots

- `surveyor`
- `matcher`
- `briefer`
- `pilot`
- `checker`
- `caller`

### Requires

```
trails: string -- what is surveyed
season: string -- when
spans: string[] -- what is flown
referees: string[] -- who is contacted
trail_reports: string[] -- what walkers saw
sites: string[] -- where checks are made
survey_passes: number -- (optional, default 3)
passes: number -- (optional, default 2)
```

### Invariants

{invariants}

### Delegation

```prose
let notes = call checker
  trails: trails
repeat survey_passes:
  call surveyor
    trails: trails
    season: season
    reports: trail_reports
repeat passes as pass_number:
  let sweep = call matcher
    trails: trails
    pass_number: pass_number
for span in spans:
  call pilot
    span: span
    season: season
  call briefer
    season: season
for referee in referees:
  call caller
    referee: referee
for site in sites:
  call checker
    site: site
return notes
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # a round of the loop a config entry bounds, said of the one slot
        # it calls, or of the slot named before it
        ("Every survey pass receives the same trails and the same season", "every `surveyor` receives the same `trails` and the same `season`", Status.PROVED),
        ("Every survey pass gets identical inputs", "every `surveyor` receives the same inputs", Status.PROVED),
        # a value said in the words of the (plural) key it is passed under
        ("Every survey pass gets the same reports", "every `surveyor` receives the same `reports`", Status.PROVED),
        ("Every survey pass gets the same trail reports", "every `surveyor` receives the same `trail_reports`", Status.PROVED),
        ("Every survey pass gets the same `reports`", "every `surveyor` receives the same `reports`", Status.PROVED),
        ("Every matcher pass receives the same trails", "every `matcher` receives the same `trails`", Status.PROVED),
        ("Every matcher pass receives identical inputs", "every `matcher` receives the same inputs", Status.VIOLATED),
        ("Every matcher pass is given the same trails", "every `matcher` receives the same `trails`", Status.PROVED),
        # a slot the loop does not call, or one called outside it too
        ("Every surveyor pass receives the same trails", None, Status.UNRECOGNIZED),
        ("Every checker pass receives the same trails", None, Status.UNRECOGNIZED),
        # negated, or of different inputs: not read
        ("No survey pass receives the same trails", None, Status.UNRECOGNIZED),
        ("Every survey pass receives different trails", None, Status.UNRECOGNIZED),
        # each result of the slot whose every result a local holds
        ("Every sweep receives the same trails", "every `matcher` receives the same `trails`", Status.PROVED),
        ("All matcher sweeps receive the same trails", "every `matcher` receives the same `trails`", Status.PROVED),
        ("All pilot sweeps receive the same trails", None, Status.UNRECOGNIZED),
        ("No sweep receives the same trails", None, Status.UNRECOGNIZED),
        # each act of the slot named for it
        ("Every briefing receives the same season", "every `briefer` receives the same `season`", Status.PROVED),
        ("Every briefing never receives the same season", None, Status.UNRECOGNIZED),
        # an element handled, with any verb, by exactly one call of the slot
        # (what the call does with it, "handled by")
        ("Each span is flown by exactly one pilot call", "each `spans` is handled by exactly one `pilot`", Status.PROVED),
        ("Each span is inspected by exactly one pilot", "each `spans` is handled by exactly one `pilot`", Status.PROVED),
        ("Each referee is ruled on by exactly one caller call", "each `referees` is handled by exactly one `caller`", Status.PROVED),
        ("Each span is flown by at least one pilot call", None, Status.UNRECOGNIZED),
        ("Each span is not flown by exactly one pilot call", None, Status.UNRECOGNIZED),
        ("Each span is often by exactly one pilot call", None, Status.UNRECOGNIZED),
        # the elements a loop calls one slot on, called on in order
        ("Referees are contacted one at a time, in the order listed", "`caller` runs in order over `referees`", Status.PROVED),
        # of a slot also called outside the loop, whose every call the
        # claim would be of
        ("Sites are contacted one at a time, in the order listed", None, Status.UNRECOGNIZED),
        ("Sites are observed one at a time", None, Status.UNRECOGNIZED),
        ("Referees are contacted in parallel", None, Status.UNRECOGNIZED),
        ("Referees are not contacted one at a time", None, Status.UNRECOGNIZED),
    ],
)
def test_rounds_named_by_their_bound_and_elements_handled_by_one_call(sentence: str, canonical: str | None, status: Status) -> None:
    read_as, got, evidence = _checked(SURVEY_PASSES, sentence)
    assert read_as == canonical, (sentence, read_as)
    assert got == status, (sentence, evidence)


APPEALS = """\
---
name: appeals
kind: pattern
---

# Appeals

Engines rank the games; a panel hears appeals for a bounded number of rounds.

### Slots

- `engine`
- `panel`
- `roaster`
- `reviewer`

### Config

- `hearings` (integer, default: 2): how many tribunal rounds the panel may hold

### Requires

```
games: string[] -- what is ranked
appeals: string[] -- the players' claims
appeal_rounds: number -- (optional, default 2)
batches: number -- (optional, default 3)
hearings: number -- (optional, default 2)
max_reviews: number -- (optional, default 2)
```

### Invariants

{invariants}

### Delegation

```prose
let ranks = parallel for game in games:
  call engine
    game: game
repeat appeal_rounds:
  call panel
    ranks: ranks
    appeals: appeals
repeat batches as batch:
  call roaster
    batch: batch
repeat hearings:
  call panel
    ranks: ranks
repeat max_reviews:
  call reviewer
    ranks: ranks
return ranks
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # a loop named by the rounds its bound's name or description counts,
        # or by its own variable, in a word that also names the data
        ("The appeal loop is bounded by appeal_rounds", "the loop is bounded by `appeal_rounds`", Status.PROVED),
        ("The appeal loop is bounded by batches", None, Status.UNRECOGNIZED),
        ("The appeal loop is not bounded by appeal_rounds", "it is not the case that the loop is bounded by `appeal_rounds`", Status.VIOLATED),
        ("The batch loop is bounded by batches", "the batch loop is bounded by `batches`", Status.PROVED),
        ("The batch loop is bounded by appeal_rounds", "the batch loop is bounded by `appeal_rounds`", Status.VIOLATED),
        ("The tribunal loop is bounded by hearings", "the loop is bounded by `hearings`", Status.PROVED),
        ("The tribunal loop is bounded by appeal_rounds", None, Status.UNRECOGNIZED),
        # the loop of that variable, a `parallel for`, is left unsettled
        ("The game loop is bounded by hearings", "the game loop is bounded by `hearings`", Status.UNRECOGNIZED),
        ("The ranking loop is bounded by hearings", None, Status.UNRECOGNIZED),
        # a word that also names a slot called in a loop is that slot's loop,
        # one reading, not also the loop the bound's name counts
        ("The review loop is bounded by max_reviews", "the `reviewer` loop is bounded by `max_reviews`", Status.PROVED),
        ("The review loop is bounded by hearings", "the `reviewer` loop is bounded by `hearings`", Status.VIOLATED),
    ],
)
def test_a_loop_named_by_what_its_bound_counts_in_a_word_of_the_data(sentence: str, canonical: str | None, status: Status) -> None:
    read_as, got, evidence = _checked(APPEALS, sentence)
    assert read_as == canonical, (sentence, read_as)
    assert got == status, (sentence, evidence)


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # an unreadable verdict named by the local that holds the approver's
        # every result (`let decision = call guard`)
        ("An unparseable decision verdict counts as a refusal", "unreadable `guard` output counts as a refusal"),
        ("A garbled decision verdict never lets the target through", "unreadable `guard` output keeps `target` from running"),
        ("An unparseable decision verdict counts as an approval", "it is not the case that unreadable `guard` output counts as a refusal"),
        # a local that holds no one slot's every result, or a verdict not
        # said to be unreadable
        ("An unparseable parts verdict counts as a refusal", None),
        ("An unparseable second verdict counts as a refusal", None),
        ("A decision verdict counts as a refusal", None),
        # the local alone
        ("An unparseable decision counts as a refusal", "unreadable `guard` output counts as a refusal"),
        ("A decision that cannot be parsed counts as a refusal", "unreadable `guard` output counts as a refusal"),
        ("A decision that can be parsed counts as a refusal", None),
        ("A parts list that cannot be parsed counts as a refusal", None),
    ],
)
def test_an_unreadable_verdict_named_by_the_local_that_holds_it(sentence: str, canonical: str | None) -> None:
    assert _read_as(PATTERN, sentence) == canonical, sentence


DESK = """\
---
name: desk
kind: pattern
---

# Desk

A customer's refund request is triaged and paid.

### Slots

- `triager`
- `payments`

### Requires

- The caller supplies:
    message: string -- what the customer wrote
    customer_id: string -- the account the message came from
    buyer_budget: number -- the most the buyer will pay

### Invariants

{invariants}

### Delegation

```prose
let verdict = call triager
  message: message
  customer_id: customer_id
let receipt = call payments
  customer_id: customer_id
  budget: buyer_budget
  reason: verdict
return { receipt: receipt }
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # a group noun after a slot's name is that slot
        ("The payments desk never sees the message", "`payments` never receives `message`", Status.PROVED),
        ("The payments team receives the message", "`payments` receives `message`", Status.VIOLATED),
        ("The payments desk receives the triager's verdict", "`payments` receives `triager`'s output", Status.PROVED),
        # on its own it names no slot
        ("The desk never sees the message", None, Status.UNRECOGNIZED),
        # the one whose words the description says the input is owns it,
        # even where that word is a part of another input's name
        ("The payments desk never sees the customer's message", "`payments` never receives `message`", Status.PROVED),
        ("The triager receives the customer's message", "`triager` receives `message`", Status.PROVED),
        ("The payments desk receives the customer's message", "`payments` receives `message`", Status.VIOLATED),
        # a possessive with "original" between it and the name
        ("The payments desk never sees the customer's original message", "`payments` never receives the original `message`", Status.PROVED),
        ("The payments desk is handed the buyer's untouched budget", "`payments` receives `buyer_budget` unchanged", Status.PROVED),
        ("The triager is handed the customer's original message", "`triager` receives `message` unchanged", Status.PROVED),
        # an owner no description names, before a word no input is
        ("The payments desk never sees the customer's notes", None, Status.UNRECOGNIZED),
        ("The payments desk never sees the customer's original notes", None, Status.UNRECOGNIZED),
    ],
)
def test_a_group_noun_after_a_slot_and_an_inputs_owner_by_its_description(sentence: str, canonical: str | None, status: Status) -> None:
    read_as, got, evidence = _checked(DESK, sentence)
    assert read_as == canonical, sentence
    assert got == status, evidence


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # a verb of moving with "to": received, as "reaches" is
        ("The message goes to the triager", "`triager` receives `message`", Status.PROVED),
        ("The message goes to the triager unchanged", "`triager` receives `message` unchanged", Status.PROVED),
        ("The message goes to the payments desk", "`payments` receives `message`", Status.VIOLATED),
        # and to that slot alone: every other slot never receives it
        ("The message goes to the triager alone", "`triager` receives `message`; `payments` never receives `message`", Status.PROVED),
        ("The message goes only to the triager", "`triager` receives `message`; `payments` never receives `message`", Status.PROVED),
        ("The message goes to the triager and to no one else", "`triager` receives `message`; `payments` never receives `message`", Status.PROVED),
        ("The customer id goes to the triager and to no other role", "`triager` receives `customer_id`; `payments` never receives `customer_id`", Status.VIOLATED),
        # the denial stays a denial
        ("The message never goes to the payments desk", "`payments` never receives `message`", Status.PROVED),
        ("The message does not go to the triager", "`triager` never receives `message`", Status.VIOLATED),
    ],
)
def test_a_value_that_goes_to_a_slot(sentence: str, canonical: str | None, status: Status) -> None:
    text = DESK.replace("{invariants}", f"- {sentence}")
    result = compile_text("tests/own.prose.md", text.encode(), render=False)
    assert result.report is not None
    facts = list(result.report.invariants)
    said = "; ".join(e.removeprefix("read as: ") for f in facts for e in f.evidence if e.startswith("read as: "))
    assert said == canonical, sentence
    worst = Status.VIOLATED if any(f.status == Status.VIOLATED for f in facts) else facts[0].status
    assert worst == status, [f.evidence for f in facts]


TANK = """\
---
name: tank
kind: pattern
---

# Tank

A tank's water is tested a few times, a dose is planned from the counts, and
the doser gives it.

### Slots

- `water_tester`
  - requires: tank_notes, criteria
  - ensures: a reading
- `dose_planner`
  - requires: counts, species, reading
  - ensures: a plan
- `doser`
  - requires: plan, feed, check
  - ensures: a confirmation

### Config

- `trial_count` (integer, default: 3): how many trials to run

### Requires

- The caller supplies:
    tank_notes: string -- the bench notes written when the tank came in
    criteria: string -- the inclusion and exclusion criteria
    species: string -- the species kept in the tank
    feed: string -- the raw sensor feed

### Returns

- `result`: the doser's confirmation

### Invariants

{invariants}

### Delegation

```prose
let readings = parallel repeat trial_count:
  call water_tester
    tank_notes: tank_notes
    criteria: criteria

let plan = call dose_planner
  counts: readings
  species: species
  reading: readings
  prompt: "Correct the dose for the species."

let confirmation = call doser
  plan: plan
  feed: feed
  check: readings

return { result: confirmation }
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # a slot named in two words, its act in the same two ("water test")
        ("Every water test is run with the same inputs", "every `water_tester` receives the same inputs", Status.PROVED),
        ("Every water test receives the same tank notes", "every `water_tester` receives the same `tank_notes`", Status.PROVED),
        # a word the input's description puts before the name it is known by
        ("The bench notes are kept from the doser", "`doser` never receives `tank_notes`", Status.PROVED),
        ("The doser receives the bench notes", "`doser` receives `tank_notes`", Status.VIOLATED),
        # two words in a row that each name the one input are that input
        ("The doser is not given the inclusion criteria", "`doser` never receives `criteria`", Status.PROVED),
        ("The water tester gets the inclusion criteria unchanged", "`water_tester` receives `criteria` unchanged", Status.PROVED),
        # "per" a thing the pattern has one of: a run; of a slot in no loop
        ("The doser runs exactly once per trial", None, Status.UNRECOGNIZED),
        ("The doser runs exactly once per delivery", "`doser` is called exactly once", Status.PROVED),
        ("The dose planner is called at most once per species", "`dose_planner` is called at most once", Status.PROVED),
        ("The water tester runs exactly once per delivery", None, Status.UNRECOGNIZED),
        # "counts", a part of `trial_count`'s name, is also the key the
        # planner is passed the readings under: which is meant?
        ("The dose planner decides solely from the counts", None, Status.UNRECOGNIZED),
        ("The doser never sees the trial count", "`doser` never receives `trial_count`", Status.PROVED),
        # a word of the stem of what the slot's prompt asks it to do is
        # what it makes, not a field no result is known to have: some part
        # of its result, and the doser is given all of it
        ("The doser never sees the dose planner's corrections", "`doser` never receives `dose_planner`'s corrections", Status.VIOLATED),
        ("The doser never sees the dose planner's reasoning", "`doser` never receives `dose_planner`'s `reasoning`", Status.ENFORCED),
        # "its X", where the slot is passed X and declares no such key
        ("The dose planner works only from its species and its counts", None, Status.UNRECOGNIZED),
    ],
)
def test_names_in_ordinary_words(sentence: str, canonical: str | None, status: Status) -> None:
    read_as, got, evidence = _checked(TANK, sentence)
    assert read_as == canonical, sentence
    assert got == status, evidence


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # what it names instead of the feed reaches it, and another
        # delegate's output too: only that in place of the feed, or
        # nothing else at all? Not settled
        (
            "The doser never sees the raw sensor feed, only the dose planner's plan",
            "`doser` works only from `dose_planner`'s output in place of `feed`",
            Status.UNRECOGNIZED,
        ),
        # what it names does not reach it: broken either way
        (
            "The water tester never sees the feed, only the dose planner's plan",
            "`water_tester` works only from `dose_planner`'s output in place of `feed`",
            Status.VIOLATED,
        ),
        # nothing but what it names of what delegates make, and an input
        # besides: whether inputs count is not said either
        (
            "The dose planner never sees the feed, only the water tester's readings",
            "`dose_planner` works only from `water_tester`'s output in place of `feed`",
            Status.UNRECOGNIZED,
        ),
        # the canonical form reads back as itself
        (
            "The doser works only from the dose planner's output in place of the feed",
            "`doser` works only from `dose_planner`'s output in place of `feed`",
            Status.UNRECOGNIZED,
        ),
    ],
)
def test_only_after_a_contrast(sentence: str, canonical: str, status: Status) -> None:
    text = TANK.replace("{invariants}", f"- {sentence}")
    result = compile_text("tests/own.prose.md", text.encode(), render=False)
    assert result.report is not None
    receives = [f for f in result.report.invariants if f.kind == "receives"]
    assert [f.read_as for f in receives] == [canonical], sentence
    assert receives[0].status == status, receives[0].evidence


def test_withheld_from_it_after_a_clause_keeps_both_claims() -> None:
    # "it" is the slot of the clause before; the second clause is not dropped
    text = TANK.replace("{invariants}", "- The doser works from the plan; the tank notes are withheld from it")
    result = compile_text("tests/own.prose.md", text.encode(), render=False)
    assert result.report is not None
    facts = list(result.report.invariants)
    assert [(f.read_as, f.status) for f in facts] == [
        ("`doser` receives `dose_planner`'s output", Status.PROVED),
        ("`doser` never receives `tank_notes`", Status.PROVED),
    ]
    # and where the second clause is broken, the sentence is
    text = TANK.replace("{invariants}", "- The doser works from the plan; the feed is withheld from it")
    result = compile_text("tests/own.prose.md", text.encode(), render=False)
    assert result.report is not None
    assert [f.status for f in result.report.invariants] == [Status.PROVED, Status.VIOLATED]


BERTH = """\
---
name: berth
kind: pattern
---

# Berth

Each lane is surveyed, the harbormaster rules, and a log of the surveys is kept.

### Slots

- `surveyor`
  - requires: lane
  - ensures: a survey
- `harbormaster`
  - requires: surveys
  - ensures: a ruling `{ decision, chosen, reason }`
- `tug`
  - requires: approach, lane
  - ensures: a towage log

### Requires

- The caller supplies:
    lanes: string[] -- the approach lanes

### Returns

- `result`: the towage log, or the harbormaster's reason
- `surveys`: every survey, with its lane

### Invariants

{invariants}

### Delegation

```prose
let log = []
for lane in lanes:
  let survey = call surveyor
    lane: lane
  append { lane: lane, survey: survey } to log

let ruling = call harbormaster
  surveys: log

if ruling says refuse:
  return { result: ruling.reason, surveys: log }

let tow = call tug
  approach: ruling.chosen
  lane: lanes
return { result: tow, surveys: log }
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # the caller is whom the pattern returns to
        ("When the harbormaster refuses, the caller gets the harbormaster's reason", "when `harbormaster` says refuse, `harbormaster`'s `reason` is returned", Status.PROVED),
        ("When the harbormaster refuses, the harbormaster's reason goes back to the caller", "when `harbormaster` says refuse, `harbormaster`'s `reason` is returned", Status.PROVED),
        ("When the harbormaster refuses, the caller gets the tug's output", "when `harbormaster` says refuse, the result comes from `tug`", Status.VIOLATED),
        # a refusal of a verdict the program tests only for that word is
        # where it says it
        ("When the harbormaster refuses, the harbormaster's reason is returned", "when `harbormaster` says refuse, `harbormaster`'s `reason` is returned", Status.PROVED),
        # a local's values reaching a call by another way than the local:
        # not settled; the local itself passed: broken
        ("The tug never sees the log", "`tug` never receives `log`", Status.UNRECOGNIZED),
        ("The harbormaster never sees the log", "`harbormaster` never receives `log`", Status.VIOLATED),
        # "we", the authors speaking for their pattern
        ("When the harbormaster refuses, the result we return is its reason", "when `harbormaster` says refuse, the result is `harbormaster`'s `reason`", Status.PROVED),
        ("The result we return is the harbormaster's reason", "the result is `harbormaster`'s `reason`", Status.VIOLATED),
        ("A harbormaster ruling we can't parse counts as a refusal", "unreadable `harbormaster` output counts as a refusal", Status.VIOLATED),
        ("If we can't read the harbormaster's ruling, the tug never runs", "unreadable `harbormaster` output keeps `tug` from running", Status.VIOLATED),
    ],
)
def test_the_callers_share_and_a_refusal_word_the_program_tests(sentence: str, canonical: str, status: Status) -> None:
    read_as, got, evidence = _checked(BERTH, sentence)
    assert read_as == canonical, sentence
    assert got == status, evidence


PRESS = """\
---
name: press
kind: pattern
---

# Press

A drafter writes the copy, a subeditor checks it, and the page desk lays out
each page of the edition; only the shortlisted stories are drafted.

### Slots

- `picker`
  - requires: story
  - ensures: a verdict `{ decision, reason }`
- `drafter`
  - requires: stories
  - ensures: a draft `{ body, notes }`
- `subeditor`
  - requires: copy
  - ensures: corrections
- `page_desk`
  - requires: copy, edition, page
  - ensures: a page proof

### Requires

- The caller supplies:
    stories: string[] -- the candidate stories
    pages: string[] -- the pages of the edition
    edition: string -- the edition's date

### Invariants

{invariants}

### Delegation

```prose
let shortlist = []
for story in stories:
  let pick = call picker
    story: story
  if pick says keep:
    append story to shortlist

let draft = call drafter
  stories: shortlist

let fixes = call subeditor
  copy: draft

let proofs = parallel for page, index in pages:
  call page_desk
    copy: draft
    edition: edition
    page: page
    corrections: fixes
    prompt: "Lay out page {index} of the {edition} edition."

return proofs
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # a key every call passes one local under names that local
        ("The subeditor works only from the copy", "`subeditor` receives only `drafter`'s output", Status.PROVED),
        ("The subeditor never sees the copy", "`subeditor` never receives `drafter`'s output", Status.VIOLATED),
        ("The picker never sees the copy", "`picker` never receives `drafter`'s output", Status.PROVED),
        # the input a text quotes is what must not vary, not the rest of it
        ("Every page desk call gets the same edition", "every `page_desk` receives the same `edition`", Status.PROVED),
        ("Every page desk call gets the same page", "every `page_desk` receives the same `pages`", Status.VIOLATED),
        # "only X, never its F": only that delegate's output, or its output
        # in place of those fields; the fields are kept from it either way
        ("The page desk only gets the copy, never the drafter's notes", "`page_desk` receives only `drafter`'s output, never `drafter`'s `notes`", Status.UNRECOGNIZED),
        ("The subeditor only gets the copy, never the drafter's notes", "`subeditor` receives only `drafter`'s output, never `drafter`'s `notes`", Status.ENFORCED),
        # a modifier that names another value of the pattern says which
        ("Each shortlisted story goes to exactly one drafter", None, Status.UNRECOGNIZED),
        ("Each story goes to exactly one picker", "each `stories` is given to exactly one `picker`", Status.PROVED),
        # an action as the subject: each call of the slot named for it, when
        # "every" or the plural says so
        ("Every pick never sees the edition", "`picker` never receives `edition`", Status.PROVED),
        ("Picks are run without the edition", "`picker` never receives `edition`", Status.PROVED),
        ("The page desk runs without the edition", "`page_desk` never receives `edition`", Status.VIOLATED),
        ("Picking runs without the edition", None, Status.UNRECOGNIZED),
        # "once per story", of a `for` over the list input `stories`: as many
        # calls as it has elements
        ("The picker is called exactly once per story", "`picker` is called exactly once per element of `stories`", Status.PROVED),
        ("The page desk is called once per page", "`page_desk` is called once per element of `pages`", Status.PROVED),
        ("The subeditor is called once per story", "`subeditor` is called once per element of `stories`", Status.VIOLATED),
        ("The drafter runs at most once per story", "`drafter` is called at most once per element of `stories`", Status.VIOLATED),
        ("The picker is called twice per story", None, Status.UNRECOGNIZED),
        # "how X ruled", "how each X voted": the verdict, its output; "how
        # it reasoned" is not read
        ("The page desk never sees how the picker ruled", "`page_desk` never receives `picker`'s output", Status.PROVED),
        ("The drafter is told how each picker voted", "`drafter` receives `picker`'s output", Status.VIOLATED),
        ("The page desk never sees how the picker reasoned", None, Status.UNRECOGNIZED),
        # "its" after a refusal: the slot that refuses (whose verdict the
        # program never tests for approval: which path is meant is open)
        ("When the picker refuses, the result is its reason", "when `picker` blocks, the result is `picker`'s `reason`", Status.UNRECOGNIZED),
    ],
)
def test_a_key_named_a_quoted_input_and_only_before_a_contrast(sentence: str, canonical: str | None, status: Status) -> None:
    read_as, got, evidence = _checked(PRESS, sentence)
    assert read_as == canonical, (sentence, evidence)
    assert got == status, evidence


PARCEL = """\
---
name: parcel
kind: pattern
---

# Parcel

A checker clears the sender, a surveyor rates the route from a photo of the
parcel, and a courier runs each stop once the sender is cleared.

### Slots

- `checker`
  - requires: sender
  - ensures: a verdict `{ proceed, reason }`
- `surveyor`
  - requires: parcel_photo, route
  - ensures: `{ rate, method }`
- `courier` (primary)
  - requires: stop, route, rate
  - ensures: a leg report

### Requires

- The caller supplies:
    sender: object -- the sender's documents
    parcel_photo: string -- a photo of the parcel
    route: string -- the route name
    stops: string[] -- the stops, in order

### Returns

- `legs`: each leg, with the route it ran on
- `reason`: the checker's reason when refused

### Invariants

{invariants}

### Delegation

```prose
let clearance = call checker
  sender: sender
  parcel_photo: parcel_photo
let survey = call surveyor
  parcel_photo: parcel_photo
  route: route
if clearance does not explicitly proceed:
  return { legs: null, reason: clearance.reason }
let legs = []
for stop in stops:
  let leg = call courier
    stop: stop
    route: route
    rate: survey.rate
    earlier_legs: legs
    prompt: "{courier_note}"
  append { leg: leg, route: route } to legs
return { legs: legs, reason: null }
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # a list built over the iterations holds the one input each time
        ("Every courier call gets the same route", "every `courier` receives the same `route`", Status.PROVED),
        ("Every courier call gets the same stop", "every `courier` receives the same `stops`", Status.VIOLATED),
        # "a clearance check", of `let clearance = call checker`: the checker
        ("The surveyor doesn't know a clearance check is happening", "`surveyor` does not know about checker or check", Status.PROVED),
        ("The courier is never told that a clearance check took place", "`courier` does not know about checker or check", Status.PROVED),
        ("The courier is sent only when the clearance check explicitly approves", "`courier` runs only when `checker` approves", Status.PROVED),
        ("The surveyor is sent only when the clearance check explicitly approves", "`surveyor` runs only when `checker` approves", Status.VIOLATED),
        # "the photo of the parcel", of an input `parcel_photo`
        ("The courier never sees the photo of the parcel", "`courier` never receives `parcel_photo`", Status.PROVED),
        ("The checker never sees the photo of the parcel", "`checker` never receives `parcel_photo`", Status.VIOLATED),
        # a key the program reads that is also a word for what a delegate
        # does ("rates"); "the surveyed rate", of `survey.rate`
        ("The courier only gets the stop, the route and the rate", "`courier` receives only its own `stops` and `route` and `surveyor`'s `rate`", Status.VIOLATED),
        # bare, the word may be the verb too ("and rates"): two readings
        ("The courier only gets the stop, the route and rate", None, Status.UNRECOGNIZED),
        ("The courier is told the surveyed rate", "`courier` receives `surveyor`'s `rate`", Status.PROVED),
        ("The checker is told the surveyed rate", "`checker` receives `surveyor`'s `rate`", Status.VIOLATED),
        # a verb and what it works on (or each call) before "without
        # seeing" (hearing, knowing)
        ("The courier works each stop without knowing the parcel photo", "`courier` never receives `parcel_photo`", Status.PROVED),
        ("The checker decides without knowing the parcel photo", "`checker` never receives `parcel_photo`", Status.VIOLATED),
        ("The courier plans each leg without hearing the checker's reason", "`courier` never receives `checker`'s `reason`", Status.PROVED),
        # "has no idea": is unaware
        ("The courier has no idea the checker exists", "`courier` does not know about checker", Status.PROVED),
        ("The surveyor has no idea that a clearance check happens", "`surveyor` does not know about checker or check", Status.PROVED),
    ],
)
def test_an_act_named_by_its_local_a_name_of_a_name_and_a_key_that_is_a_verb(sentence: str, canonical: str | None, status: Status) -> None:
    read_as, got, evidence = _checked(PARCEL.replace("{courier_note}", "Run stop {stop} on route {route}."), sentence)
    assert read_as == canonical, (sentence, evidence)
    assert got == status, evidence


def test_a_prompt_that_says_the_check_was_made_is_not_settled_either_way() -> None:
    # the courier's prompt says the sender was checked, without the
    # checker's name: the word may be the courier's own task
    text = PARCEL.replace("{courier_note}", "The sender has been checked; run stop {stop}.")
    _, got, evidence = _checked(text, "The courier is never told that a clearance check took place")
    assert got == Status.UNRECOGNIZED, evidence


JUDGES = """\
---
name: judges
kind: pattern
---

# Judges

Two judges score an entry; the chair sees both scores.

### Slots

- `taste_judge`
  - requires: entry
  - ensures: `{ score, notes }`
- `look_judge`
  - requires: entry
  - ensures: `{ score, notes }`
- `chair`
  - requires: scores
  - ensures: a ruling

### Requires

- The caller supplies:
    entry: string -- the entry

### Invariants

{invariants}

### Delegation

```prose
let taste = call taste_judge
  entry: entry
let look = call look_judge
  entry: entry
let ruling = call chair
  taste: taste.score
  look: look.score
return ruling
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # "the taste and look scores": each local's `score`
        (
            "The chair sees the taste and look scores",
            "`chair` receives `taste_judge`'s `score` and `look_judge`'s `score`",
            Status.PROVED,
        ),
        # one local's field, by the word after the second
        ("The chair sees the taste score", "`chair` receives `taste_judge`'s `score`", Status.PROVED),
    ],
)
def test_a_field_shared_by_two_locals_named_once(sentence: str, canonical: str | None, status: Status) -> None:
    read_as, got, evidence = _checked(JUDGES, sentence)
    assert read_as == canonical, (sentence, evidence)
    assert got == status, evidence


def test_a_field_shared_by_two_locals_named_once_denied() -> None:
    text = JUDGES.replace("{invariants}", "- The chair never sees the taste and look scores")
    result = compile_text("tests/own.prose.md", text.encode(), render=False)
    assert result.report is not None
    got = [(f.read_as, f.status) for f in result.report.invariants]
    assert got == [
        ("`chair` never receives `taste_judge`'s `score`", Status.VIOLATED),
        ("`chair` never receives `look_judge`'s `score`", Status.VIOLATED),
    ]


SHELF = """\
---
name: shelf
kind: pattern
---

# Shelf

A writer drafts a shelf label, a curator rules on it, and a printer prints
it unless the curator holds it.

### Slots

- `label_writer`
  - requires: specimen, feedback
  - ensures: a label
- `curator`
  - requires: label, curator_notes
  - ensures: a verdict `{ decision, reason, notes }`
- `printer`
  - requires: label
  - ensures: a print job

### Requires

- The caller supplies:
    specimen: string -- the specimen
    curator_notes: string -- the curator's private notes

### Invariants

{invariants}

### Delegation

```prose
let label = call label_writer
  specimen: specimen
let ruling = call curator
  label: label
  curator_notes: curator_notes
if ruling says hold:
  return { label: null, reason: {held} }
let job = call printer
  label: label
  notes: ruling.notes
return { label: job, reason: null }
```
"""


@pytest.mark.parametrize(
    ("held", "sentence", "canonical", "status"),
    [
        # "held", of `if ruling says hold`: where the verdict said that word
        ("ruling.reason", "The curator's reason is returned when the label is held", "when `curator` says hold, `curator`'s `reason` is returned", Status.PROVED),
        ('"held"', "The curator's reason is returned when the label is held", "when `curator` says hold, `curator`'s `reason` is returned", Status.VIOLATED),
        # "the notes": the input `curator_notes` by its last word, or the
        # verdict's `notes` the program reads: two meanings
        ("ruling.reason", "The printer only gets the label and the notes", None, Status.UNRECOGNIZED),
        # "the curator's notes" spells the input's name: the input
        ("ruling.reason", "The printer only gets the label and the curator's notes", "`printer` receives only `label_writer`'s output and `curator_notes`", Status.VIOLATED),
        ("ruling.reason", "The printer never sees the curator notes", "`printer` never receives `curator_notes`", Status.PROVED),
    ],
)
def test_a_refusal_in_the_tested_words_past_form_and_a_name_that_is_also_a_key(
    held: str, sentence: str, canonical: str | None, status: Status
) -> None:
    read_as, got, evidence = _checked(SHELF.replace("{held}", held), sentence)
    assert read_as == canonical, (sentence, evidence)
    assert got == status, evidence


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # the description's opening phrase ends before the participle after it
        ("The screener never sees the other applications", "`screener` never receives other `applicants`"),
        ("The screener never sees the applications received", None),
        # an irregular plural: "shelves", one "shelf"
        ("The screener never sees the other shelves", "`screener` never receives other `shelves`"),
    ],
)
def test_a_description_names_its_input_up_to_a_participle(sentence: str, canonical: str | None) -> None:
    from conftest import pattern_text

    body = (
        "let seen = parallel for applicant in applicants:\n  call screener\n    applicant: applicant\n"
        "let weeded = parallel for shelf in shelves:\n  call screener\n    applicant: shelf\n"
        "return { seen: seen }\n"
    )
    requires = "applicants: string[] -- the applications received\nshelves: string[] -- the shelves to weed"
    pattern = pattern_text("own", body, slots="screener", requires=requires, invariants="{invariants}")
    assert _read_as(pattern, sentence) == canonical, sentence


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # a head word two inputs share, in the plural or after "either" or
        # "neither": each of them
        ("The estimator never sees either address", "`estimator` never receives `destination_address`; `estimator` never receives `origin_address`"),
        ("Neither address reaches the estimator", "`estimator` never receives `destination_address`; `estimator` never receives `origin_address`"),
        ("The estimator never sees the addresses", "`estimator` never receives `destination_address`; `estimator` never receives `origin_address`"),
        ("The driver is given the addresses", "`driver` receives `destination_address` and `origin_address`"),
        # "never both": the pair kept away, not each of them
        ("The estimator never sees both addresses", None),
        # the singular alone says neither which one nor both
        ("The driver is given the address", None),
        # a hyphenated word the pattern writes as one (`oncall`)
        ("On-call is given the move date", "`oncall` receives `move_date`"),
    ],
)
def test_a_head_word_inputs_share_names_each_and_a_hyphen_may_join_a_name(sentence: str, canonical: str | None) -> None:
    from conftest import pattern_text

    body = (
        "let quote = call estimator\n  rooms: rooms\n"
        "let route = call driver\n  origin_address: origin_address\n  destination_address: destination_address\n"
        "let page = call oncall\n  move_date: move_date\n"
        "return { quote: quote, route: route, page: page }\n"
    )
    requires = (
        "origin_address: string -- where the household lives now\n"
        "destination_address: string -- where it moves to\n"
        "rooms: string[] -- the rooms to clear\nmove_date: string -- the moving day"
    )
    pattern = pattern_text("own", body, slots="estimator, driver, oncall", requires=requires, invariants="{invariants}")
    assert _read_as(pattern, sentence) == canonical, sentence


def test_a_noun_after_a_lettered_inputs_possessive_is_the_value_of_that_letter() -> None:
    """"Candidate B's profile", of the locals `profile_a` and `profile_b`:
    not the input `candidate_b`, but the local of its letter (and "the
    candidate's record", where nothing is named so, is the input)."""
    from conftest import pattern_text

    body = (
        "let profile_a = call measurement\n  candidate: candidate_a\n"
        "let profile_b = call measurement\n  candidate: candidate_b\n"
        "let result = call ranker\n  profile_a: profile_a\n  profile_b: profile_b\n"
        "return { result: result }\n"
    )
    requires = "candidate_a: object -- the first candidate\ncandidate_b: object -- the second candidate"
    pattern = pattern_text("own", body, slots="measurement, ranker", requires=requires, invariants="{invariants}")
    # the local of the same letter
    assert _read_as(pattern, "The ranker never sees candidate B's profile") == "`ranker` never receives `profile_b`"
    assert _read_as(pattern, "The ranker never sees candidate B's record") == "`ranker` never receives `candidate_b`"
    # and the inputs of the same letters
    labelled = pattern.replace("candidate_b: object -- the second candidate", "candidate_b: object -- the second candidate\nlabel_a: string -- the first label\nlabel_b: string -- the second label")
    labelled = labelled.replace("  candidate: candidate_a\n", "  candidate: candidate_a\n  label: label_a\n")
    assert _read_as(labelled, "The ranker is not told the candidates' labels") == "`ranker` never receives `label_a`; `ranker` never receives `label_b`"
    assert _read_as(labelled, "The ranker never sees candidate A's label") == "`ranker` never receives `label_a`"


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # a key of two words names what every call passes under it
        ("The fallback brief reaches each delegate unchanged", "`delegate` always receives `task_brief` unchanged"),
        ("The fallback brief is kept from the delegate", "`delegate` never receives `task_brief`"),
        # "as a fallback": the role the call's own key gives it
        ("Every delegate gets the task brief as a fallback", "`delegate` always receives `task_brief`"),
        ("Every delegate gets the task brief unchanged as its fallback brief", "`delegate` always receives `task_brief` unchanged"),
        # a role no key gives it is not dropped
        ("Every delegate gets the task brief as a reminder", None),
        # a key whose words the reader knows says which one ("the earlier
        # notes" of `earlier_notes: notes`), and is no alias
        ("The delegate never sees the earlier notes", None),
    ],
)
def test_a_calls_key_names_what_it_passes_and_as_its_key_says_nothing_more(sentence: str, canonical: str | None) -> None:
    from conftest import pattern_text

    body = (
        "let notes = call scribe\n  brief: task_brief\n"
        "let answer = call delegate\n  brief: brief\n  fallback_brief: task_brief\n  earlier_notes: notes\n"
        "return { answer: answer }\n"
    )
    requires = "task_brief: string -- the task\nbrief: string -- this delegate's brief"
    pattern = pattern_text("own", body, slots="scribe, delegate", requires=requires, invariants="{invariants}")
    assert _read_as(pattern, sentence) == canonical, sentence


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # a word of how the reader does not list, after a verb that says
        # nothing of where information goes: a promise of manner, whatever
        # the verb's object
        ("The telescope tracks each target smoothly", "`telescope` reasons"),
        ("The reducer merges the paths carefully", "`reducer` reasons"),
        # without it, the object may be what reaches the slot
        ("The telescope tracks each target", None),
        # a verb of seeing says where information goes
        ("The telescope reads each target carefully", None),
        # a word of how calls run is no manner
        ("The telescope tracks each target concurrently", None),
        ("The telescope tracks each target smoothly and never twice", None),
    ],
)
def test_a_word_of_manner_makes_a_promise_of_behaviour(sentence: str, canonical: str | None) -> None:
    from conftest import pattern_text

    body = (
        "let paths = parallel for target in targets:\n  call telescope\n    target: target\n"
        "let summary = call reducer\n  paths: paths\nreturn { summary: summary }\n"
    )
    pattern = pattern_text("own", body, slots="telescope, reducer", requires="targets: string[] -- what to observe", invariants="{invariants}")
    assert _read_as(pattern, sentence) == canonical, sentence


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # a key its results have, of its earlier calls
        ("The evaluator never sees its own earlier scores", "`evaluator` never receives its own earlier `score`"),
        # a key only another slot's results have
        ("The refiner never sees its own earlier scores", None),
        # "or" after it: the earlier ones too, or the local?
        ("The evaluator never sees its own earlier scores or suggestions", None),
    ],
)
def test_its_own_earlier_key_is_that_key_of_its_earlier_results(sentence: str, canonical: str | None) -> None:
    from conftest import pattern_text

    body = (
        "let current_score = 0\nlet suggestions = null\n"
        "repeat rounds as round:\n"
        "  let draft = call refiner\n    brief: brief\n    suggestions: suggestions\n"
        "  let evaluation = call evaluator\n    draft: draft\n"
        "  current_score = evaluation.score\n  suggestions = evaluation.suggestions\n"
        "return { score: current_score }\n"
    )
    pattern = pattern_text(
        "own", body, slots="refiner, evaluator", requires="brief: string -- the task",
        config="- `rounds` (integer, default: 3): rounds", invariants="{invariants}",
    )
    assert _read_as(pattern, sentence) == canonical, sentence


@pytest.mark.parametrize(("passed", "status"), [("current_score", Status.VIOLATED), ("suggestions", Status.PROVED)])
def test_its_own_earlier_key_is_checked_for_that_key(passed: str, status: Status) -> None:
    from conftest import pattern_text

    body = (
        "let current_score = 0\nlet suggestions = null\n"
        "repeat rounds as round:\n"
        "  let draft = call refiner\n    brief: brief\n    suggestions: suggestions\n"
        f"  let evaluation = call evaluator\n    draft: draft\n    last: {passed}\n"
        "  current_score = evaluation.score\n  suggestions = evaluation.suggestions\n"
        "return { score: current_score }\n"
    )
    pattern = pattern_text(
        "own", body, slots="refiner, evaluator", requires="brief: string -- the task",
        config="- `rounds` (integer, default: 3): rounds", invariants="{invariants}",
    )
    _, got, evidence = _checked(pattern, "The evaluator never sees its own earlier scores")
    assert got == status, evidence


@pytest.mark.parametrize(
    "refusal",
    ["withdraws the case", "cancels the case", "scraps the case", "vetoes the case", "turns down the case", "withholds approval", "overrules the case"],
)
def test_more_verbs_of_refusal_name_the_path_where_the_approver_refuses(refusal: str) -> None:
    from conftest import pattern_text

    body = (
        "let ruling = call chair\n  case: case\n"
        "if ruling approves:\n  let receipt = call liaison\n    case: case\n  return { receipt: receipt, reason: null }\n"
        "return { receipt: null, reason: ruling.reason }\n"
    )
    pattern = pattern_text("own", body, slots="chair, liaison", requires="case: string -- the case", invariants="{invariants}")
    sentence = f"When the chair {refusal}, its reason is returned"
    assert _read_as(pattern, sentence) == "`chair`'s `reason` is returned when `chair` blocks", sentence


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # which of the input's things has a property: a finding, not the input
        ("The linen service is told which rooms failed inspection", None),
        ("The linen service is never told which rooms are dirty", None),
        ("The linen service is never told which rooms were held back", None),
        # which one it is: the input
        ("The linen service is told which rooms are on the list", "`linen_service` receives `rooms`"),
        # a fact whose verb is another slot's act: that slot's doing
        ("The cleaner is not told that the club will inspect its rooms", "`cleaner` does not know about inspector or inspect"),
    ],
)
def test_which_things_have_a_property_and_a_fact_that_is_another_slots_act(sentence: str, canonical: str | None) -> None:
    from conftest import pattern_text

    body = (
        "let done = parallel for room in rooms:\n  call cleaner\n    room: room\n    prompt: \"Clean the room.\"\n"
        "let report = call inspector\n  done: done\n"
        "let order = call linen_service\n  rooms: rooms\n  report: report\n"
        "return { order: order }\n"
    )
    pattern = pattern_text("own", body, slots="cleaner, inspector, linen_service", requires="rooms: string[] -- the rooms", invariants="{invariants}")
    assert _read_as(pattern, sentence) == canonical, sentence


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # each result of the one slot the local holds, made apart from the others
        ("Each draft is written without sight of the other drafts", "`drafter` never receives another `drafter`'s output"),
        ("No draft is written with knowledge of the other drafts", "`drafter` never receives another `drafter`'s output"),
        # the slot itself is not made
        ("The drafter is made without sight of the other drafts", None),
        # a local more than one slot sets is no one slot's results
        ("Each note is written without sight of the other notes", None),
    ],
)
def test_each_result_made_without_sight_of_the_others(sentence: str, canonical: str | None) -> None:
    from conftest import pattern_text

    body = (
        "let drafts = []\nlet note = call reviewer\n  brief: brief\n"
        "for part in parts:\n  let draft = call drafter\n    part: part\n  append draft to drafts\n"
        "  note = call editor\n    part: part\n"
        "return { drafts: drafts, note: note }\n"
    )
    pattern = pattern_text(
        "own", body, slots="drafter, reviewer, editor", requires="brief: string -- the task\n    parts: string[] -- the parts", invariants="{invariants}",
    )
    assert _read_as(pattern, sentence) == canonical, sentence


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # a noun of the slot's act is a call of it
        ("Each examination is made without sight of the earlier verdicts", "`examiner` never receives its previous output"),
        # the slot's own name is the slot, which is not made
        ("Each examiner is made without sight of the earlier verdicts", None),
    ],
)
def test_a_noun_of_a_slots_act_made_without_sight(sentence: str, canonical: str | None) -> None:
    from conftest import pattern_text

    body = (
        "let verdicts = []\nfor claim in claims:\n  let verdict = call examiner\n    claim: claim\n    earlier: verdicts\n"
        "  append verdict to verdicts\nreturn { verdicts: verdicts }\n"
    )
    pattern = pattern_text(
        "own", body, slots="examiner", requires="claims: string[] -- the claims", invariants="{invariants}",
    ).replace("A test pattern.", "An examiner examines each claim in turn; each examination sees the verdicts before it.")
    assert _read_as(pattern, sentence) == canonical, sentence


@pytest.mark.parametrize(
    ("second_loop", "canonical"),
    [
        # the one loop, named by the local it builds
        ("", "the loop is bounded by `rounds`"),
        # of two loops, a local names neither
        ("repeat 2:\n  call judge\n    brief: brief\n", None),
    ],
)
def test_a_local_the_loop_builds_names_the_loop(second_loop: str, canonical: str | None) -> None:
    from conftest import pattern_text

    body = (
        "let exchange = []\nrepeat rounds:\n  let turn = call speaker\n    brief: brief\n  append turn to exchange\n"
        + second_loop + "return { exchange: exchange }\n"
    )
    pattern = pattern_text(
        "own", body, slots="speaker, judge", requires="brief: string -- the task",
        config="- `rounds` (integer, default: 3): rounds", invariants="{invariants}",
    )
    assert _read_as(pattern, "The exchange is bounded by rounds") == canonical


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        ("The planner sees the critic's summary from the previous round", "`planner` receives `critic`'s `summary` from the previous round"),
        # from earlier rounds: every one of them, or the last?
        ("The planner sees the critic's summary from earlier rounds", None),
        # a key the program never names: whether a call gets one is not known
        ("The planner sees the critic's reasoning from the previous round", None),
    ],
)
def test_a_key_of_a_slots_output_from_the_previous_round(sentence: str, canonical: str | None) -> None:
    from conftest import pattern_text

    body = (
        "let last = null\nrepeat rounds:\n  let plan = call planner\n    brief: brief\n    feedback: last\n"
        "  last = call critic\n    plan: plan\nreturn { last: last }\n"
    )
    pattern = pattern_text(
        "own", body, slots="planner, critic", requires="brief: string -- the task",
        config="- `rounds` (integer, default: 3): rounds", invariants="{invariants}",
        ensures={"critic": "`{ summary, notes }`"},
    )
    assert _read_as(pattern, sentence) == canonical, sentence


def _own_checked(body: str, sentence: str, *, slots: str, requires: str, summary: str | None = None) -> tuple[str | None, Status, tuple[str, ...]]:
    """:func:`_checked` of a small pattern around ``body`` (with another
    summary under its title)."""
    from conftest import pattern_text

    pattern = pattern_text("own", body, slots=slots, requires=requires, invariants="{invariants}")
    if summary is not None:
        pattern = pattern.replace("A test pattern.", summary)
    return _checked(pattern, sentence)


@pytest.mark.parametrize(
    ("loop", "sentence", "canonical", "status"),
    [
        # one of what a local collects of one slot: one call of that slot
        ("", "Each guest gets exactly one card", "each `guests` is handled by exactly one `calligrapher`", Status.PROVED),
        ("", "Each guest receives exactly one card", "each `guests` is handled by exactly one `calligrapher`", Status.PROVED),
        # each call is given every guest: each guest goes to every call
        ("every", "Each guest gets exactly one card", "each `guests` is handled by exactly one `calligrapher`", Status.VIOLATED),
        # a local that holds no one slot's results alone: not read
        ("", "Each guest gets exactly one seat", None, Status.UNRECOGNIZED),
    ],
)
def test_one_of_what_a_local_collects_is_one_call_of_its_slot(loop: str, sentence: str, canonical: str | None, status: Status) -> None:
    given = "guests" if loop == "every" else "guest"
    body = (
        f"let cards = parallel for guest in guests:\n  call calligrapher\n    guest: {given}\n"
        "let seat = null\nlet seat = call planner\n  guests: guests\nlet seat = guests\n"
        "return { cards: cards, seat: seat }\n"
    )
    read_as, got, evidence = _own_checked(body, sentence, slots="calligrapher, planner", requires="guests: string[] -- the guests")
    assert read_as == canonical, (sentence, read_as)
    assert got == status, (sentence, evidence)


@pytest.mark.parametrize(
    ("given", "sentence", "canonical", "status"),
    [
        # "another applicant": an element other than the call's own
        ("applicant", "No screener sees another applicant", "`screener` never receives other `applicants`", Status.PROVED),
        ("applicant", "A screener never sees another applicant", "`screener` never receives other `applicants`", Status.PROVED),
        # every call is handed the whole list: the others too
        ("applicants", "No screener sees another applicant", "`screener` never receives other `applicants`", Status.VIOLATED),
    ],
)
def test_another_element_of_a_list_is_one_the_call_is_not_given(given: str, sentence: str, canonical: str, status: Status) -> None:
    body = f"let seen = parallel for applicant in applicants:\n  call screener\n    applicant: {given}\nreturn {{ seen: seen }}\n"
    read_as, got, evidence = _own_checked(body, sentence, slots="screener", requires="applicants: string[] -- the applications")
    assert read_as == canonical, (sentence, read_as)
    assert got == status, (sentence, evidence)


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # "the latest critique", of `last_critique` the program sets each
        # round: that local, not any delegate's current result
        ("The worker is given only the brief and the latest critique", "`worker` receives only `brief` and `last_critique`", Status.PROVED),
        ("The worker is given the latest critique", "`worker` receives `last_critique`", Status.PROVED),
        ("The worker never sees the latest critique", "`worker` never receives `critic`'s output", Status.VIOLATED),
        # of a list the program appends to: one element of it, not read
        ("The worker is given the latest note", None, Status.UNRECOGNIZED),
    ],
)
def test_the_latest_of_a_local_set_each_round_is_that_local(sentence: str, canonical: str | None, status: Status) -> None:
    body = (
        "let last_critique = null\nlet notes = []\nrepeat rounds:\n  let draft = call worker\n    brief: brief\n"
        "    critique: last_critique\n  let verdict = call critic\n    draft: draft\n  last_critique = verdict\n"
        "  append verdict to notes\nreturn { notes: notes }\n"
    )
    requires = "brief: string -- the brief\nrounds: integer -- the rounds"
    read_as, got, evidence = _own_checked(body, sentence, slots="worker, critic", requires=requires)
    assert read_as == canonical, (sentence, read_as)
    assert got == status, (sentence, evidence)


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # "recipe card", as the summary under the title says it: the card,
        # `recipe` being only a key of the returned object
        ("Tasters never see the recipe card", "`taster` never receives `developer`'s output", Status.PROVED),
        ("The head chef receives the recipe card", "`head_chef` receives `developer`'s output", Status.PROVED),
        # a modifier the pattern's text never puts there: not read
        ("Tasters never see the menu card", None, Status.UNRECOGNIZED),
    ],
)
def test_the_summary_under_the_title_is_the_patterns_own_text(sentence: str, canonical: str | None, status: Status) -> None:
    body = (
        "let card = call developer\n  concept: concept\nlet plate = call cook\n  steps: card.steps\n"
        "let scores = parallel for seat in seats:\n  call taster\n    plate: plate\n"
        "let verdict = call head_chef\n  card: card\n  scores: scores\nreturn { recipe: card, verdict: verdict }\n"
    )
    requires = "concept: string -- the dish\nseats: string[] -- the tasting seats"
    summary = "A developer writes a recipe card, a cook makes it, and tasters score the plate."
    read_as, got, evidence = _own_checked(body, sentence, slots="developer, cook, taster, head_chef", requires=requires, summary=summary)
    assert read_as == canonical, (sentence, read_as)
    assert got == status, (sentence, evidence)


@pytest.mark.parametrize(
    ("given", "sentence", "canonical", "status"),
    [
        # what a call carries is what it is handed
        ("basin", "Every call to the archivist carries the basin verbatim", "`archivist` always receives `basin` unchanged", Status.PROVED),
        ('"Basin: {basin}"', "Every call to the archivist carries the basin verbatim", "`archivist` always receives `basin` unchanged", Status.VIOLATED),
        ("basin", "None of the archivist's calls carries the basin", "`archivist` never receives `basin`", Status.VIOLATED),
        # "carries out": doing it, a promise of manner
        ("basin", "The archivist carries out its task faithfully", "`archivist` reasons", Status.UNVERIFIABLE),
    ],
)
def test_what_a_call_carries_is_what_it_is_handed(given: str, sentence: str, canonical: str, status: Status) -> None:
    body = f"let entry = call archivist\n  basin: {given}\nreturn {{ entry: entry }}\n"
    read_as, got, evidence = _own_checked(body, sentence, slots="archivist", requires="basin: string -- the river basin")
    assert read_as == canonical, (sentence, read_as)
    assert got == status, (sentence, evidence)


@pytest.mark.parametrize(
    ("prompt", "sentence", "canonical", "status"),
    [
        # a slot asked to "List ...": its list is its result
        ("List every unstated assumption.", "The comparator is never given the miners' lists", "`comparator` never receives `miner`'s output", Status.VIOLATED),
        ("List every unstated assumption.", "The comparator receives every miner's list", "`comparator` receives every `miner` output", Status.PROVED),
        ("List every unstated assumption.", "The reporter never sees the miners' lists", "`reporter` never receives `miner`'s output", Status.PROVED),
        # a slot not asked for a list: whose list, and which part of it, is not said
        ("Describe every unstated assumption.", "The comparator is never given the miners' lists", None, Status.UNRECOGNIZED),
    ],
)
def test_a_slots_list_is_its_result_where_it_is_asked_for_a_list(prompt: str, sentence: str, canonical: str | None, status: Status) -> None:
    body = (
        f"let found = parallel for part in parts:\n  call miner\n    part: part\n    prompt: \"{prompt}\"\n"
        "let map = call comparator\n  lists: found\nlet note = call reporter\n  map: map\nreturn { note: note }\n"
    )
    read_as, got, evidence = _own_checked(body, sentence, slots="miner, comparator, reporter", requires="parts: string[] -- the material")
    assert read_as == canonical, (sentence, read_as)
    assert got == status, (sentence, evidence)


@pytest.mark.parametrize(
    ("passed", "sentence", "canonical", "status"),
    [
        # what a slot's work is checked against reaches it, and the work too
        ("bins: bins\n    guide: picking_guide", "The grader checks the bins against the picking guide", "`grader` receives `picker`'s output and `picking_guide`", Status.PROVED),
        ("bins: bins", "The grader checks the bins against the picking guide", "`grader` receives `picker`'s output and `picking_guide`", Status.VIOLATED),
        ("guide: picking_guide", "The grader checks the bins against the picking guide", "`grader` receives `picker`'s output and `picking_guide`", Status.VIOLATED),
        # the work named by no value of the pattern: what it is checked against
        ("guide: picking_guide", "The grader checks each crate against the picking guide", "`grader` receives `picking_guide`", Status.PROVED),
        ("bins: bins", "The grader checks each crate against the picking guide", "`grader` receives `picking_guide`", Status.VIOLATED),
        # how it judges, against nothing held up: a promise of manner
        ("bins: bins", "The grader judges strictly against the picking guide", "`grader` reasons", Status.UNVERIFIABLE),
        # weighing one thing against another is how a delegate judges
        ("bins: bins", "The grader weighs the bins against the picking guide", "`grader` reasons", Status.UNVERIFIABLE),
    ],
)
def test_what_work_is_checked_against_reaches_the_slot(passed: str, sentence: str, canonical: str, status: Status) -> None:
    body = f"let bins = call picker\n  orchard: orchard\nlet grade = call grader\n    {passed}\nreturn {{ grade: grade }}\n"
    read_as, got, evidence = _own_checked(
        body, sentence, slots="picker, grader", requires="orchard: string -- the orchard\n    picking_guide: string -- the guide"
    )
    assert read_as == canonical, (sentence, read_as)
    assert got == status, (sentence, evidence)


@pytest.mark.parametrize(
    ("prompt", "sentence", "canonical", "status"),
    [
        # someone else doing the subject's own work: its other calls
        ("Taste the batch.", "Tasters don't know anyone else is tasting the batch", "`taster` is unaware of each other", Status.PROVED),
        ("Taste the batch.", "No taster knows that someone else tastes the batch", "`taster` is unaware of each other", Status.PROVED),
        ("Taste the batch; another taster will too.", "Tasters don't know anyone else is tasting the batch", "`taster` is unaware of each other", Status.VIOLATED),
        # someone else doing other work: no one the words name
        ("Taste the batch.", "Tasters don't know anyone else is brewing the batch", None, Status.UNRECOGNIZED),
    ],
)
def test_someone_else_doing_the_subjects_work_is_its_other_calls(prompt: str, sentence: str, canonical: str | None, status: Status) -> None:
    body = f'let cards = parallel for cup in cups:\n  call taster\n    cup: cup\n    prompt: "{prompt}"\nreturn {{ cards: cards }}\n'
    read_as, got, evidence = _own_checked(body, sentence, slots="taster", requires="cups: string[] -- the cups")
    assert read_as == canonical, (sentence, read_as)
    assert got == status, (sentence, evidence)


@pytest.mark.parametrize(
    ("passed", "sentence", "canonical", "status"),
    [
        # a key with no article after a delegate's result: that delegate's
        # (the reasons add nothing to never receiving the verdict at all)
        ("verdict.reason", "The engraver never sees the editor's verdict or reasons",
         ["`engraver` never receives `editor`'s output"], [Status.VIOLATED]),
        ("verdict.decision", "The engraver never sees the editor's verdict or reasons",
         ["`engraver` never receives `editor`'s output"], [Status.VIOLATED]),
        ("marks", "The engraver never sees the editor's verdict or reasons",
         ["`engraver` never receives `editor`'s output"], [Status.PROVED]),
        # with an article of its own, the key wherever it is read: the
        # proofreader's marks, of which no `reason` is read, may or may not
        # hold one
        ("marks", "The engraver never sees the editor's verdict or the reasons",
         ["`engraver` never receives `editor`'s output", "`engraver` never receives the `reason` field"], [Status.PROVED, Status.UNRECOGNIZED]),
        ("marks", "The engraver never sees any reasons", ["`engraver` never receives the `reason` field"], [Status.UNRECOGNIZED]),
        ("verdict.reason", "The engraver never sees any reasons", ["`engraver` never receives the `reason` field"], [Status.VIOLATED]),
    ],
)
def test_a_bare_key_after_a_result_is_that_delegates(passed: str, sentence: str, canonical: list[str], status: list[Status]) -> None:
    from conftest import pattern_text

    body = (
        "let marks = call proofreader\n  proof: proof\nlet verdict = call editor\n  marks: marks\n"
        f"let fixed = call engraver\n  notes: {passed}\nreturn {{ fixed: fixed, why: verdict.reason }}\n"
    )
    pattern = pattern_text("own", body, slots="proofreader, editor, engraver", requires="proof: string -- the proof", invariants=f"- {sentence}")
    result = compile_text("tests/own.prose.md", pattern.encode(), render=False)
    assert result.report is not None
    facts = result.report.invariants
    assert [f.read_as for f in facts] == canonical, sentence
    assert [f.status for f in facts] == status, [f.evidence for f in facts]


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # the input as the caller gave it
        ("The conservator sees the book", "`conservator` receives `book`", Status.VIOLATED),
        # a word of work done on it, even where the prose says it: what the
        # pattern made of it, which no name of the pattern names
        ("The conservator sees the finished book", None, Status.UNRECOGNIZED),
        ("The conservator sees the repaired book", None, Status.UNRECOGNIZED),
    ],
)
def test_a_word_of_work_done_before_an_input_is_not_the_input(sentence: str, canonical: str | None, status: Status) -> None:
    body = (
        "let volume = book\nfor bench in benches:\n  let volume = call bench\n    volume: volume\n"
        "let sign_off = call conservator\n  volume: volume\nreturn { sign_off: sign_off }\n"
    )
    read_as, got, evidence = _own_checked(
        body, sentence, slots="bench, conservator", requires="book: object -- the damaged book\n    benches: string[] -- the benches",
        summary="The conservator compares the finished book with the survey.",
    )
    assert read_as == canonical, (sentence, read_as)
    assert got == status, (sentence, evidence)


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # a split phrasal verb of refusal, and a person the pattern has no
        # name for given what it returns: its caller
        ("When the guard turns the brief down, the requester gets the guard's reason", "`guard`'s `reason` is returned when `guard` blocks"),
        ("When the guard turns the brief away, the caller gets the guard's reason", "`guard`'s `reason` is returned when `guard` blocks"),
        # the particle of "gets ... back", after what the caller gets
        ("When the guard blocks, the caller gets the guard's reason back", "`guard`'s `reason` is returned when `guard` blocks"),
        ("When the guard blocks, the caller gets the guard's stated reason back", None),
        # a slot that "gets the reason back" is no caller
        ("When the guard blocks, the target gets the guard's reason back", None),
        # "hears back from", "hears anything back from": receives from
        ("The target never hears back from the guard", "`target` never receives `guard`'s output"),
        ("The target never hears anything back from the guard", "`target` never receives `guard`'s output"),
        # a slot is not the caller, nor is a word of one stem with a slot's name
        ("When the guard turns the brief down, the target gets the guard's reason", None),
        ("When the guard turns the brief down, the guardian gets the guard's reason", None),
    ],
)
def test_turned_down_and_a_person_given_what_the_pattern_returns(sentence: str, canonical: str | None) -> None:
    facts, _ = facts_for(sentence)
    said = "; ".join(e.removeprefix("read as: ") for f in facts for e in f.evidence if e.startswith("read as: ")) or None
    if canonical is None:
        assert [f.status for f in facts] == [Status.UNRECOGNIZED] and said is None, sentence
    else:
        assert said == canonical, sentence


@pytest.mark.parametrize(
    ("prompt", "status"),
    [
        # nothing the customer is given says a word of the carpenter's name
        ("Here is the quote. Reply go ahead or not.", Status.PROVED),
        # the whole name: it is told
        ("Here is what the frame carpenter found. Reply go ahead or not.", Status.VIOLATED),
        # the word the sentence names it by: it is told
        ("Here is what the carpenter found. Reply go ahead or not.", Status.VIOLATED),
    ],
)
def test_the_word_a_hidden_slot_is_named_by_is_a_word_of_the_fact(prompt: str, status: Status) -> None:
    body = (
        "let report = call frame_carpenter\n  sofa: sofa\n"
        f'let answer = call customer\n  quote: quote\n  prompt: "{prompt}"\nreturn {{ answer: answer, report: report }}\n'
    )
    read_as, got, evidence = _own_checked(
        body, "The customer doesn't know a carpenter has looked at the sofa", slots="frame_carpenter, customer",
        requires="sofa: string -- the sofa\n    quote: string -- the quote",
    )
    assert read_as == "`customer` does not know about `frame_carpenter` or carpenter or looked", read_as
    assert got == status, evidence


@pytest.mark.parametrize(
    ("given", "sentence", "canonical", "status"),
    [
        # a noun of the pattern's own text before a local's name: what the
        # value is about, which says nothing of which value is meant
        ("imagery", "The engineer never sees the drone imagery", "`engineer` never receives `surveyor`'s output", Status.VIOLATED),
        ("span", "The engineer never sees the drone imagery", "`engineer` never receives `surveyor`'s output", Status.PROVED),
        # a word that may say which of its values (a version) is never dropped
        ("span", "The engineer never sees the draft imagery", None, Status.UNRECOGNIZED),
        # nor a word the pattern's text does not use
        ("span", "The engineer never sees the satellite imagery", None, Status.UNRECOGNIZED),
    ],
)
def test_a_noun_of_the_patterns_text_before_a_locals_name(given: str, sentence: str, canonical: str | None, status: Status) -> None:
    body = f"let imagery = call surveyor\n  span: span\nlet rating = call engineer\n  notes: {given}\nreturn {{ rating: rating }}\n"
    read_as, got, evidence = _own_checked(
        body, sentence, slots="surveyor, engineer", requires="span: string -- the span",
        summary="A drone surveyor photographs the span and an engineer rates it.",
    )
    assert read_as == canonical, (sentence, read_as)
    assert got == status, (sentence, evidence)


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # a verb of the slot's work, and what the work is done on: each time a call
        ("The grader tastes the wheel at most three times", "`grader` is called at most 3 times", Status.PROVED),
        ("The grader tastes the wheel at most twice", "`grader` is called at most 2 times", Status.VIOLATED),
        ("The grader grades the wheel at most three times", "`grader` is called at most 3 times", Status.PROVED),
        # a verb of repeating counts the calls after the first: not read
        ("The grader retastes the wheel at most three times", None, Status.UNRECOGNIZED),
    ],
)
def test_a_count_of_the_slots_work_on_a_thing_is_a_count_of_its_calls(sentence: str, canonical: str | None, status: Status) -> None:
    body = "repeat 3 as turn:\n  let grade = call grader\n    wheel: wheel\nreturn { done: true }\n"
    read_as, got, evidence = _own_checked(body, sentence, slots="grader", requires="wheel: string -- the wheel")
    assert read_as == canonical, (sentence, read_as)
    assert got == status, (sentence, evidence)


@pytest.mark.parametrize(
    ("passed", "sentence", "canonical", "status"),
    [
        # a noun for a key's value after the key: that key
        ("intake.severity", "The inspector is never shown the intake officer's severity rating",
         "`inspector` never receives `intake_officer`'s `severity`", Status.VIOLATED),
        ("intake.summary", "The inspector is never shown the intake officer's severity rating",
         "`inspector` never receives `intake_officer`'s `severity`", Status.PROVED),
        # not a noun that may name a part of it
        ("intake.summary", "The inspector is never shown the intake officer's severity notes", None, Status.UNRECOGNIZED),
    ],
)
def test_a_noun_for_a_keys_value_after_the_key(passed: str, sentence: str, canonical: str | None, status: Status) -> None:
    body = f"let intake = call intake_officer\n  case: case\nlet report = call inspector\n  notes: {passed}\nreturn {{ report: report }}\n"
    read_as, got, evidence = _own_checked(
        body, sentence, slots="intake_officer, inspector", requires="case: string -- the case",
    )
    assert read_as == canonical, (sentence, read_as)
    assert got == status, (sentence, evidence)


def test_turn_as_a_noun_moves_no_particle() -> None:
    from prosec.invariants.lattice import _particle_moved

    said = "each turn the guard puts the brief down".split()
    assert _particle_moved(said, said) == (said, said)
    moved = "the guard turns down the brief".split()
    assert _particle_moved("the guard turns the brief down".split(), "the guard turns the brief down".split()) == (moved, moved)


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # a way back to a delegate is a way to it
        ("Nothing the planner produces goes back to the executor", "`executor` never receives `planner`'s output"),
        ("Nothing the planner produces goes to the executor", "`executor` never receives `planner`'s output"),
        ("The planner's output never flows back to the verifier", "`verifier` never receives `planner`'s output"),
        # a past participle of what the owner does, before a word for its
        # whole result, says how it was made; another word is not read
        ("The executor never sees the verifier's verified output", "`executor` never receives `verifier`'s output"),
        ("The executor never sees the verifier's approved output", None),
    ],
)
def test_going_back_to_a_delegate_and_a_result_made_so(sentence: str, canonical: str | None) -> None:
    assert _read_as(PATTERN, sentence) == canonical, sentence


SHOW = """\
---
name: show
kind: pattern
---

# Show

A steward checks each exhibit, class judges score them, a chief judge places the class, and a fitter adjusts a setup a player tries.

### Slots

- `steward`
  - requires: exhibit
  - ensures: a verdict `{ decision: approve | reject, reason }`
- `class_judge`
  - requires: exhibit, schedule
  - ensures: a scorecard
- `chief_judge`
  - requires: scorecards, class_name
  - ensures: the places
- `fitter`
  - requires: schedule
  - ensures: `{ summary, turns, heights, nut_work }`
- `player`
  - requires: setup
  - ensures: a verdict

### Config

- `rounds` (integer, default: 2): how many fittings
- `panel_size` (integer, default: 3): how many class judges

### Requires

- The caller supplies:
    entries: object[] -- the benched entries, each `{ number, exhibit }`
    exhibitors: object -- entry number to exhibitor
    schedule: string -- the schedule's wording
    class_name: string -- the class

### Invariants

{invariants}

### Delegation

```prose
for entry in entries:
  let check = call steward
    exhibit: entry.exhibit
    prompt: "Does this exhibit meet the schedule?"
let cards = parallel for entry in entries:
  call class_judge
    exhibit: entry.exhibit
    schedule: schedule
let places = call chief_judge
  scorecards: cards
  class_name: class_name
repeat rounds as tasting_round:
  let setup = call fitter
    schedule: schedule
    prompt: "Round {tasting_round}: adjust the setup."
  let verdict = call player
    setup: setup
return { places: places }
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # "names" alone stands for `class_name`; after the exhibitors'
        # possessive it is theirs, which no name of the pattern holds
        ("The steward never learns the exhibitors' names", None),
        ("The steward never sees the exhibitors", "`steward` never receives `exhibitors`"),
        # "the judges", of a `class_judge` and a `chief_judge` over them: the
        # class judges, or both? Not read; each named is
        ("The judges never see the exhibitors", None),
        ("The class judges never see the exhibitors", "`class_judge` never receives `exhibitors`"),
        # the exhibits, of `entry.exhibit`: the pattern's own data, in either
        # number, is no word of a hidden fact (nor the topic of one)
        ("The steward doesn't know the exhibits will be judged afterwards", None),
        # the doer of a hidden fact named as the pattern's data ("a panel",
        # of `panel_size`), and someone unnamed: not read
        ("The steward doesn't know its verdicts are read by a panel", None),
        ("The fitter doesn't know anyone was asked before it", None),
        # "only the summary, never the turns or the heights": the keys the
        # fitter declares besides the summary are kept away too
        ("The player hears only the fitter's summary, never the turns or the heights",
         "`player` receives only `fitter`'s output, never `fitter`'s `turns` or `heights` or `nut_work`"),
        ("The player hears only the fitter's output, never the turns or the heights",
         "`player` receives only `fitter`'s output, never `fitter`'s `turns` or `heights`"),
        # a field received and the whole result kept away cannot both be:
        # the whole means the rest of it, which no word says
        ("The player gets the fitter's summary but never the fitter's output", None),
        ("The player sees only the fitter's summary, never its output", None),
        ("The player gets the fitter's summary but never its turns",
         "`player` receives `fitter`'s `summary`; `player` never receives `fitter`'s `turns`"),
    ],
)
def test_names_said_of_another_owner_and_facts_of_no_one(sentence: str, canonical: str | None) -> None:
    assert _read_as(SHOW, sentence) == canonical, sentence



@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # what output that cannot be read never brings about: that slot's
        # calls, kept from running
        ("Unreadable guard output never leads to a target call", "unreadable `guard` output keeps `target` from running"),
        # (not "results in": "the result in place of the brief")
        ("Unreadable guard output never results in a target call", None),
        ("Unreadable guard output never lets the target run", "unreadable `guard` output keeps `target` from running"),
        # said to bring it about: not a fail-safe
        ("Unreadable guard output leads to a target call", None),
    ],
)
def test_what_unreadable_output_never_leads_to(sentence: str, canonical: str | None) -> None:
    assert _read_as(PATTERN, sentence) == canonical, sentence


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # a slot named in two words, its agent noun made the noun of what it
        # makes: that slot's results
        ("The liaison never sees the walk plans", "`liaison` never receives `walk_planner`'s output", Status.VIOLATED),
        ("The liaison is handed the walk plans", "`liaison` receives every `walk_planner` output", Status.PROVED),
        ("The liaison never sees the risk assessment", "`liaison` never receives `risk_assessor`'s output", Status.PROVED),
        # a noun after them is a thing of its own
        ("The liaison never sees the walk plan summary", None, Status.UNRECOGNIZED),
        # a noun of no product of the agent's act
        ("The liaison never sees the walk routes", None, Status.UNRECOGNIZED),
    ],
)
def test_a_slot_names_what_it_makes_by_its_name(sentence: str, canonical: str | None, status: Status) -> None:
    body = (
        "let risks = call risk_assessor\n  site: site\n"
        "let walks = parallel repeat 2 as walk:\n  call walk_planner\n    site: site\n"
        "let confirmation = call liaison\n  walks: walks\n"
        "return { confirmation: confirmation, risks: risks }\n"
    )
    read_as, got, evidence = _own_checked(
        body, sentence, slots="risk_assessor, walk_planner, liaison", requires="site: string -- the site"
    )
    assert read_as == canonical, (sentence, read_as)
    assert got == status, (sentence, evidence)


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # the noun of an input's description and whose thing it is of
        ("The reader never sees the photo of the client's hair", "`reader` never receives `hair_photo`", Status.PROVED),
        ("The colourist is given the photo of the client's hair", "`colourist` receives `hair_photo`", Status.PROVED),
        ("The reader never sees the photo of the client's skin", None, Status.UNRECOGNIZED),
        # knowing a thing is being given it; knowing a delegate is not read
        ("The reader doesn't know the shade", "`reader` never receives `shade`", Status.PROVED),
        ("The colourist doesn't know the shade", "`colourist` never receives `shade`", Status.VIOLATED),
        ("The reader doesn't know the colourist", None, Status.UNRECOGNIZED),
        ("The reader doesn't suspect the shade", None, Status.UNRECOGNIZED),
        # a verb spelled like an agent noun is no noun for the slot
        ("The colourists don't know other colourists exist", "`colourist` is not told that other `colourist` calls run", Status.PROVED),
    ],
)
def test_a_description_of_whose_thing_and_knowing_a_thing(sentence: str, canonical: str | None, status: Status) -> None:
    body = (
        "let mixes = parallel repeat 2 as seat:\n  call colourist\n    hair_photo: hair_photo\n    shade: shade\n"
        "let ruling = call reader\n  mixes: mixes\n"
        "return { ruling: ruling }\n"
    )
    read_as, got, evidence = _own_checked(
        body, sentence, slots="colourist, reader",
        requires="hair_photo: string -- a photo of the client's hair as it is today\n    shade: string -- the shade asked for",
    )
    assert read_as == canonical, (sentence, read_as)
    assert got == status, (sentence, evidence)


@pytest.mark.parametrize(
    ("given", "status"),
    [
        # nothing it is given names a writer or hands it another's work
        ('prompt: "Note what each cat needs."', Status.PROVED),
        # a word of its name, which may be its own task ("write", "a
        # checklist") or say there are others: not settled
        ('prompt: "Write one checklist."', Status.UNRECOGNIZED),
        # the count of the loop, its index, or the list's length may show it
        # that other calls run: not settled
        ("seat: seat", Status.UNRECOGNIZED),
        ("count: cats.length", Status.UNRECOGNIZED),
        # another writer named in the prompt tells it
        ('prompt: "Other checklist writers are at work too."', Status.VIOLATED),
    ],
)
def test_unaware_of_the_other_calls_is_told_by_their_name_or_a_count(given: str, status: Status) -> None:
    body = (
        f"let drafts = parallel repeat 3 as seat:\n  call checklist_writer\n    cats: cats\n    {given}\n"
        "return { drafts: drafts }\n"
    )
    # ("that other checklist writers exist" says only that there are other
    # calls: the same checks, but what another call made, handed over,
    # would leave it not settled)
    for sentence, canonical in (
        ("Checklist writers are unaware of each other", "`checklist_writer` is unaware of each other"),
        ("A checklist writer doesn't know that other checklist writers exist", "`checklist_writer` is not told that other `checklist_writer` calls run"),
    ):
        read_as, got, evidence = _own_checked(body, sentence, slots="checklist_writer", requires="cats: string[] -- the cats")
        assert read_as == canonical, (sentence, read_as)
        assert got == status, (sentence, evidence)


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # what a local of one slot's results alone holds, said of its maker
        # or of the things themselves: a count of the slot's calls
        ("The designer draws at most max_rounds layouts", "`designer` is called at most `max_rounds` times", Status.PROVED),
        ("There are never more than max_rounds layouts", "`designer` is called at most `max_rounds` times", Status.PROVED),
        ("At most max_rounds layouts are drawn", "`designer` is called at most `max_rounds` times", Status.PROVED),
        ("The designer writes at most one layout", "`designer` is called at most once", Status.VIOLATED),
        # a local the subject does not make
        ("The homeowner draws at most max_rounds layouts", None, Status.UNRECOGNIZED),
        # told nothing about a slot: unaware of it
        ("The designer isn't told anything about the homeowner", "`designer` does not know about homeowner", Status.VIOLATED),
        ("The homeowner doesn't know anything about the designer", "`homeowner` does not know about designer", Status.PROVED),
        # "exists" after a slot's name is a verb, no noun for the slot
        ("The designer doesn't know a homeowner exists", "`designer` does not know about homeowner", Status.VIOLATED),
        ("The homeowner doesn't know a designer exists", "`homeowner` does not know about designer", Status.PROVED),
    ],
)
def test_what_a_slot_makes_counted_and_told_nothing_about(sentence: str, canonical: str | None, status: Status) -> None:
    body = (
        "let layout = null\nloop until opinion approves (max: max_rounds):\n"
        '  let layout = call designer\n    room: room\n    prompt: "Draw a layout the homeowner will like."\n'
        "  let opinion = call homeowner\n    drawing: layout.drawing\n"
        "return { layout: layout }\n"
    )
    read_as, got, evidence = _own_checked(
        body, sentence, slots="designer, homeowner", requires="room: string -- the room\n    max_rounds: number -- the most rounds"
    )
    assert read_as == canonical, (sentence, read_as)
    assert got == status, (sentence, evidence)


@pytest.mark.parametrize(
    ("loops", "canonical", "status"),
    [
        # one loop of `rounds` rounds around the reader's calls
        (1, "`reader` is called at most `rounds` times", Status.PROVED),
        # two such loops: every call of the reader, or each loop's rounds?
        (2, None, Status.UNRECOGNIZED),
    ],
)
def test_calls_bounded_by_the_bound_of_two_loops_around_them(loops: int, canonical: str | None, status: Status) -> None:
    body = "".join(
        f"let found_{k} = repeat rounds:\n  call reader\n    text: text\n" for k in range(loops)
    ) + "return { found: found_0 }\n"
    read_as, got, evidence = _own_checked(
        body, "The number of reader runs is bounded by rounds", slots="reader", requires="text: string -- the text\n    rounds: number -- the rounds"
    )
    assert read_as == canonical, read_as
    assert got == status, evidence


@pytest.mark.parametrize(
    ("sentence", "canonical", "statuses"),
    [
        # what each of two slots produced
        (
            "The packer never sees anything the edger or the fitter produced",
            "`packer` never receives `edger`'s output; `packer` never receives `fitter`'s output",
            [Status.PROVED, Status.PROVED],
        ),
        (
            "The fitter never sees what the edger or the packer produced",
            "`fitter` never receives `edger`'s output; `fitter` never receives `packer`'s output",
            [Status.VIOLATED, Status.PROVED],
        ),
        # received, "or" is one of them
        ("The customer sees what the edger or the packer produced", None, [Status.UNRECOGNIZED]),
        # the owner an input's description gives it, where the owner is a
        # slot whose results have no such key
        ("The packer never sees the customer's budget", "`packer` never receives `budget`", [Status.PROVED]),
        ("The fitter never sees the customer's budget", "`fitter` never receives `budget`", [Status.VIOLATED]),
    ],
)
def test_what_each_of_two_made_and_the_owner_a_description_gives(sentence: str, canonical: str | None, statuses: list[Status]) -> None:
    body = (
        "let edge = call edger\n  frame: frame\n"
        "let fit = call fitter\n  edge: edge\n  budget: budget\n"
        "let answer = call customer\n  fit: fit\n"
        "let box = call packer\n  frame: frame\n"
        "return { box: box, answer: answer }\n"
    )
    read_as, got, evidence = _own_facts(
        body, sentence, slots="edger, fitter, customer, packer",
        requires="frame: string -- the frame\n    budget: number -- the customer's stated budget",
    )
    assert read_as == canonical, sentence
    assert got == statuses, evidence


def _own_facts(body: str, sentence: str, *, slots: str, requires: str) -> tuple[str | None, list[Status], list[tuple[str, ...]]]:
    """The canonical forms (joined; None when unread), statuses and evidence
    of every fact a sentence gives in a small pattern around ``body``."""
    from conftest import pattern_text

    pattern = pattern_text("own", body, slots=slots, requires=requires, invariants="{invariants}")
    result = compile_text("tests/own.prose.md", pattern.replace("{invariants}", f"- {sentence}").encode(), render=False)
    assert result.report is not None
    facts = result.report.invariants
    return "; ".join(f.read_as for f in facts if f.read_as) or None, [f.status for f in facts], [f.evidence for f in facts]


@pytest.mark.parametrize(
    ("slots", "canonical", "status"),
    [
        # "the other side": the one slot that is not the subject
        ("thesis, antithesis", "`thesis` never receives `antithesis`'s output", Status.VIOLATED),
        # with a third slot, which one is not said
        ("thesis, antithesis, judge", None, Status.UNRECOGNIZED),
    ],
)
def test_the_other_side_is_the_other_slot(slots: str, canonical: str | None, status: Status) -> None:
    judged = "let ruling = call judge\n  case: rebuttal\n" if "judge" in slots else ""
    body = (
        "let rebuttal = null\nrepeat 2:\n  let claim = call thesis\n    topic: topic\n    rebuttal: rebuttal\n"
        "  let rebuttal = call antithesis\n    claim: claim\n" + judged + "return { rebuttal: rebuttal }\n"
    )
    read_as, got, evidence = _own_checked(
        body, "The thesis never sees what the other side argued", slots=slots, requires="topic: string -- the topic"
    )
    assert read_as == canonical, read_as
    assert got == status, evidence


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # "only ever" given to one slot: it receives it, and no other does
        ("The brief is only ever shown to the grader", "`grader` receives `brief`; `clerk` never receives `brief`", Status.PROVED),
        ("The brief only ever reaches the clerk", "`clerk` receives `brief`; `grader` never receives `brief`", Status.VIOLATED),
        # so many of a slot, said of the calls: exactly that many calls
        ("Exactly panel graders are asked", "`grader` is called exactly `panel` times", Status.PROVED),
        ("Exactly panel clerks are asked", "`clerk` is called exactly `panel` times", Status.VIOLATED),
        # what a local of one slot's results alone holds, exactly so many
        ("Exactly panel marks are produced", "`grader` is called exactly `panel` times", Status.PROVED),
        ("The grader always produces exactly panel marks", "`grader` is called exactly `panel` times", Status.PROVED),
    ],
)
def test_only_ever_given_and_exactly_so_many_calls(sentence: str, canonical: str, status: Status) -> None:
    body = (
        "let marks = parallel repeat panel:\n  call grader\n    brief: brief\n"
        "let tally = call clerk\n  marks: marks\n"
        "return { tally: tally }\n"
    )
    read_as, got, evidence = _own_facts(
        body, sentence, slots="grader, clerk", requires="brief: string -- the brief\n    panel: number -- how many graders"
    )
    assert read_as == canonical, sentence
    want = status if status is Status.PROVED else Status.VIOLATED
    assert want in got and all(g in (Status.PROVED, want) for g in got), evidence


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # "if" says the path as "when" does
        ("If the keeper rejects, the keeper's reason is returned", "`keeper`'s `reason` is returned when `keeper` blocks", Status.PROVED),
        # what is rejected, a word for a list, says nothing of whose refusal
        ("When the keeper rejects the set, its reason is returned", "`keeper`'s `reason` is returned when `keeper` blocks", Status.PROVED),
        # "comes back as", "the caller gets ... as": under that returned key
        ("If the keeper rejects, the keeper's reason comes back as the note", "when `keeper` blocks, the returned `note` is `keeper`'s `reason`", Status.PROVED),
        ("When the keeper rejects, the caller gets the planner's plan as the note", "when `keeper` blocks, the returned `note` comes from `planner`", Status.VIOLATED),
        ("If the keeper approves, the pattern hands back the planner's plan as the plan", "when `keeper` approves, the returned `plan` comes from `planner`", Status.PROVED),
    ],
)
def test_returns_said_with_if_and_as_a_key(sentence: str, canonical: str, status: Status) -> None:
    body = (
        "let plan = call planner\n  brief: brief\n"
        "let check = call keeper\n  plan: plan\n"
        "if check approves:\n  return { plan: plan }\n"
        "return { note: check.reason }\n"
    )
    read_as, got, evidence = _own_checked(body, sentence, slots="planner, keeper", requires="brief: string -- the brief")
    assert read_as == canonical, read_as
    assert got == status, evidence


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # a list named whole, of a slot called in a walk over it and given
        # its own element: the elements, one a call, or all of it on each?
        ("The valeter is handed the cars", "`valeter` receives `cars`", Status.UNRECOGNIZED),
        ("The valeter is handed its own car", "`valeter` receives its own `cars`", Status.PROVED),
        # "itself", "the whole": all of it on each call
        ("The valeter is handed the car list itself", "`valeter` receives `cars` itself", Status.VIOLATED),
        ("The cashier is handed the car list itself", "`cashier` receives `cars` itself", Status.PROVED),
        # a slot given the list whole, in no walk: one meaning
        ("The cashier is handed the cars", "`cashier` receives `cars`", Status.PROVED),
        ("The texter is handed the cars", "`texter` receives `cars`", Status.VIOLATED),
    ],
)
def test_a_list_handed_to_a_slot_that_walks_it(sentence: str, canonical: str, status: Status) -> None:
    body = (
        "for car in cars:\n  let job = call valeter\n    car: car\n"
        "let bill = call cashier\n  cars: cars\n"
        "let sent = call texter\n  bill: bill\n"
        "return { bill: bill, sent: sent }\n"
    )
    read_as, got, evidence = _own_checked(
        body, sentence, slots="valeter, cashier, texter", requires="cars: object[] -- the customer's cars"
    )
    assert read_as == canonical, read_as
    assert got == status, evidence


@pytest.mark.parametrize(
    ("sentence", "canonical", "statuses"),
    [
        # what was judged, refused: the unreadable verdict counts as no
        ("If the keeper's answer can't be read, the plan is declined", "unreadable `keeper` output counts as a refusal", [Status.ENFORCED]),
        # ", nothing else" as ", and nothing else"
        ("The builder gets the plan, nothing else", "`builder` receives only `planner`'s output", [Status.PROVED]),
        ("The builder gets the brief, nothing else", "`builder` receives only `brief`", [Status.VIOLATED]),
        # "what the keeper thought of the plan": its output, of what it judged
        ("The builder is told what the keeper thought of the plan", "`builder` receives `keeper`'s output", [Status.VIOLATED]),
        ("The planner never learns what the keeper thought of the plan", "`planner` never receives `keeper`'s output", [Status.PROVED]),
        ("The planner never learns what the keeper checked of the plan", None, [Status.UNRECOGNIZED]),
        # "are what come back", plural
        ("When the keeper rejects, its reasons are what come back", "`keeper`'s `reason` is returned when `keeper` blocks", [Status.PROVED]),
        # kept from "A or B": from each; given to "A or B": one of them, not read
        (
            "The keeper's reason never reaches the planner or the builder",
            "`planner` never receives `keeper`'s `reason`; `builder` never receives `keeper`'s `reason`",
            [Status.PROVED, Status.PROVED],
        ),
        ("The brief is never shown to the keeper or the builder", "`keeper` never receives `brief`; `builder` never receives `brief`", [Status.PROVED, Status.PROVED]),
        ("The brief is shown to the keeper or the builder", None, [Status.UNRECOGNIZED]),
        # "told about", "hears about" a value: told it; about a delegate
        # named alone, that it runs (a hidden fact), or what it made?
        ("The keeper is told about the plan", "`keeper` receives `planner`'s output", [Status.PROVED]),
        ("The builder never hears about the keeper's reason", "`builder` never receives `keeper`'s `reason`", [Status.PROVED]),
        ("The planner is told about the keeper's reason", "`planner` receives `keeper`'s `reason`", [Status.VIOLATED]),
        ("The builder is never told about the keeper", "`builder` does not know about keeper", [Status.PROVED]),
        ("The builder is not told about the other builders", None, [Status.UNRECOGNIZED]),
    ],
)
def test_refused_things_nothing_else_after_a_comma_what_a_slot_thought_and_or_lists_kept_away(
    sentence: str, canonical: str | None, statuses: list[Status]
) -> None:
    body = (
        "let plan = call planner\n  brief: brief\n"
        "let check = call keeper\n  plan: plan\n  prompt: \"Approve or reject.\"\n"
        "if check approves:\n  let done = call builder\n    plan: plan\n  return { done: done }\n"
        "return { note: check.reason }\n"
    )
    read_as, got, _ = _own_facts(body, sentence, slots="planner, keeper, builder", requires="brief: string -- the brief")
    assert read_as == canonical, read_as
    assert got == statuses, sentence


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # "once for each candidate", of a list `candidate_names` another
        # slot walks: many of them a run, not the one thing a run handles
        ("The producer is asked once for each candidate", None, Status.UNRECOGNIZED),
        ("The producer is asked once per episode", "`producer` is called once", Status.PROVED),
        # a word whose first six letters another word of an input's name
        # shares ("applicant", "application") names no slot
        # (`applicant_liaison`)
        ("The producer never sees the applicant's notes", None, Status.UNRECOGNIZED),
        ("The applicant liaison never sees the application", "`applicant_liaison` never receives `application`", Status.PROVED),
    ],
)
def test_a_list_named_by_a_word_of_its_name_and_a_stem_an_input_shares(sentence: str, canonical: str | None, status: Status) -> None:
    body = (
        "let profiles = parallel for name in candidate_names:\n  call researcher\n    guest: name\n"
        "let pick = call producer\n  profiles: profiles\n"
        "let letter = call applicant_liaison\n  pick: pick.notes\n"
        "return { pick: pick, letter: letter }\n"
    )
    read_as, got, evidence = _own_checked(
        body, sentence, slots="researcher, producer, applicant_liaison",
        requires="candidate_names: string[] -- the guests to consider\n    application: object -- the form",
    )
    assert read_as == canonical, read_as
    assert got == status, evidence


@pytest.mark.parametrize(
    ("passed", "status"),
    [
        # each call handed the one before's output, as data: whether that
        # tells it another call ran is not settled
        ("current", Status.UNRECOGNIZED),
        ("brief", Status.PROVED),
        # under a word for peers: others of its kind, said so
        ("brief\n    peers: current", Status.VIOLATED),
    ],
)
def test_unaware_of_one_another_when_handed_another_calls_output(passed: str, status: Status) -> None:
    body = f"let current = brief\nrepeat 3:\n  current = call stage\n    input: {passed}\nreturn {{ result: current }}\n"
    read_as, got, evidence = _own_checked(body, "Stages are unaware of one another", slots="stage", requires="brief: string -- the brief")
    assert read_as == "`stage` is unaware of each other", read_as
    assert got == status, evidence


SALE = """\
---
name: sale
kind: pattern
---

# Sale

Items are priced, checked by an organiser, reworked in rounds, and signed off.

### Slots

- `pricer`
  - ensures: `{ price, rationale }` for an item, or `{ prices }` for a revised list
- `client`
- `organiser`
- `scanner`
- `fact_checker`
- `clerk`

### Config

- `max_rounds` (integer, default: 3): how many review rounds
- `max_upgrades` (integer, default: 2): how many upgrades may be offered
- `scan_passes` (integer, default: 2): how many scans each item gets

### Requires

- The caller supplies:
    items: string[] -- the items for sale
    gaps: string[] -- the gaps in the stock
    budget: number -- what the client will pay
    brief: string -- the sale brief

### Invariants

{invariants}

### Delegation

```prose
let quotes = parallel for item in items:
  call pricer
    item: item
    prompt: "Price {item}."

let price_list = []
for quote, i in quotes:
  record { item: items[i], price: quote.price } in price_list

let approval = call client
  budget: budget
  upgrades: max_upgrades
  gaps: gaps

let cards = []
for item in items:
  let scans = repeat scan_passes as pass_no:
    call scanner
      item: item
  let card = call fact_checker
    scans: scans
  append card to cards

let verdict = null
loop until verdict approves (max: max_rounds) as round:
  let verdict = call organiser
    prices: price_list
    gaps: gaps
    note: "Brief: {brief}"
  if verdict does not approve:
    let revised = call pricer
      prices: price_list
    price_list = revised.prices

let receipt = call clerk
  brief: brief

return { prices: price_list, cards: cards, receipt: receipt }
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # a slot's possessive before an input it is handed: the input
        ("The organiser never sees the client's budget", "`organiser` never receives `budget`", Status.PROVED),
        ("The scanner never sees the client's budget", "`scanner` never receives `budget`", Status.PROVED),
        # "the X cap", "the limit on X" of a `max_` number
        ("The organiser is never told the upgrade cap", "`organiser` never receives `max_upgrades`", Status.PROVED),
        ("The client is told the limit on upgrades", "`client` receives `max_upgrades`", Status.PROVED),
        # "the same list of X", of an input X
        ("The organiser is sent the same list of gaps every time", "every `organiser` receives the same `gaps`", Status.PROVED),
        # counts said with what the slot is asked to do, with "at most"
        # after the count, and with the count said twice
        ("The client is asked to approve at most once", "`client` is called at most once", Status.PROVED),
        ("The client is asked once at most", "`client` is called at most once", Status.PROVED),
        ("The clerk is asked once and only once", "`clerk` is called exactly once", Status.PROVED),
        ("The clerk is asked once and only twice", None, Status.UNRECOGNIZED),
        # one of what a slot does, for each element
        ("Every item gets exactly one fact check", "each `items` is handled by exactly one `fact_checker`", Status.UNRECOGNIZED),
        # a key of the slot's results that is also the plural of another
        ("The organiser sees the pricer's prices", None, Status.UNRECOGNIZED),
        # a key "from" a slot is that key of its results
        ("The organiser never sees the rationale from the pricer", "`organiser` never receives `pricer`'s `rationale`", Status.PROVED),
        # a list of records, each holding a part of the slot's output
        ("The returned prices are the pricer's", "the returned `prices` comes from `pricer`", Status.UNRECOGNIZED),
        # the act of a slot called in one of several loops names that loop
        # (not of a slot called in a loop inside another: either loop)
        ("Scanning is bounded by `scan_passes`", None, Status.UNRECOGNIZED),
        # "the original" input kept away: none of it, or not as given
        ("The clerk never gets the original brief", "`clerk` never receives the original `brief`", Status.VIOLATED),
        # (a text made with the whole of it holds it as it was given)
        ("The organiser never gets the original brief", "`organiser` never receives the original `brief`", Status.VIOLATED),
        # (its elements as they are hold it as it was given)
        ("The scanner never gets the original items", "`scanner` never receives the original `items`", Status.VIOLATED),
        ("The scanner never gets the items", "`scanner` never receives `items`", Status.VIOLATED),
        ("The pricer never gets the original brief", "`pricer` never receives the original `brief`", Status.PROVED),
        ("The organiser never gets the brief", "`organiser` never receives `brief`", Status.VIOLATED),
    ],
)
def test_readings_of_inputs_named_by_their_owner_limit_or_list_and_of_loops_named_by_an_act(
    sentence: str, canonical: str | None, status: Status
) -> None:
    read_as, got, evidence = _checked(SALE, sentence)
    assert read_as == canonical, (sentence, evidence)
    assert got == status, evidence


PRESSING = """\
---
name: pressing
kind: pattern
---

# Pressing

Each lot of apples is pressed on its own, and a blender mixes the juices.

### Slots

- `presser`
- `blender`

### Requires

- The caller supplies:
    lots: string[] -- the lots of apples
    order: object -- the customer's order, with its notes

### Invariants

{invariants}

### Delegation

```prose
let juices = parallel for lot in lots:
  call presser
    lot: lot
    prompt: "Press this lot."
let blend = call blender
  juices: juices
  notes: order.notes
return { blend: blend }
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # what another call said, offered or judged is its output
        ("No presser sees what another presser suggested", "`presser` never receives another `presser`'s output", Status.PROVED),
        ("No presser hears what any other presser concluded", "`presser` never receives another `presser`'s output", Status.PROVED),
        # (not what it was given)
        ("No presser sees what another presser read", None, Status.UNRECOGNIZED),
        # what was made from another element of the list walked
        ("No presser sees the juice from another lot", "`presser` never receives another `presser`'s output", Status.PROVED),
        # "the original" kept away, of a slot given a field read off it:
        # none of it, or not as it was given?
        ("The blender never sees the original order", "`blender` never receives the original `order`", Status.UNRECOGNIZED),
        ("The blender never sees the order", "`blender` never receives `order`", Status.VIOLATED),
        ("The presser never sees the original order", "`presser` never receives the original `order`", Status.PROVED),
        # "the same instructions": the prompt, or everything it is given?
        ("Every presser gets the same instructions", "every `presser` receives the same instructions", Status.UNRECOGNIZED),
        ("Every presser gets the same prompt", "every `presser` receives the same prompt", Status.PROVED),
        ("Every presser gets the same inputs", "every `presser` receives the same inputs", Status.VIOLATED),
    ],
)
def test_what_another_call_said_or_made_from_another_element(sentence: str, canonical: str | None, status: Status) -> None:
    read_as, got, evidence = _checked(PRESSING, sentence)
    assert read_as == canonical, (sentence, evidence)
    assert got == status, evidence


TRIAGE = """\
---
name: triage
kind: pattern
---

# Triage

A nurse grades a case, then a night vet treats it.

### Slots

- `triage_nurse`
- `night_vets`

### Requires

- The caller supplies:
    case_notes: string -- what the owner reported

### Invariants

{invariants}

### Delegation

```prose
let grade = call triage_nurse
  notes: case_notes
  prompt: "{prompt}"
let plan = call night_vets
  grade: grade
return { plan: plan }
```
"""


@pytest.mark.parametrize(
    ("prompt", "status"),
    [
        ("Grade the urgency of this case.", Status.PROVED),
        # the delegate's name with its last word in the singular names it
        ("Grade the urgency of this case for the night vet.", Status.VIOLATED),
        ("Grade the urgency of this case for the night vets.", Status.VIOLATED),
    ],
)
def test_a_delegate_named_in_the_singular_in_a_prompt_is_told_of(prompt: str, status: Status) -> None:
    read_as, got, evidence = _checked(TRIAGE.replace("{prompt}", prompt), "The triage nurse is never told about the night vets")
    assert read_as == "`triage_nurse` does not know about `night_vets`", evidence
    assert got == status, evidence


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # "until", after a negation: no call before the approval, as "unless"
        ("The registrar does not run until the screener approves", "`registrar` runs only when `screener` approves", Status.PROVED),
        ("No registrar starts work until the screener has approved the claim", "`registrar` runs only when `screener` approves", Status.PROVED),
        ("The registrar writes nothing until the screener approves", "`registrar` runs only when `screener` approves", Status.PROVED),
        ("The registrar does nothing until the screener says go ahead", "`registrar` runs only when `screener` approves", Status.PROVED),
        ("The registrar does not do anything until the screener approves", "`registrar` runs only when `screener` approves", Status.PROVED),
        ("The registrar is not asked anything until the screener approves", "`registrar` runs only when `screener` approves", Status.PROVED),
        ("The style checker does not run until the auditor approves", "`style_checker` runs only when `auditor` approves", Status.VIOLATED),
        # a subject that carries the negation: each slot it names
        (
            "Neither the merger nor the registrar does anything until the auditor approves",
            "`merger` runs only when `auditor` approves; `registrar` runs only when `auditor` approves",
            Status.PROVED,
        ),
        (
            "Neither the merger nor the style checker is called until the auditor approves",
            "`merger` runs only when `auditor` approves; `style_checker` runs only when `auditor` approves",
            Status.VIOLATED,
        ),
        # "nobody" doing what a slot is named for, with what it does it to
        ("Nobody registers the claim until the screener approves", "`registrar` runs only when `screener` approves", Status.PROVED),
        ("Nobody merges anything unless the auditor approves", "`merger` runs only when `auditor` approves", Status.PROVED),
        ("None registers the claim until the screener approves", None, Status.UNRECOGNIZED),
        # "until" without a negation says how long something goes on, not a gate
        ("The registrar runs until the screener approves", None, Status.UNRECOGNIZED),
        ("The registrar does something until the screener approves", None, Status.UNRECOGNIZED),
        ("The registrar does anything until the screener approves", None, Status.UNRECOGNIZED),
    ],
)
def test_nothing_runs_until_the_approval(sentence: str, canonical: str | None, status: Status) -> None:
    statuses = _status_in(AUDITED, sentence)
    got = Status.VIOLATED if Status.VIOLATED in statuses else statuses[0]
    assert (_read_as(AUDITED, sentence), got) == (canonical, status), sentence


PARTY = '''\
let cake = call baker
  prompt: "Bake a cake for {guest_count} children."
let plan = loop until venue approves (max: max_drafts) as round:
  let offer = call venue
    style: style
    drafts: max_drafts
  offer
let rooms = call caterer
  per_room: per_room_count
  other: other_count
return { cake: cake, plan: plan, rooms: rooms }
'''


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # "how many NOUN", of the number that counts them: its name's nouns
        # (`guest_count`, `max_drafts`) or its description's ("how many
        # children are invited")
        ("The venue is never told how many guests are coming", "`venue` never receives `guest_count`", Status.PROVED),
        ("The venue is not told how many children there are", "`venue` never receives `guest_count`", Status.PROVED),
        ("The baker is never told how many guests are coming", "`baker` never receives `guest_count`", Status.VIOLATED),
        ("The baker is told how many guests are expected", "`baker` receives `guest_count`", Status.PROVED),
        ("The venue knows how many drafts it is allowed", "`venue` receives `max_drafts`", Status.PROVED),
        ("The caterer doesn't know how many drafts there will be", "`caterer` never receives `max_drafts`", Status.PROVED),
        ("The baker never learns how many days there are to reply", None, Status.UNRECOGNIZED),
        # a clause that may say which ones are counted, or more than which
        ("The venue is never told how many guests it turned away", None, Status.UNRECOGNIZED),
        ("The venue is never told how many guests the caterer fed", None, Status.UNRECOGNIZED),
        # a noun two numbers count: which one is not said
        ("The baker is never told how many rooms there are", None, Status.UNRECOGNIZED),
        # "many" alone, or a noun no number counts
        ("The baker is never told how many cakes there are", None, Status.UNRECOGNIZED),
    ],
)
def test_how_many_of_a_thing_is_the_number_that_counts_it(sentence: str, canonical: str | None, status: Status) -> None:
    read_as, got, _ = _own_checked(
        PARTY,
        sentence,
        slots="baker, venue, caterer",
        requires="""
            guest_count: number -- how many children are invited
            style: string -- the party's style
            per_room_count: integer -- rooms per floor
            other_count: integer -- the number of rooms held back
            max_drafts: integer -- most offers asked for
        """,
        summary="A party is planned.",
    )
    assert (read_as, got) == (canonical, status), sentence


CALLED_OFF = '''\
let sea = call lifeguard
  prompt: "Report the swell. Answer with JSON { proceed, reason }."
if sea does not explicitly proceed:
  return { reason: sea.reason, groups: [] }
let plan = call coach
  prompt: "Split the class into groups. Answer with JSON { groups }."
return { reason: "", groups: plan.groups }
'''


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # a refusal said of no slot is the refusal of the one slot whose
        # verdict is tested: its own fields are returned there, not another's
        ("When the lesson is called off, the lifeguard's reason is returned", "`lifeguard`'s `reason` is returned when `lifeguard` blocks", Status.PROVED),
        ("When the lesson is called off, the coach's groups are returned", None, Status.UNRECOGNIZED),
    ],
)
def test_a_refusal_of_no_named_slot_is_the_one_deciders(sentence: str, canonical: str | None, status: Status) -> None:
    read_as, got, _ = _own_checked(CALLED_OFF, sentence, slots="lifeguard, coach", requires="beach: string -- the beach")
    assert (read_as, got) == (canonical, status), sentence


LODGER = '''\
let fit = call matchmaker
  habits: applicant.habits
  prompt: "How well do these habits sit with the house?"
let decision = call householder
  applicant_name: applicant.name
  fit: fit
  prompt: "Do you take {applicant.name} on?"
for donation in donations:
  call sorter
    item: donation.description
call surveyor
  boundary: garden_plan.boundary
call builder
  plot: garden_plan.plot
return decision
'''


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # a description that lists an input's parts names the first part,
        # a key the program reads off it, not the whole input
        ("The matchmaker is not given the applicant's name", "`matchmaker` never receives `applicant`'s `name`", Status.PROVED),
        ("The matchmaker is not given the applicant", "`matchmaker` never receives `applicant`", Status.VIOLATED),
        # ... its noun or a word before it: "the plot measurements and the
        # boundary details", of a `garden_plan` whose `plot` is read
        ("The surveyor isn't shown the plot measurements", "`surveyor` never receives `garden_plan`'s `plot`", Status.PROVED),
        ("The surveyor isn't shown the garden plan's plot", "`surveyor` never receives `garden_plan`'s `plot`", Status.PROVED),
        # a word for what a delegate thinks, of one that declares no keys:
        # some part of its answer or all of it
        ("The householder never sees the matchmaker's view", "`householder` never receives `matchmaker`'s view", Status.VIOLATED),
        ("The sorter never sees the matchmaker's view", "`sorter` never receives `matchmaker`'s view", Status.PROVED),
        # a list given one field of each element: those parts, or the whole
        # list? Not settled
        ("The sorter receives the donations", "`sorter` receives `donations`", Status.UNRECOGNIZED),
        ("The sorter receives the whole donations list", "`sorter` receives `donations` itself", Status.VIOLATED),
    ],
)
def test_parts_of_an_input_and_a_delegates_view(sentence: str, canonical: str | None, status: Status) -> None:
    read_as, got, _ = _own_checked(
        LODGER,
        sentence,
        slots="matchmaker, householder, sorter, surveyor, builder",
        requires="""
            applicant: object -- the applicant's name, references, income and habits
            garden_plan: object -- the plot measurements and the boundary details
            donations: object[] -- each donated item, with a description
        """,
    )
    assert (read_as, got) == (canonical, status), sentence


CASTING = '''\
let cast = call teacher
  prompt: "Give every child a part."
let verdict = call head_teacher
  cast_list: cast.roles
  prompt: "Approve this cast list."
let order = []
for item, position in cast.roles:
  append cast.roles[position] to order
  call dresser
    part: item.part
call costume_parent
  order: order
  budget: budget
return verdict
'''


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # a key declared inside a part the call is given: in that part, or
        # the key itself? Not settled
        ("The head teacher sees the parts", "`head_teacher` receives `teacher`'s `part`", Status.UNRECOGNIZED),
        ("The head teacher sees the roles", "`head_teacher` receives `teacher`'s `roles`", Status.PROVED),
        ("The head teacher never sees the teacher's reasons", "`head_teacher` never receives `teacher`'s `reasons`", Status.PROVED),
        # the index that picked what a local holds is part of it
        ("The costume parent gets only the order and the budget", "`costume_parent` receives only `order` and `budget`", Status.PROVED),
        ("The costume parent gets only the order", "`costume_parent` receives only `order`", Status.VIOLATED),
    ],
)
def test_a_key_inside_a_part_and_the_index_that_picked_an_element(sentence: str, canonical: str | None, status: Status) -> None:
    from conftest import pattern_text

    pattern = pattern_text(
        "own",
        CASTING,
        slots="teacher, head_teacher, costume_parent, dresser",
        requires="budget: number -- the costume budget",
        invariants="{invariants}",
        ensures={"teacher": "a draft `{ roles, reasons }`, each role `{ child, part }`"},
    )
    read_as, got, _ = _checked(pattern, sentence)
    assert (read_as, got) == (canonical, status), sentence


GROOMING = '''\
let groom = call groomer
  prompt: "Groom the dog. Answer with JSON { notes, minutes }."
call owner
  notes: groom.notes
call billing
  minutes: groom.minutes
'''


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # "how many" of a key the slot named declares, with what it did
        ("The owner never finds out how many minutes the groomer took", "`owner` never receives `groomer`'s `minutes`", Status.PROVED),
        ("The billing desk never finds out how many minutes the groomer took", "`billing` never receives `groomer`'s `minutes`", Status.VIOLATED),
        ("The billing desk is told how many minutes the groomer took", "`billing` receives `groomer`'s `minutes`", Status.PROVED),
        # no key of that name: not read
        ("The owner never finds out how many dogs the groomer took", None, Status.UNRECOGNIZED),
    ],
)
def test_how_many_of_a_key_a_slot_declares(sentence: str, canonical: str | None, status: Status) -> None:
    from conftest import pattern_text

    pattern = pattern_text(
        "own",
        GROOMING,
        slots="groomer, owner, billing",
        requires="dog: string -- the dog",
        invariants="{invariants}",
        ensures={"groomer": "`{ notes, minutes }`"},
    )
    read_as, got, _ = _checked(pattern, sentence)
    assert (read_as, got) == (canonical, status), sentence


STORY = '''\
let draft = null
let check = null
repeat review_passes as pass_no:
  let draft = call researcher
    question: question
  let check = call fact_checker
    story: draft.story
  if check explicitly proceeds:
    break
if check does not explicitly proceed:
  return null
call secretary
  story: draft.story
  member_name: member_name
'''


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # a value null until a loop that may run no round sets it: on the
        # paths where it is passed, or on every call? With "only" as without
        ("The secretary receives the story", "`secretary` receives `researcher`'s `story`", Status.UNRECOGNIZED),
        ("The secretary receives only the story and the member name", "`secretary` receives only `member_name` and `researcher`'s `story`", Status.UNRECOGNIZED),
        ("The secretary always receives the story", "`secretary` always receives `researcher`'s `story`", Status.VIOLATED),
        # "only" still limits what else it is given
        ("The secretary receives only the story", "`secretary` receives only `researcher`'s `story`", Status.VIOLATED),
    ],
)
def test_only_of_a_value_a_loop_may_leave_null(sentence: str, canonical: str | None, status: Status) -> None:
    from conftest import pattern_text

    pattern = pattern_text(
        "own",
        STORY,
        slots="researcher, fact_checker, secretary",
        requires="question: string -- the question\nmember_name: string -- who asked\nreview_passes: integer -- passes",
        invariants="{invariants}",
        ensures={"researcher": "a draft `{ story, working_notes }`"},
    )
    read_as, got, _ = _checked(pattern, sentence)
    assert (read_as, got) == (canonical, status), sentence


CANCELLED = '''\
let review = call customer
  prompt: "Approve, revise or cancel, with a reason. Answer with JSON { reason, changes }."
if review says approve:
  return { note: review.reason }
elif review says revise:
  return {
    note: review.changes
  }
else:
  return {
    note: review.reason
  }
'''

TRIALS = '''\
let runs = parallel repeat trials as attempt:
  try:
    let log = call handler
      attempt: attempt
    return log
  catch as slip:
    return { faults: "run abandoned", error: slip }
return { runs: runs }
'''

TRIALS_NOTED = TRIALS.replace('{ faults: "run abandoned", error: slip }', "{ faults: remark, error: slip }")


@pytest.mark.parametrize(
    ("body", "sentence", "canonical", "status"),
    [
        # a refusal where the verdict may say another word, found in a
        # return written over several lines: every return short of an
        # approval, or only where it refuses?
        (CANCELLED, "When the customer cancels, the note handed back is the customer's reason",
         "when `customer` blocks, the returned `note` is `customer`'s `reason`", Status.UNRECOGNIZED),
        # the slot's outputs, and records the program makes of its failures
        (TRIALS, "The runs returned are the handlers' logs", "the returned `runs` comes from `handler`", Status.UNRECOGNIZED),
        # ... not where a record holds the caller's values too
        (TRIALS_NOTED, "The runs returned are the handlers' logs", "the returned `runs` comes from `handler`", Status.VIOLATED),
    ],
)
def test_returns_of_several_lines_and_recorded_failures(body: str, sentence: str, canonical: str | None, status: Status) -> None:
    read_as, got, _ = _own_checked(
        body, sentence, slots="customer, handler", requires="trials: integer -- how many runs\nremark: string -- a remark"
    )
    assert (read_as, got) == (canonical, status), sentence


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # "own" right after a possessive says no more than the possessive
        ("The reader never sees the applicant's own notes", "`reader` never receives `applicant_notes`", Status.PROVED),
        ("The scorer never sees the applicant's own notes", "`scorer` never receives `applicant_notes`", Status.VIOLATED),
        ("The scorer sees the applicant's own notes", "`scorer` receives `applicant_notes`", Status.PROVED),
    ],
)
def test_own_after_a_possessive(sentence: str, canonical: str | None, status: Status) -> None:
    body = "call reader\n  letter: letter\ncall scorer\n  notes: applicant_notes\n"
    read_as, got, _ = _own_checked(
        body, sentence, slots="reader, scorer", requires="letter: string -- the letter\napplicant_notes: string -- the applicant's notes"
    )
    assert (read_as, got) == (canonical, status), sentence


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # "to" said again before the last of the slots something is kept from
        ("The head size is never passed to the client or to the trimmer", "`client` never receives `head_size`; `trimmer` never receives `head_size`", Status.PROVED),
        ("The head size is never passed to the client or to the maker", "`client` never receives `head_size`; `maker` never receives `head_size`", Status.VIOLATED),
        ("The head size is passed to the client or to the trimmer", None, Status.UNRECOGNIZED),
    ],
)
def test_kept_from_one_slot_or_to_another(sentence: str, canonical: str | None, status: Status) -> None:
    from conftest import pattern_text

    body = "call client\n  palette: palette\ncall trimmer\n  palette: palette\ncall maker\n  size: head_size\n"
    pattern = pattern_text(
        "own", body, slots="client, trimmer, maker",
        requires="palette: string -- the colours\nhead_size: string -- the head measurement", invariants="{invariants}",
    )
    statuses = _status_in(pattern, sentence)
    got = Status.VIOLATED if Status.VIOLATED in statuses else statuses[0]
    assert (_read_as(pattern, sentence), got) == (canonical, status), sentence


@pytest.mark.parametrize(
    ("sentence", "canonical", "status"),
    [
        # an input after the possessive of the slot its description says it
        # is of: "the client's palette", of `palette: the colours the client
        # wants to match`
        ("The trimmer gets the client's palette", "`trimmer` receives `palette`", Status.PROVED),
        ("The maker never sees the client's palette", "`maker` never receives `palette`", Status.PROVED),
        # not of a slot the description does not name
        ("The trimmer gets the maker's palette", None, Status.UNRECOGNIZED),
    ],
)
def test_an_input_said_to_be_a_slots(sentence: str, canonical: str | None, status: Status) -> None:
    body = "call client\n  sketch: occasion\ncall trimmer\n  palette: palette\ncall maker\n  size: occasion\n"
    read_as, got, _ = _own_checked(
        body, sentence, slots="client, trimmer, maker",
        requires="palette: string -- the colours the client wants to match\noccasion: string -- what the hat is for",
    )
    assert (read_as, got) == (canonical, status), sentence


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # an activity its bound counts names the loop, as "the rerun loop" does
        ("Haggling is bounded by `max_haggles`", "the loop is bounded by `max_haggles`"),
        ("Re-haggling is bounded by `max_haggles`", "the loop is bounded by `max_haggles`"),
        ("The haggling is bounded by `max_haggles`", "the loop is bounded by `max_haggles`"),
        # an activity the bound does not count: which loop is not said
        ("Bargaining is bounded by `max_haggles`", None),
        ("Handling is bounded by `max_haggles`", None),
    ],
)
def test_an_activity_named_by_what_its_bound_counts(sentence: str, canonical: str | None) -> None:
    from conftest import pattern_text

    body = (
        "let offers = []\nrepeat max_haggles:\n  let offer = call buyer\n  append offer to offers\n"
        "repeat 2:\n  call seller\n    offers: offers\nreturn { offers: offers }\n"
    )
    pattern = pattern_text(
        "own", body, slots="buyer, seller", config="- `max_haggles` (integer, default: 3): offers at most",
        invariants="{invariants}",
    )
    assert _read_as(pattern, sentence) == canonical, sentence


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # a word for how the input was given names it the same
        ("The printer gets the configured paper stock as is", "`printer` receives `paper_stock` unchanged"),
        ("The printer gets the supplied artwork", "`printer` receives `artwork`"),
        ("The printer never sees the submitted artwork", "`printer` never receives `artwork`"),
        # "configured" of what the caller gives: not its config
        ("The printer gets the configured artwork", None),
    ],
)
def test_an_input_said_with_how_it_was_given(sentence: str, canonical: str | None) -> None:
    from conftest import pattern_text

    body = "let proof = call printer\n  paper: paper_stock\n  artwork: artwork\nreturn { proof: proof }\n"
    pattern = pattern_text(
        "own", body, slots="printer", requires="artwork: string -- the artwork to print",
        config="- `paper_stock` (string, default: \"matte\"): the paper to print on", invariants="{invariants}",
    )
    assert _read_as(pattern, sentence) == canonical, sentence


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # a key the program reads off one input only: that input's key
        ("The expert never gets the serial number", "`expert` never receives `watch`'s `serial`"),
        ("The registrar gets the serial number", "`registrar` receives `watch`'s `serial`"),
        ("The registrar never gets the straps", "`registrar` never receives `watch`'s `straps`"),
        # a key read off two inputs: whose is not said
        ("The expert never gets the maker", None),
        # one of a list the key holds, which the key is not
        ("The fitter receives only the strap", None),
    ],
)
def test_a_key_read_off_one_input_only_names_that_inputs_key(sentence: str, canonical: str | None) -> None:
    from conftest import pattern_text

    body = (
        "for strap in watch.straps:\n  call fitter\n    strap: strap\n"
        "let opinion = call expert\n  movement: watch.movement\n  maker: box.maker\n"
        "let entry = call registrar\n  serial: watch.serial\n  maker: watch.maker\n  opinion: opinion\n"
        "return { entry: entry }\n"
    )
    pattern = pattern_text(
        "own", body, slots="expert, registrar, fitter",
        requires="watch: object -- the watch to authenticate\nbox: object -- the box it came in", invariants="{invariants}",
    )
    assert _read_as(pattern, sentence) == canonical, sentence


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # which value of a single input it is: that input
        ("The roundsman is told which week it is", "`roundsman` receives `week`"),
        ("The dairy never learns which paper is used", "`dairy` never receives `paper`"),
        ("The dairy never learns which week the delivery is for", "`dairy` never receives `week`"),
        ("The roundsman is told which week the delivery is", "`roundsman` receives `week`"),
        # something of it the input does not tell, or one of a list
        ("The dairy never learns which week is busiest", None),
        ("The dairy never learns which paper is best", None),
        # one of a list; a second thing said after it
        ("The roundsman is told which street was chosen", None),
        ("The dairy never learns which week or which paper the delivery is for", None),
        ("The dairy never learns which street it is", None),
        # a prompt's word before a key; how many a plural key holds
        ("The roundsman is told the dairy's kitchen timings", "`roundsman` receives `dairy`'s `timings`"),
        ("The roundsman never sees the dairy's crate count", "`roundsman` never receives `dairy`'s `crates`"),
        # a word no prompt or text puts before the key
        ("The roundsman is told the dairy's oven timings", None),
    ],
)
def test_which_value_of_an_input_and_the_patterns_words_for_a_key(sentence: str, canonical: str | None) -> None:
    from conftest import pattern_text

    body = (
        'let stock = call dairy\n  week: week\n  prompt: "Plan the kitchen timings for week {week}."\n'
        "for street in streets:\n  call roundsman\n    street: street\n    paper: paper\n    timings: stock.timings\n"
        "return { stock: stock }\n"
    )
    pattern = pattern_text(
        "own", body, slots="dairy, roundsman", ensures={"dairy": "`{ crates, timings }`"},
        requires="week: string -- the week of the round\npaper: string -- the paper stock\nstreets: list -- the streets",
        invariants="{invariants}",
    )
    assert _read_as(pattern, sentence) == canonical, sentence


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # how the slot works, of nothing another delegate made
        ("The treasurer checks every costing carefully", "`treasurer` reasons"),
        ("The treasurer checks its own sums", "`treasurer` reasons"),
        # another delegate's work, which the slot works on: what it is given
        ("The treasurer checks the cook's costings", None),
        ("The treasurer checks the cooks' own costings", None),
        # after a contrast, what it does not do
        ("The treasurer checks the sums rather than copying the cook's costings", "`treasurer` reasons"),
    ],
)
def test_a_promise_of_behaviour_names_no_other_delegates_work(sentence: str, canonical: str | None) -> None:
    from conftest import pattern_text

    body = "let costs = call cook\n  menu: menu\nlet sums = call treasurer\n  costs: costs\nreturn { sums: sums }\n"
    pattern = pattern_text(
        "own", body, slots="cook, treasurer", ensures={"cook": "`{ costings, dishes }`"},
        requires="menu: string -- the menu", invariants="{invariants}",
    )
    assert _read_as(pattern, sentence) == canonical, sentence



@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # the input said to go ahead: the approved paths
        ("When the booking goes ahead, the result is the clerk's output", "on approval, the result comes from `clerk`"),
        ("If the booking proceeds, the result is the clerk's output", "on approval, the result comes from `clerk`"),
        # running or starting may say when, not whether
        ("When the booking runs, the result is the clerk's output", None),
        ("When the booking starts, the result is the clerk's output", None),
    ],
)
def test_an_input_going_ahead_is_the_approved_path(sentence: str, canonical: str | None) -> None:
    from conftest import pattern_text

    body = (
        "let verdict = call manager\n  booking: booking\nif verdict does not approve:\n  return { result: verdict.reason }\n"
        "let result = call clerk\n  booking: booking\nreturn { result: result }\n"
    )
    pattern = pattern_text("own", body, slots="manager, clerk", requires="booking: string -- the booking", invariants="{invariants}")
    assert _read_as(pattern, sentence) == canonical, sentence


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # an owner the pattern has no name for, before an input's whole name
        ("The screener never learns the charity's charity name", "`screener` never receives `charity_name`"),
        # an owner a key of the same last word is named for (`pet_name`)
        ("The screener never learns the pets' names", None),
        ("The screener never learns the pets' original names", None),
        # a word for what holds it left out: the input all the same
        ("The screener never learns anyone's allergies", "`screener` never receives `allergy_list`"),
        ("The screener never learns the shelter's name", "`screener` never receives `charity_name`"),
    ],
)
def test_an_owner_before_an_input_named_by_the_last_word_of_its_name(sentence: str, canonical: str | None) -> None:
    from conftest import pattern_text

    body = (
        "let ok = call screener\n  photo: photo\n  pet: photo.pet_name\nlet card = call printer\n  charity: charity_name\n"
        "  allergies: allergy_list\nreturn { card: card }\n"
    )
    pattern = pattern_text(
        "own", body, slots="screener, printer",
        requires="photo: string -- the photo\ncharity_name: string -- the charity\nallergy_list: list -- the allergies",
        invariants="{invariants}",
    )
    assert _read_as(pattern, sentence) == canonical, sentence


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # a call run for each, as "handled by"; the slot alone: given to it
        ("Every month gets exactly one curator call", "each `months` is handled by exactly one `curator`"),
        ("Every month gets exactly one curator", "each `months` is given to exactly one `curator`"),
    ],
)
def test_each_element_gets_one_call(sentence: str, canonical: str | None) -> None:
    from conftest import pattern_text

    body = "for month in months:\n  call curator\n    month: month\nreturn { done: true }\n"
    pattern = pattern_text("own", body, slots="curator", requires="months: list -- the months", invariants="{invariants}")
    assert _read_as(pattern, sentence) == canonical, sentence


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # a key of two words is that key, not a word before another key
        ("The tallier never sees the judge's private notes", "`tallier` never receives `judge`'s `private_notes`"),
        ("The tallier never sees the judge's notes", "`tallier` never receives `judge`'s `notes`"),
    ],
)
def test_a_key_of_two_words_before_a_prompts_pair(sentence: str, canonical: str | None) -> None:
    from conftest import pattern_text

    body = (
        'let sheet = call judge\n  entry: entry\n  prompt: "Answer with JSON { score, notes, private_notes }."\n'
        "let total = call tallier\n  score: sheet.score\nreturn { total: total }\n"
    )
    pattern = pattern_text(
        "own", body, slots="judge, tallier", ensures={"judge": "`{ score, notes, private_notes }`"},
        requires="entry: string -- the entry", invariants="{invariants}",
    )
    assert _read_as(pattern, sentence) == canonical, sentence


ALLERGY = """\
---
name: allergy
kind: pattern
---

# Allergy

A planner drafts an order; an allergy checker looks it over.

### Slots

- `planner`
- `allergy_checker`

### Requires

- The caller supplies:
    allergy_list: string -- the known allergies
    budget: number -- the budget

### Invariants

{invariants}

### Delegation

```prose
let order = call planner
  budget: budget
  prompt: "Draft the order."
let review = call allergy_checker
  order: order
  allergies: allergy_list
if review approves:
  return { order: order }
return { order: null }
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # the first word of a slot's name and its act: the slot, not the
        # input the first word also names
        ("The planner never sees the allergy check", "`planner` never receives `allergy_checker`'s output"),
        ("The planner is not told that an allergy check will follow", "`planner` does not know about `allergy_checker` or check"),
        ("The allergy checker is given the allergy list", "`allergy_checker` receives `allergy_list`"),
        # in the plural, as a noun (not a verb before its object)
        ("The allergy checks get the order", "`allergy_checker` receives `planner`'s output"),
        ("The planner never sees the allergy checks", "`planner` never receives `allergy_checker`'s output"),
    ],
)
def test_a_slot_named_by_the_first_word_of_its_name_and_its_act(sentence: str, canonical: str | None) -> None:
    assert _read_as(ALLERGY, sentence) == canonical, sentence


VALUE_NOUNS = """\
---
name: value-nouns
kind: pattern
---

# Value nouns

A grader scores a fleece for a station; an agent prices it for a shed.

### Slots

- `grader`
  - requires: fleece
  - ensures: a grade
- `agent`
  - requires: grade, shed
  - ensures: an offer

### Requires

- The caller supplies:
    station: string -- the station the fleece came from
    shed: object -- the shed that sells it
    fleece: string -- the fleece

### Invariants

{invariants}

### Delegation

```prose
let grade = call grader
  fleece: fleece
  station: station
let offer = call agent
  grade: grade
  shed: shed.location

return {
  offer: offer
}
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # a noun for the value an input holds, after its name: all of it
        ("The grader is told the station name", "`grader` receives `station`"),
        ("The agent never sees the station name", "`agent` never receives `station`"),
        ("The agent never sees the fleece description", "`agent` never receives `fleece`"),
        # not where the program reads a key of the input: "the shed name" is no key it reads
        ("The grader never sees the shed name", None),
        # nor before another noun
        ("The grader is told the station name tag", None),
    ],
)
def test_a_noun_for_the_value_after_an_inputs_name(sentence: str, canonical: str | None) -> None:
    assert _read_as(VALUE_NOUNS, sentence) == canonical, sentence


def test_a_noun_for_the_value_after_an_element_of_a_list_is_not_the_list() -> None:
    """"The station name", of one element of a list `stations` a walk
    gives each call: not the whole list."""
    walked = (
        VALUE_NOUNS.replace("station: string -- the station", "stations: string[] -- the stations")
        .replace("let grade = call grader\n  fleece: fleece\n  station: station\n", "")
        .replace("let offer = call agent\n  grade: grade\n", "let offer = call agent\n  grade: fleece\n")
        .replace("return {", "for station in stations:\n  call grader\n    fleece: fleece\n    station: station\n\nreturn {")
    )
    assert "for station in stations" in walked and "stations: string[]" in walked
    assert _read_as(walked, "The grader is told the station") is not None
    assert _read_as(walked, "The agent never sees the station name") != "`agent` never receives `stations`"


FOREIGN_KEY = """\
---
name: foreign-key
kind: pattern
---

# Foreign key

A surveyor surveys a drive; an inspector inspects it; a liaison writes to the owner.

### Slots

- `surveyor`
  - requires: photos
  - ensures: `{ drainage, summary }`
- `inspector`
  - requires: drainage
  - ensures: `{ findings, reasoning }`
- `liaison`
  - requires: summary
  - ensures: a letter

### Requires

- The caller supplies:
    photos: string -- photos of the drive

### Invariants

{invariants}

### Delegation

```prose
let survey = call surveyor
  photos: photos
let inspection = call inspector
  drainage: survey.drainage
let letter = call liaison
  summary: survey.summary

return {
  findings: inspection.findings,
  why: inspection.reasoning,
  letter: letter
}
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # a key the slot declares: that field
        ("The liaison never sees the surveyor's drainage", "`liaison` never receives `surveyor`'s `drainage`"),
        ("The liaison never sees the inspector's findings", "`liaison` never receives `inspector`'s `findings`"),
        # a key only another slot declares: a word for the surveyor's results, not a field of them
        ("The liaison never sees the surveyor's findings", None),
        # but how it thought is a part of any answer, never all of it
        ("The liaison never sees the surveyor's reasoning", "`liaison` never receives `surveyor`'s `reasoning`"),
    ],
)
def test_a_key_another_slot_declares_is_no_field_of_this_one(sentence: str, canonical: str | None) -> None:
    assert _read_as(FOREIGN_KEY, sentence) == canonical, sentence


SHELF_COUNTS = """\
---
name: shelf-counts
kind: pattern
---

# Shelf counts

A counter counts the stock; a buyer orders from the counts.

### Slots

- `counter`
  - requires: aisle
  - ensures: the counts
- `buyer`
  - requires: counts
  - ensures: an order

### Requires

- The caller supplies:
    aisle: string -- the aisle to count

### Invariants

{invariants}

### Delegation

```prose
let counts = call counter
  aisle: aisle
  prompt: "Count every item on the shelves of {aisle}."
let order = call buyer
  counts: counts
  prompt: "Order what is short."

return {
  order: order
}
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # a word of the prompts of the slot whose results the local holds
        ("The buyer sees the shelf counts", "`buyer` receives `counter`'s output"),
        ("The buyer never sees the shelf counts", "`buyer` never receives `counter`'s output"),
        # a word no prompt of it uses, nor the pattern's own text: which counts?
        ("The buyer sees the warehouse counts", None),
        # a word that may pick some of them
        ("The buyer sees the final counts", None),
    ],
)
def test_a_word_of_the_makers_prompts_before_a_local(sentence: str, canonical: str | None) -> None:
    assert _read_as(SHELF_COUNTS, sentence) == canonical, sentence


CHECK_IN = """\
---
name: hyphens
kind: pattern
---

# Hyphens

An inspector compares a room with the check-in report against the club's
house-keeping standard; a clerk bills the tenant.

### Slots

- `inspector`
  - requires: room, report, standard
  - ensures: a note
- `clerk`
  - requires: note
  - ensures: a bill

### Requires

- The caller supplies:
    room: string -- the room
    checkin_report: string -- the report written at check-in
    standard: string -- the house-keeping standard

### Invariants

{invariants}

### Delegation

```prose
let note = call inspector
  room: room
  report: checkin_report
  standard: standard
let bill = call clerk
  note: note

return {
  bill: bill
}
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # a hyphenated word written as one word of a name
        ("The clerk never sees the check-in report", "`clerk` never receives `checkin_report`"),
        # a compound the prose puts before the name, word by word
        ("The clerk never sees the house-keeping standard", "`clerk` never receives `standard`"),
        # one the prose never uses
        ("The clerk never sees the safety-critical standard", None),
    ],
)
def test_hyphenated_words_before_a_name(sentence: str, canonical: str | None) -> None:
    assert _read_as(CHECK_IN, sentence) == canonical, sentence


HOW_MUCH = """\
---
name: how-much
kind: pattern
---

# How much

A planner plans a party within a budget for the expected crowd; a caterer
cooks for it; a host greets the guests.

### Slots

- `planner`
  - requires: budget, crowd
  - ensures: a plan
- `caterer`
  - requires: plan
  - ensures: a menu
- `host`
  - requires: menu, guests
  - ensures: a welcome

### Requires

- The caller supplies:
    budget: number -- how much the club can spend
    expected_crowd: integer -- the people expected
    guests: string[] -- the guests' names

### Invariants

{invariants}

### Delegation

```prose
let plan = call planner
  budget: budget
  crowd: expected_crowd
let menu = call caterer
  plan: plan
let welcome = call host
  menu: menu
  guests: guests

return {
  welcome: welcome
}
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # a question of a quantity whose words name one number input
        ("The caterer is never told how much the club can spend", "`caterer` never receives `budget`"),
        ("The planner is told how many people are expected", "`planner` receives `expected_crowd`"),
        ("The host never learns how big the expected crowd is", "`host` never receives `expected_crowd`"),
        # what is left, or more, is not what the input holds
        ("The caterer is never told how much the club has left", None),
        # nor is how much happened in a run
        ("The host is never told how many people were expected", None),
        ("The planner is told how big the expected crowd was", None),
        # a word that names another thing of the pattern: how many guests came is no input
        ("The planner is told how many guests there are", None),
    ],
)
def test_a_question_of_a_quantity_names_a_number_input(sentence: str, canonical: str | None) -> None:
    assert _read_as(HOW_MUCH, sentence) == canonical, sentence


OWNED_INPUT = """\
---
name: owned-input
kind: pattern
---

# Owned input

A triager sorts a tenant's fault; a tenant liaison writes back.

### Slots

- `triager`
  - requires: report
  - ensures: a category
- `tenant_liaison`
  - requires: category
  - ensures: a letter

### Requires

- The caller supplies:
    fault_report: string -- the tenant's own words about the fault
    flat: string -- the flat

### Invariants

{invariants}

### Delegation

```prose
let category = call triager
  report: fault_report
let letter = call tenant_liaison
  category: category
  flat: flat

return {
  letter: letter
}
```
"""


@pytest.mark.parametrize(
    ("sentence", "canonical"),
    [
        # whose the input's own description says it is
        ("The triager receives the tenant's fault report unchanged", "`triager` receives `fault_report` unchanged"),
        ("The tenant liaison is never shown the tenant's fault report", "`tenant_liaison` never receives `fault_report`"),
        # a slot's, which the description does not say: not the input
        ("The triager never sees the liaison's fault report", None),
    ],
)
def test_an_owner_the_inputs_description_names(sentence: str, canonical: str | None) -> None:
    assert _read_as(OWNED_INPUT, sentence) == canonical, sentence
