"""Lines tested as factors, through the API: when a template's agents name the session on their
reads, each line of an approved change is drawn on its own for every session (one session carries
a random subset), the read serves the session exactly the lines it was drawn for and says which,
and each line is decided on its own: one that lowers its target is promoted into a new version
alone, one that hurts another signal is rolled back alone, a neutral one waits."""

import random
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from rest_framework.test import APIClient

from experiments.models import LineExposure, LineFactor, Rollout
from experiments.rollouts import rollouts_check
from fleet.models import Agent, Document
from governance.models import ChangeDecision, Proposal
from improver.services.ritual import withdrawn_lines
from tests.factories import approver
from tests.improver.helpers import WAKE
from tests.improver.test_line_memory import CITE, CONCISE, DATES, added, asked, fleet_of_six, wake

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("clock")]
URL = "/api/v1/agents/me/directives"
LINES = (CONCISE, CITE, DATES)


@pytest.fixture(autouse=True)
def many_reads(settings):
    settings.KAIZEN = {**settings.KAIZEN, "DIRECTIVES_READS_PER_MINUTE": 100_000}  # the clock stands still


def proposed_as_lines(clock):
    """Six agents that name their sessions on reads, and their three-line evolution pending:
    (the agents' clients by id, the proposal, a reviewer's client)."""
    clock.move_to(WAKE)
    improver, client, reviewer, clients = fleet_of_six()
    for agent_id, agent_client in clients.items():
        assert agent_client.get(URL, {"session_id": f"first-{agent_id}"}).status_code == 200
    for line, tag in ((CONCISE, "a"), (CITE, "b"), (DATES, "c")):
        asked(client, line, 5, WAKE - timedelta(days=1), tag)
    wake(improver, "w1", WAKE)
    proposal = Proposal.objects.get(status="pending")
    assert set(added(proposal)) == set(LINES)
    return clients, proposal, reviewer


def approved_as_lines(clock):
    """`proposed_as_lines`, approved over the API: (the agents' clients by id, the proposal)."""
    clients, proposal, reviewer = proposed_as_lines(clock)
    response = reviewer.post(f"/api/v1/proposals/{proposal.pk}/approve", {"rating": 4}, format="json")
    assert response.status_code == 200, response.json()
    return clients, proposal


def carried(directives: str) -> frozenset:
    return frozenset(line for line in LINES if line in directives)


def test_each_line_is_drawn_on_its_own_per_session_and_the_read_says_which(clock):
    clients, proposal = approved_as_lines(clock)
    factors = LineFactor.objects.filter(proposal=proposal)
    assert factors.count() == 3 and not Rollout.objects.filter(proposal=proposal).exists()
    assert {f.levels[0]["add"][0] for f in factors} == set(LINES)
    head = Document.objects.get(template__slug="coder").head.text
    subsets, per_line = [], dict.fromkeys(LINES, 0)
    for agent_id, agent_client in clients.items():
        for i in range(40):
            body = agent_client.get(URL, {"session_id": f"s-{agent_id}-{i}"}).json()
            lines = carried(body["directives"])
            served = {x["add"][0] for x in body["lines_under_test"]["served"]}
            assert served == lines and body["lines_under_test"]["count"] == 3
            assert set(head.strip().splitlines()) <= set(body["directives"].splitlines())  # the head, whole
            again = agent_client.get(URL, {"session_id": f"s-{agent_id}-{i}"}).json()
            assert carried(again["directives"]) == lines  # the first read decides
            subsets.append(lines)
            for line in lines:
                per_line[line] += 1
    assert all(0.35 < n / 240 < 0.65 for n in per_line.values()), per_line
    assert len(set(subsets)) == 8  # every combination of the three lines is served
    assert LineExposure.objects.count() == 3 * 240 + 0  # one draw per session and line, kept once
    sessionless = next(iter(clients.values())).get(URL).json()
    assert carried(sessionless["directives"]) == frozenset()
    assert "names no session" in sessionless["lines_under_test"]["note"]


