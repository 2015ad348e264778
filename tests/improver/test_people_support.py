"""Evidence counts people, not items: a request's support is the number of distinct people who
asked for it (the user each item names; without one, each session is one person), each counted
once however many items they sent. Through the ingest API and the ritual, as an agent and the
weekly run meet them; the review page shows each request asked by N people in M sessions."""

import re
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from governance.models import Proposal
from improver.services.ritual import ritual_run
from tests.improver.helpers import T0, WAKE, coder_fleet

pytestmark = pytest.mark.django_db

LOUD = "The reply was hard to scan. Use bullet points in every reply."
MAJORITY = (
    "The reply was cluttered. Never use bullet points in replies.",
    "Do not use bullet points in replies.",
)


def send(client, said: list[tuple[str, str, str | None]]) -> None:
    """Negative feedback: (text, session, user or None) each."""
    batch = []
    for i, (text, session, user) in enumerate(said):
        body = {"text": text, "sentiment": "negative", "category": "complaint", "session_id": session}
        if user:
            body["user_id"] = user
        at = (T0 + timedelta(days=1, minutes=i)).isoformat()
        batch.append({"id": f"fb-{i}", "type": "observation", "timestamp": at, "body": body})
    response = client.post("/api/v1/ingest", {"batch": batch}, format="json")
    assert all(r["status"] == 201 for r in response.json()["results"]), response.json()


def proposal_after(said) -> Proposal | None:
    _, improver, client = coder_fleet()
    send(client, said)
    ritual_run(improver=improver, period="w1", now=WAKE)
    return Proposal.objects.filter(type="template_evolution").first()


def added(proposal: Proposal | None) -> list[str]:
    return [a["text"] for a in proposal.payload["additions"]] if proposal else []


def remedies(proposal: Proposal | None) -> list[dict]:
    """The lines proposed from what the feedback asked (not the fallback line of its category)."""
    return [a for a in proposal.payload["additions"] if a["origin"] == "remedy"] if proposal else []


def test_a_loud_user_loses_to_a_majority_of_people_asking_the_opposite():
    # 8 of 20 items (40%) from one user, two in each of four sessions; 12 people ask the opposite
    loud = [(LOUD, f"loud-{i // 2}", "loud-user") for i in range(8)]
    majority = [(MAJORITY[i % 2], f"m-{i}", f"user-{i}") for i in range(12)]
    proposal = proposal_after(loud + majority)

    lines = added(proposal)
    assert any(re.search(r"(never|not) use bullet points", line, re.I) for line in lines), lines
    assert not any(re.match(r"use bullet points", line, re.I) for line in lines), lines
    [remedy] = remedies(proposal)
    assert remedy["people"] == 12 and "asked by 12 people in 12 sessions" in remedy["reason"]
    # the loud user's ask is no remedy of the template at all: one person, however many items
    asks = proposal.evidence["remedies"]
    assert [(r["people"], r["sessions"], r["items"]) for r in asks] == [(12, 12, 12)]
    assert asks[0]["asked"] == "asked by 12 people in 12 sessions"

    admin = Client()
    admin.force_login(get_user_model().objects.create_superuser("root", "root@example.com", "pw"))
    page = admin.get(f"/admin/governance/proposal/{proposal.pk}/change/").content.decode()
    assert "asked by 12 people in 12 sessions" in page and 'id="kz-asks"' in page
    assert "Use bullet points in every reply" not in page.split('id="kz-asks"')[1].split("</table>")[0]


def test_one_users_request_repeated_in_many_sessions_is_not_proposed():
    said = [("Wrong figures again. Cite the source for every number.", f"s{i}", "solo") for i in range(6)]
    proposal = proposal_after(said)
    assert not any("cite" in line.lower() for line in added(proposal)) and remedies(proposal) == []
    assert proposal is None or proposal.evidence["remedies"] == []


def test_items_without_a_user_count_one_person_per_session():
    text = "Far too long. Keep reports concise: lead with the result."
    in_two_sessions = [(text, f"s{i % 2}", None) for i in range(6)]  # six items, two people
    assert remedies(proposal_after(in_two_sessions)) == []

    Proposal.objects.all().delete()
    in_three_sessions = [(text, f"t{i}", None) for i in range(3)]
    _, improver, client = coder_fleet(slug="writer")
    send(client, in_three_sessions)
    ritual_run(improver=improver, period="w1", now=WAKE)
    proposal = Proposal.objects.get(type="template_evolution")
    [remedy] = remedies(proposal)
    assert remedy["text"] == "Keep reports concise: lead with the result."
    assert "asked by 3 people in 3 sessions" in remedy["reason"]
