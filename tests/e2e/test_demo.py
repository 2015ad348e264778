"""The main job (`make demo`) runs end to end, as a newcomer runs it (its defaults), and prints what
the loop found and proposed: the harmful researcher change is rolled back, never promoted."""

import io

import pytest
from django.core.management import call_command

from fleet.models import AgentTemplate


@pytest.mark.django_db(transaction=True)  # on_commit work runs as in production
def test_the_demo_drives_the_whole_loop():
    out = io.StringIO()
    call_command("kaizen_demo", stdout=out)  # the defaults, as `make demo` runs it
    text = out.getvalue()
    for marker in (
        "== Fleet",
        "== Learning loops",
        "== The board",
        "== Proposals that act",
        "ritual of coder: proposed",
        "→ 200 approved",
        "starts as a canary",
        "rollout of researcher v2 rolled back by system",
        "is significantly worse than its margin",
        "== Did it help?",
        "== Summary: what Kaizen found and proposed",
        "Demo finished.",
    ):
        assert marker in text, marker
    assert "rollout of researcher v2 promoted" not in text and "rollout of coder v2" in text
    # the coder change, a real gain, is promoted by its test or handed over with "promote", and
    # the demo ends by saying what waits and where to click
    assert "rollout of coder v2 promoted by system" in text or (
        "the canary of coder v2 is waiting for a human: recommended PROMOTE" in text
        and "→ press Promote on /admin/improver/rollout/" in text
    ), text[-3000:]
    assert "== What waits for you" in text and "browse this run: DATABASE_URL=sqlite:///" in text
    assert AgentTemplate.objects.get(slug="researcher").document.head.number == 1  # the harmful one


@pytest.mark.django_db(transaction=True)
def test_the_dashboard_after_the_demo_fits_the_window_with_no_error(page, live_server):
    """After the demo's three simulated weeks: the dashboard's charts follow the simulated calendar,
    nothing overflows at 1280 px, and no request fails."""
    from tests.e2e.conftest import shot
    from tests.e2e.test_browser_admin import login
    from tests.e2e.test_pages_looked_at import OVERFLOWING

    call_command("kaizen_demo", stdout=io.StringIO())
    page.set_viewport_size({"width": 1280, "height": 900})
    problems = []
    page.on("response", lambda r: problems.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    login(page, live_server, "reviewer")  # the demo made its own "operator"
    page.goto(f"{live_server.url}/dashboard/")
    assert page.locator("#kz-rollouts svg").count() >= 2  # one chart per rollout, both arms
    shot(page, "dashboard-after-demo")
    assert page.evaluate(OVERFLOWING) == [] and problems == []
