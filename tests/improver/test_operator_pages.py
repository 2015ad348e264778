"""Operator pages say what happens: the review page shows text, not Python reprs; approving
names the canary and what decides it; a rollout cannot be deleted, and nothing leaves a canary
serving a candidate that no rollout watches."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from experiments.models import Rollout
from experiments.rollouts import rollouts_check
from fleet.documents import document_rollback
from fleet.models import Agent, Document, DocumentVersion
from governance.models import Proposal
from tests.experiments.test_rollouts import approve, arms, checked_daily, fleet_of, served

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("clock")]


@pytest.fixture
def admin(db) -> Client:
    client = Client()
    client.force_login(get_user_model().objects.create_superuser("root", "root@example.com", "pw"))
    return client


def test_the_review_page_shows_text_and_offers_no_save(admin):
    _, _, proposal, _ = fleet_of(3)
    page = admin.get(f"/admin/governance/proposal/{proposal.pk}/change/").content.decode()
    assert "['" not in page and "None" not in page  # no Python lists or Nones printed
    assert 'name="_save"' not in page and 'name="_continue"' not in page
    # the evidence and payload shown once, by the review's own panels, not again as raw tables
    assert '<table class="kz-readable">' not in page and 'id="kz-additions"' in page
    assert "current_success_rate" not in page and "skill outcomes" in page
    assert "/admin/improver/improverreport/" in page  # the weekly report is linked, not repeated
    assert "/admin/learning/feedbackitem/?sentiment__exact=negative" in page  # feedback linked by group
    import html
    import re

    link = html.unescape(re.search(r'href="(/admin/learning/feedbackitem/\?[^"]+)"', page).group(1))
    listed = admin.get(link)
    assert listed.status_code == 200 and "3 feedback items" in listed.content.decode()


def test_approving_names_the_canary_and_what_decides_it(admin):
    _, clients, proposal, _ = fleet_of(4)
    response = admin.post(f"/admin/governance/proposal/{proposal.pk}/approve/", {"rating": "4"}, follow=True)
    said = " ".join(str(m) for m in response.context["messages"])
    rollout = Rollout.objects.get()
    names = sorted(Agent.objects.filter(pk__in=rollout.canary_agents).values_list("name", flat=True))
    assert f"v2 goes to a canary first: {', '.join(names)} ({len(names)} of 4 agents" in said, said
    assert "rolls it back as soon as any failure signal gets worse" in said
    page = admin.get(f"/admin/experiments/rollout/{rollout.pk}/change/").content.decode()
    assert ", ".join(names) in page


def test_a_rollout_cannot_be_deleted_in_the_admin(admin):
    _, _, proposal, reviewer = fleet_of(3)
    rollout = approve(reviewer, proposal)
    assert admin.get(f"/admin/experiments/rollout/{rollout.pk}/delete/").status_code == 403
    assert Rollout.objects.filter(pk=rollout.pk).exists()


def test_a_rollout_deleted_by_hand_takes_its_canary_with_it():
    template, clients, proposal, reviewer = fleet_of(3)
    rollout = approve(reviewer, proposal)
    canary, _ = arms(rollout, clients)
    rollout.delete()
    assert served(canary[0]) == (1, "champion")


def test_a_candidate_left_without_a_rollout_is_cleared_by_the_check():
    template, clients, proposal, reviewer = fleet_of(3)
    rollout = approve(reviewer, proposal)
    canary, _ = arms(rollout, clients)
    Rollout.objects.filter(pk=rollout.pk).update(status=Rollout.Status.ABORTED)  # behind its back
    assert rollouts_check()["orphan_cleared"] == 1
    assert served(canary[0]) == (1, "champion")
    assert Document.objects.get(pk=template.document_id).candidate_id is None


def test_rolling_the_template_back_ends_the_running_canary():
    template, clients, proposal, reviewer = fleet_of(3)
    rollout = approve(reviewer, proposal)
    canary, champions = arms(rollout, clients)
    v1 = DocumentVersion.objects.get(document=template.document, number=1)
    document_rollback(version=v1)  # a human's rollback: v3, a copy of v1
    rollout.refresh_from_db()
    assert rollout.status == "aborted" and "The head moved to v3" in rollout.reason
    assert {served(c) for c in canary + champions} == {(3, "champion")}
    assert Proposal.objects.get(pk=proposal.pk).decisions.filter(verdict="aborted").exists()


def test_the_rollout_page_shows_each_signal_with_its_role_arms_interval_and_verdict(admin):
    from datetime import timedelta

    from tests.experiments.test_rollouts import START, sessions

    _, clients, proposal, reviewer = fleet_of(4)
    rollout = approve(reviewer, proposal)
    canary, champions = arms(rollout, clients)
    for i, client in enumerate(canary):
        sessions(client, 12, 6, f"c{i}", complain=True)
    for i, client in enumerate(champions):
        sessions(client, 12, 3, f"b{i}", complain=True)
    rollouts_check(now=START + timedelta(days=1))
    page = admin.get(f"/admin/experiments/rollout/{rollout.pk}/change/").content.decode()
    for words in ("signal", "needs", "verdict", "guardrail", "target", "a tool failing", "Checked "):
        assert words in page, words
    assert "{&#x27;" not in page and "[[" not in page  # no raw dicts or pairs
    review = admin.get(f"/admin/governance/proposal/{proposal.pk}/change/").content.decode()
    for words in ("Canary rollout v2", "needs", "verdict", "guardrail", "target"):
        assert words in review, words


def test_the_rollout_page_says_where_it_stands_charts_its_checks_and_decides_on_the_page(admin):

    _, clients, proposal, reviewer = fleet_of(4)
    rollout = approve(reviewer, proposal)
    checked_daily(rollout, clients, days=2, canary_failing=3)
    url = f"/admin/experiments/rollout/{rollout.pk}/change/"
    page = admin.get(url).content.decode()
    assert 'id="kz-decision"' in page and "Where it stands" in page
    assert 'id="chart-rollout-' in page and page.count("<circle") >= 4  # both arms at both checks
    assert "canary: " in page and " sessions (" in page  # counts beside the rates
    for action in ("promote", "abort", "pin"):
        assert f"/admin/experiments/rollout/{rollout.pk}/decide/{action}/" in page
    assert "Removes only" not in page and "`system`" not in page
    response = admin.post(
        f"/admin/experiments/rollout/{rollout.pk}/decide/pin/", {"version": rollout.candidate.number}
    )
    assert response.status_code == 302
    rollout.refresh_from_db()
    assert rollout.status == "pinned"
    assert admin.get(f"/admin/experiments/rollout/{rollout.pk}/decide/abort/").status_code == 405


def test_a_view_only_user_sees_no_decision_buttons_and_cannot_post_one(db):
    from django.contrib.auth.models import Permission

    _, _, proposal, reviewer = fleet_of(3)
    rollout = approve(reviewer, proposal)
    viewer = get_user_model().objects.create_user("viewer", "v@example.com", "pw", is_staff=True)
    viewer.user_permissions.add(Permission.objects.get(codename="view_rollout"))
    client = Client()
    client.force_login(viewer)
    page = client.get(f"/admin/experiments/rollout/{rollout.pk}/change/").content.decode()
    assert 'id="kz-decide"' not in page
    response = client.post(f"/admin/experiments/rollout/{rollout.pk}/decide/promote/")
    assert response.status_code == 403
    rollout.refresh_from_db()
    assert rollout.status == "running"
