"""The pages people look at, in Chromium at 1280 px wide: the dashboard in a service's first hour,
an evolution's review page, a rollout's page after its checks and the 404 page. Each is
screenshotted (artifacts/screenshots/), answers every request, logs no console error, and
nothing on it is wider than the window; the review page fits in about a screen and a half."""

import pytest

from tests.e2e.conftest import shot
from tests.e2e.test_browser_admin import dashboard_of_a_writer, login, pending_evolution

pytestmark = pytest.mark.django_db(transaction=True)

WIDTH = 1280
OVERFLOWING = """() => {
  const width = document.documentElement.clientWidth;
  return [...document.querySelectorAll('body *')]
    .filter(e => e.getBoundingClientRect().right > width + 1 && getComputedStyle(e).position !== 'fixed')
    .map(e => e.tagName + (e.id ? '#' + e.id : '') + (e.className ? '.' + String(e.className).split(' ')[0] : ''))
    .slice(0, 5);
}"""


@pytest.fixture
def watched(page):
    """The page at 1280 px, with every failed request and console error recorded."""
    page.set_viewport_size({"width": WIDTH, "height": 900})
    problems = []
    # a load the browser itself abandoned (the test went on to the next page) is no fault of the page
    page.on(
        "requestfailed",
        lambda r: problems.append(f"failed {r.url} {r.failure}") if r.failure != "net::ERR_ABORTED" else None,
    )
    page.on("response", lambda r: problems.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    return page, problems


def looked_at(page, name: str) -> float:
    """Screenshot the page; return its height after checking nothing overflows the window."""
    shot(page, name)
    assert page.evaluate(OVERFLOWING) == [], name
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH, name
    return page.evaluate("document.documentElement.scrollHeight")


def test_the_dashboard_in_a_services_first_hour(watched, live_server):
    page, problems = watched
    dashboard_of_a_writer(page, live_server, 9, every=5, snapshots=(40, 20, 0))
    labels = page.evaluate("[...document.querySelectorAll('#chart-success text')].map(t => t.textContent)")
    assert len(set(labels[-3:])) == 3, labels  # three distinct times along the axis, not one twice
    looked_at(page, "dashboard-first-hour")
    assert problems == []


def test_the_review_page_fits_about_a_screen_and_a_half(watched, live_server):
    page, problems = watched
    proposal = pending_evolution()
    login(page, live_server)
    page.goto(f"{live_server.url}/admin/governance/proposal/{proposal.pk}/change/")
    assert page.locator("#kz-diff").is_visible() and page.locator("#kz-additions").is_visible()
    height = looked_at(page, "review-page")
    assert height <= 2000, height
    assert problems == []


def test_the_rollout_page_after_its_checks(watched, live_server):
    from tests.experiments.test_rollouts import approve, checked_daily, fleet_of

    page, problems = watched
    _, clients, proposal, reviewer = fleet_of(4)
    rollout = approve(reviewer, proposal)
    checked_daily(rollout, clients, days=3, canary_failing=2)
    login(page, live_server)
    page.goto(f"{live_server.url}/admin/experiments/rollout/{rollout.pk}/change/")
    assert page.locator("#kz-decide input[name=promote]").is_visible()
    assert page.locator(f"#chart-rollout-{rollout.pk} circle").count() == 6
    looked_at(page, "rollout-page-checked")
    assert problems == []


def test_the_404_page(watched, live_server):
    page, problems = watched
    login(page, live_server)
    response = page.goto(f"{live_server.url}/admin/no-such-page/")
    assert response.status == 404
    assert "Page not found" in page.locator("h1").inner_text()
    looked_at(page, "not-found")
    assert [p for p in problems if "no-such-page" not in p and "404 (Not Found)" not in p] == []
