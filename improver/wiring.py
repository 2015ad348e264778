"""What the improver's services answer to, wired once at start-up (ImproverConfig.ready):
approving, rejecting and refining a template evolution (the governance registry), a template's
head moving (its rollout, its pending evolution and what was queued behind its canary follow);
the newly stored events it derives from (telemetry's hooks: each session's failure signals,
feedback classified as it arrives, friction turned into new_tool proposals); and what it serves
on the MCP server (the `directives` prompt, the learned facts and anti-patterns,
`submit_proposal`). How an approved change goes on from there is one module read top to bottom:
improver.services.lifecycle."""

from experiments.rollouts import rollout_head_moved
from fleet.documents import head_moved
from fleet.models import AgentTemplate
from governance.models import Proposal
from governance.registry import register as register_type
from improver.mcp_server import anti_patterns, directives, facts, submit_proposal
from improver.review import maintenance_review, new_tool_review, review
from improver.services import feedback, maintenance, session_signals
from improver.services.evolution import TYPE, evolution_lines, on_approve, on_refine, on_reject, what_next
from improver.services.evolution_moves import evolution_rebase
from improver.services.lifecycle import advance
from telemetry.hooks import on_stored
from telemetry.intake.mcp import server

DIRECTIVES = "The directives this agent runs, with what Kaizen learned."  # the prompt's description
JSON = "application/json"


def template_head_moved(sender, *, document, version, **kwargs) -> None:
    """A template's head moved: its rollout and its pending evolution follow, and what was queued
    behind a rollout that ended with it starts."""
    if document.name.startswith("template:"):
        rollout_head_moved(document, version)
        evolution_rebase(document, version)
        if (template := AgentTemplate.objects.filter(document=document).first()) is not None:
            advance(template)


def failed_call(row: dict) -> bool:
    """A tool call that failed or timed out (a session's tool failure)."""
    return row.get("outcome") in session_signals.FAILED_TOOL


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


def register_hooks() -> None:
    """The events the improver derives from, every handler given whole batches."""
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
    on_stored("observation", feedback.observations_classified, whole_batch=True)
    on_stored("decision", feedback.decisions_classified, whole_batch=True)
    on_stored("correction", feedback.corrections_classified, whole_batch=True)
    on_stored("wake_run", feedback.ratings_classified, when=rated_run, whole_batch=True)
    on_stored("friction", maintenance.friction_to_proposal, whole_batch=True)


def register_mcp() -> None:
    """What the improver serves on the MCP server, beside telemetry's report tools."""
    server.prompt(name="directives", description=DIRECTIVES)(directives)
    server.resource("kaizen://facts", name="learned-facts", mime_type=JSON)(facts)
    server.resource("kaizen://anti-patterns", name="anti-patterns", mime_type=JSON)(anti_patterns)
    server.tool()(submit_proposal)


def register(app_config) -> None:
    register_type(
        TYPE,
        approve=on_approve,
        reject=on_reject,
        refine=on_refine,
        review=review,
        what_next=what_next,
        lines=evolution_lines,
    )
    register_type(Proposal.Type.MAINTENANCE, review=maintenance_review)
    register_type(Proposal.Type.NEW_TOOL, review=new_tool_review)
    register_hooks()
    register_mcp()
    head_moved.connect(template_head_moved, dispatch_uid="improver.template_head_moved")
