"""Reads of proposals and decisions."""

from django.db.models import Count, OuterRef, Q, QuerySet, Subquery
from django.dispatch import Signal
from django.utils import timezone

from governance.models import ChangeDecision, Citation, Proposal, TaskFeedback
from governance.standing import OUTCOME_WORDS, standing


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


# An app that tests an approved change line by line answers, for `proposal_field` (a queryset's
# field holding a proposal's id), the annotations counting that proposal's lines: "lines_testing",
# "lines_promoted", "lines_dropped" (subqueries over OuterRef(proposal_field)).
lines_counted = Signal()
LINE_COUNTS = ("lines_testing", "lines_promoted", "lines_dropped")


def outcome_annotations(proposal_field: str = "pk") -> dict:
    """The newest verdict on what became of a proposal's rollout, and when, and how many of its
    lines tested one by one stand where (`lines_counted`), as annotations of a queryset whose
    `proposal_field` holds the proposal's id (None when there is none)."""
    newest = ChangeDecision.objects.filter(
        proposal=OuterRef(proposal_field), verdict__in=list(OUTCOME_WORDS)
    ).order_by("-created_at", "-id")
    counts = {}
    for _, answer in lines_counted.send(sender=Proposal, proposal_field=proposal_field):
        counts.update(answer or {})
    return {
        "outcome_verdict": Subquery(newest.values("verdict")[:1]),
        "outcome_at": Subquery(newest.values("created_at")[:1]),
        **counts,
    }


def with_outcome(queryset: QuerySet[Proposal]) -> QuerySet[Proposal]:
    """Proposals annotated with what became of their rollout, read in the same query."""
    return queryset.annotate(**outcome_annotations())


def proposal_standing(proposal: Proposal, annotated=None) -> str:
    """Its status and what became of its rollout since ("Approved — rolled back on 2026-11-29"),
    or of its lines tested one by one: read from `annotated`, a row carrying the proposal's
    `outcome_annotations`; else the proposal's own annotations from `with_outcome`, else read now."""
    if annotated is None:
        annotated = proposal
        if not hasattr(proposal, "outcome_verdict"):
            annotated = with_outcome(Proposal.objects.filter(pk=proposal.pk)).get()
    at = annotated.outcome_at
    lines = tuple(getattr(annotated, name, None) or 0 for name in LINE_COUNTS)
    return standing(
        proposal.get_status_display(),
        annotated.outcome_verdict,
        timezone.localtime(at) if at else None,
        lines,
    )
