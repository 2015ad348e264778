"""Requests people make inside a complaint without a bare imperative — a polite question, a noun
phrase with "please", a quantity said to be enough, a rule of the work, a wish that things had gone
otherwise, an imperative after venting — become the line agents are given; real questions, venting
and descriptions of one event stay without one. Table-driven over feedback written for these tests
(tests/language/request_forms_examples.py), read the way the remedies are: every sentence that asks
something of the work, the first line any of them gives."""

import pytest

from language.agent_lines import directive
from language.agent_terms import for_agent
from language.grammar import imperative
from language.remedies import Said, asks_in, asks_of_the_work, group
from language.request_forms import request, wish
from language.sentences import sentences
from tests.language import request_forms_examples as examples


def line_in(feedback: str) -> str | None:
    asked = [s for s in sentences(feedback) if asks_of_the_work(s)]
    return next((line for s in asked if (line := for_agent(s))), None)


def _phrasal(row):
    said, line = row
    if "read back the order" not in said:
        return row
    reason = "a phrasal verb ('read back') the remedy weights read as no instruction"
    return pytest.param(said, line, marks=pytest.mark.xfail(strict=True, reason=reason))


LINES = [
    *examples.POLITE_QUESTIONS,
    *examples.PLEASE_PHRASES,
    *examples.ENOUGH,
    *examples.RULES,
    *[_phrasal(row) for row in examples.COUNTERFACTUALS],
    *examples.AFTER_VENTING,
    *[(said, line) for said, line in examples.FRAGMENTS if line],
    *examples.SUGGESTIONS,
    *examples.ON_CONDITION,
    *examples.POLITE_AFTER_VENTING,
    *examples.RHETORICAL,
]
NONE = [
    *examples.QUESTIONS_NOT_REQUESTS,
    *examples.PLEASE_NOT_REQUESTS,
    *examples.PLEASE_WITHOUT_A_RULES_MARK,
    *examples.ENOUGH_NOT_REQUESTS,
    *examples.RULES_NOT_REQUESTS,
    *examples.COUNTERFACTUALS_NOT_REQUESTS,
    *examples.VENTING_NOT_REQUESTS,
    *[said for said, line in examples.FRAGMENTS if not line],
    *examples.SUGGESTIONS_NOT_REQUESTS,
    *examples.RHETORICAL_NOT_REQUESTS,
]


def test_each_kind_has_eight_examples_and_near_misses():
    for kind, misses in (
        (examples.POLITE_QUESTIONS, examples.QUESTIONS_NOT_REQUESTS),
        (examples.PLEASE_PHRASES, examples.PLEASE_NOT_REQUESTS),
        (examples.ENOUGH, examples.ENOUGH_NOT_REQUESTS),
        (examples.RULES, examples.RULES_NOT_REQUESTS),
        (examples.COUNTERFACTUALS, examples.COUNTERFACTUALS_NOT_REQUESTS),
        (examples.AFTER_VENTING, examples.VENTING_NOT_REQUESTS),
        (examples.SUGGESTIONS, examples.SUGGESTIONS_NOT_REQUESTS),
        (examples.RHETORICAL, examples.RHETORICAL_NOT_REQUESTS),
    ):
        assert len(kind) >= 8 and len(misses) >= 4


@pytest.mark.parametrize(("said", "line"), LINES, ids=[str(i) for i in range(len(LINES))])
def test_a_request_said_without_a_bare_imperative_becomes_its_line(said, line):
    assert line_in(said) == line


@pytest.mark.parametrize("said", NONE, ids=[str(i) for i in range(len(NONE))])
def test_a_question_venting_or_a_description_has_no_line(said):
    assert line_in(said) is None


@pytest.mark.parametrize("line", [row[1] for row in LINES if not hasattr(row, "marks")])
def test_each_line_is_a_directive_and_its_own_line(line):
    """What the proposer's gate asks of a line from feedback: it says what to do, and it is
    already written for the agent."""
    assert directive(line), line
    assert for_agent(line) == line


@pytest.mark.parametrize(
    "fragment",
    ["not trickle in later.", "and late, as usual.", "or on their phones.", "but only for the front door."],
)
def test_a_fragment_joined_on_is_never_a_line_on_its_own(fragment):
    assert for_agent(fragment) == ""
    assert for_agent(fragment[0].upper() + fragment[1:]) == ""


