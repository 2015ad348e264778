"""What the improver's services answer to, wired once at start-up (ImproverConfig.ready):
approving, rejecting and refining a template evolution (the governance registry), a template's
head moving (its rollout, its pending evolution and what was queued behind its canary follow);
friction turned into new_tool proposals (telemetry's hooks; the other stored events are learned
from in learning.wiring); and what it serves on the MCP server (the `directives` prompt, the
learned facts and anti-patterns, `submit_proposal`). How an approved change goes on from there is
one module read top to bottom: improver.services.lifecycle."""

from experiments.rollouts import rollout_head_moved
from fleet.documents import head_moved
from fleet.models import AgentTemplate
from governance.models import Proposal
from governance.registry import register as register_type
from improver.mcp_server import anti_patterns, directives, facts, submit_proposal
from improver.review import maintenance_review, new_tool_review, review
from improver.services import maintenance
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


def register_hooks() -> None:
    """The events the improver derives from: friction turned into new_tool proposals (whole
    batches). Every other handler of stored events is learning's (learning.wiring)."""
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