def day_of_sessions(clients, day: int, rng: random.Random) -> None:
    """Six sessions per agent: the session reads its directives, and what it carries decides how
    it goes: the concise line halves complaints of long reports, the dates line makes a tool fail
    far more often, the citation line changes nothing."""
    at = WAKE + timedelta(days=day, hours=1)
    for agent_id, agent_client in clients.items():
        batch = []
        for i in range(6):
            key = f"d{day}-{agent_id}-{i}"
            lines = carried(agent_client.get(URL, {"session_id": key}).json()["directives"])
            stamp = (at + timedelta(minutes=i)).isoformat()
            complains = rng.random() < (0.15 if CONCISE in lines else 0.6)
            fails = rng.random() < (0.3 if DATES in lines else 0.02)
            if complains:
                batch.append(
                    {
                        "type": "observation",
                        "timestamp": stamp,
                        "body": {
                            "text": "Far too verbose again.",
                            "sentiment": "negative",
                            "session_id": key,
                        },
                    }
                )
            body = {
                "tool": "run_tests",
                "outcome": "failure" if fails else "success",
                "session_id": key,
                "duration_ms": 90,
            }
            batch.append(
                {
                    "type": "tool_invocation",
                    "timestamp": stamp,
                    "body": body | ({"failure_mode": "RUNTIME"} if fails else {}),
                }
            )
        results = agent_client.post("/api/v1/ingest", {"batch": batch}, format="json").json()["results"]
        assert {r["status"] for r in results} == {201}, results


def test_each_line_is_decided_on_its_own(clock):
    clients, proposal = approved_as_lines(clock)
    factor = {f.levels[0]["add"][0]: f for f in LineFactor.objects.filter(proposal=proposal)}
    rng = random.Random(3)
    for day in range(14):
        day_of_sessions(clients, day, rng)
        clock.move_to(WAKE + timedelta(days=day + 1))
        rollouts_check()
    for f in factor.values():
        f.refresh_from_db()
    concise = factor[CONCISE].last_check["1"]
    if factor[CONCISE].status == "needs_human":  # its guardrail not yet shown: a human follows the advice
        assert concise["advice"]["action"] == "promote", concise
        reviewer = APIClient()
        reviewer.force_authenticate(approver("follows-advice"))
        assert (
            reviewer.post(f"/api/v1/line-tests/{factor[CONCISE].pk}/promote", {}, format="json").status_code
            == 200
        )
        factor[CONCISE].refresh_from_db()
    assert factor[CONCISE].status == "promoted", concise["reason"]
    assert factor[DATES].status == "rolled_back", factor[DATES].last_check
    assert factor[CITE].status in ("testing", "needs_human"), factor[CITE].last_check
    head = Document.objects.get(template__slug="coder").head
    assert CONCISE in head.text and DATES not in head.text and CITE not in head.text
    assert head.provenance["line_factor"] == factor[CONCISE].pk
    [landed] = head.provenance["additions"]  # the line as proposed: its origin, target, evidence
    assert landed["text"] == CONCISE and landed["origin"] == "remedy" and landed["sources"]
    assert landed["target"] == factor[CONCISE].levels[0]["targets"]
    reasons = list(ChangeDecision.objects.filter(proposal=proposal).values_list("verdict", "reason"))
    assert any(v == "promoted" and CONCISE in r for v, r in reasons), reasons
    assert any(v == "rolled_back" and DATES in r for v, r in reasons), reasons
    assert DATES in withdrawn_lines(head.document.template)
    after = next(iter(clients.values())).get(URL, {"session_id": "after-all"}).json()
    assert DATES not in after["directives"] and CONCISE in after["directives"]
    assert Agent.objects.filter(names_sessions=True).count() == 6
    decided_by_people(factor)


