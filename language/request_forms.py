"""Requests said other than as a bare imperative (pure): as a question, a wish or a rule.

Inside a complaint people often ask without commanding:

- as a polite question: "Could you text me when the engineer is on the way?" asks for "text me
  when the engineer is on the way". A question that asks to be told something about one event
  ("Could you tell me why it failed?", "Can you explain why I was charged twice?") or for an
  opinion or belief ("Can you believe …", "Would you say …", "Could you not have …") asks for
  no way of working;
- as a wish that things had gone otherwise: "If you'd just check the model when I book, this
  wouldn't happen", "None of this would happen if you had called first" and "I wish you'd
  called first" ask for what the agent would have done ("check the model when I book", "call
  first"); a wish whose act is
  knowing, seeing or being somewhere ("If you'd been there …") asks for nothing;
- as a rule of the work: "The timetable should go up a week ahead", "Cars need to be cleaned
  between rentals", "Reminders should go out a week before, not the night before" — a kind of
  thing, or a role, and what it should, must, needs to or has to do. Not a regret ("My cake
  should have been ready"), an expectation of one moment ("The plumber should be here by now"),
  a thing of the speaker's ("My badge has to be …") or one said with a reason of the moment
  ("The locker should work, it's brand new");
- as a suggestion: "Why not quote the cover alongside the rent?" and "Why don't you text me the
  day before?" ask for "quote the cover alongside the rent" and "text me the day before"; "Why
  don't the notices mention the allergens?" asks that "the notices should mention the allergens".
  "Why didn't you …" asks about one event;
- as a noun phrase with "please", or a quantity said to be enough (`language.noun_rules`);
- after a condition, as an instruction: "When a pupil asks for a female instructor, only offer
  slots with Sian" asks for what it says (the condition and all);
- as an imperative or a polite question after a lead-in of venting, past an ellipsis or a dash:
  "Booked, cancelled, rebooked... just confirm the class the night before" asks for "just confirm
  the class the night before"; what goes on after it without instructing ("... still no hot
  water", "... and nobody reads them") asks for nothing.

People also ask it of the agent in the third person: "Can it stop sending reminders to deferred
donors?", "We need it to ask for vaccination status", "The bot should warn owners upfront",
"It needs to check ages at booking". `addressed` says these to the agent ("Could you stop …",
"Ask for …", "Warn owners upfront", "Check ages at booking"), as the readers read requests; and
so the house's own practice or policy, as a reviewer often states it: "We never substitute
components without written approval" (→ "Never substitute …"), "You can't promise exact colour
matches" (→ "Don't promise …"), "Our policy is to price match local shops only" (→ "Price match
…"). A restriction is a rule as said: "Only the boats marked pet-friendly take dogs", "Short
breaks are Mon-Fri or Fri-Mon ONLY".

`request` gives what such a sentence asks for, as a plain instruction or rule: the act of a
question or a wish, the noun phrase of a rule said without a verb, the rule of the work as said.
"""

import itertools
import re

from lemminflect import getLemma

from language import grammar
from language.leads import DISCLAIMED, lead_off
from language.noun_rules import (
    LEADING_STANCE,
    ONE_MOMENT,
    SPEAKER,
    enough,
    in_order,
    placed_thing,
    please_phrase,
    trailing_stance,
    wished_thing,
)
from language.passive_asks import appreciated, had_done, participle_of, passive_act
from language.remedy_shapes import WHEN_WE_DID, condition_of, shapes
from language.rhetorical_asks import OFTEN, rhetorical

POLITE = re.compile(
    r"^(?:could|can|would|will)\s+(?:you|u)\s+(?:(?:please|pls|plz|kindly|just|possibly|maybe|perhaps)(?:\s+|(?=,)))*"
    # an aside that asks nothing of its own: "Can you please, for everyone's sake, send …"
    r"(?:,?\s*(?:for\s+(?:[\w'’]+\s+){1,2}sake|if\s+(?:at\s+all\s+)?possible|if\s+you\s+can|for\s+once)\s*,\s*)?"
    r"(?P<act>[^?]+?)[\s?.!]*$",
    re.I,
)
ALWAYS = grammar.words("always also still then")  # before the act a polite question asks for
TELLING = grammar.words("tell explain say clarify confirm check show")
# What a question asks of the listener's mind, not of their work: "Can you believe …"
THINKING = grammar.words("believe imagine think guess agree say not have honestly seriously")
QUESTION_WORDS = grammar.words("why what how whether if where who which when")
WHAT_HAPPENED = grammar.words("was were did had didn't wasn't weren't hadn't happened")
THE_AGENT = (
    # (or whoever does the work: "if someone had just told me …", "I wish your staff had rung")
    r"(?:you|u|it|the\s+(?:bot|agent|assistant|chatbot|chat)|someone|somebody|anyone|anybody"
    r"|(?:your|the)\s+(?:staff|team|office))(?:'d|\s+had|\s+would|\s+could|\s+did|\s+only)?"
)
HEDGE = r"(?:(?:just|only|simply|actually|at least|bothered to|took the time to)\s+)*"
IF_YOU = re.compile(rf"^if\s+{THE_AGENT}\s+{HEDGE}(?P<act>[^,;]+?)\s*[,;]\s*(?:then\s+)?(?P<then>.+)$", re.I)
THEN_IF = re.compile(rf"^(?P<then>[^,;]+?)[\s,]+if\s+{THE_AGENT}\s+{HEDGE}(?P<act>[^,;]+?)[\s.!]*$", re.I)
# What would have helped, opened as such, its act read on past a comma: "It would have saved a lot
# of bother if the assistant could send a reminder the day before, and check the numbers".
WOULD_IF = re.compile(
    rf"^(?P<then>(?:it|what|that|this)(?:'d|\s+would)\b[^,;?]*?)\s+if\s+{THE_AGENT}\s+{HEDGE}(?P<act>[^;?]+?)[\s.!]*$",
    re.I,
)
WISHED = re.compile(
    rf"^(?:i|we)\s+(?:really\s+|just\s+|do\s+|so\s+)?wish\s+{THE_AGENT}\s+{HEDGE}(?P<act>[^?]+)$", re.I
)
# A preference for what the agent did otherwise, after any case it is said of: "For anyone under
# 16 I'd rather it handed the query to the pharmacist than worked out a dose itself".
RATHER = re.compile(
    rf"^(?P<case>(?:for|with|when|if|whenever)\b[^,;:?]*?[,]?\s+)?(?:i|we)(?:'d|\s+would)\s+(?:much\s+|\w+ly\s+)?"
    rf"(?:rather|prefer)\s+(?:that\s+)?{THE_AGENT}\s+{HEDGE}(?P<act>[^?]+)$",
    re.I,
)
# What would have gone wrong, not what was wished: "It would have been a disaster if it had sent …"
DREADED = re.compile(
    r"\b(?:disaster|disastrous|nightmare|awful|terrible|dreadful|catastroph\w*|worse|dangerous|illegal)\b",
    re.I,
)
WOULD = re.compile(r"\b(?:would|wouldn't|could|couldn't|might|won't)\b|\w'd\b|\bwill not\b", re.I)
AND_PAST = re.compile(r"(\band\s+(?:just\s+|then\s+|also\s+)?)(\w+ed)\b", re.I)
SENT_AWAY = re.compile(r"\b(?:someone|somebody|anyone) else\b|\bgo away\b|\belsewhere\b", re.I)
NO_ACT = grammar.words("know understand realise realize care think believe imagine see hear been be work")
MODAL = r"(?:should(?:n't)?|must(?:n't)?|needs? to|ha(?:s|ve) to|ought to)"
RULE_OF_WORK = re.compile(
    rf"^(?P<subject>[^,;:?]+?)\s+{MODAL}\s+(?:(?:always|never|only|just|all|also|really|definitely|"
    r"not)\s+)*(?P<verb>[a-z'-]+)\b(?P<rest>[^?]*)$",
    re.I,
)
WHY_NOT = re.compile(
    r"^why\s+(?:not|(?:don'?t|do not|can'?t|cannot|won'?t|wouldn'?t)\s+(?:you|u|ya))\s+"
    r"(?:just\s+|simply\s+|ever\s+)?(?P<act>[^?]+?)[\s?.!]*$",
    re.I,
)
# "Why don't the box notices mention the allergen list?": a kind of thing and what it should do
WHY_NOT_THING = re.compile(
    r"^why\s+(?:don'?t|doesn'?t|do not|does not|can'?t|cannot|won'?t)\s+(?P<the>the|your|our)\s+"
    r"(?P<rest>[^?]+?)[\s?.!]*$",
    re.I,
)
# What the speaker suggests should be done: "May I suggest that stump removal be listed as its own
# line?", "I'd suggest the deposit is taken online.", "We recommend that you call first."
SUGGESTED = re.compile(
    r"^(?:(?:in\s+(?:the\s+)?future|going\s+forward|from\s+now\s+on),?\s+)?"
    r"(?:(?:(?:may|might|can|could)\s+(?:i|we)\s+|(?:i|we)(?:'d|\s+would|\s+must)?\s+(?:strongly\s+|respectfully\s+|gently\s+)?)"
    r"(?:(?:suggest|propose|recommend)\s+(?:that\b,?\s*)?|(?:ask|request|urge|insist|expect|require|demand)\s+that\b,?\s*)"
    # … or named: "My suggestion would be that the assistant sends …", "Our one request is to …"
    r"|(?:my|our|one|a)\s+(?:\w+\s+)?(?:suggestion|recommendation|request|proposal)\s+(?:would\s+be|is)"
    r"(?:\s+that\b,?|\s+to\b|:)?\s*)"
    r"(?:(?:in\s+(?:the\s+)?future|going\s+forward|from\s+now\s+on),?\s+)?",
    re.I,
)
HELD_WHERE = re.compile(r"^(?P<condition>(?:where|when|whenever|if|once)\s[^,;]+),\s+(?P<rest>.+)$", re.I)
SUGGESTED_PASSIVE = re.compile(
    r"^(?P<thing>(?:[\w'-]+\s+){1,6}?)(?:be|is|are)\s+(?P<part>[a-z]+)\b(?P<tail>.*)$", re.I
)
# … however long the thing is named, when its "be" says it is asked ("that any request for a visit
# outside the hours the building is open be confirmed in writing")
SUBJUNCTIVE_PASSIVE = re.compile(
    r"^(?P<thing>(?:any|every|each|all|the|our|your)\s+(?:[\w'-]+\s+){1,14}?)be\s+(?P<part>[a-z]+)\b(?P<tail>.*)$",
    re.I,
)
# "Could the pickup reminder texts go out the day before?": a kind of thing and what it should do
COULD_THING = re.compile(r"^(?:could|can)\s+(?P<the>the|our|all|every)\s+(?P<rest>[^?]+?)[\s?.!]*$", re.I)
OBJECT_OPENERS = (
    grammar.DETERMINERS
    | grammar.PRONOUNS
    | grammar.words("which what how when whether where who last every all each any")
)
LEAD_IN_END = re.compile(r"\.{2,}|…|\s[—–-]\s")
CONTINUING = grammar.words("not and or but nor")
OPENING_ADVERBS = grammar.ADVERBS - {"never"}  # "only ring …", "still no hot water"
NOT_A_KIND = grammar.words("i you we he she it they this that these those there here")
REMARK = re.compile(r",\s*(?:it|it's|its|they|they're|i|i'm|he|she|that's|this|which is)\b", re.I)


