"""OTLP over gRPC: the real opentelemetry-sdk gRPC exporter, as a default OpenTelemetry setup
sends (port 4317, the token in the `authorization` metadata), reaches the same pipeline as
OTLP/HTTP; a bad token is refused."""

import os

import pytest
from opentelemetry.exporter.otlp.proto.grpc.trace_exporter import OTLPSpanExporter
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor, SpanExportResult

from telemetry.intake.otlp_grpc import server
from telemetry.models import SkillOutcome, ToolInvocation
from tests.factories import agent_with_token

pytestmark = [
    pytest.mark.django_db(transaction=True),
    # gRPC's core keeps the machine's clock while the moved-clock passes move Python's: its calls
    # never meet their deadlines there. Like the browser and worker tests, it runs on the real clock.
    pytest.mark.skipif(bool(os.environ.get("KAIZEN_TEST_NOW")), reason="gRPC keeps the real clock"),
]


@pytest.fixture
def grpc_port():
    serving, port = server("127.0.0.1:0", workers=2)
    yield port
    serving.stop(grace=None)


def exporting(port: int, token: str) -> tuple[TracerProvider, list]:
    exporter = OTLPSpanExporter(
        endpoint=f"localhost:{port}", insecure=True, headers={"authorization": f"Bearer {token}"}, timeout=10
    )
    results = []
    original = exporter.export

    def export(spans):
        results.append(original(spans))
        return results[-1]

    exporter.export = export
    provider = TracerProvider(resource=Resource.create({"service.name": "grpc-agent"}))
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    return provider, results


def test_genai_spans_over_grpc_become_events(grpc_port):
    agent, token = agent_with_token(name="grpc-agent")
    provider, results = exporting(grpc_port, token)
    tracer = provider.get_tracer("agent")
    with (
        tracer.start_as_current_span(
            "invoke_agent triage",
            attributes={
                "gen_ai.operation.name": "invoke_agent",
                "gen_ai.agent.name": "triage",
                "gen_ai.conversation.id": "conv-g",
            },
        ),
        tracer.start_as_current_span(
            "execute_tool search",
            attributes={"gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "search"},
        ),
    ):
        pass
    provider.shutdown()
    assert results and all(r == SpanExportResult.SUCCESS for r in results)
    tool = ToolInvocation.objects.get(agent=agent)
    assert (tool.tool, tool.outcome, tool.session_id) == ("search", "success", "conv-g")
    assert SkillOutcome.objects.filter(agent=agent, skill="triage").exists()


def test_a_bad_token_over_grpc_is_refused_and_stores_nothing(grpc_port):
    provider, results = exporting(grpc_port, "kz_nope_notatoken")
    with provider.get_tracer("agent").start_as_current_span(
        "execute_tool search",
        attributes={"gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "search"},
    ):
        pass
    provider.shutdown()
    assert results == [SpanExportResult.FAILURE]
    assert not ToolInvocation.objects.exists()