def test_three_people_asking_as_a_rule_or_a_quantity_make_one_line_each():
    said = [
        "The class emails wake everyone up. Nothing before 8, please.",
        "Texts at 6am again. Nothing before 8, please!",
        "Please, nothing before 8.",
        "Five reminders for one class. One reminder is plenty.",
        "I got three texts and a call. One reminder is enough.",
        "One reminder will do, honestly.",
    ]
    remedies = group([Said(text, f"s{i}", f"observation:{i}") for i, text in enumerate(said)])
    assert sorted(r.text for r in remedies) == ["Nothing before 8.", "One reminder."]


@pytest.mark.parametrize(
    ("said", "act"),
    [
        ("I wish you'd call before the plumber comes.", "call before the plumber comes"),
        ("I wish you had texted me the gate number.", "text me the gate number"),
        ("We really wish you would just label the boxes.", "label the boxes"),
        ("I wish you were here.", ""),
        ("I wish you'd known.", ""),
        # a preference for what the agent did otherwise, with the case it is said of
        ("I'd rather you emailed the rota on Fridays.", "email the rota on Fridays"),
        ("We would much rather the bot asked for the postcode first.", "ask for the postcode first"),
        (
            "For first-time borrowers I'd rather it explained the late fees before linking the terms.",
            "For first-time borrowers, explain the late fees before linking the terms",
        ),
        ("I'd rather it was quieter.", ""),
    ],
)
def test_a_wish_said_outright_asks_for_its_act(said, act):
    assert wish(said) == act


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            "the groomer booked my spaniel with the cat specialist, dogs go on Dr. Amari's list. Every time.",
            [
                "the groomer booked my spaniel with the cat specialist, dogs go on Dr. Amari's list.",
                "Every time.",
            ],
        ),
        (
            "Send it to Mrs. Oyelaran e.g. by post. Then call.",
            ["Send it to Mrs. Oyelaran e.g. by post.", "Then call."],
        ),
    ],
)
def test_a_title_or_a_short_form_ends_no_sentence(text, said):
    assert sentences(text) == said


@pytest.mark.parametrize(
    ("said", "asked"),
    [
        # the agent asked in the third person
        ("Can it stop sending reminders to deferred donors?", "stop sending reminders to deferred donors"),
        (
            "We need it to ask for vaccination status when booking a new dog.",
            "Ask for vaccination status when booking a new dog",
        ),
        (
            "The bot should warn owners upfront that a shave down may be needed.",
            "Warn owners upfront that a shave down may be needed",
        ),
        ("It shouldn't offer Wednesday starts.", "Don't offer Wednesday starts"),
        # "it" said of a thing is not the agent
        ("It should arrive on Monday.", ""),
        # a kind of work routed to a colleague is a rule of who does what
        (
            "Any enquiry about restoration goes to Alan, he does the quoting.",
            "Any enquiry about restoration goes to Alan, he does the quoting",
        ),
        ("Groups of stag parties get referred to Sandra.", "Groups of stag parties get referred to Sandra"),
        (
            "Bulk orders from schools or scout groups go to Mr Lindqvist for a quote.",
            "Bulk orders from schools or scout groups go to Mr Lindqvist for a quote",
        ),
        ("My parcel goes to the depot.", ""),
        ("Our wheelchair users get sent to a lift that's been broken for a month.", ""),
        # the house's own practice is the agent's instruction; what befell us or what we know is not
        (
            "We never substitute components without written approval from the customer.",
            "Never substitute components without written approval from the customer",
        ),
        (
            "We don't put payback claims in writing unless the assumptions sheet is attached.",
            "Don't put payback claims in writing unless the assumptions sheet is attached",
        ),
        ("we only ship within the UK.", "Only ship within the UK"),
        ("We never got a reply from the supplier.", ""),
        ("We don't know why it keeps doing that.", ""),
        ("We only found out on Monday.", ""),
        ("We always lose these customers.", ""),
        ("We don't open today.", ""),
        # what opens with an instruction is no lead-in: it is asked whole
        (
            "Never recommend weedkillers near water - always point people to hand weeding instead.",
            "Never recommend weedkillers near water - always point people to hand weeding instead",
        ),
        (
            "Three visits, still no hot water... bring the parts on the first visit",
            "bring the parts on the first visit",
        ),
        # the house's rule said as such, and what the agent may not do
        (
            "Our policy is to price match local shops only, not online.",
            "Price match local shops only, not online",
        ),
        (
            "Our policy is that every colour client has a patch test 48 hours before.",
            "Our policy is that every colour client has a patch test 48 hours before",
        ),
        ("What is your policy on refunds?", ""),
        ("Rule is we only use our own parts on workshop jobs.", "Only use our own parts on workshop jobs"),
        ("Only the boats marked pet-friendly take dogs.", "Only the boats marked pet-friendly take dogs"),
        ("Only two people turned up.", ""),
        ("Only the site manager can sign off a handover.", "Only the site manager can sign off a handover"),
        ("Only a pharmacist advises on doses.", "Only a pharmacist advises on doses"),
        # a condition, then a request of the agent in the third person
        (
            "If we're out of stock on inhalers, it should offer to ring round the other branches.",
            "If we're out of stock on inhalers, offer to ring round the other branches",
        ),
        ("Short breaks are Mon-Fri or Fri-Mon ONLY.", "Short breaks are Mon-Fri or Fri-Mon ONLY"),
        ("Refunds are store credit only.", "Refunds are store credit only"),
        ("It is for you only.", ""),
        # a kind of work set equal to who does it
        ("Anything carbon frame damage = Dan.", "Anything carbon frame damage = Dan"),
        # a condition before a dash is part of what is asked
        (
            "Anyone asking about groups over 8 people — send them to Gareth in bookings.",
            "Anyone asking about groups over 8 people — send them to Gareth in bookings",
        ),
        ("only the eastbound platform is open", ""),
        (
            "You can't promise exact colour matches on digital.",
            "Don't promise exact colour matches on digital",
        ),
        ("You can't even find the button.", ""),
        ("you shouldn't have sent that", ""),
        # the house's practice after a lead-in
        (
            "Client asked for a 5pm colour - we never book colour services after 4pm on Saturdays",
            "Never book colour services after 4pm on Saturdays",
        ),
    ],
)
def test_requests_of_the_agent_in_the_third_person_and_routing_rules(said, asked):
    assert request(said) == asked


