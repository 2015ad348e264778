"""Reads of proposals and decisions."""

from django.db.models import Count, Q, QuerySet

from governance.models import Citation, Proposal, TaskFeedback


def proposal_list(*, status: str | None = None, type: str | None = None) -> QuerySet[Proposal]:
    qs = Proposal.objects.all()
    if status:
        qs = qs.filter(status=status)
    if type:
        qs = qs.filter(type=type)
    return qs.order_by("-created_at", "-id")


def acceptance_by_source() -> dict[str, dict]:
    """Accepted / decided work per source, counted in SQL: merged task feedback and approved
    proposals count as accepted; closed or abandoned tasks and rejected proposals as rejected."""
    out: dict[str, dict] = {}
    for row in TaskFeedback.objects.values("source").annotate(
        accepted=Count("id", filter=Q(outcome="merged")), decided=Count("id")
    ):
        out[row["source"]] = {"accepted": row["accepted"], "decided": row["decided"]}
    for row in Proposal.objects.values("source").annotate(
        accepted=Count("id", filter=Q(status__in=["approved", "implemented"])),
        decided=Count("id", filter=Q(status__in=["approved", "implemented", "rejected"])),
    ):
        entry = out.setdefault(row["source"], {"accepted": 0, "decided": 0})
        entry["accepted"] += row["accepted"]
        entry["decided"] += row["decided"]
    for entry in out.values():
        entry["rate"] = entry["accepted"] / entry["decided"] if entry["decided"] else 0.0
    return out


def acceptance_by_type_and_source() -> list[dict]:
    """Proposal acceptance per (type, source), for the admin and the dashboard."""
    rows = (
        Proposal.objects.values("type", "source")
        .annotate(
            accepted=Count("id", filter=Q(status__in=["approved", "implemented"])),
            rejected=Count("id", filter=Q(status="rejected")),
            pending=Count("id", filter=Q(status="pending")),
        )
        .order_by("type", "source")
    )
    return [
        {
            **r,
            "rate": round(r["accepted"] / (r["accepted"] + r["rejected"]), 4)
            if r["accepted"] + r["rejected"]
            else None,
        }
        for r in rows
    ]


def events_cited_by_proposals(event_type: str):
    """The ids of `event_type` events that proposals cite (a queryset retention uses as a
    subquery). Every proposal stores what its evidence cites as Citation rows when it is made
    (`evidence["cites"] = {event type: [ids]}`), and keeps only a sample in the evidence."""
    return Citation.objects.filter(event_type=event_type).values_list("row_id", flat=True)
