"""What the improver serves on Kaizen's MCP server (telemetry/intake/mcp.py holds the server and
its report tools):
- prompt `directives`: the prompt block the agent is served (its canary arm's during a rollout;
  with `session_id`, the arm of the session it starts, recorded like the REST read's);
- resources `kaizen://facts` and `kaizen://anti-patterns`: what was learned, as JSON;
- tool `submit_proposal`: a goal, action or config change for a human to review, as
  `POST /api/v1/proposals`.
Put on the server by improver/wiring.py at start-up, so the server has them before it serves
anything.
"""

import json
from typing import Annotated, Literal

from asgiref.sync import sync_to_async
from django.conf import settings
from mcp.server.mcpserver.exceptions import ToolError
from mcp.shared.exceptions import MCPError
from mcp.types import INVALID_PARAMS
from pydantic import Field

from config.errors import ApplicationError
from fleet.models import AgentTemplate
from governance.services import proposal_submit
from improver.prompt import compose
from improver.selectors import directives_for_agent
from learning.selectors import learned_facts
from planner.selectors import anti_patterns_for_template
from telemetry.contract import id_problem
from telemetry.intake.mcp import agent_of_call


async def directives(
    session_id: Annotated[
        str | None,
        Field(
            description=(
                "The session you start (the session_id you report its events with): during a "
                "canary the session is assigned to an arm on its own, the fairest comparison."
            )
        ),
    ] = None,
) -> str:
    problem = None if session_id is None else id_problem(session_id)  # the rule events follow
    if problem:  # refused as invalid parameters, the message naming the field
        raise MCPError(INVALID_PARAMS, f"session_id: {problem}")

    def read():
        try:
            return directives_for_agent(agent=agent_of_call(), session_id=session_id)["prompt_block"]
        except ApplicationError as exc:
            raise ValueError(exc.message) from exc

    return await sync_to_async(read)()


async def facts() -> str:
    """Facts learned from corrections that this agent is served: those its prompt block holds
    (none that repeats or contradicts a line of its template's directives, and no more than the
    block's budget places, so a read costs what a directives read does)."""

    def read():
        agent = agent_of_call()
        offered = learned_facts(template_id=agent.template_id, agent_id=agent.pk)
        template = AgentTemplate.objects.select_related("document__head").filter(pk=agent.template_id).first()
        head = template.document.head if template is not None else None
        _, served = compose(
            template=template.slug if template is not None else "",
            version=head.number if head is not None else 0,
            directives=head.text if head is not None else "",
            learned_facts=offered,
            anti_patterns=[],
            proven_patterns=[],
            budget=settings.KAIZEN["PROMPT_TOKEN_BUDGET"],
        )
        return json.dumps(served)

    return await sync_to_async(read)()


async def anti_patterns() -> str:
    """What this agent's template should avoid, learned from recurring failures."""

    def read():
        return json.dumps([a["line"] for a in anti_patterns_for_template(agent_of_call().template_id)])

    return await sync_to_async(read)()


async def submit_proposal(
    type: Literal["goal", "action", "config_change"],
    yaml: str,
    rationale: str,
    document: str | None = None,
    evidence: dict | None = None,
) -> dict:
    """Propose a goal, an action or a config change (a YAML document) for a human to review:
    `document` names the config document (goals, actions, prices or card:<agent>), `evidence`
    what the proposal rests on (the planner summary read, the samples)."""

    def submit():
        try:
            proposal = proposal_submit(
                type=type,
                data={"yaml": yaml, "document": document},
                agent=agent_of_call(),
                rationale=rationale,
                evidence=evidence or {},
            )
        except ApplicationError as exc:
            raise ToolError(exc.message) from exc
        return {"id": proposal.pk, "status": proposal.status, "title": proposal.title}

    return await sync_to_async(submit)()
