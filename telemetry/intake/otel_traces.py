"""OpenTelemetry exports → events, however a run's spans are split across exports.

An exporter sends spans as they end (children first): a run longer than the batch interval, or
a SimpleSpanProcessor, sends its LLM calls and inner agents before the agent span that holds
them; another service of the same trace exports its part on its own schedule, before or after
the root. Every span is kept here once (TraceSpan), and each export maps the traces it brought
something new to from all that is known of them: tool spans become tool invocations at once,
with the session their ancestors name; a trace's run becomes one outcome once its root is
known, with every call's tokens and cost, and spans that arrive after it add theirs to that
outcome. A trace whose root has not come (it lives in a service that does not export here, or
the run is still going) is mapped without it by the `telemetry.settle_traces` beat entry once
nothing of it has arrived for KAIZEN_OTLP_SETTLE_SECONDS, and again each time it goes quiet after
more spans came; each such mapping, and the root's when it comes at last, replaces the outcomes
the one before stored that it no longer makes (the calls that stood for their session until the
run that holds them was known), so a run is counted once, with its trace's totals.
A span sent again is recognised and changes nothing.
"""

from datetime import UTC, datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Max

from config import clock
from fleet.models import Agent
from telemetry.ingest import events_ingest, price_tokens
from telemetry.intake import otlp_spans as otlp
from telemetry.models import SkillOutcome, TraceSpan
from telemetry.services import otel_sessions_apply, otel_users_apply, unmapped_count
from telemetry.withdrawals import agent_held, events_amend, events_withdraw


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


def _store(agent: Agent, mapped: otlp.Mapped, fresh: set[tuple], known: list) -> list:
    """Store what the mapping of `known` (the spans of its traces) makes, after moving what was
    stored under a trace id to the session its root names now."""
    otel_users_apply(agent=agent, users=mapped.users)  # first: it finds feedback by its trace id
    otel_sessions_apply(agent=agent, sessions=mapped.sessions, spans=[s.key for s in known])
    unmapped_count(agent=agent, unmapped=[(n, r) for n, r, key in mapped.unmapped if key in fresh])
    results = []
    step = settings.KAIZEN["INGEST_MAX_EVENTS"]
    for start in range(0, len(mapped.events), step):
        batch = mapped.events[start : start + step]
        answered = events_ingest(agent=agent, batch=batch)
        _amend_outcomes(agent, batch, answered)
        results += answered
    return results


AMENDED = ("input_tokens", "output_tokens", "cost_usd", "model", "user_id")


def _amend_outcomes(agent: Agent, events: list[dict], results: list) -> None:
    """A run's outcome stored before some of its spans arrived (a late LLM call, another
    service's part of the trace) takes the totals of the whole trace as mapped now, and the end
    user a later span named; what was derived from it before is corrected by the difference
    (`skill_outcome_amended`). The same totals again change nothing."""
    known = [
        event
        for event, result in zip(events, results, strict=True)
        if event["type"] == "skill_outcome" and result.status == 200
    ]
    if not known:
        return
    rows = SkillOutcome.objects.filter(agent=agent, dedup_key__in=[e["id"] for e in known])
    stored = {row["dedup_key"]: row for row in rows.values()}
    amended = []
    for event in known:
        row, body = stored.get(event["id"]), event["body"]
        if row is None:
            continue
        changes = {name: body.get(name, row[name]) for name in AMENDED}
        if all(row[name] == value for name, value in changes.items()):
            continue
        if body.get("cost_usd") is None and (body.get("input_tokens") or body.get("output_tokens")):
            priced = {**changes, "cost_usd": None}
            price_tokens(agent, priced)
            changes["cost_usd"] = priced["cost_usd"]
            changes["cost_estimated"] = priced.get("cost_estimated", False)
        amended.append((row, {name: value for name, value in changes.items() if row[name] != value}))
    events_amend("skill_outcome", agent, [(row, changes) for row, changes in amended if changes])


def traces_ingest(*, agent: Agent, spans: list[otlp.SpanView]) -> tuple[otlp.Mapped, list, int]:
    """Map one export together with what was kept of its traces before.

    Every span is kept once (TraceSpan): a span sent again changes nothing. Each trace with new
    spans is mapped whole, from everything known of it: its tools at once, each with the session
    its ancestors name; its run's outcome once its root is known, with the tokens and cost of
    every LLM call seen so far, the outcome stored earlier taking the new totals when spans come
    after their root, and what the settle pass stored of it before the root came withdrawn.
    Returns (the mapping, the events' results, unmapped spans not seen before)."""
    now = clock.now()
    with transaction.atomic():  # a trace is mapped by one export at a time (its rows locked)
        fresh = _keep(agent, spans, now)
        traces = {trace for trace, _ in fresh}
        rows = list(
            TraceSpan.objects.select_for_update().filter(agent=agent, trace_id__in=traces).order_by("pk")
        )
        rooted = {r.trace_id for r in rows if not r.parent_id}
        mapped_before = _mapped_without_root(rows, rooted)
        TraceSpan.objects.filter(
            pk__in=[r.pk for r in rows if r.trace_id in rooted and r.settled_at is None]
        ).update(settled_at=now)
        here = {s.key: s for s in spans if s.trace_id in traces}  # whole attributes, as sent
        joined = [*here.values(), *(_view(r) for r in rows if (r.trace_id, r.span_id) not in here)]
        mapped = otlp.to_events(joined, settled=rooted)
        if mapped_before:
            agent_held(agent.pk)  # before its writes: derived work of the agent waits for this one
        results = _store(agent, mapped, fresh, joined)
        _replace_earlier(agent, mapped_before, mapped)
    return mapped, results, sum(1 for *_, key in mapped.unmapped if key in fresh)


