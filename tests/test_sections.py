"""Tests for prosec.sections (declarations) and prosec.types (types and defaults)."""

from __future__ import annotations

import sys

import pytest
from conftest import CORPUS, require_corpus
from hypothesis import given, settings
from hypothesis import strategies as st

from prosec.diagnostics import Diagnostic, Severity, Span
from prosec.markdown import Document, decode, read_document
from prosec.sections import (
    ConfigDecl,
    Declarations,
    InputDecl,
    SlotDecl,
    read_declarations,
)
from prosec.types import (
    MAX_DEFAULT_CHARS,
    DefaultValue,
    PyType,
    check_default,
    parse_default,
    python_type,
)


def corpus(name: str) -> tuple[Declarations, Document]:
    require_corpus()
    path = CORPUS / name
    text, problems = decode(str(path), path.read_bytes())
    assert problems == [] and text is not None
    doc, diagnostics = read_document(str(path), text)
    assert diagnostics == [] and doc is not None
    declarations, problems = read_declarations(doc)
    assert problems == []
    return declarations, doc


def declare(body: str) -> tuple[Declarations, list[Diagnostic]]:
    """Declarations of a pattern whose sections start at line 6."""
    text = "---\nname: demo\nkind: pattern\n---\n# Demo\n" + body
    doc, _ = read_document("demo.prose.md", text)
    assert doc is not None
    return read_declarations(doc)


def codes(diagnostics: list[Diagnostic]) -> list[tuple[str, int, int]]:
    return [(d.code, d.span.line, d.span.column) for d in diagnostics]


def by_name(items: tuple[InputDecl, ...]) -> dict[str, InputDecl]:
    return {item.name: item for item in items}


# --------------------------------------------------------------------------
# The corpus


def test_oversight_slots_config_inputs_returns() -> None:
    decl, _ = corpus("oversight.prose.md")
    assert decl.slots == (
        SlotDecl(
            name="actor",
            primary=True,
            requires=("task_brief", "adjustment (if prior cycle was adjusted)"),
            ensures=("execution outcome",),
            span=Span(21, 4, 21, 9),
        ),
        SlotDecl(
            name="observer",
            primary=False,
            requires=("task_brief", "actor outcome"),
            ensures=("independent analysis of the outcome",),
            span=Span(24, 4, 24, 12),
        ),
        SlotDecl(
            name="arbiter",
            primary=False,
            requires=("task_brief", "observer report"),
            ensures=("{'decision': 'continue'}", "adjust", "abort"),
            span=Span(27, 4, 27, 11),
        ),
    )
    assert decl.config == (
        ConfigDecl(
            name="max_cycles",
            type_text="integer",
            default_text="3",
            description="Maximum oversight cycles",
            span=Span(33, 4, 33, 14),
        ),
    )
    assert parse_default("3") == DefaultValue(3, True)
    inputs = by_name(decl.inputs)
    assert list(inputs) == ["actor", "observer", "arbiter", "task_brief", "max_cycles"]
    assert inputs["actor"].type_text == "string"
    assert inputs["actor"].description == "service or system name for the actor"
    assert inputs["actor"].span == Span(54, 5, 54, 10)
    assert not inputs["actor"].optional
    max_cycles = inputs["max_cycles"]
    assert (max_cycles.type_text, max_cycles.optional, max_cycles.default_text) == (
        "number",
        True,
        "3",
    )
    assert max_cycles.description == ""
    assert [r.name for r in decl.returns] == ["result", "cycles", "abort_reason"]
    assert decl.returns[0].description == "the final outcome"
    assert decl.returns[0].span == Span(68, 4, 68, 10)
    assert len(decl.prose_returns) == 6
    assert decl.prose_returns[0].startswith("Actor receives the task brief")
    assert len(decl.invariants) == 4
    assert decl.description.startswith("Actor executes, observer independently")
    assert decl.shape.startswith("- `self`: manage the cycle")
    assert decl.notes.startswith("The actor does not know an observer is watching.")
    assert decl.metadata == (("version", "0.1.0"),)


