"""What a sentence in the plain present says is happening (pure): marks of a failure described
as it recurs, rather than a rule of the work.

"Reminder texts keep landing at 5am", "Every single reply pushes the premium package at me",
"The gate codes expire before my movers get there" and "Status pings every 30 minutes is way too
much" tell what keeps going wrong; "Returns over 30 days go to a supervisor" states how the work
is done, in the same tense. What tells them apart is read as marks for the fitted weights: a
thing as the subject of a verb in the present, a habit ("keep …ing"), a recurrence said of what
happened ("every time", "every single", "each visit"), the speaker after the verb ("… at me",
"… my card"), and a verdict on an amount ("too much", "ridiculous", "just noise").
"""

import re

from lemminflect import getAllInflections

from language import grammar

HABIT = re.compile(r"\b(?:keeps?|kept|keep on)\s+\w+ing\b", re.I)
RECURRING = re.compile(
    r"\b(?:every|each)\s+(?:single\s+)?(?:time|visit|morning|day|week|reply|message|email|one)\b"
    r"|\bevery single\b|\bwithout (?:any|a)\b",
    re.I,
)
VERDICT = re.compile(
    r"\b(?:too (?:much|many|late|early|often|long)|way too|ridiculous|just noise|is insane|a joke|"
    r"is (?:overkill|excessive|annoying))\b",
    re.I,
)
SPEAKER = grammar.words("me my i i'm i've our us we")


def present_verb_at(words: list[str]) -> int | None:
    """Where a verb in the present follows its subject (a thing, not the speaker): "texts
    arrive", "every reply pushes", "the gate codes expire"; None for an imperative or a phrase
    with no such verb."""
    if not words or words[0] in SPEAKER:
        return None
    first = grammar._lemmas(words[0])
    if grammar.base_verb(words[0]) and "-" not in words[0] and "NOUN" not in first and "ADJ" not in first:
        return None  # "Post the rota …": an imperative
    for i in range(1, min(len(words), 8)):
        word, before = words[i], words[i - 1]
        if word in grammar.PREPOSITIONS or word in {"and", "or", "but"}:
            return None
        if grammar.closed(before) or not word.isalpha():
            continue
        lemmas = grammar._lemmas(word).get("VERB", ())
        forms = {tag for lemma in lemmas for tag, ws in getAllInflections(lemma).items() if word in ws}
        third = "VBZ" in forms and not word.endswith("ss")
        plural = bool(forms & {"VBP", "VB"}) and _plural_noun(before)
        following = words[i + 1] if i + 1 < len(words) else ""
        a_noun = "NOUN" in grammar._lemmas(word)
        if a_noun and not (following in grammar.DETERMINERS or following in grammar.PRONOUNS):
            continue  # "Room numbers in the subject line": a noun, not its verb
        if third or plural:
            return i
    return None


def _plural_noun(word: str) -> bool:
    plural = word.isalpha() and word.endswith("s") and not word.endswith("ss")
    return plural and "NOUN" in grammar._lemmas(word)


def happening_marks(sentence: str) -> set[str]:
    """The marks of a failure described as it happens (see the module's docstring)."""
    text = sentence.strip()
    words = grammar.tokens_of(text)
    marks = set()
    at = present_verb_at(words)
    if at is not None:
        marks.add("present-subject")
        if any(w in SPEAKER for w in words[at + 1 :]):
            marks.add("present-speaker-after")
    if HABIT.search(text):
        marks.add("habit")
    if RECURRING.search(text):
        marks.add("recurring-said")
    if VERDICT.search(text):
        marks.add("verdict")
    return marks
