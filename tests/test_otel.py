"""OpenTelemetry spans of pattern runs (prosec.durable.otel), read back from the
SDK's in-memory exporter: one run span, one child per delegate attempt, and
the tree is what the program did: which slots, how many attempts, which
failed, on which source line, under which parent."""

from __future__ import annotations

import asyncio
import re
import threading
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from conftest import PATTERNS, Recorder, need_corpus, pattern_text

pytest.importorskip("opentelemetry.sdk", reason="the otel extra is not installed")

from opentelemetry.sdk.trace import ReadableSpan, TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import (
    InMemorySpanExporter,
)
from opentelemetry.trace import SpanKind, StatusCode

from prosec.durable.otel import traced


class Spans:
    """A tracer provider whose finished spans are kept in memory."""

    def __init__(self) -> None:
        self.exporter = InMemorySpanExporter()
        self.provider = TracerProvider()
        self.provider.add_span_processor(SimpleSpanProcessor(self.exporter))

    def traced(self, pattern: Any) -> Any:
        return traced(pattern, tracer_provider=self.provider)

    @property
    def finished(self) -> tuple[ReadableSpan, ...]:
        return self.exporter.get_finished_spans()

    def run_span(self) -> ReadableSpan:
        (run,) = [s for s in self.finished if s.name.startswith("invoke_workflow ")]
        return run

    def children(self) -> list[ReadableSpan]:
        run = self.run_span()
        calls = [s for s in self.finished if s.name.startswith("invoke_agent ")]
        # Every delegate span is a direct child of the run span, in its trace.
        for span in calls:
            assert span.parent is not None and span.parent.span_id == run.context.span_id
            assert span.context.trace_id == run.context.trace_id
            assert span.kind is SpanKind.INTERNAL
            assert span.start_time is not None and span.end_time is not None
            assert span.start_time <= span.end_time
        return calls


@pytest.fixture
def spans() -> Iterator[Spans]:
    kept = Spans()
    yield kept
    kept.provider.shutdown()


def summary(span: ReadableSpan) -> tuple[Any, ...]:
    a = span.attributes or {}
    return (span.name, a["gen_ai.agent.name"], a["prosec.attempt"], a["prosec.outcome"], a.get("error.type"), span.status.status_code)


def line_of(path: Path, text: str) -> int:
    """The 1-based line of the only line of ``path`` containing ``text``."""
    (number,) = [i for i, line in enumerate(path.read_text().splitlines(), 1) if text in line]
    return number


class FlakyWriter:
    """Fails the first attempt for the topics named in ``flaky``; thread-safe."""

    def __init__(self, *flaky: str) -> None:
        self.flaky = set(flaky)
        self.calls: list[str] = []
        self.lock = threading.Lock()

    def __call__(self, *, topic: str) -> str:
        with self.lock:
            self.calls.append(topic)
            first = self.calls.count(topic) == 1
        if first and topic in self.flaky:
            raise ConnectionError(f"lost the connection writing {topic}")
        return f"draft of {topic}"


PARALLEL_RETRY = """
    let drafts = parallel for topic in topics:
      call writer
        topic: topic
        retry: 2
    let summary = call editor
      drafts: drafts
    return { summary: summary, drafts: drafts }
"""


def test_parallel_region_with_a_retry_gives_a_span_per_attempt(compile_pattern: Any, spans: Spans) -> None:
    pkg = compile_pattern(pattern_text("digest", PARALLEL_RETRY, slots="writer, editor", requires="topics: string[] -- what to write about"))
    writer, editor = FlakyWriter("b", "d"), Recorder("the summary")
    result = spans.traced(pkg.digest)(writer=writer, editor=editor, topics=["a", "b", "c", "d"])

    assert result.drafts == ["draft of a", "draft of b", "draft of c", "draft of d"]
    assert sorted(writer.calls) == ["a", "b", "b", "c", "d", "d"] and editor.count == 1
    run = spans.run_span()
    assert run.parent is None and run.kind is SpanKind.INTERNAL
    assert run.attributes == {"gen_ai.operation.name": "invoke_workflow", "gen_ai.workflow.name": "digest"}
    assert run.status.status_code is StatusCode.UNSET
    children = spans.children()
    # Six writer attempts (two of them failed and were retried), one editor call.
    assert Counter(summary(s) for s in children) == Counter({
        ("invoke_agent writer", "writer", 1, "ok", None, StatusCode.UNSET): 2,
        ("invoke_agent writer", "writer", 1, "error", "ConnectionError", StatusCode.ERROR): 2,
        ("invoke_agent writer", "writer", 2, "ok", None, StatusCode.UNSET): 2,
        ("invoke_agent editor", "editor", 1, "ok", None, StatusCode.UNSET): 1,
    })
    assert len(spans.finished) == 1 + len(writer.calls) + editor.count
    for span in children:
        a = span.attributes or {}
        assert a["gen_ai.operation.name"] == "invoke_agent"
        assert a["code.function.name"] == "digest"
        assert a["prosec.replayed"] is False
        assert "prosec.key" not in a  # no journal, no key
    failed = [s for s in children if s.status.status_code is StatusCode.ERROR]
    assert {s.events[0].attributes["exception.message"] for s in failed} == {  # type: ignore[index]
        "lost the connection writing b", "lost the connection writing d"}
    assert all(s.events[0].name == "exception" for s in failed)
    # `call editor` is three lines below `call writer` in the Delegation block.
    lines = {(s.attributes or {})["gen_ai.agent.name"]: (s.attributes or {})["code.line.number"] for s in children}
    assert lines["editor"] == lines["writer"] + 3


