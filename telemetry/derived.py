"""Derived work, off the request path and durable through broker or worker outages.

The statement that stores an event some handler wants (telemetry/hooks.py) also writes it to
the to-do list (PendingDerivation), so the list is exactly as durable as the events, and the
event tables are never updated after their INSERT. The worker drains the list in bounded
batches, oldest first (beat runs `telemetry.derive_pending` every 2 s; each run drains the
list and keeps polling it for KAIZEN_DERIVE_FOLLOW_SECONDS, or until its time is up).
Entries leave the list in the same transaction that derives from them; the list is split into
buckets by agent, each worked by one pass at a time (so runs on several workers share the
work and none does any twice), and a deadlock or lost connection rolls the batch back
for the next pass, so a killed worker or a second run doubles nothing and loses nothing. A
handler that raises on some rows (in its own savepoint, so its siblings' results stand) puts
those rows back for itself alone, due again after a doubling wait (KAIZEN_DERIVE_RETRY_SECONDS);
after KAIZEN_DERIVE_MAX_ATTEMPTS they are parked, shown in the admin with their error (re-run
there once the cause is fixed), counted on /metrics and reported by /readyz. A handler that
fails on a group of rows is run again on halves of it, down to single rows, so exactly the
events it fails on are retried and counted. A handler has KAIZEN_DERIVE_HANDLER_SECONDS for a
batch (a group of it a share by its rows, see `_share`); one that runs past its time is
interrupted like a failure, and the rows it ran past its time on alone are parked at once with
that reason (trying them again would only take that time again), while the batch goes on.
Without a broker (tests, the demo) the list is drained in-process right after the ingest
stores its rows.

`backlog()` is the list's size and how long its oldest entry has waited (the derived-work lag),
exported on /metrics (the ingest benchmark samples the same age with its own query).
"""

import logging
import math
import random
import select
import signal
import threading
import time
from collections import defaultdict
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import timedelta

from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.db import OperationalError, connection, transaction
from django.db.models import Count, F, Min, Q, Window
from django.db.models.functions import RowNumber
from django.db.transaction import TransactionManagementError
from psycopg import pq

from config import clock
from config.celery import app
from fleet.models import Agent, PeriodicClaim
from telemetry import hooks
from telemetry.models import EVENT_MODELS, PendingDerivation
from telemetry.row_reads import rows_by_id

log = logging.getLogger(__name__)
BATCH_ROWS = 2000
FAIR_SLICE = 200  # entries of one agent per turn of a batch
TIME_BUDGET_S = 20.0
POLL_S = 1.0  # a batch costs ~30 ms whatever its size: fewer, larger ones while following
ADVISORY_LOCK = 0x4B5A_0001  # derive_pending's PostgreSQL advisory locks: (this, bucket)
MAX_RETRY_WAIT_S = 3600
HANDLER_FLOOR_S = 1.0  # the least time a handler gets for any group of rows (its fixed costs)
PASS_SHARE = 0.9  # of its time limit, what a pass's handlers may use: the rest stores and commits
SLOT_HANDLER_TIMES = 3  # a batch's least time, in handler time limits (whole, by agent, row by row)


class HandlerTimeout(KeyboardInterrupt):
    """A handler ran past its time limit. Raised as an interrupt, not an error: a database driver
    interrupted inside a statement cancels it on the server first (psycopg does so for
    KeyboardInterrupt); what it may leave behind is cleared by `_rewind`."""


TIMED_OUT = f"{HandlerTimeout.__name__}:"  # how the error of a handler that ran past its time begins
# What an entry left for the next pass says when its handler ran past its time on its group: the
# next pass runs it alone at once, instead of spending the group's time limit on it again.
ALONE = "Waiting to be derived alone: its handler ran past its time on the group it was in."


def pass_time_limit() -> float:
    """The soft time limit of one derive pass (the Celery task's): its time budget, or the time it
    follows the list, whichever is longer, plus room for its last batch, whose handlers may each
    use their time (KAIZEN_DERIVE_HANDLER_SECONDS) and, when one runs past it, about as much
    again to find the rows it ran past it on."""
    cfg = settings.KAIZEN
    return max(TIME_BUDGET_S, cfg["DERIVE_FOLLOW_SECONDS"]) + 10 * cfg["DERIVE_HANDLER_SECONDS"]


