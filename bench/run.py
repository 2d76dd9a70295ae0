"""prosec's benchmarks: a table on stdout, JSON in bench/results/latest.json.

    make bench                      # or: .venv/bin/python bench/run.py
    .venv/bin/python bench/run.py --quick     # 300 patterns instead of 1,000

What is measured, each against its target:

* builds of the 19 corpus patterns and of 100 and 1,000 synthetic ones
  (bench/synth.py), each in a fresh process with an empty build cache (the
  best of 3 and of 2 runs: other work on the machine only ever adds time);
* ``prosec check`` of an unchanged tree of 1,000, and a rebuild after one of
  the 1,000 changed (both with the cache the cold build left);
* ``prosec --help`` start-up, and which heavy modules it and a no-op
  ``check`` import;
* the cost per call of the generated guard, oversight and fan-out against
  hand-written equivalents (bench/handwritten.py), in this process, the two
  interleaved round by round;
* what a SQLite journal adds to each delegate call, recording and replaying;
* a fan-out of 64 delegates that each sleep 50 ms, sync and async;
* the shared reference (``../shared/bench``): the corpus's guard, oversight
  and fan-out against its tight hand-written ones, by its own harness in a
  child process, and verdicts read from text against its reading, here;
* the peak memory of the 1,000-pattern build.

The compiler is copied to a temporary folder first and every run uses that
copy: its files are part of every cache key, so an edit made to the working
tree while the benchmark runs must not change what is measured half-way.
Child processes may write bytecode into the copy, as an installed prosec
would have it.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import functools
import importlib
import importlib.util
import itertools
import json
import os
import platform
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
CORPUS = ROOT.parent / "shared" / "corpus" / "std-patterns"
REFERENCE = ROOT.parent / "shared" / "bench"
RESULTS = BENCH / "results"

sys.path.insert(0, str(BENCH))
import handwritten  # noqa: E402
import synth  # noqa: E402

HEAVY = ("lark", "jinja2", "black")

# The bench's own fan-out pattern (the project's patterns/ has guard and
# oversight; the corpus is not needed to run the benchmarks).
FAN_OUT = """\
---
name: bench-fan-out
kind: pattern
---

# Bench Fan-Out

Every delegate gets its own brief, all at once; the results come back in order.

### Slots

- `delegates`

### Requires

- The caller supplies:
    briefs: string[] -- one brief per delegate

### Returns

- `result`: every delegate's output, in the order of the delegates
- `results`: the same list

### Delegation

