"""What learning answers to, wired once at start-up (LearningConfig.ready): every newly stored
event it learns from (telemetry's hooks). Loops 1-3: tool calls that fail with a failure mode
(friction), corrections (facts), ended sessions (digests); each session's failure signals, as the
events showing them arrive (learning.session_signals); and the feedback classified as it arrives
(learning.feedback). Retention keeps the corrections active facts were learned from.

Friction turned into a new_tool proposal is not here: it writes a governance proposal, a floor
above learning, so the improver registers it (improver.services.maintenance)."""

from learning import feedback, session_signals
from learning.loops import counts_as_friction, digest_sessions, friction_detect, learn_from_corrections
from learning.selectors import corrections_behind_active_facts
from learning.signals import FAILED_TOOL
from telemetry.hooks import on_stored
from telemetry.retention import keep_events


def corrections_kept(sender, *, event_type: str, **kwargs):
    """Retention asks what to keep: the corrections behind active facts (None for other types)."""
    return corrections_behind_active_facts(event_type)


def failed_call(row: dict) -> bool:
    """A tool call that failed or timed out (a session's tool failure)."""
    return row.get("outcome") in FAILED_TOOL


def failed_outcome(row: dict) -> bool:
    """A skill outcome that failed."""
    return row.get("success") is False


def rejected_decision(row: dict) -> bool:
    """A decision a person rejected."""
    return row.get("verdict") == "rejected"


def reflects_failures(row: dict) -> bool:
    """A session end whose reflection names failures."""
    reflection = row.get("reflection") or {}
    return isinstance(reflection, dict) and bool(reflection.get("failures"))


def rated_run(row: dict) -> bool:
    """A wake run the user rated."""
    return row.get("user_rating") is not None


def register_loops() -> None:
    """Loops 1-3."""
    on_stored("tool_invocation", friction_detect, when=counts_as_friction, whole_batch=True)
    on_stored("correction", learn_from_corrections, whole_batch=True)
    on_stored("session_end", digest_sessions, whole_batch=True)


def register_session_signals() -> None:
    """Each session's failure signals, every handler given whole batches."""
    signals = session_signals
    on_stored("tool_invocation", signals.tool_failures, when=failed_call, whole_batch=True)
    on_stored("skill_outcome", signals.skill_failures, when=failed_outcome, whole_batch=True)
    on_stored(
        "skill_outcome_withdrawn", signals.skill_failures_withdrawn, when=failed_outcome, whole_batch=True
    )
    on_stored("session_renamed", signals.signals_renamed, whole_batch=True)
    on_stored("observation", signals.negative_feedback, whole_batch=True)
    on_stored("correction", signals.corrections, whole_batch=True)
    on_stored("decision", signals.rejected_decisions, when=rejected_decision, whole_batch=True)
    on_stored("session_end", signals.reflected_failures, when=reflects_failures, whole_batch=True)
    on_stored("hitl_escalation", signals.escalations, whole_batch=True)


def register_feedback() -> None:
    """Feedback classified as it arrives, every handler given whole batches."""
    on_stored("observation", feedback.observations_classified, whole_batch=True)
    on_stored("decision", feedback.decisions_classified, whole_batch=True)
    on_stored("correction", feedback.corrections_classified, whole_batch=True)
    on_stored("wake_run", feedback.ratings_classified, when=rated_run, whole_batch=True)


def register(app_config) -> None:
    register_loops()
    register_session_signals()
    register_feedback()
    keep_events.connect(corrections_kept, dispatch_uid="learning.corrections_kept")
