"""The invariant checker's mutation suite.

Each mutant edits one corpus pattern's delegation (in memory, the corpus is
read in place) so that it breaks one invariant the checker claims to prove
or enforce; the build must then fail with a PS501 `violated` error naming
that invariant. Control rewrites keep the meaning (renamed locals, reordered
independent bindings, derived data the invariant allows) and must stay
clean. A `proved` that no mutant can turn into `violated` would be a lie.

The last tests build patterns into a package, import it and call it with
recording delegates, to show the `enforced` statuses at run time.
"""

from __future__ import annotations

import importlib
import json
import re
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from conftest import CORPUS, need_corpus
from soundness_run import check_text

from prosec.api import Source, compile_sources, compile_text
from prosec.diagnostics import Diagnostic
from prosec.invariants import Status
from prosec.invariants.claims import (
    Calls,
    Claim,
    FromOthers,
    FromSlot,
    Identical,
    Isolation,
    Need,
    OtherElements,
    Returns,
)

PATTERNS = Path(__file__).resolve().parents[1] / "patterns"

pytestmark = need_corpus


@dataclass(frozen=True)
class Mutant:
    pattern: str
    name: str
    edits: tuple[tuple[str, str], ...]
    #: starts of the invariant sentences that must be reported violated
    #: (none for a control rewrite)
    breaks: tuple[str, ...]


def m(pattern: str, name: str, breaks: str | tuple[str, ...], *edits: tuple[str, str]) -> Mutant:
    return Mutant(pattern, name, edits, (breaks,) if isinstance(breaks, str) else breaks)


def control(pattern: str, name: str, *edits: tuple[str, str]) -> Mutant:
    return Mutant(pattern, name, edits, ())


# The three weaknesses the held-out patterns showed (see HELD_OUT below).
MAPPERS_SEE_EARLIER = (
    ("let mapper_results = parallel for chunk, index in chunks:\n  call mapper\n",
     "let mapper_results = []\nfor chunk, index in chunks:\n  let mapped = call mapper\n    earlier: mapper_results\n"),
    ("    chunk_count: chunks.length\n", "    chunk_count: chunks.length\n  append mapped to mapper_results\n"),
)
MEMBERS_NUMBERED = (
    ("parallel repeat ensemble_size:\n  call ensemble_member\n    task_brief: task_brief\n",
     "parallel repeat ensemble_size as member:\n  call ensemble_member\n    task_brief: task_brief\n    index: member\n"),
)
EVALUATION_RETURNED = (("    return {\n      result: current_result,", "    return {\n      result: evaluation,"),)

