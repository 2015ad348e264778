"""The batched ingest service: validate each event, store the new ones, report per item."""

import logging
from collections import defaultdict
from contextlib import nullcontext
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, connection, transaction

from config import clock
from config.metrics import count_ingest
from fleet.documents import agent_versions, exposed_versions
from fleet.models import Agent
from fleet.pricing import current_prices
from telemetry import hooks
from telemetry.contract import Cleaned, Limits, validate_event
from telemetry.derived import drain_in_process
from telemetry.models import EVENT_MODELS
from telemetry.row_writes import rows_store
from telemetry.sessions import sessions_linked, sessions_seen

# An event is its agent's, by its client id (or content hash) at its time: a replay with the same
# time is the same event (200), the same id at another time a new one.
EVENT_KEY = ("agent", "dedup_key", "occurred_at")
PARTITION_RETRIES = 2
log = logging.getLogger(__name__)


@dataclass
class ItemResult:
    index: int
    id: str
    status: int
    errors: dict

    def as_dict(self) -> dict:
        data = {"index": self.index, "id": self.id, "status": self.status}
        if self.errors:
            data["errors"] = self.errors
        return data


def limits(*, check_strings: bool = True) -> Limits:
    cfg = settings.KAIZEN
    return Limits(
        max_text=cfg["INGEST_MAX_TEXT_CHARS"],
        max_args_bytes=cfg["INGEST_MAX_ARGS_BYTES"],
        check_strings=check_strings,
    )


def current_template_versions(agent: Agent) -> tuple[int | None, int | None]:
    """(the id of the version the agent is served: its canary arm's; the id of the candidate its
    template runs, or None), read once per batch."""
    if agent.template_id is None:
        return None, None
    if hasattr(agent, "current_version_id"):  # read with the token: no extra query
        return agent.current_version_id, getattr(agent, "current_candidate_id", None)
    return agent_versions(agent)


def batch_versions(agent: Agent, valid: dict[str, list[tuple[int, Cleaned]]]) -> tuple[int | None, dict]:
    """The version a batch's events are stamped with: (the agent's, {session key: the version
    its session was assigned}). A session the agent's directives read named while its template's
    candidate runs (an exposure) is stamped with the version that read served, whichever arm the
    agent is in; every other event with the agent's. One query, none when no candidate runs."""
    version_id, candidate_id = current_template_versions(agent)
    if candidate_id is None:
        return version_id, {}
    keys = {cleaned.body.get("session_id") for items in valid.values() for _, cleaned in items}
    sessionless = None in keys or "" in keys
    return version_id, exposed_versions(
        agent_id=agent.id, candidate_id=candidate_id, session_keys=keys, sessionless=sessionless
    )


def events_ingest(*, agent: Agent, batch: list, strings_checked: bool = False) -> list[ItemResult]:
    """Store the valid events of `batch` for `agent`; each is stored whole, once, or not at all.

    Invalid events get 400 with field errors, events already stored (same client id or, without
    one, same canonical SHA-256) get 200, new ones 201. A database unique constraint decides
    what is new, so concurrent replays cannot store an event twice. `strings_checked`: the raw
    body was found free of NUL and unpaired surrogates (config.untrusted.strings_are_safe).
    """
    event_limits = limits(check_strings=not strings_checked)
    results: list[ItemResult | None] = [None] * len(batch)
    valid: dict[str, list[tuple[int, Cleaned]]] = defaultdict(list)
    for index, raw in enumerate(batch):
        cleaned, errors = validate_event(raw, event_limits)
        client_id = raw.get("id") if isinstance(raw, dict) and isinstance(raw.get("id"), str) else ""
        if errors:
            results[index] = ItemResult(index, client_id, 400, errors)
            kind = raw.get("type") if isinstance(raw, dict) else None
            count_ingest(kind if isinstance(kind, str) and kind in EVENT_MODELS else "unknown", 400, errors)
        else:
            valid[cleaned.type].append((index, cleaned))
    return _store_valid(agent, valid, results)


def cleaned_ingest(*, agent: Agent, events: list[Cleaned]) -> list[ItemResult]:
    """`events_ingest` for a batch already validated and cleaned whole (telemetry.typed_batch)."""
    valid: dict[str, list[tuple[int, Cleaned]]] = defaultdict(list)
    for index, cleaned in enumerate(events):
        valid[cleaned.type].append((index, cleaned))
    return _store_valid(agent, valid, [None] * len(events))


def price_tokens(agent, row: dict, prices=None) -> None:
    """An outcome that reports tokens but no cost is priced with the price table."""
    if row.get("cost_usd") is not None or (
        row.get("input_tokens") is None and row.get("output_tokens") is None
    ):
        return
    model = row.get("model") or (agent.card or {}).get("model") or ""
    row["cost_usd"] = (prices or current_prices()).cost(
        model, row.get("input_tokens"), row.get("output_tokens")
    )
    row["cost_estimated"] = True


def event_window(now) -> tuple:
    """The times an event may carry: from the retention horizon (an older event would be pruned
    at once) to KAIZEN_EVENT_MAX_AHEAD_HOURS ahead of the server's clock."""
    cfg = settings.KAIZEN
    return now - timedelta(days=cfg["RETENTION_DAYS"]), now + timedelta(hours=cfg["EVENT_MAX_AHEAD_HOURS"])


