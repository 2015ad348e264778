"""Kaizen's MCP server through the official SDK's own client: over streamable HTTP at /mcp with
an agent token, and over stdio (`manage.py mcp_serve`). The prompt is the agent's prompt block,
the resources what was learned, and the tools store the same rows as the REST API."""

import asyncio
import json
import os
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx2
import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp.client.streamable_http import streamable_http_client
from rest_framework.test import APIClient

from governance.models import Proposal
from telemetry.models import Correction, Observation, SessionLink, SkillOutcome, ToolInvocation
from tests.factories import TemplateFactory, agent_with_token

pytestmark = pytest.mark.django_db(transaction=True)
ROOT = Path(__file__).resolve().parents[2]
GOAL = "goals:\n  - id: fleet.cost\n    selector: total_cost_usd_1d\n    operator: '<='\n    threshold: 50\n"


def run_async(main) -> object:
    """Run the client on its own thread: a browser test's event loop may be running on this one."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, main()).result()


def payload(result) -> dict:
    assert not result.is_error, result.content
    return result.structured_content or json.loads(result.content[0].text)


async def exercise(client: Client) -> dict:
    prompt = await client.get_prompt("directives")
    facts = await client.read_resource("kaizen://facts")
    tools = sorted(t.name for t in (await client.list_tools()).tools)
    calls = [
        ("report_tool_call", {"session_id": "s1", "tool": "bash", "outcome": "failure", "duration_ms": 40,
                              "error": "permission denied", "event_id": "mcp-1"}),
        ("report_tool_call", {"session_id": "s1", "tool": "bash", "outcome": "failure", "duration_ms": 40,
                              "error": "permission denied", "event_id": "mcp-1"}),  # a retry: stored once
        ("report_outcome", {"skill": "fix_bug", "success": False, "duration_ms": 900, "session_id": "s1",
                            "failure_reason": "tests failed", "user_id": "dana", "parent_session_id": "plan-7"}),
        ("report_correction", {"user_message": "No, use pnpm.", "session_id": "s1", "user_id": "dana"}),
        ("report_feedback", {"text": "Far too verbose.", "sentiment": "negative", "session_id": "s1",
                             "user_id": "dana", "parent_session_id": "plan-7"}),
    ]  # fmt: skip
    answers = []
    for name, arguments in calls:
        result = await client.call_tool(name, arguments)
        answers.append(payload(result))
    bad = await client.call_tool(
        "report_tool_call", {"session_id": "s1", "tool": "bash", "outcome": "exploded", "duration_ms": 1}
    )
    return {
        "prompt": prompt.messages[0].content.text,
        "facts": json.loads(facts.contents[0].text),
        "tools": tools,
        "answers": answers,
        "bad": bad.is_error,
    }


def check(agent, seen: dict) -> None:
    assert seen["prompt"].startswith("# Directives (")
    assert seen["facts"] == []
    assert seen["tools"] == [
        "report_correction",
        "report_feedback",
        "report_outcome",
        "report_tool_call",
        "submit_proposal",
    ]
    assert [a["already_stored"] for a in seen["answers"]] == [False, True, False, False, False]
    assert seen["bad"] is True  # a refused event is a tool error, nothing stored
    [call] = ToolInvocation.objects.filter(agent=agent)
    assert (call.session_id, call.outcome, call.failure_mode, call.error) == (
        "s1",
        "failure",
        "PERM",
        "permission denied",
    )
    [outcome] = SkillOutcome.objects.filter(agent=agent)
    assert (outcome.skill, outcome.success, outcome.session_id) == ("fix_bug", False, "s1")
    assert outcome.user_id == "dana"
    # the session names the one it was handed from, once, whichever report carried it
    [link] = SessionLink.objects.filter(agent=agent)
    assert (link.session_key, link.parent_session_key) == ("s1", "plan-7")
    correction = Correction.objects.get(agent=agent)
    assert (correction.user_message, correction.user_id) == ("No, use pnpm.", "dana")
    feedback = Observation.objects.get(agent=agent)
    assert (feedback.sentiment, feedback.user_id) == ("negative", "dana")


def test_the_sdk_client_over_streamable_http(live_server):
    agent, token = agent_with_token(name="mcp-http", template=TemplateFactory(slug="coder"))

    async def run():
        http = httpx2.AsyncClient(headers={"Authorization": f"Bearer {token}"})
        async with Client(streamable_http_client(f"{live_server.url}/mcp", http_client=http)) as client:
            seen = await exercise(client)
            submitted = await client.call_tool(
                "submit_proposal", {"type": "goal", "yaml": GOAL, "rationale": "slow reviews"}
            )
            assert not submitted.is_error, submitted.content
            return seen, payload(submitted)

    seen, submitted = run_async(run)
    check(agent, seen)
    assert Proposal.objects.get(pk=submitted["id"]).created_by_agent == agent


def test_a_request_without_an_agent_token_is_refused(live_server):
    answer = httpx2.post(f"{live_server.url}/mcp", json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
    assert answer.status_code == 401


def test_the_sdk_client_over_stdio(live_server):
    agent, token = agent_with_token(name="mcp-stdio", template=TemplateFactory(slug="coder"))
    from django.db import connection

    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings"}
    if connection.vendor == "sqlite":
        env["DATABASE_URL"] = f"sqlite:///{connection.settings_dict['NAME']}"
    else:
        env["DATABASE_URL"] = (
            os.environ["DATABASE_URL"].rsplit("/", 1)[0] + "/" + connection.settings_dict["NAME"]
        )
    params = StdioServerParameters(
        command=sys.executable, args=["manage.py", "mcp_serve", "--token", token], cwd=str(ROOT), env=env
    )

    async def run():
        async with Client(params) as client:
            return await exercise(client)

    check(agent, run_async(run))


def test_a_refused_report_names_the_field_in_the_tool_result(live_server, caplog):
    _, token = agent_with_token(name="mcp-refused", template=TemplateFactory(slug="coder"))

    async def run():
        http = httpx2.AsyncClient(headers={"Authorization": f"Bearer {token}"})
        async with Client(streamable_http_client(f"{live_server.url}/mcp", http_client=http)) as client:
            return await client.call_tool(
                "report_tool_call",
                {"session_id": "s", "tool": "bash", "outcome": "success", "duration_ms": -5},
            )

    result = run_async(run)
    assert result.is_error
    text = result.content[0].text
    assert "body.duration_ms" in text and "refused the tool_invocation" in text
    assert not [r for r in caplog.records if r.exc_info]  # an anticipated refusal: no traceback


@pytest.mark.parametrize(
    ("tool", "arguments", "named"),
    [
        (
            "report_tool_call",
            {"session_id": "s", "tool": "bash", "outcome": "kaboom", "duration_ms": 5},
            "outcome",
        ),
        ("submit_proposal", {"type": "goal", "yaml": "x: 1"}, "rationale"),
    ],
)
def test_arguments_of_another_shape_are_refused_as_kaizen_refuses_a_field(
    live_server, tool, arguments, named
):
    _, token = agent_with_token(name="mcp-shape", template=TemplateFactory(slug="coder"))

    async def run():
        http = httpx2.AsyncClient(headers={"Authorization": f"Bearer {token}"})
        async with Client(streamable_http_client(f"{live_server.url}/mcp", http_client=http)) as client:
            return await client.call_tool(tool, arguments)

    result = run_async(run)
    text = result.content[0].text
    assert result.is_error and text.startswith(f"Kaizen refused the {tool} arguments: "), text
    fields = json.loads(text.split(" arguments: ", 1)[1])
    assert list(fields) == [named] and "pydantic" not in text and "kaboom" not in text, text


def test_a_proposal_over_mcp_keeps_its_evidence(live_server):
    agent, token = agent_with_token(name="mcp-evidence", template=TemplateFactory(slug="coder"))
    evidence = {"summary": "p95 review wait 3 days", "samples": 57}

    async def run():
        http = httpx2.AsyncClient(headers={"Authorization": f"Bearer {token}"})
        async with Client(streamable_http_client(f"{live_server.url}/mcp", http_client=http)) as client:
            return await client.call_tool(
                "submit_proposal",
                {"type": "goal", "yaml": GOAL, "rationale": "slow reviews", "evidence": evidence},
            )

    submitted = payload(run_async(run))
    assert Proposal.objects.get(pk=submitted["id"]).evidence == evidence


@pytest.mark.parametrize("accept", [None, "*/*", "application/json, text/event-stream", "text/event-stream"])
def test_a_get_answers_405_at_once_whatever_it_accepts(live_server, accept):
    _, token = agent_with_token(name=f"mcp-get-{len(accept or '')}")
    headers = {"Authorization": f"Bearer {token}"}
    if accept is not None:
        headers["Accept"] = accept
    answer = httpx2.get(f"{live_server.url}/mcp", headers=headers, timeout=10)
    assert answer.status_code == 405 and "POST" in answer.headers["Allow"]


def test_the_directives_prompt_assigns_the_session_it_names(live_server):
    from datetime import UTC, datetime

    from fleet.arms import session_hash
    from fleet.documents import candidate_start, document_version_append
    from fleet.models import Document, Exposure

    agent, token = agent_with_token(name="mcp-session", template=TemplateFactory(slug="coder"))
    document = Document.objects.get(pk=agent.template.document_id)
    candidate = document_version_append(document=document, text="Cite sources.\n", as_candidate=True)
    started = datetime(2026, 11, 21, tzinfo=UTC)
    candidate_start(document=document, version=candidate, agent_ids=[], share=0.5, at=started)
    key = next(k for k in (f"mcp-s{n}" for n in range(100)) if session_hash(agent.pk, k, candidate.pk) < 0.5)

    async def run():
        http = httpx2.AsyncClient(headers={"Authorization": f"Bearer {token}"})
        async with Client(streamable_http_client(f"{live_server.url}/mcp", http_client=http)) as client:
            [prompt] = (await client.list_prompts()).prompts
            served = await client.get_prompt("directives", {"session_id": key})
            again = await client.get_prompt("directives", {"session_id": key})
            try:
                await client.get_prompt("directives", {"session_id": "x" * 129})
            except Exception as exc:  # noqa: BLE001 - whatever the SDK raises, it names the field
                refused = str(exc)
            else:
                refused = ""
            return prompt, served.messages[0].content.text, again.messages[0].content.text, refused

    prompt, served, again, refused = run_async(run)
    assert [(a.name, a.required) for a in prompt.arguments] == [("session_id", False)]
    assert served == again and served.startswith(f"# Directives (coder v{candidate.number})")
    exposure = Exposure.objects.get()
    assert (exposure.agent, exposure.session_key, exposure.version) == (agent, key, candidate)
    assert "session_id" in refused


def test_the_allow_header_of_a_405_lists_only_methods_that_work():
    _, token = agent_with_token(name="mcp-allow")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    refused = client.get("/mcp")
    assert refused.status_code == 405
    allowed = [method.strip() for method in refused.headers["Allow"].split(",")]
    assert "POST" in allowed
    for method in allowed:  # each method the header lists answers something other than 405
        # in a thread of its own, as run_async does: the MCP app bridges to async, which refuses a
        # thread where an earlier test left an event loop
        with ThreadPoolExecutor(1) as pool:
            answer = pool.submit(
                client.generic, method, "/mcp", b"{}", content_type="application/json"
            ).result()
        assert answer.status_code != 405, (method, answer.content)
    assert client.put("/mcp").headers["Allow"] == refused.headers["Allow"]


def rpc(client: APIClient, method: str, params: dict) -> dict:
    """One JSON-RPC request to /mcp, as any client sends it (the SDK's client would refuse to send
    some of the values below)."""
    body = {"jsonrpc": "2.0", "id": 1, "method": method, "params": params}
    with ThreadPoolExecutor(1) as pool:  # on its own thread: a browser test's loop may run on this one
        response = pool.submit(
            client.post,
            "/mcp",
            body,
            format="json",
            HTTP_ACCEPT="application/json, text/event-stream",
            HTTP_MCP_PROTOCOL_VERSION="2025-06-18",
        ).result()
    assert response.status_code == 200
    return response.json()


@pytest.mark.parametrize("bad", [42, ["s1"], None, "", " ", "\n", "a\tb", "a\x01b", "nul\x00", "x" * 129])
def test_a_bad_session_id_for_the_directives_prompt_is_refused_naming_it(bad):
    """The prompt's `session_id` follows the rule events follow, and a value that is not even a
    string (refused by the SDK before it reaches Kaizen) is refused naming the field too."""
    from fleet.models import Exposure

    _, token = agent_with_token(name="mcp-bad-session", template=TemplateFactory(slug="coder"))
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    answer = rpc(client, "prompts/get", {"name": "directives", "arguments": {"session_id": bad}})
    assert answer["error"]["code"] == -32602, answer
    assert answer["error"]["message"].startswith("session_id: "), answer
    assert not Exposure.objects.exists()
    good = rpc(client, "prompts/get", {"name": "directives", "arguments": {"session_id": "s-1"}})
    assert good["result"]["messages"][0]["content"]["text"].startswith("# Directives (coder")


def test_the_facts_resource_leaves_out_a_fact_the_prompt_block_leaves_out(live_server):
    """A fact saying the contrary of a directive line is in neither the prompt nor the facts."""
    from config import clock
    from fleet.templates import template_version_create
    from learning.models import LearnedFact

    agent, token = agent_with_token(name="mcp-facts", template=TemplateFactory(slug="ops"))
    template_version_create(template=agent.template, directives="Rotate the logs when the disk is full.\n")
    for content in ("No, don't rotate the logs, we need them for the audit.", "Tests live in spec/."):
        LearnedFact.objects.create(
            template_id=agent.template_id,
            agent=agent,
            content=content,
            source="user-stated",
            reach="template",
            confidence=1.0,
            created_at=clock.now(),
        )

    async def run():
        http = httpx2.AsyncClient(headers={"Authorization": f"Bearer {token}"})
        async with Client(streamable_http_client(f"{live_server.url}/mcp", http_client=http)) as client:
            facts = await client.read_resource("kaizen://facts")
            prompt = await client.get_prompt("directives")
            return json.loads(facts.contents[0].text), prompt.messages[0].content.text

    facts, prompt = run_async(run)
    assert [f["content"] for f in facts] == ["Tests live in spec/."]
    assert "- Tests live in spec/." in prompt and "we need them for the audit" not in prompt
