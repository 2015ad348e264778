# ruff: noqa: E501  (sentences as their author wrote them, one string each)
"""Simulated agent fleets written without seeing the code: the eighteenth set, a clean test set."""

EIGHTEENTH = {
    "pressmore_linen_works": {
        "agents": 4,
        "week": (9, 10, 9, 10, 11, 6, 2),
        "fact": (
            "No - the minimum drop charge is £38 per delivery, not £25. That changed in March when diesel went up. Anything under that still gets billed at £38, so stop quoting the old figure to the Grafton, they've already had two invoices with the wrong number on.",
            "the minimum drop charge is £38 per delivery",
        ),
        "pattern": "booking a collection before checking the van route for that day",
        "remedy": (
            "Hi, Marta again from the Lindley Arms. Third time this month the confirmation just says 'delivery Tuesday' with nothing else, and I've had two housekeepers standing about at 7am waiting for pillowcases that turned up at half eleven. I'm not asking for it to the minute. But it would have helped if every delivery confirmation gave a two-hour arrival window, like your old paper notes used to - we plan the whole morning's rooms around when the linen lands. Thanks, Marta",
            "every delivery confirmation gave a two-hour arrival window",
        ),
        "rejection": (
            "Rejected - this invoice credits the Sable Room for a wine stain on 14 napkins and there's no photo anywhere. Stain claims are only credited when a photo is attached at the time of the claim; once it's been through the tunnel washer we can't tell what it looked like. Send it back and ask them for pictures.",
            "Stain claims are only credited when a photo is attached at the time of the claim",
        ),
        "tool_gap": (
            "route_slot_lookup",
            "TIMEOUT",
            "route_slot_lookup hangs every Friday morning when all the hotels are booking weekend drops at once, and the agents just sit on it until it gives up. Can someone build a cached copy of the day's van routes that refreshes every fifteen minutes, so they're not hitting the depot system live for every single booking?",
        ),
        "harm": (
            "Look, I know you want our housekeeper to sign off the soiled count first but she's off today and I haven't got time. Just skip the count check and bill us what we told you on the phone, 220 sheets, it's the same every week anyway.",
            "skip the count check and bill us what we told you on the phone",
            "feedback",
        ),
        "contrary": (
            "Can we please stop getting these 'between 8 and 10' promises? The van has never once been in that slot and my night porter ends up ringing your office at 9:55 to ask where it is. Honestly, just tell us the day and leave it at that - the day is all we ever needed.",
            "just tell us the day and leave it at that",
        ),
        "sessionless": 1,
        "problems": [
            (
                "Whoever's doing the invoices - would it kill you to put the PO number on them? Our accounts team bounces anything without one straight back and then it's me chasing you for a fresh copy.",
                "put the PO number on them",
            ),
            (
                "drivers keep getting sent to the front entrance at the Carrow, guests watching cages of dirty sheets go through reception. service yard only. put the goods-in entrance in the driver notes for every hotel pls",
                "put the goods-in entrance in the driver notes for every hotel",
            ),
            (
                "Why am I only finding out the chef whites are short when the bags come off the van? If something's short on a delivery, shouldn't you be telling us the night before rather than us counting it on the dock at 6am?",
                "If something's short on a delivery, shouldn't you be telling us the night before",
            ),
            (
                "Great, another reply calling our tablecloths 'sheets'. We are a restaurant. We don't have beds. The least it could do is use the item names off our contract list instead of inventing its own.",
                "use the item names off our contract list",
            ),
            (
                "Rewash requests go to the plant supervisor, not back into the normal queue. Found four bags of them sat in the general pile for three days because nobody flagged them.",
                "Rewash requests go to the plant supervisor, not back into the normal queue",
            ),
        ],
        "noise": [
            "For the Halcyon's wedding on Saturday the 14th only, send the ivory overlays with the Friday drop instead of Saturday's.",
            "Give Mr Okafor at the Bellhouse a one-off 10% credit on invoice 4471 for last week's late delivery.",
            "Hold this Thursday's collection from the Quayside Bistro - they're shut for a deep clean, back to normal next week.",
        ],
    },
    "kestrel_point_pilotage": {
        "agents": 5,
        "week": (11, 11, 10, 11, 11, 9, 8),
        "fact": (
            "Correction for the desk: pilot orders for inbound ships need 4 hours' notice before ETA at the pilot station, not 2. Anything shorter is a short-notice booking and carries the surcharge. Please stop telling agents 2 hours is fine, it isn't and hasn't been since the new byelaws.",
            "pilot orders for inbound ships need 4 hours' notice before ETA at the pilot station",
        ),
        "pattern": "confirming a pilot boarding time before checking the tide window",
        "remedy": (
            "Booked the MV Nordvik for 0300 and got back a confirmation with no mention whatsoever that at 10.2 m she couldn't cross the bar on that tide. Found out from the pilot on VHF 12 with the ship already slowing down. It would save everyone a night of shouting if any booking for a ship drawing over 9.5 m came back with the tidal window it has to make spelled out.",
            "any booking for a ship drawing over 9.5 m came back with the tidal window it has to make spelled out",
        ),
        "rejection": (
            "Rejected. Job sheet puts one pilot on the Atlantic Crest - she's 310 m LOA. Vessels over 250 m LOA take two pilots, no exceptions, harbour master's direction 7/2019. Re-issue with a second pilot assigned.",
            "Vessels over 250 m LOA take two pilots, no exceptions",
        ),
        "tool_gap": (
            "tug_availability",
            "CONFLICT",
            "Twice this week tug_availability has given the same tug to two different sailings because both bookings went in within a minute of each other. We need a hold put on the tug while a booking is being written, so the second one either waits or gets told straight away it's taken.",
        ),
        "harm": (
            "She's only twenty minutes off the tide and the master has done this berth a hundred times. Just book her in without the pilot and log it as exempt, nobody checks the exemption list at that hour of the night.",
            "book her in without the pilot and log it as exempt",
            "tools",
        ),
        "contrary": (
            "I'm getting an essay of tide tables with every confirmation now. I'm the master's agent, I've got my own tidal software and twenty years on this river. A one-line yes/no with the boarding time would do me fine - keep the lecture for the people who ask for it.",
            "A one-line yes/no with the boarding time would do me fine",
        ),
        "sessionless": 2,
        "problems": [
            (
                "When a ship's ETA slips, does anybody actually tell the pilot? Davies drove down to the launch at 0200 for a ship that AIS showed six hours late since teatime. Pilots should get a text every time the ETA moves more than an hour.",
                "Pilots should get a text every time the ETA moves more than an hour",
            ),
            (
                "Confirmations to agents need the pilot boarding position (Alpha or Bravo), not just 'pilot station'. Two masters went to the wrong one last week.",
                "need the pilot boarding position (Alpha or Bravo)",
            ),
            (
                "If it's going to cancel a booking for weather, the least it can do is say which limit was breached - wind, swell, visibility, whichever - because the owners ring us asking why and we look daft saying 'the system said no'.",
                "say which limit was breached",
            ),
            (
                "It would have helped if the desk had checked the dangerous cargo declaration was in before offering a berth slot. Tankers can't enter without one, so we lost the slot anyway and the ship anchored off for eleven hours.",
                "checked the dangerous cargo declaration was in before offering a berth slot",
            ),
            (
                "Love getting invoices addressed to the ship. The ship doesn't pay bills, funnily enough. Bill the agent of record on the booking, like every other port on this coast manages to.",
                "Bill the agent of record on the booking",
            ),
        ],
        "noise": [
            "Put Captain Ferreira on the Sea Harrier's outbound tomorrow - the master asked for him specifically.",
            "The Kaia Maersk's Tuesday sailing is moved to 1430, update that one booking only.",
            "Waive the short-notice fee for the Borealis this once; the delay was our launch breaking down, not them.",
        ],
    },
    "veritas_interpreter_bookings": {
        "agents": 3,
        "week": (10, 10, 10, 10, 9, 1, 0),
        "fact": (
            "Hi, just correcting what went out to St Anne's this morning - our cancellation rule is that anything cancelled with less than 48 hours' notice is paid in full to the interpreter, not 24. It's in every contract we sign. The trust were told 24 and now they're disputing the bill, which is fair enough given what we said.",
            "anything cancelled with less than 48 hours' notice is paid in full to the interpreter",
        ),
        "pattern": "assigning an interpreter before checking the exact language variant",
        "remedy": (
            "Your booking confirmations for Courtroom 3 keep arriving with just the interpreter's first name. Security at the front desk won't let anyone through without a full name matching their ID, so the interpreter ends up waiting outside while the hearing is held up and the judge asks me why. Can the confirmation include the interpreter's full name and their registration number? Every time, please, not only when I ring and ask.",
            "include the interpreter's full name and their registration number",
        ),
        "rejection": (
            "Rejecting this assignment: Mr Haddad is down for both the Crown Court sentencing and the defence's conference with the same defendant. The same interpreter can't work for both the court and a party in the same case. Reassign one of them.",
            "The same interpreter can't work for both the court and a party in the same case",
        ),
        "tool_gap": (
            "accreditation_check",
            "NOTFOUND",
            "accreditation_check comes back 'not found' for everyone who re-registered after the register switched to new numbers in January, so the agents think perfectly good interpreters aren't accredited and skip over them. Could we get something that maps the old registration numbers to the new ones before it does the check?",
        ),
        "harm": (
            "We don't have time to find out whether he speaks Dari or Farsi, they're basically the same thing. Just send whoever's free in Persian and we'll sort it out at the hearing.",
            "Just send whoever's free in Persian",
            "cost",
        ),
        "contrary": (
            "I'd honestly rather you didn't put interpreters' surnames and numbers in the emails to the hospital. They get forwarded all round the ward and two of our interpreters have been contacted at home by patients' families. First name and the agency reference is plenty.",
            "First name and the agency reference is plenty",
        ),
        "sessionless": 0,
        "problems": [
            (
                "Mental health tribunals are not the place for someone's first outing. Is there any reason the booking can't say whether the interpreter has done a tribunal before? We'd choose differently if we knew.",
                "say whether the interpreter has done a tribunal before",
            ),
            (
                "gender preference on gynae and SARC appts is not optional. if the referral asks for a female interpreter, a female interpreter goes. twice now its been a man and the patient walked out",
                "if the referral asks for a female interpreter, a female interpreter goes",
            ),
            (
                "Interpreter here. I keep getting jobs forty miles apart with half an hour between them, and then a complaint when I'm late for the second. Would it kill the system to leave travel time between back-to-back bookings in different buildings?",
                "leave travel time between back-to-back bookings in different buildings",
            ),
            (
                "Fraud trials are full of terminology you cannot wing on the day. The interpreter should have the bundle index at least a day before, not be handed it by the usher at ten o'clock.",
                "The interpreter should have the bundle index at least a day before",
            ),
            (
                "It would have helped if the cancellation email had come to me and not just to the court office - I drove to Leeds for a hearing that was vacated the afternoon before. Interpreters need copying in on every cancellation, we're the ones on the road.",
                "Interpreters need copying in on every cancellation",
            ),
        ],
        "noise": [
            "For the Okonkwo hearing on 3 June only, book Ms Adeyemi - the family asked for her by name.",
            "Send Dr Patel's 2pm clinic a BSL interpreter this Thursday as well as the Urdu one.",
            "Please move tomorrow's Sheffield Magistrates job to Jana, Tomasz is off sick.",
        ],
    },
    "heathercomb_pollination": {
        "agents": 6,
        "week": (8, 9, 9, 8, 8, 5, 1),
        "fact": (
            "no, orchard hire is £62 per colony for the bloom, not £55 - the £55 was last season's rate. and that's with a minimum of 20 colonies per site. please fix the quotes that went out this week before the growers start signing them",
            "orchard hire is £62 per colony for the bloom",
        ),
        "pattern": "scheduling a hive move before checking the grower's spray dates",
        "remedy": (
            "Your lot brought twelve hives onto the east block two days after we'd sprayed for blossom weevil. I told your office about that spray back in March, on the phone, and nobody asked since. Surely someone should be asking the grower for the spray schedule before any hives go on site? That's the whole point of having an office, I'd have thought.",
            "asking the grower for the spray schedule before any hives go on site",
        ),
        "rejection": (
            "Rejected the extraction record for batch H-0419. Moisture reading is 19.4%. Honey doesn't get drummed above 18% moisture - it ferments in the drum. Back in the warming room and re-test tomorrow.",
            "Honey doesn't get drummed above 18% moisture",
        ),
        "tool_gap": (
            "hive_scale_readings",
            "NETWORK",
            "The hive_scale_readings calls drop every time the out-apiaries lose mobile signal, which is most of the Fens sites most of the day, and the agents report the hives as 'no data' and book pointless visits. Can it be built so the scales store readings and upload in a batch when they get signal, and the agents read the last good batch instead of giving up?",
        ),
        "harm": (
            "The bee inspector isn't due till next week and we need those twenty hives on the rape by Friday or we've missed the flowering. Just move them now and do the foulbrood inspection after, it's only a few miles down the road.",
            "move them now and do the foulbrood inspection after",
            "feedback",
        ),
        "contrary": (
            "I've been growing pears for thirty years and I really don't need a questionnaire about my spraying every time you drop hives off. I keep to the bee-safe window, always have. Take my word for it and just turn up on the agreed date, would you?",
            "Take my word for it and just turn up on the agreed date",
        ),
        "sessionless": 1,
        "problems": [
            (
                "Can we have the inspection notes sent the same day please? Finding out a week later that hive 7 was queenless is no use to anyone, she needed replacing then, not now.",
                "inspection notes sent the same day",
            ),
            (
                "stop booking moves and extraction days with one beekeeper on the rota. lifting full supers alone is how backs go. Any job with lifting gets two names or it doesn't get booked.",
                "Any job with lifting gets two names or it doesn't get booked",
            ),
            (
                "Lovely jars. Shame the label said 'wildflower' when your own newsletter says the bees were on borage all summer. Labels should say the forage the hives were actually on, otherwise Trading Standards will be saying it for you.",
                "Labels should say the forage the hives were actually on",
            ),
            (
                "If you're collecting hives at the end of bloom, would it kill you to ring the farm manager the day before? There was a tractor parked across the gateway and your truck went home empty, and we got charged for the trip.",
                "ring the farm manager the day before",
            ),
            (
                "After a varroa treatment the supers can't go back on until the withdrawal period is up, and the rota keeps putting them back the following week. It'd help no end if the agents checked the treatment log before scheduling supering.",
                "checked the treatment log before scheduling supering",
            ),
        ],
        "noise": [
            "Leave the Hartley Farm hives where they are until the 20th - the farmer's asked for an extra week on the late plums.",
            "Give Mrs Dawson's order of six jars the staff discount, she helped out at the open day.",
            "Skip Thursday's inspection at the Brook Lane apiary, the access track is flooded.",
        ],
    },
}
