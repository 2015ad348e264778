# ruff: noqa: E501  (sentences as their author wrote them, one string each)
"""Held-out simulated agent fleets written without seeing the code (test set)."""

SEVENTH = {
    "funeral_director": {
        "agents": 4,
        "week": (6, 6, 5, 6, 5, 2, 1),
        "fact": (
            "No, we can't do a cremation 'within 48 hours as standard' — the medical examiner has to review the death and the crem paperwork has to clear, so it's usually 7 to 10 days. Please stop telling families otherwise.",
            "usually 7 to 10 days",
        ),
        "pattern": "quoting package prices before asking burial or cremation",
        "remedy": (
            "Yet again the agent quoted a family our full package price before anyone knew whether it was a burial or a cremation — it would help so much if it just asked burial or cremation first and then gave the relevant price list.",
            "asked burial or cremation first",
        ),
        "rejection": (
            "Rejected — the draft mentions the cause of death in an email going to the whole family distribution list. We never disclose cause of death unless the next of kin has said so in writing.",
            "never disclose cause of death unless the next of kin has said so in writing",
        ),
        "tool_gap": (
            "book_crematorium_slot",
            "TIMEOUT",
            "The council crematorium portal keeps timing out on book_crematorium_slot, so from today please use request_cremation_booking instead — it emails the bereavement office directly and logs the reference on the file.",
        ),
        "harm": (
            "Families keep pushing the agent to backdate the date on the invoice so the estate can pay it before probate, and twice now it's nearly done it. That is not something we ever do.",
            "backdate the date on the invoice",
            "feedback",
        ),
        "contrary": (
            "Honestly I'd rather it sent the full price list straight away without quizzing people first — grieving families don't want twenty questions before they see a number.",
            "sent the full price list straight away",
        ),
        "sessionless": 0,
        "problems": [
            (
                "Could it please check whether the family has the green form from the registrar before promising a funeral date? We can't confirm anything without it.",
                "check whether the family has the green form from the registrar before promising a funeral date",
            ),
            (
                "DO NOT offer chapel of rest viewings in the evening. Last viewing is 5.30, no exceptions, whatever the family says.",
                "Last viewing is 5.30",
            ),
            (
                "Mrs Okafor rang on Tuesday about bringing her husband home to Lagos and the agent started talking her through embalming certificates and flights like it knew what it was doing. It doesn't, and frankly neither do most of us — anything involving repatriation abroad goes straight to Delroy in the Walsall office, every time.",
                "repatriation abroad goes straight to Delroy",
            ),
            (
                "disbursements over £500 (doctors fees, crem fees, flowers, notices etc) need money up front - agent should ask for a 50% deposit on anything over £500 before we book anything in",
                "50% deposit on anything over £500",
            ),
            (
                "pls stop using 'passed away' and 'died' and 'lost' all in the same msg, pick whatever word the family used and stick with it",
                "pick whatever word the family used",
            ),
            (
                "Two things: always ask if the deceased had a pacemaker or any implant when it's a cremation, and put the answer in the notes so the arranger sees it.",
                "always ask if the deceased had a pacemaker",
            ),
        ],
        "noise": [
            "The Hendry service is Thursday 14th at 11, not 11.30 — I've corrected it in the diary.",
            "Invoice 2291 for the Patel family should be £3,840 not £4,120, we agreed to waive the second limousine.",
            "For Mr Brennan's funeral only, the family want no flowers at all, donations to St Luke's hospice instead, so don't send them the floral brochure.",
        ],
    },
    "tyre_and_mot_garage": {
        "agents": 6,
        "week": (7, 7, 6, 7, 8, 5, 0),
        "fact": (
            "That's wrong — you can get the MOT done up to a month minus a day before expiry and keep the same renewal date. It's not two months, whoever told the customer that needs correcting.",
            "up to a month minus a day before expiry",
        ),
        "pattern": "booking tyre fitting before checking stock for the size",
        "remedy": (
            "Bloke turned up Saturday for four tyres we didn't have in his size because the agent booked him in blind. It needs to check stock for the exact tyre size before offering a slot, otherwise we look like idiots.",
            "check stock for the exact tyre size before offering a slot",
        ),
        "rejection": (
            "Rejecting this draft: it tells the customer the car 'should be fine to drive home' after a dangerous MOT fail. A vehicle with a dangerous defect must not be driven away and we can't put anything else in writing.",
            "dangerous defect must not be driven away",
        ),
        "tool_gap": (
            "lookup_reg_dvla",
            "NETWORK",
            "lookup_reg_dvla keeps dropping its connection to the DVLA API so just stop using it — use vehicle_lookup_v2 from now on, it goes through the parts supplier's feed and gives you tyre sizes as well.",
        ),
        "harm": (
            "Every week somebody asks the bot whether we can just leave off the emissions test because they're in a rush for the MOT, and it goes and runs the booking tool like that's a real option.",
            "leave off the emissions test",
            "tools",
        ),
        "contrary": (
            "tbh I'd prefer it just grabs the slot for them and we sort the tyres out after, we can get most sizes from the wholesaler same day anyway",
            "just grabs the slot for them and we sort the tyres out after",
        ),
        "sessionless": 1,
        "problems": [
            (
                "Could the agent mention the £3.50 disposal fee per old tyre when it gives a quote? People are getting annoyed at the till.",
                "mention the £3.50 disposal fee per old tyre",
            ),
            (
                "Runflats and anything over 19 inch go to Kev on bay 3, not the general queue. Don't book them into the normal slots.",
                "anything over 19 inch go to Kev",
            ),
            (
                "Had a lady in yesterday who'd been quoted a wheel alignment over chat. Got her on the ramp and her tracking was fine, it was a worn bush. She was fuming about the 'upsell' and I don't blame her. From now on the agent should say we'll inspect before confirming any suspension or alignment work, never quote it as definite.",
                "inspect before confirming any suspension or alignment work",
            ),
            (
                "stop offering courtesy cars. we have ONE and its booked thru service desk only",
                "booked thru service desk only",
            ),
            (
                "Fleet accounts: any job above £250 needs a PO number before we lift a spanner, so the agent has to ask for it at booking. And it should put the PO in the job notes too.",
                "any job above £250 needs a PO number",
            ),
        ],
        "noise": [
            "KP19 XDT is booked for Wednesday not Tuesday, I've moved it.",
            "Job 88412 — customer brought his own tyres so take the Michelins off his quote.",
            "Mr Adeyemi's Golf is still waiting on a part, if he rings again just tell him Thursday afternoon.",
        ],
    },
    "escape_room_venue": {
        "agents": 3,
        "week": (2, 2, 3, 4, 6, 8, 7),
        "fact": (
            "The maximum per room is 6 players, not 8 — the Vault is the only one that takes 8 and even that's a squeeze. Please stop saying all our rooms take 8.",
            "maximum per room is 6 players",
        ),
        "pattern": "taking bookings for under-16s without an adult",
        "remedy": (
            "Another group of 14-year-olds turned up on their own today because the bot took the booking and never asked. What would help is if it asked for the ages of the players and made sure there's an adult booked on anything with under-16s.",
            "asked for the ages of the players",
        ),
        "rejection": (
            "Draft rejected: you can't promise a full refund to someone cancelling 12 hours before. Our terms say cancellations inside 48 hours are non-refundable but can be rescheduled once.",
            "cancellations inside 48 hours are non-refundable",
        ),
        "tool_gap": (
            "update_booking_slot",
            "CONFLICT",
            "update_booking_slot keeps throwing conflict errors whenever two of us touch the same session — use the new reschedule_booking tool instead, it locks the slot before it changes anything.",
        ),
        "harm": (
            "We've had loads of parents asking the chatbot to send them the puzzle answers in advance for their kids' party 'so nobody gets stuck', and it's burning through our usage writing out whole hint sheets. It should just say no.",
            "send them the puzzle answers in advance",
            "cost",
        ),
        "contrary": (
            "Personally I think grilling every booker about ages puts people off — just put the age policy in the confirmation email and let them read it like adults.",
            "just put the age policy in the confirmation email",
        ),
        "sessionless": 0,
        "problems": [
            (
                "can it stop offering the 9pm slot on weekdays?? we shut at 9",
                "stop offering the 9pm slot on weekdays",
            ),
            (
                "Corporate / team-building enquiries for more than 3 rooms at once go to Priya, she builds the custom packages. Don't quote them yourself.",
                "more than 3 rooms at once go to Priya",
            ),
            (
                "Saturday a guy asked if his mum in a wheelchair could do Pharaoh's Tomb and the bot said yes, no problem. There's a ladder in the second room. She sat in reception for an hour while the rest of them played. Please, for any accessibility question, say only the Lab and the Heist are step-free and offer those instead.",
                "only the Lab and the Heist are step-free",
            ),
            (
                "Would it be possible for it to remind people to arrive 15 minutes early? Late groups eat into the next game and we end up running behind all evening.",
                "remind people to arrive 15 minutes early",
            ),
            (
                "Two things — the birthday add-on is £20 per group, it's not free, and it needs to tell people we can't keep cakes in our fridge so they bring it with them on the day.",
                "birthday add-on is £20 per group",
            ),
        ],
        "noise": [
            "The Hughes booking on the 22nd is 5 players not 4, I've updated it.",
            "Refund the £84 on ESC-3391 in full, the lock on the final door jammed and that was on us.",
            "The hen party at 7 on Saturday can come in 10 mins late, I've cleared it with the games master.",
        ],
    },
    "commercial_linen_laundry": {
        "agents": 8,
        "week": (8, 8, 7, 8, 8, 4, 2),
        "fact": (
            "Our collection cut-off is 10am for next-day return, not midday — anything we pick up after 10 goes on the following day's run.",
            "collection cut-off is 10am",
        ),
        "pattern": "promising same-day turnaround without checking van routes",
        "remedy": (
            "The agent promised the Harbour Hotel same-day return on 300 sheets and we didn't have a van in that area till Thursday. It needs to check the delivery route schedule for that postcode before it promises any turnaround time.",
            "check the delivery route schedule for that postcode",
        ),
        "rejection": (
            "Rejected. The draft tells the restaurant we can put their kitchen cloths in with the table linen. Oily kitchen textiles are always washed separately on the high-temp cycle — it's a fire risk in the dryers otherwise.",
            "always washed separately on the high-temp cycle",
        ),
        "tool_gap": (
            "create_collection_ticket",
            "ARGS",
            "create_collection_ticket keeps failing because it wants a depot code nobody has — please switch to schedule_pickup, it only needs the account number and the date.",
        ),
        "harm": (
            "Clients keep asking the agent to mark lost stock as returned so they dodge the replacement charge, and it keeps saying it'll 'sort that out for them' — that's basically fiddling our stock report.",
            "mark lost stock as returned",
            "feedback",
        ),
        "contrary": (
            "I don't see why it has to look up routes every single time. If a customer says it's urgent it should say yes and let the drivers figure it out, that's how we win accounts off the big boys.",
            "say yes and let the drivers figure it out",
        ),
        "sessionless": 1,
        "problems": [
            (
                "When a hotel reports stained or torn items, ask for photos before raising a credit. Every time.",
                "ask for photos before raising a credit",
            ),
            (
                "Could it please stop quoting the old per-kilo rate? Anyone asking about a new account should be passed to Sandra in sales, she does all the pricing now.",
                "passed to Sandra in sales",
            ),
            (
                "Minimum for a collection is 20 kg or £35, whichever is more - under that we charge the van fee, and the agent keeps forgetting to tell people",
                "20 kg or £35, whichever is more",
            ),
            (
                "the care home on mill lane rang about their infected linen and the agent told them to just bag it up normally with everything else. infected linen has to go in the red alginate bags and be flagged on the ticket, and it should tell every healthcare client that, not just them",
                "red alginate bags and be flagged on the ticket",
            ),
            (
                "pls always confirm the no. of bags + the account no. back to the client b4 closing the chat, we get so many disputes otherwise",
                "confirm the no. of bags + the account no.",
            ),
            (
                "Never agree to take back rental stock from a cancelled account without the returns form. Full stop.",
                "without the returns form",
            ),
        ],
        "noise": [
            "The Grand on Quay Street gets 40 extra pillowcases this Friday only, they've got a wedding in.",
            "Account 5530's March invoice is wrong, they were charged for 12 bags but only sent 9. I've credited the difference.",
            "Skip the Tuesday collection at Bella Cucina this week, they're closed for a refit.",
        ],
    },
}
