"""Rules said as a noun phrase (pure): a way of working asked for without a verb.

People ask for a way of working without telling the agent to do anything: "Nothing before 8,
please.", "Texts only, please.", "One reminder is plenty.", "Plain language please: what happens
next and when." The request is the noun phrase itself; the line agents are given keeps it as a
rule, without the word that made it a request: "Nothing before 8.", "Texts only.", "One
reminder.", "Plain language: what happens next and when." A thing wished for with what the work
sends ("I'd have liked a what-to-wear note with the booking confirmation") is to be included in it.

A noun phrase alone also describes what went wrong ("Wrong company name in the first line.", "No
reply for three days.", "Five flight options and none of them direct."), so it is a rule only
when it carries a rule's mark:

- a quantity of the thing and nothing more: "One reminder.", "A single checklist for the first
  week." (a quantity said to be enough: "One X is plenty", "… will do");
- nothing of it at a time of day or in a recurring period: "Nothing before 8.", "No calls after
  6.", "No calls on weekends." (a duration, "for three days", tells how long a wait was);
- one kind and no other: "Texts only.", "Only printed letters.";
- what it is to hold, said after a colon as a question word: "Plain language: what happens next
  and when.";
- one kind of thing before another: "Bird check, then booking.", "Deposit first, then the
  fitting." (a count or nothing after it, "Two hours, then nothing.", tells what happened).

A phrase that judges the thing ("wrong", "missing", "another"), names one moment ("again",
"yesterday", "this morning"), the speaker or the agent in the third person, has a verb with a
tense or joins a second statement ("… and none of them direct") is no rule whatever its mark.
"Straight answers." carries none: once its "please" is gone it reads as well as a description
("Rude staff."), and is no line.
"""

import re

from language import grammar

QUANTITY = r"(?:one|a single|two|three|four|five|six|seven|eight|nine|ten|\d+|a couple of)"
QUANTITY_WORDS = grammar.words("one two three four five six seven eight nine ten single couple")
# Words that turn a noun phrase into a request: "…, please", "…, ideally", "…, from now on".
STANCE = (
    r"(?:please|pls|plz|preferably|ideally|if possible|where possible|if you can|for preference|"
    r"from now on|going forward|in future|in the future|next time|thanks|thank you)"
)
TRAILING_STANCE = re.compile(rf"(?<=[\s,;—–-]){STANCE}[\s,.!]*(?P<rest>:.*)?$", re.I)
SETTING_APART = " \t\n\r\f\v,;—–-"  # what sets a word of stance apart from the phrase before it
LEADING_STANCE = re.compile(rf"^{STANCE}[\s,:;—–-]+(?P<phrase>.+)$", re.I)
# "One reminder is plenty.", "Two questions would do.", "A single check's enough, honestly."
ENOUGH = re.compile(
    rf"^(?:just\s+|only\s+)?(?P<what>(?:{QUANTITY}|an?)\s+[^,;:]+?)"
    r"(?:(?:'s|\s+is|\s+are|\s+would be|\s+will be|'d be|'ll be|\s+should be)\s+"
    r"(?:more than\s+|quite\s+|really\s+|honestly\s+)?(?:plenty|enough|sufficient|ample|fine|"
    r"all (?:i|we|anyone|people|most people) need)"
    r"|\s+(?:will|would|should)\s+(?:do|suffice|be plenty|be enough)|'d do|'ll do|\s+does it|\s+suffices)"
    r"[\s,]*(?:honestly|really|thanks|thank you|tops|trust me|seriously|please)?[\s.!]*$",
    re.I,
)
NONE_WORDS = grammar.words("no nothing none")
TIME_PREPOSITIONS = grammar.words("before after past outside during on at until till over")
TIME_WORDS = grammar.words(
    "noon midnight midday dinner lunch breakfast bedtime dark weekends weekend evenings nights "
    "mornings holidays sundays saturdays mondays tuesdays wednesdays thursdays fridays hours"
)
UNITS = re.compile(r"^(?:second|minute|min|hour|hr|day|week|month|year)s?$")
CLOCK = re.compile(r"^\d{1,2}(?:[:.]\d\d)?(?:am|pm)?$|^\d{1,2}(?:am|pm)$")
ONE_MOMENT = grammar.words(
    "again still yet today tonight yesterday tomorrow already now ago last lately recently"
)
SPEAKER = grammar.words("i i'm i've i'd i'll me my mine myself")
QUESTION_WORDS = grammar.words("what when how who where which why whether")
ONE_THING = grammar.words("the this that these those your his her their its our")
AGENT = grammar.words("bot chatbot assistant ai")
SENT = grammar.words("to from by")
SECOND_STATEMENT = grammar.words("none no nothing not neither nobody it they them all every")


