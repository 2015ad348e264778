"""The feedback rules read a text's first READ_CHARS characters: a 20,000-character observation is
classified as its beginning is, and costs what a short one does."""

import time
from datetime import UTC, datetime

import pytest

from language.classify import READ_CHARS, RawFeedback, RuleClassifier

AT = datetime(2026, 11, 20, tzinfo=UTC)
FILLER = "the agent answered and the user read it " * 500  # 20,000 characters, no rule word


@pytest.mark.parametrize(
    "head, tail, sentiment, category",
    [
        ("Thanks, that was helpful. ", "", "positive", "general"),
        ("Thanks, that was helpful. ", " this is wrong, bad, slow, useless", "positive", "general"),
        ("", " this is wrong and too slow", "neutral", "general"),  # past what the rules read
        ("Too verbose again. ", " thank you, perfect", "negative", "communication"),
    ],
)
def test_only_the_beginning_of_a_long_text_is_read(head, tail, sentiment, category):
    text = (head + FILLER)[: 20_000 - len(tail)] + tail
    assert len(text) == 20_000 and text.find(tail.strip() or "\0") in (-1, *range(READ_CHARS, 20_000))
    verdict = RuleClassifier().classify_one(RawFeedback("observation", "1", AT, text))
    assert (verdict.sentiment, verdict.category) == (sentiment, category)


def test_a_thousand_long_texts_cost_what_short_ones_do():
    rules = RuleClassifier()
    long = [RawFeedback("observation", str(i), AT, FILLER[:20_000]) for i in range(1000)]
    began = time.perf_counter()
    rules.classify(long)
    assert time.perf_counter() - began < 3.0  # every character read, a word search each: ~60 s
