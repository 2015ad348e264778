"""Reads of proposals and decisions."""

from django.db.models import QuerySet

from governance.models import Citation, Proposal
from telemetry.retention import as_ids


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
    from django.db.models import Count, Q

    from governance.models import TaskFeedback

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
    from django.db.models import Count, Q

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


def events_cited_by_proposals() -> dict[str, set[int]]:
    """Event ids per event type that proposals cite. Producers put them, whatever else their
    evidence holds, under `evidence["cites"] = {event type: [ids]}`; a raised proposal keeps every
    one of them as a Citation row and a sample in its evidence."""
    cited: dict[str, set[int]] = {}
    for event_type, row_id in Citation.objects.values_list("event_type", "row_id").iterator(chunk_size=5000):
        cited.setdefault(event_type, set()).add(row_id)
    rows = Proposal.objects.filter(evidence__has_key="cites").values_list("evidence__cites", flat=True)
    for cites in rows.iterator(chunk_size=500):
        for event_type, ids in cites.items() if isinstance(cites, dict) else ():
            cited.setdefault(event_type, set()).update(as_ids(ids if isinstance(ids, list) else []))
    return cited
