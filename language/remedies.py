"""Remedies stated in negative feedback, grouped across sessions (pure).

Users and agents often say what would have helped: "Please cite the source for every number".
A sentence is a remedy only when it says what to do, read by its grammar (`language.grammar`); a
complaint is not one because it contains a word such as "never" or "check". Remedies are grouped
with their near-duplicates, never with their opposites ("Use bullet points" and "Don't use bullet
points" share every content word: they are two groups). A group's support is the number of
people who asked for it, not of items: each person counts once however many items they sent (a
person is the end user an item names, or its session when it names none). A group asked for by
at least `min_people` people in at least `min_sessions` sessions yields its most representative
sentence (the one most similar to what its people said) in the agent's terms
(`language.agent_terms`: the instruction alone, the speaker as "the user"), so one person asking
again and again, in however many sessions, never makes a line for the whole template, and a
group that asks nothing of the work beyond its speakers ("Stop pestering me.") makes none. Two
groups said in the same items, item after item, are one request and one line, in the order said
("Stop emailing cancellations." + "When a session is off it has to go out by text.").

Similarity is rapidfuzz's token-set ratio over the content words (stop words such as "please",
"you", "should", "always" removed, plurals folded). Measured on paraphrase sets of realistic
feedback: raw token-set ratio ≥ 70 joins 7 of 14 same-remedy pairs; over content words, ≥ 65
joins 14 of 14 and 0 of 77 pairs of different remedies.
"""

import re
from collections import Counter
from dataclasses import dataclass

from rapidfuzz import fuzz, process

from language import grammar
from language.agent_terms import for_agent, instruction_in, without_purpose, written_for_agent
from language.case_marks import HOUSE_NOUNS
from language.contrary import action, contrary
from language.empty_asks import empty_ask
from language.follow_ups import goes_on_from_one_case, recurs, tells_one_case
from language.grammar import imperative
from language.leads import lead_off
from language.letters import labelled, message
from language.noun_rules import SPEAKER
from language.objections import about, objected
from language.remedy_reading import WHERE_NOT, by_form, is_remedy
from language.remedy_shapes import kind_narrowed, shapes
from language.request_forms import addressed, instructs, request, shielded, work_rule
from language.run_ons import run_ons
from language.scope import about_one_case, is_instance, names_one, scope_features
from language.sentences import sentences
from language.spelling import plain_spelling
from language.standing_values import standing_value, stated_value
from language.words import content

THRESHOLD = 65
MIN_PEOPLE = 3  # a request fewer people asked for is no line for a whole template
OPPOSITE_CHECKS = 3  # the nearest members of a group a content is checked against for opposition
THE_WRITER = frozenset({"you", "your", "u", "ur"})  # what the draft's writer did is no house rule
DEGREE = frozenset({"far", "too", "so", "very", "way", "much"})
SAME_ASK = 95  # content words this alike, asked the same way, are one ask (language.contrary's reading)


@dataclass(frozen=True)
class Said:
    text: str
    session: str  # where it was said (a session id, or agent and day when there is none)
    source: str  # "observation:12", "correction:7" …
    person: str = ""  # who said it (the end user's id), when the agent said
    downstream: str = ""  # the template it was seen in, when another template's agent said it
    position: int = 0  # which sentence of its item it is
    against: str = ""  # what its item argues against (language.objections), when it does
    about: str = ""  # the words of what its item is about (`language.objections.about`)


@dataclass(frozen=True)
class Remedy:
    text: str
    count: int  # items
    sessions: int
    sources: tuple[str, ...]
    people: int = 0  # distinct people who asked (a session without a user's id is one person)
    downstream: tuple[str, ...] = ()  # the templates a hand-off passed it on from (improver.handoffs)
    against: str = ""  # what most of those who asked for it argue against (language.objections)
    # its line was read from an ask that holds from now on (`holds_from_now_on`): what it names is
    # no one case, as the asks reader read it, though the line no longer says "going forward"
    standing: bool = False
    about: str = ""  # the words of what most of the items asking it are about (language.objections)


def asks_of_the_work(sentence: str) -> bool:
    """Whether a sentence of feedback asks something of the work: it says what to do, and what
    it asks is about no one case. What it asks is judged, not what is said around it: the act of
    a polite question or of a wish ("If you'd check the model when I book, this wouldn't happen"
    asks to check the model; "this" is what went wrong, not one order), and of work routed to
    someone, what the work is, not whom it goes to. A request of the agent in the third person
    ("The bot should warn owners upfront") is read as said to it."""
    said = addressed(shielded(sentence))
    asked = request(said) or said
    if not is_remedy(said) or _what_we_did_next(sentence):
        return False
    if _from_now_on(said, asked):
        return True  # "Going forward tell people it's sealed screw-caps only, and mention the £2 fee"
    asked = instead_off(asked)  # what it is asked instead of is no case it is about
    readings = dict.fromkeys((asked, INSTEAD_RUN_ON.sub("", asked) or asked))
    for reading in readings:
        reading = without_purpose(reading) or reading  # nor what it is asked for ("…, so I know who to ask")
        if _unmarked_rule(reading) or not about_one_case(reading):
            return True
    return False


def holds_from_now_on(sentence: str) -> bool:
    """Whether an ask says it holds from now on and names no one case ("Going forward tell people
    it's sealed screw-caps only, and mention the £2 fee"; not "From now on Rex gets the last
    slot"): what it names, an amount included, is the house's (`asks_of_the_work`)."""
    said = addressed(shielded(sentence))
    return _from_now_on(said, request(said) or said)


def _from_now_on(said: str, asked: str) -> bool:
    return bool(FROM_NOW_ON.match(said)) and not names_one(asked) and not NAMED.search(said)


def line_of_one_case(line: str) -> bool:
    """Whether a line is about one case as an ask is read: what it asks instead of ("…, not just
    take the card details and say see you Saturday") is no case it is about. A line that marks
    no case (no identifier, number, name, one thing pointed at, one person's own: the scope's
    markers) is about none, whatever its function words weigh: "Tell people how long the wait is
    likely to be" was asked as a rule and is written as one."""
    asked = instead_off(line)
    return about_one_case(asked) and not ("no-marker" in scope_features(asked) and not names_one(asked))


# What an ask is asked instead of, after it: "…, not just take the card details and say see you
# Saturday", "…, rather than after I've paid" (not "…, not a flat one": a correction of one case).
INSTEAD = re.compile(r",\s+(?:not\s+(?:just|simply|only|merely)|rather\s+than|instead\s+of)\b[^,;]*$", re.I)
# … and an act not to do instead, after a comma: "…, not leave people wondering where their £150 went"
NOT_INSTEAD = re.compile(r",\s+(?:and\s+)?not\s+(?P<act>[a-z]+)\b[^,;]*$")


