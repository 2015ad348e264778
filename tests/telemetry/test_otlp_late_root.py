"""A run whose spans reach Kaizen before its root, posted as OTLP/JSON exports the way an
exporter splits a run (children end first): until the root names the conversation, what the
children show is kept under the trace id; once it does, all of it is the conversation's, so each
run is one session, its failures are that session's, and the skill's statistics count each run's
cost as the stored outcome has it now."""

import json
from datetime import timedelta

import pytest

from config.clock import now
from learning.models import SessionSignal
from telemetry.intake.otel_traces import traces_settle
from telemetry.models import SessionSeen, SkillOutcome, ToolInvocation

pytestmark = [pytest.mark.django_db]
START = 1_700_000_000_000_000_000
CALL_COST = 3.3e-5


def span(trace: str, span_id: str, name: str, parent: str = "", error: str = "", **attributes) -> dict:
    body = {
        "traceId": trace,
        "spanId": span_id,
        "parentSpanId": parent,
        "name": name,
        "startTimeUnixNano": str(START),
        "endTimeUnixNano": str(START + 1_000_000_000),
        "attributes": [{"key": k, "value": {"stringValue": str(v)}} for k, v in attributes.items()],
    }
    if error:
        body["status"] = {"code": 2, "message": error}
    return body


def post(client, spans: list[dict]) -> None:
    body = {"resourceSpans": [{"scopeSpans": [{"spans": spans}]}]}
    response = client.post("/v1/traces", body, format="json")
    assert response.status_code == 200, response.content


def failed_tool(trace: str) -> dict:
    tool = {"gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "refund"}
    return span(trace, "t1", "execute_tool refund", parent="r1", error="refund API timed out", **tool)


def llm_call(trace: str, span_id: str, parent: str = "r1") -> dict:
    llm = {
        "gen_ai.operation.name": "chat",
        "gen_ai.request.model": "gpt-4o-mini",
        "gen_ai.usage.input_tokens": 100,
        "gen_ai.usage.output_tokens": 20,
        "langfuse.observation.cost_details": json.dumps({"total": CALL_COST}),
    }
    return span(trace, span_id, "chat gpt-4o-mini", parent=parent, **llm)


def root(trace: str, conversation: str) -> dict:
    agent = {"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "support"}
    return span(trace, "r1", "invoke_agent support", **{**agent, "gen_ai.conversation.id": conversation})


RUNS = {"a1" * 16: "conv-1", "b2" * 16: "conv-2"}


def sessions(agent) -> list[str]:
    return sorted(SessionSeen.objects.filter(agent=agent).values_list("session_key", flat=True))


def signals(agent) -> set[tuple[str, str]]:
    return set(SessionSignal.objects.filter(agent=agent).values_list("session_id", "signal"))


def failures_in(conversations) -> set[tuple[str, str]]:
    shown = ("tool_failure", "tool:refund:TIMEOUT", "any_failure")
    return {(conversation, signal) for conversation in conversations for signal in shown}


def test_children_a_second_before_their_root_make_one_session_per_run(agent_client, clock):
    """Two runs, each exported as its calls a second before its root: two sessions, not four,
    each showing its tool's failure, and nothing left under a trace id; the same exports sent
    again, and the root twice, change nothing more."""
    agent, client = agent_client
    for trace in RUNS:
        post(client, [failed_tool(trace), llm_call(trace, "l1")])
    assert sessions(agent) == sorted(RUNS)  # provisional: the conversation is not known yet
    for trace, conversation in RUNS.items():
        clock.shift(timedelta(seconds=1))
        post(client, [root(trace, conversation)])
    expected = (sorted(RUNS.values()), failures_in(RUNS.values()))
    assert (sessions(agent), signals(agent)) == expected
    assert set(ToolInvocation.objects.values_list("session_id", flat=True)) == set(RUNS.values())
    for trace, conversation in RUNS.items():  # the exporter's retries, the root re-sent
        post(client, [failed_tool(trace), llm_call(trace, "l1")])
        post(client, [root(trace, conversation)])
        post(client, [root(trace, conversation), llm_call(trace, "l1")])
    assert (sessions(agent), signals(agent)) == expected
    assert SessionSeen.objects.filter(agent=agent).count() == 2


def test_a_long_run_settled_before_its_root_keeps_its_failures_in_its_conversation(
    agent_client, settings, clock
):
    """The run went quiet for longer than the settle time: its calls were mapped without the
    root, under the trace id, and their failures derived there. When the root names the
    conversation, the run is one session again and its failures are the conversation's."""
    agent, client = agent_client
    [(trace, conversation)] = list(RUNS.items())[:1]
    post(client, [failed_tool(trace), llm_call(trace, "l1", parent="a2")])
    later = now() + timedelta(seconds=settings.KAIZEN["OTLP_SETTLE_SECONDS"] + 1)
    assert traces_settle(now=later) == 1
    assert signals(agent) == failures_in([trace])  # derived under the trace id meanwhile
    clock.move_to(later + timedelta(seconds=5))
    inner = {"openinference.span.kind": "AGENT", "agent.name": "step"}
    post(client, [span(trace, "a2", "agent", parent="r1", **inner), root(trace, conversation)])
    assert (sessions(agent), signals(agent)) == ([conversation], failures_in([conversation]))
    [run] = SkillOutcome.objects.filter(agent=agent)
    assert (run.session_id, run.skill) == (conversation, "support")
    post(client, [root(trace, conversation)])
    assert (sessions(agent), signals(agent)) == ([conversation], failures_in([conversation]))


def summary(client) -> dict:
    response = client.get("/api/v1/planner/summary?agent=alice&skill=support")
    assert response.status_code == 200, response.content
    return response.json()


def test_a_run_costed_again_when_another_services_calls_arrive_is_served_at_its_cost(agent_client):
    """Two SDKs in one trace: the agent's service exports the run (its root, no call of its own),
    then the model client's service its two calls. The skill's summary serves the run at the
    cost of both calls, not at the nothing it was first counted at; the calls sent again, and
    the root again, change nothing."""
    agent, client = agent_client
    [(trace, conversation)] = list(RUNS.items())[:1]
    post(client, [root(trace, conversation)])
    assert summary(client)["avg_cost_usd"] == 0
    post(client, [llm_call(trace, "l1"), llm_call(trace, "l2")])
    [run] = SkillOutcome.objects.filter(agent=agent)
    assert run.cost_usd == pytest.approx(2 * CALL_COST)
    served = summary(client)
    assert (served["total_samples"], served["avg_cost_usd"]) == (1, pytest.approx(2 * CALL_COST))
    post(client, [llm_call(trace, "l1"), llm_call(trace, "l2")])
    post(client, [root(trace, conversation), llm_call(trace, "l2")])
    assert summary(client) == served


def test_a_late_call_adds_its_cost_to_the_skills_statistics_once(agent_client):
    """The run and one call in one export, its second call in the next: the run counts both
    calls' cost, in the summary and in the skill's total, once however often it is re-sent."""
    from planner.models import SkillStats

    agent, client = agent_client
    trace, conversation = "c3" * 16, "conv-3"
    post(client, [root(trace, conversation), llm_call(trace, "l1")])
    assert summary(client)["avg_cost_usd"] == pytest.approx(CALL_COST)
    for _ in range(2):
        post(client, [llm_call(trace, "l2")])
        served = summary(client)
        assert (served["total_samples"], served["avg_cost_usd"]) == (1, pytest.approx(2 * CALL_COST))
        stats = SkillStats.objects.get(agent=agent, skill="support")
        assert stats.total_cost_usd == pytest.approx(2 * CALL_COST)
