"""A bad line does not sink its neighbours: when a version with several added lines is rolled
back, a line whose own targets improved and that no worse signal blames is tried again alone,
once; alone, a rollback blames it for good."""

import pytest
from django.db import transaction

from experiments.models import Rollout
from improver import bundles
from improver.proposer import Addition, DeterministicProposer, ProposalInput
from improver.services.ritual import line_memory
from tests.experiments.test_rollouts import approve, fleet_of

CONCISE = {"text": "Keep reports concise.", "target": ["negative:communication"], "origin": "remedy"}
SOURCES = {"text": "Cite every source you use.", "target": ["negative:accuracy"], "origin": "remedy"}
TOOL = {
    "text": "Call cite_sources only once per report.",
    "target": ["negative:accuracy"],
    "origin": "remedy",
}


def check(arms: dict, intervals: dict) -> dict:
    return {
        "arms": {m: {"candidate": c, "champion": b} for m, (c, b) in arms.items()},
        "intervals": intervals,
    }


# the communication complaints fell, the accuracy ones did not; cite_sources failed more often
CHECK = check(
    {
        "negative:communication": ((40, 4), (40, 12)),
        "negative:accuracy": ((40, 9), (40, 8)),
        "tool_failure:cite_sources": ((40, 20), (40, 5)),
    },
    {"tool_failure:cite_sources": [0.375, 0.2, 0.55], "negative:communication": [-0.2, -0.35, -0.05]},
)

CASES = [
    ([CONCISE, SOURCES], CHECK, ["Keep reports concise."]),  # accuracy did not improve
    ([CONCISE, TOOL], CHECK, ["Keep reports concise."]),  # the worse tool is named in its neighbour
    ([CONCISE], CHECK, []),  # a line alone carries its own rollback
    (
        [CONCISE, SOURCES],
        check({"negative:communication": ((40, 4), (40, 12))}, {}),
        ["Keep reports concise."],  # a line whose target was never measured is not cleared
    ),
    (
        [{**CONCISE, "target": ["negative:communication", "tool_failure:cite_sources"]}, SOURCES],
        CHECK,
        [],  # a worse signal among its own targets blames it
    ),
]


@pytest.mark.parametrize(("additions", "last_check", "expected"), CASES)
def test_which_lines_of_a_rolled_back_bundle_are_cleared(additions, last_check, expected):
    assert [a["text"] for a in bundles.cleared(additions, last_check)] == expected


def test_a_cleared_line_gets_one_trial_alone_and_is_withdrawn_when_it_fails_again():
    withdrawn, retry = bundles.memory([([CONCISE, TOOL], CHECK)], [])
    assert withdrawn == [TOOL["text"]] and [a["text"] for a in retry] == [CONCISE["text"]]
    withdrawn, retry = bundles.memory([([CONCISE, TOOL], CHECK), ([CONCISE], CHECK)], [])
    assert set(withdrawn) == {TOOL["text"], CONCISE["text"]} and retry == []
    withdrawn, retry = bundles.memory([([CONCISE, TOOL], CHECK)], [[CONCISE]])  # a human refused it
    assert CONCISE["text"] in withdrawn and retry == []


def test_the_proposer_tries_a_cleared_line_on_its_own():
    change = DeterministicProposer().propose(
        ProposalInput(
            template="coder",
            directives="Run the tests.\n",
            negative_by_category={"communication": 5},
            retry=(Addition("Keep reports concise.", "said 5 times", 25, (), "remedy"),),
            remedies=(),
            exclude=("Call cite_sources only once per report.",),
        )
    )
    assert [a.text for a in change.additions] == ["Keep reports concise."]
    assert "tried again alone" in change.additions[0].reason


@pytest.mark.django_db
@pytest.mark.usefixtures("clock")
def test_a_rolled_back_bundle_withdraws_only_the_lines_it_blames():
    _, _, proposal, reviewer = fleet_of(3)
    payload = dict(proposal.payload, additions=[CONCISE, TOOL])
    type(proposal).objects.filter(pk=proposal.pk).update(payload=payload)
    rollout = approve(reviewer, proposal)
    with transaction.atomic():
        Rollout.objects.filter(pk=rollout.pk).update(status=Rollout.Status.ROLLED_BACK, last_check=CHECK)
    withdrawn, retry = line_memory(rollout.template)
    assert withdrawn == (TOOL["text"],)
    assert [a["text"] for a in retry] == [CONCISE["text"]]
