"""What tells one instance from a rule beyond an identifier: one value put right for another is
one instance; capitals that name a unit, a currency or a format, and a weekday said as one that
recurs, name none. Table-driven over sentences written for this test."""

import pytest

from language.scope import SCOPE_PATTERNS, is_instance, names_one, scope_features

INSTANCES = [
    "Desk 14, not desk 41.",
    "Locker 7B, not 7C.",
    "Berth 3, not berth 5.",
]
POLICIES = [
    "Bill storage in TB, not GB.",
    "Send an SMS as well as the letter.",
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


@pytest.mark.parametrize(
    ("sentence", "pattern", "found"),
    [
        ("That crate was for the Leeds depot.", "deictic", True),
        ("Put the rota for that week on the board.", "deictic", True),
        ("Any parcel that needs a signature goes on the first van.", "deictic", False),
        ("The lenses that came back scratched get remade free.", "deictic", False),
        ("Our policy is that every hire for a group needs a named leader.", "deictic", False),
        ("Is that the booking for the Leeds group?", "deictic", True),
        ("The one to use is that one.", "deictic", True),
        ("Stall 12 goes to the cheese seller.", "small-number", True),
        ("The 15% booking fee is never refunded.", "small-number", False),
        ("Reply within 24 hours of a complaint.", "small-number", False),
        ("No lessons under 5 hours of practice.", "small-number", False),
        ("NEVER load the van before the AVOID list is checked.", "letters-id", False),
        ("The RFI binder goes back to the site office.", "letters-id", True),
        ("Text an SMS reminder as well as the letter.", "letters-id", False),  # a kind of message
        ("Anyone whose pipes froze gets the emergency slot.", "recurrence", True),
        ("If a tenant has a DSS letter, pass the case to the HB liaison team.", "recurrence", True),
        ("Everybody on the waiting list hears from us monthly.", "recurrence", True),
        ("Room 4 is shut on the 9th, so don't book anyone into it that day.", "recurrence", False),
        ("Swap just that entry.", "deictic", True),
        ("Ask for the permit number for anything going to the islands.", "recurrence", True),
        ("Anything containing batteries needs the declaration.", "recurrence", True),
        ("Our minimum trace width is 0.1mm, not 0.15.", "unit", True),
        ("Stop recommending the cheapest chain for 12-speed groupsets.", "unit", True),
        ("Build 5521, not 5512.", "unit", False),
        ("The cut-off for next-day orders is 2pm, not 5pm.", "value-swap", False),  # an amount put right
        ("The deposit is £300, not £150.", "value-swap", False),
        ("Desk 14, not desk 41.", "value-swap", True),
        ("7:45, not 7:30", "value-swap", True),
        ("Link the BOM, don't attach it.", "letters-id", False),  # capitals after an article
        ("Slug TRNZ needs a new headline.", "letters-id", True),
        ("Common name first, Latin in brackets.", "inner-capital", False),  # a language
    ],
)
def test_what_each_pattern_reads(sentence, pattern, found):
    assert bool(SCOPE_PATTERNS[pattern].search(sentence)) is found


def test_a_clock_time_alone_names_no_case_by_the_patterns():
    assert "rule:instance" not in scope_features("The yard gate opens at 6am and closes at 10pm.")
    assert "rule:instance" in scope_features("The refund on order 88213 is $64.")


@pytest.mark.parametrize(
    ("said", "one_case"),
    [
        # a fact stated first, then why or how often it was got wrong: the first sentence is read
        ("No. Lockers are swept every Friday. That's been the rule since we opened.", False),
        ("The 15% booking fee is never refunded. That's the fourth guest this week told otherwise.", False),
        ("That crate was for the Leeds depot. The driver took it to York.", True),
        # what the agent told someone first, the fact after it: the fact is read
        (
            "It told a couple yesterday that check-in starts at 2. It doesn't — check-in is from 4pm on "
            "changeover days.",
            False,
        ),
        (
            "The chat told a lady on Saturday that lilies were fine with cats. They are not - all parts of "
            "lilies are toxic to cats.",
            False,
        ),
        ("The bot told Mrs Patel her order ships Monday. Her order ships on Tuesday 14th.", True),
        # a value put right that the agent keeps telling people is everyone's, not one case's
        (
            "No — the winter season runs 1 October to 31 March, not to the end of April like your "
            "assistant keeps telling people.",
            False,
        ),
        (
            "It's telling people the waiting list is about 6 months. It's 3 years for the Westfield site.",
            False,
        ),
        ("The bot keeps telling people order 5512 has shipped. It went out this morning.", True),
    ],
)
def test_a_text_of_several_sentences_is_read_by_the_one_that_states_it(said, one_case):
    assert is_instance(said) is one_case


@pytest.mark.parametrize(
    "sentence",
    [
        "Deliveries run Monday to Friday only.",
        "Walk-ins are welcome Tuesday and Thursday until 6pm.",
        "The desk is staffed Mon-Sat from 8.",
    ],
)
def test_days_said_as_a_span_or_a_list_recur(sentence):
    assert "rule:instance" not in scope_features(sentence) and not is_instance(sentence)


@pytest.mark.parametrize(
    ("sentence", "one_case"),
    [
        # months said as a span are a season
        ("Explain we only take lambing bookings from February to April.", False),
        ("Tell people the lido is shut between October and March.", False),
        # a name before a kind of thing in the plural is the kind's
        ("Tell people only the Cox apples are grown here.", False),
        ("Say only the Lincolnshire sausages are gluten free.", False),
        # … not before one customer's work or people
        ("Send the Hartley orders out first.", True),
        ("Tell the Dawson kids their kit is ready.", True),
    ],
)
def test_months_said_as_a_span_and_a_kind_named_after_a_place_name_no_case(sentence, one_case):
    assert is_instance(sentence) is one_case


def test_one_day_named_alone_is_still_one_case():
    assert is_instance("Move Ana's lesson to Thursday.")


@pytest.mark.parametrize(
    ("sentence", "one_case"),
    [
        ("The delivery was meant to be the morning slot on the 3rd, not the afternoon one.", True),
        ("The boiler service is on the 14th of March.", True),
        ("Rent is due on the 1st of every month.", False),
        ("The 2nd reminder goes out a week after the first.", False),
    ],
)
def test_a_day_of_the_month_is_one_date_unless_it_recurs(sentence, one_case):
    assert ("rule:instance" in scope_features(sentence)) is one_case


@pytest.mark.parametrize(
    "sentence",
    [
        "Use the actual room names, The Boardroom, The Snug, The Loft and so on.",
        "Offer the savings accounts such as Easy Access or Fixed Rate.",
        "Label the bins by stream - Paper, Glass, Garden Waste, Food.",
    ],
)
def test_names_given_as_examples_of_a_kind_name_no_instance(sentence):
    assert SCOPE_PATTERNS["inner-capital"].search(sentence)
    assert "has:inner-capital" not in scope_features(sentence)
    assert not is_instance(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "Show the plan names on invoices, not internal codes like Plan 3.",
        "Quote the room types such as Suite 2 or Suite 4 by their names.",
    ],
)
def test_a_numbered_name_given_as_an_example_names_no_instance(sentence):
    assert not is_instance(sentence)


