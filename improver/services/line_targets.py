"""What a proposed line targets, resolved from the rows its evidence came from (reads)."""

from collections import Counter
from datetime import timedelta

from django.db.models import Count

from config import clock
from experiments.metrics import SOURCE_SIGNALS, target_of
from fleet.models import DocumentVersion
from improver.proposer import Addition
from language.grammar import base_verb
from language.topics import topics
from learning.models import SessionSignal
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
    rows = list(
        Observation.objects.filter(id__in=ids).values(
            "id", "text", "sentiment", "category", "occurred_at", "agent__template_id"
        )
    )
    for row in rows:
        shown.update(observation_signals(row)[1:])
    template_id = next((r["agent__template_id"] for r in rows if r["agent__template_id"]), None)
    about = _about(addition.text, shown, len(ids), template_id)
    shown = Counter({s: n for s, n in shown.items() if not s.startswith(ABOUT)})
    shown.update(
        SOURCE_SIGNALS[s.split(":", 1)[0]] for s in addition.sources if s.split(":", 1)[0] in SOURCE_SIGNALS
    )
    return [*([about] if about else []), shown.most_common(1)[0][0] if shown else "negative"]


def _about(line: str, shown: Counter, items: int, template_id: int | None) -> str:
    """The signal of complaints naming the thing `line` acts on, if half its `items` name it; for a
    line that names none of the things its complaints name ("Our skip collections keep getting
    missed. Always ring the day before."), the thing half of them name. Of several such things,
    the one the template's complaints name least (`_named_in`): "Stop ringing patients to
    reschedule over lunch." is about lunch, at a clinic where every complaint names patients; then
    the one its evidence names most, then the first named."""
    head, _, rest = line.partition(" ")
    acted_on = rest if base_verb(head.lower()) else line  # "Check every date…" acts on dates, not checks
    named = [topic_signal(t) for t in topics(acted_on, most=len(line))]
    counts = {s: shown[s] for s in named if shown[s] * 2 >= items > 0}
    if not counts:  # a line naming none of them ("Always ring the day before."): what its complaints name
        named = [s for s in shown if s.startswith(ABOUT)]
        counts = {s: shown[s] for s in named if shown[s] * 2 >= items > 0}
    if len(counts) < 2:
        return next(iter(counts), "")
    elsewhere = _named_in(template_id, list(counts))
    return min(counts, key=lambda s: (elsewhere.get(s, 0), -counts[s], named.index(s)))


RECENT_DAYS = 28  # the complaints a thing's commonness is read from


def _named_in(template_id: int | None, signals: list[str]) -> dict[str, int]:
    """How many of the template's sessions of the last `RECENT_DAYS` days each signal shows: one
    query, by the template's versions as a subquery (the (version, signal, time) index serves it)."""
    if template_id is None:
        return {}
    versions = DocumentVersion.objects.filter(document__template__pk=template_id).values("pk")
    since = clock.now() - timedelta(days=RECENT_DAYS)
    rows = (
        SessionSignal.objects.filter(
            template_version_id__in=versions, signal__in=signals, received_at__gte=since
        )
        .values("signal")
        .annotate(n=Count("id"))
    )
    return {r["signal"]: r["n"] for r in rows}
