"""The rule classifier on the weekly one-on-one plan's own examples of each sentiment ×
category quadrant and of each axis definition."""

from datetime import UTC, datetime

import pytest

from language.classify import RawFeedback, RuleClassifier

AT = datetime(2026, 11, 21, tzinfo=UTC)


def classify(text: str, source: str = "observation", **hints):
    [item] = RuleClassifier().classify([RawFeedback(source, "1", AT, text, None, hints)])
    return item.sentiment, item.category


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the plan's quadrant chart
        ("Rejected proposals", ("negative", "tooling")),
        ("Over-estimation complaints", ("negative", "accuracy")),
        ("Praise for checklist quality", ("positive", "prioritization")),
        ("Tone too aggressive", ("negative", "communication")),
        ("Great prioritization", ("positive", "prioritization")),
        ("Too many wake-ups", ("negative", "timeliness")),
        ("Accurate status changes", ("positive", "accuracy")),
        # the category definitions, as feedback would phrase them
        ("The estimate was wrong again", ("negative", "accuracy")),
        ("Wrong label on the ticket", ("negative", "accuracy")),
        ("The report is far too verbose", ("negative", "communication")),
        ("Bad formatting of the weekly report", ("negative", "communication")),
        ("It worked on the wrong tasks first; the checklist order was bad", ("negative", "prioritization")),
        ("Picked the wrong tool for the job", ("negative", "tooling")),
        ("Too many redundant proposals", ("negative", "tooling")),
        ("Woke me up at the wrong time", ("negative", "timeliness")),
        ("Responses feel slow", ("negative", "timeliness")),
        ("The status predictions were inaccurate", ("negative", "accuracy")),
    ],
)
def test_the_plans_examples_of_each_quadrant(text, expected):
    assert classify(text) == expected


@pytest.mark.parametrize(
    ("source", "hints", "sentiment"),
    [
        ("decision", {"verdict": "confirmed"}, "positive"),  # user confirmed proposals
        ("decision", {"verdict": "rejected"}, "negative"),  # user rejected proposals
        ("decision", {"verdict": "deferred"}, "neutral"),  # deferred decisions
        ("wake_rating", {"rating": 0.9}, "positive"),  # high ratings (> 0.7)
        ("wake_rating", {"rating": 0.2}, "negative"),  # low ratings (< 0.3)
        ("wake_rating", {"rating": 0.5}, "neutral"),
        ("correction", {}, "negative"),  # corrections
        ("observation", {"category": "note"}, "neutral"),  # informational observations
        ("observation", {"category": "praise"}, "positive"),
        ("observation", {"category": "complaint"}, "negative"),
    ],
)
def test_the_plans_sentiment_rules(source, hints, sentiment):
    assert classify("Reorder the checklist", source, **hints)[0] == sentiment