def instead_off(text: str) -> str:
    """The text without what it is asked instead of (`INSTEAD`, `NOT_INSTEAD`: not "…, not a flat
    one", "…, not Tuesday", "…, not second", which put one case right)."""
    act = NOT_INSTEAD.search(text)
    if act and grammar.base_verb(act["act"]) and "ADJ" not in grammar._lemmas(act["act"]):
        return text[: act.start()] or text
    return INSTEAD.sub("", text) or text


# … and without its comma ("… why it is recommended rather than just quoting it to the customer"):
# read both ways, an ask is about one case only when neither reading says otherwise
INSTEAD_RUN_ON = re.compile(r"\s+(?:rather\s+than|instead\s+of)\b[^,;]*$", re.I)
# A name inside a sentence ("From now on Rex gets the last slot"): one case, whenever it holds from.
NAMED = re.compile(r"(?<=\w)\s+(?!I\b|I')[A-Z][a-z]")
# What says an ask holds from now on, whatever amount or day it names: "Going forward, …".
FROM_NOW_ON = re.compile(
    r"^(?:(?:so|and|but|ok|okay),?\s+)?(?:going\s+forward|from\s+now\s+on|from\s+here\s+on(?:\s+in)?|"
    r"in\s+(?:the\s+)?future|henceforth|as\s+a\s+rule|from\s+today|as\s+of\s+today|starting\s+today|"
    r"with\s+immediate\s+effect|effective\s+immediately)\b",
    re.I,
)


def _unmarked_rule(asked: str) -> bool:
    """Whether what is asked is what a kind of thing or a role must do ("Review has to be done
    by a second linguist") and nothing in it marks one case: no identifier, number, name or one
    thing pointed at (the scope's markers); the words around it do not make it one."""
    ruled = work_rule(asked) or instructs(asked)
    return ruled and "no-marker" in scope_features(asked) and not names_one(asked)


def pieces(text: str) -> list[str]:
    """The sentences of `text` as `asks_in` reads them, whose places it gives: a letter's message
    without its frame (`language.letters`), an unpunctuated message cut where its ask begins
    (`language.run_ons`), its words spelt as in a text message read as they stand for
    (`language.spelling`: "b4", "shud", "get it 2 look")."""
    said = [part for sentence in sentences(message(plain_spelling(text))) for part in run_ons(sentence)]
    said = [piece for part in said for piece in _listed(part)]
    said = [REMARK_AFTER.sub("", piece) for part in said for piece in _so_asked(part)]
    said = [piece for part in said for piece in _for_the_one_case_then(part)]
    return [_asked_as_typed(_with_its_subject(part)) for part in said]


# A request of the agent typed without its question mark ("can it use Deaf pls, not hearing
# impaired"), and a "pls" before what it is asked instead of.
UNMARKED_QUESTION = re.compile(
    r"^(?:(?:pls|plz|please)\s+)?(?:can|could|will|would)\s+(?:it|u|you|the\s+(?:bot|assistant|chat|chatbot))\s"
    r"[^?]*?[.!]*$",
    re.I,
)
PLEASE_BEFORE_COMMA = re.compile(r"\s+(?:pls|plz|please)(?=,)", re.I)


def _asked_as_typed(sentence: str) -> str:
    if not UNMARKED_QUESTION.match(sentence):
        return sentence
    return PLEASE_BEFORE_COMMA.sub("", sentence.rstrip(" .!")) + "?"


# A list typed on one line, each item after a dash or a bullet: "Notes for the chat: - always explain
# the deposit - don't call it refundable - don't guess if unsure".
INLINE_ITEM = re.compile(r"(?:\s|(?<=:))[-–•*]\s+(?=\S)")


def _listed(sentence: str) -> list[str]:
    """The items of a list typed on one line, each a sentence, when two or more of them instruct
    (a dash before an aside, or one, is no list); else the sentence."""
    head, *items = INLINE_ITEM.split(sentence)
    if len(items) < 2 or sum(instructs(item) for item in items) < 2:
        return [sentence]
    return ([head.strip()] if head.strip() else []) + [item[:1].upper() + item[1:].strip() for item in items]


# In a long sentence, the ask that follows what happened after ", so": "… spent two hours with
# frozen feet, so when it books juniors in it should list the kit they need to bring".
SO_ASKED = re.compile(
    r",\s+(?P<so>so\s+)?(?=(?:really\s+|then\s+|surely\s+|basically\s+)?(?:when\b[^,]{0,60}?\s)?"
    r"(?:it|the\s+[\w-]+|your\s+[\w-]+|you|they)\s+(?:really\s+)?(?:should|needs?\s+to|must|has\s+to|ought\s+to)\b)",
    re.I,
)
CONDITION_FIRST = re.compile(
    r"^\W*(?:if|when|whenever|unless|once(?!\s+(?:is|was)\b)|where|as\s+soon\s+as|before|after|for|in|on|during|while"
    r"|until)\b",
    re.I,
)
# A remark to the reader after the ask, to its end: "…, and otherwise keep up the good work", "…, and
# honestly the cafe coffee has got much better too", "…, because the rest of the day was lovely".
# A story told after it ("…, which is what happened on 9 November") or a remark that it is obvious
# ("…, surely that's obvious") is no part of it either.
REMARK_AFTER = re.compile(
    r",\s+(?:and\s+(?:otherwise|honestly|also,|i'?ll\s+say|to\s+be\s+fair|in\s+fairness)|because\s+the\s+rest"
    r"|which\s+is\s+(?:exactly\s+)?what\s+happened|surely\s+that'?s\s+(?:obvious|common\s+sense))\b.*$"
    # what the ask spares, spliced on: "…, it sets people up for disappointment and then they blame us"
    r"|,\s+it\s+(?:just\s+|only\s+|really\s+)?(?:sets|makes|causes|confuses|annoys|upsets|leaves|wastes|puts)\b[^.?!]*(?=[.?!]*$)"
    # what the writer went through, spliced on: "…, we had to chase you 3 times", "…, I was waiting an hour"
    # (not the writer's frame before it: "Hello, I was wondering - could you …")
    r"|,\s+(?:we|i)\s+(?:had\s+to|ended\s+up|(?:was|were)(?!\s+(?:wondering|hoping|thinking|going|just)\b)|got|spent"
    r"|waited|lost|missed|never\s+got)\b[^.?!]*(?=[.?!]*$)"
    # what the agent still does, told after a dash: "… - the assistant still says we're open late in December"
    r"|\s[—–-]\s+(?:the\s+(?:assistant|bot|chat|chatbot|agent)|it)\s+(?:still|keeps|always|just)\b.*$",
    re.I,
)
# What is to be done from now on, after what to do for the one case: "For this one please ring her to
# apologise, but going forward the assistant should ask for …".
BUT_FROM_NOW_ON = re.compile(
    r",?\s+but\s+(?=(?:going\s+forward|from\s+now\s+on|in\s+future|for\s+the\s+future|next\s+time)\b)", re.I
)


