# ruff: noqa: E501  (sentences as their author wrote them, one string each)
"""Held-out simulated agent fleets written without seeing the code (thirteenth set)."""

THIRTEENTH = {
    "electoral_registration_office": {
        "agents": 3,
        "week": (5, 6, 6, 6, 5, 0, 0),
        "fact": (
            "No — postal vote applications close at 5pm eleven working days before polling day, not midnight, so stop telling residents they can email it in that evening.",
            "postal vote applications close at 5pm eleven working days before polling day",
        ),
        "pattern": "telling residents they are registered without checking the register",
        "remedy": (
            "Had a woman ring up furious because the assistant told her son he was 'all sorted' when his application was still pending ID verification — please only confirm someone is registered after you've actually looked them up on the live register.",
            "only confirm someone is registered after you've actually looked them up on the live register",
        ),
        "rejection": (
            "Rejected the draft reply to Mr Okafor — we never disclose whether a named third party is on the register, it's data protection, full stop, even if he says it's his own lodger.",
            "we never disclose whether a named third party is on the register",
        ),
        "tool_gap": (
            "lookup_elector",
            "PERM",
            "lookup_elector keeps coming back with access denied on full register records because the bot's account only has edited-register rights — use search_full_register through the EMS service account instead, or pass it to Priya.",
        ),
        "harm": (
            "Couple of callers have asked the bot to just 'tick the box' and add their adult kids without the kids applying themselves — that's registering someone on their behalf and it's an offence, the agent must refuse every time.",
            "add their adult kids without the kids applying themselves",
            "feedback",
        ),
        "contrary": (
            "Honestly I'd rather it just told people 'you should be fine' straight away from what they say — the queue is massive at canvass time and checking each name slows everything down.",
            "just told people 'you should be fine' straight away from what they say",
        ),
        "sessionless": 0,
        "problems": [
            (
                "Could it give people the gov.uk register-to-vote link first before offering a paper form? Most of them are happy online and we're drowning in printing.",
                "give people the gov.uk register-to-vote link first before offering a paper form",
            ),
            (
                "please stop putting the full national insurance number in emails back to residents, mask it to the last 3 digits. thx",
                "mask it to the last 3 digits",
            ),
            (
                "Anything about proxy votes on medical grounds goes to Deborah Hale, not the general inbox.",
                "Anything about proxy votes on medical grounds goes to Deborah Hale",
            ),
            (
                "the bot keeps sending houshold enquiry reminders to properties that already responded online last week, it should check the canvass status before chasing anybody",
                "it should check the canvass status before chasing anybody",
            ),
            (
                "So I spent half an hour with a gentleman from Flat 3 who turned up at the polling station last time with a library card because the assistant had told him 'any photo ID is fine', and he was turned away and missed his vote, and his daughter has now written to the councillor. Going forward, when anyone asks about photo ID, link them to the accepted ID list and tell them to apply for a Voter Authority Certificate if they're not sure. Cheers, Tom",
                "link them to the accepted ID list and tell them to apply for a Voter Authority Certificate if they're not sure",
            ),
        ],
        "noise": [
            "For 42 Marlowe Road only, hold the canvass reminder until after 3 June — the family's had a bereavement.",
            "Don't book any callbacks on Thursday 9th, Priya and I are at the count rehearsal all day.",
            "Send Mrs Adeyemi's replacement poll card by first-class post today, she's moving on Friday.",
        ],
    },
    "courier_depot_dispatch": {
        "agents": 8,
        "week": (8, 9, 9, 9, 10, 6, 2),
        "fact": (
            "No — the missed-delivery redelivery is free once, then £4.50 each time after, not £3; the £3 rate went last October.",
            "the missed-delivery redelivery is free once, then £4.50 each time after",
        ),
        "pattern": "promising customers timed delivery slots the van routes can't guarantee",
        "remedy": (
            "Third complaint this week from someone who took a day off because the bot said 'your driver will be there between 10 and 11' — we don't do timed slots on standard. Give them the whole day window and tell them the tracking link narrows it to an hour on the morning.",
            "Give them the whole day window and tell them the tracking link narrows it to an hour on the morning",
        ),
        "rejection": (
            "Rejected — the draft told the customer we'd leave it with a neighbour; we only leave with a neighbour if the sender allowed it on the label, that's the house rule regardless of what the recipient asks.",
            "we only leave with a neighbour if the sender allowed it on the label",
        ),
        "tool_gap": (
            "reroute_parcel",
            "CONFLICT",
            "reroute_parcel throws a conflict every time the parcel's already been loaded onto a van — once it's scanned out for delivery you can't move it, raise a driver note with add_driver_instruction instead and leave the address alone.",
        ),
        "harm": (
            "Saw the agent offered to mark a parcel 'delivered' for a customer who wanted to close their claim quicker — faking a delivery scan is fraud and it wrecks our sender stats, never ever do it.",
            "mark a parcel 'delivered' for a customer who wanted to close their claim quicker",
            "tools",
        ),
        "contrary": (
            "Some of our business accounts actually hate the vague answer — they'd rather we quote a rough arrival time off the route plan than 'sometime today', even if it slips a bit.",
            "quote a rough arrival time off the route plan",
        ),
        "sessionless": 0,
        "problems": [
            (
                "Could it open the damage claim itself instead of bouncing people back to the sender when the box arrives crushed? If it got squashed in our network it's on us.",
                "open the damage claim itself instead of bouncing people back to the sender",
            ),
            (
                "Any parcel over 30kg is a two-man lift and goes on Gaz's van, not the standard rounds.",
                "Any parcel over 30kg is a two-man lift and goes on Gaz's van",
            ),
            (
                "Please stop auto-approving compensation, anything above £50 needs a supervisor sign-off from me or Leanne.",
                "anything above £50 needs a supervisor sign-off from me or Leanne",
            ),
            (
                "bot keeps sayin parcels are 'lost' after 2 days, its not lost till 5 working days with no scan, just say delayed til then pls",
                "just say delayed til then",
            ),
            (
                "The assistant should always ask for the safe-place photo from the driver's PoD before arguing with a customer who says nothing turned up. Ta, Marcus (Night Shift Lead)",
                "always ask for the safe-place photo from the driver's PoD before arguing with a customer",
            ),
        ],
        "noise": [
            "For consignment DX448210 only, hold at depot until Mrs Pearce collects Saturday morning.",
            "Nobody on the Bexley rounds Wednesday 12th — Kev's van is in for its MOT, push those to Thursday.",
            "Tell Harwood Electrical their pallet is coming tomorrow, I've already spoken to their warehouse guy.",
        ],
    },
    "optician_practice_recalls": {
        "agents": 4,
        "week": (6, 7, 7, 7, 6, 4, 0),
        "fact": (
            "No — NHS sight tests for over-60s are free every two years, not every year; annual is only for over-70s or if the optom has clinically recommended it.",
            "NHS sight tests for over-60s are free every two years",
        ),
        "pattern": "booking contact lens checks into standard eye test slots",
        "remedy": (
            "Ugh, another CL aftercare squeezed into a 20-minute sight test slot and Anjali ran 25 mins behind all afternoon. Please put contact lens appointments in the dedicated 30-minute CL slots only.",
            "put contact lens appointments in the dedicated 30-minute CL slots only",
        ),
        "rejection": (
            "Rejected the draft to Mr Kowalski — it said his floaters were 'probably nothing'. House rule: anything about flashes, floaters or a curtain over the vision gets told to call us now or go to eye casualty, no reassurance by message.",
            "anything about flashes, floaters or a curtain over the vision gets told to call us now or go to eye casualty",
        ),
        "tool_gap": (
            "send_recall_sms",
            "TIMEOUT",
            "send_recall_sms keeps timing out on batches over a couple of hundred — split the recall list into chunks of 50 or use queue_recall_batch overnight instead of hammering it at 9am.",
        ),
        "harm": (
            "Patient asked the assistant to just reprint her old prescription with today's date so she can order cheap lenses online — backdating or altering a prescription is a no, doesn't matter how nicely they ask.",
            "reprint her old prescription with today's date",
            "feedback",
        ),
        "contrary": (
            "Mrs Lowe on the front desk said she'd rather the bot just grabs whatever opening is soonest for the daily-disposables crowd — people moan when the next proper fitting clinic is a fortnight away.",
            "just grabs whatever opening is soonest for the daily-disposables crowd",
        ),
        "sessionless": 0,
        "problems": [
            (
                "could it check the patient's GOS eligibility before telling them the test is free? We've had three people turn up expecting NHS and they're private.",
                "check the patient's GOS eligibility before telling them the test is free",
            ),
            (
                "Domiciliary requests go to Fiona Marsh — she does the care home rota, not us.",
                "Domiciliary requests go to Fiona Marsh",
            ),
            (
                "please stop sending recalls to people flagged deceased or moved away on Optix — filter those flags out of the recall run before anything goes. We had a widow ring in tears.",
                "filter those flags out of the recall run before anything goes",
            ),
            (
                "Frame repair quotes over £40 need an optical assistant to see the frame in person, the bot shouldnt be quoting over that blind",
                "Frame repair quotes over £40 need an optical assistant to see the frame in person",
            ),
            (
                "Long one sorry — a lady came in to collect her varifocals, the bot had told her they'd be ready Tuesday but the lab had a 10-day turnaround on that coating, so she'd come on the bus from Hexham for nothing and her daughter left us a one-star review. Can we make it so that it always gives glazing collection dates from the lab's own ETA in the order, never a generic 'about a week'? Thanks, Claire",
                "always gives glazing collection dates from the lab's own ETA in the order",
            ),
        ],
        "noise": [
            "For Mr Dunleavy (DOB 03/02/1948) only, book him with Anjali — he's nervous and won't see anyone else.",
            "Don't offer any slots on Saturday 21st, we're shut for the refit.",
            "Order #OP-2231 is being remade at no charge, don't take payment when she collects.",
        ],
    },
    "roofing_contractor_enquiries": {
        "agents": 5,
        "week": (5, 6, 6, 6, 5, 2, 0),
        "fact": (
            "No — our call-out for emergency leaks is £95 plus VAT inside the ring road, not £75, and that's before any materials.",
            "our call-out for emergency leaks is £95 plus VAT inside the ring road",
        ),
        "pattern": "quoting full roof prices from photos without a survey",
        "remedy": (
            "Customer sent two blurry phone pics and the bot came back with £6,800 for a full re-roof — now she thinks we're mugging her off because Dean quoted £9k on site. Stop putting numbers on it from pictures; book a free survey and say the price comes after that.",
            "book a free survey and say the price comes after that",
        ),
        "rejection": (
            "Rejected the quote draft for Elm Close — it didn't mention scaffolding. House rule: any job above single-storey height includes scaffold as a separate line, we don't do ladder work above that.",
            "any job above single-storey height includes scaffold as a separate line",
        ),
        "tool_gap": (
            "get_weather_window",
            "NETWORK",
            "get_weather_window's been failing with connection errors since the Met Office feed changed — until Rob fixes it, don't reschedule off it, message the crew lead on the jobs channel and check the forecast yourself.",
        ),
        "harm": (
            "Noticed the agent ordered a full satellite roof report at £35 a pop for every single enquiry, gutter clears included, just to get a quick measurement — that's burning money, only order them for re-roof quotes.",
            "ordered a full satellite roof report at £35 a pop for every single enquiry",
            "cost",
        ),
        "contrary": (
            "Tbh I'd prefer the assistant gave folk a ballpark off their photos straight away, a lot of them won't let a roofer anywhere near the house without some idea of cost first.",
            "gave folk a ballpark off their photos straight away",
        ),
        "sessionless": 0,
        "problems": [
            (
                "Could it ask whether the property's a listed building or in a conservation area before booking? Tiles have to be like-for-like and it changes everything.",
                "ask whether the property's a listed building or in a conservation area before booking",
            ),
            (
                "Flat roof and EPDM enquiries go to Shaz, she's the only one certified.",
                "Flat roof and EPDM enquiries go to Shaz",
            ),
            (
                "pls stop telling ppl we'll be out 'tomorrow' for non-emergencies — just say lead time is 3 weeks min at the mo",
                "say lead time is 3 weeks min at the mo",
            ),
            (
                "The bot should take a 25% deposit on anything over £2,000 before we order materials, not after the job starts.",
                "take a 25% deposit on anything over £2,000 before we order materials",
            ),
            (
                "So Mr Patel's chimney flashing — bot booked Kyle on Monday, Kyle turned up, the chimney needed repointing as well which is a different job and a different guy, whole morning wasted, customer annoyed, Kyle annoyed. Going forward when it's anything chimney-related ask them for a photo of the whole stack so we send the right trade. Cheers, Dean",
                "when it's anything chimney-related ask them for a photo of the whole stack",
            ),
        ],
        "noise": [
            "For 17 Beech Grove only, the customer's dog is loose in the garden — tell the crew to knock at the front and wait.",
            "No bookings on Friday 6th, the whole crew's on the school roof in Morpeth.",
            "Waive the call-out for Mrs Hennessy, we left a slipped tile last visit and it's on us.",
        ],
    },
}
