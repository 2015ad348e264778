from datetime import timedelta

import pytest

from governance.models import Proposal
from planner.models import Alert, Dispatch, FleetSnapshot, GoalState
from planner.services import fleet_snapshot_take, outcome_analysis_run
from tests.planner.helpers import NOW, client_for, declare, outcomes

pytestmark = pytest.mark.django_db


def test_fleet_health_is_never_computed_on_a_request(approver_client, broker_down):
    """Before the first snapshot the worker is asked for one and the caller told to come back."""
    response = approver_client.get("/api/v1/fleet/health")
    assert (response.status_code, response["Retry-After"]) == (503, "60")
    assert "No fleet-health snapshot yet" in response.json()["message"]
    assert not FleetSnapshot.objects.exists()


def test_without_a_broker_the_first_snapshot_is_taken_in_process(approver_client):
    assert approver_client.get("/api/v1/fleet/health").status_code == 200
    assert FleetSnapshot.objects.count() == 1


def test_fleet_health_per_agent_and_fleet_wide(approver_client):
    _, alice = client_for("alice")
    _, bob = client_for("bob")
    # alice: 4 outcomes in the last hour, 1 failed; durations 1000; cost 0.5 each
    outcomes(alice, "pr_review", [True, True, True, False], start=NOW - timedelta(minutes=30), cost_usd=0.5)
    # bob: 2 old failures (30 h ago: outside the window) and 2 failures 3 h ago on an orphaned skill
    outcomes(bob, "deploy", [False, False], start=NOW - timedelta(hours=30))
    outcomes(bob, "deploy", [False, False], start=NOW - timedelta(hours=3), cost_usd=1.0)
    fleet_snapshot_take(now=NOW)
    data = approver_client.get("/api/v1/fleet/health").json()
    assert data["window_hours"] == 24
    assert data["total_cost_usd_1d"] == pytest.approx(4.0)
    assert data["orphaned_skill_count"] == 1 and data["orphaned_skills"] == ["deploy"]
    assert data["max_failure_rate_1h"] == 0.25
    by_name = {a["agent"]: a for a in data["agents"]}
    a = by_name["alice"]
    assert (a["success_rate"], a["total_outcomes"], a["failure_rate_1h"]) == (0.75, 4, 0.25)
    assert a["cost_per_successful_outcome"] == pytest.approx(2.0 / 3, abs=1e-5)
    assert (a["p50_latency_ms"], a["p95_latency_ms"]) == (1000, 1000)
    assert a["recent_failures"][0]["reason"] == "boom 3"
    b = by_name["bob"]
    assert (b["success_rate"], b["total_outcomes"], b["cost_per_successful_outcome"]) == (0.0, 2, 0.0)
    assert b["failure_rate_1h"] == 0.0


def test_percentiles_interpolate_like_percentile_cont(db):
    _, alice = client_for("alice")
    for i, ms in enumerate([100, 200, 300, 400, 1000]):
        outcomes(
            alice, "s", [True], start=NOW - timedelta(minutes=10 + i), duration_ms=ms, correlation_id=f"p{i}"
        )
    a = fleet_snapshot_take(now=NOW).agents[0]
    assert a["p50_latency_ms"] == 300
    assert a["p95_latency_ms"] == pytest.approx(880)  # 400 + 0.8 * 600


def test_recent_failures_keep_the_last_ten(db):
    _, alice = client_for("alice")
    outcomes(alice, "s", [False] * 14, start=NOW - timedelta(hours=5))
    failures = fleet_snapshot_take(now=NOW).agents[0]["recent_failures"]
    assert [f["reason"] for f in failures] == [f"boom {i}" for i in range(13, 3, -1)]


def test_one_snapshot_per_minute_however_often_it_runs(db):
    first = fleet_snapshot_take(now=NOW)
    assert fleet_snapshot_take(now=NOW + timedelta(seconds=30)).pk == first.pk
    assert fleet_snapshot_take(now=NOW + timedelta(seconds=60)).pk != first.pk
    assert FleetSnapshot.objects.count() == 2


