"""Langfuse scores as Kaizen feedback: the table of what each kind of score becomes."""

from datetime import UTC, datetime

import pytest
from rest_framework.test import APIClient

from config.kaizen import SETTINGS
from config.scales import parse_scales
from telemetry.intake.langfuse_scores import numeric_sentiment, score_event
from tests.factories import TemplateFactory, agent_with_token

NOW = datetime(2030, 1, 2, 3, 4, 5, tzinfo=UTC)
SCALES = parse_scales(SETTINGS["SCORE_SCALES"][0])  # the declared defaults


def sessions(trace: str) -> str:
    return {"t1": "ticket-1"}.get(trace, trace)


@pytest.mark.parametrize(
    ("score", "event_type", "body"),
    [
        ({"name": "helpful", "value": 0.1}, "observation", {"text": "helpful: 0.1", "sentiment": "negative"}),
        ({"name": "helpful", "value": 0.6}, "observation", {"text": "helpful: 0.6", "sentiment": "neutral"}),
        (
            {"name": "helpful", "value": 0.9, "comment": "Spot on."},
            "observation",
            {"text": "Spot on.", "sentiment": "positive"},
        ),
        ({"name": "stars", "value": 2}, "observation", {"text": "stars: 2", "sentiment": "negative"}),
        ({"name": "stars", "value": 4.0}, "observation", {"text": "stars: 4", "sentiment": "positive"}),
        ({"name": "nps", "value": 9}, "observation", {"text": "nps: 9", "sentiment": "positive"}),
        ({"name": "nps", "value": 6}, "observation", {"text": "nps: 6", "sentiment": "neutral"}),
        (
            {"name": "ok", "value": 0.0, "dataType": "BOOLEAN"},
            "observation",
            {"text": "ok: 0", "sentiment": "negative"},
        ),
        (
            {"name": "ok", "value": "true", "dataType": "BOOLEAN"},
            "observation",
            {"text": "ok: 1", "sentiment": "positive"},
        ),
        (
            {"name": "label", "value": "Thumbs Down"},
            "observation",
            {"text": "label: Thumbs Down", "sentiment": "negative"},
        ),
        (
            {"name": "label", "value": "correct", "dataType": "CATEGORICAL"},
            "observation",
            {"text": "label: correct", "sentiment": "positive"},
        ),
        (
            {"name": "label", "value": "billing"},
            "observation",
            {"text": "label: billing", "sentiment": "neutral"},
        ),
        (
            {"name": "note", "value": "Use the refund form.", "dataType": "TEXT"},
            "observation",
            {"text": "Use the refund form."},
        ),
        (
            {
                "name": "fix",
                "value": "The order is #A1.",
                "dataType": "CORRECTION",
                "comment": "It said #B2.",
            },
            "correction",
            {"user_message": "The order is #A1.", "previous_agent_response": "It said #B2."},
        ),
        (
            {"name": "helpful", "value": 0.1, "traceId": "t1"},
            "observation",
            {"text": "helpful: 0.1", "sentiment": "negative", "session_id": "ticket-1"},
        ),
        (
            {"name": "helpful", "value": 0.1, "traceId": "t9"},
            "observation",
            {"text": "helpful: 0.1", "sentiment": "negative", "session_id": "t9"},
        ),
        (
            {"name": "helpful", "value": 0.1, "sessionId": "s-7", "traceId": "t1"},
            "observation",
            {"text": "helpful: 0.1", "sentiment": "negative", "session_id": "s-7"},
        ),
    ],
)
def test_each_kind_of_score_becomes_feedback(score, event_type, body):
    event, why = score_event({"id": "sc-1", **score}, sessions, NOW, scales=SCALES)
    assert why == ""
    assert event == {
        "id": "langfuse-score:sc-1",
        "type": event_type,
        "timestamp": NOW.isoformat(),
        "body": body,
    }


