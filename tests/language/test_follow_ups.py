"""An instruction that only goes on from one case told before it in the same item is about that
case: no line. One that says it holds beyond the case, or follows what the agent did, is one.
Table-driven over items written for these tests, read as the remedies read an item."""

import pytest

from language.follow_ups import general
from language.remedies import asks_in


@pytest.mark.parametrize(
    ("item", "asks"),
    [
        # one case, then what to do about it
        ("For the 7pm group on Friday, Mr Silva is coeliac; let the kitchen know.", []),
        ("Offer amount is £312,500 not £321,500. Check the figures and resend.", []),
        ("Order 5512 - Mrs Lee wants the canvas in 30x40, not 20x30; adjust the invoice.", []),
        # one case, then a rule said to hold beyond it
        (
            "Order 5512 went out without a receipt. Put a receipt in every order from now on.",
            ["Put a receipt in every order from now on."],
        ),
        (
            "Mrs Lee's canvas went out in the wrong size. Check sizes against the order form.",
            ["Check sizes against the order form."],
        ),
        # one case, then a rule of the kind it opens with, said without its noun once asked
        (
            "Unit 4 at the Leeds depot, is it done?? Serviced it. tcs only fit a valve with a 2025 rating",
            ["tcs only fit a valve with a 2025 rating"],
        ),
        # what the agent did, then the lesson
        (
            "the bot quoted £35 for a laser session for Pip the cat but the price went up to £42 in "
            "january. it needs to use the current price list, not the old one",
            ["it needs to use the current price list, not the old one"],
        ),
        # what the agent said, then what was so instead, then the lesson: all one story
        (
            "Assistant told my lad you take fridges. You don't, you take everything BUT fridges. "
            "Tell people the list of what you don't take up front.",
            ["Tell people the list of what you don't take up front."],
        ),
        (
            "Bot said the guard fitting was free. Was charged £45 extra. List the extras properly.",
            ["List the extras properly."],
        ),
        (
            "The assistant said my prescription was ready. It was not. I am 78 and got two buses. Check "
            "with the dispensary staff rather than guessing.",
            ["Check with the dispensary staff rather than guessing."],
        ),
        # no case told before it
        ("Link the parts list, don't attach it.", ["Link the parts list, don't attach it."]),
        # what keeps happening, even at one place, is no one case: the ask after it is a line
        (
            "The crates for Stall 14 keep arriving without labels. Can the packing slip list the stall number?",
            ["Can the packing slip list the stall number?"],
        ),
        (
            "Second time this week the Harbour Street van came after lunch. Can the confirmation give an "
            "arrival window?",
            ["Can the confirmation give an arrival window?"],
        ),
        ("Mrs Dunne's boxes were late on Tuesday. Can the confirmation give an arrival window?", []),
    ],
)
def test_an_instruction_after_one_case_is_about_it_unless_it_says_more(item, asks):
    assert [sentence for _, sentence in asks_in(item)] == asks


@pytest.mark.parametrize(
    ("instruction", "beyond"),
    [
        ("Check any lead time against stock", True),
        ("Tell parents the application is under review", True),
        ("Ask about sun and soil before suggesting anything", True),
        ("Add the surcharge on Fridays", True),
        ("Quote the winter timetable from 1 November onwards", True),
        ("Put them all on the 3rd floor", False),
        ("Adjust the invoice", False),
        ("Email the bookings", False),
        ("Let the kitchen know", False),
    ],
)
def test_what_says_an_instruction_holds_beyond_one_case(instruction, beyond):
    assert general(instruction) is beyond


