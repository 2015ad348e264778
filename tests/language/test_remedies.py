"""Remedies stated in negative feedback: which sentences say what to do, which are near
duplicates, and how they are grouped across sessions and people."""

import pytest

from language.remedies import Said, asks_in, group, line_of_one_case, pieces, similarity
from language.remedy_reading import is_remedy
from language.words import content

SAME = [
    ("Please cite the source for every number you report.", "You should cite a source for each number."),
    ("Run the linter before opening the pull request.", "Please run the linter before you open a PR."),
    ("Ask before deleting any customer data.", "Never delete customer data without asking first."),
    ("Use the staging database, not production.", "Always use staging instead of the production database."),
]
DIFFERENT = [
    (
        "Please cite the source for every number you report.",
        "Run the linter before opening the pull request.",
    ),
    ("Ask before deleting any customer data.", "Use the staging database, not production."),
    ("Keep the summary under five lines.", "Cite the source for each number."),
]


@pytest.mark.parametrize(("a", "b"), SAME)
def test_paraphrases_of_one_remedy_are_near_duplicates(a, b):
    assert similarity(a, b) >= 65


@pytest.mark.parametrize(("a", "b"), DIFFERENT)
def test_different_remedies_are_not(a, b):
    assert similarity(a, b) < 65


def said(text, session, i):
    return Said(text, session, f"observation:{i}")


def test_a_remedy_needs_three_people_and_sessions_without_a_user_count_as_people():
    texts = [s for pair in SAME[:1] for s in pair] + ["Always cite sources for the numbers in the report."]
    one_session = [said(t, "s1", i) for i, t in enumerate(texts)]
    assert group(one_session) == []
    two_sessions = [said(t, f"s{i % 2}", i) for i, t in enumerate(texts)]
    assert group(two_sessions) == []  # two people: each session without a user is one
    three_sessions = [said(t, f"s{i}", i) for i, t in enumerate(texts)]
    [remedy] = group(three_sessions)
    assert (remedy.count, remedy.sessions, remedy.people, len(remedy.sources)) == (3, 3, 3, 3)
    assert "cite" in remedy.text.lower()


def test_a_request_and_its_opposite_are_never_one_group_and_each_person_counts_once():
    loud = [
        Said("Use bullet points in every reply.", f"loud-{i // 2}", f"observation:{i}", "loud")
        for i in range(8)
    ]
    others = [
        Said(("Never use bullet points in replies.", "Do not use bullet points in replies.")[i % 2], f"m{i}",
             f"observation:{100 + i}", f"user-{i}")
        for i in range(6)
    ]  # fmt: skip
    assert [(r.text, r.count, r.sessions, r.people) for r in group(loud + others, min_people=1)] == [
        ("Never use bullet points in replies.", 6, 6, 6),
        ("Use bullet points in every reply.", 8, 4, 1),
    ]
    assert [r.text for r in group(loud + others)] == ["Never use bullet points in replies."]


def test_a_remedy_said_thousands_of_times_is_one_group_of_them_all_with_its_most_common_wording():
    """A week where one correction recurs in every session: each sentence is counted, none lost,
    and the wording said most stands for the group (the other wording is near to it)."""
    texts = ["No, use pnpm instead of npm."] * 3000 + ["Please use pnpm instead of npm here."] * 5
    texts += ["Cite the source for every number."] * 4
    groups = group([said(t, f"s{i % 700}", i) for i, t in enumerate(texts)])
    assert [(r.text, r.count, r.sessions) for r in groups] == [
        ("Use pnpm instead of npm.", 3005, 700),
        ("Cite the source for every number.", 4, 4),
    ]
    assert len(set(groups[0].sources)) == 3005


def test_complaints_without_a_remedy_yield_nothing():
    texts = ["This was bad.", "Terrible answer.", "Too slow again."]
    assert group([said(t, f"s{i}", i) for i, t in enumerate(texts)]) == []


