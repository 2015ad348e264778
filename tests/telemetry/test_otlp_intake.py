"""OTLP/HTTP GenAI spans, sent by the real opentelemetry-sdk exporter to a live server."""

import gzip
import json

import pytest
from opentelemetry.exporter.otlp.proto.http import Compression
from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.trace import Status, StatusCode

from telemetry.intake import otlp_spans as otlp
from telemetry.models import SkillOutcome, ToolInvocation
from tests.factories import agent_with_token


def provider_for(url: str, token: str, compression=Compression.NoCompression) -> tuple[TracerProvider, list]:
    exporter = OTLPSpanExporter(
        endpoint=f"{url}/v1/traces",
        headers={"Authorization": f"Bearer {token}"},
        compression=compression,
        timeout=10,
    )
    results = []
    original = exporter.export

    def export(spans):
        result = original(spans)
        results.append(result)
        return result

    exporter.export = export
    provider = TracerProvider(resource=Resource.create({"service.name": "test-agent"}))
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    return provider, results


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("compression", [Compression.NoCompression, Compression.Gzip])
def test_genai_spans_from_the_real_exporter_become_events(live_server, compression):
    agent, token = agent_with_token(name="otel-agent")
    provider, results = provider_for(live_server.url, token, compression)
    tracer = provider.get_tracer("agent")
    with tracer.start_as_current_span(
        "invoke_agent reviewer",
        attributes={
            "gen_ai.operation.name": "invoke_agent",
            "gen_ai.agent.name": "pr_review",
            "gen_ai.conversation.id": "conv-1",
            "gen_ai.usage.input_tokens": 1200,
            "gen_ai.usage.output_tokens": 300,
        },
    ):
        with tracer.start_as_current_span(
            "execute_tool read_file",
            attributes={
                "gen_ai.operation.name": "execute_tool",
                "gen_ai.tool.name": "read_file",
                "gen_ai.conversation.id": "conv-1",
            },
        ):
            pass
        with tracer.start_as_current_span(
            "execute_tool run_tests",
            attributes={
                "gen_ai.operation.name": "execute_tool",
                "gen_ai.tool.name": "run_tests",
                "gen_ai.conversation.id": "conv-1",
                "error.type": "TimeoutError",
            },
        ) as span:
            span.set_status(Status(StatusCode.ERROR, "timed out after 60s"))
        with tracer.start_as_current_span("http.request GET /health"):
            pass
    provider.shutdown()
    tools = {t.tool: t for t in ToolInvocation.objects.filter(agent=agent)}
    assert set(tools) == {"read_file", "run_tests"}
    assert tools["read_file"].outcome == "success" and tools["read_file"].session_id == "conv-1"
    assert (tools["run_tests"].outcome, tools["run_tests"].failure_mode) == ("timeout", "TIMEOUT")
    outcome = SkillOutcome.objects.get(agent=agent)
    assert (outcome.skill, outcome.success, outcome.input_tokens, outcome.output_tokens) == (
        "pr_review",
        True,
        1200,
        300,
    )
    assert all(r.name == "SUCCESS" for r in results)


