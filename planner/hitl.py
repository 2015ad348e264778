"""How humans take part in a dispatch, from the skill's HITL mode on the agent's card (pure).

- autonomous: sent at once;
- notification: sent at once, and humans are told;
- veto: humans are told and the dispatch is held for the veto window, then sent unless vetoed;
- gated (and compound, which chains several gates): never sent without a human's approval.
"""

from datetime import datetime, timedelta

AWAITING_APPROVAL, HELD, PENDING = "awaiting_approval", "held", "pending"


def first_status(mode: str, now: datetime, veto_window: timedelta) -> tuple[str, datetime | None]:
    """The status a new dispatch starts in, and when a held one is released."""
    if mode in ("gated", "compound"):
        return AWAITING_APPROVAL, None
    if mode == "veto":
        return HELD, now + veto_window
    return PENDING, None


def notifies(mode: str) -> bool:
    """Whether humans are told when the dispatch is created."""
    return mode != "autonomous"


BLAST_ORDER = {"low": 0, "medium": 1, "high": 2, "critical": 3}


def blast_rank(radius: str) -> int:
    """Lower blast radius first when ranking scores tie; unknown values sort last."""
    return BLAST_ORDER.get(radius, len(BLAST_ORDER))


# How the admin and the dashboard colour a blast radius (severity).
SEVERITY_COLOURS = {"low": "#2e7d32", "medium": "#f9a825", "high": "#ef6c00", "critical": "#c62828"}
