"""OpenTelemetry exports → events, however a run's spans are split across exports.

An exporter sends spans as they end (children first): a run longer than the batch interval, or
a SimpleSpanProcessor, sends its LLM calls and inner agents before the agent span that holds
them. Tool spans become tool invocations at once. The rest of a trace waits here (TraceSpan)
until its root arrives, then the whole trace is mapped together: one outcome for the run with
every call's tokens and cost. A trace whose root never comes (its root lives in another service)
is mapped after KAIZEN_OTLP_SETTLE_SECONDS by the `telemetry.settle_traces` beat entry. Unmapped
spans are kept too, so a re-exported span is counted once.
"""

from datetime import timedelta

from django.conf import settings
from django.db import transaction

from config import clock
from telemetry import otlp
from telemetry.ingest import events_ingest
from telemetry.models import Agent, TraceSpan
from telemetry.services import otel_sessions_apply, unmapped_count


def _row(agent: Agent, span: otlp.SpanView, now) -> TraceSpan:
    return TraceSpan(
        agent=agent,
        trace_id=span.trace_id[:64],
        span_id=span.span_id[:32],
        parent_id=span.parent_id[:32],
        name=span.name[:300],
        start_ns=span.start_ns,
        end_ns=span.end_ns,
        status_code=span.status_code,
        status_message=span.status_message[:2000],
        exception=span.exception,
        attributes=otlp.kept_attributes(span.attributes),
        received_at=now,
    )


def _view(row: TraceSpan) -> otlp.SpanView:
    return otlp.SpanView(
        row.trace_id,
        row.span_id,
        row.name,
        row.start_ns,
        row.end_ns,
        row.status_code,
        row.status_message,
        row.attributes,
        row.parent_id,
        row.exception,
    )


def _keep(agent: Agent, spans: list[otlp.SpanView], now) -> set[tuple]:
    """Store `spans` once each; return the keys stored now (not seen before)."""
    if not spans:
        return set()
    traces = {s.trace_id for s in spans}
    seen = set(TraceSpan.objects.filter(agent=agent, trace_id__in=traces).values_list("trace_id", "span_id"))
    fresh = [s for s in spans if s.key not in seen]
    TraceSpan.objects.bulk_create([_row(agent, s, now) for s in fresh], ignore_conflicts=True)
    return {s.key for s in fresh}


def _store(agent: Agent, mapped: otlp.Mapped, fresh: set[tuple]) -> list:
    otel_sessions_apply(agent=agent, sessions=mapped.sessions)
    unmapped_count(agent=agent, unmapped=[(n, r) for n, r, key in mapped.unmapped if key in fresh])
    results = []
    step = settings.KAIZEN["INGEST_MAX_EVENTS"]
    for start in range(0, len(mapped.events), step):
        results += events_ingest(agent=agent, batch=mapped.events[start : start + step])
    return results


def traces_ingest(*, agent: Agent, spans: list[otlp.SpanView]) -> tuple[otlp.Mapped, list, int]:
    """Map one export: tools now, each trace whose root is here with what waited for it, the
    rest kept until its root comes. Returns (the mapping, the events' results, unmapped spans
    not seen before)."""
    now = clock.now()
    roots = {s.trace_id for s in spans if not s.parent_id}
    waiting = [
        s for s in spans if (s.trace_id not in roots and otlp.kind_of(s) != "tool") or otlp.kind_of(s) is None
    ]
    with transaction.atomic():  # what waited is marked mapped in the transaction that maps it
        fresh = _keep(agent, waiting, now)
        earlier = list(
            TraceSpan.objects.select_for_update().filter(
                agent=agent, trace_id__in=roots, settled_at__isnull=True
            )
        )
        here = {s.key for s in spans}
        joined = spans + [_view(r) for r in earlier if (r.trace_id, r.span_id) not in here]
        TraceSpan.objects.filter(pk__in=[r.pk for r in earlier]).update(settled_at=now)
        mapped = otlp.to_events(joined, settled=roots)
        results = _store(agent, mapped, fresh)
    return mapped, results, sum(1 for *_, key in mapped.unmapped if key in fresh)


def traces_settle(*, now=None) -> int:
    """Map the traces whose root never came, once nothing has arrived for them for
    KAIZEN_OTLP_SETTLE_SECONDS (the beat entry; safe to run twice or concurrently: each trace is
    claimed by marking its rows, and its events are stored once by their ids)."""
    now = now or clock.now()
    cutoff = now - timedelta(seconds=settings.KAIZEN["OTLP_SETTLE_SECONDS"])
    stale = (
        TraceSpan.objects.filter(settled_at__isnull=True, received_at__lt=cutoff)
        .values_list("agent_id", "trace_id")
        .distinct()[:1000]
    )
    settled = 0
    for agent_id, trace_id in list(stale):
        with transaction.atomic():
            rows = list(
                TraceSpan.objects.select_for_update(skip_locked=True).filter(
                    agent_id=agent_id, trace_id=trace_id, settled_at__isnull=True
                )
            )
            if not rows:
                continue
            TraceSpan.objects.filter(pk__in=[r.pk for r in rows]).update(settled_at=now)
            agent = Agent.objects.get(pk=agent_id)
            _store(agent, otlp.to_events([_view(r) for r in rows], settled={trace_id}), set())
        settled += 1
    return settled