def _mapped_without_root(rows: list[TraceSpan], rooted: set[str]) -> list[TraceSpan]:
    """The spans of the traces whose root is known now but was not when the settle pass mapped
    them (their rows were settled before, their root's was not)."""
    roots_before = {r.trace_id for r in rows if not r.parent_id and r.settled_at is not None}
    return [
        r
        for r in rows
        if r.trace_id in rooted and r.trace_id not in roots_before and r.settled_at is not None
    ]


def _replace_earlier(agent: Agent, mapped_before: list[TraceSpan], mapped: otlp.Mapped) -> int:
    """Withdraw the outcomes an earlier mapping of these spans' traces stored that the mapping of
    all that is known of them now does not make (calls that stood for their session, an inner
    agent that stood for the run, until the span above them arrived): the run's outcome holds
    their tokens and cost now. Return how many were withdrawn."""
    made = {event["id"] for event in mapped.events if event["type"] == "skill_outcome"}
    stale = {f"otel:{r.trace_id}:{r.span_id}": r for r in mapped_before}
    stale = {key: r for key, r in stale.items() if key not in made}
    if not stale:
        return 0
    times = [datetime.fromtimestamp(r.start_ns / 1e9, tz=UTC) for r in stale.values()]
    second = timedelta(seconds=1)  # an outcome is dated by its span's start (its partition)
    outcomes = SkillOutcome.objects.filter(
        agent=agent,
        dedup_key__in=list(stale),
        occurred_at__gte=min(times) - second,
        occurred_at__lte=max(times) + second,
    )
    return events_withdraw("skill_outcome", agent, outcomes)


SETTLE_BATCH = 1000  # traces a settle pass maps at most (the next pass takes the rest)


def quiet_traces(cutoff, limit: int = SETTLE_BATCH) -> list[tuple[int, str]]:
    """(agent id, trace id) of up to `limit` traces with spans waiting of which none arrived at
    or after `cutoff`, the longest quiet first: one aggregate over the waiting spans (the
    partial index holds only those), whatever their number."""
    waiting = TraceSpan.objects.filter(settled_at__isnull=True).values("agent_id", "trace_id")
    quiet = waiting.annotate(last=Max("received_at")).filter(last__lt=cutoff).order_by("last")
    return list(quiet.values_list("agent_id", "trace_id")[:limit])


def traces_settle(*, now=None) -> int:
    """Map the traces whose root has not come once nothing has arrived for them for
    KAIZEN_OTLP_SETTLE_SECONDS (the beat entry). A trace settled before and quiet again after
    more spans came is mapped again, whole: the outcomes the earlier mapping stored that this one
    does not make are withdrawn. Safe to run twice or concurrently: each trace is claimed by
    locking and marking its waiting rows (a trace another pass holds, or that received a span
    since it was found, is left alone), and its events are stored once by their ids."""
    now = now or clock.now()
    cutoff = now - timedelta(seconds=settings.KAIZEN["OTLP_SETTLE_SECONDS"])
    settled = 0
    for agent_id, trace_id in quiet_traces(cutoff):
        with transaction.atomic():
            rows = list(
                TraceSpan.objects.select_for_update(skip_locked=True).filter(
                    agent_id=agent_id, trace_id=trace_id, settled_at__isnull=True
                )
            )
            if not rows or max(r.received_at for r in rows) >= cutoff:
                continue
            whole = list(TraceSpan.objects.filter(agent_id=agent_id, trace_id=trace_id).order_by("pk"))
            mapped_before = [r for r in whole if r.settled_at is not None]
            TraceSpan.objects.filter(pk__in=[r.pk for r in rows]).update(settled_at=now)
            agent = Agent.objects.get(pk=agent_id)
            views = [_view(r) for r in whole]
            mapped = otlp.to_events(views, settled={trace_id})
            if mapped_before:
                agent_held(agent.pk)
            _store(agent, mapped, set(), views)
            _replace_earlier(agent, mapped_before, mapped)
        settled += 1
    return settled