MUTANTS: list[Mutant] = [
    # ---------------------------------------------------------------- assumption-miner
    m("assumption-miner", "tier-specific instructions", "Each miner receives the same material and identical",
      ('prompt: "List every unstated assumption,', 'prompt: "As {tier.model}, list every unstated assumption,')),
    m("assumption-miner", "material varies by tier", "Each miner receives the same material and identical",
      ("      material: material\n      context: context\n      prompt", '      material: "{material} for {tier.model}"\n      context: context\n      prompt')),
    m("assumption-miner", "sibling's output through a shared name", "Miners work independently",
      ("let raw_assumptions = parallel for", "let previous = null\nlet raw_assumptions = parallel for"),
      ("      context: context\n      prompt: \"List", "      context: previous\n      prompt: \"List"),
      ("    return {\n      tier: tier.model,", "    previous = assumptions\n    return {\n      tier: tier.model,")),
    m("assumption-miner", "second miner reads the first", "Miners work independently",
      ("    return {\n      tier: tier.model,\n      assumptions: assumptions",
       "    let checked = call miner\n      material: assumptions\n    return {\n      tier: tier.model,\n      assumptions: checked")),
    control("assumption-miner", "renamed locals",
            ("let assumptions = call miner", "let found = call miner"), ("      assumptions: assumptions\n", "      assumptions: found\n")),
    # ---------------------------------------------------------------- blind-review
    m("blind-review", "reviewers share reports across tiers", "Reviewers are independent",
      ("let reviews = parallel for", "let shared = null\nlet reviews = parallel for"),
      ("        prior_understanding: prior_understanding\n", "        prior_understanding: prior_understanding\n        peer: shared\n"),
      ("      prior_understanding = report\n", "      prior_understanding = report\n      shared = report\n")),
    m("blind-review", "a reviewer sees the previous reviewer of its tier", "Reviewers are independent",
      ("  repeat tier.count:\n", "  let shared = null\n  repeat tier.count:\n"),
      ("        prior_understanding: prior_understanding\n", "        prior_understanding: prior_understanding\n        peer: shared\n"),
      ("      prior_understanding = report\n", "      prior_understanding = report\n      shared = report\n")),
    m("blind-review", "materials disclosed in parallel", "Materials are disclosed one at a time",
      ("    for material in materials:", "    parallel for material in materials:")),
    m("blind-review", "all materials at once", "Materials are disclosed one at a time",
      ("        material: material\n", "        material: materials\n")),
    m("blind-review", "brief varies by tier", "Reviewers across different tiers receive identical",
      ("        task_brief: task_brief\n        material: material", '        task_brief: "{task_brief} ({tier.model})"\n        material: material')),
    control("blind-review", "renamed own history (own earlier report is allowed)",
            ("    let prior_understanding = \"\"", "    let understanding = \"\""),
            ("        prior_understanding: prior_understanding", "        prior_understanding: understanding"),
            ("      prior_understanding = report", "      understanding = report")),
    # ---------------------------------------------------------------- coherence-probe
    m("coherence-probe", "reader of A gets corpus B", "Readers of corpus A never see corpus B",
      ("      corpus: corpus_a\n      counterpart_label: label_b\n", "      corpus: corpus_a\n      counterpart_label: label_b\n      hint: corpus_b\n")),
    m("coherence-probe", "vice versa: reader of B gets corpus A", "Readers of corpus A never see corpus B",
      ("      counterpart_label: label_a\n", "      counterpart_label: corpus_a\n")),
    m("coherence-probe", "corpus B interpolated into A's prompt", "Readers of corpus A never see corpus B",
      ('prompt: "Read only corpus A, then predict', 'prompt: "Compare with {corpus_b}. Read only corpus A, then predict')),
    control("coherence-probe", "branches swapped",
            ("  let a_predicts_b = repeat readers_per_direction:\n    call reader\n      corpus: corpus_a\n      counterpart_label: label_b\n      prompt: \"Read only corpus A, then predict what corpus B should contain if both are in sync.\"\n\n  let b_predicts_a = repeat readers_per_direction:\n    call reader\n      corpus: corpus_b\n      counterpart_label: label_a\n      prompt: \"Read only corpus B, then predict what corpus A should contain if both are in sync.\"\n",
             "  let b_predicts_a = repeat readers_per_direction:\n    call reader\n      corpus: corpus_b\n      counterpart_label: label_a\n      prompt: \"Read only corpus B, then predict what corpus A should contain if both are in sync.\"\n\n  let a_predicts_b = repeat readers_per_direction:\n    call reader\n      corpus: corpus_a\n      counterpart_label: label_b\n      prompt: \"Read only corpus A, then predict what corpus B should contain if both are in sync.\"\n")),
    # ---------------------------------------------------------------- contrastive-probe
    m("contrastive-probe", "B measured by another slot", "The same measurement pattern runs on both",
      ("  let profile_b = call measurement", "  let profile_b = call ranker")),
    m("contrastive-probe", "B's measurement sees A's profile", "Candidates are measured in isolation",
      ("    label: label_b\n", "    label: profile_a\n")),
    m("contrastive-probe", "B's measurement sees candidate A", "Candidates are measured in isolation",
      ("    label: label_b\n", "    label: candidate_a\n")),
    control("contrastive-probe", "renamed profiles",
            ("  let profile_a = call measurement", "  let first = call measurement"), ("  profile_a: profile_a\n  profile_b", "  profile_a: first\n  profile_b"),
            ("  result: result,\n  profile_a: profile_a", "  result: result,\n  profile_a: first")),
    # ---------------------------------------------------------------- dialectic
    m("dialectic", "thesis told about the dialectic", "Neither service knows it is part of a dialectic",
      ('prompt: "Argue for the position,', 'prompt: "You are the thesis of a dialectic. Argue for the position,')),
    m("dialectic", "antithesis sees the thesis's reasoning", "Each service sees only the other's prior argument",
      ("    prior_thesis: last_thesis\n", "    prior_thesis: last_thesis.reasoning\n")),
    m("dialectic", "whole argument inside text", "Each service sees only the other's prior argument",
      ("    prior_thesis: last_thesis\n", '    prior_thesis: "Counter this: {last_thesis}"\n')),
    m("dialectic", "only the last thesis is returned", "The full exchange is the output",
      ("  result: exchange,", "  result: last_thesis,")),
    m("dialectic", "the exchange is not recorded", "The full exchange is the output",
      ("  record { round: round, thesis: last_thesis, antithesis: last_antithesis } in exchange\n", "")),
    m("dialectic", "the pattern merges both sides", "The full exchange is the output",
      ("  record { round: round, thesis: last_thesis, antithesis: last_antithesis } in exchange",
       '  record "{last_thesis} versus {last_antithesis}" in exchange')),
    control("dialectic", "renamed locals",
            ("let last_thesis = null", "let previous_thesis = null"), ("  let last_thesis = call thesis", "  let previous_thesis = call thesis"),
            ("    prior_thesis: last_thesis\n", "    prior_thesis: previous_thesis\n"), ("thesis: last_thesis,", "thesis: previous_thesis,")),
    # ---------------------------------------------------------------- ensemble-synthesizer
    m("ensemble-synthesizer", "member number in the brief", "All ensemble members receive the identical brief",
      ("parallel repeat ensemble_size:\n  call ensemble_member\n    task_brief: task_brief",
       'parallel repeat ensemble_size as member:\n  call ensemble_member\n    task_brief: "{task_brief} (member {member})"')),
    m("ensemble-synthesizer", "members told about the ensemble", "Ensemble members are unaware of each other",
      ("  call ensemble_member\n    task_brief: task_brief\n", '  call ensemble_member\n    task_brief: task_brief\n    prompt: "You are one of several ensemble members."\n')),
    m("ensemble-synthesizer", "second round sees the first", "Ensemble members are unaware of each other",
      ("let result = call synthesizer", "let second = parallel repeat ensemble_size:\n  call ensemble_member\n    task_brief: task_brief\n    peers: member_results\n\nlet result = call synthesizer")),
    control("ensemble-synthesizer", "fixed prompt for every member",
            ("  call ensemble_member\n    task_brief: task_brief\n", '  call ensemble_member\n    task_brief: task_brief\n    prompt: "Answer the brief."\n')),
    # ---------------------------------------------------------------- fallback-chain
    m("fallback-chain", "chain tried in parallel", "Chain entries run sequentially",
      ("for delegate in chain:", "parallel for delegate in chain:")),
    m("fallback-chain", "failure context in the brief", "Each delegate receives the original brief",
      ("      task_brief: task_brief\n", '      task_brief: "{task_brief} Earlier failures: {failure_history}"\n')),
    m("fallback-chain", "success does not stop", "The pattern stops immediately on the first success",
      ("    return {\n      result: candidate_result,\n      winner: delegate,\n      attempts: \"number of attempted delegates\",\n      failure_history: failure_history\n    }\n",
       "    record { delegate: delegate, reason: \"succeeded\" } in failure_history\n")),
    m("fallback-chain", "exhausted returns a value", "If every delegate fails, the result is `null`",
      ("  result: null,\n  winner: null,", "  result: failure_history,\n  winner: null,")),
    m("fallback-chain", "a caught failure is not recorded", "If every delegate fails, the result is `null`",
      ("    record { delegate: delegate, reason: error } in failure_history", "    continue")),
    control("fallback-chain", "renamed result",
            ("    let candidate_result = call delegate", "    let outcome = call delegate"),
            ("says candidate_result is a failure", "says outcome is a failure"), ("      result: candidate_result,", "      result: outcome,")),
    # ---------------------------------------------------------------- fan-out
    m("fan-out", "every brief to each delegate", "Each delegate receives exactly one brief",
      ("    brief: briefs[index]\n", "    brief: briefs\n")),
    m("fan-out", "second round sees the first", "Delegates remain independent",
      ("return {\n  result: results,", "let second = parallel for delegate, index in delegates:\n  call delegate\n    brief: briefs[index]\n    peers: results\n\nreturn {\n  result: results,")),
    m("fan-out", "results collected in completion order", "Result order matches the order",
      ("let results = parallel for delegate, index in delegates:\n  call delegate\n    brief: briefs[index]\n    fallback_brief: task_brief\n",
       "let results = []\nparallel for delegate, index in delegates:\n  let reply = call delegate\n    brief: briefs[index]\n    fallback_brief: task_brief\n  append reply to results\n")),
    m("fan-out", "outputs merged into one text", "The pattern never merges",
      ("  result: results,", '  result: "{results}",')),
    control("fan-out", "renamed index", ("parallel for delegate, index in delegates:", "parallel for delegate, i in delegates:"), ("briefs[index]", "briefs[i]")),
    # ---------------------------------------------------------------- guard
    m("guard", "target before the check", "The target runs only when the guard explicitly approves",
      ("if decision does not explicitly proceed:", "let early = call target\n  task_brief: task_brief\n\nif decision does not explicitly proceed:")),
    m("guard", "no approval needed", "The target runs only when the guard explicitly approves",
      ("if decision does not explicitly proceed:", "if decision says block:")),
    m("guard", "judge decides instead of the verdict", "Unparseable guard output blocks delegation",
      ("if decision does not explicitly proceed:", "if **the guard seems to hesitate**:")),
    m("guard", "brief reassigned before the target", "The target receives the original brief unchanged",
      ("let result = call target\n", 'task_brief = "{task_brief} (approved)"\nlet result = call target\n')),
    m("guard", "reason not returned", "The guard's reason is returned when the pattern blocks",
      ("    result: decision.reason,", '    result: "blocked",')),
    control("guard", "negation spelled differently", ("if decision does not explicitly proceed:", "if not decision explicitly proceeds:")),
    control("guard", "renamed verdict and a copied brief",
            ("let decision = call guard", "let brief = task_brief\nlet verdict = call guard"), ("if decision does not", "if verdict does not"),
            ("    result: decision.reason,", "    result: verdict.reason,"), ("let result = call target\n  task_brief: task_brief", "let result = call target\n  task_brief: brief")),
    # ---------------------------------------------------------------- map-reduce
    m("map-reduce", "every chunk to each mapper", "Each input chunk is sent to exactly one mapper",
      ("    chunk: chunk\n", "    chunk: chunks\n")),
    m("map-reduce", "two mapper calls per chunk", "Each input chunk is sent to exactly one mapper",
      ("in chunks:\n  call mapper", "in chunks:\n  let draft = call mapper\n    chunk: chunk\n  call mapper")),
    m("map-reduce", "a mapper sees another chunk", "Mappers run independently and do not see other chunks",
      ("    chunk_count: chunks.length\n", "    chunk_count: chunks[0]\n")),
    m("map-reduce", "reducer gets one output", "The reducer receives every mapper output",
      ("  mapper_results: mapper_results\n  prompt", "  mapper_results: mapper_results[0]\n  prompt")),
    m("map-reduce", "result not from the reducer", "The final result is produced only by the reducer",
      ("  result: result,", "  result: mapper_results,")),
    control("map-reduce", "own chunk by index", ("    chunk: chunk\n", "    chunk: chunks[index]\n")),
    m("map-reduce", "each mapper sees the earlier mappers' outputs", "Mappers run independently and do not see other chunks",
      *MAPPERS_SEE_EARLIER),
    m("map-reduce", "the same chunk for every mapper", "Each input chunk is sent to exactly one mapper",
      ("    chunk: chunk\n", "    chunk: chunks[0]\n")),
    control("map-reduce", "renamed index", ("for chunk, index in chunks:", "for chunk, i in chunks:"), ("chunk_index: index", "chunk_index: i")),
    # ---------------------------------------------------------------- oversight
    m("oversight", "observer reads the actor's reasoning", "The observer sees only the outcome",
      ("    outcome: last_outcome\n", "    outcome: last_outcome.reasoning\n")),
    m("oversight", "whole outcome inside text", "The observer sees only the outcome",
      ("    outcome: last_outcome\n", '    outcome: "Outcome: {last_outcome}"\n')),
    m("oversight", "actor told it is watched", "The actor does not know an observer is watching",
      ("    task_brief: current_brief\n", '    task_brief: current_brief\n    prompt: "An observer is watching your work."\n')),
    m("oversight", "actor handed the observer", "The actor does not know an observer is watching",
      ("    task_brief: current_brief\n", "    task_brief: current_brief\n    reviewer: observer\n")),
    m("oversight", "observer told about the arbiter", "The observer does not know an arbiter will act",
      ("    outcome: last_outcome\n", '    outcome: last_outcome\n    prompt: "The arbiter will act on your report."\n')),
    m("oversight", "arbiter sees the actor", "The arbiter decides solely from the observer's report",
      ("    observer_report: observation\n", "    observer_report: observation\n    actor_outcome: last_outcome\n")),
    m("oversight", "whole outcome inside an object", "The observer sees only the outcome",
      ("    outcome: last_outcome\n", "    outcome: { latest: last_outcome }\n")),
    m("oversight", "arbiter sees a field of the actor's outcome in text", "The arbiter decides solely",
      ("    observer_report: observation\n", '    observer_report: "{observation} / {last_outcome.result}"\n')),
    control("oversight", "observer gets a field the invariant allows", ("    outcome: last_outcome\n", "    outcome: last_outcome.result\n")),
    # ---------------------------------------------------------------- pipeline
    m("pipeline", "stages in parallel", "Stages run sequentially", ("for stage in stages:", "parallel for stage in stages:")),
    m("pipeline", "first stage gets a rewritten brief", "Stage 1 receives the original task brief",
      ("let current_input = task_brief", 'let current_input = "Task: {task_brief}"')),
    m("pipeline", "context recovered between stages", "The pattern does not curate, merge, or recover context",
      ("    input: current_input\n", "    input: current_input\n    context: task_brief\n")),
    m("pipeline", "later stages see earlier outputs", "Each later stage receives only the previous stage's output",
      ("    input: current_input\n", "    input: current_input\n    history: stage_outputs\n")),
    control("pipeline", "renamed carried value",
            ("let current_input = task_brief", "let carried = task_brief"), ("  let current_input = call stage\n    input: current_input\n  record current_input",
                                                                             "  let carried = call stage\n    input: carried\n  record carried"),
            ("  result: current_input,", "  result: carried,")),
    # ---------------------------------------------------------------- proposer-adversary
    m("proposer-adversary", "proposer warned of the attack", "Proposer is unaware it will be attacked",
      ("let proposal = call proposer\n  task_brief: task_brief\n", 'let proposal = call proposer\n  task_brief: task_brief\n  prompt: "Expect your proposal to be attacked."\n')),
    m("proposer-adversary", "adversary told about the weighing", "Adversary is unaware its output",
      ("  proposal: proposal\n", '  proposal: proposal\n  prompt: "Your attack will be weighed against the proposal."\n')),
    m("proposer-adversary", "proposal dropped from the result", "The pattern does not resolve the tension",
      ("    proposal: proposal,\n    attack: attack", "    attack: attack")),
    m("proposer-adversary", "the pattern resolves the tension", "The pattern does not resolve the tension",
      ("return {", "let resolution = call proposer\n  proposal: proposal\n  attack: attack\n\nreturn {")),
    control("proposer-adversary", "renamed attack", ("let attack = call adversary", "let critique = call adversary"), ("    attack: attack", "    attack: critique")),
    # ---------------------------------------------------------------- race
    m("race", "brief names the candidate", "Every candidate receives the same task brief",
      ("      task_brief: task_brief\n", '      task_brief: "{task_brief} for {candidate}"\n')),
    m("race", "candidates share a result", "Candidates run independently",
      ("let attempts = parallel for", "let shared = null\nlet attempts = parallel for"),
      ("      task_brief: task_brief\n", "      task_brief: task_brief\n      hint: shared\n"),
      ("    return {\n      candidate: candidate,\n      result: candidate_result,", "    shared = candidate_result\n    return {\n      candidate: candidate,\n      result: candidate_result,")),
    m("race", "choice made in parallel", "The first acceptable result wins",
      ("for attempt in attempts:", "parallel for attempt in attempts:")),
    m("race", "a winner when none is acceptable", "If no candidate is acceptable",
      ("  result: null,\n  winner: null,", "  result: null,\n  winner: attempts,")),
    control("race", "renamed loop variable",
            ("for attempt in attempts:\n  if attempt.error is present:", "for entry in attempts:\n  if entry.error is present:"),
            ("says attempt.result is acceptable", "says entry.result is acceptable"),
            ("      result: attempt.result,\n      winner: attempt.candidate,", "      result: entry.result,\n      winner: entry.candidate,")),
    # ---------------------------------------------------------------- ratchet
    m("ratchet", "progress reset on rejection", "Progress is monotonic",
      ("    rejection_feedback = verdict", "    rejection_feedback = verdict\n    certified_progress = []")),
    m("ratchet", "rejected step appended", "Rejected steps are discarded",
      ("    rejection_feedback = verdict", "    rejection_feedback = verdict\n    append proposal to certified_progress")),
    m("ratchet", "certified on a score, not an explicit verdict", "Rejected steps are discarded",
      ("  if verdict certifies the proposal:", "  if verdict.score meets 0.5:")),
    m("ratchet", "advancer told about the certifier", "The advancer does not know a certifier",
      ("    rejection_feedback: rejection_feedback\n", '    rejection_feedback: rejection_feedback\n    prompt: "A certifier will evaluate your step."\n')),
    m("ratchet", "certifier told about the retries", "The certifier does not know its verdicts drive",
      ("    proposed_step: proposal\n", '    proposed_step: proposal\n    prompt: "A rejection makes us retry."\n')),
    control("ratchet", "renamed step",
            ("  let proposal = call advancer", "  let step = call advancer"), ("    proposed_step: proposal", "    proposed_step: step"),
            ("    append proposal to", "    append step to")),
    # ---------------------------------------------------------------- refine
    m("refine", "loop bounded by a literal", "The loop is bounded by `max_rounds`",
      ("repeat max_rounds as round:", "loop (max: 1000) as round:")),
    m("refine", "bound reassigned", "The loop is bounded by `max_rounds`",
      ("repeat max_rounds as round:", "max_rounds = 100\nrepeat max_rounds as round:")),
    m("refine", "evaluator sees its own suggestions", "The evaluator scores only the current result",
      ("    result: current_result\n", "    result: current_result\n    earlier: improvement_suggestions\n")),
    m("refine", "refiner loses its prior output",
      ("The refiner receives its prior output", "Each round accumulates improvement", "If score < threshold: refiner receives"),
      ("    current_result: current_result\n", "")),
    m("refine", "round 1 without the brief", "Round 1: refiner produces initial result",
      ("call refiner\n    task_brief: task_brief", "call refiner\n    task_brief: current_result")),
    m("refine", "work before returning",
      ("If score >= threshold: return immediately", "The final output is the first result meeting", "Returns when threshold met"),
      ("  if current_score meets threshold:\n    return {", "  if current_score meets threshold:\n    let polished = call refiner\n      task_brief: task_brief\n    return {")),
    m("refine", "rounds_used missing", "`rounds_used`: number of rounds", ("      rounds_used: round\n", "")),
    m("refine", "score missing when the threshold is met", "`score`: the final score", ("      score: current_score,\n      rounds_used: round", "      rounds_used: round")),
    m("refine", "no return after the loop", ("Returns when threshold met", "`result`: the final output", "The final output is the first result"),
      ("return {\n  result: current_result,\n  score: current_score,\n  rounds_used: max_rounds\n}", "")),
    m("refine", "suggestions not passed back", "If score < threshold: refiner receives", ("    improvement_suggestions: improvement_suggestions\n", "")),
    control("refine", "open loop bounded by max_rounds", ("repeat max_rounds as round:", "loop (max: max_rounds) as round:")),
    control("refine", "renamed evaluation",
            ("  let evaluation = call evaluator", "  let review = call evaluator"),
            ("  current_score = evaluation.score\n  improvement_suggestions = evaluation.suggestions", "  current_score = review.score\n  improvement_suggestions = review.suggestions")),
    # ---------------------------------------------------------------- retry-with-learning
    m("retry-with-learning", "retry loop bounded by a literal", "The retry loop is bounded by `max_retries`",
      ("repeat max_retries as attempt:", "loop (max: 1000) as attempt:")),
    m("retry-with-learning", "another slot on retries", "Each retry uses the same target slot",
      ("- `target`\n", "- `target`\n- `backup`\n"), ("    let result = call target", "    let result = call backup")),
    m("retry-with-learning", "history cleared", "Failure history is cumulative",
      ("    record { attempt: attempt, reason: error } in failure_history", "    failure_history = []")),
    m("retry-with-learning", "history not passed on", "Failure history is cumulative",
      ("      failure_history: failure_history\n\n", "\n")),
    m("retry-with-learning", "success does not stop", "The pattern stops at the first success",
      ("    return {\n      result: result,\n      attempts: attempt,\n      failure_history: failure_history\n    }\n",
       "    record { attempt: attempt, result: result } in failure_history\n")),
    m("retry-with-learning", "exhausted returns a value", "The pattern stops at the first success",
      ("  result: null,\n  attempts: max_retries,", "  result: failure_history,\n  attempts: max_retries,")),
    control("retry-with-learning", "renamed result",
            ("    let result = call target", "    let outcome = call target"), ("says result is a failure", "says outcome is a failure"),
            ("record { attempt: attempt, result: result, reason", "record { attempt: attempt, result: outcome, reason"),
            ("    return {\n      result: result,", "    return {\n      result: outcome,")),
    # ---------------------------------------------------------------- stochastic-probe
    m("stochastic-probe", "run number in the material", "All N runs receive identical inputs",
      ("parallel repeat sample_size:\n  call probe\n    task_brief: task_brief\n    material: material",
       'parallel repeat sample_size as run:\n  call probe\n    task_brief: task_brief\n    material: "{material} #{run}"')),
    m("stochastic-probe", "each run sees the previous one", "All N runs receive identical inputs",
      ("let responses = parallel repeat sample_size:\n  call probe\n", "let last = null\nlet responses = repeat sample_size:\n  let last = call probe\n    previous: last\n")),
    m("stochastic-probe", "model varies by run", "All N runs receive identical inputs",
      ("parallel repeat sample_size:", "parallel repeat sample_size as run:"), ("    model: model\n", '    model: "{model}-{run}"\n')),
    control("stochastic-probe", "constant prompt", ("    model: model\n", '    model: model\n    prompt: "Answer."\n')),
    # ---------------------------------------------------------------- worker-critic
    m("worker-critic", "worker gets the criteria", "Worker never sees the raw criteria",
      ("    critique: last_critique\n", "    critique: last_critique\n    criteria: criteria\n")),
    m("worker-critic", "criteria inside the critique text", "Worker never sees the raw criteria",
      ("    critique: last_critique\n", '    critique: "{last_critique} (criteria: {criteria})"\n')),
    m("worker-critic", "critic gets a rewritten brief", "Critic always receives the original task brief",
      ("    output: last_result\n    task_brief: task_brief\n", "    output: last_result\n    task_brief: last_critique\n")),
    m("worker-critic", "accept does not return at once", "On accept the loop exits immediately",
      ("  if verdict accepts result:\n    return {", "  if verdict accepts result:\n    let polished = call worker\n      task_brief: task_brief\n    return {")),
    m("worker-critic", "final critique dropped", "After max_rounds exhausted the final attempt",
      ("  final_critique: last_critique\n", "")),
    control("worker-critic", "renamed verdict", ("  let verdict = call critic", "  let review = call critic"),
            ("  if verdict accepts result:", "  if review accepts result:"), ("  last_critique = verdict", "  last_critique = review")),
]