@pytest.mark.parametrize(
    ("score", "why"),
    [
        ([1], "each score must be an object"),
        ({"value": 1}, "name: required, a non-empty string"),
        ({"name": "x"}, "value: required, a number or a string"),
        ({"name": "x", "value": {"a": 1}}, "value: required, a number or a string"),
        (
            {"name": "x", "value": 1, "dataType": "STARS"},
            "dataType: one of NUMERIC, BOOLEAN, CATEGORICAL, TEXT, CORRECTION",
        ),
        ({"name": "x", "value": "lots", "dataType": "NUMERIC"}, "value: NUMERIC scores take a number"),
    ],
)
def test_a_score_that_cannot_be_feedback_says_why(score, why):
    assert score_event(score, sessions, NOW, scales=SCALES) == (None, why)


@pytest.mark.django_db
def test_scores_answer_as_langfuse_does_and_prompts_name_the_template():
    agent, token = agent_with_token(name="lf", template=TemplateFactory(slug="support"))
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    ok = client.post("/api/public/scores", {"id": "s-9", "name": "x", "value": 1.0}, format="json")
    assert (ok.status_code, ok.json()) == (200, {"id": "s-9"})  # Langfuse's answer: the score's id
    generated = client.post("/api/public/scores", {"name": "y", "value": 0.0}, format="json")
    assert generated.status_code == 200 and len(generated.json()["id"]) == 64  # its content address
    listed = client.post("/api/public/scores", [{"id": "s-10", "name": "x", "value": 1.0}], format="json")
    assert (listed.status_code, listed.json()) == (200, {"ids": ["s-10"]})
    bad = client.post("/api/public/scores", {"name": "x", "value": 1, "traceId": ["a"]}, format="json")
    assert bad.status_code == 400 and bad.json()["extra"]["fields"] == {"traceId": ["a string"]}
    mixed = client.post("/api/public/scores", [{"name": "x", "value": 1.0}, {"value": 2}], format="json")
    assert mixed.status_code == 207
    assert mixed.json() == {
        "accepted": 1,
        "rejected": 1,
        "errors": [{"message": "score 1: name: required, a non-empty string"}],
    }
    missing = client.get("/api/public/v2/prompts/writer")
    assert missing.status_code == 404
    assert missing.json()["message"] == "No prompt 'writer' for agent 'lf': its template is 'support'."
    assert client.get("/api/public/v2/prompts/support?version=7").status_code == 404
    assert client.get("/api/public/v2/prompts/support?version=1").json()["version"] == 1


@pytest.mark.django_db
def test_a_retried_score_without_a_timestamp_is_stored_once(clock):
    from datetime import timedelta

    from telemetry.models import Observation
    from tests.conftest import FIXED_NOW

    agent, token = agent_with_token(name="lf-retry", template=TemplateFactory(slug="support"))
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    score = {"id": "score-1", "name": "helpfulness", "value": 0.2}  # stamped by Kaizen
    assert client.post("/api/public/scores", score, format="json").json() == {"id": "score-1"}
    clock.move_to(FIXED_NOW + timedelta(minutes=5))  # the SDK retries a little later
    assert client.post("/api/public/scores", score, format="json").json() == {"id": "score-1"}
    assert Observation.objects.filter(agent=agent).count() == 1


@pytest.mark.parametrize(
    ("name", "value", "sentiment"),
    [
        ("rating", 1, "negative"),  # a 1-star rating is a complaint, not the top of a 0–1 scale
        ("rating", 2, "negative"),
        ("rating", 3, "neutral"),
        ("rating", 4, "positive"),
        ("rating", 5, "positive"),
        ("manager_review", 1, "negative"),
        ("Stars", 1.0, "negative"),
        ("helpfulness", 1, "positive"),  # the default scale, 0–1: 1 is the top
        ("helpfulness", 0.2, "negative"),
        ("nps", 3, "negative"),
        ("nps", 10, "positive"),
    ],
)
def test_a_numeric_score_is_read_on_the_scale_declared_for_its_name(name, value, sentiment):
    event, why = score_event({"name": name, "value": value}, sessions, NOW, scales=SCALES)
    assert why == "" and event["body"]["sentiment"] == sentiment