# The agent named in the third person: "it" only before an act an agent does (not "it should
# arrive on Monday", "it has to be cheaper", said of a parcel or a price).
THE_BOT = (
    r"(?:the\s+|your\s+|this\s+)(?:booking\s+|chat\s*)?(?:bot|assistant|chatbot|ai|agents?|staff|desk|team)\b"
    r"|it(?!\s+(?:\w+\s+)?(?:be|arrive|come|go|get|work|happen|cost|last|stay|look|seem|feel|break|fit)\b)"
)
# The agent named ("the bot", "your online assistant"), not "it".
NAMED_BOT = (
    r"(?:the|your|this|that|our)\s+(?:(?:booking|chat|online|website|web)\s+)?"
    r"(?:bot|assistant|chatbot|ai|agent|system)\b"
)
# How the agent is to be in what it says: "be accurate", "be upfront about the fees"
CONDUCT = "accurate|clear|clearer|honest|upfront|up-front|polite|consistent|specific|explicit|careful"
CONDUCT += "|transparent|precise"
SHOULD = r"(?:really\s+)?(?:should|must|needs to|has to|have to|ought to|is to|are to)"
SHOULD_NOT = (
    r"(?:really\s+)?(?:shouldn'?t|mustn'?t|can'?t|cannot|should not|must not|is not to|isn't to|are not to)"
)
WHOEVER = r"(?:whoever|anyone\s+who|anybody\s+who|the\s+(?:person|people|one)\s+who)\s+(?:[\w'-]+\s+){1,5}?"
ADDRESSED = (
    (re.compile(rf"^(?:can|could|would|will)\s+(?:{THE_BOT})\s+", re.I), "Could you "),
    (
        re.compile(rf"^(?:can|could)\s+(?:we|i|you)\s+(?:get|have|make)\s+(?:{THE_BOT})\s+(?:to\s+)?", re.I),
        "Could you ",
    ),
    (
        re.compile(
            rf"^(?:we|i)(?:\s+(?:really\s+)?(?:need|want|would\s+like)|'d\s+(?:really\s+)?like)\s+(?:{THE_BOT})\s+to\s+"
            r"(?:(?:at\s+least|just|also)\s+)?",
            re.I,
        ),
        "",
    ),
    # whoever does the work, named by what they do: "whoever takes these orders should check …"
    (re.compile(rf"^{WHOEVER}{SHOULD_NOT}\s+", re.I), "Don't "),
    (re.compile(rf"^{WHOEVER}{SHOULD}\s+", re.I), ""),
    (re.compile(rf"^(?:{THE_BOT})\s+{SHOULD_NOT}\s+", re.I), "Don't "),
    (re.compile(rf"^(?:{THE_BOT})\s+{SHOULD}\s+not\s+", re.I), "Don't "),
    (re.compile(rf"^(?:{THE_BOT})\s+{SHOULD}\s+", re.I), ""),
    # how it must be in what it says: "It must be accurate about which parts we use …"
    (re.compile(rf"^(?:{NAMED_BOT}|it)\s+{SHOULD}\s+(?=be\s+(?:more\s+)?(?:{CONDUCT})\b)", re.I), ""),
    # what the agent, named, could do: "the assistant could gently explain …", "the bot might mention …"
    (re.compile(rf"^{NAMED_BOT}\s+(?:could|might)\s+(?!have\b|be\b|not\b)(?:\w+ly\s+)?", re.I), ""),
)


# The house's own practice, said of what "we" do: "We never substitute components without written
# approval", "We don't put payback claims in writing unless the sheet is attached", "We only ship
# within the UK". The agent works for the house: said to it, this is its instruction ("Never
# substitute …"). Not what happened, or what we know, feel, have or end up doing ("We never got
# a reply", "We don't know why", "We always have to fix these by hand", "We only found out").
HOUSE = re.compile(
    r"^we\s+(?P<how>never|don'?t|do not|always|only|no longer)\s+(?:ever\s+)?(?P<verb>[a-z]+)\b(?P<rest>.*)$",
    re.I,
)
# The same said to the agent as what it may not do: "You can't promise exact Pantone matches on
# digital", "You mustn't book under-7s after noon" (not "You can't even find the button").
MAY_NOT = re.compile(
    r"^(?:you|u)\s+(?P<how>can'?t|cannot|mustn'?t|must not|shouldn'?t|should not"
    r"|(?:are not|aren'?t) allowed to)\s+(?:ever\s+)?(?P<verb>[a-z]+)\b(?P<rest>.*)$",
    re.I,
)
HOUSE_SAYS = {"never": "Never", "always": "Always", "only": "Only"}  # else "Don't"
NO_PRACTICE = (  # what we know, feel or have, and what befalls us
    grammar.FEELING
    | grammar.KNOWING
    | grammar.words("have got end seem tend wait try expect hear find lose miss forget fail struggle even")
)


