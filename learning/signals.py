"""The names of a session's failure signals (pure).

A signal is one kind of failure seen in a session: "tool_failure" and, per tool and failure mode,
"tool:<tool>:<mode>"; "skill_failure"; "negative" and, per category, "negative:<category>" and, per
thing the complaint names, "negative:about:<thing>" (language.topics); "correction";
"rejected_decision"; "reflected_failure"; "escalation". ANY is a session showing any of them.
Learning stores them as events arrive (learning.session_signals); the canaries count them per
version and arm.
"""

ANY = "any_failure"
FAILED_TOOL = ("failure", "timeout")  # the outcomes of a tool call that fails


ABOUT = "negative:about:"  # negative feedback naming one thing: what a remedy line targets


def topic_signal(thing: str) -> str:
    """The signal of negative feedback that names `thing` (a remedy line's target)."""
    return f"{ABOUT}{thing}"[:300]


def tool_signal(tool: str, failure_mode: str) -> str:
    """The signal of one tool failing one way (a friction line's target)."""
    return f"tool:{tool}:{failure_mode or 'UNKNOWN'}"[:300]
