"""OpenTelemetry spans for pattern runs: a pattern function in, a traced one out.

``traced(pattern)`` returns a function with the same parameters that opens one
span for the run and, through the pattern's ``tracer=`` option, one child span
per delegate attempt. Names follow the OpenTelemetry semantic conventions
where they have one (the GenAI workflow and agent spans, ``code.*``,
``error.type``); what is particular to prosec is under ``prosec.*``:

=========================  =======================================================
run span                   ``invoke_workflow {pattern}``, kind INTERNAL
``gen_ai.operation.name``  ``invoke_workflow``
``gen_ai.workflow.name``   the pattern's name as written in its file
``prosec.run_id``          the ``run_id=`` of a journaled run, when given
``prosec.awaiting``        what a paused run waits for (``RunPaused.key``)
delegate span              ``invoke_agent {slot}``, kind INTERNAL, child of the run
``gen_ai.operation.name``  ``invoke_agent``
``gen_ai.agent.name``      the slot (the role the pattern calls)
``code.function.name``     the pattern's name
``code.line.number``       the call's line in the pattern's Markdown file
``prosec.attempt``         1 for the first try, 2 for the first retry, ...
``prosec.outcome``         ``ok`` or ``error``
``prosec.replayed``        whether the answer came from the journal, not a call
``prosec.key``             the call's journal key, when the run has a journal
``error.type``             the exception's class name, on a failed attempt
=========================  =======================================================

A retried call is one span per attempt, as the HTTP conventions have one span
per resend: each attempt has its own duration and outcome. Spans are made
from the :class:`CallEvent` the runtime gives the tracer after each attempt,
with the run span as explicit parent and the attempt's own start time, so the
tree is right whichever thread a parallel region ran the delegate on. A span
that a delegate opens itself (an instrumented model client) is a child of the
run span, since the runtime runs branches and timed calls in a copy of the
caller's context; not of its ``invoke_agent`` span, which exists only once
the attempt is over.

This module imports OpenTelemetry's API (``pip install 'prosec[otel]'``);
the application chooses the SDK, exporter and tracer provider.
"""

from __future__ import annotations

import contextlib
import functools
import inspect
import time
from collections.abc import Callable, Iterator, Mapping
from typing import Any, ParamSpec, TypeVar, cast

try:
    from opentelemetry import trace
    from opentelemetry.trace import Span, SpanKind, Status, StatusCode
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise ImportError(
        "prosec.durable.otel needs OpenTelemetry: pip install 'prosec[otel]' "
        "(or opentelemetry-api and an SDK of your choice)"
    ) from exc

__all__ = ["DelegateSpans", "traced"]

P = ParamSpec("P")
R = TypeVar("R")

#: The instrumentation scope the spans are reported under.
SCOPE = "prosec"

_WORKFLOW = "invoke_workflow"
_AGENT = "invoke_agent"


def traced(
    pattern: Callable[P, R], *, tracer_provider: trace.TracerProvider | None = None
) -> Callable[P, R]:
    """``pattern`` (a generated pattern function, sync or ``_async``) traced.

    Each call opens a run span, current for the duration of the call, so it
    is the child of whatever span the caller is in. A ``tracer=`` the caller
    passes still sees every event, after the span is made. Without
    ``tracer_provider`` the global one is used.
    """
    tracer = trace.get_tracer(SCOPE, tracer_provider=tracer_provider)
    name = pattern_name(pattern)

    if inspect.iscoroutinefunction(pattern):

        @functools.wraps(pattern)
        async def run_async(*args: P.args, **kwargs: P.kwargs) -> Any:
            with _run_span(tracer, name, kwargs) as span:
                _add_tracer(kwargs, tracer, span, name)
                return await cast(Callable[..., Any], pattern)(*args, **kwargs)

        return cast(Callable[P, R], run_async)

    @functools.wraps(pattern)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        with _run_span(tracer, name, kwargs) as span:
            _add_tracer(kwargs, tracer, span, name)
            return pattern(*args, **kwargs)

    return run


def pattern_name(pattern: Callable[..., Any]) -> str:
    """The pattern's name as written in its file (``fan-out``, not ``fan_out``).

    A generated module states it once as ``_PATTERN``; a function that is
    not a generated pattern is named by its own name.
    """
    module = inspect.getmodule(pattern)
    written = getattr(module, "_PATTERN", None)
    if isinstance(written, str):
        return written
    return pattern.__name__.removesuffix("_async")


