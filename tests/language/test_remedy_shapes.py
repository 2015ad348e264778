"""The shapes of a sentence that tell an instruction from a complaint beyond its first verb: each
reading on sentences written for this test, in trades the corpus does not hold."""

import pytest

from language import grammar
from language.remedy_reading import is_remedy
from language.remedy_shapes import shapes

SHAPES = [
    ("It would be kinder to warn the tenant before the visit.", "advice"),
    ("It's best to confirm the dosage with the owner.", "advice"),
    ("We need you to copy the editor on every retraction.", "advice"),
    ("I'd appreciate it if you signed off with your name.", "advice"),
    ("If the courier is late, tell the customer straight away.", "condition-then-act"),
    ("Once a draft is approved, lock the file.", "condition-then-act"),
    ("Refunds above fifty pounds go to the shift lead.", "general-rule"),
    ("Late returns are charged a daily fee.", "general-rule"),
    ("Detention starts after two hours at the dock.", "general-rule"),
    ("Ugh, the kiosk froze again.", "interjection"),
    ("Oh great, another missed pickup.", "interjection"),
    ("Receipt shows the wrong total.", "display"),
    ("Wrong company name in the first line.", "evaluated-thing"),
    ("Missing tracking number on the label.", "evaluated-thing"),
    ("Stop calling me about the invoice.", "at-me"),
    ("Leave me alone.", "at-me"),
    ("Bread dough usually doubles in about an hour.", "hedged"),
    ("Thanks for sorting the rota so quickly.", "thanks"),
    ("I want every late order flagged in red.", "wanted-state"),
    ("It would help if the driver texted before arriving.", "advice"),
    ("I wish you'd call before the plumber comes.", "advice"),
    ("Instead of a voicemail, send the customer a text.", "condition-then-act"),
    ("The ferry has been late since Tuesday.", "span-to-now"),
    ("No answer from the garage all afternoon.", "span-to-now"),
    ("Bakeries sell a lot of rye around here.", "hedged"),
]
NOT_SHAPES = [
    ("Two couriers showed up for the same parcel.", "general-rule"),
    ("Refunds were sent to the wrong card again.", "general-rule"),
    ("Please attach the packing list to the file.", "display"),
    ("Empty the bin before closing.", "evaluated-thing"),
    ("Slack me whenever a lease gets signed.", "at-me"),
    ("Great job, but confirm the time zone first.", "interjection"),
    ("Great job, but confirm the time zone first.", "thanks"),
    ("Guests are complaining because the pool is cold.", "general-rule"),
    ("Keep the gate logs for two weeks.", "span-to-now"),
    ("Refund the fee since the drop box was broken.", "span-to-now"),
]


@pytest.mark.parametrize(("sentence", "shape"), SHAPES)
def test_a_shape_is_read(sentence, shape):
    assert shape in shapes(sentence)


@pytest.mark.parametrize(("sentence", "shape"), NOT_SHAPES)
def test_a_shape_is_not_read_where_the_sentence_says_otherwise(sentence, shape):
    assert shape not in shapes(sentence)


@pytest.mark.parametrize(
    ("sentence", "remedy"),
    [
        ("one status update per day.", True),
        ("Max two follow-ups a week, tops.", True),
        ("No more than one reminder per customer.", True),
        ("Two calls a day from the bot.", False),
        ("Wrong company name in the first line.", False),
        ("allways cc the manager on refunds", True),
        ("alwyas read back the order number", True),
        ("pls add the table number to every ticket", True),
        ("Great job, but confirm the time zone first.", True),
        ("Thanks for covering the late shift.", False),
    ],
)
def test_bounds_misspelt_lead_ins_and_judged_things(sentence, remedy):
    assert is_remedy(sentence) is remedy


@pytest.mark.parametrize(
    ("sentence", "off"),
    [
        ("allways reconfirm the pickup", "reconfirm the pickup"),
        ("pls send it", "send it"),
        ("Always send it", "send it"),
        ("Alpine routes close early", "Alpine routes close early"),
    ],
)
def test_a_lead_in_comes_off_even_misspelt(sentence, off):
    assert grammar.lead_in_off(sentence) == off
