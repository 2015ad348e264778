"""Feedback classified as it arrives: each new observation, decision, correction and rated wake
run becomes one FeedbackItem of its version's template, classified by the rules, once per source.

Derived work calls the handlers here (registered in learning.wiring). With a model configured
they leave the events alone: the improver's weekly scan (improver.services.feedback) classifies
them with the model instead, and stores its items through `feedback_store` as well.
"""

from collections import defaultdict

from django.conf import settings

from fleet.models import DocumentVersion
from language.classify import RawFeedback, RuleClassifier
from learning.models import FeedbackItem
from telemetry.models import Correction, Decision, Observation, WakeRun

FEEDBACK_SOURCES = {  # feedback item source type → the event type it was read from
    "observation": "observation",
    "decision": "decision",
    "correction": "correction",
    "wake_rating": "wake_run",
}
SOURCE_OF_EVENT = {event_type: source_type for source_type, event_type in FEEDBACK_SOURCES.items()}


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


def model_configured() -> bool:
    """Whether a language model is configured to classify feedback (KAIZEN_LLM_BASE_URL)."""
    return bool(settings.KAIZEN["LLM_BASE_URL"])


def rule_classifier() -> RuleClassifier:
    """The rules that classify feedback, with the configured bounds of a negative and a positive
    rating."""
    cfg = settings.KAIZEN
    return RuleClassifier(low=cfg["RATING_NEGATIVE_BELOW"], high=cfg["RATING_POSITIVE_ABOVE"])


def feedback_store(template_id: int, classified: list) -> None:
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
    if model_configured():
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
        feedback_store(template_id, rule_classifier().classify(raw))


def observations_classified(*, agents: dict, rows: list[dict]) -> None:
    feedback_at_arrival("observation", rows)


def decisions_classified(*, agents: dict, rows: list[dict]) -> None:
    feedback_at_arrival("decision", rows)


def corrections_classified(*, agents: dict, rows: list[dict]) -> None:
    feedback_at_arrival("correction", rows)


def ratings_classified(*, agents: dict, rows: list[dict]) -> None:
    feedback_at_arrival("wake_run", rows)
