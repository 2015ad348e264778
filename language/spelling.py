"""Words spelt as in a text message, read as the words they stand for (pure).

"get it 2 look at the product list b4 saying dunno", "bot shud only say cancelled if …", "pls
tell ppl abt the fee": the reader reads, and the agents are told, "get it to look at the product
list before saying dunno", "… should only say …", "pls tell people about the fee". Only
spellings that stand for one word whatever surrounds them are read so (a contraction typed
without its apostrophe, "dont", "isnt"; the commonest slips in the words feedback is made of,
"asistant", "shoud"); "2" is "to" only between a word that takes "to" and a verb ("get it 2
look", "need 2 know"), never a count ("book 2 rooms", "the 2 boxes"), and "4" is "for" only
before an article or a possessive ("ask 4 the first dance song"), never a count ("4 the
weekend" is read so too: no count comes before "the"). A sentence typed in capitals ("THE
ASSISTANT MUST SAY WE DON'T ALTER LEATHER") is read in plain case: shouting says how strongly,
not what.
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
    "u": "you",
    "ur": "your",
    "shd": "should",
    "shoud": "should",
    "shoudl": "should",
    "shuold": "should",
    "asistant": "assistant",
    "assitant": "assistant",
    "assistent": "assistant",
    "asisstant": "assistant",
    "thats": "that's",
    "dont": "don't",
    "doesnt": "doesn't",
    "didnt": "didn't",
    "isnt": "isn't",
    "arent": "aren't",
    "wasnt": "wasn't",
    "werent": "weren't",
    "cant": "can't",
    "wont": "won't",
    "couldnt": "couldn't",
    "shouldnt": "shouldn't",
    "wouldnt": "wouldn't",
    "havent": "haven't",
    "hasnt": "hasn't",
    "ive": "I've",
    "youre": "you're",
    "theyre": "they're",
}
SPELT_WORD = re.compile(r"(?<![\w/'-])(" + "|".join(re.escape(w) for w in SPELT) + r")(?![\w/'-])", re.I)
# "2" after a word that takes "to" before a verb: "get it 2 look", "need 2 know", "how 2 book"
TAKES_TO = (
    "it them him her me us you u need needs want wants has have had going got how able ought used "
    "tried try trying remember forgot asked told tell ask"
)
TWO_AS_TO = re.compile(r"\b(" + "|".join(TAKES_TO.split()) + r") 2 (?=([a-z]+)\b)", re.I)
FOUR_AS_FOR = re.compile(
    r"(?<=[a-z]) 4 (?=(?:the|a|an|my|your|our|their|his|her|its|every|each|any)\b)", re.I
)
# A sentence, its stop included (`_in_plain_case` reads it in plain case when it is typed in capitals).
SHOUTED = re.compile(r"[^.!?\n]*[A-Z][^.!?\n]*[.!?]*")


# A verb's "-ing" with its "g" dropped: "keeps sayin", "offerin", "tryin" (not "cabin", "begin": words of
# their own).
JOINED_NOUNS = frozenset(
    {"checkin", "login", "signin", "plugin", "builtin", "walkin", "dropin", "addin", "popin"}
)
DROPPED_G = re.compile(r"\b([a-z]{3,}in)\b(?!')", re.I)


def plain_spelling(text: str) -> str:
    """`text` with the spellings of a text message in their plain words (see the module)."""
    text = SHOUTED.sub(_in_plain_case, text) if _capitals(text) >= 12 else text
    text = DROPPED_G.sub(_with_its_g, text) if "in" in text else text
    if not any(ch.isdigit() or ch == "/" for ch in text) and not SPELT_WORD.search(text):
        return text
    text = SPELT_WORD.sub(lambda m: _cased(m.group(1), SPELT[m.group(1).lower()]), text)
    text = FOUR_AS_FOR.sub(" for ", text)
    return TWO_AS_TO.sub(lambda m: f"{m.group(1)} to " if base_verb(m.group(2).lower()) else m.group(0), text)


def _capitals(text: str) -> int:
    return sum(ch.isupper() for ch in text)


def _in_plain_case(found: re.Match) -> str:
    """A sentence typed in capitals, in plain case: its first letter and "I" kept capital."""
    said = found.group(0)
    letters = [ch for ch in said if ch.isalpha()]
    if len(said.split()) < 3 or len(letters) < 10 or sum(ch.islower() for ch in letters) > len(letters) // 10:
        return said
    plain = re.sub(r"\bi\b", "I", said.lower())
    at = next((i for i, ch in enumerate(plain) if ch.isalpha()), 0)
    return plain[:at] + plain[at : at + 1].upper() + plain[at + 1 :]


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