def derive_pending(
    *, max_batches: int = 1000, types: list[str] | None = None, follow_seconds: float = 0
) -> int:
    """Hand the to-do list to the handlers, batch by batch, until it is empty, `max_batches`
    batches or TIME_BUDGET_S have passed (at the end of a round over the buckets); return the
    entries drained. With `follow_seconds`,
    an empty list is polled every POLL_S until that long after the start.

    The list is worked in KAIZEN_DERIVE_BUCKETS buckets by agent (the agent's id modulo the
    count). A pass takes the buckets in turn, one batch each per round, from a random one on,
    each under its own PostgreSQL advisory lock, and skips a bucket another pass holds: K
    passes, on any number of workers and machines, drain K buckets at once, and no bucket is
    ever worked by two. Within a bucket a batch takes each agent's oldest entries in slices of
    FAIR_SLICE in turn (see `_claim`), so an agent's backlog delays no other agent's results by
    more than a batch. An agent's events (and so its sessions) stay in one bucket; rows several
    agents share are written by idempotent upserts, or folded after the batch commits in a short
    transaction of their own (`hooks.batches_committed`), so no pass waits on another's batch.

    A pass ends before its time limit: its handlers have PASS_SHARE of it, and a batch whose time
    runs out commits what its handlers finished and leaves the rest on the list, as it was, for
    the next pass (a pass killed at its limit would roll the whole batch back, every time). A
    batch has that time shared by the buckets, or SLOT_HANDLER_TIMES handler time limits if more
    (a whole batch, its agents and its slow rows one by one each get a turn): one bucket's slow
    entries leave the pass time for the other buckets, whose turn comes in the same round."""
    drained, batches, started = 0, 0, time.monotonic()
    deadline = started + PASS_SHARE * pass_time_limit()
    count = settings.KAIZEN["DERIVE_BUCKETS"]
    slot = max((deadline - started) / count, SLOT_HANDLER_TIMES * settings.KAIZEN["DERIVE_HANDLER_SECONDS"])
    first = random.randrange(count)
    hooks.batches_done()  # what a killed pass left to fold
    while True:
        full = False  # a bucket gave a whole batch, or one it had no time to finish: another round
        for bucket in [(first + i) % count for i in range(count)]:
            if time.monotonic() >= deadline:
                return drained
            with _bucket_held(bucket) as mine:
                until = min(deadline, time.monotonic() + slot)
                taken, done = _derive_batch(types, bucket, count, until) if mine else (0, 0)
            if done:
                hooks.batches_done()
            batches, drained = batches + bool(taken), drained + done
            full = full or taken == BATCH_ROWS or done < taken
            if batches >= max_batches:
                return drained
        if time.monotonic() - started > TIME_BUDGET_S:  # every bucket had its turn in the round
            return drained
        if full:
            continue
        # every bucket this pass could take is drained: follow the list, or leave
        if time.monotonic() - started + POLL_S > follow_seconds:
            return drained
        time.sleep(POLL_S)


@contextmanager
def _bucket_held(bucket: int):
    """Whether this pass holds `bucket` (a session-level PostgreSQL advisory lock, released on
    leaving, or by the server when the connection dies with a killed worker)."""
    if connection.vendor != "postgresql" or connection.in_atomic_block:
        yield True  # SQLite has one writer anyway; inside a transaction the caller serialises
        return
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_try_advisory_lock(%s, %s)", [ADVISORY_LOCK, bucket])
        mine = cursor.fetchone()[0]
    try:
        yield mine
    finally:
        if mine:
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_unlock(%s, %s)", [ADVISORY_LOCK, bucket])


