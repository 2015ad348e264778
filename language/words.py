"""The content words of a sentence (pure): what remedies are grouped by and lines compared on.

Stop words such as "please", "you", "should", "always" are left out and plurals folded, so that
"Please cite the sources" and "Cite a source" read alike, as do "batteries" and "battery".
"""

import re

STOP_WORDS = """
a an the you your i me my we our us please should always never must to for of in on at be is are
was it its this that these those every each any before after again forgot do does did with without
first then and or but so just make sure can could would will
"""
STOP = frozenset(STOP_WORDS.split())


def normalised(text: str) -> str:
    """The text in lower case with only its letters, digits and spaces: how two lines are found the same."""
    return re.sub(r"[^a-z0-9 ]+", "", text.lower()).strip()


def content(text: str) -> str:
    words = re.findall(r"[a-z0-9]+", text.lower())
    return " ".join(_folded(w) for w in words if w not in STOP)


def _folded(word: str) -> str:
    """A plural as its singular, roughly: "batteries" as "battery", "sources" as "source"."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    return word[:-1] if len(word) > 3 and word.endswith("s") else word
