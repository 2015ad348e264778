"""Loop 2: structural correction signals → learned facts , pure.

Signals, strongest first (one fact per correction):
- negation phrase in the user's message → user-stated fact, confidence 1.0, scope project;
- the user's tool call contradicts the agent's last call on the same target → tool_override, 0.9;
- the message is a small edit of the agent's response (normalised Levenshtein < 0.3) → inferred, 0.7;
- the message rewrites the agent's output, > 50% of lines different → inferred, 0.7;
- none of these, and the message states how things are ("Orders close at 2pm every day except
  Saturday.": a correction event said as a plain statement) → user-stated, 0.8 (below a negation's
  1.0: it does not say the agent was wrong, only what is so).

What a message says by its words alone is read in the language package: whether it holds a
negation phrase and the fact it states (language.correcting), whether it is about one case
(language.scope), and how much of a long text a rule reads (language.bounds).
"""

import difflib
import hashlib
import math
import re
from dataclasses import dataclass

from rapidfuzz.distance import Levenshtein

from language.bounds import RULE_TEXT_LINES, rule_text
from language.correcting import has_negation, states_a_fact

STATED = 0.8  # the confidence of a fact stated without a negation phrase


@dataclass(frozen=True)
class FactCandidate:
    content: str
    source: str  # user-stated | tool_override | inferred
    confidence: float
    signal: str  # negation | tool_override | edit | rewrite | statement
    subject: str = ""


def fact_key(content: str) -> str:
    """What makes two facts the same one: their text with case and runs of whitespace ignored,
    hashed to a fixed width so that it can be indexed whatever the fact's length."""
    return hashlib.sha256(" ".join(content.casefold().split()).encode()).hexdigest()


def levenshtein(a: str, b: str, cutoff: int | None = None) -> int:
    """The edit distance of `a` and `b` (insertions, deletions, substitutions); with `cutoff`,
    exact up to it and `cutoff + 1` for any larger distance (found much sooner)."""
    return Levenshtein.distance(a, b, score_cutoff=cutoff)


def normalised_distance(message: str, previous: str, below: float | None = None) -> float:
    """d_L(m, prev) / |prev| (normalised by the previous response) of the bounded texts
    (rule_text); 1.0 when there is no previous response. With `below`, exact only under it: a
    distance that is not under it is returned as some value not under it either."""
    message, previous = rule_text(message), rule_text(previous)
    if not previous:
        return 1.0
    cutoff = None if below is None else max(0, math.ceil(below * len(previous)))
    return levenshtein(message, previous, cutoff) / len(previous)


def line_change_ratio(message: str, previous: str) -> float:
    """Share of lines that differ between the agent's output and the user's version, over the
    bounded texts (rule_text, then their first RULE_TEXT_LINES lines)."""
    old = rule_text(previous).splitlines()[:RULE_TEXT_LINES]
    new = rule_text(message).splitlines()[:RULE_TEXT_LINES]
    if not old:
        return 0.0
    matcher = difflib.SequenceMatcher(a=old, b=new, autojunk=False)
    unchanged = sum(block.size for block in matcher.get_matching_blocks())
    return 1.0 - unchanged / max(len(old), len(new))


def _target(call: dict | None) -> str:
    if not isinstance(call, dict):
        return ""
    return str(call.get("target") or call.get("path") or call.get("file") or "")


def _subject(message: str, previous_tool_call: dict | None, user_tool_call: dict | None) -> str:
    target = _target(user_tool_call) or _target(previous_tool_call)
    if target:
        return target.lower()
    match = re.search(r"\b(?:use|prefer)\s+([\w.\-/@]+)", rule_text(message).lower())
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
    if (
        previous_agent_response
        and normalised_distance(message, previous_agent_response, below=edit_threshold) < edit_threshold
    ):
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
        and len(rule_text(message).splitlines()) > 1
    ):
        return FactCandidate(
            f"The user rewrote the agent's output; prefer their version: {message[:300]}",
            "inferred",
            0.7,
            "rewrite",
            subject,
        )
    if states_a_fact(message):
        return FactCandidate(message, "user-stated", STATED, "statement", subject)
    return None
