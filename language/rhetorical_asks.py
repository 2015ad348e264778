"""Requests said as a rhetorical question, a lead-in that names the fix, or a reproach (pure).

People often ask for a change without a command: "Would it kill you to check the tide table?",
"How hard is it to put the hive number on the invoice?", "Why can't it just send the invoice with
the delivery note?", "The fix is simple: send the rota on Friday.", "All I want is for it to tell
me the price up front.", "It should have asked me for the serial number.", "The least it could do
is warn people …", "Isn't it supposed to send the kit list?", "If it had just told me …, I
wouldn't have …", "… a short progress note every month would be basic courtesy", "Why wasn't I
asked for his height before the order was placed?", "Would it be possible for paper bills to be
posted to customers who ask for them?", "Sending a simple layout to approve would save a lot of
arguing". Each holds the
act it asks for; `rhetorical` returns that act with its verb in the base form ("check the tide
table", "ask me for the serial number", "give a short progress note every month"), or '' when
the sentence is none of these forms or what follows is no act (the caller checks that it
instructs).
"""

import re

from lemminflect import getLemma

from language import grammar

AGENT = (
    r"(?:it|you|u|some(?:one|body)|any(?:one|body)"
    r"|(?:the|your|an?|this|that)\s+(?:[\w'-]+\s+){0,2}?(?:bot|agents?|assistant|chatbot|system|app|staff|desk|team|office"
    r"|helper|chat|website|site|widget|thing|thingy)"  # "Your booking thing should have asked …"
    r"|agents|staff|(?:the|whichever|whoever)\s+(?:person|lady|man|woman|one)\s+(?:on|at|answering)\s+"
    r"the\s+(?:chat|phone|desk|line|booking\s+line))"
)
# Said of no one ("How hard is it to …"), the act may be the user's own ("… to get a refund"):
# such a form asks the agent only for an act no user does for themselves (`USERS_OWN`).
IMPERSONAL = re.compile(
    r"^(?:would\s+it\s+be\s+(?:so\s+|that\s+|too\s+|really\s+)?(?:hard|difficult)\s+to\s+"
    r"|how\s+(?:hard|difficult)\s+(?:is\s+it|can\s+it\s+be|would\s+it\s+be)\s+to\s+"
    r"|is\s+it\s+(?:really\s+)?(?:too|so)\s+much\s+to\s+ask\s+to\s+"
    r"|is\s+it\s+(?:really\s+)?(?:so|that|too)\s+(?:hard|difficult)\s+to\s+"
    r"|(?:is|would)\s+it\s+(?:be\s+)?possible\s+to\s+)",
    re.I,
)
USERS_OWN = grammar.words(
    "get find reach contact talk speak book buy pay order cancel return use log sign understand figure"
)
# Verbs of knowing, feeling or being: no act of the work ("You should have seen the van").
NO_ACT = grammar.words("know understand realise realize care think believe imagine see hear be been work")
QUESTIONS = [
    rf"wouldn'?t\s+it\s+(?:be\s+)?(?:make\s+(?:more\s+)?sense|better|easier|simpler)\s+(?:for\s+{AGENT}\s+)?to\s+",
    r"would\s+it\s+(?:really\s+|actually\s+|honestly\s+|seriously\s+)?(?:kill|hurt)\s+(?:you|it|them)\s+to\s+",
    rf"would\s+it\s+be\s+(?:so\s+|that\s+|too\s+|really\s+)?(?:hard|difficult)\s+(?:for\s+{AGENT}\s+)?to\s+",
    rf"how\s+(?:hard|difficult)\s+(?:is\s+it|can\s+it\s+be|would\s+it\s+be)\s+(?:for\s+{AGENT}\s+)?to\s+"
    rf"(?:(?:get|have)\s+{AGENT}\s+(?:to\s+)?)?",  # "… to get the assistant to check stock …?"
    # the least it could do: "could it at least link the conversion chart instead of just giving up"
    r"(?:could|can|couldn'?t|can'?t)\s+(?:it|the\s+(?:[\w-]+\s+)?(?:bot|assistant|chat|chatbot|system|agent))\s+"
    r"(?:at\s+least|not\s+just)\s+",  # (not "can you at least tell me why …": one case's answer)
    rf"is\s+it\s+(?:really\s+)?(?:so|that|too)\s+(?:hard|difficult)\s+(?:for\s+{AGENT}\s+)?to\s+",
    rf"(?:is\s+it|would\s+it\s+be)\s+(?:really\s+)?(?:too|so)\s+much\s+to\s+ask\s+(?:for\s+{AGENT}\s+to\s+|that\s+{AGENT}\s+|to\s+)",
    r"(?:is|would)\s+it\s+(?:be\s+)?possible\s+to\s+",
    rf"(?:is\s+there\s+)?(?:any|a)\s+(?:chance|way)\s+(?:that\s+)?{AGENT}\s+(?:could|can|would|might)\s+",
    rf"(?:is|would)\s+it\s+(?:be\s+)?possible\s+for\s+{AGENT}\s+to\s+",
    rf"(?:how|what)\s+about\s+(?:if\s+)?{AGENT}\s+",
    r"(?:how|what)\s+about\s+(?=[a-z]+ing\b)",  # "What about checking the route notes before …?"
    # a suggestion announced as such: "Here's an idea: don't close …", "Maybe, just maybe, let it …"
    rf"(?:here'?s\s+an?\s+(?:idea|thought|suggestion)|(?:a\s+)?(?:revolutionary|radical|crazy|wild|modest|novel)"
    rf"\s+(?:suggestion|idea|thought)|just\s+a\s+(?:thought|suggestion)|maybe,?\s+just\s+maybe)\s*[:,;.!-]*\s*"
    rf"(?:have\s+{AGENT}\s+)?",
    rf"(?:could|can|would)\s+(?:some(?:one|body)|any(?:one|body))\s+(?:please\s+)?(?:make\s+sure|ensure)\s+"
    rf"(?:that\s+)?{AGENT}\s+",
    rf"(?:would\s+you\s+mind|could\s+you|can\s+you)\s+(?:please\s+)?having\s+{AGENT}\s+",
    rf"(?:i|we)\s+(?:just|only|simply|really)\s+(?:need|want)\s+{AGENT}\s+to\s+",
    # what was expected of it: "We were hoping it would pull dates from the events page"
    rf"(?:i|we)\s+(?:was\s+|were\s+|had\s+)?(?:hoping|hoped|expected|expecting)\s+(?:that\s+)?{AGENT}\s+(?:would|to)\s+",
    # a suggestion for next time: "Perhaps in future it could ask before …"
    rf"(?:(?:perhaps|maybe)\s+)?(?:(?:next\s+time|in\s+future|from\s+now\s+on|going\s+forward),?\s+){AGENT}\s+"
    r"(?:could|might)\s+",
    rf"(?:perhaps|maybe)\s+{AGENT}\s+(?:could|might)\s+(?:in\s+future\s+|next\s+time\s+)?",
    # what it is to be made to do: "please make it put the reservation on the system"
    rf"(?:please|kindly)\s+make\s+(?!it\s+(?:clear|obvious|plain|easier|easy|harder|simple|possible|known|explicit)\b)"
    rf"{AGENT}\s+",  # (not "make it clear that …": what is to be made plain)
    rf"make\s+(?!it\b){AGENT}\s+(?=[a-z]+\s)",  # "make the bot use the real diary" ("make it clear" is none)
    # … or got to do: "Maybe we could get the assistant to mention …", "Can we get it to …?"
    rf"(?:(?:maybe|perhaps)\s+)?(?:(?:we|you|u)\s+(?:could|can|should|might)\s+|(?:could|can)\s+(?:we|you|u)\s+)?"
    rf"(?:please\s+|kindly\s+|just\s+)?get\s+{AGENT}\s+to\s+",
    rf"(?:please\s+|kindly\s+)?(?:update|change|fix|set)\s+(?:it|the\s+\w+)\s+(?:up\s+)?so\s+(?:that\s+)?{AGENT}\s+",
    rf"(?:i|we)\s+(?:would\s+|must\s+)?(?:respectfully\s+|kindly\s+)?(?:request|ask|suggest|propose|insist|recommend|urge)\s+that\s+"
    rf"(?:in\s+future,?\s+|from\s+now\s+on,?\s+)?{AGENT}\s+(?:(?:should\s+)?be\s+(?:amended|changed|updated|set\s+up|"
    r"configured|programmed|told)\s+to\s+)?",
    rf"(?:it(?:'d|\s+would)\s+(?:be|have\s+been)\s+)?(?:much\s+|far\s+|a\s+lot\s+)?(?:better|appreciated|helpful)"
    rf"\s+if\s+{AGENT}\s+(?:had\s+)?",
    rf"(?:i|we)(?:'d|\s+would|\s+should)\s+be\s+(?:very\s+|most\s+|really\s+)?(?:grateful|thankful|obliged)\s+if\s+"
    rf"{AGENT}\s+(?:could|would|can)\s*,?\s*(?:(?:in\s+future|from\s+now\s+on|going\s+forward)\s*,?\s*)?",
    rf"(?:could|can|would)\s+{AGENT}\s+not\s+",
    rf"(?:couldn'?t|can'?t|wouldn'?t)\s+{AGENT}\s+(?!have\b|'ve\b)",
    rf"why\s+(?:on\s+earth\s+|the\s+hell\s+|oh\s+why\s+)?(?:can'?t|cannot|won'?t|doesn'?t|does\s+not|didn'?t|"
    rf"did\s+not)\s+{AGENT}\s+",
    rf"why\s+(?:on\s+earth\s+)?(?:does|do|did)\s+(?:{AGENT}\s+never|no\s*one|nobody)\s+",
    rf"surely\s+{AGENT}\s+(?:can|could)\s+",
    # the least, or all, that was asked of it: "The least it could do is warn people …"
    rf"the\s+least\s+{AGENT}\s+(?:could|can|should)\s+do\s+is\s+(?:to\s+)?",
    rf"all\s+{AGENT}\s+(?:had|has|needed|needs)\s+to\s+do\s+(?:was|is)\s+(?:to\s+)?",
    rf"(?:can|could)\s+(?:you|u)\s+(?:please\s+)?make\s+(?:it\s+)?so\s+(?:that\s+)?{AGENT}\s+(?:can\s+|will\s+)?",
    rf"(?:it'?d|it\s+would)\s+make\s+(?:more\s+|a\s+lot\s+more\s+)?sense\s+(?:for\s+{AGENT}\s+)?to\s+",
    # what it was there to do: "Isn't it supposed to check the diary?", "It's meant to ask first"
    rf"(?:isn'?t|wasn'?t)\s+{AGENT}\s+(?:supposed|meant)\s+to\s+",
    rf"(?:is|was)\s+{AGENT}\s+not\s+(?:supposed|meant)\s+to\s+",
    rf"{AGENT}(?:'s|\s+is|\s+was)\s+(?:supposed|meant)\s+to\s+",
    rf"shouldn'?t\s+{AGENT}\s+(?!have\b|'ve\b)",
    rf"(?:doesn'?t|didn'?t)\s+{AGENT}\s+know\s+to\s+",
    rf"(?:it'?s|it\s+is)\s+(?:on|up\s+to)\s+{AGENT}\s+to\s+",  # "It's on the assistant to log …"
    # why it does not do what it should, wondered at: "I genuinely don't understand why your desk
    # doesn't just confirm the mobility category …"; why a thing it sends can't: "Is there any
    # reason the confirmation text can't say which entrance to wait at?"
    rf"(?:i|we)\s+(?:\w+\s+)?(?:don'?t|do\s+not|can'?t|cannot)\s+(?:understand|see)\s+why\s+{AGENT}\s+"
    r"(?:doesn'?t|does\s+not|can'?t|cannot|won'?t|didn'?t)\s+",
    r"is\s+there\s+(?:any|a|some)\s+(?:good\s+)?reason\s+(?:why\s+)?(?:the\s+)?(?:[\w-]+\s+){0,3}?"
    r"(?:can'?t|cannot|doesn'?t|won'?t)\s+",
    # … or why no one does it: "is there a reason no one tells clients that the fees are separate??"
    rf"is\s+there\s+(?:any|a|some)\s+(?:good\s+)?reason\s+(?:why\s+)?(?:no\s*one|nobody|{AGENT}\s+never)\s+",
]
QUESTION = re.compile(
    rf"^(?:{'|'.join(QUESTIONS)})(?:(?:just|simply|ever|even|at\s+least)\s+)*(?P<act>[^?]+?)[\s?.!]*$", re.I
)
# Whom it might be worth having do the act: "… having the assistant mention …", "… the chat mentioning …"
WORTH_WHOM = rf"(?:having\s+{AGENT}\s+|{AGENT}\s+(?=[a-z]+ing\b))?"
FIX_NAMED = re.compile(
    r"^(?:(?:the|an?|my|our)\s+(?:fix|solution|answer|remedy|suggestion|request|ask)\s+"
    r"(?:is|would\s+be)\s*(?:simple|easy|obvious|this)?\s*[:,;-]?\s*"
    r"|(?:my|our)\s+suggestion\s*[:,;-]\s*"
    # what the writer would like most: "What I'd really like is for the assistant to send me …"
    r"|(?:all|what)\s+(?:i|we)(?:'d|\s+would)?\s+(?:really\s+|actually\s+|honestly\s+|most\s+)?"
    r"(?:want|ask|need|ask\s+for|like|love|prefer|appreciate)\s+is\s+(?:for\s+" + AGENT + r"\s+)?"
    r"|the\s+(?:easiest|simplest|best|obvious)\s+thing\s+(?:would\s+be|is)\s+"
    # what would have helped, named: "What would've helped was being told up front that …", "… is if
    # the chat asked whether …", "… is the assistant telling me to bring …"
    r"|what\s+(?:would|could|might)(?:'ve|\s+have)\s+(?:really\s+)?(?:helped|made\s+the\s+difference|saved\s+\w+)"
    r"\s*(?:is|was|:|,|—|–|-)\s*(?:if\s+)?(?:" + AGENT + r"\s+(?=[a-z]+(?:ed|ing)\b))?"
    # what might be worth having done: "Might be worth having the assistant mention that …", "It might
    # be worth the assistant mentioning …"
    # (an act with more to it than a verb and a particle: not "might be worth looking into")
    r"|(?:it\s+)?(?:might|may|would)\s+be\s+worth\s+" + WORTH_WHOM + r"(?=\S+\s+\S+\s+\S))"
    r"(?:to\s+)?(?P<act>.+?)[\s.!?]*$",
    re.I,
)
# A reproach: what the agent should have done, or should be doing.
SHOULD_HAVE = re.compile(
    rf"^(?:{AGENT}\s+(?:should|ought\s+to|could)|(?:shouldn'?t|couldn'?t)\s+{AGENT})\s+(?:have|'ve)\s+(?:(?:just|at\s+least|really)\s+)?"
    r"(?P<verb>[a-z]+)\b(?P<rest>[^?]*?)[\s.!?]*$",
    re.I,
)
# When it should have done it, told of the writer's case: "When I booked, the chat should have asked
# about access" asks it at any booking (the reproach is read without it).
OCCASION = re.compile(
    rf"^(?:when|as|before)\s+(?:i|we)\s+(?:first\s+)?[a-z]+ed\b[^,]{{0,30}},\s+(?={AGENT}\s+(?:should|ought|could)\s)",
    re.I,
)
# Another act it should have done, past, after the first: "… and told me if …" is "… and tell me if …".
AND_DONE = re.compile(
    r"\b(and|or|then)\s+([a-z]+)(?=\s+(?:me|us|them|him|her|it|the|a|an|if|whether|that|what|how)\b)"
)
# What would have spared the user: "if it had just told me up front that rooms hold 6, I wouldn't
# have brought 8 kids".
HAD_IT = re.compile(
    rf"^if\s+(?:only\s+)?{AGENT}\s+(?:had|'d)\s+(?:(?:just|only|simply)\s+)?(?P<verb>[a-z]+)\b(?P<rest>[^?]*?),?"
    r"\s+(?:i|we|they)\s+(?:wouldn'?t|would\s+not|would\s+never|'d\s+never|could|might|would|'d)\s+"
    r"(?:(?:at\s+least|easily|happily)\s+)?have\b.*$",
    re.I,
)
# What would have been courtesy enough, said as a thing given for every case: "…, but a short
# progress note every month on any job that runs long would be basic courtesy" (not "A refund
# would be nice": nothing in it says it holds beyond the writer's case).
# … or as what it would spare or help: "A simple compatibility note on each hive body would save
# everybody time".
GIVEN = re.compile(
    r"^(?P<act>(?:a|an|one)\s+[^,;]*?)\s+would\s+(?:(?:be|have\s+been)\s+(?:(?:basic|common|simple)\s+courtesy|"
    r"nice|good|great|helpful|appreciated|useful|handy|welcome)|(?:have\s+)?(?:saved|save|helped|help|"
    r"(?:gone|go)\s+a\s+long\s+way|(?:made|make)\s+(?:a|all\s+the)\s+difference))\b[^?]*$",
    re.I,
)
# The same thing given asked for as a chance: "Any chance of a text when the driver's about an
# hour away?", "How about a call the night before any delivery?"
CHANCE_OF = re.compile(
    r"^(?:any\s+chance\s+of|how\s+about|what\s+about)\s+(?P<act>(?:a|an|one)\s+[^?]+?)[\s?.!]*$", re.I
)
# What the writer would have expected to happen, after any remark on the case: "For a car of this
# value I would have expected the documents to travel in a sealed envelope" asks to arrange it;
# of whoever does the work ("I'd have expected someone to ring me"), it asks the act.
# (What follows "expected" is read once, `_expected`, in time linear in its length.)
EXPECTED = re.compile(
    r"^(?:[^,]{0,60}?,?\s+)?(?:i|we)(?:\s+would|'d)\s+(?:have\s+|'ve\s+)?(?:at\s+least\s+)?expected\s+", re.I
)
# What was not too much to ask, said as the doing of it: "Surely asking the ages of any children at
# booking, and explaining the bunk rules there and then, isn't too much?"
NOT_TOO_MUCH = re.compile(
    r"^(?:surely\s+|honestly\s+)?(?P<act>[a-z]+ing\b[^?]*?),?\s+(?:isn'?t|is\s+not|wouldn'?t\s+be|shouldn'?t\s+be|"
    r"can'?t\s+be)\s+(?:(?:too|that|so)\s+(?:much|hard|difficult)(?:\s+to\s+ask)?|asking\s+(?:too|that|so)\s+much|"
    r"a\s+big\s+ask|rocket\s+science)[\s?.!]*$",
    re.I,
)
# What the doing of it would spare, said as its subject: "Sending a simple layout for the customer to
# approve would save a lot of arguing", "Honestly, telling borrowers they can drop books at any
# branch would stop a lot of late fines".
WOULD_SPARE = re.compile(
    r"^(?:(?:honestly|frankly|really|surely|seriously|just)\s*,?\s+)?(?P<act>[a-z]+ing\b[^?]*?),?\s+(?:would|could|'d)"
    r"\s+(?:really\s+|honestly\s+|easily\s+)?(?:have\s+)?(?:sav|stopp?|spar|prevent|avoid|cut|reduc|solv|sort|fix|end"
    r"|halv)(?:e|ed|ped)?\b[^?]*$",
    re.I,
)
# What was not too much to ask, said as how a thing should be: "Is it too much to ask that the
# sample pack includes the actual ink colour we picked?" asks to make sure it does.
TOO_MUCH_THAT = re.compile(
    r"^is\s+it\s+(?:really\s+)?(?:too|so)\s+much\s+to\s+ask\s+that\s+(?P<act>(?:the|a|an|every|each|all|our|my)\s+[^?]+?)"
    r"[\s?.!]*$",
    re.I,
)
# What is said not to be too much to ask of the one addressed: "I honestly don't think it's too much
# to ask that you check the certificate has come through before …" asks to check it (its act is
# what follows, read once).
NOT_TOO_MUCH_OF_YOU = re.compile(
    r"^(?:(?:honestly|surely|but|and),?\s+)?(?:(?:i|we)\s+(?:honestly\s+|really\s+|genuinely\s+|just\s+)?"
    r"(?:don'?t|do\s+not)\s+think\s+(?:that\s+)?it(?:'s|\s+is|'d\s+be|\s+would\s+be)|it(?:'s|\s+is)\s+not"
    r"|it\s+isn'?t|it\s+wouldn'?t\s+be)\s+(?:really\s+)?(?:too|that|so)\s+much\s+to\s+ask\s+(?:that\s+)?"
    r"(?:you|u|the\s+(?:bot|assistant|staff|team|office))\s+(?=[a-z])",
    re.I,
)
# What the writer was never asked or told: "Why wasn't I asked for his height before the order was
# placed, when …?" asks to ask for it. What follows the verb is read once (`_never_asked`), in time
# linear in its length whatever a client writes.
WHY_NOT_ASKED = re.compile(
    r"^why\s+(?:wasn'?t|weren'?t|was\s+not|were\s+not)\s+(?:i|we|they|he|she)\s+(?:ever\s+|even\s+|just\s+)?"
    r"(?P<verb>asked|warned|offered|given|sent|shown|reminded|told|informed)\b",
    re.I,
)
TOLD_WHOM = grammar.words("tell inform warn remind")  # said to someone
WHY_THEN = re.compile(r",\s+(?:when|given|since)\b", re.I)  # "…, when you know …": the reason, no act
# A thing asked to be done to every case of a kind: "would it be possible for multi-school orders to be
# packed and labelled separately per child?" asks to arrange for it (read on as `WHY_NOT_ASKED` is), as
# does something asked of someone else ("… for the sweep to ring when he's half an hour away?").
POSSIBLE_FOR = re.compile(
    r"^(?:(?:in\s+future|going\s+forward|from\s+now\s+on),?\s+)?(?:is|would)\s+it\s+(?:be\s+)?(?:possible|(?:really\s+)?"
    r"(?:too|so)\s+much\s+to\s+ask)\s+for\s+"
    r"(?!(?:me|us|him|her|my|our)\b)",
    re.I,
)
TO_BE_DONE = re.compile(r"\S\s+to\s+be\s+[a-z]+\b", re.I)
# … or someone other than the agent asked to do it: "the sweep to ring when …", "the driver to call ahead"
SOMEONE_TO = re.compile(r"^(?:the|our|your|a|an)\s+(?:[a-z-]+\s+){0,2}?[a-z-]+\s+to\s+(?!be\b)[a-z]+\b", re.I)
GERUND_AFTER = re.compile(r"\b(and|or|then)\s+([a-z]+ing)\b", re.I)
FOR_EVERY_CASE = re.compile(r"\b(?:every|each|any|all|whenever|always|before|after|when)\b", re.I)
# What it should stop doing: "Agents shouldn't be promising return dates for rebuilds".
SHOULD_NOT_BE = re.compile(
    rf"^{AGENT}\s+(?:shouldn'?t|should\s+not|mustn'?t|must\s+not)\s+be\s+(?P<verb>[a-z]+ing)\b(?P<rest>[^?]*?)[\s.!]*$",
    re.I,
)
SHOULD_BE = re.compile(
    rf"^{AGENT}\s+(?:should|ought\s+to|needs\s+to)\s+be\s+(?P<verb>[a-z]+ing)\b(?P<rest>[^?]*?)[\s.!]*$", re.I
)


