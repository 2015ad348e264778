"""Reads of lines under test: the open factors of a template and each level's arms, counted in SQL.

A level's arms are the sessions drawn to it against the sessions drawn to none of the factor's
levels, one cell per agent (every agent runs both, so each is its own control). A line learned
from what the sessions an agent hands work to suffered is judged there: its target is counted in
the handed sessions, per drawn session. Sessions are
counted from the draws themselves (every session whose read named it, whether or not it went on
to fail), and a session's failure signals wherever they arrived from, so a session is counted once,
on the arm it was served.
"""

from django.db import connection
from django.db.models import Count

from experiments.estimate import Cell
from experiments.metrics import ANY, GUARDS, OTHER, TARGETS, other_kinds
from experiments.models import LineExposure, LineFactor
from experiments.rule import USAGE
from learning.models import SessionSignal
from learning.signals import ABOUT
from telemetry.models import SessionLink, SkillOutcome

DOWNSTREAM = "downstream:"  # a target read in the sessions a session hands work to: "downstream:<signal>"


def downstream(signal: str) -> str | None:
    """The signal a downstream target reads in the handed sessions, or None for a session's own."""
    return signal[len(DOWNSTREAM) :] if signal.startswith(DOWNSTREAM) else None


def open_factors(template_id: int) -> list[LineFactor]:
    return list(
        LineFactor.objects.filter(template_id=template_id, status__in=LineFactor.OPEN)
        .select_related("proposal")
        .order_by("pk")
    )


def promoted_lines(template_id: int) -> list[tuple[str, dict]]:
    """Each line the template's line tests promoted, with the evidence it was proposed on (the
    addition of its promoted level), in the order they were started."""
    factors = LineFactor.objects.filter(
        template_id=template_id, status=LineFactor.Status.PROMOTED, promoted_level__gte=1
    ).order_by("pk")
    out = []
    for factor in factors:
        if factor.promoted_level <= len(factor.levels):
            level = factor.levels[factor.promoted_level - 1]
            out += [(text, level.get("addition") or {}) for text in level.get("add", ())]
    return out


def taken_back(template_id: int) -> list[LineFactor]:
    """The template's line tests a test rolled back or a human aborted, in the order they ended."""
    ended = (LineFactor.Status.ROLLED_BACK, LineFactor.Status.ABORTED)
    return list(
        LineFactor.objects.filter(template_id=template_id, status__in=ended).order_by("decided_at", "pk")
    )


def judged_on(targets: tuple[str, ...]) -> tuple[str, ...]:
    """What a level's promotion is judged on: its one target, or sessions showing any of them
    (the several sessions downstream a hand-off line was learned from). A remedy's targets — the
    complaints naming the thing it acts on, and their category — are two measures of one problem,
    the second gathering complaints about other things too: each is judged, either suffices."""
    if len(targets) == 1 or any(t.startswith(ABOUT) for t in targets):
        return targets
    return (TARGETS,)


def level_targets(factor: LineFactor, level: int) -> tuple[str, ...]:
    return tuple(factor.levels[level - 1].get("targets") or (ANY,))


def _signal_counts(factor_id: int, levels: tuple[int, int], names: dict[str, tuple[str, ...]]) -> dict:
    """{(level, agent, metric): sessions showing any of the metric's signals}, one query per metric.
    A downstream metric counts the drawn sessions any session they handed work to showed it in
    (telemetry's SessionLink: the handed session names its parent), so the unit stays the session
    that was drawn."""
    exposure, signal, link = (
        LineExposure._meta.db_table,
        SessionSignal._meta.db_table,
        SessionLink._meta.db_table,
    )
    own = f"JOIN {signal} s ON s.agent_id = e.agent_id AND s.session_id = e.session_key "
    handed = (
        f"JOIN {link} l ON l.parent_session_key = e.session_key "
        f"JOIN {signal} s ON s.agent_id = l.agent_id AND s.session_id = l.session_key "
    )
    out: dict = {}
    single = [m for m, members in names.items() if members == (m,) and not downstream(m)]
    with connection.cursor() as cursor:
        if single:  # every metric that is one signal of the drawn session itself: one query
            marks = ", ".join(["%s"] * len(single))
            cursor.execute(
                f"SELECT e.level, e.agent_id, s.signal, COUNT(*) FROM {exposure} e {own}"
                f"WHERE e.factor_id = %s AND e.level IN (%s, %s) AND s.signal IN ({marks}) "
                "GROUP BY e.level, e.agent_id, s.signal",
                [factor_id, *levels, *single],
            )
            out.update({(lv, agent, signal): n for lv, agent, signal, n in cursor.fetchall()})
        for metric, members in names.items():  # composites and downstream: distinct drawn sessions
            if metric in single:
                continue
            below = [downstream(m) for m in members]
            signals = [b for b in below if b] if all(below) else list(members)
            marks = ", ".join(["%s"] * len(signals))
            cursor.execute(
                f"SELECT e.level, e.agent_id, COUNT(DISTINCT e.id) FROM {exposure} e "
                + (handed if all(below) else own)
                + f"WHERE e.factor_id = %s AND e.level IN (%s, %s) AND s.signal IN ({marks}) "
                "GROUP BY e.level, e.agent_id",
                [factor_id, *levels, *signals],
            )
            out.update({(lv, agent, metric): n for lv, agent, n in cursor.fetchall()})
    return out


