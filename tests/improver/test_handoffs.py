"""Hand-offs are followed to where the fix belongs. A planner hands trips to a booking desk (two
templates); the planner's hand-off leaves out the passport number; the booking desk's sessions,
handed from the planner's (`parent_session_id`), fail and its users say so. The planner's ritual
reads that feedback as its own and proposes the line on the planner's template, and its review
page says where the request was seen; the booking desk keeps the feedback as its own but proposes
no line from it (the fix is not its to make). Through
the ingest API, the ritual and the admin, as agents, the weekly run and a reviewer meet them."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from governance.models import Proposal
from improver.services.ritual import ritual_run
from tests.improver.helpers import T0, WAKE, coder_fleet

pytestmark = pytest.mark.django_db

HANDOFF = "The planner's hand-off left out the passport number. Include the passport number in the hand-off."
LINE = "Include the passport number in the hand-off."
OWN = "The seat map was confusing. Show the seat map before asking for payment."


def post(client, batch) -> None:
    response = client.post("/api/v1/ingest", {"batch": batch}, format="json")
    assert all(r["status"] == 201 for r in response.json()["results"]), response.json()


def at(minutes: int) -> str:
    return (T0 + timedelta(days=1, minutes=minutes)).isoformat()


def planner_runs(client, sessions: list[str]) -> None:
    post(
        client,
        [
            {
                "id": f"run-{s}",
                "type": "skill_outcome",
                "timestamp": at(i),
                "body": {"skill": "plan_trip", "success": True, "duration_ms": 900, "session_id": s},
            }  # fmt: skip
            for i, s in enumerate(sessions)
        ],
    )


def booking_session(client, i: int, session: str, text: str, user: str, parent: str | None = None) -> None:
    """A booking that failed and its user's complaint (the failure names the parent, when given)."""
    handed = {"parent_session_id": parent} if parent else {}
    post(
        client,
        [
            {"id": f"book-{session}", "type": "tool_invocation", "timestamp": at(10 + i),
             "body": {"session_id": session, "tool": "reserve_flight", "outcome": "failure",
                      "duration_ms": 40, "error": "passenger document missing", **handed}},
            {"id": f"said-{session}", "type": "observation", "timestamp": at(11 + i),
             "body": {"text": text, "sentiment": "negative", "category": "complaint",
                      "session_id": session, "user_id": user}},
        ],
    )  # fmt: skip


def fleet():
    planner, planner_improver, planner_client = coder_fleet(slug="planner")
    booking, booking_improver, booking_client = coder_fleet(slug="booking")
    return planner_improver, planner_client, booking_improver, booking_client


def evolution(slug: str) -> Proposal | None:
    return Proposal.objects.filter(type="template_evolution", dedup_key=f"evolution:{slug}").first()


def added(proposal: Proposal | None) -> list[str]:
    return [a["text"] for a in proposal.payload["additions"]] if proposal else []


def review_page(proposal: Proposal) -> str:
    admin = Client()
    user = get_user_model().objects.filter(
        username="root"
    ).first() or get_user_model().objects.create_superuser("root", "root@example.com", "pw")
    admin.force_login(user)
    page = admin.get(f"/admin/governance/proposal/{proposal.pk}/change/")
    assert page.status_code == 200
    return page.content.decode()


def test_the_planners_ritual_proposes_the_hand_off_line_and_its_review_shows_where_it_was_seen():
    planner_improver, planner_client, booking_improver, booking_client = fleet()
    planner_runs(planner_client, [f"plan-{i}" for i in range(4)])
    for i in range(4):  # four travellers, each booking handed from one of the planner's sessions
        booking_session(booking_client, i, f"trip-{i}", HANDOFF, f"traveller-{i}", parent=f"plan-{i}")
    for i in range(3):  # the booking desk's own trouble: no parent, the planner not named
        booking_session(booking_client, 20 + i, f"walk-in-{i}", OWN, f"walk-in-{i}")

    ritual_run(improver=planner_improver, period="w1", now=WAKE)
    planner = evolution("planner")
    assert planner is not None and LINE in added(planner), added(planner)
    assert not any("seat map" in line.lower() for line in added(planner))  # booking's alone
    [remedy] = [a for a in planner.payload["additions"] if a["text"] == LINE]
    assert "asked by 4 people in 4 sessions" in remedy["reason"]
    assert "seen downstream in booking" in remedy["reason"]
    [ask] = [r for r in planner.evidence["remedies"] if r["text"] == LINE]
    assert ask["downstream"] == ["booking"]
    asks = review_page(planner).split('id="kz-asks"')[1].split("</table>")[0]
    assert LINE in asks and "seen downstream in booking" in asks

    # the booking desk keeps its own evidence, as its own, but the hand-off's line is the
    # planner's to serve: the booking desk proposes only its own trouble's line
    ritual_run(improver=booking_improver, period="w1", now=WAKE)
    booking = evolution("booking")
    assert booking is not None
    assert LINE not in added(booking) and any("seat map" in line.lower() for line in added(booking))
    assert booking_improver.active_template.feedback.filter(detail=HANDOFF).count() == 4
    assert all(not r["downstream"] for r in booking.evidence["remedies"])
    assert "seen downstream" not in review_page(booking)


