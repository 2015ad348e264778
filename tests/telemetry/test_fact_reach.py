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
