"""Which learned facts can be served beside a template's directives (pure).

A fact is left out when it repeats a directive line (the same or nearly the same words, the line
holding most of the fact's: `repeats`) or says the contrary of one (of what the two say alike,
`language.contrary.against_line`), or of a fact placed before it (facts come strongest first): a
line and its contrary are never served together. Facts are judged one at a time, as they are
placed, so a block that stops at its budget never compares the facts past it with anything.
"""

from collections.abc import Iterable, Iterator

from language.bounds import rule_text
from language.contrary import against_line, contrary
from language.remedies import similarity
from language.words import content

REPEATS = 90  # a fact this similar to a directive line may say it again …
COVERS = 0.75  # … when the line holds this share of the fact's words, or more


def repeats(fact: str, line: str) -> bool:
    """Whether a directive line already says the fact: the two are near duplicates (token-set
    similarity of their content words, `REPEATS`) and the line holds most of the fact's words
    (`COVERS`). A line that says less than the fact ("Stop saying initial assessments are 30
    minutes." beside "… are 30 minutes — they're 45 minutes and have been since January") is no
    repeat of it, however similar a token-set measure finds a subset: the fact is still served."""
    if similarity(fact, line) < REPEATS:
        return False
    words = set(content(rule_text(fact)).split())
    return len(words & set(content(rule_text(line)).split())) >= COVERS * len(words)


def servable(facts: Iterable[str], directives: str) -> Iterator[str]:
    """The facts, in their order, that neither repeat a directive line nor contradict one or a
    fact placed before them; each judged only when the one before it was placed."""
    known = directives.lower()
    lines = [ln for ln in directives.splitlines() if ln.strip()]
    placed: list[str] = []
    for text in facts:
        if text.lower().rstrip(" .") in known or any(repeats(text, ln) for ln in lines):
            continue
        if any(against_line(text, ln) for ln in lines) or any(contrary(text, fact) for fact in placed):
            continue
        placed.append(text)
        yield text
