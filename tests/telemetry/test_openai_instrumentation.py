"""The real `opentelemetry-instrumentation-openai-v2` against a local fake OpenAI server, exporting
to Kaizen: the LLM call's tokens land on the agent's session, priced, and no `chat:<model>` skill."""

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import BatchSpanProcessor

from telemetry.models import SkillOutcome, UnmappedSpan
from tests.factories import agent_with_token

pytestmark = pytest.mark.django_db(transaction=True)
COMPLETION = {
    "id": "chatcmpl-1",
    "object": "chat.completion",
    "created": 1763700000,
    "model": "gpt-4o-mini",
    "choices": [{"index": 0, "message": {"role": "assistant", "content": "done"}, "finish_reason": "stop"}],
    "usage": {"prompt_tokens": 1200, "completion_tokens": 300, "total_tokens": 1500},
}


@pytest.fixture
def fake_openai():
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):  # noqa: N802
            self.rfile.read(int(self.headers["Content-Length"]))
            body = json.dumps(COMPLETION).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}/v1"
    server.shutdown()


def test_openai_v2_instrumentation_rolls_the_call_into_the_agent(live_server, fake_openai):
    from openai import OpenAI
    from opentelemetry.instrumentation.openai_v2 import OpenAIInstrumentor

    agent, token = agent_with_token(name="openai-agent")
    provider = TracerProvider()
    provider.add_span_processor(
        BatchSpanProcessor(
            OTLPSpanExporter(
                endpoint=f"{live_server.url}/v1/traces", headers={"Authorization": f"Bearer {token}"}
            )
        )
    )
    instrumentor = OpenAIInstrumentor()
    instrumentor.instrument(tracer_provider=provider)
    try:
        tracer = provider.get_tracer("agent")
        client = OpenAI(base_url=fake_openai, api_key="sk-test")
        with tracer.start_as_current_span(
            "invoke_agent reviewer",
            attributes={
                "gen_ai.operation.name": "invoke_agent",
                "gen_ai.agent.name": "pr_review",
                "gen_ai.conversation.id": "c-1",
            },
        ):
            client.chat.completions.create(
                model="gpt-4o-mini", messages=[{"role": "user", "content": "review"}]
            )
        provider.force_flush()
    finally:
        instrumentor.uninstrument()
        provider.shutdown()
    [outcome] = SkillOutcome.objects.filter(agent=agent)
    assert (outcome.skill, outcome.input_tokens, outcome.output_tokens, outcome.model) == (
        "pr_review",
        1200,
        300,
        "gpt-4o-mini",
    )
    assert outcome.cost_usd == pytest.approx((1200 * 0.15 + 300 * 0.6) / 1e6)  # priced by the table
    assert not UnmappedSpan.objects.exists()
