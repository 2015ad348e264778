"""Policy versus instance: a rule with a threshold may reach the fleet; a sentence about one order,
amount, host, person or date stays with its agent and never becomes a directive line."""

from pathlib import Path

import pytest

from language.scope import is_instance

TABLE = Path(__file__).resolve().parents[2] / "language" / "corpus" / "tables" / "policy_or_instance.tsv"
ROWS = [
    line.rstrip("\n").split("\t")
    for line in TABLE.read_text().splitlines()
    if line.strip() and not line.startswith("#")
]


def test_the_table_covers_four_domains_and_sixty_sentences():
    assert len(ROWS) >= 60
    assert {domain for _, domain, _ in ROWS} == {"support", "devops", "research", "sales"}
    assert {label for label, _, _ in ROWS} == {"P", "I"}


@pytest.mark.parametrize(("label", "domain", "sentence"), ROWS, ids=[r[2][:40] for r in ROWS])
def test_each_sentence_is_read_as_labelled(label, domain, sentence):
    assert is_instance(sentence) is (label == "I")