def _for_the_one_case_then(sentence: str) -> list[str]:
    found = BUT_FROM_NOW_ON.search(sentence)
    return _cut(sentence, found.start(), sentence[found.end() :]) if found else [sentence]


def _cut(sentence: str, at: int, after: str) -> list[str]:
    """The sentence up to `at`, closed, and `after` as a sentence of its own."""
    return [sentence[:at] + ".", after[:1].upper() + after[1:]]


def _so_asked(sentence: str) -> list[str]:
    found = SO_ASKED.search(sentence)
    # without "so", only a short remark is cut off ("Once is enough, it should remember it …") or
    # what the agent did ("the assistant keeps saying we deliver to Thornbury but we don't, it
    # should only offer …"), not the ask's condition ("If it rains, the bot should …") or what it
    # points back at ("Bikes left more than 30 days … get a storage fee, the agent needs to mention this …")
    before = sentence[: found.start()] if found else ""
    short_remark = found and (len(before.split()) <= 5 or THE_AGENT_DID.search(before))
    if not found or (not found["so"] and (CONDITION_FIRST.match(sentence) or not short_remark)):
        return [sentence]
    after = re.sub(r"^(?:really|then|surely|basically)\s+", "", sentence[found.end() :], flags=re.I)
    return _cut(sentence, found.start(), after)


# What should be done, said with no one to do it ("shud check the diary properly not just say no",
# "Must ask for the postcode first"): the agent the feedback is about is who should.
SUBJECTLESS = re.compile(
    r"^(?:should|must|needs\s+to|has\s+to|ought\s+to)\s+(?:(?:just|only|always|never|really|also|actually)\s+)?"
    r"(?P<verb>[a-z]+)\b",
    re.I,
)


def _with_its_subject(sentence: str) -> str:
    found = SUBJECTLESS.match(sentence)
    if not found or not grammar.base_verb(found["verb"].lower()):
        return sentence
    return f"It {sentence[0].lower()}{sentence[1:]}"


def asks_in(text: str, *, reason: bool = False, read: dict | None = None) -> list[tuple[int, str]]:
    """The sentences of one item of feedback that ask something of the work, with their place in
    it: not an instruction that only goes on from one case told before or named after it ("Offer
    amount is £312,500 not £321,500. Check the figures and resend.", `language.follow_ups`). In
    the reason a reviewer gave for rejecting a draft (`reason`), or a note to the staff
    (`language.letters.labelled`: "Office note: …"), a rule of the work stated in the
    plain present ("New trade accounts are on 14-day terms") is the house's rule, asked as such;
    in other feedback, so is what a kind of thing is, costs or takes, stated with a measure, when
    the item says the agent did otherwise ("Minimum order for delivered buffets is 20 heads. bot
    accepted a 6 person order", `language.standing_values.stated_value`).
    Each sentence is read once (`read` keeps what a sentence asked across items)."""
    # one space between words; a question tagged on after the ask asks nothing of its own
    said = [TAGGED_QUESTION.sub(".", ASIDE.sub("", " ".join(part.split()))) for part in pieces(text)]
    reason = reason or labelled(text)  # a note to the staff ("Office note: …") states the house's rules
    read = {} if read is None else read
    named_after = [False] * len(said)  # whether a later sentence names one case
    for i in range(len(said) - 2, -1, -1):
        named_after[i] = named_after[i + 1] or names_one(said[i + 1])
    asked, case_before, story = [], False, False
    for position, sentence in enumerate(said):
        if reason and DRAFT_DOES.match(sentence):
            story = True  # what the draft did, as what the agent did: the case turned down, no ask
            continue
        if sentence not in read:  # or what it asks once its instruction is found in it
            read[sentence] = asks_of_the_work(sentence) or framed(sentence)
        if reason and (announced := announced_rule(sentence)):
            asked.append((position, announced))  # "… tells nobody anything — our rule is that …"
        elif reason and CONSEQUENCE.search(sentence) and (rule := house_rule(sentence, obliged=True)):
            asked.append((position, rule))  # "<rule>, it should have said that to Marcus …": the rule
        elif read[sentence] and not goes_on_from_one_case(
            sentence, case_before=case_before, named_after=named_after[position]
        ):
            # an ask that gives the agent no act of its own is the house's rule, if it states one, as
            # is what any of a kind gets in a reviewer's reason ("Anything over 20kg is a two-person lift")
            own_act = for_agent(sentence) and not (reason and kind_narrowed(sentence))
            # (after a verdict: "Rejected: every adopter gets a home check …")
            ruled = house_rule(sentence, obliged=True) or (
                reason and house_rule(_after_dash(sentence), obliged=True)
            )
            rule = "" if own_act else ruled
            asked.append((position, rule or sentence))
        elif reason and (
            rule := house_rule(sentence, obliged=True)
            or house_rule(_after_dash(sentence), obliged=True)
            or announced_rule(sentence)
        ):
            asked.append((position, rule))  # also after one case: "… are charged in full", "… — mares
            # and geldings are never turned out together", "House rule: no headstock is reused …"
        elif not reason and _stated(sentence) and THE_AGENT_DID.search(text):
            asked.append((position, as_policy(AFTER_DASH.sub("", sentence.strip()).rstrip(" .!"))))
        # once what the agent did is told, what follows is the story of what went wrong ("Bot
        # said the fitting was included. Was charged £45 extra."), not a case the ask is about
        # (a sentence that tells what the agent did is where it went wrong: "… and it has now offered me
        # three gardening shifts …", no case the ask after it is about)
        # (an ask of the work read just now tells no case: "Stop sending people to the website for
        # lifejacket sizing. Give them the chest size chart in the chat.")
        asked_here = bool(asked) and asked[-1][0] == position
        case_before = case_before or (
            not story and not asked_here and not THE_AGENT_DID.search(sentence) and tells_one_case(sentence)
        )
        # … and once it is told that it keeps happening, the case told before was one time of many
        # ("just got a reminder for tomorrow at 11 but i booked 1pm?? whys it always got the wrong time …")
        case_before = case_before and not recurs(sentence)
        story = story or bool(THE_AGENT_DID.search(sentence))
    return asked


