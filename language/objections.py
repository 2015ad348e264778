"""What a piece of feedback objects to, when it argues against something asked or done (pure).

A minority often answers what the others asked for, not the agent: "Honestly I think the vacc photo
thing is overkill. Let it confirm straight away …", "I don't agree with Priya on the age thing",
"I'd rather it didn't quiz people about kids and pets in the chat", "Please don't make me drop a
pin on a map", "I know Sam wants the postcode checked first, but …", "spare me the quiz", "pls
dont just throw the form at me". What such an item then asks is the other side of that request,
in words of its own that share little with it, so no reading of the two lines alone sees the
contrary. The
objection names what it argues against ("the vacc photo thing", "kids and pets"): `objected`
gives those words, and `aimed_at` whether a line is about them (it shares a content word with
them, a clipped word counting as its whole: "vacc" is "vaccination").
"""

import re

from language.bounds import rule_text
from language.grammar import ADVERBS, closed, words
from language.words import content

# The words of what is objected to, in each form an objection takes.
OBJECTIONS = (
    # "I'd rather it didn't quiz people about kids and pets", "I'd prefer we didn't …"
    re.compile(
        r"\b(?:i'?d|i would|we'?d|we would)\s+(?:much\s+)?(?:rather|prefer)\s+(?:it|you|we|they|the\s+\w+)\s+"
        r"(?:didn'?t|did not|wouldn'?t|would not|stopped|stop)\s+(?P<what>[^.;!?,—–]+)",
        re.I,
    ),
    # "I don't agree with Priya on the age thing", "I disagree about the survey rule"
    re.compile(
        r"\b(?:i|we)\s+(?:don'?t|do not|really don'?t)\s+agree\s+(?:with\s+\w+\s+)?(?:on|about|with)\s+"
        r"(?P<what>[^.;!?,]+)"
        r"|\b(?:i|we)\s+disagree\s+(?:with\s+\w+\s+)?(?:on|about|with|w/)\s+(?P<what2>[^.;!?,]+)",
        re.I,
    ),
    # "the vacc photo thing is overkill", "grilling every booker about ages puts people off",
    # "the survey rule is going to lose us jobs"
    re.compile(
        r"(?P<what>[^.;!?,:]{3,80}?)\s+(?:is|are|seems?|feels?)\s+(?:a\s+bit\s+|way\s+|just\s+|honestly\s+)?"
        r"(?:overkill|over the top|unnecessary|pointless|a waste of time|going to lose us|"
        r"a bit much|excessive|a faff|a hassle|a pain|tedious|patroni[sz]ing|"
        r"losing us|putting (?:people|customers|them) off)(?!\w)"
        r"|(?P<what2>[^.;!?,:]{3,80}?)\s+puts?\s+(?:people|customers|them|folk|parents|families)\s+off",
        re.I,
    ),
    # "not sure about all this checking", "not a fan of the photo thing"
    re.compile(r"\b(?:not sure about|not a fan of|not keen on)\s+(?:all\s+)?(?P<what>[^.;!?,]+)", re.I),
    # "The twenty questions on the phone drive me mad"
    re.compile(
        r"(?P<what>[^.;!?,:]{3,80}?)\s+(?:drives?|drove|are\s+driving|is\s+driving)\s+me\s+"
        r"(?:mad|crazy|nuts|insane|up\s+the\s+wall|round\s+the\s+bend|spare)",
        re.I,
    ),
    # what the writer is made to do or be put through: "Please don't make me drop a pin on a map",
    # "I don't want to be asked permission about feed", "Please stop emailing me spreadsheets"
    re.compile(
        r"\b(?:don'?t|do\s+not)\s+make\s+(?:me|us)\s+(?P<what>[^.;!?,—–]+)"
        r"|\b(?:i|we)\s+(?:really\s+)?(?:don'?t|do\s+not)\s+(?:want|need)\s+to\s+be\s+(?P<what2>(?:asked|told|"
        r"contacted|messaged|called|rung|texted|emailed|quizzed|chased|bothered|pestered)\b[^.;!?,—–]*)"
        r"|\bstop\s+(?P<what3>[a-z]+ing\s+(?:me|us)\b[^.;!?,—–]*)",
        re.I,
    ),
    # what the writer does not need each time: "I don't need the spray rundown every time"
    re.compile(
        r"\b(?:i|we)\s+(?:really\s+|honestly\s+)?(?:don'?t|do\s+not)\s+need\s+(?P<what>[^.;!?,—–]+?)\s+"
        r"(?:every\s+(?:single\s+)?time|each\s+time|(?:on|in|with)\s+every\b|all\s+the\s+time)",
        re.I,
    ),
    # what the writer is told or asked at length and does not want: "I don't need a lecture about
    # aftercare terms", "I don't want a questionnaire on whether I float"
    re.compile(
        r"\b(?:i|we)\s+(?:really\s+|honestly\s+)?(?:don'?t|do\s+not)\s+(?:need|want)\s+(?P<what>(?:a|an|the|any|"
        r"another)\s+(?:whole\s+|long\s+)?(?:lecture|speech|sermon|rundown|spiel|essay|questionnaire|quiz|"
        r"interrogation|run-?through|explanation|paragraph|history)\b[^.;!?,—–]*"
        r"|(?:twenty|20)\s+questions\b[^.;!?,—–]*)",
        re.I,
    ),
    # what the writer is put through each time: "every time I ring I get a twenty-question quiz"
    re.compile(
        r"\b(?:every\s+(?:single\s+)?time|whenever)\s+(?:i|we)\s+(?:ring|call|phone|book|message|email|try)\b[^.;!?]*?"
        r"\s+(?:i|we)\s+(?:get|am\s+given|have\s+to\s+(?:sit\s+through|answer|do))\s+(?P<what>[^.;!?—–]+)",
        re.I,
    ),
    # what costs everyone each time: "digging through the PMR every time makes people wait ages"
    re.compile(
        r"(?P<what>[^.;!?,:—–]{3,80}?)\s+every\s+(?:single\s+)?time\s+(?:makes?|means|slows?|costs?|holds?)\b",
        re.I,
    ),
    # what others asked for, granted and then argued against: "I know Priya wants the move-in date
    # asked up front, but …"
    re.compile(
        r"\b(?:i\s+know|i\s+get\s+(?:that|it)|i\s+understand(?:\s+that)?|i\s+reali[sz]e|i\s+appreciate)\s+"
        r"[\w' ]{1,30}?\s+(?:wants?|likes?|prefers?|asked\s+for|asks?\s+for)\s+"
        r"(?P<what>[^.;!?—–]+?)\s*,?\s+but\b",
        re.I,
    ),
    # what the writer (or those they speak for) cannot stand: "our accounts hate the vague answer"
    re.compile(
        r"\b(?:hate|hates|can'?t\s+stand|cannot\s+stand|dislike|dislikes|loathe|loathes)\s+"
        r"(?P<what>(?:the|all\s+the|all\s+this|being|having|getting)\s+[^.;!?,—–]+)",
        re.I,
    ),
    # what the writer would be spared: "spare me the quiz"
    re.compile(r"\bspare\s+(?:me|us|them|people)\s+(?P<what>(?:the|all\s+the|your)\s+[^.;!?,—–]+)", re.I),
    # what the writer would have done without: "I'd rather it sent the list straight away without
    # quizzing people first"
    re.compile(
        r"\b(?:rather|prefer|sooner)\b[^.;!?]*?\b(?:without|instead\s+of)\s+(?P<what>[a-z]+ing\b[^.;!?,—–]*)",
        re.I,
    ),
    # the act done too readily: "pls dont just throw the ILL form at me, check first …"
    re.compile(r"\b(?:don'?t|do\s+not)\s+just\s+(?P<what>[a-z]+\b[^.;!?,—–]*)", re.I),
)
# Words for being asked questions: an objection to them is aimed at a line that asks.
ASKING = words(
    "question questions quiz quizzed quizzing questioning grilling grilled interrogation interrogated "
    "questionnaire questionnaires"
)
OPENING = re.compile(
    r"^(?:(?:honestly|personally|tbh|sorry|but|and|so|i think|i reckon|i feel)\b[,\s]*)*", re.I
)
GENERIC = words("thing things rule rules idea stuff business whole lot bit everyone people about time times")
# What comes before a turn is no part of what is objected to: "I'm with Fiona on most things but
# quizzing everyone about dorm type is a bit much".
TURN = re.compile(r"\b(?:but|though|although|yet)\b\s*", re.I)


