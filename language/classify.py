"""Feedback classification on sentiment × category, rule-based by default.

`Classifier` is the interface; `RuleClassifier` is deterministic and needs nothing external.
An LLM classifier (optional) implements the same interface and falls back to this one.
"""

import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import Protocol

from language.bounds import RULE_TEXT_CHARS, rule_text

CATEGORIES = ("accuracy", "communication", "prioritization", "tooling", "timeliness", "general")

# First matching category wins; order from most to least specific.
CATEGORY_WORDS: list[tuple[str, tuple[str, ...]]] = [
    (
        "communication",
        (
            "verbose",
            "verbosity",
            "too long",
            "wordy",
            "tone",
            "unclear",
            "format",
            "summary",
            "explain",
            "rambling",
            "concise",
            "jargon",
            "report",
        ),
    ),
    (
        "timeliness",
        (
            "slow",
            "late",
            "took too long",
            "timeout",
            "waiting",
            "delay",
            "quick",
            "fast",
            "on time",
            "wake",
            "woke",
            "latency",
            "timing",
        ),
    ),
    (
        "tooling",
        (
            "tool",
            "npm",
            "pnpm",
            "install",
            "command",
            "cli",
            "api",
            "package",
            "script",
            "lockfile",
            "proposal",
            "redundant",
        ),
    ),
    (
        "prioritization",
        ("priority", "prioriti", "focus", "first", "order", "important", "backlog", "checklist"),
    ),
    (
        "accuracy",
        (
            "wrong",
            "incorrect",
            "mistake",
            "inaccurate",
            "bug",
            "broke",
            "estimat",
            "fact",
            "status",
            "label",
            "accura",
            "hallucinat",
            "error",
        ),
    ),
]
POSITIVE_WORDS = (
    "thank",
    "great",
    "good job",
    "praise",
    "love",
    "excellent",
    "helpful",
    "perfect",
    "well done",
    "nice",
    "appreciate",
    "accurate",
    "confirmed",
    "spot on",
)
NEGATIVE_WORDS = (
    "complain",
    "wrong",
    "bad",
    "annoy",
    "frustrat",
    "hate",
    "fail",
    "broke",
    "too ",
    "not ",
    "never",
    "slow",
    "verbose",
    "useless",
    "no,",
    "stop",
    "reject",
    "inaccurate",
    "too many",
    "aggressive",
)
OBSERVATION_KIND_SENTIMENT = {
    "praise": "positive",
    "venting": "negative",
    "complaint": "negative",
    "note": "neutral",
}


SOURCE_TYPES = (  # where feedback is read from: the events agents send, then what Kaizen observes
    "observation", "decision", "correction", "wake_rating", "confidence_trend", "anti_pattern",
    "chronic_failure", "session_verdict", "directive_churn", "evolution_delta",
)  # fmt: skip


@dataclass(frozen=True)
class RawFeedback:
    source_type: str  # one of SOURCE_TYPES
    source_id: str
    occurred_at: datetime
    text: str
    agent_id: int | None = None
    hints: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.source_type not in SOURCE_TYPES:
            raise ValueError(f"unknown feedback source {self.source_type!r}: add it to SOURCE_TYPES")


@dataclass(frozen=True)
class Classified:
    raw: RawFeedback
    sentiment: str
    category: str
    confidence: float
    classifier: str = "rules"


class Classifier(Protocol):
    name: str

    def classify(self, items: list[RawFeedback]) -> list[Classified]: ...


# The rules read a text's first RULE_TEXT_CHARS (2,000) characters, as the correction rules do:
# what says how a person feels and about what lies in its beginning, and a text may hold 20,000
# (KAIZEN_INGEST_MAX_TEXT_CHARS), over which some eighty word searches took a derive pass ~50 ms
# per text. The stored feedback keeps its own excerpt of the text.
READ_CHARS = RULE_TEXT_CHARS


def _words(text: str) -> str:
    """The part of `text` the rules read, lower case, its spaces collapsed, padded by a space."""
    return " " + re.sub(r"\s+", " ", rule_text(text).lower()) + " "


def _has(text: str, word: str) -> bool:
    """`word` starts a word of `text` ("accurate" is not found in "inaccurate"); a plain substring
    search first, as most words of the lists are in no given text."""
    return word in text and re.search(r"(?<![a-z])" + re.escape(word), text) is not None


def category_of(text: str, default: str = "general") -> tuple[str, bool]:
    lowered = _words(text)
    for category, words in CATEGORY_WORDS:
        if any(_has(lowered, w) for w in words):
            return category, True
    return default, False


def sentiment_of(text: str) -> tuple[str, bool]:
    lowered = _words(text)
    pos = sum(_has(lowered, w) for w in POSITIVE_WORDS)
    neg = sum(_has(lowered, w) for w in NEGATIVE_WORDS)
    if pos > neg:
        return "positive", True
    if neg > pos:
        return "negative", True
    return "neutral", False


def _threshold(value: float, low: float, high: float) -> str:
    if value < low:
        return "negative"
    if value > high:
        return "positive"
    return "neutral"


@dataclass
class RuleClassifier:
    """Deterministic rules: verdicts, rating/confidence thresholds, then keywords."""

    low: float = 0.3
    high: float = 0.7
    name: str = "rules"

    def classify(self, items: list[RawFeedback]) -> list[Classified]:
        return [self.classify_one(item) for item in items]

    def classify_one(self, item: RawFeedback) -> Classified:  # noqa: C901  (one reading per feedback shape, in the order they are tried)
        h, kind = item.hints, item.source_type
        category, matched = category_of(item.text)
        if kind == "observation":
            sentiment = h.get("sentiment") or OBSERVATION_KIND_SENTIMENT.get(h.get("category", ""))
            if h.get("category") in CATEGORIES:
                category, matched = h["category"], True
            if sentiment:
                return Classified(item, sentiment, category, 0.9 if matched else 0.7)
            sentiment, hit = sentiment_of(item.text)
            return Classified(item, sentiment, category, 0.4 + 0.2 * hit + 0.2 * matched)
        if kind == "decision":
            sentiment = {"confirmed": "positive", "rejected": "negative"}.get(h.get("verdict"), "neutral")
            return Classified(item, sentiment, category if matched else "tooling", 0.9)
        if kind == "correction":
            return Classified(item, "negative", category if matched else "accuracy", 0.8)
        if kind == "wake_rating":
            return Classified(item, _threshold(h["rating"], self.low, self.high), "general", 0.8)
        if kind == "confidence_trend":
            return Classified(item, _threshold(h["confidence"], self.low, self.high), "accuracy", 0.6)
        if kind == "anti_pattern":
            return Classified(item, "negative", "prioritization", 0.9)
        if kind == "chronic_failure":
            return Classified(item, "negative", "accuracy", 0.9)
        if kind == "friction":
            return Classified(item, "negative", "tooling", 0.9)
        if kind == "session_verdict":
            rating = h.get("rating")
            if h.get("verdict") == "confirmed":
                return Classified(
                    item, "negative" if rating is not None and rating <= 2 else "positive", "accuracy", 0.9
                )
            return Classified(
                item, "negative" if h.get("verdict") == "rejected" else "neutral", "accuracy", 0.9
            )
        if kind == "directive_churn":
            return Classified(item, "negative", "prioritization", 0.8)
        if kind == "evolution_delta":
            return Classified(item, _threshold(0.5 + h["delta"], 0.5, 0.5), "accuracy", 0.7)
        sentiment, hit = sentiment_of(item.text)
        return Classified(item, sentiment, category, 0.3 + 0.2 * hit)