# What the writer adds on after the ask, to its end: "…, no exceptions, we've been over this", "…, it's a
# load calculation thing, not a sales thing". A remark to the reader, no part of the ask ("no
# exceptions" is: it says how strictly; what follows "it's" may be the rule's other half, "…, it's
# termly or monthly").
ASIDE = re.compile(
    r",\s+(?:we(?:'ve| have) been over (?:this|that)|as always|as usual|as (?:i|we)(?:'ve)? said"
    r"|it's an? (?:[\w-]+\s+){1,2}thing"
    # where the rule is written: "…, it's on the booking form", "…, it's in our terms"
    r"|it'?s\s+(?:all\s+|clearly\s+|written\s+)?(?:on|in)\s+(?:the|our)\s+(?:[\w-]+\s+){0,3}?"
    r"(?:form|website|site|terms|policy|handbook|sheet|page|contract|t&cs|leaflet|sign)s?)\b[^.?!]*(?=[.?!]*\s*$)"
    # what the speaker will or won't do, after a dash: "… on the day — we won't proceed on photocopies"
    # how binding it is, after a dash: "… or a temperature - that's not optional, Dani put it in the handbook"
    r"|\s[—–-]\s+(?:that'?s|that\s+is|this\s+is|it'?s)\s+(?:not\s+optional|non-negotiable|mandatory|compulsory|"
    r"the\s+law|a\s+legal\s+requirement|essential|not\s+up\s+for\s+debate)\b[^.?!]*(?=[.?!]*\s*$)"
    r"|\s[—–-]\s+(?:i|we)(?:'m|\s+am|'re\s+not|\s+are\s+not|\s+won't|\s+will\s+not|'d\s+rather|"
    r"\s+would\s+rather|\s+refuse)\b[^.?!]*(?=[.?!]*\s*$)",
    re.I,
)


# What the draft does, told by a reviewer with no article ("Draft refunds the deposit because of
# rain"): the case they turned down, no instruction ("draft" is no verb here).
DRAFT_DOES = re.compile(r"^(?:draft|reply)\s+(?!(?:a|an|the|this|that|your|my|our)\b)[a-z]+s\b", re.I)


# A question tagged on after an ask, to its end: "Review has to be done by a second linguist,
# otherwise what's the point?", "…, right?". The ask is said; the question only presses it.
TAGGED_QUESTION = re.compile(
    r"(?<=\w),\s+(?:(?:otherwise|or\s+else|else|or)\s+(?:what'?s|what\s+is|what\s+was|why|how)\b[^.?!,]*"
    r"|(?:right|yeah|yes|ok|okay|surely|agreed|isn't\s+it|don't\s+you\s+think))\s*\?+\s*$",
    re.I,
)


def framed(sentence: str) -> bool:
    """Whether a sentence that read whole asks nothing holds an instruction inside a frame ("I
    need you to call the warehouse before sending a driver", "Let's include the route map in the
    packet", "pls include the ticket number in the reply so i can find it later"): the line agents
    would be given is an act (its verb first) that asks something of the work, the sentence asks
    no question, and nothing in it names one case, as such (`names_one`: "… — just for that job")
    or told before the instruction ("The water at Brook Lane is off until Friday 12th, tell anyone
    who asks")."""
    if sentence.rstrip().endswith("?") or names_one(sentence) or _what_we_did_next(sentence):
        return False
    line = for_agent(sentence)
    if not line:
        return False
    opened = re.sub(
        r"^(?:only|always|just|also|first)\s+(?![\d£$€]|(?:one|two|three|four|five|six|seven|eight|nine|ten)\b)",
        "",
        line.rstrip("."),
        flags=re.I,
    )  # (not a count: "only six weeks to fill a pothole")
    if not imperative(opened) or not asks_of_the_work(line):
        return False  # (past an opening adverb: "Only confirm when a reset is happening")
    piece = instruction_in(sentence)
    if piece not in sentence:  # reworded: read whole
        return not is_instance(sentence)
    head = sentence[: sentence.find(piece)]
    return not (len(head.split()) >= 3 and tells_one_case(head))


def _what_we_did_next(sentence: str) -> bool:
    """Whether the instruction the sentence seems to hold only goes on a list of the speaker's own
    doings ("So we get the kids up at six, load the car, drive …")."""
    piece = instruction_in(sentence)
    return bool(piece) and piece in sentence and bool(WE_DID_THEN.search(sentence[: sentence.find(piece)]))


# The speaker's own doings told as a list, up to the comma before the next ("So we get the kids up
# at six, load the car, …"): what follows is the next of them, not an instruction.
WE_DID_THEN = re.compile(
    r"(?:^|\b(?:so|then|and)\s+)(?:we|i)\s+(?!(?:would|need|want|asked|ask|think|hope|wish|know|feel|"
    r"just|really|mean|guess|get\s+(?:that|it)|can|can't|cannot|could|couldn't|do|don't|does|did|didn't|"
    r"will|won't|shall|must|may|might|should|are|aren't|were|weren't|was|wasn't|am|have|haven't|had|"
    r"hadn't|only|always|never|usually|often)\b)[a-z]+\b(?:(?!\s[-—–]\s)[^,;:])*,\s*$",
    re.I,
)


AFTER_DASH = re.compile(r"\s[—–-]\s(?P<aside>.*)$")


# A verdict on one draft, then the rule it breaks: "Booking PT-20931 rejected: escorts travel only if …".
AFTER_VERDICT = re.compile(
    r"\b(?:rejected|declined|refused|returned|sent\s+back|not\s+approved|failed)(?:\s*[:;]|\s[—–-])\s*(?P<aside>.+)$",
    re.I,
)


def _after_dash(sentence: str) -> str:
    """What a reviewer says after a dash, or after the verdict, once they have told what this
    draft got wrong ("It puts two geldings in with the mares — mares and geldings are never
    turned out together", "Booking PT-20931 rejected: escorts travel only if …")."""
    found = AFTER_DASH.search(sentence) or AFTER_VERDICT.search(sentence) or SHORT_HEAD.match(sentence)
    return found["aside"].strip() if found else ""


# A few words before a colon: a reviewer's lead, not the rule ("Close, but: the studio doesn't …").
SHORT_HEAD = re.compile(r"^(?:[\w'’]+[\s,]*){1,3}:\s+(?P<aside>.+)$")


