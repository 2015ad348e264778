"""Reactions to newly stored events, registered by the apps that build on telemetry.

Telemetry imports no other app; planner and improver register here at start-up (in their
AppConfig.ready) what they do with an event type. None of it runs in the ingest request: ingest
marks each event a handler wants `pending_derivation` in the INSERT that stores it, and the
worker hands those rows to the handlers in batches (telemetry/derived.py), clearing the mark in
the same transaction. So a replayed batch triggers nothing twice, a failing handler loses
nothing, and the request pays for one INSERT only.

`dispatch` also serves derived events that never cross the API (a new friction event), and
runs at once.
"""

from collections import defaultdict
from collections.abc import Callable

EventHandler = Callable[..., None]
RowFilter = Callable[[dict], bool]
_handlers: dict[str, list[EventHandler]] = defaultdict(list)
_filters: dict[str, list[RowFilter]] = defaultdict(list)


def on_stored(event_type: str, *, when: RowFilter | None = None) -> Callable[[EventHandler], EventHandler]:
    """Register `handler(*, agent, rows)` for new events of `event_type` (rows are dicts of the
    stored columns, `id` included). With `when`, only rows it accepts wait for the handler."""

    def register(handler: EventHandler) -> EventHandler:
        if handler not in _handlers[event_type]:
            _handlers[event_type].append(handler)
            _filters[event_type].append(when or (lambda row: True))
        return handler

    return register


def wanted(event_type: str, row: dict) -> bool:
    """Whether some handler wants this new row (it then enters the to-do list)."""
    return any(accepts(row) for accepts in _filters.get(event_type, ()))


def handled_types(stored: set[str] | dict) -> list[str]:
    """The stored event types (of `stored`) some handler waits for."""
    return sorted(t for t, handlers in _handlers.items() if handlers and t in stored)


def dispatch(event_type: str, *, agent, rows: list[dict]) -> None:
    for handler, accepts in zip(_handlers.get(event_type, ()), _filters.get(event_type, ()), strict=True):
        chosen = [row for row in rows if accepts(row)]
        if chosen:
            handler(agent=agent, rows=chosen)