REMEDIES = [
    # coding
    "Run the linter before opening the pull request.",
    "Never push directly to main.",
    "Please keep the diff small.",
    "You should have run the tests first.",
    "Don't retry npm install unchanged; use pnpm.",
    # research
    "Cite the source for every number you report.",
    "Always lead with the answer, then the evidence.",
    "Could you summarize the paper in three bullet points?",
    "I'd prefer shorter answers with links.",
    # support
    "Verify the customer's identity before changing the address.",
    "Ask for the order number first.",
    "Next time, confirm the refund amount before processing it.",
    "The agent should escalate billing disputes to a human.",
    "Stop asking for my email twice.",
    # operations
    "Check the disk space before restarting the service.",
    "Avoid restarting the database during business hours.",
]
COMPLAINTS = [
    "My parcel went to an address I never entered.",
    "How is it possible to change my address without any security check?",
    "The summary was far too long.",
    "I asked three times and nobody answered.",
    "Check failed again on the same file.",
    "Never got a reply to my last message.",
    "My order should have arrived yesterday.",
    "Why did you run the migration on production?",
    "This is the second time the build broke.",
    "Use of the old API caused the outage.",
    "Don't know why it keeps failing.",
]


@pytest.mark.parametrize("sentence", REMEDIES)
def test_a_sentence_that_says_what_to_do_is_a_remedy(sentence):
    assert is_remedy(sentence)


@pytest.mark.parametrize("sentence", COMPLAINTS)
def test_a_complaint_with_a_cue_word_is_not(sentence):
    assert not is_remedy(sentence)


DESCRIBED_THEN_RULED = [
    (
        "Pager alerts every ten minutes is way too much while the night nurses are with patients. "
        "One pager alert per patient per hour, that's it.",
        "One pager alert per patient per hour",
    ),
    (
        "Status emails every morning is too much for the volunteers. Two status emails per week, no more.",
        "Two status emails per week",
    ),
    (
        "Cleaning reminders every day are overkill for the studio flats. One cleaning reminder per flat per week.",
        "One cleaning reminder per flat per week",
    ),
]


@pytest.mark.parametrize(("message", "rule"), DESCRIBED_THEN_RULED)
def test_a_message_that_describes_the_failure_then_states_a_quantity_yields_the_quantity(message, rule):
    """The quantity is the rule (one reader of quantities for the remedy reader and the agent's
    terms), and a group holding it beside the description yields it."""
    [remedy] = group([Said(message, f"s{i}", f"observation:{i}", f"person-{i}") for i in range(4)])
    assert remedy.text.startswith(rule)


def test_two_asks_that_share_two_words_are_two_lines():
    """Their partial ratio reads them as near duplicates (74%): sharing two of four words is no
    paraphrase, and the second ask's people must not be counted for the first one's line."""
    first = "Put the total for each order on the first page."
    second = "Every refund total must carry the 'order as placed' limitation wording."
    assert similarity(first, second) >= 65
    remedies = group(
        [Said(first, f"a{i}", f"observation:{i}", f"a-{i}") for i in range(4)]
        + [Said(second, f"b{i}", f"observation:{10 + i}", f"b-{i}") for i in range(3)]
    )
    assert sorted((r.text, r.people) for r in remedies) == [
        ("Every refund total must carry the 'order as placed' limitation wording.", 3),
        ("Put the total for each order on the first page.", 4),
    ]


@pytest.mark.parametrize(
    ("line", "one_case"),
    [
        # no identifier, number, name, one thing pointed at or one person's own: no case, whatever
        # its function words weigh
        ("Tell people how long the wait is likely to be.", False),
        ("Tell the user roughly how long the wait is likely to be.", False),
        ("Send Mrs Greaves a replacement chamber.", True),
        ("Refund order 4471 today.", True),
        ("Tell the lady who rang about the marquee that it is booked.", True),
        ("Book this one for Tuesday.", True),
    ],
)
def test_a_line_is_about_one_case_only_when_something_in_it_marks_one(line, one_case):
    assert line_of_one_case(line) is one_case


@pytest.mark.parametrize(
    ("feedback", "line"),
    [
        # an instruction that marks no case asks it of the work, whatever its words weigh
        ("Just attach the file to the reply, please, not a link.", "Attach the file to the reply"),
        (
            "Just put the parking details in the reply, please, not a link.",
            "Put the parking details in the reply",
        ),
        # whose view it is asks nothing: what follows it is read as said alone
        (
            "I really think that any order for more than three tiers must be delivered by two people.",
            "Any order for more than three tiers must be delivered by two people.",
        ),
        (
            "In my view every quote for a listed building must be checked by a surveyor first.",
            "Every quote for a listed building must be checked by a surveyor first.",
        ),
        (
            "The thing is, allergy information must be given for every cake.",
            "Allergy information must be given",
        ),
        # … still about one case when it marks one
        ("I think Mrs Greaves must be sent a new chamber.", None),
        ("Just attach the file to order 4471, please.", None),
    ],
)
def test_an_ask_reaches_its_line_past_the_writers_view_and_without_a_marked_case(feedback, line):
    _reaches(feedback, line)


