"""A line proposed from someone's words is written for the agent: the instruction alone (no
praise, story or politeness frame around it), the speaker named as "the user", or no line when it
asks nothing of the work beyond its speaker. Table-driven on the pure reader, and measured on a
further table of twelve domains written by someone else."""

import pytest

from bench.language import agent_terms
from language.agent_terms import for_agent


@pytest.mark.parametrize(
    ("said", "line"),
    [
        (
            "Lovely write-up, but next time put the decision in the first line.",
            "Put the decision in the first line.",
        ),
        ("Could you please ping me when the build is green?", "Ping the user when the build is green."),
        # a wish that whoever does the work had done otherwise asks for it
        ("If anyone had checked the map first, this would never have happened.", "Check the map first."),
        (
            "It would have helped massively if someone had just rung me the night before.",
            "Ring the user the night before.",
        ),
        # whoever does the work, named by what they do, and a remark on how little is asked
        (
            "Honestly it's not rocket science, whoever takes these bookings should check the trailer size "
            "before anything is confirmed.",
            "Check the trailer size before anything is confirmed.",
        ),
        (
            "Come on, it isn't hard - whoever answers the phone should never promise a date.",
            "Never promise a date.",
        ),
        # an aside that asks nothing, and what an ask is for, are not the instruction
        (
            "Can you please, for goodness' sake, text the customer when the van leaves, so we're not all waiting in?",
            "Text the customer when the van leaves.",
        ),
        (
            "Please list what arrived each time parts come in, so we are not all going round in circles.",
            "List what arrived each time parts come in.",
        ),
        (
            "When a payment bounces, notify the account owner.",
            "When a payment bounces, notify the account owner.",
        ),
        ("Let's add the tracking number to every reply", "Add the tracking number to every reply."),
        # "No" before a noun forbids; before a comma it only answers
        (
            "No two-hour lessons for anyone who's done under 5 hours.",
            "No two-hour lessons for anyone who's done under 5 hours.",
        ),
        ("No refunds after 30 days.", "No refunds after 30 days."),
        # an aside between dashes stays in its sentence; a question after a dash is no instruction
        (
            "It would be great if it asked about feeding — what food, how much — at booking time.",
            "Ask about feeding — what food, how much — at booking time.",
        ),
        (
            "Would really help if every confirmation asked about parking — does the street need a permit?",
            "It would really help if every confirmation asked about parking.",
        ),
        (
            "Please could it ask the student's age first?",
            "Ask the student's age first.",
        ),
        ("just say we can lend a starter violin", "Say we can lend a starter violin."),
        (
            "We don't take money upfront for domestic jobs, so it has to stop sending the payment link.",
            "Stop sending the payment link.",
        ),
        (
            "commercial enquiries (restaurants, warehouses etc) → Sarah, not the domestic diary.",
            "Commercial enquiries (restaurants, warehouses etc) → Sarah, not the domestic diary.",
        ),
        (
            "Payment is taken on completion, card or bank transfer.",
            "Payment is taken on completion, card or bank transfer.",
        ),
        ("Jess here.", ""),
        ("No, send the reminder by text.", "Send the reminder by text."),
        ("No reply for three days.", ""),  # an absence over a stretch of time, not a rule
        (
            "Exotic pets have to go on Dr. Okafor's schedule.",
            "Exotic pets have to go on Dr. Okafor's schedule.",
        ),
        ("It would be better to confirm the time zone first.", "Confirm the time zone first."),
        ("We need you to attach our terms to each quote", "Attach our terms to each quote."),
        ("pls send me the agenda the day before", "Send the user the agenda the day before."),
        (
            "If I ask for a summary, give me three bullets.",
            "If the user asks for a summary, give the user three bullets.",
        ),
        ("Don't phone me after 8pm", "Don't phone the user after 8pm."),
        ("When I sign, email me a copy", "When the user signs, email the user a copy."),
        ("Remind the driver 30 minutes before pickup.", "Remind the driver 30 minutes before pickup."),
        ("Stop nagging me.", ""),
        ("Quit bugging me!", ""),
        ("Just do it.", ""),
        ("Wrong amount in the receipt.", ""),
        ("Send the report to " + "the team and " * 60 + "the client.", ""),  # no line reads that long
        ("Rebooted my laptop in the middle of a call with zero warning.", ""),
        ("Put the refund amount in the subject line.", "Put the refund amount in the subject line."),
        (
            "Before each shipment, send me a list of every item you packed so I can check it.",
            "Before each shipment, send the user a list of every item you packed so the user can check it.",
        ),
        (
            "After every visit, email me the notes you took",
            "After every visit, email the user the notes you took.",
        ),
        ("When a refund fails, stop pestering me.", ""),  # the condition is not what it asks
        (
            "One pager alert per patient per hour, that's it.",
            "One pager alert per patient per hour, that's it.",
        ),
        # a thousands separator ends no condition, and an instruction may name the bot it spares
        (
            "If a client mentions a budget over £15,000, pass them to Rosa rather than letting the bot quote.",
            "If a client mentions a budget over £15,000, pass them to Rosa rather than letting the bot quote.",
        ),
        ("Radio silence from the bot during the whole outage.", ""),
        ("Last month I booked her via the assistant, and it would be useful if the bot asked her age.", ""),
        # a polite question's "always" stays with its act; a wish loses the remark after it
        (
            "Could it always mention the parking charge in the confirmation?",
            "Always mention the parking charge in the confirmation.",
        ),
        (
            "Would be great if it always asked for the gate code, the couriers waste ages at the barrier.",
            "Always ask for the gate code.",
        ),
        # "could the X …?" asks what a kind of thing should do
        (
            "Could the booking confirmations go out the same day instead of the next morning?",
            "The booking confirmations should go out the same day instead of the next morning.",
        ),
        # "make sure" and "ensure" take what is to be so
        (
            "Could the assistant make sure new members know they can't bring guests on Fridays?",
            "Make sure new members know they can't bring guests on Fridays.",
        ),
        # a rule of the house in the plain present, asked with "please", is the house's rule
        (
            "all invoices to trade customers go out without VAT please",
            "Our policy is that all invoices to trade customers go out without VAT.",
        ),
        # what announces the asks is no part of them; a report of what the speaker did is no line
        (
            "two things: damaged returns must be logged the same day, and it shouldn't promise a refund date.",
            "Damaged returns must be logged the same day, and it shouldn't promise a refund date.",
        ),
        ("Didn't send the draft to the Jacksons — it promised them a free upgrade.", ""),
        (
            "hi all, quick one - always copy the site manager on variations",
            "Always copy the site manager on variations.",
        ),
        # the agent to be seen to, or had do something, is told to do it
        (
            "Please ensure that the assistant refrains from quoting delivery dates for special orders.",
            "Refrain from quoting delivery dates for special orders.",
        ),
        ("Make sure the chatbot always asks which branch they use.", "Always ask which branch they use."),
        (
            "Can someone make sure the bot never promises a same-day repair?",
            "Never promise a same-day repair.",
        ),
        (
            "Please make sure the booking assistant does not take deposits by phone.",
            "Don't take deposits by phone.",
        ),
        ("Have the assistant ring the venue the day before.", "Ring the venue the day before."),
        # the agent named inside an instruction is "you"
        (
            "Strip bank details from every invoice before the assistant forwards it to a supplier.",
            "Strip bank details from every invoice before you forward it to a supplier.",
        ),
        ("Always put the job number in the bot's reply.", "Always put the job number in your reply."),
        ("Don't let the bot book a tow over 3.5 tonnes.", "Don't book a tow over 3.5 tonnes."),
        ("Note for whoever runs the bot: refills are our own growlers only, that's it.", ""),
        (
            "Log the refund on the system before the bot confirms it.",
            "Log the refund on the system before you confirm it.",
        ),
        (
            "Get this fixed in whatever the assistants are reading from.",
            "Get this fixed in whatever the assistants are reading from.",
        ),
        ("Radio silence from the bot during the whole outage.", ""),
        # what follows a condition's comma and does not instruct is no instruction of its own
        (
            "Before it books any delivery it needs to check the stock first, every time.",
            "Before it books any delivery it needs to check the stock first, every time.",
        ),
    ],
)
def test_a_sentence_becomes_the_line_agents_are_given_or_none(said, line):
    assert for_agent(said) == line
    if line:
        assert for_agent(line) == line  # a line in the agent's terms is its own line


def test_the_further_table_reads_as_measured():
    # twelve domains (hotel, insurance, admissions, IT helpdesk, …) written by someone else and
    # never tuned on: 87% line-or-none and every line kept saying what the expected one says
    result = agent_terms()
    right, n = result["decided"]
    assert n == 200 and right / n >= 0.85, result["errors"][:5]
    worded, lines = result["worded"]
    assert lines >= 90 and worded / lines >= 0.95
