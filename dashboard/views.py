from django.contrib import admin
from django.contrib.admin.views.decorators import staff_member_required
from django.shortcuts import render

from dashboard import charts, selectors


@staff_member_required
def dashboard(request):
    """Fleet trends, template timelines, pending reviews, friction, patterns and the board."""
    trend = selectors.fleet_trend()
    cost = selectors.daily_cost()
    board = selectors.board_status_counts()
    friction = selectors.top_friction()
    context = {
        **admin.site.each_context(request),
        "title": "Kaizen dashboard",
        "success_chart": charts.line_chart(
            [(f"{p['at']:%m-%d %H:%M}", p["success_rate"]) for p in trend],
            title="Fleet success rate",
            chart_id="chart-success",
            share=True,
        ),
        "latency_chart": charts.line_chart(
            [(f"{p['at']:%m-%d %H:%M}", p["p95_ms"]) for p in trend],
            title="Fleet p95 latency",
            unit=" ms",
            chart_id="chart-latency",
        ),
        "cost_chart": charts.line_chart(
            [(f"{p['day']:%m-%d}", p["cost_usd"]) for p in cost],
            title="Daily cost (USD)",
            chart_id="chart-cost",
        ),
        "board_chart": charts.bar_chart(list(board.items()), title="Board by status", chart_id="chart-board"),
        "friction_chart": charts.bar_chart(
            [(f"{f['tool']} {f['failure_mode']}", f["events"]) for f in friction],
            title="Top friction events",
            chart_id="chart-friction",
        ),
        "timelines": selectors.template_timelines(),
        "pending": selectors.pending_reviews(),
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
                "candidate_chart": charts.line_chart(
                    r["series"]["candidate"],
                    title=f"{r['template']} canary: sessions with {r['metric']}",
                    chart_id=f"chart-rollout-{r['id']}-candidate",
                    share=True,
                ),
                "champion_chart": charts.line_chart(
                    r["series"]["champion"],
                    title=f"{r['template']} champion: sessions with {r['metric']}",
                    chart_id=f"chart-rollout-{r['id']}-champion",
                    share=True,
                ),
            }
            for r in selectors.rollouts()
        ],
    }
    return render(request, "dashboard/index.html", context)
