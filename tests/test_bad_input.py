"""Odd payloads on every write endpoint answer 4xx JSON, never a 500 (regression table)."""

import pytest
from rest_framework.test import APIClient

from tests.factories import agent_with_token

CASES = [
    (
        "post",
        "/api/v1/ingest",
        {"batch": [{"type": "tool_invocation", "timestamp": "2026-13-45", "body": {}}]},
    ),
    ("post", "/api/v1/ingest", {"batch": [{"id": 5, "type": 7, "timestamp": 3, "body": []}]}),
    (
        "post",
        "/api/v1/ingest",
        {
            "batch": [
                {
                    "type": "skill_outcome",
                    "timestamp": "2026-11-01T00:00:00Z",
                    "body": {"skill": "x", "success": True, "duration_ms": 10**30},
                }
            ]
        },
    ),
    (
        "post",
        "/api/v1/ingest",
        {
            "batch": [
                {
                    "type": "correction",
                    "timestamp": "2026-11-01T00:00:00Z",
                    "body": {"user_message": "no", "previous_tool_call": "x"},
                }
            ]
        },
    ),
    (
        "post",
        "/api/v1/ingest",
        {
            "batch": [
                {
                    "type": "session_end",
                    "timestamp": "2026-11-01T00:00:00Z",
                    "body": {"session_id": "s", "reflection": {"proposals": [1, {"text": 5}]}},
                }
            ]
        },
    ),
    (
        "post",
        "/api/v1/ingest",
        {
            "batch": [
                {
                    "type": "session_end",
                    "timestamp": "2026-11-01T00:00:00Z",
                    "body": {
                        "session_id": "s",
                        "reflection": {"proposals": [{"text": "a", "evidence": "not a list"}]},
                    },
                }
            ]
        },
    ),
    ("put", "/api/v1/agents/me/card", {"skills": "x"}),
    ("put", "/api/v1/agents/me/card", {"skills": [5]}),
    ("put", "/api/v1/agents/me/card", []),
    ("post", "/api/v1/planner/select", {"skill": None}),
    ("post", "/api/v1/board/tasks", {"title": "t", "labels": "x"}),
    ("post", "/api/v1/board/tasks", ["x"]),
    ("patch", "/api/v1/board/tasks/999", {"status": "done"}),
    ("post", "/api/v1/proposals", {"type": "goal", "yaml": "- [", "rationale": "x"}),
    (
        "post",
        "/api/v1/proposals",
        {"type": "config_change", "document": "card:alice", "yaml": "skills: [{name: x}]", "rationale": "x"},
    ),
    (
        "post",
        "/api/v1/proposals",
        {
            "type": "action",
            "yaml": "actions: [{id: a, goal: fleet.no_agent_stuck, skill: 5}]",
            "rationale": "x",
        },
    ),
    ("post", "/v1/traces", b"\x08\x96\x01garbage"),
]


@pytest.mark.django_db
@pytest.mark.parametrize("method,url,body", CASES)
def test_bad_input_is_a_4xx_never_a_500(method, url, body):
    _, token = agent_with_token(name="alice")
    c = APIClient()
    c.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    if isinstance(body, bytes):
        r = c.post(url, data=body, content_type="application/x-protobuf")
    elif body is None:
        r = getattr(c, method)(url)
    else:
        r = getattr(c, method)(url, body, format="json")
    assert 400 <= r.status_code < 500 or r.status_code == 207, (r.status_code, r.content[:300])
    assert "message" in r.json() or "results" in r.json()


def test_what_the_schema_refuses_the_server_refuses(agent_client):
    """Found by schemathesis: requests the API schema calls invalid are refused, naming the field."""
    _, client = agent_client
    blank = client.get("/api/v1/board/tasks?kind=")
    assert blank.status_code == 400 and "kind" in blank.json()["extra"]["fields"]
    unknown = client.post("/api/v1/planner/select", {"skill": "x", "colour": 1}, format="json")
    assert unknown.status_code == 400 and "colour" in unknown.json()["extra"]["fields"]
    card = {"skills": [{"name": "triage", "confidence": False}]}
    boolean = client.put("/api/v1/agents/me/card", card, format="json")
    assert boolean.status_code == 400 and "confidence" in str(boolean.json()["extra"]["fields"])
    spaces = client.get("/api/v1/planner/candidates?skill=%20")
    assert spaces.status_code == 400 and "skill" in spaces.json()["extra"]["fields"]
    empty = client.get("/api/v1/agents/me/dispatches?status=")
    assert empty.status_code == 400 and "status" in empty.json()["extra"]["fields"]


@pytest.mark.django_db
def test_a_choice_not_offered_is_told_the_choices(agent_client):
    response = agent_client[1].put(
        "/api/v1/agents/me/card", {"skills": [{"name": "triage", "hitl_mode": "approve"}]}, format="json"
    )
    said = str(response.json()["extra"]["fields"])
    assert response.status_code == 400 and "is not a valid choice; one of: " in said, said
    for mode in ("autonomous", "gated"):
        assert mode in said


@pytest.mark.django_db
@pytest.mark.parametrize("header", ["Token {token}", "{token}"])
def test_a_token_sent_without_bearer_is_told_how_to_send_it_and_not_echoed(header):
    from rest_framework.test import APIClient

    from tests.factories import agent_with_token

    _, token = agent_with_token(name="hurried")
    response = APIClient().get("/api/v1/agents/me/directives", HTTP_AUTHORIZATION=header.format(token=token))
    message = response.json()["message"]
    assert response.status_code == 401 and "'Bearer <token>'" in message and token not in message, message


@pytest.mark.django_db
@pytest.mark.parametrize(("page", "status"), [("abc", 400), ("0", 400), ("-1", 400), ("1", 200), ("99", 404)])
def test_a_page_that_is_no_number_is_a_400_naming_it_and_one_past_the_end_a_404(agent_client, page, status):
    response = agent_client[1].get("/api/v1/board/tasks", {"page": page})
    assert response.status_code == status, response.json()
    if status == 400:
        assert response.json()["extra"]["fields"] == {"page": ["Must be a whole number from 1 (or 'last')."]}
