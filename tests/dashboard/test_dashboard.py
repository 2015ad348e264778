from datetime import UTC, datetime, timedelta

import pytest
from django.test import Client

from config import charts
from dashboard import selectors
from fleet.templates import template_version_create
from governance.board.services import task_create
from governance.models import Proposal
from learning.models import FrictionEvent
from planner.models import Alert, FleetSnapshot, PatternStats
from tests.conftest import FIXED_NOW
from tests.factories import UserFactory, approver
from tests.planner.helpers import client_for

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("clock")]
NOW = FIXED_NOW.replace(minute=30)


def snapshot(at, success, p95, cost):
    return FleetSnapshot.objects.create(
        minute=at,
        generated_at=at,
        window_hours=24,
        max_failure_rate_1h=0,
        total_cost_usd_1d=cost,
        orphaned_skill_count=0,
        fleet_success_rate=success,
        fleet_p95_latency_ms=p95,
        total_outcomes=10,
    )


def test_fleet_trend_averages_snapshots_per_hour_and_daily_cost_takes_the_max():
    snapshot(NOW - timedelta(hours=2), 0.5, 100, 1.0)
    snapshot(NOW - timedelta(hours=2, minutes=-1), 0.7, 300, 2.0)
    snapshot(NOW - timedelta(days=1), 0.9, 50, 5.0)
    trend = selectors.fleet_trend(now=NOW)
    assert [round(t["success_rate"], 2) for t in trend] == [0.9, 0.6]
    assert trend[-1]["p95_ms"] == 200
    costs = selectors.daily_cost(now=NOW)
    assert [c["cost_usd"] for c in costs][-1] == 2.0 and len(costs) == 2


def test_template_timeline_shows_before_and_after_of_an_evolution():
    agent, client = client_for("alice")
    template = agent.template

    def outcomes(ok: int, bad: int, rating: float):
        batch = [
            {
                "type": "skill_outcome",
                "timestamp": (NOW - timedelta(minutes=i)).isoformat(),
                "body": {"skill": f"s{rating}", "success": i < ok, "duration_ms": 10},
            }
            for i in range(ok + bad)
        ]
        batch.append(
            {
                "type": "wake_run",
                "timestamp": NOW.isoformat(),
                "body": {"status": "completed", "duration_ms": 1, "user_rating": rating},
            }
        )
        client.post("/api/v1/ingest", {"batch": batch}, format="json")

    outcomes(1, 3, 0.2)
    template_version_create(
        template=template, directives="better\n", author="improver", provenance={"rating": 4}
    )
    outcomes(3, 1, 0.8)
    [timeline] = [t for t in selectors.template_timelines() if t["template"] == template.slug]
    v2 = timeline["versions"][1]
    assert v2["evolution"] == {"success": "25% of 4 → 75% of 4", "rating": "0.20 → 0.80", "review": 4}
    assert timeline["versions"][0]["evolution"] is None


def test_pending_reviews_link_to_the_admin():
    p = Proposal.objects.create(type="goal", title="Fix it")
    Proposal.objects.create(type="goal", title="Done", status="rejected")
    assert selectors.pending_reviews() == [
        {
            "id": p.pk,
            "type": "goal",
            "title": "Fix it",
            "created_at": p.created_at,
            "url": f"/admin/governance/proposal/{p.pk}/change/",
        }
    ]


def test_top_friction_anti_patterns_and_chronic_failures():
    agent, _ = client_for("alice")
    for i, (tool, mode) in enumerate([("npm", "NOTFOUND"), ("npm", "NOTFOUND"), ("bash", "RUNTIME")]):
        FrictionEvent.objects.create(
            agent=agent, session_id=f"s{i}", tool=tool, failure_mode=mode, count=3, occurred_at=NOW
        )
    assert selectors.top_friction() == [
        {"tool": "npm", "failure_mode": "NOTFOUND", "events": 2},
        {"tool": "bash", "failure_mode": "RUNTIME", "events": 1},
    ]
    PatternStats.objects.create(template=agent.template, name="Big bang", uses=5, failures=4)
    PatternStats.objects.create(template=agent.template, name="Small steps", uses=5, failures=0)
    assert [p["name"] for p in selectors.anti_patterns()] == ["Big bang"]
    Alert.objects.create(
        kind="action_quality", key="alice:s", message="alice:s succeeded 2/10", created_at=NOW
    )
    Alert.objects.create(kind="dispatch_loop", key="g", message="loop", created_at=NOW)
    assert [a["key"] for a in selectors.chronic_failures()] == ["alice:s"]


def test_board_counts_and_escalations():
    task_create(title="a")
    task_create(
        title="[Systemic] Investigate recurring infra_tooling failures",
        dedup_key="systemic:infra_tooling",
        kind="improve",
        source="improve",
        priority="urgent",
    )
    counts = selectors.board_status_counts()
    assert (
        counts["backlog"] == 2
        and counts["done"] == 0
        and set(counts) == {"backlog", "running", "blocked", "done", "cancelled"}
    )
    assert [e["title"] for e in selectors.recent_escalations()] == [
        "[Systemic] Investigate recurring infra_tooling failures"
    ]


T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def test_charts_are_svg_with_one_point_per_value_and_an_empty_state():
    points = [(T0 + timedelta(minutes=m), v) for m, v in ((0, 1.0), (5, 2.0), (10, 1.5))]
    svg = charts.time_chart({"s": points}, title="T", window=(T0, T0 + timedelta(minutes=10)), chart_id="c1")
    assert svg.startswith("<svg") and svg.count("<circle") == 3 and 'id="c1"' in svg
    assert "no data yet" in charts.time_chart({"s": []}, title="T", window=(T0, T0 + timedelta(hours=1)))
    bars = charts.bar_chart([("x", 3), ("y", 1)], title="B")
    assert bars.count('class="kz-bar"') == 2