# The house's rule announced as such, whole or after what the draft got wrong: "House rule: no
# headstock is reused without …", "… tells nobody anything — our rule is that every disruption
# message names …", "We never disclose cause of death unless …", "Our terms say …".
ANNOUNCED_RULE = re.compile(
    r"(?:^|\s[—–-]\s+|:\s+)(?P<rule>(?:(?:our|the)\s+(?:[\w-]+\s+){0,2}(?:rule|policy|terms|procedure)\s+"
    r"(?:is|are|says?|states?)\b|house\s+rule(?:\s*:|\s+is\b)|we\s+(?:never|always|only|don't|do\s+not)\s+[a-z]).*)$",
    re.I,
)


# The rule announced before a colon: "The rule is: deposits are refundable only if …" reads as "The
# rule is that deposits are …".
RULE_COLON = re.compile(r"\b((?:our|the)\s+(?:[\w-]+\s+){0,2}(?:rule|policy)\s+(?:is|says))\s*:\s*", re.I)


def announced_rule(sentence: str) -> str:
    """The line of a rule a reviewer announces as the house's (`ANNOUNCED_RULE`) after telling what
    one draft got wrong, when it names no case itself; else ''."""
    said = CONSEQUENCE.sub("", sentence.strip()) or sentence.strip()  # not what it means for the draft
    found = ANNOUNCED_RULE.search(RULE_COLON.sub(r"\1 that ", said))
    if not found or names_one(found["rule"]) or is_instance(found["rule"]):
        return ""
    asked = request(found["rule"])
    return for_agent(found["rule"]) or (for_agent(asked) if asked else "")


def house_rule(sentence: str, *, obliged: bool = False) -> str:
    """A rule of the work stated in the plain present, its subject a kind of thing ("New trade
    accounts are on 14-day terms for the first three months, then 30"), said as the house's
    policy ("Our policy is that new trade accounts are …"); '' for any other sentence, one about
    one case, or one that speaks of its speaker. What follows a dash is the rule's aside, not
    the rule ("… are charged in full — it can't waive that"). With `obliged`, also what a thing
    must have or be, or may not be, said of it and no act of the agent's ("Wood-fired units are
    never to be booked for indoor venues", "Return checklists should have the cleaning code per
    item", "The same fitter can't install a boiler and sign it off", "Jam doesn't get jarred above
    85 degrees"); a reviewer's reason is read so."""
    text = lead_off(AFTER_DASH.sub("", sentence.strip()).rstrip(" .!"))  # not "As of Friday: …"
    text = ELLIPSIS_LEAD.sub("", text)  # "how many times do we have to say this... sessions cancelled …"
    if obliged:  # the rule, before what it means for the draft: "…, so don't promise a late hold"
        text = CONSEQUENCE.sub("", text).rstrip(" ,.!") or text
    words = text.split()
    ruled = "general-rule" in shapes(text) or (obliged and (OBLIGED.search(text) or _stated_of_a_kind(text)))
    # what opens with a verb ("Peak dates need …" read as "peak") is an act the agent was not given
    ruled = ruled and not (obliged and imperative(text))
    if len(words) < 4 or text.endswith("?") or not ruled or is_instance(text):
        return ""
    if WHERE_NOT.match(text) or empty_ask(text) or _draft_did(text):
        return ""  # "She should never have been on it.", "Nobody has to know.", "You've promised her …"
    # (whoever "you" is after "if" is anyone: "Pitches are released if you haven't arrived by 8pm")
    said = [w.lower().strip(",.;:") for w in CONDITIONAL_YOU.sub(r"\1 anyone", text).split()]
    if any(w in SPEAKER | THE_WRITER for w in said) or words[0].lower() in DEGREE:
        return ""  # "… looks like you copied the Jones job", "Far too many boxes listed …"
    return as_policy(text)


# What the rule means for the one draft, after it: "…, so don't promise a late hold", "…, it
# should have said that before taking the booking", "…, the draft told Mrs Doyle she could …".
CONSEQUENCE = re.compile(
    r"(?:,|\s[—–-])\s+(?:so\b|which\s+means\b|hence\b"
    # the rule announced after it: "…, that's house rule", "…, house rule ever since the 2019 fiasco"
    # (not the rule announced before it: "— our policy is that …", "- house rule is …")
    r"|(?:that'?s\s+|that\s+is\s+|it'?s\s+)?(?:the\s+|our\s+|a\s+)?(?:house\s+rule|policy)\b"
    r"(?!\s*(?:is|says|states|:))|(?:and\s+)?(?:it|you|the\s+(?:draft|reply))\s+"
    r"(?:should(?:n't)?\s+have|(?:has\s+)?(?:told|said|offered|promised|quoted|asked|let|gave))\b"
    # what this draft does, told after the rule: "…, and this draft mentions the Hartley booking",
    # "…, and this one says …", "…, but this tells the couple …"
    r"|(?:and|but|yet|whereas|while)\s+this(?:\s+(?:draft|one|reply|message|response|email|text|answer|version)\s+"
    r"(?:just\s+|now\s+|also\s+)?[a-z]+|\s+(?:says|tells|mentions|gives|promises|offers|quotes|names|confirms"
    r"|calls|lists|claims|puts|does|did|uses|books|sends|shows|has))\b).*$",
    re.I,
)
# What a kind of thing is, or what the house does, stated by a reviewer: "All teaching is on our
# premises", "Hire beyond 8 weeks is charged weekly …", "Security deposit is £300 and it's taken at
# booking", "We take 30% on order …", "no plasterboard in general waste skips" (not "The booking
# is …", "She is …": one thing, someone).
STATED_OF_A_KIND = re.compile(
    r"^(?:(?:all|any|every|each)\s+)?(?!(?:the|this|that|these|those|it|its|he|she|they|there|here|his|her|"
    r"their|my|your|our|what|which|who|one)\b)[a-z][\w'-]*(?:\s+(?!(?:is|are)\b)[\w'£$€%-]+){0,6}?\s+"
    r"(?:is|are|isn't|aren't)\s+(?!(?:a\s+|an\s+)?(?:mess|joke|wrong|right|nonsense|rubbish|ridiculous)\b)\S"
    r"|^we\s+(?:take|require|need|close|open|deliver|collect|accept|insist)\b"
    # "we're appointment only on weekends", "we are closed on bank holidays"
    r"|^we(?:'re|\s+are)\s+(?:(?:[\w-]+\s+){1,2}only\b|closed\b|open\b)"
    # what things of a kind do not do: "Rain doesn't cancel a clean", "Prices don't include delivery"
    r"|^(?!(?:the|this|that|it|he|she|they|you|we|i|there)\b)[a-z][\w'-]*"
    r"(?:\s+(?!(?:it|he|she|they|you|we|i)\b)[\w'-]+){0,3}?\s+"
    r"(?:doesn't|don't|does\s+not|do\s+not|never)\s+[a-z]+"
    # what everyone does, or nothing does: "everyone signs the waiver before climbing"; when the house
    # is closed or open: "closed for drop-offs on sundays 12-4"
    r"|^(?:everyone|everybody|nothing|nobody|no\s+one)\s+[a-z]+s\b|^(?:closed|open)\s+(?:for|on|to)\b"
    # what each of a kind gets or needs: "every adopter gets a home check before …"
    r"|^(?:every|each|all|any)\s+[\w-]+(?:\s+[\w-]+)?\s+(?:gets?|has|have|needs?|pays?|receives?|signs?)\b"
    # what the house does not do, named: "the studio doesn't guarantee glaze colours"
    rf"|^the\s+(?:{HOUSE_NOUNS})\s+(?:doesn't|does\s+not|never|only|always|won't|will\s+not|can't)\s+[a-z]+"
    # a charge or a term that applies: "call-out fee applies even if …"
    r"|^[a-z][\w-]*(?:\s+[\w-]+){0,3}?\s+(?:applies|apply)\b"
    r"|^no\s+(?!(?:one\s+(?!but\b)|way|idea|thanks|problem|worries|chance|need|doubt)\b)[a-z][\w-]*\s+\S",
    re.I,
)