def test_a_value_outside_its_scale_or_without_one_is_refused_and_scales_parse_strictly():
    assert score_event({"name": "rating", "value": 7}, sessions, NOW, scales=SCALES) == (
        None,
        "value: 7 lies outside the 1–5 scale declared for 'rating' (KAIZEN_SCORE_SCALES)",
    )
    assert score_event({"name": "x", "value": 0.5}, sessions, NOW, scales={"rating": (1, 5)})[1].startswith(
        "value: no scale is declared for 'x'"
    )
    assert numeric_sentiment(3, (1, 5)) == "neutral"
    for bad in ("rating=5-1", "rating", "rating=a-b"):
        with pytest.raises(ValueError, match="name=low-high"):
            parse_scales(bad)


@pytest.mark.parametrize(
    ("value", "sentiment"),
    [(0, "negative"), (1, "positive"), (1.0, "positive"), (True, "positive"), ("false", "negative")],
)
def test_a_boolean_score_takes_0_or_1(value, sentiment):
    event, why = score_event(
        {"name": "ok", "value": value, "dataType": "BOOLEAN"}, sessions, NOW, scales=SCALES
    )
    assert why == "" and event["body"]["sentiment"] == sentiment


@pytest.mark.parametrize("value", [7, 0.5, -1, "2"])
def test_a_boolean_score_of_anything_else_is_refused_naming_the_value(value):
    event, why = score_event(
        {"name": "ok", "value": value, "dataType": "BOOLEAN"}, sessions, NOW, scales=SCALES
    )
    assert event is None and why.startswith("value: BOOLEAN scores take 0 or 1")


@pytest.mark.django_db
def test_a_boolean_score_of_7_is_refused_with_a_400_naming_the_field():
    _, token = agent_with_token(name="lf-bool")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    answer = client.post(
        "/api/public/scores", {"name": "ok", "value": 7, "dataType": "BOOLEAN"}, format="json"
    )
    assert answer.status_code == 400
    assert list(answer.json()["extra"]["fields"]) == ["value"]
    assert "0 or 1" in answer.json()["extra"]["fields"]["value"][0]


@pytest.mark.django_db
def test_the_stored_times_of_a_batch_of_scores_are_read_in_one_query(clock):
    """A batch's scores without a timestamp take the time each was first stored with, read in one
    query whatever the batch's size: a retried batch is recognised, not stored again."""
    import re
    from datetime import timedelta

    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from telemetry.models import Correction, Observation
    from tests.conftest import FIXED_NOW

    _, token = agent_with_token(name="lf-batch")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    by_key = re.compile(r'^SELECT .* WHERE .*"telemetry_(observation|correction)"\."dedup_key"', re.S)

    def batch(n: int, prefix: str) -> list[dict]:
        helpful = [{"id": f"{prefix}-{i}", "name": "helpfulness", "value": 0.2} for i in range(n)]
        fix = {"id": f"{prefix}-fix", "name": "fix", "value": "Use pnpm.", "dataType": "CORRECTION"}
        return [*helpful, fix]

    def reads_by_key(scores: list[dict]) -> int:
        with CaptureQueriesContext(connection) as queries:
            answer = client.post("/api/public/scores", scores, format="json")
        assert answer.status_code == 200, answer.json()
        assert answer.json() == {"ids": [score["id"] for score in scores]}
        return sum(1 for q in queries.captured_queries if by_key.match(q["sql"].lstrip("(")))

    assert reads_by_key(batch(3, "small")) == 1
    assert reads_by_key(batch(200, "large")) == 1
    clock.move_to(FIXED_NOW + timedelta(minutes=5))  # the SDK retries the batch a little later
    assert reads_by_key(batch(200, "large")) == 1
    assert Observation.objects.count() == 203 and Correction.objects.count() == 2
