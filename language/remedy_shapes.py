"""Shapes of a sentence that tell an instruction from a complaint, beyond its first verb (pure).

Each shape is one reading of the whole sentence, named for what it means:

- advice: a polite or indirect ask ("It would be wiser to …", "It's best to …", "We need you to
  …", "I'd appreciate it if you …", "Ideally you'd …");
- condition-then-act: a clause of time or condition, then an imperative ("If a card is reported
  stolen, freeze it first");
- general-rule: a rule of the work in the plain present, its subject a kind of thing in the
  plural ("Offers above the band go to the VP", "Disconnection notices are sent by post");
- wanted-state: the speaker wants a thing kept in some state ("I want every overrun highlighted");
- limit: a noun phrase with a quantity per period or a bound and no verb of its own ("One status
  update per day", "Max two follow-ups a week");
- interjection: an opening sigh or exclamation ("Ugh, …", "Oh great, …", "Wow, …"): venting;
- display: a document or a screen said to show a value ("Bill shows two line rentals",
  "Manifest lists 22 pallets"): a description of what is wrong;
- evaluated-thing: a noun phrase opening with a word that judges the thing ("Wrong company name
  in the first line", "Missing invoice again"): a complaint without a verb;
- at-me: an imperative or prohibition whose only object is the speaker ("Stop calling me",
  "Leave me alone"): venting at the agent, not a rule of the work;
- span-to-now: a stretch of time up to now ("since March", "all afternoon", "for weeks", "No
  reply for three days."): how long something has gone wrong;
- hedged: a statement of how things usually are ("usually", "typically", "about 28 days"): a fact;
- thanks: an opening word of thanks or praise ("Thank you for …", "Well done") with no later
  clause turning to what to do ("…, but next time …").
"""

import re

from lemminflect import getAllInflections

from language import grammar

ADVICE = re.compile(
    r"\b(?:it(?:'d| would| might| may| could| will) (?:\w+ )?be (?:\w+ ){1,2}(?:to|if)\b"
    r"|it(?:'s| is) (?:\w+ )?(?:best|better|wiser?|smarter|safer|worth|preferable|ideal|good practice)\b"
    r"|it(?:'d| would| might| could)(?: really| also)? help(?: a lot)? (?:if|to)\b"
    r"|(?:i|we) wish (?:you|u)(?:'d| would| could)\b"
    r"|ideally\b|(?:i|we)(?:'d| would) (?:like|love|appreciate|prefer|rather)\b"
    r"|(?:i|we)(?:'ll| will)? need (?:you|the \w+|\w+s?) to\b|(?:i|we) want (?:you|it|them) to\b)",
    re.I,
)
CONDITION = re.compile(
    r"^(?:if|when|whenever|once|after|before|as soon as|until|while|in case|for any|for every|for all|"
    r"instead of|rather than)\b"
    r"(?:[^,;:]|(?<=\d),(?=\d{3}\b))*[,;:]\s*(.+)$",  # "£15,000," ends no condition at its comma
    re.I,
)
# A time the speaker tells of, not a condition: "When we got there the lady said …, come back when
# it arrives" (what follows is what happened or was said then).
WHEN_WE_DID = re.compile(
    r"^(?:when|once|after|as soon as|while)\s+(?:i|we|he|she|they|my\s+[a-z]+|our\s+[a-z]+)\s+"
    r"(?:(?:finally|eventually|first|then|actually|just)\s+)?(?:got|rang|called|arrived|went|came|turned|asked|booked|phoned|was|were|had|did|[a-z]+ed)\b",
    re.I,
)


def condition_of(text: str) -> re.Match | None:
    """The condition opening `text` and what follows it (`CONDITION`), unless it is a time the
    speaker tells of (`WHEN_WE_DID`)."""
    return None if WHEN_WE_DID.match(text) else CONDITION.match(text)


