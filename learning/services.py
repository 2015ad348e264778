"""Writes of what was learned that are not a loop's: an operator retiring or restoring a fact, and
which of a template's contrary facts is served."""

from django.db import transaction
from django.db.models import Count

from language.correcting import as_fact
from language.slots import slots, slots_contrary
from learning.models import LearnedFact


@transaction.atomic
def fact_set_status(*, fact: LearnedFact, status: str) -> LearnedFact:
    """Retire or restore a learned fact (retired facts are no longer served to agents); a fact
    that waited behind it is served once it is retired, and waits again when it is restored."""
    LearnedFact.objects.filter(pk=fact.pk).update(status=status)
    fact.refresh_from_db()
    facts_settle(template_id=fact.template_id)
    return fact


def support(fact: LearnedFact) -> tuple[int, int]:
    """How many stand behind a fact, as recurrence counts it (learning.loops.facts_promote): the
    agents whose sessions stated it, then those sessions. Needs `agent_count` and `sessions`."""
    return fact.agent_count, fact.sessions


SHARED = (LearnedFact.Reach.TRIAL, LearnedFact.Reach.TEMPLATE)  # beyond the agent corrected
SETTLED = 200  # the template-wide facts settled at once: those a read reaches first (it serves 50)


@transaction.atomic
def facts_settle(*, template_id: int | None) -> dict[int, int]:
    """Of the template-wide facts of a template, serve the ones no stronger fact contradicts: in
    order of support (learning.services.support; the one served first among equals), each fact
    contrary to one already served (language.slots: opposite stances on one object) waits on it,
    kept and seen in the admin but never served; every other is served. A fact waits only on an
    active one, so retiring or withdrawing the stronger fact serves the weaker. Returns what
    waits on what (fact id → fact id).

    Settled are the `SETTLED` facts a directives read reaches first (its order: confidence, then
    the newest), however many the template holds: the cost of a settle, paid whenever a fact
    reaches the template, stays bounded (a template of 100,000 facts would otherwise be read,
    locked and compared pairwise on every correction)."""
    shared = LearnedFact.objects.filter(
        template_id=template_id,
        status=LearnedFact.Status.ACTIVE,
        reach__in=SHARED,
    )
    first = shared.order_by("-confidence", "-created_at", "pk").values("pk")[:SETTLED]
    reached = list(first.values_list("pk", flat=True))
    facts = list(LearnedFact.objects.select_for_update().filter(pk__in=reached).order_by("pk"))
    counts = {
        row["pk"]: row
        for row in LearnedFact.objects.filter(pk__in=reached)
        .annotate(sessions=Count("sightings"), agent_count=Count("sightings__agent", distinct=True))
        .values("pk", "sessions", "agent_count")
    }
    for fact in facts:
        fact.sessions, fact.agent_count = counts[fact.pk]["sessions"], counts[fact.pk]["agent_count"]
    facts.sort(key=lambda f: (-f.agent_count, -f.sessions, f.served_at or f.created_at, f.pk))
    served: list[tuple[LearnedFact, tuple]] = []
    waits: dict[int, int] = {}
    for fact in facts:
        read = slots(as_fact(fact.content))
        stronger = next((other for other, theirs in served if slots_contrary(read, theirs)), None)
        if stronger is None:
            served.append((fact, read))
        else:
            waits[fact.pk] = stronger.pk
    changed = [f for f in facts if f.waiting_on_id != waits.get(f.pk)]
    for fact in changed:
        fact.waiting_on_id = waits.get(fact.pk)
    LearnedFact.objects.bulk_update(changed, ["waiting_on"])
    # A fact no longer template-wide or active waits on nothing.
    LearnedFact.objects.filter(template_id=template_id, waiting_on__isnull=False).exclude(
        status=LearnedFact.Status.ACTIVE, reach__in=SHARED
    ).update(waiting_on=None)
    return waits