def addressed(sentence: str) -> str:
    """The sentence said to the agent when it asks the agent in the third person, or states the
    house's practice (see the module's docstring and `HOUSE`); else the sentence as it is."""
    text = COMMENT.sub("", sentence.strip(), count=1)  # "Honestly it's not rocket science, …"
    text = CONNECTIVE.sub("", text, count=1)  # "So it should mention …"
    # "I really think that any order … must be …", "From today, …", "It's fine but …", "No offence,
    # but …": whose view it is, from when, what is granted or disclaimed asks nothing; what follows
    # is read as said alone ("Fine, but then …" concedes what was said before: `after_lead_in`)
    if (rest := lead_off(text)) != text[:1].upper() + text[1:]:
        return addressed(rest)
    if done_elsewhere := as_others_do(text):
        return done_elsewhere  # "Most sign shops I've used ask what …": "Ask what …"
    asked = next((a for t in (sentence.strip(), text, grammar.lead_in_off(text)) if (a := rhetorical(t))), "")
    if asked and instructs(asked):
        return asked[:1].upper() + asked[1:]  # "It should have asked me …": "Ask me …"
    if said_to_it := _seen_to(text):
        return said_to_it  # "Please ensure that the assistant refrains from …": "Refrain from …"
    for pattern, said in ADDRESSED:
        if found := pattern.match(text):
            rest = _checked_whether(text[found.end() :])
            return (said + rest) if said else rest[:1].upper() + rest[1:]
    if DROPPED_IT.match(text):
        return f"It {text[:1].lower()}{text[1:]}"  # "Would really help if …": "It would really help if …"
    remarked = text != sentence.strip() and COMMENT.match(sentence.strip())
    return _house(text) or (text[:1].upper() + text[1:] if remarked and instructs(text) else sentence)


# What others in the trade do, held up as the practice: "most sign shops I've used ask what the sign is
# going on before they quote", "Every other garage texts you when the car's ready".
OTHERS_DO = re.compile(
    r"^(?:most|all|every\s+other|other|(?:any|every)\s+(?:decent|good|proper|half-decent|other))\s+"
    r"(?:(?:[\w'-]+\s+){0,3}?(?:shops?|places?|compan(?:y|ies)|firms?|business(?:es)?|garages?|suppliers?|"
    r"stores?|outfits?|sites?|websites?|salons?|studios?|centres?|centers?|venues?|agenc(?:y|ies)|retailers?|"
    r"sellers?|providers?|services?|bots?|chatbots?|ones?)\s+(?:(?:i|we)\s+(?:know|use)\s+)?(?:{USED}\s+)?"
    # a trade named with the writer's own dealings: "most florists I've used", "every other campsite
    # I've been to"
    r"|(?:[\w'-]+\s+){0,2}?[a-z]+\s+{USED}\s+)"
    r"(?:(?:all|always|usually|just|will|would)\s+)?(?P<verb>[a-z]+)\b(?P<rest>.*)$".replace(
        "{USED}",
        r"(?:i|we)(?:'ve|\s+have)\s+(?:ever\s+)?(?:used|been\s+to|dealt\s+with|tried|ordered\s+from|spoken\s+to|"
        r"stayed\s+(?:at|with)|booked\s+with|bought\s+from|hired\s+from|visited)",
    ),
    re.I,
)


def as_others_do(text: str) -> str:
    """What others in the trade are said to do (`OTHERS_DO`), said to the agent; or ''."""
    found = OTHERS_DO.match(text.strip())
    lemma = getLemma(found["verb"].lower(), upos="VERB") if found else ()
    verb = lemma[0] if lemma else ""
    if not verb or verb in NO_PRACTICE or verb in NO_ACT or not grammar.base_verb(verb):
        return ""
    # whoever is served, said as the writer is (then as the user): "… texts you when the car is ready",
    # "… before you arrive"
    rest = re.sub(r"\byour\b", "my", re.sub(r"\byou\b", "me", found["rest"]))
    rest = re.sub(r"\bme\s+(?=(?:are|have|do|need|want|get|arrive|come|book|pay|leave|order)\b)", "I ", rest)
    return f"{verb[:1].upper()}{verb[1:]}{rest}"  # (the writer said as the user once it is a line)


# The agent named, to be seen to or had do something: "Please ensure that the assistant refrains
# from predicting outcomes", "Make sure the bot checks the diary", "Have the assistant ring ahead",
# "Get the booking bot to ask for ages", "make the bot use the real diary", "Can you make it say …?"
# ("it" only before an act it can be made to do: not "make it clear that …").
MADE_TO = (
    "say|tell|ask|check|use|send|show|offer|mention|warn|include|give|put|book|ring|call|text|email|remind|"
    "confirm|list|explain|stop|read|look|pull|quote|flag"
)
SEEN_TO = re.compile(
    r"^(?:please\s+)?(?:(?:can|could)\s+(?:you|we|someone|somebody)\s+)?"
    rf"(?:make\s+sure|ensure|see\s+to\s+it)\s+(?:that\s+)?{NAMED_BOT}\s+(?P<rest>[a-z].*)$"
    # what it is to be set up so that it does: "Please set it so anyone who says they're pregnant is …"
    r"|^(?:please\s+)?(?:(?:can|could)\s+(?:you|someone|somebody)\s+)?(?:set|change|update)\s+(?:it|the\s+bot)\s+"
    r"(?:up\s+)?so\s+(?:that\s+)?(?P<so>[a-z].*)$"
    rf"|^(?:please\s+)?(?:(?:can|could)\s+(?:you|u|someone|somebody)\s+)?(?:just\s+)?(?:have|get|make)\s+"
    rf"(?:{NAMED_BOT}|it(?=\s+(?:{MADE_TO})\b))\s+(?:to\s+)?(?P<base>[a-z].*?)\??$",
    re.I,
)
SEEN_NOT = re.compile(
    r"^(?P<not>does\s+not|doesn'?t|will\s+not|won'?t|cannot|can'?t|can\s+not|never|(?P<be>is\s+not|isn'?t))"
    r"\s+(?P<rest>.*)$",
    re.I,
)
SEEN_HOW = re.compile(r"^(?P<how>always|only|also|just|still)\s+(?P<rest>.*)$", re.I)
SEEN_MODAL = re.compile(r"^(?:will|can|should|would|must|does)\s+(?P<rest>.*)$", re.I)


def _seen_to(text: str) -> str:
    """What the agent is to do, when the sentence asks to see that it does so or to have it do
    so (`SEEN_TO`): said to it ("Refrain from predicting outcomes"); else ''."""
    found = SEEN_TO.match(text)
    if not found:
        return ""
    if found["so"] is not None:
        return f"Make sure {found['so'].rstrip(' .!')}"
    if found["base"] is not None:
        first = found["base"].split()[0].lower()
        return found["base"][:1].upper() + found["base"][1:] if grammar.base_verb(first) else ""
    rest = found["rest"]
    if said := SEEN_NOT.match(rest):
        head = "Never" if said["not"].lower() == "never" else "Don't be" if said["be"] else "Don't"
        act = _in_base_form(said["rest"]) if head == "Never" else said["rest"]
        return f"{head} {act}" if act else ""
    if said := SEEN_HOW.match(rest):
        act = _in_base_form(said["rest"])
        return f"{said['how'][:1].upper()}{said['how'][1:].lower()} {act}" if act else ""
    act = _in_base_form(SEEN_MODAL.sub(r"\g<rest>", rest, count=1))
    return act[:1].upper() + act[1:] if act else ""


def _in_base_form(rest: str) -> str:
    """`rest` with its first word, a verb in the third person or its base form, in its base form
    ("checks the diary" → "check the diary"); '' when it opens with no verb."""
    first, _, after = rest.partition(" ")
    word = first.lower()
    base = {"is": "be", "has": "have"}.get(word) or (getLemma(word, upos="VERB") or ("",))[0]
    if not base or not (grammar.base_verb(base) or base in {"be", "have"}):
        return ""
    if word != base and not word.endswith("s"):
        return ""  # "ensure the bot checked …": what happened, not what it is to do
    return f"{base} {after}".strip()


