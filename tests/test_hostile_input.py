"""Hostile input on every write endpoint: a 4xx JSON naming the problem, memory bounded, valid
siblings of a bad event still stored. Timings of the same inputs are printed by bench/hostile.py."""

import gzip
import io
import json
import tracemalloc

import pytest
from rest_framework.test import APIClient

from governance.models import BoardTask
from telemetry.models import SkillOutcome
from tests.factories import agent_with_token, approver
from tests.hostile_inputs import ALIAS_BOMB, DEEP_FLOW_YAML, DEEP_JSON, DEEP_LIST, DEEP_YAML
from tests.telemetry.events import TS, VALID_BODIES

MEMORY_BOUND = 40 * 1024 * 1024  # bytes allocated by one hostile request at most

# A body refused for what it holds is refused whatever the time (the clock is asked only for the
# fixtures' rows): these are not run again in the moved-clock passes.
SAME_AT_EVERY_INSTANT = pytest.mark.same_at_every_instant("a 400 for what the body holds, at any time")


def event(body_overrides=None, **top):
    body = {**VALID_BODIES["skill_outcome"], **(body_overrides or {})}
    return {"type": "skill_outcome", "timestamp": TS, "body": body, **top}


@pytest.fixture
def agent_api(db):
    agent, token = agent_with_token(name="hostile")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    client.task_id = BoardTask.objects.create(title="own task", source="autonomy", created_by_agent=agent).pk
    return client


@pytest.fixture
def staff_api(db):
    client = APIClient()
    client.force_login(approver("hostile-staff"))
    return client


def bounded(call):
    """Run `call`, asserting the memory it allocates stays under MEMORY_BOUND."""
    tracemalloc.start()
    try:
        response = call()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < MEMORY_BOUND, f"peak {peak / 1e6:.0f} MB"
    return response


def assert_json_4xx(response, *words):
    assert 400 <= response.status_code < 500, (response.status_code, response.content[:300])
    assert response["Content-Type"].startswith("application/json")
    text = json.dumps(response.json()).lower()
    for word in words:
        assert word.lower() in text, text


@pytest.mark.parametrize(
    ("yaml_text", "problem"),
    [
        (ALIAS_BOMB, "no anchors or aliases"),
        ("x: 1\ny: *anchor\n", "no anchors or aliases"),
        (DEEP_YAML, "nested deeper"),
        (DEEP_FLOW_YAML, "nested deeper"),
        ("goals: [" + "1," * 25_000 + "1]", "nodes"),
        ("goals: " + "9" * 5000, "invalid yaml value"),
        ("goals: x\u0005\u0013", "special characters are not allowed"),  # found by schemathesis
    ],
    ids=["alias-bomb", "anchor", "deep-block", "deep-flow", "too-many-nodes", "huge-int", "control-char"],
)
@pytest.mark.parametrize("proposal_type", ["goal", "action", "config_change"])
@SAME_AT_EVERY_INSTANT
def test_hostile_yaml_in_proposals_is_a_400_naming_the_problem(agent_api, yaml_text, problem, proposal_type):
    payload = {"type": proposal_type, "yaml": yaml_text, "rationale": "r", "document": "goals"}
    response = bounded(lambda: agent_api.post("/api/v1/proposals", payload, format="json"))
    assert_json_4xx(response, problem)


def test_an_oversized_yaml_document_is_refused_before_parsing(agent_api, settings):
    settings.KAIZEN = {**settings.KAIZEN, "YAML_MAX_BYTES": 1000}
    payload = {"type": "goal", "yaml": "goals: []\n" + "#" * 2000, "rationale": "r"}
    assert_json_4xx(agent_api.post("/api/v1/proposals", payload, format="json"), "limit is 1000")