@pytest.mark.parametrize(
    ("feedback", "line"),
    [
        # a note's label asks nothing, and what the note states is the house's rule (a verb is no label)
        ("Note down the gate code on every booking: it changes monthly.", "Note down the gate code"),
        (
            "PINNED - all refund requests must be logged against the original order.",
            "All refund requests must",
        ),
        (
            "Office note: evening tours go on sale only once the guide rota is published.",
            "Our policy is that evening",
        ),
        # a request typed in a hurry, after what went wrong, and after an interjection
        (
            "the van came at the wrong hour again can u just use the slot from the actual booking pls",
            "Use the slot from the actual booking",
        ),
        (
            "hi sorry why do the reminders come at 6am on a saturday lol maybe send them on weekdays in office hours",
            "Maybe send them on weekdays in office hours",
        ),
        # a need said of the case it holds in
        (
            "If a fitting is moved, I want a message at least two days ahead.",
            "If a fitting is moved, the user wants a message at least two days ahead.",
        ),
        # someone else asked to do it, named by their role ("he" is whoever does it)
        (
            "Would it be possible for the driver to ring when he's ten minutes away?",
            "Arrange for the driver to ring when he's ten minutes away.",
        ),
        # one case told first, then that it always happens: the ask is the house's
        (
            "just got a reminder for tomorrow at 11 but i booked 2pm?? why does it always get the time wrong in "
            "the reminders can u just copy the time from the actual booking pls",
            "Copy the time from the actual booking",
        ),
        # a condition run on into its act, after "then" or straight into the verb
        (
            "if a member says they're away for the summer then freeze the membership, don't cancel it",
            "If a member says they're away for the summer, freeze the membership",
        ),
        (
            "When the van is running late call the customer before they ring us.",
            "When the van is running late, call",
        ),
        # (not a verb that goes on from what comes before it: "we can't tell", "you need to check")
        ("Once it has been washed we can't tell what it looked like.", None),
        # the agent made to do it, a wish said condition first, what the writer would have liked to be told
        (
            "Can you make it say the gate code before anyone arrives?",
            "Say the gate code before anyone arrives.",
        ),
        (
            "Please make it clear that we close at 5 on Sundays.",
            "Make it clear that we close at 5 on Sundays.",
        ),
        (
            "If the reminders could go out in the afternoon, that would be great.",
            "The reminders should go out in the afternoon.",
        ),
        (
            "I'd have liked to be told at booking that parking is pay and display.",
            "Tell the user at booking that parking is pay and display.",
        ),
        # from when it holds, said as a day; a formal requirement; a file's format is a kind of file
        (
            "From today, no install is confirmed until two keyholders are recorded.",
            "No install is confirmed until two keyholders are recorded.",
        ),
        (
            "We require that all invoices be checked by a second person before they are sent.",
            "All invoices should be checked by a second person",
        ),
        ("Why can't it just warn people when a file isn't CMYK?", "Warn people when a file isn't CMYK."),
        # a condition typed in a hurry, run on into its command
        (
            "ordered at 7 came at 9 cold bot kept saying on its way if its gonna be an hour say an hour",
            "If its gonna be an hour, say an hour.",
        ),
        # the agent set up so it does, the agent pointed at, an amount of a unit typed without a space
        (
            "Please set it so anyone who says they're pregnant is offered prenatal classes only.",
            "Make sure anyone who says they're pregnant is offered prenatal classes only.",
        ),
        ("Why does nobody check the prices in that bot when the new season starts?", "Check the prices"),
        ("dont promise a callback in 24hrs if u cant do it", "Don't promise a callback in 24hrs"),
        # what to find out, a clause after "whether" ("water is" is no subject of "Ask")
        (
            "Ask whether water is actively flowing before asking for any account details.",
            "Ask whether water is actively flowing",
        ),
        # the ask after what the agent did to the writer is no follow-up of one case
        (
            "I signed up for Tuesday afternoons and it has now offered me three shifts outside Tesco in the rain. "
            "Please ask which roles I've trained for and only offer me shifts in those.",
            "Ask which roles the user has trained for",
        ),
        # what is granted before the ask, and how binding it is after a dash, are no part of it
        (
            "It's fine as far as it goes but every aftercare message has to include the GP line - that's not "
            "optional, Dani put it in the handbook.",
            "Every aftercare message has to include the GP line.",
        ),
        # what the writer disclaims first; "say so" after its condition names the condition
        (
            "I'm not blaming the staff, mistakes happen, but if the system doesn't know when a part will "
            "arrive it should say so rather than guess.",
            "If the system doesn't know when a part will arrive, say so",
        ),
        # what others in the trade do, held up as the practice (not what other customers do)
        (
            "Not to be difficult, but most florists I've used ask for a delivery window before they take payment.",
            "Ask for a delivery window before they take payment.",
        ),
        ("Every other garage I've dealt with texts you when the car is ready.", "Text the user when the car"),
        ("Most customers ask about parking before they book.", None),
        # any trade named with the writer's own dealings; whoever is served is the user
        (
            "Every other campsite I've stayed at tells you the gate code before you arrive.",
            "Tell the user the gate code before the user arrives.",
        ),
        (
            "Every other bathroom firm I've spoken to offers a free survey before giving a price.",
            "Offer a free survey before giving a price.",
        ),
        # a memo's heading; the agent "is to" do it; from a day, said with a colon
        (
            "Memo to the front desk and whoever runs the chat, re: locker keys. Going forward the assistant "
            "is to ask for a deposit before issuing a locker key.",
            "Ask for a deposit before issuing a locker key.",
        ),
        (
            "As of Friday: hired bikes are checked over before every ride and the chat has to say so.",
            "Our policy is that hired bikes are checked over",
        ),
        # a day told relative to a kind of occasion names no one day
        (
            "Customers ordering on a show weekend are to be warned their order won't ship until the Tuesday after.",
            "Customers ordering on a show weekend are to be warned",
        ),
        # what would have helped, named; what might be worth having done, past an aside
        (
            "What would've helped was being told up front that the car park closes at six.",
            "Tell the user up front that the car park closes at six.",
        ),
        (
            "Might be worth — if it's no trouble — having the assistant mention that the lift is out of order "
            "at weekends?",
            "Mention that the lift is out of order at weekends.",
        ),
        ("We always get the same question about parking, might be worth looking into.", None),
        # what the agent tells people, forbidden, whatever the fitted weights make of its clause
        ("stop telling people opened boxes can come back", "Stop telling people opened boxes can come back."),
        # what nobody told or asked the writer is to be told or asked; not one event told too late
        (
            "The water was freezing. Nobody told us it takes about 12 hours to heat up from the hose.",
            "Tell the user that it takes about 12 hours to heat up from the hose.",
        ),
        ("Nobody told us the trip was cancelled.", None),
        ("Nobody asked us whether the stove was lined before they booked the sweep.", "Ask the user whether"),
        # a word shouted is no identifier; what it is asked instead of names no case
        ("Show the price WITH delivery.", "Show the price WITH delivery."),
        (
            "If the key deposit is going to be kept for ten days after checkout, the assistant should mention "
            "it at booking, not leave people chasing their £50.",
            "If the key deposit is going to be kept for ten days after checkout, mention it at booking",
        ),
        # a fragment of the story is no line beside the ask it is told with
        (
            "Freezing. 6am, guests waiting, stone cold. Your bot needs to tell people how long the sauna takes.",
            "Tell people how long the sauna takes.",
        ),
        (
            "Your booking website should have asked whether there's a dog before it books a cabin.",
            "Ask whether",
        ),
        # … but a case told alone stays one case
        ("Tell the customer he's getting a full refund.", None),
        # what would have helped, the agent named doing it; what might be worth it doing, past a hedge
        (
            "What would have helped is if the bot asked whether anyone in the party uses a wheelchair.",
            "Ask whether anyone in the party uses a wheelchair.",
        ),
        (
            "What would've helped was the assistant reminding me to bring photo ID.",
            "Remind the user to bring photo ID.",
        ),
        (
            "It might be worth the chat mentioning the late fee whenever someone books after 6pm.",
            "Mention the late fee whenever someone books after 6pm.",
        ),
        (
            "It might be worth, maybe, having the bot ask for the flat number before confirming a delivery.",
            "Ask for the flat number before confirming a delivery.",
        ),
        ("Could we get the bot to ask for a contact number at every booking?", "Ask for a contact number"),
        # the doing of it, said as what it would spare; not the writer's own remedy
        (
            "Checking the postcode before taking payment would save a lot of refunds.",
            "Check the postcode before",
        ),
        (
            "Honestly, telling callers they can park behind the hall would stop the complaints.",
            "Tell callers they can park behind the hall.",
        ),
        ("Getting my money back would solve it.", None),
        ("I do wish the chat would ask how many guests are coming before it quotes.", "Ask how many guests"),
        # a note's heading naming only whom it is to; a list in brackets inside the condition
        (
            "Note to the weekend team and whoever sets up the bot: the assistant is to tell customers that the "
            "car wash closes at 4 on Sundays.",
            "Tell customers that the car wash closes at 4 on Sundays.",
        ),
        (
            "When a delivery is delayed (weather, traffic, breakdown), the assistant is to text the customer a "
            "new time.",
            "When a delivery is delayed (weather, traffic, breakdown), text the customer a new time.",
        ),
        # a reproach told at the writer's occasion, with a second act
        (
            "When I ordered, the website should have checked the measurements and told me if the sofa would fit.",
            "Check the measurements and tell the user if the sofa would fit.",
        ),
        # a thing named with what it goes into every time, or when it is given; not what happened
        (
            "Opening times again. Specifically: the bank holiday closing at noon, in every reply about when "
            "we're open.",
            "Include the bank holiday closing at noon in every reply about when we're open.",
        ),
        (
            "Feedback from the kitchen, for the bot: a short note on the nut policy whenever someone asks "
            "about birthday cakes.",
            "Give a short note on the nut policy whenever someone asks about birthday cakes.",
        ),
        ("A long wait whenever someone asks about refunds.", None),
        # a request to "it" run on at the end of a hurried story
        (
            "bot said the pool was open but it was shut for a gala and we drove 20 mins for nothing can it "
            "check the events page before saying its open",
            "Check the events page before saying its open.",
        ),
    ],
)
def test_an_ask_reaches_its_line_however_it_is_framed_or_hurried(feedback, line):
    _reaches(feedback, line)


