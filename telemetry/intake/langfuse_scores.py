"""Langfuse scores → Kaizen feedback events (pure).

A score is what Langfuse users send as feedback: a number, a boolean, a category, free text or a
correction, on a trace, an observation or a session, optionally with a comment. Each becomes the
event the improver learns from: a correction as a correction, anything else as an observation
whose sentiment the value gives and whose text is the comment (or "name: value" without one), so
the classifier files it and a comment that says what to do can become a directive line. A score
on a trace was given by the trace's user (Langfuse's `userId`, sent on its spans as `user.id`).
"""

from datetime import datetime
from typing import Annotated

import msgspec
from msgspec import Meta

from config.scales import Scale

NEGATIVE_WORDS = {
    "bad", "negative", "wrong", "incorrect", "unhelpful", "fail", "failed", "failure", "no", "poor",
    "thumbs_down", "thumbsdown", "down", "irrelevant", "inaccurate", "toxic", "rejected", "reject",
}  # fmt: skip
POSITIVE_WORDS = {
    "good", "positive", "correct", "helpful", "pass", "passed", "yes", "great", "excellent",
    "thumbs_up", "thumbsup", "up", "relevant", "accurate", "accepted", "accept",
}  # fmt: skip
TYPES = ("NUMERIC", "BOOLEAN", "CATEGORICAL", "TEXT", "CORRECTION")
Text = str | None


class Score(msgspec.Struct):
    """One score as Langfuse's API takes it (the fields Kaizen reads; others are ignored)."""

    name: Annotated[str, Meta(pattern=r"\S")]
    value: float | str | bool
    id: Text = None
    traceId: Text = None  # noqa: N815  (Langfuse's field names)
    sessionId: Text = None  # noqa: N815
    observationId: Text = None  # noqa: N815
    comment: Text = None
    timestamp: Text = None
    dataType: Text = None  # noqa: N815


# What each field takes, as a refused score is told (the first field msgspec names).
FIELD_RULES = {
    "name": "required, a non-empty string",
    "value": "required, a number or a string",
    **dict.fromkeys(
        ("id", "traceId", "sessionId", "observationId", "comment", "timestamp", "dataType"), "a string"
    ),
}


def scale_of(name: str, scales: dict[str, Scale]) -> Scale | None:
    return scales.get(name.strip().lower(), scales.get("*"))


def numeric_sentiment(value: float, scale: Scale) -> str:
    """A number's sentiment by where it lies on the scale declared for its score: the lower half
    is negative (1 or 2 stars of 5), from 70% of the way up positive (4 or 5 stars), neutral
    between. Never guessed from the value itself: a 1 is a 1-star complaint on a 1–5 scale."""
    lo, hi = scale
    at = (value - lo) / (hi - lo)
    return "negative" if at < 0.5 else ("positive" if at >= 0.7 else "neutral")


def category_sentiment(value: str) -> str:
    word = value.strip().lower().replace("-", "_").replace(" ", "_")
    if word in NEGATIVE_WORDS:
        return "negative"
    if word in POSITIVE_WORDS:
        return "positive"
    return "neutral"


def _shown(value) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def score_event(  # noqa: C901  (one branch per score data type)
    score, session_of, now: datetime, *, scales: dict[str, Scale], user_of=None
) -> tuple[dict | None, str]:
    """(the Kaizen event of one Langfuse score, '') or (None, why it cannot be one).
    `session_of(trace_id)` names the session a trace's spans were stored under and
    `user_of(trace_id)` the end user they named (None: none); `now` stamps a score sent without
    a timestamp; `scales` are the declared numeric scales (parse_scales)."""
    if not isinstance(score, dict):
        return None, "each score must be an object"
    try:
        msgspec.convert(score, Score)
    except msgspec.ValidationError as error:
        field = next((f for f in FIELD_RULES if f"`{f}`" in str(error) or f"$.{f}`" in str(error)), "name")
        return None, f"{field}: {FIELD_RULES[field]}"
    name, value = score["name"], score["value"]
    kind = str(score.get("dataType") or ("CATEGORICAL" if isinstance(value, str) else "NUMERIC")).upper()
    if kind not in TYPES:
        return None, f"dataType: one of {', '.join(TYPES)}"
    if kind in ("NUMERIC", "BOOLEAN") and isinstance(value, str | bool):
        truth = {"true": 1.0, "false": 0.0}.get(str(value).strip().lower())
        try:
            value = truth if truth is not None else float(value)
        except ValueError:
            return None, f"value: {kind} scores take a number"
    if kind == "BOOLEAN" and value not in (0, 1):  # as Langfuse takes them: 0 or 1 (true, false)
        return None, f"value: BOOLEAN scores take 0 or 1 (true or false); got {_shown(value)}"
    session = score.get("sessionId") or (session_of(score["traceId"]) if score.get("traceId") else None)
    user = user_of(score["traceId"]) if user_of and score.get("traceId") else None
    comment = str(score.get("comment") or "").strip()
    at = score.get("timestamp") or now.isoformat()
    base = {"type": "observation", "timestamp": at}
    if score.get("id"):
        base["id"] = f"langfuse-score:{score['id']}"[:128]
    if kind == "CORRECTION":
        body = {"user_message": str(value)}
        if comment:
            body["previous_agent_response"] = comment
        return {**base, "type": "correction", "body": _with_session(body, session, user)}, ""
    if kind == "TEXT":
        text = f"{value} ({comment})" if comment else str(value)
        return {**base, "body": _with_session({"text": text}, session, user)}, ""
    if kind == "BOOLEAN":
        sentiment = "positive" if value == 1 else "negative"
    elif kind == "NUMERIC":
        scale = scale_of(name, scales)
        if scale is None:
            return None, f"value: no scale is declared for '{name}' (KAIZEN_SCORE_SCALES)"
        if not scale[0] <= float(value) <= scale[1]:
            return None, (
                f"value: {_shown(value)} lies outside the {_shown(scale[0])}–{_shown(scale[1])} scale "
                f"declared for '{name}' (KAIZEN_SCORE_SCALES)"
            )
        sentiment = numeric_sentiment(float(value), scale)
    else:
        sentiment = category_sentiment(str(value))
    text = comment or f"{name}: {_shown(value)}"
    return {**base, "body": _with_session({"text": text, "sentiment": sentiment}, session, user)}, ""


def _with_session(body: dict, session: str | None, user: str | None = None) -> dict:
    if session:
        body["session_id"] = str(session)[:128]
    if user:
        body["user_id"] = str(user)[:128]
    return body
