import json

import pytest
from django.db import connection
from rest_framework.test import APIClient

from telemetry.models import EVENT_MODELS, SessionEnd, SkillOutcome, ToolInvocation
from telemetry.row_writes import COPY_ROWS
from tests.concurrency import at_once
from tests.factories import agent_with_token
from tests.telemetry.events import VALID_BODIES, event

URL = "/api/v1/ingest"
pytestmark = pytest.mark.django_db


def post(client, batch, **extra):
    return client.post(URL, {"batch": batch}, format="json", **extra)


def counts() -> dict:
    return {name: model.objects.count() for name, model in EVENT_MODELS.items()}


@pytest.mark.parametrize("event_type", sorted(VALID_BODIES))
def test_it_stores_each_event_type(agent_client, event_type):
    agent, client = agent_client
    response = post(client, [event(event_type, id=f"{event_type}-1")])
    assert response.status_code == 207
    assert response.json()["results"] == [{"index": 0, "id": f"{event_type}-1", "status": 201}]
    stored = EVENT_MODELS[event_type].objects.get()
    assert stored.agent == agent
    assert stored.template_version == agent.template.document.head
    assert stored.dedup_key == f"{event_type}-1"
    assert len(stored.sha256) == 64


def test_the_agent_comes_from_the_token_never_the_payload(agent_client):
    agent, client = agent_client
    other, _ = agent_with_token(name="mallory")
    batch = [event("observation", text="hi")]
    batch[0]["body"]["agent"] = other.name
    assert post(client, batch).json()["results"][0]["errors"] == {"body.agent": ["Unknown field."]}
    post(client, [event("observation")])
    assert set(EVENT_MODELS["observation"].objects.values_list("agent__name", flat=True)) == {"alice"}


def test_without_client_id_the_sha256_of_the_canonical_event_deduplicates(agent_client):
    _, client = agent_client
    first = post(client, [event("wake_run")]).json()["results"][0]
    # same event, other key order and an equivalent timestamp spelling
    again = {
        "body": dict(reversed(list(VALID_BODIES["wake_run"].items()))),
        "timestamp": "2026-11-20T10:00:00+00:00",
        "type": "wake_run",
    }
    second = post(client, [again]).json()["results"][0]
    assert first["status"] == 201 and second["status"] == 200
    assert first["id"] == second["id"]
    assert EVENT_MODELS["wake_run"].objects.count() == 1


def test_reflection_proposals_without_evidence_are_dropped(agent_client):
    _, client = agent_client
    post(client, [event("session_end")])
    reflection = SessionEnd.objects.get().reflection
    assert [p["text"] for p in reflection["proposals"]] == ["cache deps"]
    assert reflection["dropped_proposals"] == 1


INVALID = [
    ({"type": "nope"}, "type"),
    ({"type": None}, "type"),
    ({"timestamp": "yesterday"}, "timestamp"),
    ({"timestamp": None}, "timestamp"),
    ({"id": ""}, "id"),
    ({"id": "x" * 129}, "id"),
    ({"extra": 1}, "extra"),
    ({"body": "text"}, "body"),
    ({"body": {**VALID_BODIES["tool_invocation"], "outcome": "exploded"}}, "body.outcome"),
    ({"body": {**VALID_BODIES["tool_invocation"], "failure_mode": "OOPS"}}, "body.failure_mode"),
    ({"body": {**VALID_BODIES["tool_invocation"], "duration_ms": -1}}, "body.duration_ms"),
    ({"body": {**VALID_BODIES["tool_invocation"], "duration_ms": "fast"}}, "body.duration_ms"),
    ({"body": {**VALID_BODIES["tool_invocation"], "args": {"blob": "x" * 9000}}}, "body.args"),
    ({"body": {**VALID_BODIES["tool_invocation"], "args": [1]}}, "body.args"),
    ({"body": {**VALID_BODIES["tool_invocation"], "session_id": ""}}, "body.session_id"),
    ({"body": {**VALID_BODIES["tool_invocation"], "color": "red"}}, "body.color"),
    (
        {"body": {k: v for k, v in VALID_BODIES["tool_invocation"].items() if k != "tool"}},
        "body.tool",
    ),
]