@pytest.mark.parametrize(
    ("sentence", "one_case"),
    [
        # a name of common words in capitals titles a kind of thing: a form, a plan, a menu
        ("Anything with lithium cells needs a Shipper's Declaration for Dangerous Goods first.", False),
        ("Hot Desk members get the Fixed Desk rate after six months.", False),
        # a name of its own, or a code, still names one case
        ("It's Flat 3B on Carrow Street, not 3D.", True),
        ("Mrs Okafor moved her fitting to Thursday at 10.", True),
        # a place of common words is still one place: an address, a room
        ("17 Maple Close's recycling was missed on the 4th because the lorry broke down.", True),
        # the choices a rule names in brackets are kinds to choose from; they hide no case told beside them
        ("Booking replies need the loading bay (North or South), not just 'the yard'.", False),
        ("Mrs Okafor moved her delivery to the loading bay (North or South) on Thursday.", True),
        # what announces a correction, and the house's rule announced as such, is no case of it
        ("Correction for the front desk: repair bookings for e-bikes need 3 days' notice, not 1.", False),
        (
            "Hi, just correcting what went out to Harlow Foods this morning - our delivery rule is that anything "
            "ordered after 2pm goes the next day, not the same day.",
            False,
        ),
        ("Correction for the desk: Mrs Okafor's fitting is on Thursday, not Friday.", True),
        # what only says the agent was wrong, alone or before the fact, is no case of it
        ("That's not right. Flu jabs for over-65s are free at every branch now, not £12.", False),
        (
            "That's wrong, I'm afraid, we stopped free storage. Cars waiting on parts are charged £12 a day.",
            False,
        ),
        (
            "Right, for what feels like the hundredth time: the harbour tour is £18 a head, not £15. £15 was "
            "last year's price.",
            False,
        ),
        ("That's not right. Mr Patel's boiler service is on the 14th, not the 12th.", True),
    ],
)
def test_a_title_of_common_words_names_a_kind_and_a_name_of_its_own_one_case(sentence, one_case):
    assert is_instance(sentence) is one_case