WRITE_ENDPOINTS = [
    ("agent", "post", "/api/v1/ingest"),
    ("agent", "post", "/api/v1/proposals"),
    ("agent", "post", "/api/v1/board/tasks"),
    ("agent", "patch", "/api/v1/board/tasks/{task}"),
    ("agent", "post", "/api/v1/board/tasks/{task}/comments"),
    ("agent", "put", "/api/v1/agents/me/card"),
    ("agent", "post", "/api/v1/planner/select"),
    ("staff", "post", "/api/v1/board/tasks"),
    ("staff", "post", "/api/v1/proposals/1/approve"),
    ("staff", "post", "/api/v1/proposals/1/reject"),
    ("staff", "post", "/api/v1/proposals/1/refine"),
]


@pytest.mark.parametrize(("who", "method", "path"), WRITE_ENDPOINTS)
@SAME_AT_EVERY_INSTANT
def test_json_nested_beyond_the_parser_is_a_400_everywhere(agent_api, staff_api, who, method, path):
    client = agent_api if who == "agent" else staff_api
    path = path.format(task=agent_api.task_id)
    response = bounded(lambda: getattr(client, method)(path, DEEP_JSON, content_type="application/json"))
    assert_json_4xx(response, "nested too deeply")


@pytest.mark.parametrize(("who", "method", "path"), WRITE_ENDPOINTS)
@pytest.mark.parametrize("number", ["NaN", "-Infinity", "1e400", "-" + "9" * 400 + ".0"])
@SAME_AT_EVERY_INSTANT
def test_numbers_json_cannot_hold_are_a_400_everywhere(agent_api, staff_api, who, method, path, number):
    """Python's json reads NaN, Infinity and overflowing floats; PostgreSQL's jsonb refuses them."""
    client = agent_api if who == "agent" else staff_api
    path = path.format(task=agent_api.task_id)
    text = json.dumps({"batch": [event()], "title": "t"}).replace(
        '"success": true', f'"success": true, "n": {number}'
    )
    assert number in text
    response = getattr(client, method)(path, text.encode(), content_type="application/json")
    assert_json_4xx(response, "JSON parse error")
    assert SkillOutcome.objects.count() == 0


def test_a_non_finite_number_inside_free_form_args_is_a_400_not_a_server_error(agent_api):
    good = json.dumps({"type": "tool_invocation", "timestamp": TS, "body": VALID_BODIES["tool_invocation"]})
    for number in ("NaN", "1e999"):
        bad = good.replace('"args": {"cmd": "ls"}', f'"args": {{"x": {number}}}')
        assert number in bad
        response = agent_api.post("/api/v1/ingest", f'{{"batch": [{bad}]}}', content_type="application/json")
        assert_json_4xx(response, "JSON parse error")


@pytest.mark.parametrize(("who", "method", "path"), WRITE_ENDPOINTS[1:])
@pytest.mark.parametrize("bad", ["nul\x00byte", "lone\ud800surrogate"], ids=["nul", "surrogate"])
@SAME_AT_EVERY_INSTANT
def test_nul_and_lone_surrogates_are_a_400_naming_the_field(agent_api, staff_api, who, method, path, bad):
    client = agent_api if who == "agent" else staff_api
    path = path.format(task=agent_api.task_id)
    body = json.dumps(
        {"title": bad, "body": bad, "reason": "x", "yaml": "a: 1"}
    ).encode()  # \\ud800 stays escaped
    response = getattr(client, method)(path, body, content_type="application/json")
    assert_json_4xx(response)
    fields = response.json()["extra"].get("fields", {})
    assert any("NUL" in str(m) or "surrogate" in str(m) for m in fields.values()), response.json()


