"""Imperatives that name nothing to do (pure): venting said as a command.

"Get it right.", "Do better.", "Sort it out.", "Get your act together.", "Seriously, fix this."
are imperatives, but all they ask is that things go well: their object is a pronoun or the
agent's own effort ("your job", "a grip"), their complement says only how well ("right",
"better", "harder", "together", "out"), and whatever else they hold is a word of feeling or of
the moment ("seriously", "come on", "for once", "this time", "already"). No line for the agents
can be written from them. An imperative that names anything of the work ("Get the seat numbers
right", "Keep it short", "Fix it before sending") is no such venting.
"""

import re

from language import grammar

FILLER_PHRASES = re.compile(
    r"\b(?:come on|for crying out loud|for (?:god|heaven|pete)'?s sake|for once|for real|this time|"
    r"next time|right now|right away|once and for all|already)\b",
    re.I,
)
FILLERS = grammar.words(
    "seriously honestly really just please pls plz now today again asap immediately unbelievable "
    "unreal ffs jeez man guys ok okay god geez so"
)
# what such an imperative may hold besides its verb: a pronoun or the agent's own effort as its
# object, a word of how well, and the determiners before them
EMPTY_OBJECTS = grammar.words(
    "it this that something anything everything stuff things mess job act grip game"
)
HOW_WELL = grammar.words("right better harder together properly out up done sorted straight work working")
BEFORE_OBJECTS = grammar.words("your a the")


# That no one need find out: "Nobody has to know.", "No one needs to see it."
NOBODY_KNOWS = re.compile(
    r"^(?:nobody|no one|no-one|noone)\s+(?:has|needs|need|has\s+got|will\s+have)\s+to\s+"
    r"(?:know|find\s+out|notice|see\s+it|hear\s+about\s+it)\b[\s.!]*$"
)


# A verdict on an idea told before, naming nothing: "Worth a go.", "Might be worth a try!", "Give it a go."
WORTH_A_GO = re.compile(
    r"^(?:(?:it'?s|it\s+is|that'?s|that\s+is|might\s+be|may\s+be|could\s+be|would\s+be|must\s+be|surely|"
    r"definitely|probably|maybe)\s+)*(?:well\s+)?(?:worth\s+(?:a\s+(?:go|try|shot|punt|look|thought)|trying|"
    r"it)|give\s+it\s+a\s+(?:go|try|shot|whirl))\b[\s.!]*$"
)


# A feeling said with "not": "Really not impressed.", "Not happy at all!" (no "not X" to avoid).
NOT_PLEASED = re.compile(
    r"^(?:(?:really|just|so|very|totally|honestly|frankly)\s+)*not\s+(?:(?:very|too|at\s+all|remotely)\s+)?"
    r"(?:impressed|happy|pleased|amused|chuffed|satisfied|great|good\s+enough|acceptable|ok|okay|cool|on)"
    r"(?:\s+at\s+all)?[\s.!]*$"
)


def empty_ask(sentence: str) -> bool:
    """Whether every clause of the sentence is an imperative that names nothing to do, or a
    word of feeling or of the moment around one (see the module's docstring)."""
    text = FILLER_PHRASES.sub(" ", sentence.replace("’", "'").lower())
    if NOBODY_KNOWS.match(text.strip()) or WORTH_A_GO.match(text.strip()) or NOT_PLEASED.match(text.strip()):
        return True  # "Nobody has to know.": a nudge to look away, no work; "Worth a go.": no work named
    clauses = [_words(clause) for clause in re.split(r"[.!?,;:…]+|\s[—–-]\s", text)]
    clauses = [words for words in clauses if words]
    return bool(clauses) and all(_empty_imperative(words) for words in clauses)


def _words(clause: str) -> list[str]:
    words = [w for w in (grammar._word(t) for t in clause.split()) if w]
    return [w for w in words if w not in FILLERS]


def _empty_imperative(words: list[str]) -> bool:
    verb, rest = words[0], words[1:]
    if not grammar.base_verb(verb) or verb in grammar.FEELING or not rest:
        return False
    allowed = EMPTY_OBJECTS | HOW_WELL | BEFORE_OBJECTS
    return all(w in allowed for w in rest) and any(w in EMPTY_OBJECTS | HOW_WELL for w in rest)
