"""What a complaint is about: the things it names (pure).

A complaint names the things that went wrong ("Appointment texts keep arriving at 6am" names the
appointment and the texts; "Stop attaching the invoice PDF" the invoice and the PDF). Those
nouns, lemmatised so that "texts" and "text" are one, are its topics: a line written to remedy a
complaint acts on one of them, and the sessions whose complaints name it again are the sessions
the line is meant to spare. Words that name nothing in particular — people, the agent, time or a
unit of it, a way — are not topics, nor are words that are mostly adverbs ("first", "right", "plenty") or that
a lexicon knows only as verbs or adjectives ("arriving", "late"), nor a word that can be a verb
where a verb goes ("just throw the form": the form). A word no lexicon knows ("PDF",
a product's name) is taken as a name, and a word in quotes ("stop calling it a 'fine'") is a
topic whatever else it can be.
"""

import re

from lemminflect import getAllLemmas

from language.grammar import DETERMINERS, PREPOSITIONS, PRONOUNS, words
from language.remedies import asks_in, pieces
from language.words import STOP

GENERIC = words(
    """time times thing things way ways day days week weeks today tomorrow yesterday morning night
    hour hours minute minutes month months year years fortnight
    people person user users customer customers client clients agent agents bot bots assistant
    team someone everyone anyone nobody everybody somebody lot lots bit stuff kind sort job
    problem problems issue issues question questions answer thing one ones nothing something
    anything everything guy guys folks reason hey thanks thank sorry many much few several half
    two three four five six seven eight nine ten twelve twenty hundred dozen"""
)
# Verbs that are nouns too but, in a complaint, mostly say what someone did or should do.
LIGHT_VERBS = words(
    """keep stop give look use read need say tell let make get put take want try go come see know
    help ask mean find start end leave wait"""
)
CLOSED = words("they their theirs he she whether doesnt dont cant wont isnt pls plz thx")
WORD = re.compile(r"[a-z][a-z'-]*[a-z]|[a-z]")
MOST = 6  # topics kept per complaint: its first nouns, where what it is about is named
READ = 2000  # characters read of a complaint: what it is about is named at its start


def topics(text: str, most: int = MOST) -> tuple[str, ...]:
    """The nouns `text` names, lemmatised, in the order it names them, each once: at most `most`
    of them from its start, where what went wrong is named, then those of each sentence that asks
    something of the work, where what it asks for is named, wherever it stands ("… I would be
    grateful if authors could be told when their paper has been sent out for review. With best
    wishes, Dr Ana Ribeiro" names the review; `language.remedies.asks_in`), or, when none asks,
    those of its last sentence ("… a wall of text about catalogue searching. Just link me to the
    loan request form next time." names the form); from its first `READ` characters (a client's
    text has no other bound)."""
    text = text[:READ]
    out = _nouns(text, most)
    if len(out) < most:
        return tuple(out)
    said = pieces(text)
    asking = [said[position] for position, _ in asks_in(text)] or said[-1:]
    return tuple(dict.fromkeys((*out, *(noun for sentence in asking for noun in _nouns(sentence, most)))))


# A word or two in quotes is named as such ("stop calling it a 'fine'", "logged as 'routine'"):
# what the complaint is about, whatever else the word can be.
QUOTED = re.compile(r"(?<![\w'’])['‘\"“]([a-z][a-z-]*(?:\s[a-z][a-z-]*)?)['’\"”](?![\w'’])", re.I)


def _nouns(text: str, most: int) -> list[str]:
    out: list[str] = []
    before = ""
    quoted = {w for q in QUOTED.findall(text) for w in q.lower().split()}
    for word in WORD.findall(text.lower()):
        word = word.strip("'-")
        if word in quoted and len(word) >= 3 and word not in STOP and word not in GENERIC:
            topic = _noun(word) or word
        else:
            topic = "" if before in VERB_SLOT and _can_be_verb(word) else _noun(word)
        before = word
        if topic and topic not in out:
            out.append(topic)
            if len(out) == most:
                break
    return out


# Words after which a word that can be a verb is one: "don't just throw the form at me", "can
# you book it" name the form, not a throw or a book.
VERB_SLOT = words(
    """dont don't not just to please pls never always can could would will should must you we i
    u they also then"""
)


def _can_be_verb(word: str) -> bool:
    return "VERB" in getAllLemmas(word)


def _noun(word: str) -> str:
    """The lemma of `word` when it names a thing, else ""."""
    if len(word) < 3 or word in STOP or word in GENERIC or word in LIGHT_VERBS or _closed(word):
        return ""
    lemmas = getAllLemmas(word)
    if not lemmas:
        return word if "'" not in word else ""  # a name the lexicon does not know
    if "NOUN" not in lemmas or "ADV" in lemmas:
        return ""
    lemma = lemmas["NOUN"][0]
    return "" if lemma in GENERIC or lemma in LIGHT_VERBS else lemma


def _closed(word: str) -> bool:
    return word in DETERMINERS or word in PREPOSITIONS or word in PRONOUNS or word in CLOSED