```prose
let results = parallel for delegate, index in delegates:
  call delegate
    brief: briefs[index]

return {
  result: results,
  results: results
}
```
"""


# ---------------------------------------------------------------- figures


@dataclass
class Figure:
    """One measured number and how it compares with its target."""

    key: str
    label: str
    value: float
    unit: str
    target: float | None = None  # None: reported, not judged
    detail: str = ""
    runs: list[float] = field(default_factory=list)

    @property
    def status(self) -> str:
        if self.target is None:
            return "info"
        return "PASS" if self.value <= self.target else "MISS"

    def shown(self, number: float | None) -> str:
        if number is None:
            return "—"
        if self.unit == "s":
            return f"{number:.3f} s" if number < 1 else f"{number:.2f} s"
        if self.unit == "x":
            return f"{number:.2f}x"
        if self.unit == "MiB":
            return f"{number:.0f} MiB"
        if self.unit == "µs":
            return f"{number:.1f} µs"
        return f"{number:g} {self.unit}".strip()


FIGURES: list[Figure] = []


def record(figure: Figure) -> Figure:
    FIGURES.append(figure)
    print(
        f"  {figure.label:<58} {figure.shown(figure.value):>11}  "
        f"target {('≤ ' + figure.shown(figure.target)) if figure.target is not None else '—':>10}  "
        f"{figure.status}" + (f"   ({figure.detail})" if figure.detail else ""),
        flush=True,
    )
    return figure


# ---------------------------------------------------------------- child processes


@dataclass
class ChildRun:
    wall: float
    cpu: float
    max_rss_mib: float
    code: int
    stdout: str
    stderr: str


class Compiler:
    """A frozen copy of prosec, run as ``python -m prosec`` in fresh processes."""

    def __init__(self, work: Path) -> None:
        self.home = work / "compiler"
        ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
        shutil.copytree(ROOT / "prosec", self.home / "prosec", ignore=ignore)
        shutil.copytree(ROOT / "templates", self.home / "templates", ignore=ignore)
        self.env = dict(os.environ)
        self.env["PYTHONPATH"] = str(self.home)
        # An installed prosec has its bytecode; let the copy have it too.
        self.env.pop("PYTHONDONTWRITEBYTECODE", None)
        self.env.pop("PYTHONHASHSEED", None)

    def run(self, args: Sequence[str], cwd: Path, python_flags: Sequence[str] = ()) -> ChildRun:
        # Each working folder has a build cache of its own, so that a fresh
        # folder means an empty cache (and the user's own is never touched).
        env = {**self.env, "PROSEC_CACHE_DIR": str(cwd / ".prosec-cache")}
        with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
            started = time.perf_counter()
            proc = subprocess.Popen(
                [sys.executable, *python_flags, "-m", "prosec", *args],
                cwd=cwd,
                env=env,
                stdout=out,
                stderr=err,
            )
            # wait4 gives this child's own resource use (its pool workers
            # included, as it waits for them), not that of every child so far.
            _, status, usage = os.wait4(proc.pid, 0)
            wall = time.perf_counter() - started
            proc.returncode = os.waitstatus_to_exitcode(status)
            out.seek(0)
            err.seek(0)
            return ChildRun(
                wall=wall,
                cpu=usage.ru_utime + usage.ru_stime,
                max_rss_mib=usage.ru_maxrss / 1024,  # KiB on Linux
                code=proc.returncode,
                stdout=out.read().decode("utf-8", "replace"),
                stderr=err.read().decode("utf-8", "replace"),
            )

    def must(self, args: Sequence[str], cwd: Path, expect: int = 0) -> ChildRun:
        done = self.run(args, cwd)
        if done.code != expect:
            raise SystemExit(
                f"bench: `prosec {' '.join(args)}` exited {done.code}, expected {expect}\n"
                f"{done.stderr[-3000:]}"
            )
        return done


# ---------------------------------------------------------------- build benchmarks


def fresh(work: Path, name: str) -> Path:
    """An empty working folder: no build cache in it."""
    path = work / name
    shutil.rmtree(path, ignore_errors=True)
    path.mkdir(parents=True)
    return path


def bench_builds(compiler: Compiler, work: Path, size: int) -> None:
    print("builds, each in a new process with an empty cache", flush=True)
    src100 = work / "synth100"
    src_big = work / f"synth{size}"
    synth.write(100, src100)
    synth.write(size, src_big)

    # An installed prosec has its bytecode written at install time; the copy
    # gets it from one small build, so that no figure below includes it.
    scratch = fresh(work, "wd-bytecode")
    synth.write(1, scratch / "src")
    compiler.must(["build", str(scratch / "src"), "-o", str(scratch / "out"), "-q"], scratch)

    if CORPUS.is_dir():
        # Best of several, as below: other work on the machine only adds time.
        corpus_runs = []
        for _ in range(3):
            wd = fresh(work, "wd-corpus")
            corpus_runs.append(compiler.must(["build", str(CORPUS), "-o", str(wd / "out"), "-q"], wd))
        done = min(corpus_runs, key=lambda run: run.wall)
        record(Figure("build_corpus", "build the 19 corpus patterns (cold)", done.wall, "s", 1.0,
                      runs=[r.wall for r in corpus_runs],
                      detail="best of 3 (" + ", ".join(f"{r.wall:.2f} s" for r in corpus_runs)
                      + f"), cpu {done.cpu:.2f} s"))
    else:
        print(f"  (corpus not found at {CORPUS}: its row is skipped)")

    # Best of several: other work on the machine only ever adds time.
    smalls = []
    for _ in range(3):
        wd100 = fresh(work, "wd-100")
        smalls.append(compiler.must(["build", str(src100), "-o", str(wd100 / "out"), "-q"], wd100))
    small = min(smalls, key=lambda run: run.wall)
    record(Figure("build_100", "build 100 synthetic patterns (cold)", small.wall, "s",
                  detail=f"best of 3, cpu {small.cpu:.2f} s", runs=[r.wall for r in smalls]))

    bigs = []
    for _ in range(2):
        wd = fresh(work, "wd-big")
        out = wd / "out"
        bigs.append(compiler.must(["build", str(src_big), "-o", str(out), "-q"], wd))
    big = min(bigs, key=lambda run: run.wall)
    record(Figure(f"build_{size}", f"build {size:,} synthetic patterns (cold)", big.wall, "s",
                  10.0 * size / 1000, runs=[r.wall for r in bigs],
                  detail="best of 2 (" + ", ".join(f"{r.wall:.1f} s" for r in bigs)
                  + f"), cpu {big.cpu:.1f} s"))
    record(Figure(f"build_{size}_cpu", f"CPU time of the {size:,} build (cold)", big.cpu, "s",
                  20.0 * size / 1000, detail="all processes; steadier than wall time on a shared machine"))
    record(Figure("build_growth", f"growth: {size:,} vs 100 patterns", big.wall / small.wall, "x",
                  12.0 * size / 1000, detail="linear would be "
                  f"{size / 100:.0f}x"))
    record(Figure(f"build_{size}_rss", f"peak memory of the {size:,} build (largest process)",
                  max(r.max_rss_mib for r in bigs), "MiB", 100.0,
                  detail="main process or one pool worker"))

    checks = [compiler.must(["check", str(src_big), "-o", str(out), "-q"], wd) for _ in range(3)]
    record(Figure(f"check_{size}", f"`prosec check` of an unchanged {size:,}",
                  statistics.median(c.wall for c in checks), "s", 2.0,
                  detail="median of 3", runs=[c.wall for c in checks]))

    rebuilds = []
    for attempt in range(3):
        victim = sorted(src_big.glob("*.prose.md"))[(attempt * 337) % size]
        text = victim.read_text(encoding="utf-8")
        victim.write_text(text.replace("Benchmark input", f"Benchmark input (edit {attempt})", 1),
                          encoding="utf-8")
        done = compiler.must(["build", str(src_big), "-o", str(out)], wd)
        if "1 written" not in done.stderr:
            raise SystemExit(f"bench: expected one file written:\n{done.stderr[-2000:]}")
        rebuilds.append(done.wall)
    record(Figure("rebuild_one", f"rebuild after 1 of {size:,} changed", statistics.median(rebuilds),
                  "s", 1.0, detail="median of 3", runs=rebuilds))

    shutil.rmtree(out)
    warm = compiler.must(["build", str(src_big), "-o", str(out), "-q"], wd)
    record(Figure("rebuild_all_cached", f"build {size:,} into an empty folder, cache warm",
                  warm.wall, "s", detail=f"cpu {warm.cpu:.2f} s"))

    # The cache must never change what a build produces.
    victim = sorted(src100.glob("*.prose.md"))[7]
    victim.write_text(victim.read_text(encoding="utf-8") + "\nOne more line.\n", encoding="utf-8")
    compiler.must(["build", str(src100), "-o", str(wd100 / "out"), "-q"], wd100)
    agree = compiler.run(["check", "--no-cache", str(src100), "-o", str(wd100 / "out")], wd100)
    differ = re.search(r"(\d+) file\(s\) differ", agree.stderr)
    count = int(differ.group(1)) if differ else (0 if agree.code == 0 else 1)
    record(Figure("cache_agrees", "files where a cached build differs from a fresh one",
                  float(count), "files", 0.0, detail="100 patterns, one edited; `check --no-cache`"))


def bench_startup(compiler: Compiler, work: Path) -> None:
    print("start-up", flush=True)
    wd = fresh(work, "wd-startup")
    compiler.must(["--help"], wd)  # bytecode written once, as after an install
    runs = [compiler.must(["--help"], wd).wall for _ in range(7)]
    record(Figure("help", "`prosec --help`", statistics.median(runs), "s", 0.3,
                  detail="median of 7", runs=runs))

    help_heavy = _heavy_imports(compiler.run(["--help"], wd, ["-X", "importtime"]).stderr)
    record(Figure("help_heavy", "heavy modules imported by --help", float(len(help_heavy)), "",
                  0.0, detail=", ".join(help_heavy) or "none of lark, jinja2, black"))

    src = work / "synth100"
    out = work / "wd-100" / "out"
    compiler.must(["build", str(src), "-o", str(out), "-q"], work / "wd-100")
    noop = compiler.run(["check", str(src), "-o", str(out), "-q"], work / "wd-100", ["-X", "importtime"])
    heavy = _heavy_imports(noop.stderr)
    record(Figure("check_heavy", "heavy modules imported by a no-op check", float(len(heavy)), "",
                  0.0, detail=", ".join(heavy) or "none of lark, jinja2, black"))


def _heavy_imports(importtime: str) -> list[str]:
    found = set()
    for line in importtime.splitlines():
        match = re.match(r"import time:\s+\d+ \|\s+\d+ \|(\s*)(\S+)", line)
        if match and match.group(2).split(".")[0] in HEAVY:
            found.add(match.group(2).split(".")[0])
    return sorted(found)


# ---------------------------------------------------------------- run-time benchmarks


def build_runtime_package(compiler: Compiler, work: Path) -> ModuleType:
    fan_dir = work / "fanout"
    fan_dir.mkdir(exist_ok=True)
    (fan_dir / "bench-fan-out.prose.md").write_text(FAN_OUT, encoding="utf-8")
    wd = fresh(work, "wd-runtime")
    patterns = [str(ROOT / "patterns" / f"{name}.prose.md") for name in ("guard", "oversight")]
    compiler.must(["build", *patterns, str(fan_dir), "-o", str(wd / "benchpkg"), "-q"], wd)
    sys.path.insert(0, str(wd))
    return importlib.import_module("benchpkg")


def _per_call(fn: Callable[[], object], calls: int) -> float:
    started = time.perf_counter()
    for _ in range(calls):
        fn()
    return (time.perf_counter() - started) / calls * 1e6


def compare(label: str, key: str, generated: Callable[[], object], hand: Callable[[], object],
            calls: int, rounds: int, target: float | None) -> None:
    """Time both, alternating round by round (order shuffled), and report the ratio."""
    rng = random.Random(7)
    generated()  # warm both up once
    hand()
    times: dict[str, list[float]] = {"generated": [], "hand": []}
    for _ in range(rounds):
        order = [("generated", generated), ("hand", hand)]
        rng.shuffle(order)
        for name, fn in order:
            times[name].append(_per_call(fn, calls))
    gen, man = statistics.median(times["generated"]), statistics.median(times["hand"])
    record(Figure(key, label, gen / man, "x", target,
                  detail=f"{gen:.1f} µs vs {man:.1f} µs per call, median of {rounds} rounds"))


def bench_overhead(pkg: ModuleType, quick: bool) -> None:
    print("cost per call, generated ÷ hand-written (same process, interleaved)", flush=True)
    rounds = 7 if quick else 15

    def ok_guard(**_: Any) -> Any:
        return {"proceed": True, "reason": "fine"}

    def work(**_: Any) -> Any:
        return "done"

    def outcome(**_: Any) -> Any:
        return "an outcome"

    def report(**_: Any) -> Any:
        return {"summary": "fine"}

    def carry_on(**_: Any) -> Any:
        return {"decision": "continue"}

    compare("guard, delegates return mappings", "guard_ratio",
            lambda: pkg.guard(guard=ok_guard, target=work, task_brief="tidy"),
            lambda: handwritten.guard(guard=ok_guard, target=work, task_brief="tidy"),
            2000, rounds, 1.5)
    compare("oversight (3 cycles), delegates return mappings", "oversight_ratio",
            lambda: pkg.oversight(actor=outcome, observer=report, arbiter=carry_on,
                                  task_brief="tidy", max_cycles=3),
            lambda: handwritten.oversight(actor=outcome, observer=report, arbiter=carry_on,
                                          task_brief="tidy", max_cycles=3),
            500, rounds, 1.5)

    # What a language-model delegate returns: JSON inside prose, different
    # on every call (so nothing parsed on an earlier call can be reused).
    serial = itertools.count()

    def text_guard(**_: Any) -> Any:
        n = next(serial)
        return f'I checked brief {n}.\n```json\n{{"proceed": true, "reason": "safe {n}"}}\n```'

    def text_arbiter(**_: Any) -> Any:
        return f'Keep going ({next(serial)}). {{"decision": "continue", "why": "on track"}}'

    compare("guard, delegates answer in text (JSON in prose)", "guard_text_ratio",
            lambda: pkg.guard(guard=text_guard, target=work, task_brief="tidy"),
            lambda: handwritten.guard(guard=text_guard, target=work, task_brief="tidy"),
            2000, rounds, 1.5)
    compare("oversight (3 cycles), delegates answer in text", "oversight_text_ratio",
            lambda: pkg.oversight(actor=outcome, observer=report, arbiter=text_arbiter,
                                  task_brief="tidy", max_cycles=3),
            lambda: handwritten.oversight(actor=outcome, observer=report, arbiter=text_arbiter,
                                          task_brief="tidy", max_cycles=3),
            500, rounds, 1.5)

    delegates = [work] * 8
    briefs = [f"brief {i}" for i in range(8)]
    compare("fan-out over 8 instant delegates (threads)", "fan_out_ratio",
            lambda: pkg.bench_fan_out(delegates=delegates, briefs=briefs),
            lambda: handwritten.fan_out(delegates=delegates, briefs=briefs),
            100, rounds, None)


def bench_journal(pkg: ModuleType, work: Path, quick: bool) -> None:
    """What a SQLite journal adds to each delegate call: oversight (3 cycles,
    9 delegate calls) with a journal against the same call without one,
    interleaved round by round. Recording: a new run_id each time, so every
    call is recorded (one transaction each; flushed to the disk by default,
    not with durable=False). Replaying: a finished run called again, so
    every call is looked up and replayed."""
    print("the journal's cost per delegate call (oversight, 9 calls a run)", flush=True)
    rounds = 5 if quick else 9

    def outcome(**_: Any) -> Any:
        return "an outcome"

    def report(**_: Any) -> Any:
        return {"summary": "fine"}

    def carry_on(**_: Any) -> Any:
        return {"decision": "continue"}

    journal = pkg.SqliteJournal(work / "bench-journal.db")
    quick_journal = pkg.SqliteJournal(work / "bench-journal-normal.db", durable=False)
    runs = itertools.count()

    def run(**options: Any) -> object:
        return pkg.oversight(actor=outcome, observer=report, arbiter=carry_on,
                             task_brief="tidy", max_cycles=3, **options)

    run(journal=journal, run_id="finished")
    calls_per_run = 9
    cases = (
        ("journal, recording (a transaction per call, flushed to disk)", "journal_record_us",
         lambda: run(journal=journal, run_id=f"run-{next(runs)}"), 20),
        ("journal, recording with durable=False (not flushed)", "journal_record_normal_us",
         lambda: run(journal=quick_journal, run_id=f"run-{next(runs)}"), 100),
        ("journal, replaying a finished run", "journal_replay_us",
         lambda: run(journal=journal, run_id="finished"), 200),
    )
    for label, key, journaled, calls in cases:
        times: dict[str, list[float]] = {"with": [], "without": []}
        for _ in range(rounds):
            times["with"].append(_per_call(journaled, calls))
            times["without"].append(_per_call(run, calls))
        with_, without = statistics.median(times["with"]), statistics.median(times["without"])
        record(Figure(key, label, (with_ - without) / calls_per_run, "µs", None,
                      detail=f"added per delegate call: {with_:.0f} µs vs {without:.1f} µs "
                      f"per run of {calls_per_run} calls, median of {rounds} rounds"))
    journal.close()
    quick_journal.close()


def bench_fan_out(pkg: ModuleType, quick: bool) -> None:
    print("fan-out of 64 delegates that each sleep 50 ms", flush=True)
    repeats = 3 if quick else 5

    def sleeper(*, brief: str) -> str:
        time.sleep(0.05)
        return brief

    async def async_sleeper(*, brief: str) -> str:
        await asyncio.sleep(0.05)
        return brief

    briefs = [f"brief {i}" for i in range(64)]

    def timed(fn: Callable[[], object]) -> list[float]:
        runs = []
        for _ in range(repeats):
            started = time.perf_counter()
            fn()
            runs.append(time.perf_counter() - started)
        return runs

    sync = timed(lambda: pkg.bench_fan_out(delegates=[sleeper] * 64, briefs=briefs))
    record(Figure("fan_out_sync", "fan-out, sync: 64 x 50 ms (default max_concurrency 32)",
                  statistics.median(sync), "s", 0.2, detail=f"median of {repeats}", runs=sync))
    wide = timed(lambda: pkg.bench_fan_out(delegates=[sleeper] * 64, briefs=briefs,
                                           max_concurrency=64))
    record(Figure("fan_out_sync_64", "fan-out, sync: 64 x 50 ms, max_concurrency=64",
                  statistics.median(wide), "s", 0.2, detail=f"median of {repeats}", runs=wide))
    asy = timed(lambda: asyncio.run(pkg.bench_fan_out_async(delegates=[async_sleeper] * 64,
                                                            briefs=briefs)))
    record(Figure("fan_out_async", "fan-out, async: 64 x 50 ms, async delegates",
                  statistics.median(asy), "s", 0.2, detail=f"median of {repeats}", runs=asy))
    mixed = timed(lambda: asyncio.run(pkg.bench_fan_out_async(delegates=[sleeper] * 64,
                                                              briefs=briefs)))
    record(Figure("fan_out_async_sync_delegates", "fan-out, async: 64 x 50 ms, plain delegates (threads)",
                  statistics.median(mixed), "s", 0.2, detail=f"median of {repeats}", runs=mixed))
    hand = timed(lambda: handwritten.fan_out(delegates=[sleeper] * 64, briefs=briefs))
    record(Figure("fan_out_hand", "hand-written sync fan-out, for comparison",
                  statistics.median(hand), "s", detail=f"median of {repeats}", runs=hand))


# ---------------------------------------------------------------- report


HOSTILE_PATTERN = """---
name: hostile
kind: pattern
---

