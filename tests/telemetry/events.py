"""Valid example events of every type, for tests and benchmarks."""

TS = "2026-11-20T10:00:00Z"

VALID_BODIES = {
    "tool_invocation": {
        "session_id": "s1",
        "tool": "bash",
        "args": {"cmd": "ls"},
        "outcome": "failure",
        "duration_ms": 120,
        "failure_mode": "NOTFOUND.package",
    },
    "skill_outcome": {
        "skill": "pr_review",
        "success": True,
        "duration_ms": 900,
        "cost_usd": 0.02,
        "input_tokens": 1200,
        "output_tokens": 300,
        "confidence": 0.8,
        "confidence_explanation": "tests pass",
        "correlation_id": "c-1",
        "error_count": 0,
        "retry_count": 1,
        "patterns": ["Split by file type"],
        "failure_reason": "",
        "goal": "",
    },
    "observation": {
        "text": "The user praised the summary.",
        "session_id": "s1",
        "sentiment": "positive",
        "category": "praise",
    },
    "correction": {
        "user_message": "No, use pnpm instead.",
        "previous_agent_response": "npm install",
        "previous_tool_call": {"tool": "bash", "target": "deps"},
        "user_tool_call": {"tool": "pnpm", "target": "deps"},
        "session_id": "s1",
    },
    "decision": {"subject": "add-lint-tool", "verdict": "rejected", "reason": "not needed"},
    "session_end": {
        "session_id": "s1",
        "reflection": {
            "successes": ["tests green"],
            "failures": ["slow build"],
            "proposals": [
                {"text": "cache deps", "evidence": ["tool:bash x3"]},
                {"text": "no evidence"},
            ],
        },
    },
    "wake_run": {"status": "completed", "duration_ms": 5000, "user_rating": 0.9},
}


def event(event_type: str, *, id: str | None = None, ts: str = TS, **overrides) -> dict:
    body = {**VALID_BODIES[event_type], **overrides}
    data = {"type": event_type, "timestamp": ts, "body": body}
    if id is not None:
        data["id"] = id
    return data