@pytest.mark.parametrize(
    ("sentence", "one_case"),
    [
        # work of a kind routed to a colleague by name is a rule of who does what
        ("Please pass all of those to Maureen in the AVI team rather than quoting them.", False),
        ("Exotic pets have to go on Dr. Okafor's schedule.", False),
        # a name beside one case stays a name
        ("Invoice 2024-117 goes to Ms. Lindqvist, not the general accounts inbox.", True),
        ("Please pass my complaint to Janet today.", True),
    ],
)
def test_a_colleague_named_in_a_rule_of_routing_names_no_case(sentence, one_case):
    assert is_instance(sentence) is one_case


def test_a_language_or_nationality_names_a_kind():
    assert not is_instance("Offer the registration form in Polish as well as English.")
    assert not is_instance("Use British spelling in emails to students.")


@pytest.mark.parametrize(
    ("sentence", "one_case"),
    [
        ("Mention the water troughs are off from November to March whenever anyone asks.", False),
        ("Stop promising half plots, they only get allocated after the AGM in March.", False),
        ("Her appointment moved to 14 March.", True),
        (
            "Questions about ashes collection go to Bernadette on the front desk, she keeps the register.",
            False,
        ),
    ],
)
def test_a_month_alone_bounds_a_season_and_a_colleague_routed_to_is_they(sentence, one_case):
    assert is_instance(sentence) is one_case


def test_a_day_changed_for_another_is_one_case_not_a_span_of_days():
    assert is_instance("change our checkout for pitch 22 from Sunday to Saturday")
    assert not is_instance("Open the phone line from Monday to Friday only.")