def test_feedback_naming_the_planner_counts_for_it_without_a_parent():
    planner_improver, planner_client, _, booking_client = fleet()
    planner_runs(planner_client, ["plan-0"])
    for i in range(3):
        booking_session(booking_client, i, f"trip-{i}", HANDOFF, f"traveller-{i}")  # no parent
    ritual_run(improver=planner_improver, period="w1", now=WAKE)
    assert LINE in added(evolution("planner"))


def test_feedback_naming_the_hand_off_counts_for_the_template_known_to_hand_work_over():
    planner_improver, planner_client, _, booking_client = fleet()
    planner_runs(planner_client, ["plan-0"])
    booking_session(booking_client, 0, "trip-0", "Slow again.", "traveller-0", parent="plan-0")
    said = "The hand-off left out the passport number. Include the passport number in the hand-off."
    for i in range(1, 4):  # no parent, the planner not named: the booking desk's only hand-off
        booking_session(booking_client, i, f"trip-{i}", said, f"traveller-{i}")
    ritual_run(improver=planner_improver, period="w1", now=WAKE)
    assert LINE in added(evolution("planner"))


def test_a_booking_without_a_parent_and_not_naming_the_planner_stays_with_booking():
    planner_improver, planner_client, booking_improver, booking_client = fleet()
    planner_runs(planner_client, [f"plan-{i}" for i in range(3)])
    for i in range(3):
        booking_session(booking_client, i, f"walk-in-{i}", OWN, f"walk-in-{i}")
    ritual_run(improver=planner_improver, period="w1", now=WAKE)
    planner = evolution("planner")
    assert planner is None  # nothing reached the planner: its gate found no new feedback
    assert not planner_improver.active_template.feedback.exists()

    ritual_run(improver=booking_improver, period="w1", now=WAKE)
    assert any("seat map" in line.lower() for line in added(evolution("booking")))


def test_a_handed_bookings_own_trouble_stays_with_booking():
    # handed from the planner's sessions, but what the travellers ask is the booking desk's work
    planner_improver, planner_client, booking_improver, booking_client = fleet()
    planner_runs(planner_client, [f"plan-{i}" for i in range(4)])
    for i in range(4):
        booking_session(booking_client, i, f"trip-{i}", OWN, f"traveller-{i}", parent=f"plan-{i}")
    ritual_run(improver=planner_improver, period="w1", now=WAKE)
    assert not any("seat map" in line.lower() for line in added(evolution("planner")))
    ritual_run(improver=booking_improver, period="w1", now=WAKE)
    assert any("seat map" in line.lower() for line in added(evolution("booking")))


def test_what_the_planners_users_say_of_the_booking_desk_is_never_the_desks_evidence():
    # the planner hands work to the booking desk; its own users naming the desk is the planner's
    planner_improver, planner_client, booking_improver, booking_client = fleet()
    planner_runs(planner_client, [f"plan-{i}" for i in range(4)])
    booking_session(booking_client, 0, "trip-0", OWN, "traveller-0", parent="plan-0")  # the link
    said = "Checking twice is slow. Confirm the dates before sending anything to booking."
    post(
        planner_client,
        [
            {"id": f"plan-said-{i}", "type": "observation", "timestamp": at(40 + i),
             "body": {"text": said, "sentiment": "negative", "category": "complaint",
                      "session_id": f"plan-{i}", "user_id": f"planner-user-{i}"}}
            for i in range(4)
        ],
    )  # fmt: skip
    ritual_run(improver=booking_improver, period="w1", now=WAKE)
    assert not any("confirm the dates" in line.lower() for line in added(evolution("booking")))
    ritual_run(improver=planner_improver, period="w1", now=WAKE)
    assert any("confirm the dates" in line.lower() for line in added(evolution("planner")))
