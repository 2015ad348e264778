"""What other apps do when a board task changes status (registered at start-up)."""

from collections.abc import Callable

_handlers: list[Callable] = []


def register(handler: Callable) -> Callable:
    """`handler(*, task, previous)` runs inside the update's transaction."""
    if handler not in _handlers:
        _handlers.append(handler)
    return handler


def on_status_changed(*, task, previous: str) -> None:
    for handler in _handlers:
        handler(task=task, previous=previous)
