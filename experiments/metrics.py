"""What a canary guards and what a directive line targets (pure), in the names learning gives a
session's failure signals (learning.signals).
"""

import re

from learning.signals import ANY, tool_signal

# What a canary guards whatever the change targets: each kind of failure signal, and any of them.
GUARDS = (
    ANY,
    "tool_failure",
    "skill_failure",
    "negative",
    "correction",
    "rejected_decision",
    "reflected_failure",
    "escalation",
)
# The signal that the feedback a remedy was stated in shows, by the kind of row it came from.
SOURCE_SIGNALS = {
    "correction": "correction",
    "decision": "rejected_decision",
    "session_end": "reflected_failure",
}


def kind_of(signal: str) -> str:
    """The kind a specific signal belongs to: a tool failing one way is a tool failure, feedback
    of a category is negative feedback."""
    if signal.startswith("tool:"):
        return "tool_failure"
    return signal.split(":", 1)[0]


def other_kinds(targets: tuple[str, ...]) -> tuple[str, ...]:
    """The failure kinds other than the targets' own: a session showing any of them shows a
    failure the change was not written for (the guardrail "other_failure")."""
    mine = {kind_of(t) for t in targets}
    return tuple(k for k in GUARDS if k != ANY and k not in mine) if ANY not in targets else ()


def target_of(addition: dict) -> tuple[str, ...]:
    """The signals an added line is meant to lower: the ones resolved when it was proposed, or
    what its origin says (a friction line: its tool failing that way; a fact: corrections; an
    anti-pattern: failed skill outcomes; a category line: that category's negative feedback; a
    remedy: negative feedback); any failure for a line with no evidence (a human's)."""
    if addition.get("target"):
        return tuple(addition["target"])
    origin, sources = addition.get("origin", ""), addition.get("sources") or ()
    tools = tuple(
        tool_signal(*s.split(":", 2)[1:]) for s in sources if s.startswith("friction:") and s.count(":") == 2
    )
    if origin in ("friction", "shipped_tool") and tools:
        return tools
    if origin == "fact":
        return ("correction",)
    if origin == "anti_pattern":
        return ("skill_failure",)
    category = re.search(r"most negative category: (\w+)", addition.get("reason", ""))
    if origin == "category" and category:
        return (f"negative:{category.group(1)}",)
    if origin == "remedy":
        return ("negative",)
    return (ANY,)


def rollout_targets(additions: list[dict], removals: list[dict] = ()) -> list[str]:
    """The signals a change's added lines target, in order, each once; for a change that only
    removes lines, the signals the removed lines targeted (any failure when neither says)."""
    out: list[str] = []
    for addition in additions or removals:
        out += [t for t in target_of(addition) if t not in out]
    return out or list(target_of({}))


OTHER = "other_failure"  # sessions with a failure signal of another kind than the target's
TARGETS = "targets"  # the metric of a change or line with several targets: sessions showing any of them

# Each signal a canary counts, as a person reads it; KAIZEN_CANARY_MARGINS names them as stored.
SIGNAL_WORDS = {
    ANY: "any failure",
    OTHER: "any other failure",
    TARGETS: "any of its targets",
    "tool_failure": "a tool failing",
    "skill_failure": "a failed skill outcome",
    "negative": "negative feedback",
    "correction": "a user's correction",
    "rejected_decision": "a rejected decision",
    "reflected_failure": "a failure the agent reported",
    "escalation": "an escalation",
    "cost_per_success": "cost per successful session",
    "tokens_per_success": "tokens per successful session",
    "duration_per_success": "time per successful session",
}


def signal_words(signal: str) -> str:
    """A signal's name as a sentence fragment: "negative:about:refund" is "negative feedback
    about refund", "tool:search:TIMEOUT" is "search failing (TIMEOUT)", "downstream:correction"
    is "a user's correction in the sessions it hands work to"."""
    if signal in SIGNAL_WORDS:
        return SIGNAL_WORDS[signal]
    if signal.startswith("downstream:"):
        return f"{signal_words(signal.removeprefix('downstream:'))} in the sessions it hands work to"
    if signal.startswith("negative:about:"):
        return f"negative feedback about {signal.removeprefix('negative:about:')}"
    if signal.startswith("negative:"):
        return f"negative feedback ({signal.removeprefix('negative:')})"
    if signal.startswith("tool:") and signal.count(":") >= 2:
        _, tool, mode = signal.split(":", 2)
        return f"{tool} failing ({mode})"
    return signal


def signal_list(signals) -> str:
    """Signals in words, one after another ("a user's correction, an escalation")."""
    return ", ".join(signal_words(s) for s in signals)
