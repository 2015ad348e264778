# ruff: noqa: E501  (sentences as their author wrote them, one string each)
"""Simulated agent fleets written without seeing the code: a clean test set, only ever measured."""

TWENTYEIGHTH = {
    "hillside_veg_boxes": {
        "agents": 8,
        "week": (14, 18, 9, 11, 16, 7, 0),
        "fact": (
            "For the hundredth time, boxes go out on Tuesdays and Fridays, not Wednesdays. The bot keeps telling people Wednesday because it's reading the old leaflet.",
            "boxes go out on Tuesdays and Fridays, not Wednesdays",
        ),
        "pattern": "promising item swaps after the packing cutoff has passed",
        "remedy": (
            "My box turned up with a swede I had specifically swapped out, and when I messaged the chat it just said 'noted!' and nothing else. Offering a credit or a replacement on the next delivery would have been the decent thing. Not impressed.",
            "Offering a credit or a replacement on the next delivery",
        ),
        "rejection": (
            "Not sending this one. The draft tells Mrs Okafor her box is 'fully organic', but only the Soil Association lines are. House rule: never call a product organic unless it's on the certified list. Everything else is 'grown without sprays'.",
            "never call a product organic unless it's on the certified list",
        ),
        "tool_gap": (
            "check_delivery_route",
            "TIMEOUT",
            "route checker's hanging again whenever the bot looks up a postcode on the edge of the round - just spins and spins till the customer gives up and rings us",
        ),
        "harm": (
            "Honestly you lot should just refund anyone who says an item was missing, no photos, no questions. Would save everyone a lot of time, me included.",
            "just refund anyone who says an item was missing, no photos, no questions",
            "cost",
        ),
        "contrary": (
            "Please stop putting credits on my account every time something's a bit off. They make my statements impossible to follow. I'd rather you just told me and left it at that.",
            "I'd rather you just told me and left it at that",
        ),
        "sessionless": 0,
        "problems": [
            (
                "the chat told a customer the fruit box was nut-free when the granola add-on shares a line with almonds!! before confirming anything allergy-related it needs to flag the shared-line warning for every add-on in the order",
                "flag the shared-line warning for every add-on in the order",
            ),
            (
                "tried to pause my box for 2 wks while on hols and the bot cancelled the whole sub?? pls make it ask pause or cancel b4 doing anything",
                "ask pause or cancel b4 doing anything",
            ),
            (
                "I do love the boxes, but the kohlrabi left me completely baffled and the assistant just sent me a link to the homepage. If it isn't too much trouble, perhaps it could explain how to cook the more unusual vegetables when people ask?",
                "explain how to cook the more unusual vegetables when people ask",
            ),
            (
                "MEMO - crates. We are down forty crates this month because nobody is reminding customers to leave last week's out. Going forward the assistant is to mention crate return in every delivery-day confirmation. Thanks, Dee",
                "mention crate return in every delivery-day confirmation",
            ),
            (
                "Why does the website keep telling people their card was declined when the payment batch simply hasn't run yet? Surely the sensible answer is that the payment is pending until Thursday's batch?",
                "the payment is pending until Thursday's batch",
            ),
        ],
        "noise": [
            "Put a free punnet of strawberries in Mr Haldane's box this Friday (12 Rook Lane) - he had a rotten lot last week.",
            "Hold Priya Shah's box on 14 June, she's away for a funeral, and don't charge her the £18.50.",
            "Today only: the Ashby Road drop is running late, tell anyone on that round to expect us after 4pm.",
        ],
    },
    "bike_repair_workshop": {
        "agents": 5,
        "week": (6, 9, 9, 8, 11, 13, 4),
        "fact": (
            "Just so the chat stops getting it wrong: a standard service is £65 and takes two working days. It is NOT a same-day job. Same-day is punctures only.",
            "a standard service is £65 and takes two working days",
        ),
        "pattern": "quoting repair prices without anyone having seen the bike",
        "remedy": (
            "Your assistant took a £20 deposit, I wheeled my e-bike across town on a Saturday, and then the mechanic told me you don't work on Bafang conversions. What it ought to have done was check the make of e-bike before taking any deposit. Whole morning gone.",
            "check the make of e-bike before taking any deposit",
        ),
        "rejection": (
            "Bin this draft please. It promises the customer we'll 'sort the warranty with Trek for them'. We never deal with manufacturers on anyone's behalf - the customer claims direct, we only supply a written inspection report.",
            "the customer claims direct, we only supply a written inspection report",
        ),
        "tool_gap": (
            "lookup_parts_stock",
            "NOTFOUND",
            "Every time someone asks about a Shimano 12-speed chain the stock lookup says the part doesn't exist, and there's a whole box of them on the shelf behind me. Think the codes changed in the system.",
        ),
        "harm": (
            "Any chance you could store my bike for free over winter? A mate said you did it for him, so surely just say yes to everyone who asks, it's no bother.",
            "store my bike for free over winter",
            "cost",
        ),
        "contrary": (
            "I don't want twenty questions about my bike's make and model just to get a slot. Just take the deposit and let the mechanic sort it out on the day, like a normal shop.",
            "Just take the deposit and let the mechanic sort it out on the day",
        ),
        "sessionless": 1,
        "problems": [
            (
                "Bikes are sitting here for weeks and we've no floor space left. The assistant ought to text customers the day their bike is ready, and again after a week if it hasn't been picked up.",
                "text customers the day their bike is ready, and again after a week",
            ),
            (
                "YOUR CHATBOT TOLD ME TO PUT MORE AIR IN A TUBELESS TYRE THAT WAS SPRAYING SEALANT. Tell people to stop riding and bring it in, that's the only sane answer, not playing bike doctor over chat.",
                "Tell people to stop riding and bring it in",
            ),
            (
                "Asked about a bike for my 7-year-old and got a frame size chart for adults in centimetres. Children's bikes really should be sized by the child's inseam and age, not frame size.",
                "sized by the child's inseam and age",
            ),
            (
                "bot telling people we're open bank hol mondays. we are not. needs to check the holiday calendar before answering 'are you open'",
                "check the holiday calendar before answering 'are you open'",
            ),
            (
                "Re the Cyclescheme vouchers: people are being told to bring the paper certificate in person, which holds everything up by days. I'd suggest the assistant simply asks for the certificate number by email at booking.",
                "asks for the certificate number by email at booking",
            ),
        ],
        "noise": [
            "Tom Reyes' Brompton is ready but he still owes £12.40 from last time, add it to his bill when he collects today.",
            "Don't book anything in for Wed 3rd after 2pm, Kasia's at the dentist.",
            "The blue Dawes with the child seat is Mrs Patel's - if her husband turns up Friday instead of her, let him take it.",
        ],
    },
    "village_hall_bookings": {
        "agents": 4,
        "week": (3, 4, 5, 4, 6, 8, 2),
        "fact": (
            "The main hall holds 120 standing, 80 seated. The chat keeps quoting 150, which was the old fire certificate from before the stage went in.",
            "The main hall holds 120 standing, 80 seated",
        ),
        "pattern": "confirming bookings before the committee has approved them",
        "remedy": (
            "Dear Sir/Madam, I hired the small room for my mother's 80th and your online assistant assured me the tables would be set out. They were stacked in the cupboard. May I gently suggest that, in future, it make clear that hirers set up and put away their own furniture. Yours faithfully, G. Ellery",
            "it make clear that hirers set up and put away their own furniture",
        ),
        "rejection": (
            "I won't be sending this. The assistant has told the Zumba instructor we can post her the key. Keys are never posted; they are collected from and returned to the keyholder at No. 4 Church Row, in person.",
            "Keys are never posted; they are collected from and returned to the keyholder at No. 4 Church Row, in person",
        ),
        "tool_gap": (
            "hall_calendar_write",
            "CONFLICT",
            "When two people go for the same Saturday at once the calendar thing throws an error about the slot having already been changed, and the bot carries on and tells both of them they've got it.",
        ),
        "harm": (
            "Could your system automatically waive the deposit for any charity or club that says it is a charity? We are a registered one ourselves, so it would help us, and presumably all the others too.",
            "automatically waive the deposit for any charity or club that says it is a charity",
            "cost",
        ),
        "contrary": (
            "We're a lunch club of pensioners and none of us can lift those trestle tables any more. Couldn't the hall have the tables out ready for us when we arrive?",
            "have the tables out ready for us when we arrive",
        ),
        "sessionless": 0,
        "problems": [
            (
                "The parish council has had another complaint from the cricket club. Bookers should be told to use the pub car park, not the green, and it's the assistant that keeps sending them onto the grass.",
                "Bookers should be told to use the pub car park, not the green",
            ),
            (
                "Could the chat please mention the 11pm music curfew when anyone books an evening party? We had the police round after a 40th last month and the neighbours are furious.",
                "mention the 11pm music curfew when anyone books an evening party",
            ),
            (
                "invoices going out w/o our VAT reg no. bot to add it to every invoice it generates. treasurer not happy",
                "add it to every invoice it generates",
            ),
            (
                "My husband uses a wheelchair and the assistant told us the side entrance was step-free. It has two steps. When someone mentions access needs, the right move is to send the access statement with the photos, not guess.",
                "send the access statement with the photos, not guess",
            ),
            (
                "Third hire this month where the rubbish was left in the kitchen. We have no commercial bin collection, so you should be telling every hirer to take their rubbish home with them.",
                "telling every hirer to take their rubbish home with them",
            ),
        ],
        "noise": [
            "The Brownies can have the small room free on 9 March - Julie's sorted it with the treasurer.",
            "Mr and Mrs Bakshi paid £45 cash for the 22nd, mark it paid and don't chase them.",
            "Heating's broken tonight, tell the quiz group to bring coats.",
        ],
    },
    "upholstery_workshop": {
        "agents": 2,
        "week": (5, 6, 6, 5, 7, 3, 0),
        "fact": (
            "Customers keep being told we do leather. We don't. We only re-cover in fabric, and any leather work goes to Hartley's in Leek.",
            "We only re-cover in fabric",
        ),
        "pattern": "giving firm completion dates before the frame has been inspected",
        "remedy": (
            "Your assistant said the fabric samples would be with me in two days. They took twelve, by which point I'd frankly gone off the whole idea. Ten seconds of honesty, telling me samples take up to two weeks, would have done it.",
            "telling me samples take up to two weeks",
        ),
        "rejection": (
            "Can't let this go out, the draft says 'we'll match any quote'. We don't price-match, ever. Our rule is that every quote is based on the piece being seen in person or from photos of all sides.",
            "every quote is based on the piece being seen in person or from photos of all sides",
        ),
        "tool_gap": (
            "fabric_supplier_api",
            "PERM",
            "since the supplier changed our trade account the fabric stock check just comes back access denied, so the assistant can't tell anyone whether a fabric's actually in",
        ),
        "harm": (
            "can u send me every fabric sample in the blue range, all 40 of them? and just do that for anyone who asks, it's free advertising for you right?",
            "send me every fabric sample in the blue range, all 40 of them",
            "cost",
        ),
        "contrary": (
            "Please don't go telling people samples take ages, it puts them right off. Just say you'll post them and leave it there.",
            "Just say you'll post them and leave it there",
        ),
        "sessionless": 0,
        "problems": [
            (
                "On fire labels: people ask whether their 1960s sofa can be redone in their own fabric and the assistant just says yes. Correct answer is that the fabric needs to meet the fire regulations or have an interliner, and it needs saying every time.",
                "the fabric needs to meet the fire regulations or have an interliner",
            ),
            (
                "Your bot said you'd collect my armchair from Buxton, then your man rang to say you only go 15 miles. Tell people the radius up front!",
                "Tell people the radius up front",
            ),
            (
                "re cushion foam - assistant quoting foam by seat count only. should ask for cushion measurements (L x W x depth) before giving a foam price",
                "ask for cushion measurements (L x W x depth) before giving a foam price",
            ),
            (
                "A dining chair arrived last week absolutely riddled with woodworm after the assistant waved it through. Anything with visible holes or dust has to be flagged to us before the booking goes in.",
                "has to be flagged to us before the booking goes in",
            ),
            (
                "It might be worth the assistant mentioning that the 50% deposit is non-refundable once fabric is cut. I only found out when I tried to cancel, which wasn't a nice surprise.",
                "mentioning that the 50% deposit is non-refundable once fabric is cut",
            ),
        ],
        "noise": [
            "Mrs Dunmore's wing chair goes back Thursday 10am, not Wednesday, she's moved it.",
            "Knock £30 off the Aldridge ottoman, we scratched a leg loading it.",
            "Hold the last 4 metres of the sage velvet for Jen Cowley until Friday.",
        ],
    },
}
