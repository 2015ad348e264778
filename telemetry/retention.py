"""Retention: retire raw events (whole time partitions on PostgreSQL, bounded batches of rows
elsewhere), keeping whatever something still needs.

Summary rows (stores, snapshots, friction events, facts, feedback items, proposals) are never
touched; the raw event tables shrink, and so do two records kept beside them: the trace spans
of mapped traces, and the exposures (sessions assigned to a canary's arms) of canaries that have
ended, past the same cutoff. What must be kept is decided in SQL, never as a list
of ids: per event type, a union of subqueries naming the ids to keep. Telemetry keeps the events
whose derived work has not run yet (the to-do list); the apps above answer the `keep_events`
signal (connected in their wiring.py at start-up) with, per event type, a queryset of the ids they
cite (learning: the corrections behind active facts; governance: every proposal's citations).

How far each event type was retired is recorded (RetentionHorizon) before its rows go: a session
digest derived afterwards from a session whose events may reach back before it says so.

Each event type is retired on its own: a failure on one (a lock never granted behind a long
reader, say) is logged and reported under "failed" while the others go on; the daily task then
raises so Celery tries it again, and /readyz and /metrics show the job failing until it passes.
"""

import logging
import time
from collections.abc import Callable
from datetime import timedelta

from django.db import connection, transaction
from django.db.models import Exists, OuterRef, QuerySet
from django.dispatch import Signal

from config import clock
from fleet.documents import exposures_ended_before
from fleet.models import Exposure
from telemetry import partitions
from telemetry.models import EVENT_MODELS, PendingDerivation, RetentionHorizon, TraceSpan

log = logging.getLogger(__name__)

# Sent with `event_type` (the sender is its event model) whenever retention asks what it must
# keep; a receiver returns a queryset of the ids of that type that must outlive the retention
# window (one column), or None when it keeps none. The queryset becomes a subquery, never evaluated.
keep_events = Signal()
# Sent with `before` (the cutoff) once the events are retired; a receiver returns (a label, a
# queryset of its own rows past retention) or None: each is deleted in batches like the events
# (the apps above keep records beside the events that grow with them, e.g. the experiments'
# draws of sessions for lines under test, kept while their test runs).
prune_beside = Signal()


def as_ids(values) -> set[int]:
    """The integers among `values` (evidence is JSON written by many producers: tolerate noise)."""
    out = set()
    for value in values or []:
        try:
            out.add(int(value))
        except (TypeError, ValueError):
            continue
    return out


def kept_querysets(event_type: str) -> list[QuerySet]:
    """The subqueries naming the ids of `event_type` to keep (each a single, non-null column)."""
    kept = [PendingDerivation.objects.filter(event_type=event_type).values_list("row_id", flat=True)]
    answers = keep_events.send(sender=EVENT_MODELS.get(event_type), event_type=event_type)
    kept.extend(qs for _, qs in answers if qs is not None)
    return kept


def kept_sql(event_type: str) -> tuple[str, list]:
    """`kept_querysets` as one SQL subquery and its parameters (a UNION ALL)."""
    parts, params = [], []
    for qs in kept_querysets(event_type):
        sql, p = qs.query.sql_with_params()
        parts.append(f"SELECT kid FROM ({sql}) AS k{len(parts)}(kid)")
        params.extend(p)
    return " UNION ALL ".join(parts), params