def _derive_batch(
    types: list[str] | None, bucket: int = 0, buckets: int = 1, deadline: float = math.inf
) -> tuple[int, int]:
    """Derive from the oldest BATCH_ROWS entries due of one bucket (of `types`), type by type,
    until `deadline` (time.monotonic()); return the entries it took and those it finished. The
    entries leave the list in the transaction that stores their handlers' results; an entry
    whose handler raised is written back for that handler alone, to be retried later or parked,
    and one its handler had no time left for is written back as it was, for the next pass."""
    with transaction.atomic():
        now = clock.db_now()
        entries = _claim(types, now, bucket, buckets)
        if not entries:
            return 0, 0
        by_type: dict[str, list[PendingDerivation]] = defaultdict(list)
        for entry in entries:
            by_type[entry.event_type].append(entry)
        work = _Work(deadline)
        for event_type in hooks.handled_types(by_type):
            _dispatch(work, event_type, by_type[event_type])
        work.alone()
        PendingDerivation.objects.filter(id__any_of=[entry.id for entry in entries]).delete()
        PendingDerivation.objects.bulk_create([*(_retry(entry, now) for entry in work.failed), *work.left])
    waiting = {(entry.event_type, entry.row_id) for entry in work.left}
    return len(entries), sum((entry.event_type, entry.row_id) not in waiting for entry in entries)


def _claim(types: list[str] | None, now, bucket: int, buckets: int) -> list[PendingDerivation]:
    """BATCH_ROWS entries of the bucket neither parked nor waiting for their retry time, taken
    fairly: each agent's oldest FAIR_SLICE first, then each one's next slice, and so on, oldest
    first within a turn. An agent with a long backlog gets a slice per turn like any other, and
    each agent's entries are taken in the order they arrived (a prefix of its own list)."""
    todo = PendingDerivation.objects.filter(parked_at__isnull=True).filter(
        Q(not_before__isnull=True) | Q(not_before__lte=now)
    )
    if buckets > 1:
        todo = todo.alias(bucket=F("agent_id") % buckets).filter(bucket=bucket)
    if types is not None:
        todo = todo.filter(event_type__in=types)
    fields = [
        "id",
        "event_type",
        "row_id",
        "received_at",
        "handler",
        "attempts",
        "agent_id",
        "occurred_at",
        "error",
    ]
    place = Window(RowNumber(), partition_by=[F("agent_id")], order_by=F("id").asc())
    turns = todo.annotate(turn=(place - 1) / FAIR_SLICE)
    return list(turns.order_by("turn", "id").only(*fields)[:BATCH_ROWS])


def _retry(entry: PendingDerivation, now) -> PendingDerivation:
    """The entry again, one attempt later: due after a doubling wait, or parked after the last."""
    cfg = settings.KAIZEN
    attempts = entry.attempts + 1
    wait = min(cfg["DERIVE_RETRY_SECONDS"] * 2 ** (attempts - 1), MAX_RETRY_WAIT_S)
    # a handler that ran past its time on this row alone would only do so again: parked at once
    parked = attempts >= cfg["DERIVE_MAX_ATTEMPTS"] or entry.error.startswith(TIMED_OUT)
    return PendingDerivation(
        event_type=entry.event_type,
        row_id=entry.row_id,
        received_at=entry.received_at,
        handler=entry.handler,
        agent_id=entry.agent_id,
        occurred_at=entry.occurred_at,
        attempts=attempts,
        error=entry.error[:4000],
        not_before=None if parked else now + timedelta(seconds=wait),
        parked_at=now if parked else None,
    )


class _OutOfTime(Exception):
    """The pass's time is up: what its handlers have not derived yet waits for the next pass."""


