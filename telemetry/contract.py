"""The ingest contract (event types, their fields and limits) as plain data and one fast validator.

Pure Python, no ORM: a hot path that validates up to 1,000 events per request, so it is a
table of field rules walked by a small loop rather than one DRF serializer per event.
`validate_event` returns the cleaned event or the errors keyed by field path.
"""

import hashlib
import math
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime

from config import jsonbytes
from config.untrusted import first_problem, text_problem
from telemetry.failure_modes import derive as derive_failure_mode

FAILURE_MODES = (
    "PERM",
    "NOTFOUND",
    "TIMEOUT",
    "SYNTAX",
    "RUNTIME",
    "TOOL_GAP",
    "ARGS",
    "CONFLICT",
    "NETWORK",
)
_MODES = "|".join(FAILURE_MODES)
FAILURE_MODE_RE = re.compile(rf"^({_MODES})(\.[a-z0-9_\-]{{1,40}}){{0,2}}$")
MAX_ID = 128
MAX_NAME = 200
MAX_INT = 2**31 - 1
MAX_EVENT_DEPTH = 16  # an event's own nesting: body → args → … (a deeper event is refused)
EARLIEST = datetime(1970, 1, 1, tzinfo=UTC)
LATEST = datetime(9999, 1, 1, tzinfo=UTC)


@dataclass(frozen=True)
class Rule:
    kind: str  # str | text | id | int | number | bool | enum | object | str_list | failure_mode
    required: bool = False
    max_len: int = MAX_NAME
    lo: float | None = None
    hi: float | None = None
    choices: tuple[str, ...] = ()
    max_bytes: int | None = None
    max_items: int = 50
    min_len: int = 0  # a str of at least this many characters, not blank (when set)
    help: str = ""  # what the field means, for the API schema


@dataclass
class Limits:
    max_text: int = 20_000
    max_args_bytes: int = 8 * 1024
    check_strings: bool = True  # False: the raw text was vouched for (config.untrusted.strings_are_safe)


@dataclass
class Cleaned:
    type: str
    client_id: str
    occurred_at: datetime
    body: dict
    sha256: str = field(default="")

    @property
    def dedup_key(self) -> str:
        return self.client_id or self.sha256


_DURATION = Rule("int", required=True, lo=0, hi=MAX_INT)
_COUNT = Rule("int", lo=0, hi=MAX_INT)
_SESSION = Rule("id", max_len=MAX_ID)
# Who gave the feedback (or whom the work was for): an end user's id in the agent's own system.
# The ritual counts the people behind a request by it; without one, each session is one person.
_USER = Rule(
    "id",
    max_len=MAX_ID,
    help="Who gave the feedback, or whom the work was for: an end user's id in your own system "
    "(1–128 characters, no control characters), as opaque as you like. The weekly ritual counts "
    "the people behind a request by it (without one, each session counts as one person), so one "
    "person repeating an ask weighs as one.",
)

# The session this one was handed from (a planner's session that handed the work to this agent).
# Stored once per session (telemetry.models.SessionLink), not on the event: the weekly ritual of
# the upstream session's template sees this session's failures and negative feedback as its own.
_PARENT = Rule(
    "id",
    max_len=MAX_ID,
    help="The session this session was handed from, when another agent handed the work over "
    "(1–128 characters, no control characters): that agent's own `session_id`. Said once per "
    "session is enough (the first one said is kept). This session's failures and negative "
    "feedback then count as evidence for the upstream agent's template too, so a fix that "
    "belongs in the hand-off is proposed where the hand-off is written.",
)

# The one rule for an id (a session, an end user, the session a run was handed from), whichever
# door it comes through: REST events (the `id` rule kind below), OTLP spans, the directives read
# and MCP. An id is matched exactly wherever it is used (sessions, arms, people), so nothing is
# cut or converted: a value that breaks the rule is refused, never repaired.
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
# The same rule as a regular expression (for the typed decoder and the API schema): not blank,
# no control character. `\A`/`\Z` for Python, `^`/`$` for the schema's ECMAScript dialect.
ID_PATTERN = r"(?=[\s\S]*\S)[^\x00-\x1f\x7f]*"


