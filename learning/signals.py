"""The names of a session's failure signals (pure).

A signal is one kind of failure seen in a session: "tool_failure" and, per tool and failure mode,
"tool:<tool>:<mode>"; "skill_failure"; "negative" and, per category, "negative:<category>";
"correction"; "rejected_decision"; "reflected_failure"; "escalation". ANY is a session showing
any of them. Learning stores them as events arrive (learning.session_signals); the canaries count
them per version and arm.
"""

ANY = "any_failure"
FAILED_TOOL = ("failure", "timeout")  # the outcomes of a tool call that fails


def tool_signal(tool: str, failure_mode: str) -> str:
    """The signal of one tool failing one way (a friction line's target)."""
    return f"tool:{tool}:{failure_mode or 'UNKNOWN'}"[:300]
