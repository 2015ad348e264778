"""An unpunctuated message is cut where its ask begins (`language.run_ons`)."""

import pytest

from language.run_ons import run_ons


@pytest.mark.parametrize(
    ("sentence", "parts"),
    [
        (
            "van said 2pm nobody came til 6 kids missed tea just tell us if its late thats all",
            ["van said 2pm nobody came til 6 kids missed tea", "just tell us if its late thats all"],
        ),
        (
            "boiler broke AGAIN portal says its fixed put a note on when stuff is broke",
            ["boiler broke AGAIN portal says its fixed", "put a note on when stuff is broke"],
        ),
        (
            "ordered 6.30 came 7.45 cold app kept saying on its way if its an hour late say an hour",
            # (the condition run on into the command goes with it)
            ["ordered 6.30 came 7.45 cold app kept saying on its way", "if its an hour late say an hour"],
        ),
        # punctuation inside, a question, nothing told before, or a word leading into the verb: as it is
        ("The van came late, tell us next time if it is going to be late.", None),
        ("Could the invoices list the drop and collection date for each block on the sheet?", None),
        ("Pilots should get a text every time the ETA moves by more than an hour.", None),
        ("the app said pick a slot and it booked the wrong one for me on the day", None),
        # what someone said, in quotes, is no command: "just saying 'ring the office'"
        ("nice if it knew the times instead of just saying 'ring the office' every time we asked", None),
        ("rent went up £12 and the portal couldn't tell me why", None),
        ("It would be better if customers could simply send a photo of the breakage as proof.", None),
    ],
)
def test_a_message_is_cut_where_its_ask_begins(sentence, parts):
    assert run_ons(sentence) == (parts or [sentence])
