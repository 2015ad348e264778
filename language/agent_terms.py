"""A request in the agent's terms (pure): what a line proposed from someone's words says.

What a person wrote is not yet a directive. "Nice summary, but next time put the totals first"
carries praise; "Could you please text me when the driver is close" a politeness frame and the
speaker. The line agents are given is the instruction alone, addressed to the agent, with the
speaker named as "the user": "Put the totals first.", "Text the user when the driver is close."
A condition before the instruction stays ("When a refund fails, page the on-call."); "we" and
"our" (the organisation) stay as written.

A request that asks nothing of the work beyond the speaker ("Stop pestering me.", "Just fix
it.") gives agents nothing to do differently for anyone: it has no line, and neither has a
sentence that, once its frame is gone, is no instruction at all (a description of a failure,
"Rebooted my laptop mid-call with no warning.").
"""

import functools
import re

from lemminflect import getInflection, getLemma

from language import grammar, noun_rules
from language.agent_lines import noun_phrase
from language.noun_phrases import limit
from language.remedy_reading import is_remedy, signed
from language.request_forms import (
    CONTINUING,
    JOINING,
    NAMED_BOT,
    WORLD_QUESTION,
    addressed,
    asks_information,
    embedded_ask,
    instructs,
    opens_a_condition,
    request,
    routed,
    shielded,
    stance_rule,
    unshielded,
    work_rule,
)
from language.sentences import NOT_AFTER, sentences
from language.spelling import plain_spelling
from language.words import content, normalised

# Where an instruction starts after praise, a story or an aside: "…, but next time …", "… so …", after
# a dash that closes an aside too ("… — the pilots check the forecast — so would it kill you to …").
TURN = re.compile(
    r"(?:[.!?;]" + NOT_AFTER + r"\s+|…\s*|\s[—–]\s|[,—–\ue000\ue001\ue002-]\s*"
    r"(?:but|so|however|though|although|anyway|that said)\b[,]?\s*"
    r"|\s(?:but|however|though|anyway|that said)\b[,]?\s+|[.!?]\s*(?:so|but)\b[,]?\s+)",
    re.I,
)
# What "so" says an ask is for ("…, so we're not all going round in circles", "…, so I know who to
# ask"): no instruction of its own, unlike "…, so you need to …". The match ends where what it is
# for begins.
PURPOSE = re.compile(
    r",\s*so\s+(?=(?:that\s+)?(?:i|we|they|he|she|people|customers|clients|everyone|everybody|nobody|no\s+one)\b"
    r"(?!\s+(?:need|needs|have\s+to|has\s+to|must|should)\b))",
    re.I,
)
# A comma clause before an instruction that is a condition of it ("When a refund fails, …").
CONDITION = re.compile(
    r"^(?:when|whenever|if|unless|once|before|after|until|while|as soon as|for|on|in|during|"
    r"every|each|any time|anytime)\b",
    re.I,
)
FRAME = re.compile(
    # "No," answers; "No refunds after 30 days" forbids: only the first is a frame
    r"^(?:(?:no|nope)\s*[,:;!.]\s*|(?:nope|actually|also|and|so|just|well|ok|okay|hey|hi|again|then|honestly|seriously|surely|"
    r"next time|in future|in the future|from now on|going forward|moving forward|in general|"
    r"please|pls|plz|kindly)\b[,:;!]?\s*"
    r"|(?:can|could|would|will)\s+(?:you|u)\s+(?:please\s+|pls\s+|kindly\s+)?"
    r"|(?:i|we)\s+(?:really\s+)?(?:need|want|would like|'d like|d like)\s+(?:you|u)\s+to\s+"
    r"|i'd\s+like\s+(?:you|u)\s+to\s+|i'd\s+prefer\s+(?:if\s+)?(?:you\s+)?"
    r"|it\s+would\s+be\s+(?:much\s+|a lot\s+|far\s+)?(?:wiser|better|nicer|nice|great|good|helpful|"
    r"smarter|best)\s+(?:to|if\s+(?:you|u)(?:\s+would|\s+could)?)\s+"
    r"|(?:you|u)\s+(?:really\s+)?(?:should|must|need\s+to|have\s+to|ought\s+to|gotta|had\s+better)\s+"
    r"|be\s+sure\s+to\s+|let'?s\s+)+",
    re.I,
)
TRAILER = re.compile(r"(?:[,\s]+(?:please|pls|plz|thanks|thank you|thx|ok|okay|ty))+[.!?]*$", re.I)
SPEAKER_FORMS = {
    "i'm": "the user is",
    "im": "the user is",
    "i've": "the user has",
    "i'd": "the user would",
    "i'll": "the user will",
    "me": "the user",
    "my": "the user's",
    "mine": "the user's",
    "myself": "the user",
}
I_VERB = {"am": "is", "was": "was", "have": "has", "do": "does", "don't": "doesn't", "can": "can"}
NEGATION = re.compile(r"^(?:don'?t|do not|never|no longer|stop|avoid|quit|refrain from)\s+", re.I)
PERSON_WORDS = frozenset({"user", "user'"})
MAX_CHARS = 600  # a line is at most 300 characters; a longer sentence is no line


