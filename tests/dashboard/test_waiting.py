"""What waits for a person is one click from the admin's front page and from the dashboard: the
header's badge counts pending proposals and canary rollouts handed over to a human, and both pages
link to each of them."""

import re
from datetime import timedelta

import pytest
from django.test import Client

from experiments.rollouts import rollouts_check
from governance.models import Proposal
from tests.experiments.test_rollouts import approve, fleet_of
from tests.factories import approver

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("clock")]


def handed_over():
    """A canary the test hands over to a human after its maximum duration, and one proposal to
    review besides."""
    _, _, proposal, reviewer = fleet_of(4)
    rollout = approve(reviewer, proposal)
    assert rollouts_check(now=rollout.started_at + timedelta(days=15)) == {"hand_over": 1}
    pending = Proposal.objects.create(type="goal", title="Ship the weekly digest")
    return rollout, pending


def staff() -> Client:
    client = Client()
    client.force_login(approver("reader"))
    return client


def links(page: str) -> set[str]:
    return set(re.findall(r'href="([^"]+)"', page))


def test_every_hand_over_is_one_click_from_the_admin_index_and_the_dashboard():
    rollout, pending = handed_over()
    client = staff()
    rollout_url = f"/admin/experiments/rollout/{rollout.pk}/change/"
    proposal_url = f"/admin/governance/proposal/{pending.pk}/change/"
    index = client.get("/admin/").content.decode()
    dashboard = client.get("/dashboard/").content.decode()
    for page in (index, dashboard):
        assert {rollout_url, proposal_url} <= links(page)
    assert "handed over to a human" in index and 'id="kz-handed-over"' in dashboard
    assert client.get(rollout_url).status_code == 200  # the link opens the page that decides


def test_the_badge_counts_proposals_and_rollouts_and_links_to_each_list():
    handed_over()
    page = staff().get("/admin/learning/feedbackitem/").content.decode()  # on any admin page
    badge = page[page.index('id="kz-pending-badge"') : page.index("</span>", page.index("kz-pending-badge"))]
    assert "1 pending review<" in badge and "1 rollout for a human<" in badge
    assert {
        "/admin/governance/proposal/?status__exact=pending",
        "/admin/experiments/rollout/?status__exact=needs_human",
    } <= links(badge)
    listed = staff().get("/admin/experiments/rollout/?status__exact=needs_human").content.decode()
    assert "1 rollout" in listed or "needs human" in listed.lower()


def test_nothing_waiting_shows_no_badge_and_no_list():
    client = staff()
    assert 'id="kz-pending-badge"' not in client.get("/admin/").content.decode()
    assert 'id="kz-waiting"' not in client.get("/admin/").content.decode()
    dashboard = client.get("/dashboard/").content.decode()
    assert "Nothing waits for a review." in dashboard


def test_a_line_test_handed_over_is_counted_listed_and_one_click_away():
    from config import clock
    from experiments.models import LineFactor
    from tests.factories import TemplateFactory

    factor = LineFactor.objects.create(
        template=TemplateFactory(slug="support"),
        levels=[{"add": ["Quote the order number in every reply."]}],
        share=0.5,
        status=LineFactor.Status.NEEDS_HUMAN,
        started_at=clock.now() - timedelta(days=15),
    )
    client = staff()
    url = f"/admin/experiments/linefactor/{factor.pk}/change/"
    index = client.get("/admin/").content.decode()
    dashboard = client.get("/dashboard/").content.decode()
    for page in (index, dashboard):
        assert url in links(page) and "Quote the order number in every reply." in page
    badge = index[
        index.index('id="kz-pending-badge"') : index.index("</span>", index.index("kz-pending-badge"))
    ]
    assert "1 line test for a human<" in badge
    assert "/admin/experiments/linefactor/?status__exact=needs_human" in links(badge)
    assert client.get(url).status_code == 200
