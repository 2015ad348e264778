"""Lines at odds on how much to say, on a system of units, on a particle or a medium: each
reading on pairs written for this test, in trades the corpus does not hold."""

import pytest

from language.contrary import action, against_line, contrary
from language.lengths import length_conflict
from language.opposites import same_scale_conflicts

CONTRARY = [
    ("Keep the handover note brief.", "Walk the next nurse through every dose, allergy and vital sign."),
    ("Answer in one sentence.", "Explain the whole return policy at length."),
    ("Keep summaries to three lines.", "Describe each step of the repair in full detail."),
    ("Measure every room in metric.", "Give room sizes in feet and inches."),
    ("Show storage in gigabytes.", "Show storage in megabytes."),
    ("Round delivery times up to the next quarter hour.", "Round delivery times down to the quarter hour."),
    ("Leave the alarm switched on overnight.", "Disable the alarm overnight."),
]
COMPATIBLE = [
    ("Be concise.", "Explain the refund policy in detail when asked."),
    ("Keep replies short.", "Include the order number in every reply."),
    ("Report weights in kilograms.", "Quote distances in miles."),
    ("Email the tenant about repairs.", "Keep a paper copy of every lease."),
    ("Round totals up to the nearest dollar.", "Scroll down to the summary first."),
    ("Store timestamps in UTC.", "Show timestamps to users in their local time zone."),
    # a fact's time and a line's time of day for another thing
    (
        "The pool closes at noon on Sundays.",
        "When the booking tool times out, use the copy synced every night.",
    ),
    ("Deliveries to the depot stop at midnight.", "Send the rota each morning."),
    # a word in -er is no comparative when the lexicon knows it: "offer" is not "more off"
    ("Confirm the date and venue before you offer anyone a tasting slot.", "Turn the kiln on at six."),
    # a value a line forbids agrees with a line that asks for another; naming is no phone call
    ("Never take payment details over the phone.", "Confirm every refund in writing."),
    ("Don't send invoices by email.", "Never post original certificates."),
    ("Stop calling it a 'surcharge'.", "Never take bookings by phone."),
    # a tool's announcement quoted in a line is about something else, whatever opposite words it holds
    (
        "Every quote needs to show the service charge as its own line.",
        "When check_venue_calendar fails with NOTFOUND, use what was built for it instead of retrying: "
        "venue_availability_lookup tells you which partner venues are free on a given date.",
    ),
]


@pytest.mark.parametrize(("a", "b"), CONTRARY)
def test_lines_at_odds_are_contrary_in_either_order(a, b):
    assert contrary(a, b) and contrary(b, a)


@pytest.mark.parametrize(("a", "b"), COMPATIBLE)
def test_lines_that_can_both_be_followed_are_not(a, b):
    assert not contrary(a, b) and not contrary(b, a)


@pytest.mark.parametrize(
    ("a", "b", "conflict"),
    [
        ("Be terse.", "Give every checkpoint, timestamp and driver note.", True),
        ("Keep it short.", "Cover the history in full detail.", True),
        ("Keep it short.", "Check the invoice twice.", False),
        ("Be thorough.", "Be thorough when asked.", False),
    ],
)
def test_brevity_against_fullness(a, b, conflict):
    assert length_conflict(a, b) is conflict


def test_a_named_system_is_at_odds_with_units_of_the_other_only():
    assert same_scale_conflicts("Use metric for lengths.", "Give lengths in inches.") == 1
    assert same_scale_conflicts("Weigh parcels in kilograms.", "Give distances in miles.") == 0


def test_no_before_a_noun_forbids_it():
    assert contrary("No two-hour lessons for beginners.", "Offer two-hour lessons for beginners.")
    assert action("No, send it by text.") == (False, "send it by text")


def test_a_line_for_when_a_tool_fails_opposes_no_line_that_does_not_name_the_tool():
    friction = (
        "When route_planner_lookup fails with PERMISSION_DENIED, use what was built for it instead: "
        "the new depot_map tool shows each depot's opening hours and loading bays."
    )
    assert not contrary(friction, "Use the old route sheet for depots.")  # "new" and "old" of other things


@pytest.mark.parametrize(
    ("a", "b"),
    [
        # emphasis is no word of what is asked: "full stop" is not "full" against "summary"
        (
            "Never substitute components without written approval from the customer, full stop.",
            "Customers just want the summary. Link the parts list, don't attach it.",
        ),
    ],
)
def test_emphasis_is_no_word_of_what_is_asked(a, b):
    assert not contrary(a, b)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        # a word left of a contraction and a negation are said of nothing: "it's not" and "gangway's"
        (
            "No - the cut-off for bike check-in at Carrick quay is 25 minutes before boarding, not 10. It "
            "keeps telling riders 10 and then they turn up and the gangway's already up.",
            "Apply the student fare automatically when a valid card number is given, it's not complicated.",
        ),
        # one word shared by a long reason and a line is no subject: "before" and "until" of two things
        (
            "Rejected. The reply confirms the pitch swap before the second stallholder has agreed. House "
            "rule: pitch swaps are never confirmed until both stallholders have signed the swap form.",
            "Look up the stallholder's licence class before quoting a fee.",
        ),
        # the value a correction sets right is no value it asks for: "not 30 days after"
        (
            "The loan deposit is refunded within 10 days of the return date, not 30 days after you drop "
            "the kit off. Please stop telling members the wrong thing.",
            "Check the member's booking history before telling them when the kit is due back.",
        ),
    ],
)
def test_words_of_other_things_make_no_contrary(a, b):
    assert not contrary(a, b) and not contrary(b, a) and not against_line(a, b)


def test_a_number_or_a_preposition_is_no_topic_a_fact_shares_with_a_line():
    # "over £40" and "over 5%" share "over" and the "5" of "£5.95": the pair reads a scale
    # conflict, but the fact is about delivery and the line about how strong beers are described
    fact = (
        "The chat thing is still promising free delivery over £40. That was last year's threshold! Free local "
        "delivery is now on orders over £60, anything under that is £5.95 flat."
    )
    line = "Any wine description that goes out has to state the grape and the bottle size, and nothing over 5% gets called light."
    assert contrary(fact, line) and not against_line(fact, line)


def test_each_sentence_of_a_fact_is_read_against_a_line_on_its_own():
    # "free" in one sentence, "fee" and "students" in others: no sentence is said of what the line is
    fact = (
        "Can I flag something — the desk is STILL offering students a 'free 20-minute taster lesson'. We "
        "stopped those in March. Taster lessons are £30 + VAT and last 40 minutes, and that £30 comes off the "
        "course fee if they go on to enrol. Students are showing up expecting a freebie and it is embarrassing "
        "for the tutors."
    )
    line = "Tell students that the exam board fee and the certificate fee are paid separately from your fee."
    assert contrary(fact, line) and not against_line(fact, line)
    # one sentence said of the line's own thing still is
    assert against_line("We were audited in May. Never rotate the logs.", "Rotate the logs every night.")
