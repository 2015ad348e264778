"""Optional LLM classifier and proposer over any OpenAI-compatible chat endpoint.

Configured by KAIZEN_LLM_BASE_URL / _MODEL / _API_KEY; never required. Each call has a timeout
and bounded retries; the reply must be a JSON object that passes a schema check. On any failure
the rule-based classifier or the deterministic proposer takes over, and the path taken is
recorded (`last_path`), so a ritual always completes and says how.
"""

import json
import logging
import re
import urllib.error
import urllib.request
from dataclasses import dataclass

from django.conf import settings
from rapidfuzz import fuzz
from tenacity import Retrying, before_sleep_log, retry_if_exception_type, stop_after_attempt, wait_exponential

from improver.context import RITUAL_SYSTEM
from improver.proposer import (
    Addition,
    DeterministicProposer,
    ProposalInput,
    ProposedChange,
    normalised,
    refused,
)
from language.classify import CATEGORIES, Classified, RawFeedback, RuleClassifier

log = logging.getLogger(__name__)
SENTIMENTS = ("positive", "negative", "neutral")


class LLMError(Exception):
    pass


# What a call may fail with and be tried again for: the network, a timeout, an answer that is no
# JSON or fails the caller's check (a model answers differently the next time).
RETRYABLE = (urllib.error.URLError, TimeoutError, OSError, ValueError, KeyError, IndexError, TypeError)