def _words(text: str) -> list[str]:
    return [w for w in (grammar._word(t) for t in text.split()) if w]


def rule(line: str) -> bool:
    """Whether a line is a rule said as a noun phrase with a rule's mark (see the module's
    docstring)."""
    text = line.strip().lstrip("-* ").replace("’", "'").rstrip(" .!")
    head, colon, held = text.partition(":")
    words, held_words = _words(head), _words(held)
    if not words or len(words) + len(held_words) > 16 or not _plain(words + held_words):
        return False
    if colon:
        return _noun_phrase(words) and bool(held_words) and held_words[0] in QUESTION_WORDS
    if _in_order(text):
        return True
    if not _untensed(words):
        return False
    return _quantity(words) or _none_at(words) or _only(words)


def count_alone(text: str) -> bool:
    """Whether a sentence is a count of a thing and nothing more ("Three visits."): as a line
    for the agents a rule, but said in feedback as likely what happened as what is wanted, so no
    request there until it is said to be enough ("One visit is plenty.") or asked for ("One
    visit, please.")."""
    words = _words(text.strip().rstrip(" .!…"))
    return bool(words) and ":" not in text and _untensed(words) and _plain(words) and _quantity(words)


def _plain(words: list[str]) -> bool:
    """No judged thing, no moment, no speaker, no agent named, no second statement joined on."""
    for i, word in enumerate(words):
        following = words[i + 1] if i + 1 < len(words) else ""
        if word in ONE_MOMENT or word in SPEAKER or word in AGENT or word == "but":
            return False
        if word in grammar.JUDGING and word != "no":
            return False
        if word == "and" and following in SECOND_STATEMENT | QUANTITY_WORDS:
            return False
        if grammar.past(word) and "NOUN" not in grammar._lemmas(following):
            return False  # "… and nobody answered": what happened
    return True


def _untensed(words: list[str]) -> bool:
    """No verb with a tense: an auxiliary, or a verb in the third person ("arrives")."""
    return not any(w in grammar.AUXILIARIES or "'" in w and w != "o'clock" for w in words)


def _noun_phrase(words: list[str]) -> bool:
    """A short phrase naming a kind of thing ("Plain language"), not one thing ("The receipt")."""
    if not 1 <= len(words) <= 5 or words[0] in ONE_THING or words[0] in grammar.PRONOUNS:
        return False
    return _untensed(words) and not grammar.imperative(" ".join(words)) and _names_a_thing(words)


def _names_a_thing(words: list[str]) -> bool:
    return any("NOUN" in grammar._lemmas(w) or not grammar._lemmas(w) for w in words)


def _quantity(words: list[str]) -> bool:
    """A quantity, then the thing counted, and no second number: "One check at the door"; not a
    count of what was sent somewhere or had something done to it ("Two follow-ups to a
    customer", "Three failed deploys")."""
    rest = words[2:] if words[:2] in (["a", "single"], ["a", "couple"]) else words[1:]
    if not (re.fullmatch(QUANTITY, words[0]) or words[:2] in (["a", "single"], ["a", "couple"])):
        return False
    if rest[:1] == ["of"]:
        rest = rest[1:]
    if not rest or rest[0] in grammar.PREPOSITIONS or rest[0] in grammar.DETERMINERS:
        return False
    if any(w.isdigit() or w in QUANTITY_WORDS or w in SENT or grammar.past(w) for w in rest):
        return False  # "Two citations to a repealed statute": what was sent, and to what
    return _names_a_thing(rest[:3])