@pytest.mark.parametrize(
    ("span", "labels"),
    [
        (timedelta(hours=1), ["09:00", "09:30", "10:00"]),  # the first hour: minutes
        (timedelta(days=2), ["03-02 09:00", "03-03 09:00", "03-04 09:00"]),
        (timedelta(days=14), ["03-02", "03-09", "03-16"]),  # later: days
    ],
)
def test_the_time_axis_follows_the_window(span, labels):
    svg = charts.time_chart({"s": [(T0 + span, 0.5)]}, title="T", window=(T0, T0 + span), share=True)
    for label in labels:
        assert f">{label}</text>" in svg, label


def test_a_gap_in_the_data_is_drawn_as_a_gap_and_counts_stand_beside_the_rates():
    days = [T0 + timedelta(days=d) for d in (0, 1, 2, 16, 17)]  # nothing for two weeks
    svg = charts.time_chart(
        {"cost": [(at, 1.0) for at in days]},
        title="Daily cost",
        window=(T0, T0 + timedelta(days=17)),
        legend={"cost": "5 days with spend"},
    )
    assert svg.count("<polyline") == 2 and svg.count("<circle") == 5
    assert ">5 days with spend</text>" in svg


@pytest.mark.parametrize(
    ("title", "legend_y", "height"),
    [
        ("Daily cost", ["20", "34"], 220),  # room for both: the legend beside the title
        ("coder: sessions with tool:npm_install:NOTFOUND.package", ["34", "48"], 248),  # under it
    ],
)
def test_a_legend_too_long_to_stand_beside_the_title_goes_under_it(title, legend_y, height):
    import re

    points = [(T0, 0.2), (T0 + timedelta(days=1), 0.3)]
    svg = charts.time_chart(
        {"candidate": points, "champion": points},
        title=title,
        window=(T0, T0 + timedelta(days=1)),
        legend={
            "candidate": "with the line: 4 of 100 sessions (4%)",
            "champion": "without: 70 of 93 sessions (75%)",
        },
    )
    assert re.findall(r'y="(\d+)" font-size="11"', svg) == legend_y
    assert f'viewBox="0 0 640 {height}"' in svg
    assert (
        max(float(y) for y in re.findall(r'cy="([\d.]+)"', svg)) <= height - 40
    )  # the plot keeps its height


@pytest.mark.parametrize(
    ("values", "share", "bounds"),
    [
        ([1.0], True, (0.0, 1.0)),  # one success rate in the first hour: 0-100%, not 0.996-1.993
        ([0.25, 0.5], True, (0.0, 1.0)),
        ([1800.0], False, (0.0, 2000.0)),  # one latency: from 0 up to a round number
        ([120.0, 480.0], False, (0.0, 500.0)),
        ([0.0123, 0.04], False, (0.0, 0.05)),
        ([0.0, 0.0], False, (0.0, 1.0)),
        ([-3.0, 2.0], False, (-3.0, 2.0)),
        ([7.0], False, (0.0, 10.0)),
        ([2.0], False, (0.0, 2.0)),
    ],
)
def test_chart_axes_are_sane_from_the_first_point(values, share, bounds):
    lo, hi = charts.axis(values, share=share)
    assert (lo, pytest.approx(hi)) == bounds


@pytest.mark.parametrize(
    ("value", "unit", "share", "label"),
    [
        (1800.0, " ms", False, "1,800 ms"),
        (1.0, "", True, "100%"),
        (0.05, "", False, "0.05"),
        (25000.0, " ms", False, "25,000 ms"),
    ],
)
def test_axis_labels_are_whole(value, unit, share, label):
    assert charts.tick(value, unit, share) == label


def test_the_dashboard_needs_staff_and_renders_every_section():
    anonymous = Client().get("/dashboard/")
    assert anonymous.status_code == 302 and "/admin/login/" in anonymous["Location"]
    non_staff = Client()
    non_staff.force_login(UserFactory(username="guest", is_staff=False))
    assert non_staff.get("/dashboard/").status_code == 302
    snapshot(NOW, 0.8, 120, 3.0)
    client = Client()
    client.force_login(approver())
    page = client.get("/dashboard/").content.decode()
    for marker in (
        'id="chart-success"',
        'id="chart-latency"',
        'id="chart-cost"',
        'id="chart-board"',
        'id="chart-friction"',
        'id="kz-pending"',
        'id="kz-timelines"',
        'id="kz-patterns"',
    ):
        assert marker in page
    assert "http://" not in page.split("<body")[1].replace(
        "http://www.w3.org/2000/svg", ""
    )  # no external assets


@pytest.mark.parametrize(
    ("text", "html"),
    [
        ("npm failed with NOTFOUND.package", "npm failed with NOTFOUND.package"),  # words stay whole
        (
            "see /usr/local/lib/node_modules/npm/bin/npm-cli.js now",
            'see <span class="kz-long">/usr/local/lib/node_modules/npm/bin/npm-cli.js</span> now',
        ),
        ("<b>x</b>", "&lt;b&gt;x&lt;/b&gt;"),
        (None, ""),
        (12, "12"),
    ],
)
def test_only_long_tokens_may_break_anywhere(text, html):
    from config.readable import breakable

    assert str(breakable(text)) == html


def test_charts_follow_their_box_instead_of_a_fixed_width():
    svg = charts.time_chart({"s": [(T0, 1.0)]}, title="T", window=(T0, T0 + timedelta(hours=1)))
    bars = charts.bar_chart([("x", 3)], title="B")
    for drawn in (svg, bars):
        head = drawn[: drawn.index(">")]
        assert 'width="100%"' in head and "viewBox=" in head and 'width="640"' not in head
