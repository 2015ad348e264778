"""Asks to skip a step or settle for less (pure).

A minority often answers the care the others asked for with a shortcut: "Just tell us the day and
leave it at that", "Take what's on the form and book it", "First name and the agency reference is
plenty", "Book it in on the first call and let the driver sort it out", "I'll pick what suits".
It argues against whatever the others asked to be checked, asked or added first, in words it
shares nothing with ("the day" against "a two-hour arrival window"), so no reading of the two
lines sees the contrary. What marks it is how it is asked: "just" and a verb of doing, another
left to sort it, a thing left to the speaker or at that, a word or a form taken as it is, what
is enough, the first slot going, a step the speaker will do themselves. What it argues against asks
for care (`careful`): a step first, a check, an ask, every case, the whole of something.
"""

import re

WHO = r"(?:the\s+[\w-]+|your\s+[\w-]+|him|her|them|me|us|it|the user|[a-z]+s)"
SHORTCUT = re.compile(
    r"^(?:please\s+|honestly,?\s+)?just\b"
    r"|(?<!not )\bjust\s+(?:book|tell|give|send|put|take|let|quote|run|grab|ship|turn up|come|pencil|price"
    r"|point|use|accept|go ahead|confirm|sign|post|ring|email|text|call|bill|charge)\b"
    rf"|\b(?:and|then)\s+let\s+{WHO}\s+(?:sort|check|decide|flag|confirm|figure|ask|find|look|deal|handle"
    r"|upgrade|pick|declare|read|fuss|work|worry)\b|\band\s+be\s+done\s+with\s+it\b"
    r"|\bleave\s+(?:it|that|the\s+[\w\s'-]{1,30}?)\s+(?:at that|to (?:me|us|the user|them|him|her)|out)\b"
    r"|\btake\s+(?:my|our|the user's|their|his|her)\s+word\b|\btake\s+what(?:'s| is)\s+(?:on|in)\b"
    r"|\btake\s+the\s+(?:figure|number|date|size|details?)\s+(?:i|we|the user|they)\s+"
    r"(?:gave|give|gives|say|said|says)\b"
    r"|\b(?:is|are)\s+(?:plenty|enough|all\s+(?:i|we|the user)\s+(?:ever\s+)?need(?:ed|s)?)\b"
    r"|\b(?:would|will|should)\s+(?:do(?:\s+(?:me|us|the user))?\s+(?:fine|nicely)|be\s+(?:enough|plenty))\b"
    r"|\buse\s+your\s+(?:own\s+)?judge?ment\b"
    r"|\bstop\s+(?:double[- ]checking|quizzing|interrogating)\b"
    r"|\b(?:doesn't|don't|does not|do not)\s+need\s+(?:a\s+|the\s+|all\s+|every\s+)?"
    r"(?:twenty|20|questionnaire|rundown|essay|lecture|updates|quiz)"
    r"|\b(?:the user|we|i)(?:'ll|\s+will)\s+(?:pick|sort|bring|take|live|check|deal|handle|call|read)\b"
    r"|\bcome\s+when(?:ever)?\b|\bfirst\s+(?:\w+\s+)?(?:going|free|available)\b|\bon the first call\b"
    r"|\bon (?:the strength of|(?:my|the user's|our) say-so)\b|\blike before\b",
    re.I,
)


def shortcut(line: str) -> bool:
    """Whether the line asks to skip a step or settle for less (see the module's docstring)."""
    return bool(SHORTCUT.search(line.replace("’", "'")))


CARE = re.compile(
    r"\b(?:before|first|check|checks|checked|confirm|ask|verify|make sure|until|wait|every|each|always"
    r"|include|spell|explain|in full|full)\b",
    re.I,
)


def careful(line: str) -> bool:
    """Whether the line asks for care a shortcut would skip: a step first, a check, an ask, every
    case or the whole of something ("Confirm the mobility category before allocating a vehicle",
    "Give a two-hour arrival window on every confirmation")."""
    return bool(CARE.search(line)) and not shortcut(line)
