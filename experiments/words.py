"""A canary's test in words and numbers for the pages that show it (the review page, the
rollout's and the line test's admin pages, the dashboard, the demo): each metric's role, both
arms, the interval, what it must clear, the verdict and the recommendation, read from the stored
checks. Every sentence a page says of a canary is made here."""

from datetime import datetime

from config import charts
from config.kaizen import default
from experiments.metrics import ANY, signal_list, signal_words
from experiments.rule import USAGE

# What each signal row of a rollout shows, in the order every page prints it.
SIGNAL_COLUMNS = ("signal", "role", "canary", "champion", "difference (interval)", "needs", "verdict")
# The unit of each usage metric per success, so no figure stands without one.
UNITS = {"cost_per_success": "USD", "tokens_per_success": "tokens", "duration_per_success": "ms"}
ROLE_WORDS = {
    "target": "target (must fall)",
    "guardrail": "guardrail (must stay within its margin)",
    "watched": "watched (rolls back only if worse than its margin)",
}


def signal_cells(row: dict) -> tuple:
    return (
        signal_words(row["metric"]),
        row["role"],
        row["candidate"],
        row["champion"],
        row["interval"],
        row["must"],
        row["verdict"],
    )


def rollout_series(rollout, metric: str) -> dict:
    """Both arms' rate of `metric` at every check of the rollout, for its chart (`series`)."""
    return series(rollout.history, metric, rollout.started_at, rollout.decided_at)


def series(checks: list[dict], metric: str, started_at, decided_at, names=("canary", "champion")) -> dict:
    """Both arms' rate of `metric` at every check (each {"at", "arms"}), for a chart: the points,
    a legend with the sessions behind the last ones, and the window from the start (or first
    check) to the decision (or last check). `names` words the candidate's arm and the other."""
    points = {"candidate": [], "champion": []}
    counts = {"candidate": (0, 0), "champion": (0, 0)}
    times = []
    for check in checks:
        at = datetime.fromisoformat(check["at"])
        times.append(at)
        for arm in points:
            n, failed = check.get("arms", {}).get(metric, {}).get(arm, [0, 0])
            points[arm].append((at, failed / n if n else None))
            counts[arm] = (failed, n)
    legend = {
        arm: f"{names[0] if arm == 'candidate' else names[1]}: {f} of {n} sessions"
        + (f" ({f / n:.0%})" if n else "")
        for arm, (f, n) in counts.items()
    }
    start = min([started_at, *times])
    end = max([decided_at or started_at, *times])
    return {"series": points, "legend": legend, "window": (start, end)}


def rollout_chart(drawn: dict, *, rollout_id: int | str, title: str) -> str:
    """The chart of what `series` drew of a canary: both arms on one scale, with the sessions
    behind their last points under it."""
    return charts.time_chart(
        drawn["series"],
        title=title,
        window=drawn["window"],
        chart_id=f"chart-rollout-{rollout_id}",
        share=True,
        legend=drawn["legend"],
    )


EXACT_ALPHA = default("CANARY_ALPHA")  # shared among the signals, as the recommendation shares it


def _verdict(ci, role: str, margin, shown: bool, exact: dict | None, signals: int = 1) -> str:
    """A metric's standing in words: its interval against what its role needs; without an
    interval, what the exact test says, "worse" only at the level shared among the `signals`
    tested (one of a dozen is higher at p < 0.05 by chance more often than not), as the
    recommendation reads it."""
    if not ci:
        p_worse, level = exact.get("p_worse", 1) if exact else 1, EXACT_ALPHA / max(1, signals)
        if p_worse < level:
            return "worse (exact test)"
        if p_worse < EXACT_ALPHA:
            return f"higher (exact p {p_worse:.2f}; worse needs p < {level:.2g} among {signals} signals)"
        if exact and role == "target" and exact.get("p_better", 1) < 0.025:
            return "better (exact test)"
        return "watched" if role == "watched" else "not yet"
    if margin is not None and ci[1] > margin:
        return "worse than its margin"
    if role == "target":
        return "better" if shown or ci[2] < 0 else "not yet better"
    if margin is None:
        return ""
    return "within margin" if shown or ci[2] < margin else "not yet within margin"


def _arm(metric: str, y, n) -> str:
    if metric in USAGE:
        return f"{y / n:,.4g} {UNITS[metric]} per success ({n:,.0f} successes)" if n else "no successes"
    return f"{y} of {n}" + (f" ({y / n:.0%})" if n else "")


def _diff(metric: str, value: float, level: float) -> str:
    """A difference as every page words it: points of sessions for a rate, per cent of the
    champion's level for usage per success."""
    if metric in USAGE:
        return f"{value / level if level else 0.0:+.1%}"
    return f"{value * 100:+.1f} points"


def _row(metric: str, arms: dict, last: dict, role: str, shown: set) -> dict:
    (cn, cf), (bn, bf) = arms["candidate"], arms["champion"]
    level = bf / bn if bn else 0.0
    ci = last.get("intervals", {}).get(metric)
    margin = (last.get("margins") or {}).get(metric, last.get("margin"))
    exact = (last.get("exact") or {}).get(metric)
    if role == "target":
        needs = "below 0"
    elif margin is not None:
        needs = f"below {_diff(metric, margin, level)}"
    else:
        needs = ""
    if ci:
        interval = (
            f"{_diff(metric, ci[0], level)} ({_diff(metric, ci[1], level)} … {_diff(metric, ci[2], level)})"
        )
    elif exact:
        interval = f"exact test: p worse {exact['p_worse']:.2f}, p better {exact['p_better']:.2f}"
    else:
        interval = "not yet"
    return {
        "metric": metric,
        "role": ROLE_WORDS.get(role, role),
        "candidate": _arm(metric, cf, cn),
        "champion": _arm(metric, bf, bn),
        "interval": interval,
        "must": needs,
        "verdict": _verdict(ci, role, margin, metric in shown, exact, len(last.get("exact") or {})),
    }


