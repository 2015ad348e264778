"""The planner's rules as the reference designs state them, with their own numbers.

Expected values are computed by hand in the comments, never read back from the code.
"""

from datetime import UTC, datetime, timedelta

import pytest
from django.test import Client

from planner.models import DeclaredSkill, Dispatch, PatternStats
from planner.patterns import age_days, criterion_weight, decay
from planner.ranking import Candidate, Weights, rank
from planner.selectors import executor_pick
from planner.services import fleet_snapshot_take
from tests.factories import approver
from tests.planner.helpers import NOW, client_for, declare, outcomes

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("clock")]
T0 = datetime(2026, 1, 1, tzinfo=UTC)


@pytest.mark.parametrize(
    ("age", "expected"),
    [
        (timedelta(0), 1.0),
        (timedelta(hours=12), 0.996157),  # 0.5^(0.5/90) = e^(−0.693147·0.005556)
        (timedelta(days=45), 0.707107),  # 0.5^(1/2) = 1/√2
        (timedelta(days=90), 0.5),
        (timedelta(days=180), 0.25),
        (timedelta(days=270), 0.125),
        # 0.5^(89.5/90) = 0.5 / 0.996157; whole days would give 0.5^(89/90) = 0.503861
        (timedelta(days=89, hours=12), 0.501929),
    ],
)
def test_decay_uses_the_exact_age_in_fractional_days(age, expected):
    assert decay(1.0, age_days(T0, T0 + age)) == pytest.approx(expected, abs=1e-6)


@pytest.mark.parametrize(
    ("helpful", "harmful", "expected"),
    [
        ((0.9, 0.8), (0.3,), 0.85),  # 1.7 / (1.7 + 0.3)
        ((1.0, 1.0), (0.3,), 0.869565),  # 2.0 / 2.3
        ((), (0.3, 0.2), 0.1),  # 0 / 0.5 → the 0.1 floor
        ((0.7,), (), 1.0),
        ((), (), 1.0),  # no feedback: full weight
    ],
)
def test_criterion_weight_is_over_summed_raw_scores(helpful, harmful, expected):
    assert criterion_weight(sum(helpful), sum(harmful)) == pytest.approx(expected, abs=1e-6)


def test_the_pattern_weight_sums_decayed_implicit_scores():
    _, alice = client_for("alice")
    # two helpful runs (raw 1.0 each) and one harmful: failure, 3 errors, 2 retries, fast →
    # 0.4·0 + 0.2·1.0 + 0.2·0.2 + 0.2·0.3 = 0.30; all at NOW, so nothing decays: 2.0 / 2.3
    outcomes(alice, "refactor", [True, True], patterns=["Tiny steps"], start=NOW, step=timedelta(0))
    outcomes(alice, "refactor", [False], patterns=["Tiny steps"], start=NOW, error_count=3, retry_count=2)
    [pattern] = alice.get("/api/v1/planner/patterns").json()["patterns"]
    assert pattern["weight"] == 0.8696


def test_a_slow_noisy_success_is_not_a_success_for_the_pattern():
    _, alice = client_for("alice")
    # success after 40 min, 5 errors, 3 retries: 0.4 + 0.2·0.2 + 0.2·0.2 + 0.2·0.3 = 0.54 (neutral)
    outcomes(
        alice,
        "refactor",
        [True, True, True],
        patterns=["Big bang rewrite"],
        duration_ms=40 * 60_000,
        error_count=5,
        retry_count=3,
    )
    [pattern] = alice.get("/api/v1/planner/patterns").json()["patterns"]
    assert pattern["prompt_line"] == "AVOID: Big bang rewrite. Failed 3/3 times (100% failure rate)"


def test_proven_patterns_are_served_strongest_first_and_stamped():
    _, alice = client_for("alice")
    outcomes(alice, "refactor", [True] * 6, patterns=["Zeta: test first"], start=NOW, step=timedelta(0))
    outcomes(alice, "refactor", [True] * 6, patterns=["Alpha: small diffs"], start=NOW, step=timedelta(0))
    outcomes(
        alice, "refactor", [False], patterns=["Alpha: small diffs"], start=NOW, error_count=3, retry_count=2
    )
    # Zeta: weight 1.0 × 1.5 = 1.5; Alpha: 6 / 6.3 = 0.952 × 1.5 = 1.43 (harmful ratio 1/7 < 0.15)
    served = alice.get("/api/v1/agents/me/directives").json()["proven_patterns"]
    assert served == ["Zeta: test first", "Alpha: small diffs"]
    zeta = PatternStats.objects.get(name="Zeta: test first")
    assert (zeta.promoted_at, zeta.last_validated_at, zeta.deprecated_at) == (NOW, NOW, None)
    client = Client()
    client.force_login(approver())
    page = client.get("/admin/planner/patternstats/").content.decode()
    assert "Promoted at" in page and "Last validated at" in page


