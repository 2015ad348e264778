"""What a session is, in one place.

A session is what an agent reports under one `session_id`, on the version it was served then (its
agent's, or the one its session was assigned when the agent's read of its directives named it
during a canary: see fleet.documents.exposure_record). SessionSeen records each (agent, session,
version) once, when its first event of a session type arrives. An event sent without a session is
never a session of its own: it belongs to the session its agent had open when it arrived (the
latest one first seen within SESSION_OPEN_FOR before, on the same version), or to none.
`session_of` says so for one row in Python, `open_session_sql` in SQL for a queryset of events.
"""

from django.db import connection
from django.db.models import OuterRef, Subquery

from fleet.documents import SESSION_OPEN_FOR
from telemetry.models import SessionLink, SessionSeen
from telemetry.row_writes import rows_store

SESSION_TYPES = ("tool_invocation", "session_end", "skill_outcome", "decision")  # events that open one

_seen_lately: set[tuple] = set()  # sessions this process stored lately: no statement for them
SEEN_LATELY_MAX = 100_000


def _opened(agent, version, at):
    """The key of the session the agent had open at `at` on that version, as a one-row queryset:
    the latest first seen within SESSION_OPEN_FOR before. Values or outer references alike."""
    return (
        SessionSeen.objects.filter(
            agent_id=agent,
            template_version_id=version,
            first_received_at__lte=at,
            first_received_at__gte=at - SESSION_OPEN_FOR,
        )
        .order_by("-first_received_at")
        .values_list("session_key", flat=True)[:1]
    )


def open_session(*, agent_id: int, version_id: int | None, at) -> str | None:
    """The session the agent had open at `at` on that version (None: none was open)."""
    if version_id is None:
        return None
    return next(iter(_opened(agent_id, version_id, at)), None)


def session_of(row: dict, found: dict) -> str | None:
    """The stored event's session: its own, or the one its agent had open when it arrived (None:
    none was open). `found` remembers the look-ups of one batch."""
    if row.get("session_id"):
        return row["session_id"]
    key = (row["agent_id"], row["template_version_id"], row["received_at"])
    if key not in found:
        found[key] = open_session(agent_id=key[0], version_id=key[1], at=key[2])
    return found[key]


def sessions_open(rows: list[dict]) -> dict:
    """The look-ups `session_of` would make for the sessionless rows of `rows`, all at once (the
    `found` it takes): on PostgreSQL one statement probes the (version, first received) index
    once per distinct (agent, version, arrival); elsewhere none are made ahead. The rule is
    `_opened`'s, written in SQL over the batch's keys."""
    keys = sorted(
        {
            (row["agent_id"], row["template_version_id"], row["received_at"])
            for row in rows
            if not row.get("session_id") and row.get("template_version_id") is not None
        }
    )
    if not keys or connection.vendor != "postgresql":
        return {}
    sql = f"""
        SELECT k.i, (
            SELECT s.session_key FROM {SessionSeen._meta.db_table} s
            WHERE s.agent_id = k.a AND s.template_version_id = k.v
              AND s.first_received_at <= k.t AND s.first_received_at >= k.t - %s
            ORDER BY s.first_received_at DESC LIMIT 1
        )
        FROM unnest(%s::bigint[], %s::bigint[], %s::timestamptz[]) WITH ORDINALITY AS k(a, v, t, i)
    """
    agents, versions, times = (list(column) for column in zip(*keys, strict=True))
    with connection.cursor() as cursor:
        cursor.execute(sql, [SESSION_OPEN_FOR, agents, versions, times])
        return {keys[i - 1]: session for i, session in cursor.fetchall()}


def open_session_sql() -> Subquery:
    """`open_session` for each row of an event queryset (its agent, version and arrival)."""
    return Subquery(_opened(OuterRef("agent_id"), OuterRef("template_version_id"), OuterRef("received_at")))


def sessions_seen(agent_id: int, received_at, tables: list, stored: list[dict]) -> None:
    """Record the sessions a batch's new events open (SessionSeen, once per session and version,
    each under the version its rows carry: one batch may hold sessions of both arms): one
    INSERT … ON CONFLICT DO NOTHING, skipped for those this process stored lately. Events without
    a session, or without a version, open none."""
    keys = set()
    for table, new_ids in zip(tables, stored, strict=True):
        if table.event_type not in SESSION_TYPES or not new_ids:
            continue
        for row in table.rows:
            if (
                row.get("session_id")
                and row.get("template_version_id") is not None
                and (agent_id, row["dedup_key"], row["occurred_at"]) in new_ids
            ):
                keys.add((row["session_id"], row["template_version_id"]))
    sessions_known([(agent_id, key, version, received_at) for key, version in sorted(keys)])