def test_assumption_miner_tiers_default_is_a_list_of_two_dicts() -> None:
    decl, _ = corpus("assumption-miner.prose.md")
    (tiers,) = decl.config
    assert tiers.name == "tiers"
    assert tiers.type_text == "object[]"
    assert tiers.default_text == (
        "{'model': 'opus', 'count': 3}, {'model': 'sonnet', 'count': 2}"
    )
    assert tiers.description == (
        "Miner configurations specifying model tier and count per tier"
    )
    default = parse_default(tiers.default_text)
    assert default == DefaultValue(
        [{"model": "opus", "count": 3}, {"model": "sonnet", "count": 2}], True
    )
    assert check_default(default, tiers.type_text) is None
    assert python_type(tiers.type_text) == PyType(
        "Sequence[Mapping[str, Any]]", frozenset({"Sequence", "Mapping", "Any"})
    )
    context = by_name(decl.inputs)["context"]
    assert context.optional and context.default_text is None
    assert context.description.startswith("domain context to help miners")
    assert [r.name for r in decl.returns] == ["result", "raw_assumptions"]
    # Nested bullets under a prose bullet are prose too.
    assert any(p.startswith("Phantom:") for p in decl.prose_returns)


def test_race_inputs() -> None:
    decl, _ = corpus("race.prose.md")
    assert [s.name for s in decl.slots] == ["candidates"]
    inputs = by_name(decl.inputs)
    assert list(inputs) == ["candidates", "task_brief", "acceptance_criteria"]
    assert inputs["candidates"].type_text == "string[]"
    assert not inputs["candidates"].optional
    criteria = inputs["acceptance_criteria"]
    assert criteria.optional
    assert criteria.type_text == "string"
    # "Default: any non-error result is accepted." describes behaviour, not a value.
    assert criteria.default_text is None
    assert criteria.description == (
        "declarative description of what makes a result acceptable. "
        "Default: any non-error result is accepted."
    )
    assert criteria.span == Span(43, 5, 43, 24)
    (config,) = decl.config
    assert (config.name, config.type_text, config.default_text) == (
        "acceptance_criteria",
        "string",
        "none",
    )
    assert parse_default("none") == DefaultValue(None, True)
    # The paragraph after the bullets is kept as prose.
    assert decl.prose_returns[-1].startswith("All candidates received the same brief")
    assert [r.name for r in decl.returns] == [
        "result",
        "winner",
        "attempts",
        "failure_history",
    ]


def test_guard_invariants_and_empty_config() -> None:
    decl, _ = corpus("guard.prose.md")
    assert decl.config == ()
    assert [s.name for s in decl.slots] == ["guard", "target"]
    assert [i.text for i in decl.invariants] == [
        "The target runs only when the guard explicitly approves",
        "The target receives the original brief unchanged",
        "Unparseable guard output blocks delegation",
        "The guard's reason is returned when the pattern blocks",
    ]
    assert decl.invariants[0].span == Span(27, 3, 27, 58)
    assert decl.metadata == (("version", "0.2.0"), ("role", "coordinator"))
    assert [r.name for r in decl.returns] == ["result", "proceeded"]
    assert decl.returns[1].description == "boolean"


def test_continuation_lines_join_descriptions() -> None:
    decl, _ = corpus("retry-with-learning.prose.md")
    criteria = by_name(decl.inputs)["failure_criteria"]
    assert criteria.description == (
        "declarative description of what constitutes failure. "
        "The coordinator interprets this against the result. "
        "e.g., \"result contains 'no results found' or is empty\" "
        "Default: retry on thrown error only."
    )
    decl, _ = corpus("fan-out.prose.md")
    assert by_name(decl.inputs)["briefs"].description == (
        "one brief per delegate (same length as delegates) "
        "OR a single string applied to all delegates"
    )
    decl, _ = corpus("proposer-adversary.prose.md")
    (result,) = decl.returns
    assert result.description.startswith("object containing `{ proposal, attack }`.")
    assert result.description.endswith("reasons about the disagreement.")


def test_quoted_and_list_input_defaults() -> None:
    decl, _ = corpus("coherence-probe.prose.md")
    inputs = by_name(decl.inputs)
    assert inputs["label_a"].default_text == '"Corpus A"'
    assert inputs["label_a"].description == "human label for corpus A"
    assert parse_default('"Corpus A"') == DefaultValue("Corpus A", True)
    config = {c.name: c for c in decl.config}
    assert config["label_a"].default_text == "Corpus A"
    assert parse_default("Corpus A") == DefaultValue("Corpus A", False)
    assert (
        inputs["readers_per_direction"].description == "reader instances per direction"
    )
    decl, _ = corpus("ratchet.prose.md")
    progress = by_name(decl.inputs)["certified_progress"]
    assert (progress.type_text, progress.default_text) == ("any[]", "[]")
    assert progress.description == "prior certified steps"