def _none_at(words: list[str]) -> bool:
    """Nothing of it at a time of day or in a recurring period: "No calls after 6"."""
    if words[0] not in NONE_WORDS:
        return False
    for i, word in enumerate(words[1:6], start=1):
        if word in TIME_PREPOSITIONS:
            when = [w for w in words[i + 1 : i + 4] if w != "the"]
            if when and (_clock(when) or when[0] in TIME_WORDS or when[-1] in TIME_WORDS):
                return True
    return False


def _clock(when: list[str]) -> bool:
    """A time of day ("8", "6pm", "8:30", "7 am"), not an amount of time ("3 days")."""
    if not CLOCK.match(when[0]):
        return False
    return len(when) == 1 or not UNITS.match(when[1])


# One thing before another: "Bird check, then booking", "Consent first, then the chair".
ORDER = re.compile(r"^(?P<first>[^,;:]+?)(?: first)?,? then (?:the |a |an )?(?P<then>[^,;:]+)$", re.I)


def _in_order(text: str) -> bool:
    """One kind of thing, then another, each a short phrase naming a kind (no count, no "no", no
    verb in the past: "Waited an hour, then left" tells what happened)."""
    found = ORDER.match(" ".join(text.split()))  # one space between words: read in linear time
    if not found:
        return False
    parts = [_words(found["first"]), _words(found["then"])]
    return all(
        len(part) <= 4
        and _noun_phrase(part)
        and not set(part) & (QUANTITY_WORDS | NONE_WORDS)
        and not any(grammar.past(w) for w in part)
        for part in parts
    )


def in_order(sentence: str) -> str:
    """The order of work a sentence asks for ("Bird check, then booking." → "Bird check, then
    booking"); '' when it is none."""
    text = sentence.strip().replace("’", "'").rstrip(" .!")
    return text if _in_order(text) and rule(text) else ""


def _only(words: list[str]) -> bool:
    """One kind and no other: "Texts only", "Only printed letters"."""
    if words[-1] == "only" and len(words) >= 2:
        return _names_a_thing(words[:-1]) and words[0] not in ONE_THING
    return words[0] == "only" and len(words) >= 2 and _names_a_thing(words[1:])


def trailing_stance(text: str) -> tuple[str, str]:
    """The phrase before a closing word of stance ("Nothing before 8, please" → "Nothing before
    8") and what follows it after a colon; ("", "") when there is none. Read in time linear in
    the text's length, whatever runs of spaces or commas it holds."""
    found = TRAILING_STANCE.search(text)
    phrase = text[: found.start()].rstrip(SETTING_APART) if found else ""
    if not phrase or ":" in phrase:
        return "", ""
    return phrase, found["rest"] or ""


def please_phrase(sentence: str) -> str:
    """The rule a noun phrase with "please" or a word of stance asks for ("Nothing before 8,
    please." → "Nothing before 8"); '' when the sentence is none, or names no rule."""
    text = sentence.strip().replace("’", "'").rstrip(" .!")
    phrase, rest = trailing_stance(text)
    phrase += rest
    if not phrase and (leading := LEADING_STANCE.match(text)):
        phrase = leading["phrase"]
    phrase = phrase.strip(" ,;—–-")
    return phrase if phrase and rule(phrase) else ""