def sessions_known(sessions: list[tuple[int, str, int | None, object]]) -> None:
    """Record sessions (agent id, session key, version id, first received at) once each: ingest's
    from the events that open them, derived work's from a failure signal naming a session no
    such event opened. So every session counted anywhere has its row here, and counting the
    sessions of a version is a COUNT over the (version, time) index, with no DISTINCT or UNION."""
    first: dict[tuple, object] = {}
    for agent, key, version, at in sorted(sessions, key=lambda s: s[3]):
        if version is not None and (agent, key, version) not in _seen_lately:
            first.setdefault((agent, key, version), at)
    fresh = [
        {"agent_id": agent, "session_key": key, "template_version_id": version, "first_received_at": at}
        for (agent, key, version), at in first.items()
    ]
    if not fresh:
        return
    rows_store(SessionSeen, fresh, ("agent", "session_key", "template_version"))

    # Remembered only once committed for sure (not inside a caller's transaction), and not on
    # SQLite, which reuses the ids of deleted rows: a remembered key could name another row.
    if connection.vendor == "postgresql" and not connection.in_atomic_block:
        if len(_seen_lately) > SEEN_LATELY_MAX:
            _seen_lately.clear()
        _seen_lately.update(
            (row["agent_id"], row["session_key"], row["template_version_id"]) for row in fresh
        )


def sessions_renamed(agent_id: int, renamed: dict[str, str]) -> int:
    """Sessions first recorded under a provisional key take their real one (`renamed`: old key →
    new key): an OpenTelemetry run whose calls arrived before the span naming its conversation
    was recorded under its trace id until then. Each (version) row of the old key becomes the
    new key's, merged into the row the new key may already have (the earlier first arrival kept);
    so does its hand-off link. Safe to run again: once moved, nothing is left under the old key.
    Return the rows moved."""
    moved = 0
    for old, new in sorted(renamed.items()):
        if old == new:
            continue
        rows = list(SessionSeen.objects.filter(agent_id=agent_id, session_key=old).order_by("pk"))
        if rows:
            fresh = [
                {
                    "agent_id": agent_id,
                    "session_key": new,
                    "template_version_id": row.template_version_id,
                    "first_received_at": row.first_received_at,
                }
                for row in rows
            ]
            rows_store(SessionSeen, fresh, ("agent", "session_key", "template_version"))
            for row in rows:  # where the new key had its row already: the earlier arrival
                SessionSeen.objects.filter(
                    agent_id=agent_id,
                    session_key=new,
                    template_version_id=row.template_version_id,
                    first_received_at__gt=row.first_received_at,
                ).update(first_received_at=row.first_received_at)
                _seen_lately.discard((agent_id, old, row.template_version_id))
            SessionSeen.objects.filter(pk__in=[row.pk for row in rows]).delete()
            moved += len(rows)
        _link_renamed(agent_id, old, new)
    return moved


def _link_renamed(agent_id: int, old: str, new: str) -> None:
    """The hand-off link recorded for `old` is `new`'s, unless `new` has one of its own."""
    link = SessionLink.objects.filter(agent_id=agent_id, session_key=old).first()
    if link is None:
        return
    row = {
        "agent_id": agent_id,
        "session_key": new,
        "parent_session_key": link.parent_session_key,
        "first_received_at": link.first_received_at,
    }
    if link.parent_session_key != new:
        rows_store(SessionLink, [row], ("agent", "session_key"))
    link.delete()


def sessions_linked(agent_id: int, received_at, links: list[dict[str, tuple[int, str]]]) -> None:
    """Record the sessions a batch says were handed from another session (SessionLink, once per
    session: the first parent named is kept, a later one ignored). `links`: per event type of
    the batch, {session: (the event's index in the batch, the parent it names)}; within a batch
    the parent of the earliest event wins. One INSERT … ON CONFLICT DO NOTHING, none when the
    batch names no parent."""
    named: dict[str, tuple[int, str]] = {}
    for table in links:
        for session, (index, parent) in table.items():
            if session not in named or index < named[session][0]:
                named[session] = (index, parent)
    parents = {session: parent for session, (_, parent) in named.items()}
    if not parents:
        return
    rows = [
        {
            "agent_id": agent_id,
            "session_key": session,
            "parent_session_key": parent,
            "first_received_at": received_at,
        }
        for session, parent in sorted(parents.items())
    ]
    rows_store(SessionLink, rows, ("agent", "session_key"))


def occasion_of(row: dict, event_type: str) -> str:
    """Where a thing was seen, for counting how often (a fact's sightings): its session, or the
    event itself when it came without one. Unlike `session_of`, an occasion never borrows the
    open session: two corrections sent without a session are two sightings."""
    return row.get("session_id") or f"{event_type}:{row['id']}"