def test_escalation_retries_then_the_expert_answers(project_package: ModuleType, spans: Spans) -> None:
    responder = Recorder(TimeoutError("no answer"))
    expert = Recorder({"decision": "answer", "answer": "42", "reason": "known"})
    result = spans.traced(project_package.escalation)(responder=responder, expert=expert, question="Q?")

    assert result.answer == "42" and result.escalated is True
    source = PATTERNS / "escalation.prose.md"
    at_responder = line_of(source, "let answer = call responder")
    at_expert = line_of(source, "let verdict = call expert")
    children = sorted(spans.children(), key=lambda s: s.start_time or 0)
    assert [(summary(s), (s.attributes or {})["code.line.number"]) for s in children] == [
        (("invoke_agent responder", "responder", 1, "error", "TimeoutError", StatusCode.ERROR), at_responder),
        (("invoke_agent responder", "responder", 2, "error", "TimeoutError", StatusCode.ERROR), at_responder),
        (("invoke_agent responder", "responder", 3, "error", "TimeoutError", StatusCode.ERROR), at_responder),
        (("invoke_agent expert", "expert", 1, "ok", None, StatusCode.UNSET), at_expert),
    ]
    assert responder.count == 3 and expert.count == 1
    assert spans.run_span().status.status_code is StatusCode.UNSET


def test_a_failed_run_marks_its_span(project_package: ModuleType, spans: Spans) -> None:
    expert = Recorder({"decision": "decline", "reason": "out of my depth"})
    with pytest.raises(project_package.ThrownError, match="out of my depth"):
        spans.traced(project_package.escalation)(responder=Recorder(ValueError("x")), expert=expert, question="Q?")
    run = spans.run_span()
    assert run.status.status_code is StatusCode.ERROR
    assert re.fullmatch(r"prosec_pkg_\d+\._runtime\.ThrownError", str((run.attributes or {})["error.type"]))
    assert [e.name for e in run.events] == ["exception"]
    assert Counter(summary(s)[2:4] for s in spans.children()) == Counter({(1, "error"): 1, (2, "error"): 1, (3, "error"): 1, (1, "ok"): 1})


@need_corpus
def test_map_reduce_from_the_corpus(corpus_package: ModuleType, spans: Spans) -> None:
    mapper = Recorder(lambda **k: f"mapped {k['chunk']}")
    reducer = Recorder("merged")
    result = spans.traced(corpus_package.map_reduce)(mapper=mapper, reducer=reducer, task_brief="T", chunks=["a", "b", "c"])
    assert result.result == "merged"
    assert spans.run_span().attributes == {"gen_ai.operation.name": "invoke_workflow", "gen_ai.workflow.name": "map-reduce"}
    assert Counter(summary(s)[:4] for s in spans.children()) == Counter({
        ("invoke_agent mapper", "mapper", 1, "ok"): 3,
        ("invoke_agent reducer", "reducer", 1, "ok"): 1,
    })
    assert {(s.attributes or {})["code.function.name"] for s in spans.children()} == {"map-reduce"}


def test_async_variant_and_the_callers_own_span_and_tracer(project_package: ModuleType, spans: Spans) -> None:
    async def gatekeeper(**_: Any) -> dict[str, Any]:
        return {"proceed": True, "reason": "fine"}

    seen: list[str] = []
    tracer = spans.provider.get_tracer("the application")
    with tracer.start_as_current_span("handle request") as outer:
        result = asyncio.run(spans.traced(project_package.guard_async)(
            guard=gatekeeper, target=Recorder("done"), task_brief="b", tracer=lambda e: seen.append(e.slot)))
    assert result.proceeded and result.result == "done"
    assert seen == ["guard", "target"]  # the caller's tracer still sees every call
    run = spans.run_span()
    assert run.name == "invoke_workflow guard"
    assert run.parent is not None and run.parent.span_id == outer.get_span_context().span_id
    assert [summary(s)[1] for s in sorted(spans.children(), key=lambda s: s.start_time or 0)] == ["guard", "target"]
    assert len(spans.finished) == 4


