"""Asks to skip a step or settle for less are told by how they are asked, whatever they are about."""

import pytest

from language.shortcuts import shortcut


@pytest.mark.parametrize(
    ("line", "is_shortcut"),
    [
        ("Just give the user a delivery day and leave it at that.", True),
        ("Book the van on the first call and let the driver sort out the access.", True),
        ("Take what's on the referral and book it.", True),
        ("A yes or no with the slot time would do the user fine.", True),
        ("The surname and the booking code are plenty.", True),
        ("Send every spare shift and the user will pick what suits.", True),
        ("Offer the first slot going.", True),
        ("Take the user's word for it and turn up on the day.", True),
        ("Use your judgement and fit what you have in stock.", True),
        ("Book the user in for the first slot and let the user worry about the paperwork.", True),
        ("Let regulars tick one box and be done with it.", True),
        ("Skip the safety briefing and just email the user the tickets.", True),
        # asks to do more, or a restriction said with "just"
        ("Ask for the ceiling height before quoting a stairlift.", False),
        ("Give a two-hour arrival window on every confirmation.", False),
        ("Put the purchase order number on every invoice, not just the total.", False),
        ("Say delayed, not lost, until five working days have passed.", False),
        ("Send the user the list of changes so the user can check it.", False),
    ],
)
def test_an_ask_to_skip_a_step_or_settle_for_less(line, is_shortcut):
    assert shortcut(line) is is_shortcut