# What a reviewer says before an ellipsis that runs on in lower case: a lead, not the rule.
ELLIPSIS_LEAD = re.compile(r"^[^.…]{1,80}?(?:\.{2,}|…)\s*(?=[a-z])")
CONDITIONAL_YOU = re.compile(r"\b(if|unless|until|once|when)\s+(?:you|u)\b", re.I)


def _stated_of_a_kind(text: str) -> bool:
    """Whether a reviewer's sentence states what things of a kind are, or what the house does
    (`STATED_OF_A_KIND`): not one value put right ("Drawing revision is C not B", "Biscuit is a
    cockapoo, not a cocker"), one named thing (a capital inside it, a subject of one word), one
    person's own ("… for a different customer's flyer") or what someone did ("…, they ordered 2500")."""
    found = STATED_OF_A_KIND.match(text)
    if not found or re.search(r"(?<!^)\b[A-Z][a-z]+\b", text) or PUT_RIGHT.search(text):
        return False
    words = [w.strip(",.;:!").lower() for w in text.split()]
    subject = SUBJECT_END.split(text.lower(), maxsplit=1)[0].split()
    # a participle that describes a thing is no doing: "Missed appointments", "in an approved proof"
    described = [
        i
        for i, w in enumerate(subject)
        if grammar.past(w)
        and ((i == 0 and subject[1:2] and subject[1].endswith("s")) or subject[i - 1] in grammar.DETERMINERS)
    ]
    if subject[0].endswith("ing") or any(
        grammar.past(w) for i, w in enumerate(subject) if i not in described
    ):
        return False  # "Asking questions is tiring", "Deposit asked for is two weeks": a doing, one draft's
    if re.match(r"^[a-z][\w-]*\s+(?:is|are|isn't|aren't)\b", text, re.I) and not _a_kind(words[0], text):
        return False  # "Biscuit is a cockapoo": maybe a name
    if any(w.endswith("'s") and w not in ("it's", "that's", "there's", "what's", *ROLES_OWN) for w in words):
        return False
    # what someone did, not what holds if they did ("soak-offs are £10 unless we did the set")
    return not any(
        grammar.past(w) and words[i - 1] in DOERS and (i < 2 or words[i - 2] not in CONDITIONS)
        for i, w in enumerate(words)
        if i
    )


def _a_kind(word: str, text: str) -> bool:
    """Whether a subject of one word names a kind of thing: a plural, or a thing the lexicon
    knows ("Payment is due within 7 days", "Same-day is only for punctures") not said to be one
    of a kind ("Biscuit is a cockapoo": a name)."""
    if word.endswith("s"):
        return True
    compound = "-" in word and all(grammar._lemmas(part) for part in word.split("-"))
    known = "NOUN" in grammar._lemmas(word) or compound
    return known and not re.match(r"^\S+\s+(?:is|are)\s+(?:a|an|the|my|our|his|her|their)\b", text, re.I)


# Where the subject of a reviewer's rule ends: at its verb ("… is", "… doesn't", "… gets", "… applies")
SUBJECT_END = re.compile(
    r"\s(?:is|are|isn't|aren't|doesn't|don't|does|do|never|gets?|has|have|needs?|applies|apply|pays?)\s"
)
# Whose own a thing may be in a rule: anyone in a role ("the customer's cost"), not one person.
ROLES_OWN = frozenset({"customer's", "client's", "buyer's", "owner's", "guest's", "member's", "tenant's"})
PUT_RIGHT = re.compile(
    r"\b(?:is|are)\s+[^,;]{1,25}?,?\s+not\s+(?!on\b|at\b|in\b|for\b|before\b|after\b)", re.I
)
DOERS = frozenset({"they", "she", "he", "we", "i", "you", "it", "someone", "somebody", "nobody"})
CONDITIONS = frozenset({"if", "unless", "until", "once", "when", "whether"})


# What the draft did, told to its writer: "You've promised her the dye lot will match …, and we can
# never guarantee that", "It has told him the puffer will be fine" (not "You can't promise …").
DRAFT_DID = re.compile(
    r"^(?:you|it|this(?:\s+draft|\s+reply)?|the\s+(?:draft|reply))(?:'ve|\s+have|'s|\s+has)?\s+"
    r"(?:just\s+|already\s+|now\s+|also\s+)?(?P<verb>[a-z]+)\b",
    re.I,
)


def _draft_did(text: str) -> bool:
    found = DRAFT_DID.match(text)
    return bool(found) and grammar.past(found["verb"].lower())


