"""The pages people look at, on a phone (Chromium at 390 px) and on a laptop (1280 px): the
admin's front page with what waits for a human, the dashboard, a review page, a rollout's page
after its checks and the lists they link to. On a phone the page itself never scrolls sideways:
a wide table scrolls inside its own box (the rollout's check table shows its last column once
scrolled) and the charts shrink to the window. At either width no word in a table is broken in
the middle; only a long token (a path, a dotted name) may wrap."""

from datetime import UTC, datetime

import pytest

from governance.models import Proposal
from tests.e2e.conftest import shot
from tests.e2e.test_browser_admin import login

pytestmark = pytest.mark.django_db(transaction=True)

PHONE, LAPTOP = 390, 1280
# Elements reaching past the window's right edge that no sideways-scrolling box of theirs holds.
STICKING_OUT = """() => {
  const width = document.documentElement.clientWidth;
  const held = e => { for (let p = e.parentElement; p; p = p.parentElement) {
      if (['auto', 'scroll', 'hidden'].includes(getComputedStyle(p).overflowX)) return true; } return false; };
  return [...document.querySelectorAll('body *')]
    .filter(e => e.getBoundingClientRect().right > width + 1 && getComputedStyle(e).position !== 'fixed' && !held(e))
    .map(e => e.tagName + (e.id ? '#' + e.id : '') + (e.className ? '.' + String(e.className).split(' ')[0] : ''))
    .slice(0, 5);
}"""
# Boxes that scroll sideways because what they hold is wider than they are.
SCROLLED = """() => [...document.querySelectorAll('.kz-scroll, .form-row div.readonly')]
  .filter(b => b.scrollWidth > b.clientWidth + 1)
  .map(b => (b.closest('[id]') || {}).id || b.className)"""
# Words of a table cell (letters, digits, dots, underscores; shorter than a long token) that the
# browser broke across two lines.
BROKEN_WORDS = """() => {
  const broken = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement.closest('td, th') || node.parentElement.closest('.kz-long')) continue;
    for (const m of node.textContent.matchAll(/[A-Za-z0-9_.]{4,23}/g)) {
      const range = document.createRange();
      range.setStart(node, m.index); range.setEnd(node, m.index + m[0].length);
      const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
      if (tops.size > 1) broken.push(m[0]);
    }
  }
  return broken.slice(0, 5);
}"""


def usable(page, url: str, name: str, width: int) -> None:
    """Open `url` at `width`: it answers, the page never scrolls sideways, nothing sticks out
    unless a scrolling box of its own holds it, and no word of a table is broken."""
    page.set_viewport_size({"width": width, "height": 900})
    response = page.goto(url)
    assert response.status == 200, url
    shot(page, f"{name}-{width}")
    assert page.evaluate("document.documentElement.scrollWidth") <= width, (name, width)
    assert page.evaluate(STICKING_OUT) == [], (name, width)
    assert page.evaluate(BROKEN_WORDS) == [], (name, width)
    if width >= LAPTOP:  # on a laptop nothing needs its box's sideways scroll
        assert page.evaluate(SCROLLED) == [], (name, width)


def looked_at():
    """A canary checked for three days, then a maintenance pattern and a proposal to review."""
    from improver.services.maintenance import maintenance_pass
    from planner.services import fleet_snapshot_take
    from tests.experiments.test_rollouts import approve, checked_daily, fleet_of
    from tests.improver.test_maintenance import spread
    from tests.planner.helpers import client_for

    _, clients, evolution, reviewer = fleet_of(4)
    rollout = approve(reviewer, evolution)
    checked_daily(rollout, clients, days=3, canary_failing=2)
    _, tools = client_for("builder")
    spread(tools, 60, 12)  # npm_install failing with NOTFOUND.package, session after session
    maintenance_pass(now=datetime(2026, 11, 30, tzinfo=UTC), window_days=3650)
    Proposal.objects.create(type="goal", title="Ship the weekly digest to every operator")
    fleet_snapshot_take(now=datetime.now(UTC))
    return rollout, evolution


def test_the_pages_people_look_at_are_usable_on_a_phone_and_a_laptop(page, live_server):
    rollout, evolution = looked_at()
    maintenance = Proposal.objects.filter(type="maintenance").first()
    login(page, live_server)
    pages = {
        "index": "/admin/",
        "dashboard": "/dashboard/",
        "evolution-review": f"/admin/governance/proposal/{evolution.pk}/change/",
        "maintenance-review": f"/admin/governance/proposal/{maintenance.pk}/change/",
        "rollout": f"/admin/experiments/rollout/{rollout.pk}/change/",
        "proposals": "/admin/governance/proposal/",
        "rollouts": "/admin/experiments/rollout/",
    }
    for width in (PHONE, LAPTOP):
        for name, path in pages.items():
            usable(page, f"{live_server.url}{path}", name, width)


def test_on_a_phone_the_check_table_scrolls_and_the_charts_fit(page, live_server):
    rollout, _ = looked_at()
    login(page, live_server)
    page.set_viewport_size({"width": PHONE, "height": 900})
    page.goto(f"{live_server.url}/admin/experiments/rollout/{rollout.pk}/change/")
    box = page.locator(".field-last_check_shown .kz-scroll")
    assert box.evaluate("b => b.scrollWidth > b.clientWidth")  # wider than the phone: it scrolls
    box.evaluate("b => { b.scrollLeft = b.scrollWidth; }")
    last = page.locator(".field-last_check_shown th").last.bounding_box()
    assert last["x"] + last["width"] <= PHONE + 1, last  # its last column, once scrolled to
    chart = page.locator(f"#chart-rollout-{rollout.pk}").bounding_box()
    assert 250 < chart["width"] <= PHONE, chart
    shot(page, "rollout-phone-scrolled")
    page.goto(f"{live_server.url}/dashboard/")
    for chart in ("#chart-success", "#chart-latency", "#chart-cost", "#chart-board", "#chart-friction"):
        drawn = page.locator(chart).bounding_box()
        assert 250 < drawn["width"] <= PHONE and drawn["height"] > 50, (chart, drawn)
    page.set_viewport_size({"width": LAPTOP, "height": 900})
    assert page.locator("#chart-success").bounding_box()["width"] > 500  # and grow on a wide window
