"""Who gave the feedback: an end user's id on observations and corrections sent over REST, from
the trace a Langfuse score is given on (the SDK's `user_id`), and from an OpenTelemetry span's
`enduser.id`; a bad one is refused with the field named."""

import os
import subprocess
import sys

import pytest
from opentelemetry.trace import format_trace_id
from rest_framework.test import APIClient

from telemetry.models import Correction, Observation, SkillOutcome, ToolInvocation
from tests.factories import TemplateFactory, agent_with_token
from tests.telemetry.test_otlp_intake import provider_for

URL = "/api/v1/ingest"


def post(client, batch):
    response = client.post(URL, {"batch": batch}, format="json")
    assert response.status_code == 207
    return response.json()["results"]


def feedback(i: int, **body) -> dict:
    return {"id": f"fb-{i}", "type": "observation", "timestamp": "2026-11-20T10:00:00Z",
            "body": {"text": "Lead with the result.", "session_id": "s1", **body}}  # fmt: skip


@pytest.mark.django_db
def test_rest_feedback_and_corrections_carry_who_gave_them(agent_client):
    agent, client = agent_client
    correction = {"id": "c-1", "type": "correction", "timestamp": "2026-11-20T10:00:00Z",
                  "body": {"user_message": "No, use pnpm.", "session_id": "s1", "user_id": "u-42"}}  # fmt: skip
    answers = post(client, [feedback(1, user_id="u-42"), feedback(2), correction])
    assert [a["status"] for a in answers] == [201, 201, 201]
    users = dict(Observation.objects.filter(agent=agent).values_list("dedup_key", "user_id"))
    assert users == {"fb-1": "u-42", "fb-2": None}  # without one: no user (each session is a person)
    assert Correction.objects.get(agent=agent).user_id == "u-42"


@pytest.mark.django_db
@pytest.mark.parametrize("bad", ["", "   ", "x" * 129, 42, ["u-1"], "u\n1", "u\t1", "u\x1b[31m", "u\x7f"])
def test_a_bad_user_id_is_refused_naming_the_field(agent_client, bad):
    agent, client = agent_client
    [answer] = post(client, [feedback(1, user_id=bad)])
    assert answer["status"] == 400 and list(answer["errors"]) == ["body.user_id"]
    assert not Observation.objects.filter(agent=agent).exists()


@pytest.mark.django_db
def test_the_api_schema_offers_user_id_where_feedback_is_sent():
    from drf_spectacular.generators import SchemaGenerator

    schemas = SchemaGenerator().get_schema(request=None, public=True)["components"]["schemas"]
    for name in ("ObservationEvent", "CorrectionEvent", "ToolInvocationEvent", "SkillOutcomeEvent"):
        field = schemas[name]["properties"]["body"]["properties"]["user_id"]
        assert (field["type"], field["minLength"], field["maxLength"]) == ("string", 1, 128), name
        assert "counts the people" in field["description"]
    assert "user_id" not in schemas["DecisionEvent"]["properties"]["body"]["properties"]


@pytest.mark.django_db(transaction=True)
def test_an_otlp_span_enduser_id_is_who_gave_the_scores_on_its_trace(live_server):
    agent, token = agent_with_token(name="otel-users")
    provider, results = provider_for(live_server.url, token)
    tracer = provider.get_tracer("agent")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")

    def score(trace: str, comment: str) -> None:
        body = {"name": "helpful", "value": 0.1, "traceId": trace, "comment": comment}
        assert client.post("/api/public/scores", body, format="json").status_code == 200

    agent_span = {"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "support",
                  "gen_ai.conversation.id": "conv-7", "enduser.id": "erin"}  # fmt: skip
    with tracer.start_as_current_span("invoke_agent support", attributes=agent_span) as span:
        trace = format_trace_id(span.get_span_context().trace_id)
        with tracer.start_as_current_span(
            "execute_tool lookup",
            attributes={"gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "lookup"},
        ):
            pass
        # scored while the run goes on: stored under the trace id, named when the trace comes
        score(trace, "Too slow. Answer first, then explain.")
    provider.shutdown()
    assert all(r.name == "SUCCESS" for r in results)
    score(trace, "Always quote the order number.")

    assert SkillOutcome.objects.get(agent=agent).user_id == "erin"
    assert ToolInvocation.objects.get(agent=agent).user_id == "erin"  # the user of its ancestor
    stored = {o.text: (o.user_id, o.session_id) for o in Observation.objects.filter(agent=agent)}
    assert stored == {
        "Too slow. Answer first, then explain.": ("erin", "conv-7"),
        "Always quote the order number.": ("erin", "conv-7"),
    }


AGENT = """
import os
from langfuse import Langfuse, propagate_attributes

langfuse = Langfuse(public_key="pk-lf-kaizen", secret_key=os.environ["TOKEN"], host=os.environ["HOST"])
with langfuse.start_as_current_observation(as_type="agent", name="support_agent"):
    with propagate_attributes(session_id="ticket-11", user_id="carol"):
        with langfuse.start_as_current_observation(as_type="tool", name="lookup_order"):
            pass
    trace_id = langfuse.get_current_trace_id()
langfuse.flush()
langfuse.create_score(name="helpfulness", value=0.1, trace_id=trace_id,
                      comment="Always include the order number in the reply.")
langfuse.create_score(name="fix", value="Use the refund tool, not email.", data_type="CORRECTION",
                      trace_id=trace_id)
langfuse.shutdown()
"""


@pytest.mark.django_db(transaction=True)
def test_a_langfuse_traces_user_id_is_who_gave_its_scores(live_server):
    agent, token = agent_with_token(name="langfuse-users", template=TemplateFactory(slug="support"))
    env = {**os.environ, "TOKEN": token, "HOST": live_server.url}
    run = subprocess.run([sys.executable, "-c", AGENT], env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-3000:]
    assert "error" not in run.stderr.lower(), run.stderr[-3000:]
    [observation] = Observation.objects.filter(agent=agent)
    assert (observation.text, observation.user_id, observation.session_id) == (
        "Always include the order number in the reply.",
        "carol",
        "ticket-11",
    )
    correction = Correction.objects.get(agent=agent)
    assert (correction.user_message, correction.user_id) == ("Use the refund tool, not email.", "carol")


@pytest.mark.django_db
@pytest.mark.parametrize("bad", ["", " ", "\n", "s\t1", "s\x01"])
def test_a_session_id_named_on_feedback_follows_the_rule_for_an_id(agent_client, bad):
    """A session is optional on feedback, but one that is named is an id like any other: blank,
    or holding a control character, it is refused (not stored as a session no one can name)."""
    agent, client = agent_client
    [answer] = post(client, [feedback(1, session_id=bad)])
    assert answer["status"] == 400 and list(answer["errors"]) == ["body.session_id"]
    assert not Observation.objects.filter(agent=agent).exists()
