"""Retention: prune raw events in bounded batches, keeping whatever a proposal cites as evidence.

Summary rows (stores, snapshots, friction events, facts, feedback items, proposals) are never
touched; only the raw event tables shrink.
"""

from collections import defaultdict
from collections.abc import Callable
from datetime import timedelta

from django.db import transaction

from config import clock
from governance.models import Proposal
from improver.models import FeedbackItem
from telemetry.models import EVENT_MODELS, LearnedFact

FEEDBACK_SOURCES = {
    "observation": "observation",
    "decision": "decision",
    "correction": "correction",
    "wake_rating": "wake_run",
}


def _ints(values) -> set[int]:
    out = set()
    for v in values or []:
        try:
            out.add(int(v))
        except (TypeError, ValueError):
            continue
    return out


def protected_ids() -> dict[str, set[int]]:
    """Event ids (per event type) that proposals cite, directly or through feedback items."""
    keep: dict[str, set[int]] = defaultdict(set)
    feedback_ids: set[int] = set()
    correlation_ids: set[str] = set()
    for evidence in Proposal.objects.values_list("evidence", flat=True).iterator(chunk_size=500):
        if not isinstance(evidence, dict):
            continue
        keep["tool_invocation"] |= _ints(evidence.get("records"))
        keep["session_end"] |= _ints(evidence.get("reflections"))
        for event in evidence.get("events") or []:
            if isinstance(event, dict):
                keep["tool_invocation"] |= _ints(event.get("records"))
        feedback_ids |= _ints(evidence.get("feedback_items"))
        for failure in evidence.get("recent_failures") or []:
            if isinstance(failure, list | tuple) and failure:
                correlation_ids.add(str(failure[0]))
    for source_type, source_id in (
        FeedbackItem.objects.filter(pk__in=feedback_ids)
        .values_list("source_type", "source_id")
        .iterator(chunk_size=2000)
    ):
        if source_type in FEEDBACK_SOURCES:
            keep[FEEDBACK_SOURCES[source_type]] |= _ints([source_id])
    keep["correction"] |= set(
        LearnedFact.objects.filter(status="active", correction__isnull=False).values_list(
            "correction_id", flat=True
        )
    )
    if correlation_ids:
        keep["skill_outcome"] |= set(
            EVENT_MODELS["skill_outcome"]
            .objects.filter(correlation_id__in=correlation_ids)
            .values_list("pk", flat=True)
        )
    return keep


def prune_events(
    *,
    older_than_days: int,
    batch_size: int = 5000,
    dry_run: bool = False,
    now=None,
    progress: Callable[[str, int, int], None] | None = None,
) -> dict[str, int]:
    """Delete raw events older than the cutoff, batch by batch (one short transaction each)."""
    cutoff = (now or clock.now()) - timedelta(days=older_than_days)
    keep = protected_ids()
    deleted: dict[str, int] = {}
    for event_type, model in EVENT_MODELS.items():
        old = model.objects.filter(occurred_at__lt=cutoff).exclude(pk__in=keep.get(event_type, set()))
        if dry_run:
            deleted[event_type] = old.count()
            continue
        total, expected = 0, old.count()
        while True:
            with transaction.atomic():
                ids = list(old.order_by("pk").values_list("pk", flat=True)[:batch_size])
                if not ids:
                    break
                model.objects.filter(pk__in=ids).delete()
            total += len(ids)
            if progress:
                progress(event_type, total, expected)
        deleted[event_type] = total
    deleted["kept_as_evidence"] = sum(len(v) for v in keep.values())
    return deleted