def _checked_whether(rest: str) -> str:
    """What "it ought to be checked whether …" asks, once its "it ought to" is gone: "check
    whether …"; any other rest as it is."""
    found = CHECKED_WHETHER.match(rest)
    verb = participle_of(found["part"].lower()) if found else ""
    return f"{verb} {found['what']}" if verb else rest


# "be checked whether …", "be confirmed that …" of an impersonal "it" asked to be so
CHECKED_WHETHER = re.compile(
    r"^be\s+(?P<part>checked|double-checked|confirmed|verified|established|asked|explained)\s+"
    r"(?P<what>(?:whether|if|that|what|who|when|how)\b.*)$",
    re.I,
)
# A wish said without its "it": "Would really help if …", "Would be great if …".
DROPPED_IT = re.compile(
    r"^(?:would|'d)\s+(?:really\s+|so\s+|be\s+)*(?:help|helpful|great|good|nice|useful|handy|better)\b", re.I
)
# A word that only joins the sentence to the one before it ("But it would have helped if …"); before
# an instruction, "then", "please" and "surely" open it the same way.
JOINING_WORDS = "so|and|also|but|plus|anyway|basically"
JOINING = re.compile(rf"^(?:{JOINING_WORDS})\b,?\s+(?=\S)", re.I)
# A remark on how little is asked, before the ask: "Honestly it's not rocket science, …", "Come
# on, it isn't hard -". It names nothing the ask is about.
COMMENT = re.compile(
    r"^(?:(?:honestly|seriously|frankly|look|come\s+on|tbh|really)[,!]?\s+)*(?:it'?s|it\s+is|it\s+isn'?t|this\s+is|"
    r"that'?s)\s+(?:really\s+|just\s+|honestly\s+)?(?:not\s+)?(?:that\s+|exactly\s+)?(?:rocket\s+science|hard|"
    r"difficult|complicated|brain\s+surgery|much\s+to\s+ask|a\s+big\s+ask|a\s+lot\s+to\s+ask)\s*[,;:—–-]+\s*",
    re.I,
)
CONNECTIVE = re.compile(rf"^(?:{JOINING_WORDS}|then|please|surely)\b,?\s+(?=\S)", re.I)

# The house's rule said as such: "Our policy is to price match local shops only", "Our policy is
# that anyone booking a colour service needs a patch test", "Rule is we only use our own parts",
# "House rule: every quote shows VAT", "Our house style requires that dates are written in full",
# "We have a rule that anything going to parents names the safeguarding officer".
POLICY = re.compile(
    r"^(?:(?:(?:our|the)\s+)?(?:policy|rule|house\s+rule|house\s+style|style\s+guide|terms|t&cs)"
    r"\s*(?:is\s+(?:(?P<to>to)\s+|that\s+|:\s*)?|:\s*|(?:requires|says|say|states|state)\s+(?:that\s+)?)"
    r"|we\s+have\s+a\s+(?:house\s+)?(?:rule|policy)\s+that\s+)(?P<rule>\S.*)$",
    re.I,
)
# What a reviewer adds of the draft after the rule: "…, and this doesn't", "… and this one hasn't been".
ON_THIS_ONE = re.compile(
    r",?\s+(?:and|but)\s+(?:this|that|it)(?:\s+one)?\s+(?:doesn'?t|does\s+not|isn'?t|is\s+not|hasn'?t|"
    r"has\s+not|didn'?t|wasn'?t)\b.*$",
    re.I,
)
NUMBER_WORDS = grammar.words("one two three four five six seven eight nine ten eleven twelve few several")


def stated_policy(sentence: str) -> bool:
    """Whether the sentence states the house's rule as such (see `POLICY`), or restricts who or
    what does something ("Only the boats marked pet-friendly take dogs")."""
    found = POLICY.match(sentence.strip())
    if found:
        return not sentence.rstrip().endswith("?") and not found["rule"].lower().startswith("not ")
    return _restriction(sentence)


# What a kind of thing is limited to: "Short breaks are Mon-Fri or Fri-Mon ONLY", "Refunds are
# store credit only" (not "It's only a scratch", "My order is the only one").
LIMITED_TO = re.compile(r"^(?P<subject>[^,;:?]+?)\s+(?:are|is)\s+[^,;:?]+?\s+only[\s.!]*$", re.I)


def _restriction(sentence: str) -> bool:
    """ "Only" before a kind of thing and what it does in the present, or can do: "Only the boats
    marked pet-friendly take dogs", "Only managers approve refunds", "Only a clinician comments on
    imaging", "Only the duty manager can authorise refunds" (not "Only two turned up"); or what
    a kind of thing is limited to (`LIMITED_TO`)."""
    if limited := LIMITED_TO.match(sentence.strip()):
        subject = _words(limited["subject"])
        return bool(subject) and not any(w in NOT_A_KIND | OURS or w in SPEAKER for w in subject)
    words = _words(sentence)
    if len(words) < 4 or words[0] != "only" or sentence.rstrip().endswith("?"):
        return False
    if words[1] in NUMBER_WORDS or words[1].isdigit():
        return False  # "Only two people turned up": a count
    nouns, before = 0, ""
    for word in words[1:8]:
        if nouns and word in MAY:
            before = word  # "Only the duty manager can authorise refunds"
            continue
        if word in grammar.AUXILIARIES or word in grammar.PRONOUNS or (grammar.past(word) and not nouns):
            return False  # "only the eastbound platform is open": a state
        if nouns and (grammar.base_verb(word) or (not before and _does(word))):
            return True  # the kind said, then what it does
        if before:
            return False
        nouns += "NOUN" in grammar._lemmas(word) and word not in grammar.DETERMINERS
    return False


MAY = grammar.words("can may")


def _does(word: str) -> bool:
    """Whether a word after a kind said in the singular is what it does: "Only a clinician
    comments on imaging" ("comments" a verb of the third person)."""
    lemma = getLemma(word, upos="VERB")
    verb = lemma[0] if lemma else word
    return word.endswith("s") and verb != word and verb not in NO_ACT and grammar.base_verb(verb)


def _house(text: str) -> str:
    policy = POLICY.match(text)
    if policy and stated_policy(text) and (policy["to"] or _house(policy["rule"])):
        rule = _house(policy["rule"]) or policy["rule"]  # "… is to never absorb that", "… is we only use"
        return rule[:1].upper() + rule[1:]
    if policy and stated_policy(text) and not text.lower().startswith("our policy is that"):
        rule = ON_THIS_ONE.sub("", policy["rule"]).rstrip(" .!")  # "…, and this doesn't"
        return f"Our policy is that {rule[:1].lower() + rule[1:] if rule[1:2].islower() else rule}."
    found = HOUSE.match(text.replace("’", "'")) or MAY_NOT.match(text.replace("’", "'"))
    verb = found["verb"].lower() if found else ""
    if not verb or verb in NO_PRACTICE or not grammar.base_verb(verb) or text.rstrip().endswith("?"):
        return ""
    if any(w in ONE_MOMENT for w in _words(WITHIN_THE_LAST.sub("", found["rest"]))):
        return ""  # "We don't open today": one moment, not the practice
    says = HOUSE_SAYS.get(found["how"].lower(), "Don't")
    return f"{says} {found['verb']}{found['rest']}"


# A span back from any day, part of a standing rule ("… without a fitting within the last 12
# months"), not one moment.
WITHIN_THE_LAST = re.compile(
    r"\b(?:within|in|over|during|for)\s+the\s+(?:last|past)\s+(?:\d+|few|two|three)\s+\w+", re.I
)