WANTED = re.compile(r"^(?:i|we)(?:'d| would)? (?:want|like|need|prefer)\s+(?!you\b|to\b|it\b)", re.I)
INTERJECTION = re.compile(
    r"^(?:oh|ugh|wow|welp|hm+|meh|sigh|yikes|argh|seriously|great|sure|perfect|brilliant|lovely|"
    r"fantastic|wonderful|awesome|nice|cool|ok+ay?)\s*[,!.…]|^(?:oh|ah|well)\s+\w+\s*[,!.…]",
    re.I,
)
# A later clause that turns to what to do ("Great job, but confirm the time zone first"): the
# opening word of praise or feeling is then no venting and no thanks alone.
TURN = re.compile(r"\b(?:but|though|however|next time|from now on|going forward)\b|[,;]\s*so\b", re.I)
DISPLAY = grammar.words("shows lists reads says displays totals counts marks contains states prints")
SPECIFIC = grammar.words("the this that these those my our your his her their its most many some few")
ONE_OCCASION = re.compile(
    r"\b(?:again|still|yet|today|yesterday|tonight|already|this (?:morning|afternoon|week|month|year|time)|"
    r"last (?:night|week|month|year|time|season)|\w+ ago)\b",
    re.I,
)
NUMBERS = grammar.words("one two three four five six seven eight nine ten dozen several")
RULE_VERBS_S = grammar.words("is gets goes needs must should requires stays")
HEDGES = re.compile(
    r"\b(?:usually|typically|normally|generally|often|tends? to|right now|these days|"
    r"(?:about|roughly|around|approximately|nearly|almost) (?:\d|a |an |half|one|two|three|four|five|ten)"
    r"|a lot of|lots of|around here|round here|in my experience)",
    re.I,
)
SPAN = re.compile(
    r"\bsince (?:(?:the|my|our|last|this)\s+)?[\w-]+\s*(?:$|[.,;!?])"
    r"|\ball (?:morning|afternoon|evening|day|night|week|weekend|month)\b"
    r"|\bfor (?:hours|days|weeks|months|ages)\b"
    # none of a thing for a stretch ("No reply for three days."): an absence, not a rule
    r"|^no\s+[\w-]+(?:\s+[\w-]+)?\s+(?:for|in)\s+(?:[\w-]+\s+)?(?:hours|days|weeks|months|ages)\s*[.!]*$",
    re.I,
)
THANKS = re.compile(
    r"^(?:thank you|thanks|thx|cheers|kudos|great job|nice work|good work|well done|much appreciated)\b", re.I
)
AT_ME = re.compile(
    r"^(?:stop|quit|don'?t|leave|give|let|back off|go away)\b[^,.;]*?\bme\b(?:\s+(?:alone|be|some "
    r"space|a break))?\s*(?:$|[,.;!]|\babout\b|\bevery\b|\bwith\b|\bseriously\b)",
    re.I,
)


def shapes(sentence: str) -> set[str]:
    """The shapes of one sentence (see the module's docstring)."""
    text = sentence.strip().replace("’", "'")
    bare = grammar.lead_in_off(text)
    words = [w for w in (grammar._word(t) for t in bare.split()) if w]
    found = set()
    if ADVICE.search(text):
        found.add("advice")
    condition = condition_of(bare)
    if condition and _asks(condition.group(1)):
        found.add("condition-then-act")
    if WANTED.match(bare):
        found.add("wanted-state")
    if grammar.LIMIT.match(bare):
        found.add("limit")
    if INTERJECTION.match(text) and not TURN.search(text):
        found.add("interjection")
    if AT_ME.match(bare) and "me" in words and len(words) <= 10:
        found.add("at-me")
    if THANKS.match(text) and not TURN.search(text):
        found.add("thanks")
    if HEDGES.search(text):
        found.add("hedged")
    if SPAN.search(text):
        found.add("span-to-now")
    plain = INTERJECTION.sub("", bare).strip()
    found |= _subject_shapes(plain, [w for w in (grammar._word(t) for t in plain.split()) if w])
    return found


def _asks(clause: str) -> bool:
    clause = grammar.lead_in_off(clause)
    banned = grammar.PROHIBITION.match(clause)
    forbids = banned and grammar.prohibition(banned.group(1), banned.group(2))
    return bool(forbids or grammar.imperative(clause))


def _subject_shapes(bare: str, words: list[str]) -> set[str]:
    """Shapes read from a subject before the verb: a kind of thing with a verb in the plain
    present (a rule), a thing shown or listed (a description), or else a judged thing without a
    verb (a complaint); none in a sentence about one occasion ("again", "this morning")."""
    if len(words) < 2 or bare.endswith("?"):
        return set()
    found = set() if ONE_OCCASION.search(bare) or TURNED_UP.match(bare) else _subject(words)
    judged = words[0] in grammar.JUDGING and words[1] not in grammar.DETERMINERS
    return found or ({"evaluated-thing"} if judged else set())


# A thing that turns up, told as a story in the present: "Box turns up, neither of those in there".
TURNED_UP = re.compile(
    r"^(?:[\w'-]+\s+){1,2}(?:turns|shows|rocks|pops)\s+up\s*(?:[,;.!]|$)|^[\w'-]+\s+arrives\s*[,;]", re.I
)


NARROWED_VERBS = grammar.words("are must need have get go cost take can't cannot won't will should")