def stuck_fleet():
    """bob fails every outcome in the last hour; carol declares the remediation skill."""
    _, bob = client_for("bob")
    carol, carol_client = client_for("carol")
    declare(carol_client, "fleet_incident_response", confidence=0.8)
    outcomes(bob, "pr_review", [False, False, False], start=NOW - timedelta(minutes=20))
    return carol, carol_client


def test_a_violated_goal_dispatches_its_action_to_the_best_ranked_agent(db):
    carol, carol_client = stuck_fleet()
    fleet_snapshot_take(now=NOW)
    dispatch = Dispatch.objects.get()
    assert (dispatch.goal_id, dispatch.action_id, dispatch.agent, dispatch.status) == (
        "fleet.no_agent_stuck",
        "fleet_incident_response",
        carol,
        "pending",
    )
    polled = carol_client.get("/api/v1/agents/me/dispatches").json()["dispatches"]
    assert polled[0]["correlation_id"] == dispatch.correlation_id
    assert polled[0]["goal"] == "fleet.no_agent_stuck"


def test_in_flight_cooldown_and_closing_by_correlation_id(db):
    carol, carol_client = stuck_fleet()
    fleet_snapshot_take(now=NOW)
    fleet_snapshot_take(now=NOW + timedelta(minutes=1))  # still violated, one in flight
    assert Dispatch.objects.count() == 1
    assert GoalState.objects.get(goal_id="fleet.no_agent_stuck").last_skip_reason == "in_flight"
    dispatch = Dispatch.objects.get()
    outcomes(
        carol_client,
        "fleet_incident_response",
        [True],
        start=NOW + timedelta(minutes=1, seconds=10),
        correlation_id=dispatch.correlation_id,
    )
    dispatch.refresh_from_db()
    assert dispatch.status == "succeeded"
    fleet_snapshot_take(now=NOW + timedelta(minutes=2))  # 50 s after success: cooldown
    assert GoalState.objects.get(goal_id="fleet.no_agent_stuck").last_skip_reason == "cooldown"
    assert Dispatch.objects.count() == 1
    fleet_snapshot_take(now=NOW + timedelta(minutes=3))  # 110 s after: dispatches again
    assert Dispatch.objects.count() == 2


def test_three_failed_dispatches_within_five_minutes_pause_the_goal_and_alert(db):
    carol, carol_client = stuck_fleet()
    for minute in range(3):
        fleet_snapshot_take(now=NOW + timedelta(minutes=minute))
        dispatch = Dispatch.objects.get(status="pending")
        outcomes(
            carol_client,
            "fleet_incident_response",
            [False],
            start=NOW + timedelta(minutes=minute, seconds=20),
            correlation_id=dispatch.correlation_id,
        )
    fleet_snapshot_take(now=NOW + timedelta(minutes=3))
    state = GoalState.objects.get(goal_id="fleet.no_agent_stuck")
    assert state.last_skip_reason == "loop_paused"
    assert Alert.objects.filter(kind="dispatch_loop").count() == 1
    fleet_snapshot_take(now=NOW + timedelta(minutes=12))  # still paused (10 min from minute 3)
    assert Dispatch.objects.count() == 3
    fleet_snapshot_take(now=NOW + timedelta(minutes=14))
    assert Dispatch.objects.count() == 4


def test_a_dispatch_is_posted_to_the_agents_webhook_signed(
    db, webhook_receiver, settings, django_capture_on_commit_callbacks
):
    settings.KAIZEN = {**settings.KAIZEN, "WEBHOOK_SECRET": "s3cret"}
    carol, carol_client = stuck_fleet()
    declare(carol_client, "fleet_incident_response", confidence=0.8, webhook_url=webhook_receiver.url)
    with django_capture_on_commit_callbacks(execute=True):
        fleet_snapshot_take(now=NOW)
    [request] = webhook_receiver.requests
    assert request["json"]["goal"] == "fleet.no_agent_stuck"
    from config.webhooks import sign

    assert request["headers"]["X-Kaizen-Signature"] == sign(request["body"], "s3cret")
    assert Dispatch.objects.get().status == "delivered"


