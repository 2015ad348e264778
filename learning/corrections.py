"""Loop 2: structural correction signals → learned facts , pure.

Signals, strongest first (one fact per correction):
- negation phrase in the user's message → user-stated fact, confidence 1.0, scope project;
- the user's tool call contradicts the agent's last call on the same target → tool_override, 0.9;
- the message is a small edit of the agent's response (normalised Levenshtein < 0.3) → inferred, 0.7;
- the message rewrites the agent's output, > 50% of lines different → inferred, 0.7.
"""

import difflib
import hashlib
import math
import re
from dataclasses import dataclass
from pathlib import Path

from rapidfuzz.distance import Levenshtein

from language.linear_model import load

SCOPE_WEIGHTS = Path(__file__).with_name("scope_weights.json")

# What a rule reads of a text. A correction is a sentence or an edited reply, and what decides it
# lies in its beginning; a free-text field may hold 20,000 characters (KAIZEN_INGEST_MAX_TEXT_CHARS),
# over which an edit distance, a line diff or a regular expression tried from every position
# would take seconds of a derive pass. So every rule reads the first RULE_TEXT_CHARS characters
# of each text (the stored fact keeps the whole message), and of those the first RULE_TEXT_LINES
# lines where it compares lines, and each run of non-space characters cut to RULE_TOKEN_CHARS
# where it looks for identifiers and numbers: a regular expression that may be tried from every
# position of a run then reads at most that much from each, so its cost grows with the text,
# not with its square.
RULE_TEXT_CHARS = 2_000
RULE_TEXT_LINES = 200
RULE_TOKEN_CHARS = 100
# Before a number, how much of the text the threshold words of a rule are looked for in.
THRESHOLD_WINDOW_CHARS = 80
_LONG_TOKEN = re.compile(rf"\S{{{RULE_TOKEN_CHARS + 1},}}")


def rule_text(text: str) -> str:
    """The part of `text` a rule reads: its first RULE_TEXT_CHARS characters."""
    return text[:RULE_TEXT_CHARS]


def _tokens_cut(text: str) -> str:
    """`text` bounded (rule_text), with each run of non-space characters cut to RULE_TOKEN_CHARS."""
    return _LONG_TOKEN.sub(lambda m: m.group()[:RULE_TOKEN_CHARS], rule_text(text))


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


# What names one thing rather than a kind of thing (all matched on the original case).
IDENTIFIER = re.compile(
    r"#\s*\w*\d"  # an order or ticket number: #A66468, # 4471
    r"|\b(?=[\w-]*\d[\w-]*\d)(?=[\w-]*[a-z])[\w-]{5,}\b"  # an id or a host: INV2231, db-prod-07, 4f9c2ab
    r"|\b\d+(?:\.\d+){3}\b"  # an IP address
    r"|[\w.+-]+@[\w-]+\.[\w.]+"  # an email address
    r"|\b[\w-]+(?:\.[\w-]+)*\.(?:com|io|net|org|dev|co|ai|app|local|internal)\b"  # a host name
    r"|\b10\.\d{4,}/\S+"  # a DOI
    r"|\b\d{4}-\d{2}-\d{2}\b"  # a date
    r"|\b(?:Mr|Mrs|Ms|Dr|Prof)\.?\s+[A-Z]"  # a person by title
    r"|\bet al\b"  # the authors of one paper
    r"|\bname is\b"  # "her name is Ana"
    r"|\b(?:he|she|him|his|her|hers)\b"  # one person
    r"|(?-i:\b[A-Z][a-z]+'s\b)"  # Maria's, Acme's
    r"|\b(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|June|"
    r"July|August|September|October|November|December)\b(?!s)"  # one day or month (not "on Fridays")
    r"|\b(?:today|tonight|tomorrow|yesterday|right now|last week|this time)\b"
    r"|(?:\bthis|(?:^|\b(?:in|from|on|for|with|to|about|of|by)\s+)that)\s+(?!repo|repository|project|codebase|team|company|product|service|workspace|"
    r"kind|type|way|rule)[a-z]+",  # this order, that report (not the project the template works on)
    re.I,
)
# A number: an amount ($632, 45.20 EUR, 3,200 dollars, $50k), a time (3pm), a count with a
# thousands separator (41,250) or a long one (88213), or a noun's number (Table 3, PR 5521).
NUMBER = re.compile(
    r"[$€£¥]\s?\d[\d,.]*k?\b"
    r"|\b\d[\d,.]*\s?(?:k\b|usd|eur|gbp|dollars?|euros?|pounds?)"
    r"|\b\d{1,2}(?::\d\d)?\s?(?:am|pm)\b"
    r"|\b\d{1,3}(?:,\d{3})+\b|\b\d{4,}\b"
    r"|\b(?:ticket|order|invoice|table|figure|page|pr|issue|incident|case|commit|build|job|row|line|room)"
    r"\s+\d+\b",
    re.I,
)
# Before a number, what makes it a threshold of a rule rather than one value ("over $500").
THRESHOLD = re.compile(
    r"(?:\b(?:over|above|under|below|beyond|within|exceeding|after|before|every|up to|at least|at most|"
    r"(?:more|less|fewer|greater|higher|lower|longer|shorter|older|newer|larger|smaller|bigger) than)"
    r"|[<>≤≥])\s*(?:\w+\s+)?$",
    re.I,
)