def enough(sentence: str) -> str:
    """The rule a quantity said to be enough asks for ("One reminder is plenty." → "One
    reminder"; "A text will do." → "One text"); '' when the sentence is none."""
    found = ENOUGH.match(sentence.strip().replace("’", "'"))
    if not found:
        return ""
    what = re.sub(r"^an?\s+(?!single\b|couple\b)", "one ", found["what"].strip(), flags=re.I)
    what = what[0].upper() + what[1:]
    return what if rule(what) else ""


# A thing the speaker would have liked with each of what the work sends: "Honestly I'd have liked a
# proper what-to-wear note with the booking confirmation, boots and layers and so on".
WISHED_THING = re.compile(
    r"^(?:(?:honestly|really|personally|ideally),?\s+)?(?:i|we)(?:'d|\s+would)\s+(?:really\s+)?(?:have\s+)?"
    r"(?:liked|like|loved|love|appreciated|appreciate|preferred|prefer)\s+"
    r"(?P<thing>(?:a|an|some)\s+(?:[\w'-]+\s+){0,6}?(?:with|in|on|alongside|attached\s+to)\s+"
    r"(?:the|every|each|all|your|any)\s+[^,;.!?]+)(?P<rest>,[^.!?]*)?[\s.!]*$",
    re.I,
)


# A thing named with where it goes in every case of the work, or when: "the Wednesday half-day closing
# at 1pm, in every answer about when we're open", "a clear line on the inflatables rule whenever
# someone asks about bringing toys": what goes into every one of what the work sends, or a thing
# said (`SAID_THINGS`) whenever something happens.
WHAT_IS_SENT = (
    r"(?:answers?|repl(?:y|ies)|responses?|messages?|confirmations?|quotes?|e-?mails?|texts?|letters?|invoices?"
    r"|receipts?|reminders?)"
)
SAID_THINGS = grammar.words(
    "line note word mention reminder warning explanation answer link summary list map number breakdown "
    "message text call email heads-up pointer"
)
PLACED_THING = re.compile(
    r"^(?P<thing>(?:a|an|the|some)\s+[^,;:.!?]{2,80}?),?\s+(?P<where>(?:in|on|with|at\s+the\s+(?:top|end|bottom|start)"
    rf"\s+of)\s+(?:every|each|all|any)\s+(?:[\w-]+\s+)?{WHAT_IS_SENT}\b[^.!?]*|(?P<when>whenever)\s+[^.!?]{{3,}})[\s.!]*$",
    re.I,
)


def placed_thing(sentence: str) -> str:
    """A thing named with where it goes in every case of the work, to be included there or given
    then (`PLACED_THING`): "the Wednesday closing, in every answer about opening times" → "Include
    the Wednesday closing in every answer about opening times"; '' otherwise: when the thing is
    judged or told with a tense ("The wrong price in every quote"), or is nothing said, given
    whenever ("A long wait whenever someone asks about refunds": what happened)."""
    found = PLACED_THING.match(grammar.lead_in_off(sentence.strip().replace("’", "'")))
    thing = _words(found["thing"]) if found else []
    if not thing or not _plain(thing) or not _untensed(thing) or grammar.imperative(found["thing"]):
        return ""
    head = re.split(r"\s(?:on|of|about|for|with|to|from|that)\s", found["thing"], maxsplit=1)[0].split()[-1]
    if found["when"] and grammar._word(head) not in SAID_THINGS:
        return ""  # "A long wait whenever someone asks about refunds": what happened, nothing said
    said = found["thing"][:1].lower() + found["thing"][1:]
    return f"{'Give' if found['when'] else 'Include'} {said} {found['where']}".rstrip(" .!")


def wished_thing(sentence: str) -> str:
    """What the speaker would have liked with what the work sends, to be included in it ("I'd
    have liked a what-to-wear note with the booking confirmation, boots and layers" → "Include a
    what-to-wear note with the booking confirmation, boots and layers"); '' otherwise."""
    found = WISHED_THING.match(sentence.strip().replace("’", "'"))
    if not found:
        return ""
    return f"Include {found['thing']}{found['rest'] or ''}".rstrip(" ,")
