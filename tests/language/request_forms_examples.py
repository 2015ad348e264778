"""Requests people make inside a complaint without a bare imperative, each with the line agents
should be given for the whole piece of feedback, or None; and near misses that must stay None.
Written for these tests in eight trades (plumbing, school office, gym, bakery, airline lounge,
HR onboarding, hair salon, car rental), never used to fit a reader."""

# Polite questions: "Could you / can you / would you (please) X?" is the request X; a question
# asking for information about one event is not one.
POLITE_QUESTIONS = [
    (
        "The plumber turned up with no warning while I was in the shower. Could you text me when the engineer is on the way?",
        "Text the user when the engineer is on the way.",
    ),
    (
        "Nobody told us the trip was cancelled. Can you please email parents the day before any change to a trip?",
        "Email parents the day before any change to a trip.",
    ),
    (
        "I was charged twice for the same month. Would you send a receipt after every payment?",
        "Send a receipt after every payment.",
    ),
    (
        "The cake had nuts in it and my son is allergic. Could you list the allergens on every order confirmation?",
        "List the allergens on every order confirmation.",
    ),
    (
        "I waited forty minutes for a shower room. Can you give me an estimated wait when I join the queue?",
        "Give the user an estimated wait when the user joins the queue.",
    ),
    (
        "My laptop arrived a week after I started. Could you please order equipment two weeks before the start date?",
        "Order equipment two weeks before the start date.",
    ),
    (
        "The stylist had no idea what I had booked. Would you please note the service on the booking?",
        "Note the service on the booking.",
    ),
    (
        "I had to queue for an hour at the desk. Can you send the rental agreement by email before pickup?",
        "Send the rental agreement by email before pickup.",
    ),
    (
        "The lounge was full and nobody said so. Could you tell me how busy it is before I walk over?",
        "Tell the user how busy it is before the user walks over.",
    ),
]
QUESTIONS_NOT_REQUESTS = [
    "The boiler failed again two days after your visit. Could you tell me why it failed?",
    "My lounge pass was refused at the door. Why is it not valid?",
    "The letter about the trip never arrived. Can you tell me what happened to it?",
    "I was charged twice this month. Could you explain why I was charged twice?",
    "Why is my cake late?",
    "Can you believe it took three weeks to get a security badge?",
    "Could you not have checked the date before booking me in?",
    "The car had a dent when I collected it. Would you say that was my fault?",
]

# A noun phrase with "please" or a word of stance, asking for a way of working.
PLEASE_PHRASES = [
    (
        "The school emails come at 6am and wake the whole house. Nothing before 8, please.",
        "Nothing before 8.",
    ),
    ("The trainer kept ringing me at dinner time. No calls after 6, please.", "No calls after 6."),
    (
        "The quote was full of jargon I couldn't follow. Plain language please: what happens next and when.",
        "Plain language: what happens next and when.",
    ),
    (
        "The reminder came as a call, an email and two texts. Texts only, please.",
        "Texts only.",
    ),
    (
        "Gate changes were shown in a tiny font on the app. Gate changes by text message, please.",
        "Gate changes by text message.",
    ),
    (
        "I got four different welcome packs from four people. A single checklist for the first week, please.",
        "A single checklist for the first week.",
    ),
    (
        "The class change came by post and arrived after the class. Email only, preferably.",
        "Email only.",
    ),
    (
        "The crew rang at 7am on a Sunday to say they were coming. No visits on weekends, please.",
        "No visits on weekends.",
    ),
]
# A noun phrase with "please" but no mark of a rule (a quantity, "only", nothing at a time, what
# it holds after a colon): once "please" is gone it reads as well as a description ("Rude staff.",
# "A crash when the app starts."), so it is no line.
PLEASE_WITHOUT_A_RULES_MARK = [
    "The agent talked through upgrades for ten minutes. Straight answers, please.",
    "The order was ready an hour late and nobody called. A call when the order is ready, please.",
]
PLEASE_NOT_REQUESTS = [
    "Another missed appointment, thanks a lot.",
    "Cold water again, please help.",
    "Great service, thanks.",
    "Seriously, please.",
    "The wrong name on my badge, again.",
    "Forty minutes on hold, and for what?",
    "No reply for three days, thanks.",
]

