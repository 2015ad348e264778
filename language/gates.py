"""An act held back until a step is done, and a line that does it straight away (pure).

"Ask what the problem is before it books anything" holds booking back until the problem is
known; a few users answer it with the act alone: "Book the appointment", "Confirm the booking"
against "Insist on a site visit before taking the booking". Such a line shares the act's verb and
nothing of the step, so no reading of its words against the other's sees an opposition: what marks
it is that it does, unconditioned, what the other line gates. A line with a gate of its own
("Book the appointment once the form is in") or that forbids ("Don't book …") is no such answer.
"""

import re

from lemminflect import getLemma

from language.contrary import action
from language.grammar import imperative, lead_in_off, words
from language.words import content

GATE = re.compile(
    r"\b(?:before|until|till|prior\s+to|ahead\s+of|not\s+until|only\s+once)\s+(?P<act>[^.;!?,—–]+)", re.I
)
OWN_GATE = re.compile(r"\b(?:before|until|till|prior\s+to|once|after|unless|only\s+if|if)\b", re.I)
# Words of a gated clause that name no act: who does it, and what it is done to in general.
NO_ACT = words(
    "anything something everything anyone someone everyone it they them he she we us can could will "
    "get gets got have has been being go goes going do does done one user customer client people"
)


# Verbs that commit to a piece of work, one for another: a line that confirms the booking does what
# one that holds back taking it gates ("Confirm the booking" / "… before taking the booking").
COMMITTING = words(
    "book confirm take accept process complete place schedule arrange finalise finalize submit secure reserve"
)


def _named(text: str) -> list[str]:
    """The content words of `text` that name an act or a thing (no `NO_ACT`, no number)."""
    return [w for w in content(text).split() if w not in NO_ACT and not w.isdigit()]


def _acts(text: str, first: int | None = None) -> set[str]:
    """The words of `text` (its `first` ones, when given) as verbs in their base form ("books",
    "booking" and "booked" are "book"), and as they are."""
    said = _named(text)[:first]
    return set(said) | {lemma[0] for w in said if (lemma := getLemma(w, upos="VERB"))}


def skips_gate(line: str, other: str) -> bool:
    """Whether `line` does straight away what `other` holds back until a step is done (see the
    module's docstring): the verb it asks (an imperative) is the gated clause's, and what that act
    is done to, when the gate names it; it names no word of the step, and it neither forbids nor
    gates anything itself."""
    gate = GATE.search(other)
    negated, asked = action(line)
    if gate is None or negated or not imperative(lead_in_off(line)) or OWN_GATE.search(line):
        return False
    # the step is said before the gate ("Ask … before it books"), or after it when it leads
    # ("Before you offer an assignment, search …")
    step = _acts(other[: gate.start()] if other[: gate.start()].strip() else other[gate.end() :])
    act = _named(gate["act"])[:2]
    verbs, gated = _acts(asked, first=1), _acts(act[0]) - step if act else set()
    committing = bool(verbs & COMMITTING and gated & COMMITTING and len(act) == 2)  # what to, named below
    if not act or not (verbs & gated or committing) or _acts(line) & step:
        return False
    # what the act is done to, when the gate names it, is named too: "Quote the deposit" does
    # not do what "… before quoting a stairlift" holds back
    return len(act) == 1 or bool(_acts(act[1]) & _acts(line))
