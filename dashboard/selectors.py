"""Every figure of the dashboard, each read in SQL by its own selector."""

from datetime import timedelta

from django.db.models import Avg, Count, Max
from django.db.models.functions import TruncDate, TruncHour, TruncMinute
from django.urls import reverse

from config import clock
from experiments.models import LineFactor, Rollout
from experiments.words import level_series, level_status, level_title, rollout_series, rollout_status
from fleet.models import DocumentVersion
from governance.models import BoardTask, Proposal
from improver.selectors import version_performance
from learning.models import FrictionEvent
from planner.hitl import SEVERITY_COLOURS
from planner.models import Alert, Dispatch, FleetSnapshot
from planner.selectors import patterns
from telemetry.models import UnmappedSpan


def fleet_trend(*, days: int = 14, now=None) -> list[dict]:
    """The fleet's success rate, p95 latency and outcome count from the stored snapshots: per
    minute while they span less than two hours (a new service), per hour after."""
    now = now or clock.now()
    snapshots = FleetSnapshot.objects.filter(minute__gte=now - timedelta(days=days))
    first = snapshots.order_by("minute").values_list("minute", flat=True).first()
    bucket = TruncMinute("minute") if first and now - first < timedelta(hours=2) else TruncHour("minute")
    rows = (
        snapshots.annotate(at=bucket)
        .values("at")
        .annotate(success=Avg("fleet_success_rate"), p95=Avg("fleet_p95_latency_ms"), n=Max("total_outcomes"))
        .order_by("at")
    )
    return [
        {"at": r["at"], "success_rate": r["success"], "p95_ms": r["p95"], "outcomes": r["n"]} for r in rows
    ]


def daily_cost(*, days: int = 30, now=None) -> list[dict]:
    """Per day, the largest rolling-24 h spend the snapshots saw."""
    since = (now or clock.now()) - timedelta(days=days)
    rows = (
        FleetSnapshot.objects.filter(minute__gte=since)
        .annotate(day=TruncDate("minute"))
        .values("day")
        .annotate(cost=Max("total_cost_usd_1d"))
        .order_by("day")
    )
    return [{"day": r["day"], "cost_usd": r["cost"]} for r in rows]


def template_timelines() -> list[dict]:
    """Per template, its versions; each improver-made version with success and rating before/after."""
    timelines: dict[str, dict] = {}
    versions = DocumentVersion.objects.filter(document__template__isnull=False).select_related(
        "document__template"
    )
    previous: dict[int, int] = {}
    for v in versions.order_by("document__template__slug", "number"):
        slug = v.document.template.slug
        entry = timelines.setdefault(slug, {"template": slug, "versions": []})
        row = {"number": v.number, "author": v.author, "created_at": v.created_at, "evolution": None}
        if v.author == DocumentVersion.Author.IMPROVER and v.document_id in previous:
            before, after = version_performance(previous[v.document_id]), version_performance(v.pk)
            row["evolution"] = {
                "success": f"{_rate(before)} → {_rate(after)}",
                "rating": f"{_rating(before)} → {_rating(after)}",
                "review": (v.provenance or {}).get("rating"),
            }
        entry["versions"].append(row)
        previous[v.document_id] = v.pk
    return list(timelines.values())


def _rate(performance: dict) -> str:
    """A success rate with the outcomes behind it ("52% of 94"; "–" with none)."""
    if performance["success_rate"] is None:
        return "–"
    return f"{performance['success_rate']:.0%} of {performance['outcomes']}"


def _rating(performance: dict) -> str:
    return "–" if performance["avg_rating"] is None else f"{performance['avg_rating']:.2f}"


def pending_reviews(limit: int = 20) -> list[dict]:
    rows = Proposal.objects.filter(status=Proposal.Status.PENDING).order_by("-created_at")[:limit]
    return [
        {
            "id": p.pk,
            "type": p.type,
            "title": p.title,
            "created_at": p.created_at,
            "url": reverse("admin:governance_proposal_change", args=[p.pk]),
        }
        for p in rows
    ]


def pending_count() -> int:
    return Proposal.objects.filter(status=Proposal.Status.PENDING).count()


def handed_over_count() -> int:
    return Rollout.objects.filter(status=Rollout.Status.NEEDS_HUMAN).count()


def handed_over_line_test_count() -> int:
    return LineFactor.objects.filter(status=LineFactor.Status.NEEDS_HUMAN).count()


def handed_over_line_tests(limit: int = 20) -> list[dict]:
    """Line tests handed over to a human (no decision within the maximum duration), oldest first:
    each waits for a person to promote, abort or pin it on its page."""
    rows = (
        LineFactor.objects.filter(status=LineFactor.Status.NEEDS_HUMAN)
        .select_related("template")
        .order_by("started_at", "pk")[:limit]
    )
    return [
        {
            "id": f.pk,
            "template": f.template.slug,
            "line": level_title(f, 1),
            "url": reverse("admin:experiments_linefactor_change", args=[f.pk]),
        }
        for f in rows
    ]


def _rollout_row(r: Rollout) -> dict:
    """What every list of rollouts shows of one: its template, versions and page."""
    return {
        "id": r.pk,
        "template": r.template.slug,
        "versions": f"v{r.champion.number} → v{r.candidate.number}",
        "url": reverse("admin:experiments_rollout_change", args=[r.pk]),
    }


