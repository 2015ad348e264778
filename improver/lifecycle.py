"""The improver's ritual state machine and lifecycle, pure."""

from config.errors import Conflict

RITUAL = {
    "sleeping": {"gathering"},
    "gathering": {"analyzing", "sleeping"},  # sleeping: not enough new feedback
    "analyzing": {"proposing"},
    "proposing": {"awaiting_review", "sleeping"},  # sleeping: nothing to propose
    "awaiting_review": {"refining", "completing", "sleeping"},  # sleeping: abandoned
    "refining": {"proposing"},
    "completing": {"sleeping"},
}
LIFECYCLE = {
    "created": {"active", "destroyed"},
    "active": {"dormant", "destroyed"},
    "dormant": {"active", "destroyed"},
    "destroyed": set(),
}


class IllegalTransition(Conflict):
    pass


def next_ritual_state(current: str, target: str) -> str:
    if target not in RITUAL.get(current, set()):
        raise IllegalTransition(
            f"Ritual cannot go from {current} to {target}.", {"from": current, "to": target}
        )
    return target


def next_lifecycle(current: str, target: str) -> str:
    if target not in LIFECYCLE.get(current, set()):
        raise IllegalTransition(
            f"Improver cannot go from {current} to {target}.", {"from": current, "to": target}
        )
    return target
