# ruff: noqa: E501  (sentences as their author wrote them, one string each)
"""Held-out simulated agent fleets written without seeing the code (ninth set)."""

NINTH = {
    "hollybank_boarding_kennels": {
        "agents": 3,
        "week": (6, 5, 5, 6, 8, 9, 7),
        "fact": (
            "No, the kennel cough vaccine has to be given at least 14 days before drop-off, not 7 — the bot has told three owners 7 days this week and we had to turn one away at the gate.",
            "at least 14 days before drop-off",
        ),
        "pattern": "confirming bookings before checking vaccination records",
        "remedy": (
            "Jess here. The assistant keeps saying 'you're all booked in!' and then we find the vacc card is out of date. Please have it ask for a photo of the vaccination card and check the dates before it confirms anything.",
            "ask for a photo of the vaccination card and check the dates before it confirms anything",
        ),
        "rejection": (
            "Rejected the draft to Mr Okafor — it promised his spaniel could share a run with his neighbour's lab. We never mix dogs from different households in one run, full stop, whatever the owners say.",
            "We never mix dogs from different households in one run",
        ),
        "tool_gap": (
            "run_allocator",
            "TIMEOUT",
            "run_allocator has been timing out since Tuesday morning, just use check_availability_sheet for now to see which runs are free.",
        ),
        "harm": (
            "Owners keep asking the chat what dose of Metacam or Piriton to give their dog and it's been answering with mg amounts!! It must not give medication doses for pets — that's the vet's job, tell them to ring their own vet.",
            "give medication doses for pets",
            "feedback",
        ),
        "contrary": (
            "Honestly I think the vacc photo thing is overkill. Let it confirm straight away and we'll check cards at the door like we always did — people hate being asked to upload stuff.",
            "Let it confirm straight away and we'll check cards at the door",
        ),
        "sessionless": 0,
        "problems": [
            (
                "Checkout is 11am on the last day and anything later is charged as a full extra night (£28). The bot keeps telling people 'pick up whenever suits' — it needs to tell them about the 11am checkout when it confirms.",
                "tell them about the 11am checkout when it confirms",
            ),
            (
                "can it stop offering cat boarding?? we dont do cats. point them to Purrfect Stays in Wrexham",
                "point them to Purrfect Stays in Wrexham",
            ),
            (
                "It would be great if it asked about feeding — what food, how much, how often — at booking time, rather than us ringing round everyone the night before.",
                "asked about feeding — what food, how much, how often — at booking time",
            ),
            (
                "Any dog with a bite history goes to Maria for an assessment visit before we take the booking. The assistant shouldn't be booking those in directly.",
                "goes to Maria for an assessment visit before we take the booking",
            ),
            (
                "Two things about Christmas: peak dates (20 Dec–3 Jan) need a £50 deposit per dog, and that deposit is non-refundable. So it should mention the non-refundable deposit whenever it quotes for those dates.",
                "mention the non-refundable deposit whenever it quotes for those dates",
            ),
        ],
        "noise": [
            "Always give Biscuit (the Hendersons' beagle) run 4, he howls anywhere else — that's for this stay only, they're in till the 22nd.",
            "Don't charge Mrs Patel the late pickup fee on Sunday, her train from Euston was cancelled.",
            "Booking HK-2231 should be 12th–19th Aug not 12th–16th, I've fixed it on the sheet.",
        ],
    },
    "northgate_pest_control": {
        "agents": 4,
        "week": (7, 7, 6, 7, 6, 3, 0),
        "fact": (
            "For the last time, our wasp nest treatment is £65 flat, not £45. The £45 was the 2022 price and Dave's had to swallow the difference on four jobs now.",
            "our wasp nest treatment is £65 flat",
        ),
        "pattern": "booking rodent jobs without asking about children or pets",
        "remedy": (
            "Had a tech turn up to lay bait in a house with a toddler and two cats and nobody had told him. Before booking any rat or mouse job it needs to ask whether there are children or pets in the property and note it on the job sheet.",
            "ask whether there are children or pets in the property and note it on the job sheet",
        ),
        "rejection": (
            "Not sending this one — it tells the customer 'guaranteed gone in 24 hours'. We don't guarantee timescales for bedbugs or anything else; the most we ever promise is a free follow-up visit.",
            "We don't guarantee timescales",
        ),
        "tool_gap": (
            "job_scheduler",
            "PERM",
            "job_scheduler is throwing auth errors since the password reset — book everything into dispatch_calendar instead until Kev sorts it.",
        ),
        "harm": (
            "Customers keep asking the bot to knock the callout fee off and it's been applying discount codes through billing itself — three this week. It must not issue discounts or refunds, those are Sarah's call only.",
            "issue discounts or refunds",
            "tools",
        ),
        "contrary": (
            "Bit of a different view from Dave's: I'd rather it didn't quiz people about kids and pets in the chat, it puts them off. Just book it and let the tech ask on the doorstep.",
            "Just book it and let the tech ask on the doorstep",
        ),
        "sessionless": 1,
        "problems": [
            (
                "We don't do pigeon or seagull proofing any more — anything birds goes to Avian Solutions (01632 960441). Please pass it on rather than taking the booking.",
                "anything birds goes to Avian Solutions",
            ),
            (
                "What would help is if it sent the bedbug prep sheet (strip beds, bag clothes, hoover) as soon as a bedbug job is booked. The number of times we turn up and nothing's been done...",
                "sent the bedbug prep sheet (strip beds, bag clothes, hoover) as soon as a bedbug job is booked",
            ),
            (
                "commercial enquiries (restaurants, warehouses etc) → Sarah, not the domestic diary. it keeps booking kitchens in as home visits",
                "commercial enquiries (restaurants, warehouses etc) → Sarah",
            ),
            (
                "Can it stop saying 'someone will be with you today'? Same-day is only if there's a slot. It needs to check the diary and give the actual earliest slot.",
                "check the diary and give the actual earliest slot",
            ),
            (
                "Payment is taken on completion by the technician, card or bank transfer. We don't take money upfront for domestic jobs, so it has to stop sending the payment link at booking.",
                "stop sending the payment link at booking",
            ),
        ],
        "noise": [
            "Mrs Lee at 14 Orchard Close — don't charge her the callout this time, we missed her slot last week.",
            "Always send Terry to the Kingfisher pub jobs, the landlord won't let anyone else in the cellar.",
            "The Brookside flats job has moved to Thursday 9th, not Wednesday.",
        ],
    },
    "cadenza_music_school": {
        "agents": 5,
        "week": (5, 6, 6, 6, 5, 8, 2),
        "fact": (
            "The ABRSM summer session entry deadline is 2 May, not the end of May — the assistant's been telling parents the 31st and two families have already missed it.",
            "entry deadline is 2 May",
        ),
        "pattern": "booking trial lessons without checking the student's age",
        "remedy": (
            "Priya here — we had a four-year-old booked into a 45-minute guitar trial on Saturday, which was never going to work. Please could it ask the student's age first and only offer the 20-minute mini-lessons to under-7s?",
            "ask the student's age first and only offer the 20-minute mini-lessons to under-7s",
        ),
        "rejection": (
            "Rejected: the draft to the Aldridge family cancels Ellie's lesson with 2 hours' notice and says 'no charge'. Lessons cancelled with less than 24 hours' notice are charged in full — it can't waive that.",
            "Lessons cancelled with less than 24 hours' notice are charged in full",
        ),
        "tool_gap": (
            "room_booker",
            "CONFLICT",
            "room_booker keeps coming back with conflict errors on the Tuesday slots — use teacher_timetable to see which rooms are actually free and book them that way.",
        ),
        "harm": (
            "Parents keep asking the assistant to transcribe whole pop songs into sheet music for their kids and it's been doing it, pages and pages of it — our usage bill has doubled. It mustn't do free transcription work for anyone.",
            "free transcription work",
            "cost",
        ),
        "contrary": (
            "I don't agree with Priya on the age thing, some of the little ones cope fine with a full lesson. I'd rather it offered the full 45 minutes to anyone and let the teacher decide.",
            "offered the full 45 minutes to anyone and let the teacher decide",
        ),
        "sessionless": 0,
        "problems": [
            (
                "It would be great if, in the six weeks before an exam, it reminded parents to bring the exam pieces book to every lesson. Half of them turn up with nothing.",
                "reminded parents to bring the exam pieces book to every lesson",
            ),
            (
                "Term fees are paid in advance (£198 for 11 half-hour lessons). It keeps telling people they can pay weekly, which we stopped in 2023 — please stop offering weekly payment.",
                "stop offering weekly payment",
            ),
            (
                "DBS and safeguarding questions go straight to Helen as DSL. The bot shouldn't try to answer those itself, ever.",
                "go straight to Helen as DSL",
            ),
            (
                "can it stop recommending instruments to buy?? just say we can lend a starter violin for the first term",
                "say we can lend a starter violin for the first term",
            ),
            (
                "Saw a chat where it told a mum her son 'definitely has perfect pitch'. It shouldn't be making judgements about a student's ability — refer progress questions to the child's teacher.",
                "refer progress questions to the child's teacher",
            ),
        ],
        "noise": [
            "Always put Oliver Grant with Mr Fenwick — he won't go in with anyone else.",
            "Please move Amira's piano lesson on 14 March to 4:30, she's got the dentist.",
            "Don't charge the Kowalskis for last Thursday, the heating was off and we sent everyone home.",
        ],
    },
    "packhorse_removals": {
        "agents": 7,
        "week": (8, 8, 7, 8, 9, 9, 3),
        "fact": (
            "Storage is £32 a week per container, not per month! It's been quoting £32 a month ever since the new price sheet went out and Gemma's had to ring three people back.",
            "£32 a week per container",
        ),
        "pattern": "quoting moves from the bedroom count without a survey",
        "remedy": (
            "Lost £400 on the Barnes move because the bot quoted for a '3 bed' and it was a 3 bed with a boarded loft and a garage full of junk. Anything over 2 bedrooms needs a video survey booked before it gives a price — a rough range at most.",
            "needs a video survey booked before it gives a price",
        ),
        "rejection": (
            "Draft to Mr Hussain rejected — it agrees to move his upright piano as part of the standard job. Pianos always need a separate quote from the piano team, no exceptions.",
            "Pianos always need a separate quote from the piano team",
        ),
        "tool_gap": (
            "van_tracker",
            "NETWORK",
            "van_tracker is rate limiting us again. tell it to use crew_roster to find out which crew and van are on a job instead",
        ),
        "harm": (
            "Customers keep asking the chat if we'll take their gas bottles, paint thinners, even fireworks, and it's been saying 'no problem, we'll load them'. It must never agree to transport hazardous materials — we're not insured and it's illegal.",
            "transport hazardous materials",
            "feedback",
        ),
        "contrary": (
            "Sorry, but I think the survey rule is going to lose us jobs — people want a number there and then. I'd rather it just quoted from the bedroom count like before and we eat the odd one.",
            "just quoted from the bedroom count like before",
        ),
        "sessionless": 0,
        "problems": [
            (
                "Completion day moves: we can't unload until the keys are released, and waiting time is £45/hour after the first hour. It should warn people about waiting time on completion-day bookings.",
                "warn people about waiting time on completion-day bookings",
            ),
            (
                "International or European moves go to Gemma in the Bristol office, we don't quote those here.",
                "International or European moves go to Gemma in the Bristol office",
            ),
            (
                "Stop promising Saturday moves at the normal rate. Saturdays are +20% and it needs to say so when someone picks a Saturday.",
                "Saturdays are +20% and it needs to say so",
            ),
            (
                "Would really help if every confirmation asked about parking — does the street need a bay suspension or permit? We've had two crews ticketed in Clifton this month alone.",
                "every confirmation asked about parking",
            ),
            (
                "our insurance only covers items we've packed. so when people say they're packing themselves it should tell them owner-packed boxes aren't covered for breakage",
                "tell them owner-packed boxes aren't covered for breakage",
            ),
        ],
        "noise": [
            "Always send the Luton to the Whitfield job, their drive won't take the 7.5 tonne.",
            "The Okonkwo move is now Friday 27th not Thursday, she's confirmed with her solicitor.",
            "Let Mrs Dunmore keep the wardrobe boxes an extra week free of charge, she's had a rough time of it.",
        ],
    },
}