def id_problem(value, max_len: int = MAX_ID) -> str | None:
    """What is wrong with `value` as an id, or None: an id is a string of 1 to `max_len`
    characters, not blank, with no control character (NUL, tab, line break …) and no unpaired
    surrogate."""
    if not isinstance(value, str):
        return "Must be a string."
    if not value.strip() or len(value) > max_len:
        return f"Must be 1 to {max_len} characters, not blank (got {len(value)})."
    if _CONTROL.search(value):
        return "Must not contain control characters (NUL, tab, line breaks …)."
    return text_problem(value)


SCHEMAS: dict[str, dict[str, Rule]] = {
    "tool_invocation": {
        "session_id": Rule("id", required=True, max_len=MAX_ID),
        "parent_session_id": _PARENT,
        "user_id": _USER,
        "tool": Rule("str", required=True),
        "args": Rule("object", max_bytes=-1),
        "outcome": Rule("enum", required=True, choices=("success", "failure", "timeout", "cancelled")),
        "duration_ms": _DURATION,
        "failure_mode": Rule("failure_mode", max_len=80),
        "error": Rule("text"),
    },
    "skill_outcome": {
        "skill": Rule("str", required=True),
        "success": Rule("bool", required=True),
        "duration_ms": _DURATION,
        "cost_usd": Rule("number", lo=0, hi=1e6),
        "input_tokens": _COUNT,
        "output_tokens": _COUNT,
        "confidence": Rule("number", lo=0, hi=1),
        "confidence_explanation": Rule("text"),
        "correlation_id": Rule("str", max_len=MAX_ID),
        "error_count": _COUNT,
        "retry_count": _COUNT,
        "patterns": Rule("str_list", max_items=20),
        "failure_reason": Rule("text"),
        "goal": Rule("str"),
        "autonomous": Rule("bool"),
        "model": Rule("str"),
        "session_id": _SESSION,
        "parent_session_id": _PARENT,
        "user_id": _USER,
    },
    "observation": {
        "text": Rule("text", required=True),
        "session_id": _SESSION,
        "parent_session_id": _PARENT,
        "user_id": _USER,
        "sentiment": Rule("enum", choices=("positive", "negative", "neutral")),
        "category": Rule(
            "enum",
            choices=(
                "note",
                "praise",
                "venting",
                "complaint",
                "accuracy",
                "communication",
                "prioritization",
                "tooling",
                "timeliness",
                "general",
            ),
        ),
    },
    "correction": {
        "user_message": Rule("text", required=True),
        "previous_agent_response": Rule("text"),
        "previous_tool_call": Rule("object", max_bytes=-1),
        "user_tool_call": Rule("object", max_bytes=-1),
        "session_id": _SESSION,
        "parent_session_id": _PARENT,
        "user_id": _USER,
    },
    "decision": {
        "subject": Rule("str", required=True, max_len=300),
        "verdict": Rule("enum", required=True, choices=("confirmed", "rejected", "deferred")),
        "reason": Rule("text"),
        "session_id": _SESSION,
        "parent_session_id": _PARENT,
    },
    "session_end": {
        "session_id": Rule("id", required=True, max_len=MAX_ID),
        "parent_session_id": _PARENT,
        "reflection": Rule("object", max_bytes=-1),
    },
    "wake_run": {
        "status": Rule("enum", required=True, choices=("completed", "failed")),
        "duration_ms": _DURATION,
        "user_rating": Rule("number", lo=0, hi=1),
    },
    "hitl_escalation": {
        "target": Rule("str", required=True),
        "reason": Rule("text", required=True),
        "skill": Rule("str"),
    },
}
EVENT_TYPES = tuple(SCHEMAS)
_TOP_KEYS = {"id", "type", "timestamp", "body"}
REFLECTION_KEYS = ("successes", "failures", "proposals")


def _number(bound: float) -> str:
    """A bound as a person reads it: 2147483647, 0.5, never 2.14748e+09."""
    return str(int(bound)) if float(bound).is_integer() else f"{bound:g}"


