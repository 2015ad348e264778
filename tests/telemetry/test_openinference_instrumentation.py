"""The real OpenInference instrumentation (`openinference-instrumentation-openai`, as Arize Phoenix
uses it) against a local fake OpenAI server, exporting to Kaizen over OTLP/HTTP: an AGENT span with
a TOOL beneath it and an LLM call; the session id set on the agent span applies to the tool, the
call's tokens roll into the agent outcome, priced, and nothing is rejected or left unmapped."""

import pytest
from opentelemetry.trace import Status, StatusCode

from telemetry.models import SkillOutcome, ToolInvocation, UnmappedSpan
from tests.factories import agent_with_token
from tests.telemetry.fake_openai import COST, instrumented

pytestmark = pytest.mark.django_db(transaction=True)


def test_openinference_agent_tool_and_llm_spans(live_server, fake_openai):
    from openinference.instrumentation.openai import OpenAIInstrumentor

    agent, token = agent_with_token(name="phoenix-agent")
    with (
        instrumented(OpenAIInstrumentor(), live_server.url, token, fake_openai) as (tracer, client),
        tracer.start_as_current_span(
            "researcher",
            attributes={"openinference.span.kind": "AGENT", "agent.name": "research", "session.id": "s-42"},
        ),
    ):
        client.chat.completions.create(model="gpt-4o-mini", messages=[{"role": "user", "content": "go"}])
        with tracer.start_as_current_span(
            "web_search", attributes={"openinference.span.kind": "TOOL", "tool.name": "web_search"}
        ):
            pass
        with tracer.start_as_current_span(
            "fetch", attributes={"openinference.span.kind": "TOOL", "tool.name": "fetch_page"}
        ) as failing:
            failing.set_status(Status(StatusCode.ERROR, "connection timed out after 30s"))

    [outcome] = SkillOutcome.objects.filter(agent=agent)
    assert (outcome.skill, outcome.input_tokens, outcome.output_tokens, outcome.model) == (
        "research",
        1200,
        300,
        "gpt-4o-mini",
    )
    assert outcome.cost_usd == pytest.approx(COST)
    tools = {t.tool: t for t in ToolInvocation.objects.filter(agent=agent)}
    assert set(tools) == {"web_search", "fetch_page"}
    assert {t.session_id for t in tools.values()} == {"s-42"}  # from the agent span above them
    assert (tools["fetch_page"].outcome, tools["fetch_page"].failure_mode) == ("timeout", "TIMEOUT")
    assert tools["fetch_page"].error == "connection timed out after 30s"
    assert not UnmappedSpan.objects.exists()
