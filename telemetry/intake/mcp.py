"""Kaizen as an MCP server (the official `mcp` SDK), for agents and the tools developers already
use. Authenticated by agent token: over streamable HTTP at `/mcp` (a Django view checks the
bearer token like every endpoint, telemetry/intake/mcp_http.py) and over stdio
(`manage.py mcp_serve --token …`).

The tools `report_tool_call`, `report_outcome`, `report_correction` and `report_feedback` send
events through the same validation and writer as `POST /api/v1/ingest`. Upper floors register
what they serve on the same `server` (the improver: the `directives` prompt, the learned facts and
anti-patterns as resources, `submit_proposal`). Every tool, prompt and resource is put on the
server at start-up by its app's wiring.py (the report tools: telemetry/wiring.py).
"""

import contextvars
import json
from typing import Literal

from asgiref.sync import sync_to_async
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.shared.exceptions import MCPError
from mcp.types import INVALID_PARAMS
from pydantic import ValidationError

from config import clock
from telemetry.ingest import events_ingest, first_stored_at

current_agent: contextvars.ContextVar = contextvars.ContextVar("kaizen_mcp_agent", default=None)


class FieldsNamed:
    """Request parameters the SDK refuses before they reach Kaizen (a prompt argument that is not
    a string: `{"session_id": 42}`) are answered invalid params naming the field, as Kaizen's own
    refusals are, rather than with the SDK's bare "Invalid request parameters". The answer holds
    each field's path and what it must be, never the value sent."""

    async def __call__(self, ctx, call_next):
        try:
            return await call_next(ctx)
        except ValidationError as exc:
            raise MCPError(INVALID_PARAMS, fields_named(exc)) from None


def fields_named(exc: ValidationError) -> str:
    """'session_id: Input should be a valid string.' for each refused field (at most three)."""
    said = []
    for error in exc.errors(include_input=False, include_url=False)[:3]:
        path = [str(part) for part in error["loc"]]
        while len(path) > 1 and path[0] in ("params", "arguments"):  # a prompt's own arguments
            path = path[1:]
        said.append(f"{'.'.join(path) or 'params'}: {error['msg']}.")
    return " ".join(said)


def refused_fields(exc: ValidationError) -> dict[str, list[str]]:
    """{"outcome": ["Input should be 'success', 'failure', 'timeout' or 'cancelled'."]}: each
    refused argument with what it must be, the shape of Kaizen's own refusals, never the value."""
    fields: dict[str, list[str]] = {}
    for error in exc.errors(include_input=False, include_url=False):
        name = ".".join(str(part) for part in error["loc"]) or "arguments"
        fields.setdefault(name, []).append(f"{error['msg']}.")
    return fields


class KaizenServer(MCPServer):
    """The SDK's server, with a tool's arguments refused as Kaizen refuses a field (a tool error
    naming each argument: `Kaizen refused the report_tool_call arguments: {"outcome": [...]}`),
    not with the validation library's own report (its model's name, a link to its docs)."""

    async def call_tool(self, name, arguments, context=None):
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as exc:
            if not isinstance(exc.__cause__, ValidationError):
                raise
            said = json.dumps(refused_fields(exc.__cause__))
            raise ToolError(f"Kaizen refused the {name} arguments: {said}") from exc.__cause__


server = KaizenServer(
    name="kaizen",
    instructions=(
        "Read the `directives` prompt at the start of a session. Report each tool call, each "
        "outcome, what users correct and what they say, so that Kaizen can improve your directives."
    ),
    middleware=[FieldsNamed()],
)


def agent_of_call():
    agent = current_agent.get()
    if agent is None:
        raise ValueError("No agent: connect with an agent token.")
    return agent


