"""Instructions that only go on from one case (pure).

People often tell one case and then say what to do about it: "For the 7pm group on Friday, Mr
Silva is coeliac; let the kitchen know.", "Offer amount is £312,500 not £321,500. Check the
figures and resend.", "the conference group from Halden Pharma arriving thursday - put them all
on the 3rd floor". Such an instruction names nothing beyond the case told before it ("the
kitchen", "the figures", "them"): it is about that case, and no line for every case. A case
told as what the agent did is what went wrong, and what follows it is the lesson: "the bot quoted
£35 for a laser session for Pip the cat … it needs to use the current price list".

An instruction says it holds beyond the case, and is a rule even after one, when it speaks of
any, every or all of a kind ("check any lead time"), of a kind in the plural ("Tell parents the
application is under review"), on a condition ("when …", "if …", "before …"), or for good
("always", "never", "next time", "from now on").

A case named after the instruction, by what names one case whatever else is said
(`language.scope.names_one`: "Please make sure the vase never goes in a glaze firing. It's Mr
Osei's."), makes it about that case too; "always" and "never" then say how, not for whom.
"""

import re

from language import grammar
from language.happenings import HABIT as KEEPS_ON
from language.happenings import RECURRING
from language.noun_rules import in_order
from language.request_forms import LEAD_IN_END, addressed, request
from language.scope import DID, WEEKDAY, is_instance

GENERAL = grammar.words(
    "any anything anyone anybody every everyone everybody everything each whenever nobody future"
)
HABIT = grammar.words("always never ever again")  # for good, unless the one case is named after
GENERAL_PHRASES = re.compile(
    # a restriction of how the work is done: "Only quote from the current price list"
    r"^only\s+(?!this\b|that\b|the\s+one\b|for\b|her\b|him\b|them\b)[a-z]+\s+(?:from|with|on|in|to|through)\b"
    r"|\b(?:from now on|going forward|next time|no one|as a rule|onwards"
    rf"|{WEEKDAY}s|weekdays?|weekends?|weeknights?)\b",
    re.I,
)
CONDITIONS = grammar.words("when if unless before after until once while")
HELD = grammar.DETERMINERS | grammar.PRONOUNS  # "the bookings", "her kids": a case's own things
ADVERBS = grammar.ADVERBS  # before a verb's "-s" ("never goes"), which is no plural
# A case told as what the agent did ("the bot quoted £35 for Pip the cat"): what follows is the
# lesson ("it needs to use the current price list"), not more of the case.
THE_AGENT_DID = re.compile(
    r"\b(?:the|your|this|that)\s+(?:booking\s+)?(?:bot|assistant|chatbot|chat|agent|ai|system)\b"
    rf"|\b(?:it|you)\s+{DID}\b",
    re.I,
)


def general(instruction: str, *, habit: bool = True) -> bool:
    """Whether the instruction says it holds beyond one case (see the module's docstring); with
    `habit` false, "always" and "never" do not say so ("make sure the vase never goes in a glaze
    firing … It's Mr Osei's")."""
    if GENERAL_PHRASES.search(instruction) or in_order(instruction):
        return True  # "Safety check, then hire": an order of kinds of work
    tokens = [t for t in instruction.split() if grammar._word(t)]
    words = [grammar._word(t) for t in tokens]
    for before, word, token in zip(["", *words], words, tokens, strict=False):
        if word in GENERAL or word in CONDITIONS or (habit and word in HABIT):
            return True
        if word == "all" and before not in HELD:
            return True  # "all orders", not "put them all on the 3rd floor"
        plural = _plural(word) or bool(ACRONYMS.fullmatch(token.strip(".,;:!?()")))  # "GPs", "CVs"
        if plural and before not in HELD | ADVERBS and not before.isdigit():
            return True  # "Tell parents …", not "her kids", "2 weeks" or "never goes"
    return False


ACRONYMS = re.compile(r"[A-Z]{2,}s")


# A rule said of a kind it opens with: "Techs only fit …", "Refunds must …"
KIND_RULE = re.compile(
    r"^\S+\s+(?:only|must|mustn't|should|shouldn't|never|always|need|don't|can't|cannot|have\s+to)\b", re.I
)


def _plural(word: str, *, short: bool = False) -> bool:
    """A noun in the plural ("ages", "parents"; a word the lexicon lacks, by its "s": "multihulls")."""
    if not word.endswith("s") or word.endswith(("ss", "us", "is")):
        return False
    lemmas = grammar._lemmas(word)
    return any(noun != word for noun in lemmas.get("NOUN", ())) if lemmas else len(word) > (2 if short else 3)


def tells_one_case(sentence: str) -> bool:
    """Whether a sentence told before an instruction is about one case, not what the agent did
    nor what keeps happening ("Your confirmations for Courtroom 3 keep arriving with just a first
    name", "Third time this month the van was late at the Lindley Arms")."""
    if not sentence.strip() or THE_AGENT_DID.search(sentence) or recurs(sentence):
        return False
    return is_instance(sentence)


NTH_TIME = re.compile(
    r"\b(?:second|third|fourth|fifth|sixth|umpteenth|\d+(?:st|nd|rd|th)|twice|three times)\b"
    r"(?:\s+(?:time|this|that|now|in|running)\b)",
    re.I,
)


def recurs(sentence: str) -> bool:
    """Whether a sentence tells what keeps happening: a habit ("keep arriving"), each time
    ("every time", "each visit"), the count of times ("third time this week") or that it always
    happens ("whys it always got the wrong time")."""
    return any(pattern.search(sentence) for pattern in (KEEPS_ON, RECURRING, NTH_TIME, ALWAYS))


# What happens whenever it happens: "whys it always got the wrong time", "the bot constantly sends …",
# "this happens all the time" (not "always ask for the postcode", an ask).
ALWAYS = re.compile(
    r"\b(?:it|they|this|that|bot|assistant|chat|chatbot|system|agent|reminders?|emails?|texts?)\s+(?:\w+\s+)?"
    r"(?:always|constantly|repeatedly|invariably)\s+\w+"
    r"|\ball\s+the\s+time\b|\bagain\s+and\s+again\b|\btime\s+(?:and|after)\s+time\b|\bover\s+and\s+over\b",
    re.I,
)


def goes_on_from_one_case(sentence: str, *, case_before: bool, named_after: bool) -> bool:
    """Whether `sentence`, an instruction, only goes on from one case: one told before it in the
    same text (`case_before`, `tells_one_case`) or in its own lead-in, or named after it whatever
    else is said (`named_after`, `names_one`: "Please make sure the vase never goes in a glaze
    firing. … It's Mr Osei's.") (see the module's docstring)."""
    said = addressed(sentence)
    instruction = request(said) or said
    if named_after:
        return not general(instruction, habit=False)
    if general(instruction) or (
        KIND_RULE.match(said) and _plural(grammar._word(said.split()[0]), short=True)
    ):
        return False  # (said of a kind it opens with, though asked without it: "Techs only …" → "Only …")
    lead_in = LEAD_IN_END.split(sentence)[:-1] if instruction != said else []
    return case_before or any(tells_one_case(piece) for piece in lead_in)
