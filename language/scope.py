"""Whether a sentence is about one case or a rule of the work (pure).

One order, ticket, host, amount, date or person is one case; a threshold, a recurrence, a clock
time or an amount of a unit makes a rule. Read by patterns and words weighed by a logistic
regression (scope_weights.json, beside this module); a language, a currency, a time of the week or a
role named as a rule, and the speaker's own one thing, are read as marks (language.kinds_named).
"""

import re
from pathlib import Path

from language.bounds import tokens_cut
from language.case_marks import DAY, HOUSE_NOUNS, IDENTIFIER, MONTH, WEEKDAY, phone_free
from language.grammar import _lemmas, words
from language.kinds_named import kind_marks
from language.linear_model import load
from language.remedy_shapes import shapes
from language.request_forms import destination_read_out
from language.request_forms import routed as routed_rule
from language.sentences import sentences
from language.standing_values import standing_value
from language.words import STOP

WEIGHTS = Path(__file__).with_name("scope_weights.json")
# Before a number, how much of the text the threshold words of a rule are looked for in.
THRESHOLD_WINDOW_CHARS = 80
STATES_SOMETHING = 3  # words: fewer ("No.", "Wrong again.") state no fact of their own


# A number: an amount ($632, 45.20 EUR, 3,200 dollars, $50k), a time (3pm), a count with a
# thousands separator (41,250) or a long one (88213), or a noun's number (Table 3, PR 5521).
NUMBER = re.compile(
    r"[$€£¥]\s?\d[\d,.]*k?\b"
    r"|\b\d[\d,.]*\s?(?:k\b|usd|eur|gbp|dollars?|euros?|pounds?)"
    r"|\b\d{1,3}(?:,\d{3})+\b|\b\d{4,}\b"
    r"|\b(?:ticket|order|invoice|table|figure|page|pr|issue|incident|case|commit|build|job|row|line|room)"
    r"\s+\d+\b",
    re.I,
)
# Before a number, what makes it a threshold of a rule rather than one value ("over $500").
THRESHOLD = re.compile(
    r"(?:\b(?:over|above|under|below|beyond|within|exceeding|after|before|every|up to|at least|at most|"
    r"(?:more|less|fewer|greater|higher|lower|longer|shorter|older|newer|larger|smaller|bigger) than)"
    r"|[<>≤≥])\s*(?:\w+\s+)?$",
    re.I,
)


# After an amount, what makes it the house's charge for a kind of thing ("the £35 costume fee",
# "a £2 clean fee", "the £50 deposit"): a price list's, not one value.
A_CHARGE = re.compile(
    r"^\s*(?:[a-z][\w-]*\s+){0,2}?(?:fee|charge|deposit|surcharge|supplement|levy)s?\b", re.I
)


def by_rule(text: str) -> bool:
    """What the patterns alone say: an identifier, or a number no threshold word stands before
    nor a charge's name follows."""
    if IDENTIFIER.search(text):
        return True
    return any(
        not THRESHOLD.search(text[max(0, m.start() - THRESHOLD_WINDOW_CHARS) : m.start()])
        and not (m.group().lstrip()[:1] in "$€£¥" and A_CHARGE.match(text[m.end() :]))
        for m in NUMBER.finditer(text)
    )


# What else tells one case from a rule: a name without a title, an identifier of letters only,
# a small number naming a thing ("desk 4", "section 9.2"), one value put right for another; and,
# for a rule, a recurrence, a clock time or an amount of a unit ("every Monday at 9", "a
# 20-minute slot", "net-45").
# A day said as one that recurs: "on Fridays", "on Sunday nights".
RECURRING_DAY = (
    r"(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)"
    # … or one told relative to a kind of occasion: "won't ship until the Tuesday after", "the Friday before"
    r"(?:s\b|\s+(?:nights|mornings|afternoons|evenings)\b|(?=\s+(?:after|before|following)\b))"
)
# Languages and the peoples that speak them are written in capitals and name a kind ("offer the
# form in Polish as well as English"), as a day that recurs does; never one case.
LANGUAGE_NAME = (
    r"(?:English|British|American|Australian|Canadian|Welsh|Scottish|Irish|Gaelic|Polish|Spanish|French|German|Italian|Portuguese|Dutch|Greek"
    r"|Romanian|Bulgarian|Hungarian|Czech|Slovak|Lithuanian|Latvian|Russian|Ukrainian|Turkish|Kurdish"
    r"|Arabic|Farsi|Persian|Urdu|Hindi|Punjabi|Bengali|Gujarati|Tamil|Somali|Swahili|Amharic|Tigrinya"
    r"|Chinese|Mandarin|Cantonese|Japanese|Korean|Vietnamese|Thai|Tagalog|Filipino|Indonesian|Malay"
    r"|Hebrew|Swedish|Norwegian|Danish|Finnish|Icelandic|Albanian|Croatian|Serbian|Bosnian|Slovenian|Latin)\b"
)
# Capitals that name a unit, a currency, a format or a region, never one thing: "in GB, not MB".
UNIT_CAPITALS = ("KB", "MB", "GB", "TB", "USD", "EUR", "GBP", "CAD", "AUD", "UTC", "GMT", "PDF", "CSV", "VAT")
UNIT_CAPITALS += ("US", "UK", "EU")
# Abbreviations that name a kind of thing, not one thing ("send an SMS as well", "the GP's letter").
UNIT_CAPITALS += ("SMS", "MMS", "FAQ", "URL", "ID", "GP", "NHS", "API", "ETA", "ASAP", "FYI", "PIN", "OTP")
UNIT_CAPITALS += ("QR", "DOB", "RSVP", "CV", "AM", "PM", "HR", "USB", "PO", "SKU", "VIN", "MOT", "NI")
# File formats and colour models, kinds of file: "warn people when a file isn't CMYK"
UNIT_CAPITALS += ("CMYK", "RGB", "JPEG", "JPG", "PNG", "GIF", "TIFF", "SVG", "DOCX", "DOC", "XLSX", "XLS")
UNIT_CAPITALS += ("ZIP", "HTML", "TXT", "MP3", "MP4", "DPI")


