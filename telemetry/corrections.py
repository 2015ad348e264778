"""Loop 2: structural correction signals → learned facts , pure.

Signals, strongest first (one fact per correction):
- negation phrase in the user's message → user-stated fact, confidence 1.0, scope project;
- the user's tool call contradicts the agent's last call on the same target → tool_override, 0.9;
- the message is a small edit of the agent's response (normalised Levenshtein < 0.3) → inferred, 0.7;
- the message rewrites the agent's output, > 50% of lines different → inferred, 0.7.
"""

import difflib
import hashlib
import re
from dataclasses import dataclass

# A correction begins with or contains one of these phrases, anywhere in the message
# ("Well no, use pnpm here." counts). "use X not Y" is any "use <thing> not <thing>".
NEGATION = re.compile(
    r"^no\b|\bno,|\bnope\b|\bdon't\b|\bdo not\b|\bstop\b|\binstead\b|\bactually\b"
    r"|\bthat's wrong\b|\bthat is wrong\b|\buse \S+(?: \S+)? not \S+",
)


@dataclass(frozen=True)
class FactCandidate:
    content: str
    source: str  # user-stated | tool_override | inferred
    confidence: float
    signal: str  # negation | tool_override | edit | rewrite
    subject: str = ""


ONE_OFF = re.compile(
    r"#\s*\w*\d"  # an order or ticket number: #A66468, # 4471
    r"|\b(?=\w*\d)(?=\w*[a-z])\w{4,}\b"  # an id mixing letters and digits: INV2231, a1b2c3
    r"|\b\d{4,}\b"  # a long number
    r"|[$€£¥]\s?\d|\b\d+(?:[.,]\d+)?\s?(?:usd|eur|gbp|dollars?|euros?|pounds?)\b"  # an amount
    r"|[\w.+-]+@[\w-]+\.[\w.]+"  # an email address
    r"|\b(?:his|her|their|my|your|the customer'?s?|the user'?s?) name is\b",
    re.I,
)


def is_one_off(content: str) -> bool:
    """Whether a correction is about one instance (an order number, an id, an amount, an address,
    a person's name) rather than how the work is done: such a fact stays with its agent."""
    return ONE_OFF.search(content) is not None


def fact_key(content: str) -> str:
    """What makes two facts the same one: their text with case and runs of whitespace ignored,
    hashed to a fixed width so that it can be indexed whatever the fact's length."""
    return hashlib.sha256(" ".join(content.casefold().split()).encode()).hexdigest()


def levenshtein(a: str, b: str) -> int:
    if len(a) < len(b):
        a, b = b, a
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        previous = current
    return previous[-1]


def normalised_distance(message: str, previous: str) -> float:
    """d_L(m, prev) / |prev| (normalised by the previous response); 1.0 when there is no previous response."""
    if not previous:
        return 1.0
    return levenshtein(message, previous) / len(previous)


def line_change_ratio(message: str, previous: str) -> float:
    """Share of lines that differ between the agent's output and the user's version."""
    old, new = previous.splitlines(), message.splitlines()
    if not old:
        return 0.0
    matcher = difflib.SequenceMatcher(a=old, b=new, autojunk=False)
    unchanged = sum(block.size for block in matcher.get_matching_blocks())
    return 1.0 - unchanged / max(len(old), len(new))


def has_negation(message: str) -> bool:
    return NEGATION.search(message.lower().strip().replace("’", "'")) is not None


def _target(call: dict | None) -> str:
    if not isinstance(call, dict):
        return ""
    return str(call.get("target") or call.get("path") or call.get("file") or "")


def _subject(message: str, previous_tool_call: dict | None, user_tool_call: dict | None) -> str:
    target = _target(user_tool_call) or _target(previous_tool_call)
    if target:
        return target.lower()
    match = re.search(r"\b(?:use|prefer)\s+([\w.\-/@]+)", message.lower())
    return match.group(1) if match else ""


def detect(
    *,
    user_message: str,
    previous_agent_response: str = "",
    previous_tool_call: dict | None = None,
    user_tool_call: dict | None = None,
    edit_threshold: float = 0.3,
    rewrite_threshold: float = 0.5,
) -> FactCandidate | None:
    """The strongest correction signal in one correction event, as a fact candidate."""
    message = user_message.strip()
    subject = _subject(message, previous_tool_call, user_tool_call)
    if has_negation(message):
        return FactCandidate(message, "user-stated", 1.0, "negation", subject)
    agent_tool = (previous_tool_call or {}).get("tool")
    user_tool = (user_tool_call or {}).get("tool")
    if (
        agent_tool
        and user_tool
        and agent_tool != user_tool
        and _target(previous_tool_call)
        and _target(previous_tool_call) == _target(user_tool_call)
    ):
        target = _target(user_tool_call)
        return FactCandidate(
            f"For {target}, use {user_tool} instead of {agent_tool}.",
            "tool_override",
            0.9,
            "tool_override",
            target.lower(),
        )
    if previous_agent_response and normalised_distance(message, previous_agent_response) < edit_threshold:
        return FactCandidate(
            f"The user edits replies like '{previous_agent_response[:80]}' into: '{message[:200]}'",
            "inferred",
            0.7,
            "edit",
            subject,
        )
    if (
        previous_agent_response
        and line_change_ratio(message, previous_agent_response) > rewrite_threshold
        and len(message.splitlines()) > 1
    ):
        return FactCandidate(
            f"The user rewrote the agent's output; prefer their version: {message[:300]}",
            "inferred",
            0.7,
            "rewrite",
            subject,
        )
    return None
