"""Langfuse scores → Kaizen feedback events (pure).

A score is what Langfuse users send as feedback: a number, a boolean, a category, free text or a
correction, on a trace, an observation or a session, optionally with a comment. Each becomes the
event the improver learns from: a correction as a correction, anything else as an observation
whose sentiment the value gives and whose text is the comment (or "name: value" without one), so
the classifier files it and a comment that says what to do can become a directive line.
"""

from datetime import datetime

NEGATIVE_WORDS = {
    "bad", "negative", "wrong", "incorrect", "unhelpful", "fail", "failed", "failure", "no", "poor",
    "thumbs_down", "thumbsdown", "down", "irrelevant", "inaccurate", "toxic", "rejected", "reject",
}  # fmt: skip
POSITIVE_WORDS = {
    "good", "positive", "correct", "helpful", "pass", "passed", "yes", "great", "excellent",
    "thumbs_up", "thumbsup", "up", "relevant", "accurate", "accepted", "accept",
}  # fmt: skip
TYPES = ("NUMERIC", "BOOLEAN", "CATEGORICAL", "TEXT", "CORRECTION")


def numeric_sentiment(value: float) -> str:
    """A number's sentiment by the scale it is on: 0-1 (a share), 1-5 (stars) or 1-10."""
    if value <= 1:
        return "negative" if value < 0.5 else ("positive" if value >= 0.7 else "neutral")
    if value <= 5:
        return "negative" if value <= 2 else ("positive" if value >= 4 else "neutral")
    return "negative" if value <= 4 else ("positive" if value >= 7 else "neutral")


def category_sentiment(value: str) -> str:
    word = value.strip().lower().replace("-", "_").replace(" ", "_")
    if word in NEGATIVE_WORDS:
        return "negative"
    if word in POSITIVE_WORDS:
        return "positive"
    return "neutral"


def _shown(value) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def score_event(score, session_of, now: datetime) -> tuple[dict | None, str]:
    """(the Kaizen event of one Langfuse score, '') or (None, why it cannot be one).
    `session_of(trace_id)` names the session a trace's spans were stored under; `now` stamps a
    score sent without a timestamp."""
    if not isinstance(score, dict):
        return None, "each score must be an object"
    name, value = score.get("name"), score.get("value")
    if not isinstance(name, str) or not name.strip():
        return None, "name: required, a non-empty string"
    if value is None or isinstance(value, dict | list):
        return None, "value: required, a number or a string"
    for field in ("id", "traceId", "sessionId", "observationId", "comment", "timestamp"):
        if score.get(field) is not None and not isinstance(score[field], str):
            return None, f"{field}: a string"
    kind = str(score.get("dataType") or ("CATEGORICAL" if isinstance(value, str) else "NUMERIC")).upper()
    if kind not in TYPES:
        return None, f"dataType: one of {', '.join(TYPES)}"
    if kind in ("NUMERIC", "BOOLEAN") and isinstance(value, str | bool):
        truth = {"true": 1.0, "false": 0.0}.get(str(value).strip().lower())
        try:
            value = truth if truth is not None else float(value)
        except ValueError:
            return None, f"value: {kind} scores take a number"
    session = score.get("sessionId") or (session_of(score["traceId"]) if score.get("traceId") else None)
    comment = str(score.get("comment") or "").strip()
    at = score.get("timestamp") or now.isoformat()
    base = {"type": "observation", "timestamp": at}
    if score.get("id"):
        base["id"] = f"langfuse-score:{score['id']}"[:128]
    if kind == "CORRECTION":
        body = {"user_message": str(value)}
        if comment:
            body["previous_agent_response"] = comment
        return {**base, "type": "correction", "body": _with_session(body, session)}, ""
    if kind == "TEXT":
        text = f"{value} ({comment})" if comment else str(value)
        return {**base, "body": _with_session({"text": text}, session)}, ""
    if kind == "BOOLEAN":
        sentiment = "positive" if value >= 0.5 else "negative"
    elif kind == "NUMERIC":
        sentiment = numeric_sentiment(float(value))
    else:
        sentiment = category_sentiment(str(value))
    text = comment or f"{name}: {_shown(value)}"
    return {**base, "body": _with_session({"text": text, "sentiment": sentiment}, session)}, ""


def _with_session(body: dict, session: str | None) -> dict:
    if session:
        body["session_id"] = str(session)[:128]
    return body
