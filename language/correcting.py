"""What a correcting message says by its words alone (pure): whether it corrects the agent (a
negation phrase anywhere in it), whether it states how things are, and the fact it states without
the words that answered the agent.
"""

import re

from language.bounds import tokens_cut
from language.fragments import COLON_HEAD
from language.request_forms import instructs
from language.sentences import sentences

# A correction begins with or contains one of these phrases, anywhere in the message
# ("Well no, use pnpm here." counts). "use X not Y" is any "use <thing> not <thing>".
# A fact stated against what the agent said negates it in other words too: "It is NOT 24 hours",
# "patients can't self-refer", "credits don't roll over", "we never charge subscribers".
NEGATION = re.compile(
    r"^no\b|\bno,|\bnope\b|\bdon't\b|\bdo not\b|\bstop\b|\binstead\b|\bactually\b"
    r"|\bthat's wrong\b|\bthat is wrong\b|\buse \S+(?: \S+)? not \S+"
    r"|\bnot\b|\bnever\b|\b(?:can't|cannot|isn't|aren't|doesn't|won't|wasn't|weren't|shouldn't|mustn't)\b",
)


def has_negation(message: str) -> bool:
    """Whether the bounded message (tokens_cut) holds a negation phrase."""
    return NEGATION.search(tokens_cut(message.strip()).lower().replace("’", "'")) is not None


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


# What opens a reply that acknowledges rather than states: "Thanks, that looks good."
ACKNOWLEDGING = re.compile(
    r"^(?:thanks|thank you|thx|cheers|great|perfect|cool|nice|ok|okay|sure|yes|yep)\b", re.I
)
STATEMENT_WORDS = 4  # fewer ("Wrong one.") state no fact


def states_a_fact(message: str) -> bool:
    """Whether a correction states how things are, without a negation phrase: "Orders close at 2pm
    every day except Saturday." A question, an acknowledgement or an instruction for the task at
    hand ("Now add a test for it.") states none."""
    text = tokens_cut(message.strip()).replace("’", "'")
    first = (sentences(text) or [""])[0]
    first = first.split(":", 1)[1].strip() if COLON_HEAD.match(first) else first  # "Gentle reminder: …"
    if len(first.split()) < STATEMENT_WORDS or first.rstrip().endswith("?") or ACKNOWLEDGING.match(first):
        return False
    return not instructs(first)
