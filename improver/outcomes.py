"""Sessions and their failure signals per template version, counted in SQL (reads).

A session is known from any event that names it (a tool call, a skill outcome, a decision, a
session end) or shows a signal; an event sent without a session counts in the session its agent had
open when it arrived, or in none (never as a clean session of its own). Every such session has
its row in SessionSeen, and each signal (ANY, "some failure", among them) one row per session in
SessionSignal, so the counts are COUNTs over their indexes, with no DISTINCT over a window. These
counts feed the canary (per arm since the rollout started), the directive ledger (per version)
and the dashboard.
"""

from datetime import datetime

from django.db import connection
from django.db.models import Count, F, FloatField, Q, Sum
from django.db.models.functions import Cast, Coalesce

from improver.models import SessionSignal
from improver.signals import ANY
from telemetry.models import SessionSeen, SkillOutcome


def _window(version_ids: list[int], since: datetime | None, until: datetime | None = None) -> Q:
    window = Q(template_version_id__in=version_ids)
    if since is not None:
        window &= Q(received_at__gte=since)
    return window & Q(received_at__lt=until) if until is not None else window


def _named(rows, key):
    return rows.annotate(v=F("template_version_id"), a=F("agent_id"), k=key).values_list("v", "a", "k")


def _count_distinct(querysets, per_agent: bool = False) -> dict:
    """COUNT(*) per version (or per version and agent) over the UNION (distinct rows) of (v, a, k)
    querysets."""
    parts, params = [], []
    for qs in querysets:
        sql, p = qs.query.sql_with_params()
        parts.append(f"SELECT DISTINCT * FROM ({sql}) AS q{len(parts)}")
        params += list(p)
    by = "v, a" if per_agent else "v"
    sql = f"SELECT {by}, COUNT(*) FROM ({' UNION '.join(parts)}) AS u GROUP BY {by}"
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        if per_agent:
            return {(v, a): n for v, a, n in cursor.fetchall() if v is not None}
        return {v: n for v, n in cursor.fetchall() if v is not None}


def session_counts(
    version_ids: list[int],
    since: datetime | None = None,
    *,
    until: datetime | None = None,
    per_agent: bool = False,
) -> dict:
    """Sessions per version (first seen in [`since`, `until`), when given), or per (version,
    agent) with `per_agent`. Every session has one row in SessionSeen, whether an event opened it
    or only a failure signal named it, so this is one COUNT per version over the (version, first
    received) index."""
    seen = SessionSeen.objects.filter(template_version_id__in=version_ids)
    if since is not None:
        seen = seen.filter(first_received_at__gte=since)
    if until is not None:
        seen = seen.filter(first_received_at__lt=until)
    keys = ("template_version_id", "agent_id") if per_agent else ("template_version_id",)
    rows = seen.values(*keys).annotate(n=Count("id")).values_list(*keys, "n")
    return {(row[:2] if per_agent else row[0]): row[-1] for row in rows}


def signal_counts(
    version_ids: list[int],
    signals: tuple[str, ...],
    since: datetime | None = None,
    composites: dict[str, tuple[str, ...]] | None = None,
    *,
    until: datetime | None = None,
    per_agent: bool = False,
) -> dict:
    """Sessions showing each signal per version, ANY (any signal at all) included: each is one
    row per session, so a COUNT over the (version, signal, time) index. Each of `composites`
    (name → signals) counts the sessions showing any of its signals, distinct. Keys are
    (version, signal), or (version, agent, signal) with `per_agent`."""
    rows = SessionSignal.objects.filter(_window(version_ids, since, until))
    keys = ("template_version_id", "agent_id", "signal") if per_agent else ("template_version_id", "signal")
    out = {
        row[:-1]: row[-1]
        for row in rows.filter(signal__in=signals)
        .values(*keys)
        .annotate(n=Count("id"))
        .values_list(*keys, "n")
    }
    for name, members in (composites or {}).items():
        shown = rows.filter(signal__in=members)
        counted = _count_distinct([_named(shown, F("session_id"))], per_agent)
        out.update({((*k, name) if per_agent else (k, name)): n for k, n in counted.items()})
    return out


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
USAGE_FIELDS = {
    "cost_per_success": "cost",
    "tokens_per_success": "tokens",
    "duration_per_success": "duration",
}


def usage_by_agent(
    version_ids: list[int], since: datetime | None = None, until: datetime | None = None
) -> dict[tuple[int, int], dict[str, float]]:
    """Per (version, agent): successful outcomes, the cost, tokens and milliseconds of all its
    outcomes, and for each how much its outcomes vary around the cell's own ratio (Σ (yᵢ − r·nᵢ)²,
    r the cost per success, nᵢ 1 for a success), all summed in SQL over the (version, received)
    window."""
    tokens = Coalesce("input_tokens", 0) + Coalesce("output_tokens", 0)
    measures = {"cost": F("cost_usd"), "tokens": tokens, "duration": F("duration_ms")}
    won = Q(success=True)
    sums = {}
    for name, value in measures.items():
        sums[name] = Sum(value)
        as_float = Cast(value, FloatField())  # a square of milliseconds overflows a 32-bit integer
        sums[f"{name}_sq"] = Sum(as_float * as_float)
        sums[f"{name}_won"] = Sum(value, filter=won)
    rows = (
        SkillOutcome.objects.filter(_window(version_ids, since, until))
        .values("template_version_id", "agent_id")
        .annotate(successes=Count("id", filter=won), **sums)
    )
    out = {}
    for r in rows:
        cell = {"successes": r["successes"]}
        for name in measures:
            total, square, won_total = (float(r[k] or 0) for k in (name, f"{name}_sq", f"{name}_won"))
            ratio = total / r["successes"] if r["successes"] else 0.0
            cell[name] = total
            cell[f"{name}_ss"] = square - 2 * ratio * won_total + ratio * ratio * r["successes"]
        out[(r["template_version_id"], r["agent_id"])] = cell
    return out