FUNCTION_WORDS = (
    r"(?:before|after|and|or|but|to|for|in|on|at|with|by|from|of|is|was|are|were|as|if|when|so|then|"
    r"first|too|again|only|instead|please|now|here|there)"
)


class Shouted:
    """Capitals that can name one thing ("RFI QTB", "HQ"), not a word shouted ("AVOID", "NOT", "Show
    the total WITH VAT"). Matched like a pattern (`search`)."""

    def __init__(self, pattern: re.Pattern):
        self.pattern = pattern

    def search(self, text: str) -> re.Match | None:
        return next((m for m in self.pattern.finditer(text) if not _shouted(m.group().lower())), None)


def _shouted(word: str) -> bool:
    return bool(_lemmas(word)) or word in STOP


SCOPE_PATTERNS = {
    "inner-capital": re.compile(
        r"(?<=[a-z,;] )(?!"
        + RECURRING_DAY
        + "|"
        + LANGUAGE_NAME
        + r")(?-i:[A-Z][a-z]+)\b(?!\s+time\b)"  # not "Berlin time"
    ),
    # (capitals after an article or "our" are a kind of thing, "link the BOM", "an EHCP", unless a
    # thing of their own follows; so are those a prefix negates or places, "a non-UKAS cert")
    "letters-id": Shouted(
        re.compile(
            r"(?-i:(?<![Nn]on-)(?<![Pp]re-)(?<![Pp]ost-)(?<![Aa]nti-)(?:"
            r"(?:(?<!\bthe )(?<!\bThe )(?<!\ba )(?<!\ban )(?<!\bany )(?<!\bour )(?<!\bOur )(?<!\bevery )"
            # (nor a body the work goes through: "book it through DVSA", "registered with HMRC")
            r"(?<!\bthrough )(?<!\bvia )(?<!\bwith )(?<!\bfrom )(?<!\bby )"
            r"\b(?!(?:" + "|".join(UNIT_CAPITALS) + r")\b)[A-Z]{2,6}\b)"
            # after an article too when a thing of its own follows: "the RFI binder"
            r"|\b(?!(?:"
            + "|".join(UNIT_CAPITALS)
            + r")\b)[A-Z]{2,6}\b(?=\s+(?!"
            + FUNCTION_WORDS
            + r"\b)[a-z]+[^s\W]\b)))"
        )
    ),
    # a thing's own number ("desk 4", "section 9.2"), not a quantity ("the 25% deposit", "in 24
    # hours", "under 5 hours")
    "small-number": re.compile(
        r"\b(?!(?:the|a|an|in|on|at|by|for|to|of|per|from|within|under|over|every|about|around|than|"
        r"least|most|only|just|up|is|are|was|be|and|or|min|max|minimum|maximum)\b)[a-z]+\s+\d{1,3}(?:\.\d+)?\b(?![.\d]*\s?%)(?!-[a-z])",
        re.I,
    ),
    "digit": re.compile(r"\d"),
    "recurrence": re.compile(
        # ("put them all on the 3rd floor" is one group, not a class)
        r"\b(?:every|each|daily|weekly|monthly|nightly|hourly|always|never|whenever|per|any"
        r"|(?<!\bthem )(?<!\bus )(?<!\byou )(?<!\bthose )(?<!\bthese )all)\b"
        # everyone or everything as the subject ("Anyone who …", "Everything on the list …") or
        # said of a class ("for anything going to Jersey", "anyone with a pet"), not as a bare
        # object: "don't book anyone into it for that day" is about one day
        r"|^(?:anyone|anybody|anything|everyone|everybody|everything|whoever|whatever)\b"
        r"|\b(?:anyone|anybody|anything|everyone|everybody|everything)\s+"
        r"(?:who|whose|that|which|with|about|over|under|from|containing|[a-z]+ing)\b"
        r"|\b(?:mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays|weekdays|weekends)\b"
        # a condition on any one of a kind: "If a pupil has an EHCP, …", "When someone asks …"
        r"|^(?:if|when|whenever|unless)\s+(?:a|an|any|someone|anyone|somebody|anybody)\s"
        # a step done before or after another, as a way of working: "… before suggesting a route"
        r"|\b(?:before|after|when|whenever)\s+(?!(?:anything|something|nothing|morning|evening)\b)[a-z]{3,}ing\b",
        re.I,
    ),
    "clock": re.compile(r"\b\d{1,2}(?::\d\d)?\s?(?:am|pm)\b|\b\d{1,2}:\d\d\b|\bnoon\b|\bmidnight\b", re.I),
    "unit": re.compile(
        r"\b\d+(?:\.\d+)?[\s-]?(?:minutes?|mins?|hours?|hrs?|days?|weeks?|wks?|months?|mths?|years?|yrs?|percent|%|kg|km|miles?"
        r"|mm|cm|metres?|meters?|m|g|grams?|lbs?|pounds?|ft|feet|inch(?:es)?|mil|ml|litres?|liters?|l|kw|kwh|w|v"
        r"|tonnes?|°c|°f|degrees?)\b"
        # a number joined to what it counts, before what it describes: "12-speed groupsets"
        r"|\b\d+-(?!\d)[a-z]+\s+[a-z]+s\b"
        r"|\bnet[\s-]?\d+\b|%",
        re.I,
    ),
    "capped": re.compile(
        r"\b(?:capped|limit(?:ed)?|max(?:imum)?|minimum|min|cutoff|cut-off|deadline)\b", re.I
    ),
    # one value put right for another: "Seat 12, not row H", "Build 5521, not 5512", "7:45, not 7:30"
    # (an amount put right for another, "£300, not £150", "2pm, not 5pm", is a standing value's)
    "value-swap": re.compile(
        r"(?<![£$€\d.])(?![\d.]+\s?(?:am|pm|%)\b)(?!\d{1,2}(?::\d\d)?(?:am|pm)\b)[\w:.-]*\d[\w:.-]*,?\s+not\s+"
        r"(?:[a-z]+\s+){0,2}(?:[\w:.-]*\d|[A-Z]\b)",
        re.I,
    ),
    # "that" points at one thing when it opens the sentence or follows a verb or a preposition
    # ("That delivery was …", "for that order", "Is that the Jones order?", "… is that one"), not
    # when it joins a clause to its noun ("any appointment that needs preparation") or opens what
    # is said ("Our policy is that every quote shows VAT")
    "deictic": re.compile(
        r"\b(?:this(?!\s+(?:much|many|long|late|early|bad|far|often|soon|big|small|high|low|[a-z]+ed|"
        + HOUSE_NOUNS
        + r")\b)"
        # ("the last" of a count is none: "mask it to the last three digits")
        r"|these|those|the last(?!\s+(?:\d+|two|three|four|five|six|seven|eight|nine|ten|few|couple)\b)"
        r"|yesterday|today|tomorrow|just now|earlier)\b"
        r"|(?:^|\b(?:in|from|on|for|with|to|about|of|by|at|like|did|do|does|just)\s+)that\b(?!\s+(?:"
        + HOUSE_NOUNS
        + r")\b)"
        r"|^(?:is|was)\s+that\b|\b(?:is|was)\s+that(?=\s*(?:one\b|[.,;!?]|$))",
        re.I,
    ),
}