def _json_size(value) -> int:
    return len(jsonbytes.compact(value))


def check_value(rule: Rule, value, limits: Limits) -> str | None:  # noqa: C901  (one branch per kind of field in the contract's table)
    """Return an error message for `value` under `rule`, or None when it is valid."""
    kind = rule.kind
    if kind == "id":
        return id_problem(value, rule.max_len)
    if kind in ("str", "text", "failure_mode"):
        if not isinstance(value, str):
            return "Must be a string."
        limit = limits.max_text if kind == "text" else rule.max_len
        if len(value) > limit:
            return f"Must be at most {limit} characters."
        if rule.required and not value.strip():
            return "May not be blank."
        if rule.min_len and len(value.strip()) < rule.min_len:
            return f"Must be {rule.min_len} to {limit} characters, not blank."
        if kind == "failure_mode" and value and not FAILURE_MODE_RE.match(value):
            return f"Must be one of {', '.join(FAILURE_MODES)}, optionally with a dotted sub-code."
        return None
    if kind == "enum":
        if value not in rule.choices:
            return f"Must be one of: {', '.join(rule.choices)}."
        return None
    if kind == "bool":
        return None if isinstance(value, bool) else "Must be true or false."
    if kind in ("int", "number"):
        if isinstance(value, bool) or not isinstance(value, int | float):
            return "Must be a number."
        if kind == "int" and not (isinstance(value, int) or float(value).is_integer()):
            return "Must be an integer."
        if isinstance(value, float) and not math.isfinite(value):
            return "Must be finite."
        if rule.lo is not None and value < rule.lo:
            return f"Must be at least {_number(rule.lo)}."
        if rule.hi is not None and value > rule.hi:
            return f"Must be at most {_number(rule.hi)}."
        return None
    if kind == "object":
        if not isinstance(value, dict):
            return "Must be an object."
        limit = limits.max_args_bytes if rule.max_bytes == -1 else rule.max_bytes
        if limit and _json_size(value) > limit:
            return f"Must be at most {limit} bytes as JSON."
        return None
    if kind == "str_list":
        if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
            return "Must be a list of non-empty strings."
        if len(value) > rule.max_items:
            return f"Must have at most {rule.max_items} items."
        if any(len(v) > rule.max_len for v in value):
            return f"Items must be at most {rule.max_len} characters."
        return None
    raise AssertionError(f"unknown rule kind {kind}")


def parse_timestamp(value) -> datetime | None:
    if not isinstance(value, str) or len(value) > 40:
        return None
    try:
        parsed = datetime.fromisoformat(value)
        if parsed.tzinfo is None:
            return None  # a time without a zone names no instant: the client must say (Z, +02:00)
        parsed = parsed.astimezone(UTC)
    except (ValueError, OverflowError):  # e.g. 0001-01-01T00:00:00+01:00 has no UTC instant
        return None
    return parsed if EARLIEST <= parsed < LATEST else None


def canonical_sha256(event_type: str, occurred_at: datetime, body: dict) -> str:
    """The content address of an event: SHA-256 of its canonical JSON (sorted keys, UTC time)."""
    canonical = jsonbytes.canonical({"type": event_type, "timestamp": occurred_at.isoformat(), "body": body})
    return hashlib.sha256(canonical).hexdigest()


