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
one speaks about the agent, not to it — unless its form alone instructs ("If a budget is over
£15,000, pass them to Harriet rather than letting them chat to the bot.").
"""

import re

from language import grammar, noun_rules
from language.noun_phrases import NUMBER, limit
from language.remedy_reading import by_form, is_remedy
from language.request_forms import routed

NUMBER_WORD = re.compile(rf"^{NUMBER}$", re.I)
ABOUT_THE_AGENT = re.compile(r"\bthe (?:bot|chatbot|assistant|ai)\b", re.I)
DIRECTIONS = grammar.words(
    "to onto into up down out off over through across via toward towards"
)  # "Rebase onto"
SUBJECTS = grammar.words("it they he she we you i")


def _words(text: str) -> list[str]:
    return [w for w in (grammar._word(t) for t in text.split()) if w]


def noun_phrase(line: str) -> bool:
    """A line that opens as a noun phrase describing something, not as a verb telling the agent
    (see the module's docstring)."""
    if ABOUT_THE_AGENT.search(line) and not grammar.OBLIGATION.search(line) and by_form(line) is not True:
        return True  # "Radio silence from the bot …", not "…, pass them on rather than letting the bot …"
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
    if limit(line) or noun_rules.rule(line) or routed(line):
        return True  # … or work routed: "Commercial enquiries → Sarah, not the domestic diary."
    return is_remedy(line) and not noun_phrase(line)
