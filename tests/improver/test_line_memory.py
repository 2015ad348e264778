"""Lines with a memory: a line a human rejected is not proposed again by the ritual, however much
the same feedback keeps asking for it, nor in other words. A line a canary took back (aborted by a
human, or rolled back for harm) is not proposed again on the evidence it was tried on; it comes
back, alone and saying what happened to it before, when feedback that arrived after its rollout
ended asks for it again: any such feedback for a line aborted with no harm in sight, at least as
much as first proposed it for a line rolled back for harm or aborted on a check that saw harm."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from rest_framework.test import APIClient

from experiments.models import Rollout
from experiments.rollouts import rollouts_check
from fleet.models import Agent
from fleet.services import agent_create
from governance.models import Proposal
from governance.services import proposal_reject
from improver.models import ImproverAgent
from improver.services.ritual import ritual_run
from tests.experiments.test_rollouts import sessions
from tests.factories import approver
from tests.improver.helpers import WAKE, coder_fleet, complaints, observation

pytestmark = pytest.mark.django_db


def test_a_rejected_line_never_comes_back_through_the_ritual():
    _, improver, client = coder_fleet()
    complaints(client, 3, at=WAKE - timedelta(days=1))
    ritual_run(improver=improver, period="w1", now=WAKE)
    first = Proposal.objects.get(status="pending")
    lines = [a["text"] for a in first.payload["additions"]]
    proposal_reject(proposal=first, actor=approver(), reason="we want long reports")
    for p in Proposal.objects.filter(status="pending"):  # a refinement the rejection proposed
        proposal_reject(proposal=p, actor=approver(), reason="no")
    for week in (2, 3):  # the same complaints again, twice as many
        complaints(client, 6, at=WAKE + timedelta(days=7 * (week - 1) - 1))
        ImproverAgent.objects.filter(pk=improver.pk).update(ritual_state="sleeping")
        improver.refresh_from_db()
        ritual_run(improver=improver, period=f"w{week}", now=WAKE + timedelta(days=7 * (week - 1)))
        for p in Proposal.objects.filter(status="pending"):
            proposed = [a["text"] for a in p.payload["additions"]]
            assert not set(proposed) & set(lines), proposed
            proposal_reject(proposal=p, actor=approver(), reason="no")


CONCISE = "Keep reports concise: lead with the result."
CITE, DATES = "Cite the source for every number.", "Check every date against the release calendar."
SAID = {
    CONCISE: "The summary was too long and verbose.",
    CITE: "The revenue figure was wrong.",
    DATES: "The release date was wrong.",
}


def asked(client, line: str, n: int, at, tag: str) -> None:
    """`n` complaints asking for `line`, each in a session (and from a person) of its own."""
    body = {"sentiment": "negative", "category": "complaint"}
    batch = [
        {**observation(i, f"{SAID[line]} {line}", at, **body, session_id=f"{tag}{i}"), "id": f"{tag}{i}"}
        for i in range(n)
    ]
    response = client.post("/api/v1/ingest", {"batch": batch}, format="json")
    assert all(r["status"] == 201 for r in response.json()["results"]), response.json()


def fleet_of_six():
    """The coder template with six agents: (its improver, the first agent's client, a reviewer,
    every agent's client by its id)."""
    _, improver, client = coder_fleet()
    clients = {Agent.objects.get(name="coder-1").pk: client}
    for i in range(2, 7):
        agent, token = agent_create(name=f"coder-{i}", template_slug="coder")
        clients[agent.pk] = APIClient()
        clients[agent.pk].credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    reviewer = APIClient()
    reviewer.force_authenticate(approver())
    return improver, client, reviewer, clients


def wake(improver, period: str, now):
    ImproverAgent.objects.filter(pk=improver.pk).update(ritual_state="sleeping")
    improver.refresh_from_db()
    return ritual_run(improver=improver, period=period, now=now)


def approve(reviewer, proposal) -> Rollout:
    response = reviewer.post(f"/api/v1/proposals/{proposal.pk}/approve", {"rating": 4}, format="json")
    assert response.status_code == 200, response.json()
    return Rollout.objects.get(proposal=proposal)


def added(proposal) -> list[str]:
    return [a["text"] for a in proposal.payload["additions"]]


def review_page(proposal) -> str:
    admin = Client()
    admin.force_login(get_user_model().objects.create_superuser("root", "root@example.com", "pw"))
    return admin.get(f"/admin/governance/proposal/{proposal.pk}/change/").content.decode()


@pytest.mark.usefixtures("clock")
def test_an_aborted_bundle_s_lines_come_back_alone_when_new_feedback_asks_for_them(clock):
    clock.move_to(WAKE)
    improver, client, reviewer, _ = fleet_of_six()
    for line, tag in ((CONCISE, "a"), (CITE, "b"), (DATES, "c")):
        asked(client, line, 5, WAKE - timedelta(days=1), tag)
    wake(improver, "w1", WAKE)
    bundle = Proposal.objects.get(status="pending")
    assert set(added(bundle)) == {CONCISE, CITE, DATES}
    rollout = approve(reviewer, bundle)
    clock.move_to(WAKE + timedelta(days=9))
    reason = {"reason": "no target significantly better"}
    assert reviewer.post(f"/api/v1/rollouts/{rollout.pk}/abort", reason, format="json").status_code == 200

    # feedback from before the abort asks for nothing again; new feedback, in fewer sessions than
    # first proposed the lines, brings them back one at a time
    clock.move_to(WAKE + timedelta(days=12))
    asked(client, CONCISE, 4, WAKE + timedelta(days=12), "d")
    asked(client, CITE, 3, WAKE + timedelta(days=12), "e")
    assert wake(improver, "w3", WAKE + timedelta(days=14)).outcome == "proposed"
    first = Proposal.objects.get(status="pending")
    assert added(first) == [CONCISE]
    before = "Proposed before in v2, aborted by approver on 2026-11-17 after 9 days: no target significantly better"
    [line] = first.payload["additions"]
    assert line["reason"].startswith(before) and "asked by 4 people in 4 sessions" in line["reason"]
    assert before in review_page(first)
    assert CITE in [a["text"] for a in first.payload["alternatives"]]

    approve(reviewer, first)  # its canary runs; the other line comes back the week after, alone
    clock.move_to(WAKE + timedelta(days=19))
    asked(client, CITE, 3, WAKE + timedelta(days=19), "f")
    assert wake(improver, "w4", WAKE + timedelta(days=21)).outcome == "proposed"
    second = Proposal.objects.get(status="pending")
    assert added(second) == [CITE] and second.payload["additions"][0]["reason"].startswith(before)


def harmful(rollout, clients, at) -> None:
    """Most of the canary's sessions fail, few of the champion's: the test rolls it back."""
    for pk, client in clients.items():
        canary = pk in rollout.canary_agents
        sessions(client, 12, 10 if canary else 1, f"h{pk}", at=at)
    assert rollouts_check(now=at + timedelta(hours=3)) == {"roll_back": 1}


def back_only_on_as_much(clock, improver, client) -> Proposal:
    """New feedback asking for CONCISE (first proposed by 4 people): 3 people bring nothing back,
    4 bring it back alone; that proposal."""
    clock.move_to(WAKE + timedelta(days=13))
    asked(client, CONCISE, 3, WAKE + timedelta(days=13), "b")  # fewer than first proposed it
    wake(improver, "w3", WAKE + timedelta(days=14))
    assert all(CONCISE not in added(p) for p in Proposal.objects.filter(status="pending"))

    clock.move_to(WAKE + timedelta(days=20))
    asked(client, CONCISE, 4, WAKE + timedelta(days=20), "c")  # as many as first proposed it
    assert wake(improver, "w4", WAKE + timedelta(days=21)).outcome == "proposed"
    back = Proposal.objects.get(status="pending")
    assert added(back) == [CONCISE]
    return back


@pytest.mark.usefixtures("clock")
def test_a_line_rolled_back_for_harm_comes_back_only_on_as_much_new_evidence(clock):
    clock.move_to(WAKE)
    improver, client, reviewer, clients = fleet_of_six()
    asked(client, CONCISE, 4, WAKE - timedelta(days=1), "a")
    wake(improver, "w1", WAKE)
    rollout = approve(reviewer, Proposal.objects.get(status="pending"))
    harmful(rollout, clients, WAKE + timedelta(hours=1))
    rollout.refresh_from_db()
    assert rollout.status == "rolled_back"

    back = back_only_on_as_much(clock, improver, client)
    assert "Proposed before in v2, rolled back by the canary test on 2026-11-08" in review_page(back)


WORSE = {"intervals": {"negative": [0.2, 0.05, 0.35]}}
ADVISED_ABORT = {"intervals": {"negative": [0.1, -0.02, 0.22]}, "advice": {"action": "abort"}}
UNCLEAR = {"intervals": {"negative": [0.01, -0.1, 0.12]}, "advice": {"action": "wait"}}


@pytest.mark.parametrize(
    ("status", "last_check", "new", "back"),
    [
        ("aborted", UNCLEAR, (1, 1, 1), True),  # nothing seen against it: any new evidence
        ("aborted", WORSE, (1, 1, 1), False),  # a human ended it on seeing harm
        ("aborted", ADVISED_ABORT, (3, 3, 5), False),
        ("aborted", ADVISED_ABORT, (4, 4, 24), True),  # as much as first proposed it
        ("rolled_back", UNCLEAR, (3, 4, 24), False),
        ("rolled_back", WORSE, (4, 4, 24), True),
    ],
)
def test_a_line_ended_on_seeing_harm_comes_back_only_on_as_much_new_evidence(status, last_check, new, back):
    from improver.bundles import Ended, comes_back, harmed

    first = {"text": CONCISE, "sessions": 4, "people": 4, "evidence": 24}
    ended = Ended(first, status, 2, 1, "approver", WAKE, WAKE, harmed=harmed(last_check))
    assert comes_back(ended, *new) is back


@pytest.mark.usefixtures("clock")
def test_a_line_a_human_aborted_on_a_check_that_advised_abort_needs_as_much_new_evidence(clock):
    """The human read the figures the way the test advised (a signal likely past its margin):
    harm was seen, so a little new feedback does not bring the line back; as much as first
    proposed it does."""
    clock.move_to(WAKE)
    improver, client, reviewer, _ = fleet_of_six()
    asked(client, CONCISE, 4, WAKE - timedelta(days=1), "a")
    wake(improver, "w1", WAKE)
    rollout = approve(reviewer, Proposal.objects.get(status="pending"))
    Rollout.objects.filter(pk=rollout.pk).update(last_check=ADVISED_ABORT)  # what its last check said
    clock.move_to(WAKE + timedelta(days=9))
    response = reviewer.post(f"/api/v1/rollouts/{rollout.pk}/abort", {"reason": "as advised"}, format="json")
    assert response.status_code == 200

    back_only_on_as_much(clock, improver, client)


NEUTRAL = [0.0, -0.1, 0.1]  # its test saw it no likelier to lower its target than not (50%)
HELPED = [-0.08, -0.16, 0.0]  # 97.5% likely lower, not yet shown


@pytest.mark.parametrize(
    ("seen", "new", "back"),
    [
        (NEUTRAL, 4, False),  # the same complaints going on: no new evidence for it
        (NEUTRAL, 8, True),  # twice the sessions that first proposed it: a turn
        (HELPED, 4, True),  # it likely helped: any new evidence brings it back
    ],
)
def test_a_line_its_own_test_saw_unlikely_to_help_comes_back_only_on_a_turn(seen, new, back):
    from experiments.models import LineFactor

    template, improver, client = coder_fleet()
    first = {"text": CONCISE, "origin": "remedy", "evidence": 24, "sessions": 4, "people": 4}
    LineFactor.objects.create(
        template=template,
        levels=[{"add": [CONCISE], "targets": ["negative:communication"], "addition": first}],
        share=0.5,
        status=LineFactor.Status.ABORTED,
        decided_by="approver",
        started_at=WAKE - timedelta(days=20),
        decided_at=WAKE - timedelta(days=6),
        last_check={
            "1": {"judged_on": ["negative:communication"], "intervals": {"negative:communication": seen}}
        },
    )
    asked(client, CONCISE, new, WAKE - timedelta(days=2), "n")

    ritual_run(improver=improver, period="w1", now=WAKE)

    proposed = [a for p in Proposal.objects.filter(status="pending") for a in added(p)]
    assert (CONCISE in proposed) is back, proposed


@pytest.mark.parametrize(
    ("seen", "gain"),
    [(NEUTRAL, 0.5), (HELPED, 0.975), ([0.08, 0.0, 0.16], 0.025), (None, None), ([0.0, 0.1, 0.1], None)],
)
def test_how_likely_a_check_saw_the_target_lower(seen, gain):
    from improver.bundles import gain as seen_gain

    check = {"judged_on": ["negative:x"], "intervals": {"negative:x": seen}} if seen else {}
    assert seen_gain(check) == (pytest.approx(gain, abs=1e-3) if gain is not None else None)
