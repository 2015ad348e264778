"""A local OpenAI-compatible server for the instrumentation tests: every chat completion answers
`done` and reports 1,200 prompt and 300 completion tokens of `gpt-4o-mini`."""

import json
import threading
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

COMPLETION = {
    "id": "chatcmpl-1",
    "object": "chat.completion",
    "created": 1763700000,
    "model": "gpt-4o-mini",
    "choices": [{"index": 0, "message": {"role": "assistant", "content": "done"}, "finish_reason": "stop"}],
    "usage": {"prompt_tokens": 1200, "completion_tokens": 300, "total_tokens": 1500},
}
# gpt-4o-mini in the shipped price table: $0.15 / $0.60 per million input / output tokens.
COST = (1200 * 0.15 + 300 * 0.6) / 1e6


def answer(request: dict) -> dict:
    """A completion; when tools are offered and none has answered yet, a call of the first one
    (so agent frameworks run one tool, then finish)."""
    tools = request.get("tools") or []
    answered = any(m.get("role") == "tool" for m in request.get("messages", []))
    if not tools or answered:
        return COMPLETION
    name = tools[0].get("function", {}).get("name") or tools[0].get("name")
    call = {"id": "call_1", "type": "function", "function": {"name": name, "arguments": "{}"}}
    message = {"role": "assistant", "content": None, "tool_calls": [call]}
    return {**COMPLETION, "choices": [{"index": 0, "message": message, "finish_reason": "tool_calls"}]}


@pytest.fixture
def fake_openai():
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):  # noqa: N802
            request = json.loads(self.rfile.read(int(self.headers["Content-Length"])) or b"{}")
            body = json.dumps(answer(request)).encode()
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


def exporting_to(base_url: str, token: str):
    """A tracer provider that exports every span to Kaizen's OTLP endpoint with the agent token."""
    from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import BatchSpanProcessor

    provider = TracerProvider()
    exporter = OTLPSpanExporter(
        endpoint=f"{base_url}/v1/traces", headers={"Authorization": f"Bearer {token}"}
    )
    provider.add_span_processor(BatchSpanProcessor(exporter))
    return provider


@contextmanager
def instrumented(instrumentor, base_url: str, token: str, openai_url: str):
    """(tracer, OpenAI client) with `instrumentor` tracing the client's calls, every span exported
    to Kaizen; flushed on leaving, and the instrumentation undone whatever happens."""
    from openai import OpenAI

    provider = exporting_to(base_url, token)
    instrumentor.instrument(tracer_provider=provider)
    try:
        yield provider.get_tracer("agent"), OpenAI(base_url=openai_url, api_key="sk-test")
        provider.force_flush()
    finally:
        instrumentor.uninstrument()
        provider.shutdown()