@pytest.mark.parametrize(
    ("said", "line"),
    [
        ("Private hire enquiries go to Marta.", "Private hire enquiries go to Marta."),
        # past its frame, a request of the agent in the third person is said to it
        (
            "Going forward it should never give a timeline on warranty claims.",
            "Never give a timeline on warranty claims.",
        ),
        # an instruction that points back keeps what it points at
        (
            "Deposits are non-refundable but can be moved once with 48hrs notice, say both when people ask",
            "Deposits are non-refundable but can be moved once with 48hrs notice, say both when people ask.",
        ),
        (
            "wedding cakes = Hannah in the cake room, she needs min 3 wks notice",
            "Wedding cakes = Hannah in the cake room, she needs min 3 wks notice.",
        ),
        (
            "NO quoting prices for anything bigger than palm size.",
            "NO quoting prices for anything bigger than palm size.",
        ),
        (
            "If someone says cancel for a week, pause the standing order, not delete it — always confirm which.",
            "If someone says cancel for a week, pause the standing order, not delete it — always confirm which.",
        ),
        (
            "We never recommend weedkillers near water - always point people to a flame weeder instead.",
            "Never recommend weedkillers near water - always point people to a flame weeder instead.",
        ),
    ],
)
def test_a_routing_rule_and_the_house_practice_are_lines(said, line):
    assert for_agent(said) == line


@pytest.mark.parametrize(
    "said",
    [
        "Okafor, Transport Team Lead",
        "Thanks, Gill (Ops Manager)",
        "Cheers - Tomasz",
        "D. Okafor, Project Lead",
        "Thank you!",  # a thanks alone, its name in the next sentence
        "Thanks so much all.",
    ],
)
def test_who_wrote_it_is_no_line(said):
    assert not asks_of_the_work(said) and for_agent(said) == ""


@pytest.mark.parametrize(
    ("said", "asks"),
    [
        # of work routed to someone, what the work is decides, not whom it goes to
        ("warranty claims for ISO9001 kit go to Femi, not the main inbox", True),
        ("Noise complaints about the Eastfield depot go to the Licensing team not to us", True),
        ("invoices for PO 4471 go to Sam", False),
        ("Enquiries (cafes, restaurants) go to Sarah in events.", True),  # routed past an aside
        # a check done before another act is a step of the work, whatever tense it checks
        ("can it check whether the parcel was signed for before telling people it's lost??", True),
        ("Can you check whether the courier came yesterday?", False),
        # what to say, asked with "please", is asked; a belief asked about is not
        ("Could it please say it depends on stock and that we'll confirm by noon?", True),
        ("Can you honestly say that was acceptable?", False),
    ],
)
def test_what_is_asked_of_the_work_however_it_is_framed(said, asks):
    assert asks_of_the_work(said) is asks


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        # what a kind of thing is, stated with a measure where the agent did otherwise: the house's
        (
            "minimum spend for weekday hire is 40 pounds. the bot accepted a 15 pound booking again",
            ["Our policy is that minimum spend for weekday hire is 40 pounds."],
        ),
        # put right, it is a correction's fact, learned as such; one case's value is no policy
        ("Late checkout is £20, not £15. It told two guests £15.", []),
        ("The order is for 24 cupcakes. The bot said 42.", []),
        # stated with no word of what the agent did: nothing asked
        ("Minimum spend for weekday hire is 40 pounds.", []),
    ],
)
def test_a_value_of_the_house_stated_against_what_the_agent_did_is_asked(text, asked):
    assert [sentence for _, sentence in asks_in(text)] == asked


