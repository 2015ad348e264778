"""Marks of a rule said as a fragment, without a verb of its own (pure).

"Gate codes: valid for 48 hours.", "last four digits only", "Room numbers in the subject line.",
"Metric units throughout.", "Prescriptions scanned, never retyped.", "Plain wording please — what
happens next and by when." ask for a way of working in the fewest words: a thing and where, when,
how much or in what state it is to be. A fragment also describes what went wrong ("Dirty towels
on the floor of a room marked clean."), so these are marks for the fitted weights, not a verdict:
no verb with a tense, a head before a colon, "only" or "throughout" closing it, a past participle
as its predicate, a contrast with what it is not, "please" inside it.
"""

import re

from language import grammar
from language.happenings import present_verb_at
from language.noun_phrases import tensed

COLON_HEAD = re.compile(r"^\s*[\w'’ -]{2,30}:\s+\S")
ONLY_END = re.compile(r"\bonly(?:\s+(?:please|pls|plz))?[\s.!]*$|\bthroughout\b|\bor nothing\b", re.I)
PLEASE = re.compile(r"\b(?:please|pls|plz)\b", re.I)
CONTRAST = re.compile(r",?\s+not\s+(?:at|in|on|as|the|a|an|by)?\s*\w+[\s.!]*$", re.I)
PLACED = grammar.words("in on at between till until before after with by throughout from")
SUBJECTS = grammar.words("i we you they he she it there this that")


def verbless(words: list[str]) -> bool:
    """No verb with a tense, no subject pronoun, and not an imperative."""
    if len(words) < 2 or any(w in SUBJECTS for w in words) or tensed(words):
        return False
    return present_verb_at(words) is None and not _verb_and_object(words)


def _verb_and_object(words: list[str]) -> bool:
    """An imperative read unambiguously: a word that is only a verb, or a verb before its object
    ("Post the rota"); "Room numbers …" opens with a noun."""
    if not grammar.imperative(" ".join(words)):
        return False
    lemmas = grammar._lemmas(words[0])
    return not ("NOUN" in lemmas or "ADJ" in lemmas) or words[1] in grammar.DETERMINERS | grammar.PRONOUNS


def participle_predicate(words: list[str]) -> bool:
    """ "Prescriptions scanned", "Setup done an hour before": a thing and the state it is to be
    left in, with no auxiliary."""
    for i in range(1, min(len(words), 6)):
        word, before = words[i], words[i - 1]
        if grammar.closed(before) or word in grammar.JUDGING:
            continue
        verbs = grammar._lemmas(word).get("VERB", ())
        if verbs and (word.endswith(("ed", "ised", "ized")) or word in {"done", "kept", "shown", "sent"}):
            return all(v != word for v in verbs)
    return False


def fragment_marks(sentence: str) -> set[str]:
    """The marks of a rule said as a fragment (see the module's docstring)."""
    text = sentence.strip()
    head = text.split(":")[0] if COLON_HEAD.match(text) else ""
    clause = re.split(r"[,;:—–(]|\.\s|\s-\s", text)[0]
    words = grammar.tokens_of(clause)
    marks = set()
    if not verbless(words):
        return {"colon-head"} if head and len(grammar.tokens_of(head)) <= 4 else marks
    marks.add("verbless")
    if head and len(grammar.tokens_of(head)) <= 4:
        marks.add("colon-head")
    if ONLY_END.search(text):
        marks.add("only-or-throughout")
    if any(w in PLACED for w in words[1:]):
        marks.add("verbless-placed")
    if participle_predicate(words):
        marks.add("participle-predicate")
    if PLEASE.search(text):
        marks.add("please-inside")
    if CONTRAST.search(text):
        marks.add("not-other")
    return marks