@pytest.mark.django_db
def test_json_intake_reports_unmapped_spans_and_deduplicates(api):
    _, token = agent_with_token(name="json-agent")
    api.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    span = {
        "traceId": "5b8efff798038103d269b633813fc60c",
        "spanId": "eee19b7ec3c1b174",
        "name": "chat gpt-4o",
        "startTimeUnixNano": "1763700000000000000",
        "endTimeUnixNano": "1763700001500000000",
        "attributes": [
            {"key": "gen_ai.operation.name", "value": {"stringValue": "chat"}},
            {"key": "gen_ai.request.model", "value": {"stringValue": "gpt-4o"}},
            {"key": "gen_ai.usage.input_tokens", "value": {"intValue": "42"}},
        ],
        "status": {"code": 2, "message": "rate limited"},
    }
    other = {**span, "spanId": "aaa19b7ec3c1b174", "name": "db.query", "attributes": []}
    body = json.dumps({"resourceSpans": [{"scopeSpans": [{"spans": [span, other]}]}]})
    response = api.post("/v1/traces", data=body, content_type="application/json")
    data = response.json()
    assert data["kaizen"] == {"spans": 2, "mapped": 1, "stored": 1, "unmapped": 1, "context": 0, "invalid": 0,
                             "changed": 0}  # fmt: skip
    assert (
        data["partialSuccess"]["rejectedSpans"] == "1"
        and "db.query" in data["partialSuccess"]["errorMessage"]
    )
    outcome = SkillOutcome.objects.get()
    # an LLM call is not a skill: with no agent span above it, it stands for the session
    assert (outcome.skill, outcome.success, outcome.duration_ms, outcome.input_tokens, outcome.model) == (
        "session",
        False,
        1500,
        42,
        "gpt-4o",
    )
    again = api.post(
        "/v1/traces",
        data=gzip.compress(body.encode()),
        content_type="application/json",
        HTTP_CONTENT_ENCODING="gzip",
    )
    assert again.json()["kaizen"]["stored"] == 0 and SkillOutcome.objects.count() == 1


@pytest.mark.django_db
def test_bad_bodies_and_tokens_are_clear_errors(api):
    assert api.post("/v1/traces", data=b"\x00", content_type="application/x-protobuf").status_code == 401
    _, token = agent_with_token(name="x")
    api.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    response = api.post(
        "/v1/traces", data=b"not gzip", content_type="application/json", HTTP_CONTENT_ENCODING="gzip"
    )
    assert response.status_code == 400 and "gzip" in response.json()["message"]
    response = api.post("/v1/traces", data=b"{not json", content_type="application/json")
    assert response.status_code == 400 and "OTLP JSON" in response.json()["message"]


@pytest.mark.parametrize(
    ("error_type", "message", "mode"),
    [
        ("TimeoutError", "", "TIMEOUT"),
        ("", "404 not found", "NOTFOUND"),
        ("PermissionError", "", "PERM"),
        ("ValueError", "invalid argument", "ARGS"),
        ("ConnectionError", "", "NETWORK"),
        ("KeyError", "", "RUNTIME"),
    ],
)
def test_failure_modes_from_error_types(error_type, message, mode):
    assert otlp.failure_mode(error_type, message) == mode


def _span(trace: str, span: str, name: str, parent: str = "", **attributes) -> dict:
    return {
        "traceId": trace,
        "spanId": span,
        "parentSpanId": parent,
        "name": name,
        "startTimeUnixNano": "1700000000000000000",
        "endTimeUnixNano": "1700000001000000000",
        "attributes": [{"key": k, "value": {"stringValue": str(v)}} for k, v in attributes.items()],
    }


def _export(api, spans: list[dict]) -> dict:
    body = {"resourceSpans": [{"scopeSpans": [{"spans": spans}]}]}
    response = api.post("/v1/traces", body, format="json")
    assert response.status_code == 200, response.content
    return response.json()["kaizen"]


def test_a_re_exported_unmapped_span_is_counted_once(agent_client):
    from telemetry.models import UnmappedSpan

    export = [_span("t9", "r", "GET /health"), _span("t9", "c", "db.query", parent="r")]
    assert _export(agent_client[1], export)["unmapped"] == 2
    assert _export(agent_client[1], export)["unmapped"] == 0  # the exporter's retry: the same span ids
    assert sum(UnmappedSpan.objects.values_list("count", flat=True)) == 2


