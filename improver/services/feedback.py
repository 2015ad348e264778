"""Feedback extraction for a template over a window, stored classified."""

from datetime import datetime

from django.conf import settings
from django.db import transaction
from django.db.models import Avg, Count, Q

from fleet.models import AgentTemplate, DocumentVersion
from governance.models import ChangeDecision
from improver.classify import Classifier, RawFeedback, RuleClassifier
from improver.llm import LLMClassifier, client_from_settings
from improver.models import EvolutionSession, FeedbackItem
from improver.selectors import performance_delta
from planner.models import Alert
from planner.selectors import patterns as pattern_views
from telemetry.models import Correction, Decision, Observation, SkillOutcome, WakeRun

BATCH = 2000


def default_classifier() -> Classifier:
    cfg = settings.KAIZEN
    rules = RuleClassifier(low=cfg["RATING_NEGATIVE_BELOW"], high=cfg["RATING_POSITIVE_ABOVE"])
    client = client_from_settings()
    return LLMClassifier(client, rules) if client else rules


def raw_feedback(template: AgentTemplate, since: datetime, until: datetime) -> list[RawFeedback]:
    """Every feedback source of the template's agents in (since, until], unclassified."""
    events = Q(template_version__document__template=template, occurred_at__gt=since, occurred_at__lte=until)
    items: list[RawFeedback] = []
    for o in Observation.objects.filter(events).values(
        "id", "agent_id", "occurred_at", "text", "sentiment", "category"
    ):
        items.append(
            RawFeedback(
                "observation",
                str(o["id"]),
                o["occurred_at"],
                o["text"],
                o["agent_id"],
                {"sentiment": o["sentiment"], "category": o["category"]},
            )
        )
    for d in Decision.objects.filter(events).values(
        "id", "agent_id", "occurred_at", "subject", "verdict", "reason"
    ):
        text = f"{d['verdict']} {d['subject']}" + (f": {d['reason']}" if d["reason"] else "")
        items.append(
            RawFeedback(
                "decision", str(d["id"]), d["occurred_at"], text, d["agent_id"], {"verdict": d["verdict"]}
            )
        )
    for c in Correction.objects.filter(events).values("id", "agent_id", "occurred_at", "user_message"):
        items.append(
            RawFeedback("correction", str(c["id"]), c["occurred_at"], c["user_message"], c["agent_id"])
        )
    for w in WakeRun.objects.filter(events, user_rating__isnull=False).values(
        "id", "agent_id", "occurred_at", "user_rating"
    ):
        items.append(
            RawFeedback(
                "wake_run",
                str(w["id"]),
                w["occurred_at"],
                f"user rating {w['user_rating']:.2f}",
                w["agent_id"],
                {"rating": w["user_rating"]},
            )
        )
    # report confidence trend: one item per agent and window, from the average reported confidence
    trends = (
        SkillOutcome.objects.filter(events, confidence__isnull=False)
        .values("agent_id")
        .annotate(avg=Avg("confidence"), n=Count("id"))
        .filter(n__gte=3)
    )
    for t in trends:
        items.append(
            RawFeedback(
                "confidence_trend",
                f"{t['agent_id']}:{until:%Y-%m-%d}",
                until,
                f"average reported confidence {t['avg']:.2f} over {t['n']} outcomes",
                t["agent_id"],
                {"confidence": t["avg"]},
            )
        )
    # the planner's signals: anti-patterns and chronic failures
    for p in pattern_views(template_id=template.pk, now=until):
        if p["anti_pattern"]:
            items.append(
                RawFeedback(
                    "anti_pattern",
                    f"{p['name'][:180]}:{until:%Y-%m-%d}",
                    until,
                    p["prompt_line"],
                    None,
                    {"pattern": p["name"]},
                )
            )
    if template.level == 1:
        items += meta_feedback(template, since, until)
    for a in Alert.objects.filter(
        kind=Alert.Kind.ACTION_QUALITY, agent__template=template, created_at__gt=since, created_at__lte=until
    ):
        items.append(RawFeedback("chronic_failure", str(a.pk), a.created_at, a.message))
    return items


def meta_feedback(template: AgentTemplate, since: datetime, until: datetime) -> list[RawFeedback]:
    """Feedback on an improver template (level 1), read off the sessions of improvers running it:
    approval verdicts and ratings, directive churn (> 3 versions in the window), and the
    performance delta after each approved evolution."""
    sessions = EvolutionSession.objects.filter(
        improver__agent__template=template, created_at__gt=since, created_at__lte=until
    ).select_related("template")
    items: list[RawFeedback] = []
    for d in ChangeDecision.objects.filter(
        proposal__type="template_evolution",
        created_at__gt=since,
        created_at__lte=until,
        proposal__created_by_agent__template=template,
    ):
        items.append(
            RawFeedback(
                "session_verdict",
                str(d.pk),
                d.created_at,
                f"evolution proposal #{d.proposal_id} {d.verdict}: {d.reason}"[:500],
                None,
                {"verdict": d.verdict, "rating": d.rating},
            )
        )
    evolved = {s.template for s in sessions}
    for t in evolved:
        versions = DocumentVersion.objects.filter(
            document=t.document_id, created_at__gt=since, created_at__lte=until
        ).count()
        if versions > 3:
            items.append(
                RawFeedback(
                    "directive_churn",
                    f"{t.slug}:{until:%Y-%m-%d}",
                    until,
                    f"directive churn: {t.slug} got {versions} versions in the window",
                    None,
                    {"versions": versions},
                )
            )
        delta = performance_delta(t).get("success_rate_delta")
        if delta is not None:
            items.append(
                RawFeedback(
                    "evolution_delta",
                    f"{t.slug}:{until:%Y-%m-%d}",
                    until,
                    f"success rate of {t.slug} moved {delta:+.1%} after its last evolution",
                    None,
                    {"delta": delta},
                )
            )
    return items


def _normalise(item: RawFeedback) -> RawFeedback:
    if item.source_type == "wake_run":
        return RawFeedback(
            "wake_rating", item.source_id, item.occurred_at, item.text, item.agent_id, item.hints
        )
    return item


def feedback_extract(
    *, template: AgentTemplate, since: datetime, until: datetime, classifier: Classifier | None = None
) -> int:
    """Classify and store the window's feedback; items already stored are skipped. Returns new items."""
    classifier = classifier or default_classifier()
    raw = [_normalise(i) for i in raw_feedback(template, since, until)]
    known = (
        set(
            FeedbackItem.objects.filter(
                template=template, source_id__in=[r.source_id for r in raw]
            ).values_list("source_type", "source_id")
        )
        if len(raw) < 5000
        else None
    )
    if known is not None:
        raw = [r for r in raw if (r.source_type, r.source_id) not in known]
    created = 0
    for start in range(0, len(raw), BATCH):
        chunk = classifier.classify(raw[start : start + BATCH])
        rows = [
            FeedbackItem(
                template=template,
                agent_id=c.raw.agent_id,
                source_type=c.raw.source_type,
                source_id=c.raw.source_id[:200],
                sentiment=c.sentiment,
                category=c.category,
                confidence=round(c.confidence, 3),
                detail=c.raw.text[:2000],
                classifier=c.classifier,
                occurred_at=c.raw.occurred_at,
            )
            for c in chunk
        ]
        with transaction.atomic():
            before = FeedbackItem.objects.filter(template=template).count()
            FeedbackItem.objects.bulk_create(rows, ignore_conflicts=True, batch_size=500)
            created += FeedbackItem.objects.filter(template=template).count() - before
    return created
