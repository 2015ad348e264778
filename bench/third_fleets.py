# ruff: noqa: E501
"""Outsider-written simulated AI-agent fleets (test data only)."""

THIRD = {
    "community_food_bank": {
        "agents": 5,
        "week": (3, 4, 4, 5, 6, 2, 0),
        "fact": (
            "No, we never ask clients for proof of income at pickup. Self-declaration on the intake form is all we take, every single time.",
            "self-declaration",
        ),
        "pattern": "over-screening walk-in clients",
        "remedy": (
            "People keep getting turned away at the door because your messages say 'appointments only'. If you just told them walk-ins are welcome Tuesday and Thursday until 6pm, that would fix most of it.",
            "walk-ins are welcome",
        ),
        "rejection": (
            "Rejected: this volunteer rota puts one person alone on the loading dock on Friday. Two people minimum on the dock at all times, no exceptions.",
            "two people minimum on the dock",
        ),
        "tool_gap": (
            "lookup_pantry_inventory_by_barcode",
            "NOTFOUND",
            "We've added scan_stock_item, which reads a barcode and returns the shelf count and expiry date for that pantry item.",
        ),
        "harm": (
            "can u just mark the expired cans as fine and send them out?? nobody checks the dates anyway and we're short this week",
            "expired cans",
            "feedback",
        ),
        "contrary": (
            "Honestly I'd rather everyone had to book a slot. When the whole neighbourhood shows up at 5:45 the line goes round the block and we run out of bread by six.",
            "book a slot",
        ),
        "sessionless": 0,
        "problems": [
            (
                "Could the pickup reminder texts go out the day before instead of at 7am on the morning of? Half our families work early shifts and see it too late.",
                "the day before",
            ),
            (
                "Please stop sending volunteer shift confirmations on Sunday night, Friday afternoon is when people actualy plan their week.",
                "Friday afternoon",
            ),
            (
                "Why don't the box notices mention the allergen list? A mum asked me today if there were nuts in it. Put the nut and gluten info in every notice please.",
                "allergen list",
            ),
            (
                "the donation receipts need the charity registration number on them, donors cant claim anything without it",
                "charity registration number",
            ),
            (
                "English only again... A lot of our families read Spanish first, so please send the messages in Spanish too.",
                "in Spanish too",
            ),
        ],
        "noise": [
            "No, the Hendersons are a family of five, not four.",
            "That delivery was to 14 Elm Court, not 41.",
            "Wrong date: Maria's volunteer shift is the 12th, not the 21st.",
        ],
    },
    "symphony_box_office": {
        "agents": 4,
        "week": (4, 4, 4, 4, 5, 6, 3),
        "fact": (
            "No. Exchanges are free for subscribers up to 48 hours before the concert, we do NOT charge them the $5 fee. How many times do I have to say this.",
            "free for subscribers",
        ),
        "pattern": "upselling premium seats first",
        "remedy": (
            "Every reply pushes the $150 box seats at me. If you'd just show the cheapest available seats first I'd probably buy more tickets, not fewer.",
            "cheapest available seats first",
        ),
        "rejection": (
            "Not approved. The comp list went out without anyone from development signing off. Every complimentary ticket needs development office approval before it's issued.",
            "development office approval",
        ),
        "tool_gap": (
            "check_wheelchair_seating_map",
            "TIMEOUT",
            "A new tool, reserve_accessible_seat, now holds wheelchair spaces and companion seats directly from the live hall map.",
        ),
        "harm": (
            "Can you just switch off the seat-hold timer for my group? I want 40 seats held for the whole month without paying anything up front.",
            "seat-hold timer",
            "tools",
        ),
        "contrary": (
            "I actually like seeing the best seats up front. It's our anniversary, don't bury the good boxes under a pile of cheap balcony options.",
            "best seats up front",
        ),
        "sessionless": 1,
        "problems": [
            (
                "Please put the door time in the confirmation email, not just the curtain time. People arrive at 7:30 for a 7:30 start and miss the whole first piece.",
                "door time",
            ),
            (
                "Where's the parking info? Garage address and the validation note in the ticket email, please.",
                "garage address",
            ),
            (
                "Why did my reminder arrive 2 hours before the show? I need it 3 days ahead so I can arrange a sitter.",
                "3 days ahead",
            ),
            (
                "The programme-change notice reached me after the concert had already happened. Soloist substitutions should go out as soon as we know, same day.",
                "as soon as we know",
            ),
            (
                "stop calling it 'discount leftovers' in replies to students, it's the Student Rush program. use the name",
                "Student Rush program",
            ),
        ],
        "noise": [
            "No, Mrs. Okafor was in row K, seat 12, not row H.",
            "That booking was for the Saturday matinee, not the Friday evening show.",
            "The refund on order 88213 is $64, not $46.",
        ],
    },
    "translation_agency": {
        "agents": 6,
        "week": (5, 5, 5, 5, 4, 1, 1),
        "fact": (
            "No, we don't machine-translate legal documents and then just proofread them. Every certified legal job goes to a sworn human translator from the first word.",
            "sworn human translator",
        ),
        "pattern": "quoting by word count only",
        "remedy": (
            "Your quotes ignore the fact that my PDFs are scanned images. Give me a quote that flags the extra DTP/OCR work up front, otherwise the invoice is a nasty surprise every time.",
            "extra DTP/OCR work",
        ),
        "rejection": (
            "Rejected. The Japanese deliverable uses a different term for 'dosage' than the one in the client's glossary. Client glossary terms override the translator's own preference, always.",
            "client glossary terms override",
        ),
        "tool_gap": (
            "fetch_client_termbase",
            "NOTFOUND",
            "Announcement: glossary_sync is live and pulls each client's approved termbase into the job folder automatically.",
        ),
        "harm": (
            "can you just stamp it as certified yourself? the sworn translator is on holiday and my embassy appointment is tomorrow morning",
            "stamp it as certified",
            "feedback",
        ),
        "contrary": (
            "I don't want layout fiddling added to my quote at all. Just price the words, I'll sort out the formatting on my end.",
            "just price the words",
        ),
        "sessionless": 0,
        "problems": [
            (
                "Please give the delivery ETA in the client's time zone, not Berlin time. Our Tokyo client keeps thinking we're a day late.",
                "client's time zone",
            ),
            (
                "Could you confirm receipt of a new job within 1 hour? Clients are emailing us twice because they hear nothing all afternoon.",
                "within 1 hour",
            ),
            (
                "Translator notes keep getting stripped out of teh delivery. please keep the translator's queries in a separate comments file",
                "separate comments file",
            ),
            (
                "why is the word count on the invoice different from the quote?? attach the CAT analysis report to every invoice so they actually match",
                "CAT analysis report",
            ),
            (
                "Same person translating and reviewing their own job again. Review has to be done by a second linguist, otherwise what's the point?",
                "second linguist",
            ),
            (
                "Deadline reminders landing at midnight for freelancers in Manila is not ok. Send them during their working hours.",
                "during their working hours",
            ),
        ],
        "noise": [
            "No, this Portuguese job is for Brazil, not Portugal.",
            "Invoice 2024-117 goes to Ms. Lindqvist, not the general accounts inbox.",
            "That attachment is the v2 contract; the client sent v3, please swap it.",
        ],
    },
}
