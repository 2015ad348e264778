"""Sentences said without a verb of their own, and imperatives that name nothing to do: a noun
phrase with a limit's mark is a rule, one that counts what went wrong is none, and "Get it right."
is venting whatever its mood. Table-driven over sentences written for this test, in trades the
corpus does not hold (a bakery, a car rental, a ferry, a gym, a garage)."""

import pytest

from language.empty_asks import empty_ask
from language.noun_phrases import limit, tally
from language.remedy_reading import by_form, is_remedy

LIMITS = [
    "Two refills per customer, max.",  # a bound and a rate
    "Max one reschedule per booking.",
    "One reminder a week, tops.",
    "Three lockers per family, no more.",
    "Fresh bread every morning for the cafe.",  # a reach over every case
    "No walk-ins after 4 pm.",  # none of a kind at a time
    "No cash refunds over the phone.",  # by a channel
    "No fines on children's books.",  # on a kind of thing (a possessive is no verb)
    "pls no glitter in the wedding favours",  # a ban asked for
]
TALLIES = [
    "Forty minutes at the counter and no car.",  # a second statement joined on
    "Another cold pizza from the kiosk.",
    "Two parking tickets tonight for a car with a permit.",  # a moment
    "Zero towels in the changing room.",
    "Not a single reply from the garage since Monday.",
    "Three calls, three different answers.",  # a second count
]
NEITHER = [
    "Three visits.",  # a count alone: left to count_alone and the weights
    "Two carriers showed up for the same load.",  # a verb with a tense
    "The update spread a crash bug to every console.",
    "Role menu gives everyone moderator permissions.",
    "Is there a limit of two refills per customer?",
]
EMPTY = [
    "Get it right.",
    "Seriously, do better.",
    "Sort it out, honestly.",
    "Just do your job already.",
    "Come on, get it together.",
    "Fix this. Now.",
    "Try harder, for once.",
    # a verdict on an idea told before
    "Worth a go.",
    "It's worth a try!",
    "Give it a go.",
]
NOT_EMPTY = [
    "Get the dates right.",
    "Keep it short.",
    "Fix it before the customer sees it.",
    "Do better checks on the brakes.",
    "Sort the invoices by date.",
    "Seriously.",
    "Worth checking the tyre pressures at every service.",
]


@pytest.mark.parametrize("sentence", LIMITS)
def test_a_noun_phrase_with_a_limits_mark_is_a_remedy(sentence):
    assert limit(sentence) and not tally(sentence)
    assert by_form(sentence) is True and is_remedy(sentence)


@pytest.mark.parametrize("sentence", TALLIES)
def test_a_noun_phrase_that_counts_what_went_wrong_is_none(sentence):
    assert tally(sentence) and not limit(sentence)
    assert by_form(sentence) is False


@pytest.mark.parametrize("sentence", NEITHER)
def test_a_clause_or_a_bare_count_is_neither(sentence):
    assert not limit(sentence) and not tally(sentence)


@pytest.mark.parametrize("sentence", EMPTY)
def test_an_imperative_that_names_nothing_to_do_is_venting(sentence):
    assert empty_ask(sentence) and not is_remedy(sentence)


@pytest.mark.parametrize("sentence", NOT_EMPTY)
def test_an_imperative_that_names_something_of_the_work_is_no_venting(sentence):
    assert not empty_ask(sentence)
