"""Failures as users report them: free text, a mode derived from it, an explicit mode winning."""

import pytest

from telemetry.failure_modes import derive
from telemetry.models import ToolInvocation

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("text", "mode"),
    [
        ("EACCES: permission denied, open '/etc/shadow'", "PERM"),
        ("HTTP 403 Forbidden", "PERM"),
        ("Request timed out after 30s", "TIMEOUT"),
        ("context deadline exceeded", "TIMEOUT"),
        ("connect ECONNREFUSED 127.0.0.1:5432", "NETWORK"),
        ("curl: (6) Could not resolve host: api.example.com", "NETWORK"),
        ("ENOENT: no such file or directory, open 'package.json'", "NOTFOUND"),
        ("ModuleNotFoundError: No module named 'yaml'", "NOTFOUND"),
        ("ERROR: No matching distribution found for foo-bar", "NOTFOUND"),
        ("npm ERR! 404 No matching version found for left-pad@9.9.9", "NOTFOUND"),
        ("No route found for GET /v2/items", "NOTFOUND"),
        ("SyntaxError: invalid syntax (app.py, line 3)", "SYNTAX"),
        ("json.decoder.JSONDecodeError: Expecting value", "SYNTAX"),
        ("CONFLICT (content): Merge conflict in README.md", "CONFLICT"),
        ("TypeError: run() got an unexpected keyword argument 'fast'", "ARGS"),
        ("error: unknown command 'deploy'", "TOOL_GAP"),
        ("RuntimeError: division by zero", "RUNTIME"),
        ("Process exited with exit code 2", "RUNTIME"),
        ("something odd happened", ""),
    ],
)
def test_modes_are_derived_from_the_text_by_ordered_rules(text, mode):
    assert derive(text) == mode


def invocation(i, **body):
    return {
        "type": "tool_invocation",
        "timestamp": f"2026-11-21T10:0{i}:00Z",
        "body": {"session_id": "s1", "tool": "npm_install", "outcome": "failure", "duration_ms": 5, **body},
    }


def test_the_text_is_kept_the_mode_derived_an_explicit_mode_wins_and_none_is_stored_without(agent_client):
    _, client = agent_client
    batch = [
        invocation(1, error="npm ERR! 404 Not Found - GET https://registry.npmjs.org/@acme%2fui"),
        invocation(2, error="request timed out", failure_mode="NETWORK"),
        invocation(3),
        invocation(4, error="the moon is in the wrong phase"),
    ]
    results = client.post("/api/v1/ingest", {"batch": batch}, format="json").json()["results"]
    assert [r["status"] for r in results] == [201, 201, 201, 201]
    stored = list(ToolInvocation.objects.order_by("occurred_at").values_list("failure_mode", "error"))
    assert stored == [
        ("NOTFOUND", "npm ERR! 404 Not Found - GET https://registry.npmjs.org/@acme%2fui"),
        ("NETWORK", "request timed out"),
        ("", ""),
        ("", "the moon is in the wrong phase"),
    ]
