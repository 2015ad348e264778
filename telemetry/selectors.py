"""Reads of telemetry: the session and end user an OpenTelemetry trace's spans named, and how
much of an agent's work arrives without a session."""

from django.db.models import Count, Q

from telemetry.models import Decision, SkillOutcome, ToolInvocation


def trace_session(*, agent_id: int, trace_id: str) -> str:
    """The session an OpenTelemetry trace's spans were stored under (the trace id itself when
    none of them named one, as the mapping does)."""
    prefix = f"otel:{trace_id}:"
    for model in (ToolInvocation, SkillOutcome):
        found = (
            model.objects.filter(agent_id=agent_id, dedup_key__startswith=prefix)
            .exclude(session_id__isnull=True)
            .exclude(session_id="")
            .values_list("session_id", flat=True)
            .first()
        )
        if found:
            return found
    return trace_id


def trace_user(*, agent_id: int, trace_id: str) -> str | None:
    """The end user an OpenTelemetry trace's spans named (None: none named one, or the trace has
    not come yet)."""
    prefix = f"otel:{trace_id}:"
    for model in (SkillOutcome, ToolInvocation):
        found = (
            model.objects.filter(agent_id=agent_id, dedup_key__startswith=prefix, user_id__isnull=False)
            .values_list("user_id", flat=True)
            .first()
        )
        if found:
            return found
    return None


def sessionless_share(*, agent_id: int, since) -> float | None:
    """The share of the agent's skill outcomes and decisions since `since` sent without a session
    (None: it sent none), counted in SQL by its (agent, time) index."""
    total = without = 0
    for model in (SkillOutcome, Decision):
        row = model.objects.filter(agent_id=agent_id, occurred_at__gte=since).aggregate(
            n=Count("id"), bare=Count("id", filter=Q(session_id=""))
        )
        total, without = total + row["n"], without + row["bare"]
    return without / total if total else None