# What a rule of the work says must or may not be done, of a thing, not by the agent ("… are never
# to be booked", "… should have …", "… has to go in …", "… can't …", "… doesn't get jarred …").
OBLIGED = re.compile(
    r"\b(?:must|should|shall|ought to|(?:has|have|need|needs) to|(?:is|are)(?: not| never)? to be"
    r"|can(?:not|'t| never| only)|may not|(?:does|do)(?:n't| not) get \w+ed|never gets? \w+ed"
    # what is, or is not, done to things of a kind: "Refunds aren't given on cuts", "The price is
    # always set by the stylist", "no pets are allowed", "Only a qualified electrician can sign off …"
    r"|(?:is|are)(?:n't|\s+not|\s+never|\s+only|\s+always)\s+(?:\w+ed|given|paid|sent|done|made|taken|held|"
    r"kept|set|put|seen|shown|sold|told)|no\s+(?:[\w-]+\s+){1,3}(?:is|are)\s+allowed"
    r"|^only\s+(?:[\w-]+\s+){1,5}(?:can|may|gets?)(?=\s+[a-z]))\b",
    re.I,
)


def _stated(sentence: str) -> bool:
    """A value of a kind of thing stated, not put right ("… is £95, not £75" is a correction's
    fact, learned as such), or what a kind of thing is, named as a kind (`of_a_kind`)."""
    if AGENT_FIRST.match(sentence):
        return False
    return (stated_value(sentence) and not standing_value(sentence)) or of_a_kind(sentence)


# What things of a kind, named in the plural with no determiner, are, may or must do: "Tours are
# adults only, no exceptions", "Bulky collections are limited to three household items", "Refunds
# can't go back to a different card". A kind has no name and points at nothing ("Our tours",
# "Those tours", "Dave's tours" tell of some).
KIND_IS = re.compile(
    r"^(?P<subject>(?:[A-Za-z][\w-]*\s+){0,3}[A-Za-z][\w-]*s)\s+"
    r"(?:are|aren't|are\s+not|can't|cannot|can\s+only|must|need\s+to|have\s+to|only)\s+\S",
)


def of_a_kind(sentence: str) -> bool:
    """Whether the sentence says what things of a kind are or must do (`KIND_IS`)."""
    found = KIND_IS.match(sentence.strip())
    if not found:
        return False
    words = found["subject"].split()
    if words[0].lower() in grammar.DETERMINERS | grammar.PRONOUNS | {"we", "they", "i", "you", "these"}:
        return False
    if any(w[:1].isupper() for w in words[1:]) or "'" in found["subject"]:
        return False
    return "NOUN" in grammar._lemmas(words[-1].lower()) and not grammar.past(words[-1].lower())


# What the agent does, said of it: "The chat thing is still promising free delivery over £40."
AGENT_FIRST = re.compile(
    r"^(?:(?:the|your|this|our)\s+)?(?:bot|assistant|agent|ai|chatbot|chat|system|helper)\b", re.I
)


def as_policy(rule: str) -> str:
    """A rule of the work said as the house's policy: "Our policy is that …"."""
    words = rule.split()
    first = words[0] if words[0][1:2].isupper() else words[0][:1].lower() + words[0][1:]
    return f"Our policy is that {' '.join([first, *words[1:]])}."


# In feedback, what says the agent did otherwise than a value the item states ("Minimum order
# for delivered buffets is 20 heads. bot accepted a 6 person order"): the value is the house's.
THE_AGENT_DID = re.compile(
    r"\b(?:(?:(?:the|your|this|our)\s+)?(?:bot|assistant|agent|ai|chatbot|chat|system|helper)|it|you)\s+"
    r"(?:keeps|kept|has\s+been|'s\s+been|(?:has|'s)\s+(?:now\s+|already\s+|just\s+|again\s+)?\w+ed|"
    r"told|tells|said|says|quoted|offered|offers|promised|promises|accepted|gave|booked|charged|sent|let|"
    r"asked|put|recommended|suggested|confirmed|converted|cancelled|canceled|took|takes|allowed)\b"
    # and what it was done by: "A customer has been told by the assistant that …"
    r"|\b(?:told|promised|quoted|offered|booked|sent|given|charged)\s+by\s+(?:the|your|this|our)\s+"
    r"(?:bot|assistant|agent|ai|chatbot|chat|system|helper)\b",
    re.I,
)


def similarity(a: str, b: str) -> float:
    return fuzz.token_set_ratio(content(a), content(b))


def group(
    said: list[Said],
    *,
    min_people: int = MIN_PEOPLE,
    min_sessions: int = 2,
    threshold: int = THRESHOLD,
) -> list[Remedy]:
    """Groups of near-duplicate remedy sentences that recur; best supported first.

    A sentence said many times is read, and compared, once: the sentences are grouped by their
    content words and polarity, each distinct content joins the first group holding a content it
    matches and none that asks its opposite (`language.contrary.contrary`), and the comparisons
    run in rapidfuzz's C loops (`process.extract`; a near one shares three words or more than half
    the words of the shorter, `_mostly_shared`), so a week in which one remedy was said
    thousands of times costs a few comparisons, not millions. A group is kept when at least
    `min_people` people asked for it (`Said.person`; each session without one is a person), in at
    least `min_sessions` sessions: one person counts once however many items they sent."""
    said_as = _asks(said)
    kept = []
    for keys in _Groups(said_as, threshold).of(said_as):
        members = [m for key in keys for m in said_as[key]]
        sessions = {m.session for m in members}
        people = {_person(m) for m in members}
        if len(people) < min_people or len(sessions) < min_sessions:
            continue
        text, standing = _line(keys, said_as)
        if text:
            kept.append((text, members, standing))
    remedies = []
    for parts in _said_together(kept):
        members = [m for _, part, _ in parts for m in part]
        text = " ".join(text for text, _, _ in parts)
        downstream = tuple(sorted({m.downstream for m in members if m.downstream}))
        sources = tuple(dict.fromkeys(m.source for m in members))
        people, sessions = {_person(m) for m in members}, {m.session for m in members}
        against = Counter(m.against for m in members).most_common(1)[0][0]  # what most argue against
        about = Counter(m.about for m in members).most_common(1)[0][0]
        standing = all(held for _, _, held in parts)
        remedies.append(
            Remedy(
                text, len(sources), len(sessions), sources, len(people), downstream, against, standing, about
            )
        )
    return sorted(remedies, key=lambda r: (-r.people, -r.count, r.text))


TOGETHER = 0.8  # of the items of the rarer of two asks that hold the other too: one request


