"""What learning answers to, wired once at start-up (LearningConfig.ready): retention keeps the
corrections active facts were learned from. Loops 1-3 register their handlers of newly stored
events with telemetry's hooks where they are defined (learning/loops.py)."""

from learning.selectors import corrections_behind_active_facts
from telemetry.retention import keep_events


def corrections_kept(sender, *, event_type: str, **kwargs):
    """Retention asks what to keep: the corrections behind active facts (None for other types)."""
    return corrections_behind_active_facts(event_type)


def register() -> None:
    keep_events.connect(corrections_kept, dispatch_uid="learning.corrections_kept")