def test_a_tracer_that_is_not_callable_is_still_refused(project_package: ModuleType, spans: Spans) -> None:
    with pytest.raises(TypeError, match="tracer= must be a callable, got int 3"):
        spans.traced(project_package.guard)(guard=Recorder(), target=Recorder(), task_brief="b", tracer=3)


def test_a_replayed_run_marks_its_spans_replayed(project_package: ModuleType, spans: Spans, tmp_path: Path) -> None:
    gatekeeper, worker = Recorder({"proceed": True, "reason": "fine"}), Recorder("done")
    run = spans.traced(project_package.guard)
    with project_package.SqliteJournal(tmp_path / "journal.sqlite") as journal:
        first = run(guard=gatekeeper, target=worker, task_brief="b", journal=journal, run_id="order-1")
        live = sorted(spans.children(), key=lambda s: s.start_time or 0)
        spans.exporter.clear()
        again = run(guard=gatekeeper, target=worker, task_brief="b", journal=journal, run_id="order-1")
    assert first == again and gatekeeper.count == worker.count == 1  # answered from the journal
    replayed = sorted(spans.children(), key=lambda s: s.start_time or 0)

    def seen(found: list[ReadableSpan]) -> list[tuple[Any, ...]]:
        return [(s.name, (s.attributes or {})["prosec.key"], (s.attributes or {})["prosec.replayed"]) for s in found]
    assert seen(live) == [("invoke_agent guard", "1", False), ("invoke_agent target", "2", False)]
    assert seen(replayed) == [("invoke_agent guard", "1", True), ("invoke_agent target", "2", True)]
    assert (spans.run_span().attributes or {})["prosec.run_id"] == "order-1"


def test_a_paused_run_says_what_it_awaits_and_is_no_error(project_package: ModuleType, spans: Spans, tmp_path: Path) -> None:
    def person(**_: Any) -> Any:
        raise project_package.AwaitingInput("approval", "May the docs be tidied?")

    worker = Recorder("done")
    run = spans.traced(project_package.guard)
    with project_package.SqliteJournal(tmp_path / "journal.sqlite") as journal:
        with pytest.raises(project_package.RunPaused):
            run(guard=person, target=worker, task_brief="tidy", journal=journal, run_id="r")
        paused = spans.run_span()
        assert (paused.attributes or {})["prosec.awaiting"] == "approval"
        assert paused.status.status_code is StatusCode.UNSET and "error.type" not in (paused.attributes or {})
        assert spans.children() == [] and worker.count == 0
        spans.exporter.clear()
        journal.answer("r", "approval", {"proceed": True, "reason": "approved"})
        result = run(guard=person, target=worker, task_brief="tidy", journal=journal, run_id="r")
    assert result.proceeded and worker.calls == [{"task_brief": "tidy"}]
    assert [(summary(s)[1], (s.attributes or {})["prosec.replayed"]) for s in sorted(spans.children(), key=lambda s: s.start_time or 0)] == [
        ("guard", True), ("target", False)]


@pytest.mark.parametrize("options", [{}, {"timeout": 30.0}], ids=["region threads", "timeout threads"])
def test_spans_a_delegate_opens_itself_are_in_the_runs_trace(compile_pattern: Any, spans: Spans, options: dict[str, Any]) -> None:
    """The branches of a parallel region (and a call under ``timeout``) run
    on other threads in a copy of the caller's context, so the span an
    instrumented client opens inside a delegate is the run span's child."""
    pkg = compile_pattern(pattern_text("digest", PARALLEL_RETRY, slots="writer, editor", requires="topics: string[] -- what to write about"))
    client = spans.provider.get_tracer("a model client")

    def writer(*, topic: str) -> str:
        with client.start_as_current_span(f"chat {topic}"):
            return f"draft of {topic}"

    spans.traced(pkg.digest)(writer=writer, editor=Recorder("s"), topics=["a", "b", "c"], **options)
    run = spans.run_span()
    chats = [s for s in spans.finished if s.name.startswith("chat ")]
    assert sorted(s.name for s in chats) == ["chat a", "chat b", "chat c"]
    for chat in chats:
        assert chat.context.trace_id == run.context.trace_id
        assert chat.parent is not None and chat.parent.span_id == run.context.span_id