# A quantity said to be enough: "One X is plenty / is enough / will do" is the rule "One X."
ENOUGH = [
    ("I got five reminder texts before one class. One reminder is plenty.", "One reminder."),
    (
        "You called three times to confirm the order. One confirmation call is enough.",
        "One confirmation call.",
    ),
    ("Parents got the same newsletter by post, email and app. One copy will do.", "One copy."),
    (
        "The staff checked my boarding pass four times. One check at the door is enough.",
        "One check at the door.",
    ),
    ("I filled in my bank details on three forms. One form is plenty.", "One form."),
    (
        "The survey after a ten minute repair had twenty questions. Two questions would do.",
        "Two questions.",
    ),
    (
        "Every haircut ends with a long product pitch. A single mention of the products is enough.",
        "A single mention of the products.",
    ),
    (
        "The desk printed the contract three times for me to sign. One signature is plenty, honestly.",
        "One signature.",
    ),
]
ENOUGH_NOT_REQUESTS = [
    "One visit was enough to know I'm not coming back.",
    "One hour on hold is enough to drive anyone mad.",
    "Enough is enough.",
    "One mistake would be forgivable, but this is the fourth.",
    "Two weeks was plenty of time to fix the shower.",
    "The staff were plenty friendly, the room was not.",
]

# "X should / needs to / has to Y" about the work is a rule; a sentence that goes on ", not Z"
# keeps the whole request, never the "not …" alone.
RULES = [
    (
        "The class list went up an hour before the class. The timetable should go up a week ahead.",
        "The timetable should go up a week ahead.",
    ),
    (
        "Half the parents missed the deadline. Reminders should go out a week before the deadline, not the night before.",
        "Reminders should go out a week before the deadline, not the night before.",
    ),
    (
        "Nobody knew the water would be off all day. Shut-off times need to be in the booking email.",
        "Shut-off times need to be in the booking email.",
    ),
    (
        "The delivery came with no label at all. Every box has to carry the name on the order.",
        "Every box has to carry the name on the order.",
    ),
    (
        "I was sent out of the lounge though my flight was delayed. Boarding calls should always match the airline's screens.",
        "Boarding calls should always match the airline's screens.",
    ),
    (
        "My first day had no plan at all. The first week's schedule should arrive before day one, not on the morning itself.",
        "The first week's schedule should arrive before day one, not on the morning itself.",
    ),
    (
        "I was charged for a treatment I never had. Prices should be agreed before the appointment, not added at the till.",
        "Prices should be agreed before the appointment, not added at the till.",
    ),
    (
        "The car was full of someone else's rubbish. Cars need to be cleaned between rentals.",
        "Cars need to be cleaned between rentals.",
    ),
    (
        "The deposit took a month to come back. Deposits should be refunded within a week, not whenever someone remembers.",
        "Deposits should be refunded within a week, not whenever someone remembers.",
    ),
    # what must not be done to a kind of thing until something else has happened
    (
        "A buyer drove off with a car he hadn't paid for. Vehicles shouldn't be released until the payment has cleared.",
        "Vehicles shouldn't be released until the payment has cleared.",
    ),
    (
        "Three people were promised their money back. Refunds mustn't be promised before the manager signs off.",
        "Refunds mustn't be promised before the manager signs off.",
    ),
]
RULES_NOT_REQUESTS = [
    "The driver shouldn't have left it on the step.",
    "My cake should have been ready at noon.",
    "The plumber should be here by now.",
    "The locker should work, it's brand new.",
    "My badge has to be somewhere, apparently.",
    "I needed to be out of the lounge by nine, not ten.",
]