def _usage(factor: LineFactor, levels: tuple[int, int]) -> dict:
    """{(level, agent): successes and, per usage metric, the sum and its spread}, over the outcomes
    of the sessions drawn received since the factor started. The session is the unit (it is what
    was drawn): each session's cost (tokens, milliseconds) and successes are summed first, and the
    spread is Σ (yₛ − r·nₛ)² over the sessions, r the cell's cost per success."""
    exposure, outcome = LineExposure._meta.db_table, SkillOutcome._meta.db_table
    tokens = "COALESCE(o.input_tokens, 0) + COALESCE(o.output_tokens, 0)"
    columns = {
        "cost_per_success": "COALESCE(o.cost_usd, 0)",
        "tokens_per_success": tokens,
        "duration_per_success": "COALESCE(o.duration_ms, 0)",
    }
    inner = ", ".join(f"CAST(SUM({v}) AS FLOAT) AS m{i}" for i, v in enumerate(columns.values()))
    outer = ", ".join(f"SUM(m{i}), SUM(m{i} * m{i}), SUM(m{i} * won)" for i in range(len(columns)))
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT level, agent_id, SUM(won), SUM(won * won), {outer} FROM ("
            f"SELECT e.id, e.level, e.agent_id, SUM(CASE WHEN o.success THEN 1 ELSE 0 END) AS won, {inner} "
            f"FROM {exposure} e JOIN {outcome} o ON o.agent_id = e.agent_id AND o.session_id = e.session_key "
            "WHERE e.factor_id = %s AND e.level IN (%s, %s) AND o.received_at >= %s "
            "GROUP BY e.id, e.level, e.agent_id) AS per_session GROUP BY level, agent_id",
            [factor.pk, *levels, factor.started_at],
        )
        rows = cursor.fetchall()
    out = {}
    for level, agent, successes, won_sq, *sums in rows:
        n, n_sq = float(successes or 0), float(won_sq or 0)
        cell = {"successes": n}
        for i, metric in enumerate(columns):
            total, square, cross = (float(x or 0) for x in sums[3 * i : 3 * i + 3])
            ratio = total / n if n else 0.0
            cell[metric] = (total, max(0.0, square - 2 * ratio * cross + ratio * ratio * n_sq))
        out[(level, agent)] = cell
    return out


def level_arms(factor: LineFactor, level: int) -> dict[str, tuple[list[Cell], list[Cell]]]:
    """Per metric (what the level is judged on, each target, the other failures, every guard,
    then usage per success) the level's cells and the none-level's, one per agent."""
    targets = level_targets(factor, level)
    levels = (level, 0)
    names = {t: (t,) for t in (*targets, *GUARDS)}
    if judged_on(targets) == (TARGETS,):
        names[TARGETS] = targets  # one kind each: a line's targets are all its own or all downstream
    own = tuple(t for t in targets if not downstream(t))
    if other_kinds(own):  # a downstream line's own sessions: every failure is another kind
        names[OTHER] = other_kinds(own)
    sessions = {
        (row["level"], row["agent_id"]): row["n"]
        for row in LineExposure.objects.filter(factor=factor, level__in=levels)
        .values("level", "agent_id")
        .annotate(n=Count("id"))
    }
    shown = _signal_counts(factor.pk, levels, names)
    arms = {}
    for metric in dict.fromkeys((*judged_on(targets), *names)):
        cells = tuple(
            [
                Cell(agent, n, shown.get((lv, agent, metric), 0))
                for (lv, agent), n in sorted(sessions.items())
                if lv == arm
            ]
            for arm in levels
        )
        if metric in (*judged_on(targets), OTHER) or any(c.y for arm in cells for c in arm):
            arms[metric] = cells
    usage = _usage(factor, levels)
    for metric in USAGE:
        cells = tuple(
            [
                Cell(agent, row["successes"], row[metric][0], None, row[metric][1])
                for (lv, agent), row in sorted(usage.items())
                if lv == arm and row["successes"]
            ]
            for arm in levels
        )
        if all(cells) and any(c.y for c in cells[1]):
            arms[metric] = cells
    return arms
