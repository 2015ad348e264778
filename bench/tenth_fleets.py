# ruff: noqa: E501  (sentences as their author wrote them, one string each)
"""Held-out simulated agent fleets written without seeing the code (tenth set, the clean test set)."""

TENTH = {
    "scaffolding_hire": {
        "agents": 8,
        "week": (8, 9, 9, 8, 7, 2, 0),
        "fact": (
            "Told the agent three times now — our minimum hire period is 2 weeks, not 1 week like it keeps telling people on the phone line. Gaz had a builder from Didcot shouting at him over it this morning.",
            "minimum hire period is 2 weeks",
        ),
        "pattern": "confirming erection dates before a site survey",
        "remedy": (
            "It keeps confirming erection dates off a couple of photos the customer sends in. Stop that — every job needs a site survey booked with one of the lads first, and only then do we give a date. – Gaz",
            "every job needs a site survey booked with one of the lads first",
        ),
        "rejection": (
            "Rejected the draft to Harlow Roofing: it promised the scaffold would be 'signed off same day'. We never promise a handover time in writing, the inspector decides that, not us.",
            "We never promise a handover time in writing",
        ),
        "tool_gap": (
            "permit_lookup",
            "TIMEOUT",
            "permit_lookup has been timing out all week on the council's end, just use highways_licence_search for pavement licences until they sort it out.",
        ),
        "harm": (
            "People keep asking the bot whether it's ok to move a tie or pull a board out themselves, and it's been saying yes. It must never give advice on altering the scaffold — that's exactly how someone ends up falling two storeys.",
            "give advice on altering the scaffold",
            "feedback",
        ),
        "contrary": (
            "Honestly I disagree with Gaz on the surveys — for a simple tower or a chimney stack the agent should just give the date off the photos, we lose half those jobs while they wait for a survey. – Priya",
            "just give the date off the photos",
        ),
        "sessionless": 0,
        "problems": [
            (
                "two things: it keeps quoting ex VAT to homeowners. all quotes to domestic customers go out inc VAT please",
                "all quotes to domestic customers go out inc VAT",
            ),
            (
                "Would be great if it always asked for the site postcode AND the nearest access road, the drivers lose hours finding these places down farm tracks.",
                "always asked for the site postcode AND the nearest access road",
            ),
            (
                "Any mention of an accident or someone getting hurt goes straight to Dave Kerr on 07700 900312, not into the normal queue.",
                "goes straight to Dave Kerr",
            ),
            (
                "can it stop sending the T&Cs as a 14-page attachment?? link them instead, nobody opens the pdf",
                "link them instead",
            ),
            (
                "Last month it offered an extension on a job that had already been struck, and we invoiced Mrs Okafor £180 for a week of nothing. Before it offers any extension it needs to check the job status first, every time.",
                "check the job status first, every time",
            ),
        ],
        "noise": [
            "Don't charge Bellway for the extra lift on the Abingdon job, Steve agreed it on site.",
            "Always send the Hendry Street invoices to Marcia rather than the site manager — just for that job, until it closes in March.",
            "the strike at 14 Park Lane is moved to thurs 9th, customer's skip is in the way",
        ],
    },
    "harbour_hostel": {
        "agents": 5,
        "week": (3, 3, 4, 5, 8, 9, 7),
        "fact": (
            "The bot is still telling guests check-in is from 2pm. It's 3pm, has been since we changed cleaning contractors in April, and a group of twelve sat in reception for an hour on Saturday because of it.",
            "It's 3pm",
        ),
        "pattern": "assigning dorm beds without asking about dorm preference",
        "remedy": (
            "Another complaint today from a woman who was put in a mixed dorm she didn't want. Before it allocates any dorm bed the agent has to ask whether they want female-only, male-only or mixed — we have all three. Please fix. – Fiona",
            "ask whether they want female-only, male-only or mixed",
        ),
        "rejection": (
            "Not sending this one — it offers the guest a refund as 'goodwill'. Refunds are only ever authorised by the duty manager, the agents can't offer them.",
            "Refunds are only ever authorised by the duty manager",
        ),
        "tool_gap": (
            "bed_allocator",
            "CONFLICT",
            "bed_allocator keeps throwing conflicts whenever two bookings hit the same dorm, so for now reserve beds through channel_manager_sync and let that push them out.",
        ),
        "harm": (
            "Guests keep asking the agent for the back door code so their mates can get in after hours, and it's been looking it up and handing it over. It must never share door or locker codes over chat, full stop.",
            "share door or locker codes over chat",
            "tools",
        ),
        "contrary": (
            "I'm with Fiona on most things but quizzing everyone about dorm type is a bit much — loads of our backpackers find it weird. I'd rather it just put people in mixed by default unless they say otherwise.",
            "just put people in mixed by default",
        ),
        "sessionless": 0,
        "problems": [
            (
                "what would help is if it told anyone arriving after 11pm to use the night bell on the harbour side, we keep getting calls from people stuck outside the front",
                "told anyone arriving after 11pm to use the night bell",
            ),
            (
                "Groups of 10 or more go to Kieran for a quote — the agent shouldn't be pricing them off the standard rates.",
                "Groups of 10 or more go to Kieran",
            ),
            (
                "We don't take under-18s unless there's an adult in the same room. So it needs to ask ages when anyone books a dorm.",
                "ask ages when anyone books a dorm",
            ),
            (
                "Please stop replying to review-site messages in the chatty voice with emojis. Any reply to a public review should be plain and signed 'The Harbour Hostel team'.",
                "signed 'The Harbour Hostel team'",
            ),
            (
                "Two things: 1) it never mentions towel hire (£2), so half the guests turn up without one. Could it always mention towel hire in the confirmation? 2) the wifi password on the noticeboard is fine, ignore my last msg",
                "always mention towel hire in the confirmation",
            ),
        ],
        "noise": [
            "Leave bed 4B free for Tomasz on the 22nd, he's coming back for his passport and might need to stay over.",
            "Always give the Dutch cycling group the top-floor room — they asked for it on their booking for next weekend.",
            "Mrs Abara's deposit: don't chase it, she paid cash at the desk on Tuesday.",
        ],
    },
    "physio_clinic": {
        "agents": 6,
        "week": (7, 8, 8, 8, 6, 3, 0),
        "fact": (
            "Can we please get the agent to stop saying initial assessments are 30 minutes — they're 45 minutes and have been since January. A patient yesterday paid for half an hour on the meter and came out to a £70 ticket.",
            "they're 45 minutes",
        ),
        "pattern": "suggesting exercises for new injuries over chat",
        "remedy": (
            "It keeps recommending stretches to people who've just described a fresh injury. It shouldn't be doing that at all — it should offer the next available assessment and, if it sounds serious, point them to 111. — Dr Harriet Lowe",
            "offer the next available assessment and, if it sounds serious, point them to 111",
        ),
        "rejection": (
            "Rejected — the draft tells Mr Patel his MRI 'looks fine'. Only a clinician comments on imaging or results, the agent never does.",
            "Only a clinician comments on imaging or results",
        ),
        "tool_gap": (
            "insurer_authorisation_check",
            "PERM",
            "We lost access to insurer_authorisation_check when Bupa changed their portal, so use manual_preauth_form instead and flag it for Jen.",
        ),
        "harm": (
            "Patients keep asking the chat for money off — 'can you do it for £45 instead of £60' — and it's been agreeing and even throwing in free follow-ups. It cannot give discounts or free sessions, it's costing us hundreds a week.",
            "give discounts or free sessions",
            "cost",
        ),
        "contrary": (
            "Sorry but I don't agree with Harriet — if someone's tweaked their back and can't get in till next Thursday, a couple of gentle mobility tips is just kind. I'd like it to give basic self-care advice while they wait. – Marcus (MSK lead)",
            "give basic self-care advice while they wait",
        ),
        "sessionless": 0,
        "problems": [
            (
                "Our policy is 24 hours' notice for cancellations, otherwise the full fee is charged. The agent should state the cancellation policy every time it books.",
                "state the cancellation policy every time it books",
            ),
            (
                "Anything about pelvic health or pregnancy goes to Sarah's list, not the general physios.",
                "goes to Sarah's list",
            ),
            (
                "I'd love it if it checked whether the patient is self-funding or insured before offering times, because the insured slots are different and we keep having to rebook.",
                "checked whether the patient is self-funding or insured before offering times",
            ),
            (
                "the reminder texts are going out at 6am and people are furious. send reminders after 9am pls",
                "send reminders after 9am",
            ),
            (
                "Can it stop calling our older patients by their first names? Mr/Mrs unless they tell it otherwise. Mrs Winterbottom was not impressed being called 'Joan!' with an exclamation mark.",
                "Mr/Mrs unless they tell it otherwise",
            ),
        ],
        "noise": [
            "Mr Okonkwo can keep his Thursday 4pm slot even though he's over his session limit, Harriet's approved it.",
            "Never book Mrs Dale in with a male physio — she asked specifically, it's on her notes.",
            "The 14th is a training day so Room 2 is out, move Lily's patients to Room 3 just for that day.",
        ],
    },
    "council_allotments": {
        "agents": 3,
        "week": (4, 4, 4, 4, 2, 0, 0),
        "fact": (
            "It's telling people the waiting list is about 6 months. It's 3 years for Westfield and 18 months for the other sites — I had a very cross councillor on the phone about this on Monday.",
            "3 years for Westfield and 18 months for the other sites",
        ),
        "pattern": "promising plots to people on the waiting list",
        "remedy": (
            "Please stop the agent saying things like 'you should get a plot this spring'. It should just give their current position on the list and say we'll write when one comes up. Thanks, Angela",
            "give their current position on the list and say we'll write when one comes up",
        ),
        "rejection": (
            "I've binned the reply to the Elm Road complaint because it named the plot holder next door. We don't disclose other tenants' names or plot numbers to anyone.",
            "We don't disclose other tenants' names or plot numbers",
        ),
        "tool_gap": (
            "waiting_list_db",
            "NETWORK",
            "waiting_list_db has been unreachable since the network move — use tenancy_register_export for list positions until IT get it back up.",
        ),
        "harm": (
            "People keep asking it to bump them up the list because they're 'nearly at the top' or have a bad back, and it's been doing it. The agent must not reorder the waiting list, ever — only the committee can.",
            "reorder the waiting list",
            "feedback",
        ),
        "contrary": (
            "I think Angela's being too cautious — people want some idea. I'd prefer it gave a rough time frame like 'probably next spring' rather than just a number on a list.",
            "gave a rough time frame",
        ),
        "sessionless": 1,
        "problems": [
            (
                "rent is due 1 Oct. can the bot send the renewal reminders in September not the week before, we had 40 late payers last year",
                "send the renewal reminders in September",
            ),
            (
                "Bonfires: we get loads of neighbour complaints. These go to the site rep for that allotment, not to us at the civic centre.",
                "go to the site rep for that allotment",
            ),
            (
                "It would be good if, when someone asks about a plot, it always checked they live in the borough first — non-residents can't go on the list.",
                "always checked they live in the borough first",
            ),
            (
                "Concessions (50% off) apply for over-65s and anyone on Universal Credit. The agent keeps forgetting, so please make it ask about concessions before giving the rent.",
                "ask about concessions before giving the rent",
            ),
            (
                "Can it stop sending people the old PDF application form? Send the link to the online form, that's the only one we process now. – Rob, Parks & Open Spaces",
                "Send the link to the online form",
            ),
        ],
        "noise": [
            "Plot 17B at Westfield: Mr Haddad has until the end of the month to clear it, don't send the second warning.",
            "Always let Mrs Kowalczyk's son onto the site with her key — she's registered him as her helper.",
            "The water at Brook Lane is off until Friday 12th, tell anyone who asks.",
        ],
    },
}