def _subject(words: list[str]) -> set[str]:
    """A plural kind of thing, or a thing named alone, then its verb: "general-rule" for a verb
    of the plain present, "display" for one of showing; nothing when the subject is one
    particular thing ("the", "my", "two carriers")."""
    if _any_such(words):
        return {"general-rule"}
    if words[0].endswith("ing") and len(words) > 2 and _plural(words[1]):
        words = words[1:]  # "Holding deposits are capped …": a kind of deposit, not a doing
    if words[0] in SPECIFIC or words[0] in grammar.PRONOUNS or words[0].endswith("ing"):
        return set()
    if words[0].isdigit() or words[0] in NUMBERS:
        return set()
    generic = words[0] in {"a", "an", "any", "all", "every", "each"}
    # a kind narrowed by what was done to it: "Lessons cancelled with less than 24 hours' notice
    # are charged in full"
    narrowed = _plural(words[0]) and len(words) > 2 and grammar.past(words[1])
    if narrowed and any(w in NARROWED_VERBS for w in words[2:12]):
        return {"general-rule"}
    for i in range(1 if generic else 0, min(4, len(words) - 1)):
        word, following = words[i], words[i + 1]
        if following in DISPLAY:
            return {"display"}
        if _plural(word) and _verb_after(words[i + 1 :], plural=True):
            return {"general-rule"}
        if i > int(generic) and (_present_s(word) or (word == "is" and grammar.past(following))):
            return {"general-rule"}  # "Detention starts after …", "Back-billing is limited …"
        if grammar.closed(word) or grammar.past(word) or word in DISPLAY:
            return set()
    return set()


# What narrows "anything" or "any pothole" to a kind: "over 40mm", "with a lift", "marked urgent",
# "down a single-track lane".
SUCH = grammar.words(
    "over under above below beyond exceeding within with without on in from for that which marked "
    "down up along near at inside outside behind across off via where who"
)
SUCH_VERBS = grammar.words("is goes gets needs must should")


def kind_narrowed(sentence: str) -> bool:
    """Whether the sentence opens with any or every thing of a kind narrowed by a condition, then
    what it is or gets ("Any address down a single-track lane gets the small truck", `_any_such`);
    not one occasion ("… again", "this morning"), nor a question."""
    bare = grammar.lead_in_off(sentence.strip().replace("’", "'"))
    words = [w for w in (grammar._word(t) for t in bare.split()) if w]
    return len(words) > 3 and not bare.endswith("?") and not ONE_OCCASION.search(bare) and _any_such(words)


def _any_such(words: list[str]) -> bool:
    """Whatever meets a condition, said as one thing, then what it is or gets: "Anything over
    40mm on a bus route is Cat 1", "Any pothole over 40mm … goes to the duty inspector" (not
    "Everything is a mess": nothing narrows it)."""
    start = 1 if words[0] in {"anything", "everything"} else 2 if words[0] in {"any", "every", "each"} else 0
    if not start or len(words) <= start + 2 or words[start] not in SUCH:
        return False
    return any(w in SUCH_VERBS for w in words[start + 1 : 14])


def _verb_after(words: list[str], *, plural: bool) -> bool:
    """Whether a verb of the plain present follows the subject (past whatever qualifies it: "over
    five thousand", "marked emergency", "placed after noon"), saying what happens to such things."""
    previous, in_phrase = "", False
    for i, word in enumerate(words[:8]):
        if word in grammar.AUXILIARIES and word not in {"is", "are", "must", "should"}:
            return False  # "were assigned", "hasn't appeared": one occasion
        if word in {"is", "are"} and words[i + 1 : i + 2] and words[i + 1].endswith("ing"):
            return False  # "Customers are calling …": what is going on now
        if word in {"and", "but", "than", "by"} or word.endswith("ing") or _only_past(word):
            return False
        in_phrase = in_phrase or word in grammar.PREPOSITIONS
        if previous and (grammar.closed(previous) or previous.isdigit()):
            previous = word
            continue
        if word in ({"are", "get", "go", "need", "must", "should", "stay"} if plural else RULE_VERBS_S):
            return True
        # after "over the …", "for new …" a word that can be a noun still names the thing
        noun_in_phrase = in_phrase and "NOUN" in grammar._lemmas(word)
        if plural and grammar.base_verb(word) and not grammar.past(word) and not noun_in_phrase:
            return True
        if not plural and _present_s(word):
            return True
        previous = word
    return False


def _only_past(word: str) -> bool:
    """A past tense that cannot be a participle qualifying a noun ("went", "got", not "marked")."""
    if not grammar.past(word):
        return False
    lemmas = grammar._lemmas(word).get("VERB", ())
    return not any(word in getAllInflections(lemma).get("VBN", ()) for lemma in lemmas)


def _present_s(word: str) -> bool:
    """A verb in the third person present, not one of showing ("starts", "requires")."""
    if word in DISPLAY:
        return False
    lemmas = grammar._lemmas(word).get("VERB", ())
    return any(lemma != word and word == lemma + "s" or word == lemma + "es" for lemma in lemmas)


def _nounish(word: str) -> bool:
    return "NOUN" in grammar._lemmas(word) or not grammar._lemmas(word) or "-" in word


def _plural(word: str) -> bool:
    """A noun in the plural ("orders", "add-ons", "gifts")."""
    nouns = grammar._lemmas(word).get("NOUN", ())
    return (word.endswith("s") and any(lemma != word for lemma in nouns)) or word.endswith("-ons")