# A rule of who does what, said as how work goes: "Any enquiry about restoration goes to Alan",
# "Groups of stag parties get referred to Sandra", "Anything in Polish can go to Agnieszka",
# "wedding cakes = Hannah in the cake room". The subject is a kind of work (opened by "any",
# "all", "every" …, or a plural), not one thing.
ROUTED = re.compile(
    r"^(?P<subject>[^,;:?=→]+?)\s*(?:(?:\s(?:goes|go|can go|should go|get|gets|are|is)\s+"
    r"(?:(?:passed|referred|sent|forwarded|handed|routed|transferred|put through|booked)\s+)?"
    r"(?:straight\s+|directly\s+)?(?:to|through))|=|->|→)\s+(?P<to>\S.*)$",
    re.I,
)
A_KIND = grammar.words("any anything anyone all every each")
ASIDE = re.compile(r"\s*\([^()]*\)")
OURS = grammar.words("our my your their his her")
ROUTED_OF = grammar.words("from for about of on in with by to at")  # where a subject's head noun ends


def routed(sentence: str) -> bool:
    """Whether the sentence routes a kind of work to someone (see `ROUTED`)."""
    found = ROUTED.match(ASIDE.sub("", sentence).strip().rstrip(" .!"))  # "enquiries (cafes, …) → Sarah"
    if not found:
        return False
    subject = _words(found["subject"])
    if not subject or len(subject) > 12 or subject[0] in NOT_A_KIND | OURS:
        return False  # "Our wheelchair users get sent to a lift that's broken": what happened to us
    if any(w in SPEAKER for w in subject):
        return False
    head = next((subject[i - 1] for i, w in enumerate(subject) if i and w in ROUTED_OF), subject[-1])
    plural = head.endswith("s") and not head.endswith("ss")  # "Bulk orders from schools", "Artwork problems"
    return subject[0] in A_KIND or plural or any(w in A_KIND for w in subject[:2])


# Where routed work goes ends where an aside, a contrast or a condition begins.
DESTINATION = re.compile(
    r"^(?P<to>.+?)(?P<rest>\s*(?:[,;(—–]|\s-\s|\s(?:not|if|unless|when|but|and|or)\s).*)?$", re.I
)


def destination_read_out(sentence: str) -> str:
    """The sentence with where routed work goes read as "a colleague" ("Insurance upgrades to
    BS3621 go to Priya, not the general queue" → "… go to a colleague, not the general queue"):
    whom work goes to, a person or a team by name, is not the case the rule is about; what the
    work is, and any condition after, still is. Any other sentence unchanged."""
    text = sentence.strip()
    found = ROUTED.match(text) if routed(text) else None  # (routed read past an aside: none here)
    if not found:
        return sentence
    to = DESTINATION.match(found["to"])
    return f"{text[: found.start('to')]}a colleague{to['rest'] or ''}"


# An aside between two dashes ("asked about feeding — what food, how much, how often — at booking
# time") is part of its sentence, not a turn to another: its dashes are read as no break while
# the sentence is read (`shielded`), and given back in the line (`unshielded`); so are the commas
# of a list in brackets ("when the van is off the road (MOT, breakdown, snow), …").
DASH_ASIDE = re.compile(r"\s([—–-])\s([^—–.!?;]{1,80}?)\s([—–-])\s")
BRACKETED = re.compile(r"\([^()]{1,80}\)")
SHIELDS = {"—": "\ue000", "–": "\ue001", "-": "\ue002", ",": "\ue003"}  # read as no break, kept as it was


def shielded(sentence: str) -> str:
    def aside(match: re.Match) -> str:
        opening, inner, closing = match.groups()
        return match.group() if instructs(inner) else f" {SHIELDS[opening]} {inner} {SHIELDS[closing]} "

    bracketed = BRACKETED.sub(lambda found: found.group().replace(",", SHIELDS[","]), sentence)
    return DASH_ASIDE.sub(aside, bracketed)


def unshielded(text: str, marks: str = "".join(SHIELDS)) -> str:
    """The text with the `marks` it was shielded from given back (all of them unless told)."""
    for mark in marks:
        text = text.replace(SHIELDS[mark], mark)
    return text


# A question of how things are ("does the street need a permit?"), not of what the agent will do.
WORLD_QUESTION = re.compile(r"^(?:do|does|did|is|are|was|were|has|have|had)\s+(?!you\b|u\b)\S.*\?$", re.I)


# What the agent must do as a consequence of what was said before: "…, so it has to stop sending
# the payment link at booking" asks "Stop sending the payment link at booking".
SO_THE_BOT = re.compile(rf",?\s+so\s+(?=(?:{THE_BOT})\s+(?:{SHOULD}|{SHOULD_NOT})\s)", re.I)


# A wish said condition first: "If the reminders could go out in the afternoon, that would be great",
# read as "It would be great if the reminders could go out in the afternoon".
INVERTED_WISH = re.compile(
    r"^if\s+(?P<wish>[^,?]{5,200}?),?\s+(?:that|it|this)(?:'d|'ll|\s+would|\s+will)\s+(?:really\s+)?(?:be\s+)?"
    r"(?:(?:really|very|so|much)\s+)?(?:great|brilliant|helpful|ideal|lovely|nice|good|fab|perfect|amazing|"
    r"appreciated|help|make\s+(?:a|all\s+the)\s+difference|a\s+(?:big\s+|huge\s+)?help|save\s+\w+)\b",
    re.I,
)


# What the writer would have liked to be told, and when: "I'd have liked to know at submission that the
# data had to be deposited …" asks "Tell the user at submission that the data had to be deposited …".
LIKED_TOLD = re.compile(
    r"^(?:i|we)(?:'d|\s+would)\s+(?:have|'ve)\s+(?:really\s+)?(?:liked|loved|appreciated|wanted)\s+"
    r"(?:to\s+(?:have\s+been\s+told|be\s+told|know|hear|have\s+known)|being\s+told)\s+(?P<rest>\S.*?)[.!]*$",
    re.I,
)


# … or what nobody told the writer: "Nobody told us it takes about 12 hours to heat up from the hose"
# asks "Tell the user that it takes about 12 hours …".
NOT_TOLD = re.compile(
    r"^(?:(?:nobody|no\s*one|no-one)\s+(?:ever\s+|even\s+|actually\s+)?(?:told|warned|informed)\s+(?:me|us)"
    r"|(?:i|we)\s+(?:wasn't|weren't|was\s+not|were\s+not|was\s+never|were\s+never)\s+(?:told|warned|informed))"
    r"\s+(?:that\s+)?(?P<rest>(?!about\b|until\b|till\b|why\b)\S.*?)[.!]*$",
    re.I,
)


# … or what nobody asked the writer: "Nobody asked us what kind of stove it is" asks "Ask the user what
# kind of stove it is" ("Why wasn't I asked …?": `language.rhetorical_asks`).
NOT_ASKED = re.compile(
    r"^(?:(?:nobody|no\s*one|no-one)\s+(?:ever\s+|even\s+|actually\s+)?asked\s+(?:me|us)"
    r"|(?:i|we)\s+(?:wasn't|weren't|was\s+not|were\s+not|was\s+never|were\s+never)\s+asked)"
    r"\s+(?P<rest>(?:about|whether|if|what|which|how|for|when|where)\b.*?)[.!?]*$",
    re.I,
)


# … or what the agent never once did: "… and not once did it mention that plasterboard can't go in,
# so I got a surcharge" asks "Mention that plasterboard can't go in".
NOT_ONCE = re.compile(
    r"^(?:.*?\s(?:and|but)\s+)?not\s+once\s+(?:did|has|had)\s+(?:it|you|u|(?:the|your|this)\s+(?:[\w-]+\s+)?"
    r"(?:bot|assistant|chat|chatbot|agent|website|system|helper))\s+(?P<verb>[a-z]+)\s+"
    r"(?P<rest>\S[^,;]*?)(?:,\s+so\b.*)?[.!]*$",
    re.I,
)


