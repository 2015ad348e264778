"""Whether two directive lines say opposite things (pure).

"Rotate the logs when the disk is full" and "Don't rotate the logs, we need them for the audit"
ask for the same action with opposite polarity. A line's action is what it asks once its lead-in
("Always", "Please", "Next time") and its negation ("Don't", "Never", "Stop", "Avoid") are taken
off, up to the first clause break, with its verb in its base form ("Stop rotating" → "rotate");
two lines are contrary when one is negated and the other is not and what the negated one forbids
covers what the other asks: at least 80% of its content words are in it ("Never rotate the logs"
against "Rotate the logs every night"), or the two are near duplicates (rapidfuzz's token-sort
ratio ≥ 80). A prohibition narrower than the instruction is no contrary: "Never cite sources you
did not open" narrows "Always cite sources".
"""

import re

from lemminflect import getLemma
from rapidfuzz import fuzz

from improver.remedies import content

LEAD_IN = re.compile(
    r"^(?:(?:remember:|(?:always|please|kindly|next time|from now on|in future|going forward|no|actually)\b)"
    r"[,:;]?\s*)+",
    re.I,
)
NEGATION = re.compile(r"^(?:don'?t|do not|never|no longer|stop|avoid|refrain from)\s+", re.I)
THRESHOLD = 80
SHARE = 0.8


def action(line: str) -> tuple[bool, str]:
    """(negated, what it asks) of one line."""
    text = LEAD_IN.sub("", line.strip().lstrip("-* ").replace("’", "'"))
    negation = NEGATION.match(text)
    text = text[negation.end() :] if negation else text
    text = re.split(
        r"[,;:(]| - | (?:because|since|as|so|when|whenever|if|unless|before|after|until|while) ",
        text,
        maxsplit=1,
    )[0].rstrip(" .!")
    words = text.split()
    if words:
        verb = getLemma(words[0].lower(), upos="VERB")
        words[0] = verb[0] if verb else words[0]
    return negation is not None, " ".join(words)


def contrary(a: str, b: str) -> bool:
    return _opposed(action(a), action(b))


def _opposed(a: tuple[bool, str], b: tuple[bool, str]) -> bool:
    (negated_a, action_a), (negated_b, action_b) = a, b
    if negated_a == negated_b or not action_a or not action_b:
        return False
    forbidden, asked = (action_a, action_b) if negated_a else (action_b, action_a)
    forbidden_words, asked_words = content(forbidden).split(), set(content(asked).split())
    covered = sum(w in asked_words for w in forbidden_words) / max(len(forbidden_words), 1)
    return covered >= SHARE or fuzz.token_sort_ratio(content(forbidden), content(asked)) >= THRESHOLD


def contrary_to(line: str, lines) -> str:
    """The first of `lines` that says the opposite of `line` ('' when none does)."""
    mine = action(line)
    return next((other for other in lines if other.strip() and _opposed(mine, action(other))), "")


def compatible(candidates: list[str], served: list[str]) -> list[int]:
    """The indexes of the candidates (strongest first) that contradict neither a served line nor
    a candidate kept before them."""
    kept_actions = [action(line) for line in served if line.strip()]
    kept = []
    for i, line in enumerate(candidates):
        mine = action(line)
        if not any(_opposed(mine, other) for other in kept_actions):
            kept.append(i)
            kept_actions.append(mine)
    return kept
