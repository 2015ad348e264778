"""OpenTelemetry exports → events, however a run's spans are split across exports.

An exporter sends spans as they end (children first): a run longer than the batch interval, or
a SimpleSpanProcessor, sends its LLM calls and inner agents before the agent span that holds
them; another service of the same trace exports its part on its own schedule, before or after
the root. Every span is kept here once (TraceSpan), and each export maps the traces it brought
something new to from all that is known of them: tool spans become tool invocations at once,
with the session their ancestors name; a trace's run becomes one outcome once its root is
known, with every call's tokens and cost, and spans that arrive after it add theirs to that
outcome. A trace whose root never comes (its root lives in a service that does not export
here) is mapped after KAIZEN_OTLP_SETTLE_SECONDS by the `telemetry.settle_traces` beat entry.
A span sent again is recognised and changes nothing.
"""

from datetime import timedelta

from django.conf import settings
from django.db import transaction

from config import clock
from fleet.models import Agent
from telemetry.ingest import events_ingest, price_tokens
from telemetry.intake import otlp_spans as otlp
from telemetry.models import SkillOutcome, TraceSpan
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
    fresh = {s.key: s for s in spans if s.key not in seen}  # a span twice in one export: once
    TraceSpan.objects.bulk_create([_row(agent, s, now) for s in fresh.values()], ignore_conflicts=True)
    return set(fresh)


def _store(agent: Agent, mapped: otlp.Mapped, fresh: set[tuple]) -> list:
    otel_sessions_apply(agent=agent, sessions=mapped.sessions)
    unmapped_count(agent=agent, unmapped=[(n, r) for n, r, key in mapped.unmapped if key in fresh])
    results = []
    step = settings.KAIZEN["INGEST_MAX_EVENTS"]
    for start in range(0, len(mapped.events), step):
        batch = mapped.events[start : start + step]
        answered = events_ingest(agent=agent, batch=batch)
        _amend_outcomes(agent, batch, answered)
        results += answered
    return results


AMENDED = ("input_tokens", "output_tokens", "cost_usd", "model")


def _amend_outcomes(agent: Agent, events: list[dict], results: list) -> None:
    """A run's outcome stored before some of its spans arrived (a late LLM call, another
    service's part of the trace) takes the totals of the whole trace as mapped now."""
    known = [
        event
        for event, result in zip(events, results, strict=True)
        if event["type"] == "skill_outcome" and result.status == 200
    ]
    if not known:
        return
    rows = SkillOutcome.objects.filter(agent=agent, dedup_key__in=[e["id"] for e in known])
    stored = {row.dedup_key: row for row in rows.only("id", "dedup_key", "occurred_at", *AMENDED)}
    for event in known:
        row, body = stored.get(event["id"]), event["body"]
        if row is None:
            continue
        changes = {name: body.get(name, getattr(row, name)) for name in AMENDED}
        if all(getattr(row, name) == value for name, value in changes.items()):
            continue
        if body.get("cost_usd") is None and (body.get("input_tokens") or body.get("output_tokens")):
            priced = {**changes, "cost_usd": None}
            price_tokens(agent, priced)
            changes["cost_usd"] = priced["cost_usd"]
            changes["cost_estimated"] = priced.get("cost_estimated", False)
        SkillOutcome.objects.filter(pk=row.pk, occurred_at=row.occurred_at).update(**changes)


def traces_ingest(*, agent: Agent, spans: list[otlp.SpanView]) -> tuple[otlp.Mapped, list, int]:
    """Map one export together with what was kept of its traces before.

    Every span is kept once (TraceSpan): a span sent again changes nothing. Each trace with new
    spans is mapped whole, from everything known of it: its tools at once, each with the session
    its ancestors name; its run's outcome once its root is known, with the tokens and cost of
    every LLM call seen so far, the outcome stored earlier taking the new totals when spans come
    after their root. Returns (the mapping, the events' results, unmapped spans not seen
    before)."""
    now = clock.now()
    with transaction.atomic():  # a trace is mapped by one export at a time (its rows locked)
        fresh = _keep(agent, spans, now)
        traces = {trace for trace, _ in fresh}
        rows = list(
            TraceSpan.objects.select_for_update().filter(agent=agent, trace_id__in=traces).order_by("pk")
        )
        rooted = {r.trace_id for r in rows if not r.parent_id}
        TraceSpan.objects.filter(
            pk__in=[r.pk for r in rows if r.trace_id in rooted and r.settled_at is None]
        ).update(settled_at=now)
        here = {s.key: s for s in spans if s.trace_id in traces}  # whole attributes, as sent
        joined = [*here.values(), *(_view(r) for r in rows if (r.trace_id, r.span_id) not in here)]
        mapped = otlp.to_events(joined, settled=rooted)
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
            whole = TraceSpan.objects.filter(agent_id=agent_id, trace_id=trace_id).order_by("pk")
            _store(agent, otlp.to_events([_view(r) for r in whole], settled={trace_id}), set())
        settled += 1
    return settled