@pytest.mark.parametrize(
    ("reason", "line"),
    [
        (
            "QA fail. Rule: every line item must carry its SKU.",
            "Our policy is that every line item must carry its SKU.",
        ),
        (
            "Cannot approve. Our house style requires that all dates are written in full, never as numerals.",
            "Our policy is that all dates are written in full, never as numerals.",
        ),
        (
            "Hi — sorry, can't sign this one off. We have a rule that anything going to parents names the "
            "safeguarding officer, and this doesn't.",
            "Our policy is that anything going to parents names the safeguarding officer.",
        ),
        (
            "Thank you for the draft newsletter. Please use the 2025 logo on every page.",
            "Use the 2025 logo on every page.",
        ),
        # the rule said after a dash, once what this draft got wrong is told; a verdict is no line
        (
            "Rota rejected. It puts the two new starters on nights with Carl — trainees never work nights in "
            "their first month.",
            "Trainees never work nights in their first month.",
        ),
        # "is that" opens the rule: it points at no one thing
        (
            "Sorry, can't pass this. House rule: every hire for a group needs a named leader, and this one doesn't.",
            "Our policy is that every hire for a group needs a named leader.",
        ),
    ],
)
def test_a_reviewer_s_rule_said_as_such_is_the_house_s_policy_and_thanks_is_no_line(reason, line):
    assert [for_agent(s) for _, s in asks_in(reason, reason=True)] == [line]


@pytest.mark.parametrize(
    ("text", "reason", "lines"),
    [
        # a rule of the work with no act of the agent's to say it as: the house's policy
        (
            "Hire sheets should have the cleaning code for each wetsuit, every hire.",
            True,
            ["Our policy is that hire sheets should have the cleaning code for each wetsuit, every hire."],
        ),
        ("Typo in the first line, it is Mr Grenville. Swap it and resend.", True, []),
        # what is preferred over what the agent did
        (
            "I'd rather it said it didn't know than guessed the opening times.",
            False,
            ["Say it didn't know rather than guess the opening times."],
        ),
        # the reason given after the ask is not part of it
        (
            "It would be nice if the bot could say when the pool is closed for galas, because the "
            "website said it was open and we drove there for nothing.",
            False,
            ["Say when the pool is closed for galas."],
        ),
        (
            "It would help if it could give the lane times, because the timetable on the site was out "
            "of date and we came at the wrong hour.",
            False,
            ["Give the lane times."],
        ),
    ],
)
def test_a_rule_stated_of_a_thing_a_preference_and_an_ask_with_its_reason_become_lines(text, reason, lines):
    assert [for_agent(s) for _, s in asks_in(text, reason=reason)] == lines


