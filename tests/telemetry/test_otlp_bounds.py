"""An OTLP export costs bounded work: deep parent chains map in linear time (bench/otlp_chain.py
times it), exports over the span cap get 413, and times out of range get a 400 naming the field."""

import json

import pytest

from telemetry.intake import otlp_spans as otlp
from tests.factories import agent_with_token

pytestmark = pytest.mark.django_db


def chain(n: int, *, session: str = "conv-1") -> list[otlp.SpanView]:
    """An agent span with `n - 1` spans below it, each the parent of the next; an LLM call last."""
    spans = [
        otlp.SpanView(
            "t1",
            "s0",
            "invoke_agent deep",
            1_700_000_000_000_000_000,
            1_700_000_001_000_000_000,
            0,
            attributes={"gen_ai.operation.name": "invoke_agent", "gen_ai.conversation.id": session},
        )
    ]
    for i in range(1, n):
        llm = i == n - 1
        attributes = {"gen_ai.operation.name": "chat", "gen_ai.usage.input_tokens": 7} if llm else {"step": i}
        spans.append(
            otlp.SpanView(
                "t1",
                f"s{i}",
                "chat" if llm else f"step {i}",
                1_700_000_000_000_000_000 + i,
                1_700_000_000_000_000_000 + i + 1,
                0,
                attributes=attributes,
                parent_id=f"s{i - 1}",
            )
        )
    return spans


def test_a_deep_chain_lends_its_session_and_tokens_to_the_bottom():
    mapped = otlp.to_events(chain(20_000))
    [agent] = [e for e in mapped.events if e["type"] == "skill_outcome"]
    assert agent["body"]["input_tokens"] == 7  # the LLM call 20,000 levels down found its agent
    assert mapped.sessions == {"t1": "conv-1"}


def test_a_parent_cycle_ends():
    spans = chain(3)
    looped = [spans[0].__class__(**{**spans[0].__dict__, "parent_id": "s2"}), *spans[1:]]
    assert otlp.to_events(looped).sessions == {"t1": "conv-1"}


def otlp_json(spans: list[dict]) -> bytes:
    return json.dumps({"resourceSpans": [{"scopeSpans": [{"spans": spans}]}]}).encode()


def test_an_export_over_the_span_cap_is_refused(api, settings):
    settings.KAIZEN = {**settings.KAIZEN, "OTLP_MAX_SPANS": 5}
    _, token = agent_with_token(name="a")
    spans = [{"traceId": "t", "spanId": f"s{i}", "name": "x"} for i in range(6)]
    response = api.post(
        "/v1/traces", otlp_json(spans), content_type="application/json", HTTP_AUTHORIZATION=f"Bearer {token}"
    )
    assert response.status_code == 413 and "at most 5" in response.json()["message"]


@pytest.mark.parametrize("field", ["startTimeUnixNano", "endTimeUnixNano"])
@pytest.mark.parametrize("value", ["1000000000000000000000000000000", "-5"])
def test_a_time_out_of_range_is_a_400_naming_it(api, field, value):
    _, token = agent_with_token(name="a")
    span = {"traceId": "t", "spanId": "s", "name": "execute_tool x", field: value}
    response = api.post(
        "/v1/traces", otlp_json([span]), content_type="application/json", HTTP_AUTHORIZATION=f"Bearer {token}"
    )
    assert response.status_code == 400 and field in response.json()["message"]


SPAN = {"traceId": "t", "spanId": "s", "name": "execute_tool x"}


@pytest.mark.parametrize(
    ("body", "named"),
    [
        ({"resourceSpans": "x"}, "resourceSpans must be a list"),
        ({"resourceSpans": [{"scopeSpans": {"spans": []}}]}, "resourceSpans[0].scopeSpans must be a list"),
        (
            {"resourceSpans": [{"scopeSpans": [{"spans": [{**SPAN, "startTimeUnixNano": "x"}]}]}]},
            "resourceSpans[0].scopeSpans[0].spans[0].startTimeUnixNano must be an integer",
        ),
        (
            {"resourceSpans": [{"scopeSpans": [{"spans": [{**SPAN, "status": {"code": "ok"}}]}]}]},
            "spans[0].status.code must be an integer",
        ),
        (
            {
                "resourceSpans": [
                    {
                        "scopeSpans": [
                            {"spans": [{**SPAN, "attributes": [{"key": "n", "value": {"intValue": "z"}}]}]}
                        ]
                    }
                ]
            },
            "spans[0].attributes['n'].intValue must be an integer",
        ),
        ([SPAN], "ExportTraceServiceRequest object"),
    ],
    ids=["resource-spans", "scope-spans", "start-time", "status-code", "int-attribute", "not-an-object"],
)
def test_a_json_export_of_another_shape_is_a_400_naming_where(api, body, named):
    _, token = agent_with_token(name="a")
    response = api.post(
        "/v1/traces", json.dumps(body), content_type="application/json", HTTP_AUTHORIZATION=f"Bearer {token}"
    )
    message = response.json()["message"]
    assert response.status_code == 400 and named in message and "object has no attribute" not in message, (
        message
    )
