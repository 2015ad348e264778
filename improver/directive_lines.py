"""Directive lines with an identity across versions, their measured effect, and what to prune
(pure).

A line is identified by its normalised text: it keeps the version it was added in, who wrote it
(a human or the improver), where it came from (a remedy, a fact, an anti-pattern, a friction
pair, a category line) and the failure signals it targets. Its effect is the share of sessions
showing its target among sessions served a version with the line against those served versions
without it (so a line that fixes what users complain about shows its effect).
"""

import math
import re
from dataclasses import dataclass
from statistics import NormalDist

from experiments.metrics import ANY, target_of
from improver.context import estimate_tokens
from language.contrary import contrary
from language.remedies import similarity

MERGE_AT = 80  # similarity of two lines that say the same thing


def line_key(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", text.lower()).strip()


@dataclass(frozen=True)
class Line:
    text: str
    added_in: int
    author: str  # human | improver
    origin: str = "human"
    target: tuple[str, ...] = (ANY,)  # the failure signals it should lower (experiments.metrics)
    sources: tuple[str, ...] = ()
    downstream: tuple[str, ...] = ()  # the templates whose sessions show its effect, a hand-off away

    @property
    def key(self) -> str:
        return line_key(self.text)


def history(versions: list[dict]) -> list[Line]:
    """The lines of the newest version with their identity. `versions` are oldest first:
    {"number", "text", "author", "additions": [the proposal's additions, if any]}."""
    known: dict[str, Line] = {}
    for v in versions:
        added = {line_key(a["text"]): a for a in v.get("additions") or []}
        current = {}
        for text in v["text"].splitlines():
            if not text.strip():
                continue
            key = line_key(text)
            if key in known:
                current[key] = known[key]
                continue
            a = added.get(key, {})
            author = "improver" if a else "human"
            current[key] = Line(
                text.strip(),
                v["number"],
                author,
                a.get("origin") or author,
                target_of(a) if a else (ANY,),
                tuple(a.get("sources", [])),
                tuple(a.get("downstream") or ()),
            )
        known = current
    return list(known.values())


@dataclass(frozen=True)
class Effect:
    with_sessions: int
    with_failures: int
    without_sessions: int
    without_failures: int

    @property
    def rate_with(self) -> float | None:
        return self.with_failures / self.with_sessions if self.with_sessions else None

    @property
    def rate_without(self) -> float | None:
        return self.without_failures / self.without_sessions if self.without_sessions else None


@dataclass(frozen=True)
class Pruning:
    line: Line
    action: str  # remove | merge
    reason: str
    into: str = ""  # merge: the line that stays


def judge(line: Line, effect: Effect, min_sessions: int, min_drop: float = 0.0) -> Pruning | None:
    """Remove an improver line whose target did not fall after `min_sessions`, or that rose."""
    if effect.with_sessions < min_sessions or effect.without_sessions < min_sessions:
        return None
    before, after = effect.rate_without, effect.rate_with
    if after > before and f"{after:.0%}" != f"{before:.0%}":
        return Pruning(
            line, "remove", f"its target rose: {before:.0%} of sessions without it, {after:.0%} with it"
        )
    if before - after <= min_drop:
        return Pruning(
            line,
            "remove",
            f"its target did not fall after {effect.with_sessions} sessions "
            f"({before:.0%} without it, {after:.0%} with it)",
        )
    return None


HURTS_ALPHA = 0.05  # the false-alarm rate of "it now hurts", per line and ritual


def hurts_now(line: Line, recent: Effect, overall: Effect, min_sessions: int) -> Pruning | None:
    """Remove an improver line that helped once and hurts now: the window's sessions served with
    it show its target more often than all sessions ever served without it. What users want can
    turn ("offer the flexible fare" becomes wrong when the fare is withdrawn) in words no reading
    of the feedback links to the line; its own sessions show it. One-sided two-proportion z-test
    (pooled variance) at `HURTS_ALPHA`, with at least `min_sessions` sessions on each side."""
    n1, y1, n0, y0 = (
        recent.with_sessions,
        recent.with_failures,
        overall.without_sessions,
        overall.without_failures,
    )
    if n1 < min_sessions or n0 < min_sessions:
        return None
    pooled = (y1 + y0) / (n1 + n0)
    spread = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n0))
    if spread == 0 or (y1 / n1 - y0 / n0) / spread < NormalDist().inv_cdf(1 - HURTS_ALPHA):
        return None
    return Pruning(
        line,
        "remove",
        f"it now hurts: {y1 / n1:.0%} of this window's sessions with it show its target, "
        f"{y0 / n0:.0%} of sessions without it ever did",
    )


def merges(lines: list[Line]) -> list[Pruning]:
    """Near-duplicate lines: the later one is merged into the earlier one. A line and its opposite
    are never merged, however many words they share: the later one was added on newer evidence,
    so the earlier one is removed (what users want has turned)."""
    out, gone = [], set()
    for i, a in enumerate(lines):
        for b in lines[i + 1 :]:
            if b.key in gone or a.key in gone:
                continue
            if contrary(a.text, b.text):
                out.append(Pruning(a, "remove", f"the newer line '{b.text}' asks the opposite"))
                gone.add(a.key)
            elif similarity(a.text, b.text) >= MERGE_AT:
                out.append(Pruning(b, "merge", f"says what '{a.text}' says", into=a.text))
                gone.add(b.key)
    return out


def over_budget(lines: list[Line], value: dict[str, float], budget: int) -> list[Pruning]:
    """Lines to drop, lowest value first, until the directives fit `budget` tokens (human lines last)."""
    total = estimate_tokens("\n".join(line.text for line in lines))
    out = []
    for line in sorted(lines, key=lambda ln: (ln.author == "human", value.get(ln.key, 0.0), -ln.added_in)):
        if total <= budget:
            break
        out.append(
            Pruning(
                line, "remove", f"the directives are over the {budget}-token budget; it has the least value"
            )
        )
        total -= estimate_tokens(line.text) + 1
    return out