# Days said as a span or a list ("Monday to Friday", "Tuesday and Thursday", "Mon-Sat") recur:
# read as the word "weekdays", they name no one day.
DAY_SPAN = re.compile(rf"\b{DAY}(?:\s*(?:to|through|thru|till|until|and|or|&|,|-|–)\s*{DAY})+", re.I)
# … and so do months said as a span, a season ("from October to February", "April–September",
# "between May and August"), read as the word "months" (not one month: "in June" may be one case's).
MONTH_SPAN = re.compile(rf"\b{MONTH}\s*(?:to|through|thru|till|until|and|-|–)\s*{MONTH}\b")


# Names given as examples of a kind ("the actual menu names, The Garden Party, The Harvest Table
# and so on", "the plan name - Hot Desk, Fixed Desk, Private Office") or after "such as", "e.g.",
# "like", a number of their own too ("not internal codes like Plan 3"): a rule shows what it
# covers by naming some; read as "examples", they name no one case.
NAME = r"(?-i:[A-Z][\w'&-]*(?:\s+(?:of\s+|the\s+|&\s+)?[A-Z][\w'&-]*)*(?:\s+\d+\b)?)"
LISTED = re.compile(
    rf"\b{NAME}(?:\s*,\s*{NAME}){{2,}}(?:,?\s+(?:and|or)\s+{NAME})?"
    rf"|\b{NAME}(?:\s*,\s*{NAME})+,?\s+(?:and so on|and the like|etc\b\.?)"
    rf"|\b(?:such as|e\.g\.|for example|for instance|like)\s+{NAME}(?:(?:\s*,\s*|\s+(?:and|or)\s+){NAME})*",
    re.I,
)


# A name made of two or more common words in capitals ("Shipper's Declaration for Dangerous
# Goods", "Hot Desk") titles a kind of thing — a form, a plan, a product — more often than it
# names one case, which a name of its own ("Okafor", "Hollins Park") or a code ("G12") does.
TITLED = re.compile(
    r"(?-i:\b(?!(?:It's|It|The|This|That|We|Our|Your|My|I|He|She|They)\b)[A-Z][a-z']+"
    r"(?:\s+(?:of|for|and|the|to|&)?\s*[A-Z][a-z']+)+\b)"
)


# The last word of a place's name: a place, an address ("42 Birch Lane", "the Elm Room") is one case.
PLACES = words(
    """street st road rd lane avenue ave close drive way park place court square crescent terrace
    gardens hill row house hall building block wing ward floor level room suite office station
    airport bridge centre center school church clinic hospital farm estate"""
)


