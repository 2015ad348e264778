"""Words spelt as in a text message are read as the words they stand for; a count stays a count.
Table-driven over sentences written for this test."""

import pytest

from language.remedies import Said, group
from language.spelling import plain_spelling


@pytest.mark.parametrize(
    ("said", "read"),
    [
        ("get it 2 look at the stock list b4 saying no", "get it to look at the stock list before saying no"),
        ("Shud only say closed if the notice is up", "Should only say closed if the notice is up"),
        ("tell ppl abt the fee w/o being asked", "tell people about the fee without being asked"),
        ("need 2 know by 2moro", "need to know by tomorrow"),
        ("any parcels sent between nov n march", "any parcels sent between nov and march"),
        # a verb's "-ing" with its "g" dropped; a word of its own ending "in" stays
        ("bot keeps sayin we're open, tryin 2 help", "bot keeps saying we're open, trying to help"),
        ("the cabin sleeps four; checkin at 3", "the cabin sleeps four; checkin at 3"),
        # a count is no "to": "book 2 rooms", "the 2 boxes", "have 2 dogs"
        ("book 2 rooms for the 2 of us", "book 2 rooms for the 2 of us"),
        ("tell them 2 bring 2 photos", "tell them to bring 2 photos"),
        ("we have 2 dogs", "we have 2 dogs"),
        ("Nothing to change here.", "Nothing to change here."),
        # a contraction without its apostrophe, the commonest slips, "u", "4" before an article
        ("the asistant shoud say we dont open sundays", "the assistant should say we don't open sundays"),
        ("can u ask 4 the order number", "can you ask for the order number"),
        ("book 4 rooms, it isnt hard", "book 4 rooms, it isn't hard"),
        ("u-bends and the VAT stay", "u-bends and the VAT stay"),
        # a sentence in capitals is read in plain case; capitals within a sentence stay
        (
            "PLEASE TELL PEOPLE THE CAFE SHUTS AT FOUR. thanks",
            "Please tell people the cafe shuts at four. thanks",
        ),
        ("Quote the VAT and the MOT fee.", "Quote the VAT and the MOT fee."),
        ("WHY DOES IT DO THIS?? I ASKED TWICE", "Why does it do this?? I asked twice"),
    ],
)
def test_a_text_message_s_spellings_are_read_as_their_words(said, read):
    assert plain_spelling(said) == read


@pytest.mark.parametrize(
    ("said", "line"),
    [
        (
            "chat said the car park was open but it wasnt!! shud check the notices page b4 answering",
            "Check the notices page before answering.",
        ),
        ("Must ask for the postcode first.", "Ask for the postcode first."),
        (
            "bot keeps offerin me a manual!! shld only show automatics if i pick them",
            "Only show automatics if the user picks them.",
        ),
        ("Needs to check the diary before saying no.", "Check the diary before saying no."),
    ],
)
def test_what_should_be_done_said_with_no_one_to_do_it_is_asked_of_the_agent(said, line):
    assert [r.text for r in group([Said(said, f"s{i}", f"observation:{i}") for i in range(5)])] == [line]