# A counterfactual wish: "If you'd (just) X, this wouldn't happen" is the request X.
COUNTERFACTUALS = [
    (
        "The plumber arrived without the part. If you'd just check the boiler model when I book, this wouldn't happen.",
        "Check the boiler model when the user books.",
    ),
    (
        "Three parents turned up on the wrong day. If you had put the date in the subject line, nobody would have missed it.",
        "Put the date in the subject line.",
    ),
    (
        "My membership lapsed without warning. If you'd send a reminder a week before renewal, I wouldn't lose my slot.",
        "Send a reminder a week before renewal.",
    ),
    (
        "The cake was the wrong flavour. If you read back the order on the phone, this wouldn't happen.",
        "Read back the order on the phone.",
    ),
    (
        "I missed a gate change sitting in the lounge. If you'd announce gate changes in the lounge, nobody would miss a flight.",
        "Announce gate changes in the lounge.",
    ),
    (
        "My access badge didn't work for a week. If you had set up badges before the start date, I could have worked.",
        "Set up badges before the start date.",
    ),
    (
        "My colour came out orange. If you'd just do a patch test first, this wouldn't keep happening.",
        "Do a patch test first.",
    ),
    (
        "I paid for fuel I never used. If you'd explain the fuel options at the desk, nobody would get caught out.",
        "Explain the fuel options at the desk.",
    ),
    # what would have helped, opened as such, read on past a comma (and without its reason)
    (
        "It would have saved a lot of bother if the assistant could send a reminder the day before, and "
        "check the numbers before you confirm the table.",
        "Send a reminder the day before, and check the numbers before you confirm the table.",
    ),
    (
        "What would work is if the assistant would text us two days before a delivery lands, by text, "
        "because that's what we actually check.",
        "Text us two days before a delivery lands, by text.",
    ),
]
COUNTERFACTUALS_NOT_REQUESTS = [
    "It would have been a disaster if the assistant had sent the wrong dates.",
    "If you had told me, I would have come earlier.",
    "If I'd known about the fee, I would have gone elsewhere.",
    "If you had any idea how long I waited, you'd be embarrassed.",
    "If the boiler had been serviced, it wouldn't have broken.",
    "If you'd been there, you would have laughed.",
]

# An imperative after an ellipsis or a lead-in of venting.
AFTER_VENTING = [
    (
        "Booked, cancelled, rebooked, cancelled again... just confirm the class the night before.",
        "Confirm the class the night before.",
    ),
    (
        "Three visits and still no hot water... bring the parts on the first visit.",
        "Bring the parts on the first visit.",
    ),
    (
        "Forms, forms and more forms... send one form for the whole school year.",
        "Send one form for the whole school year.",
    ),
    (
        "Honestly, what a mess... label every box with the customer's name.",
        "Label every box with the customer's name.",
    ),
    (
        "Ringing my phone at 5am about an upgrade... text me, and only ring if the gate changes.",
        "Text the user, and only ring if the gate changes.",
    ),
    (
        "So many logins on day one, so much confusion... put every password in one sealed letter.",
        "Put every password in one sealed letter.",
    ),
    (
        "Waiting forty minutes past my slot — warn me by text when the salon is running late.",
        "Warn the user by text when the salon is running late.",
    ),
    (
        "Forty minutes at the counter for a car I had prepaid... have the keys ready when a booking is prepaid.",
        "Have the keys ready when a booking is prepaid.",
    ),
]
VENTING_NOT_REQUESTS = [
    "Calling me over and over... it's exhausting.",
    "Three visits... still no hot water.",
    "What a mess... never again.",
    "Waited and waited... gave up and went home.",
    "Forms, forms and more forms... and nobody reads them.",
]

# A fragment that begins with "not", "and", "or", "but" or a lowercase continuation is never a
# line on its own.
FRAGMENTS = [
    ("The gym should open at six, not half past.", "The gym should open at six, not half past."),
    ("The pastries were stale by noon, and not for the first time.", None),
    ("Staff kept chatting at the desk, or on their phones.", None),
    ("The badge worked on day three, but only for the front door.", None),
    ("Letters came home crumpled... and late, as usual.", None),
]