def test_maintains_section_and_slot_clauses() -> None:
    decl, _ = corpus("contrastive-probe.prose.md")
    assert [r.name for r in decl.returns] == ["result", "profile_a", "profile_b"]
    ranker = decl.slots[1]
    assert ranker.requires == ("profile_a", "profile_b", "dimension")
    assert ranker.ensures == ("verdict", "magnitude", "evidence")


def test_refine_invariants_skip_nothing() -> None:
    decl, _ = corpus("refine.prose.md")
    assert len(decl.invariants) == 13
    assert decl.invariants[-1].text == "`rounds_used`: number of rounds"
    assert decl.returns == ()


# --------------------------------------------------------------------------
# Formats and diagnostics


def test_collapsed_requires_block_on_one_line() -> None:
    body = (
        "### Requires\n\n"
        "- Pattern instance receives: guard: string -- name for the guard "
        "target: string -- name for the target task_brief: string -- the task "
        "(goes to both) max_cycles: number -- (optional, default 3)\n"
    )
    decl, diagnostics = declare(body)
    assert diagnostics == []
    assert [(i.name, i.type_text, i.description) for i in decl.inputs] == [
        ("guard", "string", "name for the guard"),
        ("target", "string", "name for the target"),
        ("task_brief", "string", "the task (goes to both)"),
        ("max_cycles", "number", ""),
    ]
    assert decl.inputs[0].span == Span(8, 30, 8, 35)
    assert decl.inputs[1].span.column == 66
    assert decl.inputs[3].optional and decl.inputs[3].default_text == "3"


def test_input_bullets_and_default_forms() -> None:
    body = (
        "### Parameters\n\n"
        "- `first`: string -- backticked name\n"
        "- second: integer[] -- (optional; defaults to [1, 2]) numbers\n"
        "- third: boolean -- whether. Default: true.\n"
        "- fourth: any\n"
        "- Pattern instance receives:\n"
        "  - fifth: object -- nested bullet\n"
    )
    decl, diagnostics = declare(body)
    assert diagnostics == []
    inputs = by_name(decl.inputs)
    assert list(inputs) == ["first", "second", "third", "fourth", "fifth"]
    assert inputs["first"].span == Span(8, 4, 8, 9)
    assert (inputs["second"].default_text, inputs["second"].description) == (
        "[1, 2]",
        "numbers",
    )
    assert inputs["third"].optional and inputs["third"].default_text == "true"
    assert (inputs["fourth"].type_text, inputs["fourth"].description) == ("any", "")
    assert inputs["fifth"].span == Span(13, 5, 13, 10)


def test_inputs_written_as_config_entries_are() -> None:
    body = (
        "### Requires\n\n"
        "- `brief` (string): the brief\n"
        "- `tone` (string, optional): how it sounds\n"
        "- `rounds` (integer, default: 2): how many rounds\n"
        "- `notes`: anything else\n"
        "- `draft` is what the writer starts from\n"
    )
    decl, diagnostics = declare(body)
    assert diagnostics == []
    inputs = by_name(decl.inputs)
    assert list(inputs) == ["brief", "tone", "rounds", "notes"]
    assert (inputs["brief"].type_text, inputs["brief"].optional, inputs["brief"].description) == (
        "string", False, "the brief"
    )
    assert (inputs["tone"].type_text, inputs["tone"].optional) == ("string", True)
    assert (inputs["rounds"].default_text, inputs["rounds"].optional) == ("2", True)
    assert (inputs["notes"].type_text, inputs["notes"].description) == (None, "anything else")
    assert inputs["brief"].span == Span(8, 4, 8, 9)


def test_duplicate_input_across_requires_and_parameters() -> None:
    body = (
        "### Requires\n\n- Pattern instance receives:\n    a: string -- one\n\n"
        "### Parameters\n\n- Pattern instance receives:\n    a: number -- again\n"
    )
    decl, diagnostics = declare(body)
    assert codes(diagnostics) == [("PS033", 14, 5)]
    assert diagnostics[0].severity is Severity.ERROR
    assert [i.type_text for i in decl.inputs] == ["string"]