# Work routed to a colleague by name ("pass all of those to Maureen in the AVI team", "exotic pets
# go on Dr. Okafor's schedule", "pass it to the office (Janet)") is a rule of who does what; the
# name is the colleague, not the case. Read as "a colleague" (and a team's code as "the team"),
# whatever else names one case still does ("pass my complaint to Janet").
TITLES = r"(?:Dr|Mr|Mrs|Ms|Miss|Prof|Pastor|Father|Rev|Revd|Sister|Nurse|Coach)"
PERSON = rf"(?-i:(?:{TITLES}\.?\s+)?(?!{TITLES}\b)[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)"
# Where a colleague works: "Gemma in the Bristol office", "Avian Solutions in Wrexham".
WHERE = (
    r"(?-i:(?:\s+(?:in|at)\s+(?:the\s+)?[A-Z][a-z]+(?:\s+(?:office|branch|depot|team|shop|store|site))?)?)"
)
COLLEAGUE_NAMES = (
    (
        re.compile(
            r"\b((?:pass|passes|passed|send|sends|sent|refer|refers|referred|route|routes|forward|forwards|"
            r"hand|hands|transfer|transfers|escalate|escalates|go|goes|put|puts|book|books|booked|direct|"
            r"directs|cc|cc'd|copy|copied|come|comes|point|points|signpost|signposts|redirect|redirects)\b[^.;]{0,60}?"
            rf"\b(?:to|with|on|for|through)\s+){PERSON}{WHERE}(?=\s*[,.;:)(—–-]|\s*$|\s+[a-z])",
            re.I,
        ),
        r"\1a colleague",
    ),
    # a kind of work set equal to who does it: "wedding cakes = Hannah in the cake room"
    (re.compile(rf"(\s(?:=|->|→)\s+){PERSON}(?=\s*[,.;:)(—–-]|\s*$|\s+[a-z])"), r"\1a colleague"),
    # a role and who holds it: "the duty manager, Mr Pellegrini, not the lifeguards"
    (re.compile(rf"(?-i:\b(the\s+[a-z]+(?:\s+[a-z]+)?),\s+{PERSON}(?=\s*[,.;]|\s*$))"), r"\1"),
    (
        re.compile(
            rf"\b{PERSON}'s\s+(?=(?:schedule|diary|list|calendar|queue|desk|inbox|clinic|caseload)\b)"
        ),
        "a colleague's ",
    ),
    (re.compile(r"(?-i:\b(the\s+[a-z]+(?:\s+[a-z]+)?)\s*\(\s*[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?\s*\))"), r"\1"),
    (re.compile(r"(?-i:\bthe\s+[A-Z]{2,5}\s+(team|desk|department|office|unit|line)\b)"), r"the \1"),
)


# Said of a class of cases ("pass all of those", "if a pupil asks", "exotic pets have to go"): a
# name there routes the work; in a sentence about one case ("Invoice 2024-117 goes to Ms.
# Lindqvist", "pass my complaint to Janet") it stays a name.
OF_A_CLASS = re.compile(
    r"\b(?:all|any|anyone|anything|every|each|whenever|if|when|unless|always|never|those|these)\b"
    r"|\b(?:have to|has to|must|should)\b",
    re.I,
)


# What belongs to one person named by title ("at Mr Ross's", "Mrs Okoye's christening") or to one
# family is that case, however the sentence is worded (a colleague's schedule is read as such
# first); so is what names one company ("the corporate booking for Arden Ltd"), one order's
# reference ("PT-771", "on invoice 88213") or one day ("next tues", "this Friday", "for the 22nd
# only").
WEEKDAY_CAPITAL = r"(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day"
# a day of one month, with its weekday or not: "Monday 3 March", "the 3rd of March", "March 3rd"
DATE = (
    rf"(?:(?:{WEEKDAY_CAPITAL},?\s+)?(?:the\s+)?\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{MONTH}"
    rf"|{MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?)\b"
)
SOMEONES = re.compile(
    r"(?-i:\b(?:Mr|Mrs|Ms|Miss|Mx|Dr)\.?\s+[A-Z][a-z]+(?:-[A-Z][a-z]+)?(?:'s|s')(?!\w)"
    r"|\b[Tt]he\s+[A-Z][a-z]+s'(?!\w)"  # one family's: "the Dawsons' lab"
    # one address: "12 Bridge St", "4 Mill Lane"
    r"|\b\d{1,4}[a-z]?\s+[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?\s+(?:St|Street|Rd|Road|Lane|Ln|Ave|Avenue|Close|"
    r"Drive|Way|Court|Crescent|Terrace|Place|Gardens|Grove|Row|Square)\b"
    r"|\b[A-Z][a-z]+\s+(?:Ltd|Limited|Inc|plc|PLC|LLC|LLP|GmbH)\b"  # one company: "for Arden Ltd"
    # one customer's work: "the Whitfield job", "the Kingfisher pub jobs" (not "the Saturday jobs")
    rf"|\b[Tt]he\s+(?!{WEEKDAY_CAPITAL})[A-Z][a-z]+(?:\s+[a-z]+)?\s+(?:job|jobs|move|booking|order|account|wedding|"
    r"party|funeral|install|delivery|collection|contract|visit|stay)\b(?!\s+(?:holder|customer|client|member|"
    r"user|type|owner)s?\b)"  # (not "the Premium account holders")
    # one person by full name, given or put somewhere: "Always put Oliver Grant with …"
    r"|\b(?:[Pp]ut|[Gg]ive|[Ss]eat|[Pp]air|[Pp]lace|[Cc]harge|[Ll]et)\s+(?!(?:Mr|Mrs|Ms|Miss|Dr)\b)[A-Z][a-z]+\s+"
    r"[A-Z][a-z]+\b(?!\s+[A-Z])"
    # one customer by title, as what the agent does something to: "Never book Mrs Dale in with …"
    # (a doctor named so is more often a colleague the work goes to)
    r"|\b(?:[Pp]ut|[Gg]ive|[Ss]eat|[Pp]air|[Pp]lace|[Cc]harge|[Ll]et|[Bb]ook|[Mm]ove|[Bb]ill|[Ii]nvoice|[Rr]efund|"
    r"[Cc]hase|[Ss]end)\s+(?:Mr|Mrs|Ms|Miss|Mx)\.?\s+[A-Z][a-z]+"
    r"|\b[A-Z]{1,4}-\d{2,}\b)"  # one order's or job's reference: "PT-771", "Booking MQ-558"
    # one day: "next tues", "this Friday", "late tues" (not "the last Friday of the month")
    rf"|\b(?:this|next|last|late|early)\s+{DAY}(?!s)"
    r"(?!\s+(?:of|in)\s+(?:the|each|every|a)\s+month)|\b(?:this|next|last)\s+weekend\b"
    # a rule kept to one case: "just for that job", "only for this booking", "just this once"
    r"|\b(?:just|only)\s+(?:for\s+)?(?:this|that)\s+(?:one|job|booking|order|time|week|weekend|day|event|visit|"
    r"stay|move|site|contract|account|customer|client|patient|guest|family|group)\b|\bthis\s+once\b"
    # … or to one day of the month: "for the 22nd only", "just on the 3rd", "for Monday 3 March at
    # 8am only", "only on March 3rd"
    r"|\b(?:for|on)\s+the\s+\d{1,2}(?:st|nd|rd|th)\s+only\b|\b(?:just|only)\s+(?:for|on)\s+the\s+\d{1,2}(?:st|nd|rd|th)\b"
    rf"|\b(?:for|on)\s+{DATE}(?:\s+at\s+[\d:.]+\s?(?:am|pm)?)?\s+only\b|\b(?:just|only)\s+(?:for|on)\s+{DATE}"
    # one document by its number: "the travel charge on invoice 88213", "for order 4471"
    r"|\b(?:on|for|of|to|from|in)\s+(?:invoice|order|job|booking|ticket|quote|claim|account|ref|reference|po)"
    r"\s+(?:no\.?\s*)?#?\d{3,}\b"
    # … or to one named customer's work: "just for the Marlow Pumps batch", "only for the Ito order"
    r"|\b(?:just|only)\s+for\s+the\s+(?-i:[A-Z][\w'’]+(?:\s+[A-Z][\w'’]+)*)\s+(?:batch|job|order|booking|shipment|"
    r"consignment|delivery|project|contract|account|event|claim|case)\b(?!\s+(?:holder|customer|client|member|"
    r"user|type|owner)s?\b)",
    re.I,
)