@dataclass
class _Work:
    """One batch's handlers at work, until `deadline` (time.monotonic()): the entries of the rows a
    handler failed on (to retry or park), those left for the next pass when the time ran out, and
    the groups of rows a handler ran past its time on, to be run again one row at a time once
    every other group of the batch has had its turn (`alone`)."""

    deadline: float
    failed: list[PendingDerivation] = field(default_factory=list)
    left: list[PendingDerivation] = field(default_factory=list)
    slow: list[tuple["_Handler", dict, list[dict], float]] = field(default_factory=list)
    over: bool = False

    def run(self, registration, agents: dict, rows: list[dict], whose: str, limit: float) -> str:
        """`_isolated`, within the batch's time: a run the deadline cut short raises _OutOfTime."""
        remaining = self.deadline - time.monotonic()
        if self.over or remaining <= 0:
            self.over = True
            raise _OutOfTime
        error = _isolated(registration, agents, rows, whose, min(limit, remaining))
        if error.startswith(TIMED_OUT) and remaining < limit:
            self.over = True
            raise _OutOfTime
        return error

    def alone(self) -> None:
        """The rows of the groups a handler ran past its time on, each in a savepoint of its own
        with its share of the time (`_share`): those it runs past its time on alone are parked,
        the others derived, and what the time left no room for waits for the next pass."""
        for handler, agents, rows, limit in self.slow:
            share = _share(limit, 1, len(rows))
            try:
                for row in rows:
                    handler.run(agents, [row], f"agent {row['agent_id']}", share)
            except _OutOfTime:
                handler.leave(rows, ALONE)


@dataclass
class _Handler:
    """One handler over one event type's rows of a batch, and which of them it is done with."""

    work: _Work
    event_type: str
    registration: hooks.Registration
    entries: dict[int, PendingDerivation]  # row id → the entry that named it (or every handler)
    settled: set[int] = field(default_factory=set)  # derived, failed or left

    def owed(self, row: dict, error: str) -> PendingDerivation:
        entry = self.entries.get(row["id"])
        return PendingDerivation(
            event_type=self.event_type,
            row_id=row["id"],
            received_at=row["received_at"],
            handler=self.registration.name,
            agent_id=row["agent_id"],
            occurred_at=row["occurred_at"],
            attempts=entry.attempts if entry else 0,
            error=error or (entry.error if entry else ""),
        )

    def run(self, agents: dict, rows: list[dict], whose: str, limit: float) -> None:
        """Run on `rows` in a savepoint; on an error, again on halves of them down to single rows
        (a batch's bounds are arbitrary already), so only the rows it fails on alone wait for a
        retry or get parked, each half with its share of the time (`_share`). A group it ran
        past its time on waits to be run row by row (`_Work.alone`), after the other groups."""
        rows = [row for row in rows if row["id"] not in self.settled]
        if not rows:
            return
        error = self.work.run(self.registration, agents, rows, whose, limit)
        if not error:
            self.settled.update(row["id"] for row in rows)
        elif len(rows) == 1:
            self.work.failed.append(self.owed(rows[0], error))
            self.settled.add(rows[0]["id"])
        elif error.startswith(TIMED_OUT):
            self.work.slow.append((self, agents, rows, limit))
        else:
            middle = len(rows) // 2
            for half in (rows[:middle], rows[middle:]):
                self.run(agents, half, whose, _share(limit, len(half), len(rows)))

    def leave(self, rows: list[dict], why: str = "") -> None:
        """The rows not settled yet wait on the list for the next pass, as their entries were
        (or saying `why`)."""
        waiting = [row for row in rows if row["id"] not in self.settled]
        self.work.left += [self.owed(row, why) for row in waiting]
        self.settled.update(row["id"] for row in waiting)