@pytest.mark.parametrize(
    ("text", "one_case"),
    [
        # an amount of any unit is a standing value, said right for another or not
        ("Our minimum trace width is 0.1mm (4 mil) on standard boards, not 0.15.", False),
        ("The limit is 3.68kW per phase.", False),
        ("Pallets over 500kg go on the ground floor.", False),
        ("Stop recommending the cheapest chain to people with 12-speed groupsets.", False),
        ("Build 5521, not 5512.", True),  # an identifier put right is still one case
        # a day typed in lowercase is still one day; in the plural it recurs
        ("the tasting evening next thursday is 28 people now, set out more glasses", True),
        ("the 6am spin class on thursday is cancelled", True),
        ("Classes on thursdays start at 6am.", False),
        ("the conference group arriving thursday - put them all on the 3rd floor", True),  # one group
        # on a condition of a kind, "her" is whoever meets it
        ("If a customer is out of stock, offer to ring round the other branches for her.", False),
        ("If Mrs Patel calls, tell her the car is ready.", True),
        ("Tell her the car is ready.", True),
        # capitals after an article name a kind of thing; after a noun, one thing's code
        ("Link the BOM, don't attach it.", False),
        ("Check the prescription status in the PMR before replying.", False),
        ("Slug TRNZ needs a new headline.", True),
        # what belongs to one person named by title, one family, one company, one reference, one
        # address or one day named as such is that one case however worded
        ("Never turn the power off at Mr Ross's without telling him first.", True),
        ("For Mrs Okoye's christening on the 14th, always set out 40 chairs.", True),
        ("the big corporate booking for Arden Ltd - 6 cars, all need sat navs", True),
        ("Max must always be walked separately, he's the Dawsons' lab.", True),
        ("For job PT-771 always use the side entrance.", True),
        ("Waive the travel charge on invoice 88213, it's a goodwill gesture after last month.", True),
        ("For the 22nd only, send the returns via the north car park, the main road's shut.", True),
        ("Book Ashby Cricket Club's yearly inspection for Monday 3 March at 8am only.", True),
        ("Deliveries run on Mondays only.", False),  # a day that recurs is a rule
        ("Invoices over 1000 need a purchase order number.", False),  # a threshold, no document
        ("The couple flying in next tues will collect after hours.", True),
        ("The Morgans' install at 12 Bridge St is 2 x 5.4kWh batteries, not one.", True),
        ("Exotic pets have to go on Dr. Okafor's schedule.", False),  # a colleague's schedule
        # the case named after what is said of it; what the agent did to one family, told after
        # the fact, is where it went wrong
        ("Biscuit must never go in the dryer cabinet. That's Mrs Harper's spaniel.", True),
        (
            "Customer's own fabric always has a £40 handling charge. You left it off the Johnsons' quote.",
            False,
        ),
        # one customer's work, and a person by full name put somewhere, are one case
        ("Always send the Luton to the Whitfield job, their drive won't take the 7.5 tonne.", True),
        ("Always put Oliver Grant with Mr Fenwick — he won't go in with anyone else.", True),
        # routing sent on to a business in a place is a rule; quoted words are what was said
        ("point them to Purrfect Stays in Wrexham", False),
        ("Stop saying 'someone will be with you today'.", False),
        # a kind's value put right is a standing fact, even with what the agent did after a dash
        ("For the last time, our wasp nest treatment is £65 flat, not £45.", False),
        (
            "No, the kennel cough vaccine has to be given at least 14 days before drop-off, not 7 — "
            "the bot has told three owners 7 days this week.",
            False,
        ),
        ("The maximum per room is 6 players, not 8.", False),
        # … unless a name, an identifier, a day or one occasion makes it one case
        ("The Hughes booking is 5 players not 4.", True),
        ("No, the load number is 7730214, not 7730241.", True),
        ("The delivery is Thursday, not Tuesday.", True),
        ("The order is for 24 cupcakes not 42.", True),
        # one person told by what they did is one case; whom the agent got a rule wrong for is not
        ("Actually, the couple who rang about the marquee want the clear roof, not the white one.", True),
        ("the couple flying in late tues will collect after hours, leave keys in the lockbox", True),
        ("Drop-in is £12 for any class, you quoted £15 to the woman who emailed about Sunday.", False),
        # a city's time is a time zone, "this" before a word of degree points at nothing
        ("Quote delivery times in the customer's own time zone, not Chicago time.", False),
        ("Offer a two-hour window and nobody would be this annoyed.", False),
        # a telephone number is how to reach whoever the work goes to, not a case of it
        ("Anything about a burst main goes straight to Ola on 0161 496 0734, not the inbox.", False),
        ("Ring Mrs Ibe on 0161 496 0734 about her boiler.", True),
        ("If it sounds serious, tell them to ring 111 rather than waiting for a slot.", False),
        # a customer by title as what is done, one weekend named as such, a rule kept to one case
        ("Never seat Mr Abbott near the window, he finds the draught unbearable.", True),
        ("Exotic pets go to Mrs Lang in the Leeds office.", False),  # a colleague the work goes to
        ("Hold the big van for the scout troop next weekend, they've paid the deposit.", True),
        ("Weekend bookings need a card on file.", False),
        ("Always copy in their surveyor on quotes — only for this contract, it ends in June.", True),
        ("Only for orders over £50 do we waive delivery.", False),
        # a fee set by a bound is a standing value; capitals a prefix negates are a kind
        ("No — the late collection fee after 6pm is £30, not £20.", False),
        ("Offer a non-UKAS cert if it's outside our range.", False),
        # … or to one named customer's work, not a class named with a capital
        ("Use the blue crates — just for the Hallam Foods order that ships Thursday.", True),
        ("Only for the first delivery, ring the customer an hour ahead.", False),
    ],
)
def test_what_names_one_case_however_worded(text, one_case):
    assert is_instance(text) is one_case


