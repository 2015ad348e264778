"""The main job (`make demo`) runs end to end, as a newcomer runs it (its defaults), and prints what
the loop found and proposed: its agents name their sessions, so each approved line is tested on its
own; the harmful researcher line is rolled back, never promoted, the coder's good lines promoted."""

import io

import pytest
from django.core.management import call_command

from fleet.models import AgentTemplate


@pytest.mark.django_db(transaction=True)  # on_commit work runs as in production
def test_the_demo_drives_the_whole_loop_and_its_dashboard_fits_the_window(page, live_server):
    """The demo is run once (it takes a while): first what it printed and did, then its pages."""
    out = io.StringIO()
    call_command("kaizen_demo", stdout=out)  # the defaults, as `make demo` runs it
    _it_drove_the_whole_loop(out.getvalue())
    _the_dashboard_after_it_fits_the_window(page, live_server)


def _it_drove_the_whole_loop(text: str) -> None:
    for marker in (
        "== Fleet",
        "== Learning loops",
        "== The board",
        "== Proposals that act",
        "ritual of coder: proposed",
        "→ 200 approved",
        "line(s) are tested one by one",
        "is significantly worse than its margin",
        "== Did it help?",
        "== Summary: what Kaizen found and proposed",
        "Demo finished.",
    ):
        assert marker in text, marker
    decided = [line for line in text.splitlines() if ": line test " in line and " by system — " in line]
    # the researcher's harmful line ("Keep it concise" loses the sources) is rolled back by its test
    harmful = [line for line in decided if " of researcher (Adds “Keep it concise" in line]
    coder = [line for line in decided if " of coder (Adds" in line]
    assert harmful and all(" rolled back by system" in line for line in harmful), decided
    # the coder's lines, real gains, are promoted by their tests (or handed over with "promote")
    assert any(" promoted by system" in line for line in coder) or (
        "recommended PROMOTE" in text
        and "→ press Promote this line on /admin/experiments/linefactor/" in text
    ), text[-3000:]
    assert "== What waits for you" in text and "browse this run: DATABASE_URL=sqlite:///" in text
    assert "Keep it concise" not in AgentTemplate.objects.get(slug="researcher").document.head.text
    assert AgentTemplate.objects.get(slug="coder").document.head.number >= 2  # a line promoted


def _the_dashboard_after_it_fits_the_window(page, live_server) -> None:
    """After the demo's three simulated weeks: the dashboard's charts follow the simulated calendar,
    nothing overflows at 1280 px, and no request fails."""
    from tests.e2e.conftest import shot
    from tests.e2e.test_browser_admin import login
    from tests.e2e.test_pages_looked_at import OVERFLOWING

    page.set_viewport_size({"width": 1280, "height": 900})
    problems = []
    page.on("response", lambda r: problems.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    login(page, live_server, "reviewer")  # the demo made its own "operator"
    page.goto(f"{live_server.url}/dashboard/")
    assert page.locator("#kz-line-tests svg").count() >= 2  # one chart per line tested, both arms
    shot(page, "dashboard-after-demo")
    assert page.evaluate(OVERFLOWING) == [] and problems == []
    from experiments.models import LineFactor

    for test in LineFactor.objects.order_by("pk")[:2]:  # a line test's own page: its table and words
        page.goto(f"{live_server.url}/admin/experiments/linefactor/{test.pk}/change/")
        assert page.locator("table.kz-table").count() >= 1 and "Promotes when" in page.content()
        shot(page, f"line-test-{test.pk}")
        assert page.evaluate(OVERFLOWING) == [] and problems == []