def told_too_late(text: str) -> str:
    """What the writer would have liked to be told (`LIKED_TOLD`), or was not told (`NOT_TOLD`) or
    asked (`NOT_ASKED`), or what the agent never once did (`NOT_ONCE`), said to the agent; or ''."""
    if (found := NOT_ONCE.match(text)) and grammar.base_verb(found["verb"].lower()):
        return f"{found['verb'].capitalize()} {found['rest']}"
    if found := NOT_ASKED.match(text):
        return f"Ask the user {found['rest']}"
    if found := NOT_TOLD.match(text):  # not what befell one case: "… the trip was cancelled", "… my order"
        told = found["rest"].split()
        one = any(w.lower() in {"my", "our", "was", "were", "had"} or grammar.past(w.lower()) for w in told)
        return "" if one else f"Tell the user that {found['rest']}"
    found = LIKED_TOLD.match(text)
    rest = found["rest"] if found else ""
    return f"Tell the user {rest}" if re.search(r"\b(?:that|about|when|if|whether|how)\b", rest) else ""


# "the reminders could go out" → "the reminders should go out"
WISHED_MODAL = re.compile(r"\s+(?:could|would)\s+(?!have\b)", re.I)


def inverted_wish(text: str) -> str:
    """What a wish said condition first asks (`INVERTED_WISH`), or ''."""
    found = INVERTED_WISH.match(text)
    if not found:
        return ""
    wished = found["wish"]
    as_should = WISHED_MODAL.sub(" should ", wished, count=1)
    return request(f"It would be great if {wished}.") or request(as_should)


def request(sentence: str) -> str:
    """What the sentence asks for, said plainly ('' when it is none of these forms)."""
    said = TAG_QUESTION.sub("", " ".join(sentence.replace("’", "'").split()).strip(" -*"))
    parts = SO_THE_BOT.split(said, maxsplit=1)
    if len(parts) == 2 and instructs(consequence := addressed(parts[1])):
        return consequence.rstrip(" .!")  # "We don't take money upfront, so it has to stop …"
    text = addressed(said)  # "Would it kill you to check the tide table?" → "Check the tide table"
    if text != said and instructs(text):
        return text.rstrip(" .!")  # "The bot should warn owners upfront" → "Warn owners upfront"
    for form in (
        polite,
        suggestion,
        inverted_wish,
        told_too_late,
        wish,
        appreciated,
        had_done,
        wished_thing,
        placed_thing,
        in_order,
        please_phrase,
        stance_rule,
        enough,
        after_lead_in,
        on_condition,
    ):
        if asked := form(text):
            return asked
    if work_rule(text) or routed(text) or stated_policy(text):
        return text.rstrip(" .!")
    head = REASON_AFTER.sub("", said)  # "It would be nice if it said when …, because the site …"
    return request(head) if head != said and len(head.split()) >= 3 else ""


# A statement made a question by a tag after it: "Permits should be flagged at the quote stage,
# surely?" states what it asks.
TAG_QUESTION = re.compile(
    r",\s*(?:surely|right|no|yes|yeah|innit|don'?t you think|wouldn'?t you say)\s*\?+$", re.I
)
# The reason given after what is asked: "…, because the website said 2-4", "… seeing as …".
REASON_AFTER = re.compile(r",?\s+(?:because|cos|coz|seeing\s+as)\b.*$", re.I)
# What a preference is preferred to, its verb as said: "… than made up prices".
THAN = re.compile(r"\s+than\s+(\w+)", re.I)


def stance_rule(sentence: str) -> str:
    """A rule of the work in the plain present asked for with "please" or a word of stance ("all
    quotes to domestic customers go out inc VAT please" → "all quotes to domestic customers go
    out inc VAT"); '' for any other sentence."""
    text = sentence.strip().replace("’", "'").rstrip(" .!")
    phrase = trailing_stance(text)[0]
    if not phrase and (leading := LEADING_STANCE.match(text)):
        phrase = leading["phrase"]
    phrase = phrase.strip(" ,;—–-")
    return phrase if phrase and "general-rule" in shapes(phrase) else ""


def after_lead_in(sentence: str) -> str:
    """The imperative after a lead-in of venting, past an ellipsis or a dash ("Three visits and
    still no hot water... bring the parts on the first visit" → "bring the parts on the first
    visit"); '' when nothing after one instructs, or what follows only goes on ("and …"). What
    opens with an instruction or a condition is no lead-in: "Never recommend weedkillers near
    water - always point people to hand weeding instead" is asked whole."""
    parts = LEAD_IN_END.split(sentence.strip())
    if len(parts) < 2:
        return ""
    last = addressed(parts[-1].strip(" ,;"))  # "… - we never book colour after 4pm"
    words = _words(last)
    if not words or words[0] in CONTINUING:
        return ""
    if instructs(last):
        # what is conceded first ("Fair enough, but then the bot shouldn't …") opens nothing
        opening = parts[0]
        opens = not DISCLAIMED.match(opening) and (_opens_instructing(opening) or opens_a_condition(opening))
        return sentence.strip().rstrip(" .!") if opens else last
    return polite(last) or suggestion(last)


def _opens_instructing(clause: str) -> bool:
    """Whether the clause's first word instructs: an imperative, or "never", "always", "only",
    "don't" before one (not a lead-in that goes on to "no hot water")."""
    plain = _words(clause)
    if plain[:1] and plain[0] in {"never", "always", "only", "don't", "dont"}:
        return True
    known_verb = bool(plain) and "VERB" in grammar._lemmas(plain[0])  # not "Three visits, …"
    return known_verb and grammar.imperative(clause.strip(" ,;"))


def opens_a_condition(clause: str) -> bool:
    """Whether the clause says when what follows holds: "Anyone asking about groups over 8 people
    — …, send them to Gareth", "If someone says cancel for a week, it should pause the order — …"."""
    plain = _words(clause)
    return bool(plain) and (plain[0] in A_KIND | {"if", "when", "whenever", "unless"})


# A condition run on into what the agent should do, without a comma: "When a machine is down
# during harvest it should flag it as urgent" (its main clause starts with the agent's obligation).
RUN_ON_CONDITION = re.compile(
    r"^(?P<condition>(?:if|when|whenever|once|as soon as|in case)\b[^,;:?]+?)\s+"
    r"(?P<rest>(?:it|you|the\s+(?:bot|agent|assistant|chatbot|system))\s+"
    r"(?:should|must|needs?\s+to|has\s+to|ought\s+to)\b.+"
    r"|(?:can|could|would|will)\s+(?:you|u|it|the\s+(?:bot|agent|assistant|chatbot|system))\s+.+)$",
    re.I,
)


# … or into its act after "then", or straight into a verb that opens asks: "if the account is on credit
# hold then don't release the order", "When it's anything chimney-related ask them for a photo".
THEN_CONDITION = re.compile(
    r"^(?P<condition>(?:if|when|whenever|once)\b[^,;:?]+?),?\s+then\s+(?P<rest>.+)$", re.I
)
OPENING_CONDITION = grammar.words("if when whenever once")
OPENING_ACTS = grammar.words(
    "tell put make say let give send ring call text phone email check ask book stop update use add keep show "
    "confirm warn mention explain move cancel refund charge quote offer include remind chase pass pause hold "
    "don't dont never always only"
)


# What makes the verb after it no act of its own: "we can't tell", "you need to check", "it said ring"
LEADS_ON = grammar.words(
    "i you u we they he she it to will would can could can't cant cannot should must may might do does did "
    "don't didn't not never said says told asked and or but the a an"
)


def _run_on_act(sentence: str) -> str:
    """A condition run on into an act without a comma, told with one ('' when none is)."""
    if found := THEN_CONDITION.match(sentence):
        condition, rest = found["condition"], found["rest"]
    else:
        words = sentence.split()
        if not words or grammar._word(words[0]) not in OPENING_CONDITION or condition_of(sentence):
            return ""
        at = next(
            (
                i
                for i in range(3, len(words) - 1)
                if grammar._word(words[i]) in OPENING_ACTS and grammar._word(words[i - 1]) not in LEADS_ON
            ),
            None,
        )
        if at is None or any(mark in " ".join(words[:at]) for mark in ",;:?"):
            return ""
        condition, rest = " ".join(words[:at]), " ".join(words[at:])
    said = _asked_after(rest)
    if not instructs(said) or WHEN_WE_DID.match(sentence):
        return ""
    return f"{condition[:1].upper()}{condition[1:]}, {said[:1].lower()}{said[1:].rstrip(' .!')}"


