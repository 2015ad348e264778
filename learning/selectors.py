"""Reads of what was learned: the facts served to agents, and the corrections retention keeps
for them."""

from language.correcting import as_fact
from language.slots import slots, slots_contrary
from learning.models import LearnedFact


def learned_facts(*, template_id: int | None, agent_id: int | None = None, limit: int = 50) -> list[dict]:
    """Active facts served to an agent of the template: the template's, then, with `agent_id`, the
    facts learned from that agent's own corrections that have not (yet) reached the template;
    strongest and newest first within each, `limit` in all.

    A correction about one instance (an order number, a name) stays with the session it was made
    in: kept, never served, not even to its own agent. Whether a fact is one was read when it was
    saved (`about_instance`), so each part is one indexed query with its LIMIT: a read costs the
    same whatever the agent has accumulated (fact_served_template, fact_served_agent).

    Two contrary facts are never served together: a template-wide fact that waits on a contrary
    one with more support is not served (learning.services.facts_settle), and nor is an agent's
    own fact that says the opposite of a template-wide one served to it (language.slots)."""
    fields = ("content", "confidence", "scope", "source")
    active = LearnedFact.objects.filter(template_id=template_id, status=LearnedFact.Status.ACTIVE)
    order = ("-confidence", "-created_at")
    shared = active.filter(reach=LearnedFact.Reach.TEMPLATE, waiting_on__isnull=True)
    rows = [{**r, "content": as_fact(r["content"])} for r in shared.order_by(*order).values(*fields)[:limit]]
    if agent_id is not None and len(rows) < limit:
        own = active.filter(reach=LearnedFact.Reach.AGENT, agent_id=agent_id, about_instance=False)
        read = [slots(r["content"]) for r in rows]
        for r in own.order_by(*order).values(*fields)[: limit - len(rows)]:
            fact = {**r, "content": as_fact(r["content"])}
            mine = slots(fact["content"])
            if not any(slots_contrary(mine, theirs) for theirs in read):
                rows.append(fact)
    # Each is stated as a fact for the agent, not as the correction a user typed.
    return rows


def facts_by_id(fact_ids: list[int]) -> list[dict]:
    """The active facts `fact_ids` as a read serves them (facts on trial a session was drawn for)."""
    if not fact_ids:
        return []
    rows = LearnedFact.objects.filter(
        pk__in=fact_ids, status=LearnedFact.Status.ACTIVE, waiting_on__isnull=True
    )
    fields = ("content", "confidence", "scope", "source")
    return [{**r, "content": as_fact(r["content"])} for r in rows.order_by("pk").values(*fields)]


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
