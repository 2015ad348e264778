"""Which learned facts can be served beside a template's directives (pure).

A fact is left out when it repeats a directive line (the same or nearly the same words) or says
the contrary of one, or of a fact placed before it (facts come strongest first): a line and its
contrary are never served together. Facts are judged one at a time, as they are placed, so a
block that stops at its budget never compares the facts past it with anything.
"""

from collections.abc import Iterable, Iterator

from language.contrary import contrary
from language.remedies import similarity

REPEATS = 90  # a fact this similar to a directive line says it again


def servable(facts: Iterable[str], directives: str) -> Iterator[str]:
    """The facts, in their order, that neither repeat a directive line nor contradict one or a
    fact placed before them; each judged only when the one before it was placed."""
    known = directives.lower()
    lines = [ln for ln in directives.splitlines() if ln.strip()]
    kept = list(lines)
    for text in facts:
        if text.lower().rstrip(" .") in known or any(similarity(text, ln) >= REPEATS for ln in lines):
            continue
        if any(contrary(text, other) for other in kept):
            continue
        kept.append(text)
        yield text
