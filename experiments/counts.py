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

from learning.models import SessionSignal
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