# Whoever asks, sent on: "point them to Purrfect Stays in Wrexham", "send those to Kev".
SENT_ON = re.compile(
    r"^(?:please\s+|just\s+)?(?:send|pass|point|refer|direct|signpost|redirect|put)\s+"
    r"(?:them|those|these|people|customers|callers|anyone|everyone)\b",
    re.I,
)


# Once the work is routed to a colleague, "he" or "she" is that colleague ("goes to Alan, he does
# the quoting"); so is whoever does a role (`_of_a_role`).
COLLEAGUE_PRONOUN = (
    (re.compile(r"\b(?:he|she)\b", re.I), "they"),
    (re.compile(r"\b(?:his|her|hers|him)\b", re.I), "their"),
)


def _colleagues(text: str) -> str:
    routed = text
    for pattern, replacement in COLLEAGUE_NAMES:
        routed = pattern.sub(replacement, routed)
    if routed != text:
        for pattern, replacement in COLLEAGUE_PRONOUN:
            routed = pattern.sub(replacement, routed)
    of_a_class = OF_A_CLASS.search(text) or routed_rule(text) or SENT_ON.match(text)
    return routed if of_a_class and not by_rule(routed) else text


# Someone named by the role they do, before "he" or "she": "the sweep to ring when he's half an hour
# away", "the engineer … when she arrives". Whoever does the role, no one person.
ROLE = re.compile(
    r"\b(?:the|your|our|a|an|each|every|any)\s+(?:[a-z-]+\s+)?(?!(?:customer|caller|buyer|owner|member|passenger|"
    r"borrower|renter|user|sender|visitor|player|mother|father|daughter|brother|sister|partner|neighbour|neighbor)\b)"
    r"(?P<role>[a-z]+(?:er|or|ist|ian)|sweep|engineer|driver|nurse|vet|doctor|pilot|guide|rep|tech|coach|tutor|chef|"
    r"cook|porter|steward)\b(?=.*?\b(?:he|she)\b)",
    re.I,
)
NOT_A_ROLE = frozenset({"other", "error", "floor", "door", "colour", "color"})


# "that" pointing back at a kind said before it or at every case of one ("Before it offers a slot it
# should check the tide table for that morning", "check the schedule for that postcode before it
# promises any turnaround"): any such one, no case.
POINTED_BACK = re.compile(r"\b(for|on|in|at|to|of|from|with|about)\s+that\s+(?=[a-z])", re.I)
OF_ANY = re.compile(r"\b(?:any|every|each|whenever|all)\b", re.I)
A_KIND_BEFORE = re.compile(r"\b(?:a|an)\s+[a-z][\w-]+", re.I)


def _anaphora(text: str) -> str:
    """The text with "that" read as "the" where it points back at any of a kind (`POINTED_BACK`): the
    sentence says "any" or "every", or names a kind with "a" before it."""
    found = POINTED_BACK.search(text)
    if not found or not (OF_ANY.search(text) or A_KIND_BEFORE.search(text[: found.start()])):
        return text
    return POINTED_BACK.sub(r"\1 the ", text)


def _a_role(word: str) -> bool:
    """Whether the word names someone by the work they do: one of the roles `ROLE` names, or a word
    of its endings that is only ever a noun ("instructor", "dispatcher"; not "harder", "order")."""
    if not word.endswith(("er", "or", "ist", "ian")) or word in ("engineer",):
        return True
    return set(_lemmas(word)) == {"NOUN"} and word not in NOT_A_ROLE


def _of_a_role(text: str) -> str:
    """The text with "he" or "she" read as "they" after someone named by the role they do for the
    house (`ROLE`; not a customer's), unless a name or a title names one person."""
    role = next((found for found in ROLE.finditer(text) if _a_role(found["role"].lower())), None)
    if not role or re.search(r"(?-i:(?<=[a-z,;] )[A-Z][a-z]+)|\b(?:Mr|Mrs|Ms|Miss|Dr)\b", text):
        return text
    after = text[role.end() :]  # (before the role, someone else: "she panicked … by your instructor")
    for pattern, replacement in COLLEAGUE_PRONOUN:  # whoever does the role
        after = pattern.sub(replacement, after)
    return text[: role.end()] + after