def test_a_gentle_notes_heading_and_its_story_are_no_line():
    feedback = (
        "Just a gentle note from Sam on reception: people keep arriving for the 9am class, but it starts at "
        "9.30 on Mondays. It would help if the assistant mentioned the Monday start time whenever someone "
        "asks about classes."
    )
    lines = [r.text for r in group([Said(feedback, f"s{i}", f"observation:{i}", f"p{i}") for i in range(5)])]
    assert lines == ["Mention the Monday start time whenever someone asks about classes."]


def _reaches(feedback: str, line: str | None) -> None:
    """Five people's feedback yields a line starting `line`, or none when `line` is None."""
    lines = [r.text for r in group([Said(feedback, f"s{i}", f"observation:{i}", f"p{i}") for i in range(5)])]
    if line is None:
        assert lines == []
    else:
        assert any(text.startswith(line) for text in lines), lines


@pytest.mark.parametrize(
    ("reason", "line"),
    [
        # a reviewer's rule announced as the house's, after what the one draft got wrong
        (
            "Rejected. This quote reuses the old boiler flue with no survey attached. House rule: no flue is "
            "reused without a signed survey on file. Redo it.",
            "Our policy is that no flue is reused without a signed survey on file.",
        ),
        (
            "Sending this back. 'Running late' tells nobody anything — our rule is that every delay notice "
            "names the new arrival time and the reason.",
            "Our policy is that every delay notice names the new arrival time and the reason.",
        ),
        (
            "Not this one. The draft promises a full refund for a no-show — house rule is no refund for "
            "no-shows inside 24 hours. Offer a credit instead.",
            "Our policy is that no refund for no-shows inside 24 hours.",
        ),
        (
            "Draft rejected: you can't promise a refund to someone cancelling the day before. Our terms say "
            "cancellations inside 48 hours are non-refundable.",
            "Our policy is that cancellations inside 48 hours are non-refundable.",
        ),
        # (a rule announced after a dash is no remark on the one before it)
        (
            "The draft offers a refund — our policy is that deposits are non-refundable.",
            "Our policy is that deposits are non-refundable.",
        ),
        # … and before what this draft does, told after the rule
        (
            "Can't go. House rule: we never share one tenant's rent arrears with another tenant, and this draft "
            "mentions flat 4's arrears.",
            "Never share one tenant's rent arrears with another tenant.",
        ),
        (
            "Reply rejected - we don't give medical advice about supplements, full stop, and this one says the "
            "magnesium will cure cramp.",
            "Don't give medical advice about supplements",
        ),
        (
            "I'm holding this back: our rule is we never hold a pitch until the fee is paid, but this tells "
            "the family they're all set.",
            "Never hold a pitch until the fee is paid.",
        ),
    ],
)
def test_a_rule_a_reviewer_announces_as_the_houses_is_read_after_the_one_draft(reason, line):
    said = [Said(reason, f"s{i}", f"decision:{i}", "") for i in range(5)]
    assert any(line in r.text for r in group(said)), [r.text for r in group(said)]