def test_a_failed_delivery_is_retried_and_recorded(db, webhook_receiver, django_capture_on_commit_callbacks):
    webhook_receiver.statuses = [503]
    carol, carol_client = stuck_fleet()
    declare(carol_client, "fleet_incident_response", confidence=0.8, webhook_url=webhook_receiver.url)
    from celery.exceptions import Retry

    with pytest.raises(Retry), django_capture_on_commit_callbacks(execute=True):
        fleet_snapshot_take(now=NOW)
    dispatch = Dispatch.objects.get()
    assert dispatch.status == "pending" and "503" in dispatch.last_error
    from planner.tasks import dispatch_deliver

    assert dispatch_deliver.apply(args=[dispatch.pk]).get() is True  # the retry succeeds
    dispatch.refresh_from_db()
    assert dispatch.status == "delivered" and dispatch.delivery_attempts == 2


def test_outcome_analysis_alerts_once_and_proposes_one_goal(db):
    _, bob = client_for("bob")
    outcomes(bob, "pr_review", [True] * 4 + [False] * 6, start=NOW - timedelta(hours=2))
    assert len(outcome_analysis_run(now=NOW)) == 1
    assert outcome_analysis_run(now=NOW + timedelta(minutes=30)) == []  # 1 h cooldown
    proposal = Proposal.objects.get()
    assert (proposal.type, proposal.source, proposal.dedup_key) == (
        "goal",
        "autonomy",
        "action-quality:bob:pr_review",
    )
    assert proposal.evidence["attempts"] == 10 and proposal.evidence["successes"] == 4
    assert len(outcome_analysis_run(now=NOW + timedelta(minutes=61))) == 1  # alert again, no 2nd proposal
    assert Proposal.objects.count() == 1


@pytest.mark.parametrize(
    ("results", "alerts"),
    [
        ([True] * 5 + [False] * 4, 0),  # 9 attempts: too few
        ([True] * 5 + [False] * 5, 0),  # exactly 50%: not under
        ([True] * 4 + [False] * 6, 1),
    ],
)
def test_outcome_analysis_thresholds(db, results, alerts):
    _, bob = client_for("bob")
    outcomes(bob, "pr_review", results, start=NOW - timedelta(hours=2))
    assert len(outcome_analysis_run(now=NOW)) == alerts


@pytest.mark.parametrize(("agents", "alerts"), [(4, 4), (5, 1), (30, 1)])
def test_a_skill_failing_across_a_template_is_one_alert_not_one_per_agent(db, agents, alerts):
    from planner.models import Alert
    from tests.factories import TemplateFactory

    template = TemplateFactory()
    for n in range(agents):
        _, client = client_for(f"agent-{n}", template=template)
        outcomes(client, "pr_review", [True] * 2 + [False] * 8, start=NOW - timedelta(hours=2))
    raised = outcome_analysis_run(now=NOW)
    assert len(raised) == alerts == Alert.objects.count() == Proposal.objects.count()
    if alerts == 1:
        [alert] = raised
        assert alert.key == f"{template.slug}:*:pr_review" and f"on {agents} agents" in alert.message
        assert alert.agent.template_id == template.pk  # the template's one-on-one reads it
        assert alert.evidence["agent_count"] == agents and alert.evidence["attempts"] == 10 * agents


def test_alerts_of_one_kind_are_limited_per_hour_worst_first(db, settings):
    """Agents of no template fail different skills: past the hourly limit the worst are raised
    and the rest are held back, raised by a pass an hour later if they still hold."""
    settings.KAIZEN = {**settings.KAIZEN, "ALERTS_PER_KIND_PER_HOUR": 2}
    for n, successes in enumerate([4, 0, 3, 1]):
        _, client = client_for(f"solo-{n}")
        outcomes(
            client,
            f"skill-{n}",
            [True] * successes + [False] * (10 - successes),
            start=NOW - timedelta(hours=2),
        )
    raised = outcome_analysis_run(now=NOW)
    assert sorted(alert.key for alert in raised) == ["solo-1:skill-1", "solo-3:skill-3"]  # 0/10 and 1/10
    # an hour later the two held back go first, though the first two fail worse
    later = outcome_analysis_run(now=NOW + timedelta(minutes=61))
    assert sorted(alert.key for alert in later) == ["solo-0:skill-0", "solo-2:skill-2"]