# A name before a kind of thing in the plural is the kind's ("only the Cumberland chipolatas are
# gluten free", "Bramley apples"), read in lower case; not one customer's work ("the Hartley
# orders") or people ("the Dawson kids").
KIND_NAMED = re.compile(r"(?-i:(?<!Mr )(?<!Mrs )(?<!Ms )(?<!Dr )\b[A-Z][a-z]+)(?=\s+([a-z]{3,}s)\b)")
NOT_KINDS = words(
    """job move booking order account wedding party funeral install delivery collection contract visit
    stay invoice claim case file ticket quote payment kid child boy girl twin parent guest friend
    family member customer client patient tenant pupil student people person lot"""
)


def _kind_named(match: re.Match) -> str:
    plural = match.group(1)
    known = _lemmas(plural)
    # a word the lexicon does not know is a plural by its ending ("chipolatas"; not "-ss", "-us")
    guessed = () if plural.endswith(("ss", "us", "is")) else (plural[:-1],)
    kinds = known.get("NOUN", ()) if known else guessed
    if not kinds or plural in kinds or any(kind in NOT_KINDS for kind in kinds):
        return match.group()
    return match.group().lower()


def _titled(match: re.Match) -> str:
    words = [w.lower().removesuffix("'s") for w in re.findall(r"[A-Za-z']+", match.group())]
    common = all(_lemmas(w) for w in words if w not in ("of", "for", "and", "the", "to"))
    numbered = re.search(r"\d\s*$", match.string[: match.start()])
    place = words[-1] in PLACES or bool(numbered)
    return "titled" if common and not place else match.group()


# A day changed for another ("change our checkout from Sunday to Saturday") is one case's value
# put right, not a span of days.
CHANGED_FROM = re.compile(
    r"\b(?:change|changed|move|moved|switch|switched|swap|reschedule|rescheduled|rebook|push|bring)\b"
    r"[^.;!?]*\bfrom\s+$",
    re.I,
)


def _days(match: re.Match) -> str:
    return match.group() if CHANGED_FROM.search(match.string[: match.start()]) else "weekdays"


# A day typed in lowercase is the same day ("next thursday", "on friday"); days in the plural recur.
LOWER_DAY = re.compile(rf"\b{WEEKDAY}\b")


# A rule said on a condition of a kind ("If a customer is short, offer to ring round for her",
# "When anyone asks, tell him …"): "he" or "she" is whoever meets it, not one person.
ON_A_KIND = re.compile(
    r"^(?:if|when|whenever|unless|once)\s+(?:a|an|any|anyone|anybody|someone|somebody|we|we're|they|"
    r"customers?|clients?|people|a\s+\w+)\b",
    re.I,
)
WHOEVER = ((re.compile(r"\b(?:he|she)\b", re.I), "they"), (re.compile(r"\b(?:him|her|his)\b", re.I), "them"))


def _whoever(text: str) -> str:
    if not ON_A_KIND.match(text):
        return text
    for pattern, replacement in WHOEVER:
        text = pattern.sub(replacement, text)
    return text


# Words quoted as someone said them ("it keeps saying 'someone will be with you today'") are
# what was said, not the case the sentence is about: read as "a phrase". A quoted word alone
# ('KP19') may still name one thing.
QUOTED = re.compile(r"(?<!\w)['‘\"“](.+?)['’\"”](?!\w)")


def _quoted(match: re.Match) -> str:
    return "a phrase" if " " in match.group(1).strip() else match.group()


def scope_features(content: str) -> dict[str, float]:
    text = LOWER_DAY.sub(lambda m: m.group().capitalize(), QUOTED.sub(_quoted, tokens_cut(content).strip()))
    text = _colleagues(MONTH_SPAN.sub("months", DAY_SPAN.sub(_days, _whoever(text))))
    text = KIND_NAMED.sub(_kind_named, LISTED.sub("examples", text))
    text = _anaphora(_of_a_role(TITLED.sub(_titled, text)))
    features = {"rule:instance": 1.0} if by_rule(text) else {}
    for name, pattern in SCOPE_PATTERNS.items():
        if pattern.search(text):
            features[f"has:{name}"] = 1.0
    markers = ("rule:instance", "has:inner-capital", "has:letters-id", "has:digit", "has:deictic")
    if not any(marker in features for marker in markers):
        features["no-marker"] = 1.0  # nothing names one case: a rule unless its words say otherwise
    for mark in kind_marks(text):
        features[f"kind:{mark}"] = 1.0  # "in Portuguese too", "Thursday evening", "my booking"
    for shape in shapes(text) & {"general-rule", "condition-then-act"}:
        features[f"shape:{shape}"] = 1.0  # "Online gifts count …", "If a host fails, page …"
    # a number is a number whichever it is: "6" in one sentence says nothing of "6" in another
    words = [re.sub(r"^\d[\d']*$", "#", w) for w in re.findall(r"[a-z0-9']+", text.lower())[:60]]
    if words:
        features[f"w1:{words[0]}"] = 1.0
    for word in words:
        features[f"w:{word}"] = 1.0
    for a, b in zip(words, words[1:], strict=False):
        features[f"bi:{a} {b}"] = 1.0
    return features


