"""How much a line asks a message to say: briefly or in full (pure).

"Keep replies short" and "Explain each fee and condition at length" share no word, yet no reply
can follow both: one asks for brevity, the other for everything in detail. A line asks for
brevity when it says so ("brief", "short", "terse", "concise", "to three lines", "one line"), and
for fullness when it asks for detail ("at length", "in full detail", "thorough", "every step")
or for every item of a list of three or more ("Give the customer every checkpoint, timestamp and
driver note", "Describe the company history, team and benefits").
"""

import re

BRIEF = re.compile(
    r"\b(?:brief|briefly|short|shorter|terse|tersely|concise|concisely|succinct|succinctly|"
    r"to the point|minimal|one-liners?|(?:to|under|at most|no more than|max(?:imum)?) "
    r"(?:one|two|three|four|five|a few|\d+) (?:lines?|sentences?|words?|bullets?|paragraphs?)|"
    r"one (?:line|sentence)|keep it (?:short|brief|tight))\b",
    re.I,
)
FULL = re.compile(
    r"\b(?:at length|in (?:full|great|complete|every) detail|in detail|detailed|thorough|thoroughly|"
    r"exhaustive|exhaustively|comprehensive|comprehensively|in full|full account|step by step|"
    r"(?:give|include|list|send|explain|describe|cover|mention|walk|go through)\b[^.;]*?"
    r"\w+, [\w ]+ and \w+)",
    re.I,
)


def asks_brief(line: str) -> bool:
    return bool(BRIEF.search(line))


# Fullness asked only in some case ("in detail when asked") leaves brevity the rule.
ONLY_WHEN = re.compile(r"\b(?:when|if|whenever|unless|on request|upon request|only)\b", re.I)


def asks_full(line: str) -> bool:
    return bool(FULL.search(line)) and not asks_brief(line) and not ONLY_WHEN.search(line)


def length_conflict(a: str, b: str) -> bool:
    """Whether one line asks for brevity and the other for fullness."""
    return (asks_brief(a) and asks_full(b)) or (asks_brief(b) and asks_full(a))
