"""A line that does straight away what another holds back until a step is done (`language.gates`)."""

import pytest

from language.gates import skips_gate


@pytest.mark.parametrize(
    ("line", "other", "skips"),
    [
        ("Book the appointment.", "Ask what the problem is before it books anything.", True),
        ("Extend the hire and bill the user.", "Ring the user before extending anything.", True),
        ("Post the parcel today.", "Before you post anything, weigh it on the shop scales.", True),
        ("Send the quote.", "Check the site plan before sending a quote.", True),
        # one act of committing to a piece of work for another, on the same thing
        ("Confirm the booking.", "Insist on a site visit before taking the booking.", True),
        ("Confirm the table.", "Check allergies before taking the booking.", False),
        # it does the step too, gates the act itself, forbids it, or asks another act
        ("Book it once the form is in.", "Ask what the problem is before it books anything.", False),
        ("Ask the problem and book it.", "Ask what the problem is before it books anything.", False),
        ("Don't book anything.", "Ask what the problem is before it books anything.", False),
        ("Give the closing date.", "Check the form before booking.", False),
        ("Ring the user before extending anything.", "Extend the hire and bill the user.", False),
        # a sentence that tells what happened is no ask, whatever its first word
        (
            "Offers keep arriving with no court address. Include the court address in every offer.",
            "Before you offer an assignment, search the interpreter's past bookings.",
            False,
        ),
    ],
)
def test_a_line_that_does_the_gated_act_straight_away(line, other, skips):
    assert skips_gate(line, other) is skips
