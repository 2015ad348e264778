"""The gate for lines written for the agents (a model's line, a remedy said in feedback): a table of
lines over eight domains, labelled by hand before the gate was changed
(language/corpus/tables/agent_lines.tsv) — rules stated as nouns and quantities pass beside
imperatives; venting and descriptions of one event do not. Read through `refused`, the gate itself,
and once through a configured model."""

from pathlib import Path

import pytest

from improver.llm import LLMProposer
from improver.proposer import DeterministicProposer, ProposalInput, refused
from tests.improver.helpers import DIRECTIVES
from tests.improver.test_llm_provider import client, fake  # noqa: F401  (the fixture)

TABLE = Path(__file__).resolve().parents[2] / "language" / "corpus" / "tables" / "agent_lines.tsv"
ROWS = [
    tuple(line.split("\t"))
    for line in TABLE.read_text().splitlines()
    if line.strip() and not line.startswith("#")
]


def test_the_table_has_both_kinds_over_several_domains():
    assert len(ROWS) >= 30
    assert len({domain for _, domain, _ in ROWS}) >= 6
    assert {label for label, _, _ in ROWS} == {"D", "N"}
    assert sum(label == "N" for label, _, _ in ROWS) >= 15


@pytest.mark.parametrize(("label", "domain", "line"), ROWS, ids=[f"{d}:{line[:40]}" for _, d, line in ROWS])
def test_the_gate_reads_each_line_of_the_table(label, domain, line):
    why = refused(line, free=True)
    if label == "D":
        assert why == "", why
    else:
        assert why, f"{line!r} was accepted as a line for the agents"


@pytest.mark.parametrize(
    "line",
    [
        "Two deploys per day failed.",  # a count with a past verb tells what happened
        "One reply per day for me.",  # the speaker's own wish, not written for the agent
        "Two follow-ups to a customer.",  # a count of nothing per anything
    ],
)
def test_a_count_is_a_rule_only_without_tense_or_speaker(line):
    assert refused(line, free=True)


def test_a_line_of_two_sentences_says_what_to_do_when_one_of_them_does():
    line = "Returns are unopened boxes only. Stop telling people opened boxes can come back."
    assert refused(line, free=True) == ""
    assert refused("Way too many emails per case. Nothing else happened.", free=True)


def test_a_models_rule_stated_as_a_quantity_is_proposed_not_the_rules_fallback(fake):  # noqa: F811
    fake.content = {
        "directives": DIRECTIVES + "one status update per day.\n",
        "rationale": "people asked for fewer updates",
        "additions": [{"text": "one status update per day.", "reason": "timeliness"}],
    }
    data = ProposalInput(template="coder", directives=DIRECTIVES, negative_by_category={"timeliness": 4})
    change = LLMProposer(client(fake), DeterministicProposer()).propose(data)
    assert change.proposer == "llm", change.proposer
    assert [a.text for a in change.additions] == ["one status update per day."]
