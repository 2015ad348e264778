"""OTLP over gRPC: the real opentelemetry-sdk gRPC exporter, as a default OpenTelemetry setup
sends (port 4317, the token in the `authorization` metadata), reaches the same pipeline as
OTLP/HTTP; a bad token is refused, a message over the HTTP body limit is refused the same way, and
bytes that are no export are an invalid argument."""

import os

import grpc
import pytest
from opentelemetry.exporter.otlp.proto.grpc.trace_exporter import OTLPSpanExporter
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import (
    ExportTraceServiceRequest,
    ExportTraceServiceResponse,
)
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


# One limit for both doors: a message of KAIZEN_INGEST_MAX_BODY_BYTES (5 MiB) or less is taken over
# gRPC as over HTTP, one byte more is refused by both (RESOURCE_EXHAUSTED, 413).

EXPORT = "/opentelemetry.proto.collector.trace.v1.TraceService/Export"
MiB = 1024 * 1024


def export_of_size(size: int) -> bytes:
    """A valid ExportTraceServiceRequest of exactly `size` bytes: one tool span whose padding
    attribute takes up the rest."""
    padding = 0
    while True:
        request = ExportTraceServiceRequest()
        span = request.resource_spans.add().scope_spans.add().spans.add()
        span.trace_id, span.span_id, span.name = b"\x01" * 16, b"\x02" * 8, "execute_tool search"
        span.start_time_unix_nano, span.end_time_unix_nano = (
            1_700_000_000_000_000_000,
            1_700_000_001_000_000_000,
        )
        for key, value in (
            ("gen_ai.operation.name", "execute_tool"),
            ("gen_ai.tool.name", "search"),
            ("gen_ai.conversation.id", "conv-big"),
            ("padding", "x" * padding),
        ):
            attribute = span.attributes.add()
            attribute.key, attribute.value.string_value = key, value
        raw = request.SerializeToString()
        if len(raw) == size:
            return raw
        padding += size - len(raw)  # a length prefix that grows a byte is met on the next pass


def grpc_export(port: int, token: str, body: bytes, compression=grpc.Compression.NoCompression):
    with grpc.insecure_channel(f"localhost:{port}") as channel:
        call = channel.unary_unary(EXPORT, response_deserializer=ExportTraceServiceResponse.FromString)
        return call(
            body, metadata=[("authorization", f"Bearer {token}")], timeout=30, compression=compression
        )


def http_export(api, token: str, body: bytes):
    return api.post(
        "/v1/traces", body, content_type="application/x-protobuf", HTTP_AUTHORIZATION=f"Bearer {token}"
    )


def test_the_limit_is_the_http_body_limit(settings):
    assert settings.KAIZEN["INGEST_MAX_BODY_BYTES"] == 5 * MiB