@pytest.mark.parametrize(
    ("text", "reason", "lines"),
    [
        # what the writer concedes before the ask is not part of it
        (
            "I don't want to point fingers, but if the booking bot sees a tide window under two hours, it "
            "should flag it and hold the booking until the duty pilot has agreed, rather than confirming it.",
            False,
            [
                "If the booking bot sees a tide window under two hours, flag it and hold the booking until "
                "the duty pilot has agreed, rather than confirming it."
            ],
        ),
        ("I'm not cross exactly, but I asked for a window seat and got an aisle.", False, []),
        # an obligation said in the passive, after a condition or in a wish, is the agent's act
        (
            "If a guest mentions an allergy, that has to be written on the order and they should be given "
            "the kitchen's allergen sheet.",
            False,
            [
                "If a guest mentions an allergy, write that on the order and give them the kitchen's allergen sheet."
            ],
        ),
        (
            "I'd really appreciate it if, whenever a tenant reports a leak, they were told when the plumber "
            "is coming, rather than nothing at all.",
            False,
            ["Whenever a tenant reports a leak, tell them when the plumber is coming."],
        ),
        # a thing asked to be had done
        (
            "Can we have the survey photos sent the same evening please? A week later is no use.",
            False,
            ["Have the survey photos sent the same evening."],
        ),
        ("Can we have order 4471 sent today?", False, []),
        # a thing asked to be done to every case of a kind, a step never taken, a regret of what
        # the person on the phone did not ask
        (
            "Would it be possible for paper invoices to be posted to customers who ask for them?",
            False,
            ["Arrange for paper invoices to be posted to customers who ask for them."],
        ),
        ("Would it be possible for my order to be sent today?", False, []),
        # a thing the speaker would have liked with what the work sends is to be included in it
        (
            "Lovely day out. Honestly I'd have liked a parking map with the booking confirmation, where to "
            "leave the car and so on.",
            False,
            ["Include a parking map with the booking confirmation, where to leave the car and so on."],
        ),
        ("I'd have liked a refund on my card.", False, []),
        # the how-many-th time is a count of what went wrong; the ask turns after a dash that
        # closes an aside
        (
            "Fourth late delivery now. Your drivers obviously knew the night before — the depot checks the rota — "
            "so would it really kill you to ring customers the evening before if the van is running late.",
            False,
            ["Ring customers the evening before if the van is running late."],
        ),
        # a word that only joins it to what was said before is no part of the line
        (
            "The van came at noon again. But it would have helped if every delivery note gave an arrival window.",
            False,
            ["It would have helped if every delivery note gave an arrival window."],
        ),
        (
            "Why wasn't I asked for the dog's size before the booking was made?",
            False,
            ["Ask for the dog's size before the booking was made."],
        ),
        (
            "If the person on the phone had asked whether the piano has castors when I booked, I could have "
            "warned the movers.",
            False,
            ["Ask whether the piano has castors when the user booked."],
        ),
        # what was not too much to ask, said as the doing of it
        (
            "Surely checking the weight of the load and telling the driver before the lift isn't too much to ask?",
            False,
            ["Check the weight of the load and tell the driver before the lift."],
        ),
        # whatever meets a condition, said as one thing, and what it is: a reviewer's rule
        (
            "Rejected, resubmit. Anything over 20kg on a single pallet is a two-person lift, 48-hour notice.",
            True,
            [
                "Our policy is that anything over 20kg on a single pallet is a two-person lift, 48-hour notice."
            ],
        ),
        ("Everything is a mess and nothing works.", False, []),
        # a wish of gratitude framing a passive obligation of a kind of person named bare
        (
            "I would be most grateful if tenants could be told when the boiler engineer has been booked, so we "
            "can plan the day.",
            False,
            ["Tell tenants when the boiler engineer has been booked."],
        ),
        # one kind of thing before another
        (
            "Three bikes went out with flat tyres this week. Safety check, then hire.",
            False,
            ["Safety check, then hire."],
        ),
        ("Waited an hour, then left.", False, []),
        ("Two hours, then nothing.", False, []),
        # what the speaker suggests be done
        (
            "Might I suggest that delivery charges be shown before the basket page, so nobody gets a surprise?",
            False,
            ["Delivery charges should be shown before the basket page."],
        ),
        ("I suggest you give me my money back.", False, []),
        (
            "I would respectfully suggest that, when a lesson is cancelled for snow, parents are offered a "
            "make-up date.",
            False,
            ["Parents should be offered a make-up date when a lesson is cancelled for snow."],
        ),
        # a passive asked as "why can't …", an ask from now on whatever amount it names, what it is
        # asked instead of, and where someone should never have been
        (
            "Why can't the loyalty points be shown on every receipt?",
            False,
            ["The loyalty points should be shown on every receipt."],
        ),
        (
            "Why can't the reminder email tell parents where the side gate is?",
            False,
            ["The reminder email should tell parents where the side gate is."],
        ),
        (
            "Could the statements list the pickup and return date for each van?",
            False,
            ["The statements should list the pickup and return date for each van."],
        ),
        (
            "The app told a lady on Monday she could pay cash. Going forward tell people it's card only, "
            "and mention the £3 deposit on the crates.",
            False,
            ["Tell people it's card only, and mention the £3 deposit on the crates."],
        ),
        ("Going forward, charge Priya £12 for the small box.", False, []),
        (
            "He should never have been on it. You need to check the rider's weight before booking anyone "
            "onto the big horses, not just take a deposit and say see you Sunday.",
            False,
            [
                "Check the rider's weight before booking anyone onto the big horses, not just take a deposit "
                "and say see you Sunday."
            ],
        ),
        ("Actually the man with the parcel wants it sent first class, not second.", False, []),
        # what happened, told in the present or after a time the speaker tells of, asks nothing;
        # what is conceded first opens no instruction; nor is a nudge to look away one
        (
            "So we load the van at five, drive to the venue, unpack everything, and the hall is locked.",
            False,
            [],
        ),
        (
            "Crate turns up, neither of the ciders in there, and instead there are four lagers he hates.",
            False,
            [],
        ),
        (
            "When I got to the desk the man said the form hadn't come through, go home and wait for a letter.",
            False,
            [],
        ),
        (
            "Fine, but then the bot shouldn't be promising dates like that - check the diary before "
            "offering any slot, or at least say it might move.",
            False,
            ["Check the diary before offering any slot, or at least say it might move."],
        ),
        ("Nobody has to know.", True, []),
        # what the speaker now has to do is what it cost them; "surely" opens what is asked
        ("Fine, but now I have to drive back with the kit and I've paid the fuel twice.", False, []),
        (
            "When I eventually got through to the office they said it was fine, leave it and call back.",
            False,
            [],
        ),
        (
            "Surely you should send people the parking permit before they arrive, not after they've been "
            "ticketed.",
            False,
            ["Send people the parking permit before they arrive, not after they've been ticketed."],
        ),
        # what is said not to be too much to ask of the one addressed; what the reviewer will or
        # won't do, after a dash, is no part of the rule
        (
            "My mother was in bits. I really don't think it's too much to ask that you confirm the venue "
            "has the hoist before you book anyone in.",
            False,
            ["Confirm the venue has the hoist before you book anyone in."],
        ),
        (
            "Sending these back. Every tenancy pack must include the gas safety certificate — we won't hand "
            "over keys without it, and I'd rather tenants hear that from us in writing.",
            True,
            ["Every tenancy pack must include the gas safety certificate."],
        ),
        # an impersonal "it" asked to be checked
        (
            "I paid for nothing. It really ought to be confirmed whether the hall is free before anyone is "
            "quoted a date.",
            False,
            ["Confirm whether the hall is free before anyone is quoted a date."],
        ),
        (
            "The chat thing is still quoting free returns over £30. The bot told two customers that today.",
            False,
            [],
        ),
    ],
)
def test_a_concession_a_passive_obligation_and_what_is_not_too_much_to_ask_become_lines(text, reason, lines):
    assert [for_agent(s) for _, s in asks_in(text, reason=reason)] == lines


