"""What the improver serves on Kaizen's MCP server (telemetry/intake/mcp.py holds the server and
its report tools):
- prompt `directives`: the prompt block the agent is served (its canary arm's during a rollout);
- resources `kaizen://facts` and `kaizen://anti-patterns`: what was learned, as JSON;
- tool `submit_proposal`: a goal, action or config change for a human to review, as
  `POST /api/v1/proposals`.
Imported by ImproverConfig.ready, so the server has them before it serves anything.
"""

import json
from typing import Literal

from asgiref.sync import sync_to_async
from mcp.server.mcpserver.exceptions import ToolError

from config.errors import ApplicationError
from governance.services import proposal_submit
from improver.selectors import directives_for_agent
from planner.selectors import anti_patterns_for_template
from telemetry.intake.mcp import agent_of_call, server
from telemetry.selectors import learned_facts


@server.prompt(name="directives", description="The directives this agent runs, with what Kaizen learned.")
async def directives() -> str:
    def read():
        try:
            return directives_for_agent(agent=agent_of_call())["prompt_block"]
        except ApplicationError as exc:
            raise ValueError(exc.message) from exc

    return await sync_to_async(read)()


@server.resource("kaizen://facts", name="learned-facts", mime_type="application/json")
async def facts() -> str:
    """Facts learned from corrections that this agent is served."""

    def read():
        agent = agent_of_call()
        return json.dumps(learned_facts(template_id=agent.template_id, agent_id=agent.pk))

    return await sync_to_async(read)()


@server.resource("kaizen://anti-patterns", name="anti-patterns", mime_type="application/json")
async def anti_patterns() -> str:
    """What this agent's template should avoid, learned from recurring failures."""

    def read():
        return json.dumps([a["line"] for a in anti_patterns_for_template(agent_of_call().template_id)])

    return await sync_to_async(read)()


@server.tool()
async def submit_proposal(
    type: Literal["goal", "action", "config_change"],
    yaml: str,
    rationale: str,
    document: str | None = None,
) -> dict:
    """Propose a goal, an action or a config change (a YAML document) for a human to review."""

    def submit():
        try:
            proposal = proposal_submit(
                type=type,
                data={"yaml": yaml, "document": document},
                agent=agent_of_call(),
                rationale=rationale,
            )
        except ApplicationError as exc:
            raise ToolError(exc.message) from exc
        return {"id": proposal.pk, "status": proposal.status, "title": proposal.title}

    return await sync_to_async(submit)()