def test_what_the_draft_did_is_no_rule_beside_the_reviewers():
    reason = (
        "Please don't send this. You've promised him the frame will match his order from last year, and we "
        "can never guarantee that. We only promise a colour match within a single order. Say that instead."
    )
    said = [Said(reason, f"s{i}", f"decision:{i}", "") for i in range(5)]
    assert [r.text for r in group(said)] == ["Only promise a colour match within a single order."]


@pytest.mark.parametrize(
    ("said", "lines"),
    [
        # what keeps happening is told, not asked (sentences of a fleet read while tuning)
        (
            "Offers keep arriving with no court address, just 'Snaresbrook' or 'Highbury Corner'. Please "
            "include the full court address and courtroom number in every offer.",
            ["Include the full court address and courtroom number in every offer."],
        ),
        # … and an announcement asks nothing
        (
            "quick one from accounts — hires keep going out with no list of what's in the box, so we never "
            "know if the hat and gloves came back and can't charge for them.",
            [],
        ),
    ],
)
def test_what_keeps_happening_is_told_not_asked(said, lines):
    assert [
        r.text for r in group([Said(said, f"s{i}", f"observation:{i}", f"p{i}") for i in range(5)])
    ] == lines


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("Test the batteries at every service.", "Test the battery at each service."),
        ("Cite the sources.", "Cite a source."),
    ],
)
def test_a_plural_reads_as_its_singular_when_lines_are_compared(one, other):
    assert content(one) == content(other)


