"""Which learned facts can be served beside a template's directives (pure).

A fact is left out when it repeats a directive line (the same or nearly the same words) or says
the contrary of one (of what the two say alike, `language.contrary.against_line`), or of a fact
placed before it (facts come strongest first): a line and its contrary are never served
together. Facts are judged one at a time, as they are placed, so a block that stops at its budget
never compares the facts past it with anything.
"""

from collections.abc import Iterable, Iterator

from language.contrary import against_line, contrary
from language.remedies import similarity

REPEATS = 90  # a fact this similar to a directive line says it again


def servable(facts: Iterable[str], directives: str) -> Iterator[str]:
    """The facts, in their order, that neither repeat a directive line nor contradict one or a
    fact placed before them; each judged only when the one before it was placed."""
    known = directives.lower()
    lines = [ln for ln in directives.splitlines() if ln.strip()]
    placed: list[str] = []
    for text in facts:
        if text.lower().rstrip(" .") in known or any(similarity(text, ln) >= REPEATS for ln in lines):
            continue
        if any(against_line(text, ln) for ln in lines) or any(contrary(text, fact) for fact in placed):
            continue
        placed.append(text)
        yield text