@dataclass(frozen=True)
class HeldOut:
    """A mutant checked against the claims its sentence means, built
    directly (whatever the sentence reader makes of it)."""

    pattern: str
    name: str
    sentence: str
    claims: tuple[Claim, ...]
    edits: tuple[tuple[str, str], ...]


HELD_OUT = [
    HeldOut(
        "map-reduce",
        "each mapper sees the earlier mappers' outputs",
        "Mappers run independently and do not see other chunks or mapper outputs",
        (Isolation(Calls("mapper"), FromOthers()), Isolation(Calls("mapper"), OtherElements("chunks"))),
        MAPPERS_SEE_EARLIER,
    ),
    HeldOut(
        "ensemble-synthesizer",
        "the repeat index to every member",
        # "the identical brief" is everything a member is given
        "All ensemble members receive the identical brief",
        (Identical(Calls("ensemble_member")),),
        MEMBERS_NUMBERED,
    ),
    HeldOut(
        "refine",
        "the evaluator's output returned instead of the refined result",
        "The final output is the first result meeting `threshold`, or the last attempted result when the budget is exhausted",
        (
            Returns("threshold", (Need(FromSlot("refiner"), "result", only=True),), immediate=True),
            Returns("exhausted", (Need(FromSlot("refiner"), "result", only=True),)),
        ),
        EVALUATION_RETURNED,
    ),
]