@pytest.mark.parametrize(
    ("text", "reason", "lines"),
    [
        # the agents named as staff, a desk, a team or agents
        (
            "If it's that important, could your staff not warn owners about damp garages when they book, so "
            "we can move the car first?",
            False,
            [
                "If it's that important, warn owners about damp garages when they book, so we can move the car first."
            ],
        ),
        (
            "Agents shouldn't be promising delivery dates for custom frames.",
            False,
            ["Don't promise delivery dates for custom frames."],
        ),
        (
            "Can the agents please put the customer's PO number on every invoice?",
            False,
            ["Put the customer's PO number on every invoice."],
        ),
        # why it does not, wondered at; why a thing it sends can't
        (
            "I honestly don't understand why your team doesn't just check the lift plan before quoting — it's all on the portal.",
            False,
            ["Check the lift plan before quoting."],
        ),
        (
            "Is there any reason the reminder email can't say which gate to use?",
            False,
            ["Say which gate to use."],
        ),
        ("Is there any reason you're so slow?", False, []),
        # … or why no one does it
        (
            "is there a reason nobody tells tenants the bins move to Tuesdays over Christmas??",
            False,
            ["Tell tenants the bins move to Tuesdays over Christmas."],
        ),
        # … or why someone, anyone or the office does not
        (
            "Why can't someone just text the night before if the crew isn't coming?",
            False,
            ["Text the night before if the crew isn't coming."],
        ),
        ("Why can't the office just send the form with the quote?", False, ["Send the form with the quote."]),
        # a thing given for every case, asked for as a chance; what the writer would have expected
        (
            "Any chance of a call when the fitter is half an hour away? sat in all day",
            False,
            ["Give a call when the fitter is half an hour away."],
        ),
        ("Any chance of a refund?", False, []),
        (
            "For a sofa of this price I would have expected the legs to come wrapped and be fitted on delivery.",
            False,
            ["Arrange for the legs to come wrapped and be fitted on delivery."],
        ),
        (
            "I'd have expected you to check the stairs before sending a wardrobe.",
            False,
            ["Check the stairs before sending a wardrobe."],
        ),
        ("Honestly I would have expected better.", False, []),
        # what any of a kind gets is the house's rule, said as such; a stretch of time is no kind
        (
            "Any delivery up a farm track goes in the pickup. The lorry got stuck at Jenkins' again.",
            False,
            ["Any delivery up a farm track goes in the pickup."],
        ),
        ("Every time I ring nobody picks up.", False, []),
        # how hard it is, why on earth or why nobody does it, a suggestion announced, a formal request
        (
            "Is it really so hard to update the rota when the hall is shut?",
            False,
            ["Update the rota when the hall is shut."],
        ),
        (
            "Why on earth can't your bot tell people the bar shuts at 10 on Sundays?",
            False,
            ["Tell people the bar shuts at 10 on Sundays."],
        ),
        (
            "Why does nobody check the prices when the menu changes?",
            False,
            ["Check the prices when the menu changes."],
        ),
        (
            "What about checking the weather before confirming a picnic?",
            False,
            ["Check the weather before confirming a picnic."],
        ),
        (
            "Here's an idea: don't close a ticket until someone has called back.",
            False,
            ["Don't close a ticket until someone has called back."],
        ),
        ("Maybe, just maybe, let it see the closures list.", False, ["Let it see the closures list."]),
        (
            "Revolutionary suggestion: have the assistant say when fruit needs a few days to ripen.",
            False,
            ["Say when fruit needs a few days to ripen."],
        ),
        (
            "Perhaps a hire company's bot could give out the breakdown number at night.",
            False,
            ["Give out the breakdown number at night."],
        ),
        (
            "I must insist that in future the assistant confirms a caller is authorised before discussing any account.",
            False,
            ["Confirm a caller is authorised before discussing any account."],
        ),
        (
            "I respectfully request that the assistant be amended to state the correct appeal procedure in all cases.",
            False,
            ["State the correct appeal procedure in all cases."],
        ),
        (
            "I would be grateful if the assistant could, in future, explain that the rebate must be applied for.",
            False,
            ["Explain that the rebate must be applied for."],
        ),
        (
            "Could somebody make sure the assistant sends the latest price list with every quote?",
            False,
            ["Send the latest price list with every quote."],
        ),
        (
            "Would you mind having the assistant warn about stairs when someone mentions a wheelchair?",
            False,
            ["Warn about stairs when someone mentions a wheelchair."],
        ),
        ("make the bot use the live diary", False, ["Use the live diary."]),
        # a sentence linked to the one before by its adverb tells what happened
        (
            "The sofa arrived safely, thank you. However, the receipt and both cushions were handed to my "
            "neighbour without any signature. I would have expected the cushions to be signed for.",
            False,
            ["Arrange for the cushions to be signed for."],
        ),
        # what was not too much to ask, said as how a thing should be
        (
            "Is it too much to ask that the van turns up on time?",
            False,
            ["Make sure the van turns up on time."],
        ),
        ("Is it too much to ask that I get a reply?", False, []),
        # a statement made a question by its tag
        (
            "Deposits should be taken at the booking stage, surely?",
            False,
            ["Deposits should be taken at the booking stage."],
        ),
        # the rule after the verdict on one draft
        (
            "Order 7712 rejected: frames over a metre go in a crate, never in a box.",
            True,
            ["Our policy is that frames over a metre go in a crate, never in a box."],
        ),
        ("Order 7712 rejected: wrong frame.", True, []),
        # the house's practice with a span back from any day: a standing rule, not one moment
        (
            "Lens order for someone whose fitting expired in March. We never supply lenses without a fitting "
            "within the last 12 months.",
            True,
            ["Never supply lenses without a fitting within the last 12 months."],
        ),
        ("We don't open the workshop today.", False, []),
        # a restriction of how the work is done, told after the draft's case
        (
            "Price in the reply still says £40 for a full clean. Only quote from the current price list.",
            True,
            ["Only quote from the current price list."],
        ),
        # a kind named with a word in "-ing" before it is no doing
        (
            "Deposit asked for is two weeks. Holding deposits are capped at one week's rent. Fix.",
            True,
            ["Holding deposits are capped at one week's rent."],
        ),
        ("Asking questions is tiring.", True, []),
        # what followed, in a story, is no rule of the work
        ("The site office then has to rebook the crane and the crew waits another four hours.", False, []),
    ],
)
def test_the_agents_by_other_names_a_wondered_why_a_tagged_statement_and_a_rule_after_the_verdict(
    text, reason, lines
):
    assert [for_agent(s) for _, s in asks_in(text, reason=reason)] == lines