def rhetorical(sentence: str) -> str:
    """The act a rhetorical question, a named fix or a reproach asks for ('' when none)."""
    text = " ".join(sentence.replace("’", "'").split())
    if found := QUESTION.match(text) or FIX_NAMED.match(ASIDE.sub(" ", text)):
        act = _base_first(told_instead(found["act"]))
        avoid = NO_ACT | (USERS_OWN if IMPERSONAL.match(text) else frozenset())
    elif found := SHOULD_HAVE.match(OCCASION.sub("", text)) or SHOULD_BE.match(text) or HAD_IT.match(text):
        verb, rest = _base(found["verb"].lower()), later_acts_asked(found["rest"])
        act, avoid = (f"{verb}{rest}" if verb else ""), NO_ACT
    elif found := SHOULD_NOT_BE.match(text):
        verb = _base(found["verb"].lower())
        act, avoid = (f"don't {verb}{found['rest']}" if verb else ""), NO_ACT
    elif found := TOO_MUCH_THAT.match(text):
        act, avoid = f"make sure {found['act']}", NO_ACT
    elif found := NOT_TOO_MUCH_OF_YOU.match(text):
        act, avoid = _question_rest(text[found.end() :]), NO_ACT
    elif asked := _never_asked(text):
        act, avoid = asked, NO_ACT
    elif (found := POSSIBLE_FOR.match(text)) and (
        TO_BE_DONE.search(done := _question_rest(text[found.end() :])) or SOMEONE_TO.match(done)
    ):
        act, avoid = f"arrange for {done}", NO_ACT  # "… for the sweep to ring when he's half an hour away?"
    elif found := NOT_TOO_MUCH.match(text) or WOULD_SPARE.match(text):
        act = _base_first(told_instead(found["act"]))
        act = GERUND_AFTER.sub(lambda m: f"{m[1]} {_base(m[2].lower()) or m[2]}", act)
        avoid = NO_ACT | USERS_OWN
    elif expected := _expected(text):
        who, done = expected
        act, avoid = (done if re.fullmatch(AGENT, who, re.I) else f"arrange for {who} to {done}"), NO_ACT
    elif (
        found := GIVEN.match(text.rpartition(" but ")[2]) or CHANCE_OF.match(text)
    ) and FOR_EVERY_CASE.search(found["act"]):
        act, avoid = f"give {found['act'][:1].lower()}{found['act'][1:]}", NO_ACT
    else:
        return ""
    return "" if not act or grammar._word(act.split()[0]) in avoid else act


