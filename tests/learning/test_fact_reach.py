"""Facts that generalise: a correction about one instance stays with its agent; any other fact
reaches the whole template only when it recurs (in sessions of two agents, or in three sessions),
or when a human promotes it; until then only the agent it was about is served it."""

import pytest

from language.scope import is_instance

ONE_OFF = [
    "No, the customer's order is #A66468, not #A34088.",
    "No, it was invoice INV2231.",
    "No, the refund was $42.50, not $45.",
    "No, send it to maria.lopez@example.com.",
    "No, her name is Ana, not Anna.",
    "No, the ticket number is 884213.",
    "Wrong, they paid 120 EUR.",
    "Don't use issue_refund for $632.",
]
GENERAL = [
    "No, use pnpm for deps.",
    "No, always verify the customer's identity before changing the address.",
    "Never cite a source you have not opened.",
    "No, answer in the customer's language.",
    "No, orders ship within 2 days, not 5.",
    "Refunds over $500 need the escalate_refund tool.",
]


@pytest.mark.parametrize("text", ONE_OFF)
def test_a_correction_about_one_instance_is_instance(text):
    assert is_instance(text)


@pytest.mark.parametrize("text", GENERAL)
def test_a_correction_about_the_work_is_not(text):
    assert not is_instance(text)


@pytest.mark.django_db
def test_corrections_about_many_orders_never_crowd_out_the_facts_an_agent_is_served():
    from datetime import timedelta

    from config import clock
    from fleet.models import AgentTemplate
    from learning.models import LearnedFact
    from learning.selectors import learned_facts
    from tests.factories import agent_with_token

    agent, _ = agent_with_token(name="support-1")
    template = AgentTemplate.objects.get(pk=agent.template_id) if agent.template_id else None
    template_id = template.pk if template else None
    now = clock.now()
    LearnedFact.objects.create(
        template_id=template_id,
        agent=agent,
        content="No, refunds go through the billing portal instead of email.",
        source="user-stated",
        confidence=1.0,
        reach=LearnedFact.Reach.TEMPLATE,
        created_at=now - timedelta(days=3),
    )
    for i in range(80):  # newer, as strong, and never served
        LearnedFact.objects.create(
            template_id=template_id,
            agent=agent,
            content=f"No, the order is #A{10000 + i}, not #A{20000 + i}.",
            source="user-stated",
            confidence=1.0,
            created_at=now - timedelta(minutes=i),
        )
    served = learned_facts(template_id=template_id, agent_id=agent.pk)
    assert [f["content"] for f in served] == ["Refunds go through the billing portal instead of email."]


def _agents(*names):
    """Clients of agents of one template, the first one's."""
    from rest_framework.test import APIClient

    from tests.factories import agent_with_token
    from tests.planner.helpers import client_for

    first, client = client_for(names[0])
    clients = [client]
    for name in names[1:]:
        _, token = agent_with_token(name=name, template=first.template)
        other = APIClient()
        other.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
        clients.append(other)
    return clients


def _correct(client, n: int, text: str, session: str):
    batch = [
        {
            "id": f"fix-{n}",
            "type": "correction",
            "timestamp": f"2026-11-20T11:{n:02d}:00Z",
            "body": {"user_message": text, "session_id": session},
        }
    ]
    response = client.post("/api/v1/ingest", {"batch": batch}, format="json")
    assert [r["status"] for r in response.json()["results"]] == [201], response.content


def _served(client) -> tuple[list[str], str]:
    """The learned facts an agent is served, and its whole prompt block."""
    data = client.get("/api/v1/agents/me/directives").json()
    return [f["content"] for f in data["learned_facts"]], data["prompt_block"]


BOOKING = "No, the meals are vegetarian."  # one event's meals, read as a rule
POLICY = "No, always confirm the traveller's name before changing a booking."


@pytest.mark.django_db
def test_a_correction_made_once_stays_with_its_agent_however_general_it_reads():
    from learning.models import LearnedFact
    from learning.selectors import user_stated_facts

    alice, bob = _agents("alice", "bob")
    assert not is_instance(BOOKING)  # nothing in it names the one case it is about
    _correct(alice, 1, BOOKING, "s1")
    fact = LearnedFact.objects.get()
    assert fact.reach == LearnedFact.Reach.AGENT and fact.served_at is None
    assert _served(alice)[0] == ["The meals are vegetarian."]  # its own agent is told
    facts, block = _served(bob)
    assert facts == [] and "vegetarian" not in block  # no other agent is
    assert user_stated_facts(template_id=fact.template_id) == []  # nor is the ritual's evidence


@pytest.mark.django_db
def test_a_correction_stated_again_in_the_same_session_has_not_recurred():
    from learning.models import LearnedFact

    alice, bob = _agents("alice", "bob")
    for n in range(4):
        _correct(alice, n, POLICY, "s1")
    assert LearnedFact.objects.get().reach == LearnedFact.Reach.AGENT
    assert _served(bob)[0] == []


@pytest.mark.django_db
def test_the_same_policy_correction_from_two_agents_reaches_every_agent_of_the_template():
    from learning.models import LearnedFact

    alice, bob, carol = _agents("alice", "bob", "carol")
    _correct(alice, 1, POLICY, "a1")
    assert _served(carol)[0] == []
    _correct(bob, 2, POLICY, "b1")
    fact = LearnedFact.objects.get()
    assert fact.reach == LearnedFact.Reach.TEMPLATE and fact.sightings.count() == 2
    expected = "Always confirm the traveller's name before changing a booking."
    facts, block = _served(carol)  # an agent never corrected is served it too
    assert facts == [expected] and f"## Learned facts\n- {expected}" in block


@pytest.mark.django_db
def test_the_same_policy_correction_in_three_sessions_of_one_agent_reaches_the_template():
    from learning.models import LearnedFact

    alice, bob = _agents("alice", "bob")
    _correct(alice, 1, POLICY, "a1")
    _correct(alice, 2, POLICY, "a2")
    assert LearnedFact.objects.get().reach == LearnedFact.Reach.AGENT and _served(bob)[0] == []
    _correct(alice, 3, POLICY, "a3")
    assert LearnedFact.objects.get().reach == LearnedFact.Reach.TEMPLATE
    assert _served(bob)[0] == ["Always confirm the traveller's name before changing a booking."]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("sessions", "agents", "stated_by", "reaches"),
    [
        (5, 2, ["alice", "alice", "alice"], False),  # three sessions are no longer enough …
        (5, 2, ["alice"] * 5, True),  # … five are
        (3, 3, ["alice", "bob"], False),  # two agents are no longer enough …
        (3, 3, ["alice", "bob", "carol"], True),  # … three are
    ],
)
def test_how_much_recurrence_is_enough_is_a_setting(settings, sessions, agents, stated_by, reaches):
    from learning.models import LearnedFact

    settings.KAIZEN = {**settings.KAIZEN, "FACT_MIN_SESSIONS": sessions, "FACT_MIN_AGENTS": agents}
    names = ("alice", "bob", "carol", "dave")
    clients = dict(zip(names, _agents(*names), strict=True))
    for n, name in enumerate(stated_by):
        _correct(clients[name], n, POLICY, f"{name}-{n}")
    assert (LearnedFact.objects.get().reach == LearnedFact.Reach.TEMPLATE) is reaches
    assert bool(_served(clients["dave"])[0]) is reaches
