from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from fleet.arms import session_hash
from fleet.documents import candidate_end, candidate_start, document_version_append
from fleet.models import Agent, AgentTemplate, Document, Exposure
from fleet.templates import template_version_create
from telemetry.models import Observation, SessionSeen, ToolInvocation
from tests.conftest import FIXED_NOW
from tests.factories import agent_with_token

URL = "/api/v1/agents/me/directives"
pytestmark = pytest.mark.django_db


def test_it_returns_the_head_version_and_a_prompt_block(agent_client):
    agent, client = agent_client
    template_version_create(template=agent.template, directives="Cite sources.\n")
    data = client.get(URL).json()
    assert data["template"] == agent.template.slug
    assert data["version"] == 2
    assert data["directives"] == "Cite sources.\n"
    assert data["learned_facts"] == [] and data["anti_patterns"] == [] and data["proven_patterns"] == []
    assert data["prompt_block"].startswith(f"# Directives ({agent.template.slug} v2)\nCite sources.")


def test_an_agent_without_a_template_gets_a_clear_409(agent_client):
    agent, client = agent_client
    agent.template = None
    agent.save()
    response = client.get(URL)
    assert response.status_code == 409  # the agent's state, not its request, is at fault
    assert "runs no template" in response.json()["message"]


def test_it_needs_an_agent_token(api, staff_client):
    assert api.get(URL).status_code == 401
    assert staff_client.get(URL).status_code == 403


def test_a_template_without_versions_is_reported(agent_client):
    agent, client = agent_client
    agent.template = AgentTemplate.objects.create(slug="empty", name="Empty")
    agent.save()
    assert "no version" in client.get(URL).json()["message"]


# --- a read that names its session, during a canary ------------------------------------------


@pytest.fixture
def canary(clock, agent_client):
    """alice's template runs v2 as a candidate for half the sessions; bob is the agent-level
    canary, alice (in service before it started) the agent-level champion."""
    agent, client = agent_client
    Agent.objects.filter(pk=agent.pk).update(created_at=FIXED_NOW - timedelta(days=1))
    bob, bob_token = agent_with_token(name="bob", template=agent.template)
    document = Document.objects.get(pk=agent.template.document_id)
    champion = document.head
    candidate = document_version_append(document=document, text="Cite sources.\n", as_candidate=True)
    candidate_start(document=document, version=candidate, agent_ids=[bob.pk], share=0.5, at=FIXED_NOW)
    bob_client = APIClient()
    bob_client.credentials(HTTP_AUTHORIZATION=f"Bearer {bob_token}")
    return (agent, client), (bob, bob_client), champion, candidate


def session_on(agent, candidate, arm: str) -> str:
    """The first session id whose hash puts it on `arm` ("candidate" or "champion")."""
    return next(
        key
        for key in (f"sess-{n}" for n in range(100))
        if (session_hash(agent.pk, key, candidate.pk) < 0.5) == (arm == "candidate")
    )


def post(client, batch: list[dict]) -> None:
    response = client.post("/api/v1/ingest", {"batch": batch}, format="json")
    assert response.status_code == 207 and all(r["status"] == 201 for r in response.json()["results"])


def tool_call(event_id: str, session_id: str) -> dict:
    body = {"session_id": session_id, "tool": "bash", "outcome": "success", "duration_ms": 5}
    return {"id": event_id, "type": "tool_invocation", "timestamp": FIXED_NOW.isoformat(), "body": body}


def test_a_read_naming_its_session_is_assigned_once_and_says_so(canary):
    (agent, client), _, champion, candidate = canary
    key = session_on(agent, candidate, "candidate")
    first = client.get(URL, {"session_id": key}).json()
    assert (first["version"], first["arm"], first["session_id"], first["assigned"]) == (
        candidate.number,
        "candidate",
        key,
        "session",
    )
    Document.objects.filter(pk=candidate.document_id).update(candidate_share=0.0)  # the share moved
    again = client.get(URL, {"session_id": key}).json()
    assert (again["version"], again["arm"]) == (candidate.number, "candidate")  # sticky
    [exposure] = Exposure.objects.all()
    assert (exposure.agent_id, exposure.session_key, exposure.candidate_id, exposure.version_id) == (
        agent.pk,
        key,
        candidate.pk,
        candidate.pk,
    )
    assert exposure.at == FIXED_NOW
    plain = client.get(URL).json()  # no session named: the agent's arm, nothing recorded
    assert (plain["version"], plain["arm"], plain["session_id"], plain["assigned"]) == (
        champion.number,
        "champion",
        None,
        "agent",
    )
    assert Exposure.objects.count() == 1