def on_condition(sentence: str) -> str:
    """The sentence itself when a condition opens it and an instruction follows ("If a couple
    mentions a budget over £15,000, pass them to Harriet"); the condition is part of the rule. One
    run on without a comma is told with one ("When a machine is down it should flag it as urgent"
    → "When a machine is down, flag it as urgent")."""
    if run_on := RUN_ON_CONDITION.match(sentence.strip()):  # before any comma further on
        said = _asked_after(run_on["rest"])
        if said != run_on["rest"] and instructs(said):
            return f"{run_on['condition']}, {said[:1].lower()}{said[1:].rstrip(' .!')}"
    if run_on := _run_on_act(sentence.strip()):
        return run_on
    found = condition_of(sentence.strip())  # not "When we got there the lady said …, come back …"
    if not found:
        return ""
    said = _asked_after(found.group(1))  # "…, it should offer to ring round the other branches"
    if not instructs(said):
        return ""
    if said == found.group(1):
        return sentence.rstrip(" .!")
    return f"{sentence[: found.start(1)].rstrip()} {said[:1].lower()}{said[1:].rstrip(' .!')}"


def _asked_after(clause: str) -> str:
    """What the clause after a condition asks: said to the agent, the act of a polite question
    ("When I book a lesson, can it send me the instructor's name?") or of a suggestion ("Whenever
    someone hires a period outfit, the assistant could offer the matching accessories")."""
    said = addressed(clause)
    if instructs(said):
        return said
    suggested = COULD.match(clause.strip())
    if suggested and instructs(act := clause.strip()[suggested.end() :]):
        return act
    asked = polite(IT_ASKED.sub(r"\g<1> you", clause.strip(), count=1)) or passive_act(clause)
    return asked or said  # "…, that has to be recorded on the report": "record that on the report"


# A suggestion of what the agent could do: "the assistant could offer …", "it might mention …".
COULD = re.compile(rf"^(?:{THE_BOT})\s+(?:could|might)\s+(?:(?:always|just|also|maybe|perhaps)\s+)?", re.I)
# A polite question of the agent in the third person: "can it …", "could the bot …".
IT_ASKED = re.compile(
    r"^(can|could|would|will)\s+(?:it|the\s+(?:bot|agent|assistant|chatbot|system))\b", re.I
)


def suggestion(sentence: str) -> str:
    """What a "why not …?", "why don't you …?" or "could the X …?" question suggests, or what the
    speaker suggests be done ("May I suggest that stump removal be listed …" → "stump removal
    should be listed …"); '' for any other question."""
    text = sentence.strip()
    if found := SUGGESTED.match(text):
        rest = text[found.end() :].rstrip(" ?.!").lstrip(" ,")
        if "?" in rest:
            return ""
        if held := HELD_WHERE.match(rest):  # "…, where a trip is cancelled by you, customers are offered …"
            asked = _suggested(held["rest"])
            return f"{asked} {held['condition']}" if asked else ""  # the condition after what it holds for
        return _suggested(rest)
    if found := WHY_NOT.match(text):
        act = found["act"]
        words = _words(act)
        if not words or asks_information(f"Could you {act}?"):
            return ""  # "Why won't you tell me what's going on?" asks about one event
        return act if grammar.base_verb(words[0]) or grammar.imperative(act) else ""
    if found := WHY_NOT_THING.match(text) or COULD_THING.match(text):
        words = [w for w in found["rest"].split() if w.lower() not in {"ever", "even"}]
        plain = [grammar._word(w) for w in words]
        verbs = [i for i in range(1, min(len(words), 6)) if _verb_at(plain, i)]
        # the verb is the one before its object ("the packing slip mention which items …")
        before_object = [i for i in verbs if i + 1 < len(words) and plain[i + 1] in OBJECT_OPENERS]
        # a word that is only ever a verb is the verb ("the confirmation email tell people …")
        only_verbs = [i for i in verbs if set(grammar._lemmas(plain[i])) == {"VERB"} and plain[i] != "be"]
        if verbs:
            i = (only_verbs or before_object or verbs)[0]
            return f"{found['the']} {' '.join(words[:i])} should {' '.join(words[i:])}"
    return ""


def _verb_at(plain: list[str], i: int) -> bool:
    """Whether the i-th word is a verb in its base form, or the "be" of a passive ("Why can't the
    delivery slots be shown …")."""
    if plain[i] == "be":
        return i + 1 < len(plain) and bool(participle_of(plain[i + 1] or ""))
    return bool(plain[i]) and grammar.base_verb(plain[i])


def _suggested(rest: str) -> str:
    """What is suggested be done: a thing to be had done ("stump removal be listed …") should be,
    an act of the one addressed ("you call first") is asked of the agent."""
    words = _words(rest)
    if words[:1] == ["you"] and len(words) > 1 and grammar.base_verb(words[1]):
        return "" if set(words) & SPEAKER else rest.split(None, 1)[1]  # not "you give me my money back"
    if named := NAMED_AGENT.match(rest):  # "the assistant always checks the stock …": "always check …"
        return base_act(rest[named.end() :])
    if words[:1] == ["it"] and len(words) > 1 and _base(words[1]):  # "I'd suggest it gives …"
        return base_act(rest.split(None, 1)[1])
    if words and grammar.base_verb(words[0]) and instructs(rest):  # "My suggestion is to send …"
        return rest
    found = SUGGESTED_PASSIVE.match(rest) or SUBJUNCTIVE_PASSIVE.match(rest)
    if not found or found["thing"].split()[0].lower() in grammar.PRONOUNS:
        return ""
    if not participle_of(found["part"].lower()):
        return ""
    return f"{found['thing']}should be {found['part']}{found['tail']}"


# The agent, named as what a suggestion is about
NAMED_AGENT = re.compile(r"^(?:the|your)\s+(?:bot|agent|assistant|chatbot)\s+(?=[a-z])", re.I)


def base_act(act: str) -> str:
    """An act told of the agent with its verbs in the base form ("always checks the stock" →
    "always check the stock", "… and just used their name" → "… and just use their name"); ''
    when it has no verb or is no act of the work."""
    words = act.split()
    often = list(itertools.takewhile(lambda w: w.lower() in ALWAYS | OFTEN, words))
    words = words[len(often) :]
    first = grammar._word(words[0]) if words else ""
    verb = first if grammar.base_verb(first) else _base(first)
    if not verb or verb in NO_ACT:
        return ""
    rest = AND_PAST.sub(lambda m: m[1] + (_base(m[2].lower()) or m[2]), " ".join(words[1:]))
    return " ".join([*often, verb, rest]).strip()


def instructs(clause: str) -> bool:
    """Whether a clause instructs by its grammar alone: an imperative or a prohibition, past its
    lead-in and an opening adverb ("only ring if the gate changes"), or "have" before what is to
    be ready ("have the keys ready")."""
    words = grammar.lead_in_off(clause).split()
    while words and grammar._word(words[0]) in OPENING_ADVERBS:
        words = words[1:]
    bare = " ".join(words)
    plain = _words(bare)
    if len(plain) < 2:
        return False
    if plain[0] == "have" and plain[1] in grammar.DETERMINERS | {"it", "them", "someone"}:
        return True
    banned = grammar.PROHIBITION.match(bare)
    return grammar.imperative(bare) or bool(banned and grammar.prohibition(banned.group(1), banned.group(2)))


def polite(sentence: str) -> str:
    """The act a polite question asks for ("Could you please X?" → "X"); '' for a question
    asking for information about one event, or for a belief or an opinion."""
    found = POLITE.match(sentence.strip())
    if not found or asks_information(sentence):
        return ""
    act = _minded(found["act"])
    words = _words(act)
    if not words or SENT_AWAY.search(act):
        return ""
    verb = next((w for w in words if w not in ALWAYS), "")  # "Could it always mention …?"
    return act if grammar.base_verb(verb) or grammar.imperative(act) else ""


def _minded(act: str) -> str:
    """ "mind adding X" (of "Would you mind adding X?") as the act it asks for, "add X"; "mind
    not calling" as "don't call"."""
    found = re.match(r"^mind\s+(not\s+)?(\w+ing)\b(.*)$", act, re.I)
    if not found:
        return act
    verb = getLemma(found[2].lower(), upos="VERB")
    if not verb:
        return act
    return ("don't " if found[1] else "") + verb[0] + found[3]