# Hostile

A pattern at one of the compiler's limits.

### Slots

- `a`

### Delegation

```prose
{delegation}
```
"""

# Inputs at the compiler's and the runtime's limits, each at two sizes: the
# suite checks the diagnostic (tests/test_hostile.py, tests/test_runtime.py);
# here the time, and how it grows when the input doubles (2x is linear;
# reported, not judged: at these sizes one run's noise is of the same order).
HOSTILE: dict[str, tuple[Callable[[int], str], int]] = {
    # Within the limits (10,000 tokens): the whole pipeline runs.
    "700 statements": (lambda n: "\n".join(f"let v{i} = call a" for i in range(n)) + "\nreturn v1", 700),
    "a 2,000-item list": (lambda n: "let x = [" + "1, " * n + "]\nreturn x", 2000),
    # Beyond them: refused with a diagnostic before any work grows with it.
    "a 60,000-item list (refused)": (lambda n: "let x = [" + "1, " * n + "]\nreturn x", 60_000),
    "100,000 open brackets (refused)": (lambda n: "let x = " + "[" * n, 100_000),
}
VERDICTS: dict[str, Callable[[int], str]] = {
    "3,000,000 unclosed braces": lambda n: "{" * (600 * n),
    "700,000 code fences": lambda n: "```\n" * (140 * n),
}


def _best_of(fn: Callable[[], object], rounds: int) -> float:
    times = []
    for _ in range(rounds):
        started = time.perf_counter()
        fn()
        times.append(time.perf_counter() - started)
    return min(times)


def bench_hostile(quick: bool) -> None:
    print("hostile inputs at two sizes (growth when the input doubles; 2x is linear)", flush=True)
    from prosec.api import compile_text
    from prosec.runtime import read_verdict

    rounds = 1 if quick else 3
    def compiled(text: str) -> object:
        return compile_text("h.prose.md", HOSTILE_PATTERN.format(delegation=text).encode())

    compiled("let x = call a\nreturn x")  # the parsers and templates, built once
    for label, (make, size) in HOSTILE.items():
        texts = [make(size // 2), make(size)]
        small, large = (_best_of(functools.partial(compiled, text), rounds) for text in texts)
        record(Figure(f"hostile_{label}", f"compile {label}: growth from half", large / small, "x",
                      detail=f"{large:.2f} s"))
    for label, make_text in VERDICTS.items():
        texts = [make_text(2500), make_text(5000)]
        small, large = (_best_of(functools.partial(read_verdict, text), rounds) for text in texts)
        record(Figure(f"verdict_{label}", f"read a verdict of {label}: growth from half", large / small,
                      "x", detail=f"{large:.3f} s"))


def machine() -> dict[str, Any]:
    return {
        "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "python": platform.python_version(),
        "platform": platform.platform(),
        "cpus": os.cpu_count(),
        "cpu": _cpu_model(),
        "load_average_start": None,
        "load_average_end": None,
    }


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def markdown(info: dict[str, Any], size: int) -> str:
    lines = [
        f"Measured {info['date']} on {info['cpus']} x {info['cpu']}, Python {info['python']}, "
        f"{info['platform']}; load average {info['load_average_start']} at the start, "
        f"{info['load_average_end']} at the end (other work shared the machine).",
        "",
        "Reproduce with `make bench` (or `.venv/bin/python bench/run.py"
        + (" --quick" if size != 1000 else "")
        + "`).",
        "",
        "| Measure | Result | Target | |",
        "|---|---:|---:|---|",
    ]
    for f in FIGURES:
        target = f"≤ {f.shown(f.target)}" if f.target is not None else "—"
        detail = f" ({f.detail})" if f.detail else ""
        lines.append(f"| {f.label}{detail} | {f.shown(f.value)} | {target} | {f.status} |")
    return "\n".join(lines) + "\n"


def _reference_module() -> ModuleType | None:
    """The shared hand-written reference, under a name of its own (the
    project's bench/handwritten.py already holds ``handwritten``)."""
    path = REFERENCE / "handwritten.py"
    if not path.is_file():
        return None
    spec = importlib.util.spec_from_file_location("reference_handwritten", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def bench_reference(compiler: Compiler, work: Path, pkg: ModuleType, quick: bool) -> None:
    """The per-call targets, measured with the shared reference: its harness
    runs the corpus's guard, oversight and fan-out against its hand-written
    ones (one process, interleaved, ratios of medians)."""
    print("cost per call against the shared reference (../shared/bench)", flush=True)
    reference = _reference_module()
    if reference is None or not CORPUS.is_dir():
        print(f"  skipped: no {REFERENCE} or no {CORPUS}", flush=True)
        return
    wd = fresh(work, "wd-reference")
    compiler.must(["build", str(CORPUS), "-o", str(wd / "stdgen"), "-q"], wd)
    report = wd / "reference.json"
    done = subprocess.run(
        [sys.executable, str(REFERENCE / "run_bench.py"), "--generated", f"{wd}:stdgen",
         "--json", str(report), *(["--quick"] if quick else [])],
        capture_output=True, text=True, timeout=600,
    )
    if done.returncode != 0 or not report.is_file():
        print(f"  the reference harness failed:\n{done.stdout}{done.stderr}", flush=True)
        return
    data = json.loads(report.read_text(encoding="utf-8"))
    for bench, label, target in (
        ("guard", "guard vs the reference", 1.3),
        ("oversight", "oversight (3 cycles) vs the reference", 1.4),
        ("fan-out-trivial", "fan-out over 32 instant delegates vs the reference", 1.1),
        ("fan-out-sleep", "fan-out over 32 x 50 ms delegates vs the reference", None),
    ):
        impls = data["benchmarks"][bench]["impls"]
        gen, hand = impls["generated"]["median_ns"], impls["handwritten"]["median_ns"]
        ratios = data["ratios"][bench]["generated/handwritten"]
        noisy = " (noisy)" if data["noisy"].get(bench) else ""
        record(Figure(f"reference_{bench.replace('-', '_')}", label, ratios["ratio_of_medians"], "x",
                      target, detail=f"{gen / 1e3:.2f} µs vs {hand / 1e3:.2f} µs, paired "
                      f"x{ratios['paired_median']:.2f}{noisy}"))

    # Reading a verdict from text, against the reference's reading of it.
    serial = itertools.count()

    def text_guard(**_: Any) -> Any:
        n = next(serial)
        return f'I checked brief {n}.\n```json\n{{"proceed": true, "reason": "safe {n}"}}\n```'

    def text_arbiter(**_: Any) -> Any:
        return f'Keep going ({next(serial)}). {{"decision": "continue", "why": "on track"}}'

    def work_(**_: Any) -> Any:
        return "done"

    rounds = 7 if quick else 15
    compare("guard, verdict read from text, vs the reference", "reference_guard_text",
            lambda: pkg.guard(guard=text_guard, target=work_, task_brief="tidy"),
            lambda: reference.guard(guard=text_guard, target=work_, task_brief="tidy"),
            2000, rounds, 1.5)
    compare("oversight, verdicts read from text, vs the reference", "reference_oversight_text",
            lambda: pkg.oversight(actor=work_, observer=work_, arbiter=text_arbiter,
                                  task_brief="tidy", max_cycles=3),
            lambda: reference.oversight(actor=work_, observer=work_, arbiter=text_arbiter,
                                        task_brief="tidy", max_cycles=3),
            500, rounds, 1.5)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--quick", action="store_true", help="300 patterns instead of 1,000, fewer rounds")
    args = parser.parse_args(argv)
    size = 300 if args.quick else 1000
    info = machine()
    info["load_average_start"] = [round(x, 2) for x in os.getloadavg()]
    print(f"prosec benchmarks — {info['date']}, {info['cpus']} CPUs, Python {info['python']}, "
          f"load average {info['load_average_start']}")
    with tempfile.TemporaryDirectory(prefix="prosec-bench-") as tmp:
        work = Path(tmp)
        compiler = Compiler(work)
        bench_builds(compiler, work, size)
        bench_startup(compiler, work)
        bench_hostile(args.quick)
        pkg = build_runtime_package(compiler, work)
        bench_overhead(pkg, args.quick)
        bench_journal(pkg, work, args.quick)
        bench_fan_out(pkg, args.quick)
        bench_reference(compiler, work, pkg, args.quick)
    info["load_average_end"] = [round(x, 2) for x in os.getloadavg()]
    RESULTS.mkdir(exist_ok=True)
    data = {"machine": info, "size": size,
            "figures": [asdict(f) | {"status": f.status} for f in FIGURES]}
    (RESULTS / "latest.json").write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n",
                                         encoding="utf-8")
    (RESULTS / "latest.md").write_text(markdown(info, size), encoding="utf-8")
    misses = [f.label for f in FIGURES if f.status == "MISS"]
    print(f"\n{len(FIGURES) - len(misses)} of {len(FIGURES)} figures within target or "
          f"informational; {len(misses)} missed. Written to {RESULTS / 'latest.json'} "
          f"and latest.md.")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
