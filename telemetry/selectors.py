"""Reads of telemetry: learned facts served to agents."""

from django.db.models import Count, Q

from telemetry.corrections import as_fact, is_instance
from telemetry.models import Decision, LearnedFact, SkillOutcome, ToolInvocation


def learned_facts(*, template_id: int | None, agent_id: int | None = None, limit: int = 50) -> list[dict]:
    """Active facts served to an agent of the template: the template's, then, with `agent_id`, the
    facts learned from that agent's own corrections that have not (yet) reached the template;
    strongest and newest first within each."""
    reach = Q(reach=LearnedFact.Reach.TEMPLATE)
    if agent_id is not None:
        reach |= Q(reach=LearnedFact.Reach.AGENT, agent_id=agent_id)
    # The template's facts first (every agent is served them), then the agent's own. A correction
    # about one instance (an order number, a name) stays with the session it was made in: kept,
    # never served, not even to its own agent; such rows are skipped before the limit is taken, so
    # an agent corrected about many orders is still served the facts that matter.
    rows = (
        LearnedFact.objects.filter(reach, template_id=template_id, status=LearnedFact.Status.ACTIVE)
        .order_by("-reach", "-confidence", "-created_at")
        .values("content", "confidence", "scope", "source", "reach")[: limit * 20]
    )
    served = [r for r in rows if r["reach"] == LearnedFact.Reach.TEMPLATE or not is_instance(r["content"])]
    # Each is stated as a fact for the agent, not as the correction a user typed.
    return [
        {**{k: v for k, v in r.items() if k != "reach"}, "content": as_fact(r["content"])}
        for r in served[:limit]
    ]


def corrections_behind_active_facts(event_type: str):
    """The corrections active facts were learned from (a queryset retention uses as a subquery):
    they outlive the retention window as long as their fact is served (None for other types)."""
    if event_type != "correction":
        return None
    facts = LearnedFact.objects.filter(status=LearnedFact.Status.ACTIVE, correction__isnull=False)
    return facts.values_list("correction_id", flat=True)


def user_stated_facts(*, template_id: int | None) -> list[str]:
    """The template's user-stated facts (what reached every agent), for the ritual's evidence."""
    return [f["content"] for f in learned_facts(template_id=template_id) if f["source"] == "user-stated"]


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
