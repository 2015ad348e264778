"""The weekly feedback scan of a template's window, stored classified: the events' feedback not
classified yet (with a model configured, none is classified as it arrives) and what has no event
of its own (confidence trends, the planner's anti-patterns and alerts, an improver template's
meta feedback). The items, and the classifying of events as they arrive, are learning's
(learning.feedback)."""

from datetime import datetime

from django.db.models import Avg, CharField, Count, Exists, OuterRef, Q
from django.db.models.functions import Cast

from fleet.models import AgentTemplate, DocumentVersion
from governance.models import ChangeDecision
from improver.handoffs import handed_down
from improver.llm import LLMClassifier, client_from_settings
from improver.models import EvolutionSession
from improver.selectors import performance_delta
from language.classify import Classifier, RawFeedback
from learning.feedback import (
    EVENT_FEEDBACK,
    FEEDBACK_SOURCES,
    SOURCE_OF_EVENT,
    feedback_store,
    rule_classifier,
)
from learning.models import FeedbackItem
from planner.models import Alert
from planner.selectors import patterns as pattern_views
from telemetry.models import SkillOutcome

BATCH = 2000


def default_classifier() -> Classifier:
    """The configured model's classifier, falling back on the rules; the rules alone without one."""
    rules = rule_classifier()
    client = client_from_settings()
    return LLMClassifier(client, rules) if client else rules


def raw_feedback(template: AgentTemplate, since: datetime, until: datetime) -> list[RawFeedback]:
    """The feedback of the template's agents in (since, until] not stored yet, unclassified.

    Feedback events are classified as they arrive (learning.feedback): the events read here
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
    arrive, see learning.feedback: the scan then classifies only what has no event of its
    own, such as trends, anti-patterns and alerts). Returns the items it stored."""
    classifier = classifier or default_classifier()
    stored = FeedbackItem.objects.filter(template=template, occurred_at__gt=since, occurred_at__lte=until)
    before = stored.count()
    # the events' feedback is read unstored already; the few derived items (trends, anti-patterns,
    # alerts) are told apart from those stored by an earlier scan here
    known = set(stored.exclude(source_type__in=FEEDBACK_SOURCES).values_list("source_type", "source_id"))
    raw = [r for r in raw_feedback(template, since, until) if (r.source_type, r.source_id[:200]) not in known]
    for start in range(0, len(raw), BATCH):
        feedback_store(template.pk, classifier.classify(raw[start : start + BATCH]))
    return stored.count() - before