def asks_information(sentence: str) -> bool:
    """Whether a polite question asks to be told about one event ("Could you tell me why it
    failed?") or asks for a belief or an opinion ("Can you believe …"), not for a way of working."""
    found = POLITE.match(sentence.strip().replace("’", "'"))
    if not found:
        return False
    words = _words(found["act"])
    begged = re.search(r"\b(?:please|pls|plz|kindly)\b", found.string[: found.start("act")], re.I)
    if not words or (words[0] in THINKING and not (words[0] == "say" and begged)):
        return bool(words)  # not "Could it please say it depends on …": what to say, asked
    if words[0] not in TELLING and words[:3] != ["let", "me", "know"]:
        return False
    asked = next((i for i, w in enumerate(words[:5]) if w in QUESTION_WORDS), None)
    if asked is None:
        return False
    about = words[asked + 1 :]
    if STEP_OF_THE_WORK.search(found["act"]):
        return False  # "Can it check whether the vehicle was in a suspended bay before telling people …"
    return any(w in WHAT_HAPPENED or w in ONE_MOMENT or w in {"my", "mine"} or grammar.past(w) for w in about)


# A check done before or after another act, or every time, is a step of the work, whatever tense
# the thing checked is in.
STEP_OF_THE_WORK = re.compile(
    r"\b(?:before|after|when|whenever)\s+(?!(?:anything|something|nothing|morning|evening)\b)[a-z]{3,}ing\b"
    r"|\bevery\s+time\b|\beach\s+time\b",
    re.I,
)


def wish(sentence: str) -> str:
    """What the agent would have done in a wish that things had gone otherwise ("If you'd just
    X, this wouldn't happen" → "X", "I wish you'd X" → "X", "I'd rather it X-ed" → "X", with the
    case it is said of); '' when it is none, or its act is no act of the work."""
    text = sentence.strip().rstrip(" .!")
    found = IF_YOU.match(text) or THEN_IF.match(text) or THEN_IF.match(_remark_off(text))
    if not found and (found := WOULD_IF.match(REASON_AFTER.sub("", text))):
        found = {"then": found["then"], "act": found["act"]}
    case = ""
    if wished := WISHED.match(text):
        act = wished["act"]
    elif preferred := RATHER.match(text):
        act, case = preferred["act"], (preferred["case"] or "").strip().rstrip(",")
        # "… rather it said 'I don't know' than made up prices": "… rather than make up prices"
        act = THAN.sub(lambda m: f" rather than {_base(m[1].lower()) or m[1]}", act, count=1)
    elif found and WOULD.search(found["then"]) and not DREADED.search(found["then"]):
        act = found["act"]
    else:
        return ""
    asked = base_act(act)  # "… if it always asked"
    return f"{case}, {asked}" if case and asked else asked


def _remark_off(text: str) -> str:
    """The sentence without a clause of its own after its last comma that lists nothing ("…, the
    drivers lose hours finding these places"): a remark on the wish, not its act."""
    head, comma, tail = text.rpartition(", ")
    aside = any(shield in text for shield in SHIELDS.values())  # "— what food, how much —"
    return head if comma and not aside and not re.search(r"\b(?:and|or)\b", tail, re.I) else text


# The agent, named, with what it could or should do, inside a longer sentence: "I get parts are slow
# but the bot could at least tell people …", "It is vital that the assistant tells anyone with …".
EMBEDDED = re.compile(
    rf"(?:^|[,;:]\s+|\b(?:and|but|so|that|then)\s+)(?P<bot>{NAMED_BOT})\s+"
    r"(?:(?P<modal>could|should|must|might|needs\s+to|has\s+to|ought\s+to|is\s+to)\s+)?"
    r"(?:(?:at\s+least|just|also|really|simply|easily|kindly|surely|always|only)\s+)*(?P<act>[a-z][^.!?;]*)",
    re.I,
)
# … or what it does from now on: "From now on it only confirms when a reset is happening"
FROM_NOW_ON_IT = re.compile(
    rf"^(?:from\s+now\s+on|going\s+forward|in\s+future|from\s+today),?\s+(?:it|{NAMED_BOT})\s+(?P<act>[a-z][^.!?;]*)",
    re.I,
)
# … or what it is wanted to do: "It would be sensible for the assistant to state …", "I'd like the
# bot to ask …", "I would ask that your assistant tell people …"
WANTED_TO = re.compile(
    rf"\b(?:for|that|like|want|need|expect|prefer|ask|request|love)\s+{NAMED_BOT}\s+(?:to\s+)?(?P<act>[a-z][^.!?;]*)",
    re.I,
)
# … or had do it: "It would be sensible to get the assistant to offer the placement test …"
HAD_DO = re.compile(
    rf"\b(?:get|getting|have|having|make|making)\s+(?:{NAMED_BOT}|it(?=\s+(?:to\s+)?(?:{MADE_TO})\b))\s+(?:to\s+)?"
    r"(?P<act>[a-z][^.!?;]*)",
    re.I,
)


def embedded_ask(sentence: str) -> str:
    """What the agent, named inside a longer sentence, could or should do (`EMBEDDED`), does from
    now on (`FROM_NOW_ON_IT`), is to be had do (`HAD_DO`) or is wanted to do (`WANTED_TO`), as an
    instruction; '' when the sentence names it doing nothing so (what it did, "could not",
    "should have", "might be": no act asked)."""
    for found in EMBEDDED.finditer(sentence):
        act = found["act"]
        if found["modal"] and not re.match(r"(?:have|not|be|n't|never\s+have)\b", act, re.I):
            asked = act
        elif not found["modal"] and sentence[: found.start("bot")].rstrip().lower().endswith("that"):
            asked = base_act(act)  # "… that the assistant tells anyone …"
        else:
            continue
        if asked and instructs(asked):
            return asked
    if found := FROM_NOW_ON_IT.match(sentence):  # "From now on it only confirms …"
        asked = base_act(found["act"])
        if asked and instructs(asked):
            return asked
    had = HAD_DO.search(sentence) or _wanted_to(sentence)
    return had["act"] if had and instructs(had["act"]) else ""


def _wanted_to(sentence: str) -> re.Match | None:
    """`WANTED_TO`, unless what was wanted is told as past ("I asked for the bot to call me back
    and it never did": what happened)."""
    found = WANTED_TO.search(sentence)
    before = sentence[: found.start()].split()[-1:] if found else []
    return None if before and grammar.past(before[0].lower()) else found


def _base(word: str) -> str:
    """The base form of a verb in the past ("told" → "tell"); '' for a word that is no verb."""
    if not (grammar.past(word) or "VERB" in grammar._lemmas(word) or word.endswith("ed")):
        return ""
    lemma = getLemma(word, upos="VERB")
    return lemma[0] if lemma and lemma[0] != word else ""


def work_rule(sentence: str) -> bool:
    """Whether the sentence states what a kind of thing, or a role, should, must, needs to or
    has to do (see the module's docstring)."""
    text = sentence.strip().replace("’", "'")
    found = RULE_OF_WORK.match(text)
    if not found or text.endswith("?"):
        return False
    subject = _words(found["subject"])
    if not subject or len(subject) > 8 or subject[0] in NOT_A_KIND or subject[0] in grammar.AUXILIARIES:
        return False
    if any(w in SPEAKER or w in ONE_MOMENT or w in {"if", "when", "because", "then"} for w in subject):
        return False  # "The discharge lounge then has to rebook …": what followed, in a story
    verb, rest = found["verb"].lower(), found["rest"]
    if verb == "have" or not (verb == "be" or grammar.base_verb(verb)):
        return False  # "should have arrived": a regret
    if any(w in ONE_MOMENT for w in _words(rest)) or REMARK.search(rest):
        return False
    return not re.search(r"\bby now\b|\bright now\b", rest, re.I)


def _words(text: str) -> list[str]:
    return [w for w in (grammar._word(t) for t in text.split()) if w]
