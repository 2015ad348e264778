"""What names one case rather than a kind of thing, as patterns (pure): an identifier, and the
names of the days and the months. Read by language.scope and language.standing_values."""

import re

# A month's name.
MONTH = r"(?:January|February|March|April|May|June|July|August|September|October|November|December)"

# What names one thing rather than a kind of thing (all matched on the original case).
# What "this" points at when it is the house the agents work for, or the agent itself: "every message
# that leaves this studio", "anyone who rings this office", "check the dates in that bot". No case.
HOUSE_NOUNS = (
    "studio|shop|office|clinic|business|practice|salon|yard|centre|center|firm|garage|surgery|club|venue|store|"
    "branch|agency|workshop|bakery|restaurant|hotel|hostel|school|department|company|"
    "bot|chatbot|assistant|agent|system|app|website|portal"  # the agent itself and what it runs on
)
IDENTIFIER = re.compile(
    r"#\s*\w*\d"  # an order or ticket number: #A66468, # 4471
    r"|\b(?=[\w-]*\d[\w-]*\d)(?=[\w-]*[a-z])(?!\d+(?:hrs?|hours?|mins?|minutes?|secs?|days?|wks?|weeks?|kgs?|km|mm|cm|ml|"
    r"mph|miles?|ft|pm|am)\b)[\w-]{5,}\b"  # an id or a host: INV2231, db-prod-07, 4f9c2ab (not "24hrs")
    r"|\b\d+(?:\.\d+){3}\b"  # an IP address
    r"|[\w.+-]+@[\w-]+\.[\w.]+"  # an email address
    r"|\b[\w-]+(?:\.[\w-]+)*\.(?:com|io|net|org|dev|co|ai|app|local|internal)\b"  # a host name
    r"|\b10\.\d{4,}/\S+"  # a DOI
    r"|\b\d{4}-\d{2}-\d{2}\b"  # a date
    # a day of the month: "on the 3rd, not …" (not "the 1st of every month", not "the 2nd reminder")
    r"|\bthe\s+\d{1,2}(?:st|nd|rd|th)\b(?!\s+(?:of\s+)?(?:every|each|the)\s+month)(?!\s+(?!of\b)[a-z])"
    r"|\b(?:Mr|Mrs|Ms|Dr|Prof)\.?\s+[A-Z]"  # a person by title
    r"|\bet al\b"  # the authors of one paper
    r"|\bname is\b"  # "her name is Ana"
    r"|\b(?:he|she|him|his|her|hers)\b"  # one person
    r"|(?-i:\b[A-Z][a-z]+'s\b)"  # Maria's, Acme's
    r"|\b(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b"
    # one day (not "on Fridays", "Sunday nights", "until the Tuesday after", told of a kind of occasion)
    r"(?!s|\s+(?:nights|mornings|afternoons|evenings|after|before|following)\b)"
    # one day of a month ("on 3 March", "March 3rd"); a month alone bounds a season that comes
    # every year ("from November to March", "after August")
    rf"|\b\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{MONTH}\b"
    r"|\b(?:January|February|March|April|June|July|August|September|October|November|December)\s+\d{1,2}\b"
    r"|\b(?:today|tonight|tomorrow|yesterday|right now|last week|this time)\b"
    r"|(?:\bthis|(?:^|\b(?:in|from|on|for|with|to|about|of|by)\s+)that)\s+(?!repo|repository|project|codebase|team|company|product|service|workspace|"
    rf"kind|type|way|rule|(?:{HOUSE_NOUNS})\b)(?!(?:much|many|long|late|early|bad|far|often|soon|big|small|high|low)\b)(?![a-z]+ed\b)[a-z]+",
    # this order, that report (not the project the template works on, nor "this annoyed", "this late")
    re.I,
)

# A day's name, whole or cut short ("Tues", "Sat"), and a day's whole name in lowercase.
DAY = r"(?:Mon|Tues?|Wed(?:nes)?|Thu(?:rs)?|Fri|Sat(?:ur)?|Sun)(?:day)?\b\.?"
WEEKDAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"  # a day's whole name

# A telephone number ("07700 900312", "+44 20 7946 0958", "(555) 014-2231"): how to reach whoever
# the work goes to, no case of the work; read as "a phone number" before the case marks.
PHONE = re.compile(
    r"(?<![\w£$€.#-])(?:(?:\+\d{1,3}|\(0?\d{2,5}\)|0\d{1,4})(?:[\s.-]\d{2,6}){1,3}|\d{3}[.-]\d{3}[.-]\d{4})(?![\w.-]*\d)"
)


# A service's short number, said as where to call or send someone: "point them to 111", "ring 999".
SERVICE_NUMBER = re.compile(
    r"\b(call|ring|dial|phone|text|to|on)\s+(?:111|999|911|112|101|988|119)\b(?![\w.-]*\d)(?!\s+(?-i:[A-Z]))",
    re.I,
)


def phone_free(text: str) -> str:
    """The text with each telephone number in it read as "a phone number", and a service's short
    number where someone is sent to it ("point them to 111"); a run of digits too short or too
    long for one is left as it is."""
    text = SERVICE_NUMBER.sub(r"\1 a phone number", text)
    return PHONE.sub(
        lambda m: "a phone number" if 10 <= sum(c.isdigit() for c in m.group()) <= 13 else m.group(), text
    )
