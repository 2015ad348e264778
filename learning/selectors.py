"""Reads of what was learned: the facts served to agents, and the corrections retention keeps
for them."""

from django.db.models import Q

from learning.corrections import as_fact, is_instance
from learning.models import LearnedFact


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
