"""Remedies recognised by their grammar, whatever the verb: a table of sentences written for the
test over four domains (never used to build the classifier) is read at least 95% right."""

from pathlib import Path

from language.remedy_reading import is_remedy

TABLE = Path(__file__).resolve().parents[2] / "language" / "corpus" / "tables" / "remedy_sentences.tsv"
ROWS = [
    line.rstrip("\n").split("\t")
    for line in TABLE.read_text().splitlines()
    if line.strip() and not line.startswith("#")
]


def test_the_table_has_two_hundred_sentences_over_four_domains():
    assert len(ROWS) >= 200
    assert {domain for _, domain, _ in ROWS} == {"support", "devops", "research", "sales"}
    assert 0.4 < sum(label == "R" for label, _, _ in ROWS) / len(ROWS) < 0.6


def test_at_least_95_percent_are_read_right_in_each_domain():
    for domain in ("support", "devops", "research", "sales"):
        rows = [(label, s) for label, d, s in ROWS if d == domain]
        wrong = [(label, s) for label, s in rows if is_remedy(s) is not (label == "R")]
        assert len(wrong) <= 0.05 * len(rows), (domain, wrong)


def test_verbs_no_list_ever_named_are_instructions():
    for sentence in (
        "Please post a status update every 30 minutes.",
        "Cordon the node so no new pods land on it.",
        "Triangulate figures from two independent sources.",
        "Nudge the hiring manager if feedback is late.",
        "Have the keys ready when a booking is prepaid.",
    ):
        assert is_remedy(sentence), sentence
    for sentence in (
        "Order came without the charger.",
        "Book club invite went to the whole company.",
        "Review came back with six comments.",
        "Love the quick answers, great job.",
        "Have the invoices gone out?",
        "Parents got the same newsletter by post, email and app.",
    ):
        assert not is_remedy(sentence), sentence