def validate_event(raw, limits: Limits) -> tuple[Cleaned | None, dict[str, list[str]]]:  # noqa: C901  (the contract's checks in the order it states them)
    """Validate one raw event of a batch; return (cleaned, {}) or (None, errors)."""
    if not isinstance(raw, dict):
        return None, {"non_field_errors": ["Each event must be an object."]}
    unsafe = first_problem(raw, max_depth=MAX_EVENT_DEPTH, check_strings=limits.check_strings)
    if unsafe:
        return None, {unsafe[0]: [unsafe[1]]}
    errors: dict[str, list[str]] = {}
    for key in raw.keys() - _TOP_KEYS:
        errors[key] = ["Unknown field."]

    client_id = raw.get("id")
    if client_id is None:
        client_id = ""
    elif not isinstance(client_id, str) or not client_id.strip() or len(client_id) > MAX_ID:
        errors["id"] = [f"Must be a non-empty string of at most {MAX_ID} characters."]

    event_type = raw.get("type")
    schema = SCHEMAS.get(event_type) if isinstance(event_type, str) else None
    if schema is None:
        errors["type"] = [
            "This field is required." if event_type is None else f"Must be one of: {', '.join(EVENT_TYPES)}."
        ]

    occurred_at = None
    if "timestamp" not in raw:
        errors["timestamp"] = ["This field is required."]
    else:
        occurred_at = parse_timestamp(raw["timestamp"])
        if occurred_at is None:
            errors["timestamp"] = [
                "Must be an ISO 8601 date-time with a time zone (Z or ±hh:mm), from 1970 to the end of 9998."
            ]

    body = raw.get("body")
    if not isinstance(body, dict):
        errors["body"] = ["This field is required." if body is None else "Must be an object."]
    elif schema is not None:
        for key in body.keys() - schema.keys():
            errors[f"body.{key}"] = ["Unknown field."]
        for name, rule in schema.items():
            if name not in body or body[name] is None:
                if rule.required:
                    errors[f"body.{name}"] = ["This field is required."]
                continue
            message = check_value(rule, body[name], limits)
            if message:
                errors[f"body.{name}"] = [message]
        if event_type == "session_end" and isinstance(body.get("reflection"), dict):
            _check_reflection(body["reflection"], errors)

    if errors:
        return None, errors
    clean_body = {k: v for k, v in body.items() if v is not None}
    if event_type == "session_end" and "reflection" in clean_body:
        clean_body["reflection"] = clean_reflection(clean_body["reflection"])
    return cleaned_event(event_type, client_id, occurred_at, clean_body), {}


def cleaned_event(event_type: str, client_id: str, occurred_at: datetime, body: dict) -> Cleaned:
    """A valid event's last steps, whichever validator found it valid: the failure mode derived
    from a failure's text, and the content address (SHA-256) of the result."""
    if event_type == "tool_invocation":
        derive_mode(body)
    cleaned = Cleaned(type=event_type, client_id=client_id, occurred_at=occurred_at, body=body)
    cleaned.sha256 = canonical_sha256(event_type, occurred_at, body)
    return cleaned


def derive_mode(body: dict) -> None:
    """A failure may say what went wrong in words (`error`): without an explicit `failure_mode`,
    the mode is derived from that text (kept as sent); a failure with neither has no mode."""
    if body.get("failure_mode") or not body.get("error") or body.get("outcome") == "success":
        return
    mode = derive_failure_mode(body["error"])
    if mode:
        body["failure_mode"] = mode


def _check_reflection(reflection: dict, errors: dict) -> None:
    for key in reflection.keys() - set(REFLECTION_KEYS):
        errors[f"body.reflection.{key}"] = [f"Unknown field; a reflection says {', '.join(REFLECTION_KEYS)}."]
    for key in REFLECTION_KEYS:
        items = reflection.get(key, [])
        if not isinstance(items, list) or len(items) > 50:
            errors[f"body.reflection.{key}"] = ["Must be a list of at most 50 items."]
            continue
        for item in items:
            if key == "proposals":
                ok = isinstance(item, dict) and isinstance(item.get("text"), str)
                if not ok:
                    errors[f"body.reflection.{key}"] = [
                        'Each proposal must be {"text": "...", "evidence": [...]}.'
                    ]
                    break
            elif not isinstance(item, str):
                errors[f"body.reflection.{key}"] = ["Must be a list of strings."]
                break


def clean_reflection(reflection: dict) -> dict:
    """Keep the constrained template of loop 3: proposals without evidence are dropped."""
    proposals = [
        p
        for p in reflection.get("proposals", [])
        if isinstance(p.get("evidence"), list) and any(p["evidence"])
    ]
    return {
        "successes": list(reflection.get("successes", [])),
        "failures": list(reflection.get("failures", [])),
        "proposals": proposals,
        "dropped_proposals": len(reflection.get("proposals", [])) - len(proposals),
    }
