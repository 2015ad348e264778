"""Whether a line written for the agents says what to do (pure).

A line a model or a person writes for the agents is a directive when it tells them what to do
(an imperative, a prohibition: what `language.remedy_reading` reads as a remedy) or states a rule
of the work as a noun and a quantity or a limit: how many per what ("One status update per day.",
"At most two follow-ups per lead.", "No more than three retries per tool call.") or how large
("Replies under 120 words."), or as a noun phrase with another mark of a rule
(`language.noun_rules`: "One reminder.", "Nothing before 8.", "Texts only."). A rule has no
tense: a count with a past verb ("Two deploys per day failed") tells what happened.

What is not one, however the remedy reader weighs its words: a noun phrase that describes one
event or vents ("Wrong company name in the first line.", "Radio silence from the bot during the
whole outage.", "Typo in the headline of the lead story."). Its first word is a number that
counts no rule ("Five flight options and none of them direct."), an adjective before a noun
("Wrong company name"), or a word the lexicon does not know, not followed by the object a verb
would take ("Typo in the headline"); or it names the agent in the third person ("the bot"), as
one speaks about the agent, not to it.
"""

import re

from language import grammar, noun_rules
from language.remedy_reading import is_remedy

NUMBER = (
    r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|"
    r"forty|fifty|a hundred|a single|a couple of)"
)
NUMBER_WORD = re.compile(rf"^{NUMBER}$", re.I)
BOUND = (
    r"(?:at most|at least|no more than|not more than|never more than|no fewer than|not fewer than|"
    r"up to|a maximum of|a minimum of|maximum(?: of)?|minimum(?: of)?|max\.?|only|just|exactly)"
)
TIME_UNIT = r"(?:minute|hour|day|week|month|year|shift|session|conversation|call|ticket|thread)"
NOUNS = r"(?:[a-z][\w'-]*\s+){0,4}?[a-z][\w'-]*"  # a noun phrase of one to five words
# How many per what: "[At most] two follow-ups per lead[, no more]."
COUNT = re.compile(
    rf"^(?:{BOUND}\s+)?{NUMBER}\s+(?P<what>{NOUNS})\s+(?P<scope>per|each|every|an?)\s+(?P<of>\S+)", re.I
)
# How large: "Replies under 120 words.", "Commit messages no longer than 72 characters."
SIZE = re.compile(
    rf"^(?P<what>{NOUNS})\s+(?:under|below|within|over|above|at most|at least|up to|no longer than|"
    rf"no shorter than|no more than|shorter than|longer than|fewer than|less than)\s+{NUMBER}\s+[a-z]+",
    re.I,
)
TIME = re.compile(rf"^{TIME_UNIT}s?$", re.I)
SPEAKER = grammar.words("i i'm i've i'd me my mine myself")
ABOUT_THE_AGENT = re.compile(r"\bthe (?:bot|chatbot|assistant|ai)\b", re.I)
DIRECTIONS = grammar.words(
    "to onto into up down out off over through across via toward towards"
)  # "Rebase onto"
SUBJECTS = grammar.words("it they he she we you i")
ONE_TIME = grammar.words("yesterday today tonight earlier again")


def _words(text: str) -> list[str]:
    return [w for w in (grammar._word(t) for t in text.split()) if w]


def _tenseless(words: list[str]) -> bool:
    """No verb with a tense, no word of one moment and no speaker: a rule, not what happened."""
    for i, word in enumerate(words):
        following = words[i + 1] if i + 1 < len(words) else ""
        if word in SPEAKER or word in ONE_TIME or word in grammar.AUXILIARIES:
            return False
        before_noun = "NOUN" in grammar._lemmas(following)  # "cited" in "per cited claim" is an adjective
        if grammar.past(word) and not before_noun:  # "failed" in "two deploys per day failed" is a verb
            return False
    return True


def limit(line: str) -> bool:
    """A rule stated as a noun and a quantity or limit: how many per what, or how large."""
    text = line.strip().lstrip("-* ").replace("’", "'")  # "No more than …" keeps its "no"
    count = COUNT.match(text)
    if count and count["scope"].lower() in {"a", "an"} and not TIME.match(count["of"].strip(".,;")):
        count = None  # "two follow-ups to a customer" names one, "two follow-ups a day" counts
    if not count and not SIZE.match(text):
        return False
    return _tenseless(_words(text))


def noun_phrase(line: str) -> bool:
    """A line that opens as a noun phrase describing something, not as a verb telling the agent
    (see the module's docstring)."""
    if ABOUT_THE_AGENT.search(line) and not grammar.OBLIGATION.search(line):
        return True
    words = _words(line.strip().lstrip("-* ").replace("’", "'"))
    if len(words) < 2:
        return False
    first, second = words[0], words[1]
    if NUMBER_WORD.match(first):
        return True
    lemmas = grammar._lemmas(first)
    if not lemmas and "'" not in first:  # an unknown word before a preposition is a noun ("Typo in")
        return second in grammar.PREPOSITIONS and second not in DIRECTIONS
    adjective = "ADJ" in lemmas and not grammar.closed(second) and second not in grammar.ADVERBS
    return adjective and "NOUN" in grammar._lemmas(second) and not _verb_in(words[1:])


def _verb_in(words: list[str]) -> bool:
    """Whether a verb follows: an auxiliary, a past form, a word the lexicon knows only as a verb,
    a negation, or a clause's pronoun subject."""
    for word in words:
        lemmas = grammar._lemmas(word)
        if (
            word in grammar.AUXILIARIES
            or "'" in word
            or word in {"it", "they", "he", "she", "we", "you", "i"}
        ):
            return True
        if grammar.past(word) or (lemmas and set(lemmas) == {"VERB"}):
            return True
    return False


def directive(line: str) -> bool:
    """Whether a line written for the agents says what to do (see the module's docstring)."""
    if limit(line) or noun_rules.rule(line):
        return True
    return is_remedy(line) and not noun_phrase(line)