def test_a_run_of_concessions_however_long_is_read_once():
    # each ", but" once read the rest again: a client's run of them exhausted the recursion
    ask = "the bot should check the tide table before booking."
    assert [for_agent(s) for _, s in asks_in("Sorry, but I mean, but " + ask)] == [
        "Check the tide table before booking."
    ]
    assert isinstance(asks_in("I mean, but " * 3000 + ask), list)  # read (past its bound, as one case)


@pytest.mark.parametrize(
    ("sentence", "instructs"),
    [
        ("However, the logbook and both keys were handed to my gardener in a carrier bag.", False),
        ("Nevertheless, the crate was left open on the drive.", False),
        ("Hand the logbook to the owner in a sealed envelope.", True),
    ],
)
def test_a_sentence_opened_by_a_linking_adverb_is_no_imperative(sentence, instructs):
    assert imperative(sentence) is instructs


@pytest.mark.parametrize(
    ("reason", "line"),
    [
        # what is, or is not, done to things of a kind, or by whom only
        (
            "Not sending. Refunds aren't given on lessons; the pupil gets a free rebook instead.",
            "Our policy is that refunds aren't given on lessons.",
        ),
        (
            "Can't let this out. Only a qualified rigger can sign off a lifting plan.",
            "Our policy is that only a qualified rigger can sign off a lifting plan.",
        ),
        (
            "Nope. If a cottage isn't listed as pet-friendly, no dogs are allowed.",
            "Our policy is that if a cottage isn't listed as pet-friendly, no dogs are allowed.",
        ),
        # the rule announced before a colon; what the draft does, told with no article, is no ask
        (
            "Binning. Draft waives the fee because of snow. The rule is: fees are waived only if we cancel.",
            "Our policy is that fees are waived only if we cancel.",
        ),
    ],
)
def test_a_reviewer_s_rule_of_what_is_done_to_a_kind_is_the_house_s_policy(reason, line):
    assert [for_agent(s) for _, s in asks_in(reason, reason=True)] == [line]