@pytest.mark.parametrize(
    ("blast", "expected"),
    [
        ({"a": "high", "b": "low"}, ["b", "a"]),
        ({"a": "low", "b": "critical"}, ["a", "b"]),
        ({"a": "medium", "b": "medium"}, ["a", "b"]),  # then declared confidence, then name
    ],
)
def test_blast_radius_breaks_ranking_ties(blast, expected):
    candidates = [Candidate(agent=n, declared_confidence=0.7, blast_radius=r) for n, r in blast.items()]
    assert [r.candidate.agent for r in rank(candidates, Weights())] == expected


def stuck_with_two_responders():
    """dave fails everything (and is ranked first by his card); carol succeeds."""
    dave, dave_client = client_for("dave")
    carol, carol_client = client_for("carol")
    declare(dave_client, "fleet_incident_response", confidence=0.95)
    declare(carol_client, "fleet_incident_response", confidence=0.5)
    outcomes(dave_client, "pr_review", [False] * 3, start=NOW - timedelta(minutes=20))
    outcomes(carol_client, "pr_review", [True] * 3, start=NOW - timedelta(minutes=20))
    return dave, carol


def test_remediation_picks_by_health_weight_never_an_agent_at_zero_success():
    dave, carol = stuck_with_two_responders()
    fleet_snapshot_take(now=NOW)
    dispatch = Dispatch.objects.get()
    # weights: dave 0% success → 0.0; carol 100% success, no cost → 1.0 × 1/(1 + 0) = 1.0
    assert dispatch.agent == carol
    assert dispatch.context["selection"]["weights"] == {"dave": 0.0, "carol": 1.0}
    assert {executor_pick(skill="fleet_incident_response", seed=s)["agent"] for s in range(50)} == {"carol"}


def test_fleet_health_counts_autonomous_outcomes_and_keeps_system_actors_apart(staff_client):
    _, bob = client_for("bob")
    _, coach = client_for("coach", kind="template_improver")
    outcomes(bob, "pr_review", [True, True], start=NOW - timedelta(minutes=30))
    outcomes(bob, "pr_review", [False, False], start=NOW - timedelta(minutes=20), autonomous=False)
    outcomes(coach, "evolve", [False], start=NOW - timedelta(minutes=10))
    fleet_snapshot_take(now=NOW)
    health = staff_client.get("/api/v1/fleet/health").json()
    # bob's two human-driven failures and the improver's run are left out: 2 of 5 count
    assert (health["scope"], health["total_outcomes"], health["all_outcomes"]) == ("autonomous", 2, 5)
    assert health["fleet_success_rate"] == 1.0 and health["max_failure_rate_1h"] == 0.0
    assert [(a["agent"], a["total_outcomes"]) for a in health["system_actors"]] == [("coach", 1)]


def card(client, mode: str, blast: str = "low"):
    skill = {"name": "fleet_incident_response", "confidence": 0.8, "hitl_mode": mode, "blast_radius": blast}
    assert client.put("/api/v1/agents/me/card", {"skills": [skill]}, format="json").status_code == 200


def stuck_fleet_with(mode: str, blast: str = "low"):
    _, bob = client_for("bob")
    carol, carol_client = client_for("carol")
    card(carol_client, mode, blast)
    outcomes(bob, "pr_review", [False] * 3, start=NOW - timedelta(minutes=20))
    return carol_client


def polled(client) -> list[str]:
    return [d["status"] for d in client.get("/api/v1/agents/me/dispatches").json()["dispatches"]]


def admin_action(action: str, dispatch: Dispatch):
    client = Client()
    client.force_login(approver())
    client.post("/admin/planner/dispatch/", {"action": action, "_selected_action": [dispatch.pk]})