@pytest.mark.parametrize(
    ("said", "line"),
    [
        (
            "Same person checked their own work again. Review has to be done by a second editor, otherwise what's the point?",
            "Review has to be done by a second editor.",
        ),
        ("Always ask for the postcode before quoting, right?", "Always ask for the postcode before quoting."),
    ],
)
def test_a_question_tagged_on_after_an_ask_only_presses_it(said, line):
    assert lines_read(said) == [line]


def test_an_ask_then_what_to_do_instead_are_both_asked():
    said = "Stop sending people to the website for boot sizing. Give them the foot size chart in the chat."
    remedies = group([Said(said, f"s{i}", f"observation:{i}") for i in range(5)])
    assert [r.text for r in remedies] == [said]


@pytest.mark.parametrize(
    ("said", "line"),
    [
        (
            "Lovely evening overall and the staff were kind, but nobody told us the car park shuts at ten and "
            "we got locked in, so when it books late tables it should mention the car park closing time, "
            "because the rest of the night was great.",
            "When it books late tables, mention the car park closing time.",
        ),
        (
            "Been a member for years and the classes are great, but it never said the studio had moved, so "
            "really it needs to send the new address with every booking, and otherwise keep up the good work.",
            "Send the new address with every booking.",
        ),
    ],
)
def test_the_ask_after_so_in_a_long_story_is_read_without_the_remark_after_it(said, line):
    assert lines_read(said) == [line]


@pytest.mark.parametrize(
    ("said", "line"),
    [
        # what a thing given for every case would spare
        (
            "Had to ask twice whether the tent fits my trailer. A short size note on each tent listing would "
            "save everybody time.",
            "Give a short size note on each tent listing.",
        ),
        # what the agent never once did, past the story and what it cost; a feeling with "not" is no ask
        (
            "Booked a van through your chat and not once did it mention that the deposit is held for a week, "
            "so I was £200 short at the weekend. Really not impressed.",
            "Mention that the deposit is held for a week.",
        ),
    ],
)
def test_a_thing_that_would_spare_time_and_what_was_never_once_done_are_asked(said, line):
    assert lines_read(said) == [line]