def is_instance(content: str) -> bool:
    """Whether a sentence is about one instance — an order or ticket number, an id, a host, an
    address, one amount, one date, one person, one named thing — rather than how the work is done.
    A number behind a threshold, a recurrence, a clock time or an amount of a unit is a rule
    ("Refunds over $500 need the escalate_refund tool", "Send the digest every Monday at 9",
    "Slots are 20 minutes"), and the project the template works on ("in this repository") is no
    instance, nor are the choices it names in brackets ("the boarding position (Alpha or Bravo)"),
    nor what announces a correction ("Correction for the desk: …", "Hi, just correcting what went
    out to St Anne's this morning - …").
    Such a fact stays with its agent and never becomes a directive line. The patterns'
    readings and the words are weighed by a logistic regression fitted on labelled corrections
    (scope_weights.json, written by bench/train_language.py). Reads the bounded text (tokens_cut).

    Of a text of several sentences, the first that says something (three words or more) is read:
    a correction states its fact first, and what follows is why, or how often it was got wrong
    ("The deposit is non-refundable once the tasting is booked. That's been in our terms for six
    years."), which names no case the fact is about; but a sentence of it that names one case
    whatever else it says (`names_one`: "… That's Mrs Harper's spaniel.") makes it about that case."""
    text = OPTIONS.sub("", phone_free(tokens_cut(content)))
    said = [s for s in sentences(text) if len(s.split()) >= STATES_SOMETHING and not VERDICT.match(s)]
    said = said or [text]
    if len(said) > 1 and TOLD_WRONG.match(said[0]):
        said = said[1:]  # "It told a couple yesterday that check-in starts at 2. It doesn't — …": the
        # story of what was got wrong, and for whom; the fact follows it
    said[0] = AGENT_DID_AFTER.sub("", said[0])  # "…, not 7 — the bot has told three owners 7 days"
    said[0] = CORRECTION_LEAD.sub("", said[0]) or said[0]  # "Correction for the desk: pilot orders …"
    said[0] = POLICY_LEAD.sub("", said[0]) or said[0]  # "our cancellation rule is that anything …"
    said[0] = VERDICT_LEAD.sub("", said[0]) or said[0]  # "That's wrong, I'm afraid, we stopped …"
    if names_one(said[0]) or any(names_one(later) and not AGENT_DID.match(later) for later in said[1:]):
        return True  # "at Mr Ross's", "… That's Mrs Harper's spaniel.": one person's own
    numbered = REFERENCE.search(text) or SCOPE_PATTERNS["letters-id"].search(text)
    if TOLD_MANY.search(text) and not numbered:
        return False  # what the agent keeps telling people is no one case's: "… not to the end of April
        # like your assistant keeps telling people"
    if standing_value(said[0]):
        return False  # "Our wasp nest treatment is £65 flat, not £45."
    return load(WEIGHTS).says_yes(scope_features(said[0]))


# What announces a correction before its fact, up to a colon or a dash: "Correction for the desk:",
# "Just to correct what the assistants have been saying on chat:", "Hi, just correcting what went
# out to St Anne's this morning -". Whom it is for, or what went out where, is no case the fact is about.
CORRECTION_LEAD = re.compile(
    r"^(?:(?:hi|hello|hey|morning|afternoon)\b[^:;—–.!?]{0,20}?[,!]\s+)?(?:just\s+)?(?:a\s+)?(?:quick\s+)?"
    r"(?:correction|correcting|to\s+correct|to\s+put\s+the\s+record\s+straight|for\s+the\s+record"
    r"|heads[- ]up|fyi|note)\b[^:;—–.!?]{0,80}?(?::|\s[—–-]\s)\s*",
    re.I,
)


# What only says the agent was wrong, said alone ("That's not right.") or before the fact ("That's
# wrong, I'm afraid, …", "Right, for what feels like the hundredth time: …"): no case the fact is about.
VERDICT = re.compile(
    r"^(?:no,?\s+)?(?:that'?s|that\s+is|this\s+is|it'?s)\s+(?:just\s+)?(?:not\s+(?:right|correct|true)|wrong|incorrect"
    r"|out\s+of\s+date|(?:last\s+year'?s|the\s+old|an\s+old|an\s+out[\s-]of[\s-]date|(?:a|the)\s+wrong)\s+"
    r"(?:figure|price|rate|fee|number|amount|time|date|one|info|information))(?:,?\s+i'?m\s+afraid)?[\s.!]*$",
    re.I,
)
VERDICT_LEAD = re.compile(
    r"^(?:(?:no,?\s+)?(?:that'?s|that\s+is|this\s+is)\s+(?:not\s+(?:right|correct|true)|wrong|incorrect)"
    r"(?:,?\s+i'?m\s+afraid)?|(?:(?:right|ok|okay|look|again),?\s+)?for\s+(?:what\s+feels\s+like\s+)?the\s+"
    r"(?:hundredth|umpteenth|nth|millionth|\w+th)\s+time)\s*[,:;—–-]\s*"
    # a plea to get it right, then the fact after a dash or a colon: "Can we please get this right - …"
    r"|^(?:(?:can|could)\s+(?:we|you|someone)\s+)?(?:please\s+)?get\s+(?:this|it)\s+right(?:\s+please)?"
    r"(?:\s+(?:once\s+and\s+for\s+all|for\s+once|this\s+time))?\s*(?:[:;—–]|\s-)\s*",
    re.I,
)
# The house's rule announced as such: "our cancellation rule is that …" is about what follows.
POLICY_LEAD = re.compile(
    r"^(?:our|the)\s+(?:[\w-]+\s+){0,2}(?:rule|policy)\s+(?:is|says)\s+(?:that\s+)?", re.I
)


# The kinds a rule offers to choose from, in brackets: "the pilot boarding position (Alpha or
# Bravo)", "the colour (Ivory/Cream)". Named choices, no one case; a number among them may be one.
OPTIONS = re.compile(
    r"\s*\((?:[^()\d]{1,40}?\s(?:or|and/or)\s[^()\d]{1,40}|[^()\d/\s]{1,30}/[^()\d\s]{1,30})\)"
)


