"""Feedback extraction for a template over a window, stored classified."""

from collections import defaultdict
from datetime import datetime

from django.conf import settings
from django.db.models import Avg, CharField, Count, Exists, OuterRef, Q
from django.db.models.functions import Cast

from fleet.models import AgentTemplate, DocumentVersion
from governance.models import ChangeDecision
from improver.handoffs import handed_down
from improver.llm import LLMClassifier, client_from_settings
from improver.models import EvolutionSession, FeedbackItem
from improver.selectors import FEEDBACK_SOURCES, performance_delta
from language.classify import Classifier, RawFeedback, RuleClassifier
from planner.models import Alert
from planner.selectors import patterns as pattern_views
from telemetry.models import Correction, Decision, Observation, SkillOutcome, WakeRun

BATCH = 2000


def default_classifier() -> Classifier:
    cfg = settings.KAIZEN
    rules = RuleClassifier(low=cfg["RATING_NEGATIVE_BELOW"], high=cfg["RATING_POSITIVE_ABOVE"])
    client = client_from_settings()
    return LLMClassifier(client, rules) if client else rules


def _observation(o: dict) -> RawFeedback:
    hints = {"sentiment": o["sentiment"], "category": o["category"]}
    return RawFeedback("observation", str(o["id"]), o["occurred_at"], o["text"], o["agent_id"], hints)


def _decision(d: dict) -> RawFeedback:
    text = f"{d['verdict']} {d['subject']}" + (f": {d['reason']}" if d["reason"] else "")
    return RawFeedback(
        "decision", str(d["id"]), d["occurred_at"], text, d["agent_id"], {"verdict": d["verdict"]}
    )


def _correction(c: dict) -> RawFeedback:
    return RawFeedback("correction", str(c["id"]), c["occurred_at"], c["user_message"], c["agent_id"])


def _wake_rating(w: dict) -> RawFeedback:
    text = f"user rating {w['user_rating']:.2f}"
    return RawFeedback(
        "wake_rating", str(w["id"]), w["occurred_at"], text, w["agent_id"], {"rating": w["user_rating"]}
    )


# What each event type says as feedback: (model, the columns read, the row → RawFeedback).
EVENT_FEEDBACK = {
    "observation": (Observation, ("text", "sentiment", "category"), _observation),
    "decision": (Decision, ("subject", "verdict", "reason"), _decision),
    "correction": (Correction, ("user_message",), _correction),
    "wake_run": (WakeRun, ("user_rating",), _wake_rating),
}


SOURCE_OF_EVENT = {event_type: source_type for source_type, event_type in FEEDBACK_SOURCES.items()}


def raw_feedback(template: AgentTemplate, since: datetime, until: datetime) -> list[RawFeedback]:
    """The feedback of the template's agents in (since, until] not stored yet, unclassified.

    Feedback events are classified as they arrive (`feedback_at_arrival`): the events read here
    are only those without an item yet (an anti-join on the item's unique key, in SQL), so a
    week of stored feedback is not read again into Python each week."""
    events = Q(template_version__document__template=template, occurred_at__gt=since, occurred_at__lte=until)
    items: list[RawFeedback] = []
    for event_type, (model, columns, build) in EVENT_FEEDBACK.items():
        stored = FeedbackItem.objects.filter(
            template=template,
            source_type=SOURCE_OF_EVENT[event_type],
            source_id=Cast(OuterRef("id"), output_field=CharField()),
        )
        rows = model.objects.filter(events).exclude(Exists(stored))
        if event_type == "wake_run":
            rows = rows.filter(user_rating__isnull=False)
        items += [build(row) for row in rows.values("id", "agent_id", "occurred_at", *columns)]
    items += handed_feedback(template, since, until)
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


def handed_feedback(template: AgentTemplate, since: datetime, until: datetime) -> list[RawFeedback]:
    """The negative feedback of the agents this template hands work to that counts for it
    (improver.handoffs), not stored for it yet: the template's ritual reads it as its own."""
    handed = [h for h in handed_down(template, since, until) if h.event_type in EVENT_FEEDBACK]
    if not handed:
        return []
    stored = set(
        FeedbackItem.objects.filter(
            template=template,
            source_type__in={SOURCE_OF_EVENT[h.event_type] for h in handed},
            source_id__in={str(h.row["id"]) for h in handed},
        ).values_list("source_type", "source_id")
    )
    return [
        EVENT_FEEDBACK[h.event_type][2](h.row)
        for h in handed
        if (SOURCE_OF_EVENT[h.event_type], str(h.row["id"])) not in stored
    ]


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


def feedback_extract(
    *, template: AgentTemplate, since: datetime, until: datetime, classifier: Classifier | None = None
) -> int:
    """Classify and store the window's feedback not stored yet (events are classified as they
    arrive, see `feedback_at_arrival`: the scan then classifies only what has no event of its
    own, such as trends, anti-patterns and alerts). Returns the items it stored."""
    classifier = classifier or default_classifier()
    stored = FeedbackItem.objects.filter(template=template, occurred_at__gt=since, occurred_at__lte=until)
    before = stored.count()
    # the events' feedback is read unstored already; the few derived items (trends, anti-patterns,
    # alerts) are told apart from those stored by an earlier scan here
    known = set(stored.exclude(source_type__in=FEEDBACK_SOURCES).values_list("source_type", "source_id"))
    raw = [r for r in raw_feedback(template, since, until) if (r.source_type, r.source_id[:200]) not in known]
    for start in range(0, len(raw), BATCH):
        _store(template.pk, classifier.classify(raw[start : start + BATCH]))
    return stored.count() - before


def _store(template_id: int, classified: list) -> None:
    """Store classified feedback of one template, once per source (a second copy is ignored)."""
    FeedbackItem.objects.bulk_create(
        [
            FeedbackItem(
                template_id=template_id,
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
            for c in classified
        ],
        ignore_conflicts=True,
        batch_size=500,
    )


def feedback_at_arrival(event_type: str, rows: list[dict]) -> None:
    """Classify new feedback events once, as derived work, by the rules (with a model configured,
    the weekly scan classifies them with it instead), stored under their version's template."""
    if client_from_settings() is not None:
        return
    template_of = dict(
        DocumentVersion.objects.filter(
            pk__in={r["template_version_id"] for r in rows}, document__template__isnull=False
        ).values_list("pk", "document__template")
    )
    build, by_template = EVENT_FEEDBACK[event_type][2], defaultdict(list)
    for row in rows:
        if row["template_version_id"] in template_of:
            by_template[template_of[row["template_version_id"]]].append(build(row))
    for template_id, raw in by_template.items():
        _store(template_id, default_classifier().classify(raw))


def observations_classified(*, agents: dict, rows: list[dict]) -> None:
    feedback_at_arrival("observation", rows)


def decisions_classified(*, agents: dict, rows: list[dict]) -> None:
    feedback_at_arrival("decision", rows)


def corrections_classified(*, agents: dict, rows: list[dict]) -> None:
    feedback_at_arrival("correction", rows)


def ratings_classified(*, agents: dict, rows: list[dict]) -> None:
    feedback_at_arrival("wake_run", rows)
