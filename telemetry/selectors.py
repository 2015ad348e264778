"""Reads of telemetry: learned facts served to agents."""

from django.db.models import Q

from telemetry.corrections import is_one_off
from telemetry.models import LearnedFact


def learned_facts(*, template_id: int | None, agent_id: int | None = None, limit: int = 50) -> list[dict]:
    """Active facts served to an agent of the template, strongest first: the template's, and with
    `agent_id` also the facts learned from that agent's own corrections that have not (yet) reached
    the template."""
    reach = Q(reach=LearnedFact.Reach.TEMPLATE)
    if agent_id is not None:
        reach |= Q(reach=LearnedFact.Reach.AGENT, agent_id=agent_id)
    rows = (
        LearnedFact.objects.filter(reach, template_id=template_id, status=LearnedFact.Status.ACTIVE)
        .order_by("-confidence", "-created_at")
        .values("content", "confidence", "scope", "source", "reach")[:limit]
    )
    # A correction about one instance (an order number, a name) stays with the session it was
    # made in: kept, never served, not even to its own agent.
    return [
        {k: v for k, v in r.items() if k != "reach"}
        for r in rows
        if r["reach"] == LearnedFact.Reach.TEMPLATE or not is_one_off(r["content"])
    ]


def user_stated_facts(*, template_id: int | None) -> list[str]:
    """The template's user-stated facts (what reached every agent), for the ritual's evidence."""
    return [f["content"] for f in learned_facts(template_id=template_id) if f["source"] == "user-stated"]


def trace_session(*, agent_id: int, trace_id: str) -> str:
    """The session an OpenTelemetry trace's spans were stored under (the trace id itself when
    none of them named one, as the mapping does)."""
    from telemetry.models import SkillOutcome, ToolInvocation

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
