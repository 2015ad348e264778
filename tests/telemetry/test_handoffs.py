"""A session may name the session it was handed from: `parent_session_id` on REST event bodies
(refused with the field named when it is not 1–128 characters), or on an OpenTelemetry run a
`kaizen.parent_session_id` attribute or a span link to the upstream run. The link is stored once
per session (the first parent named), not on the event."""

import pytest
from opentelemetry.trace import Link, format_trace_id

from telemetry.models import Observation, SessionLink, SkillOutcome, ToolInvocation
from tests.factories import agent_with_token
from tests.telemetry.test_otlp_intake import provider_for

URL = "/api/v1/ingest"
AT = "2026-11-20T10:00:00Z"


def post(client, batch):
    response = client.post(URL, {"batch": batch}, format="json")
    assert response.status_code == 207
    return response.json()["results"]


def tool(i: int, session: str, **body) -> dict:
    return {"id": f"t-{i}", "type": "tool_invocation", "timestamp": AT,
            "body": {"session_id": session, "tool": "book", "outcome": "failure", "duration_ms": 5,
                     "error": "passport number missing", **body}}  # fmt: skip


def feedback(i: int, session: str, **body) -> dict:
    return {"id": f"fb-{i}", "type": "observation", "timestamp": AT,
            "body": {"text": "The hand-off was incomplete.", "session_id": session, **body}}  # fmt: skip


def links(agent) -> dict:
    return dict(SessionLink.objects.filter(agent=agent).values_list("session_key", "parent_session_key"))


@pytest.mark.django_db
def test_rest_events_name_the_session_they_were_handed_from_once_per_session(agent_client):
    agent, client = agent_client
    answers = post(
        client,
        [
            tool(1, "b1", parent_session_id="plan-1"),
            feedback(1, "b1", parent_session_id="plan-9"),  # a later parent of the same session
            feedback(2, "b2", parent_session_id="plan-2"),
            feedback(3, "b3"),  # no parent: no link
            feedback(4, "b4", parent_session_id="b4"),  # its own session is no hand-off
        ],
    )
    assert [a["status"] for a in answers] == [201] * 5
    assert links(agent) == {"b1": "plan-1", "b2": "plan-2"}
    assert ToolInvocation.objects.get(agent=agent).session_id == "b1"  # the event is stored as sent
    # a replay stores nothing twice and keeps the first parent
    assert [a["status"] for a in post(client, [feedback(2, "b2", parent_session_id="plan-2")])] == [200]
    post(client, [feedback(5, "b2", parent_session_id="plan-3")])
    assert links(agent) == {"b1": "plan-1", "b2": "plan-2"}


@pytest.mark.django_db
@pytest.mark.parametrize("bad", ["", "   ", "x" * 129, 42, ["plan-1"], "plan\n1", "plan\t1", "plan\x1b[31m"])
def test_a_bad_parent_session_id_is_refused_naming_the_field(agent_client, bad):
    agent, client = agent_client
    [answer] = post(client, [feedback(1, "b1", parent_session_id=bad)])
    assert answer["status"] == 400 and list(answer["errors"]) == ["body.parent_session_id"]
    assert not Observation.objects.filter(agent=agent).exists() and not links(agent)


@pytest.mark.django_db
def test_the_api_schema_offers_parent_session_id_wherever_a_session_is_named():
    from drf_spectacular.generators import SchemaGenerator

    schemas = SchemaGenerator().get_schema(request=None, public=True)["components"]["schemas"]
    for name in (
        "ObservationEvent",
        "CorrectionEvent",
        "ToolInvocationEvent",
        "SkillOutcomeEvent",
        "DecisionEvent",
        "SessionEndEvent",
    ):
        field = schemas[name]["properties"]["body"]["properties"]["parent_session_id"]
        assert (field["type"], field["minLength"], field["maxLength"]) == ("string", 1, 128), name
        assert "handed from" in field["description"]
    assert "parent_session_id" not in schemas["WakeRunEvent"]["properties"]["body"]["properties"]


@pytest.mark.django_db(transaction=True)
def test_the_otlp_door_reads_the_parent_from_a_span_link_or_an_attribute(live_server):
    planner, planner_token = agent_with_token(name="otel-planner")
    booking, booking_token = agent_with_token(name="otel-booking")

    provider, results = provider_for(live_server.url, planner_token)
    run = {"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "planner"}
    with provider.get_tracer("planner").start_as_current_span("invoke_agent planner", attributes=run) as span:
        handed = span.get_span_context()  # the planner's run names no session: its trace is one
    provider.shutdown()

    provider, booked = provider_for(live_server.url, booking_token)
    tracer = provider.get_tracer("booking")
    run = {"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "booking",
           "gen_ai.conversation.id": "book-1"}  # fmt: skip
    with tracer.start_as_current_span("invoke_agent booking", attributes=run, links=[Link(handed)]):
        call = {"gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "reserve"}
        with tracer.start_as_current_span("execute_tool reserve", attributes=call):
            pass
    said = {**run, "gen_ai.conversation.id": "book-2", "kaizen.parent_session_id": "plan-77"}
    with tracer.start_as_current_span("invoke_agent booking", attributes=said):
        pass
    provider.shutdown()
    assert all(r.name == "SUCCESS" for r in results + booked)

    upstream = format_trace_id(handed.trace_id)
    assert SkillOutcome.objects.get(agent=planner).session_id == upstream
    assert links(booking) == {"book-1": upstream, "book-2": "plan-77"}
    assert not links(planner)
    assert ToolInvocation.objects.get(agent=booking).session_id == "book-1"


def test_a_run_naming_its_own_session_as_parent_is_no_hand_off():
    from telemetry.intake.otlp_spans import SpanView, to_events

    linked = {"gen_ai.operation.name": "invoke_agent", "kaizen.parent_session_id": "plan-1"}
    spans = [SpanView("t1", "s1", "invoke_agent a", 0, 10**6, 0, attributes=linked)]
    [event] = to_events(spans).events
    assert event["body"]["parent_session_id"] == "plan-1"
    own = {"gen_ai.operation.name": "invoke_agent", "kaizen.parent_session_id": "t1"}
    [event] = to_events([SpanView("t1", "s1", "invoke_agent a", 0, 10**6, 0, attributes=own)]).events
    assert "parent_session_id" not in event["body"]