def test_nested_agents_split_across_exports_are_one_outcome(agent_client):
    from telemetry.models import SkillOutcome

    llm = {"gen_ai.operation.name": "chat", "gen_ai.usage.input_tokens": 10, "gen_ai.request.model": "gpt-4o"}
    inner = {"openinference.span.kind": "AGENT", "agent.name": "step"}
    # children end first: the calls and the inner agent come before the run's outermost span
    _export(agent_client[1], [_span("t7", "l1", "chat", parent="a2", **llm)])
    _export(
        agent_client[1],
        [_span("t7", "a2", "agent", parent="a1", **inner), _span("t7", "l2", "chat", parent="a1", **llm)],
    )
    assert not SkillOutcome.objects.exists()  # the run is not over
    _export(
        agent_client[1],
        [_span("t7", "a1", "Agent workflow", **{"openinference.span.kind": "AGENT", "session.id": "s-1"})],
    )
    [run] = SkillOutcome.objects.all()
    assert (run.skill, run.input_tokens, run.session_id, run.model) == ("step", 20, "s-1", "gpt-4o")


def test_a_trace_whose_root_never_comes_is_mapped_after_the_settle_time(agent_client, settings):
    from datetime import timedelta

    from config import clock
    from telemetry.intake.otel_traces import traces_settle
    from telemetry.models import SkillOutcome

    llm = {"gen_ai.operation.name": "chat", "gen_ai.usage.input_tokens": 10}
    agent = {"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "remote"}
    _export(
        agent_client[1],
        [
            _span("t8", "a", "invoke_agent remote", parent="elsewhere", **agent),
            _span("t8", "l", "chat", parent="a", **llm),
        ],
    )
    assert traces_settle() == 0 and not SkillOutcome.objects.exists()
    later = clock.now() + timedelta(seconds=settings.KAIZEN["OTLP_SETTLE_SECONDS"] + 1)
    assert traces_settle(now=later) == 1
    assert traces_settle(now=later) == 0  # once
    [run] = SkillOutcome.objects.all()
    assert (run.skill, run.input_tokens) == ("remote", 10)


def _spans_with(field: str, said) -> list[dict]:
    """An export of two runs: trace `c1` clean, trace `d2` (a support agent calling `refund`)
    saying `said` in `field` of one of its spans, as an OTLP/JSON AnyValue ({"stringValue": …})."""
    clean = _span("c1" * 16, "c1" * 8, "execute_tool search", **{"gen_ai.operation.name": "execute_tool",
                  "gen_ai.conversation.id": "conv-1"})  # fmt: skip
    agent = _span("d2" * 16, "a2" * 8, "invoke_agent support", **{"gen_ai.operation.name": "invoke_agent",
                  "gen_ai.agent.name": "support", "gen_ai.request.model": "gpt-4o",
                  "gen_ai.conversation.id": "conv-2", "user.id": "u-2"})  # fmt: skip
    tool = _span("d2" * 16, "b2" * 8, "execute_tool refund", parent="a2" * 8,
                 **{"gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "refund"})  # fmt: skip
    tool["status"] = {"code": 2, "message": "card declined"}
    on_agent = ("gen_ai.agent.name", "gen_ai.request.model", "user.id", "gen_ai.conversation.id")
    where = agent if field in on_agent else tool
    if field == "name":
        tool["name"], tool["attributes"] = said["stringValue"], tool["attributes"][:1]  # named by its span
    elif field == "status.message":
        tool["status"]["message"] = said["stringValue"]
    elif field == "exception.message":
        tool["status"] = {"code": 2}
        tool["events"] = [{"name": "exception", "attributes": [{"key": "exception.message", "value": said}]}]
    else:
        where["attributes"] = [a for a in where["attributes"] if a["key"] != field]
        where["attributes"].append({"key": field, "value": said})
    return [clean, agent, tool]


def _answer(api, spans: list[dict]) -> dict:
    response = api.post("/v1/traces", {"resourceSpans": [{"scopeSpans": [{"spans": spans}]}]}, format="json")
    assert response.status_code == 200, response.content
    return response.json()


KEPT = ["name", "gen_ai.tool.name", "gen_ai.agent.name", "gen_ai.request.model", "status.message",
        "exception.message", "user.id", "gen_ai.conversation.id"]  # fmt: skip


@pytest.mark.parametrize("field", KEPT)
def test_a_nul_in_a_kept_span_field_costs_neither_the_span_nor_its_export(agent_client, field):
    """PostgreSQL refuses a NUL in text: such a span used to fail the whole export there (a 500,
    nothing of it stored) and its events everywhere (refused for the NUL). The NUL is cleaned from
    text, an id holding one is left out (the rule for an id), and the answer says which span
    changed, rejecting nothing (OTLP's warning)."""
    from telemetry.models import TraceSpan

    agent, api = agent_client
    word = {"name": "execute_tool re\x00fund", "gen_ai.tool.name": "re\x00fund",
            "gen_ai.agent.name": "sup\x00port", "gen_ai.request.model": "gpt-4o\x00",
            "status.message": "card\x00 declined", "exception.message": "card\x00 declined",
            "user.id": "u\x002", "gen_ai.conversation.id": "conv\x00-2"}[field]  # fmt: skip
    data = _answer(api, _spans_with(field, {"stringValue": word}))
    assert data["partialSuccess"]["rejectedSpans"] == "0"
    assert "1 span(s) kept with changes" in data["partialSuccess"]["errorMessage"]
    assert "\x00" not in data["partialSuccess"]["errorMessage"]
    assert data["kaizen"]["stored"] == 3 and data["kaizen"]["changed"] == 1
    tools = dict(ToolInvocation.objects.filter(agent=agent).values_list("tool", "error"))
    assert tools == {"search": None, "refund": "card declined"} or tools == {
        "search": "",
        "refund": "card declined",
    }
    outcome = SkillOutcome.objects.get(agent=agent)
    assert (outcome.skill, outcome.model) == ("support", "gpt-4o")
    assert outcome.user_id == (None if field == "user.id" else "u-2")  # left out: no user named
    sessions = set(ToolInvocation.objects.filter(agent=agent).values_list("session_id", flat=True))
    assert sessions == {"conv-1", "d2" * 16 if field == "gen_ai.conversation.id" else "conv-2"}
    kept = json.dumps(
        list(TraceSpan.objects.values_list("name", "status_message", "exception", "attributes"))
    )
    assert "\\u0000" not in kept and TraceSpan.objects.count() == 3


@pytest.mark.parametrize(
    "said, why",
    [({"intValue": "42"}, "Must be a string."), ({"doubleValue": 4.2}, "Must be a string."),
     ({"boolValue": True}, "Must be a string."), ({"stringValue": "x" * 129}, "1 to 128 characters"),
     ({"stringValue": "  "}, "not blank"), ({"stringValue": "u\n2"}, "control characters"),
     ({"stringValue": "u\t2"}, "control characters")],
)  # fmt: skip
@pytest.mark.parametrize("key", ["user.id", "enduser.id", "kaizen.parent_session_id", "session.id"])
def test_a_span_id_that_breaks_the_rule_for_ids_is_left_out_not_cut(agent_client, key, said, why):
    """REST refuses these ids; on a span they are left out (as an unreadable token count is),
    never cut to 128 characters or turned into text, the span kept and the answer saying why."""
    from telemetry.models import SessionLink

    agent, api = agent_client
    spans = _spans_with(key, said)
    data = _answer(api, spans)
    message = data["partialSuccess"]["errorMessage"]
    assert (
        data["partialSuccess"]["rejectedSpans"] == "0" and f"{key} left out: " in message and why in message
    )
    assert data["kaizen"]["stored"] == 3
    outcome = SkillOutcome.objects.get(agent=agent)
    said_on_the_run = {"user.id": (None, "conv-2"), "enduser.id": ("u-2", "conv-2")}  # else the tool's
    assert (outcome.user_id, outcome.session_id) == said_on_the_run.get(key, ("u-2", "conv-2"))
    assert not SessionLink.objects.exists()
    stored = [
        *ToolInvocation.objects.values_list("user_id", "session_id"),
        (outcome.user_id, outcome.session_id),
    ]
    assert all(value is None or len(value) <= 128 and value.strip() for pair in stored for value in pair)