@pytest.mark.parametrize(("change", "field"), INVALID)
def test_it_rejects_invalid_events_naming_the_field(agent_client, change, field):
    _, client = agent_client
    bad = {**event("tool_invocation"), **change}
    bad = {k: v for k, v in bad.items() if v is not None}
    result = post(client, [bad]).json()["results"][0]
    assert result["status"] == 400
    assert field in result["errors"], result["errors"]
    assert sum(counts().values()) == 0


SKILL_INVALID = [
    ("success", "yes"),
    ("confidence", 1.5),
    ("confidence", -0.1),
    ("cost_usd", -1),
    ("patterns", "one"),
    ("patterns", [""]),
    ("error_count", 1.5),
    ("retry_count", True),
]


@pytest.mark.parametrize(("key", "value"), SKILL_INVALID)
def test_it_validates_skill_outcome_fields(agent_client, key, value):
    _, client = agent_client
    result = post(client, [event("skill_outcome", **{key: value})]).json()["results"][0]
    assert result["status"] == 400 and f"body.{key}" in result["errors"]


@pytest.mark.parametrize(
    ("event_type", "key", "value"),
    [
        ("observation", "text", ""),
        ("observation", "sentiment", "angry"),
        ("correction", "user_message", 5),
        ("decision", "verdict", "maybe"),
        ("session_end", "reflection", {"wins": []}),
        ("wake_run", "user_rating", 2),
        ("wake_run", "status", "done"),
    ],
)
def test_it_validates_other_event_types(agent_client, event_type, key, value):
    _, client = agent_client
    result = post(client, [event(event_type, **{key: value})]).json()["results"][0]
    assert result["status"] == 400
    assert any(f.startswith(f"body.{key}") for f in result["errors"]), result["errors"]


def test_a_mixed_batch_stores_the_valid_events_and_reports_the_invalid(agent_client):
    _, client = agent_client
    batch = [
        event("observation", id="ok-1"),
        event("wake_run", status="bad"),
        event("decision", id="ok-2"),
        {"type": "observation"},
    ]
    results = post(client, batch).json()["results"]
    assert [r["status"] for r in results] == [201, 400, 201, 400]
    assert counts() == {**dict.fromkeys(EVENT_MODELS, 0), "observation": 1, "decision": 1}


def test_replaying_a_batch_three_times_stores_nothing_twice(agent_client):
    _, client = agent_client
    batch = [event(t, id=f"r-{t}") for t in VALID_BODIES] + [event("wake_run", duration_ms=7)]
    statuses = [[r["status"] for r in post(client, batch).json()["results"]] for _ in range(3)]
    assert statuses[0] == [201] * 8
    assert statuses[1] == statuses[2] == [200] * 8
    assert sum(counts().values()) == 8


def test_the_same_event_twice_in_one_batch_is_stored_once(agent_client):
    _, client = agent_client
    results = post(client, [event("observation", id="d"), event("observation", id="d")]).json()
    assert [r["status"] for r in results["results"]] == [201, 200]


def test_client_ids_are_scoped_to_the_agent(agent_client):
    _, client = agent_client
    _, other_token = agent_with_token(name="bob")
    other = APIClient()
    other.credentials(HTTP_AUTHORIZATION=f"Bearer {other_token}")
    assert post(client, [event("observation", id="same")]).json()["results"][0]["status"] == 201
    assert post(other, [event("observation", id="same")]).json()["results"][0]["status"] == 201


@pytest.mark.django_db(transaction=True)
def test_concurrent_replays_from_two_threads_store_each_event_once():
    _, token = agent_with_token(name="racer")
    batch = [event("tool_invocation", id=f"c-{i}", duration_ms=i) for i in range(50)]
    statuses: list[int] = []

    def send():
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
        for _ in range(3):
            statuses.extend(r["status"] for r in post(client, batch).json()["results"])

    at_once(send, send)
    assert ToolInvocation.objects.count() == 50
    assert statuses.count(201) == 50 and statuses.count(200) == 250


@pytest.mark.parametrize("batch", [[], None, "x", {"a": 1}])
def test_it_rejects_an_empty_or_malformed_batch(agent_client, batch):
    _, client = agent_client
    response = client.post(URL, {"batch": batch}, format="json")
    assert response.status_code == 400
    assert "batch" in response.json()["extra"]["fields"]


