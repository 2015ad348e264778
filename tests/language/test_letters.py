"""A letter's or a pinned note's frame (who it is to, its subject, who wrote it) is no part of
what it asks, and says no one case the ask is about; a kind of thing stated, when the agent did
otherwise, is the house's rule. Table-driven on the pure readers."""

import pytest

from language.letters import message
from language.remedies import asks_in


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        (
            "Dear Lettings Team,\nRe: tenancy 88120\nYour assistant said the deposit was protected. It was "
            "not.\nYours sincerely,\nDr A. Mensah",
            "Your assistant said the deposit was protected. It was not.",
        ),
        ("Hi all,\nplease stop it.\nThanks, Gill", "please stop it."),
        (
            "URGENT - Front Desk\nThe bot double-booked room 4.\n- Raj, Duty Manager",
            "The bot double-booked room 4.",
        ),
        ("Pinned note:\nkeep the gate shut.", "keep the gate shut."),
        ("** bar note **\nlast orders at 10.30", "last orders at 10.30"),
        # not a frame: a first line that tells what happened, a last line shouted in capitals
        ("hey the bot said 9\nnobody came", "hey the bot said 9\nnobody came"),
        ("bot keeps booking kids\nSTOP BOOKING KIDS", "bot keeps booking kids\nSTOP BOOKING KIDS"),
        ("One line only, Kind regards", "One line only, Kind regards"),
    ],
)
def test_a_letters_frame_is_no_part_of_its_message(text, kept):
    assert message(text) == kept


def test_an_ask_in_a_letter_is_read_past_its_subject_line_and_signature():
    letter = (
        "Dear Customer Services,\nRe: order 55120\nYour assistant told me the sofa would come assembled. It "
        "came flat-packed. I would be grateful if the assistant could, in future, say which items come "
        "flat-packed.\nKind regards,\nMr T. Oduya"
    )
    assert [ask for _, ask in asks_in(letter)] == [
        "I would be grateful if the assistant could, in future, say which items come flat-packed."
    ]


@pytest.mark.parametrize(
    ("item", "asks"),
    [
        (
            "Gift vouchers are non-transferable, no exceptions. The chatbot has already accepted one from a "
            "stranger.",
            ["Our policy is that gift vouchers are non-transferable, no exceptions."],
        ),
        (
            "Deposits can't be refunded after the cake is baked. A customer was told by the assistant it would be.",
            ["Our policy is that deposits can't be refunded after the cake is baked."],
        ),
        # a kind named with a determiner or a name tells of some; nothing the agent did, no rule asked
        ("Our vouchers are non-transferable, no exceptions. The bot accepted one.", []),
        ("Gift vouchers are non-transferable, no exceptions. Lovely staff.", []),
    ],
)
def test_what_a_kind_of_thing_is_stated_against_what_the_agent_did_is_the_houses_rule(item, asks):
    assert [ask for _, ask in asks_in(item)] == asks