def by_rule(text: str) -> bool:
    """What the patterns alone say: an identifier, or a number no threshold word stands before."""
    if IDENTIFIER.search(text):
        return True
    return any(
        not THRESHOLD.search(text[max(0, m.start() - THRESHOLD_WINDOW_CHARS) : m.start()])
        for m in NUMBER.finditer(text)
    )


# What else tells one case from a rule: a name without a title, an identifier of letters only,
# a small number naming a thing ("desk 4", "section 9.2"); and, for a rule, a recurrence, a clock
# time or an amount of a unit ("every Monday at 9", "a 20-minute slot", "net-45").
SCOPE_PATTERNS = {
    "inner-capital": re.compile(r"(?<=[a-z,;] )(?-i:[A-Z][a-z]+)\b"),
    "letters-id": re.compile(r"(?-i:\b[A-Z]{2,6}\b)"),
    "small-number": re.compile(r"\b[a-z]+\s+\d{1,3}(?:\.\d+)?\b", re.I),
    "digit": re.compile(r"\d"),
    "recurrence": re.compile(
        r"\b(?:every|each|daily|weekly|monthly|nightly|hourly|always|never|whenever|per|any|all)\b"
        r"|\b(?:mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays|weekdays|weekends)\b",
        re.I,
    ),
    "clock": re.compile(r"\b\d{1,2}(?::\d\d)?\s?(?:am|pm)\b|\b\d{1,2}:\d\d\b|\bnoon\b|\bmidnight\b", re.I),
    "unit": re.compile(
        r"\b\d+[\s-]?(?:minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|percent|%|kg|km|miles?)\b"
        r"|\bnet[\s-]?\d+\b|%",
        re.I,
    ),
    "capped": re.compile(
        r"\b(?:capped|limit(?:ed)?|max(?:imum)?|minimum|min|cutoff|cut-off|deadline)\b", re.I
    ),
    "deictic": re.compile(
        r"\b(?:this|that|these|those|the last|yesterday|today|tomorrow|just now|earlier)\b", re.I
    ),
}


def scope_features(content: str) -> dict[str, float]:
    text = _tokens_cut(content).strip()
    features = {"rule:instance": 1.0} if by_rule(text) else {}
    for name, pattern in SCOPE_PATTERNS.items():
        if pattern.search(text):
            features[f"has:{name}"] = 1.0
    markers = ("rule:instance", "has:inner-capital", "has:letters-id", "has:digit", "has:deictic")
    if not any(marker in features for marker in markers):
        features["no-marker"] = 1.0  # nothing names one case: a rule unless its words say otherwise
    words = re.findall(r"[a-z0-9']+", text.lower())[:60]
    if words:
        features[f"w1:{words[0]}"] = 1.0
    for word in words:
        features[f"w:{word}"] = 1.0
    for a, b in zip(words, words[1:], strict=False):
        features[f"bi:{a} {b}"] = 1.0
    return features


def is_instance(content: str) -> bool:
    """Whether a sentence is about one instance — an order or ticket number, an id, a host, an
    address, one amount, one date, one person, one named thing — rather than how the work is done.
    A number behind a threshold, a recurrence, a clock time or an amount of a unit is a rule
    ("Refunds over $500 need the escalate_refund tool", "Send the digest every Monday at 9",
    "Slots are 20 minutes"), and the project the template works on ("in this repository") is no
    instance. Such a fact stays with its agent and never becomes a directive line. The patterns'
    readings and the words are weighed by a logistic regression fitted on labelled corrections
    (scope_weights.json, written by bench/train_language.py). Reads the bounded text (_tokens_cut)."""
    return load(SCOPE_WEIGHTS).says_yes(scope_features(content))


CORRECTING = re.compile(
    r"^(?:(?:well|ok|okay|so|hmm|uh)[,\s]+)?(?:no|nope|nah|actually|wrong|that'?s wrong|that is wrong|"
    r"not quite|not like that)\b[\s,.!:;—-]*",
    re.I,
)


def as_fact(content: str) -> str:
    """A correction as the fact an agent is told: without the words that answered the agent
    ("No, use pnpm instead of npm here." → "Use pnpm instead of npm here.")."""
    text = CORRECTING.sub("", content.strip().replace("’", "'"), count=1).strip()
    if not text:
        return content.strip()
    return text[0].upper() + text[1:]


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


def has_negation(message: str) -> bool:
    """Whether the bounded message (_tokens_cut) holds a negation phrase."""
    return NEGATION.search(_tokens_cut(message.strip()).lower().replace("’", "'")) is not None


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
    return None