def test_it_rejects_more_than_1000_events(agent_client):
    _, client = agent_client
    response = post(client, [event("wake_run", id=str(i)) for i in range(1001)])
    assert response.status_code == 400
    assert "1001" in response.json()["extra"]["fields"]["batch"][0]
    assert SkillOutcome.objects.count() == 0


def test_it_accepts_exactly_1000_events(agent_client):
    _, client = agent_client
    response = post(client, [event("wake_run", id=str(i)) for i in range(1000)])
    assert [r["status"] for r in response.json()["results"]] == [201] * 1000


def test_it_rejects_unknown_top_level_keys(agent_client):
    _, client = agent_client
    response = client.post(URL, {"batch": [event("wake_run")], "agent": "x"}, format="json")
    assert response.status_code == 400
    assert response.json()["extra"]["fields"] == {"agent": ["Unknown field."]}


def test_a_bare_event_is_told_to_come_in_a_batch(agent_client):
    _, client = agent_client
    response = client.post(URL, event("wake_run"), format="json")
    assert response.status_code == 400
    assert response.json()["extra"]["fields"] == {
        "batch": ['This is one event; send it as {"batch": [<event>]}.']
    }


def test_it_answers_malformed_json_with_400_json(agent_client):
    _, client = agent_client
    response = client.post(URL, data="{not json", content_type="application/json")
    assert response.status_code == 400
    assert "message" in response.json()


def test_an_oversized_body_gets_413_json_before_parsing(agent_client, settings):
    _, client = agent_client
    settings.KAIZEN = {**settings.KAIZEN, "INGEST_MAX_BODY_BYTES": 1000}
    body = json.dumps({"batch": [event("observation", text="x" * 2000)]})
    response = client.post(URL, data=body, content_type="application/json")
    assert response.status_code == 413
    assert response["Content-Type"] == "application/json"
    assert response.json()["extra"]["limit_bytes"] == 1000


def test_a_real_5mb_limit_applies_by_default(agent_client):
    _, client = agent_client
    body = '{"batch": [' + ",".join([json.dumps(event("observation", text="y" * 19000))] * 280) + "]}"
    assert len(body) > 5 * 1024 * 1024
    assert client.post(URL, data=body, content_type="application/json").status_code == 413


@pytest.mark.parametrize(
    ("header", "status"),
    [
        (None, 401),
        ("Bearer", 401),
        ("Bearer kz_00000000_nope", 401),
        ("Bearer garbage", 401),
        ("Basic abc", 401),
    ],
)
def test_it_refuses_missing_and_wrong_tokens_with_json(api, db, header, status):
    if header:
        api.credentials(HTTP_AUTHORIZATION=header)
    response = post(api, [event("wake_run")])
    assert response.status_code == status
    assert response.json()["message"]
    assert response["WWW-Authenticate"].startswith("Bearer")


def test_a_revoked_token_is_refused(db):
    from fleet.models import ApiToken
    from fleet.services import token_revoke

    agent, token = agent_with_token(name="old")
    token_revoke(token=ApiToken.objects.get(agent=agent))
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    response = post(client, [event("wake_run")])
    assert response.status_code == 401
    assert "revoked" in response.json()["message"]


def test_a_staff_user_cannot_ingest(staff_client):
    response = post(staff_client, [event("wake_run")])
    assert response.status_code == 403
    assert response.json()["message"] == "This endpoint needs an agent token."


def test_an_agent_with_stored_events_cannot_be_deleted_in_the_admin(agent_client, client):
    """The event tables hold the agent's key without a database constraint: the ORM protects it."""
    from django.contrib.auth import get_user_model

    agent, api = agent_client
    assert post(api, [event("observation", text="kept")]).status_code == 207
    client.force_login(get_user_model().objects.create_superuser("root", "root@example.com", "pw-root-1"))
    response = client.post(f"/admin/fleet/agent/{agent.pk}/delete/", {"post": "yes"})
    assert response.status_code == 200 and b"protected" in response.content.lower()
    assert type(agent).objects.filter(pk=agent.pk).exists()
    assert EVENT_MODELS["observation"].objects.get().agent_id == agent.pk


