"""Tests for prosec.markdown: decoding, front matter, sections, the delegation fence."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import CORPUS, require_corpus
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from prosec.diagnostics import Diagnostic, Severity, Span
from prosec.markdown import (
    MAX_FILE_BYTES,
    Document,
    decode,
    read_document,
    section,
    text_lines,
)
from prosec.sections import read_declarations


def corpus_files() -> list[Path]:
    require_corpus()
    return sorted(CORPUS.glob("*.prose.md"))


def read_corpus(name: str) -> tuple[Document, list[Diagnostic]]:
    files = {p.name: p for p in corpus_files()}
    path = files[name]
    text, problems = decode(str(path), path.read_bytes())
    assert problems == []
    assert text is not None
    doc, diagnostics = read_document(str(path), text)
    assert doc is not None
    return doc, diagnostics


def codes(diagnostics: list[Diagnostic]) -> list[tuple[str, int, int]]:
    return [(d.code, d.span.line, d.span.column) for d in diagnostics]


def pattern(body: str, *, name: str = "demo", extra: str = "") -> str:
    head = f"---\nname: {name}\nkind: pattern\n{extra}---\n\n"
    return head + f"# Demo\n\nA summary.\n\n{body}"


DELEGATION = "### Delegation\n\n```prose\nreturn 1\n```\n"


def read(text: str, path: str = "demo.prose.md") -> tuple[Document, list[Diagnostic]]:
    doc, diagnostics = read_document(path, text)
    assert doc is not None, diagnostics
    return doc, diagnostics


# --------------------------------------------------------------------------
# The corpus


def test_every_corpus_file_reads_without_diagnostics() -> None:
    files = corpus_files()
    assert len(files) == 19
    for path in files:
        text, problems = decode(str(path), path.read_bytes())
        assert problems == [], path.name
        assert text is not None
        doc, diagnostics = read_document(str(path), text)
        assert diagnostics == [], (path.name, diagnostics)
        assert doc is not None
        assert doc.kind == "pattern"
        assert doc.name == path.name.removesuffix(".prose.md")
        assert doc.version == "0.15.0"
        assert doc.delegation is not None
        assert doc.delegation.info == "prose"
        assert section(doc, "delegation") is not None
        declarations, problems = read_declarations(doc)
        assert problems == [], (path.name, problems)
        assert declarations.slots, path.name


def test_oversight_document() -> None:
    doc, diagnostics = read_corpus("oversight.prose.md")
    assert diagnostics == []
    assert doc.title == "Oversight"
    assert doc.title_span == Span(7, 1, 7, 12)
    assert doc.summary.startswith("Actor acts, observer watches outcomes independently")
    assert doc.summary.endswith("not the actor's self-assessment.")
    assert doc.front_span == Span(1, 1, 5, 4)
    assert dict(doc.front_matter) == {
        "name": "oversight",
        "kind": "pattern",
        "version": "0.15.0",
    }
    assert [s.title for s in doc.sections] == [
        "Description",
        "Metadata",
        "Slots",
        "Config",
        "Invariants",
        "Shape",
        "Requires",
        "Returns",
        "Delegation",
        "Notes",
    ]
    config = section(doc, "CONFIG")
    assert config is not None
    assert config.span == Span(31, 1, 31, 11)
    assert config.body_line == 32
    assert config.body == (
        "\n- `max_cycles` (integer, default: 3): Maximum oversight cycles\n\n"
    )


def test_oversight_delegation_fence_positions() -> None:
    doc, _ = read_corpus("oversight.prose.md")
    fence = doc.delegation
    assert fence is not None
    assert fence.span == Span(74, 1, 74, 9)
    assert fence.line == 75
    program = doc.text[fence.start : fence.end]
    assert program.startswith("let current_brief = task_brief\n")
    assert program.endswith("  cycles: max_cycles\n}\n")
    # The offsets agree with the file's own lines.
    lines = doc.text.split("\n")
    assert lines[fence.line - 1] == "let current_brief = task_brief"
    assert doc.text[: fence.start].count("\n") == fence.line - 1
    assert lines[doc.text[: fence.end].count("\n")] == "```"


def test_crlf_and_bom_give_identical_results() -> None:
    for path in corpus_files():
        data = path.read_bytes()
        crlf = b"\xef\xbb\xbf" + data.replace(b"\n", b"\r\n")
        text_lf, _ = decode(str(path), data)
        text_crlf, problems = decode(str(path), crlf)
        assert problems == []
        assert text_crlf == text_lf
        assert text_lf is not None
        doc_lf, diag_lf = read_document(str(path), text_lf)
        # read_document normalises too, so raw CRLF text is fine.
        doc_raw, diag_raw = read_document(str(path), crlf.decode("utf-8"))
        assert doc_raw == doc_lf
        assert diag_raw == diag_lf
        assert doc_lf is not None
        assert read_declarations(doc_lf) == read_declarations(doc_raw)  # type: ignore[arg-type]


# --------------------------------------------------------------------------
# decode


def test_decode_plain_utf8() -> None:
    text, problems = decode("a.prose.md", "# Tïtle\r\nline\n".encode())
    assert problems == []
    assert text == "# Tïtle\nline\n"


def test_decode_strips_bom() -> None:
    text, problems = decode("a.prose.md", b"\xef\xbb\xbfhello\n")
    assert (text, problems) == ("hello\n", [])


def test_decode_invalid_utf8_points_at_the_byte() -> None:
    text, problems = decode("a.prose.md", b"ok\nab\xffc\n")
    assert text is None
    assert codes(problems) == [("PS002", 2, 3)]
    assert problems[0].severity is Severity.ERROR
    assert "0xff" in problems[0].message


def test_decode_invalid_utf8_column_counts_characters() -> None:
    text, problems = decode("a.prose.md", "é€x".encode() + b"\xc3(")
    assert text is None
    assert codes(problems) == [("PS002", 1, 4)]


def test_decode_utf16_with_bom() -> None:
    text, problems = decode("a.prose.md", "---\nname: a\n".encode("utf-16"))
    assert text is None
    assert codes(problems) == [("PS003", 1, 1)]


def test_decode_utf16_without_bom_is_binary() -> None:
    text, problems = decode("a.prose.md", "---\nname: a\n".encode("utf-16-le"))
    assert text is None
    assert codes(problems) == [("PS003", 1, 1)]


def test_decode_binary() -> None:
    png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(64)
    text, problems = decode("a.prose.md", png)
    assert text is None
    assert [d.code for d in problems] == ["PS003"]
    # Random high bytes without NULs are simply not UTF-8.
    text, problems = decode("a.prose.md", bytes(range(128, 256)))
    assert text is None
    assert codes(problems) == [("PS002", 1, 1)]


def test_decode_nul_in_text_has_position() -> None:
    text, problems = decode("a.prose.md", b"line one\nab\x00cd\n")
    assert text is None
    assert codes(problems) == [("PS004", 2, 3)]
    assert "U+0000" in problems[0].message
    assert "\x00" not in problems[0].message


def test_decode_lone_cr_and_escape() -> None:
    text, problems = decode("a.prose.md", b"a\rb\r\nc\x1b[31m\n")
    assert text is None
    assert codes(problems) == [("PS004", 1, 2), ("PS004", 2, 2)]
    assert "lone CR" in problems[0].message


def test_decode_tab_is_allowed() -> None:
    text, problems = decode("a.prose.md", b"\tindented\n")
    assert (text, problems) == ("\tindented\n", [])


def test_decode_size_limit() -> None:
    text, problems = decode("a.prose.md", b"a" * (MAX_FILE_BYTES + 1))
    assert text is None
    assert codes(problems) == [("PS001", 1, 1)]
    text, problems = decode("a.prose.md", b"a" * MAX_FILE_BYTES)
    assert problems == [] and text is not None


def test_decode_many_control_characters_are_summarised() -> None:
    text, problems = decode("a.prose.md", b"\x01" * 50)
    assert text is None
    assert len(problems) == 21
    assert "30 more" in problems[-1].message


# --------------------------------------------------------------------------
# Front matter


def test_minimal_pattern() -> None:
    doc, diagnostics = read(pattern(DELEGATION))
    assert diagnostics == []
    assert doc.name == "demo"
    assert doc.kind == "pattern"
    assert doc.is_pattern
    assert doc.version is None
    assert doc.title == "Demo"
    assert doc.summary == "A summary."
    assert doc.delegation is not None
    assert doc.text[doc.delegation.start : doc.delegation.end] == "return 1\n"
    assert doc.delegation.span == Span(12, 1, 12, 9)
    assert doc.delegation.line == 13


def test_front_matter_scalars() -> None:
    extra = (
        "version: 1.0\n"
        "# a comment\n"
        "\n"
        "title: 'It''s here'  # trailing comment\n"
        'motto: "tab\\there \\u00e9 \\"q\\""\n'
        "count: 3\n"
        "ratio: -2.5e3\n"
        "hex: 0x1F\n"
        "on: true\n"
        "off: FALSE\n"
        "nothing: ~\n"
        "empty:\n"
        "tags: [a, 'b c', \"d\", 4, null]\n"
        "none_list: []\n"
        "plain: a, b {c} [d]\n"
        "url: http://example.com/x#y\n"
    )
    doc, diagnostics = read(pattern(DELEGATION, extra=extra))
    assert diagnostics == []
    fm = doc.front_matter
    assert doc.version == "1.0"
    assert fm["version"] == 1.0
    assert fm["title"] == "It's here"
    assert fm["motto"] == 'tab\there é "q"'
    assert fm["count"] == 3
    assert fm["ratio"] == -2500.0
    assert fm["hex"] == 31
    assert fm["on"] is True
    assert fm["off"] is False
    assert fm["nothing"] is None
    assert fm["empty"] is None
    assert fm["tags"] == ("a", "b c", "d", 4, None)
    assert fm["none_list"] == ()
    assert fm["plain"] == "a, b {c} [d]"
    assert fm["url"] == "http://example.com/x#y"
    with pytest.raises(TypeError):
        fm["name"] = "other"  # type: ignore[index]


@pytest.mark.parametrize(
    ("line", "code", "column", "words"),
    [
        ("anchor: &a value", "PS011", 9, "anchors"),
        ("alias: *a", "PS011", 8, "aliases"),
        ("obj: !!python/object:os.system ls", "PS011", 6, "tags"),
        ("obj: !custom x", "PS011", 6, "tags"),
        ("text: |", "PS011", 7, "block scalars"),
        ("text: >-", "PS011", 7, "folded"),
        ("map: {a: 1}", "PS011", 6, "nested mappings"),
        ("list: [a, [b]]", "PS011", 11, "nested"),
        ("list: [a, {b: 1}]", "PS011", 11, "nested"),
        ("list: [a, b", "PS011", 7, "close on the same line"),
        ("list: [a, , b]", "PS013", 11, "empty item"),
        ("pair: a: b", "PS011", 8, "nested mapping"),
        ('bad: "abc', "PS013", 6, "not closed"),
        ("bad: 'abc", "PS013", 6, "not closed"),
        ('bad: "a\\qb"', "PS013", 8, "unknown escape"),
        ('bad: "a\\x4"', "PS013", 8, "bad"),
        ('bad: "a" b', "PS013", 9, "after the value"),
        ("big: " + "9" * 101, "PS013", 6, "digits"),
        ("- item", "PS011", 1, "list"),
        ("? complex", "PS011", 1, "complex keys"),
        ('"quoted": 1', "PS011", 1, "quoted keys"),
        ("key:value", "PS011", 1, "expected `key: value`"),
        ("%YAML 1.2", "PS011", 1, "`%`"),
        ("  nested: 1", "PS011", 3, "indented"),
        ("\tnested: 1", "PS011", 2, "indented"),
    ],
)
def test_front_matter_refuses_unsupported_yaml(
    line: str, code: str, column: int, words: str
) -> None:
    doc, diagnostics = read(pattern(DELEGATION, extra=line + "\n"))
    assert codes(diagnostics) == [(code, 4, column)]
    assert diagnostics[0].severity is Severity.ERROR
    assert words in diagnostics[0].message
    assert doc.name == "demo"


def test_front_matter_nested_block() -> None:
    text = "---\nname: demo\nkind: pattern\nmeta:\n  a: 1\n  b: 2\n---\n" + DELEGATION
    doc, diagnostics = read(text)
    assert codes(diagnostics) == [("PS011", 5, 3), ("PS011", 6, 3), ("PS022", 1, 1)]
    assert doc.front_matter["meta"] is None


def test_front_matter_duplicate_key() -> None:
    doc, diagnostics = read(pattern(DELEGATION, extra="kind: other\n"))
    assert codes(diagnostics) == [("PS012", 4, 1)]
    assert doc.kind == "pattern"


def test_front_matter_not_closed() -> None:
    doc, diagnostics = read_document(
        "demo.prose.md", "---\nname: demo\nkind: pattern\n"
    )
    assert doc is None
    assert codes(diagnostics) == [("PS010", 1, 1)]


def test_front_matter_document_start_with_content() -> None:
    doc, diagnostics = read_document("demo.prose.md", "--- !tag\nname: demo\n---\n")
    assert doc is not None
    assert ("PS011", 1, 1) in codes(diagnostics)


def test_front_matter_may_end_with_dots() -> None:
    text = "---\nname: demo\nkind: pattern\n...\n# Demo\n\n" + DELEGATION
    doc, diagnostics = read(text)
    assert diagnostics == []
    assert doc.front_span == Span(1, 1, 4, 4)


def test_missing_name() -> None:
    text = "---\nkind: pattern\n---\n# Demo\n\n" + DELEGATION
    doc, diagnostics = read(text)
    assert codes(diagnostics) == [("PS014", 1, 1)]
    assert doc.name is None


@pytest.mark.parametrize(
    ("value", "column"),
    [
        ("Demo", 7),
        ("demo_x", 7),
        ("demo--x", 7),
        ("1demo", 7),
        ("demo-", 7),
        ("'a b'", 7),
    ],
)
def test_invalid_name(value: str, column: int) -> None:
    doc, diagnostics = read(pattern(DELEGATION, name=value))
    assert codes(diagnostics) == [("PS015", 2, column)]
    assert diagnostics[0].hint is not None
    assert "[a-z][a-z0-9]*(-[a-z0-9]+)*" in diagnostics[0].hint
    assert doc.name is None


def test_name_must_be_a_string() -> None:
    _, diagnostics = read(pattern(DELEGATION, name="[a, b]"))
    assert codes(diagnostics) == [("PS015", 2, 7)]
    assert "string" in diagnostics[0].message


def test_name_differs_from_file_name() -> None:
    doc, diagnostics = read(pattern(DELEGATION, name="other-name"), "dir/demo.prose.md")
    assert codes(diagnostics) == [("PS016", 2, 7)]
    assert diagnostics[0].severity is Severity.WARNING
    assert doc.name == "other-name"


def test_name_not_compared_for_other_file_names() -> None:
    _, diagnostics = read(pattern(DELEGATION, name="other"), "notes.md")
    assert diagnostics == []


def test_kind_missing_is_info_and_skips_pattern_checks() -> None:
    doc, diagnostics = read("---\nname: Not_Valid\n---\n\nJust notes.\n")
    assert codes(diagnostics) == [("PS017", 1, 1)]
    assert diagnostics[0].severity is Severity.INFO
    assert doc.kind is None
    assert not doc.is_pattern
    assert doc.name is None
    assert doc.delegation is None


def test_kind_other_is_info() -> None:
    text = "---\nname: demo\nkind: service\n---\n# Demo\n"
    doc, diagnostics = read(text)
    assert codes(diagnostics) == [("PS017", 3, 7)]
    assert diagnostics[0].severity is Severity.INFO
    assert "service" in diagnostics[0].message
    assert doc.kind == "service"
    assert doc.name == "demo"


def test_skipped_file_gets_no_structural_diagnostics() -> None:
    text = "---\nkind: notes\n---\n```\nnever closed\n<!-- nor this\n"
    doc, diagnostics = read(text)
    assert codes(diagnostics) == [("PS017", 2, 7)]
    assert doc.sections == ()


def test_no_front_matter_is_not_a_pattern() -> None:
    doc, diagnostics = read("# Readme\n\nSome text.\n")
    assert codes(diagnostics) == [("PS017", 1, 1)]
    assert doc.front_span is None
    assert doc.front_matter == {}
    assert doc.title == "Readme"
    assert doc.summary == "Some text."


def test_version_must_be_scalar() -> None:
    doc, diagnostics = read(pattern(DELEGATION, extra="version: [1, 2]\n"))
    assert codes(diagnostics) == [("PS018", 4, 10)]
    assert doc.version is None


# --------------------------------------------------------------------------
# Markdown structure


def test_summary_joins_lines_and_stops_at_blank_line() -> None:
    text = (
        "---\nname: demo\nkind: pattern\n---\n\n# Demo  #\n\n"
        "First line\n  second line.\n\nNot the summary.\n\n" + DELEGATION
    )
    doc, diagnostics = read(text)
    assert diagnostics == []
    assert doc.title == "Demo"
    assert doc.summary == "First line second line."


def test_no_summary_when_a_section_follows_the_title() -> None:
    text = "---\nname: demo\nkind: pattern\n---\n# Demo\n" + DELEGATION
    doc, _ = read(text)
    assert doc.summary == ""


def test_missing_title_is_a_warning() -> None:
    text = "---\nname: demo\nkind: pattern\n---\n\n" + DELEGATION
    doc, diagnostics = read(text)
    assert codes(diagnostics) == [("PS022", 1, 1)]
    assert diagnostics[0].severity is Severity.WARNING
    assert doc.title is None and doc.title_span is None


def test_only_level_three_headings_are_sections() -> None:
    body = (
        "## Level two\n\ntext\n\n"
        "### Slots\n\n- `a`\n\n"
        "#### Detail\n\nstill slots\n\n"
        "##### Deeper\n\n"
        "###NoSpace is not a heading\n\n"
        "    ### indented code, not a heading\n\n"
        "### Config ###\n\n- None.\n\n"
        "## Appendix\n\nnot config\n\n" + DELEGATION
    )
    doc, diagnostics = read(pattern(body))
    assert diagnostics == []
    assert [s.title for s in doc.sections] == ["Slots", "Config", "Delegation"]
    slots = section(doc, "slots")
    assert slots is not None
    assert "#### Detail" in slots.body
    assert "###NoSpace" in slots.body
    assert "### indented" in slots.body
    config = section(doc, "Config")
    assert config is not None
    assert config.body == "\n- None.\n\n"
    assert "Appendix" not in config.body


def test_headings_inside_fences_and_comments_are_not_sections() -> None:
    body = (
        "### Notes\n\n"
        "````markdown\n"
        "### Fake in four-backtick fence\n"
        "```prose\n"
        "not a fence\n"
        "```\n"
        "````\n\n"
        "~~~\n### Fake in tilde fence\n```\n~~~\n\n"
        "<!-- a comment\n"
        "### Fake in comment\n"
        "```prose\nhidden\n```\n"
        "-->\n\n"
        "<!-- one line --> ### not a heading either\n\n" + DELEGATION
    )
    doc, diagnostics = read(pattern(body))
    assert diagnostics == []
    assert [s.title for s in doc.sections] == ["Notes", "Delegation"]
    assert doc.delegation is not None
    assert doc.text[doc.delegation.start : doc.delegation.end] == "return 1\n"


def test_delegation_section_inside_a_comment_is_not_found() -> None:
    body = "<!--\n" + DELEGATION + "-->\n"
    _, diagnostics = read(pattern(body))
    assert [d.code for d in diagnostics] == ["PS024"]


def test_fence_closing_rules() -> None:
    body = (
        "### Delegation\n\n"
        "  ~~~~ prose extra words\n"
        "~~~ not a close\n"
        "```\n"
        "   ~~~~~~  \n"
        "after\n"
    )
    doc, diagnostics = read(pattern(body))
    assert diagnostics == []
    fence = doc.delegation
    assert fence is not None
    assert fence.info == "prose extra words"
    assert fence.span == Span(12, 3, 12, 25)
    assert doc.text[fence.start : fence.end] == "~~~ not a close\n```\n"


def test_backtick_info_with_backtick_is_not_a_fence() -> None:
    body = "### Delegation\n\n``` not `a fence`\n\n```prose\nx\n```\n"
    doc, diagnostics = read(pattern(body))
    assert diagnostics == []
    assert doc.delegation is not None
    assert doc.delegation.line == 15


def test_unterminated_fence() -> None:
    body = "### Notes\n\n   ```python\n### Delegation\n"
    doc, diagnostics = read(pattern(body))
    assert codes(diagnostics) == [("PS020", 12, 4), ("PS024", 1, 1)]
    assert doc.sections[-1].title == "Notes"


def test_unterminated_prose_fence() -> None:
    body = "### Delegation\n\n```prose\nreturn 1\n"
    doc, diagnostics = read(pattern(body))
    assert codes(diagnostics) == [("PS020", 12, 1)]
    assert doc.delegation is None


def test_unterminated_comment_is_a_warning() -> None:
    body = DELEGATION + "\n<!-- never closed\n### Notes\n"
    doc, diagnostics = read(pattern(body))
    assert codes(diagnostics) == [("PS021", 16, 1)]
    assert diagnostics[0].severity is Severity.WARNING
    assert [s.title for s in doc.sections] == ["Delegation"]


def test_missing_delegation_section() -> None:
    doc, diagnostics = read(pattern("### Slots\n\n- `a`\n"))
    assert codes(diagnostics) == [("PS024", 1, 1)]
    assert doc.delegation is None


def test_missing_delegation_hints_at_wrong_heading_level() -> None:
    _, diagnostics = read(pattern("## Delegation\n\n```prose\nreturn 1\n```\n"))
    assert [d.code for d in diagnostics] == ["PS024"]
    assert diagnostics[0].hint is not None
    assert "line 12" in diagnostics[0].hint


def test_delegation_without_prose_fence() -> None:
    body = "### Delegation\n\nSome words.\n\n```python\nx = 1\n```\n"
    doc, diagnostics = read(pattern(body))
    assert codes(diagnostics) == [("PS025", 10, 1)]
    assert doc.delegation is None


def test_second_prose_fence_is_an_error() -> None:
    body = (
        "### Delegation\n\nIntro prose.\n\n```prose\nreturn 1\n```\n\n"
        "More prose.\n\n```python\nignored = True\n```\n\n```prose\nreturn 2\n```\n"
    )
    doc, diagnostics = read(pattern(body))
    assert codes(diagnostics) == [("PS026", 24, 1)]
    assert "line 14" in diagnostics[0].message
    assert doc.delegation is not None
    assert doc.text[doc.delegation.start : doc.delegation.end] == "return 1\n"


def test_prose_fence_in_another_section_is_not_the_delegation() -> None:
    body = "### Notes\n\n```prose\nexample\n```\n\n" + DELEGATION
    doc, diagnostics = read(pattern(body))
    assert diagnostics == []
    assert doc.delegation is not None
    assert doc.text[doc.delegation.start : doc.delegation.end] == "return 1\n"


def test_empty_prose_fence() -> None:
    doc, diagnostics = read(pattern("### Delegation\n\n```prose\n```\n"))
    assert diagnostics == []
    assert doc.delegation is not None
    assert doc.delegation.start == doc.delegation.end


def test_duplicate_section_titles_warn() -> None:
    body = "### Slots\n\n- `a`\n\n### slots\n\n- `b`\n\n" + DELEGATION
    doc, diagnostics = read(pattern(body))
    assert codes(diagnostics) == [("PS023", 14, 1)]
    assert diagnostics[0].severity is Severity.WARNING
    first = section(doc, "Slots")
    assert first is not None and first.span.line == 10
    # Both lists are read.
    declarations, problems = read_declarations(doc)
    assert problems == []
    assert [s.name for s in declarations.slots] == ["a", "b"]


def test_section_without_trailing_newline() -> None:
    doc, diagnostics = read(pattern(DELEGATION + "\n### Notes"))
    assert diagnostics == []
    notes = section(doc, "notes")
    assert notes is not None
    assert notes.body == ""
    assert section(doc, "missing") is None


def test_text_lines_skip_fences_and_comments() -> None:
    body = (
        "### Notes\n\nkeep 1\n```\nhide\n```\n<!--\nhide\n-->\nkeep 2\n\n" + DELEGATION
    )
    doc, _ = read(pattern(body))
    notes = section(doc, "Notes")
    assert notes is not None
    assert [(n, t) for n, t in text_lines(notes) if t] == [
        (12, "keep 1"),
        (19, "keep 2"),
    ]


def test_control_characters_in_text_are_reported_with_position() -> None:
    doc, diagnostics = read(pattern(DELEGATION + "\nbad\x07bell\n"))
    assert codes(diagnostics) == [("PS004", 16, 4)]
    assert doc.delegation is not None


def test_read_document_size_limit() -> None:
    doc, diagnostics = read_document("a.prose.md", "a" * (MAX_FILE_BYTES + 1))
    assert doc is None
    assert [d.code for d in diagnostics] == ["PS001"]


# --------------------------------------------------------------------------
# Never raise

_FRAGMENTS = [
    "---\n",
    "...\n",
    "name: demo\n",
    "name: Bad Name\n",
    "kind: pattern\n",
    "kind: [a, 'b\n",
    'version: "1\\x\n',
    "key: &a *b !c\n",
    "  nested: 1\n",
    "# Title\n",
    "### Delegation\n",
    "### Slots\n",
    "### Config\n",
    "### Requires\n",
    "### Returns\n",
    "### Invariants\n",
    "```prose\n",
    "```\n",
    "````\n",
    "~~~\n",
    "<!--\n",
    "-->\n",
    "- `a` (primary)\n",
    "  - requires: x, (y\n",
    "- `n` (number, default: {'a': [1, 2}): d\n",
    "- Pattern instance receives: a: string -- x b: number -- (optional, default 3)\n",
    '    a: string -- desc (optional, default "x")\n',
    "        continued Default: 3.\n",
    "- `r`: result\n",
    "- None.\n",
    "\r\n",
    "\ufeff",
    "\x00",
    "\t",
    "é€\U0001f600\u2028\u202e",
    "\n",
]


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(_FRAGMENTS) | st.text(max_size=12), max_size=40))
def test_read_document_never_raises_on_markdownish_text(parts: list[str]) -> None:
    text = "".join(parts)
    doc, diagnostics = read_document("fuzz.prose.md", text)
    assert all(isinstance(d, Diagnostic) for d in diagnostics)
    if doc is not None:
        if "\r" in doc.text:  # only a lone CR survives, and it is an error
            assert any(d.code == "PS004" for d in diagnostics)
        declarations, more = read_declarations(doc)
        assert all(isinstance(d, Diagnostic) for d in more)
        spans: list[Span] = [d.span for d in declarations.slots]
        spans += [d.span for d in declarations.config]
        spans += [d.span for d in declarations.inputs]
        spans += [d.span for d in declarations.returns]
        for span in spans:
            assert span.line >= 1 and span.column >= 1
        if doc.delegation is not None:
            assert 0 <= doc.delegation.start <= doc.delegation.end <= len(doc.text)
    else:
        assert any(d.is_error for d in diagnostics)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_read_document_never_raises_on_any_text(text: str) -> None:
    doc, diagnostics = read_document("fuzz.prose.md", text)
    assert doc is not None or diagnostics
    if doc is not None:
        read_declarations(doc)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300))
def test_decode_never_raises(data: bytes) -> None:
    text, diagnostics = decode("fuzz.prose.md", data)
    assert (text is None) == bool(diagnostics)
    if text is not None:
        doc, _ = read_document("fuzz.prose.md", text)
        if doc is not None:
            read_declarations(doc)
