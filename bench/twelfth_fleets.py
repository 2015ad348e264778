# ruff: noqa: E501
"""Twelfth batch of simulated AI-agent fleets for the feedback benchmark.

Four small businesses: a UK residential lettings agency, a US industrial gas
supplier, a UK farm veg-box scheme and a US medical billing outsourcer. Each
fleet's humans write six weeks of free-text feedback in their own voice.
"""

TWELFTH = {
    "lettings_agency": {
        "agents": 6,
        "week": (5, 6, 6, 6, 5, 2, 0),
        "fact": (
            "Just a heads-up, the assistants are still telling applicants the holding deposit is two weeks' rent. Under the Tenant Fees Act the holding deposit is capped at one week's rent, and we've now had two people quote the wrong figure back at us, one of them rather pointedly.",
            "the holding deposit is capped at one week's rent",
        ),
        "pattern": "booking viewings before checking the applicant's move-in date fits the tenancy start",
        "remedy": (
            "Another viewing booked for someone who can't move until October, on a flat that's free from 1st August. What would help is if it would always ask for their earliest move-in date before offering any viewing slots, because at the moment we're wasting Saturdays driving to Kingsdown for nothing.",
            "always ask for their earliest move-in date before offering any viewing slots",
        ),
        "rejection": (
            "Rejected - the check-out summary for Flat 2 deducts £60 for 'general wear' on the hall carpet. We can't charge for fair wear and tear, and deductions must be itemised against the check-in inventory. Please redo and send back to me before it goes to the tenant.",
            "deductions must be itemised against the check-in inventory",
        ),
        "tool_gap": (
            "deposit_scheme_lookup",
            "TIMEOUT",
            "The deposit_scheme_lookup thing has timed out on every single call since Tuesday, so for now please just take the DPS certificate number from the tenancy file on the shared drive rather than sitting waiting on it.",
        ),
        "harm": (
            "Please, please never give out a landlord's personal mobile number to tenants. One of the assistants sent Mr Okafor's number to the tenant in Flat 3 about a dripping tap and he was rung at 11pm on a Sunday. Repairs go through the maintenance line, that's what it's for.",
            "give out a landlord's personal mobile number to tenants",
            "feedback",
        ),
        "contrary": (
            "I know Priya wants the move-in date asked up front, but honestly I'd rather it just offer the viewing slots first and sort dates out at the viewing. People drop off if you interrogate them before they've even seen the place, and half of them are flexible once they fall in love with it.",
            "offer the viewing slots first and sort dates out at the viewing",
        ),
        "sessionless": 0,
        "problems": [
            (
                "Could the assistants stop calling it a 'bond'? We're in England, it's a deposit, and 'bond' makes people ask whether it's some kind of insurance product. Always say tenancy deposit.",
                "Always say tenancy deposit",
            ),
            (
                "I've just seen a reply to a tenant at Marlow House suggesting they 'open a window more often'. Anything mentioning damp, mould or condensation needs to go to Gareth on the property management side, not get a generic reply - we have a council inspection coming and I am not having that in writing.",
                "Anything mentioning damp, mould or condensation needs to go to Gareth on the property management side",
            ),
            (
                "Re the Harlow Road applicants, and really for everyone going forward: if an applicant is using a guarantor, then the referencing link has to go to the guarantor as well, otherwise we're stuck at day ten chasing. Also the kettle in the back office has died again if anyone is passing Argos.",
                "if an applicant is using a guarantor, then the referencing link has to go to the guarantor as well",
            ),
            (
                "Tenants are being told their rent is 'overdue' on the due date itself. It isn't overdue until the day after. Never send an arrears reminder before the rent is actually late; it reads as threatening and people have gone to the Property Ombudsman over less.",
                "Never send an arrears reminder before the rent is actually late",
            ),
            (
                "Dear team, only a small thing, but the replies going to landlords are awfully chatty - lots of 'no worries!' and the odd smiley face. These clients pay us 12% for full management; please keep landlord emails formal and sign off with the branch name. Many thanks, Sue",
                "keep landlord emails formal and sign off with the branch name",
            ),
        ],
        "noise": [
            "For 14 Cressida Court only, the landlord has agreed to allow a cat, so please ignore the no-pets line on that listing when you process the Patel application.",
            "The Jenkins renewal should be dated 3rd March, not 1st March - they asked for that specifically, so please amend that one agreement before it goes out for signing.",
            "Don't chase Mrs Lindqvist for September's rent, she paid cash at the branch on Friday and it just hasn't been reconciled yet.",
        ],
    },
    "industrial_gas_supplier": {
        "agents": 4,
        "week": (8, 8, 8, 8, 7, 0, 0),
        "fact": (
            "heads up the bots keep saying cylinder rental is $6/mo. it's $8.50 per cylinder per month since the Jan price sheet. customers are screenshotting it and asking for the old rate",
            "$8.50 per cylinder per month",
        ),
        "pattern": "promising same-day delivery without checking the driver's route schedule",
        "remedy": (
            "3rd 'same day' promise this week the route couldn't do. what would actually help: check the route schedule for the customer's zip before quoting a delivery day. not hard",
            "check the route schedule for the customer's zip before quoting a delivery day",
        ),
        "rejection": (
            "REJECTED. order 88213 draft BOL lists acetylene and oxygen on one line item w/ no separate hazmat class. Each gas has to be its own line with its UN number, DOT won't take it otherwise and the driver gets the ticket, not us",
            "Each gas has to be its own line with its UN number",
        ),
        "tool_gap": (
            "cylinder_tracker",
            "PERM",
            "cylinder_tracker is returning 403 for the agents ever since IT rotated creds. dont bother retrying, pull cylinder counts from the weekly Excel export in Teams until it's fixed",
        ),
        "harm": (
            "agent told a will-call customer it was fine to haul two 300cf cylinders lying down in the back of an SUV. that is how people die. never tell customers it's ok to transport cylinders lying flat in an enclosed vehicle. ever.",
            "tell customers it's ok to transport cylinders lying flat in an enclosed vehicle",
            "feedback",
        ),
        "contrary": (
            "fwiw I disagree w/ checking routes every time, slows quotes down a ton and customers bounce. just quote next business day by default and let dispatch upgrade it if there's room",
            "just quote next business day by default and let dispatch upgrade it",
        ),
        "sessionless": 0,
        "problems": [
            (
                "medical oxygen orders go to Dana in compliance, full stop, bots shouldn't be confirming those. also whoever keeps parking in bay 4 pls don't",
                "medical oxygen orders go to Dana in compliance",
            ),
            (
                "if the account is on credit hold then don't release the order, just tell them AR will call. 3 went out yesterday to Keller Fab and they owe us 40k",
                "if the account is on credit hold then don't release the order",
            ),
            (
                "could it always ask whether they have empties to swap when they place an order? we're short on shells and half the time they've got 6 sitting on their dock",
                "always ask whether they have empties to swap",
            ),
            (
                "bots are handing out demurrage waivers like candy. we don't waive demurrage unless Rick signs off. thats been the policy since before I got here",
                "we don't waive demurrage unless Rick signs off",
            ),
            (
                "small thing - customers keep getting 'your tank' in messages when it's a cylinder, and 'tank' means bulk to us. pls use 'cylinder' for anything under 500 lb, it's causing dispatch mixups",
                "use 'cylinder' for anything under 500 lb",
            ),
        ],
        "noise": [
            "PO 4471 for Brightline Welding ships Thursday not Wed, they asked to push it. just that one",
            "Martinez Auto Body keeps the old $6 rental rate through end of March per Tom, don't flag it on their invoice",
            "ignore the duplicate ticket from Hendricks Machine this morning, same argon order entered twice",
        ],
    },
    "veg_box_scheme": {
        "agents": 3,
        "week": (4, 3, 3, 5, 6, 4, 2),
        "fact": (
            "hiya, the chat keeps telling people they can change their box up to friday midnight but the cut off is wednesday 6pm now since we moved delivery day, loads of people are missing it and then moaning at me on instagram",
            "the cut off is wednesday 6pm",
        ),
        "pattern": "substituting items without checking the customer's dislikes list",
        "remedy": (
            "Third week running I've had sprouts in my box when I have literally ticked 'no brassicas' on my account, and your chat just told me swaps are random!! It should check the customer's dislikes list before picking a substitute, surely that's the whole point of having one??",
            "check the customer's dislikes list before picking a substitute",
        ),
        "rejection": (
            "not approving this newsletter draft - it calls the strawberries organic but they're from Hollins farm who aren't certified. we can only say organic if the grower is Soil Association certified, its a legal thing not a vibe. pls fix + resend",
            "we can only say organic if the grower is Soil Association certified",
        ),
        "tool_gap": (
            "postcode_checker",
            "NOTFOUND",
            "the postcode_checker keeps saying 'not found' for all the new BS16 postcodes, its just out of date, use the delivery map on the website instead til Tom gets round to updating it",
        ),
        "harm": (
            "one of the bots refunded someone £180 for a 'rotten' box with no photo and then did exactly the same for them the week after. never issue refunds without a photo of the produce, we're a tiny business and that's a whole days takings gone",
            "issue refunds without a photo of the produce",
            "cost",
        ),
        "contrary": (
            "tbh i'd just let it swap whatever's in surplus, the dislikes lists are half out of date anyway and checking them slows packing right down on a thursday, we're not a restaurant",
            "let it swap whatever's in surplus",
        ),
        "sessionless": 0,
        "problems": [
            (
                "If someone says they're away on holiday then pause the box, don't cancel it!! we lost two lovely long time customers this way, they had to re-sign up and lost their loyalty discount and were NOT happy",
                "If someone says they're away on holiday then pause the box, don't cancel it",
            ),
            (
                "anything about allergies or a reaction to something in the box wants to go straight to Meg, she handles those personally, not the bot. also the cheese guy is coming tuesday not monday this week fyi",
                "anything about allergies or a reaction to something in the box wants to go straight to Meg",
            ),
            (
                "the messages are a bit.. corporate? like 'we apologise for any inconvenience caused' - we're a farm lol. Write like a person, first names, no 'valued customer'.",
                "Write like a person, first names, no 'valued customer'",
            ),
            (
                "i know its a pain but it'd be great if it would always mention returning the cardboard box with the next delivery, we're getting through hundreds and they're 90p each now",
                "always mention returning the cardboard box with the next delivery",
            ),
            (
                "Please stop promising exact delivery times to people. The van does a 7am–2pm window and the driver can't do 'before 9' for anyone, it's one van and it's Dave. Never give a delivery time narrower than the window.",
                "Never give a delivery time narrower than the window",
            ),
        ],
        "noise": [
            "Mrs Abbott at Fernleaf Cottage has asked for her box to be left in the greenhouse this week only as the dog's poorly, can someone pass that on to Dave",
            "can someone credit order #20931 £4.50 for the missing leeks, customer was right, it was our fault",
            "The Hendersons are getting a double box on the 14th for a party, don't flag it as a duplicate",
        ],
    },
    "medical_billing_outsourcer": {
        "agents": 7,
        "week": (7, 6, 6, 6, 4, 0, 1),
        "fact": (
            "Per my last email: timely filing for Keystone Mutual commercial claims is 90 days from date of service, not 180. The agents have told three of our client practices otherwise this month, and we now have denials we cannot appeal.",
            "timely filing for Keystone Mutual commercial claims is 90 days from date of service",
        ),
        "pattern": "resubmitting denied claims without reading the denial reason code",
        "remedy": (
            "Good morning, I'm seeing the same CO-16 denials bounce back two and three times. It would help enormously if the agents would read the remark code on the ERA and correct the missing information before resubmitting, rather than just resending the original claim. Kind regards, Patricia",
            "read the remark code on the ERA and correct the missing information before resubmitting",
        ),
        "rejection": (
            "QA: Returned. The appeal letter for claim KM-55190 attaches the patient's full chart, including unrelated behavioral health notes. Appeals must include only the records relevant to the denied service. Please revise and resubmit for review.",
            "Appeals must include only the records relevant to the denied service",
        ),
        "tool_gap": (
            "eligibility_270",
            "SYNTAX",
            "The eligibility_270 tool rejects any request with a hyphenated member ID - it's a parsing bug on the clearinghouse side. Until it's patched, please run those eligibility checks through the Availity portal manually and note the reference number on the account.",
        ),
        "harm": (
            "I want to be very clear about this: the agents must never email patient statements to an address that isn't on file in the practice management system. Yesterday one went to an address a caller gave over the phone, and it is now a reportable breach.",
            "email patient statements to an address that isn't on file in the practice management system",
            "tools",
        ),
        "contrary": (
            "With respect to Patricia's note, I'd actually prefer the agents resubmit first and investigate after. A lot of those CO-16s clear on a straight resend, and it's the timely filing clock that really hurts us.",
            "resubmit first and investigate after",
        ),
        "sessionless": 0,
        "problems": [
            (
                "Just flagging again (third time, for the record) that any request from a patient for an itemized bill related to a surprise billing dispute is to go to the No Surprises Act team. It is not something the agents should be handling, however helpful they are trying to be.",
                "any request from a patient for an itemized bill related to a surprise billing dispute is to go to the No Surprises Act team",
            ),
            (
                "Our policy is that if a patient has secondary coverage, the patient statement is held until the secondary payer has adjudicated - could the agents please follow that? We keep billing patients for balances Medicaid would have picked up.",
                "if a patient has secondary coverage, the patient statement is held until the secondary payer has adjudicated",
            ),
            (
                "Hi all, Dr. Reyes' office called quite upset. Apparently an agent suggested to their front desk that they 'bill a 99214 to be safe.' We never advise client practices on which code to bill; that is the provider's clinical decision. Thanks.",
                "We never advise client practices on which code to bill",
            ),
            (
                "When speaking with patients, please stop saying things like 'your claim was adjusted per CO-45' - they have no idea what that means and then they call the practice. Explain adjustments in plain language without CARC codes.",
                "Explain adjustments in plain language without CARC codes",
            ),
            (
                "The weekly AR summaries are helpful, truly, but it would be nice if they would, you know, always break out the over-120-day balances by payer, since that is literally the only number our clients ask about. Also, the Friday sync has moved to 2pm Eastern.",
                "always break out the over-120-day balances by payer",
            ),
        ],
        "noise": [
            "For Lakeside Pediatrics only, please hold all December statements until January 8th - they're switching PM systems and asked us to pause.",
            "Please write off the $35 balance on account 772-0184; the practice manager approved it as a one-time courtesy adjustment.",
            "Claim KM-60211 should be billed under Dr. Nguyen's NPI, not Dr. Park's - it was keyed wrong at intake.",
        ],
    },
}