@dataclass
class LLMClient:
    base_url: str
    model: str
    api_key: str = ""
    timeout: float = 20.0
    max_retries: int = 2
    backoff: float = 0.2

    def chat_json(self, system: str, user: str, check) -> dict:
        """One JSON answer that passes `check` (which returns it cleaned or raises ValueError)."""
        body = json.dumps(
            {
                "model": self.model,
                "temperature": 0,
                "response_format": {"type": "json_object"},
                "messages": [{"role": "system", "content": system}, {"role": "user", "content": user}],
            }
        ).encode()
        headers = {"Content-Type": "application/json"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        url = self.base_url.rstrip("/") + "/chat/completions"
        retrying = Retrying(
            stop=stop_after_attempt(self.max_retries + 1),
            wait=wait_exponential(multiplier=self.backoff),
            retry=retry_if_exception_type(RETRYABLE),
            before_sleep=before_sleep_log(log, logging.WARNING),
            reraise=True,
        )
        try:
            for attempt in retrying:
                with attempt:
                    request = urllib.request.Request(url, data=body, headers=headers, method="POST")
                    with urllib.request.urlopen(request, timeout=self.timeout) as response:  # noqa: S310
                        reply = json.loads(response.read())
                    return check(json.loads(reply["choices"][0]["message"]["content"]))
        except RETRYABLE as exc:
            raise LLMError(f"{type(exc).__name__}: {exc}") from exc


def client_from_settings() -> LLMClient | None:
    cfg = settings.KAIZEN
    if not cfg["LLM_BASE_URL"]:
        return None
    return LLMClient(
        cfg["LLM_BASE_URL"],
        cfg["LLM_MODEL"] or "default",
        cfg["LLM_API_KEY"],
        cfg["LLM_TIMEOUT_SECONDS"],
        cfg["LLM_MAX_RETRIES"],
    )


CLASSIFY_SYSTEM = (
    "Classify each feedback item about an AI agent. Answer with a JSON object "
    '{"items": [{"index": int, "sentiment": "positive|negative|neutral", "category": '
    '"accuracy|communication|prioritization|tooling|timeliness|general", "confidence": 0..1}]}.'
)


# How near (rapidfuzz's WRatio, 0-100) a model's label must come to a known one to be read as it.
# Measured on the labels models answer with: abbreviations and misspellings score 80-93 against
# the label they mean ("NEG" 90, "postive" 93, "nuetral" 86, "comms" 80, "priority" 84, "time"
# 90), while words naming no label score under 75 against every one ("mixed" 45, "other" 46,
# "furious" 29, "n/a" 45, "none" 60, "tool use" 53).
LABEL_CUTOFF = 80
NOT = frozenset({"not", "non", "no", "never"})  # "not negative" names no label


def nearest_label(answer: object, labels: tuple[str, ...], cutoff: float = LABEL_CUTOFF) -> str | None:
    """The known label a model's answer means, or None when it means none of them (or several).

    Read generously, in order: the answer with case and punctuation ignored ("Negative." is
    negative); a known label written as a word of it ("very negative"); the label rapidfuzz finds
    nearest, scoring at least `cutoff` and ahead of every other ("NEG", "postive"). An answer
    that negates ("not negative") or names two labels ("positive or negative") means none."""
    if not isinstance(answer, str):
        return None
    words = re.sub(r"[^a-z0-9]+", " ", answer.lower()).split()
    text = " ".join(words)
    if not text or NOT & set(words):
        return None
    if text in labels:
        return text
    named = [label for label in labels if label in words]
    if named:
        return named[0] if len(named) == 1 else None
    scores = sorted(((fuzz.WRatio(text, label), label) for label in labels), reverse=True)
    best, label = scores[0]
    if best < cutoff or (len(scores) > 1 and scores[1][0] == best):
        return None
    return label


def _check_classification(count: int):
    """The reply's labels by item index. The reply's shape is held strictly (a list of items, each
    index one of the chunk's, a confidence within 0-1): a reply that breaks it is retried,
    then the chunk goes to the rules. Its labels are read generously (nearest_label): an item
    whose sentiment or category means no known label is left out, and the rules classify that
    item alone."""

    def check(data: dict) -> dict:
        items = data["items"]
        if not isinstance(items, list):
            raise ValueError("items must be a list")
        out = {}
        for item in items:
            i = item["index"]
            if not (isinstance(i, int) and 0 <= i < count):
                raise ValueError(f"bad index {i!r}")
            confidence = float(item.get("confidence", 0.8))
            if not 0 <= confidence <= 1:
                raise ValueError("confidence out of range")
            sentiment = nearest_label(item.get("sentiment"), SENTIMENTS)
            category = nearest_label(item.get("category"), CATEGORIES)
            if sentiment is None or category is None:
                log.info("LLM labels of item %d name no known label: %r", i, item)
                continue
            out[i] = (sentiment, category, confidence)
        return out

    return check


class LLMClassifier:
    name = "llm"

    def __init__(self, client: LLMClient, fallback: RuleClassifier, chunk: int = 50):
        self.client, self.fallback, self.chunk = client, fallback, chunk
        self.last_path = "llm"

    def classify(self, items: list[RawFeedback]) -> list[Classified]:
        """Each chunk by the model; a chunk whose call fails by the rules, and within a chunk the
        model answered, each item it gave no known label (or no answer) by the rules alone."""
        out: list[Classified] = []
        self.last_path = "llm"
        failed, unlabelled = None, 0
        for start in range(0, len(items), self.chunk):
            chunk = items[start : start + self.chunk]
            listing = "\n".join(f"{i}. [{it.source_type}] {it.text[:500]}" for i, it in enumerate(chunk))
            try:
                labels = self.client.chat_json(CLASSIFY_SYSTEM, listing, _check_classification(len(chunk)))
            except LLMError as exc:
                failed, labels = exc, None
            for i, item in enumerate(chunk):
                if labels is not None and i in labels:
                    sentiment, category, confidence = labels[i]
                    out.append(Classified(item, sentiment, category, confidence, "llm"))
                else:
                    unlabelled += labels is not None
                    out.append(self.fallback.classify_one(item))
        if failed is not None:
            self.last_path = f"rules (llm fallback: {failed})"
        elif unlabelled:
            self.last_path = f"llm ({unlabelled} of {len(items)} by rules: no known label from the model)"
        return out


PROPOSE_SYSTEM = (
    "{ritual}\n\nThe user message holds the ritual's context (sections: directives, negative and "
    "positive feedback grouped by sentiment and category, patterns and remedies, metrics, "
    "decisions, reports, notes, version history with each version's measured effect, delta) and "
    "the same facts as JSON. Never remove an existing directive. Answer with a JSON object "
    '{{"directives": "full new text", "rationale": "why", "additions": [{{"text": "...", '
    '"reason": "the evidence it comes from"}}]}}.'
)


MAX_VERSION_CHARS = 4000  # the whole directives a model may return (the served block is ~1,900)


def _check_proposal(current: str, exclude: tuple[str, ...] = ()):
    def check(data: dict) -> dict:
        directives, rationale = data["directives"], data["rationale"]
        if not isinstance(directives, str) or not directives.strip():
            raise ValueError("directives must be a non-empty string")
        if len(directives) > MAX_VERSION_CHARS:
            raise ValueError(f"directives of {len(directives)} characters (most {MAX_VERSION_CHARS})")
        if not isinstance(rationale, str):
            raise ValueError("rationale must be a string")
        kept = {line.strip() for line in directives.splitlines()}
        missing = [line for line in current.splitlines() if line.strip() and line.strip() not in kept]
        if missing:
            raise ValueError(f"the reply removed existing directives: {missing[:2]}")
        before = {line.strip() for line in current.splitlines()}
        lines = tuple(directives.splitlines())
        added = []
        for i, line in enumerate(lines):
            if line.strip() and line.strip() not in before:
                why = refused(line, exclude, served=lines[:i] + lines[i + 1 :], free=True)
                if why:
                    raise ValueError(f"refused {why}")
                added.append(line.strip())
        # The additions are the lines that passed, each with the reason the model gave for it (a
        # listed addition that is not one of the new lines was never checked, and is dropped).
        listed = data.get("additions") or []
        reasons = {
            normalised(str(a["text"]).lstrip("-* ")): str(a.get("reason") or "llm")
            for a in (listed if isinstance(listed, list) else [])
            if isinstance(a, dict) and "text" in a
        }
        additions = [
            Addition(line, reasons.get(normalised(line.lstrip("-* ")), "llm"), 1, origin="model")
            for line in added
        ]
        return {"directives": directives.rstrip("\n") + "\n", "rationale": rationale, "additions": additions}

    return check


class LLMProposer:
    name = "llm"

    def __init__(self, client: LLMClient, fallback: DeterministicProposer):
        self.client, self.fallback = client, fallback
        self.last_path = "llm"

    def propose(self, data: ProposalInput) -> ProposedChange | None:
        facts = json.dumps(
            {
                "template": data.template,
                "directives": data.directives,
                "negative_feedback_by_category": data.negative_by_category,
                "positive_feedback_by_category": data.positive_by_category,
                "anti_patterns": list(data.anti_patterns),
                "learned_facts": list(data.learned_facts),
                "remedies": [  # people: who asked, each once however often they did
                    {"text": r.text, "count": r.count, "sessions": r.sessions, "people": r.people}
                    for r in data.remedies
                ],
                "chronic_friction": list(data.friction),
                "operator_guidance": data.operator_guidance,
                "rejected_lines": list(data.exclude),
            },
            default=str,
        )
        prompt = f"{data.context}\n\n## facts (JSON)\n{facts}" if data.context else facts
        system = PROPOSE_SYSTEM.format(ritual=RITUAL_SYSTEM.format(template=data.template))
        try:
            reply = self.client.chat_json(system, prompt, _check_proposal(data.directives, data.exclude))
        except LLMError as exc:
            self.last_path = f"deterministic (llm fallback: {exc})"
            change = self.fallback.propose(data)
            return change and ProposedChange(
                change.directives, change.additions, change.rationale, self.last_path
            )
        self.last_path = "llm"
        if reply["directives"] == data.directives:
            return None
        return ProposedChange(reply["directives"], tuple(reply["additions"]), reply["rationale"], "llm")