# An objection that names nothing: "I think we're overdoing it — just take the order …".
UNNAMED = re.compile(
    r"\b(?:we'?re|we are|you'?re|you are|it'?s|this is|that'?s|we'?ve been|they'?re)\s+"
    r"(?:a\s+bit\s+|way\s+|really\s+|being\s+|getting\s+)?(?:overdoing it|over the top|overkill|too much|"
    r"going too far|overthinking it|too cautious|too strict|overcomplicating it)\b",
    re.I,
)
# Marks the words of what an item asks instead, when its objection names nothing (`objected`).
INSTEAD = "instead:"
SHARED_INSTEAD = 2  # words a line shares with what is asked instead, to be what is objected to

# An item that asks for less, and names no objection: "pls dont call me, im at work … a text with
# the time is all i need", "I don't need someone driving 80 miles to look at grass. Please just
# confirm the booking", "Don't hold a full bus for one late plane". Its words are what it is about
# (`LESS_ASKED`); a line sharing two of them is what a minority asking so may be answering.
LESS = re.compile(
    r"\b(?:just|don'?t|dont|do\s+not|no\s+need|rather|instead|stop|too\s+many|overkill|pointless|without"
    r"|skip)\b",
    re.I,
)
LESS_ASKED = "less:"
JOINING = words("when while whenever how why what where who which than then also very")  # join, name nothing
# Words of such an item that say nothing of what it is about: whom, and how it asks for less.
NAMES_NOTHING = words(
    "bot bots assistant chatbot agent ai user customer client person someone anyone just don dont t d s ll "
    "ve re m not need want like please pls rather than instead stop without skip no too many overkill "
    "pointless"
)


