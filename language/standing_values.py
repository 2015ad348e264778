"""A kind of thing's value put right is a standing fact, not one case (pure).

"Our wasp nest treatment is £65 flat, not £45" and "The maximum per room is 6 players, not 8"
correct what the house charges or allows; "The order is for 24 cupcakes not 42" and "The delivery
is Thursday, not Tuesday" correct one order. Read by language.scope before its weights.
"""

import re

from language.case_marks import DAY, IDENTIFIER
from language.grammar import _lemmas, words

# What a kind of thing is, put right: "Our wasp nest treatment is £65 flat, not £45", "The
# maximum per room is 6 players, not 8". Its subject names no one thing (no name, number,
# possessive or pointing word), and the value is an amount, a limit or a time of day, not a day
# (one booking moved: "The delivery is Thursday, not Tuesday").
VALUE_PUT_RIGHT = re.compile(
    r"^(?:(?:no|nope|sorry|wrong|for the last time|again|honestly|actually)\b\s*[,!.—–-]*\s+)*"
    r"(?P<subject>[^,;:—–()]{3,80}?)\s+(?:is|are|has to be|have to be|must be|needs to be|should be|"
    r"costs?|takes?|opens?|closes?|starts?|runs?|lasts)\s+(?P<value>[^;—–]{1,80}?),?\s+not\s+(?P<wrong>[^,;.!—–]{1,60})",
    re.I,
)
# A kind of thing denied a measure: "The lido is NOT heated to 28 degrees", "Standard parcels aren't
# insured over £100".
VALUE_DENIED = re.compile(
    r"^(?:(?:no|nope|sorry|wrong|for the last time|again|honestly|actually)\b\s*[,!.—–-]*\s+)*"
    r"(?P<subject>[^,;:—–()]{3,80}?)\s+(?:is|are)(?:\s+not|n't)\s+(?P<value>[^,;.!—–]{1,80})",
    re.I,
)
# The date a class of cases closes on, by its subject: "the cut-off for guaranteed orders", "the
# deadline for entries" (not "the delivery", one order's day).
DEADLINE_OF_A_CLASS = re.compile(
    r"\b(?:cut-?offs?|deadlines?|closing\s+dates?|last\s+(?:date|day)s?)\s+(?:for|on)\s+(?:all\s+|any\s+)?"
    r"(?:[a-z-]+\s+){0,3}[a-z-]+s\b",
    re.I,
)
A_MEASURE = re.compile(
    r"\d|\b(?:a|one|two|three|four|five|six|seven|eight|nine|ten|twelve)\s+(?:day|week|month|hour)", re.I
)
POINTING = re.compile(
    r"\b(?:this|that|these|those|my|your|his|her|their|its|he|she|him|they)\b|\d|'s\b", re.I
)


def standing_value(sentence: str) -> bool:
    """Whether the sentence puts right what a kind of thing is (see `VALUE_PUT_RIGHT`), or denies
    it a measure ("The lido is NOT heated to 28 degrees", `VALUE_DENIED`)."""
    found = VALUE_PUT_RIGHT.match(sentence.strip())
    if found and A_MEASURE.search(found["value"]):
        put_right = f"{found['value']} {found['wrong']}"
        return _of_a_kind(found["subject"].strip(), found["value"], put_right, _deadline_of_a_class(found))
    found = VALUE_DENIED.match(sentence.strip())
    if found and A_MEASURE.search(found["value"]) and not ONE_OCCASION.search(found["value"]):
        return _of_a_kind(found["subject"].strip(), found["value"], found["value"])
    return False


def _deadline_of_a_class(found: re.Match) -> bool:
    """Whether what is put right is the date a class of cases closes on: "the cut-off for
    guaranteed embroidered orders before September is the 31st of July, not mid-August"."""
    return bool(DEADLINE_OF_A_CLASS.search(found["subject"]))


# What a kind of thing is, stated: "Minimum order for delivered buffets is 20 heads", "Free
# shipping is only on orders over £30", "Turnaround is 3 weeks for weddings".
VALUE_STATED = re.compile(
    r"^(?P<subject>[^,;:—–()]{3,80}?)\s+(?:is|are|costs?|takes?|opens?|closes?|starts?|runs?|lasts)\s+"
    r"(?P<value>[^;—–]{1,80}?)\s*(?:[,;.!]\s|[.!]?$|\s[—–-]\s)",
    re.I,
)


def stated_value(sentence: str) -> bool:
    """Whether the sentence states what a kind of thing is, costs or takes, with a measure, and
    of no one case (the subject and value read as `standing_value` reads them)."""
    found = VALUE_STATED.match(sentence.strip())
    if not found or not A_MEASURE.search(found["value"]):
        return False
    return _of_a_kind(found["subject"].strip(), found["value"], found["value"])


def _of_a_kind(subject: str, value: str, put_right: str, dated_class: bool = False) -> bool:
    """Whether a subject and its value are said of a kind of thing, not of one case (of a
    deadline for a class of cases, `dated_class`, a date is its value, not one occasion)."""
    head = subject.split()[-1].lower()
    alone = len(subject.split()) == 1 and not head.endswith("s")  # "Rex is …": maybe a name
    if dated_class:  # a month or a day named is the date, no name: "… before September is the 31st of July"
        subject, put_right = ONE_OCCASION.sub("", subject), ONE_OCCASION.sub("", put_right)
    if alone or re.search(r"(?<!^)\b[A-Z][a-z]+", subject) or re.search(r"\b[A-Z][a-z]+", put_right):
        return False  # "The Hughes booking", "… for Aisha": a name
    first = value.split()[0].lower()
    happening = first.endswith("ing") and "VERB" in _lemmas(first)
    if (
        " - " in subject
        or POINTING.search(BOUND.sub("", subject))
        or (ONE_OCCASION.search(put_right) and not dated_class)
        or happening
    ):
        return False  # "the morning of the 18th", "is dropping off at 4": one occasion
    if head in PEOPLE or head in OCCASIONS:
        return False  # "the lady with the three cats", "The order is for 24 cupcakes"
    return not IDENTIFIER.search(AMOUNTS.sub("", put_right))


# A bound the subject is set by names a class of cases, not one: "the call-out fee after 8pm",
# "delivery over £50".
BOUND = re.compile(
    r"\b(?:after|before|over|under|above|below|from|until|till|past)\s+[$€£]?\d[\d,.:]*\s?(?:am|pm|k|kg|km|miles?)?\b",
    re.I,
)
ONE_OCCASION = re.compile(
    rf"\b{DAY}|\b\d{{1,2}}(?:st|nd|rd|th)\b|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\b"
    r"|\b(?:today|tomorrow|yesterday|tonight)\b",
    re.I,
)
PEOPLE = words(
    "lady man woman guy gentleman customer client family couple girl boy bloke chap mum dad patient owner"
)
OCCASIONS = words(
    """order booking delivery appointment viewing lesson meeting job visit party wedding funeral event
    reservation collection hearing match result invoice offer amount total balance slot session move trip
    flight pickup quote number reference ref code id"""
)


# An amount or a clock time, which names no case on its own.
AMOUNTS = re.compile(
    r"[$€£]\s?\d[\d,.]*|\b\d{1,2}(?:[.:]\d{2})?\s?(?:am|pm)\b|\b\d{1,3}(?:\.\d+)?\b(?![.,]?\d)", re.I
)