# "But" after none or all says who is excepted, it opens no clause: "no one but our lads alters the
# scaffold", "nothing but the tape".
NONE_BUT = re.compile(
    r"\b(no\s*one|no-one|nobody|nothing|none|anyone|anybody|all|everyone|everybody)\s+but\b", re.I
)


def for_agent(sentence: str) -> str:
    """The line agents would be given for `sentence` ('' when it gives them nothing to do)."""
    if len(sentence) > MAX_CHARS or not sentence.strip():  # a document: read no further (nor kept in
        return ""  # the cache below); nothing said: no line
    # what the agent, named inside it, could or should do, when the sentence read whole gives no line
    if line := _line_for(sentence):
        return line
    act = embedded_ask(sentence)
    return _line_for(act) if act and act != sentence else ""


@functools.lru_cache(maxsize=4096)  # pure: a sentence read to ask it is read again for its line
def _line_for(sentence: str) -> str:
    if signed(sentence):  # who wrote it: read no further
        return ""
    said = " ".join(plain_spelling(sentence.replace("’", "'")).split()).strip(" -*")
    said = NONE_BUT.sub(r"\1 except", said)  # "no one but our lads alters …": no clause after "but"
    joined = JOINING.sub("", said, count=1)  # not before a fragment: "But only for the front door"
    said = joined if joined != said and not _fragment(joined) else said
    text = addressed(shielded(said))
    # "two things: …", "hey all, quick one - …", "quick one from accounts — …": announced, asking nothing
    piece = grammar.ANNOUNCED.sub("", _instruction(grammar.ANNOUNCED.sub("", text)))
    if asks_information(piece):
        return ""  # "Could you tell me why it failed?"
    asked = request(piece) or piece
    # past its frame, a request of the agent in the third person is said to it ("Going forward it
    # should never give a timeline" → "Never give a timeline")
    line = speaker_as_user(asked if noun_rules.rule(asked) else addressed(_unframed(asked)))
    line = TRAILER.sub("", line).strip(" ,;:").rstrip(" .!?")
    if not line or _continues(line):
        return ""
    line = _agent_as_you(unshielded(line[0].upper() + line[1:] + ".", "—–-"))  # (a list in brackets
    if noun_rules.rule(line) or limit(line):  # stays shielded while the line is read)
        return unshielded(line)  # "Nothing before 8.", "One reminder.", "Two follow-ups per lead."
    if stance_rule(piece) and not is_remedy(line):  # "all quotes … go out inc VAT please": the house's rule
        return unshielded(
            f"Our policy is that {line if line[1:2].isupper() else line[:1].lower() + line[1:]}"
        )
    rule = work_rule(line) or routed(line)  # "Private hire enquiries go to Marta.": no description
    if _reports(line) or not is_remedy(line) or (noun_phrase(line) and not rule) or not _asks_something(line):
        return ""
    return unshielded(line)


# The agent named inside an instruction to it: "Redact personal data before the assistant shares
# them" is said to it as "… before you share them", "… in the bot's reply" as "… in your reply".
# (The agent itself only: "on the system" is where something is, not whom it is said to.)
AGENT_NAMED = re.compile(
    r"\b(?:the|your|this|our)\s+(?:(?:booking|chat|online|website|web)\s+)?(?:bot|chatbot|assistant|ai)\b"
    r"(?P<own>'s)?(?:\s+(?P<next>[a-z']+))?",
    re.I,
)
AGREEING = {"is": "are", "was": "were", "has": "have", "does": "do", "doesn't": "don't", "isn't": "aren't"}
# The agent had do something: "Don't let the bot book under-7s" says "Don't book under-7s".
HAVING_DO = re.compile(rf"\b(?:let|make|have|get)\s+{NAMED_BOT}\s+(?:to\s+)?(?=[a-z])", re.I)


