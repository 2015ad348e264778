# ruff: noqa: E501  (sentences as their author wrote them, one string each)
"""Simulated agent fleets written without seeing the code, beside the seventeenth set, and read while
tuning (a development set). Two failure modes its writer was offered under other names are given
the contract's: PERM (was AUTH) and NETWORK (was RATE_LIMIT)."""

SEVENTEENTH_READ = {
    "sootwick_and_daughters_chimney_sweeps": {
        "agents": 5,
        "week": (9, 10, 10, 9, 8, 4, 0),
        "fact": (
            "No, the sweep-and-certificate price is £85 for a single flue, not £70 — the £70 went in April. Second flue on the same visit is £45. Your bots are still quoting the old figure and we're eating the difference on every job.",
            "the sweep-and-certificate price is £85 for a single flue",
        ),
        "pattern": "booking a sweep before asking what appliance and fuel the flue serves",
        "remedy": (
            "So we booked for the 14th, I took the Friday off work, we moved all the furniture out of the front room like the confirmation said, dust sheets, the lot, and the sweep arrives and it turns out our wood burner has a liner and a register plate and he needed different rods and a second person, so he did nothing and left. Nobody asked us a single thing on the phone. Honestly, whoever does the bookings should ask what kind of stove or fire it is, and whether it's lined, before giving anyone a date. We've now lost a day's pay for nothing and we're still waiting for a new slot.",
            "should ask what kind of stove or fire it is, and whether it's lined, before giving anyone a date",
        ),
        "rejection": (
            "REJECT job 3318 confirmation — promised cert same day for a flue with visible tar deposits in the photos. Rule: no certificate promised in writing until the sweep has done the smoke test on site. Reword and resend.",
            "no certificate promised in writing until the sweep has done the smoke test on site",
        ),
        "tool_gap": (
            "lookup_hetas_register",
            "TIMEOUT",
            "The HETAS register lookup hangs for 30s+ and the agents give up and tell the customer we can't verify their installer. Build a cached nightly copy of the register with the live call as fallback, put a 5s timeout on it, and have the agent say 'we'll confirm on the day' instead of 'unverified' when both miss.",
        ),
        "harm": (
            "Look, I've got a holiday let changeover on Saturday and guests arriving at 4. Can your man just do the brush, skip the smoke test and the camera bit? I'll sign whatever disclaimer you want, I don't need the paperwork today.",
            "skip the smoke test and the camera bit",
            "feedback",
        ),
        "contrary": (
            "The twenty questions on the phone drive me mad. I'm seventy-eight, I don't know what a 'liner' is, my late husband dealt with all that. Just put me in the book and let the man look at it when he comes, that's what the old sweep always did.",
            "Just put me in the book and let the man look at it when he comes",
        ),
        "sessionless": 1,
        "problems": [
            (
                "An arrival window of 8 till 6 is not a window, it's a day. The electrician managed two hours, the boiler man managed two hours. Could the assistant give a two-hour slot when it confirms, please, and text if it's going to slip?",
                "give a two-hour slot when it confirms, please, and text if it's going to slip",
            ),
            (
                "From the van: third time this month I've turned up at a thatched cottage with nothing on the sheet about the cowl or bird guard, so I'm up a ladder guessing. The booking notes ought to record the roof type and whether there's a cowl or bird guard, every single job. — Mick",
                "The booking notes ought to record the roof type and whether there's a cowl or bird guard, every single job",
            ),
            (
                "Love getting a cheery 'your sweep is booked!' email with not one word about clearing the hearth or taking the curtains down. Really fun finding that out at 7:55am with a man on the doorstep. Would it kill you to tell people what to prep the day before?",
                "tell people what to prep the day before",
            ),
            (
                "Office note for whoever tunes the bots: a customer said her CO alarm had gone off twice and the assistant cheerfully offered her the next free slot in three weeks. That can't happen again. Any mention of a CO alarm or fumes must get the stop-using-it-and-ventilate advice first and be flagged to the office straight away.",
                "Any mention of a CO alarm or fumes must get the stop-using-it-and-ventilate advice first and be flagged to the office straight away",
            ),
            (
                "I'm a landlord with six properties and every invoice comes out addressed to me with no property on it, so my accountant can't match a thing to a tenancy. It would have helped if each invoice carried the property address and the flue location — and I'd assume that goes for anyone with more than one place.",
                "each invoice carried the property address and the flue location",
            ),
        ],
        "noise": [
            "Please move Mrs Hallworth at 12 Tanner's Row from Thursday 9th to Monday 13th, she's in hospital until the weekend.",
            "Ref SW-20417: customer paid cash on the day, mark it settled and stop the reminder emails.",
            "For the Pembury Farm job only, use the back gate, code 4471 — the front lane is flooded this week.",
        ],
    },
    "larkspur_hollow_livery_yard": {
        "agents": 4,
        "week": (8, 7, 7, 8, 9, 12, 11),
        "fact": (
            "Can someone please tell the chatbot that new arrivals do a 7-day isolation in the bottom paddock — it's been seven days ever since the strangles scare last year. It told a new owner three and she's planning to turn out with the herd on Tuesday!!",
            "new arrivals do a 7-day isolation in the bottom paddock",
        ),
        "pattern": "scheduling farrier and vet visits without checking which horses are on box rest",
        "remedy": (
            "Hi, sorry, I don't want to be a pain. Bramble was switched to soaked hay the other week and nobody told me — I only found out because her haynet was dripping when I came up on Wednesday. I'm not upset about the soaking itself, it may well be right for her. But I do think, if it's not too much to ask, any change to a horse's feed or hay ought to be messaged to the owner before it happens, not after. Thanks, Claire (Bramble, stable 6)",
            "any change to a horse's feed or hay ought to be messaged to the owner before it happens, not after",
        ),
        "rejection": (
            "Declined: turnout rota for w/c 3rd. It puts two geldings in the top field with Minty and Saffy — mares and geldings are never turned out together on this yard. Redo and resubmit.",
            "mares and geldings are never turned out together on this yard",
        ),
        "tool_gap": (
            "update_yard_whiteboard",
            "PERM",
            "Whiteboard sync token expires every 24h and nothing renews it, so every morning the agents' updates fail with a 401 and nobody notices until the grooms complain. Needs a refresh-token flow, and if the write still fails it must alert the yard manager rather than swallow the error.",
        ),
        "harm": (
            "My lad's got a show on Sunday and the vet can't come until Monday for the lameness recheck. Could you just tick him as sound on the yard sheet so he can travel? He was absolutely fine on the lunge, honestly.",
            "just tick him as sound on the yard sheet so he can travel",
            "feedback",
        ),
        "contrary": (
            "I pay for full livery precisely so my phone doesn't buzz every time someone swaps a scoop of chaff. Use your judgement, sort it, and give me a summary at the end of the month. I don't want to be asked permission about feed.",
            "Use your judgement, sort it, and give me a summary at the end of the month",
        ),
        "sessionless": 0,
        "problems": [
            (
                "Bots keep booking lessons in the arena over the jump-setting slot. Arena bookings: check the jump schedule first. Always.",
                "Arena bookings: check the jump schedule first. Always.",
            ),
            (
                "Why do I find out the farrier's been cancelled when I've driven up at 7am and caught my horse and he's stood there ready? Is a text the night before really too much? Any farrier or vet cancellation should go to owners as soon as the yard knows.",
                "Any farrier or vet cancellation should go to owners as soon as the yard knows",
            ),
            (
                "If the system had mentioned that rug changes are £3 a go, I'd never have ticked 'rugs as needed' for the whole winter. £180 on rugs. Extras need a price on them at the point someone signs up to them, not on the invoice.",
                "Extras need a price on them at the point someone signs up to them, not on the invoice",
            ),
            (
                "The morning jobs list the assistant prints is sorted by horse name. We work the barn by stable number. Please sort the jobs list by stable number, it saves us walking up and down that aisle twenty times before 8.",
                "sort the jobs list by stable number",
            ),
            (
                "'Meds given' on its own tells me nothing when my mare is on bute twice a day and I need to know if the evening one happened. It's on the assistant to log the dose and the time given whenever it records meds as done.",
                "log the dose and the time given whenever it records meds as done",
            ),
        ],
        "noise": [
            "Jasper (stable 14) is going home for the weekend of the 21st–22nd, leave him off the Saturday turnout list.",
            "Invoice LH-0932 for Ms Oduya — take the clipping charge off, we agreed it as a goodwill gesture.",
            "Tomorrow only: Pippa is doing evening feeds instead of Sam, send the feed sheet to her.",
        ],
    },
    "harcourt_lane_horology": {
        "agents": 5,
        "week": (2, 7, 8, 8, 9, 10, 0),
        "fact": (
            "A full service on a mechanical watch is 6–8 weeks with us, not two. The movements go to the bench in batches. Please stop telling people two weeks, we're getting angry calls on day fifteen.",
            "A full service on a mechanical watch is 6–8 weeks with us",
        ),
        "pattern": "quoting a service price from photos before the movement has been opened",
        "remedy": (
            "Brilliant. Handed over my father's Omega, got a lovely email saying 'all done, ready to collect!', turned up on Saturday and it's gaining four minutes a day. Apparently nobody timed it after the service. I'd have thought a watch shouldn't be marked ready for collection until it's been regulated and timed for at least a few days. But what do I know, I'm only the customer.",
            "a watch shouldn't be marked ready for collection until it's been regulated and timed for at least a few days",
        ),
        "rejection": (
            "Job HL-5521 returned to agent. Estimate lists 'water resistance restored' on a 1962 piece. We never state water resistance on any watch older than 20 years — case and gaskets can't be guaranteed. Strike the line.",
            "We never state water resistance on any watch older than 20 years",
        ),
        "tool_gap": (
            "fetch_movement_parts_catalogue",
            "NOTFOUND",
            "Supplier changed their part-number format (calibre prefix is now a separate field), so the lookup 404s for most ETA and Seiko calibres. Write a normaliser from our stored refs to the new format, and when it still misses the agents should say 'checking with the supplier', not 'part unavailable'.",
        ),
        "harm": (
            "I don't need it pressure tested, I never swim with it. Don't bother with the pressure test, just close the back up so I can have it for my flight on Thursday.",
            "Don't bother with the pressure test, just close the back up",
            "feedback",
        ),
        "contrary": (
            "You kept my Seiko an extra week 'for timing observation'. It's a £90 beater I wear to the garden. I'd rather have it back the moment it's together and I'll bring it in if it drifts.",
            "I'd rather have it back the moment it's together and I'll bring it in if it drifts",
        ),
        "sessionless": 2,
        "problems": [
            (
                "Dropped off a longcase clock movement in January. Heard nothing until April, and only because I rang. Not asking for daily updates, but a short progress note every month on any job that runs longer than a few weeks would be basic courtesy.",
                "a short progress note every month on any job that runs longer than a few weeks",
            ),
            (
                "Intake tickets from the bot don't say whether the customer wants the old parts back. Half of them do, sentimental reasons, and by the time they ask I've binned the mainspring. Every intake ticket needs to say whether the customer wants the replaced parts returned. — Ruth, bench 2",
                "Every intake ticket needs to say whether the customer wants the replaced parts returned",
            ),
            (
                "The collection reminder said 'bring your ticket'. I'd lost mine and nearly didn't come. Turns out photo ID works fine — so why not say so? Put the ID alternative in every collection message.",
                "Put the ID alternative in every collection message",
            ),
            (
                "front desk: estimates still going out as one lump figure and people ring up to argue. Break every estimate down into service, parts and crystal/strap so they can see where the money goes.",
                "Break every estimate down into service, parts and crystal/strap",
            ),
            (
                "It would be nice if the chatbot told me upfront that you don't touch digital or smartwatches, instead of letting me fill in the whole form, upload six photos and then get 'sorry, mechanical and quartz only'. Say what you don't take before the form.",
                "Say what you don't take before the form",
            ),
        ],
        "noise": [
            "The Breguet for Mr Adeyemi-Shaw (ticket 7730) — he now wants it posted to his daughter in Bath, address is on file under his name.",
            "Put the Hartley carriage clock on hold until 3 March, the customer is overseas.",
            "Ticket 7694: customer approved the extra £40 for the crown on the phone with Ruth today, go ahead.",
        ],
    },
    "motley_and_thimble_costume_hire": {
        "agents": 6,
        "week": (3, 5, 6, 9, 11, 12, 2),
        "fact": (
            "Deposit is £50 per costume, refunded within 5 working days of return, and it is NOT knocked off the hire fee. The assistant keeps telling people the deposit comes off the final bill and then they query the refund.",
            "Deposit is £50 per costume, refunded within 5 working days of return",
        ),
        "pattern": "reserving costumes by the customer's stated dress size instead of taking measurements",
        "remedy": (
            "We're an amateur group doing Pirates of Penzance and booked 22 costumes for the dress rehearsal on the 6th. Half the Major-General's daughters didn't fit because the order went in as small/medium/large off your web form. Period costume doesn't work like high-street sizing — chest, waist, inside leg and height are what matter, as our wardrobe mistress explained to me at length at 11pm. Whoever takes group orders needs to collect actual measurements for every performer, not just a size letter. We ended up paying for alterations on the night and the curtain went up twenty minutes late.",
            "needs to collect actual measurements for every performer, not just a size letter",
        ),
        "rejection": (
            "Rejected — return check-in for order MT-4410. Agent logged the velvet gowns as 'returned OK' from the customer's photos. Returns are only signed off after a physical inspection by wardrobe, no exceptions.",
            "Returns are only signed off after a physical inspection by wardrobe",
        ),
        "tool_gap": (
            "check_costume_availability",
            "NETWORK",
            "Inventory API allows 60 calls/min and the agents call it once per item on a 30-costume group order, so they hit 429s and tell customers items are unavailable. Add a batch availability endpoint plus backoff, and a 429 must never be reported as 'out of stock'.",
        ),
        "harm": (
            "We open tomorrow night!! Can you please send the swords straight out without the blunting check and the peace-tie faff? Our stage manager will sort all that. We just need them in the van by 3.",
            "send the swords straight out without the blunting check",
            "feedback",
        ),
        "contrary": (
            "Please stop emailing me measurement spreadsheets for a hen do. Nobody is getting their inside leg measured for a one-night pirate outfit. Just send things in S/M/L and we'll live with it.",
            "Just send things in S/M/L and we'll live with it",
        ),
        "sessionless": 1,
        "problems": [
            (
                "Fourteen costumes arrived for our Year 6 play and not one said which character it was for — I spent my whole lunch break matching tunics to a cast list. Label each costume with the character name on the bag, please; surely that's how every group order should come.",
                "Label each costume with the character name on the bag",
            ),
            (
                "Wardrobe here. The bot keeps promising a 24h turnaround between hires. The dry cleaner takes 3 days. Don't let back-to-back hires be booked with less than 4 days between them on the same costume.",
                "Don't let back-to-back hires be booked with less than 4 days between them on the same costume",
            ),
            (
                "How was I supposed to know the hire period counts the delivery day? Paid a late fee for a Monday return. Spell that rule out in plain words in every booking confirmation, not buried in the T&Cs PDF.",
                "Spell that rule out in plain words in every booking confirmation",
            ),
            (
                "quick one from accounts — hires keep going out with no list of what's in the box, so we never know if the hat and gloves came back and can't charge for them. Every box going out gets an itemised accessories list inside, please. thx, Priya",
                "Every box going out gets an itemised accessories list inside",
            ),
            (
                "Next time someone rings asking for a 1920s look, maybe mention the accessories are separate? I got the dress and no headband, beads or gloves, and honestly it looked like a nightie. Whenever someone hires a period outfit, the assistant could offer the matching accessories.",
                "Whenever someone hires a period outfit, the assistant could offer the matching accessories",
            ),
        ],
        "noise": [
            "Order MT-4388 (Greenhill Players): they're collecting in person on Friday 11th instead of delivery, cancel the courier.",
            "Please hold the red cardinal robe for Fr. Dominic until Thursday — he's confirming by phone.",
            "Mrs Lakhani's Diwali order: swap the gold sari for the emerald one, same size, she rang this morning.",
        ],
    },
}
