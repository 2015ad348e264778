"""Reactions to newly stored events, registered by the apps that build on telemetry.

At start-up each app above registers here, in its wiring.py, what it does with an event type
(`on_stored`): learning its loops (friction, facts, session digests: learning/loops.py), planner
and improver theirs; telemetry imports no other app. None of it runs in the ingest request: the
statement that stores an event a handler wants also puts it on the to-do list, and the worker
hands the listed rows to the handlers in batches (telemetry/derived.py), deleting the entries in
the same transaction that stores the handlers' results. So a replayed batch triggers nothing
twice and the request pays for one INSERT only; a handler that raises on some rows leaves them on
the list for it alone, retried with backoff and then parked for an operator.

A handler sees one agent's rows (`handler(*, agent, rows)`), or with `whole_batch=True` every
agent's rows of a batch at once (`handler(*, agents, rows)`, agents by id), so that it can
write with one statement per table instead of one per agent.

`dispatch` also serves derived events that never cross the API (a new friction event), and
runs at once; so does `<event type>_withdrawn`, for stored events deleted because they were part
of another (telemetry/withdrawals.py): a handler registered for it takes back what its
own handler of the event had derived, for the rows `handled` says it had; and `session_renamed`
(rows: agent_id, session_id, renamed_to), for a session first stored under a provisional key (an
OpenTelemetry trace id) whose real key is known now: what a handler keeps per session follows it;
and `<event type>_amended`, for stored events changed after a handler had derived from them
(telemetry.withdrawals.events_amend: each row with `before`, the changed columns as they were).

`batches_committed` is the signal sent after a derived batch commits, outside its transaction
(and once at the start of each pass, for what a killed worker left): a handler that would
otherwise lock rows every agent shares (a template's pattern statistics) stores its results marked
as waiting, and a receiver (connected in its app's wiring.py, it must be idempotent) folds them
into the shared rows there, in a short transaction of its own.
"""

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass

from django.dispatch import Signal

EventHandler = Callable[..., None]
RowFilter = Callable[[dict], bool]


def every_row(row: dict) -> bool:
    """The rows a handler registered without a filter waits for: all of them."""
    return True


@dataclass(frozen=True)
class Registration:
    handler: EventHandler
    accepts: RowFilter
    whole_batch: bool

    @property
    def name(self) -> str:
        """What a to-do entry records of the handler that still owes it."""
        return f"{self.handler.__module__}.{self.handler.__qualname__}"

    def call(self, agents: dict, rows: list[dict]) -> None:
        """Run the handler on `rows` of `agents` (by id): a whole-batch handler on all of them,
        any other on the one agent `agents` then holds."""
        if self.whole_batch:
            self.handler(agents=agents, rows=rows)
        else:
            [agent] = agents.values()
            self.handler(agent=agent, rows=rows)


# A table rather than a signal: a to-do entry stores the dotted name of the handler that still
# owes it, each handler has its own row filter and batch shape, and one handler's failure must
# leave its rows for it alone, none of which a signal's receivers can say.
_registered: dict[str, list[Registration]] = defaultdict(list)

# Sent (sender None) after derived batches commit, outside their transaction; see the module's words.
batches_committed = Signal()


def on_stored(
    event_type: str, handler: EventHandler, *, when: RowFilter | None = None, whole_batch: bool = False
) -> None:
    """Register `handler` for new events of `event_type` (rows are dicts of the stored columns,
    `id` included). With `when`, only rows it accepts wait for the handler. Registering the same
    handler again for the same type changes nothing. The handler is named by its module and
    qualified name (`Registration.name`): a to-do entry stores that name, so a handler keeps its
    module and name as long as entries may name it."""
    if all(r.handler is not handler for r in _registered[event_type]):
        _registered[event_type].append(Registration(handler, when or every_row, whole_batch))


def registered() -> dict[str, list[Registration]]:
    """Every event type some handler is registered for, with its handlers in the order they run."""
    return {event_type: list(regs) for event_type, regs in _registered.items() if regs}


def handled(row: dict, handler: EventHandler) -> bool:
    """Whether `handler` had derived from the withdrawn event `row` before it was withdrawn."""
    return f"{handler.__module__}.{handler.__qualname__}" in row.get("derived_by", ())


def batches_done() -> None:
    """Derived batches committed: run what answers `batches_committed`."""
    batches_committed.send(sender=None)


def registrations(event_type: str) -> list[Registration]:
    return list(_registered.get(event_type, ()))


def wanted(event_type: str, row: dict) -> bool:
    """Whether some handler wants this new row (it then enters the to-do list)."""
    return any(r.accepts(row) for r in _registered.get(event_type, ()))


def handled_types(stored: set[str] | dict) -> list[str]:
    """The stored event types (of `stored`) some handler waits for."""
    return sorted(t for t, regs in _registered.items() if regs and t in stored)


def dispatch(event_type: str, *, agents: dict, rows: list[dict]) -> None:
    """Run every handler of `event_type` on `rows` of `agents` (by id; each row names its agent
    by `agent_id`), now: a whole-batch handler once, any other once per agent."""
    for registration in registrations(event_type):
        chosen = [row for row in rows if registration.accepts(row)]
        if not chosen:
            continue
        if registration.whole_batch:
            registration.call(agents, chosen)
            continue
        by_agent: dict[int, list[dict]] = defaultdict(list)
        for row in chosen:
            by_agent[row["agent_id"]].append(row)
        for agent_id, mine in sorted(by_agent.items()):
            registration.call({agent_id: agents[agent_id]}, mine)