def test_a_gated_skill_is_never_dispatched_without_a_human_approval():
    carol = stuck_fleet_with("gated", "high")
    fleet_snapshot_take(now=NOW)
    fleet_snapshot_take(now=NOW + timedelta(hours=2))  # time alone never releases it
    dispatch = Dispatch.objects.get()
    assert (dispatch.status, dispatch.blast_radius, polled(carol)) == ("awaiting_approval", "high", [])
    staff = Client()
    staff.force_login(approver("viewer"))
    dashboard = staff.get("/dashboard/").content.decode()
    assert 'style="color:#ef6c00">&#9679; high</span>' in dashboard  # severity coloured by blast radius
    admin_action("approve", dispatch)
    dispatch.refresh_from_db()
    assert (dispatch.status, dispatch.decided_by, polled(carol)) == ("pending", "approver", ["pending"])


def test_a_veto_mode_dispatch_waits_for_the_window_and_can_be_vetoed():
    carol = stuck_fleet_with("veto")
    fleet_snapshot_take(now=NOW)
    held = Dispatch.objects.get()
    assert (held.status, held.release_at, polled(carol)) == ("held", NOW + timedelta(seconds=300), [])
    fleet_snapshot_take(now=NOW + timedelta(seconds=301))
    held.refresh_from_db()
    assert held.status == "pending" and polled(carol) == ["pending"]


def test_a_vetoed_dispatch_is_never_sent():
    carol = stuck_fleet_with("veto")
    fleet_snapshot_take(now=NOW)
    admin_action("veto", Dispatch.objects.get())
    fleet_snapshot_take(now=NOW + timedelta(seconds=301))
    assert Dispatch.objects.get(goal_id="fleet.no_agent_stuck", status="vetoed")
    assert "pending" not in polled(carol)


def test_notification_mode_sends_at_once_and_tells_humans(
    settings, webhook_receiver, django_capture_on_commit_callbacks
):
    settings.KAIZEN = {**settings.KAIZEN, "NOTIFY_WEBHOOK_URL": webhook_receiver.url}
    carol = stuck_fleet_with("notification", "critical")
    with django_capture_on_commit_callbacks(execute=True):
        fleet_snapshot_take(now=NOW)
    assert polled(carol) == ["pending"]
    [request] = webhook_receiver.requests
    assert request["json"]["hitl_mode"] == "notification" and request["json"]["blast_radius"] == "critical"


@pytest.mark.parametrize(("rate", "dispatched"), [(0.5, ["debug_ci_failures"]), (0.9, [])])
def test_the_ci_goal_runs_once_a_forge_is_configured(settings, monkeypatch, rate, dispatched):
    from tests.governance.fake_forge import FakeForge

    _, ava = client_for("ava")
    declare(ava, "debug_ci_failures", "diagnose_pr_stuck", confidence=0.8)
    fleet_snapshot_take(now=NOW)
    assert not Dispatch.objects.exists()  # no forge: the CI and pull-request goals stay idle
    settings.KAIZEN = {**settings.KAIZEN, "FORGE_CLASS": "tests.governance.fake_forge.FakeForge"}
    monkeypatch.setattr(FakeForge, "ci_rate", rate)
    fleet_snapshot_take(now=NOW + timedelta(minutes=1))
    assert list(Dispatch.objects.values_list("action_id", flat=True)) == dispatched


def test_the_stuck_pull_request_goal_dispatches_its_diagnosis(settings, monkeypatch):
    from tests.governance.fake_forge import FakeForge

    _, ava = client_for("ava")
    declare(ava, "diagnose_pr_stuck", confidence=0.8)
    settings.KAIZEN = {**settings.KAIZEN, "FORGE_CLASS": "tests.governance.fake_forge.FakeForge"}
    monkeypatch.setattr(FakeForge, "stuck", ["https://forge.example/pr/7"])
    fleet_snapshot_take(now=NOW)
    assert Dispatch.objects.get().action_id == "diagnose_pr_stuck"


def test_unknown_hitl_modes_are_refused_on_the_card():
    _, carol = client_for("carol")
    skill = {"name": "x", "confidence": 0.5, "hitl_mode": "sometimes"}
    response = carol.put("/api/v1/agents/me/card", {"skills": [skill]}, format="json")
    assert response.status_code == 400 and DeclaredSkill.objects.count() == 0