DECIDED = ("promoted", "rolled_back", "aborted")


def _where(status: str, reason: str, last: dict) -> str:
    """Where the test stands, in one sentence dated by the check it reads."""
    at = last.get("at")
    when = f" (check of {datetime.fromisoformat(at):%Y-%m-%d %H:%M} UTC)" if at else ""
    if status in DECIDED:
        return f"Decided: {reason or last.get('reason', '')}"
    if status == "pinned":  # still checked, never acted on
        return (
            f"Pinned by a human: drawn as it is, with no automatic action; promote or abort decides it{when}."
        )
    if status == "needs_human":  # still checked daily: a person decides, the figures may still move
        return f"Handed to a human: {reason or last.get('reason', '')}{when}."
    if last.get("blocked") or (last.get("needed") or 0) > 100_000:  # checks stored before "blocked"
        what = ", ".join(signal_words(b) for b in last.get("blocked") or ()) or "a guardrail"
        return (
            f"{what} lies at or past its margin: no number of sessions would clear "
            f"it at the differences seen so far{when}."
        )
    days = last.get("days_to_decide")
    if last.get("needed") == 0:  # the sessions are there: the next look decides, or a person weighs a rise
        if "rising" in (last.get("missing") or ()):
            return (
                "More sessions would not decide it: a watched signal is significantly higher, if within "
                f"its margin, for a person to weigh{when}."
            )
        return f"It has the sessions a decision needs: the next daily look decides it{when}."
    if last.get("needed") is not None:
        pace = f", about {days:g} days at this pace" if days else ""
        return f"About {last['needed']} more sessions per arm would decide it{pace}{when}."
    return f"Collecting evidence: no difference on the targets yet{when}."


def rollout_status(rollout) -> dict:
    """What a rollout tests and where its test stands, from its last check (`check_status`)."""
    return check_status(
        rollout.last_check or {}, targets=rollout.targets, status=rollout.status, reason=rollout.reason
    )


def check_status(last: dict, *, targets, status: str, reason: str) -> dict:
    """What a canary (a version, or one level of a line test) tests and where its test stands,
    from its last check: each metric with its role, both arms' sessions showing it, the interval
    (or the exact test when there is none), what it must clear, and the sentences the pages
    print, the recommendation among them. Every figure here reads the same check."""
    targets = last.get("targets") or targets or [ANY]
    judged_on = last.get("judged_on") or targets[:1]
    together = len(targets) > 1 and list(judged_on) != list(targets)  # one metric: any of them
    rows, sessions = [], {"candidate": 0, "champion": 0}
    roles = last.get("roles") or {}
    shown = set(last.get("shown") or ())
    for metric, arms in last.get("arms", {}).items():
        if metric not in USAGE:
            sessions = {"candidate": arms["candidate"][0], "champion": arms["champion"][0]}
        role = roles.get(metric) or ("target" if metric in judged_on else "guardrail")
        row = _row(metric, arms, last, role, shown)
        if metric in judged_on and together:
            row["role"] = "judged on"
        rows.append(row)
    either = " or ".join(map(signal_words, targets)) if not together and len(targets) > 1 else ""
    tests = (
        f"Promotes when {either or signal_list(targets)} is significantly lower"
        f"{', judged together: sessions showing any of them' if together else ''} and each guardrail is "
        "shown within its margin; rolls back when any signal is significantly worse than its margin."
    )
    advice = last.get("advice") or None
    recommendation = ""
    if advice and status not in DECIDED:
        figures = "; ".join(advice.get("figures") or ())
        recommendation = f"Recommended: {advice['action']}: {advice['why']}" + (
            f" ({figures})" if figures else ""
        )
    return {
        "targets": list(targets),
        "judged_on": list(judged_on),
        "rows": rows,
        "sessions": sessions,
        "summary": f"{tests} {_where(status, reason, last)}",
        "recommendation": recommendation,
        "advice": advice if recommendation else None,
    }


def level_title(factor, number: int) -> str:
    """What one level of a line test serves, in words."""
    change = factor.levels[number - 1]
    if change.get("fact"):
        return f"Tries the learned fact “{change.get('text', '')}”"
    if change.get("add") and change.get("remove"):
        return f"Serves “{'; '.join(change['add'])}” instead of “{'; '.join(change['remove'])}”"
    if change.get("add"):
        return f"Adds “{'; '.join(change['add'])}”"
    return f"Removes “{'; '.join(change.get('remove') or [])}”"


def level_status(factor, number: int) -> dict:
    """One level of a line test where its test stands (`check_status`), with its own status:
    rolled back while others run, or the factor's."""
    status = "rolled_back" if number in (factor.dropped_levels or []) else factor.status
    if factor.status == "promoted":
        status = "promoted" if number == factor.promoted_level else "rolled_back"
    change = factor.levels[number - 1]
    return check_status(
        (factor.last_check or {}).get(str(number)) or {},
        targets=list(change.get("targets") or [ANY]),
        status=status,
        reason=factor.reason,
    )


def level_series(factor, number: int, metric: str) -> dict:
    """The level's and the none-level's rate of `metric` at every check, for its chart."""
    checks = [
        {"at": point["at"], "arms": (point.get("levels", {}).get(str(number)) or {}).get("arms", {})}
        for point in factor.history
    ]
    return series(checks, metric, factor.started_at, factor.decided_at, names=("with the line", "without"))