def _dispatch(work: _Work, event_type: str, entries: list[PendingDerivation]) -> None:
    """Run the type's handlers over the entries' rows (an entry naming a handler: that one only):
    a whole-batch handler on every agent's rows at once, and should that fail, agent by agent,
    the agents with the fewest rows first (one agent's bad or slow data holds back no one)."""
    owed: dict[int, set[str] | None] = {}  # row id → the handlers it waits for (None: all)
    for entry in entries:
        names = owed.get(entry.row_id, set())
        owed[entry.row_id] = None if names is None or not entry.handler else names | {entry.handler}
    times = [entry.occurred_at for entry in entries if entry.occurred_at is not None]
    within = (min(times), max(times)) if len(times) == len(entries) else None
    rows = rows_by_id(EVENT_MODELS[event_type], list(owed), within=within)
    if len(rows) < len(owed):  # deleted with their agent, or retired: said, not passed over in silence
        log.warning(
            "%d %s event(s) on the to-do list are no longer stored", len(owed) - len(rows), event_type
        )
    agents = Agent.objects.in_bulk({row["agent_id"] for row in rows})
    limit = settings.KAIZEN["DERIVE_HANDLER_SECONDS"]
    for registration in hooks.registrations(event_type):
        chosen = [
            row
            for row in rows
            if (owed[row["id"]] is None or registration.name in owed[row["id"]]) and registration.accepts(row)
        ]
        if not chosen:
            continue
        mine = {e.row_id: e for e in entries if e.handler in ("", registration.name)}
        handler = _Handler(work, event_type, registration, mine)
        alone = {row_id for row_id, entry in mine.items() if entry.error == ALONE}
        if alone:  # it ran past its time on their group before: one by one, after the other groups
            work.slow.append((handler, agents, [row for row in chosen if row["id"] in alone], limit))
            chosen = [row for row in chosen if row["id"] not in alone]
        try:
            whole = registration.whole_batch and chosen
            if whole and not work.run(registration, agents, chosen, "the whole batch", limit):
                continue
            by_agent: dict[int, list[dict]] = defaultdict(list)
            for row in chosen:
                by_agent[row["agent_id"]].append(row)
            for agent_id in sorted(by_agent, key=lambda a: (len(by_agent[a]), a)):
                share = _share(limit, len(by_agent[agent_id]), len(chosen))
                handler.run({agent_id: agents[agent_id]}, by_agent[agent_id], f"agent {agent_id}", share)
        except _OutOfTime:
            handler.leave(chosen)


def _share(limit: float, rows: int, of: int) -> float:
    """The time a handler gets for `rows` of a group of `of` rows it had `limit` for: its share by
    rows, at least HANDLER_FLOOR_S (or `limit`, when smaller). Halving a group that ran past its
    time then takes about twice that time in all, not that time once per halving."""
    return max(limit * rows / max(of, 1), min(limit, HANDLER_FLOOR_S))


def _isolated(registration, agents: dict, rows: list[dict], whose: str, limit: float | None = None) -> str:
    """Run a handler in a savepoint of its own, for at most `limit` seconds; '' when it succeeded,
    else its error (logged in one line): `HandlerTimeout: …` when it ran past its time. However it
    stopped, the transaction is as it was before it ran (`_rewind`), for the rest of the batch."""
    sid = connection.savepoint()
    connection.savepoint_ids.append(sid)  # on-commit callbacks it adds go with its savepoint
    marks = list(connection.savepoint_ids), list(connection.atomic_blocks)
    try:
        with _time_limit(limit) as finished:
            registration.call(agents, rows)
            finished()  # done, unless it ran past its time: released whatever the clock says now
        if connection.needs_rollback:  # it caught an error its transaction cannot go on after
            raise TransactionManagementError("the handler left its transaction unusable")
    except BaseException as exc:
        _rewind(sid, marks, exc)
        if isinstance(exc, HandlerTimeout):
            log.warning(
                "%s ran past its time on %d row(s) of %s: %s", registration.name, len(rows), whose, exc
            )
            return f"{type(exc).__name__}: {exc}"[:4000]
        if isinstance(exc, OperationalError | SoftTimeLimitExceeded) or not isinstance(exc, Exception):
            raise  # the database, or the whole pass out of time: the batch rolls back for the next pass
        log.warning("%s failed on %d row(s) of %s: %r", registration.name, len(rows), whose, exc)
        return f"{type(exc).__name__}: {exc}"[:4000]
    connection.savepoint_ids.pop()
    connection.savepoint_commit(sid)
    return ""


def _rewind(sid: str, marks: tuple[list, list], exc: BaseException) -> None:
    """Roll back to the savepoint `sid` a handler ran in, whatever it was doing when it stopped.
    An interrupt (its time limit) can land inside Django's bookkeeping of the handler's own atomic
    blocks, leaving a block or a savepoint name behind or the transaction marked as failed, or
    inside a statement, which psycopg then cancels but may leave on the connection: the
    bookkeeping is set back to what it was when the handler started, the interrupted statement's
    results are read off the connection, and only then is the savepoint rolled back to. When
    even that fails the connection is unusable: the batch rolls back (OperationalError)."""
    connection.savepoint_ids[:], connection.atomic_blocks[:] = marks
    connection.in_atomic_block, connection.needs_rollback = True, False
    try:
        _settle()
        connection.savepoint_rollback(sid)
        connection.savepoint_commit(sid)
    except Exception as error:
        connection.needs_rollback = True
        raise OperationalError(f"could not roll back a handler stopped by {exc!r}: {error!r}") from error
    finally:
        connection.savepoint_ids.pop()