@pytest.mark.parametrize(
    ("said", "line"),
    [
        (
            "How hard would it be to get the assistant to check stock at both branches before saying "
            "something is sold out?",
            "Check stock at both branches before saying something is sold out.",
        ),
        ("bot just says dunno lol. cud it at least link the size chart", "Link the size chart."),
        (
            "Group bookings should be checked against the class timetable so two groups don't clash, which "
            "is what happened on 9 November.",
            "Group bookings should be checked against the class timetable so two groups don't clash.",
        ),
        (
            "Order 5521 for Mrs Holloway went to the wrong house. For this one please ring her to apologise, "
            "but going forward the assistant should ask for a landmark on every drop-off.",
            "Ask for a landmark on every drop-off.",
        ),
    ],
)
def test_the_ask_inside_a_question_a_least_it_could_do_and_a_from_now_on_after_one_case(said, line):
    assert lines_read(said) == [line]


def test_the_least_asked_of_whoever_answers_about_one_case_is_no_ask():
    assert not group([Said("Can you at least tell me why it failed?", f"s{i}", f"o:{i}") for i in range(5)])


@pytest.mark.parametrize(
    ("said", "line"),
    [
        # a short remark before the comma is cut off from the ask
        (
            "It asked for my membership number three times. Once is enough, it should remember it for the rest "
            "of the chat.",
            "Remember it for the rest of the chat.",
        ),
        # what the agent still does, told after a dash, is no part of the ask
        (
            "Members should be told the winter opening hours, not the summer ones - the assistant still says "
            "we're open late in December.",
            "Members should be told the winter opening hours, not the summer ones.",
        ),
        # … or what the agent keeps doing, and what the writer went through after the ask
        (
            "the bot keeps offering home visits to Abbotsford but we dont go there, it shoud only offer visits "
            "within ten miles of the surgery",
            "Only offer visits within ten miles of the surgery.",
        ),
        (
            "hey the bot shd ask 4 the guest count when ppl book, we had to ring u twice",
            "Ask for the guest count when people book.",
        ),
        # the ask's own condition, and what it points back at, stay with it
        ("If it rains, the bot should offer a refund.", "If it rains, offer a refund."),
        (
            "Boats left more than 30 days after we've called get a storage fee, the agent needs to mention this "
            "when it confirms the job is done.",
            "Boats left more than 30 days after we've called get a storage fee, the agent needs to mention this "
            "when it confirms the job is done.",
        ),
    ],
)
def test_a_short_remark_or_what_the_agent_still_does_is_cut_from_the_ask(said, line):
    assert lines_read(said) == [line]


@pytest.mark.parametrize(
    ("said", "line"),
    [
        # what the agent, named, could or might do is suggested
        (
            "Maybe, when someone asks about dogs on the beach in summer, the assistant could kindly explain "
            "dogs are banned from May to September.",
            "When someone asks about dogs on the beach in summer, explain dogs are banned from May to September.",
        ),
        ("The chatbot might mention the car park closes at six.", "Mention the car park closes at six."),
        # … not what it could not do, could have done or could be
        ("The assistant could not find my booking at all.", None),
        ("The bot could be a lot clearer.", None),
        # a suggestion named as such
        (
            "My suggestion would be that the assistant sends parents the kit list a week before camp.",
            "Send parents the kit list a week before camp.",
        ),
        (
            "Our one request is to text the tracking link when the van leaves.",
            "Text the tracking link when the van leaves.",
        ),
    ],
)
def test_what_the_agent_could_do_and_a_suggestion_named_as_such_are_asked(said, line):
    assert lines_read(said) == ([line] if line else [])