def handed_over_rollouts(limit: int = 20) -> list[dict]:
    """Canary rollouts the test handed over to a human (no decision within its maximum duration),
    oldest first: each waits for a person to promote, abort or pin it on its page."""
    rows = (
        Rollout.objects.filter(status=Rollout.Status.NEEDS_HUMAN)
        .select_related("template", "champion", "candidate")
        .order_by("started_at", "pk")[:limit]
    )
    return [{**_rollout_row(r), "started_at": r.started_at} for r in rows]


def decided_rollouts(*, days: int = 30, limit: int = 10, now=None) -> list[dict]:
    """Canary rollouts that ended in the last `days` (promoted, rolled back or aborted), newest
    first: when, by whom (the test, or a person) and why."""
    since = (now or clock.now()) - timedelta(days=days)
    ended = (Rollout.Status.PROMOTED, Rollout.Status.ROLLED_BACK, Rollout.Status.ABORTED)
    rows = (
        Rollout.objects.filter(status__in=ended, decided_at__gte=since)
        .select_related("template", "champion", "candidate")
        .order_by("-decided_at", "-pk")[:limit]
    )
    return [
        {
            **_rollout_row(r),
            "outcome": r.get_status_display().lower(),
            "status": r.status,
            "decided_at": r.decided_at,
            "decided_by": "the canary's test" if r.decided_by == "system" else r.decided_by or "—",
            "reason": r.reason,
        }
        for r in rows
    ]


def top_friction(limit: int = 8) -> list[dict]:
    return list(
        FrictionEvent.objects.values("tool", "failure_mode")
        .annotate(events=Count("id"))
        .order_by("-events", "tool")[:limit]
    )


def anti_patterns(limit: int = 10) -> list[dict]:
    rows = [p for p in patterns(all_templates=True) if p["anti_pattern"]]
    return sorted(rows, key=lambda p: -p["failures"])[:limit]


def chronic_failures(limit: int = 10) -> list[dict]:
    return list(
        Alert.objects.filter(kind=Alert.Kind.ACTION_QUALITY)
        .order_by("-created_at")
        .values("key", "message", "created_at")[:limit]
    )


def board_status_counts() -> dict[str, int]:
    counts = dict(BoardTask.objects.values_list("status").annotate(n=Count("id")).order_by())
    return {status: counts.get(status, 0) for status in BoardTask.Status.values}


def recent_escalations(limit: int = 10) -> list[dict]:
    return list(
        BoardTask.objects.filter(dedup_key__startswith="systemic:")
        .order_by("-created_at")
        .values("id", "title", "status", "priority", "created_at")[:limit]
    )


def latest_fleet() -> dict | None:
    """The newest snapshot's counts: what fleet health counted, out of every outcome."""
    snapshot = FleetSnapshot.objects.order_by("-minute").first()
    if snapshot is None:
        return None
    return {
        "scope": snapshot.scope,
        "counted": snapshot.total_outcomes,
        "all": snapshot.all_outcomes,
        "system_actors": snapshot.system_actors,
    }


def open_dispatches(limit: int = 20) -> list[dict]:
    """Remediation in flight or waiting for a human, coloured by the skill's blast radius."""
    rows = (
        Dispatch.objects.filter(status__in=Dispatch.OPEN)
        .order_by("-created_at")
        .values("id", "goal_id", "skill", "agent__name", "status", "hitl_mode", "blast_radius")[:limit]
    )
    return [{**r, "colour": SEVERITY_COLOURS.get(r["blast_radius"], "#555")} for r in rows]


def rollouts(limit: int = 5) -> list[dict]:
    """Recent canary rollouts: what each tests, each arm's rate of what it is judged on at every
    check (with the sessions behind it), where the test stands, and the decision."""

    rows = []
    for rollout in Rollout.objects.select_related("template", "champion", "candidate")[:limit]:
        status = rollout_status(rollout)
        metric = status["judged_on"][0]
        drawn = rollout_series(rollout, metric)
        rows.append(
            {
                "id": rollout.pk,
                "template": rollout.template.slug,
                "versions": f"v{rollout.champion.number} → v{rollout.candidate.number}",
                "status": rollout.status,
                "decided_by": rollout.decided_by,
                "reason": rollout.reason or (rollout.last_check or {}).get("reason", ""),
                "metric": metric,
                **status,
                **drawn,
            }
        )
    return rows


def line_tests(limit: int = 8) -> list[dict]:
    """Recent line tests, one row per level: what it serves, the rate of what it is judged on with
    and without it at every check, where its test stands, and the decision."""
    rows = []
    for factor in LineFactor.objects.select_related("template")[:limit]:
        for number in range(1, len(factor.levels) + 1):
            status = level_status(factor, number)
            metric = status["judged_on"][0]
            rows.append(
                {
                    "id": f"line-{factor.pk}-{number}",
                    "template": factor.template.slug,
                    "title": level_title(factor, number),
                    "status": factor.status,
                    "decided_by": factor.decided_by,
                    "url": reverse("admin:experiments_linefactor_change", args=[factor.pk]),
                    "metric": metric,
                    **status,
                    **level_series(factor, number, metric),
                }
            )
    return rows


def unmapped_spans(limit: int = 10) -> list[dict]:
    """OpenTelemetry spans that mapped to nothing, most frequent first."""
    return list(
        UnmappedSpan.objects.order_by("-count").values("agent__name", "reason", "count", "example")[:limit]
    )
