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
from django.db.models import Count, F, Q, Sum, Value
from django.db.models.functions import Coalesce, NullIf

from improver.models import SessionSignal
from improver.signals import ANY
from telemetry.models import SessionSeen, SkillOutcome
from telemetry.sessions import open_session_sql


def _window(version_ids: list[int], since: datetime | None) -> Q:
    window = Q(template_version_id__in=version_ids)
    return window & Q(received_at__gte=since) if since is not None else window


def _named(rows, key):
    return rows.annotate(v=F("template_version_id"), a=F("agent_id"), k=key).values_list("v", "a", "k")


def _count_distinct(querysets) -> dict[int, int]:
    """COUNT(*) per version over the UNION (distinct rows) of (v, a, k) querysets."""
    parts, params = [], []
    for qs in querysets:
        sql, p = qs.query.sql_with_params()
        parts.append(f"SELECT DISTINCT * FROM ({sql}) AS q{len(parts)}")
        params += list(p)
    sql = f"SELECT v, COUNT(*) FROM ({' UNION '.join(parts)}) AS u GROUP BY v"
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return {v: n for v, n in cursor.fetchall() if v is not None}


def session_counts(version_ids: list[int], since: datetime | None = None) -> dict[int, int]:
    """Sessions per version (first seen since `since`, when given). Every session has one row in
    SessionSeen, whether an event opened it or only a failure signal named it, so this is one
    COUNT per version over the (version, first received) index."""
    seen = SessionSeen.objects.filter(template_version_id__in=version_ids)
    if since is not None:
        seen = seen.filter(first_received_at__gte=since)
    return dict(
        seen.values("template_version_id").annotate(n=Count("id")).values_list("template_version_id", "n")
    )


def signal_counts(
    version_ids: list[int],
    signals: tuple[str, ...],
    since: datetime | None = None,
    composites: dict[str, tuple[str, ...]] | None = None,
) -> dict[tuple[int, str], int]:
    """Sessions showing each signal per version, ANY (any signal at all) included: each is one
    row per session, so a COUNT over the (version, signal, time) index. Each of `composites`
    (name → signals) counts the sessions showing any of its signals, distinct."""
    rows = SessionSignal.objects.filter(_window(version_ids, since))
    out = {
        (r["template_version_id"], r["signal"]): r["n"]
        for r in rows.filter(signal__in=signals)
        .values("template_version_id", "signal")
        .annotate(n=Count("id"))
    }
    for name, members in (composites or {}).items():
        shown = rows.filter(signal__in=members)
        out.update({(v, name): n for v, n in _count_distinct([_named(shown, F("session_id"))]).items()})
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


def _verdict(ci, role: str, margin) -> str:
    """A metric's standing in words: its interval against what its role needs."""
    if not ci:
        return "not yet"
    if ci[1] > 0:
        return "worse"
    if role == "target":
        return "better" if ci[2] < 0 else "not yet better"
    if margin is None:
        return ""
    return "within margin" if ci[2] < margin else "not yet within margin"