def test_unreadable_input_line_warns() -> None:
    body = (
        "### Requires\n\n- Pattern instance receives:\n"
        "    a: string -- one\n"
        "    this is not an input\n"
        "      but this continues nothing\n"
    )
    decl, diagnostics = declare(body)
    assert codes(diagnostics) == [("PS035", 10, 5)]
    assert diagnostics[0].severity is Severity.WARNING
    assert decl.inputs[0].description == "one but this continues nothing"


def test_config_formats() -> None:
    body = (
        "### Config\n\n"
        "- `plain` (string, default: Candidate A): A label\n"
        "- `nested` (object, default: {'a': (1, 2), 'b': \"x)y\"}): Has ): inside\n"
        "- `no_default` (number): Just a type\n"
        "- `only_desc`: description without parens\n"
        "- `wrapped` (integer,\n"
        "  default: 5): wrapped onto the next line\n"
        "- `apostrophe` (string, default: the actor's): unbalanced quote\n"
    )
    decl, diagnostics = declare(body)
    assert diagnostics == []
    config = {c.name: c for c in decl.config}
    assert (config["plain"].type_text, config["plain"].default_text) == (
        "string",
        "Candidate A",
    )
    assert config["plain"].span == Span(8, 4, 8, 9)
    assert config["nested"].default_text == "{'a': (1, 2), 'b': \"x)y\"}"
    assert config["nested"].description == "Has ): inside"
    assert (config["no_default"].type_text, config["no_default"].default_text) == (
        "number",
        None,
    )
    assert config["only_desc"].type_text is None
    assert config["only_desc"].description == "description without parens"
    assert config["wrapped"].default_text == "5"
    assert config["wrapped"].description == "wrapped onto the next line"
    assert config["apostrophe"].default_text == "the actor's"


def test_config_none_and_paragraphs() -> None:
    body = "### Config\n\n- None. Nothing to tune.\n\nNone.\n"
    decl, diagnostics = declare(body)
    assert (decl.config, diagnostics) == ((), [])


def test_malformed_config_lines_warn() -> None:
    body = (
        "### Config\n\n"
        "- max_rounds (integer, default: 3): no backticks\n"
        "- `broken` (integer, default: 3: never closed\n"
        "- `ok` (integer, default: 1): fine\n"
    )
    decl, diagnostics = declare(body)
    assert codes(diagnostics) == [("PS030", 8, 3), ("PS030", 9, 12)]
    assert all(d.severity is Severity.WARNING for d in diagnostics)
    assert [c.name for c in decl.config] == ["ok"]


def test_duplicate_config() -> None:
    body = (
        "### Config\n\n- `a` (number, default: 1): x\n- `a` (number, default: 2): y\n"
    )
    decl, diagnostics = declare(body)
    assert codes(diagnostics) == [("PS032", 9, 4)]
    assert diagnostics[0].severity is Severity.ERROR
    assert [c.default_text for c in decl.config] == ["1"]


def test_slots_formats_and_diagnostics() -> None:
    body = (
        "### Slots\n\n"
        "- `worker` (primary)\n"
        "  - requires: a, b\n"
        "  - Ensures: {x: [1, 2]}, y, and z\n"
        "- critic\n"
        "- ` spaced ` (Primary)\n"
        "- Something that is not a slot\n"
        "- `worker`\n"
        "\n"
        "```\n- `hidden`\n```\n"
    )
    decl, diagnostics = declare(body)
    assert codes(diagnostics) == [("PS034", 13, 3), ("PS031", 14, 4)]
    assert [d.severity for d in diagnostics] == [Severity.WARNING, Severity.ERROR]
    assert decl.slots[0] == SlotDecl(
        name="worker",
        primary=True,
        requires=("a", "b"),
        ensures=("{x: [1, 2]}", "y", "z"),
        span=Span(8, 4, 8, 10),
    )
    assert (decl.slots[1].name, decl.slots[1].primary) == ("critic", False)
    assert decl.slots[1].span == Span(11, 3, 11, 9)
    assert (decl.slots[2].name, decl.slots[2].primary) == ("spaced", True)
    assert decl.slots[2].span == Span(12, 5, 12, 11)


