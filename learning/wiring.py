"""What learning answers to, wired once at start-up (LearningConfig.ready): retention keeps the
corrections active facts were learned from. Loops 1-3 register their handlers of newly stored
events with telemetry's hooks where they are defined (learning/loops.py)."""

from learning.selectors import corrections_behind_active_facts
from telemetry.retention import register_keeper


def register() -> None:
    register_keeper(corrections_behind_active_facts)  # retention keeps the corrections behind facts