@pytest.mark.parametrize("held", HELD_OUT, ids=lambda h: f"{h.pattern}: {h.name}")
def test_held_out_weakness_is_violated(held: HeldOut) -> None:
    text = (CORPUS / f"{held.pattern}.prose.md").read_text(encoding="utf-8")
    assert held.sentence in text
    before = check_text(f"std-patterns/{held.pattern}.prose.md", text, list(held.claims))
    assert before is not None
    assert [v.status for v in before] == [Status.PROVED] * len(held.claims), [v.problems for v in before]
    mutated = _mutate(Mutant(held.pattern, held.name, held.edits, ())).decode("utf-8")
    after = check_text(f"std-patterns/{held.pattern}.prose.md", mutated, list(held.claims))
    assert after is not None
    assert any(v.status is Status.VIOLATED for v in after), [v.evidence for v in after]
    for v in after:
        for problem in v.problems:
            assert re.search(r"\bline \d+", problem.message)


def _mutate(mutant: Mutant) -> bytes:
    text = (CORPUS / f"{mutant.pattern}.prose.md").read_text(encoding="utf-8")
    for old, new in mutant.edits:
        assert old in text, f"{mutant.pattern}: edit anchor not found: {old!r}"
        text = text.replace(old, new, 1)
    return text.encode("utf-8")