@pytest.mark.parametrize("bad", ["", "x" * 129, "nul\x00byte"])
def test_a_bad_session_id_is_a_400_that_names_it(canary, bad):
    (_, client), _, _, _ = canary
    response = client.get(URL, {"session_id": bad})
    assert response.status_code == 400
    assert "session_id" in response.json()["extra"]["fields"]
    assert not Exposure.objects.exists()


BAD_IDS = [" ", "\n", "\t", "a\x01b", "tab\there", "del\x7f", "x" * 129, "x" * 10_000]


@pytest.mark.parametrize("bad", BAD_IDS)
def test_a_session_id_events_refuse_is_refused_by_the_read_too(canary, bad):
    """One rule for an id: what a tool call may not carry as its session, the read may not name."""
    (_, client), _, _, _ = canary
    event = client.post("/api/v1/ingest", {"batch": [tool_call("e-1", bad)]}, format="json")
    assert list(event.json()["results"][0]["errors"]) == ["body.session_id"]
    response = client.get(URL, {"session_id": bad})
    assert response.status_code == 400
    assert list(response.json()["extra"]["fields"]) == ["session_id"]
    assert not Exposure.objects.exists() and not ToolInvocation.objects.exists()


def test_a_session_id_given_twice_is_refused_rather_than_one_winning(canary):
    (agent, client), _, _, candidate = canary
    first, second = session_on(agent, candidate, "candidate"), session_on(agent, candidate, "champion")
    response = client.get(f"{URL}?session_id={first}&session_id={second}")
    assert response.status_code == 400
    assert response.json()["extra"]["fields"] == {"session_id": ["Given 2 times: send it once."]}
    assert not Exposure.objects.exists()


def test_a_session_id_as_long_as_events_carry_is_read(canary):
    (_, client), _, _, _ = canary
    assert client.get(URL, {"session_id": "x" * 128}).json()["assigned"] == "session"
    assert Exposure.objects.get().session_key == "x" * 128


def test_events_of_an_exposed_session_carry_its_version_whatever_the_agents_arm(canary):
    (alice, alice_client), (bob, bob_client), champion, candidate = canary
    on_candidate = session_on(alice, candidate, "candidate")  # alice's own arm is the champion
    on_champion = session_on(bob, candidate, "champion")  # bob's own arm is the candidate
    assert alice_client.get(URL, {"session_id": on_candidate}).json()["arm"] == "candidate"
    assert bob_client.get(URL, {"session_id": on_champion}).json()["arm"] == "champion"
    observation = {"type": "observation", "timestamp": FIXED_NOW.isoformat(), "body": {"text": "ok"}}
    post(alice_client, [tool_call("a1", on_candidate), tool_call("a2", "never-read"), observation])
    post(bob_client, [tool_call("b1", on_champion), tool_call("b2", "never-read")])

    def version(agent, event_id):
        return ToolInvocation.objects.get(agent=agent, dedup_key=event_id).template_version_id

    assert version(alice, "a1") == candidate.pk  # the session's version, not alice's
    assert version(alice, "a2") == champion.pk  # a session no read named: the agent's arm
    # no session: the session alice's latest read assigned, the one she is working in
    assert Observation.objects.get(agent=alice).template_version_id == candidate.pk
    assert version(bob, "b1") == champion.pk
    assert version(bob, "b2") == candidate.pk
    seen = set(SessionSeen.objects.values_list("agent__name", "session_key", "template_version_id"))
    assert seen == {
        ("alice", on_candidate, candidate.pk),
        ("alice", "never-read", champion.pk),
        ("bob", on_champion, champion.pk),
        ("bob", "never-read", candidate.pk),
    }  # one batch, two versions: each session under its own


