"""Every review page and every admin list, in Chromium at 1280 px wide, with data in it: a review
page of each kind of proposal (a pending and an approved template evolution, maintenance, new
tool, goal, action, config change), the rollout, evolution-session and fleet-snapshot pages, and
each list of the admin that has rows. None is taller than 2000 px, none is wider than the window
(the page, and a list's table inside its box); and Promote asks before it acts."""

from datetime import UTC, datetime

import pytest
from django.utils import timezone

from governance.models import Proposal
from tests.e2e.conftest import shot
from tests.e2e.test_browser_admin import login
from tests.e2e.test_pages_looked_at import OVERFLOWING

pytestmark = pytest.mark.django_db(transaction=True)

WIDTH, TALLEST = 1280, 2000
LIST_OVERFLOW = """() => {
  const box = document.querySelector('#changelist-form .results');
  return box ? box.scrollWidth - box.clientWidth : 0;
}"""


def measured(page, url: str, name: str) -> int:
    """Open `url`; check nothing is wider than the window; return the document's height."""
    response = page.goto(url)
    assert response.status == 200, url
    shot(page, f"fits-{name}")
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH, url
    assert page.evaluate(OVERFLOWING) == [], url
    assert page.evaluate(LIST_OVERFLOW) <= 0, url  # a list's table scrolls inside its box
    return page.evaluate("document.documentElement.scrollHeight")


def every_kind_of_proposal():
    """A proposal of each kind, built the way the fleet raises them, and an approved evolution
    whose canary has been checked."""
    from improver.services.maintenance import maintenance_pass
    from improver.services.ritual import ritual_run
    from planner.services import fleet_snapshot_take
    from tests.experiments.test_rollouts import approve, checked_daily, fleet_of
    from tests.improver.helpers import WAKE, coder_fleet, complaints
    from tests.improver.test_maintenance import spread
    from tests.planner.helpers import client_for
    from tests.planner.test_proposals_that_act import ACTION, GOAL, escalate, submit

    _, clients, approved, reviewer = fleet_of(4)
    rollout = approve(reviewer, approved)
    checked_daily(rollout, clients, days=2, canary_failing=2)
    _, improver, writer = coder_fleet(slug="writer")
    complaints(writer, 4)
    ritual_run(improver=improver, period="w1", now=WAKE)
    _, tools = client_for("builder")
    spread(tools, 60, 12)  # five failures a session: friction in each, and a maintenance pattern
    maintenance_pass(now=datetime(2026, 11, 30, tzinfo=UTC), window_days=3650)
    _, bot = client_for("ava")
    escalate(bot, 8)
    for body in (
        {"type": "goal", "yaml": GOAL},
        {"type": "action", "yaml": ACTION},
        {"type": "config_change", "document": "goals", "yaml": GOAL},
    ):
        assert submit(bot, **body).status_code == 201
    fleet_snapshot_take(now=timezone.now())
    return rollout


def test_every_review_page_and_list_fits_1280_px(page, live_server):
    from improver.models import EvolutionSession
    from planner.models import FleetSnapshot

    rollout = every_kind_of_proposal()
    kinds = set(Proposal.objects.values_list("type", flat=True))
    assert kinds == set(Proposal.Type.values), kinds
    page.set_viewport_size({"width": WIDTH, "height": 900})
    login(page, live_server)
    heights = {}
    for proposal in Proposal.objects.order_by("pk"):
        name = f"{proposal.type}-{proposal.status}-{proposal.pk}"
        heights[name] = measured(
            page, f"{live_server.url}/admin/governance/proposal/{proposal.pk}/change/", name
        )
        assert page.locator(".kz-panel").count() >= 1, name  # rendered by its type, not as raw JSON
    for path, name in (
        (f"experiments/rollout/{rollout.pk}", "rollout"),
        (f"improver/evolutionsession/{EvolutionSession.objects.first().pk}", "evolution-session"),
        (f"planner/fleetsnapshot/{FleetSnapshot.objects.first().pk}", "fleet-snapshot"),
    ):
        heights[name] = measured(page, f"{live_server.url}/admin/{path}/change/", name)
    page.goto(f"{live_server.url}/admin/")
    lists = page.evaluate(
        "[...document.querySelectorAll('#content-main th[scope=row] a')].map(a => a.getAttribute('href'))"
    )
    filled = []
    for href in lists:
        page.goto(f"{live_server.url}{href}")
        if page.locator("#result_list tbody tr").count():
            filled.append(href)
            heights[href] = measured(page, f"{live_server.url}{href}", href.strip("/").replace("/", "-"))
    named = {"experiments/rollout", "planner/fleetsnapshot", "learning/feedbackitem", "governance/proposal"}
    named |= {"telemetry/toolinvocation", "learning/frictionevent", "telemetry/hitlescalation"}
    assert {f"/admin/{n}/" for n in named} <= set(filled), filled  # the lists the pages link to
    print("\n".join(f"{height:6d}  {name}" for name, height in heights.items()))
    assert {name: h for name, h in heights.items() if h > TALLEST} == {}


def test_promote_asks_before_it_acts(page, live_server):
    from experiments.models import Rollout
    from tests.experiments.test_rollouts import approve, fleet_of

    _, _, proposal, reviewer = fleet_of(4)
    rollout = approve(reviewer, proposal)
    asked = []

    def answer(dialog, accept: bool):
        asked.append((dialog.type, dialog.message))
        dialog.accept() if accept else dialog.dismiss()

    login(page, live_server)
    page.goto(f"{live_server.url}/admin/experiments/rollout/{rollout.pk}/change/")
    page.once("dialog", lambda d: answer(d, accept=False))
    page.click("#kz-decide input[name=promote]")
    page.wait_for_timeout(300)
    assert asked and asked[0][0] == "confirm" and "cannot be undone" in asked[0][1], asked
    assert Rollout.objects.get(pk=rollout.pk).status == "running"  # said no: nothing happened
    page.once("dialog", lambda d: answer(d, accept=True))
    page.click("#kz-decide input[name=promote]")
    page.wait_for_selector(".messagelist .success")
    assert Rollout.objects.get(pk=rollout.pk).status == "promoted"
    assert len(asked) == 2
    shot(page, "rollout-promoted-after-asking")
