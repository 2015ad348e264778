"""Words spelt as in a text message, read as the words they stand for (pure).

"get it 2 look at the product list b4 saying dunno", "bot shud only say cancelled if …", "pls
tell ppl abt the fee": the reader reads, and the agents are told, "get it to look at the product
list before saying dunno", "… should only say …", "pls tell people about the fee". Only
spellings that stand for one word whatever surrounds them are read so; "2" is "to" only between
a word that takes "to" and a verb ("get it 2 look", "need 2 know"), never a count ("book 2
rooms", "the 2 boxes").
"""

import re

from lemminflect import getAllLemmas

from language.grammar import base_verb

SPELT = {
    "b4": "before",
    "shud": "should",
    "shld": "should",
    "wud": "would",
    "cud": "could",
    "wot": "what",
    "coz": "because",
    "cuz": "because",
    "bcos": "because",
    "bcoz": "because",
    "ppl": "people",
    "abt": "about",
    "msg": "message",
    "msgs": "messages",
    "tmrw": "tomorrow",
    "2moro": "tomorrow",
    "2morrow": "tomorrow",
    "2day": "today",
    "2nite": "tonight",
    "2night": "tonight",
    "w/o": "without",
    "gr8": "great",
    "l8r": "later",
    "l8": "late",
    "bn": "been",
    "n": "and",
    "thats": "that's",
}
SPELT_WORD = re.compile(r"(?<![\w/])(" + "|".join(re.escape(w) for w in SPELT) + r")(?![\w/])", re.I)
# "2" after a word that takes "to" before a verb: "get it 2 look", "need 2 know", "how 2 book"
TAKES_TO = (
    "it them him her me us you u need needs want wants has have had going got how able ought used "
    "tried try trying remember forgot asked told tell ask"
)
TWO_AS_TO = re.compile(r"\b(" + "|".join(TAKES_TO.split()) + r") 2 (?=([a-z]+)\b)", re.I)


# A verb's "-ing" with its "g" dropped: "keeps sayin", "offerin", "tryin" (not "cabin", "begin": words of
# their own).
JOINED_NOUNS = frozenset(
    {"checkin", "login", "signin", "plugin", "builtin", "walkin", "dropin", "addin", "popin"}
)
DROPPED_G = re.compile(r"\b([a-z]{3,}in)\b(?!')", re.I)


def plain_spelling(text: str) -> str:
    """`text` with the spellings of a text message in their plain words (see the module)."""
    text = DROPPED_G.sub(_with_its_g, text) if "in" in text else text
    if not any(ch.isdigit() or ch == "/" for ch in text) and not SPELT_WORD.search(text):
        return text
    text = SPELT_WORD.sub(lambda m: _cased(m.group(1), SPELT[m.group(1).lower()]), text)
    return TWO_AS_TO.sub(lambda m: f"{m.group(1)} to " if base_verb(m.group(2).lower()) else m.group(0), text)


def _with_its_g(found: re.Match) -> str:
    word = found.group(1)
    if (
        word.lower() in JOINED_NOUNS
        or getAllLemmas(word.lower())
        or not getAllLemmas(f"{word.lower()}g", upos="VERB")
    ):
        return word
    return f"{word}g"


def _cased(said: str, word: str) -> str:
    return word.capitalize() if said[:1].isupper() else word
