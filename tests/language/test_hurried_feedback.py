"""Hurried feedback from businesses the corpus has never seen, read sentence by sentence: a failure
told as it happens is no remedy, a rule said as a fragment or with "has to" / "must" / the passive
is one, a speaker's need that says what would help is one, and a rule that names a language, a
currency, a time of the week or a role is no instance while one booking, one seat or one person is."""

import pytest

from language.needs import one_thing_needed, stated_need
from language.remedy_reading import is_remedy
from language.scope import is_instance

FAILURES_AS_THEY_HAPPEN = [
    "Pickup texts keep arriving at 4am and the dog goes mad.",
    "the ski lockers lock themselves before we're even off the last lift",
    "Every single invoice adds the insurance we said no to.",
    "Wash-done alerts every ten minutes is way too much.",
    "Tuning reminders land on my work phone every sunday night.",
    "Half the boards come back with the wax still on.",
]
RULES_AS_FRAGMENTS = [
    "Pickup texts only between 8am and 6pm.",
    "Locker codes: valid for the whole day.",
    "One wash-done alert per load, max.",
    "card number last four digits only",
    "Plain wording please — what's ready and when to collect it.",
    "Boot sizes in EU and UK throughout.",
]
RULES_WITH_MUST_OR_PASSIVE = [
    "Rental boots have to be dried before they go back on the shelf.",
    "Grand pianos must be tuned by the senior tuner.",
    "Dog allergies need to be on every daycare sheet.",
    "Deposits should be refunded within a week of the return.",
]
NEEDS_THAT_SAY_WHAT_HELPS = [
    "I need the pickup text an hour ahead so I can leave work in time.",
    "We need the tuning schedule by the 1st so the school can book the halls.",
    "i need to know when the dryers are down before i haul the laundry over",
]
NEEDS_OF_ONE_THING = [
    "i need the deposit for locker 9 back",
    "we need two extra lockers for saturday",
]
GENERAL_RULES_NAMING_A_KIND = [
    "Send the care notes in Arabic too, a lot of our owners read it first.",
    "Show rental rates in the renter's own currency, not euros.",
    "Post the groomer rota on Thursday evening, not Monday morning.",
    "Text the owner, not the walker, when a dog is picked up early.",
]
ONE_CASE = [
    "Move my lesson to Wednesday, not Tuesday.",
    "Locker 116, not 161.",
    "Send this one in Arabic for my neighbour.",
    "I need my refund for the broken skis.",
]


@pytest.mark.parametrize("sentence", FAILURES_AS_THEY_HAPPEN)
def test_a_failure_told_as_it_happens_is_no_remedy(sentence):
    assert not is_remedy(sentence)


@pytest.mark.parametrize("sentence", RULES_AS_FRAGMENTS + RULES_WITH_MUST_OR_PASSIVE)
def test_a_rule_said_as_a_fragment_or_with_must_is_a_remedy(sentence):
    assert is_remedy(sentence)


@pytest.mark.parametrize("sentence", NEEDS_THAT_SAY_WHAT_HELPS)
def test_a_need_that_says_what_would_help_is_a_remedy(sentence):
    assert stated_need(sentence) and is_remedy(sentence)


@pytest.mark.parametrize("sentence", NEEDS_OF_ONE_THING)
def test_a_need_of_one_thing_asks_nothing_general(sentence):
    assert one_thing_needed(sentence) and not stated_need(sentence) and is_instance(sentence)


@pytest.mark.parametrize("sentence", GENERAL_RULES_NAMING_A_KIND)
def test_a_rule_naming_a_language_a_currency_a_day_or_a_role_is_no_instance(sentence):
    assert not is_instance(sentence)


@pytest.mark.parametrize("sentence", ONE_CASE)
def test_one_booking_one_seat_one_message_is_an_instance(sentence):
    assert is_instance(sentence)