class DelegateSpans:
    """A ``tracer=`` callable that turns each delegate attempt into a span.

    Usable on its own, under a run span the application opened itself:
    ``guard(..., tracer=DelegateSpans(tracer, span, "guard"))``.
    """

    def __init__(
        self,
        tracer: trace.Tracer,
        parent: Span,
        pattern: str,
        also: Callable[[Any], None] | None = None,
    ) -> None:
        self._tracer = tracer
        self._context = trace.set_span_in_context(parent)
        self._pattern = pattern
        self._also = also

    def __call__(self, event: Any) -> None:
        """Record ``event`` (a generated package's ``CallEvent``) as a span."""
        end = time.time_ns()
        start = end - max(0, round(event.duration * 1e9))
        span = self._tracer.start_span(
            f"{_AGENT} {event.slot}",
            context=self._context,
            kind=SpanKind.INTERNAL,
            attributes=call_attributes(event, self._pattern),
            start_time=start,
        )
        if event.error is not None:
            _set_error(span, event.error, end)
        span.end(end_time=end)
        if self._also is not None:
            self._also(event)


def call_attributes(event: Any, pattern: str) -> dict[str, Any]:
    """The attributes of one delegate attempt's span."""
    attributes: dict[str, Any] = {
        "gen_ai.operation.name": _AGENT,
        "gen_ai.agent.name": event.slot,
        "code.function.name": pattern,
        "code.line.number": event.line,
        "prosec.attempt": event.attempt,
        "prosec.outcome": "ok" if event.error is None else "error",
        "prosec.replayed": bool(getattr(event, "replayed", False)),
    }
    key = getattr(event, "key", None)
    if key is not None:
        attributes["prosec.key"] = str(key)
    return attributes


def error_type(error: BaseException) -> str:
    """``error.type``: the exception's class, qualified unless a builtin."""
    cls = type(error)
    if cls.__module__ == "builtins":
        return cls.__qualname__
    return f"{cls.__module__}.{cls.__qualname__}"


@contextlib.contextmanager
def _run_span(
    tracer: trace.Tracer, pattern: str, options: Mapping[str, Any]
) -> Iterator[Span]:
    """The run span, current while the pattern runs; a failure sets its status."""
    attributes: dict[str, Any] = {
        "gen_ai.operation.name": _WORKFLOW,
        "gen_ai.workflow.name": pattern,
    }
    run_id = options.get("run_id")
    if run_id is not None:
        attributes["prosec.run_id"] = str(run_id)
    with tracer.start_as_current_span(
        f"{_WORKFLOW} {pattern}",
        kind=SpanKind.INTERNAL,
        attributes=attributes,
        record_exception=False,
        set_status_on_exception=False,
    ) as span:
        try:
            yield span
        except BaseException as error:
            awaited = _awaited(error)
            if awaited is not None:
                # Not a failure: the run waits for an answer from outside.
                span.set_attribute("prosec.awaiting", awaited)
            else:
                _set_error(span, error, time.time_ns())
            raise


def _awaited(error: BaseException) -> str | None:
    """What ``error`` waits for if it is a package's ``RunPaused`` (each
    generated package has its own class), else None."""
    if not any(cls.__name__ == "RunPaused" for cls in type(error).__mro__):
        return None
    key = getattr(error, "key", None)
    return None if key is None else str(key)


def _set_error(span: Span, error: BaseException, when: int) -> None:
    span.set_attribute("error.type", error_type(error))
    span.record_exception(error, timestamp=when)
    span.set_status(Status(StatusCode.ERROR, f"{type(error).__name__}: {error}"))


def _add_tracer(
    options: dict[str, Any], tracer: trace.Tracer, span: Span, pattern: str
) -> None:
    """Make the call's tracer a :class:`DelegateSpans`, chaining the caller's.

    A ``tracer=`` that is not callable is left in place, for the pattern to
    refuse with its own :class:`TypeError`.
    """
    given = options.get("tracer")
    if given is None or callable(given):
        options["tracer"] = DelegateSpans(tracer, span, pattern, also=given)
