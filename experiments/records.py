"""What one check of a canary saw and decided, as it is kept (pure): every page words it from here."""

from datetime import datetime

from experiments.estimate import Cell


def check_record(
    *,
    targets: tuple[str, ...],
    judged_on: tuple[str, ...],
    arms: dict[str, tuple[list[Cell], list[Cell]]],
    verdict,
    now: datetime,
    looks: tuple,
) -> dict:
    """The arms' totals per metric, each interval, the roles and margins, the verdict with its
    reasons, the exact tests and the recommendation."""
    return {
        "at": now.isoformat(),
        "targets": list(targets),
        "judged_on": list(judged_on),
        "arms": {
            m: {
                "candidate": [sum(c.n for c in cand), sum(c.y for c in cand)],
                "champion": [sum(c.n for c in champ), sum(c.y for c in champ)],
                "agents": len({c.agent for c in (*cand, *champ)}),
            }
            for m, (cand, champ) in arms.items()
        },
        "intervals": {m: [ci.diff, ci.low, ci.high] for m, ci in verdict.intervals.items()},
        "roles": verdict.roles or {},
        "margins": verdict.margins,
        "shown": list(verdict.shown),
        "look": verdict.look,
        "looks": [*looks, verdict.look] if verdict.look else list(looks),
        "needed": verdict.needed,
        "blocked": list(verdict.blocked),
        "missing": list(verdict.missing),
        "reachable": verdict.reachable,
        "days_to_decide": verdict.days_to_decide,
        "exact": {m: {"p_worse": e.p_worse, "p_better": e.p_better} for m, e in verdict.exact.items()},
        "action": verdict.action,
        "reason": verdict.reason,
        "advice": (
            {
                "action": verdict.advice.action,
                "why": verdict.advice.why,
                "figures": list(verdict.advice.figures),
            }
            if verdict.advice
            else None
        ),
    }
