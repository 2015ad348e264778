"""What a proposed line targets, resolved from the rows its evidence came from (reads)."""

from collections import Counter

from experiments.metrics import SOURCE_SIGNALS, target_of
from improver.proposer import Addition
from language.grammar import base_verb
from language.topics import topics
from learning.session_signals import observation_signals
from learning.signals import ABOUT, topic_signal
from telemetry.models import Observation


def resolve(addition: Addition) -> list[str]:
    """The signals a line should lower. A remedy targets what the feedback it was stated in shows
    most (negative feedback of its category, corrections, rejected decisions or reflected
    failures) and, first, the complaints about the thing it acts on: negative feedback naming a
    thing the line names too, when at least half that feedback names it (the most named; between
    equals, the first the line names). A category gathers complaints about other things, which the
    line cannot spare, so its effect there is diluted and proving it takes far more sessions; but
    not every complaint names its thing ("Far too verbose again."): either target shown better
    suffices (each tested at half the level). Any other line targets what its origin says
    (experiments.metrics.target_of)."""
    if addition.target:
        return list(addition.target)
    if addition.origin != "remedy":
        return list(
            target_of({"origin": addition.origin, "sources": addition.sources, "reason": addition.reason})
        )
    shown: Counter = Counter()
    ids = [
        int(s.split(":", 1)[1]) for s in addition.sources if s.startswith("observation:") and s[12:].isdigit()
    ]
    rows = Observation.objects.filter(id__in=ids).values("id", "text", "sentiment", "category", "occurred_at")
    for row in rows:
        shown.update(observation_signals(row)[1:])
    about = _about(addition.text, shown, len(ids))
    shown = Counter({s: n for s, n in shown.items() if not s.startswith(ABOUT)})
    shown.update(
        SOURCE_SIGNALS[s.split(":", 1)[0]] for s in addition.sources if s.split(":", 1)[0] in SOURCE_SIGNALS
    )
    return [*([about] if about else []), shown.most_common(1)[0][0] if shown else "negative"]


def _about(line: str, shown: Counter, items: int) -> str:
    """The signal of complaints naming the thing `line` acts on, if half its `items` name it."""
    head, _, rest = line.partition(" ")
    acted_on = rest if base_verb(head.lower()) else line  # "Check every date…" acts on dates, not checks
    named = [topic_signal(t) for t in topics(acted_on, most=len(line))]
    counts = {s: shown[s] for s in named if shown[s] * 2 >= items > 0}
    if not counts:
        return ""
    most = max(counts.values())
    return next(s for s in named if counts.get(s) == most)
