"""Where sentences end, and as much of a text as a budget holds in whole sentences (pure)."""

import pytest

from language.sentences import sentences, within

NOTE = "The old endpoint was retired in spring. Use the new search instead. Ask Sam."


def instruction(sentence: str) -> bool:
    return sentence.startswith("Use")


@pytest.mark.parametrize(
    ("text", "budget", "prefer", "kept"),
    [
        (NOTE, 200, None, NOTE),  # it fits: all of it
        ("  spaced\n  out  ", 20, None, "spaced out"),  # whitespace collapsed
        (NOTE, 48, None, "The old endpoint was retired in spring. Ask Sam."),  # in order, while each fits
        (NOTE, 45, instruction, "Use the new search instead. Ask Sam."),  # what to do before why
        (NOTE, 30, instruction, "Use the new search instead."),
        ("one very long sentence that goes on and on", 20, None, "one very long…"),  # cut at a word
    ],
)
def test_within(text, budget, prefer, kept):
    assert within(text, budget, prefer) == kept
    assert len(within(text, budget, prefer)) <= budget


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("Note for everyone incl. the assistants: no home kits. Check first.", 2),
        ("Exotic pets go on Dr. Okafor's schedule. Dogs too.", 2),
        ("All prices excl. VAT; ask first.", 2),
        ("Three visits... bring the parts next time.", 1),
    ],
)
def test_a_short_form_ends_no_sentence(text, said):
    assert len(sentences(text)) == said
