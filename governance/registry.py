"""What happens when a proposal of a given type is approved, rejected or refined.

Governance owns the lifecycle but not the effects: the app that owns a proposal type
registers its handlers at start-up (AppConfig.ready), so governance never imports it.
Handlers run inside the decision's transaction: an exception undoes the whole decision.
"""

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Handlers:
    approve: Callable | None = None  # (proposal, actor, rating) -> bool: effect landed now
    reject: Callable | None = None  # (proposal, actor, reason) -> None
    refine: Callable | None = None  # (proposal, actor, text) -> Proposal (the new one)
    validate: Callable | None = (
        None  # (data, agent) -> {title, dedup_key, subject, payload}: agent submissions
    )


_registry: dict[str, Handlers] = {}


def register(proposal_type: str, *, approve=None, reject=None, refine=None, validate=None) -> None:
    _registry[proposal_type] = Handlers(approve=approve, reject=reject, refine=refine, validate=validate)


def handlers_for(proposal_type: str) -> Handlers:
    return _registry.get(proposal_type, Handlers())


_approval_listeners: list[Callable] = []


def on_approval(listener: Callable) -> Callable:
    """Register `listener(*, proposal, landed)`, run inside every approval's transaction after
    the type's own handler (the board turns approved work into a task this way)."""
    if listener not in _approval_listeners:
        _approval_listeners.append(listener)
    return listener


def approval_listeners() -> list[Callable]:
    return list(_approval_listeners)