def decided_by_people(factor: dict) -> None:
    """The line tests' page and API: each line's table and recommendation, a human's abort, and a
    clear error for a decided one or an unknown action."""
    admin = Client()
    admin.force_login(get_user_model().objects.create_superuser("root", "root@example.com", "pw"))
    listing = admin.get("/admin/experiments/linefactor/").content.decode()
    assert CITE[:20] in listing and "rolled_back" in listing.replace(" ", "_").lower()
    page = admin.get(f"/admin/experiments/linefactor/{factor[CITE].pk}/change/").content.decode()
    assert "Adds “Cite the source for every number.”" in page and "target (must fall)" in page
    assert "Recommended:" in page and "Promote this line" in page
    proposal = f"/admin/governance/proposal/{factor[CITE].proposal_id}/change/"
    stands = "Approved — line tests: 1 promoted, 1 dropped, 1 under test"  # not the newest line's fate
    assert stands in admin.get(proposal).content.decode()
    assert stands in admin.get("/admin/governance/proposal/").content.decode()
    reviewer = APIClient()
    reviewer.force_authenticate(approver("lines-reviewer"))
    listed = reviewer.get("/api/v1/line-tests", {"template": "coder"}).json()
    assert {t["status"] for t in listed} >= {"promoted", "rolled_back"} and len(listed) == 3
    assert reviewer.get("/api/v1/line-tests", {"status": "nope"}).status_code == 400
    wrong = reviewer.post(f"/api/v1/line-tests/{factor[CITE].pk}/ship", {}, format="json")
    assert wrong.status_code == 400 and "action" in wrong.json()["extra"]["fields"]
    aborted = reviewer.post(
        f"/api/v1/line-tests/{factor[CITE].pk}/abort", {"reason": "not needed"}, format="json"
    )
    assert aborted.status_code == 200 and aborted.json()["status"] == "aborted", aborted.json()
    again = reviewer.post(f"/api/v1/line-tests/{factor[DATES].pk}/promote", {}, format="json")
    assert again.status_code == 409
    assert CITE in withdrawn_lines(factor[CITE].template)
    assert "Implemented — line tests: 1 promoted, 2 dropped" in admin.get(proposal).content.decode()


def test_approving_on_the_review_page_says_the_lines_go_to_line_tests_not_to_every_agent(clock):
    _, proposal, _ = proposed_as_lines(clock)
    admin = Client()
    admin.force_login(get_user_model().objects.create_superuser("root", "root@example.com", "pw"))
    answer = admin.post(
        f"/admin/governance/proposal/{proposal.pk}/approve/", {"leave_out": [CITE]}, follow=True
    )
    said = " ".join(str(m) for m in answer.context["messages"])
    factors = sorted(LineFactor.objects.filter(proposal=proposal).values_list("pk", flat=True))
    assert len(factors) == 2 and not Rollout.objects.filter(proposal=proposal).exists()
    assert "now runs on every agent" not in said, said
    assert f"line tests {factors[0]}, {factors[1]}" in said and "on its own" in said, said


def test_a_pinned_line_test_can_be_unpinned_on_its_page_and_over_the_api(clock):
    _, proposal = approved_as_lines(clock)
    factor = LineFactor.objects.filter(proposal=proposal).first()
    reviewer = APIClient()
    reviewer.force_authenticate(approver("holds-it"))
    refused = reviewer.post(f"/api/v1/line-tests/{factor.pk}/unpin", {}, format="json")
    assert refused.status_code == 409 and "is not pinned (it is testing)" in refused.json()["message"]
    assert (
        reviewer.post(f"/api/v1/line-tests/{factor.pk}/pin", {}, format="json").json()["status"] == "pinned"
    )
    admin = Client()
    admin.force_login(get_user_model().objects.create_superuser("root", "root@example.com", "pw"))
    page = admin.get(f"/admin/experiments/linefactor/{factor.pk}/change/").content.decode()
    assert "/decide/unpin/" in page and "/decide/pin/" not in page

    response = admin.post(f"/admin/experiments/linefactor/{factor.pk}/decide/unpin/")

    assert response.status_code == 302
    factor.refresh_from_db()
    assert factor.status == "testing" and factor.decided_by == "root"
    assert ChangeDecision.objects.filter(proposal=proposal, verdict="unpinned").exists()
    assert "/decide/pin/" in admin.get(f"/admin/experiments/linefactor/{factor.pk}/change/").content.decode()