# "Why not …?", "Why don't you …?", "Why don't the … ?": a suggestion, as a question
SUGGESTIONS = [
    (
        "Why not send the tide tables with the charter confirmation?",
        "Send the tide tables with the charter confirmation.",
    ),
    (
        "why dont you list the allergens next to each dish on the menu card?",
        "List the allergens next to each dish on the menu card.",
    ),
    (
        "Why don't you text the tenant an hour before the inspector arrives?",
        "Text the tenant an hour before the inspector arrives.",
    ),
    (
        "Why not just book the return ferry at the same time as the outbound one?",
        "Book the return ferry at the same time as the outbound one.",
    ),
    (
        "Why can't you attach the floor plan to the viewing invite?",
        "Attach the floor plan to the viewing invite.",
    ),
    (
        "Why don't the renewal letters show the old premium beside the new one?",
        "The renewal letters should show the old premium beside the new one.",
    ),
    (
        "Why doesn't the packing slip mention which items are backordered?",
        "The packing slip should mention which items are backordered.",
    ),
    (
        "Why not offer the early check-in to guests arriving on the red-eye?",
        "Offer the early check-in to guests arriving on the red-eye.",
    ),
    ("Why don't the couriers ever ring the bell?", "The couriers should ring the bell."),
    ("why dont u ever confirm the pickup slot?", "Confirm the pickup slot."),
    # asked that it be so, from now on, however long the thing is named
    (
        "In future, I would ask that any request for a visit outside the hours the building is open be "
        "confirmed in writing.",
        "Any request for a visit outside the hours the building is open should be confirmed in writing.",
    ),
    (
        "I would suggest that the assistant recommend oversized or bespoke framing for large prints.",
        "Recommend oversized or bespoke framing for large prints.",
    ),
    (
        "In future, I would suggest that any quote for replacement glass be itemised.",
        "Any quote for replacement glass should be itemised.",
    ),
    (
        "We would ask that every invoice be sent with the delivery note.",
        "Every invoice should be sent with the delivery note.",
    ),
    (
        "I would recommend that the assistant always checks the stock before confirming an order.",
        "Always check the stock before confirming an order.",
    ),
]
SUGGESTIONS_NOT_REQUESTS = [
    "Why didn't you call me back yesterday?",
    "Why not?",
    "Why don't I ever get a straight answer from you people?",
    "Why doesn't anything ever work on a Monday?",
    "Why can't you people get this right?",
]
# A condition, then what to do: the whole rule is the line
ON_CONDITION = [
    (
        "When a guest asks for a ground-floor room, only offer rooms in the garden wing.",
        "When a guest asks for a ground-floor room, only offer rooms in the garden wing.",
    ),
    (
        "If a tenant reports a gas smell, call the emergency contractor before anything else.",
        "If a tenant reports a gas smell, call the emergency contractor before anything else.",
    ),
    (
        "Whenever a shipment crosses a border, attach the commercial invoice.",
        "Whenever a shipment crosses a border, attach the commercial invoice.",
    ),
    (
        "Once a booking is paid, just send the itinerary without asking again.",
        "Once a booking is paid, just send the itinerary without asking again.",
    ),
    # run on without a comma: the agent's obligation starts the main clause
    (
        "When a hive is found queenless during the honey flow it should book an inspector visit that week, not wait for the monthly round.",
        "When a hive is found queenless during the honey flow, book an inspector visit that week, not wait for the monthly round.",
    ),
    (
        "If a flight lands after midnight the assistant should arrange a taxi voucher for the crew.",
        "If a flight lands after midnight, arrange a taxi voucher for the crew.",
    ),
    # a polite question after the condition, of the agent or of "it"
    (
        "When I book a lesson, can it send me the instructor's name?",
        "When the user books a lesson, send the user the instructor's name.",
    ),
    (
        "When a ride is cancelled could the bot text the riders straight away?",
        "When a ride is cancelled, text the riders straight away.",
    ),
    # a suggestion after the condition
    (
        "Whenever a group books the upper deck, the assistant could mention the stairs.",
        "Whenever a group books the upper deck, mention the stairs.",
    ),
]
# A polite question after a lead-in, past a dash
POLITE_AFTER_VENTING = [
    (
        "Half our members are night-shift nurses - could you move the class reminders to the afternoon?",
        "Move the class reminders to the afternoon.",
    ),
    (
        "Every renewal comes as a surprise — can you send the notice a month ahead?",
        "Send the notice a month ahead.",
    ),
]
# A rhetorical question, a lead-in naming the fix, or a reproach: the act it asks for
RHETORICAL = [
    (
        "Would it kill you to check the tide table before booking a lift?",
        "Check the tide table before booking a lift.",
    ),
    (
        "Why can't it just send the invoice with the delivery note?",
        "Send the invoice with the delivery note.",
    ),
    ("How hard is it to put the hive number on the invoice?", "Put the hive number on the invoice."),
    ("Is it too much to ask that it confirms the booking in writing?", "Confirm the booking in writing."),
    ("Surely it can check the diary before promising a date?", "Check the diary before promising a date."),
    ("All I want is for it to tell me the price up front.", "Tell the user the price up front."),
    (
        "What I'd really like is for the assistant to send me a reminder two weeks before each service.",
        "Send the user a reminder two weeks before each service.",
    ),
    (
        "I would ask that in future the assistant only quoted framing for prints, never originals.",
        "Only quote framing for prints, never originals.",
    ),
    (
        "Would it be too much to ask for the timetable to be updated when someone asks about the next session?",
        "Arrange for the timetable to be updated when someone asks about the next session.",
    ),
    ("The answer is to ask for the postcode first.", "Ask for the postcode first."),
    ("It should have asked me for the serial number.", "Ask the user for the serial number."),
    (
        "It should be checking the weather forecast before confirming a shearing day.",
        "Check the weather forecast before confirming a shearing day.",
    ),
    ("Why does it never tell people the tuning fee is separate?", "Tell people the tuning fee is separate."),
    ("Would it be so hard to give a callback time?", "Give a callback time."),
    (
        "My suggestion: confirm the hive count with the grower before the trucks are loaded.",
        "Confirm the hive count with the grower before the trucks are loaded.",
    ),
    (
        "Is there any way it could text the grower when the hives are moved?",
        "Text the grower when the hives are moved.",
    ),
    (
        "I just need it to tell me which courtroom the interpreter is in.",
        "Tell the user which courtroom the interpreter is in.",
    ),
    ("How about if the bot sent a reminder the night before?", "Send a reminder the night before."),
    ("Is it possible for it to send the docket by email?", "Send the docket by email."),
    (
        "We were hoping it would pull dates from the events page rather than an old newsletter.",
        "Pull dates from the events page rather than an old newsletter.",
    ),
    (
        "Perhaps in future it could ask before changing the colour profile of a print-ready file?",
        "Ask before changing the colour profile of a print-ready file.",
    ),
    (
        "I would respectfully request that it quote references in the current catalogue format only.",
        "Quote references in the current catalogue format only.",
    ),
    (
        "Kindly update it so that it describes the current vehicle, not the one we retired.",
        "Describe the current vehicle, not the one we retired.",
    ),
    (
        "Get it to list the sweep's arrival window in the confirmation.",
        "List the sweep's arrival window in the confirmation.",
    ),
    (
        "Next time it could mention that winter and summer times are different.",
        "Mention that winter and summer times are different.",
    ),
    (
        "What I want is for it to match the booking to the right artist.",
        "Match the booking to the right artist.",
    ),
    (
        "The least it could do is say which kiln the pots are drying in.",
        "Say which kiln the pots are drying in.",
    ),
    ("All it had to do was ask for the hull length.", "Ask for the hull length."),
    (
        "Is it too much to ask that the booking assistant checks the tide times?",
        "Check the tide times.",
    ),
    (
        "Can you make it so the bot sends the kit list with the booking?",
        "Send the kit list with the booking.",
    ),
    ("It'd make sense to quote the weekend rate as well.", "Quote the weekend rate as well."),
    (
        "It's not rocket science: check the weight limit before booking a rider.",
        "Check the weight limit before booking a rider.",
    ),
    (
        "If it had just said the mill was shut on Sundays we wouldn't have driven over.",
        "Say the mill was shut on Sundays.",
    ),
    (
        "Shouldn't it check the tide times before booking a crossing?",
        "Check the tide times before booking a crossing.",
    ),
    ("Shouldn't the bot have asked for the hull length?", "Ask for the hull length."),
    ("Couldn't it have checked the diary?", "Check the diary."),
    ("Isn't it supposed to send the kit list with the booking?", "Send the kit list with the booking."),
    ("Wouldn't it make sense to quote the weekend rate as well?", "Quote the weekend rate as well."),
    ("Doesn't it know to check the weight limit first?", "Check the weight limit first."),
    (
        "It's on the assistant to log the dose whenever it records meds as done.",
        "Log the dose whenever it records meds as done.",
    ),
    (
        "Not asking for daily calls, but a short note every week on any repair that runs late would be basic courtesy.",
        "Give a short note every week on any repair that runs late.",
    ),
]
RHETORICAL_NOT_REQUESTS = [
    "Is it possible to get a refund?",
    "What about the refund?",
    "I expected it to be quicker.",
    "We were hoping it would be sunny.",
    "Maybe it could be worse.",
    "How hard is it to get a refund around here?",  # the user's own act, said of no one
    "Is it too much to ask to speak to a human?",
    "You should have seen the state of the van.",  # seeing is no act of the work
    "Why doesn't it work on my phone?",
    "It should have been delivered on Monday.",
    "The answer is no.",
    "Why not?",
    "The least it could do is work.",  # no act of the work
    "If it had just been open we wouldn't have minded.",
    "Couldn't it have been any slower?",
    "Isn't it supposed to be open on Sundays?",
    "Shouldn't it have been delivered by now?",
    "A refund would be nice.",  # nothing in it holds beyond the writer's case
    "Surely that's how every group order should come.",  # a remark on what was asked before it
]
