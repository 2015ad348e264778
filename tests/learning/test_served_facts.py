"""A directives read selects the facts it serves in SQL, a page at most, whatever the agent or its
template has learned: the facts about one instance are told apart when a fact is saved, so none is
read only to be skipped."""

import re
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from config import clock
from learning.models import LearnedFact

URL = "/api/v1/agents/me/directives"
pytestmark = pytest.mark.django_db


def _fact(agent, content: str, *, minutes: int, reach=LearnedFact.Reach.AGENT, confidence=1.0):
    return LearnedFact.objects.create(
        template_id=agent.template_id,
        agent=agent,
        content=content,
        source="user-stated",
        confidence=confidence,
        reach=reach,
        created_at=clock.now() - timedelta(minutes=minutes),
    )


def _fact_reads(client) -> tuple[list[str], list[str]]:
    """The facts served to the client's agent, and the SQL of the read's queries on facts."""
    with CaptureQueriesContext(connection) as queries:
        response = client.get(URL)
    assert response.status_code == 200, response.content
    sql = [q["sql"] for q in queries.captured_queries if "telemetry_learnedfact" in q["sql"]]
    return [f["content"] for f in response.json()["learned_facts"]], sql


def test_the_template_facts_come_first_then_the_agents_own_rules_and_never_its_instances(agent_client):
    agent, client = agent_client
    _fact(agent, "No, refunds go through the billing portal.", minutes=30, reach="template", confidence=0.5)
    _fact(agent, "No, the order is #A10001, not #A20001.", minutes=1)  # newest, strongest: an instance
    _fact(agent, "No, always answer in the customer's language.", minutes=10, confidence=0.9)
    _fact(agent, "Never cite a source you have not opened.", minutes=20)
    served, _ = _fact_reads(client)
    assert served == [
        "Refunds go through the billing portal.",
        "Never cite a source you have not opened.",
        "Always answer in the customer's language.",
    ]


def test_a_read_takes_the_same_bounded_queries_however_many_facts_the_agent_has(agent_client):
    agent, client = agent_client
    _, empty = _fact_reads(client)
    for i in range(60):
        _fact(agent, f"No, the order is #A{10000 + i}, not #A{20000 + i}.", minutes=i)
        _fact(agent, f"Always file rule {i} before closing a ticket.", minutes=100 + i)
    served, many = _fact_reads(client)
    # the first of the 50 read, and as many after it as the block's budget holds
    assert 0 < len(served) < 50 and served[0] == "Always file rule 0 before closing a ticket."
    assert len(many) == len(empty)
    limits = [re.search(r"LIMIT (\d+)", sql) for sql in many]
    assert all(limit and int(limit[1]) <= 50 for limit in limits), many  # a page, never the history


def test_an_edited_fact_is_read_again_for_whether_it_is_about_one_instance(agent_client):
    agent, client = agent_client
    fact = _fact(agent, "No, the ticket number is 884213.", minutes=1)
    assert _fact_reads(client)[0] == []
    fact.content = "No, always confirm the ticket number with the customer."
    fact.save(update_fields=["content"])  # as the admin's edit saves it
    assert _fact_reads(client)[0] == ["Always confirm the ticket number with the customer."]


@pytest.mark.postgresql("PostgreSQL's planner")
def test_both_parts_of_the_read_are_index_scans(agent_client):
    agent, _ = agent_client
    LearnedFact.objects.bulk_create(
        LearnedFact(
            template_id=agent.template_id,
            agent=agent,
            content=f"fact {i}",
            content_key=f"{i:064d}",
            confidence=1.0,
            source="inferred",
            reach="template" if i % 100 == 0 else "agent",
            about_instance=i % 2 == 1,
            created_at=clock.now(),
        )
        for i in range(2000)
    )
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE telemetry_learnedfact")
        cursor.execute("SET LOCAL enable_seqscan = off")  # the small table must not hide the plan
    with CaptureQueriesContext(connection) as queries:
        from learning.selectors import learned_facts

        learned_facts(template_id=agent.template_id, agent_id=agent.pk, limit=50)
    plans = []
    with connection.cursor() as cursor:
        for query in queries.captured_queries:
            cursor.execute(f"EXPLAIN {query['sql']}")
            plans.append("\n".join(row[0] for row in cursor.fetchall()))
    assert len(plans) == 2
    assert "fact_served_template" in plans[0] and "fact_served_agent" in plans[1], plans


def test_a_fact_the_block_leaves_out_is_not_in_the_facts_read_either(agent_client):
    """A fact saying the contrary of a directive line is left out of the prompt block, and out of
    `learned_facts` too: a client building its own prompt from the list serves what the block
    serves, never a line beside its contrary."""
    from fleet.templates import template_version_create

    agent, client = agent_client
    template_version_create(template=agent.template, directives="Rotate the logs when the disk is full.\n")
    _fact(agent, "No, don't rotate the logs, we need them for the audit.", minutes=1, reach="template")
    _fact(agent, "Tests live in spec/.", minutes=2, reach="template")
    served, _ = _fact_reads(client)
    block = client.get(URL).json()["prompt_block"]
    assert served == ["Tests live in spec/."] and "rotate the logs, we need" not in block