def _violations(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    return [d for d in diagnostics if d.code == "PS501"]


@pytest.mark.parametrize("mutant", [x for x in MUTANTS if x.breaks], ids=lambda x: f"{x.pattern}: {x.name}")
def test_mutant_is_violated(mutant: Mutant) -> None:
    result = compile_text(f"std-patterns/{mutant.pattern}.prose.md", _mutate(mutant))
    assert result.code is None  # the build fails
    facts = result.report.invariants if result.report else []
    for breaks in mutant.breaks:
        hits = [d for d in _violations(result.diagnostics) if d.message.startswith(f'invariant violated: "{breaks}')]
        assert hits, (
            f"expected PS501 naming {breaks!r}; got:\n"
            + "\n".join(f"{d.code} {d.span.line}: {d.message}" for d in result.diagnostics)
        )
        for d in hits:
            assert d.is_error and "violated" in d.message
            assert re.search(r"\bline \d+", d.message)  # points at the flow
        assert any(f.text.startswith(breaks) and f.status.value == "violated" for f in facts)


@pytest.mark.parametrize("mutant", [x for x in MUTANTS if not x.breaks], ids=lambda x: f"{x.pattern}: {x.name}")
def test_control_stays_clean(mutant: Mutant) -> None:
    result = compile_text(f"std-patterns/{mutant.pattern}.prose.md", _mutate(mutant))
    assert not _violations(result.diagnostics), "\n".join(
        f"{d.code} {d.span.line}: {d.message}" for d in result.diagnostics
    )
    assert not [d for d in result.diagnostics if d.is_error], [d.message for d in result.diagnostics]


def test_every_checkable_corpus_pattern_has_three_mutants() -> None:
    """Every corpus pattern with a proved or enforced invariant is mutated at
    least three times, and every such invariant is broken by some mutant."""
    broken: dict[str, set[str]] = {}
    for x in MUTANTS:
        broken.setdefault(x.pattern, set()).update(x.breaks)
    missing: list[str] = []
    for path in sorted(CORPUS.glob("*.prose.md")):
        name = path.name.removesuffix(".prose.md")
        result = compile_text(f"std-patterns/{path.name}", path.read_bytes())
        assert result.report is not None
        checked = {f.text for f in result.report.invariants if f.status.value in ("proved", "enforced")}
        if not checked:
            continue
        count = sum(1 for x in MUTANTS if x.pattern == name and x.breaks)
        assert count >= 3, f"{name}: only {count} mutants"
        for text in sorted(checked):
            if not any(text.startswith(b) for b in broken.get(name, ())):
                missing.append(f"{name}: {text}")
    assert not missing, "checked invariants no mutant breaks:\n" + "\n".join(missing)


# ---------------------------------------------------------------- behaviour


def _build(tmp_path: Path, package: str, *paths: Path) -> Any:
    result = compile_sources([Source(p, f"src/{p.name}") for p in paths])
    assert result.ok, [d.message for d in result.diagnostics if d.is_error]
    folder = tmp_path / package
    folder.mkdir()
    for name, content in result.files.items():
        (folder / name).write_text(content, encoding="utf-8")
    sys.path.insert(0, str(tmp_path))
    try:
        return importlib.import_module(package)
    finally:
        sys.path.remove(str(tmp_path))


@pytest.fixture
def built(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Callable[..., Any]]:
    names: list[str] = []

    def build(*paths: Path) -> Any:
        package = f"prosec_inv_{request.node.name.replace('[', '_').replace(']', '_').replace('-', '_')}_{len(names)}"
        names.append(package)
        return _build(tmp_path, package, *paths)

    yield build
    for package in names:
        for key in [k for k in sys.modules if k == package or k.startswith(package + ".")]:
            del sys.modules[key]


SECRET = {"reasoning": "I cut corners", "self_assessment": "flawless"}


@pytest.mark.parametrize("as_text", [False, True], ids=["mapping", "json-text"])
@pytest.mark.parametrize("folder", [CORPUS, PATTERNS], ids=["corpus", "project"])
def test_observer_never_receives_the_actors_reasoning(
    built: Callable[..., Any], as_text: bool, folder: Path
) -> None:
    package = built(folder / "oversight.prose.md")
    seen: list[dict[str, Any]] = []

    def actor(**inputs: Any) -> Any:
        outcome = {"result": f"did {inputs['task_brief']}", **SECRET}
        return json.dumps(outcome) if as_text else outcome

    def observer(**inputs: Any) -> Any:
        seen.append(inputs)
        return "looks fine"

    def arbiter(**inputs: Any) -> Any:
        return {"decision": "continue"}

    result = package.oversight(actor=actor, observer=observer, arbiter=arbiter, task_brief="the task", max_cycles=2)
    assert len(seen) == 2
    for inputs in seen:
        outcome = inputs["outcome"]
        if as_text:
            assert isinstance(outcome, str)
            outcome = json.loads(outcome)
        assert outcome == {"result": "did the task"}
        assert "reasoning" not in json.dumps(inputs) and "flawless" not in json.dumps(inputs)
    # The actor's own result is untouched: only what the observer sees is cut.
    final = json.loads(result.result) if as_text else result.result
    assert final["reasoning"] == "I cut corners"


@pytest.mark.parametrize("reply", ["garbage", "{not json", {"proceed": "true"}, {"reason": "unsure"}, None])
def test_unparseable_guard_output_blocks_the_target(built: Callable[..., Any], reply: Any) -> None:
    package = built(CORPUS / "guard.prose.md")
    calls: list[dict[str, Any]] = []

    def target(**inputs: Any) -> Any:
        calls.append(inputs)
        return "done"

    result = package.guard(guard=lambda **_: reply, target=target, task_brief="the task")
    assert calls == []
    assert result.proceeded is False


def test_explicit_guard_approval_runs_the_target_with_the_original_brief(built: Callable[..., Any]) -> None:
    package = built(CORPUS / "guard.prose.md")
    calls: list[dict[str, Any]] = []

    def target(**inputs: Any) -> Any:
        calls.append(inputs)
        return "done"

    brief = {"goal": "ship"}
    result = package.guard(guard=lambda **_: '{"proceed": true, "reason": "ok"}', target=target, task_brief=brief)
    assert result.proceeded is True and result.result == "done"
    assert calls == [{"task_brief": brief}] and calls[0]["task_brief"] is brief


def test_dialectic_services_never_receive_each_others_reasoning(built: Callable[..., Any]) -> None:
    package = built(CORPUS / "dialectic.prose.md")
    seen: dict[str, list[Any]] = {"thesis": [], "antithesis": []}

    def service(name: str, other: str) -> Callable[..., Any]:
        def run(**inputs: Any) -> Any:
            seen[name].append(inputs.get(f"prior_{other}"))
            return {"argument": f"{name} says so", "reasoning": f"{name}'s private chain of thought"}

        return run

    result = package.dialectic(
        thesis=service("thesis", "antithesis"), antithesis=service("antithesis", "thesis"), task_brief="q", rounds=2
    )
    assert seen["thesis"] == [None, {"argument": "antithesis says so"}]
    assert seen["antithesis"] == [{"argument": "thesis says so"}] * 2
    # the exchange the caller gets keeps everything
    assert result.exchange[0]["thesis"]["reasoning"] == "thesis's private chain of thought"
