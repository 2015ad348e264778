"""What a proposed line targets, resolved from the rows its evidence came from (reads)."""

from collections import Counter

from experiments.metrics import SOURCE_SIGNALS, target_of
from improver.proposer import Addition
from learning.session_signals import observation_signals
from telemetry.models import Observation


def resolve(addition: Addition) -> list[str]:
    """The signals a line should lower. A remedy targets what the feedback it was stated in shows
    most: negative feedback of that category, corrections, rejected decisions or reflected
    failures; any other line what its origin says (experiments.metrics.target_of)."""
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
    for row in Observation.objects.filter(id__in=ids).values(
        "id", "text", "sentiment", "category", "occurred_at"
    ):
        shown.update(observation_signals(row)[1:])
    shown.update(
        SOURCE_SIGNALS[s.split(":", 1)[0]] for s in addition.sources if s.split(":", 1)[0] in SOURCE_SIGNALS
    )
    return [shown.most_common(1)[0][0]] if shown else ["negative"]
