"""What tells one instance from a rule beyond an identifier: one value put right for another is
one instance; capitals that name a unit, a currency or a format, and a weekday said as one that
recurs, name none. Table-driven over sentences written for this test."""

import pytest

from language.scope import SCOPE_PATTERNS, is_instance, scope_features

INSTANCES = [
    "Desk 14, not desk 41.",
    "Locker 7B, not 7C.",
    "Berth 3, not berth 5.",
]
POLICIES = [
    "Bill storage in TB, not GB.",
    "Backups run on Sunday nights.",
    "Quote every fare in EUR.",
]


@pytest.mark.parametrize("sentence", INSTANCES)
def test_one_value_put_right_for_another_is_one_instance(sentence):
    assert "has:value-swap" in scope_features(sentence)
    assert is_instance(sentence)


@pytest.mark.parametrize("sentence", POLICIES)
def test_units_formats_and_recurring_days_name_no_instance(sentence):
    assert not SCOPE_PATTERNS["letters-id"].search(sentence)
    assert not SCOPE_PATTERNS["inner-capital"].search(sentence)
    assert not is_instance(sentence)


def test_a_number_weighs_as_a_number_whichever_it_is():
    six, nine = scope_features("No calls after 6."), scope_features("No calls after 9.")
    assert six == nine and "w:#" in six
