"""Operators in a real browser: log in, review a template evolution, approve or reject it, see charts."""

import pytest

from fleet.models import AgentTemplate
from governance.models import Proposal
from improver.services.ritual import ritual_run
from tests.e2e.conftest import shot
from tests.factories import approver
from tests.improver.helpers import WAKE, coder_fleet, complaints

pytestmark = pytest.mark.django_db(transaction=True)


def login(page, live_server, username: str = "operator"):
    user = approver(username)
    page.goto(f"{live_server.url}/admin/login/")
    page.fill("#id_username", user.username)
    page.fill("#id_password", "pw-for-tests-1")
    page.click("input[type=submit]")
    page.wait_for_selector("#site-name")


def pending_evolution() -> Proposal:
    _, improver, client = coder_fleet()
    complaints(client, 3)
    ritual_run(improver=improver, period="w1", now=WAKE)
    return Proposal.objects.get(status="pending")


def dashboard_of_a_writer(page, live_server, outcomes: int, *, every: int, snapshots, **body) -> None:
    """A writer agent's `outcomes` skill outcomes, one every `every` minutes back from now (one in
    three failing, each slower than the next; `body`: more of each), fleet snapshots taken
    `snapshots` minutes ago, and the dashboard opened by an operator."""
    from datetime import timedelta

    from django.utils import timezone

    from planner.services import fleet_snapshot_take

    _, _, client = coder_fleet(slug="writer")
    now = timezone.now()
    batch = [
        {
            "type": "skill_outcome",
            "timestamp": (now - timedelta(minutes=every * i)).isoformat(),
            "body": {"skill": "write", "success": i % 3 > 0, "duration_ms": 500 + 100 * i, **body},
        }
        for i in range(outcomes)
    ]
    client.post("/api/v1/ingest", {"batch": batch}, format="json")
    for minutes in snapshots:
        fleet_snapshot_take(now=now - timedelta(minutes=minutes))
    login(page, live_server)
    page.goto(f"{live_server.url}/dashboard/")


def test_an_operator_approves_an_evolution_and_the_head_moves(page, live_server):
    proposal = pending_evolution()
    login(page, live_server)
    page.goto(f"{live_server.url}/admin/governance/proposal/?status__exact=pending")
    page.get_by_role("link", name=proposal.title).click()
    diff = page.locator("#kz-diff .add")
    assert "Keep reports concise" in diff.first.inner_text()
    assert page.locator("#kz-feedback").is_visible() and page.locator("#kz-notes").is_visible()
    shot(page, "evolution-review")
    page.select_option("#kz-decide select[name=rating]", "4")
    page.click("#kz-decide input[name=approve]")
    page.wait_for_selector(".messagelist .success")
    assert "implemented" in page.locator(".messagelist").inner_text()
    assert AgentTemplate.objects.get(slug="coder").document.head.number == 2
    page.goto(f"{live_server.url}/admin/fleet/agenttemplate/")
    assert "v2" in page.locator("#result_list").inner_text()
    shot(page, "evolution-approved")


def test_an_operator_rejects_an_evolution_with_a_reason(page, live_server):
    proposal = pending_evolution()
    login(page, live_server)
    page.goto(f"{live_server.url}/admin/governance/proposal/{proposal.pk}/change/")
    page.click("#kz-decide input[name=reject]")  # no reason: refused by the browser's required field
    assert Proposal.objects.get(pk=proposal.pk).status == "pending"
    page.fill("#kz-decide textarea[name=reason]", "Too generic; say which reports.")
    page.click("#kz-decide input[name=reject]")
    page.wait_for_selector(".messagelist")
    proposal.refresh_from_db()
    assert proposal.status == "rejected"
    assert proposal.decisions.get().reason == "Too generic; say which reports."
    shot(page, "evolution-rejected")


def test_the_dashboard_renders_its_charts(page, live_server):
    pending_evolution()
    dashboard_of_a_writer(page, live_server, 12, every=15, snapshots=(120, 60, 0), cost_usd=0.02)
    for chart in ("#chart-success", "#chart-latency", "#chart-cost", "#chart-board", "#chart-friction"):
        box = page.locator(chart).bounding_box()
        assert box and box["width"] > 100 and box["height"] > 50, chart
    assert page.locator("#chart-board .kz-bar").count() == 5
    assert page.locator("#chart-success circle").count() >= 2  # one point per hour with snapshots
    assert page.locator("#kz-pending a").count() == 1
    shot(page, "dashboard")


