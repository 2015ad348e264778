"""Marks that a sentence names a kind of case, or one case, by its form (pure).

A rule for every future case often names a category that looks like one thing: a language
("Send the forms in Portuguese too"), a currency ("in the customer's currency, not dollars"), a
time of the week ("on Thursday evening, not Monday morning"), a role set against another
("Text the parents, not the school office"), a population that gives the reason ("most of our
parents read it first"), someone as a role ("the customer's", "the couple's"). One case is named
by a need of the speaker's that asks nothing general ("I need my refund") or by pointing at one ("this
one"). These are marks for the fitted weights of language.scope.
"""

import re

from language.needs import one_thing_needed

LANGUAGE_OR_MONEY = re.compile(
    r"\bin\s+(?:the\s+\w+'s\s+)?(?-i:[A-Z][a-z]+)(?:\s+(?:too|as well|also|dollars|pounds|francs))?\b"
    r"|\bin\s+(?:the\s+)?\w+(?:'s)?\s+(?:own\s+)?(?:currency|language|units|time zone)\b",
    re.I,
)
TOO = re.compile(r"\b(?:too|as well)\b[,.;]?\s*(?:\w+\s+){0,4}(?:read|speak|ask|prefer|use)s?\b", re.I)
DAY_PART = re.compile(
    r"\b(?:on\s+)?(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\s+"
    r"(?:morning|evening|afternoon|night|at\s+noon|at\s+\d)\b"
    r"|\bon the \d{1,2}(?:st|nd|rd|th)(?: of the month)?,?\s+not\b",
    re.I,
)
ROLE_AGAINST = re.compile(
    r",?\s+(?:not|don't|never|instead of|rather than)\s+(?:\w+\s+)?the\s+[a-z]+(?:\s+[a-z]+)?\b"
)
POPULATION = re.compile(
    r"\b(?:most|many|half|all|a lot|lots|some|plenty)\s+of\s+(?:our|the|their)\s+\w+|\bour\s+\w+s\b", re.I
)
ROLE_OWNER = re.compile(r"\bthe\s+[a-z-]+'s\b")
POINTED = re.compile(r"\b(?:this|that)\s+one\b|\bfor\s+my\b", re.I)


def kind_marks(text: str) -> set[str]:
    """The marks of a kind named as a rule, and of one case named (see the module's docstring)."""
    marks = set()
    for name, pattern in (
        ("language-or-money", LANGUAGE_OR_MONEY),
        ("too-for-readers", TOO),
        ("day-part", DAY_PART),
        ("role-against", ROLE_AGAINST),
        ("population", POPULATION),
        ("role-owner", ROLE_OWNER),
        ("pointed", POINTED),
    ):
        if pattern.search(text):
            marks.add(name)
    if one_thing_needed(text):
        marks.add("one-thing-needed")  # "I need my refund.", "we need a late check-in tonight"
    return marks