def about_one_case(sentence: str) -> bool:
    """Whether the sentence is about one instance (`is_instance`) however it is read: of work
    routed to someone, whom it goes to, a person or a team by name, is no case ("Insurance
    upgrades to BS3621 go to Priya" is read as "… go to a colleague" too)."""
    return is_instance(sentence) and is_instance(destination_read_out(sentence))


# What the agent keeps telling people, or told one more of them: the fact put right is everyone's
TOLD_MANY = re.compile(
    r"\b(?:keeps?|kept|(?:has|have|'s|'ve)\s+been|still|stop)\s+(?:\w+\s+)?(?:telling|quoting|promising|offering|"
    r"saying|giving|advising|informing)\b"
    r"|\b(?:telling|quoting|promising|told|quoted|promised|advised|informed)\s+(?:people|customers|everyone|"
    r"everybody|callers|clients|parents|couples|guests|students|patients|members|folks?|anyone|another\s+\w+)\b",
    re.I,
)
# One thing's number: "order 5512", "invoice #4471", "table 12"
REFERENCE = re.compile(
    r"\b(?:order|invoice|ticket|job|booking|ref|reference|account|case|claim|policy|po|pr|table|room|plot|lot)"
    r"\s*(?:no\.?\s*|number\s*)?#?\s*\d{2,}\b",
    re.I,
)
# What the agent told someone, told first: "The chat told a lady on Saturday that …", "Your
# assistant told me …"
TOLD_WRONG = re.compile(
    r"^(?:(?:so|and|but|well),?\s+)?(?:it|(?:the|your|this|our)\s+(?:online\s+|booking\s+|web\s+)?"
    r"(?:bot|chatbot|chat|assistant|agent|ai|desk))\s+(?:has\s+|had\s+|just\s+|then\s+)?(?:told|said\s+to|quoted|promised|informed)\b",
    re.I,
)
# What the agent did to one case, told after a fact as where it went wrong ("… You left it off
# the Johnsons' quote."), is not the case the fact is about.
DID = (  # what an agent did, in the past
    r"(?:\w+ed|told|said|sent|gave|put|made|took|let|left|forgot|quoted|offered|promised|charged|sold|got|had)"
)
AGENT_DID = re.compile(rf"^(?:you|u|it|the\s+(?:bot|assistant|agent|chat|chatbot))\s+{DID}\b", re.I)
# What the agent did, told after a dash as where it went wrong: "… — the bot has told three owners".
AGENT_DID_AFTER = re.compile(
    r"\s[—–-]\s+(?:the\s+(?:booking\s+)?(?:bot|assistant|chatbot|chat|agent|ai|system)|it|you|u)"
    rf"(?:'s|\s+(?:has|have|had|keeps|kept|is|was|been|{DID}))\b.*$",
    re.I,
)


def names_one(sentence: str) -> bool:
    """Whether the sentence names one case whatever else it says (`SOMEONES`): one person's or
    family's own, one company, one order's reference, one address, one day named as such, one
    person told by what they did (`DESCRIBED`), unless that is whom the agent got it wrong for."""
    text = _colleagues(sentence)
    if SOMEONES.search(text) or DONE_FOR_ONE.search(text):
        return True
    found = DESCRIBED.search(text)
    return bool(found) and not WRONGED.search(text[: found.start()])


# One transaction done for one person or place named in full: "Please waive the late collection
# fee for Diane Okafor", "Hold the ridge pattern for Fenwick Cottage" (not "… go to Deborah Hale": work
# routed to a colleague; nor "… for Dangerous Goods", which no such act is done for)
DONE_FOR_ONE = re.compile(
    r"^(?:please\s+)?(?:(?:can|could|would)\s+you\s+)?(?:refund|credit|waive|send|book|move|cancel|reserve|hold|"
    r"issue|post|invoice|charge|reschedule|rebook|give|knock|take|put|add|order|ship|courier|drop|deliver|ring|"
    r"call|email|text|chase|remind)\b[^.?!]{0,60}?\b(?:for|to)\s+(?-i:(?!(?:St|Mr|Mrs|Ms|Dr)\b)[A-Z][a-z]+\s+"
    r"[A-Z][a-z]+(?:-[A-Z][a-z]+)?\b(?!\s+[A-Z]))"
    # the name ends the phrase: "for Diane Okafor, …", "… on the 4th" (not "for Dangerous Goods checks")
    r"(?=\s*(?:[,.;:!?()—–-]|$)|\s+(?:on|at|in|as|by|before|after|and|who|from|please|this|next|when|because|"
    r"since|today|tomorrow|tonight|asap|instead|too|only|again|for|to|with)\b)",
    re.I,
)
# One person told by what they did: "the couple who rang about the marquee", "the boy who broke
# his frames" (not "anyone who rings").
DESCRIBED = re.compile(
    r"\bthe\s+(?:couple|lady|man|woman|boy|girl|gentleman|gent|guy|bloke|chap|fella|mum|dad|family|"
    r"customer|client|people|group|student|patient|lad|lass)\s+(?:who|that)\s+(?:\w+ed|rang|came|did|"
    r"brought|bought|broke|left|sent|paid|got|had|was|were|took|made|said|told|wrote|called)\b",
    re.I,
)
# Before such a person, what says the agent got it wrong for them, or that they are one of a
# rule's cases: "like you did with the man who messaged", "you quoted £15 to the woman who
# emailed", "that includes the couple who asked today".
WRONGED = re.compile(
    rf"\b(?:you|u|it|the\s+(?:bot|agent|assistant))\s+(?:\w+\s+)?{DID}\b|\binclud(?:es|ing)\b", re.I
)