@pytest.mark.postgresql("prepared statements are PostgreSQL's")
def test_on_postgresql_repeated_ingests_run_a_prepared_insert_and_answer_alike(agent_client):
    """After five runs on a connection the ingest INSERT is prepared by the server; answers,
    duplicates included, are the same before and after."""
    _, client = agent_client
    for n in range(8):
        body = [event("observation", id=f"p-{n}", text="hi")]
        assert post(client, body).json()["results"][0]["status"] == 201
        assert post(client, body).json()["results"][0]["status"] == 200
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        prepared = [row[0] for row in cursor.fetchall()]
    assert any("INSERT INTO" in sql and "telemetry_observation" in sql for sql in prepared)
    assert EVENT_MODELS["observation"].objects.count() == 8


AWKWARD = [
    'quote " and \\ backslash',
    "line\nbreak\ttab",
    "émoji 🎉 and 中文",
    "\u2028 separators \u2029",
    "{}",
    "null",
]


@pytest.mark.parametrize("repeat", [1, COPY_ROWS], ids=["insert", "copy"])
def test_a_batch_of_awkward_texts_is_stored_exactly_as_sent(agent_client, repeat):
    """A few rows travel as an INSERT's parameters, many (on PostgreSQL, from COPY_ROWS of a type
    on) by binary COPY: escapes, non-ASCII, JSON-looking strings and a small float come
    back unchanged, in text columns and inside a JSON column."""
    _, client = agent_client
    texts = AWKWARD * repeat
    batch = [event("observation", id=f"awk-{n}", text=text) for n, text in enumerate(texts)]
    batch += [
        event("tool_invocation", id=f"awk-args-{n}", args={"cmd": t, "nested": [t, {"k": t}], "x": 1e-7})
        for n, t in enumerate(texts)
    ]
    assert {r["status"] for r in post(client, batch).json()["results"]} == {201}
    stored = dict(EVENT_MODELS["observation"].objects.values_list("dedup_key", "text"))
    assert stored == {f"awk-{n}": text for n, text in enumerate(texts)}
    args = dict(ToolInvocation.objects.values_list("dedup_key", "args"))
    assert args == {
        f"awk-args-{n}": {"cmd": t, "nested": [t, {"k": t}], "x": 1e-7} for n, t in enumerate(texts)
    }


class Tagging:
    """A middleware an operator might add (an APM's, a request id's): it must see ingest too."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        response["X-Seen-By"] = "tagging"
        return response


def test_a_middleware_added_in_settings_runs_on_ingest(agent_client, settings):
    settings.MIDDLEWARE = [*settings.MIDDLEWARE, "tests.telemetry.test_ingest_api.Tagging"]
    _, client = agent_client
    response = post(client, [event("wake_run")])
    assert response.status_code == 207 and response["X-Seen-By"] == "tagging"


def test_a_wrong_token_costs_one_query(db, django_assert_num_queries):
    from tests.factories import agent_with_token

    _, token = agent_with_token(name="real")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token[:-4]}XXXX")  # the right prefix, a wrong secret
    with django_assert_num_queries(1):
        response = post(client, [event("wake_run")])
    assert response.status_code == 401


def test_the_schema_says_what_a_reflection_holds_and_a_key_it_does_not_list_is_refused_naming_those(
    agent_client,
):
    _, client = agent_client
    components = client.get("/api/schema/", {"format": "json"}).json()["components"]["schemas"]
    body = components["SessionEndEvent"]["properties"]["body"]["properties"]
    listed = body["reflection"]["properties"]
    assert body["reflection"]["additionalProperties"] is False
    said = {
        "successes": ["found the invoice"],
        "failures": [],
        "proposals": [{"text": "x", "evidence": ["e"]}],
    }
    assert set(listed) == set(said)
    taken = post(client, [event("session_end", session_id="s-1", reflection=said)])
    assert taken.json()["results"][0]["status"] == 201, taken.json()
    refused = post(client, [event("session_end", session_id="s-2", reflection={"summary": "ok"})])
    errors = refused.json()["results"][0]["errors"]["body.reflection.summary"]
    assert all(key in errors[0] for key in listed), errors
    args = components["ToolInvocationEvent"]["properties"]["body"]["properties"]["args"]
    assert "8,192 bytes" in args["description"]  # the limit a larger object is refused at


def test_a_number_out_of_bounds_is_told_the_bound_in_full(agent_client):
    _, client = agent_client
    big = post(client, [event("tool_invocation", duration_ms=1e30)]).json()["results"][0]["errors"]
    assert big == {"body.duration_ms": ["Must be at most 2147483647."]}
