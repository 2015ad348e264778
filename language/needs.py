"""Needs said as the speaker's own (pure): which say what would help, which ask for one thing.

"I need the reminder two days ahead so I can get a babysitter" and "We need the invoice by the
3rd so payroll can run" ask for a way of working: what the speaker needs comes with when it is
needed by, what it is for ("so …", "because …", "or …"), or a reach over every case ("a receipt
for every payment"); "I need to know about X before …" asks to be told whenever X happens. "I
need my refund." and "We need two more chairs for Saturday" name one thing wanted once: the
need says what, but not what would help from now on.
"""

import re

from language import grammar

NEED = re.compile(
    r"^(?:(?:if|when|whenever)\s+(?P<case>[^,]{3,80}),\s+)?(?:so\s+|and\s+|also\s+|honestly\s+)*(?P<who>i|we|the\s+user)"
    r"(?:(?:'d|\s+would)\s+(?:really\s+)?like|(?:'d|\s+would)?\s+(?:really\s+|just\s+|also\s+)*"
    r"(?P<verb>need|needs|want|wants))\s+(?P<what>.+)$",
    re.I,
)
PURPOSE = re.compile(
    r"\bso(?: that)?\s+(?:[\w'-]+\s+){1,3}(?:can|could|will|won't|isn't|aren't|has|have|may|doesn't|don't)\b"
    r"|\b(?:because|or|in order to|otherwise)\s+(?:i|we|the|our|my|it|they)\b",
    re.I,
)
LEAD_TIME = re.compile(
    r"\b(?:by|before|ahead|in advance|beforehand|out|early|at least|no later than)\b"
    r"|\b(?:the (?:night|day|evening|morning|week) before)\b",
    re.I,
)
REACH = grammar.words("every each all any whenever always")
OWNED = grammar.words("my our mine")
KNOWING = re.compile(r"^to\s+(?:know|hear|be told)\s+(?:when|about|if|whether|before)\b", re.I)


def _need(text: str) -> re.Match | None:
    return NEED.match(" ".join(text.replace("’", "'").split()).strip(" .!"))


def stated_need(sentence: str) -> bool:
    """Whether the sentence is the speaker's need that says what would help (see the module's
    docstring): a time it is needed by together with a purpose, a reach over every case (said
    of the case it holds in too: "If a session is moved, I want a message …"), or a need to be
    told whenever something happens. What the speaker wants, or would like, is read as a need."""
    found = _need(sentence)
    if not found or sentence.strip().endswith("?"):
        return False
    what = found["what"]
    if what.lower().startswith("you "):
        return False  # "We need you to …" is read as a request elsewhere
    if (
        what.lower().startswith("to ")
        and (found["verb"] or "").lower() not in ("need", "needs")
        and not KNOWING.match(what)
    ):
        return False  # "I want to cancel", "I'd like to book": what the speaker would do, no need of the work
    if KNOWING.match(what):
        return True
    words = [grammar._word(t) for t in what.split()]
    if found["case"] and not _owned_thing(words):
        return True  # "If a session is moved, I want a message at least 24 hours ahead": in every such case
    if any(w in REACH for w in words):
        return True
    return bool(PURPOSE.search(what)) and (bool(LEAD_TIME.search(what)) or not _owned_thing(words))


def _owned_thing(words: list[str]) -> bool:
    """ "my refund", "our deposit back": the need names a thing of the speaker's."""
    return bool(words) and words[0] in OWNED


def one_thing_needed(sentence: str) -> bool:
    """Whether the sentence is the speaker's need of one thing, asking nothing general ("I need
    my refund.", "we need a late check-in tonight")."""
    found = _need(sentence)
    return bool(found) and not stated_need(sentence) and not found["what"].lower().startswith("you ")