# An aside, no part of the act: between two dashes ("Might be worth — if it's not too much bother —
# …") or a hedge between commas ("It might be worth, perhaps, having it ask …").
ASIDE = re.compile(
    "\\s[—–\ue000-]\\s[^—–\ue000]*?\\s[—–\ue000-]\\s|,\\s*(?:perhaps|maybe|possibly|honestly|frankly)\\s*,\\s",
    re.I,
)
# What the writer would have had done to them: "being told up front that …" asks "tell the user …".
DONE_TO_THEM = re.compile(r"^(?:being|getting)\s+(?P<verb>told|warned|reminded|informed|asked)\b", re.I)


def told_instead(act: str) -> str:
    """What was to be done to the writer, said as the act: "being told up front that …" → "tell
    the user up front that …"; any other act as it is."""
    found = DONE_TO_THEM.match(act)
    return f"{_base(found['verb'].lower())} the user{act[found.end() :]}" if found else act


def later_acts_asked(text: str) -> str:
    """The text with each act after its first said as asked: "… and told me if …" as "… and tell
    me if …", "… and explaining the rules" as "… and explain the rules" (`AND_DONE`); any other
    word as it is."""

    def asked(found: re.Match) -> str:
        verb = found[2].lower()
        done = grammar.past(verb) or verb.endswith("ing")
        return f"{found[1]} {_base(verb)}" if done and _base(verb) else found.group()

    return AND_DONE.sub(asked, text)


