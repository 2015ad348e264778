"""Reactions to newly stored events, registered by the apps that build on telemetry.

Telemetry imports no other app; planner and improver register here at start-up (in their
AppConfig.ready) what they do with an event type. Handlers run inside the ingest transaction
and see only events stored by this request (never duplicates), so a replayed batch triggers
nothing twice and a failing handler stores nothing.
"""

from collections import defaultdict
from collections.abc import Callable

EventHandler = Callable[..., None]
_handlers: dict[str, list[EventHandler]] = defaultdict(list)
_transactional: set[str] = set()


def on_stored(event_type: str, *, transactional: bool = True) -> Callable[[EventHandler], EventHandler]:
    """Register `handler(*, agent, rows)` for new events of `event_type` (rows are dicts).

    `transactional=False` declares that the handler writes nothing itself (it only queues work
    after the commit), so a batch of that type alone needs no transaction around its INSERT.
    """

    def register(handler: EventHandler) -> EventHandler:
        if handler not in _handlers[event_type]:
            _handlers[event_type].append(handler)
        if transactional:
            _transactional.add(event_type)
        return handler

    return register


def needs_transaction(event_type: str) -> bool:
    return event_type in _transactional


def dispatch(event_type: str, *, agent, rows: list[dict]) -> None:
    for handler in _handlers.get(event_type, ()):
        handler(agent=agent, rows=rows)
