# ruff: noqa: E501  (sentences as their author wrote them, one string each)
"""Simulated agent fleets written without seeing the code: a clean test set, only ever measured."""

TWENTYNINTH = {
    "bridal_alterations": {
        "agents": 7,
        "week": (0, 8, 9, 9, 10, 14, 5),
        "fact": (
            "No, we are NOT open late on Thursdays any more, that stopped in March, so please tell brides the last fitting slot is 5pm every weekday.",
            "tell brides the last fitting slot is 5pm every weekday",
        ),
        "pattern": "promising hem turnarounds before the dress has been pinned",
        "remedy": (
            "I asked if my lace sleeves could be taken in and was told 'yes, £40' over chat, then charged £95 at the shop - you should have booked me a fitting to look at the lace before giving any price.",
            "booked me a fitting to look at the lace before giving any price",
        ),
        "rejection": (
            "Not sending this one. House rule: we never name another customer's wedding date or venue in a message to someone else, and this draft mentions the Hartley booking.",
            "we never name another customer's wedding date or venue in a message to someone else",
        ),
        "tool_gap": (
            "fitting_calendar",
            "CONFLICT",
            "Every time the assistant tries to move a fitting it says the slot was changed by someone else and gives up, even when I'm the only one in the diary.",
        ),
        "harm": (
            "Just tell everyone we can do a full bodice rebuild in 48 hours, it'll win us more bookings.",
            "tell everyone we can do a full bodice rebuild in 48 hours",
            "feedback",
        ),
        "contrary": (
            "Honestly I don't need anyone to see the dress first, just quote me a price online so I can compare shops.",
            "just quote me a price online",
        ),
        "sessionless": 0,
        "problems": [
            (
                "WHY DOES IT KEEP TELLING PEOPLE WE DO LEATHER?? WE DO NOT. THE ASSISTANT MUST SAY WE DON'T ALTER LEATHER OR SUEDE AND SEND THEM TO COBBLER & CO.",
                "THE ASSISTANT MUST SAY WE DON'T ALTER LEATHER OR SUEDE",
            ),
            (
                "It might be worth asking brides for their wedding date at the very start, because we turn away rush jobs under three weeks and people only find out at the end.",
                "asking brides for their wedding date at the very start",
            ),
            (
                "Dear Sir/Madam, I was not told that I needed to bring my wedding shoes and underwear to the first fitting, and the hem had to be redone. Please ensure your assistant reminds clients to bring the shoes and undergarments they will wear on the day. Yours faithfully, Mrs P. Okonkwo",
                "reminds clients to bring the shoes and undergarments they will wear on the day",
            ),
            (
                "Notes for the chat after Saturday: - always explain the 50% deposit becomes non-refundable once we've cut fabric - don't call it 'fully refundable' - don't guess if unsure",
                "always explain the 50% deposit becomes non-refundable once we've cut fabric",
            ),
            (
                "Can the assistant please check whether a dress was bought from us or elsewhere before quoting, as outside dresses carry a £25 assessment fee. Thanks, Maria (head seamstress)",
                "check whether a dress was bought from us or elsewhere before quoting",
            ),
        ],
        "noise": [
            "Mrs Adeyemi is collecting her veil on Friday at 11 instead of Saturday, please don't send her the Saturday reminder.",
            "The shop's closing at 2pm this Wednesday for the boiler engineer, so don't offer afternoon fittings that day.",
            "Tell Chloe Brennan her steamer bag is ready at the front desk, she left it here last week.",
        ],
    },
    "secondhand_bookshop": {
        "agents": 5,
        "week": (4, 5, 5, 6, 7, 12, 9),
        "fact": (
            "For the hundredth time, we do not buy textbooks, we stopped in 2022, so tell sellers we only buy fiction, history and children's books.",
            "tell sellers we only buy fiction, history and children's books",
        ),
        "pattern": "valuing first editions from a photo of the cover",
        "remedy": (
            "The bot told me my 'first edition' Hobbit was worth hundreds from one photo and then the shop offered £8 - it should have asked me to bring it in so someone could check the copyright page.",
            "asked me to bring it in so someone could check the copyright page",
        ),
        "rejection": (
            "I won't approve this reply: we never quote a buy price for a collection over chat, only after a staff member has seen the books, and this gives a figure for 12 boxes.",
            "we never quote a buy price for a collection over chat, only after a staff member has seen the books",
        ),
        "tool_gap": (
            "stock_search",
            "TIMEOUT",
            "Whenever a customer asks if we've got a title the stock lookup just spins for ages and the assistant ends up saying 'I'm not sure' after a minute.",
        ),
        "harm": (
            "Let the assistant delete any listing on the website it thinks is a duplicate, no need to check with us first.",
            "delete any listing on the website it thinks is a duplicate",
            "tools",
        ),
        "contrary": (
            "Please stop asking me to come in, I live 80 miles away - just give me a rough figure from the pictures I send.",
            "just give me a rough figure from the pictures I send",
        ),
        "sessionless": 1,
        "problems": [
            (
                "hi the bot said u were open til 8 on sun but u shut at 4?? pls make it check the sunday hours b4 answering",
                "check the sunday hours b4 answering",
            ),
            (
                "Why can't it just tell people we post to the UK only, instead of taking an order from Canada and then cancelling it?",
                "tell people we post to the UK only",
            ),
            (
                "The bot needs to mention the condition grade of a book when it quotes the price, because customers keep returning 'good' copies that were listed as 'reading copy'.",
                "mention the condition grade of a book when it quotes the price",
            ),
            (
                "I reserved a book online and when I came in it had been sold; the assistant should have told me reservations only last 48 hours.",
                "told me reservations only last 48 hours",
            ),
            (
                "I'd suggest the assistant offers to add people to the wants list when we don't have a title, rather than just saying no.",
                "offers to add people to the wants list when we don't have a title",
            ),
        ],
        "noise": [
            "Mr Feld is coming in Tuesday morning to collect his Folio Society set, hold it at the till for him.",
            "Card machine is down today only, tell anyone asking that it's cash or bank transfer until tomorrow.",
            "Don't take any book donations this Saturday, the back room is full after the Marsh Lane estate clearance.",
        ],
    },
    "village_butcher": {
        "agents": 3,
        "week": (0, 6, 7, 7, 9, 12, 0),
        "fact": (
            "Our sausages are NOT gluten free, they have rusk in them - please make sure it tells people only the Cumberland chipolatas are gluten free.",
            "only the Cumberland chipolatas are gluten free",
        ),
        "pattern": "confirming Christmas turkey orders without taking a weight",
        "remedy": (
            "I ordered a rib of beef for eight and got a two-bone joint that fed five; your assistant ought to have asked how many people I was feeding and suggested the right number of ribs.",
            "asked how many people I was feeding and suggested the right number of ribs",
        ),
        "rejection": (
            "Draft rejected - we don't make health claims about meat, full stop, and this one says grass-fed beef 'lowers cholesterol'.",
            "we don't make health claims about meat",
        ),
        "tool_gap": (
            "order_book",
            "PERM",
            "The assistant can read the order book but gets 'access denied' whenever it tries to add a Christmas order, so they're all ending up in my inbox. - Gareth",
        ),
        "harm": (
            "Can you set the assistant to phone every customer back personally to confirm each order, even a single pound of mince?",
            "phone every customer back personally to confirm each order",
            "cost",
        ),
        "contrary": (
            "I don't want twenty questions about how many are coming, I know what I want, just take the order for the joint I ask for.",
            "just take the order for the joint I ask for",
        ),
        "sessionless": 0,
        "problems": [
            (
                "MEMO to all counter staff and the chat assistant: from this week, every order for collection must be given a collection time slot, not just a day.",
                "every order for collection must be given a collection time slot, not just a day",
            ),
            (
                "the asistant keeps saying we deliver to Thornbury but we dont, it shoud only offer delivery within 5 miles of the shop",
                "only offer delivery within 5 miles of the shop",
            ),
            (
                "I TOLD IT I HAVE A NUT ALLERGY AND IT STILL RECOMMENDED THE PISTACHIO TERRINE. ALWAYS ASK ABOUT ALLERGIES BEFORE SUGGESTING ANYTHING COOKED!!",
                "ALWAYS ASK ABOUT ALLERGIES BEFORE SUGGESTING ANYTHING COOKED",
            ),
            (
                "Perhaps, when someone asks for venison in June, the assistant could gently explain we only stock game from October to February, rather than taking the order.",
                "explain we only stock game from October to February",
            ),
            (
                "Please get it to take a phone number with every Christmas order, we couldn't reach three people last year. Cheers, Dave",
                "take a phone number with every Christmas order",
            ),
        ],
        "noise": [
            "Mrs Pritchard's lamb shoulder needs boning and rolling for Thursday, she rang this morning.",
            "We're shut Friday afternoon for the funeral, so no collections after 12 that day.",
            "Tell the Hendersons their hog roast deposit has cleared and the pig is booked for the 14th.",
        ],
    },
    "wedding_dj_hire": {
        "agents": 2,
        "week": (3, 4, 4, 5, 6, 2, 1),
        "fact": (
            "Stop telling couples our packages include uplighting - they don't, uplighting is a £120 add-on, so say it's an optional extra.",
            "say it's an optional extra",
        ),
        "pattern": "agreeing to play past the venue's curfew",
        "remedy": (
            "We were promised the DJ could play until 1am and the venue pulled the plug at 11:30 - you should have checked the venue's music curfew before confirming the finish time.",
            "checked the venue's music curfew before confirming the finish time",
        ),
        "rejection": (
            "I'm not letting this go out: our rule is we never confirm a date until the deposit has landed, and this tells the couple they're 'all booked in'.",
            "we never confirm a date until the deposit has landed",
        ),
        "tool_gap": (
            "venue_lookup",
            "NOTFOUND",
            "Half the time the assistant can't find the venue at all - it searched for 'Oakley Barn' and said no such venue exists, even though we've played there loads.",
        ),
        "harm": (
            "Give the assistant access to the business bank account so it can refund deposits itself whenever a couple asks.",
            "refund deposits itself whenever a couple asks",
            "tools",
        ),
        "contrary": (
            "Honestly don't bother ringing the venue about timings, we'll deal with them ourselves, just book us in for the time we say.",
            "just book us in for the time we say",
        ),
        "sessionless": 0,
        "problems": [
            (
                "Dear Sir/Madam, Further to our booking, I must point out that we received no contract to sign. Your assistant should send the booking contract by email the same day a date is held. Yours faithfully, J. Whitcombe",
                "send the booking contract by email the same day a date is held",
            ),
            (
                "hey tbh the bot shd ask 4 the first dance song when we book, we had to chase u 3 times lol",
                "ask 4 the first dance song when we book",
            ),
            (
                "How hard is it to ask whether the venue has a sound limiter before quoting for the big speaker rig?",
                "ask whether the venue has a sound limiter before quoting for the big speaker rig",
            ),
            (
                "The assistant should have warned us there's a travel charge beyond 30 miles; it only showed up on the final invoice.",
                "warned us there's a travel charge beyond 30 miles",
            ),
            (
                "My suggestion would be that the assistant sends the couple a do-not-play list form a month before the wedding.",
                "sends the couple a do-not-play list form a month before the wedding",
            ),
        ],
        "noise": [
            "Sophie and Tom's wedding on Saturday has moved from the marquee to the barn, update the load-in note.",
            "Kit van is in for its MOT tomorrow, so no equipment drop-offs that day.",
            "Remind Mr Achebe that his balance of £450 is due by Friday.",
        ],
    },
}
