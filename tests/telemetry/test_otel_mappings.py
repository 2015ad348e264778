"""Spans as the instrumentations agents use emit them (GenAI conventions, OpenInference,
Langfuse), sent by the real OTLP exporter; what is stored, and that nothing is silently dropped."""

import base64

import pytest
from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor

from telemetry.models import SkillOutcome, ToolInvocation, UnmappedSpan
from tests.factories import agent_with_token

pytestmark = pytest.mark.django_db(transaction=True)


def tracer_for(endpoint: str, headers: dict):
    provider = TracerProvider(resource=Resource.create({"service.name": "agent"}))
    provider.add_span_processor(
        SimpleSpanProcessor(OTLPSpanExporter(endpoint=endpoint, headers=headers, timeout=10))
    )
    return provider, provider.get_tracer("test")


def test_llm_calls_roll_up_into_the_agent_and_its_session_reaches_the_tools(live_server):
    agent, token = agent_with_token(name="genai")
    provider, tracer = tracer_for(f"{live_server.url}/v1/traces", {"Authorization": f"Bearer {token}"})
    with tracer.start_as_current_span(
        "invoke_agent triage",
        attributes={
            "gen_ai.operation.name": "invoke_agent",
            "gen_ai.agent.name": "triage",
            "gen_ai.conversation.id": "conv-9",
        },
    ):
        for tokens in ((100, 20), (300, 50)):
            with tracer.start_as_current_span(
                "chat gpt-4o-mini",
                attributes={
                    "gen_ai.operation.name": "chat",
                    "gen_ai.request.model": "gpt-4o-mini",
                    "gen_ai.usage.input_tokens": tokens[0],
                    "gen_ai.usage.output_tokens": tokens[1],
                },
            ):
                pass
        with tracer.start_as_current_span(
            "execute_tool search",
            attributes={"gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "search"},
        ):
            pass
    provider.shutdown()
    # every span was exported on its own (children first), yet the tool joined the conversation
    assert list(ToolInvocation.objects.values_list("tool", "session_id")) == [("search", "conv-9")]
    # no chat:<model> skill: the LLM calls are part of the agent's one outcome, and priced, although
    # every span was exported on its own and the calls arrived before the agent span
    [triage] = SkillOutcome.objects.filter(agent=agent)
    assert (triage.skill, triage.input_tokens, triage.output_tokens) == ("triage", 400, 70)
    assert triage.session_id == "conv-9" and triage.cost_usd > 0


def test_openinference_spans_map_by_kind_and_nothing_else_is_silent(live_server):
    agent, token = agent_with_token(name="phoenix")
    provider, tracer = tracer_for(f"{live_server.url}/v1/traces", {"Authorization": f"Bearer {token}"})
    with tracer.start_as_current_span(
        "Agent.run",
        attributes={"openinference.span.kind": "AGENT", "session.id": "sess-4", "agent.name": "researcher"},
    ):
        with tracer.start_as_current_span(
            "ChatCompletion",
            attributes={
                "openinference.span.kind": "LLM",
                "llm.model_name": "claude-3-5-sonnet",
                "llm.token_count.prompt": 1000,
                "llm.token_count.completion": 200,
            },
        ):
            pass
        with tracer.start_as_current_span(
            "web_search", attributes={"openinference.span.kind": "TOOL", "tool.name": "web_search"}
        ):
            pass
        with tracer.start_as_current_span("RetryPolicy", attributes={"openinference.span.kind": "CHAIN"}):
            pass
        with tracer.start_as_current_span("db.query"):
            pass
    provider.shutdown()
    assert list(ToolInvocation.objects.values_list("tool", "session_id")) == [("web_search", "sess-4")]
    outcomes = SkillOutcome.objects.filter(agent=agent)
    assert {o.skill for o in outcomes} <= {"researcher", "session"}
    assert sum(o.input_tokens or 0 for o in outcomes) == 1000
    [unmapped] = UnmappedSpan.objects.filter(agent=agent)
    assert (unmapped.count, unmapped.example) == (1, "db.query")  # counted, not silently dropped


def test_the_langfuse_sdk_path_and_basic_auth_work(live_server):
    agent, token = agent_with_token(name="langfuse")
    basic = base64.b64encode(f"pk-lf-anything:{token}".encode()).decode()
    provider, tracer = tracer_for(
        f"{live_server.url}/api/public/otel/v1/traces", {"Authorization": f"Basic {basic}"}
    )
    with tracer.start_as_current_span(
        "support-bot", attributes={"langfuse.observation.type": "agent", "langfuse.session.id": "ticket-77"}
    ):
        with tracer.start_as_current_span(
            "generation",
            attributes={
                "langfuse.observation.type": "generation",
                "gen_ai.request.model": "gpt-4o",
                "gen_ai.usage.input_tokens": 50,
            },
        ):
            pass
        with tracer.start_as_current_span("crm_lookup", attributes={"langfuse.observation.type": "tool"}):
            pass
        with tracer.start_as_current_span("note", attributes={"langfuse.observation.type": "event"}):
            pass
    provider.shutdown()
    assert list(ToolInvocation.objects.filter(agent=agent).values_list("tool", "session_id")) == [
        ("crm_lookup", "ticket-77")
    ]
    assert SkillOutcome.objects.filter(agent=agent, skill="support-bot").exists()
    assert not UnmappedSpan.objects.filter(agent=agent).exists()


def test_in_one_batch_the_llm_tokens_add_up_on_the_agent_outcome(agent_client):
    from telemetry.intake import otlp_spans as otlp

    spans = [
        otlp.SpanView(
            "t1",
            "a",
            "invoke_agent triage",
            0,
            10**9,
            0,
            "",
            {"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "triage"},
        ),
        otlp.SpanView(
            "t1",
            "b",
            "chat",
            0,
            10**8,
            0,
            "",
            {
                "gen_ai.operation.name": "chat",
                "gen_ai.usage.input_tokens": 100,
                "gen_ai.request.model": "gpt-4o",
            },
            "a",
        ),
        otlp.SpanView(
            "t1",
            "c",
            "chat",
            0,
            10**8,
            0,
            "",
            {"gen_ai.operation.name": "chat", "gen_ai.usage.input_tokens": 300},
            "b",
        ),
    ]
    mapped = otlp.to_events(spans)
    [event] = mapped.events
    assert event["body"]["skill"] == "triage" and event["body"]["input_tokens"] == 400
    assert event["body"]["model"] == "gpt-4o" and not mapped.unmapped