def _outside_window(valid: dict[str, list[tuple[int, Cleaned]]], results: list) -> None:
    """Answer 400 on `timestamp` for the events of `valid` dated outside `event_window`, and
    take them out: every intake (REST, OTLP, Langfuse scores, MCP reports) passes here."""
    earliest, latest = event_window(clock.now())
    for event_type, items in list(valid.items()):
        kept = []
        for index, cleaned in items:
            if earliest <= cleaned.occurred_at <= latest:
                kept.append((index, cleaned))
                continue
            if cleaned.occurred_at < earliest:
                message = f"Older than the retention window ({settings.KAIZEN['RETENTION_DAYS']} days)."
            else:
                message = (
                    f"More than {settings.KAIZEN['EVENT_MAX_AHEAD_HOURS']} hours ahead of the server's clock."
                )
            errors = {"timestamp": [message]}
            results[index] = ItemResult(index, cleaned.client_id or cleaned.sha256, 400, errors)
            count_ingest(event_type, 400, errors)
        if kept:
            valid[event_type] = kept
        else:
            del valid[event_type]


def _store_valid(agent, valid: dict[str, list[tuple[int, Cleaned]]], results: list) -> list[ItemResult]:
    _outside_window(valid, results)
    if valid:
        versions = batch_versions(agent, valid)
        received_at = clock.now()
        prices = current_prices() if "skill_outcome" in valid else None
        # Event types in one fixed order: two requests storing some of the same events then wait
        # for each other table by table, instead of each holding a table the other needs.
        tables = [
            _new_rows(agent, event_type, valid[event_type], versions, received_at, prices)
            for event_type in sorted(valid)
        ]
        stored = _insert(tables)
        if agent.template_id is not None:
            sessions_seen(agent.id, received_at, tables, stored)
        sessions_linked(agent.id, received_at, [table.links for table in tables])
        derived = [
            table.event_type
            for table, new_ids in zip(tables, stored, strict=True)
            if _answer(agent, table, valid[table.event_type], new_ids, results)
        ]
        if derived:
            drain_in_process(derived)
    return results


@dataclass
class _Rows:
    """One event type's rows of a batch, ready to store."""

    event_type: str
    rows: list[dict]
    wanted: set[tuple]  # the conflict keys of the rows some handler wants
    links: dict[str, tuple[int, str]]  # session → (index in the batch, the session it was handed from)


def _insert(tables: list[_Rows]) -> list[dict[tuple, int]]:
    """Store every table's new rows with the one writer; {conflict key: new id} per table.
    Derived work is not done here: the rows that need it enter the to-do list in the same
    transaction, and the worker drains it. Several tables share one transaction."""
    for attempt in range(PARTITION_RETRIES + 1):
        stored = []
        try:
            with transaction.atomic() if len(tables) > 1 or connection.in_atomic_block else nullcontext():
                for t in tables:
                    enqueue = (t.event_type, t.wanted) if t.wanted else None
                    stored.append(rows_store(EVENT_MODELS[t.event_type], t.rows, EVENT_KEY, enqueue=enqueue))
            return stored
        except IntegrityError as exc:
            # Routed to the default partition a moment before a partition of that period was
            # attached (telemetry/partitions.py): nothing was stored; the next try finds it.
            if attempt == PARTITION_RETRIES or not _partition_moved(exc):
                raise
            log.info("ingest routed to a partition that moved: stored again")
    raise AssertionError("unreachable")


def _partition_moved(exc: IntegrityError) -> bool:
    cause = exc.__cause__
    return getattr(cause, "sqlstate", None) == "23514" and "partition constraint" in str(cause)


def first_stored_at(agent, event_type: str, event_id: str):
    """When the agent's event `event_id` of that type was first stored (its time), or None. For
    callers that stamp events themselves: a retry of an event they stamped takes its first time,
    so it is recognised (200) rather than stored again, an event being its id at its time."""
    model = EVENT_MODELS.get(event_type)
    if model is None or not event_id:
        return None
    return (
        model.objects.filter(agent=agent, dedup_key=event_id)
        .order_by("occurred_at")
        .values_list("occurred_at", flat=True)
        .first()
    )


def _new_rows(agent, event_type, items, versions: tuple[int | None, dict], received_at, prices) -> _Rows:
    version_id, by_session = versions
    rows: dict[str, dict] = {}
    wanted: set[tuple] = set()
    links: dict[str, tuple[int, str]] = {}
    for index, cleaned in items:
        key = (cleaned.dedup_key, cleaned.occurred_at)
        if key in rows:
            continue  # the same event twice in one batch: the first copy decides
        row = dict(cleaned.body)
        parent = row.pop("parent_session_id", None)  # the session's, not the event's: SessionLink
        if parent and row.get("session_id") and parent != row["session_id"]:
            links.setdefault(row["session_id"], (index, parent))
        if event_type == "skill_outcome":
            price_tokens(agent, row, prices)
        if hooks.wanted(event_type, row):
            wanted.add((agent.id, *key))
        row.update(
            agent_id=agent.id,
            template_version_id=by_session.get(row.get("session_id"), version_id),
            dedup_key=cleaned.dedup_key,
            sha256=cleaned.sha256,
            occurred_at=cleaned.occurred_at,
            received_at=received_at,
        )
        rows[key] = row
    return _Rows(event_type, list(rows.values()), wanted, links)


def _answer(agent, table: _Rows, items, new_ids: dict[tuple, int], results: list) -> bool:
    """Each event's result (201 new, 200 stored before); True when some new ones wait for
    derived work."""
    claimed: set[tuple] = set()
    for index, cleaned in items:
        key = (agent.id, cleaned.dedup_key, cleaned.occurred_at)
        row_id = new_ids.get(key)
        is_new = row_id is not None and key not in claimed
        results[index] = ItemResult(index, cleaned.client_id or cleaned.sha256, 201 if is_new else 200, {})
        if is_new:
            claimed.add(key)
    count_ingest(table.event_type, 201, {}, n=len(claimed))
    count_ingest(table.event_type, 200, {}, n=len(items) - len(claimed))
    return any(key in table.wanted for key in claimed)