def test_ingest_looks_exposures_up_once_a_batch_and_not_without_a_candidate(canary, agent_client):
    (alice, alice_client), _, _, candidate = canary

    def exposure_reads(batch):
        with CaptureQueriesContext(connection) as seen:
            post(alice_client, batch)
        return [q["sql"] for q in seen.captured_queries if "fleet_exposure" in q["sql"]]

    assert len(exposure_reads([tool_call(f"q{n}", f"s{n}") for n in range(5)])) == 1
    candidate_end(document=Document.objects.get(pk=candidate.document_id), promote=False)
    assert exposure_reads([tool_call(f"r{n}", f"s{n}") for n in range(5)]) == []


def test_an_event_without_a_session_counts_in_the_session_the_latest_read_assigned(canary, clock):
    """A client that names its session on the read but not on every event: the event counts in
    the session its agent's latest read assigned within the hour, else in the agent's arm."""
    (alice, alice_client), _, champion, candidate = canary
    alice_client.get(URL, {"session_id": session_on(alice, candidate, "champion")})
    alice_client.get(URL, {"session_id": session_on(alice, candidate, "candidate")})
    observation = {"type": "observation", "timestamp": FIXED_NOW.isoformat(), "body": {"text": "ok"}}
    post(alice_client, [{**observation, "id": "o1"}])
    assert Observation.objects.get(dedup_key="o1").template_version_id == candidate.pk
    clock.move_to(FIXED_NOW + timedelta(hours=2))  # no read within the hour: alice's own arm
    later = (FIXED_NOW + timedelta(hours=2)).isoformat()
    post(alice_client, [{**observation, "id": "o2", "timestamp": later}])
    assert Observation.objects.get(dedup_key="o2").template_version_id == champion.pk


# --- each agent's share of reads ----------------------------------------------------------------


def test_an_agent_over_its_share_of_reads_gets_429_and_the_others_read_on(settings, clock):
    settings.KAIZEN = {**settings.KAIZEN, "DIRECTIVES_READS_PER_MINUTE": 3}
    clock.move_to(FIXED_NOW + timedelta(seconds=15), tick=False)
    greedy, greedy_token = agent_with_token(name="greedy")
    _, other_token = agent_with_token(name="other", template=greedy.template)
    greedy_client, other_client = APIClient(), APIClient()
    greedy_client.credentials(HTTP_AUTHORIZATION=f"Bearer {greedy_token}")
    other_client.credentials(HTTP_AUTHORIZATION=f"Bearer {other_token}")
    statuses = [greedy_client.get(URL, {"session_id": f"s-{i}"}).status_code for i in range(5)]
    assert statuses == [200, 200, 200, 429, 429]  # each read names a new session: no way around it
    refused = greedy_client.get(URL)
    assert refused.status_code == 429 and refused["Retry-After"] == "46"  # the rest of the minute
    assert "greedy" in refused.json()["message"] and refused.json()["extra"] == {"limit_per_minute": 3}
    assert [other_client.get(URL).status_code for _ in range(3)] == [200] * 3
    clock.move_to(FIXED_NOW + timedelta(seconds=60), tick=False)
    assert greedy_client.get(URL).status_code == 200  # a new minute, a new share


@pytest.mark.parametrize("query", ["session=s-1", "sessionId=s-1", "session_id=s-1&sesion=s-2"])
def test_a_parameter_of_another_name_is_refused_rather_than_the_read_naming_no_session(canary, query):
    (agent, client), _, _, _ = canary
    response = client.get(f"{URL}?{query}")
    assert response.status_code == 400
    named = {pair.split("=")[0] for pair in query.split("&")} - {"session_id"}
    assert set(response.json()["extra"]["fields"]) == named
    assert "takes only session_id" in response.json()["message"]
    assert not Exposure.objects.exists()