def _ingest(event_type: str, body: dict, event_id: str | None) -> dict:
    agent = agent_of_call()
    at = first_stored_at(agent, event_type, event_id) or clock.now()  # a retry keeps its first time
    event = {
        "type": event_type,
        "timestamp": at.isoformat(),
        "body": {k: v for k, v in body.items() if v is not None},
    }
    if event_id:
        event["id"] = event_id
    [result] = events_ingest(agent=agent, batch=[event])
    if result.status == 400:
        raise ToolError(f"Kaizen refused the {event_type}: {json.dumps(result.errors)}")
    return {"stored": result.status == 201, "already_stored": result.status == 200, "type": event_type}


async def ingest(event_type: str, body: dict, event_id: str | None) -> dict:
    return await sync_to_async(_ingest)(event_type, body, event_id)


async def report_tool_call(  # noqa: PLR0913  (an MCP tool's parameters are its schema)
    session_id: str,
    tool: str,
    outcome: Literal["success", "failure", "timeout", "cancelled"],
    duration_ms: int,
    failure_mode: str | None = None,
    error: str | None = None,
    event_id: str | None = None,
    user_id: str | None = None,
    parent_session_id: str | None = None,
) -> dict:
    """Report one tool call of a session (a failure may carry what the tool said in `error`;
    `user_id`: whom the session serves; `parent_session_id`: the session it was handed from)."""
    body = {"session_id": session_id, "tool": tool, "outcome": outcome, "duration_ms": duration_ms}
    body |= {"failure_mode": failure_mode, "error": error}
    return await ingest("tool_invocation", {**body, **_who(user_id, parent_session_id)}, event_id)


async def report_outcome(  # noqa: PLR0913  (an MCP tool's parameters are its schema)
    skill: str,
    success: bool,
    duration_ms: int,
    session_id: str | None = None,
    failure_reason: str | None = None,
    model: str | None = None,
    input_tokens: int | None = None,
    output_tokens: int | None = None,
    cost_usd: float | None = None,
    event_id: str | None = None,
    user_id: str | None = None,
    parent_session_id: str | None = None,
) -> dict:
    """Report how a skill (a task, a run) ended (`user_id`: whom it was for;
    `parent_session_id`: the session that handed it over)."""
    body = {
        "skill": skill,
        "success": success,
        "duration_ms": duration_ms,
        "session_id": session_id,
        "failure_reason": failure_reason,
        "model": model,
        "input_tokens": input_tokens,
        "output_tokens": output_tokens,
        "cost_usd": cost_usd,
    }
    return await ingest("skill_outcome", {**body, **_who(user_id, parent_session_id)}, event_id)


async def report_correction(
    user_message: str,
    session_id: str | None = None,
    previous_agent_response: str | None = None,
    event_id: str | None = None,
    user_id: str | None = None,
    parent_session_id: str | None = None,
) -> dict:
    """Report a user correcting the agent, in the user's words (`user_id`: who, in your system;
    one person repeating an ask weighs as one; `parent_session_id`: the session that handed
    this one its work)."""
    body = {
        "user_message": user_message,
        "session_id": session_id,
        "previous_agent_response": previous_agent_response,
    }
    return await ingest("correction", {**body, **_who(user_id, parent_session_id)}, event_id)


async def report_feedback(
    text: str,
    sentiment: Literal["positive", "negative", "neutral"] | None = None,
    session_id: str | None = None,
    event_id: str | None = None,
    user_id: str | None = None,
    parent_session_id: str | None = None,
) -> dict:
    """Report what a user said about the agent's work (the improver classifies it; `user_id`:
    who said it, in your system; one person repeating an ask weighs as one;
    `parent_session_id`: the session that handed this one its work, whose template's fix it
    may be)."""
    body = {"text": text, "sentiment": sentiment, "session_id": session_id}
    return await ingest("observation", {**body, **_who(user_id, parent_session_id)}, event_id)


def _who(user_id: str | None, parent_session_id: str | None) -> dict:
    """The optional fields every report may carry: whom it serves and where its work came from."""
    return {"user_id": user_id, "parent_session_id": parent_session_id}