def objected(text: str) -> str:
    """The content words of what `text` argues against ('' when it argues against nothing), read
    in the part of a text every rule reads (`rule_text`). An objection that names nothing ("we're
    overdoing it") argues against what its item asks the other side of: the words of what it
    asks instead, after `INSTEAD`."""
    text = rule_text(text)
    for pattern in OBJECTIONS:
        if found := pattern.search(text):
            named = found.groupdict()
            what = named.get("what") or named.get("what2") or named.get("what3") or ""
            what = TURN.split(what)[-1]
            words = [w for w in content(OPENING.sub("", what.strip())).split() if w not in GENERIC]
            if words:
                return " ".join(words)
    if found := UNNAMED.search(text):
        words = [w for w in content(text[found.end() :]).split() if w not in GENERIC]
        return f"{INSTEAD} {' '.join(words)}" if words else ""
    if LESS.search(text):
        words = about(text)
        return f"{LESS_ASKED} {words}" if words else ""
    return ""


def about(text: str) -> str:
    """The content words of an item that name what it is about, each once, in order (none of
    whom it is about, nor how it asks: `NAMES_NOTHING`)."""
    said = content(rule_text(text)).split()
    return " ".join(w for w in dict.fromkeys(said) if len(w) > 2 and not _says_nothing(w))


def _says_nothing(word: str) -> bool:
    return word in GENERIC or word in NAMES_NOTHING or closed(word) or word in ADVERBS or word in JOINING


def shared(objection: str, words: str) -> int:
    """How many of `words` name what `objection` (`objected`'s words) names, a clipped word
    counting as its whole ("vacc" is "vaccination")."""
    named = objection.removeprefix(INSTEAD).removeprefix(LESS_ASKED).split()
    named += ["ask"] if ASKING & set(named) else []  # "the twenty questions" are what a line asking does
    return sum(
        any(w == o or (len(o) >= 4 and w.startswith(o)) or (len(w) >= 4 and o.startswith(w)) for o in named)
        for w in dict.fromkeys(words.split())
    )


def asks_less(objection: str) -> bool:
    """Whether `objected` found no objection named, only an item asking for less (`LESS`)."""
    return objection.startswith(LESS_ASKED)


def aimed_at(objection: str, line: str) -> bool:
    """Whether `line` is about what `objection` (`objected`'s words) argues against: it shares a
    word with what is named, or `SHARED_INSTEAD` words with what is asked instead."""
    instead = objection.startswith((INSTEAD, LESS_ASKED))
    return shared(objection, content(line)) >= (SHARED_INSTEAD if instead else 1)
