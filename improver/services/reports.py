"""Write the improver's weekly report after a ritual (one per run, so a retry writes none twice)."""

from datetime import datetime

from django.conf import settings
from django.db.models import Count

from experiments.counts import session_counts, signal_counts
from experiments.metrics import GUARDS
from governance.models import ChangeDecision, Proposal
from improver import report
from improver.models import ImproverReport
from improver.selectors import performance_delta


def signal_rates(template) -> dict[str, tuple[float | None, float | None]]:
    """Each failure signal's share of sessions served the previous version and the head."""
    versions = list(template.document.versions.order_by("-number").values_list("pk", flat=True)[:2])
    if not versions:
        return {}
    head, previous = versions[0], versions[1] if len(versions) > 1 else None
    sessions = session_counts(versions)
    shown = signal_counts(versions, GUARDS)

    def rate(version, signal):
        n = sessions.get(version, 0)
        return shown.get((version, signal), 0) / n if n and version is not None else None

    return {
        signal: (rate(previous, signal), rate(head, signal))
        for signal in GUARDS
        if shown.get((head, signal)) or (previous and shown.get((previous, signal)))
    }


def report_write(  # noqa: PLR0913  (the report's parts, keywords)
    *,
    run,
    improver,
    template,
    since: datetime,
    until: datetime,
    proposal: Proposal | None = None,
    additions: tuple[str, ...] = (),
    no_change_reason: str = "",
    considered: tuple[dict, ...] = (),
) -> ImproverReport:
    reviewed = {
        (row["sentiment"], row["category"]): row["n"]
        for row in template.feedback.filter(occurred_at__gt=since, occurred_at__lte=until)
        .values("sentiment", "category")
        .annotate(n=Count("id"))
    }
    reported = {  # decisions already told in an earlier report are not told again
        pk
        for provenance in improver.reports.values_list("provenance", flat=True)
        for pk in (provenance or {}).get("decision_ids", [])
    }
    decisions = tuple(
        {"id": d.pk, "proposal": d.proposal_id, "verdict": d.verdict, "rating": d.rating, "reason": d.reason}
        for d in ChangeDecision.objects.filter(
            proposal__type="template_evolution", proposal__subject=template.slug
        )
        .exclude(pk__in=reported)
        .order_by("created_at", "pk")
    )
    facts = report.ReportFacts(
        template=template.slug,
        since=since,
        until=until,
        reviewed=reviewed,
        minimum=settings.KAIZEN["RITUAL_MIN_FEEDBACK"],
        proposed=proposal.title if proposal else "",
        additions=additions,
        no_change_reason=no_change_reason,
        left_out=considered,
        decisions=decisions,
        effect=performance_delta(template),
        signals=signal_rates(template),
    )
    written, _ = ImproverReport.objects.get_or_create(
        run=run,
        defaults={
            "improver": improver,
            "content": report.render(facts),
            "confidence": report.confidence(facts),
            "provenance": {
                "feedback_items": sum(reviewed.values()),
                "proposal": proposal.pk if proposal else None,
                "decision_ids": [d["id"] for d in decisions],
                "window": [since.isoformat(), until.isoformat()],
                "considered": list(considered),  # lines not proposed, each with why
            },
            "created_at": until,
        },
    )
    return written