@pytest.mark.parametrize(
    ("bad_event", "field", "words"),
    [
        (event({"skill": "a\x00b"}), "body.skill", "NUL"),
        (event({"goal": "lone \ud800"}), "body.goal", "surrogate"),
        (event({"patterns": ["ok", "x\x00"]}), "body.patterns[1]", "NUL"),
        (event(timestamp="0001-01-01T00:00:00+01:00"), "timestamp", "from 1970 to the end of 9998"),
        (event(timestamp="9999-12-31T23:59:59-01:00"), "timestamp", "from 1970 to the end of 9998"),
        (
            {
                "type": "tool_invocation",
                "timestamp": TS,
                "body": {**VALID_BODIES["tool_invocation"], "args": {"a": {"b": DEEP_LIST}}},
            },
            "body.args.a.b",
            "nested deeper",
        ),
        ({"type": "observation", "timestamp": TS, "body": {"text": "x", "k\x00": 1}}, "body", "NUL"),
    ],
    ids=["nul", "surrogate", "nul-in-list", "year-1-overflow", "year-9999-overflow", "deep-args", "nul-key"],
)
def test_one_bad_event_never_costs_its_siblings(agent_api, bad_event, field, words):
    good = [event(id="good-1"), event({"skill": "other"}, id="good-2")]
    body = json.dumps({"batch": [good[0], bad_event, good[1]]}).encode()
    response = agent_api.post("/api/v1/ingest", body, content_type="application/json")
    assert response.status_code == 207
    results = response.json()["results"]
    assert [r["status"] for r in results] == [201, 400, 201]
    assert any(key.startswith(field) for key in results[1]["errors"]), results[1]["errors"]
    assert words.lower() in json.dumps(results[1]["errors"]).lower()
    assert SkillOutcome.objects.count() == 2


def test_a_raw_utf8_surrogate_in_an_event_is_refused_by_the_ingest_fast_path(agent_api):
    batch = {"batch": [event(id="good-1"), event({"goal": "lone \ud800"}, id="bad")]}
    body = json.dumps(batch, ensure_ascii=False).encode("utf-8", "surrogatepass")  # bytes ED A0 80
    response = agent_api.post("/api/v1/ingest", body, content_type="application/json")
    assert [r["status"] for r in response.json()["results"]] == [201, 400]
    assert "surrogate" in json.dumps(response.json()["results"][1]["errors"]).lower()


@pytest.mark.parametrize(
    ("text", "safe"),
    [
        (b'{"a": "plain", "b": ["x", 1]}', True),
        (b'{"a": "caf\\u00e9"}', True),  # an escape, but not a NUL or a surrogate
        ('{"a": "café"}'.encode(), True),
        (b'{"a": "nul \\u0000"}', False),
        (b'{"a": "\\ud83d\\ude00"}', False),  # a valid pair is checked in full all the same
        (b'{"a": "\\uDC00"}', False),
        ('{"a": "lone \ud800"}'.encode("utf-8", "surrogatepass"), False),
        ('{"a": "한"}'.encode(), False),  # 0xED-led, valid: checked in full
        (b'{"a": "\\\\u0000"}', False),  # an escaped backslash: checked in full
        ('{"a": "x"}'.encode("utf-16"), False),  # not UTF-8: checked in full
    ],
)
def test_strings_are_safe_vouches_only_for_text_without_a_risky_escape_or_byte(text, safe):
    from config.untrusted import strings_are_safe

    assert strings_are_safe(text) is safe


def test_a_nul_in_the_query_string_is_a_400(staff_api):
    response = staff_api.get("/api/v1/board/tasks?status=open%00")
    assert_json_4xx(response, "NUL")
    assert_json_4xx(staff_api.get("/api/v1/proposals?type=%00"), "NUL")


def chunked(client, path, data: bytes, *, terminated=True, **headers):
    # wsgi.input as a server hands over a de-chunked body: a stream that ends, length unknown
    extra = {
        "CONTENT_LENGTH": "",
        "HTTP_TRANSFER_ENCODING": "chunked",
        "wsgi.input": io.BytesIO(data),
        **headers,
    }
    if terminated:
        extra["wsgi.input_terminated"] = True
    return client.generic("POST", path, data, content_type="application/json", **extra)


