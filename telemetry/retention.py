"""Retention: prune raw events in bounded batches, keeping whatever something upstairs still cites.

Summary rows (stores, snapshots, friction events, facts, feedback items, proposals) are never
touched; only the raw event tables shrink. Telemetry does not know who cites its events: the apps
that do register a keeper at start-up (`register_keeper`), returning the ids they need per event
type. Governance keeps what proposals cite (`evidence["cites"]`), the improver what its feedback
items came from.
"""

from collections import defaultdict
from collections.abc import Callable, Iterable
from datetime import timedelta

from django.db import transaction

from config import clock
from telemetry.models import EVENT_MODELS, LearnedFact, TraceSpan

Keeper = Callable[[], dict[str, Iterable[int]]]
_keepers: list[Keeper] = []


def register_keeper(keeper: Keeper) -> Keeper:
    """Register `keeper() -> {event type: ids}` (events that must outlive the retention window)."""
    if keeper not in _keepers:
        _keepers.append(keeper)
    return keeper


def as_ids(values) -> set[int]:
    """The integers among `values` (evidence is JSON written by many producers: tolerate noise)."""
    out = set()
    for value in values or []:
        try:
            out.add(int(value))
        except (TypeError, ValueError):
            continue
    return out


def protected_ids() -> dict[str, set[int]]:
    """Event ids per event type that must be kept: corrections behind active facts, and whatever
    every registered keeper names."""
    keep: dict[str, set[int]] = defaultdict(set)
    keep["correction"] |= set(
        LearnedFact.objects.filter(status="active", correction__isnull=False).values_list(
            "correction_id", flat=True
        )
    )
    for keeper in _keepers:
        for event_type, ids in keeper().items():
            keep[event_type] |= as_ids(ids)
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
    spans = TraceSpan.objects.filter(received_at__lt=cutoff)  # kept spans of mapped traces
    if dry_run:
        deleted["trace_spans"] = spans.count()
    else:
        deleted["trace_spans"] = 0
        while ids := list(spans.order_by("pk").values_list("pk", flat=True)[:batch_size]):
            deleted["trace_spans"] += TraceSpan.objects.filter(pk__in=ids).delete()[0]
    deleted["kept_as_evidence"] = sum(len(v) for v in keep.values())
    return deleted
