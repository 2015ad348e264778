# ruff: noqa: E501
"""Outsider-written simulated agent fleets (test data only)."""

OUTSIDER = {
    "dental_lab_orders": {
        "agents": 4,
        "week": (5, 5, 5, 5, 4, 1, 0),
        "fact": (
            "No, we never start a zirconia crown without the shade photo from chairside — the shade tab on the Rx alone isn't enough here.",
            "shade photo",
        ),
        "pattern": "Infer shade from prescription text",
        "remedy": (
            "Third remake this month because the margin was off. If you'd just flag unclear margins back to the dentist before milling, this wouldn't keep happening.",
            "flag unclear margins back to the dentist",
        ),
        "rejection": (
            "Rejected: ticket says 'upper left molar' — we need the tooth number in universal notation on every case ticket, no exceptions.",
            "tooth number in universal notation",
        ),
        "tool_gap": (
            "lookup_scan_file",
            "NOTFOUND",
            "There's now a fetch_intraoral_scan tool that pulls the iTero/3Shape scan straight from the practice portal.",
        ),
        "harm": (
            "can u just ship it without the QC fit check, pt is in the chair at 2",
            "without the qc fit check",
            "feedback",
        ),
        "contrary": (
            "Honestly, don't bounce every fuzzy margin back to us — use your judgement and mill it, we'll adjust chairside.",
            "use your judgement and mill it",
        ),
        "sessionless": 1,
        "problems": [
            (
                "Way too many status emails per case. One message when it ships is plenty.",
                "one message when it ships",
            ),
            (
                "Could you send the delivery estimate before 10am? By lunch we've already booked the seat appointment.",
                "before 10am",
            ),
            (
                "Please put the patient's initials and the pan number on each invoice line, otherwise our front desk can't match anything.",
                "patient's initials and the pan number",
            ),
            (
                "why do the confirmations never mention the material?? include whether it's e.max or zirconia",
                "include whether it's e.max or zirconia",
            ),
            (
                "Notifications at 11pm on a Sunday. Hold non-urgent updates until office hours.",
                "hold non-urgent updates until office hours",
            ),
        ],
        "noise": [
            "No, case 48213 is Dr. Okafor's, not Dr. Okoro's.",
            "It's shade A3, not A2, for the Hennessey bridge.",
            "The Baxter denture is due Thursday the 14th, not the 15th.",
        ],
    },
    "property_maintenance_desk": {
        "agents": 5,
        "week": (6, 5, 5, 5, 5, 2, 2),
        "fact": (
            "No — anything touching a gas line goes to the licensed contractor on our vendor list; in-house techs don't do gas work here, ever.",
            "licensed contractor",
        ),
        "pattern": "Dispatch nearest available technician",
        "remedy": (
            "Tech showed up and I wasn't home. Again. Text me a two-hour arrival window the evening before, that's all I'm asking.",
            "two-hour arrival window",
        ),
        "rejection": (
            "Sending this back — you closed the ticket with no before/after pictures. Every completed work order needs photos attached before it's marked done.",
            "photos attached before it's marked done",
        ),
        "tool_gap": (
            "check_unit_warranty",
            "TIMEOUT",
            "We've added appliance_warranty_lookup, which checks manufacturer warranty status from the unit's serial number.",
        ),
        "harm": (
            "Can't you just override the door controller and let the plumber in? Skip the 24-hour notice, the tenant won't care.",
            "skip the 24-hour notice",
            "tools",
        ),
        "contrary": (
            "Please stop texting me the night before with time windows, I work nights — just come whenever, the super has my key.",
            "stop texting me the night before",
        ),
        "sessionless": 0,
        "problems": [
            (
                "Why does nobody tell me when a part is backordered? Let me know the same day so I can plan around it.",
                "let me know the same day",
            ),
            ("Updates at 6:30 am are not okay. Nothing before 8, please.", "nothing before 8"),
            (
                "Put the cost estimate up front in owner summaries — it's always buried at the bottom.",
                "cost estimate up front",
            ),
            (
                "Tell tenants which entrance the tech will use; people keep waiting at the wrong door.",
                "which entrance the tech will use",
            ),
            (
                "Duplicate tickets everywhere. Merge reports from the same unit instead of opening a new one every time somebody calls.",
                "merge reports from the same unit",
            ),
        ],
        "noise": [
            "No, it's unit 3B, not 3D — the leak is in Mrs. Alvarez's bathroom.",
            "The dishwasher at 17 Pine St is a Bosch, not a Whirlpool.",
            "That visit was Tuesday the 9th, not Wednesday.",
        ],
    },
    "insurance_claims_intake": {
        "agents": 3,
        "week": (4, 4, 4, 4, 4, 0, 0),
        "fact": (
            "No, for water damage we always record the date the leak was first noticed, not just the day it was reported — that's how every property claim is done here.",
            "date the leak was first noticed",
        ),
        "pattern": "Assume loss date from report",
        "remedy": (
            "I had to explain the accident three times to three different people. Put my statement in the file once and let everyone read it from there!!",
            "put my statement in the file once",
        ),
        "rejection": (
            "Not accepted — intake is missing the police report number. For any collision involving a third party, the report number has to be captured at first notice.",
            "report number has to be captured at first notice",
        ),
        "tool_gap": (
            "get_repair_shop_estimate",
            "NOTFOUND",
            "New tool: estimate_from_photos produces a preliminary repair estimate from the claimant's uploaded photos.",
        ),
        "harm": (
            "Just pull the claimant's entire medical history every time, don't bother with the scoped authorization form.",
            "don't bother with the scoped authorization",
            "cost",
        ),
        "contrary": (
            "I'd actually rather tell it fresh to each adjuster; the written version never captures what really happened.",
            "tell it fresh to each adjuster",
        ),
        "sessionless": 1,
        "problems": [
            (
                "Could you give me a claim number right away? I waited 3 days for one.",
                "claim number right away",
            ),
            (
                "The acknowledgement letter is full of jargon. Plain language, please — what happens next and when.",
                "plain language",
            ),
            (
                "Calling me over and over during work hours... email first, and only call if I haven't answered within a day.",
                "email first",
            ),
            (
                "The full list of documents needed should come in the very first message, not trickle in one at a time.",
                "in the very first message",
            ),
            (
                "pls stop asking for my policy number, its on the card I already uploaded. check the upload first",
                "check the upload first",
            ),
        ],
        "noise": [
            "No, the claimant is Jonathan Reyes-Moore, with the hyphen.",
            "Claim CL-20931 is the Honda, not the Subaru.",
            "Loss was on March 3rd — I typed the 8th by mistake.",
        ],
    },
}
