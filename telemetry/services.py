"""Writes of telemetry: agents' activity, OpenTelemetry sessions and unmapped spans."""

from datetime import datetime, timedelta

from django.db.models import F, Max

from config import clock
from fleet.models import Agent
from telemetry import hooks
from telemetry.models import (
    EVENT_MODELS,
    Correction,
    Observation,
    SessionSeen,
    SkillOutcome,
    ToolInvocation,
    UnmappedSpan,
)
from telemetry.row_writes import update_by_id
from telemetry.sessions import sessions_renamed
from telemetry.withdrawals import agent_held

ACTIVITY_WINDOW = timedelta(days=1)  # events dated earlier do not move an agent's last_seen_at


def agent_activity_refresh(*, now=None) -> int:
    """Move each agent's last_seen_at up to its newest received event; return rows updated.

    Reads only events dated within ACTIVITY_WINDOW (on PostgreSQL, the newest time partitions),
    one grouped aggregate per event table, so its cost follows a day's traffic, not the history.
    Idempotent: an agent already up to date is not touched, so running it twice changes nothing."""
    since = (now or clock.now()) - ACTIVITY_WINDOW
    newest: dict[int, datetime] = {}
    for model in EVENT_MODELS.values():
        rows = (
            model.objects.filter(occurred_at__gte=since)
            .order_by()
            .values_list("agent")
            .annotate(m=Max("received_at"))
        )
        for agent_id, at in rows:
            if agent_id not in newest or at > newest[agent_id]:
                newest[agent_id] = at
    seen = dict(Agent.objects.filter(pk__in=list(newest)).values_list("pk", "last_seen_at"))
    moved = {pk: at for pk, at in newest.items() if pk in seen and (seen[pk] is None or seen[pk] < at)}
    update_by_id(Agent, "last_seen_at", moved)
    return len(moved)


def otel_sessions_apply(*, agent: Agent, sessions: dict[str, str], spans: list[tuple] = ()) -> int:
    """A conversation id seen on a span applies to the whole trace: what was stored earlier
    under the trace id (its calls arrived before the span naming the conversation, in an earlier
    export or mapped by the settle pass) becomes the conversation's, inside the caller's
    transaction: tool calls, feedback scored before its trace came, the outcomes of the trace's
    spans (`spans`: (trace id, span id) of the trace's spans known), the session's row in
    SessionSeen and its hand-off link; and `session_renamed` is dispatched (telemetry.hooks) so
    that what the apps above keep per session follows. Once moved, nothing is left under the
    trace id: doing it again changes nothing. Return how many rows moved."""
    moved = 0
    for trace_id, session_id in sessions.items():
        for model in (ToolInvocation, Observation, Correction):  # feedback scored before its trace came
            moved += model.objects.filter(agent=agent, session_id=trace_id).update(session_id=session_id)
    keys = [f"otel:{trace}:{span}" for trace, span in spans if trace in sessions]
    if keys:
        outcomes = SkillOutcome.objects.filter(agent=agent, dedup_key__in=keys)
        for trace_id, session_id in sessions.items():
            moved += outcomes.filter(session_id=trace_id).update(session_id=session_id)
    seen = SessionSeen.objects.filter(agent=agent, session_key__in=list(sessions)).exists()
    if not moved and not seen:
        return 0
    agent_held(agent.pk)  # no derive pass of the agent meanwhile: its signals move whole
    moved += sessions_renamed(agent.pk, sessions)
    rows = [{"agent_id": agent.pk, "session_id": old, "renamed_to": new} for old, new in sessions.items()]
    hooks.dispatch("session_renamed", agents={agent.pk: agent}, rows=rows)
    return moved


def otel_users_apply(*, agent: Agent, users: dict[str, str]) -> int:
    """The end user a trace names is the user of its tool calls stored before the span naming
    them came, and who gave the feedback scored on it before the trace came (stored under the
    trace id, with no user of its own)."""
    named = 0
    for trace_id, user_id in users.items():
        unnamed = {"agent": agent, "user_id__isnull": True}
        calls = ToolInvocation.objects.filter(dedup_key__startswith=f"otel:{trace_id}:", **unnamed)
        named += calls.update(user_id=user_id)
        for model in (Observation, Correction):
            named += model.objects.filter(session_id=trace_id, **unnamed).update(user_id=user_id)
    return named


def unmapped_count(*, agent: Agent, unmapped: list[tuple[str, str]]) -> None:
    """Count spans that mapped to no event, per agent and reason (shown in the admin and dashboard)."""
    by_reason: dict[str, list[str]] = {}
    for name, reason in unmapped:
        by_reason.setdefault(reason, []).append(name)
    for reason, names in by_reason.items():
        row, _ = UnmappedSpan.objects.get_or_create(
            agent=agent,
            reason=reason[:200],
            defaults={"last_seen_at": clock.now(), "example": names[0][:200]},
        )
        UnmappedSpan.objects.filter(pk=row.pk).update(
            count=F("count") + len(names), last_seen_at=clock.now(), example=names[-1][:200]
        )