def _settle(seconds: float = 5.0) -> None:
    """On PostgreSQL, read off the connection the results of a statement an interrupt left there
    (cancelled on the server), so that the next statement can be sent."""
    if connection.vendor != "postgresql" or connection.connection is None:
        return
    pgconn = connection.connection.pgconn
    if pgconn.status != pq.ConnStatus.OK:
        raise OperationalError("the connection was lost when a handler was interrupted")
    if pgconn.transaction_status != pq.TransactionStatus.ACTIVE:
        return
    connection.connection.cancel_safe(timeout=seconds)
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        if pgconn.flush() == 0:
            pgconn.consume_input()
            if not pgconn.is_busy() and pgconn.get_result() is None:
                return
        select.select([pgconn.socket], [pgconn.socket] if pgconn.flush() else [], [], 0.05)
    raise OperationalError("an interrupted statement did not end")


@contextmanager
def _time_limit(seconds: float | None):
    """Interrupt the block with HandlerTimeout once `seconds` have passed, until the function it
    yields is called; that function raises HandlerTimeout itself when the interrupt was raised but
    swallowed on its way (by a finaliser, which only logs what it raises), so a block past its time
    never counts as done. A real-time alarm (SIGALRM), so it works in the main thread only, where a
    worker process runs its tasks (and the test suite its passes); in any other thread (a
    threaded web server draining in-process) the block runs without a limit. An alarm set around
    it is set again afterwards, less the time taken."""
    if (
        seconds is None
        or not hasattr(signal, "setitimer")
        or threading.current_thread() is not threading.main_thread()
    ):
        yield lambda: None
        return
    armed, fired, said = [True], [False], f"ran past its time limit of {seconds:g} s"

    def expire(signum, frame):
        if armed[0]:
            armed[0], fired[0] = False, True
            raise HandlerTimeout(said)

    def finished() -> None:
        armed[0] = False
        if fired[0]:
            raise HandlerTimeout(said)

    began = time.monotonic()
    previous = signal.signal(signal.SIGALRM, expire)
    outer, interval = signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield finished
    finally:
        armed[0] = False
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        if outer:
            signal.setitimer(signal.ITIMER_REAL, max(outer - (time.monotonic() - began), 0.001), interval)


@dataclass(frozen=True)
class Backlog:
    pending: int  # events waiting for their derived work
    lag_seconds: float  # how long the oldest of them has waited (0 when none waits)
    parked: int = 0  # events whose handler failed every attempt, waiting for an operator


def backlog() -> Backlog:
    """The to-do list's size and age (parked entries apart), in one aggregate."""
    row = PendingDerivation.objects.aggregate(
        n=Count("id", filter=Q(parked_at__isnull=True)),
        at=Min("received_at", filter=Q(parked_at__isnull=True)),
        parked=Count("id", filter=Q(parked_at__isnull=False)),
    )
    lag = max(0.0, (clock.now() - row["at"]).total_seconds()) if row["at"] else 0.0
    return Backlog(row["n"], lag, row["parked"])


def last_taken() -> float | None:
    """Seconds since a worker last started a derived-work pass (None: never)."""
    started = PeriodicClaim.objects.filter(name="telemetry.derive_pending").values_list(
        "last_started_at", flat=True
    )
    return (clock.db_now() - started[0]).total_seconds() if started else None


def entries_rerun(*, entries) -> int:
    """Give parked (or waiting) entries to their handlers again at the next pass, attempts reset."""
    return entries.update(attempts=0, parked_at=None, not_before=None)


def drain_in_process(types: list[str]) -> None:
    """Without a broker nothing else would drain the list: do it now, in this process."""
    if app.conf.task_always_eager:
        derive_pending(types=types)