def test_a_chunked_ingest_body_is_read_and_stored(agent_api):
    body = json.dumps({"batch": [event(id="chunked-1")]}).encode()
    response = chunked(agent_api, "/api/v1/ingest", body)
    assert response.status_code == 207, response.content
    assert response.json()["results"][0]["status"] == 201
    assert SkillOutcome.objects.filter(dedup_key="chunked-1").exists()


def test_a_chunked_body_over_the_limit_is_a_413(agent_api, settings):
    settings.KAIZEN = {**settings.KAIZEN, "INGEST_MAX_BODY_BYTES": 1000}
    response = chunked(agent_api, "/api/v1/ingest", b'{"batch": [' + b" " * 5000 + b"]}")
    assert response.status_code == 413
    assert "1000" in response.json()["message"]


def test_a_chunked_body_the_server_cannot_hand_over_is_a_411_not_an_empty_body(agent_api):
    body = json.dumps({"batch": [event()]}).encode()
    response = chunked(agent_api, "/api/v1/ingest", body, terminated=False)
    assert response.status_code == 411
    assert "Content-Length" in response.json()["message"]


def test_chunked_otlp_spans_are_not_silently_dropped(agent_api):
    span = {
        "traceId": "0af7651916cd43dd8448eb211c80319c",
        "spanId": "b7ad6b7169203331",
        "name": "execute_tool bash",
        "startTimeUnixNano": "1795000000000000000",
        "endTimeUnixNano": "1795000001000000000",
        "attributes": [
            {"key": "gen_ai.operation.name", "value": {"stringValue": "execute_tool"}},
            {"key": "gen_ai.tool.name", "value": {"stringValue": "bash"}},
            {"key": "gen_ai.conversation.id", "value": {"stringValue": "conv-1"}},
        ],
    }
    body = json.dumps({"resourceSpans": [{"scopeSpans": [{"spans": [span]}]}]}).encode()
    response = chunked(agent_api, "/v1/traces", body)
    assert response.status_code == 200, response.content
    assert response.json()["kaizen"]["spans"] == 1


def test_a_gzip_bomb_is_refused_with_bounded_memory(agent_api, settings):
    settings.KAIZEN = {**settings.KAIZEN, "INGEST_MAX_BODY_BYTES": 1024 * 1024}
    bomb = gzip.compress(b"\x00" * (50 * 1024 * 1024), compresslevel=9)  # 50 MB in ~50 kB
    response = bounded(
        lambda: agent_api.post(
            "/v1/traces", bomb, content_type="application/x-protobuf", HTTP_CONTENT_ENCODING="gzip"
        )
    )
    assert response.status_code == 413
    assert "exceeds" in response.json()["message"]


def test_an_api_body_over_the_api_limit_is_a_413(agent_api, settings):
    settings.KAIZEN = {**settings.KAIZEN, "API_MAX_BODY_BYTES": 2000}
    payload = {"type": "goal", "yaml": "x" * 5000, "rationale": "r"}
    response = agent_api.post("/api/v1/proposals", payload, format="json")
    assert response.status_code == 413


def test_unknown_api_paths_are_json_404s(agent_api):
    for path in ("/api/v1/nope", "/api/v1/board/tasks/abc", "/v1/metrics"):
        response = agent_api.get(path)
        assert response.status_code == 404
        assert response["Content-Type"].startswith("application/json")
        assert path in response.json()["message"]


@pytest.mark.parametrize(
    ("yaml_text", "problem"), [(ALIAS_BOMB, "anchors"), (DEEP_FLOW_YAML, "nested deeper")]
)
def test_yaml_commands_refuse_hostile_files_naming_the_problem(tmp_path, db, yaml_text, problem):
    from django.core.management import CommandError, call_command

    templates = tmp_path / "templates.yaml"
    templates.write_text(yaml_text)
    with pytest.raises(CommandError, match=problem):
        bounded(lambda: call_command("load_templates", str(templates)))
    (tmp_path / "goals.yaml").write_text(yaml_text)
    with pytest.raises(CommandError, match=problem):
        bounded(lambda: call_command("import_config", str(tmp_path)))