def test_returns_and_prose() -> None:
    body = (
        "### Returns\n\n"
        "- `result`: the answer\n"
        "  continued\n"
        "- A prose bullet with `code`: inside\n"
        "- `result`: again\n\n"
        "A closing paragraph\nover two lines.\n\n"
        "### Ensures\n\n- `extra`: from Ensures\n"
    )
    decl, diagnostics = declare(body)
    assert codes(diagnostics) == [("PS036", 11, 4)]
    assert [(r.name, r.description) for r in decl.returns] == [
        ("result", "the answer continued"),
        ("extra", "from Ensures"),
    ]
    assert decl.prose_returns == (
        "A prose bullet with `code`: inside",
        "A closing paragraph over two lines.",
    )


def test_invariant_continuations_and_spans() -> None:
    body = (
        "### Invariants\n\n"
        "- The first one\n"
        "  continues here\n"
        "*   Second with another marker\n"
        "<!-- - hidden -->\n"
    )
    decl, diagnostics = declare(body)
    assert diagnostics == []
    assert [(i.text, i.span) for i in decl.invariants] == [
        ("The first one continues here", Span(8, 3, 8, 16)),
        ("Second with another marker", Span(10, 5, 10, 31)),
    ]


def test_missing_sections_give_empty_declarations() -> None:
    decl, diagnostics = declare("")
    assert diagnostics == []
    assert decl == Declarations()


# --------------------------------------------------------------------------
# types


@pytest.mark.parametrize(
    ("text", "count", "annotation", "needs"),
    [
        ("string", False, "str", set()),
        ("String", False, "str", set()),
        ("number", False, "float", set()),
        ("number", True, "int", set()),
        ("integer", False, "int", set()),
        ("integer", True, "int", set()),
        ("boolean", False, "bool", set()),
        ("object", False, "Mapping[str, Any]", {"Mapping", "Any"}),
        ("any", False, "Any", {"Any"}),
        ("string[]", False, "Sequence[str]", {"Sequence"}),
        ("number[]", False, "Sequence[float]", {"Sequence"}),
        # Only a scalar is a count; a list of numbers stays float.
        ("number[]", True, "Sequence[float]", {"Sequence"}),
        ("number[][]", False, "Sequence[Sequence[float]]", {"Sequence"}),
        ("object[]", False, "Sequence[Mapping[str, Any]]", {"Sequence", "Mapping", "Any"}),
        (" any[] ", False, "Sequence[Any]", {"Sequence", "Any"}),
    ],
)
def test_python_type(text: str, count: bool, annotation: str, needs: set[str]) -> None:
    assert python_type(text, count=count) == PyType(annotation, frozenset(needs))


@pytest.mark.parametrize(
    "text", [None, "", "strin", "list", "[]", "string[", "x" * 300]
)
def test_python_type_unknown(text: str | None) -> None:
    assert python_type(text) is None


@pytest.mark.parametrize(
    ("text", "value", "is_literal"),
    [
        ("none", None, True),
        ("None", None, True),
        ("NULL", None, True),
        ("true", True, True),
        ("False", False, True),
        ("3", 3, True),
        ("-2", -2, True),
        ("0.8", 0.8, True),
        ("1e3", 1000.0, True),
        ('"Corpus A"', "Corpus A", True),
        ("'it\\'s'", "it's", True),
        ('"tab\\tnew\\nline"', "tab\tnew\nline", True),
        ("[]", [], True),
        ("[1, 'a', null, [true]]", [1, "a", None, [True]], True),
        ("{model: \"opus\", 'count': 3}", {"model": "opus", "count": 3}, True),
        ("{'a': 1}, {'b': 2}, {}", [{"a": 1}, {"b": 2}, {}], True),
        ("  7  ", 7, True),
        ("Candidate A", "Candidate A", False),
        ("0.15.0", "0.15.0", False),
        ("1, 2", "1, 2", False),
        ("{'a': 1}, 2", "{'a': 1}, 2", False),
        ("{model: opus}", "{model: opus}", False),
        ("[1, 2", "[1, 2", False),
        ("__import__('os').system('x')", "__import__('os').system('x')", False),
        ("'\\N{BULLET}'", "'\\N{BULLET}'", False),
        ("'\\ud800'", "'\\ud800'", False),
        ("'\\U00110000'", "'\\U00110000'", False),
        ("'a\x00b'", "'a\x00b'", False),
        ("'a\rb'", "'a\rb'", False),
        ("'\\U0001F600 \u2028'", "\U0001f600 \u2028", True),
        ("1e999", "1e999", False),
        ("9" * 101, "9" * 101, False),
        ("{1: 2}", "{1: 2}", False),
        ("", "", False),
    ],
)
def test_parse_default(text: str, value: object, is_literal: bool) -> None:
    assert parse_default(text) == DefaultValue(value, is_literal)


