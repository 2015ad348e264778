"""Facts that generalise: a correction about one instance stays with its agent; a fact reaches the
whole template when it recurs in enough sessions of enough agents, or when a human promotes it."""

import pytest

from telemetry import corrections

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
    assert corrections.is_instance(text)


@pytest.mark.parametrize("text", GENERAL)
def test_a_correction_about_the_work_is_not(text):
    assert not corrections.is_instance(text)


@pytest.mark.django_db
def test_corrections_about_many_orders_never_crowd_out_the_facts_an_agent_is_served():
    from datetime import timedelta

    from config import clock
    from fleet.models import AgentTemplate
    from telemetry.models import LearnedFact
    from telemetry.selectors import learned_facts
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