@pytest.mark.parametrize(
    ("reason", "asks"),
    [
        # a reviewer's reason states the house's rule in the plain present
        (
            "Rejected — the draft promises a café account 60 days to pay. New trade accounts are on "
            "14-day terms for the first three months, then 30.",
            [
                "Our policy is that new trade accounts are on 14-day terms for the first three months, then 30."
            ],
        ),
        # a kind narrowed by what was done to it, after the one case the draft was about; the
        # aside after the dash is no part of the rule
        (
            "Rejected: the draft to the Aldridge family cancels Ellie's lesson with 2 hours' notice. "
            "Lessons cancelled with less than 24 hours' notice are charged in full — it can't waive that.",
            ["Our policy is that lessons cancelled with less than 24 hours' notice are charged in full."],
        ),
        # what may not be, or is never done to a kind, is its rule too
        (
            "Rejected: the rota puts Tom on both visits. The same fitter can't install a boiler and sign it off.",
            ["Our policy is that the same fitter can't install a boiler and sign it off."],
        ),
        (
            "Rejected batch J-12. Jam doesn't get jarred above 85 degrees - the seals fail.",
            ["Our policy is that jam doesn't get jarred above 85 degrees."],
        ),
        # a remark to the reader after the rule is no part of it; how strictly it holds is
        (
            "Sending the list back: three first-time clients have no patch test booked. Every new colour client has to book "
            "a patch test 48 hours ahead, no exceptions, we've been over this.",
            ["Every new colour client has to book a patch test 48 hours ahead, no exceptions."],
        ),
        (
            "Returned: the crane was booked without a lift plan. Any lift over 5 tonnes has to have a signed "
            "lift plan first, it's an insurance thing, not a paperwork thing.",
            ["Our policy is that any lift over 5 tonnes has to have a signed lift plan first."],
        ),
        # what the draft's writer did, or one case, is none
        ("Rejected - the driver can't find the gate at the Mill, ring Mrs Hale.", []),
        ("Far too many boxes listed for a studio flat, looks like you copied the Jones job. Redo.", []),
        ("Rejected - the name is Mrs Patel, not Mrs Patil. Fix and resend.", []),
    ],
)
def test_a_reviewer_stating_the_rule_in_the_present_asks_for_it(reason, asks):
    assert [sentence for _, sentence in asks_in(reason, reason=True)] == asks


def test_the_same_statement_in_other_feedback_asks_nothing():
    assert asks_in("New trade accounts are on 14-day terms for the first three months, then 30.") == []


def test_an_instruction_before_the_case_it_is_about_is_no_ask():
    item = "Please make sure the vase never goes in a glaze firing. It's Mr Osei's, on the second shelf."
    assert asks_in(item) == []


@pytest.mark.parametrize(
    ("item", "asks"),
    [
        # what it is asked rather than is no case the ask is about, comma or none
        (
            "It would make a huge difference if the assistant explained why lead reworking is recommended "
            "rather than just quoting it to the customer.",
            [
                "It would make a huge difference if the assistant explained why lead reworking is recommended "
                "rather than just quoting it to the customer."
            ],
        ),
        # quoted words are what was said, not a case: the instruction after them stands
        (
            "Can it stop saying 'someone will be with you today'? Same-day is only if there's a slot. "
            "It needs to check the diary and give the actual earliest slot.",
            [
                "Can it stop saying 'someone will be with you today'?",
                "It needs to check the diary and give the actual earliest slot.",
            ],
        ),
        # "So it should …" joins its sentence to the one before; it still asks (as the rule does)
        (
            "Peak dates need a £50 deposit per dog. So it should mention the deposit whenever it quotes.",
            [
                "Peak dates need a £50 deposit per dog.",
                "So it should mention the deposit whenever it quotes.",
            ],
        ),
        # who is writing is no ask; a rule routed to a business in a place is one
        (
            "Jess here. can it stop offering cat boarding?? point them to Purrfect Stays in Wrexham",
            ["can it stop offering cat boarding??", "point them to Purrfect Stays in Wrexham"],
        ),
        # an instruction inside a frame asks; one that only goes on from one case told before it
        # in its own sentence does not, nor does a question
        (
            "I need you to ring the depot before sending a van for a Sunday collection.",
            ["I need you to ring the depot before sending a van for a Sunday collection."],
        ),
        ("The lift at Cole House is out until Monday 3rd, tell anyone who asks.", []),
        ("Why do you need my passport number for a quote?", []),
        # what a kind of work must do asks it when nothing in it marks one case, whatever the
        # weights make of its words
        (
            "The final check has to be done by a second pharmacist.",
            ["The final check has to be done by a second pharmacist."],
        ),
        ("The check on order 4471 has to be done by a second pharmacist.", []),
        # what an ask is for ("…, so I know who to ask") is no case it is about
        (
            "It'd be nice if the updates said which caseworker is actually handling the file, so I know who to ask.",
            [
                "It'd be nice if the updates said which caseworker is actually handling the file, so I know "
                "who to ask."
            ],
        ),
    ],
)
def test_what_an_item_asks_of_the_work(item, asks):
    assert [sentence for _, sentence in asks_in(item)] == asks
