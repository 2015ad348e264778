"""A line for the agents must be written for them: a model's line already in the agent's terms
(language.agent_terms), and the weekly ritual proposes a request said in feedback in those terms,
and no line for venting, through the ingest API."""

import pytest

from improver.proposer import refused
from tests.improver.test_people_support import proposal_after, remedies

pytestmark = pytest.mark.django_db


def test_a_model_line_must_already_be_written_for_the_agent():
    assert refused("Confirm the time zone first.", free=True) == ""
    assert "not written for the agent" in refused("Great job, but confirm the time zone first.", free=True)
    assert "not written for the agent" in refused("Send me the agenda the day before.", free=True)
    assert refused("Stop nagging me.", free=True)  # nothing to do but for the speaker
    # what a line says it is for may be kept or not: the line is in the agent's terms either way
    purpose = "Send a list of what arrived each time parts come in, so we are not all going round in circles."
    assert refused(purpose, free=True) == ""


def test_what_a_line_asks_instead_of_is_no_case_it_is_about():
    line = (
        "Ask about climbing experience before letting anyone onto the ridge walks, not just take the card "
        "details and say see you Saturday."
    )
    assert refused(line, free=True) == ""
    assert "about one instance" in refused("Take a deposit and say see you Sunday.", free=True)


def test_the_ritual_proposes_a_request_in_the_agents_terms_and_no_line_for_venting():
    said = [
        (
            f"Thanks for the fix. Could you please ping me when the deploy is done{'?' if i % 2 else ''}",
            f"s{i}",
            f"u{i}",
        )
        for i in range(4)
    ] + [("Stop nagging me.", f"v{i}", f"v{i}") for i in range(6)]
    lines = [remedy["text"] for remedy in remedies(proposal_after(said))]
    assert lines == ["Ping the user when the deploy is done."]
