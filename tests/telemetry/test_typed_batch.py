"""The typed decoder (msgspec, built from the rule table) against the rule table itself: whatever
it accepts, `validate_event` accepts and cleans to the same event, hash included; and it accepts
the everyday events, so ingest takes the fast way for them. Thousands of events are derived from
valid ones by setting one field (or two) to an awkward value."""

import json
import random

import pytest

from telemetry import typed_batch
from telemetry.contract import SCHEMAS, Limits, validate_event

LIMITS = Limits(check_strings=False)  # the typed path serves only bodies vouched for
VALID = [
    {"id": "t1", "type": "tool_invocation", "timestamp": "2026-11-21T10:00:00Z",
     "body": {"session_id": "s1", "tool": "bash", "args": {"cmd": "make test", "n": [1, 2.5, None]},
              "outcome": "failure", "duration_ms": 12, "failure_mode": "RUNTIME.make", "error": "exit 2"}},
    {"type": "tool_invocation", "timestamp": "2026-11-21T10:00:00+02:00",
     "body": {"session_id": "s1", "tool": "fetch", "outcome": "failure", "duration_ms": 0,
              "error": "403 Forbidden: not permitted"}},
    {"id": "o1", "type": "skill_outcome", "timestamp": "2026-11-21T10:00:01.250Z",
     "body": {"skill": "triage", "success": True, "duration_ms": 900, "input_tokens": 1000,
              "output_tokens": 200, "model": "gpt-4o-mini", "confidence": 0.8, "cost_usd": 0,
              "patterns": ["Ask first", "Small steps"], "error_count": 2, "retry_count": 0,
              "correlation_id": "c-1", "goal": "g", "autonomous": False, "failure_reason": "",
              "confidence_explanation": "sure"}},
    {"type": "observation", "timestamp": "2026-11-21T10:00:02Z", "body": {"text": "fine", "sentiment": "neutral",
     "category": "praise", "session_id": "s1"}},
    {"type": "correction", "timestamp": "2026-11-21T10:00:03Z",
     "body": {"user_message": "No, use pnpm.", "previous_agent_response": "npm install",
              "previous_tool_call": {"tool": "bash"}, "user_tool_call": {"tool": "pnpm"}, "session_id": "s"}},
    {"type": "session_end", "timestamp": "2026-11-21T10:00:04Z", "body": {"session_id": "s1"}},
    {"type": "decision", "timestamp": "2026-11-21T10:00:05Z",
     "body": {"subject": "ship it", "verdict": "deferred", "reason": "later"}},
    {"type": "wake_run", "timestamp": "2026-11-21T10:00:06Z",
     "body": {"status": "completed", "duration_ms": 5, "user_rating": 1}},
    {"type": "hitl_escalation", "timestamp": "2026-11-21T10:00:07Z",
     "body": {"target": "ops", "reason": "stuck", "skill": "deploy"}},
]  # fmt: skip
DEEP: dict = {}
_inner = DEEP
for _ in range(20):
    _inner["d"] = {}
    _inner = _inner["d"]
AWKWARD = [
    None, "", " ", "\t\n", "x", "é" * 200, "x" * 201, "x" * 129, "x" * 20_001, "RUNTIME", "RUNTIME\n",
    "NOTFOUND.package.more", "BOGUS", "success", "praise", "completed", 0, -1, 1, 5.0, 1e2, 0.5, 1.5,
    2**31 - 1, 2**31, 2**70, 1e-7, True, False, [], ["a"], [" "], ["a"] * 21, [1], {}, {"a": 1},
    {"k": "x" * 9000}, DEEP, "2026-11-21T10:00:00Z", "2026-13-01T00:00:00Z", "x" * 41,
]  # fmt: skip


def both(event) -> tuple:
    typed = typed_batch.decode(json.dumps({"batch": [event]}).encode(), LIMITS, 1000)
    cleaned, errors = validate_event(json.loads(json.dumps(event)), LIMITS)
    return typed, cleaned, errors


def assert_no_looser(event) -> bool:
    """The typed decoder accepted `event` only if the rule table does, with the same result."""
    typed, cleaned, errors = both(event)
    if typed is None:
        return False
    assert not errors, (event, errors)
    assert typed == [cleaned], event  # type, client id, instant, body and SHA-256
    return True


@pytest.mark.parametrize("event", VALID, ids=[e["type"] for e in VALID])
def test_everyday_events_take_the_typed_way_and_clean_alike(event):
    assert assert_no_looser(event)


def test_awkward_values_in_any_field_never_pass_the_typed_way_alone():
    accepted = refused = 0
    for base in VALID:
        names = (
            [*SCHEMAS[base["type"]], "reflection"]
            if base["type"] == "session_end"
            else [*SCHEMAS[base["type"]]]
        )
        for name in [*names, "unknown"]:
            for value in AWKWARD:
                event = {**base, "body": {**base["body"], name: value}}
                if assert_no_looser(event):
                    accepted += 1
                else:
                    refused += 1
        for key in ("id", "timestamp", "type", "extra"):
            for value in AWKWARD:
                if assert_no_looser({**base, key: value}):
                    accepted += 1
                else:
                    refused += 1
    assert accepted > 300 and refused > 1000  # both ways were really exercised


def test_random_pairs_of_awkward_values_never_pass_the_typed_way_alone():
    rng = random.Random(16)
    for _ in range(3000):
        base = rng.choice(VALID)
        body = dict(base["body"])
        for _ in range(2):
            body[rng.choice([*SCHEMAS[base["type"]]])] = rng.choice(AWKWARD)
        event = {**base, "body": body}
        if rng.random() < 0.3:
            event.pop(rng.choice(["id", "timestamp", "body"]), None)
        assert_no_looser(event)


@pytest.mark.parametrize(
    "raw",
    [
        b'{"batch": []}',
        b'{"batch": [{"type": "session_end", "timestamp": "2026-11-21T10:00:00Z", "body": {"session_id": "s"}}], "x": 1}',
        b'{"batch": [{"type": "session_end", "timestamp": "2026-11-21T10:00:00Z", "body": {"session_id": "s", "n": NaN}}]}',
        b'{"batch": [{"type": "wake_run", "timestamp": "2026-11-21T10:00:00Z", "body": {"status": "failed", "duration_ms": 1e400}}]}',
        b'{"batch": [{"type": "observation", "type": "decision", "timestamp": "2026-11-21T10:00:00Z", "body": {"text": "x"}}]}',
        b"[]",
        b'{"batch": [1]}',
    ],
    ids=["empty", "extra-key", "nan", "overflow", "two-types", "list", "not-an-object"],
)
def test_batches_the_rule_table_must_judge_are_left_to_it(raw):
    assert typed_batch.decode(raw, LIMITS, 1000) is None


def test_a_batch_over_the_event_limit_is_left_to_the_rule_table():
    raw = json.dumps({"batch": [VALID[5]] * 3}).encode()
    assert typed_batch.decode(raw, LIMITS, 2) is None
    assert len(typed_batch.decode(raw, LIMITS, 3)) == 3


def test_the_text_limit_is_the_configured_one():
    event = {**VALID[3], "body": {"text": "x" * 50}}
    raw = json.dumps({"batch": [event]}).encode()
    assert typed_batch.decode(raw, Limits(max_text=49, check_strings=False), 1000) is None
    assert typed_batch.decode(raw, Limits(max_text=50, check_strings=False), 1000) is not None
