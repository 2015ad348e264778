"""Reads of telemetry: learned facts served to agents."""

from telemetry.models import LearnedFact


def learned_facts(*, template_id: int | None, limit: int = 50) -> list[dict]:
    """Active facts of a template, strongest first, as served in the directives."""
    rows = (
        LearnedFact.objects.filter(template_id=template_id, status=LearnedFact.Status.ACTIVE)
        .order_by("-confidence", "-created_at")
        .values("content", "confidence", "scope", "source")[:limit]
    )
    return list(rows)


def user_stated_facts(*, template_id: int | None) -> list[str]:
    return [f["content"] for f in learned_facts(template_id=template_id) if f["source"] == "user-stated"]
