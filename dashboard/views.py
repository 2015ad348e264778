from datetime import UTC, datetime, time, timedelta

from django.contrib import admin
from django.contrib.admin.views.decorators import staff_member_required
from django.shortcuts import render

from config import charts, clock
from dashboard import selectors
from experiments.words import rollout_chart


@staff_member_required
def dashboard(request):
    """Fleet trends, template timelines, pending reviews, friction, patterns and the board."""
    now = clock.now()
    trend = selectors.fleet_trend(now=now)
    cost = selectors.daily_cost(now=now)
    board = selectors.board_status_counts()
    friction = selectors.top_friction()
    # The time axis is the data's own window: from the first point (at least an hour back) to now.
    since = min([p["at"] for p in trend] + [now - timedelta(hours=1)])
    last = trend[-1] if trend else None
    days = [datetime.combine(p["day"], time(12), tzinfo=UTC) for p in cost]
    context = {
        **admin.site.each_context(request),
        "title": "Kaizen dashboard",
        "success_chart": charts.time_chart(
            {"success": [(p["at"], p["success_rate"]) for p in trend]},
            title="Fleet success rate",
            window=(since, now),
            chart_id="chart-success",
            share=True,
            legend={"success": _last_rate(last)},
        ),
        "latency_chart": charts.time_chart(
            {"p95": [(p["at"], p["p95_ms"]) for p in trend]},
            title="Fleet p95 latency",
            window=(since, now),
            unit=" ms",
            chart_id="chart-latency",
            legend={"p95": f"of {last['outcomes']} outcomes in the window" if last else ""},
        ),
        "cost_chart": charts.time_chart(
            {"cost": [(at, p["cost_usd"]) for at, p in zip(days, cost, strict=True)]},
            title="Daily cost (USD), the largest 24 h spend seen each day",
            window=(min(days + [now - timedelta(days=1)]), now),
            chart_id="chart-cost",
            legend={"cost": f"{len(cost)} day{'' if len(cost) == 1 else 's'} with spend"},
        ),
        "board_chart": charts.bar_chart(list(board.items()), title="Board by status", chart_id="chart-board"),
        "friction_chart": charts.bar_chart(
            [(f"{f['tool']} {f['failure_mode']}", f["events"]) for f in friction],
            title="Top friction events",
            chart_id="chart-friction",
        ),
        "timelines": selectors.template_timelines(),
        "pending": selectors.pending_reviews(),
        "handed_over": selectors.handed_over_rollouts(),
        "line_tests_handed_over": selectors.handed_over_line_tests(),
        "decided": selectors.decided_rollouts(now=now),
        "anti_patterns": selectors.anti_patterns(),
        "chronic": selectors.chronic_failures(),
        "board": board,
        "escalations": selectors.recent_escalations(),
        "latest": selectors.latest_fleet(),
        "dispatches": selectors.open_dispatches(),
        "unmapped": selectors.unmapped_spans(),
        "rollouts": [
            {
                **r,
                "chart": rollout_chart(
                    r,
                    rollout_id=r["id"],
                    title=f"{r['template']} {r['versions']}: sessions with {r['metric']}",
                ),
            }
            for r in selectors.rollouts()
        ],
        "line_tests": [
            {
                **r,
                "chart": rollout_chart(
                    r, rollout_id=r["id"], title=f"{r['template']}: sessions with {r['metric']}"
                ),
            }
            for r in selectors.line_tests()
        ],
    }
    return render(request, "dashboard/index.html", context)


def _last_rate(point: dict | None) -> str:
    if not point or point["success_rate"] is None:
        return ""
    return f"last: {point['success_rate']:.0%} of {point['outcomes']} outcomes"