def _agent_as_you(line: str) -> str:
    """An instruction that names the agent inside it, said naming it as "you" (see `AGENT_NAMED`);
    any other line as it is."""
    opened = re.sub(r"^(?:(?:always|only|just|please|also|first|then)\s+)+", "", line, flags=re.I)
    instruction = grammar.PROHIBITION.match(line) or grammar.imperative(opened)
    if not instruction or AGENT_NAMED.match(line):
        return line
    line = HAVING_DO.sub("", line)
    colon = line.find(":")
    named = AGENT_NAMED.search(line)
    if named and any(grammar.past(w) for w in grammar.tokens_of(line[: named.start()])):
        return line  # what happened, told first: "Last month I booked her via the assistant, and …"

    def said(found: re.Match) -> str:
        if found.start() < colon:
            return found[0]  # named in a lead-in: "Note for whoever looks after the assistant: …"
        following = found["next"] or ""
        if found["own"]:
            return f"your {following}".rstrip()
        verb = AGREEING.get(following.lower())
        if not verb and following.endswith("s") and not following.endswith("ss"):
            lemma = getLemma(following.lower(), upos="VERB")
            verb = lemma[0] if lemma and lemma[0] != following.lower() else ""
            verb = verb if "VERB" in grammar._lemmas(following) else ""
        return f"you {verb or following}".rstrip()

    return AGENT_NAMED.sub(said, line)


DID_NOT = grammar.words("didn't didnt wasn't wasnt weren't werent hadn't hadnt couldn't couldnt")


def _reports(line: str) -> bool:
    """Whether the line opens with a verb in the past ("Rebooted the laptop mid-call", "Didn't
    send it"): it tells what happened, it asks nothing (a base form that is also a past, "Put",
    "Set", asks)."""
    first = grammar._word(line.split()[0]) if line.split() else ""
    if first in DID_NOT:
        return True  # "Didn't send the draft to the hen party — …": the speaker's report, its "I" left out
    if not first or grammar.base_verb(first) or work_rule(line) or routed(line):
        return False  # "Damaged returns must be logged …", "Signed forms go to …": a participle's kind
    lemma = getLemma(first, upos="VERB")  # with its rules for words the lexicon lacks ("rebooted")
    return grammar.past(first) or (first.endswith("ed") and bool(lemma) and lemma[0] != first)


def written_for_agent(line: str) -> bool:
    """Whether each sentence of the line is written as `for_agent` writes it for the agent (reading
    it again changes nothing but what it says the ask is for: "…, so we're not all going round in
    circles" may be kept or not), or is a stated limit: "8pm, guests arriving, stone cold." read
    again is "Stone cold.", no line."""
    return all(limit(part) or _in_agent_terms(part) for part in sentences(line) or [line])


def _in_agent_terms(part: str) -> bool:
    return normalised(without_purpose(for_agent(part))) == normalised(without_purpose(part))


def without_purpose(text: str) -> str:
    """The text without what its last "…, so we …" says the ask is for (`PURPOSE`)."""
    found = list(PURPOSE.finditer(text))
    return text[: found[-1].start()].rstrip(" ,") if found else text


def instruction_in(sentence: str) -> str:
    """The part of the sentence that instructs, as `for_agent` finds it (the speaker's words kept)."""
    return unshielded(
        _instruction(addressed(shielded(" ".join(sentence.replace("’", "'").split()).strip(" -*"))))
    )


@functools.lru_cache(maxsize=4096)  # pure: read for a sentence's line and for where it instructs
def _instruction(text: str) -> str:
    """The part of the sentence that instructs: after the last turn ("but", "so", a sentence
    break) that leads to an instruction, and without an aside before it that is no condition.
    An instruction that points back at what was said before it ("… can be moved once with 48hrs
    notice, pls say both bits when ppl ask") keeps it."""
    whole = text
    pieces = [p for p in TURN.split(text) if p and p.strip()]
    purposes = {text[m.end() :] for m in PURPOSE.finditer(text)}  # what each says the ask is for
    for piece in reversed(pieces):
        if piece is not pieces[0] and any(said.startswith(piece.strip()) for said in purposes):
            continue  # what the ask is for
        if (
            (piece is pieces[0] or not _fragment(piece))
            and not WORLD_QUESTION.match(piece.strip())
            and _instructs(piece)
        ):
            text = text if opens_a_condition(pieces[0]) else piece  # "Anyone asking … — send them to …"
            break
    head, comma, rest = text.partition(", ")
    if (
        comma
        and head.count("(") == head.count(")")  # not inside an aside: "enquiries (restaurants, …)"
        and not LISTED_ON.match(rest)  # "…, card or bank transfer": a list, not an imperative
        and not rest[:1].isdigit()  # "… is Cat 1, 24-hour make-safe": a measure, not an imperative
        and not CONDITION.match(head)
        and not _instructs(head)
        and not _fragment(rest)
        and _instructs(rest)
    ):
        text = rest  # "Nice work, put the totals first" → "put the totals first"
    return whole if _points_back(text) else text