def _said_together(groups: list[tuple[str, list[Said], bool]]) -> list[list[tuple[str, list[Said], bool]]]:
    """The groups' lines, those said in the same items joined in the order they were said: "Stop
    emailing training cancellations." and "When a session is off it has to go out by text." sent
    together, item after item, are one request (what to stop and what to do instead), and either
    line alone would serve half of it. Two asks are joined when most items holding the rarer one
    (`TOGETHER`) hold the other."""
    items = [{m.source for m in members} for _, members, _ in groups]
    joined: list[list[int]] = []
    home: dict[int, int] = {}
    for i in range(len(groups)):
        partner = next(
            (
                home[j]
                for j in range(i)
                if len(items[i] & items[j]) >= TOGETHER * min(len(items[i]), len(items[j]))
            ),
            None,
        )
        if partner is None:
            home[i] = len(joined)
            joined.append([i])
        else:
            home[i] = partner
            joined[partner].append(i)

    def said_at(i: int) -> float:
        positions = sorted(m.position for m in groups[i][1])
        return positions[len(positions) // 2]

    return [[groups[i] for i in sorted(parts, key=said_at)] for parts in joined]


Ask = tuple[str, bool]  # a remedy's content words, and whether it is negated


def _asks(said: list[Said]) -> dict[Ask, list[Said]]:
    """Every remedy sentence said, under its ask (one that is no instruction, or is about one
    order, amount, host or person, or only goes on from one, is no remedy)."""
    said_as: dict[Ask, list[Said]] = {}
    key_of: dict[str, Ask] = {}
    read: dict[str, bool] = {}
    for item in said:
        against = None
        for position, sentence in asks_in(item.text, reason=item.source.startswith("decision:"), read=read):
            if sentence not in key_of:
                key_of[sentence] = (content(sentence), action(sentence)[0])
            if against is None:
                against, on = objected(item.text), about(item.text)
            said_as.setdefault(key_of[sentence], []).append(
                Said(sentence, item.session, item.source, item.person, item.downstream, position, against, on)
            )
    return said_as


class _Groups:
    """Asks placed into groups of near duplicates, never beside their opposite."""

    def __init__(self, said_as: dict[Ask, list[Said]], threshold: int):
        self.said_as, self.threshold = said_as, threshold
        self.placed: list[str] = []  # the words of every distinct content so far
        self.placed_as: list[Ask] = []
        self.home: list[int] = []  # the group each joined
        self.groups: list[list[Ask]] = []
        self.opposed: dict[tuple, bool] = {}

    def of(self, asks) -> list[list[Ask]]:
        for key in asks:
            self.place(key)
        return self.groups

    def place(self, key: Ask) -> None:
        near = process.extract(
            key[0],
            self.placed,
            scorer=fuzz.token_set_ratio,
            processor=None,
            score_cutoff=self.threshold,
            limit=None,
        )
        near = [(w, score, i) for w, score, i in near if _mostly_shared(key[0], self.placed[i])]
        index = None
        for candidate in sorted({self.home[i] for _, _, i in near}):
            # its nearest members, and the one that began it: an opposite ask shares their words
            closest = [self.placed_as[i] for _, _, i in near if self.home[i] == candidate][:OPPOSITE_CHECKS]
            if not any(self.opposite(key, other) for other in {self.groups[candidate][0], *closest}):
                index = candidate
                break
        if index is None:
            index = len(self.groups)
            self.groups.append([])
        self.groups[index].append(key)
        self.placed.append(key[0])
        self.placed_as.append(key)
        self.home.append(index)

    def opposite(self, a: Ask, b: Ask) -> bool:
        """Whether the two contents ask opposite things. Near duplicates are all that is compared
        here; the same words asked the same way (one inside the other) are the same ask, as
        `contrary` reads it, which is checked first without reading the pair."""
        if a[1] == b[1] and fuzz.token_set_ratio(a[0], b[0]) >= SAME_ASK:
            return False
        if (a, b) not in self.opposed:
            first, second = self.said_as[a][0].text, self.said_as[b][0].text
            self.opposed[(a, b)] = self.opposed[(b, a)] = contrary(first, second)
        return self.opposed[(a, b)]


def _mostly_shared(a: str, b: str) -> bool:
    """Whether two contents share three words, or more than half the words of the shorter: "put
    result sample page" and "negative result carry sample received limitation wording" share two
    of four, and ask two things (the partial ratio that groups paraphrases reads them as 74%
    alike)."""
    words_a, words_b = set(a.split()), set(b.split())
    shared = len(words_a & words_b)
    return shared >= 3 or 2 * shared > min(len(words_a), len(words_b))


def _line(keys: list[Ask], said_as: dict[Ask, list[Said]]) -> tuple[str, bool]:
    """A group's line: what its people said most nearly (each content weighed by the people
    saying it), in the agent's terms ('' when no member reads as an instruction to the agent),
    and whether the member it was read from holds from now on (`holds_from_now_on`).
    A member whose form alone says what to do ("Two approvals per release.") comes before one
    read as a remedy only by the fitted weights: a group that holds both the rule and a
    description of what went wrong ("Approvals every hour is far too many.") yields the rule."""
    contents = [key[0] for key in keys]
    weight = [len({_person(m) for m in said_as[key]}) for key in keys]
    closeness = {
        key: sum(
            score * weight[i]
            for _, score, i in process.extract(
                key[0], contents, scorer=fuzz.token_set_ratio, processor=None, limit=None
            )
        )
        for key in keys
    }
    members = [
        (by_form(m.text) is True, closeness[key], -len(m.text), m.text) for key in keys for m in said_as[key]
    ]
    ranked = [member[-1] for member in sorted(members, reverse=True)]
    return next(
        (
            (line, holds_from_now_on(said_so))
            for said_so in dict.fromkeys(ranked)
            if (line := for_agent(said_so)) and written_for_agent(line)
        ),
        ("", False),
    )


def _person(said: Said) -> tuple[str, str]:
    """Who said it: the user it names, or else its session (one person a session)."""
    return ("user", said.person) if said.person else ("session", said.session)


def asked_by(people: int, sessions: int) -> str:
    """How a remedy's support reads: "asked by 3 people in 5 sessions"."""
    return (
        f"asked by {people} {'person' if people == 1 else 'people'} "
        f"in {sessions} session{'' if sessions == 1 else 's'}"
    )


def seen_downstream(downstream) -> str:
    """Where a request was seen when another template's agents said it: "seen downstream in
    booking" ('' when only the template's own agents said it)."""
    return f"seen downstream in {', '.join(downstream)}" if downstream else ""


def remedy_evidence(remedy: Remedy) -> dict:
    """A remedy group as a proposal's evidence keeps it: its line, its support and its items."""
    return {
        "text": remedy.text,
        "people": remedy.people,
        "sessions": remedy.sessions,
        "items": remedy.count,
        "asked": asked_by(remedy.people, remedy.sessions),
        "sources": list(remedy.sources[:20]),
        "downstream": list(remedy.downstream),
    }