def prune_events(
    *,
    older_than_days: int,
    batch_size: int = 5000,
    dry_run: bool = False,
    now=None,
    progress: Callable[[str, int, int], None] | None = None,
) -> dict:
    """Retire raw events older than the cutoff, keeping what something still needs.

    On PostgreSQL each partition wholly older than the cutoff is retired whole
    (`telemetry.partitions.partition_retire`: its kept rows stay behind in a small partition of
    the same period, copied while ingest goes on, the rest is dropped; one a run killed half-way
    left detached is finished first); rows older than the cutoff's period that lie in the
    default partition or in such a kept partition, and are no longer needed, are deleted in
    batches. Elsewhere every old row is deleted batch by batch (one short transaction each).
    Returns per event type the rows retired (a dropped partition counts as its planner's
    estimate), "partitions" (per type, the partitions dropped or that would be), "kept" (per
    type, the rows kept past the cutoff), "trace_spans", "exposures" (of ended canaries), what
    the apps above pruned beside them (`prune_beside`, by their labels),
    "failed" (per type, the error that stopped it; the other types went on) and
    "retired_before" (the events dated before it are retired but those kept: the cutoff, on
    PostgreSQL the start of its partition's period)."""
    cutoff = (now or clock.now()) - timedelta(days=older_than_days)
    result: dict = {"partitions": {}, "kept": {}, "failed": {}}
    row_cutoff = partitions.period_of(cutoff)[0] if partitions.enabled() else cutoff
    for event_type, model in EVENT_MODELS.items():
        try:
            retired = 0
            if not dry_run:
                horizon_advance(event_type, row_cutoff)
            if partitions.enabled():
                dropped, retired = _retire_partitions(event_type, model._meta.db_table, cutoff, dry_run)
                result["partitions"][event_type] = dropped
            old = model.objects.filter(occurred_at__lt=row_cutoff)
            for qs in kept_querysets(event_type):  # NOT EXISTS: an anti-join at any size
                old = old.exclude(Exists(qs.filter(**{qs.query.values_select[0]: OuterRef("pk")})))
            result[event_type] = retired + _delete(model, old, batch_size, dry_run, event_type, progress)
            if not dry_run:
                _drop_empty_kept(model._meta.db_table, cutoff)
                result["kept"][event_type] = model.objects.filter(occurred_at__lt=row_cutoff).count()
        except Exception as exc:  # one type's failure must not stop the others: reported, retried
            log.error("retention of %s failed: %s", event_type, exc)
            result["failed"][event_type] = f"{type(exc).__name__}: {exc}".strip()[:500]
            result.setdefault(event_type, 0)
    spans = TraceSpan.objects.filter(received_at__lt=cutoff)  # kept spans of mapped traces
    result["trace_spans"] = _delete(TraceSpan, spans, batch_size, dry_run, "trace_spans", None)
    ended = exposures_ended_before(cutoff)  # a running canary's are kept, however old
    result["exposures"] = _delete(Exposure, ended, batch_size, dry_run, "exposures", progress)
    for _, answer in prune_beside.send(sender=TraceSpan, before=cutoff):
        if answer is not None:
            label, rows = answer
            result[label] = _delete(rows.model, rows, batch_size, dry_run, label, progress)
    result["kept_as_evidence"] = sum(result["kept"].values())
    result["retired_before"] = row_cutoff.isoformat()
    return result


def horizon_advance(event_type: str, before) -> None:
    """Record that the events of `event_type` dated before `before` are retired (but those kept),
    before any is: a session digest derived from now on knows what it may not see."""
    RetentionHorizon.objects.bulk_create(
        [RetentionHorizon(event_type=event_type, retired_before=before)], ignore_conflicts=True
    )
    RetentionHorizon.objects.filter(event_type=event_type, retired_before__lt=before).update(
        retired_before=before
    )


def _retire_partitions(event_type: str, table: str, cutoff, dry_run: bool) -> tuple[list[str], int]:
    """Retire (or, dry, name) the table's partitions that end at or before `cutoff`, after
    finishing those a killed run detached and left behind; the kept partitions of earlier runs
    are left to the row deletes."""
    with connection.cursor() as cursor:
        leftovers = partitions.retired_leftovers(cursor, table)
        old = [
            p
            for p in partitions.partitions(cursor, table)
            if p.end is not None and p.end <= cutoff and not p.keeps_evidence
        ]
    names, rows = [], 0
    for retired in leftovers:
        rows += partitions.stored_rows(partitions.Partition(retired, None, None))
        if not dry_run:
            sql, params = kept_sql(event_type)
            kept = partitions.retired_finish(table, retired, sql, params)
            rows -= kept
            log.info(
                "%s: %s, left by a run stopped half-way, dropped (%d more rows kept)", table, retired, kept
            )
        names.append(retired)
    for partition in old:
        rows += partitions.stored_rows(partition)
        if not dry_run:
            began = time.monotonic()
            sql, params = kept_sql(event_type)
            kept = partitions.partition_retire(table, partition, sql, params)
            rows -= kept
            log.info(
                "%s: partition %s dropped (%d rows kept) in %.1f s",
                table,
                partition.name,
                kept,
                time.monotonic() - began,
            )
        names.append(partition.name)
    return names, max(rows, 0)


def _drop_empty_kept(table: str, cutoff) -> None:
    """Drop the kept partitions past the cutoff whose rows are all gone now."""
    if not partitions.enabled():
        return
    with connection.cursor() as cursor:
        kept = [p for p in partitions.partitions(cursor, table) if p.keeps_evidence and p.end <= cutoff]
    for partition in kept:
        if partitions.drop_if_empty(table, partition):
            log.info(
                "%s: kept partition %s dropped (nothing in it is needed any more)", table, partition.name
            )


def _delete(model, old, batch_size: int, dry_run: bool, label: str, progress) -> int:
    """Delete the rows of `old` batch by batch (one short transaction each); dry: count them."""
    if dry_run:
        return old.count()
    total, expected = 0, old.count() if progress else 0  # the count only for a progress bar
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
