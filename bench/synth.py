"""Synthetic pattern files for the benchmarks: N → a folder of ``*.prose.md``.

The patterns are written from templates of this module's own (not from the
conformance corpus), so the benchmarks run on a checkout alone. Each file is
one of five shapes — a gate, a relay, a sweep over nested loops, a polishing
loop, a fallback — with its slots renamed, its loops nested to a varying
depth and a varying number of calls, chosen by a seeded generator: the same
N always gives the same files.

    python bench/synth.py 1000 /tmp/synth
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path

SEED = 20_251_130

# Role names to rename slots with; two patterns rarely share a whole set.
ROLES = (
    "scout", "drafter", "checker", "editor", "planner", "auditor", "solver",
    "tester", "scribe", "referee", "miner", "sorter", "critic", "builder",
    "tracker", "analyst", "porter", "keeper", "mentor", "pilot", "linguist",
    "surveyor", "grader", "merger", "courier", "archivist", "sentinel",
)
TOPICS = (
    "release notes", "a flaky test", "the quarterly budget", "a migration plan",
    "an incident timeline", "the onboarding guide", "a pricing page",
    "a data retention policy", "the API changelog", "a load-test report",
)


def _pick_roles(rng: random.Random, count: int) -> list[str]:
    roles = rng.sample(ROLES, count)
    # A numeric suffix now and then keeps names from repeating across files.
    return [f"{r}_{rng.randint(2, 9)}" if rng.random() < 0.3 else r for r in roles]


def _indent(lines: list[str], depth: int) -> list[str]:
    return [("  " * depth + line) if line else line for line in lines]


def _call(var: str | None, slot: str, props: dict[str, str]) -> list[str]:
    head = f"let {var} = call {slot}" if var else f"call {slot}"
    return [head, *(f"  {key}: {value}" for key, value in props.items())]


def _return(fields: dict[str, str]) -> list[str]:
    inner = [f"  {key}: {value}," for key, value in fields.items()]
    inner[-1] = inner[-1].rstrip(",")
    return ["return {", *inner, "}"]


# ---------------------------------------------------------------- shapes
# Each shape gives (slots, delegation lines, returns, invariants, config).

Shape = tuple[list[str], list[str], dict[str, str], list[str], dict[str, str]]


def gate(rng: random.Random) -> Shape:
    """A checker must approve; then a few stages run one after another."""
    stages = rng.randint(1, 5)
    checker, *workers = _pick_roles(rng, 1 + stages)
    lines = _call("verdict", checker, {
        "task_brief": "task_brief",
        "prompt": '"Reply with JSON { proceed, reason }; refuse when unsure."',
    })
    lines += ["", "if verdict does not explicitly proceed:"]
    lines += _indent(_return({"result": "verdict.reason", "passed": "false"}), 1)
    previous = "task_brief"
    for i, worker in enumerate(workers):
        lines += ["", *_call(f"stage_{i}", worker, {"task_brief": "task_brief", "previous": previous})]
        previous = f"stage_{i}"
    lines += ["", *_return({"result": previous, "passed": "true"})]
    returns = {"result": "the last stage's output, or the checker's reason", "passed": "whether the stages ran"}
    invariants = [f"The {workers[0]} runs only when the {checker} explicitly approves"]
    return [checker, *workers], lines, returns, invariants, {}


def relay(rng: random.Random) -> Shape:
    """A chain of calls, each reading what the one before wrote."""
    length = rng.randint(2, 7)
    roles = _pick_roles(rng, length)
    lines: list[str] = ["let notes = []"]
    previous = "task_brief"
    for i, role in enumerate(roles):
        props = {"task_brief": "task_brief", "handoff": previous}
        if rng.random() < 0.4:
            props["prompt"] = f'"Step {i + 1} of {length}: keep what is good, fix the rest."'
        lines += ["", *_call(f"leg_{i}", role, props), f"append leg_{i} to notes"]
        previous = f"leg_{i}"
    lines += ["", *_return({"result": previous, "notes": "notes"})]
    returns = {"result": "what the last role produced", "notes": "every leg's output, in order"}
    invariants = [f"The {roles[0]} sees only the brief"]
    return roles, lines, returns, invariants, {}


def sweep(rng: random.Random) -> Shape:
    """Loops nested one to three deep, the innermost in parallel."""
    depth = rng.randint(1, 3)
    calls = rng.randint(1, 3)
    roles = _pick_roles(rng, calls + 1)
    workers, merger = roles[:-1], roles[-1]
    loops = ["batches", "batch.parts", "part.pieces"][:depth]
    names = ["batch", "part", "piece"][:depth]
    lines: list[str] = ["let gathered = []", ""]
    for level, (var, source) in enumerate(zip(names, loops, strict=True)):
        keyword = "let found = parallel for" if level == depth - 1 else "for"
        lines += _indent([f"{keyword} {var} in {source}:"], level)
    body: list[str] = []
    previous = names[-1]
    for i, worker in enumerate(workers):
        body += _call(f"out_{i}", worker, {"task_brief": "task_brief", "item": previous})
        previous = f"out_{i}"
    body += [f"return {previous}"]
    lines += _indent(body, depth)
    lines += _indent(["append found to gathered"], depth - 1)
    lines += ["", *_call("summary", merger, {"task_brief": "task_brief", "parts": "gathered"})]
    lines += ["", *_return({"result": "summary", "parts": "gathered"})]
    returns = {"result": f"the {merger}'s summary", "parts": "every item's output, by batch"}
    invariants = [f"Each {workers[0]} sees one item only"]
    return roles, lines, returns, invariants, {}


def polish(rng: random.Random) -> Shape:
    """Draft, review and redo until the reviewer approves, with inner rounds."""
    maker, reviewer = _pick_roles(rng, 2)
    inner = rng.randint(1, 3)
    cap = rng.randint(2, 6)
    lines = [
        "let draft = null",
        "let feedback = null",
        "let rounds = 0",
        "",
        f"loop until review approves (max: {cap}) as round:",
        f"  repeat {inner}:",
        *_indent(_call("draft", maker, {
            "task_brief": "task_brief", "draft": "draft", "feedback": "feedback"}), 2),
        "",
        *_indent(_call("review", reviewer, {"task_brief": "task_brief", "draft": "draft"}), 1),
        "  feedback = review.notes",
        "  rounds = round",
        "",
        *_return({"result": "draft", "rounds": "rounds"}),
    ]
    returns = {"result": "the last draft", "rounds": "number of rounds run"}
    invariants = [f"The {reviewer} reviews every draft the {maker} finishes in a round"]
    return [maker, reviewer], lines, returns, invariants, {}


def fallback(rng: random.Random) -> Shape:
    """Try the first role; on failure ask the next, up to four."""
    tries = rng.randint(2, 4)
    roles = _pick_roles(rng, tries)
    lines: list[str] = []

    def attempt(level: int) -> list[str]:
        role = roles[level]
        out = ["try:", *_indent(_call("answer", role, {"task_brief": "task_brief"}), 1)]
        out += _indent(_return({"result": "answer", "used": f'"{role}"'}), 1)
        out += ["catch as problem:"]
        if level + 1 < len(roles):
            out += _indent(attempt(level + 1), 1)
        else:
            out += _indent(_return({"result": "problem.message", "used": "null"}), 1)
        return out

    lines += attempt(0)
    returns = {"result": "the first answer that came back, or the last failure", "used": "which role answered"}
    invariants = ["Later roles run only after earlier ones fail"]
    return roles, lines, returns, invariants, {}


SHAPES: tuple[Callable[[random.Random], Shape], ...] = (gate, relay, sweep, polish, fallback)


def pattern(index: int) -> tuple[str, str]:
    """(file name, text) of synthetic pattern number ``index``."""
    rng = random.Random(SEED + index)
    shape = SHAPES[index % len(SHAPES)]
    slots, lines, returns, invariants, _ = shape(rng)
    name = f"synth-{index:04d}-{shape.__name__}"
    topic = rng.choice(TOPICS)
    inputs = ["task_brief: string -- what to work on"]
    if shape is sweep:
        inputs.append("batches: object[] -- the work, split into batches")
    text = "\n".join([
        "---",
        f"name: {name}",
        "kind: pattern",
        "---",
        "",
        f"# Synthetic {shape.__name__} {index}",
        "",
        f"{shape.__doc__} Benchmark input, here about {topic}.",
        "",
        "### Slots",
        "",
        *(f"- `{slot}`" for slot in slots),
        "",
        "### Requires",
        "",
        "- The caller supplies:",
        *(f"    {line}" for line in inputs),
        "",
        "### Returns",
        "",
        *(f"- `{key}`: {value}" for key, value in returns.items()),
        "",
        "### Invariants",
        "",
        *(f"- {line}" for line in invariants),
        "",
        "### Delegation",
        "",
        "```prose",
        *lines,
        "```",
        "",
    ])
    return f"{name}.prose.md", text


def write(count: int, dest: Path) -> list[Path]:
    """Write ``count`` synthetic patterns into ``dest`` (created)."""
    dest.mkdir(parents=True, exist_ok=True)
    paths = []
    for index in range(count):
        name, text = pattern(index)
        path = dest / name
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths


def main(argv: list[str]) -> int:
    if len(argv) != 2 or not argv[0].isdigit():
        print("usage: python bench/synth.py COUNT DEST", file=sys.stderr)
        return 2
    write(int(argv[0]), Path(argv[1]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
