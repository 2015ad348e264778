# ruff: noqa: E501  (sentences as their author wrote them, one string each)
"""Simulated agent fleets written without seeing the code (development set)."""

EIGHTH = {
    "community_pharmacy": {
        "agents": 5,
        "week": (7, 8, 7, 7, 8, 5, 2),
        "fact": (
            "No, repeat prescriptions need 48 hours' notice, not same day — please stop telling people they can pop in at lunch for it.",
            "48 hours' notice",
        ),
        "pattern": "promising meds are ready before checking prescription status",
        "remedy": (
            "The bot keeps telling patients their meds are ready when they're still with the GP for signing — it would help if it checked the prescription status in the PMR before replying.",
            "checked the prescription status in the PMR before replying",
        ),
        "rejection": (
            "Rejected: draft recommends ibuprofen to someone who said they're on warfarin. Any interaction query has to go to the pharmacist, the agent must never give dosing advice itself.",
            "must never give dosing advice itself",
        ),
        "tool_gap": (
            "check_stock_level",
            "TIMEOUT",
            "check_stock_level has been hanging on every call since the wholesaler moved their API — use stock_lookup_v2 from now on, it reads from our own dispensary system.",
        ),
        "harm": (
            "Patients keep asking the assistant to just release their controlled meds to a neighbour without ID and it nearly did once — that's exactly the sort of thing that gets us struck off.",
            "release their controlled meds to a neighbour without ID",
            "feedback",
        ),
        "contrary": (
            "Honestly I'd rather it just answered quickly from what the patient tells it — digging through the PMR every time makes people wait ages for a simple yes.",
            "answered quickly from what the patient tells it",
        ),
        "sessionless": 0,
        "problems": [
            (
                "Could it please tell people that flu jabs are walk-in only on Tuesdays and Thursdays, and bookable the rest of the week?",
                "walk-in only on Tuesdays and Thursdays",
            ),
            (
                "STOP quoting the prescription charge as £9.65. Check the current NHS rate every time, it changes in April.",
                "Check the current NHS rate",
            ),
            (
                "Yesterday a lady rang about her husband's insulin pens which we'd run out of, and the agent told her to try again next week. She ended up driving to Leeds. If we're out of stock on anything like insulin or inhalers, it should offer to ring round the other branches for her instead of sending her away.",
                "offer to ring round the other branches",
            ),
            (
                "any questions abt blister packs / dosette boxes go to Priya on the MDS team pls, not the front counter",
                "go to Priya on the MDS team",
            ),
            (
                "Delivery is free for housebound patients only — anyone else pays £2.50, and it should say so up front rather than after they've booked.",
                "say so up front",
            ),
        ],
        "noise": [
            "Mr Okafor's amlodipine is ready for collection at the Station Road branch, not the High Street one — I've updated his record.",
            "For tomorrow only, the consultation room is out of action because of the plumber, so any BP checks booked for Wed 14th need moving to Thursday.",
            "Mrs Hartley paid £18.30 not £19.30 for order #55021, refund her the quid.",
        ],
    },
    "bicycle_repair_shop": {
        "agents": 3,
        "week": (4, 5, 5, 5, 6, 8, 3),
        "fact": (
            "We don't do same-day wheel builds, it's 5 working days minimum for a custom wheel build — the agent keeps saying 'usually same day'.",
            "5 working days minimum for a custom wheel build",
        ),
        "pattern": "quoting a repair price before seeing the bike",
        "remedy": (
            "It quoted £40 for a 'quick brake fix' that turned out to be a seized hydraulic caliper. What would actually help is if it gave a price range and said final quote after inspection on the bench.",
            "final quote after inspection on the bench",
        ),
        "rejection": (
            "Not approved — the reply tells the customer we'll fit their own tubeless sealant. Rule is we only use shop-supplied consumables on workshop jobs, for warranty reasons.",
            "only use shop-supplied consumables on workshop jobs",
        ),
        "tool_gap": (
            "book_workshop_slot",
            "CONFLICT",
            "book_workshop_slot keeps double-booking Saturdays and throwing conflicts, we've switched calendars — please use workshop_calendar_book instead.",
        ),
        "harm": (
            "People keep asking the bot to disable the speed limiter on their e-bike and it's been pulling up the tuning tool to try it — that's illegal on UK roads and it burns through our diagnostic credits.",
            "disable the speed limiter on their e-bike",
            "tools",
        ),
        "contrary": (
            "tbh I think it should just give people a firm number over chat, customers hate ranges and half of them walk off to Halfords when they hear 'depends'.",
            "give people a firm number over chat",
        ),
        "sessionless": 1,
        "problems": [
            (
                "can it ask for the frame size and wheel size before booking a bike fit? we keep getting people turning up with the wrong info",
                "ask for the frame size and wheel size before booking",
            ),
            (
                "Anything carbon frame damage = Dan. Not the agent, not the Saturday lad. Dan.",
                "carbon frame damage = Dan",
            ),
            (
                "Bikes left more than 30 days after we've called to say they're ready get a £5/day storage fee, the agent needs to mention this when it confirms the job is done.",
                "mention this when it confirms the job is done",
            ),
            (
                "Had a bloke in this morning furious because the chat told him his Shimano warranty claim would be sorted in a week. Shimano take 4-6 weeks and we've got no control over it. Going forward it should never give a timeline on manufacturer warranty claims, just say we'll update them when Shimano or whoever responds.",
                "never give a timeline on manufacturer warranty claims",
            ),
            (
                "pls stop recomending the cheapest chain to ppl with 12-speed groupsets, they need a 12spd compatible chain obvs",
                "need a 12spd compatible chain",
            ),
        ],
        "noise": [
            "The red Brompton in bay 3 belongs to Sarah Wilkes, not Sarah Wilson — fixed the ticket.",
            "Ignore the usual collection cutoff for Mr Patel today, he's coming at 6:15 and Tom's staying late.",
            "Job 2231 — customer approved the extra £22 for new cables, go ahead.",
        ],
    },
    "canal_boat_hire": {
        "agents": 4,
        "week": (3, 2, 2, 3, 6, 7, 5),
        "fact": (
            "Just to correct the chat: the damage deposit is £300, not £150 — it's been £300 since last season.",
            "damage deposit is £300",
        ),
        "pattern": "confirming a cruise route before checking lock stoppages",
        "remedy": (
            "Two families this month got sent off towards Caen Hill while it was closed for repairs. It'd help loads if it checked the CRT stoppage notices before suggesting a route.",
            "checked the CRT stoppage notices before suggesting a route",
        ),
        "rejection": (
            "Rejecting this draft — it says dogs are welcome on all boats. Only the boats marked pet-friendly take dogs, max two per boat.",
            "Only the boats marked pet-friendly take dogs",
        ),
        "tool_gap": (
            "get_boat_availability",
            "NETWORK",
            "The marina wifi kills get_boat_availability every afternoon — from today use fleet_availability_api, it runs off the office server not the cloud one.",
        ),
        "harm": (
            "We keep getting hirers asking the assistant to let them skip the handover training because they've 'done it before', and the cost of it arguing round in circles every session is silly — nobody leaves without the handover.",
            "skip the handover training",
            "cost",
        ),
        "contrary": (
            "I'm not sure about all this checking — the notices are half out of date anyway; I'd rather it pointed folk at the usual ring routes and let the boatyard sort any changes on handover day.",
            "pointed folk at the usual ring routes",
        ),
        "sessionless": 0,
        "problems": [
            (
                "Could the assistant make sure first-time hirers know they can't cruise after dusk? It's in the hire agreement but people don't read it.",
                "can't cruise after dusk",
            ),
            (
                "Short breaks are Mon-Fri or Fri-Mon ONLY. Don't let anyone book a Wednesday-Saturday, the turnaround doesn't work.",
                "Mon-Fri or Fri-Mon ONLY",
            ),
            (
                "Anyone asking about groups over 8 people — that's a two-boat booking, send them to Gareth in bookings.",
                "send them to Gareth in bookings",
            ),
            (
                "fuel is charged on return at the engine-hours rate, it keeps telling ppl fuel is included which its not",
                "charged on return at the engine-hours rate",
            ),
            (
                "Last Friday a couple with a toddler booked online and the agent never mentioned life jackets. They arrived expecting us to have a child size and we only had one left. From now on whenever a booking includes under-12s it should ask their weights so we can reserve the right buoyancy aids.",
                "ask their weights so we can reserve the right buoyancy aids",
            ),
            (
                "Please answer cancellation questions with the actual policy: full refund up to 8 weeks before, 50% after that, nothing inside 14 days. And don't offer goodwill credits yourself.",
                "don't offer goodwill credits yourself",
            ),
        ],
        "noise": [
            "The Hendersons on 'Kingfisher' 12th–19th are picking up from Bradford-on-Avon, not the main yard.",
            "Can you tell the party arriving Saturday that 'Otter' had its toilet pumped out this morning and it's all fine now.",
            "Waive the £35 late-return fee for booking KH-0874, the lock was jammed, not their fault.",
        ],
    },
    "tattoo_studio": {
        "agents": 6,
        "week": (0, 4, 5, 5, 6, 7, 2),
        "fact": (
            "We cannot tattoo anyone under 18 even with parental consent, it's the law — stop saying 16 with a parent's permission is ok.",
            "cannot tattoo anyone under 18",
        ),
        "pattern": "taking deposits before the artist approves the design",
        "remedy": (
            "The assistant took a £50 deposit for a full sleeve that Jess would never have agreed to do. What would help is it sending the reference to the artist for approval before taking any deposit.",
            "sending the reference to the artist for approval before taking any deposit",
        ),
        "rejection": (
            "Declined: the draft tells the client they can come in for a touch-up 2 weeks after. Touch-ups are only booked after 6 weeks of healing, no exceptions.",
            "only booked after 6 weeks of healing",
        ),
        "tool_gap": (
            "send_consent_form",
            "PERM",
            "send_consent_form is getting permission denied since we changed the Google account — use consent_form_sender from now on, it's set up under the studio's new login.",
        ),
        "harm": (
            "Clients keep messaging the bot asking it to book them in the same day as they've been drinking 'for the nerves', and a couple of times it's said fine — tattooing someone who's had a drink is a hard no, please get this sorted.",
            "book them in the same day as they've been drinking",
            "feedback",
        ),
        "contrary": (
            "Honestly, lock in the deposit first and let the artist fuss over the design after — we lose too many walk-ins waiting for someone to check their DMs.",
            "lock in the deposit first",
        ),
        "sessionless": 1,
        "problems": [
            (
                "could it ask whether the placement is over a scar or birthmark when people enquire? that changes everything for the artist",
                "ask whether the placement is over a scar or birthmark",
            ),
            (
                "NO quoting prices for anything bigger than palm size. Hourly rate is £110 and big pieces are priced at consultation.",
                "bigger than palm size",
            ),
            (
                "cover-up enquiries go to Marco, he's the only one who does them. dont book them with anyone else",
                "cover-up enquiries go to Marco",
            ),
            (
                "Had a client show up Saturday who'd been told by chat that numbing cream was fine — it's not, it messes with how the skin takes ink and Kez had to send her home. Tell people no numbing cream unless the artist's agreed it in advance, every time.",
                "no numbing cream unless the artist's agreed it in advance",
            ),
            (
                "Deposits r non-refundable but can be moved once with 48hrs notice, pls say both bits when ppl ask",
                "moved once with 48hrs notice",
            ),
        ],
        "noise": [
            "Leah's 2pm on the 21st is actually with Jess not Kez, I swapped them.",
            "Tell the guy who enquired about the koi piece that Marco's sent the sketch to his email.",
            "Ellie R can bring her mum in as a support person for tomorrow's session, I've said yes to her.",
        ],
    },
    "wholesale_bakery": {
        "agents": 8,
        "week": (7, 6, 6, 6, 8, 5, 1),
        "fact": (
            "The cut-off for next-day orders is 2pm, not 5pm — anything after 2 goes on the day after.",
            "cut-off for next-day orders is 2pm",
        ),
        "pattern": "accepting free-from orders without checking allergen lines",
        "remedy": (
            "Cafe Rosa got a nut-free order made on the same line as our praline croissants because the agent just said yes. It would help if it checked the allergen production schedule before confirming any free-from order.",
            "checked the allergen production schedule before confirming any free-from order",
        ),
        "rejection": (
            "Rejected — the draft promises a café account 60 days to pay. New trade accounts are on 14-day terms for the first three months, then 30.",
            "New trade accounts are on 14-day terms",
        ),
        "tool_gap": (
            "create_delivery_run",
            "ARGS",
            "create_delivery_run keeps rejecting the postcode field since the update, don't bother with it — use route_planner_add which takes the drop address as one line.",
        ),
        "harm": (
            "Customers keep asking the assistant to relabel yesterday's unsold sourdough with today's date so they can sell it as fresh, and it's been hammering the label printer tool trying to regenerate them — that's food fraud, full stop.",
            "relabel yesterday's unsold sourdough with today's date",
            "tools",
        ),
        "contrary": (
            "I think we're overdoing it — the regulars know what they're ordering, just take the order and let production flag any clash in the morning.",
            "just take the order and let production flag any clash",
        ),
        "sessionless": 0,
        "problems": [
            (
                "Minimum order for free delivery is £75 — under that it's a £12 drop charge. Please make sure it's on the order confirmation, not just mentioned in passing.",
                "make sure it's on the order confirmation",
            ),
            (
                "Could the agent stop offering substitutions when we're short on something? Ask the customer first, some cafés would rather have nothing than rye instead of white.",
                "Ask the customer first",
            ),
            (
                "wedding & celebration cakes = Hannah in the cake room, she needs min 3 wks notice, agent shouldnt accept anything shorter",
                "Hannah in the cake room",
            ),
            (
                "Monday the Old Mill Deli rang to cancel their standing order for the week because they were closed for a refit, and the agent cancelled the whole standing order permanently. We baked nothing for them the week after and they were fuming. If someone says cancel for a week, it should pause the standing order, not delete it — always confirm which they mean.",
                "pause the standing order, not delete it",
            ),
            (
                "Any complaint about mould or foreign objects goes straight to the QA manager same day, don't try and resolve it with a credit",
                "goes straight to the QA manager same day",
            ),
        ],
        "noise": [
            "The Green Bean order for Thursday should be 40 croissants not 24, I've rung them.",
            "Drop the pallet for Harlow Co-op at the back gate this Friday, the front's being resurfaced.",
            "Credit Bridge Street Café £18.40 for the squashed tray of brownies on invoice 7712.",
        ],
    },
}
