"""A rollout's test in words and numbers for the pages that show it (the review page, the
rollout's admin page, the dashboard, the demo): each metric's role, both arms, the interval, what
it must clear, the verdict and the recommendation, read from the rollout's stored checks. The
counts themselves are improver.outcomes'."""

from datetime import datetime

from config import charts
from improver.outcomes import USAGE_FIELDS
from improver.signals import ANY

# What each signal row of a rollout shows, in the order every page prints it.
SIGNAL_COLUMNS = ("signal", "role", "canary", "champion", "difference (interval)", "must lie", "verdict")


def signal_cells(row: dict) -> tuple:
    return (
        row["metric"],
        row["role"],
        row["candidate"],
        row["champion"],
        row["interval"],
        row["must"],
        row["verdict"],
    )


def rollout_series(rollout, metric: str) -> dict:
    """Both arms' rate of `metric` at every check of the rollout, for its chart: the points, a
    legend with the sessions behind the last ones, and the window from its start (or first
    check) to its decision (or last check)."""
    series = {"candidate": [], "champion": []}
    counts = {"candidate": (0, 0), "champion": (0, 0)}
    times = []
    for check in rollout.history:
        at = datetime.fromisoformat(check["at"])
        times.append(at)
        for arm in series:
            n, failed = check.get("arms", {}).get(metric, {}).get(arm, [0, 0])
            series[arm].append((at, failed / n if n else None))
            counts[arm] = (failed, n)
    legend = {
        arm: f"{'canary' if arm == 'candidate' else 'champion'}: {f} of {n} sessions"
        + (f" ({f / n:.0%})" if n else "")
        for arm, (f, n) in counts.items()
    }
    start = min([rollout.started_at, *times])
    end = max([rollout.decided_at or rollout.started_at, *times])
    return {"series": series, "legend": legend, "window": (start, end)}


def rollout_chart(drawn: dict, *, rollout_id: int, title: str) -> str:
    """The chart of what `rollout_series` drew of a rollout: both arms on one scale, with the
    sessions behind their last points under it."""
    return charts.time_chart(
        drawn["series"],
        title=title,
        window=drawn["window"],
        chart_id=f"chart-rollout-{rollout_id}",
        share=True,
        legend=drawn["legend"],
    )


def _verdict(ci, role: str, margin, shown: bool) -> str:
    """A metric's standing in words: its interval against what its role needs."""
    if not ci:
        return "not yet"
    if ci[1] > 0:
        return "worse"
    if role == "target":
        return "better" if shown or ci[2] < 0 else "not yet better"
    if margin is None:
        return ""
    return "within margin" if shown or ci[2] < margin else "not yet within margin"


def _arm(metric: str, y, n) -> str:
    if metric in USAGE_FIELDS:
        return f"{y / n:,.4g} per success ({n} successes)" if n else "no successes"
    return f"{y} of {n}" + (f" ({y / n:.0%})" if n else "")


def _diff(metric: str, value: float, level: float) -> str:
    if metric in USAGE_FIELDS:
        return f"{value / level if level else 0.0:+.1%}"
    return f"{value:+.1%}"


def rollout_status(rollout) -> dict:
    """What a rollout tests and where its test stands, from its last check: each metric with its
    role (target or guard), both arms' sessions showing it, the interval, what it must clear, and
    the sentences the review page and the dashboard print, the recommendation among them."""
    last = rollout.last_check or {}
    targets = last.get("targets") or rollout.targets or [ANY]
    judged_on = last.get("judged_on") or targets[:1]
    rows, sessions = [], {"candidate": 0, "champion": 0}
    roles, margins = last.get("roles") or {}, last.get("margins") or {}
    shown = set(last.get("shown") or ())
    for metric, arms in last.get("arms", {}).items():
        (cn, cf), (bn, bf) = arms["candidate"], arms["champion"]
        if metric not in USAGE_FIELDS:
            sessions = {"candidate": cn, "champion": bn}
        level = bf / bn if bn else 0.0
        ci = last.get("intervals", {}).get(metric)
        role = roles.get(metric) or ("target" if metric in judged_on else "guardrail")
        margin = margins.get(metric, last.get("margin"))
        needs = (
            "below 0"
            if role == "target"
            else (f"below {_diff(metric, margin, level)}" if margin is not None else "")
        )
        rows.append(
            {
                "metric": metric,
                "role": "judged on" if metric in judged_on and len(targets) > 1 else role,
                "candidate": _arm(metric, cf, cn),
                "champion": _arm(metric, bf, bn),
                "interval": (
                    f"{_diff(metric, ci[0], level)} ({_diff(metric, ci[1], level)} … "
                    f"{_diff(metric, ci[2], level)})"
                    if ci
                    else "not yet"
                ),
                "must": needs,
                "verdict": _verdict(ci, role, margin, metric in shown),
            }
        )
    together = ", judged together: sessions showing any of them" if len(targets) > 1 else ""
    tests = (
        f"Promotes when {', '.join(targets)} is significantly lower{together} and every guardrail is "
        "shown within its margin; rolls back when any signal is significantly worse."
    )
    advice = last.get("advice") or None
    if rollout.status in ("promoted", "rolled_back", "aborted"):
        where = f"Decided: {rollout.reason or last.get('reason', '')}"
    elif last.get("needed") is not None and last["needed"] > 100_000:
        where = "No number of sessions this fleet could send would decide it at the differences seen so far."
    elif last.get("needed") is not None:
        where = (
            f"About {last['needed']} more sessions per arm would decide it at the differences seen so far."
        )
    else:
        where = "Collecting evidence: no difference on the targets yet."
    recommendation = ""
    if advice and rollout.status not in ("promoted", "rolled_back", "aborted"):
        figures = "; ".join(advice.get("figures") or ())
        recommendation = f"Recommended: {advice['action']}: {advice['why']}" + (
            f" ({figures})" if figures else ""
        )
    return {
        "targets": list(targets),
        "judged_on": list(judged_on),
        "rows": rows,
        "sessions": sessions,
        "summary": f"{tests} {where}",
        "recommendation": recommendation,
        "advice": advice if recommendation else None,
    }


# Cost, tokens and time per unit of work: each agent's totals over its successful skill outcomes,
# so that a change that lets agents finish more work is not charged for it, and one that does the
# same work dearer is. Outcomes sent without a session count as well: they are the work.