def test_an_export_of_four_and_a_half_mib_is_taken_by_both_doors(grpc_port, api):
    agent, token = agent_with_token(name="big-agent")
    body = export_of_size(4 * MiB + MiB // 2)
    answer = grpc_export(grpc_port, token, body)
    assert not answer.partial_success.rejected_spans
    assert http_export(api, token, body).status_code == 200
    assert ToolInvocation.objects.filter(agent=agent, tool="search").count() >= 1


def test_the_real_exporter_sends_four_and_a_half_mib_over_grpc(grpc_port):
    agent, token = agent_with_token(name="big-agent")
    provider, results = exporting(grpc_port, token)
    with provider.get_tracer("agent").start_as_current_span(
        "execute_tool search",
        attributes={
            "gen_ai.operation.name": "execute_tool",
            "gen_ai.tool.name": "search",
            "padding": "x" * (4 * MiB + MiB // 2),
        },
    ):
        pass
    provider.shutdown()
    assert results == [SpanExportResult.SUCCESS]
    assert ToolInvocation.objects.filter(agent=agent, tool="search").exists()


def test_an_export_a_byte_over_the_limit_is_refused_by_both_doors(grpc_port, api):
    _, token = agent_with_token(name="big-agent")
    body = export_of_size(5 * MiB + 1)
    with pytest.raises(grpc.RpcError) as refused:
        grpc_export(grpc_port, token, body)
    assert refused.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
    assert http_export(api, token, body).status_code == 413
    assert not ToolInvocation.objects.exists()
    assert grpc_export(grpc_port, token, export_of_size(5 * MiB)).partial_success.rejected_spans == 0


def test_a_gzip_message_is_held_to_the_limit_once_inflated(grpc_port):
    agent, token = agent_with_token(name="big-agent")
    taken = grpc_export(
        grpc_port, token, export_of_size(4 * MiB + MiB // 2), compression=grpc.Compression.Gzip
    )
    assert not taken.partial_success.rejected_spans
    ToolInvocation.objects.filter(agent=agent).delete()
    with pytest.raises(grpc.RpcError) as refused:
        grpc_export(grpc_port, token, export_of_size(5 * MiB + 1), compression=grpc.Compression.Gzip)
    assert refused.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
    assert not ToolInvocation.objects.exists()


def test_garbage_bytes_are_an_invalid_argument(grpc_port):
    _, token = agent_with_token(name="garbage-agent")
    with pytest.raises(grpc.RpcError) as refused:
        grpc_export(grpc_port, token, b"\xff\xfe this is not a protobuf message \x00\x01")
    assert refused.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert "decode" in refused.value.details()
    assert not ToolInvocation.objects.exists()


def export_with(spans: list[tuple[bytes, bytes, str, int, str, dict]]) -> bytes:
    """An ExportTraceServiceRequest of (trace id, span id, name, status code, status message,
    string attributes) spans."""
    request = ExportTraceServiceRequest()
    scope = request.resource_spans.add().scope_spans.add()
    for trace, span_id, name, code, message, attributes in spans:
        span = scope.spans.add()
        span.trace_id, span.span_id, span.name = trace, span_id, name
        span.start_time_unix_nano, span.end_time_unix_nano = (
            1_700_000_000_000_000_000,
            1_700_000_001_000_000_000,
        )
        span.status.code, span.status.message = code, message
        for key, value in attributes.items():
            attribute = span.attributes.add()
            attribute.key = key
            if isinstance(value, int):
                attribute.value.int_value = value
            else:
                attribute.value.string_value = value
    return request.SerializeToString()


TOOL = {"gen_ai.operation.name": "execute_tool"}


@pytest.mark.postgresql("PostgreSQL refuses a NUL in text and jsonb: there it used to fail the whole export")
def test_nul_in_every_kept_field_over_grpc_costs_no_span_and_says_no_database_text(grpc_port):
    agent, token = agent_with_token(name="grpc-nul")
    dirty = {**TOOL, "gen_ai.tool.name": "re\x00fund", "gen_ai.conversation.id": "conv\x00-2",
             "user.id": "u\x002", "gen_ai.request.model": "gpt\x00", "kaizen.parent_session_id": "p\x00"}  # fmt: skip
    body = export_with([
        (b"\x01" * 16, b"\x01" * 8, "execute_tool search", 0, "", {**TOOL, "gen_ai.conversation.id": "conv-1"}),
        (b"\x02" * 16, b"\x02" * 8, "execute_tool re\x00fund", 2, "card\x00 declined", dirty),
    ])  # fmt: skip
    answer = grpc_export(grpc_port, token, body)
    assert answer.partial_success.rejected_spans == 0
    assert "1 span(s) kept with changes" in answer.partial_success.error_message
    calls = dict(ToolInvocation.objects.filter(agent=agent).values_list("tool", "session_id"))
    assert calls == {"search": "conv-1", "refund": "02" * 16}  # the bad conversation id left out
    assert ToolInvocation.objects.get(tool="refund").error == "card declined"


@pytest.mark.parametrize("said", [42, "x" * 129, " ", "u\n2"])
def test_a_bad_user_id_over_grpc_is_left_out_as_over_http(grpc_port, said):
    agent, token = agent_with_token(name="grpc-ids")
    body = export_with(
        [(b"\x03" * 16, b"\x03" * 8, "execute_tool search", 0, "", {**TOOL, "enduser.id": said})]
    )
    answer = grpc_export(grpc_port, token, body)
    assert answer.partial_success.rejected_spans == 0
    assert "enduser.id left out: " in answer.partial_success.error_message
    assert ToolInvocation.objects.get(agent=agent).user_id is None


def test_an_export_that_fails_while_stored_is_internal_without_the_database_text(grpc_port, monkeypatch):
    from django.db import DataError

    from telemetry.intake import otlp_http

    def failing(**kwargs):
        raise DataError('invalid byte sequence for encoding "UTF8": 0x00 (a secret of the database)')

    monkeypatch.setattr(otlp_http, "traces_ingest", failing)
    _, token = agent_with_token(name="grpc-fails")
    body = export_with([(b"\x04" * 16, b"\x04" * 8, "execute_tool search", 0, "", TOOL)])
    with pytest.raises(grpc.RpcError) as refused:
        grpc_export(grpc_port, token, body)
    assert refused.value.code() == grpc.StatusCode.INTERNAL
    assert "secret" not in refused.value.details() and "UTF8" not in refused.value.details()
