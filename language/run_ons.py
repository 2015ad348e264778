"""Where an unpunctuated message starts its ask (pure).

A text typed in a hurry has no stops: "bot said walker coming 12 nobody came til 3 dog weed on
the rug just tell us if theyre late thats all", "sauna broke AGAIN bot says its open put a note on
when stuff is broke not hard". Read whole, such a sentence is a story, and its ask is lost inside
it. Where an imperative begins (a verb an ask opens with, or any verb after "just", with no
subject before it, then what it is done to: "just tell us", "put a note", "make the bot") after
what happened is told (a verb in the past before it), a new sentence begins. Only a long sentence
with no punctuation inside it, and no question, is cut so (up to `MOST` words), and never after
a word that makes the verb no command ("to put", "can't say", "said pick a slot") or leads on
into it ("a clue", "every time", "always say", "could simply send"). So does a request to the
agent ("… in the reminders can u just copy the time …"), whatever was told before it; a
condition run on into the command goes with it ("… on its way if its gonna be an hour say an
hour"). An interjection ("lol", "tbh", "ugh") ends a thought as a stop would, in any sentence.
"""

import re

from language.grammar import DETERMINERS, PREPOSITIONS, PRONOUNS, _word, base_verb, past, words

LONG = 10  # words: a shorter sentence is read as it is
MOST = 80  # words: a longer one is no message typed in a hurry, and is read as it is (in bounded time)
INSIDE = re.compile(r"[,;:!?—–()\"]|(?<!\d)\.|\.(?!\d)|\s-\s")  # a time's "7.15" is no stop
# What, before a verb, makes it no command: a subject, a modal or "to", a verb of saying whose
# words follow ("said pick a slot"), a negation, a wish ("want", "gonna").
NOT_BEFORE = words(
    "i you u we they he she it bot agent assistant someone somebody nobody anyone everyone people to "
    "will would wd can could cant can't cannot should shall must may might do does did dont don't didn't "
    "not never said says say saying told tells asked asks let lets please pls just and or but if when so "
    "that who which what couldn't couldnt wouldn't wouldnt shouldn't shouldnt won't wont isn't isnt wasn't "
    "wasnt aren't arent weren't werent doesn't doesnt haven't havent hasn't hasnt hadn't hadnt mustn't "
    "i'll ill we'll you'll they'll it'll i'd we'd you'd they'd gonna wanna gotta going want wants need needs"
)
# Words no verb of a command is, whatever a lexicon says ("and" is read as a verb by one)
LINKING = words("and or but if when so that who which what to not never just")
# The verbs an ask typed in a hurry opens with; any verb after "just" or "pls" ("people the" or
# "time the" inside a sentence is no command).
COMMANDS = words(
    "tell put make say let give send ring call text phone email check ask book stop update fix use add "
    "keep show confirm warn note mention list explain sort change move cancel refund charge quote "
    "offer include remind chase tick mark label"
)
LEADS = words("just pls please plz")  # before the verb, part of the ask: "just tell us …"
ASKING = words("can could will would")  # a request to the agent typed in a hurry: "can u just copy …"
YOU = words("u you ya it someone somebody")
# What ends a thought typed in a hurry, as a stop would: "… 7am on a sunday lol maybe send them …"
INTERJECTION = re.compile(r"\s(?:lol|lmao|haha+|tbh|smh|ffs|ugh+|sigh)(?:\s|$)", re.I)
QUOTED = re.compile(r"^['\"‘“]")  # a word that opens what someone said
OBJECTS = DETERMINERS | PRONOUNS | words("a an the us me them your our their my his her some any every")


def _continues(word: str) -> bool:
    """Whether the word leads on into the next one ("a clue", "every time", "always say"): no
    command starts after it."""
    return word in NOT_BEFORE or word in DETERMINERS or word in PREPOSITIONS or word in GOING_ON


CONDITIONS = words("if when whenever once")
CONDITION_WORDS = 8  # words at most a condition run on into its command takes


def _condition_before(said: list[str], start: int, at: int) -> int:
    """Where the ask starting at `at` begins: at the condition run on into it ("… if its gonna be
    an hour say an hour"), when one says what may happen (no verb in the past: not "when we got
    there they said …"); else at `at`."""
    for j in range(at - 1, max(start, at - CONDITION_WORDS), -1):
        if said[j] in CONDITIONS:
            return j if j - start >= 2 and not any(past(w) for w in said[j + 1 : at]) else at
    return at


def _asked_verb(after: list[str]) -> bool:
    """Whether what follows "can u" is the verb asked, past a lead ("just copy", "pls check")."""
    words_after = [w for w in after if w not in LEADS][:1]
    return bool(words_after) and bool(base_verb(words_after[0])) and words_after[0] not in LINKING


# Modals a lexicon reads as past forms ("should" of "shall"): what may or should be, not what happened.
MODALS = words("should would could might")
# Adverbs that lead on into a verb ("always say", "also ring").
GOING_ON = words("always also still even only ever then really actually first simply")


def run_ons(sentence: str) -> list[str]:
    """The sentence, cut where an imperative or a request to the agent begins inside it, and after
    each interjection that ends a thought typed in a hurry (see the module's docstring)."""
    thoughts = [part.strip() for part in INTERJECTION.split(sentence) if part and part.strip()]
    if len(thoughts) > 1:
        return [piece for thought in thoughts for piece in run_ons(thought)]
    tokens = sentence.split()
    if (
        not LONG < len(tokens) <= MOST
        or sentence.rstrip().endswith("?")
        or INSIDE.search(sentence.rstrip(" .!?"))
    ):
        return [sentence]
    said = [_word(t) for t in tokens]
    starts, story = [0], past(said[0]) or past(said[1])  # whether what happened is told before it
    for i in range(2, len(tokens) - 1):
        lead = said[i - 1] in LEADS
        before = said[i - 2] if lead else said[i - 1]
        verb, then = said[i], said[i + 1]
        command = (verb in COMMANDS or (lead and base_verb(verb) and verb not in LINKING)) and then in OBJECTS
        command = command and not QUOTED.match(tokens[i])  # "… just saying 'ask a member of staff'": said
        # … or a request to the agent: "… wrong time in the reminders can u just copy the time …"
        # (asked so, it is a new sentence whatever was told before it)
        asking = verb in ASKING and then in YOU and _asked_verb(said[i + 2 : i + 4])
        if (asking or (command and story)) and not _continues(before) and i - starts[-1] >= 3:
            starts.append(_condition_before(said, starts[-1], i - 1 if lead else i))
            story = False
        story = story or (past(verb) and verb not in MODALS)
    return [" ".join(tokens[a:b]) for a, b in zip(starts, [*starts[1:], len(tokens)], strict=True)]
