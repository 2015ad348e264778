"""What learning answers to, wired once at start-up (LearningConfig.ready): loops 1-3 handle
newly stored events (telemetry's hooks: tool calls that fail with a failure mode, corrections,
ended sessions), and retention keeps the corrections active facts were learned from."""

from learning.loops import counts_as_friction, digest_sessions, friction_detect, learn_from_corrections
from learning.selectors import corrections_behind_active_facts
from telemetry.hooks import on_stored
from telemetry.retention import keep_events


def corrections_kept(sender, *, event_type: str, **kwargs):
    """Retention asks what to keep: the corrections behind active facts (None for other types)."""
    return corrections_behind_active_facts(event_type)


def register(app_config) -> None:
    on_stored("tool_invocation", friction_detect, when=counts_as_friction, whole_batch=True)
    on_stored("correction", learn_from_corrections, whole_batch=True)
    on_stored("session_end", digest_sessions, whole_batch=True)
    keep_events.connect(corrections_kept, dispatch_uid="learning.corrections_kept")