def _expected(text: str) -> tuple[str, str] | None:
    """Who the writer expected to do what ("the documents", "travel in a sealed envelope"), read
    after `EXPECTED` up to its first "to"; None when it is no such wish or a question."""
    found = EXPECTED.match(text)
    rest = text[found.end() :] if found else ""
    who, to, done = rest.partition(" to ")
    done = done.rstrip(" .!")
    if not to or not who.strip() or any(mark in who for mark in ",;?") or "?" in done:
        return None
    return (who.strip(), done) if re.match(r"[a-z]+\b", done, re.I) else None


def _question_rest(after: str) -> str:
    """What a question goes on to ask after its opening, its closing marks off; '' when a question
    mark stands inside it (a second question)."""
    rest = after.rstrip(" ?.!")
    return "" if "?" in rest else rest


def _never_asked(text: str) -> str:
    """The act "Why wasn't I asked …?" asks for, without the reason after it ('' when none)."""
    found = WHY_NOT_ASKED.match(text)
    verb = _base(found["verb"].lower()) if found else ""
    verb += " the user" if verb in TOLD_WHOM else ""  # "Why wasn't I told that …?": "Tell the user that …"
    after = text[found.end() :].rstrip(" ?.!") if verb else "?"
    if "?" in after:
        return ""
    cut = WHY_THEN.search(after)
    return f"{verb}{after[: cut.start()] if cut else after}"


def _base_first(act: str) -> str:
    """The act with its first word in the base form when it is a verb inflected ("confirms the
    booking" → "confirm the booking"); as it is otherwise (whether it instructs, "text the
    grower", is the caller's to read)."""
    words = act.split()
    often = 1 if len(words) > 1 and grammar._word(words[0]) in OFTEN else 0  # "… only quoted …"
    base = _base(grammar._word(words[often])) if words else ""
    return " ".join([*words[:often], base, *words[often + 1 :]]) if base else act


# How often or how far an act is asked, before its verb: "the assistant only quoted framing"
OFTEN = grammar.words("always only never also just first")


def _base(word: str) -> str:
    """The base form of an inflected verb ("asked", "checking", "confirms"); '' for no verb."""
    lemma = getLemma(word, upos="VERB")
    found = lemma[0] if lemma else ""
    return found if found and found != word and grammar.base_verb(found) else ""