LISTED_ON = re.compile(r"^[\w'-]+\s+(?:or|and|&|/)\s", re.I)
POINTING_BACK = grammar.words("both that this these those so")


def _points_back(instruction: str) -> bool:
    """Whether the instruction's verb takes what was said before it as its object ("say both
    bits", "mention that", "say so up front")."""
    words = [w for w in (grammar._word(t) for t in _unframed(instruction).split()) if w]
    return len(words) >= 2 and grammar.base_verb(words[0]) and words[1] in POINTING_BACK


def _continues(piece: str) -> bool:
    """Whether a piece of a sentence goes on from what came before it ("not trickle in later",
    "and late, as usual", "or on their phones"): never an instruction on its own."""
    first = grammar._word(piece.split()[0]) if piece.split() else ""
    return first in CONTINUING


def _fragment(piece: str) -> bool:
    """Whether a piece split off a sentence only goes on from what came before it: it is joined
    on ("not …", "and …"), or goes on in lowercase with an adverb or a noun phrase and does not
    instruct by its grammar ("… still no hot water", "… the lounge was full"), whatever the
    weights would make of it."""
    piece = piece.strip()
    if _continues(piece):
        return True
    first = grammar._word(grammar.lead_in_off(piece).split()[0]) if piece.split() else ""
    goes_on = first in grammar.ADVERBS or first in grammar.DETERMINERS or first.isdigit()
    return piece[:1].islower() and goes_on and not instructs(_unframed(piece))


def _instructs(piece: str) -> bool:
    return is_remedy(_unframed(piece).strip(" .!?") or piece)


def _unframed(text: str) -> str:
    text = text.strip(" ,;:")
    while True:
        stripped = FRAME.sub("", text, count=1).lstrip(" ,;:")
        if stripped == text or not stripped:
            return text.rstrip("?") if text.endswith("?") else text
        text = stripped


def speaker_as_user(text: str) -> str:
    """The text with its speaker named as the user ("talk to me like an adult" → "talk to the user
    like an adult", "my instructor" → "the user's instructor")."""
    tokens = text.split(" ")
    out = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        bare = token.lower().strip('.,;:!?"()')
        tail = token[len(token.rstrip('.,;:!?")')) :]
        if bare in SPEAKER_FORMS:
            out.append(SPEAKER_FORMS[bare] + tail)
        elif bare == "i" and i + 1 < len(tokens):
            following = tokens[i + 1].lower().strip(".,;:!?")
            after = tokens[i + 1][len(tokens[i + 1].rstrip(".,;:!?")) :]  # "I sign," keeps its comma
            verb = I_VERB.get(following) or _third_person(following)
            out += ["the user", verb + after if verb else tokens[i + 1]]
            i += 1
        elif bare == "i":
            out.append("the user" + tail)
        else:
            out.append(token)
        i += 1
    return " ".join(out)


def _third_person(word: str) -> str:
    if word in grammar.AUXILIARIES or not grammar.base_verb(word):
        return ""
    form = getInflection(word, "VBZ")
    return form[0] if form else ""


def _asks_something(line: str) -> bool:
    """Whether the instruction names anything beyond its verb and the speaker: "Text the user
    when the driver is close" does, "Stop pestering the user" does not; of two instructions joined
    by "and", either may ("Text the user, and only ring if the gate changes"). A condition said
    first is not the instruction ("Before each shipment, send the user the packing list" asks
    for the list); what follows a condition's comma and does not instruct is not the instruction
    ("Before it offers any extension it needs to check the job status first, every time")."""
    head, comma, rest = line.strip().rstrip(".").partition(", ")
    said = rest if comma and rest and CONDITION.match(head) and _instructs(rest) else head + comma + rest
    joined = re.split(r",?\s+and\s+(?:then\s+)?|,\s+then\s+", said)
    return any(_names_something(NEGATION.sub("", clause)) for clause in joined)


# Where a clause ends: a comma, a dash, a reason ("say so", "do so": what "so" stands for is named,
# often by the condition before it)
CLAUSE_END = re.compile(r"[,;:(]| - | (?:because|since|as|(?<!\b[Ss]ay )(?<!\b[Dd]o )so|cause|cuz)\s")


def _names_something(text: str) -> bool:
    clause = CLAUSE_END.split(text, maxsplit=1)[0]
    words = [w for w in content(clause).split() if len(w) > 1]
    if not words:
        return False
    verb = getLemma(words[0], upos="VERB")
    rest = [w for w in words[1:] if w not in PERSON_WORDS and w != (verb[0] if verb else words[0])]
    return bool(rest)