def test_an_operator_sees_parked_derived_work_and_reruns_it(page, live_server):
    from config import clock
    from telemetry.models import PendingDerivation

    PendingDerivation.objects.create(
        event_type="tool_invocation",
        row_id=41,
        received_at=clock.now(),
        handler="learning.loops.friction_detect",
        attempts=5,
        parked_at=clock.now(),
        error="RuntimeError: <b>boom</b> on the rows of agent 3",
    )
    login(page, live_server)
    page.goto(f"{live_server.url}/admin/telemetry/pendingderivation/?state=parked")
    listed = page.locator("#result_list").inner_text()
    assert "learning.loops.friction_detect" in listed and "RuntimeError: <b>boom</b>" in listed  # escaped
    shot(page, "derived-work-parked")
    page.locator("#result_list input.action-select").first.check()
    page.select_option("select[name=action]", "rerun")
    page.click("button[name=index]")
    page.wait_for_selector(".messagelist .success")
    assert PendingDerivation.objects.get().parked_at is None


def test_an_operator_sees_what_a_rollout_tests_and_where_it_stands(page, live_server):
    from datetime import timedelta

    from experiments.rollouts import rollouts_check
    from tests.experiments.test_rollouts import START, approve, arms, fleet_of, sessions

    _, clients, proposal, reviewer = fleet_of(5)
    rollout = approve(reviewer, proposal)
    canary, champions = arms(rollout, clients)
    for i, client in enumerate(canary):  # agents assigned whole: two a side at least to compare
        sessions(client, 12, 1, f"c{i}")
    for i, client in enumerate(champions):
        sessions(client, 12, 5, f"b{i}", complain=True)
    rollouts_check(now=START + timedelta(hours=6))
    login(page, live_server)
    page.goto(f"{live_server.url}/dashboard/")
    card = page.locator("#kz-rollouts")
    # the change's line targets complaints naming reports and their category, judged together
    assert (
        "Promotes when negative feedback about report, negative feedback (communication) is significantly "
        "lower, judged together" in card.inner_text()
    )
    assert card.locator("tbody tr").count() >= 3  # the target and the guards with data
    assert "more sessions per arm" in card.inner_text()
    shot(page, "dashboard-rollout")
    page.goto(f"{live_server.url}/admin/governance/proposal/{proposal.pk}/change/")
    assert "Each added line: why, what it should lower" in page.content()
    assert "Canary rollout v2 (running)" in page.content()
    shot(page, "review-rollout")


def test_login_review_approve_rollout_dashboard_with_no_failed_request(page, live_server):
    """The operator's whole path in one session: every request answered, no console error, and
    each page says what happens next."""
    from experiments.models import Rollout
    from fleet.models import Agent
    from tests.experiments.test_rollouts import fleet_of

    _, _, proposal, _ = fleet_of(4)
    failed, errors = [], []
    page.on("requestfailed", lambda r: failed.append(r.url))
    page.on("response", lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    login(page, live_server)
    page.goto(f"{live_server.url}/admin/governance/proposal/?status__exact=pending")
    page.get_by_role("link", name=proposal.title).click()
    review = page.content()
    assert "['" not in review and 'name="_save"' not in review  # text, not lists; no Save buttons
    assert "v?" not in page.locator("#kz-delta").inner_text()
    shot(page, "review-readable")
    page.click("#kz-decide input[name=approve]")
    page.wait_for_selector(".messagelist .success")
    said = page.locator(".messagelist").inner_text()
    rollout = Rollout.objects.get()
    names = sorted(Agent.objects.filter(pk__in=rollout.canary_agents).values_list("name", flat=True))
    assert f"goes to a canary first: {', '.join(names)}" in said
    shot(page, "approved-canary")
    page.goto(f"{live_server.url}/admin/experiments/rollout/{rollout.pk}/change/")
    assert ", ".join(names) in page.locator(".field-canary").inner_text()
    assert "negative feedback (communication)" in page.locator(".field-targets_shown").inner_text()
    assert '["' not in page.content()  # no JSON lists printed
    shot(page, "rollout-page")
    page.goto(f"{live_server.url}/dashboard/")
    page.wait_for_selector("#kz-rollouts")
    shot(page, "dashboard-after-approval")
    assert failed == [] and errors == [], (failed, errors)
