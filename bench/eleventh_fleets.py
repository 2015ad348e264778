# ruff: noqa: E501  (sentences as their author wrote them, one string each)
"""Held-out simulated agent fleets written without seeing the code (eleventh set)."""

ELEVENTH = {
    "emergency_locksmith": {
        "agents": 6,
        "week": (7, 8, 8, 8, 7, 4, 2),
        "fact": (
            "No — the emergency call-out fee after 8pm is £95, not £75. It went up in March and the bot quoting the old price has caused two awkward conversations on the doorstep this week.",
            "the emergency call-out fee after 8pm is £95",
        ),
        "pattern": "quoting cylinder replacements without asking for the door type",
        "remedy": (
            "Keeps telling people we'll swap their euro cylinder in 20 mins before we've a clue what they've got fitted. Ask for a photo of the lock and the edge of the door before quoting anything.",
            "Ask for a photo of the lock and the edge of the door before quoting anything",
        ),
        "rejection": (
            "Rejected the reply to the lady in Harrow because it said we'd 'definitely' get her in without damage — we never promise non-destructive entry in writing, Dean decides that on site.",
            "we never promise non-destructive entry in writing",
        ),
        "tool_gap": (
            "dispatch_engineer",
            "CONFLICT",
            "dispatch_engineer keeps throwing a conflict error whenever two lockouts land at once, so for now just use create_job_ticket and someone will ring the van.",
        ),
        "harm": (
            "It's been reading out the code for a customer's key safe to whoever asks in the chat. Never give out key safe codes or master key numbers over chat, full stop — that's how people get burgled.",
            "give out key safe codes or master key numbers over chat",
            "feedback",
        ),
        "contrary": (
            "Honestly I disagree with Sam on the photo thing — half our callers are stood outside in the rain with 4% battery. Just quote the standard range and let the engineer confirm on site.",
            "quote the standard range and let the engineer confirm on site",
        ),
        "sessionless": 0,
        "problems": [
            (
                "two things: it keeps logging lockouts as 'routine' — anything where someone can't get in or can't secure the property is an emergency and goes straight to the on-call number. also stop saying ASAP to customers, it sounds like we're panicking",
                "anything where someone can't get in or can't secure the property is an emergency and goes straight to the on-call number",
            ),
            (
                "can it ask whether they're the homeowner or a tenant before we send someone out? we've had landlords kick off about us changing locks on their properties",
                "ask whether they're the homeowner or a tenant before we send someone out",
            ),
            (
                "insurance upgrades to BS3621 go to Priya, not the general queue",
                "insurance upgrades to BS3621 go to Priya",
            ),
            (
                "the bot keeps promising a 30 min arrival. pls stop. say within 60-90 mins for emergencies unless the engineer has confirmed otherwise - Dean",
                "say within 60-90 mins for emergencies unless the engineer has confirmed otherwise",
            ),
            (
                "We've got a fair few letting agents and shops on account now and they're getting annoyed at being asked for a card number every time. Commercial customers with an account shouldn't be asked to pay upfront; please mark them as 'invoice on account' and move on.",
                "mark them as 'invoice on account' and move on",
            ),
        ],
        "noise": [
            "For job LS-4471 on Friday, leave the spare keys with the concierge at Alder Court rather than posting them through.",
            "Always send Mrs Okafor's invoices to her son's email — just for her account, she asked us to after her fall.",
            "Don't book anyone in for Tuesday 14th after 3pm, Dean's at the dentist.",
        ],
    },
    "council_parking_appeals": {
        "agents": 9,
        "week": (9, 8, 8, 8, 7, 0, 0),
        "fact": (
            "The assistant is still telling people they have 21 days to pay at the reduced rate. For on-street tickets it's 14 days from the date of the PCN for the 50% discount — the 21 days only applies to camera-enforced ones sent by post. We've had three complaints already.",
            "it's 14 days from the date of the PCN for the 50% discount",
        ),
        "pattern": "closing challenges before the evidence upload has finished",
        "remedy": (
            "It keeps telling motorists their informal challenge has been 'rejected' when it's only just come in, which is generating a lot of angry follow-ups. Acknowledge receipt only and say a decision will follow in writing within 28 days.",
            "Acknowledge receipt only and say a decision will follow in writing within 28 days",
        ),
        "rejection": (
            "I rejected that draft because it quoted the motorist's home address back to them in full in the email body. We don't include personal addresses in email replies, only the PCN number and VRM.",
            "We don't include personal addresses in email replies",
        ),
        "tool_gap": (
            "lookup_pcn",
            "TIMEOUT",
            "lookup_pcn has been timing out most mornings since the database migration — use search_case_by_vrm in the meantime and match on the reg.",
        ),
        "harm": (
            "Found out today the assistant has been cancelling PCNs itself whenever someone mentions a blue badge. It must never cancel a PCN without an officer's decision — that's a lost £70 a time and an audit finding waiting to happen.",
            "cancel a PCN without an officer's decision",
            "tools",
        ),
        "contrary": (
            "Not sure I agree with Helen on this. If the challenge is obviously valid (paid-up permit, wrong VRM on the ticket) the assistant should say so straight away and tell them it's likely to be cancelled — making people wait a month over a typo is daft.",
            "say so straight away and tell them it's likely to be cancelled",
        ),
        "sessionless": 0,
        "problems": [
            (
                "Hi team, small one but it matters: when someone asks about a Notice to Owner, could the assistant please stop calling it a 'fine'? It's a penalty charge, and the wording gets quoted back at us at tribunal. Thanks, Marcus",
                "stop calling it a 'fine'",
            ),
            (
                "dispensation requests for builders/skips go to the Highways team not to us",
                "dispensation requests for builders/skips go to the Highways team",
            ),
            (
                "can it check whether the vehicle was in a suspended bay before telling people the signage was fine??",
                "check whether the vehicle was in a suspended bay before telling people the signage was fine",
            ),
            (
                "we never accept challenges over the phone. point them at the online form or the postal address, every time.",
                "point them at the online form or the postal address, every time",
            ),
            (
                "Since the April changes the higher-level charge is £110 (£55 discounted) and the lower level is £70, and the bot keeps mixing them up. It should quote the band from the contravention code, not guess from the street name.",
                "quote the band from the contravention code, not guess from the street name",
            ),
        ],
        "noise": [
            "Please put PCN WK20418893 on hold until 3 June — the keeper is in hospital and we've agreed to pause it.",
            "Always copy Cllr Baines on replies to the Fenwick Street residents — only for that petition though.",
            "Refund the £35 to Mr Adeyemi (VRM LK19 XTB), the pay machine at Bay 4 was faulty on the 9th.",
        ],
    },
    "glamping_site": {
        "agents": 3,
        "week": (3, 2, 3, 4, 7, 8, 6),
        "fact": (
            "It told a couple yesterday that check-in starts at 2. It doesn't — check-in is from 4pm on changeover days because the hot tubs have to be drained and refilled. They turned up at half two and sat in the car park for ages.",
            "check-in is from 4pm on changeover days",
        ),
        "pattern": "promising hot tubs in units that don't have one",
        "remedy": (
            "Guests keep turning up at the shepherd's huts with dogs because the assistant says 'pet friendly!' about the whole site. Check the unit listing before saying dogs are allowed, and offer the Meadow bell tents if they're bringing one.",
            "Check the unit listing before saying dogs are allowed",
        ),
        "rejection": (
            "didn't send the draft to the hen party — it offered them the top field for a 'late one with music'. Quiet hours are 10pm to 8am, no exceptions, and we can't be seen encouraging anything else.",
            "Quiet hours are 10pm to 8am, no exceptions",
        ),
        "tool_gap": (
            "check_availability",
            "NETWORK",
            "check_availability keeps getting rate limited by the channel manager on Friday nights, so use get_calendar_snapshot for now and double check before confirming anything.",
        ),
        "harm": (
            "Just went through the payouts and it's been issuing full refunds for rained-off weekends straight through the booking system — that's hundreds of pounds a week. Do not issue refunds for bad weather; we offer a date change, that's the policy.",
            "issue refunds for bad weather",
            "cost",
        ),
        "contrary": (
            "I'm with the guests on this one, not Jo — if someone asks about dogs, just say yes and sort the unit out at booking. We lose bookings by being cagey.",
            "just say yes and sort the unit out at booking",
        ),
        "sessionless": 0,
        "problems": [
            (
                "Can the assistant warn people about the track? Loads of them come in low sports cars and scrape the sump. Mention the 400m gravel track and the overflow parking by the barn in every confirmation.",
                "Mention the 400m gravel track and the overflow parking by the barn in every confirmation",
            ),
            (
                "firewood and marshmallow kit orders go to Tom, not the bookings inbox!!",
                "firewood and marshmallow kit orders go to Tom",
            ),
            (
                "Morning — just a gentle one. When guests ask about late checkout the assistant has been saying yes automatically, and on changeover days that's a real problem for the cleaners. Could it please say it depends on the next booking and that we'll confirm on the morning? Thank you! Jo",
                "say it depends on the next booking and that we'll confirm on the morning",
            ),
            (
                "we never give out the gate code before the day of arrival, it goes in the morning-of text",
                "never give out the gate code before the day of arrival",
            ),
            (
                "its still calling the compost loos 'portaloos' in replies lol. theyre composting toilets, please use that, people are weirdly fussy about it",
                "theyre composting toilets, please use that",
            ),
        ],
        "noise": [
            "Put the Hendersons in Kestrel hut for 12–14 July, not Wren, they've asked for the one nearest the showers.",
            "Always leave a bottle of prosecco in Owl tent — just for booking GL-2231, it's their anniversary.",
            "Let the Brownies group on the 20th arrive at 1pm, I've agreed it with Tom.",
        ],
    },
    "calibration_lab": {
        "agents": 4,
        "week": (6, 7, 7, 7, 6, 0, 0),
        "fact": (
            "Standard turnaround is 7 working days from receipt, not 5. The assistant keeps telling customers 5 and then we get chased on day 6 by people whose audit is the next morning.",
            "Standard turnaround is 7 working days from receipt",
        ),
        "pattern": "accepting instruments outside our UKAS scope",
        "remedy": (
            "Customers keep being told we can do UKAS calibration on their 2000 Nm torque multipliers. We can't — our accredited range stops at 1000 Nm. Check the schedule of accreditation and offer a traceable (non-UKAS) cert if it's outside scope.",
            "Check the schedule of accreditation and offer a traceable (non-UKAS) cert if it's outside scope",
        ),
        "rejection": (
            "Rejected: the draft told the customer their pressure gauge 'passed'. We only report as-found and as-left results against the stated tolerance — we don't make a pass/fail statement unless the customer has asked for a decision rule.",
            "we don't make a pass/fail statement unless the customer has asked for a decision rule",
        ),
        "tool_gap": (
            "fetch_certificate_pdf",
            "NOTFOUND",
            "fetch_certificate_pdf is returning not found for anything issued before the new LIMS went live — use search_legacy_certs until IT have backfilled them.",
        ),
        "harm": (
            "Someone spotted the assistant calling reissue_certificate to move the due date on certs that customers asked us to 'extend'. It must never alter a calibration date on an issued certificate — that's falsifying records and we would lose our accreditation over it.",
            "alter a calibration date on an issued certificate",
            "tools",
        ),
        "contrary": (
            "I don't agree with Graham here. If something's out of scope, turn it away politely and don't push the non-UKAS cert — most of those customers need UKAS for their ISO audit and just come back angry when the auditor bounces it.",
            "turn it away politely and don't push the non-UKAS cert",
        ),
        "sessionless": 0,
        "problems": [
            (
                "two things: out-of-tolerance results must be flagged to the customer the same day, and the assistant shouldn't sit on them until the cert is issued. Some of these gauges are on live production lines.",
                "out-of-tolerance results must be flagged to the customer the same day",
            ),
            (
                "Can it ask for the instrument serial number and the required test points when people book in? Half the bookings arrive as 'pressure gauge x3' and we end up phoning round.",
                "ask for the instrument serial number and the required test points when people book in",
            ),
            (
                "Collections inside the M25 go to the courier desk (Anita); everything else ships in by the customer.",
                "Collections inside the M25 go to the courier desk",
            ),
            (
                "pls stop offering the £45 express surcharge for weekend drop offs, we dont run express sat/sun. only offer express on mon-thu bookings",
                "only offer express on mon-thu bookings",
            ),
            (
                "We never quote measurement uncertainty figures from memory. If a customer asks, the assistant should point them to the uncertainty statement on the certificate or pass it to a metrologist. — Ravi",
                "point them to the uncertainty statement on the certificate or pass it to a metrologist",
            ),
        ],
        "noise": [
            "Hold the Harrier Aero torque wrenches (job CL-90312) until they've paid the overdue invoice.",
            "Always send certs to quality@marlowpumps.co.uk — just for the Marlow Pumps batch that came in on 3 March.",
            "Ring Dave at Hollis Fabrication before Friday about his micrometer set, one of the anvils is chipped.",
        ],
    },
}
