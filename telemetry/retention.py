"""Retention: retire raw events (whole time partitions on PostgreSQL, bounded batches of rows
elsewhere), keeping whatever something upstairs still cites.

Summary rows (stores, snapshots, friction events, facts, feedback items, proposals) are never
touched; only the raw event tables shrink. Telemetry does not know who cites its events: the apps
that do register a keeper at start-up (`register_keeper`), returning the ids they need per event
type. Governance keeps what proposals cite (`evidence["cites"]`), the improver what its feedback
items came from.
"""

import logging
from collections import defaultdict
from collections.abc import Callable, Iterable
from datetime import timedelta

from django.db import connection, transaction

from config import clock
from telemetry import partitions
from telemetry.models import EVENT_MODELS, LearnedFact, TraceSpan

log = logging.getLogger(__name__)

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
) -> dict:
    """Retire raw events older than the cutoff, keeping what something still cites.

    On PostgreSQL each partition wholly older than the cutoff is retired whole (detached, its
    cited rows copied back, dropped: `telemetry.partitions.partition_retire`); the rows older
    than the cutoff's period that lie outside any partition (the default one) are deleted row
    by row. Elsewhere every old row is deleted row by row, batch by batch (one short
    transaction each). Returns per event type the rows retired (a dropped partition counts as
    its planner's estimate), "partitions" (per type, the partitions dropped or that would be),
    "trace_spans" and "kept_as_evidence"."""
    cutoff = (now or clock.now()) - timedelta(days=older_than_days)
    keep = protected_ids()
    deleted: dict = {"partitions": {}}
    row_cutoff = cutoff
    if partitions.enabled():
        row_cutoff = partitions.period_of(cutoff)[0]  # later rows wait for their partition's turn
    for event_type, model in EVENT_MODELS.items():
        retired = 0
        if partitions.enabled():
            dropped, retired = _retire_partitions(
                model._meta.db_table, cutoff, keep.get(event_type, set()), dry_run
            )
            deleted["partitions"][event_type] = dropped
        old = model.objects.filter(occurred_at__lt=row_cutoff).exclude(pk__in=keep.get(event_type, set()))
        deleted[event_type] = retired + _delete(model, old, batch_size, dry_run, event_type, progress)
    spans = TraceSpan.objects.filter(received_at__lt=cutoff)  # kept spans of mapped traces
    deleted["trace_spans"] = _delete(TraceSpan, spans, batch_size, dry_run, "trace_spans", None)
    deleted["kept_as_evidence"] = sum(len(v) for v in keep.values())
    return deleted


def _retire_partitions(table: str, cutoff, keep: set[int], dry_run: bool) -> tuple[list[str], int]:
    """Retire (or, dry, name) the table's partitions that end at or before `cutoff`."""
    with connection.cursor() as cursor:
        old = [p for p in partitions.partitions(cursor, table) if p.end is not None and p.end <= cutoff]
    names, rows = [], 0
    for partition in old:
        rows += partitions.stored_rows(partition)
        if not dry_run:
            kept = partitions.partition_retire(table, partition, keep)
            rows -= kept
            log.info("%s: partition %s dropped (%d cited rows kept)", table, partition.name, kept)
        names.append(partition.name)
    return names, rows


def _delete(model, old, batch_size: int, dry_run: bool, label: str, progress) -> int:
    """Delete the rows of `old` batch by batch (one short transaction each); dry: count them."""
    if dry_run:
        return old.count()
    total, expected = 0, old.count()
    while True:
        with transaction.atomic():
            ids = list(old.order_by("pk").values_list("pk", flat=True)[:batch_size])
            if not ids:
                break
            model.objects.filter(pk__in=ids).delete()
        total += len(ids)
        if progress:
            progress(label, total, expected)
    return total