@pytest.mark.parametrize(
    ("said", "line"),
    [
        # the agent, named inside a longer sentence, with what it could or should do
        (
            "I know the kilns are busy but the bot could at least tell people firing takes two weeks.",
            "Tell people firing takes two weeks.",
        ),
        (
            "It is essential that the assistant asks every diver for their certification level.",
            "Ask every diver for their certification level.",
        ),
        (
            "It would be sensible to get the chatbot to offer a taster session before selling a block.",
            "Offer a taster session before selling a block.",
        ),
        (
            "From now on it only books the big room when the group is over ten.",
            "Only book the big room when the group is over ten.",
        ),
        # a suggestion, a preference or a request typed without its question mark, of "it"
        (
            "I'd suggest it gives a plain list of what each ticket includes.",
            "Give a plain list of what each ticket includes.",
        ),
        (
            "just be upfront, have it list every extra fee when ppl ask the price",
            "List every extra fee when people ask the price.",
        ),
        ("I'd honestly prefer it just answered the question I asked.", "Answer the question the user asked."),
        (
            "It must be clear about which sessions need a wetsuit.",
            "Be clear about which sessions need a wetsuit.",
        ),
        (
            "can it use gluten free not coeliac safe pls, not coeliac safe",
            "Use gluten free not coeliac safe, not coeliac safe.",
        ),
        # what the writer would like it, or it would be sensible for it, to do; what it is not to do
        ("I'd like the assistant to ask how old the boiler is.", "Ask how old the boiler is."),
        ("next time I'd like it to at least say sorry first", "Say sorry first."),
        (
            "It would be sensible for the assistant to state the noise rating of any heater it recommends.",
            "State the noise rating of any heater it recommends.",
        ),
        ("From today the assistant is not to give out staff mobiles.", "Don't give out staff mobiles."),
        # … not what the writer asked for and never got
        ("I asked for the bot to call me back and it never did.", None),
        # … not what it did, could not do or should have done, nor getting it right
        ("Just get it right next time.", None),
        ("I rang twice and the bot could not help.", None),
        ("Then the assistant told me to wait a week.", None),
        # what the ask spares, spliced on after it, is no part of it; the writer's frame before it is
        (
            "Please get it to stop quoting delivery dates, it sets people up to be let down.",
            "Stop quoting delivery dates.",
        ),
        (
            "Hi, I was wondering - could you tell people the café shuts at four?",
            "Tell people the café shuts at four.",
        ),
    ],
)
def test_the_agent_named_inside_a_longer_sentence_is_asked_what_it_could_do(said, line):
    assert lines_read(said) == ([line] if line else [])


@pytest.mark.parametrize(
    ("reason", "line"),
    [
        (
            "Rejected. Payment is due within 14 days of the survey.",
            "Our policy is that payment is due within 14 days of the survey.",
        ),
        (
            "No - frost doesn't cancel a delivery, the draft offered to rebook.",
            "Our policy is that frost doesn't cancel a delivery.",
        ),
        (
            "we're cash only at the market stall. the draft offered card.",
            "We're cash only at the market stall.",
        ),
        (
            "honestly... late returns are charged at £5 a day, it's in our terms. The draft waived it.",
            "Our policy is that late returns are charged at £5 a day.",
        ),
        (
            "Juniors can only climb with a belayer over 18; the draft let a 15-year-old belay.",
            "Our policy is that juniors can only climb with a belayer over 18.",
        ),
        (
            "Draft offered a free reprint. Errors in an approved proof are the customer's cost, that's house rule.",
            "Our policy is that errors in an approved proof are the customer's cost.",
        ),
        (
            "Told them we'd hold the kegs unpaid. Kegs are only reserved once paid, house rule since the 2019 mess.",
            "Our policy is that kegs are only reserved once paid.",
        ),
        (
            "Rejected: every foster carer gets a home visit first. Draft told Sam he could start Monday.",
            "Our policy is that every foster carer gets a home visit first.",
        ),
        (
            "Close, but: the workshop doesn't ship framed prints abroad.",
            "Our policy is that the workshop doesn't ship framed prints abroad.",
        ),
        (
            "No - the call-out charge applies even if the alarm stops before we arrive.",
            "Our policy is that the call-out charge applies even if the alarm stops before we arrive.",
        ),
        (
            "Missed lessons without 24h notice are charged in full. The draft waived it.",
            "Our policy is that missed lessons without 24h notice are charged in full.",
        ),
        # a name is no kind; the writer's own doings are no rule
        ("Biscuit is a spaniel, not a setter.", None),
        ("Honestly we never seem to get these right first time.", None),
    ],
)
def test_what_a_kind_of_thing_is_or_does_not_do_is_a_reviewers_rule(reason, line):
    said = [Said(reason, f"s{i}", f"decision:{i}", "") for i in range(5)]
    assert [r.text for r in group(said)] == ([line] if line else [])


def test_each_item_of_a_list_typed_on_one_line_is_read():
    said = (
        "Points for the bot from Monday's meeting: - always say the sauna is adults only - don't promise "
        "towels - don't book the steam room after 8"
    )
    assert [s for _, s in asks_in(said)] == [
        "Always say the sauna is adults only",
        "Don't promise towels",
        "Don't book the steam room after 8",
    ]
    # a dash before an aside is no list
    assert len(pieces("The hire is £40 - collect from the depot - and it must be back by 5.")) == 1


def lines_read(said: str) -> list[str]:
    """The lines read from `said`, said by five people."""
    return [r.text for r in group([Said(said, f"s{i}", f"observation:{i}") for i in range(5)])]