def rollout_status(rollout) -> dict:
    """What a rollout tests and where its test stands, from its last check: each metric with its
    role (target or guard), both arms' sessions showing it, the interval, and the sentence the
    review page and the dashboard print."""
    last = rollout.last_check or {}
    targets = last.get("targets") or rollout.targets or [ANY]
    judged_on = last.get("judged_on") or targets[:1]
    rows, sessions = [], {"candidate": 0, "champion": 0}
    roles, margin = last.get("roles") or {}, last.get("margin")
    for metric, arms in last.get("arms", {}).items():
        (cn, cf), (bn, bf) = arms["candidate"], arms["champion"]
        sessions = {"candidate": cn, "champion": bn}
        ci = last.get("intervals", {}).get(metric)
        role = roles.get(metric) or ("target" if metric in judged_on else "guardrail")
        needs = "below 0" if role == "target" else (f"below {margin:+.0%}" if margin is not None else "")
        rows.append(
            {
                "metric": metric,
                "role": "judged on" if metric in judged_on and len(targets) > 1 else role,
                "candidate": f"{cf} of {cn}" + (f" ({cf / cn:.0%})" if cn else ""),
                "champion": f"{bf} of {bn}" + (f" ({bf / bn:.0%})" if bn else ""),
                "interval": f"{ci[0]:+.1%} ({ci[1]:+.1%} … {ci[2]:+.1%})" if ci else "not yet",
                "must": needs,
                "verdict": _verdict(ci, role, margin),
            }
        )
    together = ", judged together: sessions showing any of them" if len(targets) > 1 else ""
    tests = (
        f"Promotes when {', '.join(targets)} is significantly lower{together} and every guardrail is "
        "shown within its margin; rolls back when any signal is significantly worse."
    )
    if rollout.status in ("promoted", "rolled_back", "aborted"):
        where = f"Decided: {rollout.reason or last.get('reason', '')}"
    elif last.get("needed") is not None and last["needed"] > 100_000:
        where = "No number of sessions this fleet could send would decide it at the differences seen so far."
    elif last.get("needed") is not None:
        look = "the final look" if last.get("look") != "final" else "a decision"
        where = f"About {last['needed']} more sessions per arm for {look} at the differences seen so far."
    else:
        where = "Collecting evidence: no difference on the targets yet."
    return {
        "targets": list(targets),
        "judged_on": list(judged_on),
        "rows": rows,
        "sessions": sessions,
        "summary": f"{tests} {where}",
    }


# Cost, tokens and time as guardrails: the share of each arm's sessions whose total lies above
# the champion's 90th percentile over the same window (about 10% on the champion by construction;
# a change that makes sessions dearer or slower shows as a larger share on the candidate), tested
# like every other rate. Sessions are known by their skill outcomes' `session_id`, or for an
# outcome sent without one, by the session its agent had open.
USAGE = {
    "cost_over_champion_p90": "cost",
    "tokens_over_champion_p90": "tokens",
    "duration_over_champion_p90": "duration",
}
USAGE_MIN_SESSIONS = 10  # champion sessions with a value before its 90th percentile means anything


def usage_over_champion(
    version_ids: list[int], champion_id: int, since: datetime | None = None
) -> dict[tuple[int, str], int]:
    """Per version and usage metric (USAGE), the sessions whose total cost, tokens or duration
    lies above the champion's 90th percentile; a metric the champion has too few sessions with
    a value of is left out. Totals per session are summed in SQL; an outcome sent without a
    session counts in the one its agent had open when it arrived."""
    rows = (
        SkillOutcome.objects.filter(_window(version_ids, since))
        .annotate(session=Coalesce(NullIf("session_id", Value("")), open_session_sql()))
        .exclude(session__isnull=True)
        .values("template_version_id", "agent_id", "session")
        .annotate(
            cost=Sum("cost_usd"),
            tokens=Sum(Coalesce("input_tokens", 0) + Coalesce("output_tokens", 0)),
            duration=Sum("duration_ms"),
        )
        .values_list("template_version_id", "cost", "tokens", "duration")
    )
    totals: dict[int, dict[str, list[float]]] = {}
    for version, cost, tokens, duration in rows.iterator(chunk_size=5000):
        mine = totals.setdefault(version, {"cost": [], "tokens": [], "duration": []})
        for name, value in (("cost", cost), ("tokens", tokens), ("duration", duration)):
            if value:
                mine[name].append(float(value))
    out: dict[tuple[int, str], int] = {}
    champion = totals.get(champion_id, {})
    for metric, name in USAGE.items():
        values = sorted(champion.get(name, []))
        if len(values) < USAGE_MIN_SESSIONS:
            continue
        p90 = values[max(0, -(-9 * len(values) // 10) - 1)]
        for version in version_ids:
            out[(version, metric)] = sum(v > p90 for v in totals.get(version, {}).get(name, []))
    return out
