"""A learned fact earns its reach the way a line does: where the template's reads name their
sessions, a correction that recurs across agents is tried on a share of the sessions first (no
approval needed), and joins the facts every agent is served only once its test shows it lowers
corrections; a human retiring it ends its test."""

import random
from datetime import timedelta

import pytest
from rest_framework.test import APIClient

from experiments.models import LineFactor
from experiments.rollouts import rollouts_check
from learning.models import LearnedFact
from learning.services import fact_set_status
from tests.conftest import FIXED_NOW
from tests.factories import agent_with_token
from tests.planner.helpers import client_for

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("clock")]
URL = "/api/v1/agents/me/directives"
POLICY = "No, always confirm the traveller's name before changing a booking."
FACT = "Always confirm the traveller's name before changing a booking."


@pytest.fixture(autouse=True)
def many_reads(settings):
    settings.KAIZEN = {**settings.KAIZEN, "DIRECTIVES_READS_PER_MINUTE": 100_000}  # the clock stands still


def fleet(n: int = 4) -> list[APIClient]:
    first, client = client_for("agent-0")
    clients = [client]
    for i in range(1, n):
        _, token = agent_with_token(name=f"agent-{i}", template=first.template)
        other = APIClient()
        other.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
        clients.append(other)
    for i, c in enumerate(clients):
        assert c.get(URL, {"session_id": f"hello-{i}"}).status_code == 200  # they name their sessions
    return clients


def correct(client, key: str, at) -> None:
    body = {"user_message": POLICY, "session_id": key}
    batch = [{"id": f"fix-{key}", "type": "correction", "timestamp": at.isoformat(), "body": body}]
    response = client.post("/api/v1/ingest", {"batch": batch}, format="json")
    assert [r["status"] for r in response.json()["results"]] == [201], response.content


def served(client, key: str | None = None) -> bool:
    query = {"session_id": key} if key else {}
    return any(f["content"] == FACT for f in client.get(URL, query).json()["learned_facts"])


def test_a_recurring_fact_is_tried_on_a_share_of_sessions_and_reaches_everyone_once_it_helps(clock):
    clients = fleet()
    start = FIXED_NOW - timedelta(days=20)
    clock.move_to(start)
    correct(clients[0], "c-0", start)
    correct(clients[1], "c-1", start)  # a second agent: it recurs
    fact = LearnedFact.objects.get()
    assert fact.reach == LearnedFact.Reach.TRIAL
    assert not served(clients[2])  # not to every agent: a read naming no session gets none on trial
    rollouts_check()
    test = LineFactor.objects.get(fact=fact)
    drawn = [served(clients[i % 4], f"draw-{i}") for i in range(160)]
    assert 0.35 < sum(drawn) / len(drawn) < 0.65  # a share of the sessions
    rng = random.Random(3)
    for day in range(14):
        at = start + timedelta(days=day, hours=2)
        for i, client in enumerate(clients):
            for j in range(6):
                key = f"d{day}-{i}-{j}"
                if rng.random() < (0.1 if served(client, key) else 0.6):
                    correct(client, key, at + timedelta(minutes=j))
        clock.move_to(start + timedelta(days=day + 1))
        rollouts_check()
    test.refresh_from_db()
    fact.refresh_from_db()
    assert test.status == "promoted", test.last_check["1"]["reason"]
    assert (
        "significantly better on a user's correction" in test.reason
    )  # it must lower corrections, not only do no harm
    assert fact.reach == LearnedFact.Reach.TEMPLATE and fact.status == "active"
    assert served(clients[3])  # every agent, every read


def on_trial(clock) -> tuple[list[APIClient], LearnedFact, LineFactor]:
    """Two agents' clients, a fact their corrections made recur, and its test under way."""
    clients = fleet(2)
    clock.move_to(FIXED_NOW - timedelta(days=2))
    correct(clients[0], "c-0", FIXED_NOW - timedelta(days=2))
    correct(clients[1], "c-1", FIXED_NOW - timedelta(days=2))
    rollouts_check()
    fact = LearnedFact.objects.get()
    return clients, fact, LineFactor.objects.get(fact=fact)


def test_a_fact_retired_by_a_human_ends_its_test(clock):
    clients, fact, test = on_trial(clock)
    fact_set_status(fact=fact, status=LearnedFact.Status.RETIRED)
    rollouts_check()
    test.refresh_from_db()
    assert test.status == "aborted" and not any(served(clients[0], f"s-{i}") for i in range(20))


def test_a_fact_the_head_would_leave_out_is_not_tried_until_the_head_changes(clock):
    """A recurring fact that says the contrary of a line of the head would be left out of every
    block, so a test of it would measure nothing: none starts while the head says otherwise."""
    from fleet.templates import template_version_create

    clients = fleet(2)
    template = LearnedFact._meta.get_field("template").related_model.objects.get()
    said = "Be helpful.\nNever confirm the traveller's name before changing a booking; it slows the desk.\n"
    template_version_create(template=template, directives=said)
    clock.move_to(FIXED_NOW - timedelta(days=2))
    correct(clients[0], "c-0", FIXED_NOW - timedelta(days=2))
    correct(clients[1], "c-1", FIXED_NOW - timedelta(days=2))
    rollouts_check()
    fact = LearnedFact.objects.get()
    assert fact.reach == LearnedFact.Reach.TRIAL and not LineFactor.objects.filter(fact=fact).exists()
    template_version_create(template=template, directives="Be helpful.\n")
    rollouts_check()
    assert LineFactor.objects.filter(fact=fact).count() == 1


def test_a_fact_on_trial_that_the_directives_come_to_say_ends_its_test(clock):
    """A line saying the fact reaches the head while the fact is on trial: the block now leaves
    the fact out in both arms, so its test ends instead of running on, measuring nothing."""
    from fleet.templates import template_version_create

    _, fact, test = on_trial(clock)
    template_version_create(template=fact.template, directives=f"Be helpful.\n{FACT}\n")
    rollouts_check()
    test.refresh_from_db()
    fact.refresh_from_db()
    assert test.status == "aborted" and "directives now repeat or contradict this fact" in test.reason
    assert fact.status == LearnedFact.Status.RETIRED


def test_a_fact_on_trial_is_served_to_its_sessions_however_many_facts_fill_the_block(clock, settings):
    """The sessions drawn for a fact on trial are served it even when the facts every agent is
    served already fill the block: were it placed after them, it would not fit, and its test would
    measure nothing."""
    settings.KAIZEN = {**settings.KAIZEN, "PROMPT_TOKEN_BUDGET": 120}
    clients, fact, test = on_trial(clock)
    for n in range(3):  # long facts every agent is served, strongest first
        LearnedFact.objects.create(
            template=fact.template,
            reach=LearnedFact.Reach.TEMPLATE,
            status=LearnedFact.Status.ACTIVE,
            source=LearnedFact.Source.USER_STATED,
            confidence=1.0,
            created_at=FIXED_NOW - timedelta(days=30),
            content=f"Deliveries to zone {n} leave the depot at seven and every parcel over ten kilos "
            "goes on the second van with a two-person crew.",
        )
    drawn = [served(clients[i % 2], f"full-{i}") for i in range(60)]
    assert 0.25 < sum(drawn) / len(drawn) < 0.75  # its share of the sessions, the block full or not
