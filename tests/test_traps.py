"""Mistakes a newcomer makes, each with the diagnostic it gets: the message,
its position (line and column of a needle in the pattern file), and the exit
code of `prosec build` that the diagnostic's severity implies (1 for an
error, with nothing written; 0 for a warning or an info). Then what happens
at run time where a mistake can only show there.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from conftest import Recorder, build_package, pattern_text
from typer.testing import CliRunner

from prosec.cli import app


@dataclass(frozen=True)
class Trap:
    name: str
    text: str
    code: str
    severity: str
    at: str  # the diagnostic points at this text's first character
    message: tuple[str, ...]
    hint: tuple[str, ...] = ()
    nth: int = 1
    absent: tuple[str, ...] = field(default=())  # codes that must not appear


def trap(name: str, delegation: str, code: str, severity: str, at: str, *message: str,
         hint: tuple[str, ...] = (), nth: int = 1, absent: tuple[str, ...] = (), **sections: str) -> Trap:
    sections.setdefault("slots", "worker, critic")
    text = pattern_text("t", delegation, **sections)
    return Trap(name, text, code, severity, at, message, hint, nth, absent)


def with_section(title: str, body: str) -> str:
    base = pattern_text("t", "let r = call worker\nreturn { result: r }", slots="worker",
                        returns="- `result`: the work")
    return base.replace("### Delegation", f"### {title}\n\n{body}\n\n### Delegation")


TRAPS = [
    # Entries without a comma between them.
    trap("object entries without a comma", "let r = call worker\nreturn { a: r x }",
         "PS209", "error", "x }", "expected `,` between `a: r` and `x` in this object",
         hint=("write `{ a: r, x }`",)),
    trap("array items without a comma", "let r = call worker\nreturn [r x]",
         "PS209", "error", "x]", "expected `,` between `r` and `x` in this array", hint=("`[r, x]`",)),
    trap("a condition inside an object", "let check = call critic\nreturn { confirmed: check says confirmed }",
         "PS209", "error", "says confirmed", "between `confirmed: check` and `says`",
         hint=("a condition is not a value", "`if`"), absent=("PS104", "PS304")),
    # Near misses, transpositions included.
    *(
        trap(f"near miss {typo!r}", f"let {name} = call worker\ncall critic\n  x: {typo}",
             "PS102", "error", f"{typo}\n", f"undefined name {typo!r} (did you mean {name!r}?)")
        for typo, name in [("wrok", "work"), ("wokr", "work"), ("wor", "work"),
                           ("feedbak", "feedback"), ("hisotry", "history")]
    ),
    # A plural list and its singular loop variable: the list is an input, not a typo.
    trap("for item in items", "for item in items:\n  call worker\n    item: item", "PS104", "warning",
         "items:", "'items' is not declared: it becomes a required input", absent=("PS102",)),
    # A name read after the block that bound it.
    trap("a let inside a loop read after it", "repeat 2:\n  let review = call critic\nreturn review",
         "PS101", "error", "review\n", "'review' is bound on line", "inside a block that has ended",
         hint=("`let review = null`",), nth=1),
    trap("a loop variable read after the loop", "repeat 2 as round:\n  call critic\nreturn round",
         "PS101", "error", "round\n", "'round' is the variable of the loop on line",
         hint=("`last = round`",)),
    # Order that depends on which branch finishes first.
    trap("append inside parallel for", "let found = []\nparallel for t in topics:\n  let r = call worker\n"
         "    topic: t\n  append r to found\nreturn found", "PS319", "warning", "append r",
         "`append` to 'found' inside a parallel region", hint=("`let results = parallel for ...:`",),
         requires="topics: string[] -- the topics"),
    trap("append to a list of the iteration is in order",
         "let all = parallel for t in topics:\n  let mine = []\n  let r = call worker\n    topic: t\n"
         "  append r to mine\n  return mine\nreturn all", "PS104", "warning", "topics",
         "", absent=("PS319",), nth=1),
    # A slot named like a runtime option.
    trap("a slot named executor", "let r = call executor\nreturn r", "PS609", "warning", "executor`",
         "the slot 'executor' is the parameter `executor_=`: `executor=` is the runtime option",
         hint=("pass it as `executor_=...`",), slots="executor"),
    trap("an input named timeout", "let r = call worker\n  t: timeout\nreturn r", "PS609", "warning",
         "timeout: number", "the input 'timeout' is the parameter `timeout_=`", slots="worker",
         requires="timeout: number -- seconds the worker may take"),
    trap("an input named run_id", "let r = call worker\n  r: run_id\nreturn r", "PS609", "warning",
         "run_id: string", "the input 'run_id' is the parameter `run_id_=`", slots="worker",
         requires="run_id: string -- the caller's own run number"),
    trap("a slot named journal", "let r = call journal\nreturn r", "PS609", "warning", "journal`",
         "the slot 'journal' is the parameter `journal_=`: `journal=` is the runtime option",
         hint=("pass it as `journal_=...`",), slots="journal"),
    # Conditions: operators, and what goes to the judge.
    trap("a comparison operator", "let verdict = call critic\nif verdict.average >= pass_mark:\n  return verdict",
         "PS406", "error", "verdict.average >=", "`>=` in a condition: ProseScript writes comparisons in words",
         hint=("write `verdict.average is at least pass_mark`",),
         config="- `pass_mark` (number, default: 7): lowest passing average"),
    trap("an equality with a word", "let verdict = call critic\nloop until verdict == done (max: 3):\n  call worker",
         "PS406", "error", "verdict == done", "`==` in a condition", hint=("write `verdict says done`",)),
    trap("an equality with a name the pattern knows",
         "let verdict = call critic\nif verdict.score == limit:\n  return verdict", "PS406", "error",
         "verdict.score ==", "`==` in a condition", hint=("no equality test", "`if X is at most Y:`"),
         config="- `limit` (number, default: 3): the score to match"),
    trap("a condition for the judge", "let draft = call worker\nif **the draft reads well**:\n  return draft",
         "PS407", "info", "**the draft", "asked of the judge at run time", hint=("`judge=`",)),
    trap("a choice asks the judge", 'choice **which is better**:\n  option "keep":\n    call worker',
         "PS407", "info", "**which", "`choice` asks the judge at run time"),
    # Returns against the program.
    trap("a declared field never returned", "let r = call worker\nreturn { result: r }", "PS317", "warning",
         "score`", "'score' is declared under ### Returns, but no `return` of the delegation gives it",
         hint=("remove it from ### Returns",), returns="- `result`: the work\n- `score`: how good it is"),
    trap("a returned key never declared", "let r = call worker\nreturn { result: r, extra: r }", "PS318",
         "warning", "r }", "'extra' is returned here but not declared under ### Returns",
         hint=("(it declares result)",), returns="- `result`: the work"),
    Trap("an unknown heading", with_section("Outputs", "- `summary`: the summary"), "PS037", "info",
         "### Outputs", ("`### Outputs` is not a section prosec reads: its text is ignored",
                         "(did you mean `### Returns`?)"), ("Description, Slots, Config",)),
    # Other languages' type names.
    trap("a Python type name", "repeat rounds:\n  call worker", "PS050", "warning", "rounds`",
         "unknown type 'int' for 'rounds'; using Any", hint=("did you mean `integer`?",),
         config="- `rounds` (int, default: 2): how many rounds"),
    trap("a generic list type", "for t in topics:\n  call worker\n    topic: t", "PS050", "warning",
         "topics:", "unknown type 'list[str]'", hint=("did you mean `string[]`?",),
         requires="topics: list[str] -- the topics"),
    # A misspelled modifier.
    trap("retries for retry", "let r = call worker\n  retries: 1\nreturn r", "PS316", "warning", "retries",
         "'retries' is passed to the delegate as an input; did you mean the call modifier `retry:`?"),
    # One mistake, one diagnostic: the unbounded loop, not also its promise.
    trap("a loop without a bound, promised bounded",
         "let done = call worker\nloop until done says finished:\n  let done = call worker\nreturn done",
         "PS301", "error", "loop until", "`loop` without a bound", hint=("add `(max: N)`",),
         absent=("PS501",), config="- `max_rounds` (number, default: 3): most rounds",
         invariants="- The loop is bounded by `max_rounds`."),
    # Other languages' habits.
    trap("else if", "let r = call worker\nif r says done:\n  return r\nelse if r says stop:\n  return null",
         "PS201", "error", "else if", "`else if` is written `elif` in ProseScript",
         hint=("write `elif r says stop:`",)),
    trap("a bare while", "let attempt = 0\nwhile attempt < max_attempts:\n  call worker", "PS201", "error",
         "while", "ProseScript has no `while` statement: a loop is written `loop while CONDITION (max: N):`",
         hint=("`loop while attempt is below max_attempts (max: N):`",), requires="max_attempts: integer -- most"),
    trap("catch with a bare name", "try:\n  call worker\ncatch error:\n  return error", "PS201", "error",
         "catch error", "a caught failure is named with `as`: `catch as error:`"),
    trap("a Python except", "try:\n  call worker\nexcept ValueError as e:\n  return e", "PS201", "error",
         "except", "`catch as e:`", hint=("no exception types",)),
    trap("a length as a function call", "let hits = call critic\nlet total = len(hits)\nreturn total",
         "PS201", "error", "len(", "`len(...)` is a function call", hint=("write `hits.length`",)),
    trap("a function call", "let reviews = call critic\nlet mean = average(reviews)\nreturn mean", "PS201",
         "error", "average(", "`average(...)` is a function call, and ProseScript has no functions",
         hint=("`call SLOT` with `reviews: reviews`",)),
]


def _position(text: str, needle: str, nth: int) -> tuple[int, int]:
    start = -1
    for _ in range(nth):
        start = text.index(needle, start + 1)
    return text.count("\n", 0, start) + 1, start - (text.rfind("\n", 0, start) + 1) + 1


@pytest.mark.parametrize("case", TRAPS, ids=[t.name for t in TRAPS])
def test_trap(case: Trap, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "t.prose.md").write_text(case.text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    done = CliRunner().invoke(app, ["build", "src", "-o", "out", "--format", "json", "--no-cache"])
    found = json.loads(done.stdout)
    mine = [d for d in found if d["code"] == case.code]
    assert mine, found
    d = mine[0]
    assert (d["line"], d["column"]) == _position(case.text, case.at, case.nth), d
    assert d["severity"] == case.severity
    for words in case.message:
        assert words in d["message"], d["message"]
    for words in case.hint:
        assert words in (d["hint"] or ""), d["hint"]
    assert not [x for x in found if x["code"] in case.absent], found
    errors = [x for x in found if x["severity"] == "error"]
    if case.severity == "error":
        assert done.exit_code == 1 and not (tmp_path / "out").exists()
    else:
        assert errors == [] and done.exit_code == 0, found
        assert (tmp_path / "out" / "t.py").is_file()


# ---------------------------------------------------------------- at run time


def built(tmp_path: Path, *texts: str) -> ModuleType:
    src = tmp_path / "src"
    src.mkdir(exist_ok=True)
    for text in texts:
        name = text.split("name:", 1)[1].split("\n", 1)[0].strip()
        (src / f"{name}.prose.md").write_text(text, encoding="utf-8")
    package, _ = build_package([src], tmp_path)
    return package


def test_a_delegate_passed_as_the_executor_option_is_a_type_error_naming_it(tmp_path: Path) -> None:
    package = built(tmp_path, pattern_text("t", "let r = call executor\n  x: 1\nreturn r", slots="executor"))
    runner = Recorder("ran")
    assert package.t(executor_=runner).result == "ran" and runner.calls == [{"x": 1}]
    wrong = Recorder("never")
    with pytest.raises(TypeError) as caught:
        package.t(executor=wrong, executor_=runner)
    assert str(caught.value).startswith(
        "pattern 't': executor= must be a concurrent.futures.Executor (an object with a submit method)"
    )
    assert "this pattern's own 'executor' is the parameter executor_=" in str(caught.value)
    assert wrong.calls == [] and len(runner.calls) == 1  # nothing ran


@pytest.mark.parametrize(
    ("option", "value", "error", "words"),
    [
        ("judge", "always", TypeError, "judge= must be a callable, got str 'always'"),
        ("tracer", 3, TypeError, "tracer= must be a callable, got int 3"),
        ("timeout", "5", TypeError, "timeout= must be a number of seconds or None, got str '5'"),
        ("max_concurrency", 4.0, TypeError, "max_concurrency= must be an int, got float 4.0"),
        ("max_concurrency", 0, ValueError, "max_concurrency must be at least 1"),
    ],
)
def test_every_runtime_option_is_checked_before_any_delegate_runs(
    tmp_path: Path, option: str, value: object, error: type[Exception], words: str
) -> None:
    package = built(tmp_path, pattern_text("t", "let r = call worker\nreturn r", slots="worker"))
    worker = Recorder("ran")
    with pytest.raises(error, match=r"^pattern 't': ") as caught:
        package.t(worker=worker, **{option: value})
    assert words in str(caught.value)
    assert worker.calls == []


def test_a_condition_for_the_judge_still_fails_clearly_without_one(tmp_path: Path) -> None:
    package = built(tmp_path, pattern_text("t", "let d = call worker\nif **the draft reads well**:\n  return d\nreturn null",
                                           slots="worker"))
    with pytest.raises(package.JudgeError, match="the draft reads well"):
        package.t(worker=Recorder("text"))
    seen: list[tuple[str, dict[str, Any]]] = []
    result = package.t(worker=Recorder("text"), judge=lambda c, b: seen.append((c, dict(b))) or True)
    assert result.result == "text" and seen == [("the draft reads well", {"d": "text"})]


TYPED = textwrap.dedent("""\
    let last_error = null
    let seen = []
    for brief, i in briefs:
      try:
        let r = call worker
          brief: brief
          mark: pass_mark
        repeat rounds:
          record brief in seen
        return { result: r, last_error: last_error, brief: brief, index: i, seen: seen, label: "ok {brief}" }
      catch as e:
        last_error = e
    return { result: null, last_error: last_error, brief: null, index: null, seen: seen, label: "none" }