@pytest.mark.parametrize(
    ("reason", "line"),
    [
        # the rule, then what it means for this draft
        (
            "Cancellations inside 72 hours lose the deposit, it should have said that to Priya instead of moving the date.",
            "Our policy is that cancellations inside 72 hours lose the deposit.",
        ),
        (
            "We don't fly in gusts over 25 knots, so no promising Saturday for Mr Hale.",
            "Don't fly in gusts over 25 knots.",
        ),
        # what a kind of thing is, or what the house does, stated plainly
        ("Nope. All coaching is on our own courts.", "Our policy is that all coaching is on our own courts."),
        (
            "Kit hire beyond 2 weeks is charged weekly at the quoted rate.",
            "Our policy is that kit hire beyond 2 weeks is charged weekly at the quoted rate.",
        ),
        ("no. no glass bottles on the pontoon.", "No glass bottles on the pontoon."),
    ],
)
def test_a_reviewer_s_rule_stated_plainly_is_read_before_what_it_means_for_the_draft(reason, line):
    assert [for_agent(s) for _, s in asks_in(reason, reason=True)] == [line]


@pytest.mark.parametrize(
    "reason",
    [
        # one value put right, one person's own thing, what someone did: no rule of the house
        "Proof attached is for another customer's leaflet. Swap it and resend.",
        "Quantity on the invoice is 40, they ordered 400. Fix pls.",
        "Bella is a spaniel. Fix her card.",
        "Drawing revision is C not B. Resend.",
    ],
)
def test_one_case_put_right_in_a_reviewer_s_reason_is_no_house_rule(reason):
    assert not [s for _, s in asks_in(reason, reason=True) if s.startswith("Our policy")]


@pytest.mark.parametrize(
    ("reason", "line"),
    [
        # "you" after "if" is anyone; what holds if someone did something is no one's doing
        (
            "Moorings are released if you haven't arrived by 6pm, so don't promise a late berth.",
            "Our policy is that moorings are released if you haven't arrived by 6pm.",
        ),
        (
            "Gel removals are £8 unless we did the set.",
            "Our policy is that gel removals are £8 unless we did the set.",
        ),
        # what everyone does; "but" after none says who is excepted
        (
            "everyone signs the waiver before climbing",
            "Our policy is that everyone signs the waiver before climbing.",
        ),
        (
            "no one but our riggers alters the staging.",
            "Our policy is that no one except our riggers alters the staging.",
        ),
    ],
)
def test_a_reviewer_s_rule_with_anyone_s_you_a_weekday_or_everyone_is_the_house_s(reason, line):
    assert [for_agent(s) for _, s in asks_in(reason, reason=True)] == [line]
