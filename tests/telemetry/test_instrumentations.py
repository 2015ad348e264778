"""Instrumentations as they really emit, each the real package from the registry, against a fake
model server, every span exported on its own (SimpleSpanProcessor: the most a run can be split).
Each client's rows — tool calls with their failure texts, the run's one outcome with its tokens,
model, cost and session — equal those of the same run sent as REST events."""

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from rest_framework.test import APIClient

from telemetry.models import SkillOutcome, ToolInvocation, UnmappedSpan
from tests.factories import agent_with_token

pytestmark = pytest.mark.django_db(transaction=True)
AGENTS = Path(__file__).parent / "agents"
DENIED = "403 Forbidden: refund not permitted"
TS = "2030-01-01T00:00:00+00:00"


def run_agent(script: str, live_server, fake_openai, **env) -> object:
    agent, token = agent_with_token(name=script.removesuffix(".py").replace("_", "-"))
    environ = {**os.environ, "KAIZEN_URL": live_server.url, "TOKEN": token, "OPENAI_URL": fake_openai, **env}
    environ.pop("KAIZEN_TEST_NOW", None)
    done = subprocess.run(
        [sys.executable, script], cwd=AGENTS, env=environ, capture_output=True, text=True, timeout=180
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "Failed to export" not in done.stderr, done.stderr[-3000:]
    return agent


def rows(agent) -> dict:
    """What Kaizen stored for an agent, as comparable rows."""
    tools = sorted(
        ToolInvocation.objects.filter(agent=agent).values_list(
            "tool", "outcome", "failure_mode", "error", "session_id"
        )
    )
    outcomes = sorted(
        (
            o.skill,
            o.success,
            o.input_tokens,
            o.output_tokens,
            o.model,
            round(o.cost_usd or 0, 9),
            o.session_id,
        )
        for o in SkillOutcome.objects.filter(agent=agent)
    )
    return {"tools": tools, "outcomes": outcomes}


def rest_rows(tools: list[dict], outcome: dict) -> dict:
    """The same run sent as REST events by another agent: what Kaizen stores for those."""
    agent, token = agent_with_token(name="rest-twin")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    batch = [{"type": "tool_invocation", "timestamp": TS, "body": t} for t in tools]
    batch.append({"type": "skill_outcome", "timestamp": TS, "body": outcome})
    results = client.post("/api/v1/ingest", {"batch": batch}, format="json").json()["results"]
    assert {r["status"] for r in results} == {201}, results
    return rows(agent)


def tool(name: str, session: str, error: str = "", **extra) -> dict:
    body = {
        "session_id": session,
        "tool": name,
        "outcome": "failure" if error else "success",
        "duration_ms": 1,
    }
    return {**body, "error": error, **extra} if error else body


def outcome(skill: str, session: str, *, calls: int = 1, success: bool = True, **extra) -> dict:
    body = {
        "skill": skill,
        "success": success,
        "duration_ms": 1,
        "input_tokens": 1200 * calls,
        "output_tokens": 300 * calls,
        "model": "gpt-4o-mini",
        "session_id": session,
    }
    return {**body, **extra}


# What one SDK's spans map to is the mapping's, the same on every database; the writer they reach is
# proven on PostgreSQL by the ingest tests, and one trace from two services (derived work under row
# locks) below is run there too. The spans are timed by the agent's own process, which a moved clock
# does not move: the moved-clock passes leave them out too.
MAPPED_ALIKE = pytest.mark.same_on_every_database(
    "the spans' mapping; the writer is proven by the ingest tests"
)
UNMOVED = pytest.mark.same_at_every_instant("timed by the agent's own process, which no moved clock moves")


@MAPPED_ALIKE
@UNMOVED
def test_openllmetry_workflow_agent_and_tools(live_server, fake_openai):
    agent = run_agent("openllmetry_agent.py", live_server, fake_openai)
    stored = rows(agent)
    assert stored == rest_rows(
        [tool("lookup_order", "ticket-7"), tool("refund", "ticket-7", DENIED)], outcome("ticket", "ticket-7")
    )
    assert not UnmappedSpan.objects.filter(agent=agent).exists()


@MAPPED_ALIKE
@UNMOVED
def test_pydantic_ai_run_whose_tool_raises(live_server, fake_openai):
    agent = run_agent("pydantic_ai_agent.py", live_server, fake_openai)
    [session] = {s for *_, s in rows(agent)["tools"]}  # pydantic-ai's own conversation id
    assert rows(agent) == rest_rows(
        [tool("refund", session, DENIED)],
        outcome("support", session, success=False, failure_reason=f"RuntimeError: {DENIED}"),
    )
    assert not UnmappedSpan.objects.filter(agent=agent).exists()


@MAPPED_ALIKE
@UNMOVED
def test_openai_agents_through_openinference(live_server, fake_openai):
    agent = run_agent("openai_agents_agent.py", live_server, fake_openai)
    stored = rows(agent)
    [(_, _, _, said, session)] = stored["tools"]
    assert said.startswith("Error running tool (non-fatal): {'tool_name': 'refund'")  # the SDK's words
    assert stored == rest_rows([tool("refund", session, said)], outcome("support", session, calls=2))
    assert not UnmappedSpan.objects.filter(agent=agent).exists()


@MAPPED_ALIKE
@UNMOVED
def test_langgraph_react_agent_through_openinference(live_server, fake_openai):
    agent = run_agent("langgraph_agent.py", live_server, fake_openai)
    assert rows(agent) == rest_rows(
        [tool("refund", "ticket-5", DENIED)], outcome("support", "ticket-5", calls=2)
    )  # one outcome for the run, not one per ReAct step
    assert not UnmappedSpan.objects.filter(agent=agent).exists()


@MAPPED_ALIKE
@UNMOVED
@pytest.mark.parametrize("genai_mode", ["false", "true"])
def test_mlflow_tracing_default_and_genai_mode(live_server, fake_openai, genai_mode):
    agent = run_agent(
        "mlflow_agent.py", live_server, fake_openai, MLFLOW_ENABLE_OTEL_GENAI_SEMCONV=genai_mode
    )
    assert rows(agent) == rest_rows(
        [tool("refund", "ticket-3", f"RuntimeError: {DENIED}")], outcome("support", "ticket-3")
    )
    assert not UnmappedSpan.objects.filter(agent=agent).exists()


def two_services(live_server, fake_openai, tmp_path, *, root_last: bool, repeat: bool) -> object:
    """Run the front and billing services of one trace (agents/two_services.py), the root
    exported first or last, the billing export sent once or twice."""
    agent, token = agent_with_token(name=f"two-{root_last}-{repeat}")
    environ = {**os.environ, "KAIZEN_URL": live_server.url, "TOKEN": token, "OPENAI_URL": fake_openai}
    environ.pop("KAIZEN_TEST_NOW", None)
    carrier, done = str(tmp_path / "carrier.json"), str(tmp_path / "billing.done")
    script = [sys.executable, "two_services.py"]
    front = subprocess.Popen(
        [*script, "front", carrier, *([done] if root_last else [])],
        cwd=AGENTS, env=environ, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    if not root_last:
        assert front.wait(timeout=120) == 0, front.stderr.read()[-3000:]
    for _ in range(1200):
        if os.path.exists(carrier):
            break
        time.sleep(0.05)
    back = subprocess.run(
        [*script, "back", carrier, *(["repeat"] if repeat else [])],
        cwd=AGENTS, env=environ, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert back.returncode == 0 and "Failed to export" not in back.stderr, back.stderr[-3000:]
    Path(done).touch()
    assert front.wait(timeout=120) == 0, front.stderr.read()[-3000:]
    return agent


@pytest.mark.parametrize(
    ("root_last", "repeat"),
    [(False, False), (True, False), (False, True)],
    ids=["root first", "root last", "re-sent"],
)
def test_one_trace_from_two_services_in_any_order_is_one_run(
    live_server, fake_openai, tmp_path, root_last, repeat
):
    from datetime import timedelta

    from config import clock
    from telemetry.intake.otel_traces import traces_settle

    agent = two_services(live_server, fake_openai, tmp_path, root_last=root_last, repeat=repeat)
    traces_settle(now=clock.now() + timedelta(hours=1))  # long after: nothing waits to become a run
    assert rows(agent) == rest_rows(
        [tool("refund", "ticket-9", DENIED)], outcome("ticket", "ticket-9", calls=2)
    )  # one outcome with both services' calls, the late tool in the run's session, nothing twice
