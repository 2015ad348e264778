"""What the pages say follows what happened: a proposal whose canary was rolled back says so
beside "Approved" (its review page, the proposal list, its evolution session), the dashboard
lists the rollouts decided lately, and an evolution session is never offered for deletion."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from experiments.rollouts import rollouts_check
from governance.models import ChangeDecision
from governance.standing import standing
from improver.models import EvolutionSession
from tests.experiments.test_rollouts import START, approve, arms, fleet_of, sessions
from tests.factories import approver

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("clock")]


def rolled_back():
    """An approved evolution whose canary fails far more often than the champion: the test rolls
    it back."""
    _, clients, proposal, reviewer = fleet_of(5)
    rollout = approve(reviewer, proposal)
    canary, champions = arms(rollout, clients)
    for i, client in enumerate(canary):
        sessions(client, 12, 10, f"c{i}")
    for i, client in enumerate(champions):
        sessions(client, 12, 1, f"b{i}")
    assert rollouts_check(now=START + timedelta(hours=3)) == {"roll_back": 1}
    rollout.refresh_from_db()
    day = timezone.localtime(ChangeDecision.objects.get(verdict="rolled_back").created_at)
    return proposal, rollout, f"{day:%Y-%m-%d}"


def staff() -> Client:
    client = Client()
    client.force_login(approver("reader"))
    return client


@pytest.mark.parametrize(
    ("label", "verdict", "said"),
    [
        ("Approved", None, "Approved"),
        ("Approved", "rolled_back", "Approved — rolled back on 2026-11-29"),
        ("Approved", "aborted", "Approved — aborted by a human on 2026-11-29"),
        ("Approved", "handed_over", "Approved — canary handed to a human on 2026-11-29"),
        ("Approved", "pinned", "Approved — canary pinned by a human on 2026-11-29"),
        ("Implemented", "promoted", "Implemented — promoted to every agent on 2026-11-29"),
        ("Rejected", "confirmed", "Rejected"),  # a verdict on the proposal, not on its rollout
    ],
)
def test_a_proposals_standing_in_words(label, verdict, said):
    from datetime import date

    assert standing(label, verdict, date(2026, 11, 29)) == said


def test_a_rolled_back_proposal_says_so_wherever_its_status_is_shown():
    proposal, rollout, day = rolled_back()
    said = f"Approved — rolled back on {day}"
    client = staff()
    review = client.get(f"/admin/governance/proposal/{proposal.pk}/change/").content.decode()
    assert said in review
    listed = client.get("/admin/governance/proposal/").content.decode()
    assert said in listed
    session = EvolutionSession.objects.get(proposal=proposal)
    page = client.get(f"/admin/improver/evolutionsession/{session.pk}/change/").content.decode()
    assert said in page and f'href="/admin/governance/proposal/{proposal.pk}/change/"' in page
    assert "under review" not in page
    sessions_list = client.get("/admin/improver/evolutionsession/").content.decode()
    assert said.lower() in sessions_list


def test_an_evolution_session_is_never_offered_for_deletion():
    proposal, _, _ = rolled_back()
    session = EvolutionSession.objects.get(proposal=proposal)
    client = staff()
    page = client.get(f"/admin/improver/evolutionsession/{session.pk}/change/").content.decode()
    assert "deletelink" not in page
    assert client.get(f"/admin/improver/evolutionsession/{session.pk}/delete/").status_code == 403
    listed = client.get("/admin/improver/evolutionsession/").content.decode()
    assert "delete_selected" not in listed


def test_the_dashboard_lists_the_rollouts_decided_lately():
    _, rollout, _ = rolled_back()
    page = staff().get("/dashboard/").content.decode()
    card = page[page.index('id="kz-decided"') :]
    card = card[: card.index("</div>")]
    assert f'href="/admin/experiments/rollout/{rollout.pk}/change/"' in card
    assert "<strong>rolled back</strong> by the canary&#x27;s test" in card
