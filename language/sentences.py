"""Where a text's sentences end (pure)."""

import re

# A sentence ends at a full stop, a question or exclamation mark or a semicolon, unless the stop is
# an ellipsis and the words go on in lowercase ("Three visits... bring the parts next time"): the
# ellipsis then joins a lead-in to what it leads to. The stop of a title or a short form ("Dr.",
# "e.g.", "incl.") ends nothing: "exotic pets go on Dr. Okafor's schedule" is one sentence, and so is
# "Note for everyone incl. the assistants: …".
SHORT_FORMS = ("Dr", "Mr", "Mrs", "Ms", "Mx", "Prof", "St", "Jr", "Sr", "vs", "e.g", "i.e", "approx", "Ave")
SHORT_FORMS += ("incl", "Incl", "excl", "Excl", "esp", "Esp", "dept", "Dept")
NOT_AFTER = "".join(rf"(?<!\b{re.escape(form)}\.)" for form in SHORT_FORMS)
SENTENCE_END = re.compile(r"(?<=[.!?;…])" + NOT_AFTER + r"(?!(?<=\.\.)\s+[a-z])(?!(?<=…)\s+[a-z])\s+|\n+")


def sentences(text: str) -> list[str]:
    """The sentences of `text`, in order, stripped."""
    return [s.strip() for s in SENTENCE_END.split(text) if s.strip()]


def within(text: str, budget: int, prefer=None) -> str:
    """As much of `text` as `budget` characters hold, in whole sentences kept in their order: all
    of it when it fits; else the sentences `prefer` says yes to first (what to do, say, before
    why), then the others, each taken while it still fits; a first sentence longer than the
    budget alone is cut at a word and ends in "…"."""
    text = " ".join(text.split())
    if len(text) <= budget:
        return text
    said = sentences(text)
    order = sorted(range(len(said)), key=lambda i: not (prefer and prefer(said[i])))
    kept: set[int] = set()
    for i in order:
        if sum(len(said[k]) + 1 for k in kept) + len(said[i]) <= budget:
            kept.add(i)
    if kept:
        return " ".join(said[i] for i in sorted(kept))
    return text[: budget - 1].rsplit(" ", 1)[0].rstrip(" ,;:") + "…"