""")

CALLER = textwrap.dedent("""\
    from typing import Any

    from {package} import Delegate, DelegateError, Failure, JudgeError, PatternError, t


    def worker(*, brief: str, mark: float) -> str:
        return brief


    def use(delegate: Delegate) -> None:
        try:
            result = t(worker=delegate, briefs=["a"], pass_mark=6.5, rounds=2)
        except (DelegateError, JudgeError) as error:
            assert isinstance(error, PatternError)
            return
        failure: Failure | None = result.last_error
        brief: str | None = result.brief
        index: int | None = result.index
        label: str = result.label
        seen: list[Any] = result.seen
        print(failure, brief, index, label, seen)


    use(worker)
""")


def test_numbers_counts_result_fields_and_exports_pass_mypy_strict(tmp_path: Path) -> None:
    package = built(tmp_path, pattern_text(
        "t", TYPED, slots="worker", requires="briefs: string[] -- the briefs",
        config="- `pass_mark` (number, default: 7): lowest mark\n- `rounds` (number, default: 2): rounds",
    ))
    source = Path(package.__file__).parent / "t.py"
    code = source.read_text()
    assert "    pass_mark: float = 7," in code and "    rounds: int = 2," in code
    fields = {f: a for f, a in package.TResult.__annotations__.items()}
    assert fields == {
        "label": "str", "seen": "list[Any]", "result": "Any", "last_error": "Failure | None",
        "brief": "str | None", "index": "int | None",
    }
    failing = package.t(worker=Recorder(KeyError("down")), briefs=["a", "b"], pass_mark=6.5)
    assert isinstance(failing.last_error, package.Failure) and failing.last_error.type == "KeyError"
    (tmp_path / "caller.py").write_text(CALLER.format(package=package.__name__))
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", package.__name__, "caller.py"],
        cwd=tmp_path, capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_number_used_as_a_count_needs_a_whole_default(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = pattern_text("t", "repeat rounds:\n  call worker", slots="worker",
                        config="- `rounds` (number, default: 2.0): rounds")
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "t.prose.md").write_text(text)
    monkeypatch.chdir(tmp_path)
    done = CliRunner().invoke(app, ["build", "src", "-o", "out", "--format", "json", "--no-cache"])
    (d,) = [d for d in json.loads(done.stdout) if d["code"] == "PS051"]
    assert (d["line"], d["column"]) == _position(text, "rounds` (number", 1)
    assert "uses 'rounds' as a count" in d["message"] and done.exit_code == 1


def test_everything_a_caller_needs_is_exported_by_the_package(tmp_path: Path) -> None:
    package = built(tmp_path, pattern_text("t", "let r = call worker\nreturn r", slots="worker"))
    runtime = sys.modules[f"{package.__name__}._runtime"]
    for name in ("Delegate", "Judge", "Tracer", "Predicate", "CallEvent", "Failure", "PatternError",
                 "DelegateError", "ThrownError", "JudgeError", "ChoiceError", "ValueProblem"):
        assert getattr(package, name) is getattr(runtime, name), name
        assert name in package.__all__
    errors = {name for name, value in vars(runtime).items()
              if isinstance(value, type) and issubclass(value, Exception)}
    assert errors <= set(package.__all__)


def test_returns_order_the_fields_and_type_the_ones_the_program_leaves_open(tmp_path: Path) -> None:
    package = built(tmp_path, pattern_text(
        "t", "let s = call worker\nreturn { tags: s.tags, summary: s, n: s.length }",
        slots="worker",
        returns="- `summary` (string): the summary\n- `n` (string): counted\n- `tags`: the tags",
    ))
    hints = package.TResult.__annotations__
    # In the order of ### Returns; a declared type where the answer is open,
    # the program's own type where it determines one.
    assert list(hints) == ["summary", "n", "tags"]
    assert (hints["summary"], hints["tags"]) == ("str", "Any")
    assert hints["n"].startswith("int")
    result = package.t(worker=Recorder({"tags": ["x"]}))
    assert (result.summary, result.tags, result.n) == ({"tags": ["x"]}, ["x"], 1)