@pytest.mark.parametrize(
    ("sentence", "names"),
    [
        ("Deliver to 4 Mill Lane.", True),
        ("Add the surcharge on the last Friday of the month.", False),
        ("Exotic pets have to go on Dr. Okafor's schedule.", False),
        ("Please waive the late collection fee for Diane Okafor, the van was late.", True),
        ("Could you book the back room for Tomasz Nowak-Reid on the 4th?", True),
        ("Send the spare keys to Gemma Price before Friday.", True),
        ("Anything about proxy votes on medical grounds goes to Deborah Hale.", False),
        ("Send parcels with lithium batteries for Dangerous Goods checks first.", False),
        ("Refund deposits for cancelled bookings within 48 hours.", False),
    ],
)
def test_what_names_one_case_whatever_else_is_said(sentence, names):
    assert names_one(sentence) is names


@pytest.mark.parametrize(
    ("sentence", "one_case"),
    [
        # "this" pointing at the house the agents work for names no case
        ("Every aftercare message that leaves this studio has to include the GP line.", False),
        ("Nobody in this office takes card payments over the phone.", False),
        ("Check the opening hours in that bot every spring.", False),
        # "that" pointing back at any of a kind
        ("Check the delivery schedule for that postcode before promising any turnaround.", False),
        ("Before it offers a slot it should check the tide table for that morning.", False),
        # … pointing at one thing of the work, it does
        ("Send this order back to the warehouse.", True),
        ("Send it to that customer today.", True),
    ],
)
def test_the_house_pointed_at_is_no_case(sentence, one_case):
    assert is_instance(sentence) is one_case


@pytest.mark.parametrize(
    ("correction", "one_case"),
    [
        # a plea to get it right before the fact is no case the fact is about
        ("Can we please get this right - deposits are due six weeks before the event, not four.", False),
        ("Please get it right this time: the minimum order is twelve loaves.", False),
        # … nor does it hide one case named in the fact
        ("Can we please get this right - Mrs Hale's cake is due on Friday, not Saturday.", True),
    ],
)
def test_a_plea_to_get_it_right_before_the_fact_names_no_case(correction, one_case):
    assert is_instance(correction) is one_case


@pytest.mark.parametrize(
    ("said", "one_case"),
    [
        # how often it was got wrong, said first, is no case: the fact follows it
        ("For the hundredth time, the shop opens at 9am on Saturdays, not 10am.", False),
        ("For the umpteenth time, the ferry does not take cars over 2 tonnes.", False),
        # what the agents should stop telling everyone is everyone's
        ("Please can the drivers stop quoting £20 for a call-out, it has been £28 since March.", False),
        # that the agent's figure is an old one only says it was wrong; the fact follows
        ("The assistant quoted £50 for a tuning. That's last year's figure. A tuning is £65 now.", False),
        # a kind of thing denied a measure is a standing fact; one booking's is one case
        ("The pool is NOT heated to 30 degrees.", False),
        ("The Jones booking is not at 4pm.", True),
        ("The delivery is not at 4pm.", True),
        # the date a class of cases closes on is a rule; one case's date stays one case
        ("The deadline for summer entries is the 12th of June, not the end of June.", False),
        ("The delivery is the 12th of June, not the 14th.", True),
    ],
)
def test_a_fact_put_right_after_a_plea_or_as_a_measure_denied_is_no_case(said, one_case):
    assert is_instance(said) is one_case


@pytest.mark.parametrize(
    ("sentence", "found"),
    [
        ("Mask card numbers to the last four digits.", False),
        ("Show only the last 2 characters of the password hint.", False),
        ("That was the last order I place.", True),
        ("Same as the last time.", True),
    ],
)
def test_the_last_of_a_count_points_at_no_case(sentence, found):
    assert bool(SCOPE_PATTERNS["deictic"].search(sentence)) is found


@pytest.mark.parametrize(
    ("sentence", "one_case"),
    [
        # an amount named as the house's charge for a kind of thing is a price list's
        ("Mention the £35 costume fee when people sign up for the showcase.", False),
        ("Always quote the £15 call-out charge up front.", False),
        # one amount of one case stays one case
        ("Refund the £312 to her card.", True),
        ("Send the £48.50 to Mrs Okafor.", True),
    ],
)
def test_an_amount_named_as_a_charge_is_the_house_s_price(sentence, one_case):
    assert is_instance(sentence) is one_case