def test_parse_default_bounds() -> None:
    deep = "[" * 5000 + "]" * 5000
    assert parse_default(deep) == DefaultValue(deep, False)
    nested = "[" * 10 + "]" * 10
    assert parse_default(nested).is_literal
    too_deep = "[" * 40 + "]" * 40
    assert parse_default(too_deep) == DefaultValue(too_deep, False)
    huge = "[" + "1, " * MAX_DEFAULT_CHARS + "1]"
    assert parse_default(huge) == DefaultValue(huge, False)
    assert sys.getrecursionlimit() > 0  # nothing above recursed past the limit


@pytest.mark.parametrize(
    ("text", "type_text", "ok"),
    [
        ("3", "integer", True),
        ("3", "number", True),
        ("0.8", "number", True),
        ("0.8", "integer", False),
        ("true", "integer", False),
        ("true", "boolean", True),
        ("none", "integer", True),
        ("Corpus A", "string", True),
        ("Corpus A", "number", False),
        ("Corpus A", "any", True),
        ('"x"', "string", True),
        ("3", "string", False),
        ("{'a': 1}", "object", True),
        ("[1]", "object", False),
        ("{'a': 1}, {'b': 2}", "object[]", True),
        ("[1, 2.5]", "number[]", True),
        ("[1, 'a']", "number[]", False),
        ("[[1], [2]]", "integer[][]", True),
        ("[]", "any[]", True),
        ("3", "any[]", False),
        ("3", "mystery", True),
        ("3", None, True),
    ],
)
def test_check_default(text: str, type_text: str | None, ok: bool) -> None:
    message = check_default(parse_default(text), type_text)
    assert (message is None) == ok, message
    if message is not None:
        assert f"`{type_text}`" in message


def test_check_default_message() -> None:
    message = check_default(parse_default("abc"), "number")
    assert (
        message
        == "default 'abc' is text, but the declared type `number` needs a number"
    )


def test_corpus_config_defaults_fit_their_types() -> None:
    require_corpus()
    for path in sorted(CORPUS.glob("*.prose.md")):
        decl, _ = corpus(path.name)
        for entry in decl.config:
            assert python_type(entry.type_text) is not None, (path.name, entry)
            if entry.default_text is not None:
                value = parse_default(entry.default_text)
                assert check_default(value, entry.type_text) is None, (path.name, entry)
        for item in decl.inputs:
            assert python_type(item.type_text) is not None, (path.name, item)


@settings(max_examples=300, deadline=None)
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=5),
        lambda inner: (
            st.lists(inner, max_size=3)
            | st.dictionaries(st.text(max_size=3), inner, max_size=3)
        ),
        max_leaves=10,
    )
)
def test_parse_default_reads_python_reprs(value: object) -> None:
    parsed = parse_default(repr(value))
    if not any("\ud800" <= c <= "\udfff" for c in repr(value)):
        assert parsed == DefaultValue(value, True)


@settings(max_examples=300, deadline=None)
@given(
    st.text(
        alphabet=st.sampled_from("'\"\\xuUN{}[]:,0123456789aAfF\x00\r\n "), max_size=40
    )
)
def test_parse_default_never_raises_on_escapes(text: str) -> None:
    parse_default(text)
    parse_default(f"'{text}'")
    parse_default(f'["{text}"]')


@settings(max_examples=300, deadline=None)
@given(
    st.text(max_size=200), st.sampled_from(["string", "number[]", "object", "x", None])
)
def test_types_never_raise(text: str, type_text: str | None) -> None:
    value = parse_default(text)
    assert check_default(value, type_text) is None or type_text is not None
    python_type(text)
    python_type(type_text, count=True)
