"""The improver's weekly report as markdown, from plain facts (pure)."""

from dataclasses import dataclass, field
from datetime import datetime

from experiments.metrics import signal_words


@dataclass(frozen=True)
class ReportFacts:
    template: str
    since: datetime
    until: datetime
    reviewed: dict[tuple[str, str], int]  # (sentiment, category) → items in the window
    minimum: int
    proposed: str = ""  # the proposal's title, empty when nothing was proposed
    additions: tuple[str, ...] = ()
    no_change_reason: str = ""
    left_out: tuple[dict, ...] = ()  # lines considered and not proposed: {"line", "why", "sessions", …}
    decisions: tuple[dict, ...] = ()  # not yet reported: {"proposal", "verdict", "rating", "reason"}
    effect: dict = field(default_factory=dict)  # performance_delta of the head version
    signals: dict = field(default_factory=dict)  # signal → (previous version's rate, head's rate)


def confidence(facts: ReportFacts) -> float:
    """0.3 below the feedback gate; then grows with the evidence, 1.0 from 4× the minimum."""
    total = sum(facts.reviewed.values())
    if total < facts.minimum:
        return 0.3
    return round(min(1.0, 0.5 + 0.5 * (total - facts.minimum) / (3 * max(facts.minimum, 1))), 2)


def _pct(value) -> str:
    return "—" if value is None else f"{100 * value:.0f}%"


def render(facts: ReportFacts) -> str:
    total = sum(facts.reviewed.values())
    lines = [
        f"# Weekly one-on-one: {facts.template}",
        f"{facts.since:%Y-%m-%d %H:%M} → {facts.until:%Y-%m-%d %H:%M} UTC",
        "",
        f"## Reviewed: {total} feedback item(s)"
        + (f" (fewer than {facts.minimum}: no review)" if total < facts.minimum else ""),
    ]
    for (sentiment, category), count in sorted(facts.reviewed.items(), key=lambda kv: (-kv[1], kv[0])):
        lines.append(f"- {sentiment} · {category}: {count}")
    lines += ["", "## Proposed"]
    if facts.proposed:
        lines.append(f"- {facts.proposed}")
        lines += [f"  - adds: {text}" for text in facts.additions]
    else:
        lines.append(f"- nothing: {facts.no_change_reason or 'no change called for'}")
        lines += [
            f"  - left out: {c['line']} ({c.get('sessions', 0)} sessions, "
            f"{c.get('people', 0)} people): {c['why']}"
            for c in facts.left_out
        ]
    lines += ["", "## Decided since the last one-on-one"]
    if facts.decisions:
        for d in facts.decisions:
            rating = f", rated {d['rating']}/5" if d.get("rating") else ""
            reason = f": {d['reason']}" if d.get("reason") else ""
            verdict = {"confirmed": "approved"}.get(d["verdict"], d["verdict"])
            lines.append(f"- proposal #{d['proposal']} {verdict}{rating}{reason}")
    else:
        lines.append("- no decisions")
    lines += ["", "## Effect of the last evolution"]
    e = facts.effect
    if e.get("previous_version"):
        lines.append(
            f"- v{e['previous_version']} → v{e['current_version']}: success "
            f"{_pct(e.get('previous_success_rate'))} → {_pct(e.get('current_success_rate'))}, rating "
            f"{e.get('previous_avg_rating') or '—'} → {e.get('current_avg_rating') or '—'}"
        )
    else:
        lines.append("- not measurable yet: the template has one version")
    if facts.signals:
        lines += ["", "## Sessions showing each failure signal (previous version → head)"]
        for signal, (before, after) in facts.signals.items():
            lines.append(f"- {signal_words(signal)}: {_pct(before)} → {_pct(after)}")
    return "\n".join(lines) + "\n"
